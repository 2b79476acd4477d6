"""Switching the language says everything again in the new one: the table keeps phrases, not sentences.

The bug a learner met: a refused claim, then German in the settings, and the status line read
"claim refused: … · West: Passe · Nord: Passe · … du spielst aus: …" (the session's message had been put
into English when it was made). Now the session, the controller, the computer players' reasons and the
saved game keep phrases (message id and parameters) and say them only when shown.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from vint_core.deal import Phase
from vint_core.seats import Seat
from vint_core.table.controller import Controller
from vint_core.table.said import Rendered
from vint_core.table.session import TableSession

GOLDEN = Path(__file__).parent / "golden"
#: a game saved by the code before reasons were kept as phrases: each reason a finished English sentence
OLD_SAVE = GOLDEN / "save_v1_string_explanations.json"

#: English words that cannot occur in a German sentence of the table (German says "Passe", "Nord", "Ost", …)
ENGLISH = frozenset(re.split(r"\s+", """
    refused claim claimed accepted the your you lead leads to play played playing card cards trick tricks with
    points point partner partner's bid bids is of and welcome back saved game continues undone hint North East
    South Pass passes high-card opponents ahead behind expect we if my suit says guide not no any fits this hand
    headed cards must follow deal over won takes take would some other seats from""".strip()))
#: German words that cannot occur in an English sentence of the table
GERMAN = frozenset(re.split(r"\s+", """
    Anspruch abgelehnt Passe Nord Ost Süd du spielst aus jede Karte ist erlaubt Stich Stiche mit Punkte der die
    das und nicht Spiel Partner Gegner Figurenpunkte Farbe Blatt Bietleitfaden wir erwarten bieten passen""".strip()))


def words(sentence: str) -> set[str]:
    return set(re.findall(r"[A-Za-zÄÖÜäöüß'-]+", sentence))


def english_left(sentence: str) -> set[str]:
    """The English words in a German sentence (case counts: German's "Hand" and "Partner" are German too)."""
    return words(sentence) & ENGLISH


def german_left(sentence: str) -> set[str]:
    return words(sentence) & GERMAN


def to_the_lead(controller: Controller) -> None:
    """The auction played (the learner's calls the first legal ones), up to the learner's turn in the play."""
    s = controller.session
    controller.advance()
    while s.deal.phase is not Phase.PLAY or not s.human_to_act():
        if s.human_to_act():
            controller.act(s.view.legal[0])
        else:
            controller.advance()


def test_the_transcript_speaks_one_language_after_the_switch() -> None:
    table = Controller.one_deal(seed=7)
    to_the_lead(table)
    assert not table.claim().accepted
    english = table.status()
    assert english.startswith("claim refused") and not german_left(english), english
    table.configure(lang="de")
    german = table.status()
    assert german.startswith("Anspruch abgelehnt"), german
    assert not english_left(german), (english_left(german), german)
    table.configure(lang="en")
    assert table.status() == english  # and back: the same sentences as before


def test_a_note_and_a_hint_are_said_again_in_the_new_language() -> None:
    table = Controller.one_deal(seed=7)
    table.advance()
    table.hint()
    assert table.note is not None
    hint_en = table.status()
    assert "Hint" in hint_en or "hint" in hint_en.lower(), hint_en
    table.configure(lang="de")
    hint_de = table.status()
    assert hint_de != hint_en and not english_left(hint_de), (english_left(hint_de), hint_de)
    refused = table.act(table.session.deal.hands[Seat.SOUTH].cards[0])  # a card during the auction
    assert not refused.accepted and table.note is not None
    refusal_de = table.status()
    assert not english_left(refusal_de), refusal_de
    table.configure(lang="en")
    assert not german_left(table.status()), table.status()
    assert table.note.text("en") in table.status()


def test_the_reasons_of_a_finished_deal_follow_the_language(tmp_path: Path) -> None:
    table = Controller.one_deal(seed=7)
    to_the_lead(table)
    while not table.session.deal.is_finished:
        if table.session.human_to_act():
            table.act(table.session.view.legal[0])
        else:
            table.advance()
    english = [r for _, group in table._reason_groups() for r in group]
    table.configure(lang="de")
    german = [r for _, group in table._reason_groups() for r in group]
    assert len(english) == len(german) > 20
    leftover = {w for line in german for w in english_left(line)}
    assert not leftover, leftover
    assert not [line for line in english if german_left(line)]


def test_a_saved_game_reloaded_in_the_other_language_speaks_only_that_one(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    s = TableSession(seed=7, save_path=path, lang="en")
    s.run_bots()
    while s.deal.phase is not Phase.PLAY or len(s.deal.tricks) < 2:
        if s.human_to_act():
            s.act(s.view.legal[0])
        s.run_bots()
    assert not s.claim()
    s.save()
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert all(isinstance(why, dict) and "said" not in why for _, _, why in kept["moves"])  # message ids, not text
    assert "refused" not in path.read_text(encoding="utf-8")
    reloaded = Controller(TableSession.open(path, autosave=False))
    reloaded.configure(lang="de")
    status = reloaded.status()
    assert status.startswith("willkommen zurück") or "zurück" in status, status
    assert not english_left(status), status
    reasons = [m.explanation.text("de") for m in reloaded.session.moves]
    assert reasons == [m.explanation.text("de") for m in s.moves]
    assert not {w for r in reasons for w in english_left(r)}


def test_an_old_save_with_english_reasons_still_opens_and_speaks_german(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    shutil.copy(OLD_SAVE, path)
    old = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert all(isinstance(why, str) for _, _, why in old["moves"])  # the fixture is of the old format
    session = TableSession.open(path, autosave=False)
    assert len(session.moves) == len(old["moves"]) == 21
    # the rule-based player gives the same reason for the same position: asked again, it is kept as a phrase
    assert [m.explanation.text("en") for m in session.moves] == [why for _, _, why in old["moves"]]
    assert not any(isinstance(m.explanation, Rendered) for m in session.moves)
    table = Controller(session)
    table.configure(lang="de")
    german = [m.explanation.text("de") for m in session.moves]
    assert not {w for r in german for w in english_left(r)}, german
    assert not english_left(table.status()), table.status()
    # written again, it is in the new form, and reads back the same
    session.save()
    again = TableSession.open(path, autosave=False)
    assert [m.explanation.text("de") for m in again.moves] == german


def test_an_old_reason_the_player_no_longer_gives_is_kept_as_it_was_saved(tmp_path: Path) -> None:
    old = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    old["moves"][0][2] = "a reason an older player gave"
    session = TableSession.from_json(old)
    first = session.moves[0].explanation
    assert isinstance(first, Rendered) and first.text("de") == "a reason an older player gave"
    assert session.moves[1].explanation.text("de") != old["moves"][1][2]  # the others are said again


@pytest.mark.parametrize("why", [{"why": "no_such_reason", "action": {"call": "Pass"}, "params": []},
                                 {"phrase": "no_such_key", "params": {}}, {"said": {}}, {"card": "K♠"}, 17])
def test_a_reason_that_cannot_be_said_is_a_damaged_save(why: object) -> None:
    from vint_core.errors import ParseError

    old = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    old["moves"][0][2] = why
    with pytest.raises(ParseError) as caught:
        TableSession.from_json(old)
    assert "cannot be read" in caught.value.message("en")
