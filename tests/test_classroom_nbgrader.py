"""nbgrader for a class, with real system accounts: a teacher and two learners, each their own user.

The teacher's course folder and the exchange are made by deploy/jupyterhub/nbgrader_class.py; the
teacher releases exercise 1, each learner fetches it, writes their answers and submits with nbgrader's
own commands as their own account (the learners' configuration of the hub); the teacher collects,
autogrades, returns feedback and exports the grades. The learners' servers get the Assignments tab and
none of the teacher's tools, the teacher's server gets Formgrader. The attacks a learner could try
(reading the other's submission or the teacher's sources, taking over the course in the exchange) are
tried, as that learner.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import html
import json
import os
import re
import secrets
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_support as bs
import pytest
from system_accounts import REPO, accounts, popen_as, run_as

from vint_core.app.launch import free_port, stop_voila
from vint_core.checks.result import WIDTH

sys.path.insert(0, str(REPO / "deploy" / "jupyterhub"))
import nbgrader_class

EXERCISE = "01-trick-value"
SOURCE = REPO / "exercises" / "source" / f"{EXERCISE}.ipynb"
WRONG = {"tricks_needed": "def tricks_needed(level):\n    return level\n"}  # a bid of one meaning one trick


def _cells(path: Path) -> dict[str, str]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return {c["metadata"]["nbgrader"]["grade_id"]: "".join(c["source"]) for c in notebook["cells"]
            if "nbgrader" in c["metadata"]}


SOLUTIONS = {k: v for k, v in _cells(SOURCE).items() if k in ("tricks_needed", "trick_value")}

#: run by a learner, as that learner: write the answers (JSON, by cell id) into the fetched notebook
SOLVE = """import json, sys
path, answers = sys.argv[1], json.loads(sys.argv[2])
notebook = json.load(open(path, encoding="utf-8"))
for cell in notebook["cells"]:
    gid = cell["metadata"].get("nbgrader", {}).get("grade_id")
    if gid in answers:
        cell["source"] = answers[gid]
