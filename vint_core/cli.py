"""The ``vint`` command: ``vint deal``, ``random``, ``score``, ``simulate``, ``quiz``, ``table``, ``exercises``
and ``vint --version``.

This module parses the arguments of ``deal``, ``random``, ``score``, ``simulate`` and ``quiz`` and prints; the
work is done by the library (:mod:`vint_core.pbn`, :mod:`vint_core.records`, :mod:`vint_core.random_play`,
:mod:`vint_core.simulate`, :mod:`vint_core.quiz`). ``table`` comes from :mod:`vint_core.app.launch`,
``exercises`` from :mod:`vint_core.checks.command`.

Other modules add subcommands without changing this file much: import the
module in ``_command_modules``; the module provides
``register(subparsers) -> None``, which adds its parser with
``subparsers.add_parser(...)`` and sets ``func=`` to a function taking the
parsed arguments and returning the exit status. A command reports a problem
the user can fix by raising :class:`~vint_core.errors.CommandError` (or any ``VintError``):
``main`` prints it as one line on stderr and returns 1, never a traceback.
A registering module should import heavy optional packages inside its
``func``, so that ``vint`` works without them.

>>> main(["deal", "--seed", "7", "--pbn"])  # doctest: +ELLIPSIS
% PBN 2.1
...
[Deal "N:..."]
...
0
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, NoReturn

from vint_core import pbn
from vint_core.app.launch import port_arg
from vint_core.bots import BOT_NAMES
from vint_core.deal import Deal
from vint_core.errors import CommandError, FileRefused, ParseError, VintError
from vint_core.i18n import rules_title, seat_name, text
from vint_core.random_play import random_deals
from vint_core.records import score_report
from vint_core.rubber import Rubber, rubbers_of
from vint_core.rules import RULE_SETS, SEED, RuleSet
from vint_core.seats import Seat


def _command_modules() -> tuple[ModuleType, ...]:
    """The modules that add subcommands: each provides ``register(subparsers) -> None``."""
    from vint_core.app import launch
    from vint_core.checks import command
    from vint_core.classroom import command as class_command

    return launch, command, class_command


__all__ = ["CommandError", "build_parser", "deal_diagram", "main", "output_paths", "port_arg", "rules_arg",
           "score_text"]


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes become one line on stderr instead of usage plus a message."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: error: {message}")


# -- texts ----------------------------------------------------------------------
# (English, German), in vint_core.i18n under the prefix 'cli_'.



def _t(key: str, lang: str, **params: Any) -> str:
    return text("cli_" + key, lang, **params)


# -- argument types -----------------------------------------------------------------


def _seat_arg(text: str) -> Seat:
    try:
        return Seat.parse(text)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(exc.message()) from None


def rules_arg(text: str) -> RuleSet:
    """An argparse type: a rule set by name, with the learner's message when it is not one."""
    try:
        return RuleSet.named(text)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(exc.message()) from None


def _count_arg(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 1_000_000):
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of deals (1 to 1000000)")
    return int(text)


def _seed_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError(f"'{text}' is not a seed from 0 to 2**64 - 1")
    return value


def _new_seed() -> int:
    return random.SystemRandom().randrange(10**9)


# -- vint deal ----------------------------------------------------------------------


def _hand_lines(deal: Deal, seat: Seat) -> list[str]:
    from vint_core.cards import Suit

    hand = deal.hands[seat]
    return [f"{suit.symbol} " + (" ".join(str(c.rank) for c in hand.suit(suit)) or "—") for suit in Suit]


def deal_diagram(deal: Deal, *, seed: int | None = None, lang: str = "en") -> str:
    """The four hands round the table, as text: North on top, West and East beside, South below."""
    width = 30
    indent = " " * 16
    out = [_t("deal_head", lang, seed="—" if seed is None else seed, rules=rules_title(deal.rules.name, lang),
              dealer=seat_name(deal.dealer, lang)), ""]
    out.append(indent + seat_name(Seat.NORTH, lang))
    out += [indent + line for line in _hand_lines(deal, Seat.NORTH)]
    out.append(f"{seat_name(Seat.WEST, lang):<{width}}{seat_name(Seat.EAST, lang)}")
    for west, east in zip(_hand_lines(deal, Seat.WEST), _hand_lines(deal, Seat.EAST), strict=True):
        out.append(f"{west:<{width}}{east}")
    out.append(indent + seat_name(Seat.SOUTH, lang))
    out += [indent + line for line in _hand_lines(deal, Seat.SOUTH)]
    return "\n".join(out) + "\n"


