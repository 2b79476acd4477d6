"""Bots against bots: :func:`simulate` (and ``vint simulate``, in :mod:`vint_core.cli`).

Two computer players (by name: ``random``, ``rule``, ``sim-fast``,
``sim-normal``, ``sim-strong``) play a run of seeded deals, one bot for
North–South and one for East–West. Each table plays real rubbers: it keeps a
score sheet (:class:`~vint_core.rubber.Rubber`), every deal is that rubber's
next deal (the deal passes to the left, the deal number counts from 1 in each
rubber), the bots see the game score of the sheet in their views
(``SeatView.game_score``) and a new rubber starts after a won one. The PBN file
a table writes is therefore a run of rubbers ``vint score`` reads.

With ``duplicate`` every deal is played at two tables with the partnerships
swapped, so that the luck of the cards cancels: deal *i* has the same hands and
the same dealer at both tables (the deal rotates by one seat per deal whatever
happens to the rubbers). Each table keeps its own score sheet, so the game
score the bots see may differ between the tables, and under ``progressive`` so
may the deal number, hence the lowest bid allowed, of the same deal when the
tables' rubbers ended at different times: each table plays real rubbers.

The difference per deal is the first bot's side points minus the second bot's,
counting the deal's own points (tricks, honours, slams, undertricks, not the
game and rubber bonuses the sheet adds), so that both tables of a deal compare
the same thing; in a duplicate run it is the mean over the two tables. The
rubbers each table finished, their winners and totals are reported too.

The hands of deal *i* and the random generator of each seat come from the
master seed, the deal index and the table, so the results are the same
whatever the number of worker processes; since a table's deals depend on its
earlier deals (the score sheet), the work is spread over the tables: a
duplicate run with ``workers`` ≥ 2 plays its two tables in two processes.

With ``dask`` (a ``distributed.Client``, a scheduler's address, or ``"local"``)
the tables are played on a Dask cluster instead: each table is a chain of tasks
of a few deals each, every task going on from the rubber the one before it left,
so the cluster's workers play the tables side by side and the progress bar moves
as each piece comes back. The results are the same as with ``workers``. Dask is
imported only then (the ``dask`` extra: ``pip install 'vint_core[dask]'``); the
workers need ``vint_core`` installed, at the same version.

    vint simulate --deals 200 --ns sim-normal --ew rule --duplicate --workers 2 --json
    vint simulate --deals 2000 --ns rule --ew rule --duplicate --dask tcp://scheduler:8786
"""

from __future__ import annotations

import importlib
import math
import multiprocessing
import queue as queue_module
import random
import statistics
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, Any

from vint_core.bots import make_bot
from vint_core.bots.base import Bot
from vint_core.deal import Action, Deal
from vint_core.errors import bad_argument
from vint_core.i18n import side_name, text
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.seats import PerSide, Seat, Side

#: the dealer of every table's first deal
FIRST_DEALER = Seat.NORTH


@dataclass(frozen=True)
class DealOutcome:
    """One deal of a simulation: its table(s) and the score difference it gives the first bot."""

    index: int
    #: the finished deals: one table, or two (the first bot N–S, then E–W) in a duplicate run
    tables: tuple[Deal, ...]
    #: first bot's side points minus the second bot's (the deal's own points, mean over the tables)
    diff: float
    #: decision times in seconds of the first bot and of the second bot
    times: tuple[tuple[float, ...], tuple[float, ...]]


