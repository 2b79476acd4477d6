"""The course's explorers (lessons 06–08): what vint_core.explore computes, the plots of vint_core.plots, and,
headless with value changes and ``Button.click()``, the three widgets in English and German: the mistakes they
catch (only the declarers score, only the odd tricks count, honours from tricks, kings at no-trump), no
traceback, and no unseen card of another seat in the honours explorer.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import ipywidgets as widgets
import pytest
from matplotlib.figure import Figure
from test_widgets import all_widget_state

from vint_core import SEED, PerSide, Rank, Seat, Side, Strain, deal_hands, honour_cards, honours_odds, totals
from vint_core.explore import calculate, honours_in_deal, rubber_race, simulated_honours
from vint_core.plots import OKABE_ITO, SIDE_COLOURS, heat_map, honours_odds_plot, race, svg, trick_points
from vint_core.scoring import score_contract
from vint_core.widgets.explorers import HonoursExplorer, RubberRace, ScoreCalculator


@pytest.fixture(autouse=True)
def _fresh_widgets() -> Iterator[None]:
    widgets.Widget.close_all()
    yield
    widgets.Widget.close_all()


# -- vint_core.explore -------------------------------------------------------------------------------


def test_the_seeds_example_both_sides_score_and_every_trick_counts() -> None:
    view = calculate("4♥ N", tricks=9, honours=PerSide(2, 3))
    assert view.totals == PerSide(360, 240)
    assert [str(line) for line in view.lines] == ["N–S: 9 tricks × 40 = 360", "E–W: 4 tricks × 40 = 160",
                                                  "E–W: 1 undertrick × 2 × 40 = 80"]
    assert [note.key for note in view.notes] == ["explore_defenders_score"]  # 9 < 10: not made, no odd-trick note
    made = calculate("4♥ N", tricks=10)
    assert made.notes[1].text() == ("Every trick counts, not only those over six: N–S score 10 × 40 = 400, "
                                    "not 4 × 40 = 160 as in bridge.")
    assert "O–W, die Gegenspieler, machten 3 Stiche" in made.notes[0].text("de")


def test_a_slam_by_the_defenders_is_named() -> None:
    view = calculate("1♦ W", tricks=1)
    assert [note.key for note in view.notes] == ["explore_defenders_score", "explore_defenders_slam"]
    assert view.notes[1].text() == ("N–S, the defenders, took 12 tricks: a slam counts for whichever side takes the "
                                    "tricks, the defenders too, bid or not (100).")
    assert "O–W" not in view.notes[1].text("de") and "auch für die Gegenspieler" in view.notes[1].text("de")


def test_a_grand_slam_by_the_declarers_leaves_the_defenders_no_trick_to_score() -> None:
    view = calculate("7NT S", tricks=13)
    assert [note.key for note in view.notes] == ["explore_every_trick"]
    assert view.totals == totals(score_contract("7NT S", tricks=13))


def test_the_honours_of_a_deal_are_those_dealt_and_the_odds_are_exact() -> None:
    hands = deal_hands(Seat.NORTH, 7)
    view = honours_in_deal(hands, Strain.HEARTS, seat=Seat.SOUTH)
    assert sum(view.count) == 5 and len(view.held.ns) == view.count.ns
    assert view.odds == honours_odds(Strain.HEARTS, hand=hands[Seat.SOUTH]) and sum(view.odds.values()) == 1
    assert [note.key for note in view.notes] == ["explore_as_dealt"]
    nt = honours_in_deal(hands, Strain.NOTRUMP)
    assert all(card.rank is Rank.ACE for side in Side for card in nt.held[side])
    assert nt.notes[-1].text() == "At no-trump only the four aces are honours: the 4 kings count nothing."


def test_a_seeded_simulation_of_honours_is_close_to_the_exact_odds() -> None:
    simulated = simulated_honours(Strain.HEARTS, deals=2000, seed=1)
    assert simulated == simulated_honours(Strain.HEARTS, deals=2000, seed=1)
    assert sum(simulated.values()) == 1
    exact = honours_odds(Strain.HEARTS)
    assert all(abs(simulated[n] - exact[n]) < Fraction(3, 100) for n in exact)


def test_a_rubber_race_ends_when_a_side_wins_and_adds_up() -> None:
    steps = rubber_race(seed=8)
    assert [step.number for step in steps] == list(range(1, len(steps) + 1))
    assert [step.finished for step in steps] == [False] * (len(steps) - 1) + [True]
    running = PerSide(0, 0)
    for step in steps[:-1]:
        running = running + step.points
        assert step.totals == running
    assert max(steps[-1].totals) >= SEED.game_target
    assert steps == rubber_race(seed=8)


# -- vint_core.plots ---------------------------------------------------------------------------------


def labelled(fig: Figure) -> None:
    ax = fig.axes[0]
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert fig.get_facecolor()[:3] == (1.0, 1.0, 1.0)  # its own white card, in light and dark themes


def test_plots_have_a_title_labelled_axes_and_okabe_ito_colours() -> None:
    fig = trick_points("4♥ N")
    labelled(fig)
    lines = fig.axes[0].get_lines()
    assert [line.get_color() for line in lines[:2]] == [SIDE_COLOURS[Side.NS], SIDE_COLOURS[Side.EW]]
    assert set(SIDE_COLOURS.values()) <= set(OKABE_ITO)
    assert list(lines[0].get_ydata())[9] == 360 and list(lines[1].get_ydata())[9] == 240  # the seed's example
    odds = honours_odds_plot(honours_odds(Strain.HEARTS), simulated_honours(Strain.HEARTS, deals=100, seed=1),
                             title="♥ honours", deals=100)
    labelled(odds)
    steps = rubber_race(seed=8)
    labelled(race(steps, target=1000))
    assert "Rubbers bis 1000" in race(steps, target=1000, lang="de").axes[0].get_title()
    assert svg(fig).lstrip().startswith("<?xml")
    assert fig._repr_png_().startswith(b"\x89PNG")  # a notebook shows it without pyplot


def test_a_heat_map_colours_each_cell_writes_its_number_and_labels_its_units() -> None:
    fig = heat_map([[1, -20], [300, 4], [5, 6]], rows=["1", "2", "3"], columns=["♠", "NT"], title="margins",
                   xlabel="strain", ylabel="level", unit="points")
    labelled(fig)
    ax = fig.axes[0]
    assert [t.get_text() for t in ax.texts] == ["1", "-20", "300", "4", "5", "6"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["♠", "NT"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["1", "2", "3"]
    assert ax.images[0].get_cmap().name == "cividis" and ax.images[0].get_array()[1][0] == 300
    assert fig.axes[1].get_ylabel() == "points"  # the colour bar says what the colours count
    assert ax.texts[1].get_color() == "white" and ax.texts[2].get_color() != "white"  # readable on dark and light


# -- the widgets, headless -----------------------------------------------------------------------------


def test_the_score_calculator_redraws_live_and_names_the_mistakes() -> None:
    calc = ScoreCalculator(contract="4♥ N", tricks=9, honours_ns=2)
    assert calc.view is not None and calc.view.totals == PerSide(360, 240)
    assert "E–W: 1 undertrick × 2 × 40 = 80" in calc.lines_box.value and "N–S 360, E–W 240" in calc.lines_box.value
    assert calc.notes[0].startswith("Both sides score every trick")
    calc.tricks.value = 10  # the learner moves the slider
    assert calc.view.totals == totals(score_contract("4♥ N", tricks=10, honours=PerSide(2, 3)))
    assert any("not only those over six" in note for note in calc.notes)
    view = calc.set(strain="NT", honours=4)
    assert view is not None and calc.honours.max == 4 and "4 aces" in calc.lines_box.value
    assert "Traceback" not in all_widget_state()


def test_the_score_calculator_speaks_german() -> None:
    calc = ScoreCalculator(contract="2♠ E", tricks=5, lang="de")
    assert "O–W" in calc.lines_box.value and calc.notes[0].startswith("Beide Seiten schreiben")
    assert "2♠ von Ost, 8 Stiche nötig" in calc.status.value


def test_the_honours_explorer_shows_the_honours_as_dealt_and_only_the_learners_hand() -> None:
    explorer = HonoursExplorer(seed=7, strain="♥", seat=Seat.SOUTH)
    hands = deal_hands(Seat.NORTH, 7)
    assert explorer.view is not None and explorer.view.count == honours_in_deal(hands, Strain.HEARTS).count
    assert explorer.notes[0].startswith("Honours are counted in the hands as dealt")
    shown = explorer.held_box.value
    honours = set(honour_cards(Strain.HEARTS))
    for seat in Seat:
        for card in hands[seat]:
            if seat is not Seat.SOUTH and card not in honours:
                assert str(card) not in shown, card  # another seat's card, not an honour: not on the page
    explorer.set(strain="NT")
    assert "kings count nothing" in explorer.notes[-1] and "K" not in "".join(
        str(card) for side in Side for card in explorer.view.held[side])
    north = HonoursExplorer(seed=7, strain="♠", seat=Seat.NORTH)  # the first seat, 0: still a seat
    assert north.seat.value is Seat.NORTH and str(hands[Seat.NORTH]) in north.held_box.value
    assert north.view is not None and north.view.odds == honours_odds(Strain.SPADES, hand=hands[Seat.NORTH])
    explorer.set(seat=None)
    assert explorer.view.seat is None and explorer.seat.label == "none (before the deal)"
    assert "n = 0: 46/833 (5.5 %)" in explorer.held_box.value and "before the deal" in explorer.held_box.value
    explorer.seed.value = 8
    assert explorer.view.count == honours_in_deal(deal_hands(Seat.NORTH, 8), Strain.NOTRUMP).count


def test_the_rubber_race_plays_deal_by_deal_to_the_end_and_again() -> None:
    race_widget = RubberRace(seed=8)
    assert race_widget.shown_steps == [] and "press “Next deal”" in race_widget.status.value
    race_widget.next_button.click()
    assert len(race_widget.shown_steps) == 1 and race_widget.feedback_text[0].startswith("Deal 1: ")
    assert '<img class="vint-plot" src="data:image/svg+xml;base64,' in race_widget.plot.value
    race_widget.end_button.click()
    steps = race_widget.shown_steps
    assert steps[-1].finished and race_widget.next_button.disabled and race_widget.end_button.disabled
    assert "win the rubber" in race_widget.status.value and len(race_widget.feedback_text) == len(steps)
    race_widget.again_button.click()
    assert race_widget.shown_steps == [] and not race_widget.next_button.disabled


def test_the_rubber_race_speaks_german() -> None:
    race_widget = RubberRace(seed=8, lang="de")
    race_widget.end_button.click()
    assert "gewinnen den Rubber" in race_widget.status.value and race_widget.feedback_text[0].startswith("Spiel 1: ")


def test_a_failure_behind_an_explorer_becomes_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    calc = ScoreCalculator(contract="4♥ N", tricks=9)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr("vint_core.widgets.explorers.calculate", broken)
    calc.tricks.value = 3
    assert calc.feedback_text[-1].startswith("something went wrong here (RuntimeError)")
    assert "Traceback" not in all_widget_state()
