"""docs/rules.md §4.4 ``foster_1897``: worked examples F1–F6, auctions A5–A6, games below the line, the rubber.

Under Foster only trick points are "below the line" and count toward the game of 500,
checked after every trick; undertricks, slams, honours, games and the rubber are
"above the line". The examples list no honours ("—"), but Foster's honours always
produce a line (one side holds the majority of the five trump honours), so each
test states the honours its hands give.
"""

from __future__ import annotations

from conftest import build_hands, cards, line_view, played_deal

from vint_core import (
    FOSTER_1897,
    PASS,
    Call,
    Contract,
    Deal,
    PerSide,
    Phase,
    Rubber,
    ScoreLine,
    Seat,
    Side,
    Strain,
    score_contract,
    totals,
)
from vint_core.errors import IllegalCallError, Reason

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
F = FOSTER_1897


def below(lines: tuple[ScoreLine, ...]) -> list[tuple[str, int]]:
    return [(str(ln.side), ln.points) for ln in lines if ln.counts_for_game]


def above(lines: tuple[ScoreLine, ...]) -> list[tuple[str, str, int, str]]:
    return line_view(ln for ln in lines if not ln.counts_for_game)


def check_below_and_above(lines: tuple[ScoreLine, ...]) -> None:
    """Trick lines (and only they) count for the game, i.e. are below the line."""
    for ln in lines:
        assert ln.counts_for_game is (ln.kind == "tricks"), ln


# -- F1 ---------------------------------------------------------------------------------------------

# ♦A K Q and ♠A with North, ♦J 10 and ♥A with East, ♣A with West: N–S hold 3 of the 5 trump
# honours and the aces split 2–2 (N–S ♠A ♦A), so N–S, with 9 tricks, also score their two aces.
F1_FIXED = {N: cards("AD KD QD AS"), E: cards("JD 10D AH"), W: cards("AC")}
F1_ABOVE = [
    ("honours", "N–S", 600, "N–S: 3 of the 5 trump honours (♦) = 3 × 10 × 20 = 600"),
    ("aces", "N–S", 400, "N–S: aces split 2–2, 7 or more tricks taken = 2 × 10 × 20 = 400"),
]


def test_F1() -> None:
    lines = score_contract(Contract(2, Strain.DIAMONDS, N), tricks=9, honours=build_hands(F1_FIXED, seed=21), rules=F)
    check_below_and_above(lines)
    assert below(lines) == [("N–S", 180), ("E–W", 80)]
    assert [ln.text() for ln in lines if ln.kind == "tricks"] == ["N–S: 9 tricks × 20 = 180", "E–W: 4 tricks × 20 = 80"]
    assert above(lines) == F1_ABOVE
    assert lines[2].text("de") == "N–S: 3 der 5 Trumpf-Ehrenkarten (♦) = 3 × 10 × 20 = 600"
    assert lines[3].text("de") == "N–S: Asse 2–2 geteilt, 7 oder mehr Stiche = 2 × 10 × 20 = 400"


def test_F1_played() -> None:
    deal = played_deal("2♦", N, 9, F1_FIXED, rules=F)
    assert len(deal.auction.calls) == 4  # 2♦ and three passes
    lines = deal.score()
    assert below(lines) == [("N–S", 180), ("E–W", 80)]
    assert above(lines) == F1_ABOVE
    rubber = Rubber(F, N).record(deal)
    assert rubber.game_score == PerSide(180, 80)  # honours (above the line) do not count toward the game
    assert rubber.games_won == PerSide(0, 0)


# -- F2 ---------------------------------------------------------------------------------------------

# N–S hold ♦A K Q (3 of 5 honours) and three aces (♠A ♥A ♦A); E–W ♦J 10 and ♣A.
F2_FIXED = {N: cards("AD KD QD AS"), S: cards("AH"), E: cards("JD 10D AC")}
F2_ABOVE = [
    ("undertricks", "E–W", 6000, "E–W: 2 undertricks × 100 × 30 = 6000"),
    ("honours", "N–S", 900, "N–S: 3 of the 5 trump honours (♦) = 3 × 10 × 30 = 900"),
    ("aces", "N–S", 900, "N–S: 3 of the 4 aces = 3 × 10 × 30 = 900"),
]


def test_F2() -> None:
    lines = score_contract(Contract(3, Strain.DIAMONDS, N), tricks=7, honours=build_hands(F2_FIXED, seed=22), rules=F)
    check_below_and_above(lines)
    assert below(lines) == [("N–S", 210), ("E–W", 180)]
    assert above(lines) == F2_ABOVE
    assert lines[2].text("de") == "O–W: 2 Unterstiche × 100 × 30 = 6000"


