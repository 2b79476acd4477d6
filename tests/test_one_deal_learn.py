"""Learn from your mistakes in lesson 05's one-deal table (vint_core.widgets.lessons.OneDeal): the deal of the
lesson's section, a winner not cashed on purpose, weighed in its review, the position given back, a better card
found and the rest played out. Each step waits for the panel's own signal (a future), never for a fixed time."""

from __future__ import annotations

import ipywidgets as widgets  # type: ignore[import-untyped]
from review_support import fresh_cache  # noqa: F401  (autouse: each test weighs for itself)

from vint_core import Card, Seat
from vint_core.render import esc
from vint_core.widgets.lessons import OneDeal

S = Seat.SOUTH
WAIT = 600
WRONG = Card.parse("3♠")


def lesson_deal() -> OneDeal:
    """Lesson 05's deal 15: South plays the computer player's cards (the hint) but leads the 3♠ at trick 9."""
    lesson = OneDeal(seed=15)
    s = lesson.session
    while not s.deal.is_finished:
        assert lesson.review.weigh_box.layout.display == "none" and lesson.review.learn_cards.children == ()
        assert lesson.act(WRONG if len(s.deal.tricks) == 8 else s.hint().action)
    return lesson


def test_one_deal_gives_back_the_marked_position_and_plays_the_rest_out() -> None:
    lesson = lesson_deal()
    panel = lesson.review
    weighing = panel.weighed.result(timeout=WAIT)
    nine = next(c for c in weighing.marked if c.trick == 9)
    assert nine.card == WRONG and nine.mark == "costly" and nine.best == Card.parse("K♥")
    assert "K♥ was a sure trick" in panel.weigh_marked.value
    # the calls beside the computer player's, and the contract beside the best one
    assert weighing.calls and all(esc(c.text("en")) in panel.weigh_text.value for c in weighing.calls)
    assert "The contract was 4♦ by East" in panel.weigh_text.value
    # the mode: a real button, then South's five cards at trick 9
    assert isinstance(panel.learn_button, widgets.Button) and panel.learn_button.layout.display is None
    panel.learn_button.click()
    panel.learn(weighing.marked.index(nine))
    got = panel.learn_position()
    assert got is not None and got[0] is nine and len(got[1].tricks) == 8
    labels = sorted(b.description for b in panel.learn_cards.children)
    assert labels == sorted(["J♠", "3♠", "K♥", "A♣", "Q♣"])
    assert "trick 9: you played 3♠ (costly)" in panel.learn_prompt.value
    # the A♣ looks sure, but is trumped: not as good; the K♥ is
    next(b for b in panel.learn_cards.children if b.description == "A♣").click()
    assert "A♣ is not as good" in panel.learn_feedback.value
    next(b for b in panel.learn_cards.children if b.description == "K♥").click()
    assert "K♥ is as good as the best by what you could know" in panel.learn_feedback.value
    assert panel.rest_button.layout.display is None
    panel.rest_button.click()
    rest = panel.rested.result(timeout=WAIT)
    assert (rest.tricks, rest.actual_tricks) == (4, 3) and rest.points - rest.actual_points == 160
    said = panel.rest_text.value
    assert "N–S take 4 of the 13 tricks" in said and "160 more than in the deal" in said
    assert panel.rest_slider.value == 9 and panel.rest_controls.layout.display is None
    assert panel.rest_board.value.count("<li>") == 9  # the tricks to the one with the card tried
    # in German too
    panel.set_lang("de")
    assert panel.rest_button.description == "Den Rest ausgespielt sehen"
    assert "160 mehr als im Spiel" in panel.rest_text.value
    assert "ist nach dem, was du wissen konntest, so gut wie die beste Karte" in panel.learn_feedback.value
    # the next deal: nothing of this one's mode is left
    buttons = list(panel.learn_cards.children)
    lesson.next_deal()
    assert all(b.comm is None for b in buttons) and panel.learn_at is None
    assert panel.rest_text.value == panel.rest_board.value == "" and panel.rest_box.layout.display == "none"
