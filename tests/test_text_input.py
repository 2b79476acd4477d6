"""Text in, wherever a learner types: calls and cards from text in every legality method of the auction, the
play and the deal (one coercion each, ``Call.of``, ``Card.of``, ``Deal.action_of``, with one message), deals
from a PBN string or with some cards fixed, seats as text, and the checks of tricks and the play."""

from __future__ import annotations

import ast
import pathlib
from typing import Any

import pytest
from conftest import auction_for
from hypothesis import given, settings
from hypothesis import strategies as st

from vint_core import (
    PASS,
    SEED,
    WHIST_VINT,
    Auction,
    Call,
    Card,
    Deal,
    Hand,
    IllegalCallError,
    IllegalPlayError,
    ParseError,
    Phase,
    Play,
    Reason,
    Seat,
    Suit,
    Trick,
    VintError,
    deck,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
PBN = "N:AKQ.JT9.876.5432 JT9.876.5432.AKQ 876.5432.AKQ.JT9 5432.AKQ.JT9.876"


def auction() -> Deal:
    return Deal.from_pbn(PBN)


def playing() -> Deal:
    """1♥ by North, East to lead."""
    return Deal.replay(auction().hands, auction_for("1♥", N), dealer=N)


# -- calls and cards from text ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "call"), [
    ("1H", "1♥"), ("1♥", "1♥"), ("1h", "1♥"), ("1NT", "1NT"), ("1N", "1NT"), ("1 nt", "1NT"), ("pass", "Pass"),
    ("P", "Pass"), ("Pass", "Pass"), ("2S", "2♠"), ("7♣", "7♣"),
])
def test_in_the_auction_a_text_is_a_call(text: str, call: str) -> None:
    deal = auction().apply(text)
    assert deal.auction.calls == (Call.parse(call),)
    assert auction().is_legal(text) and auction().parse_action(text) is Call.parse(call)


@pytest.mark.parametrize("text", ["AS", "A♠", "SA", "♠A", "as", "sa"])
def test_in_the_play_a_text_is_a_card(text: str) -> None:
    deal = playing().apply("J♠").apply("8♠").apply("5♠")  # East leads, South and West follow; North plays ♠A
    assert deal.to_act is N and deal.apply(text).tricks[-1].cards[-1] is Card.parse("A♠")


@pytest.mark.parametrize("text", ["10♠", "T♠", "TS", "ST", "♠10", "10s"])
def test_tens_are_written_10_or_T(text: str) -> None:
    deal = playing().apply("J♠")  # East leads ♠J
    assert deal.parse_action(text) is Card.parse("10♠")


def test_a_text_that_fits_both_is_a_call_in_the_auction_and_a_card_in_the_play() -> None:
    assert auction().parse_action("2S") is Call.parse("2♠")
    assert playing().parse_action("2S") is Card.parse("2♠")
    assert playing().apply("AC").current_trick.cards == (Card.parse("A♣"),)


def test_a_card_typed_in_the_auction_is_explained() -> None:
    deal = auction()
    with pytest.raises(IllegalPlayError) as info:
        deal.apply("A♠")
    assert info.value.reason is Reason.NOT_PLAY
    assert str(info.value) == "A♠ by North is a card, but the auction is still going on: make a call"
    assert info.value.message("de") == "A♠ von Nord ist eine Karte, aber die Auktion läuft noch: erst ansagen"
    assert deal == auction() and not deal.is_legal("A♠")


def test_a_call_typed_in_the_play_is_explained() -> None:
    with pytest.raises(IllegalCallError) as info:
        playing().apply("1NT")
    assert info.value.reason is Reason.NOT_AUCTION
    assert str(info.value) == "1NT by East is a call, but the auction is over: it is time to play a card"
    assert info.value.message("de").startswith("1NT von Ost ist eine Ansage")


@pytest.mark.parametrize(("deal", "text", "message", "german"), [
    (auction, "1X", "'1X' is not a call: write Pass, or a level 1–7 and a strain, like 1♠, 2NT or 3H",
     "„1X“ ist keine Ansage: schreibe Pass oder Stufe 1–7 und Farbe, etwa 1♠, 2NT oder 3H"),
    (auction, "8NT", "'8NT' is not a call: write Pass, or a level 1–7 and a strain, like 1♠, 2NT or 3H",
     "„8NT“ ist keine Ansage: schreibe Pass oder Stufe 1–7 und Farbe, etwa 1♠, 2NT oder 3H"),
    (playing, "Z♠", "'Z♠' is not a card: write a rank and a suit, like 10♥, TH or ♠A",
     "„Z♠“ ist keine Karte: schreibe Rang und Farbe, etwa 10♥, TH oder ♠A"),
])
def test_a_bad_text_is_quoted_once_with_an_example(deal: object, text: str, message: str, german: str) -> None:
    before = deal()  # type: ignore[operator]
    with pytest.raises(ParseError) as info:
        before.apply(text)
    assert str(info.value) == message and info.value.message("de") == german
    assert "''" not in str(info.value) and not before.is_legal(text)
    assert before == deal() and before.actions == deal().actions  # type: ignore[operator]


