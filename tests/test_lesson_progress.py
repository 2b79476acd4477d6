"""The lessons' place in the course and the learner's progress through it (headless).

Every lesson's header names its place ("3 of 12 lessons"), its neighbours (links to the notebooks that are
there), the course map and the glossary. Every lesson's quiz keeps its answers in the data folder
(``lessons/lesson-NN.json``): a new widget, or a new Python process, finds them; a lesson is finished with
three right answers; a damaged, huge or unwritable record gives a notice in the page, never a traceback, and
loses no answer. Full and read-only disks are real tmpfs mounts (``tests/tmpfs_support.py``).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import tmpfs_support

from vint_core.lesson_progress import (
    FINISHED_RIGHT,
    LESSONS,
    LessonState,
    course_state,
    lesson_file,
    lesson_state,
    open_lesson,
)
from vint_core.saves import SAVE_LIMIT
from vint_core.widgets.lesson_progress import CourseProgress, lesson_quiz
from vint_core.widgets.quiz import QuizWidget

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
GLOSSARY = "[Glossary: English, German, Russian](../docs/rules.md#6-words-english-german-russian)"
LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
# a new learner's first question in the lessons whose text and browser tests rely on it
FIRST_TYPE = {"02": "legal_cards", "03": "higher_bid", "04": "auction_over",
              "05": "legal_cards"}


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("VINT_DATA_DIR", str(folder))
    return folder


def notebook_cells(name: str) -> list[dict[str, object]]:
    cells: list[dict[str, object]] = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    return cells


def header(name: str) -> tuple[str, str]:
    """A lesson's heading and its navigation line (the first markdown cell's line with the course map)."""
    lines = "".join(notebook_cells(name)[0]["source"]).splitlines()  # type: ignore[arg-type]
    nav = [line for line in lines if "[Course map](README.md)" in line]
    assert len(nav) == 1, f"{name}: one navigation line in the first cell"
    return lines[0], nav[0]


def answer(quiz: QuizWidget, *, right: bool = True) -> None:
    """Answer the quiz's question as a learner would (right, or wrong), check it and go to the next one."""
    item = quiz.item
    if right:
        quiz.answer_with(item.answer)
    elif item.kind == "choice":
        quiz.choose(next(i for i, c in enumerate(item.choices) if not c.correct))
    elif item.kind == "cards":
        quiz.answer_with([])
    else:
        quiz.answer_with("-1" if item.kind == "number" else {"NS": "-1", "EW": "-1"})
    quiz.check_button.click()
    assert quiz.checked and quiz.progress.last_verdict is not None
    assert quiz.progress.last_verdict.correct is right
    quiz.next_button.click()


# -- the header: place and neighbours -----------------------------------------------------------------------------

def test_the_course_table_is_the_notebooks() -> None:
    assert [lesson.notebook for lesson in LESSONS] == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    for lesson in LESSONS:
        assert header(lesson.notebook)[0] == f"# {lesson.name}"


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.number for lesson in LESSONS])
def test_every_lessons_header_names_its_place_and_both_neighbours(index: int) -> None:
    lesson = LESSONS[index]
    _, nav = header(lesson.notebook)
    assert nav.startswith(f"**{index + 1} of 12 lessons** · "), nav
    links = LINK.findall(nav)
    expected = []
    if index > 0:
        expected.append((LESSONS[index - 1].name, LESSONS[index - 1].notebook))
    if index + 1 < len(LESSONS):
        expected.append((LESSONS[index + 1].name, LESSONS[index + 1].notebook))
    expected += [("Course map", "README.md"), ("Glossary: English, German, Russian",
                                               "../docs/rules.md#6-words-english-german-russian")]
    assert links == expected, nav
    assert ("← Previous: [" in nav) == (index > 0) and ("Next: [" in nav) == (index + 1 < len(LESSONS))
    for _, target in links[:-1]:  # the neighbours and the course map are files next to the lesson
        assert (NOTEBOOKS / target).is_file(), target
    assert GLOSSARY in nav


def test_every_lesson_quiz_keeps_its_own_record() -> None:
    for lesson in LESSONS:
        quizzes = [src for cell in notebook_cells(lesson.notebook) if cell["cell_type"] == "code"
                   for src in ["".join(cell["source"])] if "Quiz" in src or "quiz(" in src]  # type: ignore[arg-type]
        if not lesson.has_quiz:  # lesson 00 teaches none of the quiz's topics: it has none, and is never finished
            assert quizzes == [] and not LessonState(lesson, right=5, answered=5).finished, lesson.number
            continue
        assert len(quizzes) == 1 and f'lesson_quiz("{lesson.number}"' in quizzes[0], (lesson.number, quizzes)
        assert "Progress(" not in quizzes[0]
    for name in ("00-welcome.ipynb", "11-play-a-rubber.ipynb"):
        assert any("CourseProgress()" in "".join(c["source"]) for c in notebook_cells(name))  # type: ignore[arg-type]


