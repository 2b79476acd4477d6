"""exercises/: the solution-first sources pass their own checks, the student versions are a fresh release that
runs without a traceback and scores 0, a wrong solution for each listed mistake loses its points with the mistake
named, `vint exercises grade` reports per check (text, JSON, CSV), and nbgrader runs the same notebooks."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sys
from pathlib import Path

import pytest

from vint_core.checks import MISTAKES
from vint_core.checks.notebooks import is_test_cell, release
from vint_core.cli import main

EXERCISES = Path(__file__).resolve().parent.parent / "exercises"
SOURCE = EXERCISES / "source"
RELEASE = EXERCISES / "release"
SOURCES = sorted(SOURCE.glob("*.ipynb"))
NAMES = [p.name for p in SOURCES]


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def _meta(cell: dict) -> dict:
    return cell["metadata"].get("nbgrader", {})


def run_in_process(notebook: dict, *, replace: dict[str, str] | None = None) -> dict[str, tuple[bool, float, str]]:
    """Run the notebook's code cells in one namespace; per test cell (passed, points, message).

    A cell that is not a test cell must run without an exception.
    """
    os.environ.setdefault("MPLBACKEND", "Agg")
    namespace: dict = {}
    out = {}
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        gid = _meta(cell).get("grade_id")
        code = compile((replace or {}).get(gid, _text(cell)), f"<cell {gid}>", "exec")
        if is_test_cell(cell):
            try:
                exec(code, namespace)
            except AssertionError as exc:
                out[gid] = (False, 0.0, str(exc))
            else:
                out[gid] = (True, float(_meta(cell)["points"]), "")
        else:
            exec(code, namespace)
    return out


# -- the sources ----------------------------------------------------------------------------------------

def test_at_least_eight_exercises_each_with_solutions_and_graded_checks():
    assert len(SOURCES) >= 8
    hidden = 0
    for path in SOURCES:
        cells = _load(path)["cells"]
        assert any(_meta(c).get("solution") for c in cells), path.name
        tests = [c for c in cells if is_test_cell(c)]
        assert tests and all(_meta(c)["points"] > 0 and _meta(c)["locked"] for c in tests), path.name
        hidden += sum("### BEGIN HIDDEN TESTS" in _text(c) for c in tests)
        assert all("### BEGIN SOLUTION" in _text(c) for c in cells if _meta(c).get("solution")), path.name
    assert hidden >= 3


@pytest.mark.parametrize("path", [RELEASE, SOURCE], ids=["release", "source"])
def test_notebooks_are_committed_without_outputs(path):
    for nb in sorted(path.glob("*.ipynb")):
        for cell in _load(nb)["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, nb.name


@pytest.mark.parametrize("name", NAMES)
def test_every_source_solution_passes_its_checks(name):
    results = run_in_process(_load(SOURCE / name))
    assert results and all(passed for passed, _, _ in results.values()), results


# -- the student versions -------------------------------------------------------------------------------

def test_the_committed_student_versions_equal_a_fresh_release(tmp_path):
    written = release(SOURCE, tmp_path)
    assert [p.name for p in written] == NAMES == sorted(p.name for p in RELEASE.glob("*.ipynb"))
    for path in written:
        assert path.read_bytes() == (RELEASE / path.name).read_bytes(), (
            f"{path.name}: run `make exercises` (or `vint exercises release`) and commit exercises/release")


def test_student_versions_hold_no_solution_and_no_hidden_test():
    for path in sorted(RELEASE.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        assert "BEGIN SOLUTION" not in text and "HIDDEN TESTS" not in text and "seed=2026" not in text
        assert "raise NotImplementedError()" in text


@pytest.mark.parametrize("name", NAMES)
def test_student_versions_run_without_a_traceback_and_score_zero(name):
    results = run_in_process(_load(RELEASE / name))
    assert results
    for passed, points, message in results.values():
        assert not passed and points == 0 and "not done yet" in message


# -- one wrong solution for each listed mistake ---------------------------------------------------------

WRONG: dict[str, tuple[str, str, str | tuple[str, str]]] = {
    "bridge_order": ("03-bids-and-tricks", "outranks", """
def outranks(bid, other):
    order = [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP]
    return (bid.level, order.index(bid.strain)) > (other.level, order.index(other.strain))
"""),
    "three_pass_end": ("04-auction", "auction_over", """
