"""The class's store: classes, rosters, boards, the learners' results, travellers and the class overview.

:class:`ClassStore` is the one way in. It keeps everything in a database through SQLAlchemy: by default
SQLite in the class's folder (``class.db``; WAL mode, a busy timeout and retries, so many learners'
servers can write at once), or PostgreSQL when a school gives a URL. The schema migrates with Alembic
when the store opens the database (:mod:`vint_core.classroom.migrations`).

A learner's result is the played deal as the project's JSON record (:meth:`vint_core.deal.Deal.to_json`).
The store **replays** it through the engine and computes the contract, the tricks and both sides' points
itself; it refuses (:class:`ResultRefused`, logged and kept in the refusals' log) a result from a learner
not on the roster, for a board not published, of another deal, that does not replay legally, that claims
another score than the replay gives, or a second, different result for the same learner and board (the
same record again is accepted once: sending twice is not a duplicate).

>>> store = ClassStore("sqlite://")
>>> _ = store.create_class("7b", rules="seed", teacher="Ms Ivanova")
>>> store.add_learners("7b", ["anna", "boris"])
>>> [b.number for b in store.publish_boards("7b", "Week 1", [(1, "N"), (2, "E")])]
[1, 2]
>>> board = store.next_board("7b", "anna")
>>> deal = board.deal()
>>> deal.dealer, deal == store.next_board("7b", "boris").deal()
(<Seat.NORTH: 0>, True)
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import hashlib
import io
import json
import logging
import re
import secrets
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Engine, create_engine, event, select
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, IntegrityError, OperationalError, SQLAlchemyError
from sqlalchemy.orm import Session, joinedload
from sqlalchemy.pool import StaticPool

from vint_core.classroom import migrations
from vint_core.classroom.models import Board, BoardSet, Class, Grade, Learner, LessonEvent, QuizAnswer, Refusal, Result
from vint_core.deal import Deal
from vint_core.errors import Reason, VintError, bad_argument, shown
from vint_core.i18n import LANGUAGES, Phrase, text
from vint_core.records import rule_set_changes
from vint_core.rules import RuleSet, as_rule_set
from vint_core.scoring import totals
from vint_core.seats import PerSide, Seat, Side

__all__ = ["LEARNER_SEAT", "BoardInfo", "ClassError", "ClassInfo", "ClassStore", "LearnerInfo", "LearnerSummary",
           "Mastery", "ParLine", "ResultInfo", "ResultRefused", "Traveller", "TravellerRow", "default_url",
           "neutralise"]

log = logging.getLogger(__name__)

#: where the learner sits at a class board (the table's human seat): the learner's side is N–S
LEARNER_SEAT = Seat.SOUTH
#: what export_csv can write
EXPORTS = ("results", "learners", "quiz", "mastery", "mistakes", "refusals")
#: how long a SQLite writer waits for another one (milliseconds), and how often it tries again after that
BUSY_TIMEOUT_MS = 15_000
RETRIES = 8

T = TypeVar("T")
_NAME = re.compile(r"^[^\x00-\x1f\x7f]{1,100}$")
_NUMBER = re.compile(r"^-?\d+(\.\d+)?$")
_SOURCE = re.compile(r"^(lesson \d{2}|practice)$")
_EVENTS = ("opened", "finished")


# -- errors ----------------------------------------------------------------------------------


class ClassError(VintError):
    """Something class mode refuses: an unknown class or learner, a bad name or value, a traveller asked
    too early.

    Keyed as every VintError is, by its ``reason`` (``Reason.CLASS``); which of class mode's sentences (an
    ``i18n`` key starting ``class_``) is its ``detail``, a :class:`~vint_core.i18n.Phrase`; ``message(lang)``
    gives it in English or German.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(Reason.CLASS, detail=Phrase("class_" + key, **params))
        #: which of class mode's refusals this is (``play_first``, ``unknown_class``, …), for the service's answer
        self.why = key


class ResultRefused(ClassError):
    """A learner's result the store did not keep; ``why`` says which check it failed (``not_on_roster``,
    ``not_published``, ``bad_record``, ``wrong_deal``, ``not_finished``, ``wrong_score``,
    ``already_played``). The store logs it and keeps it in the refusals' log."""

    def __init__(self, why: str, *, learner: str, board: object, details: Mapping[str, Any] | None = None) -> None:
        super().__init__("refused", learner=learner, board=board, why=Phrase("class_why_" + why, **(details or {})))
        self.why = why


def _bad(field_name: str, value: object, allowed: str, **params: Any) -> ClassError:
    return ClassError("bad_value", field=field_name, value=shown(value), allowed=Phrase(allowed, **params))


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not _NAME.match(value.strip()):
        raise ClassError("bad_name", value=shown(value), what=Phrase("class_what_" + what))
    return value.strip()


# -- what the store gives back ----------------------------------------------------------------


@dataclass(frozen=True)
class ClassInfo:
    """A class: its name, rule set, teacher and whether travellers name the learners to each other."""

    id: int
    name: str
    rules: RuleSet
    teacher: str
    anonymise: bool


