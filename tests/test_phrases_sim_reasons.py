"""The thinking player's reasons are phrases like the rule-based player's: a saved game keeps their message ids
and parameters (``bot.sim_…``), not the sentence rendered in every language, and says them in the language of
the moment; a game saved before (tests/golden/save_v1_sim_reasons_rendered.json, written by the code that
rendered them) still opens with its reasons as they were saved. A weighed call keeps the computer player's
reason as a phrase too, said when the weighing is shown."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from test_russian import latin_words

from vint_core.bots.rule_bot import BotPhrase
from vint_core.bots.sim_bot import SimBot
from vint_core.cards import Card
from vint_core.deal import Deal
from vint_core.i18n import LANGUAGES, Phrase
from vint_core.seats import Seat
from vint_core.table.said import Rendered, said_from_json, said_to_json
from vint_core.table.session import TableSession

OLD_SAVE = Path(__file__).parent / "golden" / "save_v1_sim_reasons_rendered.json"


def rendered_anywhere(obj: Any) -> bool:
    """Whether a saved reason holds a sentence already put into languages (``{"said": {…}}``) anywhere inside."""
    if isinstance(obj, dict):
        return "said" in obj or any(rendered_anywhere(v) for v in obj.values())
    if isinstance(obj, list):
        return any(rendered_anywhere(v) for v in obj)
    return False


@pytest.fixture(scope="module")
def game() -> TableSession:
    """Three thinking players (sim-fast), the learner's calls the first legal ones, to the fourth card."""
    session = TableSession(human=Seat.SOUTH, bots={"N": "sim-fast", "E": "sim-fast", "W": "sim-fast"}, seed=7,
                           autosave=False, lang="ru")
    while sum(isinstance(a, Card) for a in session.deal.actions) < 4:
        if session.human_to_act():
            session.act(session.legal_actions()[0])
        else:
            session.bot_step()
    return session


def test_a_thinking_players_reason_is_saved_as_its_message_id_and_parameters(game: TableSession) -> None:
    moves = game.to_json()["moves"]
    assert len(moves) >= 8
    for _, _, why in moves:
        assert why["phrase"].startswith("bot.sim_") and not rendered_anywhere(why), why
    # read back, each reason says the same in every language as the one the player gave
    again = TableSession.from_json(json.loads(json.dumps(game.to_json())))
    assert len(again.moves) == len(game.moves)
    for before, after in zip(game.moves, again.moves, strict=True):
        assert isinstance(after.explanation, BotPhrase) and after.explanation == before.explanation
        for lang in LANGUAGES:
            assert after.explanation.text(lang) == before.explanation.text(lang)


def test_the_reasons_are_said_in_the_language_of_the_moment(game: TableSession) -> None:
    for move in game.moves:
        russian, german = move.explanation.text("ru"), move.explanation.text("de")
        assert not latin_words(russian), russian  # the thinking player's Pass is "Пас" too, not "Pass"
        assert "Pass " not in german and not german.endswith("Pass"), german
    said = [m.explanation.text("en") for m in game.moves]
    assert any("guesses at the hidden hands" in s for s in said), said


def test_a_simbots_reason_is_a_phrase_with_its_figures() -> None:
    deal = Deal.new(seed=7)
    view = deal.view(deal.dealer)
    bot = SimBot("fast")
    action = bot.choose(view, random.Random(1))
    why = bot.explanation(view, action)
    assert isinstance(why, Phrase) and why.key.startswith("bot.sim_")
    kept = said_to_json(why)
    assert not rendered_anywhere(kept) and said_from_json(kept) == why
    assert bot.explain(view, action, "de") == why.text("de") != why.text("ru")


def test_a_game_saved_with_rendered_reasons_still_opens(tmp_path: Path) -> None:
    old = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert old["bots"]["N"] == "sim-fast" and all(set(why) == {"said"} for _, _, why in old["moves"])
    path = tmp_path / "table.json"
    session = TableSession.from_json(old, save_path=path)
    assert len(session.moves) == len(old["moves"]) == 18
    for move, (_, _, why) in zip(session.moves, old["moves"], strict=True):
        assert isinstance(move.explanation, Rendered)
        for lang in LANGUAGES:
            assert move.explanation.text(lang) == why["said"][lang]
    # written again, the reasons are kept as they were saved
    assert session.save()
    again = TableSession.open(path, autosave=False)
    assert [m.explanation.text("de") for m in again.moves] == [why["said"]["de"] for _, _, why in old["moves"]]


def test_a_weighed_call_keeps_the_computer_players_reason_as_a_phrase() -> None:
    from vint_core.calls import Call
    from vint_core.table.weighing import _weigh_call

    deal = Deal.new(seed=7)
    weight = _weigh_call(0, deal, deal.dealer, Call.parse("1S"))
    assert isinstance(weight.why, Phrase) and weight.why.key.startswith("bot.")
    assert not hasattr(weight, "explanations")  # no sentences put into every language at once
    for lang in LANGUAGES:
        assert weight.why.text(lang) in weight.text(lang)
    assert weight.phrase.text("ru") == weight.text("ru") and not latin_words(weight.text("ru"))