def test_the_course_map_says_what_finished_means_and_where_to_see_it() -> None:
    text = (NOTEBOOKS / "README.md").read_text(encoding="utf-8")
    assert "saves nothing" not in text
    assert "three of its quiz questions are answered right" in text and FINISHED_RIGHT == 3
    assert "Your progress" in text


# -- the record: kept, counted, finished ---------------------------------------------------------------------------

def test_a_new_learner_gets_the_lessons_own_first_questions(data: Path) -> None:
    for number, kind in FIRST_TYPE.items():
        topics = {"02": ["play"], "03": ["overbidding"], "04": ["auction"], "05": ["play"]}[number]
        assert lesson_quiz(number, topics=topics, rules="seed").item.type == kind
    assert not data.exists()  # opening a lesson writes nothing


def test_answers_are_kept_across_a_new_widget_and_a_new_process(data: Path) -> None:
    quiz = lesson_quiz("01", topics=["table"], rules="seed")
    first = quiz.item.id
    answer(quiz)
    answer(quiz, right=False)
    assert lesson_file("01").is_file() and lesson_file("01").parent == data / "lessons"
    again = lesson_quiz("01", topics=["table"], rules="seed")
    assert again.progress.answered == 2 and again.item.id != first  # the quiz goes on, it does not start over
    assert "so far: 1 of 2 right, the last on 20" in again.status.value
    assert "2 more right answers finish it." in again.status.value
    out = subprocess.run([sys.executable, "-c", "from vint_core.lesson_progress import lesson_state; "
                          "s = lesson_state('01'); print(s.right, s.answered, s.finished)"],
                         capture_output=True, text=True, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.stdout.split() == ["1", "2", "False"]
    # the other lessons know nothing of it
    assert [s.lesson.number for s in course_state() if s.answered] == ["01"]


def test_three_right_answers_finish_a_lesson_and_the_page_says_so(data: Path) -> None:
    quiz = lesson_quiz("06", topics=["scoring"], rules="seed")
    answer(quiz, right=False)
    answer(quiz)
    answer(quiz)
    assert not lesson_state("06").finished
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert lesson_state("06").finished and lesson_state("06").right == 3
    assert "Lesson 06 is finished: 3 answers right." in quiz.status.value
    progress = CourseProgress()
    assert progress.finished == ["06"]
    row = re.search(r'<tr class="vint-progress-lesson" data-lesson="06" data-state="(\w+)">(.*?)</tr>',
                    progress.table.value)
    assert row and row[1] == "finished" and "✓ finished: 3 of 4 right" in row[2]
    assert "Finished: 1 of 11 lessons with a quiz." in progress.summary.value
    assert 'data-lesson="07" data-state="new"' in progress.table.value
    again = lesson_quiz("06", topics=["scoring"], rules="seed")
    assert "This lesson is finished (3 answers right)." in again.status.value


def test_the_progress_is_drawn_again_when_asked(data: Path) -> None:
    progress = CourseProgress()
    assert 'data-lesson="02" data-state="new"' in progress.table.value
    answer(lesson_quiz("02", topics=["play"], rules="seed"))  # in another lesson, after the table was drawn
    progress.refresh_button.click()
    assert 'data-lesson="02" data-state="started"' in progress.table.value
    assert "started: 1 of 1 right" in progress.table.value


def test_the_learner_reads_it_in_german(data: Path) -> None:
    answer(lesson_quiz("03", topics=["overbidding"], rules="seed", lang="de"))
    quiz = lesson_quiz("03", topics=["overbidding"], rules="seed", lang="de")
    assert "Deine Antworten in dieser Lektion bisher: 1 von 1 richtig" in quiz.status.value
    progress = CourseProgress(lang="de")
    assert "begonnen: 1 von 1 richtig" in progress.table.value and "noch nicht begonnen" in progress.table.value
    assert "Eine Lektion ist abgeschlossen, wenn 3 Fragen" in progress.summary.value
    assert progress.refresh_button.description == "Neu anzeigen"


# -- damaged, huge, unwritable -------------------------------------------------------------------------------------

@pytest.mark.parametrize("content", [b"{not json", b'{"format": "something else"}', b"\xff\xfe\x00",
                                     b"[" * 100_000, b" " * (SAVE_LIMIT + 1)],
                         ids=["not-json", "not-a-record", "not-text", "nested", "huge"])
def test_a_damaged_or_huge_record_is_kept_aside_with_a_notice(data: Path, content: bytes) -> None:
    path = lesson_file("04")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    quiz = lesson_quiz("04", topics=["auction"], rules="seed")
    aside = [p for p in path.parent.iterdir() if p.name.startswith("lesson-04.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content  # nothing lost
    assert "could not be read" in quiz.status.value and aside[0].name in quiz.status.value
    assert str(data) not in quiz.status.value and "Traceback" not in quiz.status.value
    assert quiz.item.type == "auction_over"  # a new record, the lesson's own first question
    answer(quiz)
    assert lesson_state("04").answered == 1


def test_the_course_progress_names_a_damaged_record(data: Path) -> None:
    path = lesson_file("09")
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    progress = CourseProgress()
    assert "09: The saved progress could not be read" in progress.status.value
    assert 'data-lesson="09" data-state="new"' in progress.table.value


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tmpfs_support.Disk]:
    with tmpfs_support.mounted(tmp_path / "disk", size="64k") as mounted:
        monkeypatch.setenv("VINT_DATA_DIR", str(mounted.path))
        (mounted.path / "lessons").mkdir()
        yield mounted


def test_a_full_disk_loses_no_answer(disk: tmpfs_support.Disk) -> None:
    quiz = lesson_quiz("07", topics=["honours"], rules="seed")
    answer(quiz)
    disk.fill()
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert "your progress is not being saved: the disk is full" in quiz.status.value
    assert quiz.progress.answered == 2 and disk.temps() == []
    assert lesson_state("07").answered == 1  # the file on the disk is the last one saved, whole
    disk.free()
    quiz.next_button.click()
    answer(quiz)
    assert lesson_state("07").answered == 3  # saved again, the answer given on the full disk too


def test_a_read_only_disk_counts_the_answers_and_says_so(disk: tmpfs_support.Disk) -> None:
    answer(lesson_quiz("08", topics=["rubber"], rules="seed"))
    disk.read_only()
    try:
        quiz = lesson_quiz("08", topics=["rubber"], rules="seed")
        assert "1 of 1 right" in quiz.status.value  # read back from the read-only disk
        quiz.answer_with(quiz.item.answer)
        quiz.check_button.click()
        assert "your progress is not being saved: the data folder is read-only" in quiz.status.value
        assert quiz.progress.answered == 2 and "Right." in quiz.feedback.value
        assert "started: 1 of 1 right" in CourseProgress().table.value
    finally:
        disk.writable()
    quiz.next_button.click()
    answer(quiz)
    assert lesson_state("08").answered == 3


def test_opening_a_lesson_reads_the_saved_seed_and_does_not_change_it(data: Path) -> None:
    progress = open_lesson("05", seed=77)
    assert progress.seed == 77
    item = progress.next_item(["play"], rules="seed")
    progress.answer(item, item.answer)
    assert open_lesson("05").seed == 77 and open_lesson("05", seed=1).seed == 77


def test_a_lessons_quiz_offers_only_the_topics_the_course_has_taught_by_then(data: Path) -> None:
    from vint_core.lesson_progress import QUIZ_LESSONS, TAUGHT_IN, taught_by
    from vint_core.quiz import TOPICS

    assert set(TAUGHT_IN) == set(TOPICS)  # every topic is taught somewhere
    first = lesson_quiz("01", topics=["table"], rules="seed")
    assert list(first.topic_boxes) == ["table"]  # lesson 01 has taught the table and nothing else
    first.topic_boxes["table"].value = False  # nothing ticked: the lesson's topics, not every topic
    assert first.topics == ["table"]
    assert set(lesson_quiz("05", topics=["play"], rules="seed").topic_boxes) == {"table", "play", "overbidding",
                                                                                   "auction"}
    assert set(lesson_quiz("11", rules="seed").topic_boxes) == set(TOPICS)
    for one in QUIZ_LESSONS:  # what each lesson's quiz cell asks is taught by then
        cell = next("".join(c["source"]) for c in notebook_cells(one.notebook)  # type: ignore[arg-type]
                    if f'lesson_quiz("{one.number}"' in "".join(c["source"]))  # type: ignore[arg-type]
        asked = re.search(r"topics=\[([^\]]*)\]", cell)
        topics = re.findall(r'"([a-z]+)"', asked.group(1)) if asked else list(TOPICS)
        assert set(topics) <= set(taught_by(one.number)), (one.number, topics)
