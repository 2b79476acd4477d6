"""``vint table``: start Voilà on 127.0.0.1 serving the playable table, and open a browser.

The notebook is found inside the installed package, so the command works from a
wheel as well as from a checkout. Settings such as ``--rules`` reach the
notebook through ``VINT_*`` environment variables (see :mod:`vint_core.app`).
The server needs a token, made anew at each start (:mod:`vint_core.app.server`): the command prints
and opens the link that carries it. Voilà's log, with every error kept off the page, goes to
``vint-table.log`` in the data folder (rotated: :data:`LOG_BYTES` × :data:`LOG_BACKUPS` more).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import logging.handlers
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import webbrowser
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from vint_core.app import notebook_path

HOST = "127.0.0.1"
#: Voilà options that keep one kernel ready, the notebook run up to :func:`vint_core.app.wait_for_page`;
#: the next one is started a few seconds after a page takes it, once that page has drawn its table
PREHEAT = ("--preheat_kernel=True", "--pool_size=1", "--VoilaKernelManager.fill_delay=4")


def port_arg(text: str) -> int:
    """An argparse type: a TCP port to serve on, 1 to 65535."""
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"'{text}' is not a port (1 to 65535)")
    return int(text)


def free_port(host: str = HOST) -> int:
    """A TCP port on ``host`` nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


#: tables served at once unless ``--max-tables`` says otherwise (each one is a kernel of 70–130 MB)
MAX_TABLES = 8
#: minutes a table may stay idle before its kernel stops (the game is saved; a reload resumes it)
IDLE_MINUTES = 30
#: the size of Voilà's log file before it is rotated
LOG_BYTES = 2 * 1024 * 1024
#: how many older log files are kept
LOG_BACKUPS = 3


def log_path(notebook: Path | None = None) -> Path:
    """Where ``vint table`` keeps Voilà's log: ``vint-table.log`` in the data folder (``vint-practice.log`` for
    the practice page: the notebook's name)."""
    from vint_core.saves import data_dir

    return data_dir() / f"vint-{(notebook or notebook_path()).stem}.log"


