"""The course's twelve lessons and what a learner has done in each: every lesson's quiz keeps its answers.

Each lesson's quiz keeps its own :class:`~vint_core.quiz.progress.Progress` (the practice page's record of
answers) in the data folder, ``lessons/lesson-NN.json`` under :func:`vint_core.saves.data_dir`: it is read
and written exactly as the practice page's ``quiz.json`` (an atomic save, a size limit, a damaged file kept
aside with a notice), so a learner who comes back to a lesson finds their answers counted and the quiz going
on where it stopped.

A lesson is **finished** when :data:`FINISHED_RIGHT` of its quiz's questions have been answered right. Lesson
00 has no quiz (it teaches none of the quiz's topics yet): it is never "finished", and the course counts the
eleven lessons with a quiz.

>>> import os, tempfile
>>> os.environ["VINT_DATA_DIR"] = tempfile.mkdtemp()
>>> progress = open_lesson("03")
>>> item = progress.next_item(["overbidding"], rules="seed")
>>> _ = progress.answer(item, item.answer)
>>> state = lesson_state("03")
>>> state.right, state.answered, state.finished
(1, 1, False)
>>> [s.lesson.number for s in course_state() if s.answered]
['03']
>>> del os.environ["VINT_DATA_DIR"]
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from vint_core.i18n import Phrase
from vint_core.quiz.progress import Progress
from vint_core.saves import data_dir

#: how many of a lesson's quiz questions answered right make the lesson finished
FINISHED_RIGHT = 3


@dataclass(frozen=True)
class Lesson:
    """One lesson of the course: its number (``"00"`` to ``"11"``), its title and its notebook's file name."""

    number: str
    title: str
    notebook: str
    #: whether the lesson ends with a quiz (lesson 00 does not: it teaches none of the quiz's topics yet)
    has_quiz: bool = True

    @property
    def place(self) -> int:
        """Its place in the course, from 1."""
        return LESSONS.index(self) + 1

    @property
    def name(self) -> str:
        """``Lesson 03 · The auction: levels and overbidding``, as the lesson's heading says."""
        return f"Lesson {self.number} · {self.title}"


_TITLES = [
    ("Welcome to Vint", "welcome"),
    ("Cards, seats, the deal", "cards-seats-deal"),
    ("Tricks", "tricks"),
    ("The auction: levels and overbidding", "auction-levels"),
    ("The auction: how it ends", "auction-end"),
    ("Play without a dummy", "play-without-dummy"),
    ("Scoring the tricks", "scoring-the-tricks"),
    ("Honours", "honours"),
    ("Slams and the rubber", "slams-and-the-rubber"),
    ("What a contract is worth", "what-a-contract-is-worth"),
    ("Variants and history", "variants-and-history"),
    ("Play a rubber", "play-a-rubber"),
]
#: the course's lessons, in order (their headings and files are checked against the notebooks by the tests)
LESSONS: tuple[Lesson, ...] = tuple(Lesson(f"{n:02d}", title, f"{n:02d}-{file}.ipynb", has_quiz=n > 0)
                                    for n, (title, file) in enumerate(_TITLES))
#: the lesson that first teaches each of the quiz's topics: a lesson's quiz offers only the topics taught so far
TAUGHT_IN: dict[str, str] = {"table": "01", "play": "02", "overbidding": "03", "auction": "04", "scoring": "06",
                             "honours": "07", "rubber": "08"}


def taught_by(number: str) -> list[str]:
    """The quiz's topics the course has taught by the end of lesson ``number``, in the quiz's order."""
    return [topic for topic, first in TAUGHT_IN.items() if first <= lesson(number).number]


#: the lessons that end with a quiz, the ones that can be finished
QUIZ_LESSONS: tuple[Lesson, ...] = tuple(one for one in LESSONS if one.has_quiz)


def lesson(number: str) -> Lesson:
    """The lesson numbered ``number`` (``"03"``); ``KeyError`` for a number the course does not have."""
    for one in LESSONS:
        if one.number == number:
            return one
    raise KeyError(f"the course has no lesson {number!r}")


def lesson_file(number: str) -> Path:
    """Where lesson ``number``'s quiz keeps its answers: ``lessons/lesson-NN.json`` in the data folder."""
    return data_dir() / "lessons" / f"lesson-{lesson(number).number}.json"


def open_lesson(number: str, *, seed: int | None = None) -> Progress:
    """Lesson ``number``'s quiz progress as saved (a damaged file is kept aside, as the practice page does), or a
    new one whose questions come from ``seed`` (default: the lesson's number), the same for every new learner."""
    progress = Progress.open(lesson_file(number))
    if not progress.asked and not progress.totals:  # nothing asked yet: the lesson's own first questions
        progress.seed = int(lesson(number).number) if seed is None else seed
    return progress


@dataclass(frozen=True)
class LessonState:
    """What a learner has done in one lesson's quiz."""

    lesson: Lesson
    #: the quiz's questions answered right, and answered, in all
    right: int = 0
    answered: int = 0
    #: when the latest answer was given (``2026-12-01T14:02:11``), None before the first
    last: str | None = None
    #: what happened when the record was read (a damaged file kept aside), else None
    message: Phrase | None = None

    @property
    def finished(self) -> bool:
        """:data:`FINISHED_RIGHT` questions of the lesson's quiz answered right (never, for a lesson with no quiz)."""
        return self.lesson.has_quiz and self.right >= FINISHED_RIGHT

    @classmethod
    def of(cls, number: str, progress: Progress) -> LessonState:
        right = sum(r for r, _ in progress.totals.values())
        last = progress.attempts[-1].time if progress.attempts else None
        return cls(lesson(number), right, progress.answered, last, progress.message)


def lesson_state(number: str) -> LessonState:
    """What the learner has done in lesson ``number``, as saved."""
    return LessonState.of(number, open_lesson(number))


def course_state() -> list[LessonState]:
    """What the learner has done in every lesson, in the course's order."""
    return [lesson_state(one.number) for one in LESSONS]


__all__ = ["FINISHED_RIGHT", "LESSONS", "QUIZ_LESSONS", "TAUGHT_IN", "Lesson", "LessonState", "course_state", "lesson",
           "lesson_file", "lesson_state", "open_lesson", "taught_by"]
