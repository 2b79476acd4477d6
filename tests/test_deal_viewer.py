"""Lesson 00's deal control (DealViewer): the deal of a seed, the seeds around it, one drawing per click."""

from __future__ import annotations

import pytest
from widget_messages import sent_messages

from vint_core import Deal, Seat, render
from vint_core.errors import Reason, VintError
from vint_core.widgets import DealViewer
from vint_core.widgets.deals import MAX_SEED


def drawn(seed: int, dealer: Seat = Seat.NORTH) -> str:
    """What ``interact`` showed for a seed: the deal's own drawing (here without its style, given once)."""
    return render.deal_html(Deal.new(dealer=dealer, seed=seed), css=False)


def test_the_deal_of_seed_2026_as_lesson_00_shows_it() -> None:
    viewer = DealViewer(seed=2026)
    assert viewer.seed == 2026 and viewer.deal == Deal.new(dealer=Seat.NORTH, seed=2026)
    assert drawn(2026) in viewer.drawing.value
    assert "Seed 2026: North deals." in viewer.drawing.value
    assert {"vint-lesson", "vint-deal-viewer"} <= set(viewer.widget._dom_classes)
    assert viewer.next_button.description == "Next seed ▶" and "vint-deal-next" in viewer.next_button._dom_classes
    assert viewer.previous_button.description == "◀ Previous seed"
    assert "vint-deal-seed" in viewer.seed_box._dom_classes and viewer.feedback_text == ()


def test_next_previous_and_a_typed_seed_draw_that_deal() -> None:
    viewer = DealViewer(seed=2026)
    viewer.next_button.click()
    assert (viewer.seed, viewer.seed_box.value) == (2027, 2027) and drawn(2027) in viewer.drawing.value
    viewer.previous_button.click()
    assert viewer.seed == 2026 and drawn(2026) in viewer.drawing.value  # the same seed, the same cards
    viewer.seed_box.value = 7  # typed into the box, as the learner does
    assert viewer.deal == Deal.new(dealer=Seat.NORTH, seed=7) and drawn(7) in viewer.drawing.value
    assert "Seed 7: North deals." in viewer.drawing.value


def test_the_seeds_stop_at_0_and_at_the_highest() -> None:
    viewer = DealViewer(seed=1)
    viewer.previous_button.click()
    assert viewer.seed == 0 and viewer.previous_button.disabled and not viewer.next_button.disabled
    viewer.previous_button.click()  # disabled: nothing happens
    assert viewer.seed == 0
    viewer.show(-5)
    assert viewer.seed == 0
    viewer.show(MAX_SEED + 10)
    assert viewer.seed == MAX_SEED and viewer.next_button.disabled and not viewer.previous_button.disabled
    assert DealViewer(seed=-3).seed == 0


def test_another_dealer_and_german() -> None:
    viewer = DealViewer(seed=5, dealer=Seat.SOUTH, lang="de")
    assert viewer.deal == Deal.new(dealer=Seat.SOUTH, seed=5)
    german = render.deal_html(Deal.new(dealer=Seat.SOUTH, seed=5), lang="de", css=False)
    assert german in viewer.drawing.value and "Seed 5: Süd gibt." in viewer.drawing.value
    assert viewer.next_button.description == "Nächster Seed ▶"
    assert viewer.previous_button.description == "◀ Voriger Seed"


def test_a_click_sends_two_small_messages_the_seed_and_the_drawing() -> None:
    viewer = DealViewer(seed=2026)
    with sent_messages() as sent:
        viewer.next_button.click()
    assert sorted(id(w) for w, _ in sent) == sorted([id(viewer.drawing), id(viewer.seed_box)])
    assert sent.size < 6000  # the deal without its style (given once, when the widget is shown)
    assert sent.by(viewer.drawing)[0]["state"]["value"] == viewer.drawing.value


def test_a_failure_becomes_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    viewer = DealViewer(seed=2026)
    before = viewer.drawing.value

    def broken(**_kwargs: object) -> Deal:
        raise VintError(Reason.TABLE, detail="no cards today")

    monkeypatch.setattr(Deal, "new", broken)
    viewer.next_button.click()
    assert viewer.feedback_text == ("no cards today",)
    assert viewer.drawing.value == before and viewer.seed == 2026  # as it was


def test_lesson_01_chooses_the_dealer_too_the_hands_move_round() -> None:
    viewer = DealViewer(seed=7, dealer=Seat.SOUTH, choose_dealer=True)
    row = viewer.widget.children[3]  # style, title, status, then the controls
    assert viewer.dealer_box in row.children and "vint-deal-dealer" in viewer.dealer_box._dom_classes
    assert viewer.dealer_box.description == "Dealer" and viewer.dealer_box.label == "South"
    assert viewer.dealer_box not in DealViewer(seed=7).widget.children[3].children  # lesson 00: seeds only
    by_south = viewer.deal
    with sent_messages() as sent:
        viewer.dealer_box.value = Seat.NORTH  # chosen in the box, as the learner does
    assert sorted(id(w) for w, _ in sent) == sorted([id(viewer.drawing), id(viewer.dealer_box)])
    assert viewer.dealer is Seat.NORTH and viewer.deal == Deal.new(dealer=Seat.NORTH, seed=7)
    assert drawn(7, Seat.NORTH) in viewer.drawing.value and "Seed 7: North deals." in viewer.drawing.value
    # the same cards, each hand two seats further round
    assert all(viewer.deal.hand(seat.offset(2)) == by_south.hand(seat) for seat in Seat)
    viewer.next()
    assert viewer.deal == Deal.new(dealer=Seat.NORTH, seed=8)  # the dealer stays when the seed changes
    viewer.deal_by(Seat.WEST)
    assert viewer.deal == Deal.new(dealer=Seat.WEST, seed=8)
    assert DealViewer(seed=1, dealer=Seat.EAST, choose_dealer=True, lang="de").dealer_box.label == "Ost"


def test_a_failed_dealer_change_leaves_the_deal_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    viewer = DealViewer(seed=7, dealer=Seat.SOUTH, choose_dealer=True)
    before = viewer.drawing.value

    def broken(**_kwargs: object) -> Deal:
        raise VintError(Reason.TABLE, detail="no cards today")

    monkeypatch.setattr(Deal, "new", broken)
    viewer.deal_by(Seat.EAST)
    assert viewer.feedback_text == ("no cards today",)
    assert viewer.drawing.value == before and viewer.dealer is Seat.SOUTH and viewer.seed == 7