def auction_over(calls):
    if len(calls) >= 4 and all(call.is_pass for call in calls[:4]):
        return True
    return any(call.is_bid for call in calls) and all(call.is_pass for call in calls[-3:])
"""),
    "declarers_only_score": ("02-trick-points", "trick_points", """
def trick_points(contract, declarer_tricks):
    tv = 10 * contract.level + (10 if contract.strain is Strain.NOTRUMP else 0)
    points = {Side.NS: 0, Side.EW: 0}
    points[contract.declarer.side] += declarer_tricks * tv
    short = 6 + contract.level - declarer_tricks
    if short > 0:
        points[contract.declarer.side.other] += short * 2 * tv
    return points[Side.NS], points[Side.EW]
"""),
    # the honours solution itself, with the learner's slip
    "honours_from_tricks": ("05-honours", "honour_points", (
        "[card for seat in side.seats for card in deal.hands[seat]]",
        "[card for trick in deal.tricks if trick.winner.side == side for card in trick.cards]")),
    "kings_at_nt": ("05-honours", "honour_points", ("card.rank == Rank.ACE", "card.rank == Rank.KING")),
    "slams_declarers_only": ("06-deal-score", "deal_score", """
def deal_score(contract, declarer_tricks, hands):
    tv = 10 * contract.level + (10 if contract.strain is Strain.NOTRUMP else 0)
    declarers = contract.declarer.side
    won = {declarers: declarer_tricks, declarers.other: 13 - declarer_tricks}
    points = {Side.NS: 0, Side.EW: 0}
    for side in Side:
        points[side] += won[side] * tv
    points[declarers] += {12: 100, 13: 250}.get(declarer_tricks, 0)
    short = 6 + contract.level - declarer_tricks
    if short > 0:
        points[declarers.other] += short * 2 * tv
    trump = contract.strain.suit
    for side in Side:
        cards = [card for seat in side.seats for card in hands[seat]]
        if trump is None:
            points[side] += {4: 10}.get(sum(card.rank == Rank.ACE for card in cards), 0) * tv
        else:
            held = sum(card.suit == trump and card.rank >= Rank.TEN for card in cards)
            points[side] += {5: 10, 4: 4}.get(held, 0) * tv
    return points[Side.NS], points[Side.EW]
"""),
    "bid_is_tricks": ("01-trick-value", "tricks_needed", """
def tricks_needed(level):
    return level
