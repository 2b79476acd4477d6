"""AuctionView: the calls so far as a grid (North, East, South, West), drawn by the renderer."""

from __future__ import annotations

from vint_core import render
from vint_core.auction import Auction
from vint_core.widgets.style import html


class AuctionView:
    """The auction grid; the auction is public, so the whole of it is shown. Its layout is shared: it is hidden and
    shown with :func:`~vint_core.widgets.style.show_if`."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self.widget = html("vint-auctionview")

    def show(self, auction: Auction, *, four_colour: bool = False) -> None:
        self.widget.value = render.auction_html(auction, lang=self.lang, four_colour=four_colour, css=False)
