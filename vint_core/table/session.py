"""TableSession: the game at a table, without any user interface.

A session holds the game one person plays against (or with) three computer
players: the deal in progress (an immutable :class:`~vint_core.deal.Deal`),
the rubber, the finished rubbers, the bots and their reasons, undo, hints,
claims, the review of a finished deal (:mod:`vint_core.table.review`), and an
autosave after every action (on disk by :mod:`vint_core.saves`). The flow
around a click (pace, the status line, what to draw) is the
:class:`~vint_core.table.controller.Controller`'s, which every front end uses;
everything here is tested without Jupyter.

>>> s = TableSession(seed=1, bots={seat: "random" for seat in Seat}, autosave=False)
>>> moves = s.run_bots()
>>> s.human_to_act() or s.deal.is_finished
True

Randomness: the session owns one ``random.Random`` seeded from ``seed``. It
deals, and it is the only generator the bots get, so the same seed and the same
human actions give the same game; the generator's state is saved with the game,
so reopening a save continues with the same bot choices.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vint_core.bots import BOT_NAMES, Bot, Explains, Said, make_bot, seated
from vint_core.cards import cut_for_dealer
from vint_core.claims import ClaimSolver, ClaimTooBig
from vint_core.deal import Action, Deal, Phase
from vint_core.errors import FileRefused, ParseError, Reason, VintError, bad_argument
from vint_core.i18n import LANGUAGES, Phrase, os_reason, text
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.saves import (
    default_save_path,
    disk_problem,
    file_mark,
    keep_aside,
    open_saved,
    rng_from_json,
    rng_to_json,
    rngs_from_json,
    rngs_to_json,
    write_json,
)
from vint_core.seats import Seat
from vint_core.table.review import DealReview
from vint_core.table.said import Rendered, said_from_json, said_to_json
from vint_core.table.session_settings import SessionSettings
from vint_core.table.weighing import KeptWeighings
from vint_core.views import SeatView

__all__ = ["BotMove", "SessionError", "TableSession"]

SAVE_FORMAT = "vint-session"
SAVE_VERSION = 1


class _BadSave(Exception):
    """Why a saved game cannot be read (turned into a ``ParseError`` by ``TableSession.from_json``)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.problem: Phrase | VintError = Phrase(key, **params)

    @classmethod
    def of(cls, error: VintError) -> _BadSave:
        """The save's part that a reader refused, said by the reader's own error."""
        bad = cls.__new__(cls)
        bad.problem = error
        return bad


class SessionError(VintError):
    """An action the table refuses: undo in a real game, a review before the deal ends, …

    Keyed as every VintError is, by its ``reason`` (``Reason.TABLE``); which of the table's sentences (an
    ``i18n`` key starting ``session_``) is its ``detail``, a :class:`~vint_core.i18n.Phrase`; ``message(lang)``
    gives it in English or German.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(Reason.TABLE, detail=Phrase(key, **params))


@dataclass(frozen=True)
class BotMove:
    """One computer action: who, what, and why (not yet in a language: ``explanation.text(lang)`` says it)."""

    seat: Seat
    action: Action
    explanation: Said
    #: its place among the deal's actions (0 for the first call)
    index: int = -1

    def __str__(self) -> str:
        return f"{self.seat}: {self.action} — {self.explanation.text('en')}"


def _explanation(bot: Bot, view: SeatView, action: Action) -> Said:
    """A computer player's reason, kept as a phrase; a bot that only says finished sentences is asked in every
    language at once."""
    if isinstance(bot, Explains):
        return bot.explanation(view, action)
    return Rendered({lang: bot.explain(view, action, lang) for lang in LANGUAGES})


# -- the session ----------------------------------------------------------------

@dataclass(frozen=True)
class _Undo:
    """A point the human may return to: the number of actions in the deal and the generator's state."""

    n_actions: int
    rng: tuple[Any, ...]


