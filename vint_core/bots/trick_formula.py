"""A trick formula fitted to double dummy: the tricks a side takes, from a few counts of its two hands.

Two forms, each a sum of coefficients times terms (plain Python, no numpy at run time):

* :func:`hand_terms`: one hand and what it knows (or assumes) of its partner: the partner's points and trump
  length. Fitted to the better declarer of the side (RuleBot's question: "what can we make?").
* :func:`pair_terms`: both hands known (a layout SimBot has dealt), for a given declarer: the combined points
  (and their square), the combined trumps below and above 8, both hands' shortness, the side's trump honours,
  controls and the declarer's trump length; at no-trump the side's longest suit, its stopped suits, controls
  and aces.

The coefficients are least squares of double-dummy results on 600 seeded deals (seeds 1000–1599, rules
``seed``), printed by ``bench/bots.py --parts fit`` for pasting here; its root mean square error on 300 other
deals (seeds 1600–1899) is in bench/README.md. :func:`pair_tricks` is what SimBot's calls use with
``tricks="formula"`` instead of solving each layout.

>>> from vint_core import Hand, Strain
>>> north, south = Hand.parse("AKQ72.K53.A4.Q62"), Hand.parse("J854.A72.K95.K73")
>>> round(pair_tricks(north, south, Strain.SPADES), 1) > round(pair_tricks(north, south, Strain.CLUBS), 1)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from vint_core.bots.evaluation import HandEval, evaluate
from vint_core.calls import Strain
from vint_core.cards import Hand

#: the error of :func:`pair_tricks` on deals it was not fitted on (root mean square, tricks): at a suit, at no-trump
PAIR_SPREAD = (1.1, 1.3)

#: :func:`hand_terms`' coefficients at a suit and at no-trump
HAND_SUIT: tuple[float, ...] = (7.8828, 0.3665, 0.007, 1.1001, -0.506, 0.4954, 0.1256, 0.0535, 0.0035, -0.087)
HAND_NOTRUMP: tuple[float, ...] = (6.1882, 0.4992, 0.0279, -0.0668, 0.0188, -0.0842, 0.3515)
#: :func:`pair_terms`' coefficients at a suit and at no-trump
PAIR_SUIT: tuple[float, ...] = (4.572, 0.222, 0.0084, 0.9256, -0.5514, 0.3758, 0.3825, 0.3099, 0.3678, 0.0056, 0.0042)
PAIR_NOTRUMP: tuple[float, ...] = (4.0891, 0.3587, 0.0403, -0.1543, 0.3765, 0.2011, 0.318)


def _controls(ev: HandEval) -> int:
    """Aces 2, kings 1."""
    return sum(2 for r in ev.ranks if r and r[0] == 14) + sum(1 for r in ev.ranks if 13 in r)


def _stopped(ranks: Sequence[int]) -> bool:
    """A, K x or Q x x."""
    return bool(ranks) and (ranks[0] == 14 or (13 in ranks and len(ranks) >= 2) or (12 in ranks and len(ranks) >= 3))


def hand_terms(ev: HandEval, strain: Strain, partner_hcp: float, partner_length: float) -> list[float]:
    """The one-hand formula's terms: the combined points above 20 (and their square, in tenths), and at a suit
    the combined trumps above or below 8 (and above only), this hand's shortness (as the shipped formula counts
    it, once there are 8 trumps), its trump honours, its controls (ace 2, king 1), points × trumps and its own
    trump length; at no-trump its longest suit, its stopped suits (A, K x, Q x x), controls and aces."""
    p = ev.hcp + partner_hcp - 20
    controls = float(_controls(ev))
    suit = strain.suit
    if suit is None:
        stopped = sum(1 for r in ev.ranks if _stopped(r))
        return [1.0, p, p * p / 10, float(max(ev.lengths)), float(stopped), controls, float(ev.aces)]
    trumps = ev.lengths[suit] + partner_length - 8
    short = min(4, ev.shortness_points(suit)) / 2 if trumps >= 0 else 0.0
    return [1.0, p, p * p / 10, trumps, max(0.0, trumps), short, float(ev.honours[suit]), controls,
            p * trumps / 10, float(ev.lengths[suit])]


def pair_terms(ev: HandEval, partner: HandEval, strain: Strain) -> list[float]:
    """The two-hand formula's terms, ``ev`` the declarer's hand (see the module's text)."""
    p = ev.hcp + partner.hcp - 20
    controls = float(_controls(ev) + _controls(partner))
    suit = strain.suit
    if suit is None:
        stopped = sum(1 for s in range(4) if _stopped(ev.ranks[s]) or _stopped(partner.ranks[s]))
        longest = max(a + b for a, b in zip(ev.lengths, partner.lengths, strict=True))
        return [1.0, p, p * p / 10, float(longest), float(stopped), controls, float(ev.aces + partner.aces)]
    trumps = ev.lengths[suit] + partner.lengths[suit] - 8
    fit = trumps >= 0
    short = min(4, ev.shortness_points(suit)) / 2 if fit else 0.0
    short_partner = min(4, partner.shortness_points(suit)) / 2 if fit else 0.0
    return [1.0, p, p * p / 10, float(trumps), float(max(0, trumps)), short, short_partner,
            float(ev.honours[suit] + partner.honours[suit]), controls, p * trumps / 10, float(ev.lengths[suit])]


def _value(coefficients: Sequence[float], terms: Sequence[float]) -> float:
    return min(13.0, max(0.0, sum(c * t for c, t in zip(coefficients, terms, strict=True))))


def hand_tricks(ev: HandEval, strain: Strain, *, partner_hcp: float, partner_length: float) -> float:
    """The tricks the side expects (its better declarer) from one hand and its partner's points and trumps."""
    terms = hand_terms(ev, strain, partner_hcp, partner_length)
    return _value(HAND_NOTRUMP if strain.suit is None else HAND_SUIT, terms)


def pair_tricks(declarer: Hand, partner: Hand, strain: Strain) -> float:
    """The tricks ``declarer`` is expected to take double dummy in ``strain`` with ``partner``'s hand."""
    terms = pair_terms(evaluate(declarer), evaluate(partner), strain)
    return _value(PAIR_NOTRUMP if strain.suit is None else PAIR_SUIT, terms)


__all__ = ["HAND_NOTRUMP", "HAND_SUIT", "PAIR_NOTRUMP", "PAIR_SPREAD", "PAIR_SUIT", "hand_terms", "hand_tricks",
           "pair_terms", "pair_tricks"]
