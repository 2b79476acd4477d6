"""A click counts only for the position it was made on: a second click of a double click, arriving once the
computer players have answered the first one at once (pace "none"), is refused, not played in the new position.
(The same in a real browser: tests/test_app_browser.py::test_a_double_click_on_pass_makes_one_pass.)"""

from __future__ import annotations

from typing import Any

import pytest

from vint_core import PASS, Deal, Phase, Seat
from vint_core.table.controller import Controller
from vint_core.table.session import TableSession


def passes_by(deal: Deal, seat: Seat) -> int:
    return sum(1 for who, call in deal.view(seat).calls_by() if who == seat and call is PASS)


def page_reports(mark: Any) -> None:
    """What the page's jsdlink sends once it has a drawing: the drawn number, copied, as the page's update message."""
    slot = mark.last_slot
    mark.seen_slots[slot].set_state({"value": mark.drawn_slots[slot].value})


def learner_to_call(seed: int = 3) -> Controller:
    table = Controller(TableSession(seed=seed, bots={s: "rule" for s in Seat}, autosave=False), pace="none")
    table.advance()
    assert table.session.human_to_act() and table.session.deal.phase is Phase.AUCTION
    return table


def test_a_click_for_a_position_gone_by_is_refused_quietly_and_changes_nothing() -> None:
    table = learner_to_call()
    drawn = table.position
    first = table.act(PASS, position=drawn)
    assert first.accepted
    if first.follow:
        table.advance()
    assert table.session.human_to_act() and PASS in table.controls().calls  # Pass could be played again …
    assert table.position != drawn
    deal, note = table.session.deal, table.note
    second = table.act(PASS, position=drawn)  # … but this click was made on the drawing before the first pass
    assert not second.accepted and table.session.deal is deal and table.note == note is None
    assert table.act(PASS, position=table.position).accepted  # a click on the position drawn now counts


def test_the_position_changes_with_every_action_an_undo_and_a_new_deal() -> None:
    table = learner_to_call()
    seen = {table.position}
    table.act(PASS)
    seen.add(table.position)
    table.advance()
    seen.add(table.position)
    table.undo()
    assert table.position not in seen  # back where it was, but an undo later: a click made before it is refused
    seen.add(table.position)
    while not table.session.deal.is_finished:
        table.act(table.controls().calls[0] if table.controls().calls else table.controls().cards[0])
        table.advance()
        assert table.position not in seen
        seen.add(table.position)
    table.next_deal()
    assert table.position not in seen


def test_a_double_click_on_pass_at_the_table_makes_one_pass() -> None:
    """The widget path: the page reports the position it has drawn (PageMark's link, set here as the page's
    message sets it); two clicks arrive before it reports the next one."""
    from vint_core.widgets import Table

    table = Table(TableSession(seed=3, bots={s: "rule" for s in Seat}, autosave=False), pace="none")
    human = table.session.human
    assert table.bidding.enabled and PASS in table.bidding.enabled
    page_reports(table.mark)
    before = passes_by(table.session.deal, human)
    button = table.bidding.button(PASS)
    button.click()
    assert passes_by(table.session.deal, human) == before + 1
    assert table.session.human_to_act() and PASS in table.bidding.enabled  # the computer players answered at once
    button.click()  # the double click's second click, sent before the page had the new drawing
    assert passes_by(table.session.deal, human) == before + 1
    page_reports(table.mark)  # the page has drawn the answers
    button.click()
    assert passes_by(table.session.deal, human) == before + 2


def test_without_a_page_every_click_counts() -> None:
    """In a script or a notebook without the page's report (nothing is ever sent back), clicks are taken as made."""
    from vint_core.widgets import Table

    table = Table(TableSession(seed=3, bots={s: "rule" for s in Seat}, autosave=False), pace="none")
    assert table.mark.seen is None
    human = table.session.human
    before = passes_by(table.session.deal, human)
    table.bidding.button(PASS).click()
    table.bidding.button(PASS).click()
    assert passes_by(table.session.deal, human) == before + 2


