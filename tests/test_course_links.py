"""Every link of the course resolves in the course's folder, as make course, the hub and the Lite site serve it.

The folder (deploy/course/course_folder.py) holds ``notebooks/``, ``docs/rules.md`` and ``exercises/`` (the
learners' versions and their README) side by side. Every relative link of every lesson and of the course
map must name a file of that folder, and every ``#anchor`` an element JupyterLab can scroll to: JupyterLab
makes its own heading ids (``6.-Words:-English,-German,-Russian``), so an anchor written GitHub's way needs an
explicit ``<a id>`` in the target. The clicks themselves are in tests/test_course_links_browser.py.
"""

from __future__ import annotations

import json
import os
import posixpath
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy" / "course"))

from course_folder import course_files, lab_command, update  # noqa: E402

LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")
#: the lessons and the course map, in English and translated (notebooks/de, notebooks/ru: deploy/course/translate.py)
PAGES = [*sorted((ROOT / "notebooks").glob("*.ipynb")), ROOT / "notebooks" / "README.md",
         *(page for lang in ("de", "ru") for page in [*sorted((ROOT / "notebooks" / lang).glob("*.ipynb")),
                                                      ROOT / "notebooks" / lang / "README.md"])]


def markdown_of(path: Path) -> str:
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def links_of(path: Path) -> list[str]:
    return [a or b for a, b in LINK.findall(markdown_of(path)) if not (a or b).startswith(("http:", "https:", "#"))]


FOLDER = {relative.as_posix(): source for source, relative in course_files(ROOT)}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT / "notebooks").as_posix())
def test_every_link_of_the_page_names_a_file_of_the_course_folder_and_an_anchor_it_has(page: Path) -> None:
    links = links_of(page)
    assert links, f"{page.name} has no links"
    here = page.parent.relative_to(ROOT).as_posix()  # notebooks, or notebooks/de for a translated page
    for link in links:
        target, _, anchor = link.partition("#")
        path = posixpath.normpath(posixpath.join(here, target))
        assert path in FOLDER, f"{page.name}: {link} is {path}, not in the course's folder"
        if anchor:
            text = markdown_of(FOLDER[path])
            assert f'<a id="{anchor}"></a>' in text, f"{page.name}: {link}: no <a id=\"{anchor}\"> in {path}"


def test_the_glossary_and_the_exercises_are_linked_from_the_lessons() -> None:
    every = [link for page in PAGES for link in links_of(page)]
    assert "../docs/rules.md#6-words-english-german-russian" in every and "../exercises/README.md" in every


def test_the_folder_has_the_lessons_the_rules_and_the_learners_exercises_never_the_solutions() -> None:
    assert {"docs/rules.md", "exercises/README.md", "notebooks/README.md", "notebooks/00-welcome.ipynb"} <= set(FOLDER)
    exercises = sorted(p for p in FOLDER if p.startswith("exercises/") and p.endswith(".ipynb"))
    assert exercises == sorted(f"exercises/{p.name}" for p in (ROOT / "exercises" / "release").glob("*.ipynb"))
    assert all("exercises/source" not in s.as_posix() for s in FOLDER.values())
    assert "SOLUTION" not in "".join(FOLDER[p].read_text(encoding="utf-8") for p in exercises)


def test_update_keeps_a_learners_edits_and_brings_the_rest_up_to_date(tmp_path: Path) -> None:
    checkout = tmp_path / "checkout"
    for part, text in (("notebooks/00.ipynb", "lesson"), ("notebooks/01.ipynb", "lesson 1"),
                       ("docs/rules.md", "rules"), ("exercises/README.md", "how"),
                       ("exercises/release/e1.ipynb", "exercise"), ("exercises/source/e1.ipynb", "SOLUTION")):
        (checkout / part).parent.mkdir(parents=True, exist_ok=True)
        (checkout / part).write_text(text, encoding="utf-8")
    folder = tmp_path / "course"
    assert update(folder, checkout) == []
    files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())
    assert files == [".copied.json", "docs/rules.md", "exercises/README.md", "exercises/e1.ipynb",
                     "notebooks/00.ipynb", "notebooks/01.ipynb"]
    (folder / "notebooks" / "00.ipynb").write_text("lesson, with my notes", encoding="utf-8")  # the learner's
    (checkout / "notebooks" / "00.ipynb").write_text("lesson, corrected", encoding="utf-8")
    (checkout / "notebooks" / "01.ipynb").write_text("lesson 1, corrected", encoding="utf-8")
    (folder / "docs" / "rules.md").unlink()
    assert update(folder, checkout) == [Path("notebooks/00.ipynb")]
    assert (folder / "notebooks" / "00.ipynb").read_text(encoding="utf-8") == "lesson, with my notes"
    assert (folder / "notebooks" / "01.ipynb").read_text(encoding="utf-8") == "lesson 1, corrected"
    assert (folder / "docs" / "rules.md").read_text(encoding="utf-8") == "rules"
    (folder / ".copied.json").write_text("not json", encoding="utf-8")  # damaged: every differing copy is kept
    assert update(folder, checkout) == [Path("notebooks/00.ipynb")]


def test_the_folder_has_the_translated_lessons_and_their_course_maps_never_the_catalogues() -> None:
    for lang in ("de", "ru"):
        assert {f"notebooks/{lang}/README.md", f"notebooks/{lang}/00-welcome.ipynb",
                f"notebooks/{lang}/03-auction-levels.ipynb"} <= set(FOLDER)
    assert (ROOT / "notebooks" / "locale" / "de" / "00-welcome.po").is_file()
    assert not [p for p in FOLDER if p.startswith("notebooks/locale")]


def test_make_course_in_german_opens_the_german_lesson_00_and_jupyterlab_in_german() -> None:
    folder = ROOT / "build" / "course"
    command, env = lab_command(folder, "de")
    assert command[-1] == str(folder / "notebooks" / "de" / "00-welcome.ipynb")
    first, *rest = env["JUPYTER_CONFIG_PATH"].split(os.pathsep)
    assert rest == [str(ROOT / "deploy" / "course")]
    overrides = json.loads((Path(first) / "labconfig" / "default_setting_overrides.json").read_text(encoding="utf-8"))
    assert overrides == {"@jupyterlab/translation-extension:plugin": {"locale": "de_DE"}}
    with pytest.raises(SystemExit, match="no language 'fr'; it has en, de, ru"):
        lab_command(folder, "fr")


def test_make_course_serves_the_folder_and_opens_lesson_00() -> None:
    folder = ROOT / "build" / "course"
    command, env = lab_command(folder)
    assert f"--ServerApp.root_dir={folder}" in command and command[-1] == str(folder / "notebooks" / "00-welcome.ipynb")
    assert env["JUPYTER_CONFIG_PATH"] == str(ROOT / "deploy" / "course")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "deploy/course/course_folder.py build/course --lab" in makefile
