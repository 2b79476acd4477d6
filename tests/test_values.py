"""Engine values survive pickling and copying (worker processes, saved states), and stay immutable."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from vint_core import SEED, Deal, Rubber, Seat, rubbers_of
from vint_core.i18n import bot_text


def snapshots(seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deal = Deal.new(dealer=Seat.EAST, seed=seed, board="7")
    out = [deal]
    while not deal.is_finished:
        deal = deal.apply(rng.choice(deal.legal_actions()))
        out.append(deal)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_every_snapshot_pickles_and_copies_to_an_equal_deal(seed: int) -> None:
    for deal in snapshots(seed):
        for back in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal), copy.copy(deal)):
            assert back == deal
            assert back.actions == deal.actions and back.legal_actions() == deal.legal_actions()
            assert back.phase is deal.phase and back.board == deal.board


def test_plays_tricks_auctions_and_rubbers_pickle() -> None:
    done = snapshots(1)[-1]
    assert done.play is not None
    assert pickle.loads(pickle.dumps(done.play)) == done.play
    assert pickle.loads(pickle.dumps(done.auction)) == done.auction
    assert [pickle.loads(pickle.dumps(t)) for t in done.tricks] == list(done.tricks)
    rubber = rubbers_of([done])[0]
    back = pickle.loads(pickle.dumps(rubber))
    assert back.totals == rubber.totals and back.lines == rubber.lines


def test_a_pickled_deal_is_still_immutable() -> None:
    back = pickle.loads(pickle.dumps(snapshots(2)[10]))
    with pytest.raises(AttributeError):
        back.auction = None  # type: ignore[misc]
    with pytest.raises(AttributeError):
        Rubber(SEED).__setattr__("winner", None)


def test_numbers_in_explanations_keep_their_format() -> None:
    from vint_core import i18n

    catalogues = [i18n._messages("en"), i18n._messages("de")]
    catalogues[0]["bot.test_float"], catalogues[1]["bot.test_float"] = "{x:.1f} tricks", "{x:.1f} Stiche"
    try:
        assert bot_text("test_float", "en", x=9.64) == "9.6 tricks"
        assert bot_text("test_float", "de", x=9.64) == "9.6 Stiche"
    finally:
        for catalogue in catalogues:
            del catalogue["bot.test_float"]
