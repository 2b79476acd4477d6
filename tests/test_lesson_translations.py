"""The translated lessons (notebooks/de, notebooks/ru) are what deploy/course/translate.py makes of the English lessons
and their catalogues (notebooks/locale), and the catalogues are complete and keep the English markup.

The translated notebooks themselves run top to bottom in the default run (pytest collects notebooks/, nbval), with
the same checks as the English ones.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy" / "course"))

import translate  # noqa: E402

#: what the course promises (notebooks/README.md): lessons 00–03 in German and Russian
PROMISED = [(lang, lesson) for lang in ("de", "ru") for lesson in translate.lessons()[:4]]


def built(lang: str) -> list[Path]:
    return sorted((ROOT / "notebooks" / lang).glob("*.ipynb"))


def test_lessons_00_to_03_are_translated_into_german_and_russian() -> None:
    for lang, lesson in PROMISED:
        assert (ROOT / "notebooks" / lang / lesson.name).is_file(), f"notebooks/{lang}/{lesson.name} is missing"


def test_the_committed_translations_are_what_the_build_makes_now(tmp_path: Path) -> None:
    skipped = translate.build(tmp_path)
    assert not skipped, f"catalogues not complete: {skipped}"
    for lang in translate.LANGUAGES:
        made = sorted(p.name for p in (tmp_path / lang).glob("*.ipynb"))
        assert made == [p.name for p in built(lang)], f"notebooks/{lang}: run make lessons-translations"
        for name in made:
            assert (tmp_path / lang / name).read_bytes() == (ROOT / "notebooks" / lang / name).read_bytes(), \
                f"notebooks/{lang}/{name} is not what the build makes: run make lessons-translations"


def test_the_templates_and_catalogues_hold_every_paragraph_of_the_english_lessons_now(tmp_path: Path) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(translate.LOCALE, locale)
    translate.extract(locale)
    for lesson in translate.lessons():
        pot = f"{lesson.stem}.pot"
        assert (locale / pot).read_bytes() == (translate.LOCALE / pot).read_bytes(), \
            f"notebooks/locale/{pot} is behind {lesson.name}: run make lessons-translations"
    for lang, _lesson, po in translate.catalogues():
        assert (locale / lang / po.name).read_bytes() == po.read_bytes(), f"{po}: run make lessons-translations"


@pytest.mark.parametrize(("lang", "lesson"), PROMISED, ids=lambda v: v if isinstance(v, str) else v.stem)
def test_no_entry_of_a_translated_lesson_is_missing_empty_fuzzy_or_with_other_markup(lang: str, lesson: Path) -> None:
    po = translate.LOCALE / lang / f"{lesson.stem}.po"
    assert translate.problems(translate._read(po), translate.template_of(lesson)) == []


def test_a_changed_english_paragraph_marks_its_translation_fuzzy_and_the_lesson_is_not_built(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lesson = translate.lessons()[0]
    notebook = nbformat.read(lesson, as_version=4)
    cell = notebook.cells[1]
    assert "It comes from Russia" in cell.source
    cell.source = cell.source.replace("It comes from Russia", "It comes from Imperial Russia")
    (tmp_path / "notebooks").mkdir()
    nbformat.write(notebook, tmp_path / "notebooks" / lesson.name)
    locale = tmp_path / "locale"
    shutil.copytree(translate.LOCALE, locale)
    old = {lang: translate._read(locale / lang / f"{lesson.stem}.po") for lang in translate.LANGUAGES}
    monkeypatch.setattr(translate, "NOTEBOOKS", tmp_path / "notebooks")
    translate.extract(locale)
    skipped = translate.build(tmp_path / "out", locale)
    for lang in translate.LANGUAGES:
        text = (locale / lang / f"{lesson.stem}.po").read_text(encoding="utf-8")
        assert '#| "two against two. It comes from Russia, where' in text    # the old English, for the translator
        [changed] = [m for m in translate._read(locale / lang / f"{lesson.stem}.po") if "Imperial Russia" in m.msgid]
        assert changed.fuzzy and "It comes from Russia" in changed.previous_msgid
        assert changed.msgstr == old[lang].find(changed.previous_msgid).msgstr   # the old translation, to check
        why = skipped[f"{lang}/{lesson.stem}.po"]
        assert len(why) == 1 and why[0].startswith("fuzzy")
        assert not (tmp_path / "out" / lang / lesson.name).exists()


def test_markup_that_differs_from_the_english_is_named() -> None:
    english = "See [the rules](../docs/rules.md), `SEED` and <b>$6 + n$</b>: **bold**."
    template, catalog = translate.polib.POFile(), translate.polib.POFile()
    template.append(translate.polib.POEntry(msgid=english))
    german = "Siehe [die Regeln](../docs/regeln.md), SEED und <b>$6 + n$</b>: **fett**."
    catalog.append(translate.polib.POEntry(msgid=english, msgstr=german))
    why = translate.problems(catalog, template)
    assert any("link differ" in w and "regeln.md" in w for w in why)
    assert any("code differ" in w for w in why)
    assert not any("formula" in w or "HTML" in w or "bold" in w for w in why)


@pytest.mark.parametrize("lang", translate.LANGUAGES)
def test_a_translated_lesson_keeps_the_english_cells_ids_no_outputs_and_sets_its_widgets_language(lang: str) -> None:
    for path in built(lang):
        english = nbformat.read(ROOT / "notebooks" / path.name, as_version=4)
        translated = nbformat.read(path, as_version=4)
        language = [c for c in translated.cells if c.get("id") == translate.LANGUAGE_CELL]
        assert len(language) == 1
        widgets = translate.LANGUAGES[lang]
        assert f'set_lesson_language("{widgets}")' in language[0].source
        rest = [c for c in translated.cells if c.get("id") != translate.LANGUAGE_CELL]
        assert [c.id for c in rest] == [c.id for c in english.cells]
        for mine, theirs in zip(rest, english.cells, strict=True):
            assert mine.cell_type == theirs.cell_type and mine.metadata == theirs.metadata
            if mine.cell_type == "code":
                assert mine.source == theirs.source and mine.outputs == [] and mine.execution_count is None
            else:
                assert mine.source != theirs.source or not translate.messages(theirs.source)
        first_code = next(i for i, c in enumerate(translated.cells) if c.cell_type == "code")
        assert translated.cells[first_code].id == translate.LANGUAGE_CELL
        assert translated.metadata["vint"] == {"lang": lang, "translated_from": f"../{path.name}"}


def test_the_links_of_a_translated_lesson_are_rewritten_for_its_folder() -> None:
    cells = json.loads((ROOT / "notebooks" / "de" / "03-auction-levels.ipynb").read_text(encoding="utf-8"))["cells"]
    header = "".join(cells[0]["source"])
    assert "](02-tricks.ipynb)" in header            # translated too: in German
    assert "](../04-auction-end.ipynb)" in header    # not translated: the English lesson
    assert "](README.md)" in header                  # the German course map
    assert "](../../docs/rules.md#6-words-english-german-russian)" in header


def test_the_english_course_map_links_every_translated_lesson() -> None:
    course_map = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    for lang in translate.LANGUAGES:
        for path in built(lang):
            assert f"]({lang}/{path.name})" in course_map
        assert f"]({lang}/README.md)" in course_map
    assert "the Russian lessons' widgets speak Russian" in course_map


def test_the_hubs_start_page_lists_the_english_lessons_and_links_the_translated_course_maps(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "deploy" / "jupyterhub"))
    from learner_home import prepare

    course = tmp_path / "checkout"
    for part in ("notebooks/00-welcome.ipynb", "notebooks/de/00-welcome.ipynb", "notebooks/ru/00-welcome.ipynb"):
        (course / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / part, course / part)
    for part in ("notebooks/de/README.md", "notebooks/ru/README.md", "notebooks/locale/de/00-welcome.po"):
        (course / part).parent.mkdir(parents=True, exist_ok=True)
        (course / part).write_text("x", encoding="utf-8")
    folder = prepare(tmp_path / "home", server_url="/user/ana/", course_dir=course)
    start = (folder / "README.md").read_text(encoding="utf-8")
    lessons = [line for line in start.splitlines() if "](course/notebooks/" in line and ".ipynb" in line]
    assert lessons == ["- [Lesson 00 · Welcome to Vint](course/notebooks/00-welcome.ipynb)"]
    assert ("- In other languages: [Deutsch](course/notebooks/de/README.md) · "
            "[Русский](course/notebooks/ru/README.md)") in start
    assert (folder / "course" / "notebooks" / "de" / "00-welcome.ipynb").is_file()
    assert not (folder / "course" / "notebooks" / "locale").exists()


def test_the_lite_site_holds_the_translated_lessons_for_its_kernel_and_not_the_catalogues(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "deploy" / "lite"))
    from build import PYODIDE_KERNELSPEC, gather_contents

    copied = gather_contents(tmp_path / "files", course=ROOT)
    names = {p.relative_to(tmp_path / "files").as_posix() for p in copied}
    for lang, lesson in PROMISED:
        assert f"notebooks/{lang}/{lesson.name}" in names
        kernel = json.loads((tmp_path / "files" / "notebooks" / lang / lesson.name).read_text(encoding="utf-8"))
        assert kernel["metadata"]["kernelspec"] == PYODIDE_KERNELSPEC
    assert {"notebooks/de/README.md", "notebooks/ru/README.md"} <= names
    assert not [n for n in names if "locale" in n]
