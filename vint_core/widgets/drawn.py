"""PageMark: which drawing of the game the page shows, as the page itself reports it.

A click in the page is a message without any content (ipywidgets' ``click`` event). When the
computer players answer at once (pace "none"), a second click (a double click on Pass) reaches
the kernel after the first one has been answered, when the same button stands for a new
position: taken as it comes, it would be played there. So every drawing marks the number of
the position it shows (:meth:`PageMark.drawn`, sent before the drawing's status line, the last
part of a drawing), and a link in the page (``ipywidgets.jsdlink``: the page's own widget code,
nothing added) copies that number into a second widget as soon as the page has it, which the
page then sends back. The kernel reads the page's messages in the order the page sent them: a
click that arrives while the number the page reported last is not the position drawn last was
made on an older drawing (:attr:`PageMark.seen`), and the front end refuses it.
The hand and the bidding box of a drawing stay frozen (``show(..., hold=True)``) until its number has been
sent (``thaw()`` after :meth:`PageMark.drawn`): a click on them comes after the page's report of it.

The page sends a widget's changes one at a time (the next one waits until the kernel has
handled the one before), so the marks go round :data:`SLOTS` pairs of widgets: a report never
waits behind the one before it, and is on its way before the learner can click on the drawing.

A report widget the page no longer sends is replaced. The page's widget sends its next change only once the
kernel has answered the one before with an ``idle`` status; ipykernel 7 takes a widget's message while a cell
awaits (lesson 05's checks await the review's weighing) and sends no status for it, so that widget would keep
every later report to itself, and the clicks on each drawing whose mark it carried would be refused. A report
taken that way (:func:`answered_without_status`) marks its slot, which gets a new report widget and link the next
time a mark goes round to it. Reports count in the order of the drawings (a late report of an older drawing does
not take the page back), and a click refused for an older drawing is said (:func:`click_gone_by`), also one the
hand or the bidding box drops before the table or the lesson sees it (:class:`DroppedClicks`).

Without a page (a script, a test without a browser) nothing is ever reported: :attr:`PageMark.seen` is
None and every click counts.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from vint_core.i18n import text
from vint_core.widgets.style import shared

if TYPE_CHECKING:
    from vint_core.widgets.bidding import BiddingBox
    from vint_core.widgets.hand import HandView

__all__ = ["SLOTS", "DroppedClicks", "PageMark", "answered_without_status", "click_gone_by"]

#: pairs of widgets the marks go round
SLOTS = 4


class _Seen(widgets.IntText):  # type: ignore[misc]
    """The number the page reports: not echoed back to the page (ipywidgets 8 answers every change a page sends with
    an ``echo_update`` message; the page set this number itself, so that would be one message more per drawing)."""

    value = traitlets.CInt(-1).tag(sync=True, echo_update=False)


def answered_without_status() -> bool:
    """Is the page's message being handled now one the page will get no ``idle`` status for? ipykernel 7 takes a
    widget's message while a cell awaits outside its queue (``dispatch_shell(..., concurrent=True)``, a frame
    further up this call) and publishes no status for it."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "dispatch_shell" and frame.f_locals.get("concurrent") is True:
            return True
        frame = frame.f_back
    return False


def click_gone_by(lang: str) -> str:
    """The sentence for a click the kernel refused because it was made on a drawing the table has left."""
    return text("widget_click_gone_by", lang)


class DroppedClicks:
    """The clicks the hand's or the bidding box's own handler drops, said when made on an older drawing: the second
    click of a double click on a card, which the first one played (its button, hidden, forwards no click). A handler
    on every button, after the hand's and the box's own, calls ``said()`` for a click the owner's handler did not
    mark as :meth:`forwarded` while the page's report (``mark.seen``) is not ``position()``, the position now."""

    def __init__(self, mark: PageMark, hand: HandView, box: BiddingBox, *, position: Callable[[], int],
                 said: Callable[[], object]) -> None:
        self._mark = mark
        self._position = position
        self._said = said
        self._forwarded = False  # the click being handled reached the owner's handler
        for button in (*hand.row.children, *box.buttons):
            button.on_click(self._dropped)

    def forwarded(self) -> None:
        """The click being handled reached the table or the lesson (which says itself why it may be refused)."""
        self._forwarded = True

    def _dropped(self, button: object) -> None:
        forwarded, self._forwarded = self._forwarded, False
        seen = self._mark.seen
        if not forwarded and seen is not None and seen != self._position():
            self._said()


