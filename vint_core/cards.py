"""Suits, ranks, cards and hands; the deck, seeded dealing (with some cards fixed) and the cut.

Cards are interned: there are exactly 52 ``Card`` objects, so ``Card(s, r) is
Card(s, r)``. A :class:`Hand` is an immutable set of cards; ``Card.parse`` and
``Hand.parse`` read them from the ways people write them.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from vint_core.errors import ParseError, Reason, bad_argument
from vint_core.seats import Seat


class Suit(enum.IntEnum):
    """The four suits, numbered in PBN's fixed order (♠ ♥ ♦ ♣).

    This numbering is for records only. The order of suits in the auction
    belongs to the rule set (:attr:`vint_core.rules.RuleSet.strain_order`).
    """

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``"♠"``, ``"♥"``, ``"♦"`` or ``"♣"``."""
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        """The suit's letter in records: ``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
        return "SHDC"[self]

    def __str__(self) -> str:
        return self.symbol

    @classmethod
    def parse(cls, text: str) -> Suit:
        """The suit of a letter or a symbol (``"S"``, ``"♠"``, ``"♤"``, any case); anything else raises
        ``ParseError``."""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_CARD, text=repr(text))
        suit = _SUIT_CHARS.get(text.strip().upper())
        if suit is None:
            raise ParseError(Reason.BAD_CARD, text=text)
        return suit


_SUIT_CHARS = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}


class Rank(enum.IntEnum):
    """Ranks from two (2) to ace (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One character, as in PBN: ``A K Q J T 9 … 2``."""
        return "23456789TJQKA"[self - 2]

    def __str__(self) -> str:
        return "10" if self == 10 else self.char

    @classmethod
    def parse(cls, text: str) -> Rank:
        """The rank of ``"2"`` … ``"9"``, ``"T"`` or ``"10"``, ``"J"`` (German ``"B"``), ``"Q"``, ``"K"``, ``"A"``;
        anything else raises ``ParseError``."""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_CARD, text=repr(text))
        rank = _RANK_CHARS.get(text.strip().upper())
        if rank is None:
            raise ParseError(Reason.BAD_CARD, text=text)
        return rank


_RANK_CHARS = {r.char: r for r in Rank} | {"10": Rank.TEN, "B": Rank.JACK, "D": Rank.QUEEN}
del _RANK_CHARS["D"]  # "D" is diamonds; German B (Bube) stays accepted


class Card:
    """One of the 52 cards. Interned and immutable; compare with ``==`` or ``is``.

    >>> Card.parse("10♥") is Card(Suit.HEARTS, Rank.TEN)
    True
    >>> str(Card.parse("TH")), Card.parse("sa").pbn
    ('10♥', 'SA')
    """

    __slots__ = ("suit", "rank", "index", "bit", "suit_mask")
    suit: Suit
    rank: Rank
    index: int  # 0..51: suit * 13 + rank - 2
    bit: int  # 1 << index
    suit_mask: int  # the bits of every card of this card's suit

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        try:
            return _DECK[suit * 13 + rank - 2] if 0 <= suit < 4 and 2 <= rank <= 14 else _bad(suit, rank)
        except TypeError:
            return _bad(suit, rank)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: Any) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"10♥"``, ``"♥10"``, ``"TH"``, ``"HT"``, ``"h10"``…"""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_CARD, text=repr(text))
        s = text.strip().replace(" ", "")
        if len(s) >= 2:
            for suit_part, rank_part in ((s[0], s[1:]), (s[-1], s[:-1])):
                suit = _SUIT_CHARS.get(suit_part.upper())
                rank = _RANK_CHARS.get(rank_part.upper())
                if suit is not None and rank is not None:
                    return _DECK[suit * 13 + rank - 2]
        raise ParseError(Reason.BAD_CARD, text=text)

    @classmethod
    def of(cls, value: Card | str) -> Card:
        """A card given as a Card or as its text (see :meth:`parse`): what every legality method of the
        play takes. Anything else raises the ``ParseError`` of a bad text, "'…' is not a card: …".

        >>> Card.of("SA") is Card.of("A♠") is Card.parse("♠A")
        True
        """
        return value if isinstance(value, Card) else cls.parse(value)

    @property
    def pbn(self) -> str:
        """Suit letter then rank character, as in a PBN play section: ``"HT"``."""
        return self.suit.letter + self.rank.char

    def __str__(self) -> str:
        return f"{self.rank}{self.suit.symbol}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.card_html(self)


