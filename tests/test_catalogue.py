"""The gettext catalogues against the code: an extractor over the code (pybabel extract's keywords) finds
every message id the code names, and a
test fails when one is missing from a catalogue, when a catalogue keeps a message the code no longer uses,
when a placeholder differs between languages, or when an entry is fuzzy or empty. Each check is also run on
a broken example, to show that it can fail."""

from __future__ import annotations

import ast
import io
import json
import re
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path

import polib
import pytest

from vint_core.i18n import LANGUAGES, LOCALE, placeholders

ROOT = Path(__file__).resolve().parent.parent
#: the code that names messages: the package, the lessons (they import text and error_message) and the exercises
CODE = sorted([*(ROOT / "vint_core").rglob("*.py"), *(ROOT / "notebooks").rglob("*.ipynb"),
               *(ROOT / "exercises").rglob("*.py"), *(ROOT / "exercises").rglob("*.ipynb")])
#: what a message id looks like: a key, namespaced with dots
ID = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)*")

#: the functions that take a message id, the argument it is (Babel's keyword spec) and the namespace they add
KEYWORDS: dict[str, tuple[tuple[int, ...] | None, str]] = {
    "text": (None, ""), "Phrase": (None, ""), "tr": (None, ""), "_t": (None, "quiz."), "quiz_phrase": (None, "quiz."),
    "say_key": (None, "quiz."), "bot_text": (None, "bot."), "BotPhrase": (None, "bot."), "Why": ((2,), "bot."),
    "score_text": (None, "score."), "error_message": (None, "error."), "say": (None, "cli_"), "_said": (None, "bot."),
    "helps": (None, "cli_help_"),
}
#: a string of the code that names a message without a call: a Reason's value (error.), a bot's key kept in a
#: variable (bot.), a quiz key (quiz.), a seat's or side's name (seat., side.)
NAMESPACES = ("", "bot.", "quiz.", "score.", "error.", "seat.", "side.", "cli_")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "vint_core.po"


def catalogue(lang: str) -> polib.POFile:
    return polib.pofile(str(po_path(lang)), wrapwidth=0)


def sources(files: Iterable[Path]) -> Iterator[tuple[str, ast.AST]]:
    """Each file's syntax tree: a module, or each code cell of a lesson (``.ipynb``) that is Python."""
    for path in files:
        if path.suffix == ".ipynb":
            for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
                if cell["cell_type"] == "code":
                    try:
                        yield f"{path.name}[{i}]", ast.parse("".join(cell["source"]))
                    except SyntaxError:  # a cell of shell or magic commands
                        continue
        else:
            yield path.name, ast.parse(path.read_text(encoding="utf-8"))


def _literals(node: ast.AST) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):  # "rule_ahead" if v > 0 else "rule_behind"
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def extracted(files: Iterable[Path]) -> Iterator[tuple[str, int, str]]:
    """(file, line, message id) of every call of a :data:`KEYWORDS` function with a literal id, the namespace
    added: ``pybabel extract``'s keywords, read from the syntax tree (Babel's own Python extractor joins the two
    branches of ``"a" if x else "b"`` into one string)."""
    for name, tree in sources(files):
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func.id if isinstance(node.func, ast.Name) else \
                node.func.attr if isinstance(node.func, ast.Attribute) else ""
            if func not in KEYWORDS or (func == "text" and isinstance(node.func, ast.Attribute)):
                continue  # x.text(lang) is a phrase, a seat, a score line put into a language
            spec, namespace = KEYWORDS[func]
            index = spec[0] - 1 if spec else 0
            if index < len(node.args):
                for found in _literals(node.args[index]):
                    if ID.fullmatch(found):
                        yield name, node.lineno, namespace + found


def named(files: Iterable[Path], ids: set[str]) -> set[str]:
    """The message ids the code names anywhere: as a literal in a namespace, or as a family (``f"topic_{t}"``
    names every ``topic_…``, so does ``"topic_" + t``)."""
    used: set[str] = set()
    families: set[str] = set()
    for _, tree in sources(files):
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                used |= {namespace + node.value for namespace in NAMESPACES} & ids
            head = None
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = str(node.values[0].value)  # f"topic_{topic}"
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant):
                head = str(node.left.value)  # "ui_kind_" + line.kind
            if head and len(head) >= 3:
                families |= {namespace + head for namespace in NAMESPACES}
    return used | {i for i in ids if any(i.startswith(f) for f in families)}


