"""``vint simulate``: a short duplicate match through the command, checked against the PBN it wrote."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from vint_core import Side, notation
from vint_core.cli import main
from vint_core.simulate import ProgressBar, output_paths, simulate


def test_short_duplicate_match_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "match.pbn"
    status = main(["simulate", "--deals", "4", "--ns", "sim-fast", "--ew", "rule", "--duplicate", "--seed", "3",
                   "--json", "--out", str(out)])
    assert status == 0
    captured = capsys.readouterr()
    report = json.loads(captured.out)
    assert "4/4" in captured.err  # the progress bar
    assert report["deals"] == 4 and report["tables"] == 8
    assert report["ns"] == "sim-fast" and report["ew"] == "rule" and report["duplicate"] is True
    lo, hi = report["ci95"]
    assert lo <= report["mean_diff_per_deal"] <= hi
    for role in ("ns", "ew"):
        times = report["decision_times"][role]
        assert times["decisions"] > 0 and 0 <= times["p50"] <= times["p95"]
    # the numbers follow from the deals written to the PBN files (one per table)
    swapped = tmp_path / "match-swapped.pbn"
    first = notation.loads(out.read_text(encoding="utf-8"))
    second = notation.loads(swapped.read_text(encoding="utf-8"))
    assert len(first) == len(second) == 4 and all(d.is_finished for d in first + second)
    diffs = []
    for first_ns, first_ew in zip(first, second, strict=True):
        assert first_ns.hands == first_ew.hands and first_ns.dealer == first_ew.dealer
        a, b = first_ns.points(), first_ew.points()
        diffs.append(((a[Side.NS] - a[Side.EW]) + (b[Side.EW] - b[Side.NS])) / 2)
    assert diffs == report["diffs"]
    assert report["mean_diff_per_deal"] == pytest.approx(sum(diffs) / 4)
    points = [[d.points()[Side.NS], d.points()[Side.EW]] for pair in zip(first, second, strict=True) for d in pair]
    assert points == report["points"]
    # and `vint score` reads both files
    assert main(["score", str(out)]) == 0
    assert main(["score", str(swapped)]) == 0


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = simulate(deals=4, ns="rule", ew="random", seed=9, duplicate=True, workers=1)
    two = simulate(deals=4, ns="rule", ew="random", seed=9, duplicate=True, workers=2)
    assert one.diffs == two.diffs
    assert [d.actions for d in one.deals] == [d.actions for d in two.deals]


def test_plain_match_and_summary() -> None:
    result = simulate(deals=5, ns="rule", ew="random", seed=2)
    assert len(result.deals) == 5
    assert result.diffs == [d.points()[Side.NS] - d.points()[Side.EW] for d in result.deals]
    assert [d.dealer for d in result.deals] == [d.dealer.offset(0) for d in result.deals]
    assert len({d.dealer for d in result.deals}) == 4  # the deal rotates
    en, de = result.summary("en"), result.summary("de")
    assert en[0].startswith("5 deals, rule (N–S) against random (E–W)")
    assert de[0].startswith("5 Spiele")


def test_progress_bar() -> None:
    stream = io.StringIO()
    bar = ProgressBar(stream, label="deals", width=10)
    bar(5, 10)
    bar(10, 10)
    assert "\rdeals  5/10 [#####.....]  50%" in stream.getvalue()
    assert stream.getvalue().endswith("\n")


def test_bad_bot_name_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ns", "deep-blue"]) == 2
    assert "deep-blue" in capsys.readouterr().err


def test_output_paths() -> None:
    assert output_paths("run.pbn", duplicate=False) == ["run.pbn"]
    assert output_paths("out/run.pbn", duplicate=True) == ["out/run.pbn", "out/run-swapped.pbn"]
