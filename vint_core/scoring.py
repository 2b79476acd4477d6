"""Scoring: one small pure function per rule of docs/rules.md §2.1 and §4.4.

Every number comes out as a :class:`ScoreLine` that says which side gets it,
what kind of points they are, and how they were computed, so that a score
sheet can explain itself. :func:`score_contract` puts the lines of one deal
together from the contract, the tricks and the honours held (what-if scoring:
no play, no hands needed); :meth:`~vint_core.deal.Deal.score` is it for a played deal.

>>> from vint_core import Contract, Strain, Seat, SEED, Hand
>>> c = Contract(4, Strain.HEARTS, Seat.NORTH)
>>> for line in trick_lines(SEED, c, 9) + undertrick_lines(SEED, c, 9):
...     print(line)
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
from vint_core.cards import Card, Hand
from vint_core.errors import Reason, VintError, bad_argument, shown
from vint_core.honours import honour_cards, honours_count, honours_held
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.seats import PerSide, Side

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

    def text(self, lang: str = "en") -> str:
        """``"E–W: 1 undertrick × 2 × 40 = 80"``, in English ("en") or German ("de")."""
        from vint_core.i18n import score_text

        return score_text(self.key, lang, dict(self.params), side=self.side, points=self.points)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<ScoreLine {self.side} {self.kind} {self.points}: {self.text()!r}>"


def _line(side: Side, kind: LineKind, points: int, key: str, *, counts: bool = True, **params: Any) -> ScoreLine:
    return ScoreLine(side, kind, points, key, tuple(params.items()), counts)


def totals(lines: Iterable[ScoreLine]) -> PerSide[int]:
    """Points per side: ``PerSide(ns=…, ew=…)``."""
    if isinstance(lines, (str, bytes, ScoreLine)) or not isinstance(lines, Iterable):
        raise bad_argument("lines", lines, "arg_lines")
    lines = tuple(lines)
    if not all(isinstance(line, ScoreLine) for line in lines):
        raise bad_argument("lines", lines, "arg_lines")
    out = [0, 0]
    for line in lines:
        out[line.side] += line.points
    return PerSide(out[0], out[1])


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


def honour_lines(rules: RuleSet, contract: Contract, held: PerSide[int], declarer_tricks: int, *,
                 aces: PerSide[int] | None = None,
                 cards: PerSide[tuple[Card, ...]] | None = None) -> tuple[ScoreLine, ...]:
    """§2.1.4 and §4.4: honours, judged on the cards as dealt, for whichever side holds them.

    ``held`` is how many honours each side holds: of A K Q J 10 of trumps at a
    suit contract, of the aces at no-trump (:func:`vint_core.honours.honours_count`).
    Under the ``majority`` rule (``foster_1897``) the aces are a second count at a
    suit contract: ``aces`` gives it, and None leaves it out. ``cards`` (the honours each
    side holds, :func:`vint_core.honours.honours_held`) names them in the line, when known.
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
        counts_to_check: list[tuple[LineKind, PerSide[int], int, int]] = []
        if trump is not None:
            counts_to_check.append(("honours", held, 5, rules.majority_honour_multiplier))
            if aces is not None:
                counts_to_check.append(("aces", aces, 4, rules.majority_honour_multiplier))
        else:
            counts_to_check.append(("aces", held, 4, rules.majority_nt_ace_multiplier))
        for kind, per_side, size, mult in counts_to_check:
            for side, n in per_side.items():
                if 2 * n > size:
                    named = _ranks(cards, side) if kind == "honours" else ""
                    key = f"majority_{kind}" + ("_count" if kind == "honours" and not named else "")
                    out.append(_line(side, kind, n * mult * tv, key, counts=counts, n=n, mult=mult, tv=tv,
                                     suit=trump, cards=named))
                elif 2 * n == size and won[side] >= 7:
                    out.append(_line(side, kind, n * mult * tv, "split_aces", counts=counts,
                                     n=n, mult=mult, tv=tv))
        return tuple(out)
    for side, n in held.items():
        if trump is not None:
            mult = {5: rules.five_honours_multiplier, 4: rules.four_honours_multiplier,
                    3: rules.three_honours_multiplier}.get(n, 0)
            if mult:
                named = _ranks(cards, side)
                out.append(_line(side, "honours", mult * tv, "honours" if named else "honours_count", counts=counts,
                                 n=n, mult=mult, tv=tv, suit=trump, cards=named))
        else:
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


