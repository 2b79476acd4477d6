"""SimBot: perfect-information sampling with a double-dummy solver.

For every decision SimBot deals the cards it cannot see many times, each
layout consistent with what its seat has seen (see
:mod:`vint_core.bots.sampling`), solves each layout double-dummy with DDS
(through the optional ``endplay`` package) and picks the action with the best
expected **Vint score** for its side: both sides' trick points at the
contract's trick value, undertricks and slams (honours are fixed by the deal,
so they do not depend on the card, but they do count when choosing the
contract).

* **Play.** For each layout DDS scores every legal card from the current
  position (mid-trick included); the tricks become points through the rule
  set's scoring, and the card with the best mean wins. Ties keep the higher
  cards.
* **Auction.** The candidates are the bidding guide's call (RuleBot), Pass
  and the cheapest bid in every strain. For each layout and candidate the rest
  of the auction is played out by the bidding guide for all four seats; the
  contract it reaches is solved double-dummy and scored with the layout's
  honours. SimBot keeps the guide's call unless another candidate is better
  on the same layouts by more than the sampling noise. With ``tricks="formula"`` (``/tricks=formula``) the
  contracts are valued by the fitted trick formula instead
  (:func:`vint_core.bots.trick_formula.pair_tricks`, spread by its error) and nothing is solved for a call.

Levels set the number of layouts: ``fast``, ``normal`` and ``strong``.
``sim-light`` (:func:`light`) takes the bidding guide's calls and cards while the seat holds more than
seven cards, then plays as ``fast`` on five layouts through DDS alone
(:func:`vint_core.analysis.solve_lean`): a partner a served table can afford. :func:`variant` reads the
settings of other variants for measuring (``sim-fast/calls=rule``, ``sim-fast/play=rule/cards=9`` …).
Without endplay SimBot plays as RuleBot and says so (once as a warning, and
in every explanation).
"""

from __future__ import annotations

import functools
import math
import random
import warnings
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from vint_core.auction import Contract
from vint_core.bots.base import Bot, Promise
from vint_core.bots.guide import promises
from vint_core.bots.rule_bot import BotPhrase, RuleBot
from vint_core.bots.sampling import Layout, sample_layouts
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.cards import Card
from vint_core.deal import Action, Deal, Phase
from vint_core.i18n import Phrase, bot_text
from vint_core.rules import RuleSet
from vint_core.seats import PerSide, Seat, Side
from vint_core.views import SeatView

#: who makes a SimBot's calls or picks its cards: its sampling, or the bidding guide (RuleBot)
Part = Literal["sim", "rule"]

#: how a SimBot's calls value the contracts of its layouts: solved double-dummy, or by the fitted trick formula
#: (:func:`vint_core.bots.trick_formula.pair_tricks`, a few microseconds instead of some 20 ms a layout)
Tricks = Literal["dd", "formula"]

#: a SimBot's strength, which sets how many layouts it samples (:data:`LEVELS`)
Level = Literal["fast", "normal", "strong"]


@dataclass(frozen=True)
class LevelSettings:
    """How many layouts a level samples: for a card (scaled up as the hands get shorter) and for a call."""

    play_samples: int
    auction_samples: int
    #: how far the expected gain of a call must exceed its standard error to overrule the bidding guide
    auction_z: float = 1.5


#: the samples of each level
LEVELS: dict[str, LevelSettings] = {
    "fast": LevelSettings(play_samples=5, auction_samples=3),
    "normal": LevelSettings(play_samples=10, auction_samples=5),
    "strong": LevelSettings(play_samples=32, auction_samples=16, auction_z=1.5),
}

# the longest rollout of an auction before the remaining calls are taken as passes
_ROLLOUT_LIMIT = 60


