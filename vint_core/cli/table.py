"""``vint table``: serve the playable table with Voilà on 127.0.0.1 and open it (:mod:`vint_core.app.launch`).

The options that set the table up are the fields of :class:`~vint_core.app.settings.PageSettings`, read by
the same readers as the page reads their ``VINT_*`` variables with.
"""

from __future__ import annotations

import argparse
from typing import Any

from vint_core.app.launch import IDLE_MINUTES, MAX_TABLES
from vint_core.cli.args import add_lang, bots_arg, more_than_zero, pace_arg, port_arg, rules_arg, seat_arg, seed_arg
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
    parser = subparsers.add_parser("table", help="play Vint in the browser against three computer players",
                                   description="Serve the Vint table with Voilà on 127.0.0.1 and open it.")
    parser.add_argument("--port", type=port_arg, default=None, help="port to serve on (default: a free one)")
    parser.add_argument("--no-browser", action="store_true", help="print the address without opening a browser")
    parser.add_argument("--rules", default=None, type=rules_arg, help=f"rule set: {', '.join(RULE_SETS)}")
    add_lang(parser, default=None, what="table")
    parser.add_argument("--bots", default=None, type=bots_arg,
                        help="computer players: one name for all (random, rule, sim-fast, sim-normal, sim-strong) "
                             "or three separated by commas")
    parser.add_argument("--pace", default=None, type=pace_arg,
                        help="pause between computer cards: none, fast, normal, slow, or confirm (click after each "
                             "trick)")
    parser.add_argument("--seat", default=None, type=seat_arg,
                        help="your seat: N, E, S or W (default: South, or the saved game's)")
    parser.add_argument("--max-tables", type=more_than_zero(int), default=None,
                        help=f"tables served at once (default {MAX_TABLES}); one more page is told the table is full")
    parser.add_argument("--idle-minutes", type=more_than_zero(float), default=None,
                        help=f"minutes before an idle table stops (default {IDLE_MINUTES}); its game is saved")
    parser.add_argument("--seed", type=seed_arg, default=None, help="seed for the shuffles, to replay the same deals")
    parser.add_argument("--class", dest="class_dir", nargs="?", const="", default=None, metavar="DB",
                        help="serve a class's learners (vint class; its store: the --db of vint class, default "
                             "$VINT_CLASS_DB or the data folder's): each plays at their own table from the personal "
                             "link `vint class tokens` prints, and no page plays without one")
    parser.set_defaults(func=run)


__all__ = ["register", "run"]
