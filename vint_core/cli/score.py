"""``vint score``: replay every deal of a PBN file through the rules and show its score and the rubbers' totals."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from vint_core import pbn
from vint_core.cli.args import add_lang, helps, rules_arg, say
from vint_core.errors import CommandError, FileRefused, ParseError
from vint_core.i18n import os_reason
from vint_core.records import score_report
from vint_core.rubber import Rubber
from vint_core.rules import RULE_SETS


def _read_text(path: str, lang: str) -> str:
    """The PBN file's text: a regular file of at most ``pbn.FILE_LIMIT`` bytes, else one line saying why."""
    try:
        return pbn.read_file(path)
    except FileRefused as exc:
        raise CommandError(say("cannot_read", lang, path=path, why=exc.message(lang))) from None
    except OSError as exc:
        raise CommandError(say("cannot_read", lang, path=path, why=os_reason(exc) or exc.strerror or exc)) from None


def score_text(rubbers: Sequence[Rubber], *, lang: str = "en") -> str:
    """Every rubber's score sheet (:meth:`~vint_core.rubber.Rubber.text`), numbered, one after the other."""
    sheets = [rubber.text(lang, number=n) for n, rubber in enumerate(rubbers, start=1)]
    return "\n\n".join(sheets) + "\n" if sheets else ""


def run(args: argparse.Namespace) -> int:
    """``vint score``."""
    text = _read_text(args.file, args.lang)
    try:
        rubbers = pbn.loads_rubbers(text, rules=args.rules)
    except ParseError as exc:
        raise CommandError(say("in_file", args.lang, path=args.file, error=exc.message(args.lang))) from None
    if not rubbers:
        raise CommandError(say("no_deals", args.lang, path=args.file))
    if args.json:
        sys.stdout.write(json.dumps(score_report(rubbers, lang=args.lang), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(score_text(rubbers, lang=args.lang))
    return 0


def register(subparsers: Any) -> None:
    """Add ``vint score``."""
    score = subparsers.add_parser("score", help=helps("score"), description=helps("score_about"))
    score.add_argument("file", metavar="FILE.pbn", help=helps("score_file"))
    score.add_argument("--rules", type=rules_arg, help=helps("score_rules", choices=", ".join(RULE_SETS)))
    score.add_argument("--json", action="store_true", help=helps("json"))
    add_lang(score)
    score.set_defaults(func=run)


__all__ = ["register", "run", "score_text"]
