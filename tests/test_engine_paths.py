"""The engine's fast paths give what the rules say: legal actions, the checked and unchecked ``apply``, the score.

``Deal.apply`` takes a legal card by its bit and a legal call by its rank without the explanations of
``check``; the legal actions are kept with each state; a played deal's score lines are kept once worked
out. Here each is held to an independent statement of the rule, over random deals under every rule set.
"""

from __future__ import annotations

import hashlib
import pickle
import random

import pytest

from vint_core import PASS, RULE_SETS, Card, Deal, Phase, RuleSet, Seat, VintError, deal_hands, deck, scoring
from vint_core.calls import Bid, Call
from vint_core.play import follow_suit
from vint_core.scoring import score_contract

RULES = list(RULE_SETS.values())


def reference_calls(deal: Deal) -> tuple[Call, ...]:
    """The legal calls from the calls so far alone (docs/rules.md §2): Pass, and every bid above the highest,
    at or above the minimum level, unless the rule set bars the seat (its own bid, or it passed before)."""
    rules, calls = deal.rules, deal.auction.calls
    bids = [(i, c) for i, c in enumerate(calls) if isinstance(c, Bid)]
    trailing = len(calls) - 1 - bids[-1][0] if bids else len(calls)
    if trailing >= (rules.auction_end_passes if bids else rules.passout_passes):
        return ()
    seat = deal.dealer.offset(len(calls))
    passed_before = any(c is PASS and deal.dealer.offset(i) is seat for i, c in enumerate(calls))
    top = rules.bids.index(bids[-1][1]) if bids else -1
    top_seat = deal.dealer.offset(bids[-1][0]) if bids else None
    if (top_seat is seat and not rules.self_overcall) or (rules.pass_is_final and passed_before):
        return (PASS,)
    level = deal.auction.min_level
    return (PASS, *(b for i, b in enumerate(rules.bids) if i > top and b.level >= level))


def reference_cards(deal: Deal) -> tuple[Card, ...]:
    """The legal cards from the hand and the trick so far: the suit led if the seat holds it, else any card."""
    if len(deal.tricks) == 13:
        return ()
    seat = deal.to_act
    assert seat is not None
    trick = deal.current_trick
    assert trick is not None
    held = deal.hand(seat).mask
    mask = follow_suit(held, trick.suit_led)
    return tuple(card for card in deck() if mask & card.bit)


def walk(rules: RuleSet, seed: int) -> list[Deal]:
    """A random deal's every state, the next one made by ``apply`` without a seat and checked against
    ``apply`` with the seat to act (the checked path)."""
    rng = random.Random(seed)
    deal = Deal.new(dealer=Seat(seed & 3), seed=rng, rules=rules, deal_number=1 + seed % 9)
    states = [deal]
    while not deal.is_finished:
        legal = deal.legal_actions()
        if deal.phase is Phase.AUCTION:
            assert legal == reference_calls(deal)
            bids = [c for c in legal if c is not PASS]
            action = rng.choice(bids[:5]) if bids and rng.random() < 0.3 else PASS
        else:
            assert tuple(sorted(legal, key=lambda c: c.index)) == reference_cards(deal)
            assert legal == deal.play.legal_cards()  # type: ignore[union-attr]
            action = rng.choice(legal)
        fast = deal.apply(action)
        assert fast == deal.apply(action, seat=deal.to_act) == deal.apply(str(action))
        assert fast.legal_actions() == deal.apply(action, seat=deal.to_act).legal_actions()
        deal = fast
        states.append(deal)
    assert deal.legal_actions() == () and deal.to_act is None
    return states


@pytest.mark.parametrize("rules", RULES, ids=[r.name for r in RULES])
def test_the_fast_paths_follow_the_rules_under_every_rule_set(rules: RuleSet) -> None:
    for seed in range(12):
        for deal in walk(rules, seed)[::5]:
            if deal.is_finished:
                continue
            legal = set(deal.legal_actions())
            for action in (PASS, *rules.bids, *deck()):
                assert deal.is_legal(action) is (action in legal), (seed, action)


@pytest.mark.parametrize("rules", RULES, ids=[r.name for r in RULES])
def test_an_illegal_action_raises_on_the_fast_path_and_changes_nothing(rules: RuleSet) -> None:
    rng = random.Random(rules.name)
    for deal in walk(rules, 3)[::3]:
        before = (deal.actions, deal.legal_actions(), deal.phase)
        wrong = [a for a in (PASS, *rules.bids, *deck()) if a not in deal.legal_actions()]
        for action in rng.sample(wrong, min(6, len(wrong))):
            with pytest.raises(VintError) as fast:
                deal.apply(action)
            with pytest.raises(VintError) as checked:
                deal.check(action)
            assert type(fast.value) is type(checked.value) and str(fast.value) == str(checked.value)
            assert (deal.actions, deal.legal_actions(), deal.phase) == before


@pytest.mark.parametrize("rules", RULES, ids=[r.name for r in RULES])
def test_a_played_deals_score_is_score_contracts_whether_kept_or_not(rules: RuleSet,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    finished = [walk(rules, seed)[-1] for seed in range(40)]
    played = [d for d in finished if d.play is not None]
    assert played
    for small in (False, True):
        if small:  # the kept lines start again every few deals: the same lines, worked out again
            monkeypatch.setattr(scoring, "KEPT", 3)
        for deal in played:
            contract = deal.contract
            assert contract is not None
            want = score_contract(contract, tricks=deal.tricks_won[contract.side], honours=deal.hands, rules=rules)
            assert deal.score() == want == deal.score()
            assert pickle.loads(pickle.dumps(deal)).score() == want  # another Contract object, the same lines
    other = rules.replace(name="mine", rubber_bonus=rules.rubber_bonus + 1)  # another rule set: lines of its own
    deal = Deal.replay(played[0].hands, played[0].actions, dealer=played[0].dealer, rules=other,
                       deal_number=played[0].deal_number)
    assert deal.score() == score_contract(deal.contract, tricks=deal.tricks_won[deal.contract.side],  # type: ignore
                                          honours=deal.hands, rules=other)


def test_a_seed_deals_what_it_dealt_before() -> None:
    """Hands dealt from seeds 0–299 by every dealer, and the random source's state after: what the shuffle
    gave before the hands were collected as it draws (vint_core at f7b725f)."""
    digest = hashlib.sha256()
    for seed in range(300):
        rng = random.Random(seed)
        for dealer in Seat:
            digest.update(repr([hand.mask for hand in deal_hands(dealer, rng)]).encode())
        digest.update(repr(rng.random()).encode())
    assert digest.hexdigest()[:16] == EXPECTED_DEALS


EXPECTED_DEALS = "2c5376f11018a101"
