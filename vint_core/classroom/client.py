"""How a learner's table reaches their class: the hub's service, or the class's store behind a personal link.

:func:`connect` finds the class of the page's kernel, or ``None`` (no class: the table shows no "Class
boards"):

* on JupyterHub, ``VINT_CLASS_URL`` (set by the hub for every server) and the server's own
  ``JUPYTERHUB_API_TOKEN``, which the kernel inherits: :class:`HubClass` asks the service
  (:mod:`vint_core.classroom.service`) with that token, so the learner is the hub user and nothing the
  page could name;
* without a hub, ``vint table --class FOLDER`` (``VINT_CLASS_DIR``): the server has already turned the
  learner's personal token into their table (``?table=learner-ID&class=NAME``, the query the server wrote,
  :mod:`vint_core.app.server`): :class:`LinkClass` writes to the store in the class's folder directly
  (SQLite's WAL with retries keeps many writers apart).

Both answer the same questions: ``view()`` (the boards, the next one, the learner's history),
``send_result()`` (a finished board's record), ``traveller()`` (a board's traveller as the learner may see
it), ``send_answer()`` (a quiz answer) and ``send_lesson()`` (a lesson opened or finished). A failure is a
:class:`ClassUnreachable` (or the class's refusal), never a traceback on the page.

:class:`Reporter` is what the lessons' quizzes and the practice page use (:meth:`QuizWidget.send_to_class
<vint_core.widgets.quiz.QuizWidget.send_to_class>`): it sends each answer and each lesson opened or
finished, says in a sentence when the class did not receive one, and does nothing, with no error, in a
kernel that is in no class. :meth:`HubClass.send_grade` is the teacher's: an exercise's grade for a
learner, from nbgrader's gradebook (:mod:`vint_core.classroom.grades`); the service takes it only from a
token holding the teacher's scope.
"""

from __future__ import annotations

import json
import logging
import os
import urllib.error
import urllib.request
from collections.abc import Mapping
from typing import Any, Protocol
from urllib.parse import parse_qs

from vint_core.errors import Reason, VintError
from vint_core.i18n import Phrase, text

_log = logging.getLogger(__name__)

__all__ = ["ClassLink", "ClassRefused", "ClassUnreachable", "HubClass", "LinkClass", "Reporter", "answer_json",
           "connect"]


class ClassUnreachable(VintError):
    """The class's service did not answer (or answered with an error): the learner's game is kept."""

    def __init__(self, detail: str = "") -> None:
        super().__init__(Reason.CLASS, detail=Phrase("class_unreachable"))
        #: what went wrong, for the server's log (the learner reads only that the class cannot be reached)
        self.detail = detail


class ClassLink(Protocol):
    """A learner's way to their class."""

    def view(self) -> dict[str, Any]: ...

    def send_result(self, board_id: int, record: Mapping[str, Any]) -> dict[str, Any]: ...

    def traveller(self, board_id: int) -> dict[str, Any]: ...

    def send_answer(self, answer: Mapping[str, Any]) -> None: ...

    def send_lesson(self, lesson: str, event: str) -> None: ...


