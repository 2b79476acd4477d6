"""Dealing the unseen cards consistently with what one seat has seen.

A seat knows its own hand, every call, every card played so far and therefore
which suits the others have shown out of. The auction also says something
about the hands: what the bidding guide reads from the calls comes as a
:class:`~vint_core.bots.base.Promise` per seat (points and suit lengths of
the hand *as dealt*). :func:`sample_layouts` deals the cards the seat cannot
see many times, each layout consistent with all of that, using only the
random generator it is given.

How a layout is dealt: the unseen cards are shuffled, then handed out one by
one, the cards with the fewest possible owners first (a seat that has shown
out of a suit can get none of it), each to one of its possible owners chosen
with probability proportional to the room that seat has left. A layout
breaking a promise is dealt again. If promises make layouts too rare (the
guide's reading of the auction can be wrong), the rest are dealt without the
promises, but always with the hard facts (cards seen, suits shown out of).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from vint_core.bots.base import Promise
from vint_core.cards import FULL_MASK, SUIT_MASKS, Hand
from vint_core.seats import Seat
from vint_core.views import SeatView

_HCP = tuple(max(0, (i % 13) + 2 - 10) for i in range(52))
#: the high-card points of every set of ranks in one suit (13 bits, the two at bit 0)
_SUIT_HCP = tuple(sum(_HCP[r] for r in range(13) if bits >> r & 1) for bits in range(1 << 13))


@dataclass(frozen=True)
class Layout:
    """One way the cards may lie: the four hands as dealt, and what each seat still holds."""

    hands: tuple[Hand, Hand, Hand, Hand]
    #: remaining cards per seat (card masks), the cards played so far removed
    remaining: tuple[int, int, int, int]
    #: whether every promise of the auction holds in this layout
    honours_promises: bool = True


@dataclass(frozen=True)
class _Facts:
    """What a view fixes: known cards per seat, room left, forbidden suits."""

    known: tuple[int, int, int, int]  # cards as dealt known to be in each hand (own hand; cards played)
    played: tuple[int, int, int, int]
    room: tuple[int, int, int, int]  # unseen cards still to give each seat
    forbidden: tuple[int, int, int, int]  # mask of cards each seat cannot hold (suits it showed out of)
    unseen: tuple[int, ...]  # card indices


def _facts(view: SeatView) -> _Facts:
    played = [0, 0, 0, 0]
    for seat, card in view.cards_played():
        played[seat] |= card.bit
    known = list(played)
    known[view.seat] = view.hand_dealt._mask
    forbidden = [0, 0, 0, 0]
    for seat, suits in view.voids().items():
        for suit in suits:
            forbidden[seat] |= SUIT_MASKS[suit]
    seen = known[0] | known[1] | known[2] | known[3]
    room = tuple(13 - k.bit_count() for k in known)
    unseen = tuple(i for i in range(52) if not (FULL_MASK & seen) >> i & 1)
    return _Facts(tuple(known), tuple(played), room, tuple(forbidden), unseen)  # type: ignore[arg-type]


def _keeps(promise: Promise, mask: int) -> bool:
    lo, hi = promise.hcp
    if lo > 0 or hi < 37:
        hcp = (_SUIT_HCP[mask & 0x1FFF] + _SUIT_HCP[mask >> 13 & 0x1FFF] + _SUIT_HCP[mask >> 26 & 0x1FFF]
               + _SUIT_HCP[mask >> 39 & 0x1FFF])
        if not lo <= hcp <= hi:
            return False
    for suit in range(4):
        n = (mask & SUIT_MASKS[suit]).bit_count()
        if not promise.min_length[suit] <= n <= promise.max_length[suit]:
            return False
    return True


def _owners(facts: _Facts) -> dict[int, list[int]]:
    """Each unseen card's possible owners (the seats with room left that have not shown out of its suit)."""
    return {i: [s for s in range(4) if facts.room[s] and not facts.forbidden[s] >> i & 1] for i in facts.unseen}


def _deal_once(facts: _Facts, rng: random.Random, owners: dict[int, list[int]] | None = None,
               sizes: dict[int, int] | None = None) -> list[int] | None:
    if owners is None:
        owners = _owners(facts)
    if sizes is None:
        sizes = {i: len(seats) for i, seats in owners.items()}
    # the draws are random.Random's own: shuffle's, then randrange(total)'s (both _randbelow, called directly)
    randbelow = rng._randbelow  # type: ignore[attr-defined]
    cards = list(facts.unseen)
    for j in range(len(cards) - 1, 0, -1):  # random.shuffle, step for step
        k = randbelow(j + 1)
        cards[j], cards[k] = cards[k], cards[j]
    cards.sort(key=sizes.__getitem__)  # stable: random order among equally constrained cards
    room = list(facts.room)
    masks = list(facts.known)
    for i in cards:
        # the card goes to one of its possible owners with room left, each as likely as it has room
        seats = owners[i]
        total = 0
        for s in seats:
            total += room[s]
        if not total:
            return None
        pick = randbelow(total)
        for s in seats:  # a seat without room takes nothing off the pick, so it is never the one picked
            pick -= room[s]
            if pick < 0:
                break
        room[s] -= 1
        masks[s] |= 1 << i
    return masks


def sample_layouts(view: SeatView, *, rng: random.Random, count: int,
                   promises: Mapping[Seat, Promise] | None = None, attempts_per_layout: int = 60) -> list[Layout]:
    """``count`` layouts of the unseen cards consistent with ``view`` (and, where possible, ``promises``).

    The result depends only on the view, the promises and ``rng``. Promises about
    ``view.seat`` itself are ignored (the seat knows its hand).
    """
    facts = _facts(view)
    checks: Sequence[tuple[int, Promise]] = [
        (int(seat), p) for seat, p in (promises or {}).items() if seat != view.seat and p != Promise(seat)]
    out: list[Layout] = []
    budget = attempts_per_layout * count
    relaxed = False
    dead_ends = 0
    owners = _owners(facts)
    sizes = {i: len(seats) for i, seats in owners.items()}
    while len(out) < count:
        masks = _deal_once(facts, rng, owners, sizes)
        if masks is None:
            dead_ends += 1
            if dead_ends > 1000 * count:  # cannot happen for a view of a real deal
                raise ValueError("the cards seen in this view cannot be completed to a deal")
            continue
        if checks and not relaxed:
            budget -= 1
            if budget <= 0:
                relaxed = True
            if not all(_keeps(p, masks[s]) for s, p in checks):
                continue
        hands = tuple(Hand._from_mask(m) for m in masks)
        remaining = tuple(m & ~p for m, p in zip(masks, facts.played, strict=True))
        out.append(Layout(hands, remaining, not relaxed or all(_keeps(p, masks[s]) for s, p in checks)))  # type: ignore[arg-type]
    return out


__all__ = ["Layout", "sample_layouts"]
