"""ReviewPanel: after a deal, all four hands, the auction, a trick-by-trick replay and the itemised score."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.deal import Deal
from vint_core.i18n import text
from vint_core.review import position_after
from vint_core.scoring import ScoreLine
from vint_core.seats import Seat
from vint_core.widgets.style import html, shared


class ReviewPanel:
    """The finished deal, open: step through the tricks with the slider or the buttons.

    Only a *finished* deal is ever shown here, so nothing hidden reaches the page
    while a deal is being played (:meth:`clear` empties the panel for the next one).

    The double-dummy analysis sits in a part of its own (class ``vint-review-analysis-box``),
    closed at first: it takes from a tenth of a second to a second to work out, so it is asked
    for (``on_analysis``) only when the learner opens that part, or when a deal is shown while
    the part is open; :meth:`show_analysis` then fills it in.
    """

    def __init__(self, *, lang: str = "en", on_analysis: Callable[[], None] | None = None,
                 bottom: Seat = Seat.SOUTH) -> None:
        self.lang = lang
        self.bottom = bottom  # the seat drawn at the bottom of the board: the learner's
        self.deal: Deal | None = None
        self.on_analysis = on_analysis
        self.analysis_offered = False  # the finished deal can be analysed (a contract, endplay installed)
        self.analysis_asked = False  # … and the analysis of it has been asked for
        self.four_colour = False
        self.title = html()
        self.slider = widgets.IntSlider(value=0, min=0, max=0, description="", continuous_update=True,
                                        readout=True)
        self.slider.add_class("vint-review-slider")
        self.slider.observe(self._moved, names="value")
        self.back = widgets.Button(description="◀", tooltip=text("widget_review_back", lang),
                                   layout=shared("layout"), style=shared("button"))
        self.forward = widgets.Button(description="▶", tooltip=text("widget_review_forward", lang),
                                      layout=shared("layout"), style=shared("button"))
        for button in (self.back, self.forward):
            button.add_class("vint-review-step")
        self.back.on_click(self._step_back)
        self.forward.on_click(self._step_forward)
        self.board = html("vint-review-board")
        self.score = html()
        self.analysis = html()
        self.analysis_box = widgets.Accordion(children=[self.analysis], selected_index=None)
        self.analysis_box.set_title(0, text("widget_review_analysis", lang))
        self.analysis_box.add_class("vint-review-analysis-box")
        self.analysis_box.observe(self._analysis_opened, names="selected_index")
        self.reasons = html()
        self.controls = widgets.HBox([self.back, self.slider, self.forward])
        self.widget = widgets.VBox([self.title, self.controls, self.board, self.score, self.analysis_box,
                                    self.reasons])
        self.widget.add_class("vint-review")
        self.clear()

    def show(self, deal: Deal, *, lines: Sequence[ScoreLine] = (), analysis: Sequence[str] = (),
             reasons: Sequence[str] = (), four_colour: bool = False, offer_analysis: bool = False) -> None:
        """Open a finished deal: every hand as dealt, the final position, its score lines, the
        computer players' reasons (kept back until now: they speak of their hands) and the analysis
        (``analysis``, or with ``offer_analysis`` a closed part that asks for it when opened)."""
        if not deal.is_finished:
            from vint_core.errors import NotFinishedError, Reason
            from vint_core.i18n import Phrase

            raise NotFinishedError(Reason.NOT_FINISHED, what=Phrase("finished_reviewed"))
        self.deal = deal
        self.four_colour = four_colour
        played = len(deal.tricks)
        self.title.value = f'<div class="vint-review-title">{render.esc(text("widget_review_title", self.lang))}</div>'
        self.controls.layout.display = None if played else "none"
        self.slider.max = played
        self.slider.description = text("widget_review_trick", self.lang)
        if self.slider.value != played:
            self.slider.value = played  # draws through _moved
        else:
            self._draw()
        items = "".join(f"<li>{render.esc(line.text(self.lang))}</li>" for line in lines)
        if not items:
            items = f"<li>{render.esc(text('passed_out', self.lang))}</li>"
        heading = render.esc(text("widget_review_score", self.lang))
        self.score.value = f'<div class="vint vint-review-score"><b>{heading}</b><ul>{items}</ul></div>'
        self.reasons.value = self._list("widget_review_reasons", reasons, "vint-review-reasons")
        title = text("widget_review_analysis", self.lang)
        if self.analysis_box.get_title(0) != title:
            self.analysis_box.set_title(0, title)
        self.analysis_offered = offer_analysis or bool(analysis)
        self.analysis_asked = bool(analysis)
        self.analysis_box.layout.display = None if self.analysis_offered else "none"
        self.show_analysis(analysis)
        if self.analysis_offered and self.analysis_box.selected_index is not None:
            self._ask_analysis()

    def show_analysis(self, analysis: Sequence[str]) -> None:
        """The double-dummy analysis (or a progress note while it is being worked out)."""
        rows = "".join(f"<li>{render.esc(item)}</li>" for item in analysis)
        # the part's title names it already (see analysis_box)
        self.analysis.value = f'<div class="vint vint-review-analysis"><ul>{rows}</ul></div>' if rows else ""

    def _analysis_opened(self, change: object) -> None:
        if self.analysis_box.selected_index is not None and self.deal is not None:
            self._ask_analysis()

    def _ask_analysis(self) -> None:
        if self.analysis_offered and not self.analysis_asked and self.on_analysis is not None:
            self.analysis_asked = True
            self.on_analysis()

    def _list(self, title: str, items: Sequence[str], css: str) -> str:
        if not items:
            return ""
        rows = "".join(f"<li>{render.esc(item)}</li>" for item in items)
        return f'<div class="vint {css}"><b>{render.esc(text(title, self.lang))}</b><ul>{rows}</ul></div>'

    def clear(self) -> None:
        """Empty the panel (while a deal is being played)."""
        self.deal = None
        self.title.value = ""
        self.controls.layout.display = "none"
        self.board.value = ""
        self.score.value = ""
        self.analysis.value = ""
        self.analysis_offered = self.analysis_asked = False
        self.analysis_box.layout.display = "none"
        self.reasons.value = ""

    def _draw(self) -> None:
        if self.deal is None:
            return
        k = self.slider.value
        position = self.deal if k >= len(self.deal.tricks) else position_after(self.deal, k)
        # the finished deal shows every hand as dealt; an earlier position the cards still held
        self.board.value = render.deal_html(position, bottom=self.bottom, lang=self.lang, four_colour=self.four_colour,
                                            css=False)

    def _moved(self, change: object) -> None:
        self._draw()

    def _step_back(self, button: object) -> None:
        self.slider.value = max(0, self.slider.value - 1)

    def _step_forward(self, button: object) -> None:
        self.slider.value = min(self.slider.max, self.slider.value + 1)
