"""Every rejected action raises a typed ``VintError`` that explains itself and changes nothing."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from pathlib import Path

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
    RubberError,
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
    err = rejected(play_deal(), 7, ParseError, Reason.BAD_CARD)  # as a text that is no card
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
    assert err.message("de") == "Passe von Süd ist nicht an der Reihe: Ost ist am Zug"  # the call in words


def test_call_after_the_auction_is_over_on_the_auction() -> None:
    auction = Auction(N, SEED)
    for _ in range(4):
        auction = auction.apply(PASS)
    with pytest.raises(IllegalCallError) as info:
        auction.apply(Call.parse("1♠"))
    assert info.value.reason is Reason.AUCTION_OVER
    assert str(info.value) == "1♠ is too late: the auction is over"


def test_non_call_during_the_auction() -> None:
    err = rejected(auction_deal([]), 1.5, ParseError, Reason.BAD_CALL)  # as a text that is no call
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


# -- every kind in both languages, German without English -------------------------------------------


def german_without_english(err: VintError, *, names: frozenset[str] = frozenset()) -> str:
    """The German message; it has no English words (but the ``names`` it lists) and is not the English one."""
    from test_i18n import ENGLISH, words

    german = err.message("de")
    assert german != str(err)
    assert not [w for w in words(german) if w.lower() in ENGLISH and w not in names], german
    return german


def raised(action: Callable[[], object], kind: type[VintError], reason: Reason, *,
           names: frozenset[str] = frozenset()) -> VintError:
    with pytest.raises(kind) as info:
        action()
    err = info.value
    assert err.reason is reason and isinstance(err, VintError) and isinstance(err, ValueError)
    german_without_english(err, names=names)
    return err


def test_bad_deals_say_what_is_wrong_in_both_languages() -> None:
    hands = build_hands({}, seed=1)
    err = raised(lambda: Deal(hands[:3], dealer=N), VintError, Reason.BAD_DEAL)
    assert str(err) == "this is not a deal: four hands are needed, one for each seat"
    assert err.message("de") == "das ist kein Spiel: es braucht vier Blätter, eins für jeden Platz"
    twice = next(iter(hands[0]))
    err = raised(lambda: Deal((hands[0], hands[0], hands[2], hands[3]), dealer=N), VintError, Reason.BAD_DEAL)
    assert str(err) == f"this is not a deal: {twice} is in two hands"
    assert err.message("de") == f"das ist kein Spiel: {twice} steckt in zwei Blättern"
    short = Hand(list(hands[1])[:12])
    err = raised(lambda: Deal((hands[0], short, hands[2], hands[3]), dealer=N), VintError, Reason.BAD_DEAL)
    assert str(err) == "this is not a deal: East has 12 cards, not 13"
    assert err.message("de") == "das ist kein Spiel: Ost hat 12 Karten, nicht 13"
    err = raised(lambda: Deal(hands, dealer=N, deal_number=0), VintError, Reason.BAD_DEAL)
    assert str(err) == "this is not a deal: a deal number is a whole number from 1, not 0"
    err = raised(lambda: Deal.new(board="1\n2"), VintError, Reason.BAD_DEAL)
    assert str(err) == ("this is not a deal: a board label is one printable line other than '#', '?' or blanks, "
                        "not '1\\n2'")
    # PBN reads a tag value "#" as "the same as the previous game": no label may be "#"
    err = raised(lambda: Deal.new(board="#"), VintError, Reason.BAD_DEAL)
    assert err.message("de") == ("das ist kein Spiel: eine Brettbezeichnung ist eine druckbare Zeile außer '#', "
                                 "'?' oder Leerzeichen, nicht '#'")
    # and a PBN tag value "?" or blanks means "not known": a label that would come back as none is refused
    for label in ("?", " ? ", "", "   "):
        raised(lambda label=label: Deal.new(board=label), VintError, Reason.BAD_DEAL)
    assert Deal.new(board="?1").board == "?1"


def test_rules_by_name_wherever_a_learner_passes_rules() -> None:
    from vint_core import SHORT, Rubber

    hands = build_hands({}, seed=1)
    assert Deal.new(rules="short", seed=1).rules is SHORT
    assert Deal(hands, dealer=N, rules="Progressive").rules is PROGRESSIVE
    assert Deal.replay(hands, [PASS], dealer=N, rules="whist-vint").rules is WHIST_VINT
    assert Rubber("short").rules is SHORT and Rubber(rules="seed").rules is SEED
    err = raised(lambda: Deal.new(rules="bridge"), ParseError, Reason.UNKNOWN_RULES)
    assert str(err).startswith("'bridge' is not a rule set; the rule sets are seed, short")
    err = raised(lambda: Deal.new(rules=SHORT.to_json()), ParseError, Reason.NOT_RULES)  # type: ignore[arg-type]
    assert "is not a rule set: pass a RuleSet, like SHORT, or the name of one: seed, short" in str(err)
    raised(lambda: Rubber(5), ParseError, Reason.NOT_RULES)  # type: ignore[arg-type]


@pytest.mark.parametrize(("data", "reason", "english", "german"), [
    ({"min_level": 9}, Reason.BAD_RULE_FIELD,
     "a rule set's min_level cannot be 9: it is a level from 1 to 7, or 'progressive'",
     "min_level eines Regelwerks kann nicht 9 sein: erlaubt sind eine Stufe von 1 bis 7 oder 'progressive'"),
    ({"honours_suit": "most"}, Reason.BAD_RULE_FIELD,
     "a rule set's honours_suit cannot be 'most': it is one of 'tiers', 'scaled', 'majority', 'none'",
     "honours_suit eines Regelwerks kann nicht 'most' sein: erlaubt ist eines von 'tiers', 'scaled', 'majority', "
     "'none'"),
    ({"self_overcall": 1}, Reason.BAD_RULE_FIELD, "a rule set's self_overcall cannot be 1: it is True or False",
     "self_overcall eines Regelwerks kann nicht 1 sein: erlaubt sind True oder False"),
    ({"auction_end_passes": 0}, Reason.BAD_RULE_FIELD,
     "a rule set's auction_end_passes cannot be 0: it is a whole number from 1 to 1000000000",
     "auction_end_passes eines Regelwerks kann nicht 0 sein: erlaubt ist eine ganze Zahl von 1 bis 1000000000"),
    ({"slam_bonus": {"little": -1}}, Reason.BAD_RULE_FIELD,
     "a rule set's slam_bonus cannot be {'little': -1}: it is a dict of whole numbers (None where a part may be "
     "left out) with the parts little, grand, bid_little, bid_little_all, bid_grand", None),
    ({"strain_order": ["S", "S"]}, Reason.BAD_RULE_FIELD,
     "a rule set's strain_order cannot be ['S', 'S']: list each strain at most once, from S, C, D, H, NT, "
     "lowest first", None),
    ({"name": ""}, Reason.BAD_RULE_FIELD, "a rule set's name cannot be '': a name is text of 1 to 60 characters",
     None),
    ({"min_levl": 2}, Reason.UNKNOWN_RULE_FIELD, "'min_levl' is not a field of a rule set; the fields are name, "
     "strain_order, self_overcall", "„min_levl“ ist kein Feld eines Regelwerks; die Felder heißen name"),
    (["short"], Reason.BAD_RULES_DATA,
     "['short'] is not a rule set: write its fields as a dict, like {'name': 'mine', 'game_target': 500}",
     "['short'] ist kein Regelwerk: schreibe seine Felder als dict"),
])
def test_rule_set_fields_say_which_field_is_wrong_and_what_it_may_be(data: object, reason: Reason, english: str,
                                                                     german: str | None) -> None:
    err = raised(lambda: RuleSet.from_json(data), ParseError, reason)
    assert str(err).startswith(english)
    assert german is None or err.message("de").startswith(german)


def test_rule_sets_made_in_python_are_checked_alike() -> None:
    err = raised(lambda: SEED.replace(min_level=0), ParseError, Reason.BAD_RULE_FIELD)
    assert str(err) == "a rule set's min_level cannot be 0: it is a level from 1 to 7, or 'progressive'"
    raised(lambda: RuleSet(strain_order=()), ParseError, Reason.BAD_RULE_FIELD)
    raised(lambda: RuleSet(strain_order=("S", "H")), ParseError, Reason.BAD_RULE_FIELD)  # type: ignore[arg-type]


def test_a_bid_the_rule_set_does_not_have() -> None:
    from vint_core import Bid, Strain

    err = raised(lambda: WHIST_VINT.outranks(Bid(1, Strain.NOTRUMP), Bid(1, Strain.SPADES)), IllegalCallError,
                 Reason.NOT_IN_RULES)
    assert str(err) == "1NT cannot be bid under the rule set whist_vint: its strains are ♠ ♣ ♦ ♥"
    assert err.message("de") == "1NT kann im Regelwerk whist_vint nicht geboten werden: seine Farben sind ♠ ♣ ♦ ♥"


def test_scoring_an_unfinished_deal_is_a_not_finished_error_and_changes_nothing() -> None:
    from vint_core import NotFinishedError, Rubber

    deal = auction_deal(["1♠"])
    before = deal.actions
    err = raised(deal.score, NotFinishedError, Reason.NOT_FINISHED)
    assert str(err) == "the deal is not finished yet, so it cannot be scored"
    assert err.message("de") == "das Spiel ist noch nicht zu Ende und kann noch nicht gewertet werden"
    rubber = Rubber(SEED, N)
    err = raised(lambda: rubber.record(deal), NotFinishedError, Reason.NOT_FINISHED)
    assert str(err) == "the deal is not finished yet, so it cannot be written on the score sheet"
    assert deal.actions == before and rubber == Rubber(SEED, N)
    assert not issubclass(NotFinishedError, RubberError)


def test_a_deal_that_does_not_fit_the_rubber() -> None:
    from conftest import played_deal

    from vint_core import Rubber

    rubber = Rubber(PROGRESSIVE, N)
    deal = played_deal("1NT", N, 7, {}, rules=PROGRESSIVE)
    err = raised(lambda: rubber.record(deal.replay(deal.hands, deal.actions, dealer=N, rules=SEED)),
                 RubberError, Reason.WRONG_DEAL)
    assert str(err) == "this deal does not fit the rubber: the deal is played under seed, the rubber under progressive"
    err = raised(lambda: rubber.record(played_deal("1NT", E, 7, {}, rules=PROGRESSIVE, dealer=E)),
                 RubberError, Reason.WRONG_DEAL)
    assert err.message("de") == ("dieses Spiel passt nicht zum Rubber: in diesem Rubber gibt als Nächstes Nord, "
                                 "dieses Spiel aber gab Ost")
    second = played_deal("2NT", N, 8, {}, rules=PROGRESSIVE, deal_number=2)
    err = raised(lambda: rubber.record(second), RubberError, Reason.WRONG_DEAL)
    assert str(err).endswith("this is deal 1 of the rubber, but the deal was played as deal 2")
    assert rubber == Rubber(PROGRESSIVE, N)


def test_an_unknown_computer_player() -> None:
    from vint_core.bots import make_bot
    from vint_core.bots.sim_bot import SimBot

    err = raised(lambda: make_bot("clever"), ParseError, Reason.UNKNOWN_BOT, names=frozenset({"rule"}))
    assert str(err) == ("unknown computer player 'clever'; the players are random, rule, sim-fast, sim-normal, "
                        "sim-strong, sim-light")
    assert err.message("de").startswith("unbekannter Computerspieler „clever“; es gibt random, rule")
    raised(lambda: make_bot(None), ParseError, Reason.UNKNOWN_BOT, names=frozenset({"rule"}))  # type: ignore[arg-type]
    err = raised(lambda: SimBot(level="expert"), ParseError, Reason.UNKNOWN_BOT_LEVEL)  # type: ignore[arg-type]
    assert str(err) == "'expert' is not a level of the thinking computer player; the levels are fast, normal, strong"


@pytest.mark.parametrize("name", ["random", "rule", "sim-fast"])
def test_a_computer_player_asked_out_of_turn(name: str) -> None:
    import random

    from vint_core.bots import make_bot

    deal = auction_deal(["1♠"])  # East to act
    bot = make_bot(name)
    err = raised(lambda: bot.choose(deal.view(S), random.Random(1)), OutOfTurnError, Reason.NOTHING_TO_DO)
    assert str(err) == "South has nothing to do now: it is not South's turn"
    assert err.message("de") == "Süd hat jetzt nichts zu tun: Süd ist nicht am Zug"


def test_impossible_trick_counts_in_scoring() -> None:
    from vint_core import score_contract

    deal = auction_deal(["1♠", "P", "P", "P", "P", "P", "P", "P", "P"])
    assert deal.contract is not None
    contract = deal.contract
    err = raised(lambda: score_contract(contract, tricks=14, honours=deal.hands, rules=SEED), VintError,
                 Reason.BAD_TRICKS)
    assert str(err) == "14 tricks cannot be: a side takes 0 to 13 tricks"


def test_analysis_errors_are_vint_errors() -> None:
    from vint_core.analysis import AnalysisError, remaining_tricks

    err = raised(lambda: remaining_tricks(auction_deal([]), Side.NS), AnalysisError, Reason.NOT_STARTED)
    assert str(err) == "the tricks still to come can only be counted once the play has begun"
    assert err.message("de") == "die restlichen Stiche lassen sich erst zählen, wenn das Spiel begonnen hat"


@pytest.mark.parametrize(("data", "english", "german"), [
    ([], "it is not a saved vint_core game", "es ist kein gespeichertes vint_core-Spiel"),
    ({"format": "vint-session", "version": 99},
     "it is written in version 99 of the save format; this program reads version 1",
     "es ist in Version 99 des Speicherformats geschrieben; dieses Programm liest Version 1"),
    ({"format": "vint-session", "version": 1}, "a part is missing or damaged", "ein Teil fehlt oder ist beschädigt"),
])
def test_a_saved_game_that_cannot_be_read(data: object, english: str, german: str) -> None:
    from vint_core.table.session import TableSession

    err = raised(lambda: TableSession.from_json(data), ParseError, Reason.BAD_SAVE)
    assert str(err) == f"this saved game cannot be read: {english}"
    assert err.message("de") == f"dieses gespeicherte Spiel ist nicht lesbar: {german}"


def test_record_errors_put_the_engines_error_in_the_records_language() -> None:
    from vint_core.pbn import read_records

    data = Deal.new(seed=1).to_json()
    err = raised(lambda: Deal.from_json({**data, "rules": "bridge"}), ParseError, Reason.BAD_RECORD)
    assert "„bridge“ ist kein Regelwerk" in err.message("de") and "'bridge' is not a rule set" in str(err)
    err = raised(lambda: Deal.from_json({**data, "rule_set": {"min_level": 9}}), ParseError, Reason.BAD_RECORD)
    assert "min_level eines Regelwerks kann nicht 9 sein" in err.message("de")
    err = raised(lambda: Deal.from_json({**data, "dealer": "X"}), ParseError, Reason.BAD_RECORD)
    assert "„X“ ist kein Platz" in err.message("de")
    err = raised(lambda: Deal.from_json([]), ParseError, Reason.BAD_RECORD)
    assert str(err) == "a vint_core.deal record is a JSON object, not list"
    err = raised(lambda: read_records(b"[Deal]"), ParseError, Reason.BAD_RECORD)  # type: ignore[arg-type]
    assert (str(err), err.message("de")) == ("a record is text, not bytes", "ein Datensatz ist Text, nicht bytes")


@pytest.mark.parametrize(("content", "why"), [
    (b"{not json", "es ist kein lesbarer JSON-Text"),
    (b"[]", "dieses gespeicherte Spiel ist nicht lesbar: es ist kein gespeichertes vint_core-Spiel"),
])
def test_a_damaged_save_is_explained_in_german(tmp_path: Path, content: bytes, why: str) -> None:
    from test_i18n import ENGLISH, words

    from vint_core.table.session import TableSession

    path = tmp_path / "table.json"
    path.write_bytes(content)
    session = TableSession.open(path, lang="de", seed=5, bots={seat: "random" for seat in Seat})
    assert session.message is not None and why in session.message.text("de")
    said = session.message.text("de")
    assert not [w for w in words(said) if w.lower() in ENGLISH], said


def test_a_record_whose_rule_set_is_not_json() -> None:
    from vint_core.pbn import loads

    text = ('[Dealer "N"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
            '[VintRuleSet "{oops"]\n')
    err = raised(lambda: loads(text), ParseError, Reason.BAD_RECORD)
    assert err.message("de") == "Zeile 3: das Tag VintRuleSet ist kein Regelwerk: es ist kein lesbarer JSON-Text"


# -- every public function the README names, called with what a learner might pass ---------------------------------

#: what a learner might pass by mistake: numbers, texts (the documented forms among them), None, lists, dicts and
#: the library's own values in the wrong place
_TEXTS = ["", " ", "H", "♥", "hearts", "NT", "no-trump", "N", "S", "north", "short", "seed", "bridge", "1H", "pass",
          "AS", "4♥ N", "3NT by South", "AKQ.JT9.876.5432", "rule", "random", "all", "honours", "x" * 80, "\x00", "é"]


@functools.cache
def _values() -> st.SearchStrategy[object]:
    from vint_core import PerSide, Strain

    hands = Deal.new(seed=7).hands
    library = [hands, list(hands), hands[:3], PerSide(2, 3), PerSide("a", None), SEED, Strain.HEARTS, Seat.NORTH,
               Card.parse("AS"), Hand.parse("AKQ.JT9.876.5432"), PASS, Deal.new(seed=1), Side.NS, object()]
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-20, 20),
                        st.sampled_from([52, 99, 10**6, 2**70, -(2**70)]),
                        st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(_TEXTS), st.text(max_size=8),
                        st.binary(max_size=4), st.sampled_from(library))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
                        | st.dictionaries(st.text(max_size=3) | st.integers(0, 3), inner, max_size=3), max_leaves=4)


def _readme_names() -> set[str]:
    """The names the README's Python examples import from vint_core, and ``Class.method`` for what they call on them."""
    import re

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    code = "\n".join(re.findall(r"```python\n(.*?)```", readme, re.S))
    names = {name.strip() for m in re.finditer(r"from vint_core[\w.]* import ([\w, ]+)", code)
             for name in m.group(1).split(",")}
    called = re.findall(r"\b([A-Z]\w+)\.([a-z]\w*)\(", code)
    return names | {f"{cls}.{method}" for cls, method in called if cls in names}