json.dump(notebook, open(path, "w", encoding="utf-8"))
"""


@pytest.fixture(scope="module")
def klass() -> Iterator[dict]:
    with accounts("teacher", "ana", "ben", "cleo") as users:
        base = Path(tempfile.mkdtemp(prefix="vint-nbgrader-", dir="/tmp"))
        try:
            base.chmod(0o755)
            yield {"users": users, "exchange": base / "exchange",
                   "course": Path(users["teacher"].pw_dir) / nbgrader_class.COURSE_FOLDER}
        finally:
            shutil.rmtree(base, ignore_errors=True)


def _env(klass: dict, *, teacher: bool) -> dict[str, str]:
    return nbgrader_class.environment(teacher=teacher, exchange=klass["exchange"], folder=klass["course"])


def teacher(klass: dict, *args: str) -> str:
    done = run_as(klass["users"]["teacher"], ["nbgrader", *args], env=_env(klass, teacher=True), cwd=klass["course"])
    assert done.returncode == 0, f"nbgrader {' '.join(args)} as the teacher:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def learner(klass: dict, who: str, *args: str) -> str:
    done = run_as(klass["users"][who], ["nbgrader", *args], env=_env(klass, teacher=False))
    assert done.returncode == 0, f"nbgrader {' '.join(args)} as {who}:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


def denied(klass: dict, who: str, *command: str) -> str:
    """Run ``command`` as the learner; it must fail, and the message is returned."""
    done = run_as(klass["users"][who], list(command), env=_env(klass, teacher=False))
    assert done.returncode != 0, f"{' '.join(command)} as {who} should fail: {done.stdout}"
    return done.stderr


def _feedback_text(page: str) -> str:
    """The text of a feedback page without its style sheets and scripts."""
    page = re.sub(r"<(style|script)\b.*?</\1>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", page))


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_release_fetch_submit_autograde_feedback_export_as_real_accounts(klass):
    users, exchange, course = klass["users"], klass["exchange"], klass["course"]
    made = nbgrader_class.main(["--teacher", users["teacher"].pw_name, "--exchange", str(exchange)])
    assert made == 0
    assert oct(exchange.stat().st_mode & 0o7777) == "0o1777" and exchange.stat().st_uid == 0
    assert (course / "source" / EXERCISE / f"{EXERCISE}.ipynb").read_bytes() == SOURCE.read_bytes()
    assert oct(course.stat().st_mode & 0o777) == "0o700" and course.stat().st_uid == users["teacher"].pw_uid

    teacher(klass, "generate_assignment", EXERCISE)
    teacher(klass, "release_assignment", EXERCISE)
    assert EXERCISE in learner(klass, "ana", "list")
    answers = {"ana": SOLUTIONS, "ben": {**SOLUTIONS, **WRONG}}
    for who, solution in answers.items():
        learner(klass, who, "fetch_assignment", EXERCISE)
        fetched = Path(users[who].pw_dir) / EXERCISE / f"{EXERCISE}.ipynb"
        assert "raise NotImplementedError()" in fetched.read_text(encoding="utf-8")
        assert fetched.stat().st_uid == users[who].pw_uid
        solved = run_as(users[who], ["python", "-c", SOLVE, str(fetched), json.dumps(solution)])
        assert solved.returncode == 0, solved.stderr
        learner(klass, who, "submit", EXERCISE)

    # what a learner may try: read the other's work, the teacher's sources, take the course's name
    inbound = exchange / nbgrader_class.COURSE_ID / "inbound"
    assert "Permission denied" in denied(klass, "ben", "ls", str(inbound))
    assert len(list(inbound.iterdir())) == 2  # (as root) both submissions are there
    ana_glob = f"{inbound}/{users['ana'].pw_name}+{EXERCISE}+*/{EXERCISE}.ipynb"
    assert "No such file" in denied(klass, "ben", "sh", "-c", f"cat {ana_glob}")
    assert "Permission denied" in denied(klass, "ben", "ls", str(course))
    assert "Permission denied" in denied(klass, "ben", "cat", str(course / "source" / EXERCISE / f"{EXERCISE}.ipynb"))
    assert "Permission denied" in denied(klass, "ben", "cat", str(course / "gradebook.db"))
    assert "not permitted" in denied(klass, "ben", "mv", str(exchange / nbgrader_class.COURSE_ID),
                                     str(exchange / "taken"))
    assert "Permission denied" in denied(klass, "ben", "touch", str(exchange / nbgrader_class.COURSE_ID / "outbound"
                                                                    / EXERCISE / "fake.ipynb"))

    teacher(klass, "collect", EXERCISE)
    log = teacher(klass, "autograde", EXERCISE)
    assert "Autograding" in log and "checksum" not in log, log
    teacher(klass, "generate_feedback", EXERCISE)
    teacher(klass, "release_feedback", EXERCISE)
    teacher(klass, "export")
    rows = {r["student_id"]: r for r in csv.DictReader((course / "grades.csv").open(encoding="utf-8"))}
    ana, ben = users["ana"].pw_name, users["ben"].pw_name
    assert {k: (float(r["score"]), float(r["max_score"])) for k, r in rows.items()} == {ana: (3.0, 3.0),
                                                                                        ben: (2.0, 3.0)}

    for who in answers:
        learner(klass, who, "fetch_feedback", EXERCISE)
    pages = {who: next((Path(users[who].pw_dir) / EXERCISE / "feedback").rglob(f"{EXERCISE}.html"))
             for who in answers}
    ben_page = pages["ben"].read_text(encoding="utf-8")
    text = _feedback_text(ben_page)
    failed = re.search(r"✗ tricks_needed: .*?(?=\n\S|\Z)", text, re.S)
    assert failed, text
    assert failed.group(0).startswith("✗ tricks_needed: for a bid of")
    assert "This looks like a bid of one meaning one trick" in " ".join(failed.group(0).split())
    assert max(len(line) for line in failed.group(0).splitlines()) <= WIDTH
    for page in (ben_page, pages["ana"].read_text(encoding="utf-8")):
        shown = _feedback_text(page)
        assert "Traceback" not in shown and "CheckFailed" not in shown
        assert str(REPO) not in page and "site-packages" not in page and "/root" not in page
        assert "HIDDEN TESTS" not in page and "seed=2026" not in page  # the hidden tests stay the teacher's
    assert "Score: 3.0 / 3.0" in _feedback_text(pages["ana"].read_text(encoding="utf-8"))


# -- the learners' and the teacher's servers ------------------------------------------------------------

def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url), timeout=30) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, ""
    except (urllib.error.URLError, ConnectionError):  # not listening yet
        return 0, ""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # the status itself is the answer
        return None


def _released(klass: dict) -> None:
    """The exercise released (when a test runs alone)."""
    if not (klass["exchange"] / nbgrader_class.COURSE_ID / "outbound" / EXERCISE).exists():
        nbgrader_class.main(["--teacher", klass["users"]["teacher"].pw_name, "--exchange", str(klass["exchange"])])
        teacher(klass, "generate_assignment", EXERCISE)
        teacher(klass, "release_assignment", EXERCISE)


@contextlib.contextmanager
def lab_as(klass: dict, who: str, *, is_teacher: bool = False) -> Iterator[tuple[str, str]]:
    """JupyterLab started as ``who`` with the hub's configuration for that role: (address, token)."""
    with labs_as(klass, (who, is_teacher)) as ((url, token),):
        yield url, token


