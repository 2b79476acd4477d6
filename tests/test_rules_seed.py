"""docs/rules.md §5 worked examples under ``seed`` (S1–S8, G1, A1–A4) and the scoring rules of §2.

Each scoring example is checked twice: with the pure function ``score_contract`` and
the example's trick count, and end to end with a deal bid and played through the
engine until the declaring side has exactly the example's tricks.
"""

from __future__ import annotations

from conftest import build_hands, cards, line_view, played_deal, replayed_to

from vint_core import (
    PASS,
    SEED,
    Call,
    Contract,
    Deal,
    Hand,
    PerSide,
    Phase,
    Rubber,
    Seat,
    Side,
    Strain,
    UndertrickPenalty,
    score_contract,
    totals,
)
from vint_core.rules import TrickValue

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
FLAT50 = SEED.replace(name="seed_flat50", undertrick_penalty=UndertrickPenalty(flat=50))
SCALED = SEED.replace(name="seed_scaled", honours_nt="scaled")


def pts(lines: object) -> tuple[int, int]:
    t = totals(lines)  # type: ignore[arg-type]
    return t[Side.NS], t[Side.EW]


# -- S1 ---------------------------------------------------------------------------------------------

S1_FIXED = {N: cards("AH KH"), E: cards("QH JH 10H")}
S1_LINES = [
    ("tricks", "N–S", 360, "N–S: 9 tricks × 40 = 360"),
    ("tricks", "E–W", 160, "E–W: 4 tricks × 40 = 160"),
    ("undertricks", "E–W", 80, "E–W: 1 undertrick × 2 × 40 = 80"),
    # honours: N–S hold two of A K Q J 10 (nothing), E–W three (× 0 by default): no lines
]


def test_S1() -> None:
    hands = build_hands(S1_FIXED, seed=1)
    lines = score_contract(Contract(4, Strain.HEARTS, N), tricks=9, honours=hands, rules=SEED)
    assert line_view(lines) == S1_LINES
    assert pts(lines) == (360, 240)
    assert all(line.counts_for_game for line in lines)
    assert [line.text("de") for line in lines] == [
        "N–S: 9 Stiche × 40 = 360", "O–W: 4 Stiche × 40 = 160", "O–W: 1 Unterstich × 2 × 40 = 80"]


def test_S1_played() -> None:
    deal = played_deal("4♥", N, 9, S1_FIXED)
    assert deal.phase is Phase.FINISHED and len(deal.tricks) == 13
    assert deal.tricks_won[Side.NS] == 9 and deal.tricks_won[Side.EW] == 4
    assert line_view(deal.score()) == S1_LINES
    assert pts(deal.score()) == (360, 240)
    rubber = Rubber(SEED, N).record(deal)
    assert rubber.totals == PerSide(360, 240) and rubber.winner is None


def test_S1_flat50() -> None:
    lines = score_contract(Contract(4, Strain.HEARTS, N), tricks=9, honours=build_hands(S1_FIXED, seed=1), rules=FLAT50)
    assert line_view(lines)[2] == ("undertricks", "E–W", 50, "E–W: 1 undertrick × 50 = 50")
    assert pts(lines) == (360, 210)
    assert lines[2].text("de") == "O–W: 1 Unterstich × 50 = 50"


def test_S1_honours_three_multiplier_is_a_parameter() -> None:
    """With ``three_honours_multiplier`` = 2, E–W's ♥Q J 10 would score 2 × 40."""
    rules = SEED.replace(name="three2", three_honours_multiplier=2)
    lines = score_contract(Contract(4, Strain.HEARTS, N), tricks=9, honours=build_hands(S1_FIXED, seed=1), rules=rules)
    assert line_view(lines)[-1] == ("honours", "E–W", 80, "E–W: 3 trump honours (Q J 10 of ♥) = 2 × 40 = 80")
    assert pts(lines) == (360, 320)


# -- S2 ---------------------------------------------------------------------------------------------

S2_FIXED = {N: cards("AH KH QH"), S: cards("JH 10H")}
S2_LINES = [
    ("tricks", "N–S", 400, "N–S: 10 tricks × 40 = 400"),
    ("tricks", "E–W", 120, "E–W: 3 tricks × 40 = 120"),
    ("honours", "N–S", 400, "N–S: 5 trump honours (A K Q J 10 of ♥) = 10 × 40 = 400"),
]


