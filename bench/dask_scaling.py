"""Deals per second of ``simulate`` on a local Dask cluster of 1 and 2 worker processes (and without Dask).

    PYTHONPATH=. .venv/bin/python bench/dask_scaling.py --deals 400 --ns rule --ew rule

A duplicate run (two tables) is timed once in this process (``workers=1``), then on a
``LocalCluster`` of each number of worker processes in ``--workers`` (one thread each),
the cluster started before the clock starts. Each line: the setting, the seconds, the deals
per second (deals of both tables) and whether the result is identical to the one in this
process. A table's deals depend on its earlier deals (the score sheet), so the tables are
the unit of work: a duplicate run keeps at most two workers busy.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from vint_core.simulate import SimulationResult, dask_client, simulate


def same(a: SimulationResult, b: SimulationResult) -> bool:
    return [d.actions for d in a.deals] == [d.actions for d in b.deals] and a.diffs == b.diffs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--ns", default="rule")
    parser.add_argument("--ew", default="rule")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", default="1,2", help="cluster sizes to time, separated by commas")
    args = parser.parse_args()
    kwargs: dict[str, Any] = {"deals": args.deals, "ns": args.ns, "ew": args.ew, "seed": args.seed, "duplicate": True}
    tables = 2 * args.deals

    started = time.perf_counter()
    base = simulate(workers=1, **kwargs)
    seconds = time.perf_counter() - started
    print(f"no dask, 1 process:   {seconds:7.2f} s  {tables / seconds:8.1f} deals/s")
    for n in (int(x) for x in args.workers.split(",")):
        with dask_client("local", workers=n) as client:
            client.wait_for_workers(n)
            started = time.perf_counter()
            result = simulate(dask=client, **kwargs)
            seconds = time.perf_counter() - started
        print(f"dask, {n} worker(s):    {seconds:7.2f} s  {tables / seconds:8.1f} deals/s  "
              f"identical: {same(base, result)}")


if __name__ == "__main__":
    main()
