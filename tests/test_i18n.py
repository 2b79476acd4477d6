"""The message catalogue: every entry in both languages, with the same placeholders, and German
without English; a missing placeholder is a programming error, never a half-filled sentence."""

from __future__ import annotations

import re

import pytest

from vint_core import Card, Seat, Side, VintError
from vint_core.calls import Call
from vint_core.errors import ParseError, Reason
from vint_core.i18n import (
    LANGUAGES,
    CatalogueError,
    Phrase,
    bot_text,
    entries,
    error_message,
    placeholders,
    score_text,
    text,
)
from vint_core.quiz.texts import quiz_phrase

#: English words that have no place in a German sentence (German shares "in", "an", "was", "so", "Hand"…)
ENGLISH = frozenset(re.split(r"\s+", """
    the is are were be been must not and or of to by has have had this that these those it its
    for your you with from after before which there when than will would should no yet only cannot can
    hands hand's needed deal deals card cards trick tricks bid bids seat seats side sides points score
    rules rule set player players wins won at on as but if all every one two three four start next over
    turn play played while still again nothing something does do""".strip()))

#: words both languages use as they are: tag names of the PBN format, a rubber, …
SHARED = frozenset({"Deal", "Start"})

#: entries whose German is rightly the same as the English
SAME = frozenset({"ui_scoresheet_title", "side.ns", "seat.west"})

# a sample value for placeholders of these names; any other placeholder gets 7
SAMPLES: dict[str, object] = {
    "seat": Seat.SOUTH, "to_act": Seat.WEST, "dealer": Seat.EAST, "declarer": Seat.NORTH, "leader": Seat.EAST,
    "side": Side.NS, "winner": Side.EW, "other": Side.EW, "card": Card.parse("10♥"), "call": Call.parse("2NT"),
    "problem": Phrase("deal_card_twice", card=Card.parse("A♠")), "what": Phrase("finished_scored"),
    "allowed": Phrase("rules_allowed_bool"), "error": ParseError(Reason.BAD_SEAT, text="X"),
}

ALL = list(entries())


def words(message: str) -> list[str]:
    """The words of a message or template: not its placeholders, the names it quotes („rules“) or the
    identifiers it shows (min_level, vint_core.deal)."""
    body = re.sub(r"\{[^{}]*\}|„[^“]*“", " ", message)
    tokens = re.findall(r"[A-Za-zÄÖÜäöüß]+(?:[_.][A-Za-z0-9]+)*(?:'[a-z]+)?", body)
    return [t for t in tokens if "_" not in t and "." not in t]


def sample(template: str) -> dict[str, object]:
    return {name: SAMPLES.get(name, 7) for name in placeholders(template)}


def fill(name: str, lang: str, params: dict[str, object]) -> str:
    """The message ``name`` (as :func:`entries` names it) filled in ``lang`` through the public functions."""
    table, _, key = name.partition(".") if "." in name else ("", "", name)
    if table == "error":
        return error_message(key, lang, params)
    if table == "score" and "/" not in key:
        return score_text(key, lang, params)
    if table == "score":
        key, form = key.split("/")
        n = 1 if form == "0" and "n" not in params else params.get("n", 1 if form == "0" else 2)
        return score_text(key, lang, {k: v for k, v in params.items() if k != "n"}, n=n)
    if table == "bot":
        return bot_text(key, lang, **params)
    if table == "quiz":
        return quiz_phrase(key, **params).text(lang)
    if table in ("seat", "side", "language"):
        return text(name, lang)
    if "/" in key:  # a plural form
        key, form = key.split("/")
        return text(key, lang, **{**params, "n": 1 if form == "0" else 2})
    return text(key, lang, **params)


def test_the_catalogue_is_not_empty_and_names_each_entry_once() -> None:
    names = [name for name, _, _ in ALL]
    assert len(names) == len(set(names)) > 200
    assert LANGUAGES[0] == "en" and {"de", "ru"} <= set(LANGUAGES)