def test_text_after_the_deal_is_over() -> None:
    deal = Deal.replay(auction().hands, ["P"] * 4, dealer=N)
    with pytest.raises(IllegalCallError) as info:
        deal.apply("1NT")
    assert info.value.reason is Reason.DEAL_OVER


def test_replay_and_play_take_text_too() -> None:
    deal = Deal.replay(auction().hands, ["p", "1♥", "pass", "P", "P", "P", "P", "P", "P", "P"], dealer=N)
    assert str(deal.contract) == "1♥ by East" and deal.to_act is S
    assert deal.play is not None and deal.play.apply("8♠").current == (Card.parse("8♠"),)
    with pytest.raises(ParseError):
        deal.play.apply("2X")


def test_a_card_with_its_seat_as_text() -> None:
    deal = playing()
    assert deal.apply("J♠", seat=E).current_trick.cards == (Card.parse("J♠"),)
    with pytest.raises(VintError) as info:
        deal.apply("8♠", seat=S)
    assert info.value.reason is Reason.OUT_OF_TURN


# -- deals from text --------------------------------------------------------------------------------


def test_deal_from_pbn() -> None:
    deal = Deal.from_pbn(PBN, rules=SEED, board="3")
    assert deal.dealer is N and deal.board == "3" and deal.hands[N] == Hand.parse("AKQ.JT9.876.5432")
    assert deal.hands[E] == Hand.parse("JT9.876.5432.AKQ") and deal.hands[W] == Hand.parse("5432.AKQ.JT9.876")
    rotated = Deal.from_pbn("E:" + PBN[2:], dealer="S")
    assert rotated.dealer is S and rotated.hands[E] == deal.hands[N] and rotated.hands[N] == deal.hands[W]


@pytest.mark.parametrize("text", ["AKQ.JT9.876.5432", "X:" + PBN[2:], PBN + " AKQ...", "N " + PBN[2:], ""])
def test_not_a_pbn_deal(text: str) -> None:
    with pytest.raises(ParseError) as info:
        Deal.from_pbn(text)
    assert info.value.reason is Reason.BAD_PBN_DEAL
    assert str(info.value) == (f"'{text}' is not a PBN deal: write the first seat, a colon and the four hands "
                               "clockwise, like N:AKQ.JT9.876.5432 … … …")
    assert info.value.message("de").startswith(f"„{text}“ ist keine PBN-Verteilung")


def test_a_bad_hand_in_a_pbn_deal_is_named() -> None:
    with pytest.raises(ParseError) as info:
        Deal.from_pbn(PBN.replace("5432.AKQ.JT9.876", "5432.AKQ.JT9.87"))
    assert str(info.value) == "a hand has 13 cards; '5432.AKQ.JT9.87' has 12"


def test_deal_with_a_hand_fixed_for_a_lesson() -> None:
    deal = Deal.new(dealer=S, seed=3, fixed={S: "AKQ.JT9.876.5432"})
    assert deal.hands[S] == Hand.parse("AKQ.JT9.876.5432") and deal.dealer is S
    assert Deal.new(dealer=S, seed=3, fixed={S: "AKQ.JT9.876.5432"}) == deal
    assert Deal.new(dealer=S, seed=4, fixed={S: "AKQ.JT9.876.5432"}).hands != deal.hands
    north = Deal.new(seed=3, fixed={"N": "AK.."}).hands[N]
    assert {Card.parse("A♠"), Card.parse("K♠")} <= set(north) and len(north) == 13


# -- seats as text ----------------------------------------------------------------------------------


def test_the_dealer_may_be_written_as_text() -> None:
    hands = auction().hands
    assert Deal(hands, dealer="N").dealer is N and Deal(hands, dealer="west").dealer is W
    assert Deal.new(dealer="S", seed=1).dealer is S and Deal(hands, dealer=2).dealer is S
    for bad in ("X", 7, None):
        with pytest.raises(ParseError) as info:
            Deal(hands, dealer=bad)  # type: ignore[arg-type]
        assert info.value.reason is Reason.BAD_SEAT and "is not a seat: use N, E, S or W" in str(info.value)


