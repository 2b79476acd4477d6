"""Practice positions for the lessons: a trick to play and an auction to call in, without any user interface.

:class:`TrickDrill` sets the learner at a trick (his hand, the cards led so far, the trump or
no-trump) against the computer players and tells him, card by card, whether it is legal and why
(:func:`~vint_core.feedback.card_feedback`), and who wins each trick and why. :class:`BiddingDrill`
lets him make the calls of an auction and explains each one (:func:`~vint_core.feedback.call_feedback`).
The lesson widgets (:mod:`vint_core.widgets.lessons`) draw these and forward clicks; everything
here is tested without Jupyter.

>>> from vint_core import Card
>>> drill = TrickDrill.position(hand="AK2..QJ98765.432", led=["A♥", "K♥"], trump="♠", seed=1)
>>> print(drill.feedback[-1])
You have no ♥: every card in your hand is legal. You may trump (♠), but you need not: a discard is legal too
(no duty to trump in Vint).
>>> drill.play(Card.parse("2♣")).kind
'discard'
>>> drill.finished
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from vint_core.auction import Auction
from vint_core.bots.guide import read_auction
from vint_core.bots.meanings import meaning_text
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.cards import Card, Hand, Suit, deck
from vint_core.deal import Deal
from vint_core.errors import Reason, VintError, bad_argument
from vint_core.feedback import Feedback, auction_status, call_feedback, card_feedback, trick_feedback, void_note
from vint_core.i18n import Phrase, text
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.seats import Seat
from vint_core.table.controller import Controller
from vint_core.table.session import BotMove
from vint_core.views import SeatView

__all__ = ["AuctionDrill", "BiddingDrill", "TrickDrill", "trick_position"]


def _strain(trump: Strain | Suit | str | None) -> Strain:
    if trump is None:
        return Strain.NOTRUMP
    if isinstance(trump, Strain):
        return trump
    if isinstance(trump, Suit):
        return Strain.of_suit(trump)
    return Strain.parse(trump)


def trick_position(*, hand: Hand | str | Iterable[Card], led: Sequence[Card | str] = (),
                   trump: Strain | Suit | str | None = None, seat: Seat = Seat.SOUTH, level: int = 1,
                   seed: int = 0, rules: RuleSet = SEED) -> Deal:
    """A deal at the first trick: ``seat`` holds ``hand`` (13 cards) and is to play after the cards ``led``
    (0 to 3, from the opening leader on), under a contract of ``level`` in ``trump`` (None: no-trump). The
    other cards are dealt from ``seed``; a seat that did not follow suit gets none of the suit led."""
    if isinstance(led, (str, bytes)) or not isinstance(led, Sequence):
        raise bad_argument("led", led, "arg_cards")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise bad_argument("seed", seed, "arg_integer")
    mine = hand if isinstance(hand, Hand) else Hand.parse(hand) if isinstance(hand, str) else Hand(hand)
    cards = tuple(c if isinstance(c, Card) else Card.parse(c) for c in led)
    if len(cards) > 3 or len(mine) != 13:
        raise VintError(Reason.BAD_DEAL, problem=Phrase("arg_drill_position"))
    seat = Seat.of(seat)
    rules = as_rule_set(rules)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 7:
        raise bad_argument("level", level, "arg_whole", low=1, high=7)
    leader = seat.offset(-len(cards))
    declarer = leader.right  # the declarer's left leads
    holding: dict[Seat, list[Card]] = {s: [] for s in Seat}
    holding[seat] = list(mine)
    for k, card in enumerate(cards):
        holding[leader.offset(k)].append(card)
    used = {c for held in holding.values() for c in held}
    pool = [c for c in deck() if c not in used]
    if len(pool) + len(used) != 52:
        raise VintError(Reason.BAD_DEAL, problem=Phrase("arg_drill_position"))
    random.Random(seed).shuffle(pool)
    suit_led = cards[0].suit if cards else None
    void = [s for k, s in enumerate(leader.offset(i) for i in range(len(cards))) if k and cards[k].suit != suit_led]
    # the seats that showed out take their cards first, from outside the suit led
    for s in (*void, *(s for s in Seat if s not in void and s != seat)):
        need = 13 - len(holding[s])
        fit = [c for c in pool if s not in void or c.suit != suit_led][:need]
        if len(fit) < need:
            raise VintError(Reason.BAD_DEAL, problem=Phrase("arg_drill_void", seat=s))
        holding[s] += fit
        pool = [c for c in pool if c not in fit]
    hands = (Hand(holding[Seat.NORTH]), Hand(holding[Seat.EAST]), Hand(holding[Seat.SOUTH]), Hand(holding[Seat.WEST]))
    calls: list[Call] = [Bid(level, _strain(trump)), *[PASS] * rules.auction_end_passes]
    return Deal.replay(hands, (*calls, *cards), dealer=declarer, rules=rules)


class _TableDrill:
    """A lesson's table around a :class:`~vint_core.table.controller.Controller` that stops at the exercise's end."""

    table: Controller
    lang: str

    @property
    def deal(self) -> Deal:
        return self.table.session.deal

    @property
    def view(self) -> SeatView:
        """What the learner sees: his hand and the public history."""
        view: SeatView = self.table.session.view
        return view

    @property
    def finished(self) -> bool:
        """Is the exercise over (the controller stopped, or the deal passed out)?"""
        return self.table.stopped

    def status(self) -> str:
        return self.table.status()

    def _refusal(self) -> Feedback | None:
        """Why the learner cannot act now (the exercise is over, or it is not his turn), if so."""
        if self.finished or not self.table.session.human_to_act():
            return Feedback(False, self.table.status(), "illegal")
        return None

    def _forward(self, action: Call | Card) -> tuple[BotMove, ...]:
        """The learner's legal action to the controller; the computer players' answers."""
        update = self.table.act(action)
        return self.table.advance().moves if update.follow else update.moves


class TrickDrill(_TableDrill):
    """The learner plays ``tricks`` tricks from a position against the computer players, told about every card.

    :meth:`play` forwards a card to the :class:`~vint_core.table.controller.Controller` and returns its
    :class:`~vint_core.feedback.Feedback`; an illegal card changes nothing. ``feedback`` is every
    sentence so far (a card's, a trick's, the note on being void), :meth:`reset` starts again.
    """

    def __init__(self, deal: Deal, *, human: Seat | None = None, tricks: int = 1, bots: str = "rule",
                 lang: str = "en") -> None:
        """``deal`` in its play, ``human`` the learner's seat (default: the seat to play)."""
        if not isinstance(deal, Deal):
            raise bad_argument("deal", deal, "arg_deal")
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 1 <= tricks <= 13:
            raise bad_argument("tricks", tricks, "arg_whole", low=1, high=13)
        seat = Seat.of(human) if human is not None else deal.to_act
        if seat is None or deal.play is None:
            raise VintError(Reason.NOT_PLAY, action=text("lesson_trick_title", lang), seat=Seat.SOUTH)
        self.start = deal
        self.human = seat
        self.tricks = len(deal.tricks) + tricks
        self.bots = bots
        self.lang = lang
        self.reset()

    @classmethod
    def position(cls, *, hand: Hand | str | Iterable[Card], led: Sequence[Card | str] = (),
                 trump: Strain | Suit | str | None = None, seat: Seat = Seat.SOUTH, tricks: int = 1,
                 seed: int = 0, lang: str = "en", bots: str = "rule") -> TrickDrill:
        """A drill at the first trick (see :func:`trick_position`)."""
        deal = trick_position(hand=hand, led=led, trump=trump, seat=seat, seed=seed)
        return cls(deal, human=seat, tricks=tricks, lang=lang, bots=bots)

    def reset(self) -> None:
        """Back to the start position."""
        self.table = Controller.one_deal(self.start, human=self.human, bots=self.bots, lang=self.lang,
                                         until_trick=self.tricks)
        self.feedback: list[str] = []
        self.last: Feedback | None = None
        self._after()

    def contract_text(self) -> str:
        contract = self.deal.contract
        assert contract is not None
        trump = contract.strain.suit
        if trump is None:
            return text("lesson_no_trumps", self.lang, contract=contract.bid, declarer=contract.declarer)
        return text("lesson_trumps", self.lang, contract=contract.bid, declarer=contract.declarer,
                    trump=trump.symbol)

    def legal(self) -> tuple[Card, ...]:
        """The cards the learner may play now."""
        return self.table.controls().cards

    def play(self, card: Card) -> Feedback:
        """The learner plays ``card``: it is explained, and the computer players finish the trick."""
        refused = self._refusal()
        if refused is not None:
            return refused
        answer = card_feedback(self.deal, card, lang=self.lang)
        self.last = answer
        self.feedback.append(answer.message)
        if answer.ok:
            before = len(self.deal.tricks)
            self._forward(card)
            self._after(before=before)
        return answer

    def _after(self, *, before: int | None = None) -> None:
        """The sentences after the computer players' cards: each completed trick, then a void's note."""
        start = len(self.start.tricks) if before is None else before
        for trick in self.deal.tricks[start:]:
            self.feedback.append(trick_feedback(trick, lang=self.lang))
        if self.table.session.human_to_act() and not self.finished:
            note = void_note(self.deal, lang=self.lang)
            if note:
                self.feedback.append(note)


