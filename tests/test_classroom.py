"""A class on JupyterHub, for real: deploy/jupyterhub/jupyterhub_config.py in its class mode.

One hub for the whole module, started as root (as CI runs) with a teacher and a roster of two
learners. The hub makes each learner's system account (``jupyter-NAME``) when their server first
starts; the test removes those accounts (``userdel -r``) and their group afterwards, also when a test
fails. The attacks are real: a wrong password and a classmate's name at the hub's login form, code
run in a learner's own kernel (through their server's REST API and kernel websocket, with their own
token) against the other learner's home, /etc/shadow and the hub's secrets, the teacher's pages asked
for by a learner, and every solution line of exercises/source looked for in a learner's home. In
Chromium, two learners log in, land on the rendered start page whose links work, open the table
through Voilà inside their own server, make a call, and each game is saved in that learner's home.

The demo and system modes' refusals start the hub for real too. JupyterHub's proxy comes from npm
(``make hub-proxy``); a missing proxy or browser fails the test: it never skips.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import pwd
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import browser_support as bs
import hub_support as hs
import psutil
import pytest
import system_accounts
from test_app_browser import ENABLED_CALLS, wait_for_turn

from vint_core import Seat
from vint_core.app.launch import HOST, free_port
from vint_core.calls import Call
from vint_core.table.session import TableSession

ROOT = hs.ROOT
RUN = os.getpid() % 100_000  # the accounts' names: this run's own, so that two runs on a machine never meet
TEACHER, ANA, BORIS = f"teach{RUN}", f"ana{RUN}", f"boris{RUN}"
LEARNERS = (ANA, BORIS)
PASSWORDS = {TEACHER: "teacher-pass-8", ANA: "ana-secret-8", BORIS: "boris-secret-8"}
GROUP = f"vint-test{RUN}"
FIGURES: dict[str, str] = {}  # printed, and written to test-artifacts/classroom-figures.txt

pytestmark = pytest.mark.classroom  # in the default run; `make test-classroom` runs this file alone


@dataclass
class Hub:
    url: str
    root: Path
    process: subprocess.Popen[bytes]
    log: Path

    def home(self, name: str) -> Path:
        return Path(pwd.getpwnam(f"jupyter-{name}").pw_dir)

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@contextlib.contextmanager
def closed_to_others(folder: Path) -> Iterator[None]:
    """``folder`` without any right for other accounts during the run (the hub refuses open solutions)."""
    mode = stat.S_IMODE(folder.stat().st_mode)
    folder.chmod(mode & ~0o007)
    try:
        yield
    finally:
        folder.chmod(mode)


def remove_accounts(names: list[str]) -> None:
    """End what still runs as the test's accounts (by process id) and remove them, their homes and group."""
    for name in names:
        try:
            uid = pwd.getpwnam(f"jupyter-{name}").pw_uid
        except KeyError:
            continue
        for process in psutil.process_iter(["uids"]):
            if process.info["uids"] and process.info["uids"].real == uid:
                with contextlib.suppress(psutil.Error):
                    process.kill()
        psutil.wait_procs([p for p in psutil.process_iter(["uids"]) if p.info["uids"] and p.info["uids"].real == uid],
                          timeout=30)
        subprocess.run(["userdel", "--remove", f"jupyter-{name}"], check=False, capture_output=True)
    subprocess.run(["groupdel", GROUP], check=False, capture_output=True)


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    bs.require_tools()
    if os.geteuid() != 0:
        raise AssertionError("the hub's class mode makes a system account for each learner: run the hub tests "
                             "as root (CI does)")
    started = time.monotonic()
    root = tmp_path_factory.mktemp("hub")
    port = free_port()
    bs.ARTIFACTS.mkdir(exist_ok=True)
    log = bs.ARTIFACTS / "classroom-hub.log"
    # nbgrader's exchange where every account can pass (pytest's own folders are root's alone, 0700), removed after
    shared = Path(tempfile.mkdtemp(prefix="vint-exchange-", dir="/tmp"))
    shared.chmod(0o755)
    env = hs.hub_env(root, port, VINT_HUB_MODE="class", VINT_HUB_TEACHER=TEACHER,
                     VINT_HUB_TEACHER_PASSWORD=PASSWORDS[TEACHER], VINT_HUB_LEARNERS=",".join(LEARNERS),
                     VINT_HUB_GROUP=GROUP, VINT_TABLE_ENV="VINT_BOTS=rule;VINT_PACE=none;VINT_LANG=en",
                     VINT_NBGRADER_EXCHANGE=str(shared / "exchange"))
    try:
        with closed_to_others(ROOT / "exercises" / "source"):
            # the hub runs in a mount namespace where this Python is passable (hub_support.start_hub): so must this
            check = subprocess.run(system_accounts.command_as(pwd.getpwnam("nobody"), [
                sys.executable, "-c", "import vint_core, jupyterhub, voila"], cwd=Path("/")),
                capture_output=True, text=True)
            assert check.returncode == 0, ("the learners' accounts cannot run this Python environment and checkout: "
                                           f"{check.stderr[-500:]}")
            process = hs.start_hub(env, cwd=root, log=log)
            hub = Hub(url=f"http://{HOST}:{port}", root=root, process=process, log=log)
            try:
                bs.wait_for(lambda: hs.healthy(f"{hub.url}/hub/health", process), seconds=180, interval=0.3)
                yield hub
            finally:
                hs.stop_hub(process)
    finally:
        remove_accounts([TEACHER, *LEARNERS])
        shutil.rmtree(shared, ignore_errors=True)
        FIGURES["the hub tests (this module)"] = f"{time.monotonic() - started:.1f} s"
        report = "\n".join(f"classroom: {what}: {figure}" for what, figure in FIGURES.items())
        (bs.ARTIFACTS / "classroom-figures.txt").write_text(report + "\n", encoding="utf-8")
        print("\n" + report)
    assert not any(_exists(f"jupyter-{n}") for n in [TEACHER, *LEARNERS]), "a test account was left behind"


