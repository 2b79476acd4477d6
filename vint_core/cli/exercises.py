"""``vint exercises``: make the student versions of the exercises, and grade notebooks.

``vint exercises release`` writes the student versions from the solution-first
sources; ``vint exercises grade NOTEBOOK...`` grades each notebook against its
exercise's source (found by the notebook's nbgrader cell ids, whatever the file
is called), running the learner's code in a limited process of its own, and
prints, per check, whether it passed, its points and its message (``--json``
for programs, ``--csv FILE`` for a spreadsheet). The work is :mod:`vint_core.checks.notebooks`'s.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from vint_core.cli.args import add_lang, helps, say

SOURCE = Path("exercises/source")
RELEASE = Path("exercises/release")


def register(subparsers: Any) -> None:
    """Add ``vint exercises`` to the ``vint`` command."""
    p = subparsers.add_parser("exercises", help=helps("exercises"), description=helps("exercises_about"))
    sub = p.add_subparsers(title=helps("actions"), metavar="ACTION", required=True)
    rel = sub.add_parser("release", help=helps("release"))
    rel.add_argument("--source", type=Path, default=SOURCE, help=helps("release_source", default=SOURCE))
    rel.add_argument("--out", type=Path, default=RELEASE, help=helps("release_out", default=RELEASE))
    add_lang(rel, what="messages")
    rel.set_defaults(func=run_release)
    gr = sub.add_parser("grade", help=helps("grade"))
    gr.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK")
    gr.add_argument("--json", action="store_true", help=helps("grade_json"))
    gr.add_argument("--csv", type=Path, metavar="FILE", help=helps("grade_csv"))
    gr.add_argument("--source", type=Path, default=None, metavar="PATH", help=helps("grade_source"))
    gr.add_argument("--learner", help=helps("grade_learner"))
    gr.add_argument("--timeout", type=float, default=120, help=helps("grade_timeout"))
    gr.add_argument("--total-timeout", type=float, default=600, metavar="SECONDS", help=helps("grade_total_timeout"))
    gr.add_argument("--memory", type=int, default=2048, metavar="MB", help=helps("grade_memory"))
    gr.add_argument("--as-user", default=None, metavar="USER", help=helps("grade_as_user"))
    add_lang(gr, what="messages")
    gr.set_defaults(func=run_grade)


def run_release(args: argparse.Namespace) -> int:
    """``vint exercises release``."""
    from vint_core.checks.notebooks import release
    from vint_core.errors import CommandError

    if not args.source.is_dir():
        raise CommandError(say("no_exercise_sources", args.lang, path=args.source))
    for path in release(args.source, args.out):
        print(path)
    return 0


def run_grade(args: argparse.Namespace) -> int:
    """``vint exercises grade``: every notebook it can grade; an error line for each it will not."""
    import os
    import pwd
    import sys

    from vint_core.checks.notebooks import GradingError, grade, grades_csv, load_sources
    from vint_core.checks.sandbox import Limits
    from vint_core.errors import CommandError

    missing = [str(p) for p in args.notebooks if not p.is_file()]
    if missing:
        raise CommandError(say("no_such_notebook", args.lang, paths=", ".join(missing)))
    try:
        load_sources(args.source)
    except GradingError as exc:
        raise CommandError(exc.message(args.lang)) from None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(args.as_user or "nobody")
        except KeyError:
            raise CommandError(say("no_user", args.lang, user=args.as_user or "nobody")) from None
    limits = Limits(memory=args.memory, cpu=int(args.total_timeout) + 1, user=args.as_user)
    folders = {p.resolve().parent for p in args.notebooks}
    grades, refused = [], 0
    for path in args.notebooks:
        try:
            grades.append(grade(path, source=args.source, timeout=args.timeout, total=args.total_timeout,
                                limits=limits, learner=args.learner, hide=folders, lang=args.lang))
        except GradingError as exc:
            refused += 1
            print("vint: " + say("not_graded", args.lang, path=path, why=exc), file=sys.stderr)
    for note in dict.fromkeys(n for g in grades for n in g.notes):
        print("vint: " + say("note", args.lang, note=note), file=sys.stderr)
    if args.json:
        print(json.dumps([g.to_json() for g in grades], ensure_ascii=False))
    else:
        for g in grades:
            print("\n".join(g.lines()))
    if args.csv:
        args.csv.write_text(grades_csv(grades), encoding="utf-8")
    return 1 if refused else 0


__all__ = ["register", "run_grade", "run_release"]
