"""What-if scoring: every worked example of docs/rules.md §5 through ``score_contract``, from the
contract, the declaring side's tricks and the honours held (counts, not hands), and the errors
a learner meets when the question cannot be."""

from __future__ import annotations

import random

import pytest

from vint_core import (
    FOSTER_1897,
    RULE_SETS,
    SEED,
    SHORT,
    Call,
    Contract,
    Deal,
    ParseError,
    PerSide,
    Reason,
    Seat,
    Side,
    Strain,
    UndertrickPenalty,
    VintError,
    score_contract,
    totals,
)
from vint_core.honours import honours_count
from vint_core.scoring import ScoreLine, rubber_line

FLAT50 = SEED.replace(undertrick_penalty=UndertrickPenalty(flat=50))
F = FOSTER_1897


def points(lines: tuple[ScoreLine, ...]) -> PerSide[int]:
    return totals(lines)


def below_above(lines: tuple[ScoreLine, ...]) -> tuple[PerSide[int], PerSide[int]]:
    return (totals(ln for ln in lines if ln.counts_for_game), totals(ln for ln in lines if not ln.counts_for_game))


# -- seed: S1–S8 ----------------------------------------------------------------------------------

def test_S1_what_if() -> None:
    lines = score_contract("4♥ N", tricks=9, honours=PerSide(2, 3), rules=SEED)
    assert points(lines) == PerSide(360, 240)
    assert [ln.text() for ln in lines] == ["N–S: 9 tricks × 40 = 360", "E–W: 4 tricks × 40 = 160",
                                          "E–W: 1 undertrick × 2 × 40 = 80"]
    assert points(score_contract("4♥ N", tricks=9, honours=PerSide(2, 3), rules=FLAT50)) == PerSide(360, 210)


def test_S2_what_if() -> None:
    lines = score_contract("4♥ N", tricks=10, honours=PerSide(5, 0), rules=SEED)
    assert points(lines) == PerSide(800, 120)
    assert [ln.points for ln in lines if ln.kind == "honours"] == [400]


def test_S3_what_if() -> None:
    assert points(score_contract("3NT S", tricks=9, honours=PerSide(4, 0), rules=SEED)) == PerSide(760, 160)


def test_S4_what_if() -> None:
    # West declares 2NT; E–W take 7 of the 13 tricks, the aces split 2–2
    assert points(score_contract("2NT W", tricks=7, honours=PerSide(2, 2), rules=SEED)) == PerSide(240, 210)
    assert points(score_contract("2NT W", tricks=7, honours=PerSide(2, 2), rules=FLAT50)) == PerSide(230, 210)


def test_S5_what_if() -> None:
    lines = score_contract("6♠ N", tricks=13, honours=PerSide(4, 1), rules=SEED)
    assert points(lines) == PerSide(1270, 0)
    assert [(ln.kind, ln.points) for ln in lines] == [("tricks", 780), ("slam", 250), ("honours", 240)]


def test_S6_what_if() -> None:
    for held in (PerSide(3, 2), PerSide(2, 3)):  # three honours score 0 by default, whoever holds them
        assert points(score_contract("1♣ N", tricks=1, honours=held, rules=SEED)) == PerSide(10, 340)


def test_S7_what_if() -> None:
    assert points(score_contract("7NT E", tricks=11, rules=SEED)) == PerSide(480, 880)


def test_S8_what_if() -> None:
    assert points(score_contract("1NT S", tricks=7, honours=PerSide(3, 1), rules=SEED)) == PerSide(140, 120)
    scaled = SEED.replace(honours_nt="scaled")
    assert points(score_contract("1NT S", tricks=7, honours=PerSide(3, 1), rules=scaled)) == PerSide(220, 120)


# -- game and rubber: G1, G2 (the what-if lines added to the score before the deal) ----------------

def test_G1_what_if() -> None:
    after = PerSide(950, 900) + points(score_contract("2♦ E", tricks=8, rules=SEED))
    assert after == PerSide(1050, 1060)
    assert min(after) >= SEED.game_target and after.ew > after.ns  # both passed 1000: E–W, higher, win
    assert after.ew + rubber_line(Side.EW, SEED).points == 1310


