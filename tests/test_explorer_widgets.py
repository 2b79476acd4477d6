"""The course's explorers (lessons 06–08): what vint_core.explore computes, the plots of vint_core.plots, and,
headless with value changes and ``Button.click()``, the three widgets in English and German: the mistakes they
catch (only the declarers score, only the odd tricks count, honours from tricks, kings at no-trump), no
traceback, and no unseen card of another seat in the honours explorer.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import pytest
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from test_widgets import all_widget_state

from vint_core import (
    FOSTER_1897,
    SEED,
    WHIST_VINT,
    Contract,
    Deal,
    PerSide,
    Rank,
    Seat,
    Side,
    Strain,
    Suit,
    analysis,
    deal_hands,
    honour_cards,
    honours_odds,
    totals,
)
from vint_core.analysis import SavedTables, best_contracts, contract_scores, dd_table
from vint_core.explore import aces_range, calculate, contract_grid, honours_in_deal, rubber_race, simulated_honours
from vint_core.plots import OKABE_ITO, SIDE_COLOURS, heat_colours, heat_map, honours_odds_plot, race, svg, trick_points
from vint_core.scoring import score_contract
from vint_core.widgets.explorers import ContractExplorer, HonoursExplorer, RubberRace, ScoreCalculator


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


def test_heat_colours_are_the_heat_maps_scale_with_readable_numbers() -> None:
    colours = heat_colours(9)
    cmap = heat_map([[0, 1]], rows=["1"], columns=["a", "b"], title="t", xlabel="x", ylabel="y",
                    unit="u").axes[0].images[0].get_cmap()
    assert [bg for bg, _ in colours] == [to_hex(cmap(k / 8)) for k in range(9)]

    def luminance(colour: str) -> float:
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    for bg, ink in colours:
        light, dark = sorted((luminance(bg), luminance(ink)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (bg, ink)  # WCAG AA for text, light and dark pages alike


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
    # a line per deal, then the rubber bonus as a line of its own
    assert "win the rubber" in race_widget.status.value and len(race_widget.feedback_text) == len(steps) + 1
    race_widget.again_button.click()
    assert race_widget.shown_steps == [] and not race_widget.next_button.disabled


def test_the_rubber_race_shows_each_deals_contract_tricks_and_lines_and_the_bonus_apart() -> None:
    """Every number of the race can be checked by hand: the contract, the tricks taken, the engine's score lines,
    the deal's points and the totals; the rubber bonus comes as its own line, and the last total is the sum."""
    race_widget = RubberRace(seed=8)
    race_widget.end_button.click()
    steps = race_widget.shown_steps
    lines = race_widget.feedback_text
    for step, line in zip(steps, lines, strict=False):
        contract = step.deal.contract
        assert contract is not None
        scored = step.deal.score()
        assert line.startswith(f"Deal {step.number}: {contract.bid} by {contract.declarer}, "
                               f"{contract.tricks_needed} tricks needed, {step.deal.declarer_tricks} taken: ")
        assert all(score_line.text("en") in line for score_line in scored)
        assert sum(score_line.points for score_line in step.lines) == step.points.ns + step.points.ew
        assert f"this deal {step.points.text('en')}" in line
    before_bonus = steps[-2].totals + steps[-1].points
    assert lines[len(steps) - 1].endswith(f"totals {before_bonus.text('en')}")  # 1250 : 1000, no bonus yet
    assert lines[-1] == f"Rubber bonus: N–S: rubber won = {SEED.rubber_bonus}; totals {steps[-1].totals.text('en')}"
    assert steps[-1].totals == before_bonus + PerSide(SEED.rubber_bonus, 0) == PerSide(1500, 1000)
    assert "4♥ by West, 10 tricks needed, 8 taken: 2 down." in lines[0]


def test_a_passed_out_deal_in_the_race_says_so() -> None:
    race_widget = RubberRace(seed=17)
    race_widget.end_button.click()
    passed = [line for line in race_widget.feedback_text if "passed out" in line]
    assert len(passed) == 1 and "this deal N–S 0, E–W 0" in passed[0]


def test_races_side_by_side_each_titled_with_its_rules() -> None:
    left, right = RubberRace(seed=8), RubberRace(seed=8, rules="progressive")
    row = RubberRace.side_by_side(left, right)
    assert list(row.children[1:]) == [left.widget, right.widget] and "vint-races" in row._dom_classes
    assert "flex-wrap:wrap" in row.children[0].value and "flex:1 1 26em" in row.children[0].value
    assert all("vint-race-column" in race.widget._dom_classes for race in (left, right))
    assert "Rules: seed, Standard Vint (rubber to 1000)" in left.title.value
    assert "Rules: progressive, Progressive (each deal bid higher)" in right.title.value
    assert left.title.value != right.title.value


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


# -- the contract explorer (lesson 09): double-dummy tables saved and solved, every contract scored -----------

SAVED_FILE = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "09-double-dummy.json"


