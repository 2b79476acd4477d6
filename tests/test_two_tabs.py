"""Two tabs on one saved game: the tab that is behind takes the game up from the save, and says so.

Each tab is a :class:`Controller` on the same save file (each page of the table has its own kernel).
Whatever tab is clicked, nothing the other one played is overwritten without a word.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from vint_core import Seat
from vint_core.table.controller import Controller
from vint_core.table.session import TableSession

BOTS = ("random",) * 3


def open_tab(path: Path, **settings: object) -> Controller:
    """A page opened: the table resumes the saved game and the computer players act up to the learner's turn."""
    ctl = Controller.open(save_path=path, bots=BOTS, seed=4, pace="none", **settings)  # type: ignore[arg-type]
    ctl.advance()
    return ctl


def saved(path: Path) -> TableSession:
    return TableSession.from_json(json.loads(path.read_text(encoding="utf-8")))


def play(ctl: Controller, rng: random.Random) -> None:
    """One click of the learner (a random legal call or card, or the next deal)."""
    if ctl.session.deal.is_finished:
        update = ctl.next_deal()
    elif not ctl.session.human_to_act():
        update = ctl.advance()
    else:
        update = ctl.act(rng.choice(ctl.session.legal_actions()))
    assert update.accepted
    if update.follow:  # as the page does: the answers of the computer players
        ctl.advance()


def test_the_older_tab_takes_up_the_game_played_in_the_newer_one(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    rng = random.Random(2)
    older = open_tab(path)
    play(older, rng)
    newer = open_tab(path)  # the same game, resumed in a second tab
    assert newer.session.deal == older.session.deal
    for _ in range(3):
        play(newer, rng)
    played_in_newer = saved(path).deal
    assert played_in_newer.actions != older.session.deal.actions

    # the older tab's click is refused, with a word, and the older tab now shows the newer game
    update = older.act(older.session.legal_actions()[0])
    assert not update.accepted and update.new_deal
    assert "another tab" in update.status
    assert older.session.deal == played_in_newer == saved(path).deal  # nothing overwritten
    assert older.session.message is None  # not "welcome back": the note says what happened

    # from now on the older tab plays on; the newer one catches up in its turn
    play(older, rng)
    after = saved(path).deal
    assert len(after.actions) > len(played_in_newer.actions)
    update = newer.next_deal() if newer.session.deal.is_finished else newer.act(newer.session.legal_actions()[0])
    assert not update.accepted and newer.session.deal == after


def test_a_tab_up_to_date_is_not_disturbed(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    ctl = open_tab(path)
    rng = random.Random(1)
    for _ in range(20):
        play(ctl, rng)
        assert ctl.catch_up() is None
    assert saved(path).deal == ctl.session.deal


def test_every_kind_of_click_catches_up_first(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    rng = random.Random(3)
    older = open_tab(path)
    newer = open_tab(path)
    for click in (older.undo, older.claim, older.continue_play, lambda: older.step(older.generation)):
        play(newer, rng)
        before = saved(path)
        update = click()
        assert update is not None and not update.accepted, click
        assert saved(path).deal == before.deal == older.session.deal


def test_german_tab_says_so_in_german(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    older = open_tab(path, lang="de", human=Seat.SOUTH)
    newer = open_tab(path, lang="de")
    play(newer, random.Random(5))
    update = older.act(older.session.legal_actions()[0])
    assert "anderen Tab" in update.status
