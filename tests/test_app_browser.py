"""The table in a real browser: Voilà on a free 127.0.0.1 port, Debian's Chromium driven by Playwright.

One game, as a learner plays it: bid with the buttons, play all 13 tricks by
clicking cards, see the score sheet change, reload the page and find the game
where it was. At every step the page must hold no card of another seat that is
still hidden. Screenshots are kept under ``test-artifacts/``.

Missing Chromium, Voilà or Playwright fails this test: it never skips.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import browser_support as bs
import pytest

from vint_core import Card, Seat
from vint_core.table.session import TableSession

ENV = {"VINT_BOTS": "rule", "VINT_SEED": "2024", "VINT_PACE": "none", "VINT_LANG": "en"}
# controls the learner may use now: not in a part frozen (vint-wait) between the learner's own action,
# drawn at once, and the computer players' answers
ENABLED_CALLS = ".vint-biddingbox:not(.vint-wait) button.vint-call:enabled:visible"
ENABLED_CARDS = ".vint-handrow:not(.vint-wait) button.vint-card:enabled:visible"
HAND_CARDS = "button.vint-card:visible"
NEXT_DEAL = "button.vint-next-deal"


def saved_session(data_dir: Path) -> TableSession:
    return TableSession.from_json(json.loads((data_dir / "table.json").read_text(encoding="utf-8")))


def saved_when(data_dir: Path, ok: Callable[[TableSession], object]) -> TableSession:
    """The saved game once ``ok`` holds for it. The table saves a click's game after drawing it, so a page that
    shows the deal over (or the learner's turn) can be a moment ahead of the file."""
    def caught_up() -> TableSession | None:
        if not (data_dir / "table.json").exists():  # a new game's first save
            return None
        session = saved_session(data_dir)
        return session if ok(session) else None
    found: TableSession = bs.wait_for(caught_up)
    return found


def _shown_hidden_cards(html: str, session: TableSession) -> list[str]:
    """The cards of the seats the learner cannot see into that ``html`` shows, by the game ``session``."""
    deal = session.deal
    if deal.is_finished:
        return []
    shown = []
    for seat in Seat:
        if seat == session.human:
            continue
        for card in deal.hand(seat):
            if f'data-card="{card.pbn}"' in html or (card.rank >= 8 and str(card) in html):
                shown.append(f"{card} of {seat}")  # lower cards share their text with bids (2♥ …): only data-card
    return shown


def _played(session: TableSession) -> int:
    play = session.deal.play
    return len(play.cards_played()) if play is not None else 0


def assert_page_hides_other_hands(page: Any, data_dir: Path) -> None:
    """No unplayed card of another seat in the page, compared with the saved game (which the test may read).

    The table saves the game after it has drawn it, so the page read first can be a click ahead of the file (the
    learner's card, the computer players' cards that end the trick and those of the next trick up to the learner's
    turn, drawn before the save of them is written): a card the page shows is allowed only once the file, read again
    at once and as often as needed, has it played, at most those seven cards later than it was (a real leak shows a
    card that stays in its hand)."""
    html = page.content()
    in_hand = page.locator(HAND_CARDS).all_inner_texts()
    session = saved_session(data_dir)
    if shown := _shown_hidden_cards(html, session):
        hands, before = session.deal.hands, _played(session)

        def caught_up() -> TableSession | None:
            later = saved_session(data_dir)
            if later.deal.hands != hands or not _shown_hidden_cards(html, later):
                return later
            return None
        try:
            later = bs.wait_for(caught_up, seconds=20, interval=0.02)
        except AssertionError:
            raise AssertionError(f"{', '.join(shown)} in the page") from None
        if later.deal.hands == hands:
            later_by = _played(later) - before
            assert later_by <= 7, f"{', '.join(shown)} in the page, played only {later_by} cards later"
    for text in in_hand:
        assert Card.parse(text) in session.deal.hands[session.human]


def hand_texts(page: Any) -> list[str]:
    return page.locator(HAND_CARDS).all_inner_texts()


def wait_for_turn(page: Any, *, seconds: float = bs.WAIT_SECONDS) -> str:
    """Wait until the learner can call, play, or deal the next deal; say which.

    The positive signal is the table's latest drawing saying so (its mark, drawn last: everything before it has
    arrived) and the control being there and enabled: not a part of a drawing still arriving, nor a hidden box."""
    def ready() -> str:
        turn = bs.drawn_turn(page)
        if turn == "call" and page.locator(ENABLED_CALLS).count():
            return "call"
        if turn == "card" and page.locator(ENABLED_CARDS).count():
            return "card"
        if turn == "next" and page.locator(f"{NEXT_DEAL}:enabled").count():
            return "next"
        return ""
    result: str = bs.wait_for(ready, seconds=seconds)
    return result


def call_button(page: Any, name: str) -> Any:
    """The one visible, enabled button of the call ``name`` ("Pass", "1♥") in the bidding box now shown."""
    box = bs.visible(page.locator(".vint-biddingbox:not(.vint-wait)"))
    button = bs.visible(box.locator("button.vint-call:enabled", has_text=re.compile(f"^{re.escape(name)}$")))
    assert button.count() == 1, f"{button.count()} buttons {name} to click"
    return button


def first_card(page: Any) -> Any:
    """The first visible card the learner may play now."""
    return bs.visible(page.locator(ENABLED_CARDS)).first


def round_trip(page: Any) -> None:
    """Make sure the kernel has handled every message the page sent so far: the page's messages are read in order,
    so once a later change (the four-colour deck switched on and off again, each drawn) is drawn, so was every
    earlier click. A positive signal, instead of waiting a while for nothing to happen."""
    settings = page.locator(".vint-settings-part button.vint-foldout-button")
    box = page.locator(".vint-settings input[type=checkbox]")
    if not box.is_visible():
        settings.click()
    for _ in range(2):
        drawn = bs.render_count(page)
        box.click()
        bs.wait_for(lambda drawn=drawn: bs.render_count(page) > drawn)


def open_table(page: Any, url: str) -> float:
    started = time.monotonic()
    page.goto(url)
    page.wait_for_selector(".vint-table", timeout=90_000)
    wait_for_turn(page, seconds=90)
    return time.monotonic() - started


def test_a_stalled_wait_fails_within_its_timeout() -> None:
    """A table that never becomes ready fails the wait in its time (here a fifth of a second), not a day later."""
    started = time.monotonic()
    with pytest.raises(AssertionError, match=r"timed out after 0\.2 s"):
        bs.wait_for(lambda: False, seconds=0.2)
    assert time.monotonic() - started < 5
    polls: list[float] = []
    with pytest.raises(AssertionError):
        bs.click_and_wait(_StalledPage(), _Button(polls), seconds=0.1)  # clicked, but the table never redraws
    assert polls and time.monotonic() - started < 10
    # Playwright's milliseconds given to a helper that counts seconds are refused at once
    with pytest.raises(ValueError, match="milliseconds"):
        bs.wait_for(lambda: True, seconds=90_000)
    with pytest.raises(ValueError, match="milliseconds"):
        wait_for_turn(_StalledPage(), seconds=90_000)


def test_no_browser_test_waits_a_fixed_time() -> None:
    """A browser test waits for the thing it means (a drawing, a round trip, a theme in), never for Playwright's
    fixed ``wait_for_timeout``: on a busy machine a while on the clock is too short, or proves nothing."""
    fixed_wait = "wait_for" + "_timeout("
    found = [f"{path.name}:{number}" for path in sorted(Path(__file__).parent.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if fixed_wait in line]
    assert not found, found


class _Button:
    def __init__(self, clicks: list[float]) -> None:
        self.clicks = clicks

    def click(self) -> None:
        self.clicks.append(time.monotonic())


class _StalledPage:
    """A page whose table never draws again and offers nothing to click."""

    def locator(self, selector: str, **kwargs: Any) -> Any:
        return _NoElements()


class _NoElements:
    def count(self) -> int:
        return 0


def test_a_learner_plays_a_deal_in_the_browser_and_resumes_after_a_reload(tmp_path: Path) -> None:
    bs.require_tools()
    data_dir = bs.clean_dir(tmp_path / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="browser-test") as server, bs.chromium() as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(bs.WAIT_SECONDS * 1000)  # Playwright counts milliseconds
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        open_table(page, server.url)
        assert page.locator(".vint-status").count() >= 1
        assert "How to play" in page.content()
        bs.screenshot(page, "table-01-first-screen")
        assert_page_hides_other_hands(page, data_dir)

        # the auction: open with the lowest bid offered, then pass
        calls_made = 0
        while (turn := wait_for_turn(page)) == "call":
            buttons = page.locator(ENABLED_CALLS)
            texts = buttons.all_inner_texts()
            assert "Pass" in texts
            choice = next((t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)), "Pass") \
                if calls_made == 0 else "Pass"
            bs.click_and_wait(page, call_button(page, choice))
            calls_made += 1
            if calls_made == 1:
                bs.screenshot(page, "table-02-auction")
        assert calls_made >= 1
        # a passed-out deal goes straight to the next one
        while turn == "next" and saved_when(data_dir, lambda s: s.deal.is_finished).deal.contract is None:
            bs.click_and_wait(page, page.locator(NEXT_DEAL))
            turn = wait_for_turn(page)
            while turn == "call":
                bs.click_and_wait(page, call_button(page, "Pass"))
                turn = wait_for_turn(page)

        # the play: click a legal card until the deal is over
        cards_played = 0
        while (turn := wait_for_turn(page)) == "card":
            held = len(hand_texts(page))
            assert_page_hides_other_hands(page, data_dir)
            bs.click_and_wait(page, first_card(page))
            bs.wait_for(lambda held=held: len(hand_texts(page)) < held)
            cards_played += 1
            if cards_played == 5:
                bs.screenshot(page, "table-03-play")
        assert turn == "next"
        finished = saved_when(data_dir, lambda s: s.deal.is_finished).deal
        assert cards_played == 13 or finished.is_finished
        assert finished.is_finished and len(finished.tricks) == 13
        # the review shows all four hands once the deal is over
        bs.wait_for(lambda: all(f'data-card="{c.pbn}"' in page.locator(".vint-review").inner_html()
                                for hand in finished.hands for c in hand))
        bs.screenshot(page, "table-04-review")
        # reloaded with the deal over: the page opens with the review drawn (its parts among the models it loads
        # at the start; a new deal's table makes them only once the deal is over)
        page.reload()
        page.wait_for_selector(".vint-table", timeout=90_000)
        assert wait_for_turn(page, seconds=90) == "next"
        bs.wait_for(lambda: all(f'data-card="{c.pbn}"' in page.locator(".vint-review").inner_html()
                                for hand in finished.hands for c in hand))
        assert page.locator(".vint-review-weigh-box").first.is_visible()
        # the double-dummy analysis is worked out once the learner opens its part of the review
        box = page.locator(".vint-review-analysis-box")
        assert page.locator(".vint-review-analysis").count() == 0
        box.get_by_text("With all cards visible (double dummy)").first.click()
        bs.wait_for(lambda: page.locator(".vint-review-analysis li").count() >= 2
                    and "working out" not in page.locator(".vint-review-analysis").first.inner_text())
        assert finished.contract is not None
        assert f"With all cards visible, {finished.contract.bid} by {finished.contract.declarer}" in \
            page.locator(".vint-review-analysis").first.inner_text()
        box.scroll_into_view_if_needed()
        bs.screenshot(page, "table-04b-analysis")

        # the score sheet gains the deal
        sheet_before = page.locator(".vint-scoresheet").first.inner_text()
        bs.click_and_wait(page, page.locator(NEXT_DEAL))
        bs.wait_for(lambda: page.locator(".vint-scoresheet").first.inner_text() != sheet_before)
        session = saved_when(data_dir, lambda s: s.deal != finished)
        recorded = session.rubber.deals or session.history[-1].deals
        assert recorded[-1].deal == finished
        assert page.locator(".vint-scoresheet details").count() >= 1
        rubber = session.rubber if session.rubber.deals else session.history[-1]
        sheet = page.locator(".vint-scoresheet").first.inner_text()
        assert all(str(points) in sheet for points in rubber.totals)
        # a line opens to its explanation
        explanation = recorded[-1].lines[0].text("en")
        assert explanation not in page.locator(".vint-scoresheet").first.inner_text()
        if not session.rubber.deals:  # the deal won the rubber: it is listed under the past rubber
            page.locator(".vint-scoresheet details.vint-past > summary").first.click()
        page.locator(".vint-scoresheet details.vint-sheet-row > summary").first.click()
        assert explanation in page.locator(".vint-scoresheet").first.inner_text()
        wait_for_turn(page)
        bs.screenshot(page, "table-05-next-deal")

        # reload: the game is where it was
        turn = wait_for_turn(page)
        hand_before = sorted(hand_texts(page))
        saved_before = saved_when(data_dir, lambda s: set(s.deal.hand(s.human)) == {
            Card.parse(t) for t in hand_before}).deal.actions
        page.reload()
        page.wait_for_selector(".vint-table", timeout=90_000)
        wait_for_turn(page, seconds=90)
        assert sorted(hand_texts(page)) == hand_before
        assert saved_session(data_dir).deal.actions == saved_before
        assert "welcome back" in page.locator(".vint-status").first.inner_text()
        assert page.locator(".vint-scoresheet details").count() >= 1
        assert_page_hides_other_hands(page, data_dir)
        bs.screenshot(page, "table-06-after-reload")
        assert not errors, errors


# -- fair play, every screen, keyboard, theme and language (one Voilà for these checks; each starts a new game) --

AXE_JS = bs.ROOT / "tests" / "node" / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Any:
    bs.require_tools()
    assert AXE_JS.exists(), f"{AXE_JS} is missing: npm install --prefix tests/node (make test does it)"
    data_dir = bs.clean_dir(tmp_path_factory.mktemp("table") / "data")
    with bs.voila_server(data_dir=data_dir, env=ENV, name="browser-ui") as server, bs.chromium() as browser:
        yield server, browser


def new_game_page(served: Any, *, width: int = 1280, height: int = 900, dark: bool = False) -> Any:
    """A page on a new game (the saved one removed first), with page errors collected in ``page.errors``. The
    earlier tests' pages are closed first, and their kernels waited out (one kept ready stays): a kernel still
    running on the same save would write it later, and the new page's next click would then find the game
    "played elsewhere" and take it up from the save instead (a double-click test once failed that way)."""
    from test_app_serving import kernels

    server, browser = served
    for context in list(browser.contexts):
        context.close()
    bs.wait_for(lambda: len(kernels(server.process.pid)) <= 1, seconds=120)
    (server.data_dir / "table.json").unlink(missing_ok=True)
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme="dark" if dark else "light")
    context.set_default_timeout(bs.WAIT_SECONDS * 1000)  # Playwright counts milliseconds
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    open_table(page, server.url)
    return page


