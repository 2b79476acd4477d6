"""Check for the bidding project: a learner's bidding policy plays duplicate against the rule-based player.

The learner writes ``policy(view) -> Call``; the rule-based player plays the
cards for both sides, so that only the bidding differs. Every deal is played
twice, the policy N–S at one table and E–W at the other; its margin is what its
side scored more than the rule-based player's, over both tables.

The margin is measured against two baselines on the same seeded deals, in the
same run: the rule-based player itself (margin 0: it meets itself) and the better
of always passing and random legal bidding (the *floor*). The policy's
:attr:`Match.share` is how far it goes from the floor to the rule-based player: 0 at
the floor or below, 1 when it is ahead of the rule-based player or level with it
within one standard error of its margin (and that far above the floor), linear between. A
check with ``needs=x`` passes when the share is at least ``x``; exercise 10's four
check cells ask 1/4, 1/2, 3/4 and 1, one point each. Each cell plays the policy's match
again (a learner who changes a constant sees the change); the baselines are played once
per seed and number of deals.
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vint_core.bots.rule_bot import RuleBot
from vint_core.calls import Call
from vint_core.checks.guard import BOTS, EngineGuard
from vint_core.checks.result import CheckResult, Joined
from vint_core.checks.runner import not_callable, not_done
from vint_core.deal import Action, Phase
from vint_core.i18n import Phrase
from vint_core.seats import Side
from vint_core.views import SeatView


class _BadCall(Exception):
    def __init__(self, problem: Phrase) -> None:
        super().__init__(str(problem))
        self.problem = problem


@dataclass
class PolicyBot:
    """A computer player that bids with ``policy`` and plays the cards like the rule-based player."""

    policy: Callable[[SeatView], Any]
    name: str = "yours"

    def __post_init__(self) -> None:
        self._cards = RuleBot()

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is not Phase.AUCTION:
            return self._cards.choose(view, rng)
        call = self.policy(view)
        if not isinstance(call, Call):
            raise _BadCall(Phrase("check_policy_not_call", seat=view.seat, value=repr(call)))
        if call not in view.legal:
            said = " ".join(str(c) for c in view.calls) or Phrase("check_no_calls")
            raise _BadCall(Phrase("check_policy_illegal", seat=view.seat, call=call, calls=said))
        return call

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        return "the learner's policy"


#: how many standard errors of its own margin a policy may be behind the rule-based player for full marks
NOISE = 1.0


@dataclass(frozen=True)
class Match:
    """A policy's duplicate match: its margin on each deal (both tables), and the baselines' mean margins."""

    margins: tuple[int, ...]
    always_pass: float
    random_bidding: float

    @property
    def mean(self) -> float:
        """The policy's mean margin per deal."""
        return sum(self.margins) / len(self.margins)

    @property
    def error(self) -> float:
        """The standard error of :attr:`mean`."""
        n = len(self.margins)
        return statistics.stdev(self.margins) / math.sqrt(n) if n > 1 else 0.0

    @property
    def floor(self) -> float:
        """The better of the two trivial policies' mean margins."""
        return max(self.always_pass, self.random_bidding)

    @property
    def share(self) -> float:
        """0 at the floor or below, 1 level with the rule-based player within the noise or ahead; linear between."""
        mean, floor, noise = self.mean, self.floor, NOISE * self.error
        if mean - noise > floor and mean + noise >= 0:
            return 1.0
        if floor >= 0 or mean <= floor:
            return 0.0
        return min(1.0, (mean - floor) / -floor)


def _margins(bot: Any, *, deals: int, seed: int) -> list[int]:
    """``bot``'s margin on each deal, over both tables (N–S at table 0, E–W at table 1), against RuleBot."""
    from vint_core.simulate import play_table

    margins: list[int] = []
    for table, my_side in ((0, Side.NS), (1, Side.EW)):
        for i, played in enumerate(play_table(first=bot, second=RuleBot(), deals=deals, seed=seed, table=table)):
            points = played.deal.points
            margin = points[my_side] - points[my_side.other]
            if table == 0:
                margins.append(margin)
            else:
                margins[i] += margin
    return margins


