"""``vint table``: start Voilà on 127.0.0.1 serving the playable table, and open a browser.

The notebook is found inside the installed package, so the command works from a
wheel as well as from a checkout. The page's settings (``--rules`` …, a
:class:`~vint_core.app.settings.PageSettings`) reach the notebook through ``VINT_*`` environment
variables. The command's options are :mod:`vint_core.cli.table`'s.
The server needs a token, made anew at each start (:mod:`vint_core.app.server`): the command prints
and opens the link that carries it. Voilà's log, with every error kept off the page, goes to
``vint-table.log`` in the data folder (rotated: :data:`LOG_BYTES` × :data:`LOG_BACKUPS` more).
Without ``--port`` the system chooses the port as Voilà opens its socket (:func:`start_voila` with no port,
:func:`serving_port`): a port picked first and handed over could be taken by another program before Voilà
starts. A server that stops before it serves raises :class:`ServerStopped`, which ends with the end of its log.
"""

from __future__ import annotations

import contextlib
import http.client
import logging
import logging.handlers
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import weakref
import webbrowser
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from vint_core.app import notebook_path
from vint_core.app.settings import PageSettings
from vint_core.i18n import Phrase, choose_language, os_reason, text

HOST = "127.0.0.1"
#: Voilà options that keep one kernel ready, the notebook run up to :func:`vint_core.app.wait_for_page`;
#: the next one is started a few seconds after a page takes it, once that page has drawn its table
PREHEAT = ("--preheat_kernel=True", "--pool_size=1", "--VoilaKernelManager.fill_delay=4")
#: the only JupyterLab extensions the page loads: the widgets' and Voilà's widget manager. Without this the page
#: fetches and runs every extension installed beside Voilà (nbgrader's, JupyterLite's, the notebook's, the code
#: highlighter's: some 40 scripts more), none of which the table uses
EXTENSIONS = ('--VoilaConfiguration.extension_allowlist='
              '["@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8"]')


#: the ports :func:`free_port` chooses from: below the range the system hands out at random (Linux's
#: ``ip_local_port_range``, 32768–60999), where a kernel's sockets and every outgoing connection take theirs, so that
#: none of them takes a chosen port before its server opens it (seen in the project's CI: a kernel's ZeroMQ socket
#: on the port a test's hub was about to open), and below the class hub's learners' servers (20000–31999)
CHOSEN_PORTS = range(12000, 20000)


def free_port(host: str = HOST, ports: range = CHOSEN_PORTS, tries: int = 100) -> int:
    """A TCP port of ``ports`` on ``host`` nobody listens on right now, tried in a random order (at most ``tries``).

    Another program may still take it a moment later: a server that can, binds port 0 itself, as
    :func:`start_voila` does without a port. Choosing outside the system's own range leaves only programs that
    choose as this does to race with."""
    for port in random.sample(ports, min(tries, len(ports))):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port in {ports.start}–{ports.stop - 1} on {host}")


#: tables served at once unless ``--max-tables`` says otherwise (each one is a kernel of 70–130 MB)
MAX_TABLES = 8
#: minutes a table may stay idle before its kernel stops (the game is saved; a reload resumes it)
IDLE_MINUTES = 30
#: the size of Voilà's log file before it is rotated
LOG_BYTES = 2 * 1024 * 1024
#: how many older log files are kept
LOG_BACKUPS = 3
#: how many of its last lines an error about a server that stopped quotes from its log
TAIL_LINES = 30


class ServerStopped(OSError):
    """A server stopped before it served; the message ends with the end of its log."""


#: how to read the end of each started server's output (:func:`log_tail`)
_tails: weakref.WeakKeyDictionary[subprocess.Popen[bytes], Callable[[], str]] = weakref.WeakKeyDictionary()
#: the file each Voilà started without a port writes its port into
_port_files: weakref.WeakKeyDictionary[subprocess.Popen[bytes], Path] = weakref.WeakKeyDictionary()


