"""Values that print well: short reprs that evaluate back where practical, one per-side type
(PerSide) wherever numbers come per partnership, and the rubber's score sheet as its text, in
English and German."""

from __future__ import annotations

import random

import pytest

import vint_core
from vint_core import (
    FOSTER_1897,
    RULE_SETS,
    SEED,
    Call,
    Contract,
    Deal,
    PerSide,
    Rubber,
    RuleSet,
    Seat,
    Side,
    Strain,
    TrickValue,
    UndertrickPenalty,
    rubbers_of,
    totals,
)
from vint_core.cli import score_text
from vint_core.scoring import play_points


def played(seed: int, *, dealer: Seat = Seat.NORTH, rules: RuleSet = SEED, deal_number: int = 1) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(dealer=dealer, seed=seed, rules=rules, deal_number=deal_number, board=str(deal_number))
    while not deal.is_finished:
        legal = deal.legal_actions()
        if deal.play is None:  # mostly passes, else the lowest bid: low contracts, a rubber of a few deals
            deal = deal.apply(legal[0] if rng.random() < 0.8 or len(legal) == 1 else legal[1])
        else:
            deal = deal.apply(rng.choice(legal))
    return deal


def a_rubber(n: int, rules: RuleSet = SEED) -> Rubber:
    rubber = Rubber(rules)
    for i in range(n):
        rubber = rubber.record(played(i, dealer=rubber.next_dealer, rules=rules, deal_number=i + 1))
    return rubber


# -- reprs ------------------------------------------------------------------------------------------

def _eval(text: str) -> object:
    return eval(text, vars(vint_core))  # the reprs name only what `import vint_core` offers


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_a_preset_shows_its_name(name: str) -> None:
    rules = RuleSet.named(name)
    assert repr(rules) == f"RuleSet.named('{name}')"
    assert _eval(repr(rules)) is rules


@pytest.mark.parametrize("rules", [
    SEED.replace(game_target=500),
    SEED.replace(name="club", game_target=700, three_honours_multiplier=2),
    SEED.replace(undertrick_penalty=UndertrickPenalty(flat=50), trick_value=TrickValue(per_level=20)),
    SEED.replace(strain_order=(Strain.CLUBS, Strain.SPADES, Strain.HEARTS)),
    SEED.replace(strain_order=(Strain.NOTRUMP,), min_level="progressive"),
    FOSTER_1897.replace(game_target=1000, honours_suit="tiers"),
])
def test_a_variant_shows_its_preset_and_what_differs(rules: RuleSet) -> None:
    text = repr(rules)
    assert _eval(text) == rules and len(text) < 160
    preset = RULE_SETS.get(rules.name, SEED)
    assert text.startswith(f"RuleSet.named('{preset.name}').replace(")


def test_repr_of_seed_with_another_target() -> None:
    assert repr(SEED.replace(game_target=500)) == "RuleSet.named('seed').replace(game_target=500)"
    assert repr(SEED) == "RuleSet.named('seed')" and str(SEED) == "seed"


def test_a_rubber_prints_short() -> None:
    assert repr(Rubber()) == "<Rubber seed: 0 deals, N–S 0, E–W 0, not finished>"
    rubber = a_rubber(3)
    t = rubber.totals
    assert repr(rubber) == f"<Rubber seed: 3 deals, N–S {t.ns}, E–W {t.ew}, not finished>"
    assert repr(rubber.deals[0]).startswith("<RubberDeal 1: ") and len(repr(rubber.deals[0])) < 80


def test_a_won_rubber_says_who_won() -> None:
    rubber = Rubber(SEED)
    n = 0
    while not rubber.is_finished:
        n += 1
        rubber = rubber.record(played(n, dealer=rubber.next_dealer, deal_number=n))
    assert repr(rubber).endswith(f"won by {rubber.winner}>") and len(repr(rubber)) < 80


def test_a_score_line_shows_side_kind_points_and_text() -> None:
    line = vint_core.score_contract("4♥ N", tricks=9)[2]
    assert repr(line) == "<ScoreLine E–W undertricks 80: 'E–W: 1 undertrick × 2 × 40 = 80'>"
    assert "key" not in repr(line) and "params" not in repr(line)
    assert str(line) == line.text() == "E–W: 1 undertrick × 2 × 40 = 80"
    assert line.text("de") == "O–W: 1 Unterstich × 2 × 40 = 80"


def test_a_contract_repr_evaluates_back() -> None:
    contract = Contract(3, Strain.NOTRUMP, Seat.SOUTH)
    assert repr(contract) == "Contract.parse('3NT S')" and _eval(repr(contract)) == contract
    assert str(contract) == "3NT by South"


# -- one per-side type -------------------------------------------------------------------------------

