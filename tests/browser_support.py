"""Running the table in a real browser: Voilà on a free 127.0.0.1 port, Debian's Chromium driven by Playwright.

Used by ``tests/test_app_browser.py`` and ``bench/table.py``; ``jupyterlab_server`` serves the course's
notebooks in JupyterLab for ``tests/test_course_browser.py``. Nothing here
downloads a browser: Chromium must be installed (``apt-get install chromium``)
at ``/usr/bin/chromium``, and its absence is an error, not a reason to skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from vint_core.app.launch import HOST, keep_log_tail, serving_port, start_voila, stop_voila, stopped_error

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts"
#: the course's Jupyter configuration (``make course``): nbgrader's menus and panels, the teacher's tools, off
COURSE_CONFIG = ROOT / "deploy" / "course"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def require_tools() -> None:
    """Fail (with what to install) when Chromium, Voilà or Playwright is missing."""
    problems = []
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        problems.append(f"{CHROMIUM} is missing: apt-get install chromium")
    try:
        import voila  # noqa: F401
    except ImportError:
        problems.append("Voilà is missing: pip install voila (the notebooks extra)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append("Playwright is missing: pip install playwright (its browsers are not needed)")
    if problems:
        raise AssertionError("the browser tests cannot run: " + "; ".join(problems))


class Server:
    """A running Voilà serving the table, with its address, data folder and log."""

    def __init__(self, *, port: int, process: subprocess.Popen[bytes], data_dir: Path, log: Path,
                 token: str = "") -> None:
        self.port = port
        self.process = process
        self.data_dir = data_dir
        self.log = log
        self.token = token

    @property
    def base(self) -> str:
        """The server's address, without the token."""
        return f"http://{HOST}:{self.port}/"

    @property
    def url(self) -> str:
        """The table's link, as ``vint table`` prints it: with the token (:meth:`page` adds a query)."""
        return self.page()

    def page(self, **query: str) -> str:
        """The table's link with ``query`` (``table="anna"``) and the token."""
        return page_url(self.base, **({"token": self.token} if self.token else {}), **query)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def page_url(url: str, **query: str) -> str:
    """``url`` with ``query`` added to its own (``?token=…`` and ``table=anna`` give ``?token=…&table=anna``)."""
    parts = urllib.parse.urlsplit(url)
    merged = urllib.parse.urlencode([*urllib.parse.parse_qsl(parts.query, keep_blank_values=True), *query.items()])
    return urllib.parse.urlunsplit(parts._replace(query=merged))


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a server this module started (Voilà or JupyterLab): politely, then for sure, with what it started."""
    stop_voila(process)


@contextmanager
def voila_server(*, data_dir: Path, env: Mapping[str, str] | None = None, name: str = "voila",
                 extra: tuple[str, ...] = ("--show_tracebacks=True",), preheat: bool = True,
                 notebook: Path | None = None, max_tables: int = 8, idle_minutes: float = 30) -> Iterator[Server]:
    """Voilà serving ``vint_core/app/table.ipynb`` on a port the system chooses as Voilà opens its socket (none
    picked beforehand, which another process could take first), saving into ``data_dir``.

    As ``vint table`` serves it: one kernel kept ready (``preheat``), unless told otherwise; with a token of its
    own, which :attr:`Server.url` carries. A server that stops before serving fails with the end of its log.
    """
    import secrets

    ARTIFACTS.mkdir(exist_ok=True)
    token = secrets.token_urlsafe(24)
    # the token as start_voila(token=...) hands it over (here in the environment, so that bench/ can run an older
    # vint_core, which ignores it)
    environ = {**os.environ, "VINT_DATA_DIR": str(data_dir), "JUPYTER_TOKEN": token, **(env or {})}
    log = ARTIFACTS / f"{name}.log"
    process = start_voila(env=environ, log=log, extra=extra, preheat=preheat, notebook=notebook,
                          max_tables=max_tables, idle_minutes=idle_minutes)
    try:
        port = serving_port(process, timeout=120)
        yield Server(port=port, process=process, data_dir=data_dir, log=log, token=token)
    finally:
        stop(process)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium (Debian's) driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def served_table(root: Path, *, env: Mapping[str, str], name: str) -> Iterator[tuple[Server, Any]]:
    """The table served as :func:`voila_server` serves it, saving into a new ``root/data``, and a Chromium to open it
    in: what a module of browser tests of the table shares."""
    require_tools()
    data_dir = clean_dir(root / "data")
    with voila_server(data_dir=data_dir, env=env, name=name) as server, chromium() as browser:
        yield server, browser


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under ``test-artifacts/`` and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


#: the longest wait any helper here accepts: a bigger number is a unit mistake (Playwright counts milliseconds,
#: these helpers seconds), and a stalled table must fail the run, not hang it
MAX_WAIT_SECONDS = 600.0


#: how long a helper waits by default: generous, for a busy machine (a wait ends as soon as its signal is seen)
WAIT_SECONDS = 120.0


def wait_for(predicate: Any, *, seconds: float = WAIT_SECONDS, interval: float = 0.05) -> Any:
    """Poll ``predicate()`` until it returns something true; fail after ``seconds`` seconds (not milliseconds:
    more than :data:`MAX_WAIT_SECONDS` is refused)."""
    if not 0 < seconds <= MAX_WAIT_SECONDS:
        raise ValueError(f"wait_for waits {seconds} s: give seconds (at most {MAX_WAIT_SECONDS:.0f}), "
                         "not Playwright's milliseconds")
    deadline = time.monotonic() + seconds
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            code = getattr(predicate, "__code__", None)  # where the wait was asked for, so a failure says which
            at = f" at {Path(code.co_filename).name}:{code.co_firstlineno}" if code else ""
            raise AssertionError(f"timed out after {seconds} s waiting for {predicate}{at}")
        time.sleep(interval)


def clean_dir(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def render_count(page: Any) -> int:
    """How many times the table has drawn itself (the page's ``data-render`` mark; 0 before the first)."""
    mark = page.locator(".vint-render")
    if not mark.count():
        return 0
    return int(mark.first.get_attribute("data-render") or 0)


def drawn_turn(page: Any) -> str:
    """What the learner may do in the table's latest complete drawing (its mark's ``data-turn``: ``call``,
    ``card``, ``next``, or "" while the computer players are to act); "" before the first drawing."""
    mark = page.locator(".vint-render")
    if not mark.count():
        return ""
    return str(mark.first.get_attribute("data-turn") or "")


def visible(locator: Any) -> Any:
    """Only the elements of ``locator`` that are visible now (a hidden part of the page may hold the same controls)."""
    return locator.filter(visible=True)


def click_and_wait(page: Any, locator: Any, *, seconds: float = WAIT_SECONDS) -> float:
    """Click and wait until the table has drawn itself again; return the seconds it took."""
    before = render_count(page)
    started = time.monotonic()
    locator.click()
    wait_for(lambda: render_count(page) > before, seconds=seconds, interval=0.005)
    return time.monotonic() - started


# -- JupyterLab, for the course's notebooks ---------------------------------------------------------------------

# JupyterLab settings for a test: every cell kept in the page (no windowing), no news prompt
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}