def play_out(page: Any, data_dir: Path, *, on_trick: Any = None) -> None:
    """Bid the lowest bid once, pass after that, play the first legal card, until the deal is over."""
    called = False
    while (turn := wait_for_turn(page)) != "next":
        if turn == "call":
            texts = page.locator(ENABLED_CALLS).all_inner_texts()
            bid = next((t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)), None)
            choice = bid if bid is not None and not called else "Pass"
            called = True
            bs.click_and_wait(page, call_button(page, choice))
        else:
            held = len(hand_texts(page))
            bs.click_and_wait(page, first_card(page))
            bs.wait_for(lambda held=held: len(hand_texts(page)) < held)
            if on_trick is not None:
                on_trick(page)
    if saved_when(data_dir, lambda s: s.deal.is_finished).deal.contract is None:
        bs.click_and_wait(page, page.locator(NEXT_DEAL))  # passed out: the next deal
        play_out(page, data_dir, on_trick=on_trick)


def axe_findings(page: Any, *, rules: tuple[str, ...] = ()) -> list[str]:
    """The serious and critical findings of axe-core on the page now (only ``rules`` if given)."""
    page.add_script_tag(path=str(AXE_JS))
    options = {"resultTypes": ["violations"]} | ({"runOnly": list(rules)} if rules else {})
    found = page.evaluate("o => axe.run(document, o).then(r => r.violations.map(v => "
                          "[v.id, v.impact, v.nodes.map(n => n.target.join(' ') + ' ' + n.failureSummary)]))",
                          options)
    return [f"{rule} ({impact}): {nodes[:3]}" for rule, impact, nodes in found if impact in ("serious", "critical")]


