"""The lessons in other languages: their text cells through gettext catalogues, their code cells shared.

    notebooks/NN-name.ipynb              the English lesson, the only one an author edits
    notebooks/locale/NN-name.pot         its text, one entry per paragraph, list item, heading or table row
    notebooks/locale/LL/NN-name.po       a translation of that template (Poedit, Weblate, any PO editor)
    notebooks/LL/NN-name.ipynb           written by ``build`` from the two: never edit it by hand

``extract`` reads the English lessons into the templates and merges them into every catalogue as gettext's
``msgmerge`` does: a new paragraph becomes an empty entry, a changed one keeps the translation of the paragraph
it is closest to (difflib, as ``msgmerge`` and Babel's ``Catalog.update``), marked *fuzzy*, with the old English
beside it (``#| msgid``, which Poedit shows as a diff), and a removed one goes; polib reads and writes the files.
``build`` writes a translated lesson for every catalogue that is complete (no entry empty or fuzzy, the same
links, code, formulas and HTML in both languages): the English notebook, cell for cell and id for id, with the
text cells translated, its links rewritten for the folder one level down (``../docs/rules.md`` becomes
``../../docs/rules.md``; a lesson translated too is linked in its language, any other in English), no outputs,
and one cell more before the first code cell, which sets the language the lesson's widgets speak
(:func:`vint_core.widgets.set_lesson_language`; English where the widgets do not speak the language yet).

    python deploy/course/translate.py extract        # the templates from the lessons, merged into the catalogues
    python deploy/course/translate.py build          # the translated lessons from the complete catalogues
    python deploy/course/translate.py build --output /tmp/x   # the same elsewhere (the tests compare)
    make lessons-translations                        # both

An author's tool, not the learners': it needs polib and nbformat (the ``test`` extra), never vint_core itself.
"""

from __future__ import annotations

import argparse
import difflib
import posixpath
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import polib

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = NOTEBOOKS / "locale"
#: the course's languages besides English: folder name, and the language its widgets speak (a language
#: vint_core.i18n's catalogue has; English for one it has not yet)
LANGUAGES = {"de": "de", "ru": "ru"}
LANGUAGE_NAMES = {"de": "German", "ru": "Russian"}
#: the first line of that cell, which the learner sees on its folded bar
LANGUAGE_CELL_TITLE = {"de": "# die Sprache der Widgets dieser Lektion", "ru": "# язык виджетов этого урока"}
#: the width of the catalogues' lines (polib wraps longer ones)
WIDTH = 116
LESSON = re.compile(r"^\d\d-[\w-]+\.ipynb$")
#: the id of the cell the build adds to a translated lesson
LANGUAGE_CELL = "lesson-language"

_ITEM = re.compile(r"^(\s*)([-*+]|\d+\.)\s+")
_HEADING = re.compile(r"^(#{1,6})\s+")
_LINK = re.compile(r"(\]\()([^)\s]+)(\))|(href=\")([^\"]+)(\")")


class TranslationError(Exception):
    """A catalogue that cannot make its lesson: the message says which entries and why."""


# -- the text cells as units ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Unit:
    """One piece of a text cell: ``text`` (joined to one line) to translate after ``prefix`` (a heading's
    ``##``, a list item's ``-``), or, with ``literal``, kept as it is (blank lines, HTML comments, ``</details>``)."""

    prefix: str
    text: str
    literal: bool = False


def _translatable(text: str) -> bool:
    words = re.sub(r"<[^>]*>", "", text)
    return any(ch.isalpha() for ch in words) and not text.lstrip().startswith("<!--")


