"""The ``vint`` command, one module per command:

- ``vint deal`` (:mod:`vint_core.cli.deal`): deal four hands from a seed and show them, or print them as PBN;
- ``vint random`` (:mod:`vint_core.cli.random`): random legal deals, in rubbers, written as PBN;
- ``vint score`` (:mod:`vint_core.cli.score`): replay and score the deals of a PBN file;
- ``vint simulate`` (:mod:`vint_core.cli.simulate`): two computer players against each other, in rubbers;
- ``vint quiz`` (:mod:`vint_core.cli.quiz`): quiz items as text, JSON or JupyterQuiz, or the practice page;
- ``vint table`` (:mod:`vint_core.cli.table`): the playable table, served with Voilà;
- ``vint exercises`` (:mod:`vint_core.cli.exercises`): the exercises' student versions, and grading;
- ``vint class`` (:mod:`vint_core.cli.classroom`): a class, its roster and boards, the learners' links, travellers;
- ``vint --version``.

The argument types they share (seat, rules, count, seed, port, language, computer player, the served pages'
settings) are in :mod:`vint_core.cli.args`. A command only parses its arguments and prints; the work is the
library's (:mod:`vint_core.pbn`, :mod:`vint_core.records`, :mod:`vint_core.simulate`, :mod:`vint_core.quiz`,
:mod:`vint_core.app`, :mod:`vint_core.checks`).

**Adding a command** is one new module and one line: write ``vint_core/cli/NAME.py`` with
``register(subparsers) -> None``, which adds its parser with ``subparsers.add_parser("NAME", ...)`` and sets
``func=`` to a function taking the parsed arguments and returning the exit status; then add ``"NAME"`` to
:data:`COMMANDS`. (Place the module in the import-linter contract of pyproject.toml's commands, and give it
a page in docs/api/front.rst.) A command reports a problem the user can fix by raising
:class:`~vint_core.errors.CommandError` (or any ``VintError``): :func:`main` prints it as one line on stderr
and returns 1, never a traceback. A command imports heavy optional packages inside its ``func``, so that
``vint`` works without them.

>>> main(["deal", "--seed", "7", "--pbn"])  # doctest: +ELLIPSIS
% PBN 2.1
...
[Deal "N:..."]
...
0
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from vint_core.cli.args import port_arg, rules_arg, say
from vint_core.cli.deal import deal_diagram
from vint_core.cli.quiz import MAX_QUESTIONS
from vint_core.cli.score import score_text
from vint_core.cli.simulate import output_paths
from vint_core.errors import CommandError, VintError
from vint_core.i18n import os_reason

#: the commands, in the order ``vint --help`` lists them: each is the module ``vint_core.cli.NAME``
COMMANDS = ("deal", "random", "score", "simulate", "quiz", "table", "exercises", "classroom")

__all__ = ["COMMANDS", "MAX_QUESTIONS", "CommandError", "build_parser", "deal_diagram", "main", "output_paths",
           "port_arg", "rules_arg", "score_text"]


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes become one line on stderr instead of usage plus a message."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The ``vint`` parser with every command of :data:`COMMANDS`, its ``--help`` texts in ``lang``."""
    from vint_core import __version__
    from vint_core.cli.args import helps, set_help_language

    set_help_language(lang)
    try:
        parser = _Parser(prog="vint", description=helps("vint"))
        parser.add_argument("--version", action="version", version=f"vint (vint_core) {__version__}")
        subparsers = parser.add_subparsers(title=helps("commands"), metavar="COMMAND")
        for name in COMMANDS:
            importlib.import_module(f"vint_core.cli.{name}").register(subparsers)
    finally:
        set_help_language("en")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``vint`` with ``argv`` (default: the command line); returns the exit status."""
    from vint_core.cli.args import help_language, set_help_language

    first = help_language(sys.argv[1:] if argv is None else argv)
    parser = build_parser(first)
    set_help_language(first)  # the argument types say their mistakes in it
    try:
        args = parser.parse_args(argv)
    except _UsageError as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    finally:
        set_help_language("en")
    lang = getattr(args, "lang", "en") or "en"
    func = getattr(args, "func", None)
    if func is None:
        print("vint: error: " + say("no_command", lang), file=sys.stderr)
        return 2
    try:
        return int(func(args))
    except CommandError as exc:
        message = str(exc)
    except VintError as exc:
        message = exc.message(lang)
    except OSError as exc:
        reason = os_reason(exc)  # the system's words in the learner's language (its own for an errno not known)
        message = reason.text(lang) if reason is not None else f"{exc.strerror or exc}"
    except KeyboardInterrupt:
        return 130
    print("vint: error: " + " ".join(message.split()), file=sys.stderr)
    return 1
