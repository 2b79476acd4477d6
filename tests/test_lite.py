"""``make lite``: the course as a static JupyterLite site, tested for real, offline.

Built for real (``deploy/lite/build.py``) from this checkout's course and the Pyodide folder ``make
lite-pyodide`` downloads (build/pyodide: Pyodide's core from npm, the kernel's pure-Python packages from
PyPI; ``make test`` makes it first, so the test itself fetches nothing). Checked: the engine's wheel
(pure Python) in the site's index and in its Pyodide lock; the site's files (the course's folder:
lessons, docs/rules.md, the learners' exercises; no solution); jupyter-lite.json (Pyodide from the site,
no PyPI, the engine preloaded, nbgrader off). In Chromium, served by a local static server with every
other address refused: Pyodide starts, lesson 00 runs top to bottom (its deal widget and quiz drawn),
the glossary link opens the rules, and the file browser shows the exercises. The engine also runs from
the wheel alone (no thread, process or blocking sleep) under the newest Python here. **Not tested**:
lessons 06-10's plots (matplotlib and numpy for Pyodide come from Pyodide's CDN, unreachable here) and
the other lessons in Pyodide.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import browser_support as bs
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from vint_core.app.launch import HOST, free_port

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy" / "lite"))

from pyodide_dist import FROM_LOCK, closure  # noqa: E402

from build import PRELOAD, PYODIDE_DIR, PYODIDE_KERNELSPEC, build_site  # noqa: E402


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise AssertionError(f"{PYODIDE_DIR} has no Pyodide: run make lite-pyodide (it downloads Pyodide's core "
                             "from npm and the kernel's packages from PyPI; make test does it first)")
    output = tmp_path_factory.mktemp("site") / "lite"
    wheel = build_site(output=output, course=ROOT, pyodide=PYODIDE_DIR)
    return output, wheel


def test_the_engine_is_a_pure_python_wheel_in_the_sites_index_and_its_pyodide_lock(site: tuple[Path, Path]) -> None:
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
    lock = json.loads((output / "static" / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    assert lock["vint-core"]["file_name"] == wheel.name
    assert set(lock["vint-core"]["depends"]) == {"platformdirs", "tqdm"}
    assert lock["vint-core"]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


def test_what_the_kernel_loads_before_the_first_cell_is_in_the_site(site: tuple[Path, Path]) -> None:
    output, _ = site
    pyodide = output / "static" / "pyodide"
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (pyodide / name).is_file(), name
    lock = json.loads((pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["packages"]
    needed = closure(lock, (*FROM_LOCK, *PRELOAD))
    assert {"micropip", "ipython", "jedi", "vint-core", "ipywidgets", "comm", "tqdm", "platformdirs"} <= set(needed)
    for name in needed:
        entry = lock[name]
        assert "://" not in entry["file_name"], (name, entry["file_name"])  # from the site, not a CDN
        assert hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"], name
    # what is not bundled (compiled for WebAssembly) stays on Pyodide's CDN: lessons 06-10's plots
    assert lock["matplotlib"]["file_name"].startswith("https://cdn.jsdelivr.net/pyodide/")


def test_jupyter_lite_json_preloads_the_engine_never_asks_pypi_and_leaves_nbgrader_off(site: tuple[Path, Path]) -> None:
    output, _ = site
    config = json.loads((output / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    # a notebook opened before the kernels are listed starts the site's kernel instead of asking for one
    overrides = json.loads((output / "overrides.json").read_text(encoding="utf-8"))
    assert overrides["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["vint-core", "ipywidgets"]
    assert all(url.startswith("./") for url in kernel["pipliteUrls"])
    assert "@jupyter/nbgrader" in config["disabledExtensions"]
    loaded = {e["name"] for e in config["federated_extensions"]}
    assert {"@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager"} <= loaded


def test_the_site_holds_the_course_folder_the_practice_page_and_no_solution(site: tuple[Path, Path]) -> None:
    output, _ = site
    for page in ("index.html", "lab/index.html", "notebooks/index.html", "jupyter-lite.json"):
        assert (output / page).is_file(), page
    files = output / "files"
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in (files / "notebooks").glob("*.ipynb")) == lessons
    assert (files / "notebooks" / "README.md").is_file() and (files / "docs" / "rules.md").is_file()
    exercises = sorted(p.name for p in (ROOT / "exercises" / "release").glob("*.ipynb"))
    assert sorted(p.name for p in (files / "exercises").glob("*.ipynb")) == exercises
    assert (files / "exercises" / "README.md").is_file() and (files / "practice.ipynb").is_file()
    assert not (files / "exercises" / "source").exists()
    assert not [p for p in files.rglob("*.ipynb") if "BEGIN SOLUTION" in p.read_text(encoding="utf-8")]
    # every notebook names the site's own kernel: JupyterLite starts it at once instead of asking for one
    assert {json.dumps(json.loads(p.read_text(encoding="utf-8"))["metadata"]["kernelspec"], sort_keys=True)
            for p in files.rglob("*.ipynb")} == {json.dumps(PYODIDE_KERNELSPEC, sort_keys=True)}
    # the lessons that plot begin (after their header) with the cell that loads matplotlib, the others as they are
    for lesson in sorted((files / "notebooks").glob("*.ipynb")):
        cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
        original = json.loads((ROOT / "notebooks" / lesson.name).read_text(encoding="utf-8"))["cells"]
        plots = "vint_core.plots" in json.dumps(original) or "from vint_core import plots" in json.dumps(original)
        assert len(cells) == len(original) + plots, lesson.name
        if plots:
            assert "%pip install matplotlib\ntry:\n    import matplotlib" in "".join(cells[1]["source"]), lesson.name
            assert cells[0] == original[0] and cells[2:] == original[1:]
    assert {p.name[:2] for p in (files / "notebooks").glob("*.ipynb") if "install matplotlib" in p.read_text(
        encoding="utf-8")} == {"06", "07", "08", "09", "10"}
    start = (files / "README.md").read_text(encoding="utf-8")
    assert "already installed" in start and "%pip install vint_core" not in start and "double-dummy" in start
    assert "(notebooks/00-welcome.ipynb)" in start and "(docs/rules.md)" in start
    contents = json.loads((output / "api" / "contents" / "all.json").read_text(encoding="utf-8"))
    assert {"README.md", "notebooks", "docs", "exercises", "practice.ipynb"} == {c["name"] for c in contents["content"]}


@contextmanager
def static_server(root: Path) -> Iterator[str]:
    """``root`` on a free 127.0.0.1 port, as any static web host would serve it; yields its address."""
    class Files(http.server.SimpleHTTPRequestHandler):
        extensions_map: ClassVar[dict[str, str]] = {
            **http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm",
            ".mjs": "text/javascript", ".js": "text/javascript", ".json": "application/json"}

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer((HOST, free_port()), functools.partial(Files, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def prompts(page: Any) -> list[str]:
    """The code cells' prompts (``[3]:``), also of cells scrolled out of view (textContent, not innerText)."""
    return [t.strip() for t in page.eval_on_selector_all(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell .jp-InputArea-prompt",
        "els => els.map(e => e.textContent)")]


