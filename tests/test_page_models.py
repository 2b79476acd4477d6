"""What a table's page loads at the start: its widget models, fewer since the review makes its parts only once a deal
is over and the widgets hidden at times share two layouts (:func:`vint_core.widgets.style.show_if`).

Counted as the page gets them: each widget's ``comm_open`` (its state) and every later message, through a comm that
records instead of sending. Before these (main at 24393c0) a new table opened 236 models; now 134.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from vint_core import Bid, Seat
from vint_core.table.session import TableSession
from vint_core.widgets import Table
from vint_core.widgets.style import shared

#: a new table opened 236 models before the review was made when first needed and the layouts shared
MOST_MODELS = 150


class Sent:
    """The widget messages, in order: (kind, the comm's id, its data)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str, dict[str, Any]]] = []

    def opened(self) -> list[str]:
        return [comm_id for kind, comm_id, _ in self.messages if kind == "comm_open"]

    def state(self, comm_id: str) -> dict[str, Any]:
        return next(data["state"] for kind, cid, data in self.messages if kind == "comm_open" and cid == comm_id)

    def clear(self) -> None:
        self.messages.clear()


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Sent]:
    import comm
    from comm.base_comm import BaseComm

    record = Sent()

    class Counted(BaseComm):  # type: ignore[misc]
        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None, buffers: Any = None,
                        **keys: Any) -> None:
            record.messages.append((msg_type, self.comm_id, json.loads(json.dumps(data or {}, default=str))))

    monkeypatch.setattr(comm, "create_comm", lambda *args, **kwargs: Counted(*args, **kwargs))
    widgets.Widget.close_all()
    yield record
    widgets.Widget.close_all()


def references_come_after_their_models(record: Sent, opened_before: frozenset[str] | set[str] = frozenset()) -> None:
    """Every model a message names (``IPY_MODEL_…``) was opened before it: the page can build what it is told."""
    opened = set(opened_before)
    for kind, comm_id, data in record.messages:
        named = set(re.findall(r"IPY_MODEL_([0-9a-f]+)", json.dumps(data)))
        assert named <= opened | ({comm_id} if kind == "comm_open" else set()), (kind, named - opened)
        if kind == "comm_open":
            opened.add(comm_id)


def play_out(table: Table, seed: int = 5) -> None:
    """Click calls (a bid if none yet, else Pass) and cards until a deal with its tricks played is over."""
    rng = random.Random(seed)
    s = table.session
    while not (s.deal.is_finished and s.deal.tricks):
        if s.deal.is_finished:  # passed out
            table.next_button.click()
        elif table.bidding.enabled:
            opened = any(isinstance(c, Bid) for c in s.deal.auction.calls)
            bids = [c for c in table.bidding.enabled if isinstance(c, Bid)]
            table.bidding.button(bids[0] if bids and not opened else table.bidding.enabled[-1]).click()
        else:
            table.hand.button(rng.choice(table.hand.enabled)).click()


def review_parts_opened(table: Table) -> bool:
    return bool(table.review.widget.children) and all(w.comm is not None for w in table.review.widget.children)


