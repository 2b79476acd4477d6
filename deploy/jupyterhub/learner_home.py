"""A learner's Vint folder: the table, the course and a start page, put into their home when their server starts.

Used by ``jupyterhub_config.py`` (before JupyterHub starts a learner's server) and by the Zero to
JupyterHub image (``values.yaml``: ``lifecycleHooks.postStart`` runs ``python3 learner_home.py``). It
writes ``~/vint/``:

* ``table.ipynb``, the playable table (renewed on every start: it is the app, not the learner's work),
  and every other notebook Voilà serves from ``vint_core/app`` (the practice page, where present);
* ``course/``: the course's folder as everywhere (deploy/course/course_folder.py): the lessons
  (``notebooks/``), ``docs/rules.md`` and the learners' versions of the exercises (``exercises/release/``,
  into ``course/exercises/``, with ``exercises/README.md``), so the lessons' links (``../docs/rules.md``)
  resolve. A learner's edits are kept; a file they did not change is brought up to date. Never
  ``exercises/source/``: those are the solutions, which stay with the teacher;
* ``README.md``: the start page JupyterLab opens (rendered), with a link to the table, the practice
  page, each lesson and each exercise.

Each learner's games are saved under ``~/.vint`` (``VINT_DATA_DIR``, set by the hub), apart from
everyone else's. The hub runs this as the learner (their own system account), so it can write nothing
the learner could not. Standard library and ``vint_core`` only: it runs in the learner's environment.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "course"))
from course_folder import course_files, update

#: the folder in each home
FOLDER = "vint"


def app_notebooks() -> list[Path]:
    """The notebooks of ``vint_core.app`` (the table, and the practice page where present)."""
    from vint_core.app import notebook_path

    return sorted(notebook_path().parent.glob("*.ipynb"))


def title(notebook: Path) -> str:
    """The notebook's first heading (``# Lesson 00 · Welcome``), else its file name."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        text = "".join(cells[0]["source"]) if cells and cells[0]["cell_type"] == "markdown" else ""
    except (OSError, ValueError, KeyError, TypeError):
        text = ""
    first = text.strip().splitlines()[0] if text.strip() else ""
    return first.lstrip("#").strip() if first.startswith("#") else notebook.stem


def prepare(home: Path, *, server_url: str, course_dir: Path | None = None) -> Path:
    """Write the learner's Vint folder into ``home``; ``server_url`` is their server's path (``/user/ana/``).

    The table and the practice page open through Voilà in a page of their own (an address on the
    learner's server); the lessons and exercises are links relative to the start page, which
    JupyterLab opens in its own tabs.
    """
    folder = home / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    (home / ".vint").mkdir(exist_ok=True)
    shutil.rmtree(folder / "course" / "exercises" / "source", ignore_errors=True)  # put there by older versions
    links = []
    for notebook in sorted(app_notebooks(), key=lambda p: p.stem != "table"):  # the table first
        shutil.copyfile(notebook, folder / notebook.name)
        name = "Play Vint: the table" if notebook.stem == "table" else notebook.stem.replace("_", " ").capitalize()
        links.append(f"- [{name}]({server_url}voila/render/{FOLDER}/{notebook.name})")
    sections: dict[str, list[str]] = {"notebooks": [], "exercises": []}
    files = course_files(course_dir)
    if files:
        update(folder / "course", course_dir)
    for _, relative in files:
        if relative.suffix == ".ipynb" and relative.parts[0] in sections and len(relative.parts) == 2:
            link = f"course/{relative.as_posix()}"
            sections[relative.parts[0]].append(f"- [{title(folder / link)}]({link})")
    # the translated lessons (notebooks/de, notebooks/ru) through their own course maps
    maps = [f"[{name}](course/notebooks/{lang}/README.md)" for lang, name in (("de", "Deutsch"), ("ru", "Русский"))
            if any(relative.as_posix() == f"notebooks/{lang}/README.md" for _, relative in files)]
    if maps and sections["notebooks"]:
        sections["notebooks"].append(f"- In other languages: {' · '.join(maps)}")
    page = ["# Vint", "", "Click a link: the table and the practice page open in a page of their own, "
            "a lesson or an exercise here in JupyterLab.", "", *links, ""]
    for heading, part in (("Lessons", "notebooks"), ("Exercises", "exercises")):
        page += [f"## {heading}", "", *sections[part], ""] if sections[part] else []
    (folder / "README.md").write_text("\n".join(page), encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description="Write ~/vint (the table, the course, a start page).")
    parser.add_argument("--home", type=Path, default=Path.home())
    parser.add_argument("--server-url", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))
    parser.add_argument("--course", type=Path, default=os.environ.get("VINT_COURSE_DIR"))
    args = parser.parse_args()
    prepare(args.home, server_url=args.server_url, course_dir=args.course)


if __name__ == "__main__":
    main()
