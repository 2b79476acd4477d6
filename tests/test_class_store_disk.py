"""The class's store on a real small disk: full, then read-only (a tmpfs the test mounts, and unmounts after).

A result or an answer that cannot be saved is refused with a sentence the learner understands (the class's disk
is full, or read-only), nothing saved before is lost or damaged (SQLite's own integrity check, every row
counted), and the class's service keeps answering: the learner's table reads the class and the travellers, the
teacher's page is drawn, and once there is room again the next result is kept, without a restart. On a disk
that is read-only when the service starts, the store opens for reading (SQLite cannot open a WAL database there
otherwise) and refuses each write as "read-only".

The service is the real tornado application of :mod:`vint_core.classroom.service` on a free port, asked by the
real client (:class:`vint_core.classroom.client.HubClass`); only the hub's answer to "whose token is this" is a
stand-in here (the hub's own check is in tests/test_class_hub.py).
"""

from __future__ import annotations

import asyncio
import errno
import os
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vint_core.app.launch import HOST, free_port
from vint_core.classroom import service
from vint_core.classroom.client import ClassRefused, HubClass, LinkClass
from vint_core.classroom.served import ServedClass, teacher_page
from vint_core.classroom.store import ClassError
from vint_core.rules import RuleSet
from vint_core.table.session import TableSession
from vint_core.widgets.class_boards import CLASS_BOTS, board_deal

CLASS = "7b"
TOKENS = {"tok-ana-0123456789": "ana", "tok-boris-0123456789": "boris"}


def mount(where: Path, *options: str) -> None:
    done = subprocess.run(["mount", *options, str(where)], capture_output=True, text=True)
    assert done.returncode == 0, f"mount {' '.join(options)} {where}: {done.stderr.strip()}"


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MB tmpfs of its own, unmounted after the test (lazily, if a store was left open by a failing test)."""
    if os.geteuid() != 0:
        raise AssertionError("the disk tests mount a tmpfs: run them as root (CI does), e.g. sudo make test")
    where = tmp_path / "disk"
    where.mkdir()
    mount(where, "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs")
    try:
        yield where
    finally:
        if subprocess.run(["umount", str(where)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(where)], check=True)


def fill(where: Path) -> Path:
    """Fill the disk of ``where`` to the last byte with a file of its own; the file."""
    filler = where / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC, error
    return filler


def played(board: dict[str, Any], *, bid: bool) -> dict[str, Any]:
    """The board played out: by the hint (``bid``) or passing throughout."""
    session = TableSession(human="S", rules=RuleSet.from_json(board["rules"]), bots=CLASS_BOTS, seed=1,
                           autosave=False, undo_allowed=False)
    session.load_deal(board_deal(board))
    while not session.deal.is_finished:
        if not session.human_to_act():
            session.bot_step()
        elif bid or session.deal.contract is not None:
            session.act(session.hint().action)
        else:
            session.act(next(a for a in session.legal_actions() if str(a) == "Pass"))
    return session.deal.to_json()


class StandInHub:
    """The hub's answer to "whose token is this": a learner of :data:`TOKENS` (the service asks nothing else)."""

    access_scopes = frozenset({"access:services!service=vint-class"})

    async def user_for_token(self, token: str, sync: bool = True) -> dict[str, Any] | None:
        name = TOKENS.get(token)
        return None if name is None else {"kind": "user", "name": name, "scopes": sorted(self.access_scopes)}

    def check_scopes(self, required: set[str], model: dict[str, Any]) -> set[str]:
        return set(required) & set(model["scopes"])


