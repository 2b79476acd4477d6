"""The served pages (Voilà): the playable table and the quiz page, their settings and their server.

:func:`notebook_path` finds ``table.ipynb`` inside the installed package (from a
wheel as well as from a checkout); the settings ``vint table`` hands to the notebook through
``VINT_*`` environment variables are a :class:`~vint_core.app.settings.PageSettings`
(:mod:`vint_core.app.settings`); :func:`table_name` reads the table a page asks for.

>>> notebook_path().name
'table.ipynb'
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import threading
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from vint_core.errors import ParseError, Reason
from vint_core.i18n import Phrase


def notebook_path() -> Path:
    """The path of ``table.ipynb`` in the installed package."""
    path = resources.files("vint_core.app").joinpath("table.ipynb")
    return Path(str(path))


#: the rule for a table's name, a sentence of the catalogue (the server's page for a name that is not allowed says it)
NAME_RULE = Phrase("table_name_rule")


def table_name(query: str) -> str | None:
    """The table a page's query string asks for (``?table=NAME``), in small letters; None if it asks for none.

    A name has 1 to 40 ASCII letters, digits, ``-`` and ``_`` (:data:`NAME_RULE`); ``Anna`` and ``anna`` are
    one table (they would be one file on macOS and Windows). Anything else, or two names, is a
    :class:`~vint_core.errors.ParseError`:

    >>> table_name("table=Anna&token=x"), table_name("token=x")
    ('anna', None)
    >>> for query in ("table=../x", "table=" + "a" * 41, "table=Jos%C3%A9", "table=%EF%BD%81", "table=%2Banna",
    ...               "table=anna.json", "table=", "table=a&table=b"):
    ...     try:
    ...         table_name(query)
    ...     except ParseError as err:
    ...         print(str(err).split(' (')[0])
    not a table name: '../x'
    not a table name: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'
    not a table name: 'José'
    not a table name: 'ａ'
    not a table name: '+anna'
    not a table name: 'anna.json'
    not a table name: ''
    one table name at most, not 2
    """
    names = parse_qs(query, keep_blank_values=True).get("table", [])
    if not names:
        return None
    if len(names) > 1:
        raise ParseError(Reason.TABLE, detail=f"one table name at most, not {len(names)}")
    name = names[0]
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,40}", name, flags=re.ASCII):
        raise ParseError(Reason.TABLE, detail=Phrase("table_not_a_name", name=repr(name[:60]), rule=NAME_RULE))
    return name.lower()


def preheated(environ: Mapping[str, str] | None = None) -> bool:
    """Is this kernel one Voilà started ahead of a page (``--preheat_kernel``)?

    >>> preheated({}), preheated({"VOILA_PREHEAT": "True"})
    (False, True)
    """
    env = os.environ if environ is None else environ
    return env.get("VOILA_PREHEAT", "False") == "True"


def warm_up() -> None:
    """Import what the table needs later (computer players, double-dummy analysis) before a page asks for it.

    A preheated kernel does this while nobody waits; the first finished deal then shows its
    analysis without the pause of loading it. Elsewhere it does nothing: a page waiting for
    its table should not wait for the analysis too.
    """
    if not preheated():
        return
    import vint_core.widgets  # noqa: F401
    from vint_core.table.review import analysis_available

    if analysis_available():
        from vint_core import analysis

        analysis.available()


def keep_errors_in_the_server() -> bool:
    """Send the kernel's error output to the server's log, never to the page; True if there is a kernel.

    In a kernel, whatever goes to ``sys.stderr`` (log records, warnings) and every traceback the shell
    shows (an exception in a click handler, a forged widget message refused by a widget) is sent to the
    page, with the server's file paths. Here they go to the kernel's own standard error instead, which
    is Voilà's log; the page learns nothing of the server. Outside a kernel it does nothing:

    >>> keep_errors_in_the_server()
    False
    """
    import logging
    import sys
    import traceback

    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "kernel"):
        return False
    original = getattr(sys.stderr, "_original_stdstream_copy", None)
    log: Any = open(original, "w", buffering=1, closefd=False) if original is not None else sys.__stderr__  # noqa: SIM115
    page_streams = (sys.stderr, sys.stdout)
    sys.stderr = log
    loggers = [logging.getLogger(), *(logging.getLogger(name) for name in list(logging.Logger.manager.loggerDict))]
    comm_manager = getattr(shell.kernel, "comm_manager", None)
    for extra in (getattr(shell.kernel, "log", None), getattr(comm_manager, "log", None)):
        if isinstance(extra, logging.Logger):
            loggers.append(extra)
    for logger in loggers:
        for handler in logger.handlers:
            if isinstance(handler, logging.StreamHandler) and handler.stream in page_streams:
                handler.setStream(log)

    def showtraceback(*args: Any, **kwargs: Any) -> None:
        traceback.print_exc(file=log)

    shell.showtraceback = showtraceback
    shell.showsyntaxerror = showtraceback
    return True


def wait_for_page(timeout: float | None = None) -> bool:
    """In a preheated kernel, wait until Voilà hands it to a page; at once (False) otherwise.

    A preheated kernel runs the notebook before anyone opens the page; the table must be
    opened after that (it resumes the saved game, which the last page may have changed).
    This is Voilà's ``wait_for_request`` without importing the server into the kernel:
    Voilà sends the request's details over ``/voila/query/<kernel id>``; they are put in
    the environment, as Voilà's own helper does. True once they have arrived.
    """
    if not preheated():
        return False
    env = os.environ
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = env.get("VOILA_APP_PORT", "8866")
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    protocol = env.get("VOILA_WS_PROTOCOL", "ws")
    url = f"{protocol}://{host}:{port}{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    received: list[str] = []

    def listen() -> None:  # in a thread of its own: the kernel's event loop is busy running this cell
        import asyncio

        import websockets

        async def receive() -> None:
            async with websockets.connect(url, open_timeout=10) as socket:
                message = await asyncio.wait_for(socket.recv(), timeout)
                received.append(message if isinstance(message, str) else message.decode())

        with contextlib.suppress(OSError, TimeoutError, websockets.WebSocketException):
            asyncio.run(receive())

    thread = threading.Thread(target=listen, name="vint-wait-for-page", daemon=True)
    thread.start()
    thread.join()
    if not received:
        return False
    for key, value in json.loads(received[0]).items():
        env[str(key)] = str(value)
    return True


__all__ = ["NAME_RULE", "keep_errors_in_the_server", "notebook_path", "preheated", "table_name", "wait_for_page",
           "warm_up"]