@dataclass(frozen=True)
class _Decision:
    """What SimBot found for one view, kept for :meth:`SimBot.explain`."""

    kind: Literal["only", "play", "call", "fallback", "guide"]
    layouts: int = 0
    #: per action: (mean tricks for the seat's side, mean points margin for the seat's side)
    stats: Mapping[Action, tuple[float, float]] = field(default_factory=dict)
    guide: Action | None = None
    #: the bidding guide's reasoning, when SimBot fell back on it (rendered in the language it is shown in)
    inner: Phrase | None = None


class SimBot:
    """A computer player that samples layouts and solves them double-dummy."""

    def __init__(self, level: Level = "normal", *, play_samples: int | None = None,
                 auction_samples: int | None = None, use_promises: bool = True, calls: Part = "sim",
                 play: Part = "sim", solve_cards: int = 13, scaled: bool = True, tries: int = 60,
                 lean: bool = False, tricks: Tricks = "dd", name: str | None = None) -> None:
        if level not in LEVELS:
            from vint_core.errors import ParseError, Reason

            raise ParseError(Reason.UNKNOWN_BOT_LEVEL, text=level, known=", ".join(LEVELS))
        base = LEVELS[level]
        self.level: Level = level
        self.name = name or f"sim-{level}"
        #: who makes the calls and who picks the cards: the sampling ("sim") or the bidding guide ("rule")
        self.calls: Part = calls
        self.play: Part = play
        #: the play is solved only when the seat holds at most this many cards (before: the guide's card)
        self.solve_cards = solve_cards
        #: whether the play samples more layouts as the hands get shorter (twice from 7 cards, three times from 4)
        self.scaled = scaled
        #: deals per layout tried before the auction's promises are given up (see sample_layouts)
        self.tries = tries
        #: DDS alone on one thread, without endplay's Python layer (a served table's kernel stays small)
        self.lean = lean
        #: how the calls value the contracts the rollouts reach: double dummy, or the fitted trick formula
        self.tricks: Tricks = tricks
        self._promised: tuple[object, Mapping[Seat, Promise] | None] | None = None
        self.settings = LevelSettings(play_samples or base.play_samples, auction_samples or base.auction_samples,
                                      base.auction_z)
        self.use_promises = use_promises
        self._dds_ok: bool | None = None
        self._guide = RuleBot()  # the bidding guide: SimBot's starting point, and its fallback without DDS
        self._decisions: OrderedDict[tuple[SeatView, Action], _Decision] = OrderedDict()

    # -- the protocol ------------------------------------------------------

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = view.legal
        if not legal:
            from vint_core.errors import OutOfTurnError, Reason

            raise OutOfTurnError(Reason.NOTHING_TO_DO, seat=view.seat)
        if len(legal) == 1:
            return self._remember(view, legal[0], _Decision("only"))
        if not self._dds_available():
            action, decision = self._fallback(view, rng)
            return self._remember(view, action, decision)
        if not self._samples(view):
            action, decision = self._guided(view, rng)
        elif view.phase is Phase.PLAY:
            action, decision = self._choose_card(view, rng)
        else:
            action, decision = self._choose_call(view, rng)
        return self._remember(view, action, decision)

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        return self.explanation(view, action).text(lang)

    def explanation(self, view: SeatView, action: Action) -> BotPhrase:
        """The reason for ``action`` (from the layouts solved for it), not yet in a language: the catalogue's
        ``bot.sim_…`` and its parameters (the figures already rounded), as a saved game keeps it."""
        decision = self._decisions.get((view, action))
        if decision is None:
            self.choose(view, random.Random(0))
            decision = self._decisions.get((view, action))
            if decision is None:  # the action asked about is not the one SimBot picks: use the last analysis
                best = next(reversed(self._decisions.values()))
                decision = best
        if decision.kind == "call" and decision.layouts == 0 and action not in decision.stats:
            # nothing was sampled (nothing to contest): another call's reason is the guide's, which names its choice
            why = self._guide.why(view, action)
            return BotPhrase(why.key, why.params)
        return _explain(view, action, decision)

    # -- fallback ----------------------------------------------------------

    def _dds_available(self) -> bool:
        if self._dds_ok is None:
            from vint_core.analysis import available, lean_available

            # a lean player that never solves for its calls needs DDS alone, not endplay's Python layer
            solves_calls = self.calls == "sim" and self.tricks == "dd"
            self._dds_ok = lean_available() if self.lean and not solves_calls else available()
            if not self._dds_ok:
                warnings.warn(bot_text("sim_fallback", "en", inner="RuleBot"), RuntimeWarning, stacklevel=3)
        return self._dds_ok

    def _fallback(self, view: SeatView, rng: random.Random) -> tuple[Action, _Decision]:
        guide = self._guide
        action = guide.choose(view, rng)
        return action, _Decision("fallback", inner=guide.why(view, action).phrase)

    def _samples(self, view: SeatView) -> bool:
        """Whether this decision is sampled (else the bidding guide's call or card is taken)."""
        if view.phase is Phase.PLAY:
            return self.play == "sim" and len(view.hand) <= self.solve_cards
        return self.calls == "sim"

    def _guided(self, view: SeatView, rng: random.Random) -> tuple[Action, _Decision]:
        """The bidding guide's call or card, where this player does not sample (its calls, its first tricks)."""
        guide = self._guide
        action = guide.choose(view, rng)
        return action, _Decision("guide", inner=guide.why(view, action).phrase)

    def _remember(self, view: SeatView, action: Action, decision: _Decision) -> Action:
        self._decisions[(view, action)] = decision
        while len(self._decisions) > 32:
            self._decisions.popitem(last=False)
        return action

    # -- the play ----------------------------------------------------------

    def _play_count(self, view: SeatView) -> int:
        left = len(view.hand)
        base = self.settings.play_samples
        if not self.scaled:
            return base
        return base if left >= 8 else base * 2 if left >= 5 else base * 3

    def _promises(self, view: SeatView) -> Mapping[Seat, Promise] | None:
        if not self.use_promises:
            return None
        key = (view.calls, view.dealer, view.rules, view.deal_number)  # the auction's reading, kept through the play
        if self._promised is None or self._promised[0] != key:
            self._promised = (key, promises(view.calls_by(), view.rules, deal_number=view.deal_number))
        return self._promised[1]

    def _choose_card(self, view: SeatView, rng: random.Random) -> tuple[Action, _Decision]:
        from vint_core import analysis
        from vint_core.analysis import Position
        from vint_core.scoring import play_points

        contract = view.contract
        trick = view.current_trick
        assert contract is not None and trick is not None
        side = view.seat.side
        layouts = sample_layouts(view, rng=rng, count=self._play_count(view), promises=self._promises(view),
                                 attempts_per_layout=self.tries)
        positions = [Position(lay.remaining, contract.strain.suit, trick.leader, trick.cards) for lay in layouts]
        # lean: DDS alone (endplay not imported), on one thread
        solved = analysis.solve_lean(positions) if self.lean else analysis.solve_positions(positions)
        won = view.tricks_won[side]
        margins = [_margin(play_points(view.rules, contract, d), side)
                   for d in range(14)]  # by declaring-side tricks
        stats: dict[Action, tuple[float, float]] = {}
        for card in view.legal:
            assert isinstance(card, Card)
            tricks = [won + scores[card] for scores in solved]
            points = [margins[t if side is contract.side else 13 - t] for t in tricks]
            stats[card] = (sum(tricks) / len(tricks), sum(points) / len(points))
        best = max(view.legal, key=lambda c: (round(stats[c][1], 6), round(stats[c][0], 6),
                                              -int(c.rank), -int(c.suit)))  # type: ignore[union-attr]
        return best, _Decision("play", len(layouts), stats)

    # -- the auction -------------------------------------------------------

    def _candidates(self, view: SeatView, guide_call: Call) -> list[Call]:
        """The guide's call, Pass, and the cheapest bid in the seat's longest suit."""
        hand = view.hand_dealt
        cheapest: dict[Strain, Bid] = {}
        for call in view.legal:
            if isinstance(call, Bid) and call.strain not in cheapest:
                cheapest[call.strain] = call
        suits = sorted((s for s in cheapest if s.suit is not None),
                       key=lambda s: (-hand.count(s.suit), -view.rules.strain_order.index(s)))  # type: ignore[arg-type]
        out: list[Call] = [guide_call, PASS] + [cheapest[s] for s in suits[:1]]
        return list(dict.fromkeys(out))

    def _choose_call(self, view: SeatView, rng: random.Random) -> tuple[Action, _Decision]:
        from vint_core.scoring import score_contract, totals

        guide = self._guide
        chosen = guide.choose(view, random.Random(rng.getrandbits(64)))
        assert isinstance(chosen, Call)
        guide_call: Call = chosen
        top = _highest_bidder(view)
        if guide_call is PASS and (top is None or top.side is view.seat.side):
            # nothing to contest: the guide passes and the contract (if any) is already this side's
            return guide_call, _Decision("call", 0, {guide_call: (math.nan, math.nan)}, guide=guide_call)
        candidates = self._candidates(view, guide_call)
        layouts = sample_layouts(view, rng=rng, count=self.settings.auction_samples, promises=self._promises(view),
                                 attempts_per_layout=self.tries)
        side = view.seat.side
        finals: list[list[Contract | None]] = []
        requests: dict[tuple[int, Strain, Seat], None] = {}
        for k, lay in enumerate(layouts):
            deal = Deal.replay(lay.hands, view.calls, dealer=view.dealer, rules=view.rules,
                               deal_number=view.deal_number)
            roll_seed = rng.getrandbits(64)
            row = []
            for call in candidates:
                final = _rollout(deal.apply(call), guide, random.Random(roll_seed))
                row.append(final)
                if final is not None:
                    requests[(k, final.strain, final.declarer)] = None
            finals.append(row)
        values: list[list[float]] = []
        if self.tricks == "formula":
            values = _formula_values(layouts, finals, view, side)
        else:
            from vint_core.analysis import Position, solve_positions

            keys = list(requests)
            solved = solve_positions([Position(tuple(h._mask for h in layouts[k].hands),  # type: ignore[arg-type]
                                               strain.suit, declarer.left) for k, strain, declarer in keys],
                                     all_cards=False)
            dd = {key: 13 - max(s.values()) for key, s in zip(keys, solved, strict=True)}
            for k, (lay, row) in enumerate(zip(layouts, finals, strict=True)):
                values.append([0.0 if c is None else
                               float(_margin(totals(score_contract(c, tricks=dd[(k, c.strain, c.declarer)],
                                                                   honours=lay.hands, rules=view.rules)), side))
                               for c in row])
        means = [sum(v[j] for v in values) / len(values) for j in range(len(candidates))]
        best = max(range(len(candidates)), key=lambda j: (means[j], j == 0))
        choice = candidates[0]
        if best != 0:
            diffs = [v[best] - v[0] for v in values]
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
            if mean > self.settings.auction_z * math.sqrt(var / len(diffs)):
                choice = candidates[best]
        stats: dict[Action, tuple[float, float]] = {call: (math.nan, means[j]) for j, call in enumerate(candidates)}
        return choice, _Decision("call", len(layouts), stats, guide=guide_call if guide is not None else None)