def test_undo_closes_when_the_hands_are_shown_and_a_deal_with_undo_is_marked(served: Any) -> None:
    page = new_game_page(served)
    undo = page.locator("button.vint-undo")
    # the learner passes, takes it back (practice), and plays on
    assert wait_for_turn(page) == "call" and undo.is_disabled()
    bs.click_and_wait(page, call_button(page, "Pass"))
    bs.wait_for(lambda: not undo.is_disabled())
    bs.click_and_wait(page, undo)
    assert "practised with undo" in page.locator(".vint-scoresheet").first.inner_text()
    play_out(page, served[0].data_dir)
    bs.wait_for(lambda: page.locator(".vint-review .vint-review-score").count() > 0)
    assert undo.is_disabled()  # the hands are shown: the deal is closed for undo
    deal = saved_when(served[0].data_dir, lambda s: s.deal.is_finished).deal
    undo.dispatch_event("click")  # even a click on the disabled button changes nothing
    round_trip(page)  # the click has reached the kernel (and been refused)
    assert saved_session(served[0].data_dir).deal == deal
    bs.screenshot(page, "ui-01-review-undo-closed")
    assert not axe_findings(page)  # the light theme, with every hand shown: readable, named, reachable
    bs.click_and_wait(page, page.locator(NEXT_DEAL))
    sheet = page.locator(".vint-scoresheet").first.inner_text()
    assert "practised with undo" in sheet
    assert not page.errors, page.errors


