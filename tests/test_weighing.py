"""Weighing one seat's cards and calls of a finished deal (vint_core.table.weighing) on constructed endings.

Each ending is a whole deal whose first tricks are filler (everyone follows suit, one seat wins them all)
and whose last few cards are laid out so that the right card is known: a winner to cash, trumps to draw,
a guard to keep, and a finesse that is right by the odds and loses only to the one hidden layout dealt.
"""

from __future__ import annotations

import random
import sys

import pytest

from vint_core import PASS, Call, Card, Deal, Hand, Seat, Suit, totals
from vint_core.analysis import contract_scores, dd_table
from vint_core.bots.rule_bot import RuleBot
from vint_core.cards import Rank
from vint_core.errors import NotFinishedError, VintError
from vint_core.scoring import score_contract
from vint_core.table.weighing import COSTLY_POINTS, SLIP_POINTS, CardWeight, Weighing, deal_seed, weigh

N, E, S, W = Seat


def _cards(text: str) -> list[Card]:
    """Cards written by suit ♠.♥.♦.♣ ("A.2.2.32"): a short hand, which Hand.parse does not take."""
    out = []
    for suit, ranks in zip("SHDC", text.split("."), strict=True):
        out += [Card.parse(("10" if r == "T" else r) + suit) for r in ranks]
    return out


def ending(cards: dict[Seat, str], *, leader: Seat, bid: str, declarer: Seat) -> Deal:
    """A deal that reaches ``cards`` (each seat's last cards) with ``leader`` to lead.

    The declarer deals and bids ``bid``, everyone else passes. The other cards of each suit (a multiple
    of four) are played first, one suit after another, everyone following suit; ``leader`` holds the
    highest of them in every suit, so it wins every one of these tricks and leads to the ending.
    """
    end = {seat: _cards(text) for seat, text in cards.items()}
    n = len(end[N])
    assert all(len(c) == n for c in end.values())
    used = {c for cs in end.values() for c in cs}
    hands: dict[Seat, list[Card]] = {s: list(end[s]) for s in Seat}
    filler: dict[Seat, dict[Suit, list[Card]]] = {s: {} for s in Seat}
    order: list[Suit] = []
    for suit in Suit:
        free = sorted((Card(suit, r) for r in Rank if Card(suit, r) not in used), key=lambda c: -c.rank)
        assert len(free) % 4 == 0, (suit, len(free))
        k = len(free) // 4
        order += [suit] * k
        for i, seat in enumerate([leader] + [s for s in Seat if s != leader]):
            filler[seat][suit] = free[i * k:(i + 1) * k]
            hands[seat] += filler[seat][suit]
    deal = Deal([Hand(hands[s]) for s in Seat], dealer=declarer)
    deal = deal.apply(Call.parse(bid))
    while deal.contract is None or deal.to_act is None or deal.current_trick is None:
        deal = deal.apply(PASS)
    assert deal.contract.declarer is declarer
    for suit in order:
        for _ in range(4):
            seat = deal.to_act
            assert seat is not None
            pile = filler[seat][suit]
            deal = deal.apply(pile.pop(0) if seat is leader else pile.pop())
    assert deal.to_act is leader and len(deal.tricks) == 13 - n
    return deal


def finish(deal: Deal, *cards: str) -> Deal:
    """``cards`` played, then every seat's lowest legal card to the end."""
    for card in cards:
        deal = deal.apply(Card.parse(card))
    while not deal.is_finished:
        deal = deal.apply(min(deal.legal_actions(), key=lambda c: (c.rank, c.suit)))  # type: ignore[union-attr]
    return deal


def card_at(weighing: Weighing, trick: int) -> CardWeight:
    return next(c for c in weighing.cards if c.trick == trick)


# South, declaring 3NT with eight tricks in, holds A♠ and four losers: West's hearts and East's diamonds
# and clubs take every trick once South gives up the lead, the last ones squeezing the A♠ out.
CASH = ending({S: "A.2.2.32", W: "KQ.AKQ..", N: "JT.J.J.Q", E: "..AKQ.AK"}, leader=S, bid="3NT", declarer=S)
# South, declaring 7♥, holds the three top trumps and ♠A K; West has ♥J 10 and no spades
DRAW = ending({S: "AK.AKQ..", W: ".JT.AKQ.", N: "QJT...AK", E: "..JT.QJT"}, leader=S, bid="7H", declarer=S)
# South, declaring 3NT, must throw a card on North's A♠: the A♥ guards against West's K Q J 10 of hearts
GUARD = ending({S: ".A..AKQJ", W: ".KQJT.A.", N: "A..KQJT.", E: "KQJT...T"}, leader=N, bid="3NT", declarer=S)
# South, declaring 3♠, plays third to North's 6♠ and East's 2♠ with A Q: the queen wins whenever the king is
# not with West, the ace is better only when West has the king alone, which is how it lies here
FINESSE = ending({S: "AQ.2..", W: "K..2.2", N: "876...", E: "432..."}, leader=N, bid="3S", declarer=S)


