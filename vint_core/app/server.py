"""The table's web server: Voilà with the limits a machine shared by a class needs.

``vint table`` runs ``python -m vint_core.app.server`` instead of plain Voilà. Each page of the
table is a kernel (a Python process of 70–130 MB); this server keeps their number in hand, and
starts none for anyone but the learner's own browser:

* every request must name the server by a host name it was started for (``127.0.0.1``,
  ``localhost``, ``::1`` and its ``--Voila.ip``), which a DNS-rebinding page cannot; a request the
  browser says comes from another site (``Sec-Fetch-Site`` other than ``same-origin`` or ``none``,
  or an ``Origin`` naming another host) gets a short "not from here" page (403). The page itself
  must also be what the browser shows as a page (``Sec-Fetch-Dest: document``, ``Sec-Fetch-Mode:
  navigate``), not an ``<img>``, ``<iframe>`` or ``fetch`` of another page;
* the page, its kernel's websocket and the kernel API need the server's token (Jupyter's own token
  login, :class:`jupyter_server.auth.IdentityProvider`): ``vint table`` makes one, hands it over in
  ``JUPYTER_TOKEN``, and prints and opens the link ``/?token=…``; that first load sets the login
  cookie the page's later requests carry. A page without it gets :func:`page` ``token`` (403) and starts
  nothing;
* a page asking for a table name that is not allowed (:func:`vint_core.app.table_name`) gets
  :func:`page` ``name`` (400), saying which names are;
* serving a class (``--TableServer.class_dir``, ``vint table --class``): each learner opens their
  personal link ``/?class_token=…`` (``vint class tokens``), whose token names them (:class:`ClassLinkIdentity`);
  their page is their own table (``table-learner-ID.json``) whatever the address asks for, and ``?table=NAME``
  opens nobody's: a page without a learner's token (the server's own token included) gets
  :func:`page` ``class`` (403) and plays nothing;
* at most :attr:`TableServer.max_tables` tables run at once (``--TableServer.max_tables``, ``vint
  table --max-tables``): a page reserves its table before its kernel starts, so that pages loaded
  at the same moment cannot overfill it; one more page gets "The table is full" (503), in every language
  (the browser's first), and starts nothing. A table takes at most :attr:`TableServer.max_sockets` websockets;
* a page that was closed or reloaded gives its kernel back: at once through Voilà's ``beforeunload``
  beacon (accepted here without the form field browsers leave out), else within
  :attr:`TableServer.release_after` seconds of its last connection closing (a browser that died
  without closing its connection is noticed by the websocket's ping, within about a minute); a page that never
  connected (a bare request for the page) within :attr:`TableServer.connect_within` seconds likewise;
* idle tables, connected or not, are culled after Voilà's ``cull_idle_timeout`` (the command
  sets it, and ``cull_connected``): the game was saved after every action, a reload resumes it.
  The watch on each kernel's messages that tells an idle table (:func:`watch_activity`) reads only
  their headers: every message of every table passes through this one process.

The kernels Voilà keeps ready (``--preheat_kernel``) are not tables and are never released here.

With ``--port=0`` the system chooses a free port as the server opens its socket (nobody can take it between
a choice and the start, as with a port picked first and then handed over), and ``--TableServer.port_file``
names a file the server writes that port into, once it listens (``vint table`` without ``--port``, the tests).
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

from jupyter_client.session import Session
from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.identity import IdentityProvider, PasswordIdentityProvider, User
from jupyter_server.services.kernels.connection.base import BaseKernelWebsocketConnection
from jupyter_server.utils import url_path_join
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.netutil import bind_sockets
from tornado.web import HTTPError, RequestHandler
from traitlets import Bool, Float, Integer, Type, Unicode
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler  # type: ignore[import-untyped]

from vint_core.app import NAME_RULE, table_name
from vint_core.app.nodelay import NoDelayConnection
from vint_core.app.page_scripts import PageScripts, PageScriptsUnusable, build
from vint_core.errors import VintError
from vint_core.i18n import LANGUAGES, choose_language, language, text

__all__ = ["PAGES", "ClassLinkIdentity",
           "TableServer", "foreign_origin", "from_elsewhere",
           "main", "own_host", "page", "watch_activity"]

_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;line-height:1.5}}
@media (prefers-color-scheme: dark){{body{{background:#1e1e1e;color:#eee}}}}</style></head>
<body>{sections}</body></html>"""