def _exists(system: str) -> bool:
    try:
        pwd.getpwnam(system)
        return True
    except KeyError:
        return False


@pytest.fixture(scope="module")
def apis(hub: Hub) -> dict[str, hs.Api]:
    """Each learner logged in (their first login sets their password) with a token of their own, server started."""
    out = {}
    for name in LEARNERS:
        browser = hs.Browser(hub.url)
        assert browser.login(name, PASSWORDS[name]), f"{name} could not log in: see test-artifacts/classroom-hub.log"
        out[name] = hs.Api(hub.url, browser.token(name))
    hs.start_servers(out)
    return out


# -- the modes that must not start ---------------------------------------------------------------------------------

def refused(tmp_path: Path, **settings: str) -> str:
    """Start the hub with ``settings``; it must stop at once, without listening; its words."""
    port = free_port()
    log = tmp_path / "hub.log"
    process = hs.start_hub(hs.hub_env(tmp_path, port, **settings), cwd=tmp_path, log=log)
    try:
        code = process.wait(timeout=120)
    finally:
        hs.stop_hub(process)
    assert code != 0, log.read_text(errors="replace")
    with pytest.raises(OSError):
        import socket

        socket.create_connection((HOST, port), timeout=2).close()
    return log.read_text(errors="replace")


def test_demo_mode_refuses_an_address_other_than_loopback_and_has_no_default_password(tmp_path: Path) -> None:
    said = refused(tmp_path, VINT_HUB_MODE="demo", VINT_HUB_PASSWORD="try-it-out", VINT_HUB_IP="0.0.0.0")
    assert "vint hub: demo mode" in said and "'0.0.0.0'" in said and "VINT_HUB_MODE=class" in said
    said = refused(tmp_path, VINT_HUB_MODE="demo")
    assert "needs VINT_HUB_PASSWORD" in said and "no default" in said


def test_system_mode_refuses_without_an_allowed_group_or_roster(tmp_path: Path) -> None:
    said = refused(tmp_path, VINT_HUB_MODE="system", VINT_HUB_TEACHER="teacher")
    assert "VINT_HUB_ALLOWED_GROUPS" in said and "never every account" in said


def test_class_mode_refuses_an_exchange_the_accounts_cannot_reach(tmp_path: Path) -> None:
    closed = tmp_path / "closed"
    closed.mkdir(mode=0o700)
    with closed_to_others(ROOT / "exercises" / "source"):
        said = refused(tmp_path, VINT_HUB_TEACHER="teacher", VINT_HUB_TEACHER_PASSWORD="teacher-pass-8",
                       VINT_HUB_LEARNERS="ana", VINT_NBGRADER_EXCHANGE=str(closed / "exchange"))
    assert "VINT_NBGRADER_EXCHANGE" in said and "cannot pass through" in said and "chmod o+x" in said, said
    assert not (closed / "exchange").exists()


