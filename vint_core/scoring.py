"""Scoring: one small pure function per rule of docs/rules.md §2.1 and §4.4.

Every number comes out as a :class:`ScoreLine` that says which side gets it,
what kind of points they are, and how they were computed, so that a score
sheet can explain itself.

>>> from vint_core import Contract, Strain, Seat, SEED, Hand
>>> c = Contract(4, Strain.HEARTS, Seat.NORTH)
>>> for line in trick_lines(SEED, c, 9) + undertrick_lines(SEED, c, 9):
...     print(line.text)
N–S: 9 tricks × 40 = 360
E–W: 4 tricks × 40 = 160
E–W: 1 undertrick × 2 × 40 = 80
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Hand, Rank, Suit
from vint_core.rules import RuleSet
from vint_core.seats import Side

LineKind = Literal["tricks", "undertricks", "slam", "honours", "aces", "game", "rubber"]
LINE_KINDS: tuple[LineKind, ...] = ("tricks", "undertricks", "slam", "honours", "aces", "game", "rubber")


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """Points for one side, of one kind, with the explanation of how they were computed.

    ``counts_for_game`` says whether the points count toward the game (under
    ``foster_1897`` only the trick points "below the line" do).
    """

    side: Side
    kind: LineKind
    points: int
    key: str
    params: tuple[tuple[str, Any], ...] = ()
    counts_for_game: bool = True

    def explanation(self, lang: str = "en") -> str:
        """``"E–W: 1 undertrick × 2 × 40 = 80"``, in English ("en") or German ("de")."""
        from vint_core.i18n import score_text

        return score_text(self.key, lang, dict(self.params), side=self.side, points=self.points)

    @property
    def text(self) -> str:
        return self.explanation("en")

    def __str__(self) -> str:
        return self.text


def _line(side: Side, kind: LineKind, points: int, key: str, *, counts: bool = True, **params: Any) -> ScoreLine:
    return ScoreLine(side, kind, points, key, tuple(params.items()), counts)


def totals(lines: Iterable[ScoreLine]) -> dict[Side, int]:
    """Points per side: ``{Side.NS: …, Side.EW: …}``."""
    out = {Side.NS: 0, Side.EW: 0}
    for line in lines:
        out[line.side] += line.points
    return out


def trick_value(rules: RuleSet, contract: Contract) -> int:
    """docs/rules.md §2 ``trick_value``: 10 × level, plus 10 per trick at no-trump (not under Foster)."""
    return rules.trick_value_of(contract.level, contract.strain)


def trick_lines(rules: RuleSet, contract: Contract, declarer_tricks: int) -> tuple[ScoreLine, ...]:
    """§2.1.1: both sides score every trick they took at the contract's trick value."""
    tv = trick_value(rules, contract)
    out = []
    for side, n in ((contract.side, declarer_tricks), (contract.side.other, 13 - declarer_tricks)):
        if n:
            out.append(_line(side, "tricks", n * tv, "tricks", n=n, tv=tv, counts=True))
    return tuple(out)


def undertrick_lines(rules: RuleSet, contract: Contract, declarer_tricks: int) -> tuple[ScoreLine, ...]:
    """§2.1.2: each trick short pays the defenders 2 × trick value (or a flat amount); Foster: 100 ×."""
    short = contract.tricks_needed - declarer_tricks
    if short <= 0:
        return ()
    counts = rules.game_counts == "all"
    penalty = rules.undertrick_penalty
    defenders = contract.side.other
    if penalty.flat is not None:
        return (_line(defenders, "undertricks", short * penalty.flat, "undertricks_flat", counts=counts,
                      n=short, flat=penalty.flat),)
    tv = trick_value(rules, contract)
    return (_line(defenders, "undertricks", short * penalty.multiplier * tv, "undertricks", counts=counts,
                  n=short, mult=penalty.multiplier, tv=tv),)


def slam_lines(rules: RuleSet, contract: Contract, declarer_tricks: int) -> tuple[ScoreLine, ...]:
    """§2.1.3: a side that took exactly 12 tricks, or all 13, scores a slam, bid or not.

    Under Foster (§4.4) a bid slam pays more: level 6 bid and exactly 12 made, level 6
    bid and 13 made, level 7 bid and made. A side that takes 12 or 13 tricks without
    having bid a slam it made (defenders included) scores the unbid values.
    """
    bonus = rules.slam_bonus
    counts = rules.game_counts == "all"
    out = []
    for side, n in ((contract.side, declarer_tricks), (contract.side.other, 13 - declarer_tricks)):
        if n < 12:
            continue
        key, points = ("grand_slam", bonus.grand) if n == 13 else ("little_slam", bonus.little)
        if side == contract.side:
            if contract.level == 6 and n == 12 and bonus.bid_little is not None:
                key, points = "bid_little_slam", bonus.bid_little
            elif contract.level == 6 and n == 13 and bonus.bid_little_all is not None:
                key, points = "bid_little_slam_all", bonus.bid_little_all
            elif contract.level == 7 and n == 13 and bonus.bid_grand is not None:
                key, points = "bid_grand_slam", bonus.bid_grand
        if points:
            out.append(_line(side, "slam", points, key, counts=counts, n=n))
    return tuple(out)


_ACES = sum(1 << (s * 13 + Rank.ACE - 2) for s in Suit)


