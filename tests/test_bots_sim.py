"""SimBot and the layout sampler: legal, reproducible, blind to hidden cards, explained, and without endplay."""

from __future__ import annotations

import random
import sys

import pytest

from vint_core import PASS, RULE_SETS, Call, Card, Deal, Hand, Seat, Side, Suit
from vint_core.bots import Promise, make_bot
from vint_core.bots.rule_bot import RuleBot
from vint_core.bots.sampling import sample_layouts
from vint_core.bots.sim_bot import SimBot


def tiny(level: str = "fast") -> SimBot:
    return SimBot(level, play_samples=2, auction_samples=2)  # type: ignore[arg-type]


def play_out(deal: Deal, bots: dict[Side, object], seed: int) -> Deal:
    rngs = {seat: random.Random(f"{seed}:{seat}") for seat in Seat}
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat.side].choose(view, rngs[seat])  # type: ignore[attr-defined]
        assert action in view.legal
        deal = deal.apply(action, seat=seat)
    return deal


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_only_legal_actions_under_every_rule_set(name: str) -> None:
    rules = RULE_SETS[name]
    deal = Deal.new(seed=31, dealer=Seat.EAST, rules=rules, deal_number=3)
    done = play_out(deal, {Side.NS: tiny(), Side.EW: RuleBot()}, seed=1)
    assert done.is_finished
    assert len(done.tricks) == 13 or done.is_passed_out


def test_same_seed_same_game() -> None:
    deal = Deal.new(seed=8)
    first = play_out(deal, {Side.NS: tiny(), Side.EW: tiny()}, seed=5)
    second = play_out(deal, {Side.NS: tiny(), Side.EW: tiny()}, seed=5)
    assert first.actions == second.actions


def _swap(hands: tuple[Hand, ...], a: Seat, b: Seat, ca: Card, cb: Card) -> tuple[Hand, ...]:
    out = list(hands)
    out[a] = hands[a].without(ca).with_card(cb)
    out[b] = hands[b].without(cb).with_card(ca)
    return tuple(out)


def test_choice_depends_only_on_the_view_at_the_opening_lead() -> None:
    deal = Deal.new(seed=21)
    calls = [Call.parse(c) for c in ["1S", *["Pass"] * 8]]
    for call in calls:
        deal = deal.apply(call)
    leader = deal.to_act
    assert leader is Seat.EAST
    # move one card between the two hands East cannot see
    x, y = Seat.NORTH, Seat.WEST
    other = Deal.replay(_swap(deal.hands, x, y, deal.hands[x].cards[0], deal.hands[y].cards[-1]),
                        deal.actions, dealer=deal.dealer)
    assert other.hands != deal.hands
    assert other.view(leader) == deal.view(leader)
    bot = SimBot("fast", play_samples=3)
    assert bot.choose(deal.view(leader), random.Random(4)) == bot.choose(other.view(leader), random.Random(4))


def test_choice_depends_only_on_the_view_in_the_auction() -> None:
    deal = Deal.new(seed=22)
    for call in ("1H", "Pass"):
        deal = deal.apply(Call.parse(call))
    me = deal.to_act
    assert me is Seat.SOUTH
    x, y = Seat.EAST, Seat.WEST
    other = Deal(_swap(deal.hands, x, y, deal.hands[x].cards[1], deal.hands[y].cards[2]), dealer=deal.dealer)
    for call in deal.actions:
        other = other.apply(call)
    assert other.view(me) == deal.view(me)
    bot = tiny()
    assert bot.choose(deal.view(me), random.Random(9)) == bot.choose(other.view(me), random.Random(9))


def test_choice_depends_only_on_the_view_mid_play() -> None:
    rng = random.Random(2)
    deal = Deal.new(seed=23)
    for call in [Call.parse("2NT"), *[PASS] * 8]:
        deal = deal.apply(call)
    while len(deal.tricks) < 4 or len(deal.current_trick.cards) != 2:  # type: ignore[union-attr]
        deal = deal.apply(rng.choice(deal.legal_actions()))
    me = deal.to_act
    assert me is not None
    # swap two unplayed cards of one suit between the two hands ``me`` cannot see, keeping every void shown
    x, y = (s for s in Seat if s not in (me, deal.current_trick.leader))  # type: ignore[union-attr]
    hx, hy = deal.hand(x), deal.hand(y)
    suit = next(s for s in Suit if hx.count(s) and hy.count(s))
    cx, cy = hx.suit(suit)[0], hy.suit(suit)[0]
    other = Deal.replay(_swap(deal.hands, x, y, cx, cy), deal.actions, dealer=deal.dealer)
    assert other.hands != deal.hands and other.view(me) == deal.view(me)
    bot = SimBot("fast", play_samples=3)
    assert bot.choose(deal.view(me), random.Random(1)) == bot.choose(other.view(me), random.Random(1))


