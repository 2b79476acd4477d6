"""How fast vint_core plays random deals, next to OpenSpiel's and rlcard's bridge.

Each engine plays whole deals with uniformly random legal actions (calls, then
cards) through its ordinary public interface, for the same time budget, after a
warm-up; the engines take turns in slices of the budget, so a change in the
machine's load hits them all alike. For every engine the script prints deals per second and the mean
number of calls and cards per deal, so like can be compared with like; the last
line is ``ratio_vs_openspiel: X.XX`` (vint_core deals/s ÷ OpenSpiel deals/s).

* vint_core: ``Deal.new`` (rule set ``seed``), ``deal.legal_actions()``,
  ``deal.apply(action)`` until ``deal.is_finished``, then ``deal.score()``.
  Every action is checked by the engine; every state is a new immutable value.
* OpenSpiel: ``pyspiel.load_game("bridge(use_double_dummy_result=false)")``,
  random actions from ``state.legal_actions()`` for the 52 dealing chance
  nodes as well as for calls and cards, then ``state.returns()``.
* rlcard: ``rlcard.make("bridge")``, ``env.reset()``, a random choice among
  ``state["raw_legal_actions"]`` for ``env.step``, then ``env.get_payoffs()``.
  The environment builds a numpy observation after every step (its normal
  public path); the engine underneath (``env.game``, driven with
  ``game.judger.get_legal_actions()`` and ``game.step``) is timed too and
  printed on an extra line.

Needs the ``bench`` extra (``pip install -e '.[bench]'``). Run::

    .venv/bin/python bench/engine.py --seconds 5 --seed 1
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from vint_core import SEED, Card, Deal, Seat

#: one random deal: takes the random source, returns (calls, cards) played
PlayOne = Callable[[random.Random], tuple[int, int]]


@dataclass(frozen=True)
class Result:
    """What one engine did in its time budget."""

    name: str
    deals: int
    seconds: float
    calls: int
    cards: int
    #: CPU seconds of this process over the same stretches (steadier than wall time on a busy machine)
    cpu_seconds: float

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def actions_per_deal(self) -> float:
        return (self.calls + self.cards) / self.deals

    @property
    def cpu_deals_per_second(self) -> float:
        return self.deals / self.cpu_seconds

    def line(self) -> str:
        return (f"{self.name:<16} {self.deals_per_second:10.1f} deals/s   "
                f"{self.actions_per_deal:6.1f} actions/deal "
                f"(calls {self.calls / self.deals:5.1f}, cards {self.cards / self.deals:4.1f})   "
                f"{self.deals} deals in {self.seconds:.2f} s ({self.cpu_deals_per_second:.1f} deals per CPU second)")


# -- the engines ----------------------------------------------------------------


def vint_random_deal(rng: random.Random, *, dealer: Seat = Seat.NORTH) -> tuple[int, int]:
    """One deal of Vint (rule set ``seed``) with random legal calls and cards, scored at the end."""
    deal = Deal.new(dealer=dealer, seed=rng, rules=SEED)
    choice = rng.choice
    calls = cards = 0
    while not deal.is_finished:
        action = choice(deal.legal_actions())
        if type(action) is Card:
            cards += 1
        else:
            calls += 1
        deal = deal.apply(action)
    deal.score()
    return calls, cards


def vint_player() -> PlayOne:
    seats = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
    counter = [0]

    def play_one(rng: random.Random) -> tuple[int, int]:
        counter[0] += 1
        return vint_random_deal(rng, dealer=seats[counter[0] & 3])

    return play_one


def openspiel_player(pyspiel: ModuleType) -> PlayOne:
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    num_calls = 38  # OpenSpiel bridge: card actions are 0..51, then Pass, Dbl, RDbl and the 35 bids
    first_call = 52
    assert game.num_distinct_actions() == first_call + num_calls

    def play_one(rng: random.Random) -> tuple[int, int]:
        state = game.new_initial_state()
        choice = rng.choice
        calls = cards = 0
        while not state.is_terminal():
            chance = state.is_chance_node()
            action = choice(state.legal_actions())
            if not chance:
                if action >= first_call:
                    calls += 1
                else:
                    cards += 1
            state.apply_action(action)
        state.returns()
        return calls, cards

    return play_one


def rlcard_env_player(rlcard: ModuleType, seed: int) -> PlayOne:
    env = rlcard.make("bridge", config={"seed": seed})
    first_card = _rlcard_first_card_id()

    def play_one(rng: random.Random) -> tuple[int, int]:
        state, _ = env.reset()
        choice = rng.choice
        calls = cards = 0
        while not env.is_over():
            action = choice(state["raw_legal_actions"])
            if action >= first_card:
                cards += 1
            else:
                calls += 1
            state, _ = env.step(action)
        env.get_payoffs()
        return calls, cards

    return play_one


def rlcard_game_player(rlcard: ModuleType, seed: int) -> PlayOne:
    env = rlcard.make("bridge", config={"seed": seed})
    game: Any = env.game
    payoffs: Any = env.bridgePayoffDelegate
    card_type: type = importlib.import_module("rlcard.games.bridge.utils.action_event").PlayCardAction

    def play_one(rng: random.Random) -> tuple[int, int]:
        game.init_game()
        choice = rng.choice
        legal = game.judger.get_legal_actions
        calls = cards = 0
        while not game.is_over():
            action = choice(legal())
            if isinstance(action, card_type):
                cards += 1
            else:
                calls += 1
            game.step(action)
        payoffs.get_payoffs(game=game)
        return calls, cards

    return play_one


def _rlcard_first_card_id() -> int:
    action_event: Any = importlib.import_module("rlcard.games.bridge.utils.action_event").ActionEvent
    return int(action_event.first_play_card_action_id)


# -- timing ---------------------------------------------------------------------


class Timer:
    """One engine's running totals; ``run`` plays deals for a slice of the budget."""

    def __init__(self, name: str, play_one: PlayOne, *, seed: int) -> None:
        self.name = name
        self.play_one = play_one
        self.rng = random.Random(seed)
        self.deals = self.calls = self.cards = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0
        #: deals per second of each slice, to show how steady the machine was
        self.rates: list[float] = []

    def warm_up(self, seconds: float) -> None:
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            self.play_one(self.rng)

    def run(self, seconds: float) -> None:
        play_one, rng, clock = self.play_one, self.rng, time.perf_counter
        deals = calls = cards = 0
        cpu_start = time.process_time()
        start = now = clock()
        end = start + seconds
        while now < end:
            c, k = play_one(rng)
            calls += c
            cards += k
            deals += 1
            now = clock()
        self.cpu_seconds += time.process_time() - cpu_start
        self.deals += deals
        self.calls += calls
        self.cards += cards
        self.seconds += now - start
        self.rates.append(deals / (now - start))

    def result(self) -> Result:
        return Result(self.name, self.deals, self.seconds, self.calls, self.cards, self.cpu_seconds)


