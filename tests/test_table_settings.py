"""The settings a game keeps (vint_core.table.session_settings.SessionSettings): one frozen, checked value, made,
read from a save and changed through the same checks. A bad value in a save is refused in words, the file kept aside
as it was; an older save that lacks a setting (or all of them) still loads."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from vint_core import SHORT, Seat
from vint_core.errors import ParseError, Reason
from vint_core.table.controller import Controller
from vint_core.table.session import TableSession
from vint_core.table.session_settings import PACES, SessionSettings, TableSettingError

RANDOM_BOTS = {seat: "random" for seat in Seat}


def test_the_settings_are_a_frozen_value_with_its_json() -> None:
    settings = SessionSettings(pace="slow", four_colour=True)
    assert settings.to_json() == {"pace": "slow", "four_colour": True}
    assert SessionSettings.from_json(settings.to_json()) == settings
    assert SessionSettings.from_json(None) == SessionSettings() == SessionSettings.from_json({})
    assert SessionSettings.from_json({"four_colour": True}) == SessionSettings(pace="normal", four_colour=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.pace = "fast"  # type: ignore[misc]
    assert all(SessionSettings(pace=name).pace == name for name in PACES)


@pytest.mark.parametrize(("bad", "reason", "english", "german"), [
    ({"pace": "warp"}, Reason.BAD_TABLE_SETTING,
     "the table's setting pace cannot be 'warp': it is one of none, fast, normal, slow, confirm",
     "die Einstellung pace des Tischs kann nicht 'warp' sein"),
    ({"pace": 0.4}, Reason.BAD_TABLE_SETTING, "pace cannot be 0.4", "pace"),
    ({"four_colour": "yes"}, Reason.BAD_TABLE_SETTING,
     "the table's setting four_colour cannot be 'yes': it is True or False", "True oder False"),
    ({"four_colour": 1}, Reason.BAD_TABLE_SETTING, "four_colour cannot be 1", "four_colour"),
    ({"speed": 3}, Reason.UNKNOWN_TABLE_SETTING, "the table has no setting 'speed': its settings are pace, four_colour",
     "keine Einstellung 'speed'"),
    (["pace", "fast"], Reason.BAD_ARGUMENT, "settings cannot be ['pace', 'fast']", "dict"),
])
def test_a_setting_that_cannot_be_is_refused_in_words(bad: object, reason: Reason, english: str, german: str) -> None:
    with pytest.raises(ParseError) as caught:
        SessionSettings.from_json(bad)
    assert caught.value.reason is reason and english in str(caught.value)
    assert german in caught.value.message("de")
    if reason is not Reason.BAD_ARGUMENT:
        assert isinstance(caught.value, TableSettingError)


def test_a_new_session_and_a_changed_setting_go_through_the_same_checks() -> None:
    with pytest.raises(TableSettingError):
        TableSession(seed=1, bots=RANDOM_BOTS, autosave=False, settings={"pace": "warp"})
    s = TableSession(seed=1, bots=RANDOM_BOTS, autosave=False, settings={"pace": "fast"})
    with pytest.raises(TableSettingError):
        dataclasses.replace(s.settings, four_colour="yes")
    assert s.settings == SessionSettings(pace="fast")


def test_the_controller_refuses_a_bad_deck_before_anything_changes(tmp_path: Path) -> None:
    table = Controller(TableSession(seed=2, bots=RANDOM_BOTS, save_path=tmp_path / "t.json"), pace="none")
    s = table.session
    before = (dict(s.bot_names), s.settings)
    with pytest.raises(TableSettingError):
        table.configure(bots={Seat.WEST: "rule"}, pace="fast", four_colour="yes")  # type: ignore[arg-type]
    assert (dict(s.bot_names), s.settings) == before
    with pytest.raises(TableSettingError):
        table.new_game(human=Seat.NORTH, rules=SHORT, bots={}, settings={"pace": "warp"})
    assert table.session is s  # the game as it was
    table.new_game(human=Seat.NORTH, rules=SHORT, bots={}, settings={"four_colour": True})
    assert table.session.settings == SessionSettings(pace="none", four_colour=True) and table.four_colour


def save_with(path: Path, settings: object) -> bytes:
    s = TableSession(seed=3, bots=RANDOM_BOTS, save_path=path)
    s.run_bots()
    s.save()
    data = json.loads(path.read_text(encoding="utf-8"))
    if settings is None:
        del data["settings"]
    else:
        data["settings"] = settings
    path.write_text(json.dumps(data), encoding="utf-8")
    return path.read_bytes()


@pytest.mark.parametrize(("settings", "said"), [
    ({"pace": "warp", "four_colour": False}, "the table's setting pace cannot be 'warp'"),
    ({"pace": "fast", "four_colour": "yes"}, "four_colour cannot be 'yes'"),
    ({"pace": "fast", "speed": 3}, "the table has no setting 'speed'"),
    ("fast", "settings cannot be 'fast'"),
])
def test_bad_settings_in_a_save_are_said_and_the_file_is_kept_as_it_was(tmp_path: Path, settings: object,
                                                                       said: str) -> None:
    path = tmp_path / "table.json"
    written = save_with(path, settings)
    with pytest.raises(ParseError) as caught:
        TableSession.from_json(json.loads(written))
    assert caught.value.reason is Reason.BAD_SAVE and said in str(caught.value)
    again = TableSession.open(path)
    assert again.message is not None and said in again.message.text("en")
    assert "kept as table.json.damaged-" in again.message.text("en")
    (aside,) = tmp_path.glob("table.json.damaged-*")
    assert aside.read_bytes() == written  # nothing of the old game is lost
    assert again.settings == SessionSettings()
    assert "gespeicherte Spiel ist nicht lesbar" in caught.value.message("de")


@pytest.mark.parametrize("settings", [None, {}, {"pace": "slow"}, {"four_colour": True}])
def test_an_older_save_without_some_settings_still_loads(tmp_path: Path, settings: object) -> None:
    path = tmp_path / "table.json"
    save_with(path, settings)
    again = TableSession.open(path)
    assert again.message is not None and "welcome back" in again.message.text("en")
    expected = SessionSettings.from_json(settings)
    assert again.settings == expected
    again.save()
    assert json.loads(path.read_text(encoding="utf-8"))["settings"] == expected.to_json()  # written whole


def test_the_save_from_before_undo_allowed_keeps_its_settings(tmp_path: Path) -> None:
    old = Path(__file__).parent / "golden" / "table-save-practice-key.json"
    path = tmp_path / "table.json"
    path.write_text(old.read_text(encoding="utf-8"), encoding="utf-8")
    s = TableSession.open(path)
    assert s.message is not None and "welcome back" in s.message.text("en")
    assert s.settings == SessionSettings.from_json(json.loads(old.read_text(encoding="utf-8"))["settings"])
