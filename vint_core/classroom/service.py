"""The class on JupyterHub: a hub service that owns the class's store and serves the teacher's page.

    python -m vint_core.classroom.service --store FOLDER --class NAME   # started by the hub (jupyterhub_config.py)

It joins the hub the standard way (as nbgrader's exchange and the idle culler do): an entry of
``c.JupyterHub.services`` with its own address, the hub's OAuth for the teacher's browser, the hub's
tokens for everything else (``jupyterhub.services.auth``). It is the store's one writer: every
learner's server sends it what the learner did, and it writes it in one thread, in order.

* ``/services/vint-class/``: the teacher's page (:mod:`vint_core.classroom.page`), and
  ``export.csv``: only for a hub user holding the scope :data:`TEACH` (the hub's role
  ``vint-class-teacher``); anyone else gets a plain 403 page. The browser logs in through the hub
  (OAuth), with a cookie of the service's own.
* ``/services/vint-class/api/…``: what a learner's table and lessons send and read, authenticated
  **only** by a hub token in the ``Authorization`` header (the learner's server's own
  ``JUPYTERHUB_API_TOKEN``, which their kernel inherits; a cookie counts for nothing here, so another
  site's page cannot post in a learner's name). The learner is the token's hub user, never a name in
  the payload: a payload naming anyone else is refused (403) and logged, as the store refuses and
  logs a forged result (an impossible score, a board not published).

Every answer carries strict headers (a content security policy without scripts, no framing, no
sniffing, no caching), and an error is a short page or JSON message: never a traceback or a path.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated  # type: ignore[import-untyped]
from jupyterhub.utils import url_path_join  # type: ignore[import-untyped]
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

from vint_core.classroom import page
from vint_core.classroom.served import teacher_page
from vint_core.errors import VintError
from vint_core.i18n import choose_language, text

__all__ = ["HEADERS", "NAME", "TEACH", "main", "make_app"]

#: the service's name on the hub (its address is ``/services/vint-class/``)
NAME = "vint-class"
#: the scope that opens the teacher's page (a custom scope of the hub, held by the teacher's role)
TEACH = "custom:vint-class:teach"
#: what every answer of the service says about itself
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; "
                               "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
#: the largest body a learner's server may send (a deal's record is a few kilobytes)
MAX_BODY = 64 * 1024
log = logging.getLogger("vint.class")


def reason(error: VintError) -> str:
    """The key of why the store refused: a refused result's check (``wrong_score``), else the error's key."""
    return str(getattr(error, "why", None) or "refused")


class Base(HubOAuthenticated, web.RequestHandler):  # type: ignore[misc]
    """What every page and API of the service shares: the store's thread, strict headers, plain errors."""

    def initialize(self, *, store: Any, run: Callable[..., Any]) -> None:
        self.store = store
        self.run = run

    def set_default_headers(self) -> None:
        for header, value in HEADERS.items():
            self.set_header(header, value)

    @property
    def lang(self) -> str:
        wanted = self.get_query_argument("lang", "") or self.request.headers.get("Accept-Language", "")
        return choose_language(wanted)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(page.error_page(status_code, self.lang))


class TeacherHandler(Base):
    """The teacher's page and the CSV export: only with the teacher's scope (the hub's OAuth, in a browser)."""

    @property
    def hub_scopes(self) -> set[str]:
        return {TEACH}

    @web.authenticated
    async def get(self, what: str = "") -> None:
        if what == "export.csv":
            text = await self.run(self.store.export_csv)
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="vint-class.csv"')
            self.finish(text)
            return
        lang = self.lang
        html = await self.run(teacher_page, self.store, lang)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(html)


class ApiHandler(Base):
    """A learner's server's requests: the hub user of the ``Authorization: token …`` header, nothing else."""

    learner: str = ""

    def get_current_user(self) -> Any:
        return None  # no cookie: prepare() names the learner from the token alone

    async def prepare(self) -> None:
        found = re.fullmatch(r"(?:token|bearer)\s+(\S+)", self.request.headers.get("Authorization", ""), re.I)
        model = await self.hub_auth.user_for_token(found.group(1), sync=False) if found else None
        if not model or model.get("kind", "user") != "user" or not self.hub_auth.check_scopes(
                self.hub_auth.access_scopes, model):
            log.warning("refused %s %s: no learner's token of this hub", self.request.method, self.request.path)
            self.answer(403, {"error": text("class_api_forbidden", self.lang)})
            return
        self.learner = str(model["name"])

    def answer(self, status: int, body: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps(body))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.answer(status_code, {"error": text("class_error_other", self.lang)})

    async def payload(self) -> dict[str, Any] | None:
        """The request's JSON object, refused (400) when it is none or names someone else (403, logged)."""
        try:
            body = json.loads(self.request.body or b"{}")
        except ValueError:
            body = None
        if not isinstance(body, dict) or len(self.request.body) > MAX_BODY:
            self.answer(400, {"error": text("class_api_not_json", self.lang)})
            return None
        named = body.pop("learner", None)
        if named is not None and named != self.learner:
            log.warning("refused: %s sent a result in the name of %r", self.learner, named)
            await self.run(self.store.log_refusal, self.learner, body.get("board"), "other_learner",
                           f"sent in the name of {str(named)[:60]!r}")
            self.answer(403, {"error": text("class_api_own_results", self.lang), "reason": "other_learner"})
            return None
        return body

    async def refused(self, error: VintError, board: Any) -> None:
        log.warning("refused from %s (board %s): %s", self.learner, board, error)
        self.answer(409, {"error": error.message(self.lang), "reason": reason(error)})