def test_a_winner_not_cashed_is_costly_and_named() -> None:
    weighing = weigh(finish(CASH, "2D"), S)
    card = card_at(weighing, 9)
    assert card.card == Card.parse("2D") and card.place == 0
    assert card.mark == "costly" and card.cost >= COSTLY_POINTS
    assert card.best == Card.parse("AS") and card.dd_best == Card.parse("AS")
    # with all cards visible: A♠ first makes 3NT (9 tricks), 2♦ goes one down (8): 200 against 40 for N–S
    assert (card.dd_best_points, card.dd_points) == (200, 40)
    assert "A♠ was a sure trick" in card.text("en") and "sicherer Stich" in card.text("de")
    for seed in range(3):  # not an accident of one seed
        other = card_at(weigh(finish(CASH, "2D"), S, seed=seed), 9)
        assert other.best == Card.parse("AS") and other.mark is not None


def test_the_winner_cashed_is_not_marked() -> None:
    card = card_at(weigh(finish(CASH, "AS"), S), 9)
    assert card.mark is None and card.cost == 0 and card.best == card.card
    assert card.dd_cost == 0


def test_a_trump_drawn_too_late_is_costly() -> None:
    weighing = weigh(finish(DRAW, "AS"), S)
    card = card_at(weighing, 9)
    assert card.mark == "costly" and card.best == Card.parse("AH") and card.dd_best == Card.parse("AH")
    # West ruffs the A♠: 12 tricks, one down in the grand slam, instead of all 13
    expected = {t: totals(score_contract(DRAW.contract, tricks=t, honours=DRAW.hands, rules=DRAW.rules))  # type: ignore[arg-type]
                for t in (12, 13)}
    assert card.dd_best_points == expected[13].ns - expected[13].ew
    assert card.dd_points == expected[12].ns - expected[12].ew
    assert card.text().endswith("while the other side still has trumps, it can trump your winners.")


def test_a_guard_thrown_away_lets_the_long_suit_run() -> None:
    card = card_at(weigh(finish(GUARD, "AS", "TS", "AH"), S), 9)
    assert card.place == 2 and card.card == Card.parse("AH")
    assert card.mark == "costly" and card.best.suit is Suit.CLUBS and card.dd_best.suit is Suit.CLUBS
    assert card.dd_cost > 0 and card.cost >= COSTLY_POINTS
    assert "A♥ was your guard in ♥" in card.text() and "Sperre" in card.text("de")


def test_a_finesse_that_loses_only_to_the_hidden_layout_is_not_blamed() -> None:
    deal = finish(FINESSE, "6S", "2S", "QS")
    for seed in (None, 0, 1, 2, 3):
        card = card_at(weigh(deal, S, seed=seed), 11)
        assert card.card == Card.parse("QS") and card.mark is None
        # with all cards visible the A♠ drops West's king and is better
        assert card.dd_best == Card.parse("AS") and card.dd_cost > 0
    assert "fine by what you could know" in card.text()


def test_the_same_deal_gives_the_same_weighing() -> None:
    deal = finish(CASH, "2D")
    first, again = weigh(deal, S), weigh(deal, S)
    assert first == again and first.seed == deal_seed(deal)
    assert weigh(deal, S, seed=first.seed) == first
    other = weigh(deal, S, seed=first.seed + 1)
    assert [c.expected for c in other.cards] != [c.expected for c in first.cards]


def test_the_summary_splits_bidding_and_play_and_names_the_costliest() -> None:
    deal = finish(CASH, "2D")
    weighing = weigh(deal, S)
    table = dd_table(deal)
    best = max((s for s in contract_scores(deal, table=table) if s.contract.side is S.side),
               key=lambda s: s.margin(S.side))
    reached = next(s for s in contract_scores(deal, table=table) if s.contract == deal.contract)
    assert weighing.contract is not None
    assert weighing.contract.best_points == best.margin(S.side)
    assert weighing.contract.reached_points == reached.margin(S.side)
    assert weighing.bidding_lost == best.margin(S.side) - reached.margin(S.side)
    assert weighing.play_lost == round(sum(max(0.0, c.cost) for c in weighing.cards))
    costliest = weighing.costliest()
    assert 1 <= len(costliest) <= 3 and costliest[0].trick == 9
    assert [c.cost for c in costliest] == sorted((c.cost for c in costliest), reverse=True)
    lines = weighing.summary()
    assert lines[1] == (f"N–S lost {weighing.bidding_lost} points in the bidding and {weighing.play_lost} in the "
                        "play to the best it could have found.")
    assert f"Trick 9: 2♦ cost {round(costliest[0].cost)} points; A♠ was better." in lines
    assert len(weighing.summary("de")) == len(lines) and "Stich 9" in " ".join(weighing.summary("de"))
    assert all(c.cost >= SLIP_POINTS for c in weighing.marked)


