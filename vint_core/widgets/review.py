"""ReviewPanel: after a deal, all four hands, the auction, a trick-by-trick replay, the itemised score and the
learner's cards and calls weighed. The panel draws; the work (the weighing, the rest played out, the positions, what
is kept) is the table's (:mod:`vint_core.table.review_work`), which hands it back as futures."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.cards import Card
from vint_core.deal import Deal
from vint_core.errors import VintError
from vint_core.i18n import text
from vint_core.scoring import ScoreLine
from vint_core.seats import Seat
from vint_core.table import review_work
from vint_core.table.review_work import SAMPLES, CardWeight, KeptWeighings, PlayedOut, Weighing
from vint_core.widgets.style import Foldout, html, opened_at_the_end, shared, show_if

#: the weighing's own marks and list (the colours are the page's, light or dark)
_WEIGH_CSS = """<style>
.vint-review-weighing ul{margin:.2em 0 .4em 1.1em;padding:0}
.vint-review-weighing li{margin:.15em 0}
.vint-weigh-progress{color:var(--vint-muted);font-style:italic}
.vint-weigh-mark{display:inline-block;font-weight:700;font-size:.85em;padding:0 .35em;margin-right:.35em;
 border-radius:.3em;border:1px solid var(--vint-muted);color:var(--vint-fg)}
.vint-weigh-mark.vint-weigh-costly{border-color:var(--vint-h);color:var(--vint-h)}
.vint-weigh-mark.vint-weigh-slip{border-style:dashed}
/* room for the focus ring (3px, 2px apart, a 5px halo) inside the row */
.vint-weigh-moments{flex-wrap:wrap;gap:.4em;padding:8px 10px;overflow:visible}
.vint-weigh-moments .jupyter-button{width:auto;height:auto;min-height:2em;padding:.2em .7em}
.vint-review-weigh-box .jupyter-button.vint-learn-start{font-weight:700;height:auto;min-height:2.2em;
 padding:.2em .9em;margin:.3em 10px;max-width:100%}
.vint-learn{border-left:4px solid var(--vint-accent);padding-left:.6em;margin:.4em 0}
.vint-learn .jupyter-button.vint-learn-rest{font-weight:700;height:auto;min-height:2.2em;padding:.2em .9em;
 margin:.3em 10px;max-width:100%;white-space:normal}
