"""Checks for the rubber and records exercises: a rubber's winner and totals, a PBN match's score sheet.

The engine's :class:`~vint_core.rubber.Rubber`, :func:`~vint_core.rubber.rubbers_of`
and the PBN reader (:mod:`vint_core.pbn`) give the right answers, over
deals really dealt, bid and played.
"""

from __future__ import annotations

import random
from typing import Any

import vint_core.checks.cases as gen
from vint_core.calls import PASS
from vint_core.checks.guard import RUBBER as RUBBER_PARTS
from vint_core.checks.result import CheckResult
from vint_core.checks.runner import Answers, Case, WrongType, run_check, show_pair
from vint_core.deal import Deal
from vint_core.i18n import Joined, Phrase
from vint_core.rubber import Rubber, rubbers_of
from vint_core.rules import SEED, RuleSet
from vint_core.seats import Seat, Side

RubberAnswer = tuple[Side, int, int] | None


def _rubber_answer(value: Any) -> RubberAnswer:
    if value is None:
        return None
    try:
        winner, ns, ew = value
    except (TypeError, ValueError):
        raise WrongType("check_want_rubber") from None
    if not isinstance(winner, Side):
        raise WrongType("check_want_side")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (ns, ew)):
        raise WrongType("check_want_totals")
    return (winner, ns, ew)


def _show_rubber(value: RubberAnswer) -> Phrase:
    if value is None:
        return Phrase("check_no_winner")
    winner, ns, ew = value
    return Phrase("check_rubber_won", side=winner, ns=ns, ew=ew)


RUBBER = Answers(_rubber_answer, _show_rubber)


def _played_rubber(rng: random.Random, *, stop_early: bool) -> Rubber:
    rubber = Rubber(first_dealer=rng.choice(list(Seat)))
    stop = rng.randint(1, 3) if stop_early else 99
    while not rubber.is_finished and len(rubber.deals) < stop:
        deal = rubber.new_deal(seed=rng)
        target = gen.contract(rng)
        for call in gen.bidding(deal.dealer, target):
            deal = deal.apply(call)
        while not deal.is_finished:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        rubber = rubber.record(deal)
    return rubber


#: the rubber's edges, always asked: no deal, a passed-out deal, exactly 1000 (at once, or at the second deal),
#: 999, both at 1000 and level (another deal is played, passed out or not), both past 1000 in one deal
#: (the rules' example G1, and N–S higher)
EDGES: tuple[list[tuple[int, int]], ...] = (
    [], [(0, 0)], [(1000, 0)], [(0, 999)], [(990, 0), (10, 0)], [(0, 0), (0, 1000)], [(999, 999)],
    [(500, 500), (500, 500)], [(500, 500), (500, 500), (0, 0)], [(500, 500), (500, 500), (30, 40)],
    [(950, 900), (100, 160)], [(990, 990), (20, 10)],
)


def rubber_after(points: list[tuple[int, int]], rules: RuleSet = SEED) -> RubberAnswer:
    """The rubber after deals worth these points, by the rule set's game target and bonus, as
    :meth:`~vint_core.rubber.Rubber.record` keeps it (the first side to reach the target wins; both in one deal:
    the higher total; level: play on)."""
    ns = ew = 0
    for deal_ns, deal_ew in points:
        ns, ew = ns + deal_ns, ew + deal_ew
        if max(ns, ew) >= rules.game_target and ns != ew:
            winner = Side.NS if ns > ew else Side.EW
            bonus = rules.rubber_bonus
            return (winner, ns + bonus, ew) if winner == Side.NS else (winner, ns, ew + bonus)
    return None


