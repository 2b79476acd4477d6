"""TrickView: the trick on the table, laid out around the compass with the learner at the bottom."""

from __future__ import annotations

from vint_core import render
from vint_core.play import Trick
from vint_core.seats import Seat
from vint_core.widgets.style import html


class TrickView:
    """The current trick (or the one just completed, its winning card ringed), drawn by the renderer."""

    def __init__(self, *, bottom: Seat = Seat.SOUTH, lang: str = "en") -> None:
        self.bottom = bottom
        self.lang = lang
        self.trick: Trick | None = None
        self.widget = html("vint-trickview")

    def show(self, trick: Trick | None, *, leader: Seat | None = None, four_colour: bool = False) -> None:
        """Draw ``trick``; with no trick yet, an empty table with ``leader`` marked to lead."""
        self.trick = trick
        shown = trick if trick is not None else Trick(leader if leader is not None else self.bottom, (), None)
        self.widget.value = render.trick_html(shown, lang=self.lang, bottom=self.bottom, four_colour=four_colour,
                                              css=False)

    def clear(self) -> None:
        """Nothing on the table (during the auction)."""
        self.trick = None
        self.widget.value = ""
