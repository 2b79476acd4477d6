"""A full or read-only data folder, on a real tmpfs: the table plays on, says the game is not being saved and why,
leaves no temporary file behind, and saves again at the next click once it can.

The folder is a tmpfs of 64 kB mounted for each test (and unmounted, also when the test fails: see
``tests/tmpfs_support.py``, also for running these tests without root): filled to the last byte by a file, then
remounted read-only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest
from tmpfs_support import Disk, mounted

from vint_core import Seat
from vint_core.quiz.progress import Progress
from vint_core.saves import file_mark
from vint_core.table.session import TableSession
from vint_core.widgets import Table
from vint_core.widgets.quiz import QuizWidget

BOTS = ("rule", "rule", "rule")
SEED = 5
NOT_SAVED = "this game is not being saved"


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Disk]:
    """A 64 kB tmpfs, unmounted after the test whatever happens."""
    try:
        with mounted(tmp_path / "data") as d:
            yield d
    finally:
        widgets.Widget.close_all()


def click(table: Table) -> None:
    """The learner's click, as the page sends it: a pass in the auction, the first card allowed in the play."""
    s = table.session
    if s.deal.is_finished:
        table.next_button.click()
    elif table.bidding.enabled:
        table.bidding.button(table.bidding.enabled[-1]).click()  # the last call offered
    else:
        table.hand.button(table.hand.enabled[0]).click()


def saved_actions(path: Path) -> list[str]:
    return [str(a) for a in TableSession.open(path, bots={s: "rule" for s in Seat}).deal.actions]


def actions(table: Table) -> list[str]:
    return [str(a) for a in table.session.deal.actions]


def test_a_full_disk_the_table_plays_on_and_saves_again_once_there_is_room(disk: Disk) -> None:
    path = disk.path / "table.json"
    table = Table.open(save_path=path, bots=BOTS, pace="none", seed=SEED)
    assert path.exists() and NOT_SAVED not in table.status_text()
    disk.fill()
    mark = file_mark(path)
    played = len(table.session.deal.actions)
    for _ in range(3):
        click(table)
        # the click was taken, the computer players answered, and it is the learner's turn again (not "West to act")
        assert len(table.session.deal.actions) > played
        played = len(table.session.deal.actions)
        assert table.session.human_to_act() or table.session.deal.is_finished
        status = table.status_text()
        assert status.startswith("this game is not being saved: the disk is full; play on"), status
        assert 'class="vint-save-notice" role="alert"' in table.status.value
        assert disk.temps() == []  # the failed save's temporary file is gone
        assert file_mark(path) == mark  # the save on disk is the one before the disk filled up
    disk.free()
    click(table)
    assert NOT_SAVED not in table.status_text() and "vint-save-notice" not in table.status.value
    assert saved_actions(path) == actions(table)  # every click since the disk filled up is in the save
    assert disk.temps() == []


def test_a_full_disk_in_german(disk: Disk) -> None:
    path = disk.path / "table.json"
    table = Table.open(save_path=path, bots=BOTS, pace="none", seed=SEED, lang="de")
    disk.fill()
    click(table)
    assert table.status_text().startswith("dieses Spiel wird nicht gespeichert: der Datenträger ist voll")
    disk.free()
    click(table)
    assert "nicht gespeichert" not in table.status_text()


def test_a_disk_made_read_only_while_playing(disk: Disk) -> None:
    path = disk.path / "table.json"
    table = Table.open(save_path=path, bots=BOTS, pace="none", seed=SEED)
    click(table)
    disk.read_only()
    before = saved_actions(path)
    for _ in range(2):
        click(table)
        assert "the data folder is read-only" in table.status_text()
    assert saved_actions(path) == before != actions(table)
    disk.writable()
    click(table)
    assert NOT_SAVED not in table.status_text()
    assert saved_actions(path) == actions(table) and disk.temps() == []


def test_a_read_only_folder_without_a_save_opens_a_game_that_is_played(disk: Disk) -> None:
    disk.read_only()
    for path in (disk.path / "table.json", disk.path / "missing-folder" / "table.json"):
        table = Table.open(save_path=path, bots=BOTS, pace="none", seed=SEED)
        assert table.status_text().startswith("this game is not being saved: the data folder is read-only")
        click(table)
        assert table.session.human_to_act() or table.session.deal.is_finished
        assert len(table.session.deal.actions) >= 1
        assert not path.exists()


def test_a_damaged_save_on_a_read_only_folder_stays_until_it_can_be_kept_aside(disk: Disk) -> None:
    path = disk.path / "table.json"
    path.write_text('{"format": "vint-session", "version": 1, "deal": ', encoding="utf-8")
    disk.read_only()
    table = Table.open(save_path=path, bots=BOTS, pace="none", seed=SEED)
    status = table.status_text()
    assert "the data folder is read-only" in status and "the old file stays where it is" in status
    click(table)
    assert path.read_text(encoding="utf-8").endswith('"deal": ')  # not written over, not moved
    disk.writable()
    click(table)
    aside = [p for p in disk.path.iterdir() if p.name.startswith("table.json.damaged-")]
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8").endswith('"deal": ')
    assert saved_actions(path) == actions(table) and NOT_SAVED not in table.status_text()


def test_the_quiz_on_a_full_disk_counts_the_answer_and_says_it_is_not_saved(disk: Disk) -> None:
    path = disk.path / "quiz.json"
    widgets.Widget.close_all()
    quiz = QuizWidget(Progress(seed=3, path=path), topics=["auction"])
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert len(json.loads(path.read_text(encoding="utf-8"))["attempts"]) == 1
    disk.fill()
    quiz.next_button.click()
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert "your progress is not being saved: the disk is full" in quiz.status.value
    assert 'class="vint-quiz-right"' in quiz.feedback.value  # the answer was marked all the same
    assert disk.temps() == [] and len(json.loads(path.read_text(encoding="utf-8"))["attempts"]) == 1
    disk.free()
    quiz.next_button.click()
    quiz.answer_with(quiz.item.answer)
    quiz.check_button.click()
    assert "not being saved" not in quiz.status.value
    assert len(json.loads(path.read_text(encoding="utf-8"))["attempts"]) == 3
