"""One class of the store as the served side uses it: the hub's service, the table's "Class boards", the page.

:class:`ServedClass` binds a :class:`~vint_core.classroom.store.ClassStore` to one class and turns what the
store gives into what goes over the wire (plain JSON values for a learner's table) or onto the
teacher's page (:class:`vint_core.classroom.page.Overview`). A learner is always named by the caller
(the hub user of a token, the learner of a personal link), never by what a page sends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from vint_core.classroom import page
from vint_core.classroom.page import contract_text
from vint_core.classroom.store import (
    BoardInfo,
    ClassError,
    ClassStore,
    ResultInfo,
    ResultRefused,
    Traveller,
    default_url,
)
from vint_core.i18n import seat_name, side_name, text
from vint_core.seats import Seat

__all__ = ["ServedClass", "board_json", "par_text", "store_url"]


def store_url(where: Path | str | None) -> str:
    """The database of a class's store named by a folder (its ``class.db``), a SQLAlchemy URL
    (``postgresql+psycopg://…``), or nothing (``$VINT_CLASS_DB``, else the data folder's, as ``vint class``)."""
    import os

    where = str(where or os.environ.get("VINT_CLASS_DB") or "")
    if "://" in where:
        return where
    return default_url(where or None)


def board_json(board: BoardInfo) -> dict[str, Any]:
    """A published board as a learner's table needs it to deal it: id, number, dealer, seed or PBN deal, rules."""
    return {"id": board.id, "number": board.number, "title": board.set_title, "dealer": board.dealer.letter,
            "seed": board.seed, "pbn_deal": board.pbn_deal, "rules": board.rules.to_json()}


def _result_json(result: ResultInfo) -> dict[str, Any]:
    return {"board_id": result.board_id, "board": result.board_number, "contract": result.contract,
            "declarer": result.declarer, "tricks": result.tricks, "points": result.points.to_json()}


def par_text(traveller: Traveller, lang: str = "en") -> str | None:
    """The board's double-dummy par in words, each side's best contract (``None`` without the solver)."""
    if traveller.par is None:
        return None
    lines = []
    for side, line in zip((0, 1), traveller.par, strict=True):
        lines.append(text("class_par_line", lang, side=side_name(side, lang),
                          contract=contract_text(line.contract, lang),
                          declarer=seat_name(Seat.parse(line.declarer), lang), tricks=line.tricks,
                          points=line.points.text(lang)))
    return "; ".join(lines)


class ServedClass:
    """The class ``name`` of ``store``; :meth:`open` makes it (with its teacher and roster) when it is new."""

    def __init__(self, store: ClassStore, name: str) -> None:
        self.store = store
        self.name = name

    @classmethod
    def open(cls, folder: Path | str | None, name: str, *, teacher: str | None = None, learners: Iterable[str] = (),
             rules: str = "seed") -> ServedClass:
        """The class ``name`` in the store of ``folder`` (:func:`store_url`), made for ``teacher`` if it is not there,
        with ``learners`` put on its roster (names already on it stay as they are)."""
        store = ClassStore(store_url(folder))
        if teacher is not None and name not in {c.name for c in store.classes()}:
            store.create_class(name, rules=rules, teacher=teacher)
        names = list(learners)
        if names:  # only new names are written (a store on a read-only disk still opens for reading)
            have = {info.name for info in store.learners(name)}
            if [n for n in names if n.strip() not in have]:
                store.add_learners(name, names)
        return cls(store, name)

    # -- what a learner's table sends and reads --

    def learner_view(self, learner: str) -> dict[str, Any]:
        """The class as ``learner``'s table sees it: its boards, the next one to play (``None``: all played),
        and the learner's own history of class boards."""
        info = self.store.get_class(self.name)
        following = self.store.next_board(self.name, learner)
        return {"class": info.name, "anonymise": info.anonymise,
                "boards": [board_json(b) for b in self.store.boards(self.name)],
                "next": None if following is None else following.id,
                "history": [_result_json(r) for r in self.store.learner_history(self.name, learner)]}

    def record_result(self, learner: str, board_id: object, record: object) -> dict[str, Any]:
        """Keep ``learner``'s finished board (the store replays and scores it; a forged one is refused)."""
        return _result_json(self.store.record_result(self.name, learner, board_id, record))  # type: ignore[arg-type]

    def record_quiz_answer(self, learner: str, answer: Mapping[str, Any]) -> None:
        """Keep one quiz answer of ``learner`` (``source``, ``question_type``, ``correct``, ``first_try``,
        ``misconception``)."""
        fields: dict[str, Any] = {k: answer.get(k) for k in ("source", "question_type", "correct", "first_try",
                                                              "misconception") if k in answer}
        self.store.record_quiz_answer(self.name, learner, **fields)

    def record_lesson(self, learner: str, lesson: object, event: object) -> None:
        """Keep a lesson opened or finished by ``learner``."""
        self.store.record_lesson(self.name, learner, lesson, event)  # type: ignore[arg-type]

    def record_grade(self, learner: str, exercise: object, points: object, max_points: object) -> None:
        """Keep ``learner``'s grade of ``exercise`` (from the teacher's grading: a learner never sends one)."""
        self.store.record_grade(self.name, learner, exercise, points, max_points)  # type: ignore[arg-type]

    def log_refusal(self, learner: str, board: object, why: str, detail: str) -> None:
        """Log a request the service refused before the store saw it (a result in another learner's name)."""
        refused = ResultRefused(why, learner=learner, board=board, details={"detail": detail})
        self.store.log_refusal(self.name, learner, board, refused)  # the store's own log of refusals

    def learner_traveller(self, learner: str, board_id: int, lang: str = "en") -> dict[str, Any]:
        """Board ``board_id``'s traveller as ``learner`` may see it (after playing it), as JSON values."""
        traveller = self.store.traveller(self.name, board_id, viewer=learner, lang=lang)
        return {"board": board_json(traveller.board), "par": par_text(traveller, lang),
                "rows": [{"rank": r.rank, "learner": r.learner, "contract": r.contract, "declarer": r.declarer,
                          "tricks": r.tricks, "points": {"NS": r.points_ns, "EW": r.points_ew}, "mine": r.mine}
                         for r in traveller.rows]}

    # -- the teacher's --

    def export_csv(self) -> str:
        """Every result of the class as CSV, safe to open in a spreadsheet."""
        return self.store.export_csv(self.name)

    def overview(self, lang: str = "en") -> page.Overview:
        """What the teacher's page shows."""
        boards = []
        for board in self.store.boards(self.name):
            traveller = self.store.traveller(self.name, board.id, lang=lang)
            boards.append(page.BoardView(board.number, seat_name(board.dealer, lang), par_text(traveller, lang),
                                         traveller.rows))
        mastery = self.store.mastery(self.name)
        learners = []
        for summary in self.store.learner_summaries(self.name):
            shares = {qt: share for qt, share in zip(mastery.question_types, mastery.row(summary.name), strict=True)
                      if share is not None}
            right = sum(r for r, _ in summary.quiz.values()), sum(a for _, a in summary.quiz.values())
            learners.append(page.LearnerView(summary.name, len(summary.lessons_finished), shares,
                                             (summary.exercise_points, summary.exercise_max), summary.boards_played,
                                             len(summary.lessons_opened), right))
        refusals = [f"{who}: {message}" for who, _, _, message in self.store.refusals(self.name)]
        return page.Overview(self.name, boards, learners, self.store.common_mistakes(self.name), refusals,
                             mastery.question_types, self.store.questions(self.name), self.store.exercises(self.name))


def teacher_page(served: ServedClass, lang: str = "en") -> str:
    """The teacher's page of ``served``, a whole HTML document."""
    return page.render(served.overview(lang), lang)


__all__ += ["ClassError", "teacher_page"]
