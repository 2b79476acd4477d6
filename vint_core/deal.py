"""One deal, from the shuffle to the result.

A :class:`Deal` is an immutable snapshot of everything that has happened in
one deal: the hands as dealt, the auction and the play. :meth:`Deal.apply`
takes a call during the auction and a card during the play (or its text:
``"1H"``, ``"pass"``, ``"A♠"``), and returns the next snapshot; an illegal
action raises and changes nothing. A deal comes from a seed (with some cards
fixed, if wanted), from four hands, or from a PBN deal string.

>>> from vint_core import Deal, Seat, SEED
>>> d = Deal.new(dealer=Seat.NORTH, seed=7, rules=SEED)
>>> d.phase.name, d.to_act, len(d.legal_actions())
('AUCTION', <Seat.NORTH: 0>, 36)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from vint_core.auction import Auction, AuctionState, Contract, auction_of, contract_of
from vint_core.auction import opening_state as auction_opening
from vint_core.auction import state_after as auction_after
from vint_core.calls import PASS, Bid, Call
from vint_core.cards import FULL_MASK, Card, Fixed, Hand, deal_hands
from vint_core.errors import (
    IllegalCallError,
    IllegalPlayError,
    NotFinishedError,
    OutOfTurnError,
    ParseError,
    Reason,
    VintError,
    bad_argument,
)
from vint_core.i18n import Phrase
from vint_core.play import Play, PlayState, Trick, opening_state, state_after
from vint_core.record_form import (
    JSON_VERSION,
    RecordError,
    excerpt,
    json_field,
    json_object,
    rules_from_json,
    rules_json,
    seat_field,
)
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.scoring import ScoreLine, played_lines, totals
from vint_core.seats import PerSide, Seat

if TYPE_CHECKING:
    from vint_core.views import SeatView

#: a move in a deal: a call in the auction or a card in the play
Action = Call | Card


class Phase(enum.Enum):
    """Where a deal stands."""

    AUCTION = "auction"
    PLAY = "play"
    FINISHED = "finished"


class _Setup(NamedTuple):
    """What stays the same through a deal (shared by all its snapshots)."""

    rules: RuleSet
    dealer: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    board: str | None
    deal_number: int


class Deal:
    """A deal under one rule set: hands as dealt, the auction and the play."""

    # One tuple holds the deal. In the auction it is (the set-up, the legal calls, 0, the auction's state: see
    # vint_core.auction.AuctionState); once there is a contract it is the play's state (vint_core.play.PlayState)
    # with (the set-up, the auction) as its head. Either way the legal actions come second and the mask of the
    # legal cards third (0 in the auction), so that legal_actions, is_finished and apply read them by position.
    __slots__ = ("_s",)
    _s: tuple[Any, ...]

    @property
    def auction(self) -> Auction:
        """The auction: every call so far (all of them, once the deal is in the play)."""
        s = self._s
        if len(s) == 4:
            return auction_of(s[3])
        auction: Auction = s[0][1]
        return auction

    @property
    def _setup(self) -> _Setup:
        s = self._s
        setup: _Setup = s[0] if len(s) == 4 else s[0][0]
        return setup

    @property
    def _ps(self) -> PlayState | None:
        """The play's state, once the auction has produced a contract."""
        s = self._s
        return s if len(s) > 4 else None

    @property
    def play(self) -> Play | None:
        """The play, once the auction has produced a contract."""
        s = self._s
        return Play.of_state(s) if len(s) > 4 else None

    @property
    def rules(self) -> RuleSet:
        """The rule set this deal is played under."""
        return self._setup.rules

    @property
    def dealer(self) -> Seat:
        """The seat that dealt and calls first."""
        return self._setup.dealer

    @property
    def hands(self) -> tuple[Hand, Hand, Hand, Hand]:
        """The four hands as dealt, indexed by seat."""
        return self._setup.hands

    @property
    def board(self) -> str | None:
        """A label for records ("1", "2", …), or None."""
        return self._setup.board

    @property
    def deal_number(self) -> int:
        """Which deal of the rubber this is, from 1 (sets the minimum level under ``progressive``)."""
        return self._setup.deal_number

    def __init__(self, hands: Sequence[Hand], *, dealer: Seat | str, rules: RuleSet | str = SEED,
                 deal_number: int = 1, board: str | None = None) -> None:
        """A deal of the given hands (indexed by seat), before the first call.

        ``dealer`` is a :class:`Seat` or its text (``"N"``); ``rules`` is a :class:`RuleSet` or the
        name of one (``"short"``).
        """
        if isinstance(hands, (str, bytes, Hand)) or not isinstance(hands, Iterable):
            raise VintError(Reason.BAD_DEAL, problem=Phrase("deal_four_hands"))
        hands_t = tuple(hands)
        if len(hands_t) != 4 or not all(isinstance(h, Hand) for h in hands_t):
            raise VintError(Reason.BAD_DEAL, problem=Phrase("deal_four_hands"))
        union = 0
        for seat, hand in zip(Seat, hands_t, strict=True):
            if len(hand) != 13:
                raise VintError(Reason.BAD_DEAL, problem=Phrase("deal_hand_size", seat=seat, n=len(hand)))
            if union & hand._mask:
                twice = next(card for card in hand if union & card.bit)
                raise VintError(Reason.BAD_DEAL, problem=Phrase("deal_card_twice", card=twice))
            union |= hand._mask
        assert union == FULL_MASK  # four hands of 13 distinct cards
        rules = as_rule_set(rules)
        _check_number(deal_number)
        _check_board(board)
        seat = Seat.of(dealer)
        _set_s(self, _opening(_Setup(rules, seat, hands_t, board, int(deal_number))))

    @classmethod
    def new(cls, *, dealer: Seat | str = Seat.NORTH, seed: int | random.Random | None = None,
            rules: RuleSet | str = SEED, deal_number: int = 1, board: str | None = None,
            fixed: Fixed | None = None) -> Deal:
        """Shuffle (reproducibly, from ``seed``) and deal; ``rules`` is a rule set or its name.

        ``fixed`` gives some seats some cards, for a lesson's "your hand is this, the rest is
        random": ``fixed={Seat.SOUTH: "AKQ.JT9.876.5432"}`` fixes South's hand, ``{"N": "AK.."}``
        makes sure North holds at least ♠A K. The rest of the pack is dealt at random (every
        completion equally likely); the same seed gives the same deal.
        """
        seat = Seat.of(dealer)
        rules = as_rule_set(rules)
        _check_number(deal_number)
        _check_board(board)
        deal = _new(cls)  # the hands are a fresh deal: nothing to check
        hands = deal_hands(seat, seed, fixed=fixed)
        _set_s(deal, _opening(_tuple_new(_Setup, (rules, seat, hands, board, int(deal_number)))))
        return deal

    @classmethod
    def from_pbn(cls, text: str, *, dealer: Seat | str | None = None, rules: RuleSet | str = SEED,
                 deal_number: int = 1, board: str | None = None) -> Deal:
        """A deal from a PBN deal string: the first seat, a colon, the four hands clockwise.

        ``"N:AKQ.JT9.876.5432 …"`` (each hand ♠.♥.♦.♣, see :meth:`~vint_core.cards.Hand.parse`). The dealer is
        the first seat of the string unless ``dealer`` says otherwise.
        """
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_PBN_DEAL, text=repr(text))
        first_text, colon, rest = text.strip().partition(":")
        parts = rest.split()
        try:
            first = Seat.parse(first_text)
        except ParseError:
            first = None
        if not colon or first is None or len(parts) != 4:
            raise ParseError(Reason.BAD_PBN_DEAL, text=text)
        hands: list[Hand] = [Hand()] * 4
        for i, part in enumerate(parts):
            hands[first.offset(i)] = Hand.parse(part)
        return cls(hands, dealer=first if dealer is None else dealer, rules=rules, deal_number=deal_number,
                   board=board)

    @classmethod
    def replay(cls, hands: Sequence[Hand], actions: Iterable[Action | str], *, dealer: Seat | str,
               rules: RuleSet | str = SEED, deal_number: int = 1, board: str | None = None) -> Deal:
        """A deal with every action applied (and checked) in order."""
        deal = cls(hands, dealer=dealer, rules=rules, deal_number=deal_number, board=board)
        if isinstance(actions, (str, bytes)) or not isinstance(actions, Iterable):
            raise bad_argument("actions", actions, "arg_actions")
        for action in actions:
            deal = deal.apply(action)
        return deal

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a deal is immutable: apply() returns the next one")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_deal_of, (self._s,))

    # -- state -------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        """The deal's phase: the auction, the play, or finished (all tricks played, or passed out)."""
        if self.play is not None:
            return Phase.FINISHED if len(self.play.tricks) == 13 else Phase.PLAY
        return Phase.FINISHED if self.auction.is_over else Phase.AUCTION

    @property
    def is_finished(self) -> bool:
        """Whether the deal is over: thirteen tricks played, or the auction passed out."""
        return not self._s[1]  # no legal call once the auction is over, no legal card once 13 tricks are played

    @property
    def is_passed_out(self) -> bool:
        """Whether the auction ended with no bid, so that nothing is played."""
        return self.auction.is_passed_out

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is, or None once the deal is over."""
        play = self.play
        if play is not None:
            return None if len(play.tricks) == 13 else play.to_act
        return None if self.auction.is_over else self.auction.to_act

    @property
    def contract(self) -> Contract | None:
        """The contract, once the auction has ended with a bid; ``None`` before and if passed out."""
        return self.auction.contract

    @property
    def declarer(self) -> Seat | None:
        """The contract's declarer, ``None`` while there is no contract."""
        c = self.auction.contract
        return c.declarer if c else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self.play.tricks if self.play is not None else ()

    @property
    def current_trick(self) -> Trick | None:
        """The trick being played, ``None`` outside the play."""
        return self.play.current_trick if self.play is not None else None

    @property
    def tricks_won(self) -> PerSide[int]:
        """Tricks each side has won so far: ``deal.tricks_won[Side.NS]``, or both (``PerSide``, 0–0 before the
        play)."""
        play = self.play
        return play.tricks_won if play is not None else PerSide(0, 0)

    def hand(self, seat: Seat) -> Hand:
        """The cards ``seat`` holds now (as dealt, less the cards played)."""
        seat = Seat.of(seat)
        return self.play.hand(seat) if self.play is not None else self.hands[seat]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every call and card so far, in order: ``Deal.replay`` of them gives this deal back."""
        cards: tuple[Action, ...] = tuple(card for _, card in self.play.cards_played()) if self.play else ()
        return self.auction.calls + cards

    # -- legality ----------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The calls (during the auction) or cards (during the play) the seat to act may choose."""
        legal: tuple[Action, ...] = self._s[1]  # kept with the state, the calls' or the cards'
        return legal

    def parse_action(self, text: str) -> Action:
        """The call (during the auction) or the card (during the play) that ``text`` names.

        ``"1H"``, ``"1♥"``, ``"1NT"``, ``"pass"``; ``"A♠"``, ``"AS"``, ``"SA"``, ``"10♠"``, ``"T♠"``.
        A text that fits both (``"2S"``) is a call in the auction and a card in the play. A card
        typed in the auction (or a call in the play) comes back as it is, for :meth:`apply` to
        explain; a text that is neither raises a ``ParseError`` showing how to write one.
        """
        first, second = (Call.parse, Card.parse) if len(self._s) == 4 else (Card.parse, Call.parse)
        try:
            return first(text)
        except ParseError as error:
            try:
                return second(text)
            except ParseError:
                raise error from None

    def action_of(self, value: Action | str) -> Action:
        """A call or a card given as itself or as its text: what every legality method of the deal takes.

        Text is read by :meth:`parse_action`; anything else raises the ``ParseError`` of a bad text in this
        phase ("'…' is not a call" in the auction, "'…' is not a card" in the play).
        """
        return value if isinstance(value, (Call, Card)) else self.parse_action(value)

    def is_legal(self, action: Action | str) -> bool:
        """Whether ``action`` (a call or a card, or its text) may be made now; False for a text that is
        neither."""
        try:
            self.check(action)
        except VintError:
            return False
        return True

    def check(self, action: Action | str, *, seat: Seat | str | None = None) -> None:
        """Raise a ``VintError`` explaining why ``action`` (by ``seat``, if given) is not allowed now."""
        action = self.action_of(action)
        seat = None if seat is None else Seat.of(seat)
        play = self.play
        if self.phase is Phase.FINISHED:
            raise (IllegalCallError if isinstance(action, Call) else IllegalPlayError)(Reason.DEAL_OVER, action=action)
        if play is None:
            if isinstance(action, Card):
                raise IllegalPlayError(Reason.NOT_PLAY, action=action, seat=seat or self.auction.to_act)
            self.auction.check(action, seat=seat)
        else:
            if isinstance(action, Call):
                raise IllegalCallError(Reason.NOT_AUCTION, action=action, seat=seat or play.to_act)
            play.check(action, seat=seat)

    # -- moving on ---------------------------------------------------------

    def apply(self, action: Action | str, *, seat: Seat | str | None = None) -> Deal:
        """The deal after ``action``: a call or a card, or its text (see :meth:`parse_action`).

        An illegal action raises a ``VintError`` that says why, and this deal stays as it was.
        """
        s = self._s
        if seat is None:  # the common cases, checked by the card's bit or the bid's rank; the rest below
            if action.__class__ is Card:
                if s[2] & action.bit:  # a legal card (none is, in the auction)
                    new = _new(Deal)
                    _set_s(new, state_after(s, action))
                    return new
            elif len(s) == 4 and (action.__class__ is Bid or action is PASS):
                a = auction_after(s[3], action)  # None if the call is not legal now
                if a is not None:
                    if a[9]:  # the auction is over
                        return _after_auction(s[0], a)
                    new = _new(Deal)
                    _set_s(new, (s[0], a[11], 0, a))
                    return new
        return self._apply_checked(self.action_of(action), seat)

    def _apply_checked(self, action: Action, seat: Seat | str | None) -> Deal:
        """:meth:`apply` for what its fast path leaves: a seat named, an illegal action (which raises)."""
        self.check(action, seat=seat)
        s = self._s
        new = _new(Deal)
        if len(s) > 4:
            _set_s(new, state_after(s, action))  # type: ignore[arg-type]
            return new
        a = auction_after(s[3], action)  # type: ignore[arg-type]
        assert a is not None  # a legal call
        if a[9]:
            return _after_auction(s[0], a)
        _set_s(new, (s[0], a[11], 0, a))
        return new

    def with_board(self, board: str | None) -> Deal:
        """The same deal with another board label."""
        _check_board(board)
        s = self._s
        new = _new(Deal)
        if len(s) == 4:
            _set_s(new, (s[0]._replace(board=board), *s[1:]))
        else:
            _set_s(new, ((s[0][0]._replace(board=board), s[0][1]), *s[1:]))
        return new

    # -- the result --------------------------------------------------------

    @property
    def declarer_tricks(self) -> int | None:
        """Tricks taken by the declaring side, once the deal is finished (None if passed out)."""
        if self.play is None or len(self.play.tricks) != 13:
            return None
        return self.play.tricks_won[self.play.contract.side]

    def score(self) -> tuple[ScoreLine, ...]:
        """The deal's own score lines (tricks, undertricks, slams, honours); none if passed out.

        Game and rubber lines depend on the rubber: see :class:`~vint_core.rubber.Rubber`.
        """
        s = self._s
        if s[1]:
            raise NotFinishedError(Reason.NOT_FINISHED, what=Phrase("finished_scored"))
        if len(s) == 4:  # passed out
            return ()
        setup = s[0][0]
        contract = s[3].contract
        ns = s[9]
        return played_lines(setup.rules, contract, ns if contract.declarer & 1 == 0 else 13 - ns, setup.hands)

    @property
    def points(self) -> PerSide[int]:
        """The deal's own points per side (``PerSide``), once it is finished."""
        return totals(self.score())

    def view(self, seat: Seat, *, game_score: PerSide[int] | None = None) -> SeatView:
        """What ``seat`` may see: its own hand and the public history.

        ``game_score`` is each side's points toward the game before this deal (from the
        rubber's score sheet, ``Rubber.game_score``), for players who bid by the score.
        """
        from vint_core.views import SeatView

        if game_score is not None and not isinstance(game_score, PerSide):
            raise bad_argument("game_score", game_score, "arg_per_side")
        return SeatView.of(self, Seat.of(seat), game_score=game_score)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Deal) and other.hands == self.hands and other.dealer == self.dealer
                and other.rules == self.rules and other.deal_number == self.deal_number
                and other.board == self.board and other.actions == self.actions)

    def __hash__(self) -> int:
        return hash((self.hands, self.dealer, self.deal_number, self.auction.calls))

    def __repr__(self) -> str:
        return (f"<Deal board={self.board} dealer={self.dealer} rules={self.rules.name} phase={self.phase.name} "
                f"contract={self.contract}>")

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """The four hands, the auction, the contract and the tricks, in ``lang`` ("en" or "de")."""
        from vint_core.i18n import rules_title, seat_name, text

        head = text("deal_text_head", lang, dealer=seat_name(self.dealer, lang),
                    rules=rules_title(self.rules.name, lang))
        lines = [head + (text("deal_text_board", lang, board=self.board) if self.board else "")]
        width = max(6, *(len(seat_name(seat, lang)) for seat in Seat))
        lines += [f"{seat_name(seat, lang):<{width}} {self.hands[seat]}" for seat in Seat]
        if self.auction.calls:
            lines.append(text("deal_text_auction", lang, calls=" ".join(str(c) for c in self.auction.calls)))
        if self.contract is not None:
            lines.append(text("deal_text_contract", lang, contract=self.contract.text(lang)))
        elif self.is_passed_out:
            lines.append(text("deal_text_passed_out", lang))
        if self.play is not None:
            lines.append(text("deal_text_tricks", lang, tricks=self.tricks_won.text(lang)))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from vint_core import render

        return render.deal_html(self)

    # -- JSON ----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The deal (finished or not) as plain JSON data, the record saved games keep; :meth:`from_json` gives it
        back.

        >>> deal = Deal.new(dealer=Seat.NORTH, seed=7).apply("1H")
        >>> data = deal.to_json()
        >>> data["calls"], data["rules"], Deal.from_json(data) == deal
        (['1H'], 'seed', True)
        """
        cards = [card.pbn for _, card in self.play.cards_played()] if self.play is not None else []
        return {
            "format": "vint_core.deal",
            "version": JSON_VERSION,
            **rules_json(self.rules),
            "dealer": self.dealer.letter,
            "deal_number": self.deal_number,
            "board": self.board,
            "hands": {seat.letter: self.hands[seat].pbn for seat in Seat},
            "calls": [call.pbn for call in self.auction.calls],
            "cards": cards,
        }

    @classmethod
    def from_json(cls, obj: object) -> Deal:
        """The deal that :meth:`to_json` wrote, replayed (and checked) through the engine; anything wrong is a
        :class:`~vint_core.record_form.RecordError` naming the field."""
        data = json_object(obj, "vint_core.deal")
        rules = rules_from_json(data)
        dealer = seat_field(data, "dealer")
        number = json_field(data, "deal_number", int)
        if not 1 <= number <= 10**6:
            raise RecordError("json_field", line=None, field="deal_number", text=str(number))
        board = json_field(data, "board", str, optional=True)
        hands_obj = json_field(data, "hands", dict)
        hands: list[Hand] = []
        for seat in Seat:
            text = hands_obj.get(seat.letter)
            if not isinstance(text, str):
                raise RecordError("json_field", line=None, field=f"hands.{seat.letter}", text=excerpt(repr(text)))
            try:
                hands.append(Hand.parse(text))
            except ParseError as exc:
                raise RecordError("json_field", line=None, field=f"hands.{seat.letter}", text=exc) from None
        try:
            deal = cls(hands, dealer=dealer, rules=rules, deal_number=number, board=board)
        except VintError as exc:
            raise RecordError("json_field", line=None, field="hands", text=exc) from None
        for name, parse in (("calls", Call.parse), ("cards", Card.parse)):
            items = json_field(data, name, list)
            for i, item in enumerate(items):
                where = f"{name}[{i}]"
                if not isinstance(item, str):
                    raise RecordError("json_field", line=None, field=where, text=excerpt(repr(item)))
                try:
                    action: Call | Card = parse(item)
                    deal = deal.apply(action)
                except VintError as exc:
                    raise RecordError("json_action", line=None, field=where, cause=exc) from None
        return deal


def _check_board(board: object) -> None:
    """A board label is one printable line of text (or None); not "#", which PBN reads as "as before", nor blank
    or "?", which PBN reads as no label."""
    if board is not None and not (isinstance(board, str) and board.isprintable() and board != "#"
                                  and board.strip() not in ("", "?")):
        raise VintError(Reason.BAD_DEAL, problem=Phrase("deal_board", value=repr(board)))


def _check_number(number: object) -> None:
    """A deal number is a whole number from 1."""
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise VintError(Reason.BAD_DEAL, problem=Phrase("deal_number", value=repr(number)))


def _opening(setup: _Setup) -> tuple[Any, ...]:
    """A deal's state before the first call."""
    rules, dealer, _, _, number = setup
    if number > 10**9:
        Auction(dealer, rules, deal_number=number)  # raises, saying what a deal number may be
    a = auction_opening(dealer, rules, rules.min_level_for(number))
    return (setup, a[11], 0, a)


def _after_auction(setup: _Setup, a: AuctionState) -> Deal:
    """The deal once its auction has ended (at state ``a``): the play opens, unless it was passed out."""
    new = _new(Deal)
    contract = contract_of(a)
    if contract is None:
        _set_s(new, (setup, (), 0, a))
    else:
        _set_s(new, opening_state(contract, setup.hands, (setup, auction_of(a))))
    return new


def _deal_of(s: tuple[Any, ...]) -> Deal:
    deal = _new(Deal)
    _set_s(deal, s)
    return deal


_new = object.__new__
_tuple_new = tuple.__new__
# the slot setter: the hot path writes the slot through its descriptor (see play.py)
_set_s = Deal.__dict__["_s"].__set__

__all__ = ["Action", "Deal", "OutOfTurnError", "Phase"]
