"""Questions on the play: ``legal_cards`` (follow suit, else any card) and ``trick_winner``.

The answers are the engine's rule of play (:func:`vint_core.play.follow_suit`) and
:func:`vint_core.play.trick_winner`; the distractors a duty to trump, no duty to follow,
trumping while holding the suit led, a forgotten trump, the highest card of any suit, the
first trump winning.
"""

from __future__ import annotations

import random
from typing import Any

from vint_core.cards import Card, Hand, Suit, mask_cards
from vint_core.i18n import Phrase
from vint_core.play import follow_suit, trick_winner
from vint_core.quiz.items import Inputs, Item, Line, make_choices, seat_label
from vint_core.quiz.situations import new_hands, random_trick
from vint_core.quiz.texts import quiz_phrase
from vint_core.rules import RuleSet
from vint_core.seats import Seat


def _trump_for(rng: random.Random, rules: RuleSet) -> Suit | None:
    strain = rng.choice(rules.strain_order)
    return strain.suit


def _trump_msg(trump: Suit | None) -> Phrase:
    return quiz_phrase("q_trump_none") if trump is None else quiz_phrase("q_trump_suit", suit=trump.symbol)


def _pbn(cards: tuple[Card, ...]) -> list[str]:
    return [c.pbn for c in cards]


def legal_cards(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    _, hands = new_hands(rng)
    full = hands[rng.randrange(4)]
    keep = rng.randint(3, 13)
    hand = Hand(rng.sample(full.cards, keep))
    trump = _trump_for(rng, rules)
    roll = rng.random()
    voids = [s for s in Suit if not hand.has_suit(s)]
    if roll < 0.1:
        led: Suit | None = None
    elif roll < 0.6 and voids:
        led = rng.choice(voids)
    else:
        led = rng.choice(list(Suit))
    legal = mask_cards(follow_suit(hand._mask, led))
    answer = _pbn(legal)
    distractors: list[tuple[Any, str | None]] = []
    explanation: list[Line]
    if led is None:
        explanation = [quiz_phrase("x_lead")]
    elif hand.has_suit(led):
        explanation = [quiz_phrase("x_follow", suit=led.symbol)]
        distractors.append((_pbn(hand.cards), "no_follow_duty"))
        if trump is not None and trump is not led and hand.has_suit(trump):
            distractors.append((_pbn(tuple(c for c in hand.cards if c.suit in (led, trump))),
                                "trump_instead_of_following"))
    else:
        explanation = [quiz_phrase("x_void", suit=led.symbol)]
        if trump is not None and hand.has_suit(trump):
            distractors.append((_pbn(hand.suit(trump)), "must_trump"))
    data = Inputs(rules.name, hand=hand.pbn, led=led.letter if led is not None else None,
                  trump=trump.letter if trump is not None else None)
    led_msg = quiz_phrase("q_led_none") if led is None else quiz_phrase("q_led_suit", suit=led.symbol)
    return Item(ident, "play", "legal_cards", "cards", rules.name, data, answer,
                quiz_phrase("q_legal_cards", led=led_msg, trump=_trump_msg(trump)),
                make_choices(answer, distractors, explanation, kind="cards"), tuple(explanation),
                quiz_phrase("h_legal_cards"), (("hand", hand),))


def _winner_by(leader: Seat, cards: tuple[Card, ...], key: Any) -> Seat:
    best = max(range(4), key=lambda i: (key(cards[i]), -i))
    return leader.offset(best)


def trick_winner_item(rng: random.Random, rules: RuleSet, ident: str) -> Item:
    trump = _trump_for(rng, rules)
    leader, cards = random_trick(rng, trump)
    winner = trick_winner(leader, cards, trump)
    led = cards[0].suit
    distractors: list[tuple[Any, str | None]] = []
    distractors.append((trick_winner(leader, cards, None).letter, "trump_ignored"))
    distractors.append((_winner_by(leader, cards, lambda c: c.rank).letter, "highest_card_wins"))
    if trump is not None:
        first = next((i for i, c in enumerate(cards) if c.suit is trump), None)
        if first is not None:
            distractors.append((leader.offset(first).letter, "first_trump_wins"))
    distractors = [(d, m) for d, m in distractors if d != winner.letter]
    others = [s.letter for s in Seat if s != winner and all(s.letter != d for d, _ in distractors)]
    rng.shuffle(others)
    while len(distractors) < 2 and others:
        distractors.append((others.pop(), None))
    card = cards[(winner - leader) & 3]
    if trump is not None and card.suit is trump:
        explanation: list[Line] = [quiz_phrase("x_trick_trump", card=card, seat=winner)]
    else:
        explanation = [quiz_phrase("x_trick_led", card=card, seat=winner, suit=led.symbol)]
    data = Inputs(rules.name, leader=leader.letter, cards=tuple(_pbn(cards)),
                  trump=trump.letter if trump is not None else None)
    return Item(ident, "play", "trick_winner", "choice", rules.name, data, winner.letter,
                quiz_phrase("q_trick_winner", leader=leader,
                       cards=" ".join(str(c) for c in cards), trump=_trump_msg(trump)),
                make_choices(winner.letter, distractors, explanation, label=seat_label), tuple(explanation),
                quiz_phrase("h_trick_winner"), (("cards", cards),))


__all__ = ["legal_cards", "trick_winner_item"]
