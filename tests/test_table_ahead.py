"""The table opened in a kernel kept ready, before its page asks (:mod:`vint_core.app.ahead`): the page gets it
only if it asks for the same table and the save is as it was read; otherwise the table opened ahead is closed,
every widget of it, and the page's table opened then."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest

from vint_core import Seat
from vint_core.app import notebook_path
from vint_core.app.ahead import ReadyTable, ready_table, table_for_page
from vint_core.app.settings import SettingsError
from vint_core.saves import file_mark
from vint_core.table.session import TableSession

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "7", "VINT_PACE": "none", "VINT_LANG": "en"}


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A preheated kernel's environment, saving into a data folder of its own."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("VINT_DATA_DIR", str(folder))
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    for name, value in ENV.items():
        monkeypatch.setenv(name, value)
    widgets.Widget.close_all()
    return folder


def live() -> set[int]:
    return {id(w) for w in widgets.widgets.widget._instances.values()}


def another_session_acts(path: Path) -> TableSession:
    """Another tab or kernel on the same save: it opens the game, the computer players and the learner act,
    and it saves."""
    other = TableSession.open(path)
    while not other.human_to_act():
        other.bot_step()
    other.act(other.legal_actions()[-1])
    other.save()
    return other


def saved_game(data_dir: Path) -> None:
    """A game on disk, as a page played it."""
    session = TableSession.open(data_dir / "table.json", seed=7, bots={s: "rule" for s in Seat})
    while not session.human_to_act():
        session.bot_step()
    session.save()


def assert_closed(ready: ReadyTable) -> None:
    assert ready.made, "the table opened ahead made widgets"
    assert all(w.comm is None for w in ready.made)
    assert not {id(w) for w in ready.made} & live()


def test_the_same_table_and_an_unchanged_save_give_the_page_the_table_opened_ahead(data_dir: Path) -> None:
    saved_game(data_dir)
    path = data_dir / "table.json"
    mark = file_mark(path)
    ready = ready_table()
    assert ready is not None
    assert file_mark(path) == mark  # opening ahead wrote nothing
    table = table_for_page(ready, {**ENV, "VINT_DATA_DIR": str(data_dir), "QUERY_STRING": "token=x"})
    assert table is ready.table
    assert all(w.comm is not None for w in ready.made)
    # the page's clicks are saved from now on
    table.bidding.button(table.bidding.enabled[-1]).click()
    assert file_mark(path) != mark
    assert TableSession.open(path).deal.actions == table.session.deal.actions


def test_a_new_game_opened_ahead_is_the_pages_while_there_is_still_no_save(data_dir: Path) -> None:
    ready = ready_table()
    assert ready is not None and not (data_dir / "table.json").exists()
    assert table_for_page(ready) is ready.table


def test_a_save_written_by_another_session_meanwhile_gives_a_fresh_table_with_its_game(data_dir: Path) -> None:
    saved_game(data_dir)
    ready = ready_table()
    assert ready is not None
    other = another_session_acts(data_dir / "table.json")
    table = table_for_page(ready)
    assert table is not ready.table
    played = other.deal.actions  # the other session's call, which the table opened ahead does not have
    assert ready.table.session.deal.actions != played[:len(ready.table.session.deal.actions) + 1]
    assert table.session.deal.actions[:len(played)] == played  # (the computer players answer it at once)
    assert_closed(ready)


def test_a_game_saved_where_there_was_none_gives_a_fresh_table_with_it(data_dir: Path) -> None:
    ready = ready_table()
    assert ready is not None
    TableSession(save_path=data_dir / "table.json", seed=99, bots={s: "random" for s in Seat}).save()
    table = table_for_page(ready)
    assert table is not ready.table
    assert table.session.deal.hands == TableSession.open(data_dir / "table.json").deal.hands
    assert_closed(ready)


def test_another_table_name_gives_a_fresh_table_for_its_save_and_the_widgets_do_not_grow(data_dir: Path) -> None:
    saved_game(data_dir)
    before = len(widgets.widgets.widget._instances)
    ready = ready_table()
    assert ready is not None
    table = table_for_page(ready, {**ENV, "VINT_DATA_DIR": str(data_dir), "QUERY_STRING": "table=Anna&token=x"})
    assert table is not ready.table
    assert table.session.save_path == data_dir / "table-anna.json"
    assert_closed(ready)
    # the page's widget state is one table's, not two
    assert len(widgets.widgets.widget._instances) - before == len(ready.made)
    # the shared game was not touched
    assert TableSession.open(data_dir / "table.json").deal.actions == ready.table.session.deal.actions


def test_computer_moves_made_ahead_are_saved_only_once_the_page_takes_the_table(data_dir: Path) -> None:
    session = TableSession(save_path=data_dir / "table.json", seed=7, bots={s: "rule" for s in Seat})
    if session.human_to_act():  # a save in which the computer players are to act
        session.act(session.legal_actions()[-1])
    assert not session.human_to_act() and not session.deal.is_finished
    session.save()
    path = data_dir / "table.json"
    mark = file_mark(path)
    ready = ready_table()
    assert ready is not None
    assert len(ready.table.session.deal.actions) > len(session.deal.actions)  # they acted at once (pace none)
    assert file_mark(path) == mark
    # a page for another table: the shared save stays as it was
    table_for_page(ready, {**ENV, "VINT_DATA_DIR": str(data_dir), "QUERY_STRING": "table=anna"})
    assert file_mark(path) == mark
    # a page for the shared table: their moves are saved as the page takes it
    again = ready_table()
    assert again is not None
    assert table_for_page(again) is again.table
    assert TableSession.open(path).deal.actions == again.table.session.deal.actions


def test_settings_that_cannot_be_read_open_nothing_ahead_and_fail_as_before(data_dir: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VINT_LANG", "fr")
    assert ready_table() is None
    with pytest.raises(SettingsError):
        table_for_page(None)


def test_outside_a_preheated_kernel_nothing_is_opened_ahead(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT")
    assert ready_table() is None
    assert table_for_page(None).session.save_path == data_dir / "table.json"


def test_the_notebook_opens_the_table_ahead_and_decides_once_a_page_asks() -> None:
    source = "".join(c.source for c in nbformat.read(notebook_path(), as_version=4).cells if c.cell_type == "code")
    assert source.index("warm_up()") < source.index("ready_table()") < source.index("wait_for_page()")
    assert source.index("wait_for_page()") < source.index("table_for_page(") < source.index("with_class_boards(")


def test_a_computer_players_move_scheduled_ahead_waits_for_the_page(data_dir: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a pace the computer player's move is scheduled on the kernel's event loop: opened ahead, it is held
    (nobody sees the table yet, and a table the page does not take must not play on), and scheduled with its whole
    pause once the page takes the table."""
    import asyncio

    monkeypatch.setenv("VINT_PACE", "normal")
    session = TableSession(save_path=data_dir / "table.json", seed=7, bots={s: "rule" for s in Seat})
    if session.human_to_act():
        session.act(session.legal_actions()[-1])
    session.save()

    async def page() -> tuple[bool, bool, bool]:
        ready = ready_table()
        assert ready is not None
        thinking = ready.table.controller.thinking is not None
        held = ready.table._timer is None
        table = table_for_page(ready)
        return thinking, held, table is ready.table and table._timer is not None

    assert asyncio.run(page()) == (True, True, True)


