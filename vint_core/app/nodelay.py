"""NoDelayConnection: a kernel's websocket that sends each message to the page at once.

Tornado leaves Nagle's algorithm on unless a handler turns it off, and Jupyter's kernel websocket does not: a small
message (a widget's new value: the learner's card) then waits for the browser's acknowledgement of the one before
(the kernel's ``busy`` status), which the browser may delay by up to 40 ms. Measured at the table
(``bench/table_page.py --timeline``), the learner's card reached the browser 26–44 ms after the kernel sent it in
some runs, 8–9 ms in every run with this connection.

Jupyter's own connection class, with the option set as the socket opens: the table's server uses it
(:class:`~vint_core.app.server.TableServer`), and so do the course's JupyterLab and the hub's servers
(``ServerApp.kernel_websocket_connection_class`` in ``deploy/course`` and ``deploy/jupyterhub/jupyter-config``).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["NoDelayConnection"]


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """Jupyter's kernel websocket connection with Nagle's algorithm off (``TCP_NODELAY``)."""

    def connect(self) -> Any:
        """Connect to the kernel, the websocket (open by now) sending each message at once."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()
