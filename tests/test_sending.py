"""send_now: the messages handed to ipykernel's IOPub thread are sent when it returns, and the table calls it
between the learner's action drawn and the computer players' answers worked out.

How much sooner the learner's card reaches the page is measured in ``bench/table_page.py --timeline``, not here.
"""

from __future__ import annotations

import zmq
from ipykernel.iostream import IOPubThread

from vint_core import PASS
from vint_core.deal import Phase
from vint_core.table.session import TableSession
from vint_core.widgets import Table
from vint_core.widgets.sending import send_now


def test_every_message_handed_over_before_is_sent_when_it_returns() -> None:
    context = zmq.Context()
    out, into = context.socket(zmq.PUSH), context.socket(zmq.PULL)
    out.bind("inproc://vint-send-now")
    into.connect("inproc://vint-send-now")
    thread = IOPubThread(out)
    thread.start()
    try:
        for rep in range(3):
            for i in range(17):
                thread.send_multipart([f"{rep}-{i}".encode()])  # as the kernel hands a widget's message over
            assert send_now(thread)
            # on the socket already: not one of them still waiting for the thread
            assert [into.recv(zmq.NOBLOCK) for _ in range(17)] == [f"{rep}-{i}".encode() for i in range(17)]
    finally:
        # ipykernel's own stop() leaves the thread's garbage-collecting task cancelled but never run to its end
        # ("Task was destroyed but it is pending!" at exit): cancelled in the thread's loop, and let end, first
        thread.schedule(lambda: thread._event_pipe_gc_task and thread._event_pipe_gc_task.cancel())
        send_now(thread)
        send_now(thread)
        thread.stop()
        out.close(linger=0)
        into.close(linger=0)
        context.term()


def test_outside_a_kernel_it_returns_at_once() -> None:
    assert send_now() is False


def test_the_table_sends_the_learners_action_before_the_answers_are_worked_out(monkeypatch: object) -> None:
    table = Table(TableSession(seed=2026, autosave=False), pace="none")
    session = table.session
    seen: list[tuple[int, bool]] = []

    def recorded(*_args: object, **_kwargs: object) -> bool:
        # when it is called: how many calls the auction holds, and whether the learner may act again
        seen.append((len(session.deal.auction.calls), session.human_to_act()))
        return True

    monkeypatch.setattr("vint_core.widgets.table.send_now", recorded)  # type: ignore[attr-defined]
    assert session.deal.phase is Phase.AUCTION and session.human_to_act()  # the computer players have called
    before = len(session.deal.auction.calls)
    table.bidding.button(PASS).click()
    # once, with the learner's Pass made and drawn, and no computer player's answer yet
    assert seen == [(before + 1, False)]
    assert len(session.deal.auction.calls) > before + 1 or session.deal.phase is not Phase.AUCTION
