"""Deals played with uniformly random legal calls and cards, in rubbers: material for tests and the scorer.

``vint random`` writes them as PBN; the tests and benchmarks use them as
legal deals of every kind (passed out, made, down, slams) under any rule set.

>>> from vint_core import SEED
>>> deals = random_deals(3, seed=5, rules=SEED)
>>> [deal.is_finished for deal in deals], [deal.board for deal in deals]
([True, True, True], ['1', '2', '3'])
"""

from __future__ import annotations

import random

from vint_core.cards import cut_for_dealer
from vint_core.deal import Deal
from vint_core.errors import bad_argument
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet, as_rule_set

__all__ = ["random_deals"]


#: the most deals :func:`random_deals` plays in one call (each takes a few milliseconds)
MAX_DEALS = 100_000


def random_deals(count: int, *, seed: int, rules: RuleSet | str = SEED) -> list[Deal]:
    """``count`` deals played with uniformly random legal calls and cards, reproducible from ``seed``.

    The first dealer is found by a cut; the deal then rotates, and the deals are
    grouped into rubbers (a finished rubber is followed by the next one), so that
    every deal carries its number in its rubber. Boards are numbered from 1. ``rules`` is a rule set or its name;
    ``count`` a whole number up to :data:`MAX_DEALS`, ``seed`` a whole number.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_DEALS:
        raise bad_argument("count", count, "arg_whole", low=0, high=MAX_DEALS)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise bad_argument("seed", seed, "arg_integer")
    rules = as_rule_set(rules)
    rng = random.Random(seed)
    first_dealer, _ = cut_for_dealer(rng)
    rubber = Rubber(rules, first_dealer)
    deals: list[Deal] = []
    for i in range(count):
        if rubber.is_finished:
            rubber = rubber.next_rubber()
        deal = rubber.new_deal(seed=rng.getrandbits(64), board=str(i + 1))
        while not deal.is_finished:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        rubber = rubber.record(deal)
        deals.append(deal)
    return deals
