"""The page's report of the drawing it shows (PageMark) against a real ipykernel, with the page's part played here
as ipywidgets' front end plays it: a widget model sends its next change only once the kernel has answered the one
before with an ``idle`` status (its message throttle), and a ``jsdlink`` copies each drawn number to its report
widget as soon as the page has it.

ipykernel 7 hands a widget's message to the kernel while a cell awaits (lesson 05's checks await the review's
weighing: ``await asyncio.wrap_future(...)``), and sends no ``idle`` status for it: the page's report widget then
never sends again. The lesson's first table stopped taking clicks once its marks came round to that widget; now
PageMark replaces such a widget, and a click the kernel takes for one made on an older drawing is said.

The same in a real browser: tests/test_course_lessons_browser.py, lesson 05's test.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel

from vint_core.i18n import text

ROOT = Path(__file__).resolve().parent.parent
WAIT = 120.0  # seconds: a busy machine (the kernel imports the engine and the widgets)


class Page:
    """ipywidgets' front end, the parts PageMark meets: models, directional links, the message throttle."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.state: dict[str, dict[str, Any]] = {}
        self.links: dict[str, tuple[str, str, str, str]] = {}  # link id: source, attribute, target, attribute
        self.pending: dict[str, str] = {}  # model id: the id of its update the kernel has not answered yet
        self.buffered: dict[str, dict[str, Any]] = {}
        self.idle: set[str] = set()  # the messages the kernel has answered with an idle status
        self.output: list[str] = []
        self.errors: list[str] = []

    def pump(self, done: Callable[[], bool], seconds: float = WAIT) -> None:
        """Take the kernel's messages as the page does, until ``done``."""
        end = time.monotonic() + seconds
        while not done():
            if time.monotonic() > end:
                raise AssertionError(f"the kernel did not answer in {seconds} s: {self.errors[-3:]}")
            try:
                msg = self.client.get_iopub_msg(timeout=0.2)
            except queue.Empty:
                continue
            self.take(msg)

    def take(self, msg: dict[str, Any]) -> None:
        kind, content = msg["msg_type"], msg["content"]
        parent = msg["parent_header"].get("msg_id", "")
        if kind == "status" and content["execution_state"] == "idle":
            self.idle.add(parent)
            for model, waiting in list(self.pending.items()):
                if waiting == parent:  # the throttle lets the model's next change go
                    del self.pending[model]
                    if model in self.buffered:
                        self.send_state(model, self.buffered.pop(model))
        elif kind == "stream" and content["name"] == "stdout":
            self.output.append(content["text"])
        elif kind in ("stream", "error"):  # the kernel's complaints: none expected
            self.errors.append(content.get("text") or "\n".join(content.get("traceback", [])))
        elif kind == "comm_open" and content["target_name"] == "jupyter.widget":
            model, state = content["comm_id"], content["data"]["state"]
            self.state[model] = dict(state)
            if state.get("_model_name") == "DirectionalLinkModel":
                source, target = state["source"], state["target"]
                self.links[model] = (source[0].removeprefix("IPY_MODEL_"), source[1],
                                     target[0].removeprefix("IPY_MODEL_"), target[1])
                self.copy(model)  # a link copies the source's value when it starts
        elif kind == "comm_msg" and content["data"].get("method") in ("update", "echo_update"):
            model = content["comm_id"]
            self.state.setdefault(model, {}).update(content["data"]["state"])
            for link, (source, _attr, _target, _to) in self.links.items():
                if source == model:
                    self.copy(link)
        elif kind == "comm_close":  # the model goes, with what it had still to send, and the links it was part of
            model = content["comm_id"]
            for gone in (self.state, self.pending, self.buffered, self.links):
                gone.pop(model, None)
            self.links = {link: ends for link, ends in self.links.items() if model not in (ends[0], ends[2])}

    def copy(self, link: str) -> None:
        source, attr, target, to = self.links[link]
        if source not in self.state or target not in self.state:
            return
        value = self.state[source].get(attr)
        if self.state[target].get(to) == value:
            return  # no change, nothing sent
        self.state[target][to] = value
        self.save(target, {to: value})

    def save(self, model: str, change: dict[str, Any]) -> None:
        if model in self.pending:  # one update at a time per model: the rest waits for the kernel's idle
            self.buffered[model] = {**self.buffered.get(model, {}), **change}
        else:
            self.send_state(model, change)

    def send_state(self, model: str, change: dict[str, Any]) -> None:
        self.pending[model] = self.send(model, {"method": "update", "state": change, "buffer_paths": []})

    def send(self, model: str, data: dict[str, Any]) -> str:
        msg = self.client.session.msg("comm_msg", {"comm_id": model, "data": data})
        self.client.shell_channel.send(msg)
        return str(msg["header"]["msg_id"])

    def click(self, model: str) -> None:
        """A button's click, answered."""
        sent = self.send(model, {"method": "custom", "content": {"event": "click"}})
        self.pump(lambda: sent in self.idle)

    def run(self, code: str) -> str:
        """A cell, run to its end; what it printed."""
        sent = self.client.execute(code)
        start = len(self.output)
        self.pump(lambda: sent in self.idle)
        return "".join(self.output[start:])