def test_a_new_table_opens_fewer_models_and_the_review_only_once_a_deal_is_over(sent: Sent) -> None:
    table = Table(TableSession(seed=99, bots={seat: "rule" for seat in Seat}, autosave=False), pace="none")
    opened = sent.opened()
    assert len(opened) < MOST_MODELS
    assert [kind for kind, _, _ in sent.messages] == ["comm_open"] * len(opened)  # one message each, as before
    # the review: one model (its panel, hidden, empty) and its layout shared with the other hidden widgets
    assert table.review.widget.children == () and table.review.widget.layout is shared("hidden")
    assert not any("vint-review-weigh-box" in sent.state(cid).get("_dom_classes", ()) for cid in opened)
    # the hand: 13 cards, no layout of their own (hidden and shown through the two shared ones)
    layouts = {cid for cid in opened if sent.state(cid)["_model_name"] == "LayoutModel"}
    assert len(layouts) <= 5
    assert {b.layout for b in table.hand._buttons} <= {shared("layout"), shared("hidden")}
    before = set(opened)
    sent.clear()
    play_out(table)
    # the deal is over: the review's parts came to the page, each opened before the panel names it
    assert review_parts_opened(table) and table.review.widget.layout is shared("layout")
    references_come_after_their_models(sent, before)
    board = next(sent.state(cid) for cid in sent.opened() if cid == table.review.board.comm.comm_id)
    deal = table.session.deal
    assert all(f'data-card="{card.pbn}"' in board["value"] for seat in Seat for card in deal.hands[seat])
    # … and it works: the replay steps back, the learner's cards were weighed
    table.review.back.click()
    assert table.review.slider.value == 12 and table.review.board.value != board["value"]
    assert "Your cards and calls weighed" in table.review.weigh_text.value
    assert table.review.weigh_box.layout is shared("layout")
    # the next deal puts it away; the parts stay, for the next review
    table.next_button.click()
    assert table.review.widget.layout is shared("hidden") and table.review.board.value == ""
    assert review_parts_opened(table)


def test_a_saved_game_in_its_review_opens_with_the_review_shown(sent: Sent, tmp_path: Path) -> None:
    save = tmp_path / "table.json"
    table = Table.open(save_path=save, bots=("rule", "rule", "rule"), seed=46, pace="none")
    play_out(table, seed=2)
    reasons = table.review.reasons.value
    widgets.Widget.close_all()
    sent.clear()
    again = Table.open(save_path=save, pace="none")
    opened = sent.opened()
    # the review is part of what the page loads at the start, drawn in the state each part opens with
    assert [kind for kind, _, _ in sent.messages] == ["comm_open"] * len(opened)
    references_come_after_their_models(sent)
    assert review_parts_opened(again) and again.review.widget.layout is shared("layout")
    assert sent.state(again.review.reasons.comm.comm_id)["value"] == reasons
    board = sent.state(again.review.board.comm.comm_id)["value"]
    assert all(f'data-card="{card.pbn}"' in board for seat in Seat for card in again.session.deal.hands[seat])


def test_the_shared_layouts_stay_as_they_were_made(sent: Sent) -> None:
    """A widget that shares a layout is hidden by taking the shared hidden one, never by changing its layout: a
    change to a shared layout would show on every widget that has it."""
    table = Table(TableSession(seed=31, bots={seat: "random" for seat in Seat}, autosave=False), pace="none")
    for _ in range(2):
        play_out(table, seed=7)
        review = table.review
        if review.weighing is not None and review.weighing.marked:
            review.learn_button.click()
            review.try_card(next(iter(review.learn_position()[0].expected)))  # type: ignore[index]
            review.stop_learning()
        table.next_button.click()
    table.howto_part.selected_index = 0
    table.howto_part.selected_index = None
    plain = {name: getattr(shared("layout"), name) for name in shared("layout").keys if not name.startswith("_")}
    assert all(value is None for value in plain.values()), plain
    hidden = {name: getattr(shared("hidden"), name) for name in shared("hidden").keys if not name.startswith("_")}
    assert {name: value for name, value in hidden.items() if value is not None} == {"display": "none"}
    changed = [(kind, data) for kind, cid, data in sent.messages
               if kind == "comm_msg" and cid in (shared("layout").comm.comm_id, shared("hidden").comm.comm_id)]
    assert changed == []


def test_the_reviews_list_of_parts_names_exactly_what_it_makes() -> None:
    """``ReviewPanel._PARTS`` (the names that make the parts when read early) is every attribute ``_make`` sets: a
    part added to one and not the other fails here, not when a test or script reads it before the first deal."""
    from vint_core.widgets.review import ReviewPanel

    panel = ReviewPanel()
    before = set(vars(panel))
    panel._make_now()
    assert set(vars(panel)) - before == ReviewPanel._PARTS