#: the pages the server answers with instead of a table: ``full`` when every table is taken (``limit``: how
#: many run at once), ``foreign`` for a request from another site (or under another host name), ``token``
#: without the server's token, ``name`` for a table name that is not allowed (``name``: the name asked for,
#: escaped), ``class`` on a server for a class without a learner's personal token (``?table=NAME`` or the
#: server's own token included: a learner's table opens from their own link only)
PAGES = ("full", "foreign", "token", "name", "class")


def page(kind: str, lang: str = "en", **params: Any) -> str:
    """The page ``kind`` (one of :data:`PAGES`) in every language of the catalogue, ``lang`` first (the
    browser's own, from its ``Accept-Language``); ``params`` are HTML already (escaped by the caller).

    >>> full = page("full", "de", limit=8)
    >>> full.index("Der Tisch ist voll") < full.index("The table is full"), '<html lang="de">' in full
    (True, True)
    """
    first = language(lang)
    order = [first, *(other for other in LANGUAGES if other != first)]
    if kind == "name":
        params = {**params, "rule": NAME_RULE}
    sections = "".join(f'<section lang="{lang_}"><h1>{text(f"page_{kind}_title", lang_)}</h1>'
                       f'<p>{text(f"page_{kind}", lang_, **params)}</p></section>' for lang_ in order)
    return _PAGE.format(lang=first, title=text(f"page_{kind}_title", first), sections=sections)


#: the prefix of a learner's user name on a server for a class (the rest is the learner's name in the class)
LEARNER = "class-learner:"
#: what ``Sec-Fetch-Site`` says for a request the learner's own page (or the learner, typing the address) made
OWN_SITE = frozenset({"same-origin", "none"})
#: the host names every server answers to, whatever its ``--Voila.ip``
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})


def foreign_origin(origin: str | None, host: str) -> bool:
    """Does a request's ``Origin`` header name another site than ``host`` (``name:port``) it was sent to?

    >>> foreign_origin(None, "127.0.0.1:8866"), foreign_origin("http://127.0.0.1:8866", "127.0.0.1:8866")
    (False, False)
    >>> foreign_origin("http://evil.example", "127.0.0.1:8866"), foreign_origin("null", "127.0.0.1:8866")
    (True, True)
    """
    if origin is None:
        return False
    return urlsplit(origin).netloc.lower() != host.lower()


def own_host(host: str, names: frozenset[str] = LOOPBACK_NAMES) -> bool:
    """Does a request's ``Host`` header (``name:port``) name this server by one of ``names``?

    A page from a DNS-rebinding attack reaches the server under the attacker's host name:

    >>> own_host("127.0.0.1:8866"), own_host("localhost:8866"), own_host("[::1]:8866"), own_host("LocalHost")
    (True, True, True, True)
    >>> own_host("evil.example:8866"), own_host("127.0.0.1.evil.example"), own_host("")
    (False, False, False)
    """
    name = urlsplit(f"//{host}").hostname or ""
    return name.lower() in names


