"""Tricks and the play of the cards.

There is no dummy: every seat plays its own hidden cards. A player must follow
suit if he can; otherwise any card will do (no duty to trump). A :class:`Play`
is an immutable snapshot; :meth:`Play.apply` returns the next one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from vint_core.auction import Contract
from vint_core.cards import FULL_MASK, SUIT_MASKS, SUIT_PATTERN_CARDS, Card, Hand, Suit, deck, mask_cards, suit_cards
from vint_core.errors import IllegalPlayError, OutOfTurnError, Reason, VintError, bad_argument
from vint_core.seats import PerSide, Seat


def card_key(card: Card, led: Suit, trump: Suit | None) -> int:
    """How strongly ``card`` plays in a trick led in ``led``: any trump beats the suit led, and a
    card of another suit never wins. A higher key wins."""
    suit = card.suit
    return card.rank + 20 if suit is trump else (card.rank if suit is led else 0)


def winning_index(cards: Sequence[Card], trump: Suit | None) -> int:
    """Which of the cards played so far to a trick (1 to 4, in order) is winning it."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return cards.index(_DECK[_top_bit(mask, _TRUMP_MASKS[trump], SUIT_MASKS[cards[0].suit])])


def _top_bit(mask: int, trump_mask: int, led_mask: int) -> int:
    """The index of the card that wins among the cards of ``mask``: the highest trump, else the highest card of
    the suit led (a card's index grows with its rank within its suit, see :class:`Card`)."""
    top = mask & trump_mask or mask & led_mask
    return top.bit_length() - 1


def trick_winner(leader: Seat | str, cards: Sequence[Card], trump: Suit | str | None) -> Seat:
    """The seat that wins a complete trick: the highest trump, else the highest card of the suit led.

    ``leader`` is a seat or its text (``"N"``), ``cards`` the cards in the order played (1 to 4; the seat winning
    so far for fewer), ``trump`` a suit or its letter (``"H"``, ``"♥"``), or None at no-trump; anything else raises
    a :class:`~vint_core.errors.VintError` that says what may be given.

    >>> trick_winner("N", [Card.parse(c) for c in ("2♠", "A♠", "3♥", "K♠")], "♥")
    <Seat.SOUTH: 2>
    """
    if not (leader.__class__ is Seat and cards.__class__ is tuple and 0 < len(cards) <= 4
            and (trump is None or trump.__class__ is Suit) and all(c.__class__ is Card for c in cards)):
        leader, cards, trump = _trick_arguments(leader, cards, trump)
    return _SEATS[(leader + winning_index(cards, trump)) & 3]


def _trick_arguments(leader: object, cards: object, trump: object) -> tuple[Seat, tuple[Card, ...], Suit | None]:
    """:func:`trick_winner`'s arguments read (texts too), or a ``VintError`` that says what they may be."""
    seat = Seat.of(leader)  # type: ignore[arg-type]
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
        raise bad_argument("cards", cards, "arg_cards")
    given = tuple(cards)
    if not 0 < len(given) <= 4 or not all(isinstance(c, Card) for c in given) or len(set(given)) != len(given):
        raise bad_argument("cards", cards, "arg_cards")
    if trump is None or isinstance(trump, Suit):
        return seat, given, trump
    if isinstance(trump, str):
        return seat, given, Suit.parse(trump)
    raise bad_argument("trump", trump, "arg_suit")


_SEATS = tuple(Seat)
_NEXT = tuple(seat.next() for seat in Seat)
#: the cards of the trump suit (none at no-trump), by trump
_TRUMP_MASKS: dict[Suit | None, int] = {None: 0, **{suit: SUIT_MASKS[suit] for suit in Suit}}
_new = object.__new__