@dataclass(frozen=True)
class SimulationResult:
    """What :func:`simulate` returns: the deals played, each table's rubbers and the statistics of the match."""

    ns: str
    ew: str
    rules: RuleSet
    seed: int
    duplicate: bool
    outcomes: tuple[DealOutcome, ...]
    #: per table (the first bot N–S, then E–W in a duplicate run): its rubbers in order, the last maybe unfinished
    rubbers: tuple[tuple[Rubber, ...], ...] = ()

    @property
    def deals(self) -> list[Deal]:
        """Every finished deal, deal by deal, table by table within a deal."""
        return [deal for outcome in self.outcomes for deal in outcome.tables]

    def table_deals(self, table: int) -> list[Deal]:
        """The deals of one table (0: the first bot N–S; 1: the first bot E–W), in order."""
        return [outcome.tables[table] for outcome in self.outcomes]

    def table_bots(self, table: int) -> dict[Side, str]:
        """The bots' names at a table, by side."""
        return {Side.NS: self.ns, Side.EW: self.ew} if table == 0 else {Side.NS: self.ew, Side.EW: self.ns}

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
            out[role] = {"bot": name, "decisions": len(times), "p50": quantile(times, 0.5),
                         "p95": quantile(times, 0.95)}
        return out

    def sheet_points(self) -> list[PerSide[int]]:
        """Each deal's points on its table's score sheet (game lines included), in the order of :attr:`deals`."""
        by_table = [[rd.points for rubber in rubbers for rd in rubber.deals] for rubbers in self.rubbers]
        return [by_table[t][i] for i in range(len(self.outcomes)) for t in range(len(self.rubbers))]

    def rubber_report(self) -> list[dict[str, Any]]:
        """Per table: its bots by side, the rubbers it finished, how many each side won, each rubber's
        boards, winner (side and bot) and totals (all points, the rubber bonus included), and the table's
        totals over all its rubbers (the last one maybe unfinished)."""
        out = []
        for table, rubbers in enumerate(self.rubbers):
            bots = self.table_bots(table)
            finished = [r for r in rubbers if r.winner is not None]
            wins = {side.name: sum(1 for r in finished if r.winner is side) for side in Side}
            totals = {side.name: sum(r.totals[side] for r in rubbers) for side in Side}
            out.append({
                "table": table + 1, "NS": bots[Side.NS], "EW": bots[Side.EW],
                "rubbers_finished": len(finished), "wins": wins, "totals": totals,
                "rubbers": [{"boards": r.boards, "finished": r.is_finished,
                             "winner": r.winner.name if r.winner is not None else None,
                             "winner_bot": bots[r.winner] if r.winner is not None else None,
                             "totals": {side.name: r.totals[side] for side in Side}} for r in rubbers],
            })
        return out

    def to_json(self) -> dict[str, Any]:
        """The summary as plain JSON values."""
        lo, hi = self.ci95
        return {
            "deals": len(self.outcomes), "tables": len(self.deals), "ns": self.ns, "ew": self.ew,
            "rules": self.rules.name, "seed": self.seed, "duplicate": self.duplicate,
            "mean_diff_per_deal": self.mean_diff_per_deal, "ci95": [lo, hi],
            "diffs": self.diffs, "decision_times": self.decision_times(),
            "points": [list(p) for p in self.sheet_points()],
            "rubbers": self.rubber_report(),
        }

    def summary(self, lang: str = "en") -> list[str]:
        lo, hi = self.ci95
        lines = [text("simulate_summary", lang, deals=len(self.outcomes), ns=self.ns, ew=self.ew,
                      mean=f"{self.mean_diff_per_deal:+.1f}", lo=f"{lo:+.1f}", hi=f"{hi:+.1f}")]
        for info in self.decision_times().values():
            lines.append(text("simulate_times", lang, bot=info["bot"], n=info["decisions"],
                              p50=f"{info['p50']:.3f}", p95=f"{info['p95']:.3f}"))
        ns_name, ew_name = side_name(Side.NS, lang), side_name(Side.EW, lang)
        for table, rubbers in enumerate(self.rubbers):
            bots = self.table_bots(table)
            lines.append(f"{table + 1}. {ns_name}: {bots[Side.NS]} · {ew_name}: {bots[Side.EW]}")
            for n, rubber in enumerate(rubbers, start=1):
                boards = rubber.boards
                span = f"{boards[0]}–{boards[-1]}" if len(boards) > 1 else f"{boards[0]}"
                score = rubber.totals.text(lang)
                if rubber.winner is not None:
                    winner = f"{side_name(rubber.winner, lang)} ({bots[rubber.winner]})"
                    lines.append("  " + text("sheet_rubber_won", lang, n=n, boards=span, winner=winner, score=score))
                else:
                    lines.append("  " + text("sheet_rubber_open", lang, n=n, boards=span, score=score))
        return lines


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values (the p50 and p95 of decision times), 0 for none."""
    if not sorted_values:
        return 0.0
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


# -- playing --------------------------------------------------------------------


def play_deal(deal: Deal, bots: dict[Side, Bot], *, seed: str,
              game_score: PerSide[int] | None = None) -> tuple[Deal, dict[Side, list[float]]]:
    """Play ``deal`` to the end with one bot per side; each seat's random generator comes from ``seed``.

    The bots' views carry ``game_score`` (each side's points toward the game before this deal).
    """
    rngs = {seat: random.Random(f"{seed}:{seat.letter}") for seat in Seat}
    times: dict[Side, list[float]] = {Side.NS: [], Side.EW: []}
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat, game_score=game_score)
        start = time.perf_counter()
        action = bots[seat.side].choose(view, rngs[seat])
        times[seat.side].append(time.perf_counter() - start)
        deal = deal.apply(action, seat=seat)
    return deal, times


def next_deal(rubber: Rubber, index: int, *, seed: int) -> Deal:
    """Deal number ``index`` (from 0) of a run, dealt as ``rubber``'s next deal.

    The hands come from ``seed`` and ``index`` alone; the dealer is the rubber's next
    dealer, which at a table that started with North dealing is ``Seat(index % 4)``.
    """
    return rubber.new_deal(seed=random.Random(f"vint-simulate:{seed}:{index}"), board=str(index + 1))


@dataclass(frozen=True)
class TableDeal:
    """One deal played at a table: the finished deal, the rubber before it and the decision times per side."""

    index: int
    deal: Deal
    rubber_before: Rubber
    times: dict[Side, list[float]]


def play_table(*, first: Bot, second: Bot, deals: int, seed: int, rules: RuleSet = SEED,
               table: int = 0, start: int = 0, rubber: Rubber | None = None) -> Iterator[TableDeal]:
    """The deals of one table, one by one: table 0 seats ``first`` N–S, table 1 seats it E–W.

    The table plays rubbers one after another from a rubber with North dealing; each
    deal's bots see the rubber's game score; the random generator of each seat comes
    from ``seed``, the deal's index and the table. With ``start`` and ``rubber`` the
    table goes on from deal ``start`` (counting from 0) with ``rubber`` on its sheet,
    as it was after the deal before, and plays ``deals`` more.
    """
    bots = {Side.NS: first, Side.EW: second} if table == 0 else {Side.NS: second, Side.EW: first}
    rubber = Rubber(rules, FIRST_DEALER) if rubber is None else rubber
    for index in range(start, start + deals):
        if rubber.is_finished:
            rubber = rubber.next_rubber()
        deal = next_deal(rubber, index, seed=seed)
        done, times = play_deal(deal, bots, seed=f"vint-simulate:{seed}:{index}:{table + 1}",
                                game_score=rubber.game_score)
        yield TableDeal(index, done, rubber, times)
        rubber = rubber.record(done)


class _Sheet:
    """The parent's record of one table: its rubbers and its deals with their decision times."""

    def __init__(self, rules: RuleSet) -> None:
        self.rubber = Rubber(rules, FIRST_DEALER)
        self.rubbers: list[Rubber] = []
        self.deals: list[Deal] = []
        self.times: list[dict[Side, list[float]]] = []

    def current(self) -> Rubber:
        if self.rubber.is_finished:
            self.rubbers.append(self.rubber)
            self.rubber = self.rubber.next_rubber()
        return self.rubber

    def add(self, deal: Deal, times: dict[Side, list[float]]) -> None:
        self.rubber = self.current().record(deal)
        self.deals.append(deal)
        self.times.append(times)

    def add_actions(self, actions: tuple[Action, ...], times: dict[Side, list[float]], *, seed: int) -> None:
        """Add the table's next deal, sent by a worker as its actions alone, replayed on this sheet."""
        template = next_deal(self.current(), len(self.deals), seed=seed)
        deal = Deal.replay(template.hands, actions, dealer=template.dealer, rules=self.rubber.rules,
                           deal_number=template.deal_number, board=template.board)
        self.add(deal, times)

    def all_rubbers(self) -> tuple[Rubber, ...]:
        return (*self.rubbers, self.rubber) if self.rubber.deals else tuple(self.rubbers)