def units(source: str) -> list[Unit]:
    """A text cell's units, in order: each paragraph, heading, list item and table row is one."""
    out: list[Unit] = []
    current: list[str] = []
    prefix = ""

    def flush() -> None:
        nonlocal current, prefix
        if current:
            joined = " ".join(line.strip() for line in current)
            out.append(Unit(prefix, joined) if _translatable(joined) else Unit("", "\n".join(current), True))
        current, prefix = [], ""

    comment = False
    for line in source.split("\n"):
        if comment or line.lstrip().startswith("<!--"):
            flush()
            out.append(Unit("", line, True))
            comment = "-->" not in line
            continue
        if not line.strip():
            flush()
            out.append(Unit("", "", True))
            continue
        heading, item = _HEADING.match(line), _ITEM.match(line)
        if heading or item or line.startswith("|"):
            flush()
            if heading or item:
                match = heading or item
                assert match is not None
                prefix = match.group(0)
                current = [line[match.end():]]
            else:
                current = [line]
            if heading or line.startswith("|"):
                flush()
            continue
        current.append(line)
    flush()
    return out


def messages(source: str) -> list[str]:
    """The messages (msgids) of a text cell."""
    return [u.text for u in units(source) if not u.literal]


def translate_cell(source: str, catalog: polib.POFile) -> str:
    """A text cell in the catalogue's language (every message must be there: :func:`problems` says)."""
    lines = []
    for unit in units(source):
        if unit.literal:
            lines.append(unit.text)
        else:
            message = catalog.find(unit.text)
            assert message is not None and message.msgstr, unit.text
            lines.append(unit.prefix + message.msgstr)
    return "\n".join(lines)


# -- what must be the same in both languages ---------------------------------------------------------------------

_MARKUP = (("link", re.compile(r"\]\(([^)\s]+)\)")), ("code", re.compile(r"`[^`]+`")),
           ("formula", re.compile(r"\$[^$]+\$")), ("HTML", re.compile(r"<[^>]+>")))


def markup(text: str) -> dict[str, list[str]]:
    """What a translation must keep of ``text``: its links' targets, code spans, formulas and HTML tags (in
    order), and its number of bold marks and table cells."""
    found = {name: pattern.findall(text) for name, pattern in _MARKUP}
    found["bold marks"] = [str(text.count("**"))]
    found["table cells"] = [str(text.count("|"))]
    return found


def problems(catalog: polib.POFile, template: polib.POFile) -> list[str]:
    """Why ``catalog`` cannot make its lesson: entries missing, empty, fuzzy or with other markup than the
    English; an empty list when it is complete."""
    out = []
    for entry in template:
        message = catalog.find(entry.msgid)
        short = entry.msgid[:60]
        if message is None:
            out.append(f"missing: {short!r} (run extract)")
        elif not message.msgstr:
            out.append(f"not translated: {short!r}")
        elif message.fuzzy:
            out.append(f"fuzzy (the English changed; check and untick fuzzy): {short!r}")
        else:
            english, translated = markup(entry.msgid), markup(message.msgstr)
            for kind in english:
                if english[kind] != translated[kind]:
                    out.append(f"{kind} differ in {short!r}: {english[kind]} against {translated[kind]}")
    return out


_HEADER = ("The text cells of one lesson of the vint_core course, one entry per paragraph, list item, heading\n"
           "or table row. Keep links, `code`, $formulas$, HTML tags and **bold** marks as they are.\n"
           "README.md, \"Translating the lessons\"; deploy/course/translate.py builds the lesson.")


# -- the catalogues ----------------------------------------------------------------------------------------------

def lessons() -> list[Path]:
    """The English lessons."""
    return sorted(p for p in NOTEBOOKS.glob("*.ipynb") if LESSON.match(p.name))


#: gettext's plural forms of the languages (a PO editor asks for them; the lessons' text has no plurals)
PLURAL_FORMS = {"de": "nplurals=2; plural=(n != 1);",
                "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                      "(n%100<10 || n%100>=20) ? 1 : 2);"}


def _catalogue(lesson: Path, lang: str | None = None) -> polib.POFile:
    catalog = polib.POFile(wrapwidth=WIDTH, check_for_duplicates=True)
    catalog.header = _HEADER
    catalog.metadata = {"Project-Id-Version": f"vint_core course {lesson.stem}",
                        "PO-Revision-Date": "YEAR-MO-DA HO:MI+ZONE", "Last-Translator": "FULL NAME <EMAIL@ADDRESS>",
                        "Language-Team": "LANGUAGE <LL@li.org>", "Language": lang or "",
                        "MIME-Version": "1.0", "Content-Type": "text/plain; charset=UTF-8",
                        "Content-Transfer-Encoding": "8bit"}
    if lang in PLURAL_FORMS:
        catalog.metadata["Plural-Forms"] = PLURAL_FORMS[lang]
    return catalog


