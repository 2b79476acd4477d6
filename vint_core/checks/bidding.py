"""Check for the bidding project: a learner's bidding policy plays duplicate against the rule-based player.

The learner writes ``policy(view) -> Call``; the rule-based player plays the
cards for both sides, so that only the bidding differs. The check passes when
every call is legal and the match is played out, and reports the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vint_core.bots.rule_bot import RuleBot
from vint_core.calls import Call
from vint_core.checks.result import CheckResult
from vint_core.checks.runner import not_done
from vint_core.deal import Action, Phase
from vint_core.seats import Side
from vint_core.views import SeatView


class _BadCall(Exception):
    pass


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
            raise _BadCall(f"{view.seat} (your side) should make a call, like Call.parse('1NT'), not {call!r}")
        if call not in view.legal:
            said = " ".join(str(c) for c in view.calls) or "no calls yet"
            raise _BadCall(f"{view.seat} (your side) called {call} after {said}, which is not legal there")
        return call

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        return "the learner's policy"


def bidding_policy(fn: Any, *, deals: int = 16, seed: int = 0) -> CheckResult:
    """Play ``deals`` deals twice (the policy N–S, then E–W) against the rule-based player; report the margin."""
    from vint_core.simulate import play_table

    name = "bidding_policy"
    if not callable(fn):
        return not_done(name) if fn is None else CheckResult(
            name, passed=False, cases=0, message=f"{name}: give the check your function itself, not {fn!r}")
    mine = PolicyBot(fn)
    margins: list[int] = []
    try:
        for table, my_side in ((0, Side.NS), (1, Side.EW)):
            for i, played in enumerate(play_table(first=mine, second=RuleBot(), deals=deals, seed=seed,
                                                  table=table)):
                points = played.deal.points()
                margin = points[my_side] - points[my_side.other]
                if table == 0:
                    margins.append(margin)
                else:
                    margins[i] += margin
    except NotImplementedError:
        return not_done(name)
    except _BadCall as exc:
        return CheckResult(name, passed=False, cases=len(margins), message=f"{name}: {exc}.")
    except Exception as exc:
        return CheckResult(name, passed=False, cases=len(margins),
                           message=f"{name}: your policy raised {type(exc).__name__}: {exc}")
    mean = sum(margins) / len(margins)
    verdict = "ahead of" if mean > 0 else "behind" if mean < 0 else "level with"
    return CheckResult(name, passed=True, cases=deals,
                       message=f"{name}: {deals} deals played in duplicate, every call legal; your bidding is "
                               f"{verdict} the rule-based player's by {abs(mean):.1f} points a deal")


__all__ = ["PolicyBot", "bidding_policy"]
