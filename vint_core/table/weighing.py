"""Weighing one seat's calls and cards of a finished deal, in Vint points for that seat's side.

After a deal a learner wants to know *where* points were lost. :func:`weigh` looks at every card
one seat played and measures it twice, always as the seat's side's points minus the other side's
(the deal's score under its rule set: tricks at the trick value, undertricks, slams, honours as
held, from :mod:`vint_core.scoring`):

* **with all cards visible** (double dummy): the position before the card is solved by DDS
  (:func:`vint_core.analysis.solve_positions`); the best card's result and this card's;
* **with what the seat could know**: deals consistent with its hand, the auction and the cards
  seen so far are sampled the way the SimBot samples (:func:`vint_core.bots.sampling.sample_layouts`),
  and every legal card gets its mean result over them. A card is only blamed by this measure, so a
  finesse that loses to the one hidden layout is not a mistake.

A card that costs :data:`SLIP_POINTS` or more by the second measure is marked "a slip", one that
costs :data:`COSTLY_POINTS` or more "costly"; a marked card names the better card and, where a
simple pattern shows it, one sentence why (a winner not cashed, trumps not drawn, the partner's suit
not returned, a high card spent second in the trick, a guard thrown away). The seat's calls are
weighed too: the contract reached against the side's best contract with all cards visible, and each
call against the rule-based computer player's in the same seat, with its explanation.

The sampling is seeded from the deal itself, so the same deal gives the same weighing. Without the
optional ``endplay`` the result says that the weighing needs it (:attr:`Weighing.needs_endplay`)
and still holds the calls compared with the computer player's.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from vint_core.analysis import DoubleDummyUnavailable, Position, best_contracts, contract_scores, solve_positions
from vint_core.auction import Contract
from vint_core.bots.guide import promises
from vint_core.bots.rule_bot import RuleBot
from vint_core.bots.sampling import sample_layouts
from vint_core.calls import Call
from vint_core.cards import Card, Hand, Rank, Suit
from vint_core.deal import Deal
from vint_core.errors import NotFinishedError, Reason, bad_argument
from vint_core.i18n import Phrase, text
from vint_core.rules import RuleSet
from vint_core.scoring import score_contract, totals
from vint_core.seats import Seat, Side

#: a card costing this many points or more (the mean over the sampled deals) is "a slip"
SLIP_POINTS = 20
#: … and this many or more "costly"
COSTLY_POINTS = 100
#: deals sampled for each card by default (see bench/weigh.py for the time it takes)
SAMPLES = 32

Mark = Literal["costly", "slip"]


@dataclass(frozen=True)
class CardWeight:
    """One card of the seat weighed: with all cards visible and over the sampled deals.

    Points are the seat's side's points minus the other side's at the end of the deal.
    """

    #: the trick the card was played to (1–13) and its place in it (0: led)
    trick: int
    place: int
    card: Card
    #: with all cards visible: the best card, its points and this card's
    dd_best: Card
    dd_best_points: int
    dd_points: int
    #: over the sampled deals: every legal card's mean points
    expected: Mapping[Card, float]
    #: how many deals were sampled
    samples: int
    #: the best card by the sampled measure
    best: Card
    mark: Mark | None = None
    #: the catalogue's sentence why the better card was better (None where no pattern says it)
    why: Phrase | None = None

    @property
    def cost(self) -> float:
        """Points this card lost by what the seat could know (0 for the best card)."""
        return self.expected[self.best] - self.expected[self.card]

    @property
    def dd_cost(self) -> int:
        """Points this card lost with all cards visible."""
        return self.dd_best_points - self.dd_points

    def text(self, lang: str = "en") -> str:
        """One or two sentences on the card for a learner, in English ("en") or German ("de")."""
        cost = round(self.cost)
        if self.mark is None:
            return text("weigh_card_fine", lang, trick=self.trick, card=self.card, dd=self.dd_points,
                        dd_best=self.dd_best_points, best=self.dd_best)
        out = text(f"weigh_card_{self.mark}", lang, trick=self.trick, card=self.card, better=self.best,
                   cost=cost, n=self.samples, dd=self.dd_points, dd_best=self.dd_best_points)
        return out if self.why is None else f"{out} {self.why.text(lang)}"


@dataclass(frozen=True)
class CallWeight:
    """One call of the seat next to the call the rule-based computer player makes in its place."""

    #: the call's place in the auction (0: the dealer's first call)
    index: int
    call: Call
    bot_call: Call
    #: the computer player's explanation of its call, by language ("en", "de")
    explanations: Mapping[str, str]

    @property
    def differs(self) -> bool:
        return self.call != self.bot_call

    def text(self, lang: str = "en") -> str:
        why = self.explanations["de" if lang.lower().startswith("de") else "en"]
        key = "weigh_call_differs" if self.differs else "weigh_call_same"
        return text(key, lang, call=self.call, bot=self.bot_call, why=why)


@dataclass(frozen=True)
class ContractWeight:
    """The contract reached against the side's best contract, both played with all cards visible."""

    #: None when the deal was passed out
    reached: Contract | None
    #: the side's points minus the other side's for the contract reached, played double dummy (0 passed out)
    reached_points: int
    best: Contract
    best_tricks: int
    best_points: int

    @property
    def lost(self) -> int:
        return max(0, self.best_points - self.reached_points)


