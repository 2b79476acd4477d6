"""A port chosen for a server and taken by another program before the server starts: the server serves anyway.

Before, a free port was picked (``free_port()``: bind port 0, read it, let it go) and handed to Voilà or JupyterLab,
which were told not to try another (``port_retries=0``); on a busy machine another process (a kernel opening its
ZMQ ports the same way) could take that port first, and the server stopped with "exit code 1" and nothing more.
Each test here takes the port the old way would hand over (a socket listening on it, as that other program would),
then starts the server. Now the system chooses the port as the server opens its socket, and a server that stops
before serving says why: the end of its log is in the error.
"""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import browser_support as bs
import pytest
from test_app_serving import ENV

from vint_core.app import launch


@contextmanager
def port_taken_from_under_us(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """A port another program listens on, given by ``free_port()`` from now on (as it would have been given
    a moment before that program took it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as other:
        other.bind((launch.HOST, 0))
        other.listen()
        port = int(other.getsockname()[1])
        monkeypatch.setattr(launch, "free_port", lambda host=launch.HOST: port)
        monkeypatch.setattr(bs, "free_port", lambda host=launch.HOST: port, raising=False)
        yield port


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as err:
        return err.code


def test_the_tests_table_server_serves_though_the_port_picked_before_was_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bs.require_tools()
    with port_taken_from_under_us(monkeypatch) as taken, \
            bs.voila_server(data_dir=bs.clean_dir(tmp_path / "data"), env=ENV, name="serve-port-taken",
                            preheat=False, extra=()) as server:
        assert server.port != taken
        assert status(server.base) == 403  # the table's server itself: the page without its token is refused
        assert status(server.url + "&table=..%2Fx") == 400  # and with it, a name that is not allowed


def test_vint_table_without_port_serves_though_the_port_picked_before_was_taken(tmp_path: Path) -> None:
    """``vint table`` (no ``--port``) in a process of its own, where ``free_port()`` gives a port another program
    listens on: the link it prints is served, on another port, and SIGTERM stops it."""
    script = (
        "import socket, sys\n"
        "from vint_core.app import launch\n"
        "other = socket.socket(); other.bind((launch.HOST, 0)); other.listen()\n"
        "taken = other.getsockname()[1]\n"
        "print('taken', taken, flush=True)\n"
        "launch.free_port = lambda host=launch.HOST: taken\n"
        "from vint_core.cli import main\n"
        "sys.exit(main(['table', '--no-browser']))\n")
    env = {**os.environ, "VINT_DATA_DIR": str(tmp_path), **ENV}
    process = subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True, start_new_session=True)
    lines: queue.Queue[str] = queue.Queue()
    said: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()

    def line_with(text: str) -> str:
        while True:
            try:
                line = lines.get(timeout=120)
            except queue.Empty as empty:
                raise AssertionError(f"vint table did not say {text!r}; it said: {''.join(said)}") from empty
            said.append(line)
            if text in line:
                return line

    try:
        taken = int(line_with("taken").split()[1])
        link = line_with(" is at ").split(" is at ")[1].split()[0]
        assert f":{taken}/" not in link, link
        assert status(link.split("?")[0]) == 403  # the table's server, refusing the page without the token
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
    finally:
        launch.stop_voila(process)  # type: ignore[arg-type]


def test_jupyterlab_serves_though_the_port_picked_before_was_taken(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = bs.clean_dir(tmp_path / "course")
    with port_taken_from_under_us(monkeypatch) as taken, bs.jupyterlab_server(root=root, name="lab-port-taken") as lab:
        assert lab.port != taken
        assert status(f"{lab.url}api/contents?token={lab.token}") == 200


def test_a_server_that_stops_before_serving_says_why(tmp_path: Path) -> None:
    """Voilà told to use a port another program listens on (``vint table --port``: no other is tried) stops; the
    error says so from its log, where before it said only "exit code 1"."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as other:
        other.bind((launch.HOST, 0))
        other.listen()
        port = int(other.getsockname()[1])
        process = launch.start_voila(port=port, env={**os.environ, "VINT_DATA_DIR": str(tmp_path), **ENV},
                                     preheat=False)
        try:
            with pytest.raises(launch.ServerStopped) as stopped:
                launch.wait_until_serving(f"http://{launch.HOST}:{port}/", process=process, timeout=120)
        finally:
            launch.stop_voila(process)
    message = str(stopped.value)
    assert "exit code 1" in message and f"The port {port} is already in use" in message, message
