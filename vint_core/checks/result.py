"""The outcome of one self-check: passed or not, the message a learner reads, how many cases ran.

The message is kept as phrases (:class:`~vint_core.i18n.Phrase`, said when shown): ``message`` is it in the
result's language, ``text(lang)`` in any, and ``in_language(lang)`` the same result speaking another.
A :class:`CheckResult` prints as its message, is true when the check passed, and
:meth:`CheckResult.require` turns a failure into :class:`CheckFailed` (an
``AssertionError``), which is how an nbgrader test cell loses its points. In a
notebook (IPython) a failed check shows only its message, wrapped, with no
traceback: the learner reads the sentence, not the checks' code and paths.

>>> from vint_core.i18n import Phrase
>>> ok = CheckResult("trick_value", passed=True, said=Phrase("check_passed", name="trick_value", n=200), cases=200)
>>> bool(ok), ok.require() is ok, ok.to_json()["cases"], ok.in_language("de").message == ok.text("de")
(True, True, 200, True)
>>> bad = CheckResult("trick_value", passed=False, said="for 1NT by South you gave 10; expected 20", cases=3)
>>> bad.require()
Traceback (most recent call last):
...
vint_core.checks.result.CheckFailed: for 1NT by South you gave 10; expected 20
>>> lines = CheckFailed(CheckResult("f", passed=False, said="f: " + "word " * 40, cases=1))._render_traceback_()
>>> [line[:9] for line in lines], max(map(len, lines)) <= WIDTH
(['✗ f: word', '  word wo', '  word wo'], True)
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from typing import Any, Protocol

from vint_core.i18n import Joined


class _Says(Protocol):
    def text(self, lang: str) -> str: ...


#: what a check says: a sentence of the catalogue (a Phrase), phrases one after another
#: (:class:`~vint_core.i18n.Joined`), or fixed text
Message = _Says | str


def say(value: Message, lang: str) -> str:
    """``value`` in ``lang``."""
    return value if isinstance(value, str) else value.text(lang)



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


@dataclass(frozen=True, eq=False)
class CheckResult:
    """One check of a learner's function against the engine.

    ``mistake`` is the key of the known mistake the wrong answers match (see
    :mod:`vint_core.checks.mistakes`), ``not_done`` says the function is still the
    exercise's placeholder (it raised ``NotImplementedError`` or does not exist).
    """

    name: str
    passed: bool
    #: what the learner reads, kept as phrases (:attr:`message` says it in :attr:`lang`)
    said: Message
    cases: int
    mistake: str | None = None
    not_done: bool = False
    #: the language :attr:`message` is said in
    lang: str = "en"

    @property
    def message(self) -> str:
        """What the learner reads, in :attr:`lang`."""
        return say(self.said, self.lang)

    def text(self, lang: str) -> str:
        """What the learner reads, in ``lang``."""
        return say(self.said, lang)

    def in_language(self, lang: str) -> CheckResult:
        """The same result, said in ``lang``."""
        return replace(self, lang=lang)

    def __bool__(self) -> bool:
        return self.passed

    def __eq__(self, other: object) -> bool:
        """Results are equal when they say the same (their message in their language), not only when they were
        made from the same phrases."""
        return isinstance(other, CheckResult) and (self.to_json(), self.lang) == (other.to_json(), other.lang)

    def __hash__(self) -> int:
        return hash((self.name, self.passed, self.message, self.cases))

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


__all__ = ["NOT_DONE", "CheckFailed", "CheckResult", "Joined", "Message", "say"]
