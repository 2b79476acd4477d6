"""The auction and the contract it ends in.

An :class:`Auction` is an immutable snapshot: :meth:`Auction.apply` returns the
next one. Legality lives in :meth:`Auction.check` alone.

>>> from vint_core import Seat, Call, SEED
>>> a = Auction(Seat.NORTH, SEED)
>>> for text in ["1♠"] + ["Pass"] * 8:
...     a = a.apply(Call.parse(text))
>>> a.is_over, str(a.contract)
(True, '1♠ by North')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.errors import IllegalCallError, OutOfTurnError, Reason
from vint_core.rules import RuleSet
from vint_core.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid and who made it: ``level`` promises 6 + level tricks."""

    level: int
    strain: Strain
    declarer: Seat

    @property
    def bid(self) -> Bid:
        return Bid(self.level, self.strain)

    @property
    def side(self) -> Side:
        """The declaring side."""
        return self.declarer.side

    @property
    def tricks_needed(self) -> int:
        return 6 + self.level

    @property
    def trump(self) -> Strain:
        return self.strain

    @property
    def pbn(self) -> str:
        return f"{self.level}{self.strain.value}"

    def __str__(self) -> str:
        return f"{self.bid} by {self.declarer}"


class Auction:
    """The calls so far, from the dealer on, under one rule set."""

    __slots__ = ("rules", "dealer", "min_level", "calls", "to_act", "_top", "_top_seat",
                 "_passes", "_passed", "_over")
    rules: RuleSet
    dealer: Seat
    min_level: int
    calls: tuple[Call, ...]
    #: the seat to call next (meaningless once the auction is over)
    to_act: Seat
    _top: int  # rank of the highest bid, -1 before any bid
    _top_seat: Seat | None
    _passes: int  # passes since the last bid (or since the start)
    _passed: int  # bit per seat that has passed (for pass_is_final)
    _over: bool

    def __init__(self, dealer: Seat, rules: RuleSet, *, deal_number: int = 1) -> None:
        """A new auction; ``deal_number`` (from 1, in the rubber) sets a progressive minimum level."""
        seat = Seat(dealer)
        (set_rules, set_dealer, set_min, set_calls, set_to_act, set_top, set_top_seat, set_passes, set_passed,
         set_over) = _SETTERS
        set_rules(self, rules)
        set_dealer(self, seat)
        set_min(self, rules.min_level_for(deal_number))
        set_calls(self, ())
        set_to_act(self, seat)
        set_top(self, -1)
        set_top_seat(self, None)
        set_passes(self, 0)
        set_passed(self, 0)
        set_over(self, False)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an auction is immutable: apply() returns the next one")

    # -- state -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def is_passed_out(self) -> bool:
        return self._over and self._top < 0

    @property
    def highest_bid(self) -> Bid | None:
        return self.rules.bids[self._top] if self._top >= 0 else None

    @property
    def highest_bidder(self) -> Seat | None:
        return self._top_seat

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (None while it runs or when passed out)."""
        if not self._over or self._top_seat is None:
            return None
        bid = self.rules.bids[self._top]
        return Contract(bid.level, bid.strain, self._top_seat)

    def calls_by(self) -> list[tuple[Seat, Call]]:
        """Every call with the seat that made it, in order."""
        return [(self.dealer.offset(i), call) for i, call in enumerate(self.calls)]

    # -- legality ----------------------------------------------------------

    def _may_bid(self) -> bool:
        seat = self.to_act
        if not self.rules.self_overcall and self._top_seat is seat:
            return False
        return not (self.rules.pass_is_final and self._passed >> seat & 1)

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the seat to act may make, Pass first, then bids lowest first."""
        if self._over:
            return ()
        if not self._may_bid():
            return (PASS,)
        rules = self.rules
        start = max(self._top + 1, (self.min_level - 1) * len(rules.strain_order))
        return rules._calls_from[min(start, len(rules.bids))]

    def is_legal(self, call: Call) -> bool:
        try:
            self.check(call)
        except (IllegalCallError, OutOfTurnError):
            return False
        return True

    def check(self, call: Call, *, seat: Seat | None = None) -> None:
        """Raise an ``IllegalCallError`` (or ``OutOfTurnError``) that says why ``call`` is not allowed now."""
        if self._over:
            raise IllegalCallError(Reason.AUCTION_OVER, call=call)
        to_act = self.to_act
        if seat is not None and seat != to_act:
            raise OutOfTurnError(Reason.OUT_OF_TURN, seat=seat, to_act=to_act, action=call)
        if call is PASS:
            return
        if not isinstance(call, Bid):
            raise IllegalCallError(Reason.BAD_CALL, text=repr(call))
        rules = self.rules
        rank = rules.bid_rank(call)
        if rank is None:
            raise IllegalCallError(Reason.STRAIN_NOT_ALLOWED, call=call, seat=to_act, rules=rules.name)
        if call.level < self.min_level:
            raise IllegalCallError(Reason.BELOW_MIN_LEVEL, call=call, seat=to_act, level=self.min_level)
        if rank <= self._top:
            raise IllegalCallError(Reason.INSUFFICIENT_BID, call=call, seat=to_act, top=self.highest_bid)
        if not rules.self_overcall and self._top_seat is to_act:
            raise IllegalCallError(Reason.SELF_OVERCALL, call=call, seat=to_act, top=self.highest_bid)
        if rules.pass_is_final and self._passed >> to_act & 1:
            raise IllegalCallError(Reason.PASSED_BEFORE, call=call, seat=to_act)

    # -- moving on ---------------------------------------------------------

    def apply(self, call: Call, *, seat: Seat | None = None) -> Auction:
        """The auction after ``call``; raises (and changes nothing) if it is illegal."""
        self.check(call, seat=seat)
        return self._after(call)

    def _after(self, call: Call) -> Auction:
        """The next snapshot, for a call already checked (slot setters, no checks)."""
        rules = self.rules
        new = _new(Auction)
        (set_rules, set_dealer, set_min, set_calls, set_to_act, set_top, set_top_seat, set_passes, set_passed,
         set_over) = _SETTERS
        set_rules(new, rules)
        set_dealer(new, self.dealer)
        set_min(new, self.min_level)
        set_calls(new, (*self.calls, call))
        seat = self.to_act
        set_to_act(new, seat.next())
        if call is PASS:
            passes = self._passes + 1
            set_top(new, self._top)
            set_top_seat(new, self._top_seat)
            set_passes(new, passes)
            set_passed(new, self._passed | 1 << seat)
            set_over(new, passes >= (rules.auction_end_passes if self._top >= 0 else rules.passout_passes))
        else:
            set_top(new, rules._rank[call])  # type: ignore[index]
            set_top_seat(new, seat)
            set_passes(new, 0)
            set_passed(new, self._passed)
            set_over(new, False)
        return new

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Auction) and other.calls == self.calls and other.dealer == self.dealer
                and other.rules == self.rules and other.min_level == self.min_level)

    def __hash__(self) -> int:
        return hash((self.dealer, self.calls, self.min_level))

    def __repr__(self) -> str:
        calls = " ".join(str(c) for c in self.calls)
        return f"<Auction dealer={self.dealer} rules={self.rules.name} calls=[{calls}]>"

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.auction_html(self)


_new = object.__new__
# slot setters: the hot path writes slots through their descriptors (see play.py)
_SETTERS = tuple(getattr(Auction, name).__set__ for name in Auction.__slots__)