@dataclass(frozen=True)
class Weighing:
    """Every call and card of one seat of a finished deal weighed, with the summary of the deal."""

    seat: Seat
    calls: tuple[CallWeight, ...]
    #: the seat's cards in the order played (empty without endplay or when the deal was passed out)
    cards: tuple[CardWeight, ...] = ()
    contract: ContractWeight | None = None
    #: True when the weighing of the cards and the contract needs endplay, which is missing
    needs_endplay: bool = False
    #: the seed the sampling used
    seed: int = 0
    notice_key: str = field(default="", repr=False)

    @property
    def side(self) -> Side:
        return self.seat.side

    @property
    def bidding_lost(self) -> int:
        """Points the contract reached lost to the side's best contract, all cards visible."""
        return 0 if self.contract is None else self.contract.lost

    @property
    def play_lost(self) -> int:
        """Points the seat's cards lost, each by what the seat could know (the sum of their costs)."""
        return round(sum(max(0.0, c.cost) for c in self.cards))

    @property
    def marked(self) -> tuple[CardWeight, ...]:
        return tuple(c for c in self.cards if c.mark is not None)

    def costliest(self, n: int = 3) -> tuple[CardWeight, ...]:
        """The ``n`` cards that cost most (by the sampled measure, ties by the trick), costless ones left out."""
        ranked = sorted((c for c in self.cards if c.cost > 1e-9), key=lambda c: (-c.cost, c.trick))
        return tuple(ranked[:n])

    def notice(self, lang: str = "en") -> str:
        """Why the cards are not weighed ("" when they are)."""
        return text(self.notice_key, lang) if self.notice_key else ""

    def summary(self, lang: str = "en") -> list[str]:
        """The deal's summary in sentences: the contract, the points lost in bidding and in play, the
        costliest moments."""
        if self.needs_endplay:
            return [self.notice(lang)]
        out = []
        c = self.contract
        if c is not None:
            key = "weigh_contract_passed" if c.reached is None else "weigh_contract"
            out.append(text(key, lang, side=self.side, reached=c.reached.bid if c.reached else None,
                            declarer=c.reached.declarer if c.reached else None, points=c.reached_points,
                            best=c.best.bid, best_declarer=c.best.declarer, tricks=c.best_tricks,
                            best_points=c.best_points))
        out.append(text("weigh_lost", lang, side=self.side, bidding=self.bidding_lost, play=self.play_lost))
        for card in self.costliest():
            out.append(text("weigh_moment", lang, trick=card.trick, card=card.card, cost=round(card.cost),
                            better=card.best))
        return out


# -- points -----------------------------------------------------------------


class _Points:
    """The side's margin at the end of the deal for each count of the declaring side's tricks."""

    def __init__(self, contract: Contract, rules: RuleSet, side: Side) -> None:
        self.contract, self.rules, self.side = contract, rules, side
        self._cache: dict[tuple[tuple[int, ...], int], int] = {}

    def margin(self, hands: Sequence[Hand], declarer_tricks: int) -> int:
        key = (tuple(h._mask for h in hands), declarer_tricks)
        got = self._cache.get(key)
        if got is None:
            points = totals(score_contract(self.contract, tricks=declarer_tricks, honours=hands, rules=self.rules))
            got = self._cache[key] = points[self.side] - points[self.side.other]
        return got


