"""RandomBot: a uniformly random legal action (the baseline)."""

from __future__ import annotations

import random

from vint_core.bots.rule_bot import Why
from vint_core.deal import Action
from vint_core.views import SeatView


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        if not view.legal:
            from vint_core.errors import OutOfTurnError, Reason

            raise OutOfTurnError(Reason.NOTHING_TO_DO, seat=view.seat)
        return rng.choice(view.legal)

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        return self.explanation(view, action).text(lang)

    def explanation(self, view: SeatView, action: Action) -> Why:
        """"Chosen at random among n legal actions", not yet in a language."""
        return Why(action, "random_choice", (("action", action), ("n", len(view.legal))))