class TableSession:
    """One person at a table of four, the other seats played by bots.

    Mutable controller holding immutable snapshots: ``deal``, ``rubber`` and
    ``history`` are replaced, never changed in place.
    """

    deal: Deal
    rubber: Rubber
    history: list[Rubber]
    human: Seat
    #: undo is allowed in this game (the learner may take back a decision until the deal is over)
    undo_allowed: bool
    lang: str
    #: what the table has to say about the last thing that happened (a claim, a resumed game), said when shown
    message: Phrase | None
    #: settings the table offers and keeps with the game: the pace, the four-colour deck (replaced, never changed)
    settings: SessionSettings
    #: the deals in which undo was used, as (rubber number, deal number on its sheet), both from 1
    practised: set[tuple[int, int]]
    #: why the last save failed (a full or read-only disk), None once a save has succeeded (see :meth:`save`)
    save_problem: Exception | None
    #: the weighings of the last reviews (:mod:`vint_core.table.weighing`), saved with the game
    weighings: KeptWeighings

    def __init__(self, *, human: Seat = Seat.SOUTH, rules: RuleSet = SEED, bots: Mapping[Seat, str] | None = None,
                 seed: int | None = None, undo_allowed: bool = True, save_path: Path | None = None,
                 autosave: bool = True, lang: str = "en",
                 settings: SessionSettings | Mapping[str, Any] | None = None) -> None:
        """A new game: cut for the first dealer and deal the first deal.

        ``bots`` names the bot of each computer seat (``"random"``, ``"rule"``, ``"sim-normal"`` …);
        seats left out play ``"rule"``; without ``bots``, the served table's players
        (:func:`~vint_core.bots.table_bots`: the learner's partner ``sim-light`` where the solver loads).
        ``undo_allowed``: the learner may undo. With ``autosave`` every action is saved to ``save_path``
        (default :func:`~vint_core.saves.default_save_path`). ``human`` may be a seat's text, ``rules`` a rule
        set's name; ``settings`` the pace and the deck (a
        :class:`~vint_core.table.session_settings.SessionSettings`, or a mapping of some of its fields); anything
        that cannot be raises a :class:`~vint_core.errors.VintError` that says what may be given.
        """
        self.human = Seat.of(human)
        rules = as_rule_set(rules)
        names = {seat: "rule" for seat in Seat}
        if bots is None:
            names.update(seated(self.human))
        if bots is not None and not isinstance(bots, Mapping):
            raise bad_argument("bots", bots, "arg_bots")
        for k, v in (bots or {}).items():
            if v not in BOT_NAMES:
                make_bot(v)  # raises the error that lists the computer players
            names[Seat.of(k)] = str(v)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise bad_argument("seed", seed, "arg_integer")
        for name, flag in (("undo_allowed", undo_allowed), ("autosave", autosave)):
            if not isinstance(flag, bool):
                raise bad_argument(name, flag, "arg_bool")
        if not isinstance(lang, str) or lang not in LANGUAGES:
            raise bad_argument("lang", lang, "arg_choice", choices=", ".join(LANGUAGES))
        if save_path is not None and not isinstance(save_path, (str, Path)):
            raise bad_argument("save_path", save_path, "arg_path")
        chosen = SessionSettings.from_json(settings)
        self.bot_names: dict[Seat, str] = names
        self.seed = seed
        self.undo_allowed = undo_allowed
        self.lang = lang
        self._save_path = save_path
        self.autosave = autosave
        self.message = None
        self.settings = chosen
        self._bots: dict[Seat, Bot] = {}
        self._json_cache: dict[str, Any] = {}
        self._held = 0  # saves held back (see saves_held)
        self._disk_mark: tuple[int, int, int] | None = None  # the save as this session last read or wrote it
        self._unsaved = False
        self._stuck = False  # a damaged save could not be kept aside: it is moved before the first write
        self.save_problem = None
        self._rng = random.Random(seed)
        self._undo: list[_Undo] = []
        self.practised = set()
        #: the computer players' actions in this deal, with their reasons (for the review)
        self.moves: list[BotMove] = []
        self.history = []
        self.weighings = KeptWeighings(on_change=self._weighing_kept)
        dealer, _ = cut_for_dealer(self._rng)
        self.rubber = Rubber(rules, dealer)
        self.deal = self._new_deal()
        self._autosave()

    # -- bots --------------------------------------------------------------

    def bot(self, seat: Seat) -> Bot:
        """The bot that plays ``seat`` (made on first use)."""
        bot = self._bots.get(seat)
        if bot is None:
            bot = make_bot(self.bot_names[seat])
            self._bots[seat] = bot
        return bot

    def set_bot(self, seat: Seat, name: str) -> None:
        """Change the bot of a seat (also the hint's bot when ``seat`` is the human's partner)."""
        make_bot(name)  # raises for an unknown name
        self.bot_names[Seat(seat)] = name
        self._bots.pop(Seat(seat), None)
        self._autosave()

    # -- state -------------------------------------------------------------

    def human_to_act(self) -> bool:
        """Is it the human's turn now?"""
        return self.deal.to_act == self.human

    def legal_actions(self) -> tuple[Action, ...]:
        """The human's legal actions now; empty when it is not his turn."""
        return self.deal.legal_actions() if self.human_to_act() else ()

    @property
    def view(self) -> Any:
        """The deal as the human sees it (a :class:`~vint_core.views.SeatView`)."""
        return self.deal.view(self.human, game_score=self.rubber.game_score)

    def can_undo(self) -> bool:
        """Can the learner take back a decision now? In a game with undo allowed, and only until the deal is over
        (its four hands are then shown: the deal is closed for undo)."""
        return self.undo_allowed and bool(self._undo) and not self.deal.is_finished

    # -- acting ------------------------------------------------------------

    def act(self, action: Action) -> None:
        """The human's call or card. An illegal one raises a ``VintError`` and changes nothing."""
        self.deal.check(action, seat=self.human)
        before = _Undo(len(self.deal.actions), self._rng.getstate())
        self.deal = self.deal.apply(action, seat=self.human)
        self._undo.append(before)
        self.message = None
        self._autosave()

    def bot_step(self) -> BotMove | None:
        """One computer action, or None when it is the human's turn or the deal is over."""
        seat = self.deal.to_act
        if seat is None or seat == self.human:
            return None
        bot = self.bot(seat)
        view = self.deal.view(seat, game_score=self.rubber.game_score)
        action = bot.choose(view, self._rng)
        explanation = _explanation(bot, view, action)
        self.deal = self.deal.apply(action, seat=seat)
        move = BotMove(seat, action, explanation, index=len(self.deal.actions) - 1)
        self.moves.append(move)
        self._autosave()
        return move

    def run_bots(self) -> list[BotMove]:
        """Computer actions until it is the human's turn or the deal is over."""
        moves = []
        while (move := self.bot_step()) is not None:
            moves.append(move)
        return moves

    def hint(self) -> BotMove:
        """What the human's partner's bot would do in the human's seat now, and why.

        Uses a copy of the session's generator, so asking for a hint changes nothing.
        """
        if not self.human_to_act():
            raise SessionError("session_not_your_turn", seat=self.human)
        bot = make_bot(self.bot_names[self.human.partner])
        view = self.deal.view(self.human, game_score=self.rubber.game_score)
        rng = random.Random()
        rng.setstate(self._rng.getstate())
        action = bot.choose(view, rng)
        return BotMove(self.human, action, _explanation(bot, view, action))

    def undo(self) -> None:
        """A game with undo allowed: back to the human's previous decision (bots' actions since then undone too).

        Refused once the deal is over (all four hands are shown then). The deal is marked as practised
        with undo (:attr:`practised`), and the score sheet says so."""
        if not self.undo_allowed:
            raise SessionError("session_undo_real_game")
        if self.deal.is_finished:
            raise SessionError("session_undo_deal_over")
        if not self._undo:
            raise SessionError("session_undo_nothing")
        point = self._undo.pop()
        self.practised.add(self.deal_key)
        self.deal = Deal.replay(self.deal.hands, self.deal.actions[:point.n_actions], dealer=self.deal.dealer,
                                rules=self.deal.rules, deal_number=self.deal.deal_number, board=self.deal.board)
        self._rng.setstate(point.rng)
        self.moves = [m for m in self.moves if m.index < point.n_actions]
        self.message = None
        self._autosave()

    @property
    def deal_key(self) -> tuple[int, int]:
        """The current deal as (rubber number, deal number on the rubber's sheet), both from 1."""
        return len(self.history) + 1, len(self.rubber.deals) + 1

    # -- claims ------------------------------------------------------------

    def claim(self) -> bool:
        """The human claims every remaining trick for his side.

        Accepted only if no play of the other three seats can defeat it (checked
        exhaustively); then the remaining cards are played out and the deal ends.
        Refused (False, with ``message`` saying why) otherwise or when the position is
        too large to check.
        """
        deal = self.deal
        if deal.phase is not Phase.PLAY or deal.play is None:
            self.message = Phrase("session_claim_not_play")
            return False
        solver = ClaimSolver(deal, self.human)
        try:
            ok = solver.wins_all()
        except ClaimTooBig:
            self.message = Phrase("session_claim_too_big")
            return False
        if not ok:
            self.message = Phrase("session_claim_refused", side=self.human.side)
            return False
        self._undo.append(_Undo(len(deal.actions), self._rng.getstate()))
        left = 13 - len(deal.tricks)
        while not self.deal.is_finished:
            seat = self.deal.to_act
            assert seat is not None
            if seat == self.human:
                card = ClaimSolver(self.deal, self.human).winning_card()
                self.deal = self.deal.apply(card, seat=seat)
            else:
                view = self.deal.view(seat, game_score=self.rubber.game_score)
                self.deal = self.deal.apply(self.bot(seat).choose(view, self._rng), seat=seat)
        self.message = Phrase("session_claim_accepted", side=self.human.side, n=left)
        self._autosave()
        return True

    # -- after the deal ----------------------------------------------------

    def review(self) -> DealReview:
        """The finished deal looked back on (the current one if finished, else the last one recorded).

        The computer players' reasons are given for the current deal (not for a deal played before a resume).
        """
        deal = self.deal
        if deal.is_finished:
            lines = self.rubber.record(deal).deals[-1].lines if not self.rubber.is_finished else deal.score()
            reasons = [text("widget_bot_call", self.lang, seat=m.seat, call=m.explanation.text(self.lang))
                       for m in self.moves]
        else:
            recorded = self.rubber.deals or (self.history[-1].deals if self.history else ())
            if not recorded:
                raise SessionError("session_no_review")
            deal, lines, reasons = recorded[-1].deal, recorded[-1].lines, []
        return DealReview.of(deal, lines=lines, reasons=reasons, lang=self.lang)

    def next_deal(self) -> None:
        """Record the finished deal in the rubber (starting a new rubber after a won one) and deal the next."""
        if not self.deal.is_finished:
            raise SessionError("session_deal_not_finished")
        self.rubber = self.rubber.record(self.deal)
        if self.rubber.is_finished:
            self.history.append(self.rubber)
            self.rubber = self.rubber.next_rubber()
        self.deal = self._new_deal()
        self._undo = []
        self.moves = []
        self.message = None
        self._autosave()

    @property
    def rules(self) -> RuleSet:
        """The game's rule set: its rubber's (every deal of the rubber is under it)."""
        return self.rubber.rules

    def load_deal(self, deal: Deal) -> None:
        """Play a given deal (a set hand, or a position from an exercise) in place of the current one.

        The deal must be under the session's rule set; the rubber goes on around it and undo
        starts afresh from this position.
        """
        if deal.rules != self.rubber.rules:
            raise SessionError("session_wrong_rules", deal_rules=deal.rules.name, rules=self.rubber.rules.name)
        self.deal = deal
        self._undo = []
        self.moves = []
        self.message = None
        self._autosave()

    def _new_deal(self) -> Deal:
        return self.rubber.new_deal(seed=self._rng.getrandbits(64))

    def _weighing_kept(self) -> None:
        """A review's weighing was kept (:attr:`weighings`): save it with the game, unless another tab has saved
        the game since (it is kept in memory then, and saved with this table's next action)."""
        if not self.saved_elsewhere():
            self._autosave()

    # -- saving ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole session as plain JSON values (see :meth:`from_json`)."""
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "human": self.human.letter, "rules": self.rules.to_json(),
            "bots": {s.letter: n for s, n in self.bot_names.items()}, "seed": self.seed,
            "undo_allowed": self.undo_allowed, "lang": self.lang, "settings": self.settings.to_json(),
            "rng": rng_to_json(self._rng.getstate()),
            "deal": self.deal.to_json(), "rubber": self._rubber_json(),
            "history": self._history_json(),
            "undo": [[u.n_actions, st] for u, st in zip(self._undo, rngs_to_json([u.rng for u in self._undo]),
                                                        strict=True)],
            "practised": sorted([r, d] for r, d in self.practised),
            "moves": [[m.seat.letter, m.index, said_to_json(m.explanation)] for m in self.moves],
            "weighings": self.weighings.to_json(),
        }

    @classmethod
    def from_json(cls, obj: Any, *, save_path: Path | None = None, autosave: bool = False) -> TableSession:
        """A session from :meth:`to_json`'s output; malformed data raises ``ParseError``."""
        try:
            if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
                raise _BadSave("save_not_session")
            if obj.get("version") != SAVE_VERSION:
                raise _BadSave("save_version", version=repr(obj.get("version")), known=SAVE_VERSION)
            self = cls.__new__(cls)
            self.human = Seat.parse(obj["human"])
            rules = RuleSet.from_json(obj["rules"])  # written for older readers; the rubber's rules are the game's
            self.bot_names = {Seat.parse(k): str(v) for k, v in obj["bots"].items()}
            for seat in Seat:
                self.bot_names.setdefault(seat, "rule")
            seed = obj["seed"]
            self.seed = seed if isinstance(seed, int) else None
            # older saves call it "practice": read either key, write the new one
            self.undo_allowed = bool(obj["undo_allowed"] if "undo_allowed" in obj else obj["practice"])
            self.lang = str(obj["lang"])
            try:  # an older save lacks a setting (or all of them): its default is taken
                self.settings = SessionSettings.from_json(obj.get("settings"))
            except ParseError as err:  # TableSettingError, or settings that are not a mapping
                raise _BadSave.of(err) from None
            self.message = None
            self._bots = {}
            self._rng = random.Random()
            self._rng.setstate(rng_from_json(obj["rng"]))
            self.deal = Deal.from_json(obj["deal"])
            self.rubber = Rubber.from_json(obj["rubber"])
            self.history = [Rubber.from_json(r) for r in obj["history"]]
            self._json_cache = {}
            self._held = 0
            self._disk_mark = None
            self._unsaved = False
            self._stuck = False
            self.save_problem = None
            self.moves = []
            self._undo = [_Undo(int(n), st) for (n, _), st in zip(obj["undo"], rngs_from_json(
                [st for _, st in obj["undo"]]), strict=True)]
            if any(not 0 <= u.n_actions <= len(self.deal.actions) for u in self._undo):
                raise _BadSave("save_undo")
            self.practised = {(int(r), int(d)) for r, d in obj.get("practised", [])}
            # the computer players' reasons in this deal, for its review (also after a reload)
            moves = [(Seat.parse(seat), int(index), why) for seat, index, why in obj.get("moves", [])]
            if any(not 0 <= index < len(self.deal.actions) or not isinstance(why, (str, dict))
                   for _, index, why in moves):
                raise _BadSave("save_damaged")
            if rules != self.rubber.rules:
                raise _BadSave("save_rules", deal_rules=rules.name, rules=self.rubber.rules.name)
            self._check_consistent()  # the language and the players first: the reasons are read in them
            for seat, index, why in moves:
                said = self._old_reason(seat, index, why) if isinstance(why, str) else said_from_json(why)
                said.text(self.lang)  # a reason that cannot be said is a damaged save
                self.moves.append(BotMove(seat, self.deal.actions[index], said, index=index))
            # the reviews' weighings, a cache: an older save has none, and one that does not fit is worked out again
            self.weighings = KeptWeighings.from_json(obj.get("weighings"))
            self.weighings.on_change = self._weighing_kept
            self._save_path = save_path
            self.autosave = autosave
            return self
        except ParseError:
            raise
        except _BadSave as exc:
            raise ParseError(Reason.BAD_SAVE, problem=exc.problem) from None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
            raise ParseError(Reason.BAD_SAVE, problem=Phrase("save_damaged")) from exc

    def _old_reason(self, seat: Seat, index: int, said: str) -> Said:
        """A reason from a save written before reasons were kept as phrases: a finished sentence in the save's
        language. The computer player is asked again (the rule-based and the random one give the same reason
        for the same position, at once); if it says the same, its reason is kept, in every language, else
        the sentence as it was saved."""
        name = self.bot_names.get(seat, "")
        if name not in ("rule", "random"):  # the thinking players would solve the position again: too slow
            return Rendered({self.lang: said})
        deal = self.deal
        before = Deal.replay(deal.hands, deal.actions[:index], dealer=deal.dealer, rules=deal.rules,
                             deal_number=deal.deal_number, board=deal.board)
        if before.to_act != seat:
            return Rendered({self.lang: said})
        bot = make_bot(name)
        view = before.view(seat, game_score=self.rubber.game_score)
        again = _explanation(bot, view, deal.actions[index])
        return again if again.text(self.lang) == said else Rendered({self.lang: said})

    def _check_consistent(self) -> None:
        """Refuse (``_BadSave``) a save whose parts read well but do not fit together or cannot be played."""
        unknown = sorted({name for name in self.bot_names.values() if name.strip().lower() not in BOT_NAMES})
        if unknown:
            raise _BadSave("save_bot", name=repr(unknown[0]), known=", ".join(BOT_NAMES))
        if self.lang not in LANGUAGES:
            raise _BadSave("save_lang", language=repr(self.lang), known=", ".join(LANGUAGES))
        for rubber in (self.rubber, *self.history):
            if rubber.rules != self.rubber.rules or any(d.deal.rules != rubber.rules for d in rubber.deals):
                raise _BadSave("save_rules", deal_rules=rubber.rules.name, rules=self.rubber.rules.name)
        if self.deal.rules != self.rubber.rules:
            raise _BadSave("save_rules", deal_rules=self.deal.rules.name, rules=self.rubber.rules.name)

    def _rubber_json(self) -> dict[str, Any]:
        # finished deals and rubbers never change: their JSON is made once, not at every autosave
        cached = self._json_cache.get("rubber")
        if cached is None or cached[0] is not self.rubber:
            cached = (self.rubber, self.rubber.to_json())
            self._json_cache["rubber"] = cached
        return cached[1]

    def _history_json(self) -> list[dict[str, Any]]:
        cached: list[tuple[Rubber, dict[str, Any]]] = self._json_cache.setdefault("history", [])
        if len(cached) != len(self.history) or any(a is not b for (a, _), b in zip(cached, self.history,
                                                                                     strict=False)):
            cached[:] = [(r, r.to_json()) for r in self.history]
        return [obj for _, obj in cached]

    @property
    def save_path(self) -> Path:
        """Where the game is saved: the path given, else :func:`~vint_core.saves.default_save_path` (looked up
        when first needed: a session that never saves never asks for the data folder)."""
        if self._save_path is None:
            self._save_path = default_save_path()
        return self._save_path

    def save(self) -> bool:
        """Write the session to ``save_path`` atomically (see :func:`vint_core.saves.write_json`); True if written.

        A disk that refuses the write (full, read-only, no permission) does not stop the game: the reason is
        kept in :attr:`save_problem` (:meth:`save_notice` says it to the learner), nothing is left half
        written, and the next save (:meth:`save_if_changed` after the next action) tries again."""
        self._unsaved = False
        path = self.save_path
        try:
            if self._stuck:  # the damaged save this session replaces: keep it aside before writing over it
                if file_mark(path) == self._disk_mark:
                    keep_aside(path)
                self._stuck = False
            write_json(path, self.to_json())
        except (OSError, FileRefused) as exc:
            self.save_problem = exc
            return False
        self.save_problem = None
        self._disk_mark = file_mark(path)
        return True

    def save_notice(self) -> str:
        """What the learner is told while the game cannot be saved (empty when it is saved): that it is not
        being saved, why, and that it will be as soon as it can."""
        if self.save_problem is None:
            return ""
        return text("session_not_saved", self.lang, why=disk_problem(self.save_problem))

    def unchanged_on_disk(self) -> bool:
        """Is the save on disk exactly as this session last read or wrote it (still no file if there was none, for a
        new game never saved)? ``autosave`` or not: a table opened ahead of its page asks this when the page comes."""
        return file_mark(self.save_path) == self._disk_mark

    def start_saving(self) -> bool:
        """Save every action from now on, a session opened with ``autosave`` off (a table opened ahead of its page,
        which nobody may see); what changed since it was opened (computer players' moves, the page's language, a
        damaged save to move aside) is saved now, as it would have been then. True if a save was written."""
        self.autosave = True
        return self._unsaved and self.save()

    def saved_elsewhere(self) -> bool:
        """Has another table (a second tab or window on the same save) saved the game since this one last read
        or wrote it? Then this session is behind: :meth:`open` the save again rather than overwrite it."""
        if not self.autosave or self._disk_mark is None:
            return False
        return file_mark(self.save_path) != self._disk_mark

    def _autosave(self) -> None:
        if self._held or not self.autosave:  # without autosave it stays unsaved: start_saving saves it
            self._unsaved = True
        else:
            self.save()

    @contextlib.contextmanager
    def saves_held(self) -> Iterator[None]:
        """Within this block actions are not saved one by one; :meth:`save_if_changed` then saves them at once
        (a front end saves once per click, not after the learner's action and after each computer player's)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1

    def save_if_changed(self) -> None:
        """Save now if an action was held back by :meth:`saves_held`, or if the last save failed (with
        ``autosave`` only)."""
        if not self.autosave:
            return
        if self._unsaved or self.save_problem is not None:
            self.save()
        self._unsaved = False

    @classmethod
    def open(cls, save_path: Path | None = None, **defaults: Any) -> TableSession:
        """Resume the game saved at ``save_path`` (default :func:`~vint_core.saves.default_save_path`), or start a
        fresh one with ``defaults``. A save that cannot be read (damaged, not a regular file, larger than
        :data:`~vint_core.saves.SAVE_LIMIT`) is moved aside (``table.json.damaged-<time>``, kept unchanged)
        and a fresh game starts, with ``message`` saying what happened; on a read-only disk the file stays
        in place and is moved aside before the first save that can be written. Temporary files left by a
        killed save are removed first (:func:`~vint_core.saves.open_saved`)."""
        path = save_path if save_path is not None else default_save_path()
        autosave = bool(defaults.get("autosave", True))
        opened = open_saved(path, lambda obj: cls.from_json(obj, save_path=path, autosave=autosave))
        if opened.value is not None:
            session = opened.value
            session._disk_mark = opened.mark
            session.message = Phrase("session_resumed")
            return session
        if opened.problem is None:
            return cls(save_path=path, **defaults)
        error = _why_unreadable(opened.problem)
        if opened.stuck is not None:  # a read-only disk: the damaged file is moved before the first save
            session = cls(save_path=path, **(defaults | {"autosave": False}))
            session.autosave = autosave
            session._stuck = True
            session._disk_mark = opened.mark
            session._autosave()
            session.message = Phrase("session_damaged_stuck", error=error)
            return session
        session = cls(save_path=path, **defaults)
        assert opened.aside is not None
        session.message = Phrase("session_damaged_save", aside=opened.aside.name, error=error)
        return session


def _why_unreadable(exc: Exception) -> VintError | Phrase | str:
    """Why a saved game could not be read, in the learner's language (the system's words for a file error)."""
    if isinstance(exc, VintError):
        return exc
    if isinstance(exc, OSError):
        # the catalogue's words for the system's reason, else the system's own, without the file's path
        return os_reason(exc) or (exc.strerror or type(exc).__name__)[:200]
    return Phrase("json_unreadable")
