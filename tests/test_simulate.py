"""``vint simulate``: rubbers at each table, checked against the PBN it wrote and against ``vint score``."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from vint_core import Seat, Side, pbn
from vint_core.bots import make_bot
from vint_core.cli import main, output_paths
from vint_core.deal import Action, Deal
from vint_core.rubber import RubberDeal, rubbers_of
from vint_core.rules import RuleSet
from vint_core.simulate import SimulationResult, play_deal, play_table, progress_bar, simulate
from vint_core.views import SeatView

RULE_SETS = ("seed", "short", "progressive", "whist_vint", "foster_1897")


def run_json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, Any]:
    assert main(argv) == 0
    report: dict[str, Any] = json.loads(capsys.readouterr().out)
    return report


def own_margin(deal: Deal, side: Side) -> int:
    points = deal.points
    return points[side] - points[side.other]


# -- every rule set: the files are rubbers `vint score` reads, and its figures are simulate's ------------------


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize(("ns", "ew", "duplicate"), [("rule", "random", True), ("rule", "rule", False)])
def test_the_pbn_is_a_run_of_rubbers_vint_score_reads(rules: str, ns: str, ew: str, duplicate: bool, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.pbn"
    deals = 8
    report = run_json(capsys, ["simulate", "--deals", str(deals), "--ns", ns, "--ew", ew, "--rules", rules,
                               "--seed", "1", "--json", "--quiet", "--out", str(out)]
                      + (["--duplicate"] if duplicate else []))
    paths = output_paths(str(out), duplicate=duplicate)
    assert report["deals"] == deals and report["rules"] == rules and report["tables"] == deals * len(paths)
    assert len(report["rubbers"]) == len(paths)
    tables: list[list[Deal]] = []
    for t, path in enumerate(paths):
        mine = report["rubbers"][t]
        assert (mine["table"], mine["NS"], mine["EW"]) == ((1, ns, ew) if t == 0 else (2, ew, ns))
        scored = run_json(capsys, ["score", path, "--json"])
        assert scored["rules"] == rules
        # per deal: the score-sheet points (game lines included) are simulate's
        assert [[d["points"]["NS"], d["points"]["EW"]] for d in scored["deals"]] == report["points"][t::len(paths)]
        assert [d["board"] for d in scored["deals"]] == [str(i + 1) for i in range(deals)]
        # per rubber: boards, winner, totals (rubber bonus included)
        assert [{k: r[k] for k in ("boards", "winner", "totals", "finished")} for r in scored["rubbers"]] == \
            [{k: r[k] for k in ("boards", "winner", "totals", "finished")} for r in mine["rubbers"]]
        assert mine["rubbers_finished"] == sum(r["finished"] for r in scored["rubbers"]) >= 1
        assert mine["totals"] == {s: sum(r["totals"][s] for r in scored["rubbers"]) for s in ("NS", "EW")}
        bots = {"NS": mine["NS"], "EW": mine["EW"]}
        for r in mine["rubbers"]:
            assert r["winner_bot"] == (bots[r["winner"]] if r["winner"] else None)
        assert sum(mine["wins"].values()) == mine["rubbers_finished"]
        # the deal rotates one seat per deal, and each rubber numbers its deals from 1
        played = pbn.loads(Path(path).read_text(encoding="utf-8"))
        assert [d.dealer for d in played] == [Seat(i % 4) for i in range(deals)]
        for rubber in rubbers_of(played):
            assert [rd.deal.deal_number for rd in rubber.deals] == list(range(1, len(rubber.deals) + 1))
        tables.append(played)
    # the differences are the first bot's side's own points (no game or rubber bonus), mean over the tables
    diffs = [sum(own_margin(deal, Side.NS if t == 0 else Side.EW) for t, deal in enumerate(pair)) / len(pair)
             for pair in zip(*tables, strict=True)]
    assert diffs == report["diffs"]
    assert report["mean_diff_per_deal"] == pytest.approx(sum(diffs) / deals)
    lo, hi = report["ci95"]
    assert lo <= report["mean_diff_per_deal"] <= hi
    if not duplicate:  # rule against rule: rubbers of several deals, so deal numbers do restart
        assert max(len(r["boards"]) for r in report["rubbers"][0]["rubbers"]) >= 2
        assert sum(r["finished"] for r in report["rubbers"][0]["rubbers"]) >= (0 if rules == "foster_1897" else 1)


def test_duplicate_pairing_same_cards_and_dealer_but_each_table_its_own_rubbers() -> None:
    result = simulate(deals=10, ns="rule", ew="random", rules=RuleSet.named("progressive"), seed=1, duplicate=True)
    first, second = result.table_deals(0), result.table_deals(1)
    for index, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a.hands == b.hands and a.dealer == b.dealer == Seat(index % 4) and a.board == b.board == str(index + 1)
    # the first table's first rubber lasts two deals, the second table's one: board 2 is deal 2 at the
    # first table and deal 1 at the second, so its lowest bid differs (progressive)
    assert [len(r.deals) for r in result.rubbers[0]][:2] == [2, 1]
    assert [len(r.deals) for r in result.rubbers[1]][:2] == [1, 1]
    assert (first[1].deal_number, second[1].deal_number) == (2, 1)
    # the rubbers hold exactly the table's deals, in order
    for t in (0, 1):
        assert [rd.deal for r in result.rubbers[t] for rd in r.deals] == result.table_deals(t)


def test_short_duplicate_match_with_simbot_through_the_command(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "match.pbn"
    status = main(["simulate", "--deals", "3", "--ns", "sim-fast", "--ew", "rule", "--duplicate", "--seed", "3",
                   "--json", "--out", str(out)])
    assert status == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert "6/6" in captured.err  # the progress bar counts the deals of both tables
    assert report["deals"] == 3 and report["tables"] == 6
    assert report["ns"] == "sim-fast" and report["ew"] == "rule" and report["duplicate"] is True
    for role in ("ns", "ew"):
        times = report["decision_times"][role]
        assert times["decisions"] > 0 and 0 <= times["p50"] <= times["p95"]
    assert main(["score", str(out)]) == 0
    assert main(["score", str(out).replace(".pbn", "-swapped.pbn")]) == 0
    assert "Rubber 1" in capsys.readouterr().out


# -- the bots see the score sheet ---------------------------------------------------------------------------


class Recorder:
    """A bot that plays as another and writes down the game score in every view it is shown."""

    def __init__(self, name: str, log: list[tuple[int, tuple[int, int] | None]]) -> None:
        self.inner = make_bot(name)
        self.name = self.inner.name
        self.log = log

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        self.log.append((view.deal_number, view.game_score))
        return self.inner.choose(view, rng)

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        return self.inner.explain(view, action, lang)


def expected_views(rds: list[RubberDeal]) -> list[tuple[int, tuple[int, int] | None]]:
    """One entry per decision: the deal's number and the game score before the deal."""
    return [(rd.deal.deal_number, rd.game_before) for rd in rds for _ in rd.deal.actions]