def copy_to_log(stream: IO[bytes], path: Path, *, max_bytes: int = LOG_BYTES,
                backups: int = LOG_BACKUPS) -> threading.Thread:
    """Copy what ``stream`` (Voilà's output, its kernels' included) says into ``path``, line by line, rotating the
    file at ``max_bytes`` and keeping ``backups`` older ones (``path.1`` …), in a thread that ends with the stream."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))

    def copy() -> None:
        try:
            for line in stream:
                handler.handle(logging.makeLogRecord({"msg": line.decode("utf-8", "replace").rstrip("\r\n"),
                                                      "levelno": logging.INFO, "args": None}))
        finally:
            handler.close()

    thread = threading.Thread(target=copy, name="vint-table-log", daemon=True)
    thread.start()
    return thread


def voila_command(*, port: int, notebook: Path | None = None, extra: Sequence[str] = (),
                  preheat: bool = True, max_tables: int = MAX_TABLES, idle_minutes: float = IDLE_MINUTES) -> list[str]:
    """The command line that serves the table with Voilà (:mod:`vint_core.app.server`) on 127.0.0.1 at ``port``."""
    idle = max(1, round(idle_minutes * 60))
    return [sys.executable, "-m", "vint_core.app.server", str(notebook or notebook_path()), "--no-browser",
            f"--port={port}", f"--Voila.ip={HOST}", "--Voila.port_retries=0",
            # a kernel is started and the notebook's imports run before a page asks: the page opens at once
            *(PREHEAT if preheat else ()),
            f"--TableServer.max_tables={max_tables}",
            # a table left alone gives its memory back, open page or not; the game is saved, a reload resumes it
            f"--MappingKernelManager.cull_idle_timeout={idle}", "--MappingKernelManager.cull_connected=True",
            f"--MappingKernelManager.cull_interval={min(300, max(1, idle // 4))}", *extra]


def start_voila(*, port: int, env: Mapping[str, str] | None = None, log: Path | None = None, rotate: bool = False,
                token: str | None = None, extra: Sequence[str] = (), preheat: bool = True,
                notebook: Path | None = None, max_tables: int = MAX_TABLES,
                idle_minutes: float = IDLE_MINUTES) -> subprocess.Popen[bytes]:
    """Start Voilà serving the table (or ``notebook``) in a process group of its own, kernels included;
    the caller stops it with :func:`stop_voila` when done.

    ``token``: the token the table's link carries (handed over in ``JUPYTER_TOKEN``, not on the command line,
    where every user of the machine could read it). ``log``: the file for Voilà's output, rotated
    (:func:`copy_to_log`) if ``rotate``; without it the output is dropped."""
    environ = dict(os.environ if env is None else env)
    if token is not None:
        environ["JUPYTER_TOKEN"] = token
    out: Any = subprocess.DEVNULL
    if log is not None:
        out = subprocess.PIPE if rotate else open(log, "wb")  # noqa: SIM115 (closed with the process)
    command = voila_command(port=port, notebook=notebook, extra=extra, preheat=preheat, max_tables=max_tables,
                            idle_minutes=idle_minutes)
    process = subprocess.Popen(command, env=environ, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    if log is not None and rotate:
        assert process.stdout is not None
        copy_to_log(process.stdout, log)
    return process


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
    """Return once the server at ``url`` answers; raise ``TimeoutError`` (or ``OSError`` if it died) otherwise.

    It asks for a static file that does not exist: opening the notebook itself would start a kernel
    (and a game) nobody looks at.
    """
    url = url.rstrip("/") + "/voila/static/vint-probe"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise OSError(f"Voilà stopped with exit code {process.returncode} before serving {url}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # the server answers, if only with an error page
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"nothing answered at {url} within {timeout:.0f} s")


def table_environment(args: argparse.Namespace, base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for the Voilà process: ``base`` plus the settings given on the command line."""
    env = dict(os.environ if base is None else base)
    for option, var in (("rules", "VINT_RULES"), ("lang", "VINT_LANG"), ("bots", "VINT_BOTS"),
                        ("seed", "VINT_SEED"), ("pace", "VINT_PACE"), ("seat", "VINT_SEAT"),
                        ("topic", "VINT_QUIZ_TOPIC")):
        value = getattr(args, option, None)
        if value is not None:
            env[var] = str(value)
    return env


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def run(args: argparse.Namespace, *, notebook: Path | None = None, title: str = "The Vint table") -> int:
    """Serve the table (or ``notebook``) until interrupted (Ctrl-C, or SIGTERM: both stop Voilà and every kernel)."""
    if getattr(args, "rules", None) is not None:
        from vint_core.rules import RuleSet

        RuleSet.named(args.rules)  # an unknown name fails here, with the list of rule sets
    port = args.port or free_port()
    url = f"http://{HOST}:{port}/"
    token = secrets.token_urlsafe(24)
    link = f"{url}?token={token}"
    log: Path | None = log_path(notebook)
    try:
        log_path(notebook).parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        print(f"The server's log is not kept: {err.strerror} ({err.filename})", file=sys.stderr)
        log = None
    env, extra = table_environment(args), []
    if getattr(args, "class_dir", None) is not None:  # each learner plays from their own link (vint class tokens)
        from vint_core.classroom.served import store_url

        env["VINT_CLASS_DIR"] = store_url(args.class_dir or None)  # the store `vint class` uses by default
        extra = [f"--TableServer.class_dir={env['VINT_CLASS_DIR']}"]
    process = start_voila(port=port, env=env, notebook=notebook, token=token, log=log, extra=extra,
                          rotate=True, max_tables=getattr(args, "max_tables", None) or MAX_TABLES,
                          idle_minutes=getattr(args, "idle_minutes", None) or IDLE_MINUTES)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        wait_until_serving(url, process=process)
        print(f"{title} is at {link}  (Ctrl-C stops it)", flush=True)
        if extra:
            print("For the class: each learner opens their own link (vint class tokens); this one opens no "
                  "learner's table", flush=True)
        if log is not None:
            print(f"Its log (with the errors the page does not show): {log}", flush=True)
        if not args.no_browser:
            webbrowser.open(link)
        return process.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
        stop_voila(process)


