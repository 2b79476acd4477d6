"""vint_core.checks: every check passes answers written out by the rules, fails wrong ones with the first wrong
case in plain words, and names each known mistake its wrong answers match (docs/rules.md §7). (That the engine's
own answers get no points, and the checks' other defences, is tests/test_checks_substance.py.)"""

from __future__ import annotations

import math
import random

import pytest

from vint_core import PASS, SEED, Bid, Rank, Seat, Side, Strain, checks
from vint_core.checks import MISTAKES, CheckFailed, CheckResult
from vint_core.checks.odds import exact_ace_odds
from vint_core.scoring import totals, trick_lines, undertrick_lines


def _pair(lines):
    t = totals(lines)
    return t.ns, t.ew


# -- answers written out by the rules pass -----------------------------------------------------------

def _tv(contract):
    return 10 * contract.level + (10 if contract.strain is Strain.NOTRUMP else 0)


def _trick_points(c, d):
    tv, declarers = _tv(c), c.declarer.side
    points = {declarers: d * tv, declarers.other: (13 - d) * tv + 2 * tv * max(0, 6 + c.level - d)}
    return points[Side.NS], points[Side.EW]


_ORDER = [Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP]


def _trick_winner(leader, cards, trump):
    def strength(card):
        return 100 + card.rank if card.suit == trump else card.rank if card.suit == cards[0].suit else 0
    return leader.offset(max(range(len(cards)), key=lambda i: strength(cards[i])))


def _honours(contract, hands):
    tv, trump, out = _tv(contract), contract.strain.suit, []
    for side in Side:
        cards = [card for seat in side.seats for card in hands[seat]]
        if trump is None:
            out.append({4: 10}.get(sum(card.rank == Rank.ACE for card in cards), 0) * tv)
        else:
            out.append({5: 10, 4: 4}.get(sum(card.suit == trump and card.rank >= Rank.TEN for card in cards), 0) * tv)
    return tuple(out)


def _deal_score(c, d, hands):
    ns, ew = _trick_points(c, d)
    hon = _honours(c, hands)
    won = {c.declarer.side: d, c.declarer.side.other: 13 - d}
    slam = {side: {12: 100, 13: 250}.get(won[side], 0) for side in Side}
    return ns + slam[Side.NS] + hon[0], ew + slam[Side.EW] + hon[1]


RIGHT = {
    "tricks_needed": lambda level: 6 + level,
    "trick_value": _tv,
    "trick_points": _trick_points,
    "outranks": lambda bid, other: (bid.level, _ORDER.index(bid.strain)) > (other.level, _ORDER.index(other.strain)),
    "trick_winner": _trick_winner,
    "honour_points": lambda deal: _honours(deal.contract, deal.hands),
    "deal_score": _deal_score,
    "ace_odds": lambda k: math.comb(4, k) * math.comb(48, 26 - k) / math.comb(52, 26),
}


@pytest.mark.parametrize("name", sorted(RIGHT))
def test_answers_written_out_pass(name):
    result = getattr(checks, name)(RIGHT[name])
    assert result.passed and bool(result) and result.mistake is None
    assert result.cases >= 5 and f"right in all {result.cases} cases" in result.message
    assert result.require() is result and repr(result).startswith("✓ ")


def test_each_check_asks_many_seeded_cases_and_the_seed_changes_them():
    def wrong(c, d):  # wrong only at levels the edges never ask (they ask 1, 3, 6 and 7), so at random cases
        return (0, 0) if c.level in (4, 5) else _trick_points(c, d)

    first, again = checks.trick_points(wrong), checks.trick_points(wrong)
    assert first == again and first.cases == 200 and not first.passed
    assert checks.trick_points(wrong, seed=1).message != first.message
    assert checks.trick_points(wrong, cases=317).cases == 317


# -- the listed mistakes each get their name ---------------------------------------------------------

def _only_declarers(c, d):
    ns, ew = RIGHT["trick_points"](c, d)
    return (ns - (13 - d) * _tv(c), ew) if c.side == Side.EW else (ns, ew - (13 - d) * _tv(c))


