"""Claims: can a player's side take every remaining trick, whatever the other three seats play?

The table accepts a learner's claim only when no play of the cards can defeat it. The
check is an exhaustive search over the remaining cards (with all hands known to the
engine, never shown to the learner), using the engine's own rules of play.
"""

from __future__ import annotations

from vint_core.cards import SUIT_MASKS, Card, suit_cards
from vint_core.deal import Deal
from vint_core.play import follow_suit, trick_winner
from vint_core.seats import Seat

#: positions explored by a claim check before it gives up (a claim is refused if more are needed)
CLAIM_BUDGET = 100_000


class ClaimTooBig(Exception):
    """The position is too large to check within ``CLAIM_BUDGET`` positions."""


def _highest(mask: int) -> int:
    """Index of the highest card in a one-suit mask (-1 if empty); higher index = higher rank."""
    return mask.bit_length() - 1


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class ClaimSolver:
    """Can ``human`` make his side win every remaining trick, whatever the other three seats play?

    A search over the remaining cards: the human chooses his cards (some card must work), the
    other three seats — partner included — are adversaries (every card must fail to beat it).
    Cards adjacent in rank within a hand (no card of that suit between them still out) are
    equivalent, so only one of each run is tried. Positions are memoised.
    """

    def __init__(self, deal: Deal, human: Seat, *, budget: int | None = None) -> None:
        play = deal.play
        assert play is not None
        self.human = human
        self.side = human.side
        self.trump = play.trump
        self.hands = [deal.hand(s)._mask for s in Seat]
        self.leader = play.leader
        self.current = tuple(play.current)
        self.memo: dict[tuple[int, int, int, int, int, tuple[Card, ...]], bool] = {}
        self.budget = CLAIM_BUDGET if budget is None else budget
        self.nodes = 0

    def wins_all(self) -> bool:
        return self._obvious() is not None or self._search(tuple(self.hands), self.leader, self.current)

    def _obvious(self, hands: tuple[int, ...] | None = None, leader: Seat | None = None,
                 current: tuple[Card, ...] | None = None) -> str | None:
        """Claims a player makes at the table without thinking, recognised without a search.

        (a) The human is on lead, every card he holds is the highest of its suit still out,
        and he holds at least as many trumps as anyone else (he draws them first).
        (b) He has not played to this trick and holds only trumps, each higher than every
        other trump still out or on the table: he wins every trick by following or ruffing.
        """
        if hands is None or leader is None or current is None:
            hands, leader, current = tuple(self.hands), self.leader, self.current
        me = self.human
        mine = hands[me]
        others = 0
        for seat in Seat:
            if seat != me:
                others |= hands[seat]
        played_here = me in (leader.offset(i) for i in range(len(current)))
        on_table = 0
        for card in current:
            on_table |= card.bit
        trump = self.trump
        if trump is not None and not played_here:
            tmask = SUIT_MASKS[trump]
            if mine and not mine & ~tmask and _lowest(mine) > _highest((others | on_table) & tmask):
                return "ruff"
        if current or leader != me:
            return None
        for suit in range(4):
            held, out = mine & SUIT_MASKS[suit], others & SUIT_MASKS[suit]
            if held and out and _lowest(held) < _highest(out):
                return None
        if trump is None:
            return "masters"
        tmask = SUIT_MASKS[trump]
        my_trumps = (mine & tmask).bit_count()
        most = max((hands[s] & tmask).bit_count() for s in Seat if s != me)
        return "masters" if most == 0 or my_trumps >= most else None

    def winning_card(self) -> Card:
        """A card for the human (to act now) that keeps every remaining trick for his side."""
        kind = self._obvious()
        mine = self.hands[self.human]
        if kind == "ruff":
            return suit_cards(mine, self.trump)[-1]  # type: ignore[arg-type]
        if kind == "masters":
            trump = self.trump
            others_trumps = trump is not None and any(
                self.hands[s] & SUIT_MASKS[trump] for s in Seat if s != self.human)
            if others_trumps and trump is not None:
                return suit_cards(mine, trump)[0]  # draw trumps first
            return next(c for suit in range(4) for c in suit_cards(mine, suit))
        hands = tuple(self.hands)
        for card in self._choices(hands, self.leader, self.current):
            nh, nl, nc = self._after(hands, self.leader, self.current, card)
            if nh is None:
                continue
            if self._search(nh, nl, nc):
                return card
        raise ClaimTooBig  # cannot happen after wins_all() was True

    def _choices(self, hands: tuple[int, ...], leader: Seat, current: tuple[Card, ...]) -> list[Card]:
        seat = leader.offset(len(current))
        mask = follow_suit(hands[seat], current[0].suit if current else None)
        out_mask = hands[0] | hands[1] | hands[2] | hands[3]
        for played in current:  # a card on the table splits runs: with ♠Q led, ♠K and ♠J differ
            out_mask |= played.bit
        cards: list[Card] = []
        for suit in range(4):
            run_open = False
            for card in suit_cards(out_mask, suit):  # high to low over every card still out
                if mask & card.bit:
                    if not run_open:
                        cards.append(card)
                        run_open = True
                else:
                    run_open = False
        return cards

    def _after(self, hands: tuple[int, ...], leader: Seat, current: tuple[Card, ...],
               card: Card) -> tuple[tuple[int, ...] | None, Seat, tuple[Card, ...]]:
        seat = leader.offset(len(current))
        new_hands = list(hands)
        new_hands[seat] &= ~card.bit
        trick = (*current, card)
        if len(trick) < 4:
            return tuple(new_hands), leader, trick
        winner = trick_winner(leader, trick, self.trump)
        if winner.side != self.side:
            return None, leader, ()
        return tuple(new_hands), winner, ()

    def _search(self, hands: tuple[int, ...], leader: Seat, current: tuple[Card, ...]) -> bool:
        if not any(hands):
            return True
        key = (hands[0], hands[1], hands[2], hands[3], int(leader), current)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if leader.offset(len(current)) == self.human and self._obvious(hands, leader, current) is not None:
            self.memo[key] = True  # the rest is plain: no search needed
            return True
        self.nodes += 1
        if self.nodes > self.budget:
            raise ClaimTooBig
        seat = leader.offset(len(current))
        mine = seat == self.human
        result = not mine
        for card in self._choices(hands, leader, current):
            nh, nl, nc = self._after(hands, leader, current, card)
            ok = nh is not None and self._search(nh, nl, nc)
            if mine and ok:
                result = True
                break
            if not mine and not ok:
                result = False
                break
        self.memo[key] = result
        return result


__all__ = ["CLAIM_BUDGET", "ClaimSolver", "ClaimTooBig"]
