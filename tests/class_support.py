"""Helpers of the class-mode tests: a board played to its end, and a real PostgreSQL server for a test.

``played(board, seed)`` plays a published board with random legal calls and cards through the engine and
returns its JSON record, what a learner's table sends. ``PostgresServer`` runs PostgreSQL from the system's
packages (``/usr/lib/postgresql/*/bin``: ``apt-get install postgresql``) in a temporary folder on a free
port, as the system user ``postgres`` when the tests run as root (the server refuses root), and gives each
test a database of its own; a missing server or driver is a failure that says what to install.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import random
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from vint_core.app.launch import free_port
from vint_core.classroom.store import BoardInfo
from vint_core.deal import Deal


def play_out(deal: Deal, seed: int) -> Deal:
    """``deal`` played to its end with random legal actions (reproducible from ``seed``)."""
    rng = random.Random(seed)
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


def played(board: BoardInfo, seed: int = 0, *, passed_out_ok: bool = True) -> dict[str, Any]:
    """The JSON record of ``board`` played with random legal calls and cards (a contract unless
    ``passed_out_ok``)."""
    for attempt in range(50):
        deal = play_out(board.deal(), seed * 1000 + attempt)
        if passed_out_ok or deal.contract is not None:
            return deal.to_json()
    raise AssertionError("no contract in 50 random auctions")


def _postgres_bin() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail("PostgreSQL is not installed: the class store's PostgreSQL tests need its server "
                    "(apt-get install postgresql) to start one of their own", pytrace=False)
    return Path(found[-1]).parent


def _driver() -> None:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("the PostgreSQL driver is missing: pip install 'vint_core[class]' (psycopg 3)", pytrace=False)


class PostgresServer:
    """A PostgreSQL server of this test run: ``start()``, ``new_database()`` → a SQLAlchemy URL, ``stop()``."""

    def __init__(self) -> None:
        _driver()
        self.bin = _postgres_bin()
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="vint-pg-", dir="/tmp"))
        self.data = self.root / "data"
        self.created_user: str | None = None
        self.user: str | None = None  # the system user the server runs as (None: this process's)
        if os.geteuid() == 0:
            try:
                pwd.getpwnam("postgres")
                self.user = "postgres"
            except KeyError:  # no postgres account here: one for this run, removed by stop()
                self.user = self.created_user = f"vintpg{uuid.uuid4().hex[:6]}"
                subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin",
                                self.user], check=True)
            shutil.chown(self.root, self.user)
            os.chmod(self.root, 0o700)

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}\n{done.stderr}")
        return done

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "vint", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        # -w: pg_ctl returns once the server accepts connections (its own readiness check)
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.root / "log"), "-w", "-t", "120",
                  "start")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://vint@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A new empty database on the server, as a SQLAlchemy URL."""
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=vint dbname=postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
        if self.created_user is not None:
            subprocess.run(["userdel", self.created_user], check=False)


@contextlib.contextmanager
def postgres_server() -> Iterator[PostgresServer]:
    """A started PostgreSQL server, stopped and removed (with its system user, if one was made) afterwards."""
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.stop()
