"""Figures for the computer players: decision times, duplicate strength, declarer play against double dummy.

Run from the repository root (endplay installed)::

    .venv/bin/python bench/bots.py --deals 200 --workers 2 --seed 1

Prints, with the command line used:

* decision time p50 / p95 per bot and level (``random``, ``rule``, ``sim-fast``,
  ``sim-normal``, ``sim-strong``), over the decisions of a few seeded deals;
* strength by duplicate matches of ``--deals`` deals, each table playing real
  rubbers (the bots bid by the game score of their table's sheet): RuleBot vs
  RandomBot and SimBot ``normal`` vs RuleBot (mean score difference per deal
  and its 95% interval; the interval must lie above zero), and the rubbers
  each bot won and the points of the finished rubbers;
* declarer play against the double-dummy limit: for each bot, the mean number of
  tricks its declaring side takes below the double-dummy result of the same
  contract (negative: more than double dummy, thanks to the defenders);
* bidding against the double-dummy best contract (:func:`bidding_shortfall`): for
  each bot, the mean Vint points its side loses, per contract it declares, to the
  best contract it could have declared over the opponents' last bid, both played
  double dummy; with a 95% interval, and per deal;
* ``--old REF``: the current RuleBot against RuleBot as it is at the git revision
  ``REF`` (its four bot modules are read with ``git show`` into a temporary package
  for this run only), in duplicate on the same seeded deals, with both shortfalls;
* ``--parts information``: RuleBot's shortfall in self-play when each bidder sees part of its
  partner's hand (points, suit lengths, honours), with its trick formula, with one fitted to double
  dummy on other deals, and with the double-dummy tricks themselves (:func:`information`).

These are measurements, never assertions; nothing here runs in the test suite.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import shlex
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from vint_core.analysis import contract_scores, dd_table
from vint_core.bots import BOT_NAMES, Bot, make_bot
from vint_core.bots.trick_formula import hand_terms, pair_terms
from vint_core.calls import Bid, Strain
from vint_core.deal import Action, Deal, Phase
from vint_core.rules import RuleSet
from vint_core.seats import Seat, Side
from vint_core.simulate import SimulationResult, play_table, progress_bar, quantile, simulate
from vint_core.views import SeatView


def declarer_gap(result: SimulationResult, cache: DDCache) -> dict[str, tuple[float, int]]:
    """Per bot: mean (double-dummy tricks − tricks taken) of its declaring side, and the number of contracts."""
    gaps: dict[str, list[int]] = defaultdict(list)
    for outcome in result.outcomes:
        for t, deal in enumerate(outcome.tables):
            contract = deal.contract
            if contract is None or deal.declarer_tricks is None:
                continue
            # table 1: first bot N–S; table 2 (duplicate): first bot E–W
            first_side = Side.NS if t == 0 else Side.EW
            bot = result.ns if contract.side is first_side else result.ew
            dd = cache.table(deal)[contract.strain, contract.declarer]
            gaps[bot].append(dd - deal.declarer_tricks)
    return {bot: (sum(g) / len(g), len(g)) for bot, g in gaps.items()}


DDTable = dict[tuple[Strain, Seat], int]


class DDCache:
    """Double-dummy tables by the hands as dealt, kept in a JSON file between runs (the seeded deals repeat)."""

    def __init__(self, path: str | None) -> None:
        self.path = Path(path) if path else None
        self.tables: dict[str, list[int]] = {}
        if self.path is not None and self.path.exists():
            self.tables = json.loads(self.path.read_text())
        self.added = 0

    def table(self, deal: Deal) -> DDTable:
        key = ",".join(str(deal.hands[seat]._mask) for seat in Seat)
        keys = [(strain, seat) for strain in deal.rules.strain_order for seat in Seat]
        found = self.tables.get(key)
        if found is None or len(found) != len(keys):
            table = dd_table(deal)
            self.tables[key] = [table[k] for k in keys]
            self.added += 1
            return table
        return dict(zip(keys, found, strict=True))

    def save(self) -> None:
        if self.path is not None and self.added:
            self.path.write_text(json.dumps(self.tables))
            self.added = 0


@dataclass(frozen=True)
class Shortfall:
    """What one declaring side's bidding lost to the double-dummy best contract (see :func:`bidding_shortfall`)."""

    side: Side
    #: the best margin the side could have had minus the margin it got, in Vint points
    points: int
    #: the part of it a better level in the same strain, same declarer, would have saved
    level: int
    #: +1 overbid (a lower level was better), -1 underbid (a higher one was), 0 the level was right
    direction: int
    #: the part the other partner declaring the same strain (at its best level) would have saved beyond ``level``
    declarer: int = 0


