"""The learner's Python during grading: another process, another user, limits, and answers as plain data.

The grader (:mod:`vint_core.checks.notebooks`) never runs a learner's code in its
own process. It starts this module (``python -m vint_core.checks.sandbox``),
which, before any learner code runs:

- when started as root: moves into its own mount and network namespaces (an
  empty size-limited ``/tmp``, ``/var/tmp`` and ``/dev/shm``, no network, the
  graded notebooks' folders hidden), then becomes an unprivileged user
  (``nobody`` unless told otherwise), with no way back;
- sets hard limits on its memory (address space), CPU time, file sizes,
  open files and processes (``resource.setrlimit``).

Then it runs the cells the grader sends and answers calls of the learner's
functions. The grader runs the checks in its own process and calls the
learner's functions through :class:`Learner`: the arguments go to this
process, the answer comes back as plain data (numbers, strings, lists, dicts,
the engine's enums and frozen dataclasses), read by ``_Answers``, an
unpickler that builds nothing else. Whatever the learner's code does here
(replacing ``vint_core.checks``, silencing errors, faking output), the grader
sees only the answers its own questions got.
"""

from __future__ import annotations

import contextlib
import ctypes
import dataclasses
import enum
import inspect
import io
import os
import pickle
import resource
import select
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

_HEADER = struct.Struct("!Q")
#: the most a message from the learner's process may hold
MAX_REPLY = 16 * 2**20
_CLONE_NEWNS, _CLONE_NEWNET = 0x00020000, 0x40000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_BIND, _MS_REC, _MS_PRIVATE = 1, 2, 4, 0x1000, 0x4000, 0x40000
_PR_SET_DUMPABLE = 4


class Stopped(BaseException):
    """The learner's process is gone or over its time: no check may go on (not an ``Exception``, so checks
    that catch a learner's ``Exception`` let it through)."""


@dataclass(frozen=True)
class Limits:
    """What the learner's process may use: ``memory`` MB of address space, ``cpu`` seconds, files up to
    ``file_size`` MB; ``user`` to run as when the grader is root (``None``: ``nobody``)."""

    memory: int = 2048
    cpu: int = 600
    file_size: int = 64
    user: str | None = None


@dataclass(frozen=True)
class Opaque:
    """Something the learner's process could not hand over as plain data: only its ``repr`` comes back."""

    text: str

    def __repr__(self) -> str:
        return self.text


# -- the grader's side ---------------------------------------------------------------------------------


#: the engine's immutable values that pickle through their own class (besides enums and frozen dataclasses):
#: all a learner's answer may be built of, with plain data. (Not a Hand: it pickles through ``getattr``, which
#: would reach anything.)
_VALUES = {("vint_core.calls", "Bid"), ("vint_core.calls", "Pass"), ("vint_core.cards", "Card"),
           ("vint_core.play", "Trick")}


def _allowed(module: str, name: str) -> Any:
    if module == "builtins" and name in ("set", "frozenset", "complex"):
        return getattr(__import__("builtins"), name)
    engine = sys.modules.get(module) if module == "vint_core" or module.startswith("vint_core.") else None
    if engine is not None:  # only modules the grader has loaded itself
        obj = inspect.getattr_static(engine, name, None) if name.isidentifier() else None
        if (module, name) in _VALUES:
            return obj
        if isinstance(obj, type) and (issubclass(obj, enum.Enum) or (
                dataclasses.is_dataclass(obj) and obj.__dataclass_params__.frozen)):  # type: ignore[attr-defined]
            return obj
    raise pickle.UnpicklingError(f"not plain data: {module}.{name}")


class _Answers(pickle.Unpickler):
    """Reads what the learner's process sends: plain data and the engine's value types, nothing callable."""

    def find_class(self, module: str, name: str) -> Any:
        return _allowed(module, name)


def read_answer(data: bytes) -> Any:
    """The learner's process's message, or ``None`` if it is not plain data."""
    try:
        return _Answers(io.BytesIO(data)).load()
    except Exception:
        return None