def learner_passes(data_dir: Path) -> int:
    session = saved_session(data_dir)
    return sum(1 for seat, call in session.deal.view(session.human).calls_by()
               if seat == session.human and call.is_pass)


def test_a_double_click_on_pass_makes_one_pass(served: Any) -> None:
    """Under pace "none" the computer players answer the first click at once: the second click of a double click
    reaches the kernel when Pass stands for the learner's next call, and must not be played there."""
    page = new_game_page(served)
    data_dir = served[0].data_dir
    assert wait_for_turn(page) == "call"
    before = learner_passes(data_dir)
    # the two clicks in one task of the page, as a quick double click makes them: the second always on the drawing
    # of the first (Playwright's dblclick, on a busy machine, can leave the new drawing time to come in between)
    call_button(page, "Pass").evaluate("button => { button.click(); button.click(); }")
    assert wait_for_turn(page) == "call"  # the answers are drawn and the learner calls again: a second Pass could be
    bs.wait_for(lambda: GONE_BY in status_line(page))  # the second click has reached the kernel, and is said
    round_trip(page)  # (a change of the settings: the learner's next action, the sentence goes)
    assert learner_passes(data_dir) == before + 1 and GONE_BY not in status_line(page)
    session = saved_session(data_dir)
    assert session.deal.phase.name == "AUCTION" and session.human_to_act()
    bs.click_and_wait(page, call_button(page, "Pass"))  # a click on the new drawing counts
    wait_for_turn(page)
    bs.wait_for(lambda: learner_passes(data_dir) == before + 2)
    assert GONE_BY not in status_line(page)
    assert not page.errors, page.errors


