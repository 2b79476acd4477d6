"""Vint in Russian: every message of the catalogue has its Russian, with Russian's three plural forms, Vint's own
terms (взятка, онёры, шлем, роббер: docs/rules.md's glossary) and no English left in it; a whole deal played at
the table in Russian reads Russian from the first call to the review."""

from __future__ import annotations

import contextlib
import re

import polib
import pytest

from vint_core import PASS, Call, Card, Contract, Seat, Side, i18n, render
from vint_core.calls import Strain
from vint_core.table.controller import Controller

PO = i18n.LOCALE / "ru" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
POT = i18n.LOCALE / f"{i18n.DOMAIN}.pot"

#: the letters of the cards and seats, the strains' letters and the notation of calls: the table shows them in
#: every language (Q J, not Д В; ``NT`` in the calls, as the glossary says)
SYMBOLS = frozenset(re.split(" ", "A K Q J T N E S W C D H NT"))
#: names that stay as they are: programs, packages, formats, language codes, variables of a formula
NAMES = frozenset(re.split(" ", "JSON CSV PBN FIFO URL Dask JupyterHub endplay dds vint vint_core en de ru k n mod p "
                                 "VintDealNumber VintRuleSet VintRules"))
#: the engine's own names a message about code quotes (``PerSide``, ``RuleSet``, ``None`` …)
CODE = frozenset({*__import__("vint_core").__all__, "True", "False", "None", "dict", "Path", "SHORT", "Deal",
                  "Hand", "Contract", "Auction", "TableSession", "RuleSet", "Seat", "Side", "generate",
                  "dd_table", "score_contract"})
_QUOTED = re.compile(r"'[^']*'|«[^»]*»|\"[^\"]*\"|„[^“]*“|`[^`]*`|\[[^\]]*\]|pip install \S+|\w+\([^)]*\)"
                     r"|<code>.*?</code>|<[^>]+>")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def latin_words(message: str) -> list[str]:
    """The words in Latin letters of a Russian message, leaving out placeholders, quoted input, the card and seat
    symbols, code (a token with ``.``, ``(``, ``=``, ``_``, ``:`` or a leading ``--``, or in ``<code>``), HTML tags
    and the names above."""
    rest = _QUOTED.sub(" ", _PLACEHOLDER.sub(" ", message))
    words: list[str] = []
    for token in rest.split():
        if token.startswith("--") or any(c in token for c in ".(=_:"):
            continue
        words += re.findall(r"[A-Za-z]+", token)
    card = re.compile(r"[AKQJT2-9]?[SCDH]|[AKQJT]")  # a card in letters: TH, AS
    return [w for w in words if w not in SYMBOLS | NAMES | CODE and not card.fullmatch(w)]


def _strings(entry: polib.POEntry) -> list[str]:
    return [entry.msgstr] if not entry.msgid_plural else [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]


@pytest.fixture(scope="module")
def russian() -> polib.POFile:
    return polib.pofile(str(PO))


@pytest.fixture(scope="module")
def template() -> polib.POFile:
    return polib.pofile(str(POT))


# -- the catalogue --------------------------------------------------------------------------------------------------


def test_russian_is_a_language_of_the_package() -> None:
    """The catalogue's list of languages has Russian, so every chooser that reads it offers it."""
    assert "ru" in i18n.LANGUAGES
    assert i18n.text("your_turn", "ru", seat=Seat.SOUTH) == "ход: Юг"
    assert [i18n.seat_name(s, "ru") for s in Seat] == ["Север", "Восток", "Юг", "Запад"]
    assert [i18n.side_name(s, "ru") for s in Side] == ["С–Ю", "В–З"]


