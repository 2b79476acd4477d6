"""Checks for the scoring exercises: tricks needed, trick value, trick points, honours, a whole deal.

The engine (:mod:`vint_core.scoring`) gives the right answers and explains them
line by line; the known mistakes are the engine's answers under a changed rule
(another rule set, or hands as the learner wrongly counts them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import vint_core.checks.cases as gen
from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Card, Hand, Rank, deal_hands
from vint_core.checks.guard import HONOURS, SCORING
from vint_core.checks.result import CheckResult
from vint_core.checks.runner import DEFAULT_CASES, NUMBER, PAIR, Case, run_check
from vint_core.deal import Deal
from vint_core.honours import honours_count
from vint_core.honours import honours_held as held_by_side
from vint_core.i18n import Joined, Phrase
from vint_core.rules import SEED, TrickValue, UndertrickPenalty
from vint_core.scoring import ScoreLine, honour_lines, score_contract, slam_lines, totals, trick_lines, undertrick_lines
from vint_core.seats import Seat, Side

_NO_SURCHARGE = SEED.replace(trick_value=TrickValue(10, 0))
_SINGLE_UNDERTRICKS = SEED.replace(undertrick_penalty=UndertrickPenalty(1))
Lines = Sequence[ScoreLine]
#: the engine's own count of a bid's tricks
_PROMISE = ("vint_core.auction.Contract.tricks_needed", "vint_core.calls.Bid.tricks")


def _pair(lines: Lines) -> tuple[int, int]:
    t = totals(lines)
    return (t.ns, t.ew)


def _honour_lines(contract: Contract, hands: Sequence[Hand], tricks: int) -> tuple[ScoreLine, ...]:
    return honour_lines(SEED, contract, honours_count(hands, contract.strain), tricks)


def _why(lines: Lines) -> Joined:
    return Joined(lines, sep=Phrase("words_semicolon"), empty=Phrase("check_nobody_scores"))


def _one_trick_undertricks(contract: Contract, tricks: int) -> tuple[ScoreLine, ...]:
    """The undertricks of a learner who takes a bid of n for n tricks."""
    short = contract.level - tricks
    return undertrick_lines(SEED, contract, contract.tricks_needed - short) if short > 0 else ()


def _for_tricks(contract: Contract, n: int) -> Phrase:
    """"for 4♥ by North with 9 tricks", in either language."""
    return Phrase("check_for_one_trick", contract=contract) if n == 1 else Phrase("check_for_tricks",
                                                                                   contract=contract, n=n)


def _without(lines: Lines, *, side: Side, kind: str) -> tuple[ScoreLine, ...]:
    return tuple(line for line in lines if not (line.side == side and line.kind == kind))


_SWAP = {Rank.ACE: Rank.KING, Rank.KING: Rank.ACE}


def kings_for_aces(hands: Sequence[Hand]) -> tuple[Hand, ...]:
    """The hands with every ace and king swapped: the engine then counts kings where it counts aces."""
    return tuple(Hand(Card(c.suit, _SWAP.get(c.rank, c.rank)) for c in hand) for hand in hands)


def honours_dealt(contract: Contract, hands: Sequence[Hand], lang: str = "en") -> str:
    """``"honours dealt: N–S A♥ K♥ Q♥, E–W J♥ 10♥"``: the honours of the contract, by side, as dealt."""
    return _honours_dealt(contract, hands).text(lang)


def _honours_dealt(contract: Contract, hands: Sequence[Hand]) -> Phrase:
    held = held_by_side(hands, contract.strain)
    parts = Joined((Phrase("check_side_held", side=side,
                           cards=Joined(map(str, cards), sep=" ", empty=Phrase("check_none")))
                    for side, cards in held.items()), sep=Phrase("words_comma"))
    return Phrase("check_aces_dealt" if contract.strain is Strain.NOTRUMP else "check_honours_dealt", parts=parts)


def _with_honours(what: Phrase, contract: Contract, hands: Sequence[Hand]) -> Phrase:
    return Phrase("check_with_honours", what=what, honours=_honours_dealt(contract, hands))


# -- exercise 1 ------------------------------------------------------------------------------------


def tricks_needed(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(level) -> int``: how many tricks a bid of ``level`` promises (6 + level)."""
    rng = gen.checks_rng("tricks_needed", seed)
    qs = []
    levels = list(range(1, 8))  # every level, then random ones
    for _ in range(max(0, cases - len(levels))):
        levels.append(rng.randint(1, 7))
    for level in levels:
        qs.append(Case((level,), Phrase("check_for_bid", level=level), 6 + level,
                       Phrase("check_why_tricks_needed", level=level), {"bid_is_tricks": level}))
    return run_check("tricks_needed", fn, qs, NUMBER, lang=lang, forbidden=_PROMISE)


