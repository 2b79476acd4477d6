"""The course's links clicked in Chromium, in JupyterLab as ``make course`` serves it.

``make course`` runs deploy/course/course_folder.py: it brings ``build/course`` (the lessons, docs/rules.md
and the learners' exercises with their README, side by side) up to date and opens JupyterLab on it at
lesson 00. Here the same command (:func:`course_folder.lab_command`) serves a fresh course folder made the
same way; a learner clicks the glossary link of lesson 00, the course map and its rules link, and lesson
11's link to the exercises, and each opens its document, rendered, in a tab of its own. The solutions
(``exercises/source``) are not under the served root. The hub's and the Lite site's clicks are in
tests/test_classroom.py and tests/test_lite.py, with :func:`click_and_open` from here.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import browser_support as bs

from vint_core.app.launch import HOST, free_port

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy" / "course"))

import course_folder  # noqa: E402

#: a document in front: the current tab's label
CURRENT_TAB = ".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel"
#: the document in front
IN_FRONT = ".jp-MainAreaWidget:not(.lm-mod-hidden)"


def lesson_ready(page: Any) -> None:
    """Wait until the lesson's kernel is idle: JupyterLab has then applied its settings (a link clicked earlier, while
    it starts, opens Markdown in the text editor instead of rendered)."""
    page.wait_for_selector(".jp-StatusBar-TextItem:has-text('| Idle')", timeout=180_000)


def click_and_open(page: Any, href: str) -> Any:
    """Click the first link whose target (as written in the lesson) is ``href`` and wait until its document is in
    front, rendered; return the rendered document. JupyterLab resolves ``../docs/rules.md`` against the lesson's
    folder (the link's address on the page ends in the resolved path)."""
    name = href.split("#")[0].rsplit("/", 1)[-1]
    path = href.split("#")[0].lstrip("./")
    link = page.locator(f"{IN_FRONT} .jp-RenderedMarkdown a[href*='{path}']").first
    bs.wait_for(lambda: link.count() == 1, seconds=60)
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_selector(f"{CURRENT_TAB}:text-is('{name}')", timeout=120_000)
    document = page.locator(f"{IN_FRONT} .jp-MarkdownViewer .jp-RenderedMarkdown")
    document.wait_for(timeout=120_000)
    bs.wait_for(lambda: document.locator("h1, h2").count() > 0, seconds=120)  # rendered, not only attached
    return document


def glossary_visible(page: Any) -> bool:
    """The glossary's heading is on the screen (JupyterLab scrolled the rules to the link's anchor)."""
    heading = page.locator(f"{IN_FRONT} .jp-MarkdownViewer h2", has_text="Words: English, German, Russian")
    if heading.count() != 1:
        return False
    box, viewport = heading.bounding_box(), page.viewport_size
    return bool(box and 0 <= box["y"] < viewport["height"])


@contextmanager
def make_course_lab(folder: Path) -> Iterator[tuple[bs.LabServer, str]]:
    """JupyterLab started with ``make course``'s command on ``folder`` (plus a port, a token and settings of the
    test's own); yields the server and the address ``make course`` opens in the browser."""
    command, env = course_folder.lab_command(folder)
    state = folder.parent / "lab-state"
    settings = state / "settings"
    for plugin, values in bs.LAB_SETTINGS.items():
        package, _, file = plugin.partition("/")
        extension, _, leaf = file.partition("/")
        (settings / package / extension).mkdir(parents=True, exist_ok=True)
        (settings / package / extension / leaf).write_text(json.dumps(values), encoding="utf-8")
    env.update({"JUPYTERLAB_SETTINGS_DIR": str(settings), "JUPYTERLAB_WORKSPACES_DIR": str(state / "workspaces"),
                "JUPYTER_RUNTIME_DIR": str(state / "runtime"),
                "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    port, token = free_port(), secrets.token_hex(16)
    bs.ARTIFACTS.mkdir(exist_ok=True)
    log = bs.ARTIFACTS / "course-links-jupyterlab.log"
    extra = ["--no-browser", f"--ServerApp.ip={HOST}", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
             f"--IdentityProvider.token={token}", "--LabApp.expose_app_in_browser=True",
             *(["--allow-root"] if os.geteuid() == 0 else [])]
    with open(log, "wb") as out:
        process = subprocess.Popen([*command, *extra], env=env, stdout=out, stderr=subprocess.STDOUT)
    server = bs.LabServer(token=token, port=port, process=process, data_dir=folder, log=log)

    try:
        bs.wait_for_lab(server)
        runtime = state / "runtime"
        opened = bs.wait_for(lambda: next(runtime.glob("jpserver-file-to-run-*-open.html"), None), seconds=30)
        found = re.search(r'href="([^"]+)"', opened.read_text(encoding="utf-8"))
        assert found, opened.read_text(encoding="utf-8")
        yield server, found.group(1).replace("&amp;", "&")
    finally:
        bs.stop(process)


def api_status(server: bs.LabServer, path: str) -> int:
    try:
        with urllib.request.urlopen(f"{server.url}api/contents/{path}?content=0&token={server.token}", timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def test_make_course_opens_lesson_00_and_its_glossary_course_map_and_exercises_links_open(tmp_path: Path) -> None:
    bs.require_tools()
    folder = tmp_path / "course"
    course_folder.update(folder)  # what make course does into build/course, here into a fresh folder
    with make_course_lab(folder) as (server, address), bs.chromium() as browser:
        # the served root is the course's folder: its three parts, never the solutions or the rest of the checkout
        with urllib.request.urlopen(f"{server.url}api/contents?token={server.token}", timeout=10) as answer:
            listing = json.loads(answer.read())
        assert {c["name"] for c in listing["content"]} == {"notebooks", "docs", "exercises"}
        for hidden in ("exercises/source", "exercises/release", "notebooks/../../exercises/source", ".copied.json"):
            assert api_status(server, hidden) == 404, hidden
        assert api_status(server, "exercises/01-trick-value.ipynb") == 200
        assert "lab/tree/notebooks/00-welcome.ipynb" in address  # make course opens lesson 00

        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page_errors: list[str] = []
        page.on("pageerror", lambda exc: page_errors.append(str(exc)))
        page.goto(address if address.startswith("http") else f"{server.url}{address.lstrip('/')}")
        page.wait_for_selector(f"{CURRENT_TAB}:text-is('00-welcome.ipynb')", timeout=90_000)
        lesson_ready(page)
        rules = click_and_open(page, "../docs/rules.md#6-words-english-german-russian")
        assert "The rules of Vint" in rules.locator("h1").first.inner_text()
        bs.wait_for(lambda: glossary_visible(page), seconds=30)  # at the glossary, not at the top
        bs.screenshot(page, "course-links-glossary-1280")
        page.evaluate("() => { window.jupyterapp.commands.execute('apputils:change-theme', "
                      "{theme: 'JupyterLab Dark'}); }")
        page.wait_for_selector("body[data-jp-theme-light='false']", state="attached", timeout=30_000)
        page.wait_for_selector("#jupyterlab-splash", state="detached", timeout=30_000)  # the theme is drawn
        bs.screenshot(page, "course-links-glossary-dark-1280")
        page.evaluate("() => { window.jupyterapp.commands.execute('apputils:change-theme', "
                      "{theme: 'JupyterLab Light'}); }")
        page.wait_for_selector("body[data-jp-theme-light='true']", state="attached", timeout=30_000)

        # the course map (lesson 00's "Course map" link), and from it the rules (their tab closed first)
        page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabCloseIcon").click()
        page.wait_for_selector(f"{CURRENT_TAB}:text-is('00-welcome.ipynb')", timeout=30_000)
        course_map = click_and_open(page, "README.md")
        assert "The course: learning Vint" in course_map.inner_text()
        rules = click_and_open(page, "../docs/rules.md")
        assert "The rules of Vint" in rules.inner_text()

        # lesson 11's link to the exercises: their README, beside the learners' notebooks
        page.goto(f"{server.url}lab/tree/notebooks/11-play-a-rubber.ipynb?token={server.token}")
        page.wait_for_selector(f"{CURRENT_TAB}:text-is('11-play-a-rubber.ipynb')", timeout=90_000)
        lesson_ready(page)
        exercises = click_and_open(page, "../exercises/README.md")
        assert "Exercises that check themselves" in exercises.inner_text()
        bs.screenshot(page, "course-links-exercises-1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate("() => { window.jupyterapp.shell.collapseLeft(); }")
        bs.screenshot(page, "course-links-exercises-390")
        missing = [line for line in server.log.read_text(errors="replace").splitlines()
                   if " 404 GET /api/contents/" in line and "referer=http" in line]  # asked for by the page
        assert not missing, missing
        assert not page_errors, page_errors
