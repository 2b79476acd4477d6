"""RuleBot: the bidding guide, promises(), the Vint-score estimate, card-play principles, strength."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import auction_for

from vint_core import PASS, RULE_SETS, SEED, Bid, Call, Card, Deal, Hand, PerSide, Phase, Seat, Side, Strain, Suit
from vint_core.bots import Bot, Promise, make_bot
from vint_core.bots.evaluation import estimate_contract, evaluate, honours_units, partnership_tricks, score_table
from vint_core.bots.guide import GUIDE, Kind, guide_markdown, promises, satisfiable
from vint_core.bots.rule_bot import HOPELESS, RuleBot, _Bidder
from vint_core.errors import OutOfTurnError

RULE_SET_NAMES = sorted(RULE_SETS)


def deal_of(pbn: dict[Seat, str], calls: list[str] | list[Call], *, rules: str = "seed", dealer: Seat = Seat.NORTH,
            cards: tuple[str, ...] = (), deal_number: int = 1) -> Deal:
    hands = tuple(Hand.parse(pbn[s]) for s in Seat)
    actions = [c if isinstance(c, Call) else Call.parse(c) for c in calls] + [Card.parse(c) for c in cards]
    return Deal.replay(hands, actions, dealer=dealer, rules=RULE_SETS[rules], deal_number=deal_number)


def choose(deal: Deal) -> tuple[object, str]:
    bot = RuleBot()
    seat = deal.to_act
    assert seat is not None
    view = deal.view(seat)
    action = bot.choose(view, random.Random(0))
    return action, bot.explain(view, action)


# -- hand evaluation ---------------------------------------------------------------------


def test_hand_evaluation_counts() -> None:
    ev = evaluate(Hand.parse("AKQ.JT9.876.5432"))
    assert (ev.hcp, ev.lengths, ev.balanced, ev.quick_tricks, ev.aces) == (10, (3, 3, 3, 4), True, 2.0, 1)
    assert ev.honours == (3, 2, 0, 0)
    long = evaluate(Hand.parse("9876543.AK.A3.A2"))
    # the long suit takes tricks only as trumps; the aces and kings in any strain
    assert long.playing_tricks(Strain.SPADES) == 8 and long.playing_tricks(Strain.HEARTS) == 4
    assert not long.balanced and long.shortness_points(Suit.SPADES) == 3


def test_more_points_and_more_trumps_mean_more_tricks() -> None:
    ev = evaluate(Hand.parse("AK32.Q5.K654.J32"))
    lengths = (3.0, 3.0, 3.0, 3.0)
    t = [partnership_tricks(ev, Strain.SPADES, partner_hcp=p, partner_lengths=lengths) for p in (5, 10, 15)]
    assert t[0] < t[1] < t[2]
    fit = partnership_tricks(ev, Strain.SPADES, partner_hcp=10, partner_lengths=(5.0, 3.0, 3.0, 2.0))
    assert fit > t[1]


def test_score_table_is_the_rule_sets_scoring() -> None:
    # docs/rules.md §5.1, S1: 4♥ with 9 tricks: declarers 360, defenders 160 + 80
    assert score_table(SEED, 4, Strain.HEARTS)[9] == PerSide(360, 240)
    assert score_table(SEED, 3, Strain.NOTRUMP)[9] == PerSide(360, 160)
    assert score_table(SEED, 6, Strain.SPADES)[13] == PerSide(780 + 250, 0)


def test_the_estimate_prefers_the_level_we_make() -> None:
    values = {lvl: estimate_contract(SEED, lvl, Strain.HEARTS, tricks=9.0).net for lvl in range(1, 8)}
    best = max(values, key=lambda lvl: values[lvl])
    assert best == 3  # nine tricks: three of a suit
    assert values[7] < 0 < values[1]
    # the opponents' contract, seen from our side, is the mirror image
    theirs = estimate_contract(SEED, 3, Strain.HEARTS, tricks=9.0, we_declare=False)
    assert theirs.net == pytest.approx(-values[3])


def test_honours_raise_the_value_and_depend_on_the_rule_set() -> None:
    five = honours_units(SEED, Strain.HEARTS, held=5, partner_share=0.0)
    assert five == 10
    assert honours_units(SEED, Strain.HEARTS, held=0, partner_share=0.0) == -10
    assert honours_units(RULE_SETS["whist_vint"], Strain.HEARTS, held=5, partner_share=0.0) == 0
    assert honours_units(SEED, Strain.NOTRUMP, held=4, partner_share=0.0) == 10
    plain = estimate_contract(SEED, 4, Strain.HEARTS, tricks=10.0).net
    assert estimate_contract(SEED, 4, Strain.HEARTS, tricks=10.0, honours=4).net == pytest.approx(plain + 160)


def test_a_side_near_the_game_values_a_cheap_safe_contract() -> None:
    far = estimate_contract(SEED, 1, Strain.SPADES, tricks=8.0, game_score=(0, 0)).net
    near = estimate_contract(SEED, 1, Strain.SPADES, tricks=8.0, game_score=(950, 0)).net
    assert near > far + 200  # the rubber bonus (250) is almost certain
    danger = estimate_contract(SEED, 1, Strain.SPADES, tricks=8.0, we_declare=False, game_score=(0, 950)).net
    assert danger < -200


# -- the guide and promises() ------------------------------------------------------------------


def test_bidding_md_shows_exactly_the_guide_table() -> None:
    text = (Path(__file__).parent.parent / "vint_core" / "bots" / "BIDDING.md").read_text(encoding="utf-8")
    assert guide_markdown() in text
    assert len(GUIDE) == guide_markdown().count("\n") - 1


def test_promises_of_a_simple_auction() -> None:
    calls = [(Seat.NORTH, Call.parse("1♥")), (Seat.EAST, PASS), (Seat.SOUTH, Call.parse("2♥")),
             (Seat.WEST, PASS)]
    p = promises(calls, SEED)
    assert p[Seat.NORTH] == Promise(Seat.NORTH, (12, 37), (0, 4, 0, 0), (13, 13, 13, 13))
    assert p[Seat.SOUTH] == Promise(Seat.SOUTH, (7, 10), (0, 4, 0, 0), (13, 13, 13, 13))
    assert p[Seat.EAST].hcp == (0, 37)  # a pass over an opponent's bid shows nothing
    opening_pass = promises([(Seat.NORTH, PASS)], SEED)[Seat.NORTH]
    assert opening_pass.hcp == (0, 11)
    nt = promises([(Seat.NORTH, Call.parse("1NT"))], SEED)[Seat.NORTH]
    assert nt == Promise(Seat.NORTH, (15, 18), (2, 2, 2, 2), (5, 5, 5, 5))


def test_jumps_and_progressive_minimum_levels() -> None:
    jump = promises([(Seat.NORTH, Call.parse("2♠"))], SEED)[Seat.NORTH]
    assert jump.hcp == (8, 37) and jump.min_length[0] == 6
    # under progressive, deal 2, 2♠ is the cheapest spade bid: a plain opening, and a pass shows nothing
    prog = RULE_SETS["progressive"]
    assert promises([(Seat.NORTH, Call.parse("2♠"))], prog, deal_number=2)[Seat.NORTH].min_length[0] == 4
    assert promises([(Seat.NORTH, PASS)], prog, deal_number=2)[Seat.NORTH].hcp == (0, 37)


def test_contradictory_calls_are_widened_not_contradicted() -> None:
    # a passed hand (0–11) that later bids 1NT over an opponent (15+): the widest reading covers both
    calls = [(Seat.NORTH, PASS), (Seat.EAST, Call.parse("1♠")), (Seat.SOUTH, PASS), (Seat.WEST, PASS),
             (Seat.NORTH, Call.parse("1NT"))]
    p = promises(calls, SEED)[Seat.NORTH]
    assert p.hcp == (0, 37) and satisfiable(p)
    # four seats each claiming long spades: the table as a whole still fits in one pack
    calls = [(Seat.NORTH, Call.parse("2♠")), (Seat.EAST, Call.parse("3♠")), (Seat.SOUTH, Call.parse("4♠")),
             (Seat.WEST, Call.parse("5♠"))]
    table = promises(calls, SEED)
    assert sum(pr.min_length[0] for pr in table.values()) <= 13
    assert all(satisfiable(pr) for pr in table.values())


def _witness(p: Promise) -> Hand | None:
    """An actual hand that meets the promise, built greedily (independent of ``satisfiable``)."""
    lengths = list(p.min_length)
    while sum(lengths) < 13:
        room = [k for k in range(4) if lengths[k] < p.max_length[k]]
        if not room:
            return None
        lengths[min(room, key=lambda k: lengths[k])] += 1
    honours_of = {14: 4, 13: 3, 12: 2, 11: 1}
    ranks: list[list[int]] = []
    for s in range(4):
        n = lengths[s]
        spots = list(range(2, 11))[:n]
        extra = [11, 12, 13, 14][: max(0, n - 9)]  # a suit longer than 9 must hold honours
        ranks.append(spots + extra)
    hcp = sum(honours_of.get(r, 0) for rs in ranks for r in rs)
    # upgrade spot cards to honours until the HCP reach the minimum
    while hcp < p.hcp[0]:
        need = p.hcp[0] - hcp
        best = None
        for s in range(4):
            free = [r for r in (14, 13, 12, 11) if r not in ranks[s]]
            spots = [r for r in ranks[s] if r <= 10]
            if free and spots:
                value = next((r for r in free if honours_of[r] <= need), free[-1])
                cand = (honours_of[value], s, value, spots[0])
                best = cand if best is None or (cand[0] <= need and cand[0] > best[0]) else best
        if best is None:
            return None
        _, s, value, spot = best
        ranks[s].remove(spot)
        ranks[s].append(value)
        hcp += best[0]
    if hcp > p.hcp[1]:
        return None
    return Hand(Card(s, r) for s in range(4) for r in ranks[s])  # type: ignore[arg-type]


def _auctions(n: int, bots: list[Bot], rules_name: str) -> list[Deal]:
    out = []
    for i in range(n):
        rules = RULE_SETS[rules_name]
        deal = Deal.new(dealer=Seat(i % 4), seed=7000 + i, rules=rules, deal_number=i % 7 + 1)
        rng = random.Random(i)
        while deal.phase is Phase.AUCTION:
            seat = deal.to_act
            assert seat is not None
            deal = deal.apply(bots[seat].choose(deal.view(seat), rng))
        out.append(deal)
    return out


@pytest.mark.parametrize("rules_name", RULE_SET_NAMES)
def test_promises_are_always_satisfiable_and_true_of_the_bots_own_hands(rules_name: str) -> None:
    rule, rnd = make_bot("rule"), make_bot("random")
    checked = 0
    for bots in ([rule] * 4, [rule, rnd, rule, rnd], [rnd] * 4):
        for deal in _auctions(40, bots, rules_name):
            calls = deal.auction.calls_by()
            # after every call, not only at the end
            for k in range(1, len(calls) + 1):
                table = promises(calls[:k], deal.rules, deal_number=deal.deal_number)
                for seat, p in table.items():
                    assert satisfiable(p), (calls[:k], p)
                    hand = _witness(p)
                    assert hand is not None and len(hand) == 13, p
                    ev = evaluate(hand)
                    assert p.hcp[0] <= ev.hcp <= p.hcp[1]
                    assert all(a <= n <= b for a, n, b in zip(p.min_length, ev.lengths, p.max_length, strict=True))
                    if bots[seat] is rule:
                        real = evaluate(deal.hands[seat])
                        assert p.hcp[0] <= real.hcp <= p.hcp[1], (seat, calls[:k], p, real.hcp)
                        assert all(a <= n <= b for a, n, b in zip(p.min_length, real.lengths, p.max_length,
                                                                  strict=True)), (seat, calls[:k], p, real.lengths)
                        checked += 1
                for suit in range(4):
                    assert sum(p.min_length[suit] for p in table.values()) <= 13
                    assert sum(p.max_length[suit] for p in table.values()) >= 13
                assert sum(p.hcp[0] for p in table.values()) <= 40 <= sum(p.hcp[1] for p in table.values())
    assert checked > 1000


# -- bidding --------------------------------------------------------------------------------


@pytest.mark.parametrize("rules_name", RULE_SET_NAMES)
def test_the_call_alone_is_the_call_it_explains(rules_name: str) -> None:
    """``RuleBot.call`` (SimBot's rollouts ask it thousands of times a decision, without words) makes the very call
    ``choose`` makes and explains, after the guide's calls and after random ones; there is no call in the play."""
    rule, rnd = RuleBot(), make_bot("random")
    compared = 0
    for bots in ([rule] * 4, [rule, rnd, rule, rnd], [rnd] * 4):
        for deal in _auctions(25, bots, rules_name):
            replayed = Deal.replay(deal.hands, (), dealer=deal.dealer, rules=deal.rules, deal_number=deal.deal_number)
            for call in deal.auction.calls:
                seat = replayed.to_act
                assert seat is not None
                view = replayed.view(seat)
                assert rule.call(view) == rule.choose(view, random.Random(0))
                compared += 1
                replayed = replayed.apply(call)
            if deal.phase is Phase.PLAY:
                seat = deal.to_act
                assert seat is not None
                with pytest.raises(OutOfTurnError):
                    rule.call(deal.view(seat))
    assert compared > 300

BIDDING_DEAL = {
    Seat.NORTH: "K4.AQJ84.K92.752",
    Seat.EAST: "QJ985.K3.A54.K98",
    Seat.SOUTH: "A73.T962.QJ8.AQ3",
    Seat.WEST: "T62.75.T763.JT64",
}


def test_the_guides_opening_example() -> None:
    action, text = choose(deal_of(BIDDING_DEAL, []))
    assert action == Call.parse("1♥")
    assert text.startswith("1♥: 5 cards in ♥ headed by A Q J, 13 high-card points")


def test_a_weak_hand_passes_and_a_strong_one_may_not() -> None:
    weak = deal_of(BIDDING_DEAL, ["Pass", "Pass", "Pass"])
    action, text = choose(weak)  # West, 2 HCP
    assert action is PASS and text == "Pass: with 1 high-card points no bid of the bidding guide fits this hand."
    strong = {Seat.NORTH: "AKQ4.AK8.KQ2.752", Seat.EAST: "J985.Q3.A54.KQ98",
              Seat.SOUTH: "763.T962.J98.AJ3", Seat.WEST: "T2.J754.T763.T64"}
    action, text = choose(deal_of(strong, []))
    assert isinstance(action, Bid)
    assert "the bidding guide says bid, not pass" in text


def test_explanations_give_the_vint_score_in_english_and_german() -> None:
    deal = deal_of(BIDDING_DEAL, ["1♥"])  # East may pass over the opponent's 1♥, or compete
    bot = RuleBot()
    view = deal.view(Seat.EAST)
    action = bot.choose(view, random.Random(0))
    assert isinstance(action, Bid)
    en, de = bot.explain(view, action, "en"), bot.explain(view, action, "de")
    assert "we expect to end this deal about " in en and "points ahead of the opponents" in en and "if we pass" in en
    assert "erwarten wir, dieses Spiel etwa " in de and "Punkte vor den Gegnern" in de and "passen wir" in de
    # a call the bot did not choose is explained too, with what the guide reads into it
    other = bot.explain(view, Call.parse("7NT"), "en")
    assert other.startswith("7NT: the bidding guide reads it as") and str(action) in other


def test_the_bot_never_bids_a_contract_it_expects_to_lose_badly() -> None:
    rule = make_bot("rule")
    bids = 0
    for rules_name in RULE_SET_NAMES:
        for i in range(30):
            deal = Deal.new(dealer=Seat(i % 4), seed=8100 + i, rules=RULE_SETS[rules_name], deal_number=i % 7 + 1)
            while deal.phase is Phase.AUCTION:
                seat = deal.to_act
                assert seat is not None
                view = deal.view(seat)
                call = rule.choose(view, random.Random(0))
                if isinstance(call, Bid):
                    bidder = _Bidder(view)
                    assert call.tricks <= bidder.tricks(call.strain) + HOPELESS
                    meaning = bidder.reading.meaning(seat, call)
                    assert not meaning.leap and meaning.satisfied_by(bidder.ev)
                    if meaning.row.kind is not Kind.PASS and bidder.reading.meaning(seat, PASS).satisfied_by(
                            bidder.ev):
                        assert bidder.value(call) > bidder.value(PASS)
                    bids += 1
                deal = deal.apply(call)
    assert bids > 100


def test_progressive_high_minimum_a_weak_hand_passes() -> None:
    weak = {Seat.NORTH: "T62.75.T763.JT64", Seat.EAST: "QJ985.K3.A54.K98",
            Seat.SOUTH: "A73.T962.QJ8.AQ3", Seat.WEST: "K4.AQJ84.K92.752"}
    deal = deal_of(weak, [], rules="progressive", deal_number=7)
    assert choose(deal)[0] is PASS


def test_foster_no_raising_your_own_bid_and_whist_vint_no_notrump() -> None:
    over = deal_of(BIDDING_DEAL, ["1♥", "Pass", "Pass", "Pass"], rules="foster_1897")
    assert over.phase is Phase.PLAY and str(over.contract) == "1♥ by North"  # 3 passes end it
    whist = deal_of(BIDDING_DEAL, [], rules="whist_vint")
    rule = RuleBot()
    calls = []
    while whist.phase is Phase.AUCTION:
        seat = whist.to_act
        assert seat is not None
        view = whist.view(seat)
        call = rule.choose(view, random.Random(0))
        if view.legal == (PASS,):
            assert call is PASS and rule.explain(view, call) == "Pass: no bid is allowed now."
        calls.append(call)
        whist = whist.apply(call)
    assert all(not isinstance(c, Bid) or c.strain is not Strain.NOTRUMP for c in calls)
    foster = deal_of(BIDDING_DEAL, ["1♥", "Pass"], rules="foster_1897")
    view = foster.view(Seat.SOUTH)
    assert rule.choose(view, random.Random(0)) in view.legal


def test_a_rubber_score_near_the_target_reaches_the_estimate() -> None:
    deal = deal_of(BIDDING_DEAL, [])
    view = deal.view(Seat.NORTH)

    class ScoredView:
        def __init__(self, inner: object, game_score: tuple[int, int]) -> None:
            self._inner, self.game_score = inner, game_score

        def __getattr__(self, name: str) -> object:
            return getattr(self._inner, name)

    plain = _Bidder(view).value(Call.parse("1♥"))
    near = _Bidder(ScoredView(view, (980, 0))).value(Call.parse("1♥"))  # type: ignore[arg-type]
    assert near > plain + 150


# -- card play --------------------------------------------------------------------------------

NT_DEAL = {
    Seat.WEST: "8642.432.432.432",
    Seat.NORTH: "A73.AK5.K765.765",
    Seat.EAST: "KQ5.QJ6.QJ8.KQJ8",
    Seat.SOUTH: "JT9.T987.AT9.AT9",
}
NT_AUCTION = auction_for("1NT", Seat.SOUTH)


def test_opening_lead_fourth_best_then_second_low_third_high_fourth_cannot_win() -> None:
    deal = deal_of(NT_DEAL, NT_AUCTION)
    assert choose(deal) == (Card.parse("2♠"),
                            "2♠: a low card, my fourth highest, from my longest and strongest suit (♠).")
    deal = deal.apply(Card.parse("2♠"))
    assert choose(deal) == (Card.parse("3♠"), "3♠: I play low: my partner plays after me and can still win this trick.")
    deal = deal.apply(Card.parse("3♠"))
    # Q: the cheaper of K Q
    assert choose(deal) == (Card.parse("Q♠"),
                            "Q♠: I play high enough to win the trick, so that the last player must beat it.")
    deal = deal.apply(Card.parse("Q♠"))
    assert choose(deal) == (Card.parse("9♠"), "9♠: I cannot beat Q♠, so I play my lowest card.")
    deal = deal.apply(Card.parse("9♠"))
    # East won and returns partner's suit, the top of a doubleton
    assert choose(deal) == (Card.parse("K♠"), "K♠: leading again the suit my partner led (♠).")


def test_top_of_a_sequence_and_covering_an_honour() -> None:
    hands = dict(NT_DEAL)
    hands[Seat.WEST], hands[Seat.SOUTH] = "KQJ6.432.432.432", "T98.T987.AT9.AT9"
    hands[Seat.EAST] = "542.QJ6.QJ8.KQJ8"
    deal = deal_of(hands, NT_AUCTION)
    assert choose(deal)[0] == Card.parse("K♠")
    deal = deal.apply(Card.parse("K♠"))
    action, text = choose(deal)
    assert action == Card.parse("A♠") and "K♠ is a high card: I beat it with a higher one" in text


def test_not_overtaking_partners_winning_card() -> None:
    deal = deal_of(NT_DEAL, NT_AUCTION, cards=("2♠", "A♠", "5♠", "9♠", "A♥", "6♥"))
    assert choose(deal) == (Card.parse("7♥"), "7♥: my partner's A♥ is winning, so I play low.")


SUIT_DEAL = {
    Seat.NORTH: ".AKQ987.A876.K32",
    Seat.EAST: "AKQJ5.432.432.54",
    Seat.SOUTH: "T9876.JT.KQ5.QJT",
    Seat.WEST: "432.65.JT9.A9876",
}


def test_suit_contract_ruff_draw_trumps_and_discard() -> None:
    deal = deal_of(SUIT_DEAL, auction_for("2♥", Seat.NORTH))
    assert choose(deal) == (Card.parse("A♠"), "A♠: the top one of my high ♠ in a row (like K Q J): it costs nothing.")
    deal = deal.apply(Card.parse("A♠"))
    assert choose(deal)[0] == Card.parse("6♠")  # second hand low
    deal = deal.apply(Card.parse("6♠"))
    assert choose(deal) == (Card.parse("2♠"), "2♠: my partner's A♠ is winning, so I play low.")
    deal = deal.apply(Card.parse("2♠"))
    assert choose(deal) == (Card.parse("7♥"), "7♥: no ♠ left: I trump to win the trick.")
    deal = deal.apply(Card.parse("7♥"))
    action, text = choose(deal)  # North, the declarer, leads a trump: the cheapest of A K Q
    assert action == Card.parse("Q♥") and "drawing trumps" in text
    deal = deal.apply(Card.parse("Q♥"))
    for card in ("2♥", "T♥", "5♥", "K♥", "3♥", "J♥", "6♥", "A♥", "4♥"):
        deal = deal.apply(Card.parse(card))
    # South has no hearts left and discards from the weakest suit (spades: no honours)
    assert choose(deal) == (Card.parse("7♠"), "7♠: no ♥ left: discarding from my weakest suit.")


def test_a_master_is_cashed() -> None:
    deal = deal_of(SUIT_DEAL, auction_for("2♥", Seat.NORTH),
                   cards=("A♠", "6♠", "2♠", "7♥", "Q♥", "2♥", "T♥", "5♥", "K♥", "3♥", "J♥", "6♥", "A♥", "4♥",
                          "7♠", "3♠"))
    # North has drawn the trumps and still holds 9♥ 8♥; A♦ is a master
    action, text = choose(deal)
    assert action == Card.parse("A♦") and "every higher ♦ has been played or is mine" in text


# -- strength ---------------------------------------------------------------------------------


def _duplicate(strong: str, weak: str, deals: int) -> list[int]:
    """Each deal twice with the partnerships swapped: the strong bot's side's score minus the other's."""
    out = []
    a, b = make_bot(strong), make_bot(weak)
    for i in range(deals):
        for swap in (False, True):
            bots = [b, a, b, a] if swap else [a, b, a, b]
            deal = Deal.new(dealer=Seat(i % 4), seed=20_000 + i)
            rng = random.Random(i * 2 + swap)
            while not deal.is_finished:
                seat = deal.to_act
                assert seat is not None
                deal = deal.apply(bots[seat].choose(deal.view(seat), rng))
            points = deal.points if not deal.is_passed_out else PerSide(0, 0)
            side = Side.EW if swap else Side.NS
            out.append(points[side] - points[side.other])
    return out


def test_rule_bot_beats_random_bot_in_duplicate() -> None:
    diffs = _duplicate("rule", "random", 100)
    assert len(diffs) == 200
    mean = sum(diffs) / len(diffs)
    assert mean > 300, mean
    assert sum(1 for d in diffs if d > 0) > 150


def test_lead_reasons_are_true_of_the_hand() -> None:
    """A lead said to come from "my longest suit" comes from a suit no other suit of the hand outnumbers, "a short
    suit" has at most two cards, "three low cards" three; a fourth-best lead from a shorter suit says "a long suit"."""
    bot = RuleBot()
    seen: dict[str, int] = {}
    for i in range(40):
        deal = Deal.new(dealer=Seat(i % 4), seed=9000 + i, rules=SEED)
        rng = random.Random(i)
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = bot.choose(view, rng)
            if isinstance(action, Card):
                why, hand = bot.explain(view, action), view.hand
                n, longest = hand.count(action.suit), max(hand.count(s) for s in Suit)
                for words, true in (("my longest", n == longest), ("short suit", n <= 2),
                                    ("three low cards", n == 3), ("from a long suit", 4 <= n < longest)):
                    if words in why:
                        assert true, f"{why} with {hand}"
                        seen[words] = seen.get(words, 0) + 1
                if "from a long suit" in why:
                    assert f"{n} cards" in why and f"{n} Karten" in bot.explain(view, action, "de")
            deal = deal.apply(action)
    assert set(seen) == {"my longest", "short suit", "three low cards", "from a long suit"}, seen
