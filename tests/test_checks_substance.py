"""The checks test substance, not form (issue 16, "What must work" 5): each trick that used to get full marks is
tried here and gets none, or the share it earns, while the source notebooks' solutions keep full marks.

* exercise 10: graded against always passing, random bidding and the rule-based player on the same deals;
* exercise 8: the simulation must deal by ``trials`` and ``seed``, converge, and wobble as chance does;
* the rules' edges (exactly 1000, ties, 0 and 13 tricks, a passed-out deal, ...) are asked every time;
* a function that calls the engine's own answer for its exercise gets no points, told to write it out.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
import types
from pathlib import Path

import pytest

import vint_core
from vint_core import PASS, SEED, Auction, Seat, Side, Strain, checks
from vint_core.bots.rule_bot import RuleBot
from vint_core.checks import bidding, odds
from vint_core.checks.rubber import EDGES, rubber_after

SOURCE = Path(__file__).resolve().parent.parent / "exercises" / "source"


def solutions(notebook: str) -> dict:
    """The namespace after the source notebook's setup and solution cells, as a learner's kernel has it."""
    nb = json.loads((SOURCE / notebook).read_text(encoding="utf-8"))
    space: dict = {"__name__": "__main__"}
    for cell in nb["cells"]:
        meta = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] == "code" and (meta.get("grade_id") == "setup" or meta.get("solution")):
            exec(compile("".join(cell["source"]), notebook, "exec"), space)
    return space


def _exact(k):
    return math.comb(4, k) * math.comb(48, 26 - k) / math.comb(52, 26)


# -- exercise 10: points against baselines -------------------------------------------------------------

def _points(policy) -> int:
    """The points of exercise 10's four check cells (1/4, 1/2, 3/4 and all of the way: one point each)."""
    return sum(checks.bidding_policy(policy, needs=n).passed for n in (0.25, 0.5, 0.75, 1.0))


def _rule_bot_copied_out():
    """RuleBot's source, copied into a learner's own module: the same bidding, written out (not the engine's)."""
    import vint_core.bots.rule_bot as engine

    module = types.ModuleType("learner_rule_bot")
    sys.modules[module.__name__] = module
    try:
        exec(compile(Path(engine.__file__).read_text(encoding="utf-8"), "learner_rule_bot.py", "exec"), vars(module))
    finally:
        del sys.modules[module.__name__]
    bot = module.RuleBot()
    assert bot.choose is not RuleBot.choose and type(bot) is not RuleBot
    return lambda view: bot.choose(view, random.Random(0))


def test_always_passing_and_random_bidding_get_no_points():
    passing = checks.bidding_policy(lambda view: PASS)
    assert not passing.passed and _points(lambda view: PASS) == 0
    assert "your bidding goes 0% of the way" in passing.message and "Always passing is" in passing.message
    assert _points(lambda view: random.choice(view.legal)) == 0


def test_the_rule_based_players_bidding_written_out_gets_full_marks_and_the_source_solution_too():
    copied = checks.bidding_policy(_rule_bot_copied_out())
    assert copied.passed and "level with the rule-based player's" in copied.message  # it meets itself: margin 0
    assert _points(_rule_bot_copied_out()) == 4
    source = solutions("10-bidding-policy.ipynb")["policy"]
    assert _points(source) == 4 and "100% of the way" in checks.bidding_policy(source).message


def test_asking_a_computer_player_for_the_call_gets_no_points():
    bot = RuleBot()
    result = checks.bidding_policy(lambda view: bot.choose(view, random.Random(0)))
    assert not result.passed and "calls the engine's own answer (RuleBot.choose)" in result.message
    assert "write it out yourself" in result.message
    from vint_core.bots import make_bot

    assert "make_bot" in checks.bidding_policy(lambda view: make_bot("rule").choose(view, random.Random(0))).message


def _half_and_half(view):
    """The source solution on hands with an even card mask, passing on the others: part of the way."""
    return SOLUTION_10(view) if view.hand.mask % 2 == 0 else PASS


SOLUTION_10 = solutions("10-bidding-policy.ipynb")["policy"]


