"""At the Voilà table a click refused as made on an older drawing is said, as in the lessons (the sentence of
:func:`vint_core.widgets.drawn.click_gone_by`), in the status line, and gone again with the learner's next action:
the second click of a double click on Pass (refused by the controller), and the one of a double click on a card
(the first click played the card: its button, hidden, no longer forwards a click). The page's part is played here
as in tests/test_click_positions.py, then against a real kernel as in tests/test_page_mark_kernel.py; in a real
browser: tests/test_app_browser.py::test_a_double_click_on_a_card_is_said_and_play_goes_on."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from test_click_positions import page_reports, passes_by
from test_page_mark_kernel import Page, started_page

from vint_core import PASS, Phase, Seat
from vint_core.i18n import text
from vint_core.table.session import TableSession
from vint_core.widgets import Table

GONE_BY = text("widget_click_gone_by", "en")


def table_at(seed: int = 3, lang: str = "en") -> Table:
    table = Table(TableSession(seed=seed, bots={s: "rule" for s in Seat}, autosave=False, lang=lang), pace="none")
    page_reports(table.mark)
    return table


def shown(table: Table) -> str:
    """The status line as the page shows it."""
    return str(table.status.value)


def test_the_second_click_of_a_double_click_on_pass_is_said_until_the_next_action() -> None:
    table = table_at()
    human = table.session.human
    button = table.bidding.button(PASS)
    button.click()
    assert GONE_BY not in shown(table)
    before = passes_by(table.session.deal, human)
    button.click()  # sent before the page had the computer players' answers
    assert passes_by(table.session.deal, human) == before  # refused, as before …
    assert shown(table).count(GONE_BY) == 1 and table.status_text().startswith(GONE_BY)  # … and now said
    page_reports(table.mark)
    button.click()  # the next click, on the drawing shown now, counts, and the sentence goes
    assert passes_by(table.session.deal, human) == before + 1
    assert GONE_BY not in shown(table) and GONE_BY not in table.status_text()


def test_the_second_click_of_a_double_click_on_a_card_is_said_and_play_goes_on() -> None:
    table = table_at()
    while table.session.deal.phase is Phase.AUCTION:  # pass to the play (seed 3: the learner plays a card)
        table.bidding.button(PASS).click()
        page_reports(table.mark)
    assert table.hand.enabled
    card = table.hand.enabled[0]
    button = table.hand.button(card)
    held = len(table.hand.cards)
    button.click()
    assert len(table.hand.cards) == held - 1 and card not in table.hand.cards and GONE_BY not in shown(table)
    played = len(table.session.deal.actions)
    button.click()  # the played card's button, clicked again on the drawing the page still shows
    assert len(table.session.deal.actions) == played and GONE_BY in shown(table)
    page_reports(table.mark)
    table.hand.button(table.hand.enabled[0]).click()  # play on: the card counts, the sentence goes
    assert len(table.session.deal.actions) > played and GONE_BY not in shown(table)


def test_a_click_on_the_drawing_shown_is_not_said_to_have_gone_by() -> None:
    """Clicks without a page (nothing reported) and a refused click on the current drawing say nothing of it."""
    table = Table(TableSession(seed=3, bots={s: "rule" for s in Seat}, autosave=False), pace="none")
    table.bidding.button(PASS).click()
    table.bidding.button(PASS).click()
    assert GONE_BY not in shown(table) and GONE_BY not in table.status_text()
    page_reports(table.mark)
    table.undo_button.click()
    assert GONE_BY not in shown(table)


def test_the_sentence_is_in_the_tables_language() -> None:
    table = table_at(lang="de")
    button = table.bidding.button(PASS)
    button.click()
    button.click()
    assert text("widget_click_gone_by", "de") in shown(table) and GONE_BY not in shown(table)


@pytest.fixture
def kernel_page() -> Iterator[Page]:
    with started_page() as started:
        yield started


def test_a_double_click_on_pass_at_the_table_is_said_in_a_real_kernel(kernel_page: Page) -> None:
    """The page's two clicks on Pass reach the kernel before the page has the answers' drawing: one pass, and the
    status line the page is sent says why the second one was not played."""
    page = kernel_page
    page.run("import json\nfrom vint_core import PASS, Seat\nfrom vint_core.table.session import TableSession\n"
             "from vint_core.widgets import Table\n"
             "table = Table(TableSession(seed=3, bots={s: 'rule' for s in Seat}, autosave=False), pace='none')")
    model = json.loads(page.run("print(json.dumps(table.bidding.button(PASS).model_id))"))
    status = json.loads(page.run("print(json.dumps(table.status.model_id))"))
    first = page.send(model, {"method": "custom", "content": {"event": "click"}})
    second = page.send(model, {"method": "custom", "content": {"event": "click"}})  # before the new drawing came
    page.pump(lambda: first in page.idle and second in page.idle)
    passes = json.loads(page.run("print(json.dumps(sum(1 for who, call in table.session.deal.view(table.session.human)"
                                 ".calls_by() if who == table.session.human and call is PASS)))"))
    assert passes == 1
    assert GONE_BY in page.state[status]["value"]  # the page has it, in the status line
    assert not page.errors, page.errors


def test_the_second_click_of_a_double_click_on_a_card_in_the_lesson_deal_is_said() -> None:
    """Lessons 04–05's OneDeal says it too, in its feedback list: the hand drops the played card's second click
    before the lesson sees it, and the lesson's handler after the hand's says why it was not played, once."""
    from vint_core.widgets import OneDeal

    lesson = OneDeal(seed=3)
    page_reports(lesson.mark)
    while lesson.session.deal.phase is Phase.AUCTION:  # pass to the play (seed 3: the learner plays a card)
        lesson.box.button(PASS).click()
        page_reports(lesson.mark)
    assert lesson.hand.enabled and GONE_BY not in lesson.feedback_text
    card = lesson.hand.enabled[0]
    button = lesson.hand.button(card)
    button.click()
    assert card not in lesson.hand.cards and GONE_BY not in lesson.feedback_text
    played = len(lesson.session.deal.actions)
    button.click()  # the played card's button, clicked again on the drawing the page still shows
    assert len(lesson.session.deal.actions) == played and lesson.feedback_text.count(GONE_BY) == 1
    assert GONE_BY in str(lesson.feedback.value)  # the page has it
    page_reports(lesson.mark)
    lesson.hand.button(lesson.hand.enabled[0]).click()  # play on: the card counts, nothing more is said of it
    assert len(lesson.session.deal.actions) > played and lesson.feedback_text.count(GONE_BY) == 1


def test_a_double_click_on_pass_in_the_lesson_deal_is_said_once() -> None:
    """The second click on Pass reaches the lesson and is refused there: said once, not by both handlers."""
    from vint_core.widgets import OneDeal

    lesson = OneDeal(seed=3)
    page_reports(lesson.mark)
    lesson.box.button(PASS).click()
    lesson.box.button(PASS).click()
    assert lesson.feedback_text.count(GONE_BY) == 1