def template_of(lesson: Path) -> polib.POFile:
    """The template of a lesson: every message of its text cells, each with the cells it is in (by number)."""
    catalog = _catalogue(lesson)
    notebook = nbformat.read(lesson, as_version=4)
    for number, cell in enumerate(notebook.cells, 1):
        if cell.cell_type == "markdown":
            for text in messages(cell.source):
                entry = catalog.find(text)
                if entry is None:
                    catalog.append(polib.POEntry(msgid=text, msgstr="", occurrences=[(lesson.name, str(number))]))
                elif (lesson.name, str(number)) not in entry.occurrences:
                    entry.occurrences.append((lesson.name, str(number)))
    return catalog


def _read(path: Path) -> polib.POFile:
    return polib.pofile(str(path), wrapwidth=WIDTH)


def _dump(catalog: polib.POFile) -> bytes:
    return (str(catalog) + "\n").encode("utf-8")


def _write(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def merged(catalog: polib.POFile | None, template: polib.POFile, lesson: Path, lang: str) -> polib.POFile:
    """``template`` in ``lang`` with the translations of ``catalog`` (None: a new one, every entry empty): an
    entry whose English is gone lends its translation to the closest new English, marked fuzzy."""
    out = _catalogue(lesson, lang)
    if catalog is not None:  # its header as the translator (or the PO editor) wrote it, the language filled in
        out.header = catalog.header
        out.metadata = {**out.metadata, **{key: value for key, value in catalog.metadata.items() if value}}
    old = {e.msgid: e for e in catalog or [] if not e.obsolete and e.msgid}
    kept = {e.msgid for e in template if e.msgid in old}
    spare = [msgid for msgid, e in old.items() if msgid not in kept and e.msgstr]
    for entry in template:
        mine = polib.POEntry(msgid=entry.msgid, msgstr="", occurrences=list(entry.occurrences))
        if entry.msgid in old:
            was = old[entry.msgid]
            mine.msgstr, mine.flags, mine.tcomment = was.msgstr, list(was.flags), was.tcomment
            mine.previous_msgid = was.previous_msgid
        else:
            close = difflib.get_close_matches(entry.msgid, spare, n=1, cutoff=0.6)
            if close:
                spare.remove(close[0])
                mine.msgstr, mine.flags, mine.previous_msgid = old[close[0]].msgstr, ["fuzzy"], close[0]
        out.append(mine)
    return out


def new_catalog(template: polib.POFile, lesson: Path, lang: str) -> polib.POFile:
    """An empty translation of ``template`` into ``lang`` (what copying the ``.pot`` to ``LL/NN-name.po`` gives)."""
    return merged(None, template, lesson, lang)


def extract(locale: Path = LOCALE) -> list[Path]:
    """Write each lesson's template and merge it into that lesson's catalogue in every language; the files
    changed."""
    changed = []
    for lesson in lessons():
        template = template_of(lesson)
        pot = locale / f"{lesson.stem}.pot"
        if _write(pot, _dump(template)):
            changed.append(pot)
        for lang in LANGUAGES:
            po = locale / lang / f"{lesson.stem}.po"
            if not po.exists():
                continue
            if _write(po, _dump(merged(_read(po), template, lesson, lang))):
                changed.append(po)
    return changed


# -- the translated lessons --------------------------------------------------------------------------------------

def _relink(target: str, lang: str, translated: set[str]) -> str:
    """A link of an English lesson (relative to notebooks/) as seen from notebooks/LL/."""
    if target.startswith(("http:", "https:", "mailto:", "#", "/")):
        return target
    path, hash_, anchor = target.partition("#")
    full = posixpath.normpath(posixpath.join("notebooks", path))
    if posixpath.dirname(full) == "notebooks" and posixpath.basename(full) in translated:
        return posixpath.basename(full) + hash_ + anchor
    return posixpath.relpath(full, f"notebooks/{lang}") + hash_ + anchor


def relink(text: str, lang: str, translated: set[str]) -> str:
    """Every relative link of a text cell (``[…](…)``, ``href="…"``) rewritten for notebooks/LL/."""
    def one(match: re.Match[str]) -> str:
        if match.group(2) is not None:
            return match.group(1) + _relink(match.group(2), lang, translated) + match.group(3)
        return match.group(4) + _relink(match.group(5), lang, translated) + match.group(6)

    return _LINK.sub(one, text)


def language_cell(lang: str) -> nbformat.NotebookNode:
    """The cell the build puts before a translated lesson's first code cell: the widgets' language."""
    widgets = LANGUAGES[lang]
    why = ("" if widgets == lang else
           f"   # the widgets speak no {LANGUAGE_NAMES[lang]} yet: English until vint_core's catalogue has it")
    source = (f"{LANGUAGE_CELL_TITLE[lang]} (deploy/course/translate.py)\n"
              f"from vint_core.widgets import set_lesson_language\n\n"
              f'set_lesson_language("{widgets}"){why}')
    cell = nbformat.v4.new_code_cell(source, id=LANGUAGE_CELL)
    cell.metadata = {"jupyter": {"source_hidden": True}, "tags": ["lesson-language"]}
    return cell


def translated_lesson(lesson: Path, catalog: polib.POFile, lang: str, translated: set[str]) -> nbformat.NotebookNode:
    """``lesson`` in ``lang``: its text cells from ``catalog``, its code cells as they are, no outputs."""
    notebook = nbformat.read(lesson, as_version=4)
    cells = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = relink(translate_cell(cell.source, catalog), lang, translated)
        elif cell.cell_type == "code":
            if not any(c.cell_type == "code" for c in cells):
                cells.append(language_cell(lang))
            cell.outputs, cell.execution_count = [], None
        cells.append(cell)
    notebook.cells = cells
    notebook.metadata["vint"] = {"lang": lang, "translated_from": f"../{lesson.name}"}
    return notebook


def catalogues(locale: Path = LOCALE) -> Iterator[tuple[str, Path, Path]]:
    """(language, English lesson, its catalogue) for every catalogue there is."""
    for lang in LANGUAGES:
        for lesson in lessons():
            po = locale / lang / f"{lesson.stem}.po"
            if po.exists():
                yield lang, lesson, po


def build(output: Path = NOTEBOOKS, locale: Path = LOCALE) -> dict[str, list[str]]:
    """Write ``output/LL/NN-name.ipynb`` for every complete catalogue; return, per catalogue not complete, why."""
    complete: dict[str, list[tuple[Path, polib.POFile]]] = {lang: [] for lang in LANGUAGES}
    skipped: dict[str, list[str]] = {}
    for lang, lesson, po in catalogues(locale):
        catalog = _read(po)
        why = problems(catalog, template_of(lesson))
        if why:
            skipped[po.relative_to(locale).as_posix()] = why
        else:
            complete[lang].append((lesson, catalog))
    for lang, done in complete.items():
        translated = {lesson.name for lesson, _ in done}
        if (NOTEBOOKS / lang / "README.md").exists():  # the course map in that language
            translated.add("README.md")
        for lesson, catalog in done:
            notebook = translated_lesson(lesson, catalog, lang, translated)
            _write(output / lang / lesson.name, (nbformat.writes(notebook) + "\n").encode("utf-8"))
    return skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The lessons' translations through gettext catalogues.")
    parser.add_argument("step", choices=["extract", "build"])
    parser.add_argument("--output", type=Path, default=NOTEBOOKS, help="build: the folder of notebooks/LL/")
    args = parser.parse_args(argv)
    if args.step == "extract":
        for path in extract():
            print(f"updated {path.relative_to(ROOT)}")
        return 0
    skipped = build(args.output)
    for po, why in skipped.items():
        print(f"not built: notebooks/locale/{po}: {len(why)} to fix, first: {why[0]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
