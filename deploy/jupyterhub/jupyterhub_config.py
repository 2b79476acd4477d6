"""JupyterHub for a class: each learner a single-user server with vint_core, the course and the table.

    sudo VINT_HUB_TEACHER=... VINT_HUB_TEACHER_PASSWORD=... VINT_HUB_ROSTER=roster.txt \\
        jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Each learner who logs in gets a JupyterLab of their own that opens on the start page
``~/vint/README.md``, rendered: one click to the table (Voilà, inside the learner's server), to the
practice page, to each lesson and each exercise (the learners' versions: the solutions stay with the
teacher). Their games are saved in ``~/.vint`` (``VINT_DATA_DIR``). A server idle for
``VINT_HUB_CULL`` seconds (default 1800) is stopped by jupyterhub-idle-culler, and a kernel idle for
as long by the server itself; the learner's files stay, a new login starts the server again.

Modes (``VINT_HUB_MODE``), see deploy/README.md for what each protects:

* ``class`` (default): the way The Littlest JupyterHub does it. Each learner of the roster sets
  their own password at their first login (jupyterhub-firstuseauthenticator); the hub (run as
  root) makes them the system user ``jupyter-NAME`` with a home of mode 0700 in the group
  ``VINT_HUB_GROUP`` and runs their server as that user, so the system keeps learners apart.
  Needs ``VINT_HUB_TEACHER`` (the one admin), ``VINT_HUB_TEACHER_PASSWORD`` (at the first start;
  8 characters or more; a later one replaces it), and a roster: ``VINT_HUB_LEARNERS``
  (``ana,boris``) and/or ``VINT_HUB_ROSTER`` (a file, one name a line, ``#`` for comments).
* ``system``: the machine's own accounts (PAM), each server as its account; only the members of
  ``VINT_HUB_ALLOWED_GROUPS`` (comma-separated) and/or the roster may log in; the teacher is
  ``VINT_HUB_TEACHER``.
* ``demo``: for trying the hub on one's own computer only: any name with the one password
  ``VINT_HUB_PASSWORD`` (required), every server as the hub's own user with its home in
  ``VINT_HUB_ROOT/homes/NAME``, no admin; it listens on a loopback address only.

Other settings:

* ``VINT_HUB_ROOT``: the hub's own folder (default: where it is started); its secrets (database,
  cookie secret, passwords) are kept in ``state/``, mode 0700.
* ``VINT_HUB_IP``, ``VINT_HUB_PORT``: where the hub listens (default 127.0.0.1:8000). In class and
  system mode an address other than loopback needs HTTPS: ``VINT_HUB_SSL_CERT`` and
  ``VINT_HUB_SSL_KEY`` (files), or a reverse proxy on this machine in front of 127.0.0.1; or
  ``VINT_HUB_PLAIN_HTTP=yes`` to accept passwords readable on the network.
* ``VINT_HUB_GROUP``: the system group of the class mode's learners (default ``vint-learners``).
* ``VINT_COURSE_DIR``: the checkout whose ``notebooks/``, ``docs/rules.md`` and ``exercises/release/`` are the course
  (default: the one this file is in). It and the Python environment must be readable by the learners,
  its ``exercises/source/`` (the solutions) must not: the hub does not start while others may read it.
* ``VINT_NBGRADER_EXCHANGE``: nbgrader's exchange (default ``/srv/nbgrader/exchange``); in class and
  system mode every account must be able to pass through the folders above it, or the hub does not start.
* ``VINT_TABLE_ENV``: ``VINT_*`` table settings for every learner, separated by semicolons:
  ``VINT_RULES=short;VINT_LANG=de``.

Settings missing or wrong: the hub does not start, and says which (``vint hub: ...``).
"""

# ruff: noqa: F821  (``c``, ``get_config``: given by JupyterHub when it reads this file)
from __future__ import annotations

import asyncio
import ipaddress
import os
import pwd
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import accounts  # noqa: E402
import ports  # noqa: E402

c = get_config()  # type: ignore[name-defined]


def refuse(message: str) -> None:
    """Stop the hub before it starts, with what to set."""
    raise SystemExit(f"vint hub: {message}")


