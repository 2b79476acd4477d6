"""The served table as `vint table` starts it, no computer players named: sim-light is the learner's partner, its
calls are weighed and said in the page, and a whole deal plays without an error, at a desktop's and a phone's width."""

from __future__ import annotations

from typing import Any

import browser_support as bs
import pytest
from test_app_browser import new_game_page, play_out, saved_when, wait_for_turn

from vint_core import Seat

ENV = {"VINT_SEED": "2024", "VINT_PACE": "none", "VINT_LANG": "en"}  # no VINT_BOTS: the table's own players


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with bs.served_table(tmp_path_factory.mktemp("partner"), env=ENV, name="table-partner") as served:
        yield served


@pytest.mark.parametrize(("width", "dark"), [(1280, False), (390, True)])
def test_the_default_partner_is_sim_light_and_its_calls_are_said_in_the_page(served: Any, width: int,
                                                                               dark: bool) -> None:
    page = new_game_page(served, width=width, dark=dark)
    wait_for_turn(page)
    session = saved_when(served[0].data_dir, lambda s: s.human_to_act())
    assert session.bot_names[Seat.NORTH] == "sim-light"  # the partner, opposite South
    assert session.bot_names[Seat.WEST] == session.bot_names[Seat.EAST] == "rule"
    play_out(page, served[0].data_dir)
    reasons = page.locator(".vint-review-reasons")
    bs.wait_for(lambda: "The auction" in reasons.first.inner_text())
    page.locator(".vint-review-reasons summary").first.click()
    text = reasons.first.inner_text()
    north = [line for line in text.splitlines() if line.startswith("North")]
    assert north, text
    # sim-light's calls: weighed on guesses at the hidden hands, or the guide's call where nothing is contested
    assert any("guesses at the hidden hands" in line or "bidding guide's call" in line for line in north), north
    assert "nan" not in text.lower().split()
    bs.screenshot(page, f"table-partner-{width}-{'dark' if dark else 'light'}")
    assert not page.errors, page.errors
