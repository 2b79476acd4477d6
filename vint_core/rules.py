"""Rule sets: every parameter of docs/rules.md §2 and §4 as a field of a frozen ``RuleSet``.

A rule set is a value passed explicitly, never a global setting. The named
presets are those of docs/rules.md: ``seed`` (the default), ``short``,
``progressive``, ``whist_vint`` and ``foster_1897``.

>>> rules = RuleSet.named("seed")
>>> rules.trick_value_of(3, Strain.NOTRUMP), rules.game_target
(40, 1000)
>>> rules.outranks(Bid(2, Strain.SPADES), Bid(1, Strain.NOTRUMP))
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.errors import IllegalCallError, ParseError, Reason
from vint_core.i18n import Phrase

HonoursRule = Literal["tiers", "scaled", "majority", "none"]


@dataclass(frozen=True, slots=True)
class TrickValue:
    """Points per trick: ``per_level`` × level, plus ``notrump_extra`` at no-trump."""

    per_level: int = 10
    notrump_extra: int = 10


@dataclass(frozen=True, slots=True)
class UndertrickPenalty:
    """Points to the defenders per trick short: ``multiplier`` × trick value, or ``flat`` points."""

    multiplier: int = 2
    flat: int | None = None


@dataclass(frozen=True, slots=True)
class SlamBonus:
    """Points for a side that takes 12 (``little``) or 13 (``grand``) tricks, bid or not.

    The ``bid_*`` fields, where set, replace those for the declaring side when the
    slam was bid: level 6 bid and exactly 12 made (``bid_little``), level 6 bid
    and 13 made (``bid_little_all``), level 7 bid and made (``bid_grand``).
    """

    little: int = 100
    grand: int = 250
    bid_little: int | None = None
    bid_little_all: int | None = None
    bid_grand: int | None = None


SEED_ORDER = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.NOTRUMP)


@dataclass(frozen=True)
class RuleSet:
    """All the parameters of a Vint rule set (docs/rules.md §2–4).

    Fields are named as in docs/rules.md. Make a variant with :meth:`replace`.
    """

    name: str = "seed"
    #: strains low to high; a strain left out cannot be bid
    strain_order: tuple[Strain, ...] = SEED_ORDER
    #: may a player raise his own bid while he holds the highest bid?
    self_overcall: bool = True
    #: does a pass bar a player from bidding later?
    pass_is_final: bool = False
    #: passes in a row that end the auction once a bid has been made
    auction_end_passes: int = 8
    #: passes with no bid that pass the deal out
    passout_passes: int = 4
    #: the lowest level that may be bid, or "progressive": ((n − 1) mod 7) + 1 in the n-th deal
    min_level: int | Literal["progressive"] = 1
    trick_value: TrickValue = TrickValue()
    undertrick_penalty: UndertrickPenalty = UndertrickPenalty()
    slam_bonus: SlamBonus = SlamBonus()
    #: honours at a suit contract: "tiers" (5, 4, 3 of A K Q J 10), "majority" (Foster), "none"
    honours_suit: HonoursRule = "tiers"
    #: honours at no-trump: "tiers" (4 or 3 aces), "scaled" (3 aces = 4 ×), "majority", "none"
    honours_nt: HonoursRule = "tiers"
    three_honours_multiplier: int = 0
    four_honours_multiplier: int = 4
    five_honours_multiplier: int = 10
    #: under "majority": × trick value per card held, and per ace at no-trump
    majority_honour_multiplier: int = 10
    majority_nt_ace_multiplier: int = 25
    game_target: int = 1000
    #: what counts toward the game: "all" points, or only the trick points "below" the line
    game_counts: Literal["all", "below"] = "all"
    #: when a game is checked: after the "deal", or after every "trick"
    game_check: Literal["deal", "trick"] = "deal"
    games_per_rubber: int = 1
    #: points for each game won (above the line)
    game_bonus: int = 0
    rubber_bonus: int = 250
    _bids: tuple[Bid, ...] = field(init=False, repr=False, compare=False, hash=False)
    _rank: dict[Bid, int] = field(init=False, repr=False, compare=False, hash=False)
    _calls_from: tuple[tuple[Call, ...], ...] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        order = self.strain_order
        if (not isinstance(order, tuple) or not order or not all(isinstance(s, Strain) for s in order)
                or len(set(order)) != len(order)):
            raise _bad_field("strain_order", order)
        if not _field_ok("min_level", self.min_level, 1):
            raise _bad_field("min_level", self.min_level)
        bids = tuple(Bid(level, strain) for level in range(1, 8) for strain in self.strain_order)
        object.__setattr__(self, "_bids", bids)
        object.__setattr__(self, "_rank", {bid: i for i, bid in enumerate(bids)})
        calls = tuple((PASS, *bids[i:]) for i in range(len(bids) + 1))
        object.__setattr__(self, "_calls_from", calls)

    # -- the auction -------------------------------------------------------

    @property
    def bids(self) -> tuple[Bid, ...]:
        """Every bid this rule set allows, lowest first."""
        return self._bids

    def bid_rank(self, bid: Bid) -> int | None:
        """Position of a bid in the rising order (0 = lowest), or None if it cannot be bid."""
        return self._rank.get(bid)

    @property
    def bid_ranks(self) -> Mapping[Bid, int]:
        """Each bid this rule set allows and its position in :attr:`bids` (0 = lowest); read-only."""
        return self._rank

    @property
    def calls_from(self) -> tuple[tuple[Call, ...], ...]:
        """``calls_from[i]``: Pass and every bid from position ``i`` of :attr:`bids` on, for i = 0 … len(bids)."""
        return self._calls_from

    def outranks(self, bid: Bid, other: Bid) -> bool:
        """Does ``bid`` outrank ``other``: a higher level, or the same level in a higher strain?"""
        a, b = self._rank.get(bid), self._rank.get(other)
        if a is None or b is None:
            raise IllegalCallError(Reason.NOT_IN_RULES, call=bid if a is None else other, rules=self.name,
                                   strains=" ".join(s.symbol for s in self.strain_order))
        return a > b

    def min_level_for(self, deal_number: int) -> int:
        """The lowest level that may be bid in the ``deal_number``-th deal (from 1) of a rubber."""
        if self.min_level == "progressive":
            return (deal_number - 1) % 7 + 1
        return self.min_level

    # -- scoring -----------------------------------------------------------

    def trick_value_of(self, level: int, strain: Strain) -> int:
        """Points per trick for a contract at ``level`` in ``strain``."""
        tv = self.trick_value
        return tv.per_level * level + (tv.notrump_extra if strain is Strain.NOTRUMP else 0)

    # -- values ------------------------------------------------------------

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed: ``SEED.replace(game_target=500, name="mine")``."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def named(cls, name: str) -> RuleSet:
        """One of the named rule sets of docs/rules.md (§2, §4)."""
        rules = RULE_SETS.get(name.strip().lower().replace("-", "_")) if isinstance(name, str) else None
        if rules is None:
            raise ParseError(Reason.UNKNOWN_RULES, text=name, known=", ".join(RULE_SETS))
        return rules

    def to_json(self) -> dict[str, Any]:
        """Every field as plain JSON values."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name.startswith("_"):
                continue
            value = getattr(self, f.name)
            if f.name == "strain_order":
                value = [s.value for s in value]
            elif dataclasses.is_dataclass(value):
                value = dataclasses.asdict(value)  # type: ignore[arg-type]
            out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: object) -> RuleSet:
        """The inverse of :meth:`to_json`; fields left out are ``seed``'s.

        Every field's type and range is checked: anything else raises ``ParseError``.
        """

        if not isinstance(data, dict):
            raise ParseError(Reason.BAD_RULES_DATA, value=_shown(data))
        reference = SEED.to_json()
        for key, value in data.items():
            if not isinstance(key, str) or key not in reference:
                raise ParseError(Reason.UNKNOWN_RULE_FIELD, field=_shown(key, quoted=False),
                                 known=", ".join(reference))
            if not _field_ok(key, value, reference[key]):
                raise _bad_field(key, value)
        kwargs = dict(data)
        if "strain_order" in kwargs:
            kwargs["strain_order"] = tuple(Strain(s) for s in kwargs["strain_order"])
        for key, kind in (("trick_value", TrickValue), ("undertrick_penalty", UndertrickPenalty),
                          ("slam_bonus", SlamBonus)):
            if key in kwargs:
                kwargs[key] = kind(**kwargs[key])
        return cls(**kwargs)

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        """The preset of the same name (else ``seed``) and only what differs from it.

        >>> SHORT
        RuleSet.named('short')
        >>> SEED.replace(game_target=500, name="club")
        RuleSet.named('seed').replace(name='club', game_target=500)
        >>> SEED.replace(undertrick_penalty=UndertrickPenalty(flat=50))
        RuleSet.named('seed').replace(undertrick_penalty=UndertrickPenalty(multiplier=2, flat=50))
        """
        preset = RULE_SETS.get(self.name)
        base = preset if preset is not None else SEED
        changes = [f"{f.name}={_value_repr(getattr(self, f.name))}" for f in dataclasses.fields(self)
                   if not f.name.startswith("_") and getattr(self, f.name) != getattr(base, f.name)]
        head = f"RuleSet.named({base.name!r})"
        return f"{head}.replace({', '.join(changes)})" if changes else head