class Learner:
    """The learner's process, seen from the grader: run cells, look names up, call functions.

    Every wait has a deadline (``stop_at``, a ``time.monotonic()``); past it, or when
    the process is gone, :class:`Stopped` says why, and the process is killed.
    """

    def __init__(self, limits: Limits, *, hide: Iterable[str] = (), workdir: str, lang: str = "en") -> None:
        self.limits = limits
        self.lang = lang  # the language of the reasons it stops with
        self.stop_at = float("inf")
        self.why_late = self._say("grade_too_long")
        self._namespace: str | None = None  # the learner's own mount namespace, when it has one
        to_child, self._to_child = os.pipe()
        self._from_child, from_child = os.pipe()
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": workdir, "MPLBACKEND": "Agg",
               "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "PYTHONDONTWRITEBYTECODE": "1",
               "PYTHONPATH": os.pathsep.join(p for p in sys.path if p), "LANG": "C.UTF-8", "TMPDIR": workdir}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "vint_core.checks.sandbox", str(to_child), str(from_child)],
            pass_fds=(to_child, from_child), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True, env=env, cwd=workdir)
        os.close(to_child)
        os.close(from_child)
        self._send(("start", {"limits": dataclasses.asdict(limits), "hide": sorted(set(hide)), "workdir": workdir}))

    def _say(self, key: str, **params: Any) -> str:
        from vint_core.i18n import text  # here, not at the top: the learner's side of this module never needs it

        return text(key, self.lang, **params)

    def started(self, within: float) -> tuple[int, list[str]]:
        """Wait until the learner's process is limited and ready: its user id, and what it could not shut off."""
        self.stop_at = time.monotonic() + within
        self.why_late = self._say("grade_no_start_within", seconds=f"{within:.0f}")
        (size,) = _HEADER.unpack(self._read(_HEADER.size))
        reply = read_answer(self._read(min(size, MAX_REPLY)))
        if not (isinstance(reply, tuple) and len(reply) == 3 and reply[0] == "ready"):
            self.kill()
            raise Stopped(self._say("grade_no_start"))
        with contextlib.suppress(OSError):
            mine = os.readlink(f"/proc/{self.proc.pid}/ns/mnt")
            if mine != os.readlink("/proc/self/ns/mnt"):
                self._namespace = mine
        return int(reply[1]), [str(n) for n in reply[2]]

    # the wire: a length, then a pickle; the grader reads only plain data back
    def _send(self, message: Any) -> None:
        data = pickle.dumps(message, protocol=4)
        try:
            os.write(self._to_child, _HEADER.pack(len(data)))
            view = memoryview(data)
            while view:
                view = view[os.write(self._to_child, view):]
        except OSError:
            raise self._gone() from None

    def _read(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            left = self.stop_at - time.monotonic()
            if left <= 0 or not select.select([self._from_child], [], [], left)[0]:
                self.kill()
                raise Stopped(self.why_late)
            chunk = os.read(self._from_child, min(n - len(out), 2**20))
            if not chunk:
                raise self._gone()
            out += chunk
        return bytes(out)

    def ask(self, message: Any) -> Any:
        """Send ``message``; the reply as plain data (a tuple whose first item says what it is)."""
        self._send(message)
        (size,) = _HEADER.unpack(self._read(_HEADER.size))
        if size > MAX_REPLY:
            self.kill()
            raise Stopped(self._say("grade_reply_too_big", mb=MAX_REPLY // 2**20))
        reply = read_answer(self._read(size))
        return reply if isinstance(reply, tuple) and reply else ("unreadable",)

    def _gone(self) -> Stopped:
        self.kill()
        code = self.proc.wait()
        if code == -signal.SIGXCPU:
            return Stopped(self._say("grade_cpu_time", seconds=self.limits.cpu))
        return Stopped(self._say("grade_python_stopped"))

    def kill(self) -> None:
        """Stop the learner's process and whatever it started in its session."""
        if self.proc.returncode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for _ in range(10 if self._namespace is not None else 0):  # what it started in a session of its own
            found = False
            for pid in filter(str.isdigit, os.listdir("/proc")):
                with contextlib.suppress(OSError):
                    if os.readlink(f"/proc/{pid}/ns/mnt") == self._namespace:
                        os.kill(int(pid), signal.SIGKILL)
                        found = True
            if not found:
                break
        self._namespace = None
        for fd in (self._to_child, self._from_child):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._to_child = self._from_child = -1

    def function(self, name: str) -> Any:
        """What ``name`` is in the learner's notebook: a :class:`Remote` function, ``None``, an
        :class:`Opaque` value; ``KeyError`` if it is not defined."""
        reply = self.ask(("lookup", name))
        if reply[0] == "function":
            return Remote(self, name)
        if reply[0] == "none":
            return None
        if reply[0] == "value":
            return Opaque(str(reply[1])[:200])
        raise KeyError(name)


class Remote:
    """A learner's function, called in the learner's process: arguments go there, the answer comes back."""

    def __init__(self, learner: Learner, name: str) -> None:
        self._learner = learner
        self.__name__ = self.__qualname__ = name
        self._note: Callable[[str], None] | None = None

    @contextlib.contextmanager
    def guarded(self, targets: Sequence[str], note: Callable[[str], None]) -> Iterator[None]:
        """While the block runs, the engine parts ``targets`` (dotted paths) are watched in the learner's
        process as :mod:`vint_core.checks.guard` watches them in one process: each one the learner's function
        calls is passed to ``note``. (An ``EngineGuard`` given this function calls this instead of swapping.)"""
        self._learner.ask(("guard", self.__name__, tuple(str(t) for t in targets)))
        self._note = note
        try:
            yield
        finally:
            self._note = None
            with contextlib.suppress(Stopped):
                self._learner.ask(("unguard",))

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        answer = self._learner.ask(("call", self.__name__, args, kwargs))
        reply: tuple[Any, ...] = ("unreadable",)
        if len(answer) == 3 and answer[0] == "answer" and isinstance(answer[1], tuple) and answer[1]:
            reply = answer[1]
            note = self._note
            if note is not None and isinstance(answer[2], tuple):
                for part in answer[2]:
                    note(str(part)[:100])
        kind = reply[0]
        if kind == "ok" and len(reply) == 2:
            return reply[1]
        if kind == "opaque" and len(reply) == 2:
            return Opaque(str(reply[1])[:200])
        if kind == "raised" and len(reply) == 3:
            name, message = str(reply[1]), str(reply[2])[:500]
            if name == "NotImplementedError":
                raise NotImplementedError(message)
            if name == "MemoryError":
                raise MemoryError(self._learner._say("grade_out_of_memory", mb=self._learner.limits.memory))
            clean = "".join(ch for ch in name if ch.isalnum() or ch == "_")[:60] or "Exception"
            raise type(clean, (Exception,), {})(message)
        if kind == "missing":
            raise NameError(f"name '{self.__name__}' is not defined")
        return Opaque(self._learner._say("grade_unreadable"))


# -- the learner's side --------------------------------------------------------------------------------


def _libc() -> Any:
    return ctypes.CDLL(None, use_errno=True)


def _isolate(hide: list[str]) -> tuple[list[str], dict[str, int]] | None:
    """As root: an own mount and network namespace, ``hide`` covered up, fresh small temporary folders; what is
    still shared and the folders imports come from, opened in the new namespace after ``hide`` is covered
    (:func:`_open_import_folders`), or ``None`` when the system allows no namespaces. Those folders that lie in
    a temporary folder (a checkout under ``/tmp``) are put back into the fresh one at the same place, with what
    is hidden in them still hidden."""
    notes = []
    libc = _libc()
    if libc.unshare(_CLONE_NEWNS | _CLONE_NEWNET) != 0:
        return None
    libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None)
    keep = [os.path.realpath(p) for p in sys.path if p]
    for path in hide:  # first: a checkout under /tmp stays reachable through a folder opened before, hidden parts too
        real = os.path.realpath(path)
        if os.path.isdir(real) and not any(k == real or k.startswith(real + os.sep) for k in keep):
            libc.mount(b"tmpfs", real.encode(), b"tmpfs", _MS_RDONLY | _MS_NOSUID | _MS_NODEV, b"size=4k,mode=755")
    opened = _open_import_folders()  # here: in this namespace, through the covers just made
    for path in ("/tmp", "/var/tmp", "/dev/shm"):
        if not os.path.isdir(path):
            continue
        inside = {folder: fd for folder, fd in opened.items() if os.path.realpath(folder).startswith(path + os.sep)}
        if libc.mount(b"tmpfs", path.encode(), b"tmpfs", _MS_NOSUID | _MS_NODEV, b"size=64m,mode=1777") != 0:
            notes.append(f"{path} is shared")
            continue
        for folder, fd in inside.items():
            target = os.path.realpath(folder) if os.path.isabs(folder) else folder
            os.makedirs(target, mode=0o755, exist_ok=True)
            if libc.mount(f"/proc/self/fd/{fd}".encode(), target.encode(), None, _MS_BIND | _MS_REC, None) != 0:
                notes.append(f"{folder} could not be put back into the fresh {path}")
    return notes, opened


def _open_import_folders() -> dict[str, int]:
    """The folders imports come from (the import path, and the loaded packages' own folders, such as an
    editable checkout's), each opened as root, those inside another one left out: they stay reachable once
    the learner's ``/tmp`` covers a checkout under ``/tmp`` and the user has changed."""
    folders = {p for p in sys.path if p}
    for module in list(sys.modules.values()):
        paths = getattr(module, "__path__", None)
        if isinstance(paths, list):
            folders.update(p for p in paths if isinstance(p, str) and p.startswith(os.sep))
    outer = [f for f in sorted(folders) if not any(f.startswith(o + os.sep) for o in folders if o != f)]
    opened = {}
    for path in outer:
        if os.path.isdir(path):
            with contextlib.suppress(OSError):
                opened[path] = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    return opened


def _drop_to(user: str, opened: dict[str, int]) -> None:
    """Become ``user`` for good; the import path keeps working through the folders ``opened`` before."""
    import pwd

    entry = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    if os.getuid() != entry.pw_uid or os.geteuid() != entry.pw_uid:
        raise SystemExit("could not change user")
    with contextlib.suppress(PermissionError):
        os.setuid(0)
        raise SystemExit("could become root again")
    # a folder the user may not reach (a Python under /root) stays readable through the folder opened as root
    _libc().prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0)  # /proc/self/fd of a process that changed user
    moved = {path: f"/proc/self/fd/{fd}" for path, fd in opened.items() if not os.access(path, os.R_OK | os.X_OK)}

    def reach(path: str) -> str:
        for old, new in moved.items():
            if path == old or path.startswith(old + os.sep):
                return new + path[len(old):]
        return path

    sys.path[:] = [reach(p) for p in sys.path]
    for module in list(sys.modules.values()):  # the packages already loaded find their submodules there too
        paths = getattr(module, "__path__", None)
        if isinstance(paths, list) and any(reach(p) != p for p in paths):
            module.__path__ = [reach(p) for p in paths]
    sys.path_importer_cache.clear()


def _limit(limits: dict[str, Any]) -> None:
    mb = 2**20
    for what, value in ((resource.RLIMIT_AS, limits["memory"] * mb), (resource.RLIMIT_CPU, limits["cpu"]),
                        (resource.RLIMIT_FSIZE, limits["file_size"] * mb), (resource.RLIMIT_NOFILE, 256),
                        (resource.RLIMIT_CORE, 0), (resource.RLIMIT_NPROC, 256)):
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(what, (value, value))


def _plain(value: Any, depth: int = 0) -> Any:
    """An answer as plain data: subclasses of numbers, strings, dicts, lists and tuples become the plain ones."""
    if depth > 50:
        raise ValueError("nested too deep")
    if value is None or isinstance(value, enum.Enum):
        return value  # the engine's enums (Seat is an int) go as they are; the grader reads only its own
    kinds: tuple[Callable[[Any], Any], ...] = (bool, int, float, str, bytes, complex)
    for kind in kinds:
        if isinstance(value, kind):  # type: ignore[arg-type]
            return kind(value) if type(value) is not kind else value
    if isinstance(value, dict):
        return {_plain(k, depth + 1): _plain(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, tuple) and not dataclasses.is_dataclass(value):
        return tuple(_plain(v, depth + 1) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_plain(v, depth + 1) for v in value)
    if type(value).__module__ == "numpy" and hasattr(value, "tolist"):
        return _plain(value.tolist(), depth + 1)
    return value


def _describe(exc: BaseException) -> tuple[str, str, str]:
    try:
        return ("raised", type(exc).__name__, str(exc)[:500])
    except BaseException:
        return ("raised", type(exc).__name__, "")


class _Serve:
    def __init__(self, rfd: int, wfd: int) -> None:
        self.rfd, self.wfd = rfd, wfd
        self.namespace: dict[str, Any] = {"__name__": "__main__"}
        self.run: Callable[[str], str | None] = self._exec
        self.guard: Any = None  # (EngineGuard, what undoes it, how many of its calls were told) while guarded

    def read(self) -> Any:
        head = self._exactly(_HEADER.size)
        return pickle.loads(self._exactly(_HEADER.unpack(head)[0]))

    def _exactly(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            chunk = os.read(self.rfd, n - len(out))
            if not chunk:
                raise SystemExit(0)
            out += chunk
        return bytes(out)

    def send(self, message: Any) -> None:
        try:
            data = pickle.dumps(message, protocol=4)
        except Exception:
            data = pickle.dumps(("opaque", repr(message[1] if len(message) > 1 else message)[:200]), protocol=4)
        os.write(self.wfd, _HEADER.pack(len(data)))
        view = memoryview(data)
        while view:
            view = view[os.write(self.wfd, view):]

    def _exec(self, code: str) -> str | None:
        try:
            exec(compile(code, "<cell>", "exec"), self.namespace)
        except BaseException as exc:
            return " ".join(_describe(exc)[1:])
        return None

    def use_ipython(self) -> None:
        """Run cells as a notebook does (magics, ``display``, ``get_ipython()``), when IPython is there."""
        with contextlib.suppress(ImportError):
            from IPython.core.interactiveshell import InteractiveShell
            from traitlets.config import Config

            config = Config()
            config.HistoryManager.enabled = False
            shell = InteractiveShell.instance(config=config)
            self.namespace = shell.user_ns

            def run(code: str) -> str | None:
                result = shell.run_cell(code, store_history=False, silent=False)  # type: ignore[no-untyped-call]
                error = result.error_before_exec or result.error_in_exec
                return None if error is None else f"{type(error).__name__}: {error}"

            self.run = run

    def answer(self, message: Any) -> Any:
        kind = message[0]
        if kind == "run":
            return ("ran", self.run(message[1]))
        if kind == "lookup":
            if message[1] not in self.namespace:
                return ("missing",)
            value = self.namespace[message[1]]
            if value is None:
                return ("none",)
            return ("function",) if callable(value) else ("value", repr(value)[:200])
        if kind == "call":  # the answer, and the engine's forbidden parts it called, when watched
            answer = self._call(message[1], message[2], message[3])
            called: tuple[str, ...] = ()
            if self.guard is not None:
                guard, undo, told = self.guard
                called = tuple(guard.called[told:])
                self.guard = (guard, undo, told + len(called))
            return ("answer", answer, called)
        if kind == "guard":
            return self._guard(str(message[1]), list(message[2]))
        if kind == "unguard":
            if self.guard is not None:
                self.guard[1].close()
                self.guard = None
            return ("unguarded",)
        return ("unknown",)

    def _call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
        fn = self.namespace.get(name)
        if not callable(fn):
            return ("missing",)
        try:
            got = fn(*args, **kwargs)
        except BaseException as exc:
            return _describe(exc)
        try:
            return ("ok", _plain(got))
        except BaseException:
            try:
                return ("opaque", repr(got)[:200])
            except BaseException:
                return ("opaque", "an answer without a repr")

    def _guard(self, name: str, targets: list[str]) -> Any:
        try:
            from vint_core.checks.guard import EngineGuard  # type: ignore[import-not-found,unused-ignore]
        except ImportError:
            return ("guarded", False)
        guard = EngineGuard(targets)
        undo = contextlib.ExitStack()
        try:
            undo.enter_context(guard.installed(self.namespace.get(name)))
            undo.enter_context(guard.watch())
        except Exception:
            undo.close()
            return ("guarded", False)
        self.guard = (guard, undo, 0)
        return ("guarded", True)


def main(argv: list[str]) -> None:
    """The learner's process: limits and user first, then cells and calls until the grader closes the pipe."""
    serve = _Serve(int(argv[0]), int(argv[1]))
    _, config = serve.read()
    limits, notes = config["limits"], []
    import vint_core.checks  # noqa: F401  (the engine and the checks the learner's cells import, loaded as root)

    with contextlib.suppress(ImportError):
        import IPython.core.interactiveshell  # noqa: F401
    workdir = config["workdir"]
    if os.geteuid() == 0:
        isolated = _isolate(config["hide"])
        if isolated is None:
            notes.append("no namespaces: /tmp is shared and the network is open")
            opened = _open_import_folders()
        else:
            notes += isolated[0]
            opened = isolated[1]
            workdir = "/tmp/work"
            os.makedirs(workdir, exist_ok=True)
        import pwd

        entry = pwd.getpwnam(limits["user"] or "nobody")
        os.chown(workdir, entry.pw_uid, entry.pw_gid)
        os.chmod(workdir, 0o700)
        os.environ["HOME"] = os.environ["TMPDIR"] = workdir
        os.chdir(workdir)
        _drop_to(entry.pw_name, opened)
    else:
        notes.append("not root: the learner's code runs as this user")
    _limit(limits)
    serve.use_ipython()
    serve.send(("ready", os.getuid(), notes))
    while True:
        serve.send(serve.answer(serve.read()))


if __name__ == "__main__":
    main(sys.argv[1:])