class Trick:
    """Up to four cards in the order played, from ``leader`` on."""

    __slots__ = ("leader", "cards", "trump", "winner")
    leader: Seat
    cards: tuple[Card, ...]
    trump: Suit | None
    #: the seat that won the trick, None while it is incomplete
    winner: Seat | None

    def __init__(self, leader: Seat, cards: Sequence[Card], trump: Suit | None) -> None:
        given = tuple(cards)
        if len(given) > 4:
            raise IllegalPlayError(Reason.TRICK_TOO_LONG, n=len(given))
        for card in given:
            if not isinstance(card, Card):
                raise IllegalPlayError(Reason.BAD_CARD, text=card if isinstance(card, str) else repr(card))
        if len(set(given)) != len(given):
            card = next(c for c in given if given.count(c) > 1)
            raise IllegalPlayError(Reason.CARD_TWICE, text=" ".join(map(str, given)), card=card)
        if trump is not None and not isinstance(trump, Suit):
            raise IllegalPlayError(Reason.BAD_CARD, text=repr(trump))
        s = object.__setattr__
        s(self, "leader", Seat.of(leader))
        s(self, "cards", given)
        s(self, "trump", trump)
        s(self, "winner", trick_winner(leader, self.cards, trump) if len(self.cards) == 4 else None)

    @classmethod
    def _complete(cls, leader: Seat, cards: tuple[Card, ...], trump: Suit | None, winner: Seat | None) -> Trick:
        """A trick from cards already checked (the engine's fast path)."""
        t = _new(cls)
        _TRICK_SET[0](t, leader)
        _TRICK_SET[1](t, cards)
        _TRICK_SET[2](t, trump)
        _TRICK_SET[3](t, winner)
        return t

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a trick is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Trick, (self.leader, self.cards, self.trump))

    @property
    def suit_led(self) -> Suit | None:
        """The suit of the trick's first card, ``None`` while no card is played."""
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
        if not self.cards:
            return f"<Trick: {self.leader} to lead>"
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
    trump_mask: int  # the trump suit's cards (0 at no-trump)


#: One moment of the play as one plain tuple; a :class:`Play` wraps one. The engine's fast path: a
#: :class:`~vint_core.deal.Deal` in the play keeps one of these and moves it on with :func:`state_after`,
#: one new tuple per card. The fields, by position:
#:
#: * 0: ``head``: what the owner keeps with the play (the deal's set-up and auction; ``None`` for a lone Play)
#: * 1: ``cards``: the cards the seat to act may play, by suit and high to low (``()`` once the play is over)
#: * 2: ``legal``: the same cards as a mask (0 once the play is over)
#: * 3: ``fixed``: what stays the same (the contract, the trump suit, the hands as dealt and the trumps' mask)
#: * 4: ``tricks``: the completed tricks
#: * 5: ``current``: the cards played to the trick in progress
#: * 6: ``leader``, 7: ``to_act``
#: * 8: ``left``: the mask of the cards not played yet
#: * 9: ``ns``: the tricks North–South have won
#:
#: Fields 1 and 2 sit where a deal in the auction keeps its legal calls and 0 (no card legal), so that a
#: deal answers ``legal_actions`` and ``is_finished`` in either phase by position alone.
PlayState = tuple[Any, tuple[Card, ...], int, _Fixed, tuple["Trick", ...], tuple[Card, ...], Seat, Seat, int, int]