#: what the README's examples import but are not functions to call: values, enums, error classes and modules (of
#: which render.hand_html is called; the checks, which call a learner's function, have tests of their own)
_NOT_CALLED = {"SEED", "Phase", "VintError", "ParseError", "Seat", "Strain", "render", "checks", "UndertrickPenalty",
               "PerSide"}


@functools.cache
def _callables() -> dict[str, Callable[..., object]]:
    from vint_core import (
        Contract,
        Rubber,
        Strain,
        deal_hands,
        honours_held,
        honours_odds,
        render,
        score_contract,
        totals,
    )
    from vint_core.analysis import SavedTables
    from vint_core.bots import make_bot
    from vint_core.bots.evaluation import estimate_contract
    from vint_core.bots.guide import promises
    from vint_core.classroom.store import ClassStore
    from vint_core.explore import calculate, contract_grid, honours_in_deal, rubber_race
    from vint_core.pbn import dumps, loads_one, loads_rubbers
    from vint_core.quiz import check, generate
    from vint_core.random_play import random_deals
    from vint_core.simulate import simulate
    from vint_core.table.controller import Controller
    from vint_core.table.drills import BiddingDrill, TrickDrill
    from vint_core.table.session import TableSession
    from vint_core.table.weighing import weigh

    deal = Deal.new(seed=3)
    store = ClassStore("sqlite://")  # a class in memory, for garbage sent to what the learners' pages call
    store.create_class("7b", teacher="T")
    store.add_learners("7b", ["anna"])
    store.publish_boards("7b", "Week 1", [(1, "N")])
    return {
        "Deal": Deal, "Deal.new": Deal.new, "Deal.from_pbn": Deal.from_pbn, "Deal.replay": Deal.replay,
        "Call.parse": Call.parse, "Card.parse": Card.parse, "Hand.parse": Hand.parse, "Contract.parse": Contract.parse,
        "RuleSet": RuleSet, "RuleSet.named": RuleSet.named, "RuleSet.from_json": RuleSet.from_json,
        "Rubber": Rubber, "Call": Call.parse, "Card": Card.parse, "Hand": Hand, "Contract": Contract,
        "score_contract": score_contract, "totals": totals, "honours_held": honours_held, "honours_odds": honours_odds,
        "deal_hands": deal_hands, "dumps": dumps, "loads_one": loads_one, "loads_rubbers": loads_rubbers,
        "Deal.from_json": Deal.from_json, "random_deals": random_deals,
        "make_bot": make_bot, "promises": promises, "estimate_contract": estimate_contract, "simulate": simulate,
        "calculate": calculate, "honours_in_deal": honours_in_deal, "rubber_race": rubber_race,
        "contract_grid": contract_grid, "generate": generate, "check": check, "weigh": weigh,
        "Controller": Controller, "Controller.one_deal": Controller.one_deal,
        "TableSession": TableSession, "SavedTables": SavedTables, "SavedTables.load": SavedTables.load,
        "BiddingDrill": BiddingDrill, "TrickDrill": TrickDrill, "TrickDrill.position": TrickDrill.position,
        # what the README calls on the values it makes
        "deal.apply": deal.apply, "deal.view": deal.view,
        "rubber.record": Rubber(SEED).record, "SEED.replace": SEED.replace, "Strain.parse": Strain.parse,
        "Seat.parse": Seat.parse, "render.hand_html": render.hand_html,
        "ClassStore": ClassStore, "store.record_result": store.record_result, "store.traveller": store.traveller,
        "store.record_quiz_answer": store.record_quiz_answer, "store.learner_for_token": store.learner_for_token,
        "store.next_board": store.next_board, "store.export_csv": store.export_csv,
    }


