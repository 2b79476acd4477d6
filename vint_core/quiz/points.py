"""Questions on the score: ``deal_points`` (every line of a played deal) and ``rubber_result``
(the deal added to the totals, the rubber won or not, the bonus; when nobody has won yet, the wrong choice
is the side ahead taken for the winner).

``deal_points`` is the engine's :func:`vint_core.scoring.score_contract`; its distractors are the
same lines with one misconception applied (only the declarers scoring tricks, odd tricks only,
no undertricks for a bid of one meaning one trick, slams and honours for the declarers only,
honours to the side that won the tricks, no-trump without its surcharge).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.i18n import Phrase
from vint_core.quiz.honours import deal_text
from vint_core.quiz.items import Inputs, Item, Line, make_choices
from vint_core.quiz.situations import deal_number_for, declarer_tricks, fitting_contract, new_hands
from vint_core.quiz.texts import quiz_phrase
from vint_core.rules import RULE_SETS, RuleSet, TrickValue
from vint_core.scoring import ScoreLine, score_contract, totals, trick_value
from vint_core.seats import PerSide, Seat, Side


def _points(lines: Sequence[ScoreLine]) -> dict[str, int]:
    t = totals(lines)
    return {"NS": t[Side.NS], "EW": t[Side.EW]}


def _without(lines: Sequence[ScoreLine], drop: Any) -> list[ScoreLine]:
    return [ln for ln in lines if not drop(ln)]


def deal_points_distractors(rules: RuleSet, contract: Contract, tricks: int, hands: Sequence[Any],
                            lines: Sequence[ScoreLine]) -> list[tuple[dict[str, int], str]]:
    """What each misconception makes of this deal's score."""
    declarers, defenders = contract.side, contract.side.other
    tv = trick_value(rules, contract)
    won = {declarers: tricks, defenders: 13 - tricks}
    out: list[tuple[dict[str, int], str]] = []
    out.append((_points(_without(lines, lambda ln: ln.kind == "tricks" and ln.side == defenders)),
                "declarers_only_score"))
    odd = _points(_without(lines, lambda ln: ln.kind == "tricks"))
    for side, n in won.items():
        odd[side.name] += max(0, n - 6) * tv
    out.append((odd, "odd_tricks_only"))
    if tricks >= contract.level:
        out.append((_points(_without(lines, lambda ln: ln.kind == "undertricks")), "bid_is_tricks"))
    out.append((_points(_without(lines, lambda ln: ln.kind == "slam" and ln.side == defenders)),
                "slams_declarers_only"))
    honours = [ln for ln in lines if ln.kind in ("honours", "aces")]
    if honours:
        more = declarers if tricks >= 7 else defenders
        moved = _points(_without(lines, lambda ln: ln.kind in ("honours", "aces")))
        moved[more.name] += sum(ln.points for ln in honours)
        out.append((moved, "honours_from_tricks"))
        out.append((_points(_without(lines, lambda ln: ln.kind in ("honours", "aces") and ln.side == defenders)),
                    "honours_declarers_only"))
    if contract.strain is Strain.NOTRUMP and rules.trick_value.notrump_extra:
        flat = rules.replace(trick_value=TrickValue(rules.trick_value.per_level, 0))
        out.append((_points(score_contract(contract, tricks=tricks, honours=hands, rules=flat)), "no_nt_surcharge"))
    out.append((_points(_without(lines, lambda ln: ln.kind == "undertricks")), "no_undertricks"))
    short = contract.tricks_needed - tricks
    if short > 0 and any(ln.kind == "undertricks" for ln in lines):
        single = _points(_without(lines, lambda ln: ln.kind == "undertricks"))
        single[defenders.name] += short * tv
        out.append((single, "undertricks_single"))
    return out


