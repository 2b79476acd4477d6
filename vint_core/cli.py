"""The ``vint`` command: ``vint deal``, ``vint random``, ``vint score`` and ``vint --version``.

Other modules add subcommands without changing this file much: put the
module's name into ``_COMMAND_MODULES``; the module provides
``register(subparsers) -> None``, which adds its parser with
``subparsers.add_parser(...)`` and sets ``func=`` to a function taking the
parsed arguments and returning the exit status. A command reports a problem
the user can fix by raising :class:`CommandError` (or any ``VintError``):
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
import importlib
import json
import random
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from vint_core import notation
from vint_core.cards import cut_for_dealer
from vint_core.deal import Deal
from vint_core.errors import ParseError, VintError
from vint_core.i18n import seat_name, side_name, text
from vint_core.rubber import Rubber, rubbers_of
from vint_core.rules import RULE_SETS, SEED, RuleSet
from vint_core.scoring import ScoreLine, totals
from vint_core.seats import Seat, Side

#: modules that add subcommands: each provides ``register(subparsers) -> None``
_COMMAND_MODULES: tuple[str, ...] = ("vint_core.app.launch", "vint_core.simulate", "vint_core.checks.command")

__all__ = ["CommandError", "build_parser", "main", "random_deals", "score_report"]


class CommandError(Exception):
    """A problem the user can fix (a missing file, a bad record): one line on stderr, exit status 1."""


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


def _score(points: dict[Side, int], lang: str) -> str:
    return f"{side_name(Side.NS, lang)} {points[Side.NS]}, {side_name(Side.EW, lang)} {points[Side.EW]}"


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
    out = [_t("deal_head", lang, seed="—" if seed is None else seed, rules=deal.rules.name,
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
        sys.stdout.write(notation.dumps(deal, generator=f"vint deal --seed {seed} --dealer {dealer.letter} "
                                                        f"--rules {rules.name}"))
    else:
        sys.stdout.write(deal_diagram(deal, seed=seed, lang=args.lang))
    return 0


# -- vint random --------------------------------------------------------------------


def random_deals(count: int, *, seed: int, rules: RuleSet = SEED) -> list[Deal]:
    """``count`` deals played with uniformly random legal calls and cards, reproducible from ``seed``.

    The first dealer is found by a cut; the deal then rotates, and the deals are
    grouped into rubbers (a finished rubber is followed by the next one), so that
    every deal carries its number in its rubber. Boards are numbered from 1.
    """
    rng = random.Random(seed)
    first_dealer, _ = cut_for_dealer(rng)
    rubber = Rubber(rules, first_dealer)
    deals: list[Deal] = []
    for i in range(count):
        if rubber.is_finished:
            rubber = rubber.next_rubber()
        deal = rubber.new_deal(seed=rng.getrandbits(64), board=str(i + 1))
        while not deal.is_finished:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        rubber = rubber.record(deal)
        deals.append(deal)
    return deals


def _cmd_random(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else _new_seed()
    rules: RuleSet = args.rules if args.rules is not None else SEED
    deals = random_deals(args.deals, seed=seed, rules=rules)
    text = notation.dumps(deals, generator=f"vint random --deals {args.deals} --seed {seed} --rules {rules.name}")
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
    try:
        with open(path, "rb") as fp:
            data = fp.read()
    except OSError as exc:
        raise CommandError(_t("cannot_read", lang, path=path, why=exc.strerror or exc)) from None
    return notation.decode(data)


def score_rubbers(text: str, *, rules: RuleSet | None = None, path: str = "<text>",
                  lang: str = "en") -> list[Rubber]:
    """Replay every deal of a PBN text (checking every call and card) and group the deals into rubbers.

    Under ``rules`` every deal is replayed under that rule set, numbered afresh in
    the rubbers that rule set makes; otherwise under the rule set its tags name.
    Raises :class:`CommandError` with a one-line explanation.
    """
    try:
        records = notation.read_records(text)
    except ParseError as exc:
        raise CommandError(_t("in_file", lang, path=path, error=exc.message(lang))) from None
    if not records:
        raise CommandError(_t("no_deals", lang, path=path))
    rubbers: list[Rubber] = []
    current: Rubber | None = None
    for index, record in enumerate(records):
        if current is not None and current.is_finished:
            rubbers.append(current)
            current = None
        label = record.tag("Board") or str(index + 1)
        try:
            if rules is not None:
                number = current.next_deal_number if current is not None else 1
                deal = record.to_deal(rules=rules, deal_number=number)
            else:
                deal = record.to_deal()
            if not deal.board:
                deal = deal.with_board(str(index + 1))
            if current is None:
                current = Rubber(rules or deal.rules, deal.dealer)
            current = current.record(deal)
        except VintError as exc:
            raise CommandError(_t("in_board", lang, path=path, board=label, error=exc.message(lang))) from None
    assert current is not None
    rubbers.append(current)
    return rubbers


def _side_points(points: dict[Side, int]) -> dict[str, int]:
    return {side.name: points[side] for side in Side}


def _line_json(line: ScoreLine, lang: str) -> dict[str, Any]:
    return {"side": line.side.name, "kind": line.kind, "points": line.points, "text": line.explanation(lang)}


def score_report(rubbers: Sequence[Rubber], *, lang: str = "en") -> dict[str, Any]:
    """The rubbers' deals and totals as the JSON object ``vint score --json`` prints."""
    deals: list[dict[str, Any]] = []
    out_rubbers: list[dict[str, Any]] = []
    for rubber in rubbers:
        for rd in rubber.deals:
            deal = rd.deal
            contract = deal.contract
            deals.append({
                "board": deal.board,
                "dealer": deal.dealer.letter,
                "contract": contract.pbn if contract is not None else None,
                "declarer": contract.declarer.letter if contract is not None else None,
                "tricks": ({"NS": deal.tricks_won(Side.NS), "EW": deal.tricks_won(Side.EW)}
                           if contract is not None else None),
                "lines": [_line_json(line, lang) for line in rd.lines],
                "points": _side_points(rd.points),
            })
        out_rubbers.append({
            "boards": rubber.boards,
            "winner": rubber.winner.name if rubber.winner is not None else None,
            "totals": _side_points(rubber.totals),
            "finished": rubber.is_finished,
            "lines": [_line_json(line, lang) for line in rubber.bonus_lines],
        })
    rules = rubbers[0].rules.name if rubbers else SEED.name
    return {"rules": rules, "deals": deals, "rubbers": out_rubbers}


