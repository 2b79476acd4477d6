"""The review's weighing at the Voilà table in a real browser (Playwright on /usr/bin/chromium).

A seeded deal is played to the end by clicks; the progress line gives way to the weighing's summary, the
costliest moments are buttons that move the replay (from the keyboard too), Learn from your mistakes gives a marked
position back, a better card is found and the rest is played out as a replay of its own, and the part fits a phone
and the dark theme. Screenshots are kept under ``test-artifacts/``. Missing tools fail the test: it never skips.
"""

from __future__ import annotations

from typing import Any

import browser_support as bs
import pytest
from test_app_browser import axe_findings, new_game_page, play_out, served

__all__ = ["served"]  # the module's Voilà and Chromium, shared with test_app_browser's fixture

SUMMARY = ".vint-review-weighing li"
MOMENTS = ".vint-weigh-moments button"
SLIDER = ".vint-review-slider input"


def slider_value(page: Any) -> int:
    return int(page.locator(SLIDER).input_value())


@pytest.mark.parametrize(("width", "dark"), [(1280, False), (390, True)])
def test_the_weighing_appears_after_a_seeded_deal_and_its_moments_move_the_replay(served: Any, width: int,
                                                                                   dark: bool) -> None:
    page = new_game_page(served, width=width, height=900 if width > 600 else 844, dark=dark)
    assert page.locator(".vint-review-weigh-box:visible").count() == 0  # nothing of it while the deal is played
    play_out(page, served[0].data_dir)
    # the positive signal: the summary's sentence on the points lost, drawn by the worker's result
    bs.wait_for(lambda: any(" lost " in t for t in page.locator(SUMMARY).all_inner_texts()))
    assert page.locator(".vint-weigh-progress").count() == 0
    texts = page.locator(".vint-review-weigh-box").inner_text()
    assert "Your cards and calls weighed" in texts and "in the bidding" in texts
    assert "Traceback" not in page.content() and "/site-packages/" not in page.content()
    # the moments' buttons are widgets of their own, drawn after the summary's text: wait for them
    moments = bs.visible(page.locator(MOMENTS))
    bs.wait_for(lambda: bs.visible(page.locator(MOMENTS)).count() >= 1, seconds=60)
    assert moments.count() >= 1, "a deal played with the first legal card loses points somewhere"
    first = moments.first
    label = first.inner_text()
    trick = int(label.split(":")[0].removeprefix("Trick "))
    assert slider_value(page) == 13
    first.focus()  # from the keyboard: the button takes the focus and Enter presses it
    page.keyboard.press("Enter")
    bs.wait_for(lambda: slider_value(page) == trick - 1)
    if width <= 600:  # nothing of the part off a phone's screen
        outside = page.evaluate("""w => [...document.querySelectorAll('.vint-review-weigh-box *')]
            .filter(e => e.offsetParent !== null).map(e => [e.className, e.getBoundingClientRect()])
            .filter(([_, r]) => r.left < -1 || r.right > w + 1).map(([c, r]) => c + ' ' + r.left + '..' + r.right)""",
                                width)
        assert not outside, outside
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    # learn from your mistakes: back at the marked card, try the legal cards until one is as good as the best
    learn = bs.visible(page.locator("button.vint-learn-start"))
    bs.wait_for(lambda: learn.count() >= 1, seconds=60)
    assert learn.count() == 1, "the seeded deal has a marked card"
    learn.focus()
    page.keyboard.press("Enter")
    bs.wait_for(lambda: page.locator(".vint-learn-prompt:visible").count() == 1)
    assert "Which card is better?" in page.locator(".vint-learn-prompt").inner_text()
    cards = bs.visible(page.locator("button.vint-learn-card"))
    learn_board = page.locator(".vint-learn .vint-review-board .vint-deal")
    # the position, the prompt and the card buttons are widgets of their own, each drawn when its message comes
    bs.wait_for(lambda: cards.count() >= 1 and learn_board.count() == 1, seconds=60)
    found = ""
    for i in range(cards.count()):
        before = page.locator(".vint-learn-feedback").all_inner_texts()
        cards.nth(i).click()
        bs.wait_for(lambda before=before: page.locator(".vint-learn-feedback").all_inner_texts() not in ([], before))
        said = page.locator(".vint-learn-feedback").inner_text()
        assert "as good as the best" in said or "is not as good" in said, said
        if "as good as the best" in said:
            found = said
            break
    assert found, "no legal card is as good as the best"
    # see the rest played out after that card: a replay of its own, the tricks and points beside the deal's
    rest = bs.visible(page.locator("button.vint-learn-rest"))
    bs.wait_for(lambda: rest.count() == 1, seconds=60)
    rest.focus()
    page.keyboard.press("Enter")
    bs.wait_for(lambda: "the rest played out with all cards visible" in " ".join(
        page.locator(".vint-learn-rest").all_inner_texts()), seconds=120)
    said = page.locator(".vint-learn-rest-box .vint-learn-rest").inner_text()
    assert "in the deal (tricks: " in said and " of the 13 tricks" in said, said
    steps = bs.visible(page.locator(".vint-learn-rest-box button.vint-review-step"))
    bs.wait_for(lambda: steps.count() == 2, seconds=60)
    field = page.locator(".vint-rest-slider input")
    start = int(field.input_value())
    board = page.locator(".vint-learn-rest-box .vint-review-board")
    tricks = board.locator("li").count()
    steps.nth(1).focus()
    page.keyboard.press("Enter")  # one trick on, from the keyboard
    if start < 13:
        bs.wait_for(lambda: int(field.input_value()) == start + 1)
        bs.wait_for(lambda: board.locator("li").count() == tricks + 1)
    assert "Traceback" not in page.content()
    assert not axe_findings(page)
    top = page.locator(".vint-review-weigh-box .vint-review-weighing").first
    top.evaluate("e => e.scrollIntoView()")
    bs.screenshot(page, f"weigh-{width}-{'dark' if dark else 'light'}")
    page.locator(".vint-learn-prompt").evaluate("e => e.scrollIntoView()")
    bs.screenshot(page, f"weigh-{width}-{'dark' if dark else 'light'}-learn")
    page.locator(".vint-learn-rest-box").evaluate("e => e.scrollIntoView()")
    bs.screenshot(page, f"weigh-{width}-{'dark' if dark else 'light'}-rest")
    page.emulate_media(color_scheme="light" if dark else "dark")  # the other theme, the same review
    assert not axe_findings(page)
    bs.screenshot(page, f"weigh-{width}-{'light' if dark else 'dark'}-learn")
    top.evaluate("e => e.scrollIntoView()")
    bs.screenshot(page, f"weigh-{width}-{'light' if dark else 'dark'}")
    assert not page.errors, page.errors