@contextlib.contextmanager
def labs_as(klass: dict, *roles: tuple[str, bool]) -> Iterator[list[tuple[str, str]]]:
    """JupyterLab started as each ``(who, is_teacher)`` of ``roles``, all at once, each with the hub's
    configuration for that role: their (address, token), once every one answers."""
    started: list[tuple[Any, Path, Path, str, str]] = []  # (process, folder, log, address, token)
    try:
        for who, is_teacher in roles:
            port = free_port()
            while any(url.endswith(f":{port}") for *_, url, _ in started):
                port = free_port()
            token = secrets.token_hex(16)
            folder = Path(tempfile.mkdtemp(prefix="vint-server-", dir="/tmp"))
            log = folder / "server.log"
            process = popen_as(klass["users"][who], ["jupyter", "lab", "--no-browser", f"--port={port}",
                                                     f"--IdentityProvider.token={token}", "--ServerApp.ip=127.0.0.1"],
                               env=_env(klass, teacher=is_teacher), log=log)
            started.append((process, folder, log, f"http://127.0.0.1:{port}", token))

        for process, _, log, url, token in started:
            def answers(process: Any = process, log: Path = log, url: str = url, token: str = token) -> bool:
                assert process.poll() is None, log.read_text(errors="replace")
                return _get(f"{url}/api/status?token={token}")[0] == 200

            bs.wait_for(answers, seconds=300, interval=0.5)
        yield [(url, token) for *_, url, token in started]
    finally:
        for process, folder, *_ in started:
            stop_voila(process, timeout=60)  # the server, then whatever is left in its process group
            shutil.rmtree(folder, ignore_errors=True)


def _statuses(url: str, token: str) -> dict[str, int]:
    opener = urllib.request.build_opener(_NoRedirect)
    out = {}
    for path in ("formgrader", "formgraders", "assignments"):
        try:
            out[path] = opener.open(f"{url}/{path}?course_id={nbgrader_class.COURSE_ID}&token={token}",
                                    timeout=60).status
        except urllib.error.HTTPError as exc:
            out[path] = exc.code
    return out


def _disabled(url: str, token: str) -> set[str]:
    page = _get(f"{url}/lab?token={token}")[1]
    config = json.loads(html.unescape(re.search(r'id="jupyter-config-data"[^>]*>(.*?)</script>', page, re.S).group(1)))
    return set(config.get("disabledExtensions", []))


TEACHER_TOOLS = {"@jupyter/nbgrader:formgrader", "@jupyter/nbgrader:create-assignment",
                 "@jupyter/nbgrader:course-list", "@jupyter/nbgrader:validate-assignment"}


def test_learners_get_the_assignment_list_and_the_teacher_formgrader(klass):
    _released(klass)
    with labs_as(klass, ("ana", False), ("teacher", True)) as [(url, token), (teachers_url, teachers_token)]:
        status, disabled = _statuses(url, token), _disabled(url, token)
        listed = json.loads(_get(f"{url}/assignments?course_id={nbgrader_class.COURSE_ID}&token={token}")[1])
        teachers_status, teachers_disabled = _statuses(teachers_url, teachers_token), _disabled(teachers_url,
                                                                                                teachers_token)
    assert status["formgrader"] == 404 and status["formgraders"] == 404 and status["assignments"] == 200
    assert disabled >= TEACHER_TOOLS and "@jupyter/nbgrader:assignment-list" not in disabled
    assert listed["success"] and EXERCISE in {a["assignment_id"] for a in listed["value"]}, listed
    assert teachers_status["formgrader"] in (200, 302) and teachers_status["formgraders"] == 200
    assert not teachers_disabled & (TEACHER_TOOLS | {"@jupyter/nbgrader:assignment-list"})