def setting(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def loopback(ip: str) -> bool:
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:  # "" (every address) or a host name
        return False


mode = setting("VINT_HUB_MODE", "class")
if mode not in ("class", "demo", "system"):
    refuse(f"VINT_HUB_MODE must be 'class', 'system' or 'demo', not {mode!r}")
root = Path(setting("VINT_HUB_ROOT") or os.getcwd()).resolve()
state = root / "state"  # the hub's secrets: only the hub's user may read them
state.mkdir(parents=True, exist_ok=True)
state.chmod(0o700)
course = Path(setting("VINT_COURSE_DIR") or HERE.parent.parent)
cull = int(setting("VINT_HUB_CULL", "1800"))
ip = setting("VINT_HUB_IP", "127.0.0.1")
teacher = setting("VINT_HUB_TEACHER").lower()

c.JupyterHub.ip = ip
c.JupyterHub.port = int(setting("VINT_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")
c.Authenticator.allow_all = False
c.Authenticator.username_pattern = accounts.NAME.pattern


def roster() -> list[str]:
    """The learners' names: ``VINT_HUB_LEARNERS`` and the file ``VINT_HUB_ROSTER``."""
    text = setting("VINT_HUB_LEARNERS")
    if setting("VINT_HUB_ROSTER"):
        try:
            text += "\n" + Path(setting("VINT_HUB_ROSTER")).read_text(encoding="utf-8")
        except OSError as error:
            refuse(f"VINT_HUB_ROSTER: cannot read {setting('VINT_HUB_ROSTER')!r} ({error.strerror})")
    try:
        return accounts.read_roster(text)
    except accounts.RosterError as error:
        refuse(f"the roster: {error}")
        raise


def need_teacher() -> None:
    if not teacher:
        refuse(f"{mode} mode needs VINT_HUB_TEACHER, the teacher's name (the hub's only admin)")
    if not accounts.NAME.fullmatch(teacher):
        refuse(f"VINT_HUB_TEACHER={teacher!r} cannot be an account's name: use 1 to 24 lower-case letters, "
               "digits, '-' or '_', starting with a letter")
    c.Authenticator.admin_users = {teacher}


if mode == "demo":
    if not loopback(ip):
        refuse("demo mode lets anyone with the one password in, each as any name, and runs every server as the "
               "hub's own user: it listens on this computer only (VINT_HUB_IP=127.0.0.1), not on "
               f"{ip or 'every address'!r}. For a class on a network use VINT_HUB_MODE=class.")
    if not setting("VINT_HUB_PASSWORD"):
        refuse("demo mode needs VINT_HUB_PASSWORD, the password for trying the hub (there is no default)")
    c.JupyterHub.authenticator_class = "dummy"
    c.DummyAuthenticator.password = os.environ["VINT_HUB_PASSWORD"]
    c.Authenticator.allow_all = True  # any name: it is one person trying it on their computer
    c.Authenticator.admin_users = set()
    c.JupyterHub.spawner_class = "simple"  # every server as the hub's user: no system accounts
    c.SimpleLocalProcessSpawner.home_dir_template = str(root / "homes" / "{username}")
else:
    if not loopback(ip) and not setting("VINT_HUB_SSL_CERT") and setting("VINT_HUB_PLAIN_HTTP") != "yes":
        refuse(f"on {ip or 'every address'!r} the passwords would cross the network unencrypted: give "
               "VINT_HUB_SSL_CERT and VINT_HUB_SSL_KEY (HTTPS), or keep VINT_HUB_IP=127.0.0.1 behind a reverse "
               "proxy with HTTPS, or set VINT_HUB_PLAIN_HTTP=yes (see deploy/README.md)")
    if setting("VINT_HUB_SSL_CERT"):
        c.JupyterHub.ssl_cert = setting("VINT_HUB_SSL_CERT")
        c.JupyterHub.ssl_key = setting("VINT_HUB_SSL_KEY")
    need_teacher()
    learners = roster()
    if mode == "class":
        if os.geteuid() != 0:
            refuse("class mode makes a system account for each learner and runs their server as it: start the "
                   "hub as root (VINT_HUB_MODE=demo tries the hub without)")
        if not learners:
            refuse("class mode needs the roster, the learners' names: VINT_HUB_LEARNERS=ana,boris or "
                   "VINT_HUB_ROSTER=a file with one name a line")
        passwords = state / "passwords.dbm"
        password = os.environ.get("VINT_HUB_TEACHER_PASSWORD", "")  # as given: spaces are part of it
        if password:
            if not 8 <= len(password.encode("utf8")) <= 72:
                refuse("VINT_HUB_TEACHER_PASSWORD must have 8 characters or more and 72 bytes at most")
            accounts.set_password(passwords, teacher, password)
        elif not any(state.glob("passwords.dbm*")):
            refuse("class mode needs VINT_HUB_TEACHER_PASSWORD at its first start, the teacher's password "
                   "(there is no default)")
        c.JupyterHub.authenticator_class = "firstuse"
        c.FirstUseAuthenticator.dbm_path = str(passwords)
        c.FirstUseAuthenticator.create_users = False  # only the roster and the teacher
        c.FirstUseAuthenticator.min_password_length = 8
        c.Authenticator.allowed_users = {*learners, teacher}
        c.Authenticator.allow_existing_users = False  # the roster decides, also after a restart
        c.JupyterHub.spawner_class = accounts.LearnerSpawner
    else:
        groups = {g.strip() for g in setting("VINT_HUB_ALLOWED_GROUPS").split(",") if g.strip()}
        if not groups and not learners:
            refuse("system mode lets in only the members of VINT_HUB_ALLOWED_GROUPS or the roster "
                   "(VINT_HUB_LEARNERS, VINT_HUB_ROSTER): give one, never every account of the machine")
        c.JupyterHub.authenticator_class = "pam"
        c.PAMAuthenticator.allowed_groups = groups
        c.Authenticator.allowed_users = {*learners, teacher}
        c.Authenticator.allow_existing_users = False
        c.JupyterHub.spawner_class = "localprocess"
    solutions = course / "exercises" / "source"
    if solutions.is_dir() and solutions.stat().st_mode & 0o005:
        refuse(f"the solutions in {solutions} are open to every account of this machine, the learners' too: "
               f"close them (chmod o-rwx {solutions}); the hub gives the learners exercises/release only")


def account(spawner: Any) -> pwd.struct_passwd | None:
    """The system account a server runs as (``None`` in demo mode: the hub's own user)."""
    if mode == "class":
        return pwd.getpwnam(accounts.system_name(spawner.user.name))
    if mode == "system":
        return pwd.getpwnam(spawner.user.name)
    return None


def learner_home(spawner: Any) -> Path:
    entry = account(spawner)
    return Path(spawner.home_dir_template.format(username=spawner.user.name) if entry is None else entry.pw_dir)


# what every server gets, and what only the learners' (not the teacher's) get: the place to add to
server_args = [f"--MappingKernelManager.cull_idle_timeout={cull}", "--MappingKernelManager.cull_interval=300"]
if mode == "demo" and os.geteuid() == 0:  # a demo hub started as root (a container) runs the servers as root
    server_args.append("--ServerApp.allow_root=True")
learner_args = [f"--ServerApp.jpserver_extensions=nbgrader.server_extensions.{name}=False"
                for name in ("formgrader", "course_list")]  # nbgrader's teacher side stays with the teacher
#: JUPYTER_CONFIG_PATH: the start page opens rendered; for learners, nbgrader's teacher tools switched off
config_dirs = [HERE / "jupyter-config"]
learner_config_dirs = [HERE / "learner-config", *config_dirs]
#: VINT_LANG=de or ru in VINT_TABLE_ENV: JupyterLab's own menus in that language too (its language pack)
table_env = dict(kv.split("=", 1) for kv in setting("VINT_TABLE_ENV").split(";") if "=" in kv)
language_dir = HERE.parent / "course" / "languages" / table_env.get("VINT_LANG", "en").strip().lower()
if language_dir.is_dir():
    config_dirs.insert(0, language_dir)
    learner_config_dirs.insert(0, language_dir)


async def before_spawn(spawner: Any) -> None:
    """The learner's account (class mode) and their ``~/vint`` (table, course, start page), written as them."""
    if mode == "class":
        await asyncio.to_thread(accounts.ensure_user, spawner.user.name, setting("VINT_HUB_GROUP", "vint-learners"))
    spawner.port = ports.free_port(ip=spawner.ip or "127.0.0.1")  # not one the system hands a kernel meanwhile
    spawner.args = [*server_args, *([] if spawner.user.admin else learner_args)]
    home = learner_home(spawner)
    entry = account(spawner)
    if entry is None:
        home.mkdir(parents=True, exist_ok=True)
    as_user: dict[str, Any] = {} if entry is None else {
        "user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": os.getgrouplist(entry.pw_name, entry.pw_gid)}
    env = {key: os.environ[key] for key in ("PATH", "PYTHONPATH", "LANG") if key in os.environ}
    process = await asyncio.create_subprocess_exec(
        sys.executable, str(HERE / "learner_home.py"), "--home", str(home), "--server-url", spawner.user.server_url(),
        "--course", str(course), env={**env, "HOME": str(home)}, cwd=str(home),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, **as_user)
    output, _ = await process.communicate()
    if process.returncode:
        spawner.log.error("learner_home.py for %s: %s", spawner.user.name, output.decode(errors="replace"))
        raise RuntimeError(f"could not write the Vint folder of {spawner.user.name}")


c.Spawner.pre_spawn_hook = before_spawn
c.Spawner.default_url = "/lab/tree/vint/README.md"
c.Spawner.environment = {
    "VINT_DATA_DIR": lambda spawner: str(learner_home(spawner) / ".vint"),
    "JUPYTER_CONFIG_PATH": lambda spawner: os.pathsep.join(
        str(d) for d in (config_dirs if spawner.user.admin else learner_config_dirs)),
    **table_env,
}
c.Spawner.args = server_args
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# idle learners' servers are stopped; their files stay
c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
                            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}]