def test_class_mode_refuses_without_teacher_password_or_roster(tmp_path: Path) -> None:
    said = refused(tmp_path, VINT_HUB_LEARNERS="ana")
    assert "needs VINT_HUB_TEACHER" in said
    said = refused(tmp_path, VINT_HUB_TEACHER="teacher", VINT_HUB_LEARNERS="ana")
    assert "needs VINT_HUB_TEACHER_PASSWORD" in said and "no default" in said


# -- the class, for real ------------------------------------------------------------------------------------------

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


def start_page_links(page: Any) -> dict[str, str]:
    """The rendered start page's links: their text and where they go."""
    anchors = page.locator(".jp-RenderedMarkdown a:not(.jp-InternalAnchorLink)")
    bs.wait_for(lambda: anchors.count() >= 2, seconds=60)
    return {a.inner_text(): a.get_attribute("href") for a in anchors.all()}


def test_two_learners_log_in_land_on_the_start_page_and_play_each_in_their_own_account(hub: Hub) -> None:
    pages: dict[str, Any] = {}
    with bs.chromium() as browser:
        for name in LEARNERS:  # a browser context each: their own cookies, as on two computers
            started = time.monotonic()
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(f"{hub.url}/hub/login")
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", PASSWORDS[name])
            page.click("input[type=submit], button[type=submit]")
            # the hub makes the learner's account, starts their server and opens JupyterLab on the start page
            page.wait_for_url(re.compile(f"/user/{name}/lab"), timeout=240_000)
            links = start_page_links(page)  # rendered: the Markdown preview, not the editor
            assert not page.locator(".jp-FileEditor .cm-content").count()
            bs.screenshot(page, f"classroom-start-page-{name[:-len(str(RUN))]}")
            # nbgrader's learner side (the assignments), not its teacher side (formgrader, create assignment)
            page.locator(".lm-MenuBar-itemLabel", has_text="Nbgrader").click()
            menu = page.locator(".lm-Menu-content").last.inner_text()
            page.keyboard.press("Escape")
            assert "Assignment" in menu and "Formgrader" not in menu and "Course" not in menu, menu
            assert links["Play Vint: the table"] == f"/user/{name}/voila/render/vint/table.ipynb"
            # the lessons and exercises: files beside the start page, which JupyterLab links to its own
            # (the English lessons; the translated ones are reached from their course maps, linked once each)
            lessons = [h for h in links.values() if re.search(f"/user/{name}/files/vint/course/notebooks/\\d\\d-", h)]
            maps = [h for h in links.values() if re.search(f"/user/{name}/files/vint/course/notebooks/(de|ru)/", h)]
            assert len(maps) == 2, links
            exercises = [h for h in links.values() if f"/user/{name}/files/vint/course/exercises/" in h]
            assert len(lessons) == len(list((ROOT / "notebooks").glob("*.ipynb"))), links
            assert len(exercises) == len(list((ROOT / "exercises" / "release").glob("*.ipynb")))
            if name == ANA:
                # the table, playable, as a learner meets it first: log in, the start page, one click
                with page.context.expect_page() as opened:
                    page.locator(".jp-RenderedMarkdown a", has_text="Play Vint: the table").click()
                table = opened.value
                table.wait_for_selector(".vint-table", timeout=240_000)
                assert wait_for_turn(table, seconds=240) == "call"
                FIGURES["one learner, from the login page to the table ready for their call"] = (
                    f"{time.monotonic() - started:.1f} s")
                check_links(page, name, links)
                pages[name] = table
            else:
                page.goto(f"{hub.url}{links['Play Vint: the table']}")
                page.wait_for_selector(".vint-table", timeout=240_000)
                assert wait_for_turn(page, seconds=240) == "call" or learner_calls(saved(hub.home(name)))
                pages[name] = page
        # ana opens with the lowest bid offered, boris passes
        choices = {}
        for name, page in pages.items():
            texts = page.locator(ENABLED_CALLS).all_inner_texts()
            choice = next(t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)) if name == ANA else "Pass"
            bs.click_and_wait(page, page.locator(ENABLED_CALLS, has_text=re.compile(f"^{re.escape(choice)}$")).first)
            choices[name] = choice
        for name, page in pages.items():
            bs.screenshot(page, f"classroom-{name[:-len(str(RUN))]}")
    for name in LEARNERS:
        home = hub.home(name)
        calls = bs.wait_for(lambda home=home: learner_calls(saved(home)), seconds=60)
        assert calls[0] == choices[name], (name, calls)
        assert saved(home).human is Seat.SOUTH  # type: ignore[union-attr]
        save = home / ".vint" / "table.json"
        assert save.stat().st_uid == pwd.getpwnam(f"jupyter-{name}").pw_uid  # saved by the learner's own account
    assert learner_calls(saved(hub.home(ANA)))[0] != "Pass" and learner_calls(saved(hub.home(BORIS)))[0] == "Pass"
    uid = pwd.getpwnam(f"jupyter-{ANA}").pw_uid
    rss = sum(p.info["memory_info"].rss for p in psutil.process_iter(["uids", "memory_info"])
              if p.info["uids"] and p.info["uids"].real == uid and p.info["memory_info"])
    FIGURES["one learner's processes (server, lesson, practice and table kernels)"] = f"{rss / 2**20:.0f} MB"
    assert "idle-culler" in hub.log_text()  # the idle culler runs as a service of the hub