GONE_BY = "That click was made on the table as it was a moment ago"


def status_line(page: Any) -> str:
    return str(page.locator(".vint-status-box").first.inner_text())


def learner_cards(data_dir: Path) -> int:
    session = saved_session(data_dir)
    return sum(1 for seat, _card in session.deal.view(session.human).cards_played() if seat == session.human)


def test_a_double_click_on_a_card_is_said_and_play_goes_on(served: Any) -> None:
    """The first click plays the card and the computer players answer at once; the second, made on the card the
    page still showed, is not played, and the status line says why; the learner plays on and the sentence goes."""
    page = new_game_page(served)
    data_dir = served[0].data_dir
    while (turn := wait_for_turn(page)) != "card":  # pass to the play (a passed-out deal: the next one)
        bs.click_and_wait(page, call_button(page, "Pass") if turn == "call" else page.locator(NEXT_DEAL))
    before = learner_cards(data_dir)
    held = len(hand_texts(page))
    first_card(page).evaluate("card => { card.click(); card.click(); }")  # two clicks in one task, as above
    bs.wait_for(lambda: GONE_BY in status_line(page))  # the second click has reached the kernel (the first one
    assert learner_cards(data_dir) == before + 1 and len(hand_texts(page)) == held - 1  # was saved before it)
    bs.screenshot(page, "ui-double-click-on-a-card")
    assert wait_for_turn(page) == "card"  # play on: the next card counts, the sentence goes
    bs.click_and_wait(page, first_card(page))
    bs.wait_for(lambda: learner_cards(data_dir) == before + 2)
    wait_for_turn(page)
    assert GONE_BY not in status_line(page)
    assert not page.errors, page.errors


