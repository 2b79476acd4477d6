"""The mistakes learners make about Vint's rules (docs/rules.md §7), by name.

A check that finds a learner's wrong answers agree with one of these names it in its
message, so that the learner reads which rule to look at again. The catalogue is the
quizzes' own (:data:`~vint_core.quiz.texts.MISCONCEPTIONS`): a mistake has one name and one rule,
in English and German, wherever a learner meets it.

>>> print(MISTAKES["kings_at_nt"].text)
kings counted at no-trump. At no-trump only the four aces count as honours.
>>> print(MISTAKES["kings_at_nt"].text_in("de"))
Könige bei Kein-Trumpf gezählt. Bei Kein-Trumpf zählen nur die vier Asse als Ehren.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from vint_core.i18n import Phrase
from vint_core.quiz.texts import MISCONCEPTIONS, Misconception


@dataclass(frozen=True)
class Mistake:
    """A named learner mistake: ``key`` for programs, ``name`` and ``rule`` for the learner."""

    key: str
    misconception: Misconception

    @property
    def phrase(self) -> Phrase:
        """The mistake and its rule, not yet in a language."""
        return Phrase("check_mistake", name=self.misconception.name, rule=self.misconception.rule)

    def text_in(self, lang: str = "en") -> str:
        """The mistake and its rule in ``lang``."""
        return self.phrase.text(lang)

    @property
    def name(self) -> str:
        return self.misconception.name.text("en")

    @property
    def text(self) -> str:
        return self.text_in("en")


#: every known mistake by key
MISTAKES: Mapping[str, Mistake] = {key: Mistake(key, m) for key, m in MISCONCEPTIONS.items()}

__all__ = ["MISTAKES", "Mistake"]