# -- tricks and the play ----------------------------------------------------------------------------


def test_a_trick_has_at_most_four_cards() -> None:
    with pytest.raises(IllegalPlayError) as info:
        Trick(N, deck()[:5], None)
    assert info.value.reason is Reason.TRICK_TOO_LONG
    assert str(info.value) == "a trick has at most four cards, one from each seat, not 5"
    assert info.value.message("de") == "ein Stich hat höchstens vier Karten, eine von jedem Platz, nicht 5"


def test_a_trick_refuses_a_card_twice_and_what_is_no_card() -> None:
    with pytest.raises(IllegalPlayError) as info:
        Trick(N, (Card.parse("AS"), Card.parse("AS")), None)
    assert info.value.reason is Reason.CARD_TWICE
    with pytest.raises(IllegalPlayError) as info:
        Trick(N, ("AS",), None)  # type: ignore[arg-type]
    assert info.value.reason is Reason.BAD_CARD and str(info.value).startswith("'AS' is not a card")
    with pytest.raises(IllegalPlayError):
        Trick(N, (), "♠")  # type: ignore[arg-type]
    with pytest.raises(ParseError):
        Trick("Q", (), None)  # type: ignore[arg-type]


def test_trick_reprs_say_what_is_true() -> None:
    cards = tuple(Card.parse(t) for t in ("2♠", "A♠", "3♥", "K♠"))
    assert repr(Trick(N, (), Suit.HEARTS)) == "<Trick: North to lead>"
    assert repr(Trick("N", cards[:2], Suit.HEARTS)) == "<Trick led by North: 2♠ A♠>"
    assert repr(Trick(N, cards, Suit.HEARTS)) == "<Trick led by North: 2♠ A♠ 3♥ K♠, won by South>"


def test_play_repr_says_when_the_play_is_over() -> None:
    deal = playing()
    assert repr(deal.play) == "<Play 1♥ by North: 0 tricks, N–S 0, E–W 0, East to play>"
    while not deal.is_finished:
        deal = deal.apply(deal.legal_actions()[0])
    assert deal.play is not None and deal.play.is_over and deal.phase is Phase.FINISHED
    ns = deal.tricks_won[Seat.NORTH.side]
    assert repr(deal.play) == f"<Play 1♥ by North: over, N–S {ns} tricks, E–W {13 - ns}>"
    assert "to play" not in repr(deal.play)


def test_auction_repr_lists_the_calls() -> None:
    assert repr(auction().apply("1H").apply("p").auction) == "<Auction dealer=North rules=seed calls=[1♥ Pass]>"


# -- no module reaches into another's private names --------------------------------------------------


