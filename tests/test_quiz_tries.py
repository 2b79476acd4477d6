"""Try again, first-try mastery, the course's own rules by default, and quiz texts without noise (headless).

A wrong answer shows the mistake but not the answer; *Try again* lets the learner answer once more,
*Show the answer* shows it. Only the first try counts: a wrong answer then the right one is a
wrong answer for the score and the mastery. The questions are asked under ``seed`` unless a rule
set is chosen, and then each question says which. Over many generated items: no rule-set blurb
under ``seed``, the deal's number and a minimum level only under ``progressive``, and no sentence
said twice in what the learner reads after an answer.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import asdict
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest

from vint_core.i18n import rules_about, rules_title
from vint_core.quiz import TYPES, Item, make_item
from vint_core.quiz.items import COURSE_RULES, check
from vint_core.quiz.progress import Progress
from vint_core.quiz.texts import MISCONCEPTIONS
from vint_core.rules import RULE_SETS, RuleSet
from vint_core.widgets.quiz import QuizWidget


def plain(html: str) -> str:
    """What a learner reads of a widget's HTML."""
    import html as html_lib

    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html)).strip()


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?:])\s+", text) if len(s.strip()) > 1]


def shown(widget: Any) -> bool:
    return widget.layout.display != "none"


def choice_quiz(tmp_path: Path | None = None, *, with_mistake: bool = False, topics: tuple[str, ...] = ("auction",),
                **kwargs: Any) -> QuizWidget:
    """A quiz whose current question is a choice with at least two wrong answers (one a named mistake, if asked)."""
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=11, path=None if tmp_path is None else tmp_path / "quiz.json"),
                      topics=list(topics), **kwargs)
    for _ in range(200):
        item = quiz.item
        wrong = [c for c in item.choices if not c.correct]
        if item.kind == "choice" and len(wrong) >= 2 and (not with_mistake or wrong[0].misconception
                                                           or wrong[1].misconception):
            return quiz
        quiz.next_button.click()
    raise AssertionError("no choice question with two wrong answers in 200")


def index_of(item: Item, *, correct: bool, mistake: bool | None = None) -> int:
    for i, c in enumerate(item.choices):
        if c.correct == correct and (mistake is None or bool(c.misconception) == mistake):
            return i
    raise AssertionError(item.id)


# -- try again ------------------------------------------------------------------------------------------


def test_a_wrong_answer_hides_the_answer_and_offers_try_again_and_show_the_answer(tmp_path: Path) -> None:
    quiz = choice_quiz(tmp_path, with_mistake=True)
    item = quiz.item
    right = index_of(item, correct=True)
    wrong = index_of(item, correct=False, mistake=True)
    assert not shown(quiz.try_again_button) and not shown(quiz.show_answer_button)

    quiz.choice_buttons[wrong].click()
    quiz.check_button.click()
    said = plain(quiz.feedback.value)
    mistake = MISCONCEPTIONS[item.choices[wrong].misconception or ""]
    assert said.startswith("Not right.") and mistake.rule.text("en") in said
    assert "Try again, or show the answer." in said
    # the answer is not given away: no green button, no explanation, not the answer's label
    assert [b.button_style for b in quiz.choice_buttons].count("success") == 0
    assert quiz.choice_buttons[wrong].button_style == "danger"
    assert "Why:" not in said and "the answer is" not in said
    assert shown(quiz.try_again_button) and shown(quiz.show_answer_button)
    assert quiz.check_button.disabled and all(b.disabled for b in quiz.choice_buttons)
    assert quiz.checked and not quiz.revealed and quiz.tries == 1
    assert quiz.attempt is not None and quiz.attempt.first_try and not quiz.attempt.correct

    quiz.try_again_button.click()
    assert quiz.feedback.value == "" and not quiz.check_button.disabled and not quiz.checked
    assert not shown(quiz.try_again_button) and not shown(quiz.show_answer_button)
    # the choice tried stays marked and cannot be chosen again; the others can
    assert quiz.choice_buttons[wrong].disabled and quiz.choice_buttons[wrong].button_style == "danger"
    assert not quiz.choice_buttons[right].disabled

    quiz.choice_buttons[right].click()
    quiz.check_button.click()
    said = plain(quiz.feedback.value)
    assert said.startswith("Right.") and "Why:" in said and quiz.revealed and quiz.tries == 2
    assert quiz.choice_buttons[right].button_style == "success"
    assert quiz.attempt is not None and quiz.attempt.correct and not quiz.attempt.first_try
    assert not shown(quiz.try_again_button)


