"""RuleBot: bids by the written guide (``BIDDING.md``, :mod:`vint_core.bots.guide`) and the
Vint score, and plays by sound principles.

The bot only makes a call whose promise (by the guide) its hand meets, so its hand
always agrees with what its calls said. Among the calls the guide allows, it takes
the one with the best Vint score estimate (:mod:`vint_core.bots.evaluation`): what
our side expects to score minus what the opponents expect, against the value of
passing. In the play it follows the classic principles (leads from long suits,
second hand low, third hand high, winning cheaply, drawing trumps, counting the
cards gone), and it can say why in English or German.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from vint_core.bots.base import Promise
from vint_core.bots.evaluation import (
    HandEval,
    estimate_contract,
    evaluate,
    expected_in_range,
    honours_units,
    partnership_tricks,
    side_tricks,
)
from vint_core.bots.guide import Meaning, read_auction
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.cards import Card, Rank, Suit
from vint_core.deal import Action, Phase
from vint_core.i18n import Phrase, bot_text
from vint_core.play import card_key, winning_index
from vint_core.seats import Seat
from vint_core.views import SeatView

# ======================================================================================
# The table: what the others probably hold
# ======================================================================================


@functools.lru_cache(maxsize=8192)
def _split(total: float, ranges: tuple[tuple[float, float], ...], *, lengths: bool = False) -> tuple[float, ...]:
    """Share ``total`` among hands with the given ranges, as evenly as the ranges allow (cached: the same few
    totals and ranges come back decision after decision)."""
    n = len(ranges)
    if lengths:
        vals = [min(hi, lo + 0.5) if total / n < lo else min(total / n, hi) for lo, hi in ranges]
    else:
        vals = [expected_in_range(total / n, lo, hi) for lo, hi in ranges]
    for _ in range(3):
        diff = total - sum(vals)
        if abs(diff) < 0.05:
            break
        room = [(hi - v) if diff > 0 else (v - lo) for v, (lo, hi) in zip(vals, ranges, strict=True)]
        space = sum(room)
        if space <= 0:
            break
        for i in range(n):
            vals[i] += diff * room[i] / space if abs(diff) < space else (room[i] if diff > 0 else -room[i])
    return tuple(vals)


@dataclass(frozen=True, slots=True)
class TableModel:
    """What one seat expects of the other three from the auction (HCP and suit lengths)."""

    hcp: dict[Seat, float]
    lengths: dict[Seat, tuple[float, float, float, float]]


def table_model(seat: Seat, ev: HandEval, prom: dict[Seat, Promise]) -> TableModel:
    others = [seat.left, seat.partner, seat.right]
    hcps = _split(40 - ev.hcp, tuple(prom[s].hcp for s in others))
    per_suit = [_split(13 - ev.lengths[suit], tuple((prom[s].min_length[suit], prom[s].max_length[suit])
                                                    for s in others), lengths=True) for suit in range(4)]
    lengths = {s: (per_suit[0][i], per_suit[1][i], per_suit[2][i], per_suit[3][i]) for i, s in enumerate(others)}
    return TableModel(dict(zip(others, hcps, strict=True)), lengths)


# ======================================================================================
# RuleBot
# ======================================================================================

#: a bid must beat passing by this many points (on average) to be worth making
MARGIN = 5.0
#: the guide never bids a contract that needs more than this many tricks beyond what the side expects
HOPELESS = 1.5


class BotPhrase(Phrase):
    """A computer player's sentence: the :class:`~vint_core.i18n.Phrase` of ``bot.<key>``, from the
    parameters as the bots keep them (pairs; a bid's meaning and a side's honours put into words when shown)."""

    __slots__ = ()

    def __init__(self, key: str, params: tuple[tuple[str, object], ...] = ()) -> None:
        super().__init__(f"bot.{key}", **{k: _value(v) for k, v in params})

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang``, its facts filled in."""
        # like every explanation (bot_text), a sentence may be given more facts than it shows
        return bot_text(self.key.removeprefix("bot."), lang, **self.params)


