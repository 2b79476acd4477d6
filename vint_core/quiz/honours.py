"""Questions on honours: ``honours_count`` (trump honours, or aces at no-trump, per side, on the
cards as dealt) and ``honours_points`` (the honours or aces lines of the score).

The points are the engine's own :func:`vint_core.scoring.honour_lines`; the distractors are the
same function applied to what a misconception believes (the honours given to the declarers
only, the three-honour tier scoring, no-trump without its surcharge, one hand per side, the
seed's tiers under Foster).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Card, Hand, Rank, Suit
from vint_core.honours import honours_held
from vint_core.i18n import Phrase
from vint_core.quiz.items import Inputs, Item, Line, make_choices
from vint_core.quiz.situations import deal_number_for, fitting_contract, new_hands
from vint_core.quiz.texts import quiz_phrase
from vint_core.rules import SEED, RuleSet, TrickValue
from vint_core.scoring import ScoreLine, score_contract, totals
from vint_core.seats import PerSide, Seat, Side

HONOUR_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def deal_text(first: Seat, hands: Sequence[Hand]) -> str:
    """A deal in PBN: ``"N:AKQ.… … … …"``, the hands clockwise from ``first``."""
    return first.letter + ":" + " ".join(hands[s].pbn for s in Seat.iter_from(first))


def _count(hands: Sequence[Hand], cards: Sequence[Card]) -> dict[str, int]:
    return {side: sum(1 for c in cards if c in hands[a] or c in hands[b])
            for side, (a, b) in (("NS", Side.NS.seats), ("EW", Side.EW.seats))}


def _held_lines(held: PerSide[tuple[Card, ...]]) -> list[Line]:
    return [quiz_phrase("x_honours_held", side=side, n=len(cards), cards=" ".join(str(c) for c in cards) or "—")
            for side, cards in held.items()]


def _honour_lines(rules: RuleSet, contract: Contract, hands: Sequence[Hand]) -> tuple[ScoreLine, ...]:
    """The honours (or aces) lines only, with the declarers on 7 tricks (the question gives no tricks)."""
    return tuple(ln for ln in score_contract(contract, tricks=7, honours=hands, rules=rules)
                 if ln.kind in ("honours", "aces"))


def honours_count(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    _, hands = new_hands(rng)
    allowed = rules.strain_order
    strain = Strain.NOTRUMP if Strain.NOTRUMP in allowed and rng.random() < 0.35 else \
        rng.choice([s for s in allowed if s is not Strain.NOTRUMP])
    held = honours_held(hands, strain)
    answer = {"NS": len(held.ns), "EW": len(held.ew)}
    distractors: list[tuple[Any, str | None]] = []
    suit = strain.suit
    if suit is None:
        distractors.append((_count(hands, [Card(s, r) for s in Suit for r in (Rank.ACE, Rank.KING)]), "kings_at_nt"))
    else:
        distractors.append((_count(hands, [Card(suit, r) for r in HONOUR_RANKS[:4]]), "whist_honours"))
    one = {"NS": sum(1 for c in held.ns if c in hands[Seat.NORTH]),
           "EW": sum(1 for c in held.ew if c in hands[Seat.EAST])}
    distractors.append((one, "one_hand"))
    explanation: list[Line] = [quiz_phrase("x_honours_kind_nt") if suit is None else
                               quiz_phrase("x_honours_kind_suit", strain=strain), *_held_lines(held)]
    data = Inputs(rules.name, deal=deal_text(Seat.NORTH, hands), strain=strain.value)
    return Item(ident, "honours", "honours_count", "per_side", rules.name, data, answer,
                quiz_phrase("q_honours_count", strain=strain),
                make_choices(answer, distractors, explanation, kind="per_side"), tuple(explanation),
                quiz_phrase("h_honours_count"), (("deal", (Seat.NORTH, hands)),))


def _points(lines: Sequence[ScoreLine]) -> dict[str, int]:
    t = totals(lines)
    return {"NS": t[Side.NS], "EW": t[Side.EW]}


def _aces_split(hands: Sequence[Hand]) -> bool:
    return _count(hands, [Card(s, Rank.ACE) for s in Suit])["NS"] == 2


def honours_points(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    while True:
        _, hands = new_hands(rng)
        # under Foster, aces split 2-2 score for the side that took 7 tricks: the question gives no tricks
        if rules.honours_suit != "majority" or not _aces_split(hands):
            break
    contract = fitting_contract(rng, rules, hands, deal_number=deal_number_for(rng, rules))
    lines = _honour_lines(rules, contract, hands)
    answer = _points(lines)
    distractors: list[tuple[Any, str | None]] = []
    distractors.append((_points([ln for ln in lines if ln.side == contract.side]), "honours_declarers_only"))
    if contract.strain is Strain.NOTRUMP and rules.trick_value.notrump_extra:
        flat = rules.replace(trick_value=TrickValue(rules.trick_value.per_level, 0))
        distractors.append((_points(_honour_lines(flat, contract, hands)), "no_nt_surcharge"))
    if rules.honours_suit == "majority":
        seed_like = SEED.replace(trick_value=rules.trick_value)
        distractors.append((_points(_honour_lines(seed_like, contract, hands)), "seed_tiers_under_foster"))
    elif rules.honours_suit != "none":
        three = rules.replace(three_honours_multiplier=rules.four_honours_multiplier)
        distractors.append((_points(_honour_lines(three, contract, hands)), "three_honours_score"))
    else:
        seed_like = SEED.replace(trick_value=rules.trick_value)
        distractors.append((_points(_honour_lines(seed_like, contract, hands)), "honours_in_whist_vint"))
    if rules.honours_suit != "none":
        single = [Hand(), Hand(), Hand(), Hand()]
        single[contract.declarer] = hands[contract.declarer]
        single[contract.declarer.left] = hands[contract.declarer.left]
        distractors.append((_points(_honour_lines(rules, contract, single)), "one_hand"))
    held = honours_held(hands, contract.strain)
    explanation: list[Line] = [*lines] if lines else [quiz_phrase("x_no_honours")]
    explanation.extend(_held_lines(held))
    data = Inputs(rules.name, deal=deal_text(Seat.NORTH, hands), contract=contract.pbn,
                  declarer=contract.declarer.letter)
    return Item(ident, "honours", "honours_points", "per_side", rules.name, data, answer,
                quiz_phrase("q_honours_points", contract=_contract_text(contract)),
                make_choices(answer, distractors, explanation, kind="per_side"), tuple(explanation),
                quiz_phrase("h_honours_points"), (("deal", (Seat.NORTH, hands)),))


def _contract_text(contract: Contract) -> Phrase:
    return quiz_phrase("contract_by", bid=contract.bid, seat=contract.declarer)


__all__ = ["deal_text", "honours_count", "honours_held", "honours_points"]
