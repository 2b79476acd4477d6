"""The quiz's sentences: prompts, hints, rules, feedback and the misconceptions, the catalogue's ``quiz.*``.

A sentence is a :class:`~vint_core.i18n.Phrase` of a ``quiz.`` message id (:func:`quiz_phrase`), until it is
shown, so one item can be read in any language:

>>> from vint_core import Seat
>>> m = quiz_phrase("q_declarer", dealer=Seat.EAST)
>>> m.text("en")
'Dealer East. Who is the declarer of this auction?'
>>> m.text("de"), m.key
('Geber Ost. Wer ist der Ansager dieser Auktion?', 'quiz.q_declarer')
>>> MISCONCEPTIONS["three_pass_end"].name.text("de")
'ein Ende nach drei Pässen'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vint_core.i18n import Phrase


def quiz_phrase(key: str, **params: Any) -> Phrase:
    """The quiz's sentence ``quiz.<key>`` with ``params``, not yet in a language."""
    return Phrase(f"quiz.{key}", **params)


def say_key(key: str, lang: str, params: Mapping[str, Any]) -> str:
    """The sentence ``quiz.<key>`` in ``lang`` with ``params`` filled in (seats and sides by name)."""
    return quiz_phrase(key, **params).text(lang)


@dataclass(frozen=True, slots=True)
class Misconception:
    """A named mistake learners make, with the rule that corrects it."""

    id: str
    name: Phrase
    rule: Phrase


# the ten most common first: the mistakes docs/rules.md §7 lists (some of its items name two); their name is
# the message quiz.m_<id>, the rule that corrects them quiz.r_<id>
_MISCONCEPTIONS = ("bridge_order", "three_pass_end", "dealer_left_leads", "declarers_only_score", "odd_tricks_only",
    "honours_from_tricks", "kings_at_nt", "slams_declarers_only", "bid_is_tricks", "must_trump", "must_raise_level",
    "strain_over_level", "min_level_ignored", "pass_is_final", "no_nt_in_whist_vint", "eight_passes_everywhere",
    "bridge_declarer", "opener_declares", "declarer_leads", "whist_honours", "one_hand", "honours_declarers_only",
    "three_honours_score", "no_nt_surcharge", "no_undertricks", "seed_tiers_under_foster", "honours_in_whist_vint",
    "no_follow_duty", "trump_instead_of_following", "trump_ignored", "highest_card_wins", "first_trump_wins",
    "partner_beside", "dealer_served_first", "dealing_to_the_right", "deal_passes_right", "dealer_deals_again",
    "no_rubber_bonus", "wrong_target", "undertricks_single", "both_over_plays_on",
    "ahead_has_won")

#: every misconception the quizzes and the exercises' checks name, by its id
MISCONCEPTIONS: dict[str, Misconception] = {}
for _id in _MISCONCEPTIONS:
    MISCONCEPTIONS[_id] = Misconception(_id, quiz_phrase(f"m_{_id}"), quiz_phrase(f"r_{_id}"))

__all__ = ["MISCONCEPTIONS", "Misconception", "quiz_phrase", "say_key"]
