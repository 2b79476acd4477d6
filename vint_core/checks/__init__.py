"""Exercise checks that teach: a learner's function against the engine, over many seeded random cases.

Each check takes the learner's function, asks it the same questions the engine
answers (the engine is the oracle), and returns a
:class:`~vint_core.checks.result.CheckResult` that says, on a failure, the first
wrong case in plain words, what was expected and why, and which known mistake
the wrong answers look like (:mod:`vint_core.checks.mistakes`)::

    from vint_core import checks
    checks.trick_value(trick_value)          # prints "✓ trick_value: right in all 200 cases"
    checks.trick_value(trick_value).require()  # in an nbgrader test cell: raises if wrong

>>> from vint_core import checks
>>> def my_trick_value(contract):
...     return 10 * contract.level
>>> result = checks.trick_value(my_trick_value)
>>> result.passed, result.mistake
(False, 'no_nt_surcharge')
>>> print(result.message)
trick_value: for ...NT by ... you gave ...; expected ... (10 × ... + 10 at no-trump).
  This looks like no-trump at 10 × level. ...

Each check asks the rules' edges (exactly made, 0 and 13 tricks, exactly 1000, a
passed-out deal, ...) before its random cases, and a function that merely calls the
engine's own answer for its exercise fails with a message to write it out
(:mod:`vint_core.checks.guard`).

Every check speaks German too (``lang="de"``), from the same catalogue (:mod:`vint_core.i18n`):

>>> print(checks.trick_value(my_trick_value, lang="de").message)
trick_value: für ...NT von ... hast du ... angegeben; erwartet: ... (10 × Stufe ... + 10 bei Kein-Trumpf).
  Das sieht nach diesem Fehler aus: Kein-Trumpf zu 10 × Stufe. ...

Standard library only, like the engine; the notebook tools (release, grading)
live in :mod:`vint_core.checks.notebooks`.
"""

from __future__ import annotations

from vint_core.checks.bidding import bidding_policy
from vint_core.checks.mistakes import MISTAKES, Mistake
from vint_core.checks.odds import ace_odds, ace_simulation
from vint_core.checks.play import auction_over, declarer, outranks, trick_winner
from vint_core.checks.result import NOT_DONE, CheckFailed, CheckResult
from vint_core.checks.rubber import rubber_result, score_sheet
from vint_core.checks.scoring import deal_score, honour_points, trick_points, trick_value, tricks_needed

__all__ = [
    "MISTAKES", "NOT_DONE", "CheckFailed", "CheckResult", "Mistake", "ace_odds", "ace_simulation", "auction_over",
    "bidding_policy", "deal_score", "declarer", "honour_points", "outranks", "rubber_result", "score_sheet",
    "trick_points", "trick_value", "trick_winner", "tricks_needed",
]
