"""The review's solving in a worker process of the kernel's own, at the lowest priority (vint_core.table.review_work).

As in a kernel, each test runs its work on an event loop (``asyncio.run``); the worker process is the real one
(``spawn``, nice 19), stopped before and after each test (:func:`review_work.shut_down`).
"""

from __future__ import annotations

import asyncio
import functools
import multiprocessing
import os
import pickle
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

import pytest
from review_support import fresh_cache  # noqa: F401  (autouse: each test weighs for itself)
from test_weighing import CASH, finish

from vint_core import Card, Deal, Seat
from vint_core.errors import ParseError, VintError
from vint_core.table import review_work
from vint_core.table.review import DealReview, analysis_available
from vint_core.table.weighing import SAMPLES, PlayedOut, Weighing, play_out, weigh
from vint_core.widgets.review import ReviewPanel

pytestmark = pytest.mark.skipif(not analysis_available(), reason="the worker process is for the solver's work")

S = Seat.SOUTH
WAIT = 300  # seconds at most for one piece of work on a busy machine (a weighing takes 1–5 s)
_T = TypeVar("_T")


@pytest.fixture(autouse=True)
def no_worker() -> Iterator[None]:
    """Each test starts without a worker process (and with processes not yet known to work) and leaves none."""
    review_work.shut_down()
    yield
    review_work.shut_down()


def played(seed: int) -> Deal:
    """A seeded deal played to the end: the last call offered (a bid, at last passes), then the first card."""
    deal = Deal.new(seed=seed)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions()[-1 if deal.contract is None and deal.auction.calls else 0])
    assert deal.contract is not None
    return deal


@functools.cache
def weighed_here(deal: Deal, samples: int = SAMPLES) -> Weighing:
    """``weigh(deal, S, samples=samples)`` worked out in this process, the weighing each test compares with the
    one worked out elsewhere: once per deal and samples in this module, as ``weigh`` always gives the same
    weighing (the worker's and the thread's work is never kept here: ``fresh_cache``)."""
    return weigh(deal, S, samples=samples)


def in_the_kernel(work: Callable[[], Any]) -> Any:
    """``work()`` on an event loop, as in a kernel, its future waited for there."""

    async def run() -> Any:
        return await asyncio.wait_for(asyncio.wrap_future(work()), WAIT)

    return asyncio.run(run())


def worker() -> int:
    """The worker process's id (the one process this test has started)."""
    children = multiprocessing.active_children()
    assert len(children) == 1, children
    pid = children[0].pid
    assert pid is not None
    return pid


