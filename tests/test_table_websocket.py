"""The table's kernel websocket sends each message at once (TCP_NODELAY), on a real socket of a real tornado server.

With Nagle's algorithm on, tornado's default, a small message waits for the acknowledgement of the one before,
which a browser delays by up to 40 ms: the learner's card reached the page 40 ms after the kernel sent it
(``bench/table_page.py --timeline``). The figures are in bench/README.md; here, the socket's option itself.
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import pytest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application
from tornado.websocket import websocket_connect
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from vint_core.app.server import TableWebsocketHandler


def test_the_kernels_websocket_is_opened_with_nagle_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []

    async def opened(self: Any, kernel_id: str) -> None:  # the kernel's side, which this test has no kernel for
        sock = self.ws_connection.stream.socket
        seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        self.close()

    monkeypatch.setattr(VoilaKernelWebsocketHandler, "open", opened)

    class Handler(TableWebsocketHandler):  # type: ignore[misc]
        async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # no token, no kernel manager
            await super(TableWebsocketHandler, self).get(kernel_id, *args, **kwargs)

        def check_origin(self, origin: str) -> bool:
            return True

        def prepare(self) -> None:  # the server's checks of the site and of the user, which this test leaves out
            self.current_user = "learner"

        async def pre_get(self) -> None:  # Jupyter's check of the user and the kernel
            return None

        def select_subprotocol(self, subprotocols: list[str]) -> None:  # no kernel connection to ask
            return None

        def on_close(self) -> None:
            return None

    async def run() -> None:
        [sock] = bind_sockets(0, "127.0.0.1", family=socket.AF_INET)
        port = sock.getsockname()[1]
        server = HTTPServer(Application([(r"/api/kernels/([^/]+)/channels", Handler)]))
        server.add_sockets([sock])
        try:
            client = await websocket_connect(f"ws://127.0.0.1:{port}/api/kernels/k/channels")
            await client.read_message()  # None once the server has closed it
            client.close()
        finally:
            server.stop()

    asyncio.run(run())
    assert seen and seen[0] != 0, seen