def deal_points(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    _, hands = new_hands(rng)
    contract = fitting_contract(rng, rules, hands, deal_number=deal_number_for(rng, rules))
    tricks = declarer_tricks(rng, contract)
    lines = score_contract(contract, tricks=tricks, honours=hands, rules=rules)
    answer = _points(lines)
    explanation: list[Line] = list(lines)
    side_tricks = {contract.side: tricks, contract.side.other: 13 - tricks}
    data = Inputs(rules.name, deal=deal_text(Seat.NORTH, hands), contract=contract.pbn,
                  declarer=contract.declarer.letter, tricks=PerSide(side_tricks[Side.NS], side_tricks[Side.EW]))
    return Item(ident, "scoring", "deal_points", "per_side", rules.name, data, answer,
                quiz_phrase("q_deal_points",
                       contract=quiz_phrase("contract_by", bid=contract.bid, seat=contract.declarer),
                       ns=side_tricks[Side.NS], ew=side_tricks[Side.EW]),
                make_choices(answer, deal_points_distractors(rules, contract, tricks, hands, lines), explanation,
                             kind="per_side"),
                tuple(explanation), quiz_phrase("h_deal_points"), (("deal", (Seat.NORTH, hands)),))


#: the rule sets whose rubber is one game to a target of all points (Foster's two games are not asked)
RUBBER_RULES = tuple(r for r in RULE_SETS.values() if r.games_per_rubber == 1 and r.game_counts == "all")


def rubber_outcome(rules: RuleSet, before: PerSide[int], deal: PerSide[int], *, target: int | None = None,
                   bonus: bool = True, both_over_plays_on: bool = False) -> dict[str, Any]:
    """``{"winner": "NS"|"EW"|None, "totals": {...}}`` after the deal (docs/rules.md §2.2)."""
    goal = rules.game_target if target is None else target
    after = before + deal
    reached = [side for side, total in after.items() if total >= goal]
    winner: Side | None = None
    if len(reached) == 1:
        winner = reached[0]
    elif len(reached) == 2 and after.ns != after.ew and not both_over_plays_on:
        winner = Side.NS if after.ns > after.ew else Side.EW
    if winner is not None and bonus:
        after = after.replace(winner, after[winner] + rules.rubber_bonus)
    return {"winner": winner.name if winner is not None else None, "totals": after.to_json()}


def _scenario(rng: random.Random, rules: RuleSet) -> tuple[PerSide[int], PerSide[int]]:
    """Totals before a deal and a real deal's points: one side over the target, both (now and then
    tied), or neither."""
    target = rules.game_target
    while True:
        _, hands = new_hands(rng)
        contract = fitting_contract(rng, rules, hands, deal_number=deal_number_for(rng, rules))
        t = totals(score_contract(contract, tricks=declarer_tricks(rng, contract), honours=hands, rules=rules))
        deal = PerSide(t[Side.NS], t[Side.EW])
        if min(deal) < 10:
            continue
        roll = rng.random()
        top = target - 10
        if roll < 0.35:  # both over the target
            ns = rng.randrange(max(0, target - deal.ns), top + 1, 10) if deal.ns <= target else \
                rng.randrange(0, top + 1, 10)
            if rng.random() < 0.2:  # an exact tie: play on
                ew = ns + deal.ns - deal.ew
            else:
                ew = rng.randrange(max(0, target - deal.ew), top + 1, 10) if deal.ew <= target else \
                    rng.randrange(0, top + 1, 10)
        elif roll < 0.75:  # one side gets there
            ns = rng.randrange(max(0, target - deal.ns), top + 1, 10) if deal.ns <= target else \
                rng.randrange(0, top + 1, 10)
            ew = rng.randrange(0, max(10, target - deal.ew), 10)
            if rng.random() < 0.5:
                ns, ew = ew, ns
                deal = PerSide(deal.ew, deal.ns)
        else:  # neither
            ns = rng.randrange(0, max(10, target - deal.ns), 10)
            ew = rng.randrange(0, max(10, target - deal.ew), 10)
        if 0 <= ns <= top and 0 <= ew <= top:
            return PerSide(ns, ew), deal


def _rubber_label(value: Any) -> Phrase:
    totals_msg = quiz_phrase("per_side_value", ns=value["totals"]["NS"], ew=value["totals"]["EW"])
    if value["winner"] is None:
        return quiz_phrase("rubber_goes_on", totals=totals_msg)
    return quiz_phrase("rubber_won", side=Side.parse(value["winner"]), totals=totals_msg)


def rubber_result(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    if rules not in RUBBER_RULES:
        rules = rng.choice(RUBBER_RULES)
    before, deal = _scenario(rng, rules)
    answer = rubber_outcome(rules, before, deal)
    other_target = 500 if rules.game_target != 500 else 1000
    distractors: list[tuple[Any, str | None]] = [
        (rubber_outcome(rules, before, deal, bonus=False), "no_rubber_bonus"),
        (rubber_outcome(rules, before, deal, target=other_target), "wrong_target"),
        (rubber_outcome(rules, before, deal, both_over_plays_on=True), "both_over_plays_on"),
    ]
    after = before + deal
    if answer["winner"] is not None:
        loser = Side.parse(answer["winner"]).other
        distractors.append(({"winner": loser.name,
                             "totals": after.replace(loser, after[loser] + rules.rubber_bonus).to_json()}, None))
    else:
        # nobody has won yet: the learner who takes the side ahead for the winner (ahead on the totals, or on an
        # exact tie the side that led before the deal, N–S if that was a tie too) and adds the bonus to it
        ahead = max(Side, key=lambda side: (after[side], before[side]))
        distractors.append(({"winner": ahead.name,
                             "totals": after.replace(ahead, after[ahead] + rules.rubber_bonus).to_json()},
                            "ahead_has_won"))
    target = rules.game_target
    explanation: list[Line] = [quiz_phrase("x_totals", totals=quiz_phrase("per_side_value", ns=after.ns, ew=after.ew))]
    if answer["winner"] is not None:
        both = quiz_phrase("x_rubber_both") if min(after) >= target else ""
        explanation.append(quiz_phrase("x_rubber_won", side=Side.parse(answer["winner"]), target=target, both=both,
                                  bonus=rules.rubber_bonus))
    elif min(after) >= target:
        explanation.append(quiz_phrase("x_rubber_tie", target=target))
    else:
        explanation.append(quiz_phrase("x_rubber_none", target=target))
    data = Inputs(rules.name, before=before, deal_points=deal)
    prompt = quiz_phrase("q_rubber_result", target=target, bonus=rules.rubber_bonus,
                    before_ns=before.ns, before_ew=before.ew, dp_ns=deal.ns, dp_ew=deal.ew)
    return Item(ident, "rubber", "rubber_result", "choice", rules.name, data, answer, prompt,
                make_choices(answer, distractors, explanation, label=_rubber_label), tuple(explanation),
                quiz_phrase("h_rubber_result"))


__all__ = ["RUBBER_RULES", "deal_points", "deal_points_distractors", "rubber_outcome", "rubber_result"]
