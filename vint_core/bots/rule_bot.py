"""RuleBot: bids by the written guide (``BIDDING.md``) and the Vint score, plays by sound principles.

The guide is a table, :data:`GUIDE`: for each situation (opening, response,
competing, rebid) and each kind of call (a new suit, a jump, a raise, no-trump,
pass) it says what the call promises (HCP and suit lengths). The same table

* tells :func:`promises` what every seat's calls have shown (samplers deal the
  unseen cards from it), and
* limits RuleBot's own calls: the bot only makes a call whose promise its hand
  meets, so its hand always agrees with what its calls said.

Among the calls the guide allows, RuleBot takes the one with the best Vint
score estimate (:mod:`vint_core.bots.evaluation`): what our side expects to
score minus what the opponents expect, against the value of passing.

>>> from vint_core import Call, Seat, SEED
>>> p = promises([(Seat.NORTH, Call.parse("1♥")), (Seat.EAST, Call.parse("Pass"))], SEED)
>>> p[Seat.NORTH].hcp, p[Seat.NORTH].min_length
((12, 37), (0, 4, 0, 0))
>>> p[Seat.EAST].hcp
(0, 37)
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from vint_core.bots.base import Promise
from vint_core.bots.evaluation import (
    HandEval,
    estimate_contract,
    evaluate,
    expected_in_range,
    honours_units,
    partnership_tricks,
    side_tricks,
)
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.cards import Card, Rank, Suit
from vint_core.deal import Action, Phase
from vint_core.i18n import bot_text
from vint_core.play import card_key, winning_index
from vint_core.rules import RuleSet
from vint_core.seats import Seat
from vint_core.views import SeatView

# ======================================================================================
# The bidding guide as a table
# ======================================================================================


class Context(enum.Enum):
    """The situation a call is made in, as the guide sorts them."""

    #: nobody has bid yet
    OPENING = "opening"
    #: partner has bid, the opponents have not, and I have not bid yet
    RESPONSE = "response"
    #: an opponent has bid and I have not bid yet
    COMPETE = "compete"
    #: I have bid before
    REBID = "rebid"


class Kind(enum.Enum):
    """What kind of call it is. A *jump* is a bid above the cheapest legal level of its strain."""

    PASS = "pass"
    SUIT = "new suit"
    JUMP_SUIT = "new suit, jump"
    OWN = "own suit again"
    JUMP_OWN = "own suit again, jump"
    RAISE = "raise partner's suit"
    JUMP_RAISE = "raise partner's suit, jump"
    NT = "no-trump"
    JUMP_NT = "no-trump, jump"


#: a raise promises this many cards in partner's suit (3 once partner has shown 5 or more)
SUPPORT = 4
SUPPORT_OPPOSITE_FIVE = 3


@dataclass(frozen=True, slots=True)
class GuideRow:
    """One line of the bidding guide."""

    context: Context
    kind: Kind
    hcp: tuple[int, int]
    #: the least number of cards in the suit bid (0: none); for raises see ``support``
    length: int = 0
    #: raises: the length is the support rule (4 cards, 3 opposite a 5-card suit)
    support: bool = False
    #: no-trump: every suit 2–5 cards
    balanced: bool = False
    #: a pass promises its range only while the auction is still at level 1
    level_one_only: bool = False
    note: str = ""


_O, _R, _C, _B = Context.OPENING, Context.RESPONSE, Context.COMPETE, Context.REBID
ANY = (0, 37)

#: the bidding guide (BIDDING.md renders this table; the bot and :func:`promises` read it)
GUIDE: tuple[GuideRow, ...] = (
    GuideRow(_O, Kind.PASS, (0, 11), level_one_only=True,
             note="too weak to open (only while every bid may still start at level 1)"),
    GuideRow(_O, Kind.SUIT, (12, 37), 4, note="a 4-card or longer suit, usually the longest"),
    GuideRow(_O, Kind.JUMP_SUIT, (8, 37), 6, note="a long suit that takes tricks on its own"),
    GuideRow(_O, Kind.NT, (15, 18), balanced=True, note="balanced: every suit 2–5 cards"),
    GuideRow(_O, Kind.JUMP_NT, (19, 37), balanced=True, note="balanced and strong"),
    GuideRow(_R, Kind.PASS, (0, 6), level_one_only=True, note="too weak to answer partner's level-1 bid"),
    GuideRow(_R, Kind.RAISE, (7, 10), support=True, note="support for partner's suit: 8 trumps together"),
    GuideRow(_R, Kind.JUMP_RAISE, (11, 37), support=True, note="support and the strength for more tricks"),
    GuideRow(_R, Kind.SUIT, (7, 37), 4, note="a suit of our own"),
    GuideRow(_R, Kind.JUMP_SUIT, (11, 37), 5, note="a good suit and strength"),
    GuideRow(_R, Kind.NT, (7, 37), note="values without a fit or a suit to show"),
    GuideRow(_R, Kind.JUMP_NT, (11, 37), note="values for more tricks at no-trump"),
    GuideRow(_C, Kind.PASS, ANY, note="shows nothing: competing is a matter of the score"),
    GuideRow(_C, Kind.RAISE, (6, 37), support=True, note="support for partner against the opponents"),
    GuideRow(_C, Kind.JUMP_RAISE, (10, 37), support=True, note="support and extra strength"),
    GuideRow(_C, Kind.SUIT, (8, 37), 5, note="a 5-card suit worth playing in"),
    GuideRow(_C, Kind.JUMP_SUIT, (8, 37), 6, note="a long suit"),
    GuideRow(_C, Kind.NT, (15, 37), note="a strong hand"),
    GuideRow(_C, Kind.JUMP_NT, (18, 37), note="a very strong hand"),
    GuideRow(_B, Kind.PASS, ANY, note="shows nothing new"),
    GuideRow(_B, Kind.RAISE, ANY, support=True, note="support for partner"),
    GuideRow(_B, Kind.JUMP_RAISE, ANY, support=True, note="support, more tricks"),
    GuideRow(_B, Kind.OWN, ANY, 5, note="a 5-card suit"),
    GuideRow(_B, Kind.JUMP_OWN, ANY, 6, note="a 6-card suit"),
    GuideRow(_B, Kind.SUIT, ANY, 4, note="a second suit"),
    GuideRow(_B, Kind.JUMP_SUIT, ANY, 5, note="a good second suit"),
    GuideRow(_B, Kind.NT, ANY, note="no fit; no-trump looks best"),
    GuideRow(_B, Kind.JUMP_NT, ANY, note="no fit, more tricks at no-trump"),
)

_ROWS: dict[tuple[Context, Kind], GuideRow] = {(r.context, r.kind): r for r in GUIDE}
_NO_PROMISE = GuideRow(_B, Kind.PASS, ANY, note="shows nothing")


def guide_markdown() -> str:
    """The guide's table as Markdown (BIDDING.md contains exactly this table)."""
    lines = ["| situation | call | HCP | length in the suit bid | shape | meaning |",
             "|---|---|---|---|---|---|"]
    for r in GUIDE:
        length = ("4+ (3+ if partner showed 5+)" if r.support else f"{r.length}+" if r.length else "—")
        lines.append(f"| {r.context.value} | {r.kind.value} | {r.hcp[0]}–{r.hcp[1]} | {length} | "
                     f"{'balanced' if r.balanced else 'any'} | {r.note} |")
    return "\n".join(lines)