#: ``sim-light``'s settings: the bidding guide's calls, the guide's cards while the seat holds more than this
#: many, then SimBot ``fast``'s play on a fixed number of layouts (see bench/README.md, "Which partner the table
#: can afford")
LIGHT = {"tricks": "formula", "solve_cards": 7, "scaled": False, "tries": 20, "lean": True}


def light() -> SimBot:
    """``sim-light``: a partner within a served table's budget (the guide's calls, the last tricks sampled)."""
    return SimBot("fast", name="sim-light", **LIGHT)  # type: ignore[arg-type]


def variant(name: str) -> SimBot:
    """A SimBot from a name with settings after slashes, as :func:`vint_core.bots.make_bot` reads it:
    ``sim-fast/calls=rule/cards=8``; a setting it cannot read raises ``ValueError`` naming it (``make_bot`` turns
    that into the learner's "unknown computer player")."""
    head, *settings = name.strip().lower().split("/")
    level = head.partition("-")[2]
    kwargs: dict[str, object] = {}
    for setting in settings:
        key, _, value = setting.partition("=")
        if key in ("calls", "play") and value in ("sim", "rule"):
            kwargs[key] = value
        elif key == "cards" and value.isdigit() and 0 <= int(value) <= 13:
            kwargs["solve_cards"] = int(value)
        elif key == "samples" and value.isdigit() and 1 <= int(value) <= 64:
            kwargs["play_samples"] = int(value)
        elif key == "tries" and value.isdigit() and 1 <= int(value) <= 1000:
            kwargs["tries"] = int(value)
        elif key in ("scaled", "lean") and value in ("0", "1"):
            kwargs[key] = value == "1"
        elif key == "tricks" and value in ("dd", "formula"):
            kwargs["tricks"] = value
        elif key == "asamples" and value.isdigit() and 1 <= int(value) <= 64:
            kwargs["auction_samples"] = int(value)
        else:
            raise ValueError(setting)
    if level not in LEVELS:
        raise ValueError(level)
    return SimBot(level, name=name.strip().lower(), **kwargs)  # type: ignore[arg-type]


