"""Double-dummy analysis: the DD table, tricks still to come, contract scores, review sentences."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from vint_core import PASS, SEED, Call, Card, Deal, Hand, PerSide, Seat, Side, Strain, Suit, totals
from vint_core.analysis import (
    DoubleDummyUnavailable,
    Position,
    best_contracts,
    contract_dd_tricks,
    contract_scores,
    dd_table,
    remaining_tricks,
    review_lines,
    solve_positions,
)
from vint_core.cards import deck
from vint_core.scoring import score_contract

# each seat holds one whole suit: North ♠, East ♥, South ♦, West ♣
ONE_SUIT_EACH = (Hand.parse("AKQJT98765432..."), Hand.parse(".AKQJT98765432.."),
                 Hand.parse("..AKQJT98765432."), Hand.parse("...AKQJT98765432"))


def _contract(deal: Deal, bid: str, declarer: Seat) -> Deal:
    calls = [PASS] * ((declarer - deal.dealer) & 3) + [Call.parse(bid)] + [PASS] * deal.rules.auction_end_passes
    for call in calls:
        deal = deal.apply(call)
    return deal


def test_dd_table_when_each_seat_holds_a_whole_suit() -> None:
    # Independent count: at a suit contract the holder of the trump suit ruffs the opening lead and then
    # draws every trick, so his side takes 13 whoever declares; at no-trump the opening leader
    # (the declarer's left) runs his suit, so the declaring side takes nothing.
    deal = Deal(ONE_SUIT_EACH, dealer=Seat.NORTH)
    table = dd_table(deal)
    holder = {Strain.SPADES: Seat.NORTH, Strain.HEARTS: Seat.EAST, Strain.DIAMONDS: Seat.SOUTH,
              Strain.CLUBS: Seat.WEST}
    for (strain, declarer), tricks in table.items():
        if strain is Strain.NOTRUMP:
            assert tricks == 0, (strain, declarer)
        else:
            assert tricks == (13 if holder[strain].side is declarer.side else 0), (strain, declarer)
    assert len(table) == 20


def test_contract_dd_tricks_matches_the_table() -> None:
    deal = _contract(Deal.new(seed=11, rules=SEED), "2H", Seat.EAST)
    assert contract_dd_tricks(deal) == dd_table(deal)[Strain.HEARTS, Seat.EAST]
    assert contract_dd_tricks(Deal.new(seed=11)) is None


def _minimax(deal: Deal, side: Side) -> int:
    """Tricks ``side`` takes from here with best play by everyone (exhaustive search)."""
    if deal.is_finished:
        return 0
    seat = deal.to_act
    assert seat is not None
    before = deal.tricks_won[side]
    results = []
    for card in deal.legal_actions():
        nxt = deal.apply(card)
        results.append(nxt.tricks_won[side] - before + _minimax(nxt, side))
    return max(results) if seat.side is side else min(results)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_remaining_tricks_mid_trick_agrees_with_exhaustive_search(seed: int) -> None:
    rng = random.Random(seed)
    deal = _contract(Deal.new(seed=seed), "1NT" if seed % 2 else "3S", Seat.SOUTH)
    while len(deal.tricks) < 10 or len(deal.current_trick.cards) != 1 + seed % 3:  # type: ignore[union-attr]
        deal = deal.apply(rng.choice(deal.legal_actions()))
    ns, ew = remaining_tricks(deal, Side.NS), remaining_tricks(deal, Side.EW)
    assert ns + ew == 3  # the trick in progress and two more
    assert ns == _minimax(deal, Side.NS)
    assert ew == _minimax(deal, Side.EW)


def test_remaining_tricks_needs_the_play() -> None:
    with pytest.raises(ValueError, match="play"):
        remaining_tricks(Deal.new(seed=1), Side.NS)


def test_contract_scores_agree_with_scoring() -> None:
    deal = Deal.new(seed=5)
    table = dd_table(deal)
    scores = contract_scores(deal, table=table)
    assert len(scores) == 35 * 4
    for row in scores:
        c = row.contract
        assert row.declarer_tricks == table[c.strain, c.declarer]
        t = totals(score_contract(c, tricks=row.declarer_tricks, honours=deal.hands, rules=deal.rules))
        assert row.points == t
    best = best_contracts(deal, scores=scores)
    assert isinstance(best, PerSide) and all(isinstance(row.points, PerSide) for row in scores)
    for side in Side:
        assert best[side].contract.side is side
        assert all(best[side].margin(side) >= s.margin(side) for s in scores if s.contract.side is side)


def test_review_lines_in_english_and_german() -> None:
    rng = random.Random(3)
    deal = _contract(Deal.new(seed=3), "4H", Seat.SOUTH)
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    dd = dd_table(deal)[Strain.HEARTS, Seat.SOUTH]
    en, de = review_lines(deal, "en"), review_lines(deal, "de")
    assert en[0] == (f"With all cards visible, 4♥ by South makes {dd} tricks; N–S made {deal.declarer_tricks}.")
    assert de[0].startswith(f"Mit allen Karten offen macht 4♥ von Süd {dd} Stiche")
    assert len(en) == len(de) >= 3
    assert any("Best contract for E–W" in line for line in en)


def test_missing_endplay_gives_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    with pytest.raises(DoubleDummyUnavailable, match="endplay") as info:
        dd_table(Deal.new(seed=1))
    assert isinstance(info.value, ImportError)
    assert "endplay" in info.value.message("de")


def test_import_vint_core_does_not_import_endplay() -> None:
    code = ("import sys, vint_core, vint_core.analysis, vint_core.bots.sim_bot, vint_core.simulate; "
            "print('endplay' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# -- the solver through endplay's public API, against a count by hand -----------------------------------


def _tricks_by_search(hands: list[set[Card]], trump: Suit | None, leader: Seat, current: list[Card],
                      side: Side) -> int:
    """The tricks ``side`` takes from the trick in progress on, everyone playing perfectly: a plain minimax."""
    seat = leader.offset(len(current))
    if len(current) == 4:
        led = current[0].suit
        def power(card: Card) -> int:
            return 100 + card.rank if card.suit == trump else card.rank if card.suit == led else 0
        winner = leader.offset(max(range(4), key=lambda i: power(current[i])))
        won = 1 if winner.side is side else 0
        if not any(hands):
            return won
        return won + _tricks_by_search(hands, trump, winner, [], side)
    own = hands[seat]
    follow = [c for c in own if current and c.suit == current[0].suit]
    results = []
    for card in sorted(follow or own, key=lambda c: c.index):
        own.remove(card)
        results.append(_tricks_by_search(hands, trump, leader, [*current, card], side))
        own.add(card)
    return max(results) if seat.side is side else min(results)


def test_solve_positions_agrees_with_a_search_by_hand_mid_trick_too() -> None:
    """Every card's score, with 0–3 cards of the trick already played, under a trump and at no-trump."""
    rng = random.Random(5)
    positions, expected = [], []
    for k in range(24):
        cards = rng.sample(deck(), 12)
        hands = [set(cards[3 * s:3 * s + 3]) for s in range(4)]
        leader, trump = Seat(k % 4), (None, *Suit)[k % 5]
        current: list[Card] = []
        for i in range(k % 4):  # play part of the first trick, following suit when able
            own = hands[leader.offset(i)]
            follow = [c for c in own if current and c.suit == current[0].suit]
            card = rng.choice(sorted(follow or own, key=lambda c: c.index))
            own.remove(card)
            current.append(card)
        masks = tuple(sum(c.bit for c in hand) for hand in hands)
        positions.append(Position(masks, trump, leader, tuple(current)))  # type: ignore[arg-type]
        to_play = leader.offset(len(current))
        own = hands[to_play]
        follow = [c for c in own if current and c.suit == current[0].suit]
        scores = {}
        for card in list(follow or own):
            own.remove(card)
            scores[card] = _tricks_by_search(hands, trump, leader, [*current, card], to_play.side)
            own.add(card)
        expected.append(scores)
    assert solve_positions(positions) == expected  # one batch through endplay.dds.solve_all_boards
    assert [solve_positions([p])[0] for p in positions[:4]] == expected[:4]  # one by one: solve_board
    best = solve_positions(positions, all_cards=False)
    assert [max(b.values()) for b in best] == [max(e.values()) for e in expected]


def test_analysis_uses_only_endplays_public_api() -> None:
    import ast
    from pathlib import Path

    import vint_core.analysis

    tree = ast.parse(Path(vint_core.analysis.__file__).read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    endplay = {m for m in modules if m.startswith("endplay")}
    assert endplay and not any(part.startswith("_") for m in endplay for part in m.split("."))
