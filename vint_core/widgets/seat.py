"""SeatPanel: one of the other three seats: who sits there, how many cards are left (shown as backs), tricks won."""

from __future__ import annotations

from vint_core import render
from vint_core.i18n import seat_name, text
from vint_core.seats import Seat
from vint_core.widgets.style import html


class SeatPanel:
    """A seat the learner cannot see into: its name, its player, its card count as card backs."""

    def __init__(self, *, seat: Seat, lang: str = "en") -> None:
        self.seat = seat
        self.lang = lang
        self.widget = html("vint-seatpanel")

    def show(self, *, player: str, cards_left: int, tricks: int, dealer: bool, to_act: bool,
             last_call: str = "") -> None:
        """Draw the seat; only counts and public facts, never a card of its hand."""
        marks = []
        if dealer:
            marks.append(text("ui_dealer_mark", self.lang))
        if to_act:
            marks.append(text("ui_to_act_mark", self.lang))
        mark = f' <span class="vint-mark">({render.esc(", ".join(marks))})</span>' if marks else ""
        # the backs are drawn by the stylesheet (class vint-cardback): a few bytes each, one label for all
        backs = '<i class="vint-cardback"></i>' * cards_left
        count = text("ui_cards_left", self.lang, n=cards_left)
        hidden = render.esc(f'{count} · {text("ui_hidden_card", self.lang)}')
        facts = [count, text("ui_tricks_n", self.lang, n=tricks)]
        if last_call:
            facts.append(text("widget_last_call", self.lang, call=last_call))
        active = " vint-active" if to_act else ""
        name = render.esc(seat_name(self.seat, self.lang))
        self.widget.value = (
            f'<div class="vint-seatbox{active}" role="group" aria-label="{name}">'
            f'<div class="vint-seatlabel">{name} '
            f'<span class="vint-player">· {render.esc(player)}</span>{mark}</div>'
            f'<div class="vint-backs" role="img" aria-label="{hidden}">{backs}</div>'
            f'<div class="vint-facts">{render.esc(" · ".join(facts))}</div></div>')
