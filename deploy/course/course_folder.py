"""The course's folder: what a learner gets of a checkout, laid out the same wherever the course is served.

    notebooks/            the lessons and the course map (notebooks/README.md)
    notebooks/de/, ru/    the lessons translated (deploy/course/translate.py), each with its course map
    docs/rules.md         the rules and the glossary the lessons link to (``../docs/rules.md#…``)
    exercises/README.md   how the exercises work (lesson 11 links it)
    exercises/*.ipynb     the learners' versions of the exercises, from ``exercises/release/``

Never ``exercises/source/``: those are the solutions and hidden tests, which stay with the teacher; nor
``notebooks/locale/``, the translators' catalogues. The
lessons' links are relative (``../docs/rules.md``), so they resolve wherever this layout is served:
``make course`` (``build/course``, JupyterLab's root), the hub's ``~/vint/course``
(deploy/jupyterhub/learner_home.py) and the JupyterLite site (deploy/lite/build.py).

:func:`update` copies the files (JupyterLab's ``/files/`` address, for Download and Open in New Browser
Tab, refuses symbolic links that leave its root, so a folder of links would not do). A learner's
edits are kept: a file is copied again only while its copy is still as it was copied (the hashes are
kept in the folder's hidden ``.copied.json``), so a newer lesson reaches a learner who has not changed it.

    python deploy/course/course_folder.py build/course          # bring the folder up to date
    python deploy/course/course_folder.py build/course --lab    # make course: and open JupyterLab on it
    python deploy/course/course_folder.py build/course --lang de --lab   # in German: lesson 00 and the menus

The language (``--lang``, else ``$VINT_LANG``, else English) chooses the lesson JupyterLab opens first
(``notebooks/de/00-welcome.ipynb``) and JupyterLab's own menus: ``deploy/course/languages/LL`` goes first on
``JUPYTER_CONFIG_PATH``, its ``labconfig`` setting the default of ``@jupyterlab/translation-extension:plugin``'s
``locale`` (the language packs ``jupyterlab-language-pack-de-DE`` and ``-ru-RU``, the ``notebooks`` extra). A
learner's own choice (*Settings → Language*) is kept in their settings and wins over that default.

Standard library only: the hub runs it in each learner's environment.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
#: the lesson JupyterLab opens first
FIRST_LESSON = "notebooks/00-welcome.ipynb"
#: (what in the checkout, where in the course's folder); a folder brings all its files
PARTS = (("notebooks", "notebooks"), ("docs/rules.md", "docs/rules.md"),
         ("exercises/README.md", "exercises/README.md"), ("exercises/release", "exercises"))
#: the course's languages: the first lesson in each, and JupyterLab's locale (its language pack)
LANGUAGES = {"en": (FIRST_LESSON, None), "de": ("notebooks/de/00-welcome.ipynb", "de_DE"),
             "ru": ("notebooks/ru/00-welcome.ipynb", "ru_RU")}
#: the folders of Jupyter configuration that set JupyterLab's language, one per language but English
LANGUAGE_CONFIG = HERE / "languages"
#: the hashes of the files as copied, in the folder (hidden from JupyterLab, which shows no dot-files)
MANIFEST = ".copied.json"


def _kept(path: Path) -> bool:
    return path.is_file() and not {".ipynb_checkpoints", "__pycache__", "locale"} & set(path.parts)


def course_files(checkout: Path | None = ROOT) -> list[tuple[Path, Path]]:
    """(file in ``checkout``, its path in the course's folder) for every file a learner gets, in order."""
    if checkout is None or not checkout.is_dir():
        return []
    out = []
    for part, target in PARTS:
        source = checkout / part
        if source.is_file():
            out.append((source, Path(target)))
        elif source.is_dir():
            out += [(p, Path(target) / p.relative_to(source)) for p in sorted(source.rglob("*")) if _kept(p)]
    return out


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def update(folder: Path, checkout: Path | None = ROOT) -> list[Path]:
    """Bring the course's files into ``folder``; return the paths (relative) kept as the learner changed them.

    A missing file is copied; a copy still as it was copied is replaced by a newer version; a copy the
    learner changed stays. Nothing else in ``folder`` is touched.
    """
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / MANIFEST
    try:
        copied = json.loads(manifest.read_text(encoding="utf-8"))
        copied = copied if isinstance(copied, dict) else {}
    except (OSError, ValueError):
        copied = {}
    kept = []
    for source, relative in course_files(checkout):
        target, key = folder / relative, relative.as_posix()
        new = _digest(source)
        if target.exists():
            now = _digest(target)
            if now == new:
                copied[key] = new
                continue
            if copied.get(key) != now:  # the learner's own version
                kept.append(relative)
                continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        copied[key] = new
    manifest.write_text(json.dumps(copied, indent=1, sort_keys=True), encoding="utf-8")
    return kept


def lab_command(folder: Path, lang: str = "en") -> tuple[list[str], dict[str, str]]:
    """The command and environment that open JupyterLab on ``folder`` at lesson 00 in ``lang``, as ``make course``
    does (``deploy/course`` on ``JUPYTER_CONFIG_PATH``: nbgrader's teacher tools off; before it, for a language
    but English, ``deploy/course/languages/LL``: JupyterLab's menus in it)."""
    if lang not in LANGUAGES:
        raise SystemExit(f"course_folder.py: the course has no language {lang!r}; it has {', '.join(LANGUAGES)}")
    root = folder.resolve()
    first, locale = LANGUAGES[lang]
    config = [str(LANGUAGE_CONFIG / lang)] if locale else []
    env = {**os.environ, "JUPYTER_CONFIG_PATH": os.pathsep.join([*config, str(HERE)])}
    return [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={root}", str(root / first)], env


def main() -> None:
    parser = argparse.ArgumentParser(description="Bring the course's folder up to date (what make course serves).")
    parser.add_argument("folder", type=Path)
    parser.add_argument("--checkout", type=Path, default=ROOT)
    parser.add_argument("--lang", default=os.environ.get("VINT_LANG", "").strip().lower() or "en",
                        help=f"the course's language: {', '.join(LANGUAGES)} (default: $VINT_LANG, else en)")
    parser.add_argument("--lab", nargs=argparse.REMAINDER, metavar="ARGS",
                        help="then open JupyterLab on it at lesson 00 (ARGS go to jupyter lab)")
    args = parser.parse_args()
    for relative in update(args.folder, args.checkout):
        print(f"kept your own {args.folder / relative} (delete it to get the course's version)")
    if args.lab is not None:
        command, env = lab_command(args.folder, args.lang)
        os.execvpe(command[0], [*command, *args.lab], env)


if __name__ == "__main__":
    main()