def from_elsewhere(headers: Mapping[str, str], host: str, *, page: bool = False) -> str:
    """Why the browser's own headers say a request was not made by the table's page (or by the learner opening
    it): ``""`` if nothing says so. A client that sends no ``Sec-Fetch-*`` headers (not a browser) is judged by
    its ``Origin`` alone. ``page``: the request asks for the table's page, which must be loaded as a page.

    >>> from_elsewhere({"Sec-Fetch-Site": "none", "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate"},
    ...                "127.0.0.1:8866", page=True)
    ''
    >>> from_elsewhere({"Sec-Fetch-Site": "same-site", "Sec-Fetch-Dest": "image"}, "127.0.0.1:8866")
    'Sec-Fetch-Site: same-site'
    >>> from_elsewhere({"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "iframe"}, "127.0.0.1:8866", page=True)
    'Sec-Fetch-Dest: iframe'
    >>> from_elsewhere({}, "127.0.0.1:8866"), from_elsewhere({"Origin": "http://evil.example"}, "127.0.0.1:8866")
    ('', 'Origin: http://evil.example')
    """
    site = headers.get("Sec-Fetch-Site")
    if site is not None and site.lower() not in OWN_SITE:
        return f"Sec-Fetch-Site: {site}"
    origin = headers.get("Origin")
    if foreign_origin(origin, host):
        return f"Origin: {origin}"
    if page:
        for header, wanted in (("Sec-Fetch-Dest", "document"), ("Sec-Fetch-Mode", "navigate")):
            value = headers.get(header)
            if value is not None and value.lower() != wanted:
                return f"{header}: {value}"
    return ""


def watch_activity(manager: Any, kernel_id: str) -> None:
    """Jupyter's watch on a kernel's messages, which tells when a table was last used (for the idle cull), at a
    fraction of its cost: it reads the header and the parent's header of each message, and a status message's
    content, where Jupyter's own (``MappingKernelManager.start_watching_activity``, which this replaces with the
    same rules) decodes each message's header, parent header and metadata with every date in them, only to read
    two types. A message not signed with the kernel's key is no activity."""
    kernel = manager._kernels[kernel_id]
    kernel.reason = ""
    kernel.last_activity = utcnow()
    kernel._activity_stream = kernel.connect_iopub()
    session = Session(config=kernel.session.config, key=kernel.session.key)

    def record_activity(msg_list: list[Any]) -> None:
        _, parts = session.feed_identities(msg_list)
        parts = [part if isinstance(part, bytes) else part.bytes for part in parts[:5]]
        if len(parts) < 5 or (session.auth is not None and not hmac.compare_digest(parts[0], session.sign(parts[1:5]))):
            return
        msg_type = json.loads(parts[1]).get("msg_type")
        parent_type = json.loads(parts[2]).get("msg_type")
        if (manager.track_message_type(msg_type) or manager.track_message_type(parent_type)
                or kernel.execution_state == "busy"):
            manager.last_kernel_activity = kernel.last_activity = utcnow()
        if msg_type == "status":
            state = json.loads(parts[4]).get("execution_state")
            if manager.track_message_type(parent_type):
                kernel.execution_state = state
            elif kernel.execution_state == "starting" and state != "starting":
                kernel.execution_state = "idle"

    kernel._activity_stream.on_recv(record_activity)


class ClassLinkIdentity(PasswordIdentityProvider):
    """Jupyter's token login, and on a server for a class each learner's personal token as well: the
    ``class_token`` of a link from ``vint class tokens`` logs its learner in (the user ``class-learner:ID``;
    the login cookie keeps them in on a reload). The server's own token is the teacher's (``vint table`` prints it)."""

    async def get_user_token(self, handler: RequestHandler) -> User | None:
        user: User | None = await super().get_user_token(handler)
        server = handler.settings.get("table_server")
        if user is not None or server is None or not server.class_dir:
            return user
        from vint_core.classroom.links import TOKEN_PARAM

        token = handler.get_argument(TOKEN_PARAM, "")
        learner = server.learner_for_token(token) if token else None
        if learner is None:
            return None
        handler._token_authenticated = True  # type: ignore[attr-defined]  # as Jupyter's own token login marks it
        return User(f"{LEARNER}{learner.id}", learner.name, learner.class_name, learner.name[:1].upper(), None, None)


