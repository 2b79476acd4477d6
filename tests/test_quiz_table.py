"""The quiz topic ``table`` (lesson 01): partners, who gets which card, who deals next. Each beginner's
mistake is a wrong answer, and choosing it shows that mistake's rule, in English and German."""

from __future__ import annotations

import pytest

from vint_core.quiz import MISCONCEPTIONS, TOPICS, check, generate, item_from_id

SEATS = "NESW"


def seat(letter: str, steps: int) -> str:
    return SEATS[(SEATS.index(letter) + steps) % 4]


#: the mistakes of the topic: the question type, and the wrong seats each gives, from the item's data
MISTAKES = {
    "partner_beside": ("partner", lambda d: {seat(d["seat"], 1), seat(d["seat"], -1)}),
    "dealer_served_first": ("first_card", lambda d: {seat(d["dealer"], d["card"] - 1)}),
    "dealing_to_the_right": ("first_card", lambda d: {seat(d["dealer"], -d["card"])}),
    "deal_passes_right": ("next_dealer", lambda d: {seat(d["dealer"], -1)}),
    "dealer_deals_again": ("next_dealer", lambda d: {d["dealer"]}),
}


def test_the_topic_and_its_types() -> None:
    assert TOPICS["table"] == ("partner", "first_card", "next_dealer")
    assert next(iter(TOPICS)) == "table"  # first in teaching order: lesson 01
    assert set(MISTAKES) <= set(MISCONCEPTIONS)


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_each_mistake_gets_its_explanation(mistake: str) -> None:
    type_name, wrong_seats = MISTAKES[mistake]
    m = MISCONCEPTIONS[mistake]
    seen = 0
    for item in generate(type_name, seed=1, count=60):
        wrong = [c for c in item.choices if c.misconception == mistake]
        for choice in wrong:
            assert choice.value in wrong_seats(item.data) and choice.value != item.answer
            for lang in ("en", "de"):
                verdict = check(item, choice.value)
                said = verdict.feedback.text(lang)
                assert not verdict.correct and verdict.misconception == mistake
                assert m.name.text(lang) in said and m.rule.text(lang) in said
            seen += 1
        # every wrong seat of the mistake is offered, unless it is the answer itself
        assert {c.value for c in wrong} == wrong_seats(item.data) - {item.answer}
    assert seen >= 20


def test_worked_cases_of_the_lesson() -> None:
    """Lesson 01's check question: East deals; South gets the first card, West is East's partner,
    South deals next. The dealer gets the fourth card himself."""
    items = [item_from_id(f"{t}:{s}:{i}:seed") for t in ("partner", "first_card", "next_dealer")
             for s in range(3) for i in range(20)]
    east = [i for i in items if "E" in (i.data.seat, i.data.dealer)]
    for item in east:
        card = item.data.card
        if item.type == "partner":
            assert item.answer == "W"
        elif item.type == "next_dealer" or card in (1, 5, 49):
            assert item.answer == "S"
        elif card in (4, 52):
            assert item.answer == "E"
    assert {i.type for i in east} == {"partner", "first_card", "next_dealer"}
    firsts = [i for i in items if i.type == "first_card"]
    assert any(i.data["card"] == 1 for i in firsts) and any(i.data["card"] > 1 for i in firsts)
    played = [i.data["passed_out"] for i in items if i.type == "next_dealer"]
    assert True in played and False in played
    # a passed-out deal passes to the left too
    passed = next(i for i in items if i.type == "next_dealer" and i.data["passed_out"])
    assert "passed out" in passed.text("en") and "eingepasst" in passed.text("de")
    assert check(passed, passed.data["dealer"]).misconception == "dealer_deals_again"
