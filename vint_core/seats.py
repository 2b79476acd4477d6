"""Seats at the table and the two partnerships."""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from vint_core.errors import ParseError, Reason
from vint_core.i18n import seat_name, side_name


class Side(enum.IntEnum):
    """A partnership: North–South or East–West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        """The other side: E–W for N–S and N–S for E–W."""
        return _SIDES[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The side's two seats: (North, South) or (East, West)."""
        return _SIDE_SEATS[self]

    def __str__(self) -> str:
        return ("N–S", "E–W")[self]

    def text(self, lang: str = "en") -> str:
        """The side's name in ``lang``: ``Side.EW.text("de")`` → ``'O–W'``."""
        return side_name(self, lang)

    @classmethod
    def parse(cls, text: str) -> Side:
        """The side written ``"NS"``, ``"N–S"``, ``"e/w"``, ``"WE"`` and the like; anything else raises
        ``ParseError``."""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_SEAT, text=repr(text))
        key = text.strip().upper().replace("–", "").replace("-", "").replace("/", "")
        if key in ("NS", "SN", "СЮ", "ЮС"):
            return Side.NS
        if key in ("EW", "WE", "ВЗ", "ЗВ"):
            return Side.EW
        raise ParseError(Reason.BAD_SEAT, text=text)


class Seat(enum.IntEnum):
    """North, East, South, West, in clockwise order."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    def next(self) -> Seat:
        """The seat to the left, who acts after this one."""
        return _SEATS[(self + 1) & 3]

    @property
    def left(self) -> Seat:
        """The seat on this one's left, next in turn (North's left is East)."""
        return _SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        """The seat on this one's right, previous in turn (North's right is West)."""
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite, this seat's partner (North's is South)."""
        return _SEATS[(self + 2) & 3]

    @property
    def side(self) -> Side:
        """The side this seat plays for: N–S for North and South, E–W for East and West."""
        return _SIDES[self & 1]

    @property
    def letter(self) -> str:
        """The seat's letter in records: ``"N"``, ``"E"``, ``"S"`` or ``"W"``."""
        return "NESW"[self]

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(self + steps) & 3]

    @classmethod
    def iter_from(cls, first: Seat) -> Iterator[Seat]:
        """The four seats clockwise, starting with ``first``."""
        for i in range(4):
            yield _SEATS[(first + i) & 3]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """``"N"``, ``"north"``, ``"Nord"``, ``"Süd"`` …"""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_SEAT, text=repr(text))
        key = text.strip().lower()
        seat = _SEAT_NAMES.get(key)
        if seat is None:
            raise ParseError(Reason.BAD_SEAT, text=text)
        return seat

    @classmethod
    def of(cls, value: Seat | str | int) -> Seat:
        """A seat given as a Seat, its text (``"N"``, ``"South"``) or its number 0–3."""
        if isinstance(value, Seat):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return _SEATS[value]
        raise ParseError(Reason.BAD_SEAT, text=repr(value))

    def __str__(self) -> str:
        return self.name.capitalize()

    def text(self, lang: str = "en") -> str:
        """The seat's name in ``lang``: ``Seat.SOUTH.text("de")`` → ``'Süd'``."""
        return seat_name(self, lang)


T = TypeVar("T")
U = TypeVar("U")


@dataclass(frozen=True, slots=True)
class PerSide(Generic[T]):
    """One value for each partnership: points, tricks, totals, a game score.

    Indexed by :class:`Side`, unpacked as ``ns, ew``, printed the way a score
    sheet reads:

    >>> points = PerSide(ns=360, ew=240)
    >>> print(points)
    N–S 360, E–W 240
    >>> points[Side.EW], points.text("de")
    (240, 'N–S 360, O–W 240')
    >>> ns, ew = points
    >>> points + PerSide(100, 0), points.to_json()
    (PerSide(ns=460, ew=240), {'NS': 360, 'EW': 240})
    """

    ns: T
    ew: T

    def __getitem__(self, side: int) -> T:
        if side == Side.NS:
            return self.ns
        if side == Side.EW:
            return self.ew
        raise KeyError(side)

    def __iter__(self) -> Iterator[T]:
        yield self.ns
        yield self.ew

    def __len__(self) -> int:
        return 2

    def items(self) -> Iterator[tuple[Side, T]]:
        """``(Side.NS, ns)``, then ``(Side.EW, ew)``."""
        yield Side.NS, self.ns
        yield Side.EW, self.ew

    def map(self, fn: Callable[[T], U]) -> PerSide[U]:
        """``fn`` applied to each side's value, as a new ``PerSide``."""
        return PerSide(fn(self.ns), fn(self.ew))

    def replace(self, side: Side, value: T) -> PerSide[T]:
        """A copy with ``side``'s value replaced by ``value``."""
        return PerSide(value, self.ew) if side == Side.NS else PerSide(self.ns, value)

    def __add__(self, other: PerSide[T]) -> PerSide[T]:
        return PerSide(self.ns + other.ns, self.ew + other.ew)  # type: ignore[operator]

    def text(self, lang: str = "en") -> str:
        """``"N–S 360, E–W 240"`` in ``lang``; a tuple of cards reads ``"N–S A♥ Q♥, E–W K♥ J♥ 10♥"``."""
        return f"{side_name(Side.NS, lang)} {_value_text(self.ns)}, {side_name(Side.EW, lang)} {_value_text(self.ew)}"

    def __str__(self) -> str:
        return self.text()

    def to_json(self) -> dict[str, T]:
        """``{"NS": …, "EW": …}``, the form of JSON records and quiz items."""
        return {"NS": self.ns, "EW": self.ew}

    @classmethod
    def of(cls, values: Mapping[Side, T] | Mapping[str, T]) -> PerSide[T]:
        """From a mapping keyed by :class:`Side` or by ``"NS"``/``"EW"``."""
        items = {Side.parse(k) if isinstance(k, str) else Side(k): v for k, v in values.items()}
        return cls(items[Side.NS], items[Side.EW])


def _value_text(value: object) -> str:
    if isinstance(value, tuple):
        return " ".join(str(v) for v in value) or "—"
    return str(value)


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SIDES = (Side.NS, Side.EW)
_SIDE_SEATS = ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))
_SEAT_NAMES = {
    "n": Seat.NORTH, "north": Seat.NORTH, "nord": Seat.NORTH,
    "e": Seat.EAST, "east": Seat.EAST, "o": Seat.EAST, "ost": Seat.EAST,
    "s": Seat.SOUTH, "south": Seat.SOUTH, "süd": Seat.SOUTH, "sued": Seat.SOUTH,
    "w": Seat.WEST, "west": Seat.WEST,
    # Russian: the names and their Cyrillic initials (С, В, Ю, З)
    "с": Seat.NORTH, "север": Seat.NORTH, "в": Seat.EAST, "восток": Seat.EAST,
    "ю": Seat.SOUTH, "юг": Seat.SOUTH, "з": Seat.WEST, "запад": Seat.WEST,
}
