"""``vint simulate``: let two computer players play seeded deals against each other, in rubbers, and report."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from vint_core import pbn
from vint_core.bots import BOT_NAMES
from vint_core.cli.args import add_lang, bot_arg, helps, positive_arg, rules_arg, say, seed_arg
from vint_core.errors import CommandError
from vint_core.i18n import os_reason
from vint_core.rules import SEED


def output_paths(out: str, *, duplicate: bool) -> list[str]:
    """The PBN files ``vint simulate --out`` writes: ``out`` itself; in a duplicate run also ``out`` with
    ``-swapped`` before the extension, holding the second table (the first bot East–West).
    """
    if not duplicate:
        return [out]
    stem, dot, ext = out.rpartition(".")
    return [out, f"{stem}-swapped.{ext}" if dot and "/" not in ext else out + "-swapped"]


def run(args: argparse.Namespace) -> int:
    """``vint simulate``: play, write the PBN, print the report."""
    from vint_core.simulate import progress_bar, simulate

    progress = False if args.quiet else progress_bar(lang=args.lang, file=sys.stderr)
    try:
        result = simulate(deals=args.deals, ns=args.ns, ew=args.ew, rules=args.rules, seed=args.seed,
                          duplicate=args.duplicate, workers=args.workers, dask=args.dask, progress=progress)
    except (ImportError, OSError) as exc:  # Dask missing, or its scheduler not answering
        if args.dask is None:
            raise
        if isinstance(exc, ImportError):
            raise CommandError(say("dask_missing", args.lang)) from None
        raise CommandError(say("dask_unreachable", args.lang, address=args.dask, why=os_reason(exc) or exc)) from None
    if args.out:
        generator = (f"vint simulate --deals {args.deals} --ns {args.ns} --ew {args.ew} --rules {args.rules.name} "
                     f"--seed {args.seed}" + (" --duplicate" if args.duplicate else ""))
        # one file per table, so that each is a rotating run of deals `vint score` reads as rubbers
        for table, path in enumerate(output_paths(args.out, duplicate=args.duplicate)):
            try:
                with open(path, "w", encoding="utf-8", newline="\n") as fp:
                    pbn.dump(result.table_deals(table), fp, generator=generator)
            except OSError as exc:
                why = os_reason(exc) or exc.strerror or exc
                raise CommandError(say("cannot_write", args.lang, path=path, why=why)) from None
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for line in result.summary(args.lang):
            print(line)
    return 0


def register(subparsers: Any) -> None:
    """Add ``vint simulate``."""
    sim = subparsers.add_parser("simulate", help=helps("simulate"), description=helps("simulate_about"))
    sim.add_argument("--deals", type=positive_arg, default=20, help=helps("simulate_deals"))
    sim.add_argument("--ns", type=bot_arg, default="rule", help=helps("simulate_ns", bots=", ".join(BOT_NAMES)))
    sim.add_argument("--ew", type=bot_arg, default="random", help=helps("simulate_ew"))
    sim.add_argument("--rules", type=rules_arg, default=SEED, help=helps("simulate_rules"))
    sim.add_argument("--seed", type=seed_arg, default=0, help=helps("simulate_seed"))
    sim.add_argument("--duplicate", action="store_true", help=helps("simulate_duplicate"))
    sim.add_argument("--workers", type=positive_arg, default=1, help=helps("simulate_workers"))
    sim.add_argument("--dask", metavar="ADDRESS|local", help=helps("simulate_dask"))
    sim.add_argument("--out", metavar="FILE.pbn", help=helps("simulate_out"))
    sim.add_argument("--json", action="store_true", help=helps("simulate_json"))
    sim.add_argument("--quiet", action="store_true", help=helps("simulate_quiet"))
    add_lang(sim)
    sim.set_defaults(func=run)


__all__ = ["output_paths", "register", "run"]