def check_links(page: Any, name: str, links: dict[str, str]) -> None:
    """Every link of the start page lands: a lesson opens in JupyterLab, the rest answer (no 404)."""
    first_lesson = next(text for text, href in links.items() if "/course/notebooks/" in href)
    page.locator(".jp-RenderedMarkdown a", has_text=first_lesson).click()
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)  # opened as a notebook, in this JupyterLab
    assert first_lesson in page.locator(".jp-NotebookPanel .jp-RenderedMarkdown").first.inner_text()
    from urllib.parse import urljoin

    for text, href in links.items():
        if "/voila/render/vint/table.ipynb" in href:
            continue  # open already
        answer = page.request.get(urljoin(page.url, href), timeout=240_000)  # the practice page (Voilà), each file
        assert answer.status == 200, (text, href, answer.status)


def test_on_the_hub_the_lessons_glossary_and_exercises_links_open(hub: Hub) -> None:
    """The learner's ``~/vint/course`` is the course's folder (deploy/course/course_folder.py), so the lessons'
    ``../docs/rules.md`` and ``../exercises/README.md`` open, clicked in the learner's JupyterLab."""
    import test_course_links_browser as links

    with bs.chromium() as browser:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.goto(f"{hub.url}/hub/login")
        page.fill("input[name=username]", ANA)
        page.fill("input[name=password]", PASSWORDS[ANA])
        page.click("input[type=submit], button[type=submit]")
        page.wait_for_url(re.compile(f"/user/{ANA}/lab"), timeout=240_000)
        course = hub.home(ANA) / "vint" / "course"
        assert (course / "docs" / "rules.md").is_file() and (course / "exercises" / "README.md").is_file()
        page.goto(f"{hub.url}/user/{ANA}/lab/tree/vint/course/notebooks/00-welcome.ipynb")
        page.wait_for_selector(f"{links.CURRENT_TAB}:text-is('00-welcome.ipynb')", timeout=120_000)
        links.lesson_ready(page)
        try:
            rules = links.click_and_open(page, "../docs/rules.md#6-words-english-german-russian")
        except Exception:
            bs.screenshot(page, "classroom-glossary-failed")
            raise
        assert "The rules of Vint" in rules.locator("h1").first.inner_text()
        bs.wait_for(lambda: links.glossary_visible(page), seconds=30)
        bs.screenshot(page, "classroom-glossary")
        page.goto(f"{hub.url}/user/{ANA}/lab/tree/vint/course/notebooks/11-play-a-rubber.ipynb")
        page.wait_for_selector(f"{links.CURRENT_TAB}:text-is('11-play-a-rubber.ipynb')", timeout=120_000)
        links.lesson_ready(page)
        exercises = links.click_and_open(page, "../exercises/README.md")
        assert "Exercises that check themselves" in exercises.inner_text()


