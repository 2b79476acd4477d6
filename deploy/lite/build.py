"""``make lite``: the course as a static JupyterLite site (Pyodide kernel), for any static web host.

    python deploy/lite/build.py --output build/lite

1. builds vint_core as a pure-Python wheel (``py3-none-any``) with pip;
2. gathers the site's files: the course notebooks (``notebooks/``, whatever is there), the practice
   page (``vint_core/app/practice.ipynb``, where present) and a start page;
3. runs ``jupyter lite build`` (jupyterlite-core, jupyterlite-pyodide-kernel: the ``lite`` extra),
   which puts the wheel into the site's own package index, so that ``%pip install vint_core`` (or
   ``import piplite; await piplite.install("vint_core")``) in a notebook installs it from the site.

The build itself needs no network (the wheel build does, once, for setuptools, unless pip has it
cached). The Pyodide runtime is not in the site: the browser loads it from the Pyodide CDN when a
notebook starts, unless ``--pyodide`` names a Pyodide release archive to bundle (about 200 MB; see
deploy/README.md). Double-dummy analysis and the ``sim-*`` computer players need the C++ solver
(endplay), which Pyodide cannot install: they are absent there, and the engine says so.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent

START_PAGE = """# Vint in the browser

This site runs the course entirely in your browser (JupyterLite, Python compiled to WebAssembly):
nothing is installed, nothing is sent to a server. The first notebook you open downloads Python
(Pyodide) once, which takes a moment.

Every notebook starts with installing the engine from this site:

    %pip install vint_core

What needs a server is not here: double-dummy analysis (after each deal, and the `sim-*` computer
players), simulations in several processes or on Dask, and the Voilà table. Use `vint table` on your
own machine or your class's JupyterHub for those.
"""


def build_wheel(out: Path) -> Path:
    """vint_core as a wheel in ``out``; it must be pure Python (``py3-none-any``)."""
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(ROOT)],
                   check=True)
    [wheel] = out.glob("vint_core-*.whl")
    if not wheel.name.endswith("-py3-none-any.whl"):
        raise SystemExit(f"{wheel.name} is not a pure-Python wheel: the browser cannot install it")
    return wheel


def gather_contents(target: Path, *, course: Path) -> list[Path]:
    """Copy what the site shows into ``target``: the start page, the course notebooks, the practice page."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "README.md").write_text(START_PAGE, encoding="utf-8")
    copied = [target / "README.md"]
    notebooks = course / "notebooks"
    if notebooks.is_dir():
        for path in sorted(notebooks.rglob("*")):
            if path.is_file() and ".ipynb_checkpoints" not in path.parts:
                dest = target / "notebooks" / path.relative_to(notebooks)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, dest)
                copied.append(dest)
    practice = course / "vint_core" / "app" / "practice.ipynb"
    if practice.is_file():
        shutil.copyfile(practice, target / "practice.ipynb")
        copied.append(target / "practice.ipynb")
    return copied


def build_site(*, output: Path, course: Path = ROOT, pyodide: str | None = None) -> Path:
    """Build the site into ``output`` (replaced); return the wheel it carries."""
    with tempfile.TemporaryDirectory(prefix="vint-lite-") as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "wheels")
        gather_contents(work / "contents", course=course)
        shutil.copyfile(HERE / "jupyter_lite_config.json", work / "jupyter_lite_config.json")
        shutil.rmtree(output, ignore_errors=True)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
                   "--contents", str(work / "contents"), "--piplite-wheels", str(wheel),
                   "--output-dir", str(output.resolve())]
        if pyodide:
            command += ["--pyodide", pyodide]
        subprocess.run(command, check=True, cwd=work)
        return output / "pypi" / wheel.name


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the course as a static JupyterLite site.")
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--course", type=Path, default=ROOT, help="the checkout whose notebooks/ is the course")
    parser.add_argument("--pyodide", help="a Pyodide release archive (path or URL) to bundle, for a site that "
                                          "works without the internet")
    args = parser.parse_args()
    wheel = build_site(output=args.output, course=args.course, pyodide=args.pyodide)
    print(f"built {args.output} (engine: {wheel.name}); serve it with any static web server, e.g. "
          f"python -m http.server -d {args.output}")


if __name__ == "__main__":
    main()
