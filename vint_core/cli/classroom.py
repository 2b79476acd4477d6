"""``vint class``: a class, its roster and boards, the learners' personal links, a traveller, an export.

``vint class create 7b --teacher "Ms Ivanova"`` makes the class; ``vint class learners add 7b anna boris``
puts learners on its roster; ``vint class boards add 7b --seeds 1,2,3 --dealer N`` (or ``--pbn FILE``)
publishes boards; ``vint class tokens 7b --url URL`` prints each learner's personal link (for a class without
a hub); ``vint class traveller 7b 1`` prints board 1's traveller; ``vint class export 7b results`` writes a
table as CSV that a spreadsheet opens safely. Every action takes ``--db URL`` (default ``$VINT_CLASS_DB``, or
SQLite ``class.db`` in the data folder's ``class`` folder).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from vint_core.classroom import TOKEN_PARAM
from vint_core.cli.args import env_language, help_lang, helps
from vint_core.i18n import LANGUAGES, side_name, text
from vint_core.rules import RULE_SETS

__all__ = ["TOKEN_PARAM", "personal_link", "register", "seeds_arg"]


def personal_link(url: str, token: str) -> str:
    """``url`` with the learner's token as its :data:`~vint_core.classroom.TOKEN_PARAM` query parameter (the
    other parameters kept).

    >>> personal_link("http://school.example:8866/?lang=de", "abc")
    'http://school.example:8866/?lang=de&class_token=abc'
    """
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != TOKEN_PARAM]
    return urlunsplit(parts._replace(query=urlencode([*query, (TOKEN_PARAM, token)])))


def seeds_arg(lang: str) -> Callable[[str], list[int]]:
    """``--seeds``: seeds separated by commas, whole numbers from 0; its mistakes said in ``lang``.

    >>> seeds_arg("en")("1, 2,3")
    [1, 2, 3]
    >>> seeds_arg("ru")("1,x")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: не список зёрен: «1,x» (пишите их так: 1,2,3)
    """
    def read(value: str) -> list[int]:
        try:
            seeds = [int(part) for part in value.split(",") if part.strip()]
        except ValueError:
            raise argparse.ArgumentTypeError(text("cli_class_bad_seeds", lang, text=value)) from None
        if not seeds or any(seed < 0 for seed in seeds):
            raise argparse.ArgumentTypeError(text("cli_class_negative_seeds", lang, text=value))
        return seeds
    return read


def register(subparsers: Any) -> None:
    """Add ``vint class`` to the ``vint`` command."""
    p = subparsers.add_parser("class", help=helps("class"), description=helps("class_about"))
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", metavar="URL", default=None, help=helps("class_db"))
    db.add_argument("--lang", choices=LANGUAGES, default=None, help=helps("lang_output", choices=", ".join(LANGUAGES)))
    sub = p.add_subparsers(title=helps("actions"), metavar="ACTION", required=True)

    c = sub.add_parser("create", parents=[db], help=helps("class_create"))
    c.add_argument("name")
    c.add_argument("--teacher", required=True, help=helps("class_teacher"))
    c.add_argument("--rules", default="seed", help=helps("rules", choices=", ".join(RULE_SETS)))
    c.add_argument("--named", action="store_true", help=helps("class_named"))
    c.set_defaults(func=_create)

    learners = sub.add_parser("learners", help=helps("class_learners")).add_subparsers(metavar="ACTION", required=True)
    la = learners.add_parser("add", parents=[db], help=helps("class_learners_add"))
    la.add_argument("cls", metavar="CLASS")
    la.add_argument("names", nargs="*", metavar="NAME")
    la.add_argument("--file", type=Path, help=helps("class_file"))
    la.set_defaults(func=_learners_add)
    ll = learners.add_parser("list", parents=[db], help=helps("class_learners_list"))
    ll.add_argument("cls", metavar="CLASS")
    ll.set_defaults(func=_learners_list)

    boards = sub.add_parser("boards", help=helps("class_boards")).add_subparsers(metavar="ACTION", required=True)
    ba = boards.add_parser("add", parents=[db], help=helps("class_boards_add"))
    ba.add_argument("cls", metavar="CLASS")
    ba.add_argument("--title", default=None, help=helps("class_title"))
    what = ba.add_mutually_exclusive_group(required=True)
    what.add_argument("--seeds", type=seeds_arg(help_lang()), help=helps("class_seeds"))
    what.add_argument("--pbn", type=Path, metavar="FILE", help=helps("class_pbn"))
    ba.add_argument("--dealer", default="N", choices=("N", "E", "S", "W"), help=helps("class_dealer"))
    ba.set_defaults(func=_boards_add)
    bl = boards.add_parser("list", parents=[db], help=helps("class_boards_list"))
    bl.add_argument("cls", metavar="CLASS")
    bl.set_defaults(func=_boards_list)

    t = sub.add_parser("tokens", parents=[db], help=helps("class_tokens"))
    t.add_argument("cls", metavar="CLASS")
    t.add_argument("--url", default=None, help=helps("class_url", param=TOKEN_PARAM))
    t.add_argument("--learner", action="append", default=None, help=helps("class_learner"))
    t.set_defaults(func=_tokens)

    tr = sub.add_parser("traveller", parents=[db], help=helps("class_traveller"))
    tr.add_argument("cls", metavar="CLASS")
    tr.add_argument("board", type=int, metavar="BOARD", help=helps("class_board"))
    tr.add_argument("--json", action="store_true", help=helps("class_json"))
    tr.set_defaults(func=_traveller)

    ex = sub.add_parser("export", parents=[db], help=helps("class_export"))
    ex.add_argument("cls", metavar="CLASS")
    tables = ("results", "learners", "quiz", "mastery", "mistakes", "refusals")
    ex.add_argument("table", nargs="?", default="results", choices=tables,
                    help=helps("class_table", choices=", ".join(tables)))
    ex.add_argument("--out", type=Path, default=None, help=helps("class_out"))
    ex.set_defaults(func=_export)


def _store(args: argparse.Namespace) -> Any:
    from vint_core.classroom.store import ClassStore

    return ClassStore(args.db or os.environ.get("VINT_CLASS_DB") or None)


def _lang(args: argparse.Namespace) -> str:
    return str(getattr(args, "lang", None) or env_language() or "en")


def _create(args: argparse.Namespace) -> int:
    info = _store(args).create_class(args.name, rules=args.rules, teacher=args.teacher, anonymise=not args.named)
    print(text("cli_class_created", _lang(args), name=info.name, rules=info.rules.name, teacher=info.teacher))
    return 0


def _learners_add(args: argparse.Namespace) -> int:
    from vint_core.errors import CommandError
    from vint_core.files import read_bytes

    names = list(args.names)
    if args.file is not None:
        if not args.file.is_file():
            raise CommandError(text("cli_no_such_file", _lang(args), path=args.file))
        lines = read_bytes(args.file, limit=1_000_000).decode("utf-8", "replace").splitlines()
        names += [line.strip() for line in lines if line.strip()]
    if not names:
        raise CommandError(text("cli_no_names", _lang(args)))
    store = _store(args)
    store.add_learners(args.cls, names)
    print(text("cli_learners_in", _lang(args), n=len(store.learners(args.cls)), cls=args.cls))
    return 0


def _learners_list(args: argparse.Namespace) -> int:
    for learner in _store(args).learners(args.cls):
        print(learner.name)
    return 0


def _boards_add(args: argparse.Namespace) -> int:
    from vint_core import pbn
    from vint_core.errors import CommandError

    store = _store(args)
    if args.pbn is not None:
        if not args.pbn.is_file():
            raise CommandError(text("cli_no_such_file", _lang(args), path=args.pbn))
        rules = store.get_class(args.cls).rules
        items: list[Any] = pbn.loads(pbn.read_file(args.pbn), rules=rules)
        title = args.title or args.pbn.name
    else:
        items = [(seed, args.dealer) for seed in args.seeds]
        title = args.title or text("cli_seeds_title", _lang(args), seeds=",".join(map(str, args.seeds)))
    published = store.publish_boards(args.cls, title, items)
    print(text("cli_published", _lang(args), n=len(published), cls=args.cls, first=published[0].number,
               last=published[-1].number, title=title))
    return 0


def _boards_list(args: argparse.Namespace) -> int:
    from vint_core.i18n import seat_name

    for board in _store(args).boards(args.cls):
        source = text("cli_class_seed", _lang(args), seed=board.seed) if board.seed is not None else board.pbn_deal
        print(f"{board.number}\t{seat_name(board.dealer, _lang(args))}\t{source}\t{board.set_title}")
    return 0


def _tokens(args: argparse.Namespace) -> int:
    from vint_core.errors import CommandError

    store = _store(args)
    roster = [learner.name for learner in store.learners(args.cls)]
    wanted = args.learner or roster
    unknown = [name for name in wanted if name not in roster]
    if unknown:
        raise CommandError(text("cli_not_on_roster", _lang(args), cls=args.cls, names=", ".join(unknown)))
    for name in wanted:
        token = store.issue_token(args.cls, name)
        print(f"{name}\t{personal_link(args.url, token) if args.url else token}")
    return 0


def _traveller(args: argparse.Namespace) -> int:
    from vint_core.errors import CommandError

    store = _store(args)
    board = next((b for b in store.boards(args.cls) if b.number == args.board), None)
    if board is None:
        raise CommandError(text("class_unknown_board", _lang(args), name=args.cls, board=args.board))
    traveller = store.traveller(args.cls, board.id, lang=_lang(args))
    if args.json:
        print(json.dumps({
            "board": board.number,
            "rows": [{"rank": r.rank, "learner": r.learner, "contract": r.contract, "declarer": r.declarer,
                      "tricks": r.tricks, "points": {"NS": r.points_ns, "EW": r.points_ew}} for r in traveller.rows],
            "par": None if traveller.par is None else {
                side: {"contract": line.contract, "declarer": line.declarer, "tricks": line.tricks,
                       "points": line.points.to_json()} for side, line in zip(("NS", "EW"), traveller.par,
                                                                            strict=True)},
        }, ensure_ascii=False))
        return 0
    passed = text("class_passed_out", _lang(args))
    for r in traveller.rows:
        what = passed if r.contract is None else f"{r.contract} {r.declarer} {r.tricks}"
        print(f"{r.rank}\t{r.learner}\t{what}\t{r.points_ns}\t{r.points_ew}")
    if traveller.par is not None:
        for i, line in enumerate(traveller.par):
            par = text("cli_par", _lang(args), side=side_name(i, _lang(args)))
            print(f"{par}\t{line.contract} {line.declarer} {line.tricks}\t{line.points.ns}\t{line.points.ew}")
    return 0


def _export(args: argparse.Namespace) -> int:
    data = _store(args).export_csv(args.cls, args.table)
    if args.out is None:
        sys.stdout.write(data)
    else:
        args.out.write_text(data, encoding="utf-8")
    return 0