def bidding_shortfall(deal: Deal, table: DDTable | None = None) -> Shortfall | None:
    """What the declaring side of a finished deal lost by its bidding (None when the deal was passed out).

    The measure: among the contracts the declaring side could still have declared
    over the opponents' last bid (every level and strain of the rule set, either
    partner declaring), the largest margin (the side's points minus the opponents',
    the deal's own points with honours as dealt, :func:`vint_core.analysis.contract_scores`),
    minus the margin of the contract it reached; both played double dummy. It is
    never negative, and the opponents' choices cost the side nothing: a contract
    they bid over, or one they would have had to let the side play, is not held
    against it. The rubber bonus is left out (a deal's own points only).
    """
    contract = deal.contract
    if contract is None:
        return None
    side = contract.side
    rules = deal.rules
    theirs = [call for seat, call in deal.auction.calls_by() if seat.side is not side and isinstance(call, Bid)]
    floor = rules.bid_rank(theirs[-1]) if theirs else None
    open_to_us = [score for score in contract_scores(deal, table=table) if score.contract.side is side
                  and (floor is None or (rules.bid_rank(score.contract.bid) or 0) > floor)]
    reached = next(score for score in open_to_us if score.contract == contract)
    best = max(open_to_us, key=lambda score: score.margin(side))
    same = max((score for score in open_to_us if score.contract.strain is contract.strain
                and score.contract.declarer is contract.declarer), key=lambda score: score.margin(side))
    same_strain = max((score for score in open_to_us if score.contract.strain is contract.strain),
                      key=lambda score: score.margin(side))
    direction = (same.contract.level < contract.level) - (same.contract.level > contract.level)
    return Shortfall(side, best.margin(side) - reached.margin(side), same.margin(side) - reached.margin(side),
                     direction, same_strain.margin(side) - same.margin(side))


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * (var / n) ** 0.5


def shortfalls(result: SimulationResult, cache: DDCache) -> dict[str, list[Shortfall]]:
    """Per bot: what each contract its side declared lost to the best (:func:`bidding_shortfall`)."""
    out: dict[str, list[Shortfall]] = {result.ns: [], result.ew: []}
    for outcome in result.outcomes:
        for t, deal in enumerate(outcome.tables):
            found = bidding_shortfall(deal, cache.table(deal) if deal.contract is not None else None)
            if found is not None:
                out[result.table_bots(t)[found.side]].append(found)
    cache.save()
    return out


def print_shortfalls(per_bot: dict[str, list[Shortfall]], *, deals: int) -> None:
    """Per bot: mean shortfall per contract declared (95% interval), per deal at a table, and its parts."""
    for bot, found in per_bot.items():
        mean, half = mean_ci([float(f.points) for f in found])
        n = max(1, len(found))
        over = sum(f.level for f in found if f.direction > 0) / n
        under = sum(f.level for f in found if f.direction < 0) / n
        down = sum(1 for f in found if f.direction > 0) / n
        declarer = sum(f.declarer for f in found) / n
        print(f"  {bot:<11} {mean:6.1f} ± {half:4.1f} points per contract declared ({len(found)} contracts), "
              f"{sum(f.points for f in found) / max(1, deals):6.1f} per deal and table; of the {mean:.1f}: "
              f"too high {over:.1f} (in {down:.0%} of contracts), too low {under:.1f}, "
              f"strain or declarer {mean - over - under:.1f} (the declarer alone {declarer:.1f})")


def rubber_figures(result: SimulationResult) -> tuple[dict[str, int], dict[str, int], int]:
    """Over both tables: rubbers won per bot, all points of the finished rubbers per bot, rubbers finished."""
    won = {result.ns: 0, result.ew: 0}
    points = {result.ns: 0, result.ew: 0}
    finished = 0
    for table, rubbers in enumerate(result.rubbers):
        bots = result.table_bots(table)
        for rubber in rubbers:
            if rubber.winner is None:
                continue
            finished += 1
            won[bots[rubber.winner]] += 1
            for side in Side:
                points[bots[side]] += rubber.totals[side]
    return won, points, finished


class TimedBot:
    """A bot that records each decision's wall-clock and CPU time (DDS's threads included)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[tuple[float, float]] = []
        #: whether each decision was a call (else a card)
        self.calls: list[bool] = []

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        wall, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(view, rng)
        self.times.append((time.perf_counter() - wall, time.process_time() - cpu))
        self.calls.append(view.phase is Phase.AUCTION)
        return action

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        return self.bot.explain(view, action, lang)


def old_rule_bot(ref: str, where: Path) -> Bot:
    """RuleBot as it is at git revision ``ref``: its bot modules copied from ``git show`` into a package
    under ``where`` (for this run only) that shares the engine with the current code."""
    package = where / "vint_old_bots"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    for module in ("base", "evaluation", "guide", "rule_bot"):
        source = subprocess.run(["git", "show", f"{ref}:vint_core/bots/{module}.py"], check=True,
                                capture_output=True, text=True).stdout
        (package / f"{module}.py").write_text(source.replace("vint_core.bots.", "vint_old_bots."))
    sys.path.insert(0, str(where))
    bot: Bot = importlib.import_module("vint_old_bots.rule_bot").RuleBot()
    bot.name = f"rule@{ref}"
    return bot


def duplicate_against_old(*, ref: str, deals: int, seed: int, rules: RuleSet,
                          cache: DDCache) -> tuple[list[float], dict[str, list[Shortfall]]]:
    """The current RuleBot against RuleBot at ``ref`` on both tables of ``deals`` seeded deals (one process).

    Returns each deal's duplicate score for the current bot (its margin averaged over the two
    tables, as ``vint simulate --duplicate`` counts it) and both bots' bidding shortfalls.
    """
    with tempfile.TemporaryDirectory() as tmp:
        old = old_rule_bot(ref, Path(tmp))
        new = make_bot("rule")
        tables = [list(play_table(first=new, second=old, deals=deals, seed=seed, rules=rules, table=t))
                  for t in (0, 1)]
    diffs: list[float] = []
    short: dict[str, list[Shortfall]] = {"rule": [], old.name: []}
    for index in range(deals):
        margins = []
        for t, side in ((0, Side.NS), (1, Side.EW)):
            deal = tables[t][index].deal
            points = deal.points
            margins.append(points[side] - points[side.other])
            found = bidding_shortfall(deal, cache.table(deal) if deal.contract is not None else None)
            if found is not None:
                short["rule" if found.side is side else old.name].append(found)
        diffs.append(sum(margins) / 2)
    cache.save()
    return diffs, short


def sensitivity(*, variants: list[tuple[float, float]], deals: int, seed: int, rules: RuleSet,
                cache: DDCache) -> None:
    """RuleBot's bidding shortfall in self-play (all four seats RuleBot, one table) when its bidding is made
    bolder or more careful, for this run only: each variant (shift, hopeless) takes ``shift`` tricks off the
    side's trick estimate (negative: adds them) and lets the bot bid up to ``hopeless`` tricks beyond it."""
    from vint_core.bots import rule_bot

    tricks, hopeless = rule_bot._Bidder.tricks, rule_bot.HOPELESS
    try:
        for shift, limit in variants:
            def shifted(bidder: rule_bot._Bidder, strain: Strain, shift: float = shift) -> float:
                return tricks(bidder, strain) - shift

            rule_bot._Bidder.tricks = shifted  # type: ignore[method-assign, assignment]
            rule_bot.HOPELESS = limit
            res = simulate(deals=deals, ns="rule", ew="rule", rules=rules, seed=seed)
            print(f"  trick estimate {-shift or 0.0:+.1f}, bids up to {limit:.1f} tricks beyond it"
                  f"{'  (as shipped)' if (shift, limit) == (0.0, hopeless) else ''}:")
            print_shortfalls({"rule": shortfalls(res, cache)["rule"]}, deals=deals)
    finally:
        rule_bot._Bidder.tricks = tricks  # type: ignore[method-assign]
        rule_bot.HOPELESS = hopeless


