"""The work a finished deal's review asks for, given to a front end as futures: the learner's cards and calls weighed
(:func:`weighing`), the rest of the deal played out after a card tried again (:func:`played_out`), and the positions
the replay and "Learn from your mistakes" show (:func:`~vint_core.table.review.position_after`,
:func:`position_before`).

Weighing takes the double-dummy solver seconds, so when the front end has an event loop to come back to (a notebook
kernel) and the solver is installed, it is worked out in a worker process of the kernel's own, at the lowest priority
(nice 19): the solving then takes no interpreter lock and no CPU from the kernel, nor from the other tables' clicks on
the machine. The process is started at the first deal's end (``spawn``, not a fork of a kernel that has threads) and
stopped :data:`IDLE_SECONDS` after its last work, and at the kernel's exit. Where no process can be started, and for
work that cannot be sent to one (a function that does not pickle), it is a worker thread, as before; without a loop or
without the solver (a script, a test, the browser's Python, which has neither threads nor processes) it is worked out
at once. Either way the front end gets a ``concurrent.futures.Future``, resolved on its own thread (the loop's), and
draws once it is done; a weighing being worked out is not started twice (the same review drawn again, in another
language). A worker process that dies (killed, out of memory) fails the work it had, in one line
(``BrokenProcessPool``), and the next work starts a fresh one.

A weighing worked out is kept: in this kernel (by the deal, the seat and the samples, the last
:data:`KERNEL_LIMIT`), and with the saved game when the review gives its
:class:`~vint_core.table.weighing.KeptWeighings` (``store``), so a review opened again, in another lesson or after a
reload, is drawn at once.

>>> from vint_core import Deal, Seat
>>> deal = Deal.new(seed=4)
>>> while not deal.is_finished:
...     deal = deal.apply(deal.legal_actions()[-1 if deal.contract is None and deal.auction.calls else 0])
>>> done = weighing(deal, Seat.SOUTH, samples=4)  # no event loop here: worked out at once
>>> done.done() and done.result().seat
<Seat.SOUTH: 2>
>>> weighing(deal, Seat.SOUTH, samples=4).result() is done.result()  # kept in this kernel
True
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import pickle
import sys
import threading
import types
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Future
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar, cast

from vint_core.cards import Card
from vint_core.deal import Deal
from vint_core.seats import Seat
from vint_core.table.review import DealReview, analysis_available, position_after
from vint_core.table.weighing import SAMPLES, CardWeight, KeptWeighings, PlayedOut, Weighing, deal_seed, play_out, weigh

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["IDLE_SECONDS", "KERNEL_LIMIT", "SAMPLES", "CardWeight", "KeptWeighings", "PlayedOut", "Weighing",
           "analysis", "forget", "played_out", "position_after", "position_before", "shut_down", "weighing"]

#: weighings kept in this kernel (re-opening a review, another language, another lesson's table)
KERNEL_LIMIT = 32
#: seconds the worker process is kept after its last work (50 tables left idle hold no 50 processes)
IDLE_SECONDS = 120.0

_Key = tuple[int, Seat, int]
_CACHE: OrderedDict[_Key, Weighing] = OrderedDict()
#: the weighings being worked out now
_WORKING: dict[_Key, Future[Weighing]] = {}

_T = TypeVar("_T")


def forget() -> None:
    """Forget the weighings kept in this kernel (not those kept with a saved game)."""
    _CACHE.clear()
    _WORKING.clear()


def _remember(key: _Key, value: Weighing) -> None:
    _CACHE[key] = value
    _CACHE.move_to_end(key)
    while len(_CACHE) > KERNEL_LIMIT:
        _CACHE.popitem(last=False)


def _kept(deal: Deal, seat: Seat, samples: int, store: KeptWeighings | None) -> Weighing | None:
    """The weighing kept in this kernel or with the saved game, each told of the other's."""
    key = (deal_seed(deal), seat, samples)
    got = _CACHE.get(key)
    if got is not None:
        _CACHE.move_to_end(key)
        if store is not None and not store.has(deal, seat, samples):
            store.put(deal, got, samples)  # weighed in this kernel before: kept with this game too
        return got
    if store is not None:
        got = store.get(deal, seat, samples)  # None unless it fits this deal
        if got is not None:
            _remember(key, got)
    return got


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _run(finish: Callable[[_T | BaseException], None], work: Callable[..., _T], *args: object) -> None:
    """``work(*args)`` in the worker process (or a worker thread, see the module's docstring), ``finish`` with its
    result (or the exception that stopped it) on the event loop's thread; both at once without a loop to come back
    to or without the solver."""

    def attempt() -> _T | BaseException:
        try:
            return work(*args)
        except Exception as error:  # the front end says it in one line: the review stays usable
            return error

    def in_a_thread() -> None:
        cast("asyncio.AbstractEventLoop", loop).run_in_executor(None, attempt).add_done_callback(
            lambda task: finish(task.result()))

    loop = _running_loop()
    if loop is None or not analysis_available():
        finish(attempt())
    elif not _in_the_process(loop, finish, work, args, instead=in_a_thread):
        in_a_thread()


