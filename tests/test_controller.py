"""The table's flow without any user interface: pace, confirming tricks, the status line, what to draw, saving
once per click, the review, as every front end (the Voilà table, a lesson widget) gets them from the Controller."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from vint_core import PASS, SEED, SHORT, Call, Card, Deal, Hand, Phase, Seat
from vint_core.table.controller import Controller, Update, pace_key, pause_of
from vint_core.table.session import TableSession
from vint_core.table.session_settings import SessionSettings

RANDOM_BOTS = {seat: "random" for seat in Seat}


def click(table: Controller, action: Call | Card) -> list[Update]:
    """What a front end does for one click: act, draw the learner's action, then the answers if they follow."""
    update = table.act(action)
    updates = [update]
    if update.follow:
        updates.append(table.advance())
    return updates


def play_to_the_end(table: Controller, rng: random.Random) -> None:
    s = table.session
    table.advance()
    while not s.deal.is_finished:
        if table.controls().confirm:
            table.continue_play()
            continue
        controls = table.controls()
        choices = controls.calls or controls.cards
        assert choices, table.status()
        click(table, rng.choice(choices))


# -- a lesson's deal ------------------------------------------------------------------------------

def test_one_deal_is_played_through_updates_and_reviewed() -> None:
    table = Controller.one_deal(seed=3, bots="random")
    s = table.session
    assert not s.autosave and s.undo_allowed and set(s.bot_names.values()) == {"random"}
    first = table.advance()
    assert s.human_to_act() and first.accepted and first.status == table.status()
    assert all(m.seat != s.human for m in first.moves)
    rng = random.Random(3)
    made = 0
    while not s.deal.is_finished:
        controls = table.controls()
        legal = set(s.legal_actions())
        assert set(controls.calls) | set(controls.cards) == legal  # exactly the legal actions are offered
        assert controls.hint and not controls.next_deal and not controls.confirm
        assert controls.claim == (s.deal.phase is Phase.PLAY)
        action = rng.choice(sorted(legal, key=str))
        before = len(s.deal.actions)
        update = table.act(action)
        assert update.accepted and update.action == action and s.deal.actions[before] == action
        assert update.follow  # without a timer the answers follow at once
        answers = table.advance()
        assert s.deal.actions[before + 1:] == tuple(m.action for m in answers.moves)
        assert answers.action is None and (s.human_to_act() or s.deal.is_finished)
        made += 1
    assert made >= 7
    assert table.controls().next_deal and not table.controls().hint
    assert table.status().endswith("then deal the next one")
    review = table.review()
    assert review is not None and review.deal is s.deal
    assert len(review.reasons) == len(s.deal.actions) - made  # one reason per computer action


def test_a_lesson_plays_a_given_deal() -> None:
    hands = tuple(Hand.parse(h) for h in ("AKQJ.AKQ.AKQ.AKQ", "T987.JT9.JT9.JT9", "6543.876.876.876",
                                          "2.5432.5432.5432"))
    deal = Deal(hands, dealer=Seat.SOUTH, rules=SEED)  # type: ignore[arg-type]
    table = Controller.one_deal(deal, human=Seat.NORTH, bots="rule")
    assert table.session.deal is deal and table.session.human == Seat.NORTH
    table.advance()
    assert table.session.deal.hand(Seat.NORTH) == hands[0] and table.session.human_to_act()
    assert table.review() is None  # nothing to review before the deal ends


def test_the_status_line_says_what_happened_and_what_to_do() -> None:
    table = Controller.one_deal(seed=7)
    table.advance()
    assert table.status() == "your call: bid or pass"
    update = table.act(Call.parse("1H"))
    assert (update.follow, update.status) == (True, "West to act")
    table.advance()
    assert table.status() == "West: 2♠ · North: 2♥ · East: 4♠ · your call: bid or pass"
    table.configure(lang="de")
    assert table.status() == "West: 2♠ · Nord: 2♥ · Ost: 4♠ · deine Ansage: bieten oder passen"
    # the computer players' reasons stay out of the status (they speak of their hands)
    assert "HCP" not in table.status()


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    table = Controller.one_deal(seed=4)
    table.advance()
    deal = table.session.deal
    update = table.act(Card.parse("AS"))  # a card during the auction
    assert not update.accepted and update.action is None and table.session.deal is deal
    assert table.note and table.note.text("en") in update.status
    assert table.act(PASS).accepted and table.note is None


# -- the pace -------------------------------------------------------------------------------------