def seeing_partner(*, deals: int, seed: int, rules: RuleSet, cache: DDCache) -> None:
    """RuleBot's bidding shortfall in self-play (one table) when each bidder, for this run only, sees its
    partner's hand as dealt: its trick estimate and honours then use the partner's real points, lengths
    and honours instead of what the calls promised. What is left is what the guide's way of bidding (one
    step at a time, by the trick formula) loses even with nothing hidden; the difference to the bot as
    shipped is what the auction does not tell the partners."""
    from vint_core.bots import rule_bot
    from vint_core.bots.evaluation import evaluate, honours_units, partnership_tricks

    dealt: dict[int, tuple[object, ...]] = {}
    view, tricks, honours = Deal.view, rule_bot._Bidder.tricks, rule_bot._Bidder.honours

    def recording_view(deal: Deal, seat: Seat, **kwargs: object) -> SeatView:
        seen = view(deal, seat, **kwargs)  # type: ignore[arg-type]
        dealt[seen.hand_dealt._mask] = tuple(deal.hands[s] for s in Seat)
        return seen

    def partner(bidder: rule_bot._Bidder) -> object:
        return evaluate(dealt[bidder.view.hand_dealt._mask][bidder.seat.partner])  # type: ignore[arg-type]

    def seen_tricks(bidder: rule_bot._Bidder, strain: Strain) -> float:
        other = partner(bidder)
        return partnership_tricks(bidder.ev, strain, partner_hcp=other.hcp,  # type: ignore[attr-defined]
                                  partner_lengths=other.lengths)  # type: ignore[attr-defined]

    def seen_honours(bidder: rule_bot._Bidder, strain: Strain) -> float:
        other, suit = partner(bidder), strain.suit
        held = (bidder.ev.aces + other.aces if suit is None  # type: ignore[attr-defined]
                else bidder.ev.honours[suit] + other.honours[suit])  # type: ignore[attr-defined]
        return honours_units(bidder.rules, strain, held=held, partner_share=0.0)

    Deal.view = recording_view  # type: ignore[method-assign, assignment]
    rule_bot._Bidder.tricks = seen_tricks  # type: ignore[method-assign, assignment]
    rule_bot._Bidder.honours = seen_honours  # type: ignore[method-assign, assignment]
    try:
        res = simulate(deals=deals, ns="rule", ew="rule", rules=rules, seed=seed)
    finally:
        Deal.view = view  # type: ignore[method-assign]
        rule_bot._Bidder.tricks, rule_bot._Bidder.honours = tricks, honours  # type: ignore[method-assign]
    print_shortfalls({"rule": shortfalls(res, cache)["rule"]}, deals=deals)


