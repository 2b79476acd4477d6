"""nbgrader for a class on the hub: the exchange, the teacher's course folder, and who sees which nbgrader tool.

    sudo python deploy/jupyterhub/nbgrader_class.py --teacher NAME   # once, or let the hub do it

What it sets up, the way nbgrader 0.9's default (file system) exchange expects it:

* the exchange ``/srv/nbgrader/exchange`` (``--exchange``): owned by root, mode 1777 (everyone may
  write, nobody may rename or remove what is not theirs), and in it the course's folder
  ``vint/`` owned by the teacher, made before any learner could take the name, with nbgrader's
  own modes: ``outbound/`` 755 (released exercises, readable by all), ``inbound/`` 2733
  (submissions: everyone may hand in, nobody but the teacher may list), ``feedback/`` 711
  (each learner fetches their own page by a name only their submission knows);
* the teacher's course folder ``~NAME/vint-course`` (mode 700: the teacher's alone), with its
  ``nbgrader_config.py`` and ``source/<exercise>/<exercise>.ipynb`` for each of
  ``exercises/source`` (the solutions and hidden tests; a file already there is kept);
* two Jupyter configuration directories in this folder, put on ``JUPYTER_CONFIG_PATH`` by the hub:
  ``nbgrader/learners`` (the course and exchange; of nbgrader's tools only the Assignments tab:
  fetch, submit, feedback) and ``nbgrader/teacher`` (the course folder, Formgrader, Create
  Assignment, the course list and Validate), nbgrader's per-extension switches
  (``jpserver_extensions``, ``labconfig/page_config.json``'s ``disabledExtensions``).

What keeps learners apart is the file system (their own accounts, the modes above); the switches
only keep the teacher's tools out of a learner's JupyterLab.

From ``jupyterhub_config.py``: ``configure_hub(c)`` makes the exchange before the first server
starts, the teacher's folders before the teacher's server starts, and chooses each server's
configuration. Run the set-up once by hand before learners have any other way onto the machine
(ssh), so that the course's name in the exchange is the teacher's from the start.
"""

from __future__ import annotations

import argparse
import inspect
import os
import pwd
import shutil
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LEARNERS_CONFIG = HERE / "nbgrader" / "learners"
TEACHER_CONFIG = HERE / "nbgrader" / "teacher"
EXERCISES = HERE.parent.parent / "exercises" / "source"
EXCHANGE = Path("/srv/nbgrader/exchange")
COURSE_ID = "vint"
COURSE_FOLDER = "vint-course"

#: the course's folders in the exchange and their modes, as nbgrader's release_assignment makes them
EXCHANGE_MODES = {"": 0o755, "outbound": 0o755, "inbound": 0o2733, "feedback": 0o711}

COURSE_CONFIG = '''\
"""The Vint course's nbgrader configuration (written by deploy/jupyterhub/nbgrader_class.py)."""

from vint_core.nbgrader_course import configure

c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {course_id!r}
c.Exchange.root = {exchange!r}
configure(c)  # hidden tests: put back without "checksum has changed", kept out of the feedback
'''


class SetupError(RuntimeError):
    """The exchange or course folder cannot be made safely (a folder taken by someone else)."""


def closed_above(exchange: Path) -> Path | None:
    """The first folder above ``exchange`` that other accounts may not pass through (o+x), or None.

    The learners' and the teacher's servers reach the exchange as their own accounts: under a
    folder closed to them (``/root``, a 0700 temporary folder) nbgrader only says it "could not
    create" the exchange when the teacher releases, and the learners' Assignments tab stays empty.
    """
    for folder in reversed(Path(os.path.abspath(exchange)).parents):
        if not folder.exists():
            return None  # made by make_exchange, with the usual modes
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


def make_exchange(exchange: Path = EXCHANGE, *, course_id: str = COURSE_ID, owner: int | None = None) -> Path:
    """The exchange root (root's, 1777) and the course's folders in it, made for ``owner`` (a uid).

    Without an owner (the hub starting, the teacher's account maybe not there yet) the missing
    folders are made as root's, so that no learner can take the course's name first; the
    teacher's set-up then hands them to the teacher, and refuses a folder someone else owns.
    """
    exchange.mkdir(parents=True, exist_ok=True)
    os.chown(exchange, 0, 0)
    os.chmod(exchange, 0o1777)
    course = exchange / course_id
    for name, mode in EXCHANGE_MODES.items():
        path = course / name if name else course
        if path.is_symlink():
            raise SetupError(f"{path} is a symbolic link: remove it and run the set-up again")
        if not path.exists():
            path.mkdir()
            os.chown(path, 0, 0)
        elif owner is None:
            continue
        if owner is not None:
            taken = path.stat().st_uid
            if taken not in (0, owner):
                raise SetupError(f"{path} belongs to {pwd.getpwuid(taken).pw_name}, not to the teacher: "
                                 "remove it and run the set-up again")
            os.chown(path, owner, pwd.getpwuid(owner).pw_gid)
        os.chmod(path, mode)
    return course


