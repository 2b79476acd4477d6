"""What one click at the table costs a server: the widget messages it sends, and when and whether it saves.

A server carries as many tables as the kernels' and its own work per click allows (``bench/load.py``
measures it); these tests hold the parts of that work the table decides: what is sent for a click,
and that the game is written only for a click that changed it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from vint_core import Bid, Phase, Seat
from vint_core.saves import file_mark
from vint_core.session import TableSession
from vint_core.widgets import Table

RULE_BOTS = {seat: "rule" for seat in Seat}


def new_table(*, seed: int = 5, save_path: Path | None = None) -> Table:
    widgets.Widget.close_all()
    session = TableSession(seed=seed, bots=RULE_BOTS, autosave=save_path is not None, save_path=save_path)
    return Table(session, pace="none")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Every widget update sent to the page from now on: (the widget's id, the state sent)."""
    messages: list[tuple[str, dict[str, Any]]] = []
    monkeypatch.setattr(widgets.Widget, "_send",
                        lambda self, msg, buffers=None: messages.append((self.model_id, msg.get("state", {}))))
    return messages


def learners_call(table: Table) -> Any:
    """A bid to open, passes after that (as a learner who bids once)."""
    enabled = table.bidding.enabled
    bids = [c for c in enabled if isinstance(c, Bid)]
    opened = any(isinstance(c, Bid) for c in table.session.deal.auction.calls)
    return bids[0] if bids and not opened else enabled[-1]


def test_only_a_click_that_changes_the_game_writes_it(tmp_path: Path) -> None:
    """One write for a call and its answers (``test_widgets.py`` holds when: before the answers are drawn); none
    for a refused action, a hint or a click on a disabled call."""
    path = tmp_path / "table.json"
    table = new_table(save_path=path)
    s = table.session
    saves: list[int] = []  # actions in the game at each write
    original = s.save

    def save() -> None:
        original()
        saves.append(len(s.deal.actions))

    s.save = save  # type: ignore[method-assign]
    table.bidding.button(learners_call(table)).click()
    assert saves == [len(s.deal.actions)]
    assert TableSession.open(path, bots=RULE_BOTS).deal.actions == s.deal.actions
    mark = file_mark(path)
    assert not table.act(next(iter(s.deal.hand(s.human))))  # a card during the auction: refused
    table.hint()
    disabled = next(c for c, b in table.bidding._buttons.items() if b.disabled)
    table.bidding.button(disabled).click()
    assert len(saves) == 1 and file_mark(path) == mark


def test_a_call_sends_nothing_to_the_hidden_auction_and_the_box_is_put_away_as_it_is(
        sent: list[tuple[str, dict[str, Any]]]) -> None:
    table = new_table()
    s = table.session
    calls = {table.bidding.button(c).model_id for c in table.bidding._buttons}
    side_auction = table.auction.widget.model_id
    while s.deal.phase is Phase.AUCTION:
        assert not s.deal.is_finished, "this seed's auction is played out"
        del sent[:]
        table.bidding.button(learners_call(table)).click()
        if s.deal.phase is Phase.AUCTION:  # drawn in the middle of the table; not in the side panel (hidden)
            assert side_auction not in {model for model, state in sent if "value" in state}
    # the click that ended the auction switched no call button off: the box is hidden with its buttons as they were
    assert not calls & {model for model, _ in sent}
    assert table.bidding.put_away_now and table.bidding.enabled == ()
    # drawn once the play begins, in the side panel: every call
    assert table.auction.widget.value.count("vint-call-text") == len(s.deal.auction.calls)
    # a call button left on in the hidden box calls nothing
    left_on = [c for c, b in table.bidding._buttons.items() if not b.disabled]
    actions = s.deal.actions
    for call in left_on[:3]:
        table.bidding.button(call).click()
    assert s.deal.actions == actions
    # a card: nothing to the bidding box or its buttons
    del sent[:]
    table.hand.button(table.hand.enabled[0]).click()
    assert not (calls | {table.bidding.widget.model_id}) & {model for model, _ in sent}
    # the next deal's auction offers exactly the legal calls again
    while not s.deal.is_finished:
        if s.human_to_act():
            table.hand.button(table.hand.enabled[0]).click()
        else:
            table.continue_play()
    table.next_button.click()
    while not s.human_to_act() and not s.deal.is_finished:
        table.next_button.click()
    assert s.deal.phase is Phase.AUCTION and not table.bidding.put_away_now
    assert set(table.bidding.enabled) == set(s.legal_actions())