# -- the worker process ---------------------------------------------------------------------------

@dataclass
class _Pool:
    """The kernel's worker process (a pool of one) and the work it has."""

    executor: ProcessPoolExecutor
    jobs: int = 0
    idle: asyncio.TimerHandle | None = None


_POOL: _Pool | None = None
#: has a worker process answered in this kernel (True), could none start here (False), or not known yet (None)?
_PROCESSES: bool | None = None
#: how the worker process is started: a fresh interpreter, never a fork of the kernel (which has threads)
_START_METHOD = "spawn"


def _lowest_priority() -> None:
    """In the worker process, before any work: the lowest priority (nice 19) for the whole process, its end with
    the kernel's (a kernel killed leaves no worker behind), and no interrupt: the kernel's process group gets the
    interrupt a learner asks for (JupyterLab's "Interrupt the kernel") and the one that stops a table's kernel, which
    would stop the weighing under way and write a traceback into the server's log."""
    with contextlib.suppress(AttributeError, OSError):  # no nice here (Windows): the usual priority
        os.nice(19)
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import multiprocessing

    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), name="vint-end-with-kernel", daemon=True).start()


def _end_with(sentinel: int) -> None:
    from multiprocessing.connection import wait

    wait([sentinel])  # ready once the kernel is gone
    os._exit(0)


def _sent_work(sent: bytes) -> tuple[Any, ...]:
    """In the worker process: the work sent (the function and its arguments, pickled) done. What went wrong comes
    back as the exception when it pickles both ways, else (a class whose ``__init__`` wants other arguments than
    it keeps, as :class:`~vint_core.errors.VintError`) as its class, arguments and attributes, rebuilt on the
    kernel's side (:func:`_received`)."""
    work, args = pickle.loads(sent)  # sent by this kernel
    try:
        return (True, work(*args))
    except Exception as error:
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:
            return (False, type(error), error.args, vars(error))
        return (False, error)


def _received(answer: tuple[Any, ...]) -> object:
    """What the worker process sent back (:func:`_sent_work`): the work's result or the exception that stopped it."""
    if answer[0] or len(answer) == 2:
        return answer[1]
    kind, args, state = answer[1:]
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error


@contextlib.contextmanager
def _main_left_out() -> Iterator[None]:
    """While the worker process is started: no main module for it to run again. ``spawn`` runs the main module's
    top level in the new process (to find functions defined there); a script without an ``if __name__ ==
    "__main__":`` guard would then be run twice, its work and all. The work sent names only modules of vint_core."""
    main = sys.modules["__main__"]
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def _pool() -> _Pool | None:
    """The kernel's worker process, made at the first work (none where processes cannot be made)."""
    global _POOL, _PROCESSES
    if _POOL is None:
        try:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            _POOL = _Pool(ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context(_START_METHOD),
                                              initializer=_lowest_priority))
        except (ImportError, OSError, NotImplementedError, ValueError, RuntimeError):  # the browser's Python
            _PROCESSES = False
    return _POOL


def _discard(pool: _Pool, *, wait: bool = False) -> None:
    """A pool gone wrong or idle stopped (its process ends at once, ``wait`` for that); the next work makes a fresh
    one."""
    global _POOL
    if _POOL is pool:
        _POOL = None
    if pool.idle is not None:
        pool.idle.cancel()
    pool.executor.shutdown(wait=wait, cancel_futures=True)


def _close_if_idle(pool: _Pool) -> None:
    if pool.jobs == 0:
        _discard(pool)


def shut_down() -> None:
    """Stop the worker process and wait for its end (at the kernel's exit; a test's clean start). The next work
    starts a fresh one."""
    global _PROCESSES
    if _POOL is not None:
        _discard(_POOL, wait=True)
    _PROCESSES = None


atexit.register(shut_down)


