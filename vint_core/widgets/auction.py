"""AuctionView: the calls so far as a grid (North, East, South, West), drawn by the renderer."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.auction import Auction


class AuctionView:
    """The auction grid; the auction is public, so the whole of it is shown."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self.widget = widgets.HTML(_dom_classes=("vint-auctionview",))

    def show(self, auction: Auction, *, four_colour: bool = False) -> None:
        self.widget.value = render.auction_html(auction, lang=self.lang, four_colour=four_colour, css=False)
