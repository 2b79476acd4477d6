"""Reading a learner's file with care: a regular file only, and no more of it than its kind may hold.

Every file vint_core reads from a learner (a saved game, a quiz progress file, a PBN file given to
``vint score``) goes through :func:`read_bytes`. It refuses, with a :class:`~vint_core.errors.FileRefused`
a learner can read, what is not a regular file, without reading from it: a folder, a named pipe (which
would wait for a writer for ever), a device such as ``/dev/zero`` (which never ends), a socket; a symbolic
link is followed to a regular file only. It refuses a file larger than ``limit`` from its size, before
reading, and never reads more than ``limit`` bytes (a file that grows meanwhile is refused too).

>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "deals.pbn")
>>> with open(path, "w") as fh:
...     _ = fh.write("[Board \\"1\\"]")
>>> read_bytes(path, limit=100)
b'[Board "1"]'
>>> read_bytes(folder, limit=100)
Traceback (most recent call last):
...
vint_core.errors.FileRefused: this is a folder, not a regular file
>>> read_bytes(path, limit=5, kind=Phrase("file_kind_pbn"))
Traceback (most recent call last):
...
vint_core.errors.FileRefused: the file is 11 B; a PBN file may be at most 5 B
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from vint_core.errors import FileRefused, Reason
from vint_core.i18n import Phrase

__all__ = ["read_bytes", "size_text"]

# open without waiting (a named pipe opens at once), without becoming a terminal's controlling process
_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
          | getattr(os, "O_CLOEXEC", 0))


def size_text(n: int) -> str:
    """A number of bytes for a learner: ``2 MB``, ``640 kB``, ``11 B`` (powers of ten).

    >>> size_text(8_000_000), size_text(209_715_200), size_text(1500), size_text(11)
    ('8 MB', '210 MB', '2 kB', '11 B')
    """
    if n >= 1_000_000:
        return f"{n / 1_000_000:.0f} MB"
    if n >= 1_000:
        return f"{n / 1_000:.0f} kB"
    return f"{n} B"


def _not_regular(mode: int) -> Phrase | None:
    """What a file of ``mode`` is, if not a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return Phrase("file_is_folder")
    if stat.S_ISFIFO(mode):
        return Phrase("file_is_fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Phrase("file_is_device")
    if stat.S_ISSOCK(mode):
        return Phrase("file_is_socket")
    return Phrase("file_is_special")


def _check(st: os.stat_result, limit: int, kind: Phrase) -> None:
    what = _not_regular(st.st_mode)
    if what is not None:
        raise FileRefused(Reason.NOT_A_FILE, kind=what)
    if st.st_size > limit:
        raise FileRefused(Reason.FILE_TOO_BIG, size=size_text(st.st_size), kind=kind, limit=size_text(limit))


def read_bytes(path: str | os.PathLike[str], *, limit: int, kind: Phrase | None = None) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``kind`` names the file in the refusal ("a saved game", "a PBN file"). Raises
    :class:`~vint_core.errors.FileRefused` (a ``ValueError``) for what is not a regular file or is larger
    than ``limit``, and ``OSError`` when the file cannot be opened (missing, no permission).
    """
    kind = kind or Phrase("file_kind_any")
    _check(os.stat(path), limit, kind)  # follows a symbolic link; nothing is opened yet
    fd = os.open(Path(path), _FLAGS)
    try:
        _check(os.fstat(fd), limit, kind)  # the file opened, in case it was replaced meanwhile
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while it was read
        raise FileRefused(Reason.FILE_TOO_BIG, size=size_text(len(data)) + "+", kind=kind, limit=size_text(limit))
    return data
