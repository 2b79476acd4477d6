"""A table's page without a browser: the widget protocol spoken over the kernel's websocket, as the page does.

:class:`TableClient` opens the page (an HTTP request: Voilà hands it a kernel running the table),
connects to the kernel's websocket as the page's JupyterLab code does (the binary protocol
``v1.kernel.websocket.jupyter.org``: the server passes the kernel's messages on without reading
them; the older JSON protocol, ``protocol=""``, makes it decode and encode each one), asks for the state of every
widget (``jupyter.widget.control``: ``request_states``) and keeps it up to date from the kernel's
``comm_open`` and ``update`` messages. It can then do what a learner's clicks do: send a button's
``click`` event, or set a widget's value. Nothing is rendered.

Used by ``bench/load.py`` (many tables at once) and by the tests that send forged widget messages.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
import urllib.request
import uuid
from typing import Any

import websockets
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)

#: the controls a learner clicks, by their class
CONTROL_CLASSES = ("vint-card", "vint-call", "vint-next-deal")
_RENDER = re.compile(r'data-render="(\d+)"')
_KERNEL = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
#: the websocket protocol JupyterLab's code in the page asks for (and the server grants)
V1 = "v1.kernel.websocket.jupyter.org"


class PageRefused(Exception):
    """The server answered the page with an error (the table is full, another site): status and text."""

    def __init__(self, status: int, text: str) -> None:
        super().__init__(f"{status}: {text[:200]}")
        self.status = status
        self.text = text


def fetch_page(url: str, *, timeout: float = 120.0) -> str:
    """The table's page (its HTML); :class:`PageRefused` if the server refuses it."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as answer:
            return str(answer.read().decode())
    except urllib.error.HTTPError as err:
        raise PageRefused(err.code, err.read().decode(errors="replace")) from None


