"""The lessons' quizzes that keep their answers, and the learner's progress through the course.

* :func:`lesson_quiz`: a lesson's :class:`~vint_core.widgets.quiz.QuizWidget` over the lesson's own record
  (:func:`vint_core.lesson_progress.open_lesson`); its status line says what the learner answered there before
  ("3 of 5 right, the last on …") and when the lesson becomes finished.
* :class:`CourseProgress`: "Your progress", every lesson with its state (finished, started, not started, no quiz),
  shown in lessons 00 and 11.

A file that cannot be read (damaged, too big) is kept aside and named in the status line; a disk that cannot be
written (full, read-only) is said there too, and the answers given stay counted and are saved with the next one
(the quiz widget's rules).

>>> import os, tempfile
>>> os.environ["VINT_DATA_DIR"] = tempfile.mkdtemp()
>>> quiz = lesson_quiz("02", topics=["play"], rules="seed")
>>> quiz.answer_with(quiz.item.answer); quiz.check_button.click()
>>> "1 of 1 right" in CourseProgress().table.value
True
>>> "1 of 1 right" in lesson_quiz("02", topics=["play"], rules="seed").status.value
True
>>> del os.environ["VINT_DATA_DIR"]
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core.classroom.client import Reporter
from vint_core.i18n import text
from vint_core.lesson_progress import (
    FINISHED_RIGHT,
    QUIZ_LESSONS,
    LessonState,
    course_state,
    lesson,
    open_lesson,
    taught_by,
)
from vint_core.widgets.lessons import lesson_language
from vint_core.widgets.quiz import QuizWidget
from vint_core.widgets.style import style_html

_CSS = """
.vint-course-progress{max-width:52em;font-size:calc(15*var(--vintpx))}
.vint-course-progress .vint-progress-title{font-size:1.3em;font-weight:700}
.vint-course-progress table{border-collapse:collapse;width:100%}
.vint-course-progress th,.vint-course-progress td{text-align:left;padding:.2em .6em .2em 0;vertical-align:top;
 border-bottom:1px solid var(--jp-border-color2,#ddd)}
.vint-course-progress [data-state=finished] .vint-progress-mark{color:#1a7f37;font-weight:700}
[data-jp-theme-light=false] .vint-course-progress [data-state=finished] .vint-progress-mark{color:#5ed17f}
.vint-course-progress [data-state=new] .vint-progress-mark,
.vint-course-progress [data-state=no-quiz] .vint-progress-mark{color:var(--jp-ui-font-color2,#555)}
.vint-course-progress .vint-status:has(.widget-html-content:empty){display:none}
.vint-course-progress button.vint-progress-refresh{width:auto;padding:0 1em;align-self:flex-start}
@media (max-width:600px){.vint-course-progress{font-size:calc(14*var(--vintpx))}}
"""


def _when(stamp: str) -> str:
    """``2026-12-01T14:02:11`` as ``2026-12-01 14:02``."""
    return stamp[:16].replace("T", " ")


def resumed_text(state: LessonState, lang: str = "en") -> str:
    """What a lesson's quiz says to a learner coming back: their answers so far, finished or how many to go."""
    said = text("lesson_resumed", lang, right=state.right, n=state.answered, when=_when(state.last or ""))
    if state.finished:
        return f"{said} {text('lesson_done', lang, right=state.right)}"
    left = FINISHED_RIGHT - state.right
    return f"{said} {text('lesson_to_go_one' if left == 1 else 'lesson_to_go', lang, left=left)}"


def lesson_quiz(number: str, *, topics: Iterable[str] | None = None, rules: str | None = None,
                lang: str | None = None, seed: int | None = None) -> QuizWidget:
    """Lesson ``number``'s quiz over ``topics`` (the learner may tick only what the course has taught by then): it
    keeps its answers in the data folder and goes on where the learner stopped; a new learner gets the lesson's own
    first questions (``seed``, default its number)."""
    lang = lesson_language(lang)
    progress = open_lesson(number, seed=seed)
    quiz = QuizWidget(progress, topics=topics, lang=lang, rules=rules, offered=taught_by(number))
    quiz.widget.add_class("vint-lesson-quiz")
    quiz.widget.add_class(f"vint-lesson-quiz-{lesson(number).number}")
    before = LessonState.of(number, progress)
    if progress.message is None and before.answered:
        quiz.status.value = html.escape(resumed_text(before, lang))
    # in a class (the hub's service): the lesson opened, each answer, and the lesson finished go to the teacher too
    reporter = Reporter.connect(lang=lang)
    key = lesson(number).number
    problem = reporter.lesson(key, "opened")
    if problem is not None:
        quiz.status.value = html.escape(text("class_answer_not_sent", lang, why=problem))

    def answered() -> None:
        nonlocal before
        now = LessonState.of(number, quiz.progress)
        if now.finished and not before.finished:
            quiz.status.value = html.escape(text("lesson_finished_now", lang, number=number, right=now.right))
            reporter.lesson(key, "finished")
        before = now

    quiz.on_answer = answered
    quiz.send_to_class(f"lesson {key}", reporter)
    return quiz


class CourseProgress:
    """"Your progress": every lesson of the course, finished, started or not started, as saved in the data folder.

    *Show again* reads the records again (a quiz answered in another lesson's notebook since)."""

    def __init__(self, *, lang: str | None = None) -> None:
        self.lang = lang = lesson_language(lang)
        self.states: list[LessonState] = []
        title = widgets.HTML(f'<div class="vint-progress-title">{html.escape(text("progress_title", lang))}</div>')
        self.summary = widgets.HTML()
        self.summary.add_class("vint-progress-summary")
        self.table = widgets.HTML()
        self.table.add_class("vint-progress-table")
        self.status = widgets.HTML()
        self.status.add_class("vint-status")
        self.refresh_button = widgets.Button(description=text("progress_refresh", lang),
                                             tooltip=text("progress_refresh_hint", lang))
        self.refresh_button.add_class("vint-progress-refresh")
        self.refresh_button.on_click(lambda _: self.refresh())
        self.widget = widgets.VBox([widgets.HTML(style_html() + f"<style>{_CSS}</style>"), title, self.summary,
                                    self.table,
                                    self.status, self.refresh_button])
        self.widget.add_class("vint-course-progress")
        self.widget.add_class("vint-lesson")
        self.widget.add_class("vint")
        self.refresh()

    @property
    def finished(self) -> list[str]:
        """The numbers of the lessons finished."""
        return [s.lesson.number for s in self.states if s.finished]

    def refresh(self) -> None:
        """Read every lesson's record again and draw them."""
        lang = self.lang
        self.states = course_state()
        rows = []
        for state in self.states:
            if not state.lesson.has_quiz:
                mark, kind = text("progress_no_quiz", lang), "no-quiz"
            elif state.finished:
                mark, kind = text("progress_finished", lang, right=state.right, n=state.answered), "finished"
            elif state.answered:
                mark, kind = text("progress_started", lang, right=state.right, n=state.answered), "started"
            else:
                mark, kind = text("progress_new", lang), "new"
            rows.append(f'<tr class="vint-progress-lesson" data-lesson="{state.lesson.number}" data-state="{kind}">'
                        f"<td>{state.lesson.number}</td><td>{html.escape(state.lesson.title)}</td>"
                        f'<td class="vint-progress-mark">{html.escape(mark)}</td></tr>')
        head = (f"<tr><th></th><th>{html.escape(text('progress_lesson', lang))}</th>"
                f"<th>{html.escape(text('progress_state', lang))}</th></tr>")
        self.table.value = f"<table>{head}{''.join(rows)}</table>"
        self.summary.value = html.escape(text("progress_rule", lang, n=FINISHED_RIGHT, done=len(self.finished),
                                              total=len(QUIZ_LESSONS)))
        notes = [f"{s.lesson.number}: {s.message.text(lang)}" for s in self.states if s.message is not None]
        self.status.value = "<br>".join(html.escape(n) for n in notes)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:  # pragma: no cover - drawn by Jupyter
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["CourseProgress", "lesson_quiz", "resumed_text"]