def test_S2() -> None:
    lines = score_contract(Contract(4, Strain.HEARTS, N), tricks=10, honours=build_hands(S2_FIXED, seed=2), rules=SEED)
    assert line_view(lines) == S2_LINES
    assert pts(lines) == (800, 120)
    assert lines[2].text("de") == "N–S: 5 Trumpf-Ehrenkarten (A K Q J 10 in ♥) = 10 × 40 = 400"


def test_S2_played() -> None:
    deal = played_deal("4♥", N, 10, S2_FIXED)
    assert line_view(deal.score()) == S2_LINES


# -- S3 ---------------------------------------------------------------------------------------------

S3_FIXED = {N: cards("AS AH"), S: cards("AD AC")}
S3_LINES = [
    ("tricks", "N–S", 360, "N–S: 9 tricks × 40 = 360"),
    ("tricks", "E–W", 160, "E–W: 4 tricks × 40 = 160"),
    ("aces", "N–S", 400, "N–S: 4 aces at no-trump = 10 × 40 = 400"),
]


def test_S3() -> None:
    lines = score_contract(Contract(3, Strain.NOTRUMP, S), tricks=9, honours=build_hands(S3_FIXED, seed=3), rules=SEED)
    assert line_view(lines) == S3_LINES
    assert pts(lines) == (760, 160)
    assert lines[2].text("de") == "N–S: 4 Asse bei Kein-Trumpf = 10 × 40 = 400"


def test_S3_played() -> None:
    deal = played_deal("3NT", S, 9, S3_FIXED)
    assert deal.contract == Contract(3, Strain.NOTRUMP, S)
    assert deal.tricks[0].leader is W  # the declarer's left leads
    assert line_view(deal.score()) == S3_LINES
    assert pts(deal.score()) == (760, 160)


# -- S4 ---------------------------------------------------------------------------------------------

S4_FIXED = {N: cards("AS"), S: cards("AH"), E: cards("AD"), W: cards("AC")}
S4_LINES = [
    ("tricks", "E–W", 210, "E–W: 7 tricks × 30 = 210"),
    ("tricks", "N–S", 180, "N–S: 6 tricks × 30 = 180"),
    ("undertricks", "N–S", 60, "N–S: 1 undertrick × 2 × 30 = 60"),
    # aces 2–2: no honour line
]


def test_S4() -> None:
    lines = score_contract(Contract(2, Strain.NOTRUMP, W), tricks=7, honours=build_hands(S4_FIXED, seed=4), rules=SEED)
    assert line_view(lines) == S4_LINES
    assert pts(lines) == (240, 210)
    flat = score_contract(Contract(2, Strain.NOTRUMP, W), tricks=7, honours=build_hands(S4_FIXED, seed=4), rules=FLAT50)
    assert pts(flat) == (230, 210)


def test_S4_played() -> None:
    deal = played_deal("2NT", W, 7, S4_FIXED)
    assert line_view(deal.score()) == S4_LINES


# -- S5 ---------------------------------------------------------------------------------------------

S5_FIXED = {N: cards("AS KS 9S 8S 7S 6S"), S: cards("QS JS 5S 4S 3S 2S"), E: cards("10S")}
S5_LINES = [
    ("tricks", "N–S", 780, "N–S: 13 tricks × 60 = 780"),
    ("slam", "N–S", 250, "N–S: grand slam (13 tricks) = 250"),
    ("honours", "N–S", 240, "N–S: 4 trump honours (A K Q J of ♠) = 4 × 60 = 240"),
]


def test_S5() -> None:
    lines = score_contract(Contract(6, Strain.SPADES, N), tricks=13, honours=build_hands(S5_FIXED, seed=5), rules=SEED)
    assert line_view(lines) == S5_LINES  # E–W took no trick: no trick line for them
    assert pts(lines) == (1270, 0)
    assert lines[1].text("de") == "N–S: Großschlemm (13 Stiche) = 250"


def test_S5_played() -> None:
    deal = played_deal("6♠", N, 13, S5_FIXED, strong=Side.NS)
    assert deal.tricks_won[Side.EW] == 0
    assert line_view(deal.score()) == S5_LINES


