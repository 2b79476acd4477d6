"""The practice page in a real browser: Voilà serving ``practice.ipynb`` on a free 127.0.0.1 port,
Debian's Chromium driven by Playwright. A learner answers one question right and one wrong, reads
the feedback, reloads the page and finds the progress; no traceback reaches the page. Screenshots
(desktop and a 390 px phone) are kept under ``test-artifacts/``.

Missing Chromium, Voilà or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import browser_support as bs

from vint_core.app.quiz_page import notebook_path
from vint_core.quiz import MISCONCEPTIONS, TOPICS, item_from_id

ENV = {"VINT_LANG": "en", "VINT_QUIZ_TOPIC": "auction,rubber"}
CHOICES = "button.vint-quiz-choice"


def current_id(page: Any) -> str:
    return str(page.locator(".vint-quiz-current").first.get_attribute("data-item"))


def open_page(page: Any, url: str) -> str:
    page.goto(url)
    page.wait_for_selector(CHOICES, timeout=90_000)
    return current_id(page)


def click_choice(page: Any, item: Any, label: str) -> None:
    """Click the choice that reads ``label``, once the page shows ``item``'s choices."""
    buttons = page.locator(CHOICES)
    wanted = sorted(item.label(c) for c in item.choices)
    bs.wait_for(lambda: sorted(t.strip() for t in buttons.all_inner_texts()) == wanted)
    texts = [t.strip() for t in buttons.all_inner_texts()]
    buttons.nth(texts.index(label)).click()


def test_a_learner_practises_in_the_browser_and_finds_the_progress_after_a_reload(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="quiz-browser-test", extra=(),
                         notebook=notebook_path()) as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        first = item_from_id(open_page(page, server.url))
        assert first.topic in ("auction", "rubber")
        assert page.locator(".vint-quiz-question-box .vint-auction, .vint-quiz-question-box p").count()

        # a right answer
        right = next(c for c in first.choices if c.correct)
        click_choice(page, first, first.label(right))
        page.locator("button.vint-quiz-check").click()
        page.wait_for_selector(".vint-quiz-right", timeout=30_000)
        feedback = page.locator(".vint-quiz-feedback").inner_text()
        assert feedback.startswith("Right.") and "Why:" in feedback

        # a wrong answer, a misconception's: the feedback names the mistake and the rule
        page.locator("button.vint-quiz-next").click()
        bs.wait_for(lambda: current_id(page) != first.id)
        while True:
            item = item_from_id(current_id(page))
            named = [c for c in item.choices if c.misconception]
            if named:
                break
            before = item.id
            page.locator("button.vint-quiz-next").click()
            bs.wait_for(lambda before=before: current_id(page) != before)
        wrong = named[0]
        page.locator("button.vint-quiz-hint").click()
        page.wait_for_selector(".vint-quiz-hint-text i", timeout=30_000)
        click_choice(page, item, item.label(wrong))
        page.locator("button.vint-quiz-check").click()
        page.wait_for_selector(".vint-quiz-wrong", timeout=30_000)
        feedback = page.locator(".vint-quiz-feedback").inner_text()
        mistake = MISCONCEPTIONS[wrong.misconception]  # type: ignore[index]
        assert "The mistake:" in feedback and mistake.name.text("en") in feedback
        assert mistake.rule.text("en") in feedback
        score = page.locator(".vint-quiz-score").inner_text()
        assert "Score" in score and "Mastery" in score
        bs.screenshot(page, "quiz-desktop")

        saved = json.loads((data_dir / "quiz.json").read_text(encoding="utf-8"))
        assert [a["correct"] for a in saved["attempts"]] == [True, False]

        # reload: the progress is still there
        page.reload()
        page.wait_for_selector(CHOICES, timeout=90_000)
        bs.wait_for(lambda: "Welcome back: 2 answers" in page.locator(".vint-status").inner_text())
        totals = page.locator(".vint-quiz-score").inner_text()
        assert "/ " in totals and ("1 / 2" in totals or ("1 / 1" in totals and "0 / 1" in totals))

        # the phone
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        phone.on("pageerror", lambda exc: errors.append(str(exc)))
        open_page(phone, server.url)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 2, f"the page is {width} px wide on a 390 px phone"
        bs.screenshot(phone, "quiz-phone")
        # a question with four hands fits the phone too: tick "honours", ask until one shows
        phone.locator(".vint-quiz-topic input").nth(list(TOPICS).index("honours")).check()
        for _ in range(30):
            if phone.locator(".vint-quiz-deal").count():
                break
            before = current_id(phone)
            phone.locator("button.vint-quiz-next").click()
            bs.wait_for(lambda before=before: current_id(phone) != before)
        assert phone.locator(".vint-quiz-deal").count()
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390 + 2, f"four hands make the page {width} px wide on a 390 px phone"
        bs.screenshot(phone, "quiz-phone-hands")

        for p in (page, phone):
            assert "Traceback" not in p.content()
        assert not errors, errors
        log = server.log_text()
        assert "Traceback" not in log, log[-2000:]