.vint-learn-rest-box{border-top:1px solid var(--vint-muted);margin-top:.3em;padding-top:.3em}
.vint-learn .jupyter-button.vint-learn-card{width:3.2em;height:2.4em;font-size:1.05em;font-weight:700}
.vint-learn .jupyter-button.vint-learn-card.vint-learn-suit-h,
.vint-learn .jupyter-button.vint-learn-card.vint-learn-suit-d{color:var(--vint-h)}
.vint-learn .jupyter-button.vint-learn-card.vint-learn-chosen{outline:2px solid var(--vint-accent)}
.vint-learn-good{font-weight:700}
.vint-learn-worse{font-weight:700;color:var(--vint-h)}
</style>"""

def _replace(box: Any, children: tuple[Any, ...]) -> None:
    """Put ``children`` in ``box`` and close the buttons taken out: no model of an earlier deal's card stays in the
    page."""
    old = box.children
    box.children = children
    for child in old:
        child.close()


class ReviewPanel:
    """The finished deal, open: step through the tricks with the slider or the buttons.

    Only a *finished* deal is ever shown here, so nothing hidden reaches the page
    while a deal is being played (:meth:`clear` empties the panel for the next one).

    The double-dummy analysis sits in a part of its own (class ``vint-review-analysis-box``),
    closed at first: it takes from a tenth of a second to a second to work out, so it is asked
    for (``on_analysis``) only when the learner opens that part, or when a deal is shown while
    the part is open; :meth:`show_analysis` then fills it in.

    The learner's (``bottom``'s) cards and calls are weighed (:func:`vint_core.table.review_work.weighing`) as
    soon as a deal is shown, in the kernel's worker process: a progress line first, then the summary, the marked
    cards with the better card and why, and the costliest moments as buttons that move the replay
    to the cards held before that trick. :attr:`weighed` is the signal: a future that holds the
    :class:`~vint_core.table.weighing.Weighing` once it is drawn. A weighing is kept (by the deal, the seat
    and ``samples``), so the same review opened again, or in another language, is not weighed again.
    ``weigh_cards=False`` leaves the part out.
    """

    #: the panel's parts, made when first needed (``_make``): the panel is hidden until a deal is over, and a
    #: table's page loads the models it has at the start (some 60 fewer so)
    _PARTS = frozenset({
        "title", "slider", "back", "forward", "board", "score", "analysis", "analysis_box", "reasons", "weigh_text",
        "moments", "weigh_marked", "learn_button", "learn_board", "learn_prompt", "learn_cards", "learn_feedback",
        "learn_next", "learn_stop", "learn_buttons", "rest_button", "rest_text", "rest_slider", "rest_back",
        "rest_forward", "rest_controls", "rest_board", "rest_box", "learn_box", "weigh_box", "controls"})

    def __init__(self, *, lang: str = "en", on_analysis: Callable[[], None] | None = None,
                 bottom: Seat = Seat.SOUTH, weigh_cards: bool = True, samples: int = SAMPLES) -> None:
        self.lang = lang
        self.bottom = bottom  # the seat drawn at the bottom of the board: the learner's
        self.deal: Deal | None = None
        self.on_analysis = on_analysis
        self.analysis_offered = False  # the finished deal can be analysed (a contract, endplay installed)
        self.analysis_asked = False  # … and the analysis of it has been asked for
        self.four_colour = False
        self.weigh_cards = weigh_cards
        self.samples = samples
        #: the weighing shown (None while it is worked out, or without one)
        self.weighing: Weighing | None = None
        #: resolved with the weighing once it is drawn (or with the error that stopped it)
        self.weighed: Future[Weighing] = Future()
        self._working: Future[Weighing] | None = None  # the table's work whose weighing this panel shows
        #: the marked position being played again (an index into the weighing's marked cards), None when not
        self.learn_at: int | None = None
        #: the rest played out from the marked position after the card tried (None until asked for)
        self.played_out: PlayedOut | None = None
        #: resolved with the rest played out once it is drawn (or with the error that stopped it)
        self.rested: Future[PlayedOut] = Future()
        #: the panel: empty until its parts are made (``_make``), at the first deal shown or the first part asked
        #: for; hidden until a deal is shown (its layout shared: shown and hidden with
        #: :func:`~vint_core.widgets.style.show_if`)
        self.widget = widgets.VBox([], layout=shared("hidden"), _dom_classes=("vint-review",))
        self._made = False

    def __getattr__(self, name: str) -> Any:
        """A part asked for before the panel has made its parts (a test reading the hidden panel) makes them."""
        if name in ReviewPanel._PARTS and not self.__dict__.get("_made", True):
            self._make_now()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _make_now(self) -> None:
        """Make the parts, each opened with its state (:func:`~vint_core.widgets.style.opened_at_the_end`), and put
        them in the panel."""
        with opened_at_the_end():
            self._make()
        self._fill()

    def _fill(self) -> None:
        self.widget.children = (self.title, self.controls, self.board, self.score, self.weigh_box,
                                self.analysis_box, self.reasons)

    def _make(self) -> None:
        """The panel's parts, as :meth:`clear` leaves them (called once)."""
        self._made = True
        lang = self.lang
        self.title = html()
        # a number field, not a slider: its label names it for screen readers (a slider's handle has no name)
        self.slider = widgets.BoundedIntText(value=0, min=0, max=0, description="", style=shared("description"),
                                             layout=widgets.Layout(width="16em"), _dom_classes=("vint-review-slider",))
        self.slider.observe(self._moved, names="value")
        self.back = widgets.Button(description="◀", tooltip=text("widget_review_back", lang),
                                   layout=shared("layout"), style=shared("button"), _dom_classes=("vint-review-step",))
        self.forward = widgets.Button(description="▶", tooltip=text("widget_review_forward", lang),
                                      layout=shared("layout"), style=shared("button"),
                                      _dom_classes=("vint-review-step",))
        self.back.on_click(self._step_back)
        self.forward.on_click(self._step_forward)
        self.board = html("vint-review-board")
        self.score = html()
        self.analysis = html()
        self.analysis_box = Foldout(self.analysis, title=text("widget_review_analysis", lang),
                                    css="vint-review-analysis-box")
        self.analysis_box.observe(self._analysis_opened, names="selected_index")
        self.reasons = html()
        self.weigh_text = html("vint-review-weighing")
        self.moments = widgets.HBox([], layout=shared("hidden"), _dom_classes=("vint-weigh-moments",))
        self.weigh_marked = html("vint-review-weighing")
        # "Learn from your mistakes": each marked position again, a better card asked for
        self.learn_button = widgets.Button(description=text("widget_learn_button", lang),
                                           tooltip=text("widget_learn_tip", lang),
                                           layout=widgets.Layout(display="none", width="max-content"),
                                           style=shared("button"), _dom_classes=("vint-learn-start",))
        self.learn_button.on_click(lambda _b: self.learn())
        self.learn_board = html("vint-review-board")
        self.learn_prompt = html()
        self.learn_cards = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"),
                                        _dom_classes=("vint-weigh-moments",))
        self.learn_feedback = html()
        self.learn_next = widgets.Button(description=text("widget_learn_next", lang),
                                         layout=shared("auto"), style=shared("button"))
        self.learn_next.on_click(lambda _b: self._learn_step(1))
        self.learn_stop = widgets.Button(description=text("widget_learn_stop", lang),
                                         layout=shared("auto"), style=shared("button"))
        self.learn_stop.on_click(lambda _b: self.stop_learning())
        self.learn_buttons = widgets.HBox([self.learn_next, self.learn_stop], _dom_classes=("vint-weigh-moments",))
        # "See the rest played out": after the card tried, the deal to its end with all cards visible
        self.rest_button = widgets.Button(description=text("widget_learn_rest_button", lang),
                                          layout=widgets.Layout(display="none", width="max-content"),
                                          style=shared("button"), _dom_classes=("vint-learn-rest",))
        self.rest_button.on_click(lambda _b: self.see_rest())
        self.rest_text = html()
        self.rest_slider = widgets.BoundedIntText(value=0, min=0, max=0, description="", style=shared("description"),
                                                  layout=widgets.Layout(width="16em"),
                                                  _dom_classes=("vint-rest-slider",))
        self.rest_slider.observe(lambda _c: self._draw_rest_board(), names="value")
        self.rest_back = widgets.Button(description="◀", tooltip=text("widget_review_back", lang),
                                        layout=shared("layout"), style=shared("button"),
                                        _dom_classes=("vint-review-step",))
        self.rest_forward = widgets.Button(description="▶", tooltip=text("widget_review_forward", lang),
                                           layout=shared("layout"), style=shared("button"),
                                           _dom_classes=("vint-review-step",))
        self.rest_back.on_click(lambda _b: self._rest_step(-1))
        self.rest_forward.on_click(lambda _b: self._rest_step(1))
        self.rest_controls = widgets.HBox([self.rest_back, self.rest_slider, self.rest_forward],
                                          layout=shared("hidden"))
        self.rest_board = html("vint-review-board")
        self.rest_box = widgets.VBox([self.rest_text, self.rest_controls, self.rest_board],
                                     layout=shared("hidden"), _dom_classes=("vint-learn-rest-box",))
        self.learn_box = widgets.VBox([self.learn_prompt, self.learn_cards, self.learn_feedback, self.rest_button,
                                       self.rest_box, self.learn_buttons, self.learn_board],
                                      layout=shared("hidden"), _dom_classes=("vint-learn",))
        self.weigh_box = widgets.VBox([html(value=_WEIGH_CSS), self.weigh_text, self.moments, self.weigh_marked,
                                       self.learn_button, self.learn_box],
                                      layout=shared("hidden"), _dom_classes=("vint-review-weigh-box",))
        self.controls = widgets.HBox([self.back, self.slider, self.forward], layout=shared("hidden"))
        show_if(self.analysis_box, False)

    def show(self, deal: Deal, *, lines: Sequence[ScoreLine] = (), analysis: Sequence[str] = (),
             reasons: Sequence[str] = (), four_colour: bool = False, offer_analysis: bool = False,
             reason_groups: Sequence[tuple[str, Sequence[str]]] = (), kept: KeptWeighings | None = None) -> None:
        """Open a finished deal: every hand as dealt, the final position, its score lines, the
        computer players' reasons (kept back until now: they speak of their hands; ``reason_groups``
        puts them under headings, the auction and each trick) and the analysis (``analysis``, or with
        ``offer_analysis`` a closed part that asks for it when opened). ``kept`` are the weighings kept with
        the saved game: one of this deal is drawn at once (checked against the deal), a new one is kept there."""
        if not deal.is_finished:
            from vint_core.errors import NotFinishedError, Reason
            from vint_core.i18n import Phrase

            raise NotFinishedError(Reason.NOT_FINISHED, what=Phrase("finished_reviewed"))
        if self._made:
            self._show(deal, lines=lines, analysis=analysis, reasons=reasons, four_colour=four_colour,
                       offer_analysis=offer_analysis, reason_groups=reason_groups, kept=kept)
            return
        with opened_at_the_end():  # the first deal shown: its parts open with it drawn in them
            self._make()
            self._show(deal, lines=lines, analysis=analysis, reasons=reasons, four_colour=four_colour,
                       offer_analysis=offer_analysis, reason_groups=reason_groups, kept=kept)
        self._fill()

    def _show(self, deal: Deal, *, lines: Sequence[ScoreLine], analysis: Sequence[str], reasons: Sequence[str],
              four_colour: bool, offer_analysis: bool, reason_groups: Sequence[tuple[str, Sequence[str]]],
              kept: KeptWeighings | None) -> None:
        self.deal = deal
        self.four_colour = four_colour
        played = len(deal.tricks)
        self.title.value = f'<div class="vint-review-title">{render.esc(text("widget_review_title", self.lang))}</div>'
        show_if(self.controls, bool(played))
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
        self.reasons.value = (self._groups(reason_groups) if reason_groups
                              else self._list("widget_review_reasons", reasons, "vint-review-reasons"))
        title = text("widget_review_analysis", self.lang)
        if self.analysis_box.get_title(0) != title:
            self.analysis_box.set_title(0, title)
        self.analysis_offered = offer_analysis or bool(analysis)
        self.analysis_asked = bool(analysis)
        show_if(self.analysis_box, self.analysis_offered)
        self.show_analysis(analysis)
        if self.analysis_offered and self.analysis_box.selected_index is not None:
            self._ask_analysis()
        if self.weigh_cards:
            self._weigh(deal, kept)

    # -- the weighing ------------------------------------------------------------------

    def _weigh(self, deal: Deal, store: KeptWeighings | None = None) -> None:
        """Draw the deal's weighing: at once when it is kept (in memory, or with the saved game ``store``), else a
        progress line until the table's work is done."""
        work = review_work.weighing(deal, self.bottom, samples=self.samples, store=store)
        if work is self._working and not work.done():
            self._draw_progress()  # being worked out already (the same review drawn again, perhaps in German)
            return
        self._working = work
        done: Future[Weighing] = Future()
        self.weighed = done
        show_if(self.weigh_box, True)
        if not work.done():
            self.weighing = None
            self._draw_progress()
            _replace(self.moments, ())
            show_if(self.moments, False)
            self.weigh_marked.value = ""
        # called on the kernel's own thread (the event loop's), or at once when the work is done already
        work.add_done_callback(lambda finished: self._finish(work, done, finished))

    def _draw_progress(self) -> None:
        self.weigh_text.value = (f'<div class="vint vint-review-weighing"><p class="vint-weigh-progress" role="status">'
                                 f'{render.esc(text("widget_weighing", self.lang))}</p></div>')

    def _finish(self, work: Future[Weighing], done: Future[Weighing], finished: Future[Weighing]) -> None:
        """The summary, the costliest moments' buttons and the marked cards, or what stopped the work (only for
        the review shown now); then :attr:`weighed` is resolved."""
        current = work is self._working and done is self.weighed
        outcome = finished.exception()
        if outcome is None:
            result = finished.result()
            if current and self.deal is not None:
                self.weighing = result
                self._render_weighing()
            done.set_result(result)
            return
        if current:
            error = outcome.message(self.lang) if isinstance(outcome, VintError) else type(outcome).__name__
            self.weigh_text.value = (f'<div class="vint vint-review-weighing"><p>'
                                     f'{render.esc(text("widget_weigh_failed", self.lang, error=error))}</p></div>')
        done.set_exception(outcome)

    def _render_weighing(self) -> None:
        weighing, lang = self.weighing, self.lang
        if weighing is None:
            return
        title = render.esc(text("widget_weigh_title", lang))
        summary = "".join(f"<li>{render.esc(line)}</li>" for line in weighing.summary(lang))
        calls_html = ""
        if weighing.calls:  # each call beside the computer player's in the seat, with its reason
            heading = "widget_weigh_calls" if any(c.differs for c in weighing.calls) else "widget_weigh_calls_same"
            calls_html = (f'<b>{render.esc(text(heading, lang))}</b><ul class="vint-weigh-calls">'
                          + "".join(f'<li class="vint-weigh-call{" vint-weigh-call-differs" if c.differs else ""}">'
                                    f'{render.esc(c.text(lang))}</li>' for c in weighing.calls) + "</ul>")
        moments = weighing.costliest()
        lead = f'<p>{render.esc(text("widget_weigh_moments", lang))}</p>' if moments else ""
        self.weigh_text.value = (f'<div class="vint vint-review-weighing"><b>{title}</b><ul>{summary}</ul>'
                                 f'{calls_html}{lead}</div>')
        _replace(self.moments, tuple(self._moment_button(card) for card in moments))
        show_if(self.moments, bool(moments))
        marked = weighing.marked
        self.learn_button.description = text("widget_learn_button", lang)
        self.learn_button.tooltip = text("widget_learn_tip", lang)
        self.learn_button.layout.display = None if marked else "none"
        if self.learn_at is not None:
            self._draw_learning()
        if weighing.needs_endplay:
            self.weigh_marked.value = ""
            return
        if not marked:
            self.weigh_marked.value = (f'<div class="vint vint-review-weighing"><p>'
                                       f'{render.esc(text("widget_weigh_none_marked", lang))}</p></div>')
            return
        rows = "".join(
            f'<li class="vint-weigh-card vint-weigh-{card.mark}"><span class="vint-weigh-mark vint-weigh-{card.mark}">'
            f'{render.esc(text(f"widget_weigh_mark_{card.mark}", lang))}</span>{render.esc(card.text(lang))}</li>'
            for card in marked)
        self.weigh_marked.value = (f'<div class="vint vint-review-weighing"><b>'
                                   f'{render.esc(text("widget_weigh_marked", lang))}</b><ul>{rows}</ul></div>')

    def _moment_button(self, card: CardWeight) -> Any:
        button = widgets.Button(description=text("widget_weigh_moment_button", self.lang, trick=card.trick,
                                                 card=card.card),
                                tooltip=text("widget_weigh_moment_tip", self.lang, trick=card.trick),
                                style=shared("button"))
        button.add_class("vint-weigh-moment")
        button.on_click(lambda _b, trick=card.trick: self.show_trick(trick))
        return button

    # -- learn from your mistakes ------------------------------------------------------

    def learn(self, index: int = 0) -> None:
        """Put the learner back at the ``index``-th marked card: the hands and the cards played before it, the
        legal cards as buttons (:meth:`try_card` answers a click)."""
        if self.weighing is None or not self.weighing.marked or self.deal is None:
            return
        self.learn_at = max(0, min(index, len(self.weighing.marked) - 1))
        self.learn_feedback.value = ""
        show_if(self.learn_box, True)
        self._draw_learning(fresh=True)

    def stop_learning(self) -> None:
        """Close the mode: the review as it was."""
        self.learn_at = None
        show_if(self.learn_box, False)
        _replace(self.learn_cards, ())
        self.learn_board.value = self.learn_prompt.value = self.learn_feedback.value = ""
        self._learn_tried = None
        self._forget_rest()

    def _forget_rest(self) -> None:
        """Put the rest played out away (another position, another card tried, the mode closed)."""
        self.played_out = None
        self._rest_token = object()  # a rest still being played out is not drawn any more
        show_if(self.rest_box, False)
        show_if(self.rest_controls, False)
        self.rest_text.value = self.rest_board.value = ""
        self.rest_button.layout.display = "none" if self._learn_tried is None else None

    _rest_token: object = None

    def see_rest(self) -> None:
        """Play the deal out from the marked position after the card tried
        (:func:`~vint_core.table.review_work.played_out`: every player's best card with all cards visible), in a
        worker process as the weighing, then show it as a replay with its tricks and points beside the deal's.
        :attr:`rested` is the signal."""
        got = self.learn_position()
        card = self._learn_tried
        if got is None or card is None or self.deal is None:
            return
        before, deal, seat = got[1], self.deal, self.bottom
        token = self._rest_token = object()
        done: Future[PlayedOut] = Future()
        self.rested = done
        self.played_out = None
        show_if(self.rest_box, True)
        show_if(self.rest_controls, False)
        self.rest_board.value = ""
        self.rest_text.value = (f'<div class="vint vint-learn-rest"><p class="vint-weigh-progress" role="status">'
                                f'{render.esc(text("widget_learn_resting", self.lang))}</p></div>')

        review_work.played_out(deal, seat, before, card).add_done_callback(
            lambda finished: self._rested(token, done, finished))

    def _rested(self, token: object, done: Future[PlayedOut], finished: Future[PlayedOut]) -> None:
        """Draw the rest played out (or what stopped it) if it is still the one asked for; then :attr:`rested`."""
        outcome = finished.exception()
        if token is self._rest_token:
            if outcome is None:
                out = finished.result()
                self.played_out = out
                self.rest_slider.max = 13  # before the minimum: the field keeps min <= max
                self.rest_slider.min = out.trick
                self.rest_slider.value = out.trick  # the trick with the card tried, then on
                show_if(self.rest_controls, True)
                self._draw_rest()
            else:
                error = outcome.message(self.lang) if isinstance(outcome, VintError) else type(outcome).__name__
                self.rest_text.value = ('<div class="vint vint-learn-rest"><p>' + render.esc(
                    text("widget_learn_rest_failed", self.lang, error=error)) + "</p></div>")
        if outcome is None:
            done.set_result(finished.result())
        else:
            done.set_exception(outcome)

    def _draw_rest(self) -> None:
        out = self.played_out
        if out is None:
            return
        self.rest_text.value = (f'<div class="vint vint-learn-rest" role="status"><p>{render.esc(out.text(self.lang))}'
                                f'</p></div>')
        self.rest_slider.description = text("widget_learn_rest_trick", self.lang)
        self.rest_back.tooltip = text("widget_review_back", self.lang)
        self.rest_forward.tooltip = text("widget_review_forward", self.lang)
        self._draw_rest_board()

    def _draw_rest_board(self) -> None:
        out = self.played_out
        if out is None:
            return
        k = self.rest_slider.value
        position = out.deal if k >= 13 else review_work.position_after(out.deal, k)
        self.rest_board.value = render.deal_html(position, bottom=self.bottom, lang=self.lang,
                                                 four_colour=self.four_colour, css=False)

    def _rest_step(self, by: int) -> None:
        slider = self.rest_slider
        slider.value = max(slider.min, min(slider.max, slider.value + by))

    def learn_position(self) -> tuple[CardWeight, Deal] | None:
        """The marked card being played again and the deal just before it (None when the mode is closed)."""
        if self.learn_at is None or self.weighing is None or self.deal is None:
            return None
        card = self.weighing.marked[self.learn_at]
        return card, review_work.position_before(self.deal, card)

    def _draw_learning(self, *, fresh: bool = False) -> None:
        got = self.learn_position()
        if got is None or self.weighing is None:
            return
        weight, before = got
        lang, n = self.lang, len(self.weighing.marked)
        assert self.learn_at is not None
        prompt = text("widget_learn_prompt", lang, i=self.learn_at + 1, n=n, trick=weight.trick, card=weight.card,
                      mark=text(f"widget_weigh_mark_{weight.mark}", lang))
        # the position first, then the question and the cards to answer it with: the page draws them in that order
        self.learn_board.value = render.deal_html(before, bottom=self.bottom, lang=lang, four_colour=self.four_colour,
                                                  css=False)
        self.learn_prompt.value = f'<div class="vint vint-learn-prompt"><p>{render.esc(prompt)}</p></div>'
        legal = sorted(weight.expected, key=lambda c: (int(c.suit), -int(c.rank)))
        if fresh or len(self.learn_cards.children) != len(legal):
            _replace(self.learn_cards, tuple(self._learn_card_button(c) for c in legal))
        else:
            for button, card in zip(self.learn_cards.children, legal, strict=True):
                button.tooltip = text("widget_learn_card_tip", lang, card=card)
        self.learn_next.description = text("widget_learn_next", lang)
        self.learn_stop.description = text("widget_learn_stop", lang)
        self.learn_next.disabled = self.learn_at + 1 >= n
        self.rest_button.description = text("widget_learn_rest_button", lang)
        if self._learn_tried is not None and not fresh:
            self._say_tried(weight, self._learn_tried)
            self.rest_button.tooltip = text("widget_learn_rest_tip", lang, card=self._learn_tried)
            self._draw_rest()
        elif fresh:
            self._learn_tried = None
            self._forget_rest()

    _learn_tried: Card | None = None

    def _learn_card_button(self, card: Card) -> Any:
        button = widgets.Button(description=str(card), tooltip=text("widget_learn_card_tip", self.lang, card=card),
                                style=shared("button"))
        button.add_class("vint-learn-card")
        button.add_class(f"vint-learn-suit-{card.suit.name[0].lower()}")
        button.on_click(lambda _b, card=card: self.try_card(card))
        return button

    def try_card(self, card: Card) -> bool:
        """The learner's card at the marked position: whether it is as good as the best by the sampled measure
        (said in the panel, with the reason)."""
        got = self.learn_position()
        if got is None:
            return False
        weight = got[0]
        if card not in weight.expected:
            return False
        if card != self._learn_tried:
            self._learn_tried = card
            self._forget_rest()  # the rest played out after another card is put away
        self.rest_button.tooltip = text("widget_learn_rest_tip", self.lang, card=card)
        for button in self.learn_cards.children:
            if button.description == str(card):
                button.add_class("vint-learn-chosen")
            else:
                button.remove_class("vint-learn-chosen")
        return self._say_tried(weight, card)

    def _say_tried(self, weight: CardWeight, card: Card) -> bool:
        lang = self.lang
        best = weight.expected[weight.best]
        good = weight.expected[card] >= best - 1e-6
        if good:
            line = text("widget_learn_best", lang, card=card, points=round(weight.expected[card]), n=weight.samples)
        else:
            line = text("widget_learn_worse", lang, card=card, cost=round(best - weight.expected[card]),
                        n=weight.samples, best=weight.best)
            if card == weight.card:
                line = f"{text('widget_learn_played', lang)} {line}"
        why = f" {weight.why.text(lang)}" if weight.why is not None else ""
        at_last = self.learn_at is not None and self.weighing is not None \
            and self.learn_at + 1 >= len(self.weighing.marked)
        last = f" {text('widget_learn_last', lang)}" if good and at_last else ""
        css = "vint-learn-good" if good else "vint-learn-worse"
        self.learn_feedback.value = (f'<div class="vint vint-learn-feedback" role="status"><p><span class="{css}">'
                                     f'{render.esc(line)}</span>{render.esc(why + last)}</p></div>')
        return good

    def _learn_step(self, by: int) -> None:
        if self.learn_at is not None:
            self.learn(self.learn_at + by)

    def show_trick(self, trick: int) -> None:
        """Move the replay to the cards held before trick ``trick`` (1–13) was played."""
        self.slider.value = max(0, min(self.slider.max, trick - 1))

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

    def _groups(self, groups: Sequence[tuple[str, Sequence[str]]]) -> str:
        parts = "".join(f"<details><summary>{render.esc(title)}</summary><ul>"
                        f"{''.join(f'<li>{render.esc(item)}</li>' for item in items)}</ul></details>"
                        for title, items in groups)
        heading = render.esc(text("widget_review_reasons", self.lang))
        return f'<div class="vint vint-review-reasons"><b>{heading}</b>{parts}</div>'

    def set_lang(self, lang: str) -> None:
        """Label the panel's own controls in ``lang`` (the table draws an open review again)."""
        self.lang = lang
        if not self._made:  # the parts are made in this language
            return
        self.back.tooltip = text("widget_review_back", lang)
        self.forward.tooltip = text("widget_review_forward", lang)
        self.slider.description = text("widget_review_trick", lang)
        self.analysis_box.set_title(0, text("widget_review_analysis", lang))
        self._render_weighing()

    def clear(self) -> None:
        """Empty the panel (while a deal is being played)."""
        self._clear()

    def _clear(self) -> None:
        self.deal = None
        if not self._made:  # nothing drawn yet: the parts are made as this leaves them
            self.analysis_offered = self.analysis_asked = False
            self.weighing = None
            self._working = None
            self.learn_at = None
            self._learn_tried = None
            self.played_out = None
            self._rest_token = object()
            return
        self.title.value = ""
        show_if(self.controls, False)
        self.board.value = ""
        self.score.value = ""
        self.analysis.value = ""
        self.analysis_offered = self.analysis_asked = False
        show_if(self.analysis_box, False)
        self.reasons.value = ""
        self.weighing = None
        self._working = None  # a weighing still being worked out is not drawn any more
        self.stop_learning()
        self.learn_button.layout.display = "none"
        show_if(self.weigh_box, False)
        self.weigh_text.value = self.weigh_marked.value = ""
        _replace(self.moments, ())
        show_if(self.moments, False)

    def _draw(self) -> None:
        if self.deal is None:
            return
        k = self.slider.value
        position = self.deal if k >= len(self.deal.tricks) else review_work.position_after(self.deal, k)
        # the finished deal shows every hand as dealt; an earlier position the cards still held
        self.board.value = render.deal_html(position, bottom=self.bottom, lang=self.lang, four_colour=self.four_colour,
                                            css=False)

    def _moved(self, change: object) -> None:
        self._draw()

    def _step_back(self, button: object) -> None:
        self.slider.value = max(0, self.slider.value - 1)

    def _step_forward(self, button: object) -> None:
        self.slider.value = min(self.slider.max, self.slider.value + 1)
