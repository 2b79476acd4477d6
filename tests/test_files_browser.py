"""The served table with its data folder on a small tmpfs that fills up, in a real Chromium: the page plays on, says
the game is not being saved and why, and once there is room again the next click saves and the notice goes.

Missing Chromium, Voilà or Playwright fails this test (``browser_support.require_tools``); mounting needs root
(``tests/tmpfs_support.py``). Neither is a reason to skip.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import browser_support as bs
from test_app_browser import ENABLED_CALLS, ENABLED_CARDS, NEXT_DEAL, open_table, wait_for_turn
from tmpfs_support import mounted

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "2024", "VINT_PACE": "none", "VINT_LANG": "en"}
NOTICE = ".vint-save-notice"


def saved(data_dir: Path) -> bytes:
    return (data_dir / "table.json").read_bytes()


def play_one(page: Any) -> None:
    """One click of the learner: a pass, the first card allowed, or the next deal; then wait for the answers."""
    turn = wait_for_turn(page)
    target = {"call": page.locator(ENABLED_CALLS, has_text=re.compile("^Pass$")).first,
              "card": page.locator(ENABLED_CARDS).first, "next": page.locator(NEXT_DEAL)}[turn]
    bs.click_and_wait(page, target)
    wait_for_turn(page)  # the page is not frozen: the learner can act again


def test_a_full_data_folder_in_the_browser(tmp_path: Path) -> None:
    bs.require_tools()
    with mounted(tmp_path / "data", size="256k") as disk, \
            bs.voila_server(data_dir=disk.path, env=ENV, name="files-full-disk") as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_table(page, server.url)
        play_one(page)
        assert page.locator(NOTICE).count() == 0
        disk.fill()
        before = saved(disk.path)
        for _ in range(2):
            play_one(page)
            notice = page.locator(NOTICE)
            bs.wait_for(lambda notice=notice: notice.count() == 1 and notice.is_visible())
            assert notice.inner_text().startswith("this game is not being saved: the disk is full; play on")
            assert disk.temps() == [] and saved(disk.path) == before
        bs.screenshot(page, "files-full-disk")
        assert "Traceback" not in page.content() and str(disk.path) not in page.content()
        disk.free()
        play_one(page)
        bs.wait_for(lambda: page.locator(NOTICE).count() == 0)
        assert disk.temps() == [] and saved(disk.path) != before
        assert json.loads(saved(disk.path))["format"] == "vint-session"
        assert errors == []