def test_confirm_stops_after_each_trick_until_the_learner_continues() -> None:
    table = Controller.one_deal(seed=14, bots="random", pace="confirm")
    s = table.session
    rng = random.Random(14)
    table.advance()
    stops = 0
    while not s.deal.is_finished:
        controls = table.controls()
        if controls.confirm:
            stops += 1
            tricks = len(s.deal.tricks)
            assert table.busy and controls.cards == () and controls.calls == () and not controls.hint
            assert s.deal.current_trick is None or not s.deal.current_trick.cards  # the trick just completed
            assert table.status().endswith("look at the trick, then press Continue")
            held = s.deal
            assert not table.act(rng.choice(s.deal.legal_actions() or (PASS,))).accepted and s.deal is held
            update = table.continue_play()
            assert not table.controls().confirm and len(s.deal.tricks) == tricks
            assert s.human_to_act() or s.deal.is_finished or table.controls().confirm, update
            continue
        click(table, rng.choice(controls.calls or controls.cards))
    if s.deal.contract is not None:
        assert stops == 12  # after each trick but the last: the review follows at once


def test_a_timed_front_end_gets_one_computer_action_per_pause() -> None:
    table = Controller.one_deal(seed=5, bots="random", pace="slow")
    table.timed = True
    s = table.session
    update = table.advance()
    while update.pause is not None:
        assert update.pause == pause_of("slow") / 2  # half the pause during the auction
        assert table.thinking == s.deal.to_act and table.busy and table.controls().calls == ()
        assert "is thinking" in update.status
        seat = s.deal.to_act
        stepped = table.step(update.generation)
        assert stepped is not None and [m.seat for m in stepped.moves] == [seat]
        update = stepped
    assert s.human_to_act() and table.thinking is None
    # the learner's call: drawn with the first computer player thinking, nothing worked out at once
    mine = table.act(table.controls().calls[0])
    assert not mine.follow and mine.pause is not None and mine.action == table.session.deal.actions[-1]
    # an undo voids the step scheduled before it
    old = mine.generation
    table.undo()
    assert table.step(old) is None and s.human_to_act()


def test_pace_names_and_seconds() -> None:
    assert pace_key(0.35) == "fast" and pace_key(5) == "slow" and pace_key(None) is None
    assert pause_of("none") == 0.0 and pause_of("normal") == 0.9 and pause_of("confirm") == 0.0
    table = Controller(TableSession(seed=1, autosave=False), pace="warp")
    assert table.pace == "normal"  # an unknown pace falls back to the usual one


# -- saving ---------------------------------------------------------------------------------------

def test_a_click_is_saved_once_before_its_answers_are_drawn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "table.json"
    table = Controller(TableSession(seed=24, bots=RANDOM_BOTS, save_path=path), pace="none")
    s = table.session
    writes: list[int] = []
    monkeypatch.setattr(TableSession, "save", lambda self, save=TableSession.save: (writes.append(1), save(self))[0])
    table.advance()
    while not s.deal.is_finished:
        writes.clear()
        update = table.act(s.legal_actions()[-1])
        if update.follow:  # the learner's action is drawn first, without waiting for the disk
            assert writes == []
            saved = TableSession.from_json(json.loads(path.read_text(encoding="utf-8")))
            assert len(saved.deal.actions) < len(s.deal.actions)
            table.advance()
        assert writes == [1]  # the action and every answer, in one save
        assert TableSession.from_json(json.loads(path.read_text(encoding="utf-8"))).deal == s.deal
    writes.clear()
    table.next_deal()
    table.advance()
    assert writes == [1]


# -- the other controls ---------------------------------------------------------------------------

def test_hint_undo_claim_and_next_deal() -> None:
    table = Controller.one_deal(seed=12, bots="random")
    s = table.session
    table.advance()
    deal = s.deal
    hint = table.hint()
    assert hint.accepted and hint.status.startswith("hint: ") and s.deal is deal
    assert not table.controls().undo
    click(table, table.controls().calls[-1])
    assert table.controls().undo
    undone = table.undo()
    assert undone.accepted and s.deal == deal and table.note and undone.status.startswith(table.note.text("en"))
    assert not table.controls().undo and s.human_to_act()
    refused = table.undo()
    assert not refused.accepted and table.note and table.note.text("en") == "there is nothing to undo in this deal"
    claim = table.claim()
    assert not claim.accepted and s.message and s.message.text("en") in claim.status  # said once, not twice
    assert claim.status.count(s.message.text("en")) == 1
    assert not table.next_deal().accepted and table.note and "not finished" in table.note.text("en")
    play_to_the_end(table, random.Random(1))
    generation = table.generation
    update = table.next_deal()
    assert update.accepted and update.new_deal and table.generation > generation
    assert s.deal.actions == () or s.deal.phase is Phase.AUCTION
    assert s.rubber.deals or s.history  # the finished deal is on the sheet


