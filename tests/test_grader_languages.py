"""The grader's own notes speak the language of ``--lang`` / ``VINT_LANG``: a cell past its time and the checks
it kept from running are reported in Russian, with no English word (the check's names are code)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_russian import latin_words

from vint_core.cli import main

SOURCE = Path(__file__).resolve().parents[1] / "exercises" / "source"


def _slow_copy(tmp_path: Path) -> Path:
    """Exercise 01 with a set-up cell that sleeps past any time limit."""
    slow = json.loads((SOURCE / "01-trick-value.ipynb").read_text(encoding="utf-8"))
    for cell in slow["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "setup":
            cell["source"] = "import time\ntime.sleep(30)"
    path = tmp_path / "slow.ipynb"
    path.write_text(json.dumps(slow), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "said"), [("ru", "не выполнена: ячейка выполнялась дольше 3 с"),
                                            ("de", "nicht ausgeführt: eine Zelle brauchte länger als 3 s")])
def test_a_cell_past_its_time_is_reported_in_the_graders_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                  lang: str, said: str) -> None:
    path = _slow_copy(tmp_path)
    assert main(["exercises", "grade", str(path), "--timeout", "3", "--source", str(tmp_path), "--json",
                 "--lang", lang]) == 0
    checks = json.loads(capsys.readouterr().out)[0]["checks"]
    assert checks and all(c["message"] == f"{c['name']}: {said}" for c in checks), checks
    if lang == "ru":
        assert not any(latin_words(c["message"].split(": ", 1)[1]) for c in checks)


def _copy_with_setup(tmp_path: Path, code: str) -> Path:
    """Exercise 01 with ``code`` as its set-up cell (the source too: the grader runs the source's set-up)."""
    notebook = json.loads((SOURCE / "01-trick-value.ipynb").read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "setup":
            cell["source"] = code
    path = tmp_path / "handed-in.ipynb"
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "header", "stopped"), [
    ("de", r"handed-in\.ipynb: Punkte: 0 von \d+ \(Übung handed-in, Lernende\(r\) anna\)",
     "nicht ausgeführt: das Python des Notebooks hat sich beendet"),
    ("ru", r"handed-in\.ipynb: баллы: 0 из \d+ \(упражнение handed-in, ученик anna\)",
     "не выполнена: процесс блокнота остановился"),
])
def test_the_report_header_and_the_sandboxs_own_reasons_speak_the_graders_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, header: str, stopped: str) -> None:
    import re

    path = _copy_with_setup(tmp_path, "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)")  # it ends itself
    assert main(["exercises", "grade", str(path), "--source", str(tmp_path),
                 "--learner", "anna", "--lang", lang]) == 0
    first, *checks = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"\S*" + header, first), first
    assert checks and all(line.endswith(f": {stopped}") for line in checks), checks
    if lang == "ru":
        assert not latin_words(first.split(": ", 1)[1].replace("handed-in", "").replace("anna", ""))
        assert not any(latin_words(line.split(": ", 1)[1]) for line in checks)
