"""``make lite``: the course as a static JupyterLite site (Pyodide kernel), for any static web host.

    python deploy/lite/build.py --output build/lite --pyodide build/pyodide

1. builds vint_core as a pure-Python wheel (``py3-none-any``) with pip;
2. gathers the site's files: the course's folder as everywhere (deploy/course/course_folder.py: the
   lessons, ``docs/rules.md``, the learners' exercises and their README, side by side, so the lessons'
   links resolve), the practice page (``vint_core/app/practice.ipynb``, where present) and a start page;
3. puts Pyodide into the site (``--pyodide``, the folder deploy/lite/pyodide_dist.py downloads: Pyodide's
   core from npm and the pure-Python packages the kernel loads, from PyPI), with the engine, ipywidgets
   and comm added to its lock, so the kernel installs them from the site before the first cell
   (``loadPyodideOptions.packages``); the site never asks PyPI (``disablePyPIFallback``);
4. runs ``jupyter lite build`` (jupyterlite-core, jupyterlite-pyodide-kernel: the ``lite`` extra), which
   also puts the wheels into the site's own package index (``%pip install vint_core`` still works), with
   nbgrader's and Voilà's JupyterLab extensions switched off (the teacher's tools; Voilà needs a server).

The build needs no network once the Pyodide folder is there. What the site needs from the network:
nothing for the kernel, the engine, the widgets and lessons 00-05 and 11; lessons 06-10 draw plots with
matplotlib (and numpy), which exist for Pyodide only on Pyodide's CDN: in the site those lessons get a
first code cell ``%pip install matplotlib`` that says so (see deploy/README.md).
Double-dummy analysis and the ``sim-*`` computer players need the C++ solver (endplay), which Pyodide
cannot install: they are absent there, and the engine says so.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "deploy" / "course"))
from course_folder import course_files  # noqa: E402

#: the folder deploy/lite/pyodide_dist.py makes (make lite-pyodide)
PYODIDE_DIR = ROOT / "build" / "pyodide"
#: JupyterLab extensions the site leaves off: nbgrader (the teacher's tools), Voilà's preview (needs a server)
DISABLED_EXTENSIONS = ["@jupyter/nbgrader", "@voila-dashboards/jupyterlab-preview"]
#: installed by the kernel from the site before the first cell (names in the site's Pyodide lock)
PRELOAD = ["vint-core", "ipywidgets"]
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

START_PAGE = """# Vint in the browser

This site runs the course entirely in your browser (JupyterLite, Python compiled to WebAssembly):
nothing is installed on your computer, nothing you type is sent to a server. The first notebook you
open starts Python in the browser, with the engine (`vint_core`) already installed: that takes a moment
(the kernel's circle at the top right turns empty when it is ready). Then run the cells as they are.

- [The course map](notebooks/README.md), and [lesson 00](notebooks/00-welcome.ipynb) to begin;
- [the rules and the glossary](docs/rules.md);
- [the exercises](exercises/README.md) that check themselves;
- the practice page: `practice.ipynb`.

Your changes are kept in this browser only (its storage for this site). Lessons 06 to 10 draw plots
with matplotlib, which Python in the browser loads from the internet (Pyodide's CDN): those lessons
start with a cell `%pip install matplotlib` that does it.
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


#: the first code cell of a lesson that draws plots, in the site only: the kernel loads what a cell imports,
#: but the lessons import matplotlib through vint_core.plots, which it cannot see
PLOT_CELL = """# In the browser only: the plots of this lesson need matplotlib, which Python in the browser loads
# from the internet (Pyodide's CDN). Run this cell first.
%pip install matplotlib
try:
    import matplotlib
except ImportError:
    print("No internet: matplotlib could not be loaded. The cells that draw a plot will stop with "
          "\\"No module named 'matplotlib'\\"; run the others one by one (Shift + Enter).")"""


def with_plot_cell(notebook: Path) -> bool:
    """Put :data:`PLOT_CELL` after the first cell of ``notebook`` when its code uses vint_core.plots."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in data["cells"] if c["cell_type"] == "code")
    if "vint_core.plots" not in code and "from vint_core import plots" not in code:
        return False
    cell = {"cell_type": "code", "execution_count": None, "id": "lite-matplotlib", "metadata": {}, "outputs": [],
            "source": PLOT_CELL.splitlines(keepends=True)}
    data["cells"].insert(1, cell)
    notebook.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return True


#: the site's kernel: the notebooks name it, so JupyterLite starts it without asking which kernel to use
PYODIDE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}


def for_pyodide(notebook: Path) -> None:
    """Name the site's Pyodide kernel in ``notebook`` (the course's notebooks name ipykernel's ``python3``, which
    the site does not have: JupyterLite then asked the learner to select a kernel before the first cell ran)."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    data.setdefault("metadata", {})["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    notebook.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def gather_contents(target: Path, *, course: Path) -> list[Path]:
    """Copy what the site shows into ``target``: the start page, the course's folder, the practice page."""
    target.mkdir(parents=True, exist_ok=True)
    (target / "README.md").write_text(START_PAGE, encoding="utf-8")
    copied = [target / "README.md"]
    for source, relative in course_files(course):
        dest = target / relative
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest)
        if dest.suffix == ".ipynb" and relative.parts[0] == "notebooks":
            with_plot_cell(dest)
        copied.append(dest)
    practice = course / "vint_core" / "app" / "practice.ipynb"
    if practice.is_file():
        shutil.copyfile(practice, target / "practice.ipynb")
        copied.append(target / "practice.ipynb")
    for notebook in copied:
        if notebook.suffix == ".ipynb":
            for_pyodide(notebook)
    return copied