# -- S6 ---------------------------------------------------------------------------------------------

S6_FIXED = {E: cards("AC KC"), W: cards("QC"), N: cards("JC"), S: cards("10C")}
S6_LINES = [
    ("tricks", "N–S", 10, "N–S: 1 trick × 10 = 10"),
    ("tricks", "E–W", 120, "E–W: 12 tricks × 10 = 120"),
    ("undertricks", "E–W", 120, "E–W: 6 undertricks × 2 × 10 = 120"),
    ("slam", "E–W", 100, "E–W: little slam (12 tricks) = 100"),
    # honours 3–2 (E–W ♣A K Q, N–S ♣J 10): three honours score 0 by default, so no line
]


def test_S6() -> None:
    lines = score_contract(Contract(1, Strain.CLUBS, N), tricks=1, honours=build_hands(S6_FIXED, seed=6), rules=SEED)
    assert line_view(lines) == S6_LINES
    assert pts(lines) == (10, 340)
    assert lines[3].text("de") == "O–W: Kleinschlemm (12 Stiche) = 100"


def test_S6_played() -> None:
    deal = played_deal("1♣", N, 1, S6_FIXED, strong=Side.EW)
    assert line_view(deal.score()) == S6_LINES


# -- S7 ---------------------------------------------------------------------------------------------

S7_FIXED = {N: cards("AS"), S: cards("AH"), E: cards("AD"), W: cards("AC")}
S7_LINES = [
    ("tricks", "E–W", 880, "E–W: 11 tricks × 80 = 880"),
    ("tricks", "N–S", 160, "N–S: 2 tricks × 80 = 160"),
    ("undertricks", "N–S", 320, "N–S: 2 undertricks × 2 × 80 = 320"),
    # the example lists no honours; these hands split the aces 2–2, which scores nothing
]


def test_S7() -> None:
    lines = score_contract(Contract(7, Strain.NOTRUMP, E), tricks=11, honours=build_hands(S7_FIXED, seed=7), rules=SEED)
    assert line_view(lines) == S7_LINES
    assert pts(lines) == (480, 880)


def test_S7_played() -> None:
    deal = played_deal("7NT", E, 11, S7_FIXED)
    assert line_view(deal.score()) == S7_LINES


# -- S8 ---------------------------------------------------------------------------------------------

S8_FIXED = {N: cards("AS AH"), S: cards("AD"), E: cards("AC")}


def test_S8() -> None:
    hands = build_hands(S8_FIXED, seed=8)
    lines = score_contract(Contract(1, Strain.NOTRUMP, S), tricks=7, honours=hands, rules=SEED)
    assert line_view(lines) == [
        ("tricks", "N–S", 140, "N–S: 7 tricks × 20 = 140"),
        ("tricks", "E–W", 120, "E–W: 6 tricks × 20 = 120"),
        # three aces score three_honours_multiplier (0) × TV: no line
    ]
    assert pts(lines) == (140, 120)
    scaled = score_contract(Contract(1, Strain.NOTRUMP, S), tricks=7, honours=hands, rules=SCALED)
    assert line_view(scaled)[-1] == ("aces", "N–S", 80, "N–S: 3 aces at no-trump = 4 × 20 = 80")
    assert pts(scaled) == (220, 120)


def test_S8_played() -> None:
    deal = played_deal("1NT", S, 7, S8_FIXED, rules=SCALED)
    assert pts(deal.score()) == (220, 120)


# -- G1 ---------------------------------------------------------------------------------------------

ACES_2_2 = {N: cards("AS"), S: cards("AH"), E: cards("AD"), W: cards("AC")}


