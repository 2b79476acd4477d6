"""The Russian lessons' widgets speak Russian: every code cell of notebooks/ru/NN-*.ipynb run in order, as Run All
runs them, and every text of every lesson widget it makes (buttons, boxes, titles, the drawn deals, the progress
table) checked as tests/test_russian.py checks the catalogue: no word in Latin letters outside card and seat
symbols, code and quoted input. What the code cells ``print`` stays English (the course map says so)."""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_russian import latin_words

from vint_core.widgets import set_lesson_language
from vint_core.widgets.lessons import _Lesson

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "notebooks" / "ru").glob("[0-9][0-9]-*.ipynb"))
_TAG = re.compile(r"<style>.*?</style>|<script>.*?</script>|<[^>]+>", re.S)


def _texts(widget: Any) -> Iterator[str]:
    """Every text a learner reads in ``widget`` and the widgets inside it."""
    for name in ("description", "tooltip", "placeholder", "value"):
        value = getattr(widget, name, None)
        if isinstance(value, str) and value:
            yield html.unescape(_TAG.sub(" ", value))
    for option in getattr(widget, "_options_labels", ()) or ():
        yield str(option)
    for child in getattr(widget, "children", ()) or ():
        yield from _texts(child)


def _run(lesson: Path) -> dict[str, Any]:
    """The lesson's code cells run in one namespace, their prints swallowed."""
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": "__lesson__"}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in cells:
            if cell["cell_type"] == "code":
                exec(compile("".join(cell["source"]), f"{lesson.name}", "exec"), namespace)
    return namespace


@pytest.mark.parametrize("lesson", LESSONS, ids=[p.stem for p in LESSONS])
def test_the_widgets_of_a_russian_lesson_speak_russian(lesson: Path) -> None:
    try:
        namespace = _run(lesson)
    finally:
        set_lesson_language("en")
    shown = [value for value in namespace.values() if isinstance(value, _Lesson)]
    english = {f"{type(w).__name__}: {t.strip()[:80]}": words for w in shown for t in _texts(w.widget)
               if (words := latin_words(t))}
    assert not english, english
    if lesson.name.startswith("00-"):  # lesson 00 shows the deal viewer: its buttons and seats in Russian
        assert "Следующее зерно ▶" in {t for w in shown for t in _texts(w.widget)}


def test_the_check_finds_an_english_widget() -> None:
    from vint_core.widgets import DealViewer

    viewer = DealViewer(seed=2026, lang="en")
    assert any(latin_words(t) for t in _texts(viewer.widget))
