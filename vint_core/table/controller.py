"""Controller: the flow of a table, shared by every front end (the Voilà table, the course's lesson widgets).

A :class:`~vint_core.table.session.TableSession` holds the game and its rules of play (legal
actions, bots, undo, hints, claims, saving). The :class:`Controller` adds what happens
around a click, the same for every front end, without any user interface:

* the **pace**: the computer players act at once, or one at a time with a pause (a front end
  with a timer schedules :meth:`Controller.step`), or stop after each completed trick until
  the learner confirms it (``"confirm"``, :meth:`Controller.continue_play`);
* the **move log**: the computer players' last calls, shown in the status line, and their
  reasons, kept for the review;
* the **status line** (:meth:`Controller.status`): what just happened and what to do now;
* **what to draw**: every action returns an :class:`Update` (the learner's action, the
  computer players' answers, whether more follows, the status); :meth:`Controller.frame` gives
  everything a front end draws, worked out once (a :class:`~vint_core.table.frame.TableFrame`), and
  :meth:`Controller.controls` which calls, cards and buttons to offer;
* **saving once per click**: the learner's action and the computer players' answers are saved
  together; a front end that draws first and saves after (:attr:`Controller.save_after_drawing`,
  then :meth:`Controller.save`) keeps the disk off the click's way;
* the **review** of a finished deal (:meth:`Controller.review`).

A front end draws and forwards clicks. A lesson with one deal against the computer players:

>>> from vint_core import Call
>>> table = Controller.one_deal(seed=7)          # South, three rule bots, nothing saved
>>> update = table.advance()                     # the computer players call until South's turn
>>> table.status()
'your call: bid or pass'
>>> update = table.act(Call.parse("1H"))
>>> update.follow, update.status                 # draw the call now; the answers are worked out next
(True, 'West to act')
>>> update = table.advance()
>>> [str(move.action) for move in update.moves]
['2♠', '2♥', '4♠']
>>> table.status()
'West: 2♠ · North: 2♥ · East: 4♠ · your call: bid or pass'
>>> table.controls().calls[:3]
(Call.parse('Pass'), Call.parse('4♣'), Call.parse('4♦'))

The computer players' reasons (``update.moves[i].explanation``) speak of their own hands: a
front end keeps them for the review (:meth:`Controller.review`), as the table does.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from vint_core.bots import Said, seated
from vint_core.bots.meanings import call_meanings
from vint_core.calls import Call
from vint_core.cards import Card
from vint_core.deal import Action, Deal, Phase
from vint_core.errors import VintError, bad_argument
from vint_core.feedback import auction_status
from vint_core.i18n import Phrase, bot_title, rules_title, seat_name, text
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet
from vint_core.seats import Seat
from vint_core.table.frame import CallMeaningLine, Controls, ReviewFrame, ScoreFrame, SeatFrame, TableFrame
from vint_core.table.review import DealReview
from vint_core.table.said import error_said
from vint_core.table.session import BotMove, TableSession
from vint_core.table.session_settings import PACES, SessionSettings

__all__ = ["PACES", "Controller", "Controls", "Update", "faster_pace", "pause_of"]

_ORIGINS = itertools.count(1)

#: the paces with a pause, slowest first: the learner's "Faster" goes one step along (from "fast" to no pause)
SLOWER_TO_FASTER = ("slow", "normal", "fast", "none")


def faster_pace(pace: str) -> str | None:
    """The pace one step faster than ``pace``; None when there is no pause to shorten ("none", "confirm").

    >>> faster_pace("slow"), faster_pace("fast"), faster_pace("none"), faster_pace("confirm")
    ('normal', 'none', None, None)
    """
    if pace not in SLOWER_TO_FASTER[:-1]:
        return None
    return SLOWER_TO_FASTER[SLOWER_TO_FASTER.index(pace) + 1]


def pause_of(pace: str) -> float:
    """Seconds between computer cards at ``pace`` (0 under "confirm": the learner sets the pace).

    >>> pause_of("fast"), pause_of("confirm")
    (0.4, 0.0)
    """
    value = PACES.get(pace, 0.0)
    return float(value) if not isinstance(value, str) else 0.0


def pace_key(pace: str | float | None) -> str | None:
    """A pace name from a name (``"normal"``, ``"confirm"``) or from seconds between computer cards (the nearest).

    >>> pace_key(0.5), pace_key("confirm"), pace_key("sometimes")
    ('fast', 'confirm', None)
    """
    if pace is None:
        return None
    if isinstance(pace, str):
        return pace if pace in PACES else None
    numeric = {k: float(v) for k, v in PACES.items() if not isinstance(v, str)}
    return min(numeric, key=lambda k: abs(numeric[k] - float(pace)))


@dataclass(frozen=True)
class Update:
    """What one action changed, and what a front end does next.

    Draw ``action`` (the learner's own call or card) at once; if ``follow``, call
    :meth:`Controller.advance` for the computer players' answers and draw again; if ``pause``
    is set, call :meth:`Controller.step` with ``generation`` after that many seconds.
    """

    #: False when the action was refused (nothing changed; :meth:`Controller.status` says why)
    accepted: bool = True
    #: the learner's call or card, if this update made one
    action: Action | None = None
    #: the computer players' actions made in this update, in order
    moves: tuple[BotMove, ...] = ()
    #: the computer players' answers (or the review) are worked out next, by :meth:`Controller.advance`
    follow: bool = False
    #: a computer player acts after this many seconds (:meth:`Controller.step`); None: nothing is scheduled
    pause: float | None = None
    #: a new deal was dealt
    new_deal: bool = False
    #: the controller's generation when this update was made (a scheduled step of an older one is void)
    generation: int = 0
    #: the status line after this update
    status: str = ""


class Controller:
    """The flow of one table around a :class:`~vint_core.table.session.TableSession` (see the module's docstring).

    ``timed``: the front end can wait (it has an event loop): under a pace the computer players
    act one at a time, each after :attr:`Update.pause` seconds, through :meth:`step`. Without it
    (scripts, tests, lessons) they act at once.
    """

    session: TableSession
    timed: bool
    #: bumped by undo and a new deal: a step scheduled before is void
    generation: int
    #: under "confirm", a completed trick waits for :meth:`continue_play`
    waiting: bool
    #: the computer player whose action is scheduled (:attr:`Update.pause`), if any
    thinking: Seat | None
    #: a one-off line for the status: a refused action, a hint, "undone" (said when shown, in the language of then)
    note: Said | None
    #: the computer players' last calls (up to three), for the status line
    recent: tuple[BotMove, ...]
    #: a lesson's table stops once this many tricks are complete (0: at the end of the auction); None: never
    until_trick: int | None
    #: the front end saves once it has drawn (:meth:`save`), so that the disk is not on the click's way; False: every
    #: action saves before it returns
    save_after_drawing: bool
    #: a class board's table (:meth:`board`): one deal, no next deal, its end said as the board's
    one_board: bool

    def __init__(self, session: TableSession, *, pace: str | None = None, timed: bool = False,
                 until_trick: int | None = None) -> None:
        if not isinstance(session, TableSession):
            raise bad_argument("session", session, "arg_session")
        if pace is not None and not isinstance(pace, str):
            raise bad_argument("pace", pace, "arg_choice", choices=", ".join(PACES))
        if not isinstance(timed, bool):
            raise bad_argument("timed", timed, "arg_bool")
        if until_trick is not None and (isinstance(until_trick, bool) or not isinstance(until_trick, int)
                                        or not 0 <= until_trick <= 13):
            raise bad_argument("until_trick", until_trick, "arg_whole", low=0, high=13)
        self.session = session
        self.until_trick = until_trick
        self.timed = timed
        self.generation = 0
        self.waiting = False
        self.pace = pace if pace is not None else session.settings.pace
        self.thinking = None
        self.note = None
        self.recent = ()
        self._tricks_seen = len(session.deal.tricks)
        #: this controller's place in its positions' numbers: a lesson that starts another deal with a new controller
        #: does not take a click on the old one's drawing for its own (12 bits: the number stays exact in a page)
        self._origin = next(_ORIGINS) & 0xFFF
        self.save_after_drawing = False
        self.one_board = False
        self._meanings: tuple[tuple[object, ...], tuple[CallMeaningLine, ...]] | None = None

    @classmethod
    def one_deal(cls, deal: Deal | None = None, *, seed: int = 0, human: Seat = Seat.SOUTH,
                 bots: str | Mapping[Seat, str] = "rule", rules: RuleSet = SEED, lang: str = "en",
                 pace: str = "none", until_trick: int | None = None) -> Controller:
        """A lesson's table: ``deal`` (or one dealt from ``seed``) against the computer players, nothing saved,
        undo allowed. ``bots`` is one bot name for the three computer seats or a name per seat; ``until_trick``
        stops the table once that many tricks are complete (0: an auction only, see :attr:`stopped`)."""
        if deal is not None and not isinstance(deal, Deal):
            raise bad_argument("deal", deal, "arg_deal")
        if not isinstance(bots, (str, Mapping)):
            raise bad_argument("bots", bots, "arg_bots")
        names = {seat: bots for seat in Seat} if isinstance(bots, str) else dict(bots)
        session = TableSession(human=human, rules=deal.rules if deal is not None else rules, bots=names, seed=seed,
                               autosave=False, lang=lang)
        if deal is not None:
            session.load_deal(deal)
        return cls(session, pace=pace, until_trick=until_trick)

    @classmethod
    def board(cls, deal: Deal, *, save_path: Path, rules: RuleSet, bots: Mapping[Seat, str], seed: int,
              lang: str = "en", pace: str | None = None) -> Controller:
        """A table for one board of a class: the game saved at ``save_path`` if it is this board's deal (so a
        learner resumes where they stopped), else ``deal`` from its first call, its dealer dealing; undo is not
        allowed, so every learner's result of the board compares."""
        if not isinstance(deal, Deal):
            raise bad_argument("deal", deal, "arg_deal")
        session = TableSession.open(save_path=save_path, lang=lang, undo_allowed=False, bots=bots, rules=rules,
                                    seed=seed)
        if session.deal.hands != deal.hands or session.deal.dealer != deal.dealer:
            session = TableSession(save_path=save_path, lang=lang, undo_allowed=False, bots=bots, rules=rules,
                                   seed=seed)
            session.rubber = Rubber(session.rules, deal.dealer)  # the board's dealer deals first
            session.load_deal(deal)
        table = cls(session, pace=pace)
        table.one_board = True
        return table

    @classmethod
    def open(cls, *, save_path: Path | None = None, rules: str | None = None, lang: str | None = None,
             bots: Sequence[str] | None = None, seed: int | None = None, pace: str | float | None = None,
             human: Seat | str | None = None, autosave: bool = True) -> Controller:
        """The table's game: the one saved at ``save_path`` (default :func:`~vint_core.saves.default_save_path`)
        resumed, or a new one with these settings.

        ``human`` is the learner's seat (a :class:`~vint_core.seats.Seat` or a name such as ``"W"``; South for a new
        game if not given); ``bots`` the computer players from the learner's left (for a new game, if not given,
        :func:`~vint_core.bots.table_bots`: the rule-based player opposite, ``sim-light`` the partner); ``pace`` a
        pace name or the seconds between computer cards. A saved game under other rules than ``rules``, or with the
        learner in another seat than ``human``, is not resumed: a new game starts with them.
        """
        seat = Seat.SOUTH if human is None else (Seat.parse(human) if isinstance(human, str) else Seat(human))
        defaults: dict[str, Any] = {"human": seat, "autosave": autosave}
        if rules is not None:
            defaults["rules"] = RuleSet.named(rules)
        if lang is not None:
            defaults["lang"] = lang
        if seed is not None:
            defaults["seed"] = seed
        defaults["bots"] = seated(seat, bots)
        session = TableSession.open(save_path, **defaults)
        if ((rules is not None and session.rubber.rules.name != defaults["rules"].name)
                or (human is not None and session.human != seat)):
            session = TableSession(save_path=session.save_path, **defaults)
        table = cls(session, pace=pace_key(pace))
        if lang is not None:
            table._set_lang(lang)
        return table

    # -- settings ------------------------------------------------------------------

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def pace(self) -> str:
        """The pace (a name of :data:`~vint_core.table.session_settings.PACES`), kept in the session's settings; an
        unknown one is "normal"."""
        return self.session.settings.pace

    @pace.setter
    def pace(self, pace: str) -> None:
        s = self.session
        s.settings = dataclasses.replace(s.settings, pace=pace if pace in PACES else "normal")
        if pace != "confirm":
            self.waiting = False

    @property
    def four_colour(self) -> bool:
        """Is the four-colour deck drawn (kept in the session's settings)?"""
        return self.session.settings.four_colour

    def pause(self) -> float:
        """Seconds before the next computer action: the pace's, halved during the auction."""
        pause = pause_of(self.pace)
        return pause if self.session.deal.phase is Phase.PLAY else pause / 2

    @property
    def position(self) -> int:
        """The number of the position the table is in: it changes with every call and card, an undo, a new deal,
        a trick confirmed and a game taken up from another tab. A front end draws a position and passes its number
        with the click made on it (:meth:`act`'s ``position``): a click made on an older drawing (the second click
        of a double click, the computer players having answered the first at once) is refused."""
        generation = self.generation & 0xFFFFFF
        return (self._origin << 40) | (generation << 16) | (len(self.session.deal.actions) << 1) | int(self.waiting)

    @property
    def stopped(self) -> bool:
        """Has a lesson's table reached its end (:attr:`until_trick`)? Then nobody acts any more."""
        deal = self.session.deal
        return (self.until_trick is not None and deal.phase is not Phase.AUCTION
                and (len(deal.tricks) >= self.until_trick or deal.is_finished))

    @property
    def busy(self) -> bool:
        """Is the table waiting (a trick to confirm, a computer player scheduled)? Then the learner cannot act."""
        return self.waiting or self.thinking is not None

    def configure(self, *, bots: Mapping[Seat, str] | None = None, pace: str | None = None,
                  four_colour: bool | None = None, lang: str | None = None) -> Update:
        """Change the computer players (not the learner's seat), the pace, the deck or the language; saved. A deck
        that cannot be (not True or False) is refused before anything changes."""
        s = self.session
        if four_colour is not None:
            dataclasses.replace(s.settings, four_colour=four_colour)  # checked first: raises TableSettingError
        with s.saves_held():
            for seat, name in (bots or {}).items():
                if seat != s.human and s.bot_names.get(seat) != name:
                    s.set_bot(seat, name)
        if pace is not None:
            self.pace = pace
        if four_colour is not None:
            s.settings = dataclasses.replace(s.settings, four_colour=four_colour)
        if lang is not None:
            self._set_lang(lang)
        if s.autosave:
            s.save()
        return self.advance()

    def _set_lang(self, lang: str) -> None:
        """Speak ``lang`` from now on; everything on screen is said again in it."""
        s = self.session
        if lang == s.lang:
            return
        s.lang = lang  # the message, the note and the reasons are phrases: the next frame says them in ``lang``

    def new_game(self, *, human: Seat, rules: RuleSet, bots: Mapping[Seat, str], lang: str | None = None,
                 settings: SessionSettings | Mapping[str, Any] | None = None) -> Update:
        """Leave this game and start a new one (a new rubber, the next seed), the learner in ``human``; ``settings``
        changes the game's settings (all of them, or the fields of a mapping). A setting that cannot be is refused
        (:class:`~vint_core.table.session_settings.TableSettingError`) before anything changes."""
        old = self.session
        chosen = (settings if isinstance(settings, SessionSettings)
                  else SessionSettings.from_json(old.settings.to_json() | dict(settings or {})))
        seed = None if old.seed is None else old.seed + 1
        self.session = TableSession(human=human, rules=rules,
                                    bots={seat: name for seat, name in bots.items() if seat != human},
                                    seed=seed, undo_allowed=old.undo_allowed, save_path=old.save_path,
                                    autosave=old.autosave, lang=lang or old.lang,
                                    settings=chosen)
        self._reset_deal()
        self.note = Phrase("widget_new_game_started", rules=_RulesTitle(rules.name), seat=human)
        return self.advance()

    def faster(self) -> Update:
        """The learner shortens the pause (the control beside "West is thinking…"): the pace one step faster
        (:func:`faster_pace`, kept in the settings as if chosen there), and the computer player who is thinking
        acts now; the step scheduled before is void (a new generation). Nothing changes without a pause."""
        quicker = faster_pace(self.pace)
        if quicker is None:
            return self._update(accepted=False)
        self.pace = quicker
        s = self.session
        if s.autosave:
            s.save()
        if self.thinking is None:
            return self._update()
        self.generation += 1
        return self.step(self.generation) or self._update()

    # -- a second tab on the same save ---------------------------------------------------

    def catch_up(self) -> Update | None:
        """If the game was played on in another tab or window (its save is newer than this table's), take it
        up from the save, refusing the click that found out (the note says so): nothing is overwritten. None
        if this table is up to date."""
        old = self.session
        if not old.saved_elsewhere():
            return None
        self.session = TableSession.open(old.save_path, human=old.human, rules=old.rules, bots=old.bot_names,
                                         seed=old.seed, undo_allowed=old.undo_allowed, autosave=old.autosave,
                                         lang=old.lang, settings=old.settings)
        self.session.message = None
        self._reset_deal()
        self.note = Phrase("widget_played_elsewhere")
        return self._update(accepted=False, new_deal=True)

    # -- the learner's actions -----------------------------------------------------------

    def act(self, action: Action, *, position: int | None = None) -> Update:
        """The learner's call or card. Refused (``accepted`` False, the note saying why) if illegal or if the
        table is busy, or taken up from another tab (:meth:`catch_up`); then nothing changes.

        ``position`` is the :attr:`position` the click was made on, when the front end knows it: a click made
        on another one is refused quietly (no note: it was meant for a position that has gone by)."""
        if (caught := self.catch_up()) is not None:
            return caught
        if position is not None and position != self.position:
            return self._update(accepted=False)
        s = self.session
        if self.busy or self.stopped:
            return self._update(accepted=False)
        with s.saves_held():
            try:
                s.act(action)
            except VintError as err:
                self.note = error_said(err)
                return self._update(accepted=False)
        self.note = None
        self.recent = ()
        self._check_trick_done()
        if self._answers_follow():
            return self._update(action=action, follow=True)
        return replace(self.advance(), action=action)

    def continue_play(self) -> Update:
        """Under the "confirm" pace: the learner has seen the trick; play on."""
        if (caught := self.catch_up()) is not None:
            return caught
        self.waiting = False
        return self.advance()

    def hint(self) -> Update:
        """What the partner's computer player would do in the learner's seat, and why (in the note)."""
        try:
            move = self.session.hint()
            self.note = Phrase("widget_hint", action=_ActionName(move.action), why=move.explanation)
        except VintError as err:
            self.note = error_said(err)
        return self._update()

    def undo(self) -> Update:
        """Back to the learner's previous decision (games with undo allowed)."""
        if (caught := self.catch_up()) is not None:
            return caught
        s = self.session
        accepted = True
        with s.saves_held():
            try:
                s.undo()
                self.note = Phrase("widget_undone")
            except VintError as err:
                self.note = error_said(err)
                accepted = False
        self.generation += 1
        self.waiting = False
        self.thinking = None
        self.recent = ()
        self._tricks_seen = len(s.deal.tricks)
        return replace(self.advance(), accepted=accepted)

    def claim(self) -> Update:
        """Claim every remaining trick; accepted only if no defence can beat it (the session's message says)."""
        if (caught := self.catch_up()) is not None:
            return caught
        s = self.session
        ok = s.claim()
        self.note = None
        self.waiting = False
        self._tricks_seen = len(s.deal.tricks)
        return self._update(accepted=ok)

    def next_deal(self) -> Update:
        """Score the finished deal on the sheet and deal the next one (refused on a class board's table: the class
        gives the next board)."""
        if (caught := self.catch_up()) is not None:
            return caught
        if self.one_board:
            return self._update(accepted=False)
        s = self.session
        with s.saves_held():
            try:
                s.next_deal()
            except VintError as err:
                self.note = error_said(err)
                return self._update(accepted=False)
        self._reset_deal()
        if self._answers_follow():
            return self._update(new_deal=True, follow=True)
        return replace(self.advance(), new_deal=True)

    # -- the computer players --------------------------------------------------------------

    def advance(self) -> Update:
        """Let the computer players act until it is the learner's turn, the deal ends or a trick awaits a click;
        or, ``timed`` under a pace, schedule the next one (:attr:`Update.pause`). Saves what changed."""
        s = self.session
        moves: list[BotMove] = []
        pause: float | None = None
        with s.saves_held():
            if not (self.waiting or self.stopped or s.deal.is_finished or s.human_to_act()):
                seconds = self.pause()
                if seconds <= 0 or not self.timed:
                    while (move := self._bot_step()) is not None:
                        moves.append(move)
                else:
                    self.thinking = s.deal.to_act
                    pause = seconds
        if not self.save_after_drawing:
            s.save_if_changed()
        return self._update(moves=tuple(moves), pause=pause)

    def save(self) -> bool:
        """Save what changed since the last save (a front end with :attr:`save_after_drawing` calls this once it
        has drawn); True if the save notice (:meth:`TableSession.save_notice
        <vint_core.table.session.TableSession.save_notice>`) changed with it, so that the status is drawn again."""
        s = self.session
        notice = s.save_problem is not None
        s.save_if_changed()
        return (s.save_problem is not None) != notice

    def step(self, generation: int) -> Update | None:
        """The computer player scheduled by an update of ``generation`` acts (None if the game has moved on since:
        an undo, a new deal), and the next one is scheduled."""
        if generation != self.generation:
            return None
        if (caught := self.catch_up()) is not None:
            return caught
        self.thinking = None
        with self.session.saves_held():
            move = self._bot_step()
        update = self.advance()
        return replace(update, moves=(move, *update.moves)) if move is not None else update

    def _bot_step(self) -> BotMove | None:
        if self.waiting or self.stopped:
            return None
        move = self.session.bot_step()
        if move is None:
            return None
        if self.session.deal.phase is Phase.AUCTION or isinstance(move.action, Call):
            self.recent = (*self.recent, move)[-3:]
        else:
            self.recent = ()
        self._check_trick_done()
        return move

    def _check_trick_done(self) -> None:
        """Under "confirm", stop after a completed trick (not after the last one: the review follows)."""
        deal = self.session.deal
        done = len(deal.tricks)
        if done > self._tricks_seen:
            self._tricks_seen = done
            if self.pace == "confirm" and not deal.is_finished:
                self.waiting = True

    def _answers_follow(self) -> bool:
        """Will work follow at once (the computer players' answers without a pause, or the review of a finished
        deal)? Then a front end draws the learner's own action first."""
        s = self.session
        if s.deal.is_finished:
            return True
        if self.waiting or s.human_to_act():
            return False
        return self.pause() <= 0 or not self.timed

    def _reset_deal(self) -> None:
        self.generation += 1
        self.waiting = False
        self.thinking = None
        self.recent = ()
        self.note = None
        self._tricks_seen = len(self.session.deal.tricks)

    def _update(self, **fields: Any) -> Update:
        return Update(generation=self.generation, status=self.status(), **fields)

    # -- what to draw ----------------------------------------------------------------------

    def controls(self) -> Controls:
        """The calls, cards and buttons to offer the learner now (the frame's :attr:`TableFrame.controls
        <vint_core.table.frame.TableFrame.controls>`)."""
        s = self.session
        idle = self.busy or self.stopped
        legal = s.legal_actions() if not idle else ()
        phase = s.deal.phase
        return Controls(calls=tuple(a for a in legal if isinstance(a, Call)),
                        cards=tuple(a for a in legal if isinstance(a, Card)),
                        hint=s.human_to_act() and not idle, undo=s.can_undo() and self.thinking is None,
                        undo_offered=s.undo_allowed, claim=phase is Phase.PLAY and not idle, confirm=self.waiting,
                        next_deal=s.deal.is_finished and not self.one_board,
                        faster=faster_pace(self.pace) if self.thinking is not None else None)

    def frame(self) -> TableFrame:
        """Everything a front end draws now, worked out once (see :mod:`vint_core.table.frame`)."""
        s = self.session
        deal = s.deal
        view = s.view
        lang = s.lang
        human = s.human
        finished = deal.is_finished
        in_auction = view.phase is Phase.AUCTION
        last_calls: dict[Seat, str] = {}
        calls_by = view.calls_by()
        for seat, call in calls_by:
            last_calls[seat] = self._action_name(call)
        cards_left = dict.fromkeys(Seat, 13)
        for seat, _ in view.cards_played():
            cards_left[seat] -= 1
        won = dict.fromkeys(Seat, 0)
        for trick in view.tricks:
            if trick.winner is not None:
                won[trick.winner] += 1
        seats = tuple(SeatFrame(seat=seat, player=self._player_name(seat),
                                cards_left=cards_left[seat] if not finished else 0, tricks=won[seat],
                                dealer=seat == deal.dealer, to_act=seat == view.to_act,
                                last_call=last_calls.get(seat, "") if in_auction else "")
                      for seat in (human.left, human.partner, human.right))
        current = view.current_trick
        shown = current if current is not None and current.cards else (view.tricks[-1] if view.tricks else None)
        done = list(view.tricks) if current is not None and current.cards else list(view.tricks[:-1])
        controls = self.controls()
        turn = "call" if controls.calls else "card" if controls.cards else "next" if controls.next_deal else ""
        if finished and not s.rubber.is_finished:
            score = ScoreFrame(rubber=s.rubber.record(deal), history=tuple(s.history), pending=None,
                               practised=frozenset(s.practised))
        else:
            score = ScoreFrame(rubber=s.rubber, history=tuple(s.history), pending=deal,
                               practised=frozenset(s.practised))
        review = self.review()
        passes = deal.rules.auction_end_passes
        places = {"seat": human, "partner": human.partner, "lho": human.left, "rho": human.right, "passes": passes}
        return TableFrame(
            position=self.position, lang=lang, four_colour=s.settings.four_colour, human=human,
            rules=deal.rules, phase=view.phase, deal_number=deal.deal_number, dealer=deal.dealer, to_act=view.to_act,
            title=text("table_title", lang),
            subtitle=text("table_subtitle", lang, rules=rules_title(deal.rules.name, lang), rubber=len(s.history) + 1,
                          deal=deal.deal_number, dealer=deal.dealer),
            seats=(seats[0], seats[1], seats[2]), hand=view.hand,
            hand_title=f"{seat_name(human, lang)} · {text('widget_you', lang)} · "
                       f"{text('ui_tricks_n', lang, n=won[human])}",
            tricks_won=view.tricks_won, trick=shown, last_trick=done[-1] if done else None,
            last_trick_number=len(done), auction=deal.auction, contract=view.contract,
            meanings=self._call_meanings(tuple(calls_by), deal), controls=controls, turn=turn, thinking=self.thinking,
            status=self.status(), save_notice=s.save_notice(),
            score=score,
            review=ReviewFrame(review=review, reason_groups=self._reason_groups()) if review is not None else None,
            howto=tuple(text(f"widget_howto_{i}", lang, **places) for i in range(1, 6)))

    def _call_meanings(self, calls_by: tuple[tuple[Seat, Call], ...], deal: Deal) -> tuple[CallMeaningLine, ...]:
        """What each call so far shows, worked out again only when the auction (or the language) changes."""
        key = (calls_by, deal.rules, deal.deal_number, self.lang)
        if self._meanings is not None and self._meanings[0] == key:
            return self._meanings[1]
        lines = tuple(CallMeaningLine(seat=m.seat, call=m.call, name=self._action_name(m.call), meaning=m.text)
                      for m in call_meanings(calls_by, deal.rules, deal_number=deal.deal_number, lang=self.lang))
        self._meanings = (key, lines)
        return lines

    def _reason_groups(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The computer players' reasons in this deal, grouped: the auction, then trick by trick."""
        lang = self.lang
        calls = len(self.session.deal.auction.calls)
        groups: dict[int, list[str]] = {}
        for move in self.session.moves:
            group = 0 if move.index < calls else (move.index - calls) // 4 + 1
            groups.setdefault(group, []).append(text("widget_bot_call", lang, seat=move.seat,
                                                     call=move.explanation.text(lang)))
        return tuple((text("widget_review_auction", lang) if n == 0 else text("widget_review_trick_n", lang, n=n),
                      tuple(items)) for n, items in sorted(groups.items()))

    def _player_name(self, seat: Seat) -> str:
        s = self.session
        key = "widget_partner_player" if seat == s.human.partner else "widget_computer_player"
        return text(key, self.lang, bot=bot_title(s.bot_names[seat], self.lang))

    def review(self) -> DealReview | None:
        """The review of the current deal once it is finished (the four hands, the score, the reasons), else None."""
        return self.session.review() if self.session.deal.is_finished else None

    def status(self) -> str:
        """The status line: what just happened and what to do now."""
        s = self.session
        lang = s.lang
        deal = s.deal
        view = s.view
        parts: list[str] = []
        if s.message is not None:
            parts.append(s.message.text(lang))
        if self.note is not None:
            parts.append(self.note.text(lang))
        for move in self.recent:
            parts.append(text("widget_bot_call", lang, seat=move.seat, call=self._action_name(move.action)))
        if view.phase is Phase.PLAY and view.tricks and (view.current_trick is None or not view.current_trick.cards):
            parts.append(text("widget_trick_won", lang, n=len(view.tricks), seat=view.tricks[-1].winner))
        if self.until_trick == 0 and (view.phase is Phase.AUCTION or self.stopped):
            parts.append(auction_status(deal.auction, lang=lang))  # an auction lesson says where the auction stands
        if self.stopped:
            if self.until_trick:
                parts.append(text("lesson_drill_done", lang, n=self.until_trick))
        elif deal.is_finished:  # a class board's traveller follows below the table
            parts.append(text("class_boards_over" if self.one_board else "widget_deal_over", lang))
        elif self.waiting:
            parts.append(text("widget_confirm_trick", lang))
        elif self.thinking is not None:
            parts.append(text("widget_thinking", lang, seat=self.thinking))
        elif s.human_to_act():
            trick = view.current_trick
            if view.phase is Phase.AUCTION:
                parts.append(text("widget_your_call", lang))
            elif trick is not None and trick.cards:
                parts.append(text("widget_your_card_follow", lang, suit=trick.cards[0].suit.symbol))
            else:
                parts.append(text("widget_your_lead", lang))
        elif deal.to_act is not None:
            parts.append(text("your_turn", lang, seat=deal.to_act))
        return " · ".join(p for p in parts if p)

    def _action_name(self, action: Action) -> str:
        return _ActionName(action).text(self.lang)


@dataclass(frozen=True)
class _ActionName:
    """A call or a card as the status line names it ("Pass" is a word of the language), said when shown."""

    action: Action

    def text(self, lang: str) -> str:
        action = self.action
        return action.text(lang) if isinstance(action, Call) else str(action)


@dataclass(frozen=True)
class _RulesTitle:
    """A rule set's name in words, said when shown."""

    name: str

    def text(self, lang: str) -> str:
        return rules_title(self.name, lang)