def _declarer_tricks(before: Deal, seat: Seat, tricks_for_seat: int) -> int:
    """The declaring side's tricks at the end, when ``seat``'s side takes ``tricks_for_seat`` from ``before`` on."""
    contract = before.contract
    assert contract is not None
    left = 13 - len(before.tricks)
    won = before.tricks_won[contract.side]
    return won + (tricks_for_seat if seat.side is contract.side else left - tricks_for_seat)


def deal_seed(deal: Deal) -> int:
    """A seed from the deal itself (its hands, dealer, rules and every call and card): the same deal, the same
    weighing."""
    key = "|".join([*(str(h) for h in deal.hands), str(deal.dealer), deal.rules.name, str(deal.deal_number),
                    *(str(a) for a in deal.actions)])
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")


# -- why ----------------------------------------------------------------------


def _top_of_suit(card: Card, seen: int) -> bool:
    """No card of its suit above ``card`` is outside ``seen`` (a mask of cards the seat holds or saw played)."""
    return all(seen >> other.index & 1 for other in _higher(card))


def _higher(card: Card) -> list[Card]:
    return [Card(card.suit, Rank(r)) for r in range(int(card.rank) + 1, int(Rank.ACE) + 1)]


def _why(before: Deal, seat: Seat, played: Card, better: Card) -> Phrase | None:
    """The sentence that says why ``better`` was better than ``played``, where a simple pattern shows it."""
    view = before.view(seat)
    trick = view.current_trick
    current = trick.cards if trick is not None else ()
    trump = view.contract.strain.suit if view.contract is not None else None
    seen = view.hand._mask
    for _, card in view.cards_played():
        seen |= card.bit
    if not current:
        trumps_out = trump is not None and any(not seen >> c.index & 1 for c in _suit_cards(trump))
        if trumps_out and better.suit is trump and played.suit is not trump:
            return Phrase("weigh_why_trump", better=better)
        if _top_of_suit(better, seen) and not _top_of_suit(played, seen):
            return Phrase("weigh_why_cash", better=better)
        partner = seat.partner
        led = [t.cards[0].suit for t in view.tricks if t.leader is partner]
        if led and better.suit is led[0] and played.suit is not led[0]:
            return Phrase("weigh_why_partner", better=better, suit=led[0].symbol)
        return None
    led_suit = current[0].suit
    if len(current) == 1 and played.suit is led_suit and better.suit is led_suit and played.rank > better.rank:
        return Phrase("weigh_why_second", card=played, better=better)
    if played.suit is not led_suit and played.suit is not trump and better.suit is not played.suit:
        same = [c for c in view.hand if c.suit is played.suit]
        if played.rank >= Rank.JACK and played == max(same, key=lambda c: c.rank):  # the suit's best, a jack or higher
            return Phrase("weigh_why_guard", card=played, suit=played.suit.symbol)
    return None


def _suit_cards(suit: Suit) -> list[Card]:
    return [Card(suit, rank) for rank in Rank]


# -- weighing ---------------------------------------------------------------


def _moments(deal: Deal, seat: Seat) -> tuple[list[tuple[int, Deal]], list[tuple[int, Deal, Card]]]:
    """The seat's calls (auction index, the deal before) and cards (trick index, the deal before, the card)."""
    calls: list[tuple[int, Deal]] = []
    cards: list[tuple[int, Deal, Card]] = []
    now = Deal(deal.hands, dealer=deal.dealer, rules=deal.rules, deal_number=deal.deal_number, board=deal.board)
    for i, action in enumerate(deal.actions):
        if now.to_act is seat:
            if isinstance(action, Card):
                cards.append((len(now.tricks), now, action))
            else:
                calls.append((i, now))
        now = now.apply(action)
    return calls, cards


