"""The review's weighing kept with the saved game (vint_core.table.weighing.KeptWeighings, the session's JSON), and
"See the rest played out" in Learn from your mistakes (vint_core.table.weighing.play_out, the review panel).

A kept weighing is shown at once when the finished deal's review is opened again, in a new session from the save
file, and the solver is not called for it: the tests count the solver's calls. A kept weighing that does not fit
the deal (damaged, another deal, another form) is never shown: it is worked out again.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]
import pytest
from review_support import fresh_cache  # noqa: F401  (autouse: each test weighs for itself)
from test_weighing import CASH, FINESSE, finish

from vint_core import Card, Deal, Seat, render
from vint_core.analysis import solve_positions
from vint_core.errors import VintError
from vint_core.render import esc
from vint_core.table import review_work
from vint_core.table import weighing as weighing_module
from vint_core.table.review import position_after
from vint_core.table.session import TableSession
from vint_core.table.weighing import (
    KEPT_LIMIT,
    KeptWeighings,
    StaleWeighing,
    Weighing,
    deal_digest,
    play_out,
    weigh,
    weighing_from_json,
    weighing_to_json,
)
from vint_core.widgets import Table
from vint_core.widgets.review import ReviewPanel

S = Seat.SOUTH
WAIT = 300  # seconds at most for one weighing on a busy machine


@pytest.fixture
def solver_calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every call of the double-dummy solver the weighing makes (positions, and the contracts' table)."""
    calls: list[str] = []
    for name in ("solve_positions", "contract_scores", "best_contracts"):
        real = getattr(weighing_module, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            calls.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(weighing_module, name, counted)
    return calls


def weighed(panel: ReviewPanel) -> Weighing:
    return panel.weighed.result(timeout=WAIT)


def record_of(deal: Deal) -> tuple[Weighing, dict[str, Any]]:
    weighing = weigh(deal, S)
    return weighing, json.loads(json.dumps(weighing_to_json(weighing, deal, weighing_module.SAMPLES)))


# -- the record -----------------------------------------------------------------

def test_a_kept_weighing_reads_back_as_the_weighing_worked_out() -> None:
    deal = finish(CASH, "2D")
    weighing, record = record_of(deal)
    assert record["deal"] == deal_digest(deal) and record["seat"] == "S" and len(record["cards"]) == 13
    again = weighing_from_json(record, deal, S, weighing_module.SAMPLES)
    assert again == weighing  # the numbers, and the calls, marks and reasons worked out again from the deal
    assert [c.text("de") for c in again.cards] == [c.text("de") for c in weighing.cards]
    assert again.summary("en") == weighing.summary("en")


def damaged(record: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """The record spoiled in the ways a file is (by hand, by another version, by a cut-off write)."""
    def changed(how: str, change: Any) -> tuple[str, dict[str, Any]]:
        copy = json.loads(json.dumps(record))
        change(copy)
        return how, copy

    yield changed("another form", lambda r: r.update(version=99))
    yield changed("another deal", lambda r: r.update(deal="0" * 64))
    yield changed("another seat", lambda r: r.update(seat="N"))
    yield changed("other samples", lambda r: r.update(samples=8))
    yield changed("a card left out", lambda r: r["cards"].pop())
    yield changed("cards not a list", lambda r: r.update(cards="many"))
    yield changed("a card that cannot be played there", lambda r: r["cards"][8]["expected"].update({"K♥": 5.0}))
    yield changed("a legal card missing", lambda r: r["cards"][8]["expected"].pop("A♠"))
    yield changed("not a card", lambda r: r["cards"][8]["expected"].update({"Z9": 5.0}))
    yield changed("not a number", lambda r: r["cards"][8]["expected"].update({"A♠": "lots"}))
    yield changed("far too many points", lambda r: r["cards"][8]["expected"].update({"A♠": 1e300}))
    yield changed("samples not a number", lambda r: r["cards"][0].update(samples=None))
    yield changed("the best card not legal", lambda r: r["cards"][8].update(dd_best="K♥"))
    yield changed("no contract", lambda r: r.update(contract=None))
    yield changed("the other side's contract", lambda r: r["contract"].update(best=[3, "NT", "W"]))
    yield changed("not a contract", lambda r: r["contract"].update(best=[9, "XX", "Q"]))
    yield changed("tricks past 13", lambda r: r["contract"].update(best_tricks=14))


def test_a_kept_weighing_that_does_not_fit_the_deal_is_refused() -> None:
    deal = finish(CASH, "2D")
    _, record = record_of(deal)
    for how, bad in damaged(record):
        with pytest.raises(StaleWeighing):
            weighing_from_json(bad, deal, S, weighing_module.SAMPLES)
            pytest.fail(how)
    with pytest.raises(StaleWeighing):  # the record of another deal, whatever it says of itself
        weighing_from_json(record, finish(CASH, "AS"), S, weighing_module.SAMPLES)


def test_the_kept_weighings_stay_few_and_give_back_only_what_fits(solver_calls: list[str]) -> None:
    deal = finish(CASH, "2D")
    weighing, record = record_of(deal)
    kept = KeptWeighings()
    changed: list[int] = []
    kept.on_change = lambda: changed.append(len(kept))
    kept.put(deal, weighing, weighing_module.SAMPLES)
    assert changed == [1] and kept.has(deal, S, weighing_module.SAMPLES)
    assert not kept.has(deal, Seat.NORTH, weighing_module.SAMPLES) and not kept.has(deal, S, 8)
    calls = len(solver_calls)
    assert kept.get(deal, S, weighing_module.SAMPLES) == weighing and len(solver_calls) == calls
    assert kept.get(finish(CASH, "AS"), S, weighing_module.SAMPLES) is None
    for i in range(KEPT_LIMIT + 2):  # more reviews than are kept: the oldest go
        other = dict(record, deal=f"{i:064x}")
        kept = KeptWeighings([*kept.to_json(), other])
    assert len(kept) == KEPT_LIMIT and not kept.has(deal, S, weighing_module.SAMPLES)
    # a weighing without the solver (the notice) is not kept: with endplay the next review weighs the cards
    notice = Weighing(S, (), needs_endplay=True, notice_key="weigh_needs_endplay")
    empty = KeptWeighings()
    empty.put(deal, notice, weighing_module.SAMPLES)
    assert len(empty) == 0
    # a damaged record is dropped when asked for
    spoiled = KeptWeighings([dict(record, cards=[])])
    assert spoiled.get(deal, S, weighing_module.SAMPLES) is None and len(spoiled) == 0
    for junk in (None, "x", 3, {"a": 1}, [1, "x", None]):
        assert len(KeptWeighings.from_json(junk)) == 0


# -- with the saved game ---------------------------------------------------------

def finished_table(path: Path) -> Table:
    from test_widgets import bid_to_play, new_table

    table = new_table(seed=31, bots={seat: "rule" for seat in Seat}, save_path=path)
    bid_to_play(table)
    while not table.session.deal.is_finished:
        table.hand.button(table.hand.enabled[0]).click()
    return table


def test_a_finished_deals_weighing_is_saved_with_the_game_and_shown_at_once_when_it_is_reopened(
        tmp_path: Path, solver_calls: list[str]) -> None:
    path = tmp_path / "table.json"
    table = finished_table(path)
    first = weighed(table.review)
    assert solver_calls, "the first review weighs with the solver"
    saved = json.loads(path.read_text(encoding="utf-8"))
    [record] = saved["weighings"]
    assert record["deal"] == deal_digest(table.session.deal) and record["seat"] == "S"
    shown = table.review.weigh_text.value, table.review.weigh_marked.value
    # the page reloaded, another day: a new session from the save, nothing kept in memory
    widgets.Widget.close_all()
    review_work.forget()
    solver_calls.clear()
    again = Table(TableSession.open(path), pace="none")
    assert again.review.weighed.done(), "the kept weighing is drawn at once, without a worker"
    assert weighed(again.review) == first and solver_calls == []
    assert (again.review.weigh_text.value, again.review.weigh_marked.value) == shown
    assert "Weighing your cards" not in again.review.weigh_text.value
    # Learn from your mistakes works from the kept weighing as from the one worked out
    if first.marked:
        again.review.learn_button.click()
        assert again.review.learn_position() is not None and again.review.learn_cards.children


def test_an_older_save_without_weighings_opens_and_its_review_is_weighed(tmp_path: Path,
                                                                         solver_calls: list[str]) -> None:
    path = tmp_path / "table.json"
    table = finished_table(path)
    first = weighed(table.review)
    saved = json.loads(path.read_text(encoding="utf-8"))
    del saved["weighings"]  # as a save written before the weighing was kept
    path.write_text(json.dumps(saved), encoding="utf-8")
    widgets.Widget.close_all()
    review_work.forget()
    solver_calls.clear()
    session = TableSession.open(path)
    # not a damaged save
    assert session.message and session.message.text("en") == "welcome back: the saved game continues"
    again = Table(session, pace="none")
    assert weighed(again.review) == first and solver_calls, "worked out again"
    assert len(json.loads(path.read_text(encoding="utf-8"))["weighings"]) == 1  # and kept from now on


@pytest.mark.parametrize("spoil", ["a record", "the key"])
def test_a_damaged_kept_weighing_is_worked_out_again_and_the_game_still_opens(tmp_path: Path,
                                                                              solver_calls: list[str],
                                                                              spoil: str) -> None:
    path = tmp_path / "table.json"
    table = finished_table(path)
    first = weighed(table.review)
    saved = json.loads(path.read_text(encoding="utf-8"))
    if spoil == "a record":  # a number a hand edit made into text: no weighing drawn from it
        saved["weighings"][0]["cards"][0]["expected"] = {"A♠": "?", "K♠": "?"}
    else:
        saved["weighings"] = "not a list"
    path.write_text(json.dumps(saved), encoding="utf-8")
    widgets.Widget.close_all()
    review_work.forget()
    solver_calls.clear()
    session = TableSession.open(path)
    # the game itself is not damaged
    assert session.message and session.message.text("en") == "welcome back: the saved game continues"
    again = Table(session, pace="none")
    assert weighed(again.review) == first and solver_calls, "worked out again, not taken from the damaged record"
    [record] = json.loads(path.read_text(encoding="utf-8"))["weighings"]
    assert weighing_from_json(record, session.deal, S, weighing_module.SAMPLES) == first  # the good one kept


# -- the rest played out -----------------------------------------------------------

def test_the_rest_played_out_after_a_card_makes_what_the_solver_says() -> None:
    deal = finish(CASH, "2D")
    weighing = weigh(deal, S)
    weight = next(c for c in weighing.cards if c.card == Card.parse("2D"))
    cards = len(deal.auction.calls) + (weight.trick - 1) * 4 + weight.place
    before = Deal.replay(deal.hands, deal.actions[:cards], dealer=deal.dealer, rules=deal.rules)
    better = play_out(deal, S, before, weight.dd_best)
    played = play_out(deal, S, before, weight.card)
    # every card after the first the solver's best: the margins the weighing gave each card with all cards visible
    assert better.points == weight.dd_best_points and played.points == weight.dd_points
    assert better.deal.is_finished and better.deal.actions[:cards] == before.actions
    assert better.deal.actions[cards] == weight.dd_best and better.trick == weight.trick
    assert better.actual is deal and better.actual_tricks == deal.tricks_won[S.side]
    assert better.tricks > better.actual_tricks and better.points > better.actual_points
    assert better.text("en").startswith("After A♠, the rest played out with all cards visible")
    assert f"{better.points - better.actual_points} more than in the deal" in better.text("en")
    assert "mehr als im Spiel" in better.text("de")
    # one trick reads as well as many (it said "take 1 tricks")
    one = dataclasses.replace(better, tricks=1, actual_tricks=1)
    assert "take 1 of the 13 tricks" in one.text("en") and "(tricks: 1," in one.text("en")
    assert "machen 1 der 13 Stiche" in one.text("de") and "(Stiche: 1," in one.text("de")
    with pytest.raises(VintError):  # West's card: not South's to play
        play_out(deal, S, before, next(iter(deal.hands[Seat.WEST])))


def test_the_rest_played_out_says_when_the_card_does_worse_with_these_hands() -> None:
    """The finesse: right by what South could know, wrong with the one layout dealt; played out it does worse."""
    deal = finish(FINESSE, "6S", "2S", "QS")
    weighing = weigh(deal, S)
    weight = next(c for c in weighing.cards if c.card == Card.parse("QS"))
    cards = len(deal.auction.calls) + (weight.trick - 1) * 4 + weight.place
    before = Deal.replay(deal.hands, deal.actions[:cards], dealer=deal.dealer, rules=deal.rules)
    ace = play_out(deal, S, before, Card.parse("AS"))
    queen = play_out(deal, S, before, Card.parse("QS"))
    assert ace.points > queen.points
    assert queen.points == weight.dd_points and ace.points == weight.dd_best_points


def test_see_the_rest_played_out_in_the_mode_shows_a_replay_and_the_comparison() -> None:
    deal = finish(CASH, "2D")
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighing = weighed(panel)
    index = next(i for i, c in enumerate(weighing.marked) if c.card == Card.parse("2D"))
    panel.learn(index)
    weight = weighing.marked[index]
    assert panel.rest_button.layout.display == "none"  # no card tried yet
    next(b for b in panel.learn_cards.children if b.description == "A♠").click()
    assert panel.rest_button.layout.display is None and isinstance(panel.rest_button, widgets.Button)
    assert panel.rest_button.description == "See the rest played out" and "A♠" in panel.rest_button.tooltip
    panel.rest_button.click()
    out = panel.rested.result(timeout=WAIT)
    assert panel.played_out is out and out.card == Card.parse("AS") and out.trick == weight.trick
    assert esc(out.text("en")) in panel.rest_text.value and "more than in the deal" in panel.rest_text.value
    assert panel.rest_box.layout.display is None and panel.rest_controls.layout.display is None
    # a replay from the trick of the card tried to the end, stepped with the buttons or the number field
    assert (panel.rest_slider.min, panel.rest_slider.max, panel.rest_slider.value) == (weight.trick, 13, weight.trick)
    assert panel.rest_board.value == render.deal_html(position_after(out.deal, weight.trick), bottom=S, lang="en",
                                                      css=False)
    panel.rest_forward.click()
    assert panel.rest_slider.value == weight.trick + 1
    panel.rest_slider.value = 13
    assert panel.rest_board.value == render.deal_html(out.deal, bottom=S, lang="en", css=False)
    panel.rest_forward.click()
    assert panel.rest_slider.value == 13
    panel.rest_back.click()
    assert panel.rest_slider.value == 12
    assert panel.slider.value == 13  # the review's own replay untouched
    # in German
    panel.set_lang("de")
    assert esc(out.text("de")) in panel.rest_text.value and panel.rest_button.description == \
        "Den Rest ausgespielt sehen" and panel.rest_slider.description == "Ausgespielt, Stich"
    panel.set_lang("en")
    # another card tried puts the rest away; the next position too; so does closing the mode
    next(b for b in panel.learn_cards.children if b.description == "2♦").click()
    assert panel.played_out is None and panel.rest_box.layout.display == "none" and panel.rest_board.value == ""
    panel.rest_button.click()
    worse = panel.rested.result(timeout=WAIT)
    assert worse.card == Card.parse("2D") and worse.points == weight.dd_points
    panel.stop_learning()
    assert panel.played_out is None and panel.rest_button.layout.display == "none" and panel.rest_text.value == ""


def test_each_call_is_shown_beside_the_computer_players_with_its_reason() -> None:
    deal = finish(CASH, "2D")
    panel = ReviewPanel(bottom=S)
    panel.show(deal, lines=deal.score())
    weighing = weighed(panel)
    html = panel.weigh_text.value
    assert weighing.calls and html.count('<li class="vint-weigh-call') == len(weighing.calls)
    for call in weighing.calls:
        assert esc(call.text("en")) in html and call.why.text("en") in call.text("en")
    differs = [c for c in weighing.calls if c.differs]
    assert html.count("vint-weigh-call-differs") == len(differs)
    heading = "Your calls beside the computer player's" if differs else \
        "Each of your calls is the one the computer player would make"
    assert esc(heading) in html
    # the contract reached against the side's best with all cards visible, in the summary
    assert weighing.contract is not None and esc(weighing.summary("en")[0]) in html
    assert "the best contract for N–S was" in weighing.summary("en")[0]


def test_the_solver_is_not_needed_to_read_a_kept_weighing() -> None:
    deal = finish(CASH, "2D")
    weighing, record = record_of(deal)
    assert solve_positions  # imported: the solver is here, but must not be reached
    real = weighing_module.solve_positions

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the solver was called")

    weighing_module.solve_positions = refuse  # type: ignore[assignment]
    try:
        assert weighing_from_json(record, deal, S, weighing_module.SAMPLES) == weighing
    finally:
        weighing_module.solve_positions = real  # type: ignore[assignment]
