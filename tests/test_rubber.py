"""docs/rules.md §2.2: game and rubber under ``seed``; rubbers in a row; splitting records into rubbers."""

from __future__ import annotations

import pytest
from conftest import cards, played_deal

from vint_core import (
    PASS,
    SEED,
    SHORT,
    Deal,
    NotFinishedError,
    PerSide,
    Rubber,
    RubberError,
    Seat,
    Side,
    rubbers_of,
)
from vint_core.errors import Reason

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
ACES_2_2 = {N: cards("AS"), S: cards("AH"), E: cards("AD"), W: cards("AC")}
SPADES_3_2 = {N: cards("AS KS QS"), E: cards("JS 10S")}


def test_tie_at_1000_plays_on_then_the_higher_total_wins() -> None:
    """Decision 9: 1060–1060 after two deals is no result; the next deal decides."""
    rubber = Rubber(SEED, N)
    rubber = rubber.record(played_deal("4NT", N, 10, ACES_2_2, dealer=N))  # 500 / 150
    rubber = rubber.record(played_deal("6NT", N, 8, ACES_2_2, dealer=E))  # 560 / 350 + 4 × 140
    assert rubber.game_score == PerSide(1060, 1060)
    assert rubber.winner is None and not rubber.is_finished and rubber.bonus_lines == ()
    assert rubber.totals == PerSide(1060, 1060)
    third = played_deal("1♠", N, 7, SPADES_3_2, dealer=S)  # 70 / 60, no honour line
    rubber = rubber.record(third)
    assert rubber.winner is Side.NS
    assert rubber.totals == PerSide(1130 + 250, 1120)


def test_one_side_over_the_target_wins_at_once() -> None:
    rubber = Rubber(SHORT, N).record(played_deal("5NT", N, 10, ACES_2_2, rules=SHORT))  # 600 / 300 under short (500)
    assert rubber.winner is Side.NS and rubber.games_won == PerSide(1, 0)
    assert [(ln.kind, ln.side, ln.points) for ln in rubber.bonus_lines] == [("rubber", Side.NS, 250)]
    with pytest.raises(RubberError) as info:
        rubber.new_deal(seed=1)
    assert info.value.reason is Reason.RUBBER_OVER
    with pytest.raises(RubberError):
        rubber.record(played_deal("1♠", N, 7, SPADES_3_2, rules=SHORT, dealer=E))


def test_the_next_rubber_starts_0_0_and_the_deal_keeps_rotating() -> None:
    rubber = Rubber(SHORT, W).record(played_deal("5NT", N, 10, ACES_2_2, rules=SHORT, dealer=W))
    assert rubber.is_finished
    nxt = rubber.next_rubber()
    assert nxt.totals == PerSide(0, 0) and nxt.game_score == PerSide(0, 0) and nxt.winner is None
    assert nxt.first_dealer is N and nxt.next_dealer is N and nxt.new_deal(seed=2).dealer is N


def test_rubber_totals_equal_the_sum_of_its_lines() -> None:
    rubber = Rubber(SEED, N)
    for i, (contract, tricks) in enumerate([("3NT", 9), ("2♥", 6), ("4♠", 11)]):
        rubber = rubber.record(played_deal(contract, N, tricks, {}, dealer=Seat(i)))
    for side in Side:
        assert rubber.totals[side] == sum(ln.points for ln in rubber.lines if ln.side is side)
        assert rubber.totals[side] == sum(rd.points[side] for rd in rubber.deals) + sum(
            ln.points for ln in rubber.bonus_lines if ln.side is side)


def test_record_refuses_unfinished_deals_and_other_rule_sets() -> None:
    deal = Deal.new(dealer=N, seed=1)
    with pytest.raises(NotFinishedError) as info:
        Rubber(SEED, N).record(deal)
    assert info.value.reason is Reason.NOT_FINISHED
    passed = Deal.new(dealer=N, seed=1, rules=SHORT)
    for _ in range(4):
        passed = passed.apply(PASS)
    with pytest.raises(RubberError) as info:
        Rubber(SEED, N).record(passed)
    assert info.value.reason is Reason.WRONG_DEAL


def test_rubbers_of_splits_a_record_after_each_won_rubber() -> None:
    a = played_deal("5NT", N, 10, ACES_2_2, rules=SHORT, dealer=N)  # wins a short rubber at once
    b = played_deal("1♠", N, 7, SPADES_3_2, rules=SHORT, dealer=E)
    c = played_deal("5NT", N, 10, ACES_2_2, rules=SHORT, dealer=S)
    rubbers = rubbers_of([a, b, c])
    assert len(rubbers) == 2
    assert [len(r.deals) for r in rubbers] == [1, 2]
    assert rubbers[0].winner is Side.NS and rubbers[1].winner is Side.NS
    assert rubbers[1].first_dealer is E


def test_new_deal_carries_dealer_and_number() -> None:
    rubber = Rubber(SEED, E)
    deal = rubber.new_deal(seed=4, board="1")
    assert deal.dealer is E and deal.deal_number == 1 and deal.board == "1"
    assert deal.hands == Rubber(SEED, E).new_deal(seed=4).hands


def test_record_refuses_a_deal_dealt_by_the_wrong_seat() -> None:
    rubber = Rubber(SEED, N).record(played_deal("1♠", N, 7, SPADES_3_2, dealer=N))
    assert rubber.next_dealer is E
    with pytest.raises(RubberError) as info:
        rubber.record(played_deal("1♠", N, 7, SPADES_3_2, dealer=S))
    assert info.value.reason is Reason.WRONG_DEAL
    assert str(info.value) == ("this deal does not fit the rubber: East deals next in this rubber, "
                               "but the deal was dealt by South")
    assert len(rubber.deals) == 1


def test_margin_is_the_difference_of_all_points() -> None:
    rubber = Rubber(SHORT, N).record(played_deal("5NT", N, 10, ACES_2_2, rules=SHORT))
    assert rubber.margin == (600 + 250) - 300 == rubber.totals[Side.NS] - rubber.totals[Side.EW]