def test_every_message_has_russian(russian: polib.POFile, template: polib.POFile) -> None:
    """Each message id of the template has a Russian entry, none fuzzy, none empty, none left in English, with the
    same placeholders as the English; and Russian has no message the template has not."""
    ours = {e.msgid: e for e in russian}
    assert set(ours) == {e.msgid for e in template}
    english = {e.msgid: e for e in polib.pofile(str(i18n.LOCALE / "en" / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"))}
    assert russian.metadata["Plural-Forms"].startswith("nplurals=3;")
    problems = []
    for msgid, entry in ours.items():
        if "fuzzy" in entry.flags or not all(_strings(entry)):
            problems.append(f"{msgid}: fuzzy or empty")
            continue
        want = i18n.placeholders(_strings(english[msgid])[-1])
        for s in _strings(entry):
            if i18n.placeholders(s) != want:
                problems.append(f"{msgid}: placeholders {sorted(i18n.placeholders(s))} not {sorted(want)}")
        if _strings(entry) == _strings(english[msgid]) and latin_words(_strings(english[msgid])[-1]):
            problems.append(f"{msgid}: still English: {entry.msgstr!r}")
    assert not problems, "\n".join(problems)


def test_russian_messages_have_no_english_words(russian: polib.POFile) -> None:
    """No word in Latin letters in a Russian message, but card and seat symbols, placeholders, quoted input,
    code and the names of programs and formats."""
    found = {e.msgid: words for e in russian for s in _strings(e) if (words := latin_words(s))}
    assert not found, found


def test_the_latin_check_finds_english() -> None:
    """The check above fails on a Russian message with an English word left in it, and lets symbols pass."""
    assert latin_words("{seat}: 1♠ — нельзя: the auction is over") == ["the", "auction", "is", "over"]
    assert latin_words("«{text}» — не рука: например AKQ.JT9.876.5432 или 'N', {n} карт, NT, K Q J") == []
    assert latin_words("нужен пакет endplay: pip install 'vint_core[dds]'") == []


def test_the_glossary_terms_are_used(russian: polib.POFile) -> None:
    """Vint's Russian words, as docs/rules.md's glossary gives them, are the ones the catalogue uses."""
    every = "\n".join(s for e in russian for s in _strings(e))
    for term in ("взятк", "онёр", "малый шлем", "большой шлем", "роббер", "партия", "сдающий", "играющ",
                 "контрпартнёр", "недобор", "без козыря", "козыр", "торговля", "назначение", "пас", "колод",
                 "масть", "ренонс", "отвечать в масть", "снос", "болван"):
        assert term in every, term
    for wrong in ("контракт", "раздач", "раздающ", "честь", "трюк"):
        assert wrong not in every.lower(), wrong


# -- plural forms through the real catalogue ----------------------------------------------------------------------


@pytest.mark.parametrize(("n", "word"), [(1, "взятка"), (2, "взятки"), (3, "взятки"), (4, "взятки"), (5, "взяток"),
                                         (11, "взяток"), (12, "взяток"), (14, "взяток"), (21, "взятка"),
                                         (22, "взятки"), (25, "взяток"), (0, "взяток"), (101, "взятка"),
                                         (111, "взяток"), (112, "взяток"), (1000, "взяток")])
def test_plural_forms_of_tricks(n: int, word: str) -> None:
    """"1 взятка, 2 взятки, 5 взяток": the score line's forms chosen by Russian's rule, 11–14 and 111 included."""
    line = i18n.score_text("tricks", "ru", {"side": Side.NS, "tv": 40, "points": 40 * n}, n=n)
    assert line == f"С–Ю: {n} {word} × 40 = {40 * n}"


def test_plural_forms_of_undertricks_and_the_header(russian: polib.POFile) -> None:
    """The catalogue's Plural-Forms is Russian's; the undertrick lines follow it (21 like 1, 22 like 2)."""
    assert russian.metadata["Plural-Forms"] == (
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
    lines = {n: i18n.score_text("undertricks", "ru", {"side": Side.EW, "mult": 2, "tv": 20, "points": 40 * n}, n=n)
             for n in (1, 2, 5, 21, 22)}
    assert lines[1] == "В–З: 1 взятка недобора × 2 × 20 = 40"
    assert lines[21].replace("21", "1").replace("840", "40") == lines[1]
    assert "22 взятки" in lines[22] and "5 взяток" in lines[5]


# -- Russian input ------------------------------------------------------------------------------------------------


def test_russian_input_is_read() -> None:
    """What the Russian messages ask a learner to write is read: пас, the suits' names, the seats, a contract."""
    assert Call.parse("пас").is_pass
    assert [Strain.parse(w) for w in ("пики", "трефы", "бубны", "черви", "без козыря")] == list(Strain)
    assert [Seat.parse(w) for w in ("Север", "восток", "Ю", "З")] == list(Seat)
    assert Side.parse("С–Ю") is Side.NS and Side.parse("В–З") is Side.EW
    assert Contract.parse("3NT Юг") == Contract.parse("3NT играет Юг") == Contract.parse("3NT by South")


# -- a whole deal at the table ------------------------------------------------------------------------------------


def _play_deal(lang: str, seed: int) -> tuple[Controller, list[str]]:
    """The learner (South) plays a whole deal, always the first legal call or card; what the table said."""
    ctl = Controller.one_deal(seed=seed, lang=lang, bots="rule")
    said = [ctl.status()]
    ctl.advance()
    for _ in range(200):
        said.append(ctl.status())
        if ctl.session.deal.is_finished:
            break
        controls = ctl.controls()
        legal = [*controls.calls, *controls.cards]
        if controls.confirm:
            ctl.continue_play()
        elif not ctl.session.human_to_act():
            ctl.advance()
        else:
            assert legal, ctl.status()
            ctl.act(legal[-1] if isinstance(legal[-1], Card) else legal[0])
    assert ctl.session.deal.is_finished
    said.append(ctl.status())
    return ctl, said


@pytest.mark.parametrize("seed", [7, 11])
def test_a_whole_deal_in_russian_reads_russian(seed: int) -> None:
    """Every text of a seeded deal played at the table in Russian: the status lines, the calls and their meanings,
    the table's titles and how-to, the review (the score lines, the computer players' reasons), its HTML."""
    ctl, said = _play_deal("ru", seed)
    frame = ctl.frame()
    review = ctl.review()
    assert review is not None
    texts = [*said, frame.title, frame.subtitle, frame.hand_title, *frame.howto,
             *(s.player for s in frame.seats), *(m.meaning for m in frame.meanings),
             review.contract_text, *review.explanations, *review.reasons,
             *(item for _, items in frame.review.reason_groups for item in items)]
    texts += [re.sub(r"<[^>]+>", " ", re.sub(r"<style.*?</style>", " ", html, flags=re.DOTALL)) for html in (
        render.deal_html(ctl.session.deal, lang="ru"),
        render.scoresheet_html(frame.score.rubber, history=frame.score.history, lang="ru"),
        render.auction_html(ctl.session.deal.auction, lang="ru"))]
    english = {t: words for t in texts if (words := latin_words(re.sub(r"&[a-z]+;", " ", t)))}
    assert not english, english
    every = "\n".join(texts)
    assert "сдача окончена" in every and "Пас" in every
    assert re.search(r"\d+ взят(ка|ки|ок) ×", every), every  # the score lines, in the right plural form
    assert any("Север" in t or "Восток" in t or "Запад" in t for t in review.reasons)


def test_the_same_deal_in_english_is_caught_by_the_check() -> None:
    """The check above is not empty: the same deal in English has English words in it."""
    _, said = _play_deal("en", 7)
    assert any(latin_words(s) for s in said)


# -- where a language is chosen -----------------------------------------------------------------------------------


def test_lang_ru_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang ru`` is one of the choices wherever ``--lang`` exists, and the output is Russian."""
    from vint_core.cli import main

    assert main(["deal", "--seed", "3", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Зерно 3 · правила: Стандартный винт (роббер до 1000) · сдающий Север")
    assert not latin_words(out.splitlines()[0])
    for command in (["table", "--help"], ["quiz", "--help"], ["class", "traveller", "--help"]):
        with contextlib.suppress(SystemExit):  # argparse's --help exits, or main returns
            main(command)
        assert "ru" in re.sub(r"\s+", " ", capsys.readouterr().out).split("--lang")[-1][:80], command


def test_vint_lang_ru_for_the_served_pages() -> None:
    """``VINT_LANG=ru`` (in any case) is read like the other languages; an unknown one names the three."""
    from vint_core.app.settings import PageSettings, SettingsError

    assert PageSettings.from_env({"VINT_LANG": " RU"}).lang == "ru"
    with pytest.raises(SettingsError, match="'fr' is not a language: en, de or ru"):
        PageSettings.from_env({"VINT_LANG": "fr"})


def test_the_table_settings_offer_russian_and_switch_to_it() -> None:
    """The table's Settings offer every catalogue by its own name; choosing Русский puts the table into Russian."""
    from dataclasses import replace

    from vint_core.widgets.settings import LANGUAGES
    from vint_core.widgets.table import Table

    assert LANGUAGES == (("English", "en"), ("Deutsch", "de"), ("Русский", "ru"))
    table = Table(Controller.one_deal(seed=7))
    assert ("Русский", "ru") in table.settings_panel.lang.options
    table.settings_panel.lang.value = "ru"
    assert table.lang == "ru"
    assert not latin_words(table.controller.status()) and re.search("[а-я]", table.controller.status())
    assert table.settings_panel.lang.description == "Язык"
    table.apply_settings(replace(table._settings(), lang="en"))
    assert table.lang == "en"


def test_the_weighing_and_the_class_history_speak_russian() -> None:
    """Two texts that were English or German only: a weighed call's reason, a class board's sides."""
    from vint_core.deal import Deal
    from vint_core.table.weighing import _weigh_call

    deal = Deal.new(seed=7)
    weight = _weigh_call(0, deal, deal.dealer, Call.parse("пас"))
    assert isinstance(weight.why, i18n.Phrase)  # said when shown, in the language of the moment
    said = weight.text("ru")
    assert not latin_words(said) and re.search("[а-я]", said), said
    assert i18n.text("words_and", "ru", items="500, 1000", last="5000") == "500, 1000 и 5000"


def test_a_weighed_pass_is_said_in_the_language_it_is_shown_in() -> None:
    """A call handed to a sentence as a parameter is said in the sentence's language: the weighing's line for the
    learner's Pass begins "Passe:" in German and "Пас:" in Russian (it said "Pass:" in both, which the German table
    showed after a language switch)."""
    from vint_core.deal import Deal
    from vint_core.table.weighing import _weigh_call

    deal = Deal.new(seed=7)
    weight = _weigh_call(0, deal, deal.dealer, PASS)
    for lang, word in (("en", "Pass"), ("de", "Passe"), ("ru", "Пас")):
        assert weight.text(lang).startswith(f"{word}: "), weight.text(lang)
        assert PASS.text(lang) == word and Call.parse("2H").text(lang) == "2♥"
    assert "Pass" not in weight.text("de").replace("Passe", "") and "Pass" not in weight.text("ru")


def test_an_answer_that_cannot_be_read_says_why_in_russian() -> None:
    """A quiz answer that is not a number, or not a card, is refused in the learner's language: not Python's
    "invalid literal for int()", not the English of a nested error."""
    from vint_core.quiz import generate
    from vint_core.quiz.items import check

    items = list(generate("all", seed=5, count=60))
    number = next(i for i in items if i.kind == "number")
    cards = next(i for i in items if i.kind == "cards")
    assert check(number, "").feedback.text("ru") == "Этот ответ не прочитать: ответ должен быть целым числом"
    said = check(cards, "Z9").feedback.text("ru")
    assert said.startswith("Этот ответ не прочитать: «Z9» — не карта") and not latin_words(said)


def test_a_class_boards_history_names_the_sides_in_russian() -> None:
    """The learner's class boards list the sides by the catalogue's names (С–Ю, В–З), not N–S and E–W, and the
    tricks as the catalogue counts them ("взятки: 10", not "10 взятки")."""
    from vint_core.widgets.class_boards import history_html

    board = {"board": 1, "contract": "4S", "declarer": "N", "tricks": 10, "points": {"NS": 420, "EW": 0}}
    shown = history_html([board], "ru")
    assert "Сдача 1: 4♠ N, взятки: 10 · С–Ю 420, В–З 0" in shown and "E–W" not in shown and "N–S" not in shown
    assert "N–S 420, E–W 0" in history_html([board], "en") and "O–W 0" in history_html([board], "de")
