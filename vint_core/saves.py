"""Saved games on disk: where they live, writing them safely, reading them back, keeping a damaged one aside.

The table keeps one game in a JSON file (what is in it is :meth:`TableSession.to_json
<vint_core.table.session.TableSession.to_json>`'s business; this module only stores it), the practice page
a learner's progress:

* :func:`default_save_path`: ``$VINT_DATA_DIR/table.json`` if that variable is set, else
  ``table.json`` in the user's data folder as the operating system names it (``platformdirs``:
  ``~/.local/share/vint_core`` on Linux, ``~/Library/Application Support/vint_core`` on macOS,
  ``%LOCALAPPDATA%\\vint_core`` on Windows);
* :func:`write_json` writes atomically (a temporary file ``.table.json.<pid>.<random>.tmp`` in the same
  folder, flushed, then renamed over the old one), so a crash never leaves half a game; when the
  write fails (a full disk, a read-only folder) the temporary file is removed and the ``OSError`` raised;
* :func:`file_mark` tells one version of a save from another (every write makes a new file), so a table
  sees that another tab or window has saved the game since it last read or wrote it;
* :func:`read_json` reads a save, a regular file of at most :data:`SAVE_LIMIT` bytes
  (:func:`vint_core.files.read_bytes`); :func:`keep_aside` moves a save that cannot be read to
  ``table.json.damaged-<time>``, unchanged, so nothing a learner played is deleted;
* :func:`open_saved` is the one loader of every saved file: it removes the temporary files a killed
  save left (:func:`remove_stale_temps`), reads and parses the file, and keeps an unreadable one aside
  (or says that it could not, on a read-only disk), never raising for what is on the disk.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "games" / "table.json"
>>> write_json(path, {"format": "example", "moves": ["1♥"]})
>>> read_json(path)
{'format': 'example', 'moves': ['1♥']}
>>> keep_aside(path).name.startswith("table.json.damaged-"), path.exists()
(True, False)
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import random
import re
import secrets
import stat
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from vint_core.errors import FileRefused, Reason
from vint_core.files import read_bytes, size_text
from vint_core.i18n import Phrase, os_reason

__all__ = ["APP_NAME", "SAVE_LIMIT", "STALE_SECONDS", "Opened", "data_dir", "default_save_path", "disk_problem",
           "file_mark", "keep_aside", "open_saved", "read_json", "remove_stale_temps", "rng_from_json",
           "rng_to_json", "rngs_from_json", "rngs_to_json", "write_json"]

#: the folder name under the user's data folder
APP_NAME = "vint_core"
#: the largest save read or written, in bytes: a game's save grows by 0.7 to 1.3 kB a deal played,
#: so this is some 6,000 deals or more; a larger file is refused unread (kept aside by the table)
SAVE_LIMIT = 8_000_000
#: a temporary file of a save older than this, in seconds, is a killed save's, whoever wrote it
STALE_SECONDS = 60.0

T = TypeVar("T")

_writing: set[str] = set()  # the temporary files this process is writing now


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


def write_json(path: Path, obj: Any, *, limit: int = SAVE_LIMIT) -> None:
    """Write ``obj`` as JSON to ``path`` atomically (a temporary file, flushed to disk, then renamed).

    If anything fails (``OSError``: a full disk, a read-only folder) the temporary file is removed and
    ``path`` is as it was. A value whose JSON is larger than ``limit`` bytes is not written
    (:class:`~vint_core.errors.FileRefused`: it could not be read back).
    """
    data = json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if len(data) > limit:
        raise FileRefused(Reason.FILE_TOO_BIG, size=size_text(len(data)), kind=Phrase("file_kind_save"),
                          limit=size_text(limit))
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    key = os.path.abspath(tmp)
    _writing.add(key)
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
                     | getattr(os, "O_CLOEXEC", 0), 0o666)
        try:
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
    finally:
        _writing.discard(key)


def read_json(path: Path, *, limit: int = SAVE_LIMIT, kind: Phrase | None = None) -> Any:
    """The JSON value saved at ``path``.

    Raises ``OSError`` if the file cannot be opened (missing, no permission) and ``ValueError`` if it is
    not a save: not a regular file or larger than ``limit`` bytes (:class:`~vint_core.errors.FileRefused`,
    nothing read), not UTF-8 (``UnicodeDecodeError``), not JSON or nested too deeply for Python.
    """
    data = read_bytes(path, limit=limit, kind=kind or Phrase("file_kind_save"))
    text = data.decode("utf-8")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("the JSON text is nested too deeply") from None


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
    """Move the file at ``path``, unchanged, to ``<name>.damaged-<time>`` next to it; return its new path.

    ``OSError`` if it cannot be moved (a read-only disk): then it stays where it is."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while os.path.lexists(aside):
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        n += 1
    os.replace(path, aside)
    return aside