@contextlib.contextmanager
def started_page() -> Iterator[Page]:
    """A real kernel of this tree and the page's part played against it; the kernel shut down after."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    manager, client = start_new_kernel(kernel_name="python3", env=env, startup_timeout=WAIT)
    try:
        yield Page(client)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


@pytest.fixture
def page() -> Iterator[Page]:
    with started_page() as started:
        yield started


NEXT_BUTTON = """
import json
from vint_core import PASS
controls = deal.controller.controls()
button = deal.box.button(PASS) if controls.calls else deal.hand.button(controls.cards[0])
print(json.dumps([button.model_id, len(deal.session.deal.actions), deal.feedback_text]))
"""


def test_a_report_handled_while_a_cell_awaits_does_not_freeze_the_lesson_table(page: Page) -> None:
    """Run All: the table is drawn, the page's report of its first drawing reaches the kernel while a later cell
    awaits; every click on the table still counts (before, the fifth did not: its drawing's mark was carried by
    the report widget the page no longer sent)."""
    first = page.client.execute("from vint_core.widgets import OneDeal\ndeal = OneDeal(seed=3)\ndeal.mark.drawn_slots")
    awaits = page.client.execute("import asyncio\nawait asyncio.sleep(3)  # a check awaiting the weighing")
    page.pump(lambda: first in page.idle and awaits in page.idle)
    for click in range(8):
        # a cell after the page's reports: run once the kernel has taken them (its messages are taken in order)
        model, actions, _said = json.loads(page.run(NEXT_BUTTON))
        page.click(model)
        after, now_said = json.loads(page.run(NEXT_BUTTON))[1:]
        assert after > actions, (click, now_said)
    assert not page.errors, page.errors


def test_a_click_on_an_older_drawing_is_refused_with_a_word(page: Page) -> None:
    """A double click on Pass (the computer players answer the first click at once): one pass, and the second
    click does not vanish without a word."""
    page.run("from vint_core import PASS\nfrom vint_core.widgets import OneDeal\ndeal = OneDeal(seed=3)")
    model, _actions, _ = json.loads(page.run(NEXT_BUTTON))
    first = page.send(model, {"method": "custom", "content": {"event": "click"}})
    second = page.send(model, {"method": "custom", "content": {"event": "click"}})  # before the new drawing came
    page.pump(lambda: first in page.idle and second in page.idle)
    out = json.loads(page.run("print(json.dumps([sum(1 for who, call in deal.session.deal.view(deal.human).calls_by()"
                              " if who == deal.human and call is PASS), deal.feedback_text]))"))
    assert out[0] == 1
    assert out[1] == [text("widget_click_gone_by", "en")]  # said, in the lesson's feedback
    assert not page.errors, page.errors
