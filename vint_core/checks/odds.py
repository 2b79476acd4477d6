"""Checks for the honours-odds exercise: the exact chance of holding k aces, and a simulation of it.

The exact odds are the hypergeometric ones: a side's two hands are 26 of the 52
cards, so the chance that they hold exactly ``k`` of the 4 aces is
C(4, k) · C(48, 26 − k) / C(52, 26).
"""

from __future__ import annotations

import math
from typing import Any

from vint_core.checks.guard import ACE_ODDS, EngineGuard
from vint_core.checks.result import CheckResult
from vint_core.checks.runner import Answers, Case, WrongType, not_done, run_check
from vint_core.i18n import Phrase


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


PROBABILITY = Answers(lambda v: _Close(_prob(v)), lambda v: f"{v:.6f}")


def ace_odds(fn: Any, *, lang: str = "en") -> CheckResult:
    """``fn(k) -> float``: the exact chance that N–S hold exactly ``k`` aces, for k = 0 … 4."""
    qs = [Case((k,), Phrase("check_for_k", k=k), _Close(exact_ace_odds(k)),
               f"C(4, {k}) · C(48, {26 - k}) / C(52, 26)") for k in range(5)]
    return run_check("ace_odds", fn, qs, PROBABILITY, lang=lang, forbidden=ACE_ODDS)


#: the chance, for a fair simulation, of failing the "closer than chance allows" test
TOO_CLOSE = 1e-6


def _chi_square(freqs: list[float], trials: int) -> float:
    """Pearson's statistic of ``freqs`` (from ``trials`` deals) against the exact odds, 4 degrees of freedom."""
    return sum(trials * (f - p) ** 2 / p for f, p in ((f, exact_ace_odds(k)) for k, f in enumerate(freqs)))


def chi_square_below(x: float, df: int) -> float:
    """P(X ≤ x) for X chi-square with an even ``df``: e^(−x/2) · Σ_{i ≥ df/2} (x/2)^i / i! (no cancellation)."""
    half, total = x / 2, 0.0
    term = math.exp(-half) * half ** (df // 2) / math.factorial(df // 2)
    i = df // 2
    while term > 1e-300 and (total == 0 or term > total * 1e-17):
        total += term
        i += 1
        term *= half / i
    return min(1.0, total)


def ace_simulation(fn: Any, *, trials: int = 4000, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(trials, seed) -> [f0, f1, f2, f3, f4]``: how often N–S held k aces in ``trials`` seeded deals.

    Passes if the frequencies add up to 1 and are counts (each × ``trials`` a whole
    number), the same seed gives the same answer and another seed another one,
    each frequency lies within 5 standard errors of the exact chance at ``trials``
    deals and at fewer and more deals (so that the estimate converges as trials
    grow), and the runs together are not closer to the exact odds than chance
    allows (Pearson's chi-square below its 10⁻⁶ quantile): odds computed, not
    simulated, fail.
    """
    name = "ace_simulation"
    if not callable(fn):
        return run_check(name, fn, [], PROBABILITY, lang=lang)
    runs = [(trials, seed), (trials, seed), (trials, seed + 1), (max(100, trials // 40), seed + 2),
            (max(1000, trials // 4), seed + 3), (4 * trials, seed + 4)]
    guard = EngineGuard(ACE_ODDS)
    answers: list[list[float]] = []
    try:
        with guard.watching(fn):
            for n, s in runs:
                answers.append([_prob(f) for f in fn(n, s)])
    except NotImplementedError:
        return not_done(name, lang)
    except WrongType as exc:
        return CheckResult(name, passed=False, cases=len(answers), lang=lang,
                           said=Phrase("check_problem", name=name, problem=exc.problem))
    except Exception as exc:
        n = runs[len(answers)][0]
        return CheckResult(name, passed=False, cases=len(answers), lang=lang, said=Phrase(
            "check_sim_raised", name=name, trials=n, error=f"{type(exc).__name__}: {exc}"))
    engine = guard.result(name, lang)
    if engine is not None:
        return engine
    problem = _simulation_problem(runs, answers)
    if problem:
        return CheckResult(name, passed=False, cases=len(runs), lang=lang,
                           said=Phrase("check_problem", name=name, problem=problem))
    sizes = [str(n) for n, _ in runs[3:]]
    listed = Phrase("words_and", items=", ".join(sizes[:-1]), last=sizes[-1])
    return CheckResult(name, passed=True, cases=len(runs), lang=lang,
                       said=Phrase("check_sim_passed", name=name, trials=trials, sizes=listed))


def _simulation_problem(runs: list[tuple[int, int]], answers: list[list[float]]) -> Phrase | None:
    first, again, other = answers[0], answers[1], answers[2]
    for freqs in answers:
        if len(freqs) != 5:
            return Phrase("check_sim_count", n=len(freqs))
    if first != again:
        return Phrase("check_sim_seed")
    for (n, _), freqs in zip(runs, answers, strict=True):
        if abs(sum(freqs) - 1) > 1e-6:
            return Phrase("check_sim_sum", total=f"{sum(freqs):.4f}")
        for f in freqs:
            if abs(f * n - round(f * n)) > 1e-6 * max(1, n):
                return Phrase("check_sim_not_counts", trials=n, found=f"{f:.6f}")
    if other == first:
        return Phrase("check_sim_same_seeds", a=runs[0][1], b=runs[2][1])
    for (n, _), freqs in [(runs[0], first), *zip(runs[3:], answers[3:], strict=True)]:
        for k, f in enumerate(freqs):
            p = exact_ace_odds(k)
            margin = 5 * math.sqrt(p * (1 - p) / n)
            if abs(f - p) > margin:
                return Phrase("check_sim_off", k=k, found=f"{f:.4f}", exact=f"{p:.4f}", trials=n,
                              margin=f"{margin:.4f}")
    independent = [(runs[0][0], first), *((n, freqs) for (n, _), freqs in zip(runs[2:], answers[2:], strict=True))]
    statistic = sum(_chi_square(freqs, n) for n, freqs in independent)
    if chi_square_below(statistic, 4 * len(independent)) < TOO_CLOSE:
        return Phrase("check_sim_too_close", runs=len(independent))
    return None


__all__ = ["PROBABILITY", "TOO_CLOSE", "ace_odds", "ace_simulation", "chi_square_below", "exact_ace_odds"]
