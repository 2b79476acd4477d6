"""Seeded random material for the checks: contracts, hands, auctions and finished deals, from the engine.

Every generator takes a :class:`random.Random`, so a check asks the same
questions every time it runs with the same seed.
"""

from __future__ import annotations

import random

from vint_core.auction import Contract
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.cards import Fixed, Hand, deal_hands
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


def finished_deal(rng: random.Random, *, the_contract: Contract | None = None, rules: RuleSet = SEED,
                  fixed: Fixed | None = None) -> Deal:
    """A deal bid to a random contract (or ``the_contract``) and played out with random legal cards.

    ``fixed`` gives some seats some cards (``{Seat.NORTH: "A♥ K♥"}``), the rest is dealt at random.
    """
    dealer = rng.choice(list(Seat))
    if fixed is None:
        deal = Deal.new(dealer=dealer, seed=rng, rules=rules)
    else:
        deal = Deal(deal_hands(dealer, rng, fixed=fixed), dealer=dealer, rules=rules)
    target = the_contract or contract(rng, rules=rules)
    for call in bidding(dealer, target):
        deal = deal.apply(call)
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def boundary_holdings() -> list[tuple[Strain, Fixed, str]]:
    """Honour holdings at the edges of the honour rules: (strain, fixed cards, what they show).

    All five trump honours in one side (declaring or defending), four and the fifth
    with the other side, three against two (nothing), four aces together or split
    between partners at no-trump, and three aces.
    """
    return [
        (Strain.HEARTS, {Seat.NORTH: "A♥ K♥ Q♥", Seat.SOUTH: "J♥ 10♥"}, "5 N–S"),
        (Strain.HEARTS, {Seat.EAST: "A♥ K♥ Q♥ J♥ 10♥"}, "5 E–W"),
        (Strain.SPADES, {Seat.NORTH: "A♠ K♠ Q♠ J♠", Seat.EAST: "10♠"}, "4 N–S, 1 E–W"),
        (Strain.CLUBS, {Seat.WEST: "K♣ Q♣", Seat.EAST: "J♣ 10♣", Seat.SOUTH: "A♣"}, "4 E–W, 1 N–S"),
        (Strain.DIAMONDS, {Seat.NORTH: "A♦ K♦ Q♦", Seat.WEST: "J♦ 10♦"}, "3 N–S, 2 E–W"),
        (Strain.NOTRUMP, {Seat.NORTH: "A♠ A♥", Seat.SOUTH: "A♦ A♣"}, "4 aces N–S, split"),
        (Strain.NOTRUMP, {Seat.WEST: "A♠ A♥ A♦ A♣"}, "4 aces E–W"),
        (Strain.NOTRUMP, {Seat.EAST: "A♠ A♥ A♦", Seat.NORTH: "A♣"}, "3 aces E–W"),
    ]


def boundary_contracts() -> list[Contract]:
    """The lowest and the highest contracts, at a suit and at no-trump, declared by either side."""
    return [Contract(1, Strain.SPADES, Seat.NORTH), Contract(7, Strain.NOTRUMP, Seat.EAST),
            Contract(1, Strain.NOTRUMP, Seat.WEST), Contract(7, Strain.HEARTS, Seat.SOUTH),
            Contract(6, Strain.CLUBS, Seat.EAST), Contract(3, Strain.DIAMONDS, Seat.NORTH)]


def boundary_tricks(c: Contract) -> list[int]:
    """The declarers' tricks at the edges: none, all, a slam either way, exactly made, one short, one over."""
    need = c.tricks_needed
    return sorted({0, 1, 12, 13, need, need - 1, min(13, need + 1)})


def auction_calls(rng: random.Random, *, dealer: Seat, rules: RuleSet = SEED, bid_chance: float = 0.3) -> list[Call]:
    """The calls of a random legal auction played to its end (passes are likelier than bids)."""
    from vint_core.auction import Auction

    auction = Auction(dealer, rules)
    while not auction.is_over:
        bids = [c for c in auction.legal_calls() if c.is_bid]
        call = rng.choice(bids[:8]) if bids and rng.random() < bid_chance else PASS
        auction = auction.apply(call)
    return list(auction.calls)


__all__ = ["auction_calls", "bidding", "boundary_contracts", "boundary_holdings", "boundary_tricks", "checks_rng",
           "contract", "finished_deal", "hands"]