def seat_letter(value: str) -> str:
    """``--seat``: a seat (``N``, ``E``, ``S``, ``W``, or its name) as its letter; anything else is refused."""
    from vint_core.errors import ParseError
    from vint_core.seats import Seat

    try:
        return Seat.parse(value).letter
    except ParseError as err:
        raise argparse.ArgumentTypeError(f"not a seat: {value!r} (N, E, S or W)") from err


def bots_arg(value: str) -> str:
    """``--bots``: one computer player's name for all three, or three names separated by commas."""
    from vint_core.bots import BOT_NAMES

    names = [name.strip().lower() for name in value.split(",")]
    unknown = [name for name in names if name not in BOT_NAMES]
    if len(names) not in (1, 3) or unknown:
        raise argparse.ArgumentTypeError(
            f"not computer players: {value!r} (one name for all three, or three separated by commas; "
            f"the names are {', '.join(BOT_NAMES)})")
    return ",".join(names)


def pace_arg(value: str) -> str:
    """``--pace``: a pace's name, or seconds between computer cards (0 or more)."""
    from vint_core.table.controller import PACES

    key = value.strip().lower()
    if key in PACES:
        return key
    try:
        seconds = float(key)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds <= 10:
        raise argparse.ArgumentTypeError(f"not a pace: {value!r} ({', '.join(PACES)}, or seconds from 0 to 10)")
    return key


def more_than_zero(kind: type[int] | type[float]) -> Any:
    """An argparse type: a number of ``kind`` greater than zero."""
    def read(value: str) -> int | float:
        try:
            number = kind(value)
        except ValueError:
            number = 0
        if number <= 0:
            raise argparse.ArgumentTypeError(f"not a number greater than 0: {value!r}")
        return number
    return read


def register(subparsers: Any) -> None:
    """Add the ``table`` command to the ``vint`` command line."""
    parser = subparsers.add_parser("table", help="play Vint in the browser against three computer players",
                                   description="Serve the Vint table with Voilà on 127.0.0.1 and open it.")
    parser.add_argument("--port", type=port_arg, default=None, help="port to serve on (default: a free one)")
    parser.add_argument("--no-browser", action="store_true", help="print the address without opening a browser")
    parser.add_argument("--rules", default=None, help="rule set: seed, short, progressive, whist_vint, foster_1897")
    parser.add_argument("--lang", default=None, choices=("en", "de"), help="language of the table")
    parser.add_argument("--bots", default=None, type=bots_arg,
                        help="computer players: one name for all (random, rule, sim-fast, sim-normal, sim-strong) "
                             "or three separated by commas")
    parser.add_argument("--pace", default=None, type=pace_arg,
                        help="pause between computer cards: none, fast, normal, slow, or confirm (click after each "
                             "trick)")
    parser.add_argument("--seat", default=None, type=seat_letter,
                        help="your seat: N, E, S or W (default: South, or the saved game's)")
    parser.add_argument("--max-tables", type=more_than_zero(int), default=None,
                        help=f"tables served at once (default {MAX_TABLES}); one more page is told the table is full")
    parser.add_argument("--idle-minutes", type=more_than_zero(float), default=None,
                        help=f"minutes before an idle table stops (default {IDLE_MINUTES}); its game is saved")
    parser.add_argument("--seed", type=int, default=None, help="seed for the shuffles, to replay the same deals")
    parser.add_argument("--class", dest="class_dir", nargs="?", const="", default=None, metavar="DB",
                        help="serve a class's learners (vint class; its store: the --db of vint class, default "
                             "$VINT_CLASS_DB or the data folder's): each plays at their own table from the personal "
                             "link `vint class tokens` prints, and no page plays without one")
    parser.set_defaults(func=run)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m vint_core.app.launch``: the same as ``vint table``."""
    parser = argparse.ArgumentParser(prog="vint")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["table", *(sys.argv[1:] if argv is None else argv)])
    result: int = args.func(args)
    return result


if __name__ == "__main__":
    raise SystemExit(main())
