"""SimBot's calls valued by the fitted trick formula (vint_core.bots.trick_formula) instead of double dummy."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from vint_core import Deal, Hand, Phase, Seat, Strain, analysis
from vint_core.bots import make_bot
from vint_core.bots.evaluation import evaluate
from vint_core.bots.sim_bot import SimBot
from vint_core.bots.trick_formula import PAIR_SPREAD, hand_tricks, pair_tricks
from vint_core.errors import VintError


def test_the_formula_counts_points_and_trumps_and_stays_near_double_dummy() -> None:
    north, south = Hand.parse("AKQ72.K53.A4.Q62"), Hand.parse("J854.A72.K95.K73")
    spades = pair_tricks(north, south, Strain.SPADES)
    # 29 points and nine spades: a small slam is not far off, a grand slam is
    assert 10.5 <= spades <= 12.5
    assert spades > pair_tricks(north, south, Strain.CLUBS) + 1.5  # five clubs between them
    weak = Hand.parse("J854.T72.T95.873")
    assert pair_tricks(north, weak, Strain.SPADES) < spades - 2  # 12 points fewer
    one = hand_tricks(evaluate(north), Strain.SPADES, partner_hcp=evaluate(south).hcp, partner_length=4)
    assert abs(one - spades) < 1.5  # the one-hand form with the partner's real points and trumps, close by
    # against the solver on seeded deals (not the fitted ones): off by the fitted error's order, not more
    errors: list[float] = []
    for seed in range(5):
        deal = Deal.new(seed=seed)
        table = analysis.dd_table(deal)
        for seat in (Seat.NORTH, Seat.EAST):
            for strain in (Strain.SPADES, Strain.HEARTS, Strain.NOTRUMP):
                estimate = pair_tricks(deal.hands[seat], deal.hands[seat.partner], strain)
                errors.append(estimate - table[strain, seat])
    rms = (sum(e * e for e in errors) / len(errors)) ** 0.5
    assert rms < 1.3 * max(PAIR_SPREAD) and max(abs(e) for e in errors) < 4


def test_the_formula_variants_are_read_from_their_names() -> None:
    bot = make_bot("sim-fast/tricks=formula/cards=7/scaled=0/tries=20/lean=1/asamples=8")
    assert isinstance(bot, SimBot)
    assert (bot.tricks, bot.calls, bot.solve_cards, bot.lean, bot.tries) == ("formula", "sim", 7, True, 20)
    assert bot.settings.auction_samples == 8 and bot.settings.play_samples == 5
    assert make_bot("sim-fast").tricks == "dd"  # type: ignore[attr-defined]
    assert make_bot("sim-fast/tricks=dd").tricks == "dd"  # type: ignore[attr-defined]
    for bad in ("sim-fast/tricks=guess", "sim-fast/asamples=0", "sim-fast/asamples=65", "sim-fast/tricks"):
        with pytest.raises(VintError, match="sim-light"):
            make_bot(bad)


def test_formula_calls_never_solve_and_still_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_solving(*args: object, **kwargs: object) -> object:
        raise AssertionError("the auction solved a layout")

    monkeypatch.setattr(analysis, "solve_positions", no_solving)
    monkeypatch.setattr(analysis, "solve_lean", no_solving)
    bot = make_bot("sim-fast/tricks=formula/cards=7/scaled=0/tries=20/lean=1")
    sampled = 0
    for seed in (1, 4, 9):
        deal = Deal.new(seed=seed, dealer=Seat(seed % 4))
        while deal.phase is Phase.AUCTION:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            action = bot.choose(view, random.Random(seed * 100 + len(deal.actions)))
            assert action in view.legal
            text = {lang: bot.explain(view, action, lang) for lang in ("en", "de", "ru")}
            assert str(action) in text["en"] and all(text.values())
            if "guesses at the hidden hands" in text["en"]:
                assert "verdeckten" in text["de"] and "скрыт" in text["ru"]
                sampled += 1
            deal = deal.apply(action)
    assert sampled >= 4


def test_formula_calls_with_the_lean_play_never_import_endplay() -> None:
    code = ("import sys, random\nfrom vint_core import Deal\nfrom vint_core.bots import make_bot\n"
            "bot = make_bot('sim-fast/tricks=formula/cards=7/scaled=0/tries=20/lean=1')\n"
            "deal = Deal.new(seed=2)\n"
            "while not deal.is_finished:\n"
            "    deal = deal.apply(bot.choose(deal.view(deal.to_act), random.Random(1)))\n"
            "print(len(deal.tricks), 'endplay' in sys.modules, 'numpy' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["13", "False", "False"]
