"""``vint exercises``: make the student versions of the exercises, and grade notebooks.

``vint exercises release`` writes the student versions from the solution-first
sources; ``vint exercises grade NOTEBOOK...`` runs each notebook in a fresh
kernel and prints, per check, whether it passed, its points and its message
(``--json`` for programs, ``--csv FILE`` for a spreadsheet).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

SOURCE = Path("exercises/source")
RELEASE = Path("exercises/release")


def register(subparsers: Any) -> None:
    """Add ``vint exercises`` to the ``vint`` command."""
    p = subparsers.add_parser("exercises", help="make the student versions of the exercises, or grade notebooks",
                              description="Make the student versions of the exercises from their solution-first "
                                          "sources, or run notebooks and grade their checks.")
    sub = p.add_subparsers(title="actions", metavar="ACTION", required=True)
    rel = sub.add_parser("release", help="write the student versions (solutions and hidden tests removed)")
    rel.add_argument("--source", type=Path, default=SOURCE, help=f"the solution-first notebooks (default {SOURCE})")
    rel.add_argument("--out", type=Path, default=RELEASE, help=f"where the student versions go (default {RELEASE})")
    rel.set_defaults(func=run_release)
    gr = sub.add_parser("grade", help="run notebooks in a fresh kernel and grade their checks")
    gr.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK")
    gr.add_argument("--json", action="store_true", help="print one JSON list, one object per notebook")
    gr.add_argument("--csv", type=Path, metavar="FILE", help="also write the grades as CSV, one row per check")
    gr.add_argument("--source", type=Path, default=SOURCE,
                    help=f"take the test cells (hidden tests included) from the sources here (default {SOURCE}, "
                         "when it exists)")
    gr.add_argument("--timeout", type=float, default=120, help="seconds one cell may run (default 120)")
    gr.set_defaults(func=run_grade)


def run_release(args: argparse.Namespace) -> int:
    """``vint exercises release``."""
    from vint_core.checks.notebooks import release
    from vint_core.cli import CommandError

    if not args.source.is_dir():
        raise CommandError(f"no exercise sources at {args.source}: run this in the project folder, or give --source")
    for path in release(args.source, args.out):
        print(path)
    return 0


def run_grade(args: argparse.Namespace) -> int:
    """``vint exercises grade``."""
    from vint_core.checks.notebooks import grade, grades_csv
    from vint_core.cli import CommandError

    missing = [str(p) for p in args.notebooks if not p.is_file()]
    if missing:
        raise CommandError(f"no such notebook: {', '.join(missing)}")
    grades = []
    for path in args.notebooks:
        source = args.source / path.name if args.source is not None else None
        same = source is not None and source.exists() and source.resolve() == path.resolve()
        grades.append(grade(path, source=None if same else source, timeout=args.timeout))
    if args.json:
        print(json.dumps([g.to_json() for g in grades], ensure_ascii=False))
    else:
        for g in grades:
            print("\n".join(g.lines()))
    if args.csv:
        args.csv.write_text(grades_csv(grades), encoding="utf-8")
    return 0


__all__ = ["register", "run_grade", "run_release"]
