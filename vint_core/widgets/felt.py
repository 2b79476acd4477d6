"""Felt: the middle of the table in one drawing: the other three seats around the trick on the table, or around the
auction while it runs. The learner's hand, below it, is a widget of its own (its cards are buttons).

One HTML value instead of a widget for each seat, the trick and the auction: a click whose answers move three seats
and the trick sends the page one message for all of them, not four."""

from __future__ import annotations

from vint_core import render
from vint_core.seats import Seat
from vint_core.table.frame import SeatFrame, TableFrame
from vint_core.widgets.style import html
from vint_core.widgets.trick import trick_on_table_html


class Felt:
    """The seats the learner cannot see into (left-hand opponent on the left, partner opposite, right-hand opponent
    on the right: :attr:`seats`) and, between them, the trick (its cards turned so that :attr:`bottom`, the learner,
    is at the bottom) or the auction."""

    def __init__(self, *, bottom: Seat = Seat.SOUTH, lang: str = "en") -> None:
        #: the learner's seat: the trick is turned so that its card is at the bottom
        self.bottom = bottom
        self.lang = lang
        self.widget = html("vint-feltview")

    @property
    def seats(self) -> tuple[Seat, Seat, Seat]:
        """The seats drawn around the middle: left, opposite, right of the learner."""
        return self.bottom.left, self.bottom.partner, self.bottom.right

    def show(self, frame: TableFrame) -> None:
        """Draw ``frame``'s other three seats (only counts and public facts, never a card of a hand) around its
        auction while it runs, else around the trick on the table (with no trick yet, an empty table with the seat
        to lead marked). A drawing the same as the one on the page sends nothing."""
        left, top, right = (self._seat(seat) for seat in frame.seats)
        if frame.in_auction:
            drawn = render.auction_html(frame.auction, lang=self.lang, four_colour=frame.four_colour, css=False)
            centre = f'<div class="vint-auctionview">{drawn}</div>'
        else:
            drawn = trick_on_table_html(frame.trick, leader=frame.to_act, bottom=self.bottom, lang=self.lang,
                                        four_colour=frame.four_colour)
            centre = f'<div class="vint-trickview">{drawn}</div>'
        self.widget.value = (f'<div class="vint-feltrow vint-feltrow-top">{top}</div>'
                             f'<div class="vint-feltrow">{left}<div class="vint-centre">{centre}</div>{right}</div>')

    def _seat(self, frame: SeatFrame) -> str:
        panel = render.seat_panel_html(frame.seat, player=frame.player, cards_left=frame.cards_left,
                                       tricks=frame.tricks, dealer=frame.dealer, to_act=frame.to_act,
                                       last_call=frame.last_call, lang=self.lang)
        return f'<div class="vint-seatpanel" data-seat="{frame.seat.name}">{panel}</div>'


__all__ = ["Felt"]