def _bad(suit: object, rank: object) -> Card:
    raise ParseError(Reason.BAD_CARD, text=f"{suit!r} {rank!r}")


def _make_deck() -> tuple[Card, ...]:
    cards = []
    for suit in Suit:
        for rank in Rank:
            card = object.__new__(Card)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "index", suit * 13 + rank - 2)
            object.__setattr__(card, "bit", 1 << (suit * 13 + rank - 2))
            object.__setattr__(card, "suit_mask", 0x1FFF << (13 * suit))
            cards.append(card)
    return tuple(cards)


_DECK: tuple[Card, ...] = _make_deck()
SUIT_MASKS = tuple(0x1FFF << (13 * s) for s in range(4))
FULL_MASK = (1 << 52) - 1

#: the cards of one suit for each 13-bit pattern, high to low, by suit; filled as met (internal)
SUIT_PATTERN_CARDS: tuple[list[tuple[Card, ...]], ...] = tuple(
    [(), *[None] * 8191] for _ in range(4))  # type: ignore[list-item]  # None: a pattern not met yet


def suit_cards(mask: int, suit: int) -> tuple[Card, ...]:
    """The cards of ``suit`` in a card mask, high to low (internal, cached)."""
    pattern = (mask >> (13 * suit)) & 0x1FFF
    table = SUIT_PATTERN_CARDS[suit]
    cards = table[pattern]
    if cards is None:
        base = 13 * suit
        cards = tuple(_DECK[base + r] for r in range(12, -1, -1) if pattern >> r & 1)
        table[pattern] = cards
    return cards


def mask_cards(mask: int) -> tuple[Card, ...]:
    """All cards of a mask, by suit (♠ ♥ ♦ ♣) and high to low (internal)."""
    try:
        return _P0[mask & 0x1FFF] + _P1[mask >> 13 & 0x1FFF] + _P2[mask >> 26 & 0x1FFF] + _P3[mask >> 39 & 0x1FFF]
    except TypeError:  # None: a pattern not met before
        return suit_cards(mask, 0) + suit_cards(mask, 1) + suit_cards(mask, 2) + suit_cards(mask, 3)


_P0, _P1, _P2, _P3 = SUIT_PATTERN_CARDS


def deck() -> tuple[Card, ...]:
    """The 52 cards, ♠ ♥ ♦ ♣, each from two to ace."""
    return _DECK


