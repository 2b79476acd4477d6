"""Speed of the double-dummy solving in ``vint_core.analysis``, optionally next to an older version of it.

Run from the repository root (endplay installed)::

    .venv/bin/python bench/dds.py --deals 60 --seed 1
    .venv/bin/python bench/dds.py --deals 60 --compare 9ff831a   # analysis.py as it was at that commit

The positions are those SimBot meets: random deals played at random, a position
(0 to 3 cards of the trick played) at every step of their play. Prints the time
per position of ``solve_positions`` in one batch, one by one and on late
positions (six tricks or fewer left, where the solver is quickest and the
Python around it weighs most), and of ``dd_table``. With ``--compare REV`` the
same positions are solved by ``vint_core/analysis.py`` as it was at ``REV``
(for example the last commit that used endplay's private ``_dds`` layer,
9ff831a) and the results are checked to be identical; the two take turns, so
that a change in the machine's load hits both alike. Each figure is the best of
``--rounds``.

These are measurements, never assertions; nothing here runs in the test suite.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from vint_core import Deal, Seat
from vint_core import analysis as current
from vint_core.rules import SEED


def positions(deals: int, seed: int) -> tuple[list[current.Position], list[Deal]]:
    rng = random.Random(seed)
    out: list[current.Position] = []
    played: list[Deal] = []
    while len(played) < deals:
        deal = Deal.new(dealer=Seat(len(played) % 4), seed=rng.getrandbits(32), rules=SEED)
        while not deal.is_finished and deal.play is None:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        if deal.play is None:  # passed out
            continue
        played.append(deal)
        while not deal.is_finished:
            assert deal.play is not None
            out.append(current.Position.of_play(deal.play))
            deal = deal.apply(rng.choice(deal.legal_actions()))
    return out, played


def module_at(rev: str) -> ModuleType:
    """``vint_core/analysis.py`` as it was at commit ``rev``, loaded as a module of its own."""
    root = Path(__file__).resolve().parent.parent
    text = subprocess.run(["git", "-C", str(root), "show", f"{rev}:vint_core/analysis.py"], capture_output=True,
                          text=True, check=True).stdout
    path = Path(tempfile.mkdtemp()) / "analysis_then.py"
    path.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("analysis_then", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["analysis_then"] = module
    spec.loader.exec_module(module)
    return module


def best(f: Callable[[], Any], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40, help="random deals to take positions from (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="repetitions; the best counts (default 3)")
    parser.add_argument("--compare", metavar="REV", help="also time analysis.py as it was at this git commit")
    args = parser.parse_args()
    print("$ " + shlex.join([sys.executable, *sys.argv]))
    pos, deals = positions(args.deals, args.seed)
    late = [p for p in pos if sum(m.bit_count() for m in p.masks) <= 24]
    print(f"{len(pos)} positions from {len(deals)} deals, {len(late)} of them late (six tricks or fewer left)")
    versions: list[tuple[str, Any]] = [("now", current)]
    if args.compare:
        then = module_at(args.compare)
        assert then.solve_positions(pos) == current.solve_positions(pos)
        assert [then.dd_table(d) for d in deals[:5]] == [current.dd_table(d) for d in deals[:5]]
        print(f"results identical to {args.compare}'s on every position and on 5 DD tables")
        versions.append((args.compare, then))
    figures: dict[str, dict[str, float]] = {label: {} for label, _ in versions}
    tasks: dict[str, tuple[Callable[[Any], Any], int]] = {
        "batch": (lambda m: m.solve_positions(pos), len(pos)),
        "one by one": (lambda m: [m.solve_positions([p]) for p in pos[:60]], min(60, len(pos))),
        "late, batch": (lambda m: m.solve_positions(late), len(late)),
        "late, one by one": (lambda m: [m.solve_positions([p]) for p in late], len(late)),
        "dd_table": (lambda m: [m.dd_table(d) for d in deals[:5]], min(5, len(deals))),
    }
    for name, (task, count) in tasks.items():
        for label, module in versions:  # taking turns
            figures[label][name] = best(lambda module=module, task=task: task(module), args.rounds) / max(1, count)
    for label, _ in versions:
        row = ", ".join(f"{name} {1000 * t:.2f} ms" for name, t in figures[label].items())
        print(f"{label:>8}: per position: {row.replace('dd_table', 'per dd_table')}")


if __name__ == "__main__":
    main()