@dataclass(frozen=True)
class LearnerInfo:
    """A learner of a class's roster."""

    id: int
    class_name: str
    name: str


@dataclass(frozen=True)
class BoardInfo:
    """A published board: its id (what a result names), its number in the class, its set's title, the dealer,
    and the seed or the PBN deal it is dealt from, under the class's rules."""

    id: int
    number: int
    set_title: str
    dealer: Seat
    seed: int | None
    pbn_deal: str | None
    rules: RuleSet

    def deal(self) -> Deal:
        """The board's deal, not yet bid: the same for every learner of the class."""
        if self.pbn_deal is not None:
            return Deal.from_pbn(self.pbn_deal, dealer=self.dealer, rules=self.rules, board=str(self.number))
        return Deal.new(dealer=self.dealer, seed=self.seed, rules=self.rules, board=str(self.number))


@dataclass(frozen=True)
class ResultInfo:
    """A kept result: the calls (PBN words), the contract and declarer (``None`` when passed out), the
    declarer's tricks and both sides' Vint points, as the store's replay gave them."""

    learner: str
    board_id: int
    board_number: int
    auction: tuple[str, ...]
    contract: str | None
    declarer: str | None
    tricks: int | None
    points: PerSide[int]
    at: dt.datetime


@dataclass(frozen=True)
class ParLine:
    """One side's best contract with all cards visible: contract, declarer, tricks and both sides' points."""

    contract: str
    declarer: str
    tricks: int
    points: PerSide[int]


@dataclass(frozen=True)
class TravellerRow:
    """One learner's line of a traveller: ``rank`` (1 is best for the learner's side; equal results share a
    rank), the name shown (the learner's, or "Learner N" when the class is anonymised for this reader),
    and the result; ``mine`` marks the reader's own row."""

    rank: int
    learner: str
    contract: str | None
    declarer: str | None
    tricks: int | None
    points_ns: int
    points_ew: int
    mine: bool = False


@dataclass(frozen=True)
class Traveller:
    """A board's traveller: every result for it, best first for the learners' side (N–S: ranked by its points
    minus E–W's, then by its points), and the deal's double-dummy par for each side (``None`` when the solver,
    ``vint_core[dds]``, is not installed)."""

    board: BoardInfo
    rows: tuple[TravellerRow, ...]
    par: PerSide[ParLine] | None


@dataclass(frozen=True)
class LearnerSummary:
    """What one learner has done: boards played, lessons opened and finished, quiz mastery per question type
    (first tries: right, asked), exercise points (the latest grade of each exercise)."""

    name: str
    boards_played: int
    lessons_opened: tuple[str, ...]
    lessons_finished: tuple[str, ...]
    quiz: Mapping[str, tuple[int, int]]
    exercise_points: float
    exercise_max: float


@dataclass(frozen=True)
class Mastery:
    """The class's mastery: for each learner and question type, the share of first tries answered right
    (``None``: never asked). ``learners`` and ``question_types`` are the axes, in the roster's order and
    alphabetically."""

    learners: tuple[str, ...]
    question_types: tuple[str, ...]
    share: Mapping[tuple[str, str], float | None] = field(default_factory=dict)

    def row(self, learner: str) -> list[float | None]:
        """One learner's shares, in the order of ``question_types``."""
        return [self.share.get((learner, qt)) for qt in self.question_types]


# -- helpers ----------------------------------------------------------------------------------------


def default_url(folder: str | Path | None = None) -> str:
    """The default database: SQLite ``class.db`` in ``folder`` (by default ``class`` in the data folder,
    :func:`vint_core.saves.data_dir`), the folder made if missing."""
    if folder is None:
        from vint_core.saves import data_dir

        folder = data_dir() / "class"
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path.resolve() / 'class.db'}"


def neutralise(value: object) -> str:
    """A cell as a spreadsheet may open it safely: text starting with ``=``, ``+``, ``-``, ``@``, a tab or
    a carriage return gets a leading apostrophe (OWASP's advice against formula injection); plain numbers
    stay numbers.

    >>> [neutralise(v) for v in ("=1+1", "@SUM(A1)", "-50", "-2+3", "anna", 7, None)]
    ["'=1+1", "'@SUM(A1)", '-50', "'-2+3", 'anna', '7', '']
    """
    if value is None:
        return ""
    cell = str(value)
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.match(cell):
        return "'" + cell
    return cell


def _rules_text(rules: RuleSet) -> str:
    return rules.name if rule_set_changes(rules) is None else json.dumps(rules.to_json(), sort_keys=True)


def _rules_of(stored: str) -> RuleSet:
    return RuleSet.from_json(json.loads(stored)) if stored.startswith("{") else RuleSet.named(stored)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _pbn_deal(deal: Deal) -> str:
    return "N:" + " ".join(deal.hands[seat].pbn for seat in Seat)


def _canonical(record: Mapping[str, Any]) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def _rank_key(row: Result) -> tuple[int, int]:
    return (-(row.points_ns - row.points_ew), -row.points_ns)


