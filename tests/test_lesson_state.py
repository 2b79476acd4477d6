"""After Run All, the "Try it" widgets (and lesson 11's first table) show what their lesson's text says.

Each lesson is run top to bottom here (its code cells in order, in one namespace, from ``notebooks/`` as
Jupyter runs them), then the widget the learner is told to try is looked at: the later cells, which drive
widgets from code, must not have moved it away from what the text above it describes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from vint_core import Contract, PerSide, Seat, Strain

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def run_all(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[dict[str, Any], list[str]]:
    """Every code cell of lesson ``name`` run in order; its namespace and its markdown cells."""
    monkeypatch.chdir(NOTEBOOKS)
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    namespace: dict[str, Any] = {"__name__": "__main__"}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), f"{name} cell {cell['id']}", "exec"), namespace)
    return namespace, ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]


def try_it(markdown: list[str]) -> str:
    """The lesson's "Try it" section."""
    return next(text for text in markdown if text.startswith("## Try it"))


def test_lesson_06_calculator_shows_4_hearts_by_north_with_9_tricks(monkeypatch: pytest.MonkeyPatch) -> None:
    ns, markdown = run_all("06-scoring-the-tricks.ipynb", monkeypatch)
    assert "4♥ by North, from 9 to 10 tricks" in try_it(markdown)
    calculator = ns["calculator"]
    shown = Contract(calculator.level.value, calculator.strain.value, calculator.declarer.value)
    assert (shown, calculator.tricks.value) == (Contract(4, Strain.HEARTS, Seat.NORTH), 9)
    assert "4♥ by North, 10 tricks needed" in calculator.status.value
    assert calculator.view.totals == PerSide(360, 240)
    # the cell that sets 3NT by South set a widget of its own
    assert ns["second"].view.totals == PerSide(360, 160)


def test_lesson_07_explorer_shows_hearts_of_seed_7(monkeypatch: pytest.MonkeyPatch) -> None:
    ns, markdown = run_all("07-honours.ipynb", monkeypatch)
    assert "Seed 7, strains ♠, ♥ and NT" in try_it(markdown)
    explorer = ns["explorer"]
    assert (explorer.seed.value, explorer.strain.value) == (7, Strain.HEARTS)
    assert explorer.view.strain is Strain.HEARTS and "kings count nothing" not in " ".join(explorer.notes)
    assert ns["second"].view.strain is Strain.NOTRUMP


def test_lesson_08_race_waits_at_0_0_for_next_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    ns, markdown = run_all("08-slams-and-the-rubber.ipynb", monkeypatch)
    assert "*Next deal* plays the next deal" in try_it(markdown)
    race = ns["race_widget"]
    assert race.shown == 0 and race.feedback_text == () and not race.next_button.disabled
    assert "press “Next deal”" in race.status.value
    race.next_button.click()
    assert race.feedback_text[-1].startswith("Deal 1: 4♥ by West")


def test_lesson_10_races_wait_for_next_deal_side_by_side_titled(monkeypatch: pytest.MonkeyPatch) -> None:
    ns, markdown = run_all("10-variants-and-history.ipynb", monkeypatch)
    text = try_it(markdown)
    assert "the left one under `seed`" in text and "right one under `progressive`" in text
    left, right = ns["left"], ns["right"]
    for race, rules in ((left, "seed"), (right, "progressive")):
        assert race.shown == 0 and not race.next_button.disabled
        assert re.search(f"Rules: {rules}, ", race.title.value), race.title.value
    assert "Standard Vint" in left.title.value and "Progressive" in right.title.value
    for _ in range(3):
        right.next_button.click()
    assert right.shown_steps[-1].finished and right.next_button.disabled


def test_lesson_11_first_table_stays_at_the_review_of_the_deal_it_describes(monkeypatch: pytest.MonkeyPatch) -> None:
    ns, markdown = run_all("11-play-a-rubber.ipynb", monkeypatch)
    said = next(text for text in markdown if text.startswith("## Four computer players"))
    assert "plays a deal to its end" in said
    assert any(text.startswith("The table shows the review of the deal played") for text in markdown)
    demo = ns["demo"]  # the table drawn under that text: still the first deal, over, its review shown
    assert demo.session.deal.is_finished and not demo.session.history and not demo.session.rubber.deals
    assert demo.session.review().contract_text == "4♣ by North"
    # the rubber went on at a copy of its own, shown by a later cell
    assert len(ns["rest"].session.history) == 1 and not ns["rest"].session.rubber.deals