def test_F2_played() -> None:
    deal = played_deal("3♦", N, 7, F2_FIXED, rules=F)
    assert below(deal.score()) == [("N–S", 210), ("E–W", 180)]
    assert above(deal.score()) == F2_ABOVE


# -- F3 ---------------------------------------------------------------------------------------------

# N–S hold all five trump honours and all four aces.
F3_FIXED = {N: cards("AH KH QH JH 10H 9H 8H AS AD"), S: cards("7H 6H 5H AC")}
F3_ABOVE = [
    ("slam", "N–S", 6000, "N–S: little slam bid and made = 6000"),
    ("honours", "N–S", 3000, "N–S: 5 of the 5 trump honours (♥) = 5 × 10 × 60 = 3000"),
    ("aces", "N–S", 2400, "N–S: 4 of the 4 aces = 4 × 10 × 60 = 2400"),
]


def test_F3() -> None:
    lines = score_contract(Contract(6, Strain.HEARTS, N), tricks=12, honours=build_hands(F3_FIXED, seed=23), rules=F)
    check_below_and_above(lines)
    assert below(lines) == [("N–S", 720), ("E–W", 60)]
    assert above(lines) == F3_ABOVE
    assert lines[2].text("de") == "N–S: Kleinschlemm angesagt und erfüllt = 6000"


def test_F3_played() -> None:
    deal = played_deal("6♥", N, 12, F3_FIXED, rules=F)
    assert below(deal.score()) == [("N–S", 720), ("E–W", 60)]
    assert above(deal.score()) == F3_ABOVE


# -- F4 ---------------------------------------------------------------------------------------------

F4_FIXED = {N: cards("AC KC QC JC 10C 9C 8C AS AD"), S: cards("7C 6C 5C 4C 3C AH")}
F4_ABOVE = [
    ("slam", "N–S", 7000, "N–S: little slam bid, all 13 tricks made = 7000"),
    ("honours", "N–S", 3000, "N–S: 5 of the 5 trump honours (♣) = 5 × 10 × 60 = 3000"),
    ("aces", "N–S", 2400, "N–S: 4 of the 4 aces = 4 × 10 × 60 = 2400"),
]


def test_F4() -> None:
    lines = score_contract(Contract(6, Strain.CLUBS, N), tricks=13, honours=build_hands(F4_FIXED, seed=24), rules=F)
    check_below_and_above(lines)
    assert below(lines) == [("N–S", 780)]
    assert above(lines) == F4_ABOVE


def test_F4_played() -> None:
    deal = played_deal("6♣", N, 13, F4_FIXED, rules=F, strong=Side.NS)
    assert above(deal.score()) == F4_ABOVE and below(deal.score()) == [("N–S", 780)]


# -- F5 ---------------------------------------------------------------------------------------------

F5_FIXED = {N: cards("AS AH KS KH QS QH"), S: cards("AD AC KD KC QD QC")}
F5_ABOVE = [
    ("slam", "N–S", 12000, "N–S: grand slam bid and made = 12000"),
    ("aces", "N–S", 7000, "N–S: 4 of the 4 aces = 4 × 25 × 70 = 7000"),  # at no-trump only the aces count
]


def test_F5() -> None:
    lines = score_contract(Contract(7, Strain.NOTRUMP, N), tricks=13, honours=build_hands(F5_FIXED, seed=25), rules=F)
    check_below_and_above(lines)
    assert below(lines) == [("N–S", 910)]  # TV 70: no no-trump surcharge under Foster
    assert above(lines) == F5_ABOVE


def test_F5_played_game_reached_during_the_deal() -> None:
    deal = played_deal("7NT", N, 13, F5_FIXED, rules=F, strong=Side.NS)
    rubber = Rubber(F, N).record(deal)
    entry = rubber.deals[-1]
    assert below(entry.lines) == [("N–S", 910)]
    assert line_view(ln for ln in entry.lines if ln.kind == "game") == [
        ("game", "N–S", 1000, "N–S: game (500 below the line) = 1000")]
    assert next(ln for ln in entry.lines if ln.kind == "game").text("de") == \
        "N–S: Partie (500 unter dem Strich) = 1000"
    assert above(entry.lines) == [*F5_ABOVE, ("game", "N–S", 1000, "N–S: game (500 below the line) = 1000")]
    assert rubber.games_won == PerSide(1, 0) and rubber.game_score == PerSide(0, 0) and rubber.winner is None
    assert rubber.totals == PerSide(910 + 12000 + 7000 + 1000, 0)


