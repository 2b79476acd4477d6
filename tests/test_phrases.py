"""Phrases until the last moment, beyond the table: the quiz's item and widget, and the exercises' check results.

A quiz item is a typed, frozen value (its inputs an :class:`~vint_core.quiz.items.Inputs`, not a dict); the
practice page's Language menu says everything already shown (the question, its answers, the feedback, the hint,
the status) again in the language chosen; a check's result keeps its message as phrases, said in any language.
"""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path

import ipywidgets as widgets
import pytest
from test_language_switch import ENGLISH, GERMAN

from vint_core import checks
from vint_core.checks.result import CheckResult
from vint_core.quiz import generate
from vint_core.quiz.items import Inputs
from vint_core.quiz.progress import Progress
from vint_core.seats import PerSide
from vint_core.widgets.quiz import QuizWidget

#: words the quiz's German may share with English: none of these is in ENGLISH, but the quiz draws calls and
#: seats as the table does
QUIZ_ENGLISH = ENGLISH - {"Pass"}


def shown_words(*parts: str) -> set[str]:
    plain = re.sub(r"<[^>]+>", " ", " ".join(html.unescape(p) for p in parts))
    return set(re.findall(r"[A-Za-zÄÖÜäöüß'_-]+", plain))


def test_an_items_inputs_are_a_typed_frozen_value() -> None:
    items = [i for t in ("declarer", "legal_cards", "deal_points", "rubber_result", "next_dealer")
             for i in generate(t, seed=3, count=3, rules="seed")]
    for item in items:
        assert isinstance(item.data, Inputs) and hash(item.data) is not None
        with pytest.raises(dataclasses.FrozenInstanceError):
            item.data.rules = "short"  # type: ignore[misc]
        assert item.to_json()["data"] == item.data.to_json() and item.data.to_json()["rules"] == item.rules
    declarer = items[0]
    assert declarer.data.dealer in "NESW" and isinstance(declarer.data.calls, tuple)
    assert declarer.data["calls"] == list(declarer.data.calls)  # read as the JSON form reads
    cards = next(i for i in items if i.type == "legal_cards")
    assert {"hand", "led", "trump"} <= set(cards.data.to_json())  # "no card led", "no trumps" are said too
    points = next(i for i in items if i.type == "deal_points")
    assert isinstance(points.data.tricks, PerSide) and set(points.data.to_json()["tricks"]) == {"NS", "EW"}


def test_the_practice_page_says_everything_again_in_the_language_chosen(tmp_path: Path) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=5, path=tmp_path / "quiz.json"), topics=["auction"], choose_lang=True)
    assert quiz.lang_choice.layout.display != "none"
    while not any(c.misconception for c in quiz.item.choices):
        quiz.next_button.click()
    item = quiz.item
    quiz.show_hint()
    quiz.choose(next(i for i, c in enumerate(item.choices) if c.misconception))
    quiz.check_button.click()  # a wrong try: its feedback shown
    quiz.show_answer()  # and the explanation
    quiz.rules_choice.value = "short"  # a status line ("from this question on: …"), a new question
    quiz.hint_button.click()
    english = [quiz.question.value, quiz.hint.value, quiz.status.value, quiz.title.value, quiz.score.value]
    assert not shown_words(*english) & GERMAN, shown_words(*english) & GERMAN
    asked = quiz.item.id
    quiz.lang_choice.value = "de"
    assert quiz.lang == "de" and quiz.item.id == asked and quiz.rules == "short"  # the same question, in German
    german = [quiz.question.value, quiz.hint.value, quiz.status.value, quiz.title.value, quiz.score.value,
              *(b.description for b in quiz.choice_buttons), quiz.check_button.description,
              quiz.next_button.description, quiz.learner.description, quiz.rules_choice.description,
              *(label for label, _ in quiz.rules_choice.options), *(b.description for b in quiz.topic_boxes.values())]
    left = shown_words(*german) & QUIZ_ENGLISH
    assert not left, (left, german)
    assert quiz.hint.value and quiz.status.value and "Ab dieser Frage" in html.unescape(quiz.status.value)
    # and back: the same words as before
    quiz.lang_choice.value = "en"
    assert [quiz.question.value, quiz.hint.value, quiz.status.value, quiz.title.value, quiz.score.value] == english


def test_the_feedback_of_a_checked_answer_follows_the_language(tmp_path: Path) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=7, path=tmp_path / "quiz.json"), topics=["play"])
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert "Right." in quiz.feedback.value
    quiz.set_lang("de")
    assert "Richtig." in quiz.feedback.value and "Right." not in quiz.feedback.value
    with pytest.raises(Exception, match="lang"):
        quiz.set_lang("fr")
    assert quiz.lang == "de"


def test_a_check_result_keeps_its_message_as_phrases() -> None:
    def wrong_trick_value(strain: object, *args: object) -> int:
        return 10

    result = checks.trick_value(wrong_trick_value)
    assert not result.passed and result.lang == "en"
    english, german = result.text("en"), result.text("de")
    assert english == result.message and german != english
    assert not shown_words(german) & (ENGLISH - {"trick_value"}), shown_words(german) & ENGLISH
    assert result.in_language("de").message == german and str(result.in_language("de")) == german
    assert checks.trick_value(wrong_trick_value, lang="de").message == german  # as if asked in German
    assert result.to_json()["message"] == english
    fixed = CheckResult("f", passed=True, said="f: fine", cases=1)
    assert fixed.text("de") == fixed.message == "f: fine"
