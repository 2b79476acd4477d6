"""Every rejected action raises a typed ``VintError`` that explains itself and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import auction_for, build_hands, cards
from hypothesis import given, settings
from hypothesis import strategies as st

from vint_core import (
    FOSTER_1897,
    PASS,
    PROGRESSIVE,
    SEED,
    WHIST_VINT,
    Call,
    Card,
    Deal,
    Hand,
    IllegalCallError,
    IllegalPlayError,
    OutOfTurnError,
    ParseError,
    Reason,
    RuleSet,
    Seat,
    VintError,
)
from vint_core.auction import Auction
from vint_core.seats import Side

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def rejected(deal: Deal, action: object, kind: type[VintError], reason: Reason, *,
             seat: Seat | None = None) -> VintError:
    """Apply an illegal action; check the error type and reason and that nothing changed."""
    twin = Deal.replay(deal.hands, deal.actions, dealer=deal.dealer, rules=deal.rules,
                       deal_number=deal.deal_number, board=deal.board)
    before = (deal.actions, deal.legal_actions(), deal.to_act, deal.phase)
    with pytest.raises(kind) as info:
        deal.apply(action, seat=seat)  # type: ignore[arg-type]
    assert info.value.reason is reason
    assert isinstance(info.value, ValueError)
    assert deal == twin and (deal.actions, deal.legal_actions(), deal.to_act, deal.phase) == before
    if seat is None:
        assert not deal.is_legal(action)  # type: ignore[arg-type]
    return info.value


def auction_deal(texts: list[str], *, rules: RuleSet = SEED, dealer: Seat = N, deal_number: int = 1) -> Deal:
    return Deal.replay(build_hands({}, seed=41), [Call.parse(t) for t in texts], dealer=dealer, rules=rules,
                       deal_number=deal_number)


# West must follow ♠ holding only ♠3; East leads ♠A against 1♥ by North … West plays after South
PLAY_FIXED = {E: cards("AS"), S: cards("2S"), W: cards("3S 7H"), N: cards("4S")}


def play_deal() -> Deal:
    hands = build_hands(PLAY_FIXED, seed=42)
    hands = _only_spade(hands, W, Card.parse("3S"))
    deal = Deal.replay(hands, auction_for("1♥", N), dealer=N)
    return deal.apply(Card.parse("AS")).apply(Card.parse("2S"))


def _only_spade(hands: tuple[Hand, ...], seat: Seat, keep: Card) -> tuple[Hand, Hand, Hand, Hand]:
    """Move the seat's other spades to its partner… or to whoever has non-spades to swap."""
    out = list(hands)
    extra = [c for c in out[seat] if c.suit == keep.suit and c is not keep]
    other = seat.right  # South
    give = [c for c in out[other] if c.suit != keep.suit][: len(extra)]
    assert len(give) == len(extra)
    out[seat] = Hand([c for c in out[seat] if c not in extra] + give)
    out[other] = Hand([c for c in out[other] if c not in give] + extra)
    return out[0], out[1], out[2], out[3]


# -- the play ---------------------------------------------------------------------------------------


def test_must_follow_message_names_card_seat_suit_and_holding() -> None:
    deal = play_deal()
    assert deal.to_act is W and deal.hand(W).suit(cards("3S")[0].suit) == (Card.parse("3S"),)
    err = rejected(deal, Card.parse("7H"), IllegalPlayError, Reason.MUST_FOLLOW)
    assert str(err) == "7♥ by West is illegal: West must follow ♠ and holds 3♠"
    assert err.message("de") == "7♥ von West ist unzulässig: West muss ♠ bedienen und hat 3♠"


def test_card_not_in_hand() -> None:
    deal = play_deal()
    err = rejected(deal, Card.parse("4S"), IllegalPlayError, Reason.NOT_IN_HAND)
    assert str(err) == "4♠ by West is illegal: West does not hold 4♠"
    assert err.message("de") == "4♠ von West ist unzulässig: West hat 4♠ nicht"


def test_card_already_played_is_not_in_hand() -> None:
    deal = play_deal().apply(Card.parse("3S")).apply(Card.parse("4S"))
    assert deal.to_act is E  # East won with ♠A
    err = rejected(deal, Card.parse("AS"), IllegalPlayError, Reason.NOT_IN_HAND)
    assert "East does not hold A♠" in str(err)


def test_card_out_of_turn() -> None:
    deal = play_deal()
    err = rejected(deal, Card.parse("4S"), OutOfTurnError, Reason.OUT_OF_TURN, seat=N)
    assert str(err) == "4♠ by North is out of turn: it is West's turn"
    assert err.message("de") == "4♠ von Nord ist nicht an der Reihe: West ist am Zug"