def test_a_choice_whose_value_is_none_is_an_answer_like_any_other(tmp_path: Path) -> None:
    """The lowest-bid questions offer "the auction is over" (value None, the three-pass-end mistake): it is counted,
    names the mistake and offers Try again, as every other wrong choice does; only an unreadable answer counts
    nothing."""
    quiz = choice_quiz(tmp_path, topics=("overbidding",))
    for _ in range(400):
        if any(c.value is None and not c.correct for c in quiz.item.choices):
            break
        quiz.next_button.click()
    else:
        raise AssertionError("no question with a None-valued wrong choice in 400")
    item = quiz.item
    none = next(i for i, c in enumerate(item.choices) if c.value is None)
    verdict = check(item, None)
    assert verdict.readable and not verdict.correct and verdict.misconception == item.choices[none].misconception
    quiz.choice_buttons[none].click()
    quiz.check_button.click()
    said = plain(quiz.feedback.value)
    assert said.startswith("Not right.") and "Try again, or show the answer." in said, said
    assert shown(quiz.try_again_button) and quiz.checked and quiz.tries == 1
    assert quiz.attempt is not None and not quiz.attempt.correct and quiz.progress.answered == 1
    # an unreadable answer is still one that counts nothing
    assert not check(make_item("tricks_needed", seed=1, index=0, rules="seed"), "many").readable


def test_first_try_counts_a_wrong_then_right_answer_as_wrong_and_the_file_says_so(tmp_path: Path) -> None:
    quiz = choice_quiz(tmp_path)
    item = quiz.item
    quiz.choose(index_of(item, correct=False))
    quiz.check()
    quiz.try_again()
    quiz.choose(index_of(item, correct=True))
    quiz.check()
    progress = quiz.progress
    assert progress.mastery()[item.type] == 0.0
    assert progress.score_by_topic()[item.topic] == (0, 1) and progress.answered == 1
    assert [(a.correct, a.first_try) for a in progress.attempts] == [(False, True), (True, False)]
    assert "0 / 1" in plain(quiz.score.value) and "0 %" in plain(quiz.score.value)
    saved = json.loads((tmp_path / "quiz.json").read_text(encoding="utf-8"))
    assert saved["version"] == 3 and [a["first_try"] for a in saved["attempts"]] == [True, False]
    again = Progress.open(tmp_path / "quiz.json")
    assert again.message is None and again.mastery() == progress.mastery()
    assert again.score_by_topic() == progress.score_by_topic()
    # the next question: a right first try counts
    quiz.next_button.click()
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert quiz.attempt is not None and quiz.attempt.first_try and quiz.progress.answered == 2


def test_show_the_answer_shows_it_with_the_explanation_and_counts_nothing_more(tmp_path: Path) -> None:
    quiz = choice_quiz(tmp_path)
    item = quiz.item
    quiz.choose(index_of(item, correct=False))
    quiz.check()
    quiz.show_answer_button.click()
    said = plain(quiz.feedback.value)
    answer = next(c for c in item.choices if c.correct)
    assert quiz.revealed and "Why:" in said
    assert [b.button_style for b in quiz.choice_buttons].count("success") == 1
    assert quiz.choice_buttons[item.choices.index(answer)].button_style == "success"
    assert len(quiz.progress.attempts) == 1 and quiz.progress.answered == 1
    quiz.check_button.click()  # settled: nothing more is counted
    quiz.try_again()
    assert len(quiz.progress.attempts) == 1 and quiz.revealed


def test_a_free_answer_can_be_corrected_after_try_again(tmp_path: Path) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=3), topics=["overbidding"])
    while quiz.item.type != "tricks_needed":
        quiz.next_button.click()
    assert quiz.number_input is not None
    quiz.answer_with(quiz.item.answer - 6)
    quiz.check_button.click()
    assert "bid of one meaning one trick" in plain(quiz.feedback.value) and quiz.number_input.disabled
    assert str(quiz.item.answer) not in plain(quiz.feedback.value)
    quiz.try_again_button.click()
    assert not quiz.number_input.disabled and quiz.number_input.value == str(quiz.item.answer - 6)
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert plain(quiz.feedback.value).startswith("Right.")
    assert quiz.progress.mastery() == {"tricks_needed": 0.0}
    # an answer that cannot be read is not a try: it can be corrected, nothing is counted
    quiz.next_button.click()
    while quiz.item.kind != "number":
        quiz.next_button.click()
    assert quiz.number_input is not None
    before = len(quiz.progress.attempts)
    quiz.number_input.value = "seven"
    quiz.check_button.click()
    assert "cannot be read" in plain(quiz.feedback.value) and not quiz.check_button.disabled
    assert len(quiz.progress.attempts) == before and quiz.tries == 0