def test_a_double_click_on_pass_in_the_lesson_deal_makes_one_pass() -> None:
    """OneDeal (lessons 04–05) forwards its clicks the same way; its next deal, a new controller, does not take a
    click on the old deal's drawing for its own."""
    from vint_core.widgets import OneDeal

    lesson = OneDeal(seed=3)
    human = lesson.session.human
    assert PASS in lesson.box.enabled
    page_reports(lesson.mark)
    before = passes_by(lesson.session.deal, human)
    lesson.box.button(PASS).click()
    assert PASS in lesson.box.enabled  # the computer players answered at once: Pass stands for the next call
    lesson.box.button(PASS).click()
    assert passes_by(lesson.session.deal, human) == before + 1
    old = lesson.mark.drawn_slots[lesson.mark.last_slot].value
    lesson.next_deal()
    assert lesson.controller.position != old


def _table() -> Any:
    from vint_core.widgets import Table
    table = Table(TableSession(seed=3, bots={s: "rule" for s in Seat}, autosave=False), pace="none")
    return table, table.hand, table.bidding


def _lesson_deal() -> Any:
    from vint_core.widgets import OneDeal
    lesson = OneDeal(seed=3)
    return lesson, lesson.hand, lesson.box


def _live(state: dict[int, dict[str, Any]], group: list[Any], frame: Any) -> bool:
    """In the page's state ``state``: can a button of ``group`` in ``frame`` (the hand's row, the box) be clicked?"""
    f = state[id(frame)]
    return "vint-wait" not in f["_dom_classes"] and f["display"] != "none" and any(
        not state[id(b)]["disabled"] and state[id(b)]["display"] != "none" for b in group)


@pytest.mark.parametrize("made", [_table, _lesson_deal], ids=["table", "lesson-deal"])
def test_no_card_or_call_can_be_clicked_in_the_page_before_the_page_has_its_drawings_number(
        monkeypatch: Any, made: Any) -> None:
    """The page reports a drawing's number (PageMark) as soon as that number arrives, and the kernel refuses a click
    that comes before the report of the drawing it was made on. So the number must reach the page before any card
    or call of the drawing can be clicked: replayed in the order the kernel sends them, once a click's drawing has
    frozen the hand and the box, the page's widget states never show a clickable card or call (enabled, shown, its
    hand or box not frozen) while the last number sent is not the position (it was: the hand and the box were
    unfrozen before the number was sent, and on a busy machine a quick click between the two was refused as "a
    double click?")."""
    import ipywidgets as widgets

    front, hand, box_view = made()
    sent: list[tuple[Any, dict[str, Any]]] = []

    def record(self: Any, msg: dict[str, Any], buffers: Any = None) -> None:
        if msg.get("method") == "update":
            sent.append((self, msg["state"]))
    monkeypatch.setattr(widgets.Widget, "_send", record)
    hand_row, box = hand.row, box_view.widget
    cards, calls = list(hand_row.children), list(box_view.buttons)
    marks = set(front.mark.drawn_slots)
    clicks = thawed = 0
    while not front.controller.session.deal.is_finished and clicks < 30:
        state = {id(w): {"_dom_classes": tuple(w._dom_classes), "disabled": getattr(w, "disabled", False),
                         "display": w.layout.display} for w in (hand_row, box, *cards, *calls)}
        layouts = {id(w.layout): id(w) for w in (hand_row, box, *cards, *calls)}
        mark = front.mark._last
        sent.clear()
        controls = front.controller.controls()
        if controls.calls:
            box_view.button(controls.calls[0]).click()
        elif controls.cards:
            hand.button(controls.cards[0]).click()
        else:
            break
        clicks += 1
        position = front.controller.position
        frozen = False

        for widget, update in sent:
            if widget in marks and "value" in update:
                mark = update["value"]
            target = layouts.get(id(widget), id(widget))
            for key, value in update.items():
                if target in state and key in state[target]:
                    state[target][key] = tuple(value) if key == "_dom_classes" else value
            if not (_live(state, cards, hand_row) or _live(state, calls, box)):
                frozen = True  # the click's drawing froze the hand and the box (what was live was the drawing before)
            elif frozen:
                assert mark == position, f"click {clicks}: clickable with the number {mark} sent, at {position}"
        thawed += frozen and (_live(state, cards, hand_row) or _live(state, calls, box))
    assert clicks >= 10 and thawed >= clicks - 2  # each click's answers end on the learner's turn, nearly always
