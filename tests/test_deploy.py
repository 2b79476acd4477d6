"""deploy/jupyterhub without a hub: the learner's folder, and the one-machine and Kubernetes configurations agree.

The hub itself is started for real by ``tests/test_classroom.py``; here its configuration is read as
JupyterHub reads it, for each mode and each refusal.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parent.parent
HUB_DIR = ROOT / "deploy" / "jupyterhub"
sys.path.insert(0, str(HUB_DIR))

from learner_home import prepare  # noqa: E402
from ports import SERVER_PORTS, free_port  # noqa: E402


def notebook(title: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": [title]}], "metadata": {},
                       "nbformat": 4, "nbformat_minor": 5})


def test_the_learners_folder_has_the_table_the_course_and_a_start_page(tmp_path: Path) -> None:
    course = tmp_path / "checkout"
    (course / "notebooks").mkdir(parents=True)
    (course / "notebooks" / "00-welcome.ipynb").write_text(notebook("# Lesson 00 · Welcome"), encoding="utf-8")
    (course / "exercises" / "release").mkdir(parents=True)
    (course / "exercises" / "release" / "ex1.ipynb").write_text(notebook("# Exercise 1"), encoding="utf-8")
    (course / "exercises" / "source").mkdir(parents=True)
    (course / "exercises" / "source" / "ex1.ipynb").write_text(notebook("### BEGIN SOLUTION"), encoding="utf-8")
    (course / "exercises" / "README.md").write_text("How the exercises work", encoding="utf-8")
    (course / "docs").mkdir()
    (course / "docs" / "rules.md").write_text("# Rules", encoding="utf-8")
    (course / "bench").mkdir()
    (course / "bench" / "x.py").write_text("print()", encoding="utf-8")
    home = tmp_path / "home"
    folder = prepare(home, server_url="/user/ana/", course_dir=course)
    assert folder == home / "vint" and (home / ".vint").is_dir()
    assert json.loads((folder / "table.ipynb").read_text(encoding="utf-8"))["cells"]
    start = (folder / "README.md").read_text(encoding="utf-8")
    assert "[Play Vint: the table](/user/ana/voila/render/vint/table.ipynb)" in start
    # the lessons and exercises: links beside the start page (JupyterLab opens them in its own tabs)
    assert "- [Lesson 00 · Welcome](course/notebooks/00-welcome.ipynb)" in start
    assert "- [Exercise 1](course/exercises/ex1.ipynb)" in start
    # the course's folder as make course and the Lite site lay it out (the lessons' ../docs/rules.md resolves);
    # the learners' versions only: no solutions, nothing else of the checkout
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == sorted(
        ["README.md", "course/.copied.json", "course/docs/rules.md", "course/exercises/README.md",
         "course/exercises/ex1.ipynb", "course/notebooks/00-welcome.ipynb",
         *(p.name for p in folder.glob("*.ipynb"))])
    assert "SOLUTION" not in "".join(p.read_text(encoding="utf-8") for p in folder.rglob("*") if p.is_file())
    # the learner's work is kept when the server starts again; the table (the app) is renewed
    lesson = folder / "course" / "notebooks" / "00-welcome.ipynb"
    lesson.write_text(notebook("Welcome, with my notes"), encoding="utf-8")
    (folder / "table.ipynb").write_text("{}", encoding="utf-8")
    (folder / "course" / "exercises" / "source").mkdir()  # as an older version of the hub left it
    (folder / "course" / "exercises" / "source" / "ex1.ipynb").write_text("solution", encoding="utf-8")
    (course / "docs" / "rules.md").write_text("# Rules, corrected", encoding="utf-8")  # the teacher updates
    prepare(home, server_url="/user/ana/", course_dir=course)
    assert "my notes" in lesson.read_text(encoding="utf-8")
    assert (folder / "course" / "docs" / "rules.md").read_text(encoding="utf-8") == "# Rules, corrected"
    assert json.loads((folder / "table.ipynb").read_text(encoding="utf-8"))["cells"]
    assert not (folder / "course" / "exercises" / "source").exists()


def test_no_course_yet_means_a_start_page_with_the_table_only(tmp_path: Path) -> None:
    folder = prepare(tmp_path / "home", server_url="/", course_dir=tmp_path / "nothing-here")
    start = (folder / "README.md").read_text(encoding="utf-8")
    assert "(/voila/render/vint/table.ipynb)" in start and "## Lessons" not in start
    assert not (folder / "course").exists()


CLASS = {"VINT_HUB_TEACHER": "teacher", "VINT_HUB_TEACHER_PASSWORD": "a-long-password",
         "VINT_HUB_LEARNERS": "ana,Boris"}


def hub_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> Any:
    for key in [k for k in os.environ if k.startswith("VINT_HUB_")]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("VINT_HUB_ROOT", str(tmp_path / "hub"))
    monkeypatch.setenv("VINT_COURSE_DIR", str(tmp_path / "a-course-without-solutions"))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    loader = PyFileConfigLoader("jupyterhub_config.py", path=str(HUB_DIR))
    return loader.load_config()


def refusal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        hub_config(monkeypatch, tmp_path, **env)
    return str(stopped.value)


def test_the_class_mode_is_the_default_each_learner_their_own_password_and_account(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)  # the hub of a class runs as root (this test makes no account)
    config = hub_config(monkeypatch, tmp_path, **CLASS)
    assert config.JupyterHub.authenticator_class == "firstuse"
    assert config.FirstUseAuthenticator.create_users is False and config.FirstUseAuthenticator.min_password_length >= 8
    assert config.Authenticator.allowed_users == {"ana", "boris", "teacher"} and config.Authenticator.allow_all is False
    assert config.Authenticator.admin_users == {"teacher"}
    assert config.JupyterHub.spawner_class.__name__ == "LearnerSpawner"
    # the hub's secrets in a folder only the hub's user reads; the teacher's password is stored hashed
    state = tmp_path / "hub" / "state"
    assert (state.stat().st_mode & 0o777) == 0o700
    assert config.JupyterHub.cookie_secret_file == str(state / "jupyterhub_cookie_secret")
    assert config.FirstUseAuthenticator.dbm_path == str(state / "passwords.dbm")
    import dbm

    with dbm.open(str(state / "passwords.dbm")) as db:
        assert db[b"teacher"].startswith(b"$2") and b"a-long-password" not in db[b"teacher"]
    # a roster from a file too; the teacher's password may be left out once it is stored
    roster = tmp_path / "roster.txt"
    roster.write_text("# class 7b\ncarl\ndasha  # new\n", encoding="utf-8")
    config = hub_config(monkeypatch, tmp_path, VINT_HUB_TEACHER="teacher", VINT_HUB_ROSTER=str(roster))
    assert config.Authenticator.allowed_users == {"carl", "dasha", "teacher"}


@pytest.mark.parametrize(("env", "said"), [
    ({}, "needs VINT_HUB_TEACHER"),
    ({"VINT_HUB_TEACHER": "teacher"}, "needs the roster"),
    ({"VINT_HUB_TEACHER": "teacher", "VINT_HUB_LEARNERS": "ana"}, "needs VINT_HUB_TEACHER_PASSWORD"),
    ({**CLASS, "VINT_HUB_TEACHER_PASSWORD": "short"}, "8 characters"),
    ({**CLASS, "VINT_HUB_TEACHER_PASSWORD": "x" * 73}, "72 bytes at most"),
    ({**CLASS, "VINT_HUB_LEARNERS": "ana,Carl Smith"}, "'carl smith' cannot be a learner's name"),
    ({**CLASS, "VINT_HUB_ROSTER": "/no/such/roster.txt"}, "cannot read '/no/such/roster.txt'"),
    ({**CLASS, "VINT_HUB_IP": "0.0.0.0"}, "VINT_HUB_SSL_CERT"),
    ({**CLASS, "VINT_HUB_MODE": "open"}, "VINT_HUB_MODE must be"),
])
def test_the_class_mode_refuses_to_start_without_what_it_needs(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, env: dict[str, str], said: str) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    assert said in refusal(monkeypatch, tmp_path, **env)


def test_the_class_mode_refuses_solutions_open_to_every_account(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    course = tmp_path / "checkout"
    (course / "exercises" / "source").mkdir(parents=True)
    (course / "exercises" / "source").chmod(0o755)
    said = refusal(monkeypatch, tmp_path, **CLASS, VINT_COURSE_DIR=str(course))
    assert f"chmod o-rwx {course / 'exercises' / 'source'}" in said
    (course / "exercises" / "source").chmod(0o750)
    assert hub_config(monkeypatch, tmp_path, **CLASS, VINT_COURSE_DIR=str(course))


def test_the_class_mode_needs_root_and_https_off_loopback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert "start the hub as root" in refusal(monkeypatch, tmp_path, **CLASS)
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    config = hub_config(monkeypatch, tmp_path, **CLASS, VINT_HUB_IP="0.0.0.0", VINT_HUB_SSL_CERT="/etc/ssl/hub.pem",
                        VINT_HUB_SSL_KEY="/etc/ssl/hub.key")
    assert config.JupyterHub.ssl_cert == "/etc/ssl/hub.pem" and config.JupyterHub.ssl_key == "/etc/ssl/hub.key"


def test_the_class_on_one_machine_and_on_kubernetes_agree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    config = hub_config(monkeypatch, tmp_path, **CLASS)
    text = (HUB_DIR / "values.yaml").read_text(encoding="utf-8")
    values = yaml.safe_load(text)
    single = values["singleuser"]
    assert config.Spawner.default_url == single["defaultUrl"] == "/lab/tree/vint/README.md"
    # idle servers culled after the same time; idle kernels as well
    culler, served = config.JupyterHub.services  # the culler, and the class's service (test_class_kubernetes.py)
    assert served["name"] == "vint-class" and served["oauth_client_allowed_scopes"] == ["custom:vint-class:teach"]
    assert f"--timeout={values['cull']['timeout']}" in culler["command"]
    assert "jupyterhub_idle_culler" in culler["command"]
    assert set(config.Spawner.args) <= set(single["cmd"])
    # the learners' servers without nbgrader's teacher side, and the same JupyterLab settings
    learner_args = [a for a in single["cmd"] if "nbgrader" in a]
    assert learner_args == ["--ServerApp.jpserver_extensions=nbgrader.server_extensions.formgrader=False",
                            "--ServerApp.jpserver_extensions=nbgrader.server_extensions.course_list=False"]
    assert [Path(p).name for p in single["extraEnv"]["JUPYTER_CONFIG_PATH"].split(":")] == [
        "learner-config", "jupyter-config"]
    # every learner's games in their own home
    assert single["extraEnv"]["VINT_DATA_DIR"] == "/home/jovyan/.vint"
    assert "learner_home.py" in " ".join(single["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert "Dockerfile" in text


def test_kubernetes_fails_closed_no_login_and_no_admin_until_the_school_configures_one() -> None:
    hub = yaml.safe_load((HUB_DIR / "values.yaml").read_text(encoding="utf-8"))["hub"]
    assert hub["config"]["JupyterHub"]["authenticator_class"] == "null" and "Authenticator" not in hub["config"]
    assert set(hub["config"]["JupyterHub"]) == {"authenticator_class", "custom_scopes"}  # no allow_all, no admin
    from jupyterhub.auth import NullAuthenticator

    assert NullAuthenticator().get_handlers(None) == []  # no login page at all
    text = (HUB_DIR / "values.yaml").read_text(encoding="utf-8")
    assert "#   authenticator_class: ltiauthenticator.lti13.auth.LTI13Authenticator" in text
    assert "#   authenticator_class: github" in text and "#   https:" in text


def test_the_learners_image_holds_no_solutions() -> None:
    dockerfile = (HUB_DIR / "Dockerfile").read_text(encoding="utf-8")
    sources = [word for line in dockerfile.splitlines() if line.startswith(("COPY", "ADD"))
               for word in line.split()[1:-1] if not word.startswith("--")]  # what each COPY takes
    assert "exercises/release" in sources and "notebooks" in sources
    assert not [s for s in sources if s in (".", "exercises", "exercises/") or "source" in s], sources
    assert "/opt/vint" in dockerfile


def test_the_demo_mode_is_for_one_computer_with_a_password(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = hub_config(monkeypatch, tmp_path, VINT_HUB_MODE="demo", VINT_HUB_PASSWORD="secret",
                        VINT_TABLE_ENV="VINT_BOTS=rule,random,rule;VINT_LANG=de")
    assert config.JupyterHub.authenticator_class == "dummy" and config.DummyAuthenticator.password == "secret"
    assert config.Authenticator.admin_users == set()  # nobody is the teacher by typing a name
    assert config.JupyterHub.spawner_class == "simple"
    assert config.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "hub" / "homes" / "{username}")
    env = config.Spawner.environment
    assert env["VINT_BOTS"] == "rule,random,rule" and env["VINT_LANG"] == "de"

    class User:
        name = "ana"
        admin = False

    class Spawner:
        user = User()
        home_dir_template = config.SimpleLocalProcessSpawner.home_dir_template

    assert env["VINT_DATA_DIR"](Spawner()) == str(tmp_path / "hub" / "homes" / "ana" / ".vint")
    assert env["JUPYTER_CONFIG_PATH"](Spawner()).split(os.pathsep) == [  # nbgrader's learner side first
        str(HUB_DIR / "nbgrader" / "learners"),
        str(HUB_DIR.parent / "course" / "languages" / "de"),  # VINT_LANG=de: JupyterLab's menus in German
        str(HUB_DIR / "learner-config"), str(HUB_DIR / "jupyter-config")]
    for ip in ("127.0.0.1", "::1", "localhost"):
        assert hub_config(monkeypatch, tmp_path, VINT_HUB_MODE="demo", VINT_HUB_PASSWORD="s", VINT_HUB_IP=ip)
    for ip in ("0.0.0.0", "", "192.168.1.10", "::"):
        said = refusal(monkeypatch, tmp_path, VINT_HUB_MODE="demo", VINT_HUB_PASSWORD="s", VINT_HUB_IP=ip)
        assert "listens on this computer only" in said
    assert "needs VINT_HUB_PASSWORD" in refusal(monkeypatch, tmp_path, VINT_HUB_MODE="demo")


def test_the_system_mode_admits_an_allowed_group_or_roster_only(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = hub_config(monkeypatch, tmp_path, VINT_HUB_MODE="system", VINT_HUB_TEACHER="teacher",
                        VINT_HUB_ALLOWED_GROUPS="class7b, class7c")
    assert config.JupyterHub.authenticator_class == "pam" and config.JupyterHub.spawner_class == "localprocess"
    assert config.PAMAuthenticator.allowed_groups == {"class7b", "class7c"}
    assert config.Authenticator.allowed_users == {"teacher"} and config.Authenticator.allow_all is False
    assert config.Authenticator.admin_users == {"teacher"}
    said = refusal(monkeypatch, tmp_path, VINT_HUB_MODE="system", VINT_HUB_TEACHER="teacher")
    assert "VINT_HUB_ALLOWED_GROUPS" in said


def test_a_learners_server_gets_a_free_port_outside_the_range_the_system_hands_out() -> None:
    """The hub's own choice (a port the system hands out at random) could be taken by a kernel's socket before the
    learner's server starts on it; the hook chooses below that range, a port nothing listens on."""
    import socket

    low, _high = (int(n) for n in Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    assert SERVER_PORTS.stop <= low
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", SERVER_PORTS.start))
        listening.listen()
        chosen = {free_port() for _ in range(50)}
        assert all(SERVER_PORTS.start < port < SERVER_PORTS.stop for port in chosen)  # the one taken never
        for port in chosen:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", port))  # free indeed
        with pytest.raises(OSError, match="no free port"):
            free_port(range(SERVER_PORTS.start, SERVER_PORTS.start + 1))
    config = (HUB_DIR / "jupyterhub_config.py").read_text()
    assert "spawner.port = ports.free_port(" in config  # the hook every learner's server starts through
    # the ports the tests and the table's server choose: below that range too, and apart from the learners'
    from vint_core.app import launch
    assert launch.CHOSEN_PORTS.stop <= SERVER_PORTS.start
    assert all(launch.CHOSEN_PORTS.start <= launch.free_port() < launch.CHOSEN_PORTS.stop for _ in range(50))
