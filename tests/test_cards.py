"""docs/rules.md §1.2 and §1.4: the pack, the cut for the first dealer, dealing from a seed."""

from __future__ import annotations

import random

import pytest

from vint_core import Card, Deal, Hand, ParseError, Rank, Reason, Seat, Suit, cut_for_dealer, deal_hands, deck
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


# -- hands from text --------------------------------------------------------------------------------

FULL = Hand.parse("AKQ.JT9.876.5432")


@pytest.mark.parametrize("text", [
    "AKQ.JT9.876.5432", "akq.jt9.876.5432", "AKQ.J109.876.5432", "AKQ JT9 876 5432", "♠AKQ ♥JT9 ♦876 ♣5432",
    "♠AKQ♥JT9♦876♣5432", "♠ A K Q  ♥ J 10 9  ♦ 8 7 6  ♣ 5 4 3 2", "S:AKQ H:JT9 D:876 C:5432",
    "S: AKQ, H: JT9, D: 876, C: 5432", "SAKQ HJT9 D876 C5432", "♣5432 ♦876 ♥JT9 ♠AKQ",
    "A♠ K♠ Q♠ J♥ 10♥ 9♥ 8♦ 7♦ 6♦ 5♣ 4♣ 3♣ 2♣", "SA SK SQ HJ HT H9 D8 D7 D6 C5 C4 C3 C2",
])
def test_hand_parse_reads_the_usual_spellings(text: str) -> None:
    assert Hand.parse(text) == FULL


def test_hand_parse_reads_what_str_and_repr_print_and_voids() -> None:
    void = Hand.parse("AKQJT98765432.-..")
    assert Hand.parse(str(void)) == void and str(void) == "♠ A K Q J 10 9 8 7 6 5 4 3 2  ♥ —  ♦ —  ♣ —"
    assert Hand.parse("AKQJT98765432 - - -") == void == eval(repr(void))
    part = Hand.parse("A♠ 10♥", complete=False)
    assert repr(part) == "Hand.parse('A.T..', complete=False)" and eval(repr(part)) == part


@pytest.mark.parametrize(("text", "n"), [("AKQ.JT9.876.543", 12), ("AKQJ.JT9.876.5432", 14), ("...", 0),
                                         ("AKQ.JT9.876", 9)])
def test_a_hand_has_13_cards(text: str, n: int) -> None:
    with pytest.raises(ParseError) as info:
        Hand.parse(text)
    assert info.value.reason is Reason.HAND_SIZE
    assert str(info.value) == f"a hand has 13 cards; '{text}' has {n}"
    assert info.value.message("de") == f"ein Blatt hat 13 Karten; „{text}“ hat {n}"


def test_a_partial_hand_may_hold_fewer_never_more_than_13() -> None:
    assert len(Hand.parse("AKQ.JT9.876.543", complete=False)) == 12
    assert len(Hand.parse("", complete=False)) == 0
    with pytest.raises(ParseError) as info:
        Hand.parse("AKQJT98765432.A..", complete=False)
    assert info.value.reason is Reason.HAND_TOO_BIG
    assert str(info.value) == "a hand has at most 13 cards; 'AKQJT98765432.A..' has 14"


@pytest.mark.parametrize(("text", "card"), [("AKQA.JT9.876.5432", "A♠"), ("♠AKQ ♥JT9 ♦876 ♣5432 ♠Q", "Q♠"),
                                            ("A♠ 10♥ TH", "10♥"), ("AKQ.JT9.876.5433", "3♣")])
def test_a_card_named_twice_is_named_in_the_error(text: str, card: str) -> None:
    with pytest.raises(ParseError) as info:
        Hand.parse(text, complete=False)
    assert info.value.reason is Reason.CARD_TWICE
    assert str(info.value) == f"'{text}' names {card} twice: each card can be held once"
    assert info.value.message("de") == f"„{text}“ nennt {card} zweimal: jede Karte gibt es nur einmal"


@pytest.mark.parametrize("text", ["AKX.JT9.876.5432", "AKQ JT9 876", "♠AKQ ♥JT9 X", "S: AKQ H: x",
                                  "1♠", "AKQ.JT9.876.5432.A"])