def _table_process(out: Any, table: int, ns: str, ew: str, deals: int, seed: int, rules: RuleSet) -> None:
    """A worker process: play one table and send every deal back as its actions and decision times."""
    try:
        for played in play_table(first=make_bot(ns), second=make_bot(ew), deals=deals, seed=seed, rules=rules,
                                 table=table):
            out.put(("deal", table, played.deal.actions, played.times))
        out.put(("done", table, None, None))
    except BaseException:  # report anything to the parent rather than leave it waiting
        import traceback

        out.put(("error", table, traceback.format_exc(), None))


def _play_in_processes(sheets: list[_Sheet], *, ns: str, ew: str, deals: int, seed: int, rules: RuleSet,
                       tick: Callable[[], None]) -> None:
    ctx = multiprocessing.get_context("spawn")
    channel = ctx.Queue()
    procs = [ctx.Process(target=_table_process, args=(channel, t, ns, ew, deals, seed, rules), daemon=True)
             for t in range(len(sheets))]
    for proc in procs:
        proc.start()
    try:
        running = set(range(len(sheets)))
        while running:
            try:
                kind, table, payload, times = channel.get(timeout=1.0)
            except queue_module.Empty:
                dead = [t for t in running if procs[t].exitcode not in (None, 0)]
                if dead:
                    raise RuntimeError(f"the worker of table {dead[0] + 1} stopped "
                                       f"(exit code {procs[dead[0]].exitcode})") from None
                continue
            if kind == "error":
                raise RuntimeError(f"the worker of table {table + 1} failed:\n{payload}")
            if kind == "done":
                running.discard(table)
                continue
            sheets[table].add_actions(payload, times, seed=seed)
            tick()
        for proc in procs:
            proc.join()
    finally:
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
                proc.join()