def test_german_try_again() -> None:
    quiz = choice_quiz(lang="de")
    assert quiz.try_again_button.description == "Noch einmal versuchen"
    assert quiz.show_answer_button.description == "Antwort zeigen"
    quiz.choose(index_of(quiz.item, correct=False))
    quiz.check()
    said = plain(quiz.feedback.value)
    assert said.startswith("Nicht richtig.") and "Versuche es noch einmal" in said


def test_old_progress_files_still_open_and_count_every_answer_as_a_first_try(tmp_path: Path) -> None:
    p = Progress(seed=4)
    for n in range(6):
        item = p.next_item(["play"])
        p.answer(item, item.answer if n % 2 else None)
    version2 = {**p.to_json(), "version": 2,
                "attempts": [{k: v for k, v in asdict(a).items() if k != "first_try"} for a in p.attempts]}
    path = tmp_path / "quiz.json"
    path.write_text(json.dumps(version2), encoding="utf-8")
    old = Progress.open(path)
    assert old.message is None and all(a.first_try for a in old.attempts)
    assert old.score_by_topic() == p.score_by_topic() and old.mastery() == p.mastery()
    # a version 3 file with a 'first_try' that is not true or false is damaged, and kept aside
    broken = {**p.to_json()}
    broken["attempts"][0]["first_try"] = "yes"
    path.write_text(json.dumps(broken), encoding="utf-8")
    assert Progress.open(path).message is not None and list(tmp_path.glob("quiz.json.damaged-*"))


# -- the rules --------------------------------------------------------------------------------------------


def test_the_course_rules_by_default_and_other_rule_sets_only_when_chosen(tmp_path: Path) -> None:
    assert COURSE_RULES == RuleSet().name == "seed"
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=7))
    assert quiz.rules_choice.layout.display == "none"  # the lessons show no menu
    seen = []
    for _ in range(60):
        seen.append(quiz.item.rules)
        assert "vint-quiz-rules" not in quiz.question.value
        quiz.next_button.click()
    assert set(seen) == {"seed"}
    page = QuizWidget.open(tmp_path / "quiz.json", choose_rules=True)
    assert page.rules_choice.layout.display != "none" and page.rules_choice.value == "seed"
    assert [v for _, v in page.rules_choice.options] == ["seed", *(n for n in RULE_SETS if n != "seed")]
    assert page.rules_choice.options[0][0] == rules_title("seed", "en")


@pytest.mark.parametrize("rules", [r for r in RULE_SETS if r != "seed"])
def test_choosing_a_rule_set_asks_under_it_and_each_question_says_so(rules: str) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=7), choose_rules=True)
    before = quiz.item.id
    quiz.rules_choice.value = rules
    assert quiz.item.id != before and rules_title(rules, "en") in plain(quiz.status.value)
    line = f"Rules: {rules_title(rules, 'en')}: {rules_about(rules, 'en')}."
    for _ in range(40):
        assert quiz.item.rules == rules, quiz.item.id
        assert plain(quiz.question.value).startswith(line), plain(quiz.question.value)
        quiz.next_button.click()
    quiz.rules_choice.value = "seed"
    assert quiz.item.rules == "seed" and "Rules:" not in plain(quiz.question.value)


def test_the_rule_set_chosen_on_the_practice_page_is_kept_for_the_next_visit(tmp_path: Path) -> None:
    path = tmp_path / "quiz.json"
    page = QuizWidget.open(path, choose_rules=True)
    page.rules_choice.value = "progressive"
    widgets.Widget.close_all()
    again = QuizWidget.open(path, choose_rules=True)
    assert again.rules_choice.value == "progressive" and again.item.rules == "progressive"
    lesson = QuizWidget.open(path)  # a lesson's quiz asks under the course's rules whatever the page chose
    assert lesson.rules == "seed" and lesson.item.rules == "seed"
    again.rules_choice.value = "seed"
    assert json.loads(path.read_text(encoding="utf-8"))["rules"] is None
    assert QuizWidget.open(path, choose_rules=True).rules == "seed"


def test_a_progress_file_with_rules_that_do_not_exist_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "quiz.json"
    QuizWidget.open(path, choose_rules=True).rules_choice.value = "progressive"
    saved = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**saved, "rules": "<b>mine</b>"}), encoding="utf-8")
    page = QuizWidget.open(path, choose_rules=True)
    assert page.rules == "seed" and page.progress.message is not None
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("quiz.json.damaged-")]