def _formula_values(layouts: list[Layout], finals: list[list[Contract | None]], view: SeatView,
                    side: Side) -> list[list[float]]:
    """Per layout and candidate: the seat's side's expected margin in the contract the rollout reached, its
    declarer's tricks from the fitted trick formula (:func:`vint_core.bots.trick_formula.pair_tricks`) spread
    as a bell curve of the formula's error on deals it was not fitted on; honours as the layout holds them."""
    from vint_core.bots.evaluation import trick_distribution
    from vint_core.bots.trick_formula import PAIR_SPREAD, pair_tricks
    from vint_core.honours import honours_count

    rules = view.rules
    values: list[list[float]] = []
    for lay, row in zip(layouts, finals, strict=True):
        known: dict[Contract, float] = {}
        out = []
        for c in row:
            if c is None:
                out.append(0.0)
                continue
            if c not in known:
                strain = c.strain
                mean = pair_tricks(lay.hands[c.declarer], lay.hands[c.declarer.partner], strain)
                probs = trick_distribution(round(mean * 10), round(PAIR_SPREAD[strain.suit is None] * 10))
                held = honours_count(lay.hands, strain)
                majority = strain.suit is not None and rules.honours_suit == "majority"
                aces = honours_count(lay.hands, Strain.NOTRUMP) if majority else None
                margins = _margins(rules, c, held, aces)
                known[c] = sum(p * m for p, m in zip(probs, margins, strict=True))
            out.append(known[c] if side is Side.NS else -known[c])
        values.append(out)
    return values


