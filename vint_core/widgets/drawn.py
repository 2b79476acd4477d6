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

The page sends a widget's changes one at a time (the next one waits until the kernel has
handled the one before), so the marks go round :data:`SLOTS` pairs of widgets: a report never
waits behind the one before it, and is on its way before the learner can click on the drawing.

Without a page (a script, a test without a browser) nothing is ever reported: :attr:`PageMark.seen` is
None and every click counts.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

__all__ = ["SLOTS", "PageMark"]

#: pairs of widgets the marks go round
SLOTS = 4


class _Seen(widgets.IntText):  # type: ignore[misc]
    """The number the page reports: not echoed back to the page (ipywidgets 8 answers every change a page sends with
    an ``echo_update`` message; the page set this number itself, so that would be one message more per drawing)."""

    value = traitlets.CInt(-1).tag(sync=True, echo_update=False)


class PageMark:
    """The position drawn last and the one the page reports having drawn (see the module's docstring)."""

    def __init__(self) -> None:
        self.drawn_slots: tuple[Any, ...] = tuple(widgets.IntText(value=-1) for _ in range(SLOTS))
        self.seen_slots: tuple[Any, ...] = tuple(_Seen(value=-1) for _ in range(SLOTS))
        #: in the page: every change of a drawn number is copied to its seen one, which the page sends back
        self.links: tuple[Any, ...] = tuple(widgets.jsdlink((d, "value"), (s, "value"))
                                            for d, s in zip(self.drawn_slots, self.seen_slots, strict=True))
        self._marks = 0
        self._last: int | None = None
        self._reported: int | None = None
        for slot in self.seen_slots:
            slot.observe(self._report, names="value")

    def drawn(self, position: int) -> None:
        """The drawing being sent shows ``position`` (send this after everything the learner may click)."""
        if position == self._last:
            return
        self._last = position
        self.drawn_slots[self._marks % SLOTS].value = position
        self._marks += 1

    @property
    def last_slot(self) -> int:
        """The slot that carries the latest mark (for a test that plays the page's part)."""
        return (self._marks - 1) % SLOTS

    def _report(self, change: Any) -> None:
        value = change["new"]
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            self._reported = value

    @property
    def seen(self) -> int | None:
        """The position the page last reported having drawn; None while no page has reported (no browser)."""
        return self._reported
