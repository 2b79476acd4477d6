"""A small tmpfs for a test, mounted and unmounted by a fixture (also when the test fails): filled to the last
byte, freed, made read-only and writable again. Used by ``tests/test_files_disk.py`` and
``tests/test_files_browser.py``.

Root ignores file modes, so read-only must be a real read-only mount. Mounting needs root: CI runs as root; a
developer without root runs the tests in a user and mount namespace of their own
(``unshare -rm .venv/bin/python -m pytest -n 0 tests/test_files_disk.py``), where the tmpfs is made read-only
at its mount point (``remount,bind,ro``).
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


class Disk:
    """A small tmpfs at ``path``: fill it up, free it, make it read-only and writable again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.filler = path / "filler"
        self.bind = False  # in a user namespace the tmpfs is made read-only at its mount point (remount,bind,ro)

    def mount(self, size: str) -> None:
        run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(self.path)])

    def fill(self) -> None:
        """Write a file until the disk has no byte left."""
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            while True:
                os.write(fd, b"x" * 512)
        except OSError as exc:
            assert exc.errno == errno.ENOSPC, exc
        finally:
            os.close(fd)
        with pytest.raises(OSError, match="No space left"):
            (self.path / "probe").write_bytes(b"x" * 4096)

    def free(self) -> None:
        self.filler.unlink()

    def read_only(self) -> None:
        out = subprocess.run(["mount", "-o", "remount,ro", str(self.path)], capture_output=True, timeout=30)
        if out.returncode != 0:
            self.bind = True
            run(["mount", "-o", "remount,bind,ro", str(self.path)])
        with pytest.raises(OSError, match="Read-only"):
            (self.path / "probe").write_bytes(b"x")

    def writable(self) -> None:
        run(["mount", "-o", "remount,bind,rw" if self.bind else "remount,rw", str(self.path)])

    def temps(self) -> list[str]:
        """The temporary files of saves left in the folder."""
        return sorted(p.name for p in self.path.iterdir() if p.name.endswith(".tmp"))


def run(command: list[str]) -> None:
    out = subprocess.run(command, capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, f"{' '.join(command)}: {out.stderr.strip()}"


@contextmanager
def mounted(path: Path, *, size: str = "64k") -> Iterator[Disk]:
    """A tmpfs of ``size`` at ``path`` (made if missing), unmounted afterwards whatever happens."""
    if shutil.which("mount") is None or shutil.which("umount") is None:
        pytest.fail("these tests mount a tmpfs: install mount and umount (util-linux)")
    if os.geteuid() != 0:
        pytest.fail("these tests mount a tmpfs, which needs root: run them as root, or in a namespace of your own: "
                    "unshare -rm .venv/bin/python -m pytest -n 0 tests/test_files_disk.py")
    path.mkdir(parents=True, exist_ok=True)
    d = Disk(path)
    d.mount(size)
    try:
        yield d
    finally:
        out = subprocess.run(["umount", str(path)], capture_output=True, text=True, timeout=30)
        if out.returncode != 0:
            subprocess.run(["umount", "-l", str(path)], capture_output=True, timeout=30)
        assert not os.path.ismount(path)