@functools.lru_cache(maxsize=4096)
def _margins(rules: RuleSet, contract: Contract, held: PerSide[int], aces: PerSide[int] | None) -> tuple[int, ...]:
    """N–S's points minus E–W's in ``contract`` for each number of the declarer's tricks (0–13), with these
    honours."""
    from vint_core.scoring import score_contract, totals

    return tuple(_margin(totals(score_contract(contract, tricks=t, honours=held, aces=aces, rules=rules)), Side.NS)
                 for t in range(14))


def _highest_bidder(view: SeatView) -> Seat | None:
    top = None
    for seat, call in view.calls_by():
        if isinstance(call, Bid):
            top = seat
    return top


def _margin(points: PerSide[int], side: Side) -> int:
    return points[side] - points[side.other]


def _rollout(deal: Deal, guide: Bot | None, rng: random.Random) -> Contract | None:
    """The contract the auction ends in when the bidding guide makes every remaining call (None: passed out).

    Without a guide every remaining call is a pass.
    """
    steps = 0
    while deal.phase is Phase.AUCTION:
        seat = deal.to_act
        assert seat is not None
        call: Action = PASS
        if guide is not None and steps < _ROLLOUT_LIMIT:
            view = deal.view(seat)
            call = guide.call(view) if isinstance(guide, RuleBot) else guide.choose(view, rng)
        deal = deal.apply(call)
        steps += 1
    return deal.contract