def test_the_auction_is_explained_and_the_reasons_survive_a_reload(served: Any) -> None:
    page = new_game_page(served)
    seen_last_trick: list[str] = []

    def look_at_last_trick(page: Any) -> None:
        part = page.locator(".vint-last-trick summary")
        if not seen_last_trick and part.count():
            part.first.click()
            seen_last_trick.append(page.locator(".vint-last-trick").first.inner_text())

    wait_for_turn(page)
    meanings = page.locator(".vint-meanings li")
    calls = saved_when(served[0].data_dir, lambda s: s.human_to_act()).deal.auction.calls
    assert meanings.count() == len(calls)
    if calls:
        assert "high-card points" in page.locator(".vint-meanings").first.inner_text() \
            or "shows nothing" in page.locator(".vint-meanings").first.inner_text()
    assert "8 passes in a row" in page.locator(".vint-howto").first.inner_text()
    bs.screenshot(page, "ui-02-auction-explained")
    play_out(page, served[0].data_dir, on_trick=look_at_last_trick)
    assert seen_last_trick and "Last trick" in seen_last_trick[0]
    reasons = page.locator(".vint-review-reasons details")
    bs.wait_for(lambda: reasons.count() >= 2)
    assert "The auction" in page.locator(".vint-review-reasons").first.inner_text()
    before = reasons.count()
    page.reload()
    page.wait_for_selector(".vint-review-reasons", timeout=90_000)
    assert page.locator(".vint-review-reasons details").count() == before  # kept across the reload
    page.locator(".vint-review-reasons summary").nth(1).click()
    assert "Trick 1" in page.locator(".vint-review-reasons").first.inner_text()
    bs.screenshot(page, "ui-03-reasons-by-trick")
    assert not page.errors, page.errors


def test_german_switches_everything_and_nothing_is_clipped(served: Any) -> None:
    page = new_game_page(served)
    play_out(page, served[0].data_dir)
    page.reload()  # the review and "welcome back", in English
    page.wait_for_selector(".vint-review-score", timeout=90_000)
    assert "welcome back" in page.locator(".vint-status").first.inner_text()
    page.locator(".vint-review-analysis-box button.vint-foldout-button").click()  # the double-dummy part open
    # its English lines arrive first (a positive signal: no English answer is still being worked out)
    bs.wait_for(lambda: "With all cards visible, " in page.locator(".vint-review-analysis").first.inner_text())
    page.locator(".vint-settings-part button.vint-foldout-button").click()
    drawn = bs.render_count(page)
    bs.visible(page.locator(".vint-settings select")).first.select_option(label="Deutsch")
    bs.wait_for(lambda: bs.render_count(page) > drawn)
    bs.wait_for(lambda: "So wurde gewertet" in page.locator(".vint-review").first.inner_text())
    review = page.locator(".vint-review").first.inner_text()
    assert "How the deal scored" not in review and "Mit allen Karten offen (Double Dummy)" in review
    assert "willkommen zurück" in page.locator(".vint-status").first.inner_text()
    # the double-dummy lines too, worked out again in German
    bs.wait_for(lambda: "Mit allen Karten offen macht " in page.locator(".vint-review-analysis").first.inner_text())
    round_trip(page)  # every message so far handled: nothing English comes after the German lines
    assert "With all cards visible, " not in page.locator(".vint-review-analysis").first.inner_text()
    session = saved_session(served[0].data_dir)
    for line in session.review().lines:
        assert line.text("de") in review
    # nothing clipped at 1280 px: every column of the score sheet lies inside its box and the window
    clipped = page.evaluate("""() => [...document.querySelectorAll('.vint-table *')].filter(e => {
        const s = getComputedStyle(e);
        return e.scrollWidth > e.clientWidth + 1 && ['hidden', 'clip'].includes(s.overflowX) && e.clientWidth > 0;
      }).map(e => e.className)""")
    assert not clipped, clipped
    right = page.evaluate("Math.max(...[...document.querySelectorAll('.vint-scoresheet .vint-num')]"
                          ".map(e => e.getBoundingClientRect().right))")
    box = page.locator(".vint-scoresheet").first.bounding_box()
    assert right <= box["x"] + box["width"] and right <= 1280
    bs.screenshot(page, "ui-04-german-review")
    assert not page.errors, page.errors


