"""Tricks and the play of the cards.

There is no dummy: every seat plays its own hidden cards. A player must follow
suit if he can; otherwise any card will do (no duty to trump). A :class:`Play`
is an immutable snapshot; :meth:`Play.apply` returns the next one.
"""

from __future__ import annotations

from typing import Any

from vint_core.auction import Contract
from vint_core.cards import SUIT_MASKS, Card, Hand, Suit, mask_cards, suit_cards
from vint_core.errors import IllegalPlayError, OutOfTurnError, Reason
from vint_core.seats import Seat, Side


def trick_winner(leader: Seat, cards: tuple[Card, ...], trump: Suit | None) -> Seat:
    """The seat that wins a complete trick: the highest trump, else the highest card of the suit led."""
    lead = cards[0].suit
    best, best_key = 0, -1
    for k, card in enumerate(cards):
        suit = card.suit
        key = card.rank + 20 if suit is trump else (card.rank if suit is lead else 0)
        if key > best_key:
            best, best_key = k, key
    return leader.offset(best)


class Trick:
    """Up to four cards in the order played, from ``leader`` on."""

    __slots__ = ("leader", "cards", "trump", "winner")
    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None
    #: the seat that won the trick, None while it is incomplete
    winner: Seat | None

    def __init__(self, leader: Seat, cards: tuple[Card, ...], trump: Suit | None) -> None:
        s = object.__setattr__
        s(self, "leader", Seat(leader))
        s(self, "cards", tuple(cards))
        s(self, "trump", trump)
        s(self, "winner", trick_winner(leader, self.cards, trump) if len(self.cards) == 4 else None)

    @classmethod
    def _complete(cls, leader: Seat, cards: tuple[Card, ...], trump: Suit | None, winner: Seat) -> Trick:
        t = object.__new__(cls)
        s = object.__setattr__
        s(t, "leader", leader)
        s(t, "cards", cards)
        s(t, "trump", trump)
        s(t, "winner", winner)
        return t

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a trick is immutable")

    @property
    def suit_led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """Each card with the seat that played it, in order."""
        return tuple((self.leader.offset(i), c) for i, c in enumerate(self.cards))

    def card_of(self, seat: Seat) -> Card | None:
        """The card ``seat`` played to this trick, if any."""
        i = (seat - self.leader) & 3
        return self.cards[i] if i < len(self.cards) else None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Trick) and other.leader == self.leader and other.cards == self.cards
                and other.trump == self.trump)

    def __hash__(self) -> int:
        return hash((self.leader, self.cards, self.trump))

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"<Trick led by {self.leader}: {cards}" + (f", won by {self.winner}>" if self.winner is not None else ">")

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.trick_html(self)