def rubber_result(fn: Any, *, cases: int = 80, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(deal_points) -> None | (winner, ns, ew)``: the rubber after deals worth these (N–S, E–W) points.

    ``None`` while nobody has won; once a side has won, the winner and both totals,
    the rubber bonus included (rule set ``seed``: 1000 to win, the higher total if
    both pass it in the same deal, 250 for the rubber).
    """
    rng = gen.checks_rng("rubber_result", seed)
    qs = []
    asked: list[tuple[list[tuple[int, int]], RubberAnswer]] = [(points, rubber_after(points)) for points in EDGES]
    for _ in range(max(0, cases - len(asked))):
        rubber = _played_rubber(rng, stop_early=rng.random() < 0.3)
        t = rubber.totals
        asked.append(([(rd.points[Side.NS], rd.points[Side.EW]) for rd in rubber.deals],
                      None if rubber.winner is None else (rubber.winner, t[Side.NS], t[Side.EW])))
    bonus, target = SEED.rubber_bonus, SEED.game_target
    for points, right in asked:
        wrong: dict[str, Any] = {}
        why: Phrase
        if right is not None:
            winner, ns, ew = right
            plain = (ns - (bonus if winner == Side.NS else 0), ew - (bonus if winner == Side.EW else 0))
            wrong["no_rubber_bonus"] = (winner, *plain)
            why = Phrase("check_why_rubber_won", ns=plain[0], ew=plain[1], bonus=bonus)
        else:
            why = Phrase("check_why_rubber_none", target=target)
        qs.append(Case((points,), Phrase("check_for_deals_worth", points=_pairs(points)), right, why, wrong))
    return run_check("rubber_result", fn, qs, RUBBER, lang=lang, forbidden=RUBBER_PARTS)


def _sheet(value: Any) -> list[tuple[int, int]]:
    try:
        rows = [tuple(row) for row in value]
    except TypeError:
        raise WrongType("check_want_sheet") from None
    if not all(len(r) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in r) for r in rows):
        raise WrongType("check_want_sheet_row")
    return [(int(r[0]), int(r[1])) for r in rows]


def _show_sheet(rows: list[tuple[int, int]]) -> Joined:
    return Joined(map(show_pair, rows), sep=Phrase("words_semicolon"), empty=Phrase("check_no_rubbers"))


def _pairs(rows: list[tuple[int, int]]) -> Joined:
    """"N–S 360, E–W 240; N–S 80, E–W 180", said in the language of the moment."""
    return Joined(map(show_pair, rows), sep=Phrase("words_semicolon"))


def _outcomes(rubbers: list[Rubber]) -> Joined:
    """"won by N–S, unfinished", said in the language of the moment."""
    return Joined((Phrase("check_won_by", side=r.winner) if r.winner is not None else Phrase("check_unfinished")
                   for r in rubbers), sep=Phrase("words_comma"))


SHEET = Answers(_sheet, _show_sheet)


def _match(rng: random.Random, *, deals: int = 99, passed_out_first: bool = False, until_won: bool = False,
           passed_out_after_win: bool = False) -> list[Deal]:
    """The deals of a match, bid to random contracts (about one in eight passed out) and played at random."""
    out: list[Deal] = []
    rubber = Rubber(first_dealer=rng.choice(list(Seat)))
    while len(out) < deals:
        pass_out = (passed_out_first and not out) or rng.random() < 0.12
        if rubber.is_finished:
            if until_won:
                break
            rubber = rubber.next_rubber()
            if passed_out_after_win:
                pass_out, deals = True, len(out) + 1
        deal = rubber.new_deal(seed=rng, board=str(len(out) + 1))
        for call in [PASS] * 4 if pass_out else gen.bidding(deal.dealer, gen.contract(rng)):
            deal = deal.apply(call)
        while not deal.is_finished:
            deal = deal.apply(rng.choice(deal.legal_actions()))
        rubber = rubber.record(deal)
        out.append(deal)
    return out


def score_sheet(fn: Any, *, cases: int = 20, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(pbn_text) -> [(ns, ew), …]``: each rubber's totals for a match written as PBN (rubber bonus included)."""
    from vint_core import pbn

    rng = gen.checks_rng("score_sheet", seed)
    qs = []
    # the edges first: a match that opens with a passed-out deal and ends as its rubber is won, and one whose
    # second rubber has only a passed-out deal; then random matches, some deals passed out
    matches = [_match(rng, passed_out_first=True, until_won=True), _match(rng, passed_out_after_win=True)]
    matches += [_match(rng, deals=rng.randint(1, 7)) for _ in range(max(0, cases - len(matches)))]
    for deals in matches:
        record = pbn.dumps(deals, generator="vint_core.checks")
        rubbers = rubbers_of(pbn.loads(record))
        right = [(r.totals[Side.NS], r.totals[Side.EW]) for r in rubbers]
        why = Phrase("check_why_sheet", n=len(rubbers), rubbers=_outcomes(rubbers))
        qs.append(Case((record,), Phrase("check_for_match", n=len(deals)), right, why))
    return run_check("score_sheet", fn, qs, SHEET, lang=lang)


__all__ = ["EDGES", "RUBBER", "SHEET", "rubber_after", "rubber_result", "score_sheet"]