def test_a_policy_between_the_baselines_gets_its_share_linear_between_them():
    match = bidding.play_match(_half_and_half, deals=32, seed=0)
    assert isinstance(match, bidding.Match)
    floor = max(match.always_pass, match.random_bidding)
    assert match.floor == floor < match.mean < 0
    assert match.share == pytest.approx((match.mean - floor) / -floor)
    assert 0 < match.share < 1 and match.mean + bidding.NOISE * match.error < 0
    assert _points(_half_and_half) == math.floor(4 * match.share + 1e-9)
    assert f"{100 * match.share:.0f}% of the way" in checks.bidding_policy(_half_and_half, needs=0.25).message


def test_the_baselines_are_the_same_deals_the_rule_based_player_meets_itself_at_zero():
    deals = 6
    assert bidding._margins(bidding.PolicyBot(_rule_bot_copied_out()), deals=deals, seed=3) == [0] * deals
    passing, randomly = bidding.baselines(deals, 3)
    assert passing == sum(bidding._margins(bidding.PolicyBot(lambda view: PASS), deals=deals, seed=3)) / deals
    assert randomly < passing < 0


def test_the_same_work_gets_the_same_points_even_with_pythons_random_and_the_state_comes_back():
    def gamble(view):
        return random.choice([PASS, *view.legal[:3]])

    random.seed(123)
    before = random.random()
    random.seed(123)
    first = bidding.play_match(gamble, deals=8, seed=0)
    assert random.random() == before  # the learner's random generator is left as it was
    again = bidding.play_match(gamble, deals=8, seed=0)
    assert isinstance(first, bidding.Match) and first == again
    assert bidding.play_match(gamble, deals=8, seed=1) != first  # another seed, other deals


def test_each_cell_plays_the_policy_as_it_is_now_in_a_few_seconds():
    threshold = {"points": 40}  # every hand has fewer than 40 points: the solution bids them all

    def policy(view):
        return SOLUTION_10(view) if view.hand.high_card_points() < threshold["points"] else PASS

    start = time.perf_counter()
    assert _points(policy) == 4
    took = time.perf_counter() - start
    threshold["points"] = 0  # now it always passes: the next cell sees that
    assert _points(policy) == 0
    assert took < 60, f"the four cells took {took:.1f} s"


# -- exercise 8: the simulation must simulate -----------------------------------------------------------

SIMULATION = solutions("08-honours-odds.ipynb")["ace_simulation"]


def _rounded_exact(trials, seed):
    """The exact odds rounded to whole counts, with a seed-dependent wobble of one deal: not dealt."""
    rng = random.Random(seed)
    counts = [round(_exact(k) * trials) + rng.choice((-1, 0, 1)) for k in range(5)]
    counts[2] += trials - sum(counts)
    return [c / trials for c in counts]


def _multinomial(trials, seed):
    """Drawn from the exact odds, one draw a deal: a fair simulation of the counts."""
    counts = [0] * 5
    for k in random.Random(seed).choices(range(5), weights=[_exact(k) for k in range(5)], k=trials):
        counts[k] += 1
    return [c / trials for c in counts]


@pytest.mark.parametrize(("fake", "says"), [
    (lambda trials, seed: [_exact(k) for k in range(5)], "× 4000 is not a whole number: deal 4000 deals and count"),
    (lambda trials, seed: SIMULATION(4000, seed), "with 100 trials each frequency should be a number of deals"),
    (lambda trials, seed: SIMULATION(trials, 0), "the seeds 0 and 1 gave the same frequencies"),
    (_rounded_exact, "closer to the exact odds than chance allows"),
])
def test_a_simulation_that_ignores_trials_or_seed_or_computes_the_odds_fails(fake, says):
    result = checks.ace_simulation(fake)
    assert not result.passed and says in result.message, result.message


def test_the_source_simulation_and_any_fair_one_pass_and_the_bound_shrinks_as_trials_grow():
    result = checks.ace_simulation(SIMULATION)
    assert result.passed and "and so do 100, 1000 and 16000 trials" in result.message
    assert checks.ace_simulation(_multinomial).passed
    assert checks.ace_simulation(SIMULATION, seed=7).passed
    # 4000 deals whatever ``trials`` says pass at 4000 only: at 100 and 16000 they are not counts of those deals
    assert not checks.ace_simulation(lambda trials, seed: SIMULATION(4000, seed), trials=4000).passed


