"""Hand evaluation for the computer players, as the course teaches it.

Everything here is a small formula a learner can check by hand:

* **High-card points** (HCP): A 4, K 3, Q 2, J 1; 40 in the pack.
* **Shape**: the suit lengths; a hand is *balanced* when every suit has 2–5 cards.
* **Quick tricks**: per suit A K = 2, A Q = 1½, A = 1, K Q = 1, K x = ½.
* **Playing tricks** for one strain: in each suit the top cards that should win
  (A, K and Q not missing above them) plus the length beyond three cards in the
  trump suit or in a strong suit (two of A K Q).
* **Partnership tricks**: from our combined points (our HCP plus what the
  partner's calls promise) and, at a suit, the combined trump length::

      suit:      7.9 + (points − 20) / 4 + 0.6 × (trumps − 8)
      no-trump:  6.9 + (points − 20) / 4 + long-suit bonus

  "About one trick for every 4 points" above or below an even 20–20 split:
  without a dummy nobody sees the partner's cards, so a point is worth less
  than at bridge (the figures are fitted to RuleBot's own play). Shortness
  (void 3, singleton 2, doubleton 1) adds half its value to the points at a
  suit once we have eight trumps between us.
* **The Vint score of a contract**: the trick count is uncertain (a bell curve
  with a spread of 1.5 tricks); for every possible number of tricks we score
  the deal exactly as the rule set does (tricks for both sides at the trick
  value, undertricks, slams for whichever side takes 12 or 13), add the
  honours our side probably holds, and average. The result is what our side
  expects to score, what the opponents expect to score, and the difference
  ("net"). Passing is valued the same way: the contract that stands if we pass
  (our partner's, or the opponents', seen from their side), or 0 when nobody
  has bid.

>>> from vint_core import Hand, SEED, Strain
>>> ev = evaluate(Hand.parse("AKQ.JT9.876.5432"))
>>> ev.hcp, ev.lengths, ev.balanced, ev.quick_tricks
(10, (3, 3, 3, 4), True, 2.0)
>>> round(partnership_tricks(ev, Strain.NOTRUMP, partner_hcp=15, partner_lengths=(3, 3, 3, 3)), 1)
8.2
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Hand, Rank, Suit
from vint_core.errors import bad_argument
from vint_core.honours import honour_cards
from vint_core.rules import RuleSet, as_rule_set
from vint_core.scoring import honour_lines, play_points, totals
from vint_core.seats import PerSide, Seat

#: points of the top four cards, by how many of them: A, A+K, A+K+Q, A+K+Q+J
_TOP_POINTS = (0, 4, 7, 9, 10)
#: the trick spread (standard deviation) of our estimates, in tricks
TRICK_SPREAD = 1.5
#: points per trick above or below an even split of the 40 HCP
POINTS_PER_TRICK = 4.0
_SLOPE = 1 / POINTS_PER_TRICK


@dataclass(frozen=True, slots=True)
class HandEval:
    """Everything the bots read off one hand, computed once."""

    hcp: int
    #: suit lengths, indexed by Suit (♠ ♥ ♦ ♣)
    lengths: tuple[int, int, int, int]
    quick_tricks: float
    balanced: bool
    #: how many of A K Q J 10 the hand holds in each suit
    honours: tuple[int, int, int, int]
    aces: int
    #: the ranks held in each suit, high to low
    ranks: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]

    def length(self, suit: Suit) -> int:
        return self.lengths[suit]

    def top_honours(self, suit: Suit) -> tuple[int, ...]:
        """The honours (A K Q J 10) held in ``suit``, high to low."""
        return tuple(r for r in self.ranks[suit] if r >= Rank.TEN)

    def shortness_points(self, trump: Suit) -> int:
        """Void 3, singleton 2, doubleton 1, in the suits other than ``trump``."""
        return sum((3, 2, 1)[n] for s, n in enumerate(self.lengths) if s != trump and n < 3)

    def playing_tricks(self, strain: Strain) -> float:
        """Tricks this hand should take on its own with ``strain`` as trumps."""
        trump = strain.suit
        total = 0.0
        for suit in Suit:
            ranks = self.ranks[suit]
            n = len(ranks)
            top = [r for r in ranks[:3]]
            winners = 0.0
            # A wins; K wins with A or a guard; Q wins with two of A K, or with A or K and a guard
            has = {r: r in ranks for r in (Rank.ACE, Rank.KING, Rank.QUEEN)}
            if has[Rank.ACE]:
                winners += 1
            if has[Rank.KING] and n >= 2:
                winners += 1 if has[Rank.ACE] else 0.5
            if has[Rank.QUEEN] and n >= 3:
                winners += 1 if (has[Rank.ACE] and has[Rank.KING]) else (0.5 if (has[Rank.ACE] or has[Rank.KING])
                                                                         else 0.25)
            strong = sum(1 for r in top if r >= Rank.QUEEN) >= 2
            if n > 3 and (suit == trump or strong or (trump is None and n >= 5)):
                winners += n - 3 if suit == trump or strong else (n - 4) * 0.5
            total += winners
        return round(total, 2)


def _quick_tricks(ranks: tuple[int, ...]) -> float:
    a, k, q = Rank.ACE in ranks, Rank.KING in ranks, Rank.QUEEN in ranks
    if a and k:
        return 2.0
    if a and q:
        return 1.5
    if a:
        return 1.0
    if k and q:
        return 1.0
    if k and len(ranks) >= 2:
        return 0.5
    return 0.0


@functools.lru_cache(maxsize=8192)
def evaluate(hand: Hand) -> HandEval:
    """The :class:`HandEval` of a hand (cached: hands are immutable)."""
    ranks = tuple(tuple(int(c.rank) for c in hand.suit(s)) for s in Suit)
    lengths = tuple(len(r) for r in ranks)
    hcp = sum(max(0, r - 10) for rs in ranks for r in rs)
    return HandEval(
        hcp=hcp,
        lengths=lengths,  # type: ignore[arg-type]
        quick_tricks=sum(_quick_tricks(r) for r in ranks),
        balanced=all(2 <= n <= 5 for n in lengths),
        honours=tuple(sum(1 for r in rs if r >= Rank.TEN) for rs in ranks),  # type: ignore[arg-type]
        aces=sum(1 for rs in ranks if rs and rs[0] == Rank.ACE),
        ranks=ranks,  # type: ignore[arg-type]
    )


# -- what the partner's calls promise --------------------------------------------------


def expected_in_range(share: float, lo: float, hi: float, *, narrow: float = 8) -> float:
    """The expected value of a quantity whose even share is ``share``, known to lie in ``[lo, hi]``.

    A narrow range (at most ``narrow`` wide) is read a little below its middle; a
    wide one as the even share, pushed just inside the range.
    """
    if hi - lo <= narrow:
        return lo + 0.4 * (hi - lo)
    return min(max(share, lo + 1 if lo > 0 else lo), hi)


def expected_hcp(lo: int, hi: int, *, my_hcp: int, others: int = 3) -> float:
    """Expected HCP of a hand promised to hold ``lo``–``hi``, when we hold ``my_hcp`` of the 40."""
    return expected_in_range((40 - my_hcp) / others, lo, hi)


def expected_length(lo: int, hi: int, *, my_length: int) -> float:
    """Expected length of another hand in a suit of which we hold ``my_length``, promised ``lo``–``hi``.

    A promised minimum reads as that minimum and a half; otherwise the even share.
    """
    hi = min(hi, 13 - my_length)
    share = (13 - my_length) / 3
    if share < lo:
        return min(hi, lo + 0.5)
    return min(share, hi)


# -- tricks ----------------------------------------------------------------------------


def side_tricks(strain: Strain, *, points: float, trumps: float, long_suit_bonus: float = 0.0) -> float:
    """Tricks a side expects as declarer from its combined points and, at a suit, its trump length."""
    if strain is Strain.NOTRUMP:
        tricks = 6.9 + _SLOPE * (points - 20) + long_suit_bonus
    else:
        tricks = 7.9 + _SLOPE * (points - 20) + 0.6 * (trumps - 8)
    return min(13.0, max(0.0, tricks))


def partnership_tricks(ev: HandEval, strain: Strain, *, partner_hcp: float,
                       partner_lengths: tuple[float, float, float, float]) -> float:
    """Tricks our side expects as declarer in ``strain``: this hand plus what the partner promised."""
    points = ev.hcp + partner_hcp
    trump = strain.suit
    if trump is None:
        bonus = 0.0
        for suit in Suit:
            n = ev.lengths[suit]
            if n >= 6 and sum(1 for r in ev.ranks[suit][:3] if r >= Rank.QUEEN) >= 2:
                bonus += 0.5 * (n - 5)
        return side_tricks(strain, points=points, trumps=0, long_suit_bonus=bonus)
    trumps = ev.lengths[trump] + partner_lengths[trump]
    if trumps >= 8:
        points += min(4, ev.shortness_points(trump)) / 2
    return side_tricks(strain, points=points, trumps=trumps)


@functools.lru_cache(maxsize=4096)
def trick_distribution(mean_tenths: int, spread_tenths: int = int(TRICK_SPREAD * 10)) -> tuple[float, ...]:
    """Probabilities of 0–13 tricks around a mean (in tenths of a trick): a bell curve cut to 0–13."""
    mean, sd = mean_tenths / 10, spread_tenths / 10
    weights = [math.exp(-((t - mean) ** 2) / (2 * sd * sd)) for t in range(14)]
    total = sum(weights)
    return tuple(w / total for w in weights)


def distribution(mean: float) -> tuple[float, ...]:
    """:func:`trick_distribution` for a mean in tricks."""
    return trick_distribution(round(mean * 10))


# -- honours ---------------------------------------------------------------------------


def _binomial(n: int, p: float) -> list[float]:
    return [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


def honours_units(rules: RuleSet, strain: Strain, *, held: int, partner_share: float) -> float:
    """Expected honour points our side nets (ours minus theirs), in units of the trick value.

    ``held`` is how many of the honours this hand holds (A K Q J 10 of trumps, or
    the aces at no-trump); each of the others is the partner's with probability
    ``partner_share``. The points are the rule set's own (:func:`vint_core.scoring.honour_lines`);
    where they depend on who takes 7 tricks (aces split 2–2 under "majority"),
    both outcomes count half. Under "majority" at a suit contract only the trump
    honours are counted, not the aces.
    """
    return _honours_units(rules, strain, held, min(1.0, max(0.0, partner_share)))


@functools.lru_cache(maxsize=8192)
def _honours_units(rules: RuleSet, strain: Strain, held: int, share: float) -> float:
    """:func:`honours_units` (cached: the shares a bot works with come from a few promised ranges)."""
    nets = _honour_nets(rules, strain)
    size = len(nets) - 1
    probs = _binomial(size - held, share)
    return sum(p * nets[held + extra] for extra, p in enumerate(probs))


@functools.lru_cache(maxsize=64)
def _honour_nets(rules: RuleSet, strain: Strain) -> tuple[float, ...]:
    """For each count our side may hold (0 to 5, or 4 aces): honour points ours minus theirs, in
    trick values, as :func:`vint_core.scoring.honour_lines` gives them (each side taking 7 tricks half
    the time)."""
    size = len(honour_cards(strain))
    contract = Contract(1, strain, Seat.NORTH)  # our side is N–S; who declares does not change honours
    tv = rules.trick_value_of(1, strain)
    nets = []
    for ours in range(size + 1):
        held_by = PerSide(ours, size - ours)
        net = 0.0
        for tricks in (7, 6):
            ns, ew = totals(honour_lines(rules, contract, held_by, tricks))
            net += (ns - ew) / 2
        nets.append(net / tv if tv else 0.0)
    return tuple(nets)


# -- the Vint score of a contract ------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def score_table(rules: RuleSet, level: int, strain: Strain) -> tuple[PerSide[int], ...]:
    """For 0–13 tricks by the declaring side: (declarers' points, defenders' points).

    Tricks, undertricks and slams exactly as :mod:`vint_core.scoring` counts them;
    honours are added separately because they depend on the cards as dealt.
    """
    contract = Contract(level, strain, Seat.NORTH)  # declarers N–S
    return tuple(play_points(rules, contract, d) for d in range(14))


@functools.lru_cache(maxsize=1024)
def _score_pairs(rules: RuleSet, level: int, strain: Strain) -> tuple[tuple[int, int], ...]:
    """:func:`score_table` as plain pairs, which the estimate reads fourteen times a contract."""
    return tuple((points.ns, points.ew) for points in score_table(rules, level, strain))


@dataclass(frozen=True, slots=True)
class Estimate:
    """What a contract is worth to our side, on average."""

    level: int
    strain: Strain
    #: tricks the declaring side expects
    tricks: float
    #: chance that the declaring side makes the contract
    p_make: float
    #: points our side and the opponents expect (honours included)
    ours: float
    theirs: float

    @property
    def net(self) -> float:
        """Our points minus theirs: what the course calls the value of a contract."""
        return self.ours - self.theirs


def _is_game_score(value: object) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10**9 for n in value))


def _estimate_arguments(rules: object, level: object, strain: object, tricks: object, we_declare: object,
                        honours: object, game_score: object) -> tuple[RuleSet, Strain]:
    """:func:`estimate_contract`'s rule set and strain read (names and texts too), or a ``VintError`` that says
    which argument cannot be what it is."""
    rule_set = as_rule_set(rules)  # type: ignore[arg-type]
    if not isinstance(strain, (Strain, str)):
        raise bad_argument("strain", strain, "arg_strain")
    chosen = Strain.of(strain)
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 7:
        raise bad_argument("level", level, "arg_whole", low=1, high=7)
    if isinstance(tricks, bool) or not isinstance(tricks, (int, float)) or not 0 <= tricks <= 13:
        raise bad_argument("tricks", tricks, "arg_number", low=0, high=13)
    if not isinstance(we_declare, bool):
        raise bad_argument("we_declare", we_declare, "arg_bool")
    if isinstance(honours, bool) or not isinstance(honours, (int, float)) or not math.isfinite(honours):
        raise bad_argument("honours", honours, "arg_real")
    if game_score is not None and not _is_game_score(game_score):
        raise bad_argument("game_score", game_score, "arg_game_score")
    return rule_set, chosen


def estimate_contract(rules: RuleSet | str, level: int, strain: Strain | str, *, tricks: float,
                      we_declare: bool = True, honours: float = 0.0,
                      game_score: tuple[int, int] | None = None) -> Estimate:
    """The Vint score of a contract, from our side's point of view.

    ``tricks`` is what the declaring side expects to take; ``we_declare`` says
    whose contract it is; ``honours`` is our expected net honour count in units of
    the trick value (:func:`honours_units`); ``game_score`` (ours, theirs), when
    known, adds the rubber bonus for every outcome that takes one side to the game
    target first (a side near 1000 values a cheap, safe contract). ``rules`` may be a rule set's name and
    ``strain`` a strain's text (``"H"``, ``"hearts"``); anything that cannot be raises a
    :class:`~vint_core.errors.VintError` that says what may be given.
    """
    if not (rules.__class__ is RuleSet and strain.__class__ is Strain and level.__class__ is int and 1 <= level <= 7
            and tricks.__class__ in (int, float) and 0 <= tricks <= 13 and we_declare.__class__ is bool
            and honours.__class__ in (int, float) and math.isfinite(honours)
            and (game_score is None or _is_game_score(game_score))):
        rules, strain = _estimate_arguments(rules, level, strain, tricks, we_declare, honours, game_score)
    table = _score_pairs(rules, level, strain)
    dist = distribution(tricks)
    tv = rules.trick_value_of(level, strain)
    hon = honours * tv
    ours_honours, theirs_honours = max(hon, 0.0), max(-hon, 0.0)
    ours = theirs = 0.0
    p_make = 0.0
    need = 6 + level
    target = rules.game_target
    use_game = game_score is not None and rules.game_counts == "all"
    for d, p in enumerate(dist):
        if p < 1e-6:
            continue
        decl, dfn = table[d]
        a = float(decl if we_declare else dfn) + ours_honours
        b = float(dfn if we_declare else decl) + theirs_honours
        if use_game and game_score is not None:
            ga, gb = game_score[0] + a, game_score[1] + b
            if ga >= target and ga > gb:
                a += rules.rubber_bonus
            elif gb >= target and gb > ga:
                b += rules.rubber_bonus
        ours += p * a
        theirs += p * b
        if d >= need:
            p_make += p
    return Estimate(level, strain, tricks, p_make, ours, theirs)


__all__ = [
    "POINTS_PER_TRICK", "TRICK_SPREAD", "Estimate", "HandEval", "distribution", "estimate_contract", "evaluate",
    "expected_hcp", "expected_in_range", "expected_length", "honours_units", "partnership_tricks", "score_table",
    "side_tricks", "trick_distribution",
]