def test_G2_what_if() -> None:
    after = PerSide(450, 400) + points(score_contract("2♦ E", tricks=8, rules=SHORT))
    assert after == PerSide(550, 560) and min(after) >= SHORT.game_target
    assert after.ew + rubber_line(Side.EW, SHORT).points == 810


# -- foster_1897: F1–F6 ---------------------------------------------------------------------------

def test_F1_what_if() -> None:
    below, above = below_above(score_contract("2♦ N", tricks=9, rules=F))
    assert below == PerSide(180, 80) and above == PerSide(0, 0)
    # with the honours of the F1 hands: N–S 3 of the 5 trump honours, the aces split 2–2
    lines = score_contract("2♦ N", tricks=9, honours=PerSide(3, 2), aces=PerSide(2, 2), rules=F)
    assert [ln.text() for ln in lines if not ln.counts_for_game] == [
        "N–S: 3 of the 5 trump honours of ♦ = 3 × 10 × 20 = 600",
        "N–S: aces split 2–2, 7 or more tricks taken = 2 × 10 × 20 = 400"]


def test_F2_what_if() -> None:
    assert below_above(score_contract("3♦ N", tricks=7, rules=F)) == (PerSide(210, 180), PerSide(0, 6000))


def test_F3_what_if() -> None:
    assert below_above(score_contract("6♥ N", tricks=12, rules=F)) == (PerSide(720, 60), PerSide(6000, 0))


def test_F4_what_if() -> None:
    assert below_above(score_contract("6♣ N", tricks=13, rules=F)) == (PerSide(780, 0), PerSide(7000, 0))


def test_F5_what_if() -> None:
    # the game reached during the deal (+1000 above) is the rubber's, not the deal's
    assert below_above(score_contract("7NT N", tricks=13, rules=F)) == (PerSide(910, 0), PerSide(12000, 0))


def test_F6_what_if() -> None:
    assert below_above(score_contract("3♠ N", tricks=12, rules=F)) == (PerSide(360, 30), PerSide(1000, 0))


def test_foster_notrump_counts_only_the_aces() -> None:
    lines = score_contract("3NT N", tricks=6, honours=PerSide(2, 2), rules=F)
    assert [(ln.side, ln.kind, ln.points) for ln in lines if ln.kind == "aces"] == [(Side.EW, "aces", 1500)]


# -- counts and hands agree -------------------------------------------------------------------------

@pytest.mark.parametrize("rules", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_counts_score_as_the_hands_do_under_every_rule_set(rules: object) -> None:
    assert rules in RULE_SETS.values()
    rng = random.Random(3)
    for _ in range(30):
        hands = Deal.new(seed=rng.randrange(10**6)).hands
        bid = rng.choice(rules.bids)  # type: ignore[attr-defined]
        contract = Contract(bid.level, bid.strain, rng.choice(list(Seat)))
        tricks = rng.randrange(14)
        by_hands = score_contract(contract, tricks=tricks, honours=hands, rules=rules)  # type: ignore[arg-type]
        by_counts = score_contract(contract, tricks=tricks, honours=honours_count(hands, contract.strain),
                                   aces=honours_count(hands, Strain.NOTRUMP), rules=rules)  # type: ignore[arg-type]
        # the same lines; only the hands can name the honours held
        assert _sums(by_hands) == _sums(by_counts)


def test_a_played_deal_scores_as_its_what_if() -> None:
    deal = Deal.new(seed=11).apply(Call.parse("4H"))  # North bids 4♥, the first legal action from then on
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions()[0])
    assert deal.contract == Contract.parse("4♥ N") and deal.declarer_tricks is not None
    what_if = score_contract("4♥ N", tricks=deal.declarer_tricks,
                             honours=honours_count(deal.hands, Strain.HEARTS))
    assert _sums(what_if) == _sums(deal.score()) and totals(what_if) == deal.points


