"""At the Voilà table, in a real browser: the bidding box says why calls are greyed out, and the auction grid says
what its dealer's mark • means; both readable at 1280 and 390 px, light and dark."""

from __future__ import annotations

from typing import Any

import browser_support as bs
import pytest
from test_app_browser import ENABLED_CALLS, ENV, open_table

NOTE = ".vint-biddingbox .vint-greyed-note"
LEGEND = ".vint-centre .vint-auction caption.vint-dealer-legend"


def contrast(page: Any, selector: str) -> float:
    """The WCAG contrast ratio of the element's text on the nearest background that is not transparent."""
    return float(page.locator(selector).first.evaluate("""element => {
        const rgb = s => s.match(/[\\d.]+/g).slice(0, 4).map(Number);
        const lum = ([r, g, b]) => {
            const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
        };
        let node = element, bg = null;
        while (node) {
            const c = rgb(getComputedStyle(node).backgroundColor);
            if (c.length < 4 || c[3] > 0) { bg = c; break; }
            node = node.parentElement;
        }
        bg = bg || [255, 255, 255];
        const text = element.querySelector('div') || element;
        const a = lum(rgb(getComputedStyle(text).color)), b = lum(bg);
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    }"""))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with bs.served_table(tmp_path_factory.mktemp("plain-words"), env=ENV, name="plain-words") as served:
        yield served


@pytest.mark.parametrize(("width", "dark"), [(1280, False), (1280, True), (390, False), (390, True)])
def test_the_table_says_why_calls_are_greyed_and_what_the_dealer_mark_means(served: Any, width: int,
                                                                            dark: bool) -> None:
    server, browser = served
    (server.data_dir / "table.json").unlink(missing_ok=True)  # a new game: North deals and opens
    context = browser.new_context(viewport={"width": width, "height": 900},
                                  color_scheme="dark" if dark else "light")
    context.set_default_timeout(bs.WAIT_SECONDS * 1000)  # Playwright counts milliseconds
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    open_table(page, server.url)
    # the learner's turn in the auction: some calls greyed (North opened), the line under the box says why
    assert page.locator(ENABLED_CALLS).count() < 36
    note = bs.visible(page.locator(NOTE))
    assert note.count() == 1
    assert note.inner_text().startswith("Greyed calls cannot be made now: a bid must be higher than the last bid")
    box = bs.visible(page.locator(".vint-biddingbox")).bounding_box()
    shown = note.bounding_box()
    assert box is not None and shown is not None
    assert shown["x"] + shown["width"] <= width and shown["y"] >= box["y"]  # under the buttons, on screen
    # the auction grid: the dealer's column marked • and the mark said under the grid, also as a tooltip
    legend = bs.visible(page.locator(LEGEND))
    assert legend.count() == 1 and legend.inner_text() == "• dealer: North, who calls first"
    dealer = page.locator(".vint-centre .vint-auction th.vint-dealer").first
    assert dealer.inner_text().strip() == "North" and dealer.get_attribute("title") == "dealer"
    assert dealer.evaluate("e => getComputedStyle(e, '::after').content") == '" •"'
    for selector in (NOTE, LEGEND):
        assert contrast(page, selector) >= 4.5, (selector, contrast(page, selector))
    bs.screenshot(page, f"plain-words-table-{width}-{'dark' if dark else 'light'}")
    assert not errors, errors
    context.close()