c.JupyterHub.services = [{"name": "idle-culler",
                          "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={cull}"]}]

# -- nbgrader (deploy/jupyterhub/nbgrader_class.py): the exchange, the teacher's course folder, and
#    nbgrader's tools: the Assignments tab for learners, Formgrader and the rest for the teacher (the admins)
from nbgrader_class import closed_above, configure_hub  # noqa: E402

exchange = Path(setting("VINT_NBGRADER_EXCHANGE") or "/srv/nbgrader/exchange")
closed = closed_above(exchange) if mode != "demo" else None  # demo: every server is the hub's own user
if closed is not None:
    refuse(f"VINT_NBGRADER_EXCHANGE={str(exchange)!r} is inside {str(closed)!r}, which the learners' and the "
           "teacher's accounts cannot pass through: nbgrader could not release or fetch there. Use a folder every "
           f"account can reach (the default /srv/nbgrader/exchange), or open it for passing (chmod o+x {closed})")
configure_hub(c, exchange=exchange)

# -- the class's boards, travellers and overview (vint_core/classroom/service.py): a hub service, as the culler is,
#    that owns the class's store (its one writer) and serves the teacher's page at /services/vint-class/. A learner's
#    server reaches it with its own token (JUPYTERHUB_API_TOKEN, which their kernel inherits), so every result is the
#    hub user's; the teacher's page needs the custom scope only the teacher's role holds.
if mode != "demo":  # demo: no teacher, and every server is the hub's own user
    import contextlib
    import grp

    from vint_core.classroom.service import NAME as CLASS_SERVICE
    from vint_core.classroom.service import TEACH

    class_store = Path(setting("VINT_CLASS_STORE") or state / "class")  # in state/: root's alone
    class_port = int(setting("VINT_CLASS_PORT", "8012"))
    class_name = setting("VINT_CLASS_NAME", "vint")
    members = list(learners)
    if mode == "system":  # the allowed groups' members are learners of the class too (a group not there: none)
        for group_name in sorted(groups):
            with contextlib.suppress(KeyError):
                members += [m for m in grp.getgrnam(group_name).gr_mem if m not in members and m != teacher]
    c.JupyterHub.custom_scopes = {TEACH: {"description": "See the Vint class's teacher's page: every learner's "
                                                         "results, travellers, mastery and mistakes"}}
    c.JupyterHub.services.append({
        "name": CLASS_SERVICE, "url": f"http://127.0.0.1:{class_port}", "display": False,
        "command": [sys.executable, "-m", "vint_core.classroom.service", "--store", str(class_store),
                    "--class", class_name, "--teacher", teacher, *(f"--learner={m}" for m in members)],
        "oauth_client_allowed_scopes": [TEACH], "oauth_no_confirm": True,  # the hub's own service: no consent page
    })
    c.JupyterHub.load_roles += [
        {"name": "vint-class-teacher", "users": [teacher],
         "scopes": [f"access:services!service={CLASS_SERVICE}", TEACH]},
        # every user may reach the service; what it gives them is their own (the teacher's page needs TEACH)
        {"name": "user", "scopes": ["self", f"access:services!service={CLASS_SERVICE}"]},
    ]
    # the learner's server's own token (their kernels inherit it) may reach the service, as that learner; the
    # teacher's also holds TEACH (the hub gives each token only the scopes its user holds), so that nbgrader's
    # export in the teacher's server sends the grades (vint_core/classroom/grades.py)
    c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server",
                                     f"access:services!service={CLASS_SERVICE}", TEACH]
    c.Spawner.environment["VINT_CLASS_URL"] = f"http://127.0.0.1:{class_port}/services/{CLASS_SERVICE}/"