class OwnSiteOnly:
    """Mixed into every handler of the server: a request under another host name, or that the browser says
    another site's page made, is answered with :func:`page` ``foreign`` (403) before anything else happens."""

    #: the handler serves the table's page (which must be loaded as a page: see :func:`from_elsewhere`)
    serves_page = False

    def prepare(self: Any) -> Any:
        server: TableServer = self.settings["table_server"]
        request = self.request
        why = ("Host: " + request.host) if not own_host(request.host, server.host_names()) else \
            from_elsewhere(request.headers, request.host, page=self.serves_page)
        if why:
            server.log.warning("Refused %s %s from another site (%s)", request.method, request.path, why)
            refuse(self, 403, "foreign")
            return None
        return super().prepare()  # type: ignore[misc]


def refuse(handler: RequestHandler, status: int, kind: str, **params: Any) -> None:
    """Answer ``handler``'s request with the :func:`page` ``kind``, the browser's language first."""
    handler.clear()
    handler.set_status(status)
    handler.set_header("Content-Type", "text/html; charset=utf-8")
    handler.set_header("Cache-Control", "no-store")
    if status == 503:
        handler.set_header("Retry-After", "60")
    handler.finish(page(kind, _browser_language(handler), **params))


def _browser_language(handler: RequestHandler) -> str:
    return choose_language(handler.request.headers.get("Accept-Language", ""))


class _Claiming:
    """The kernel manager as a page's handler sees it: the kernel started (or taken from the pool) for the page
    is handed to ``claim`` the moment it is known, which turns the page's reserved table into that kernel."""

    def __init__(self, manager: Any, claim: Any) -> None:
        self._manager = manager
        self._claim = claim

    def __getattr__(self, name: str) -> Any:
        return getattr(self._manager, name)

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        kernel_id: str = await ensure_async(self._manager.start_kernel(*args, **kwargs))
        self._claim(kernel_id)
        return kernel_id

    async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
        rendered = await self._manager.get_rendered_notebook(*args, **kwargs)
        self._claim(rendered[2])
        return rendered


class TablePageHandler(OwnSiteOnly, TornadoVoilaHandler):  # type: ignore[misc]
    """The table's page: refused (without starting a kernel) without the token, for a name that is not allowed,
    and beyond the limit of tables."""

    serves_page = True
    _reservation: object | None = None

    @property
    def kernel_manager(self) -> Any:
        return _Claiming(self.settings["kernel_manager"], self._claim)

    @allow_unauthenticated
    async def get(self, path: str | None = None) -> None:
        server: TableServer = self.settings["table_server"]
        if self.current_user is None:
            server.log.warning("Refused the page without the token (from %s)", self.request.remote_ip)
            refuse(self, 403, "class" if server.class_dir else "token")
            return
        if server.class_dir:
            learner = str(self.current_user.username)
            if not learner.startswith(LEARNER):
                server.log.warning("Refused a class table without a learner's token (from %s)", self.request.remote_ip)
                refuse(self, 403, "class")
                return
            # the learner's own table, whatever the address asks for: the kernel reads this query
            query = {"table": f"learner-{learner[len(LEARNER):]}", "class": str(self.current_user.display_name)}
            self.request.query = urlencode(query)
            self.request.query_arguments = {k: [v.encode()] for k, v in query.items()}
        try:
            table_name(self.request.query)
        except VintError:
            asked = ", ".join(self.get_query_arguments("table")) or "…"
            refuse(self, 400, "name", name=f"<code>{html.escape(asked[:60])}</code>")
            return
        deadline = time.monotonic() + server.wait_for_seat
        while (reservation := server.reserve()) is None and time.monotonic() < deadline:
            await asyncio.sleep(0.1)  # a reload: the page's old kernel is being shut down (its beacon)
        if reservation is None:
            refuse(self, 503, "full", limit=server.max_tables)
            return
        self._reservation = reservation
        try:
            await super().get(path)
        finally:
            self._claim(None)

    def _claim(self, kernel_id: str | None) -> None:
        if self._reservation is not None:
            self.settings["table_server"].unreserve(self._reservation)
            self._reservation = None


