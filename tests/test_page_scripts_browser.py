"""The table's page loads its scripts in a few files (vint_core.app.page_scripts), in a real Chromium.

Served as Voilà serves it (``--TableServer.page_scripts=False``), the page asks for exactly the scripts
``vint_core/app/page_scripts.json`` records, with the same bytes: when another Voilà or widgets are installed this
fails, printing the record to put in its place. Served as ``vint table`` serves it, the page asks for none of the
recorded pieces on its own, only for the few files; a whole deal plays without an error; a learner coming back
takes the files from the browser's cache without asking; another site's page cannot load them; and a name the
server did not make is not found."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import browser_support as bs
from test_app_browser import open_table, play_out
from test_page_scripts import LABEXTENSIONS, STATIC
from test_serve_attacks import hostile_site

from vint_core.app.page_scripts import RECORD, record

ENV = {"VINT_SEED": "2024", "VINT_PACE": "none", "VINT_LANG": "en", "VINT_BOTS": "rule"}


def scripts_asked(server: bs.Server, browser: Any, *, deal: bool) -> tuple[list[str], Any]:
    """The paths (below the server's root, without queries) of the scripts a first visit asks the server for,
    up to the table playable, and through a whole deal if ``deal``; and the page, still open."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(bs.WAIT_SECONDS * 1000)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    asked: list[str] = []
    page.on("request", lambda r: asked.append(urlsplit(r.url).path.lstrip("/")) if r.resource_type == "script"
            or r.url.endswith(".js") else None)
    open_table(page, server.url)
    if deal:
        play_out(page, server.data_dir)
    return asked, page


def test_voilas_own_page_asks_for_the_recorded_scripts(tmp_path: Path) -> None:
    with bs.voila_server(data_dir=bs.clean_dir(tmp_path / "data"), env=ENV, name="page-scripts-off",
                         extra=("--show_tracebacks=True", "--TableServer.page_scripts=False")) as server, \
            bs.chromium() as browser:
        asked, page = scripts_asked(server, browser, deal=True)
        assert not page.errors, page.errors
    assert not any(p.startswith("vint/") for p in asked)
    now = record(asked, STATIC, LABEXTENSIONS)
    assert now == json.loads(RECORD.read_text()), (
        f"the page's scripts differ from {RECORD.name} (another Voilà or widgets installed?); the record now:\n"
        + json.dumps(now, indent=1))


def test_the_page_asks_for_its_scripts_in_a_few_files_and_plays_a_deal(tmp_path: Path) -> None:
    recorded = json.loads(RECORD.read_text())
    pieces = {e["file"] for e in recorded["pieces"]}
    with bs.served_table(tmp_path, env=ENV, name="page-scripts") as (server, browser):
        asked, page = scripts_asked(server, browser, deal=True)
        assert not page.errors, page.errors
        files = [p for p in asked if p.startswith("vint/page-scripts-")]
        assert len(files) == 2, asked
        assert not pieces & set(asked), sorted(pieces & set(asked))
        assert {e["file"] for e in recorded["preload"]} <= set(asked)
        assert len(asked) <= len(files) + len(recorded["preload"]) + 2, asked  # the styles' script, the mermaid's
        root = server.url.split("?")[0].rstrip("/")
        with urllib.request.urlopen(urllib.request.Request(f"{root}/{files[0]}")) as answer:
            assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
            assert answer.headers["Content-Type"].startswith("text/javascript")
            assert b"webpackChunk_JUPYTERLAB_CORE_OUTPUT" in answer.read(4096)
        try:
            urllib.request.urlopen(f"{root}/vint/page-scripts-0000.js")
            raise AssertionError("a file the server did not make was served")
        except urllib.error.HTTPError as error:
            assert error.code == 404
        # a learner coming back: the files from the cache, nothing asked of the server for them
        page.close()
        again = page.context.new_page()
        again.errors = []
        again.on("pageerror", lambda exc: again.errors.append(str(exc)))
        open_table(again, server.url)
        cached = again.evaluate("() => performance.getEntriesByType('resource').filter(e => "
                                "e.name.includes('/vint/page-scripts-')).map(e => e.transferSize)")
        assert cached == [0, 0], cached
        assert not again.errors, again.errors
        bs.screenshot(again, "page-scripts-table")
        # another site's page, in the learner's browser, cannot load them, not even from the browser's cache (the
        # server's own-site check, as for every other path it serves)
        with hostile_site(f'<title>cats</title><script src="{root}/{files[0]}" onload="document.title = \'loaded\'"'
                          ' onerror="document.title = \'refused\'"></script>') as site:
            hostile = again.context.new_page()
            hostile.goto(site)
            bs.wait_for(lambda: hostile.title() in ("loaded", "refused"))
            assert hostile.title() == "refused"
            assert f"Refused GET /{files[0]} from another site" in server.log_text()
            hostile.close()