def make_course(teacher: str, *, exchange: Path = EXCHANGE, course_id: str = COURSE_ID,
                exercises: Path = EXERCISES, folder: Path | None = None) -> Path:
    """The teacher's course folder (700) with its config and one nbgrader assignment per exercise source."""
    entry = pwd.getpwnam(teacher)
    course = folder or Path(entry.pw_dir) / COURSE_FOLDER
    course.mkdir(parents=True, exist_ok=True)
    written = [course]
    config = course / "nbgrader_config.py"
    if not config.exists():  # the teacher's own changes are kept
        config.write_text(COURSE_CONFIG.format(course_id=course_id, exchange=str(exchange)), encoding="utf-8")
    written.append(config)
    for notebook in sorted(exercises.glob("*.ipynb")):
        target = course / "source" / notebook.stem / notebook.name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(notebook, target)
        written += [target.parent.parent, target.parent, target]
    for path in written:
        os.chown(path, entry.pw_uid, entry.pw_gid)
    os.chmod(course, 0o700)
    return course


def setup(teacher: str, *, exchange: Path = EXCHANGE, course_id: str = COURSE_ID,
          exercises: Path = EXERCISES, folder: Path | None = None) -> tuple[Path, Path]:
    """The exchange with the teacher's course folders, and the teacher's course folder: (exchange course, course)."""
    uid = pwd.getpwnam(teacher).pw_uid
    return (make_exchange(exchange, course_id=course_id, owner=uid),
            make_course(teacher, exchange=exchange, course_id=course_id, exercises=exercises, folder=folder))


def environment(*, teacher: bool, exchange: Path = EXCHANGE, course_id: str = COURSE_ID,
                folder: Path | None = None) -> dict[str, str]:
    """The variables a learner's (or the teacher's) server, or nbgrader command, needs for the class."""
    env = {"JUPYTER_CONFIG_PATH": str(TEACHER_CONFIG if teacher else LEARNERS_CONFIG),
           "VINT_NBGRADER_EXCHANGE": str(exchange), "VINT_NBGRADER_COURSE": course_id}
    if teacher and folder is not None:
        env["VINT_NBGRADER_COURSE_DIR"] = str(folder)
    return env


def _account(spawner: Any) -> str | None:
    """The hub user's own system account (``NAME``, or ``jupyter-NAME`` as The Littlest JupyterHub
    names them), or None (the demo mode: every server runs as the hub's user)."""
    name = str(spawner.user.name)
    for candidate in (name, f"jupyter-{name}"):
        try:
            return pwd.getpwnam(candidate).pw_name
        except KeyError:
            continue
    return None


def configure_hub(c: Any, *, teachers: Iterable[str] | None = None, exchange: Path = EXCHANGE,
                  course_id: str = COURSE_ID, exercises: Path = EXERCISES,
                  system_user: Callable[[Any], str | None] = _account) -> None:
    """Wire nbgrader into a JupyterHub config ``c``: the teachers (default: the hub's admins) get the teacher's side.

    ``system_user(spawner)`` names the system account a server runs as (default: the hub user's
    own account; None when there is none, as in the demo mode, where no course folder is made).
    Keeps the config's environment and its ``pre_spawn_hook``, which runs first.
    """
    named = set(teachers) if teachers is not None else set(c.Authenticator.admin_users or ())

    def is_teacher(spawner: Any) -> bool:
        return str(spawner.user.name) in named

    def folder(spawner: Any) -> str:
        account = system_user(spawner) if is_teacher(spawner) else None
        return str(Path(pwd.getpwnam(account).pw_dir) / COURSE_FOLDER) if account else ""

    env = dict(c.Spawner.environment) if "environment" in c.Spawner else {}
    given = env.get("JUPYTER_CONFIG_PATH")  # the hub's own folders (the start page's settings) come after nbgrader's

    def config_path(spawner: Any) -> str:
        rest = given(spawner) if callable(given) else given
        return os.pathsep.join(filter(None, [str(TEACHER_CONFIG if is_teacher(spawner) else LEARNERS_CONFIG), rest]))

    env.update(environment(teacher=False, exchange=exchange, course_id=course_id))
    env["JUPYTER_CONFIG_PATH"] = config_path
    env["VINT_NBGRADER_COURSE_DIR"] = folder
    c.Spawner.environment = env
    before = c.Spawner.pre_spawn_hook if "pre_spawn_hook" in c.Spawner else None

    async def before_spawn(spawner: Any) -> None:
        if before is not None:
            done = before(spawner)
            if inspect.isawaitable(done):  # the hub's own hook may be a coroutine
                await done
        if os.geteuid() != 0:
            return
        make_exchange(exchange, course_id=course_id)  # before any learner's server could take the course's name
        account = system_user(spawner) if is_teacher(spawner) else None
        if account:
            setup(account, exchange=exchange, course_id=course_id, exercises=exercises,
                  folder=Path(folder(spawner)))

    c.Spawner.pre_spawn_hook = before_spawn


def describe(path: Path) -> str:
    """``drwx------ teacher path``: a folder's mode and owner, as the set-up reports them."""
    st = path.stat()
    return f"{stat.filemode(st.st_mode)} {pwd.getpwuid(st.st_uid).pw_name} {path}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Set up nbgrader's exchange and the teacher's course folder.")
    parser.add_argument("--teacher", required=True, help="the teacher's system account")
    parser.add_argument("--exchange", type=Path, default=EXCHANGE)
    parser.add_argument("--course-id", default=COURSE_ID)
    parser.add_argument("--exercises", type=Path, default=EXERCISES, help="the nbgrader sources to copy")
    args = parser.parse_args(argv)
    try:
        course, folder = setup(args.teacher, exchange=args.exchange, course_id=args.course_id,
                               exercises=args.exercises)
    except (KeyError, PermissionError, SetupError) as exc:
        parser.exit(1, f"nbgrader set-up: {exc}\n")
    for path in [args.exchange, course, *(course / n for n in EXCHANGE_MODES if n), folder]:
        print(describe(path))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
