"""Saved games on disk: where they live, writing them safely, reading them back, keeping a damaged one aside.

The table keeps one game in a JSON file (what is in it is :meth:`TableSession.to_json
<vint_core.session.TableSession.to_json>`'s business; this module only stores it):

* :func:`default_save_path`: ``$VINT_DATA_DIR/table.json`` if that variable is set, else
  ``table.json`` in the user's data folder as the operating system names it (``platformdirs``:
  ``~/.local/share/vint_core`` on Linux, ``~/Library/Application Support/vint_core`` on macOS,
  ``%LOCALAPPDATA%\\vint_core`` on Windows);
* :func:`write_json` writes atomically (a temporary file in the same folder, flushed, then renamed
  over the old one), so a crash never leaves half a game;
* :func:`file_mark` tells one version of a save from another (every write makes a new file), so a table
  sees that another tab or window has saved the game since it last read or wrote it;
* :func:`read_json` reads a save (a regular file only, at most :data:`MAX_JSON_BYTES`); :func:`keep_aside`
  moves a save that cannot be read to ``table.json.damaged-<time>``, unchanged, so nothing a learner played
  is deleted.

>>> import tempfile
>>> from pathlib import Path
>>> path = Path(tempfile.mkdtemp()) / "games" / "table.json"
>>> write_json(path, {"format": "example", "moves": ["1♥"]})
>>> read_json(path)
{'format': 'example', 'moves': ['1♥']}
>>> keep_aside(path).name.startswith("table.json.damaged-"), path.exists()
(True, False)
"""

from __future__ import annotations

import errno
import json
import os
import random
import stat
import time
from pathlib import Path
from typing import Any

__all__ = ["APP_NAME", "MAX_JSON_BYTES", "data_dir", "default_save_path", "file_mark", "keep_aside", "read_json",
           "rng_from_json", "rng_to_json", "write_json"]

#: the folder name under the user's data folder
APP_NAME = "vint_core"


def data_dir() -> Path:
    """The folder for saved games: ``$VINT_DATA_DIR`` if set, else the user's data folder for vint_core."""
    base = os.environ.get("VINT_DATA_DIR")
    if base:
        return Path(base)
    import platformdirs  # a session saves; the engine never imports this

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def default_save_path() -> Path:
    """Where the table keeps its game: ``table.json`` in :func:`data_dir`."""
    return data_dir() / "table.json"


def write_json(path: Path, obj: Any) -> None:
    """Write ``obj`` as JSON to ``path`` atomically (a temporary file, flushed to disk, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    data = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


#: the largest save :func:`read_json` reads by default, in bytes; a bigger file is refused after that many
MAX_JSON_BYTES = 16 * 1024 * 1024


def read_json(path: Path, *, limit: int = MAX_JSON_BYTES) -> Any:
    """The JSON value saved at ``path``: ``OSError`` if it is not a regular file (a folder, a FIFO, a device) or
    cannot be read, ``ValueError`` (``UnicodeDecodeError`` included) if it is bigger than ``limit`` bytes, not
    UTF-8, not JSON or nested too deeply to read. It never waits on a FIFO nor reads more than ``limit + 1`` bytes.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> read_json(folder)
    Traceback (most recent call last):
    ...
    IsADirectoryError: [Errno 21] not a regular file: ...
    >>> _ = (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    >>> read_json(folder / "deep.json")
    Traceback (most recent call last):
    ...
    ValueError: nested too deeply to read
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = IsADirectoryError if stat.S_ISDIR(mode) else OSError
            raise kind(errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL, "not a regular file", str(path))
        chunks, size = [], 0
        while size <= limit and (chunk := os.read(fd, min(1 << 20, limit + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ValueError(f"bigger than {limit // 1024 // 1024} MB")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deeply to read") from None


def file_mark(path: Path) -> tuple[int, int, int] | None:
    """What tells this version of the file at ``path`` from any other (None if there is none).

    :func:`write_json` replaces the file by a new one at each write, so the mark changes with every save:

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "table.json"
    >>> file_mark(path) is None
    True
    >>> write_json(path, [1]); first = file_mark(path); write_json(path, [1])
    >>> first != file_mark(path) and file_mark(path) == file_mark(path)
    True
    """
    try:
        st = path.stat()
    except OSError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


def keep_aside(path: Path) -> Path:
    """Move the file at ``path``, unchanged, to ``<name>.damaged-<time>`` next to it; return its new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    os.replace(path, aside)
    return aside


def rng_to_json(state: tuple[Any, ...]) -> list[Any]:
    """A ``random.Random`` state (``getstate()``) as JSON values."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_from_json(obj: Any) -> tuple[Any, ...]:
    """The ``random.Random`` state :func:`rng_to_json` wrote (``ValueError`` or ``TypeError`` if malformed)."""
    state = (int(obj[0]), tuple(int(x) for x in obj[1]), obj[2])
    random.Random().setstate(state)  # checks it
    return state
