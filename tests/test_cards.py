"""docs/rules.md §1.2 and §1.4: the pack, the cut for the first dealer, dealing from a seed."""

from __future__ import annotations

import random

import pytest

from vint_core import Card, Deal, Hand, Rank, Seat, Suit, cut_for_dealer, deal_hands, deck
from vint_core.cards import cut_key

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_one_pack_of_52_distinct_cards_ranked_ace_high() -> None:
    pack = deck()
    assert len(pack) == 52 and len(set(pack)) == 52
    assert " ".join(str(r) for r in sorted(Rank, reverse=True)) == "A K Q J 10 9 8 7 6 5 4 3 2"
    assert {c.suit for c in pack} == set(Suit)


def test_cards_parse_and_print_back() -> None:
    for card in deck():
        assert Card.parse(str(card)) is card and Card.parse(card.pbn) is card
        assert eval(repr(card), {"Card": Card}) is card  # repr parses back
    assert Card.parse("TH") is Card.parse("10♥") is Card.parse("♥10") is Card(Suit.HEARTS, Rank.TEN)


def test_hand_pbn_round_trip() -> None:
    hand = Hand.parse("AKQ.JT9.876.5432")
    assert hand.pbn == "AKQ.JT9.876.5432" and len(hand) == 13
    assert Hand.parse(hand.pbn) == hand and Hand.parse("♠AKQ ♥JT9 ♦876 ♣5432") == hand


# -- the cut --------------------------------------------------------------------------------------


class _Draw(random.Random):
    """A pack that always gives the four cards we choose, N E S W."""

    def __init__(self, texts: str) -> None:
        super().__init__(0)
        self.drawn = [Card.parse(t) for t in texts.split()]

    def sample(self, population, k, *, counts=None):  # type: ignore[no-untyped-def, override]
        assert k == 4
        return list(self.drawn)


@pytest.mark.parametrize(("drawn", "dealer"), [
    ("5S 3H 9D KC", E),        # lowest rank deals
    ("2S AH 9D KC", E),        # ace counts low
    ("7H 7C 7S 7D", S),        # equal ranks: ♠ lowest
    ("4H 4D QC JS", E),        # ♦ below ♥
    ("KC KD KH QS", W),
    ("AH AC 3S 2D", E),        # two aces, both low: ♣A below ♥A
])
def test_cut_lowest_card_deals(drawn: str, dealer: Seat) -> None:
    got, cards = cut_for_dealer(_Draw(drawn))
    assert got is dealer
    assert [str(cards[s]) for s in Seat] == [str(Card.parse(t)) for t in drawn.split()]


def test_cut_suit_order_is_spades_clubs_diamonds_hearts() -> None:
    sevens = sorted((Card.parse(t) for t in ("7H", "7D", "7C", "7S")), key=cut_key)
    assert [c.suit for c in sevens] == [Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS]
    assert cut_key(Card.parse("AS")) < cut_key(Card.parse("2S"))


def test_cut_from_a_seed_is_reproducible_and_four_different_cards() -> None:
    for seed in range(20):
        dealer, cards = cut_for_dealer(seed)
        assert (dealer, cards) == cut_for_dealer(seed)
        assert len(set(cards.values())) == 4
        assert min(cards.values(), key=cut_key) is cards[dealer]


# -- dealing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
def test_dealing_one_card_at_a_time_from_the_dealers_left(dealer: Seat) -> None:
    """The pack shuffled as ``random.shuffle`` does it; card 1 to the dealer's left, card 2 next, …"""
    order = list(range(52))
    random.Random(99).shuffle(order)
    hands = deal_hands(dealer, 99)
    pack = deck()
    for i, index in enumerate(order):
        assert pack[index] in hands[dealer.offset(1 + i % 4)]


def test_dealing_gives_13_cards_each_and_the_whole_pack() -> None:
    for seed in range(50):
        hands = deal_hands(Seat(seed % 4), seed)
        assert [len(h) for h in hands] == [13] * 4
        assert set().union(*(set(h) for h in hands)) == set(deck())


def test_seeded_dealing_is_reproducible() -> None:
    assert deal_hands(N, 5) == deal_hands(N, 5)
    assert deal_hands(N, 5) != deal_hands(N, 6)
    assert Deal.new(dealer=S, seed=5).hands == Deal.new(dealer=S, seed=5).hands
    assert deal_hands(N, random.Random(8)) == deal_hands(N, 8)


def test_same_seed_other_dealer_rotates_the_hands() -> None:
    a, b = deal_hands(N, 3), deal_hands(E, 3)
    assert all(b[seat.next()] == a[seat] for seat in Seat)
