"""Records of deals: what the PBN and JSON forms share, and the JSON form of deals, rubbers and scores.

Both forms are read strictly: every call and card is replayed through the
engine, and anything wrong is a :class:`RecordError` (a
:class:`~vint_core.errors.ParseError` of reason ``BAD_RECORD``) that names the
line, or the JSON field, and explains in English or German. A rule set that is
not one of the named presets is written as its differences from ``seed``
(:func:`rule_set_changes`), in both forms.

JSON (:func:`deal_to_json`, :func:`rubber_to_json`) is the format of saved
sessions; it keeps unfinished deals too. :func:`score_report` is the JSON
object ``vint score --json`` prints.

>>> from vint_core import Call, Deal, Seat, SEED
>>> deal = Deal.new(dealer=Seat.NORTH, seed=7, rules=SEED)
>>> deal = deal.apply(Call.parse("1H"))
>>> data = deal_to_json(deal)
>>> data["calls"], data["rules"]
(['1H'], 'seed')
>>> deal_from_json(data) == deal
True

The PBN form is :mod:`vint_core.pbn`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vint_core.calls import Call
from vint_core.cards import Card, Hand
from vint_core.deal import Deal
from vint_core.errors import ParseError, Reason, VintError, bad_argument
from vint_core.i18n import Phrase
from vint_core.rubber import Rubber
from vint_core.rules import RULE_SETS, SEED, RuleSet
from vint_core.scoring import ScoreLine
from vint_core.seats import Seat

__all__ = [
    "JSON_VERSION",
    "RecordError",
    "deal_from_json",
    "deal_to_json",
    "excerpt",
    "rubber_from_json",
    "rubber_to_json",
    "rule_set_changes",
    "score_report",
]

#: the version of the JSON records this module writes (and the only one it reads)
JSON_VERSION = 1


# -- what both forms share --------------------------------------------------------
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
    from ``seed`` (enough for ``RuleSet.from_dict``); ``None`` for a named preset, which its name says.

    >>> rule_set_changes(SEED) is None
    True
    >>> rule_set_changes(SEED.replace(name="club", game_target=700))
    {'name': 'club', 'game_target': 700}
    """
    if RULE_SETS.get(rules.name) == rules:
        return None
    base = SEED.to_dict()
    return {key: value for key, value in rules.to_dict().items() if key == "name" or base.get(key) != value}


# -- JSON: deals and rubbers ----------------------------------------------------------


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    out: dict[str, Any] = {"rules": rules.name}
    changes = rule_set_changes(rules)
    if changes is not None:
        out["rule_set"] = changes
    return out
def deal_to_json(deal: Deal) -> dict[str, Any]:
    """A deal (finished or not) as plain JSON data; :func:`deal_from_json` gives it back."""
    if not isinstance(deal, Deal):
        raise bad_argument("deal", deal, "arg_deal")
    cards = [card.pbn for _, card in deal.play.cards_played()] if deal.play is not None else []
    return {
        "format": "vint_core.deal",
        "version": JSON_VERSION,
        **_rules_json(deal.rules),
        "dealer": deal.dealer.letter,
        "deal_number": deal.deal_number,
        "board": deal.board,
        "hands": {seat.letter: deal.hands[seat].pbn for seat in Seat},
        "calls": [call.pbn for call in deal.auction.calls],
        "cards": cards,
    }