class Hand:
    """An immutable set of cards.

    >>> h = Hand.parse("AKQ.JT9.876.5432")
    >>> len(h), Card.parse("Q♠") in h
    (13, True)
    >>> str(h)
    '♠ A K Q  ♥ J 10 9  ♦ 8 7 6  ♣ 5 4 3 2'
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: Iterable[Card] | str = ()) -> None:
        """A hand of the cards given (any number, each once); a text is read as ``Hand.parse(text, complete=False)``."""
        if isinstance(cards, str):
            object.__setattr__(self, "_mask", Hand.parse(cards, complete=False)._mask)
            return
        if isinstance(cards, bytes) or not isinstance(cards, Iterable):
            raise ParseError(Reason.BAD_HAND, text=repr(cards))
        given = tuple(cards)
        mask = 0
        for card in given:
            if not isinstance(card, Card):
                raise ParseError(Reason.BAD_HAND, text=card if isinstance(card, str) else repr(card))
            if mask & card.bit:
                raise ParseError(Reason.CARD_TWICE, text=" ".join(map(str, given)), card=card)
            mask |= card.bit
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand of a card mask (bit ``card.index`` set for each card held): the engine's fast path."""
        hand = _new(cls)
        _set_mask(hand, mask)
        return hand

    _from_mask = from_mask  # the name the bots use

    @property
    def mask(self) -> int:
        """The cards as a bit mask: bit ``card.index`` is set for each card held."""
        return self._mask

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("hands are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Hand.from_mask, (self._mask,))

    @classmethod
    def parse(cls, text: str, *, complete: bool = True) -> Hand:
        """A hand from text, in any of the usual spellings.

        PBN ``"AKQ.JT9.876.5432"`` (♠.♥.♦.♣, ``-`` or nothing for a void), the same with spaces
        ``"AKQ JT9 876 5432"``, with suit symbols ``"♠AKQ ♥JT9 ♦876 ♣5432"`` or letters
        ``"S:AKQ H:JT9 D:876 C:5432"``, or a list of cards ``"A♠ K♠ 10♥"``; ``10`` or ``T`` for
        the ten. A hand has 13 cards; with ``complete=False`` (a hand during the play, or the
        cards of a lesson's hand fixed so far) it may hold fewer, never more.

        >>> Hand.parse("♠AKQ ♥JT9 ♦876 ♣5432") == Hand.parse("AKQ JT9 876 5432")
        True
        >>> Hand.parse("A♠ 10♥", complete=False)
        Hand.parse('A.T..', complete=False)
        """
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_HAND, text=repr(text))
        mask = _parse_hand(text)
        n = mask.bit_count()
        if complete and n != 13:
            raise ParseError(Reason.HAND_SIZE, text=text, n=n)
        if n > 13:
            raise ParseError(Reason.HAND_TOO_BIG, text=text, n=n)
        return cls.from_mask(mask)

    @property
    def pbn(self) -> str:
        """``"AKQ.JT9.876.5432"``: ♠.♥.♦.♣, high to low."""
        return ".".join("".join(c.rank.char for c in suit_cards(self._mask, s)) for s in range(4))

    def suit(self, suit: Suit) -> tuple[Card, ...]:
        """The cards of one suit, high to low."""
        return suit_cards(self._mask, suit)

    def count(self, suit: Suit) -> int:
        """How many cards of ``suit`` the hand holds."""
        return ((self._mask >> (13 * suit)) & 0x1FFF).bit_count()

    def has_suit(self, suit: Suit) -> bool:
        """Whether the hand holds any card of ``suit``."""
        return bool(self._mask & SUIT_MASKS[suit])

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards, ♠ ♥ ♦ ♣, high to low in each suit."""
        return mask_cards(self._mask)

    def high_card_points(self) -> int:
        """Milton Work points: A 4, K 3, Q 2, J 1."""
        return sum(max(0, c.rank - 10) for c in mask_cards(self._mask))

    def without(self, card: Card) -> Hand:
        """The hand without ``card`` (the same hand if it does not hold it)."""
        return Hand._from_mask(self._mask & ~card.bit)

    def with_card(self, card: Card) -> Hand:
        """The hand with ``card`` added (the same hand if it holds it already)."""
        return Hand._from_mask(self._mask | card.bit)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self._mask & card.bit)

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __iter__(self) -> Iterator[Card]:
        return iter(mask_cards(self._mask))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("Hand", self._mask))

    def __or__(self, other: Hand) -> Hand:
        return Hand._from_mask(self._mask | other._mask)

    def __str__(self) -> str:
        parts = []
        for suit in Suit:
            ranks = " ".join(str(c.rank) for c in suit_cards(self._mask, suit)) or "—"
            parts.append(f"{suit.symbol} {ranks}")
        return "  ".join(parts)

    def __repr__(self) -> str:
        partial = "" if len(self) == 13 else ", complete=False"
        return f"Hand.parse({self.pbn!r}{partial})"

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.hand_html(self)


_SUIT_SYMBOLS = "♠♥♦♣♤♡♢♧"
_VOID = ("-", "—", "–")


def _parse_hand(text: str) -> int:
    """The card mask of a hand's text (see :meth:`Hand.parse`); duplicates are refused by name."""
    tokens: list[str] = []
    for token in text.replace("10", "T").replace(",", " ").replace(":", ": ").split():
        if token[0] in _SUIT_SYMBOLS:  # "♠AKQ♥JT9…": a group at each symbol
            for symbol in _SUIT_SYMBOLS:
                token = token.replace(symbol, f" {symbol}")
            tokens += token.split()
        else:
            tokens.append(token)
    if len(tokens) == 1 and 0 < tokens[0].count(".") <= 3:  # PBN; "AK.." leaves the last suits empty
        groups: list[tuple[Suit, str]] = list(zip(Suit, tokens[0].split("."), strict=False))
    elif len(tokens) == 4 and all(_is_ranks(t) for t in tokens):
        groups = list(zip(Suit, tokens, strict=True))
    else:
        groups = _marked_groups(text, tokens)
    mask = 0
    for suit, ranks in groups:
        for ch in "" if ranks in _VOID else ranks:
            rank = _RANK_CHARS.get(ch.upper())
            if rank is None:
                raise ParseError(Reason.BAD_HAND, text=text)
            card = _DECK[suit * 13 + rank - 2]
            if mask & card.bit:
                raise ParseError(Reason.CARD_TWICE, text=text, card=card)
            mask |= card.bit
    return mask