def play_points(rules: RuleSet, contract: Contract, declarer_tricks: int) -> PerSide[int]:
    """The points of :func:`play_lines`: what the play decides, honours aside."""
    return totals(play_lines(rules, contract, declarer_tricks))


def _ranks(cards: PerSide[tuple[Card, ...]] | None, side: Side) -> str:
    """The ranks of a side's trump honours as the cards show them, high to low ("A K J 10"); "" if unknown."""
    return "" if cards is None else " ".join(str(card.rank) for card in cards[side])


def score_contract(contract: Contract | str, *, tricks: int, honours: PerSide[int] | Sequence[Hand] | None = None,
                   aces: PerSide[int] | None = None, rules: RuleSet | str = SEED) -> tuple[ScoreLine, ...]:
    """Every line a contract scores, from the tricks the declaring side took and the honours held.

    What-if scoring, no play needed: ``contract`` is a :class:`~vint_core.auction.Contract` or its
    text (``"4♥ N"``, ``"3NT by South"``); ``tricks`` are the declaring side's
    (0–13); ``honours`` is how many each side holds (``PerSide(ns=2, ew=3)``: of
    A K Q J 10 of trumps, or of the aces at no-trump), or the four hands as
    dealt (indexed by seat), or None for no honours lines; ``rules`` a
    :class:`~vint_core.rules.RuleSet` or its name (``"short"``). Game and rubber lines
    are not included: they need the rubber (:class:`~vint_core.rubber.Rubber`).
    Anything else raises a :class:`~vint_core.errors.VintError` that says what may be given.

    Under ``foster_1897`` (the "majority" rule) a suit contract has two counts,
    the trump honours and the aces: give the aces' count as ``aces=PerSide(…)``
    too, or give the hands. At no-trump ``honours`` counts the aces and
    ``aces`` is not needed.

    >>> for line in score_contract("4♥ N", tricks=9, honours=PerSide(2, 3)):
    ...     print(line)
    N–S: 9 tricks × 40 = 360
    E–W: 4 tricks × 40 = 160
    E–W: 1 undertrick × 2 × 40 = 80
    >>> print(totals(score_contract("4♥ N", tricks=10, honours=PerSide(5, 0), rules="short")))
    N–S 800, E–W 120
    """
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    elif not isinstance(contract, Contract):
        raise bad_argument("contract", contract, "arg_contract")
    rules = as_rule_set(rules)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise VintError(Reason.BAD_TRICKS, n=shown(tricks))
    if aces is not None and not isinstance(aces, PerSide):
        raise bad_argument("aces", aces, "arg_aces")
    strain = contract.strain
    if honours is None:
        held: PerSide[int] | None = None
        named: PerSide[tuple[Card, ...]] | None = None
    elif isinstance(honours, PerSide):
        named = None
        held = _checked_count(honours, size=len(honour_cards(strain)))
        if aces is not None:
            aces = _checked_count(aces, size=4)
        elif (strain is not Strain.NOTRUMP and rules.honours_suit == "majority"):
            raise VintError(Reason.ACES_NEEDED, rules=rules.name, contract=str(contract.bid))
    elif honours.__class__ is not tuple and (isinstance(honours, (str, bytes)) or not isinstance(honours, Sequence)):
        raise bad_argument("honours", honours, "arg_honours")
    else:
        held = honours_count(honours, strain)
        majority = strain is not Strain.NOTRUMP and rules.honours_suit == "majority"
        aces = honours_count(honours, Strain.NOTRUMP) if majority else None
        named = honours_held(honours, strain) if strain is not Strain.NOTRUMP else None
    lines = play_lines(rules, contract, tricks)
    if held is not None:
        lines += honour_lines(rules, contract, held, tricks, aces=aces, cards=named)
    return lines