def _contract_words(contract: str | None, declarer: str | None, tricks: int | None, points: PerSide[int]) -> Phrase:
    if contract is None:
        return Phrase("class_score_passed_out", points=points)
    try:
        seat: Seat | str = Seat.parse(declarer) if isinstance(declarer, str) else "?"
    except VintError:
        seat = shown(declarer)
    return Phrase("class_score_words", contract=shown(contract) if contract == "?" else contract, declarer=seat,
                  tricks="?" if tricks is None else tricks, points=points)


#: a result's learner and board loaded with it (one query for a traveller or a class's results, not one per row)
_RESULT_LOADS = (joinedload(Result.learner), joinedload(Result.board))

_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def _file_lock(url: str) -> threading.Lock:
    """The one lock of this process for the SQLite database of ``url``."""
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(url, threading.Lock())


# -- the store --------------------------------------------------------------------------------------


class ClassStore:
    """Everything a class does, in one database: ``ClassStore(url)`` with a SQLAlchemy URL
    (``sqlite:///path/class.db``, ``postgresql+psycopg://…``), or ``ClassStore()`` for :func:`default_url`.

    Opening the store brings the schema to the newest revision. Every method takes the class by name
    (``cls``) and a learner by the roster's name; each write is one transaction.
    """

    def __init__(self, url: str | Path | None = None) -> None:
        if url is None:
            url = default_url()
        elif isinstance(url, Path):
            url = f"sqlite:///{url.resolve()}"
        if not isinstance(url, str):
            raise bad_argument("url", url, "arg_class_db")
        try:
            shown_url = make_url(url).render_as_string(hide_password=True)
        except (ArgumentError, ValueError):
            raise bad_argument("url", url, "arg_class_db") from None
        self.url = url
        try:
            self._open(url)
        except (SQLAlchemyError, ImportError, OSError) as exc:
            # a URL of no database SQLAlchemy knows, a driver not installed, a file or server that does not open
            raise ClassError("no_store", url=shown_url, error=shown(type(exc).__name__)) from exc

    def _open(self, url: str) -> None:
        self._sqlite = url.startswith("sqlite")
        self._queue: threading.Lock | contextlib.nullcontext[None] = (
            _file_lock(url) if self._sqlite else contextlib.nullcontext())
        if self._sqlite:
            # pysqlite's own transaction handling is switched off and BEGIN sent by the store (SQLAlchemy's
            # recipe): writers take the write lock at once (BEGIN IMMEDIATE), readers read a WAL snapshot
            args = {"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False}
            memory = url in ("sqlite://", "sqlite:///:memory:")
            if memory:  # one in-memory database (for examples): one connection for every thread
                self._writer = self._reader = create_engine(url, connect_args=args, poolclass=StaticPool)
                self._sqlite_events(self._writer, "BEGIN IMMEDIATE", wal=False)
            else:
                self._writer = create_engine(url, connect_args=args)
                self._reader = create_engine(url, connect_args=args)
                for engine, begin in ((self._writer, "BEGIN IMMEDIATE"), (self._reader, "BEGIN")):
                    self._sqlite_events(engine, begin, wal=True)
        else:
            self._writer = self._reader = create_engine(url, pool_pre_ping=True)
        self._write(self._migrate)

    @staticmethod
    def _sqlite_events(engine: Engine, begin: str, *, wal: bool) -> None:
        @event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            if wal:
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _begin(connection: Any) -> None:
            connection.exec_driver_sql(begin)

    def _migrate(self, session: Session) -> None:
        from alembic.migration import MigrationContext

        connection = session.connection()
        if not self._sqlite:  # one migrating process at a time (SQLite's BEGIN IMMEDIATE already is)
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(2121)")
        if MigrationContext.configure(connection).get_current_revision() != migrations.HEAD:
            migrations.upgrade(connection)

    def close(self) -> None:
        """Close the database's connections."""
        self._writer.dispose()
        self._reader.dispose()

    # -- transactions --

    def _write(self, work: Callable[[Session], T]) -> T:
        """``work`` in one write transaction, tried again while SQLite says another writer holds the database.

        On SQLite the writers of one process (a service's threads) also queue on one lock per database file:
        SQLite's busy handler polls with growing sleeps, so that a writer may wait seconds behind others that
        arrived later; the lock hands the database over in turn, and the busy handler is left to the writers
        of other processes."""
        for attempt in range(RETRIES):
            try:
                with self._queue, Session(self._writer, expire_on_commit=False) as session, session.begin():
                    return work(session)
            except IntegrityError as exc:
                # another writer made the same row between our reading and writing (PostgreSQL: two tabs of one
                # learner, two teachers adding one name): read again, and the work finds that row
                if attempt == RETRIES - 1:
                    raise
                log.info("class store: a concurrent write, attempt %d: %s", attempt + 1, exc)
            except OperationalError as exc:
                if not self._sqlite or ("locked" not in str(exc) and "busy" not in str(exc)):
                    raise
                log.info("class store busy, attempt %d: %s", attempt + 1, exc)
                time.sleep(0.05 * (attempt + 1) + secrets.randbelow(50) / 1000)
        raise ClassError("store_busy")

    def _read(self, work: Callable[[Session], T]) -> T:
        with Session(self._reader) as session, session.begin():
            return work(session)

    @staticmethod
    def _class(session: Session, cls: str | ClassInfo) -> Class:
        name = cls.name if isinstance(cls, ClassInfo) else cls
        if not isinstance(name, str):
            raise ClassError("unknown_class", name=shown(name))
        row = session.scalar(select(Class).where(Class.name == name))
        if row is None:
            raise ClassError("unknown_class", name=shown(name))
        return row

    @staticmethod
    def _learner(session: Session, klass: Class, learner: str) -> Learner:
        if not isinstance(learner, str):
            raise ClassError("not_on_roster", learner=shown(learner), name=klass.name)
        row = session.scalar(select(Learner).where(Learner.class_id == klass.id, Learner.name == learner))
        if row is None:
            raise ClassError("not_on_roster", learner=shown(learner), name=klass.name)
        return row

    @staticmethod
    def _info(klass: Class) -> ClassInfo:
        return ClassInfo(klass.id, klass.name, _rules_of(klass.rules), klass.teacher, klass.anonymise)

    @staticmethod
    def _board_info(board: Board, rules: RuleSet) -> BoardInfo:
        return BoardInfo(board.id, board.number, board.set.title, Seat.parse(board.dealer), board.seed,
                         board.pbn_deal, rules)

    @staticmethod
    def _result_info(row: Result) -> ResultInfo:
        return ResultInfo(row.learner.name, row.board_id, row.board.number, tuple(row.auction.split()),
                          row.contract, row.declarer, row.tricks, PerSide(row.points_ns, row.points_ew), row.at)

    # -- classes, rosters, boards --

    def create_class(self, name: str, *, rules: RuleSet | str = "seed", teacher: str,
                     anonymise: bool = True) -> ClassInfo:
        """A new class named ``name`` (unique) under ``rules`` (a rule set or its name), taught by ``teacher``;
        ``anonymise`` (the default) shows learners each other's results as "Learner 1", "Learner 2"…"""
        name, teacher = _name(name, "class"), _name(teacher, "learner")
        rule_set = as_rule_set(rules)

        def work(session: Session) -> ClassInfo:
            if session.scalar(select(Class.id).where(Class.name == name)) is not None:
                raise ClassError("exists", name=name)
            klass = Class(name=name, rules=_rules_text(rule_set), teacher=teacher, anonymise=bool(anonymise))
            session.add(klass)
            session.flush()
            return self._info(klass)

        return self._write(work)

    def get_class(self, cls: str) -> ClassInfo:
        """The class named ``cls``."""
        return self._read(lambda session: self._info(self._class(session, cls)))

    def classes(self) -> list[ClassInfo]:
        """Every class, by name."""
        return self._read(lambda s: [self._info(c) for c in s.scalars(select(Class).order_by(Class.name))])

    def set_anonymise(self, cls: str, anonymise: bool) -> None:
        """Whether learners see each other's names in a traveller (``False``) or "Learner N" (``True``)."""
        def work(session: Session) -> None:
            self._class(session, cls).anonymise = bool(anonymise)

        self._write(work)

    def add_learners(self, cls: str, names: Iterable[str]) -> None:
        """Put ``names`` on the class's roster (names already there are left as they are)."""
        wanted = list(dict.fromkeys(_name(n, "learner") for n in names))

        def work(session: Session) -> None:
            klass = self._class(session, cls)
            have = set(session.scalars(select(Learner.name).where(Learner.class_id == klass.id)))
            session.add_all(Learner(class_id=klass.id, name=n) for n in wanted if n not in have)

        self._write(work)

    def learners(self, cls: str) -> list[LearnerInfo]:
        """The roster, in the order the learners were added."""
        def work(session: Session) -> list[LearnerInfo]:
            klass = self._class(session, cls)
            return [LearnerInfo(row.id, klass.name, row.name) for row in klass.learners]

        return self._read(work)

    def publish_boards(self, cls: str, title: str, boards: Iterable[tuple[int, Seat | str] | Deal]) -> list[BoardInfo]:
        """Publish a board set: ``boards`` are seeds with dealers (``(7, "N")``) or deals (a PBN file's, from
        :func:`vint_core.pbn.loads`: their hands and dealer are kept, not their play). The boards are numbered
        after the class's boards already published; every learner finds them at their table."""
        title = _name(title, "title")
        specs: list[tuple[int | None, Seat, str | None]] = []
        for item in boards:
            if isinstance(item, Deal):
                specs.append((None, item.dealer, _pbn_deal(item)))
                continue
            try:
                seed, dealer = item
                ok = isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**31
                seat = Seat.of(dealer)
            except (TypeError, ValueError):
                ok = False
            if not ok:
                raise ClassError("bad_board", value=shown(item))
            specs.append((seed, seat, None))
        if not specs:
            raise ClassError("no_boards")

        def work(session: Session) -> list[BoardInfo]:
            klass = self._class(session, cls)
            last = session.scalar(select(Board.number).join(BoardSet).where(BoardSet.class_id == klass.id)
                                  .order_by(Board.number.desc()).limit(1)) or 0
            board_set = BoardSet(class_id=klass.id, title=title)
            session.add(board_set)
            for i, (seed, seat, pbn_deal) in enumerate(specs, start=last + 1):
                session.add(Board(set=board_set, number=i, seed=seed, dealer=seat.letter, pbn_deal=pbn_deal))
            session.flush()
            rules = _rules_of(klass.rules)
            return [self._board_info(b, rules) for b in board_set.boards]

        return self._write(work)

    def boards(self, cls: str) -> list[BoardInfo]:
        """The class's published boards, in the order learners play them."""
        def work(session: Session) -> list[BoardInfo]:
            klass = self._class(session, cls)
            rules = _rules_of(klass.rules)
            rows = session.scalars(select(Board).join(BoardSet).where(BoardSet.class_id == klass.id)
                                   .order_by(Board.number))
            return [self._board_info(b, rules) for b in rows]

        return self._read(work)

    def next_board(self, cls: str, learner: str) -> BoardInfo | None:
        """The first published board ``learner`` has not played yet (where they stopped); ``None``: all played."""
        def work(session: Session) -> BoardInfo | None:
            klass = self._class(session, cls)
            person = self._learner(session, klass, learner)
            played = select(Result.board_id).where(Result.learner_id == person.id)
            board = session.scalar(select(Board).join(BoardSet).where(BoardSet.class_id == klass.id,
                                                                      Board.id.not_in(played))
                                   .order_by(Board.number).limit(1))
            return None if board is None else self._board_info(board, _rules_of(klass.rules))

        return self._read(work)

    # -- collecting --

    def record_result(self, cls: str, learner: str, board_id: int, record: Mapping[str, Any] | str) -> ResultInfo:
        """Keep ``learner``'s played ``board_id``: ``record`` is the deal's JSON record (a dict or its text),
        optionally with the score the learner's page showed (``"points": {"NS": …, "EW": …}``, and
        ``"contract"``, ``"tricks"``), which must be what the replay gives. Refused with
        :class:`ResultRefused` (logged, and kept in :meth:`refusals`) as the module says."""
        try:
            return self._write(lambda session: self._record(session, cls, learner, board_id, record))
        except ResultRefused as exc:
            log.warning("class %s: %s", cls, exc.message("en"))
            try:
                self._log_refusal(cls, learner, board_id, exc)
            except (VintError, SQLAlchemyError):  # the refusal stands, logged above, if the log's row is not kept
                log.exception("class %s: the refusal was not kept in the refusals' log", cls)
            raise

    def _record(self, session: Session, cls: str, learner: str, board_id: int,
                record: Mapping[str, Any] | str) -> ResultInfo:
        klass = self._class(session, cls)
        who = shown(learner) if not isinstance(learner, str) else learner

        def refuse(why: str, board: object = board_id, **params: Any) -> ResultRefused:
            return ResultRefused(why, learner=who, board=board, details=params)

        person = session.scalar(select(Learner).where(Learner.class_id == klass.id, Learner.name == learner)) \
            if isinstance(learner, str) else None
        if person is None:
            raise refuse("not_on_roster", learner=who, name=klass.name)
        ok = isinstance(board_id, int) and not isinstance(board_id, bool) and 0 < board_id < 2**31
        board = session.get(Board, board_id) if ok else None
        if board is None or board.set.class_id != klass.id:
            raise refuse("not_published", board=shown(board_id), name=klass.name)
        number = board.number
        try:
            data = json.loads(record) if isinstance(record, str) else record
            if not isinstance(data, Mapping):
                raise ValueError("not an object")
            deal = Deal.from_json(dict(data))
        except VintError as exc:
            raise refuse("bad_record", number, error=exc) from None
        except (ValueError, TypeError, RecursionError) as exc:
            raise refuse("bad_record", number, error=shown(str(exc))) from None
        rules = _rules_of(klass.rules)
        wanted = self._board_info(board, rules).deal()
        if (deal.hands, deal.dealer, deal.rules, deal.deal_number) != (wanted.hands, wanted.dealer, wanted.rules,
                                                                       wanted.deal_number):
            raise refuse("wrong_deal", number)
        if not deal.is_finished:
            raise refuse("not_finished", number)
        contract = deal.contract
        points = totals(deal.score())
        got = (contract.pbn if contract else None, contract.declarer.letter if contract else None,
               deal.declarer_tricks, points)
        claimed = self._claimed(data, got)
        if claimed != got:
            raise refuse("wrong_score", number, claimed=_contract_words(*claimed), actual=_contract_words(*got))
        stored = _canonical(deal.with_board(str(number)).to_json())
        existing = session.scalar(select(Result).where(Result.learner_id == person.id, Result.board_id == board.id))
        if existing is not None:
            if existing.record_json == stored:
                return self._result_info(existing)
            raise refuse("already_played", number, learner=who)
        row = Result(learner=person, board=board, auction=" ".join(call.pbn for call in deal.auction.calls),
                     contract=got[0], declarer=got[1], tricks=got[2], points_ns=points.ns, points_ew=points.ew,
                     record_json=stored)
        session.add(row)
        session.flush()  # on PostgreSQL another tab may have kept it a moment ago: _write tries again, and sees it
        return self._result_info(row)

    @staticmethod
    def _claimed(data: Mapping[str, Any], got: tuple[str | None, str | None, int | None, PerSide[int]]
                 ) -> tuple[str | None, str | None, int | None, PerSide[int]]:
        """What the record claims (what it leaves out is taken as the replay's)."""
        contract, declarer, tricks, points = got
        if "points" in data:
            try:
                claimed = PerSide.of(data["points"])
                points = PerSide(claimed.ns, claimed.ew)
            except (TypeError, ValueError, KeyError, AttributeError):
                points = PerSide(-1, -1)
        if "contract" in data:
            contract = data["contract"] if isinstance(data["contract"], str) or data["contract"] is None else "?"
        if "declarer" in data:
            declarer = data["declarer"] if isinstance(data["declarer"], str) or data["declarer"] is None else "?"
        if "tricks" in data:
            tricks = data["tricks"] if isinstance(data["tricks"], int) or data["tricks"] is None else -1
        return contract, declarer, tricks, points

    def _log_refusal(self, cls: str, learner: object, board_id: object, exc: ResultRefused) -> None:
        def work(session: Session) -> None:
            klass = self._class(session, cls)
            board = board_id if isinstance(board_id, int) and not isinstance(board_id, bool) else None
            session.add(Refusal(class_id=klass.id, learner=shown(learner)[:100] if not isinstance(learner, str)
                                else learner[:100], board_id=board, reason=exc.why, message=exc.message("en")))

        self._write(work)

    def refusals(self, cls: str) -> list[tuple[str, int | None, str, str]]:
        """The refused results' log: (learner as sent, board id, why, message in English), oldest first."""
        def work(session: Session) -> list[tuple[str, int | None, str, str]]:
            klass = self._class(session, cls)
            rows = session.scalars(select(Refusal).where(Refusal.class_id == klass.id).order_by(Refusal.id))
            return [(r.learner, r.board_id, r.reason, r.message) for r in rows]

        return self._read(work)

    def results(self, cls: str) -> list[ResultInfo]:
        """Every kept result of the class, by board and then by the time it came."""
        def work(session: Session) -> list[ResultInfo]:
            klass = self._class(session, cls)
            rows = session.scalars(select(Result).options(*_RESULT_LOADS).join(Board).join(BoardSet)
                                   .where(BoardSet.class_id == klass.id)
                                   .order_by(Board.number, Result.id))
            return [self._result_info(r) for r in rows]

        return self._read(work)

    def record_quiz_answer(self, cls: str, learner: str, *, source: str, question_type: str, correct: bool,
                           first_try: bool = True, misconception: str | None = None) -> None:
        """Keep one quiz answer: ``source`` is ``"lesson NN"`` or ``"practice"``, ``question_type`` the
        question's type (its topic), ``misconception`` the named mistake a wrong answer showed."""
        if not isinstance(source, str) or not _SOURCE.match(source):
            raise _bad("source", source, "class_allowed_source")
        question_type = _name(question_type, "topic")[:60]
        if misconception is not None:
            misconception = _name(misconception, "mistake")[:80]

        def work(session: Session) -> None:
            person = self._learner(session, self._class(session, cls), learner)
            session.add(QuizAnswer(learner_id=person.id, source=source, question_type=question_type,
                                   correct=bool(correct), first_try=bool(first_try),
                                   misconception=None if correct else misconception))

        self._write(work)

    def record_lesson(self, cls: str, learner: str, lesson: str, event: str) -> None:
        """Keep that ``learner`` ``"opened"`` or ``"finished"`` ``lesson`` (its number, ``"03"``)."""
        if not isinstance(lesson, str) or not re.match(r"^\d{2}$", lesson):
            raise _bad("lesson", lesson, "class_allowed_lesson")
        if event not in _EVENTS:
            raise _bad("event", event, "class_allowed_event")

        def work(session: Session) -> None:
            person = self._learner(session, self._class(session, cls), learner)
            session.add(LessonEvent(learner_id=person.id, lesson=lesson, event=event))

        self._write(work)

    def record_grade(self, cls: str, learner: str, exercise: str, points: float, max_points: float) -> None:
        """Keep ``learner``'s grade of ``exercise`` (the grader's points out of ``max_points``; a new grade
        replaces the one before)."""
        exercise = _name(exercise, "exercise")[:80]
        for name, value in (("points", points), ("max_points", max_points)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 10_000:
                raise _bad(name, value, "class_allowed_points")
        if points > max_points:
            raise _bad("points", points, "class_allowed_points")

        def work(session: Session) -> None:
            person = self._learner(session, self._class(session, cls), learner)
            row = session.scalar(select(Grade).where(Grade.learner_id == person.id, Grade.exercise == exercise))
            if row is None:
                session.add(Grade(learner_id=person.id, exercise=exercise, points=points, max_points=max_points))
            else:
                row.points, row.max_points, row.at = float(points), float(max_points), dt.datetime.now(dt.UTC)

        self._write(work)

    # -- tokens (the personal links without a hub) --

    def issue_token(self, cls: str, learner: str) -> str:
        """A new unguessable token for ``learner``'s personal link (the one before stops working). Only its
        SHA-256 is stored: the token itself is shown once, to the teacher who hands it out."""
        token = secrets.token_urlsafe(32)

        def work(session: Session) -> None:
            self._learner(session, self._class(session, cls), learner).token_hash = _token_hash(token)

        self._write(work)
        return token

    def learner_for_token(self, token: object) -> LearnerInfo | None:
        """The learner whose personal link carries ``token``; ``None`` for a missing, wrong or old one."""
        if not isinstance(token, str) or not 20 <= len(token) <= 200:
            return None

        def work(session: Session) -> LearnerInfo | None:
            row = session.scalar(select(Learner).where(Learner.token_hash == _token_hash(token)))
            return None if row is None else LearnerInfo(row.id, row.class_.name, row.name)

        return self._read(work)

    # -- what the teacher and the learners see --

    def traveller(self, cls: str, board_id: int, *, viewer: str | None = None, lang: str = "en") -> Traveller:
        """Board ``board_id``'s traveller. For the teacher (``viewer`` ``None``) every learner is named; for a
        learner (``viewer``, who must have played the board) the others are named or, in an anonymised class,
        "Learner 1", "Learner 2"… (in ``lang``). The par is computed once, with the solver, and kept."""
        if lang not in LANGUAGES:
            raise bad_argument("lang", lang, "arg_choice", choices=", ".join(repr(x) for x in LANGUAGES))
        def work(session: Session) -> tuple[Traveller, Deal | None]:
            klass = self._class(session, cls)
            ok = isinstance(board_id, int) and not isinstance(board_id, bool) and 0 < board_id < 2**31
            board = session.get(Board, board_id) if ok else None
            if board is None or board.set.class_id != klass.id:
                raise ClassError("unknown_board", name=klass.name, board=shown(board_id))
            rows = sorted(session.scalars(select(Result).options(*_RESULT_LOADS).where(Result.board_id == board.id)),
                          key=lambda r: (_rank_key(r), r.id))
            if viewer is not None:
                person = self._learner(session, klass, viewer)
                if not any(r.learner_id == person.id for r in rows):
                    raise ClassError("play_first", board=board.number, learner=viewer)
            info = self._board_info(board, _rules_of(klass.rules))
            out: list[TravellerRow] = []
            others = 0
            for i, row in enumerate(rows):
                rank = out[-1].rank if out and _rank_key(rows[i - 1]) == _rank_key(row) else i + 1
                mine = viewer is not None and row.learner.name == viewer
                name = row.learner.name
                if viewer is not None and klass.anonymise and not mine:
                    others += 1
                    name = text("class_anonymous", lang, n=others)
                out.append(TravellerRow(rank, name, row.contract, row.declarer, row.tricks, row.points_ns,
                                        row.points_ew, mine))
            par = _par_from_json(board.par_json)
            return Traveller(info, tuple(out), par), (info.deal() if par is None else None)

        traveller, unsolved = self._read(work)
        if unsolved is not None:
            par_json = _solve_par(unsolved)
            if par_json is not None:
                def keep(session: Session) -> None:
                    board = session.get(Board, board_id)
                    if board is not None and board.par_json is None:
                        board.par_json = par_json

                self._write(keep)
                traveller = Traveller(traveller.board, traveller.rows, _par_from_json(par_json))
        return traveller

    def learner_history(self, cls: str, learner: str) -> list[ResultInfo]:
        """``learner``'s class boards, in the order of the boards."""
        def work(session: Session) -> list[ResultInfo]:
            person = self._learner(session, self._class(session, cls), learner)
            rows = session.scalars(select(Result).options(*_RESULT_LOADS).join(Board)
                                   .where(Result.learner_id == person.id)
                                   .order_by(Board.number))
            return [self._result_info(r) for r in rows]

        return self._read(work)

    def learner_summaries(self, cls: str) -> list[LearnerSummary]:
        """For each learner of the roster: boards played, lessons opened and finished, quiz mastery per
        question type (first tries right, first tries), exercise points."""
        def work(session: Session) -> list[LearnerSummary]:
            klass = self._class(session, cls)
            ids = {row.id: row.name for row in klass.learners}
            played: Counter[int] = Counter(session.scalars(select(Result.learner_id).where(
                Result.learner_id.in_(ids))))
            opened: defaultdict[int, set[str]] = defaultdict(set)
            finished: defaultdict[int, set[str]] = defaultdict(set)
            for learner_id, lesson, ev in session.execute(select(
                    LessonEvent.learner_id, LessonEvent.lesson, LessonEvent.event).where(
                    LessonEvent.learner_id.in_(ids))):
                (opened if ev == "opened" else finished)[learner_id].add(lesson)
            quiz = self._first_tries(session, ids)
            grades: defaultdict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])
            for learner_id, points, most in session.execute(select(Grade.learner_id, Grade.points, Grade.max_points)
                                                            .where(Grade.learner_id.in_(ids))):
                grades[learner_id][0] += points
                grades[learner_id][1] += most
            return [LearnerSummary(name, played[i], tuple(sorted(opened[i] | finished[i])), tuple(sorted(finished[i])),
                                   {qt: quiz[i, qt] for (j, qt) in sorted(quiz) if j == i},
                                   grades[i][0], grades[i][1]) for i, name in ids.items()]

        return self._read(work)

    @staticmethod
    def _first_tries(session: Session, ids: Mapping[int, str]) -> dict[tuple[int, str], tuple[int, int]]:
        """(learner id, question type) → (first tries right, first tries)."""
        counts: defaultdict[tuple[int, str], list[int]] = defaultdict(lambda: [0, 0])
        for learner_id, qt, correct in session.execute(select(
                QuizAnswer.learner_id, QuizAnswer.question_type, QuizAnswer.correct).where(
                QuizAnswer.learner_id.in_(ids), QuizAnswer.first_try.is_(True))):
            counts[learner_id, qt][0] += bool(correct)
            counts[learner_id, qt][1] += 1
        return {key: (right, asked) for key, (right, asked) in counts.items()}

    def mastery(self, cls: str) -> Mastery:
        """The class's mastery, learners × question types (first tries answered right)."""
        def work(session: Session) -> Mastery:
            klass = self._class(session, cls)
            ids = {row.id: row.name for row in klass.learners}
            quiz = self._first_tries(session, ids)
            types = tuple(sorted({qt for _, qt in quiz}))
            share = {(ids[i], qt): (quiz[i, qt][0] / quiz[i, qt][1] if (i, qt) in quiz else None)
                     for i in ids for qt in types}
            return Mastery(tuple(ids.values()), types, share)

        return self._read(work)

    def common_mistakes(self, cls: str) -> list[tuple[str, int]]:
        """The named misconceptions of the class's wrong answers, most frequent first: (misconception, count)."""
        def work(session: Session) -> list[tuple[str, int]]:
            klass = self._class(session, cls)
            ids = [row.id for row in klass.learners]
            wrong = select(QuizAnswer.misconception).where(QuizAnswer.learner_id.in_(ids),
                                                           QuizAnswer.correct.is_(False))
            found: Counter[str] = Counter(m for m in session.scalars(wrong) if m is not None)
            return sorted(found.items(), key=lambda item: (-item[1], item[0]))

        return self._read(work)

    def export_csv(self, cls: str, which: str = "results") -> str:
        """One of the class's tables (:data:`EXPORTS`) as CSV text, every cell :func:`neutralise`\\ d."""
        rows: list[Sequence[object]]
        if which == "results":
            rows = [("board", "learner", "auction", "contract", "declarer", "tricks", "points_ns", "points_ew",
                     "at")]
            rows += [(r.board_number, r.learner, " ".join(r.auction), r.contract, r.declarer, r.tricks, r.points.ns,
                      r.points.ew, r.at.isoformat()) for r in self.results(cls)]
        elif which == "learners":
            rows = [("learner", "boards_played", "lessons_finished", "exercise_points", "exercise_max", "quiz_right",
                     "quiz_asked")]
            rows += [(s.name, s.boards_played, " ".join(s.lessons_finished), s.exercise_points, s.exercise_max,
                      sum(r for r, _ in s.quiz.values()), sum(a for _, a in s.quiz.values()))
                     for s in self.learner_summaries(cls)]
        elif which == "quiz":
            rows = [("learner", "question_type", "first_tries_right", "first_tries")]
            rows += [(s.name, qt, right, asked) for s in self.learner_summaries(cls)
                     for qt, (right, asked) in s.quiz.items()]
        elif which == "mastery":
            table = self.mastery(cls)
            rows = [("learner", *table.question_types)]
            rows += [(name, *("" if v is None else f"{v:.2f}" for v in table.row(name))) for name in table.learners]
        elif which == "mistakes":
            rows = [("misconception", "count"), *self.common_mistakes(cls)]
        elif which == "refusals":
            rows = [("learner", "board_id", "reason", "message"), *self.refusals(cls)]
        else:
            raise ClassError("bad_export", value=shown(which), known=", ".join(EXPORTS))
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerows([neutralise(cell) for cell in row] for row in rows)
        return out.getvalue()


# -- the par (double dummy) --------------------------------------------------------------------------


def _solve_par(deal: Deal) -> str | None:
    """Each side's best contract with all cards visible, as JSON; ``None`` when the solver is not installed."""
    from vint_core import analysis

    if not analysis.available():
        return None
    best = analysis.best_contracts(deal)
    return json.dumps({side.name: {"contract": score.contract.pbn, "declarer": score.contract.declarer.letter,
                                   "tricks": score.declarer_tricks, "points": score.points.to_json()}
                       for side, score in zip(Side, best, strict=True)})


def _par_from_json(stored: str | None) -> PerSide[ParLine] | None:
    if stored is None:
        return None
    data = json.loads(stored)
    lines = [ParLine(d["contract"], d["declarer"], d["tricks"], PerSide.of(d["points"])) for d in
             (data["NS"], data["EW"])]
    return PerSide(lines[0], lines[1])

