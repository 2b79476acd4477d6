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
from vint_core.errors import IllegalCallError, OutOfTurnError, ParseError, Reason, VintError, bad_argument
from vint_core.rules import RuleSet, as_rule_set
from vint_core.seats import Seat, Side


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid and who made it: ``level`` promises 6 + level tricks.

    >>> Contract.parse("3NT by South")
    Contract.parse('3NT S')
    >>> c = Contract.parse("4H N")
    >>> str(c), c.tricks_needed, c == Contract(4, Strain.HEARTS, Seat.NORTH)
    ('4♥ by North', 10, True)
    """

    level: int
    strain: Strain
    declarer: Seat

    @classmethod
    def parse(cls, text: str) -> Contract:
        """A bid and its declarer: ``"4♥ N"``, ``"4H N"``, ``"3NT by South"``, ``"2♠ von Ost"``, ``"3NT играет Юг"``."""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_CONTRACT, text=repr(text))
        words = text.split()
        if len(words) >= 3 and words[-2].lower() in ("by", "von", "играет"):
            words = words[:-2] + words[-1:]
        try:
            call = Call.parse("".join(words[:-1])) if len(words) >= 2 else PASS
            seat = Seat.parse(words[-1]) if isinstance(call, Bid) else None
        except ParseError:
            seat = None
        if seat is None or not isinstance(call, Bid):
            raise ParseError(Reason.BAD_CONTRACT, text=text)
        return cls(call.level, call.strain, seat)

    @property
    def bid(self) -> Bid:
        """The bid that made the contract (its level and strain)."""
        return Bid(self.level, self.strain)

    @property
    def side(self) -> Side:
        """The declaring side."""
        return self.declarer.side

    @property
    def tricks_needed(self) -> int:
        """The tricks the declarers must take: six plus the level."""
        return 6 + self.level

    @property
    def trump(self) -> Strain:
        """The contract's strain, the trump suit (or no-trump)."""
        return self.strain

    @property
    def pbn(self) -> str:
        """The contract as PBN writes it: level and strain (``"4S"``, ``"3NT"``)."""
        return f"{self.level}{self.strain.value}"

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """``"4♥ by North"``, or in German ``"4♥ von Nord"``."""
        from vint_core.i18n import seat_name, text

        return text("contract_text", lang, bid=str(self.bid), declarer=seat_name(self.declarer, lang))

    def __repr__(self) -> str:
        return f"Contract.parse('{self.bid} {self.declarer.letter}')"


#: One moment of the auction as one plain tuple; an :class:`Auction` wraps one, and a
#: :class:`~vint_core.deal.Deal` in the auction keeps one and moves it on with :func:`state_after`. By position:
#:
#: * 0: ``rules``, 1: ``dealer``, 2: ``min_level``
#: * 3: ``calls``: the calls so far
#: * 4: ``to_act``
#: * 5: ``top``: the rank of the highest bid, -1 before any bid; 6: ``top_seat``: who made it (or None)
#: * 7: ``passes``: passes since the last bid (or since the start)
#: * 8: ``passed``: a bit per seat that has passed (for ``pass_is_final``)
#: * 9: ``over``
#: * 10: ``lo``: the rank of the lowest bid the seat to act may make (``len(rules.bids)``: it may only pass, or it is
#:   over)
#: * 11: ``legal``: the calls the seat to act may make (what :meth:`Auction.legal_calls` gives)
AuctionState = tuple[RuleSet, Seat, int, tuple[Call, ...], Seat, int, "Seat | None", int, int, bool, int,
                     tuple[Call, ...]]


