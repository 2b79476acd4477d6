"""The table's frame (vint_core.table.frame): everything a front end draws, worked out once by the controller, an
immutable value, and only what the learner may see. Without Jupyter, but for the last test (the widget draws it)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from widget_messages import sent_messages

from vint_core import PASS, Phase, Seat, Side
from vint_core.table.controller import Controller
from vint_core.table.frame import TableFrame


def play_to(table: Controller, *, actions: int, seed: int = 1) -> None:
    """The learner passes and plays random legal cards until the deal has ``actions`` actions (or is over)."""
    rng = random.Random(seed)
    table.advance()
    while len(table.session.deal.actions) < actions and not table.session.deal.is_finished:
        controls = table.controls()
        update = table.act(PASS if controls.calls else rng.choice(controls.cards))
        if update.follow:
            table.advance()


def test_a_frame_is_an_immutable_value_equal_to_the_next_one_while_nothing_happens() -> None:
    table = Controller.one_deal(seed=11)
    play_to(table, actions=30)
    frame = table.frame()
    assert isinstance(frame, TableFrame) and frame == table.frame() and hash(frame.seats) == hash(table.frame().seats)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.status = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.seats[0].cards_left = 13  # type: ignore[misc]
    parts = (frame.seats, frame.meanings, frame.controls.calls, frame.controls.cards, frame.howto)
    assert all(isinstance(part, tuple) for part in parts)
    table.act(table.controls().cards[0])
    assert table.frame() != frame  # a card played: another frame


def test_the_frame_counts_cards_and_tricks_as_the_deal_has_them() -> None:
    table = Controller.one_deal(seed=5)
    play_to(table, actions=40, seed=5)
    deal = table.session.deal
    frame = table.frame()
    assert frame.phase is Phase.PLAY and frame.human is Seat.SOUTH
    assert [s.seat for s in frame.seats] == [Seat.WEST, Seat.NORTH, Seat.EAST]  # from the learner's left
    for seat in frame.seats:
        assert seat.cards_left == len(deal.view(seat.seat).hand)
        assert seat.cards_left == 13 - sum(1 for who, _ in deal.view(Seat.SOUTH).cards_played() if who == seat.seat)
        assert seat.tricks == sum(1 for t in deal.tricks if t.winner == seat.seat)
        assert seat.last_call == ""  # the calls' marks are for the auction only
        assert seat.to_act == (deal.to_act == seat.seat) and seat.dealer == (deal.dealer == seat.seat)
    assert frame.tricks_won == deal.tricks_won
    assert frame.tricks_won[Side.NS] + frame.tricks_won[Side.EW] == len(deal.tricks)
    assert frame.hand == deal.view(Seat.SOUTH).hand and frame.controls == table.controls()
    assert frame.contract == deal.contract and frame.auction == deal.auction
    mine = sum(1 for t in deal.tricks if t.winner == Seat.SOUTH)
    assert frame.hand_title.endswith(f"tricks: {mine}")
    # the trick on the table: the one being played, or the last one until the next lead; the one before, to look at
    current = deal.current_trick
    if current is not None and current.cards:
        assert frame.trick == current and frame.last_trick == (deal.tricks[-1] if deal.tricks else None)
    else:
        assert frame.trick == deal.tricks[-1]
        assert frame.last_trick == (deal.tricks[-2] if len(deal.tricks) > 1 else None)
    if frame.last_trick is not None:
        assert frame.last_trick_number == deal.tricks.index(frame.last_trick) + 1


def test_during_the_auction_each_seat_shows_its_last_call_and_the_meanings_follow_the_calls() -> None:
    table = Controller.one_deal(seed=7)
    table.advance()
    table.act(PASS)
    table.advance()
    frame = table.frame()
    assert frame.in_auction and frame.turn == "call" and frame.controls.calls and not frame.controls.cards
    calls = table.session.deal.view(Seat.SOUTH).calls_by()
    last = {seat: ("Pass" if call == PASS else str(call)) for seat, call in calls}
    assert {s.seat: s.last_call for s in frame.seats} == {s.seat: last.get(s.seat, "") for s in frame.seats}
    assert [(m.seat, m.call) for m in frame.meanings] == calls and all(m.meaning for m in frame.meanings)
    assert frame.status == table.status() and frame.controls.hint and not frame.controls.claim


def test_the_frame_holds_only_what_the_learner_may_see_until_the_deal_is_over() -> None:
    table = Controller.one_deal(seed=3)
    play_to(table, actions=36, seed=3)
    frame = table.frame()
    others = {card for seat in (Seat.WEST, Seat.NORTH, Seat.EAST)
              for card in table.session.deal.view(seat).hand}
    played = {card for _, card in table.session.deal.view(Seat.SOUTH).cards_played()}
    shown = set(frame.hand) | set(frame.controls.cards)
    shown |= {c for t in (frame.trick, frame.last_trick) if t for c in t.cards}
    assert not others & shown and shown - set(frame.hand) <= played and frame.review is None
    play_to(table, actions=200, seed=3)
    over = table.frame()
    assert over.finished and over.review is not None and over.turn == "next" and over.controls.next_deal
    assert [s.cards_left for s in over.seats] == [0, 0, 0]
    assert over.review.reason_groups and over.review.reason_groups[0][0] == "The auction"


def test_the_table_draws_the_frame_and_an_unchanged_frame_sends_nothing() -> None:
    from vint_core import render
    from vint_core.table.session import TableSession
    from vint_core.widgets import Table

    table = Table(TableSession(seed=2026, autosave=False), pace="none")
    frame = table.controller.frame()
    assert table.status.value.count(frame.status.split(" · ")[0]) == 1
    assert all(render.seat_panel_html(
        s.seat, player=s.player, cards_left=s.cards_left, tricks=s.tricks, dealer=s.dealer, to_act=s.to_act,
        last_call=s.last_call) in table.felt.widget.value for s in frame.seats)
    with sent_messages() as sent:
        table.draw(frame)
    # drawn again, only the status's drawing count and nothing else: every other part is as it was
    assert [type(widget).__name__ for widget, _ in sent] == ["HTML"] and sent[0][0] is table.status
