"""What one seat may see: its own hand and the public history, nothing else.

Bots, hints and the table get a :class:`SeatView`, never the whole deal, so
that no decision can depend on a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from vint_core.auction import Contract
from vint_core.calls import Call
from vint_core.cards import Card, Hand
from vint_core.play import Trick
from vint_core.rules import RuleSet
from vint_core.seats import PerSide, Seat

if TYPE_CHECKING:
    from vint_core.deal import Action, Deal, Phase


@dataclass(frozen=True)
class SeatView:
    """The deal as ``seat`` sees it."""

    seat: Seat
    rules: RuleSet
    dealer: Seat
    deal_number: int
    phase: Phase
    #: the cards this seat holds now
    hand: Hand
    #: this seat's hand as dealt
    hand_dealt: Hand
    calls: tuple[Call, ...]
    contract: Contract | None
    #: completed tricks, in order
    tricks: tuple[Trick, ...]
    #: the trick in progress (possibly empty), once the play has begun
    current_trick: Trick | None
    to_act: Seat | None
    #: the actions this seat may take now (empty when it is not this seat's turn)
    legal: tuple[Action, ...]
    tricks_won: PerSide[int]
    #: points each side had toward the game before this deal, when the deal is
    #: part of a rubber (the score sheet is public); None for a deal on its own
    game_score: PerSide[int] | None = None

    @classmethod
    def of(cls, deal: Deal, seat: Seat, *, game_score: PerSide[int] | None = None) -> SeatView:
        """What ``seat`` sees of ``deal`` now (its own hand, the calls and the tricks, nobody else's cards)."""
        to_act = deal.to_act
        return cls(
            seat=seat, rules=deal.rules, dealer=deal.dealer, deal_number=deal.deal_number, phase=deal.phase,
            hand=deal.hand(seat), hand_dealt=deal.hands[seat], calls=deal.auction.calls, contract=deal.contract,
            tricks=deal.tricks, current_trick=deal.current_trick, to_act=to_act,
            legal=deal.legal_actions() if to_act == seat else (),
            tricks_won=deal.tricks_won, game_score=game_score,
        )

    def legal_actions(self) -> tuple[Action, ...]:
        """The calls or cards ``seat`` may make now (empty when it is not its turn)."""
        return self.legal

    def calls_by(self) -> list[tuple[Seat, Call]]:
        """Every call with the seat that made it."""
        return [(self.dealer.offset(i), c) for i, c in enumerate(self.calls)]

    def cards_played(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far (all public), with its seat."""
        out: list[tuple[Seat, Card]] = []
        for trick in self.tricks:
            out.extend(trick.plays())
        if self.current_trick is not None:
            out.extend(self.current_trick.plays())
        return tuple(out)

    def voids(self) -> dict[Seat, set[int]]:
        """Suits each seat has shown out of (failed to follow), by suit number."""
        out: dict[Seat, set[int]] = {s: set() for s in Seat}
        tricks = list(self.tricks) + ([self.current_trick] if self.current_trick is not None else [])
        for trick in tricks:
            led = trick.suit_led
            for s, card in trick.plays()[1:]:
                if card.suit is not led and led is not None:
                    out[s].add(int(led))
        return out
