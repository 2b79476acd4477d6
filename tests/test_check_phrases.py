"""Check results are phrases through and through: a failed check, said in Russian, has no English word left
(the cases it describes, the answers, the reasons, the mistake it names), and the same result says itself in
every language from the same phrases."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from test_russian import latin_words

from vint_core import Seat, checks
from vint_core.checks.result import CheckResult
from vint_core.i18n import LANGUAGES, Joined, Phrase

#: each check with a function that answers the right kind of thing, wrongly
WRONG: dict[str, tuple[Callable[..., CheckResult], Callable[..., Any]]] = {
    "tricks_needed": (checks.tricks_needed, lambda *a: 0),
    "trick_value": (checks.trick_value, lambda contract: 10 * contract.level),
    "trick_points": (checks.trick_points, lambda *a: (0, 0)),
    "honour_points": (checks.honour_points, lambda *a: (0, 0)),
    "deal_score": (checks.deal_score, lambda *a: (0, 0)),
    "outranks": (checks.outranks, lambda *a: True),
    "trick_winner": (checks.trick_winner, lambda *a: Seat.NORTH),
    "auction_over": (checks.auction_over, lambda *a: False),
    "declarer": (checks.declarer, lambda *a: Seat.NORTH),
    "rubber_result": (checks.rubber_result, lambda *a: None),
    "score_sheet": (checks.score_sheet, lambda *a: [(1, 2)]),
    "ace_odds": (checks.ace_odds, lambda k: 0.5),
}


@pytest.mark.parametrize("name", WRONG)
def test_a_failed_check_in_russian_has_no_english(name: str) -> None:
    check, fn = WRONG[name]
    result = check(fn, lang="ru")
    assert not result.passed
    said = result.message
    assert not latin_words(said), said
    assert result.in_language("en").message != said
    assert latin_words(result.in_language("en").message)   # the check above can fail: English is caught
    for lang in LANGUAGES:
        assert check(fn, lang=lang).message == result.in_language(lang).message


def test_the_calls_of_a_case_are_said_in_the_language_of_the_message() -> None:
    said = checks.auction_over(lambda *a: False, lang="ru").message
    assert "Пас" in said and "Pass" not in said, said


def test_a_named_mistake_is_said_in_russian() -> None:
    result = checks.trick_value(lambda contract: 10 * contract.level, lang="ru")
    assert result.mistake == "no_nt_surcharge"
    assert checks.MISTAKES["no_nt_surcharge"].text_in("ru") in result.message


def test_joined_says_each_item_in_the_language_of_the_moment() -> None:
    seats = Joined([Seat.NORTH, Phrase("check_no_calls")], sep=Phrase("words_comma"))
    assert seats.text("en") == "North, no calls yet"
    assert seats.text("ru") == "Север, заявок ещё нет"
    assert Joined([], empty=Phrase("check_no_calls")).text("de") == "noch keine Ansagen"


def test_words_is_gone() -> None:
    import vint_core.checks.runner as runner

    assert not hasattr(runner, "Words")


def test_the_quiz_has_no_phrase_type_of_its_own() -> None:
    import vint_core.quiz.texts as texts
    from vint_core.quiz import MISCONCEPTIONS, quiz_phrase

    assert not hasattr(texts, "Msg")
    assert type(MISCONCEPTIONS["kings_at_nt"].name) is Phrase
    assert quiz_phrase("m_kings_at_nt") == MISCONCEPTIONS["kings_at_nt"].name