"""),
}


def test_every_listed_mistake_has_a_wrong_solution():
    listed = {"bridge_order", "three_pass_end", "declarers_only_score", "honours_from_tricks",
              "kings_at_nt", "slams_declarers_only", "bid_is_tricks"}
    assert set(WRONG) == listed <= set(MISTAKES)


@pytest.mark.parametrize("key", sorted(WRONG))
def test_a_wrong_solution_loses_its_points_and_names_the_mistake(key):
    notebook, solution, change = WRONG[key]
    source = _load(SOURCE / f"{notebook}.ipynb")
    if isinstance(change, tuple):  # a slip in the exercise's own solution
        right = next(_text(c) for c in source["cells"] if _meta(c).get("grade_id") == solution)
        assert change[0] in right
        change = right.replace(*change)
    results = run_in_process(source, replace={solution: change})
    passed, points, message = results[f"check_{solution}"]
    assert not passed and points == 0
    assert f"This looks like {MISTAKES[key].name}" in message
    others = [r for gid, r in results.items() if gid != f"check_{solution}"]
    assert all(p for p, _, _ in others)


# -- vint exercises release / grade ---------------------------------------------------------------------

def test_vint_exercises_release_writes_the_student_versions(tmp_path, capsys):
    assert main(["exercises", "release", "--source", str(SOURCE), "--out", str(tmp_path / "out")]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / "out" / n) for n in NAMES]
    assert main(["exercises", "release", "--source", str(tmp_path / "none")]) == 1
    assert "no exercise sources at" in capsys.readouterr().err


def test_vint_exercises_grade_reports_json_text_and_csv(tmp_path, capsys):
    # a submission with the bid-of-one mistake, whose learner also emptied the test cell: the source's comes back
    wrong = _load(SOURCE / "01-trick-value.ipynb")
    for cell in wrong["cells"]:
        gid = _meta(cell).get("grade_id")
        if gid == "tricks_needed":
            cell["source"] = WRONG["bid_is_tricks"][2]
        if gid == "check_tricks_needed":
            cell["source"] = "pass"
    submitted = tmp_path / "01-trick-value.ipynb"
    submitted.write_text(json.dumps(wrong), encoding="utf-8")
    student = tmp_path / "student" / "02-trick-points.ipynb"
    student.parent.mkdir()
    shutil.copy(RELEASE / "02-trick-points.ipynb", student)
    out_csv = tmp_path / "grades.csv"
    args = ["exercises", "grade", str(submitted), str(student), "--source", str(SOURCE), "--csv", str(out_csv)]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [set(g) for g in report] == [{"learner", "notebook", "exercise", "points", "max_points", "checks"}] * 2
    first, second = report
    assert (first["notebook"], first["points"], first["max_points"]) == (str(submitted), 2, 3)
    assert [set(c) for c in first["checks"]] == [{"name", "passed", "points", "message"}] * 2
    needed, value = first["checks"]
    assert (needed["name"], needed["passed"], needed["points"]) == ("check_tricks_needed", False, 0)
    assert "This looks like a bid of one meaning one trick" in needed["message"]
    assert (value["passed"], value["points"], value["message"]) == (True, 2, "trick_value: right in all 200 cases")
    assert (second["points"], second["max_points"]) == (0, 3)
    assert second["checks"] == [{"name": "check_trick_points", "passed": False, "points": 0, "message":
                                 "trick_points: not done yet: write the function, run its cell, then run this "
                                 "check again"}]
    rows = list(csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8"))))
    assert [(r["notebook"], r["check"], r["passed"], r["points"], r["max_points"]) for r in rows] == [
        (str(submitted), "check_tricks_needed", "False", "0", "1"),
        (str(submitted), "check_trick_value", "True", "2", "2"),
        (str(student), "check_trick_points", "False", "0", "3")]
    assert main(["exercises", "grade", str(tmp_path / "missing.ipynb")]) == 1
    assert "no such notebook" in capsys.readouterr().err


def test_a_cell_past_the_time_limit_scores_zero_instead_of_hanging(tmp_path, capsys):
    slow = _load(SOURCE / "01-trick-value.ipynb")
    for cell in slow["cells"]:
        if _meta(cell).get("grade_id") == "setup":
            cell["source"] = "import time\ntime.sleep(30)"
    path = tmp_path / "slow.ipynb"
    path.write_text(json.dumps(slow), encoding="utf-8")
    assert main(["exercises", "grade", str(path), "--timeout", "3", "--source", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    assert "0 of 3 points" in text and "not run: a cell took longer than 3 s" in text


# -- nbgrader -------------------------------------------------------------------------------------------

@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own gradebook session
def test_nbgrader_round_trip_generate_autograde_export(tmp_path, monkeypatch):
    """A teacher's course folder: nbgrader makes the same student version, autogrades a submission, exports CSV."""
    from nbgrader.api import Gradebook
    from nbgrader.apps import NbGraderAPI
    from nbgrader.plugins import CsvExportPlugin
    from traitlets.config import Config

    root = tmp_path / "course"
    (root / "source" / "ps1").mkdir(parents=True)
    shutil.copy(SOURCE / "01-trick-value.ipynb", root / "source" / "ps1")
    submitted = root / "submitted" / "learner1" / "ps1"
    submitted.mkdir(parents=True)
    shutil.copy(SOURCE / "01-trick-value.ipynb", submitted)  # the learner's answers: the solutions
    # nbgrader runs alembic from the PATH
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))
    monkeypatch.chdir(root)
    config = Config()
    config.CourseDirectory.root = str(root)
    config.CourseDirectory.course_id = "vint"
    api = NbGraderAPI(config=config)

    assert api.generate_assignment("ps1")["success"]
    ours = [_text(c) for c in _load(RELEASE / "01-trick-value.ipynb")["cells"]]
    theirs = [_text(c) for c in _load(root / "release" / "ps1" / "01-trick-value.ipynb")["cells"]]
    assert ours == theirs
    assert api.autograde("ps1", "learner1")["success"]
    with Gradebook(api.coursedir.db_url) as gradebook:
        CsvExportPlugin(to=str(root / "grades.csv")).export(gradebook)
    row = next(csv.DictReader((root / "grades.csv").open(encoding="utf-8")))
    assert (row["student_id"], float(row["score"]), float(row["max_score"])) == ("learner1", 3.0, 3.0)