class TableClient:
    """One table's page, spoken to over its websocket (see the module's docstring)."""

    def __init__(self, url: str, *, keep: bool = True, protocol: str = V1) -> None:
        self.url = url
        self.protocol = protocol
        self.session_id = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.render = 0
        #: every message the kernel sent, as received (text), for tests that look for what must not be there
        #: (``keep=False``: not kept, as in the load test, whose clients would otherwise grow without end)
        self.received: list[str] = []
        #: the page as the server sent it (its HTML), once opened
        self.html = ""
        self._keep = keep
        #: messages and bytes each way, counted from the start (the load test reads them per click);
        #: received messages also by type (``comm_msg``, ``status`` …)
        self.sent_messages = self.sent_bytes = self.received_messages = self.received_bytes = 0
        self.received_by_type: dict[str, int] = {}
        self.kernel_id = ""
        self._socket: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()

    async def open(self) -> None:
        """Load the page, connect to its kernel and learn the state of every widget."""
        html = self.html = await asyncio.to_thread(fetch_page, self.url)
        found = _KERNEL.search(html)
        if found is None:
            raise PageRefused(200, "no kernel in the page")
        self.kernel_id = found.group(1)
        parts = urllib.parse.urlsplit(self.url)
        token = urllib.parse.parse_qs(parts.query).get("token", [""])[0]  # the page's token opens its websocket
        ws_url = (f"ws://{parts.netloc}/api/kernels/{self.kernel_id}/channels?session_id={self.session_id}"
                  + (f"&token={urllib.parse.quote(token)}" if token else ""))
        self._socket = await websockets.connect(ws_url, max_size=None, open_timeout=60,
                                                subprotocols=[self.protocol] if self.protocol else None)
        if self._socket.subprotocol != (self.protocol or None):
            raise PageRefused(200, f"the server speaks {self._socket.subprotocol!r}, not {self.protocol!r}")
        self._reader = asyncio.create_task(self._read())
        control = uuid.uuid4().hex
        await self.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                        metadata={"version": "1.0.0"})
        await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait(lambda: self.render > 0 and bool(self.controls()), seconds=120)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self._socket is not None:
            await self._socket.close()

    async def send(self, msg_type: str, content: dict[str, Any], *, metadata: dict[str, Any] | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session_id, "username": "",
                  "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "version": "5.3"}
        data: str | bytes
        if self.protocol == V1:
            data = serialize_msg_to_ws_v1([json.dumps(part).encode() for part in (header, {}, metadata or {}, content)],
                                          "shell")
        else:
            data = json.dumps({"header": header, "parent_header": {}, "metadata": metadata or {},
                               "content": content, "channel": "shell", "buffers": []})
        self.sent_messages += 1
        self.sent_bytes += len(data) if isinstance(data, bytes) else len(data.encode())
        await self._socket.send(data)

    async def _read(self) -> None:
        async for raw in self._socket:
            if self.protocol == V1:
                _, parts = deserialize_msg_from_ws_v1(raw)
                header, _, _, content_part = (json.loads(part) for part in parts[:4])
                msg = {"msg_type": header.get("msg_type"), "content": content_part}
                text = "\n".join(bytes(part).decode(errors="replace") for part in parts[:4])
            else:
                text = raw if isinstance(raw, str) else raw.decode(errors="replace")
                msg = json.loads(text)
            if self._keep:
                self.received.append(text)
            kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
            self.received_messages += 1
            self.received_bytes += len(raw) if isinstance(raw, bytes) else len(text.encode())
            self.received_by_type[kind] = self.received_by_type.get(kind, 0) + 1
            content = msg.get("content", {})
            if kind == "comm_open":
                self._update(content.get("comm_id", ""), content.get("data", {}).get("state", {}))
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") in ("update", "echo_update"):
                    self._update(content.get("comm_id", ""), data.get("state", {}))
                elif data.get("method") == "update_states":
                    for model_id, entry in data.get("states", {}).items():
                        self._update(model_id, entry.get("state", {}))
            elif kind == "comm_close":
                self.models.pop(content.get("comm_id", ""), None)
            self._changed.set()

    def _update(self, model_id: str, state: dict[str, Any]) -> None:
        self.models.setdefault(model_id, {}).update(state)
        value = state.get("value")
        if isinstance(value, str) and (mark := _RENDER.search(value)):
            self.render = max(self.render, int(mark.group(1)))

    async def wait(self, predicate: Any, *, seconds: float = 60.0) -> None:
        """Until ``predicate()`` holds (``TimeoutError`` after ``seconds``)."""
        deadline = time.monotonic() + seconds
        while not predicate():
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"the table did not answer within {seconds} s")
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                continue

    # -- what the page would show ------------------------------------------------------------

    def _hidden(self, model_id: str) -> bool:
        layout = self.models.get(model_id, {}).get("layout", "")
        layout_id = layout.removeprefix("IPY_MODEL_") if isinstance(layout, str) else ""
        return self.models.get(layout_id, {}).get("display") == "none"

    def _inside(self, boxes: list[str]) -> set[str]:
        """The widgets inside ``boxes``, at any depth (the boxes included)."""
        found = set(boxes)
        todo = list(boxes)
        while todo:
            for child in self.models.get(todo.pop(), {}).get("children", ()):
                cid = child.removeprefix("IPY_MODEL_")
                if cid not in found:
                    found.add(cid)
                    todo.append(cid)
        return found

    def controls(self) -> list[str]:
        """The cards, calls and "Next deal" the learner can click now (their widget ids): enabled, and neither
        hidden (``display: none``, its own or a box's around it) nor inside a box frozen while the computer
        players answer (class ``vint-wait``)."""
        candidates = [mid for mid, m in self.models.items()
                      if any(c in m.get("_dom_classes", ()) for c in CONTROL_CLASSES) and not m.get("disabled", True)]
        if not candidates:
            return []
        out = self._inside([mid for mid, m in self.models.items()
                            if "vint-wait" in m.get("_dom_classes", ()) or self._hidden(mid)])
        return [mid for mid in candidates if mid not in out]

    def find(self, model_name: str) -> list[str]:
        """The ids of the widgets of one kind (``DropdownModel``, ``ButtonModel`` …)."""
        return [mid for mid, m in self.models.items() if m.get("_model_name") == model_name]

    # -- what a learner does -------------------------------------------------------------------

    async def click(self, model_id: str) -> None:
        await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom",
                                                                   "content": {"event": "click"}}})

    async def set_state(self, model_id: str, state: dict[str, Any]) -> None:
        """What the page sends when the learner changes a widget (a dropdown, a checkbox): its new state."""
        await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "update", "state": state,
                                                                   "buffer_paths": []}})

    async def click_and_wait(self, model_id: str, *, seconds: float = 60.0) -> float:
        """Click, and wait for the computer players' answers: a new drawing after which the learner can act
        again. The seconds it took."""
        before = self.render
        started = time.monotonic()
        await self.click(model_id)
        await self.wait(lambda: self.render > before and bool(self.controls()), seconds=seconds)
        return time.monotonic() - started
