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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from vint_core.analysis import DoubleDummyUnavailable, Position, best_contracts, contract_scores, solve_positions
from vint_core.auction import Contract
from vint_core.bots.guide import promises
from vint_core.bots.rule_bot import RuleBot
from vint_core.bots.sampling import sample_layouts
from vint_core.calls import Call, Strain
from vint_core.cards import Card, Hand, Rank, Suit
from vint_core.deal import Deal
from vint_core.errors import NotFinishedError, Reason, VintError, bad_argument
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
    #: the computer player's explanation of its call, not yet in a language (the catalogue's ``bot.…`` and its
    #: parameters): said in the language the weighing is shown in
    why: Phrase

    @property
    def differs(self) -> bool:
        return self.call != self.bot_call

    @property
    def phrase(self) -> Phrase:
        """The call next to the computer player's, with its explanation, not yet in a language."""
        if self.differs:
            return Phrase("weigh_call_differs", call=self.call, bot=self.bot_call, why=self.why)
        return Phrase("weigh_call_same", call=self.call, why=self.why)

    def text(self, lang: str = "en") -> str:
        """The call next to the computer player's, in ``lang``."""
        return self.phrase.text(lang)


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


def deal_digest(deal: Deal) -> str:
    """The deal's record as a hash (its hands, dealer, rules and every call and card), in hex: a kept weighing
    belongs to the deal with this digest and to no other."""
    key = "|".join([*(str(h) for h in deal.hands), str(deal.dealer), deal.rules.name, str(deal.deal_number),
                    *(str(a) for a in deal.actions)])
    return hashlib.sha256(key.encode()).hexdigest()


def deal_seed(deal: Deal) -> int:
    """A seed from the deal itself (:func:`deal_digest`): the same deal, the same weighing."""
    return int(deal_digest(deal)[:16], 16)


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
    return CallWeight(index, call, chosen, bot.why(view, chosen).phrase)


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


# -- kept with the saved game --------------------------------------------------

#: the form of a kept weighing (a record of another form is worked out again)
KEPT_VERSION = 1
#: at most this many weighings are kept with a saved game (the last reviews)
KEPT_LIMIT = 4
_POINTS_LIMIT = 100_000  # no deal's margin comes near: a number beyond is a damaged record


class StaleWeighing(ValueError):
    """A kept weighing that does not fit the deal it is asked for (another deal, another form, damaged)."""


def weighing_to_json(weighing: Weighing, deal: Deal, samples: int) -> dict[str, Any]:
    """``weighing`` of the finished ``deal`` as plain JSON values, keyed by the deal's digest, its seat and
    ``samples`` (see :func:`weighing_from_json`). Only the solver's numbers are kept: the calls, the marks and
    the reasons are worked out again from the deal when it is read."""
    c = weighing.contract
    return {
        "version": KEPT_VERSION, "deal": deal_digest(deal), "seat": weighing.seat.letter, "samples": samples,
        "seed": weighing.seed,
        "contract": None if c is None else {
            "reached_points": c.reached_points, "best": [c.best.level, c.best.strain.value, c.best.declarer.letter],
            "best_tricks": c.best_tricks, "best_points": c.best_points},
        "cards": [{"dd_best": str(w.dd_best), "dd_best_points": w.dd_best_points, "dd_points": w.dd_points,
                   "samples": w.samples, "expected": {str(card): value for card, value in w.expected.items()}}
                  for w in weighing.cards],
    }