def solver_cost(*, deals: int, seed: int, rules: RuleSet, bot: str = "sim-fast") -> None:
    """Where a SimBot's time goes: per decision (auction, play) its CPU time p50 / p95, the solver calls and
    boards, the solver's share of the CPU, and the process's memory, and how many boards were solved before in
    the same run (what reusing solved positions could save); once as shipped (DDS's default threads,
    its memory kept between calls) and once with DDS bounded to one thread and its memory given back after
    every decision (``endplay._dds.FreeMemory``, then ``SetMaxThreads(1)`` again, without which the next
    solve crashes). ``deals`` deals against RuleBot, seeded; the bot sits N–S."""
    import psutil

    from vint_core import analysis

    try:
        import endplay._dds as dds
    except ImportError:
        print("  needs endplay")
        return
    proc = psutil.Process()
    counts = {"calls": 0, "boards": 0, "cpu": 0.0}
    solve = analysis.solve_positions

    solved: set[tuple[object, ...]] = set()
    repeats = [0]

    def counted(positions: list[analysis.Position], **kwargs: bool) -> list[dict[object, int]]:
        counts["calls"] += 1
        counts["boards"] += len(positions)
        for pos in positions:  # a board solved before in this run: what reusing solved positions could save
            key = (pos.masks, pos.trump, pos.leader, pos.current, kwargs.get("all_cards", True))
            repeats[0] += key in solved
            solved.add(key)
        cpu = time.process_time()
        try:
            return solve(positions, **kwargs)  # type: ignore[return-value]
        finally:
            counts["cpu"] += time.process_time() - cpu

    class Measured:
        def __init__(self, inner: Bot, bounded: bool) -> None:
            self.inner, self.name, self.bounded = inner, inner.name, bounded
            self.rows: list[tuple[Phase, float, int, int, float, float]] = []

        def choose(self, view: SeatView, rng: random.Random) -> Action:
            before, cpu = dict(counts), time.process_time()
            action = self.inner.choose(view, rng)
            self.rows.append((view.phase, time.process_time() - cpu, int(counts["calls"] - before["calls"]),
                              int(counts["boards"] - before["boards"]), counts["cpu"] - before["cpu"],
                              proc.memory_info().rss / 2**20))
            if self.bounded:
                with analysis._SOLVER:
                    dds.FreeMemory()
                    dds.SetMaxThreads(1)
            return action

        def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
            return self.inner.explain(view, action, lang)

    analysis.solve_positions = counted  # type: ignore[assignment]
    try:
        for bounded in (False, True):
            if bounded:
                with analysis._SOLVER:
                    dds.FreeMemory()
                    dds.SetMaxThreads(1)
            measured = Measured(make_bot(bot), bounded)
            boards = counts["boards"]
            repeats[0] = 0
            solved.clear()
            for _ in play_table(first=measured, second=make_bot("rule"), deals=deals, seed=seed, rules=rules):
                pass
            if not bounded:
                print(f"  boards solved {int(counts['boards'] - boards)}, of them solved before in the same run "
                      f"(the same remaining cards, trump, leader and trick) {repeats[0]}")
            print(f"  {bot}, {'DDS one thread, memory given back after each decision' if bounded else 'as shipped'}:"
                  f" process memory max {max(r[5] for r in measured.rows):.0f} MB, at the end "
                  f"{measured.rows[-1][5]:.0f} MB")
            for phase in (Phase.AUCTION, Phase.PLAY):
                rows = [r for r in measured.rows if r[0] is phase]
                if not rows:
                    continue
                cpu = sorted(r[1] for r in rows)
                n = len(rows)
                print(f"    {phase.name.lower():<8} {n:>4} decisions, CPU p50 {quantile(cpu, 0.5) * 1000:5.0f} ms, "
                      f"p95 {quantile(cpu, 0.95) * 1000:5.0f} ms; per decision {sum(r[2] for r in rows) / n:.1f} "
                      f"solver calls, {sum(r[3] for r in rows) / n:.1f} boards; the solver "
                      f"{sum(r[4] for r in rows) / max(1e-9, sum(cpu)):.0%} of the CPU")
    finally:
        analysis.solve_positions = solve


def _fit_rows(first: int, count: int, *, rules: RuleSet,
              cache: DDCache) -> dict[tuple[str, bool], tuple[list[list[float]], list[float], list[float]]]:
    """The fits' cases on ``count`` deals seeded ``first``, ``first + 1``, …: each seat in turn the hand, with its
    partner's real points and trump length, for every strain. By form and strain kind (True: no-trump): the terms,
    the double-dummy tricks to fit and the shipped formula's estimate. Forms: ``"hand"`` (:func:`hand_terms`
    against the better declarer of the side), ``"hand/declarer"`` (against this seat declaring) and ``"pair"``
    (:func:`pair_terms`, this seat declaring)."""
    from vint_core.bots.evaluation import evaluate, partnership_tricks

    out: dict[tuple[str, bool], tuple[list[list[float]], list[float], list[float]]] = defaultdict(
        lambda: ([], [], []))
    for index in range(count):
        deal = Deal.new(rules=rules, seed=first + index)
        table = cache.table(deal)
        for seat in Seat:
            ev, other = evaluate(deal.hands[seat]), evaluate(deal.hands[seat.partner])
            for strain in rules.strain_order:
                nt = strain.suit is None
                best = float(max(table[strain, seat], table[strain, seat.partner]))
                own = float(table[strain, seat])
                length = 0.0 if nt else float(other.lengths[strain.suit])  # type: ignore[index]
                shipped = partnership_tricks(ev, strain, partner_hcp=other.hcp, partner_lengths=other.lengths)
                for form, terms, target in (("hand", hand_terms(ev, strain, other.hcp, length), best),
                                            ("hand/declarer", hand_terms(ev, strain, other.hcp, length), own),
                                            ("pair", pair_terms(ev, other, strain), own)):
                    x, y, s = out[form, nt]
                    x.append(terms)
                    y.append(target)
                    s.append(shipped)
    cache.save()
    return out


def fit_trick_formula(*, deals: int, seed: int, rules: RuleSet, cache: DDCache) -> dict[bool, list[float]]:
    """Least squares of the double-dummy tricks (the better declarer of a side) on :func:`hand_terms`,
    over ``deals`` random deals seeded ``seed``, ``seed + 1``, … (apart from the deals measured), each seat in
    turn the hand and its partner's real points and length; per strain kind (True: no-trump) the coefficients.
    Prints the root mean square error on the last third when fitted on the first two thirds, next to the
    shipped formula's."""
    import numpy as np

    rows = _fit_rows(seed, deals, rules=rules, cache=cache)
    fitted: dict[bool, list[float]] = {}
    for nt in (True, False):
        x, y, shipped_tricks = (np.array(v) for v in rows["hand", nt])
        cut = len(y) * 2 // 3
        part = np.linalg.lstsq(x[:cut], y[:cut], rcond=None)[0]
        coef = np.linalg.lstsq(x, y, rcond=None)[0]
        fitted[nt] = [float(c) for c in coef]
        print(f"  {'no-trump' if nt else 'suits':<8} {len(y)} cases: the shipped formula off by root mean square "
              f"{np.sqrt(np.mean((shipped_tricks[cut:] - y[cut:]) ** 2)):.2f} tricks, the fitted one "
              f"{np.sqrt(np.mean((x[cut:] @ part - y[cut:]) ** 2)):.2f} (on the last third, fitted on the rest); "
              f"coefficients {np.round(coef, 3).tolist()}")
    return fitted


