"""``vint … --help`` speaks the language of ``--lang`` or ``VINT_LANG`` (argparse's own words, ``usage:`` and
``options:``, stay English, as the README says), and ``VINT_LANG`` is the commands' language when ``--lang`` is
not given."""

from __future__ import annotations

import pytest

from vint_core.cli import build_parser, main


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_vint_deal_help_with_vint_lang_de_is_german(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("VINT_LANG", "de")
    out = _help(["deal", "--help"], capsys)
    assert "Vier Blätter geben" in out and "der Geber: N, E, S oder W" in out and "Sprache der Ausgabe" in out
    assert "Deal four hands" not in out and "the dealer" not in out


def test_lang_on_the_command_line_wins_over_vint_lang(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("VINT_LANG", "de")
    out = _help(["--help", "--lang", "ru"], capsys)
    assert "команды:" in out and "сдать четыре руки и показать их" in out
    out = _help(["score", "--help", "--lang=ru"], capsys)
    assert "файл PBN" in out and "напечатать один объект JSON" in out
    out = _help(["random", "--help", "--lang", "en"], capsys)
    assert "Play deals with uniformly random legal calls" in out and "how many deals" in out


def test_help_is_english_without_a_language_and_the_next_parser_too(monkeypatch: pytest.MonkeyPatch,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("VINT_LANG", raising=False)
    assert "deal four hands (reproducibly from a seed)" in _help(["deal", "--help"], capsys).lower()
    build_parser("ru")
    assert "the seed of the shuffle" in build_parser().format_help() + _help(["deal", "--help"], capsys)
    monkeypatch.setenv("VINT_LANG", "xx")   # not a language: English help (the command itself says why)
    assert "Deal four hands" in _help(["deal", "--help"], capsys)


def test_vint_lang_is_the_commands_language(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "1", "--lang", "de"]) == 0
    german = capsys.readouterr().out
    monkeypatch.setenv("VINT_LANG", "de")
    assert main(["deal", "--seed", "1"]) == 0
    assert capsys.readouterr().out == german



def test_vint_class_help_with_vint_lang_de_is_german(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("VINT_LANG", "de")
    out = _help(["class", "--help"], capsys)
    assert "Klassenmodus: die Spiele der Lehrkraft" in out and "Aktionen:" in out and "eine Klasse anlegen" in out
    assert "Class mode" not in out and "make a class" not in out
    out = _help(["class", "tokens", "--help"], capsys)
    assert "die Datenbank der Klasse" in out and "nur diese(n) Lernende(n)" in out and "the class's database" not in out


@pytest.mark.parametrize("command", ["deal", "score", "random", "table", "quiz", "simulate", "exercises",
                                     "exercises release", "exercises grade", "class", "class create",
                                     "class learners add", "class boards add", "class tokens", "class traveller",
                                     "class export"])
def test_a_commands_help_in_russian_has_no_english_words(command: str) -> None:
    import argparse

    from test_russian import latin_words

    from vint_core.bots import BOT_NAMES
    from vint_core.quiz import TOPICS, TYPES
    from vint_core.rules import RULE_SETS

    # the choices: names the command reads
    names = (", ".join(RULE_SETS), ", ".join(["all", *TOPICS, *TYPES]), ", ".join(BOT_NAMES),
             "results, learners, quiz, mastery, mistakes, refusals")

    parser = build_parser("ru")
    for word in command.split():
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[word]
    helps = [parser.description or ""] + [a.help for a in parser._actions if a.help and a.dest != "help"]
    assert len([h for h in helps if h]) >= (1 if command in ("exercises", "class") else 3)
    def bare(h: str) -> str:
        for name in names:
            h = h.replace(name, "")
        return h

    english = {h: words for h in helps if (words := latin_words(bare(h)))}
    assert not english, english