def test_play_table_shows_the_bots_the_rubbers_game_score() -> None:
    log: list[tuple[int, tuple[int, int] | None]] = []
    played = list(play_table(first=Recorder("rule", log), second=Recorder("rule", log), deals=12, seed=4,
                             rules=RuleSet.named("seed")))
    rds = [rd for rubber in rubbers_of(p.deal for p in played) for rd in rubber.deals]
    assert log == expected_views(rds)
    assert [p.rubber_before.game_score for p in played] == [rd.game_before for rd in rds]
    assert any(score != (0, 0) for _, score in log)  # some deals were played with a part score on the sheet
    assert len(rubbers_of(p.deal for p in played)) >= 2  # and a new rubber started after a won one


def test_simulate_passes_the_game_score_at_both_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    log: list[tuple[int, tuple[int, int] | None]] = []
    monkeypatch.setattr("vint_core.simulate.make_bot", lambda name: Recorder(name, log))
    result = simulate(deals=8, ns="rule", ew="rule", seed=6, duplicate=True, workers=1)
    by_table = [[rd for rubber in rubbers for rd in rubber.deals] for rubbers in result.rubbers]
    # one table after the other within each deal
    assert log == expected_views([by_table[t][i] for i in range(8) for t in (0, 1)])
    assert any(score is not None and score != (0, 0) for _, score in log)


# -- workers ------------------------------------------------------------------------------------------------


def comparable(result: SimulationResult) -> dict[str, Any]:
    report = result.to_json()
    del report["decision_times"]
    report["actions"] = [d.actions for d in result.deals]
    report["numbers"] = [d.deal_number for d in result.deals]
    return report


