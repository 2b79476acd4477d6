"""`vint exercises grade` against the tricks a learner may try: each scores 0 or is refused, and a correct
notebook still gets full marks, whatever its file is called and wherever the grader runs.

Every test is the attack itself, on the smallest exercises (01, 05): a renamed file with its own check cell,
a deleted or renamed check cell, silenced errors, replaced checks, answers that equal everything or that run
code when read, the teacher's files, memory, an endless loop; and the learner's name in the CSV and JSON.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

import psutil
import pytest

from vint_core.checks.notebooks import GradingError, grade
from vint_core.checks.sandbox import Learner, Limits, Stopped
from vint_core.cli import main

EXERCISES = Path(__file__).resolve().parent.parent / "exercises"
SOURCE, RELEASE = EXERCISES / "source", EXERCISES / "release"
ROOT = os.geteuid() == 0


def _meta(cell: dict) -> dict:
    return cell["metadata"].get("nbgrader", {})


def solved(exercise: str) -> dict:
    """The learner's version of ``exercise`` with every solution written out: what a correct learner hands in."""
    release = json.loads((RELEASE / f"{exercise}.ipynb").read_text(encoding="utf-8"))
    source = json.loads((SOURCE / f"{exercise}.ipynb").read_text(encoding="utf-8"))
    answers = {_meta(c)["grade_id"]: c["source"] for c in source["cells"] if _meta(c).get("solution")}
    for cell in release["cells"]:
        if _meta(cell).get("solution"):
            cell["source"] = answers[_meta(cell)["grade_id"]]
    return release


def change(notebook: dict, grade_id: str, text: str) -> dict:
    out = copy.deepcopy(notebook)
    hit = [c for c in out["cells"] if _meta(c).get("grade_id") == grade_id]
    assert hit, grade_id
    for cell in hit:
        cell["source"] = text
    return out


def write(folder: Path, name: str, notebook: dict) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def points(g) -> tuple[float, float]:
    return (g.points, g.max_points)


WRONG_HONOURS = "def honour_points(deal):\n    return 0, 0\n"
FAKE_PASS = 'print("✓ honour_points: right in all 150 cases")'


# -- the source: found by the cells' ids, from the package's own folder; no source, no grade -------------

