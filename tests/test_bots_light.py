"""sim-light: SimBot's calls valued by the fitted trick formula, the guide's first cards, SimBot's sampling over the
last tricks, DDS kept small."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from vint_core import Deal, Phase, Seat, analysis
from vint_core.app.settings import read_bots
from vint_core.bots import BOT_NAMES, make_bot
from vint_core.bots.rule_bot import RuleBot
from vint_core.bots.sim_bot import SimBot
from vint_core.errors import VintError


def test_sim_light_weighs_its_calls_without_solving_takes_the_guides_first_cards_and_samples_the_last_seven(
        monkeypatch: pytest.MonkeyPatch) -> None:
    solved: list[int] = []
    solve = analysis.solve_lean

    def counted_solve(positions: list[analysis.Position], **kwargs: bool) -> list[dict[object, int]]:
        solved.append(len(positions))
        return solve(positions, **kwargs)  # type: ignore[return-value]

    monkeypatch.setattr(analysis, "solve_lean", counted_solve)
    bot, guide = make_bot("sim-light"), RuleBot()
    sampled = guided = weighed = overruled = 0
    for seed in (3, 7, 12):
        deal = Deal.new(seed=seed, dealer=Seat(seed % 4))
        while not deal.is_finished:
            seat = deal.to_act
            assert seat is not None
            view = deal.view(seat)
            k = random.Random(seed).randrange(10**6) + len(deal.actions)
            before = len(solved)
            action = bot.choose(view, random.Random(k))
            assert action in view.legal
            text = {lang: bot.explain(view, action, lang) for lang in ("en", "de", "ru")}
            late = view.phase is Phase.PLAY and len(view.hand) <= 7
            if late and len(view.legal) > 1:
                # the last tricks are solved on a few layouts, and the reason says so in every language
                assert len(solved) == before + 1 and solved[-1] == 5
                assert "guesses at the hidden hands" in text["en"]
                assert "verdeckten" in text["de"] and "скрыт" in text["ru"]
                sampled += 1
            elif view.phase is Phase.AUCTION:
                # a call: never solved (the formula values the layouts), the guide's call or a call the layouts
                # clearly prefer, and either way the reason in plain words in every language
                assert len(solved) == before
                assert all(text[lang].startswith(str(action) if lang == "en" else "") for lang in text)
                if "guesses at the hidden hands" in text["en"]:
                    assert "verdeckten" in text["de"] and "скрыт" in text["ru"]
                    weighed += 1
                else:
                    assert "bidding guide's call" in text["en"] and "Bietleitfadens" in text["de"]
                    assert "руководства" in text["ru"]
                overruled += action != guide.choose(view, random.Random(k))
            elif len(view.legal) > 1:
                # the first six tricks: the guide's own card, no solving, said so
                assert len(solved) == before
                assert action == guide.choose(view, random.Random(k))
                assert "rules of thumb" in text["en"] and str(action) in text["en"]
                assert "Faustregeln" in text["de"]
                assert all(guide.explain(view, action, lang) in text[lang] for lang in text)
                guided += 1
            deal = deal.apply(action)
    assert sampled > 10 and guided > 20 and weighed > 5
    assert overruled > 0, "the calls are SimBot's: the guide's only where the layouts do not clearly prefer another"


def test_sim_light_is_a_table_player_and_the_measuring_variants_are_read_strictly() -> None:
    assert "sim-light" in BOT_NAMES
    assert read_bots("rule,sim-light,rule") == ("rule", "sim-light", "rule")
    light = make_bot("sim-light")
    assert isinstance(light, SimBot) and light.name == "sim-light"
    assert (light.calls, light.play, light.solve_cards, light.lean) == ("sim", "sim", 7, True)
    assert light.tricks == "formula"  # its calls value the layouts by the fitted formula, not the solver
    hybrid = make_bot("sim-fast/play=rule")
    assert isinstance(hybrid, SimBot) and (hybrid.calls, hybrid.play) == ("sim", "rule")
    assert make_bot("sim-normal/cards=9/samples=3").solve_cards == 9  # type: ignore[attr-defined]
    for bad in ("sim-fast/cards=14", "sim-fast/calls=maybe", "sim-huge/cards=3", "sim-fast/lean"):
        with pytest.raises(VintError, match="sim-light"):  # the error lists the players there are
            make_bot(bad)
    with pytest.raises(VintError):
        read_bots("sim-fast/calls=rule")  # a measuring variant is not offered at the table


def test_the_lean_solver_gives_endplays_tricks_without_importing_endplay() -> None:
    guide, rng, compared = RuleBot(), random.Random(4), 0
    for seed in range(6):
        deal = Deal.new(seed=seed)
        while not deal.is_finished:
            if deal.phase is Phase.PLAY and rng.random() < 0.5:
                position = analysis.Position.of_play(deal.play)
                lean = analysis.solve_lean([position])
                assert lean == analysis.solve_positions([position])  # every legal card, the same tricks
                assert set(lean[0]) == set(deal.view(deal.to_act).legal)  # type: ignore[arg-type]
                analysis.give_back_memory()  # and it solves again after the memory is given back
                assert analysis.solve_lean([position], all_cards=False)[0].items() <= lean[0].items()
                compared += 1
            deal = deal.apply(guide.choose(deal.view(deal.to_act), rng))  # type: ignore[arg-type]
    assert compared > 50
    # a table's kernel with sim-light partners never imports endplay (its dealer, numpy, matplotlib: 60 MB)
    code = ("import sys, random\nfrom vint_core import Deal\nfrom vint_core.bots import make_bot\n"
            "bot, deal = make_bot('sim-light'), Deal.new(seed=2)\n"
            "while not deal.is_finished:\n"
            "    deal = deal.apply(bot.choose(deal.view(deal.to_act), random.Random(1)))\n"
            "print(len(deal.tricks), 'endplay' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["13", "False"]


def test_a_new_game_at_the_served_table_has_sim_light_as_partner_and_a_saved_game_keeps_its_players(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vint_core.bots import TABLE_BOTS
    from vint_core.table.controller import Controller

    assert TABLE_BOTS == ("rule", "sim-light", "rule")
    table = Controller.open(save_path=tmp_path / "south.json", pace="none")
    assert table.session.bot_names == {Seat.WEST: "rule", Seat.NORTH: "sim-light", Seat.EAST: "rule",
                                       Seat.SOUTH: "rule"}
    west = Controller.open(save_path=tmp_path / "west.json", human="W", pace="none")
    assert west.session.bot_names[Seat.EAST] == "sim-light"  # the partner, wherever the learner sits
    assert {west.session.bot_names[s] for s in (Seat.NORTH, Seat.SOUTH)} == {"rule"}
    # a game saved with other players is resumed with them, not given the new default
    Controller.open(save_path=tmp_path / "old.json", bots=("rule", "rule", "rule"), pace="none")
    assert Controller.open(save_path=tmp_path / "old.json", pace="none").session.bot_names[Seat.NORTH] == "rule"
    # where the solver's library does not load, RuleBots all round (sim-light would play as RuleBot and warn)
    monkeypatch.setattr(analysis, "lean_available", lambda: False)
    bare = Controller.open(save_path=tmp_path / "bare.json", pace="none")
    assert set(bare.session.bot_names.values()) == {"rule"}


def test_a_call_not_weighed_where_nothing_is_contested_gets_the_guides_reason() -> None:
    # the guide passes and the contract is already this side's: nothing is sampled, and a call asked about that
    # sim-light did not make is said by the guide's reason (which names its choice), not by figures never worked out
    bot, guide, asked = make_bot("sim-light"), RuleBot(), 0
    for seed in range(40, 44):
        deal = Deal.new(dealer=Seat(seed % 4), seed=seed)
        while not deal.is_finished and deal.phase is Phase.AUCTION:
            view = deal.view(deal.to_act)  # type: ignore[arg-type]
            action = bot.choose(view, random.Random(seed))
            if "nothing to contest" in bot.explain(view, action, "en"):
                for other in view.legal[1:4]:
                    assert bot.explain(view, other, "de") == guide.explain(view, other, "de")
                    assert "nan" not in bot.explain(view, other, "en").lower()
                    asked += 1
            deal = deal.apply(action)
    assert asked > 0


def test_the_hint_with_sim_light_as_partner_is_its_weighed_choice_in_words(tmp_path: Path) -> None:
    from vint_core.table.session import TableSession

    session = TableSession(seed=2024, bots={Seat.NORTH: "sim-light"}, save_path=tmp_path / "t.json")
    hints = weighed = 0
    while not session.deal.is_finished:
        if session.human_to_act():
            hint = session.hint()
            view = session.deal.view(session.human)
            assert hint.action in view.legal
            text = hint.explanation.text("en")
            assert str(hint.action) in text and "nan" not in text.lower().split()
            hints += 1
            weighed += "guesses at the hidden hands" in text
            session.act(hint.action)
        else:
            session.bot_step()
    assert hints >= 13 and weighed > 0  # every card and at least one call; some weighed on guesses, as sim-light
