"""Switching to German in the table's Settings, in a real browser: nothing of the English left on screen.

The table (Voilà, Debian's Chromium driven by Playwright) is played to the learner's first card; the learner
asks for a hint and claims the rest (refused), then chooses Deutsch in Settings. The status line, the note and,
once the deal is over, the computer players' reasons in the review are all said again in German: they were
kept as phrases, not as English sentences. Screenshots before and after at 1280 px are kept under
``test-artifacts/`` (``switch-table-*``).

Missing Chromium, Voilà or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import re
from typing import Any

import browser_support as bs
import pytest
from test_app_browser import ENABLED_CALLS, ENV, call_button, first_card, hand_texts, open_table, wait_for_turn
from test_language_switch import ENGLISH

#: words of the page that stay as they are in German: the table's name, card and seat symbols, the page's own
#: link text for the rules (none of ENGLISH's words)
TABLE = ".vint-table"


def english_on_screen(page: Any) -> set[str]:
    """The English words (of :data:`~test_language_switch.ENGLISH`) in the table's visible text."""
    shown = page.locator(TABLE).first.inner_text()
    return set(re.findall(r"[A-Za-zÄÖÜäöüß'-]+", shown)) & ENGLISH


@pytest.fixture(scope="module")
def table_page(tmp_path_factory: pytest.TempPathFactory) -> Any:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path_factory.mktemp("switch") / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="switch-table") as server, bs.chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.set_default_timeout(bs.WAIT_SECONDS * 1000)  # Playwright counts milliseconds
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        open_table(page, server.url)
        yield page


def to_the_first_card(page: Any) -> None:
    """Bid the lowest bid once, then pass, until the learner is to play a card (a passed-out deal: the next)."""
    called = False
    while (turn := wait_for_turn(page)) != "card":
        if turn == "next":
            bs.click_and_wait(page, page.locator("button.vint-next-deal"))
            continue
        texts = page.locator(ENABLED_CALLS).all_inner_texts()
        bid = next((t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)), None)
        choice = bid if bid is not None and not called else "Pass"
        called = True
        bs.click_and_wait(page, call_button(page, choice))


def switch_language(page: Any, label: str) -> None:
    """Choose ``label`` (Deutsch, English) in Settings and wait until the table has drawn itself again."""
    settings = page.locator(".vint-settings-part button.vint-foldout-button")
    if not bs.visible(page.locator(".vint-settings select")).count():
        settings.click()
        bs.wait_for(lambda: bs.visible(page.locator(".vint-settings select")).count() > 0)
    drawn = bs.render_count(page)
    bs.visible(page.locator(".vint-settings select")).first.select_option(label=label)
    bs.wait_for(lambda: bs.render_count(page) > drawn)


def test_the_table_switched_to_german_keeps_no_english_word(table_page: Any) -> None:
    page = table_page
    to_the_first_card(page)
    status = page.locator(".vint-status").first
    bs.click_and_wait(page, page.locator("button.vint-hint:visible"))
    bs.wait_for(lambda: "hint" in status.inner_text().lower())
    bs.click_and_wait(page, page.locator("button.vint-claim:visible"))
    bs.wait_for(lambda: "claim refused" in status.inner_text() or "claim accepted" in status.inner_text())
    english = status.inner_text()
    bs.screenshot(page, "switch-table-1-english")
    switch_language(page, "Deutsch")
    bs.wait_for(lambda: "Anspruch" in status.inner_text())
    german = status.inner_text()
    assert german != english
    left = english_on_screen(page)
    bs.screenshot(page, "switch-table-2-german")
    assert not left, (left, german)
    assert not page.errors, page.errors


def test_the_reasons_of_a_deal_played_in_english_are_shown_in_german(table_page: Any) -> None:
    page = table_page
    switch_language(page, "English")
    while (turn := wait_for_turn(page)) == "card":  # the deal played out in English
        held = len(hand_texts(page))
        bs.click_and_wait(page, first_card(page))
        bs.wait_for(lambda held=held: len(hand_texts(page)) < held)
    assert turn == "next"
    page.wait_for_selector(".vint-review-reasons", timeout=90_000)
    switch_language(page, "Deutsch")
    bs.wait_for(lambda: "So wurde gewertet" in page.locator(".vint-review").first.inner_text())
    summaries = page.locator(".vint-review-reasons summary")
    for i in range(summaries.count()):  # every group of reasons open: the auction's, each trick's
        summaries.nth(i).click()
    reasons = page.locator(".vint-review-reasons").first
    bs.wait_for(lambda: "Figurenpunkte" in reasons.inner_text())
    shown = reasons.inner_text()
    assert len(shown.splitlines()) > 20, shown
    left = set(re.findall(r"[A-Za-zÄÖÜäöüß'-]+", shown)) & ENGLISH
    bs.screenshot(page, "switch-table-3-german-reasons")
    assert not left, (left, shown[:2000])
    assert not english_on_screen(page), english_on_screen(page)
    assert not page.errors, page.errors
