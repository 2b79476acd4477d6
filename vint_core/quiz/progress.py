"""A learner's progress: the latest answers, the score per topic, the mastery per question type, which
type to ask next (more of those the learner gets wrong), kept on the learner's machine.

The progress lives in the data directory (``$VINT_DATA_DIR/quiz.json``, else next to the table's
save), written atomically after every answer. It stays small however long a learner practises: the
score per topic counts every answer, the mastery looks at each type's last ``WINDOW`` answers, and
only the latest ``KEEP`` answers are kept one by one (for the teacher's CSV). A file that cannot be
read, or holds a value that does not fit (every field is checked), is moved aside
(``quiz.json.damaged-<time>``) and a fresh record starts, with a message saying so. The learner's
name is kept to ``MAX_NAME`` characters; in the CSV a cell that a spreadsheet would read as a
formula is made text.

>>> p = Progress(learner="Anna", seed=1)
>>> item = p.next_item(["play"])
>>> attempt = p.answer(item, item.answer)
>>> attempt.correct, p.score_by_topic()["play"], p.mastery()[item.type]
(True, (1, 1), 1.0)
>>> print(p.to_csv().splitlines()[0])
learner,time,topic,type,item_id,answer_given,correct,first_try
>>> spreadsheet_safe("=1+2"), spreadsheet_safe("@SUM(A1)"), spreadsheet_safe("-12"), spreadsheet_safe("Anna")
("'=1+2", "'@SUM(A1)", '-12', 'Anna')
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import time
import unicodedata
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vint_core.errors import VintError
from vint_core.i18n import Phrase, os_reason
from vint_core.quiz import TOPICS, TYPES, make_item, types_of
from vint_core.quiz.items import Item, Verdict, check
from vint_core.quiz.texts import MISCONCEPTIONS, quiz_phrase
from vint_core.rules import RULE_SETS
from vint_core.saves import data_dir, open_saved, write_json

FORMAT = "vint-quiz-progress"
#: version 3 marks each answer's first try; version 2 (the latest answers and the totals, every answer a first
#: try) and version 1 (every answer) are still read
VERSION = 3
#: how many of a type's latest answers its mastery looks at
WINDOW = 5
#: how many of the latest answers are kept one by one (the score counts all of them)
KEEP = 1000
#: the longest learner's name kept (characters); a longer one is cut
MAX_NAME = 60
#: the longest answer kept as given (characters, as JSON); a longer one is cut
MAX_ANSWER = 200
#: the largest seed a progress may have (a new one is below 10**9)
MAX_SEED = 2**63

_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")
_ITEM_ID = re.compile(r"[a-z_]{1,30}:\d{1,19}:\d{1,19}:[a-z0-9_]{1,30}")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def default_progress_path() -> Path:
    """``quiz.json`` in the data directory the table saves to (``$VINT_DATA_DIR``, else the user's data folder)."""
    return data_dir() / "quiz.json"


def clean_name(text: str) -> str:
    """A learner's name as kept: control characters (tabs, line breaks) left out, spaces trimmed, at most
    :data:`MAX_NAME` characters.

    >>> clean_name("  Anna\\tK\\r\\n "), len(clean_name("x" * 5_000_000))
    ('AnnaK', 60)
    """
    kept = "".join(ch for ch in text[:4 * MAX_NAME] if unicodedata.category(ch) != "Cc")
    return kept.strip()[:MAX_NAME].strip()


def spreadsheet_safe(cell: str) -> str:
    """``cell`` as a spreadsheet will not run it: a text starting with ``=``, ``+``, ``-``, ``@``, a tab or a
    carriage return gets a ``'`` in front (OWASP's advice on CSV injection); a plain number is left as it is."""
    if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


@dataclass(frozen=True)
class Attempt:
    """One answer: who, when, what was asked, what was given, whether it was right, and whether it was the
    learner's first try at that question (only first tries count for the score and the mastery; a try after
    *Try again* is kept for the teacher's CSV)."""

    learner: str
    time: str
    topic: str
    type: str
    item_id: str
    answer_given: str
    correct: bool
    misconception: str | None = None
    first_try: bool = True


class _Damaged(ValueError):
    """A progress file whose content does not fit: ``phrase`` says what is wrong, in a few words (``str()`` in
    English)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.phrase = Phrase(key, **params)
        super().__init__(self.phrase.text("en"))


def _attempt(obj: Any, n: int) -> Attempt:
    """An answer read from a file, every field checked (``_Damaged`` if one does not fit)."""
    def bad(what: str) -> _Damaged:
        return _Damaged("quiz_file_in_answer", number=n + 1, what=Phrase(what))

    if not isinstance(obj, dict) or not set(obj) <= {f for f in Attempt.__dataclass_fields__}:
        raise bad("quiz_file_not_answer")
    learner, when, topic, kind = obj.get("learner"), obj.get("time"), obj.get("topic"), obj.get("type")
    item_id, given, correct = obj.get("item_id"), obj.get("answer_given"), obj.get("correct")
    misconception, first_try = obj.get("misconception"), obj.get("first_try", True)
    if not isinstance(learner, str):
        raise bad("quiz_file_learner")
    if not (isinstance(when, str) and _TIME.fullmatch(when)):
        raise bad("quiz_file_time")
    if not (isinstance(kind, str) and kind in TYPES and isinstance(topic, str) and TYPES[kind].topic == topic):
        raise bad("quiz_file_topic")
    if not (isinstance(item_id, str) and _ITEM_ID.fullmatch(item_id) and item_id.startswith(f"{kind}:")):
        raise bad("quiz_file_item_id")
    if not isinstance(given, str) or len(given) > MAX_ANSWER:
        raise bad("quiz_file_answer_given")
    if not isinstance(correct, bool):
        raise bad("quiz_file_correct")
    if misconception is not None and not (isinstance(misconception, str) and misconception in MISCONCEPTIONS):
        raise bad("quiz_file_mistake")
    if not isinstance(first_try, bool):
        raise bad("quiz_file_first_try")
    return Attempt(clean_name(learner), when, topic, kind, item_id, given, correct, misconception, first_try)


def _count(value: Any, what: str, *, most: int = MAX_SEED) -> int:
    if type(value) is not int or not 0 <= value < most:
        raise _Damaged("quiz_file_not_whole", what=Phrase(what))
    return value


@dataclass
class Progress:
    """One learner's answers (the latest :data:`KEEP`; the totals of all), and the next questions to ask."""

    learner: str = ""
    #: the seed of this learner's questions; with ``asked`` it gives every next item
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(10**9))
    #: the latest answers, oldest first (at most :data:`KEEP`)
    attempts: list[Attempt] = field(default_factory=list)
    #: items drawn so far, per type (the index of the next item of that type)
    asked: dict[str, int] = field(default_factory=dict)
    path: Path | None = None
    #: what happened when the progress was opened (a damaged file set aside), else None
    message: Phrase | None = None
    #: per topic, first tries right and questions answered, counting every answer ever (not only those kept)
    totals: dict[str, tuple[int, int]] = field(default_factory=dict)
    #: per question type, whether each of its latest first tries (up to :data:`WINDOW`) was right
    recent: dict[str, list[bool]] = field(default_factory=dict)
    #: the rule set the learner chose in the Rules menu (a name of ``vint_core.rules.RULE_SETS``), None for the
    #: course's own
    rules: str | None = None

    def __post_init__(self) -> None:
        self.learner = clean_name(self.learner)
        if self.attempts and not self.totals and not self.recent:  # made from answers alone: count them
            answers, self.attempts = self.attempts, []
            for a in answers:
                self._record(a)

    def _record(self, attempt: Attempt) -> None:
        if attempt.first_try:  # a second try is kept, but the score and the mastery count the first one only
            right, total = self.totals.get(attempt.topic, (0, 0))
            self.totals[attempt.topic] = (right + attempt.correct, total + 1)
            latest = self.recent.setdefault(attempt.type, [])
            latest.append(attempt.correct)
            del latest[:-WINDOW]
        self.attempts.append(attempt)
        del self.attempts[:-KEEP]

    # -- what the learner knows ---------------------------------------------------------

    @property
    def answered(self) -> int:
        """How many questions the learner has answered, in all (first tries)."""
        return sum(total for _, total in self.totals.values())

    def score_by_topic(self) -> dict[str, tuple[int, int]]:
        """``{topic: (right, answered)}`` for every topic answered."""
        return dict(self.totals)

    def mastery(self) -> dict[str, float]:
        """Per question type answered: the share of its latest first tries (up to ``WINDOW``) that were right."""
        return {t: sum(v) / len(v) for t, v in self.recent.items() if v}

    def weights(self, types: Sequence[str]) -> list[float]:
        """How likely each type is to come next: 1 for a mastered type, up to 4 for one never right."""
        mastery = self.mastery()
        return [1.0 + 3.0 * (1.0 - mastery.get(t, 0.5)) for t in types]

    # -- asking and answering ---------------------------------------------------------------

    def next_item(self, topics: Iterable[str], *, rules: str | None = None) -> Item:
        """The next question of one of ``topics``: types the learner gets wrong come up more often. With ``rules``,
        only the types that ask about that rule set (no rubber question under Foster's two-game rubber)."""
        types = sorted({t for topic in topics for t in types_of(topic)}, key=list(TYPES).index) or list(TYPES)
        if rules is not None:
            types = [t for t in types if rules in TYPES[t].rules] or types
        rng = random.Random(f"{self.seed}:{sum(self.asked.values())}")
        chosen = rng.choices(types, self.weights(types))[0]
        index = self.asked.get(chosen, 0)
        self.asked[chosen] = index + 1
        return make_item(chosen, seed=self.seed, index=index, rules=rules)

    def answer(self, item: Item, given: Any, *, first_try: bool = True) -> Attempt:
        """Mark ``given``, record it (and save, if the progress has a file); the verdict is :attr:`last_verdict`.
        An answer that is not the learner's ``first_try`` at ``item`` is kept but counts for nothing."""
        verdict = check(item, given)
        self._last = verdict
        shown = verdict.given if verdict.readable else given  # what could not be read is kept as given
        attempt = Attempt(self.learner, time.strftime("%Y-%m-%dT%H:%M:%S"), item.topic, item.type, item.id,
                          json.dumps(shown, ensure_ascii=False)[:MAX_ANSWER], verdict.correct, verdict.misconception,
                          bool(first_try))
        self._record(attempt)
        if self.path is not None:
            self.save()
        return attempt

    @property
    def last_verdict(self) -> Verdict | None:
        """The verdict on the last answer given here, ``None`` before the first."""
        return getattr(self, "_last", None)

    # -- files ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The progress as its file's JSON: the learner, the seed, the latest answers and the totals."""
        return {"format": FORMAT, "version": VERSION, "learner": self.learner, "seed": self.seed,
                "asked": dict(self.asked), "totals": {t: list(v) for t, v in self.totals.items()},
                "recent": {t: list(v) for t, v in self.recent.items()},
                "attempts": [asdict(a) for a in self.attempts], "rules": self.rules}

    @classmethod
    def from_json(cls, obj: Any, *, path: Path | None = None) -> Progress:
        """The inverse of :meth:`to_json` (also of a version 2 file, whose answers were all first tries, and of a
        version 1 file, which kept every answer); anything else, or any field that does not fit, raises
        ``ValueError`` saying what is wrong."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT or obj.get("version") not in (1, 2, VERSION):
            raise _Damaged("quiz_file_not_progress")
        learner, asked, attempts = obj.get("learner"), obj.get("asked"), obj.get("attempts")
        if not isinstance(learner, str):
            raise _Damaged("quiz_file_learner")
        seed = _count(obj.get("seed"), "quiz_file_seed")
        if not isinstance(asked, dict) or not set(asked) <= set(TYPES):
            raise _Damaged("quiz_file_asked")
        counts = {t: _count(n, "quiz_file_asked_count") for t, n in asked.items()}
        if not isinstance(attempts, list) or (obj["version"] != 1 and len(attempts) > KEEP):
            raise _Damaged("quiz_file_answers", most=KEEP)
        answers = [_attempt(a, n) for n, a in enumerate(attempts)]
        if obj["version"] == 1:
            return cls(learner=learner, seed=seed, attempts=answers, asked=counts, path=path)
        totals, recent = obj.get("totals"), obj.get("recent")
        if not (isinstance(totals, dict) and set(totals) <= set(TOPICS) and all(
                isinstance(v, list) and len(v) == 2 for v in totals.values())):
            raise _Damaged("quiz_file_totals")
        score = {t: (_count(v[0], "quiz_file_score_count"), _count(v[1], "quiz_file_score_count"))
                 for t, v in totals.items()}
        if any(right > total for right, total in score.values()):
            raise _Damaged("quiz_file_more_right")
        if not (isinstance(recent, dict) and set(recent) <= set(TYPES) and all(
                isinstance(v, list) and len(v) <= WINDOW and all(isinstance(x, bool) for x in v)
                for v in recent.values())):
            raise _Damaged("quiz_file_recent")
        firsts = Counter(a.topic for a in answers if a.first_try)
        if any(score.get(topic, (0, 0))[1] < n for topic, n in firsts.items()):
            raise _Damaged("quiz_file_fewer")
        rules = obj.get("rules")  # absent from files saved before the Rules menu was kept
        if rules is not None and rules not in RULE_SETS:
            raise _Damaged("quiz_file_rules")
        return cls(learner=learner, seed=seed, attempts=answers, asked=counts, path=path, totals=score,
                   recent={t: list(v) for t, v in recent.items()}, rules=rules)

    def save(self) -> None:
        """Write the progress to ``path`` atomically (a temporary file, then a rename)."""
        if self.path is None:
            raise ValueError("this progress has no file")
        write_json(self.path, self.to_json())

    @classmethod
    def open(cls, path: Path | None = None, *, learner: str = "") -> Progress:
        """The progress saved at ``path`` (default :func:`default_progress_path`), or a new one.

        The file is read as every save is (:func:`vint_core.saves.open_saved`: a regular file, of a bounded
        size, its nesting safe to read, a killed save's temporary file removed) and every field is
        checked. A file that cannot be read, or does not
        fit, is moved aside unchanged (``quiz.json.damaged-<time>``) and a new progress starts, whose
        ``message`` says so and why (never with the file's path). Should it not even be moved aside (a folder
        that cannot be written), the new progress keeps no file, and the message says that too.
        """
        path = path if path is not None else default_progress_path()
        opened = open_saved(path, lambda obj: cls.from_json(obj, path=path), kind=Phrase("file_kind_progress"))
        if opened.problem is None:
            return opened.value if opened.value is not None else cls(learner=learner, path=path)
        why = _why(opened.problem)
        if opened.aside is None:  # not even moved aside: nothing is written over it
            problem = _why(opened.stuck) if opened.stuck is not None else why
            return cls(learner=learner, message=quiz_phrase("ui_damaged_kept", error=why, problem=problem))
        return cls(learner=learner, path=path, message=quiz_phrase("ui_damaged", aside=opened.aside.name, error=why))

    def to_csv(self) -> str:
        """The kept answers as CSV for a teacher: learner, time, topic, type, item id, answer given, correct,
        first try; a cell a spreadsheet would take for a formula is made text (:func:`spreadsheet_safe`)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", "time", "topic", "type", "item_id", "answer_given", "correct", "first_try"])
        for a in self.attempts:
            writer.writerow([spreadsheet_safe(cell) for cell in (a.learner, a.time, a.topic, a.type, a.item_id,
                                                                   a.answer_given, "true" if a.correct else "false",
                                                                   "true" if a.first_try else "false")])
        return out.getvalue()


def _why(exc: Exception) -> Phrase | VintError | str:
    """Why a file could not be read or moved, in a few words and without its path: the system's reason in the
    catalogue's words (its own for an ``errno`` the catalogue does not know), a text that is not JSON, a
    :class:`~vint_core.errors.VintError` said in the learner's language."""
    if isinstance(exc, OSError):
        return os_reason(exc) or str(exc.strerror or type(exc).__name__)[:120]
    if isinstance(exc, UnicodeDecodeError):
        return Phrase("file_not_text")
    if isinstance(exc, json.JSONDecodeError):
        return Phrase("file_not_json")
    if isinstance(exc, VintError):
        return exc
    if isinstance(exc, _Damaged):
        return exc.phrase
    return str(exc)[:120]


__all__ = ["KEEP", "MAX_NAME", "WINDOW", "Attempt", "Progress", "clean_name", "default_progress_path",
           "spreadsheet_safe"]
