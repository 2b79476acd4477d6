"""The review panel's weighing of the learner's cards and calls (vint_core.widgets.review), without a browser.

Each test waits for the panel's own signal (``ReviewPanel.weighed``, a future), never for a fixed time.
"""

from __future__ import annotations

import asyncio
import sys
import threading

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from review_support import fresh_cache  # noqa: F401  (autouse: each test weighs for itself)
from test_weighing import CASH, finish

from vint_core import PASS, Bid, Card, Seat
from vint_core.deal import Phase
from vint_core.render import esc
from vint_core.table import review_work
from vint_core.table.review import position_after
from vint_core.table.weighing import Weighing
from vint_core.widgets.lessons import OneDeal
from vint_core.widgets.review import ReviewPanel

S = Seat.SOUTH
WAIT = 300  # seconds at most for one weighing on a busy machine (it takes 1–5 s)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Card, ...]]:
    """Every weighing the panel starts, recorded (by the learner's cards), then worked out for real."""
    started: list[tuple[Card, ...]] = []
    real = review_work.weigh

    def weigh(deal, seat, *, samples):  # type: ignore[no-untyped-def]
        started.append(tuple(a for a in deal.actions if isinstance(a, Card)))
        return real(deal, seat, samples=samples)

    monkeypatch.setattr(review_work, "weigh", weigh)
    return started


def weighed(panel: ReviewPanel) -> Weighing:
    return panel.weighed.result(timeout=WAIT)


def test_the_weighing_is_worked_out_in_the_background_while_the_review_stays_usable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a kernel: the review is shown from the event loop, the weighing runs in a worker thread (the solver's
    seconds) and comes back to the loop, which stays free for the learner's clicks meanwhile."""
    deal = finish(CASH, "2D")
    release, started = threading.Event(), threading.Event()
    real = review_work.weigh

    def slow_weigh(deal, seat, *, samples):  # type: ignore[no-untyped-def]
        started.set()
        assert release.wait(WAIT), "the test never let the weighing go on"
        return real(deal, seat, samples=samples)

    monkeypatch.setattr(review_work, "weigh", slow_weigh)

    async def in_the_kernel() -> tuple[ReviewPanel, object]:
        panel = ReviewPanel(bottom=S)
        panel.show(deal, lines=deal.score())  # returns at once: the weighing waits in its thread
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(None, started.wait, WAIT) and not panel.weighed.done()
        assert "Weighing your cards…" in panel.weigh_text.value and 'role="status"' in panel.weigh_text.value
        assert panel.weigh_box.layout.display is None and panel.moments.children == ()
        # the rest of the review works meanwhile
        panel.slider.value = 3
        assert panel.board.value.count("<li>") == 3
        panel.back.click()
        assert panel.slider.value == 2
        release.set()
        return panel, await asyncio.wait_for(asyncio.wrap_future(panel.weighed), WAIT)

    panel, weighing = asyncio.run(in_the_kernel())
    assert panel.weighing is weighing and "Weighing your cards" not in panel.weigh_text.value
    for line in weighing.summary("en"):  # type: ignore[attr-defined]
        assert esc(line) in panel.weigh_text.value
    assert "lost" in panel.weigh_text.value and "in the bidding" in panel.weigh_text.value


def test_without_a_solver_the_review_starts_no_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser's Python (Pyodide) has no threads and no solver: the review weighs at once, with the notice."""
    deal = finish(CASH, "2D")
    monkeypatch.setattr(review_work, "analysis_available", lambda: False)
    monkeypatch.setattr(review_work, "weigh", lambda deal, seat, *, samples: Weighing(seat, (), needs_endplay=True,
                                                                                      notice_key="weigh_needs_endplay"))

    def no_thread(*args: object, **kwargs: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)

    async def in_the_kernel() -> ReviewPanel:
        panel = ReviewPanel(bottom=S)
        panel.show(deal, lines=deal.score())
        return panel

    panel = asyncio.run(in_the_kernel())
    assert panel.weighed.done() and panel.weighed.result().needs_endplay


def test_each_marked_card_is_listed_with_its_mark_the_better_card_and_why() -> None:
    deal = finish(CASH, "2D")  # South gives up the lead with A♠ still in hand: costly
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighing = weighed(panel)
    assert weighing.marked, "the constructed ending has a costly card"
    costly = next(c for c in weighing.marked if c.card == Card.parse("2D"))
    assert costly.mark == "costly" and costly.best == Card.parse("AS") and costly.why is not None
    html = panel.weigh_marked.value
    assert html.count('class="vint-weigh-card') == len(weighing.marked)
    assert '<span class="vint-weigh-mark vint-weigh-costly">costly</span>' in html
    assert esc(costly.text("en")) in html and "A♠ was a sure trick" in html
    for card in weighing.marked:
        assert esc(card.text("en")) in html