def _in_the_process(loop: asyncio.AbstractEventLoop, finish: Callable[[_T | BaseException], None],
                    work: Callable[..., _T], args: tuple[object, ...], *, instead: Callable[[], None]) -> bool:
    """``work(*args)`` sent to the worker process, ``finish`` called on ``loop``'s thread with what comes back;
    False when it cannot be sent (no processes here, or work that does not pickle). Should the process die before
    any process has answered in this kernel, processes are taken as not working here: the work is done
    ``instead`` (in a thread), and all work after it."""
    global _PROCESSES
    if _PROCESSES is False:
        return False
    try:
        sent = pickle.dumps((work, args), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # a function of a test's own, say: in a thread
        return False
    pool = _pool()
    if pool is None:
        return False
    try:
        with _main_left_out():
            submitted = pool.executor.submit(_sent_work, sent)
    except Exception:  # BrokenProcessPool (died just now), or a process that cannot start
        _discard(pool)
        if not _PROCESSES:
            _PROCESSES = False
        return False
    pool.jobs += 1
    if pool.idle is not None:
        pool.idle.cancel()
        pool.idle = None

    def done(task: asyncio.Future[tuple[Any, ...]]) -> None:  # on the loop's thread
        global _PROCESSES
        from concurrent.futures.process import BrokenProcessPool

        pool.jobs -= 1
        # cancelled: the worker stopped (the kernel exiting) before it took the work up, said as an error too
        error = CancelledError("the worker process was stopped") if task.cancelled() else task.exception()
        if isinstance(error, BrokenProcessPool):
            _discard(pool)
            if not _PROCESSES:  # never answered: no process works here
                _PROCESSES = False
                instead()
                return
        elif not isinstance(error, CancelledError):
            _PROCESSES = True
            if pool.jobs == 0 and _POOL is pool:
                pool.idle = loop.call_later(IDLE_SECONDS, _close_if_idle, pool)
        finish(cast("_T | BaseException", error if error is not None else _received(task.result())))

    asyncio.wrap_future(submitted, loop=loop).add_done_callback(done)
    return True


def weighing(deal: Deal, seat: Seat, *, samples: int = SAMPLES, store: KeptWeighings | None = None) -> Future[Weighing]:
    """``seat``'s cards and calls in the finished ``deal`` weighed (:func:`~vint_core.table.weighing.weigh`): done
    already when kept, else worked out (see the module's docstring) and kept, in this kernel and in ``store``."""
    key = (deal_seed(deal), seat, samples)
    kept = _kept(deal, seat, samples, store)
    if kept is not None:
        done: Future[Weighing] = Future()
        done.set_result(kept)
        return done
    working = _WORKING.get(key)
    if working is not None and not working.done():
        return working
    future: Future[Weighing] = Future()
    _WORKING[key] = future

    def finish(outcome: Weighing | BaseException) -> None:  # on the front end's thread
        if _WORKING.get(key) is future:
            del _WORKING[key]
        if isinstance(outcome, Weighing):
            _remember(key, outcome)
            if store is not None:
                store.put(deal, outcome, samples)  # saved with the game: the review reopened shows it at once
            future.set_result(outcome)
        else:
            future.set_exception(outcome)

    _run(finish, partial(weigh, samples=samples), deal, seat)
    return future


def position_before(deal: Deal, card: CardWeight) -> Deal:
    """The finished ``deal`` replayed to just before the weighed ``card`` was played."""
    at = len(deal.auction.calls) + (card.trick - 1) * 4 + card.place
    return Deal.replay(deal.hands, deal.actions[:at], dealer=deal.dealer, rules=deal.rules,
                       deal_number=deal.deal_number, board=deal.board)


def _worked_out(work: Callable[..., _T], *args: object) -> Future[_T]:
    """``work(*args)`` worked out as a weighing is (:func:`_run`), as a future: its result, or the exception that
    stopped it."""
    future: Future[_T] = Future()

    def finish(outcome: _T | BaseException) -> None:
        if isinstance(outcome, BaseException):
            future.set_exception(outcome)
        else:
            future.set_result(outcome)

    _run(finish, work, *args)
    return future


def played_out(deal: Deal, seat: Seat, before: Deal, card: Card) -> Future[PlayedOut]:
    """The rest of the finished ``deal`` played out from ``before`` after ``seat``'s ``card``
    (:func:`~vint_core.table.weighing.play_out`: every card the best with all cards visible), worked out as a
    weighing is."""
    return _worked_out(play_out, deal, seat, before, card)


def analysis(review: DealReview) -> Future[tuple[str, ...]]:
    """The double-dummy analysis of the reviewed deal as the review's lines (:meth:`DealReview.analysis
    <vint_core.table.review.DealReview.analysis>`), worked out as a weighing is."""
    return _worked_out(review.analysis)
