"""The served pages' settings are one frozen PageSettings, read one way: the table's page, the quiz page and
the command's options take the same values, and a value none of them can use is one error naming its
variable (before: the table took ``VINT_LANG=fr`` and ``VINT_RULES=nonsense`` the quiz page dropped, and the
quiz page read ``VINT_LANG=DE`` as German while the table kept ``DE``)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from vint_core import SHORT, Seat
from vint_core.app.settings import PageSettings, SettingsError
from vint_core.cli import build_parser

ROOT = Path(__file__).resolve().parents[1]


def test_the_settings_are_frozen_and_typed() -> None:
    settings = PageSettings.from_env({"VINT_RULES": "short", "VINT_LANG": "de", "VINT_BOTS": "random",
                                      "VINT_SEED": "42", "VINT_PACE": "confirm", "VINT_SEAT": "North"})
    assert settings == PageSettings(rules=SHORT, lang="de", bots=("random",) * 3, seed=42, pace="confirm",
                                    seat=Seat.NORTH)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.lang = "en"  # type: ignore[misc]
    assert PageSettings.from_env({"VINT_PACE": "0.5", "VINT_BOTS": "rule, random,rule"}) == PageSettings(
        pace=0.5, bots=("rule", "random", "rule"))
    assert PageSettings.from_env({}) == PageSettings()


@pytest.mark.parametrize(("env", "table", "quiz"), [
    ({"VINT_LANG": "DE"}, {"lang": "de"}, {"lang": "de"}),
    ({"VINT_RULES": " Short"}, {"rules": "short"}, {"rules": "short"}),
    ({"VINT_SEAT": "w", "VINT_SEED": "5"}, {"human": Seat.WEST, "seed": 5}, {}),
    ({"VINT_QUIZ_TOPIC": "honours,trick_winner"}, {}, {"topics": ["honours", "play"]}),
])
def test_both_pages_read_a_variable_the_same_way(env: dict[str, str], table: dict[str, Any],
                                                 quiz: dict[str, Any]) -> None:
    settings = PageSettings.from_env(env)
    assert settings.table_options() == table and settings.quiz_options() == quiz


@pytest.mark.parametrize(("env", "says"), [
    ({"VINT_LANG": "fr"}, "VINT_LANG: 'fr' is not a language: en, de or ru"),
    ({"VINT_RULES": "nonsense"}, "VINT_RULES: 'nonsense' is not a rule set"),
    ({"VINT_SEED": "x"}, "VINT_SEED: 'x' is not a seed"),
    ({"VINT_SEED": "-1"}, "VINT_SEED: '-1' is not a seed"),
    ({"VINT_PACE": "-3"}, "VINT_PACE: '-3' is not a pace"),
    ({"VINT_BOTS": "nobody"}, "VINT_BOTS: 'nobody' is not one computer player"),
    ({"VINT_BOTS": "rule,rule"}, "VINT_BOTS: 'rule,rule' is not one computer player"),
    ({"VINT_SEAT": "Q"}, "VINT_SEAT: 'Q' is not a seat"),
    ({"VINT_QUIZ_TOPIC": "honours,cooking"}, "VINT_QUIZ_TOPIC: 'cooking' is not a quiz topic"),
])
def test_a_value_no_page_can_use_is_one_error_naming_the_variable(env: dict[str, str], says: str) -> None:
    with pytest.raises(SettingsError) as err:
        PageSettings.from_env(env)
    assert str(err.value).startswith(says) and err.value.name == next(iter(env))
    assert err.value.message("de").startswith(next(iter(env)) + ": „")  # and in German


def test_a_table_name_keeps_its_game_apart_and_a_forbidden_one_is_left_out() -> None:
    assert PageSettings.from_env({"QUERY_STRING": "table=Anna", "VINT_DATA_DIR": "/data"}).table_options() == {
        "save_path": Path("/data/table-anna.json")}
    assert PageSettings.from_env({"QUERY_STRING": "table=../etc"}).table_options() == {}


@pytest.mark.parametrize(("argv", "env"), [
    (["table", "--rules", "Short", "--seed", "5", "--seat", "e", "--lang", "DE"],
     {"VINT_RULES": "short", "VINT_SEED": "5", "VINT_SEAT": "E", "VINT_LANG": "de"}),
    (["table", "--bots", "Rule, sim-fast ,rule", "--pace", "0.5"], {"VINT_BOTS": "rule,sim-fast,rule",
                                                                    "VINT_PACE": "0.5"}),
    (["table"], {}),
])
def test_the_commands_options_are_the_same_fields(argv: list[str], env: dict[str, str]) -> None:
    """``vint table``'s options are read by the readers the page uses: what the command hands over comes back."""
    args = build_parser().parse_args(argv)
    settings = PageSettings(rules=args.rules, lang=args.lang, bots=args.bots, seed=args.seed, pace=args.pace,
                            seat=args.seat)
    assert settings.to_env({}) == env
    assert PageSettings.from_env(settings.to_env({})) == settings


def test_a_page_whose_settings_cannot_be_read_says_which_variable_and_shows_no_traceback(tmp_path: Path) -> None:
    """The table's notebook, run as Voilà runs it, with ``VINT_LANG=fr``: its output is the sentence."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(ROOT / "vint_core/app/table.ipynb", as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell("print(table.value)"))  # what the page's widget shows
    env = {**os.environ, "VINT_LANG": "fr", "VINT_DATA_DIR": str(tmp_path), "PYTHONPATH": str(ROOT)}
    env.pop("VOILA_PREHEAT", None)
    code = ("import json, nbformat, sys\nfrom nbclient import NotebookClient\n"
            "nb = nbformat.reads(sys.stdin.read(), as_version=4)\n"
            "NotebookClient(nb, timeout=120, kernel_name='python3').execute()\n"
            "print(json.dumps([nb.cells[0].outputs, nb.cells[1].outputs]))\n")
    done = subprocess.run([sys.executable, "-c", code], input=nbformat.writes(notebook), capture_output=True,
                          text=True, env=env, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    page, shown = json.loads(done.stdout)
    assert shown[0]["text"].strip() == ("<p class='vint-settings-refused' role='alert'>VINT_LANG: &#x27;fr&#x27; is "
                                        "not a language: en, de or ru</p>"), shown
    assert "Traceback" not in json.dumps(page) and [o["output_type"] for o in page] == ["execute_result"]
    assert NotebookClient  # the notebook's tools are installed (the notebooks extra)


@pytest.mark.parametrize(("lang", "page_says", "log_says"), [
    ("ru", "VINT_SEAT: «Q» — не место", "vint: настройки страницы: VINT_SEAT: «Q»"),
    ("de", "VINT_SEAT: „Q“ ist kein Platz", "vint: die Einstellungen der Seite: VINT_SEAT: „Q“"),
    ("fr", "VINT_SEAT: 'Q' is not a seat", "vint: the page's settings: VINT_SEAT: 'Q'"),
])
def test_the_refusal_is_said_in_the_pages_language(lang: str, page_says: str, log_says: str,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``VINT_LANG=ru`` beside a seat that is not one: the page and the server's log say it in Russian (before:
    in English whatever the language); a language that is not there (fr) gives English."""
    from vint_core.app.settings import refused

    monkeypatch.setenv("VINT_LANG", lang)
    with pytest.raises(SettingsError) as err:
        PageSettings.from_env({"VINT_SEAT": "Q"})
    shown = refused(err.value)
    import html
    assert page_says in html.unescape(shown.value), shown.value
    assert log_says in capsys.readouterr().err
