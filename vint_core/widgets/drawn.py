"""PageMark: which drawing of the game the page shows, as the page itself reports it.

A click in the page is a message without any content (ipywidgets' ``click`` event). When the
computer players answer at once (pace "none"), a second click (a double click on Pass) reaches
the kernel after the first one has been answered, when the same button stands for a new
position: taken as it comes, it would be played there. So every drawing ends by marking the
number of the position it shows (:meth:`PageMark.drawn`), and a link in the page
(``ipywidgets.jsdlink``: the page's own widget code, nothing added) copies that number into a
second widget as soon as the page has the drawing, which the page then sends back. The kernel
reads the page's messages in the order the page sent them: a click that arrives while the
number the page reported is older than the one drawn last was made on an older drawing
(:attr:`PageMark.seen`), and the front end refuses it.

Without a page (a script, a test without a browser) nothing is ever reported: :attr:`seen` is
None and every click counts.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

__all__ = ["PageMark"]


class PageMark:
    """The position drawn last and the one the page reports having drawn (see the module's docstring)."""

    def __init__(self) -> None:
        self._drawn: Any = widgets.IntText(value=-1)
        self._seen: Any = widgets.IntText(value=-1)
        #: in the page: every change of the drawn number is copied to the seen one, which the page sends back
        self.link: Any = widgets.jsdlink((self._drawn, "value"), (self._seen, "value"))

    def drawn(self, position: int) -> None:
        """The drawing that has just been sent shows ``position`` (send this last)."""
        if self._drawn.value != position:
            self._drawn.value = position

    @property
    def seen(self) -> int | None:
        """The position the page last reported having drawn; None while no page has reported (no browser)."""
        value = self._seen.value
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None
