"""Records: Vint deals as PBN 2.1 (Portable Bridge Notation) and as JSON.

A deal is written as a PBN game that bridge tools can open: the standard tags
in PBN's order, then the auction (four calls to a line, every closing pass
written out) and the play (one line per trick, the cards in fixed seat order
from the opening leader, ``-`` for a card not yet played). Vint's own facts go
into extra tags, which PBN tells readers to skip: ``VintRules`` (and
``VintRuleSet`` for a rule set that is not one of the named presets),
``VintDealNumber`` and ``VintScore``.

Reading is strict about the rules: every call and card is replayed through
the engine, so an illegal one is a :class:`~vint_core.errors.ParseError`
naming its line, and so is a tag (Contract, Declarer, Result, VintScore) that
the replay contradicts. Reading never executes or evaluates what it reads, and
any text at all either parses or raises ``ParseError``.

>>> from vint_core import Deal, Seat, SEED
>>> deal = Deal.new(dealer=Seat.NORTH, seed=7, rules=SEED, board="1")
>>> for call in ["1H"] + ["Pass"] * 8:
...     deal = deal.apply(Call.parse(call))
>>> text = dumps(deal)
>>> print(text.splitlines()[17], text.splitlines()[-2], sep="\\n")
[Contract "1H"]
[Play "E"]
>>> loads(text) == [deal]
True

JSON (:func:`deal_to_json`, :func:`rubber_to_json`) is the format of saved
sessions; it keeps unfinished deals too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import IO, Any

from vint_core.calls import PASS, Call
from vint_core.cards import Card, Hand
from vint_core.deal import Deal
from vint_core.errors import ParseError, Reason, VintError
from vint_core.rubber import Rubber
from vint_core.rules import RULE_SETS, SEED, RuleSet
from vint_core.seats import Seat, Side

__all__ = [
    "PbnRecord",
    "RecordError",
    "deal_from_json",
    "deal_to_json",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_one",
    "read_records",
    "rubber_from_json",
    "rubber_to_json",
]

JSON_VERSION = 1

# -- messages -----------------------------------------------------------------
# (English, German), in vint_core.i18n under the prefix 'record_'.



class RecordError(ParseError):
    """A record that is not a legal Vint deal: ``ParseError(Reason.BAD_RECORD)`` with the line.

    ``message(lang)`` explains it in English or German; ``cause`` is the engine's
    own error (an illegal call or card), when there is one.
    """

    def __init__(self, key: str, *, line: int | None, cause: VintError | None = None, **params: Any) -> None:
        self.key = key
        self.cause = cause
        self.record_params = params
        super().__init__(Reason.BAD_RECORD, line=line, detail=self._detail("en"))

    def _detail(self, lang: str) -> str:
        from vint_core.i18n import text

        values = dict(self.record_params)
        if self.cause is not None:
            values["error"] = self.cause.message(lang)
        return text("record_" + self.key, lang, **values)

    def message(self, lang: str = "en") -> str:
        if not hasattr(self, "key"):  # during construction
            return super().message(lang)
        text = self._detail(lang)
        if self.line is None:
            return text
        from vint_core.i18n import text as tr

        return tr("line_prefix", lang, line=self.line) + text


def _short(text: str, limit: int = 40) -> str:
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- writing PBN --------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("\r", " ")


def _rule_set_diff(rules: RuleSet) -> dict[str, Any]:
    """The fields of ``rules`` that differ from ``seed`` (and its name): enough for ``RuleSet.from_dict``."""
    base = SEED.to_dict()
    return {key: value for key, value in rules.to_dict().items() if key == "name" or base.get(key) != value}


def _is_preset(rules: RuleSet) -> bool:
    return RULE_SETS.get(rules.name) == rules


def _score_text(points: Mapping[Side, int]) -> str:
    return f"NS {points[Side.NS]}; EW {points[Side.EW]}"


def _deal_lines(deal: Deal, generator: str | None) -> list[str]:
    lines: list[str] = []

    def tag(name: str, value: str) -> None:
        lines.append(f'[{name} "{_escape(value)}"]')

    contract = deal.contract
    finished = deal.is_finished
    tag("Event", "")
    tag("Site", "")
    tag("Date", "")
    tag("Board", deal.board or "")
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH):
        tag(seat.name.capitalize(), "")
    tag("Dealer", deal.dealer.letter)
    tag("Vulnerable", "None")
    tag("Deal", deal.dealer.letter + ":" + " ".join(deal.hands[s].pbn for s in Seat.iter_from(deal.dealer)))
    tag("Scoring", "Vint")
    if deal.is_passed_out:
        tag("Declarer", "")
        tag("Contract", "Pass")
        tag("Result", "")
    elif contract is not None:
        tag("Declarer", contract.declarer.letter)
        tag("Contract", contract.pbn)
        tricks = deal.declarer_tricks
        tag("Result", "" if tricks is None else str(tricks))
    else:
        tag("Declarer", "")
        tag("Contract", "")
        tag("Result", "")
    tag("VintRules", deal.rules.name)
    if not _is_preset(deal.rules):
        tag("VintRuleSet", json.dumps(_rule_set_diff(deal.rules), separators=(",", ":"), sort_keys=True))
    tag("VintDealNumber", str(deal.deal_number))
    if finished:
        tag("VintScore", _score_text(deal.points()))
    if generator is not None:
        from vint_core import __version__

        tag("Generator", f"vint_core {__version__} {generator}".strip())
    tag("Auction", deal.dealer.letter)
    calls = [call.pbn for call in deal.auction.calls]
    for i in range(0, len(calls), 4):
        lines.append(" ".join(calls[i:i + 4]))
    if not deal.auction.is_over:
        lines.append("*")
    play = deal.play
    if play is not None:
        first = play.opening_leader
        tag("Play", first.letter)
        for trick in [*play.tricks, play.current_trick] if play.current else play.tricks:
            row = []
            for seat in Seat.iter_from(first):
                card = trick.card_of(seat)
                row.append(card.pbn if card is not None else "-")
            lines.append(" ".join(row))
        if not finished:
            lines.append("*")
    return lines


def dumps(deals: Deal | Iterable[Deal], *, generator: str | None = None) -> str:
    """One deal, or a file of many, as PBN text (``% PBN 2.1`` export format).

    ``generator`` (e.g. ``"vint random --seed 5"``) goes into a ``[Generator]``
    tag after the program's name and version.
    """
    items = [deals] if isinstance(deals, Deal) else list(deals)
    out = ["% PBN 2.1", "% EXPORT", "% Vint deals: scored by the rules of Vint (tag VintScore), not by bridge scoring"]
    for deal in items:
        if not isinstance(deal, Deal):
            raise TypeError(f"dumps() needs Deal objects, not {type(deal).__name__}")
        out.append("")
        out.extend(_deal_lines(deal, generator))
    return "\n".join(out) + "\n"


def dump(deals: Deal | Iterable[Deal], fp: IO[str], *, generator: str | None = None) -> None:
    """Write :func:`dumps` of ``deals`` to the text file ``fp``."""
    fp.write(dumps(deals, generator=generator))


# -- reading PBN: tokens ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str  # "tag", "word" or "break" (a blank line: the end of a game)
    text: str  # the tag's name or the word
    value: str  # the tag's value
    line: int


_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def _tokenize(text: str) -> list[_Token]:
    tokens: list[_Token] = []
    i, n, line = 0, len(text), 1
    line_empty = True
    while i < n:
        ch = text[i]
        if ch == "\n":
            if line_empty and tokens and tokens[-1].kind != "break":
                tokens.append(_Token("break", "", "", line))
            line += 1
            line_empty = True
            i += 1
            continue
        if ch.isspace():
            i += 1
            continue
        if (ch == "%" and line_empty) or ch == ";":
            end = text.find("\n", i)
            i = n if end < 0 else end
            line_empty = False
            continue
        line_empty = False
        if ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise RecordError("unclosed_comment", line=line)
            line += text.count("\n", i, end)
            i = end + 1
            continue
        if ch == "[":
            start_line = line
            j = i + 1
            while j < n and text[j] in " \t":
                j += 1
            m = _TAG_NAME.match(text, j)
            if m is None:
                raise RecordError("bad_tag", line=start_line, text=_short(text[i:i + 30].split("\n")[0]))
            name = m.group()
            j = m.end()
            while j < n and text[j] in " \t":
                j += 1
            if j >= n or text[j] != '"':
                raise RecordError("bad_tag", line=start_line, text=_short(text[i:j + 1].split("\n")[0]))
            j += 1
            value: list[str] = []
            while j < n and text[j] != '"':
                c = text[j]
                if c == "\n":
                    raise RecordError("bad_tag", line=start_line, text=_short(text[i:j]))
                if c == "\\" and j + 1 < n and text[j + 1] in '"\\':
                    j += 1
                    c = text[j]
                value.append(c)
                j += 1
            if j >= n:
                raise RecordError("bad_tag", line=start_line, text=_short(text[i:j]))
            j += 1
            while j < n and text[j] in " \t":
                j += 1
            if j >= n or text[j] != "]":
                raise RecordError("bad_tag", line=start_line, text=_short(text[i:j + 1].split("\n")[0]))
            tokens.append(_Token("tag", name, "".join(value), start_line))
            i = j + 1
            continue
        j = i
        while j < n and not text[j].isspace() and text[j] not in "[{;":
            j += 1
        if j == i:  # a lone "]" or similar stray character
            j = i + 1
        tokens.append(_Token("word", text[i:j], "", line))
        i = j
    return tokens


# -- reading PBN: one game ------------------------------------------------------


@dataclass(frozen=True)
class PbnRecord:
    """One game of a PBN file, read but not yet replayed.

    ``tags`` maps each tag's name to its value and line (the first of a
    repeated tag counts, as PBN says); ``sections`` holds the words that follow
    the ``Auction`` and ``Play`` tags, each with its line.
    """

    tags: Mapping[str, tuple[str, int]]
    sections: Mapping[str, tuple[tuple[str, int], ...]]
    line: int

    def tag(self, name: str) -> str | None:
        entry = self.tags.get(name)
        return entry[0] if entry is not None else None

    def _line_of(self, name: str) -> int:
        entry = self.tags.get(name)
        return entry[1] if entry is not None else self.line

    # -- the parts of the deal ----------------------------------------------

    def rules(self) -> RuleSet:
        """The rule set the tags name: ``VintRuleSet``, else ``VintRules``, else ``seed``."""
        named = self.tag("VintRules")
        spelled = self.tag("VintRuleSet")
        if spelled is not None and spelled.strip():
            try:
                data = json.loads(spelled)
            except (ValueError, RecursionError):
                from vint_core.i18n import Phrase

                raise RecordError("bad_rule_set", line=self._line_of("VintRuleSet"),
                                   text=Phrase("json_unreadable")) from None
            try:
                rules = RuleSet.from_dict(data)
            except ParseError as exc:
                raise RecordError("bad_rule_set", line=self._line_of("VintRuleSet"), text=exc) from None
            if named is not None and named.strip() and named.strip() != rules.name:
                raise RecordError("rules_disagree", line=self._line_of("VintRules"), text=_short(named),
                                   actual=rules.name)
            return rules
        if named is not None and named.strip():
            try:
                return RuleSet.named(named)
            except ParseError as exc:
                raise RecordError("cause", line=self._line_of("VintRules"), cause=exc) from None
        return SEED

    def deal_number(self) -> int:
        """The ``VintDealNumber`` tag, or 1."""
        text = self.tag("VintDealNumber")
        if text is None or not text.strip():
            return 1
        s = text.strip()
        if not (s.isascii() and s.isdigit() and len(s) <= 6 and int(s) >= 1):
            raise RecordError("bad_number", line=self._line_of("VintDealNumber"), text=_short(text))
        return int(s)

    def _seat_tag(self, name: str) -> Seat:
        value = self.tag(name)
        if value is None:
            raise RecordError("missing_tag", line=self.line, tag=name)
        return _parse_seat(value, line=self._line_of(name), tag=name)

    def _hands(self) -> tuple[Hand, ...]:
        value = self.tag("Deal")
        line = self._line_of("Deal")
        if value is None:
            raise RecordError("missing_tag", line=self.line, tag="Deal")
        s = value.strip()
        if len(s) < 2 or s[1] != ":":
            raise RecordError("bad_deal_tag", line=line, text=_short(value))
        first = _parse_seat(s[0], line=line, tag="Deal")
        parts = s[2:].split()
        if len(parts) != 4:
            raise RecordError("bad_deal_tag", line=line, text=_short(value))
        hands: dict[Seat, Hand] = {}
        for seat, part in zip(Seat.iter_from(first), parts, strict=True):
            try:
                hands[seat] = Hand.parse(part)
            except ParseError as exc:
                raise RecordError("bad_deal_tag", line=line, text=exc) from None
        return tuple(hands[seat] for seat in Seat)

    # -- the replay -----------------------------------------------------------

    def to_deal(self, *, rules: RuleSet | None = None, deal_number: int | None = None,
                check_score: bool = True) -> Deal:
        """Replay the record through the engine and check its tags against the result.

        ``rules`` and ``deal_number`` replace what the tags say (to score a file under
        another rule set); ``check_score=False`` skips the ``VintScore`` check, whose
        points belong to the rule set the file was written under.
        """
        hands = self._hands()
        dealer = self._seat_tag("Dealer")
        the_rules = rules if rules is not None else self.rules()
        number = deal_number if deal_number is not None else self.deal_number()
        board = self.tag("Board")
        board = None if board is None or board.strip() in ("", "?") else board
        try:
            deal = Deal(hands, dealer=dealer, rules=the_rules, deal_number=number, board=board)
        except VintError as exc:
            raise RecordError("cause", line=self._line_of("Deal"), cause=exc) from None
        deal = self._replay_auction(deal)
        deal = self._replay_play(deal)
        self._check_tags(deal, check_score=check_score and rules is None)
        return deal

    def _replay_auction(self, deal: Deal) -> Deal:
        if "Auction" not in self.tags:
            return deal
        line = self._line_of("Auction")
        seat = _parse_seat(self.tag("Auction") or "", line=line, tag="Auction")
        if seat != deal.dealer:
            raise RecordError("auction_seat", line=line, dealer=deal.dealer, seat=seat)
        ended = False
        for word, line in _annotated_out(self.sections.get("Auction", ())):
            if ended:
                raise RecordError("after_end", line=line, text=_short(word))
            key = word.upper()
            if key == "*":
                ended = True
                continue
            if key in ("X", "XX", "D", "R", "RD", "DBL", "RDBL"):
                raise RecordError("no_doubles", line=line, text=_short(word))
            if key == "AP":
                for _ in range(200):
                    if deal.auction.is_over:
                        break
                    deal = _apply(deal, PASS, line=line)
                if not deal.auction.is_over:
                    raise RecordError("no_end", line=line)
                continue
            if key == "-":
                raise ParseError(Reason.BAD_CALL, line=line, text=_short(word))
            try:
                call = Call.parse(word)
            except ParseError as exc:
                raise RecordError("cause", line=line, cause=exc) from None
            deal = _apply(deal, call, line=line)
        return deal

    def _replay_play(self, deal: Deal) -> Deal:
        if "Play" not in self.tags:
            return deal
        line = self._line_of("Play")
        words: list[tuple[str, int]] = []
        ended = False
        for word, wline in _annotated_out(self.sections.get("Play", ())):
            if ended:
                raise RecordError("after_end", line=wline, text=_short(word))
            if word == "*":
                ended = True
            else:
                words.append((word, wline))
        value = (self.tag("Play") or "").strip()
        if not words and value in ("", "?"):
            return deal
        play = deal.play
        if play is None:
            raise RecordError("play_without_contract", line=line)
        first = _parse_seat(value, line=line, tag="Play")
        if first != play.opening_leader:
            raise RecordError("play_seat", line=line, leader=play.opening_leader, seat=first)
        stopped = False
        for k in range(0, len(words), 4):
            group = words[k:k + 4]
            group += [("-", group[-1][1])] * (4 - len(group))
            number = k // 4 + 1
            written = [(w, ln) for w, ln in group if w != "-"]
            if not written:
                stopped = True
                continue
            if number > 13:
                raise RecordError("too_many_tricks", line=written[0][1], n=number)
            if stopped:
                raise RecordError("after_unfinished", line=written[0][1], n=number)
            current = deal.play
            assert current is not None
            leader = current.to_act
            missing = False
            for i in range(4):
                seat = leader.offset(i)
                word, wline = group[(seat - first) & 3]
                if word == "-":
                    missing = True
                    continue
                try:
                    card = Card.parse(word)
                except ParseError as exc:
                    raise RecordError("cause", line=wline, cause=exc) from None
                if missing:
                    raise RecordError("missing_card", line=wline, n=number, card=str(card), seat=seat)
                deal = _apply(deal, card, line=wline, seat=seat)
            stopped = missing
        return deal

    def _check_tags(self, deal: Deal, *, check_score: bool) -> None:
        contract = deal.contract
        value = self.tag("Contract")
        if value is not None and value.strip() not in ("", "?"):
            actual = "Pass" if deal.is_passed_out else (contract.pbn if contract is not None else "")
            text = value.strip()
            if text.upper() in ("PASS", "P"):
                same = deal.is_passed_out
            else:
                try:
                    bid = Call.parse(text)
                except ParseError:
                    bid = None
                same = contract is not None and bid == contract.bid
            if not same:
                raise RecordError("contradiction", line=self._line_of("Contract"), tag="Contract",
                                   text=_short(text), actual=actual)
        value = self.tag("Declarer")
        if value is not None and value.strip() not in ("", "?"):
            try:
                seat: Seat | None = Seat.parse(value)
            except ParseError:
                seat = None
            if contract is None or seat != contract.declarer:
                raise RecordError("contradiction", line=self._line_of("Declarer"), tag="Declarer",
                                   text=_short(value), actual=contract.declarer.letter if contract else "")
        value = self.tag("Result")
        if value is not None and value.strip() not in ("", "?"):
            tricks = deal.declarer_tricks
            if tricks is None or value.strip() != str(tricks):
                raise RecordError("contradiction", line=self._line_of("Result"), tag="Result",
                                   text=_short(value), actual="" if tricks is None else str(tricks))
        value = self.tag("VintScore")
        if check_score and value is not None and value.strip() not in ("", "?"):
            actual = _score_text(deal.points()) if deal.is_finished else ""
            if " ".join(value.split()) != actual:
                raise RecordError("contradiction", line=self._line_of("VintScore"), tag="VintScore",
                                   text=_short(value), actual=actual)


def _parse_seat(value: str, *, line: int, tag: str) -> Seat:
    try:
        return Seat.parse(value)
    except ParseError:
        raise RecordError("bad_seat_tag", line=line, tag=tag, text=_short(value)) from None


def _apply(deal: Deal, action: Call | Card, *, line: int | None, seat: Seat | None = None) -> Deal:
    try:
        return deal.apply(action, seat=seat)
    except VintError as exc:
        raise RecordError("cause", line=line, cause=exc) from None


_NOTE = re.compile(r"=\d+=")


def _annotated_out(words: Iterable[tuple[str, int]]) -> Iterable[tuple[str, int]]:
    """The words of a section without PBN's annotations: notes ``=1=``, NAGs ``$12``, suffixes ``!`` ``?``."""
    for word, line in words:
        if word.startswith("$") or _NOTE.fullmatch(word):
            continue
        stripped = word.rstrip("!?")
        if stripped:
            yield stripped, line


