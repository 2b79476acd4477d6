"""What one click at the table costs its kernel: what is worked out again for it, and whether it writes the game.

A server carries as many tables as the kernels' and its own work per click allows (``bench/load.py``
measures it); these tests hold the parts of that work the table decides: the score sheet and the
calls' meanings are worked out only when they change, and the game is written only for a click that
changed it.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from vint_core import Bid, Phase, Seat
from vint_core.saves import file_mark
from vint_core.table.session import TableSession
from vint_core.widgets import Table

RULE_BOTS = {seat: "rule" for seat in Seat}


def new_table(*, seed: int = 5, save_path: Path | None = None) -> Table:
    widgets.Widget.close_all()
    session = TableSession(seed=seed, bots=RULE_BOTS, autosave=save_path is not None, save_path=save_path)
    return Table(session, pace="none")


def learners_call(table: Table) -> Any:
    """A bid to open, passes after that (as a learner who bids once)."""
    enabled = table.bidding.enabled
    bids = [c for c in enabled if isinstance(c, Bid)]
    opened = any(isinstance(c, Bid) for c in table.session.deal.auction.calls)
    return bids[0] if bids and not opened else enabled[-1]


def test_only_a_click_that_changes_the_game_writes_it(tmp_path: Path) -> None:
    """One write for a call and its answers (``test_widgets.py`` holds when: before the answers are drawn); none
    for a refused action, a hint or a click on a disabled call."""
    path = tmp_path / "table.json"
    table = new_table(save_path=path)
    s = table.session
    saves: list[int] = []  # actions in the game at each write
    original = s.save

    def save() -> None:
        original()
        saves.append(len(s.deal.actions))

    s.save = save  # type: ignore[method-assign]
    table.bidding.button(learners_call(table)).click()
    assert saves == [len(s.deal.actions)]
    assert TableSession.open(path, bots=RULE_BOTS).deal.actions == s.deal.actions
    mark = file_mark(path)
    assert not table.act(next(iter(s.deal.hand(s.human))))  # a card during the auction: refused
    table.hint()
    disabled = next(c for c, b in table.bidding._buttons.items() if b.disabled)
    table.bidding.button(disabled).click()
    assert len(saves) == 1 and file_mark(path) == mark


def test_the_score_sheet_and_the_meanings_are_worked_out_only_when_they_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card changes neither the score sheet nor what the calls meant: neither is worked out again for it (the
    sheet's cost would grow with every rubber played); a deal's end, a new call or another language are drawn."""
    from vint_core import render

    table = new_table()
    s = table.session
    worked: list[str] = []
    sheet, meanings = render.scoresheet_html, render.meanings_html
    monkeypatch.setattr(render, "scoresheet_html", lambda *a, **k: (worked.append("sheet"), sheet(*a, **k))[1])
    monkeypatch.setattr(render, "meanings_html",
                        lambda *a, **k: (worked.append("meanings"), meanings(*a, **k))[1])
    table.bidding.button(learners_call(table)).click()
    assert "meanings" in worked  # the auction moved on
    while s.deal.phase is Phase.AUCTION:
        table.bidding.button(learners_call(table)).click()
    table.hand.button(table.hand.enabled[0]).click()
    worked.clear()
    for _ in range(3):
        table.hand.button(table.hand.enabled[0]).click()
    assert worked == []  # cards: nothing of the two worked out again
    sheet_before = table.sheet.widget.value
    table.apply_settings(replace(table._settings(), lang="de"))
    assert worked.count("sheet") == 1 and worked.count("meanings") == 1 and table.sheet.widget.value != sheet_before
    worked.clear()
    while not s.deal.is_finished:
        table.hand.button(table.hand.enabled[0]).click()
    assert worked.count("sheet") == 1  # the deal is over: its row is on the sheet
    assert f"<span>{len(s.rubber.record(s.deal).deals)}</span>" in table.sheet.widget.value