def test_G1() -> None:
    """950–900 before the deal from two real deals, then 2♦ by East with 5/8: both pass 1000, E–W higher."""
    rubber = Rubber(SEED, N)
    first = played_deal("4NT", N, 7, ACES_2_2, dealer=N)  # N–S 350, E–W 300 + 3 × 100 = 600
    rubber = rubber.record(first)
    assert rubber.game_score == PerSide(350, 600) and rubber.winner is None
    second = played_deal("5NT", N, 10, ACES_2_2, dealer=E)  # N–S 600, E–W 180 + 2 × 60 = 300
    rubber = rubber.record(second)
    assert rubber.game_score == PerSide(950, 900) and rubber.winner is None
    assert rubber.next_dealer is S
    # ♦ honours 3–2 (E–W ♦A K Q, N–S ♦J 10): no honour line
    third = played_deal("2♦", E, 8, {E: cards("AD KD QD"), N: cards("JD"), S: cards("10D")}, dealer=S)
    assert line_view(third.score()) == [
        ("tricks", "E–W", 160, "E–W: 8 tricks × 20 = 160"),
        ("tricks", "N–S", 100, "N–S: 5 tricks × 20 = 100"),
    ]
    rubber = rubber.record(third)
    assert rubber.deals[-1].game_before == PerSide(950, 900)
    assert [rd.points for rd in rubber.deals][-1] == PerSide(100, 160)  # 1050 / 1060
    assert rubber.winner is Side.EW and rubber.is_finished
    assert line_view(rubber.bonus_lines) == [("rubber", "E–W", 250, "E–W: rubber won = 250")]
    assert rubber.bonus_lines[0].text("de") == "O–W: Rubber gewonnen = 250"
    assert rubber.totals == PerSide(1050, 1310)
    assert sum(line.points for line in rubber.lines) == 1050 + 1310


def test_G1_pure() -> None:
    """The same deal scored alone: 100 / 160, so 950 + 100 = 1050 and 900 + 160 = 1060."""
    hands = build_hands({E: cards("AD KD QD"), N: cards("JD"), S: cards("10D")}, seed=9)
    assert pts(score_contract(Contract(2, Strain.DIAMONDS, E), tricks=8, honours=hands, rules=SEED)) == (100, 160)


# -- auctions -------------------------------------------------------------------------------------


def _auction(dealer: Seat, texts: list[str], rules: object = SEED) -> Deal:
    return Deal.replay(build_hands({}, seed=11), [Call.parse(t) for t in texts], dealer=dealer,
                       rules=rules)  # type: ignore[arg-type]


def test_A1() -> None:
    calls = ["1♠"] + ["P"] * 7 + ["2♠"] + ["P"] * 7
    deal = _auction(N, calls)
    assert deal.phase is Phase.AUCTION and deal.to_act is N  # 7 passes are not enough
    deal = deal.apply(PASS)
    assert deal.phase is Phase.PLAY
    assert str(deal.contract) == "2♠ by North"
    assert deal.to_act is E and deal.play is not None and deal.play.opening_leader is E


def test_A1_north_may_raise_himself_after_seven_passes() -> None:
    deal = _auction(N, ["1♠"] + ["P"] * 7)
    assert deal.to_act is N and deal.is_legal(Call.parse("2♠")) and deal.is_legal(Call.parse("1♣"))


def test_A2() -> None:
    deal = _auction(N, ["P", "P", "P", "P"])
    assert deal.is_passed_out and deal.phase is Phase.FINISHED and deal.to_act is None
    assert deal.score() == () and deal.contract is None
    rubber = Rubber(SEED, N).record(deal)
    assert rubber.next_dealer is E and rubber.totals == PerSide(0, 0)


def test_A4() -> None:
    deal = _auction(N, ["P", "1♦", "P", "P"])
    assert deal.to_act is N and deal.is_legal(Call.parse("1♥"))
    deal = deal.apply(Call.parse("1♥"))
    assert deal.auction.highest_bidder is N


# -- scoring rules of §2.1 one at a time ---------------------------------------------------------


def test_trick_value_seed() -> None:
    assert [SEED.trick_value_of(n, Strain.NOTRUMP) for n in (1, 3, 7)] == [20, 40, 80]
    assert [SEED.trick_value_of(n, Strain.SPADES) for n in (1, 4, 7)] == [10, 40, 70]
    assert SEED.trick_value == TrickValue(per_level=10, notrump_extra=10)


def test_both_sides_score_their_tricks_and_no_bonus_for_making() -> None:
    hands = build_hands({}, seed=12)
    for d in range(14):
        lines = score_contract(Contract(2, Strain.HEARTS, E), tricks=d, honours=hands, rules=SEED)
        tricks = {ln.side: ln.points for ln in lines if ln.kind == "tricks"}
        assert tricks.get(Side.EW, 0) == d * 20 and tricks.get(Side.NS, 0) == (13 - d) * 20
        assert {ln.kind for ln in lines} <= {"tricks", "undertricks", "slam", "honours"}
        assert (d >= 8) == (not [ln for ln in lines if ln.kind == "undertricks"])


