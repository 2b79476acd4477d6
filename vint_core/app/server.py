"""The table's web server: Voilà with the limits a machine shared by a class needs.

``vint table`` runs ``python -m vint_core.app.server`` instead of plain Voilà. Each page of the
table is a kernel (a Python process of 70–130 MB); this server keeps their number in hand:

* a page opened from another site (an ``Origin`` header naming another host) starts no kernel:
  it gets a short "not from here" page (403);
* at most :attr:`TableServer.max_tables` tables run at once (``--TableServer.max_tables``, ``vint
  table --max-tables``); one more page gets "The table is full" (503), in English and German,
  and starts nothing;
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
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from typing import Any
from urllib.parse import urlsplit

from jupyter_client.session import Session
from jupyter_server._tz import utcnow
from tornado.ioloop import PeriodicCallback
from tornado.web import HTTPError
from traitlets import Float, Integer
from voila.app import Voila  # type: ignore[import-untyped]
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # type: ignore[import-untyped]
from voila.tornado.handler import TornadoVoilaHandler  # type: ignore[import-untyped]

__all__ = ["FOREIGN_PAGE", "FULL_PAGE", "TableServer", "foreign_origin", "main", "watch_activity"]

_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>
<style>body{{font-family:system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;line-height:1.5}}
@media (prefers-color-scheme: dark){{body{{background:#1e1e1e;color:#eee}}}}</style></head>
<body><h1>{title}</h1><p>{en}</p><p lang="de">{de}</p></body></html>"""

#: the page a learner sees when every table is taken ({limit}: how many tables run at once)
FULL_PAGE = _PAGE.format(
    title="The table is full",
    en="All {limit} tables of this server are in use. Please try again in a few minutes: a table is freed "
       "as soon as its page is closed.",
    de="Alle {limit} Tische dieses Servers sind besetzt. Bitte versuchen Sie es in ein paar Minuten noch "
       "einmal: Ein Tisch wird frei, sobald seine Seite geschlossen wird.")
#: the page a request from another site gets
FOREIGN_PAGE = _PAGE.format(
    title="Not from here",
    en="The Vint table opens only from its own address, not from another site.",
    de="Der Vint-Tisch öffnet sich nur unter seiner eigenen Adresse, nicht von einer anderen Seite aus.")


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


class TablePageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """The table's page, refused (without starting a kernel) to other sites and beyond the limit."""

    async def get(self, path: str | None = None) -> None:
        server: TableServer = self.settings["table_server"]
        if foreign_origin(self.request.headers.get("Origin"), self.request.host):
            self._refuse(403, FOREIGN_PAGE)
            return
        deadline = time.monotonic() + server.wait_for_seat
        while server.tables_in_use() >= server.max_tables and time.monotonic() < deadline:
            await asyncio.sleep(0.1)  # a reload: the page's old kernel is being shut down (its beacon)
        if server.tables_in_use() >= server.max_tables:
            self._refuse(503, FULL_PAGE.replace("{limit}", str(server.max_tables)))
            return
        await super().get(path)

    def _refuse(self, status: int, page: str) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        if status == 503:
            self.set_header("Retry-After", "60")
        self.finish(page)


class TableShutdownHandler(VoilaShutdownKernelHandler):  # type: ignore[misc]
    """Voilà's "the page is closing, stop my kernel" beacon, accepted from the table's own pages.

    The beacon (``navigator.sendBeacon``) often arrives without Voilà's ``_xsrf`` form field, so Voilà
    refused it and the kernel waited for the cull. A kernel id cannot be guessed, and a request naming
    another site as its ``Origin`` is still refused.
    """

    def check_xsrf_cookie(self) -> None:
        if foreign_origin(self.request.headers.get("Origin"), self.request.host):
            raise HTTPError(403, "not from here")


class TableServer(Voila):  # type: ignore[misc]
    """Voilà serving the table, with a bounded number of tables and kernels given back when pages close."""

    max_tables = Integer(8, config=True, help="How many tables (kernels with a page) run at once at most.")
    release_after = Float(5.0, config=True, help="Seconds after a table's page closed before its kernel stops.")
    connect_within = Float(60.0, config=True,
                           help="Seconds a kernel started for a page may wait for that page to connect.")
    wait_for_seat = Float(4.0, config=True,
                          help="Seconds a page waits for a table to be freed (a reload frees its own) before it "
                               "is told that the table is full.")
    check_every = Float(1.0, config=True, help="Seconds between two looks for kernels to release.")

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["table_server"] = self
        manager = self.kernel_manager
        manager.start_watching_activity = lambda kernel_id: watch_activity(manager, kernel_id)
        return settings

    def init_handlers(self) -> list[Any]:
        ours = {TornadoVoilaHandler: TablePageHandler, VoilaShutdownKernelHandler: TableShutdownHandler}
        handlers: list[Any] = [(pattern, ours.get(handler, handler), *rest)
                               for pattern, handler, *rest in super().init_handlers()]
        self._first_seen: dict[str, float] = {}
        self._closed_since: dict[str, float] = {}
        self._connected: set[str] = set()
        PeriodicCallback(self._release_kernels, self.check_every * 1000).start()
        return handlers

    def _pooled(self) -> tuple[int, set[str]]:
        """How many kernels Voilà keeps ready (started or starting), and the ids of those started."""
        count, ids = 0, set()
        for pool in getattr(self.kernel_manager, "_pools", {}).values():
            for item in pool:
                count += 1
                if item.done() and not item.cancelled() and item.exception() is None:
                    ids.add(item.result().get("kernel_id"))
        return count, ids

    def tables_in_use(self) -> int:
        """The kernels that serve a page (or are starting for one): all kernels but those kept ready."""
        pooled, _ = self._pooled()
        return max(0, len(self.kernel_manager.list_kernel_ids()) - pooled)

    async def _release_kernels(self) -> None:
        manager = self.kernel_manager
        now = time.monotonic()
        _, pooled = self._pooled()
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


def main() -> None:
    """``python -m vint_core.app.server NOTEBOOK [Voilà options]``: serve the table."""
    TableServer.launch_instance()


if __name__ == "__main__":
    main()