def test_the_costliest_moments_are_buttons_that_move_the_replay() -> None:
    deal = finish(CASH, "2D")
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighing = weighed(panel)
    moments = weighing.costliest()
    buttons = panel.moments.children
    assert moments and len(buttons) == len(moments) <= 3 and panel.moments.layout.display is None
    assert [b.description for b in buttons] == [f"Trick {c.trick}: {c.card}" for c in moments]
    assert all(isinstance(b, widgets.Button) and b.tooltip for b in buttons)  # a real button: Tab and Enter reach it
    assert panel.slider.value == 13
    for card, button in zip(moments, buttons, strict=True):
        button.click()
        assert panel.slider.value == card.trick - 1  # the cards held before that trick, the card still in hand
        before = position_after(deal, card.trick - 1)
        from vint_core import render
        assert panel.board.value == render.deal_html(before, bottom=S, lang="en", css=False)
        assert f'data-card="{card.card.pbn}"' in panel.board.value


def test_without_endplay_the_review_says_so_and_shows_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = finish(CASH, "2D")
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighing = weighed(panel)
    assert weighing.needs_endplay
    assert esc(weighing.notice("en")) in panel.weigh_text.value and "endplay" in panel.weigh_text.value
    assert panel.weigh_marked.value == "" and panel.moments.children == ()
    # the rest of the review as before: the hands, the replay, the score
    assert panel.slider.max == 13 and all(f'data-card="{c.pbn}"' in panel.board.value for c in deal.hands[S])
    assert all(esc(line.text("en")) in panel.score.value for line in deal.score())


def test_a_review_opened_again_or_in_german_is_not_weighed_again(counted: list[tuple[Card, ...]]) -> None:
    deal = finish(CASH, "2D")
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    first = weighed(panel)
    panel.show(deal, lines=deal.score())  # the same review drawn again (the table does on a language switch)
    assert weighed(panel) is first
    panel.set_lang("de")
    panel.show(deal, lines=deal.score())
    assert weighed(panel) is first and len(counted) == 1
    assert "Deine Karten und Ansagen gewogen" in panel.weigh_text.value
    assert esc(first.summary("de")[0]) in panel.weigh_text.value
    assert "teuer</span>" in panel.weigh_marked.value
    assert panel.moments.children and all(b.description.startswith("Stich ") for b in panel.moments.children)
    # another panel (lesson 05 shown again) keeps it too
    other = ReviewPanel(bottom=S)
    other.show(deal, lines=deal.score())
    assert weighed(other) is first and len(counted) == 1
    # cleared for the next deal: nothing of the weighing stays in the page
    panel.clear()
    assert panel.weigh_text.value == panel.weigh_marked.value == "" and panel.weigh_box.layout.display == "none"


def test_one_deal_weighs_the_learners_cards_only_once_the_deal_is_over(counted: list[tuple[Card, ...]]) -> None:
    lesson = OneDeal(seed=4)
    s = lesson.session
    while not s.deal.is_finished:
        assert counted == [] and lesson.review.weigh_box.layout.display == "none"
        assert lesson.review.weigh_text.value == ""
        controls = lesson.controller.controls()
        if s.deal.phase is Phase.AUCTION:  # a bid first, then passes
            bids = [c for c in controls.calls if isinstance(c, Bid)]
            assert lesson.act(bids[0] if bids and not any(isinstance(c, Bid) for c in s.deal.auction.calls)
                              else PASS)
        else:
            assert lesson.act(controls.cards[0])
    weighing = weighed(lesson.review)
    assert len(counted) == 1 and weighing.seat is S
    assert "Your cards and calls weighed" in lesson.review.weigh_text.value
    if s.deal.contract is not None:
        assert len(weighing.cards) == 13