class ClassApi(ApiHandler):
    """``GET api/class``: the class, its boards, the learner's next board and their own history."""

    async def get(self) -> None:
        self.answer(200, await self.run(self.store.learner_view, self.learner))


class ResultApi(ApiHandler):
    """``POST api/results``: a finished board's record (``{"board": N, "record": {...}}``); the store replays
    it, scores it itself and refuses a forged one."""

    async def post(self) -> None:
        body = await self.payload()
        if body is None:
            return
        try:
            row = await self.run(self.store.record_result, self.learner, body.get("board"), body.get("record"))
        except VintError as error:
            await self.refused(error, body.get("board"))
            return
        self.answer(201, row)


class QuizApi(ApiHandler):
    """``POST api/quiz``: one quiz answer (``source``, ``question_type``, ``correct``, ``first_try``,
    ``misconception``)."""

    async def post(self) -> None:
        body = await self.payload()
        if body is None:
            return
        try:
            await self.run(self.store.record_quiz_answer, self.learner, body)
        except VintError as error:
            await self.refused(error, None)
            return
        self.answer(201, {"recorded": True})


class LessonApi(ApiHandler):
    """``POST api/lessons``: a lesson opened or finished (``{"lesson": "02", "event": "finished"}``)."""

    async def post(self) -> None:
        body = await self.payload()
        if body is None:
            return
        try:
            await self.run(self.store.record_lesson, self.learner, body.get("lesson"), body.get("event"))
        except VintError as error:
            await self.refused(error, None)
            return
        self.answer(201, {"recorded": True})


class TravellerApi(ApiHandler):
    """``GET api/travellers/N``: board N's traveller as a learner may see it (after playing it: the others
    named or anonymised, as the teacher chose); 403 before they have played it."""

    async def get(self, number: str) -> None:
        try:
            rows = await self.run(self.store.learner_traveller, self.learner, int(number), self.lang)
        except VintError as error:
            self.answer(403, {"error": error.message(self.lang), "reason": reason(error)})
            return
        self.answer(200, rows)


def make_app(store: Any, *, prefix: str = f"/services/{NAME}/") -> web.Application:
    """The service's tornado application at ``prefix``, writing to ``store`` in one thread."""
    writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vint-class-store")

    async def run(function: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(writer, function, *args)

    kwargs = {"store": store, "run": run}
    return web.Application([
        (prefix, TeacherHandler, kwargs),
        (url_path_join(prefix, r"(export\.csv)"), TeacherHandler, kwargs),
        (url_path_join(prefix, "api/class"), ClassApi, kwargs),
        (url_path_join(prefix, "api/results"), ResultApi, kwargs),
        (url_path_join(prefix, "api/quiz"), QuizApi, kwargs),
        (url_path_join(prefix, "api/lessons"), LessonApi, kwargs),
        (url_path_join(prefix, r"api/travellers/(\d{1,4})"), TravellerApi, kwargs),
        (url_path_join(prefix, "oauth_callback"), HubOAuthCallbackHandler),
    ], cookie_secret=os.urandom(32), default_handler_class=NotFound, default_handler_args=kwargs)


class NotFound(Base):
    """Any other address: a plain 404 page."""

    def prepare(self) -> None:
        raise web.HTTPError(404)


def main(argv: list[str] | None = None) -> int:
    """Serve the class of ``--store`` as the hub's service (its address from ``JUPYTERHUB_SERVICE_URL``)."""
    from urllib.parse import urlsplit

    from vint_core.classroom.served import ServedClass

    parser = argparse.ArgumentParser(description="The Vint class's JupyterHub service.")
    parser.add_argument("--store", type=Path, required=True, help="the class's folder (its store)")
    parser.add_argument("--class", dest="name", required=True, help="the class's name")
    parser.add_argument("--teacher", default=None, help="the teacher's hub name (makes the class if it is new)")
    parser.add_argument("--learner", action="append", default=[], help="a learner's hub name (the roster)")
    parser.add_argument("--rules", default="seed", help="the class's rule set, if it is new")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[vint-class %(asctime)s] %(message)s")
    args.store.mkdir(mode=0o700, parents=True, exist_ok=True)
    store = ServedClass.open(args.store, args.name, teacher=args.teacher, learners=args.learner, rules=args.rules)
    url = urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    app = make_app(store, prefix=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{NAME}/"))
    HTTPServer(app, max_body_size=MAX_BODY).listen(url.port or 80, url.hostname or "127.0.0.1")
    log.info("the class %r (%d learners) at %s", args.name, len(args.learner), url.geturl())
    IOLoop.current().start()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