# ======================================================================================
# Reading an auction with the guide
# ======================================================================================

_MAX_TOP = (0, 4, 7, 9, 10)  # the most HCP k cards of one suit can hold
_FORCED = (0, 1, 3, 6, 10)  # the least HCP a suit of 9 + k cards must hold


@dataclass(frozen=True, slots=True)
class Meaning:
    """What one call promises: the guide row it falls under and the ranges it sets."""

    row: GuideRow
    call: Call
    hcp: tuple[int, int]
    min_length: tuple[int, int, int, int]
    max_length: tuple[int, int, int, int]
    #: a bid two or more levels above the cheapest: read like a jump, but the guide never makes one
    leap: bool = False

    def satisfied_by(self, ev: HandEval) -> bool:
        """Does a hand with this evaluation meet the promise?"""
        if not self.hcp[0] <= ev.hcp <= self.hcp[1]:
            return False
        return all(lo <= n <= hi for lo, n, hi in zip(self.min_length, ev.lengths, self.max_length, strict=True))

    def describe(self, lang: str = "en") -> str:
        """``"12–37 HCP, 4+ ♥"`` in English or German."""
        parts = [bot_text("rule_hcp_range", lang, lo=self.hcp[0], hi=self.hcp[1])]
        if self.row.balanced:
            parts.append(bot_text("rule_balanced_word", lang))
        else:
            parts += [f"{self.min_length[suit]}+ {suit.symbol}" for suit in Suit if self.min_length[suit] > 0]
        return ", ".join(parts)


def satisfiable(p: Promise) -> bool:
    """Can some 13-card hand meet this promise on its own?"""
    lo, hi = p.hcp
    if not 0 <= lo <= hi <= 37:
        return False
    if any(a > b or a < 0 or b > 13 for a, b in zip(p.min_length, p.max_length, strict=True)):
        return False
    if sum(p.min_length) > 13 or sum(p.max_length) < 13:
        return False
    most = sum(_MAX_TOP[min(4, n)] for n in p.max_length)
    least = sum(_FORCED[max(0, n - 9)] for n in p.min_length)
    return lo <= most and hi >= least


