"""docs/rules.md §1.7 and §1.8: the play of the cards (no dummy, following suit, no duty to trump, trick winners)."""

from __future__ import annotations

import pytest
from conftest import auction_for, build_hands, cards, played_deal

from vint_core import (
    SEED,
    Card,
    Deal,
    Hand,
    IllegalPlayError,
    Phase,
    Reason,
    Seat,
    Side,
    Suit,
    trick_winner,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def c(text: str) -> tuple[Card, ...]:
    return tuple(cards(text))


@pytest.mark.parametrize(("leader", "played", "trump", "winner"), [
    (N, "5H AH 2H KH", None, E),          # highest of the suit led
    (N, "5H AS 2H KH", None, W),          # another suit never wins at no-trump
    (N, "5H 2S 9H KH", Suit.SPADES, E),   # a trump beats the suit led
    (N, "5H 2S 3S KH", Suit.SPADES, S),   # the highest trump
    (E, "QD AC KD 2D", Suit.HEARTS, W),   # a discard (not trump) does not win
    (W, "2C 3C 4C 5C", Suit.CLUBS, S),    # trump led: highest trump
    (S, "10S JS 9H AH", Suit.DIAMONDS, W),
])
def test_trick_winner(leader: Seat, played: str, trump: Suit | None, winner: Seat) -> None:
    assert trick_winner(leader, c(played), trump) is winner


def _deal_in_play(contract: str = "4♥", declarer: Seat = N, **fixed: str) -> Deal:
    seats = {Seat.parse(k): cards(v) for k, v in fixed.items()}
    hands = build_hands(seats, seed=3)
    return Deal.replay(hands, auction_for(contract, declarer), dealer=N)


def test_opening_lead_from_the_declarers_left() -> None:
    for declarer in Seat:
        deal = _deal_in_play("2♣", declarer)
        assert deal.phase is Phase.PLAY and deal.to_act is declarer.left
        assert deal.dealer is N  # not from the dealer's left


def test_following_suit_is_compulsory() -> None:
    deal = _deal_in_play("4♥", N, E="5S 2H", S="3S 9D")
    deal = deal.apply(Card.parse("5S"))
    assert deal.to_act is S
    assert set(deal.legal_actions()) == set(deal.hand(S).suit(Suit.SPADES))
    with pytest.raises(IllegalPlayError) as info:
        deal.apply(Card.parse("9D"))
    assert info.value.reason is Reason.MUST_FOLLOW


def test_no_duty_to_trump_when_void() -> None:
    """A player with no card of the suit led may discard anything, trump or not."""
    fixed = {N: cards("AD KD QD JD 10D 9D 8D"), E: cards("2S"), S: cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H")}
    hands = build_hands(fixed, seed=4)
    deal = Deal.replay(hands, auction_for("1♥", N), dealer=N)  # East leads
    deal = deal.apply(Card.parse("2S"))
    assert deal.to_act is S
    deal = deal.apply(Card.parse("3S"))
    assert deal.to_act is W
    west = deal.hand(W)
    assert not west.has_suit(Suit.SPADES)
    assert set(deal.legal_actions()) == set(west)  # everything, trumps and discards alike
    discard = next(card for card in west if card.suit is not Suit.HEARTS)
    assert deal.is_legal(discard)
    north_void = deal.apply(discard)
    assert set(north_void.legal_actions()) == set(north_void.hand(N))  # North has no spade either


def test_all_13_tricks_are_always_played() -> None:
    """Even when the contract is decided early (here all 13 tricks go to the declarers)."""
    deal = played_deal("1♠", N, 13, {N: cards("AS KS QS JS 10S 9S 8S"), S: cards("7S 6S 5S 4S 3S 2S")},
                       strong=Side.NS)
    assert len(deal.tricks) == 13 and deal.phase is Phase.FINISHED
    mid = Deal.replay(deal.hands, deal.actions[:len(deal.auction.calls) + 7 * 4], dealer=deal.dealer)
    assert mid.tricks_won[Side.NS] == 7 and mid.phase is Phase.PLAY  # contract made, play goes on


def test_the_winner_of_a_trick_leads_to_the_next() -> None:
    deal = played_deal("3NT", S, 9, {})
    for before, after in zip(deal.tricks, deal.tricks[1:], strict=False):
        assert after.leader is before.winner
    assert deal.tricks[0].leader is W


def test_no_dummy_every_seat_plays_its_own_cards() -> None:
    deal = played_deal("3NT", S, 9, {})
    for trick in deal.tricks:
        for seat, card in trick.plays():
            assert card in deal.hands[seat]
    view = deal.view(N)
    assert view.hand_dealt == deal.hands[N]


def test_a_card_not_held_is_rejected() -> None:
    deal = _deal_in_play("4♥", N, E="2S", S="3S")
    with pytest.raises(IllegalPlayError) as info:
        deal.apply(Card.parse("3S"))  # South's card, East to play
    assert info.value.reason is Reason.NOT_IN_HAND


def test_play_hands_shrink_but_hands_as_dealt_stay() -> None:
    deal = _deal_in_play("4♥", N, E="2S")
    after = deal.apply(Card.parse("2S"))
    assert Card.parse("2S") not in after.hand(E) and Card.parse("2S") in after.hands[E]
    assert isinstance(after.hand(E), Hand) and len(after.hand(E)) == 12
    assert after.rules == SEED