_BRIDGE = [Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP]


def _honours_from_tricks(deal):
    c, tv = deal.contract, _tv(deal.contract)
    trump = c.strain.suit
    points = {Side.NS: 0, Side.EW: 0}
    for side in Side:
        won = [card for t in deal.tricks if t.winner.side == side for card in t.cards]
        if trump is None:
            n = sum(card.rank == Rank.ACE for card in won)
            points[side] = {4: 10}.get(n, 0) * tv
        else:
            n = sum(card.suit == trump and card.rank >= Rank.TEN for card in won)
            points[side] = {5: 10, 4: 4}.get(n, 0) * tv
    return points[Side.NS], points[Side.EW]


def _kings_at_nt(deal):
    c, tv = deal.contract, _tv(deal.contract)
    if c.strain is not Strain.NOTRUMP:
        return RIGHT["honour_points"](deal)
    out = []
    for side in Side:
        n = sum(card.rank == Rank.KING for seat in side.seats for card in deal.hands[seat])
        out.append({4: 10}.get(n, 0) * tv)
    return tuple(out)


def _slams_declarers_only(c, d, hands):
    ns, ew = RIGHT["deal_score"](c, d, hands)
    defended = 13 - d
    lost = {12: 100, 13: 250}.get(defended, 0)
    return (ns - lost, ew) if c.side == Side.EW else (ns, ew - lost)


def _three_pass_end(calls):
    if len(calls) >= 4 and all(x.is_pass for x in calls[:4]):
        return True
    return any(x.is_bid for x in calls) and len(calls) >= 3 and all(x.is_pass for x in calls[-3:])


LISTED = {
    "bridge_order": ("outranks", lambda b, o: (b.level, _BRIDGE.index(b.strain)) > (o.level,
                                                                                          _BRIDGE.index(o.strain))),
    "three_pass_end": ("auction_over", _three_pass_end),
    "declarers_only_score": ("trick_points", _only_declarers),
    "honours_from_tricks": ("honour_points", _honours_from_tricks),
    "kings_at_nt": ("honour_points", _kings_at_nt),
    "slams_declarers_only": ("deal_score", _slams_declarers_only),
    "bid_is_tricks": ("tricks_needed", lambda level: level),
}


@pytest.mark.parametrize("key", sorted(LISTED))
def test_each_listed_mistake_fails_with_its_name(key):
    check, wrong = LISTED[key]
    result = getattr(checks, check)(wrong)
    assert not result.passed and result.mistake == key
    assert MISTAKES[key].name in result.message and "expected" in result.message
    with pytest.raises(CheckFailed, match="This looks like"):
        result.require()


def test_the_message_says_the_first_case_what_was_expected_and_why():
    result = checks.trick_points(_only_declarers)
    case = result.message.split(" you gave ")[0]
    assert case.startswith("trick_points: for ") and " with " in case and " tricks" in case
    assert "tricks × " in result.message and "N–S " in result.message and "E–W " in result.message
    assert result.message.endswith(f"of {result.cases} cases were wrong.")


def test_the_rules_example_s1_reads_as_the_issue_asks():
    from vint_core.checks.runner import PAIR, Case, run_check

    c = __import__("vint_core").Contract(4, Strain.HEARTS, Seat.NORTH)
    lines = trick_lines(SEED, c, 9) + undertrick_lines(SEED, c, 9)
    def no_undertricks(c, d):
        return _pair(trick_lines(SEED, c, d))

    result = run_check("trick_points", no_undertricks, [Case((c, 9), f"for {c} with 9 tricks", _pair(lines),
                                                             "; ".join(x.text() for x in lines))], PAIR)
    assert result.message.startswith("trick_points: for 4♥ by North with 9 tricks you gave N–S 360, E–W 160; "
                                     "expected N–S 360, E–W 240 (N–S: 9 tricks × 40 = 360; E–W: 4 tricks × 40 = "
                                     "160; E–W: 1 undertrick × 2 × 40 = 80).")


