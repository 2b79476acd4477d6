"""Running one check: the learner's function against the engine's answers over seeded random cases.

Each :class:`Case` carries the arguments, the engine's answer with its
explanation, and the answers each known mistake would give. :func:`run_check`
calls the learner's function on every case, reports the first wrong answer in
plain words, and names the mistake when the wrong answers agree with one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vint_core.checks.mistakes import MISTAKES
from vint_core.checks.result import NOT_DONE, CheckResult

#: how many random cases a check tries unless told otherwise
DEFAULT_CASES = 200


class WrongType(Exception):
    """The learner's answer is not of the kind the exercise asks for; the message says which kind."""


@dataclass(frozen=True)
class Case:
    """One question: ``args`` for the learner's function, the engine's ``expected`` answer (normalised).

    ``described`` reads "for 4♥ by North with 9 tricks"; ``why`` explains the
    expected answer; ``wrong`` maps a mistake's key to the answer it gives here.
    """

    args: tuple[Any, ...]
    described: str
    expected: Any
    why: str = ""
    wrong: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Answers:
    """How to compare and show answers of one kind: ``normalise`` raises :class:`WrongType`."""

    normalise: Callable[[Any], Any]
    show: Callable[[Any], str]


def _first_words(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def not_done(name: str) -> CheckResult:
    """The result for a function that is still the exercise's placeholder."""
    return CheckResult(name, passed=False, cases=0, not_done=True,
                       message=f"{name}: {NOT_DONE}: write the function, run its cell, then run this check again")


def run_check(name: str, fn: object, cases: Sequence[Case], answers: Answers) -> CheckResult:
    """Ask ``fn`` every case; the result names the first wrong one and a matching mistake, if any."""
    if fn is None or fn is NotImplemented:
        return not_done(name)
    if not callable(fn):
        return CheckResult(name, passed=False, cases=0,
                           message=f"{name}: give the check your function itself, not {fn!r}")
    failures: list[tuple[Case, Any, str | None]] = []  # (case, normalised answer or None, problem)
    for case in cases:
        try:
            raw = fn(*case.args)
        except NotImplementedError:
            return not_done(name)
        except Exception as exc:
            failures.append((case, None, f"your function raised {_first_words(exc)}"))
            continue
        try:
            got = answers.normalise(raw)
        except WrongType as exc:
            failures.append((case, None, f"you gave {raw!r}, but {exc}"))
            continue
        if got != case.expected:
            failures.append((case, got, None))
    if not failures:
        return CheckResult(name, passed=True, cases=len(cases), message=f"{name}: right in all {len(cases)} cases")
    case, got, problem = failures[0]
    mistake = _matching_mistake(failures)
    said = problem if problem is not None else f"you gave {answers.show(got)}"
    message = f"{name}: {case.described} {said}; expected {answers.show(case.expected)}"
    if case.why:
        message += f" ({case.why})"
    message += "."
    if mistake is not None:
        message += f" This looks like {MISTAKES[mistake].text}"
    message += f" {len(failures)} of {len(cases)} cases were wrong."
    return CheckResult(name, passed=False, cases=len(cases), message=message, mistake=mistake)


def _matching_mistake(failures: Sequence[tuple[Case, Any, str | None]]) -> str | None:
    """The mistake whose answers equal the learner's in every wrong case; else one that explains the first."""
    answered = [(case, got) for case, got, problem in failures if problem is None]
    if not answered:
        return None
    keys = list(answered[0][0].wrong)
    for key in keys:
        if all(case.wrong.get(key, got) == got for case, got in answered):
            return key
    first, got = answered[0]
    return next((key for key in keys if first.wrong[key] == got), None)


# -- kinds of answers ------------------------------------------------------------------------------


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise WrongType("the answer should be a whole number")
    return value


def _pair(value: Any) -> tuple[int, int]:
    from vint_core.seats import Side

    if isinstance(value, dict):
        try:
            value = (value[Side.NS], value[Side.EW])
        except KeyError:
            raise WrongType("a dict answer needs the keys Side.NS and Side.EW") from None
    try:
        ns, ew = value
    except (TypeError, ValueError):
        raise WrongType("the answer should be two numbers: N–S's points, then E–W's") from None
    return (_int(ns), _int(ew))


def show_pair(value: Any) -> str:
    ns, ew = value
    return f"N–S {ns}, E–W {ew}"


NUMBER = Answers(_int, str)
PAIR = Answers(_pair, show_pair)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise WrongType("the answer should be True or False")
    return value


YES_NO = Answers(_bool, str)

__all__ = ["DEFAULT_CASES", "NUMBER", "PAIR", "YES_NO", "Answers", "Case", "WrongType", "not_done", "run_check",
           "show_pair"]
