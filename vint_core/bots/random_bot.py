"""RandomBot: a uniformly random legal action (the baseline)."""

from __future__ import annotations

import random

from vint_core.deal import Action
from vint_core.i18n import bot_text
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
        return bot_text("random_choice", lang, action=action, n=len(view.legal))
