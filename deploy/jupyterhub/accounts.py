"""The learners' system accounts for the hub's class mode, as The Littlest JupyterHub makes them.

Each learner ``ana`` of the roster gets the system user ``jupyter-ana``, made by the hub (running as
root) when ana's server first starts: a home of their own, mode 0700, so no other learner can read or
change it, in the group the hub keeps for its learners (``vint-learners`` by default). Their server
runs as that user (``LearnerSpawner``, JupyterHub's local process spawner with the prefixed name), so
the operating system keeps the learners apart, from the hub's secrets too.

The teacher's password is put into the first-use authenticator's password file when the hub
starts, as TLJH's ``--admin name:password`` does; every other password is set by its learner at their
first login. Standard library, bcrypt (which the authenticator brings) and JupyterHub only.
"""

from __future__ import annotations

import dbm
import grp
import os
import pwd
import re
import subprocess
from pathlib import Path
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid

#: the prefix of every learner's system user: ``jupyter-ana`` for the hub's ``ana``
PREFIX = "jupyter-"
#: a hub name that makes a valid system user (32 characters at most with the prefix)
NAME = re.compile(r"[a-z][a-z0-9_-]{0,23}")


class RosterError(ValueError):
    """A roster name that cannot be a learner's account."""


def system_name(name: str) -> str:
    """The system user of the hub's user ``name``."""
    return PREFIX + name


def read_roster(text: str) -> list[str]:
    """The learners' names of a roster: one a line (or separated by commas), ``#`` starts a comment."""
    names = []
    for line in text.splitlines():
        for item in line.split("#", 1)[0].split(","):
            name = item.strip().lower()
            if not name:
                continue
            if not NAME.fullmatch(name):
                raise RosterError(f"{name!r} cannot be a learner's name: use 1 to 24 lower-case letters, digits, "
                                  "'-' or '_', starting with a letter")
            if name not in names:
                names.append(name)
    return names


def ensure_user(name: str, group: str) -> pwd.struct_passwd:
    """The system user of ``name``, made when missing, its home 0700, a member of ``group``."""
    system = system_name(name)
    subprocess.run(["groupadd", "--force", group], check=True)
    try:
        pwd.getpwnam(system)
    except KeyError:
        subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", "--comment", f"hub learner {name}",
                        system], check=True)
    if system not in grp.getgrnam(group).gr_mem:
        subprocess.run(["usermod", "--append", "--groups", group, system], check=True)
    entry = pwd.getpwnam(system)
    os.chmod(entry.pw_dir, 0o700)
    return entry


def set_password(path: Path, name: str, password: str) -> None:
    """Store ``name``'s password (bcrypt) in the first-use authenticator's password file ``path``."""
    import bcrypt

    with dbm.open(str(path), "c", 0o600) as db:
        db[name] = bcrypt.hashpw(password.encode("utf8"), bcrypt.gensalt())


class LearnerSpawner(LocalProcessSpawner):  # type: ignore[misc]
    """JupyterHub's local process spawner, running ``ana``'s server as the system user ``jupyter-ana``."""

    def make_preexec_fn(self, name: str) -> Any:
        return set_user_setuid(system_name(name))

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        entry = pwd.getpwnam(system_name(self.user.name))
        env.update(USER=entry.pw_name, HOME=entry.pw_dir, SHELL=entry.pw_shell)
        return env

    async def move_certs(self, paths: dict[str, str]) -> dict[str, str]:  # internal_ssl is not used
        raise NotImplementedError("the learners' servers do not use JupyterHub's internal_ssl")