class Play:
    """The cards played so far under a contract, from the opening lead on."""

    __slots__ = ("_s",)
    _s: PlayState

    def __init__(self, contract: Contract, hands: tuple[Hand, Hand, Hand, Hand]) -> None:
        """The play before the opening lead; the declarer's left-hand opponent leads."""
        _set_state(self, opening_state(contract, hands))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a play is immutable: apply() returns the next one")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Play.of_state, (self._s,))

    # -- state -------------------------------------------------------------

    @property
    def contract(self) -> Contract:
        """The contract this play is under."""
        return self._s[3].contract

    @property
    def trump(self) -> Suit | None:
        """The trump suit, None at no-trump."""
        return self._s[3].trump

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks, in order."""
        return self._s[4]

    @property
    def current(self) -> tuple[Card, ...]:
        """The cards played to the trick in progress."""
        return self._s[5]

    @property
    def leader(self) -> Seat:
        """Who led (or is to lead) the trick in progress."""
        return self._s[6]

    @property
    def to_act(self) -> Seat:
        """The seat to play next (once the play is over: the winner of the last trick)."""
        return self._s[7]

    @property
    def is_over(self) -> bool:
        """Whether all thirteen tricks are played."""
        return len(self._s[4]) == 13

    @property
    def opening_leader(self) -> Seat:
        """The seat that leads to the first trick: the declarer's left."""
        return self._s[3].contract.declarer.left

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` still holds."""
        return Hand.from_mask(self._s[3].dealt[seat] & self._s[8])

    @property
    def tricks_won(self) -> PerSide[int]:
        """The tricks each side has won so far: ``play.tricks_won[Side.NS]``."""
        ns = self._s[9]
        return PerSide(ns, len(self._s[4]) - ns)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (empty between tricks and once the play is over)."""
        s = self._s
        return Trick._complete(s[6], s[5], s[3].trump, None)

    def cards_played(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far with its seat, in order."""
        out: list[tuple[Seat, Card]] = []
        for trick in self._s[4]:
            out.extend(trick.plays())
        out.extend(self.current_trick.plays())
        return tuple(out)

    # -- legality ----------------------------------------------------------

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to act may play: the suit led if it holds any, else any card."""
        return self._s[1]

    def is_legal(self, card: Card | str) -> bool:
        """Whether ``card`` (a Card or its text, ``"A♠"``, ``"SA"``) may be played now; False for a text that
        is no card."""
        try:
            self.check(card)
        except VintError:
            return False
        return True

    def check(self, card: Card | str, *, seat: Seat | str | None = None) -> None:
        """Raise an ``IllegalPlayError`` (or ``OutOfTurnError``) saying why ``card`` (a Card or its text) may not
        be played now, or the ``ParseError`` of :meth:`~vint_core.cards.Card.of` for what is no card."""
        card = Card.of(card)
        s = self._s
        if len(s[4]) == 13:
            raise IllegalPlayError(Reason.PLAY_OVER, card=card)
        to_act = s[7]
        if seat is not None and Seat.of(seat) != to_act:
            raise OutOfTurnError(Reason.OUT_OF_TURN, seat=Seat.of(seat), to_act=to_act, action=card)
        if s[2] & card.bit:
            return
        mask = s[3].dealt[to_act] & s[8]
        if not mask & card.bit:
            raise IllegalPlayError(Reason.NOT_IN_HAND, card=card, seat=to_act)
        suit = s[5][0].suit
        held = mask & SUIT_MASKS[suit]
        raise IllegalPlayError(Reason.MUST_FOLLOW, card=card, seat=to_act, suit=suit,
                               held=" ".join(str(c) for c in suit_cards(held, suit)))

    # -- moving on ---------------------------------------------------------

    def apply(self, card: Card | str, *, seat: Seat | str | None = None) -> Play:
        """The play after ``card`` (a Card or its text, ``"A♠"``, ``"SA"``); raises (and changes nothing)
        if it is illegal."""
        card = Card.of(card)
        self.check(card, seat=seat)
        return Play.of_state(state_after(self._s, card))

    @classmethod
    def of_state(cls, state: PlayState) -> Play:
        """The play at ``state`` (as a :class:`~vint_core.deal.Deal` keeps it), already checked."""
        play = _new(cls)
        _set_state(play, state)
        return play

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Play) and other._s[3:] == self._s[3:]  # the play, whatever its owner keeps

    def __hash__(self) -> int:
        return hash(self._s[3:])

    def __repr__(self) -> str:
        ns = self._s[9]
        done = len(self._s[4])
        if done == 13:
            return f"<Play {self.contract}: over, N–S {ns} tricks, E–W {13 - ns}>"
        return f"<Play {self.contract}: {done} tricks, N–S {ns}, E–W {done - ns}, {self.to_act} to play>"


# -- the play as plain state: the one statement of the rules of play ----------------
# Deal keeps a PlayState rather than a Play, so that a card costs one new tuple; the
# Play methods above are these functions, with explanations for what they reject.


def follow_suit(held: int, led: Suit | None) -> int:
    """The rule of play, on card masks: of the cards ``held``, those of the suit ``led`` if
    there are any, else all of them (a void may play any card; there is no duty to trump)."""
    if led is not None:
        follow = held & SUIT_MASKS[led]
        if follow:
            return follow
    return held


def opening_state(contract: Contract, hands: tuple[Hand, Hand, Hand, Hand], head: Any = None) -> PlayState:
    """The play before the opening lead: the declarer's left-hand opponent leads. ``head`` is what the
    owner keeps with it (see ``PlayState``)."""
    lead = contract.declarer.left
    dealt = (hands[0].mask, hands[1].mask, hands[2].mask, hands[3].mask)
    trump = contract.strain.suit
    fixed = _tuple_new(_Fixed, (contract, trump, dealt, _TRUMP_MASKS[trump]))
    return (head, mask_cards(dealt[lead]), dealt[lead], fixed, (), (), lead, lead, FULL_MASK, 0)


def state_after(s: PlayState, card: Card) -> PlayState:
    """The state after ``card``, already checked; a fourth card completes the trick.

    This is :func:`follow_suit` and :func:`winning_index` written out on card masks, with the
    legal cards of the next state looked up by suit pattern (see :func:`vint_core.cards.mask_cards`).
    """
    head, _, _, fixed, tricks, current, leader, to_act, left, ns = s
    left ^= card.bit  # a legal card is one not played yet
    if current:
        if len(current) == 3:
            c0, c1, c2 = current
            cards = (c0, c1, c2, card)
            top = c0.bit | c1.bit | c2.bit | card.bit
            top = top & fixed.trump_mask or top & c0.suit_mask
            winner = _SEATS[(leader + cards.index(_DECK[top.bit_length() - 1])) & 3]
            trick = _new(Trick)
            _set_leader(trick, leader)
            _set_cards(trick, cards)
            _set_trump(trick, fixed.trump)
            _set_winner(trick, winner)
            tricks = tricks + (trick,)  # noqa: RUF005  (+ makes one tuple, * a list first)
            if not winner & 1:
                ns += 1
            if len(tricks) == 13:
                return (head, (), 0, fixed, tricks, (), winner, winner, left, ns)
            held = fixed.dealt[winner] & left
            try:  # mask_cards(held), written out
                hand = _P0[held & 0x1FFF] + _P1[held >> 13 & 0x1FFF] + _P2[held >> 26 & 0x1FFF] + _P3[held >> 39]
            except TypeError:  # a pattern not met before
                hand = mask_cards(held)
            return (head, hand, held, fixed, tricks, (), winner, winner, left, ns)
        lead = current[0]
    else:
        lead = card
    seat = _NEXT[to_act]
    held = fixed.dealt[seat] & left
    legal = held & lead.suit_mask
    if legal:  # follows suit: the cards of one suit
        suit = lead.suit
        legal_cards = SUIT_PATTERN_CARDS[suit][legal >> _SHIFTS[suit]]
        if legal_cards is None:  # a pattern not met before
            legal_cards = suit_cards(legal, suit)
    else:  # void in the suit led: any card
        legal = held
        try:
            legal_cards = _P0[held & 0x1FFF] + _P1[held >> 13 & 0x1FFF] + _P2[held >> 26 & 0x1FFF] + _P3[held >> 39]
        except TypeError:  # a pattern not met before
            legal_cards = mask_cards(held)
    return (head, legal_cards, legal, fixed, tricks, current + (card,), leader, seat, left, ns)  # noqa: RUF005


_DECK = deck()  # the cards by index
_P0, _P1, _P2, _P3 = SUIT_PATTERN_CARDS  # each suit's cards by 13-bit pattern, as mask_cards looks them up
_SHIFTS = (0, 13, 26, 39)  # where each suit's 13 bits start in a card mask


# Slot setters for the hot path: writing a slot through its descriptor skips the
# __setattr__ guard that keeps the public objects immutable, at a third of the cost
# of object.__setattr__.
_TRICK_SET = _set_leader, _set_cards, _set_trump, _set_winner = tuple(
    getattr(Trick, name).__set__ for name in Trick.__slots__)
_set_state = Play.__dict__["_s"].__set__
_tuple_new = tuple.__new__
