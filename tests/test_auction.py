"""docs/rules.md §1.5, §2 and §4: the auction under every rule set."""

from __future__ import annotations

import pytest
from conftest import build_hands

from vint_core import (
    FOSTER_1897,
    PASS,
    SEED,
    Auction,
    Bid,
    Call,
    Deal,
    IllegalCallError,
    PerSide,
    Phase,
    Reason,
    Rubber,
    RuleSet,
    Seat,
    Strain,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def run(texts: list[str], *, rules: RuleSet = SEED, dealer: Seat = N) -> Auction:
    auction = Auction(dealer, rules)
    for text in texts:
        auction = auction.apply(Call.parse(text))
    return auction


def test_dealer_calls_first_then_clockwise() -> None:
    auction = run(["P", "1♠", "P"], dealer=W)
    assert [(str(s), str(c)) for s, c in auction.calls_by()] == [("West", "Pass"), ("North", "1♠"), ("East", "Pass")]
    assert auction.to_act is S


def test_a_bid_must_outrank_the_highest_bid() -> None:
    auction = run(["2♦"])
    legal = auction.legal_calls()
    assert Bid(2, Strain.DIAMONDS) not in legal and Bid(2, Strain.CLUBS) not in legal
    assert Bid(2, Strain.HEARTS) in legal and Bid(3, Strain.SPADES) in legal
    with pytest.raises(IllegalCallError) as info:
        auction.apply(Call.parse("2♣"))
    assert info.value.reason is Reason.INSUFFICIENT_BID


def test_eight_passes_after_a_bid_end_the_auction() -> None:
    auction = run(["1♥"] + ["P"] * 7)
    assert not auction.is_over
    auction = auction.apply(PASS)
    assert auction.is_over and auction.contract is not None and str(auction.contract) == "1♥ by North"


def test_three_passes_do_not_end_the_seed_auction() -> None:
    auction = run(["1♥", "P", "P", "P"])
    assert not auction.is_over and auction.to_act is N


def test_a_new_bid_restarts_the_count_of_passes() -> None:
    auction = run(["1♥"] + ["P"] * 7 + ["1NT"] + ["P"] * 7)
    assert not auction.is_over
    auction = auction.apply(PASS)
    assert str(auction.contract) == "1NT by North"  # North bid both; the last bidder is the declarer


def test_four_passes_pass_the_deal_out_and_the_next_dealer_deals() -> None:
    for rules in (SEED, FOSTER_1897):
        auction = run(["P", "P", "P"], rules=rules)
        assert not auction.is_over
        auction = auction.apply(PASS)
        assert auction.is_over and auction.is_passed_out and auction.contract is None


def test_passed_out_deals_score_nothing_and_rotate_the_deal() -> None:
    rubber = Rubber(SEED, S)
    for expected_dealer in (S, W, N, E, S):
        deal = rubber.new_deal(seed=1)
        assert deal.dealer is expected_dealer
        for _ in range(4):
            deal = deal.apply(PASS)
        assert deal.phase is Phase.FINISHED and deal.score() == ()
        rubber = rubber.record(deal)
    assert rubber.totals == PerSide(0, 0) and rubber.winner is None and len(rubber.deals) == 5


def test_seed_allows_self_overcall() -> None:
    auction = run(["1♠"] + ["P"] * 7)
    assert auction.to_act is N and Bid(2, Strain.SPADES) in auction.legal_calls()
    assert SEED.self_overcall is True


def test_foster_forbids_self_overcall_until_outbid() -> None:
    rules = FOSTER_1897.replace(name="foster_long", auction_end_passes=8)  # so North gets the turn back
    auction = run(["1♠", "P", "P", "P"], rules=rules)
    assert auction.to_act is N and auction.legal_calls() == (PASS,)
    with pytest.raises(IllegalCallError) as info:
        auction.apply(Call.parse("2♠"))
    assert info.value.reason is Reason.SELF_OVERCALL
    outbid = run(["1♠", "P", "2♠", "P"], rules=FOSTER_1897)  # partner outbid him: he may bid again
    assert outbid.is_legal(Call.parse("3♠"))


def test_foster_three_passes_end_the_auction() -> None:
    auction = run(["1♠", "P", "P"], rules=FOSTER_1897)
    assert not auction.is_over
    assert run(["1♠", "P", "P", "P"], rules=FOSTER_1897).is_over


@pytest.mark.parametrize("final", [False, True])
def test_pass_is_final_is_a_parameter(final: bool) -> None:
    rules = SEED.replace(name="final" if final else "seed", pass_is_final=final)
    auction = run(["P", "1♦", "P", "P"], rules=rules)
    assert auction.to_act is N
    assert auction.is_legal(Call.parse("1♥")) is not final
    if final:
        assert auction.legal_calls() == (PASS,)
        with pytest.raises(IllegalCallError) as info:
            auction.apply(Call.parse("1♥"))
        assert info.value.reason is Reason.PASSED_BEFORE


def test_declarer_is_the_final_bidder_and_the_left_hand_opponent_leads() -> None:
    deal = Deal.replay(build_hands({}, seed=1), [Call.parse(t) for t in ["1♣", "1♦", "2♥"] + ["P"] * 8],
                       dealer=W)
    assert deal.declarer is E and deal.to_act is S and deal.phase is Phase.PLAY


def test_seven_notrump_is_the_top_and_only_pass_follows() -> None:
    auction = run(["7NT"])
    assert auction.legal_calls() == (PASS,)