@pytest.mark.parametrize(("name", "en", "de"), ALL, ids=[name for name, _, _ in ALL])
def test_every_entry_has_both_languages_with_the_same_placeholders(name: str, en: str, de: str) -> None:
    assert en.strip() and de.strip()
    assert placeholders(en) == placeholders(de), name


@pytest.mark.parametrize(("name", "en", "de"), ALL, ids=[name for name, _, _ in ALL])
def test_every_entry_formats_in_both_languages(name: str, en: str, de: str) -> None:
    params = sample(en)
    if name.startswith("score") and name.endswith("/0"):
        params.pop("n", None)  # the singular form is chosen by n == 1 and need not show it
    english, german = fill(name, "en", dict(params)), fill(name, "de", dict(params))
    for text_ in (english, german):
        assert not any("{" + p + "}" in text_ for p in placeholders(en)), text_
    if "seat" in params:
        assert "South" in english and "Süd" in german
    if "problem" in params:
        assert "A♠ is in two hands" in english and "A♠ steckt in zwei Blättern" in german
    if "error" in params:
        assert "'X' is not a seat" in english and "„X“ ist kein Platz" in german


@pytest.mark.parametrize(("name", "en", "de"), ALL, ids=[name for name, _, _ in ALL])
def test_german_has_no_english_words(name: str, en: str, de: str) -> None:
    english = [w for w in words(de) if w.lower() in ENGLISH and w not in SHARED]
    assert not english, f"{name}: {de!r} has English words {english}"
    if name not in SAME and words(en):
        assert de != en, name


def test_the_english_stop_list_finds_english() -> None:
    """The German check fails on a German message with an English clause left in it."""
    found = [w for w in words("diese Blätter sind kein Spiel: four hands are needed, one for each seat")
             if w.lower() in ENGLISH]
    assert found == ["four", "hands", "are", "needed", "one", "for", "seat"]


def test_every_reason_has_a_message() -> None:
    names = {name for name, _, _ in ALL}
    assert {f"error.{reason.value}" for reason in Reason} <= names


# -- placeholders and parameters ---------------------------------------------------------------


def test_a_missing_placeholder_is_a_programming_error_in_every_kind_of_entry() -> None:
    with pytest.raises(CatalogueError, match=r"'\{seat\} to act' needs the parameter\(s\) seat"):
        text("your_turn", "en")
    with pytest.raises(CatalogueError, match="needs"):
        text("your_turn", "de")
    with pytest.raises(CatalogueError, match="needs"):
        bot_text("random_choice", "de", action="1♠")
    with pytest.raises(CatalogueError, match="needs"):
        score_text("rubber", "en", {}, side=Side.NS)
    with pytest.raises(CatalogueError, match="needs"):
        error_message(Reason.MUST_FOLLOW, "en", {"card": "7♥", "seat": Seat.WEST})
    with pytest.raises(CatalogueError, match="needs"):
        Phrase("deal_hand_size", seat=Seat.SOUTH).text("de")
    with pytest.raises(CatalogueError, match="needs"):
        VintError(Reason.BAD_DEAL)  # the error is built with its message: a wrong raise fails at once
    assert isinstance(CatalogueError("x"), KeyError) and not isinstance(CatalogueError("x"), ValueError)


def test_an_unused_parameter_of_an_error_or_a_phrase_is_a_programming_error() -> None:
    with pytest.raises(CatalogueError, match="has no place for seat"):
        VintError(Reason.AUCTION_OVER, call=Call.parse("1♠"), seat=Seat.NORTH)
    with pytest.raises(CatalogueError, match="has no place for n"):
        Phrase("deal_four_hands", n=3).text("en")


def test_a_phrase_names_a_catalogue_key() -> None:
    with pytest.raises(CatalogueError, match="not a key"):
        Phrase("deal_four_hand")
    phrase = Phrase("deal_hand_size", seat=Seat.SOUTH, n=12)
    assert str(phrase) == "South has 12 cards, not 13" and phrase.text("de") == "Süd hat 12 Karten, nicht 13"
    assert phrase == Phrase("deal_hand_size", seat=Seat.SOUTH, n=12) != Phrase("deal_hand_size", seat=Seat.SOUTH, n=11)
    assert repr(phrase) == "Phrase('deal_hand_size', seat=<Seat.SOUTH: 2>, n=12)"