def trick_value(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(contract) -> int``: the points per trick of a contract (10 × level, + 10 at no-trump)."""
    rng = gen.checks_rng("trick_value", seed)
    qs = []
    # every bid there is, from 1♠ to 7NT, then random contracts
    every = [Contract(bid.level, bid.strain, list(Seat)[i % 4]) for i, bid in enumerate(SEED.bids)]
    for c in every + [gen.contract(rng) for _ in range(max(0, cases - len(every)))]:
        tv = SEED.trick_value_of(c.level, c.strain)
        why = Phrase("check_why_trick_value_nt" if c.strain is Strain.NOTRUMP else "check_why_trick_value",
                     level=c.level)
        qs.append(Case((c,), Phrase("check_for", what=c), tv, why, {"no_nt_surcharge": 10 * c.level}))
    return run_check("trick_value", fn, qs, NUMBER, lang=lang, forbidden=SCORING)


# -- exercise 2 ------------------------------------------------------------------------------------


def trick_points(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(contract, declarer_tricks) -> (ns, ew)``: trick points and undertricks, both sides (§2.1.1–2)."""
    rng = gen.checks_rng("trick_points", seed)
    qs = []
    edges = [(c, d) for c in gen.boundary_contracts() for d in gen.boundary_tricks(c)]
    for c, d in edges + [(gen.contract(rng), rng.randint(0, 13)) for _ in range(max(0, cases - len(edges)))]:
        lines = trick_lines(SEED, c, d) + undertrick_lines(SEED, c, d)
        wrong = {
            "declarers_only_score": _pair(_without(lines, side=c.side.other, kind="tricks")),
            "bid_is_tricks": _pair(trick_lines(SEED, c, d) + _one_trick_undertricks(c, d)),
            "undertricks_single": _pair(trick_lines(SEED, c, d) + undertrick_lines(_SINGLE_UNDERTRICKS, c, d)),
            "no_nt_surcharge": _pair(trick_lines(_NO_SURCHARGE, c, d) + undertrick_lines(_NO_SURCHARGE, c, d)),
        }
        qs.append(Case((c, d), _for_tricks(c, d), _pair(lines), _why(lines), wrong))
    return run_check("trick_points", fn, qs, PAIR, lang=lang, forbidden=SCORING)


# -- exercise 5 ------------------------------------------------------------------------------------


def _won_cards(deal: Deal) -> tuple[Hand, ...]:
    """Four "hands" holding the cards each side won in tricks (N–S's in North's, E–W's in East's)."""
    won: dict[Side, list[Card]] = {Side.NS: [], Side.EW: []}
    for trick in deal.tricks:
        assert trick.winner is not None
        won[trick.winner.side].extend(trick.cards)
    return (Hand(won[Side.NS]), Hand(won[Side.EW]), Hand(), Hand())


def honour_points(fn: Any, *, cases: int = 150, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(deal) -> (ns, ew)``: the honour points of a finished deal (§2.1.4)."""
    rng = gen.checks_rng("honour_points", seed)
    qs = []
    deals = []
    for strain, cards, _shown in gen.boundary_holdings():  # the edges of the honour rules, always asked
        declarer = rng.choice(list(Seat))
        deals.append(gen.finished_deal(rng, the_contract=Contract(rng.randint(1, 7), strain, declarer), fixed=cards))
    for i in range(max(0, cases - len(deals))):
        # every third deal at no-trump, so that aces come up often enough
        fixed = gen.contract(rng)
        if i % 3 == 0:
            fixed = Contract(fixed.level, Strain.NOTRUMP, fixed.declarer)
        deals.append(gen.finished_deal(rng, the_contract=fixed))
    for deal in deals:
        c, d = deal.contract, deal.declarer_tricks
        assert c is not None and d is not None
        lines = _honour_lines(c, deal.hands, d)
        wrong = {
            "honours_from_tricks": _pair(_honour_lines(c, _won_cards(deal), d)),
            "kings_at_nt": _pair(_honour_lines(c, kings_for_aces(deal.hands), d)),
        }
        described = _with_honours(Phrase("check_for", what=c), c, deal.hands)
        qs.append(Case((deal,), described, _pair(lines), _why(lines), wrong))
    return run_check("honour_points", fn, qs, PAIR, lang=lang, forbidden=SCORING + HONOURS)


# -- exercise 6 ------------------------------------------------------------------------------------


def deal_score(fn: Any, *, cases: int = DEFAULT_CASES, seed: int = 0, lang: str = "en") -> CheckResult:
    """``fn(contract, declarer_tricks, hands) -> (ns, ew)``: every point of one played deal (§2.1)."""
    rng = gen.checks_rng("deal_score", seed)
    qs = []
    asked = [(c, d, gen.hands(rng)) for c in gen.boundary_contracts() for d in gen.boundary_tricks(c)]
    for strain, cards, _shown in gen.boundary_holdings():  # the honours' edges, made and failed
        c = Contract(rng.randint(1, 7), strain, rng.choice(list(Seat)))
        for d in (c.tricks_needed, c.tricks_needed - 1):
            asked.append((c, d, deal_hands(Seat.NORTH, rng, fixed=cards)))
    for _ in range(max(0, cases - len(asked))):
        c = gen.contract(rng)
        # slams and near-slams for either side come up often
        d = rng.choice((0, 1, 12, 13)) if rng.random() < 0.3 else rng.randint(0, 13)
        asked.append((c, d, gen.hands(rng)))
    for c, d, hands in asked:
        lines = score_contract(c, tricks=d, honours=hands)
        honours = _honour_lines(c, hands, d)
        play = trick_lines(SEED, c, d) + undertrick_lines(SEED, c, d) + slam_lines(SEED, c, d)
        wrong = {
            "declarers_only_score": _pair(_without(lines, side=c.side.other, kind="tricks")),
            "slams_declarers_only": _pair(_without(lines, side=c.side.other, kind="slam")),
            "kings_at_nt": _pair(play + _honour_lines(c, kings_for_aces(hands), d)),
            "bid_is_tricks": _pair(trick_lines(SEED, c, d) + _one_trick_undertricks(c, d)
                                             + slam_lines(SEED, c, d) + honours),
            "undertricks_single": _pair(score_contract(c, tricks=d, honours=hands, rules=_SINGLE_UNDERTRICKS)),
            "no_nt_surcharge": _pair(score_contract(c, tricks=d, honours=hands, rules=_NO_SURCHARGE)),
        }
        described = _with_honours(_for_tricks(c, d), c, hands)
        qs.append(Case((c, d, hands), described, _pair(lines), _why(lines), wrong))
    return run_check("deal_score", fn, qs, PAIR, lang=lang, forbidden=SCORING + HONOURS)


__all__ = ["deal_score", "honour_points", "honours_dealt", "kings_for_aces", "trick_points", "trick_value",
           "tricks_needed"]