def test_settings_and_a_new_game(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    table = Controller(TableSession(seed=9, bots=RANDOM_BOTS, save_path=path), pace="none")
    table.advance()
    table.configure(bots={Seat.WEST: "rule", Seat.SOUTH: "random"}, pace="fast", four_colour=True)
    s = table.session
    assert s.bot_names[Seat.WEST] == "rule" and s.settings == SessionSettings(pace="fast", four_colour=True)
    assert TableSession.open(path).settings.pace == "fast"
    update = table.new_game(human=Seat.EAST, rules=SHORT, bots={Seat.NORTH: "random"})
    new = table.session
    assert new is not s and new.human == Seat.EAST and new.rubber.rules == SHORT and new.seed == 10
    assert new.save_path == path and new.settings.four_colour is True
    assert "new game" in update.status and (new.human_to_act() or new.deal.is_finished)


def test_the_controller_needs_no_jupyter() -> None:
    """The session layer (session, controller, review, saves) runs in a plain Python: no widget library loaded."""
    import subprocess
    import sys

    code = ("import json, sys, vint_core.table.controller, vint_core.saves; "
            "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    loaded = set(json.loads(out.stdout))
    assert not loaded & {"ipywidgets", "IPython", "traitlets", "matplotlib", "endplay", "platformdirs"}


def test_a_lesson_never_looks_for_the_data_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    def nowhere() -> Path:
        raise AssertionError("a session that does not save asked for the data folder")
    monkeypatch.setattr("vint_core.table.session.default_save_path", nowhere)
    table = Controller.one_deal(seed=2, bots="random")
    play_to_the_end(table, random.Random(2))
    table.next_deal()
    assert table.session.rubber.deals or table.session.history


# -- undo: closed once the hands are shown, and marked on the score sheet -------------------------

def test_undo_is_closed_once_the_deal_is_over_and_its_hands_are_shown(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    table = Controller(TableSession(seed=21, bots=RANDOM_BOTS, save_path=path), pace="none")
    s = table.session
    play_to_the_end(table, random.Random(2))
    assert table.review() is not None  # the four hands are shown now
    assert s._undo and not s.can_undo() and not table.controls().undo  # decisions were made, but no undo
    finished = s.deal
    saved = path.read_text(encoding="utf-8")
    for _ in range(16):
        refused = table.undo()
        assert not refused.accepted
    assert s.deal is finished and path.read_text(encoding="utf-8") == saved  # nothing changed, nothing saved
    assert table.note and table.note.text("en") == (
        "the deal is over and all four hands are shown: it can no longer be undone")
    table.session.lang = "de"
    table.undo()
    assert table.note.text("de").startswith("das Spiel ist vorbei")
    assert not s.practised  # no undo was used in this deal


def test_a_deal_played_with_undo_is_marked_on_the_score_sheet_and_the_mark_is_saved(tmp_path: Path) -> None:
    from vint_core.render import scoresheet_html

    path = tmp_path / "t.json"
    table = Controller(TableSession(seed=22, bots=RANDOM_BOTS, save_path=path), pace="none")
    s = table.session
    table.advance()
    click(table, table.controls().calls[0])
    assert table.undo().accepted
    assert s.practised == {(1, 1)}
    live = scoresheet_html(s.rubber, pending=s.deal, practised=s.practised, lang="en")
    assert "practised with undo" in live  # the row of the deal being played
    play_to_the_end(table, random.Random(3))
    table.next_deal()
    play_to_the_end(table, random.Random(4))  # the second deal: no undo
    resumed = TableSession.from_json(json.loads(path.read_text(encoding="utf-8")))
    assert resumed.practised == {(1, 1)}
    rubber = resumed.rubber.record(resumed.deal) if not resumed.rubber.is_finished else resumed.rubber
    sheet = scoresheet_html(rubber, history=resumed.history, practised=resumed.practised, lang="de")
    assert sheet.count("geübt, mit Zurücknehmen") == 1
    plain = scoresheet_html(rubber, history=resumed.history, lang="en")
    assert "practised" not in plain