@pytest.fixture
def serve(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Start the class's service on a store: ``serve(served)`` gives its URL; every one started is stopped."""
    monkeypatch.setattr(service.Base, "_hub_auth", StandInHub())
    running: list[tuple[asyncio.AbstractEventLoop, threading.Thread]] = []

    def start(served: ServedClass) -> str:
        port, ready = free_port(), threading.Event()
        loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(loop)
            from tornado.httpserver import HTTPServer

            HTTPServer(service.make_app(served)).listen(port, HOST)
            ready.set()
            loop.run_forever()

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        assert ready.wait(30)
        running.append((loop, thread))
        return f"http://{HOST}:{port}/services/vint-class/"

    yield start
    for loop, thread in running:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(30)


def integrity(store_dir: Path) -> str:
    with sqlite3.connect(f"file:{store_dir / 'class.db'}?mode=ro", uri=True) as db:
        return str(db.execute("PRAGMA integrity_check").fetchone()[0])


def test_a_full_disk_refuses_clearly_loses_nothing_and_the_service_keeps_answering(disk: Path, serve: Any) -> None:
    folder = disk / "class"
    served = ServedClass.open(folder, CLASS, teacher="petrova", learners=["ana", "boris"])
    served.store.publish_boards(CLASS, "week 1", [(2026, "N"), (77, "E")])
    url = serve(served)
    ana, boris = HubClass(url, "tok-ana-0123456789"), HubClass(url, "tok-boris-0123456789")
    first, second = ana.view()["boards"]
    kept = ana.send_result(first["id"], played(first, bid=True))
    filler = fill(disk)

    # answers until the disk refuses one (SQLite may still have room in pages it holds): each kept one stays kept
    accepted, refusal = 0, None
    for _ in range(5000):
        try:
            ana.send_answer({"source": "practice", "question_type": "trick_winner", "correct": True})
        except ClassRefused as error:
            refusal = error
            break
        accepted += 1
    assert refusal is not None, "5000 answers fitted on a full 1 MB disk"
    print(f"\n{accepted} answers kept on the full disk before the first refusal: {refusal.said}")
    assert refusal.why == "not_saved"
    assert refusal.said == ("The class could not keep it: the class's disk is full. Nothing kept before is lost; "
                            "tell your teacher.")
    record = played(first, bid=False)
    with pytest.raises(ClassRefused) as refused:
        boris.send_result(first["id"], record)
    assert refused.value.why == "not_saved" and "disk is full" in refused.value.said
    # the personal link's table (no hub) writes to the same store itself: the same sentence, no traceback
    link = LinkClass(str(folder), CLASS, next(i.id for i in served.store.learners(CLASS) if i.name == "boris"))
    with pytest.raises(ClassError) as direct:
        link.send_result(first["id"], record)
    assert direct.value.why == "not_saved" and "disk is full" in direct.value.message("en")
    link.served.store.close()

    # the service still answers everything that reads, and the teacher's page is drawn
    assert ana.view()["history"][0]["contract"] == kept["contract"]
    seen = ana.traveller(first["id"])  # its par solved now, and shown though it cannot be kept
    assert [row["mine"] for row in seen["rows"]] == [True] and seen["par"]
    assert "table" in teacher_page(served)
    # nothing lost, nothing damaged, nothing half-kept
    assert integrity(folder) == "ok"
    assert [(r.learner, r.board_id) for r in served.store.results(CLASS)] == [("ana", first["id"])]
    quiz = {s.name: s.quiz for s in served.store.learner_summaries(CLASS)}
    assert quiz == {"ana": {"trick_winner": (accepted, accepted)} if accepted else {}, "boris": {}}

    # room again: the next result is kept, by the same service
    filler.unlink()
    assert boris.send_result(first["id"], record)["board_id"] == first["id"]
    assert ana.send_result(second["id"], played(second, bid=True))["board"] == 2
    assert sorted((r.learner, r.board_number) for r in served.store.results(CLASS)) == [
        ("ana", 1), ("ana", 2), ("boris", 1)]
    assert integrity(folder) == "ok"
    served.store.close()


def test_a_read_only_disk_opens_for_reading_and_refuses_each_write_clearly(disk: Path, serve: Any) -> None:
    folder = disk / "class"
    served = ServedClass.open(folder, CLASS, teacher="petrova", learners=["ana", "boris"])
    served.store.publish_boards(CLASS, "week 1", [(2026, "N")])
    board = served.learner_view("ana")["boards"][0]
    served.record_result("ana", board["id"], played(board, bid=True))
    served.record_quiz_answer("ana", {"source": "lesson 02", "question_type": "legal_cards", "correct": True})
    served.store.close()
    mount(disk, "-o", "remount,ro")

    # the service starts as the hub starts it (the class made if new, the roster added): on a read-only disk
    again = ServedClass.open(folder, CLASS, teacher="petrova", learners=["ana", "boris"])
    url = serve(again)
    ana, boris = HubClass(url, "tok-ana-0123456789"), HubClass(url, "tok-boris-0123456789")
    assert ana.view()["history"][0]["board_id"] == board["id"]
    assert ana.traveller(board["id"])["rows"][0]["mine"] is True
    for attempt in (lambda: boris.send_result(board["id"], played(board, bid=False)),
                    lambda: boris.send_answer({"source": "practice", "question_type": "x", "correct": True}),
                    lambda: boris.send_lesson("02", "opened")):
        with pytest.raises(ClassRefused) as refused:
            attempt()
        assert refused.value.why == "not_saved", refused.value.said
        assert refused.value.said == ("The class could not keep it: the class's disk is read-only. Nothing kept "
                                      "before is lost; tell your teacher.")
    page = teacher_page(again)
    assert "legal_cards" in page and "data-learner='ana'" in page
    assert boris.view()["next"] == board["id"]  # the service keeps answering
    assert [r.learner for r in again.store.results(CLASS)] == ["ana"]
    again.store.close()
    mount(disk, "-o", "remount,rw")
    assert integrity(folder) == "ok"
