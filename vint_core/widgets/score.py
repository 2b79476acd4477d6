"""ScoreSheet (the rubber, each line opening to its explanation) and LiveScore (both sides' tricks during play)."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from vint_core import render
from vint_core.deal import Deal
from vint_core.rubber import Rubber
from vint_core.table.frame import ScoreFrame, TableFrame
from vint_core.views import SeatView
from vint_core.widgets.style import html


class ScoreSheet:
    """The rubber's score sheet (class ``vint-scoresheet``): a row per deal that opens to its score lines."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self.widget = html("vint-scoresheet-view")
        self._drawn: tuple[object, ...] | None = None  # what the sheet drawn now shows

    def show(self, rubber: Rubber, *, history: Sequence[Rubber] = (), pending: Deal | None = None,
             practised: Collection[tuple[int, int]] = ()) -> None:
        """Draw ``rubber``; ``pending`` (the deal being played) adds an "in progress" row, nothing of its cards;
        ``practised``: the deals (rubber number, deal number) played with undo.

        The sheet changes only when a deal ends or starts: the clicks in between (every card) do not draw it
        again, and its cost does not grow with the rubbers already played."""
        in_progress = pending.dealer if pending is not None and not pending.is_finished else None
        shown = (self.lang, rubber, tuple(history), in_progress, frozenset(practised))
        if shown == self._drawn:  # rubbers are immutable values: the same ones draw the same sheet
            return
        self.widget.value = render.scoresheet_html(rubber, history=history, pending=pending, lang=self.lang,
                                                   css=False, practised=practised)
        self._drawn = shown

    def draw(self, frame: ScoreFrame) -> None:
        """Draw the sheet as a frame has it (again only when it changed: see :meth:`show`)."""
        self.show(frame.rubber, history=frame.history, pending=frame.pending, practised=frame.practised)


class LiveScore:
    """Both sides' tricks so far and what they are worth at this contract: in Vint the defenders score too."""

    def __init__(self, *, lang: str = "en") -> None:
        self.lang = lang
        self.widget = html("vint-livescore")

    def show(self, view: SeatView | Deal) -> None:
        """Draw the score of ``view`` (a seat's view or a deal)."""
        self.widget.value = render.live_score_html(view, lang=self.lang, css=False)

    def draw(self, frame: TableFrame) -> None:
        """Draw the score as ``frame`` has it."""
        self.widget.value = render.contract_score_html(
            contract=frame.contract, won=frame.tricks_won, rules=frame.rules,
            passed_out=frame.contract is None and frame.finished, lang=self.lang, css=False)