def problems(po: polib.POFile, english: polib.POFile) -> list[str]:
    """What is wrong with one language's catalogue, against the English: fuzzy or empty entries, entries the
    English lacks or has more, placeholders that differ."""
    out = []
    theirs = {e.msgid: e for e in po if not e.obsolete}
    ours = {e.msgid: e for e in english if not e.obsolete}
    out += [f"{msgid}: not in English" for msgid in sorted(theirs.keys() - ours.keys())]
    out += [f"{msgid}: missing" for msgid in sorted(ours.keys() - theirs.keys())]
    for msgid, entry in theirs.items():
        if "fuzzy" in entry.flags:
            out.append(f"{msgid}: fuzzy")
        forms = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        if not forms or not all(f.strip() for f in forms):
            out.append(f"{msgid}: empty")
            continue
        if msgid not in ours:
            continue
        mine = ours[msgid]
        want = set().union(*map(placeholders, mine.msgstr_plural.values())) if mine.msgid_plural \
            else placeholders(mine.msgstr)
        for form in forms:
            # a plural form may leave out {n} ("1 trick"): the number chose it
            if placeholders(form) - want or want - placeholders(form) - ({"n"} if entry.msgid_plural else set()):
                out.append(f"{msgid}: placeholders {sorted(placeholders(form))}, English {sorted(want)}")
    return out


IDS = {e.msgid for e in catalogue("en")}


