"""Checks for the honours-odds exercise: the exact chance of holding k aces, and a simulation of it.

The exact odds are the hypergeometric ones: a side's two hands are 26 of the 52
cards, so the chance that they hold exactly ``k`` of the 4 aces is
C(4, k) · C(48, 26 − k) / C(52, 26).
"""

from __future__ import annotations

import math
from typing import Any

from vint_core.checks.result import CheckResult
from vint_core.checks.runner import Answers, Case, WrongType, not_done, run_check
from vint_core.i18n import Phrase, text


def exact_ace_odds(k: int) -> float:
    """The chance that one side's two hands hold exactly ``k`` of the four aces (:mod:`vint_core.honours`)."""
    from vint_core.calls import Strain
    from vint_core.honours import honours_odds

    return float(honours_odds(Strain.NOTRUMP)[k])


def _prob(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise WrongType("check_want_probability")
    return float(value)


class _Close(float):
    """A probability that equals another within 1e-9, so that rounding does not fail a right answer."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, float) and abs(self - other) < 1e-9

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = float.__hash__


PROBABILITY = Answers(lambda v: _Close(_prob(v)), lambda v, lang: f"{v:.6f}")


def ace_odds(fn: Any, *, lang: str = "en") -> CheckResult:
    """``fn(k) -> float``: the exact chance that N–S hold exactly ``k`` aces, for k = 0 … 4."""
    qs = [Case((k,), Phrase("check_for_k", k=k), _Close(exact_ace_odds(k)),
               f"C(4, {k}) · C(48, {26 - k}) / C(52, 26)") for k in range(5)]
    return run_check("ace_odds", fn, qs, PROBABILITY, lang=lang)


def ace_simulation(fn: Any, *, trials: int = 4000, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(trials, seed) -> [f0, f1, f2, f3, f4]``: how often N–S held k aces in ``trials`` seeded deals.

    Passes if the frequencies add up to 1, the same seed gives the same answer,
    and each frequency is within 5 standard errors of the exact chance.
    """
    name = "ace_simulation"
    if not callable(fn):
        return run_check(name, fn, [], PROBABILITY, lang=lang)
    try:
        first = list(fn(trials, seed))
        again = list(fn(trials, seed))
    except NotImplementedError:
        return not_done(name, lang)
    except Exception as exc:
        return CheckResult(name, passed=False, cases=0, message=text(
            "check_sim_raised", lang, name=name, trials=trials, error=f"{type(exc).__name__}: {exc}"))
    problem = None
    if len(first) != 5:
        problem = Phrase("check_sim_count", n=len(first))
    elif first != again:
        problem = Phrase("check_sim_seed")
    elif abs(sum(first) - 1) > 1e-6:
        problem = Phrase("check_sim_sum", total=f"{sum(first):.4f}")
    else:
        for k, f in enumerate(first):
            p = exact_ace_odds(k)
            se = math.sqrt(p * (1 - p) / trials)
            if abs(f - p) > 5 * se:
                problem = Phrase("check_sim_off", k=k, found=f"{f:.4f}", exact=f"{p:.4f}", trials=trials,
                                 margin=f"{5 * se:.4f}")
                break
    if problem:
        return CheckResult(name, passed=False, cases=1, message=text("check_problem", lang, name=name, problem=problem))
    return CheckResult(name, passed=True, cases=1, message=text("check_sim_passed", lang, name=name, trials=trials))


__all__ = ["PROBABILITY", "ace_odds", "ace_simulation", "exact_ace_odds"]
