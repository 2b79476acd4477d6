"""Table: the playable table. It composes the widgets and drives a :class:`~vint_core.session.TableSession`.

The table draws only what the learner may see: while a deal is being played
every drawing is made from the learner's :class:`~vint_core.views.SeatView`
(his own hand, the calls, the cards already played, counts of the others'
cards); the four hands appear in the review once the deal is over.

Computer players act one at a time, with a pause between their cards (the
pace setting), or wait for a click after each completed trick ("confirm").
In a notebook kernel the pauses are scheduled on the event loop, so the page
stays responsive; without a running loop (tests, scripts) they act at once.

A click is drawn at once: the learner's card leaves the hand and lies on the
table (or the call joins the auction, or the new deal appears), a handful of
messages, while the hand or bidding box is frozen by one class (``vint-wait``);
the computer players' answers follow in a second drawing, which sends only
what changed. The game is saved once per click, just before the answers are drawn. The
double-dummy analysis of a finished deal is worked out only when the learner
opens it, in a worker thread (the solver releases the interpreter lock).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.calls import Bid, Call
from vint_core.cards import Card
from vint_core.deal import Action, Phase
from vint_core.errors import VintError
from vint_core.i18n import seat_name, text
from vint_core.play import Trick
from vint_core.rules import RuleSet
from vint_core.seats import Seat
from vint_core.session import BotMove, TableSession
from vint_core.widgets.auction import AuctionView
from vint_core.widgets.bidding import BiddingBox
from vint_core.widgets.hand import HandView
from vint_core.widgets.review import ReviewPanel
from vint_core.widgets.score import LiveScore, ScoreSheet
from vint_core.widgets.seat import SeatPanel
from vint_core.widgets.settings import PACES, SettingsPanel, TableSettings
from vint_core.widgets.style import hbox, html, shared, style_html, vbox
from vint_core.widgets.trick import TrickView


class Table:
    """One learner against three computer players, in the browser.

    >>> from vint_core.session import TableSession
    >>> table = Table(TableSession(seed=3, bots={s: "random" for s in Seat}, autosave=False), pace="none")
    >>> set(table.bidding.enabled) == set(table.session.legal_actions())
    True
    """

    def __init__(self, session: TableSession, *, pace: str | None = None) -> None:
        self.session = session
        if pace is not None:
            session.settings["pace"] = pace
        if session.settings.get("pace") not in PACES:
            session.settings["pace"] = "normal"
        self._generation = 0
        self._save_pending = False  # a click's actions are not saved yet (see _saved_once)
        self._waiting = False  # after a completed trick, under the "confirm" pace
        self._thinking: Seat | None = None
        self._last_moves: list[BotMove] = []
        self._deal_moves: list[tuple[int, BotMove]] = []  # (actions before it, move): for the review
        self._note: str = ""  # a one-off line for the status (an error, a hint, a claim)
        self._tricks_seen = len(session.deal.tricks)
        self.renders = 0  # drawings so far: the page shows the count, so a test or benchmark knows when it is current
        human = session.human
        lang = session.lang
        self.style = html(value=style_html(four_colour=self.four_colour))
        self.header = html()
        self.status = html("vint-status-box")
        self.hand = HandView(on_play=self._card_clicked, lang=lang)
        self.bidding = BiddingBox(on_call=self._call_clicked, rules=session.deal.rules, lang=lang)
        self.trick = TrickView(bottom=human, lang=lang)
        #: the other three seats, from the learner's left: left-hand opponent, partner (opposite), right-hand opponent
        self.seats = {seat: SeatPanel(seat=seat, lang=lang) for seat in (human.left, human.partner, human.right)}
        self.auction = AuctionView(lang=lang)
        self.centre_auction = AuctionView(lang=lang)  # in the middle of the table while the auction runs
        self.live = LiveScore(lang=lang)
        self.sheet = ScoreSheet(lang=lang)
        self.review = ReviewPanel(lang=lang, on_analysis=self._request_analysis, bottom=human)
        self.settings_panel = SettingsPanel(settings=self._settings(), human=human, on_change=self._settings_changed,
                                            on_new_game=self._new_game)
        self.hint_button = self._button("vint-hint", self._hint_clicked)
        self.undo_button = self._button("vint-undo", self._undo_clicked, own_layout=True)
        self.claim_button = self._button("vint-claim", self._claim_clicked)
        self.continue_button = self._button("vint-continue", self._continue_clicked, own_layout=True)
        self.next_button = self._button("vint-next-deal", self._next_clicked)
        self.howto = html("vint-howto")
        self._build()
        self._advance()

    # -- construction ----------------------------------------------------------

    @classmethod
    def open(cls, *, save_path: Path | None = None, rules: str | None = None, lang: str | None = None,
             bots: tuple[str, ...] | None = None, seed: int | None = None, pace: str | float | None = None,
             human: Seat | str | None = None, autosave: bool = True) -> Table:
        """Resume the saved game (``save_path``, default the session's) or start one with these settings.

        ``human`` is the learner's seat (a :class:`Seat` or a name such as ``"W"``; South for a new game
        if not given); ``bots`` the computer players from the learner's left. A saved game under other
        rules than ``rules``, or with the learner in another seat than ``human``, is not resumed: a new
        game starts with them.
        """
        seat = Seat.SOUTH if human is None else (Seat.parse(human) if isinstance(human, str) else Seat(human))
        defaults: dict[str, Any] = {"human": seat, "autosave": autosave}
        if rules is not None:
            defaults["rules"] = RuleSet.named(rules)
        if lang is not None:
            defaults["lang"] = lang
        if seed is not None:
            defaults["seed"] = seed
        if bots is not None:
            seats = (seat.left, seat.partner, seat.right)
            defaults["bots"] = {s: name for s, name in zip(seats, bots, strict=False)}
        pace_key = _pace_key(pace)
        session = TableSession.open(save_path, **defaults)
        if ((rules is not None and session.rubber.rules.name != defaults["rules"].name)
                or (human is not None and session.human != seat)):
            session = TableSession(save_path=session.save_path, **defaults)
        if lang is not None:
            session.lang = lang
        return cls(session, pace=pace_key)

    @staticmethod
    def _set_button(button: Any, *, description: str, tooltip: str | None, disabled: bool) -> None:
        if (button.description, button.tooltip, button.disabled) != (description, tooltip, disabled):
            with button.hold_sync():
                button.description = description
                button.tooltip = tooltip
                button.disabled = disabled

    def _button(self, css: str, handler: Any, *, own_layout: bool = False) -> Any:
        """A control button; ``own_layout`` for one that is hidden at times (through its layout)."""
        layout = widgets.Layout() if own_layout else shared("layout")
        button = widgets.Button(layout=layout, style=shared("button"))
        button.add_class(css)
        button.on_click(handler)
        return button

    def _build(self) -> None:
        human = self.session.human
        left, top, right = (self.seats[s].widget for s in (human.left, human.partner, human.right))
        # boxes that are never hidden share one layout model (see style.shared)
        top_row = hbox([top], "vint-feltrow", "vint-feltrow-top")
        centre = vbox([self.trick.widget, self.centre_auction.widget], "vint-centre")
        middle = hbox([left, centre, right], "vint-feltrow")
        self.felt = vbox([top_row, middle, self.hand.widget], "vint-felt-box")
        self.controls = hbox([self.hint_button, self.undo_button, self.claim_button, self.continue_button,
                              self.next_button], "vint-controls")
        self.main = vbox([self.felt, self.controls], "vint-main")
        self.live_panel = widgets.VBox([self.live.widget, self.auction.widget])  # hidden during the auction
        self.live_panel.add_class("vint-panel")
        self.side = vbox([self.bidding.widget, self.live_panel, self.sheet.widget], "vint-side")
        self.extras = widgets.Accordion(children=[self.howto, self.settings_panel.widget])
        self.extras.add_class("vint-extras")
        self.extras.selected_index = 0 if not self.session.deal.actions and not self.session.rubber.deals else None
        body = hbox([self.main, self.side], "vint-body")
        self.widget = vbox([self.style, self.header, self.status, body, self.review.widget, self.extras],
                           "vint", "vint-table")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- settings ---------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def four_colour(self) -> bool:
        return bool(self.session.settings.get("four_colour"))

    @property
    def pace(self) -> str:
        return str(self.session.settings.get("pace", "normal"))

    def _settings(self) -> TableSettings:
        s = self.session
        return TableSettings(rules=s.rubber.rules.name, bots=dict(s.bot_names), pace=self.pace, lang=s.lang,
                             four_colour=self.four_colour, human=s.human)

    def apply_settings(self, settings: TableSettings) -> None:
        """Use ``settings`` from now on (the rule set and the seat only for a new game: see :meth:`new_game`)."""
        s = self.session
        for seat, name in settings.bots.items():
            if seat != s.human and s.bot_names.get(seat) != name:
                s.set_bot(seat, name)
        s.settings["pace"] = settings.pace
        s.settings["four_colour"] = settings.four_colour
        if settings.lang != s.lang:
            s.lang = settings.lang
            parts: list[HandView | TrickView | AuctionView | LiveScore | ScoreSheet | ReviewPanel | SeatPanel] = [
                self.hand, self.trick, self.auction, self.centre_auction, self.live, self.sheet, self.review,
                *self.seats.values()]
            for part in parts:
                part.lang = settings.lang
            self.bidding.set_lang(settings.lang)
            self.settings_panel.set_lang(settings.lang)
        if s.autosave:
            s.save()
        self.style.value = style_html(four_colour=settings.four_colour)
        if settings.four_colour:
            self.widget.add_class("vint-4c")
        else:
            self.widget.remove_class("vint-4c")
        if not settings.confirm_tricks:
            self._waiting = False
        self._advance()

    def new_game(self, settings: TableSettings) -> None:
        """Leave this game and start a new one (new rubber) under ``settings``, the learner in ``settings.human``."""
        old = self.session
        seed = None if old.seed is None else old.seed + 1
        human = settings.human
        self.session = TableSession(human=human, rules=RuleSet.named(settings.rules),
                                    bots={seat: name for seat, name in settings.bots.items() if seat != human},
                                    seed=seed, practice=old.practice, save_path=old.save_path,
                                    autosave=old.autosave, lang=settings.lang,
                                    settings={"pace": settings.pace, "four_colour": settings.four_colour})
        self.bidding.set_rules(self.session.deal.rules)
        if human != old.human:
            self._seat_learner(human)
        self._reset_deal_state()
        self._note = text("widget_new_game_started", self.lang, rules=settings.rules, seat=human)
        self.apply_settings(settings)

    def _seat_learner(self, human: Seat) -> None:
        """The learner now sits at ``human``: the seat panels (left, opposite, right), the trick and the review
        are turned so that his seat is at the bottom; the settings panel's computer players follow."""
        panels = list(self.seats.values())  # left, partner, right: the panels keep their places on the felt
        self.seats = {}
        for seat, panel in zip((human.left, human.partner, human.right), panels, strict=True):
            panel.seat = seat
            self.seats[seat] = panel
        self.trick.bottom = human
        self.review.bottom = human
        if self.settings_panel.human != human:
            self.settings_panel.set_human(human)

    def _settings_changed(self, settings: TableSettings) -> None:
        self.apply_settings(settings)

    def _new_game(self, settings: TableSettings) -> None:
        self.new_game(settings)

    # -- the learner's actions ------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Make the learner's call or card, then let the computer players answer. False if refused."""
        if self._waiting or self._thinking is not None:
            return False
        with self._saved_once():
            try:
                self.session.act(action)
            except VintError as err:
                self._note = err.message(self.lang)
                self.refresh()
                return False
            self._note = ""
            self._last_moves = []
            self._check_trick_done()
            if self._answers_follow():
                self._draw_action(action)
            self._advance()
        return True

    @contextlib.contextmanager
    def _saved_once(self) -> Iterator[None]:
        """Save the game once per click instead of after each action in it (the learner's and every computer
        player's answer). The save is made just before the drawing of the answers (:meth:`refresh`), so the
        page never shows a game newer than the saved one, and the learner's own action is drawn first
        without waiting for the disk."""
        s = self.session
        if not s.autosave:
            yield
            return
        s.autosave = False
        self._save_pending = True
        try:
            yield
        finally:
            s.autosave = True
            self._save_if_pending()

    def _save_if_pending(self) -> None:
        if self._save_pending:
            self._save_pending = False
            self.session.save()

    def _card_clicked(self, card: Card) -> None:
        self.act(card)

    def _call_clicked(self, call: Call) -> None:
        self.act(call)

    def hint(self) -> str:
        """What the partner's computer player would do in the learner's seat, and why."""
        try:
            move = self.session.hint()
            self._note = text("widget_hint", self.lang, action=_action_name(move.action, self.lang),
                              why=move.explanation)
        except VintError as err:
            self._note = err.message(self.lang)
        self.refresh()
        return self._note

    def undo(self) -> None:
        """Back to the learner's previous decision (practice mode)."""
        try:
            self.session.undo()
            self._note = text("widget_undone", self.lang)
        except VintError as err:
            self._note = err.message(self.lang)
        self._generation += 1
        self._waiting = False
        self._thinking = None
        self._last_moves = []
        done = len(self.session.deal.actions)
        self._deal_moves = [(n, m) for n, m in self._deal_moves if n < done]
        self._tricks_seen = len(self.session.deal.tricks)
        self.review.clear()
        self._advance()

    def claim(self) -> bool:
        """Claim every remaining trick; accepted only if no defence can beat it."""
        ok = self.session.claim()
        self._note = self.session.message or ""
        self._waiting = False
        self._tricks_seen = len(self.session.deal.tricks)
        self.refresh()
        return ok

    def next_deal(self) -> None:
        """Score the finished deal on the sheet and deal the next one."""
        with self._saved_once():
            try:
                self.session.next_deal()
            except VintError as err:
                self._note = err.message(self.lang)
                self.refresh()
                return
            self._reset_deal_state()
            if self._answers_follow():
                self._draw_new_deal()
            self._advance()

    def continue_play(self) -> None:
        """Under the "confirm" pace: the learner has seen the trick; play on."""
        self._waiting = False
        with self._saved_once():
            self._advance()

    def _reset_deal_state(self) -> None:
        self._generation += 1
        self._waiting = False
        self._thinking = None
        self._last_moves = []
        self._deal_moves = []
        self._note = ""
        self._tricks_seen = len(self.session.deal.tricks)
        self.review.clear()

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

    # -- the computer players ---------------------------------------------------------

    def _check_trick_done(self) -> None:
        """Under "confirm", stop after a completed trick (not after the last one: the review follows)."""
        deal = self.session.deal
        done = len(deal.tricks)
        if done > self._tricks_seen:
            self._tricks_seen = done
            if self.pace == "confirm" and not deal.is_finished:
                self._waiting = True

    def _pause_for(self) -> float:
        value = PACES.get(self.pace, 0.0)
        pause = float(value) if not isinstance(value, str) else 0.0
        return pause if self.session.deal.phase is Phase.PLAY else pause / 2

    def _advance(self) -> None:
        """Let the computer players act (see :meth:`_schedule`) and draw the table once."""
        if not self._schedule():
            self.refresh()

    def _schedule(self) -> bool:
        """Let the computer players act until it is the learner's turn, the deal ends or a trick awaits a click.

        True if it has drawn the table: one drawing per click, so the page gets each change once
        (drawing before the computer players answer would disable the learner's buttons only to enable
        them again a moment later).
        """
        deal = self.session.deal
        if self._waiting or deal.is_finished or self.session.human_to_act():
            return False
        pause = self._pause_for()
        loop = _running_loop()
        if pause <= 0 or loop is None:
            while self._bot_step():
                pass
            self.refresh()
            return True
        self._thinking = deal.to_act
        self.refresh()
        generation = self._generation
        loop.call_later(pause, self._tick, generation)
        return True

    def _tick(self, generation: int) -> None:
        if generation != self._generation:
            return  # undone, or a new deal: this step belongs to the past
        self._thinking = None
        with self._saved_once():
            self._bot_step()
            self._advance()

    def _bot_step(self) -> bool:
        """One computer action; False when none is due (learner's turn, deal over, waiting for a click)."""
        if self._waiting:
            return False
        before = len(self.session.deal.actions)
        move = self.session.bot_step()
        if move is None:
            return False
        self._deal_moves.append((before, move))
        if self.session.deal.phase is Phase.AUCTION or isinstance(move.action, Call):
            self._last_moves = [*self._last_moves, move][-3:]
        else:
            self._last_moves = []
        self._check_trick_done()
        return True

    # -- drawing ----------------------------------------------------------------------

    def _answers_follow(self) -> bool:
        """Will this click's drawing wait for work (the computer players' answers without a pause, or the
        review of a finished deal)? Then the learner's own action is drawn first (see :meth:`_draw_action`)."""
        deal = self.session.deal
        if deal.is_finished:
            return True
        if self._waiting or self.session.human_to_act():
            return False
        return self._pause_for() <= 0 or _running_loop() is None

    def _draw_action(self, action: Action) -> None:
        """Draw the learner's card or call at once, only the parts it changes (a handful of messages): the
        card leaves the hand and lies on the table, or the call joins the auction; the hand or the bidding
        box is frozen (one class, not every button switched off and on) until :meth:`refresh` draws the
        computer players' answers."""
        s = self.session
        view = s.view
        if isinstance(action, Card):
            self.hand.played(action)
            current = view.current_trick
            shown = current if current is not None and current.cards else (view.tricks[-1] if view.tricks else None)
            self.trick.show(shown, leader=view.to_act, four_colour=self.four_colour)
        else:
            self.bidding.called()
            self.centre_auction.show(s.deal.auction, four_colour=self.four_colour)
        self._draw_status()

    def _draw_new_deal(self) -> None:
        """Draw the new deal at once (its number, the learner's new cards, the review put away), before
        the computer players' first calls."""
        s = self.session
        self.header.value = (f'<div class="vint-title">{render.esc(text("table_title", s.lang))}</div>'
                             f'<div class="vint-subtitle">{render.esc(self._subtitle())}</div>')
        self.review.clear()
        self.review.widget.layout.display = "none"
        self._set_button(self.next_button, description=self.next_button.description, tooltip=self.next_button.tooltip,
                         disabled=True)  # dealt: no second click on it while the computer players call
        self.bidding.called()
        self.hand.show(s.view.hand, legal=(), title=self._hand_title())
        self._draw_status()

    def _hand_title(self) -> str:
        s = self.session
        mine = sum(1 for t in s.view.tricks if t.winner == s.human)
        return render.esc(f"{seat_name(s.human, s.lang)} · {text('widget_you', s.lang)} · "
                          f"{text('ui_tricks_n', s.lang, n=mine)}")

    def _draw_status(self) -> None:
        """The status line with the drawing's count: drawn last, so once the page shows the count,
        everything drawn before it has arrived."""
        self.renders += 1
        self.status.value = (render.status_html(self.status_text(), css=False)
                             + f'<span class="vint-render" data-render="{self.renders}" hidden></span>')

    def refresh(self) -> None:
        """Redraw everything from the session (only what the learner may see)."""
        self._save_if_pending()
        s = self.session
        deal = s.deal
        lang = s.lang
        view = s.view
        four = self.four_colour
        finished = deal.is_finished
        rules = deal.rules
        self.header.value = (f'<div class="vint-title">{render.esc(text("table_title", lang))}</div>'
                             f'<div class="vint-subtitle">{render.esc(self._subtitle())}</div>')
        # the other three seats: counts only
        played = view.cards_played()
        last_calls: dict[Seat, str] = {}
        for seat, call in view.calls_by():
            last_calls[seat] = text("ui_pass", lang) if not isinstance(call, Bid) else str(call)
        for seat, panel in self.seats.items():
            left = 13 - sum(1 for who, _ in played if who == seat)
            won = sum(1 for t in view.tricks if t.winner == seat)
            panel.show(player=self._player_name(seat), cards_left=left if not finished else 0, tricks=won,
                       dealer=seat == deal.dealer, to_act=seat == view.to_act,
                       last_call=last_calls.get(seat, "") if view.phase is Phase.AUCTION else "")
        # the trick on the table
        current = view.current_trick
        shown: Trick | None = current if current is not None and current.cards else (
            view.tricks[-1] if view.tricks else None)
        if view.phase is Phase.AUCTION:
            self.trick.clear()
            self.centre_auction.show(deal.auction, four_colour=four)
            self.centre_auction.widget.layout.display = None
            self.live_panel.layout.display = "none"
        else:
            self.trick.show(shown, leader=view.to_act, four_colour=four)
            self.centre_auction.widget.layout.display = "none"
            self.live_panel.layout.display = None
        # the learner's hand
        legal_cards = [a for a in s.legal_actions() if isinstance(a, Card)] if not self._busy() else []
        self.hand.show(view.hand, legal=legal_cards, title=self._hand_title())
        # the bidding box, during the auction only
        if self.bidding.rules != rules:
            self.bidding.set_rules(rules)
        in_auction = view.phase is Phase.AUCTION
        self.bidding.widget.layout.display = None if in_auction else "none"
        legal_calls = [a for a in s.legal_actions() if isinstance(a, Call)] if not self._busy() else []
        self.bidding.show(legal_calls)
        self.auction.show(deal.auction, four_colour=four)
        self.live.show(view)
        if finished and not s.rubber.is_finished:
            # the finished deal is on the sheet at once (written for good by "next deal")
            self.sheet.show(s.rubber.record(deal), history=s.history)
        else:
            self.sheet.show(s.rubber, history=s.history, pending=deal)
        # the buttons (each one that changes sends one message)
        busy = self._busy()
        self._set_button(self.hint_button, description=text("widget_hint_button", lang),
                         tooltip=text("widget_hint_tip", lang), disabled=not s.human_to_act() or busy)
        self._set_button(self.undo_button, description=text("widget_undo_button", lang),
                         tooltip=text("widget_undo_tip", lang),
                         disabled=not s.can_undo() or self._thinking is not None)
        self.undo_button.layout.display = None if s.practice else "none"
        self._set_button(self.claim_button, description=text("widget_claim_button", lang),
                         tooltip=text("widget_claim_tip", lang), disabled=view.phase is not Phase.PLAY or busy)
        self._set_button(self.continue_button, description=text("widget_continue_button", lang),
                         tooltip=self.continue_button.tooltip, disabled=not self._waiting)
        self.continue_button.layout.display = None if self._waiting else "none"
        self._set_button(self.next_button, description=text("widget_next_deal_button", lang),
                         tooltip=text("widget_next_deal_tip", lang), disabled=not finished)
        # the review, once the deal is over (the only time the other hands are shown)
        if finished:
            if self.review.deal is not deal:
                self._open_review()
            self.review.widget.layout.display = None
        else:
            if self.review.deal is not None:
                self.review.clear()
            self.review.widget.layout.display = "none"
        self.howto.value = _howto_html(lang, s.human)
        self.extras.set_title(0, text("widget_howto_title", lang))
        self.extras.set_title(1, text("widget_settings_title", lang))
        self._draw_status()

    def _open_review(self) -> None:
        """Show the finished deal; the double-dummy analysis is worked out only when the learner opens it."""
        s = self.session
        deal = s.deal
        lines = s.rubber.record(deal).deals[-1].lines if not s.rubber.is_finished else deal.score()
        reasons = [text("widget_bot_call", s.lang, seat=m.seat, call=m.explanation) for _, m in self._deal_moves]
        self.review.show(deal, lines=lines, reasons=reasons, four_colour=self.four_colour,
                         offer_analysis=deal.contract is not None and analysis_available())

    def _request_analysis(self) -> None:
        """Work out the double-dummy analysis of the reviewed deal, in a worker thread when the kernel's
        event loop runs (the solver releases the interpreter lock: the table answers clicks meanwhile)."""
        deal = self.review.deal
        if deal is None:
            return
        lang = self.lang
        generation = self._generation
        loop = _running_loop()
        if loop is None:
            self._show_analysis(generation, deal, _analyse(deal, lang))
            return
        self.review.show_analysis([text("widget_analysing", lang)])
        future = loop.run_in_executor(None, _analyse, deal, lang)
        future.add_done_callback(lambda f: self._show_analysis(generation, deal, _outcome(f)))

    def _show_analysis(self, generation: int, deal: Any, lines: tuple[str, ...]) -> None:
        if generation == self._generation and self.review.deal is deal:
            self.review.show_analysis(lines)

    def _busy(self) -> bool:
        return self._waiting or self._thinking is not None

    def _player_name(self, seat: Seat) -> str:
        if seat == self.session.human.partner:
            return text("widget_partner_player", self.lang, bot=self.session.bot_names[seat])
        return text("widget_computer_player", self.lang, bot=self.session.bot_names[seat])

    def _subtitle(self) -> str:
        s = self.session
        deal = s.deal
        return text("table_subtitle", self.lang, rules=deal.rules.name, rubber=len(s.history) + 1,
                    deal=deal.deal_number, dealer=deal.dealer)

    def status_text(self) -> str:
        """The status line: what just happened and what to do now."""
        s = self.session
        lang = s.lang
        deal = s.deal
        view = s.view
        parts: list[str] = []
        if s.message:
            parts.append(s.message)
        if self._note:
            parts.append(self._note)
        for move in self._last_moves:
            call = _action_name(move.action, lang)
            parts.append(text("widget_bot_call", lang, seat=move.seat, call=call, why=move.explanation))
        if view.phase is Phase.PLAY and view.tricks and (view.current_trick is None or not view.current_trick.cards):
            last = view.tricks[-1]
            parts.append(text("widget_trick_won", lang, n=len(view.tricks), seat=last.winner))
        if deal.is_finished:
            parts.append(text("widget_deal_over", lang))
        elif self._waiting:
            parts.append(text("widget_confirm_trick", lang))
        elif self._thinking is not None:
            parts.append(text("widget_thinking", lang, seat=self._thinking))
        elif s.human_to_act():
            if view.phase is Phase.AUCTION:
                parts.append(text("widget_your_call", lang))
            else:
                trick = view.current_trick
                if trick is not None and trick.cards:
                    parts.append(text("widget_your_card_follow", lang, suit=trick.cards[0].suit.symbol))
                else:
                    parts.append(text("widget_your_lead", lang))
        elif deal.to_act is not None:
            parts.append(text("your_turn", lang, seat=deal.to_act))
        return " · ".join(p for p in parts if p)


