"""The time to weigh one seat's 13 cards (and calls) of a whole deal: ``python bench/weigh.py [samples]``.

Each deal is played by the rule-based computer player in all four seats and South's calls and cards are
weighed with :func:`vint_core.table.weighing.weigh` (endplay needed). Prints the seconds per deal.
"""

from __future__ import annotations

import random
import sys
import time

from vint_core import Deal, Seat
from vint_core.bots.rule_bot import RuleBot
from vint_core.table.weighing import SAMPLES, weigh


def played(seed: int) -> Deal:
    """A deal played to the end by the rule-based player, South declaring or defending a contract."""
    bot, rng = RuleBot(), random.Random(seed)
    deal = Deal.new(seed=seed)
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        deal = deal.apply(bot.choose(deal.view(seat), rng))
    return deal


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else SAMPLES
    deals = [d for d in (played(seed) for seed in range(1, 40)) if d.contract is not None][:5]
    weigh(deals[0], Seat.SOUTH, samples=1)  # load the solver once
    times = []
    for deal in deals:
        start = time.perf_counter()
        result = weigh(deal, Seat.SOUTH, samples=samples)
        times.append(time.perf_counter() - start)
        print(f"deal {deal.contract} ({len(result.cards)} cards by South, {samples} samples each): "
              f"{times[-1]:.2f} s, {len(result.marked)} marked")
    print(f"{samples} samples: mean {sum(times) / len(times):.2f} s, slowest {max(times):.2f} s per deal "
          f"(goal: at most 10 s)")


if __name__ == "__main__":
    main()
