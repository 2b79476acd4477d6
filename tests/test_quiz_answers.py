"""Every question type, 1,000 seeded items each: the answer recomputed here by a plain
re-implementation of docs/rules.md (no engine code: only the item's ``data``), and the choices checked
(the keyed choice is the answer, no two choices equal, every distractor differs from the answer and
carries feedback in English and German, a misconception's feedback names it)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from vint_core.quiz import MISCONCEPTIONS, TYPES, check, generate

N = 1000

# -- the rules, written out again ----------------------------------------------------

SEATS = "NESW"
ORDER = {"seed": "SCDHN", "short": "SCDHN", "progressive": "SCDHN", "whist_vint": "SCDH", "foster_1897": "SCDHN"}
END = {"seed": 8, "short": 8, "progressive": 8, "whist_vint": 8, "foster_1897": 3}
TARGET = {"seed": 1000, "short": 500, "progressive": 1000, "whist_vint": 1000}


def strain_of(bid: str) -> str:
    return bid[1] if bid[1:] != "NT" else "N"


def rank(rules: str, bid: str) -> tuple[int, int]:
    return int(bid[0]), ORDER[rules].index(strain_of(bid))


def min_level(rules: str, number: int) -> int:
    return (number - 1) % 7 + 1 if rules == "progressive" else 1


def replay(rules: str, dealer: str, calls: list[str]) -> dict[str, Any]:
    """Who holds the top bid, passes since, who passed, whose turn, whether it is over."""
    seat = SEATS.index(dealer)
    top: str | None = None
    top_seat: int | None = None
    passes = 0
    over = False
    for call in calls:
        assert not over, "a call after the end"
        if call == "Pass":
            passes += 1
            over = passes >= (END[rules] if top is not None else 4)
        else:
            top, top_seat, passes = call, seat, 0
        seat = (seat + 1) % 4
    return {"top": top, "top_seat": top_seat, "passes": passes, "to_act": seat, "over": over}


def bid_ok(rules: str, state: dict[str, Any], bid: str, number: int) -> bool:
    if strain_of(bid) not in ORDER[rules] or int(bid[0]) < min_level(rules, number):
        return False
    if state["top"] is not None and rank(rules, bid) <= rank(rules, state["top"]):
        return False
    return not (rules == "foster_1897" and state["top_seat"] == state["to_act"])


ALL_BIDS = [f"{level}{s}" for level in range(1, 8) for s in ("S", "C", "D", "H", "NT")]

HONOURS = "AKQJT"


def hands_of(deal: str) -> dict[str, dict[str, str]]:
    first, rest = deal.split(":")
    out = {}
    for i, text in enumerate(rest.split()):
        seat = SEATS[(SEATS.index(first) + i) % 4]
        out[seat] = dict(zip("SHDC", text.split("."), strict=True))
    return out


def side_holds(hands: dict[str, dict[str, str]], side: str, cards: list[tuple[str, str]]) -> int:
    return sum(1 for suit, r in cards if any(r in hands[seat][suit] for seat in side))


def honour_cards(strain: str) -> list[tuple[str, str]]:
    return [(s, "A") for s in "SHDC"] if strain == "N" else [(strain, r) for r in HONOURS]


def tv_of(rules: str, level: int, strain: str) -> int:
    return 10 * level + (10 if strain == "N" and rules != "foster_1897" else 0)


def honour_points(rules: str, hands: dict[str, dict[str, str]], level: int, strain: str,
                  won: dict[str, int]) -> dict[str, int]:
    tv = tv_of(rules, level, strain)
    out = {"NS": 0, "EW": 0}
    if rules == "whist_vint":
        return out
    if rules == "foster_1897":
        counts = [(honour_cards(strain), 10)] if strain != "N" else []
        counts.append(([(s, "A") for s in "SHDC"], 25 if strain == "N" else 10))
        for cards, mult in counts:
            for side in ("NS", "EW"):
                n = side_holds(hands, side, cards)
                if 2 * n > len(cards) or (2 * n == len(cards) and won[side] >= 7):
                    out[side] += n * mult * tv
        return out
    for side in ("NS", "EW"):
        n = side_holds(hands, side, honour_cards(strain))
        if strain == "N":
            out[side] += {4: 10 * tv}.get(n, 0)
        else:
            out[side] += {5: 10 * tv, 4: 4 * tv}.get(n, 0)
    return out


def deal_score(rules: str, hands: dict[str, dict[str, str]], contract: str, declarer: str,
               tricks: dict[str, int]) -> dict[str, int]:
    level, strain = int(contract[0]), strain_of(contract)
    tv = tv_of(rules, level, strain)
    decl = "NS" if declarer in "NS" else "EW"
    dfd = "EW" if decl == "NS" else "NS"
    out = {side: tricks[side] * tv for side in ("NS", "EW")}
    short = 6 + level - tricks[decl]
    if short > 0:
        out[dfd] += short * (100 if rules == "foster_1897" else 2) * tv
    for side in ("NS", "EW"):
        n = tricks[side]
        if rules == "whist_vint" or n < 12:
            continue
        if rules == "foster_1897":
            bonus = 2000 if n == 13 else 1000
            if side == decl and level == 6:
                bonus = 7000 if n == 13 else 6000
            elif side == decl and level == 7 and n == 13:
                bonus = 12000
        else:
            bonus = 250 if n == 13 else 100
        out[side] += bonus
    h = honour_points(rules, hands, level, strain, tricks)
    return {side: out[side] + h[side] for side in out}


RANKS = "23456789TJQKA"


def winner(leader: str, cards: list[str], trump: str | None) -> str:
    led = cards[0][0]

    def key(card: str) -> int:
        return 100 + RANKS.index(card[1]) if card[0] == trump else (RANKS.index(card[1]) if card[0] == led else -1)

    best = max(range(4), key=lambda i: key(cards[i]))
    return SEATS[(SEATS.index(leader) + best) % 4]


# -- the answers ----------------------------------------------------------------------


def expected(item_type: str, d: dict[str, Any]) -> Any:
    rules = d["rules"]
    if item_type == "partner":
        return SEATS[(SEATS.index(d["seat"]) + 2) % 4]
    if item_type == "first_card":  # one card at a time, clockwise, from the dealer's left
        return SEATS[(SEATS.index(d["dealer"]) + d["card"]) % 4]
    if item_type == "next_dealer":  # the deal passes to the left
        return SEATS[(SEATS.index(d["dealer"]) + 1) % 4]
    if item_type == "next_bid_legal":
        state = replay(rules, d["dealer"], d["calls"])
        assert not state["over"]
        return bid_ok(rules, state, d["bid"], d["deal_number"])
    if item_type == "lowest_bid":
        state = replay(rules, d["dealer"], d["calls"])
        return next(b for b in ALL_BIDS if strain_of(b) in ORDER[rules] and bid_ok(rules, state, b, d["deal_number"]))
    if item_type == "higher_bid":
        return max(d["a"], d["b"], key=lambda b: rank(rules, b))
    if item_type == "tricks_needed":
        return 6 + int(d["bid"][0])
    if item_type == "auction_over":
        return replay(rules, d["dealer"], d["calls"])["over"]
    if item_type in ("declarer", "opening_leader"):
        state = replay(rules, d["dealer"], d["calls"])
        assert state["over"]
        if state["top_seat"] is None:
            return None
        return SEATS[(state["top_seat"] + (1 if item_type == "opening_leader" else 0)) % 4]
    if item_type == "honours_count":
        hands = hands_of(d["deal"])
        cards = honour_cards("N" if d["strain"] == "NT" else d["strain"])
        return {side: side_holds(hands, side, cards) for side in ("NS", "EW")}
    if item_type == "honours_points":
        hands = hands_of(d["deal"])
        level, strain = int(d["contract"][0]), strain_of(d["contract"])
        # the items give no tricks: under Foster they avoid the 2-2 aces that would need them
        return honour_points(rules, hands, level, strain, {"NS": 0, "EW": 0})
    if item_type == "deal_points":
        return deal_score(rules, hands_of(d["deal"]), d["contract"], d["declarer"], d["tricks"])
    if item_type == "legal_cards":
        suits = dict(zip("SHDC", d["hand"].split("."), strict=True))
        led = d["led"]
        use = [led] if led is not None and suits[led] else list("SHDC")
        return [s + r for s in "SHDC" if s in use for r in suits[s]]
    if item_type == "trick_winner":
        return winner(d["leader"], d["cards"], d["trump"])
    if item_type == "rubber_result":
        after = {s: d["before"][s] + d["deal_points"][s] for s in ("NS", "EW")}
        over = [s for s in after if after[s] >= TARGET[rules]]
        win = None
        if len(over) == 1:
            win = over[0]
        elif len(over) == 2 and after["NS"] != after["EW"]:
            win = max(over, key=lambda s: after[s])
        if win is not None:
            after[win] += 250
        return {"winner": win, "totals": after}
    raise AssertionError(item_type)


def norm(kind: str, value: Any) -> Any:
    return sorted(value) if kind == "cards" else value


@pytest.mark.parametrize("item_type", list(TYPES))
def test_answers_recomputed_and_choices_sound(item_type: str) -> None:
    items = generate(item_type, seed=2026, count=N)
    assert len({item.id for item in items}) == N
    rule_sets: Counter[str] = Counter()
    named: Counter[str] = Counter()
    for item in items:
        d = item.data
        rule_sets[d["rules"]] += 1
        assert item.type == item_type and item.rules == d["rules"]
        assert item.answer == expected(item_type, d), (item.id, d)
        keyed = [c for c in item.choices if c.correct]
        assert len(keyed) == 1 and norm(item.kind, keyed[0].value) == norm(item.kind, item.answer)
        values = [repr(norm(item.kind, c.value)) for c in item.choices]
        assert len(set(values)) == len(values), item.id
        assert check(item, item.answer).correct
        en, de = item.to_json("en"), item.to_json("de")
        assert en["prompt"]["text"] != de["prompt"]["text"]
        assert ('data-card="' in en["prompt"]["html"] or 'vint-auction' in en["prompt"]["html"]) == bool(item.figures)
        assert en["hint"] and de["hint"] and en["hint"] != de["hint"]
        assert en["explanation"] and len(en["explanation"]) == len(de["explanation"])
        for c, ce, cd in zip(item.choices, en["choices"], de["choices"], strict=True):
            if c.correct:
                continue
            assert norm(item.kind, c.value) != norm(item.kind, item.answer)
            assert ce["feedback"] and cd["feedback"] and ce["feedback"] != cd["feedback"]
            verdict = check(item, c.value)
            assert not verdict.correct and verdict.misconception == c.misconception
            if c.misconception is not None:
                named[c.misconception] += 1
                m = MISCONCEPTIONS[c.misconception]
                assert m.name.text("en") in ce["feedback"] and m.name.text("de") in cd["feedback"]
    # the rule sets the type asks about all come up
    assert set(rule_sets) == set(TYPES[item_type].rules)
    assert named, f"{item_type}: no distractor names a misconception"


def test_every_misconception_of_the_issue_is_used() -> None:
    issue = {"bridge_order", "three_pass_end", "dealer_left_leads", "declarers_only_score", "odd_tricks_only",
             "honours_from_tricks", "kings_at_nt", "slams_declarers_only", "bid_is_tricks", "must_trump"}
    seen = {c.misconception for t in TYPES for item in generate(t, seed=5, count=300) for c in item.choices}
    assert issue <= seen
    assert set(MISCONCEPTIONS) <= seen | {None}


def test_situations_are_varied() -> None:
    """Real auctions end with all their closing passes; slams for both sides, progressive minimum
    levels above one, no-trump aces and the 3-honours case, both sides over the target all occur."""
    auctions = generate("declarer", seed=8, count=400)
    for i in auctions:
        end = END[i.rules] if i.answer is not None else 4
        assert i.data["calls"][-end:] == ["Pass"] * end and (i.answer is None or len(i.data["calls"]) > end)
    assert any(i.answer is None for i in auctions) and sum(i.answer is not None for i in auctions) > 300
    levels = {i.data["deal_number"] for i in generate("lowest_bid", seed=8, count=400, rules="progressive")}
    assert max(levels) >= 8
    deals = generate("deal_points", seed=8, count=800)
    slams = Counter((i.data["tricks"]["NS"] >= 12, i.data["tricks"]["EW"] >= 12) for i in deals)
    assert slams[(True, False)] and slams[(False, True)]
    counts = generate("honours_count", seed=8, count=400)
    assert any(i.data["strain"] == "NT" and 3 in i.answer.values() for i in counts)
    assert any(i.data["strain"] != "NT" and 3 in i.answer.values() for i in counts)
    rubbers = generate("rubber_result", seed=8, count=400)
    both = [i for i in rubbers if min(i.data["before"][s] + i.data["deal_points"][s] for s in ("NS", "EW"))
            >= TARGET[i.rules]]
    assert any(i.answer["winner"] is None for i in both) and any(i.answer["winner"] for i in both)


def test_same_seed_same_items_and_ids_rebuild_them() -> None:
    from vint_core.quiz import item_from_id

    a = [i.to_json("en") for i in generate("all", seed=11, count=40)]
    b = [i.to_json("en") for i in generate("all", seed=11, count=40)]
    assert a == b
    assert a != [i.to_json("en") for i in generate("all", seed=12, count=40)]
    for d in a:
        assert item_from_id(d["id"]).to_json("en") == d


#: items of each question type under each rule set it asks about, for the choices' test below
PER_RULE_SET = 60


def test_every_question_answered_by_buttons_offers_a_wrong_one_too() -> None:
    """A question answered by choosing a button always offers a wrong button besides the right one: a single
    button, always right, asks nothing (the rubber's question once did, when nobody had won yet)."""
    lonely: list[str] = []
    for name, qt in TYPES.items():
        for rules in qt.rules:
            for item in generate(name, seed=7, count=PER_RULE_SET, rules=rules):
                assert item.rules == rules
                if item.kind == "choice" and not any(not c.correct for c in item.choices):
                    lonely.append(item.id)
    assert not lonely, f"{len(lonely)} questions with no wrong choice, such as {lonely[:5]}"
