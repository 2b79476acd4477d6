"""The practice page served as ``vint quiz --serve`` serves it (Voilà, :mod:`vint_core.app.server`), spoken to over
its websocket without a browser (``widget_client``): forged widget messages get no traceback and no server path
back, in the page or in any websocket frame; a 5 MB name is cut; a damaged progress file is kept aside and the page
says so.

Missing Voilà fails these tests: they never skip.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from pathlib import Path

import browser_support as bs
import widget_client as wc

from vint_core.app.quiz_page import notebook_path
from vint_core.quiz.progress import MAX_NAME

ENV = {"VINT_LANG": "en", "VINT_QUIZ_TOPIC": "auction"}


def secrets(data_dir: Path) -> tuple[str, ...]:
    """What no frame may hold: a traceback, a file of the environment, the repository's or the data folder's path."""
    return ("Traceback", "/site-packages/", str(bs.ROOT), str(data_dir), 'File "', "/usr/lib/python", ".py\"")


class PracticeClient(wc.TableClient):
    """The practice page's websocket: ready once its "Check" button is known (the page has no table drawing)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.render = 1  # the table's drawing mark, which the practice page has not: ready as soon as controls()

    def controls(self) -> list[str]:
        return self.with_class("vint-quiz-check")

    def with_class(self, css: str) -> list[str]:
        return [mid for mid, m in self.models.items() if css in m.get("_dom_classes", ())]

    def value(self, css: str) -> str:
        return "".join(str(self.models[mid].get("value", "")) for mid in self.with_class(css))


def leaks(frames: list[str], data_dir: Path) -> list[str]:
    return [frame for frame in frames if any(s in frame for s in secrets(data_dir))]


def test_forged_messages_get_no_traceback_or_path_back_and_the_page_answers_on(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")

    async def forge(url: str) -> None:
        client = PracticeClient(url)
        await client.open()
        try:
            boxes, texts = client.find("CheckboxModel"), client.find("TextModel")
            assert boxes and texts
            forged = 0
            for box in boxes:  # a topic ticked with a word
                await client.set_state(box, {"value": "yes"})
                forged += 1
            for text in texts:  # the name field (and any answer field) given an object
                await client.set_state(text, {"value": {}})
                forged += 1
            for model in list(client.models)[:10]:  # messages without a method
                await client.send("comm_msg", {"comm_id": model, "data": {}})
                forged += 1
            await client.send("comm_msg", {"comm_id": client.controls()[0], "data": {"method": "nonsense"}})
            await client.send("comm_msg", {"comm_id": uuid.uuid4().hex, "data": {"method": "custom"}})
            forged += 2
            for n in range(300):  # widgets and control channels nobody asked for
                target = ("jupyter.widget", "jupyter.widget.control", "vint.nonsense")[n % 3]
                data = {"state": {"_model_name": "NoSuchModel", "_model_module": "x"}} if n % 3 == 0 else {}
                await client.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": target, "data": data},
                                  metadata={"version": "0.1"})
                forged += 1
            # a name of 5 MB, then a name a spreadsheet would run
            learner = client.with_class("vint-quiz-learner")[0]
            await client.set_state(learner, {"value": "A" * 5_000_000})
            await client.wait(lambda: "first 60 characters" in client.value("vint-status"), seconds=60)
            await client.wait(lambda: client.models[learner].get("value") == "A" * MAX_NAME, seconds=60)
            forged += 1
            # the page answers on: a choice, Check, the feedback
            choices = client.with_class("vint-quiz-choice")
            assert choices
            await client.click(choices[0])
            await client.click(client.controls()[0])
            await client.wait(lambda: "vint-quiz-right" in client.value("vint-quiz-feedback")
                              or "vint-quiz-wrong" in client.value("vint-quiz-feedback"), seconds=60)
            assert forged >= 30
            leaked = leaks(client.received, data_dir)
            assert not leaked and not leaks([client.html], data_dir), (leaked or [client.html])[0][:600]
            print(f"{forged} forged messages, {len(client.received)} frames back, {len(leaked)} with a traceback "
                  "or a path")
        finally:
            await client.close()

    with bs.voila_server(data_dir=data_dir, env=ENV, name="quiz-serving-forged", extra=(),
                         notebook=notebook_path()) as server:
        asyncio.run(forge(server.url))
        saved = json.loads((data_dir / "quiz.json").read_text(encoding="utf-8"))
        assert saved["learner"] == "A" * MAX_NAME and saved["attempts"][-1]["learner"] == "A" * MAX_NAME
        assert (data_dir / "quiz.json").stat().st_size < 10_000
        log = server.log_text()
        assert "Traceback" in log or "Error" in log  # what the page was spared is in the server's log


def test_a_damaged_progress_file_is_kept_aside_and_the_page_says_so(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    text = '{"format": "vint-quiz-progress", "version": 2, "learner": "", "seed": 1e400, "asked": {}, ' \
           '"totals": {}, "recent": {}, "attempts": []}'
    (data_dir / "quiz.json").write_text(text, encoding="utf-8")

    async def look(url: str) -> None:
        client = PracticeClient(url)
        await client.open()
        try:
            assert not leaks([client.html], data_dir) and "There was an error" not in client.html
            await client.wait(lambda: "could not be read" in client.value("vint-status"), seconds=60)
            status = client.value("vint-status")
            assert "the seed is not a whole number" in status and "quiz.json.damaged-" in status
            assert client.with_class("vint-quiz-choice")  # a fresh start: a question to answer
            assert not leaks(client.received, data_dir)
        finally:
            await client.close()

    with bs.voila_server(data_dir=data_dir, env=ENV, name="quiz-serving-damaged", extra=(),
                         notebook=notebook_path()) as server:
        asyncio.run(look(server.url))
    aside = list(data_dir.glob("quiz.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == text
