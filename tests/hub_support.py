"""Driving a real JupyterHub from a test: start it, log in over HTTP, start a server, run code in a kernel.

Used by ``tests/test_classroom.py``. Only the standard library and tornado (which JupyterHub brings):
a login is the hub's own login form (with its ``_xsrf`` field), an API token is asked for with the
learner's own login cookie, code runs in a kernel of the learner's own server through the Jupyter
server's REST API and its kernel websocket, with the learner's token, exactly as the learner's
JupyterLab would.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import browser_support as bs
import system_accounts

ROOT = Path(__file__).resolve().parent.parent
HUB_DIR = ROOT / "deploy" / "jupyterhub"
CONFIG = HUB_DIR / "jupyterhub_config.py"
PROXY = HUB_DIR / "node_modules" / ".bin" / "configurable-http-proxy"


def proxy_dir() -> Path:
    """Where configurable-http-proxy is (``make hub-proxy`` installs it from npm)."""
    if PROXY.exists():
        return PROXY.parent
    import shutil

    found = shutil.which("configurable-http-proxy")
    if found is None:
        raise AssertionError("configurable-http-proxy is missing: `make hub-proxy` installs it from npm "
                             "into deploy/jupyterhub/node_modules")
    return Path(found).parent


def hub_env(root: Path, port: int, **settings: str) -> dict[str, str]:
    """The environment of a hub in ``root`` on ``port``: this checkout's vint_core, the proxy, ``settings``."""
    env = {**os.environ, "VINT_HUB_ROOT": str(root), "VINT_HUB_PORT": str(port),
           "PATH": f"{proxy_dir()}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    for key in [k for k in env if k.startswith("VINT_HUB_") or k in ("VINT_DATA_DIR", "JUPYTER_CONFIG_PATH")]:
        if key not in ("VINT_HUB_ROOT", "VINT_HUB_PORT"):
            del env[key]
    # the hub's own exchange, not the machine's /srv (a class hub needs one every account can reach: see test_classroom)
    env["VINT_NBGRADER_EXCHANGE"] = str(root / "nbgrader-exchange")
    from vint_core.app.launch import free_port

    env["VINT_CLASS_PORT"] = str(free_port())  # the class's service (vint-class): a free port, as the hub's own
    env.update(settings)
    return env


def start_hub(env: Mapping[str, str], *, cwd: Path, log: Path) -> subprocess.Popen[bytes]:
    """JupyterHub with deploy/jupyterhub/jupyterhub_config.py, in a process group of its own.

    The hub's internal port and the proxy's API port are free ones, so that several hubs (other tests, a
    teacher's own) can run on the machine at once.
    """
    from vint_core.app.launch import free_port

    ports = [f"--JupyterHub.hub_port={free_port()}", f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}"]
    command = system_accounts.in_namespace([sys.executable, "-m", "jupyterhub", "-f", str(CONFIG), *ports])
    from vint_core.app.launch import keep_log_tail

    with open(log, "wb") as out:
        process = subprocess.Popen(command, cwd=cwd, env=dict(env), stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    keep_log_tail(process, log)  # healthy() quotes it if the hub stops
    return process


def stop_hub(process: subprocess.Popen[bytes]) -> None:
    """The hub, its proxy, its culler and the learners' servers it started (its process group)."""
    if process.poll() is None:
        os.killpg(process.pid, 15)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait()


def healthy(url: str, process: subprocess.Popen[bytes]) -> bool:
    """True once the hub answers 200 at ``url`` through its proxy; an error (with the end of its log) if the hub
    stopped."""
    if process.poll() is not None:
        from vint_core.app.launch import stopped_error

        raise AssertionError(str(stopped_error(process, "JupyterHub")))
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except OSError:  # not yet listening, or the proxy has no route to the hub yet (404)
        return False


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Browser:
    """One person's cookies on the hub (as one browser), over plain HTTP."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), NoRedirect())

    def request(self, path: str, *, data: bytes | None = None, headers: Mapping[str, str] | None = None,
                method: str | None = None) -> tuple[int, dict[str, str], bytes]:
        """(status, headers, body) of one request; redirects are answers, not followed."""
        request = urllib.request.Request(self.url + path, data=data, headers=dict(headers or {}), method=method)
        try:
            with self.opener.open(request, timeout=60) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.cookies if c.name == name), None)

    def login(self, name: str, password: str) -> bool:
        """The hub's login form: True when the hub let ``name`` in (a login cookie and a redirect)."""
        status, _, body = self.request("/hub/login")
        assert status == 200, status
        found = re.search(rb'name="_xsrf" value="([^"]+)"', body)
        fields = {"username": name, "password": password, **({"_xsrf": found.group(1).decode()} if found else {})}
        status, _, body = self.request("/hub/login", data=urllib.parse.urlencode(fields).encode())
        return status == 302 and self.cookie("jupyterhub-session-id") is not None and any(
            c.name.startswith("jupyterhub-hub-login") for c in self.cookies)

    def token(self, name: str) -> str:
        """An API token of ``name``, asked for with their login cookie, as their JupyterLab would."""
        xsrf = self.cookie("_xsrf") or ""
        status, _, body = self.request(f"/hub/api/users/{name}/tokens", method="POST",
                                       data=json.dumps({"note": "test", "expires_in": 3600}).encode(),
                                       headers={"X-XSRFToken": xsrf, "Content-Type": "application/json"})
        assert status in (200, 201), (status, body[:300])
        return str(json.loads(body)["token"])


def start_servers(apis: Mapping[str, Api], *, seconds: float = 240) -> None:
    """Start each ``name``'s server with their own ``Api``, all at once, and wait until the hub says each is ready.

    The requests go side by side: the hub answers one only once its server is up or after its
    ``slow_spawn_timeout`` (10 s), and the next server would not start before then."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=len(apis)) as pool:
        for asked in [pool.submit(api.ask_for_server, name) for name, api in apis.items()]:
            asked.result()  # its failure, if any
    for name, api in apis.items():
        api.wait_for_server(name, seconds=seconds)


class Api:
    """The hub's REST API and a learner's server's REST API with one token."""

    def __init__(self, url: str, token: str) -> None:
        self.url, self.token = url, token

    def call(self, path: str, *, method: str = "GET", body: Any = None) -> tuple[int, Any]:
        request = urllib.request.Request(self.url + path, method=method,
                                         data=None if body is None else json.dumps(body).encode(),
                                         headers={"Authorization": f"token {self.token}",
                                                  "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                text = response.read()
                if "json" not in response.headers.get("Content-Type", ""):
                    return response.status, text.decode(errors="replace")
                return response.status, json.loads(text) if text.strip() else None
        except urllib.error.HTTPError as error:
            text = error.read()
            try:
                return error.code, json.loads(text)
            except ValueError:
                return error.code, text.decode(errors="replace")

    def start_server(self, name: str, *, seconds: float = 240) -> None:
        """Start ``name``'s server and wait until the hub says it is ready."""
        self.ask_for_server(name)
        self.wait_for_server(name, seconds=seconds)

    def ask_for_server(self, name: str) -> None:
        """Ask the hub to start ``name``'s server (it answers at once, or once the server is up)."""
        status, answer = self.call(f"/hub/api/users/{name}/server", method="POST")
        assert status in (201, 202, 400), (status, answer)  # 400: it is running already

    def wait_for_server(self, name: str, *, seconds: float = 240) -> None:
        """Wait until the hub says ``name``'s server is ready."""

        def ready() -> bool:
            status, user = self.call(f"/hub/api/users/{name}")
            assert status == 200, (status, user)
            server = (user.get("servers") or {}).get("")
            return bool(server and server.get("ready"))

        bs.wait_for(ready, seconds=seconds, interval=0.5)

    def run(self, name: str, code: str, *, seconds: float = 120) -> str:
        """Run ``code`` in a new kernel of ``name``'s server; its standard output (an error if it raised)."""
        status, kernel = self.call(f"/user/{name}/api/kernels", method="POST", body={"name": "python3"})
        assert status == 201, (status, kernel)
        try:
            return asyncio.run(asyncio.wait_for(self._execute(name, kernel["id"], code), seconds))
        finally:
            self.call(f"/user/{name}/api/kernels/{kernel['id']}", method="DELETE")

    async def _execute(self, name: str, kernel: str, code: str) -> str:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        url = f"{self.url.replace('http', 'ws', 1)}/user/{name}/api/kernels/{kernel}/channels"
        connection = await websocket_connect(HTTPRequest(url, headers={"Authorization": f"token {self.token}"}))
        msg_id = uuid.uuid4().hex
        await connection.write_message(json.dumps({
            "header": {"msg_id": msg_id, "msg_type": "execute_request", "username": name, "session": uuid.uuid4().hex,
                       "version": "5.3", "date": ""},
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": False, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True}}))
        out: list[str] = []
        try:
            while True:
                text = await connection.read_message()
                if text is None:
                    raise AssertionError(f"the kernel's websocket closed; output so far: {''.join(out)!r}")
                message = json.loads(text)
                if message.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind, content = message["msg_type"], message["content"]
                if kind == "stream":
                    out.append(content["text"])
                elif kind == "error":
                    raise AssertionError(f"{content['ename']}: {content['evalue']}")
                elif kind == "status" and content["execution_state"] == "idle":
                    return "".join(out)
        finally:
            connection.close()
