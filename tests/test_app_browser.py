"""The table in a real browser: Voilà on a free 127.0.0.1 port, Debian's Chromium driven by Playwright.

One game, as a learner plays it: bid with the buttons, play all 13 tricks by
clicking cards, see the score sheet change, reload the page and find the game
where it was. At every step the page must hold no card of another seat that is
still hidden. Screenshots are kept under ``test-artifacts/``.

Missing Chromium, Voilà or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import browser_support as bs
import pytest

from vint_core import Card, Seat
from vint_core.session import TableSession

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "2024", "VINT_PACE": "none", "VINT_LANG": "en"}
# controls the learner may use now: not in a part frozen (vint-wait) between the learner's own action,
# drawn at once, and the computer players' answers
ENABLED_CALLS = ".vint-biddingbox:not(.vint-wait) button.vint-call:enabled:visible"
ENABLED_CARDS = ".vint-handrow:not(.vint-wait) button.vint-card:enabled:visible"
HAND_CARDS = "button.vint-card:visible"
NEXT_DEAL = "button.vint-next-deal"


def saved_session(data_dir: Path) -> TableSession:
    return TableSession.from_json(json.loads((data_dir / "table.json").read_text(encoding="utf-8")))


def assert_page_hides_other_hands(page: Any, data_dir: Path) -> None:
    """No unplayed card of another seat in the page (compared with the saved game, which the test may read)."""
    session = saved_session(data_dir)
    deal = session.deal
    if deal.is_finished:
        return
    html = page.content()
    for seat in Seat:
        if seat == session.human:
            continue
        for card in deal.hand(seat):
            assert f'data-card="{card.pbn}"' not in html, f"{card} of {seat} is in the page"
            if card.rank >= 8:  # lower cards share their text with bids (2♥ …)
                assert str(card) not in html, f"{card} of {seat} is in the page"
    for text in page.locator(HAND_CARDS).all_inner_texts():
        assert Card.parse(text) in deal.hands[session.human]


def hand_texts(page: Any) -> list[str]:
    return page.locator(HAND_CARDS).all_inner_texts()


def wait_for_turn(page: Any, *, seconds: float = 60.0) -> str:
    """Wait until the learner can call, play, or deal the next deal; say which."""
    def ready() -> str:
        if page.locator(ENABLED_CALLS).count():
            return "call"
        if page.locator(ENABLED_CARDS).count():
            return "card"
        if page.locator(f"{NEXT_DEAL}:enabled").count():
            return "next"
        return ""
    result: str = bs.wait_for(ready, seconds=seconds)
    return result


def open_table(page: Any, url: str) -> float:
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector(".vint-table", timeout=90_000)
    wait_for_turn(page, seconds=90)
    return time.monotonic() - started


def test_a_stalled_wait_fails_within_its_timeout() -> None:
    """A table that never becomes ready fails the wait in its time (here a fifth of a second), not a day later."""
    started = time.monotonic()
    with pytest.raises(AssertionError, match=r"timed out after 0\.2 s"):
        bs.wait_for(lambda: False, seconds=0.2)
    assert time.monotonic() - started < 5
    polls: list[float] = []
    with pytest.raises(AssertionError):
        bs.click_and_wait(_StalledPage(), _Button(polls), seconds=0.1)  # clicked, but the table never redraws
    assert polls and time.monotonic() - started < 10
    # Playwright's milliseconds given to a helper that counts seconds are refused at once
    with pytest.raises(ValueError, match="milliseconds"):
        bs.wait_for(lambda: True, seconds=90_000)
    with pytest.raises(ValueError, match="milliseconds"):
        wait_for_turn(_StalledPage(), seconds=90_000)


class _Button:
    def __init__(self, clicks: list[float]) -> None:
        self.clicks = clicks

    def click(self) -> None:
        self.clicks.append(time.monotonic())


class _StalledPage:
    """A page whose table never draws again and offers nothing to click."""

    def locator(self, selector: str, **kwargs: Any) -> Any:
        return _NoElements()


class _NoElements:
    def count(self) -> int:
        return 0


def test_a_learner_plays_a_deal_in_the_browser_and_resumes_after_a_reload(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="browser-test") as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_table(page, server.url)
        assert page.locator(".vint-status").count() >= 1
        assert "How to play" in page.content()
        bs.screenshot(page, "table-01-first-screen")
        assert_page_hides_other_hands(page, data_dir)

        # the auction: open with the lowest bid offered, then pass
        calls_made = 0
        while (turn := wait_for_turn(page)) == "call":
            buttons = page.locator(ENABLED_CALLS)
            texts = buttons.all_inner_texts()
            assert "Pass" in texts
            choice = next((t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)), "Pass") \
                if calls_made == 0 else "Pass"
            bs.click_and_wait(page, page.locator(ENABLED_CALLS, has_text=re.compile(f"^{re.escape(choice)}$")).first)
            calls_made += 1
            if calls_made == 1:
                bs.screenshot(page, "table-02-auction")
        assert calls_made >= 1
        # a passed-out deal goes straight to the next one
        while turn == "next" and saved_session(data_dir).deal.contract is None:
            bs.click_and_wait(page, page.locator(NEXT_DEAL))
            turn = wait_for_turn(page)
            while turn == "call":
                bs.click_and_wait(page, page.locator(ENABLED_CALLS, has_text=re.compile("^Pass$")).first)
                turn = wait_for_turn(page)

        # the play: click a legal card until the deal is over
        cards_played = 0
        while (turn := wait_for_turn(page)) == "card":
            held = len(hand_texts(page))
            assert_page_hides_other_hands(page, data_dir)
            bs.click_and_wait(page, page.locator(ENABLED_CARDS).first)
            bs.wait_for(lambda held=held: len(hand_texts(page)) < held)
            cards_played += 1
            if cards_played == 5:
                bs.screenshot(page, "table-03-play")
        assert turn == "next"
        assert cards_played == 13 or saved_session(data_dir).deal.is_finished
        finished = saved_session(data_dir).deal
        assert finished.is_finished and len(finished.tricks) == 13
        # the review shows all four hands once the deal is over
        bs.wait_for(lambda: all(f'data-card="{c.pbn}"' in page.locator(".vint-review").inner_html()
                                for hand in finished.hands for c in hand), seconds=30)
        bs.screenshot(page, "table-04-review")
        # the double-dummy analysis is worked out once the learner opens its part of the review
        box = page.locator(".vint-review-analysis-box")
        assert page.locator(".vint-review-analysis").count() == 0
        box.get_by_text("With all cards visible (double dummy)").first.click()
        bs.wait_for(lambda: page.locator(".vint-review-analysis li").count() >= 2
                    and "working out" not in page.locator(".vint-review-analysis").first.inner_text(), seconds=30)
        assert finished.contract is not None
        assert f"With all cards visible, {finished.contract.bid} by {finished.contract.declarer}" in \
            page.locator(".vint-review-analysis").first.inner_text()
        box.scroll_into_view_if_needed()
        bs.screenshot(page, "table-04b-analysis")

        # the score sheet gains the deal
        sheet_before = page.locator(".vint-scoresheet").first.inner_text()
        bs.click_and_wait(page, page.locator(NEXT_DEAL))
        bs.wait_for(lambda: page.locator(".vint-scoresheet").first.inner_text() != sheet_before)
        session = saved_session(data_dir)
        recorded = session.rubber.deals or session.history[-1].deals
        assert recorded[-1].deal == finished
        assert page.locator(".vint-scoresheet details").count() >= 1
        rubber = session.rubber if session.rubber.deals else session.history[-1]
        sheet = page.locator(".vint-scoresheet").first.inner_text()
        assert all(str(points) in sheet for points in rubber.totals)
        # a line opens to its explanation
        explanation = recorded[-1].lines[0].text("en")
        assert explanation not in page.locator(".vint-scoresheet").first.inner_text()
        if not session.rubber.deals:  # the deal won the rubber: it is listed under the past rubber
            page.locator(".vint-scoresheet details.vint-past > summary").first.click()
        page.locator(".vint-scoresheet details.vint-sheet-row > summary").first.click()
        assert explanation in page.locator(".vint-scoresheet").first.inner_text()
        wait_for_turn(page)
        bs.screenshot(page, "table-05-next-deal")

        # reload: the game is where it was
        turn = wait_for_turn(page)
        hand_before = sorted(hand_texts(page))
        saved_before = saved_session(data_dir).deal.actions
        page.reload()
        page.wait_for_selector(".vint-table", timeout=90_000)
        wait_for_turn(page, seconds=90)
        assert sorted(hand_texts(page)) == hand_before
        assert saved_session(data_dir).deal.actions == saved_before
        assert "welcome back" in page.locator(".vint-status").first.inner_text()
        assert page.locator(".vint-scoresheet details").count() >= 1
        assert_page_hides_other_hands(page, data_dir)
        bs.screenshot(page, "table-06-after-reload")
        assert not errors, errors