def _sums(lines: object) -> list[tuple[object, ...]]:
    return [(ln.side, ln.kind, ln.points, ln.counts_for_game) for ln in lines]  # type: ignore[attr-defined]


# -- Contract.parse ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "level", "strain", "seat"), [
    ("4♥ N", 4, Strain.HEARTS, Seat.NORTH), ("4H N", 4, Strain.HEARTS, Seat.NORTH),
    ("3NT by South", 3, Strain.NOTRUMP, Seat.SOUTH), ("1n w", 1, Strain.NOTRUMP, Seat.WEST),
    ("2♠ von Ost", 2, Strain.SPADES, Seat.EAST), ("7 ♣ E", 7, Strain.CLUBS, Seat.EAST),
])
def test_contract_parse(text: str, level: int, strain: Strain, seat: Seat) -> None:
    contract = Contract.parse(text)
    assert contract == Contract(level, strain, seat)
    assert eval(repr(contract), {"Contract": Contract}) == contract


def test_contract_repr_evaluates_back_for_every_bid() -> None:
    for bid in SEED.bids:
        for seat in Seat:
            contract = Contract(bid.level, bid.strain, seat)
            assert eval(repr(contract), {"Contract": Contract}) == contract
    assert repr(Contract(4, Strain.HEARTS, Seat.NORTH)) == "Contract.parse('4♥ N')"


@pytest.mark.parametrize("text", ["", "4♥", "N", "Pass N", "8H N", "4♥ X", "4♥ by", "4X N", "by North"])
def test_a_bad_contract_is_a_parse_error_that_shows_the_form(text: str) -> None:
    with pytest.raises(ParseError) as err:
        Contract.parse(text)
    assert err.value.reason is Reason.BAD_CONTRACT
    assert f"'{text}' is not a contract" in str(err.value) and "4♥ N" in str(err.value)
    assert "kein Kontrakt" in err.value.message("de")


# -- what cannot be ---------------------------------------------------------------------------------

@pytest.mark.parametrize("tricks", [-1, 14, 2.5, True])
def test_tricks_out_of_range(tricks: object) -> None:
    with pytest.raises(VintError) as err:
        score_contract("4♥ N", tricks=tricks)  # type: ignore[arg-type]
    assert err.value.reason is Reason.BAD_TRICKS
    assert "0 to 13" in str(err.value) and "0 bis 13" in err.value.message("de")


@pytest.mark.parametrize(("contract", "held", "reason"), [
    ("4♥ N", PerSide(4, 4), Reason.BAD_HONOURS), ("4♥ N", PerSide(2, 2), Reason.BAD_HONOURS),
    ("4♥ N", PerSide(-1, 6), Reason.BAD_HONOURS), ("3NT S", PerSide(3, 2), Reason.BAD_ACES),
])
def test_honours_that_cannot_be(contract: str, held: PerSide[int], reason: Reason) -> None:
    with pytest.raises(VintError) as err:
        score_contract(contract, tricks=9, honours=held)
    assert err.value.reason is reason
    assert f"N–S {held.ns}, E–W {held.ew} cannot be" in str(err.value)
    assert f"N–S {held.ns}, O–W {held.ew} gibt es nicht" in err.value.message("de")


def test_foster_at_a_suit_contract_needs_the_aces_too() -> None:
    with pytest.raises(VintError) as err:
        score_contract("4♥ N", tricks=10, honours=PerSide(3, 2), rules=F)
    assert err.value.reason is Reason.ACES_NEEDED
    assert "aces=PerSide" in str(err.value) and "foster_1897" in str(err.value)
    assert "Asse" in err.value.message("de")
    with pytest.raises(VintError) as bad:
        score_contract("4♥ N", tricks=10, honours=PerSide(3, 2), aces=PerSide(3, 3), rules=F)
    assert bad.value.reason is Reason.BAD_ACES


def test_honours_as_hands_need_four_hands() -> None:
    hands = Deal.new(seed=1).hands
    with pytest.raises(VintError) as err:
        score_contract("4♥ N", tricks=10, honours=hands[:3])
    assert err.value.reason is Reason.FOUR_HANDS and "not 3" in str(err.value)
