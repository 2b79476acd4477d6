"""Bots against bots: ``vint simulate`` and :func:`simulate`.

Two computer players (by name: ``random``, ``rule``, ``sim-fast``,
``sim-normal``, ``sim-strong``) play a run of seeded deals, one bot for
North–South and one for East–West. With ``duplicate`` every deal is played
twice with the partnerships swapped, so that the luck of the cards cancels:
the difference per deal is then the mean over the two tables of (the first
bot's side points − the second bot's side points), the deal's own points.
Without ``duplicate`` it is N–S points − E–W points.

Every deal is dealt and played from a seed derived from the master seed and
the deal's number, so the results are the same whatever the number of worker
processes.

    vint simulate --deals 200 --ns sim-normal --ew rule --duplicate --workers 2 --json
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from vint_core.bots import BOT_NAMES, make_bot
from vint_core.bots.base import Bot
from vint_core.deal import Deal
from vint_core.i18n import text
from vint_core.rules import SEED, RuleSet
from vint_core.seats import Seat, Side


@dataclass(frozen=True)
class DealOutcome:
    """One deal of a simulation: its table(s) and the score difference it gives the first bot."""

    index: int
    #: the finished deals: one table, or two (the first bot N–S, then E–W) in a duplicate run
    tables: tuple[Deal, ...]
    #: first bot's side points minus the second bot's (mean over the tables)
    diff: float
    #: decision times in seconds of the first bot and of the second bot
    times: tuple[tuple[float, ...], tuple[float, ...]]


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` returns: the deals played and the statistics of the match."""

    ns: str
    ew: str
    rules: RuleSet
    seed: int
    duplicate: bool
    outcomes: tuple[DealOutcome, ...]

    @property
    def deals(self) -> list[Deal]:
        """Every finished deal, table by table, in order."""
        return [deal for outcome in self.outcomes for deal in outcome.tables]

    @property
    def diffs(self) -> list[float]:
        return [o.diff for o in self.outcomes]

    @property
    def mean_diff_per_deal(self) -> float:
        diffs = self.diffs
        return sum(diffs) / len(diffs) if diffs else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """A 95% confidence interval of the mean difference (normal approximation)."""
        diffs = self.diffs
        mean = self.mean_diff_per_deal
        if len(diffs) < 2:
            return (mean, mean)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
        return (mean - half, mean + half)

    def decision_times(self) -> dict[str, dict[str, Any]]:
        """Per bot (``"ns"``, ``"ew"`` as given): its name, decisions, and p50 / p95 decision time in seconds."""
        out = {}
        for role, name, k in (("ns", self.ns, 0), ("ew", self.ew, 1)):
            times = sorted(t for o in self.outcomes for t in o.times[k])
            out[role] = {"bot": name, "decisions": len(times), "p50": _quantile(times, 0.5),
                         "p95": _quantile(times, 0.95)}
        return out

    def to_json(self) -> dict[str, Any]:
        """The summary as plain JSON values."""
        lo, hi = self.ci95
        return {
            "deals": len(self.outcomes), "tables": len(self.deals), "ns": self.ns, "ew": self.ew,
            "rules": self.rules.name, "seed": self.seed, "duplicate": self.duplicate,
            "mean_diff_per_deal": self.mean_diff_per_deal, "ci95": [lo, hi],
            "diffs": self.diffs, "decision_times": self.decision_times(),
            "points": [[d.points()[Side.NS], d.points()[Side.EW]] for d in self.deals],
        }

    def summary(self, lang: str = "en") -> list[str]:
        lo, hi = self.ci95
        lines = [text("simulate_summary", lang, deals=len(self.outcomes), ns=self.ns, ew=self.ew,
                      mean=f"{self.mean_diff_per_deal:+.1f}", lo=f"{lo:+.1f}", hi=f"{hi:+.1f}")]
        for info in self.decision_times().values():
            lines.append(text("simulate_times", lang, bot=info["bot"], n=info["decisions"],
                              p50=f"{info['p50']:.3f}", p95=f"{info['p95']:.3f}"))
        return lines


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


# -- playing --------------------------------------------------------------------