class _SeatRange:
    __slots__ = ("hcp", "lo", "hi")

    def __init__(self) -> None:
        self.hcp = [0, 37]
        self.lo = [0, 0, 0, 0]
        self.hi = [13, 13, 13, 13]

    def promise(self, seat: Seat) -> Promise:
        return Promise(seat, (self.hcp[0], self.hcp[1]), (self.lo[0], self.lo[1], self.lo[2], self.lo[3]),
                       (self.hi[0], self.hi[1], self.hi[2], self.hi[3]))

    def add(self, m: Meaning) -> None:
        """Intersect with a call's meaning; where that would contradict, widen to cover both."""
        hcp = [max(self.hcp[0], m.hcp[0]), min(self.hcp[1], m.hcp[1])]
        if hcp[0] > hcp[1]:
            hcp = [min(self.hcp[0], m.hcp[0]), max(self.hcp[1], m.hcp[1])]
        lo, hi = list(self.lo), list(self.hi)
        for s in range(4):
            a, b = max(lo[s], m.min_length[s]), min(hi[s], m.max_length[s])
            if a > b:
                a, b = min(lo[s], m.min_length[s]), max(hi[s], m.max_length[s])
            lo[s], hi[s] = a, b
        self.hcp, self.lo, self.hi = hcp, lo, hi
        self.repair()

    def repair(self) -> None:
        """Widen until a hand can meet the ranges."""
        lo, hi = self.lo, self.hi
        while sum(lo) > 13:
            s = max(range(4), key=lambda k: lo[k])
            lo[s] -= 1
        while sum(hi) < 13:
            s = min(range(4), key=lambda k: hi[k])
            hi[s] += 1
        most = sum(_MAX_TOP[min(4, n)] for n in hi)
        least = sum(_FORCED[max(0, n - 9)] for n in lo)
        self.hcp[0] = min(max(0, self.hcp[0]), most, 37)
        self.hcp[1] = max(min(37, self.hcp[1]), least, self.hcp[0])


class Reading:
    """An auction read call by call with the guide: what each seat has shown so far."""

    __slots__ = ("rules", "min_level", "top", "top_seat", "strains", "ranges", "_cheap", "_promises")

    def __init__(self, rules: RuleSet, *, deal_number: int = 1) -> None:
        self.rules = rules
        self.min_level = rules.min_level_for(deal_number)
        self.top: Bid | None = None
        self.top_seat: Seat | None = None
        #: the strains each seat has bid, in order
        self.strains: dict[Seat, list[Strain]] = {s: [] for s in Seat}
        self.ranges = {s: _SeatRange() for s in Seat}
        self._cheap: dict[Strain, int] = {}
        self._promises: dict[Seat, Promise] | None = None

    # -- the guide's classification ---------------------------------------------------

    def context(self, seat: Seat) -> Context:
        if self.strains[seat]:
            return Context.REBID
        if self.top is None:
            return Context.OPENING
        if self.strains[seat.left] or self.strains[seat.right]:
            return Context.COMPETE
        return Context.RESPONSE

    def cheapest_level(self, strain: Strain) -> int:
        """The lowest level at which ``strain`` may be bid now (8 if it cannot)."""
        level = self._cheap.get(strain)
        if level is None:
            level = self._cheap[strain] = self._cheapest_level(strain)
        return level

    def _cheapest_level(self, strain: Strain) -> int:
        rules = self.rules
        rank_of = rules.bid_rank
        for level in range(self.min_level, 8):
            bid = Bid(level, strain)
            r = rank_of(bid)
            if r is None:
                return 8
            if self.top is None or r > (rank_of(self.top) or 0):
                return level
        return 8

    def meaning(self, seat: Seat, call: Call) -> Meaning:
        """What ``call`` by ``seat`` would promise now, according to the guide."""
        ctx = self.context(seat)
        lo = [0, 0, 0, 0]
        hi = [13, 13, 13, 13]
        if not isinstance(call, Bid):
            row = _ROWS[(ctx, Kind.PASS)]
            if row.level_one_only and not (self.min_level == 1 and (self.top is None or self.top.level == 1)):
                row = _NO_PROMISE
            return Meaning(row, call, row.hcp, (0, 0, 0, 0), (13, 13, 13, 13))
        cheapest = self.cheapest_level(call.strain)
        jump = call.level > cheapest
        suit = call.strain.suit
        if suit is None:
            kind = Kind.JUMP_NT if jump else Kind.NT
        elif call.strain in self.strains[seat.partner]:
            kind = Kind.JUMP_RAISE if jump else Kind.RAISE
        elif call.strain in self.strains[seat]:
            kind = Kind.JUMP_OWN if jump else Kind.OWN
        else:
            kind = Kind.JUMP_SUIT if jump else Kind.SUIT
        row = _ROWS.get((ctx, kind)) or _ROWS[(Context.REBID, kind)]
        if suit is not None:
            if row.support:
                shown = self.ranges[seat.partner].lo[suit]
                lo[suit] = SUPPORT_OPPOSITE_FIVE if shown >= 5 else SUPPORT
            else:
                lo[suit] = row.length
        if row.balanced:
            lo = [2, 2, 2, 2]
            hi = [5, 5, 5, 5]
        return Meaning(row, call, row.hcp, (lo[0], lo[1], lo[2], lo[3]), (hi[0], hi[1], hi[2], hi[3]),
                       leap=call.level > cheapest + 1)

    # -- moving on ----------------------------------------------------------------------

    def apply(self, seat: Seat, call: Call) -> None:
        """Record ``call`` by ``seat``: narrow that seat's ranges and move the auction on."""
        self.ranges[seat].add(self.meaning(seat, call))
        self._promises = None
        if isinstance(call, Bid):
            self._cheap = {}
            self.top, self.top_seat = call, seat
            self.strains[seat].append(call.strain)

    def promises(self) -> dict[Seat, Promise]:
        """Every seat's promise, made consistent across the table (widened where they clash)."""
        if self._promises is None:
            self._promises = self._table_promises()
        return dict(self._promises)

    def _table_promises(self) -> dict[Seat, Promise]:
        ranges = self.ranges
        out_lo = {s: list(ranges[s].lo) for s in Seat}
        out_hi = {s: list(ranges[s].hi) for s in Seat}
        hcp = {s: list(ranges[s].hcp) for s in Seat}
        for suit in range(4):
            while sum(out_lo[s][suit] for s in Seat) > 13:
                seat = max(Seat, key=lambda x: out_lo[x][suit])
                out_lo[seat][suit] -= 1
            while sum(out_hi[s][suit] for s in Seat) < 13:
                seat = min(Seat, key=lambda x: out_hi[x][suit])
                out_hi[seat][suit] += 1
        while sum(hcp[s][0] for s in Seat) > 40:
            seat = max(Seat, key=lambda x: hcp[x][0])
            hcp[seat][0] -= 1
        while sum(hcp[s][1] for s in Seat) < 40:
            seat = min(Seat, key=lambda x: hcp[x][1])
            hcp[seat][1] += 1
        out = {}
        for seat in Seat:
            r = _SeatRange()
            r.hcp, r.lo, r.hi = hcp[seat], out_lo[seat], out_hi[seat]
            r.repair()
            out[seat] = r.promise(seat)
        return out


