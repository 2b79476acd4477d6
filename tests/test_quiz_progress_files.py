"""The learner's quiz progress file: damaged in each of the ways listed below, or mutated anywhere by Hypothesis, it is
kept aside unchanged with a message (without its path) and the practice page starts afresh; it stays small however
many answers it holds; a version 1 file (every answer) is still read; the name is cut; the teacher's CSV, read back,
holds no formula.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import os
import stat
from dataclasses import asdict
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vint_core.quiz import generate
from vint_core.quiz.progress import KEEP, MAX_NAME, WINDOW, Progress
from vint_core.widgets.quiz import QuizWidget


def answered(n: int, *, learner: str = "Anna", seed: int = 4) -> Progress:
    """A progress with ``n`` answers to real questions, every third one wrong."""
    progress = Progress(learner=learner, seed=seed)
    pool = generate("all", seed=seed, count=40)
    for i in range(n):
        item = pool[i % len(pool)]
        wrong = next((c.value for c in item.choices if not c.correct), None)
        progress.answer(item, wrong if i % 3 == 0 and wrong is not None else item.answer)
    return progress


SAVE: dict[str, Any] = json.loads(json.dumps(answered(12).to_json()))
DEEP = "[" * 100_000 + "]" * 100_000


def changed(change: Any) -> str:
    data = copy.deepcopy(SAVE)
    change(data)
    return json.dumps(data)


def set_attempt(**fields: Any) -> Any:
    return lambda d: d["attempts"][3].update(fields)


def with_text(text: str | bytes) -> Any:
    def make(path: Path) -> None:
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
    return make


def huge(path: Path) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('{"format": "vint-quiz-progress", "pad": "')
        for _ in range(17):
            fh.write("x" * 1024 * 1024)
        fh.write('"}')


#: what is in the folder instead of a good quiz.json, and the words the page's message gives for it
CASES: dict[str, tuple[Any, str]] = {
    "nested 100,000 deep": (with_text(DEEP), "nested too deeply"),
    "a field nested 100,000 deep": (with_text(changed(lambda d: d.update(asked="<deep>")).replace(
        '"<deep>"', DEEP)), "nested too deeply"),
    "seed 1e400": (with_text(json.dumps(SAVE).replace(f'"seed": {SAVE["seed"]}', '"seed": 1e400')), "the seed"),
    "seed a word": (with_text(changed(lambda d: d.update(seed="4"))), "the seed"),
    "correct 'yes'": (with_text(changed(set_attempt(correct="yes"))), "'correct' is not true or false"),
    "type ['x']": (with_text(changed(set_attempt(type=["x"]))), "unknown topic or question type"),
    "topic {'a': 1}": (with_text(changed(set_attempt(topic={"a": 1}))), "unknown topic or question type"),
    "a topic that is not the type's": (with_text(changed(set_attempt(topic="rubber"))), "unknown topic"),
    "an id of another type": (with_text(changed(set_attempt(item_id="partner:1:0:seed"))), "not a question's id"),
    "a time that is not one": (with_text(changed(set_attempt(time=12))), "the time"),
    "an answer of 1 MB": (with_text(changed(set_attempt(answer_given="1" * 1_000_000))), "short text"),
    "an unknown mistake": (with_text(changed(set_attempt(misconception="nonsense"))), "unknown mistake"),
    "an unknown field": (with_text(changed(set_attempt(extra=1))), "not an answer"),
    "an answer that is a number": (with_text(changed(lambda d: d["attempts"].append(5))), "not an answer"),
    "attempts not a list": (with_text(changed(lambda d: d.update(attempts={"a": 1}))), "not a list"),
    "more answers than are kept": (with_text(changed(lambda d: d.update(attempts=d["attempts"] * (KEEP // 12 + 1)))),
                                   "not a list of at most"),
    "asked counted with true": (with_text(changed(lambda d: d["asked"].update(partner=True))), "whole number"),
    "asked an unknown type": (with_text(changed(lambda d: d["asked"].update(bridge=1))), "question type"),
    "a score with more right than answers": (with_text(changed(lambda d: d["totals"].update(play=[5, 2]))),
                                             "more answers right"),
    "a score below the answers kept": (with_text(changed(lambda d: d.update(totals={}))), "fewer answers"),
    "recent answers not true or false": (with_text(changed(lambda d: d["recent"].update(partner=[1]))),
                                         "latest answers"),
    "a learner that is not text": (with_text(changed(lambda d: d.update(learner=["A"]))), "not text"),
    "another format": (with_text(changed(lambda d: d.update(format="vint-table"))), "not a vint_core quiz"),
    "version 4": (with_text(changed(lambda d: d.update(version=4))), "not a vint_core quiz"),
    "not JSON": (with_text("{not json"), "not JSON"),
    "binary": (with_text(b"\x80\x81\xfe\xff\x00" * 200), "not text"),
    "empty": (with_text(""), "not JSON"),
    "a folder": (lambda path: path.mkdir(), "not a regular file"),
    "a FIFO": (lambda path: os.mkfifo(path), "not a regular file"),
    "a link to /dev/zero": (lambda path: path.symlink_to("/dev/zero"), "not a regular file"),
    "a link to itself": (lambda path: path.symlink_to(path.name), "symbolic links"),
    "17 MB": (huge, "may be at most 8 MB"),
}


def kind(path: Path) -> tuple[str, bytes | None]:
    """What is at ``path`` (without following a link, without reading a FIFO or a device): its kind and bytes."""
    mode = path.lstat().st_mode
    if stat.S_ISREG(mode):
        return "file", path.read_bytes()
    return ("link:" + os.readlink(path) if stat.S_ISLNK(mode) else "dir" if stat.S_ISDIR(mode)
            else "fifo" if stat.S_ISFIFO(mode) else "other"), None


def assert_kept_aside_and_fresh(folder: Path, before: tuple[str, bytes | None], words: str) -> QuizWidget:
    path = folder / "quiz.json"
    widgets.Widget.close_all()
    quiz = QuizWidget.open(path, topics=["play"])
    aside = list(folder.glob("quiz.json.damaged-*"))
    assert len(aside) == 1 and kind(aside[0]) == before  # moved aside unchanged
    status = quiz.status.value
    assert "could not be read" in status and aside[0].name in status and words in status.replace("&#x27;", "'"), status
    assert str(folder) not in status and "Traceback" not in status
    assert quiz.progress.answered == 0 and quiz.progress.attempts == [] and quiz.item.topic == "play"
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert "Right." in quiz.feedback.value
    again = Progress.open(path)
    assert again.message is None and again.answered == 1  # the fresh record is saved and reads back
    return quiz


@pytest.mark.parametrize("case", list(CASES))
def test_a_damaged_progress_file_is_kept_aside_and_a_fresh_one_starts(tmp_path: Path, case: str) -> None:
    make, words = CASES[case]
    make(tmp_path / "quiz.json")
    assert_kept_aside_and_fresh(tmp_path, kind(tmp_path / "quiz.json"), words)


def test_the_damages_are_said_in_german_too(tmp_path: Path) -> None:
    (tmp_path / "quiz.json").write_text(DEEP, encoding="utf-8")
    widgets.Widget.close_all()
    quiz = QuizWidget.open(tmp_path / "quiz.json", lang="de")
    assert "nicht lesbar" in quiz.status.value and "quiz.json.damaged-" in quiz.status.value


def test_a_progress_that_cannot_be_moved_aside_still_opens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged file in a folder that cannot be written: the page opens, and says the answers are not saved."""
    from vint_core import saves as module  # the one loader of saved files moves a damaged one aside

    def refuse(path: Path) -> Path:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(module, "keep_aside", refuse)
    (tmp_path / "quiz.json").write_text("{not json", encoding="utf-8")
    widgets.Widget.close_all()
    quiz = QuizWidget.open(tmp_path / "quiz.json")
    assert "not saved" in quiz.status.value and "permission denied" in quiz.status.value  # the catalogue's words
    assert str(tmp_path) not in quiz.status.value and quiz.progress.path is None
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert (tmp_path / "quiz.json").read_text(encoding="utf-8") == "{not json"


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                           | st.text(max_size=6) | st.sampled_from(["play", "partner", "auction", "N", "=1+1"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                                        max_size=3),
                           max_leaves=6)


