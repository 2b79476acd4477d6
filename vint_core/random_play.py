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
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet

__all__ = ["random_deals"]


def random_deals(count: int, *, seed: int, rules: RuleSet = SEED) -> list[Deal]:
    """``count`` deals played with uniformly random legal calls and cards, reproducible from ``seed``.

    The first dealer is found by a cut; the deal then rotates, and the deals are
    grouped into rubbers (a finished rubber is followed by the next one), so that
    every deal carries its number in its rubber. Boards are numbered from 1.
    """
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
