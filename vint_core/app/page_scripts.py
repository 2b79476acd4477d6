"""The table page's scripts in two files, so that a first visit asks for two scripts where it asked for 84.

Voilà's page asks its server for its scripts one at a time: ``voila.js``; the 56 pieces (webpack's chunks) it starts
from, which it asks for as it runs; once they have all run, each JupyterLab extension's entry and the pieces it starts
from; then 16 more of Voilà's pieces and two of the widgets' as the table is drawn. That is some 90 requests in four
waves, each wave through the browser's six connections to the server and only once the one before has run.

:func:`build` puts those pieces, as recorded for the Voilà and widgets installed, into two files. The page (the
template ``page_template/index.html.j2``) loads them just before ``voila.js``, and names ``voila.js`` and the
extensions' entries in its head (``<link rel="preload">``), so that they are fetched while the page starts. A piece
registers itself in its bundle's global list (``self.webpackChunk…``), which the bundle's loader reads when it
starts; it then asks the server for none of the pieces already there, and the pieces run only when the page needs
them, as before.

``page_scripts.json`` records which pieces, in the order the page asks for them, with the SHA-256 of each
(``tests/test_page_scripts_browser.py`` records them from a real page served without this file and fails, with the
new record, when they differ). :func:`build` refuses (:class:`PageScriptsUnusable`, saying why) when any recorded
file is missing, is not a regular file, is larger than :data:`MOST_BYTES` or has other bytes (another Voilà or
widgets installed: a piece's number, such as ``5764.voila.js``, names other code in another build): the server then
serves the page as Voilà does, every piece asked for on its own, and logs why.

>>> scripts = build(["/nowhere"], ["/nowhere"])
Traceback (most recent call last):
...
vint_core.app.page_scripts.PageScriptsUnusable: voila/static/5764.voila.js: not found in /nowhere
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from vint_core.errors import FileRefused
from vint_core.files import read_bytes

__all__ = ["MOST_BYTES", "RECORD", "PageScripts", "PageScriptsUnusable", "build", "record"]

#: the recorded pieces and their SHA-256, for the Voilà and widgets installed
RECORD = Path(__file__).with_name("page_scripts.json")
#: the most one recorded file may hold (the largest, a piece of Voilà's, is 369 kB)
MOST_BYTES = 4_000_000
#: how many files the pieces are put in: the browser reads (parses) each script on a thread of its own as it
#: arrives, so two files are read side by side on two cores
FILES = 2
#: where each recorded file's path (as the page asks for it, below the server's base URL) starts, and which of the
#: server's folders it is served from: Voilà's static files, the JupyterLab extensions
_SERVED_FROM = {"voila/static/": "static", "voila/labextensions/": "labextensions"}


class PageScriptsUnusable(Exception):
    """The recorded pieces cannot be put together here (a file missing or other than recorded): the page asks
    for each piece on its own, as Voilà serves it."""


@dataclass(frozen=True)
class PageScripts:
    """The pieces in a few files, and the entries to name in the page's head."""

    #: each file's name (its content's hash in it, so that a browser may keep it for good) and its pieces, one
    #: after the other in the order the page asks for them; some :data:`FILES` files of about the same size
    files: tuple[tuple[str, bytes], ...]
    #: the paths below the server's base URL of the scripts the page loads itself, fetched ahead (``voila.js`` and
    #: the extensions' entries, whose code runs only when Voilà loads them)
    preload: tuple[str, ...]


def _find(path: str, static_paths: Sequence[str], labextension_paths: Sequence[str]) -> Path:
    for start, kind in _SERVED_FROM.items():
        if path.startswith(start):
            rest = path[len(start):]
            folders = static_paths if kind == "static" else labextension_paths
            if ".." in Path(rest).parts:
                break
            for folder in folders:
                candidate = Path(folder) / rest
                if candidate.exists():
                    return candidate
            raise PageScriptsUnusable(f"{path}: not found in {', '.join(map(str, folders))}")
    raise PageScriptsUnusable(f"{path}: not a path of Voilà's static files or of its extensions")


def _read(entry: dict[str, str], static_paths: Sequence[str], labextension_paths: Sequence[str]) -> bytes:
    path = _find(entry["file"], static_paths, labextension_paths)
    try:
        data = read_bytes(path, limit=MOST_BYTES)
    except (FileRefused, OSError) as error:
        raise PageScriptsUnusable(f"{entry['file']}: {error}") from error
    if hashlib.sha256(data).hexdigest() != entry["sha256"]:
        raise PageScriptsUnusable(f"{entry['file']}: not the file recorded (another Voilà or widgets installed)")
    return data


def build(static_paths: Sequence[str], labextension_paths: Sequence[str], record: Path = RECORD, *,
          files_at_most: int = FILES) -> PageScripts:
    """The recorded pieces in ``files_at_most`` files, read from Voilà's ``static_paths`` and ``labextension_paths``
    (its folders for ``/voila/static/`` and ``/voila/labextensions/``); raises :class:`PageScriptsUnusable` if any
    is missing or other than recorded."""
    try:
        recorded = json.loads(read_bytes(record, limit=MOST_BYTES))
        pieces, preload = recorded["pieces"], recorded["preload"]
    except (FileRefused, OSError, ValueError, KeyError, TypeError) as error:
        raise PageScriptsUnusable(f"{record.name}: {error}") from error
    parts = [_read(entry, static_paths, labextension_paths) for entry in pieces]
    for entry in preload:
        _read(entry, static_paths, labextension_paths)  # there, and the file recorded
    total, size = sum(map(len, parts)), 0
    files: list[list[bytes]] = []
    current: list[bytes] = []
    for part in parts:  # in order, cut where the bytes so far pass the next share of the whole
        current.append(part)
        size += len(part)
        if size >= total * (len(files) + 1) / files_at_most and len(files) < files_at_most - 1:
            files.append(current)
            current = []
    files.append(current)
    bodies = [b"\n".join(file) + b"\n" for file in files if file]
    return PageScripts(files=tuple((f"page-scripts-{hashlib.sha256(body).hexdigest()[:20]}.js", body)
                                   for body in bodies), preload=tuple(e["file"] for e in preload))


def record(asked: Sequence[str], static_paths: Sequence[str], labextension_paths: Sequence[str]) -> dict[str, object]:
    """What ``page_scripts.json`` holds for a page that asked for the scripts ``asked`` (their paths below the
    server's base URL, in the order asked, without their queries): the pieces (every script but ``voila.js`` and
    the extensions' entries) and the scripts the page loads itself, to fetch ahead (``voila.js``, whose loader the
    pieces' numbers belong to, and the entries), each with its SHA-256 as installed."""
    def entry(path: str) -> dict[str, str]:
        data = read_bytes(_find(path, static_paths, labextension_paths), limit=MOST_BYTES)
        return {"file": path, "sha256": hashlib.sha256(data).hexdigest()}

    scripts = [p for p in dict.fromkeys(asked) if p.endswith(".js") and p.startswith(tuple(_SERVED_FROM))]
    entries = [p for p in scripts if p == "voila/static/voila.js" or p.rsplit("/", 1)[-1].startswith("remoteEntry.")]
    pieces = [p for p in scripts if p not in entries]
    return {"pieces": [entry(p) for p in pieces], "preload": [entry(p) for p in entries]}