def test_words_inside_a_message_follow_its_language() -> None:
    """Seats, sides, phrases and nested errors are put into the message's language."""
    inner = ParseError(Reason.BAD_SEAT, text="X")
    err = VintError(Reason.BAD_DEAL, problem=Phrase("deal_hand_size", seat=Seat.EAST, n=14))
    assert err.message("de") == "das ist kein Spiel: Ost hat 14 Karten, nicht 13"
    assert text("cli_in_file", "de", path="a.pbn", error=inner) == "a.pbn: „X“ ist kein Platz: N, O (E), S oder W"
    assert text("widget_trick_won", "de", n=3, seat=Seat.EAST) == "Stich 3 geht an Ost"
    assert error_message(Reason.RUBBER_OVER, "de", {"winner": Side.EW}).startswith("der Rubber ist vorbei (O–W")


def test_german_says_no_trump_and_the_glossarys_words_one_way() -> None:
    """German text writes no-trump as the glossary does (docs/rules.md §6): `NT` in the notation of calls and strain
    orders, *Kein-Trumpf* in prose; never "KT", "ohne Trumpf" or "Sans-Atout"; and one word for the rubber bonus
    (Rubberprämie) and the defenders (Gegenspieler), in the engine's catalogue and the quizzes' alike; the honours
    are "A K Q J 10", the letters the cards show."""
    german = [(name, de) for name, _, de in entries()]
    assert len(german) > 500
    for name, de in german:
        assert not re.search(r"\bKT\b|[Oo]hne[ -]Trumpf|Sans-Atout|Keintrumpf|Rubberbonus|Verteidiger", de), (name, de)
        assert not re.search(r"\bK D B\b", de), (name, de)  # the cards show Q and J in German too
        for m in re.finditer(r"\bNT\b", de):  # only as notation: 3NT, {bid}NT, "♥ < NT", "H, NT", "♥ und NT"
            assert re.search(r"(\d|\}|< |, |♥ und )$", de[:m.start()]), (name, de)


def test_the_thinking_players_fallback_keeps_the_guides_reasoning_as_a_phrase(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without endplay SimBot falls back on the bidding guide; its explanation is the guide's reasoning kept as a
    phrase and put into the language it is shown in (it was English and German packed into one string with
    "\\x00", so any third language read English)."""
    import random
    import sys

    from vint_core import Deal
    from vint_core.bots.rule_bot import RuleBot
    from vint_core.bots.sim_bot import SimBot

    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    bot, guide = SimBot("fast"), RuleBot()
    deal = Deal.new(seed=3)
    view = deal.view(deal.to_act)  # type: ignore[arg-type]
    with pytest.warns(RuntimeWarning, match="endplay"):
        action = bot.choose(view, random.Random(1))
    decision = next(reversed(bot._decisions.values()))
    assert isinstance(decision.inner, Phrase) and decision.inner.key.startswith("bot.")
    for lang in LANGUAGES:
        said = bot.explain(view, action, lang)
        assert "\x00" not in said and said.endswith(guide.explain(view, action, lang)), (lang, said)
    assert bot.explain(view, action, "en") != bot.explain(view, action, "de")


def test_an_unknown_language_is_an_error_naming_the_languages() -> None:
    from vint_core.i18n import UnknownLanguage, language

    for wrong in ("fr", "", "english", None):
        with pytest.raises(UnknownLanguage, match="is not a language: en, de or ru"):
            text("your_turn", wrong, seat=Seat.SOUTH)  # type: ignore[arg-type]
    assert language("DE-at") == "de" and isinstance(UnknownLanguage("fr"), ValueError)
    assert UnknownLanguage("fr").message("de") == "„fr“ ist keine Sprache: en, de oder ru"
