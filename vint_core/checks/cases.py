"""Seeded random material for the checks: contracts, hands, auctions and finished deals, from the engine.

Every generator takes a :class:`random.Random`, so a check asks the same
questions every time it runs with the same seed.
"""

from __future__ import annotations

import random

from vint_core.auction import Contract
from vint_core.calls import PASS, Bid, Call
from vint_core.cards import Hand, deal_hands
from vint_core.deal import Deal
from vint_core.rules import SEED, RuleSet
from vint_core.seats import Seat


def checks_rng(name: str, seed: int) -> random.Random:
    """The random generator of one check: the same questions for the same check and seed."""
    return random.Random(f"vint-checks:{name}:{seed}")


def contract(rng: random.Random, *, rules: RuleSet = SEED) -> Contract:
    """A random contract that ``rules`` allow: level, strain and declarer."""
    bid = rng.choice(rules.bids)
    return Contract(bid.level, bid.strain, rng.choice(list(Seat)))


def hands(rng: random.Random, *, dealer: Seat = Seat.NORTH) -> tuple[Hand, Hand, Hand, Hand]:
    """Four hands dealt from ``rng``, indexed by seat."""
    return deal_hands(dealer, rng)


def bidding(dealer: Seat, contract: Contract) -> list[Call]:
    """A short legal auction that ends in ``contract``: passes to the declarer, the bid, 8 passes."""
    calls: list[Call] = []
    seat = dealer
    while seat != contract.declarer:
        calls.append(PASS)
        seat = seat.next()
    return [*calls, Bid(contract.level, contract.strain), *[PASS] * 8]


def finished_deal(rng: random.Random, *, the_contract: Contract | None = None, rules: RuleSet = SEED) -> Deal:
    """A deal bid to a random contract (or ``the_contract``) and played out with random legal cards."""
    dealer = rng.choice(list(Seat))
    deal = Deal.new(dealer=dealer, seed=rng, rules=rules)
    target = the_contract or contract(rng, rules=rules)
    for call in bidding(dealer, target):
        deal = deal.apply(call)
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def auction_calls(rng: random.Random, *, dealer: Seat, rules: RuleSet = SEED, bid_chance: float = 0.3) -> list[Call]:
    """The calls of a random legal auction played to its end (passes are likelier than bids)."""
    from vint_core.auction import Auction

    auction = Auction(dealer, rules)
    while not auction.is_over:
        bids = [c for c in auction.legal_calls() if c.is_bid]
        call = rng.choice(bids[:8]) if bids and rng.random() < bid_chance else PASS
        auction = auction.apply(call)
    return list(auction.calls)


__all__ = ["auction_calls", "bidding", "checks_rng", "contract", "finished_deal", "hands"]