def test_a_wrong_password_or_a_classmates_name_is_refused(hub: Hub, apis: dict[str, hs.Api]) -> None:
    assert not hs.Browser(hub.url).login(ANA, "not-her-password")
    assert not hs.Browser(hub.url).login(BORIS, PASSWORDS[ANA])  # ana tries boris's name with her password
    assert not hs.Browser(hub.url).login(TEACHER, PASSWORDS[ANA])
    assert not hs.Browser(hub.url).login("mallory", "mallory-pass-8")  # not on the roster
    assert hs.Browser(hub.url).login(ANA, PASSWORDS[ANA])
    # ana's own token opens nothing of boris's
    status, _ = hs.Api(hub.url, apis[ANA].token).call(f"/user/{BORIS}/api/contents")
    assert status in (403, 404), status
    status, _ = apis[ANA].call(f"/hub/api/users/{BORIS}")
    assert status in (403, 404), status


ATTACK = """
import json, os, pathlib
home = pathlib.Path(os.environ["HOME"])
other = pathlib.Path({other!r})
def attempt(what):
    try:
        what()
        return "done"
    except OSError as error:
        return type(error).__name__
print(json.dumps({{
    "uid": os.getuid(), "home": str(home), "groups": os.getgroups(),
    "list the other's home": attempt(lambda: os.listdir(other)),
    "read the other's save": attempt(lambda: (other / ".vint" / "table.json").read_bytes()),
    "change the other's start page": attempt(lambda: (other / "vint" / "README.md").write_text("# mine")),
    "write into the other's home": attempt(lambda: (other / "planted.txt").write_text("x")),
    "read /etc/shadow": attempt(lambda: open("/etc/shadow").read()),
    "read the hub's cookie secret": attempt(lambda: open({secret!r}, "rb").read()),
    "read the hub's passwords": attempt(lambda: os.listdir({state!r})),
    "read the solutions": attempt(lambda: open({solution!r}).read()),
    "write my own home": attempt(lambda: (home / "mine.txt").write_text("x")),
}}))
"""


def test_a_learners_server_runs_as_their_own_account_and_cannot_reach_the_others(
        hub: Hub, apis: dict[str, hs.Api]) -> None:
    secret, state = hub.root / "state" / "jupyterhub_cookie_secret", hub.root / "state"
    solution = next((ROOT / "exercises" / "source").glob("*.ipynb"))
    assert secret.exists()
    for name, other in ((ANA, BORIS), (BORIS, ANA)):
        code = ATTACK.format(other=str(hub.home(other)), secret=str(secret), state=str(state), solution=str(solution))
        seen = json.loads(apis[name].run(name, code).strip().splitlines()[-1])
        print(f"\n{name}'s kernel: {seen}")
        account = pwd.getpwnam(f"jupyter-{name}")
        assert seen.pop("uid") == account.pw_uid and seen.pop("home") == account.pw_dir
        import grp

        assert grp.getgrnam(GROUP).gr_gid in seen.pop("groups")
        assert seen.pop("write my own home") == "done"
        assert seen == {k: "PermissionError" for k in seen}, seen
        assert stat.S_IMODE(os.stat(account.pw_dir).st_mode) == 0o700
        assert not (hub.home(other) / "planted.txt").exists()
        assert "mine" not in (hub.home(other) / "vint" / "README.md").read_text(encoding="utf-8")


def test_a_learner_cannot_open_the_teachers_tools(hub: Hub, apis: dict[str, hs.Api]) -> None:
    learner = hs.Browser(hub.url)
    assert learner.login(ANA, PASSWORDS[ANA])
    assert learner.request("/hub/admin")[0] == 403
    assert apis[ANA].call("/hub/api/users")[0] == 403
    # nbgrader's teacher side is not in a learner's server: no formgrader, no course list; its lab
    # extension's teacher plugins are switched off, the learner's (the assignment list) stays
    assert apis[ANA].call(f"/user/{ANA}/formgrader")[0] == 404
    assert apis[ANA].call(f"/user/{ANA}/formgrader/api/assignments")[0] == 404
    status, lab = apis[ANA].call(f"/user/{ANA}/lab")
    assert status == 200
    config = json.loads(re.search(r'id="jupyter-config-data"[^>]*>\s*(.*?)\s*</script>', lab, re.S).group(1))
    disabled = config["disabledExtensions"]
    assert {"@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment"} <= set(disabled)
    assert "@jupyter/nbgrader:assignment-list" not in disabled
    teacher = hs.Browser(hub.url)
    assert teacher.login(TEACHER, PASSWORDS[TEACHER])
    assert teacher.request("/hub/admin")[0] == 200


