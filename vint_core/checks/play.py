"""Checks for the auction and play exercises: which bid outranks which, who wins a trick, the auction's end.

The engine's :class:`~vint_core.rules.RuleSet`, :class:`~vint_core.auction.Auction`
and :func:`~vint_core.play.trick_winner` give the right answers.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

import vint_core.checks.cases as gen
from vint_core.auction import Auction
from vint_core.calls import Bid, Call, Strain
from vint_core.cards import Card, Suit, deck
from vint_core.checks.guard import AUCTION, BID_ORDER, TRICK_WINNER
from vint_core.checks.result import CheckResult
from vint_core.checks.runner import DEFAULT_CASES, YES_NO, Answers, Case, WrongType, run_check
from vint_core.i18n import Joined, Phrase
from vint_core.play import trick_winner as engine_trick_winner
from vint_core.rules import SEED
from vint_core.seats import Seat

_BRIDGE_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)


def _bridge_outranks(bid: Bid, other: Bid) -> bool:
    return (bid.level, _BRIDGE_ORDER.index(bid.strain)) > (other.level, _BRIDGE_ORDER.index(other.strain))


def _random_bid(rng: random.Random, *, level: int | None = None) -> Bid:
    return Bid(level or rng.randint(1, 7), rng.choice(list(Strain)))


def _boundary_bids() -> list[tuple[Bid, Bid]]:
    """The edges of the order: a bid over itself, each strain over its neighbours both ways at levels 1 and 7,
    the lowest bid of a level over the highest of the one below, the lowest and highest bids of all."""
    order = SEED.strain_order
    pairs = [(Bid(1, Strain.SPADES), Bid(1, Strain.SPADES)), (Bid(7, Strain.NOTRUMP), Bid(7, Strain.NOTRUMP)),
             (Bid(3, Strain.HEARTS), Bid(3, Strain.HEARTS))]
    for level in (1, 7):
        for low, high in itertools.pairwise(order):
            pairs += [(Bid(level, high), Bid(level, low)), (Bid(level, low), Bid(level, high))]
    for level in (1, 6):
        pairs += [(Bid(level + 1, order[0]), Bid(level, order[-1])), (Bid(level, order[-1]), Bid(level + 1, order[0]))]
    pairs += [(Bid(7, Strain.NOTRUMP), Bid(1, Strain.SPADES)), (Bid(1, Strain.SPADES), Bid(7, Strain.NOTRUMP))]
    return pairs


def outranks(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(bid, other) -> bool``: may ``bid`` be made over ``other`` (higher level, or same level, higher strain)."""
    rng = gen.checks_rng("outranks", seed)
    qs = []
    pairs = _boundary_bids()
    for _ in range(max(0, cases - len(pairs))):
        other = _random_bid(rng)
        pairs.append((_random_bid(rng, level=other.level if rng.random() < 0.6 else None), other))
    for bid, other in pairs:
        right = SEED.outranks(bid, other)
        qs.append(Case((bid, other), Phrase("check_for_bid_over", bid=bid, other=other), right,
                       Phrase("check_why_outranks"), {"bridge_order": _bridge_outranks(bid, other)}))
    return run_check("outranks", fn, qs, YES_NO, lang=lang, forbidden=BID_ORDER)


def _seat(value: Any) -> Seat | None:
    if value is None:
        return None
    if not isinstance(value, Seat):
        raise WrongType("check_want_seat")
    return value


def _show_seat(seat: Seat | None) -> Seat | Phrase:
    return Phrase("check_nobody_passed_out") if seat is None else seat


SEAT = Answers(_seat, _show_seat)


def _trick_cards(rng: random.Random) -> tuple[Card, ...]:
    led = rng.choice(list(Suit))
    pool = list(deck())
    rng.shuffle(pool)
    first = next(c for c in pool if c.suit == led)
    out = [first]
    for c in pool:
        if len(out) == 4:
            break
        if c not in out and (c.suit == led) == (rng.random() < 0.6):
            out.append(c)
    return tuple(out)


def _any_suit_winner(leader: Seat, cards: Sequence[Card], trump: Suit | None) -> Seat:
    trumps = [i for i, c in enumerate(cards) if c.suit == trump]
    pool = trumps or range(len(cards))
    best = max(pool, key=lambda i: (cards[i].rank, -i))
    return leader.offset(best)


def _trick_text(leader: Seat, cards: Sequence[Card], trump: Suit | None) -> Phrase:
    plays = Joined((Phrase("check_seat_card", seat=leader.offset(i), card=str(c)) for i, c in enumerate(cards)),
                   sep=Phrase("words_comma"))
    trumps = Phrase("check_no_trump") if trump is None else Phrase("check_trumps", suit=trump.symbol)
    return Phrase("check_for_trick", plays=plays, trump=trumps)


def _boundary_tricks() -> list[tuple[Seat, tuple[Card, ...], Suit | None]]:
    """Tricks at the edges: all follow at no-trump; trumps led; the last player ruffs with the 2 over aces;
    nobody follows the leader's 2; an ace discarded; two ruffs, the second higher; the leader's ace wins."""
    def cards(text: str) -> tuple[Card, ...]:
        return tuple(Card.parse(c) for c in text.split())

    return [
        (Seat.NORTH, cards("5♥ K♥ 2♥ 9♥"), None),
        (Seat.EAST, cards("Q♠ 3♠ A♠ 10♠"), Suit.SPADES),
        (Seat.SOUTH, cards("A♦ K♦ Q♦ 2♣"), Suit.CLUBS),
        (Seat.WEST, cards("2♣ A♥ A♦ A♠"), None),
        (Seat.WEST, cards("2♣ A♥ A♦ A♠"), Suit.HEARTS),
        (Seat.NORTH, cards("9♦ A♠ J♦ 3♥"), Suit.CLUBS),
        (Seat.EAST, cards("K♥ 3♠ A♥ 4♠"), Suit.SPADES),
        (Seat.SOUTH, cards("A♣ K♣ Q♣ J♣"), Suit.DIAMONDS),
    ]


