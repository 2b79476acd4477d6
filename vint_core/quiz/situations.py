"""Realistic situations for the quiz: auctions as players bid them, contracts that fit the cards,
trick counts around the contract (slams for either side included), tricks as they are played.

Everything is drawn from an injected ``random.Random`` and played through the engine, so every
auction, contract and trick is legal under its rule set.
"""

from __future__ import annotations

import random

from vint_core.auction import Auction, Contract
from vint_core.calls import PASS, Call, Strain
from vint_core.cards import Card, Hand, Rank, Suit, deal_hands
from vint_core.rules import RuleSet
from vint_core.seats import Seat, Side

#: bridge's strain order, low to high (the misconception "bridge_order")
BRIDGE_ORDER = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)


def random_auction(rng: random.Random, rules: RuleSet, *, dealer: Seat, deal_number: int = 1,
                   max_bids: int = 7) -> list[Auction]:
    """Every snapshot of one auction, from the empty one to the end: players bid a step or two over
    the highest bid, now and then raise their own bid or come back in after passing, and the
    closing passes are all there (eight under ``seed``, three under Foster)."""
    a = Auction(dealer, rules, deal_number=deal_number)
    out = [a]
    bids = 0
    while not a.is_over:
        legal = a.legal_calls()
        bid_options = [c for c in legal if c is not PASS]
        if bids == 0:
            p_bid = 0.4
        elif a.calls and a.calls[-1] is PASS:
            p_bid = max(0.05, 0.32 - 0.05 * bids)
        else:
            p_bid = max(0.1, 0.5 - 0.06 * bids)
        if bid_options and bids < max_bids and rng.random() < p_bid:
            weights = [0.5 ** i for i in range(min(len(bid_options), 8))]
            call: Call = rng.choices(bid_options[:len(weights)], weights)[0]
            bids += 1
        else:
            call = PASS
        a = a.apply(call)
        out.append(a)
    return out


def deal_number_for(rng: random.Random, rules: RuleSet) -> int:
    """A deal number of the rubber: 1 mostly, any of 1–14 under progressive."""
    return rng.randint(1, 14) if rules.min_level == "progressive" else rng.choice((1, 1, 1, 2, 3))


_HCP = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def _hcp(hand: Hand) -> int:
    return sum(_HCP.get(c.rank, 0) for c in hand)


def fitting_contract(rng: random.Random, rules: RuleSet, hands: tuple[Hand, Hand, Hand, Hand], *,
                     deal_number: int = 1) -> Contract:
    """A contract the cards could lead to: the stronger side declares in its longest combined suit
    (no-trump when balanced, if the rule set has it), at a level its points suggest."""
    side = Side.NS if _hcp(hands[0]) + _hcp(hands[2]) >= _hcp(hands[1]) + _hcp(hands[3]) else Side.EW
    if rng.random() < 0.15:
        side = side.other
    a, b = side.seats
    combined = hands[a] | hands[b]
    points = _hcp(combined)
    lengths = {suit: combined.count(suit) for suit in Suit}
    longest = max(Suit, key=lambda s: (lengths[s], rng.random()))
    allowed = rules.strain_order
    if Strain.NOTRUMP in allowed and ((lengths[longest] <= 8 and rng.random() < 0.5) or rng.random() < 0.15):
        strain = Strain.NOTRUMP
    else:
        strain = Strain.of_suit(longest)
    expected = 6 + (points - 20) / 2.5 + max(0, lengths[longest] - 8) * 0.7
    level = round(expected) - 6 + rng.choice((-1, 0, 0, 0, 1))
    level = min(7, max(rules.min_level_for(deal_number), level, 1))
    declarer = a if hands[a].count(longest) >= hands[b].count(longest) else b
    if rng.random() < 0.3:
        declarer = declarer.partner
    return Contract(level, strain, declarer)


def declarer_tricks(rng: random.Random, contract: Contract) -> int:
    """The declarers' tricks: mostly near the contract, sometimes a slam for either side."""
    roll = rng.random()
    if roll < 0.06:
        return rng.choice((12, 13))
    if roll < 0.10:
        return rng.choice((0, 1))
    delta = rng.choices((-4, -3, -2, -1, 0, 1, 2, 3), (1, 3, 6, 10, 12, 7, 3, 1))[0]
    return min(13, max(0, contract.tricks_needed + delta))


def new_hands(rng: random.Random) -> tuple[Seat, tuple[Hand, Hand, Hand, Hand]]:
    dealer = Seat(rng.randrange(4))
    return dealer, deal_hands(dealer, rng)


def random_trick(rng: random.Random, trump: Suit | None) -> tuple[Seat, tuple[Card, ...]]:
    """A complete trick as it could be played: the others follow the suit led, and one who is void
    (often) trumps or discards."""
    leader = Seat(rng.randrange(4))
    deck = [Card(s, r) for s in Suit for r in Rank]
    rng.shuffle(deck)
    led = rng.choice(list(Suit))
    used: set[Card] = set()

    def take(suit: Suit | None, *, not_suit: Suit | None = None) -> Card:
        for card in deck:
            if card in used or (suit is not None and card.suit is not suit):
                continue
            if not_suit is not None and card.suit is not_suit:
                continue
            used.add(card)
            return card
        raise AssertionError("a suit has 13 cards")

    cards = [take(led)]
    for _ in range(3):
        if led is trump or rng.random() < 0.65:
            cards.append(take(led))
        elif trump is not None and rng.random() < 0.6:
            cards.append(take(trump))
        else:
            cards.append(take(None, not_suit=led))
    return leader, tuple(cards)


__all__ = [
    "BRIDGE_ORDER",
    "deal_number_for",
    "declarer_tricks",
    "fitting_contract",
    "new_hands",
    "random_auction",
    "random_trick",
]