def test_the_practice_page_starts_with_the_rules_it_is_given() -> None:
    from vint_core.app.settings import PageSettings

    settings = PageSettings.from_env({"VINT_RULES": "progressive"}).quiz_options()
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=2), choose_rules=True, **settings)
    assert quiz.rules_choice.value == "progressive" and quiz.item.rules == "progressive"
    quiz = QuizWidget(Progress(seed=2), choose_rules=True, **PageSettings.from_env({}).quiz_options())
    assert quiz.rules_choice.value == "seed" and quiz.item.rules == "seed"
    notebook = json.loads(Path("vint_core/app/practice.ipynb").read_text(encoding="utf-8"))
    assert "choose_rules=True" in "".join(notebook["cells"][0]["source"])


# -- the texts, over many items ---------------------------------------------------------------------------

#: items per question type and rule set in the text checks
MANY = 40


@functools.cache
def every_item() -> list[Item]:
    """:data:`MANY` items of every question type under every rule set it asks about (made once, when needed)."""
    return [make_item(name, seed=17, index=i, rules=rules)
            for name, qt in TYPES.items() for rules in qt.rules for i in range(MANY)]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_rule_set_blurb_under_the_course_rules(lang: str) -> None:
    seed_items = [i for i in every_item() if i.rules == "seed"]
    assert len(seed_items) == MANY * len(TYPES)
    for item in seed_items:
        text, html = item.text(lang), item.html(lang)
        assert rules_about("seed", lang) not in text and rules_title("seed", lang) not in item.prompt.text(lang)
        assert not re.search(r"\b(Rules|Regeln):", text) and "vint-quiz-rules" not in html, text
        # nor do the hint and the explanation name the course's own rules ("… under Standard Vint")
        for sentence in (item.hint.text(lang), *item.to_json(lang)["explanation"]):
            assert rules_title("seed", lang) not in sentence, (item.id, sentence)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_deal_number_and_a_minimum_level_only_under_progressive(lang: str) -> None:
    deal = re.compile(r"(deal|Spiel) \d+ (of the rubber|des Rubbers)\. ", re.IGNORECASE)
    minimum = re.compile(r"minimum level|Mindeststufe|at or above level|mindestens Stufe|must be at level "
                         r"|muss jedes Gebot mindestens")
    bidding = [i for i in every_item() if i.type in ("lowest_bid", "next_bid_legal")]
    saw_progressive = Counter[str]()
    for item in bidding:
        said = [item.prompt.text(lang), item.hint.text(lang), *item.to_json(lang)["explanation"],
                *(c["feedback"] for c in item.to_json(lang)["choices"])]
        if item.rules == "progressive":
            assert deal.search(item.prompt.text(lang)), item.prompt.text(lang)
            saw_progressive.update(s for s in said if minimum.search(s))
            continue
        for sentence in said:
            assert not deal.search(sentence), (item.id, sentence)
            assert not minimum.search(sentence), (item.id, sentence)
    assert saw_progressive, "under progressive the minimum level is spoken of"


def revealed(quiz: QuizWidget, item: Item, choice: int | None) -> str:
    """What the learner reads after answering ``item`` with ``choice`` (the answer shown)."""
    quiz.progress.next_item = lambda *_, **__: item  # type: ignore[method-assign]
    quiz.next()
    if choice is None:
        quiz.answer_with(item.answer)
    else:
        quiz.choose(choice)
    quiz.check()
    if not quiz.revealed:
        quiz.show_answer()
    return plain(quiz.feedback.value)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_no_sentence_is_said_twice_after_an_answer(lang: str) -> None:
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=1), lang=lang)
    checked = 0
    for item in every_item()[::3]:  # every third item, through the widget itself: each of a choice's answers
        choices: list[int | None] = list(range(len(item.choices))) if item.kind == "choice" else [None]
        for choice in choices:
            text = revealed(quiz, item, choice)
            twice = [s for s, n in Counter(sentences(text)).items() if n > 1]
            assert not twice, (item.id, choice, text)
            checked += 1
    assert checked > 1000
    # and every wrong try's message, which is shown alone
    for item in every_item()[::7]:
        for c in item.choices:
            if not c.correct:
                verdict = check(item, c.value)
                from vint_core.quiz.items import try_again_feedback

                text = try_again_feedback(verdict).text(lang)
                assert not [s for s, n in Counter(sentences(text)).items() if n > 1], text