@pytest.mark.parametrize("rules", ["seed", "progressive"])
def test_results_do_not_depend_on_the_number_of_workers(rules: str) -> None:
    kwargs: dict[str, Any] = {"deals": 10, "ns": "rule", "ew": "random", "seed": 1, "duplicate": True,
                              "rules": RuleSet.named(rules)}
    ticks: list[tuple[int, int]] = []
    one = simulate(workers=1, **kwargs)
    two = simulate(workers=2, progress=lambda done, total: ticks.append((done, total)), **kwargs)
    assert comparable(one) == comparable(two)
    assert [r.totals for t in one.rubbers for r in t] == [r.totals for t in two.rubbers for r in t]
    assert ticks == [(k, 20) for k in range(1, 21)]
    assert len(one.outcomes[0].times[0]) == len(two.outcomes[0].times[0]) > 0


def test_plain_match_and_summary() -> None:
    result = simulate(deals=6, ns="rule", ew="rule", seed=2)
    assert len(result.deals) == 6 and len(result.rubbers) == 1
    assert result.diffs == [own_margin(d, Side.NS) for d in result.deals]
    assert [d.dealer for d in result.deals] == [Seat(i % 4) for i in range(6)]
    en, de = result.summary("en"), result.summary("de")
    assert en[0].startswith("6 deals, rule (N–S) against rule (E–W)")
    assert de[0].startswith("6 Spiele")
    rubber_lines = [line for line in en if line.startswith("  Rubber ")]
    assert len(rubber_lines) == len(result.rubbers[0])
    first = result.rubbers[0][0]
    assert first.winner is not None
    assert rubber_lines[0].startswith(f"  Rubber 1 (boards {first.boards[0]}–{first.boards[-1]}): won by")
    assert any(line.startswith("  Rubber 1 (Spiele") for line in de)


def test_progress_bar_is_tqdm_on_a_stream() -> None:
    stream = io.StringIO()
    bar = progress_bar(file=stream)
    bar(5, 10)
    bar(10, 10)
    text = stream.getvalue()
    assert "deals:" in text and "10/10" in text and "100%" in text
    german = io.StringIO()
    progress_bar(lang="de", file=german)(1, 1)
    assert "Spiele:" in german.getvalue()
    labelled = io.StringIO()
    progress_bar(desc="rule vs random", file=labelled)(1, 1)
    assert "rule vs random:" in labelled.getvalue()


class FakeBar:
    """Stands in for ``tqdm.auto.tqdm`` and writes down what the bar was asked to show."""

    made: ClassVar[list[FakeBar]] = []

    def __init__(self, *, total: int, desc: str, **_: Any) -> None:
        self.total, self.desc, self.n, self.closed = total, desc, 0, False
        FakeBar.made.append(self)

    def update(self, k: int) -> None:
        self.n += k

    def close(self) -> None:
        self.closed = True


