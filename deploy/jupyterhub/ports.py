"""The port a learner's server listens on, chosen where no other program is handed one by the system.

JupyterHub's local spawners take a port the system hands out at random (bind to port 0, close it, start the
server on it seconds later). The system hands out the same range (Linux's ``ip_local_port_range``, 32768–60999) to
every program that asks, a kernel's five sockets and every outgoing connection among them; on a server busy with a
class's kernels one of them can take the port first, and the learner's server stops with "port … is not
available" (seen in the project's CI: a kernel's ZeroMQ socket on the port the hub had chosen). :func:`free_port`
chooses in :data:`SERVER_PORTS`, below that range, a port nothing listens on now.

>>> import socket
>>> port = free_port()
>>> port in SERVER_PORTS
True
>>> with socket.socket() as taken:
...     taken.bind(("127.0.0.1", 0))
...     free_port(range(taken.getsockname()[1], taken.getsockname()[1] + 1))
Traceback (most recent call last):
...
OSError: no free port in ... on 127.0.0.1
"""

from __future__ import annotations

from vint_core.app import launch

#: the learners' servers' ports: below the system's own range for ports handed out at random (32768 on Linux), and
#: above the ones :func:`vint_core.app.launch.free_port` chooses by default
SERVER_PORTS = range(20000, 32000)


def free_port(ports: range = SERVER_PORTS, ip: str = "127.0.0.1", tries: int = 100) -> int:
    """A port of ``ports`` that nothing listens on at ``ip`` now (tried in a random order, at most ``tries``)."""
    return launch.free_port(ip, ports, tries)