def play_deal(deal: Deal, bots: dict[Side, Bot], *, seed: str) -> tuple[Deal, dict[Side, list[float]]]:
    """Play ``deal`` to the end with one bot per side; each seat's random generator comes from ``seed``."""
    import random

    rngs = {seat: random.Random(f"{seed}:{seat.letter}") for seat in Seat}
    times: dict[Side, list[float]] = {Side.NS: [], Side.EW: []}
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        start = time.perf_counter()
        action = bots[seat.side].choose(view, rngs[seat])
        times[seat.side].append(time.perf_counter() - start)
        deal = deal.apply(action, seat=seat)
    return deal, times


def _deal_for(index: int, *, seed: int, rules: RuleSet) -> Deal:
    import random

    return Deal.new(dealer=Seat(index % 4), seed=random.Random(f"vint-simulate:{seed}:{index}"), rules=rules,
                    deal_number=index % 7 + 1, board=str(index + 1))


def _margin(deal: Deal, side: Side) -> int:
    points = deal.points()
    return points[side] - points[side.other]


def play_one(index: int, *, first: Bot, second: Bot, seed: int, rules: RuleSet, duplicate: bool) -> DealOutcome:
    """Deal number ``index`` of a run: one table (first bot N–S), or two tables with the seats swapped."""
    deal = _deal_for(index, seed=seed, rules=rules)
    done, t = play_deal(deal, {Side.NS: first, Side.EW: second}, seed=f"vint-simulate:{seed}:{index}:1")
    tables = [done]
    diffs = [_margin(done, Side.NS)]
    first_times, second_times = list(t[Side.NS]), list(t[Side.EW])
    if duplicate:
        done2, t2 = play_deal(deal, {Side.NS: second, Side.EW: first}, seed=f"vint-simulate:{seed}:{index}:2")
        tables.append(done2)
        diffs.append(_margin(done2, Side.EW))
        first_times += t2[Side.EW]
        second_times += t2[Side.NS]
    return DealOutcome(index, tuple(tables), sum(diffs) / len(diffs), (tuple(first_times), tuple(second_times)))


# worker processes keep their two bots between deals
_worker: dict[str, Any] = {}


def _init_worker(ns: str, ew: str, seed: int, rules: RuleSet, duplicate: bool) -> None:
    _worker.update(first=make_bot(ns), second=make_bot(ew), seed=seed, rules=rules, duplicate=duplicate)


_Packed = tuple[int, tuple[tuple[Any, tuple[Any, ...]], ...], float, tuple[tuple[float, ...], tuple[float, ...]]]


def _work(index: int) -> _Packed:
    """Play one deal in a worker; deals travel back as hands and actions and are replayed in the parent."""
    w = _worker
    out = play_one(index, first=w["first"], second=w["second"], seed=w["seed"], rules=w["rules"],
                   duplicate=w["duplicate"])
    return out.index, tuple((d.hands, d.actions) for d in out.tables), out.diff, out.times


def _unpack(packed: _Packed, *, seed: int, rules: RuleSet) -> DealOutcome:
    index, tables, diff, times = packed
    template = _deal_for(index, seed=seed, rules=rules)
    deals = tuple(Deal.replay(hands, actions, dealer=template.dealer, rules=rules, deal_number=template.deal_number,
                              board=template.board) for hands, actions in tables)
    return DealOutcome(index, deals, diff, times)


def simulate(*, deals: int, ns: str, ew: str, rules: RuleSet = SEED, seed: int = 0, duplicate: bool = False,
             workers: int = 1, progress: Callable[[int, int], None] | None = None) -> SimulationResult:
    """Let bot ``ns`` (N–S) play ``deals`` seeded deals against bot ``ew`` (E–W).

    ``workers`` > 1 spreads the deals over processes; the result does not depend on it.
    ``progress(done, total)`` is called after every deal.
    """
    first, second = make_bot(ns), make_bot(ew)  # fail early on a bad name
    outcomes: list[DealOutcome] = []
    if workers <= 1 or deals <= 1:
        for index in range(deals):
            outcomes.append(play_one(index, first=first, second=second, seed=seed, rules=rules,
                                     duplicate=duplicate))
            if progress is not None:
                progress(len(outcomes), deals)
    else:
        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(workers, initializer=_init_worker, initargs=(ns, ew, seed, rules, duplicate)) as pool:
            for packed in pool.imap(_work, range(deals), chunksize=1):
                outcomes.append(_unpack(packed, seed=seed, rules=rules))
                if progress is not None:
                    progress(len(outcomes), deals)
    return SimulationResult(ns, ew, rules, seed, duplicate, tuple(outcomes))