def test_points_tricks_and_scores_are_per_side_values() -> None:
    rubber = a_rubber(2)
    deal = rubber.deals[-1].deal
    assert deal.contract is not None
    for value in (deal.points, deal.tricks_won, totals(deal.score()), rubber.totals, rubber.game_score,
                  rubber.games_won, rubber.deals[-1].points, rubber.deals[-1].game_before,
                  play_points(SEED, deal.contract, 9)):
        assert isinstance(value, PerSide)
    assert deal.tricks_won == PerSide(deal.tricks_won[Side.NS], deal.tricks_won[Side.EW])
    assert sum(deal.tricks_won) == 13
    view = deal.view(Seat.EAST, game_score=rubber.game_score)
    assert view.tricks_won == deal.tricks_won and view.game_score == rubber.game_score
    assert Deal.new(seed=1).tricks_won == PerSide(0, 0)


def test_per_side_values_print_as_a_score_sheet_reads() -> None:
    rubber = a_rubber(1)
    t = rubber.totals
    assert str(t) == f"N–S {t.ns}, E–W {t.ew}" and t.text("de") == f"N–S {t.ns}, O–W {t.ew}"
    assert rubber.margin == t.ns - t.ew


def test_foster_games_won_are_per_side() -> None:
    deal = Deal.new(dealer=Seat.NORTH, seed=3, rules=FOSTER_1897)
    for text in ["7NT", "Pass", "Pass", "Pass"]:
        deal = deal.apply(Call.parse(text))
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions()[0])
    rubber = Rubber(FOSTER_1897).record(deal)
    assert isinstance(rubber.games_won, PerSide) and sum(rubber.games_won) <= 1
    won = rubber.games_won
    assert str(rubber).splitlines()[-1].endswith(f"games won: N–S {won.ns}, E–W {won.ew}")
    assert rubber.text("de").splitlines()[-1].endswith(f"gewonnene Partien: N–S {won.ns}, O–W {won.ew}")


# -- the score sheet ---------------------------------------------------------------------------------

def test_str_of_a_rubber_is_its_score_sheet() -> None:
    rubber = a_rubber(3)
    sheet = str(rubber)
    assert sheet == rubber.text() == rubber.text("en", number=1)
    for rd in rubber.deals:
        for line in rd.lines:
            assert "  " + line.text() in sheet.splitlines()
    last = sheet.splitlines()[-1]
    assert last == f"Rubber 1 (boards 1–3): not finished; {rubber.totals}"
    assert "rubber so far: " + str(rubber.totals) in sheet


def test_the_score_sheet_in_german() -> None:
    rubber = a_rubber(2)
    sheet = rubber.text("de")
    for rd in rubber.deals:
        for line in rd.lines:
            assert "  " + line.text("de") in sheet.splitlines()
    assert sheet.splitlines()[-1] == f"Rubber 1 (Spiele 1–2): nicht beendet; {rubber.totals.text('de')}"
    assert "Rubber bisher: " in sheet and "Geber " in sheet
    assert "tricks" not in sheet and "rubber so far" not in sheet


def test_a_won_rubber_on_the_sheet_and_the_cli_text() -> None:
    deals = [played(n, dealer=Seat.NORTH.offset(n - 1), deal_number=n) for n in range(1, 15)]
    rubbers = rubbers_of(deals)
    assert rubbers[0].is_finished
    first = rubbers[0].text()
    winner = rubbers[0].winner
    assert winner is not None and f"won by {winner}; {rubbers[0].totals}" in first.splitlines()[-1]
    assert "rubber won = " in first
    text = score_text(rubbers)
    assert text == "\n\n".join(r.text(number=n) for n, r in enumerate(rubbers, start=1)) + "\n"
    assert score_text([]) == ""


def test_an_empty_rubber_has_a_sheet_too() -> None:
    assert str(Rubber()) == "Rubber 1: no deals yet; N–S 0, E–W 0"
    assert Rubber().text("de", number=2) == "Rubber 2: noch keine Spiele; N–S 0, O–W 0"


def test_a_deal_without_a_board_label_is_numbered_on_the_sheet() -> None:
    deal = Deal.new(seed=5)
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions()[0])
    sheet = str(Rubber().record(deal))
    assert sheet.startswith("Board 1 · dealer North") and "None" not in sheet


def test_a_deal_and_its_contract_print_in_german_too() -> None:
    from vint_core import Deal

    deal = Deal.new(seed=2026).apply("1H")
    for _ in range(8):
        deal = deal.apply("pass")
    english, german = deal.text(), deal.text("de")
    assert english == str(deal) and english.splitlines()[0] == "Dealer North; rules: Standard Vint (rubber to 1000)"
    assert german.splitlines()[0] == "Geber Nord; Regeln: Standard-Vint (Rubber bis 1000)"
    assert german.splitlines()[-2:] == ["Kontrakt: 1♥ von Nord", "Stiche: N–S 0, O–W 0"]
    assert deal.contract is not None
    assert deal.contract.text("de") == "1♥ von Nord" and str(deal.contract) == "1♥ by North"