def file_tail(path: Path, lines: int = TAIL_LINES) -> str:
    """The last ``lines`` lines of the file ``path`` ("" if there is none)."""
    try:
        with open(path, "rb") as log:
            log.seek(0, os.SEEK_END)
            log.seek(max(0, log.tell() - 200 * lines))
            text = log.read().decode("utf-8", "replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def keep_log_tail(process: subprocess.Popen[bytes], read: Path | Callable[[], str]) -> None:
    """Remember where the end of ``process``'s output is (its log file, or a function returning it), for
    :func:`log_tail` and the errors of :func:`wait_until_serving`."""
    _tails[process] = read if callable(read) else (lambda: file_tail(read))


def log_tail(process: subprocess.Popen[bytes]) -> str:
    """The end of what ``process`` (started here, or given to :func:`keep_log_tail`) printed; "" if unknown."""
    read = _tails.get(process)
    return read() if read is not None else ""


def stopped_error(process: subprocess.Popen[bytes], what: str) -> ServerStopped:
    """The error for ``process`` (``what``: "Voilà", "JupyterLab") that stopped before serving, its log's end in it."""
    tail = log_tail(process).strip()
    said = f"; the end of its log:\n{tail}" if tail else " (its log said nothing)"
    return ServerStopped(f"{what} stopped with exit code {process.returncode} before serving{said}")


def log_path(notebook: Path | None = None) -> Path:
    """Where ``vint table`` keeps Voilà's log: ``vint-table.log`` in the data folder (``vint-practice.log`` for
    the practice page: the notebook's name)."""
    from vint_core.saves import data_dir

    return data_dir() / f"vint-{(notebook or notebook_path()).stem}.log"


def copy_to_log(stream: IO[bytes], path: Path | None, *, max_bytes: int = LOG_BYTES,
                backups: int = LOG_BACKUPS, tail: deque[str] | None = None) -> threading.Thread:
    """Copy what ``stream`` (Voilà's output, its kernels' included) says into ``path``, line by line, rotating the
    file at ``max_bytes`` and keeping ``backups`` older ones (``path.1`` …), in a thread that ends with the stream;
    the last lines also into ``tail`` (with ``path`` None, only there)."""
    handler: logging.Handler | None = None
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=max_bytes, backupCount=backups,
                                                       encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))

    def copy() -> None:
        try:
            for line in stream:
                text = line.decode("utf-8", "replace").rstrip("\r\n")
                if tail is not None:
                    tail.append(text)
                if handler is not None:
                    handler.handle(logging.makeLogRecord({"msg": text, "levelno": logging.INFO, "args": None}))
        finally:
            if handler is not None:
                handler.close()

    thread = threading.Thread(target=copy, name="vint-table-log", daemon=True)
    thread.start()
    return thread


def voila_command(*, port: int, notebook: Path | None = None, extra: Sequence[str] = (),
                  preheat: bool = True, max_tables: int = MAX_TABLES, idle_minutes: float = IDLE_MINUTES) -> list[str]:
    """The command line that serves the table with Voilà (:mod:`vint_core.app.server`) on 127.0.0.1 at ``port``
    (0: a port the system chooses as the server opens its socket)."""
    idle = max(1, round(idle_minutes * 60))
    return [sys.executable, "-m", "vint_core.app.server", str(notebook or notebook_path()), "--no-browser",
            f"--port={port}", f"--Voila.ip={HOST}", "--Voila.port_retries=0",
            # a kernel is started and the notebook's imports run before a page asks: the page opens at once
            *(PREHEAT if preheat else ()), EXTENSIONS,
            f"--TableServer.max_tables={max_tables}",
            # a table left alone gives its memory back, open page or not; the game is saved, a reload resumes it
            f"--MappingKernelManager.cull_idle_timeout={idle}", "--MappingKernelManager.cull_connected=True",
            f"--MappingKernelManager.cull_interval={min(300, max(1, idle // 4))}", *extra]


