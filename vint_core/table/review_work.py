"""The work a finished deal's review asks for, given to a front end as futures: the learner's cards and calls weighed
(:func:`weighing`), the rest of the deal played out after a card tried again (:func:`played_out`), and the positions
the replay and "Learn from your mistakes" show (:func:`~vint_core.table.review.position_after`,
:func:`position_before`).

Weighing takes the double-dummy solver seconds, so it runs in a worker thread when the front end has an event loop
to come back to (a notebook kernel) and the solver is installed; otherwise (a script, a test, the browser's Python,
which has no threads) it is worked out at once. Either way the front end gets a
``concurrent.futures.Future``, resolved on its own thread (the loop's), and draws once it is done; a weighing
being worked out is not started twice (the same review drawn again, in another language).

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
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from vint_core.cards import Card
from vint_core.deal import Deal
from vint_core.seats import Seat
from vint_core.table.review import analysis_available, position_after
from vint_core.table.weighing import SAMPLES, CardWeight, KeptWeighings, PlayedOut, Weighing, deal_seed, play_out, weigh

__all__ = ["KERNEL_LIMIT", "SAMPLES", "CardWeight", "KeptWeighings", "PlayedOut", "Weighing", "forget",
           "played_out", "position_after", "position_before", "weighing"]

#: weighings kept in this kernel (re-opening a review, another language, another lesson's table)
KERNEL_LIMIT = 32

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


def _run(work: Callable[[], _T], finish: Callable[[_T | BaseException], None]) -> None:
    """``work`` in a worker thread, ``finish`` with its result (or the exception that stopped it) on the event
    loop's thread; both at once without a loop to come back to or without the solver."""

    def attempt() -> _T | BaseException:
        try:
            return work()
        except Exception as error:  # the front end says it in one line: the review stays usable
            return error

    loop = _running_loop()
    if loop is None or not analysis_available():
        finish(attempt())
        return
    loop.run_in_executor(None, attempt).add_done_callback(lambda task: finish(task.result()))


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

    _run(lambda: weigh(deal, seat, samples=samples), finish)
    return future


def position_before(deal: Deal, card: CardWeight) -> Deal:
    """The finished ``deal`` replayed to just before the weighed ``card`` was played."""
    at = len(deal.auction.calls) + (card.trick - 1) * 4 + card.place
    return Deal.replay(deal.hands, deal.actions[:at], dealer=deal.dealer, rules=deal.rules,
                       deal_number=deal.deal_number, board=deal.board)


def played_out(deal: Deal, seat: Seat, before: Deal, card: Card) -> Future[PlayedOut]:
    """The rest of the finished ``deal`` played out from ``before`` after ``seat``'s ``card``
    (:func:`~vint_core.table.weighing.play_out`: every card the best with all cards visible), worked out as a
    weighing is."""
    future: Future[PlayedOut] = Future()

    def finish(outcome: PlayedOut | BaseException) -> None:
        if isinstance(outcome, PlayedOut):
            future.set_result(outcome)
        else:
            future.set_exception(outcome)

    _run(lambda: play_out(deal, seat, before, card), finish)
    return future
