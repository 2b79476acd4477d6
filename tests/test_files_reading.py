"""Files that are not what they seem: ``vint score`` and the table's start refuse what is not a regular file
(``/dev/zero``, a named pipe, a folder, a link to a device) without reading from it, and a file larger than its
kind may be (a 200 MB sparse file) from its size, before reading it. Each gives one sentence a learner can read:
``vint score`` on stderr with status 1, the table in its status line, with the file kept aside unchanged and a new
game saved in its place.

A named pipe would make a reader wait for a writer for ever, so those tests run the command in a process of its
own with a timeout and check that it came back at once with the error.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import ipywidgets as widgets
import pytest

from vint_core import pbn, saves
from vint_core.cli import main
from vint_core.errors import FileRefused
from vint_core.files import read_bytes
from vint_core.random_play import random_deals
from vint_core.widgets import Table

BOTS = ("rule", "rule", "rule")
ROOT = Path(__file__).resolve().parent.parent
#: the longest a refusal may take, in seconds, in a process of its own on a busy machine (Python's start included)
PROMPT = 60


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def folder(path: Path) -> Path:
    path.mkdir()
    return path


def zero_link(path: Path) -> Path:
    path.symlink_to("/dev/zero")
    return path


def sparse(path: Path) -> Path:
    """A 200 MB file that takes no room on the disk (``truncate -s 200M``)."""
    with open(path, "wb") as fh:
        fh.truncate(200 * 1024 * 1024)
    return path


#: the odd files, made at a path, and what the refusal says
ODD: dict[str, tuple[Callable[[Path], Path], str]] = {
    "fifo": (fifo, "this is a named pipe (FIFO), not a regular file"),
    "folder": (folder, "this is a folder, not a regular file"),
    "link to /dev/zero": (zero_link, "this is a device, not a regular file"),
    "200 MB": (sparse, "the file is 210 MB; {kind} may be at most {limit}"),
}


def run_vint(*argv: str) -> tuple[subprocess.CompletedProcess[str], float]:
    """``vint ARGV`` in its own process, stopped (and the test failed) if it does not return within PROMPT."""
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "vint_core.cli", *argv], capture_output=True, text=True,
                            timeout=PROMPT, env=env, check=False)
    return result, time.monotonic() - started


@pytest.mark.parametrize("target", ["/dev/zero", "fifo"])
def test_vint_score_refuses_a_device_and_a_pipe_at_once(tmp_path: Path, target: str) -> None:
    path = "/dev/zero" if target == "/dev/zero" else str(fifo(tmp_path / "deals.pbn"))
    result, took = run_vint("score", path)
    kind = "a device" if target == "/dev/zero" else "a named pipe (FIFO)"
    assert result.returncode == 1 and result.stdout == "", result
    assert result.stderr == f"vint: error: cannot read {path}: this is {kind}, not a regular file\n"
    assert took < PROMPT


@pytest.mark.parametrize("name", list(ODD))
def test_vint_score_refuses_odd_files_in_one_line(tmp_path: Path, name: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    if name == "fifo":  # in this process only once it is known not to hang (the test above)
        run_vint("score", str(fifo(tmp_path / "probe.pbn")))
    make, said = ODD[name]
    path = make(tmp_path / "deals.pbn")
    tracemalloc.start()
    try:
        code = main(["score", str(path)])
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    out, err = capsys.readouterr()
    expected = said.format(kind="a PBN file", limit="20 MB")
    assert code == 1 and out == "" and err == f"vint: error: cannot read {path}: {expected}\n"
    assert peak < 5_000_000  # nothing of the file was read
    assert main(["score", str(path), "--lang", "de"]) == 1
    assert "keine gewöhnliche Datei" in capsys.readouterr().err or name == "200 MB"


def test_vint_score_reads_a_file_through_a_link_and_one_up_to_the_limit(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    games = tmp_path / "games.pbn"
    games.write_text(pbn.dumps(random_deals(3, seed=1)), encoding="utf-8")
    (tmp_path / "link.pbn").symlink_to(games)
    assert main(["score", str(tmp_path / "link.pbn")]) == 0
    assert "Rubber 1" in capsys.readouterr().out
    assert read_bytes(games, limit=games.stat().st_size) == games.read_bytes()
    with pytest.raises(FileRefused, match="at most"):
        read_bytes(games, limit=games.stat().st_size - 1)
    with pytest.raises(FileRefused, match="at most 20 MB"):
        pbn.load(open(sparse(tmp_path / "big.pbn"), "rb"))  # noqa: SIM115 - an open file, as a caller passes it


# -- the table's start --------------------------------------------------------------------------------


OPEN_TABLE = textwrap.dedent("""
    import sys
    from pathlib import Path
    from vint_core.widgets import Table
    table = Table.open(save_path=Path(sys.argv[1]), bots=("rule",) * 3, pace="none")
    print(table.status_text())
""")


def kept_aside(path: Path) -> Path:
    aside = [p for p in path.parent.iterdir() if p.name.startswith("table.json.damaged-")]
    assert len(aside) == 1, aside
    return aside[0]


def table_beside_a_pipe(folder: Path) -> None:
    """Start the table in a process of its own on a named pipe where its save should be: it must come back at
    once (not wait for a writer), saying so, the pipe kept aside and a new game saved."""
    folder.mkdir(exist_ok=True)
    path = fifo(folder / "table.json")
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-c", OPEN_TABLE, str(path)], capture_output=True, text=True,
                            timeout=PROMPT, env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert "this is a named pipe (FIFO), not a regular file" in result.stdout
    assert stat.S_ISFIFO(kept_aside(path).lstat().st_mode) and stat.S_ISREG(path.stat().st_mode)


def test_the_table_starts_at_once_beside_a_pipe_named_like_its_save(tmp_path: Path) -> None:
    table_beside_a_pipe(tmp_path)


@pytest.mark.parametrize("name", list(ODD))
def test_the_table_keeps_an_odd_save_aside_and_starts_a_new_game(tmp_path: Path, name: str) -> None:
    if name == "fifo":  # in this process only once it is known not to hang
        table_beside_a_pipe(tmp_path / "first")
    make, said = ODD[name]
    path = make(tmp_path / "table.json")
    before = path.lstat()
    widgets.Widget.close_all()
    tracemalloc.start()
    try:
        table = Table.open(save_path=path, bots=BOTS, pace="none")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    status = table.status_text()
    assert "the saved game could not be read, so a new game has started" in status
    assert said.format(kind="a saved game", limit="8 MB") in status and str(tmp_path) not in status
    aside = kept_aside(path).lstat()
    assert (aside.st_ino, aside.st_mode, aside.st_size) == (before.st_ino, before.st_mode, before.st_size)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == "vint-session"  # the new game, saved
    assert peak < 20_000_000, peak  # the 200 MB file was not read (a table's start itself takes some)
    widgets.Widget.close_all()


def test_a_save_is_never_written_larger_than_it_may_be_read(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    with pytest.raises(FileRefused, match="a saved game may be at most 1 kB"):
        saves.write_json(path, {"moves": ["x" * 2000]}, limit=1000)
    assert list(tmp_path.iterdir()) == []
    saves.write_json(path, {"moves": ["x"]})
    with pytest.raises(FileRefused, match="at most 5 B"):
        saves.read_json(path, limit=5)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(ValueError, match="nested too deeply"):
        saves.read_json(deep)