class Auction:
    """The calls so far, from the dealer on, under one rule set."""

    __slots__ = ("_s",)
    _s: AuctionState

    def __init__(self, dealer: Seat, rules: RuleSet | str, *, deal_number: int = 1) -> None:
        """A new auction; ``rules`` is a rule set or its name; ``deal_number`` (from 1, in the rubber) sets a
        progressive minimum level."""
        seat = Seat.of(dealer)
        rules = as_rule_set(rules)
        if isinstance(deal_number, bool) or not isinstance(deal_number, int) or not 1 <= deal_number <= 10**9:
            raise bad_argument("deal_number", deal_number, "arg_whole", low=1, high=10**9)
        _set_state(self, opening_state(seat, rules, rules.min_level_for(deal_number)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an auction is immutable: apply() returns the next one")

    def __reduce__(self) -> tuple[Any, ...]:
        return (auction_of, (self._s,))

    # -- state -------------------------------------------------------------

    @property
    def rules(self) -> RuleSet:
        """The rule set this auction follows."""
        return self._s[0]

    @property
    def dealer(self) -> Seat:
        """The seat that dealt and calls first."""
        return self._s[1]

    @property
    def min_level(self) -> int:
        """The lowest level that may be bid in this deal."""
        return self._s[2]

    @property
    def calls(self) -> tuple[Call, ...]:
        """The calls so far, from the dealer's on."""
        return self._s[3]

    @property
    def to_act(self) -> Seat:
        """The seat to call next (meaningless once the auction is over)."""
        return self._s[4]

    @property
    def is_over(self) -> bool:
        """Whether the auction has ended (by the rule set's passes in a row)."""
        return self._s[9]

    @property
    def passes_in_a_row(self) -> int:
        """The passes since the last bid (or since the start, before any bid)."""
        return self._s[7]

    @property
    def is_passed_out(self) -> bool:
        """Whether the auction ended with no bid at all."""
        return self._s[9] and self._s[5] < 0

    @property
    def highest_bid(self) -> Bid | None:
        """The highest bid so far, ``None`` before any bid."""
        top = self._s[5]
        return self._s[0].bids[top] if top >= 0 else None

    @property
    def highest_bidder(self) -> Seat | None:
        """The seat that made the highest bid so far, ``None`` before any bid."""
        return self._s[6]

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (None while it runs or when passed out)."""
        return contract_of(self._s)

    def calls_by(self) -> list[tuple[Seat, Call]]:
        """Every call with the seat that made it, in order."""
        return [(self.dealer.offset(i), call) for i, call in enumerate(self.calls)]

    # -- legality ----------------------------------------------------------

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the seat to act may make, Pass first, then bids lowest first."""
        return self._s[11]

    def is_legal(self, call: Call | str) -> bool:
        """Whether ``call`` (a Call or its text, ``"1H"``, ``"pass"``) may be made now; False for a text that
        is no call."""
        try:
            self.check(call)
        except VintError:
            return False
        return True

    def check(self, call: Call | str, *, seat: Seat | str | None = None) -> None:
        """Raise an ``IllegalCallError`` (or ``OutOfTurnError``) that says why ``call`` (a Call or its text) is
        not allowed now, or the ``ParseError`` of :meth:`~vint_core.calls.Call.of` for what is no call."""
        self._checked_rank(Call.of(call), seat)

    def _checked_rank(self, call: Call, seat: Seat | str | None) -> int:
        """The rank of a legal bid (-1 for a pass); raises, saying why, for an illegal call."""
        rules, _, min_level, _, to_act, top, top_seat, _, passed, over, _, _ = self._s
        if over:
            raise IllegalCallError(Reason.AUCTION_OVER, call=call)
        if seat is not None and Seat.of(seat) != to_act:
            raise OutOfTurnError(Reason.OUT_OF_TURN, seat=Seat.of(seat), to_act=to_act, action=call)
        if call is PASS:
            return -1
        assert isinstance(call, Bid)  # a Call is a Bid or the pass
        rank = rules.bid_ranks.get(call)
        if rank is None:
            raise IllegalCallError(Reason.STRAIN_NOT_ALLOWED, call=call, seat=to_act, rules=rules.name)
        if call.level < min_level:
            raise IllegalCallError(Reason.BELOW_MIN_LEVEL, call=call, seat=to_act, level=min_level)
        if rank <= top:
            raise IllegalCallError(Reason.INSUFFICIENT_BID, call=call, seat=to_act, top=self.highest_bid)
        if top_seat is to_act and not rules.self_overcall:
            raise IllegalCallError(Reason.SELF_OVERCALL, call=call, seat=to_act, top=self.highest_bid)
        if rules.pass_is_final and passed >> to_act & 1:
            raise IllegalCallError(Reason.PASSED_BEFORE, call=call, seat=to_act)
        return rank

    # -- moving on ---------------------------------------------------------

    def apply(self, call: Call | str, *, seat: Seat | str | None = None) -> Auction:
        """The auction after ``call`` (a Call or its text); raises (and changes nothing) if it is illegal."""
        call = Call.of(call)
        self._checked_rank(call, seat)
        return auction_of(state_after(self._s, call))  # type: ignore[arg-type]  # a legal call has a next state

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


def opening_state(dealer: Seat, rules: RuleSet, min_level: int) -> AuctionState:
    """The state before the first call, from values already checked."""
    lo = _lowest(rules, dealer, min_level, -1, None, 0)
    return (rules, dealer, min_level, (), dealer, -1, None, 0, 0, False, lo, rules.calls_from[lo])


def state_after(s: AuctionState, call: Call) -> AuctionState | None:
    """The state after ``call``, or None if the call is not legal now (:meth:`Auction.check` says why).

    The one statement of the auction's moves: a pass counts toward the passes that end it; a bid
    must be at least the lowest one the seat may make (above the highest so far, at or above the
    minimum level, and not barred by the rule set's ``self_overcall`` and ``pass_is_final``).
    """
    rules, dealer, min_level, calls, seat, top, top_seat, passes, passed, over, lo, legal = s
    to_act = _NEXT[seat]  # (below, calls + (call,) makes one tuple where (*calls, call) makes a list first)
    if call is PASS:
        if over:
            return None
        passes += 1
        passed |= 1 << seat
        if passes >= (rules.auction_end_passes if top >= 0 else rules.passout_passes):
            return (rules, dealer, min_level, calls + (call,), to_act, top, top_seat, passes, passed,  # noqa: RUF005
                    True, len(rules.bids), ())
        if rules.pass_is_final or not rules.self_overcall:  # else the next seat may bid what this one could
            lo = _lowest(rules, to_act, min_level, top, top_seat, passed)
            legal = rules.calls_from[lo]
        return (rules, dealer, min_level, calls + (call,), to_act, top, top_seat, passes, passed,  # noqa: RUF005
                False, lo, legal)
    rank = rules.bid_ranks.get(call)  # type: ignore[call-overload]
    if rank is None or rank < lo:
        return None
    lo = _lowest(rules, to_act, min_level, rank, seat, passed) if rules.pass_is_final else rank + 1
    return (rules, dealer, min_level, calls + (call,), to_act, rank, seat, 0, passed, False,  # noqa: RUF005
            lo, rules.calls_from[lo])


def contract_of(s: AuctionState) -> Contract | None:
    """The contract of an auction's state once it is over (None while it runs or when passed out)."""
    top_seat = s[6]
    if not s[9] or top_seat is None:
        return None
    bid = s[0].bids[s[5]]
    key = (bid, top_seat)
    contract = _CONTRACTS.get(key)
    if contract is None:
        contract = _CONTRACTS[key] = Contract(bid.level, bid.strain, top_seat)
    return contract


def _lowest(rules: RuleSet, seat: Seat, min_level: int, top: int, top_seat: Seat | None, passed: int) -> int:
    """The rank of the lowest bid ``seat`` may make (``len(rules.bids)`` if it may only pass)."""
    if (top_seat is seat and not rules.self_overcall) or (rules.pass_is_final and passed >> seat & 1):
        return len(rules.bids)
    return top + 1 if top >= 0 else (min_level - 1) * len(rules.strain_order)


def auction_of(state: AuctionState) -> Auction:
    """The auction at ``state`` (as a :class:`~vint_core.deal.Deal` keeps it), already checked."""
    auction = _new(Auction)
    _set_state(auction, state)
    return auction


#: the contracts met so far by bid and declarer (a contract is an immutable value: one of each is enough)
_CONTRACTS: dict[tuple[Bid, Seat], Contract] = {}
_new = object.__new__
_NEXT = tuple(seat.next() for seat in Seat)
# the slot setter: the hot path writes the slot through its descriptor (see play.py)
_set_state = Auction.__dict__["_s"].__set__