def test_progress_true_draws_a_tqdm_auto_bar(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``progress=True`` goes through ``tqdm.auto``, the bar that is a widget in a notebook."""
    import tqdm.auto

    monkeypatch.setattr(tqdm.auto, "tqdm", FakeBar)
    FakeBar.made.clear()
    simulate(deals=3, ns="random", ew="random", seed=4, duplicate=True, progress=True)
    [bar] = FakeBar.made
    assert (bar.total, bar.n, bar.closed, bar.desc) == (6, 6, True, "deals")
    FakeBar.made.clear()
    simulate(deals=3, ns="random", ew="random", seed=4)  # no progress by default
    assert FakeBar.made == [] and capsys.readouterr().err == ""


def test_the_command_shows_progress_unless_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--deals", "2", "--ns", "random", "--lang", "de"]) == 0
    assert "Spiele:" in capsys.readouterr().err
    assert main(["simulate", "--deals", "2", "--ns", "random", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_bad_bot_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ns", "deep-blue"]) == 2
    assert "deep-blue" in capsys.readouterr().err


def test_output_paths() -> None:
    assert output_paths("run.pbn", duplicate=False) == ["run.pbn"]
    assert output_paths("out/run.pbn", duplicate=True) == ["out/run.pbn", "out/run-swapped.pbn"]


def test_a_file_simulate_cannot_write_is_one_line_on_stderr(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "dir.pbn"
    assert main(["simulate", "--deals", "1", "--ns", "random", "--quiet", "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith(f"vint: error: cannot write {out}: ")



# -- Dask ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Any]:
    """A small Dask cluster inside this process (two workers of one thread, no processes): quick to start."""
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        yield client


@pytest.mark.parametrize(("rules", "duplicate"), [("seed", True), ("progressive", True), ("seed", False)])
def test_dask_gives_the_results_of_one_process(dask_cluster: Any, rules: str, duplicate: bool,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("vint_core.simulate.DASK_PIECES", 4)  # 10 deals in pieces of 3: rubbers span the pieces
    kwargs: dict[str, Any] = {"deals": 10, "ns": "rule", "ew": "rule", "seed": 1, "duplicate": duplicate,
                              "rules": RuleSet.named(rules)}
    ticks: list[tuple[int, int]] = []
    one = simulate(workers=1, **kwargs)
    on_dask = simulate(dask=dask_cluster, progress=lambda done, total: ticks.append((done, total)), **kwargs)
    assert comparable(one) == comparable(on_dask)
    assert [r.totals for t in one.rubbers for r in t] == [r.totals for t in on_dask.rubbers for r in t]
    total = 10 * (2 if duplicate else 1)
    assert ticks == [(k, total) for k in range(1, total + 1)]
    assert len(one.outcomes[0].times[0]) == len(on_dask.outcomes[0].times[0]) > 0
    # some rubber was handed on from one piece to the next (boards 3|4, 6|7 or 9|10 in one rubber)
    assert any({b, b + 1} <= {int(x) for x in r.boards} for t in one.rubbers for r in t for b in (3, 6, 9))
    assert not dask_cluster.futures  # nothing left on the cluster


def test_an_error_on_a_dask_worker_is_raised_here(dask_cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    real = play_deal

    def failing(deal: Deal, bots: Any, *, seed: str, game_score: Any = None) -> Any:
        if deal.board == "5":
            raise ValueError("the bot lost its cards on board 5")
        return real(deal, bots, seed=seed, game_score=game_score)

    monkeypatch.setattr("vint_core.simulate.play_deal", failing)  # the workers are threads of this process
    with pytest.raises(ValueError, match="board 5"):
        simulate(deals=8, ns="random", ew="random", duplicate=True, dask=dask_cluster)
    wait_until(lambda: not dask_cluster.futures)  # the pieces after it are cancelled


def wait_until(predicate: Any, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_the_command_plays_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    """``--dask local``: a cluster of ``--workers`` processes on this machine, the same figures as ``--workers``."""
    argv = ["simulate", "--deals", "4", "--ns", "rule", "--ew", "random", "--duplicate", "--seed", "5", "--json"]
    with_processes = run_json(capsys, [*argv, "--workers", "2", "--quiet"])
    assert main([*argv, "--workers", "2", "--dask", "local"]) == 0
    captured = capsys.readouterr()
    on_dask = json.loads(captured.out)
    assert "8/8" in captured.err  # the progress bar
    for report in (with_processes, on_dask):
        del report["decision_times"]
    assert on_dask == with_processes


def test_dask_missing_or_unreachable_is_one_line_in_the_learners_language(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from vint_core.app.launch import free_port

    monkeypatch.setattr("vint_core.simulate.DASK_CONNECT_TIMEOUT", "1s")
    address = f"tcp://127.0.0.1:{free_port()}"
    assert main(["simulate", "--deals", "1", "--quiet", "--dask", address]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"vint: error: no Dask scheduler answers at {address}: ") and err.count("\n") == 1
    assert main(["simulate", "--deals", "1", "--quiet", "--dask", address, "--lang", "de"]) == 1
    assert f"unter {address} antwortet kein Dask-Scheduler" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the dask extra were not installed
    assert main(["simulate", "--deals", "1", "--quiet", "--dask", "local"]) == 1
    assert capsys.readouterr().err == "vint: error: --dask needs Dask: pip install 'vint_core[dask]'\n"
    with pytest.raises(ImportError, match="pip install 'vint_core\\[dask\\]'"):
        simulate(deals=1, ns="random", ew="random", dask="local")


def test_simulate_loads_dask_only_when_asked() -> None:
    code = ("import sys, vint_core.simulate, vint_core.cli; "
            "vint_core.simulate.simulate(deals=1, ns='random', ew='random'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"