class Play:
    """The cards played so far under a contract, from the opening lead on."""

    __slots__ = ("contract", "trump", "tricks", "current", "leader", "to_act", "_hands", "_won")
    contract: Contract
    trump: Suit | None
    #: completed tricks, in order
    tricks: tuple[Trick, ...]
    #: cards played to the trick in progress
    current: tuple[Card, ...]
    #: who led (or is to lead) the trick in progress
    leader: Seat
    to_act: Seat
    _hands: tuple[int, int, int, int]
    _won: tuple[int, int]

    def __init__(self, contract: Contract, hands: tuple[Hand, Hand, Hand, Hand]) -> None:
        """The play before the opening lead; the declarer's left-hand opponent leads."""
        s = object.__setattr__
        s(self, "contract", contract)
        s(self, "trump", contract.strain.suit)
        s(self, "tricks", ())
        s(self, "current", ())
        s(self, "leader", contract.declarer.left)
        s(self, "to_act", contract.declarer.left)
        s(self, "_hands", tuple(h._mask for h in hands))
        s(self, "_won", (0, 0))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a play is immutable: apply() returns the next one")

    # -- state -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    @property
    def opening_leader(self) -> Seat:
        return self.contract.declarer.left

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand._from_mask(self._hands[seat])

    def tricks_won(self, side: Side) -> int:
        return self._won[side]

    @property
    def current_trick(self) -> Trick:
        return Trick(self.leader, self.current, self.trump)

    def cards_played(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far with its seat, in order."""
        out: list[tuple[Seat, Card]] = []
        for trick in self.tricks:
            out.extend(trick.plays())
        out.extend(self.current_trick.plays())
        return tuple(out)

    # -- legality ----------------------------------------------------------

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to act may play: the suit led if it holds any, else any card."""
        if len(self.tricks) == 13:
            return ()
        mask = self._hands[self.to_act]
        if self.current:
            suit = self.current[0].suit
            if mask & SUIT_MASKS[suit]:
                return suit_cards(mask, suit)
        return mask_cards(mask)

    def is_legal(self, card: Card) -> bool:
        try:
            self.check(card)
        except (IllegalPlayError, OutOfTurnError):
            return False
        return True

    def _allows(self, card: Card) -> bool:
        """Whether the seat to act may play ``card`` (the one statement of the rule; no explanation)."""
        if len(self.tricks) == 13:
            return False
        mask = self._hands[self.to_act]
        if not mask & card.bit:
            return False
        if not self.current:
            return True
        suit = self.current[0].suit
        return card.suit is suit or not mask & SUIT_MASKS[suit]

    def check(self, card: Card, *, seat: Seat | None = None) -> None:
        """Raise an ``IllegalPlayError`` (or ``OutOfTurnError``) saying why ``card`` may not be played now."""
        if len(self.tricks) == 13:
            raise IllegalPlayError(Reason.PLAY_OVER, card=card)
        to_act = self.to_act
        if seat is not None and seat != to_act:
            raise OutOfTurnError(Reason.OUT_OF_TURN, seat=seat, to_act=to_act, action=card)
        if not isinstance(card, Card):
            raise IllegalPlayError(Reason.BAD_CARD, text=repr(card))
        if self._allows(card):
            return
        mask = self._hands[to_act]
        if not mask & card.bit:
            raise IllegalPlayError(Reason.NOT_IN_HAND, card=card, seat=to_act)
        if self.current:
            suit = self.current[0].suit
            held = mask & SUIT_MASKS[suit]
            if held and card.suit is not suit:
                raise IllegalPlayError(Reason.MUST_FOLLOW, card=card, seat=to_act, suit=suit,
                                       held=" ".join(str(c) for c in suit_cards(held, suit)))

    # -- moving on ---------------------------------------------------------

    def apply(self, card: Card, *, seat: Seat | None = None) -> Play:
        """The play after ``card``; raises (and changes nothing) if it is illegal."""
        self.check(card, seat=seat)
        return self._after(card)

    def _after(self, card: Card) -> Play:
        new = object.__new__(Play)
        s = object.__setattr__
        seat = self.to_act
        hands = list(self._hands)
        hands[seat] &= ~card.bit
        s(new, "contract", self.contract)
        s(new, "trump", self.trump)
        s(new, "_hands", tuple(hands))
        current = (*self.current, card)
        if len(current) == 4:
            winner = trick_winner(self.leader, current, self.trump)
            s(new, "tricks", (*self.tricks, Trick._complete(self.leader, current, self.trump, winner)))
            s(new, "current", ())
            s(new, "leader", winner)
            s(new, "to_act", winner)
            won = self._won
            s(new, "_won", (won[0] + 1, won[1]) if winner & 1 == 0 else (won[0], won[1] + 1))
        else:
            s(new, "tricks", self.tricks)
            s(new, "current", current)
            s(new, "leader", self.leader)
            s(new, "to_act", seat.next())
            s(new, "_won", self._won)
        return new

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Play) and other.contract == self.contract and other.tricks == self.tricks
                and other.current == self.current and other._hands == self._hands)

    def __hash__(self) -> int:
        return hash((self.contract, self.tricks, self.current))

    def __repr__(self) -> str:
        return (f"<Play {self.contract}: {len(self.tricks)} tricks, N–S {self._won[0]}, E–W {self._won[1]}, "
                f"{self.to_act} to play>")
