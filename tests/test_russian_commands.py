"""The last English of the commands, now in the learner's language: ``vint class``'s seed lists (a mistake in
``--seeds``, the boards' seeds in ``vint class boards list``) and the grader's refusals of a notebook
(``vint exercises grade``), in the language of ``--lang``, else ``VINT_LANG``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_russian import latin_words

from vint_core.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'class.db'}"


# -- vint class: the seeds ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "seeds", "said"), [
    ("ru", "1,x", "не список зёрен: «1,x» (пишите их так: 1,2,3)"),
    ("ru", "-1", "не список зёрен: «-1» (целые числа от 0, например 1,2,3)"),
    ("de", "a", "keine Liste von Startwerten: „a“ (so zu schreiben: 1,2,3)"),
    ("en", ",", "not a list of seeds: ',' (whole numbers from 0, like 1,2,3)"),
])
def test_a_list_of_seeds_that_is_not_one_is_refused_in_the_learners_language(
        db: str, lang: str, seeds: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _run(capsys, "class", "boards", "add", "7b", "--seeds", seeds, "--db", db, "--lang", lang)
    assert status == 2 and not out
    assert err.strip() == f"vint class boards add: error: argument --seeds: {said}"


def test_vint_lang_chooses_the_language_of_the_seeds_mistake(db: str, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VINT_LANG", "ru")
    status, _, err = _run(capsys, "class", "boards", "add", "7b", "--seeds", "1;2", "--db", db)
    assert status == 2 and err.strip().endswith("не список зёрен: «1;2» (пишите их так: 1,2,3)")
    assert not latin_words(err.split("--seeds:")[1])
    # --lang wins over VINT_LANG, as for every other text of the command
    status, _, err = _run(capsys, "class", "boards", "add", "7b", "--seeds", "1;2", "--db", db, "--lang", "en")
    assert err.strip().endswith("not a list of seeds: '1;2' (write them like 1,2,3)")


def test_the_boards_list_says_seed_in_the_learners_language(db: str, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    assert _run(capsys, "class", "create", "7b", "--teacher", "Ms Ivanova", "--db", db)[0] == 0
    assert _run(capsys, "class", "boards", "add", "7b", "--seeds", "3,4", "--title", "week 1", "--db", db)[0] == 0
    lists = {lang: _run(capsys, "class", "boards", "list", "7b", "--db", db, "--lang", lang)[1].splitlines()
             for lang in ("en", "de", "ru")}
    assert lists["en"] == ["1\tNorth\tseed 3\tweek 1", "2\tNorth\tseed 4\tweek 1"]
    assert lists["de"] == ["1\tNord\tStartwert 3\tweek 1", "2\tNord\tStartwert 4\tweek 1"]
    assert lists["ru"] == ["1\tСевер\tзерно 3\tweek 1", "2\tСевер\tзерно 4\tweek 1"]
    monkeypatch.setenv("VINT_LANG", "ru")
    assert _run(capsys, "class", "boards", "list", "7b", "--db", db)[1].splitlines() == lists["ru"]


# -- vint exercises grade: the notebooks it will not grade --------------------------------------------------------


def _notebook(path: Path, obj: object) -> Path:
    path.write_text(obj if isinstance(obj, str) else json.dumps(obj), encoding="utf-8")
    return path


def test_the_grader_says_why_it_will_not_grade_a_notebook_in_the_learners_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = _notebook(tmp_path / "broken.ipynb", "not json")
    listed = _notebook(tmp_path / "listed.ipynb", {"cells": 3})
    foreign = _notebook(tmp_path / "foreign.ipynb", {"cells": [{"cell_type": "code", "source": "x = 1",
                                                                "metadata": {}}]})
    status, out, err = _run(capsys, "exercises", "grade", str(broken), str(listed), str(foreign), "--lang", "ru")
    assert status == 1 and not out.strip()
    lines = err.strip().splitlines()
    assert lines == [
        f"vint: не оценено: {broken}: это не тетрадь, которую можно прочитать: это не JSON",
        f"vint: не оценено: {listed}: это не тетрадь: нет списка ячеек",
        f"vint: не оценено: {foreign}: ни одна из его ячеек не взята из упражнения (идентификаторы ячеек «nbgrader», "
        "grade_id, отсутствуют или изменены): оцените его с --source и исходной тетрадью этого упражнения"]
    for line in lines:
        assert not latin_words(line.split(".ipynb: ", 1)[1]), line
    status, _, err = _run(capsys, "exercises", "grade", str(listed), "--lang", "de")
    assert err.strip() == f"vint: nicht bewertet: {listed}: kein Notebook: keine Liste von Zellen"


def test_no_exercise_sources_is_said_in_the_learners_language(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    listed = _notebook(tmp_path / "listed.ipynb", {"cells": []})
    monkeypatch.setenv("VINT_LANG", "ru")
    status, _, err = _run(capsys, "exercises", "grade", str(listed), "--source", str(tmp_path / "nothing"))
    assert status == 1
    assert err.strip() == (f"vint: error: в {tmp_path / 'nothing'} нет исходников упражнений: укажите в --source "
                           "папку тетрадей с решениями")


def test_the_graders_refusals_are_phrases_said_in_any_language(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from vint_core.checks import notebooks
    from vint_core.checks.notebooks import GradingError, load_sources, match_source
    from vint_core.errors import Reason, VintError

    def cells(*ids: str) -> dict[str, object]:
        return {"cells": [{"cell_type": "code", "source": "", "metadata": {"nbgrader": {"grade_id": i}}}
                          for i in ids]}

    with pytest.raises(GradingError) as caught:
        match_source(cells("a1", "b1"), {"alpha": cells("a1", "a2"), "beta": cells("b1", "b2")})
    error = caught.value
    assert isinstance(error, VintError) and error.reason is Reason.NOT_GRADED
    assert error.message("en") == str(error) == ("its cells come from several exercises (alpha, beta): grade it "
                                                 "with --source and the exercise's source notebook")
    assert error.message("ru") == ("его ячейки взяты из нескольких упражнений (alpha, beta): оцените его с --source "
                                   "и исходной тетрадью упражнения")
    assert error.message("de").startswith("seine Zellen stammen aus mehreren Übungen (alpha, beta)")
    monkeypatch.setattr(notebooks, "default_source", lambda: None)
    with pytest.raises(GradingError) as caught:
        load_sources()
    assert caught.value.message("ru").startswith("рядом с vint_core нет исходников упражнений")


# -- the shared argument types ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "said"), [
    (["deal", "--seed", "x"], "argument --seed: «x» — не зерно случайности: целое число от 0 до 2**64 - 1"),
    (["quiz", "--count", "0"], "argument --count: «0» — не число вопросов (от 1 до 10000)"),
    (["simulate", "--deals", "0"], "argument --deals: «0» — не целое положительное число"),
    (["table", "--port", "x"], "argument --port: «x» — не порт (от 1 до 65535)"),
    (["table", "--max-tables", "0"], "argument --max-tables: не число больше 0: «0»"),
])
def test_an_option_the_command_cannot_read_is_refused_in_the_learners_language(
        args: list[str], said: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, err = _run(capsys, *args, "--lang", "ru")
    assert status == 2 and not out and err.strip() == f"vint {args[0]}: error: {said}"
    monkeypatch.setenv("VINT_LANG", "ru")
    assert _run(capsys, *args)[2] == err
    monkeypatch.delenv("VINT_LANG")
    english = _run(capsys, *args)[2]
    assert "«" not in english and not any("а" <= ch <= "я" for ch in english), english


# -- vint table: what it prints when it serves --------------------------------------------------------------------


def test_vint_table_prints_its_link_and_log_in_the_pages_language(tmp_path: Path) -> None:
    import os
    import re
    import subprocess
    import sys

    import browser_support as bs

    from vint_core.app.launch import HOST, free_port, stop_voila

    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    port = free_port()
    env = {**os.environ, "VINT_DATA_DIR": str(data_dir), "VINT_BOTS": "rule", "VINT_PACE": "none"}
    env.pop("VINT_LANG", None)
    process = subprocess.Popen([sys.executable, "-m", "vint_core.cli", "table", "--no-browser", f"--port={port}",
                                "--lang", "ru"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        assert process.stdout is not None
        said = [process.stdout.readline().strip() for _ in range(2)]  # printed once Voilà serves
        assert re.fullmatch(rf"Стол для винта: http://{re.escape(HOST)}:{port}/\?token=[\w-]{{20,}}  "
                            r"\(Ctrl-C — остановить\)", said[0]), said
        assert said[1] == f"Его журнал (с ошибками, которых страница не показывает): {data_dir / 'vint-table.log'}"
    finally:
        stop_voila(process, timeout=60)
