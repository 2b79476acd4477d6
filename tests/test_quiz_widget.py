"""QuizWidget headless (``Button.click()``) and the learner's progress: right and wrong answers with
their feedback, hints, the score per topic, mastery per type, more questions of the types answered
wrong, the progress saved atomically and found again, a damaged file set aside, the CSV export,
German, and no error reaching the page."""

from __future__ import annotations

import csv
import html
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from vint_core.quiz import MISCONCEPTIONS, TYPES
from vint_core.quiz.progress import Progress, default_progress_path
from vint_core.widgets.quiz import QuizWidget


def new_quiz(tmp_path: Path, **kw: Any) -> QuizWidget:
    widgets.Widget.close_all()
    return QuizWidget(Progress(seed=kw.pop("seed", 7), path=tmp_path / "quiz.json"), **kw)


def until(quiz: QuizWidget, kind: str) -> None:
    while quiz.item.kind != kind:
        quiz.next_button.click()


def wrong_choice(quiz: QuizWidget) -> int:
    return next(i for i, c in enumerate(quiz.item.choices) if not c.correct and c.misconception)


def test_a_right_choice(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path, topics=["auction"])
    until(quiz, "choice")
    right = next(i for i, c in enumerate(quiz.item.choices) if c.correct)
    quiz.choice_buttons[right].click()
    assert "vint-selected" in quiz.choice_buttons[right]._dom_classes
    quiz.check_button.click()
    assert 'class="vint-quiz-right"' in quiz.feedback.value and "Right." in quiz.feedback.value
    assert quiz.check_button.disabled and all(b.disabled for b in quiz.choice_buttons)
    assert quiz.choice_buttons[right].button_style == "success"
    # the engine's explanation is listed
    assert quiz.feedback.value.count("<li>") == len(quiz.item.explanation)
    assert quiz.progress.score_by_topic() == {"auction": (1, 1)}
    assert "1 / 1" in quiz.score.value and "<meter" in quiz.score.value


def test_a_wrong_choice_names_the_mistake(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path, topics=["overbidding", "auction", "play", "rubber"])
    while quiz.item.kind != "choice" or not any(c.misconception for c in quiz.item.choices):
        quiz.next_button.click()
    i = wrong_choice(quiz)
    choice = quiz.item.choices[i]
    quiz.choice_buttons[i].click()
    quiz.check_button.click()
    assert 'class="vint-quiz-wrong"' in quiz.feedback.value
    assert "The mistake:" in quiz.feedback.value

    assert html.escape(MISCONCEPTIONS[choice.misconception].name.text("en")) in quiz.feedback.value
    assert quiz.choice_buttons[i].button_style == "danger"
    assert quiz.progress.attempts[-1].misconception == choice.misconception
    # checking again changes nothing
    quiz.check_button.click()
    assert len(quiz.progress.attempts) == 1


def test_check_without_a_choice_asks_for_one(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path, topics=["auction"])
    until(quiz, "choice")
    quiz.check_button.click()
    assert "Choose an answer first" in quiz.feedback.value and not quiz.progress.attempts


def test_free_answers_numbers_and_cards(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path, topics=["honours", "scoring"])
    assert quiz.item.kind == "per_side" and quiz.ns_input is not None and quiz.ew_input is not None
    quiz.ns_input.value, quiz.ew_input.value = str(quiz.item.answer["NS"]), str(quiz.item.answer["EW"])
    quiz.check_button.click()
    assert "Right." in quiz.feedback.value
    quiz.next_button.click()
    named = next(c for c in quiz.item.choices if not c.correct and c.misconception)
    quiz.answer_with(named.value)
    quiz.check_button.click()
    assert "The mistake:" in quiz.feedback.value
    quiz.next_button.click()
    quiz.ns_input.value = "a lot"
    quiz.check_button.click()
    assert "cannot be read" in quiz.feedback.value
    # cards: toggle the legal ones
    cards = new_quiz(tmp_path, topics=["play"], seed=8)
    until(cards, "cards")
    for pbn in cards.item.answer:
        cards.card_buttons[pbn].value = True
    cards.check_button.click()
    assert "Right." in cards.feedback.value
    # number
    number = new_quiz(tmp_path, topics=["overbidding"], seed=9)
    until(number, "number")
    assert number.number_input is not None
    number.number_input.value = number.item.data["bid"][0]
    number.check_button.click()
    assert "a bid of one meaning one trick" in number.feedback.value


def test_hint_and_next(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path)
    first = quiz.item.id
    quiz.hint_button.click()
    assert quiz.item.hint.text("en") in quiz.hint.value.replace("&#x27;", "'")
    quiz.next_button.click()
    assert quiz.item.id != first and quiz.hint.value == "" and quiz.feedback.value == ""