#: the most deals :func:`simulate` plays at one table
MAX_DEALS = 100_000


def simulate(*, deals: int, ns: str, ew: str, rules: RuleSet | str = SEED, seed: int = 0, duplicate: bool = False,
             workers: int = 1, dask: Any = None,
             progress: bool | Callable[[int, int], None] = False) -> SimulationResult:
    """Let bot ``ns`` (N–S) play ``deals`` seeded deals against bot ``ew`` (E–W), in rubbers at each table.

    ``duplicate`` adds a second table with the partnerships swapped. ``workers`` ≥ 2
    plays the two tables of a duplicate run in two processes; the result does not
    depend on it. ``dask`` plays the tables on a Dask cluster instead: a
    ``distributed.Client``, a scheduler's address (``"tcp://host:8786"``), or
    ``"local"`` for a cluster of ``workers`` processes on this machine (see
    :func:`dask_client`); the result is the same. ``progress=True`` shows a progress
    bar (:func:`progress_bar`: a widget in a notebook); a function
    ``progress(done, total)`` is called instead after every deal at every table
    (``total`` is ``deals`` times the number of tables; on Dask, after each piece of
    a table comes back, once per deal in it). ``rules`` may be a rule set's name; anything that cannot be raises a
    :class:`~vint_core.errors.VintError` that says what may be given.
    """
    first, second = make_bot(ns), make_bot(ew)  # fail early on a bad name
    rules = as_rule_set(rules)
    for name, value, low, high in (("deals", deals, 0, MAX_DEALS), ("workers", workers, 1, 256)):
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise bad_argument(name, value, "arg_whole", low=low, high=high)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise bad_argument("seed", seed, "arg_integer")
    if not isinstance(duplicate, bool):
        raise bad_argument("duplicate", duplicate, "arg_bool")
    if not (isinstance(progress, bool) or callable(progress)):
        raise bad_argument("progress", progress, "arg_progress")
    report = progress_bar() if progress is True else progress or None
    n_tables = 2 if duplicate else 1
    sheets = [_Sheet(rules) for _ in range(n_tables)]
    total = deals * n_tables
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if report is not None:
            report(done, total)

    if dask is not None and deals >= 1:
        if isinstance(dask, str):
            with dask_client(dask, workers=workers) as client:
                _play_on_dask(client, sheets, ns=ns, ew=ew, deals=deals, seed=seed, rules=rules, tick=tick)
        else:
            _play_on_dask(dask, sheets, ns=ns, ew=ew, deals=deals, seed=seed, rules=rules, tick=tick)
    elif workers >= 2 and n_tables >= 2 and deals >= 1:
        _play_in_processes(sheets, ns=ns, ew=ew, deals=deals, seed=seed, rules=rules, tick=tick)
    else:
        tables = [play_table(first=first, second=second, deals=deals, seed=seed, rules=rules, table=t)
                  for t in range(n_tables)]
        for _ in range(deals):
            for sheet, table in zip(sheets, tables, strict=True):
                played = next(table)
                sheet.add(played.deal, played.times)
                tick()
    outcomes = []
    for index in range(deals):
        tables_i = tuple(sheet.deals[index] for sheet in sheets)
        margins = [_margin(deal, Side.NS if t == 0 else Side.EW) for t, deal in enumerate(tables_i)]
        first_times = [x for t, sheet in enumerate(sheets) for x in sheet.times[index][Side.NS if t == 0 else Side.EW]]
        second_times = [x for t, sheet in enumerate(sheets) for x in sheet.times[index][Side.EW if t == 0 else Side.NS]]
        outcomes.append(DealOutcome(index, tables_i, sum(margins) / len(margins),
                                    (tuple(first_times), tuple(second_times))))
    return SimulationResult(ns, ew, rules, seed, duplicate, tuple(outcomes),
                            tuple(sheet.all_rubbers() for sheet in sheets))


# -- Dask ------------------------------------------------------------------------------