def test_a_learner_fetches_and_submits_on_the_assignment_list_in_chromium(klass):
    """The learner's own JupyterLab, in a real browser: the Nbgrader menu offers only the Assignment List."""
    from browser_support import chromium, require_tools, screenshot

    require_tools()
    _released(klass)
    cleo = klass["users"]["cleo"]
    with lab_as(klass, "cleo") as (url, token), chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(f"{url}/lab?token={token}", timeout=240_000)
            page.get_by_role("menuitem", name="Nbgrader").click(timeout=240_000)
            menu = page.locator(".lm-Menu").last
            menu.get_by_text("Assignment List").wait_for(timeout=60_000)
            items = [t.strip() for t in menu.locator(".lm-Menu-itemLabel").all_inner_texts() if t.strip()]
            assert items == ["Assignment List"], items  # no Formgrader, Course List, Create assignment
            menu.get_by_text("Assignment List").click()
            released = page.locator("#released_assignments_list")
            released.get_by_text(EXERCISE).wait_for(timeout=120_000)
            released.get_by_role("button", name="Fetch").click()
            fetched = page.locator("#fetched_assignments_list")
            fetched.get_by_text(EXERCISE).first.wait_for(timeout=120_000)
            notebook = Path(cleo.pw_dir) / EXERCISE / f"{EXERCISE}.ipynb"
            assert notebook.stat().st_uid == cleo.pw_uid  # fetched by the learner's own server, as the learner
            solved = run_as(cleo, ["python", "-c", SOLVE, str(notebook), json.dumps(SOLUTIONS)])
            assert solved.returncode == 0, solved.stderr
            fetched.get_by_role("button", name="Submit").first.click()
            page.locator("#submitted_assignments_list").get_by_text(EXERCISE).first.wait_for(timeout=120_000)
        except Exception:
            screenshot(page, "nbgrader-assignment-list")
            raise
    inbound = klass["exchange"] / nbgrader_class.COURSE_ID / "inbound"
    handed_in = [p for p in inbound.iterdir() if p.name.startswith(f"{cleo.pw_name}+{EXERCISE}+")]
    assert len(handed_in) == 1 and handed_in[0].stat().st_uid == cleo.pw_uid
    assert "return 6 + level" in (handed_in[0] / f"{EXERCISE}.ipynb").read_text(encoding="utf-8")


# -- the hub's wiring -----------------------------------------------------------------------------------

class _User:
    def __init__(self, name: str) -> None:
        self.name = name


class _Spawner:
    def __init__(self, name: str) -> None:
        self.user = _User(name)