def test_the_chi_square_tail_is_right():
    assert odds.chi_square_below(9.4877, 4) == pytest.approx(0.95, abs=1e-4)
    assert odds.chi_square_below(31.410, 20) == pytest.approx(0.95, abs=1e-4)
    assert odds.chi_square_below(1.0, 20) < 1e-9 < odds.chi_square_below(8.26, 20) == pytest.approx(0.01, abs=1e-3)


def test_a_simulation_that_reads_the_engines_odds_gets_no_points():
    from vint_core.calls import Strain as S
    from vint_core.honours import honours_odds

    result = checks.ace_simulation(lambda trials, seed: [float(honours_odds(S.NOTRUMP)[k]) for k in range(5)])
    assert not result.passed and "honours_odds" in result.message and "write it out" in result.message


# -- the rules' edges, asked every time ---------------------------------------------------------------------

def _strictly_over_1000(deal_points):
    ns = ew = 0
    for a, b in deal_points:
        ns, ew = ns + a, ew + b
        if max(ns, ew) > 1000 and ns != ew:
            return (Side.NS, ns + 250, ew) if ns > ew else (Side.EW, ns, ew + 250)
    return None


def _north_south_win_ties(deal_points):
    ns = ew = 0
    for a, b in deal_points:
        ns, ew = ns + a, ew + b
        if max(ns, ew) >= 1000:
            return (Side.NS, ns + 250, ew) if ns >= ew else (Side.EW, ns, ew + 250)
    return None


def test_exercise_7_asks_exactly_1000_and_a_tie():
    strict = checks.rubber_result(_strictly_over_1000)
    assert not strict.passed and "for deals worth N–S 1000, E–W 0 you gave no winner yet" in strict.message
    tie = checks.rubber_result(_north_south_win_ties, cases=0)
    assert not tie.passed and "N–S 500, E–W 500; N–S 500, E–W 500 you gave N–S win" in tie.message
    assert checks.rubber_result(solutions("07-rubber.ipynb")["rubber_result"]).passed


def test_the_edges_of_the_rubber_agree_with_the_engines_rubber():
    from vint_core.checks.rubber import _played_rubber

    rng = random.Random(5)
    for _ in range(60):
        rubber = _played_rubber(rng, stop_early=False)
        points = [(rd.points[Side.NS], rd.points[Side.EW]) for rd in rubber.deals]
        assert rubber_after(points) == (rubber.winner, rubber.totals[Side.NS], rubber.totals[Side.EW])
    assert rubber_after([(950, 900), (100, 160)]) == (Side.EW, 1050, 1310)  # the rules' example G1
    assert [rubber_after(p) for p in EDGES].count(None) == 6


def _wrong_at(right, edge):
    """``right``, except where ``edge(*args)`` holds: there it answers something else."""
    def wrong(*args):
        answer = right(*args)
        if not edge(*args):
            return answer
        if isinstance(answer, bool):
            return not answer
        if isinstance(answer, tuple):
            return (answer[0] + 10, answer[1])
        if answer is None or isinstance(answer, Seat):
            return Seat.NORTH if answer is None else None
        return answer + 1
    return wrong


def _space(notebook):
    return solutions(notebook)


