"""A translated lesson in a real browser, JupyterLab started the way ``make course VINT_LANG=de`` (or ``ru``) starts it.

The learner opens lesson 00 in German: JupyterLab's own menus are German (its language pack, chosen by
deploy/course/languages/de), the text is German, and after Run All the lesson's widgets speak German too (the deal
viewer's *Nächster Seed ▶*, the deal's seats *Nord* …); in Russian all of it is Russian (*Следующее зерно ▶*,
*Север*). Screenshots at 1280 and 390 px,
light and dark, are kept under ``test-artifacts/``. Missing Chromium, JupyterLab, Playwright or a language pack fails
this test: it never skips.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import browser_support as bs
import pytest
from test_course_browser import copy_course, run_all_cells, set_theme

sys.path.insert(0, str(bs.ROOT / "deploy" / "course"))

from course_folder import LANGUAGE_CONFIG

#: per language: a menu of JupyterLab's own, the lesson's first heading, the deal viewer's button, North's name
EXPECTED = {
    "de": ("Ausführen", "Lektion 00 · Willkommen beim Vint", "Nächster Seed ▶", "Nord"),
    "ru": ("Выполнить", "Урок 00 · Добро пожаловать в винт", "Следующее зерно ▶", "Север"),
}
MENU_LABELS = "() => [...document.querySelectorAll('#jp-menu-panel .lm-MenuBar-itemLabel')].map(e => e.textContent)"


@pytest.mark.parametrize("lang", EXPECTED)
def test_a_translated_lesson_00_speaks_its_language_in_jupyterlab(tmp_path: Path, lang: str) -> None:
    bs.require_tools()
    menu, heading, button, north = EXPECTED[lang]
    root = copy_course(bs.clean_dir(tmp_path / "course"))
    lesson = f"notebooks/{lang}/00-welcome.ipynb"
    cells = sum(c["cell_type"] == "code" for c in json.loads((bs.ROOT / lesson).read_text(encoding="utf-8"))["cells"])
    env = {"JUPYTER_CONFIG_PATH": os.pathsep.join([str(LANGUAGE_CONFIG / lang), str(bs.COURSE_CONFIG)])}
    with bs.jupyterlab_server(root=root, env=env, name=f"lesson-{lang}-jupyterlab") as server, \
            bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(server.lab_url(lesson))
        page.wait_for_selector("#jp-menu-panel .lm-MenuBar-itemLabel", timeout=90_000)
        labels = page.evaluate(MENU_LABELS)
        assert menu in labels and "Run" not in labels, labels
        page.wait_for_selector(f".jp-MarkdownOutput h1:has-text('{heading}')", timeout=90_000)
        run_all_cells(page, cells=cells)
        page.wait_for_selector(f"button.vint-deal-next:has-text('{button}')", timeout=60_000)
        deal = page.locator(".jp-OutputArea-output .vint-deal").first
        assert north in deal.inner_text()
        top, viewer = page.locator(".jp-MarkdownOutput h1").first, page.locator(".vint-deal-viewer").first
        for theme, shade in (("JupyterLab Light", "light"), ("JupyterLab Dark", "dark")):
            set_theme(page, theme)
            for width in (1280, 390):
                page.set_viewport_size({"width": width, "height": 900 if width > 400 else 844})
                if width < 400:  # a phone: the lesson, not the file browser (as a learner closes it, Ctrl B)
                    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
                for place, target in (("top", top), ("widget", viewer)):
                    target.scroll_into_view_if_needed()
                    bs.screenshot(page, f"lesson-{lang}-{place}-{width}-{shade}")
        page.close()