@dataclass(frozen=True, slots=True)
class Why:
    """The reasoning behind one decision: an explanation key and its parameters."""

    action: Action
    key: str
    params: tuple[tuple[str, object], ...] = ()

    @property
    def phrase(self) -> Phrase:
        """The explanation, not yet in a language: the catalogue's ``bot.<key>`` and the parameters."""
        return BotPhrase(self.key, self.params)

    def text(self, lang: str) -> str:
        """The reason in ``lang``."""
        return self.phrase.text(lang)


@dataclass(frozen=True, slots=True)
class _Described:
    """A bid's meaning in the words of the sentence's language."""

    meaning: Meaning

    def text(self, lang: str = "en") -> str:
        return self.meaning.describe(lang)


def _value(v: object) -> object:
    if isinstance(v, Meaning):
        return _Described(v)
    if isinstance(v, tuple):
        return _honour_text(v)
    if v is PASS:  # a word of the language, as the table draws it ("Passe")
        return Phrase("ui_pass")
    return v


def _honour_text(ranks: tuple[object, ...]) -> str:
    # the letters the cards show, in every language (the table draws Q J, not D B)
    return " ".join(str(Rank(int(r))) if 2 <= int(r) <= 14 else str(r) for r in ranks if isinstance(r, int))


def _signed(x: float) -> BotPhrase:
    """Our expected points minus the opponents' in words: "about 120 points ahead of the opponents"."""
    v = round(x)
    if v == 0:
        return BotPhrase("rule_level")
    return BotPhrase("rule_ahead" if v > 0 else "rule_behind", (("n", abs(v)),))


def _view_key(view: SeatView) -> tuple[object, ...]:
    trick = view.current_trick.cards if view.current_trick is not None else ()
    return (view.seat, view.dealer, view.deal_number, view.rules, view.calls, len(view.tricks), trick, view.hand)


class RuleBot:
    """Bids by the guide and the Vint score; plays by sound card-play principles. Pure Python, fast."""

    name = "rule"

    def __init__(self) -> None:
        self._last: tuple[tuple[object, ...], Why] | None = None

    # -- the protocol -------------------------------------------------------------------

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        """The guide's choice for ``view`` (deterministic: ``rng`` is not needed)."""
        why = self.reason(view)
        self._last = (_view_key(view), why)
        return why.action

    def call(self, view: SeatView) -> Call:
        """The guide's call in an auction ``view``, the same as :meth:`choose`'s, without the reasoning put into
        words and without remembering it for :meth:`explain` (a simulated auction asks for thousands)."""
        if view.phase is not Phase.AUCTION or not view.legal:  # no call to make (the play has no call either)
            from vint_core.errors import OutOfTurnError, Reason

            raise OutOfTurnError(Reason.NOTHING_TO_DO, seat=view.seat)
        return _Bidder(view).best()[0]

    def explain(self, view: SeatView, action: Action, lang: str = "en") -> str:
        """One or two sentences on ``action`` in this view, in ``lang``."""
        return self.why(view, action).text(lang)

    def explanation(self, view: SeatView, action: Action) -> Why:
        """The reason for ``action`` in this view, not yet in a language (``.text(lang)`` says it): :meth:`why`."""
        return self.why(view, action)

    def why(self, view: SeatView, action: Action) -> Why:
        """The reasoning behind ``action`` at ``view``: this player's own choice, or why it would play another."""
        key = _view_key(view)
        if self._last is not None and self._last[0] == key and self._last[1].action == action:
            return self._last[1]
        why = self.reason(view)
        if why.action == action:
            return why
        return self._other(view, action, why)

    def reason(self, view: SeatView) -> Why:
        """The decision with its reasoning."""
        legal = view.legal
        if not legal:
            from vint_core.errors import OutOfTurnError, Reason

            raise OutOfTurnError(Reason.NOTHING_TO_DO, seat=view.seat)
        if view.phase is Phase.AUCTION:
            return _Bidder(view).decide()
        return _Player(view).decide()

    def _other(self, view: SeatView, action: Action, best: Why) -> Why:
        if isinstance(action, Card):
            why = dict(best.params).get("why", "")
            return Why(action, "rule_other_card", (("card", action), ("best", best.action), ("why", why)))
        bidder = _Bidder(view)
        if not isinstance(action, Call):
            raise TypeError(f"{action!r} is neither a call nor a card")
        meaning = bidder.reading.meaning(view.seat, action)
        value = bidder.value(action)
        return Why(action, "rule_other_call", (("call", action), ("shows", meaning), ("value", _signed(value)),
                                               ("best", best.action)))