def test_call_during_the_play() -> None:
    err = rejected(play_deal(), Call.parse("2♠"), IllegalCallError, Reason.NOT_AUCTION)
    assert "2♠" in str(err) and "auction is over" in str(err)
    assert "Auktion ist vorbei" in err.message("de")


def test_card_during_the_auction() -> None:
    err = rejected(auction_deal(["1♠"]), Card.parse("AS"), IllegalPlayError, Reason.NOT_PLAY)
    assert "A♠" in str(err) and "auction is still going on" in str(err)
    assert "Auktion läuft noch" in err.message("de")


def test_card_after_the_last_trick() -> None:
    from conftest import played_deal

    deal = played_deal("1NT", N, 7, {})
    err = rejected(deal, Card.parse("AS"), IllegalPlayError, Reason.DEAL_OVER)
    assert str(err) == "A♠ is too late: the deal is over"
    assert err.message("de") == "A♠ kommt zu spät: das Spiel ist vorbei"


def test_non_card_during_the_play() -> None:
    err = rejected(play_deal(), 7, IllegalPlayError, Reason.BAD_CARD)
    assert str(err).startswith("'7' is not a card")


def test_text_during_the_play_is_a_card() -> None:
    err = rejected(play_deal(), "7H", IllegalPlayError, Reason.MUST_FOLLOW)
    assert str(err) == "7♥ by West is illegal: West must follow ♠ and holds 3♠"
    err = rejected(play_deal(), "7X", ParseError, Reason.BAD_CARD)
    assert str(err) == "'7X' is not a card: write a rank and a suit, like 10♥, TH or ♠A"
    assert err.message("de") == "„7X“ ist keine Karte: schreibe Rang und Farbe, etwa 10♥, TH oder ♠A"


# -- the auction ------------------------------------------------------------------------------------


def test_insufficient_bid() -> None:
    err = rejected(auction_deal(["1NT"]), Call.parse("1♥"), IllegalCallError, Reason.INSUFFICIENT_BID)
    assert str(err).startswith("1♥ by East is illegal: a bid must outrank 1NT")
    assert "♠ < ♣ < ♦ < ♥ < NT" in str(err)
    assert err.message("de").startswith("1♥ von Ost ist unzulässig: ein Gebot muss 1NT überbieten")


def test_same_bid_again_is_insufficient() -> None:
    rejected(auction_deal(["2♦"]), Call.parse("2♦"), IllegalCallError, Reason.INSUFFICIENT_BID)


def test_below_progressive_minimum() -> None:
    deal = auction_deal([], rules=PROGRESSIVE, deal_number=3)
    err = rejected(deal, Call.parse("2NT"), IllegalCallError, Reason.BELOW_MIN_LEVEL)
    assert str(err) == "2NT by North is illegal: in this deal every bid must be at level 3 or higher"
    assert err.message("de") == "2NT von Nord ist unzulässig: in diesem Spiel muss jedes Gebot mindestens Stufe 3 haben"


def test_notrump_under_whist_vint() -> None:
    err = rejected(auction_deal([], rules=WHIST_VINT), Call.parse("3NT"), IllegalCallError,
                   Reason.STRAIN_NOT_ALLOWED)
    assert str(err) == "3NT by North is illegal: the rule set whist_vint does not allow that strain"
    assert "whist_vint" in err.message("de")


def test_self_overcall_under_foster() -> None:
    rules = FOSTER_1897.replace(name="foster_long", auction_end_passes=8)
    err = rejected(auction_deal(["1♠", "P", "P", "P"], rules=rules), Call.parse("2♠"), IllegalCallError,
                   Reason.SELF_OVERCALL)
    assert str(err) == ("2♠ by North is illegal: North holds the highest bid (1♠) and may bid again only "
                        "after someone outbids it")
    assert err.message("de").startswith("2♠ von Nord ist unzulässig: Nord hält das höchste Gebot (1♠)")


def test_bid_after_pass_when_pass_is_final() -> None:
    rules = SEED.replace(name="final", pass_is_final=True)
    err = rejected(auction_deal(["P", "1♦", "P", "P"], rules=rules), Call.parse("1♥"), IllegalCallError,
                   Reason.PASSED_BEFORE)
    assert str(err) == "1♥ by North is illegal: North has passed and may not bid again"
    assert err.message("de") == "1♥ von Nord ist unzulässig: Nord hat gepasst und darf nicht mehr bieten"


def test_call_out_of_turn() -> None:
    err = rejected(auction_deal(["1♠"]), PASS, OutOfTurnError, Reason.OUT_OF_TURN, seat=S)
    assert str(err) == "Pass by South is out of turn: it is East's turn"
    assert err.message("de") == "Pass von Süd ist nicht an der Reihe: Ost ist am Zug"


