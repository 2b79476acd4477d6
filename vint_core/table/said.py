"""What the table has to say, kept as phrases until it is shown, and how a saved game keeps them.

The table never stores a finished sentence: a computer player's reason is a
:class:`~vint_core.bots.base.Said` (its message id and parameters, ``text(lang)`` says it), the session's
message and the controller's note are :class:`~vint_core.i18n.Phrase` s. Switching the language
says everything on screen again in the new one. A saved game keeps a reason as its message id and
parameters (:func:`said_to_json`); a parameter that is neither a plain value nor one of the game's
objects is kept in every language (:class:`Rendered`).

>>> from vint_core.i18n import Phrase
>>> from vint_core.seats import Seat, Side
>>> kept = said_to_json(Phrase("your_turn", seat=Seat.SOUTH))
>>> kept
{'phrase': 'your_turn', 'params': {'seat': {'seat': 'S'}}}
>>> said_from_json(kept).text("de")
'Süd ist am Zug'
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vint_core.bots import Said
from vint_core.bots.rule_bot import BotPhrase, Why
from vint_core.calls import Call
from vint_core.cards import Card, Suit
from vint_core.i18n import LANGUAGES, Phrase
from vint_core.seats import Seat, Side

__all__ = ["Rendered", "error_said", "said_from_json", "said_to_json"]


@dataclass(frozen=True)
class Rendered:
    """A sentence kept as it was said, in each language it was said in: a reason in a save written before
    reasons were kept as phrases (in the save's language only), or a part of one no message id describes."""

    texts: Mapping[str, str]

    def text(self, lang: str) -> str:
        """The sentence in ``lang``, or in the language it was said in if it was said in one only."""
        found = self.texts.get(lang)
        return found if found is not None else next(iter(self.texts.values()), "")


@dataclass(frozen=True)
class _ErrorSaid:
    """A refusal (a :class:`~vint_core.errors.VintError`) as the controller's note: said when shown."""

    error: Any

    def text(self, lang: str) -> str:
        return str(self.error.message(lang))


def error_said(error: Any) -> Said:
    """A refused action's error (a :class:`~vint_core.errors.VintError`), kept to be said in the language of the
    moment."""
    return _ErrorSaid(error)


def _shown(value: Any, lang: str) -> str:
    if callable(getattr(value, "text", None)):
        return str(value.text(lang))
    if callable(getattr(value, "describe", None)):  # a bidding guide's Meaning
        return str(value.describe(lang))
    return str(value)


def _value_to_json(value: Any) -> Any:
    if isinstance(value, Seat):  # before the plain values: a seat, a suit are numbers too
        return {"seat": value.letter}
    if isinstance(value, Suit):
        return {"suit": int(value)}
    if isinstance(value, Side):
        return {"side": value.name}
    if isinstance(value, enum.Enum):  # a strain, a side, …: kept as it reads
        return {"said": {lang: _shown(value, lang) for lang in LANGUAGES}}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, Call):
        return {"call": str(value)}
    if isinstance(value, tuple) and all(isinstance(v, int) for v in value):  # a run of honours' ranks
        return {"ranks": list(value)}
    if isinstance(value, (Phrase, Why)):
        return said_to_json(value)
    return {"said": {lang: _shown(value, lang) for lang in LANGUAGES}}


def _pairs(params: tuple[tuple[str, object], ...]) -> list[list[Any]]:
    return [[name, _value_to_json(v)] for name, v in params]


def said_to_json(said: Said) -> dict[str, Any]:
    """A reason or a phrase as plain JSON values: its message id and its parameters (see :func:`said_from_json`)."""
    if isinstance(said, Phrase):
        return {"phrase": said.key, "params": {k: _value_to_json(v) for k, v in said.params.items()}}
    if isinstance(said, Why):
        return {"why": said.key, "action": _value_to_json(said.action), "params": _pairs(said.params)}
    if isinstance(said, Rendered):
        return {"said": dict(said.texts)}
    return {"said": {lang: said.text(lang) for lang in LANGUAGES}}


def _value_from_json(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if not isinstance(obj, dict) or len(obj) not in (1, 2, 3):
        raise ValueError(f"not a kept value: {obj!r}")
    if "seat" in obj:
        return Seat.parse(obj["seat"])
    if "card" in obj:
        return Card.parse(obj["card"])
    if "call" in obj:
        return Call.parse(obj["call"])
    if "suit" in obj:
        return Suit(int(obj["suit"]))
    if "side" in obj:
        return Side.parse(obj["side"])
    if "ranks" in obj:
        return tuple(int(r) for r in obj["ranks"])
    return said_from_json(obj)


def _pairs_from_json(params: Any) -> tuple[tuple[str, object], ...]:
    return tuple((str(name), _value_from_json(v)) for name, v in params)


def said_from_json(obj: Any) -> Said:
    """A reason or a phrase from :func:`said_to_json`'s output; malformed data raises ``ValueError`` (or
    ``KeyError``, ``TypeError``: a saved game's reader takes them all as a damaged save)."""
    if not isinstance(obj, dict):
        raise ValueError(f"not a kept sentence: {obj!r}")
    if "phrase" in obj:
        key, params = str(obj["phrase"]), {str(k): _value_from_json(v) for k, v in obj["params"].items()}
        if key.startswith("bot."):  # a computer player's sentence (which may be given more facts than it shows)
            return BotPhrase(key.removeprefix("bot."), tuple(params.items()))
        return Phrase(key, **params)
    if "why" in obj:
        return Why(_value_from_json(obj["action"]), str(obj["why"]), _pairs_from_json(obj["params"]))
    if "said" in obj and isinstance(obj["said"], dict) and obj["said"]:
        return Rendered({str(k): str(v) for k, v in obj["said"].items()})
    raise ValueError(f"not a kept sentence: {obj!r}")
