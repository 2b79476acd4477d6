"""Why a card or a call is legal or not, who wins a trick, where an auction stands: the sentences of the lessons.

The engine says *whether* an action is legal (``check`` raises a ``VintError`` that says why not);
these functions add what a learner needs to hear about a legal action too, and they catch the
mistakes learners bring from bridge and whist (docs/rules.md §7): a duty to trump when void, the
bridge strain order, a bid of "one" meaning one trick, three passes ending the auction, the
dealer's left leading. Every sentence comes from :mod:`vint_core.i18n`, in English or German.
The lesson widgets show them; they are tested without Jupyter.

>>> from vint_core import Auction, Call, Seat, SEED
>>> auction = Auction(Seat.NORTH, SEED).apply(Call.parse("2♠"))
>>> call_feedback(auction, Call.parse("2♣")).message
'2♣ by East: legal. A bid of 2 promises 8 tricks (6 + 2, not 2) with ♣ as trumps. It outranks 2♠.'
>>> call_feedback(auction, Call.parse("1NT")).ok
False
"""

from __future__ import annotations

from dataclasses import dataclass

from vint_core.auction import Auction
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.cards import Card
from vint_core.deal import Deal, Phase
from vint_core.errors import IllegalCallError, Reason, VintError
from vint_core.i18n import text
from vint_core.play import Trick, winning_index
from vint_core.seats import Seat

__all__ = ["BRIDGE_ORDER", "Feedback", "auction_status", "call_feedback", "card_feedback", "opening_leader",
           "trick_feedback", "void_note"]

#: bridge's strain order, low to high, for the learner who brings it along (Vint's: ♠ < ♣ < ♦ < ♥ < NT)
BRIDGE_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)


@dataclass(frozen=True)
class Feedback:
    """What a learner is told about one card or call: ``ok`` (legal) and the sentence that says why."""

    ok: bool
    message: str
    #: what kind of answer: "illegal", "lead", "follow", "discard", "ruff", "bid", "pass"
    kind: str = ""


# -- the play -------------------------------------------------------------------------------

def _led_suit(deal: Deal) -> Card | None:
    trick = deal.current_trick
    return trick.cards[0] if trick is not None and trick.cards else None


def card_feedback(deal: Deal, card: Card, *, lang: str = "en") -> Feedback:
    """Is ``card`` legal for the seat to play in ``deal``, and why: the engine's reason if not; if it is, whether
    it leads, follows, discards or trumps (and that a discard would have done too: there is no duty to trump)."""
    try:
        deal.check(card)
    except VintError as err:
        return Feedback(False, err.message(lang), "illegal")
    first = _led_suit(deal)
    if first is None:
        return Feedback(True, text("lesson_card_lead", lang, card=card), "lead")
    led = first.suit
    if card.suit is led:
        return Feedback(True, text("lesson_card_follow", lang, card=card, suit=led.symbol), "follow")
    trump = deal.play.trump if deal.play is not None else None
    if trump is None:
        return Feedback(True, text("lesson_card_discard_nt", lang, card=card, suit=led.symbol), "discard")
    if card.suit is trump:
        return Feedback(True, text("lesson_card_ruff", lang, card=card, suit=led.symbol), "ruff")
    return Feedback(True, text("lesson_card_discard", lang, card=card, suit=led.symbol, trump=trump.symbol),
                    "discard")


def void_note(deal: Deal, *, lang: str = "en") -> str:
    """For the seat to play, void in the suit led: every card is legal, a trump is allowed but not required.
    Empty when that seat can follow suit, leads, or it is not the play."""
    first = _led_suit(deal)
    seat = deal.to_act
    if deal.phase is not Phase.PLAY or first is None or seat is None or deal.hand(seat).has_suit(first.suit):
        return ""
    trump = deal.play.trump if deal.play is not None else None
    if trump is None:
        return text("lesson_void_nt", lang, suit=first.suit.symbol)
    return text("lesson_void", lang, suit=first.suit.symbol, trump=trump.symbol)