class HubClass:
    """The class's hub service at ``url``, asked with the learner's server's token; ``timeout`` seconds for an
    answer (a board's first traveller solves its par with all cards visible: seconds on a busy machine)."""

    def __init__(self, url: str, token: str, *, lang: str = "en", timeout: float = 30.0) -> None:
        self.url = url.rstrip("/") + "/"
        self.token = token
        self.lang = lang
        self.timeout = timeout

    def _call(self, path: str, body: Any = None) -> Any:
        request = urllib.request.Request(
            f"{self.url}api/{path}?lang={self.lang}", method="GET" if body is None else "POST",
            data=None if body is None else json.dumps(body).encode(),
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            try:
                said = json.loads(error.read() or b"{}")
            except ValueError:
                said = {}
            raise ClassRefused(str(said.get("error") or error.code), str(said.get("reason", ""))) from None
        except (OSError, ValueError) as error:
            raise ClassUnreachable(type(error).__name__) from None

    def view(self) -> dict[str, Any]:
        """The class's boards, the next one to play and the learner's history."""
        return dict(self._call("class"))

    def send_result(self, board_id: int, record: Mapping[str, Any]) -> dict[str, Any]:
        """Send a finished board's record; the store's row for it."""
        return dict(self._call("results", {"board": board_id, "record": dict(record)}))

    def traveller(self, board_id: int) -> dict[str, Any]:
        """Board ``board_id``'s traveller as this learner may see it."""
        return dict(self._call(f"travellers/{int(board_id)}"))

    def send_answer(self, answer: Mapping[str, Any]) -> None:
        """Send one quiz answer (:func:`answer_json`)."""
        self._call("quiz", dict(answer))

    def send_lesson(self, lesson: str, event: str) -> None:
        """Send that the learner ``"opened"`` or ``"finished"`` lesson ``lesson`` (``"03"``)."""
        self._call("lessons", {"lesson": lesson, "event": event})

    def send_grade(self, learner: str, exercise: str, points: float, max_points: float) -> None:
        """The teacher's: ``learner``'s grade of ``exercise`` (refused, 403, unless the token holds the teacher's
        scope)."""
        self._call("grades", {"learner": learner, "exercise": exercise, "points": points, "max_points": max_points})


class ClassRefused(VintError):
    """The class refused what the learner's table sent (its words, already in the learner's language)."""

    def __init__(self, said: str, why: str = "") -> None:
        self.said = said
        self.why = why  # the class's key for it (``wrong_score``, ``not_published``, ``other_learner``, …)
        super().__init__(Reason.CLASS, detail=said)  # the sentence as the class gave it, in any language


class LinkClass:
    """The class ``name``'s store in ``folder``, for the learner the server named (personal links, no hub)."""

    def __init__(self, folder: str, name: str, learner_id: int, *, lang: str = "en") -> None:
        from vint_core.classroom.served import ServedClass

        self.served = ServedClass.open(folder, name)
        found = [info.name for info in self.served.store.learners(name) if info.id == learner_id]
        if not found:
            raise ClassUnreachable("not on the roster")
        self.learner = found[0]
        self.lang = lang

    def view(self) -> dict[str, Any]:
        """The class's boards, the next one to play and the learner's history."""
        return self.served.learner_view(self.learner)

    def send_result(self, board_id: int, record: Mapping[str, Any]) -> dict[str, Any]:
        """Keep a finished board's record (the store refuses a forged one)."""
        return self.served.record_result(self.learner, board_id, dict(record))

    def traveller(self, board_id: int) -> dict[str, Any]:
        """Board ``board_id``'s traveller as this learner may see it."""
        return self.served.learner_traveller(self.learner, board_id, self.lang)

    def send_answer(self, answer: Mapping[str, Any]) -> None:
        """Keep one quiz answer (:func:`answer_json`)."""
        self.served.record_quiz_answer(self.learner, answer)

    def send_lesson(self, lesson: str, event: str) -> None:
        """Keep that the learner opened or finished a lesson."""
        self.served.record_lesson(self.learner, lesson, event)


def connect(environ: Mapping[str, str] | None = None, *, lang: str = "en") -> ClassLink | None:
    """The class of this kernel (see the module's docstring), or ``None`` when it is in none."""
    env = os.environ if environ is None else environ
    if env.get("VINT_CLASS_URL") and env.get("JUPYTERHUB_API_TOKEN"):
        return HubClass(env["VINT_CLASS_URL"], env["JUPYTERHUB_API_TOKEN"], lang=lang)
    if env.get("VINT_CLASS_DIR"):
        query = parse_qs(env.get("QUERY_STRING", ""))
        table, name = query.get("table", [""])[0], query.get("class", [""])[0]
        if table.startswith("learner-") and table[len("learner-"):].isdigit() and name:
            try:
                return LinkClass(env["VINT_CLASS_DIR"], name, int(table[len("learner-"):]), lang=lang)
            except VintError:
                return None
    return None


def answer_json(attempt: Any, source: str) -> dict[str, Any]:
    """A quiz answer (:class:`vint_core.quiz.progress.Attempt`) as the class keeps it: where (``source``,
    ``"lesson NN"`` or ``"practice"``), the question's type, right or wrong, first try, the named mistake."""
    return {"source": source, "question_type": attempt.type, "correct": bool(attempt.correct),
            "first_try": bool(attempt.first_try), "misconception": attempt.misconception}


class Reporter:
    """What a learner's lessons and quizzes send to their class; with no class (``link`` ``None``) nothing.

    Each method returns ``None`` when it was sent (or there is no class), else the sentence, in the learner's
    language, why the class did not receive it: the learner's own progress is kept either way."""

    def __init__(self, link: ClassLink | None, lang: str = "en") -> None:
        self.link = link
        self.lang = lang

    @classmethod
    def connect(cls, environ: Mapping[str, str] | None = None, *, lang: str = "en") -> Reporter:
        """The reporter of this kernel's class (:func:`connect`), asking with a short timeout."""
        link = connect(environ, lang=lang)
        if isinstance(link, HubClass):
            link.timeout = 5.0
        return cls(link, lang)

    def __bool__(self) -> bool:
        return self.link is not None

    def _send(self, what: str, call: Any) -> str | None:
        if self.link is None:
            return None
        try:
            call(self.link)
        except ClassUnreachable as error:
            _log.warning("class: %s not received: %s", what, error.detail)
            return text("class_not_reached", self.lang)
        except VintError as error:
            _log.warning("class: %s not received: %s", what, error.message("en"))
            return error.message(self.lang)
        return None

    def answer(self, attempt: Any, source: str) -> str | None:
        """Send one quiz answer (an :class:`~vint_core.quiz.progress.Attempt`) from ``source``."""
        return self._send("a quiz answer", lambda link: link.send_answer(answer_json(attempt, source)))

    def lesson(self, lesson: str, event: str) -> str | None:
        """Send that the learner ``"opened"`` or ``"finished"`` lesson ``lesson``."""
        return self._send(f"lesson {lesson} {event}", lambda link: link.send_lesson(lesson, event))
