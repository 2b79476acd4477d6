"""``make lite``: the course as a static JupyterLite site, tested as far as this machine allows.

Built for real (``deploy/lite/build.py``, no network for the site itself): the engine's wheel is pure
Python and holds the package; the site has its start page, the course notebooks, the practice page
and a package index with the wheel. The engine runs from the wheel alone (standard library only, no
thread, process or blocking sleep) under the newest Python here (Pyodide 314.x is Python 3.14; 3.14
itself is not installed on the development machines). Pyodide itself is not run: it would be loaded
from its CDN by a browser (see deploy/README.md).
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy" / "lite"))

from build import build_site  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    course = tmp_path_factory.mktemp("course")
    (course / "notebooks").mkdir()
    shutil.copyfile(ROOT / "vint_core" / "app" / "table.ipynb", course / "notebooks" / "00-first.ipynb")
    (course / "vint_core" / "app").mkdir(parents=True)
    shutil.copyfile(ROOT / "vint_core" / "app" / "table.ipynb", course / "vint_core" / "app" / "practice.ipynb")
    output = tmp_path_factory.mktemp("site") / "lite"
    wheel = build_site(output=output, course=course)
    return output, wheel


def test_the_engine_is_a_pure_python_wheel_in_the_sites_index(site: tuple[Path, Path]) -> None:
    output, wheel = site
    assert wheel.name.endswith("-py3-none-any.whl") and wheel.exists()
    names = zipfile.ZipFile(wheel).namelist()
    assert "vint_core/__init__.py" in names and "vint_core/py.typed" in names and "vint_core/app/table.ipynb" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".dll", ".dylib"))]
    metadata = next(n for n in names if n.endswith(".dist-info/WHEEL"))
    assert "Root-Is-Purelib: true" in zipfile.ZipFile(wheel).read(metadata).decode()
    index = json.loads((output / "pypi" / "all.json").read_text(encoding="utf-8"))
    [release] = index["vint-core"]["releases"].values()
    assert release[0]["filename"] == wheel.name


def test_the_site_holds_the_course_the_practice_page_and_the_kernel(site: tuple[Path, Path]) -> None:
    output, _ = site
    for page in ("index.html", "lab/index.html", "notebooks/index.html", "jupyter-lite.json"):
        assert (output / page).is_file(), page
    files = output / "files"
    assert (files / "notebooks" / "00-first.ipynb").is_file() and (files / "practice.ipynb").is_file()
    start = (files / "README.md").read_text(encoding="utf-8")
    assert "%pip install vint_core" in start and "double-dummy" in start
    contents = json.loads((output / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert {"README.md", "notebooks", "practice.ipynb"} <= {c["name"] for c in contents["content"]}
    assert (output / "extensions" / "@jupyterlite" / "pyodide-kernel-extension").is_dir()
    assert (output / "extensions" / "@jupyter-widgets" / "jupyterlab-manager").is_dir()  # the widgets draw


NO_BLOCKING = """
import sys, threading, subprocess, time, os, multiprocessing.process
def refuse(what):
    def no(*a, **k):
        raise AssertionError(what + " is not available in the browser")
    return no
threading.Thread.start = refuse("a thread")
subprocess.Popen.__init__ = refuse("a process")
time.sleep = refuse("a blocking sleep")
os.environ["VINT_DATA_DIR"] = sys.argv[1]
multiprocessing.process.BaseProcess.start = refuse("a process")  # importable in Pyodide, never started
import vint_core
from vint_core import Deal, Seat
from vint_core.random_play import random_deals
from vint_core.simulate import simulate
from vint_core.session import TableSession
from vint_core.analysis import DoubleDummyUnavailable, available
deals = random_deals(3, seed=1)
assert all(d.is_finished for d in deals)
result = simulate(deals=3, ns="rule", ew="random", seed=2, duplicate=True)
session = TableSession.open(seed=3)  # saved into VINT_DATA_DIR after every action
session.run_bots()
session.act(session.legal_actions()[0])
session.run_bots()
assert (__import__("pathlib").Path(sys.argv[1]) / "table.json").exists()
assert not available()
from vint_core.quiz import TOPICS, check, generate
for topic in TOPICS:
    for item in generate(topic, seed=4, count=2):
        assert check(item, item.answer).correct
sys.platform = "emscripten"
print(DoubleDummyUnavailable().message("en"))
print(sorted({m.split(".")[0] for m in sys.modules} - set(sys.stdlib_module_names)))
"""


def newest_python() -> str:
    pyenv = sorted(Path.home().glob(".pyenv/versions/3.1[34]*/bin/python3"), reverse=True)
    for found in [shutil.which("python3.14"), shutil.which("python3.13"), *map(str, pyenv)]:
        if found and subprocess.run([found, "--version"], capture_output=True).returncode == 0:
            return found
    raise AssertionError("neither python3.14 nor python3.13 is installed: the engine cannot be tried on the "
                         "Python that Pyodide carries")


def test_the_engine_runs_from_the_wheel_alone_without_threads_processes_or_sleeps(
        site: tuple[Path, Path], tmp_path: Path) -> None:
    _, wheel = site
    python = newest_python()
    out = subprocess.run([python, "-I", "-c", f"import sys; sys.path.insert(0, {str(wheel)!r}); " + NO_BLOCKING,
                          str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    message, modules = out.stdout.strip().splitlines()
    assert message.startswith("double-dummy analysis is not available in the browser-only course")
    assert set(ast.literal_eval(modules)) - {"__main__", "__mp_main__"} == {"vint_core"}  # stdlib and the engine


def test_the_widgets_quizzes_and_session_start_no_thread_process_or_sleep_of_their_own() -> None:
    """No thread, process or sleep in the session, the widgets (table, lessons, quiz) or the quizzes: the
    table paces the computer players with the event loop (``call_later``); a worker thread serves only the
    double-dummy analysis, which the browser never offers."""
    forbidden = {"threading", "subprocess", "multiprocessing"}
    package = ROOT / "vint_core"
    paths = [package / "session.py", package / "controller.py", package / "practice.py",
             *sorted((package / "widgets").glob("*.py")), *sorted((package / "quiz").glob("*.py"))]
    for path in [p for p in paths if p.exists()]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & forbidden, path
            elif isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in forbidden, path
            elif isinstance(node, ast.Attribute) and node.attr == "sleep":
                raise AssertionError(f"{path.name}: a blocking sleep")