def solution_lines() -> set[str]:
    """Every line of code between nbgrader's solution and hidden-test marks in exercises/source that is in
    nothing a learner may have (the exercises' and the lessons' notebooks): a bare ``for side in Side:``
    proves nothing."""
    marks = re.compile(r"### BEGIN (SOLUTION|HIDDEN TESTS)\n(.*?)### END \1", re.S)
    learners = [*(ROOT / "exercises" / "release").glob("*.ipynb"), *(ROOT / "notebooks").glob("*.ipynb")]
    released = "\n".join(json.dumps(json.loads(p.read_text(encoding="utf-8"))) for p in learners)
    lines = set()
    for notebook in (ROOT / "exercises" / "source").glob("*.ipynb"):
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
            for _, block in marks.findall("".join(cell["source"])):
                lines |= {line.strip() for line in block.splitlines()
                          if len(line.strip()) >= 12 and json.dumps(line.strip())[1:-1] not in released}
    return lines


def test_no_solution_reaches_a_learners_home(hub: Hub, apis: dict[str, hs.Api]) -> None:
    lines = solution_lines()
    assert len(lines) > 30, lines  # the sources have solutions and hidden tests to look for
    home = hub.home(ANA)
    files = [p for p in home.rglob("*") if p.is_file()]
    assert any(p.parent.name == "exercises" and p.suffix == ".ipynb" for p in files)  # the learners' versions are
    found = {}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")  # a notebook's JSON escapes quotes: both ways
        found.update({line: str(path) for line in lines if line in text or json.dumps(line)[1:-1] in text})
    assert not found, found
    assert not list(home.rglob("source"))


# -- nbgrader through the hub: the teacher releases, the learners fetch and submit, the teacher grades -------------

EXERCISE = "01-trick-value"
COURSE_ID = "vint"


def _graded_cells(path: Path) -> dict[str, str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"]) for c in notebook["cells"]
            if "nbgrader" in c["metadata"]}


#: the teacher's answers of the exercise (read by the test, as root, from the closed exercises/source)
SOLUTIONS = {k: v for k, v in _graded_cells(ROOT / "exercises" / "source" / f"{EXERCISE}.ipynb").items()
             if k in ("tricks_needed", "trick_value")}

#: run in the teacher's own kernel: nbgrader's commands in ~/vint-course, stopping at the first that fails
NBGRADER = """
import json, os, subprocess, sys
from pathlib import Path
course = Path.home() / "vint-course"
out = []
for args in {commands!r}:
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, capture_output=True, text=True)
    out.append({{"args": args, "code": done.returncode, "log": (done.stdout + done.stderr)[-3000:]}})
    if done.returncode:
        break
grades = course / "grades.csv"
print(json.dumps({{"uid": os.getuid(), "out": out, "csv": grades.read_text() if grades.exists() else ""}}))
"""


def nbgrader_as_teacher(api: hs.Api, *commands: list[str]) -> dict[str, Any]:
    """nbgrader's ``commands`` run by the teacher in a kernel of the teacher's server; each must succeed."""
    done = json.loads(api.run(TEACHER, NBGRADER.format(commands=[list(c) for c in commands]),
                              seconds=900).strip().splitlines()[-1])
    for step in done["out"]:
        assert step["code"] == 0, f"nbgrader {' '.join(step['args'])} in the teacher's server:\n{step['log']}"
    assert len(done["out"]) == len(commands)
    return done


def assignments(api: hs.Api, name: str, action: str | None = None) -> list[dict[str, Any]]:
    """nbgrader's assignment list in ``name``'s server (what its Assignments panel asks): list, fetch or submit."""
    if action is None:
        status, answer = api.call(f"/user/{name}/assignments?course_id={COURSE_ID}")
    else:
        status, answer = api.call(f"/user/{name}/assignments/{action}", method="POST",
                                  body={"course_id": COURSE_ID, "assignment_id": EXERCISE})
    answer = json.loads(answer) if isinstance(answer, str) else answer
    assert status == 200 and answer["success"], (name, action, status, answer)
    return [a for a in answer["value"] if a["assignment_id"] == EXERCISE]


