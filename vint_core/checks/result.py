"""The outcome of one self-check: passed or not, the message a learner reads, how many cases ran.

A :class:`CheckResult` prints as its message, is true when the check passed, and
:meth:`CheckResult.require` turns a failure into :class:`CheckFailed` (an
``AssertionError``), which is how an nbgrader test cell loses its points. In a
notebook (IPython) a failed check shows only its message, wrapped, with no
traceback: the learner reads the sentence, not the checks' code and paths.

>>> ok = CheckResult("trick_value", passed=True, message="trick_value: all 200 cases right", cases=200)
>>> bool(ok), ok.require() is ok, ok.to_json()["cases"]
(True, True, 200)
>>> bad = CheckResult("trick_value", passed=False, message="for 1NT by South you gave 10; expected 20", cases=3)
>>> bad.require()
Traceback (most recent call last):
...
vint_core.checks.result.CheckFailed: for 1NT by South you gave 10; expected 20
>>> lines = CheckFailed(CheckResult("f", passed=False, message="f: " + "word " * 40, cases=1))._render_traceback_()
>>> [line[:9] for line in lines], max(map(len, lines)) <= WIDTH
(['✗ f: word', '  word wo', '  word wo'], True)
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

#: the message of an exercise whose function is not written yet (grading counts it as "not done yet")
NOT_DONE = "not done yet"
#: the width a failed check's message is wrapped to in a notebook's output (and in nbgrader's feedback page)
WIDTH = 80


class CheckFailed(AssertionError):
    """A check that did not pass; ``str()`` is the learner's message, ``result`` the whole outcome."""

    def __init__(self, result: CheckResult) -> None:
        super().__init__(result.message)
        self.result = result

    def _render_traceback_(self) -> list[str]:
        """What IPython shows for this exception instead of a traceback: the message, wrapped."""
        return textwrap.wrap(self.result.message, WIDTH, initial_indent="✗ ", subsequent_indent="  ",
                             break_long_words=False, break_on_hyphens=False) or ["✗ " + self.result.name]


@dataclass(frozen=True)
class CheckResult:
    """One check of a learner's function against the engine.

    ``mistake`` is the key of the known mistake the wrong answers match (see
    :mod:`vint_core.checks.mistakes`), ``not_done`` says the function is still the
    exercise's placeholder (it raised ``NotImplementedError`` or does not exist).
    """

    name: str
    passed: bool
    message: str
    cases: int
    mistake: str | None = None
    not_done: bool = False

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        mark = "✓" if self.passed else "✗"
        return f"{mark} {self.message}"

    def _repr_html_(self) -> str:
        import html

        colour = "#1a7f37" if self.passed else "#b42318"
        mark = "✓" if self.passed else "✗"
        return (f'<div class="vint-check" style="border-left:4px solid {colour};padding:2px 8px">'
                f"{mark} {html.escape(self.message)}</div>")

    def require(self) -> CheckResult:
        """This result if it passed; otherwise raise :class:`CheckFailed` with the message."""
        if not self.passed:
            raise CheckFailed(self)
        return self

    def to_json(self) -> dict[str, Any]:
        """The fields as a dict, for grading and JSON."""
        return {"name": self.name, "passed": self.passed, "message": self.message, "cases": self.cases,
                "mistake": self.mistake, "not_done": self.not_done}


__all__ = ["NOT_DONE", "CheckFailed", "CheckResult"]