@functools.lru_cache(maxsize=512)
def read_auction(dealer: Seat, calls: tuple[Call, ...], rules: RuleSet, deal_number: int = 1) -> Reading:
    """The :class:`Reading` after ``calls`` (from the dealer on). Cached: do not modify the result."""
    if calls:
        before = read_auction(dealer, calls[:-1], rules, deal_number)
        reading = Reading(rules, deal_number=deal_number)
        reading.top, reading.top_seat = before.top, before.top_seat
        reading.strains = {s: list(v) for s, v in before.strains.items()}
        for s in Seat:
            r = _SeatRange()
            r.hcp, r.lo, r.hi = list(before.ranges[s].hcp), list(before.ranges[s].lo), list(before.ranges[s].hi)
            reading.ranges[s] = r
        reading.apply(dealer.offset(len(calls) - 1), calls[-1])
        return reading
    return Reading(rules, deal_number=deal_number)


def promises(calls_by: Iterable[tuple[Seat, Call]], rules: RuleSet, *, deal_number: int = 1) -> dict[Seat, Promise]:
    """What each seat's calls have shown, according to the bidding guide (BIDDING.md).

    ``calls_by`` is the auction as (seat, call) pairs in order (``view.calls_by()``);
    ``deal_number`` sets the minimum level under ``progressive``. Every promise can
    be met by some hand, and together the four never ask for more than the pack
    holds: where calls contradict each other, the ranges are widened.
    """
    pairs = list(calls_by)
    if not pairs:
        return Reading(rules, deal_number=deal_number).promises()
    dealer = pairs[0][0]
    if all(seat == dealer.offset(i) for i, (seat, _) in enumerate(pairs)):
        return read_auction(dealer, tuple(c for _, c in pairs), rules, deal_number).promises()
    reading = Reading(rules, deal_number=deal_number)
    for seat, call in pairs:
        reading.apply(seat, call)
    return reading.promises()


# ======================================================================================
# The table: what the others probably hold
# ======================================================================================


def _split(total: float, ranges: Sequence[tuple[float, float]], *, lengths: bool = False) -> list[float]:
    """Share ``total`` among hands with the given ranges, as evenly as the ranges allow."""
    n = len(ranges)
    if lengths:
        vals = [min(hi, lo + 0.5) if total / n < lo else min(total / n, hi) for lo, hi in ranges]
    else:
        vals = [expected_in_range(total / n, lo, hi) for lo, hi in ranges]
    for _ in range(3):
        diff = total - sum(vals)
        if abs(diff) < 0.05:
            break
        room = [(hi - v) if diff > 0 else (v - lo) for v, (lo, hi) in zip(vals, ranges, strict=True)]
        space = sum(room)
        if space <= 0:
            break
        for i in range(n):
            vals[i] += diff * room[i] / space if abs(diff) < space else (room[i] if diff > 0 else -room[i])
    return vals


@dataclass(frozen=True, slots=True)
class TableModel:
    """What one seat expects of the other three from the auction (HCP and suit lengths)."""

    hcp: dict[Seat, float]
    lengths: dict[Seat, tuple[float, float, float, float]]