EDGE_CASES = [
    ("01-trick-value.ipynb", "tricks_needed", lambda level: level == 7),
    ("01-trick-value.ipynb", "trick_value", lambda c: c.level == 7 and c.strain is Strain.NOTRUMP),
    ("02-trick-points.ipynb", "trick_points", lambda c, d: d == c.tricks_needed),  # exactly made
    ("02-trick-points.ipynb", "trick_points", lambda c, d: d == 0),
    ("02-trick-points.ipynb", "trick_points", lambda c, d: d == 13),
    ("03-bids-and-tricks.ipynb", "outranks", lambda bid, other: bid == other),
    ("03-bids-and-tricks.ipynb", "trick_winner",
     lambda leader, cards, trump: trump is not None and cards[-1].suit == trump and cards[0].suit != trump),
    ("04-auction.ipynb", "auction_over", lambda calls: len(calls) == 4 and all(c.is_pass for c in calls)),
    ("04-auction.ipynb", "auction_over", lambda calls: len(calls) == 8 and calls[0].is_bid),  # a bid, 7 passes
    ("04-auction.ipynb", "declarer", lambda dealer, calls: not any(c.is_bid for c in calls)),  # passed out
    ("05-honours.ipynb", "honour_points", lambda deal: deal.contract.strain is Strain.NOTRUMP and any(
        sum(card.rank == 14 for seat in side.seats for card in deal.hands[seat]) == 4 for side in Side)),
    ("06-deal-score.ipynb", "deal_score", lambda c, d, hands: d == 13),
    ("06-deal-score.ipynb", "deal_score", lambda c, d, hands: d == 1),  # the defenders' small slam
    ("06-deal-score.ipynb", "deal_score", lambda c, d, hands: d == c.tricks_needed - 1),  # one short
    ("07-rubber.ipynb", "rubber_result", lambda points: sum(a + b for a, b in points) == 0),  # none, passed out
]


@pytest.mark.parametrize(("notebook", "name", "edge"), EDGE_CASES,
                         ids=[f"{name}-{i}" for i, (_, name, _) in enumerate(EDGE_CASES)])
def test_a_solution_wrong_only_at_an_edge_fails_even_when_no_random_case_is_asked(notebook, name, edge):
    right = _space(notebook)[name]
    check = getattr(checks, name)
    assert check(right, cases=0).passed and check(right).passed
    edges_only = check(_wrong_at(right, edge), cases=0)
    assert not edges_only.passed and edges_only.cases > 0, edges_only.message


def test_a_score_sheet_that_drops_a_passed_out_rubber_fails():
    space = _space("09-score-sheet.ipynb")

    def finished_only(text):
        rubbers = space["rubbers_of"](space["pbn"].loads(text))
        return [(r.totals[Side.NS], r.totals[Side.EW]) for r in rubbers if r.winner is not None]

    assert checks.score_sheet(space["score_sheet"]).passed
    result = checks.score_sheet(finished_only, cases=0)
    assert not result.passed and result.cases == 2


# -- the engine's own answer gets no points --------------------------------------------------------------

def _totals(lines):
    t = vint_core.totals(lines)
    return t.ns, t.ew


def _import_inside(c, d, hands):
    from vint_core.scoring import score_contract as engine

    return _totals(engine(c, tricks=d, honours=hands))


def _by_attribute(c, d, hands):
    return _totals(vint_core.scoring.score_contract(c, tricks=d, honours=hands))


def _by_default(c, d, hands, engine=vint_core.score_contract):
    return _totals(engine(c, tricks=d, honours=hands))


def _closure():
    engine = vint_core.scoring.score_contract

    def deal_score(c, d, hands):
        return _totals(engine(c, tricks=d, honours=hands))
    return deal_score


def _cached_table(c, d):
    from vint_core.bots.evaluation import score_table

    ours, theirs = score_table(SEED, c.level, c.strain)[d]
    return (ours, theirs) if c.declarer.side == Side.NS else (theirs, ours)


def _replay(dealer, calls):
    auction = Auction(dealer, SEED)
    for call in calls:
        auction = auction.apply(call)
    return auction