def _honour_mask(trump: Suit) -> int:
    return sum(1 << (trump * 13 + r - 2) for r in range(Rank.TEN, Rank.ACE + 1))


def _held(hands: Sequence[Hand], side: Side, mask: int) -> int:
    a, b = side.seats
    return ((hands[a]._mask | hands[b]._mask) & mask).bit_count()


def _honours_held(hands: Sequence[Hand], side: Side, trump: Suit) -> str:
    """The trump honours (of A K Q J 10) a side holds, high to low, as the cards show them: "A K J 10"."""
    held = hands[side.seats[0]]._mask | hands[side.seats[1]]._mask
    return " ".join(str(Rank(r)) for r in range(Rank.ACE, Rank.TEN - 1, -1) if held >> (trump * 13 + r - 2) & 1)


def honour_lines(rules: RuleSet, contract: Contract, hands: Sequence[Hand],
                 declarer_tricks: int) -> tuple[ScoreLine, ...]:
    """§2.1.4 and §4.4: honours, judged on the cards as dealt, for whichever side holds them.

    ``hands`` are the four hands as dealt, indexed by seat.
    """
    tv = trick_value(rules, contract)
    counts = rules.game_counts == "all"
    trump = contract.strain.suit
    rule = rules.honours_nt if trump is None else rules.honours_suit
    out: list[ScoreLine] = []
    if rule == "none":
        return ()
    if rule == "majority":
        won = {contract.side: declarer_tricks, contract.side.other: 13 - declarer_tricks}
        counts_to_check: list[tuple[str, int, int]] = []
        if trump is not None:
            counts_to_check.append(("honours", _honour_mask(trump), rules.majority_honour_multiplier))
            counts_to_check.append(("aces", _ACES, rules.majority_honour_multiplier))
        else:
            counts_to_check.append(("aces", _ACES, rules.majority_nt_ace_multiplier))
        for kind, mask, mult in counts_to_check:
            size = mask.bit_count()
            for side in Side:
                n = _held(hands, side, mask)
                if 2 * n > size:
                    held = _honours_held(hands, side, trump) if trump is not None and kind == "honours" else ""
                    out.append(_line(side, kind, n * mult * tv, f"majority_{kind}", counts=counts,  # type: ignore[arg-type]
                                     n=n, mult=mult, tv=tv, suit=trump, cards=held))
                elif 2 * n == size and won[side] >= 7:
                    out.append(_line(side, kind, n * mult * tv, "split_aces", counts=counts,  # type: ignore[arg-type]
                                     n=n, mult=mult, tv=tv))
        return tuple(out)
    for side in Side:
        if trump is not None:
            n = _held(hands, side, _honour_mask(trump))
            mult = {5: rules.five_honours_multiplier, 4: rules.four_honours_multiplier,
                    3: rules.three_honours_multiplier}.get(n, 0)
            if mult:
                out.append(_line(side, "honours", mult * tv, "honours", counts=counts, n=n, mult=mult, tv=tv,
                                 suit=trump, cards=_honours_held(hands, side, trump)))
        else:
            n = _held(hands, side, _ACES)
            three = rules.four_honours_multiplier if rule == "scaled" else rules.three_honours_multiplier
            mult = {4: rules.five_honours_multiplier, 3: three}.get(n, 0)
            if mult:
                out.append(_line(side, "aces", mult * tv, "aces", counts=counts, n=n, mult=mult, tv=tv))
    return tuple(out)


def play_lines(rules: RuleSet, contract: Contract, declarer_tricks: int) -> tuple[ScoreLine, ...]:
    """The lines that depend only on the tricks taken: tricks, undertricks and slams (§2.1.1–3)."""
    return (trick_lines(rules, contract, declarer_tricks)
            + undertrick_lines(rules, contract, declarer_tricks)
            + slam_lines(rules, contract, declarer_tricks))


def play_points(rules: RuleSet, contract: Contract, declarer_tricks: int) -> tuple[int, int]:
    """The points (N–S, E–W) of :func:`play_lines`: what the play decides, honours aside."""
    t = totals(play_lines(rules, contract, declarer_tricks))
    return (t[Side.NS], t[Side.EW])


def score_result(rules: RuleSet, contract: Contract, declarer_tricks: int,
                 hands: Sequence[Hand]) -> tuple[ScoreLine, ...]:
    """Every line of one played deal (without game and rubber lines, which need the rubber)."""
    if not 0 <= declarer_tricks <= 13:
        from vint_core.errors import Reason, VintError

        raise VintError(Reason.BAD_TRICKS, n=declarer_tricks)
    return play_lines(rules, contract, declarer_tricks) + honour_lines(rules, contract, hands, declarer_tricks)


def game_line(side: Side, rules: RuleSet) -> ScoreLine:
    """§4.4: a game won scores ``game_bonus`` above the line."""
    return _line(side, "game", rules.game_bonus, "game", counts=False, target=rules.game_target)


def rubber_line(side: Side, rules: RuleSet) -> ScoreLine:
    """§2.2 and §4.4: the side that wins the rubber adds ``rubber_bonus``."""
    return _line(side, "rubber", rules.rubber_bonus, "rubber", counts=False)


__all__ = ["LINE_KINDS", "LineKind", "ScoreLine", "Strain", "game_line", "honour_lines", "play_lines", "play_points",
           "rubber_line",
           "score_result", "slam_lines", "totals", "trick_lines", "trick_value", "undertrick_lines"]
