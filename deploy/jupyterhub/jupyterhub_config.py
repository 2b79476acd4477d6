"""JupyterHub for a class: each learner a single-user server with vint_core, the course and the table.

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Each learner who logs in gets a JupyterLab of their own (JupyterHub's local process spawner) that
opens on ``~/vint/README.md``: one click to the table (Voilà, inside the learner's server), one to
each lesson. Their games are saved in ``~/.vint`` (``VINT_DATA_DIR``). A server idle for
``VINT_HUB_CULL`` seconds (default 1800) is stopped by jupyterhub-idle-culler, and a kernel idle
for as long by the server itself; the learner's files stay, a new login starts the server again.

Settings, by environment variable:

* ``VINT_HUB_MODE``: ``system`` (default): learners are the machine's user accounts (PAM), each
  server runs as its learner with the home the system gives. ``demo``: anyone may log in with the
  password ``VINT_HUB_PASSWORD`` (DummyAuthenticator), every server runs as the hub's user with its
  home in ``VINT_HUB_ROOT/homes/<name>``: for trying the hub and for ``make test-classroom``, never
  for a class on a network.
* ``VINT_HUB_ROOT``: the hub's own folder (database, cookie secret, demo homes); default: the
  folder it is started in.
* ``VINT_HUB_IP``, ``VINT_HUB_PORT``: where the hub listens (default 127.0.0.1:8000).
* ``VINT_COURSE_DIR``: the checkout whose ``notebooks/`` and ``exercises/`` are the course
  (default: the one this file is in).
* ``VINT_HUB_ADMINS``: admin names, separated by commas (the teacher).
* ``VINT_TABLE_ENV``: ``VINT_*`` table settings for every learner, separated by semicolons:
  ``VINT_RULES=short;VINT_LANG=de``.
"""

# ruff: noqa: F821  (``c``, ``get_config``: given by JupyterHub when it reads this file)
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from learner_home import prepare  # noqa: E402

c = get_config()  # type: ignore[name-defined]

mode = os.environ.get("VINT_HUB_MODE", "system")
root = Path(os.environ.get("VINT_HUB_ROOT", os.getcwd())).resolve()
course = Path(os.environ.get("VINT_COURSE_DIR", HERE.parent.parent))
cull = int(os.environ.get("VINT_HUB_CULL", "1800"))
root.mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = os.environ.get("VINT_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("VINT_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.db_url = f"sqlite:///{root / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(root / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(root / "jupyterhub-proxy.pid")
c.Authenticator.admin_users = {n.strip() for n in os.environ.get("VINT_HUB_ADMINS", "").split(",") if n.strip()}

if mode == "demo":
    c.JupyterHub.authenticator_class = "dummy"
    c.DummyAuthenticator.password = os.environ.get("VINT_HUB_PASSWORD", "vint")
    c.Authenticator.allow_all = True
    c.JupyterHub.spawner_class = "simple"  # every server as the hub's user: no system accounts
    c.SimpleLocalProcessSpawner.home_dir_template = str(root / "homes" / "{username}")
elif mode == "system":
    c.JupyterHub.authenticator_class = "pam"
    c.Authenticator.allow_all = True  # every account of the machine; narrow with c.Authenticator.allowed_users
    c.JupyterHub.spawner_class = "localprocess"
else:
    raise ValueError(f"VINT_HUB_MODE must be 'system' or 'demo', not {mode!r}")


def learner_home(spawner: object) -> Path:
    if mode == "demo":
        return Path(spawner.home_dir_template.format(username=spawner.user.name))  # type: ignore[attr-defined]
    import pwd

    return Path(pwd.getpwnam(spawner.user.name).pw_dir)  # type: ignore[attr-defined]


def before_spawn(spawner: object) -> None:
    """Write the learner's ``~/vint`` (table, course, start page) before their server starts."""
    home = learner_home(spawner)
    home.mkdir(parents=True, exist_ok=True)
    prepare(home, server_url=spawner.user.server_url(), course_dir=course)  # type: ignore[attr-defined]
    if mode == "system":  # the hub runs as root: the learner owns what was written for them
        import pwd

        entry = pwd.getpwnam(spawner.user.name)  # type: ignore[attr-defined]
        for path in [home / "vint", home / ".vint", *(home / "vint").rglob("*")]:
            os.chown(path, entry.pw_uid, entry.pw_gid)


c.Spawner.pre_spawn_hook = before_spawn
c.Spawner.default_url = "/lab/tree/vint/README.md"
c.Spawner.environment = {
    "VINT_DATA_DIR": lambda spawner: str(learner_home(spawner) / ".vint"),
    **dict(kv.split("=", 1) for kv in os.environ.get("VINT_TABLE_ENV", "").split(";") if "=" in kv),
}
c.Spawner.args = [f"--MappingKernelManager.cull_idle_timeout={cull}", "--MappingKernelManager.cull_interval=300"]
if mode == "demo" and os.geteuid() == 0:  # a demo hub started as root (a container, CI) runs the servers as root
    c.Spawner.args.append("--ServerApp.allow_root=True")
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# idle learners' servers are stopped; their files stay
c.JupyterHub.load_roles = [{"name": "idle-culler", "services": ["idle-culler"],
                            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"]}]
c.JupyterHub.services = [{"name": "idle-culler",
                          "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={cull}"]}]

# -- nbgrader (deploy/jupyterhub/nbgrader_class.py): the exchange, the teacher's course folder, and
#    nbgrader's tools: the Assignments tab for learners, Formgrader and the rest for the teacher (the admins)
from nbgrader_class import configure_hub  # noqa: E402

configure_hub(c, exchange=Path(os.environ.get("VINT_NBGRADER_EXCHANGE", "/srv/nbgrader/exchange")))
