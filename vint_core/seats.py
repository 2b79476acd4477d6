"""Seats at the table and the two partnerships."""

from __future__ import annotations

import enum
from collections.abc import Iterator

from vint_core.errors import ParseError, Reason


class Side(enum.IntEnum):
    """A partnership: North–South or East–West."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        return _SIDES[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return _SIDE_SEATS[self]

    def __str__(self) -> str:
        return ("N–S", "E–W")[self]

    @classmethod
    def parse(cls, text: str) -> Side:
        key = text.strip().upper().replace("–", "").replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
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
        return _SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def side(self) -> Side:
        return _SIDES[self & 1]

    @property
    def letter(self) -> str:
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
        key = text.strip().lower()
        seat = _SEAT_NAMES.get(key)
        if seat is None:
            raise ParseError(Reason.BAD_SEAT, text=text)
        return seat

    def __str__(self) -> str:
        return self.name.capitalize()


_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SIDES = (Side.NS, Side.EW)
_SIDE_SEATS = ((Seat.NORTH, Seat.SOUTH), (Seat.EAST, Seat.WEST))
_SEAT_NAMES = {
    "n": Seat.NORTH, "north": Seat.NORTH, "nord": Seat.NORTH,
    "e": Seat.EAST, "east": Seat.EAST, "o": Seat.EAST, "ost": Seat.EAST,
    "s": Seat.SOUTH, "south": Seat.SOUTH, "süd": Seat.SOUTH, "sued": Seat.SOUTH,
    "w": Seat.WEST, "west": Seat.WEST,
}
