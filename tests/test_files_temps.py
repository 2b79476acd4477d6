"""The temporary file of a save killed halfway (SIGKILL between writing and renaming) is removed when the table
starts again; the temporary file of a save under way in another live process (a second tab's kernel) is kept.

The writers here are real processes running ``saves.write_json``, held inside the write (``os.fsync`` waits) so
that the test knows where they are: one is killed there, as a kill during a save leaves its file, the other
stays alive, writing.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as widgets
import pytest

from vint_core import saves
from vint_core.widgets import Table

ROOT = Path(__file__).resolve().parent.parent

WRITER = textwrap.dedent("""
    import os, sys, time
    from pathlib import Path
    from vint_core import saves
    def held(fd):  # the data is written, the file not yet renamed: say so, and wait to be killed
        print("writing", flush=True)
        time.sleep(600)
    os.fsync = held
    saves.write_json(Path(sys.argv[1]), {"format": "vint-session", "moves": ["x" * 1000] * 50})
""")


@pytest.fixture
def writers() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)
        assert proc.stdout is not None
        proc.stdout.close()


def writing(writers: list[subprocess.Popen[str]], path: Path) -> subprocess.Popen[str]:
    """A process in the middle of saving ``path``: its temporary file is written and waits to be renamed."""
    proc = subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True,
                            env=os.environ | {"PYTHONPATH": str(ROOT)})
    writers.append(proc)
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    return proc


def temps(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if p.name.endswith(".tmp")}


def test_a_killed_saves_temporary_file_goes_at_the_next_start_a_live_ones_stays(
        tmp_path: Path, writers: list[subprocess.Popen[str]]) -> None:
    path = tmp_path / "table.json"
    killed = writing(writers, path)
    left = temps(tmp_path)
    assert len(left) == 1 and f".table.json.{killed.pid}." in next(iter(left))
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    assert temps(tmp_path) == left  # what a kill during a save leaves
    live = writing(writers, path)
    mine = temps(tmp_path) - left
    # an old temporary file of this very process (a save that failed before files were removed on failure) and one
    # in the form written before the random part (.table.json.<pid>.tmp) of a process long gone
    old = tmp_path / f".table.json.{os.getpid()}.tmp"
    old.write_bytes(b"{")
    gone = tmp_path / ".table.json.999999999.tmp"
    gone.write_bytes(b"{")
    widgets.Widget.close_all()
    table = Table.open(save_path=path, bots=("rule",) * 3, pace="none")
    assert temps(tmp_path) == mine  # the killed save's and the stale ones removed, the live writer's kept
    assert live.poll() is None and path.exists()
    # once it is older than a minute, a live process's temporary file is stale too (its save is long over)
    stale = tmp_path / next(iter(mine))
    an_hour_ago = time.time() - 3600
    os.utime(stale, (an_hour_ago, an_hour_ago))
    assert saves.remove_stale_temps(path) == [stale] and temps(tmp_path) == set()
    assert table.session.save()


def test_a_save_in_this_process_keeps_its_own_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables on one save in one process (two tabs in one kernel): one's start never removes the other's
    temporary file in the middle of its save."""
    path = tmp_path / "table.json"
    seen: list[list[Path]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:  # in the middle of the save: another table starts
        seen.append(saves.remove_stale_temps(path))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    saves.write_json(path, {"a": 1})
    assert seen == [[]] and saves.read_json(path) == {"a": 1} and temps(tmp_path) == set()
