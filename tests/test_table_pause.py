"""The computer players' pause at the Voilà table, in a real browser (Voilà, Debian's Chromium driven by Playwright).

While a computer player's move is scheduled the learner's cards and calls wait: the status line says who is
thinking ("West is thinking…", "West überlegt…"), and a "Faster" control beside it shortens the pause from then
on (the pace, as in Settings) and lets the thinking player move at once. Measured as the next drawing arriving
sooner, each wait ending on the page's own signal (its drawing count), never a fixed sleep. No card of another
seat still hidden reaches the page meanwhile.

Missing Chromium, Voilà or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import itertools
import re
import time
from pathlib import Path
from typing import Any

import browser_support as bs
from test_app_browser import (
    ENABLED_CALLS,
    ENABLED_CARDS,
    NEXT_DEAL,
    assert_page_hides_other_hands,
    call_button,
    first_card,
    saved_session,
    saved_when,
)

from vint_core.table.controller import PACES

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "2024", "VINT_PACE": "slow", "VINT_LANG": "en"}
FASTER = "button.vint-faster"
THINKING = {"en": re.compile(r"(\w+) is thinking…"), "de": re.compile(r"(\w+) überlegt…")}
SEAT_NAMES = ("North", "East", "South", "West")  # the same words in both languages


def status(page: Any) -> str:
    return str(page.locator(".vint-status-box").inner_text())


def learner_turn(page: Any) -> str:
    """The learner's turn, as the latest complete drawing says and the enabled control confirms ("" if not)."""
    turn = bs.drawn_turn(page)
    wanted = {"call": ENABLED_CALLS, "card": ENABLED_CARDS, "next": f"{NEXT_DEAL}:enabled"}.get(turn)
    return turn if wanted and page.locator(wanted).count() else ""


#: what the page shows at one moment, read in one script (the page applies no widget message while it runs): the
#: drawing's count, the status line, the seats marked to act on the felt, and "Faster" (shown, and its words)
SNAPSHOT = """() => {
  const mark = document.querySelector('.vint-render');
  const box = document.querySelector('.vint-status-box');
  const faster = document.querySelector('button.vint-faster');
  const shown = faster !== null && faster.getClientRects().length > 0
    && getComputedStyle(faster).visibility !== 'hidden';
  return {
    count: Number(mark ? mark.getAttribute('data-render') || 0 : 0),
    status: box ? box.innerText : '',
    active: [...document.querySelectorAll('.vint-seatbox.vint-active .vint-seatlabel')].map(e => e.innerText),
    faster: shown,
    label: shown ? faster.innerText : '',
  };
}"""


class Drawing:
    """One drawing of the table as the page received it: when, its count, the status line, "Faster" on show."""

    def __init__(self, page: Any, started: float) -> None:
        self.at = time.monotonic() - started
        self._read(page)
        # a drawing is several widget messages, applied in the order sent: the felt's seats first, the status line
        # with the drawing's count last. Read between the two, the page shows the next drawing's seats with this
        # one's status: read it again until the status and the felt agree (a drawing that never agrees fails)
        deadline = time.monotonic() + 5
        while self._named_but_not_marked() and time.monotonic() < deadline:
            time.sleep(0.02)
            self._read(page)

    def _read(self, page: Any) -> None:
        shown = page.evaluate(SNAPSHOT)
        self.count: int = shown["count"]
        self.status: str = shown["status"]
        self.active: list[str] = shown["active"]
        self.faster: bool = shown["faster"]
        self.label: str = shown["label"]

    def _named_but_not_marked(self) -> bool:
        named = next((found for found in (pattern.search(self.status) for pattern in THINKING.values()) if found),
                     None)
        return named is not None and not any(label.startswith(named.group(1)) for label in self.active)


def act_and_watch(page: Any, control: Any, *, lang: str = "en", click_faster: bool = False,
                  data_dir: Path | None = None) -> list[Drawing]:
    """Click ``control`` (the learner's call or card) and record every drawing until it is the learner's turn again.
    ``click_faster``: press "Faster" as soon as a computer player is said to be thinking. ``data_dir``: check at each
    thinking drawing that the page holds no hidden card."""
    before = bs.render_count(page)
    started = time.monotonic()
    control.click()
    drawings: list[Drawing] = []

    def next_drawing() -> bool:
        count = bs.render_count(page)
        if count <= (drawings[-1].count if drawings else before):
            return False
        drawings.append(Drawing(page, started))
        return True

    while True:
        bs.wait_for(next_drawing, interval=0.005)
        last = drawings[-1]
        if THINKING[lang].search(last.status):
            if click_faster and last.faster:
                page.locator(FASTER).click()
            elif data_dir is not None:
                assert_page_hides_other_hands(page, data_dir)
        elif learner_turn(page):
            return drawings


