"""Honours: which honours each partnership holds, and the exact odds of holding them.

At a suit contract the honours are the A K Q J 10 of trumps; at no-trump, the
four aces (docs/rules.md §2.1.4). They are judged on the cards as dealt and score
for whichever side holds them; :mod:`vint_core.scoring` turns the counts into
points under a rule set.

>>> from vint_core import Hand, Strain
>>> [str(c) for c in honour_cards(Strain.HEARTS)]
['A♥', 'K♥', 'Q♥', 'J♥', '10♥']

The odds are exact fractions, counted over every way the unseen cards can
lie (no simulation). That a partnership holds all five trump honours:

>>> honours_odds(Strain.HEARTS)[5]
Fraction(253, 9996)

and, holding A K Q of trumps yourself, the chance that your side holds four or more:

>>> mine = Hand.parse("AKQ2.AK.5432.432")
>>> odds = honours_odds(Strain.SPADES, hand=mine)
>>> odds[5] + odds[4], round(float(odds[5] + odds[4]), 3)
(Fraction(32, 57), 0.561)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from vint_core.calls import Strain
from vint_core.cards import Card, Hand, Rank, Suit
from vint_core.errors import Reason, VintError, bad_argument
from vint_core.seats import PerSide

_TOP_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
_ACES = tuple(Card(suit, Rank.ACE) for suit in Suit)
_HONOURS = {strain: _ACES if strain.suit is None else tuple(Card(strain.suit, rank) for rank in _TOP_RANKS)
            for strain in Strain}
_HONOUR_MASKS = {strain: sum(card.bit for card in cards) for strain, cards in _HONOURS.items()}


def honour_cards(strain: Strain | str) -> tuple[Card, ...]:
    """The honours at a contract in ``strain`` (a :class:`~vint_core.calls.Strain` or its text, ``"H"``, ``"♥"``,
    ``"hearts"``, ``"NT"``): A K Q J 10 of trumps, or the four aces at no-trump."""
    return _HONOURS[_strain(strain)]


def _strain(strain: Strain | str) -> Strain:
    """The strain given, or a ``VintError`` that says what a strain may be."""
    if isinstance(strain, Strain):
        return strain
    if isinstance(strain, str):
        return Strain.parse(strain)
    raise bad_argument("strain", strain, "arg_strain")


def honours_held(hands: Sequence[Hand], strain: Strain | str) -> PerSide[tuple[Card, ...]]:
    """The honours each side holds in the four hands as dealt (indexed by seat), high to low.

    >>> from vint_core import Deal
    >>> hands = Deal.new(seed=7).hands
    >>> print(honours_held(hands, Strain.HEARTS))
    N–S A♥ Q♥, E–W K♥ J♥ 10♥
    >>> print(honours_held(hands, "NT").map(len))
    N–S 3, E–W 1
    """
    north, east, south, west = _four(hands)
    ns = north.mask | south.mask
    ew = east.mask | west.mask
    honours = honour_cards(strain)
    return PerSide(tuple(c for c in honours if c.bit & ns), tuple(c for c in honours if c.bit & ew))


def honours_count(hands: Sequence[Hand], strain: Strain | str) -> PerSide[int]:
    """How many honours each side holds: :func:`honours_held`, counted."""
    north, east, south, west = _four(hands)
    honours = _HONOUR_MASKS[_strain(strain)]
    return PerSide(((north.mask | south.mask) & honours).bit_count(), ((east.mask | west.mask) & honours).bit_count())


def _four(hands: Sequence[Hand]) -> tuple[Hand, Hand, Hand, Hand]:
    """The four hands, N E S W, or a ``VintError`` that says four are needed."""
    if hands.__class__ is not tuple and (isinstance(hands, (str, bytes, Hand)) or not isinstance(hands, Sequence)):
        raise bad_argument("hands", hands, "arg_hands")
    if len(hands) != 4 or not all(isinstance(h, Hand) for h in hands):
        raise VintError(Reason.FOUR_HANDS, n=len(hands))
    return hands[0], hands[1], hands[2], hands[3]


def honours_odds(strain: Strain | str, *, hand: Hand | None = None) -> dict[int, Fraction]:
    """The exact odds that a partnership holds 5, 4, … 0 trump honours (4, 3, … 0 aces at no-trump).

    Without ``hand`` the partnership's 26 cards are any 26 of the 52; with
    ``hand`` (your 13 cards as dealt) your partner's 13 are any 13 of the 39
    you cannot see. Counts below what ``hand`` itself holds have probability 0.
    The values are :class:`fractions.Fraction` and add up to 1.

    >>> print({n: str(p) for n, p in honours_odds("NT").items()})
    {4: '46/833', 3: '208/833', 2: '325/833', 1: '208/833', 0: '46/833'}
    """
    honours = honour_cards(strain)
    size = len(honours)
    if hand is not None and not isinstance(hand, Hand):
        raise bad_argument("hand", hand, "arg_hand")
    if hand is None:
        # the partnership holds 26 of the 52 cards: hypergeometric over the honours
        total = comb(52, 26)
        return {n: Fraction(comb(size, n) * comb(52 - size, 26 - n), total) for n in range(size, -1, -1)}
    if len(hand) != 13:
        raise VintError(Reason.ODDS_HAND, n=len(hand))
    mine = sum(1 for card in honours if card in hand)
    unseen = size - mine
    total = comb(39, 13)
    out: dict[int, Fraction] = {}
    for n in range(size, -1, -1):
        extra = n - mine  # the partner's share of the honours this hand lacks
        ways = comb(unseen, extra) * comb(39 - unseen, 13 - extra) if 0 <= extra <= unseen else 0
        out[n] = Fraction(ways, total)
    return out


__all__ = ["honour_cards", "honours_count", "honours_held", "honours_odds"]