class BiddingDrill:
    """The learner makes the calls of an auction, for whichever seat is to call, each one explained.

    An illegal call is refused with the engine's reason (and the bridge strain order named where that is
    the mistake); a legal one is made, with the tricks it promises. :meth:`undo` takes a call back,
    :meth:`reset` goes back to the given auction.

    >>> drill = BiddingDrill(calls=["2♠"])
    >>> drill.call(Call.parse("2♣")).ok, drill.call(Call.parse("2♠")).ok
    (True, False)
    """

    def __init__(self, auction: Auction | None = None, *, calls: Sequence[Call | str] = (),
                 dealer: Seat = Seat.NORTH, rules: RuleSet = SEED, deal_number: int = 1, lang: str = "en") -> None:
        if auction is not None and not isinstance(auction, Auction):
            raise bad_argument("auction", auction, "arg_auction")
        if isinstance(calls, (str, bytes)) or not isinstance(calls, Sequence):
            raise bad_argument("calls", calls, "arg_actions")
        start = auction if auction is not None else Auction(dealer, rules, deal_number=deal_number)
        for call in calls:
            start = start.apply(call if isinstance(call, Call) else Call.parse(call))
        self.start = start
        self.lang = lang
        self.reset()

    def reset(self) -> None:
        """Back to the given auction."""
        self.history: list[Auction] = [self.start]
        self.last: Feedback | None = None

    @property
    def auction(self) -> Auction:
        return self.history[-1]

    def call(self, call: Call) -> Feedback:
        """Make ``call`` for the seat to act, if legal; the feedback says why or why not."""
        answer = call_feedback(self.auction, call, lang=self.lang)
        self.last = answer
        if answer.ok:
            self.history.append(self.auction.apply(call))
        return answer

    def undo(self) -> bool:
        """Take back the last call made here (not one of the given auction's)."""
        if len(self.history) < 2:
            return False
        self.history.pop()
        self.last = None
        return True

    def legal(self) -> tuple[Call, ...]:
        return self.auction.legal_calls()

    def status(self) -> str:
        """Where the auction stands (whose call, the passes that end it, the declarer and the opening leader)."""
        return auction_status(self.auction, lang=self.lang)