def places(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(obj, dict):
        for key, value in obj.items():
            found += places(value, (*prefix, key))
    elif isinstance(obj, list):
        for i, value in enumerate(obj):
            found += places(value, (*prefix, i))
    return found


PLACES = [p for p in places(SAVE) if p]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(place=st.sampled_from(PLACES), how=st.sampled_from(["replace", "remove"]), value=JSON_VALUES)
def test_a_mutated_progress_file_is_read_whole_or_kept_aside(tmp_path_factory: pytest.TempPathFactory,
                                                             place: tuple[Any, ...], how: str, value: Any) -> None:
    folder = tmp_path_factory.mktemp("quiz")
    data = copy.deepcopy(SAVE)
    parent: Any = data
    for key in place[:-1]:
        parent = parent[key]
    if how == "replace":
        parent[place[-1]] = value
    else:
        del parent[place[-1]]
    path = folder / "quiz.json"
    text = json.dumps(data)
    path.write_text(text, encoding="utf-8")
    widgets.Widget.close_all()
    quiz = QuizWidget.open(path)
    if list(folder.glob("quiz.json.damaged-*")):
        assert "could not be read" in quiz.status.value and quiz.progress.answered == 0
    else:  # read: what it holds is sound, and the page draws it and answers on
        progress = quiz.progress
        assert all(isinstance(a.correct, bool) for a in progress.attempts)
        assert all(0 <= right <= total for right, total in progress.score_by_topic().values())
        assert all(0 <= m <= 1 for m in progress.mastery().values())
        quiz.answer_with(quiz.item.answer)
        quiz.check_button.click()
        assert "Right." in quiz.feedback.value
        assert Progress.open(path).answered == progress.answered


def test_the_file_stays_small_and_the_score_counts_every_answer(tmp_path: Path) -> None:
    progress = answered(3 * KEEP)
    progress.path = tmp_path / "quiz.json"
    progress.save()
    assert progress.path.stat().st_size < 400_000
    again = Progress.open(progress.path)
    assert again.message is None and again.answered == 3 * KEEP and len(again.attempts) == KEEP
    assert again.score_by_topic() == progress.score_by_topic() and again.mastery() == progress.mastery()
    assert all(len(v) <= WINDOW for v in again.recent.values())
    assert again.attempts == progress.attempts  # the latest ones, in order
    # the mastery of a type answered long ago is not lost with its answers
    early = Progress(seed=1)
    item = next(i for i in generate("partner", seed=1, count=1))
    early.answer(item, item.answer)
    rest = generate("play", seed=1, count=KEEP + 5)
    for other in rest:
        early.answer(other, other.answer)
    assert "partner" not in {a.type for a in early.attempts} and early.mastery()["partner"] == 1.0


def test_a_version_1_file_with_every_answer_is_read(tmp_path: Path) -> None:
    kept = [asdict(a) for a in answered(KEEP).attempts]
    every = kept[:50] + kept  # version 1 kept every answer: here KEEP + 50
    old = {"format": "vint-quiz-progress", "version": 1, "learner": "Anna", "seed": 4, "asked": {"partner": 3},
           "attempts": every}
    path = tmp_path / "quiz.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    again = Progress.open(path)
    assert again.message is None and again.learner == "Anna" and again.asked == {"partner": 3}
    assert again.answered == KEEP + 50 and [asdict(a) for a in again.attempts] == every[-KEEP:]
    assert sum(right for right, _ in again.score_by_topic().values()) == sum(a["correct"] for a in every)
    again.save()
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 3 and Progress.open(path).answered == KEEP + 50


def test_a_name_of_5_mb_is_cut_and_the_page_says_so(tmp_path: Path) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=2, path=tmp_path / "quiz.json"), topics=["play"])
    assert "60 characters" in quiz.learner.placeholder
    quiz.learner.value = "Anna" + "a" * 5_000_000
    assert quiz.learner.value == ("Anna" + "a" * 5_000_000)[:MAX_NAME] == quiz.progress.learner
    assert "first 60 characters" in quiz.status.value
    for _ in range(3):
        quiz.answer_with(quiz.item.answer)
        quiz.check_button.click()
        quiz.next_button.click()
    assert {a.learner for a in quiz.progress.attempts} == {quiz.learner.value}
    assert (tmp_path / "quiz.json").stat().st_size < 5_000
    quiz.next_button.click()
    quiz.learner.value = "  Ben\tK\r\n"
    assert quiz.learner.value == "BenK" == Progress.open(tmp_path / "quiz.json").learner
    assert "characters" not in quiz.status.value  # nothing was cut: only the tab and line break left out