def trick_winner(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(leader, cards, trump) -> Seat``: the seat winning a trick (``cards`` as played; ``trump`` a Suit, None)."""
    rng = gen.checks_rng("trick_winner", seed)
    qs = []
    tricks = _boundary_tricks()
    for _ in range(max(0, cases - len(tricks))):
        tricks.append((rng.choice(list(Seat)), _trick_cards(rng), rng.choice([*Suit, None])))
    for leader, cards, trump in tricks:
        right = engine_trick_winner(leader, cards, trump)
        qs.append(Case((leader, cards, trump), _trick_text(leader, cards, trump), right, Phrase("check_why_trick"),
                       {"highest_card_wins": _any_suit_winner(leader, cards, trump)}))
    return run_check("trick_winner", fn, qs, SEAT, lang=lang, forbidden=TRICK_WINNER)


def _calls_text(calls: Sequence[Call]) -> Joined:
    return Joined((Phrase("ui_pass") if c.is_pass else str(c) for c in calls), sep=" ", empty=Phrase("check_no_calls"))


def _three_pass_over(calls: Sequence[Call]) -> bool:
    if len(calls) >= 4 and all(c.is_pass for c in calls[:4]):
        return True
    return any(c.is_bid for c in calls) and len(calls) >= 3 and all(c.is_pass for c in calls[-3:])


def _replay(dealer: Seat, calls: Sequence[Call]) -> Auction:
    auction = Auction(dealer, SEED)
    for call in calls:
        auction = auction.apply(call)
    return auction


def _calls(text: str) -> list[Call]:
    return [Call.parse(c) for c in text.split()]


def _boundary_auctions() -> list[list[Call]]:
    """Auctions at the edges: no call; 3 and 4 passes (passed out); a bid after 3 passes; a bid and 3, 7, 8 passes;
    a bid, 7 passes, another bid and 8 passes."""
    p = "Pass "
    return [[], _calls(p), _calls(p * 3), _calls(p * 4), _calls(p * 3 + "1♠"), _calls(p * 3 + "1♠ " + p * 8),
            _calls("1♥ " + p * 3), _calls("1♥ " + p * 7), _calls("1♥ " + p * 8),
            _calls("1♥ " + p * 7 + "2♣ " + p * 7), _calls("1♥ " + p * 7 + "2♣ " + p * 8)]


def auction_over(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(calls) -> bool``: is the auction over after these calls (rule set ``seed``)."""
    rng = gen.checks_rng("auction_over", seed)
    qs = []
    asked = _boundary_auctions()
    for _ in range(max(0, cases - len(asked))):
        calls = gen.auction_calls(rng, dealer=Seat.NORTH)
        # cut where it is interesting: after three passes that follow a bid, at the end, or anywhere
        spots = [i + 1 for i in range(3, len(calls))
                 if all(c.is_pass for c in calls[i - 2:i + 1]) and any(c.is_bid for c in calls[:i])]
        r = rng.random()
        cut = rng.choice(spots) if spots and r < 0.4 else len(calls) if r < 0.7 else rng.randint(0, len(calls))
        asked.append(calls[:cut])
    for shown in asked:
        right = _replay(Seat.NORTH, shown).is_over
        qs.append(Case((list(shown),), Phrase("check_for_calls", calls=_calls_text(shown)), right,
                       Phrase("check_why_auction_over"), {"three_pass_end": _three_pass_over(shown)}))
    return run_check("auction_over", fn, qs, YES_NO, lang=lang, forbidden=AUCTION)


def _bridge_declarer(dealer: Seat, calls: Sequence[Call]) -> Seat | None:
    seats = [dealer.offset(i) for i in range(len(calls))]
    bids = [(s, c) for s, c in zip(seats, calls, strict=True) if isinstance(c, Bid)]
    if not bids:
        return None
    last_seat, last = bids[-1]
    return next(s for s, c in bids if s.side == last_seat.side and isinstance(c, Bid) and c.strain == last.strain)


def declarer(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(dealer, calls) -> Seat | None``: who declares after a finished auction (None if passed out)."""
    rng = gen.checks_rng("declarer", seed)
    qs = []
    p8 = "Pass " * 8
    asked = [(dealer, _calls("Pass " * 4)) for dealer in Seat]  # passed out, whoever dealt
    asked += [(Seat.NORTH, _calls("1♠ " + p8)),  # the dealer's bid, and nothing else
              (Seat.EAST, _calls("Pass Pass Pass 1NT " + p8)),  # the fourth seat's
              (Seat.SOUTH, _calls("1♥ Pass Pass Pass 2♥ " + p8)),  # the same player bids twice
              (Seat.WEST, _calls("1♥ Pass 2♥ " + p8))]  # partner raises: the raiser declares
    for _ in range(max(0, cases - len(asked))):
        dealer = rng.choice(list(Seat))
        asked.append((dealer, gen.auction_calls(rng, dealer=dealer, bid_chance=0.45)))
    for dealer, calls in asked:
        contract = _replay(dealer, calls).contract
        right = None if contract is None else contract.declarer
        qs.append(Case((dealer, list(calls)), Phrase("check_for_auction", dealer=dealer, calls=_calls_text(calls)),
                       right, Phrase("check_why_declarer"), {"bridge_declarer": _bridge_declarer(dealer, calls)}))
    return run_check("declarer", fn, qs, SEAT, lang=lang, forbidden=AUCTION)


__all__ = ["SEAT", "auction_over", "declarer", "outranks", "trick_winner"]

