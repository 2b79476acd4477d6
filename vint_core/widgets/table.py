"""Table: the playable table. It composes the widgets, draws a :class:`~vint_core.table.controller.Controller` and
forwards the learner's clicks to it.

The table draws only what the learner may see: while a deal is being played
every drawing is made from the learner's :class:`~vint_core.views.SeatView`
(his own hand, the calls, the cards already played, counts of the others'
cards); the four hands appear in the review once the deal is over.

The flow (the pace, confirming each trick, the status line, which controls to offer,
saving once per click, the review) is the controller's; the table only draws. In a
notebook kernel the controller's pauses are scheduled on the event loop, so the page
stays responsive; without a running loop (tests, scripts) the computer players act at once.

A click is drawn at once: the learner's card leaves the hand and lies on the
table (or the call joins the auction, or the new deal appears), a handful of
messages, while the hand or bidding box is frozen by one class (``vint-wait``);
the computer players' answers follow in a second drawing, which sends only
what changed. The double-dummy analysis of a finished deal is worked out only when
the learner opens it, in a worker thread (the solver releases the interpreter lock).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.calls import Call
from vint_core.cards import Card
from vint_core.deal import Action, Phase
from vint_core.i18n import text
from vint_core.rules import RuleSet
from vint_core.seats import Seat
from vint_core.table import review_work
from vint_core.table.controller import Controller, Update
from vint_core.table.frame import TableFrame
from vint_core.widgets.auction import AuctionView
from vint_core.widgets.bidding import BiddingBox
from vint_core.widgets.drawn import DroppedClicks, PageMark, click_gone_by
from vint_core.widgets.felt import Felt
from vint_core.widgets.hand import HandView
from vint_core.widgets.review import ReviewPanel
from vint_core.widgets.score import LiveScore, ScoreSheet
from vint_core.widgets.sending import send_now
from vint_core.widgets.settings import SettingsPanel, TableSettings
from vint_core.widgets.style import Foldout, hbox, html, opened_at_the_end, shared, show_if, vbox

if TYPE_CHECKING:
    from vint_core.table.review import DealReview
    from vint_core.table.session import TableSession


#: how long a served table's computer players wait for its page's first report (:meth:`Table.wait_for_page`)
PAGE_SECONDS = 20.0


class Table:
    """One learner against three computer players, in the browser.

    >>> from vint_core.table.session import TableSession
    >>> table = Table(TableSession(seed=3, bots={s: "random" for s in Seat}, autosave=False), pace="none")
    >>> set(table.bidding.enabled) == set(table.session.legal_actions())
    True
    """

    def __init__(self, game: TableSession | Controller, *, pace: str | None = None) -> None:
        """Draw ``game`` (a session, or a controller around one) at ``pace`` (default: the session's setting).

        The widgets are opened once the first drawing is made (:func:`~vint_core.widgets.style.opened_at_the_end`):
        one message each, with what they show, rather than that and one more for each part drawn."""
        with opened_at_the_end():
            self.controller = game if isinstance(game, Controller) else Controller(game)
            if pace is not None:
                self.controller.pace = pace
            #: the game is saved once a click's drawing is on its way to the page (the disk off the click's way)
            self.controller.save_after_drawing = True
            first = self.controller.frame()
            self._review: DealReview | None = None  # the review drawn (its analysis is asked for later)
            #: drawings so far: the page shows the count, so a test or benchmark knows when it is current
            self.renders = 0
            #: the position each drawing shows, and the one the page reports having drawn: a click made on an older
            #: drawing (a double click on Pass, the computer players having answered the first click at once) is
            #: refused
            self.mark = PageMark()
            #: the learner's last click was refused as made on an older drawing: the status line says so (the lessons'
            #: sentence, :func:`~vint_core.widgets.drawn.click_gone_by`) until the learner's next action
            self.gone_by = False
            human = first.human
            lang = first.lang
            self.style = html(value=render.style_html(four_colour=first.four_colour))
            self.header = html()
            self.status = html("vint-status-box")
            self.hand = HandView(on_play=self._card_clicked, lang=lang)
            self.bidding = BiddingBox(on_call=self._call_clicked, rules=first.rules, lang=lang)
            #: the other three seats around the trick on the table, or around the auction while it runs
            self.felt = Felt(bottom=human, lang=lang)
            self.auction = AuctionView(lang=lang)  # the auction in the side panel, during the play
            self.live = LiveScore(lang=lang)
            self.meanings = html("vint-meanings-box")  # what each call shows, in words, as it is made
            self._meanings_drawn: tuple[object, ...] | None = None  # the auction (and language) the meanings show
            self._howto_drawn: tuple[object, ...] | None = None  # the steps (and language) "How to play" shows
            self.last_trick = html("vint-last-trick-box")  # the trick before the one on the table, to look at again
            self.sheet = ScoreSheet(lang=lang)
            self.review = ReviewPanel(lang=lang, on_analysis=self._request_analysis, bottom=human)
            self.settings_panel = SettingsPanel(settings=self._settings(), human=human,
                                                on_change=self._settings_changed, on_new_game=self._new_game)
            self.hint_button = self._button("vint-hint", self._hint_clicked)
            self.undo_button = self._button("vint-undo", self._undo_clicked)
            self.claim_button = self._button("vint-claim", self._claim_clicked)
            self.continue_button = self._button("vint-continue", self._continue_clicked)
            self.next_button = self._button("vint-next-deal", self._next_clicked)
            #: beside "West is thinking…": a shorter pause from now on, the computer player moving at once
            self.faster_button = self._button("vint-faster", self._faster_clicked, own_layout=True)
            self._timer: asyncio.Handle | None = None  # the computer player's scheduled move
            self._held_step: tuple[float, int] | None = None  # that move held (pause, generation): see hold
            #: while a page is awaited (wait_for_page), the end of that wait: no computer player moves before it
            self._page_timer: asyncio.TimerHandle | None = None
            self._waiting: int | None = None  # the generation of the move that waits for the page
            self.howto = html("vint-howto")
            # after the hand's and the box's own handler: a click they dropped (the card it was made on already played,
            # a bid no longer legal) is said all the same when it was made on an older drawing
            self._dropped = DroppedClicks(self.mark, self.hand, self.bidding, position=lambda: self.controller.position,
                                          said=self._click_gone_by)
            self._build()
            self._after(self._ctl().advance())

    # -- construction ----------------------------------------------------------

    @classmethod
    def open(cls, *, save_path: Path | None = None, rules: str | None = None, lang: str | None = None,
             bots: tuple[str, ...] | None = None, seed: int | None = None, pace: str | float | None = None,
             human: Seat | str | None = None, autosave: bool = True) -> Table:
        """Resume the saved game or start one with these settings (see :meth:`Controller.open
        <vint_core.table.controller.Controller.open>`), and draw it."""
        return cls(Controller.open(save_path=save_path, rules=rules, lang=lang, bots=bots, seed=seed, pace=pace,
                                   human=human, autosave=autosave))

    @staticmethod
    def _set_button(button: Any, *, description: str, tooltip: str | None, disabled: bool) -> None:
        if (button.description, button.tooltip, button.disabled) != (description, tooltip, disabled):
            with button.hold_sync():
                button.description = description
                button.tooltip = tooltip
                button.disabled = disabled

    def _button(self, css: str, handler: Any, *, own_layout: bool = False) -> Any:
        """A control button; ``own_layout`` for one whose layout changes (made invisible with its place kept); one
        hidden at times shares the layouts (:func:`~vint_core.widgets.style.show_if`)."""
        layout = widgets.Layout() if own_layout else shared("layout")
        button = widgets.Button(layout=layout, style=shared("button"), _dom_classes=(css,))
        button.on_click(handler)
        return button

    def _build(self) -> None:
        # boxes that are never hidden share one layout model (see style.shared)
        self.felt_box = vbox([self.felt.widget, self.hand.widget], "vint-felt-box")
        self.controls = hbox([self.hint_button, self.undo_button, self.claim_button, self.continue_button,
                              self.next_button], "vint-controls")
        self.main = vbox([self.felt_box, self.controls], "vint-main")
        # hidden during the auction (show_if)
        self.live_panel = vbox([self.live.widget, self.last_trick, self.auction.widget], "vint-panel")
        self.side = vbox([self.bidding.widget, self.live_panel, self.meanings, self.sheet.widget], "vint-side")
        self.howto_part = Foldout(self.howto, css="vint-howto-part")
        self.settings_part = Foldout(self.settings_panel.widget, css="vint-settings-part")
        self.extras = vbox([self.howto_part, self.settings_part], "vint-extras")
        self.howto_part.selected_index = 0 if not self.session.deal.actions and not self.session.rubber.deals else None
        body = hbox([self.main, self.side], "vint-body")
        status_row = hbox([self.status, self.faster_button], "vint-statusrow")
        self.widget = vbox([self.style, self.header, status_row, body, self.review.widget, self.extras],
                           "vint", "vint-table")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- settings ---------------------------------------------------------------

    @property
    def session(self) -> TableSession:
        """The game this table draws (the controller's session: a new game replaces it)."""
        return self.controller.session

    @property
    def flow(self) -> Controller:
        """The controller (``controller``), by its older name."""
        return self.controller

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def four_colour(self) -> bool:
        return self.controller.four_colour

    @property
    def pace(self) -> str:
        return self.controller.pace

    def _ctl(self) -> Controller:
        """The controller, told whether pauses can be waited for now (in a notebook kernel's event loop)."""
        self.controller.timed = _running_loop() is not None
        return self.controller

    def _settings(self) -> TableSettings:
        s = self.session
        return TableSettings(rules=s.rubber.rules.name, bots=dict(s.bot_names), pace=self.pace, lang=s.lang,
                             four_colour=self.four_colour, human=s.human)

    def apply_settings(self, settings: TableSettings) -> None:
        """Use ``settings`` from now on (the rule set and the seat only for a new game: see :meth:`new_game`)."""
        relabel = settings.lang != self.lang
        update = self._ctl().configure(bots=settings.bots, pace=settings.pace, four_colour=settings.four_colour,
                                       lang=settings.lang)
        if relabel:
            self._relabel(settings.lang)
        self._restyle()
        self._after(update)

    def _relabel(self, lang: str) -> None:
        parts: list[HandView | Felt | AuctionView | LiveScore | ScoreSheet | ReviewPanel] = [
            self.hand, self.felt, self.auction, self.live, self.sheet, self.review]
        for part in parts:
            part.lang = lang
        self.bidding.set_lang(lang)
        self.settings_panel.set_lang(lang)
        self.review.set_lang(lang)
        if self.review.deal is not None:  # an open review is drawn again in the new language
            self._open_review()

    def _restyle(self) -> None:
        self.style.value = render.style_html(four_colour=self.four_colour)
        if self.four_colour:
            self.widget.add_class("vint-4c")
        else:
            self.widget.remove_class("vint-4c")

    def new_game(self, settings: TableSettings) -> None:
        """Leave this game and start a new one (new rubber) under ``settings``, the learner in ``settings.human``."""
        old = self.session
        relabel = settings.lang != old.lang
        update = self._ctl().new_game(human=settings.human, rules=RuleSet.named(settings.rules), bots=settings.bots,
                                      lang=settings.lang,
                                      settings={"pace": settings.pace, "four_colour": settings.four_colour})
        self.bidding.set_rules(self.session.deal.rules)
        if settings.human != old.human:
            self._seat_learner(settings.human)
        self.review.clear()
        if relabel:
            self._relabel(settings.lang)
        self._restyle()
        self._after(update)

    def _seat_learner(self, human: Seat) -> None:
        """The learner now sits at ``human``: the felt (the seats left, opposite and right, and the trick) and the
        review are turned so that his seat is at the bottom; the settings panel's computer players follow."""
        self.felt.bottom = human
        self.review.bottom = human
        if self.settings_panel.human != human:
            self.settings_panel.set_human(human)

    def _settings_changed(self, settings: TableSettings) -> None:
        self.apply_settings(settings)

    def _new_game(self, settings: TableSettings) -> None:
        self.new_game(settings)

    # -- the learner's actions: forwarded to the controller, its answers drawn ------------------

    def act(self, action: Action, *, position: int | None = None) -> bool:
        """Make the learner's call or card, then let the computer players answer. False if refused (also when
        ``position``, the :attr:`Controller.position <vint_core.table.controller.Controller.position>` the click
        was made on, is not the table's any more: the status line then says so, :attr:`gone_by`)."""
        gone_by = position is not None and position != self.controller.position
        update = self._ctl().act(action, position=position)
        if update.follow:
            self._draw_action(action)
            send_now()  # the learner's card or call on its way to the page before the answers are worked out
            update = self.controller.advance()
        self._after(update, gone_by=gone_by and not update.accepted and not self.controller.note)
        return update.accepted

    def _card_clicked(self, card: Card) -> None:
        self._dropped.forwarded()
        self.act(card, position=self.mark.seen)

    def _call_clicked(self, call: Call) -> None:
        self._dropped.forwarded()
        self.act(call, position=self.mark.seen)

    def _click_gone_by(self) -> None:
        """A click the hand or the box dropped, made on an older drawing (:class:`DroppedClicks
        <vint_core.widgets.drawn.DroppedClicks>`: the second click of a double click on a card), is said."""
        if not self.gone_by:
            self.gone_by = True
            self._draw_status(self.controller.frame())

    def hint(self) -> str:
        """What the partner's computer player would do in the learner's seat, and why."""
        self._after(self._ctl().hint())
        note = self.controller.note
        return note.text(self.controller.lang) if note is not None else ""

    def undo(self) -> None:
        """Back to the learner's previous decision (a game with undo allowed)."""
        update = self._ctl().undo()
        self.review.clear()
        self._after(update)

    def claim(self) -> bool:
        """Claim every remaining trick; accepted only if no defence can beat it."""
        update = self._ctl().claim()
        self._after(update)
        return update.accepted

    def next_deal(self) -> None:
        """Score the finished deal on the sheet and deal the next one."""
        update = self._ctl().next_deal()
        if update.new_deal:
            self.review.clear()
        if update.follow:
            self._draw_new_deal()
            send_now()
            update = self.controller.advance()
        self._after(update)

    def continue_play(self) -> None:
        """Under the "confirm" pace: the learner has seen the trick; play on."""
        self._after(self._ctl().continue_play())

    def _hint_clicked(self, button: object) -> None:
        self.hint()

    def _undo_clicked(self, button: object) -> None:
        self.undo()

    def _claim_clicked(self, button: object) -> None:
        self.claim()

    def _continue_clicked(self, button: object) -> None:
        self.continue_play()

    def _next_clicked(self, button: object) -> None:
        self.next_deal()

    def faster(self) -> None:
        """The pace one step faster (saved, and shown in Settings); the computer player thinking now moves at once."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        update = self._ctl().faster()
        if update.accepted:
            self.settings_panel.set_pace(self.pace)
        self._after(update)

    def _faster_clicked(self, button: object) -> None:
        self.faster()

    def _after(self, update: Update, *, gone_by: bool = False) -> None:
        """Draw the table, then save the game (the drawing is on its way to the page meanwhile); if the controller
        has scheduled a computer player, act after its pause. ``gone_by``: the learner's click was refused as made
        on an older drawing (:attr:`gone_by`; any other action of the learner's clears it)."""
        self.gone_by = gone_by
        loop = _running_loop()
        if update.pause is not None and loop is not None:
            self._timer = loop.call_later(update.pause, self._tick, update.generation)
        frame = self.controller.frame()
        self.draw(frame)
        if self.controller.save():  # the disk refused the save (or takes it again): the status line says so
            self._draw_status(self.controller.frame())

    def _tick(self, generation: int) -> None:
        self._timer = None
        if self._page_timer is not None:  # the pause is over, the page not there yet: it moves when it is
            self._waiting = generation
            return
        update = self._ctl().step(generation)
        if update is not None:  # None: undone, or a new deal: this step belongs to the past
            self._after(update, gone_by=self.gone_by)  # a computer player's move is not the learner's next action

    # -- a table opened ahead of its page (vint_core.app.ahead) ------------------------------------------

    def hold(self) -> None:
        """Hold the computer player's scheduled move: the table was opened before anyone looks at it (in a kernel
        kept ready for the next page). :meth:`start` schedules it again, with its whole pause."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
            self._held_step = (self.controller.pause(), self.controller.generation)

    def start(self) -> None:
        """The page has come for this table, opened ahead of it with ``autosave`` off: the game is saved from now on
        (what changed since it was opened, now: :meth:`TableSession.start_saving
        <vint_core.table.session.TableSession.start_saving>`), and the computer player held by :meth:`hold` is
        scheduled."""
        notice = self.session.save_problem is not None
        self.session.start_saving()
        if (self.session.save_problem is not None) != notice:  # the disk refused it: the status line says so
            self._draw_status(self.controller.frame())
        held, self._held_step = self._held_step, None
        loop = _running_loop()
        if held is not None and loop is not None:
            self._timer = loop.call_later(held[0], self._tick, held[1])

    def wait_for_page(self, seconds: float = PAGE_SECONDS) -> None:
        """A page is coming for this table (served by Voilà, which sends the page the widgets' state once it has
        connected): no computer player moves before the page has reported its first drawing
        (:meth:`PageMark.when_reported <vint_core.widgets.drawn.PageMark.when_reported>`), or before ``seconds``
        have gone by without a report. A move sent while the page builds its widgets from the state it fetched a
        moment before can be lost, and the page would show the table as it was, waiting for a player who has
        moved. The pause is not made longer: a move whose pause ended before the page came is made as it reports."""
        loop = _running_loop()
        if self.mark.seen is not None or loop is None:  # reported already, or no move is ever scheduled
            return
        if self._page_timer is None:
            self.mark.when_reported(self._page_came)
        else:
            self._page_timer.cancel()
        self._page_timer = loop.call_later(seconds, self._page_came)

    def _page_came(self) -> None:
        """The page has reported its first drawing (or has not, within the wait): the move that waited is made."""
        if self._page_timer is not None:
            self._page_timer.cancel()
            self._page_timer = None
        waiting, self._waiting = self._waiting, None
        loop = _running_loop()
        if waiting is not None and loop is not None:
            self._timer = loop.call_soon(self._tick, waiting)

    # -- drawing: every part from the controller's frame ------------------------------------------

    def _draw_action(self, action: Action) -> None:
        """Draw the learner's card or call at once, only the parts it changes (a handful of messages): the
        card leaves the hand and lies on the table, or the call joins the auction; the hand or the bidding
        box is frozen (one class, not every button switched off and on) until :meth:`refresh` draws the
        computer players' answers."""
        self.gone_by = False  # the learner's next action: a click said to have gone by is not any more
        frame = self.controller.frame()
        if isinstance(action, Card):
            self.hand.played(action)
        else:
            self.bidding.called()
        self.felt.show(frame)
        self._draw_status(frame, mark=False)

    def _draw_new_deal(self) -> None:
        """Draw the new deal at once (its number, the learner's new cards, the review put away), before
        the computer players' first calls."""
        self.gone_by = False
        frame = self.controller.frame()
        self.header.value = render.table_header_html(frame.title, frame.subtitle)
        self.review.clear()
        show_if(self.review.widget, False)
        self._set_button(self.next_button, description=self.next_button.description, tooltip=self.next_button.tooltip,
                         disabled=True)  # dealt: no second click on it while the computer players call
        self.bidding.called()
        self.hand.show(frame.hand, legal=(), title=render.esc(frame.hand_title))
        self._draw_status(frame, mark=False)

    def _draw_status(self, frame: TableFrame, *, mark: bool = True) -> None:
        """The status line with the drawing's count and what the learner may do in it: drawn last, so once the page
        shows the count, everything drawn before it has arrived.

        ``mark``: the page is to report this drawing's position (:class:`~vint_core.widgets.drawn.PageMark`). Not for
        the learner's own action drawn at once: nothing can be clicked on it (the hand or the box is frozen) and the
        answers' drawing follows in the same turn of the kernel, so a click made before that one is refused all
        the same (the page still reports the position before it): two messages fewer each way per click."""
        self.renders += 1
        if mark:
            self.mark.drawn(frame.position)  # before the status: reported before the learner can act on it
            # and only now may the learner click: the page has the position to report before any click on it
            self.hand.thaw()
            self.bidding.thaw()
        self._draw_faster(frame)
        self.status.value = render.table_status_html(self._status(frame.status, frame.lang), notice=frame.save_notice,
                                                     renders=self.renders, turn=frame.turn)

    def _draw_faster(self, frame: TableFrame) -> None:
        """The "Faster" control, beside the status line while a computer player is thinking (its place kept
        otherwise, so the table does not jump with each move)."""
        lang = frame.lang
        quicker = frame.controls.faster
        offered = quicker is not None
        label = "widget_no_pause_button" if quicker == "none" else "widget_faster_button"
        tip = text("widget_faster_tip", lang, pace=text(f"widget_pace_{quicker or 'none'}", lang))
        self._set_button(self.faster_button, description=text(label, lang), tooltip=tip, disabled=not offered)
        visibility = "visible" if offered else "hidden"
        if self.faster_button.layout.visibility != visibility:
            self.faster_button.layout.visibility = visibility

    def refresh(self) -> None:
        """Redraw everything from the controller's frame (only what the learner may see)."""
        self.draw(self.controller.frame())

    def draw(self, frame: TableFrame) -> None:
        """Draw ``frame``: each part whose value changed (a part that did not sends nothing)."""
        lang = frame.lang
        four = frame.four_colour
        in_auction = frame.in_auction
        self.header.value = render.table_header_html(frame.title, frame.subtitle)
        self.felt.show(frame)
        show_if(self.live_panel, not in_auction)
        # the learner's hand
        title = render.esc(frame.hand_title)
        if frame.phase is Phase.PLAY and not frame.controls.cards and set(frame.hand) <= set(self.hand.cards):
            # the computer players to answer: the hand frozen as it is (one message; one more unfreezes it on the
            # learner's turn) rather than every card switched off and on again
            self.hand.freeze(frame.hand, title=title)
        else:
            self.hand.show(frame.hand, legal=frame.controls.cards, title=title, hold=self.mark.is_new(frame.position))
        # the bidding box, during the auction only
        if self.bidding.rules != frame.rules:
            self.bidding.set_rules(frame.rules)
        if in_auction:
            self.bidding.show(frame.controls.calls, hold=self.mark.is_new(frame.position))
            show_if(self.bidding.widget, True)
        else:  # its buttons are left as they were until the next auction, not switched off and on again
            self.bidding.put_away()
            # the auction in the side panel, hidden while the auction is in the middle of the table
            self.auction.show(frame.auction, four_colour=four)
        self.live.draw(frame)
        meanings = (frame.meanings, lang, in_auction)
        if meanings != self._meanings_drawn:  # the calls' meanings change with the auction, not with each card
            self.meanings.value = render.meanings_html([(m.seat, m.name, m.meaning) for m in frame.meanings],
                                                       lang=lang, open_=in_auction)
            self._meanings_drawn = meanings
        self.last_trick.value = render.last_trick_html(frame.last_trick, number=frame.last_trick_number, lang=lang,
                                                       four_colour=four) if not in_auction else ""
        self.sheet.draw(frame.score)
        # the buttons (each one that changes sends one message)
        buttons = frame.controls
        self._set_button(self.hint_button, description=text("widget_hint_button", lang),
                         tooltip=text("widget_hint_tip", lang), disabled=not buttons.hint)
        self._set_button(self.undo_button, description=text("widget_undo_button", lang),
                         tooltip=text("widget_undo_tip", lang), disabled=not buttons.undo)
        show_if(self.undo_button, buttons.undo_offered)
        self._set_button(self.claim_button, description=text("widget_claim_button", lang),
                         tooltip=text("widget_claim_tip", lang), disabled=not buttons.claim)
        self._set_button(self.continue_button, description=text("widget_continue_button", lang),
                         tooltip=self.continue_button.tooltip, disabled=not buttons.confirm)
        show_if(self.continue_button, buttons.confirm)
        self._set_button(self.next_button, description=text("widget_next_deal_button", lang),
                         tooltip=text("widget_next_deal_tip", lang), disabled=not buttons.next_deal)
        # the review, once the deal is over (the only time the other hands are shown)
        if frame.review is not None:
            if self.review.deal is not frame.review.review.deal:
                self._open_review(frame)
            show_if(self.review.widget, True)
        else:
            if self.review.deal is not None:
                self.review.clear()
            show_if(self.review.widget, False)
        howto = (frame.howto, lang)
        if howto != self._howto_drawn:
            self.howto.value = render.howto_html(frame.howto)
            self.howto_part.set_title(0, text("widget_howto_title", lang))
            self.settings_part.set_title(0, text("widget_settings_title", lang))
            self._howto_drawn = howto
        self._draw_status(frame)

    def _open_review(self, frame: TableFrame | None = None) -> None:
        """Show the finished deal; the double-dummy analysis is worked out only when the learner opens it."""
        frame = frame if frame is not None else self.controller.frame()
        assert frame.review is not None  # drawn only once the deal is finished
        review = frame.review.review
        self._review = review
        self.review.show(review.deal, lines=review.lines, reasons=review.reasons, four_colour=frame.four_colour,
                         offer_analysis=review.analysis_offered,
                         reason_groups=[(title, list(items)) for title, items in frame.review.reason_groups],
                         kept=self.session.weighings)

    def _request_analysis(self) -> None:
        """Work out the double-dummy analysis of the reviewed deal, in the review's worker process when the kernel's
        event loop runs (:func:`vint_core.table.review_work.analysis`: the table answers clicks meanwhile)."""
        review = self._review
        if review is None or self.review.deal is not review.deal:
            return
        generation = self.controller.generation
        if _running_loop() is None:
            self._show_analysis(generation, review, review.analysis())
            return
        self.review.show_analysis([text("widget_analysing", self.lang)])
        review_work.analysis(review).add_done_callback(lambda f: self._show_analysis(generation, review, _outcome(f)))

    def _show_analysis(self, generation: int, review: DealReview, lines: tuple[str, ...]) -> None:
        # only the review drawn now: not one drawn before in another language, nor an earlier deal's
        if generation == self.controller.generation and review is self._review and self.review.deal is review.deal:
            self.review.show_analysis(lines)

    def status_text(self) -> str:
        """The status line: what just happened and what to do now (the controller's), after the notice that
        the game is not being saved while the disk refuses it (:meth:`TableSession.save_notice
        <vint_core.table.session.TableSession.save_notice>`)."""
        status = self._status(self.controller.status(), self.lang)
        return " · ".join(p for p in (self.session.save_notice(), status) if p)

    def _status(self, status: str, lang: str) -> str:
        """The controller's status line, after the sentence for a click refused as made on an older drawing."""
        return " · ".join(p for p in (click_gone_by(lang) if self.gone_by else "", status) if p)


def _outcome(future: Any) -> tuple[str, ...]:
    """The lines a worker worked out, or what went wrong, as a line for the review."""
    if future.cancelled():
        return ()
    error = future.exception()
    return (f"{type(error).__name__}: {error}",) if error is not None else tuple(future.result())


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