def fit_formulas(*, deals: int, seed: int, holdout: int, holdout_seed: int, rules: RuleSet,
                 cache: DDCache) -> None:
    """Both forms of :mod:`vint_core.bots.trick_formula` fitted by least squares to double dummy on ``deals``
    deals seeded from ``seed``, and their root mean square error on ``holdout`` other deals seeded from
    ``holdout_seed``, next to the shipped formula's: the one-hand form (each seat with its partner's real points
    and trump length) against the better declarer of the side, as the bidding asks, and against each declarer;
    the two-hand form against each declarer (what SimBot's calls need: the contract's declarer). Prints the
    coefficients as the module's constants, to paste there."""
    import numpy as np

    from vint_core.bots import trick_formula

    fit = _fit_rows(seed, deals, rules=rules, cache=cache)
    held = _fit_rows(holdout_seed, holdout, rules=rules, cache=cache)
    coefficients: dict[tuple[str, bool], list[float]] = {}
    for key in fit:
        form, nt = key
        x, y = np.array(fit[key][0]), np.array(fit[key][1])
        coef = np.linalg.lstsq(x, y, rcond=None)[0]
        coefficients[key] = [round(float(c), 4) for c in coef]
        hx, hy, hs = (np.array(v) for v in held[key])
        est = np.clip(hx @ coef, 0, 13)
        print(f"  {form:<14} {'no-trump' if nt else 'suits':<8} fitted on {len(y)} cases, on {len(hy)} held out: "
              f"root mean square {np.sqrt(np.mean((est - hy) ** 2)):.3f} tricks (mean {np.mean(est - hy):+.3f}); "
              f"the shipped formula {np.sqrt(np.mean((hs - hy) ** 2)):.3f}")
    print("  the constants of vint_core/bots/trick_formula.py:")
    for form, name in (("hand", "HAND"), ("pair", "PAIR")):
        for nt, strain in ((False, "SUIT"), (True, "NOTRUMP")):
            print(f"{name}_{strain}: tuple[float, ...] = {tuple(coefficients[form, nt])}")
    shipped = {(False, "SUIT"): trick_formula.PAIR_SUIT, (True, "NOTRUMP"): trick_formula.PAIR_NOTRUMP}
    for (nt, _), constants in shipped.items():
        hx, hy, _ = (np.array(v) for v in held["pair", nt])
        est = np.clip(hx @ np.array(constants), 0, 13)
        print(f"  the module's pair formula as it stands, {'no-trump' if nt else 'suits'}, held out: root mean "
              f"square {np.sqrt(np.mean((est - hy) ** 2)):.3f}")


#: what a bidder sees of its partner's hand in each row of :func:`information`, and how it estimates tricks
INFORMATION_ROWS: tuple[tuple[str, str, str], ...] = (
    ("nothing (as shipped)", "", "shipped"),
    ("nothing", "", "fitted"),
    ("its points", "hcp", "fitted"),
    ("its suit lengths", "lengths", "fitted"),
    ("its points and suit lengths", "hcp,lengths", "fitted"),
    ("its honours", "honours", "fitted"),
    ("its points and honours", "hcp,honours", "fitted"),
    ("its suit lengths and honours", "lengths,honours", "fitted"),
    ("its lengths and honours in the suits it bid", "bid,lengths,honours", "fitted"),
    ("its whole hand", "hcp,lengths,honours", "shipped"),
    ("its whole hand", "hcp,lengths,honours", "fitted"),
    ("the double-dummy tricks", "dd", "exact"),
    ("the double-dummy tricks and its honours", "dd,honours", "exact"),
)