@pytest.fixture(scope="module")
def teacher_api(hub: Hub, apis: dict[str, hs.Api]) -> hs.Api:
    """The teacher logged in through the hub's login page, their server started by the hub (after the learners')."""
    teacher = hs.Browser(hub.url)
    assert teacher.login(TEACHER, PASSWORDS[TEACHER])
    api = hs.Api(hub.url, teacher.token(TEACHER))
    api.start_server(TEACHER)
    return api


@pytest.fixture(scope="module")
def released(teacher_api: hs.Api) -> float:
    """The exercise generated and released by the teacher in their own server; when it started (monotonic)."""
    started = time.monotonic()
    done = nbgrader_as_teacher(teacher_api, ["generate_assignment", EXERCISE], ["release_assignment", EXERCISE])
    assert done["uid"] == pwd.getpwnam(f"jupyter-{TEACHER}").pw_uid  # the teacher's own account ran nbgrader
    return started


def test_the_teachers_server_has_formgrader_and_the_course_folder_and_releases(
        hub: Hub, teacher_api: hs.Api, released: float) -> None:
    status, _ = teacher_api.call(f"/user/{TEACHER}/formgrader")
    assert status in (200, 302), status
    status, listed = teacher_api.call(f"/user/{TEACHER}/formgrader/api/assignments")
    assert status == 200, (status, listed)
    listed = json.loads(listed) if isinstance(listed, str) else listed  # formgrader answers JSON as text/html
    assert {a["name"]: a["status"] for a in listed}.get(EXERCISE) == "released", listed  # formgrader sees the course
    course = hub.home(TEACHER) / "vint-course"
    info = course.stat()
    assert info.st_uid == pwd.getpwnam(f"jupyter-{TEACHER}").pw_uid and stat.S_IMODE(info.st_mode) == 0o700
    assert (course / "release" / EXERCISE / f"{EXERCISE}.ipynb").is_file()


def fetch_and_submit_in_chromium(hub: Hub, name: str, notebook: Path) -> None:
    """``name`` logs in at the hub's page and hands in the release untouched from JupyterLab's Assignment List."""
    with bs.chromium() as browser:
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        try:
            page.goto(f"{hub.url}/hub/login")
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", PASSWORDS[name])
            page.click("input[type=submit], button[type=submit]")
            page.wait_for_url(re.compile(f"/user/{name}/lab"), timeout=240_000)
            start_page_links(page)  # JupyterLab has opened the start page: its layout is settled
            page.get_by_role("menuitem", name="Nbgrader").click(timeout=240_000)
            page.locator(".lm-Menu").last.get_by_text("Assignment List").click(timeout=60_000)
            tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="Assignments")

            def in_the_assignments_tab(item: Any) -> None:
                """Wait for ``item``; JupyterLab may bring the start page to the front after the Assignments tab
                has opened (a busy machine shows it): then the test brings the tab back, as a learner would."""
                def shown() -> bool:
                    if item.is_visible():
                        return True
                    if tab.count():
                        tab.first.click()
                    return False
                bs.wait_for(shown, seconds=120, interval=1)

            released = page.locator("#released_assignments_list")
            in_the_assignments_tab(released.get_by_text(EXERCISE))
            released.get_by_role("button", name="Fetch").click()
            fetched = page.locator("#fetched_assignments_list")
            in_the_assignments_tab(fetched.get_by_text(EXERCISE).first)
            assert notebook.is_file()
            fetched.get_by_role("button", name="Submit").first.click()
            in_the_assignments_tab(page.locator("#submitted_assignments_list").get_by_text(EXERCISE).first)
            # the fetched folder in the learner's file browser, at the top of their home
            browser_panel = page.locator("#filebrowser")
            if not browser_panel.is_visible():  # the Assignment List took the side bar: show the file browser
                page.locator('.jp-SideBar li[data-id="filebrowser"]').click()
            folder = browser_panel.locator(".jp-DirListing-item", has_text=EXERCISE)

            def at_home_with_the_folder() -> bool:  # JupyterLab may follow the start page back into ~/vint
                if folder.is_visible():
                    return True
                browser_panel.locator(".jp-BreadCrumbs-home").click()
                return False

            bs.wait_for(at_home_with_the_folder, seconds=120, interval=1)
            bs.screenshot(page, "classroom-assignment-list")
        except Exception:
            bs.screenshot(page, "classroom-assignment-list-failed")
            raise


