"""Questions on the auction: overbidding (``next_bid_legal``, ``lowest_bid``, ``higher_bid``,
``tricks_needed``) and the auction's end (``auction_over``, ``declarer``, ``opening_leader``).

The answers come from the engine's :class:`~vint_core.auction.Auction` (``legal_calls``,
``check``, ``is_over``, ``contract``) and :meth:`~vint_core.rules.RuleSet.outranks`; the distractors from
the misconceptions, each applied to the same situation.
"""

from __future__ import annotations

import random
from typing import Any

from vint_core.auction import Auction
from vint_core.calls import PASS, Bid, Strain
from vint_core.errors import IllegalCallError, Reason
from vint_core.i18n import Phrase, rules_name
from vint_core.quiz.items import COURSE_RULES, Inputs, Item, Line, fill_seats, make_choices, seat_label
from vint_core.quiz.situations import BRIDGE_ORDER, deal_number_for, random_auction
from vint_core.quiz.texts import quiz_phrase
from vint_core.rules import RuleSet
from vint_core.seats import Seat


def _calls(a: Auction) -> tuple[str, ...]:
    return tuple(c.pbn for c in a.calls)


def _bridge_outranks(bid: Bid, other: Bid) -> bool:
    return (bid.level, BRIDGE_ORDER.index(bid.strain)) > (other.level, BRIDGE_ORDER.index(other.strain))


def _passed_before(a: Auction, seat: Seat) -> bool:
    return any(s == seat and c is PASS for s, c in a.calls_by())


def _in_progress(rng: random.Random, rules: RuleSet, *, need_bid: bool) -> tuple[Auction, int]:
    """A moment of a real auction that is not over (and, with ``need_bid``, where a bid is possible)."""
    while True:
        dealer = Seat(rng.randrange(4))
        number = deal_number_for(rng, rules)
        snaps = random_auction(rng, rules, dealer=dealer, deal_number=number)
        open_ = [s for s in snaps if not s.is_over and (not need_bid or len(s.legal_calls()) > 1)]
        if open_:
            # moments after a bid with a few passes are where learners go wrong: weight them up
            weights = [3 if s.passes_in_a_row >= 3 and s.highest_bid is not None else 1 for s in open_]
            return rng.choices(open_, weights)[0], number


def _base(a: Auction, rules: RuleSet, number: int, **more: Any) -> Inputs:
    return Inputs(rules.name, dealer=a.dealer.letter, deal_number=number, calls=_calls(a), **more)


def _progressive(rules: RuleSet) -> bool:
    """Whether the deal's number matters in the auction (its minimum level): only under ``progressive``."""
    return rules.min_level == "progressive"


def _deal_of_rubber(rules: RuleSet, number: int) -> Phrase | str:
    """"Deal 3 of the rubber. " where the deal's number sets the lowest level, else nothing."""
    return quiz_phrase("q_deal_of_rubber", deal_number=number) if _progressive(rules) else ""


def _limited(rules: RuleSet) -> bool:
    """Whether the rule set limits the bids beyond outranking: a minimum level, or no no-trump."""
    return rules.min_level != 1 or Strain.NOTRUMP not in rules.strain_order


def _passes_line(a: Auction) -> Line | None:
    n = a.passes_in_a_row
    if n == 0 or not a.calls:
        return None
    if a.highest_bid is None:
        return _under(a.rules, "x_passes_no_bid", n=n, end=a.rules.passout_passes)
    return _under(a.rules, "x_passes_so_far", n=n, end=a.rules.auction_end_passes)


def _under(rules: RuleSet, key: str, **params: Any) -> Phrase:
    """A sentence that names the rule set ("under Short rubber, …"), but not the course's own rules."""
    if rules.name == COURSE_RULES:
        return quiz_phrase(f"{key}_own", **params)
    return quiz_phrase(key, rules=rules_name(rules.name), **params)


