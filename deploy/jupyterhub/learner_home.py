"""A learner's Vint folder: the table, the course and a start page, put into their home when their server starts.

Used by ``jupyterhub_config.py`` (before JupyterHub starts a learner's server) and by the Zero to
JupyterHub image (``values.yaml``: ``lifecycleHooks.postStart`` runs ``python3 learner_home.py``). It
writes ``~/vint/``:

* ``table.ipynb``, the playable table (renewed on every start: it is the app, not the learner's work),
  and every other notebook Voilà serves from ``vint_core/app`` (the practice page, where present);
* ``course/``: the course notebooks and the exercises, copied once (a learner's edits are kept);
* ``README.md``: the start page JupyterLab opens, with one link to the table and one to each lesson.

Each learner's games are saved under ``~/.vint`` (``VINT_DATA_DIR``, set by the hub), apart from
everyone else's. Standard library and ``vint_core`` only: it runs in the learner's environment.
"""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path

#: the folder in each home
FOLDER = "vint"


def app_notebooks() -> list[Path]:
    """The notebooks of ``vint_core.app`` (the table, and the practice page where present)."""
    from vint_core.app import notebook_path

    return sorted(notebook_path().parent.glob("*.ipynb"))


def course_sources(course_dir: Path | None) -> list[tuple[Path, Path]]:
    """(source, path under ``course/``) of the course: ``notebooks/`` and ``exercises/`` in ``course_dir``."""
    if course_dir is None or not course_dir.is_dir():
        return []
    out = []
    for part in ("notebooks", "exercises"):
        base = course_dir / part
        if base.is_dir():
            out += [(p, Path(part) / p.relative_to(base)) for p in sorted(base.rglob("*"))
                    if p.is_file() and ".ipynb_checkpoints" not in p.parts]
    return out


def prepare(home: Path, *, server_url: str, course_dir: Path | None = None) -> Path:
    """Write the learner's Vint folder into ``home``; ``server_url`` is their server's path (``/user/ana/``)."""
    folder = home / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    (home / ".vint").mkdir(exist_ok=True)
    links = []
    for notebook in app_notebooks():
        shutil.copyfile(notebook, folder / notebook.name)
        title = "Play Vint: the table" if notebook.stem == "table" else notebook.stem.replace("_", " ").capitalize()
        links.append(f"- [{title}]({server_url}voila/render/{FOLDER}/{notebook.name})")
    lessons = []
    for source, relative in course_sources(course_dir):
        target = folder / "course" / relative
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        if target.suffix == ".ipynb":
            lessons.append(f"- [{relative.as_posix()}]({server_url}lab/tree/{FOLDER}/course/{relative.as_posix()})")
    page = ["# Vint", "", "Click a link: the table opens in a page of its own, a lesson here in JupyterLab.", "",
            *links, ""]
    page += ["## The course", "", *lessons, ""] if lessons else []
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
