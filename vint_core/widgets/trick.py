"""TrickView: the trick on the table, laid out around the compass with the learner at the bottom; and the last
trick played, to look at again once the next trick has begun."""

from __future__ import annotations

from collections.abc import Sequence

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
        self.widget.value = trick_on_table_html(trick, leader=leader, bottom=self.bottom, lang=self.lang,
                                                four_colour=four_colour)

    def clear(self) -> None:
        """Nothing on the table (during the auction)."""
        self.trick = None
        self.widget.value = ""


def trick_on_table_html(trick: Trick | None, *, leader: Seat | None, bottom: Seat, lang: str,
                        four_colour: bool) -> str:
    """``trick`` laid out around the table with ``bottom`` at the bottom (no stylesheet: the page has it); with no
    trick yet, an empty table with ``leader`` (else ``bottom``) marked to lead."""
    shown = trick if trick is not None else Trick(leader if leader is not None else bottom, (), None)
    return render.trick_html(shown, lang=lang, bottom=bottom, four_colour=four_colour, css=False)


def last_trick(tricks: Sequence[Trick], current: Trick | None) -> Trick | None:
    """The last completed trick that is no longer on the table: the trick on the table is the last one until
    the next card is led; from then on the one before it is shown here."""
    done = list(tricks)
    if current is None or not current.cards:
        done = done[:-1]
    return done[-1] if done else None


def last_trick_html(tricks: Sequence[Trick], *, current: Trick | None, lang: str, four_colour: bool,
                    open_: bool = False) -> str:
    """The last completed trick no longer on the table (:func:`last_trick`), drawn by
    :func:`vint_core.render.last_trick_html`; empty when there is none."""
    trick = last_trick(tricks, current)
    number = list(tricks).index(trick) + 1 if trick is not None else 0
    return render.last_trick_html(trick, number=number, lang=lang, four_colour=four_colour, open_=open_)
