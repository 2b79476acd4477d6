"""The bidding guide as a table: what each call promises (``BIDDING.md`` is written from it).

For each situation (opening, response, competing, rebid) and each kind of call
(a new suit, a jump, a raise, no-trump, pass) :data:`GUIDE` says what the call
promises (HCP and suit lengths). The same table

* tells :func:`promises` what every seat's calls have shown (samplers deal the
  unseen cards from it), and
* limits RuleBot's own calls (:mod:`vint_core.bots.rule_bot`): the bot only makes
  a call whose promise its hand meets, so its hand always agrees with its calls.

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
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from vint_core.bots.base import Promise
from vint_core.bots.evaluation import (
    HandEval,
)
from vint_core.calls import Bid, Call, Strain
from vint_core.cards import Suit
from vint_core.errors import bad_argument
from vint_core.i18n import bot_text
from vint_core.rules import RuleSet, as_rule_set
from vint_core.seats import Seat

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

    __hash__ = object.__hash__  # by identity, as for Strain: the guide's table is looked up by (context, kind)


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

    __hash__ = object.__hash__


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

    def copy(self) -> _SeatRange:
        out = _SeatRange.__new__(_SeatRange)
        out.hcp, out.lo, out.hi = list(self.hcp), list(self.lo), list(self.hi)
        return out

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
        total = lo[0] + lo[1] + lo[2] + lo[3]
        while total > 13:  # the first of the longest given one card fewer
            lo[lo.index(max(lo))] -= 1
            total -= 1
        total = hi[0] + hi[1] + hi[2] + hi[3]
        while total < 13:  # the first of the shortest given one card more
            hi[hi.index(min(hi))] += 1
            total += 1
        most = _MAX_TOP[min(4, hi[0])] + _MAX_TOP[min(4, hi[1])] + _MAX_TOP[min(4, hi[2])] + _MAX_TOP[min(4, hi[3])]
        least = (_FORCED[max(0, lo[0] - 9)] + _FORCED[max(0, lo[1] - 9)] + _FORCED[max(0, lo[2] - 9)]
                 + _FORCED[max(0, lo[3] - 9)])
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

    def copy(self) -> Reading:
        """A reading of the same auction that :meth:`apply` may move on without changing this one."""
        out = Reading.__new__(Reading)
        out.rules, out.min_level, out.top, out.top_seat = self.rules, self.min_level, self.top, self.top_seat
        out.strains = {s: list(v) for s, v in self.strains.items()}
        out.ranges = {s: r.copy() for s, r in self.ranges.items()}
        out._cheap = dict(self._cheap)
        out._promises = self._promises
        return out

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
        # many auctions leave the seats with the same ranges: worked out once for each
        return _consistent(tuple((tuple(r.hcp), tuple(r.lo), tuple(r.hi)) for r in map(self.ranges.__getitem__,
                                                                                         _SEATS)))


_SEATS = tuple(Seat)


@functools.lru_cache(maxsize=4096)
def _consistent(ranges: tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]) -> dict[Seat, Promise]:
    """The four seats' promises (N E S W: each seat's HCP, least and most lengths) made consistent across the table.
    Where the four ask for more than the pack holds, the first seat asking the most gives one up, again and again
    (and the first asking the least takes one more where they ask less). Cached: do not modify the result."""
    out_lo = [list(lo) for _, lo, _ in ranges]
    out_hi = [list(hi) for _, _, hi in ranges]
    hcp = [list(h) for h, _, _ in ranges]
    for suit in range(4):
        _give_back(out_lo, suit, 13)
        _take_more(out_hi, suit, 13)
    _give_back(hcp, 0, 40)
    _take_more(hcp, 1, 40)
    out = {}
    for i, seat in enumerate(_SEATS):
        r = _SeatRange()
        r.hcp, r.lo, r.hi = hcp[i], out_lo[i], out_hi[i]
        r.repair()
        out[seat] = r.promise(seat)
    return out


def _give_back(rows: list[list[int]], k: int, total: int) -> None:
    """While column ``k`` of the four rows sums to more than ``total``, the first row with the most gives one up."""
    column = [row[k] for row in rows]
    over = sum(column) - total
    while over > 0:
        i = column.index(max(column))
        column[i] -= 1
        rows[i][k] -= 1
        over -= 1


def _take_more(rows: list[list[int]], k: int, total: int) -> None:
    """While column ``k`` of the four rows sums to less than ``total``, the first row with the least takes one more."""
    column = [row[k] for row in rows]
    under = total - sum(column)
    while under > 0:
        i = column.index(min(column))
        column[i] += 1
        rows[i][k] += 1
        under -= 1


@functools.lru_cache(maxsize=512)
def read_auction(dealer: Seat, calls: tuple[Call, ...], rules: RuleSet, deal_number: int = 1) -> Reading:
    """The :class:`Reading` after ``calls`` (from the dealer on). Cached: do not modify the result."""
    if calls:
        reading = read_auction(dealer, calls[:-1], rules, deal_number).copy()
        reading.apply(dealer.offset(len(calls) - 1), calls[-1])
        return reading
    return Reading(rules, deal_number=deal_number)


def promises(calls_by: Iterable[tuple[Seat, Call]], rules: RuleSet | str, *,
             deal_number: int = 1) -> dict[Seat, Promise]:
    """What each seat's calls have shown, according to the bidding guide (BIDDING.md).

    ``calls_by`` is the auction as (seat, call) pairs in order (``view.calls_by()``);
    ``deal_number`` sets the minimum level under ``progressive``. Every promise can
    be met by some hand, and together the four never ask for more than the pack
    holds: where calls contradict each other, the ranges are widened. ``rules`` may be a rule set's name, a seat
    and a call their texts (``("N", "1NT")``).
    """
    rules = as_rule_set(rules)
    if isinstance(deal_number, bool) or not isinstance(deal_number, int) or not 1 <= deal_number <= 10**6:
        raise bad_argument("deal_number", deal_number, "arg_whole", low=1, high=10**6)
    if isinstance(calls_by, (str, bytes)) or not isinstance(calls_by, Iterable):
        raise bad_argument("calls_by", calls_by, "arg_calls")
    pairs = []
    for pair in calls_by:
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise bad_argument("calls_by", pair, "arg_calls")
        seat, call = pair
        if not isinstance(call, (Call, str)):
            raise bad_argument("calls_by", pair, "arg_calls")
        pairs.append((Seat.of(seat), call if isinstance(call, Call) else Call.parse(call)))
    if not pairs:
        return Reading(rules, deal_number=deal_number).promises()
    dealer = pairs[0][0]
    if all(seat == dealer.offset(i) for i, (seat, _) in enumerate(pairs)):
        return read_auction(dealer, tuple(c for _, c in pairs), rules, deal_number).promises()
    reading = Reading(rules, deal_number=deal_number)
    for seat, call in pairs:
        reading.apply(seat, call)
    return reading.promises()


__all__ = ["GUIDE", "Context", "GuideRow", "Kind", "Meaning", "Reading", "guide_markdown", "promises", "read_auction",
           "satisfiable"]
