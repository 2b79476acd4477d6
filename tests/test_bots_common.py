"""What every computer player must do, whatever its strength.

Each test runs for every bot in ``BOTS_UNDER_TEST``. The list is written out on
purpose (no skipping of bots that are missing): when a new bot is added to
``vint_core.bots.make_bot`` (the SimBot levels "sim-fast", "sim-normal",
"sim-strong"), add its name here.
"""

from __future__ import annotations

import random

import pytest

from vint_core import RULE_SETS, Deal, Hand, Phase, Rubber, Seat
from vint_core.bots import Bot, make_bot

#: every bot these tests cover; extend with "sim-fast", "sim-normal", "sim-strong"
BOTS_UNDER_TEST = ["random", "rule", "sim-light"]
RULE_SET_NAMES = sorted(RULE_SETS)


def play_out(deal: Deal, bots: list[Bot], rng: random.Random) -> Deal:
    """Let the bots finish the deal, checking that every choice is among the legal actions."""
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        view = deal.view(seat)
        action = bots[seat].choose(view, rng)
        assert action in view.legal, f"{bots[seat].name} chose {action}, not legal for {seat}"
        deal = deal.apply(action)
    return deal


@pytest.mark.parametrize("rules_name", RULE_SET_NAMES)
@pytest.mark.parametrize("bot_name", BOTS_UNDER_TEST)
def test_whole_deals_are_legal_under_every_rule_set(bot_name: str, rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    bot, other = make_bot(bot_name), make_bot("random")
    finished = 0
    for i in range(6):
        # all four seats the bot, then the bot against random players
        bots = [bot] * 4 if i % 2 == 0 else [bot, other, bot, other]
        deal = Deal.new(dealer=Seat(i % 4), seed=300 + i, rules=rules, deal_number=i % 7 + 1)
        done = play_out(deal, bots, random.Random(i))
        assert done.is_finished
        finished += 1
        if done.contract is not None:
            assert len(done.tricks) == 13
    assert finished == 6


@pytest.mark.parametrize("rules_name", RULE_SET_NAMES)
@pytest.mark.parametrize("bot_name", BOTS_UNDER_TEST)
def test_a_whole_rubber(bot_name: str, rules_name: str) -> None:
    rules = RULE_SETS[rules_name]
    bot = make_bot(bot_name)
    rubber = Rubber(rules, Seat.SOUTH)
    rng = random.Random(77)
    for n in range(120):
        if rubber.is_finished:
            break
        deal = play_out(rubber.new_deal(seed=900 + n), [bot] * 4, rng)
        rubber = rubber.record(deal)
    assert rubber.is_finished, f"{bot_name} did not finish a rubber under {rules_name} in 120 deals"
    assert rubber.winner is not None


@pytest.mark.parametrize("bot_name", BOTS_UNDER_TEST)
def test_same_seed_same_game(bot_name: str) -> None:
    def game(seed: int) -> tuple[object, ...]:
        bots = [make_bot(bot_name) for _ in Seat]
        deal = play_out(Deal.new(dealer=Seat.EAST, seed=seed), bots, random.Random(seed))
        return deal.actions

    for seed in (1, 2, 3):
        assert game(seed) == game(seed)


def _swap_unseen(deal: Deal, viewer: Seat, rng: random.Random) -> Deal | None:
    """The same public history, with unplayed cards of one suit swapped between two other seats."""
    played = {card for _, card in deal.play.cards_played()} if deal.play is not None else set()
    others = [s for s in Seat if s != viewer]
    rng.shuffle(others)
    a, b = others[0], others[1]
    hands = list(deal.hands)
    for suit in rng.sample(range(4), 4):
        ca = [c for c in hands[a] if c.suit == suit and c not in played]
        cb = [c for c in hands[b] if c.suit == suit and c not in played]
        if ca and cb:
            x, y = rng.choice(ca), rng.choice(cb)
            hands[a] = Hand([c for c in hands[a] if c is not x] + [y])
            hands[b] = Hand([c for c in hands[b] if c is not y] + [x])
            return Deal.replay(hands, deal.actions, dealer=deal.dealer, rules=deal.rules,
                               deal_number=deal.deal_number)
    return None


@pytest.mark.parametrize("bot_name", BOTS_UNDER_TEST)
def test_choice_depends_only_on_the_view(bot_name: str) -> None:
    bot = make_bot(bot_name)
    rng = random.Random(5)
    compared = 0
    for seed in range(8):
        deal = Deal.new(dealer=Seat(seed % 4), seed=seed)
        while not deal.is_finished:
            seat = deal.to_act
            assert seat is not None
            other = _swap_unseen(deal, seat, rng)
            if other is not None:
                assert other.hands != deal.hands and other.view(seat) == deal.view(seat)
                k = rng.randrange(10**6)
                mine = bot.choose(deal.view(seat), random.Random(k))
                theirs = make_bot(bot_name).choose(other.view(seat), random.Random(k))
                assert mine == theirs, f"{bot_name} changed its choice when unseen cards moved"
                compared += 1
            deal = deal.apply(bot.choose(deal.view(seat), rng))
    assert compared > 300


@pytest.mark.parametrize("bot_name", BOTS_UNDER_TEST)
def test_every_decision_is_explained_in_both_languages(bot_name: str) -> None:
    bot = make_bot(bot_name)
    fresh = make_bot(bot_name)  # explains views it did not choose on
    rng = random.Random(11)
    seen = {Phase.AUCTION: 0, Phase.PLAY: 0}
    for seed in range(4):
        deal = Deal.new(dealer=Seat(seed % 4), seed=40 + seed)
        while not deal.is_finished:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = bot.choose(view, rng)
            for lang in ("en", "de"):
                text = bot.explain(view, action, lang)
                assert text.strip() and str(action) in text
                assert fresh.explain(view, action, lang).strip()
            # any legal action can be explained, not only the bot's own choice
            for alternative in view.legal[:3]:
                assert bot.explain(view, alternative, "de").strip()
            seen[deal.phase] += 1
            deal = deal.apply(action)
    assert seen[Phase.AUCTION] > 0 and seen[Phase.PLAY] > 0


def test_the_list_covers_the_bots_that_exist() -> None:
    for name in BOTS_UNDER_TEST:
        bot = make_bot(name)
        assert isinstance(bot, Bot) and bot.name == name