def next_bid_legal(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    a, number = _in_progress(rng, rules, need_bid=False)
    top = a.highest_bid
    low = a.min_level
    if top is None:
        level = max(1, min(7, low + rng.choice((-1, 0, 0, 1))))
    else:
        level = max(1, min(7, top.level + rng.choice((-1, 0, 0, 0, 1))))
    strains = list(Strain) if Strain.NOTRUMP not in rules.strain_order or rng.random() < 0.3 else \
        list(rules.strain_order)
    bid = Bid(level, rng.choice(strains))
    seat = a.to_act
    explanation: list[Line] = []
    try:
        a.check(bid)
        answer = True
        reason = (quiz_phrase("x_outranks", top=top) if top is not None
                  else quiz_phrase("x_first_bid", level=low) if low > 1 else quiz_phrase("x_first_bid_any"))
        explanation.append(quiz_phrase("x_bid_legal", bid=bid, seat=seat, reason=reason))
        error: IllegalCallError | None = None
    except IllegalCallError as err:
        answer, error = False, err
        explanation.append(err)
    passes = _passes_line(a)
    if passes is not None:
        explanation.append(passes)
    if low > 1:
        explanation.append(quiz_phrase("x_min_level", level=low))
    # the misconception that gives the other answer
    mistake: str | None = None
    if answer:
        end_passes = a.passes_in_a_row
        if top is not None and top.level == bid.level and not _bridge_outranks(bid, top):
            mistake = "bridge_order"
        elif top is not None and 3 <= end_passes < rules.auction_end_passes:
            mistake = "three_pass_end"
        elif _passed_before(a, seat) and not rules.pass_is_final:
            mistake = "pass_is_final"
        elif top is not None and top.level == bid.level:
            mistake = "must_raise_level"
    elif error is not None:
        if error.reason is Reason.INSUFFICIENT_BID and top is not None:
            if top.level == bid.level and _bridge_outranks(bid, top):
                mistake = "bridge_order"
            elif bid.level < top.level:
                mistake = "strain_over_level"
        elif error.reason is Reason.BELOW_MIN_LEVEL:
            mistake = "min_level_ignored"
        elif error.reason is Reason.STRAIN_NOT_ALLOWED:
            mistake = "no_nt_in_whist_vint"
    data = _base(a, rules, number, bid=bid.pbn)
    return Item(ident, "overbidding", "next_bid_legal", "choice", rules.name, data, answer,
                quiz_phrase("q_next_bid_legal", deal=_deal_of_rubber(rules, number), dealer=a.dealer, seat=seat,
                       bid=bid),
                make_choices(answer, [(not answer, mistake)], explanation), tuple(explanation),
                quiz_phrase("h_next_bid_legal_limits" if _limited(rules) else "h_next_bid_legal"), (("auction", a),))


def _lowest_by(order: tuple[Strain, ...], top: Bid | None, min_level: int) -> Bid | None:
    """The lowest bid over ``top`` at ``min_level`` or more, with strains ranked by ``order``."""
    for level in range(min_level, 8):
        for strain in order:
            bid = Bid(level, strain)
            if top is None or (level, order.index(strain)) > (top.level, order.index(top.strain)
                                                                if top.strain in order else -1):
                return bid
    return None


def lowest_bid(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    a, number = _in_progress(rng, rules, need_bid=True)
    top = a.highest_bid
    answer_bid = next(c for c in a.legal_calls() if isinstance(c, Bid))
    answer = answer_bid.pbn
    order = rules.strain_order
    bridge = tuple(s for s in BRIDGE_ORDER if s in order)
    distractors: list[tuple[Any, str | None]] = []
    wrong = _lowest_by(bridge, top, a.min_level)
    if wrong is not None:
        distractors.append((wrong.pbn, "bridge_order"))
    if top is not None and answer_bid.level == top.level and top.level < 7:
        distractors.append((Bid(top.level + 1, order[0]).pbn, "must_raise_level"))
    if a.min_level > 1:
        ignored = _lowest_by(order, top, 1)
        if ignored is not None:
            distractors.append((ignored.pbn, "min_level_ignored"))
    if top is not None and 3 <= a.passes_in_a_row < rules.auction_end_passes:
        distractors.append((None, "three_pass_end"))
    if Strain.NOTRUMP not in order and top is not None and top.strain is Strain.HEARTS:
        distractors.append((Bid(top.level, Strain.NOTRUMP).pbn, "no_nt_in_whist_vint"))
    for later in [c.pbn for c in a.legal_calls() if isinstance(c, Bid)][1:3]:
        if len({d for d, _ in distractors if d != answer}) >= 2:
            break
        distractors.append((later, None))  # legal, but not the lowest
    explanation: list[Line] = [quiz_phrase("x_lowest", bid=answer_bid, top=top) if top is not None
                               else quiz_phrase("x_lowest_first", bid=answer_bid)]
    if a.min_level > 1:
        explanation.append(quiz_phrase("x_min_level", level=a.min_level))
    passes = _passes_line(a)
    if passes is not None:
        explanation.append(passes)

    def label(value: Any) -> Phrase:
        return quiz_phrase("no_bid_over") if value is None else quiz_phrase("plain", text=Bid(int(value[0]),
                                                                                     Strain(value[1:])))

    choices = make_choices(answer, distractors, explanation, label=label)
    return Item(ident, "overbidding", "lowest_bid", "choice", rules.name, _base(a, rules, number), answer,
                quiz_phrase("q_lowest_bid", deal=_deal_of_rubber(rules, number), dealer=a.dealer, seat=a.to_act),
                choices, tuple(explanation), quiz_phrase("h_lowest_bid_min" if _progressive(rules) else "h_lowest_bid"),
                (("auction", a),))


def higher_bid(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    order = rules.strain_order
    roll = rng.random()
    if roll < 0.5:
        level = rng.randint(1, 7)
        s1, s2 = rng.sample(order, 2)
        a, b = Bid(level, s1), Bid(level, s2)
    elif roll < 0.8:
        level = rng.randint(1, 6)
        a = Bid(level, rng.choice(order[1:]))
        b = Bid(level + 1, rng.choice([s for s in order if order.index(s) < order.index(a.strain)]))
    else:
        a, b = rng.sample(rules.bids, 2)
    if rng.random() < 0.5:
        a, b = b, a
    high, low = (a, b) if rules.outranks(a, b) else (b, a)
    if high.level == low.level:
        mistake = "bridge_order" if _bridge_outranks(low, high) else None
    else:
        mistake = "strain_over_level" if order.index(low.strain) > order.index(high.strain) else None
    explanation: list[Line] = [_under(rules, "x_higher", high=high, low=low)]
    data = Inputs(rules.name, a=a.pbn, b=b.pbn)
    return Item(ident, "overbidding", "higher_bid", "choice", rules.name, data, high.pbn,
                quiz_phrase("q_higher_bid", a=a, b=b),
                make_choices(high.pbn, [(low.pbn, mistake)], explanation), tuple(explanation),
                quiz_phrase("h_higher_bid"))


def tricks_needed(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    bid = rng.choice(rules.bids)
    seat = Seat(rng.randrange(4))
    answer = bid.tricks
    explanation: list[Line] = [quiz_phrase("x_tricks_needed", bid=bid, level=bid.level, tricks=answer)]
    data = Inputs(rules.name, bid=bid.pbn, declarer=seat.letter)
    return Item(ident, "overbidding", "tricks_needed", "number", rules.name, data, answer,
                quiz_phrase("q_tricks_needed", seat=seat, bid=bid, side=seat.side),
                make_choices(answer, [(bid.level, "bid_is_tricks")], explanation,
                             kind="number"),
                tuple(explanation), quiz_phrase("h_tricks_needed"))


def auction_over(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    dealer = Seat(rng.randrange(4))
    number = deal_number_for(rng, rules)
    snaps = random_auction(rng, rules, dealer=dealer, deal_number=number)[1:]
    weights = [4 if s.is_over else (3 if s.passes_in_a_row >= 3 else 1) for s in snaps]
    a = rng.choices(snaps, weights)[0]
    answer = a.is_over
    n = a.passes_in_a_row
    mistake: str | None = None
    if not answer and a.highest_bid is not None and n >= 3:
        mistake = "three_pass_end"
    elif answer and a.highest_bid is not None and rules.auction_end_passes < 8:
        mistake = "eight_passes_everywhere"
    explanation: list[Line] = []
    passes = _passes_line(a)
    if passes is not None:
        explanation.append(passes)
    if a.is_passed_out:
        explanation.append(quiz_phrase("x_passed_out"))
    elif a.contract is not None:
        explanation.append(quiz_phrase("x_final_bid", bid=a.contract.bid, seat=a.contract.declarer))
    if not explanation:
        explanation.append(quiz_phrase("x_last_bid", bid=a.calls[-1]))
    data = Inputs(rules.name, dealer=dealer.letter, calls=_calls(a))
    return Item(ident, "auction", "auction_over", "choice", rules.name, data, answer,
                quiz_phrase("q_auction_over", dealer=dealer),
                make_choices(answer, [(not answer, mistake)], explanation), tuple(explanation),
                quiz_phrase("h_auction_over"), (("auction", a),))


def _finished(rng: random.Random, rules: RuleSet) -> Auction:
    dealer = Seat(rng.randrange(4))
    number = deal_number_for(rng, rules)
    return random_auction(rng, rules, dealer=dealer, deal_number=number)[-1]


def _bridge_declarer(a: Auction) -> Seat | None:
    """Bridge's declarer: the first player of the final bidder's side to name the final strain."""
    contract = a.contract
    if contract is None:
        return None
    for seat, call in a.calls_by():
        if isinstance(call, Bid) and call.strain is contract.strain and seat.side == contract.side:
            return seat
    return None


def _first_bidder(a: Auction) -> Seat | None:
    return next((seat for seat, call in a.calls_by() if isinstance(call, Bid)), None)


def _letter(seat: Seat | None) -> str | None:
    return seat.letter if seat is not None else None


def _end_lines(a: Auction) -> list[Line]:
    contract = a.contract
    out: list[Line] = []
    passes = _passes_line(a)
    if passes is not None:
        out.append(passes)
    if contract is None:
        out.insert(0, quiz_phrase("x_passed_out"))
    else:
        out.insert(0, quiz_phrase("x_final_bid", bid=contract.bid, seat=contract.declarer))
    return out


def declarer(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    a = _finished(rng, rules)
    contract = a.contract
    answer = _letter(contract.declarer if contract is not None else None)
    distractors: list[tuple[Any, str | None]] = []
    if contract is not None:
        distractors.append((_letter(_bridge_declarer(a)), "bridge_declarer"))
        distractors.append((_letter(_first_bidder(a)), "opener_declares"))
        distractors = [(d, m) for d, m in distractors if d != answer]
    else:
        distractors.append((a.dealer.letter, None))
    fill_seats(rng, answer, distractors)
    explanation = _end_lines(a)
    data = Inputs(rules.name, dealer=a.dealer.letter, calls=_calls(a))
    return Item(ident, "auction", "declarer", "choice", rules.name, data, answer,
                quiz_phrase("q_declarer", dealer=a.dealer),
                make_choices(answer, distractors, explanation, label=seat_label),
                tuple(explanation), quiz_phrase("h_declarer"), (("auction", a),))


def opening_leader(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    a = _finished(rng, rules)
    contract = a.contract
    explanation = _end_lines(a)
    distractors: list[tuple[Any, str | None]] = []
    if contract is None:
        answer = None
        distractors.append((a.dealer.left.letter, "dealer_left_leads"))
    else:
        leader = contract.declarer.left
        answer = leader.letter
        distractors.append((a.dealer.left.letter, "dealer_left_leads"))
        distractors.append((contract.declarer.letter, "declarer_leads"))
        bridge = _bridge_declarer(a)
        if bridge is not None:
            distractors.append((bridge.left.letter, "bridge_declarer"))
        distractors = [(d, m) for d, m in distractors if d != answer]
        explanation.append(quiz_phrase("x_leader", leader=leader, declarer=contract.declarer))
    fill_seats(rng, answer, distractors)
    data = Inputs(rules.name, dealer=a.dealer.letter, calls=_calls(a))
    return Item(ident, "auction", "opening_leader", "choice", rules.name, data, answer,
                quiz_phrase("q_opening_leader", dealer=a.dealer),
                make_choices(answer, distractors, explanation, label=seat_label),
                tuple(explanation), quiz_phrase("h_opening_leader"), (("auction", a),))


__all__ = ["auction_over", "declarer", "higher_bid", "lowest_bid", "next_bid_legal", "opening_leader",
           "tricks_needed"]