def nice_of(pid: int) -> int:
    """The nice value of process ``pid`` as Linux says it (/proc/<pid>/stat, field 19)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2:].split()[16])


def test_what_is_sent_to_the_worker_and_back_pickles_and_comes_back_equal() -> None:
    deal = played(4)
    weighing = weighed_here(deal, samples=4)
    mark = weighing.cards[0]
    before = review_work.position_before(deal, mark)
    rest = play_out(deal, S, before, mark.card)
    review = DealReview.of(deal, lines=deal.score(), lang="de")
    for value in (deal, S, Card.parse("AS"), weighing, rest, before, review):
        back = pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
        assert back == value and type(back) is type(value)
    assert isinstance(rest, PlayedOut) and isinstance(weighing, Weighing)


def test_the_weighing_runs_in_a_worker_process_at_nice_19_and_is_the_inline_one() -> None:
    deal = played(4)
    weighing = in_the_kernel(lambda: review_work.weighing(deal, S, samples=4))
    pid = worker()
    assert pid != os.getpid() and os.getpriority(os.PRIO_PROCESS, pid) == 19 and nice_of(pid) == 19
    assert os.getpriority(os.PRIO_PROCESS, 0) < 19  # this process (the kernel) keeps its priority
    assert weighing == weighed_here(deal, samples=4)  # the same weighing as worked out here
    mark = weighing.cards[0]
    before = review_work.position_before(deal, mark)
    rest = in_the_kernel(lambda: review_work.played_out(deal, S, before, mark.card))
    assert rest == play_out(deal, S, before, mark.card) and worker() == pid  # the same process, still
    review = DealReview.of(deal, lines=deal.score())
    assert in_the_kernel(lambda: review_work.analysis(review)) == review.analysis() and worker() == pid


def test_an_error_in_the_worker_comes_back_as_itself() -> None:
    """An error of vint_core's (whose ``__init__`` takes other arguments than it keeps, so that it does not unpickle
    as it is) is rebuilt on the kernel's side: the review says it in the learner's language."""
    deal = played(4)
    in_the_kernel(lambda: review_work.weighing(deal, S, samples=4))
    not_this_deal = Deal.new(seed=4)  # no position of the deal
    inline = _inline_error(lambda: play_out(deal, S, not_this_deal, Card.parse("AS")))
    with pytest.raises(ParseError) as raised:
        in_the_kernel(lambda: review_work.played_out(deal, S, not_this_deal, Card.parse("AS")))
    error = raised.value
    assert multiprocessing.active_children()  # it was the worker's
    assert isinstance(error, VintError) and error.message("de") != error.message("en")
    assert str(error) == error.message("en") == str(inline) and error.args == inline.args


def _inline_error(work: Callable[[], object]) -> BaseException:
    try:
        work()
    except Exception as error:
        return error
    raise AssertionError("no error")


def test_a_worker_killed_fails_its_weighing_in_one_line_and_the_next_one_works() -> None:
    first, second = played(4), finish(CASH, "2D")

    async def run() -> tuple[ReviewPanel, int, Weighing]:
        await asyncio.wrap_future(review_work.weighing(first, S, samples=4))
        pid = worker()
        panel = ReviewPanel(bottom=S)
        panel.show(second, lines=second.score())  # the weighing sent to the worker
        assert not panel.weighed.done()
        os.kill(pid, signal.SIGKILL)  # as the kernel's machine would, out of memory
        await asyncio.wait([asyncio.wrap_future(panel.weighed)], timeout=WAIT)
        again = await asyncio.wait_for(asyncio.wrap_future(review_work.weighing(second, S)), WAIT)
        return panel, pid, again

    panel, killed, again = asyncio.run(run())
    assert isinstance(panel.weighed.exception(), BrokenProcessPool)
    assert "The weighing could not be worked out: BrokenProcessPool" in panel.weigh_text.value
    assert again == weighed_here(second) and worker() != killed  # a fresh worker process


def test_an_interrupt_of_the_kernels_process_group_does_not_stop_the_weighing() -> None:
    """The kernel's process group gets the learner's "Interrupt the kernel" and the signal that stops a table's
    kernel (jupyter_client signals the group): the worker weighs on, and writes no traceback."""
    first, second = played(4), finish(CASH, "2D")

    async def run() -> tuple[ReviewPanel, int]:
        await asyncio.wrap_future(review_work.weighing(first, S, samples=4))
        pid = worker()
        panel = ReviewPanel(bottom=S)
        panel.show(second, lines=second.score())  # the weighing sent to the worker
        assert not panel.weighed.done()
        os.kill(pid, signal.SIGINT)
        await asyncio.wait([asyncio.wrap_future(panel.weighed)], timeout=WAIT)
        return panel, pid

    panel, pid = asyncio.run(run())
    assert panel.weighed.exception() is None and panel.weighed.result() == weighed_here(second)
    assert worker() == pid  # the same process, still there


def test_the_worker_process_stops_when_idle_and_starts_again_when_needed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_work, "IDLE_SECONDS", 0.2)
    deal = played(4)

    async def run() -> tuple[int, int]:
        await asyncio.wrap_future(review_work.weighing(deal, S, samples=4))
        pid = worker()
        deadline = time.monotonic() + WAIT
        while multiprocessing.active_children():
            assert time.monotonic() < deadline, "the idle worker process was never stopped"
            await asyncio.sleep(0.05)
        await asyncio.wrap_future(review_work.weighing(deal, S, samples=5))
        return pid, worker()

    stopped, started = asyncio.run(run())
    assert stopped != started


def test_no_worker_process_without_an_event_loop() -> None:
    deal = played(4)
    done = review_work.weighing(deal, S, samples=4)
    assert done.done() and done.result() == weighed_here(deal, samples=4)
    assert multiprocessing.active_children() == []


@pytest.mark.parametrize("broken", ["no process can be made", "the process dies at its start"])
def test_where_no_worker_process_works_the_weighing_is_worked_out_in_a_thread(
        broken: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if broken == "no process can be made":
        monkeypatch.setattr(review_work, "_START_METHOD", "no such start method")
    else:
        monkeypatch.setattr(review_work, "_lowest_priority", functools.partial(os._exit, 3))
    deal = finish(CASH, "2D")
    weighings: list[Future[Weighing]] = []

    async def run() -> Weighing:
        weighings.append(review_work.weighing(deal, S))
        return await asyncio.wait_for(asyncio.wrap_future(weighings[0]), WAIT)

    assert asyncio.run(run()) == weighed_here(deal)
    assert review_work._PROCESSES is False and multiprocessing.active_children() == []
    # and from then on, in a thread at once
    assert in_the_kernel(lambda: review_work.weighing(deal, S, samples=5)) == weighed_here(deal, samples=5)
    assert multiprocessing.active_children() == []


def test_a_kernel_killed_leaves_no_worker_process_behind(tmp_path: Path) -> None:
    script = tmp_path / "kernel.py"
    script.write_text(textwrap.dedent("""
        import asyncio, multiprocessing, sys
        from vint_core import Deal, Seat
        from vint_core.table import review_work

        deal = Deal.new(seed=4)
        while not deal.is_finished:
            deal = deal.apply(deal.legal_actions()[-1 if deal.contract is None and deal.auction.calls else 0])

        async def main():
            await asyncio.wrap_future(review_work.weighing(deal, Seat.SOUTH, samples=4))
            print(multiprocessing.active_children()[0].pid, flush=True)
            await asyncio.sleep(600)

        asyncio.run(main())  # no `if __name__ == "__main__":` guard: the worker must not run this again
    """))
    kernel = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    try:
        assert kernel.stdout is not None
        pid = int(kernel.stdout.readline())
        assert nice_of(pid) == 19
    finally:
        kernel.kill()
        kernel.wait()
    deadline = time.monotonic() + 30
    while Path(f"/proc/{pid}").exists() and Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z":
        assert time.monotonic() < deadline, "the worker process outlived its kernel"
        time.sleep(0.05)
