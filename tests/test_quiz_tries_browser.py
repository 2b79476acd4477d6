"""The practice page's Try again and Rules menu in a real browser (Voilà, Debian's Chromium through Playwright).

A learner clicks a wrong answer and checks it: the mistake is named, the answer is not shown, Try
again and Show the answer appear. Try again, the right answer, Check: "Right." with the
explanation, and the mastery counts the question as wrong (only the first try counts), in the
page and in the saved file. Then the Rules menu: the course's own rules at first, the questions
without a rule-set line; another rule set chosen, the next question is asked under it and says so.
Screenshots (desktop, and a 390 px phone in the dark) are kept under ``test-artifacts/``.

Missing Chromium, Voilà or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import browser_support as bs

from vint_core.app.quiz_page import notebook_path
from vint_core.i18n import rules_about, rules_title
from vint_core.quiz import Item, item_from_id

ENV = {"VINT_LANG": "en", "VINT_QUIZ_TOPIC": "auction,overbidding"}
CHOICES = "button.vint-quiz-choice"


def current(page: Any) -> Item:
    return item_from_id(str(page.locator(".vint-quiz-current").first.get_attribute("data-item")))


def until_choice(page: Any) -> Item:
    """Next question until one is answered by buttons, with at least two wrong answers (the page shows its choices)."""
    while True:
        item = current(page)
        if item.kind == "choice" and len(item.choices) >= 3:
            wanted = sorted(item.label(c) for c in item.choices)
            bs.wait_for(lambda wanted=wanted: sorted(t.strip() for t in page.locator(CHOICES).all_inner_texts())
                        == wanted)
            return item
        page.locator("button.vint-quiz-next").click()
        bs.wait_for(lambda before=item.id: current(page).id != before)


def click_choice(page: Any, item: Item, label: str) -> None:
    """Click the choice that reads ``label`` and wait until the page shows it chosen (the kernel has it)."""
    buttons = page.locator(CHOICES)
    texts = [t.strip() for t in buttons.all_inner_texts()]
    button = buttons.nth(texts.index(label))
    button.click()
    bs.wait_for(lambda: "vint-selected" in (button.get_attribute("class") or ""))


def feedback_says(page: Any, what: str) -> str:
    """The feedback once it contains ``what`` (a failure shows what it said instead)."""
    feedback = page.locator(".vint-quiz-feedback")
    try:
        return str(bs.wait_for(lambda: what in feedback.inner_text() and feedback.inner_text()))
    except AssertionError as exc:
        raise AssertionError(f"the feedback says {feedback.inner_text()!r}, not {what!r}") from exc


def test_a_wrong_click_try_again_the_right_click_and_the_rules_menu(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="quiz-tries-browser-test", extra=(),
                         notebook=notebook_path()) as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url)
        page.wait_for_selector(CHOICES + ", .vint-quiz-number input", timeout=120_000)
        menu = page.locator(".vint-quiz-rules-choice select")
        assert menu.is_visible()
        assert menu.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ") == rules_title("seed")
        item = until_choice(page)
        assert item.rules == "seed" and not page.locator(".vint-quiz-rules").count()
        assert not page.locator("button.vint-quiz-try-again").is_visible()

        # a wrong click, Check: the mistake, not the answer
        right = next(c for c in item.choices if c.correct)
        wrong = next(c for c in item.choices if not c.correct)
        click_choice(page, item, item.label(wrong))
        page.locator("button.vint-quiz-check").click()
        feedback = feedback_says(page, "Try again, or show the answer.")
        page.wait_for_selector("button.vint-quiz-try-again", state="visible", timeout=60_000)
        assert feedback.startswith("Not right.")
        assert "Why:" not in feedback and "the answer is" not in feedback
        assert page.locator("button.vint-quiz-show-answer").is_visible()
        assert not page.locator(f"{CHOICES}.mod-success").count()  # no green button: the answer stays hidden
        assert page.locator(f"{CHOICES}.mod-danger").count() == 1
        bs.screenshot(page, "quiz-tries-wrong")

        # Try again, the right click, Check: right, the explanation, and the first try is what counts
        page.locator("button.vint-quiz-try-again").click()
        page.wait_for_selector("button.vint-quiz-try-again", state="hidden", timeout=60_000)
        bs.wait_for(lambda: page.locator("button.vint-quiz-check").is_enabled())
        click_choice(page, item, item.label(right))
        page.locator("button.vint-quiz-check").click()
        feedback = feedback_says(page, "Why:")
        assert feedback.startswith("Right.")
        assert page.locator(f"{CHOICES}.mod-success").inner_text().strip() == item.label(right)
        bs.wait_for(lambda: "0 %" in page.locator(f".vint-quiz-score tr[data-type={item.type}]").inner_text())
        bs.screenshot(page, "quiz-tries-right")
        saved = json.loads((data_dir / "quiz.json").read_text(encoding="utf-8"))
        assert [(a["correct"], a["first_try"]) for a in saved["attempts"]] == [(False, True), (True, False)]
        assert saved["recent"] == {item.type: [False]}

        # the Rules menu: another rule set, and the next question says which
        menu.select_option(label=rules_title("progressive"))
        page.wait_for_selector(".vint-quiz-rules[data-rules=progressive]", timeout=60_000)
        line = page.locator(".vint-quiz-rules").inner_text()
        assert line == f"Rules: {rules_title('progressive')}: {rules_about('progressive')}."
        assert current(page).rules == "progressive" and current(page).id != item.id
        assert rules_title("progressive") in page.locator(".vint-status").inner_text()
        before = current(page).id
        page.locator("button.vint-quiz-next").click()
        bs.wait_for(lambda: current(page).id != before)
        assert current(page).rules == "progressive" and page.locator(".vint-quiz-rules").count() == 1
        bs.screenshot(page, "quiz-tries-progressive")
        # and back to the course's own rules
        menu.select_option(label=rules_title("seed"))
        bs.wait_for(lambda: current(page).rules == "seed")
        assert not page.locator(".vint-quiz-rules").count()

        # a phone, dark: the menu and the buttons fit
        phone = browser.new_page(viewport={"width": 390, "height": 844}, color_scheme="dark")
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        phone.goto(server.url)
        phone.wait_for_selector(".vint-quiz-rules-choice select", timeout=120_000)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 2, f"the page is {width} px wide on a 390 px phone"
        bs.screenshot(phone, "quiz-tries-phone-dark")

        for p in (page, phone):
            assert "Traceback" not in p.content()
        assert not errors, errors
        log = server.log_text()
        assert "Traceback" not in log, log[-2000:]
