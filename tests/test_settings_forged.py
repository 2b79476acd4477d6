"""A forged index on a settings dropdown (``null``, a text, 99, -1), sent as the page sends an update, changes
nothing: the value stays, the page is sent the index chosen again, and the panel goes on working (a language, a
new game in another seat). Served, over the websocket: tests/test_app_serving.py sends such messages too."""

from __future__ import annotations

from typing import Any

import pytest

from vint_core import Seat
from vint_core.table.session import TableSession

FORGED = [None, "x", "1", 99, -1, 4, 1.5, True, [0], {"a": 1}]


def page_update(widget: Any, state: dict[str, Any]) -> None:
    """What the page's message ``{"method": "update", "state": …}`` does in the kernel (ipywidgets' comm handler)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def a_table() -> Any:
    from vint_core.widgets import Table

    return Table(TableSession(seed=3, bots={s: "rule" for s in Seat}, autosave=False), pace="none")


@pytest.mark.parametrize("forged", FORGED, ids=repr)
def test_a_forged_index_on_the_seat_dropdown_changes_nothing_and_the_panel_works(forged: object) -> None:
    table = a_table()
    panel = table.settings_panel
    sent: list[object] = []
    original = panel.seat.send_state
    panel.seat.send_state = lambda key=None: (sent.append(key), original(key))
    before = (panel.seat.value, panel.seat.index)
    page_update(panel.seat, {"index": forged})
    assert (panel.seat.value, panel.seat.index) == before == (Seat.SOUTH, int(Seat.SOUTH))
    assert sent == ["index"]  # the page is told the index chosen, and shows it again
    # the panel works on: the language changes, a new game starts in another seat
    panel.lang.value = "de"
    assert table.session.lang == "de" and panel.seat.options[0][0] == "Nord"
    page_update(panel.seat, {"index": int(Seat.WEST)})
    assert panel.seat.value is Seat.WEST
    panel.new_game.click()
    assert table.session.human is Seat.WEST and panel.read().human is Seat.WEST


@pytest.mark.parametrize("name", ["rules", "pace", "lang"])
def test_every_dropdown_of_the_panel_keeps_its_value_under_a_forged_index(name: str) -> None:
    table = a_table()
    dropdown = getattr(table.settings_panel, name)
    before = dropdown.value
    for forged in [f for f in FORGED if not (type(f) is int and 0 <= f < len(dropdown.options))]:
        page_update(dropdown, {"index": forged})
        assert dropdown.value == before
    for role in table.settings_panel.roles:
        page_update(role, {"index": None})
        assert role.value == "rule"
    assert table.settings_panel.read().pace == table.pace


def test_an_english_analysis_arriving_after_the_switch_to_german_is_not_shown() -> None:
    """The browser test waits for the English lines before it switches (a positive signal); the answer still on its
    way when the learner switches is this: worked out for the review drawn before, it is dropped."""
    from dataclasses import replace

    table = a_table()
    s = table.session
    while not s.deal.is_finished:
        controls = table.controller.controls()
        table.act((controls.calls or controls.cards)[0])
    english, generation = table._review, table.controller.generation
    assert english is not None
    table.apply_settings(replace(table._settings(), lang="de"))
    assert table._review is not english  # the review drawn again, in German
    table._show_analysis(generation, english, ("With all cards visible, 4♥ by South makes 11 tricks",))
    assert "With all cards visible" not in table.review.analysis.value
