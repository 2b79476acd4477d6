"""deploy/jupyterhub without a hub: the learner's folder, and the one-machine and Kubernetes configurations agree.

The hub itself is started for real by ``tests/test_classroom.py`` (``make test-classroom``).
"""

from __future__ import annotations

import json
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


def notebook(title: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": [title]}], "metadata": {},
                       "nbformat": 4, "nbformat_minor": 5})


def test_the_learners_folder_has_the_table_the_course_and_a_start_page(tmp_path: Path) -> None:
    course = tmp_path / "checkout"
    (course / "notebooks").mkdir(parents=True)
    (course / "notebooks" / "00-welcome.ipynb").write_text(notebook("Welcome"), encoding="utf-8")
    (course / "exercises" / "scoring").mkdir(parents=True)
    (course / "exercises" / "scoring" / "ex1.ipynb").write_text(notebook("Exercise"), encoding="utf-8")
    home = tmp_path / "home"
    folder = prepare(home, server_url="/user/ana/", course_dir=course)
    assert folder == home / "vint" and (home / ".vint").is_dir()
    assert json.loads((folder / "table.ipynb").read_text(encoding="utf-8"))["cells"]
    start = (folder / "README.md").read_text(encoding="utf-8")
    assert "[Play Vint: the table](/user/ana/voila/render/vint/table.ipynb)" in start
    assert "(/user/ana/lab/tree/vint/course/notebooks/00-welcome.ipynb)" in start
    assert "(/user/ana/lab/tree/vint/course/exercises/scoring/ex1.ipynb)" in start
    # the learner's work is kept when the server starts again; the table (the app) is renewed
    lesson = folder / "course" / "notebooks" / "00-welcome.ipynb"
    lesson.write_text(notebook("Welcome, with my notes"), encoding="utf-8")
    (folder / "table.ipynb").write_text("{}", encoding="utf-8")
    prepare(home, server_url="/user/ana/", course_dir=course)
    assert "my notes" in lesson.read_text(encoding="utf-8")
    assert json.loads((folder / "table.ipynb").read_text(encoding="utf-8"))["cells"]


def test_no_course_yet_means_a_start_page_with_the_table_only(tmp_path: Path) -> None:
    folder = prepare(tmp_path / "home", server_url="/", course_dir=tmp_path / "nothing-here")
    start = (folder / "README.md").read_text(encoding="utf-8")
    assert "(/voila/render/vint/table.ipynb)" in start and "## The course" not in start
    assert not (folder / "course").exists()


def hub_config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> Any:
    monkeypatch.setenv("VINT_HUB_ROOT", str(tmp_path / "hub"))
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    loader = PyFileConfigLoader("jupyterhub_config.py", path=str(HUB_DIR))
    return loader.load_config()


def test_the_class_on_one_machine_and_on_kubernetes_agree(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = hub_config(monkeypatch, tmp_path)
    values = yaml.safe_load((HUB_DIR / "values.yaml").read_text(encoding="utf-8"))
    single = values["singleuser"]
    assert config.Spawner.default_url == single["defaultUrl"] == "/lab/tree/vint/README.md"
    # idle servers culled after the same time; idle kernels as well
    [culler] = config.JupyterHub.services
    assert f"--timeout={values['cull']['timeout']}" in culler["command"]
    assert "jupyterhub_idle_culler" in culler["command"]
    assert set(config.Spawner.args) <= set(single["cmd"])
    assert config.JupyterHub.authenticator_class == "pam" and config.JupyterHub.spawner_class == "localprocess"
    # every learner's games in their own home
    assert single["extraEnv"]["VINT_DATA_DIR"] == "/home/jovyan/.vint"
    assert "learner_home.py" in " ".join(single["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert "Dockerfile" in (HUB_DIR / "values.yaml").read_text(encoding="utf-8")
    assert "/opt/vint" in (HUB_DIR / "Dockerfile").read_text(encoding="utf-8")


def test_the_demo_mode_needs_no_system_accounts(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    config = hub_config(monkeypatch, tmp_path, VINT_HUB_MODE="demo", VINT_HUB_PASSWORD="secret",
                        VINT_TABLE_ENV="VINT_BOTS=rule,random,rule;VINT_LANG=de")
    assert config.JupyterHub.authenticator_class == "dummy" and config.DummyAuthenticator.password == "secret"
    assert config.JupyterHub.spawner_class == "simple"
    assert config.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "hub" / "homes" / "{username}")
    env = config.Spawner.environment
    assert env["VINT_BOTS"] == "rule,random,rule" and env["VINT_LANG"] == "de"

    class User:
        name = "ana"

    class Spawner:
        user = User()
        home_dir_template = config.SimpleLocalProcessSpawner.home_dir_template

    assert env["VINT_DATA_DIR"](Spawner()) == str(tmp_path / "hub" / "homes" / "ana" / ".vint")
    with pytest.raises(ValueError, match="VINT_HUB_MODE"):
        hub_config(monkeypatch, tmp_path, VINT_HUB_MODE="open")
