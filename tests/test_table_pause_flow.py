"""The controller's "Faster" (headless): the pace one step faster, the thinking player moving now, the step that was
scheduled before void, and nothing changed where there is no pause to shorten."""

from __future__ import annotations

from vint_core.seats import Seat
from vint_core.table.controller import Controller
from vint_core.table.session import TableSession


def thinking_table(pace: str) -> Controller:
    session = TableSession(seed=2024, bots={s: "rule" for s in Seat}, autosave=False)
    flow = Controller(session, pace=pace, timed=True)
    flow.advance()
    return flow


def test_faster_moves_the_thinking_player_now_and_voids_the_old_step() -> None:
    flow = thinking_table("slow")
    thinker = flow.thinking
    assert thinker is not None and "is thinking" in flow.status()
    old = flow.generation
    calls = len(flow.session.deal.auction.calls)
    update = flow.faster()
    assert flow.pace == "normal" and flow.session.settings.pace == "normal"
    assert len(flow.session.deal.auction.calls) == calls + 1  # the thinking player has called
    assert update.moves and update.moves[0].seat == thinker
    assert update.pause == flow.pause() == 0.45  # the next one at the new pace (halved in the auction)
    assert flow.step(old) is None  # the step scheduled before "Faster" does nothing
    assert len(flow.session.deal.auction.calls) == calls + 1


def test_faster_from_fast_means_no_pause_and_the_players_answer_at_once() -> None:
    flow = thinking_table("fast")
    flow.faster()
    assert flow.pace == "none" and flow.thinking is None and flow.session.human_to_act()


def test_faster_without_a_pause_changes_nothing() -> None:
    for pace in ("none", "confirm"):
        flow = thinking_table(pace)
        before = (flow.pace, flow.generation, len(flow.session.deal.actions))
        assert not flow.faster().accepted
        assert (flow.pace, flow.generation, len(flow.session.deal.actions)) == before
