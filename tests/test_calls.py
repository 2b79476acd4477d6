"""docs/rules.md §1.3 and §1.5: strains and their order; calls parse and print back."""

from __future__ import annotations

import itertools

import pytest

from vint_core import PASS, SEED, Bid, Call, RuleSet, Strain
from vint_core.rules import SEED_ORDER


def test_strain_order_spades_clubs_diamonds_hearts_notrump() -> None:
    assert SEED.strain_order == (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)
    assert SEED.strain_order == SEED_ORDER
    for low, high in itertools.pairwise(SEED.strain_order):
        assert SEED.outranks(Bid(1, high), Bid(1, low))
        assert not SEED.outranks(Bid(1, low), Bid(1, high))


def test_strain_order_is_not_the_bridge_order() -> None:
    bridge = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
    assert SEED.strain_order != bridge
    assert SEED.outranks(Bid(1, Strain.CLUBS), Bid(1, Strain.SPADES))  # in bridge it is the other way round
    assert not SEED.outranks(Bid(3, Strain.SPADES), Bid(3, Strain.HEARTS))


def test_strain_order_is_a_parameter() -> None:
    bridge = SEED.replace(name="bridge_order",
                          strain_order=(Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP))
    assert bridge.outranks(Bid(1, Strain.SPADES), Bid(1, Strain.CLUBS))
    with pytest.raises(ValueError):
        RuleSet(strain_order=(Strain.SPADES, Strain.SPADES))


def test_bids_outrank_by_level_then_strain() -> None:
    bids = SEED.bids
    assert len(bids) == 35 and bids[0] == Bid(1, Strain.SPADES) and bids[-1] == Bid(7, Strain.NOTRUMP)
    for i, j in itertools.combinations(range(35), 2):
        assert SEED.outranks(bids[j], bids[i]) and not SEED.outranks(bids[i], bids[j])
    assert SEED.outranks(Call.parse("1NT"), Call.parse("1♥"))  # type: ignore[arg-type]
    assert SEED.outranks(Call.parse("2♠"), Call.parse("1NT"))  # type: ignore[arg-type]


def test_level_n_promises_six_plus_n_tricks() -> None:
    assert [Bid(n, Strain.HEARTS).tricks for n in range(1, 8)] == list(range(7, 14))


@pytest.mark.parametrize(("text", "expected"), [
    ("Pass", PASS), ("p", PASS), ("passe", PASS), ("1♠", Bid(1, Strain.SPADES)), ("1S", Bid(1, Strain.SPADES)),
    ("2NT", Bid(2, Strain.NOTRUMP)), ("2N", Bid(2, Strain.NOTRUMP)), ("7 nt", Bid(7, Strain.NOTRUMP)),
    ("3h", Bid(3, Strain.HEARTS)), ("4♦", Bid(4, Strain.DIAMONDS)), ("5C", Bid(5, Strain.CLUBS)),
])
def test_call_parse(text: str, expected: Call) -> None:
    assert Call.parse(text) is expected


def test_every_call_prints_and_parses_back() -> None:
    for call in (PASS, *SEED.bids):
        assert Call.parse(str(call)) is call and Call.parse(call.pbn) is call
        assert eval(repr(call), {"Call": Call}) is call


def test_calls_have_no_builtin_order() -> None:
    with pytest.raises(TypeError):
        _ = Bid(1, Strain.SPADES) < Bid(2, Strain.SPADES)  # type: ignore[operator]
