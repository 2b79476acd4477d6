"""``vint table``: serve the playable table with Voilà on 127.0.0.1 and open it (:mod:`vint_core.app.launch`).

The options that set the table up are the fields of :class:`~vint_core.app.settings.PageSettings`, read by
the same readers as the page reads their ``VINT_*`` variables with.
"""

from __future__ import annotations

import argparse
from typing import Any

from vint_core.app.launch import IDLE_MINUTES, MAX_TABLES
from vint_core.cli.args import (
    add_lang,
    bots_arg,
    helps,
    more_than_zero,
    pace_arg,
    port_arg,
    rules_arg,
    seat_arg,
    seed_arg,
)
from vint_core.rules import RULE_SETS


def run(args: argparse.Namespace) -> int:
    """``vint table``: serve the table until interrupted."""
    from vint_core.app.launch import run as serve
    from vint_core.app.settings import PageSettings

    settings = PageSettings(rules=args.rules, lang=args.lang, bots=args.bots, seed=args.seed, pace=args.pace,
                            seat=args.seat)
    return serve(settings, port=args.port, open_browser=not args.no_browser,
                 max_tables=args.max_tables or MAX_TABLES, idle_minutes=args.idle_minutes or IDLE_MINUTES,
                 class_dir=args.class_dir)


def register(subparsers: Any) -> None:
    """Add ``vint table``."""
    parser = subparsers.add_parser("table", help=helps("table"), description=helps("table_about"))
    parser.add_argument("--port", type=port_arg, default=None, help=helps("table_port"))
    parser.add_argument("--no-browser", action="store_true", help=helps("table_no_browser"))
    parser.add_argument("--rules", default=None, type=rules_arg,
                        help=helps("table_rules", choices=", ".join(RULE_SETS)))
    add_lang(parser, default=None, what="table")
    parser.add_argument("--bots", default=None, type=bots_arg, help=helps("table_bots"))
    parser.add_argument("--pace", default=None, type=pace_arg, help=helps("table_pace"))
    parser.add_argument("--seat", default=None, type=seat_arg, help=helps("table_seat"))
    parser.add_argument("--max-tables", type=more_than_zero(int), default=None,
                        help=helps("table_max_tables", n=MAX_TABLES))
    parser.add_argument("--idle-minutes", type=more_than_zero(float), default=None,
                        help=helps("table_idle_minutes", minutes=IDLE_MINUTES))
    parser.add_argument("--seed", type=seed_arg, default=None, help=helps("table_seed"))
    parser.add_argument("--class", dest="class_dir", nargs="?", const="", default=None, metavar="DB",
                        help=helps("table_class"))
    parser.set_defaults(func=run)


__all__ = ["register", "run"]
