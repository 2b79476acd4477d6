"""The class's service on Kubernetes: Zero to JupyterHub's values (deploy/jupyterhub/values.yaml) name the same
service, scope, roles and server tokens as the hub of one machine (jupyterhub_config.py), its command parses as
the service's own, and the learners' servers and the proxy can reach it. Not run on a cluster (none on the
development machines): deploy/README.md says so."""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from test_deploy import CLASS, HUB_DIR, hub_config

from vint_core.classroom import service


def values() -> dict:
    return yaml.safe_load((HUB_DIR / "values.yaml").read_text(encoding="utf-8"))


def test_the_values_name_the_service_and_its_scope_as_the_hub_of_one_machine_does(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 0)
    config = hub_config(monkeypatch, tmp_path, **CLASS)
    (one,) = [s for s in config.JupyterHub.services if s["name"] == service.NAME]
    hub = values()["hub"]
    kube = hub["services"][service.NAME]
    for key in ("display", "oauth_no_confirm", "oauth_client_allowed_scopes"):
        assert kube[key] == one[key], key
    assert kube["oauth_client_allowed_scopes"] == [service.TEACH] == ["custom:vint-class:teach"]
    assert set(hub["config"]["JupyterHub"]["custom_scopes"]) == set(config.JupyterHub.custom_scopes) == {service.TEACH}
    # the same roles: the teacher's holds the scope, every user reaches the service
    roles = {role["name"]: role for role in config.JupyterHub.load_roles}
    for name in ("vint-class-teacher", "user"):
        assert sorted(hub["loadRoles"][name]["scopes"]) == sorted(roles[name]["scopes"]), name
    assert service.TEACH in hub["loadRoles"]["vint-class-teacher"]["scopes"]
    assert hub["loadRoles"]["vint-class-teacher"]["users"] == ["the-teachers-login-name"]
    assert hub["config"]["Spawner"]["server_token_scopes"] == list(config.Spawner.server_token_scopes)


def test_the_services_command_parses_and_it_is_reachable_where_the_servers_look_for_it() -> None:
    every = values()
    hub, single = every["hub"], every["singleuser"]
    kube = hub["services"][service.NAME]
    assert kube["command"][0] == "python3"
    _, flag, module, *argv = kube["command"]
    assert (flag, module) == ("-m", "vint_core.classroom.service")
    args = service.arguments().parse_args(argv)
    assert args.name == "vint" and args.teacher == "the-teachers-login-name" and args.ip == "0.0.0.0"
    assert str(args.store).startswith("/srv/jupyterhub/")  # the hub's own volume, with hub.db
    url = urlsplit(kube["url"])
    assert url.hostname == "hub"
    assert [p["port"] for p in hub["service"]["extraPorts"]] == [url.port]
    assert [p["targetPort"] for p in hub["service"]["extraPorts"]] == [url.port]
    (rule,) = hub["networkPolicy"]["ingress"]
    assert rule["ports"] == [{"port": url.port}]
    assert rule["from"] == [{"podSelector": {"matchLabels": {"hub.jupyter.org/network-access-hub": "true"}}}]
    assert single["extraEnv"]["VINT_CLASS_URL"] == f"{kube['url']}/services/{service.NAME}/"
    assert hub["image"]["name"] == "vint-hub"


def test_the_hubs_image_holds_the_engine_only() -> None:
    dockerfile = (HUB_DIR / "Dockerfile.hub").read_text(encoding="utf-8")
    sources = [word for line in dockerfile.splitlines() if line.startswith(("COPY", "ADD"))
               for word in line.split()[1:-1] if not word.startswith("--")]
    assert sorted(sources) == ["README.md", "pyproject.toml", "vint_core"], sources
    assert "k8s-hub" in dockerfile and "[class]" in dockerfile