FIRST_OUTPUT = ".jp-CodeCell .jp-OutputArea-output:has-text('52 cards, from 2♠ to A♣')"


def run_the_first_cell(page: Any, seconds: float = 480) -> bool:
    """The learner's first step: the first cell, Shift + Enter, until its output shows. As a learner would, take
    the kernel JupyterLite offers whenever it asks (on a busy machine the question can come late), and press again
    if the cell was never queued (a key press the page took before the notebook was ready). On failure, say what
    the page showed: the first cell's prompt, any dialog, any output. True if it had to press again or reload."""
    first = page.locator(".jp-CodeCell").first
    dialog = page.locator(".jp-Dialog button", has_text="Select")

    def run() -> None:
        if page.locator(".jp-Dialog").count():
            return  # a dialog came first (the kernel asked for late): the loop below takes it, then presses
        try:
            first.click(timeout=10_000)
        except PlaywrightTimeout:
            return  # a dialog came up while clicking: the same
        page.keyboard.press("Shift+Enter")

    def first_prompt() -> str:
        found = prompts(page)
        return found[0] if found else ""

    run()
    again = False
    pressed = time.monotonic()
    deadline = pressed + seconds
    reload_at = pressed + seconds / 2
    while not page.locator(FIRST_OUTPUT).count():
        if reload_at and time.monotonic() > reload_at:
            # still nothing: as a learner would, load the page again (said, so a run shows how often)
            print(f"Lite: no output after {seconds / 2:.0f} s (prompt {first_prompt()!r}, the kernel "
                  f"{kernel_status(page)!r}): the page loaded again")
            reload_at = 0
            again = True
            page.reload()
            page.wait_for_selector(".jp-NotebookPanel .jp-CodeCell", timeout=120_000)
            run()
            pressed = time.monotonic()
        if dialog.count() and dialog.first.is_visible():
            dialog.first.click()
            print(f"Lite: took the kernel offered, {time.monotonic() - pressed:.0f} s after the first press")
            run()
            pressed = time.monotonic()
        elif first_prompt() in ("[ ]:", "") and time.monotonic() - pressed > 30 \
                and "idle" in kernel_status(page).split():
            # only with the kernel up and idle: pressed again while Pyodide still starts (slow on a busy machine),
            # JupyterLite replaced the kernel, and the lesson's widgets were never drawn (CI, twice)
            print(f"Lite: pressed again, the first cell's prompt still {first_prompt()!r}")
            run()  # the press was lost: the cell is neither queued ("[*]:") nor run
            again = True
            pressed = time.monotonic()
        if time.monotonic() > deadline:
            bs.screenshot(page, "lite-first-cell-timeout")
            shown = page.eval_on_selector_all(".jp-OutputArea-output, .jp-Dialog",
                                              "els => els.map(e => e.textContent.slice(0, 300))")
            raise AssertionError(f"lesson 00's first cell gave no output in {seconds:.0f} s: its prompt "
                                 f"{first_prompt()!r}, the kernel {kernel_status(page)!r}, shown: {shown}")
        time.sleep(0.5)  # between two looks, as browser_support.wait_for polls
    return again


