"""Lesson 00 on a phone (390 px, JupyterLab Dark) as a learner sees it after Run All Cells: nothing cut off.

JupyterLab's own CSS for an output's ``<dl>`` (``dt`` floated, a fifth of the width) must not squeeze a deal's
facts ("contract" over its value, in a narrow deal), and a folded check cell's bar (``# check: …``) lies inside
its cell, its text whole: JupyterLab's narrow layout puts a code cell's prompt above its code but leaves a folded
cell's empty prompt beside it, which pushed the bar off the page. Missing Chromium, JupyterLab or Playwright
fails this test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_support as bs
import pytest
from test_course_browser import code_cells, copy_course, run_all_cells, set_theme

LESSON = "00-welcome.ipynb"
PHONE = {"width": 390, "height": 844}

# each of a deal's facts: its label's text wider than the label, or the label reaching into its value
SQUEEZED_JS = """() => [...document.querySelectorAll('.vint-info dt')].filter(dt => {
    const dd = dt.nextElementSibling;
    return dt.scrollWidth > dt.clientWidth + 1 || dt.getBoundingClientRect().right > dd.getBoundingClientRect().left;
}).map(dt => dt.textContent)"""
# each folded cell's bar: beyond its cell's right edge, or its text cut
FOLDED_JS = """() => [...document.querySelectorAll('.jp-InputPlaceholder')].map(bar => {
    const cell = bar.closest('.jp-Cell').getBoundingClientRect();
    const text = bar.querySelector('.jp-PlaceholderText');
    return [bar.getBoundingClientRect().right - cell.right, text.scrollWidth - text.clientWidth, text.textContent];
})"""


@pytest.fixture
def phone_lesson(tmp_path: Path) -> Iterator[Any]:
    bs.require_tools()
    root = copy_course(bs.clean_dir(tmp_path / "course"))
    with bs.jupyterlab_server(root=root, name="lesson-look-jupyterlab") as server, bs.chromium() as browser:
        page = browser.new_page(viewport=PHONE)
        page.goto(server.lab_url(f"notebooks/{LESSON}"))
        run_all_cells(page, cells=code_cells(LESSON))
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); window.jupyterapp.shell.collapseRight(); }")
        set_theme(page, "JupyterLab Dark")
        page.wait_for_selector(".vint-info dt", state="attached")
        try:
            yield page
        finally:
            page.close()


def test_on_a_phone_a_deals_facts_and_the_folded_checks_are_whole(phone_lesson: Any) -> None:
    page = phone_lesson
    assert page.evaluate("() => document.querySelectorAll('.vint-info dt').length") >= 8  # two deals' facts
    assert page.evaluate(SQUEEZED_JS) == []
    bars = page.evaluate(FOLDED_JS)
    assert len(bars) >= 4, bars
    assert [bar for bar in bars if bar[0] > 1 or bar[1] > 1] == [], bars
    assert all(bar[2].startswith("# check: keeps the text true") for bar in bars), bars
    page.locator(".vint-info").first.scroll_into_view_if_needed()
    bs.screenshot(page, "lesson-look-00-dark-390")