def _alive(pid: int) -> bool:
    """Is process ``pid`` running (on this machine, as far as this process can see)?"""
    if os.name != "posix":
        return True  # no safe test without a library: the temporary file waits until it is old
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's process
    return True


def remove_stale_temps(path: Path, *, older_than: float = STALE_SECONDS) -> list[Path]:
    """Remove the temporary files that saves of ``path`` left behind when killed; return them.

    A temporary file is stale if it is older than ``older_than`` seconds, or if the process named in it
    is not running (a save takes milliseconds; a kill leaves its file). The file of a save under way in
    another live process, such as a second tab's kernel, is kept. A file that cannot be removed (a
    read-only disk) is left.
    """
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    temp = re.compile(rf"\.{re.escape(path.name)}\.(?P<pid>[0-9]+)(?:\.[A-Za-z0-9_]+)?\.tmp")  # also <pid>.tmp
    for entry in entries:
        match = temp.fullmatch(entry.name)
        if match is None:
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        pid = int(match["pid"])
        # a save under way: in this process, one of its own; else the process that writes it is running
        busy = os.path.abspath(entry.path) in _writing if pid == os.getpid() else _alive(pid)
        if stat.S_ISREG(st.st_mode) and busy and now - st.st_mtime <= older_than:
            continue
        try:
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(Path(entry.path))
    return removed


def disk_problem(exc: BaseException) -> Phrase | FileRefused:
    """Why a file could not be written or moved, in the learner's words (no path, no traceback).

    >>> disk_problem(OSError(errno.ENOSPC, "No space left on device", "/srv/x")).text("de")
    'der Datenträger ist voll'
    >>> disk_problem(OSError(errno.EIO, "Input/output error", "/srv/x")).text("ru")
    'диск отказал (ошибка ввода-вывода: диск не удалось прочитать или записать)'
    """
    if isinstance(exc, FileRefused):
        return exc
    code = getattr(exc, "errno", None)
    if code == errno.ENOSPC:
        return Phrase("save_why_full")
    if code == getattr(errno, "EDQUOT", -1):
        return Phrase("save_why_quota")
    if code == errno.EROFS:
        return Phrase("save_why_read_only")
    if code in (errno.EACCES, errno.EPERM):
        return Phrase("save_why_denied")
    strerror = getattr(exc, "strerror", None)
    return Phrase("save_why_other", why=os_reason(exc) or strerror or type(exc).__name__)


@dataclass(frozen=True)
class Opened(Generic[T]):
    """What :func:`open_saved` found at a path."""

    #: the parsed save; None if there was none or it could not be read
    value: T | None = None
    #: why the file could not be read (an ``OSError``, a ``ValueError`` such as a ``VintError``, …); None if read
    problem: Exception | None = None
    #: where the unreadable file was moved; None if nothing was moved
    aside: Path | None = None
    #: why the unreadable file could not be moved (then it is still in place: write nothing over it)
    stuck: OSError | None = None
    #: the :func:`file_mark` of the file read (or left in place), None if there was none
    mark: tuple[int, int, int] | None = None
    #: the killed saves' temporary files removed first
    removed: tuple[Path, ...] = ()