def weigh(deal: Deal, seat: Seat | str, *, samples: int = SAMPLES, seed: int | None = None) -> Weighing:
    """Every call and card ``seat`` made in the finished ``deal``, weighed (see the module's text).

    ``samples`` deals are sampled for each card; ``seed`` fixes the sampling (by default a seed
    from the deal itself, so the same deal always gives the same weighing). Without endplay the
    cards and the contract are not weighed and :attr:`Weighing.needs_endplay` is True.
    """
    if not isinstance(deal, Deal):
        raise bad_argument("deal", deal, "arg_deal")
    if isinstance(seat, str):
        seat = Seat.parse(seat)
    elif not isinstance(seat, Seat):
        raise bad_argument("seat", seat, "arg_seat")
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 1000:
        raise bad_argument("samples", samples, "arg_samples")
    if not deal.is_finished:
        raise NotFinishedError(Reason.NOT_FINISHED, what=Phrase("finished_weighed"))
    seed = deal_seed(deal) if seed is None else seed
    call_moments, card_moments = _moments(deal, seat)
    calls = tuple(_weigh_call(i, before, seat, deal.auction.calls[i]) for i, before in call_moments)
    try:
        contract = _weigh_contract(deal, seat.side)
        cards = _weigh_cards(deal, seat, card_moments, samples, seed)
    except DoubleDummyUnavailable:
        # in the browser (JupyterLite's Pyodide) the solver cannot be installed at all
        key = "analysis_not_in_browser" if sys.platform == "emscripten" else "weigh_needs_endplay"
        return Weighing(seat, calls, needs_endplay=True, seed=seed, notice_key=key)
    return Weighing(seat, calls, cards, contract, seed=seed)


def _weigh_call(index: int, before: Deal, seat: Seat, call: Call) -> CallWeight:
    bot = RuleBot()
    view = before.view(seat)
    chosen = bot.choose(view, random.Random(0))
    assert isinstance(chosen, Call)
    return CallWeight(index, call, chosen, {lang: bot.explain(view, chosen, lang) for lang in ("en", "de")})


def _weigh_contract(deal: Deal, side: Side) -> ContractWeight:
    scores = contract_scores(deal)
    best = best_contracts(deal, scores=scores)[side]
    reached = deal.contract
    points = 0
    if reached is not None:
        row = next(s for s in scores if s.contract == reached)
        points = row.margin(side)
    return ContractWeight(reached, points, best.contract, best.declarer_tricks, best.margin(side))


def _weigh_cards(deal: Deal, seat: Seat, moments: Sequence[tuple[int, Deal, Card]], samples: int,
                 seed: int) -> tuple[CardWeight, ...]:
    if not moments:
        return ()
    contract = deal.contract
    assert contract is not None
    points = _Points(contract, deal.rules, seat.side)
    promised = promises(deal.auction.calls_by(), deal.rules, deal_number=deal.deal_number)
    positions: list[Position] = []
    layouts_of = []
    for k, (_, before, _card) in enumerate(moments):
        assert before.play is not None
        positions.append(Position.of_play(before.play))
        view = before.view(seat)
        layouts = sample_layouts(view, rng=random.Random(seed + k), count=samples, promises=promised)
        layouts_of.append(layouts)
        trick = before.current_trick
        assert trick is not None
        positions.extend(Position(lay.remaining, contract.strain.suit, trick.leader, trick.cards) for lay in layouts)
    solved = solve_positions(positions)
    out = []
    at = 0
    for (trick_index, before, card), layouts in zip(moments, layouts_of, strict=True):
        dd, sampled = solved[at], solved[at + 1:at + 1 + len(layouts)]
        at += 1 + len(layouts)
        dd_points = {c: points.margin(deal.hands, _declarer_tricks(before, seat, t)) for c, t in dd.items()}
        dd_best = max(dd_points, key=lambda c: (dd_points[c], c == card, int(c.rank), -int(c.suit)))
        legal = [a for a in before.legal_actions() if isinstance(a, Card)]
        expected = {c: sum(points.margin(lay.hands, _declarer_tricks(before, seat, s[c]))
                           for lay, s in zip(layouts, sampled, strict=True)) / len(layouts) for c in legal}
        # ties: the card played is not blamed, and among equal cards the higher is named
        best = max(legal, key=lambda c: (round(expected[c], 6), c == card, int(c.rank), -int(c.suit)))
        cost = expected[best] - expected[card]
        mark: Mark | None = "costly" if cost >= COSTLY_POINTS else "slip" if cost >= SLIP_POINTS else None
        trick = before.current_trick
        place = len(trick.cards) if trick is not None else 0
        out.append(CardWeight(trick_index + 1, place, card, dd_best, dd_points[dd_best], dd_points[card],
                              expected, len(layouts), best, mark,
                              _why(before, seat, card, best) if mark else None))
    return tuple(out)


__all__ = ["COSTLY_POINTS", "SAMPLES", "SLIP_POINTS", "CallWeight", "CardWeight", "ContractWeight", "Mark",
           "Weighing", "deal_seed", "weigh"]