def _fmt(x: float, digits: int = 1) -> str:
    return f"{x:.{digits}f}"


def _said(key: str, **params: object) -> BotPhrase:
    """The sentence ``bot.<key>`` with ``params``, said in a language when it is shown."""
    return BotPhrase(key, tuple(params.items()))


def _signed(x: float) -> BotPhrase:
    """A side's expected points minus the opponents' in words: "about 120 points ahead"."""
    v = round(x)
    if v == 0:
        return _said("sim_level")
    return _said("sim_ahead" if v > 0 else "sim_behind", n=abs(v))


def _explain(view: SeatView, action: Action, decision: _Decision) -> BotPhrase:
    if decision.kind == "only":
        return _said("sim_only", action=action)
    if decision.kind == "fallback":
        return _said("sim_fallback", inner=decision.inner)
    if decision.kind == "guide":
        return _said("sim_guide_call" if view.phase is not Phase.PLAY else "sim_guide_card", inner=decision.inner)
    stats = decision.stats
    side = view.seat.side
    n = decision.layouts
    if action not in stats:
        best = max(stats, key=lambda a: stats[a][1])
        return _said("sim_call_worse" if decision.kind == "call" else "sim_play_worse", action=action,
                     n=n, side=side, score="?", tricks="?", best=best, best_score=_signed(stats[best][1]),
                     best_tricks=_fmt(stats[best][0]))
    tricks, score = stats[action]
    others = [a for a in stats if a != action]
    best_other = max(others, key=lambda a: (stats[a][1], stats[a][0])) if others else None
    if decision.kind == "call" and decision.layouts == 0:
        return _said("sim_call_settled", action=action, side=side)
    if decision.kind == "call":
        top = max(stats, key=lambda a: stats[a][1])
        if top != action and stats[top][1] > score:
            if decision.guide == action:
                return _said("sim_call_guide", action=action, n=n, side=side, score=_signed(score))
            return _said("sim_call_worse", action=action, n=n, side=side, score=_signed(score),
                         best=top, best_score=_signed(stats[top][1]))
        if best_other is None:
            return _said("sim_call_guide", action=action, n=n, side=side, score=_signed(score))
        return _said("sim_call_best", action=action, n=n, side=side, score=_signed(score),
                     more=_fmt(score - stats[best_other][1], 0), other=best_other)
    if best_other is None:
        return _said("sim_only", action=action)
    if stats[best_other][1] > score + 1e-9:
        return _said("sim_play_worse", action=action, n=n, side=side, tricks=_fmt(tricks),
                     best=best_other, best_tricks=_fmt(stats[best_other][0]))
    # the best alternative that does differ, if any
    differing = [a for a in others if abs(stats[a][1] - score) > 1e-9 or abs(stats[a][0] - tricks) > 1e-9]
    if not differing:
        return _said("sim_play_all_equal", action=action, n=n, side=side, tricks=_fmt(tricks))
    runner = max(differing, key=lambda a: (stats[a][1], stats[a][0]))
    if abs(stats[runner][0] - tricks) < 0.05:
        return _said("sim_play_score", action=action, n=n, side=side, tricks=_fmt(tricks), other=runner,
                     diff=_fmt(score - stats[runner][1], 0))
    return _said("sim_play_best", action=action, n=n, side=side, tricks=_fmt(tricks),
                 score=_signed(score), more=_fmt(tricks - stats[runner][0]), other=runner)


__all__ = ["LEVELS", "LIGHT", "Layout", "Level", "LevelSettings", "SimBot", "Tricks", "light", "variant"]