# -- bidding ------------------------------------------------------------------------------


class _Bidder:
    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.rules = view.rules
        self.seat = view.seat
        self.ev = evaluate(view.hand_dealt)
        self.reading = read_auction(view.dealer, view.calls, view.rules, view.deal_number)
        prom = self.reading.promises()
        self.model = table_model(self.seat, self.ev, prom)
        gs = view.game_score
        side = self.seat.side
        self.game: tuple[int, int] | None = (gs[side], gs[side.other]) if gs is not None else None
        self._tricks: dict[Strain, float] = {}
        self._honours: dict[Strain, float] = {}

    def tricks(self, strain: Strain) -> float:
        t = self._tricks.get(strain)
        if t is None:
            p = self.seat.partner
            t = partnership_tricks(self.ev, strain, partner_hcp=self.model.hcp[p],
                                   partner_lengths=self.model.lengths[p])
            self._tricks[strain] = t
        return t

    def honours(self, strain: Strain) -> float:
        h = self._honours.get(strain)
        if h is None:
            ev, p = self.ev, self.seat.partner
            suit = strain.suit
            if suit is None:
                share = self.model.hcp[p] / max(1, 40 - ev.hcp)
                h = honours_units(self.rules, strain, held=ev.aces, partner_share=share)
            else:
                share = self.model.lengths[p][suit] / max(1, 13 - ev.lengths[suit])
                h = honours_units(self.rules, strain, held=ev.honours[suit], partner_share=share)
            self._honours[strain] = h
        return h

    def opponents_tricks(self, strain: Strain) -> float:
        left, right = self.seat.left, self.seat.right
        m = self.model
        points = m.hcp[left] + m.hcp[right]
        suit = strain.suit
        trumps = 0.0 if suit is None else m.lengths[left][suit] + m.lengths[right][suit]
        return side_tricks(strain, points=points, trumps=trumps)

    def value(self, call: Call) -> float:
        """Our expected net points if ``call`` ends the auction."""
        reading = self.reading
        if isinstance(call, Bid):
            level, strain, ours = call.level, call.strain, True
        elif reading.top is None or reading.top_seat is None:
            return 0.0
        else:
            level, strain = reading.top.level, reading.top.strain
            ours = reading.top_seat.side == self.seat.side
        tricks = self.tricks(strain) if ours else self.opponents_tricks(strain)
        return estimate_contract(self.rules, level, strain, tricks=tricks, we_declare=ours,
                                 honours=self.honours(strain), game_score=self.game).net

    def _reason_phrase(self, call: Bid, meaning: Meaning) -> BotPhrase:
        ev = self.ev
        suit = call.strain.suit
        if suit is None:
            return BotPhrase("rule_reason_nt_balanced" if ev.balanced else "rule_reason_nt", (("hcp", ev.hcp),))
        n = ev.lengths[suit]
        top = ev.top_honours(suit)[:3]
        if meaning.row.support:
            return BotPhrase("rule_reason_raise", (("n", n), ("suit", suit.symbol), ("hcp", ev.hcp)))
        if top:
            return BotPhrase("rule_reason_suit_top", (("n", n), ("suit", suit.symbol), ("top", top),
                                                    ("hcp", ev.hcp)))
        return BotPhrase("rule_reason_suit", (("n", n), ("suit", suit.symbol), ("hcp", ev.hcp)))

    def best(self) -> tuple[Call, tuple[float, Bid, Meaning] | None, bool, float]:
        """The call, the best bid the guide would make (its value and meaning; None: none), whether passing is
        within the guide and what passing is worth."""
        seat, reading = self.seat, self.reading
        legal = self.view.legal
        pass_ok = reading.meaning(seat, PASS).satisfied_by(self.ev)
        pass_value = self.value(PASS)
        best: tuple[float, Bid, Meaning] | None = None
        # per strain, the guide never leaps two levels, nor bids a contract that needs more than 1½ tricks beyond
        # what we expect: the highest level, and the most tricks, it would bid
        limits: dict[Strain, tuple[int, float]] = {}
        for call in legal:
            if not isinstance(call, Bid):
                continue
            strain = call.strain
            limit = limits.get(strain)
            if limit is None:
                limit = limits[strain] = (reading.cheapest_level(strain) + 1, self.tricks(strain) + HOPELESS)
            if call.level > limit[0] or call.tricks > limit[1]:
                continue
            meaning = reading.meaning(seat, call)
            if not meaning.satisfied_by(self.ev):
                continue
            v = self.value(call)
            if best is None or v > best[0]:
                best = (v, call, meaning)
        bids = best is not None and (not pass_ok or best[0] > pass_value + MARGIN)
        return (best[1] if bids and best is not None else PASS), best, pass_ok, pass_value

    def decide(self) -> Why:
        seat, reading = self.seat, self.reading
        legal = self.view.legal
        chosen, best, pass_ok, pass_value = self.best()
        alt = _signed(pass_value)
        if chosen is not PASS and best is not None:
            v, call, meaning = best
            phrase = self._reason_phrase(call, meaning)
            if pass_ok:
                return Why(call, "rule_bid", (("call", call), ("reason", phrase), ("value", _signed(v)),
                                              ("alt", alt)))
            return Why(call, "rule_bid_forced", (("call", call), ("reason", phrase), ("value", _signed(v)),
                                                 ("hcp", self.ev.hcp)))
        if len(legal) == 1:
            return Why(PASS, "rule_pass_only")
        if best is None:
            return Why(PASS, "rule_pass_no_bid", (("hcp", self.ev.hcp),))
        v, call, _ = best
        top, top_seat = reading.top, reading.top_seat
        if top is None or top_seat is None:
            key = "rule_pass_open"
        elif top_seat.side == seat.side:
            key = "rule_pass_ours"
        else:
            key = "rule_pass_theirs"
        return Why(PASS, key, (("best", call), ("value", _signed(v)), ("alt", alt), ("top", top),
                               ("hcp", self.ev.hcp)))