def test_the_hub_config_chooses_each_servers_nbgrader_and_makes_the_teachers_folders(klass, monkeypatch):
    from traitlets.config import Config, PyFileConfigLoader

    users, exchange = klass["users"], klass["exchange"]
    monkeypatch.setenv("VINT_NBGRADER_EXCHANGE", str(exchange))
    for key, value in {"VINT_HUB_MODE": "demo", "VINT_HUB_PASSWORD": "only-for-this-test",
                       "VINT_HUB_ROOT": str(klass["exchange"].parent / "hub"), "VINT_HUB_IP": "127.0.0.1"}.items():
        monkeypatch.setenv(key, value)
    hub = PyFileConfigLoader("jupyterhub_config.py", path=str(REPO / "deploy" / "jupyterhub")).load_config()
    assert callable(hub.Spawner.environment["JUPYTER_CONFIG_PATH"]) and callable(hub.Spawner.pre_spawn_hook)
    assert hub.Spawner.environment["VINT_NBGRADER_EXCHANGE"] == str(exchange)

    ran = []
    c = Config()
    c.Authenticator.admin_users = {users["teacher"].pw_name}
    c.Spawner.environment = {"VINT_DATA_DIR": "kept"}
    c.Spawner.pre_spawn_hook = lambda spawner: ran.append(spawner.user.name)
    nbgrader_class.configure_hub(c, exchange=exchange)
    env = c.Spawner.environment
    teacher, ana = _Spawner(users["teacher"].pw_name), _Spawner(users["ana"].pw_name)
    assert env["VINT_DATA_DIR"] == "kept"
    assert env["JUPYTER_CONFIG_PATH"](teacher) == str(nbgrader_class.TEACHER_CONFIG)
    assert env["JUPYTER_CONFIG_PATH"](ana) == str(nbgrader_class.LEARNERS_CONFIG)
    assert env["VINT_NBGRADER_COURSE_DIR"](teacher) == str(klass["course"])
    assert env["VINT_NBGRADER_COURSE_DIR"](ana) == ""
    assert nbgrader_class._account(_Spawner("no-such-account-here")) is None  # the demo mode: no folder made
    asyncio.run(c.Spawner.pre_spawn_hook(ana))
    course = exchange / nbgrader_class.COURSE_ID
    assert course.is_dir() and course.stat().st_uid in (0, users["teacher"].pw_uid)  # never the learner's
    asyncio.run(c.Spawner.pre_spawn_hook(teacher))
    assert ran == [ana.user.name, teacher.user.name]
    assert all(p.stat().st_uid == users["teacher"].pw_uid for p in [course, course / "inbound", klass["course"]])
    assert (klass["course"] / "source" / EXERCISE / f"{EXERCISE}.ipynb").is_file()


def test_a_course_name_taken_in_the_exchange_is_refused(tmp_path):
    with accounts("teacher", "ana") as users:
        exchange = tmp_path / "exchange"
        exchange.mkdir()
        (exchange / nbgrader_class.COURSE_ID).mkdir()
        os.chown(exchange / nbgrader_class.COURSE_ID, users["ana"].pw_uid, users["ana"].pw_gid)
        with pytest.raises(nbgrader_class.SetupError, match=f"belongs to {users['ana'].pw_name}"):
            nbgrader_class.make_exchange(exchange, owner=users["teacher"].pw_uid)


# -- nbgrader's checksums and feedback, in one process --------------------------------------------------

@pytest.mark.filterwarnings("ignore::sqlalchemy.exc.SAWarning")  # nbgrader's own gradebook session
@pytest.mark.parametrize("ours", [False, True], ids=["nbgrader-alone", "with-configure"])
def test_checksum_warnings_only_for_a_changed_check_cell(tmp_path, monkeypatch, ours):
    from nbgrader.apps import NbGraderAPI
    from traitlets.config import Config

    from vint_core.nbgrader_course import configure

    root = tmp_path / "course"
    (root / "source" / "ps1").mkdir(parents=True)
    shutil.copy(SOURCE, root / "source" / "ps1")
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")  # alembic
    monkeypatch.chdir(root)
    config = Config()
    config.CourseDirectory.root = str(root)
    config.CourseDirectory.course_id = "vint"
    if ours:
        configure(config)
    api = NbGraderAPI(config=config)
    assert api.generate_assignment("ps1")["success"]
    released = root / "release" / "ps1" / f"{EXERCISE}.ipynb"
    for learner, change in (("untouched", None), ("changed", "print('✓ tricks_needed: right')")):
        (root / "submitted" / learner / "ps1").mkdir(parents=True)
        notebook = json.loads(released.read_text(encoding="utf-8"))
        for cell in notebook["cells"]:
            if change and cell["metadata"].get("nbgrader", {}).get("grade_id") == "check_tricks_needed":
                cell["source"] = change
        (root / "submitted" / learner / "ps1" / released.name).write_text(json.dumps(notebook), encoding="utf-8")
    logs = {learner: api.autograde("ps1", learner) for learner in ("untouched", "changed")}
    assert all(r["success"] for r in logs.values()), logs
    untouched, changed = logs["untouched"]["log"], logs["changed"]["log"]
    assert "Attribute 'checksum' for cell check_tricks_needed has changed" in changed  # a real change: said
    assert ("check_trick_value has changed" in untouched) is not ours  # nbgrader's false alarm, and its end
    assert "has changed" not in untouched or not ours