class PageMark:
    """The position drawn last and the one the page reports having drawn (see the module's docstring)."""

    def __init__(self) -> None:
        # never shown: the shared layout and style, no models of their own for the page to load
        self.drawn_slots: tuple[Any, ...] = tuple(widgets.IntText(value=-1, layout=shared("layout"),
                                                                  style=shared("description")) for _ in range(SLOTS))
        self.seen_slots: list[Any] = []
        #: in the page: every change of a drawn number is copied to its seen one, which the page sends back
        self.links: list[Any] = []
        for slot in range(SLOTS):
            self._connect(slot)
        self._marks = 0
        self._last: int | None = None
        self._reported: int | None = None
        self._reported_mark = -1
        #: per slot, the number of the mark it carries and its position
        self._carried: list[tuple[int, int]] = [(-1, -1)] * SLOTS
        #: slots whose report widget the page no longer sends (see answered_without_status)
        self.stuck: set[int] = set()
        self._on_first_report: list[Callable[[], object]] = []

    def _connect(self, slot: int) -> None:
        """A new report widget for ``slot`` and its link from the drawn number (the old ones closed)."""
        seen = _Seen(value=-1, layout=shared("layout"), style=shared("description"))
        link = widgets.jsdlink((self.drawn_slots[slot], "value"), (seen, "value"))
        seen.observe(lambda change, slot=slot: self._report(slot, change), names="value")
        if slot < len(self.seen_slots):
            old = self.seen_slots[slot], self.links[slot]
            self.seen_slots[slot], self.links[slot] = seen, link
            for widget in old:
                widget.close()
        else:
            self.seen_slots.append(seen)
            self.links.append(link)

    def drawn(self, position: int) -> None:
        """The drawing being sent shows ``position`` (send this after everything the learner may click)."""
        if position == self._last:
            return
        self._last = position
        slot = self._marks % SLOTS
        self._carried[slot] = (self._marks, position)
        self.drawn_slots[slot].value = position
        if slot in self.stuck:  # a new report widget: its link copies the number just drawn when the page has it
            self.stuck.discard(slot)
            self._connect(slot)
        self._marks += 1

    def is_new(self, position: int) -> bool:
        """Does a drawing of ``position`` carry a new mark (:meth:`drawn` sends one only when the position changed)?
        Only then must its hand and box stay frozen until the mark is sent: the page has reported the others."""
        return position != self._last

    @property
    def last_slot(self) -> int:
        """The slot that carries the latest mark (for a test that plays the page's part)."""
        return (self._marks - 1) % SLOTS

    def _report(self, slot: int, change: Any) -> None:
        if answered_without_status():
            self.stuck.add(slot)
        value = change["new"]
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            return
        mark, position = self._carried[slot]
        if value == position and mark > self._reported_mark:  # a later drawing than any reported before
            first = self._reported is None
            self._reported_mark = mark
            self._reported = value
            if first:
                waiting, self._on_first_report = self._on_first_report, []
                for callback in waiting:
                    callback()

    def when_reported(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` once the page has reported its first drawing (at once if it has): its widgets are built
        then, so an update sent from then on is drawn (one sent while the page builds them, from the state it has
        just fetched, can be lost)."""
        if self._reported is not None:
            callback()
        else:
            self._on_first_report.append(callback)

    @property
    def seen(self) -> int | None:
        """The position the page last reported having drawn; None while no page has reported (no browser)."""
        return self._reported