def lock_entry(wheel: Path) -> dict[str, object]:
    """A Pyodide lock entry for a pure-Python wheel (its name, version, imports and dependencies)."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name, parse_wheel_filename

    name, version, _, _ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
        tops = sorted({n.split("/")[0] for n in archive.namelist()
                       if "/" in n and not n.split("/")[0].endswith((".dist-info", ".data"))})
    depends = []
    for line in lines:
        if line.startswith("Requires-Dist:"):
            requirement = Requirement(line.partition(":")[2].strip())
            if requirement.marker is None:
                depends.append(canonicalize_name(requirement.name))
    return {"name": str(name), "version": str(version), "file_name": wheel.name, "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(), "package_type": "package",
            "imports": tops, "depends": depends, "unvendored_tests": False}


def bundle_pyodide(lite_dir: Path, pyodide: Path, wheels: list[Path]) -> None:
    """Put the Pyodide folder where jupyterlite-pyodide-kernel takes it (``static/pyodide``), the ``wheels``
    beside it and in its lock (widgetsnbextension, which ipywidgets names, is the kernel's own stand-in)."""
    if not (pyodide / "pyodide.mjs").is_file():
        raise SystemExit(f"{pyodide} has no Pyodide: run make lite-pyodide (python deploy/lite/pyodide_dist.py "
                         f"{pyodide}) once, with npm and PyPI reachable")
    static = lite_dir / "static" / "pyodide"
    shutil.copytree(pyodide, static, ignore=shutil.ignore_patterns("wheels"))
    lock = json.loads((static / "pyodide-lock.json").read_text(encoding="utf-8"))
    entries = [lock_entry(wheel) for wheel in wheels]
    known = set(lock["packages"]) | {str(e["name"]) for e in entries}
    for wheel, entry in zip(wheels, entries, strict=True):
        entry["depends"] = [d for d in entry["depends"] if d in known]  # type: ignore[attr-defined]
        lock["packages"][entry["name"]] = entry
        shutil.copyfile(wheel, static / wheel.name)
    (static / "pyodide-lock.json").write_text(json.dumps(lock), encoding="utf-8")


def site_config(lite_dir: Path) -> None:
    """The site's ``jupyter-lite.json``: the kernel preloads the engine and never asks PyPI; no nbgrader."""
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "disabledExtensions": DISABLED_EXTENSIONS,
        "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True,
                                               "loadPyodideOptions": {"packages": PRELOAD}}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    # Markdown opens rendered (the start page, the course map, the rules), as in the course's JupyterLab
    # the site has one kernel: a notebook opened before the kernels are listed starts it, never asks for one
    overrides = {"@jupyterlab/docmanager-extension:plugin": {"defaultViewers": {"markdown": "Markdown Preview"}},
                 "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True}}
    (lite_dir / "overrides.json").write_text(json.dumps(overrides, indent=1), encoding="utf-8")


def build_site(*, output: Path, course: Path = ROOT, pyodide: Path = PYODIDE_DIR) -> Path:
    """Build the site into ``output`` (replaced); return the engine's wheel it carries."""
    pyodide, output = pyodide.resolve(), output.resolve()  # jupyter lite runs in a folder of its own
    with tempfile.TemporaryDirectory(prefix="vint-lite-") as tmp:
        work = Path(tmp)
        wheel = build_wheel(work / "wheels")
        extra = sorted((pyodide / "wheels").glob("*.whl"))
        gather_contents(work / "contents", course=course)
        bundle_pyodide(work, pyodide, [wheel, *extra])
        site_config(work)
        shutil.copyfile(HERE / "jupyter_lite_config.json", work / "jupyter_lite_config.json")
        shutil.rmtree(output, ignore_errors=True)
        command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(work),
                   "--contents", str(work / "contents"), "--output-dir", str(output.resolve())]
        for path in [wheel, *extra]:
            command += ["--piplite-wheels", str(path)]
        subprocess.run(command, check=True, cwd=work)
        return output / "pypi" / wheel.name


def main() -> None:
    parser = argparse.ArgumentParser(description="Build the course as a static JupyterLite site.")
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--course", type=Path, default=ROOT, help="the checkout whose course the site holds")
    parser.add_argument("--pyodide", type=Path, default=PYODIDE_DIR,
                        help="the Pyodide folder deploy/lite/pyodide_dist.py made (make lite-pyodide)")
    args = parser.parse_args()
    wheel = build_site(output=args.output, course=args.course, pyodide=args.pyodide)
    print(f"built {args.output} (engine: {wheel.name}); serve it with any static web server, e.g. "
          f"python -m http.server -d {args.output}")


if __name__ == "__main__":
    main()
