"""TableFrame: everything a front end draws of the table at one moment, worked out once by the controller.

A front end (the Voilà table, a test, a script) asks the controller for a frame
(:meth:`Controller.frame <vint_core.table.controller.Controller.frame>`) and draws it; it works nothing out of
the game itself. A frame holds only what the learner may see while a deal is played (his own hand, the calls,
the cards played, counts of the others' cards); the four hands come with the review (:attr:`TableFrame.review`)
once the deal is over.

Frames are immutable values (frozen dataclasses of tuples and of the engine's immutable values): two frames
compare equal when they draw the same, so a front end draws again only the parts whose value changed.

Text is already said in the frame's language (``lang``) and not escaped: the drawing escapes it
(:mod:`vint_core.render`).

>>> from vint_core import Call
>>> from vint_core.table.controller import Controller
>>> table = Controller.one_deal(seed=7)
>>> _ = table.advance(), table.act(Call.parse("1H")), table.advance()
>>> frame = table.frame()
>>> frame.turn, len(frame.hand.cards), [s.cards_left for s in frame.seats]
('call', 13, [13, 13, 13])
>>> [(s.seat.name, s.last_call) for s in frame.seats]
[('WEST', '2♠'), ('NORTH', '2♥'), ('EAST', '4♠')]
>>> frame == table.frame()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from vint_core.auction import Auction, Contract
from vint_core.calls import Call
from vint_core.cards import Card, Hand
from vint_core.deal import Deal, Phase
from vint_core.play import Trick
from vint_core.rubber import Rubber
from vint_core.rules import RuleSet
from vint_core.seats import PerSide, Seat
from vint_core.table.review import DealReview

__all__ = ["CallMeaningLine", "Controls", "ReviewFrame", "ScoreFrame", "SeatFrame", "TableFrame"]


@dataclass(frozen=True)
class SeatFrame:
    """One of the three other seats: who plays it and the public facts about it, never a card of its hand."""

    seat: Seat
    #: who plays the seat, in words ("computer player (Rule bot)", "partner (…)")
    player: str
    cards_left: int
    #: tricks this seat has won in the deal
    tricks: int
    dealer: bool
    to_act: bool
    #: the seat's last call as text during the auction ("2♠", "Pass"); empty otherwise
    last_call: str = ""


@dataclass(frozen=True)
class Controls:
    """What a front end offers the learner now: the calls and cards to enable and which buttons work
    (:meth:`Controller.controls <vint_core.table.controller.Controller.controls>`, and every frame's
    :attr:`TableFrame.controls`); the front end draws them."""

    calls: tuple[Call, ...]
    cards: tuple[Card, ...]
    hint: bool
    undo: bool
    #: undo is allowed in this game: the undo button is shown at all
    undo_offered: bool
    claim: bool
    #: under the "confirm" pace a completed trick waits for the learner: show "Continue"
    confirm: bool
    #: "Next deal" works (a class board's table never offers it: the class gives the next board)
    next_deal: bool
    #: the pace "Faster" would switch to, offered beside "West is thinking…"; None: not offered
    faster: str | None = None


@dataclass(frozen=True)
class CallMeaningLine:
    """A call made so far, by whom, and what it shows, in words."""

    seat: Seat
    call: Call
    #: the call's name ("2♠", "Pass")
    name: str
    meaning: str


@dataclass(frozen=True)
class ScoreFrame:
    """The score sheet: the rubber with the deal being played (``pending``, no card of it) or the finished
    deal already on it, the rubbers before, and the deals (rubber, deal) played with undo."""

    rubber: Rubber
    history: tuple[Rubber, ...]
    pending: Deal | None
    practised: frozenset[tuple[int, int]]


@dataclass(frozen=True)
class ReviewFrame:
    """A finished deal's review (all four hands, the score, the reasons) and the computer players' reasons
    grouped by the auction and trick by trick."""

    review: DealReview
    reason_groups: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True)
class TableFrame:
    """Everything the table draws at one moment (see the module's docstring)."""

    #: the position this frame shows (:attr:`Controller.position <vint_core.table.controller.Controller.position>`):
    #: a click made on it carries this number
    position: int
    lang: str
    four_colour: bool
    #: the learner's seat (drawn at the bottom)
    human: Seat
    rules: RuleSet
    phase: Phase
    deal_number: int
    dealer: Seat
    to_act: Seat | None
    #: the title and the line under it (rule set, rubber, deal, dealer)
    title: str
    subtitle: str
    #: the three other seats from the learner's left: left-hand opponent, partner, right-hand opponent
    seats: tuple[SeatFrame, SeatFrame, SeatFrame]
    #: the learner's cards, and the title over them (seat, "you", tricks won)
    hand: Hand
    hand_title: str
    #: tricks won per side
    tricks_won: PerSide[int]
    #: the trick on the table: the one being played, or the one just completed until the next lead
    trick: Trick | None
    #: the last completed trick no longer on the table, and its number (from 1); None before the second trick
    last_trick: Trick | None
    last_trick_number: int
    auction: Auction
    contract: Contract | None
    #: each call so far and what it shows
    meanings: tuple[CallMeaningLine, ...]
    #: the calls and cards the learner may make now, and which buttons work
    controls: Controls
    #: what the learner may do now: "call", "card", "next" or "" (nothing: the computer players, a trick to confirm)
    turn: str
    #: the computer player whose move is scheduled (under a pace), if any
    thinking: Seat | None
    #: the status line: what just happened and what to do now
    status: str
    #: the game cannot be saved now (a full or read-only disk): said before the status; empty otherwise
    save_notice: str
    score: ScoreFrame
    #: once the deal is over
    review: ReviewFrame | None
    #: how to play, step by step
    howto: tuple[str, ...]

    @property
    def in_auction(self) -> bool:
        """Is the auction running (the bidding box and the auction in the middle of the table)?"""
        return self.phase is Phase.AUCTION

    @property
    def finished(self) -> bool:
        """Is the deal over (the review shown)?"""
        return self.phase is Phase.FINISHED