def _field(obj: Mapping[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    value = obj.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise RecordError("json_field", line=None, field=name, text=excerpt(repr(value)))
    return value


def _rules_from_json(obj: Mapping[str, Any]) -> RuleSet:
    spelled = obj.get("rule_set")
    if spelled is not None:
        try:
            return RuleSet.from_dict(spelled)
        except ParseError as exc:
            raise RecordError("json_field", line=None, field="rule_set", text=exc) from None
    name = _field(obj, "rules", str)
    try:
        return RuleSet.named(name)
    except ParseError as exc:
        raise RecordError("json_field", line=None, field="rules", text=exc) from None


def _seat_field(obj: Mapping[str, Any], name: str) -> Seat:
    value = _field(obj, name, str)
    try:
        return Seat.parse(value)
    except ParseError as exc:
        raise RecordError("json_field", line=None, field=name, text=exc) from None


def _check_format(obj: object, kind: str) -> Mapping[str, Any]:
    if not isinstance(obj, dict):
        raise RecordError("not_object", line=None, kind=kind, text=type(obj).__name__)
    if obj.get("format", kind) != kind:
        raise RecordError("json_field", line=None, field="format", text=excerpt(repr(obj.get("format"))))
    version = obj.get("version", JSON_VERSION)
    if version != JSON_VERSION:
        raise RecordError("json_field", line=None, field="version", text=excerpt(repr(version)))
    return obj


def deal_from_json(obj: object) -> Deal:
    """The deal that :func:`deal_to_json` wrote, replayed (and checked) through the engine."""
    data = _check_format(obj, "vint_core.deal")
    rules = _rules_from_json(data)
    dealer = _seat_field(data, "dealer")
    number = _field(data, "deal_number", int)
    if not 1 <= number <= 10**6:
        raise RecordError("json_field", line=None, field="deal_number", text=str(number))
    board = _field(data, "board", str, optional=True)
    hands_obj = _field(data, "hands", dict)
    hands: list[Hand] = []
    for seat in Seat:
        text = hands_obj.get(seat.letter)
        if not isinstance(text, str):
            raise RecordError("json_field", line=None, field=f"hands.{seat.letter}", text=excerpt(repr(text)))
        try:
            hands.append(Hand.parse(text))
        except ParseError as exc:
            raise RecordError("json_field", line=None, field=f"hands.{seat.letter}", text=exc) from None
    try:
        deal = Deal(hands, dealer=dealer, rules=rules, deal_number=number, board=board)
    except VintError as exc:
        raise RecordError("json_field", line=None, field="hands", text=exc) from None
    for name, parse in (("calls", Call.parse), ("cards", Card.parse)):
        items = _field(data, name, list)
        for i, item in enumerate(items):
            where = f"{name}[{i}]"
            if not isinstance(item, str):
                raise RecordError("json_field", line=None, field=where, text=excerpt(repr(item)))
            try:
                action: Call | Card = parse(item)
                deal = deal.apply(action)
            except VintError as exc:
                raise RecordError("json_action", line=None, field=where, cause=exc) from None
    return deal


def rubber_to_json(rubber: Rubber) -> dict[str, Any]:
    """A rubber as plain JSON data: its rules, its first dealer and its (finished) deals."""
    return {
        "format": "vint_core.rubber",
        "version": JSON_VERSION,
        **_rules_json(rubber.rules),
        "first_dealer": rubber.first_dealer.letter,
        "deals": [deal_to_json(rd.deal) for rd in rubber.deals],
    }


def rubber_from_json(obj: object) -> Rubber:
    """The rubber :func:`rubber_to_json` wrote, rebuilt by recording each deal again."""
    data = _check_format(obj, "vint_core.rubber")
    rubber = Rubber(_rules_from_json(data), _seat_field(data, "first_dealer"))
    for i, item in enumerate(_field(data, "deals", list)):
        deal = deal_from_json(item)
        try:
            rubber = rubber.record(deal)
        except VintError as exc:
            raise RecordError("json_action", line=None, field=f"deals[{i}]", cause=exc) from None
    return rubber



# -- JSON: scores -----------------------------------------------------------------------


def _line_json(line: ScoreLine, lang: str) -> dict[str, Any]:
    return {"side": line.side.name, "kind": line.kind, "points": line.points, "text": line.text(lang)}


def score_report(rubbers: Sequence[Rubber], *, lang: str = "en") -> dict[str, Any]:
    """The rubbers' deals and totals as plain JSON data (what ``vint score --json`` prints).

    ``rules``, then ``deals`` (board, dealer, contract, declarer, tricks per side,
    every score line with its side, kind, points and explanation in ``lang``, the
    deal's own points) and ``rubbers`` (boards, winner, totals with the rubber
    bonus, finished, the bonus lines).
    """
    deals: list[dict[str, Any]] = []
    out_rubbers: list[dict[str, Any]] = []
    for rubber in rubbers:
        for rd in rubber.deals:
            deal = rd.deal
            contract = deal.contract
            deals.append({
                "board": deal.board,
                "dealer": deal.dealer.letter,
                "contract": contract.pbn if contract is not None else None,
                "declarer": contract.declarer.letter if contract is not None else None,
                "tricks": deal.tricks_won().to_dict() if contract is not None else None,
                "lines": [_line_json(line, lang) for line in rd.lines],
                "points": rd.points.to_dict(),
            })
        out_rubbers.append({
            "boards": rubber.boards,
            "winner": rubber.winner.name if rubber.winner is not None else None,
            "totals": rubber.totals.to_dict(),
            "finished": rubber.is_finished,
            "lines": [_line_json(line, lang) for line in rubber.bonus_lines],
        })
    rules = rubbers[0].rules.name if rubbers else SEED.name
    return {"rules": rules, "deals": deals, "rubbers": out_rubbers}
