"""vint_core: the rules of Vint, the Russian partnership card game of the 1880s.

The engine (cards, seats, calls, auction, play, deal, rules, scoring, rubber,
records) uses only the standard library. See docs/rules.md for the rules it
implements and README.md for a tour.
"""

from vint_core.auction import Auction, Contract
from vint_core.calls import PASS, Bid, Call, Pass, Strain
from vint_core.cards import Card, Hand, Rank, Suit, cut_for_dealer, deal_hands, deck
from vint_core.deal import Action, Deal, Phase
from vint_core.errors import (
    IllegalCallError,
    IllegalPlayError,
    NotFinishedError,
    OutOfTurnError,
    ParseError,
    Reason,
    RubberError,
    VintError,
)
from vint_core.honours import honour_cards, honours_held, honours_odds
from vint_core.play import Play, Trick, trick_winner
from vint_core.rubber import Rubber, RubberDeal, rubbers_of
from vint_core.rules import (
    FOSTER_1897,
    PROGRESSIVE,
    RULE_SETS,
    SEED,
    SHORT,
    WHIST_VINT,
    RuleSet,
    SlamBonus,
    TrickValue,
    UndertrickPenalty,
)
from vint_core.scoring import ScoreLine, score_contract, totals
from vint_core.seats import PerSide, Seat, Side
from vint_core.views import SeatView

__version__ = "0.1.0"

__all__ = [
    "FOSTER_1897", "PASS", "PROGRESSIVE", "RULE_SETS", "SEED", "SHORT", "WHIST_VINT",
    "Action", "Auction", "Bid", "Call", "Card", "Contract", "Deal", "Hand", "IllegalCallError",
    "IllegalPlayError", "NotFinishedError",
    "OutOfTurnError", "ParseError", "Pass", "PerSide", "Phase", "Play", "Rank", "Reason",
    "Rubber", "RubberDeal", "RubberError", "RuleSet", "ScoreLine", "Seat", "SeatView", "Side",
    "SlamBonus", "Strain", "Suit", "Trick", "TrickValue", "UndertrickPenalty", "VintError",
    "__version__", "cut_for_dealer", "deal_hands", "deck", "honour_cards", "honours_held", "honours_odds", "rubbers_of",
    "score_contract", "totals",
    "trick_winner",
]
