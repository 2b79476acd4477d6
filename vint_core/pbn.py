"""Records in PBN 2.1 (Portable Bridge Notation): Vint deals that bridge programs can open.

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

Every deal of a file, grouped into rubbers as a score sheet keeps them, is
:func:`loads_rubbers` (what ``vint score`` reads). A file is read with :func:`read_file`: a regular file
only, of at most :data:`FILE_LIMIT` bytes (:mod:`vint_core.files`). The JSON form, and the
:class:`~vint_core.record_form.RecordError` both forms raise, are in
:mod:`vint_core.records`.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import IO

from vint_core.calls import PASS, Call
from vint_core.cards import Card, Hand
from vint_core.deal import Deal
from vint_core.errors import FileRefused, ParseError, Reason, VintError, bad_argument
from vint_core.files import read_bytes, size_text
from vint_core.i18n import Phrase
from vint_core.record_form import RecordError, excerpt, rule_set_changes
from vint_core.rubber import Rubber
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.seats import PerSide, Seat, Side

__all__ = [
    "FILE_LIMIT",
    "PbnRecord",
    "decode",
    "dump",
    "dumps",
    "load",
    "loads",
    "loads_one",
    "loads_rubbers",
    "read_file",
    "read_records",
]

#: the largest PBN file read, in bytes (a deal takes about 600 bytes: some 30,000 deals)
FILE_LIMIT = 20_000_000

# -- writing PBN --------------------------------------------------------------


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ").replace("\r", " ")


def _score_text(points: PerSide[int]) -> str:
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
    changes = rule_set_changes(deal.rules)
    if changes is not None:
        tag("VintRuleSet", json.dumps(changes, separators=(",", ":"), sort_keys=True))
    tag("VintDealNumber", str(deal.deal_number))
    if finished:
        tag("VintScore", _score_text(deal.points))
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
    if generator is not None and not isinstance(generator, str):
        raise bad_argument("generator", generator, "arg_text")
    if not isinstance(deals, Deal) and (isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable)):
        raise bad_argument("deals", deals, "arg_deals")
    items = [deals] if isinstance(deals, Deal) else list(deals)
    out = ["% PBN 2.1", "% EXPORT", "% Vint deals: scored by the rules of Vint (tag VintScore), not by bridge scoring"]
    for deal in items:
        if not isinstance(deal, Deal):
            raise bad_argument("deals", deal, "arg_deal")
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
                raise RecordError("bad_tag", line=start_line, text=excerpt(text[i:i + 30].split("\n")[0]))
            name = m.group()
            j = m.end()
            while j < n and text[j] in " \t":
                j += 1
            if j >= n or text[j] != '"':
                raise RecordError("bad_tag", line=start_line, text=excerpt(text[i:j + 1].split("\n")[0]))
            j += 1
            value: list[str] = []
            while j < n and text[j] != '"':
                c = text[j]
                if c == "\n":
                    raise RecordError("bad_tag", line=start_line, text=excerpt(text[i:j]))
                if c == "\\" and j + 1 < n and text[j + 1] in '"\\':
                    j += 1
                    c = text[j]
                value.append(c)
                j += 1
            if j >= n:
                raise RecordError("bad_tag", line=start_line, text=excerpt(text[i:j]))
            j += 1
            while j < n and text[j] in " \t":
                j += 1
            if j >= n or text[j] != "]":
                raise RecordError("bad_tag", line=start_line, text=excerpt(text[i:j + 1].split("\n")[0]))
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
        """The value of tag ``name``, ``None`` if the game has no such tag."""
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
                rules = RuleSet.from_json(data)
            except ParseError as exc:
                raise RecordError("bad_rule_set", line=self._line_of("VintRuleSet"), text=exc) from None
            if named is not None and named.strip() and named.strip() != rules.name:
                raise RecordError("rules_disagree", line=self._line_of("VintRules"), text=excerpt(named),
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
            raise RecordError("bad_number", line=self._line_of("VintDealNumber"), text=excerpt(text))
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
            raise RecordError("bad_deal_tag", line=line, text=excerpt(value))
        first = _parse_seat(s[0], line=line, tag="Deal")
        parts = s[2:].split()
        if len(parts) != 4:
            raise RecordError("bad_deal_tag", line=line, text=excerpt(value))
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
                raise RecordError("after_end", line=line, text=excerpt(word))
            key = word.upper()
            if key == "*":
                ended = True
                continue
            if key in ("X", "XX", "D", "R", "RD", "DBL", "RDBL"):
                raise RecordError("no_doubles", line=line, text=excerpt(word))
            if key == "AP":
                for _ in range(200):
                    if deal.auction.is_over:
                        break
                    deal = _apply(deal, PASS, line=line)
                if not deal.auction.is_over:
                    raise RecordError("no_end", line=line)
                continue
            if key == "-":
                raise ParseError(Reason.BAD_CALL, line=line, text=excerpt(word))
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
                raise RecordError("after_end", line=wline, text=excerpt(word))
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
                                   text=excerpt(text), actual=actual)
        value = self.tag("Declarer")
        if value is not None and value.strip() not in ("", "?"):
            try:
                seat: Seat | None = Seat.parse(value)
            except ParseError:
                seat = None
            if contract is None or seat != contract.declarer:
                raise RecordError("contradiction", line=self._line_of("Declarer"), tag="Declarer",
                                   text=excerpt(value), actual=contract.declarer.letter if contract else "")
        value = self.tag("Result")
        if value is not None and value.strip() not in ("", "?"):
            tricks = deal.declarer_tricks
            if tricks is None or value.strip() != str(tricks):
                raise RecordError("contradiction", line=self._line_of("Result"), tag="Result",
                                   text=excerpt(value), actual="" if tricks is None else str(tricks))
        value = self.tag("VintScore")
        if check_score and value is not None and value.strip() not in ("", "?"):
            actual = _score_text(deal.points) if deal.is_finished else ""
            if " ".join(value.split()) != actual:
                raise RecordError("contradiction", line=self._line_of("VintScore"), tag="VintScore",
                                   text=excerpt(value), actual=actual)


def _parse_seat(value: str, *, line: int, tag: str) -> Seat:
    try:
        return Seat.parse(value)
    except ParseError:
        raise RecordError("bad_seat_tag", line=line, tag=tag, text=excerpt(value)) from None


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
        raise RecordError("not_text", line=None, kind=type(text).__name__)
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
                raise RecordError("stray_text", line=token.line, text=excerpt(token.text))
            elif current:
                sections[current].append((token.text, token.line))
        records.append(PbnRecord(tags, {k: tuple(v) for k, v in sections.items()}, game[0].line))
        previous = tags
    return records


def loads(text: str, *, rules: RuleSet | str | None = None) -> list[Deal]:
    """Every deal of a PBN text, each replayed (and checked) through the engine.

    ``rules`` (a rule set or its name) replays every deal under that rule set instead of the one its tags name.
    Any text at all either gives a list of deals or raises ``ParseError``.
    """
    chosen = as_rule_set(rules) if rules is not None else None
    return [record.to_deal(rules=chosen) for record in read_records(text)]


def load(fp: IO[str] | IO[bytes], *, rules: RuleSet | str | None = None) -> list[Deal]:
    """:func:`loads` of an open file (text, or bytes in UTF-8 or PBN's ISO-8859-1), at most :data:`FILE_LIMIT`
    bytes or characters of it (:class:`~vint_core.errors.FileRefused` if there are more)."""
    data = fp.read(FILE_LIMIT + 1)
    if len(data) > FILE_LIMIT:
        raise FileRefused(Reason.FILE_TOO_BIG, size=size_text(FILE_LIMIT) + "+", kind=Phrase("file_kind_pbn"),
                          limit=size_text(FILE_LIMIT))
    if isinstance(data, bytes):
        data = decode(data)
    return loads(data, rules=rules)


def read_file(path: str | os.PathLike[str]) -> str:
    """The text of the PBN file at ``path`` (UTF-8, else ISO-8859-1), read with care: a regular file only
    (not a folder, a named pipe or a device), of at most :data:`FILE_LIMIT` bytes
    (:func:`vint_core.files.read_bytes`: :class:`~vint_core.errors.FileRefused`, or ``OSError`` if it
    cannot be opened)."""
    return decode(read_bytes(path, limit=FILE_LIMIT, kind=Phrase("file_kind_pbn")))


def decode(data: bytes) -> str:
    """PBN bytes as text: UTF-8 if they are, else ISO-8859-1 (PBN's own character set)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def loads_one(text: str, *, rules: RuleSet | str | None = None) -> Deal:
    """The one deal of a PBN text; ``ParseError`` if there are none or several."""
    deals = loads(text, rules=rules)
    if len(deals) != 1:
        raise RecordError("not_one", line=None, n=len(deals))
    return deals[0]


def loads_rubbers(text: str, *, rules: RuleSet | str | None = None) -> list[Rubber]:
    """Every deal of a PBN text, replayed (and checked) and grouped into rubbers as a score sheet keeps them.

    The deals follow each other in one run: the deal passes to the left, and a
    finished rubber is followed by the next one. Each deal's number in its rubber
    (which sets the lowest bid under ``progressive``) is its ``VintDealNumber``
    tag, and a tag that disagrees with the deal's place in the rubber is an error.
    A file without the tag (from another program) is numbered by position: 1, 2, …
    in each rubber, passed-out deals counted. Under ``rules`` every deal is replayed
    under that rule set instead, numbered by its position in the rubbers that rule
    set makes. A deal without a ``Board`` tag is given its place in the file.

    An empty text gives no rubbers; anything wrong raises :class:`~vint_core.record_form.RecordError`
    naming the board (and the line).
    """
    rules = as_rule_set(rules) if rules is not None else None
    rubbers: list[Rubber] = []
    current: Rubber | None = None
    for index, record in enumerate(read_records(text)):
        if current is not None and current.is_finished:
            rubbers.append(current)
            current = None
        label = record.tag("Board") or str(index + 1)
        numbered = rules is None and bool((record.tag("VintDealNumber") or "").strip())
        position = current.next_deal_number if current is not None else 1
        try:
            deal = record.to_deal(rules=rules, deal_number=None if numbered else position)
            if not deal.board:
                deal = deal.with_board(str(index + 1))
            if current is None:
                current = Rubber(rules or deal.rules, deal.dealer)
            current = current.record(deal)
        except VintError as exc:
            raise RecordError("in_board", line=None, board=excerpt(label), cause=exc) from None
    if current is not None:
        rubbers.append(current)
    return rubbers
