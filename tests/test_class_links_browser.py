"""A class without a hub, in Chromium: ``vint table --class FOLDER`` and the learners' personal links.

Before, any page that asked for ``?table=anna`` played Anna's game and showed her cards. Here the server
serves a class (``--TableServer.class_dir``, what ``vint table --class`` passes): each learner's link
carries their own token (the store's ``issue_token``, what ``vint class tokens`` prints), and the attacks
are real: a classmate opening Anna's table by name with the server's own link, a wrong token, no token
at all, and a learner's own link asking for another's table. None of them plays anything of anyone's (no
kernel, no save). Then Anna plays the class's board from "Class boards" to its end, and sees its
traveller and her history; the store holds her result under her name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import browser_support as bs
import pytest
from test_app_browser import ENABLED_CALLS, ENABLED_CARDS, hand_texts, wait_for_turn

from vint_core.classroom.served import ServedClass
from vint_core.table.session import TableSession

ENV = {"VINT_BOTS": "rule", "VINT_PACE": "none", "VINT_LANG": "en"}
SHOTS = Path("/work/wt/shots/class-page")


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[bs.Server, ServedClass, dict[str, str]]]:
    bs.require_tools()
    folder = tmp_path_factory.mktemp("class")
    served = ServedClass.open(folder, "4b", teacher="petrova", learners=["anna", "boris"])
    served.store.publish_boards("4b", "week 1", [(7, "N")])
    tokens = {name: served.store.issue_token("4b", name) for name in ("anna", "boris")}
    data = bs.clean_dir(tmp_path_factory.mktemp("table") / "data")
    with bs.voila_server(data_dir=data, env={**ENV, "VINT_CLASS_DIR": str(folder)}, name="class-links",
                         extra=(f"--TableServer.class_dir={folder}",)) as server:
        yield server, served, tokens
    served.store.close()


def learner_id(served: ServedClass, name: str) -> int:
    return next(info.id for info in served.store.learners("4b") if info.name == name)


def saved(server: bs.Server, served: ServedClass, name: str) -> TableSession | None:
    path = server.data_dir / f"table-learner-{learner_id(served, name)}.json"
    return TableSession.from_json(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else None


def test_a_page_without_a_learners_token_plays_nothing_of_anyones(school: Any) -> None:
    server, served, tokens = school
    anna_table = f"learner-{learner_id(served, 'anna')}"
    with bs.chromium() as browser:
        anna = browser.new_context().new_page()
        anna.goto(bs.page_url(server.base, class_token=tokens["anna"]))
        anna.wait_for_selector(".vint-table", timeout=240_000)
        assert wait_for_turn(anna, seconds=240) == "call"
        hand = hand_texts(anna)
        bs.wait_for(lambda: saved(server, served, "anna"))  # her own table, named by her token (saved as drawn)
        anna.context.close()
        files = sorted(p.name for p in server.data_dir.iterdir())
        for attempt, url in {
            "the server's own link, anna's table by name": server.page(table=anna_table),
            "the server's own link, anna's name": server.page(table="anna"),
            "a wrong token": bs.page_url(server.base, class_token=tokens["anna"][:-2] + "xx", table=anna_table),
            "no token": bs.page_url(server.base, table=anna_table),
        }.items():
            page = browser.new_context().new_page()  # a classmate's browser: no cookie of anna's
            answer = page.goto(url)
            assert answer is not None and answer.status == 403, (attempt, answer and answer.status)
            body = page.locator("body").inner_text()
            assert "Open your own link" in body and "Traceback" not in body, (attempt, body)
            assert not page.locator(".vint-table").count() and not any(card in body for card in hand), attempt
            page.screenshot(path=str(SHOTS / "after-classmate-without-a-token.png"), full_page=True)
            page.context.close()
        # boris's own link asking for anna's table: boris's table, never hers
        boris = browser.new_context().new_page()
        boris.goto(bs.page_url(server.base, class_token=tokens["boris"], table=anna_table))
        boris.wait_for_selector(".vint-table", timeout=240_000)
        wait_for_turn(boris, seconds=240)
        bs.wait_for(lambda: saved(server, served, "boris"))
        boris.context.close()
    assert sorted(p.name for p in server.data_dir.iterdir()) == sorted(
        {*files, f"table-learner-{learner_id(served, 'boris')}.json"})  # nothing else was started or saved
    assert "Refused a class table without a learner's token" in server.log_text() or \
        "Refused the page without the token" in server.log_text()


def play_class_board(page: Any, *, bid: bool) -> None:
    """Bid the lowest bid once (``bid``) or pass throughout, play the first legal card, until the board's
    traveller shows."""
    traveller = page.locator(".vint-class-after table.vint-class-traveller")
    called = False

    def next_step() -> str:
        if traveller.count():
            return "done"
        turn = bs.drawn_turn(page)
        if turn == "call" and page.locator(ENABLED_CALLS).count():
            return "call"
        if turn == "card" and page.locator(ENABLED_CARDS).count():
            return "card"
        return ""

    while (step := bs.wait_for(next_step, seconds=240)) != "done":
        if step == "call":
            texts = page.locator(ENABLED_CALLS).all_inner_texts()
            choice = next((t for t in texts if re.fullmatch(r"[1-7](♠|♣|♦|♥|NT)", t)), "Pass") \
                if bid and not called else "Pass"
            called = called or choice != "Pass"
            bs.click_and_wait(page, bs.visible(page.locator(ENABLED_CALLS, has_text=re.compile(
                f"^{re.escape(choice)}$"))).first)
        else:
            bs.click_and_wait(page, bs.visible(page.locator(ENABLED_CARDS)).first)


def test_a_learner_plays_the_class_board_from_her_link_and_sees_its_traveller(school: Any) -> None:
    server, served, tokens = school
    with bs.chromium() as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(bs.page_url(server.base, class_token=tokens["anna"]))
        page.wait_for_selector(".vint-table", timeout=240_000)
        wait_for_turn(page, seconds=240)
        page.locator("button.vint-class-boards").click()
        bs.wait_for(lambda: "Class board 1 of 1" in page.locator(".vint-class-status").inner_text(), seconds=120)
        page.wait_for_selector(".vint-class-board", timeout=120_000)
        play_class_board(page, bid=True)
        after = page.locator(".vint-class-after")
        assert "Your class boards" in after.inner_text()
        rows = after.locator("table.vint-class-traveller tbody tr")
        assert rows.count() == 1 and "(you)" in rows.first.inner_text()
        for width, scheme in ((1280, "light"), (1280, "dark"), (390, "light"), (390, "dark")):
            page.set_viewport_size({"width": width, "height": 900})
            page.emulate_media(color_scheme=scheme)
            page.locator(".vint-class-after").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"learner-traveller-link-{width}-{scheme}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= width + 1, (width, scheme)
        context.close()
    results = served.store.results("4b")
    assert [r.learner for r in results] == ["anna"]
    assert results[0].contract is not None  # she bid: a contract was played, scored by the store's replay
