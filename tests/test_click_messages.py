"""What a click on a course widget sends to the page: few, small messages, and no plot drawn on a click.

Speed itself is measured in ``bench/lesson_widgets.py`` (``--jupyterlab``), never asserted here: these tests hold
the causes of a slow click away (matplotlib run on a click, big or many messages).
"""

from __future__ import annotations

import asyncio
import base64
import html
import re

import ipywidgets as widgets
import pytest
from widget_messages import sent_messages

from vint_core import PASS, SEED, Call, Seat, plots
from vint_core.deal import Phase
from vint_core.table.session import TableSession
from vint_core.widgets import AuctionPractice, BiddingBox, OneDeal, Table
from vint_core.widgets.explorers import RubberRace


def test_a_rubber_race_click_shows_a_plot_drawn_before_it(monkeypatch: pytest.MonkeyPatch) -> None:
    race = RubberRace(seed=8)
    start = race.plot.value

    def no_drawing(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("matplotlib ran on a click")

    monkeypatch.setattr(plots, "race", no_drawing)
    monkeypatch.setattr(plots, "svg", no_drawing)
    shown = []
    with sent_messages() as sent:
        while not race.next_button.disabled:
            sent.clear()
            race.next_button.click()
            shown.append(race.plot.value)
            # the status, the plot and the feedback line (and the buttons, once the rubber is over)
            assert len(sent) <= 5 and sent.size < 30_000  # it was 40 KB, the SVG inline with glyph outlines
    assert len(shown) == len(race.steps) == 4 and len(set(shown)) == 4 and start not in shown
    assert race.feedback_text[-2].startswith("Deal 4: ") and "win the rubber" in race.status.value
    assert race.feedback_text[-1].startswith("Rubber bonus: ")  # the bonus on a line of its own
    race.again_button.click()
    assert race.plot.value == start and race.shown_steps == []
    race.end_button.click()
    assert race.plot.value == shown[-1]
    assert not race.feedback_text[0].startswith("something went wrong")


def svg_of(value: str) -> tuple[str, str]:
    """The SVG document inside a plot's ``<img>``, and the image's words for those who cannot see it."""
    found = re.search(r'<img class="vint-plot" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)" alt="([^"]*)"', value)
    assert found is not None, value[:300]
    return base64.b64decode(found.group(1)).decode("utf-8"), html.unescape(found.group(2))


def test_the_race_plot_is_one_image_with_its_words_as_text_and_described() -> None:
    race = RubberRace(seed=8)
    svg, alt = svg_of(race.plot.value)
    assert alt == "A rubber's race to 1000: Nobody has scored yet: press “Next deal”."
    race.next_button.click()
    svg, alt = svg_of(race.plot.value)
    assert svg.lstrip().startswith("<?xml") and "<text" in svg and "<svg" not in race.plot.value
    assert "race to 1000" in svg and "deal of the rubber" in svg and "points (total after the deal)" in svg
    assert "DejaVuSans-" not in svg  # no outlines of glyphs
    assert alt == "A rubber's race to 1000: N–S 360, E–W 320"
    german = RubberRace(seed=8, lang="de")
    assert "Spiel des Rubbers" in svg_of(german.plot.value)[0]


def bidding_buttons_sent(sent: list[tuple[object, dict[str, object]]], box: BiddingBox) -> int:
    buttons = {id(box.button(call)) for call in (*SEED.bids, PASS)}
    return sum(1 for widget, _ in sent if id(widget) in buttons)


def test_the_call_that_ends_an_auction_puts_the_bidding_box_away_in_one_message() -> None:
    practice = AuctionPractice(seed=7)
    with sent_messages() as sent:
        while not practice.drill.finished:
            sent.clear()
            practice.box.button(PASS).click()
    # the last pass: the grid, the four hands, the status, the feedback and the box hidden; no call switched off
    assert bidding_buttons_sent(sent, practice.box) == 0 and len(sent) <= 6
    assert practice.box.put_away_now and practice.box.enabled == ()
    practice.box.button(Call.parse("7NT")).click()  # a hidden box takes no call
    assert len(practice.drill.deal.auction.calls) == 16


def test_one_deal_hides_the_box_for_the_play_and_offers_exactly_the_legal_calls_in_the_next_deal() -> None:
    deal = OneDeal(seed=3)
    with sent_messages() as sent:
        while deal.session.deal.phase is Phase.AUCTION:
            sent.clear()
            deal.box.button(PASS).click()
        assert bidding_buttons_sent(sent, deal.box) == 0 and deal.box.put_away_now and deal.box.enabled == ()
        while not deal.session.deal.is_finished:
            deal.hand.button(deal.controller.controls().cards[0]).click()
        deal.next_button.click()
    controls = deal.controller.controls()
    assert controls.calls and not deal.box.put_away_now and set(deal.box.enabled) == set(controls.calls)


def test_the_table_puts_the_bidding_box_away_when_the_play_begins() -> None:
    table = Table(TableSession(seed=2026, autosave=False), pace="none")
    with sent_messages() as sent:
        while table.session.deal.phase is Phase.AUCTION:
            sent.clear()
            table.bidding.button(PASS).click()
    assert table.session.deal.phase is Phase.PLAY and bidding_buttons_sent(sent, table.bidding) == 0
    assert table.bidding.put_away_now and table.bidding.enabled == ()
    assert set(table.hand.enabled) == set(table.session.legal_actions())


def test_under_a_pace_the_hand_stays_frozen_while_the_computer_players_answer() -> None:
    async def play() -> tuple[list[int], int]:
        table = Table(TableSession(seed=2026, autosave=False), pace="fast")  # on a running loop, as in a kernel
        s = table.session
        hand = {id(w) for b in table.hand._buttons for w in (b, b.layout)} | {id(table.hand.row)}
        per_click: list[int] = []
        waited = 0
        with sent_messages() as sent:
            while len(per_click) < 4 and not s.deal.is_finished:
                if not s.human_to_act():
                    await asyncio.sleep(0.05)
                    waited += 1
                    continue
                legal = set(s.legal_actions())
                assert set(table.hand.enabled) | set(table.bidding.enabled) == legal  # exactly, once unfrozen
                if s.deal.phase is Phase.AUCTION:
                    table.bidding.button(PASS).click()
                    assert table.bidding.enabled == ()  # frozen until the answers (or put away: the play begins)
                    continue
                sent.clear()
                table.hand.button(table.hand.enabled[0]).click()
                if not s.human_to_act():  # the computer players to answer, after their pauses
                    per_click.append(sum(1 for widget, _ in sent if id(widget) in hand))
                    assert table.hand.waiting and table.hand.enabled == ()
        return per_click, waited

    per_click, waited = asyncio.run(play())
    # the card played is hidden, the others frozen with the row (two messages): no card switched off one by one
    assert per_click == [2, 2, 2, 2] and waited > 0


def test_the_felt_is_one_message_a_drawing_whatever_the_answers_move() -> None:
    """A card or a call is drawn at once and the computer players' answers after it: the three other seats and
    the trick (or the auction) each time in one message, the felt's, never one per seat."""
    table = Table(TableSession(seed=2026, bots={seat: "rule" for seat in Seat}, autosave=False), pace="none")
    s = table.session
    felt_per_click: list[int] = []
    with sent_messages() as sent:
        while not s.deal.is_finished:
            sent.clear()
            if s.deal.phase is Phase.AUCTION:
                table.bidding.button(table.bidding.enabled[-1]).click()
            else:
                table.hand.button(table.hand.enabled[0]).click()
            html_sent = [widget for widget, _ in sent if isinstance(widget, widgets.HTML)]
            felt_per_click.append(sum(1 for widget in html_sent if widget is table.felt.widget))
            # the felt's parts are not widgets of their own any more: no other HTML draws a seat or the trick
            assert not any(w is not table.felt.widget and ("vint-seatbox" in w.value or "vint-spot-" in w.value)
                           for w in html_sent)
    assert len(felt_per_click) >= 13 and set(felt_per_click) <= {1, 2}
    assert felt_per_click.count(2) >= 10  # the learner's action, then the answers: two drawings, one message each
