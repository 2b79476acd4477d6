"""Figures for the computer players: decision times, duplicate strength, declarer play against double dummy.

Run from the repository root (endplay installed)::

    .venv/bin/python bench/bots.py --deals 200 --workers 2 --seed 1

Prints, with the command line used:

* decision time p50 / p95 per bot and level (``random``, ``rule``, ``sim-fast``,
  ``sim-normal``, ``sim-strong``), over the decisions of a few seeded deals;
* strength by duplicate matches of ``--deals`` deals, each table playing real
  rubbers (the bots bid by the game score of their table's sheet): RuleBot vs
  RandomBot and SimBot ``normal`` vs RuleBot (mean score difference per deal
  and its 95% interval; the interval must lie above zero), and the rubbers
  each bot won and the points of the finished rubbers;
* declarer play against the double-dummy limit: for each bot, the mean number of
  tricks its declaring side takes below the double-dummy result of the same
  contract (negative: more than double dummy, thanks to the defenders).

These are measurements, never assertions; nothing here runs in the test suite.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from collections import defaultdict

from vint_core.analysis import contract_dd_tricks
from vint_core.bots import BOT_NAMES
from vint_core.rules import RuleSet
from vint_core.seats import Side
from vint_core.simulate import SimulationResult, progress_bar, simulate


def declarer_gap(result: SimulationResult) -> dict[str, tuple[float, int]]:
    """Per bot: mean (double-dummy tricks − tricks taken) of its declaring side, and the number of contracts."""
    gaps: dict[str, list[int]] = defaultdict(list)
    for outcome in result.outcomes:
        for t, deal in enumerate(outcome.tables):
            contract = deal.contract
            if contract is None or deal.declarer_tricks is None:
                continue
            # table 1: first bot N–S; table 2 (duplicate): first bot E–W
            first_side = Side.NS if t == 0 else Side.EW
            bot = result.ns if contract.side is first_side else result.ew
            dd = contract_dd_tricks(deal)
            assert dd is not None
            gaps[bot].append(dd - deal.declarer_tricks)
    return {bot: (sum(g) / len(g), len(g)) for bot, g in gaps.items()}


def rubber_figures(result: SimulationResult) -> tuple[dict[str, int], dict[str, int], int]:
    """Over both tables: rubbers won per bot, all points of the finished rubbers per bot, rubbers finished."""
    won = {result.ns: 0, result.ew: 0}
    points = {result.ns: 0, result.ew: 0}
    finished = 0
    for table, rubbers in enumerate(result.rubbers):
        bots = result.table_bots(table)
        for rubber in rubbers:
            if rubber.winner is None:
                continue
            finished += 1
            won[bots[rubber.winner]] += 1
            for side in Side:
                points[bots[side]] += rubber.totals[side]
    return won, points, finished


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--timing-deals", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="seed")
    parser.add_argument("--skip-timing", action="store_true")
    args = parser.parse_args(argv)
    rules = RuleSet.named(args.rules)
    print("$ " + shlex.join([sys.executable, *sys.argv]))
    start = time.monotonic()

    if not args.skip_timing:
        print(f"\nDecision time per bot ({args.timing_deals} deals each, one process, seconds)")
        print(f"{'bot':<12} {'decisions':>9} {'p50':>8} {'p95':>8} {'max':>8}")
        for name in BOT_NAMES:
            res = simulate(deals=args.timing_deals, ns=name, ew="rule", rules=rules, seed=args.seed, workers=1)
            times = sorted(t for o in res.outcomes for t in o.times[0])
            info = res.decision_times()["ns"]
            print(f"{name:<12} {len(times):>9} {info['p50']:>8.4f} {info['p95']:>8.4f} {times[-1]:>8.4f}")

    results = []
    for first, second in (("rule", "random"), ("sim-normal", "rule")):
        t0 = time.monotonic()
        res = simulate(deals=args.deals, ns=first, ew=second, rules=rules, seed=args.seed, duplicate=True,
                       workers=args.workers, progress=progress_bar(desc=f"{first} vs {second}"))
        results.append(res)
        lo, hi = res.ci95
        print(f"\nDuplicate, {args.deals} deals, seed {args.seed}, rules {rules.name}: {first} vs {second}"
              f"  (equivalent: vint simulate --deals {args.deals} --ns {first} --ew {second} --rules {rules.name} "
              f"--seed {args.seed} --duplicate --workers {args.workers} --json)")
        print(f"  mean difference per deal {res.mean_diff_per_deal:+.1f} points for {first}, "
              f"95% interval [{lo:+.1f}, {hi:+.1f}]  ({'above zero' if lo > 0 else 'NOT above zero'})"
              f"  wall {time.monotonic() - t0:.0f} s")
        won, points, finished = rubber_figures(res)
        print(f"  rubbers finished {finished} (both tables): won by {first} {won[first]}, by {second} "
              f"{won[second]}; points in finished rubbers {first} {points[first]}, {second} {points[second]}")
        for role, info in res.decision_times().items():
            print(f"  {role} {info['bot']:<11} p50 {info['p50']:.4f} s  p95 {info['p95']:.4f} s "
                  f"over {info['decisions']} decisions")

    print("\nDeclarer play against double dummy (tricks below the DD result of the same contract)")
    gaps: dict[str, list[tuple[float, int]]] = defaultdict(list)
    for res in results:
        for bot, gap in declarer_gap(res).items():
            gaps[bot].append(gap)
    for bot, items in gaps.items():
        n = sum(k for _, k in items)
        mean = sum(g * k for g, k in items) / n
        print(f"  {bot:<11} {mean:+.2f} tricks over {n} contracts")
    print(f"\nwall time {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