def table_model(seat: Seat, ev: HandEval, prom: dict[Seat, Promise]) -> TableModel:
    others = [seat.left, seat.partner, seat.right]
    hcps = _split(40 - ev.hcp, [prom[s].hcp for s in others])
    per_suit = [_split(13 - ev.lengths[suit], [(prom[s].min_length[suit], prom[s].max_length[suit])
                                               for s in others], lengths=True) for suit in range(4)]
    lengths = {s: (per_suit[0][i], per_suit[1][i], per_suit[2][i], per_suit[3][i]) for i, s in enumerate(others)}
    return TableModel(dict(zip(others, hcps, strict=True)), lengths)


# ======================================================================================
# RuleBot
# ======================================================================================

#: a bid must beat passing by this many points (on average) to be worth making
MARGIN = 5.0
#: the guide never bids a contract that needs more than this many tricks beyond what the side expects
HOPELESS = 1.5


@dataclass(frozen=True, slots=True)
class Why:
    """The reasoning behind one decision: an explanation key and its parameters."""

    action: Action
    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        return bot_text(self.key, lang, **{k: _value(v, lang) for k, v in self.params})


@dataclass(frozen=True, slots=True)
class _Phrase:
    """A nested explanation phrase (translated when the sentence is)."""

    key: str
    params: tuple[tuple[str, object], ...] = ()

    def text(self, lang: str) -> str:
        return bot_text(self.key, lang, **{k: _value(v, lang) for k, v in self.params})


def _value(v: object, lang: str) -> object:
    if isinstance(v, _Phrase):
        return v.text(lang)
    if isinstance(v, Meaning):
        return v.describe(lang)
    if isinstance(v, tuple):
        return _honour_text(v, lang)
    return v


def _honour_text(ranks: tuple[object, ...], lang: str) -> str:
    letters = {"en": {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"},
               "de": {14: "A", 13: "K", 12: "D", 11: "B", 10: "10"}}["de" if lang.startswith("de") else "en"]
    return " ".join(letters.get(int(r), str(r)) for r in ranks if isinstance(r, int))


def _signed(x: float) -> str:
    v = round(x)
    return f"+{v}" if v > 0 else ("0" if v == 0 else f"−{-v}")


def _view_key(view: SeatView) -> tuple[object, ...]:
    trick = view.current_trick.cards if view.current_trick is not None else ()
    return (view.seat, view.dealer, view.deal_number, view.rules, view.calls, len(view.tricks), trick, view.hand)


class RuleBot:
    """Bids by the guide and the Vint score; plays by sound card-play principles. Pure Python, fast."""

    name = "rule"

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], Why] | None = None

    # -- the protocol -------------------------------------------------------------------

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The guide's choice for ``view`` (deterministic: ``rng`` is not needed)."""
        why = self.reason(view)
        self._last = (_view_key(view), why)
        return why.action

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        """One or two sentences on ``action`` in this view, in English ("en") or German ("de")."""
        key = _view_key(view)
        if self._last is not None and self._last[0] == key and self._last[1].action == action:
            return self._last[1].text(lang)
        why = self.reason(view)
        if why.action == action:
            return why.text(lang)
        return self._other(view, action, why).text(lang)

    def reason(self, view: SeatView) -> Why:
        """The decision with its reasoning."""
        legal = view.legal
        if not legal:
            raise ValueError(f"{view.seat} has nothing to do now")
        if view.phase is Phase.AUCTION:
            return _Bidder(view).decide()
        return _Player(view).decide()

    def _other(self, view: SeatView, action: Action, best: Why) -> Why:
        if isinstance(action, Card):
            why = dict(best.params).get("why", "")
            return Why(action, "rule_other_card", (("card", action), ("best", best.action), ("why", why)))
        bidder = _Bidder(view)
        if not isinstance(action, Call):
            raise TypeError(f"{action!r} is neither a call nor a card")
        meaning = bidder.reading.meaning(view.seat, action)
        value = bidder.value(action)
        return Why(action, "rule_other_call", (("call", action), ("shows", meaning), ("value", _signed(value)),
                                               ("best", best.action)))


# -- bidding ------------------------------------------------------------------------------