@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://evil.example\",\"x\")", "+1+cmd|' /C calc'!A0",
                                  "-2+3", "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "=1+1"])
def test_a_name_a_spreadsheet_would_run_reaches_the_csv_as_text(tmp_path: Path, name: str) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=3, path=tmp_path / "quiz.json"), topics=["overbidding"])
    quiz.learner.value = name
    kept = quiz.progress.learner
    for _ in range(4):
        quiz.answer_with(quiz.item.answer)
        quiz.check_button.click()
        quiz.next_button.click()
    path = quiz.export(tmp_path / "answers.csv")
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert len(rows) == 5 and all(row[0] == "'" + kept for row in rows[1:])
    for row in rows[1:]:
        for cell in row:
            assert cell[:1] not in ("=", "+", "@", "\t", "\r"), cell
            assert not cell.startswith("-") or cell.lstrip("-").replace(".", "").isdigit(), cell


def test_a_plain_name_and_numbers_stay_as_they_are(tmp_path: Path) -> None:
    progress = Progress(learner="Anna-Lena", seed=5)
    item = next(i for i in generate("overbidding", seed=5, count=8) if i.kind == "number")
    progress.answer(item, -3)
    row = list(csv.reader(io.StringIO(progress.to_csv())))[1]
    assert row[0] == "Anna-Lena" and row[5] == "-3"