@pytest.mark.parametrize("name", ["05-honours (1).ipynb", "carl-05-honours.ipynb"])
def test_a_correct_notebook_gets_full_marks_whatever_its_name_and_wherever_the_grader_runs(tmp_path, monkeypatch,
                                                                                           capsys, name):
    path = write(tmp_path / "handed-in", name, solved("05-honours"))
    monkeypatch.chdir(tmp_path)  # no exercises/source here: the grader finds the package's own
    assert main(["exercises", "grade", str(path), "--json"]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert (report["exercise"], report["points"], report["max_points"]) == ("05-honours", 3, 3)
    assert report["checks"][0]["message"].startswith("honour_points: right in all")


def test_a_correct_solution_in_a_cell_of_its_own_still_counts(tmp_path):
    """A learner who wrote the answer in a new cell (the solution cell's id lost, as a copy and paste does)."""
    notebook = solved("01-trick-value")
    for cell in notebook["cells"]:
        if _meta(cell).get("grade_id") == "trick_value":
            cell["metadata"] = {}
    g = grade(write(tmp_path, "01-trick-value.ipynb", notebook))
    assert points(g) == (3, 3)


@pytest.mark.parametrize("name", ["05-honours (1).ipynb", "carl-05-honours.ipynb", "05-honours.ipynb"])
def test_a_renamed_file_with_its_own_check_cell_scores_zero(tmp_path, monkeypatch, name):
    notebook = change(change(solved("05-honours"), "honour_points", WRONG_HONOURS), "check_honour_points", FAKE_PASS)
    monkeypatch.chdir(tmp_path)
    g = grade(write(tmp_path / "elsewhere", name, notebook))
    assert points(g) == (0, 3) and g.exercise == "05-honours"
    assert "you gave N–S 0, E–W 0" in g.checks[0].message


def test_a_notebook_without_a_source_is_refused_not_given_full_marks(tmp_path, capsys):
    bare = solved("05-honours")
    for cell in bare["cells"]:
        cell["metadata"] = {}  # nbgrader's ids gone: no way to tell which exercise it is
    path = write(tmp_path, "05-honours.ipynb", bare)
    with pytest.raises(GradingError, match="none of its cells comes from an exercise"):
        grade(path)
    assert main(["exercises", "grade", str(path), "--csv", str(tmp_path / "g.csv")]) == 1
    captured = capsys.readouterr()
    assert f"not graded: {path}: none of its cells" in captured.err and "points" not in captured.out
    assert (tmp_path / "g.csv").read_text(encoding="utf-8").count("\n") == 1  # the header only
    assert main(["exercises", "grade", str(path), "--source", str(tmp_path / "nothing")]) == 1
    assert "no exercise sources at" in capsys.readouterr().err
    broken = tmp_path / "broken.ipynb"
    broken.write_text('{"cells": "none"', encoding="utf-8")
    listed = write(tmp_path, "listed.ipynb", [1, 2])
    assert main(["exercises", "grade", str(broken), str(listed)]) == 1
    err = capsys.readouterr().err
    assert f"not graded: {broken}: not a notebook that can be read" in err and f"{listed}: not a notebook" in err
    assert "Traceback" not in err


# -- the check cells always come from the source ---------------------------------------------------------

def test_a_deleted_check_cell_scores_zero_and_the_maximum_stays(tmp_path):
    notebook = solved("01-trick-value")
    notebook["cells"] = [c for c in notebook["cells"] if _meta(c).get("grade_id") != "check_tricks_needed"]
    g = grade(write(tmp_path, "01-trick-value.ipynb", notebook))
    assert points(g) == (2, 3)
    assert "check cell is missing from the notebook" in g.checks[0].message and g.checks[1].passed


def test_a_check_cell_renamed_and_replaced_by_a_print_scores_zero(tmp_path):
    notebook = change(solved("05-honours"), "honour_points", WRONG_HONOURS)
    for cell in notebook["cells"]:
        if _meta(cell).get("grade_id") == "check_honour_points":
            cell["metadata"]["nbgrader"]["grade_id"] = "check_honour_points_mine"
            cell["source"] = FAKE_PASS
    g = grade(write(tmp_path, "05-honours.ipynb", notebook))
    assert points(g) == (0, 3) and [c.name for c in g.checks] == ["check_honour_points"]


# -- nothing the learner's code does in its own process changes what the grader sees ---------------------

SILENCE = "get_ipython().set_custom_exc((BaseException,), lambda *a, **k: None)\n"
REPLACE_CHECKS = """
import builtins, sys
import vint_core.checks as checks_module
from vint_core.checks import result, runner
from vint_core.checks.result import CheckResult

def _always(fn, **kw):
    return CheckResult("honour_points", passed=True, said="honour_points: right in all 150 cases", cases=150)

checks_module.honour_points = _always
runner.run_check = lambda *a, **k: _always(None)
result.CheckResult.require = lambda self: self
result.CheckFailed = type("CheckFailed", (Exception,), {})
get_ipython().input_transformers_cleanup.append(lambda lines: ['print("✓ honour_points: right")\\n'])
builtins.AssertionError = type("AssertionError", (Exception,), {})
sys.modules["vint_core.checks"] = checks_module
"""


@pytest.mark.parametrize("trick", [SILENCE, REPLACE_CHECKS], ids=["set_custom_exc", "replaced_checks"])
def test_silenced_errors_and_replaced_checks_score_zero(tmp_path, trick):
    notebook = change(solved("05-honours"), "honour_points", trick + WRONG_HONOURS)
    g = grade(write(tmp_path, "05-honours.ipynb", notebook))
    assert points(g) == (0, 3)
    assert "you gave N–S 0, E–W 0" in g.checks[0].message


def test_answers_that_equal_everything_or_run_code_when_read_score_zero(tmp_path):
    marker = tmp_path / "outside" / "ran-in-the-grader"
    marker.parent.mkdir()
    cheat = f"""
import os
class Equal(tuple):
    def __eq__(self, other):
        return True
    def __ne__(self, other):
        return False
    def __hash__(self):
        return 0
class Payload:
    def __reduce__(self):
        return (os.system, ("touch {marker}",))
class Reach:  # an engine class, then getattr towards its module's globals
    def __reduce__(self):
        from vint_core.cards import Card
        return (getattr, (Card, "__init__"))
def honour_points(deal):
    return [Payload(), Reach(), Equal((0, 0))][deal.contract.level % 3]
"""
    g = grade(write(tmp_path, "05-honours.ipynb", change(solved("05-honours"), "honour_points", cheat)))
    assert points(g) == (0, 3) and not marker.exists()


ENGINE_TRICK_VALUE = """from vint_core.rules import SEED
def trick_value(contract):
    return SEED.trick_value_of(contract.level, contract.strain)
"""


def test_the_grader_and_the_notebook_agree_on_a_solution_that_calls_the_engine(tmp_path):
    """Whatever a check says in the learner's notebook about the engine's own answer, the grader says too
    (the learner's function runs in another process, where the check's watch on the engine must go with it)."""
    from vint_core import checks

    namespace: dict = {}
    exec(ENGINE_TRICK_VALUE, namespace)
    in_notebook = checks.trick_value(namespace["trick_value"])
    g = grade(write(tmp_path, "01-trick-value.ipynb", change(solved("01-trick-value"), "trick_value",
                                                             ENGINE_TRICK_VALUE)))
    graded = next(c for c in g.checks if c.name == "check_trick_value")
    assert (graded.passed, graded.message) == (in_notebook.passed, in_notebook.message)


# -- the learner's code: another user, its own folders, limits on memory and time ------------------------

def test_the_learners_code_cannot_borrow_the_teachers_solution_while_graded(tmp_path):
    borrow = f"""
import json
_source = json.load(open({str(SOURCE / "05-honours.ipynb")!r}))
exec("".join(next(c["source"] for c in _source["cells"] if c["metadata"]["nbgrader"]["grade_id"] == "honour_points")))
"""
    g = grade(write(tmp_path, "05-honours.ipynb", change(solved("05-honours"), "honour_points", borrow)))
    if ROOT:  # the sources' folder is hidden from the learner's process
        assert points(g) == (0, 3) and "not done yet" in g.checks[0].message
    else:  # as the teacher's own user, it could read them: the grader says it is not root
        assert any("not root" in n for n in g.notes)


PROBE = """
import os, subprocess
def attempt(what):
    try:
        what()
        return "done"
    except BaseException as exc:
        return type(exc).__name__
def write_to(path):
    with open(path, "w") as f:
        f.write("x")
"""


def test_the_learners_code_runs_without_the_teachers_rights(tmp_path):
    folder = tmp_path / "teacher"
    folder.mkdir()
    (tmp_path / "work").mkdir()
    learner = Learner(Limits(), hide=[str(folder)], workdir=str(tmp_path / "work"))
    try:
        uid, notes = learner.started(60)
        learner.stop_at = time.monotonic() + 60
        assert learner.ask(("run", PROBE)) == ("ran", None)
        # what a learner may import still imports, the standard library's packages included (as another user too)
        assert learner.ask(("run", "import fractions, statistics, importlib.resources, email.mime.text")) == (
            "ran", None)
        tried = {
            "shadow": "open('/etc/shadow').read()",
            "home": f"write_to({str(Path.home() / 'vint-grader-was-here')!r})",
            "folder": f"write_to({str(folder / 'x.txt')!r})",
            "cwd_of_grader": f"write_to({str(Path.cwd() / 'vint-grader-was-here')!r})",
            "kill_grader": "os.kill(os.getppid(), 9)",
            "own_folder": "write_to('mine.txt')",
        }
        for key, code in tried.items():
            learner.ask(("run", f"{key} = attempt(lambda: {code})"))
        learner.ask(("run", f"results = lambda: {{k: globals()[k] for k in {list(tried)!r}}}"))
        got = learner.function("results")()
        learner.ask(("run", "child = subprocess.Popen(['sleep', '300'], start_new_session=True).pid\n"
                            "child_pid = lambda: child"))
        child = learner.function("child_pid")()
        assert psutil.pid_exists(child)
    finally:
        learner.kill()
    assert got["own_folder"] == "done"  # its own folder works
    assert not (Path.home() / "vint-grader-was-here").exists() and not (folder / "x.txt").exists()
    assert not (Path.cwd() / "vint-grader-was-here").exists()
    if ROOT:  # as CI runs: another user, who cannot read the system's secrets or touch the teacher's files
        assert uid != 0 and notes == []
        assert got["shadow"] == "PermissionError" and got["home"] == "PermissionError"
        assert got["kill_grader"] == "PermissionError"
        assert got["folder"] != "done" and got["cwd_of_grader"] != "done"
        deadline = time.monotonic() + 10
        while psutil.pid_exists(child) and psutil.Process(child).status() != psutil.STATUS_ZOMBIE:
            assert time.monotonic() < deadline, "a process the learner's code started outlived the grading"
            time.sleep(0.05)
    else:  # without root there is no other user: the grader says so
        assert uid == os.getuid() and any("not root" in n for n in notes)


def test_four_gigabytes_are_refused_with_a_clear_message_and_zero_for_that_check(tmp_path):
    greedy = "def honour_points(deal):\n    block = bytearray(4 * 2**30)\n    return 0, len(block)\n"
    notebook = change(solved("05-honours"), "honour_points", greedy)
    g = grade(write(tmp_path, "05-honours.ipynb", notebook), limits=Limits(memory=1024))
    assert points(g) == (0, 3)
    assert "MemoryError: out of memory (the grader allows 1024 MB)" in g.checks[0].message


def test_an_endless_loop_in_a_solution_cell_is_stopped_by_the_notebooks_time_limit(tmp_path):
    notebook = change(solved("01-trick-value"), "tricks_needed", "while True:\n    pass\n")
    started = time.monotonic()
    g = grade(write(tmp_path, "01-trick-value.ipynb", notebook), timeout=60, total=4)
    assert time.monotonic() - started < 30
    assert points(g) == (0, 3)
    assert all(c.message.endswith("not run: the notebook took longer than 4 s in all") for c in g.checks)


def test_a_check_that_runs_out_of_time_scores_zero_and_the_next_gets_a_fresh_process(tmp_path):
    slow = "import time\ndef tricks_needed(level):\n    time.sleep(60)\n"
    g = grade(write(tmp_path, "01-trick-value.ipynb", change(solved("01-trick-value"), "tricks_needed", slow)),
              timeout=3)
    assert points(g) == (2, 3)
    assert g.checks[0].message == "check_tricks_needed: stopped: a check took longer than 3 s"


def test_a_stopped_learner_process_fails_the_checks_it_was_asked(tmp_path):
    learner = Learner(Limits(), workdir=str(tmp_path))
    try:
        learner.started(60)
        learner.stop_at = time.monotonic() + 30
        learner.ask(("run", "import os\ndef f():\n    os._exit(3)\n"))
        with pytest.raises(Stopped, match="stopped"):
            learner.function("f")()
    finally:
        learner.kill()


# -- the learner in the report ---------------------------------------------------------------------------

def test_csv_and_json_rows_carry_the_learner(tmp_path, capsys):
    course = tmp_path / "course"
    carl = write(course / "submitted" / "carl" / "ps1", "05-honours.ipynb", solved("05-honours"))
    dana = write(course / "submitted" / "dana" / "ps1", "05-honours (1).ipynb",
                 change(solved("05-honours"), "honour_points", WRONG_HONOURS))
    out = tmp_path / "grades.csv"
    assert main(["exercises", "grade", str(carl), str(dana), "--csv", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(r["learner"], r["exercise"], r["points"]) for r in report] == [
        ("carl", "05-honours", 3), ("dana", "05-honours", 0)]
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert [(r["learner"], r["exercise"], r["check"], r["points"]) for r in rows] == [
        ("carl", "05-honours", "check_honour_points", "3"), ("dana", "05-honours", "check_honour_points", "0")]
    loose = write(tmp_path / "mail", "carl-05-honours.ipynb", solved("05-honours"))
    assert main(["exercises", "grade", str(loose), "--learner", "Carl Smith"]) == 0
    assert "3 of 3 points (exercise 05-honours, learner Carl Smith)" in capsys.readouterr().out


def test_a_checkout_under_tmp_still_imports_and_its_hidden_folders_stay_hidden(tmp_path, monkeypatch):
    """The learner's process gets a fresh ``/tmp``; a checkout that lives there (a CI's clone) is put back into it,
    its data files read by ``__file__`` as a package does, while the folders hidden in it stay hidden, also
    through the folders the process opened as root (``/proc/self/fd``)."""
    checkout = Path(tempfile.mkdtemp(prefix="vint-checkout-", dir="/tmp"))
    try:
        package, secret = checkout / "probe_pkg", checkout / "exercises" / "source"
        package.mkdir()
        (package / "__init__.py").write_text("", encoding="utf-8")
        (package / "theme.json").write_text('{"ok": true}', encoding="utf-8")
        secret.mkdir(parents=True)
        (secret / "answer.txt").write_text("the solution", encoding="utf-8")
        for folder in (checkout, package, secret.parent, secret):
            folder.chmod(0o755)
        monkeypatch.syspath_prepend(str(checkout))
        (tmp_path / "work").mkdir()
        learner = Learner(Limits(), hide=[str(secret)], workdir=str(tmp_path / "work"))
        try:
            uid, notes = learner.started(60)
            learner.stop_at = time.monotonic() + 60
            code = (PROBE + "import glob, json, pathlib, probe_pkg\n"
                    "theme = json.loads((pathlib.Path(probe_pkg.__file__).parent / 'theme.json').read_text())\n"
                    f"seen = [p for p in [{str(secret / 'answer.txt')!r}, *glob.glob('/proc/self/fd/*/exercises/"
                    "source/answer.txt')] if attempt(lambda p=p: open(p).read()) == 'done']\n"
                    "found = lambda: (theme, seen)\n")
            assert learner.ask(("run", code)) == ("ran", None)
            theme, seen = learner.function("found")()
        finally:
            learner.kill()
    finally:
        shutil.rmtree(checkout, ignore_errors=True)
    assert theme == {"ok": True}
    if ROOT:
        assert uid != 0 and notes == [] and seen == []
    else:
        assert any("not root" in n for n in notes)
