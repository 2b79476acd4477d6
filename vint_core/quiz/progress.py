"""A learner's progress: every answer, the score per topic, the mastery per question type, which
type to ask next (more of those the learner gets wrong), kept on the learner's machine.

The progress lives in the data directory (``$VINT_DATA_DIR/quiz.json``, else next to the table's
save), written atomically after every answer; a file that cannot be read is moved aside
(``quiz.json.damaged-<time>``) and a fresh record starts, with a message saying so. A teacher
gets the answers as CSV.

>>> p = Progress(learner="Anna", seed=1)
>>> item = p.next_item(["play"])
>>> attempt = p.answer(item, item.answer)
>>> attempt.correct, p.score_by_topic()["play"], p.mastery()[item.type]
(True, (1, 1), 1.0)
>>> print(p.to_csv().splitlines()[0])
learner,time,topic,type,item_id,answer_given,correct
"""

from __future__ import annotations

import csv
import io
import json
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vint_core.quiz import TYPES, make_item, types_of
from vint_core.quiz.items import Item, Verdict, check
from vint_core.quiz.texts import Msg
from vint_core.saves import data_dir, keep_aside, read_json, write_json

FORMAT = "vint-quiz-progress"
VERSION = 1
#: how many of a type's latest answers its mastery looks at
WINDOW = 5


def default_progress_path() -> Path:
    """``quiz.json`` in the data directory the table saves to (``$VINT_DATA_DIR``, else the user's data folder)."""
    return data_dir() / "quiz.json"


@dataclass(frozen=True)
class Attempt:
    """One answer: who, when, what was asked, what was given, whether it was right."""

    learner: str
    time: str
    topic: str
    type: str
    item_id: str
    answer_given: str
    correct: bool
    misconception: str | None = None


@dataclass
class Progress:
    """Everything one learner answered, and the next questions to ask."""

    learner: str = ""
    #: the seed of this learner's questions; with ``asked`` it gives every next item
    seed: int = field(default_factory=lambda: random.SystemRandom().randrange(10**9))
    attempts: list[Attempt] = field(default_factory=list)
    #: items drawn so far, per type (the index of the next item of that type)
    asked: dict[str, int] = field(default_factory=dict)
    path: Path | None = None
    #: what happened when the progress was opened (a damaged file set aside), else None
    message: Msg | None = None

    # -- what the learner knows ---------------------------------------------------------

    def score_by_topic(self) -> dict[str, tuple[int, int]]:
        """``{topic: (right, answered)}`` for every topic answered."""
        out: dict[str, tuple[int, int]] = {}
        for a in self.attempts:
            right, total = out.get(a.topic, (0, 0))
            out[a.topic] = (right + a.correct, total + 1)
        return out

    def mastery(self) -> dict[str, float]:
        """Per question type answered: the share of its latest answers (up to ``WINDOW``) that were right."""
        latest: dict[str, list[bool]] = {}
        for a in self.attempts:
            latest.setdefault(a.type, []).append(a.correct)
        return {t: sum(v[-WINDOW:]) / len(v[-WINDOW:]) for t, v in latest.items()}

    def weights(self, types: Sequence[str]) -> list[float]:
        """How likely each type is to come next: 1 for a mastered type, up to 4 for one never right."""
        mastery = self.mastery()
        return [1.0 + 3.0 * (1.0 - mastery.get(t, 0.5)) for t in types]

    # -- asking and answering ---------------------------------------------------------------

    def next_item(self, topics: Iterable[str], *, rules: str | None = None) -> Item:
        """The next question of one of ``topics``: types the learner gets wrong come up more often."""
        types = sorted({t for topic in topics for t in types_of(topic)}, key=list(TYPES).index) or list(TYPES)
        rng = random.Random(f"{self.seed}:{sum(self.asked.values())}")
        chosen = rng.choices(types, self.weights(types))[0]
        index = self.asked.get(chosen, 0)
        self.asked[chosen] = index + 1
        return make_item(chosen, seed=self.seed, index=index, rules=rules)

    def answer(self, item: Item, given: Any) -> Attempt:
        """Mark ``given``, record it (and save, if the progress has a file); the verdict is :meth:`last_verdict`."""
        verdict = check(item, given)
        self._last = verdict
        shown = verdict.given if verdict.given is not None else given
        attempt = Attempt(self.learner, time.strftime("%Y-%m-%dT%H:%M:%S"), item.topic, item.type, item.id,
                          json.dumps(shown, ensure_ascii=False), verdict.correct, verdict.misconception)
        self.attempts.append(attempt)
        if self.path is not None:
            self.save()
        return attempt

    @property
    def last_verdict(self) -> Verdict | None:
        return getattr(self, "_last", None)

    # -- files ---------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "learner": self.learner, "seed": self.seed,
                "asked": dict(self.asked), "attempts": [asdict(a) for a in self.attempts]}

    @classmethod
    def from_json(cls, obj: Any, *, path: Path | None = None) -> Progress:
        """The inverse of :meth:`to_json`; anything else raises ``ValueError``."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT or obj.get("version") != VERSION:
            raise ValueError("not a vint_core quiz progress file")
        try:
            attempts = [Attempt(**a) for a in obj["attempts"]]
            asked = {str(k): int(v) for k, v in obj["asked"].items()}
            return cls(learner=str(obj["learner"]), seed=int(obj["seed"]), attempts=attempts, asked=asked,
                       path=path)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"a progress file with a bad entry: {exc}") from exc

    def save(self) -> None:
        """Write the progress to ``path`` atomically (a temporary file, then a rename)."""
        if self.path is None:
            raise ValueError("this progress has no file")
        write_json(self.path, self.to_json())

    @classmethod
    def open(cls, path: Path | None = None, *, learner: str = "") -> Progress:
        """The progress saved at ``path`` (default :func:`default_progress_path`), or a new one.

        A file that cannot be read is moved aside unchanged (``quiz.json.damaged-<time>``) and a new
        progress starts, whose ``message`` says so.
        """
        path = path if path is not None else default_progress_path()
        if path.exists():
            try:
                return cls.from_json(read_json(path), path=path)
            except (ValueError, OSError, UnicodeDecodeError) as exc:
                aside = keep_aside(path)
                return cls(learner=learner, path=path,
                           message=Msg.of("ui_damaged", aside=aside.name, error=str(exc)[:120]))
        return cls(learner=learner, path=path)

    def to_csv(self) -> str:
        """Every answer as CSV for a teacher: learner, time, topic, type, item id, answer given, correct."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["learner", "time", "topic", "type", "item_id", "answer_given", "correct"])
        for a in self.attempts:
            writer.writerow([a.learner, a.time, a.topic, a.type, a.item_id, a.answer_given,
                             "true" if a.correct else "false"])
        return out.getvalue()


__all__ = ["Attempt", "Progress", "default_progress_path"]