def test_foster_rubber_of_two_games_with_rubber_bonus() -> None:
    rubber = Rubber(F, N)
    for dealer in (N, E):
        deal = played_deal("7NT", N, 13, F5_FIXED, rules=F, strong=Side.NS, dealer=dealer)
        rubber = rubber.record(deal)
    assert rubber.games_won == PerSide(2, 0) and rubber.winner is Side.NS and rubber.is_finished
    assert line_view(rubber.bonus_lines) == [("rubber", "N–S", 2000, "N–S: rubber won = 2000")]
    per_deal = 910 + 12000 + 7000 + 1000
    assert rubber.totals == PerSide(2 * per_deal + 2000, 0)
    assert rubber.totals[Side.NS] == sum(ln.points for ln in rubber.lines if ln.side is Side.NS)


# -- F6 ---------------------------------------------------------------------------------------------

F6_FIXED = {N: cards("AS KS QS JS 10S 9S 8S AH"), S: cards("7S 6S 5S 4S 3S AD AC")}
F6_ABOVE = [
    ("slam", "N–S", 1000, "N–S: little slam (12 tricks) = 1000"),  # bid 3, made 12: the unbid value
    ("honours", "N–S", 1500, "N–S: 5 of the 5 trump honours (♠) = 5 × 10 × 30 = 1500"),
    ("aces", "N–S", 1200, "N–S: 4 of the 4 aces = 4 × 10 × 30 = 1200"),
]


def test_F6() -> None:
    lines = score_contract(Contract(3, Strain.SPADES, N), tricks=12, honours=build_hands(F6_FIXED, seed=26), rules=F)
    check_below_and_above(lines)
    assert below(lines) == [("N–S", 360), ("E–W", 30)]
    assert above(lines) == F6_ABOVE


def test_F6_played() -> None:
    deal = played_deal("3♠", N, 12, F6_FIXED, rules=F)
    assert below(deal.score()) == [("N–S", 360), ("E–W", 30)] and above(deal.score()) == F6_ABOVE


# -- lead's decision: level 7 with exactly 12 tricks ---------------------------------------------


def test_level_seven_with_twelve_tricks_scores_the_unbid_little_slam() -> None:
    lines = score_contract(Contract(7, Strain.HEARTS, N), tricks=12, honours=build_hands(F3_FIXED, seed=27), rules=F)
    assert [(ln.side, ln.kind, ln.points, ln.key) for ln in lines if ln.kind in ("slam", "undertricks")] == [
        (Side.EW, "undertricks", 7000, "undertricks"),  # 1 × 100 × 70
        (Side.NS, "slam", 1000, "little_slam"),
    ]


# -- slams for the defenders, honours at no-trump --------------------------------------------------


def test_defenders_score_unbid_slams() -> None:
    hands = build_hands({}, seed=28)
    little = score_contract(Contract(1, Strain.SPADES, N), tricks=1, honours=hands, rules=F)
    grand = score_contract(Contract(1, Strain.SPADES, N), tricks=0, honours=hands, rules=F)
    assert [(ln.side, ln.points) for ln in little if ln.kind == "slam"] == [(Side.EW, 1000)]
    assert [(ln.side, ln.points) for ln in grand if ln.kind == "slam"] == [(Side.EW, 2000)]
    unbid_grand = score_contract(Contract(5, Strain.SPADES, N), tricks=13, honours=hands, rules=F)
    assert [(ln.side, ln.points) for ln in unbid_grand if ln.kind == "slam"] == [(Side.NS, 2000)]


def test_notrump_aces_split_go_to_the_side_with_seven_tricks() -> None:
    hands = build_hands({N: cards("AS"), S: cards("AH"), E: cards("AD"), W: cards("AC")}, seed=29)
    lines = score_contract(Contract(3, Strain.NOTRUMP, N), tricks=6, honours=hands, rules=F)
    assert line_view(ln for ln in lines if ln.kind in ("aces", "honours")) == [
        ("aces", "E–W", 1500, "E–W: aces split 2–2, 7 or more tricks taken = 2 × 25 × 30 = 1500")]