def information(*, deals: int, seed: int, rules: RuleSet, cache: DDCache, fit_deals: int, fit_seed: int) -> None:
    """What the bidding loses for want of what, in RuleBot's self-play (one table, ``deals`` deals seeded as
    ``sensitivity`` and ``seeing`` are): each bidder is let see, for this run only, part of its partner's hand
    as dealt (its points, its suit lengths, its honours, or these only in the suits it has bid: the rest read
    from the calls as shipped), and estimates
    its side's tricks with the shipped formula, with a formula fitted to double dummy on other deals
    (:func:`fit_trick_formula`), or by the double-dummy result itself (the better partner declaring). The last
    rows are what the guide's way of bidding (one step at a time, by the Vint score) loses when its trick
    estimate is exact: the rest of the shortfall is the estimate and what the auction does not tell."""
    from vint_core.bots import rule_bot
    from vint_core.bots.evaluation import evaluate, honours_units, partnership_tricks

    print(f"  the trick formula fitted to double dummy on {fit_deals} deals seeded from {fit_seed}:")
    fitted = fit_trick_formula(deals=fit_deals, seed=fit_seed, rules=rules, cache=cache)
    dealt: dict[int, Deal] = {}
    view, tricks, honours = Deal.view, rule_bot._Bidder.tricks, rule_bot._Bidder.honours

    def recording_view(deal: Deal, seat: Seat, **kwargs: object) -> SeatView:
        seen = view(deal, seat, **kwargs)  # type: ignore[arg-type]
        dealt[seen.hand_dealt._mask] = deal
        return seen

    Deal.view = recording_view  # type: ignore[method-assign, assignment]
    try:
        for label, sees, estimate in INFORMATION_ROWS:
            shown = set(sees.split(",")) - {""}

            def estimated(bidder: rule_bot._Bidder, strain: Strain, shown: set[str] = shown,
                          estimate: str = estimate) -> float:
                deal = dealt[bidder.view.hand_dealt._mask]
                if estimate == "exact":
                    table = cache.table(deal)
                    return float(max(table[strain, bidder.seat], table[strain, bidder.seat.partner]))
                partner = bidder.seat.partner
                other = evaluate(deal.hands[partner])
                hcp = float(other.hcp) if "hcp" in shown else bidder.model.hcp[partner]
                lengths = other.lengths if "lengths" in shown else bidder.model.lengths[partner]
                if "bid" in shown and strain not in bidder.reading.strains[partner]:
                    lengths = bidder.model.lengths[partner]
                if estimate == "shipped":
                    return partnership_tricks(bidder.ev, strain, partner_hcp=hcp, partner_lengths=lengths)
                length = 0.0 if strain.suit is None else float(lengths[strain.suit])
                terms = hand_terms(bidder.ev, strain, hcp, length)
                value = sum(c * t for c, t in zip(fitted[strain.suit is None], terms, strict=True))
                return min(13.0, max(0.0, value))

            def seen_honours(bidder: rule_bot._Bidder, strain: Strain, shown: set[str] = shown) -> float:
                unbid = strain not in bidder.reading.strains[bidder.seat.partner]
                if "honours" not in shown or ("bid" in shown and unbid):
                    return honours(bidder, strain)
                other, suit = evaluate(dealt[bidder.view.hand_dealt._mask].hands[bidder.seat.partner]), strain.suit
                held = bidder.ev.aces + other.aces if suit is None else bidder.ev.honours[suit] + other.honours[suit]
                return honours_units(bidder.rules, strain, held=held, partner_share=0.0)

            rule_bot._Bidder.tricks = estimated  # type: ignore[method-assign, assignment]
            rule_bot._Bidder.honours = seen_honours  # type: ignore[method-assign, assignment]
            res = simulate(deals=deals, ns="rule", ew="rule", rules=rules, seed=seed)
            print(f"  seeing {label}, tricks by the {estimate} {'result' if estimate == 'exact' else 'formula'}:")
            print_shortfalls({"rule": shortfalls(res, cache)["rule"]}, deals=deals)
    finally:
        Deal.view = view  # type: ignore[method-assign]
        rule_bot._Bidder.tricks, rule_bot._Bidder.honours = tricks, honours  # type: ignore[method-assign]