def test_saved_tables_read_and_write_the_lessons_file_and_find_a_deal_whoever_dealt(tmp_path: Path) -> None:
    saved = SavedTables.load(SAVED_FILE)
    assert saved.seeds == tuple(range(1, 21))
    saved.save(tmp_path / "again.json")
    assert (tmp_path / "again.json").read_text(encoding="utf-8") == SAVED_FILE.read_text(encoding="utf-8")
    for dealer in Seat:  # the same seed dealt by another seat: the same hands passed round, the table too
        deal = Deal.new(seed=7, dealer=dealer)
        assert saved.table_for(deal) == dd_table(deal), dealer
    assert saved.table_for(Deal.new(seed=21)) is None


def test_a_contract_grid_scores_every_contract_with_the_engines_lines() -> None:
    deal = Deal.new(seed=4)
    table = SavedTables.load(SAVED_FILE).tables[4]
    grid = contract_grid(deal, table)
    assert list(grid.scores.values()) == contract_scores(deal, table=table)
    assert grid.best == best_contracts(deal, scores=list(grid.scores.values()))
    outcome = grid.outcome(Contract.parse("4♥ N"))
    assert outcome.lines == score_contract("4♥ N", tricks=11, honours=deal.hands)
    assert outcome.text().startswith("4♥ by North: double dummy 11 tricks, made with 1 over: N–S: 11 tricks × 40")
    assert grid.outcome(Contract.parse("7NT N")).result().text() == "2 down"
    plain = contract_grid(deal, table, honours=False)
    assert all(line.kind not in ("honours", "aces") for line in plain.outcome(Contract.parse("7NT N")).lines)
    assert grid.honours_by_level(Strain.NOTRUMP, Seat.NORTH) == PerSide((200, 300, 400, 500, 600, 700, 800),
                                                                       (0,) * 7)
    assert grid.best_by(Seat.NORTH).contract == Contract.parse("7NT N")


def test_aces_range_keeps_the_ace_of_trumps_in_both_counts() -> None:
    assert list(aces_range(5)) == [1, 2, 3, 4] and list(aces_range(0)) == [0, 1, 2, 3]


def _explorer(**kwargs: object) -> ContractExplorer:
    return ContractExplorer(saved=SAVED_FILE, **kwargs)  # type: ignore[arg-type]


def test_the_contract_explorer_shows_four_hands_the_tables_and_explains_a_click() -> None:
    explorer = _explorer(seed=4)
    deal = Deal.new(seed=4)
    assert "every card is known" in explorer.title.value and "saved analysis" in explorer.status.value
    for seat in Seat:  # double dummy: all four hands on the page
        for suit in Suit:
            ranks = " ".join(str(card.rank) for card in deal.hands[seat].suit(suit)) or "—"
            assert f"{suit.symbol} {ranks}</div>" in explorer.deal_box.value
    assert "<td>11</td>" in explorer.deal_box.value and "Best contract for N–S: 7NT by North" in explorer.summary.value
    seven = explorer.cell(7, "NT")
    assert seven.description == "★ 1680 : 480" and "vint-dd-best" in seven._dom_classes
    assert "vint-dd-chosen" in seven._dom_classes  # the best contract is explained first
    assert explorer.feedback_text[0].startswith("7NT by North: double dummy 11 tricks, 2 down")
    four = explorer.cell(4, "♥")
    four.click()
    assert explorer.view is not None and explorer.view.totals == PerSide(600, 80)
    assert explorer.feedback_text[0] == explorer.view.text()
    assert "N–S: 4 trump honours (A K J 10 of ♥) = 4 × 40 = 160" in explorer.feedback_text[0]
    assert ("What the honours held as dealt add at ♥, level 1 to 7: N–S 40, 80, 120, 160, 200, 240, 280."
            in explorer.honours_line.value)
    assert "vint-dd-chosen" in four._dom_classes and "vint-dd-chosen" not in seven._dom_classes
    margins = [score.margin(Side.NS) for score in explorer.grid.scores.values()  # type: ignore[union-attr]
               if score.contract.declarer is Seat.NORTH]
    assert f"{min(margins)} " in explorer.legend.value and "vint-heat-0" in explorer.cell(7, "♠")._dom_classes
    assert "vint-heat-8" in seven._dom_classes  # the colours span the grid shown: North's best is the lightest
    assert "Traceback" not in all_widget_state()


def test_the_honours_toggle_shows_what_honours_add() -> None:
    explorer = _explorer(seed=8, contract="4♦ N")
    honours = [line for line in explorer.view.lines if line.kind == "honours"]
    assert [line.points for line in honours] == [400]  # the seed's tip: 5 honours at level 4 = 400
    with_honours = explorer.cell(4, "♦").description
    explorer.honours.value = False
    assert explorer.view.totals.ns == totals(explorer.view.lines).ns == 520 + 250  # 13 tricks × 40, the slam
    assert explorer.cell(4, "♦").description != with_honours and "Honours left out" in explorer.summary.value
    assert "N–S 100, 200, 300, 400, 500, 600, 700" in explorer.honours_line.value