def _is_ranks(token: str) -> bool:
    return token in _VOID or all(ch.upper() in _RANK_CHARS for ch in token)


def _marked_groups(text: str, tokens: list[str]) -> list[tuple[Suit, str]]:
    """``♠ AKQ``, ``♠AKQ``, ``S: AKQ``, ``SAKQ`` and single cards (``A♠``, ``SA``, ``10♥``) as (suit, ranks)."""
    groups: list[tuple[Suit, str]] = []
    current: Suit | None = None
    for token in tokens:
        head = token.rstrip(":")
        if len(head) == 1 and (head in _SUIT_SYMBOLS or (token.endswith(":") and head.upper() in "SHDC")):
            current = _SUIT_CHARS[head.upper()]
        elif current is not None and _is_ranks(token):
            groups.append((current, token))
        elif token[0].upper() in _SUIT_CHARS and _is_ranks(token[1:]):
            groups.append((_SUIT_CHARS[token[0].upper()], token[1:]))
        else:
            try:
                card = Card.parse(token)
            except ParseError:
                raise ParseError(Reason.BAD_HAND, text=text) from None
            groups.append((card.suit, card.rank.char))
    return groups


def _rng(seed: int | random.Random | None) -> random.Random:
    if isinstance(seed, random.Random):
        return seed
    if seed is not None and not isinstance(seed, (int, float, str, bytes, bytearray)):
        raise bad_argument("seed", seed, "arg_seed")
    return random.Random(seed)


#: each card index's bit: _BITS_OF[i] = 1 << i
_BITS_OF = tuple(1 << i for i in range(52))
# bit lengths for the Fisher–Yates draws below: _BITS[n] = n.bit_length()
_BITS = tuple(n.bit_length() for n in range(53))


def _shuffled_indices(rng: random.Random) -> list[int]:
    """The card indices 0–51 in shuffled order.

    The same Fisher–Yates shuffle with rejection sampling from ``getrandbits`` as
    ``random.shuffle`` in Python 3.11, written out so that a seed gives the same deal
    on every Python version, and faster.
    """
    cards = list(range(52))
    getrandbits = rng.getrandbits
    for i in range(51, 0, -1):
        n = i + 1
        k = _BITS[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


#: cards fixed for some seats before the rest is dealt: a hand's text (``"AKQ.JT9.876.5432"``,
#: ``"AK.."``: at least ♠A K), a :class:`Hand` or some cards, by seat (a Seat or ``"N"``, ``"S"``…)
Fixed = Mapping[Seat | str, "Hand | str | Iterable[Card]"]


def deal_hands(dealer: Seat | str, rng: int | random.Random | None = None, *,
               fixed: Fixed | None = None) -> tuple[Hand, Hand, Hand, Hand]:
    """Shuffle and deal 13 cards to each seat, one at a time from the dealer's left.

    ``rng`` is a seed or a ``random.Random``; the same seed gives the same deal.
    With ``fixed`` each seat named holds the cards given for it, and the rest of the
    pack is shuffled and dealt to fill the hands: every way of completing them is
    equally likely, and the same seed and fixed cards give the same deal.
    Returns the hands indexed by seat (``hands[Seat.SOUTH]``).

    >>> hands = deal_hands(Seat.NORTH, 7, fixed={"S": "AKQJ.AKQ.AKQ.AKQ"})
    >>> str(hands[Seat.SOUTH])
    '♠ A K Q J  ♥ A K Q  ♦ A K Q  ♣ A K Q'
    """
    first = Seat.of(dealer) + 1
    if fixed:
        return _deal_rest(first, _shuffled_indices(_rng(rng)), fixed_masks(fixed))
    m = _shuffled_hands(_rng(rng))
    return (_hand(m[-first & 3]), _hand(m[(1 - first) & 3]), _hand(m[(2 - first) & 3]), _hand(m[(3 - first) & 3]))


def _shuffled_hands(rng: random.Random) -> list[int]:
    """The card masks of the four hands dealt from ``_shuffled_indices``'s pack, one card at a time: hand
    ``h`` holds the cards at positions ``h``, ``h + 4``, … (the same draws, the same deal).

    Fisher–Yates fixes the pack from its last position down, so each card goes to its hand as it is drawn.
    """
    cards = list(range(52))
    hands = [0, 0, 0, 0]
    getrandbits = rng.getrandbits
    for i, n, k in _STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        hands[i & 3] |= _BITS_OF[cards[j]]
        cards[j] = cards[i]
    hands[0] |= _BITS_OF[cards[0]]
    return hands


#: the Fisher–Yates steps: (position, how many cards are left to choose from, bits to draw)
_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(51, 0, -1))