def refit(*, deals: int, seed: int, rules: RuleSet, cache: DDCache) -> None:
    """RuleBot's trick formula against double dummy, and its bidding with the formula refitted, for this run only.

    On the deals of RuleBot's self-play (``deals``, ``seed``; the tables of the deals it declared), for each
    side and strain: the formula's tricks from both hands as dealt (:func:`partnership_tricks` with the
    partner's real points and lengths) against the side's double-dummy tricks (the better declarer); then a
    least-squares fit of the same shape (points above 20, trumps above or below 8, shortness, the side's trump
    honours; at no-trump the points), and RuleBot's shortfall with the fitted formula in place of its own.
    """
    import numpy as np

    from vint_core.bots import rule_bot
    from vint_core.bots.evaluation import HandEval, evaluate, partnership_tricks
    from vint_core.cards import Suit

    res = simulate(deals=deals, ns="rule", ew="rule", rules=rules, seed=seed)
    rows: dict[bool, list[tuple[list[float], float, float]]] = {True: [], False: []}
    for outcome in res.outcomes:
        for deal in outcome.tables:
            if deal.contract is None:
                continue
            table = cache.table(deal)
            for a in (Seat.NORTH, Seat.EAST):
                ea, eb = evaluate(deal.hands[a]), evaluate(deal.hands[a.partner])
                for strain in rules.strain_order:
                    dd = max(table[strain, a], table[strain, a.partner])
                    formula = partnership_tricks(ea, strain, partner_hcp=eb.hcp, partner_lengths=eb.lengths)
                    points = ea.hcp + eb.hcp - 20
                    suit = strain.suit
                    if suit is None:
                        rows[True].append(([1.0, points], float(dd), formula))
                        continue
                    trumps = ea.lengths[suit] + eb.lengths[suit] - 8
                    short = min(4, ea.shortness_points(suit)) / 2 if trumps >= 0 else 0.0
                    honours = ea.honours[suit] + eb.honours[suit]
                    rows[False].append(([1.0, points, trumps, max(0, trumps), short, honours], float(dd), formula))
    fitted: dict[bool, list[float]] = {}
    for nt, data in rows.items():
        x = np.array([r[0] for r in data])
        y = np.array([r[1] for r in data])
        f = np.array([r[2] for r in data])
        coef = np.linalg.lstsq(x, y, rcond=None)[0]
        fitted[nt] = [float(c) for c in coef]
        print(f"  {'no-trump' if nt else 'suits':<8} {len(y)} cases: the formula {np.mean(f - y):+.2f} tricks off on "
              f"average, root mean square {np.sqrt(np.mean((f - y) ** 2)):.2f}; refitted "
              f"{np.sqrt(np.mean((x @ coef - y) ** 2)):.2f} with coefficients {np.round(coef, 2).tolist()}")

    def tricks(ev: HandEval, strain: Strain, *, partner_hcp: float,
               partner_lengths: tuple[float, float, float, float]) -> float:
        points = ev.hcp + partner_hcp - 20
        suit = strain.suit
        if suit is None:
            c = fitted[True]
            bonus = sum(0.5 * (ev.lengths[s] - 5) for s in Suit if ev.lengths[s] >= 6
                        and sum(1 for r in ev.ranks[s][:3] if r >= 12) >= 2)
            value = c[0] + c[1] * points + bonus
        else:
            c = fitted[False]
            trumps = ev.lengths[suit] + partner_lengths[suit] - 8
            short = min(4, ev.shortness_points(suit)) / 2 if trumps >= 0 else 0.0
            honours = ev.honours[suit] + partner_lengths[suit] * (5 - ev.honours[suit]) / max(1, 13 - ev.lengths[suit])
            value = c[0] + c[1] * points + c[2] * trumps + c[3] * max(0, trumps) + c[4] * short + c[5] * honours
        return min(13.0, max(0.0, value))

    def side(strain: Strain, *, points: float, trumps: float, long_suit_bonus: float = 0.0) -> float:
        c = fitted[strain.suit is None]
        if strain.suit is None:
            value = c[0] + c[1] * (points - 20) + long_suit_bonus
        else:
            value = c[0] + c[1] * (points - 20) + c[2] * (trumps - 8) + c[3] * max(0, trumps - 8) + c[5] * 2.5
        return min(13.0, max(0.0, value))

    shipped = rule_bot.partnership_tricks, rule_bot.side_tricks
    rule_bot.partnership_tricks, rule_bot.side_tricks = tricks, side  # type: ignore[assignment]
    try:
        again = simulate(deals=deals, ns="rule", ew="rule", rules=rules, seed=seed)
    finally:
        rule_bot.partnership_tricks, rule_bot.side_tricks = shipped
    print("  RuleBot with the refitted formula:")
    print_shortfalls({"rule": shortfalls(again, cache)["rule"]}, deals=deals)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--timing-deals", type=int, default=4)
    parser.add_argument("--timing-bots", default=",".join(BOT_NAMES), help="the bots timed, comma-separated")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="seed")
    parser.add_argument("--parts", default="timing,duplicate",
                        help="comma-separated: timing, duplicate (with the bidding shortfall), old, sensitivity, "
                             "seeing (RuleBot's bidding with its partner's hand in sight), refit (its trick "
                             "formula against double dummy, and refitted), information (what the bidding loses "
                             "for want of which part of the partner's hand, with a formula fitted to double "
                             "dummy), fit (the trick formulas of vint_core.bots.trick_formula, fitted and measured "
                             "on other deals), cost (where SimBot's time and memory go; --timing-deals deals)")
    parser.add_argument("--fit-deals", type=int, default=600,
                        help="for 'information': the deals the trick formula is fitted on (double dummy)")
    parser.add_argument("--fit-seed", type=int, default=1000,
                        help="for 'information': the first seed of those deals (apart from the measured ones)")
    parser.add_argument("--holdout-deals", type=int, default=300,
                        help="for 'fit': the deals the fitted formulas are measured on (not fitted on)")
    parser.add_argument("--holdout-seed", type=int, default=1600, help="for 'fit': the first seed of those deals")
    parser.add_argument("--variants", default="0:1.5,1:1.5,0.5:1.5,0:0.5,0:0,-0.5:1.5,-1:1.5,0:2.5,0:3.5",
                        help="for 'sensitivity': SHIFT:HOPELESS pairs (tricks taken off the estimate; how far "
                             "beyond it the bot may bid)")
    parser.add_argument("--pairs", default="rule:random,sim-normal:rule",
                        help="the duplicate matches, FIRST:SECOND, comma-separated (rule:rule measures RuleBot's "
                             "bidding on its own)")
    parser.add_argument("--old", default=None, help="the git revision of the old RuleBot for the part 'old' "
                        "(default: where this branch left main, git merge-base HEAD main)")
    parser.add_argument("--dd-cache", default=None,
                        help="a JSON file keeping the double-dummy tables of the deals between runs")
    parser.add_argument("--skip-timing", action="store_true", help="the same as leaving 'timing' out of --parts")
    args = parser.parse_args(argv)
    rules = RuleSet.named(args.rules)
    parts = set(args.parts.split(","))
    if args.skip_timing:
        parts.discard("timing")
    cache = DDCache(args.dd_cache)
    print("$ " + shlex.join([sys.executable, *sys.argv]))
    start = time.monotonic()

    if "timing" in parts:
        print(f"\nDecision time per bot ({args.timing_deals} deals each against rule, one process, seconds; "
              "wall clock and the process's CPU time, which a busy machine does not inflate)")
        print(f"{'bot':<12} {'decisions':>9} {'p50':>8} {'p95':>8} {'max':>8} {'cpu p50':>8} {'cpu p95':>8}")
        for name in args.timing_bots.split(","):
            timed = TimedBot(make_bot(name))
            for _ in play_table(first=timed, second=make_bot("rule"), deals=args.timing_deals, seed=args.seed,
                                rules=rules):
                pass
            wall = sorted(w for w, _ in timed.times)
            cpu = sorted(c for _, c in timed.times)
            print(f"{name:<12} {len(wall):>9} {quantile(wall, 0.5):>8.4f} {quantile(wall, 0.95):>8.4f} "
                  f"{wall[-1]:>8.4f} {quantile(cpu, 0.5):>8.4f} {quantile(cpu, 0.95):>8.4f}")
            for label, call in (("calls", True), ("cards", False)):
                part = sorted(c for (_, c), is_call in zip(timed.times, timed.calls, strict=True) if is_call is call)
                if part:
                    print(f"  {label:<10} {len(part):>9} decisions, CPU p50 {quantile(part, 0.5) * 1000:.1f} ms, "
                          f"p95 {quantile(part, 0.95) * 1000:.1f} ms, max {part[-1] * 1000:.1f} ms")

    results = []
    pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")] if "duplicate" in parts else []
    for first, second in pairs:
        t0 = time.monotonic()
        res = simulate(deals=args.deals, ns=first, ew=second, rules=rules, seed=args.seed, duplicate=True,
                       workers=args.workers, progress=progress_bar(desc=f"{first} vs {second}"))
        results.append(res)
        lo, hi = res.ci95
        print(f"\nDuplicate, {args.deals} deals, seed {args.seed}, rules {rules.name}: {first} vs {second}"
              f"  (equivalent: vint simulate --deals {args.deals} --ns {first} --ew {second} --rules {rules.name} "
              f"--seed {args.seed} --duplicate --workers {args.workers} --json)")
        print(f"  mean difference per deal {res.mean_diff_per_deal:+.1f} points for {first}, "
              f"95% interval [{lo:+.1f}, {hi:+.1f}]  ({'above zero' if lo > 0 else 'NOT above zero'})"
              f"  wall {time.monotonic() - t0:.0f} s")
        won, points, finished = rubber_figures(res)
        print(f"  rubbers finished {finished} (both tables): won by {first} {won[first]}, by {second} "
              f"{won[second]}; points in finished rubbers {first} {points[first]}, {second} {points[second]}")
        for role, info in res.decision_times().items():
            print(f"  {role} {info['bot']:<11} p50 {info['p50']:.4f} s  p95 {info['p95']:.4f} s "
                  f"over {info['decisions']} decisions")
        print("  bidding shortfall against the double-dummy best contract (see bidding_shortfall):")
        print_shortfalls(shortfalls(res, cache), deals=2 * args.deals)

    if results:
        print("\nDeclarer play against double dummy (tricks below the DD result of the same contract)")
        gaps: dict[str, list[tuple[float, int]]] = defaultdict(list)
        for res in results:
            for bot, gap in declarer_gap(res, cache).items():
                gaps[bot].append(gap)
        for bot, items in gaps.items():
            n = sum(k for _, k in items)
            mean = sum(g * k for g, k in items) / n
            print(f"  {bot:<11} {mean:+.2f} tricks over {n} contracts")

    if "old" in parts:
        t0 = time.monotonic()
        if args.old is None:
            args.old = subprocess.run(["git", "merge-base", "HEAD", "main"], check=True, capture_output=True,
                                      text=True).stdout.strip()[:10]
        diffs, short = duplicate_against_old(ref=args.old, deals=args.deals, seed=args.seed, rules=rules,
                                             cache=cache)
        mean, half = mean_ci(diffs)
        print(f"\nDuplicate, {args.deals} deals, seed {args.seed}, rules {rules.name}: rule (this tree) vs "
              f"rule@{args.old}")
        print(f"  mean difference per deal {mean:+.1f} points for rule, 95% interval [{mean - half:+.1f}, "
              f"{mean + half:+.1f}]  wall {time.monotonic() - t0:.0f} s")
        print("  bidding shortfall against the double-dummy best contract:")
        print_shortfalls(short, deals=2 * args.deals)
    if "sensitivity" in parts:
        print(f"\nRuleBot's bidding shortfall in self-play, {args.deals} deals, seed {args.seed}, rules {rules.name}, "
              "bolder or more careful")
        variants = [(float(a), float(b)) for a, b in (v.split(":") for v in args.variants.split(","))]
        sensitivity(variants=variants, deals=args.deals, seed=args.seed, rules=rules, cache=cache)
    if "seeing" in parts:
        print(f"\nRuleBot's bidding shortfall in self-play, {args.deals} deals, seed {args.seed}, rules {rules.name}, "
              "each bidder seeing its partner's hand (see seeing_partner)")
        seeing_partner(deals=args.deals, seed=args.seed, rules=rules, cache=cache)
    if "refit" in parts:
        print(f"\nRuleBot's trick formula against double dummy, {args.deals} deals, seed {args.seed} (see refit)")
        refit(deals=args.deals, seed=args.seed, rules=rules, cache=cache)
    if "information" in parts:
        print(f"\nRuleBot's bidding shortfall in self-play, {args.deals} deals, seed {args.seed}, rules {rules.name}, "
              "each bidder seeing part of its partner's hand (see information)")
        information(deals=args.deals, seed=args.seed, rules=rules, cache=cache, fit_deals=args.fit_deals,
                    fit_seed=args.fit_seed)
    if "fit" in parts:
        print(f"\nThe trick formulas fitted to double dummy on {args.fit_deals} deals seeded from {args.fit_seed}, "
              f"measured on {args.holdout_deals} seeded from {args.holdout_seed} (see fit_formulas)")
        fit_formulas(deals=args.fit_deals, seed=args.fit_seed, holdout=args.holdout_deals,
                     holdout_seed=args.holdout_seed, rules=rules, cache=cache)
    if "cost" in parts:
        print(f"\nSimBot's cost, {args.timing_deals} deals against rule, seed {args.seed} (see solver_cost)")
        solver_cost(deals=args.timing_deals, seed=args.seed, rules=rules)
    print(f"\nwall time {time.monotonic() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