class TableShutdownHandler(OwnSiteOnly, VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voilà's "the page is closing, stop my kernel" beacon, accepted from the table's own pages.

    The beacon (``navigator.sendBeacon``) often arrives without Voilà's ``_xsrf`` form field, so Voilà
    refused it and the kernel waited for the cull. It carries the login cookie, a kernel id cannot be guessed,
    and a request from another site is refused (:class:`OwnSiteOnly`).
    """

    def check_xsrf_cookie(self) -> None:
        if foreign_origin(self.request.headers.get("Origin"), self.request.host):
            raise HTTPError(403, "not from here")


class TableWebsocketHandler(OwnSiteOnly, VoilaKernelWebsocketHandler):  # type: ignore[misc]
    """A kernel's websocket, at most :attr:`TableServer.max_sockets` at once for one kernel (one more is refused
    with 429 before it is opened)."""

    _opened = False

    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        server: TableServer = self.settings["table_server"]
        sockets = server.sockets.setdefault(kernel_id, set())
        if len(sockets) >= server.max_sockets:
            server.log.warning("Refused a websocket to the kernel %s: it has %d already", kernel_id, len(sockets))
            self.set_status(429)
            self.finish(text("page_too_many_sockets", _browser_language(self), n=len(sockets)))
            return
        sockets.add(self)
        try:
            await super().get(kernel_id, *args, **kwargs)
        finally:
            if not self._opened:
                self._let_go(kernel_id)

    async def open(self, kernel_id: str) -> None:
        self._opened = True
        await super().open(kernel_id)

    def on_close(self) -> None:
        self._let_go(getattr(self, "kernel_id", ""))
        super().on_close()

    def _let_go(self, kernel_id: str) -> None:
        sockets = self.settings["table_server"].sockets
        sockets.get(kernel_id, set()).discard(self)
        if not sockets.get(kernel_id, True):
            del sockets[kernel_id]


#: the table page's template: Voilà's lab template, its scripts in two files (:mod:`vint_core.app.page_scripts`)
PAGE_TEMPLATE = Path(__file__).with_name("page_template")


class PageScriptsHandler(RequestHandler):
    """The page's scripts put together (:mod:`vint_core.app.page_scripts`), from memory; each file's name carries
    its content's hash, so a browser may keep it for good."""

    def initialize(self, scripts: PageScripts) -> None:
        self.scripts = scripts

    def get(self, name: str) -> None:
        body = dict(self.scripts.files).get(name)
        if body is None:
            raise HTTPError(404)
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "public, max-age=31536000, immutable")
        # kept apart by who asks: another site's page (the same site to the browser's cache: another port of this
        # host) would otherwise be given the learner's copy from the cache, without the server's own-site check
        self.set_header("Vary", "Sec-Fetch-Site")
        self.write(body)

    def compute_etag(self) -> str | None:
        return None  # the name says which content it is (and hashing 2 MB at each request would cost)


#: what the served pages may load and reach: their own server only (its websocket included), inline scripts and
#: styles as Voilà's page and the widgets write them, images and fonts also as ``data:``; never framed elsewhere
PAGE_POLICY = ("default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'; "
               "style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; "
               "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; "
               "form-action 'self'; frame-ancestors 'self'")