ENGINE = [
    ("trick_value", lambda c: SEED.trick_value_of(c.level, c.strain), "SEED.trick_value_of"),
    ("trick_value", lambda c: vint_core.scoring.trick_value(SEED, c), "trick_value"),
    ("tricks_needed", lambda level: vint_core.Contract(level, Strain.NOTRUMP, Seat.NORTH).tricks_needed,
     "Contract.tricks_needed"),
    ("trick_points", lambda c, d: _totals(vint_core.scoring.play_lines(SEED, c, d)[:0] + vint_core.scoring.trick_lines(
        SEED, c, d) + vint_core.scoring.undertrick_lines(SEED, c, d)), "play_lines"),
    ("outranks", SEED.outranks, "SEED.outranks"),
    ("outranks", lambda bid, other: SEED.bids.index(bid) > SEED.bids.index(other), "SEED.bids"),
    ("trick_winner", vint_core.trick_winner, "trick_winner"),
    ("trick_winner", lambda leader, cards, trump: vint_core.Trick(leader, cards, trump).winner, "trick_winner"),
    ("auction_over", lambda calls: _replay(Seat.NORTH, calls).is_over, "Auction"),
    ("declarer", lambda dealer, calls: getattr(_replay(dealer, calls).contract, "declarer", None), "Auction"),
    ("honour_points", lambda deal: (deal.points[Side.NS], deal.points[Side.EW]), "Deal.points"),
    ("honour_points", lambda deal: tuple(vint_core.honours.honours_count(deal.hands, deal.contract.strain)),
     "honours_count"),
    ("deal_score", lambda c, d, hands: _totals(vint_core.score_contract(c, tricks=d, honours=hands)), "score_contract"),
    ("deal_score", _import_inside, "score_contract"),
    ("trick_points", lambda c, d: _cached_table(c, d), "score_table"),  # cached by the bots before: still seen
    ("deal_score", _by_attribute, "score_contract"),
    ("deal_score", _by_default, "score_contract"),
    ("deal_score", _closure(), "score_contract"),
    ("ace_odds", lambda k: float(vint_core.honours_odds(Strain.NOTRUMP)[k]), "honours_odds"),
    ("ace_odds", odds.exact_ace_odds, "exact_ace_odds"),
]


@pytest.mark.parametrize(("name", "fn", "part"), ENGINE, ids=[f"{n}-{p}-{i}" for i, (n, _, p) in enumerate(ENGINE)])
def test_calling_the_engines_own_answer_gets_no_points_and_the_engine_comes_back(name, fn, part):
    originals = (vint_core.score_contract, vint_core.scoring.score_contract, vars(type(SEED))["trick_value_of"],
                 vint_core.trick_winner, Auction.__init__, vint_core.honours_odds)
    result = getattr(checks, name)(fn)
    assert not result.passed and result.cases == 0
    assert f"calls the engine's own answer ({part}" in result.message and "write it out yourself" in result.message
    german = getattr(checks, name)(fn, lang="de")
    assert "ruft die fertige Antwort der Engine auf" in german.message
    assert originals == (vint_core.score_contract, vint_core.scoring.score_contract,
                         vars(type(SEED))["trick_value_of"], vint_core.trick_winner, Auction.__init__,
                         vint_core.honours_odds)
    assert SEED.trick_value_of(3, Strain.NOTRUMP) == 40  # and it answers as before


def test_the_guard_reaches_the_learners_own_globals_and_leaves_them_as_they_were():
    space = {"__name__": "__main__"}
    exec("from vint_core import score_contract, totals\n"
         "def deal_score(c, d, hands):\n"
         "    t = totals(score_contract(c, tricks=d, honours=hands))\n"
         "    return t.ns, t.ew\n", space)
    before = space["score_contract"]
    result = checks.deal_score(space["deal_score"])
    assert not result.passed and "score_contract" in result.message
    assert space["score_contract"] is before is vint_core.score_contract


def test_what_an_exercise_hands_the_learner_stays_allowed():
    """Exercise 9 hands pbn.loads and rubbers_of; exercise 8 deal_hands; exercise 5 a Deal's hands and contract."""
    for notebook, name in [("09-score-sheet.ipynb", "score_sheet"), ("08-honours-odds.ipynb", "ace_simulation"),
                           ("05-honours.ipynb", "honour_points"), ("04-auction.ipynb", "declarer"),
                           ("03-bids-and-tricks.ipynb", "trick_winner")]:
        assert getattr(checks, name)(solutions(notebook)[name]).passed, notebook


def test_the_checks_expected_answers_still_come_from_the_engine():
    """A check run after a guarded one still compares with the real engine: a wrong answer is still wrong."""
    checks.deal_score(lambda c, d, hands: _totals(vint_core.score_contract(c, tricks=d, honours=hands)))
    assert not checks.deal_score(lambda c, d, hands: (0, 0)).passed
    assert checks.deal_score(solutions("06-deal-score.ipynb")["deal_score"]).passed
