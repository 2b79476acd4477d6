"""A class on JupyterHub, for real: deploy/jupyterhub/jupyterhub_config.py in its demo mode.

JupyterHub (with configurable-http-proxy from npm, which ``make test-classroom`` installs into
``deploy/jupyterhub/node_modules``), the dummy authenticator and the simple local process spawner:
two learners log in through the hub's login page in Chromium, each opens the table through Voilà
inside their own server, makes a call, and the test checks that each game is saved in that
learner's own data directory and that the two games are apart. Kubernetes (Zero to JupyterHub,
``deploy/jupyterhub/values.yaml``) is not tested here.

Run by ``make test-classroom``; not part of ``make test`` (it takes about a minute on a busy
two-core machine). A missing proxy or browser fails it: it never skips.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_support as bs
import pytest
from test_app_browser import ENABLED_CALLS, wait_for_turn

from vint_core import Seat
from vint_core.app.launch import HOST, free_port
from vint_core.calls import Call
from vint_core.session import TableSession

ROOT = Path(__file__).resolve().parent.parent
HUB_DIR = ROOT / "deploy" / "jupyterhub"
PROXY = HUB_DIR / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "vint-class"
LEARNERS = ("ana", "boris")

pytestmark = pytest.mark.classroom


def proxy_dir() -> Path:
    if PROXY.exists():
        return PROXY.parent
    found = shutil.which("configurable-http-proxy")
    if found is None:
        raise AssertionError("configurable-http-proxy is missing: `make test-classroom` installs it from npm "
                             "into deploy/jupyterhub/node_modules")
    return Path(found).parent


class Hub:
    def __init__(self, *, url: str, root: Path, process: subprocess.Popen[bytes], log: Path) -> None:
        self.url, self.root, self.process, self.log = url, root, process, log

    def home(self, name: str) -> Path:
        return self.root / "homes" / name

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    bs.require_tools()
    root = tmp_path / "hub"
    root.mkdir()
    port = free_port()
    bs.ARTIFACTS.mkdir(exist_ok=True)
    log = bs.ARTIFACTS / "classroom-hub.log"
    env = {**os.environ, "VINT_HUB_MODE": "demo", "VINT_HUB_ROOT": str(root), "VINT_HUB_PORT": str(port),
           "VINT_HUB_PASSWORD": PASSWORD, "VINT_TABLE_ENV": "VINT_BOTS=rule;VINT_PACE=none;VINT_LANG=en",
           "PATH": f"{proxy_dir()}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    env.pop("VINT_DATA_DIR", None)
    with open(log, "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(HUB_DIR / "jupyterhub_config.py")],
                                   cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    hub = Hub(url=f"http://{HOST}:{port}", root=root, process=process, log=log)
    try:
        bs.wait_for(lambda: answers(f"{hub.url}/hub/health", process), seconds=120, interval=0.2)
        yield hub
    finally:
        os.killpg(process.pid, 15)  # the hub, its proxy, the culler and the learners' servers
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


def answers(url: str, process: subprocess.Popen[bytes]) -> bool:
    if process.poll() is not None:
        raise AssertionError(f"JupyterHub stopped (exit code {process.returncode}): see test-artifacts/")
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def saved(home: Path) -> TableSession | None:
    path = home / ".vint" / "table.json"
    if not path.exists():
        return None
    return TableSession.from_json(json.loads(path.read_text(encoding="utf-8")))


def learner_calls(session: TableSession | None) -> list[str]:
    if session is None:
        return []
    deal = session.deal
    seat = deal.dealer
    calls = []
    for action in deal.actions:
        if not isinstance(action, Call):
            break
        if seat is session.human:
            calls.append(str(action))
        seat = seat.next()
    return calls


def test_two_learners_play_on_the_hub_each_in_their_own_server_and_folder(hub: Hub) -> None:
    started = time.monotonic()
    pages: dict[str, Any] = {}
    with bs.chromium() as browser:
        for name in LEARNERS:  # a browser context each: their own cookies, as on two computers
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(f"{hub.url}/hub/login")
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", PASSWORD)
            page.click("input[type=submit], button[type=submit]")
            # the hub starts the learner's server and opens JupyterLab on the start page
            page.wait_for_url(re.compile(f"/user/{name}/lab"), timeout=120_000)
            start = (hub.home(name) / "vint" / "README.md").read_text(encoding="utf-8")
            assert f"(/user/{name}/voila/render/vint/table.ipynb)" in start
            pages[name] = page
        for name, page in pages.items():
            page.goto(f"{hub.url}/user/{name}/voila/render/vint/table.ipynb")
            page.wait_for_selector(".vint-table", timeout=120_000)
            assert wait_for_turn(page, seconds=120) == "call" or learner_calls(saved(hub.home(name)))
        # ana opens with the lowest bid offered, boris passes
        choices = {}
        for name, page in pages.items():
            texts = page.locator(ENABLED_CALLS).all_inner_texts()
            choice = next(t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)) if name == "ana" else "Pass"
            bs.click_and_wait(page, page.locator(ENABLED_CALLS, has_text=re.compile(f"^{re.escape(choice)}$")).first)
            choices[name] = choice
        for name, page in pages.items():
            bs.screenshot(page, f"classroom-{name}")
    for name in LEARNERS:
        home = hub.home(name)
        calls = bs.wait_for(lambda home=home: learner_calls(saved(home)), seconds=30)
        assert calls[0] == choices[name], (name, calls)
        assert saved(home).human is Seat.SOUTH  # type: ignore[union-attr]
    ana, boris = (saved(hub.home(n)) for n in LEARNERS)
    assert ana is not None and boris is not None
    assert learner_calls(ana)[0] != "Pass" and learner_calls(boris)[0] == "Pass"  # two games, apart
    assert sorted(p.name for p in (hub.root / "homes").iterdir()) == sorted(LEARNERS)
    # the idle culler runs as a service of the hub
    assert "idle-culler" in hub.log_text()
    print(f"\nclassroom: two learners logged in, opened the table and called in {time.monotonic() - started:.1f} s")