class TableServer(Voila):  # type: ignore[misc]
    """Voilà serving the table to the learner's own browser only, with a bounded number of tables and kernels
    given back when pages close."""

    auto_token = Bool(True, config=True, help="Need a token (JUPYTER_TOKEN, or a new one) for the table.")
    max_tables = Integer(8, config=True, help="How many tables (kernels with a page) run at once at most.")
    max_sockets = Integer(4, config=True, help="How many websockets one table (kernel) takes at once at most.")
    release_after = Float(5.0, config=True, help="Seconds after a table's page closed before its kernel stops.")
    connect_within = Float(60.0, config=True,
                           help="Seconds a kernel started for a page may wait for that page to connect.")
    wait_for_seat = Float(4.0, config=True,
                          help="Seconds a page waits for a table to be freed (a reload frees its own) before it "
                               "is told that the table is full.")
    check_every = Float(1.0, config=True, help="Seconds between two looks for kernels to release.")
    class_dir = Unicode("", config=True, help="A class's store (its folder or database URL, as vint class --db): "
                                              "each learner plays from their own link's token, and only at their "
                                              "own table.")

    identity_provider_class = Type(ClassLinkIdentity, klass=IdentityProvider, config=True,
                                   help="Jupyter's token login, with the learners' personal tokens for a class.")
    port_file = Unicode("", config=True, help="A file the server writes the port it listens on into (with "
                                              "--port=0: the port the system chose).")
    kernel_websocket_connection_class = Type(NoDelayConnection, klass=BaseKernelWebsocketConnection, config=True,
                                             help="The kernel websocket's connection: Jupyter's, each message sent "
                                                  "at once.")
    page_scripts = Bool(True, config=True, help="Serve the page's scripts in two files (vint_core.app.page_scripts) "
                                                "when the Voilà and widgets installed are the ones recorded.")
    _bound: tuple[Any, ...] = ()
    _scripts: PageScripts | None = None

    def learner_for_token(self, token: str) -> Any:
        """The learner (a :class:`~vint_core.classroom.store.LearnerInfo`) whose personal token ``token`` is;
        None for any other token."""
        from vint_core.classroom.links import learner_for_token

        return learner_for_token(self.class_dir, token)

    def setup_template_dirs(self) -> None:
        """Voilà's template folders; with :attr:`page_scripts`, the table's template first, and the page's scripts
        put together for it (or, if they cannot be, Voilà's page as it is, and the log says why)."""
        super().setup_template_dirs()
        if not self.page_scripts:
            return
        try:
            self._scripts = build(self.static_paths, self.labextensions_path)
        except PageScriptsUnusable as error:
            self.log.warning("The page asks for each of its scripts on its own: %s", error)
            return
        self.template_paths.insert(0, str(PAGE_TEMPLATE))
        resources = dict(self.voila_configuration.resources)
        resources["vint_page_scripts"] = {"files": [name for name, _ in self._scripts.files],
                                          "preload": list(self._scripts.preload)}
        self.voila_configuration.config.VoilaConfiguration.resources = resources

    def init_settings(self) -> dict[str, Any]:
        if getattr(self, "port", None) == 0:  # bound now: the kernels started ready before Voilà listens need it
            self._bound = tuple(bind_sockets(0, self.ip or None))
            setattr(self, "port", int(self._bound[0].getsockname()[1]))  # noqa: B010 (Voilà's untyped trait)
        settings: dict[str, Any] = super().init_settings()
        settings["table_server"] = self
        # the page asks nothing of another address (Voilà's template links a CDN), and no other site frames it
        settings.setdefault("headers", {})["Content-Security-Policy"] = PAGE_POLICY
        # the login cookie is never sent along by another site's page
        self.identity_provider.cookie_options.setdefault("samesite", "Strict")
        manager = self.kernel_manager
        manager.start_watching_activity = lambda kernel_id: watch_activity(manager, kernel_id)
        return settings

    def init_handlers(self) -> list[Any]:
        ours = {TornadoVoilaHandler: TablePageHandler, VoilaShutdownKernelHandler: TableShutdownHandler,
                VoilaKernelWebsocketHandler: TableWebsocketHandler}
        added: list[Any] = []
        if self._scripts is not None:
            added.append((url_path_join(self.server_url, r"/vint/([^/]+)"), PageScriptsHandler,
                          {"scripts": self._scripts}))
        handlers: list[Any] = [(pattern, _own_site_only(ours.get(handler, handler)), *rest)
                               for pattern, handler, *rest in [*added, *super().init_handlers()]]
        self._first_seen: dict[str, float] = {}
        self._closed_since: dict[str, float] = {}
        self._connected: set[str] = set()
        self._reserved: set[object] = set()
        #: the open websockets of each kernel
        self.sockets: dict[str, set[Any]] = {}
        PeriodicCallback(self._release_kernels, self.check_every * 1000).start()
        return handlers

    def listen(self) -> None:
        """Voilà's listen, on the socket bound at start when the system chose the port; the port is written
        into ``port_file`` once the server runs."""
        if self._bound:
            app, sockets = self.app, self._bound

            def listen_bound(port: int, address: str | None = None, **kwargs: Any) -> HTTPServer:
                server = HTTPServer(app, **kwargs)
                server.add_sockets(sockets)
                return server

            app.listen = listen_bound
        if self.port_file:  # once the loop runs: the socket is listening (Voilà exits if it found none)
            IOLoop.current().add_callback(self._write_port)
        super().listen()

    def _write_port(self) -> None:
        temporary = f"{self.port_file}.{os.getpid()}"
        with open(temporary, "w", encoding="ascii") as out:
            out.write(str(self.port))
        os.replace(temporary, self.port_file)

    def host_names(self) -> frozenset[str]:
        """The names a request may call this server by: the loopback names and the address it listens on."""
        return LOOPBACK_NAMES | ({self.ip.lower().strip("[]")} if self.ip else set())

    def _pooled(self) -> set[str]:
        """The ids of the kernels Voilà keeps ready (started; one still starting has no id yet, nor a place in
        the kernel manager's list)."""
        ids = set()
        for pool in getattr(self.kernel_manager, "_pools", {}).values():
            for item in pool:
                if item.done() and not item.cancelled() and item.exception() is None:
                    ids.add(item.result().get("kernel_id"))
        return ids

    def tables_in_use(self) -> int:
        """The kernels that serve a page, and the pages that have reserved a table whose kernel is starting."""
        return len(set(self.kernel_manager.list_kernel_ids()) - self._pooled()) + len(self._reserved)

    def reserve(self) -> object | None:
        """A table for a page about to start its kernel (give it back with :meth:`unreserve` once the kernel
        is known, or the page failed); None if every table is in use."""
        if self.tables_in_use() >= self.max_tables:
            return None
        reservation = object()
        self._reserved.add(reservation)
        return reservation

    def unreserve(self, reservation: object) -> None:
        """Give back a table taken by :meth:`reserve` (its kernel has started, or will not)."""
        self._reserved.discard(reservation)

    async def _release_kernels(self) -> None:
        manager = self.kernel_manager
        now = time.monotonic()
        pooled = self._pooled()
        kernels = set(manager.list_kernel_ids())
        for kernel_id in kernels - pooled:
            first_seen = self._first_seen.setdefault(kernel_id, now)
            if manager._kernel_connections.get(kernel_id, 0) > 0:
                self._connected.add(kernel_id)
                self._closed_since.pop(kernel_id, None)
                continue
            if kernel_id in self._connected:
                stop = now - self._closed_since.setdefault(kernel_id, now) >= self.release_after
            else:
                stop = now - first_seen >= self.connect_within
            if stop:
                self.log.info("Releasing the kernel %s: its page is gone", kernel_id)
                self._forget(kernel_id)
                try:
                    await manager.shutdown_kernel(kernel_id)
                except Exception:  # already gone (culled, shut down by the page's beacon)
                    self.log.debug("kernel %s was already stopped", kernel_id)
        for kernel_id in set(self._first_seen) - kernels:
            self._forget(kernel_id)

    def _forget(self, kernel_id: str) -> None:
        self._first_seen.pop(kernel_id, None)
        self._closed_since.pop(kernel_id, None)
        self._connected.discard(kernel_id)


def _own_site_only(handler: Any) -> Any:
    """``handler``, checking first that the request is the learner's own (:class:`OwnSiteOnly`)."""
    if not isinstance(handler, type) or not issubclass(handler, RequestHandler) or issubclass(handler, OwnSiteOnly):
        return handler
    return type(handler.__name__, (OwnSiteOnly, handler), {"__module__": __name__})


def main() -> None:
    """``python -m vint_core.app.server NOTEBOOK [Voilà options]``: serve the table."""
    TableServer.launch_instance()


if __name__ == "__main__":
    main()