def test_the_random_calls_reach_every_function_the_readme_names() -> None:
    missing = {name for name in _readme_names() - _NOT_CALLED
               if name not in _callables() and not name.endswith("Practice") and name != "DealViewer"}
    assert not missing, f"the README names {sorted(missing)}: add them to _callables"


def _garbage_call(function: Callable[..., object], data: st.DataObject) -> None:
    """Call ``function`` with garbage for every parameter (and now and then one left out); only a ``VintError``,
    explaining itself in both languages, may come out."""
    import inspect

    try:
        parameters = list(inspect.signature(function).parameters.values())
    except ValueError:  # a builtin without a signature: one argument
        parameters = [inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY)]
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for p in parameters:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) or p.name in ("progress", "dask", "workers", "save_path"):
            continue  # no processes, no Dask, no progress bar, no file of the learner's
        if p.default is not p.empty and data.draw(st.booleans()):
            continue
        value = data.draw(_values(), label=p.name)
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            args.append(value)
        else:
            kwargs[p.name] = value
    try:
        function(*args, **kwargs)
    except VintError as err:
        assert str(err) and err.message("de"), err
        assert "Traceback" not in str(err)


@pytest.fixture(scope="module")
def data_dir_aside(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The data folder in a temporary place: a save a garbage call makes goes nowhere that matters."""
    with pytest.MonkeyPatch.context() as patch:
        folder = tmp_path_factory.mktemp("garbage-calls")
        patch.setenv("VINT_DATA_DIR", str(folder))
        yield folder


@pytest.mark.parametrize("name", sorted(_callables()))
@settings(max_examples=40, deadline=None, derandomize=True, database=None)
@given(data=st.data())
def test_every_function_the_readme_names_takes_garbage_with_a_vint_error(name: str, data: st.DataObject,
                                                                          data_dir_aside: Path) -> None:
    _garbage_call(_callables()[name], data)