def _value_repr(value: object) -> str:
    """A field's value as Python text that evaluates back (strains by name)."""
    if isinstance(value, tuple):
        return "(" + ", ".join(f"Strain.{s.name}" for s in value) + ("," if len(value) == 1 else "") + ")"
    return repr(value)


_CHOICES: dict[str, tuple[str, ...]] = {
    "honours_suit": ("tiers", "scaled", "majority", "none"),
    "honours_nt": ("tiers", "scaled", "majority", "none"),
    "game_counts": ("all", "below"),
    "game_check": ("deal", "trick"),
}
_AT_LEAST_ONE = ("auction_end_passes", "passout_passes", "games_per_rubber")
_NULLABLE = ("flat", "bid_little", "bid_little_all", "bid_grand")
_LIMIT = 10**9


def _plain_int(value: object, *, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= _LIMIT


def _field_ok(key: str, value: object, ref: object) -> bool:
    """Whether ``value`` is a sound value for the field ``key`` (``ref`` is ``seed``'s)."""
    if key == "name":
        return isinstance(value, str) and 0 < len(value) <= 60
    if key == "strain_order":
        return (isinstance(value, list) and 0 < len(value) <= 5
                and all(isinstance(s, str) and s in ("S", "C", "D", "H", "NT") for s in value)
                and len(set(value)) == len(value))
    if key == "min_level":
        return value == "progressive" or (_plain_int(value) and 1 <= value <= 7)  # type: ignore[operator]
    if key in _CHOICES:
        return value in _CHOICES[key]
    if isinstance(ref, bool):
        return isinstance(value, bool)
    if isinstance(ref, int):
        return _plain_int(value, low=1 if key in _AT_LEAST_ONE else 0)
    if isinstance(ref, dict):
        return isinstance(value, dict) and all(
            isinstance(k, str) and k in ref and (_plain_int(v) or (v is None and k in _NULLABLE))
            for k, v in value.items())
    return False


def _shown(value: object, *, quoted: bool = True) -> str:
    """A value as a learner typed it, cut to one short line."""
    text = repr(value) if quoted else str(value)
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 60 else text[:59] + "…"


def _bad_field(key: str, value: object) -> ParseError:
    """The error for a rule-set field ``key`` that cannot be ``value``, saying what it may be."""
    if key == "name":
        allowed = Phrase("rules_allowed_name")
    elif key == "strain_order":
        allowed = Phrase("rules_allowed_strains")
    elif key == "min_level":
        allowed = Phrase("rules_allowed_min_level")
    elif key in _CHOICES:
        allowed = Phrase("rules_allowed_choice", choices=", ".join(repr(c) for c in _CHOICES[key]))
    else:
        ref = SEED.to_json().get(key)
        if isinstance(ref, bool):
            allowed = Phrase("rules_allowed_bool")
        elif isinstance(ref, dict):
            allowed = Phrase("rules_allowed_parts", parts=", ".join(ref))
        else:
            allowed = Phrase("rules_allowed_int", low=1 if key in _AT_LEAST_ONE else 0, high=_LIMIT)
    return ParseError(Reason.BAD_RULE_FIELD, field=key, value=_shown(value), allowed=allowed)


def as_rule_set(rules: RuleSet | str) -> RuleSet:
    """``rules`` itself, or the named rule set when it is a name: wherever a learner passes rules.

    >>> as_rule_set("short") is SHORT
    True
    """
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return RuleSet.named(rules)
    raise ParseError(Reason.NOT_RULES, value=_shown(rules), known=", ".join(RULE_SETS))


SEED = RuleSet()
SHORT = SEED.replace(name="short", game_target=500)
PROGRESSIVE = SEED.replace(name="progressive", min_level="progressive")
WHIST_VINT = SEED.replace(
    name="whist_vint",
    strain_order=SEED_ORDER[:4],
    honours_suit="none",
    honours_nt="none",
    slam_bonus=SlamBonus(little=0, grand=0),
)
FOSTER_1897 = RuleSet(
    name="foster_1897",
    self_overcall=False,
    auction_end_passes=3,
    passout_passes=4,
    trick_value=TrickValue(per_level=10, notrump_extra=0),
    undertrick_penalty=UndertrickPenalty(multiplier=100),
    slam_bonus=SlamBonus(little=1000, grand=2000, bid_little=6000, bid_little_all=7000, bid_grand=12000),
    honours_suit="majority",
    honours_nt="majority",
    game_target=500,
    game_counts="below",
    game_check="trick",
    games_per_rubber=2,
    game_bonus=1000,
    rubber_bonus=2000,
)

RULE_SETS: dict[str, RuleSet] = {r.name: r for r in (SEED, SHORT, PROGRESSIVE, WHIST_VINT, FOSTER_1897)}
