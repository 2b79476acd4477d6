"""vint_core.honours: who holds which honours, and the exact odds of holding them (checked
against counting by hand and against a seeded simulation); the bots count honours by the same
rule as the score sheet."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest
from conftest import build_hands, cards

from vint_core import (
    RULE_SETS,
    SEED,
    Card,
    Contract,
    Deal,
    Hand,
    PerSide,
    Reason,
    Seat,
    Strain,
    VintError,
    deck,
    honour_cards,
    honours_held,
    honours_odds,
    totals,
)
from vint_core.bots.evaluation import honours_units
from vint_core.honours import honours_count
from vint_core.scoring import honour_lines

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def test_honour_cards() -> None:
    assert [str(c) for c in honour_cards(Strain.SPADES)] == ["A♠", "K♠", "Q♠", "J♠", "10♠"]
    assert [str(c) for c in honour_cards(Strain.NOTRUMP)] == ["A♠", "A♥", "A♦", "A♣"]


def test_honours_held_names_the_cards_of_each_side() -> None:
    hands = build_hands({N: cards("AH QH"), S: cards("10H"), E: cards("KH"), W: cards("JH AS AD")}, seed=4)
    held = honours_held(hands, Strain.HEARTS)
    assert held == PerSide(tuple(cards("AH QH 10H")), tuple(cards("KH JH")))
    assert str(held) == "N–S A♥ Q♥ 10♥, E–W K♥ J♥" and held.text("de") == "N–S A♥ Q♥ 10♥, O–W K♥ J♥"
    assert honours_count(hands, Strain.HEARTS) == PerSide(3, 2)
    aces = honours_held(hands, Strain.NOTRUMP)
    assert set(aces.ew) >= set(cards("AS AD")) and len(aces.ns) + len(aces.ew) == 4


def test_honours_held_of_a_side_without_any() -> None:
    hands = build_hands({N: cards("AC KC QC"), S: cards("JC 10C")}, seed=2)
    held = honours_held(hands, Strain.CLUBS)
    assert held.ew == () and str(held) == "N–S A♣ K♣ Q♣ J♣ 10♣, E–W —"


def test_honours_held_needs_four_hands() -> None:
    with pytest.raises(VintError) as err:
        honours_held(Deal.new(seed=1).hands[:2], Strain.HEARTS)
    assert err.value.reason is Reason.FOUR_HANDS
    assert "four hands" in str(err.value) and "vier Blätter" in err.value.message("de")


# -- exact odds -------------------------------------------------------------------------------------

@pytest.mark.parametrize("strain", list(Strain))
def test_odds_without_a_hand_are_the_hypergeometric_counts(strain: Strain) -> None:
    odds = honours_odds(strain)
    size = 4 if strain is Strain.NOTRUMP else 5
    assert list(odds) == list(range(size, -1, -1))
    assert sum(odds.values()) == 1 and all(isinstance(p, Fraction) for p in odds.values())
    for n, p in odds.items():
        assert p == Fraction(math.comb(size, n) * math.comb(52 - size, 26 - n), math.comb(52, 26))
        assert p == odds[size - n]  # both partnerships alike
    if strain is not Strain.NOTRUMP:
        assert odds[5] == Fraction(253, 9996)
    else:
        assert odds[4] == Fraction(46, 833)


def test_odds_given_a_hand() -> None:
    hand = Hand.parse("AKQ2.AK.5432.432")  # A K Q of spades: J and 10 are among the 39 unseen cards
    odds = honours_odds(Strain.SPADES, hand=hand)
    assert sum(odds.values()) == 1
    assert odds[2] == odds[1] == odds[0] == 0
    # partner holds neither / one / both of J and 10: 26·25/(39·38), 2·13·26/(39·38), 13·12/(39·38)
    assert odds[3] == Fraction(26 * 25, 39 * 38)
    assert odds[4] == Fraction(2 * 13 * 26, 39 * 38)
    assert odds[5] == Fraction(13 * 12, 39 * 38)
    aces = honours_odds(Strain.NOTRUMP, hand=hand)  # A♠ A♥: the partner holds neither, one or both others
    assert aces[1] == aces[0] == 0 and sum(aces.values()) == 1
    assert aces[2] == Fraction(math.comb(37, 13), math.comb(39, 13)) == odds[3]


def test_odds_need_a_hand_of_13_cards() -> None:
    with pytest.raises(VintError) as err:
        honours_odds(Strain.HEARTS, hand=Hand(Hand.parse("AKQ.JT9.876.5432").cards[:12]))
    assert err.value.reason is Reason.ODDS_HAND
    assert "has 12" in str(err.value) and "hat 12" in err.value.message("de")


def _tolerance(p: float, n: int) -> float:
    """4.5 standard deviations of a binomial frequency (a false alarm about once in 150 000 runs)."""
    return 4.5 * math.sqrt(p * (1 - p) / n) + 1e-9


def test_odds_agree_with_a_seeded_simulation() -> None:
    rng = random.Random(2024)
    n = 20_000
    counts = dict.fromkeys(range(6), 0)
    aces = dict.fromkeys(range(5), 0)
    for _ in range(n):
        hands = Deal.new(seed=rng.randrange(2**32)).hands
        counts[honours_count(hands, Strain.HEARTS).ns] += 1
        aces[honours_count(hands, Strain.NOTRUMP).ns] += 1
    for table, odds in ((counts, honours_odds(Strain.HEARTS)), (aces, honours_odds(Strain.NOTRUMP))):
        for k, p in odds.items():
            assert abs(table[k] / n - float(p)) <= _tolerance(float(p), n), (k, table[k], p)


def test_odds_given_a_hand_agree_with_a_seeded_simulation() -> None:
    hand = Hand.parse("A5.K432.Q765.J43")  # one trump honour in ♠, none of ♥ A K Q but ♥K; two aces
    rest = [c for c in deck() if c not in hand]
    rng = random.Random(7)
    n = 20_000
    for strain in (Strain.SPADES, Strain.HEARTS, Strain.NOTRUMP):
        odds = honours_odds(strain, hand=hand)
        honours = set(honour_cards(strain))
        mine = len(honours & set(hand))
        seen = dict.fromkeys(odds, 0)
        for _ in range(n):
            partner: list[Card] = rng.sample(rest, 13)
            seen[mine + len(honours.intersection(partner))] += 1
        for k, p in odds.items():
            assert abs(seen[k] / n - float(p)) <= _tolerance(float(p), n), (strain, k, seen[k], p)


# -- one honours rule: the bots count what the score sheet counts -----------------------------------

@pytest.mark.parametrize("rules", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_the_bots_expect_the_honours_the_scoring_gives(rules: object) -> None:
    """With everything known (the partner holds all or none of the rest), the bots' expected honours
    are exactly the score sheet's honour lines (aces split 2–2 under Foster: each side half)."""
    for strain in rules.strain_order:  # type: ignore[attr-defined]
        size = len(honour_cards(strain))
        contract = Contract(1, strain, N)
        tv = rules.trick_value_of(1, strain)  # type: ignore[attr-defined]
        for held in range(size + 1):
            for share, ours in ((0.0, held), (1.0, size)):
                count = PerSide(ours, size - ours)
                net = [totals(honour_lines(rules, contract, count, d)) for d in (7, 6)]  # type: ignore[arg-type]
                want = sum(p.ns - p.ew for p in net) / 2 / tv
                got = honours_units(rules, strain, held=held, partner_share=share)  # type: ignore[arg-type]
                assert got == pytest.approx(want)


def test_the_bots_honours_under_seed() -> None:
    # all five trump honours in one hand: 10 × trick value for sure
    assert honours_units(SEED, Strain.HEARTS, held=5, partner_share=0.3) == pytest.approx(10)
    # four of them: at least 4 × TV, 10 × if the partner holds the fifth
    assert honours_units(SEED, Strain.HEARTS, held=4, partner_share=0.5) == pytest.approx(0.5 * 10 + 0.5 * 4)
