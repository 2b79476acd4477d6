"""The bot protocol: a computer player sees only a :class:`~vint_core.views.SeatView`.

A bot returns a legal action for the view it is given, using only the random
generator it is handed (so the same seed gives the same game), and can say why
in a sentence or two a learner understands, in English or German.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from vint_core.deal import Action
from vint_core.seats import Seat
from vint_core.views import SeatView


@runtime_checkable
class Bot(Protocol):
    """A computer player."""

    #: a short name for menus and reports: "random", "rule", "sim-normal" …
    name: str

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """A legal action for ``view.seat``; ``view.to_act`` must be that seat."""
        ...

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        """One or two sentences on why ``action`` suits ``view`` ("en" or "de")."""
        ...


@runtime_checkable
class Said(Protocol):
    """A sentence not yet put into a language (a :class:`~vint_core.i18n.Phrase`, a computer player's reason):
    kept as it is until it is shown, then said in the language of the moment by ``text(lang)``."""

    def text(self, lang: str) -> str:
        """The sentence in ``lang``."""
        ...


@runtime_checkable
class Explains(Protocol):
    """A computer player that gives its reason as a :class:`Said` (kept by the table until it is shown)."""

    def explanation(self, view: SeatView, action: Action) -> Said:
        """Why ``action`` suits ``view``, not yet in a language."""
        ...


@dataclass(frozen=True)
class Promise:
    """What a seat's calls have shown about its hand, as the bidding guide reads them.

    Lengths are indexed by :class:`~vint_core.cards.Suit` (♠ ♥ ♦ ♣). Samplers use
    this to deal the unseen cards consistently with the auction.
    """

    seat: Seat
    hcp: tuple[int, int] = (0, 37)
    min_length: tuple[int, int, int, int] = (0, 0, 0, 0)
    max_length: tuple[int, int, int, int] = (13, 13, 13, 13)