def score_text(rubbers: Sequence[Rubber], *, lang: str = "en") -> str:
    """Every deal's itemised score and the rubbers' running totals, as text."""
    out: list[str] = []
    for n, rubber in enumerate(rubbers, start=1):
        running: list[ScoreLine] = []
        for rd in rubber.deals:
            deal = rd.deal
            head = [_t("board", lang, board=deal.board), _t("dealer", lang, dealer=seat_name(deal.dealer, lang))]
            contract = deal.contract
            if contract is None:
                head.append(_t("passed_out", lang))
            else:
                head.append(_t("contract", lang, contract=str(contract.bid),
                               declarer=seat_name(contract.declarer, lang)))
                head.append(_t("tricks", lang, ns_name=side_name(Side.NS, lang), ns=deal.tricks_won(Side.NS),
                               ew_name=side_name(Side.EW, lang), ew=deal.tricks_won(Side.EW)))
            out.append(" · ".join(head))
            out += ["  " + line.explanation(lang) for line in rd.lines]
            running += rd.lines
            out.append("  " + _t("this_deal", lang, score=_score(rd.points, lang)) + " · "
                       + _t("running", lang, score=_score(totals(running), lang)))
        out += ["  " + line.explanation(lang) for line in rubber.bonus_lines]
        boards = rubber.boards
        span = f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else f"{boards[0]}"
        if rubber.winner is not None:
            out.append(_t("rubber_won", lang, n=n, boards=span, winner=side_name(rubber.winner, lang),
                          score=_score(rubber.totals, lang)))
        else:
            out.append(_t("rubber_open", lang, n=n, boards=span, score=_score(rubber.totals, lang)))
        out.append("")
    return "\n".join(out)


def _cmd_score(args: argparse.Namespace) -> int:
    text = _read_text(args.file, args.lang)
    rubbers = score_rubbers(text, rules=args.rules, path=args.file, lang=args.lang)
    if args.json:
        sys.stdout.write(json.dumps(score_report(rubbers, lang=args.lang), ensure_ascii=False) + "\n")
    else:
        sys.stdout.write(score_text(rubbers, lang=args.lang))
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


def build_parser() -> argparse.ArgumentParser:
    """The ``vint`` parser with every subcommand, this module's and those of ``_COMMAND_MODULES``."""
    from vint_core import __version__

    parser = _Parser(prog="vint", description="Vint, the Russian partnership card game: deals, records, scores.")
    parser.add_argument("--version", action="version", version=f"vint (vint_core) {__version__}")
    subparsers = parser.add_subparsers(title="commands", metavar="COMMAND")
    _register(subparsers)
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