class _Bidder:
    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.rules = view.rules
        self.seat = view.seat
        self.ev = evaluate(view.hand_dealt)
        self.reading = read_auction(view.dealer, view.calls, view.rules, view.deal_number)
        prom = self.reading.promises()
        self.model = table_model(self.seat, self.ev, prom)
        gs = view.game_score
        side = self.seat.side
        self.game: tuple[int, int] | None = (int(gs[side]), int(gs[1 - side])) if gs is not None else None
        self._tricks: dict[Strain, float] = {}
        self._honours: dict[Strain, float] = {}

    def tricks(self, strain: Strain) -> float:
        t = self._tricks.get(strain)
        if t is None:
            p = self.seat.partner
            t = partnership_tricks(self.ev, strain, partner_hcp=self.model.hcp[p],
                                   partner_lengths=self.model.lengths[p])
            self._tricks[strain] = t
        return t

    def honours(self, strain: Strain) -> float:
        h = self._honours.get(strain)
        if h is None:
            ev, p = self.ev, self.seat.partner
            suit = strain.suit
            if suit is None:
                share = self.model.hcp[p] / max(1, 40 - ev.hcp)
                h = honours_units(self.rules, strain, held=ev.aces, partner_share=share)
            else:
                share = self.model.lengths[p][suit] / max(1, 13 - ev.lengths[suit])
                h = honours_units(self.rules, strain, held=ev.honours[suit], partner_share=share)
            self._honours[strain] = h
        return h

    def opponents_tricks(self, strain: Strain) -> float:
        left, right = self.seat.left, self.seat.right
        m = self.model
        points = m.hcp[left] + m.hcp[right]
        suit = strain.suit
        trumps = 0.0 if suit is None else m.lengths[left][suit] + m.lengths[right][suit]
        return side_tricks(strain, points=points, trumps=trumps)

    def value(self, call: Call) -> float:
        """Our expected net points if ``call`` ends the auction."""
        reading = self.reading
        if isinstance(call, Bid):
            level, strain, ours = call.level, call.strain, True
        elif reading.top is None or reading.top_seat is None:
            return 0.0
        else:
            level, strain = reading.top.level, reading.top.strain
            ours = reading.top_seat.side == self.seat.side
        tricks = self.tricks(strain) if ours else self.opponents_tricks(strain)
        return estimate_contract(self.rules, level, strain, tricks=tricks, we_declare=ours,
                                 honours=self.honours(strain), game_score=self.game).net

    def _reason_phrase(self, call: Bid, meaning: Meaning) -> _Phrase:
        ev = self.ev
        suit = call.strain.suit
        if suit is None:
            return _Phrase("rule_reason_nt_balanced" if ev.balanced else "rule_reason_nt", (("hcp", ev.hcp),))
        n = ev.lengths[suit]
        top = ev.top_honours(suit)[:3]
        if meaning.row.support:
            return _Phrase("rule_reason_raise", (("n", n), ("suit", suit.symbol), ("hcp", ev.hcp)))
        if top:
            return _Phrase("rule_reason_suit_top", (("n", n), ("suit", suit.symbol), ("top", top),
                                                    ("hcp", ev.hcp)))
        return _Phrase("rule_reason_suit", (("n", n), ("suit", suit.symbol), ("hcp", ev.hcp)))

    def decide(self) -> Why:
        view, seat, reading = self.view, self.seat, self.reading
        legal = view.legal
        pass_meaning = reading.meaning(seat, PASS)
        pass_ok = pass_meaning.satisfied_by(self.ev)
        pass_value = self.value(PASS)
        best: tuple[float, Bid, Meaning] | None = None
        for call in legal:
            if not isinstance(call, Bid):
                continue
            # the guide never leaps two levels, nor bids a contract that needs more than
            # 1½ tricks beyond what we expect
            if call.level > reading.cheapest_level(call.strain) + 1:
                continue
            if call.tricks > self.tricks(call.strain) + HOPELESS:
                continue
            meaning = reading.meaning(seat, call)
            if not meaning.satisfied_by(self.ev):
                continue
            v = self.value(call)
            if best is None or v > best[0]:
                best = (v, call, meaning)
        alt = _signed(pass_value)
        if best is not None and (not pass_ok or best[0] > pass_value + MARGIN):
            v, call, meaning = best
            phrase = self._reason_phrase(call, meaning)
            if pass_ok:
                return Why(call, "rule_bid", (("call", call), ("reason", phrase), ("value", _signed(v)),
                                              ("alt", alt)))
            return Why(call, "rule_bid_forced", (("call", call), ("reason", phrase), ("value", _signed(v)),
                                                 ("hcp", self.ev.hcp)))
        if len(legal) == 1:
            return Why(PASS, "rule_pass_only")
        if best is None:
            return Why(PASS, "rule_pass_no_bid", (("hcp", self.ev.hcp),))
        v, call, _ = best
        top, top_seat = reading.top, reading.top_seat
        if top is None or top_seat is None:
            key = "rule_pass_open"
        elif top_seat.side == seat.side:
            key = "rule_pass_ours"
        else:
            key = "rule_pass_theirs"
        return Why(PASS, key, (("best", call), ("value", _signed(v)), ("alt", alt), ("top", top),
                               ("hcp", self.ev.hcp)))


# -- card play ------------------------------------------------------------------------------


def _card(card: Card, key: str, params: tuple[tuple[str, object], ...] = ()) -> Why:
    return Why(card, "rule_card", (("card", card), ("why", _Phrase(key, params))))


