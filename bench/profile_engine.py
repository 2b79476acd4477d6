"""Where vint_core spends its time playing random deals: cProfile, top functions by own time.

Plays the same random deals as ``bench/engine.py`` (rule set ``seed``, random
legal calls and cards through the public ``Deal`` API, scored at the end) under
cProfile and prints the functions with the most time spent in themselves.
Needs only vint_core. Run::

    .venv/bin/python bench/profile_engine.py --deals 3000 --seed 1
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine import vint_random_deal

from vint_core import Seat


def play(deals: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    seats = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
    calls = cards = 0
    for i in range(deals):
        c, k = vint_random_deal(rng, dealer=seats[i & 3])
        calls += c
        cards += k
    return calls, cards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=3000, help="random deals to profile (default 3000)")
    parser.add_argument("--seed", type=int, default=1, help="seed (default 1)")
    parser.add_argument("--top", type=int, default=25, help="how many functions to list (default 25)")
    parser.add_argument("--sort", default="tottime", help="pstats sort key (default tottime: own time)")
    args = parser.parse_args(argv)

    play(200, args.seed + 1)  # warm-up: fills the engine's caches as a long run would
    start = time.perf_counter()
    play(args.deals, args.seed)
    plain = time.perf_counter() - start

    profiler = cProfile.Profile()
    profiler.enable()
    calls, cards = play(args.deals, args.seed)
    profiler.disable()

    print(f"{args.deals} deals, {(calls + cards) / args.deals:.1f} actions/deal "
          f"(calls {calls / args.deals:.1f}, cards {cards / args.deals:.1f}); "
          f"{args.deals / plain:.0f} deals/s without the profiler")
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(args.sort).print_stats(args.top)
    print(out.getvalue().rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
