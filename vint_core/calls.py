"""Strains and calls: a bid (level and strain) or a pass.

Whether one bid outranks another depends on the rule set's strain order, so
calls have no ``<``; ask :meth:`vint_core.rules.RuleSet.outranks`.

>>> Call.parse("2NT"), Call.parse("p"), Call.parse("1♠") is Bid(1, Strain.SPADES)
(Call.parse('2NT'), Call.parse('Pass'), True)
"""

from __future__ import annotations

import enum
from typing import Any

from vint_core.cards import Suit
from vint_core.errors import ParseError, Reason
from vint_core.i18n import text


class Strain(enum.Enum):
    """What a contract names: a trump suit or no-trump. Not a suit: there is no no-trump card."""

    SPADES = "S"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    NOTRUMP = "NT"

    #: hashed by identity, as a member is equal only to itself: the bots key their tables by strain thousands of
    #: times a decision, and Enum's own hash (of the member's name, in Python) was a tenth of a call's time
    __hash__ = object.__hash__

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` at no-trump."""
        return _STRAIN_SUIT[self]

    @property
    def symbol(self) -> str:
        """The strain's symbol: ``"♠"``, ``"♣"``, ``"♦"``, ``"♥"`` or ``"NT"``."""
        return _STRAIN_SYMBOL[self]

    @classmethod
    def of_suit(cls, suit: Suit) -> Strain:
        """The trump strain of ``suit`` (♥ gives ``Strain.HEARTS``)."""
        return _SUIT_STRAIN[suit]

    @classmethod
    def parse(cls, text: str) -> Strain:
        """``"H"``, ``"♥"``, ``"hearts"``, ``"Herz"``, ``"NT"``, ``"no-trump"`` …

        >>> Strain.parse("hearts") is Strain.parse("♥") is Strain.parse(" h ") is Strain.HEARTS
        True
        >>> Strain.parse("no trumps"), Strain.parse("Kein-Trumpf")
        (<Strain.NOTRUMP: 'NT'>, <Strain.NOTRUMP: 'NT'>)
        """
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_STRAIN, text=repr(text))
        key = text.strip().upper()
        strain = _STRAIN_TEXT.get(key) or _STRAIN_WORDS.get(key.lower().replace("-", " ").replace("  ", " "))
        if strain is None:
            raise ParseError(Reason.BAD_STRAIN, text=text)
        return strain

    @classmethod
    def of(cls, value: Strain | str) -> Strain:
        """A strain given as a Strain or as its text (see :meth:`parse`)."""
        if isinstance(value, Strain):
            return value
        return cls.parse(value)

    def __str__(self) -> str:
        return self.symbol


_STRAIN_SUIT = {Strain.SPADES: Suit.SPADES, Strain.CLUBS: Suit.CLUBS, Strain.DIAMONDS: Suit.DIAMONDS,
                Strain.HEARTS: Suit.HEARTS, Strain.NOTRUMP: None}
_SUIT_STRAIN = {suit: strain for strain, suit in _STRAIN_SUIT.items() if suit is not None}
_STRAIN_SYMBOL = {Strain.SPADES: "♠", Strain.CLUBS: "♣", Strain.DIAMONDS: "♦", Strain.HEARTS: "♥",
                  Strain.NOTRUMP: "NT"}
_STRAIN_TEXT = {"S": Strain.SPADES, "♠": Strain.SPADES, "C": Strain.CLUBS, "♣": Strain.CLUBS,
                "D": Strain.DIAMONDS, "♦": Strain.DIAMONDS, "H": Strain.HEARTS, "♥": Strain.HEARTS,
                "NT": Strain.NOTRUMP, "N": Strain.NOTRUMP, "KT": Strain.NOTRUMP, "SA": Strain.NOTRUMP}
#: strains as words, English, German and Russian, singular and plural (lower case, "-" read as a space)
_STRAIN_WORDS = {
    **dict.fromkeys(("spade", "spades", "pik", "piks", "пики", "пика"), Strain.SPADES),
    **dict.fromkeys(("club", "clubs", "kreuz", "трефы", "трефа"), Strain.CLUBS),
    **dict.fromkeys(("diamond", "diamonds", "karo", "karos", "бубны", "бубна"), Strain.DIAMONDS),
    **dict.fromkeys(("heart", "hearts", "herz", "herzen", "черви", "червы", "черва"), Strain.HEARTS),
    **dict.fromkeys(("no trump", "no trumps", "notrump", "notrumps", "nt", "sans atout", "kein trumpf",
                     "ohne trumpf", "без козыря", "без козырей"), Strain.NOTRUMP),
}


class Call:
    """A call in the auction: :class:`Bid` or :class:`Pass`. Interned and immutable."""

    __slots__ = ()
    is_bid: bool = False
    is_pass: bool = False

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("calls are immutable")

    @staticmethod
    def parse(text: str) -> Call:
        """``"Pass"``, ``"P"``, ``"2NT"``, ``"2N"``, ``"1♠"``, ``"1S"``, ``"7 nt"``…"""
        if not isinstance(text, str):
            raise ParseError(Reason.BAD_CALL, text=repr(text))
        s = text.strip().replace(" ", "")
        if s.lower() in ("p", "pass", "passe", "passen", "пас"):
            return PASS
        if len(s) >= 2 and s[0] in "1234567":
            strain = _STRAIN_TEXT.get(s[1:].upper())
            if strain is not None:
                return Bid(int(s[0]), strain)
        raise ParseError(Reason.BAD_CALL, text=text)

    @staticmethod
    def of(value: Call | str) -> Call:
        """A call given as a Call or as its text (see :meth:`parse`): what every legality method of the
        auction takes. Anything else raises the ``ParseError`` of a bad text, "'…' is not a call: …".

        >>> Call.of("1H") is Call.of("1♥") is Call.parse("1 h"), Call.of(PASS)
        (True, Call.parse('Pass'))
        """
        return value if isinstance(value, Call) else Call.parse(value)

    @property
    def pbn(self) -> str:
        """The call as PBN writes it: ``"Pass"``, or a bid's level and strain (``"2H"``)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def text(self, lang: str = "en") -> str:
        """The call as a sentence in ``lang`` names it: a bid as it is written (``"2♥"``), the pass in words
        (``PASS.text("de")`` → ``'Passe'``). A call given to a :class:`~vint_core.i18n.Phrase` is said this way."""
        return str(self)


class Pass(Call):
    """The pass. There is one: ``PASS``."""

    __slots__ = ()
    is_pass = True

    def __new__(cls) -> Pass:
        return PASS

    def __reduce__(self) -> tuple[Any, ...]:
        return (Pass, ())

    @property
    def pbn(self) -> str:
        """``"Pass"``, as PBN writes a pass."""
        return "Pass"

    def __str__(self) -> str:
        return "Pass"

    def text(self, lang: str = "en") -> str:
        """The pass in words: ``'Pass'``, ``'Passe'``, ``'Пас'``."""
        return text("ui_pass", lang)


class Bid(Call):
    """A level (1–7, promising 6 + level tricks) and a strain."""

    __slots__ = ("level", "strain")
    is_bid = True
    level: int
    strain: Strain

    def __new__(cls, level: int, strain: Strain) -> Bid:
        bid = _BIDS.get((level, strain))
        if bid is None:
            raise ParseError(Reason.BAD_CALL, text=f"{level}{strain}")
        return bid

    def __reduce__(self) -> tuple[Any, ...]:
        return (Bid, (self.level, self.strain))

    @property
    def tricks(self) -> int:
        """Tricks the bid promises: 6 + level."""
        return 6 + self.level

    @property
    def pbn(self) -> str:
        """The bid as PBN writes it: level and strain letter (``"2H"``, ``"3NT"``)."""
        return f"{self.level}{self.strain.value}"

    def __str__(self) -> str:
        return f"{self.level}{self.strain.symbol}"


PASS: Pass = object.__new__(Pass)


def _make_bids() -> dict[tuple[int, Strain], Bid]:
    bids = {}
    for level in range(1, 8):
        for strain in Strain:
            bid = object.__new__(Bid)
            object.__setattr__(bid, "level", level)
            object.__setattr__(bid, "strain", strain)
            bids[(level, strain)] = bid
    return bids


_BIDS = _make_bids()