def test_dark_theme_keyboard_and_accessibility(served: Any) -> None:
    page = new_game_page(served, dark=True)
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background in ("rgb(17, 17, 17)",), background  # the whole page is dark, not only the table
    # Tab reaches How to play and Settings, each with a clearly visible focus ring
    reached: dict[str, float] = {}
    for _ in range(120):
        page.keyboard.press("Tab")
        focused = page.evaluate("""() => { const e = document.activeElement; const s = getComputedStyle(e);
            return [e.innerText || '', parseFloat(s.outlineWidth) || 0, s.outlineStyle]; }""")
        label, width, style = focused
        for name in ("How to play", "Settings"):
            if name in label and style != "none":
                reached[name] = width
        if len(reached) == 2:
            break
    assert set(reached) == {"How to play", "Settings"} and min(reached.values()) >= 3, reached
    page.keyboard.press("Enter")  # Settings opens from the keyboard
    bs.wait_for(lambda: bs.visible(page.locator(".vint-settings select")).count() > 0)
    bs.screenshot(page, "ui-05-dark-keyboard")
    assert not axe_findings(page)
    play_out(page, served[0].data_dir)
    # the review in the dark: the double-dummy part reachable with Tab, and every text readable (WCAG AA)
    for _ in range(200):
        page.keyboard.press("Tab")
        if "With all cards visible" in page.evaluate("document.activeElement.innerText || ''"):
            break
    else:
        pytest.fail("the double-dummy part cannot be reached with Tab")
    page.keyboard.press("Enter")
    bs.wait_for(lambda: page.locator(".vint-review-analysis li").count() >= 1)
    assert not axe_findings(page)
    bs.screenshot(page, "ui-06-dark-review")
    assert not page.errors, page.errors


@pytest.mark.parametrize("width", [390, 768])
def test_phone_and_tablet(served: Any, width: int) -> None:
    page = new_game_page(served, width=width, height=844 if width == 390 else 1024)

    def nothing_off_screen() -> None:
        outside = page.evaluate("""w => [...document.querySelectorAll(
                '.vint-table button, .vint-scoresheet, .vint-seatbox, .vint-auction, .vint-status')]
            .filter(e => e.offsetParent !== null).map(e => [e.className, e.getBoundingClientRect()])
            .filter(([_, r]) => r.left < -1 || r.right > w + 1).map(([c, r]) => c + ' ' + r.left + '..' + r.right)""",
                                width)
        assert not outside, outside
        scrolled = page.evaluate("""() => [...document.querySelectorAll('.vint-table *')].filter(e => {
            const s = getComputedStyle(e).overflowX;
            return ['auto', 'scroll'].includes(s) && e.scrollWidth > e.clientWidth + 1;
          }).map(e => e.className)""")
        assert not scrolled, f"a side-scrolling area: {scrolled}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width

    nothing_off_screen()
    assert not axe_findings(page)
    page.set_viewport_size({"width": width, "height": 2400})  # the whole page in one screenshot, at this width
    bs.screenshot(page, f"ui-07-width-{width}-auction")
    page.set_viewport_size({"width": width, "height": 844})
    play_out(page, served[0].data_dir)
    nothing_off_screen()
    page.set_viewport_size({"width": width, "height": 3600})
    bs.screenshot(page, f"ui-08-width-{width}-review")
    assert not page.errors, page.errors