def test_each_call_is_set_beside_the_computer_players() -> None:
    weighing = weigh(finish(CASH, "2D"), S)
    assert [c.call for c in weighing.calls] == [Call.parse("3NT")] + [PASS] * (len(weighing.calls) - 1)
    opening = weighing.calls[0]
    bot = RuleBot()
    view = Deal(CASH.hands, dealer=S).view(S)
    assert opening.bot_call == bot.choose(view, random.Random(0)) and opening.differs
    assert opening.why == bot.why(view, opening.bot_call).phrase  # a phrase, said in the language it is shown in
    assert opening.why.text("de") == bot.explain(view, opening.bot_call, "de")
    assert opening.text("en").startswith(f"3NT: the computer player would call {opening.bot_call}.")
    assert opening.text("de").startswith(f"3NT: der Computerspieler würde {opening.bot_call.text('de')} sagen.")


def test_a_deal_played_by_the_computer_player_has_its_calls_unchanged() -> None:
    bot, deal = RuleBot(), Deal.new(seed=3)
    while not deal.is_finished:
        deal = deal.apply(bot.choose(deal.view(deal.to_act), random.Random(0)))  # type: ignore[arg-type]
    weighing = weigh(deal, E, samples=4)
    assert weighing.calls and not any(c.differs for c in weighing.calls)
    assert len(weighing.cards) == 13 and all(c.samples == 4 for c in weighing.cards)


def test_without_endplay_the_weighing_says_it_needs_it(monkeypatch: pytest.MonkeyPatch) -> None:
    deal = finish(CASH, "2D")
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    weighing = weigh(deal, S)
    assert weighing.needs_endplay and weighing.cards == () and weighing.contract is None
    assert "endplay" in weighing.notice("en") and "Zusatzpaket endplay" in weighing.notice("de")
    assert weighing.summary() == [weighing.notice()]
    assert weighing.calls[0].call == Call.parse("3NT") and weighing.calls[0].differs  # the calls still weighed


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(NotFinishedError, match="not finished yet"):
        weigh(CASH, S)
    with pytest.raises(VintError, match="seat"):
        weigh(finish(CASH, "2D"), "X")
    with pytest.raises(VintError, match="whole number"):
        weigh(finish(CASH, "2D"), S, samples=0)
    with pytest.raises(VintError, match="Deal"):
        weigh("not a deal", S)  # type: ignore[arg-type]


def test_the_reasons_for_the_partners_suit_and_a_high_card_spent_second() -> None:
    """The sentences a marked card gets, on the position before it (the marks themselves depend on the odds)."""
    from vint_core.table.weighing import _why

    # North led spades at trick 1 (West declares); South wins trick 9 with the A♥ and is on lead
    partner = ending({S: "2.A.432.", N: "AKQJ.2..", E: ".KQJ.AK.", W: "...AKQJT"}, leader=N, bid="3NT",
                     declarer=W)
    for card in ("2H", "JH", "AH", "TC"):
        partner = partner.apply(Card.parse(card))
    why = _why(partner, S, Card.parse("2D"), Card.parse("2S"))
    assert why is not None and why.text("en") == ("Going back to your partner's suit, ♠, with 2♠ was better: "
                                                  "it is the suit your side set out to make tricks in.")
    assert why.text("de").startswith("Zurück in die Farbe deines Partners, ♠, mit 2♠")
    # East leads the 3♠ and South, second to play, holds K 2
    second = ending({S: "K2.A.A.A", E: "Q3.KQJ..", W: "A..KQJ.K", N: ".T.T.QJT"}, leader=E, bid="3NT",
                    declarer=W).apply(Card.parse("3S"))
    why = _why(second, S, Card.parse("KS"), Card.parse("2S"))
    assert why is not None and why.text("en") == ("K♠ was spent too early as the second card of the trick: "
                                                  "the low 2♠ keeps it for a later trick.")
    assert _why(second, S, Card.parse("2S"), Card.parse("KS")) is None  # the low card is never blamed for that


def test_the_sampled_measure_sees_only_what_the_seat_saw() -> None:
    """West's hearts and East's diamonds swapped: South's view at trick 9 is the same, so is the sampled measure."""
    swapped = ending({S: "A.2.2.32", W: "KQ..AKQ.", N: "JT.J.J.Q", E: ".AKQ..AK"}, leader=S, bid="3NT", declarer=S)
    assert swapped.view(S) == CASH.view(S) and swapped.hands != CASH.hands
    first = card_at(weigh(finish(CASH, "2D"), S, seed=7), 9)
    second = card_at(weigh(finish(swapped, "2D"), S, seed=7), 9)
    assert first.expected == second.expected and first.best == second.best


def test_a_passed_out_deal_has_only_its_calls_and_the_best_contract() -> None:
    deal = Deal(CASH.hands, dealer=S)
    while not deal.is_finished:
        deal = deal.apply(PASS)
    weighing = weigh(deal, S)
    assert weighing.cards == () and weighing.contract is not None and weighing.contract.reached is None
    assert weighing.contract.reached_points == 0
    assert weighing.bidding_lost == max(0, weighing.contract.best_points)  # passing is never worse than minus
    assert weighing.summary()[0].startswith("The deal was passed out: 0 points; the best contract for N–S was")
    assert all(c.call is PASS for c in weighing.calls)
