"""Questions on the table: ``partner`` (partners sit opposite), ``first_card`` (the dealer deals from
his left, clockwise) and ``next_dealer`` (the deal passes to the left after every deal).

The answers come from the engine's seats (:attr:`~vint_core.seats.Seat.partner`, :meth:`~vint_core.seats.Seat.offset`,
:attr:`~vint_core.seats.Seat.left`); the distractors from the beginners' mistakes: a partner beside you, the dealer
serving himself first, dealing or passing the deal to the right, the same dealer dealing again.
"""

from __future__ import annotations

import random
from typing import Any

from vint_core.quiz.items import Inputs, Item, Line, fill_seats, make_choices, seat_label
from vint_core.quiz.texts import quiz_phrase
from vint_core.rules import RuleSet
from vint_core.seats import Seat


def partner(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    seat = Seat(rng.randrange(4))
    answer = seat.partner
    explanation: list[Line] = [quiz_phrase("x_partner", seat=seat, partner=answer, side=seat.side,
                                      left=seat.left, right=seat.right)]
    distractors: list[tuple[Any, str | None]] = [(seat.left.letter, "partner_beside"),
                                                 (seat.right.letter, "partner_beside")]
    data = Inputs(rules.name, seat=seat.letter)
    return Item(ident, "table", "partner", "choice", rules.name, data, answer.letter,
                quiz_phrase("q_partner", seat=seat),
                make_choices(answer.letter, distractors, explanation, label=seat_label),
                tuple(explanation), quiz_phrase("h_partner"))


def first_card(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    dealer = Seat(rng.randrange(4))
    # the first card most of the time; now and then a later one, counted round the table
    number = 1 if rng.random() < 0.6 else rng.randint(2, 52)
    answer = dealer.offset(number)
    distractors: list[tuple[Any, str | None]] = [(dealer.offset(number - 1).letter, "dealer_served_first"),
                                                 (dealer.offset(-number).letter, "dealing_to_the_right")]
    distractors = [(d, m) for d, m in distractors if d != answer.letter]
    fill_seats(rng, answer.letter, distractors)
    explanation: list[Line] = [quiz_phrase("x_first_card", dealer=dealer, first=dealer.left)]
    if number > 1:
        explanation.append(quiz_phrase("x_card_number", number=number, pos=(number - 1) % 4 + 1, seat=answer))
    data = Inputs(rules.name, dealer=dealer.letter, card=number)
    return Item(ident, "table", "first_card", "choice", rules.name, data, answer.letter,
                quiz_phrase("q_first_card", dealer=dealer,
                       card=quiz_phrase("q_card_n", number=number) if number > 1 else quiz_phrase("q_card_first")),
                make_choices(answer.letter, distractors, explanation, label=seat_label),
                tuple(explanation), quiz_phrase("h_first_card"))


def next_dealer(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    dealer = Seat(rng.randrange(4))
    number = rng.randint(1, 8)
    passed_out = rng.random() < 0.4
    answer = dealer.left
    distractors: list[tuple[Any, str | None]] = [(dealer.right.letter, "deal_passes_right"),
                                                 (dealer.letter, "dealer_deals_again")]
    explanation: list[Line] = [quiz_phrase("x_next_dealer", dealer=dealer, next=answer)]
    data = Inputs(rules.name, dealer=dealer.letter, deal_number=number, passed_out=passed_out)
    return Item(ident, "table", "next_dealer", "choice", rules.name, data, answer.letter,
                quiz_phrase("q_next_dealer", dealer=dealer, deal_number=number,
                       after=number + 1, how=quiz_phrase("q_passed_out" if passed_out else "q_played")),
                make_choices(answer.letter, distractors, explanation, label=seat_label),
                tuple(explanation), quiz_phrase("h_next_dealer"))


__all__ = ["first_card", "next_dealer", "partner"]