def test_the_languages_are_the_catalogues_present() -> None:
    assert LANGUAGES[0] == "en" and set(LANGUAGES) == {p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/*.po")}
    assert {"en", "de"} <= set(LANGUAGES)


def test_babel_finds_the_message_ids_and_each_is_in_the_catalogue() -> None:
    found = list(extracted(CODE))
    assert len({msgid for _, _, msgid in found}) > 500  # the extractor sees the code's calls
    missing = [f"{file}:{line}: {msgid}" for file, line, msgid in found if msgid not in IDS]
    assert not missing, "message ids the code uses that no catalogue has:\n" + "\n".join(missing)


def test_every_message_of_the_catalogue_is_used_by_the_code() -> None:
    unused = sorted(IDS - named(CODE, IDS))
    assert not unused, "messages the code no longer uses (remove them from every .po and the .pot):\n" + \
        "\n".join(unused)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_language_has_every_message_with_the_same_placeholders_and_nothing_fuzzy_or_empty(lang: str) -> None:
    assert problems(catalogue(lang), catalogue("en")) == []


def test_the_english_is_complete_and_the_template_has_its_ids() -> None:
    english = catalogue("en")
    assert [p for p in problems(english, english)] == []
    template = polib.pofile(str(LOCALE / "vint_core.pot"))
    assert {e.msgid for e in template} == IDS and all(not e.msgstr and not any(e.msgstr_plural.values())
                                                      for e in template)
    # the English a translator reads beside each id is the English catalogue's, plural forms joined by " | "
    ours = {e.msgid: e for e in english}

    def said(entry: polib.POEntry) -> str:
        forms = entry.msgstr_plural
        return (" | ".join(forms[i] for i in sorted(forms)) if entry.msgid_plural else entry.msgstr).rstrip()

    stale = [e.msgid for e in template if e.comment.rstrip() != said(ours[e.msgid])]
    assert not stale, f"the template's English is not en.po's for {stale}"


def test_each_language_states_its_plural_forms() -> None:
    for lang in LANGUAGES:
        assert "nplurals=" in catalogue(lang).metadata.get("Plural-Forms", ""), lang


# -- the checks fail on a broken example ----------------------------------------------------------------------


def test_the_checks_find_a_missing_an_unused_a_fuzzy_an_empty_and_a_wrong_placeholder(tmp_path: Path) -> None:
    code = tmp_path / "x.py"
    code.write_text('text("your_turn", lang)\nPhrase("no_such_message")\nbot_text("rule_card", lang)\n')
    assert [m for _, _, m in extracted([code])] == ["your_turn", "no_such_message", "bot.rule_card"]
    assert named([code], {"your_turn", "bot.rule_card", "deal_hand_size"}) == {"your_turn", "bot.rule_card"}
    english, broken = polib.POFile(), polib.POFile()
    english.append(polib.POEntry(msgid="a", msgstr="{seat} to act"))
    english.append(polib.POEntry(msgid="b", msgstr="b"))
    english.append(polib.POEntry(msgid="c", msgstr="c"))
    broken.append(polib.POEntry(msgid="a", msgstr="{side} ist am Zug"))
    broken.append(polib.POEntry(msgid="b", msgstr="", flags=["fuzzy"]))
    broken.append(polib.POEntry(msgid="d", msgstr="d"))
    assert problems(broken, english) == ["d: not in English", "c: missing",
                                         "a: placeholders ['side'], English ['seat']", "b: fuzzy", "b: empty"]


def test_a_missing_mo_is_compiled_on_first_use(tmp_path: Path) -> None:
    """A checkout without the build's .mo files (or with a .po edited since) still reads its catalogues: the .po is
    compiled by pybabel in a process of its own, kept beside it, and reads as the build's would."""
    import gettext

    from vint_core import i18n

    po = tmp_path / "LL" / "LC_MESSAGES" / "vint_core.po"
    po.parent.mkdir(parents=True)
    po.write_bytes(po_path("de").read_bytes())
    mo = po.with_suffix(".mo")
    data = i18n._compile(po, mo)
    assert mo.read_bytes() == data and list(tmp_path.rglob("*.mo")) == [mo]  # no half-written file left beside it
    assert mo.stat().st_mode & 0o777 == 0o644  # every user of a shared checkout reads it
    compiled = gettext.GNUTranslations(io.BytesIO(data))
    assert compiled.gettext("your_turn") == i18n._catalogue("de").gettext("your_turn") == "{seat} ist am Zug"
    assert compiled.ngettext("score.tricks", "score.tricks.plural", 3) == "{side}: {n} Stiche × {tv} = {points}"
    po.write_text('msgid "x"\nmsgstr "unclosed\n', encoding="utf-8")
    with pytest.raises(i18n.CatalogueError, match="Babel could not compile it"):
        i18n._compile(po, mo)


def test_a_mo_older_than_its_po_is_read_where_nothing_can_compile(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Pyodide runs no process, so a catalogue whose installed .mo an installer dated before its .po (JupyterLite
    failed at lesson 00's first widget: "emscripten does not support processes") is read from that .mo."""
    import os

    from vint_core import i18n

    for lang in ("en", "de"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copy(po_path(lang), folder / "vint_core.po")
        (folder / "vint_core.mo").write_bytes(i18n._compile(po_path(lang), tmp_path / "first.mo"))
    os.utime(folder / "vint_core.mo", (1, 1))  # German's is older than its .po

    def no_processes(*args: object, **kwargs: object) -> None:
        raise OSError(138, "emscripten does not support processes.")

    monkeypatch.setattr("subprocess.run", no_processes)
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n._catalogue.cache_clear()
    try:
        assert i18n._catalogue("de").gettext("your_turn") == "{seat} ist am Zug"
        (folder / "vint_core.mo").unlink()  # and with no .mo at all, the error says why
        i18n._catalogue.cache_clear()
        with pytest.raises(OSError, match="does not support processes"):
            i18n._catalogue("de")
    finally:
        i18n._catalogue.cache_clear()


def test_a_sentence_kept_from_one_click_to_the_next_is_its_languages_and_its_catalogues_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sentences without parameters are kept once looked up (a table's frame asks for the same few hundred at
    every click): each language keeps its own, and a catalogue read again is not answered from the one before."""
    from vint_core import i18n

    assert [i18n.text("ui_pass", lang) for lang in ("en", "de", "en", "de-AT", "ru")] == [
        "Pass", "Passe", "Pass", "Passe", "Пас"]
    with pytest.raises(i18n.CatalogueError, match="needs the parameter"):
        i18n.text("your_turn", "en")  # a sentence with a placeholder still needs its parameter
    for lang in ("en", "de"):
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        changed = po_path(lang).read_text(encoding="utf-8").replace('msgstr "Passe"', 'msgstr "Ich passe"')
        (folder / "vint_core.po").write_text(changed, encoding="utf-8")
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n._catalogue.cache_clear()
    try:
        assert i18n.text("ui_pass", "de") == "Ich passe" and i18n.text("ui_pass", "en") == "Pass"
    finally:
        monkeypatch.undo()
        i18n._catalogue.cache_clear()
    assert i18n.text("ui_pass", "de") == "Passe"