def _cmd_deal(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else _new_seed()
    rules: RuleSet = args.rules if args.rules is not None else SEED
    dealer: Seat = args.dealer if args.dealer is not None else Seat.NORTH
    deal = Deal.new(dealer=dealer, seed=seed, rules=rules, board="1")
    if args.pbn:
        sys.stdout.write(pbn.dumps(deal, generator=f"vint deal --seed {seed} --dealer {dealer.letter} "
                                                        f"--rules {rules.name}"))
    else:
        sys.stdout.write(deal_diagram(deal, seed=seed, lang=args.lang))
    return 0


# -- vint random --------------------------------------------------------------------


def _cmd_random(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else _new_seed()
    rules: RuleSet = args.rules if args.rules is not None else SEED
    deals = random_deals(args.deals, seed=seed, rules=rules)
    text = pbn.dumps(deals, generator=f"vint random --deals {args.deals} --seed {seed} --rules {rules.name}")
    try:
        with open(args.out, "w", encoding="utf-8", newline="\n") as fp:
            fp.write(text)
    except OSError as exc:
        raise CommandError(_t("cannot_write", args.lang, path=args.out, why=exc.strerror or exc)) from None
    print(_t("wrote", args.lang, n=len(deals), rubbers=len(rubbers_of(deals)), path=args.out, seed=seed,
             rules=rules.name))
    return 0


# -- vint score ---------------------------------------------------------------------


def _read_text(path: str, lang: str) -> str:
    """The PBN file's text: a regular file of at most ``pbn.FILE_LIMIT`` bytes, else one line saying why."""
    try:
        return pbn.read_file(path)
    except FileRefused as exc:
        raise CommandError(_t("cannot_read", lang, path=path, why=exc.message(lang))) from None
    except OSError as exc:
        raise CommandError(_t("cannot_read", lang, path=path, why=exc.strerror or exc)) from None


def score_text(rubbers: Sequence[Rubber], *, lang: str = "en") -> str:
    """Every rubber's score sheet (:meth:`~vint_core.rubber.Rubber.text`), numbered, one after the other."""
    sheets = [rubber.text(lang, number=n) for n, rubber in enumerate(rubbers, start=1)]
    return "\n\n".join(sheets) + "\n" if sheets else ""


def _cmd_score(args: argparse.Namespace) -> int:
    text = _read_text(args.file, args.lang)
    try:
        rubbers = pbn.loads_rubbers(text, rules=args.rules)
    except ParseError as exc:
        raise CommandError(_t("in_file", args.lang, path=args.file, error=exc.message(args.lang))) from None
    if not rubbers:
        raise CommandError(_t("no_deals", args.lang, path=args.file))
    if args.json:
        sys.stdout.write(json.dumps(score_report(rubbers, lang=args.lang), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(score_text(rubbers, lang=args.lang))
    return 0


# -- vint simulate ------------------------------------------------------------------


def _positive(textvalue: str) -> int:
    if not (textvalue.isascii() and textvalue.isdigit() and int(textvalue) >= 1):
        raise argparse.ArgumentTypeError(f"'{textvalue}' is not a positive whole number")
    return int(textvalue)


def _bot_name(textvalue: str) -> str:
    key = textvalue.strip().lower()
    if key not in BOT_NAMES:
        raise argparse.ArgumentTypeError(f"'{textvalue}' is not a bot; the bots are {', '.join(BOT_NAMES)}")
    return key


def output_paths(out: str, *, duplicate: bool) -> list[str]:
    """The PBN files ``vint simulate --out`` writes: ``out`` itself; in a duplicate run also ``out`` with
    ``-swapped`` before the extension, holding the second table (the first bot East–West).
    """
    if not duplicate:
        return [out]
    stem, dot, ext = out.rpartition(".")
    return [out, f"{stem}-swapped.{ext}" if dot and "/" not in ext else out + "-swapped"]


def _cmd_simulate(args: argparse.Namespace) -> int:
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
            raise CommandError(_t("dask_missing", args.lang)) from None
        raise CommandError(_t("dask_unreachable", args.lang, address=args.dask, why=exc)) from None
    if args.out:
        generator = (f"vint simulate --deals {args.deals} --ns {args.ns} --ew {args.ew} --rules {args.rules.name} "
                     f"--seed {args.seed}" + (" --duplicate" if args.duplicate else ""))
        # one file per table, so that each is a rotating run of deals `vint score` reads as rubbers
        for table, path in enumerate(output_paths(args.out, duplicate=args.duplicate)):
            try:
                with open(path, "w", encoding="utf-8", newline="\n") as fp:
                    pbn.dump(result.table_deals(table), fp, generator=generator)
            except OSError as exc:
                raise CommandError(_t("cannot_write", args.lang, path=path, why=exc.strerror or exc)) from None
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for line in result.summary(args.lang):
            print(line)
    return 0


# -- the parser ---------------------------------------------------------------------


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", choices=("en", "de"), default="en", help="language of the output (en or de)")


def _register(subparsers: Any) -> None:
    names = ", ".join(RULE_SETS)
    deal = subparsers.add_parser("deal", help="deal four hands and show them",
                                 description="Deal four hands (reproducibly from a seed) and show them.")
    deal.add_argument("--seed", type=_seed_arg, help="the seed of the shuffle (default: a new one, printed)")
    deal.add_argument("--dealer", type=_seat_arg, help="the dealer: N, E, S or W (default N)")
    deal.add_argument("--rules", type=rules_arg, help=f"the rule set: {names} (default seed)")
    deal.add_argument("--pbn", action="store_true", help="print the deal as PBN")
    _add_lang(deal)
    deal.set_defaults(func=_cmd_deal)

    rand = subparsers.add_parser("random", help="write random legal deals to a PBN file",
                                 description="Play deals with uniformly random legal calls and cards, grouped "
                                             "into rubbers, and write them as PBN.")
    rand.add_argument("--deals", type=_count_arg, required=True, help="how many deals")
    rand.add_argument("--seed", type=_seed_arg, help="the seed (default: a new one, written into the file)")
    rand.add_argument("--rules", type=rules_arg, help=f"the rule set: {names} (default seed)")
    rand.add_argument("--out", required=True, metavar="FILE.pbn", help="the file to write")
    _add_lang(rand)
    rand.set_defaults(func=_cmd_random)

    score = subparsers.add_parser("score", help="replay and score the deals of a PBN file",
                                  description="Replay every deal of a PBN file through the rules (checking "
                                              "every call and card) and show each deal's itemised score and "
                                              "the rubbers' totals.")
    score.add_argument("file", metavar="FILE.pbn", help="the PBN file")
    score.add_argument("--rules", type=rules_arg,
                       help=f"score under this rule set: {names} (default: the file's VintRules, else seed)")
    score.add_argument("--json", action="store_true", help="print one JSON object")
    _add_lang(score)
    score.set_defaults(func=_cmd_score)

    sim = subparsers.add_parser(
        "simulate", help="let two bots play seeded deals against each other, in rubbers",
        description="Let two bots play seeded deals against each other, in rubbers at each table, and report the "
                    "score difference per deal and the rubbers.")
    sim.add_argument("--deals", type=_positive, default=20, help="how many deals (default 20)")
    sim.add_argument("--ns", type=_bot_name, default="rule", help=f"bot for North–South: {', '.join(BOT_NAMES)}")
    sim.add_argument("--ew", type=_bot_name, default="random", help="bot for East–West")
    sim.add_argument("--rules", type=rules_arg, default=SEED, help="rule set (default seed)")
    sim.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    sim.add_argument("--duplicate", action="store_true",
                     help="play every deal at a second table with the partnerships swapped")
    sim.add_argument("--workers", type=_positive, default=1,
                     help="worker processes: 2 plays the two tables of --duplicate at once "
                          "(results do not depend on it); with --dask local, the cluster's worker processes")
    sim.add_argument("--dask", metavar="ADDRESS|local",
                     help="play the tables on a Dask cluster: a scheduler's address (tcp://host:8786) or 'local' "
                          "for one on this machine (needs the dask extra; results do not depend on it)")
    sim.add_argument("--out", metavar="FILE.pbn",
                     help="write every deal played as PBN (with --duplicate the second table goes to "
                          "FILE-swapped.pbn)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of sentences")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    _add_lang(sim)
    sim.set_defaults(func=_cmd_simulate)


# -- vint quiz ----------------------------------------------------------------------


def _register_quiz(subparsers: Any) -> None:
    """``vint quiz``: quiz items as JSON (or JupyterQuiz questions, or text), or the practice page."""
    from vint_core.quiz import TOPICS, TYPES

    topics = ["all", *TOPICS, *TYPES]
    quiz = subparsers.add_parser("quiz", help="quiz questions generated by the engine, or the practice page",
                                 description="Generate quiz items (the same seed gives the same items) and print "
                                             "them, or serve the practice page in the browser (--serve).")
    quiz.add_argument("--topic", default="all", choices=topics, metavar="TOPIC",
                      help=f"a topic or a question type: {', '.join(topics)} (default all)")
    quiz.add_argument("--count", type=_questions_arg, default=10,
                      help=f"how many items (default 10, at most {MAX_QUESTIONS})")
    quiz.add_argument("--seed", type=_seed_arg, help="the seed (default: a new one, written into the output)")
    quiz.add_argument("--rules", default=None, type=rules_arg,
                      help=f"ask under this rule set: {', '.join(RULE_SETS)} (default seed, the course's own rules; "
                           "the practice page offers the others in its Rules menu)")
    quiz.add_argument("--json", action="store_true", help="print one JSON object (format vint-quiz/1)")
    quiz.add_argument("--format", choices=("text", "json", "jupyterquiz"), default=None,
                      help="text (default), json (as --json) or jupyterquiz (the choice items as JupyterQuiz "
                           "questions)")
    quiz.add_argument("--serve", action="store_true", help="serve the practice page with Voilà and open it")
    quiz.add_argument("--port", type=port_arg, default=None, help="with --serve: the port (default: a free one)")
    quiz.add_argument("--no-browser", action="store_true", help="with --serve: print the address only")
    _add_lang(quiz)
    quiz.set_defaults(func=_cmd_quiz)


#: the most questions ``vint quiz`` writes at once (10,000 take about 0.3 GB as JSON; a million would take 26 GB)
MAX_QUESTIONS = 10_000


def _questions_arg(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_QUESTIONS):
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of questions (1 to {MAX_QUESTIONS})")
    return int(text)


def _cmd_quiz(args: argparse.Namespace) -> int:
    from vint_core.quiz import generate
    from vint_core.quiz.export import jupyterquiz_questions, quiz_document

    if args.serve:
        from vint_core.app.quiz_page import serve

        return serve(args)
    seed = args.seed if args.seed is not None else _new_seed()
    args.rules = args.rules if args.rules is not None else "seed"  # the course's own rules unless chosen
    fmt = args.format or ("json" if args.json else "text")
    if fmt == "json":
        doc = quiz_document(args.topic, seed=seed, count=args.count, rules=args.rules, lang=args.lang)
        print(json.dumps(doc, ensure_ascii=False, indent=1))
    elif fmt == "jupyterquiz":
        items = generate(args.topic, seed=seed, count=args.count, rules=args.rules)
        print(json.dumps(jupyterquiz_questions(items, lang=args.lang), ensure_ascii=False, indent=1))
    else:
        for n, item in enumerate(generate(args.topic, seed=seed, count=args.count, rules=args.rules), 1):
            print(f"{n}. [{item.id}] {item.text(args.lang)}")
            if item.kind == "choice":
                for letter, choice in zip("abcdefgh", item.choices, strict=False):
                    print(f"   {letter}) {item.label(choice, args.lang)}")
            print()
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``vint`` parser with every subcommand, this module's and those of ``_command_modules()``."""
    from vint_core import __version__

    parser = _Parser(prog="vint", description="Vint, the Russian partnership card game: deals, records, scores.")
    parser.add_argument("--version", action="version", version=f"vint (vint_core) {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    _register(subparsers)
    _register_quiz(subparsers)
    for module in _command_modules():
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``vint`` with ``argv`` (default: the command line); returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except _UsageError as exc:
        print(" ".join(str(exc).split()), file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help and --version
        return exc.code if isinstance(exc.code, int) else 0
    lang = getattr(args, "lang", "en") or "en"
    func = getattr(args, "func", None)
    if func is None:
        print("vint: error: " + _t("no_command", lang), file=sys.stderr)
        return 2
    try:
        return int(func(args))
    except CommandError as exc:
        message = str(exc)
    except VintError as exc:
        message = exc.message(lang)
    except OSError as exc:
        message = f"{exc.strerror or exc}"
    except KeyboardInterrupt:
        return 130
    print("vint: error: " + " ".join(message.split()), file=sys.stderr)
    return 1


if __name__ == "__main__":  # pragma: no cover - tests run it as a process
    sys.exit(main())