def test_not_a_hand(text: str) -> None:
    with pytest.raises(ParseError) as info:
        Hand.parse(text)
    assert info.value.reason is Reason.BAD_HAND
    assert str(info.value).startswith(f"'{text}' is not a hand: write four suits")


def test_hand_of_cards_names_a_card_given_twice() -> None:
    with pytest.raises(ParseError) as info:
        Hand([Card.parse("AS"), Card.parse("KS"), Card.parse("SA")])
    assert info.value.reason is Reason.CARD_TWICE and str(info.value).startswith("'A♠ K♠ A♠' names A♠ twice")


def test_hand_mask_is_public_and_round_trips() -> None:
    assert Hand.from_mask(FULL.mask) == FULL and FULL.mask.bit_count() == 13
    assert Hand.parse("A...", complete=False).mask == Card.parse("AS").bit


# -- dealing with some cards fixed ------------------------------------------------------------------


def test_fixed_cards_are_dealt_to_their_seats_and_the_rest_at_random() -> None:
    fixed = {S: "AKQ.JT9.876.5432", "N": "..AK", W: [Card.parse("2H")]}
    hands = deal_hands(N, 5, fixed=fixed)
    assert hands[S] == FULL and Card.parse("K♦") in hands[N] and Card.parse("2♥") in hands[W]
    assert all(len(h) == 13 for h in hands) and len(set().union(*(set(h) for h in hands))) == 52
    assert deal_hands(N, 5, fixed=fixed) == hands  # reproducible
    assert deal_hands(N, 6, fixed=fixed) != hands
    assert deal_hands(N, 5, fixed={}) == deal_hands(N, 5)  # nothing fixed: the plain deal


def test_fixed_cards_leave_the_rest_uniform() -> None:
    """North holds ♠A K; each other spade is equally likely in each of the four hands (11/… of 13 places)."""
    counts = {seat: 0 for seat in Seat}
    runs = 4000
    for seed in range(runs):
        hands = deal_hands(E, seed, fixed={N: "AK.."})
        counts[next(s for s in Seat if Card.parse("Q♠") in hands[s])] += 1
    # places left: North 11, the others 13 each, of 50
    for seat, places in ((N, 11), (E, 13), (S, 13), (W, 13)):
        expected = runs * places / 50
        assert abs(counts[seat] - expected) < 4 * (expected * (1 - places / 50)) ** 0.5, counts


def test_fixed_card_given_to_two_seats_is_refused() -> None:
    with pytest.raises(ParseError) as info:
        deal_hands(N, 1, fixed={N: "AK..", S: "A..."})
    assert info.value.reason is Reason.FIXED_TWICE
    assert str(info.value) == "A♠ cannot be fixed for both North and South: each card is dealt once"
    assert info.value.message("de") == ("A♠ kann nicht zugleich Nord und Süd gegeben werden: "
                                        "jede Karte wird einmal verteilt")


def test_more_than_13_fixed_cards_for_a_seat_are_refused() -> None:
    with pytest.raises(ParseError) as info:
        deal_hands(N, 1, fixed={N: list(deck()[:14])})
    assert info.value.reason is Reason.FIXED_TOO_MANY
    assert str(info.value) == "North is given 14 fixed cards, but a hand has 13"
    assert info.value.message("de") == "Nord bekommt 14 feste Karten, aber ein Blatt hat 13"
    with pytest.raises(ParseError) as info:
        deal_hands(N, 1, fixed={N: "AKQJT98765432...", "north": "A..."})
    assert info.value.reason is Reason.FIXED_TWICE
    with pytest.raises(ParseError) as info:
        deal_hands(N, 1, fixed={"X": "A..."})
    assert info.value.reason is Reason.BAD_SEAT


def test_hand_of_text_reads_it_as_a_partial_hand() -> None:
    assert Hand("AKQ.JT9.876.5432") == FULL and Hand("A♠ K♠") == Hand.parse("AK...", complete=False)
    with pytest.raises(ParseError) as info:
        Hand("AKQ.X..")
    assert info.value.reason is Reason.BAD_HAND and str(info.value).startswith("'AKQ.X..' is not a hand")