def _hand(mask: int) -> Hand:
    hand = _new(Hand)
    _set_mask(hand, mask)
    return hand


def fixed_masks(fixed: Fixed) -> list[int]:
    """The card mask fixed for each seat (by seat); a card fixed twice or a seat given more than 13 raises."""
    masks = [0, 0, 0, 0]
    if not isinstance(fixed, Mapping):
        raise ParseError(Reason.BAD_HAND, text=repr(fixed))
    for key, given in fixed.items():
        seat = Seat.of(key)
        if isinstance(given, str):
            hand = Hand.parse(given, complete=False)
        else:
            hand = given if isinstance(given, Hand) else Hand(given)
            if len(hand) > 13:
                raise ParseError(Reason.FIXED_TOO_MANY, seat=seat, n=len(hand))
        for other in Seat:
            clash = masks[other] & hand.mask
            if clash:
                card = mask_cards(clash)[0]
                raise ParseError(Reason.FIXED_TWICE, card=card, seat=other, other=seat)
        masks[seat] |= hand.mask
        if masks[seat].bit_count() > 13:
            raise ParseError(Reason.FIXED_TOO_MANY, seat=seat, n=masks[seat].bit_count())
    return masks


def _deal_rest(first: int, shuffled: list[int], masks: list[int]) -> tuple[Hand, Hand, Hand, Hand]:
    """Fill the fixed hands from the shuffled pack, one card at a time from ``first`` on, skipping full hands."""
    taken = masks[0] | masks[1] | masks[2] | masks[3]
    order = [(first + i) & 3 for i in range(4)]
    need = [13 - m.bit_count() for m in masks]
    k = 0
    for index in shuffled:
        bit = 1 << index
        if taken & bit:
            continue
        while not need[order[k & 3]]:
            k += 1
        seat = order[k & 3]
        masks[seat] |= bit
        need[seat] -= 1
        k += 1
    return (Hand.from_mask(masks[0]), Hand.from_mask(masks[1]),
            Hand.from_mask(masks[2]), Hand.from_mask(masks[3]))


# the cut: ace low, and between equal ranks ♠ < ♣ < ♦ < ♥
_CUT_SUIT_ORDER = {Suit.SPADES: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3}


def cut_key(card: Card) -> tuple[int, int]:
    """How low a card cuts: ace counts low, then ♠ < ♣ < ♦ < ♥."""
    return (1 if card.rank == Rank.ACE else int(card.rank), _CUT_SUIT_ORDER[card.suit])


def cut_for_dealer(rng: int | random.Random | None = None) -> tuple[Seat, dict[Seat, Card]]:
    """Each seat draws a card from a shuffled pack; the lowest card deals.

    Returns the first dealer and the card each seat drew.
    """
    drawn = _rng(rng).sample(_DECK, 4)
    cards = dict(zip(Seat, drawn, strict=True))
    dealer = min(cards, key=lambda seat: cut_key(cards[seat]))
    return dealer, cards


_new = object.__new__
# the slot setter of the engine's fast path (see play.py): a hand from a mask skips the immutability guard
_set_mask = Hand.__dict__["_mask"].__set__