def start_voila(*, port: int | None = None, env: Mapping[str, str] | None = None, log: Path | None = None,
                rotate: bool = False, token: str | None = None, extra: Sequence[str] = (), preheat: bool = True,
                notebook: Path | None = None, max_tables: int = MAX_TABLES,
                idle_minutes: float = IDLE_MINUTES) -> subprocess.Popen[bytes]:
    """Start Voilà serving the table (or ``notebook``) in a process group of its own, kernels included;
    the caller stops it with :func:`stop_voila` when done.

    ``port`` None: the system chooses one as Voilà opens its socket; :func:`serving_port` tells which, once
    Voilà serves. ``token``: the token the table's link carries (handed over in ``JUPYTER_TOKEN``, not on the
    command line, where every user of the machine could read it). ``log``: the file for Voilà's output, rotated
    (:func:`copy_to_log`) if ``rotate``; without it only its last lines are kept, in memory (:func:`log_tail`)."""
    environ = dict(os.environ if env is None else env)
    if token is not None:
        environ["JUPYTER_TOKEN"] = token
    port_file: Path | None = None
    if port is None:
        port_file = Path(tempfile.mkdtemp(prefix="vint-port-")) / "port"
        extra = [*extra, f"--TableServer.port_file={port_file}"]
    out: Any = subprocess.PIPE
    if log is not None and not rotate:
        out = open(log, "wb")  # noqa: SIM115 (closed once the process has it)
    command = voila_command(port=port or 0, notebook=notebook, extra=extra, preheat=preheat, max_tables=max_tables,
                            idle_minutes=idle_minutes)
    process = subprocess.Popen(command, env=environ, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    if out is subprocess.PIPE:
        assert process.stdout is not None
        tail: deque[str] = deque(maxlen=TAIL_LINES)
        copy_to_log(process.stdout, log, tail=tail)
        keep_log_tail(process, lambda: "\n".join(tail))
    else:
        assert log is not None
        out.close()  # the process has its own copy
        keep_log_tail(process, log)
    if port_file is not None:
        _port_files[process] = port_file
    return process


def serving_port(process: subprocess.Popen[bytes], *, timeout: float = 60.0) -> int:
    """The port Voilà started by :func:`start_voila` without one listens on, once it serves there; raise
    :class:`ServerStopped` (the end of its log in it) if it stopped first, ``TimeoutError`` after ``timeout``."""
    port_file = _port_files[process]
    deadline = time.monotonic() + timeout
    while not port_file.exists():
        if process.poll() is not None:
            raise stopped_error(process, "Voilà")
        if time.monotonic() > deadline:
            raise TimeoutError(f"Voilà did not say its port within {timeout:.0f} s; the end of its log:\n"
                               f"{log_tail(process)}")
        time.sleep(0.1)
    port = int(port_file.read_text(encoding="ascii"))
    with contextlib.suppress(OSError):
        port_file.unlink()
        port_file.parent.rmdir()
    wait_until_serving(f"http://{HOST}:{port}/", process=process, timeout=max(1.0, deadline - time.monotonic()))
    return port


def stop_voila(process: subprocess.Popen[bytes], *, timeout: float = 15.0) -> None:
    """Stop Voilà (it shuts its kernels down), then anything left in its process group (a kernel that hung)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)


def wait_until_serving(url: str, *, process: subprocess.Popen[bytes] | None = None, timeout: float = 60.0) -> None:
    """Return once the server at ``url`` answers; raise ``TimeoutError`` (or :class:`ServerStopped`, with the end
    of its log, if ``process`` stopped) otherwise.

    It asks for a static file that does not exist: opening the notebook itself would start a kernel
    (and a game) nobody looks at.
    """
    url = url.rstrip("/") + "/voila/static/vint-probe"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise stopped_error(process, f"Voilà (at {url})")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # the server answers, if only with an error page
        except (OSError, http.client.HTTPException):  # not listening yet (or not an HTTP server there)
            time.sleep(0.2)
    tail = f"; the end of its log:\n{log_tail(process)}" if process is not None else ""
    raise TimeoutError(f"nothing answered at {url} within {timeout:.0f} s{tail}")


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def wait_interruptibly(process: subprocess.Popen[bytes], *, step: float = 0.5) -> int:
    """Wait until ``process`` ends and return its exit code, acting on Ctrl-C or SIGTERM meanwhile.

    A signal sent to this process may be taken by any of its threads (Linux picks one, not always the main one:
    here the thread that copies Voilà's log). Python runs the handler in the main thread only, once it runs Python
    again, and a ``process.wait()`` with no time limit sits in ``waitpid`` until Voilà ends, which it never does by
    itself: ``vint table`` would not stop. Waiting in steps, the main thread runs Python every few milliseconds
    (``Popen.wait`` with a time limit polls), so the handler runs whichever thread took the signal."""
    while True:
        try:
            return process.wait(timeout=step)
        except subprocess.TimeoutExpired:
            continue


def run(settings: PageSettings, *, port: int | None = None, open_browser: bool = True, notebook: Path | None = None,
        title: str = "launch_table", max_tables: int = MAX_TABLES, idle_minutes: float = IDLE_MINUTES,
        class_dir: str | None = None) -> int:
    """Serve the table (or ``notebook``) with ``settings`` until interrupted (Ctrl-C, or SIGTERM: both stop Voilà
    and every kernel); ``port`` None for one the system chooses as Voilà opens its socket. ``class_dir`` (``""``
    for the default store of ``vint class``) serves a class's learners, each from their personal link, and no page
    without one. ``title`` is the message id of the page's name. What it prints is in the page's language
    (``settings.lang``, else ``VINT_LANG``, else English)."""
    lang = settings.lang or choose_language(os.environ.get("VINT_LANG", ""))
    token = secrets.token_urlsafe(24)
    log: Path | None = log_path(notebook)
    try:
        log_path(notebook).parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(text("launch_no_log", lang, why=os_reason(err) or err.strerror or type(err).__name__,
                   path=str(err.filename)), file=sys.stderr)
        log = None
    env, extra = settings.to_env(), []
    if class_dir is not None:  # each learner plays from their own link (vint class tokens)
        from vint_core.classroom.served import store_url

        env["VINT_CLASS_DIR"] = store_url(class_dir or None)  # the store `vint class` uses by default
        extra = [f"--TableServer.class_dir={env['VINT_CLASS_DIR']}"]
    process = start_voila(port=port or None, env=env, notebook=notebook, token=token, log=log, extra=extra,
                          rotate=True, max_tables=max_tables, idle_minutes=idle_minutes)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        if not port:
            port = serving_port(process)
        else:
            wait_until_serving(f"http://{HOST}:{port}/", process=process)
        link = f"http://{HOST}:{port}/?token={token}"
        print(text("launch_serving", lang, title=Phrase(title), link=link), flush=True)
        if extra:
            print(text("launch_class", lang), flush=True)
        if log is not None:
            print(text("launch_log", lang, log=str(log)), flush=True)
        if open_browser:
            webbrowser.open(link)
        return wait_interruptibly(process)
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        stop_voila(process)


__all__ = ["HOST", "IDLE_MINUTES", "LOG_BACKUPS", "LOG_BYTES", "MAX_TABLES", "PREHEAT", "TAIL_LINES", "ServerStopped",
           "copy_to_log", "file_tail", "free_port", "keep_log_tail", "log_path", "log_tail", "run", "serving_port",
           "start_voila", "stop_voila", "stopped_error", "voila_command", "wait_interruptibly",
           "wait_until_serving"]