def open_saved(path: Path, parse: Callable[[Any], T], *, limit: int = SAVE_LIMIT,
               kind: Phrase | None = None) -> Opened[T]:
    """Read the save at ``path`` and ``parse`` its JSON value; never raises for what is on the disk.

    Stale temporary files are removed first (:func:`remove_stale_temps`). No file: an empty
    :class:`Opened`. A file that cannot be read or parsed (``parse`` raises ``ValueError``, ``TypeError``,
    ``KeyError``, ``AttributeError``, ``IndexError``, ``OverflowError`` or ``RecursionError``) is moved
    aside (:func:`keep_aside`); if even that fails it stays where it is and ``stuck`` says why.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "quiz.json"
    >>> _ = path.write_text("{not json")
    >>> opened = open_saved(path, dict)
    >>> opened.value, type(opened.problem).__name__, opened.aside.name.startswith("quiz.json.damaged-")
    (None, 'JSONDecodeError', True)
    """
    removed = tuple(remove_stale_temps(path))
    mark = file_mark(path)
    try:
        obj = read_json(path, limit=limit, kind=kind)
        return Opened(value=parse(obj), mark=mark, removed=removed)
    except FileNotFoundError:
        if not os.path.lexists(path):
            return Opened(removed=removed)
        problem: Exception = FileNotFoundError(errno.ENOENT, "a link to a file that is not there")
    except (OSError, ValueError, TypeError, KeyError, AttributeError, IndexError, OverflowError,
            RecursionError) as exc:
        problem = exc
    try:
        return Opened(problem=problem, aside=keep_aside(path), removed=removed)
    except OSError as exc:
        return Opened(problem=problem, stuck=exc, mark=mark, removed=removed)


def rng_to_json(state: tuple[Any, ...]) -> list[Any]:
    """A ``random.Random`` state (``getstate()``) as JSON values."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_from_json(obj: Any) -> tuple[Any, ...]:
    """The ``random.Random`` state :func:`rng_to_json` wrote (``ValueError`` or ``TypeError`` if malformed)."""
    state = (int(obj[0]), tuple(int(x) for x in obj[1]), obj[2])
    random.Random().setstate(state)  # checks it
    return state


def rngs_to_json(states: Sequence[tuple[Any, ...]]) -> list[Any]:
    """Several ``random.Random`` states in a row as JSON values. A state that keeps the words of the one before it
    (the generator drew fewer than its 624 words in between: the common case between two of the learner's
    decisions) is written as ``{"pos": …, "gauss": …}``, some 30 bytes instead of some 7 KB; the others as
    :func:`rng_to_json` writes one."""
    written: list[Any] = []
    before: tuple[Any, ...] | None = None
    for state in states:
        version, internal, gauss = state
        if before is not None and version == before[0] and internal[:-1] == before[1][:-1]:
            written.append({"pos": internal[-1], "gauss": gauss})
        else:
            written.append(rng_to_json(state))
        before = state
    return written


def rngs_from_json(obj: Any) -> list[tuple[Any, ...]]:
    """The states :func:`rngs_to_json` wrote, or a list of :func:`rng_to_json`'s (``ValueError``, ``TypeError`` or
    ``KeyError`` if malformed)."""
    states: list[tuple[Any, ...]] = []
    for item in obj:
        if isinstance(item, dict):
            if not states:
                raise ValueError("a generator's state written as the one before it, with none before it")
            version, internal, _ = states[-1]
            state = (version, (*internal[:-1], int(item["pos"])), item["gauss"])
            random.Random().setstate(state)  # checks it
        else:
            state = rng_from_json(item)
        states.append(state)
    return states