def test_under_whist_vint_the_explorer_says_honours_score_nothing() -> None:
    explorer = _explorer(seed=4, rules="whist_vint")
    assert explorer.strains == WHIST_VINT.strain_order and (4, Strain.NOTRUMP) not in explorer.cells
    assert "Under whist_vint honours score nothing." in explorer.honours_line.value
    assert explorer.view is not None and all(line.kind != "honours" for line in explorer.view.lines)


def test_choosing_a_declarer_and_a_dealer_redraws_the_grid_and_keeps_the_contract() -> None:
    explorer = _explorer(seed=4, contract="5NT N")
    explorer.choose("5NT E")
    assert explorer.declarer.value is Seat.EAST and explorer.feedback_text[0].startswith("5NT by East: double dummy 1")
    assert "Contracts by East" in explorer.summary.value
    explorer.dealer.value = Seat.WEST  # seed 4 dealt by West: saved too (the hands passed round)
    assert "West deals: the saved analysis" in explorer.status.value
    assert explorer.grid is not None and explorer.grid.table == dd_table(Deal.new(seed=4, dealer=Seat.WEST))


def test_the_contract_explorer_speaks_german() -> None:
    explorer = _explorer(seed=4, lang="de")
    assert explorer.feedback_text[0].startswith("7NT von Nord: Double Dummy 11 Stiche, 2 Unterstich(e)")
    assert "Bester Kontrakt für N–S" in explorer.summary.value and "Kontrakte von Nord" in explorer.summary.value
    assert "gespeicherte Analyse" in explorer.status.value and "alle vier Blätter" in explorer.title.value


def test_without_endplay_the_saved_deals_work_and_another_seed_says_how(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay", None)  # import endplay fails, as where it is not installed
    assert not analysis.available()
    explorer = _explorer(seed=4, dealer=Seat.EAST)
    assert explorer.view is not None and "saved analysis" in explorer.status.value
    explorer.seed.value = 77
    assert explorer.status.value.count("Deal 77 is not among the saved deals (seeds 1–20): double-dummy analysis "
                                       "needs the optional package endplay: pip install") == 1
    assert explorer.grid is None and all(cell.disabled for cell in explorer.cells.values())
    assert str(Deal.new(seed=77).hands[Seat.SOUTH].suit(Suit.SPADES)[0].rank) in explorer.deal_box.value
    explorer.seed.value = 5  # a saved deal again: all back
    assert explorer.view is not None and not explorer.cell(1, "♠").disabled
    german = ContractExplorer(seed=30, lang="de")
    assert "Spiel 30: die Double-Dummy-Analyse braucht das Zusatzpaket endplay" in german.status.value
    assert "Traceback" not in all_widget_state()


def test_with_endplay_any_seed_is_analysed_saying_so_first() -> None:
    explorer = ContractExplorer(seed=4)
    said: list[str] = []
    explorer.status.observe(lambda change: said.append(change["new"]), names="value")
    explorer.seed.value = 77
    assert "Analysing deal 77 double dummy…" in said[0] and "analysed now by the solver" in said[-1]
    assert explorer.grid is not None and explorer.grid.table == dd_table(Deal.new(seed=77))
    said.clear()
    explorer.honours.value = False  # solved once: no new analysis
    assert not any("Analysing" in s for s in said)


def test_a_failure_in_the_contract_explorer_becomes_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("solver crashed")

    monkeypatch.setattr("vint_core.analysis.dd_table", broken)
    explorer = ContractExplorer(seed=99)
    assert explorer.feedback_text[-1].startswith("something went wrong here (RuntimeError)")
    assert "Traceback" not in all_widget_state()


def test_a_click_changes_only_the_cells_it_must() -> None:
    explorer = _explorer(seed=4)
    sent: list[str] = []
    for cell in explorer.cells.values():
        cell.observe(lambda change: sent.append(change["name"]), names=["description", "_dom_classes", "tooltip"])
    explorer.cell(2, "♣").click()
    assert sent == ["_dom_classes", "_dom_classes"]  # the old choice loses its mark, the new one gets it


def test_the_score_calculator_under_foster_1897_asks_for_the_aces_at_a_suit_contract() -> None:
    calc = ScoreCalculator(contract="4♥ N", tricks=10, honours_ns=3, aces_ns=3, rules="foster_1897")
    assert calc.aces.layout.display is None and calc.view is not None
    expected = score_contract("4♥ N", tricks=10, honours=PerSide(3, 2), aces=PerSide(3, 1), rules=FOSTER_1897)
    assert calc.view.lines == expected and "N–S: 3 of the 4 aces" in calc.lines_box.value
    calc.honours.value = 5
    calc.aces.value = 0  # all five trump honours bring the ace of trumps: at least one ace
    assert calc.aces.value == 1 and calc.view.lines == score_contract(
        "4♥ N", tricks=10, honours=PerSide(5, 0), aces=PerSide(1, 3), rules=FOSTER_1897)
    calc.set(strain="NT")
    assert calc.aces.layout.display == "none" and "4 of the 4 aces" in calc.lines_box.value
    assert ScoreCalculator(rules="seed").aces.layout.display == "none"
    assert ScoreCalculator(rules="foster_1897", lang="de").aces.description == "Asse N–S"
    assert "Traceback" not in all_widget_state()
