"""A class board's table (Controller.board): one deal, its end said in the frame's status as the board's, no next
deal offered or dealt; the board's table widget draws that frame as the table does, and searches no HTML."""

from __future__ import annotations

from pathlib import Path

from vint_core import Deal, Seat
from vint_core.i18n import text
from vint_core.rules import SEED
from vint_core.table.controller import Controller
from vint_core.widgets.class_boards import CLASS_BOTS, _BoardTable

BOARD = Deal.new(seed=5, board="1")


def board(path: Path, lang: str = "en") -> Controller:
    return Controller.board(BOARD, save_path=path, rules=SEED, bots=CLASS_BOTS, seed=1, lang=lang)


def play_out(table: Controller) -> None:
    table.advance()
    while not table.session.deal.is_finished:
        controls = table.controls()
        table.act((controls.calls or controls.cards)[0])
        table.advance()


def test_a_board_says_it_is_over_and_deals_no_next_deal(tmp_path: Path) -> None:
    table = board(tmp_path / "b.json")
    assert table.one_board and not Controller.one_deal(seed=1).one_board
    play_out(table)
    frame = table.frame()
    assert frame.finished and frame.status.endswith(text("class_boards_over", "en"))
    assert text("widget_deal_over", "en") not in frame.status
    assert not frame.controls.next_deal and frame.turn == ""
    deal = table.session.deal
    update = table.next_deal()
    assert not update.accepted and table.session.deal is deal  # the board's deal stays: the class gives the next one
    german = board(tmp_path / "de.json", lang="de")
    play_out(german)
    assert german.frame().status.endswith(text("class_boards_over", "de"))


def test_the_boards_table_draws_the_frames_status_and_tells_the_class_once_over(tmp_path: Path) -> None:
    table = _BoardTable(board(tmp_path / "b.json"), pace="none")
    told: list[bool] = []
    table.on_finished = lambda: told.append(True)
    s = table.session
    while not s.deal.is_finished:
        assert not told
        controls = table.controller.controls()
        table.act((controls.calls or controls.cards)[0], position=table.controller.position)
    assert told
    status = table.status.value
    assert text("class_boards_over", "en") in status and 'class="vint-render"' in status  # the mark kept after it
    assert table.next_button.disabled


def test_two_learners_making_the_same_choices_meet_the_same_computer_players(tmp_path: Path) -> None:
    """The class's computer players are the served table's (``sim-light`` the partner, solving its last tricks) and
    decide alike for every learner: the same choices give the same deal, so the boards' results compare."""
    assert CLASS_BOTS[Seat.NORTH] == "sim-light" and CLASS_BOTS[Seat.WEST] == CLASS_BOTS[Seat.EAST] == "rule"
    first, second = board(tmp_path / "first.json"), board(tmp_path / "second.json")
    play_out(first)
    play_out(second)
    assert first.session.bot_names[Seat.NORTH] == "sim-light"
    assert first.session.deal.actions == second.session.deal.actions
    assert first.session.deal.is_finished