# -- card play ------------------------------------------------------------------------------


def _card(card: Card, key: str, params: tuple[tuple[str, object], ...] = ()) -> Why:
    return Why(card, "rule_card", (("card", card), ("why", BotPhrase(key, params))))


class _Player:
    def __init__(self, view: SeatView) -> None:
        self.view = view
        contract = view.contract
        assert contract is not None
        self.contract = contract
        self.seat = view.seat
        self.trump = contract.strain.suit
        self.hand = view.hand
        played = 0
        for _, card in view.cards_played():
            played |= card.bit
        self.played = played
        self.mine = 0
        for card in self.hand:
            self.mine |= card.bit
        self.legal: tuple[Card, ...] = tuple(a for a in view.legal if isinstance(a, Card))
        self.we_declare = contract.declarer.side == self.seat.side
        self.reading = read_auction(view.dealer, view.calls, view.rules, view.deal_number)

    # -- counting ---------------------------------------------------------------------

    def gone_or_mine(self, card: Card) -> bool:
        return bool((self.played | self.mine) & card.bit)

    def is_master(self, card: Card) -> bool:
        """Every higher card of the suit has been played or is in my hand."""
        return all(self.gone_or_mine(Card(card.suit, Rank(r))) for r in range(card.rank + 1, 15))

    def cheapest_equal(self, card: Card) -> Card:
        """The lowest card of mine that is worth as much as ``card`` (the cards between are played)."""
        low = card
        for r in range(card.rank - 1, 1, -1):
            c = Card(card.suit, Rank(r))
            if self.mine & c.bit:
                low = c
            elif not self.played & c.bit:
                break
        return low

    def unseen(self, suit: Suit) -> int:
        """Cards of ``suit`` the other three hands still hold."""
        total = 13 - self.hand.count(suit)
        return total - sum(1 for _, c in self.view.cards_played() if c.suit is suit)

    # -- decisions ----------------------------------------------------------------------

    def decide(self) -> Why:
        if len(self.legal) == 1:
            return _card(self.legal[0], "rule_only", ())
        trick = self.view.current_trick
        if trick is None or not trick.cards:
            return self.lead()
        return self.follow(trick.leader, trick.cards)

    def lead(self) -> Why:
        view, hand, trump = self.view, self.hand, self.trump
        suits = [s for s in Suit if hand.count(s) > 0]
        side = [s for s in suits if s is not trump] or suits
        voids = view.voids()
        opps = (self.seat.left, self.seat.right)
        if not view.tricks:
            return self.opening_lead(side)
        # declarer draws trumps while the opponents probably hold some and our side has enough
        if trump is not None and self.seat == self.contract.declarer and hand.count(trump) > 0:
            left = self.opponents_trumps()
            mine = hand.count(trump)
            if left >= 0.5 and self.side_trumps() >= 8 and mine >= left / 2:
                top = hand.suit(trump)[0]
                card = self.cheapest_equal(top) if self.is_master(top) else hand.suit(trump)[-1]
                return _card(card, "rule_draw_trumps", (("n", round(left)),))
        # cash a master where nobody will ruff it
        ruff_danger = trump is not None and self.unseen(trump) > 0
        for s in sorted(side, key=lambda x: -hand.count(x)):
            top = hand.suit(s)[0]
            if self.unseen(s) == 0:
                continue
            if ruff_danger and any(int(s) in voids[o] for o in opps):
                continue
            if self.is_master(top):
                return _card(top, "rule_cash_master", (("suit", s.symbol),))
        # defenders return partner's suit
        if not self.we_declare:
            for trick in reversed(view.tricks):
                if trick.leader == self.seat.partner:
                    s = trick.cards[0].suit
                    if hand.count(s) and s is not trump:
                        cards = hand.suit(s)
                        card = cards[0] if len(cards) <= 2 else cards[-1]
                        return _card(card, "rule_return", (("suit", s.symbol),))
                    break
        # otherwise from the longest, strongest suit that no opponent will ruff
        safe = [s for s in side if not (ruff_danger and any(int(s) in voids[o] for o in opps))] or side
        s = max(safe, key=lambda x: (hand.count(x), sum(max(0, c.rank - 10) for c in hand.suit(x))))
        return self.lead_from(s, opening=False)

    def opponents_trumps(self) -> float:
        """How many trumps the opponents probably still hold (from the cards seen and partner's calls)."""
        assert self.trump is not None
        trump = self.trump
        voids = self.view.voids()
        if all(int(trump) in voids[o] for o in (self.seat.left, self.seat.right)):
            return 0.0
        unseen = self.unseen(trump)
        p = self.seat.partner
        if int(trump) in voids[p]:
            return float(unseen)
        partner_played = sum(1 for s, c in self.view.cards_played() if s == p and c.suit is trump)
        dealt = self.view.hand_dealt.count(trump)
        partner_total = max(float(self.reading.ranges[p].lo[trump]), (13 - dealt) / 3)
        return max(0.0, unseen - max(0.0, partner_total - partner_played))

    def side_trumps(self) -> float:
        """Trumps our side was dealt: mine and what partner probably holds."""
        assert self.trump is not None
        dealt = self.view.hand_dealt.count(self.trump)
        return dealt + max(float(self.reading.ranges[self.seat.partner].lo[self.trump]), (13 - dealt) / 3)

    def opening_lead(self, side: list[Suit]) -> Why:
        hand = self.hand
        partner_suits = [st.suit for st in reversed(self.reading.strains[self.seat.partner])
                         if st.suit is not None and st.suit in side]
        if partner_suits:
            s = partner_suits[0]
            cards = hand.suit(s)
            card = cards[0] if len(cards) <= 2 or self._sequence(cards) else cards[-1]
            return _card(card, "rule_lead_partner", (("suit", s.symbol),))
        declarer_suits = {st.suit for st in self.reading.strains[self.contract.declarer]}
        declarer_suits |= {st.suit for st in self.reading.strains[self.contract.declarer.partner]}

        def score(s: Suit) -> tuple[float, ...]:
            cards = hand.suit(s)
            strength = sum(max(0, c.rank - 10) for c in cards)
            seq = 3 if self._sequence(cards) else 0
            lone_ace = self.trump is not None and cards[0].rank == Rank.ACE and len(cards) > 1 and \
                cards[1].rank != Rank.KING
            return (len(cards) + seq + strength / 4 - (2 if s in declarer_suits else 0) - (2 if lone_ace else 0),)

        s = max(side, key=score)
        return self.lead_from(s, opening=True)

    @staticmethod
    def _sequence(cards: Sequence[Card]) -> bool:
        return len(cards) >= 2 and cards[0].rank >= Rank.TEN and cards[0].rank - cards[1].rank == 1

    def lead_from(self, s: Suit, *, opening: bool) -> Why:
        cards = self.hand.suit(s)
        sym = s.symbol
        if self.is_master(cards[0]) and not opening:
            return _card(cards[0], "rule_cash_master", (("suit", sym),))
        if self._sequence(cards) or (self.trump is not None and cards[0].rank == Rank.ACE and len(cards) >= 2
                                     and cards[1].rank == Rank.KING):
            return _card(cards[0], "rule_lead_sequence", (("suit", sym),))
        if len(cards) >= 4:
            return _card(cards[3], self._long_suit_reason(s), (("suit", sym), ("n", len(cards))))
        if len(cards) <= 2:
            return _card(cards[0], "rule_lead_short", (("suit", sym),))
        if cards[0].rank >= Rank.JACK:
            return _card(cards[-1], "rule_lead_low", (("suit", sym),))
        return _card(cards[0], "rule_lead_top_of_three", (("suit", sym),))

    def _long_suit_reason(self, s: Suit) -> str:
        """What a fourth-best lead from ``s`` may truly say of it: my longest (and strongest) suit, or a long one."""
        hand = self.hand

        def strength(x: Suit) -> int:
            return sum(max(0, c.rank - 10) for c in hand.suit(x))

        if hand.count(s) < max(hand.count(x) for x in Suit):
            return "rule_lead_fourth_long"
        if strength(s) < max(strength(x) for x in Suit):
            return "rule_lead_fourth_longest"
        return "rule_lead_fourth"

    def follow(self, leader: Seat, cards: Sequence[Card]) -> Why:
        trump = self.trump
        lead = cards[0].suit
        pos = len(cards)
        w = winning_index(cards, trump)
        win = cards[w]
        top = card_key(win, lead, trump)
        partner_wins = leader.offset(w) == self.seat.partner
        mine = self.hand.suit(lead)
        if mine:
            beaters = [c for c in mine if card_key(c, lead, trump) > top]
            low = mine[-1]
            if pos == 3:
                if partner_wins:
                    return _card(low, "rule_partner_wins", (("win", win),))
                if beaters:
                    return _card(beaters[-1], "rule_win_cheap", ())
                return _card(low, "rule_cannot_win", (("win", win),))
            if pos == 2:
                if partner_wins and (self.is_master(win) or (win.suit is trump and lead is not trump)):
                    return _card(low, "rule_partner_wins", (("win", win),))
                if beaters:
                    card = self.cheapest_equal(beaters[0])
                    return _card(card, "rule_third_high", ())
                return _card(low, "rule_cannot_win", (("win", win),))
            # second hand
            if win.rank >= Rank.JACK and win.suit is lead and beaters:
                card = self.cheapest_equal(beaters[-1])
                return _card(card, "rule_cover", (("win", win),))
            if beaters and self.is_master(beaters[0]) and len(self.view.tricks) >= 8:
                card = self.cheapest_equal(beaters[0])
                return _card(card, "rule_win_cheap", ())
            return _card(low, "rule_second_low", ())
        # void in the suit led
        if trump is not None and self.hand.count(trump):
            safe_partner = partner_wins and (pos == 3 or (self.is_master(win) and win.suit is not trump
                                                          and self.unseen(lead) > 1))
            if not safe_partner:
                trumps = self.hand.suit(trump)
                winners = [c for c in trumps if card_key(c, lead, trump) > top]
                if winners:
                    card = winners[-1]
                    return _card(card, "rule_ruff", (("suit", lead.symbol),))
        card = self.discard()
        return _card(card, "rule_discard", (("suit", lead.symbol),))

    def discard(self) -> Card:
        hand, trump = self.hand, self.trump
        suits = [s for s in Suit if hand.count(s) and s is not trump] or [s for s in Suit if hand.count(s)]

        def weakness(s: Suit) -> tuple[int, int, int]:
            cards = hand.suit(s)
            masters = sum(1 for c in cards if self.is_master(c))
            hcp = sum(max(0, c.rank - 10) for c in cards)
            return (masters, hcp, len(cards))

        s = min(suits, key=weakness)
        return hand.suit(s)[-1]


__all__ = ["RuleBot"]

