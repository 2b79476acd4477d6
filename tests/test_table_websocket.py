"""A kernel's websocket sends each message at once (TCP_NODELAY): Jupyter's handler with our connection class, on a
real socket of a real tornado server; the table's server, the course's JupyterLab and the hub's servers use it.

With Nagle's algorithm on, tornado's default, a small message waits for the acknowledgement of the one before,
which a browser delays by up to 40 ms: the learner's card reached the page 26–44 ms after the kernel sent it in
some runs (``bench/table_page.py --timeline``). The figures are in bench/README.md; here, the socket's option.
"""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path
from typing import Any

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application
from tornado.websocket import websocket_connect

from vint_core.app.nodelay import NoDelayConnection
from vint_core.app.server import TableServer

ROOT = Path(__file__).resolve().parent.parent


def nodelay_when_connected(connection_class: type, monkeypatch: pytest.MonkeyPatch) -> int:
    """TCP_NODELAY of the server's socket when Jupyter's kernel websocket handler, with ``connection_class``, has
    opened and connects to its kernel (the kernel's side left out: there is no kernel here)."""
    seen: list[int] = []

    def connect(self: Any) -> None:
        sock = self.websocket_handler.ws_connection.stream.socket
        seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        self.websocket_handler.close()

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", connect)

    class Handler(KernelWebsocketHandler):  # type: ignore[misc]
        def prepare(self) -> None:  # Jupyter's checks of the user, which this test leaves out
            self.current_user = "learner"

        async def pre_get(self) -> None:  # and of the kernel: the connection made as Jupyter makes it, no kernel
            self.connection = self.kernel_websocket_connection_class(parent=None, websocket_handler=self)

        def select_subprotocol(self, subprotocols: list[str]) -> None:
            return None

        def on_close(self) -> None:
            return None

    async def run() -> None:
        [sock] = bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
        port = sock.getsockname()[1]
        app = Application([(r"/api/kernels/([^/]+)/channels", Handler)],
                          kernel_websocket_connection_class=connection_class)
        server = HTTPServer(app)
        server.add_sockets([sock])
        try:
            client = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/k/channels")
            await client.read_message()  # None once the server has closed it
            client.close()
        finally:
            server.stop()

    asyncio.run(run())
    assert len(seen) == 1, seen
    return seen[0]


def test_the_connection_sends_each_message_at_once_and_jupyters_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    assert nodelay_when_connected(NoDelayConnection, monkeypatch) != 0
    assert nodelay_when_connected(ZMQChannelsWebsocketConnection, monkeypatch) == 0  # what it was


def test_the_table_the_course_and_the_hub_use_it() -> None:
    assert TableServer().kernel_websocket_connection_class is NoDelayConnection
    for folder in ("deploy/course", "deploy/jupyterhub/jupyter-config"):
        config = json.loads((ROOT / folder / "jupyter_server_config.json").read_text(encoding="utf-8"))
        assert config["ServerApp"]["kernel_websocket_connection_class"] == "vint_core.app.nodelay.NoDelayConnection"
