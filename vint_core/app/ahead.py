"""The table opened in a kernel kept ready, before its page asks (Voilà's ``--preheat_kernel``).

A preheated kernel runs ``table.ipynb`` up to :func:`~vint_core.app.wait_for_page` before anyone opens the
page. :func:`ready_table` opens the table there for the settings known then (the ``VINT_*`` variables, no
query: the shared table), with ``autosave`` off, so that nothing is written before a page asks; when the page
comes, :func:`table_for_page` gives it that table if the page's settings give the same table options and the
saved game on disk is exactly as it was read (the same file mark, or still no file), else closes every widget the
table opened ahead made (nothing of it is sent to the page) and opens the page's table as before.

Opening ahead touches the disk as opening for the page does, earlier: a killed save's temporary files are
removed, and a save that cannot be read is moved aside (kept unchanged, ``table.json.damaged-<time>``). When
the page then asks for another table (``?table=anna``), that shared save has been moved aside all the same, and
the next page of the shared table starts a new game without the sentence saying where the damaged save went.
The computer players' moves and a language set by ``VINT_LANG`` are saved only once the page has come
(:meth:`Table.start <vint_core.widgets.table.Table.start>`). Either way the table's computer players do not move
before the page has reported its first drawing (:meth:`Table.wait_for_page
<vint_core.widgets.table.Table.wait_for_page>`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets  # type: ignore[import-untyped]

from vint_core.app import preheated
from vint_core.app.settings import PageSettings, SettingsError
from vint_core.widgets.table import Table


@dataclass(frozen=True)
class ReadyTable:
    """A table opened ahead of its page (:func:`ready_table`)."""

    #: the keyword arguments of :meth:`Table.open <vint_core.widgets.table.Table.open>` it was opened with
    options: dict[str, Any]
    #: the table, its game not saved yet, its computer player held (:meth:`Table.hold
    #: <vint_core.widgets.table.Table.hold>`)
    table: Table
    #: every widget its opening made (closed if the page wants another table)
    made: tuple[Any, ...]

    def close(self) -> None:
        """Close every widget the table made: no model of it is sent to a page."""
        for widget in self.made:
            widget.close()


def _live_widgets() -> dict[str, Any]:
    return dict(ipywidgets.widgets.widget._instances)


def _say(line: str) -> None:
    print(f"vint table: {line}", file=sys.stderr)  # the server's log (keep_errors_in_the_server)


def ready_table(environ: Mapping[str, str] | None = None) -> ReadyTable | None:
    """In a preheated kernel, the shared table opened now, before any page asks; None elsewhere, or when the
    settings cannot be read (the page says why when it comes, as before)."""
    env = os.environ if environ is None else environ
    if not preheated(env):
        return None
    try:
        options = PageSettings.from_env({k: v for k, v in env.items() if k != "QUERY_STRING"}).table_options()
    except SettingsError:
        return None
    before = _live_widgets()
    table = Table.open(**options, autosave=False)
    table.hold()
    made = tuple(widget for key, widget in _live_widgets().items() if key not in before)
    _say(f"the table opened ahead of its page ({table.session.save_path.name})")
    return ReadyTable(options=options, table=table, made=made)


def table_for_page(ready: ReadyTable | None, environ: Mapping[str, str] | None = None) -> Table:
    """The page's table, once the page has asked (:func:`~vint_core.app.wait_for_page`): the one opened ahead
    (``ready``) if the page's settings give the same options and its save is on disk as it was read; else that
    one's widgets closed and the table opened now. Settings that cannot be read raise
    :class:`~vint_core.app.settings.SettingsError`, as :meth:`PageSettings.from_env
    <vint_core.app.settings.PageSettings.from_env>` does."""
    try:
        options = PageSettings.from_env(environ).table_options()
    except SettingsError:
        if ready is not None:
            ready.close()
        raise
    if ready is not None and ready.options == options and ready.table.session.unchanged_on_disk():
        table = ready.table
        table.start()
        _say("the page takes the table opened ahead")
    else:
        if ready is not None:
            ready.close()
            why = "another table" if ready.options != options else "the game saved since"
            _say(f"the table opened ahead closed ({why}); the page's opened now")
        table = Table.open(**options)
    table.wait_for_page()
    return table


__all__ = ["ReadyTable", "ready_table", "table_for_page"]