def kernel_status(page: Any) -> str:
    """The notebook toolbar's kernel name and state, as the learner sees them."""
    return " ".join(t.strip() for t in page.eval_on_selector_all(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-KernelName, "
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator",
        "els => els.map(e => (e.textContent || '') + ' ' + (e.getAttribute('data-status') || ''))"))


def test_lesson_00_runs_in_pyodide_offline_and_its_glossary_and_exercises_open(site: tuple[Path, Path]) -> None:
    """The site from a local static server, every other address refused (as offline): Pyodide starts from the
    site, lesson 00 runs top to bottom, its links open, and the file browser lists the exercises."""
    import test_course_links_browser as links

    bs.require_tools()
    output, _ = site
    refused: list[str] = []
    page_errors: list[str] = []
    with static_server(output) as url, bs.chromium() as browser:

        def only_the_site(route: Any) -> None:
            if route.request.url.startswith(url):
                route.continue_()
            else:
                refused.append(route.request.url)
                route.abort()

        def a_new_learner() -> tuple[Any, Any]:
            """A browser profile of its own (nothing stored from before), offline but for the site."""
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.route("**/*", only_the_site)
            page = context.new_page()
            page.on("pageerror", lambda exc: page_errors.append(str(exc)))
            return context, page

        context, page = a_new_learner()
        started = time.monotonic()
        page.goto(f"{url}lab/index.html?path=notebooks/00-welcome.ipynb")
        page.wait_for_selector(".jp-NotebookPanel .jp-CodeCell", timeout=120_000)
        pressed_again = run_the_first_cell(page)
        first_cell = time.monotonic() - started
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").click()
        page.locator(".lm-Menu-itemLabel").get_by_text("Run All Cells", exact=True).click()
        bs.wait_for(lambda: all(re.fullmatch(r"\[\d+\]:", p) for p in prompts(page)), seconds=240, interval=0.5)
        errors = page.eval_on_selector_all(".jp-OutputArea-output[data-mime-type*='error'], "
                                           ".jp-OutputArea-output[data-mime-type*='stderr']",
                                           "els => els.map(e => e.textContent)")
        assert not errors, errors
        # the deal control, drawn by ipywidgets in Pyodide (its view can come a moment after the cell's prompt)
        bs.wait_for(lambda: page.locator(".vint-deal-viewer").count() == 1, seconds=180)
        # "Your progress", read from the browser's own storage: every lesson listed, none started yet
        assert page.locator(".vint-course-progress .vint-progress-lesson").count() == 12
        print(f"Lite: lesson 00's first cell done {first_cell:.1f} s after the page was asked for, all cells "
              f"{time.monotonic() - started:.1f} s")
        assert "Nbgrader" not in " ".join(page.locator(".lm-MenuBar-itemLabel").all_inner_texts())
        bs.screenshot(page, "lite-lesson-00-1280")

        rules = links.click_and_open(page, "../docs/rules.md#6-words-english-german-russian")
        assert "The rules of Vint" in rules.locator("h1").first.inner_text()
        bs.wait_for(lambda: links.glossary_visible(page), seconds=30)
        bs.screenshot(page, "lite-glossary-1280")

        # the file browser: the course's folder, and in exercises/ the learners' notebooks beside their README. A
        # learner arriving from the course's page with this link, in a profile of their own: in the lesson's profile
        # JupyterLite would restore the lesson's workspace first, its kernel and its dialogs (on a busy machine they
        # kept the README from the front for minutes), which is not what this link is about
        context.close()
        context, page = a_new_learner()
        page.goto(f"{url}lab/index.html?path=exercises/README.md")
        page.wait_for_selector(f"{links.CURRENT_TAB}:text-is('README.md')", timeout=120_000)
        listing = page.locator(".jp-DirListing-content .jp-DirListing-itemText")
        bs.wait_for(lambda: "01-trick-value.ipynb" in listing.all_inner_texts(), seconds=180)
        assert "README.md" in listing.all_inner_texts()
        readme = page.locator(f"{links.IN_FRONT} .jp-RenderedMarkdown")
        bs.wait_for(lambda: any("Exercises that check themselves" in t for t in readme.all_inner_texts()), seconds=180)
        bs.screenshot(page, "lite-exercises-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        bs.screenshot(page, "lite-exercises-390")
        if pressed_again:  # JupyterLite's words for the kernel it replaced when the learner pressed again
            page_errors = [e for e in page_errors if not re.fullmatch(r"[0-9a-f-]{36} was disposed", e)]
        assert not page_errors, page_errors
    assert not refused, refused  # nothing asked of the internet


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
from vint_core.table.session import TableSession
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
