"""ScoreSheet (the rubber, each line opening to its explanation) and LiveScore (both sides' tricks during play)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from vint_core import render
from vint_core.deal import Deal
from vint_core.rubber import Rubber
from vint_core.views import SeatView
from vint_core.widgets.style import html


class ScoreSheet:
    """The rubber's score sheet (class ``vint-scoresheet``): a row per deal that opens to its score lines."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self.widget = html("vint-scoresheet-view")

    def show(self, rubber: Rubber, *, history: Sequence[Rubber] = (), pending: Deal | None = None,
             practised: Collection[tuple[int, int]] = ()) -> None:
        """Draw ``rubber``; ``pending`` (the deal being played) adds an "in progress" row, nothing of its cards;
        ``practised``: the deals (rubber number, deal number) played with undo."""
        self.widget.value = render.scoresheet_html(rubber, history=history, pending=pending, lang=self.lang,
                                                   css=False, practised=practised)


class LiveScore:
    """Both sides' tricks so far and what they are worth at this contract: in Vint the defenders score too."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self.widget = html("vint-livescore")

    def show(self, view: SeatView | Deal) -> None:
        self.widget.value = render.live_score_html(view, lang=self.lang, css=False)