def _analyse(deal: Any, lang: str) -> tuple[str, ...]:
    """The double-dummy analysis of a finished deal as review lines (a note if it cannot be worked out)."""
    try:
        from vint_core.analysis import review_lines

        return tuple(review_lines(deal, lang))
    except ImportError as err:  # endplay present but its solver library cannot load
        return (str(err),)


def _outcome(future: Any) -> tuple[str, ...]:
    """The lines a worker worked out, or what went wrong, as a line for the review."""
    if future.cancelled():
        return ()
    error = future.exception()
    return (f"{type(error).__name__}: {error}",) if error is not None else tuple(future.result())


def analysis_available() -> bool:
    """Is double-dummy analysis installed (the optional ``endplay``)?"""
    return importlib.util.find_spec("endplay") is not None


def _action_name(action: Action, lang: str) -> str:
    return str(action) if isinstance(action, (Bid, Card)) else text("ui_pass", lang)


def _pace_key(pace: str | float | None) -> str | None:
    """A pace setting from a name (``"normal"``, ``"confirm"``) or seconds between computer cards."""
    if pace is None:
        return None
    if isinstance(pace, str):
        return pace if pace in PACES else None
    seconds = float(pace)
    numeric = {k: float(v) for k, v in PACES.items() if not isinstance(v, str)}
    return min(numeric, key=lambda k: abs(numeric[k] - seconds))


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _howto_html(lang: str, human: Seat = Seat.SOUTH) -> str:
    seats = {"seat": human, "partner": human.partner, "lho": human.left, "rho": human.right}
    steps = "".join(f"<li>{render.esc(text(f'widget_howto_{i}', lang, **seats))}</li>" for i in range(1, 6))
    return f'<div class="vint vint-howto-text"><ol>{steps}</ol></div>'