def played_lines(rules: RuleSet, contract: Contract, tricks: int, hands: Sequence[Hand]) -> tuple[ScoreLine, ...]:
    """:func:`score_contract` for a played deal, its values already checked (the engine's path): the lines of
    ``contract`` with the declaring side's ``tricks`` and the honours as the four ``hands`` were dealt.

    The lines are immutable values, so each set is worked out once and kept: the play's lines by
    rule set, contract and tricks, the honours' by rule set, contract and which honours North–South held
    (and the tricks, under "majority"), at most ``KEPT`` of each.
    """
    # keyed by the ids of the rule set and the contract (a deal's contract is one of a few, see Auction.contract),
    # which are kept with the lines, so that each id stays its own
    rid, cid = id(rules), id(contract)
    key = (rid, cid, tricks)
    kept = _PLAY_KEPT.get(key)
    if kept is None or kept[0] is not rules or kept[1] is not contract:
        if len(_PLAY_KEPT) >= KEPT:
            _PLAY_KEPT.clear()
        kept = _PLAY_KEPT[key] = (rules, contract, play_lines(rules, contract, tricks))
    lines = kept[2]
    strain = contract.strain
    rule = rules.honours_nt if strain is Strain.NOTRUMP else rules.honours_suit
    if rule == "none":
        return lines
    ns = (hands[0].mask | hands[2].mask) & _HONOURS_KEY[strain]
    honours_key = (rid, cid, ns, tricks if rule == "majority" else -1)
    kept = _HONOURS_KEPT.get(honours_key)
    if kept is None or kept[0] is not rules or kept[1] is not contract:
        if len(_HONOURS_KEPT) >= KEPT:
            _HONOURS_KEPT.clear()
        kept = _HONOURS_KEPT[honours_key] = (rules, contract, _hand_honour_lines(rules, contract, tricks, hands))
    return lines + kept[2]


#: how many sets of lines :func:`played_lines` keeps of each kind (then it starts again)
KEPT = 4096  # some 0.7 KB each: a few MB at most
_PLAY_KEPT: dict[tuple[int, int, int], tuple[RuleSet, Contract, tuple[ScoreLine, ...]]] = {}
_HONOURS_KEPT: dict[tuple[int, int, int, int], tuple[RuleSet, Contract, tuple[ScoreLine, ...]]] = {}
#: the cards whose holder the honours' lines depend on, by strain: the trump honours and the aces
_HONOURS_KEY = {strain: sum(card.bit for card in {*honour_cards(strain), *honour_cards(Strain.NOTRUMP)})
                for strain in Strain}


def _hand_honour_lines(rules: RuleSet, contract: Contract, tricks: int, hands: Sequence[Hand]) -> tuple[ScoreLine, ...]:
    """The honours' lines of :func:`score_contract` given the four hands."""
    strain = contract.strain
    held = honours_count(hands, strain)
    majority = strain is not Strain.NOTRUMP and rules.honours_suit == "majority"
    aces = honours_count(hands, Strain.NOTRUMP) if majority else None
    named = honours_held(hands, strain) if strain is not Strain.NOTRUMP else None
    return honour_lines(rules, contract, held, tricks, aces=aces, cards=named)


def _checked_count(count: PerSide[int], *, size: int) -> PerSide[int]:
    """A per-side count of honours (``size`` of them in all), or a ``VintError`` that says why not."""
    ns, ew = count
    if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (ns, ew)) or ns + ew != size:
        raise VintError(Reason.BAD_HONOURS if size == 5 else Reason.BAD_ACES, ns=ns, ew=ew)
    return count


def game_line(side: Side, rules: RuleSet) -> ScoreLine:
    """§4.4: a game won scores ``game_bonus`` above the line."""
    return _line(side, "game", rules.game_bonus, "game", counts=False, target=rules.game_target)


def rubber_line(side: Side, rules: RuleSet) -> ScoreLine:
    """§2.2 and §4.4: the side that wins the rubber adds ``rubber_bonus``."""
    return _line(side, "rubber", rules.rubber_bonus, "rubber", counts=False)


__all__ = ["KEPT", "LINE_KINDS", "LineKind", "ScoreLine", "Strain", "game_line", "honour_lines", "play_lines",
           "play_points", "played_lines", "rubber_line", "score_contract", "slam_lines", "totals", "trick_lines",
           "trick_value", "undertrick_lines"]