def gaps_after_thinking(drawings: list[Drawing], lang: str = "en") -> list[float]:
    """Seconds from each drawing that says a computer player is thinking to the next drawing."""
    return [b.at - a.at for a, b in itertools.pairwise(drawings) if THINKING[lang].search(a.status)]


def test_the_status_names_the_thinking_player_and_faster_shortens_the_pause(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="table-pause") as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(bs.WAIT_SECONDS * 1000)  # Playwright counts milliseconds
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.url)
        bs.wait_for(lambda: learner_turn(page))
        assert page.locator(FASTER).count() == 1 and not page.locator(FASTER).is_visible()  # nobody thinking now

        # the auction, passing: every computer call is announced, with the seat to act and "Faster" beside it
        thinking_seen: list[Drawing] = []
        while learner_turn(page) == "call":
            drawings = act_and_watch(page, call_button(page, "Pass"), data_dir=data_dir)
            for drawing in drawings:
                named = THINKING["en"].search(drawing.status)
                if named:
                    thinking_seen.append(drawing)
                    assert named.group(1) in SEAT_NAMES
                    # the seat named is the one marked to act on the felt
                    assert any(label.startswith(named.group(1)) for label in drawing.active), (drawing.status,
                                                                                        drawing.active)
                    assert drawing.faster and drawing.label == "Faster"
            assert not page.locator(FASTER).is_visible()  # the learner's turn: nobody is thinking
        assert thinking_seen, "no drawing said a computer player was thinking"
        assert saved_when(data_dir, lambda s: s.deal.phase.name != "AUCTION").deal.contract is not None, \
            "this seed's auction should reach a contract"

        # the play at the slow pace, untouched: the next card comes after the whole pause (1.8 s a card)
        assert bs.wait_for(lambda: learner_turn(page)) == "card"
        baseline = gaps_after_thinking(act_and_watch(page, first_card(page), data_dir=data_dir))
        assert baseline, "no computer card was announced"
        pause = float(PACES["slow"])
        assert max(baseline) >= pause * 0.5, baseline  # the pause is really there (the drawing arrives a bit late)

        # in German, during the next round, "Schneller": the thinking player moves at once, the pace one step faster
        page.locator(".vint-settings-part button.vint-foldout-button").click()
        drawn = bs.render_count(page)
        bs.visible(page.locator(".vint-settings select")).first.select_option(label="Deutsch")
        bs.wait_for(lambda: bs.render_count(page) > drawn and "Einstellungen" in page.content())
        assert bs.wait_for(lambda: learner_turn(page)) == "card"
        card = first_card(page)
        before = bs.render_count(page)
        card.click()
        bs.wait_for(lambda: bs.render_count(page) > before and (
            (THINKING["de"].search(status(page)) and page.locator(FASTER).is_visible()) or learner_turn(page)))
        assert THINKING["de"].search(status(page)), status(page)
        assert page.locator(FASTER).inner_text() == "Schneller"
        assert_page_hides_other_hands(page, data_dir)
        bs.screenshot(page, "table-pause-thinking-de")
        thought = bs.render_count(page)
        started = time.monotonic()
        page.locator(FASTER).click()
        bs.wait_for(lambda: bs.render_count(page) > thought, interval=0.005)
        sooner = time.monotonic() - started
        print(f"next card after 'thinking': {max(baseline):.2f} s at the slow pace, {sooner:.2f} s after Faster")
        assert sooner < max(baseline), (sooner, baseline)
        bs.wait_for(lambda: learner_turn(page))
        saved_when(data_dir, lambda s: s.settings.pace == "normal")
        select = bs.visible(page.locator(".vint-settings select")).nth(1)
        shown = select.evaluate("s => s.options[s.selectedIndex].text").replace("\xa0", " ")
        assert shown == "Pause zwischen Computerkarten"

        # "Schneller" until "Ohne Pause": then the computer players answer at once, nobody is announced as thinking
        while learner_turn(page) == "card" and saved_session(data_dir).settings.pace != "none":
            act_and_watch(page, first_card(page), lang="de", click_faster=True)
        saved_when(data_dir, lambda s: s.settings.pace == "none")
        if learner_turn(page) == "card":
            drawings = act_and_watch(page, first_card(page), lang="de", data_dir=data_dir)
            assert not any(THINKING["de"].search(d.status) or d.faster for d in drawings)
        assert not errors, errors
