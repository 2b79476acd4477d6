"""The lessons' widgets: a trick to play, a bidding box that explains, an auction and a deal against the computer.

Each is a thin view, like the table: the practice (:mod:`vint_core.table.drills`) or the
:class:`~vint_core.table.controller.Controller` decides and explains, the widget draws and forwards clicks.
They reuse the table's pieces (hand, bidding box, trick, auction, review panel) and draw only what
the learner may see: his own cards and the cards played (the four hands appear only once the auction
or the deal is over). A refused card or call, and anything else that goes wrong, becomes a sentence
in the widget, never a traceback. In a notebook::

    from vint_core.widgets import TrickPractice, BiddingPractice, AuctionPractice, OneDeal
    TrickPractice.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠")
    BiddingPractice(calls=["2♠"])          # try 2♣: in Vint it outranks 2♠
    AuctionPractice(seed=7)
    OneDeal(seed=7)
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.calls import PASS, Call
from vint_core.cards import Card, Hand, Suit
from vint_core.deal import Phase
from vint_core.errors import VintError, bad_argument
from vint_core.feedback import Feedback
from vint_core.i18n import LANGUAGES, rules_title, seat_name, text
from vint_core.rules import SEED, RuleSet
from vint_core.seats import Seat
from vint_core.table.controller import Controller, Update
from vint_core.table.drills import AuctionDrill, BiddingDrill, TrickDrill
from vint_core.widgets.auction import AuctionView
from vint_core.widgets.bidding import BiddingBox
from vint_core.widgets.drawn import DroppedClicks, PageMark, click_gone_by
from vint_core.widgets.hand import HandView
from vint_core.widgets.review import ReviewPanel
from vint_core.widgets.score import LiveScore
from vint_core.widgets.style import hbox, html, shared, show_if, style_html, vbox
from vint_core.widgets.trick import TrickView, last_trick_html

__all__ = ["AuctionPractice", "BiddingPractice", "OneDeal", "TrickPractice", "lesson_language", "set_lesson_language"]

_log = logging.getLogger(__name__)

#: the language of the widgets a lesson makes without a ``lang`` of their own (set_lesson_language)
_LESSON_LANG = {"lang": "en"}


def set_lesson_language(lang: str) -> None:
    """The language the lesson's widgets speak from now on in this kernel, when they are given no ``lang``: a
    translated lesson's first code cell sets it (notebooks/de/, notebooks/ru/, written by
    deploy/course/translate.py), so the code cells stay the English lesson's. The deals a cell shows
    (``deal`` on a cell's last line) are drawn in it too, seat names and all.

    >>> set_lesson_language("de"); lesson_language()
    'de'
    >>> set_lesson_language("fr")
    Traceback (most recent call last):
    ...
    vint_core.errors.ParseError: lang cannot be 'fr': it is a language the lessons' widgets speak: en, de, ru
    >>> set_lesson_language("en")
    """
    if lang not in LANGUAGES:
        raise bad_argument("lang", lang, "arg_lesson_lang", known=", ".join(LANGUAGES))
    _LESSON_LANG["lang"] = lang
    _draw_deals_in(lang)


def lesson_language(lang: str | None = None) -> str:
    """``lang`` if given, else the lesson's language (:func:`set_lesson_language`, English until set)."""
    return _LESSON_LANG["lang"] if lang is None else lang


def _draw_deals_in(lang: str) -> None:
    """The notebook's drawing of a deal (its ``_repr_html_`` speaks English) in ``lang``, in a running kernel."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets brings IPython
        return
    shell = get_ipython()
    if shell is None:
        return
    from vint_core.deal import Deal

    formatter = shell.display_formatter.formatters["text/html"]
    if lang == "en":
        formatter.pop(Deal, None)
    else:
        formatter.for_type(Deal, lambda deal: render.deal_html(deal, lang=lang))

_LESSON_CSS = """
.vint-lesson{max-width:calc(960*var(--vintpx));min-width:0}
.vint-lesson>*{min-width:0;max-width:100%}
.vint-lesson .vint-lesson-row{flex-wrap:wrap;gap:.8em;align-items:flex-start}
.vint-lesson .vint-lesson-row>*{min-width:0;max-width:100%}
.vint-lesson .vint-side .widget-html-content{overflow-x:auto}
.vint-lesson .vint-side .vint-live td,.vint-lesson .vint-side .vint-live th{padding:.1em .3em}
.vint-lesson .widget-html,.vint-lesson .widget-html-content{min-width:0;max-width:100%}
.vint-lesson .vint-lesson-scroll{overflow-x:auto;max-width:100%}
.vint-lesson .vint-feedback ul{margin:.2em 0 .2em 1.1em;padding:0}
.vint-lesson .vint-feedback li{color:var(--vint-muted)}
.vint-lesson .vint-feedback li.vint-latest{color:var(--vint-fg);font-weight:600}
.vint-lesson .vint-feedback li.vint-illegal{color:var(--vint-h)}
.vint-lesson .vint-lesson-felt{background:var(--vint-felt);color:var(--vint-felt-fg);border-radius:.8em;
 padding:.5em .7em}
.vint-lesson .vint-lesson-felt .widget-html,.vint-lesson .vint-lesson-felt .widget-html-content{color:inherit}
.vint-lesson .vint-lesson-felt .vint.vint-last-trick{color:var(--vint-felt-fg);background:transparent;margin:.2em 0}
"""


def _guarded(lang: Callable[[], str], show: Callable[[str], None], action: Callable[[], object]) -> None:
    """Run a click's work; a ``VintError`` (or anything unexpected) becomes a sentence, never a traceback."""
    try:
        action()
    except VintError as err:
        show(err.message(lang()))
    except Exception as err:  # the learner sees a sentence; the notebook's log keeps the traceback
        _log.exception("a lesson widget failed")
        show(text("lesson_failed", lang(), error=type(err).__name__))


class _Lesson:
    """What every lesson widget has: a title, a status line (``vint-status``), a list of feedback sentences
    (``vint-feedback``, announced to screen readers) and a root box of class ``vint-lesson``."""

    css_name = "vint-lesson"

    def __init__(self, *, lang: str) -> None:
        self.lang = lang
        self.style = html(value=f"<style>{_LESSON_CSS}</style>" + style_html())
        self.title = html("vint-lesson-title")
        self.status = html("vint-status-box")
        self.feedback = html("vint-feedback-box")
        self.lines: list[tuple[str, str]] = []  # (sentence, css class) shown in the feedback list

    def _root(self, children: Sequence[Any]) -> Any:
        self.widget = vbox([self.style, self.title, self.status, *children, self.feedback],
                           "vint", "vint-table", "vint-lesson", self.css_name)
        return self.widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _button(self, css: str, label: str, tip: str, handler: Callable[[], None]) -> Any:
        button = widgets.Button(description=text(label, self.lang), tooltip=text(tip, self.lang),
                                layout=shared("layout"), style=shared("button"))
        button.add_class(css)
        button.on_click(lambda _b: self._safely(handler))
        return button

    def _safely(self, action: Callable[[], object]) -> None:
        _guarded(lambda: self.lang, self._say, action)

    def _forward(self, act: Callable[[Any], object]) -> Callable[[Any], None]:
        """A click handler for a card or a call: ``act(it)``, any failure shown as a sentence."""
        return lambda item: self._safely(lambda: act(item))

    def _say(self, sentence: str, css: str = "vint-illegal") -> None:
        self.lines.append((sentence, css))
        self._draw_feedback()

    def _draw_title(self, title: str, subtitle: str = "") -> None:
        sub = f'<div class="vint-subtitle">{render.esc(subtitle)}</div>' if subtitle else ""
        self.title.value = f'<div class="vint-title">{render.esc(title)}</div>{sub}'

    def _draw_status(self, status: str) -> None:
        self.status.value = render.status_html(status, css=False)

    def _draw_feedback(self) -> None:
        items = []
        for k, (sentence, css) in enumerate(self.lines):
            classes = " ".join(c for c in (css, "vint-latest" if k == len(self.lines) - 1 else "") if c)
            items.append(f'<li class="{classes}">{render.esc(sentence)}</li>')
        self.feedback.value = (f'<div class="vint vint-feedback" role="log" aria-live="polite">'
                               f'<ul>{"".join(items)}</ul></div>' if items else "")

    @property
    def feedback_text(self) -> tuple[str, ...]:
        """The feedback sentences shown, oldest first."""
        return tuple(sentence for sentence, _ in self.lines)


def _all_calls(rules: RuleSet) -> tuple[Call, ...]:
    return (*rules.bids, PASS)


#: the base of the lesson widgets, for the course's other small widgets (vint_core.widgets.explorers)
LessonBase = _Lesson

class TrickPractice(_Lesson):
    """Play to a trick from a given position: every card in the hand can be clicked, an illegal one is explained
    (the engine's reason), a legal one too (following, discarding, trumping: there is no duty to trump), and
    each trick's winner with the reason.

    >>> practice = TrickPractice.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠", seed=1)
    >>> practice.play(Card.parse("Q♦")).kind
    'discard'
    """

    css_name = "vint-lesson-trick"

    def __init__(self, drill: TrickDrill) -> None:
        super().__init__(lang=drill.lang)
        self.drill = drill
        self.hand = HandView(on_play=self._forward(self.play), lang=self.lang)
        self.trick = TrickView(bottom=drill.human, lang=self.lang)
        self.last_trick = html("vint-last-trick-box")  # the trick just finished, its four cards, once the next began
        self.again = self._button("vint-again", "lesson_again_button", "lesson_again_tip", self.reset)
        felt = vbox([self.trick.widget, self.last_trick, self.hand.widget], "vint-lesson-felt")
        self._root([felt, hbox([self.again], "vint-controls")])
        self._lines_from_drill()
        self.refresh()

    @classmethod
    def position(cls, *, hand: Hand | str | Iterable[Card], led: Sequence[Card | str] = (),
                 trump: Suit | str | None = None, seat: Seat = Seat.SOUTH, tricks: int = 1, seed: int = 0,
                 lang: str | None = None) -> TrickPractice:
        """The learner at ``seat`` holds ``hand`` and plays after the cards ``led`` (see
        :func:`~vint_core.table.drills.trick_position`), ``tricks`` tricks in all."""
        return cls(TrickDrill.position(hand=hand, led=led, trump=trump, seat=seat, tricks=tricks, seed=seed,
                                       lang=lesson_language(lang)))

    def play(self, card: Card) -> Feedback:
        """Play ``card`` (as a click on it does) and draw the feedback."""
        answer = self.drill.play(card)
        self._lines_from_drill()
        self.refresh()
        return answer

    def reset(self) -> None:
        """Back to the start of the exercise."""
        self.drill.reset()
        self.lines = []
        self._lines_from_drill()
        self.refresh()

    def _lines_from_drill(self) -> None:
        shown = len(self.lines)
        for sentence in self.drill.feedback[shown:]:
            css = "vint-illegal" if self.drill.last is not None and not self.drill.last.ok and \
                sentence == self.drill.last.message else ""
            self.lines.append((sentence, css))

    def refresh(self) -> None:
        """Draw the position as the learner sees it: his hand, the trick on the table."""
        drill = self.drill
        view = drill.view
        self._draw_title(text("lesson_trick_title", self.lang), drill.contract_text())
        current = view.current_trick
        shown = current if current is not None and current.cards else (view.tricks[-1] if view.tricks else None)
        self.trick.show(shown, leader=view.to_act)
        self.last_trick.value = last_trick_html(view.tricks, current=current, lang=self.lang, four_colour=False,
                                                open_=True)
        my_turn = drill.table.session.human_to_act() and not drill.finished
        # every card can be clicked on the learner's turn: an illegal one is explained, not just greyed out
        self.hand.show(view.hand, legal=tuple(view.hand) if my_turn else (),
                       title=render.esc(f"{seat_name(drill.human, self.lang)} · {text('widget_you', self.lang)}"))
        self._draw_status(drill.status())
        self._draw_feedback()


class BiddingPractice(_Lesson):
    """A bidding box that explains: the learner calls for the seat to act in a given auction; every call of the
    rule set can be clicked, an illegal one is explained (insufficient, below the minimum level, bridge's strain
    order), a legal one is made and says how many tricks it promises.

    >>> box = BiddingPractice(calls=["2♠"])
    >>> box.box.button(Call.parse("1♥")).click()
    >>> box.feedback_text[-1].startswith("1♥ by East is illegal")
    True
    """

    css_name = "vint-lesson-bidding"

    def __init__(self, drill: BiddingDrill | None = None, *, calls: Sequence[Call | str] = (),
                 dealer: Seat = Seat.NORTH, rules: RuleSet | None = None, deal_number: int = 1,
                 lang: str | None = None) -> None:
        if drill is None:
            drill = BiddingDrill(calls=calls, dealer=dealer, rules=rules or SEED, deal_number=deal_number,
                                 lang=lesson_language(lang))
        super().__init__(lang=drill.lang)
        self.drill = drill
        rules_used = drill.auction.rules
        self.box = BiddingBox(on_call=self._forward(self.call), rules=rules_used, lang=self.lang, greyed_note=False)
        self.auction = AuctionView(lang=self.lang)
        self.undo_button = self._button("vint-undo", "widget_undo_button", "widget_undo_tip", self.undo)
        self.again = self._button("vint-again", "lesson_again_button", "lesson_again_tip", self.reset)
        row = hbox([self.box.widget, self.auction.widget], "vint-lesson-row")
        self._root([row, hbox([self.undo_button, self.again], "vint-controls")])
        self.refresh()

    def call(self, call: Call) -> Feedback:
        """Make ``call`` (as a click on it does) and draw the feedback."""
        answer = self.drill.call(call)
        self._say(answer.message, "" if answer.ok else "vint-illegal")
        self.refresh()
        return answer

    def undo(self) -> None:
        if self.drill.undo():
            self.refresh()

    def reset(self) -> None:
        self.drill.reset()
        self.lines = []
        self.refresh()

    def refresh(self) -> None:
        auction = self.drill.auction
        self._draw_title(text("lesson_bidding_title", self.lang))
        self.box.show(() if auction.is_over else _all_calls(auction.rules))
        self.auction.show(auction)
        self.undo_button.disabled = len(self.drill.history) < 2
        self._draw_status(self.drill.status())
        self._draw_feedback()


class AuctionPractice(_Lesson):
    """An auction against the computer players, every call explained as it is made, until it ends (eight passes
    in a row under ``seed``); then the declarer, the opening leader (the declarer's left), and the four hands
    with the computer players' reasons."""

    css_name = "vint-lesson-auction"

    def __init__(self, drill: AuctionDrill | None = None, *, seed: int = 0, human: Seat = Seat.SOUTH,
                 bots: str = "rule", lang: str | None = None) -> None:
        drill = drill if drill is not None else AuctionDrill(seed=seed, human=human, bots=bots,
                                                             lang=lesson_language(lang))
        super().__init__(lang=drill.lang)
        self.drill = drill
        session = drill.table.session
        self.hand = HandView(on_play=lambda card: None, lang=self.lang)
        self.box = BiddingBox(on_call=self._forward(self.call), rules=drill.deal.rules, lang=self.lang,
                              greyed_note=False)
        self.auction = AuctionView(lang=self.lang)
        self.hands = html("vint-lesson-hands")
        felt = vbox([self.hand.widget], "vint-lesson-felt")
        row = hbox([self.box.widget, self.auction.widget], "vint-lesson-row")
        self._root([felt, row, self.hands])
        self.human = session.human
        self._shown = 0
        self.refresh()

    def call(self, call: Call) -> Feedback:
        """Make ``call`` (as a click on it does): explained, then the computer players answer, explained too."""
        answer = self.drill.call(call)
        if not answer.ok:
            self._say(answer.message)
        self.refresh()
        return answer

    def refresh(self) -> None:
        drill = self.drill
        deal = drill.deal
        view = drill.view
        for sentence in drill.log[self._shown:]:
            self.lines.append((sentence, ""))
        self._shown = len(drill.log)
        self._draw_title(text("lesson_auction_title", self.lang))
        self.hand.show(view.hand, legal=(),
                       title=render.esc(f"{seat_name(self.human, self.lang)} · {text('widget_you', self.lang)}"))
        my_turn = drill.table.session.human_to_act() and not drill.finished
        if drill.finished:
            self.box.put_away()
        else:
            self.box.show(_all_calls(deal.rules) if my_turn else ())
            show_if(self.box.widget, True)
        self.auction.show(deal.auction)
        if drill.finished:  # the auction is over and nothing is played: the hands may be seen now
            reasons = "".join(f"<li>{render.esc(r)}</li>" for r in drill.reasons())
            self.hands.value = (f'<div class="vint"><b>{render.esc(text("lesson_auction_hands", self.lang))}</b>'
                                f'</div><div class="vint-lesson-scroll">'
                                f'{render.deal_html(deal, bottom=self.human, lang=self.lang, css=False)}</div>'
                                f'<div class="vint vint-reasons"><ul>{reasons}</ul></div>')
        else:
            self.hands.value = ""
        self._draw_status(drill.status())
        self._draw_feedback()


class OneDeal(_Lesson):
    """One deal against the computer players from a seed, then its review (the table's review panel: all four
    hands, the tricks, every score line explained, the computer players' reasons)."""

    css_name = "vint-lesson-deal"

    def __init__(self, *, seed: int = 0, human: Seat = Seat.SOUTH, bots: str = "rule",
                 lang: str | None = None) -> None:
        lang = lesson_language(lang)
        super().__init__(lang=lang)
        self.seed = seed
        self.human = human
        self.bots = bots
        self.controller = Controller.one_deal(seed=seed, human=human, bots=bots, lang=lang)
        #: a click counts for the position the page had drawn (a double click on Pass makes one pass)
        self.mark = PageMark()
        self.hand = HandView(on_play=self._forward(self._clicked), lang=lang)
        self.box = BiddingBox(on_call=self._forward(self._clicked), rules=self.controller.session.deal.rules, lang=lang)
        # a click the hand or the box drops, made on an older drawing (a played card's second click), is said too
        self._dropped = DroppedClicks(self.mark, self.hand, self.box, position=lambda: self.controller.position,
                                      said=lambda: self._say(click_gone_by(self.lang)))
        self.trick = TrickView(bottom=human, lang=lang)
        self.last_trick = html("vint-last-trick-box")  # the trick just finished, its four cards, once the next began
        self.auction = AuctionView(lang=lang)
        self.live = LiveScore(lang=lang)
        self.review = ReviewPanel(lang=lang, bottom=human)
        self.next_button = self._button("vint-next-deal", "widget_next_deal_button", "widget_next_deal_tip",
                                        self.next_deal)
        felt = vbox([self.trick.widget, self.last_trick, self.hand.widget], "vint-lesson-felt")
        side = vbox([self.box.widget, self.live.widget, self.auction.widget], "vint-side")
        self._root([hbox([felt, side], "vint-lesson-row"), hbox([self.next_button], "vint-controls"),
                    self.review.widget])
        self._after(self.controller.advance())

    @property
    def session(self) -> Any:
        return self.controller.session

    @property
    def flow(self) -> Controller:
        """The controller (``controller``), by its older name (lesson 05 reads it)."""
        return self.controller

    def act(self, action: Card | Call, *, position: int | None = None) -> bool:
        """The learner's call or card (as a click does); the computer players answer. False if refused (also when
        ``position``, the position the click was made on, has gone by)."""
        gone_by = position is not None and position != self.controller.position
        update = self.controller.act(action, position=position)
        if update.follow:
            update = self.controller.advance()
        self._after(update, gone_by=gone_by)
        return update.accepted

    def _clicked(self, action: Card | Call) -> None:
        self._dropped.forwarded()
        self.act(action, position=self.mark.seen)

    def next_deal(self) -> None:
        """Another deal: the next seed."""
        self.seed += 1
        self.controller = Controller.one_deal(seed=self.seed, human=self.human, bots=self.bots, lang=self.lang)
        self.review.clear()
        self.lines = []
        self._after(self.controller.advance())

    def _after(self, update: Update, *, gone_by: bool = False) -> None:
        # a refused click is never lost without a word
        if not update.accepted and (self.controller.note is not None or gone_by):
            note = self.controller.note
            self._say(note.text(self.lang) if note is not None else click_gone_by(self.lang))
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        deal = s.deal
        view = s.view
        controls = self.controller.controls()
        self._draw_title(text("lesson_one_deal_title", self.lang),
                         text("table_subtitle", self.lang, rules=rules_title(deal.rules.name, self.lang), rubber=1,
                              deal=deal.deal_number,
                              dealer=deal.dealer))
        in_auction = view.phase is Phase.AUCTION
        current = view.current_trick
        shown = current if current is not None and current.cards else (view.tricks[-1] if view.tricks else None)
        if in_auction:
            self.trick.clear()
            self.last_trick.value = ""
        else:
            self.trick.show(shown, leader=view.to_act)
            self.last_trick.value = last_trick_html(view.tricks, current=current, lang=self.lang, four_colour=False,
                                                    open_=True)
        mine = sum(1 for t in view.tricks if t.winner == s.human)
        new = self.mark.is_new(self.controller.position)  # a new position: clickable only once its mark is sent
        self.hand.show(view.hand, legal=controls.cards,
                       title=render.esc(f"{seat_name(s.human, self.lang)} · {text('widget_you', self.lang)} · "
                                        f"{text('ui_tricks_n', self.lang, n=mine)}"), hold=new)
        if in_auction:
            self.box.show(controls.calls, hold=new)
            show_if(self.box.widget, True)
        else:
            self.box.put_away()
        self.auction.show(deal.auction)
        self.live.show(view)
        self.next_button.disabled = not controls.next_deal
        if deal.is_finished:
            if self.review.deal is not deal:
                review = self.controller.review()
                assert review is not None
                self.review.show(review.deal, lines=review.lines, reasons=review.reasons,
                                 offer_analysis=False, kept=s.weighings)
            show_if(self.review.widget, True)
        else:
            self.review.clear()
            show_if(self.review.widget, False)
        self.mark.drawn(self.controller.position)  # before the status: reported before the learner can act on it
        self.hand.thaw()  # only now clickable: the page has the position to report before any click on it
        self.box.thaw()
        self._draw_status(self.controller.status())
        self._draw_feedback()
