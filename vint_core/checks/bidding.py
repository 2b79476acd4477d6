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
from vint_core.checks.runner import not_callable, not_done
from vint_core.deal import Action, Phase
from vint_core.i18n import Phrase, text
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


def bidding_policy(fn: Any, *, deals: int = 16, seed: int = 0, lang: str = "en") -> CheckResult:
    """Play ``deals`` deals twice (the policy N–S, then E–W) against the rule-based player; report the margin."""
    from vint_core.simulate import play_table

    name = "bidding_policy"
    if not callable(fn):
        return not_done(name, lang) if fn is None else not_callable(name, fn, lang)
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
        return not_done(name, lang)
    except _BadCall as exc:
        return CheckResult(name, passed=False, cases=len(margins),
                           message=text("check_problem", lang, name=name, problem=exc.problem))
    except Exception as exc:
        return CheckResult(name, passed=False, cases=len(margins), message=text(
            "check_policy_raised", lang, name=name, error=f"{type(exc).__name__}: {exc}"))
    mean = sum(margins) / len(margins)
    key = "check_policy_ahead" if mean > 0 else "check_policy_behind" if mean < 0 else "check_policy_level"
    params = {"margin": f"{abs(mean):.1f}"} if mean else {}
    return CheckResult(name, passed=True, cases=deals, message=text(key, lang, name=name, deals=deals, **params))


__all__ = ["PolicyBot", "bidding_policy"]