def test_undertricks_go_to_defenders_who_keep_their_tricks() -> None:
    lines = score_contract(Contract(5, Strain.CLUBS, S), tricks=8, honours=build_hands({}, seed=13), rules=SEED)
    under = [ln for ln in lines if ln.kind == "undertricks"]
    assert [(ln.side, ln.points) for ln in under] == [(Side.EW, 3 * 2 * 50)]
    assert any(ln.side is Side.NS and ln.kind == "tricks" and ln.points == 400 for ln in lines)


def test_slams_for_defenders_too_and_not_cumulative() -> None:
    hands = build_hands({}, seed=14)
    little = score_contract(Contract(1, Strain.SPADES, N), tricks=1, honours=hands, rules=SEED)
    grand = score_contract(Contract(1, Strain.SPADES, N), tricks=0, honours=hands, rules=SEED)
    assert [(ln.side, ln.points) for ln in little if ln.kind == "slam"] == [(Side.EW, 100)]
    assert [(ln.side, ln.points) for ln in grand if ln.kind == "slam"] == [(Side.EW, 250)]
    unbid = score_contract(Contract(1, Strain.SPADES, N), tricks=12, honours=hands, rules=SEED)
    assert [(ln.side, ln.points) for ln in unbid if ln.kind == "slam"] == [(Side.NS, 100)]
    short = score_contract(Contract(6, Strain.SPADES, N), tricks=11, honours=hands, rules=SEED)
    assert not [ln for ln in short if ln.kind == "slam"]


def test_honours_go_to_the_holders_even_defending_and_failing() -> None:
    hands = build_hands({E: cards("AH KH QH JH"), N: cards("10H")}, seed=15)
    lines = score_contract(Contract(4, Strain.HEARTS, N), tricks=3, honours=hands, rules=SEED)
    assert [(ln.side, ln.kind, ln.points) for ln in lines if ln.kind == "honours"] == [(Side.EW, "honours", 160)]
    # declarers go 8 down, still score
    lines = score_contract(Contract(4, Strain.HEARTS, E), tricks=2, honours=hands, rules=SEED)
    assert [(ln.side, ln.points) for ln in lines if ln.kind == "honours"] == [(Side.EW, 160)]


def test_honours_at_notrump_count_aces_not_kings() -> None:
    hands = build_hands({N: cards("KS KH KD KC AS AH AD"), E: cards("AC")}, seed=16)
    lines = score_contract(Contract(2, Strain.NOTRUMP, N), tricks=8, honours=hands, rules=SEED)
    assert [ln for ln in lines if ln.kind in ("honours", "aces")] == []  # 3 aces × 0; kings never count


def test_honours_are_judged_on_the_cards_as_dealt() -> None:
    """Same hands, same contract, two different plays: trick lines differ, honour lines do not."""
    fixed = {N: cards("AS AH"), S: cards("AD AC")}
    a = played_deal("1NT", N, 9, fixed)
    b = replayed_to(a.hands, "1NT", N, 5)
    assert b is not None and a.hands == b.hands
    assert [ln for ln in a.score() if ln.kind == "aces"] == [ln for ln in b.score() if ln.kind == "aces"] != []
    # and N–S keep their aces bonus even when E–W won tricks with cards N–S threw away
    assert [ln for ln in a.score() if ln.kind == "tricks"] != [ln for ln in b.score() if ln.kind == "tricks"]


def test_all_points_count_toward_game() -> None:
    lines = score_contract(Contract(6, Strain.SPADES, N), tricks=13, honours=build_hands(S5_FIXED, seed=5), rules=SEED)
    assert all(ln.counts_for_game for ln in lines)
    assert SEED.game_counts == "all" and SEED.game_target == 1000 and SEED.games_per_rubber == 1


def test_seed_hands_helper_builds_a_full_pack() -> None:
    hands = build_hands(S1_FIXED, seed=1)
    assert sum(len(h) for h in hands) == 52 and len(set().union(*(set(h) for h in hands))) == 52
    assert isinstance(hands[0], Hand) and cards("AH")[0] in hands[N]
