"""The worked examples for "every rule set" (docs/rules.md §5.4), checked under every rule set the engine ships."""

from __future__ import annotations

import pytest
from conftest import build_hands

from vint_core import RULE_SETS, Call, Deal, IllegalCallError, Reason, RuleSet, Seat, Strain

N, E = Seat.NORTH, Seat.EAST


def _auction(texts: list[str], rules: RuleSet) -> Deal:
    return Deal.replay(build_hands({}, seed=11), texts, dealer=N, rules=rules)


@pytest.mark.parametrize("rules", list(RULE_SETS.values()), ids=lambda rules: rules.name)
def test_A3(rules: RuleSet) -> None:
    """A3 holds under any rule set: over the highest bid 1NT, 1♥ and 1NT are illegal and 2♠ is legal.

    ``whist_vint`` has no no-trump, so there 1NT cannot be bid at all; the test checks that, and the
    same rule one strain down, over its highest strain: over 1♥, 1♠ and 1♥ are illegal, 2♠ is legal.
    """
    if Strain.NOTRUMP in rules.strain_order:
        top, lower = "1NT", "1♥"
    else:
        with pytest.raises(IllegalCallError) as info:
            _auction([], rules).check("1NT")
        assert info.value.reason is Reason.STRAIN_NOT_ALLOWED and rules.strain_order[-1] is Strain.HEARTS
        top, lower = "1♥", "1♠"
    deal = _auction([top], rules)
    assert deal.to_act is E
    for text in (lower, top):
        with pytest.raises(IllegalCallError) as info:
            deal.check(text)
        assert info.value.reason is Reason.INSUFFICIENT_BID and not deal.is_legal(Call.parse(text))
    assert deal.is_legal(Call.parse("2♠")) and deal.apply("2♠").auction.highest_bidder is E
