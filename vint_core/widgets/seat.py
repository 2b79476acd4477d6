"""SeatPanel: one of the other three seats: who sits there, how many cards are left (shown as backs), tricks won."""

from __future__ import annotations

from vint_core import render
from vint_core.seats import Seat
from vint_core.table.frame import SeatFrame
from vint_core.widgets.style import html


class SeatPanel:
    """A seat the learner cannot see into: its name, its player, its card count as card backs."""

    def __init__(self, *, seat: Seat, lang: str = "en") -> None:
        self.seat = seat
        self.lang = lang
        self.widget = html("vint-seatpanel")
        self._drawn: tuple[str, SeatFrame] | None = None  # what the panel shows now

    def show(self, frame: SeatFrame) -> None:
        """Draw the seat as ``frame`` has it (only counts and public facts, never a card of its hand); a seat that
        has not changed is not drawn again."""
        if (self.lang, frame) == self._drawn:
            return
        self.seat = frame.seat
        self.widget.value = render.seat_panel_html(
            frame.seat, player=frame.player, cards_left=frame.cards_left, tricks=frame.tricks, dealer=frame.dealer,
            to_act=frame.to_act, last_call=frame.last_call, lang=self.lang)
        self._drawn = (self.lang, frame)
