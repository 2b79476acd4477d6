"""Tricks and the play of the cards.

There is no dummy: every seat plays its own hidden cards. A player must follow
suit if he can; otherwise any card will do (no duty to trump). A :class:`Play`
is an immutable snapshot; :meth:`Play.apply` returns the next one.
"""

from __future__ import annotations

from typing import Any, NamedTuple

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
    return _SEATS[(leader + best) & 3]


_SEATS = tuple(Seat)
_NEXT = tuple(seat.next() for seat in Seat)
_new = object.__new__


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
        t = _new(cls)
        _TRICK_SET[0](t, leader)
        _TRICK_SET[1](t, cards)
        _TRICK_SET[2](t, trump)
        _TRICK_SET[3](t, winner)
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
        won = f", won by {self.winner}" if self.winner is not None else ""
        return f"<Trick led by {self.leader}: {cards}{won}>"

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.trick_html(self)


class _Fixed(NamedTuple):
    """What stays the same through the play."""

    contract: Contract
    trump: Suit | None
    dealt: tuple[int, int, int, int]  # card masks of the hands as dealt


class Play:
    """The cards played so far under a contract, from the opening lead on."""

    __slots__ = ("_fixed", "tricks", "current", "leader", "to_act", "_played", "_ns")
    _fixed: _Fixed
    #: completed tricks, in order
    tricks: tuple[Trick, ...]
    #: cards played to the trick in progress
    current: tuple[Card, ...]
    #: who led (or is to lead) the trick in progress
    leader: Seat
    to_act: Seat
    _played: int  # mask of the cards played so far
    _ns: int  # tricks won by North–South

    def __init__(self, contract: Contract, hands: tuple[Hand, Hand, Hand, Hand]) -> None:
        """The play before the opening lead; the declarer's left-hand opponent leads."""
        lead = contract.declarer.left
        _set_fixed(self, _Fixed(contract, contract.strain.suit, tuple(h._mask for h in hands)))  # type: ignore[arg-type]
        _set_tricks(self, ())
        _set_current(self, ())
        _set_leader(self, lead)
        _set_to_act(self, lead)
        _set_played(self, 0)
        _set_ns(self, 0)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a play is immutable: apply() returns the next one")

    # -- state -------------------------------------------------------------

    @property
    def contract(self) -> Contract:
        return self._fixed.contract

    @property
    def trump(self) -> Suit | None:
        """The trump suit, None at no-trump."""
        return self._fixed.trump

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    @property
    def opening_leader(self) -> Seat:
        return self._fixed.contract.declarer.left

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand._from_mask(self._fixed.dealt[seat] & ~self._played)

    def tricks_won(self, side: Side) -> int:
        return self._ns if side == Side.NS else len(self.tricks) - self._ns

    @property
    def current_trick(self) -> Trick:
        return Trick(self.leader, self.current, self._fixed.trump)

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
        mask = self._fixed.dealt[self.to_act] & ~self._played
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
        mask = self._fixed.dealt[self.to_act] & ~self._played
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
        mask = self._fixed.dealt[to_act] & ~self._played
        if not mask & card.bit:
            raise IllegalPlayError(Reason.NOT_IN_HAND, card=card, seat=to_act)
        suit = self.current[0].suit
        held = mask & SUIT_MASKS[suit]
        raise IllegalPlayError(Reason.MUST_FOLLOW, card=card, seat=to_act, suit=suit,
                               held=" ".join(str(c) for c in suit_cards(held, suit)))

    # -- moving on ---------------------------------------------------------

    def apply(self, card: Card, *, seat: Seat | None = None) -> Play:
        """The play after ``card``; raises (and changes nothing) if it is illegal."""
        self.check(card, seat=seat)
        return self._after(card)

    def _after(self, card: Card) -> Play:
        """The next snapshot, for a card already checked (the hot path: slot setters, no checks)."""
        new = _new(Play)
        fixed = self._fixed
        _set_fixed(new, fixed)
        _set_played(new, self._played | card.bit)
        current = (*self.current, card)
        if len(current) == 4:
            leader = self.leader
            trump = fixed.trump
            winner = trick_winner(leader, current, trump)
            _set_tricks(new, (*self.tricks, Trick._complete(leader, current, trump, winner)))
            _set_current(new, ())
            _set_leader(new, winner)
            _set_to_act(new, winner)
            _set_ns(new, self._ns + 1 if winner & 1 == 0 else self._ns)
        else:
            _set_tricks(new, self.tricks)
            _set_current(new, current)
            _set_leader(new, self.leader)
            _set_to_act(new, _NEXT[self.to_act])
            _set_ns(new, self._ns)
        return new

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Play) and other._fixed == self._fixed and other.tricks == self.tricks
                and other.current == self.current)

    def __hash__(self) -> int:
        return hash((self._fixed.contract, self.tricks, self.current))

    def __repr__(self) -> str:
        ns = self._ns
        return (f"<Play {self.contract}: {len(self.tricks)} tricks, N–S {ns}, E–W {len(self.tricks) - ns}, "
                f"{self.to_act} to play>")


# Slot setters for the hot path: writing a slot through its descriptor skips the
# __setattr__ guard that keeps the public objects immutable, at a third of the cost
# of object.__setattr__.
_TRICK_SET = tuple(getattr(Trick, name).__set__ for name in Trick.__slots__)
_set_fixed, _set_tricks, _set_current, _set_leader, _set_to_act, _set_played, _set_ns = (
    getattr(Play, name).__set__ for name in Play.__slots__)