_SECTIONS = ("Auction", "Play")


def read_records(text: str) -> list[PbnRecord]:
    """Split PBN text into its games, without replaying them (see :meth:`PbnRecord.to_deal`)."""
    if not isinstance(text, str):
        raise RecordError("not_text", line=None)
    if text.startswith("\ufeff"):
        text = text[1:]
    tokens = _tokenize(text)
    records: list[PbnRecord] = []
    previous: dict[str, tuple[str, int]] = {}
    games: list[list[_Token]] = [[]]
    for token in tokens:
        if token.kind == "break":
            games.append([])
        else:
            games[-1].append(token)
    for game in games:
        if not game:
            continue
        tags: dict[str, tuple[str, int]] = {}
        sections: dict[str, list[tuple[str, int]]] = {}
        current: str | None = None  # the section collecting words, "" for an ignored one
        for token in game:
            if token.kind == "tag":
                if token.text in tags:
                    current = ""
                    continue
                value = token.value
                if value == "#":
                    if token.text not in previous:
                        raise RecordError("inherit", line=token.line, tag=token.text)
                    value = previous[token.text][0]
                tags[token.text] = (value, token.line)
                current = token.text if token.text in _SECTIONS else ""
                if current:
                    sections[current] = []
            elif current is None:
                raise RecordError("stray_text", line=token.line, text=_short(token.text))
            elif current:
                sections[current].append((token.text, token.line))
        records.append(PbnRecord(tags, {k: tuple(v) for k, v in sections.items()}, game[0].line))
        previous = tags
    return records