def test_explanations_in_both_languages() -> None:
    deal = Deal.new(seed=40)
    bot = tiny()
    rng = random.Random(0)
    seen = {"auction": 0, "play": 0}
    while not deal.is_finished and seen["play"] < 6:
        view = deal.view(deal.to_act)  # type: ignore[arg-type]
        action = bot.choose(view, rng)
        en, de = bot.explain(view, action, "en"), bot.explain(view, action, "de")
        assert en and de and en != de
        assert str(action) in en and str(action) in de
        seen[view.phase.value] += 1
        deal = deal.apply(action)
    assert seen["auction"] and seen["play"]


def test_play_explanation_talks_about_layouts_and_tricks() -> None:
    deal = Deal.new(seed=41)
    for call in [Call.parse("3NT"), *[PASS] * 8]:
        deal = deal.apply(call)
    view = deal.view(deal.to_act)  # type: ignore[arg-type]
    bot = SimBot("fast", play_samples=4)
    card = bot.choose(view, random.Random(3))
    text = bot.explain(view, card)
    assert "4 guesses at the hidden hands" in text and "tricks on average" in text
    assert "mögliche Verteilungen der verdeckten Karten" in bot.explain(view, card, "de")


def test_fallback_without_endplay(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay", None)
    monkeypatch.setitem(sys.modules, "endplay._dds", None)
    bot = SimBot("fast")
    deal = Deal.new(seed=3)
    view = deal.view(deal.to_act)  # type: ignore[arg-type]
    with pytest.warns(RuntimeWarning, match="endplay"):
        action = bot.choose(view, random.Random(1))
    assert action in view.legal
    assert action == RuleBot().choose(view, random.Random(1))
    assert "endplay" in bot.explain(view, action) and "endplay" in bot.explain(view, action, "de")


def test_levels_and_factory() -> None:
    assert make_bot("sim-fast").name == "sim-fast"
    assert make_bot("sim-strong").name == "sim-strong"
    with pytest.raises(ValueError, match="level"):
        SimBot("huge")  # type: ignore[arg-type]


def test_sampled_layouts_respect_what_the_seat_has_seen() -> None:
    rng = random.Random(6)
    deal = Deal.new(seed=50)
    for call in [Call.parse("1NT"), *[PASS] * 8]:
        deal = deal.apply(call)
    while len(deal.tricks) < 5:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    view = deal.view(Seat.SOUTH)
    voids = view.voids()
    played = {seat: {c for s, c in view.cards_played() if s is seat} for seat in Seat}
    layouts = sample_layouts(view, rng=random.Random(1), count=20)
    assert len(layouts) == 20
    for lay in layouts:
        assert lay.hands[Seat.SOUTH] == view.hand_dealt
        assert sum(len(h) for h in lay.hands) == 52 and len(set().union(*[set(h) for h in lay.hands])) == 52
        for seat in Seat:
            assert played[seat] <= set(lay.hands[seat])
            for suit in voids[seat]:
                assert not Hand._from_mask(lay.remaining[seat]).count(Suit(suit))
    assert len({lay.hands for lay in layouts}) > 1


def test_sampled_layouts_keep_the_promises() -> None:
    deal = Deal.new(seed=51)
    view = deal.view(Seat.NORTH)
    west = Promise(Seat.WEST, hcp=(12, 37), min_length=(0, 5, 0, 0))
    layouts = sample_layouts(view, rng=random.Random(2), count=12, promises={Seat.WEST: west})
    for lay in layouts:
        assert lay.honours_promises
        assert lay.hands[Seat.WEST].count(Suit.HEARTS) >= 5
        assert lay.hands[Seat.WEST].high_card_points() >= 12
