"""Random full deals and rubbers under every rule set, checking invariants at every step.

Every deal is seeded (Hypothesis draws the seeds, derandomized), so a failure names a seed
that reproduces it.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from vint_core import (
    PASS,
    RULE_SETS,
    Card,
    Deal,
    Hand,
    Phase,
    Rubber,
    RuleSet,
    Seat,
    Side,
    Suit,
    VintError,
    deck,
    totals,
)
from vint_core.calls import Bid
from vint_core.rules import SEED_ORDER

RULES = list(RULE_SETS.values())
EVERY_CALL = (PASS, *(Bid(level, strain) for level in range(1, 8) for strain in SEED_ORDER))
EVERY_ACTION = (*EVERY_CALL, *deck())
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def winner_of(leader: Seat, played: tuple[Card, ...], trump: Suit | None) -> Seat:
    """An independent statement of the trick rule: trumps beat everything, else the suit led."""
    def power(card: Card) -> int:
        if trump is not None and card.suit == trump:
            return 200 + int(card.rank)
        if card.suit == played[0].suit:
            return 100 + int(card.rank)
        return 0
    best = max(range(4), key=lambda i: power(played[i]))
    return Seat((leader + best) % 4)


def check_view(deal: Deal) -> None:
    """A seat's view shows its own cards and the public history, never another seat's unplayed cards."""
    played = {card for trick in deal.tricks for card in trick.cards}
    if deal.current_trick is not None:
        played |= set(deal.current_trick.cards)
    for seat in Seat:
        view = deal.view(seat)
        assert view.hand == deal.hand(seat) and view.hand_dealt == deal.hands[seat]
        visible: set[Card] = set(view.hand_dealt) | {c for t in view.tricks for c in t.cards}
        if view.current_trick is not None:
            visible |= set(view.current_trick.cards)
        for value in vars_of(view):
            if isinstance(value, Hand):
                assert set(value) <= set(deal.hands[seat])
            if isinstance(value, Card):
                visible.add(value)
        hidden = {c for other in Seat if other is not seat for c in deal.hand(other)}
        assert not (visible & hidden)
        assert (view.legal != ()) == (deal.to_act is seat)
        assert set(view.cards_played()) == set((s, c) for s, c in view.cards_played()) and \
            {c for _, c in view.cards_played()} == played


def vars_of(view: object) -> list[object]:
    out: list[object] = []
    for name in getattr(view, "__dataclass_fields__", {}):
        value = getattr(view, name)
        out.extend(value if isinstance(value, tuple) else [value])
    return out


def random_deal(rules: RuleSet, seed: int, *, dealer: Seat | None = None, deal_number: int = 1,
                check_every_step: bool = True) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(dealer=dealer if dealer is not None else Seat(seed % 4), seed=seed, rules=rules,
                    deal_number=deal_number)
    steps = 0
    while deal.phase is not Phase.FINISHED:
        assert deal.to_act is not None
        legal = deal.legal_actions()
        assert legal, "the seat to act always has a legal action"
        assert len(set(legal)) == len(legal)
        if check_every_step:
            for action in rng.sample(EVERY_ACTION, 6):
                if action in legal:
                    continue
                assert not deal.is_legal(action)
                try:
                    deal.apply(action)
                except VintError:
                    pass
                else:
                    raise AssertionError(f"{action} was accepted but is not in legal_actions()")
            if steps % 7 == 0:
                check_view(deal)
        if deal.phase is Phase.AUCTION:
            bids = [c for c in legal if c is not PASS]
            action = rng.choice(bids[:6]) if bids and rng.random() < 0.25 else PASS
        else:
            action = rng.choice(legal)
        assert deal.is_legal(action)
        deal = deal.apply(action, seat=deal.to_act)
        steps += 1
    assert deal.to_act is None and deal.legal_actions() == ()
    return deal


def check_finished(deal: Deal) -> None:
    hands = deal.hands
    assert [len(h) for h in hands] == [13] * 4
    assert len(set().union(*(set(h) for h in hands))) == 52
    if deal.is_passed_out:
        assert deal.score() == () and deal.tricks == ()
        return
    assert len(deal.tricks) == 13
    played = [c for t in deal.tricks for c in t.cards]
    assert len(played) == 52 and set(played) == set(deck())
    contract = deal.contract
    assert contract is not None
    assert deal.tricks[0].leader is contract.declarer.left
    leader = deal.tricks[0].leader
    won = {Side.NS: 0, Side.EW: 0}
    for trick in deal.tricks:
        assert trick.leader is leader
        for seat, card in trick.plays():
            assert card in hands[seat]
        winner = winner_of(trick.leader, trick.cards, contract.strain.suit)
        assert trick.winner is winner
        won[winner.side] += 1
        leader = winner
    assert deal.tricks_won[Side.NS] == won[Side.NS] and deal.declarer_tricks == won[contract.side]
    again = Deal.replay(deal.hands, deal.actions, dealer=deal.dealer, rules=deal.rules,
                        deal_number=deal.deal_number)
    assert again == deal and again.score() == deal.score()
    assert totals(again.score()) == deal.points
    trick_points = {ln.side: ln.points for ln in deal.score() if ln.kind == "tricks"}
    tv = deal.rules.trick_value_of(contract.level, contract.strain)
    assert trick_points.get(Side.NS, 0) == won[Side.NS] * tv and trick_points.get(Side.EW, 0) == won[Side.EW] * tv


def _deals_under(rules: RuleSet):  # type: ignore[no-untyped-def]
    @settings(max_examples=36, deadline=None, derandomize=True, database=None)
    @given(seed=SEEDS)
    def run(seed: int) -> None:
        check_finished(random_deal(rules, seed))
    return run


test_random_deals_seed = _deals_under(RULE_SETS["seed"])
test_random_deals_short = _deals_under(RULE_SETS["short"])
test_random_deals_progressive = _deals_under(RULE_SETS["progressive"])
test_random_deals_whist_vint = _deals_under(RULE_SETS["whist_vint"])
test_random_deals_foster_1897 = _deals_under(RULE_SETS["foster_1897"])


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(seed=SEEDS, deal_number=st.integers(min_value=1, max_value=20))
def test_random_progressive_deals_respect_the_minimum_level(seed: int, deal_number: int) -> None:
    deal = random_deal(RULE_SETS["progressive"], seed, deal_number=deal_number, check_every_step=False)
    level = (deal_number - 1) % 7 + 1
    assert all(c.level >= level for c in deal.auction.calls if isinstance(c, Bid))


def test_whole_rubbers_under_every_rule_set_end_with_a_winner() -> None:
    for rules in RULES:
        for r in range(5):
            rubber = Rubber(rules, Seat(r % 4))
            rng = random.Random(1000 * r + len(rules.name))
            for n in range(200):
                if rubber.is_finished:
                    break
                deal = rubber.new_deal(seed=rng.getrandbits(32))
                assert deal.dealer is Seat((r + n) % 4) and deal.deal_number == n + 1
                deal = _finish(deal, rng)
                check_finished(deal)
                rubber = rubber.record(deal)
            assert rubber.is_finished and rubber.winner is not None, (rules.name, r)
            assert rubber.games_won[rubber.winner] == rules.games_per_rubber
            for side in Side:
                assert rubber.totals[side] == sum(ln.points for ln in rubber.lines if ln.side is side)
            bonus = [ln for ln in rubber.lines if ln.kind == "rubber"]
            assert [(ln.side, ln.points) for ln in bonus] == [(rubber.winner, rules.rubber_bonus)]


def _finish(deal: Deal, rng: random.Random) -> Deal:
    while deal.phase is not Phase.FINISHED:
        legal = deal.legal_actions()
        if deal.phase is Phase.AUCTION:
            bids = [c for c in legal if c is not PASS]
            deal = deal.apply(rng.choice(bids[:4]) if bids and rng.random() < 0.15 else PASS)
        else:
            deal = deal.apply(rng.choice(legal))
    return deal