def test_learners_fetch_solve_and_submit_through_the_hub_and_the_teacher_grades_them(
        hub: Hub, apis: dict[str, hs.Api], teacher_api: hs.Api, released: float) -> None:
    for name in LEARNERS:
        api = apis[name]
        assert [a["status"] for a in assignments(api, name)] == ["released"]
        notebook = hub.home(name) / EXERCISE / f"{EXERCISE}.ipynb"
        account = pwd.getpwnam(f"jupyter-{name}")
        if name == BORIS:  # boris clicks it in Chromium: the Nbgrader menu, Assignment List, Fetch, then Submit
            fetch_and_submit_in_chromium(hub, name, notebook)
            assert notebook.stat().st_uid == account.pw_uid, notebook
            assert "submitted" in [a["status"] for a in assignments(api, name)]
            continue
        assert "fetched" in [a["status"] for a in assignments(api, name, "fetch")]
        assert notebook.stat().st_uid == account.pw_uid, notebook  # fetched by the learner's own server, as them
        if name == ANA:  # ana writes the answers in JupyterLab (its contents API: what saving a notebook does)
            path = f"/user/{name}/api/contents/{EXERCISE}/{EXERCISE}.ipynb"
            status, model = api.call(path)
            assert status == 200, (status, model)
            for cell in model["content"]["cells"]:
                grade_id = cell["metadata"].get("nbgrader", {}).get("grade_id")
                cell["source"] = SOLUTIONS.get(grade_id, cell["source"])
            status, answer = api.call(path, method="PUT", body={"type": "notebook", "format": "json",
                                                                "content": model["content"]})
            assert status == 200, (status, answer)
            assert "return 6 + level" in notebook.read_text(encoding="utf-8")
            assert notebook.stat().st_uid == account.pw_uid
        assert "submitted" in [a["status"] for a in assignments(api, name, "submit")]
    done = nbgrader_as_teacher(teacher_api, ["collect", EXERCISE], ["autograde", EXERCISE], ["export"],
                               ["generate_feedback", EXERCISE], ["release_feedback", EXERCISE])
    autograde = done["out"][1]["log"]
    assert "checksum" not in autograde, autograde
    grades = csv.DictReader(io.StringIO(done["csv"]))
    rows = {r["student_id"]: (float(r["score"]), float(r["max_score"])) for r in grades if r["assignment"] == EXERCISE}
    assert rows == {f"jupyter-{ANA}": (3.0, 3.0), f"jupyter-{BORIS}": (0.0, 3.0)}, done["csv"]
    # ana fetches her feedback (the Assignment List's Fetch Feedback): a page in her home, hers, with her score
    assignments(apis[ANA], ANA, "fetch_feedback")
    pages = list((hub.home(ANA) / EXERCISE / "feedback").rglob(f"{EXERCISE}.html"))
    assert len(pages) == 1 and pages[0].stat().st_uid == pwd.getpwnam(f"jupyter-{ANA}").pw_uid, pages
    assert re.search(r"Score: 3\.0 / 3\.0", re.sub(r"<[^>]+>", "", pages[0].read_text(encoding="utf-8")))
    FIGURES["nbgrader through the hub: release, 2 learners fetch and submit, grade, export, feedback"] = (
        f"{time.monotonic() - released:.1f} s")


def test_the_teacher_resets_a_learners_password_from_the_admin_page(hub: Hub, apis: dict[str, hs.Api]) -> None:
    teacher = hs.Browser(hub.url)
    assert teacher.login(TEACHER, PASSWORDS[TEACHER])
    admin = hs.Api(hub.url, teacher.token(TEACHER))
    saves = hub.home(BORIS) / ".vint"
    status, answer = admin.call(f"/hub/api/users/{BORIS}", method="DELETE")  # what the admin page's Delete does
    assert status == 204, (status, answer)
    assert not hs.Browser(hub.url).login(BORIS, PASSWORDS[BORIS])  # gone until added again
    status, answer = admin.call("/hub/api/users", method="POST", body={"usernames": [BORIS]})  # Add Users
    assert status == 201, (status, answer)
    assert hs.Browser(hub.url).login(BORIS, "a-new-password")  # the first login after sets the new password
    assert not hs.Browser(hub.url).login(BORIS, PASSWORDS[BORIS])
    assert saves.is_dir()  # boris's files stayed