#: how many pieces each table's run is cut into on Dask, at most (the progress bar's steps per table)
DASK_PIECES = 100
#: how long :func:`dask_client` tries to reach a scheduler
DASK_CONNECT_TIMEOUT = "10s"


@contextmanager
def dask_client(address: str, *, workers: int = 1) -> Iterator[Any]:
    """A ``distributed.Client`` for :func:`simulate`, closed at the end of the ``with`` block: ``"local"``
    starts a cluster of ``workers`` processes (one thread each; its web page on a free port) on this
    machine and closes it too; anything else is the address of a running scheduler (``tcp://host:8786``).

    Raises ``ImportError`` when Dask is not installed and ``OSError`` when no scheduler answers.
    """
    distributed = _distributed()
    if address == "local":
        with distributed.LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
            yield client
    else:
        with distributed.Client(address, timeout=DASK_CONNECT_TIMEOUT) as client:
            yield client


def _distributed() -> Any:
    """``dask.distributed``, imported only now, or an ``ImportError`` saying what to install."""
    try:
        return importlib.import_module("distributed")
    except ImportError as exc:
        raise ImportError("Dask is not installed: pip install 'vint_core[dask]'") from exc


def _dask_piece(previous: tuple[Any, Rubber] | None, *, table: int, ns: str, ew: str, start: int, count: int,
                seed: int, rules: RuleSet) -> tuple[list[tuple[tuple[Action, ...], dict[Side, list[float]]]], Rubber]:
    """A Dask task: ``count`` deals of a table from deal ``start`` on, going on from the rubber the
    ``previous`` piece left; each deal as its actions and decision times, then the rubber after the last."""
    rubber = None if previous is None else previous[1]
    played = list(play_table(first=make_bot(ns), second=make_bot(ew), deals=count, seed=seed, rules=rules,
                             table=table, start=start, rubber=rubber))
    last = played[-1]
    return [(p.deal.actions, p.times) for p in played], last.rubber_before.record(last.deal)


def _play_on_dask(client: Any, sheets: list[_Sheet], *, ns: str, ew: str, deals: int, seed: int, rules: RuleSet,
                  tick: Callable[[], None]) -> None:
    """Each table as a chain of :func:`_dask_piece` tasks; the pieces are added to the sheets in order."""
    as_completed = _distributed().as_completed
    size = max(1, -(-deals // DASK_PIECES))
    starts = range(0, deals, size)
    pieces: dict[Any, tuple[int, int]] = {}
    for table in range(len(sheets)):
        previous = None
        for k, start in enumerate(starts):
            previous = client.submit(_dask_piece, previous, table=table, ns=ns, ew=ew, start=start,
                                     count=min(size, deals - start), seed=seed, rules=rules, pure=False,
                                     key=f"vint-table{table + 1}-deals{start + 1}-{uuid.uuid4().hex[:8]}")
            pieces[previous] = (table, k)
    waiting: list[dict[int, Any]] = [{} for _ in sheets]
    added = [0] * len(sheets)
    try:
        for future in as_completed(list(pieces)):
            table, k = pieces[future]
            waiting[table][k] = future.result()[0]
            while added[table] in waiting[table]:
                for actions, times in waiting[table].pop(added[table]):
                    sheets[table].add_actions(actions, times, seed=seed)
                    tick()
                added[table] += 1
    finally:
        client.cancel(list(pieces))


def _margin(deal: Deal, side: Side) -> int:
    points = deal.points
    return points[side] - points[side.other]


# -- progress ------------------------------------------------------------------------


def progress_bar(*, desc: str | None = None, lang: str = "en",
                 file: IO[str] | None = None) -> Callable[[int, int], None]:
    """A ``progress(done, total)`` callback for :func:`simulate` drawn by tqdm: a widget bar in a notebook
    (``tqdm.auto``), a text line on ``file`` (default stderr) elsewhere.

    ``desc`` labels the bar (default "deals" in ``lang``). The bar opens at the first
    deal and closes after the last one.
    """
    from tqdm.auto import tqdm

    label = desc if desc is not None else text("simulate_progress", lang)
    bar: Any = None

    def update(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = tqdm(total=total, desc=label, file=file, dynamic_ncols=True,
                       bar_format="{desc}: {percentage:3.0f}%|{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}]")
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return update


__all__ = ["DASK_CONNECT_TIMEOUT", "DASK_PIECES", "FIRST_DEALER", "DealOutcome", "SimulationResult", "TableDeal",
           "dask_client", "next_deal", "play_deal", "play_table", "progress_bar", "quantile", "simulate"]
