"""System accounts for a test, and commands run as them with this checkout's Python environment.

``accounts(*roles)`` makes one account per role (``useradd``, home 700) and removes them with their
homes afterwards (``userdel -r``), also when the test fails. ``run_as`` runs a command as such an
account with ``runuser``, in a mount namespace of its own in which the folders this checkout's
Python lives under are passable (a CI's Python under ``/root``, mode 700, is common): each folder
on the way that others may not pass is covered, for this one command, by an empty passable folder
holding only the one entry on the way. Nothing of the machine changes (the mounts live and die with
the command), and the account sees nothing more than those paths.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import secrets
import shlex
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: an empty folder, the mount point of each command's own staging area (in its namespace only)
STAGE = Path(tempfile.mkdtemp(prefix="vint-stage-"))
atexit.register(STAGE.rmdir)


def require_root() -> None:
    if os.geteuid() != 0:
        raise AssertionError("this test creates system accounts: run it as root (CI does)")
    for tool in ("useradd", "userdel", "runuser", "unshare", "mount"):
        if not any((Path(d) / tool).exists() for d in ("/usr/sbin", "/usr/bin", "/sbin", "/bin")):
            raise AssertionError(f"this test needs {tool} (util-linux / passwd: apt-get install util-linux passwd)")


@contextlib.contextmanager
def accounts(*roles: str) -> Iterator[dict[str, pwd.struct_passwd]]:
    """One new system account per role, ``{role: pwd entry}``; all removed with their homes afterwards."""
    require_root()
    tag = secrets.token_hex(3)
    made: list[str] = []
    try:
        out = {}
        for role in roles:
            name = f"vt{role[:6]}{tag}"
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/sh", "-K", "HOME_MODE=0700", name],
                           check=True, capture_output=True)
            made.append(name)
            out[role] = pwd.getpwnam(name)
        yield out
    finally:
        left = []
        for name in made:
            gone = subprocess.run(["userdel", "--remove", name], capture_output=True, text=True)
            if gone.returncode != 0:
                left.append(f"{name}: {gone.stderr.strip()}")
        if left:
            raise AssertionError("accounts not removed: " + "; ".join(left))


def _needed_paths() -> list[Path]:
    paths = {Path(os.path.realpath(sys.executable)), Path(sys.prefix), Path(sys.base_prefix), REPO}
    paths |= {Path(p) for p in sys.path if p and Path(p).exists()}
    return sorted(paths)


def _blocked() -> dict[Path, set[str]]:
    """Folders others may not list or pass, each with the names below it that the needed paths go through.

    A folder others may pass but not list (``/root`` at 701) is covered too: such modes are changed
    back and forth on shared machines, and a Python losing its library halfway fails strangely.
    """
    out: dict[Path, set[str]] = {}
    for path in _needed_paths():
        parts = path.resolve().parts
        for i in range(1, len(parts) - 1):
            folder = Path(*parts[:i])
            if os.stat(folder).st_mode & (stat.S_IROTH | stat.S_IXOTH) != stat.S_IROTH | stat.S_IXOTH:
                out.setdefault(folder, set()).add(parts[i])
    return dict(sorted(out.items(), key=lambda kv: len(kv[0].parts)))


def _open_script() -> str:
    """Shell lines (run as root inside the namespace) that make the needed paths passable."""
    lines = ["set -e", f"mount -t tmpfs -o mode=0700 vint-stage {STAGE}"]
    for n, (folder, names) in enumerate(_blocked().items()):
        stage = f"{STAGE}/{n}"
        lines += [f"mkdir {stage}", f"mount --bind {shlex.quote(str(folder))} {stage}",
                  f"mount -t tmpfs -o mode=0711 vint-open {shlex.quote(str(folder))}"]
        for name in sorted(names):
            inside = shlex.quote(str(folder / name))
            lines += [f"mkdir {inside}" if (folder / name).is_dir() else f"touch {inside}",
                      f"mount --bind {stage}/{shlex.quote(name)} {inside}"]
    return "\n".join(lines)


def in_namespace(argv: Sequence[str]) -> list[str]:
    """The command line that runs ``argv`` (as root) in a mount namespace of its own where this checkout's Python
    is passable for other accounts: a hub started so runs its learners' servers with it, and the machine's
    folders keep their modes (two test runs at once cannot undo each other's changes)."""
    command = " ".join(shlex.quote(a) for a in argv)
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", f"{_open_script()}\nexec {command}"]


def command_as(user: pwd.struct_passwd, argv: Sequence[str], *, env: Mapping[str, str] | None = None,
               cwd: Path | None = None) -> list[str]:
    """The command line that runs ``argv`` as ``user`` (runuser) with a clean environment, this checkout first."""
    base = {"HOME": user.pw_dir, "USER": user.pw_name, "LOGNAME": user.pw_name, "LANG": "C.UTF-8",
            "PATH": f"{Path(sys.executable).parent}:/usr/local/bin:/usr/bin:/bin", "PYTHONPATH": str(REPO)}
    base.update(env or {})
    command = " ".join(shlex.quote(a) for a in ["runuser", "-u", user.pw_name, "--", "env", "-i",
                                                *(f"{k}={v}" for k, v in base.items()), *argv])
    script = f"{_open_script()}\ncd {shlex.quote(str(cwd or user.pw_dir))}\nexec {command}"
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script]


def run_as(user: pwd.struct_passwd, argv: Sequence[str], *, env: Mapping[str, str] | None = None,
           cwd: Path | None = None, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` as ``user``; its output as text."""
    return subprocess.run(command_as(user, argv, env=env, cwd=cwd), capture_output=True, text=True, timeout=timeout)


def popen_as(user: pwd.struct_passwd, argv: Sequence[str], *, env: Mapping[str, str] | None = None,
             cwd: Path | None = None, log: Path) -> subprocess.Popen[bytes]:
    """Start ``argv`` as ``user`` (a server), its output in ``log``; the caller stops it."""
    with log.open("wb") as out:
        return subprocess.Popen(command_as(user, argv, env=env, cwd=cwd), stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