def test_suit_contract_counts_trump_honours_and_aces_separately() -> None:
    """The ace of trumps is in both counts."""
    hands = build_hands({N: cards("AH KH"), S: cards("QH AS"), E: cards("JH 10H AD AC")}, seed=30)
    lines = score_contract(Contract(2, Strain.HEARTS, N), tricks=8, honours=hands, rules=F)
    assert [(ln.side, ln.kind, ln.points) for ln in lines if ln.kind in ("aces", "honours")] == [
        (Side.NS, "honours", 3 * 10 * 20),
        (Side.NS, "aces", 2 * 10 * 20),  # ♥A ♠A against ♦A ♣A: 2–2, N–S took 8
    ]


def test_foster_trick_value_has_no_notrump_surcharge() -> None:
    assert [F.trick_value_of(n, s) for n, s in ((1, Strain.NOTRUMP), (3, Strain.SPADES), (7, Strain.NOTRUMP))] == [
        10, 30, 70]


# -- game below the line, checked after every trick --------------------------------------------------


def test_defenders_win_the_game_during_the_deal() -> None:
    """7♠ by North, E–W take 8 tricks × 70 = 560: the defenders win the game."""
    deal = played_deal("7♠", N, 5, {}, rules=F)
    rubber = Rubber(F, N).record(deal)
    assert rubber.games_won == PerSide(0, 1) and rubber.game_score == PerSide(0, 0)
    assert [(ln.side, ln.points) for ln in rubber.deals[-1].lines if ln.kind == "game"] == [(Side.EW, 1000)]


def test_first_side_to_reach_500_wins_even_if_the_other_ends_higher() -> None:
    """420–360 below, then 2♠ (TV 20): E–W's 7th trick (500) comes before N–S's 6 (540)."""
    first = played_deal("6♠", N, 7, {}, rules=F)  # N–S 7 × 60 = 420, E–W 6 × 60 = 360
    rubber = Rubber(F, N).record(first)
    assert rubber.game_score == PerSide(420, 360) and rubber.games_won == PerSide(0, 0)
    plan = [Side.EW] * 7 + [Side.NS] * 6
    second = played_deal("2♠", N, 6, {}, rules=F, dealer=E, plan=plan)
    assert [t.winner.side for t in second.tricks] == plan  # type: ignore[union-attr]
    rubber = rubber.record(second)
    assert rubber.games_won == PerSide(0, 1)
    assert [(ln.side, ln.points) for ln in rubber.deals[-1].lines if ln.kind == "game"] == [(Side.EW, 1000)]
    # the trick points after the game are still recorded, but the next game starts at 0–0
    assert below(rubber.deals[-1].lines) == [("N–S", 120), ("E–W", 140)]
    assert rubber.game_score == PerSide(0, 0)


def test_rubber_totals_are_all_points_above_and_below() -> None:
    deal = played_deal("2♦", N, 9, F1_FIXED, rules=F)
    rubber = Rubber(F, N).record(deal)
    assert rubber.totals == totals(deal.score()) == PerSide(180 + 600 + 400, 80)


# -- auctions ------------------------------------------------------------------------------------


def _auction(texts: list[str], dealer: Seat = N) -> Deal:
    return Deal.replay(build_hands({}, seed=31), [Call.parse(t) for t in texts], dealer=dealer, rules=F)


def test_A5() -> None:
    deal = _auction(["1♠", "P", "P"])
    assert deal.phase is Phase.AUCTION and deal.to_act is W
    deal = deal.apply(PASS)
    assert deal.phase is Phase.PLAY and str(deal.contract) == "1♠ by North" and deal.to_act is E
    assert deal.play is not None and deal.play.opening_leader is E


def test_A5_no_self_overcall() -> None:
    """North could not have raised himself: with three passes ending the auction he never gets the
    turn while holding the highest bid, so the rule shows with a fourth pass allowed."""
    rules = F.replace(name="foster_4_passes", auction_end_passes=4)
    deal = Deal.replay(build_hands({}, seed=31), [Call.parse("1♠"), PASS, PASS, PASS], dealer=N, rules=rules)
    assert deal.to_act is N and deal.legal_actions() == (PASS,)
    try:
        deal.apply(Call.parse("2♠"))
    except IllegalCallError as err:
        assert err.reason is Reason.SELF_OVERCALL
    else:
        raise AssertionError("North raised his own bid")


def test_A6() -> None:
    deal = _auction(["1♠", "P", "2♠", "P"])
    assert deal.to_act is N and deal.is_legal(Call.parse("3♠"))
    deal = deal.apply(Call.parse("3♠"))
    assert deal.auction.highest_bidder is N