class _RandomBidding:
    """The random baseline: any legal call, from the check's own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(f"vint-checks:bidding_policy:random:{seed}")

    def __call__(self, view: SeatView) -> Call:
        call = self.rng.choice(view.legal)
        assert isinstance(call, Call)
        return call


@functools.lru_cache(maxsize=8)
def baselines(deals: int, seed: int) -> tuple[float, float]:
    """The mean margins of always passing and of random legal bidding on these deals."""
    from vint_core.calls import PASS

    passing = _margins(PolicyBot(lambda view: PASS), deals=deals, seed=seed)
    randomly = _margins(PolicyBot(_RandomBidding(seed)), deals=deals, seed=seed)
    return sum(passing) / deals, sum(randomly) / deals


class _Watched(PolicyBot):
    """The learner's policy, with the computer players' decisions off limits while it thinks."""

    def __init__(self, policy: Callable[[SeatView], Any], guard: EngineGuard) -> None:
        super().__init__(policy)
        self.guard = guard

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if view.phase is not Phase.AUCTION:
            return self._cards.choose(view, rng)
        with self.guard.watch():
            return super().choose(view, rng)


def play_match(fn: Callable[[SeatView], Any], *, deals: int, seed: int, lang: str = "en") -> Match | CheckResult:
    """``fn``'s duplicate match against the rule-based player, or the failed result that stopped it.

    Python's own ``random`` is seeded for the match (and given back after), so that a
    policy that calls ``random.choice`` gets the same points every time.
    """
    name = "bidding_policy"
    guard = EngineGuard(BOTS)
    state = random.getstate()
    random.seed(f"vint-checks:bidding_policy:{seed}")
    outcome: Match | CheckResult
    try:
        with guard.installed(fn):
            margins = _margins(_Watched(fn, guard), deals=deals, seed=seed)
    except NotImplementedError:
        outcome = not_done(name, lang)
    except _BadCall as exc:
        outcome = CheckResult(name, passed=False, cases=0, lang=lang,
                              said=Phrase("check_problem", name=name, problem=exc.problem))
    except Exception as exc:
        outcome = CheckResult(name, passed=False, cases=0, lang=lang, said=Phrase(
            "check_policy_raised", name=name, error=f"{type(exc).__name__}: {exc}"))
    else:
        engine = guard.result(name, lang)
        outcome = engine if engine is not None else Match(tuple(margins), *baselines(deals, seed))
    finally:
        random.setstate(state)
    return outcome


def bidding_policy(fn: Any, *, deals: int = 32, seed: int = 0, needs: float = 1.0, lang: str = "en") -> CheckResult:
    """Play ``deals`` deals twice (the policy N–S, then E–W) against the rule-based player.

    Passes when every call is legal and the policy's :attr:`Match.share` of the way
    from the floor (always passing, or random bidding) to the rule-based player is at
    least ``needs``; the message says the margin, the baselines and the share.
    """
    name = "bidding_policy"
    if not callable(fn):
        return not_done(name, lang) if fn is None else not_callable(name, fn, lang)
    match = play_match(fn, deals=deals, seed=seed, lang=lang)
    if isinstance(match, CheckResult):
        return match
    mean = match.mean
    key = "check_policy_ahead" if mean > 0 else "check_policy_behind" if mean < 0 else "check_policy_level"
    params = {"margin": f"{abs(mean):.0f}"} if mean else {}
    parts = [Phrase(key, name=name, deals=deals, **params)]
    share = match.share
    parts.append(Phrase("check_policy_share", error=f"{match.error:.0f}", passing=f"{-match.always_pass:.0f}",
                        random=f"{-match.random_bidding:.0f}", share=f"{100 * share:.0f}"))
    passed = share >= needs - 1e-9
    if needs < 1:
        parts.append(Phrase("check_policy_needs" if passed else "check_policy_needs_more", needs=f"{100 * needs:.0f}"))
    elif not passed:
        parts.append(Phrase("check_policy_full_needs"))
    return CheckResult(name, passed=passed, cases=deals, said=Joined(parts), lang=lang)



__all__ = ["NOISE", "Match", "PolicyBot", "baselines", "bidding_policy", "play_match"]