def loads(text: str, *, rules: RuleSet | None = None) -> list[Deal]:
    """Every deal of a PBN text, each replayed (and checked) through the engine.

    ``rules`` replays every deal under that rule set instead of the one its tags name.
    Any text at all either gives a list of deals or raises ``ParseError``.
    """
    return [record.to_deal(rules=rules) for record in read_records(text)]


def load(fp: IO[str] | IO[bytes], *, rules: RuleSet | None = None) -> list[Deal]:
    """:func:`loads` of a file (text, or bytes in UTF-8 or PBN's ISO-8859-1)."""
    data = fp.read()
    if isinstance(data, bytes):
        data = decode(data)
    return loads(data, rules=rules)


def decode(data: bytes) -> str:
    """PBN bytes as text: UTF-8 if they are, else ISO-8859-1 (PBN's own character set)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def loads_one(text: str, *, rules: RuleSet | None = None) -> Deal:
    """The one deal of a PBN text; ``ParseError`` if there are none or several."""
    deals = loads(text, rules=rules)
    if len(deals) != 1:
        raise RecordError("not_one", line=None, n=len(deals))
    return deals[0]


# -- rule sets from data ------------------------------------------------------

# -- JSON ---------------------------------------------------------------------


def _rules_json(rules: RuleSet) -> dict[str, Any]:
    out: dict[str, Any] = {"rules": rules.name}
    if not _is_preset(rules):
        out["rule_set"] = _rule_set_diff(rules)
    return out


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """A deal (finished or not) as plain JSON data; :func:`deal_from_json` gives it back."""
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
        raise RecordError("json_field", line=None, field=name, text=_short(repr(value)))
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
        raise RecordError("json_not_object", line=None, kind=kind)
    if obj.get("format", kind) != kind:
        raise RecordError("json_field", line=None, field="format", text=_short(repr(obj.get("format"))))
    version = obj.get("version", JSON_VERSION)
    if version != JSON_VERSION:
        raise RecordError("json_field", line=None, field="version", text=_short(repr(version)))
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
            raise RecordError("json_field", line=None, field=f"hands.{seat.letter}", text=_short(repr(text)))
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
                raise RecordError("json_field", line=None, field=where, text=_short(repr(item)))
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