def lab_port(process: subprocess.Popen[bytes], runtime: Path, *, seconds: float = 120) -> int:
    """The port JupyterLab started with ``--ServerApp.port=0`` listens on: Jupyter writes it, once it listens, into
    its server file (``jpserver-PID.json`` in its ``runtime`` folder); fail at once (with the end of its log) if
    it stopped."""
    import json

    info = runtime / f"jpserver-{process.pid}.json"

    def port() -> int:
        if process.poll() is not None:
            raise stopped_error(process, "JupyterLab")
        try:
            return int(json.loads(info.read_text(encoding="utf-8"))["port"])
        except (OSError, ValueError, KeyError):  # not written yet, or half written
            return 0

    found: int = wait_for(port, seconds=seconds, interval=0.2)
    return found


def wait_for_lab(server: Any) -> None:
    """Wait until JupyterLab ``server`` (a :class:`LabServer`) answers its API; fail at once (with the end of its
    log) if it stopped."""
    keep_log_tail(server.process, server.log)

    def serving() -> bool:
        if server.process.poll() is not None:
            raise stopped_error(server.process, "JupyterLab")
        try:
            with urllib.request.urlopen(f"{server.url}api", timeout=2):
                return True
        except OSError:
            return False

    wait_for(serving, seconds=90, interval=0.2)


class LabServer(Server):
    """A running JupyterLab: its address, the token that opens it, the folder it serves."""

    def __init__(self, *, token: str, **kwargs: Any) -> None:
        super().__init__(token=token, **kwargs)

    @property
    def url(self) -> str:
        """The server's address (:meth:`lab_url` adds the path and the token)."""
        return self.base

    def lab_url(self, path: str) -> str:
        """The address that opens ``path`` (relative to the served folder) in JupyterLab."""
        return f"{self.url}lab/tree/{path}?token={self.token}"


@contextmanager
def jupyterlab_server(*, root: Path, env: Mapping[str, str] | None = None,
                      name: str = "jupyterlab") -> Iterator[LabServer]:
    """JupyterLab serving ``root`` on a 127.0.0.1 port the system chooses as it opens its socket, with a fresh token
    and its own settings, workspaces and data folder (``VINT_DATA_DIR``, unless ``env`` names one),
    configured as ``make course`` opens it (:data:`COURSE_CONFIG`).

    The page gets ``window.jupyterapp`` (to run commands: run all cells, change the theme). Serve a copy of the
    notebooks: JupyterLab saves an open notebook, outputs and all, every two minutes.
    """
    import json
    import secrets

    ARTIFACTS.mkdir(exist_ok=True)
    state = root.parent / f"{root.name}-lab-state"
    settings = state / "settings"
    for plugin, values in LAB_SETTINGS.items():
        package, _, file = plugin.partition("/")
        extension, _, leaf = file.partition("/")
        (settings / package / extension).mkdir(parents=True, exist_ok=True)
        (settings / package / extension / leaf).write_text(json.dumps(values), encoding="utf-8")
    environ = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(settings),
               "JUPYTERLAB_WORKSPACES_DIR": str(state / "workspaces"), "JUPYTER_RUNTIME_DIR": str(state / "runtime"),
               "JUPYTER_CONFIG_PATH": str(COURSE_CONFIG),
               # the lessons' quizzes save into a data folder of this server, not the machine's (a quiz answered in
               # one run would change what the next run's lessons ask first)
               "VINT_DATA_DIR": str(state / "data"),
               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])), **(env or {})}
    token = secrets.token_hex(16)
    log = ARTIFACTS / f"{name}.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--ServerApp.ip={HOST}", "--ServerApp.port=0",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
               "--LabApp.expose_app_in_browser=True", "--LabApp.extension_manager=readonly",
               *(["--allow-root"] if os.geteuid() == 0 else [])]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, env=environ, stdout=out, stderr=subprocess.STDOUT)
    keep_log_tail(process, log)
    try:
        server = LabServer(token=token, port=lab_port(process, Path(environ["JUPYTER_RUNTIME_DIR"])), process=process,
                           data_dir=root, log=log)
        wait_for_lab(server)
        yield server
    finally:
        stop(process)