def measure(engines: list[tuple[str, PlayOne]], *, seconds: float, seed: int, warmup: float,
            rounds: int) -> list[Timer]:
    """Warm every engine up, then give each ``seconds`` in ``rounds`` interleaved slices.

    Interleaving spreads any change in the machine's load over all engines alike.
    """
    timers = [Timer(name, play_one, seed=seed) for name, play_one in engines]
    for timer in timers:
        timer.warm_up(warmup)
    for _ in range(rounds):
        for timer in timers:
            timer.run(seconds / rounds)
    return timers


def _require(module: str, extra_hint: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        sys.exit(f"bench/engine.py: cannot import {module!r} ({exc}).\n"
                 f"Install the bench extra: pip install -e '.[bench]'  (needs {extra_hint}).")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="timed seconds per engine (default 5)")
    parser.add_argument("--seed", type=int, default=1, help="seed for the random deals and actions (default 1)")
    parser.add_argument("--rounds", type=int, default=20,
                        help="slices each engine's time is cut into, engines taking turns (default 20)")
    parser.add_argument("--warmup", type=float, default=1.0, help="untimed seconds per engine first (default 1)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.warmup < 0 or args.rounds < 1:
        parser.error("--seconds must be positive, --warmup not negative and --rounds at least 1")

    pyspiel = _require("pyspiel", "open-spiel")
    rlcard = _require("rlcard", "rlcard")

    print(f"python {sys.version.split()[0]}, seed {args.seed}, {args.seconds:g} s per engine "
          f"in {args.rounds} interleaved slices, after {args.warmup:g} s warm-up")
    print("actions = calls + cards (OpenSpiel's 52 dealing chance actions are played but not counted)")
    engines: list[tuple[str, PlayOne]] = [
        ("openspiel", openspiel_player(pyspiel)),
        ("rlcard env", rlcard_env_player(rlcard, args.seed)),
        ("rlcard game", rlcard_game_player(rlcard, args.seed)),
        ("vint_core", vint_player()),
    ]
    timers = measure(engines, seconds=args.seconds, seed=args.seed, warmup=args.warmup, rounds=args.rounds)
    results = {timer.name: timer.result() for timer in timers}
    for result in results.values():
        print(result.line())
    by_name = {timer.name: timer for timer in timers}
    slice_ratios = sorted(v / o for v, o in zip(by_name["vint_core"].rates, by_name["openspiel"].rates, strict=True))
    print(f"vint_core / openspiel per slice: min {slice_ratios[0]:.2f}, "
          f"median {slice_ratios[len(slice_ratios) // 2]:.2f}, max {slice_ratios[-1]:.2f}")
    vint = results["vint_core"].deals_per_second
    cpu_ratio = results["vint_core"].cpu_deals_per_second / results["openspiel"].cpu_deals_per_second
    print(f"vint_core / openspiel per CPU second: {cpu_ratio:.2f}")
    print(f"vint_core / rlcard env: {vint / results['rlcard env'].deals_per_second:.2f}   "
          f"vint_core / rlcard game: {vint / results['rlcard game'].deals_per_second:.2f}")
    print(f"ratio_vs_openspiel: {vint / results['openspiel'].deals_per_second:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
