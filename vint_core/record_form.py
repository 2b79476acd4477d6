"""What the records of deals share: their error, the way they quote a text, spell a rule set and read JSON.

Both forms of a record (PBN, :mod:`vint_core.pbn`; JSON, :meth:`Deal.to_json <vint_core.deal.Deal.to_json>`
and :meth:`Rubber.to_json <vint_core.rubber.Rubber.to_json>`) are read strictly: every call and card is
replayed through the engine, and anything wrong is a :class:`RecordError` (a
:class:`~vint_core.errors.ParseError` of reason ``BAD_RECORD``) that names the line, or the JSON field, and
explains in English or German. A rule set that is not one of the named presets is written as its differences
from ``seed`` (:func:`rule_set_changes`), in both forms.

>>> rules_json(SEED.replace(name="club", game_target=700))
{'rules': 'club', 'rule_set': {'name': 'club', 'game_target': 700}}
>>> rules_from_json({'rules': 'club', 'rule_set': {'name': 'club', 'game_target': 700}}).game_target
700
>>> json_object({"format": "vint_core.rubber"}, "vint_core.deal")
Traceback (most recent call last):
...
vint_core.record_form.RecordError: the record's field 'format' is missing or wrong: 'vint_core.rubber'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vint_core.errors import ParseError, Reason, VintError
from vint_core.i18n import Phrase
from vint_core.rules import RULE_SETS, SEED, RuleSet
from vint_core.seats import Seat

#: the version of the JSON records the engine writes (and the only one it reads)
JSON_VERSION = 1


# messages: (English, German) in vint_core.i18n under the prefix 'record_'


class RecordError(ParseError):
    """A record that is not a legal Vint deal: ``ParseError(Reason.BAD_RECORD)`` with the line.

    Keyed as every VintError is, by its ``reason``; which sentence of the record's (``record_`` + ``key`` in
    :mod:`vint_core.i18n`) is its ``detail``, a :class:`~vint_core.i18n.Phrase` put into the message's language
    with the rest. ``cause`` is the engine's own error (an illegal call or card), when there is one.
    """

    def __init__(self, key: str, *, line: int | None, cause: VintError | None = None, **params: Any) -> None:
        self.cause = cause
        if cause is not None:
            params["error"] = cause
        super().__init__(Reason.BAD_RECORD, line=line, detail=Phrase("record_" + key, **params))


def excerpt(text: str, limit: int = 40) -> str:
    """``text`` as a record's error message quotes it: printable, at most ``limit`` characters.

    >>> excerpt("1H Pass\\x00 " + "Pass " * 20)
    '1H Pass? Pass Pass Pass Pass Pass Pass …'
    """
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def rule_set_changes(rules: RuleSet) -> dict[str, Any] | None:
    """How a record spells a rule set that is not a named preset: its name and the fields that differ
    from ``seed`` (enough for :meth:`RuleSet.from_json <vint_core.rules.RuleSet.from_json>`); ``None`` for a
    named preset, which its name says.

    >>> rule_set_changes(SEED) is None
    True
    >>> rule_set_changes(SEED.replace(name="club", game_target=700))
    {'name': 'club', 'game_target': 700}
    """
    if RULE_SETS.get(rules.name) == rules:
        return None
    base = SEED.to_json()
    return {key: value for key, value in rules.to_json().items() if key == "name" or base.get(key) != value}


# -- JSON records -----------------------------------------------------------------------------


def rules_json(rules: RuleSet) -> dict[str, Any]:
    """A JSON record's rule-set fields: ``rules`` (the name) and, for one that is not a preset, ``rule_set``."""
    out: dict[str, Any] = {"rules": rules.name}
    changes = rule_set_changes(rules)
    if changes is not None:
        out["rule_set"] = changes
    return out


def json_field(obj: Mapping[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    """The field ``name`` of a JSON record, of type ``kind`` (``None`` if ``optional`` and missing), else a
    :class:`RecordError` naming it."""
    value = obj.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordError("json_field", line=None, field=name, text=excerpt(repr(value)))
    return value


def rules_from_json(obj: Mapping[str, Any]) -> RuleSet:
    """The rule set a JSON record's :func:`rules_json` fields spell."""
    spelled = obj.get("rule_set")
    if spelled is not None:
        try:
            return RuleSet.from_json(spelled)
        except ParseError as exc:
            raise RecordError("json_field", line=None, field="rule_set", text=exc) from None
    name = json_field(obj, "rules", str)
    try:
        return RuleSet.named(name)
    except ParseError as exc:
        raise RecordError("json_field", line=None, field="rules", text=exc) from None


def seat_field(obj: Mapping[str, Any], name: str) -> Seat:
    """The seat (its letter) in a JSON record's field ``name``."""
    value = json_field(obj, name, str)
    try:
        return Seat.parse(value)
    except ParseError as exc:
        raise RecordError("json_field", line=None, field=name, text=exc) from None


def json_object(obj: object, kind: str) -> Mapping[str, Any]:
    """``obj`` if it is a JSON object of format ``kind`` (``vint_core.deal``, ``vint_core.rubber``) and of
    :data:`JSON_VERSION`, else a :class:`RecordError`."""
    if not isinstance(obj, dict):
        raise RecordError("not_object", line=None, kind=kind, text=type(obj).__name__)
    if obj.get("format", kind) != kind:
        raise RecordError("json_field", line=None, field="format", text=excerpt(repr(obj.get("format"))))
    version = obj.get("version", JSON_VERSION)
    if version != JSON_VERSION:
        raise RecordError("json_field", line=None, field="version", text=excerpt(repr(version)))
    return obj


__all__ = ["JSON_VERSION", "RecordError", "excerpt", "json_field", "json_object", "rule_set_changes",
           "rules_from_json", "rules_json", "seat_field"]
