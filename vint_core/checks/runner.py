"""Running one check: the learner's function against the engine's answers over seeded random cases.

Each :class:`Case` carries the arguments, the engine's answer with its
explanation, and the answers each known mistake would give. :func:`run_check`
calls the learner's function on every case, reports the first wrong answer in
plain words, and names the mistake when the wrong answers agree with one, in
English or German: every sentence comes from the catalogue (:mod:`vint_core.i18n`,
the keys ``check_…``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vint_core.checks.guard import EngineGuard
from vint_core.checks.mistakes import MISTAKES
from vint_core.checks.result import CheckResult, say
from vint_core.i18n import Joined, Phrase

#: how many random cases a check tries unless told otherwise
DEFAULT_CASES = 200


class WrongType(Exception):
    """The learner's answer is not of the kind the exercise asks for; ``problem`` says which kind."""

    def __init__(self, key: str, /, **params: Any) -> None:
        self.problem = Phrase(key, **params)
        super().__init__(str(self.problem))


#: something a message says: a sentence of the catalogue, phrases one after another, or fixed text (a formula)
Said = Phrase | Joined | str


@dataclass(frozen=True)
class Case:
    """One question: ``args`` for the learner's function, the engine's ``expected`` answer (normalised).

    ``described`` reads "for 4♥ by North with 9 tricks"; ``why`` explains the
    expected answer; ``wrong`` maps a mistake's key to the answer it gives here.
    """

    args: tuple[Any, ...]
    described: Said
    expected: Any
    why: Said = ""
    wrong: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Answers:
    """How to compare and show answers of one kind: ``normalise`` raises :class:`WrongType`; ``show(answer)`` is
    what the learner reads, a phrase (or a value a phrase shows: a number, a seat) put into a language when shown."""

    normalise: Callable[[Any], Any]
    show: Callable[[Any], Any]


def _first_words(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__


def not_done(name: str, lang: str = "en") -> CheckResult:
    """The result for a function that is still the exercise's placeholder."""
    return CheckResult(name, passed=False, cases=0, not_done=True, said=Phrase("check_not_done", name=name), lang=lang)


def not_callable(name: str, value: object, lang: str = "en") -> CheckResult:
    """The result for something given to a check that is not a function."""
    return CheckResult(name, passed=False, cases=0, said=Phrase("check_not_callable", name=name, value=repr(value)),
                       lang=lang)


def run_check(name: str, fn: object, cases: Sequence[Case], answers: Answers, *, lang: str = "en",
              forbidden: Sequence[str] = ()) -> CheckResult:
    """Ask ``fn`` every case; the result names the first wrong one and a matching mistake, if any, in ``lang``.

    ``forbidden`` names the engine parts (dotted paths) that compute this exercise's
    answer: a function that calls one fails with a message that says to write it
    out (:mod:`vint_core.checks.guard`).
    """
    if fn is None or fn is NotImplemented:
        return not_done(name, lang)
    if not callable(fn):
        return not_callable(name, fn, lang)
    guard = EngineGuard(forbidden)
    failures: list[tuple[Case, Any, Phrase | None]] = []  # (case, normalised answer or None, problem)
    with guard.watching(fn):  # the learner's answers are read, and compared, with the engine's answer off limits
        for case in cases:
            try:
                raw = fn(*case.args)
            except NotImplementedError:
                return not_done(name, lang)
            except Exception as exc:
                failures.append((case, None, Phrase("check_raised", error=_first_words(exc))))
                continue
            try:
                got = answers.normalise(raw)
            except WrongType as exc:
                failures.append((case, None, Phrase("check_wrong_kind", value=repr(raw), problem=exc.problem)))
                continue
            if got != case.expected:
                failures.append((case, got, None))
    engine = guard.result(name, lang)
    if engine is not None:
        return engine
    if not failures:
        return CheckResult(name, passed=True, cases=len(cases), said=Phrase("check_passed", name=name, n=len(cases)),
                           lang=lang)
    case, got, problem = failures[0]
    mistake = _matching_mistake(failures)
    said = problem if problem is not None else Phrase("check_you_gave", answer=_shown(answers, got))
    why = Phrase("check_why", why=case.why) if case.why else ""
    parts: list[Said] = [Phrase("check_failed", name=name, described=case.described, said=said,
                                         expected=_shown(answers, case.expected), why=why)]
    if mistake is not None:
        parts.append(Phrase("check_looks_like", mistake=MISTAKES[mistake].phrase))
    parts.append(Phrase("check_wrong_count", wrong=len(failures), total=len(cases)))
    return CheckResult(name, passed=False, cases=len(cases), said=Joined(parts), mistake=mistake, lang=lang)


def _shown(answers: Answers, value: Any) -> Any:
    """An answer as the learner reads it, said in the language of the moment."""
    return answers.show(value)


def _matching_mistake(failures: Sequence[tuple[Case, Any, Phrase | None]]) -> str | None:
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
        raise WrongType("check_want_number")
    return value


def _pair(value: Any) -> tuple[int, int]:
    from vint_core.seats import Side

    if isinstance(value, dict):
        try:
            value = (value[Side.NS], value[Side.EW])
        except KeyError:
            raise WrongType("check_want_pair_keys") from None
    try:
        ns, ew = value
    except (TypeError, ValueError):
        raise WrongType("check_want_pair") from None
    return (_int(ns), _int(ew))


def show_pair(value: Any) -> Phrase:
    """A pair of points as the learner reads it: "N–S 360, E–W 240"."""
    ns, ew = value
    return Phrase("check_pair", ns=ns, ew=ew)


def _plain(value: Any) -> str:
    return str(value)


NUMBER = Answers(_int, _plain)
PAIR = Answers(_pair, show_pair)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise WrongType("check_want_bool")
    return value


YES_NO = Answers(_bool, _plain)

__all__ = ["DEFAULT_CASES", "NUMBER", "PAIR", "YES_NO", "Answers", "Case", "Said", "WrongType",
           "not_callable", "not_done", "run_check", "say", "show_pair"]