@pytest.mark.parametrize(("check", "wrong", "key"), [
    ("trick_value", lambda c: 10 * c.level, "no_nt_surcharge"),
    ("trick_winner", lambda leader, cards, trump: leader.offset(max(range(4), key=lambda i: (
        cards[i].suit == trump, cards[i].rank, -i))), "highest_card_wins"),
    ("declarer", lambda dealer, calls: dealer, None),
    ("rubber_result", lambda points: None, None),
])
def test_other_wrong_answers_fail(check, wrong, key):
    result = getattr(checks, check)(wrong)
    assert not result.passed and result.mistake == key


def test_a_rubber_without_its_bonus_is_named():
    def no_bonus(points):
        ns = ew = 0
        for a, b in points:
            ns, ew = ns + a, ew + b
            if max(ns, ew) >= 1000 and ns != ew:
                return (Side.NS if ns > ew else Side.EW), ns, ew
        return None

    result = checks.rubber_result(no_bonus)
    assert result.mistake == "no_rubber_bonus" and "adds 250" in result.message


def test_bridges_declarer_is_named():
    def first_of_side(dealer, calls):
        bids = [(dealer.offset(i), x) for i, x in enumerate(calls) if x.is_bid]
        if not bids:
            return None
        seat, last = bids[-1]
        return next(s for s, x in bids if s.side == seat.side and x.strain == last.strain)

    assert checks.declarer(first_of_side).mistake == "bridge_declarer"


# -- unfinished, broken and odd answers ---------------------------------------------------------------

def _todo(*args):
    raise NotImplementedError


@pytest.mark.parametrize("name", ["tricks_needed", "trick_value", "trick_points", "outranks", "trick_winner",
                                  "auction_over", "declarer", "honour_points", "deal_score", "rubber_result",
                                  "score_sheet", "ace_odds", "ace_simulation", "bidding_policy"])
def test_an_unfinished_function_is_not_done_yet(name):
    result = getattr(checks, name)(_todo)
    assert result.not_done and not result.passed and result.message == (
        f"{name}: not done yet: write the function, run its cell, then run this check again")
    with pytest.raises(CheckFailed, match="not done yet"):
        result.require()