class AuctionDrill(_TableDrill):
    """An auction against the computer players (a :class:`~vint_core.table.controller.Controller` that stops when the
    auction ends), every call explained as it is made.

    The computer players' calls are explained by what the bidding guide reads them to show, in the
    words of the table's "What the calls show" (:func:`vint_core.bots.meanings.meaning_text`): the page
    learns what a call means, never a card the caller holds. Their own reasons, which speak of their
    hands, are given once the auction is over (:meth:`reasons`), with the four hands.

    >>> drill = AuctionDrill(seed=7)                 # South deals: the learner calls first
    >>> drill.call(Call.parse("2♠")).ok
    True
    >>> for line in drill.log[1:]:
    ...     print(line)
    West: Pass (by the bidding guide: against the opponents' bid: shows nothing)
    North: Pass (by the bidding guide: second bid: shows nothing)
    East: 2♦ (by the bidding guide: against the opponents' bid, a new suit: 8 or more high-card points, at least
    5 ♦)
    """

    def __init__(self, *, seed: int = 0, human: Seat = Seat.SOUTH, bots: str = "rule", rules: RuleSet = SEED,
                 lang: str = "en") -> None:
        self.seed = seed
        self.lang = lang
        self.table = Controller.one_deal(seed=seed, human=human, bots=bots, rules=rules, lang=lang, until_trick=0)
        #: every call so far, explained (the learner's with its feedback)
        self.log: list[str] = []
        self.last: Feedback | None = None
        self._explain(self.table.advance().moves)

    def call(self, call: Call) -> Feedback:
        """The learner's call: explained (an illegal one is refused with the reason), then the computer players
        answer, each answer explained."""
        refused = self._refusal()
        if refused is not None:
            return refused
        answer = call_feedback(self.deal.auction, call, lang=self.lang)
        self.last = answer
        if answer.ok:
            self.log.append(answer.message)
            self._explain(self._forward(call))
        return answer

    def _explain(self, moves: Sequence[BotMove]) -> None:
        auction = self.deal.auction
        for move in moves:
            if not isinstance(move.action, Call) or move.index < 0:
                continue
            reading = read_auction(auction.dealer, auction.calls[:move.index], auction.rules,
                                   self.deal.deal_number)
            shows = meaning_text(reading.meaning(move.seat, move.action), lang=self.lang)
            name = text("ui_pass", self.lang) if move.action is PASS else str(move.action)
            self.log.append(text("lesson_bot_call", self.lang, seat=move.seat, call=name, shows=shows))

    def reasons(self) -> tuple[str, ...]:
        """The computer players' own reasons (they speak of their hands): only once the auction is over."""
        if not self.finished:
            return ()
        return tuple(text("widget_bot_call", self.lang, seat=m.seat, call=m.explanation)
                     for m in self.table.session.moves)
