"""What the lessons' quizzes, the practice page and nbgrader send to the class, without a hub.

Outside a class the quiz sends nothing and says nothing; with a class whose service does not answer, the
answer stays counted and the quiz says that the class did not receive it; nbgrader's own ``export`` command with
the class's exporter writes each submitted exercise's grade to a class's store (the hub's way, with the
teacher's token, is tested in tests/test_class_hub.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from vint_core.app.launch import free_port
from vint_core.classroom.client import Reporter
from vint_core.classroom.served import ServedClass, teacher_page
from vint_core.widgets.lesson_progress import lesson_quiz
from vint_core.widgets.quiz import QuizWidget

ROOT = Path(__file__).resolve().parent.parent


def answer_right(quiz: object) -> None:
    quiz.answer_with(quiz.item.answer)  # type: ignore[attr-defined]
    quiz.check_button.click()  # type: ignore[attr-defined]


def test_outside_a_class_the_quiz_sends_nothing_and_says_nothing(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    for key in ("VINT_CLASS_URL", "JUPYTERHUB_API_TOKEN", "VINT_CLASS_DIR"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("VINT_DATA_DIR", str(tmp_path))
    assert not Reporter.connect()
    quiz = lesson_quiz("02", topics=["play"], rules="seed")
    assert not quiz.send_to_class("practice")
    answer_right(quiz)
    assert quiz.attempt is not None and quiz.attempt.correct and quiz.status.value == ""


def test_a_class_that_does_not_answer_keeps_the_answer_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path) -> None:
    monkeypatch.setenv("VINT_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("VINT_CLASS_URL", f"http://127.0.0.1:{free_port()}/services/vint-class/")  # nobody there
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "a-token-of-this-server")
    quiz = lesson_quiz("02", topics=["play"], rules="seed")
    said = "Kept here, but your class did not receive it: the class's service does not answer right now"
    assert quiz.status.value == said.replace("'", "&#x27;")  # the lesson opened: not received either
    answer_right(quiz)
    assert quiz.progress.answered == 1 and quiz.attempt is not None and quiz.attempt.correct
    assert quiz.status.value == said.replace("'", "&#x27;")
    assert "Right." in quiz.feedback.value
    practice = QuizWidget.open(tmp_path / "quiz.json", topics=["play"])  # the practice page's quiz
    answer_right(practice)
    assert practice.progress.answered == 1 and practice.status.value == said.replace("'", "&#x27;")


GRADEBOOK = """
import sys
from nbgrader.api import Gradebook
with Gradebook(sys.argv[1]) as gb:
    gb.add_assignment("05-honours")
    gb.add_notebook("05-honours", "05-honours")
    gb.add_grade_cell("check-1", "05-honours", "05-honours", max_score=3, cell_type="code")
    for student, score in (("ana", 3), ("boris", 2), ("carl", 1)):
        gb.add_student(student)
        gb.add_submission("05-honours", student)
        gb.find_grade("check-1", "05-honours", "05-honours", student).auto_score = score
    gb.add_student("dora")  # submitted nothing: no grade
    gb.db.commit()
"""


def test_nbgraders_export_sends_the_grades_to_the_class(tmp_path: Path) -> None:
    served = ServedClass.open(tmp_path / "class", "vint", teacher="petrova", learners=["ana", "boris", "dora"])
    url = f"sqlite:///{tmp_path / 'gradebook.db'}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}  # nbgrader runs alembic
    subprocess.run([sys.executable, "-c", GRADEBOOK, url], check=True, env=env, cwd=tmp_path)
    done = subprocess.run([sys.executable, "-m", "nbgrader", "export", "--exporter",
                           "vint_core.classroom.grades.ClassExport", "--db", url,
                           f"--ClassExport.to={tmp_path / 'class'}"], capture_output=True, text=True, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "'carl' is not on the roster of class vint" in done.stderr and "sent 2 of 3 grades" in done.stderr
    summaries = {s.name: (s.exercise_points, s.exercise_max) for s in served.store.learner_summaries("vint")}
    assert summaries == {"ana": (3.0, 3.0), "boris": (2.0, 3.0), "dora": (0.0, 0.0)}
    (exercise,) = served.store.exercises("vint")
    assert (exercise.graded, exercise.full_marks, exercise.points, exercise.max_points) == (2, 1, 5.0, 6.0)
    page = teacher_page(served)
    assert "<tr data-key='05-honours'><td>05-honours</td><td class='num'>2</td><td class='num'>1</td>" in page
    # without a store and outside the hub: said, nothing sent
    alone = {k: v for k, v in env.items() if k not in ("VINT_CLASS_URL", "JUPYTERHUB_API_TOKEN")}
    done = subprocess.run([sys.executable, "-m", "nbgrader", "export", "--exporter",
                           "vint_core.classroom.grades.ClassExport", "--db", url], capture_output=True, text=True,
                          env=alone, cwd=tmp_path)
    assert done.returncode != 0 and "without a hub give --ClassExport.to=FOLDER" in done.stdout + done.stderr
