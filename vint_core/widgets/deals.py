"""DealViewer: a deal from its seed, and the seeds around it, one click each (lesson 00's "deal again"; lesson 01's
seed and dealer, with a dealer box).

A seed box, *◀ Previous seed* and *Next seed ▶*, and the deal of the seed drawn face up (all four hands,
for learning). A click changes the seed box and draws the new deal into one HTML value: two small messages
to the page, no output cleared and redrawn (as ``ipywidgets.interact`` does). In a notebook::

    from vint_core.widgets import DealViewer
    DealViewer(seed=2026)
"""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.deal import Deal
from vint_core.i18n import seat_name, text
from vint_core.seats import Seat
from vint_core.widgets.lessons import LessonBase, lesson_language
from vint_core.widgets.style import hbox, html

__all__ = ["DealViewer"]

#: the highest seed the box takes
MAX_SEED = 10**9


class DealViewer(LessonBase):
    """The deal of a seed, with ``dealer`` dealing; the seed box and the two buttons choose another seed,
    and with ``choose_dealer`` a dealer box another dealer (lesson 01: the hands move round, the cards stay).

    >>> viewer = DealViewer(seed=2026)
    >>> viewer.next()
    >>> viewer.seed, viewer.deal == Deal.new(dealer=Seat.NORTH, seed=2027)
    (2027, True)
    >>> viewer = DealViewer(seed=7, dealer=Seat.SOUTH, choose_dealer=True)
    >>> viewer.deal_by(Seat.NORTH)
    >>> viewer.dealer, viewer.deal == Deal.new(dealer=Seat.NORTH, seed=7)
    (<Seat.NORTH: 0>, True)
    """

    css_name = "vint-deal-viewer"

    def __init__(self, *, seed: int = 0, dealer: Seat = Seat.NORTH, choose_dealer: bool = False,
                 lang: str | None = None) -> None:
        lang = lesson_language(lang)
        super().__init__(lang=lang)
        self.dealer_box = widgets.Dropdown(options=[(seat_name(s, lang), s) for s in Seat], value=dealer,
                                           description=text("explore_dd_dealer", lang),
                                           layout=widgets.Layout(width="auto"))
        self.dealer_box.add_class("vint-deal-dealer")
        self.seed_box = widgets.BoundedIntText(value=min(max(seed, 0), MAX_SEED), min=0, max=MAX_SEED,
                                               description=text("explore_seed", lang),
                                               style={"description_width": "initial"})
        self.seed_box.add_class("vint-deal-seed")
        self.previous_button = self._button("vint-deal-previous", "deals_previous", "deals_previous_tip",
                                            self.previous)
        self.next_button = self._button("vint-deal-next", "deals_next", "deals_next_tip", self.next)
        self.drawing = html("vint-deal-viewer-deal")
        self.deal = Deal.new(dealer=dealer, seed=self.seed)
        self._drawn: int | None = None  # the seed of the deal drawn
        self._drawn_dealer = dealer
        self.seed_box.observe(lambda _change: self._safely(self._draw), names="value")
        self.dealer_box.observe(lambda _change: self._safely(self._draw), names="value")
        controls = [self.previous_button, self.seed_box, self.next_button]
        if choose_dealer:
            controls.append(self.dealer_box)
        self._root([hbox(controls, "vint-controls", "vint-lesson-row"), self.drawing])
        self._draw_title(text("deals_title", lang))
        self._safely(self._draw)

    @property
    def seed(self) -> int:
        """The seed shown."""
        return int(self.seed_box.value)

    @property
    def dealer(self) -> Seat:
        """The dealer of the deal shown."""
        return Seat(self.dealer_box.value)

    def deal_by(self, dealer: Seat) -> None:
        """The same seed dealt by ``dealer``, as the dealer box does."""
        self.dealer_box.value = Seat.of(dealer)

    def show(self, seed: int) -> None:
        """Draw the deal of ``seed`` (kept within 0 … :data:`MAX_SEED`, as the box does)."""
        self.seed_box.value = min(max(seed, 0), MAX_SEED)

    def next(self) -> None:
        """The deal of the next seed, as *Next seed ▶* does."""
        self.show(self.seed + 1)

    def previous(self) -> None:
        """The deal of the previous seed, as *◀ Previous seed* does."""
        self.show(self.seed - 1)

    def _draw(self) -> None:
        if (self.seed, self.dealer) == (self._drawn, self._drawn_dealer):
            return
        try:
            self.deal = Deal.new(dealer=self.dealer, seed=self.seed)
        except Exception:  # the boxes back to the deal shown (the sentence says what went wrong)
            if self._drawn is not None:
                self.seed_box.value = self._drawn
            self.dealer_box.value = self._drawn_dealer
            raise
        self._drawn, self._drawn_dealer = self.seed, self.dealer
        status = text("deals_status", self.lang, seed=self.seed, dealer=self.dealer)
        # one value: the sentence and the deal (the status line of the other lesson widgets stays empty)
        self.drawing.value = (f'<div class="vint vint-status" role="status">{render.esc(status)}</div>'
                              f'<div class="vint-lesson-scroll">'
                              f'{render.deal_html(self.deal, lang=self.lang, css=False)}</div>')
        self.previous_button.disabled = self.seed == 0
        self.next_button.disabled = self.seed == MAX_SEED