class _Player:
    def __init__(self, view: SeatView) -> None:
        self.view = view
        contract = view.contract
        assert contract is not None
        self.contract = contract
        self.seat = view.seat
        self.trump = contract.strain.suit
        self.hand = view.hand
        played = 0
        for _, card in view.cards_played():
            played |= card.bit
        self.played = played
        self.mine = 0
        for card in self.hand:
            self.mine |= card.bit
        self.legal: tuple[Card, ...] = tuple(a for a in view.legal if isinstance(a, Card))
        self.we_declare = contract.declarer.side == self.seat.side
        self.reading = read_auction(view.dealer, view.calls, view.rules, view.deal_number)

    # -- counting ---------------------------------------------------------------------

    def gone_or_mine(self, card: Card) -> bool:
        return bool((self.played | self.mine) & card.bit)

    def is_master(self, card: Card) -> bool:
        """Every higher card of the suit has been played or is in my hand."""
        return all(self.gone_or_mine(Card(card.suit, Rank(r))) for r in range(card.rank + 1, 15))

    def cheapest_equal(self, card: Card) -> Card:
        """The lowest card of mine that is worth as much as ``card`` (the cards between are played)."""
        low = card
        for r in range(card.rank - 1, 1, -1):
            c = Card(card.suit, Rank(r))
            if self.mine & c.bit:
                low = c
            elif not self.played & c.bit:
                break
        return low

    def unseen(self, suit: Suit) -> int:
        """Cards of ``suit`` the other three hands still hold."""
        total = 13 - self.hand.count(suit)
        return total - sum(1 for _, c in self.view.cards_played() if c.suit is suit)

    # -- decisions ----------------------------------------------------------------------

    def decide(self) -> Why:
        if len(self.legal) == 1:
            return _card(self.legal[0], "rule_only", ())
        trick = self.view.current_trick
        if trick is None or not trick.cards:
            return self.lead()
        return self.follow(trick.leader, trick.cards)

    def lead(self) -> Why:
        view, hand, trump = self.view, self.hand, self.trump
        suits = [s for s in Suit if hand.count(s) > 0]
        side = [s for s in suits if s is not trump] or suits
        voids = view.voids()
        opps = (self.seat.left, self.seat.right)
        if not view.tricks:
            return self.opening_lead(side)
        # declarer draws trumps while the opponents probably hold some and our side has enough
        if trump is not None and self.seat == self.contract.declarer and hand.count(trump) > 0:
            left = self.opponents_trumps()
            mine = hand.count(trump)
            if left >= 0.5 and self.side_trumps() >= 8 and mine >= left / 2:
                top = hand.suit(trump)[0]
                card = self.cheapest_equal(top) if self.is_master(top) else hand.suit(trump)[-1]
                return _card(card, "rule_draw_trumps", (("n", round(left)),))
        # cash a master where nobody will ruff it
        ruff_danger = trump is not None and self.unseen(trump) > 0
        for s in sorted(side, key=lambda x: -hand.count(x)):
            top = hand.suit(s)[0]
            if self.unseen(s) == 0:
                continue
            if ruff_danger and any(int(s) in voids[o] for o in opps):
                continue
            if self.is_master(top):
                return _card(top, "rule_cash_master", (("suit", s.symbol),))
        # defenders return partner's suit
        if not self.we_declare:
            for trick in reversed(view.tricks):
                if trick.leader == self.seat.partner:
                    s = trick.cards[0].suit
                    if hand.count(s) and s is not trump:
                        cards = hand.suit(s)
                        card = cards[0] if len(cards) <= 2 else cards[-1]
                        return _card(card, "rule_return", (("suit", s.symbol),))
                    break
        # otherwise from the longest, strongest suit that no opponent will ruff
        safe = [s for s in side if not (ruff_danger and any(int(s) in voids[o] for o in opps))] or side
        s = max(safe, key=lambda x: (hand.count(x), sum(max(0, c.rank - 10) for c in hand.suit(x))))
        return self.lead_from(s, opening=False)

    def opponents_trumps(self) -> float:
        """How many trumps the opponents probably still hold (from the cards seen and partner's calls)."""
        assert self.trump is not None
        trump = self.trump
        voids = self.view.voids()
        if all(int(trump) in voids[o] for o in (self.seat.left, self.seat.right)):
            return 0.0
        unseen = self.unseen(trump)
        p = self.seat.partner
        if int(trump) in voids[p]:
            return float(unseen)
        partner_played = sum(1 for s, c in self.view.cards_played() if s == p and c.suit is trump)
        dealt = self.view.hand_dealt.count(trump)
        partner_total = max(float(self.reading.ranges[p].lo[trump]), (13 - dealt) / 3)
        return max(0.0, unseen - max(0.0, partner_total - partner_played))

    def side_trumps(self) -> float:
        """Trumps our side was dealt: mine and what partner probably holds."""
        assert self.trump is not None
        dealt = self.view.hand_dealt.count(self.trump)
        return dealt + max(float(self.reading.ranges[self.seat.partner].lo[self.trump]), (13 - dealt) / 3)

    def opening_lead(self, side: list[Suit]) -> Why:
        hand = self.hand
        partner_suits = [st.suit for st in reversed(self.reading.strains[self.seat.partner])
                         if st.suit is not None and st.suit in side]
        if partner_suits:
            s = partner_suits[0]
            cards = hand.suit(s)
            card = cards[0] if len(cards) <= 2 or self._sequence(cards) else cards[-1]
            return _card(card, "rule_lead_partner", (("suit", s.symbol),))
        declarer_suits = {st.suit for st in self.reading.strains[self.contract.declarer]}
        declarer_suits |= {st.suit for st in self.reading.strains[self.contract.declarer.partner]}

        def score(s: Suit) -> tuple[float, ...]:
            cards = hand.suit(s)
            strength = sum(max(0, c.rank - 10) for c in cards)
            seq = 3 if self._sequence(cards) else 0
            lone_ace = self.trump is not None and cards[0].rank == Rank.ACE and len(cards) > 1 and \
                cards[1].rank != Rank.KING
            return (len(cards) + seq + strength / 4 - (2 if s in declarer_suits else 0) - (2 if lone_ace else 0),)

        s = max(side, key=score)
        return self.lead_from(s, opening=True)

    @staticmethod
    def _sequence(cards: Sequence[Card]) -> bool:
        return len(cards) >= 2 and cards[0].rank >= Rank.TEN and cards[0].rank - cards[1].rank == 1

    def lead_from(self, s: Suit, *, opening: bool) -> Why:
        cards = self.hand.suit(s)
        sym = s.symbol
        if self.is_master(cards[0]) and not opening:
            return _card(cards[0], "rule_cash_master", (("suit", sym),))
        if self._sequence(cards) or (self.trump is not None and cards[0].rank == Rank.ACE and len(cards) >= 2
                                     and cards[1].rank == Rank.KING):
            return _card(cards[0], "rule_lead_sequence", (("suit", sym),))
        if len(cards) >= 4:
            return _card(cards[3], "rule_lead_fourth", (("suit", sym),))
        if len(cards) <= 2:
            return _card(cards[0], "rule_lead_short", (("suit", sym),))
        if cards[0].rank >= Rank.JACK:
            return _card(cards[-1], "rule_lead_low", (("suit", sym),))
        return _card(cards[0], "rule_lead_short", (("suit", sym),))

    def follow(self, leader: Seat, cards: Sequence[Card]) -> Why:
        trump = self.trump
        lead = cards[0].suit
        pos = len(cards)
        w = winning_index(cards, trump)
        win = cards[w]
        top = card_key(win, lead, trump)
        partner_wins = leader.offset(w) == self.seat.partner
        mine = self.hand.suit(lead)
        if mine:
            beaters = [c for c in mine if card_key(c, lead, trump) > top]
            low = mine[-1]
            if pos == 3:
                if partner_wins:
                    return _card(low, "rule_partner_wins", (("win", win),))
                if beaters:
                    return _card(beaters[-1], "rule_win_cheap", ())
                return _card(low, "rule_cannot_win", (("win", win),))
            if pos == 2:
                if partner_wins and (self.is_master(win) or (win.suit is trump and lead is not trump)):
                    return _card(low, "rule_partner_wins", (("win", win),))
                if beaters:
                    card = self.cheapest_equal(beaters[0])
                    return _card(card, "rule_third_high", ())
                return _card(low, "rule_cannot_win", (("win", win),))
            # second hand
            if win.rank >= Rank.JACK and win.suit is lead and beaters:
                card = self.cheapest_equal(beaters[-1])
                return _card(card, "rule_cover", (("win", win),))
            if beaters and self.is_master(beaters[0]) and len(self.view.tricks) >= 8:
                card = self.cheapest_equal(beaters[0])
                return _card(card, "rule_win_cheap", ())
            return _card(low, "rule_second_low", ())
        # void in the suit led
        if trump is not None and self.hand.count(trump):
            safe_partner = partner_wins and (pos == 3 or (self.is_master(win) and win.suit is not trump
                                                          and self.unseen(lead) > 1))
            if not safe_partner:
                trumps = self.hand.suit(trump)
                winners = [c for c in trumps if card_key(c, lead, trump) > top]
                if winners:
                    card = winners[-1]
                    return _card(card, "rule_ruff", (("suit", lead.symbol),))
        card = self.discard()
        return _card(card, "rule_discard", (("suit", lead.symbol),))

    def discard(self) -> Card:
        hand, trump = self.hand, self.trump
        suits = [s for s in Suit if hand.count(s) and s is not trump] or [s for s in Suit if hand.count(s)]

        def weakness(s: Suit) -> tuple[int, int, int]:
            cards = hand.suit(s)
            masters = sum(1 for c in cards if self.is_master(c))
            hcp = sum(max(0, c.rank - 10) for c in cards)
            return (masters, hcp, len(cards))

        s = min(suits, key=weakness)
        return hand.suit(s)[-1]


__all__ = ["GUIDE", "Context", "GuideRow", "Kind", "Meaning", "Reading", "RuleBot", "guide_markdown", "promises",
           "read_auction", "satisfiable"]

