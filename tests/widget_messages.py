"""The messages a widget click sends to the page, counted without a browser (``Widget._send`` patched).

Used by the tests that hold a click to a few small messages, and by ``bench/lesson_widgets.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets


class Sent(list[tuple[Any, dict[str, Any]]]):
    """The state messages sent while counting: (the widget, the message), in order."""

    def by(self, widget: Any) -> list[dict[str, Any]]:
        """The messages ``widget`` sent."""
        return [msg for sender, msg in self if sender is widget]

    @property
    def size(self) -> int:
        """Their size as JSON, in bytes (as the page receives them, without the protocol's envelope)."""
        return sum(len(json.dumps(msg, default=str).encode()) for _, msg in self)


@contextmanager
def sent_messages() -> Iterator[Sent]:
    """Every state message widgets send while inside; clear the list to count one click."""
    sent = Sent()
    original = widgets.Widget._send

    def send(self: Any, msg: dict[str, Any], buffers: Any = None) -> None:
        sent.append((self, msg))
        original(self, msg, buffers)

    widgets.Widget._send = send
    try:
        yield sent
    finally:
        widgets.Widget._send = original