def _int(value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise StaleWeighing(f"not a whole number from {low} to {high}: {value!r}")
    return value


def _points(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not abs(value) <= _POINTS_LIMIT:
        raise StaleWeighing(f"not a number of points: {value!r}")  # also NaN: it is not <= anything
    return float(value)


def weighing_from_json(obj: object, deal: Deal, seat: Seat, samples: int) -> Weighing:
    """The weighing :func:`weighing_to_json` kept, checked against ``deal``: a record of another deal (its digest),
    seat, sample count or form, or one whose cards are not the cards the seat could play there, raises
    :class:`StaleWeighing` (the weighing is then worked out again, never trusted blindly)."""
    if not isinstance(obj, dict):
        raise StaleWeighing("not a record")
    if (obj.get("version") != KEPT_VERSION or obj.get("deal") != deal_digest(deal) or obj.get("seat") != seat.letter
            or obj.get("samples") != samples):
        raise StaleWeighing("another deal, seat, sample count or form")
    if not deal.is_finished:
        raise StaleWeighing("the deal is not finished")
    seed = _int(obj.get("seed"), 0, 2 ** 64)
    call_moments, card_moments = _moments(deal, seat)
    cards_json = obj.get("cards")
    if not isinstance(cards_json, list) or len(cards_json) != len(card_moments):
        raise StaleWeighing("not the seat's cards")
    reached = deal.contract
    contract: ContractWeight | None = None
    if reached is not None or obj.get("contract") is not None:
        c = obj.get("contract")
        if not isinstance(c, dict) or not isinstance(c.get("best"), list) or len(c["best"]) != 3:
            raise StaleWeighing("no contract weighed")
        try:
            level, strain, declarer = c["best"]
            best_contract = Contract(_int(level, 1, 7), Strain(strain), Seat.parse(declarer))
        except (ValueError, TypeError, VintError) as err:
            raise StaleWeighing("not a contract") from err
        if best_contract.declarer.side is not seat.side:
            raise StaleWeighing("not the side's contract")
        contract = ContractWeight(reached, int(_points(c.get("reached_points"))), best_contract,
                                  _int(c.get("best_tricks"), 0, 13), int(_points(c.get("best_points"))))
    cards = []
    for (trick_index, before, card), record in zip(card_moments, cards_json, strict=True):
        if not isinstance(record, dict) or not isinstance(record.get("expected"), dict):
            raise StaleWeighing("not a card's record")
        legal = [a for a in before.legal_actions() if isinstance(a, Card)]
        try:
            expected = {Card.parse(k): _points(v) for k, v in record["expected"].items()}
            dd_best = Card.parse(str(record.get("dd_best")))
        except (VintError, TypeError) as err:
            raise StaleWeighing("not a card") from err
        if set(expected) != set(legal) or len(expected) != len(record["expected"]) or dd_best not in expected:
            raise StaleWeighing("not the cards the seat could play there")
        n = _int(record.get("samples"), 1, 1000)
        best = max(legal, key=lambda c: (round(expected[c], 6), c == card, int(c.rank), -int(c.suit)))
        cost = expected[best] - expected[card]
        mark: Mark | None = "costly" if cost >= COSTLY_POINTS else "slip" if cost >= SLIP_POINTS else None
        trick = before.current_trick
        cards.append(CardWeight(trick_index + 1, len(trick.cards) if trick is not None else 0, card, dd_best,
                                int(_points(record.get("dd_best_points"))), int(_points(record.get("dd_points"))),
                                expected, n, best, mark, _why(before, seat, card, best) if mark else None))
    calls = tuple(_weigh_call(i, before, seat, deal.auction.calls[i]) for i, before in call_moments)
    return Weighing(seat, calls, tuple(cards), contract, seed=seed)


class KeptWeighings:
    """The weighings kept with a saved game (its JSON's ``"weighings"``): at most :data:`KEPT_LIMIT`, the last
    ones kept. :meth:`get` gives a kept weighing back only when it fits the deal (:func:`weighing_from_json`);
    one that does not is dropped, and the review weighs the deal again."""

    def __init__(self, records: Sequence[dict[str, Any]] = (), *, on_change: Callable[[], None] | None = None) -> None:
        self._records = list(records)[-KEPT_LIMIT:]
        #: called after :meth:`put` (the session saves the game)
        self.on_change = on_change

    @classmethod
    def from_json(cls, obj: object) -> KeptWeighings:
        """The kept weighings of a saved game: anything but a list of records (an older save without the key, a
        damaged one) keeps none; nothing here makes the game's save unreadable."""
        if not isinstance(obj, list):
            return cls()
        return cls([r for r in obj if isinstance(r, dict)])

    def to_json(self) -> list[dict[str, Any]]:
        """The kept records, for the saved game's ``"weighings"`` (see :meth:`from_json`)."""
        return list(self._records)

    def __len__(self) -> int:
        """How many weighings are kept."""
        return len(self._records)

    @staticmethod
    def _matches(record: dict[str, Any], digest: str, seat: Seat, samples: int) -> bool:
        return record.get("deal") == digest and record.get("seat") == seat.letter and record.get("samples") == samples

    def has(self, deal: Deal, seat: Seat, samples: int) -> bool:
        """Is a weighing of ``deal`` kept for ``seat`` and ``samples`` (not yet checked)?"""
        digest = deal_digest(deal)
        return any(self._matches(r, digest, seat, samples) for r in self._records)

    def get(self, deal: Deal, seat: Seat, samples: int) -> Weighing | None:
        """The kept weighing of ``deal`` for ``seat``, checked against the deal; None (and the record dropped) when
        none is kept or the one kept does not fit."""
        digest = deal_digest(deal)
        for record in self._records:
            if self._matches(record, digest, seat, samples):
                try:
                    return weighing_from_json(record, deal, seat, samples)
                except StaleWeighing:
                    self._records.remove(record)
                    return None
        return None

    def put(self, deal: Deal, weighing: Weighing, samples: int) -> None:
        """Keep ``weighing`` of ``deal`` (a weighing without the solver's numbers is not kept: it is the notice)."""
        if weighing.needs_endplay:
            return
        digest = deal_digest(deal)
        self._records = [r for r in self._records if not self._matches(r, digest, weighing.seat, samples)]
        self._records.append(weighing_to_json(weighing, deal, samples))
        del self._records[:-KEPT_LIMIT]
        if self.on_change is not None:
            self.on_change()


# -- the rest played out --------------------------------------------------------


@dataclass(frozen=True)
class PlayedOut:
    """The rest of a deal played out from a position with a card the learner chose, every player's best card
    with all cards visible, next to what happened in the deal."""

    seat: Seat
    #: the first card of the rest (the learner's) and the trick it goes to (1–13)
    card: Card
    trick: int
    #: the deal played to the end from the position, and the deal as it was played
    deal: Deal
    actual: Deal
    #: the learner's side's tricks in all and its points minus the other side's, played out and as it was
    tricks: int
    points: int
    actual_tricks: int
    actual_points: int

    def text(self, lang: str = "en") -> str:
        """The two results side by side, in a sentence or two."""
        side = self.seat.side
        key = "weigh_rest_more" if self.points > self.actual_points else (
            "weigh_rest_less" if self.points < self.actual_points else "weigh_rest_same")
        return text(key, lang, card=self.card, side=side, tricks=self.tricks, points=self.points,
                    actual_tricks=self.actual_tricks, actual_points=self.actual_points,
                    diff=abs(self.points - self.actual_points))


def play_out(deal: Deal, seat: Seat, before: Deal, card: Card) -> PlayedOut:
    """``card`` played by ``seat`` at the position ``before`` (a position of the finished ``deal``), then every
    card to the end the best one with all cards visible (the solver's; of cards equally good the lowest),
    next to what happened in ``deal``. Needs endplay (:class:`~vint_core.analysis.DoubleDummyUnavailable`)."""
    if not deal.is_finished or deal.contract is None:
        raise NotFinishedError(Reason.NOT_FINISHED, what=Phrase("finished_weighed"))
    if before.to_act is not seat or before.play is None:
        raise bad_argument("before", before, "arg_deal")
    trick = len(before.tricks) + 1
    now = before.apply(card, seat=seat)  # a card the seat may not play there raises the engine's error
    while not now.is_finished:
        legal = [a for a in now.legal_actions() if isinstance(a, Card)]
        if len(legal) == 1:
            choice = legal[0]
        else:
            assert now.play is not None
            scores = solve_positions([Position.of_play(now.play)])[0]
            choice = max(legal, key=lambda c: (scores[c], -int(c.rank), -int(c.suit)))
        now = now.apply(choice)
    contract = deal.contract
    points = _Points(contract, deal.rules, seat.side)
    side = seat.side

    def margin(d: Deal) -> int:
        return points.margin(d.hands, d.tricks_won[contract.side])

    return PlayedOut(seat, card, trick, now, deal, now.tricks_won[side], margin(now), deal.tricks_won[side],
                     margin(deal))


__all__ = ["COSTLY_POINTS", "KEPT_LIMIT", "KEPT_VERSION", "SAMPLES", "SLIP_POINTS", "CallWeight", "CardWeight",
           "ContractWeight", "KeptWeighings", "Mark", "PlayedOut", "StaleWeighing", "Weighing", "deal_digest",
           "deal_seed", "play_out", "weigh", "weighing_from_json", "weighing_to_json"]