def trick_feedback(trick: Trick, *, lang: str = "en") -> str:
    """Who wins a complete trick and why: the highest trump, or the highest card of the suit led."""
    if trick.winner is None:
        return ""
    card = trick.cards[winning_index(trick.cards, trick.trump)]
    led = trick.cards[0].suit
    if trick.trump is None:
        return text("lesson_trick_nt", lang, seat=trick.winner, card=card, suit=led.symbol)
    if card.suit is trick.trump and led is not trick.trump:
        return text("lesson_trick_ruff", lang, seat=trick.winner, card=card, trump=trick.trump.symbol)
    return text("lesson_trick_suit", lang, seat=trick.winner, card=card, suit=led.symbol)


# -- the auction ----------------------------------------------------------------------------

def _bridge_outranks(call: Bid, top: Bid) -> bool:
    return (call.level, BRIDGE_ORDER.index(call.strain)) > (top.level, BRIDGE_ORDER.index(top.strain))


def call_feedback(auction: Auction, call: Call, *, lang: str = "en") -> Feedback:
    """Is ``call`` legal for the seat to call, and why: the engine's reason if not (with the bridge strain order
    named when that is the learner's mistake); if it is, how many tricks a bid promises and what it outranks."""
    seat = auction.to_act
    try:
        auction.check(call)
    except IllegalCallError as err:
        message = err.message(lang)
        top = auction.highest_bid
        if (err.reason is Reason.INSUFFICIENT_BID and isinstance(call, Bid) and top is not None
                and _bridge_outranks(call, top)):
            message += ". " + text("lesson_bridge_order", lang, call=call, top=top)
        return Feedback(False, message, "illegal")
    except VintError as err:
        return Feedback(False, err.message(lang), "illegal")
    if call is PASS or not isinstance(call, Bid):
        return Feedback(True, text("lesson_pass_legal", lang, seat=seat), "pass")
    key = "lesson_bid_legal_nt" if call.strain is Strain.NOTRUMP else "lesson_bid_legal"
    message = text(key, lang, call=call, seat=seat, level=call.level, tricks=6 + call.level,
                   strain=call.strain.symbol)
    top = auction.highest_bid
    if top is not None:
        message += " " + text("lesson_bid_outranks", lang, top=top)
    return Feedback(True, message, "bid")


def auction_status(auction: Auction, *, lang: str = "en") -> str:
    """Where the auction stands and why it goes on or is over: the passes that end it (eight in a row under
    ``seed``, not three), the declarer and the opening leader (the declarer's left, not the dealer's)."""
    rules = auction.rules
    passes = auction.passes_in_a_row
    contract = auction.contract
    if auction.is_passed_out:
        return text("lesson_auction_passed_out", lang, n=rules.passout_passes, next=auction.dealer.left)
    if contract is not None:
        key = "lesson_auction_over_same" if contract.declarer == auction.dealer else "lesson_auction_over"
        return text(key, lang, n=rules.auction_end_passes, contract=contract.bid,
                    declarer=contract.declarer, leader=contract.declarer.left, dealer=auction.dealer,
                    dealer_left=auction.dealer.left)
    top = auction.highest_bid
    if top is None:
        return text("lesson_auction_no_bid", lang, passes=passes, n=rules.passout_passes, seat=auction.to_act)
    bidder = auction.highest_bidder
    assert bidder is not None
    line = text("lesson_auction_running", lang, top=top, seat=bidder, passes=passes, n=rules.auction_end_passes,
                left=rules.auction_end_passes - passes, to_act=auction.to_act)
    if passes == 3 and rules.auction_end_passes > 3:
        line += " " + text("lesson_auction_not_three", lang)
    return line


def opening_leader(auction: Auction) -> Seat | None:
    """The seat that leads to the first trick: the declarer's left (None while the auction runs or if passed out)."""
    contract = auction.contract
    return contract.declarer.left if contract is not None else None