def test_learn_from_your_mistakes_puts_the_learner_back_and_weighs_the_card_tried() -> None:
    deal = finish(CASH, "2D")
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighing = weighed(panel)
    assert panel.learn_button.layout.display is None and panel.learn_box.layout.display == "none"
    assert isinstance(panel.learn_button, widgets.Button)  # reached with Tab, pressed with Enter
    index = next(i for i, c in enumerate(weighing.marked) if c.card == Card.parse("2D"))
    panel.learn_button.click()
    assert panel.learn_at == 0 and panel.learn_box.layout.display is None
    panel.learn(index)
    weight = weighing.marked[index]
    # the same hands and the cards played so far, drawn as the review's replay draws a position
    got = panel.learn_position()
    assert got is not None and got[0] is weight
    before = got[1]
    assert len(before.tricks) == weight.trick - 1 and before.to_act is S
    assert before.actions == deal.actions[:len(before.actions)] and deal.actions[len(before.actions)] == weight.card
    from vint_core import render
    assert panel.learn_board.value == render.deal_html(before, bottom=S, lang="en", css=False)
    assert f'data-card="{weight.card.pbn}"' in panel.learn_board.value  # the card not played yet
    assert f"trick {weight.trick}: you played 2♦ (costly)" in panel.learn_prompt.value
    # the legal cards as buttons, and nothing else
    labels = [b.description for b in panel.learn_cards.children]
    legal = [a for a in before.legal_actions() if isinstance(a, Card)]
    assert sorted(labels) == sorted(str(c) for c in legal) and len(labels) == len(weight.expected)
    # the card played again: not as good, by how much, and why
    assert panel.try_card(weight.card) is False
    said = panel.learn_feedback.value
    assert "That is the card you played." in said and "is not as good" in said
    assert f"{round(weight.cost)} points less" in said and esc(weight.why.text("en")) in said  # type: ignore[union-attr]
    # the better card, by clicking its button
    next(b for b in panel.learn_cards.children if b.description == "A♠").click()
    said = panel.learn_feedback.value
    assert "A♠ is as good as the best by what you could know" in said
    assert f"on average your side ends {round(weight.expected[weight.best])} points" in said
    assert f"over {weight.samples} deals" in said
    # in German, the same position and answer
    panel.set_lang("de")
    assert "du hast 2♦ gespielt (teuer)" in panel.learn_prompt.value
    assert "A♠ ist nach dem, was du wissen konntest, so gut wie die beste Karte" in panel.learn_feedback.value
    panel.set_lang("en")
    # the next marked position, until the last; then back to the review
    panel.learn(len(weighing.marked) - 1)
    assert panel.learn_next.disabled and panel.learn_feedback.value == ""
    if len(weighing.marked) > 1:
        panel.learn(0)
        assert not panel.learn_next.disabled
        panel.learn_next.click()
        assert panel.learn_at == 1
    panel.learn_stop.click()
    assert panel.learn_at is None and panel.learn_box.layout.display == "none" and panel.learn_board.value == ""
    assert panel.slider.value == 13  # the review's own replay untouched


def test_a_card_that_cannot_be_played_there_is_refused() -> None:
    deal = finish(CASH, "2D")
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighed(panel)
    assert panel.try_card(Card.parse("AS")) is False  # the mode is closed
    panel.learn()
    got = panel.learn_position()
    assert got is not None
    not_legal = next(c for c in deal.hands[Seat.WEST])
    assert panel.try_card(not_legal) is False and panel.learn_feedback.value == ""


def test_the_solver_is_called_by_one_thread_at_a_time() -> None:
    """The review's weighing and its double-dummy analysis may run in worker threads at once; DDS called by two
    threads together crashed the whole process (a segmentation fault, "Sum 7 is not four"): the kernel gone."""
    from vint_core.analysis import Position, solve_positions
    from vint_core.deal import Deal

    positions = [Position(tuple(h._mask for h in d.hands), None, d.dealer)
                 for d in (Deal.new(seed=s) for s in range(16))]
    expected = solve_positions(positions)
    results: list[bool] = []

    def solve() -> None:
        for _ in range(3):
            results.append(solve_positions(positions) == expected)

    threads = [threading.Thread(target=solve) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert results == [True] * 9


def test_the_next_deal_leaves_nothing_of_the_last_ones_weighing_in_the_page() -> None:
    from test_widgets import assert_nothing_hidden, bid_to_play, new_table

    table = new_table(seed=31, bots={seat: "rule" for seat in Seat})
    bid_to_play(table)
    s = table.session
    while not s.deal.is_finished:
        assert table.review.weigh_box.layout.display == "none" and table.review.weigh_text.value == ""
        table.hand.button(table.hand.enabled[0]).click()
    review = table.review
    weighing = weighed(review)
    assert review.weigh_box.layout.display is None and "Your cards and calls weighed" in review.weigh_text.value
    buttons = list(review.moments.children)
    if weighing.marked:
        review.learn_button.click()
        buttons += list(review.learn_cards.children)
    assert buttons, "the deal played with the first legal card loses points somewhere"
    table.next_button.click()
    assert all(b.comm is None for b in buttons)  # closed: no model of them left for the page
    live = widgets.widgets.widget._instances.values()
    assert not any("vint-weigh-moment" in w._dom_classes or "vint-learn-card" in w._dom_classes
                   for w in live if hasattr(w, "_dom_classes"))
    assert review.weigh_text.value == "" and review.weigh_box.layout.display == "none"
    if s.deal.phase is not Phase.FINISHED:
        assert_nothing_hidden(table)
