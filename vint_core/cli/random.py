"""``vint random``: play deals with uniformly random legal calls and cards, in rubbers, and write them as PBN."""

from __future__ import annotations

import argparse
from typing import Any

from vint_core import pbn
from vint_core.cli.args import add_lang, count_arg, helps, new_seed, rules_arg, say, seed_arg
from vint_core.errors import CommandError
from vint_core.i18n import os_reason
from vint_core.random_play import random_deals
from vint_core.rubber import rubbers_of
from vint_core.rules import RULE_SETS, SEED, RuleSet


def run(args: argparse.Namespace) -> int:
    """``vint random``."""
    seed = args.seed if args.seed is not None else new_seed()
    rules: RuleSet = args.rules if args.rules is not None else SEED
    deals = random_deals(args.deals, seed=seed, rules=rules)
    text = pbn.dumps(deals, generator=f"vint random --deals {args.deals} --seed {seed} --rules {rules.name}")
    try:
        with open(args.out, "w", encoding="utf-8", newline="\n") as fp:
            fp.write(text)
    except OSError as exc:
        why = os_reason(exc) or exc.strerror or exc
        raise CommandError(say("cannot_write", args.lang, path=args.out, why=why)) from None
    print(say("wrote", args.lang, n=len(deals), rubbers=len(rubbers_of(deals)), path=args.out, seed=seed,
              rules=rules.name))
    return 0


def register(subparsers: Any) -> None:
    """Add ``vint random``."""
    rand = subparsers.add_parser("random", help=helps("random"), description=helps("random_about"))
    rand.add_argument("--deals", type=count_arg, required=True, help=helps("random_deals"))
    rand.add_argument("--seed", type=seed_arg, help=helps("random_seed"))
    rand.add_argument("--rules", type=rules_arg, help=helps("rules", choices=", ".join(RULE_SETS)))
    rand.add_argument("--out", required=True, metavar="FILE.pbn", help=helps("random_out"))
    add_lang(rand)
    rand.set_defaults(func=run)


__all__ = ["register", "run"]
