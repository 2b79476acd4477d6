"""The tables of class mode, as SQLAlchemy 2 ORM models (the schema's migrations: :mod:`.migrations`).

A :class:`Class` has learners (:class:`Learner`, unique by name in the class) and board sets
(:class:`BoardSet`) of boards (:class:`Board`: a seed and a dealer, or a PBN deal). What a learner did is
kept under the learner: :class:`Result` (one per board: the replayed deal and its score),
:class:`QuizAnswer`, :class:`LessonEvent` and :class:`Grade`. :class:`Refusal` logs each result the store
refused (a forged or broken one), for the teacher.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import Boolean, DateTime, Float, ForeignKey, Integer, MetaData, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship
from sqlalchemy.types import TypeDecorator

__all__ = ["Base", "Board", "BoardSet", "Class", "Grade", "Learner", "LessonEvent", "QuizAnswer", "Refusal",
           "Result"]

#: constraint names the same on SQLite and PostgreSQL (so that a migration can name them)
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """The declarative base of class mode's tables."""

    metadata = MetaData(naming_convention=NAMING)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class UTCDateTime(TypeDecorator[dt.datetime]):
    """A moment in UTC, given back with its time zone also by SQLite (which keeps none)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: dt.datetime | None, dialect: Any) -> dt.datetime | None:
        """The stored moment, in UTC."""
        if value is None:
            return None
        return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


class Class(Base):
    """A class: its name (unique), its rule set's name, its teacher, and whether learners see each other by
    name in a traveller (``anonymise`` false) or as "Learner 1", "Learner 2"… (true, the default)."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    rules: Mapped[str] = mapped_column(Text)  # a preset's name, or a RuleSet's JSON (its to_json())
    teacher: Mapped[str] = mapped_column(String(100))
    anonymise: Mapped[bool] = mapped_column(Boolean, default=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)

    learners: Mapped[list[Learner]] = relationship(back_populates="class_", order_by="Learner.id")
    board_sets: Mapped[list[BoardSet]] = relationship(back_populates="class_", order_by="BoardSet.id")


class Learner(Base):
    """A learner of a class's roster: the name is the hub user's name (or the roster's), unique in the class;
    ``token_hash`` is the SHA-256 of the personal link's token, when one was issued."""

    __tablename__ = "learners"
    __table_args__ = (UniqueConstraint("class_id", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(100))
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, default=None)

    class_: Mapped[Class] = relationship(back_populates="learners")


class BoardSet(Base):
    """Boards the teacher published together, under a title, at ``published_at``."""

    __tablename__ = "board_sets"
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(200))
    published_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)

    class_: Mapped[Class] = relationship(back_populates="board_sets")
    boards: Mapped[list[Board]] = relationship(back_populates="set", order_by="Board.number")


class Board(Base):
    """One board: ``number`` in the class (1, 2, … across its sets, the order learners play them), the dealer
    (a seat's letter) and either a ``seed`` (``Deal.new(seed=…)``) or a PBN deal string (``pbn_deal``).

    ``par_json`` is its double-dummy par (each side's best contract and score), computed once and kept.
    """

    __tablename__ = "boards"
    __table_args__ = (UniqueConstraint("set_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    set_id: Mapped[int] = mapped_column(ForeignKey("board_sets.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(Integer, default=None)
    dealer: Mapped[str] = mapped_column(String(1))
    pbn_deal: Mapped[str | None] = mapped_column(String(80), default=None)
    par_json: Mapped[str | None] = mapped_column(Text, default=None)

    set: Mapped[BoardSet] = relationship(back_populates="boards")


class Result(Base):
    """A learner's played board, as the store replayed it: the calls (``auction``, PBN words), the contract
    (``None`` passed out), the declarer's letter, the declarer's tricks, each side's Vint points, and the
    record itself (``record_json``: :meth:`vint_core.deal.Deal.to_json`). One per learner and board."""

    __tablename__ = "results"
    __table_args__ = (UniqueConstraint("learner_id", "board_id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("boards.id", ondelete="CASCADE"), index=True)
    auction: Mapped[str] = mapped_column(Text)
    contract: Mapped[str | None] = mapped_column(String(8))
    declarer: Mapped[str | None] = mapped_column(String(1))
    tricks: Mapped[int | None] = mapped_column(Integer)
    points_ns: Mapped[int] = mapped_column(Integer)
    points_ew: Mapped[int] = mapped_column(Integer)
    record_json: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)

    learner: Mapped[Learner] = relationship()
    board: Mapped[Board] = relationship()


class QuizAnswer(Base):
    """One answer to a quiz question: where (``source``: ``"lesson NN"`` or ``"practice"``), the question's
    type (the topic), whether it was right, whether it was the first try, and the named misconception the
    wrong answer showed (``None`` when right or unnamed)."""

    __tablename__ = "quiz_answers"
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    source: Mapped[str] = mapped_column(String(40))
    question_type: Mapped[str] = mapped_column(String(60))
    correct: Mapped[bool] = mapped_column(Boolean)
    first_try: Mapped[bool] = mapped_column(Boolean, default=True)
    misconception: Mapped[str | None] = mapped_column(String(80), default=None)
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)


class LessonEvent(Base):
    """A lesson (its number, ``"00"``…) ``"opened"`` or ``"finished"`` by a learner."""

    __tablename__ = "lesson_events"
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    lesson: Mapped[str] = mapped_column(String(20))
    event: Mapped[str] = mapped_column(String(10))
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)


class Grade(Base):
    """An exercise's grade for a learner (the latest one counts: one row per learner and exercise)."""

    __tablename__ = "grades"
    __table_args__ = (UniqueConstraint("learner_id", "exercise"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    learner_id: Mapped[int] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    exercise: Mapped[str] = mapped_column(String(80))
    points: Mapped[float] = mapped_column(Float)
    max_points: Mapped[float] = mapped_column(Float)
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)


class Refusal(Base):
    """A result the store refused, logged for the teacher: who sent it (as sent: it may name no learner of
    the roster), for which board id, why (the error's key) and the message in English."""

    __tablename__ = "refusals"
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    learner: Mapped[str] = mapped_column(String(100))
    board_id: Mapped[int | None] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(40))
    message: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=_now)