def computer_to_act(data_dir: Path) -> None:
    """A saved game in which a computer player is to call (seed 7: the learner first, so the learner calls)."""
    session = TableSession(save_path=data_dir / "table.json", seed=7, bots={s: "rule" for s in Seat})
    if session.human_to_act():
        session.act(session.legal_actions()[-1])
    session.save()


def _report(table: Any) -> None:
    """The page's part: its link copies the number of the drawing it shows into the report widget it sends back."""
    slot = table.mark.last_slot
    table.mark.seen_slots[slot].value = table.mark.drawn_slots[slot].value


async def _until(condition: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("ahead", [True, False], ids=["opened-ahead", "opened-for-the-page"])
def test_no_computer_player_moves_before_the_page_has_reported_its_first_drawing(
        data_dir: Path, monkeypatch: pytest.MonkeyPatch, ahead: bool) -> None:
    """A served table's page builds its widgets from the state it fetched once connected; a move sent meanwhile
    can be lost (the page then shows the table as it was, a player "thinking" for ever). So the move whose pause
    is over waits for the page's first report, and is made as soon as it comes."""
    monkeypatch.setenv("VINT_PACE", "fast")
    if not ahead:
        monkeypatch.delenv("VOILA_PREHEAT")
    computer_to_act(data_dir)

    async def page() -> None:
        table = table_for_page(ready_table())
        assert table.controller.thinking is not None
        before = len(table.session.deal.actions)
        await _until(lambda: table._waiting is not None)  # its pause is over: it waits for the page
        assert len(table.session.deal.actions) == before and table.controller.thinking is not None
        _report(table)
        await _until(lambda: len(table.session.deal.actions) > before)
        assert table._page_timer is None

    asyncio.run(page())


def test_without_a_report_the_computer_players_move_once_the_wait_is_over(data_dir: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """A page that never reports (gone before its widgets were built) does not stop the game for good."""
    monkeypatch.setenv("VINT_PACE", "fast")
    computer_to_act(data_dir)

    async def page() -> float:
        table = table_for_page(ready_table())
        table.wait_for_page(seconds=1.0)  # a shorter wait than the table's own, from now
        asked = time.monotonic()
        before = len(table.session.deal.actions)
        await _until(lambda: len(table.session.deal.actions) > before)
        return time.monotonic() - asked

    assert asyncio.run(page()) >= 1.0


def test_a_table_that_has_its_pages_report_moves_after_its_pause_only(data_dir: Path) -> None:
    """Once the page has reported, nothing waits: the pause alone (a table in JupyterLab never waits at all)."""
    from vint_core.widgets.table import Table

    computer_to_act(data_dir)

    async def lab() -> None:
        table = Table.open(save_path=data_dir / "table.json", pace="fast")
        assert table.controller.thinking is not None
        _report(table)
        table.wait_for_page()
        assert table._page_timer is None
        before = len(table.session.deal.actions)
        await _until(lambda: len(table.session.deal.actions) > before)
        assert table._waiting is None

    asyncio.run(lab())
