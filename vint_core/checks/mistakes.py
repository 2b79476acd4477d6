"""The mistakes learners make about Vint's rules (docs/rules.md §7), by name.

A check that finds a learner's wrong answers agree with one of these names it
in its message, so that the learner reads which rule to look at again.

>>> print(MISTAKES["three_pass_end"].text)
a three-pass end: in bridge three passes end the auction, in Vint it takes 8 passes in a row once a bid has been made
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mistake:
    """A named learner mistake: ``key`` for programs, ``name`` and ``rule`` for the learner."""

    key: str
    name: str
    rule: str

    @property
    def text(self) -> str:
        return f"{self.name}: {self.rule}"


# TODO(api): the quizzes (vint_core/quiz, branch quiz) name the same mistakes; keep one catalogue at merge.
_ALL = (
    Mistake("bridge_strain_order", "bridge's strain order",
            "in Vint ♠ is the lowest strain and ♣ the second: ♠ < ♣ < ♦ < ♥ < NT (in bridge ♣ is lowest)"),
    Mistake("three_pass_end", "a three-pass end",
            "in bridge three passes end the auction, in Vint it takes 8 passes in a row once a bid has been made"),
    Mistake("only_declarers_score_tricks", "only the declarers scoring tricks",
            "in Vint both sides score every trick they take, the defenders too"),
    Mistake("honours_from_tricks", "honours counted from tricks won",
            "honours are judged on the cards as dealt, never on the cards won in tricks"),
    Mistake("kings_at_notrump", "kings at no-trump",
            "at no-trump only the four aces are honours"),
    Mistake("slams_only_declarers", "slams only for the declarers",
            "a side that takes 12 or 13 tricks scores the slam, declaring or defending, bid or not"),
    Mistake("bid_of_one_as_one_trick", "a bid of one as one trick",
            "a bid of n promises 6 + n tricks: one is 7 tricks, seven is all 13"),
    Mistake("no_notrump_surcharge", "no-trump at the suit value",
            "a no-trump contract adds 10 per trick: 1NT is worth 20 a trick, 3NT 40"),
    Mistake("any_suit_wins", "the highest card wins whatever its suit",
            "only a trump or a card of the suit led can win a trick; the highest trump wins, else the highest card "
            "of the suit led"),
    Mistake("bridge_declarer", "bridge's declarer",
            "in Vint the declarer is the player who made the final bid, not the first of his side to name the strain"),
    Mistake("no_rubber_bonus", "the rubber bonus forgotten",
            "the side that wins the rubber adds 250 to its total"),
    Mistake("undertricks_single", "undertricks at the trick value",
            "each trick short pays the defenders 2 × the trick value, besides their own trick points"),
)

#: every known mistake by key
MISTAKES: dict[str, Mistake] = {m.key: m for m in _ALL}

__all__ = ["MISTAKES", "Mistake"]
