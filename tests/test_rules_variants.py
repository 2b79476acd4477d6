"""docs/rules.md §4.1–4.3: ``short``, ``progressive`` and ``whist_vint``, and example A7."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import build_hands, cards, played_deal

from vint_core import (
    FOSTER_1897,
    PASS,
    PROGRESSIVE,
    RULE_SETS,
    SEED,
    SHORT,
    WHIST_VINT,
    Bid,
    Call,
    Contract,
    Deal,
    IllegalCallError,
    ParseError,
    PerSide,
    Reason,
    Rubber,
    RuleSet,
    Seat,
    Side,
    Strain,
    score_contract,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


# -- short ----------------------------------------------------------------------------------------


def test_short_is_seed_to_500() -> None:
    assert SHORT.game_target == 500
    assert SHORT.replace(name="seed", game_target=1000) == SEED


def test_G2() -> None:
    """``short``, 450 / 400 before the deal, then 2♦ by East with 5 / 8: 550 / 560, E–W win: 810."""
    spades_3_2 = {N: cards("AS KS QS"), E: cards("JS 10S")}  # no honour line
    rubber = Rubber(SHORT, N).record(played_deal("5♠", N, 9, spades_3_2, rules=SHORT))  # 450 / 200 + 2 × 100
    assert rubber.game_score == PerSide(450, 400) and rubber.winner is None
    deal = played_deal("2♦", E, 8, {E: cards("AD KD QD"), N: cards("JD"), S: cards("10D")}, rules=SHORT, dealer=E)
    rubber = rubber.record(deal)
    assert rubber.deals[-1].game_before == PerSide(450, 400)
    assert rubber.winner is Side.EW
    assert [(str(ln.side), ln.points) for ln in rubber.bonus_lines] == [("E–W", 250)]
    assert rubber.totals == PerSide(550, 810)


# -- progressive ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "level"), [(1, 1), (2, 2), (3, 3), (7, 7), (8, 1), (9, 2), (14, 7), (15, 1)])
def test_progressive_minimum_level_wraps_after_seven(n: int, level: int) -> None:
    assert PROGRESSIVE.min_level_for(n) == level
    deal = Deal(build_hands({}, seed=n), dealer=N, rules=PROGRESSIVE, deal_number=n)
    bids = [c for c in deal.legal_actions() if isinstance(c, Bid)]
    assert min(b.level for b in bids) == level and deal.legal_actions()[0] is PASS


def test_A7() -> None:
    deal = Deal(build_hands({}, seed=3), dealer=S, rules=PROGRESSIVE, deal_number=3)
    assert not deal.is_legal(Call.parse("2NT")) and deal.is_legal(Call.parse("3♠"))
    with pytest.raises(IllegalCallError) as info:
        deal.apply(Call.parse("2NT"))
    assert info.value.reason is Reason.BELOW_MIN_LEVEL
    assert "level 3" in str(info.value)


def test_progressive_counts_passed_out_deals_and_restarts_each_rubber() -> None:
    rubber = Rubber(PROGRESSIVE, N)
    passed = rubber.new_deal(seed=1)
    assert passed.deal_number == 1
    for _ in range(4):
        passed = passed.apply(PASS)
    rubber = rubber.record(passed)
    second = rubber.new_deal(seed=2)
    assert second.deal_number == 2 and second.dealer is E
    assert not second.is_legal(Call.parse("1NT")) and second.is_legal(Call.parse("2♠"))
    nxt = rubber.next_rubber()
    assert nxt.new_deal(seed=3).deal_number == 1 and nxt.next_dealer is E


def test_progressive_rubber_rejects_a_deal_played_with_the_wrong_number() -> None:
    from vint_core import RubberError

    deal = Deal(build_hands({}, seed=4), dealer=N, rules=PROGRESSIVE, deal_number=2)
    for _ in range(4):
        deal = deal.apply(PASS)
    with pytest.raises(RubberError):
        Rubber(PROGRESSIVE, N).record(deal)


# -- whist_vint -----------------------------------------------------------------------------------


def test_whist_vint_has_no_notrump_bids() -> None:
    deal = Deal(build_hands({}, seed=5), dealer=N, rules=WHIST_VINT)
    assert not any(isinstance(c, Bid) and c.strain is Strain.NOTRUMP for c in deal.legal_actions())
    assert len(deal.legal_actions()) == 1 + 7 * 4
    with pytest.raises(IllegalCallError) as info:
        deal.apply(Call.parse("1NT"))
    assert info.value.reason is Reason.STRAIN_NOT_ALLOWED


def test_whist_vint_has_no_honours_and_no_slams() -> None:
    hands = build_hands({N: cards("AS KS QS JS 10S AH AD AC")}, seed=6)
    lines = score_contract(Contract(6, Strain.SPADES, N), tricks=13, honours=hands, rules=WHIST_VINT)
    assert [(ln.kind, str(ln.side), ln.points) for ln in lines] == [("tricks", "N–S", 780)]
    seed_lines = score_contract(Contract(6, Strain.SPADES, N), tricks=13, honours=hands, rules=SEED)
    assert {ln.kind for ln in seed_lines} == {"tricks", "slam", "honours"}


def test_whist_vint_keeps_tricks_for_both_sides_and_undertricks() -> None:
    lines = score_contract(Contract(4, Strain.HEARTS, N), tricks=9, honours=build_hands({}, seed=7), rules=WHIST_VINT)
    assert [(ln.kind, str(ln.side), ln.points) for ln in lines] == [
        ("tricks", "N–S", 360), ("tricks", "E–W", 160), ("undertricks", "E–W", 80)]
    assert WHIST_VINT.game_target == 1000 and WHIST_VINT.rubber_bonus == 250


def test_whist_vint_defenders_slam_scores_nothing_either() -> None:
    deal = played_deal("1♣", N, 1, {}, rules=WHIST_VINT, strong=Side.EW)
    assert [ln.kind for ln in deal.score()] == ["tricks", "tricks", "undertricks"]


# -- rule sets as values ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["seed", "short", "progressive", "whist_vint", "foster_1897"])
def test_rule_set_named(name: str) -> None:
    rules = RuleSet.named(name)
    assert rules.name == name and rules is RULE_SETS[name]
    assert RuleSet.named(name.upper()) is rules
    assert RuleSet.from_json(rules.to_json()) == rules


def test_unknown_rule_set_is_a_parse_error() -> None:
    with pytest.raises(ParseError) as info:
        RuleSet.named("tournament")
    assert info.value.reason is Reason.UNKNOWN_RULES
    assert "'tournament' is not a rule set" in str(info.value)


def test_every_rules_md_parameter_is_a_rule_set_field() -> None:
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    for parameter in ("strain_order", "self_overcall", "pass_is_final", "auction_end_passes", "passout_passes",
                      "min_level", "trick_value", "undertrick_penalty", "slam_bonus", "honours_suit", "honours_nt",
                      "three_honours_multiplier", "game_target", "game_counts", "games_per_rubber", "rubber_bonus"):
        assert parameter in fields, parameter


def test_seed_preset_matches_rules_md_section_2() -> None:
    assert (SEED.self_overcall, SEED.pass_is_final, SEED.auction_end_passes, SEED.passout_passes, SEED.min_level) == (
        True, False, 8, 4, 1)
    assert (SEED.undertrick_penalty.multiplier, SEED.undertrick_penalty.flat) == (2, None)
    assert (SEED.slam_bonus.little, SEED.slam_bonus.grand) == (100, 250)
    assert (SEED.honours_suit, SEED.honours_nt, SEED.three_honours_multiplier) == ("tiers", "tiers", 0)
    assert (SEED.game_target, SEED.game_counts, SEED.games_per_rubber, SEED.rubber_bonus) == (1000, "all", 1, 250)


def test_presets_differ_from_seed_only_as_rules_md_says() -> None:
    def diff(rules: RuleSet) -> set[str]:
        return {k for k, v in rules.to_json().items() if SEED.to_json()[k] != v} - {"name"}

    assert diff(SHORT) == {"game_target"}
    assert diff(PROGRESSIVE) == {"min_level"}
    assert diff(WHIST_VINT) == {"strain_order", "honours_suit", "honours_nt", "slam_bonus"}
    assert diff(FOSTER_1897) >= {"self_overcall", "auction_end_passes", "trick_value", "undertrick_penalty",
                                 "slam_bonus", "game_target", "game_counts", "games_per_rubber", "rubber_bonus"}
    assert FOSTER_1897.passout_passes == 4 and FOSTER_1897.game_target == 500 and FOSTER_1897.rubber_bonus == 2000