def test_topics_can_be_picked(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path)
    for topic, box in quiz.topic_boxes.items():
        box.value = topic == "rubber"
    for _ in range(5):
        quiz.next_button.click()
        assert quiz.item.topic == "rubber"
    for box in quiz.topic_boxes.values():
        box.value = False
    assert set(quiz.topics) == set(quiz.topic_boxes)  # none ticked: every topic


def test_types_answered_wrong_come_up_more_often() -> None:
    p = Progress(seed=3)
    topics = ["play"]
    for _ in range(10):  # legal_cards always wrong, trick_winner always right
        item = p.next_item(topics)
        wrong = next((c.value for c in item.choices if not c.correct), None)
        p.answer(item, item.answer if item.type == "trick_winner" else (wrong if wrong is not None else []))
    mastery = p.mastery()
    assert mastery["trick_winner"] == 1.0 and mastery["legal_cards"] == 0.0
    drawn = Counter(p.next_item(topics).type for _ in range(400))
    assert drawn["legal_cards"] > 2.5 * drawn["trick_winner"]


def test_progress_is_saved_and_found_again(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path)
    quiz.learner.value = "Anna"
    for _ in range(3):
        quiz.answer_with(quiz.item.answer)
        quiz.check_button.click()
        quiz.next_button.click()
    path = tmp_path / "quiz.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["learner"] == "Anna" and len(saved["attempts"]) == 3
    assert not list(tmp_path.glob(".*.tmp"))  # written through a temporary file, renamed
    widgets.Widget.close_all()
    again = QuizWidget.open(path)
    assert again.learner.value == "Anna" and len(again.progress.attempts) == 3
    assert "Welcome back: 3 answers" in again.status.value
    assert again.progress.score_by_topic() == quiz.progress.score_by_topic()
    # the next questions are new ones
    assert again.item.id not in {a.item_id for a in again.progress.attempts}


def test_a_damaged_file_is_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "quiz.json"
    path.write_text("{not json", encoding="utf-8")
    widgets.Widget.close_all()
    quiz = QuizWidget.open(path, lang="de")
    aside = list(tmp_path.glob("quiz.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == "{not json"
    assert "nicht lesbar" in quiz.status.value and aside[0].name in quiz.status.value
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert json.loads(path.read_text(encoding="utf-8"))["attempts"]
    path.write_text(json.dumps({"format": "vint-quiz-progress", "version": 1, "attempts": [{"x": 1}]}))
    assert Progress.open(path).message is not None


def test_default_progress_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("VINT_DATA_DIR", str(tmp_path))
    assert default_progress_path() == tmp_path / "quiz.json"


def test_csv_export_for_a_teacher(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path)
    quiz.learner.value = "Ben"
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    quiz.next_button.click()
    wrong = next(c for c in quiz.item.choices if not c.correct)
    quiz.answer_with(wrong.value)
    quiz.check_button.click()
    quiz.export_button.click()
    path = tmp_path / "quiz-answers-Ben.csv"
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert rows[0] == ["learner", "time", "topic", "type", "item_id", "answer_given", "correct", "first_try"]
    assert [r[0] for r in rows[1:]] == ["Ben", "Ben"] and [r[6] for r in rows[1:]] == ["true", "false"]
    assert [r[7] for r in rows[1:]] == ["true", "true"]
    assert rows[1][3] in TYPES and rows[1][4] == quiz.progress.attempts[0].item_id
    assert 'download="quiz-answers-Ben.csv"' in quiz.download.value and "data:text/csv;base64," in quiz.download.value


def test_german(tmp_path: Path) -> None:
    quiz = new_quiz(tmp_path, lang="de", topics=["auction"])
    assert quiz.check_button.description == "Prüfen" and quiz.next_button.description == "Nächste Frage"
    until(quiz, "choice")
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert "Richtig." in quiz.feedback.value and "Warum:" in quiz.feedback.value
    # the course's own rules go without saying; another rule set is named, in German
    assert "Regeln" not in quiz.question.value
    quiz.rules_choice.value = "short"
    assert "Regeln: Kurzer Rubber (Partie bis 500): wie Standard-Vint" in quiz.question.value


def test_no_error_reaches_the_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    quiz = new_quiz(tmp_path)
    quiz.answer_with(quiz.item.answer)

    def broken(*_: Any) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(quiz.progress, "answer", broken)
    quiz.check_button.click()  # no exception escapes the click
    assert "Something went wrong" in quiz.status.value and "disk on fire" not in quiz.status.value
    assert "Traceback" not in quiz.status.value + quiz.feedback.value