def test_no_module_imports_another_modules_private_names() -> None:
    root = pathlib.Path(__file__).parent.parent / "vint_core"
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("vint_core"):
                found += [f"{path.name}: {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert found == []


def test_the_auction_uses_the_rule_sets_public_names() -> None:
    source = (pathlib.Path(__file__).parent.parent / "vint_core" / "auction.py").read_text(encoding="utf-8")
    assert "rules._" not in source
    assert SEED.calls_from[0][0] is Call.parse("pass") and SEED.calls_from[0][1:] == SEED.bids
    assert SEED.calls_from[len(SEED.bids)] == (Call.parse("pass"),) and len(SEED.calls_from) == len(SEED.bids) + 1
    assert [SEED.bid_ranks[bid] for bid in SEED.bids] == list(range(35))
    assert Call.parse("1NT") not in WHIST_VINT.bid_ranks
    assert Play.of_state(playing()._ps) == playing().play  # type: ignore[arg-type]


def test_other_constructors_give_typed_errors() -> None:
    from vint_core import Auction, Bid, Strain, deal_hands

    with pytest.raises(ParseError) as info:
        Bid(8, Strain.SPADES)
    assert str(info.value).startswith("'8♠' is not a call")
    with pytest.raises(ParseError) as info:
        Bid(8, "S")  # type: ignore[arg-type]
    assert str(info.value).startswith("'8S' is not a call")
    assert Auction("S", SEED).dealer is S  # type: ignore[arg-type]
    assert deal_hands("S", 1) == deal_hands(S, 1)
    for make in (lambda: Auction("X", SEED), lambda: deal_hands("X", 1)):  # type: ignore[arg-type]
        with pytest.raises(ParseError) as info:
            make()
        assert info.value.reason is Reason.BAD_SEAT


# -- rule set names and strains as text, wherever the README passes them -----------------------------------------


def test_a_rule_sets_name_will_do_for_what_if_scoring() -> None:
    from vint_core import SHORT, PerSide, RuleSet, score_contract

    assert score_contract("4♥ N", tricks=9, rules="short") == score_contract("4♥ N", tricks=9, rules=SHORT)
    assert score_contract("4♥ N", tricks=10, honours=PerSide(2, 3), rules="Foster-1897", aces=PerSide(2, 2)) \
        == score_contract("4♥ N", tricks=10, honours=PerSide(2, 3), rules=RuleSet.named("foster_1897"),
                          aces=PerSide(2, 2))
    with pytest.raises(ParseError) as info:
        score_contract("4♥ N", tricks=9, rules="bridge")
    assert info.value.reason is Reason.UNKNOWN_RULES and "the rule sets are seed, short" in str(info.value)


@pytest.mark.parametrize(("text", "strain"), [
    ("H", "HEARTS"), ("h", "HEARTS"), ("♥", "HEARTS"), ("hearts", "HEARTS"), ("Heart", "HEARTS"), ("Herz", "HEARTS"),
    ("S", "SPADES"), ("♠", "SPADES"), ("spades", "SPADES"), ("Pik", "SPADES"), ("clubs", "CLUBS"), ("♦", "DIAMONDS"),
    ("NT", "NOTRUMP"), ("nt", "NOTRUMP"), ("no-trump", "NOTRUMP"), ("No Trumps", "NOTRUMP"), ("Kein-Trumpf", "NOTRUMP"),
])
def test_a_strain_given_as_text_is_read_by_the_honours(text: str, strain: str) -> None:
    from vint_core import Strain, honour_cards, honours_held, honours_odds

    hands = Deal.new(seed=7).hands
    assert honours_held(hands, text) == honours_held(hands, Strain[strain])
    assert honours_odds(text) == honours_odds(Strain[strain])
    assert honours_odds(text, hand=hands[N]) == honours_odds(Strain[strain], hand=hands[N])
    assert honour_cards(text) == honour_cards(Strain[strain]) and Strain.parse(text) is Strain[strain]


@pytest.mark.parametrize(("call", "reason", "english", "german"), [
    (lambda: __import__("vint_core").score_contract("4♥ N", tricks=9, honours=5), Reason.BAD_ARGUMENT,
     "honours cannot be 5: it is a count per side, like PerSide(ns=2, ew=3), the four hands as dealt, or None",
     "honours kann nicht 5 sein: erlaubt sind eine Anzahl je Seite, etwa PerSide(ns=2, ew=3), die vier Blätter wie "
     "ausgeteilt, oder None"),
    (lambda: __import__("vint_core").honours_odds("X"), Reason.BAD_STRAIN,
     "'X' is not a strain: write ♠, ♣, ♦, ♥ or NT, or S, C, D, H, spades, clubs, diamonds, hearts, no-trump",
     "„X“ ist keine Farbe: schreibe ♠, ♣, ♦, ♥, NT, oder S, C, D, H, Pik, Kreuz, Karo, Herz, Kein-Trumpf"),
    (lambda: __import__("vint_core").honours_held(Deal.new(seed=7).hands, 3), Reason.BAD_ARGUMENT,
     "strain cannot be 3: it is a strain, ♠, ♣, ♦, ♥ or NT, or its text, like H, hearts or NT",
     "strain kann nicht 3 sein: erlaubt ist eine Farbe, ♠, ♣, ♦, ♥, NT, oder ihr Text, etwa H, Herz, Kein-Trumpf"),
    (lambda: __import__("vint_core").honours_held("AKQ.JT9.876.5432", "H"), Reason.BAD_ARGUMENT,
     "hands cannot be 'AKQ.JT9.876.5432': it is the four hands, N E S W, like Deal.new(seed=1).hands", None),
    (lambda: __import__("vint_core").totals(5), Reason.BAD_ARGUMENT,
     "lines cannot be 5: it is score lines, as score_contract or Deal.score gives them", None),
])
def test_what_cannot_be_read_is_a_vint_error_that_says_what_may_be_given(call: Any, reason: Reason, english: str,
                                                                        german: str | None) -> None:
    with pytest.raises(VintError) as info:
        call()
    assert info.value.reason is reason and isinstance(info.value, ParseError)
    assert str(info.value) == english
    assert german is None or info.value.message("de") == german


# -- one way to give text: every legality method of every phase takes the value or its text ---------------


def _phases() -> dict[str, Any]:
    """Each phase with something to decide: the auction (alone and in a deal) and the play (alone and in a deal)."""
    deal, play = auction(), playing()
    return {"Auction": deal.auction, "Deal in the auction": deal, "Play": play.play, "Deal in the play": play}


def _outcome(method: Any, value: object) -> tuple[str, str, str] | None:
    """None when ``method`` accepts ``value``, else the error's type, reason and message (in both languages)."""
    try:
        method(value)
    except VintError as error:
        return type(error).__name__, error.reason.name, error.message("en") + " / " + error.message("de")
    return None


def _state(phase: Any) -> tuple[object, ...]:
    return (repr(phase), *(getattr(phase, name, None) for name in ("actions", "calls", "current", "tricks")))


def _check_agrees(phase: Any, value: object) -> None:
    """is_legal, check and apply agree about ``value``: the same verdict, the same error, nothing changed."""
    before = _state(phase)
    by_check = _outcome(phase.check, value)
    by_apply = _outcome(phase.apply, value)
    assert phase.is_legal(value) is (by_check is None)
    assert by_apply == by_check, (value, by_check, by_apply)
    assert _state(phase) == before


def test_the_play_takes_text_in_is_legal_and_check_too() -> None:
    """It did not: ``Play.is_legal("J♠")`` was False and ``Play.check("J♠")`` said "'J♠' is not a card"
    while ``Play.apply("J♠")`` played it."""
    play = playing().play
    assert play is not None and play.to_act is E
    for text in ("J♠", "SJ", "js", "♠J"):
        assert play.is_legal(text) and play.check(text) is None and play.apply(text).current == (Card.parse("J♠"),)
    with pytest.raises(IllegalPlayError) as info:
        play.check("K♠")  # North holds ♠K, not East
    assert info.value.reason is Reason.NOT_IN_HAND and str(info.value) == "K♠ by East is illegal: East does not hold K♠"
    assert not play.is_legal("K♠")


def test_the_auction_takes_the_spellings_its_message_names() -> None:
    """``Auction.apply("1H")`` said "'1H' is not a call: … like 1♠, 2NT or 3H"; now every spelling the message
    offers is read, and a text that is none is told so in the same words by is_legal, check and apply."""
    bare = Auction(N, SEED)
    assert bare.apply("1H").calls == (Call.parse("1♥"),) and bare.is_legal("1h") and bare.check("1 H") is None
    for text in ("Pass", "1♠", "2NT", "3H"):  # the examples of Reason.BAD_CALL's message
        assert bare.apply(text).calls == (Call.parse(text),)
    for text in ("10♥", "TH", "♠A"):  # the examples of Reason.BAD_CARD's message
        assert Card.of(text) is Card.parse(text)
    with pytest.raises(ParseError) as info:
        bare.check("1X")
    assert str(info.value) == "'1X' is not a call: write Pass, or a level 1–7 and a strain, like 1♠, 2NT or 3H"
    assert not bare.is_legal("1X") and bare == Auction(N, SEED)


@pytest.mark.parametrize("value", [7, 1.5, None, b"1H", ["1H"], object])
@pytest.mark.parametrize("phase", list(_phases()))
def test_what_is_neither_value_nor_text_is_refused_alike_everywhere(phase: str, value: object) -> None:
    """A value that is no call, no card and no text: the ParseError of a bad text of that phase, in every method."""
    subject = _phases()[phase]
    _check_agrees(subject, value)
    kind, reason, _ = _outcome(subject.check, value)  # type: ignore[misc]
    assert kind == "ParseError" and reason == ("BAD_CALL" if "uction" in phase else "BAD_CARD")


@pytest.mark.parametrize("phase", list(_phases()))
@settings(max_examples=150, deadline=None)
@given(text=st.one_of(st.text(max_size=5), st.sampled_from(["1H", "1h", "1 nt", "p", "pass", "7♣", "8NT", "AS", "sa",
                                                             "10♠", "T♠", "J♠", "js", "K♠", "2S", "1X", "Z♠", ""])))
def test_any_text_gets_the_same_answer_from_is_legal_check_and_apply(phase: str, text: str) -> None:
    _check_agrees(_phases()[phase], text)


@pytest.mark.parametrize("phase", list(_phases()))
def test_a_call_or_card_and_each_of_its_spellings_are_the_same(phase: str) -> None:
    """Whatever the phase's legal and illegal choices, each written as str, PBN, lower case or with a space, is
    judged exactly as the value itself."""
    subject = _phases()[phase]
    values = ([PASS, *SEED.bids] if "uction" in phase else list(deck()))
    for value in values:
        verdict = _outcome(subject.check, value)
        for text in {str(value), value.pbn, str(value).lower(), " " + str(value) + " "}:
            assert _outcome(subject.check, text) == verdict, (value, text)
            assert subject.is_legal(text) is (verdict is None)
            if verdict is None:
                assert subject.apply(text) == subject.apply(value)