# -- the progress bar -----------------------------------------------------------------


class ProgressBar:
    """A one-line progress bar on a text stream (stderr): ``deals  37/200 [#####.......]  18% 0:42``."""

    def __init__(self, stream: IO[str], *, label: str = "deals", width: int = 30) -> None:
        self.stream = stream
        self.label = label
        self.width = width
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // max(1, total)
        elapsed = int(time.monotonic() - self.start)
        line = (f"\r{self.label} {done:>{len(str(total))}}/{total} [{'#' * filled}{'.' * (self.width - filled)}] "
                f"{100 * done // max(1, total):3d}% {elapsed // 60}:{elapsed % 60:02d}")
        self.stream.write(line + ("\n" if done >= total else ""))
        self.stream.flush()


# -- the command ----------------------------------------------------------------------


def _positive(textvalue: str) -> int:
    if not (textvalue.isascii() and textvalue.isdigit() and int(textvalue) >= 1):
        raise argparse.ArgumentTypeError(f"'{textvalue}' is not a positive whole number")
    return int(textvalue)


def _bot_name(textvalue: str) -> str:
    key = textvalue.strip().lower()
    if key not in BOT_NAMES:
        raise argparse.ArgumentTypeError(f"'{textvalue}' is not a bot; the bots are {', '.join(BOT_NAMES)}")
    return key


def _rules(textvalue: str) -> RuleSet:
    from vint_core.errors import ParseError

    try:
        return RuleSet.named(textvalue)
    except ParseError as exc:
        raise argparse.ArgumentTypeError(exc.message()) from None


def register(subparsers: Any) -> None:
    """Add ``vint simulate`` to the ``vint`` command."""
    p = subparsers.add_parser(
        "simulate", help="let two bots play seeded deals against each other",
        description="Let two bots play seeded deals against each other and report the score difference per deal.")
    p.add_argument("--deals", type=_positive, default=20, help="how many deals (default 20)")
    p.add_argument("--ns", type=_bot_name, default="rule", help=f"bot for North–South: {', '.join(BOT_NAMES)}")
    p.add_argument("--ew", type=_bot_name, default="random", help="bot for East–West")
    p.add_argument("--rules", type=_rules, default=SEED, help="rule set (default seed)")
    p.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    p.add_argument("--duplicate", action="store_true", help="play every deal twice with the partnerships swapped")
    p.add_argument("--workers", type=_positive, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--out", metavar="FILE.pbn",
                   help="write every deal played as PBN (with --duplicate the second table goes to FILE-swapped.pbn)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of sentences")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--lang", default="en", choices=("en", "de"), help="language of the report")
    p.set_defaults(func=run)


def output_paths(out: str, *, duplicate: bool) -> list[str]:
    """The PBN files ``--out`` writes: ``out`` itself; in a duplicate run also ``out`` with ``-swapped``
    before the extension, holding the second table (the first bot East–West).
    """
    if not duplicate:
        return [out]
    stem, dot, ext = out.rpartition(".")
    return [out, f"{stem}-swapped.{ext}" if dot and "/" not in ext else out + "-swapped"]


def run(args: argparse.Namespace) -> int:
    """``vint simulate``: play, write the PBN, print the report."""
    progress = None if args.quiet else ProgressBar(sys.stderr, label=text("simulate_progress", args.lang))
    result = simulate(deals=args.deals, ns=args.ns, ew=args.ew, rules=args.rules, seed=args.seed,
                      duplicate=args.duplicate, workers=args.workers, progress=progress)
    if args.out:
        from vint_core import notation

        generator = (f"vint simulate --deals {args.deals} --ns {args.ns} --ew {args.ew} --rules {args.rules.name} "
                     f"--seed {args.seed}" + (" --duplicate" if args.duplicate else ""))
        # one file per table, so that each is a rotating run of deals `vint score` reads as rubbers
        for path, table in zip(output_paths(args.out, duplicate=args.duplicate), range(2), strict=False):
            with open(path, "w", encoding="utf-8") as fp:
                notation.dump([o.tables[table] for o in result.outcomes], fp, generator=generator)
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        for line in result.summary(args.lang):
            print(line)
    return 0


__all__ = ["DealOutcome", "ProgressBar", "SimulationResult", "output_paths", "play_deal", "play_one", "register", "run",
           "simulate"]