def test_call_after_the_auction_is_over_on_the_auction() -> None:
    auction = Auction(N, SEED)
    for _ in range(4):
        auction = auction.apply(PASS)
    with pytest.raises(IllegalCallError) as info:
        auction.apply(Call.parse("1♠"))
    assert info.value.reason is Reason.AUCTION_OVER
    assert str(info.value) == "1♠ is too late: the auction is over"


def test_non_call_during_the_auction() -> None:
    err = rejected(auction_deal([]), 1.5, IllegalCallError, Reason.BAD_CALL)
    assert str(err).startswith("'1.5' is not a call")


def test_bad_text_during_the_auction_is_quoted_once() -> None:
    err = rejected(auction_deal([]), "1X", ParseError, Reason.BAD_CALL)
    assert str(err) == "'1X' is not a call: write Pass, or a level 1–7 and a strain, like 1♠, 2NT or 3H"
    assert err.message("de").startswith("„1X“ ist keine Ansage")


# -- parsing ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("parse", "text", "reason"), [
    (Card.parse, "1♥", Reason.BAD_CARD), (Card.parse, "11S", Reason.BAD_CARD), (Card.parse, "", Reason.BAD_CARD),
    (Card.parse, "NT", Reason.BAD_CARD), (Card.parse, "♥", Reason.BAD_CARD),
    (Call.parse, "8♠", Reason.BAD_CALL), (Call.parse, "0NT", Reason.BAD_CALL), (Call.parse, "double", Reason.BAD_CALL),
    (Call.parse, "1X", Reason.BAD_CALL), (Call.parse, "", Reason.BAD_CALL),
    (Hand.parse, "AKQ.JT9.876", Reason.HAND_SIZE), (Hand.parse, "AA.KQ.J.T", Reason.CARD_TWICE),
    (Hand.parse, "AKX.JT9.876.5432", Reason.BAD_HAND),
    (Seat.parse, "Nordost", Reason.BAD_SEAT), (Seat.parse, "X", Reason.BAD_SEAT),
    (Side.parse, "NE", Reason.BAD_SEAT),
    (RuleSet.named, "bridge", Reason.UNKNOWN_RULES),
])
def test_parse_errors(parse: Callable[[str], object], text: str, reason: Reason) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    err = info.value
    assert err.reason is reason and isinstance(err, ValueError) and isinstance(err, VintError)
    assert repr(text)[1:-1] in str(err) or text in str(err)
    assert f"„{text}“" in err.message("de")
    assert err.line is None


@pytest.mark.parametrize(("parse", "text", "message"), [
    (Card.parse, "1♥", "'1♥' is not a card: write a rank and a suit, like 10♥, TH or ♠A"),
    (Call.parse, "8♠", "'8♠' is not a call: write Pass, or a level 1–7 and a strain, like 1♠, 2NT or 3H"),
    (Seat.parse, "X", "'X' is not a seat: use N, E, S or W"),
])
def test_parse_error_messages_say_what_to_write(parse: Callable[[str], object], text: str, message: str) -> None:
    with pytest.raises(ParseError) as info:
        parse(text)
    assert str(info.value) == message


def test_unknown_rule_set_lists_the_known_ones() -> None:
    with pytest.raises(ParseError) as info:
        RuleSet.named("bridge")
    for name in ("seed", "short", "progressive", "whist_vint", "foster_1897"):
        assert name in str(info.value)


def test_bad_deal_is_a_vint_error() -> None:
    hands = build_hands({}, seed=1)
    with pytest.raises(VintError) as info:
        Deal((hands[0], hands[0], hands[2], hands[3]), dealer=N)
    assert info.value.reason is Reason.BAD_DEAL and "two hands" in str(info.value)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(text=st.text(alphabet=st.sampled_from("AKQJT1098765432SHDCNPpassx♠♥♦♣ .-/\n"), max_size=24)
       | st.text(max_size=12))
def test_parsers_fed_arbitrary_text_raise_only_parse_errors(text: str) -> None:
    for parse in (Card.parse, Call.parse, Hand.parse, Seat.parse, Side.parse, RuleSet.named):
        try:
            value = parse(text)  # type: ignore[operator]
        except ParseError as err:
            assert err.message("de") and str(err)
        else:
            assert str(value)


def test_a_call_on_a_finished_deal_is_an_illegal_call() -> None:
    deal = Deal.new(dealer=Seat.NORTH, seed=1)
    for _ in range(4):
        deal = deal.apply(PASS)
    with pytest.raises(IllegalCallError) as info:
        deal.apply(Call.parse("1♠"))
    assert info.value.reason is Reason.DEAL_OVER


def test_wrong_phase_messages_name_the_seat() -> None:
    deal = Deal.new(dealer=Seat.NORTH, seed=1)
    with pytest.raises(IllegalPlayError) as info:
        deal.apply(Card.parse("AS"))
    assert str(info.value).startswith("A♠ by North is a card")
    assert info.value.message("de").startswith("A♠ von Nord ist eine Karte")