def test_a_function_that_raises_or_answers_the_wrong_kind_is_told_so():
    boom = checks.trick_value(lambda c: 1 // 0)
    assert "your function raised ZeroDivisionError: integer division or modulo by zero" in boom.message
    kind = checks.trick_points(lambda c, d: 5)
    assert "you gave 5, but the answer should be two numbers: N–S's points, then E–W's" in kind.message
    assert "should be True or False" in checks.outranks(lambda b, o: "yes").message
    assert "should be a Seat" in checks.trick_winner(lambda l, c, t: "North").message
    assert "not 42" in checks.trick_value(42).message


def test_answers_as_dicts_and_floats_are_accepted():
    assert checks.trick_points(lambda c, d: dict(zip(Side, RIGHT["trick_points"](c, d), strict=True))).passed
    assert checks.trick_value(lambda c: float(_tv(c))).passed


def test_the_result_prints_and_serialises():
    result = checks.tricks_needed(lambda level: level)
    assert str(result) == result.message and repr(result).startswith("✗ ")
    assert "vint-check" in result._repr_html_()
    data = result.to_json()
    assert data == {"name": "tricks_needed", "passed": False, "message": result.message, "cases": 200,
                    "mistake": "bid_is_tricks", "not_done": False}
    assert isinstance(result, CheckResult)


# -- simulation, records and the bidding project -------------------------------------------------------

def _simulate(trials, seed):
    rng = random.Random(seed)
    counts = [0] * 5
    from vint_core import deal_hands

    for _ in range(trials):
        hands = deal_hands(Seat.NORTH, rng)
        counts[sum(c.rank == Rank.ACE for s in (Seat.NORTH, Seat.SOUTH) for c in hands[s])] += 1
    return [c / trials for c in counts]


def _north_only(trials, seed):  # the mistake: counts North's aces, not the side's
    rng = random.Random(seed)
    counts = [0] * 5
    from vint_core import deal_hands

    for _ in range(trials):
        counts[sum(c.rank == Rank.ACE for c in deal_hands(Seat.NORTH, rng)[Seat.NORTH])] += 1
    return [c / trials for c in counts]


def test_ace_simulation_passes_a_fair_simulation_and_says_what_is_off():
    assert checks.ace_simulation(_simulate, trials=2000).passed
    assert math.isclose(sum(exact_ace_odds(k) for k in range(5)), 1)
    assert "add up to 0.5000" in checks.ace_simulation(lambda n, s: [0.1] * 5).message
    assert "same seed gave different answers" in checks.ace_simulation(
        lambda n, s: _simulate(n, random.random())).message
    assert "for k = 0 you found 0.30" in checks.ace_simulation(_north_only).message
    assert "expected 5" in checks.ace_simulation(lambda n, s: [1.0]).message


def test_score_sheet_passes_the_engines_reading_and_fails_a_sheet_without_rubbers():
    from vint_core import pbn, rubbers_of

    def sheet(text):
        return [(r.totals[Side.NS], r.totals[Side.EW]) for r in rubbers_of(pbn.loads(text))]

    assert checks.score_sheet(sheet, cases=5).passed
    wrong = checks.score_sheet(lambda text: [], cases=5)
    assert not wrong.passed and "you gave no rubbers" in wrong.message


def test_bidding_policy_plays_duplicate_and_explains_an_illegal_call():
    passing = checks.bidding_policy(lambda view: PASS, deals=2)
    assert not passing.passed and "2 deals played in duplicate" in passing.message
    assert "0% of the way" in passing.message
    illegal = checks.bidding_policy(lambda view: Bid(1, Strain.SPADES), deals=2)
    assert not illegal.passed and "which is not legal there" in illegal.message
    assert "should make a call" in checks.bidding_policy(lambda view: "1S", deals=1).message


# -- layers --------------------------------------------------------------------------------------------

def test_the_checks_use_only_the_standard_library():
    """A learner without Jupyter's grading tools can still check: `vint_core.checks` loads no third-party module."""
    import ast
    import json
    import subprocess
    import sys
    from pathlib import Path

    package = Path(checks.__file__).parent
    allowed = set(sys.stdlib_module_names) | {"vint_core", "__future__"}
    for path in package.glob("*.py"):
        top = ast.parse(path.read_text(encoding="utf-8")).body
        names = {a.name.split(".")[0] for n in top if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module.split(".")[0] for n in top if isinstance(n, ast.ImportFrom) and n.module}
        assert names <= allowed, (path.name, names - allowed)

    def loaded(imports: str) -> set[str]:
        code = f"import json, sys{imports}; print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
        return set(json.loads(out.stdout))

    added = loaded(", vint_core.checks, vint_core.checks.notebooks") - loaded("")
    assert added <= allowed, added - allowed


# -- in German ------------------------------------------------------------------------------------------

def _german_only(message):
    """The German message, its Python values (True, None, repr of an answer, Side.NS) and names of checks aside,
    holds no English word."""
    from test_i18n import ENGLISH, words

    english = [w for w in words(message) if w.lower() in ENGLISH]
    assert not english, f"{message!r} has English words {english}"


@pytest.mark.parametrize("key", sorted(LISTED))
def test_each_listed_mistake_is_named_in_german_too(key):
    check, wrong = LISTED[key]
    english, german = getattr(checks, check)(wrong), getattr(checks, check)(wrong, lang="de")
    assert german.mistake == english.mistake == key and german.cases == english.cases
    assert german.message != english.message and english == getattr(checks, check)(wrong, lang="en")
    assert MISTAKES[key].text_in("de") in german.message and "Das sieht nach diesem Fehler aus" in german.message
    assert "erwartet:" in german.message and german.message.endswith(f"von {german.cases} Fällen waren falsch.")
    _german_only(german.message)


def test_the_first_wrong_case_reads_in_german():
    result = checks.trick_points(_only_declarers, lang="de")
    case = result.message.split(" hast du ")[0]
    assert case.startswith("trick_points: für ") and " von " in case and " Stich" in case
    assert "Stiche × " in result.message and "N–S " in result.message and "O–W " in result.message
    assert "E–W" not in result.message and " by " not in result.message
    nt = checks.trick_value(lambda c: 10 * c.level, lang="de")
    assert "+ 10 bei Kein-Trumpf)" in nt.message and "NT von " in nt.message
    honours = checks.honour_points(_kings_at_nt, lang="de")
    assert "Asse wie gegeben: N–S " in honours.message or "Ehrenkarten wie gegeben: N–S " in honours.message
    trick = checks.trick_winner(_highest_card_wins, lang="de")
    assert "für den Stich " in trick.message and "fällt kein Trumpf" in trick.message
    for message in (result.message, nt.message, honours.message, trick.message):
        _german_only(message)


def _highest_card_wins(leader, cards, trump):  # the mistake: the highest card of any suit wins
    return leader.offset(max(range(4), key=lambda i: (cards[i].suit == trump, cards[i].rank, -i)))


@pytest.mark.parametrize("name", ["tricks_needed", "trick_value", "trick_points", "outranks", "trick_winner",
                                  "auction_over", "declarer", "honour_points", "deal_score", "rubber_result",
                                  "score_sheet", "ace_odds", "ace_simulation", "bidding_policy"])
def test_every_check_speaks_german(name):
    result = getattr(checks, name)(_todo, lang="de")
    assert result.not_done and result.message == (
        f"{name}: noch nicht gelöst: schreibe die Funktion, führe ihre Zelle aus und dann diese Prüfung noch einmal")
    assert getattr(checks, name)(42, lang="de").message == f"{name}: gib der Prüfung deine Funktion selbst, nicht 42"


def test_right_answers_and_wrong_kinds_in_german():
    right = checks.trick_value(_tv, lang="de")
    assert right.passed and right.message == "trick_value: in allen 200 Fällen richtig"
    boom = checks.trick_value(lambda c: 1 // 0, lang="de")
    assert "löste deine Funktion ZeroDivisionError: integer division or modulo by zero aus" in boom.message
    kind = checks.trick_points(lambda c, d: 5, lang="de")
    assert "hast du 5 angegeben, aber die Antwort sollte zwei Zahlen sein: die Punkte von N–S, dann die von O–W" \
        in kind.message
    assert "sollte True oder False sein" in checks.outranks(lambda b, o: "yes", lang="de").message
    assert "sollte ein Platz sein" in checks.trick_winner(lambda l, c, t: "North", lang="de").message
    assert "niemanden (eingepasst)" in checks.declarer(lambda dealer, calls: None, lang="de").message


def test_simulation_records_rubbers_and_the_bidding_project_in_german():
    assert "ergeben zusammen 0.5000" in checks.ace_simulation(lambda n, s: [0.1] * 5, lang="de").message
    assert "für k = 0 hast du 0.30" in checks.ace_simulation(_north_only, lang="de").message
    assert "Standardfehler" in checks.ace_simulation(_simulate, trials=2000, lang="de").message
    assert "hast du keine Rubber angegeben" in checks.score_sheet(lambda text: [], cases=5, lang="de").message
    assert "noch keinen Sieger" in checks.rubber_result(lambda points: (Side.NS, 0, 0), lang="de").message
    illegal = checks.bidding_policy(lambda view: Bid(1, Strain.SPADES), deals=2, lang="de")
    assert "das ist dort nicht erlaubt" in illegal.message and "(deine Seite)" in illegal.message
    assert "im Duplicate gespielt" in checks.bidding_policy(lambda view: PASS, deals=2, lang="de").message
