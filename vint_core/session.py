"""TableSession: the table's controller, without any user interface.

A session holds the game one person plays against (or with) three computer
players: the deal in progress (an immutable :class:`~vint_core.deal.Deal`),
the rubber, the finished rubbers, the bots, undo, hints, claims, the review of
a finished deal, and an autosave after every action. The widgets only draw a
session and forward clicks to it; everything here is tested without Jupyter.

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

import importlib.util
import json
import os
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vint_core.bots import Bot, make_bot
from vint_core.calls import Call
from vint_core.cards import Card, Hand, cut_for_dealer
from vint_core.claims import ClaimSolver, ClaimTooBig
from vint_core.deal import Action, Deal, Phase
from vint_core.errors import ParseError, Reason, VintError
from vint_core.i18n import text
from vint_core.play import Trick
from vint_core.records import deal_from_json, deal_to_json, rubber_from_json, rubber_to_json
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet
from vint_core.scoring import ScoreLine
from vint_core.seats import Seat, Side

__all__ = ["BotMove", "DealReview", "SessionError", "TableSession", "default_save_path"]

SAVE_FORMAT = "vint-session"
SAVE_VERSION = 1


class SessionError(VintError):
    """An action the table refuses: undo in a real game, a review before the deal ends, …

    ``key`` names the sentence (an ``i18n`` key starting ``session_``); ``message(lang)``
    gives it in English or German.
    """

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        super().__init__(Reason.TABLE, **params)

    def message(self, lang: str = "en") -> str:
        return text(self.key, lang, **self.params)


@dataclass(frozen=True)
class BotMove:
    """One computer action: who, what, and why (in the session's language)."""

    seat: Seat
    action: Action
    explanation: str

    def __str__(self) -> str:
        return f"{self.seat}: {self.action} — {self.explanation}"


@dataclass(frozen=True)
class DealReview:
    """A finished deal looked back on: everything a learner needs to replay and understand it."""

    deal: Deal
    #: the hands as dealt, indexed by seat
    hands: tuple[Hand, Hand, Hand, Hand]
    dealer: Seat
    #: every call with its seat
    calls: tuple[tuple[Seat, Call], ...]
    contract_text: str
    #: the 13 tricks in order (empty when passed out)
    tricks: tuple[Trick, ...]
    #: every line the deal scored on the rubber's sheet (game and rubber lines included)
    lines: tuple[ScoreLine, ...]
    #: the same lines as sentences, in the session's language
    explanations: tuple[str, ...]
    points: tuple[int, int]
    #: the double-dummy analysis (when the optional ``endplay`` is installed), else None
    analysis: tuple[str, ...] | None

    def snapshots(self) -> list[Deal]:
        """The deal after each action, from the first call to the last card (for a replay)."""
        out = []
        deal = Deal(self.hands, dealer=self.dealer, rules=self.deal.rules, deal_number=self.deal.deal_number,
                    board=self.deal.board)
        for action in self.deal.actions:
            deal = deal.apply(action)
            out.append(deal)
        return out


def default_save_path() -> Path:
    """Where the table keeps its game: ``$VINT_DATA_DIR/table.json``, else under
    ``$XDG_DATA_HOME/vint_core`` or ``~/.local/share/vint_core``."""
    base = os.environ.get("VINT_DATA_DIR")
    if base:
        return Path(base) / "table.json"
    xdg = os.environ.get("XDG_DATA_HOME")
    root = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return root / "vint_core" / "table.json"


# -- JSON helpers ---------------------------------------------------------------

def _action_text(action: Action) -> str:
    return action.pbn if isinstance(action, Card) else str(action.pbn)


def _rng_state(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from(state: list[Any]) -> random.Random:
    rng = random.Random()
    rng.setstate((int(state[0]), tuple(int(x) for x in state[1]), state[2]))
    return rng


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
    rules: RuleSet
    practice: bool
    lang: str
    message: str | None
    #: settings the table offers and keeps with the game: pace, four-colour deck, …
    settings: dict[str, Any]

    def __init__(self, *, human: Seat = Seat.SOUTH, rules: RuleSet = SEED, bots: Mapping[Seat, str] | None = None,
                 seed: int | None = None, practice: bool = True, save_path: Path | None = None,
                 autosave: bool = True, lang: str = "en", settings: Mapping[str, Any] | None = None) -> None:
        """A new game: cut for the first dealer and deal the first deal.

        ``bots`` names the bot of each computer seat (``"random"``, ``"rule"``, ``"sim-normal"`` …);
        seats left out play ``"rule"``. ``practice`` allows undo. With ``autosave`` every action is
        saved to ``save_path`` (default :func:`default_save_path`).
        """
        self.human = Seat(human)
        self.rules = rules
        names = {seat: "rule" for seat in Seat}
        if bots:
            names.update({Seat(k): str(v) for k, v in bots.items()})
        self.bot_names: dict[Seat, str] = names
        self.seed = seed
        self.practice = practice
        self.lang = lang
        self.save_path = save_path if save_path is not None else default_save_path()
        self.autosave = autosave
        self.message = None
        self.settings = {"pace": "normal", "four_colour": False} | dict(settings or {})
        self._bots: dict[Seat, Bot] = {}
        self._json_cache: dict[str, Any] = {}
        self._review_cache: tuple[Deal, str, DealReview] | None = None
        self._rng = random.Random(seed)
        self._undo: list[_Undo] = []
        self.history = []
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
        return self.practice and bool(self._undo)

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
        explanation = bot.explain(view, action, self.lang)
        self.deal = self.deal.apply(action, seat=seat)
        self._autosave()
        return BotMove(seat, action, explanation)

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
        return BotMove(self.human, action, bot.explain(view, action, self.lang))

    def undo(self) -> None:
        """Practice mode: back to the human's previous decision (bots' actions since then undone too)."""
        if not self.practice:
            raise SessionError("session_undo_real_game")
        if not self._undo:
            raise SessionError("session_undo_nothing")
        point = self._undo.pop()
        self.deal = Deal.replay(self.deal.hands, self.deal.actions[:point.n_actions], dealer=self.deal.dealer,
                                rules=self.deal.rules, deal_number=self.deal.deal_number, board=self.deal.board)
        self._rng.setstate(point.rng)
        self.message = None
        self._autosave()

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
            self.message = text("session_claim_not_play", self.lang)
            return False
        solver = ClaimSolver(deal, self.human)
        try:
            ok = solver.wins_all()
        except ClaimTooBig:
            self.message = text("session_claim_too_big", self.lang)
            return False
        if not ok:
            self.message = text("session_claim_refused", self.lang, side=self.human.side)
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
        self.message = text("session_claim_accepted", self.lang, side=self.human.side, n=left)
        self._autosave()
        return True

    # -- after the deal ----------------------------------------------------

    def review(self) -> DealReview:
        """The finished deal looked back on (the current one if finished, else the last one recorded)."""
        deal = self.deal
        if deal.is_finished:
            lines = self.rubber.record(deal).deals[-1].lines if not self.rubber.is_finished else deal.score()
        else:
            recorded = self.rubber.deals or (self.history[-1].deals if self.history else ())
            if not recorded:
                raise SessionError("session_no_review")
            deal, lines = recorded[-1].deal, recorded[-1].lines
        cached = self._review_cache
        if cached is not None and cached[0] is deal and cached[1] == self.lang:
            return cached[2]
        analysis: tuple[str, ...] | None = None
        if deal.contract is not None and importlib.util.find_spec("endplay") is not None:
            try:
                from vint_core.analysis import review_lines

                analysis = tuple(review_lines(deal, self.lang))
            except ImportError:  # endplay present but its solver library cannot load
                analysis = None
        pts = {Side.NS: 0, Side.EW: 0}
        for line in lines:
            pts[line.side] += line.points
        contract = (text("contract", self.lang, contract=deal.contract.bid, seat=deal.contract.declarer)
                    if deal.contract is not None else text("passed_out", self.lang))
        review = DealReview(deal=deal, hands=deal.hands, dealer=deal.dealer,
                            calls=tuple(deal.auction.calls_by()), contract_text=contract, tricks=deal.tricks,
                            lines=tuple(lines), explanations=tuple(ln.explanation(self.lang) for ln in lines),
                            points=(pts[Side.NS], pts[Side.EW]), analysis=analysis)
        self._review_cache = (deal, self.lang, review)  # the double-dummy analysis takes a moment
        return review

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
        self.message = None
        self._autosave()

    def load_deal(self, deal: Deal) -> None:
        """Play a given deal (a set hand, or a position from an exercise) in place of the current one.

        The deal must be under the session's rule set; the rubber goes on around it and undo
        starts afresh from this position.
        """
        if deal.rules != self.rubber.rules:
            raise SessionError("session_wrong_rules", deal_rules=deal.rules.name, rules=self.rubber.rules.name)
        self.deal = deal
        self._undo = []
        self.message = None
        self._autosave()

    def _new_deal(self) -> Deal:
        return self.rubber.new_deal(seed=self._rng.getrandbits(64))

    # -- what the browser may see -------------------------------------------

    def public_state(self) -> dict[str, Any]:
        """Everything the human may see now, as plain JSON values (no hidden card while the deal runs)."""
        view = self.deal.view(self.human, game_score=self.rubber.game_score)
        state: dict[str, Any] = {
            "human": self.human.letter, "phase": view.phase.value, "dealer": view.dealer.letter,
            "deal_number": view.deal_number, "rules": view.rules.name,
            "to_act": view.to_act.letter if view.to_act is not None else None,
            "hand": [c.pbn for c in view.hand], "legal": [_action_text(a) for a in self.legal_actions()],
            "calls": [[s.letter, str(c)] for s, c in view.calls_by()],
            "contract": str(view.contract) if view.contract is not None else None,
            "tricks": [[t.leader.letter, [c.pbn for c in t.cards], t.winner.letter if t.winner else None]
                       for t in view.tricks],
            "current_trick": ([view.current_trick.leader.letter, [c.pbn for c in view.current_trick.cards]]
                              if view.current_trick is not None else None),
            "tricks_won": list(view.tricks_won),
            "cards_left": {s.letter: len(self.deal.hand(s)) for s in Seat},
            "rubber_totals": [self.rubber.totals[Side.NS], self.rubber.totals[Side.EW]],
            "message": self.message, "practice": self.practice, "can_undo": self.can_undo(),
            "settings": dict(self.settings), "lang": self.lang,
        }
        if self.deal.is_finished:
            state["hands_dealt"] = {s.letter: h.pbn for s, h in zip(Seat, self.deal.hands, strict=True)}
        return state

    def table_html(self, *, css: bool = True) -> str:
        """The table as the human sees it (all hands once the deal is finished)."""
        from vint_core import render

        four = bool(self.settings.get("four_colour"))
        if self.deal.is_finished:
            return render.deal_html(self.deal, bottom=self.human, lang=self.lang, four_colour=four, css=css)
        return render.view_html(self.view, lang=self.lang, four_colour=four, css=css)

    # -- saving ------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole session as plain JSON values (see :meth:`from_json`)."""
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "human": self.human.letter, "rules": self.rules.to_dict(),
            "bots": {s.letter: n for s, n in self.bot_names.items()}, "seed": self.seed,
            "practice": self.practice, "lang": self.lang, "settings": dict(self.settings),
            "rng": _rng_state(self._rng),
            "deal": deal_to_json(self.deal), "rubber": self._rubber_json(),
            "history": self._history_json(),
            "undo": [[u.n_actions, _rng_state_tuple(u.rng)] for u in self._undo],
        }

    @classmethod
    def from_json(cls, obj: Any, *, save_path: Path | None = None, autosave: bool = False) -> TableSession:
        """A session from :meth:`to_json`'s output; malformed data raises ``ParseError``."""
        try:
            if not isinstance(obj, dict) or obj.get("format") != SAVE_FORMAT:
                raise ValueError("not a saved vint_core session")
            if obj.get("version") != SAVE_VERSION:
                raise ValueError(f"unknown save version {obj.get('version')!r}")
            self = cls.__new__(cls)
            self.human = Seat.parse(obj["human"])
            self.rules = RuleSet.from_dict(obj["rules"])
            self.bot_names = {Seat.parse(k): str(v) for k, v in obj["bots"].items()}
            for seat in Seat:
                self.bot_names.setdefault(seat, "rule")
            seed = obj["seed"]
            self.seed = seed if isinstance(seed, int) else None
            self.practice = bool(obj["practice"])
            self.lang = str(obj["lang"])
            self.settings = dict(obj.get("settings") or {})
            self.message = None
            self._bots = {}
            self._rng = _rng_from(obj["rng"])
            self.deal = deal_from_json(obj["deal"])
            self.rubber = rubber_from_json(obj["rubber"])
            self.history = [rubber_from_json(r) for r in obj["history"]]
            self._json_cache = {}
            self._review_cache = None
            self._undo = [_Undo(int(n), tuple(_rng_from(st).getstate())) for n, st in obj["undo"]]
            if any(not 0 <= u.n_actions <= len(self.deal.actions) for u in self._undo):
                raise ValueError("undo points beyond the deal")
            self.save_path = save_path if save_path is not None else default_save_path()
            self.autosave = autosave
            return self
        except ParseError:
            raise
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, OverflowError) as exc:
            raise ParseError(Reason.BAD_RECORD, detail=f"this saved game cannot be read: {exc}") from exc

    def _rubber_json(self) -> dict[str, Any]:
        # finished deals and rubbers never change: their JSON is made once, not at every autosave
        cached = self._json_cache.get("rubber")
        if cached is None or cached[0] is not self.rubber:
            cached = (self.rubber, rubber_to_json(self.rubber))
            self._json_cache["rubber"] = cached
        return cached[1]

    def _history_json(self) -> list[dict[str, Any]]:
        cached: list[tuple[Rubber, dict[str, Any]]] = self._json_cache.setdefault("history", [])
        if len(cached) != len(self.history) or any(a is not b for (a, _), b in zip(cached, self.history,
                                                                                     strict=False)):
            cached[:] = [(r, rubber_to_json(r)) for r in self.history]
        return [obj for _, obj in cached]

    def save(self) -> None:
        """Write the session to ``save_path`` atomically (a temporary file, then a rename)."""
        path = self.save_path
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        data = json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)

    def _autosave(self) -> None:
        if self.autosave:
            self.save()

    @classmethod
    def open(cls, save_path: Path | None = None, **defaults: Any) -> TableSession:
        """Resume the game saved at ``save_path`` (default :func:`default_save_path`), or start a fresh one
        with ``defaults``. A save that cannot be read is moved aside (``table.json.damaged-<time>``, kept
        unchanged) and a fresh game starts, with ``message`` saying what happened."""
        path = save_path if save_path is not None else default_save_path()
        lang = str(defaults.get("lang", "en"))
        autosave = bool(defaults.get("autosave", True))
        if path.exists():
            try:
                obj = json.loads(path.read_text(encoding="utf-8"))
                session = cls.from_json(obj, save_path=path, autosave=autosave)
                session.message = text("session_resumed", session.lang)
                return session
            except (ParseError, ValueError, OSError, UnicodeDecodeError) as exc:
                aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
                n = 1
                while aside.exists():
                    aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
                    n += 1
                os.replace(path, aside)
                session = cls(save_path=path, **defaults)
                session.message = text("session_damaged_save", lang, path=str(path), aside=aside.name,
                                       error=str(exc)[:200])
                return session
        return cls(save_path=path, **defaults)


def _rng_state_tuple(state: tuple[Any, ...]) -> list[Any]:
    version, internal, gauss = state
    return [version, list(internal), gauss]
