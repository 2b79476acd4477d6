"""The lessons' widgets and the practice behind them: feedback on cards and calls, the learner mistakes they
catch (docs/rules.md §7), the controller stopping a lesson's table, and, headless with ``Button.click()``,
the four widgets in English and German with no hidden card in any widget's state.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest
from test_widgets import all_widget_state

from vint_core import PASS, PROGRESSIVE, Auction, Bid, Call, Card, Deal, Phase, RuleSet, Seat, Strain
from vint_core.errors import Reason, VintError
from vint_core.feedback import auction_status, call_feedback, card_feedback, trick_feedback, void_note
from vint_core.play import Trick
from vint_core.rules import SEED
from vint_core.table.controller import Controller
from vint_core.table.drills import AuctionDrill, BiddingDrill, TrickDrill, trick_position
from vint_core.widgets import AuctionPractice, BiddingPractice, OneDeal, TrickPractice

VOID_HAND = "AK2..QJ98765.432"  # no hearts: ♠ A K 2, ♦ Q J 9 8 7 6 5, ♣ 4 3 2
C = Card.parse


@pytest.fixture(autouse=True)
def _fresh_widgets() -> Iterator[None]:
    widgets.Widget.close_all()
    yield
    widgets.Widget.close_all()


def hidden_cards(deal: Deal, human: Seat) -> list[Card]:
    """The other seats' cards not yet played: what the learner may not see."""
    return [card for seat in Seat if seat != human for card in deal.hand(seat)]


def assert_nothing_hidden(deal: Deal, human: Seat) -> None:
    """No widget carries a card of another seat that has not been played (as a drawn card, a button or text)."""
    state = all_widget_state().replace('\\"', '"')
    for card in hidden_cards(deal, human):
        assert f'data-card="{card.pbn}"' not in state, card
        if card.rank >= 8:  # "2♥" … "7♥" are also bids; "8♥" and above can only be cards
            assert str(card) not in state, f"{card} of another seat reached the widgets"
    mine = set(deal.hands[human])
    for w in list(widgets.widgets.widget._instances.values()):
        if isinstance(w, widgets.Button) and "vint-card" in w._dom_classes and w.layout.display != "none":
            assert Card.parse(w.description) in mine


# -- feedback on cards (vint_core.feedback) ------------------------------------------------------------

def void_position(trump: str | None = "♠") -> Deal:
    """South holds no heart; East led A♥, South to play second."""
    return trick_position(hand=VOID_HAND, led=["A♥"], trump=trump, seed=3)


def test_a_void_learner_is_told_a_discard_is_legal_too() -> None:
    deal = void_position()
    assert deal.to_act == Seat.SOUTH and set(deal.legal_actions()) == set(deal.hand(Seat.SOUTH))
    note = void_note(deal)
    assert "You may trump (♠), but you need not: a discard is legal too" in note
    discard = card_feedback(deal, C("Q♦"))
    assert discard.ok and discard.kind == "discard" and "no duty to trump" in discard.message
    ruff = card_feedback(deal, C("2♠"))
    assert ruff.ok and ruff.kind == "ruff" and "a discard would have been legal too" in ruff.message
    assert "Abwerfen ist auch erlaubt" in void_note(deal, lang="de")
    assert "keinen Trumpfzwang" in card_feedback(deal, C("Q♦"), lang="de").message


def test_void_at_no_trump_and_following_and_leading() -> None:
    nt = void_position(trump=None)
    assert "no trumps" in void_note(nt) and card_feedback(nt, C("2♠")).kind == "discard"
    holding = trick_position(hand="AK2.Q32.QJ987.32", led=["A♥"], trump="♠", seed=3)
    assert void_note(holding) == ""  # he holds hearts: nothing to say about trumping
    follow = card_feedback(holding, C("2♥"))
    assert follow.ok and follow.kind == "follow" and "You follow ♥" in follow.message
    lead = trick_position(hand=VOID_HAND, trump="♦", seed=3)
    assert lead.to_act == Seat.SOUTH and card_feedback(lead, C("4♣")).kind == "lead"


def test_an_illegal_card_gets_the_engines_reason() -> None:
    deal = trick_position(hand="AK2.Q32.QJ987.32", led=["A♥"], trump="♠", seed=3)
    wrong = card_feedback(deal, C("A♠"))
    assert not wrong.ok and wrong.kind == "illegal"
    assert wrong.message == "A♠ by South is illegal: South must follow ♥ and holds Q♥ 3♥ 2♥"
    assert card_feedback(deal, C("A♠"), lang="de").message.startswith("A♠ von Süd ist unzulässig: Süd muss ♥ bedienen")
    assert not card_feedback(deal, C("A♥")).ok  # not even his card


def test_who_wins_a_trick_and_why() -> None:
    assert trick_feedback(Trick(Seat.EAST, (C("A♥"), C("2♠")), None)) == ""  # not complete yet
    trumped = Trick(Seat.EAST, (C("A♥"), C("2♠"), C("K♥"), C("3♥")), C("2♠").suit)
    assert trick_feedback(trumped) == ("South wins the trick with 2♠: the highest trump (♠) takes the trick, "
                                       "whatever the suit led.")
    plain = Trick(Seat.EAST, (C("Q♥"), C("2♦"), C("K♥"), C("3♥")), C("2♠").suit)
    assert trick_feedback(plain).startswith("West wins the trick with K♥: no trump was played")
    at_nt = Trick(Seat.EAST, (C("Q♥"), C("2♠"), C("K♥"), C("A♥")), None)
    assert trick_feedback(at_nt, lang="de").startswith("Nord gewinnt den Stich mit A♥: bei Kein-Trumpf")


def test_trick_position_deals_a_consistent_deal() -> None:
    deal = trick_position(hand=VOID_HAND, led=["A♥", "2♦", "K♥"], trump="♥", seed=5, seat=Seat.WEST)
    assert deal.to_act == Seat.WEST and deal.contract is not None
    # North led, so West declares (the declarer's left leads): here the learner plays fourth, as declarer
    assert deal.contract.declarer == Seat.WEST and deal.contract.bid == Bid(1, Strain.HEARTS)
    assert not deal.hands[Seat.EAST].has_suit(C("A♥").suit)  # East showed out: he got no heart
    assert deal.hands[Seat.WEST] == Deal.new(seed=0).hands[0].parse(VOID_HAND)
    with pytest.raises(VintError) as err:
        trick_position(hand=VOID_HAND, led=["A♠"], trump="♥")  # A♠ is in the learner's hand
    assert err.value.reason is Reason.BAD_DEAL
    with pytest.raises(VintError):
        trick_position(hand="AK2..QJ98765.43", trump="♥")  # 12 cards


# -- TrickDrill: the controller under a practice ---------------------------------------------------------

def test_trick_drill_refuses_an_illegal_card_and_changes_nothing() -> None:
    drill = TrickDrill.position(hand="AK2.Q32.QJ987.32", led=["A♥"], trump="♠", seed=3)
    before = drill.deal
    answer = drill.play(C("A♠"))
    assert not answer.ok and drill.deal is before and drill.feedback[-1] == answer.message
    assert drill.play(C("2♥")).ok
    assert drill.finished and len(drill.deal.tricks) == 1
    assert drill.feedback[-1] == trick_feedback(drill.deal.tricks[0])
    assert drill.legal() == () and not drill.play(C("3♥")).ok  # over: nothing more is played
    assert "Done: tricks played: 1." in drill.status()
    drill.reset()
    assert drill.deal is before and drill.feedback == [] and not drill.finished


def test_trick_drill_over_several_tricks_stops_after_the_last() -> None:
    drill = TrickDrill.position(hand=VOID_HAND, led=["A♥", "K♥"], trump="♠", tricks=3, seed=2)
    while not drill.finished:
        assert drill.table.session.human_to_act()
        drill.play(drill.legal()[0])
    deal = drill.deal
    assert len(deal.tricks) == 3 and not (deal.current_trick and deal.current_trick.cards)
    assert sum(1 for line in drill.feedback if "wins the trick" in line) == 3


def test_controller_until_trick_zero_stops_at_the_end_of_the_auction() -> None:
    table = Controller.one_deal(seed=2, until_trick=0)
    table.advance()
    table.act(Call.parse("7NT"))
    table.advance()
    for _ in range(2):
        if not table.stopped:
            table.act(PASS)
            table.advance()
    deal = table.session.deal
    assert table.stopped and deal.phase is Phase.PLAY and deal.current_trick is not None
    assert deal.current_trick.cards == ()  # nobody led: the lesson is the auction
    controls = table.controls()
    assert controls.cards == () and controls.calls == () and not controls.hint
    assert not table.act(deal.hand(Seat.SOUTH).cards[0]).accepted
    assert "West, on the declarer's left, leads" in table.status()


# -- the auction (vint_core.feedback, BiddingDrill) ------------------------------------------------------

def test_bridge_strain_order_is_named_when_it_is_the_mistake() -> None:
    auction = Auction(Seat.NORTH, SEED).apply(Call.parse("2♣"))
    wrong = call_feedback(auction, Call.parse("2♠"))
    assert not wrong.ok
    assert "NT). In bridge 2♠ would outrank 2♣, but not in Vint: here ♠ is the lowest strain" in wrong.message
    assert "Im Bridge würde 2♠ 2♣ überbieten" in call_feedback(auction, Call.parse("2♠"), lang="de").message
    plain = call_feedback(auction, Call.parse("1♥"))  # insufficient in bridge too: no note on bridge
    assert not plain.ok and "bridge" not in plain.message and "must outrank 2♣" in plain.message
    right = call_feedback(auction, Call.parse("2♦"))
    assert right.ok and right.message.endswith("It outranks 2♣.")


def test_a_bid_of_one_promises_seven_tricks() -> None:
    answer = call_feedback(Auction(Seat.NORTH, SEED), Call.parse("1♠"))
    assert answer.ok and answer.message == ("1♠ by North: legal. A bid of 1 promises 7 tricks (6 + 1, not 1) "
                                            "with ♠ as trumps.")
    nt = call_feedback(Auction(Seat.NORTH, SEED), Call.parse("3NT"), lang="de")
    assert nt.message == ("3NT von Nord: erlaubt. Ein Gebot der Stufe 3 verspricht 9 Stiche (6 + 3, nicht 3) "
                          "bei Kein-Trumpf.")
    assert call_feedback(Auction(Seat.NORTH, SEED), PASS).kind == "pass"


def test_minimum_level_and_strains_a_rule_set_lacks() -> None:
    third = Auction(Seat.NORTH, PROGRESSIVE, deal_number=3)
    low = call_feedback(third, Call.parse("2NT"))
    assert not low.ok and "at level 3 or higher" in low.message
    whist = call_feedback(Auction(Seat.NORTH, RuleSet.named("whist_vint")), Call.parse("1NT"))
    assert not whist.ok and "does not allow that strain" in whist.message


def test_three_passes_do_not_end_the_auction_eight_do() -> None:
    auction = Auction(Seat.NORTH, SEED)
    for call in ["Pass", "1♥", "Pass", "Pass", "Pass"]:
        auction = auction.apply(Call.parse(call))
    status = auction_status(auction)
    assert not auction.is_over
    assert "passes in a row since: 3. The auction goes on until 8 passes in a row (5 more)" in status
    assert "Three passes do not end a Vint auction, as they would in bridge" in status
    assert "Drei Passe beenden eine Vint-Auktion nicht" in auction_status(auction, lang="de")
    for _ in range(5):
        auction = auction.apply(PASS)
    over = auction_status(auction)
    assert auction.is_over and over.startswith("The auction is over after 8 passes in a row: 1♥ by East")
    assert "South, on the declarer's left, leads to the first trick (not the dealer's left, East)" in over
    dealer_declares = Auction(Seat.EAST, SEED).apply(Call.parse("1♥"))
    for _ in range(8):
        dealer_declares = dealer_declares.apply(PASS)
    assert "only because the dealer, East, is the declarer" in auction_status(dealer_declares)


def test_no_bid_and_passed_out() -> None:
    auction = Auction(Seat.NORTH, SEED).apply(PASS)
    assert "No bid yet, passes so far: 1; East to call" in auction_status(auction)
    for _ in range(3):
        auction = auction.apply(PASS)
    assert auction_status(auction) == ("Passed out: the first 4 calls were passes, so nobody scores; "
                                       "East deals the next deal.")


def test_bidding_drill_makes_legal_calls_and_undoes_them() -> None:
    drill = BiddingDrill(calls=["1♠"], dealer=Seat.WEST)
    start = drill.auction
    assert not drill.call(Call.parse("1♠")).ok and drill.auction is start  # refused: nothing changed
    assert drill.call(Call.parse("1♣")).ok and drill.auction.calls[-1] == Call.parse("1♣")
    assert drill.auction.to_act == Seat.EAST
    assert drill.undo() and drill.auction is start and not drill.undo()
    drill.call(PASS)
    drill.reset()
    assert drill.auction is start


def test_auction_drill_explains_the_computer_players_by_the_guide_not_their_cards() -> None:
    drill = AuctionDrill(seed=7)
    assert drill.call(Call.parse("2♠")).ok
    assert drill.log[0].startswith("2♠ by South: legal")
    assert all("(by the bidding guide: " in line for line in drill.log[1:])
    assert drill.reasons() == ()  # they speak of the hands: not before the auction is over
    hidden = hidden_cards(drill.deal, Seat.SOUTH)
    assert not any(str(card) in line for line in drill.log for card in hidden if card.rank >= 8)
    while not drill.finished:
        drill.call(PASS)
    assert drill.reasons() and drill.deal.phase is Phase.PLAY and drill.deal.tricks == ()


# -- the widgets, headless ------------------------------------------------------------------------------

def test_trick_practice_by_clicks() -> None:
    practice = TrickPractice.position(hand=VOID_HAND, led=["A♥", "K♥"], trump="♠", seed=1)
    deal = practice.drill.deal
    assert set(practice.hand.enabled) == set(deal.hand(Seat.SOUTH))  # every card can be tried
    assert "a discard is legal too" in practice.feedback.value
    assert "1♠ by West: ♠ are trumps" in practice.title.value
    assert 'class="vint vint-status"' in practice.status.value and "vint-feedback" in practice.feedback.value
    assert_nothing_hidden(deal, Seat.SOUTH)
    practice.hand.button(C("Q♦")).click()
    assert "Q♦: legal. You have no ♥, so any card may be played" in practice.feedback_text[-2]
    assert "wins the trick" in practice.feedback_text[-1]
    assert practice.hand.enabled == () and "Done: tricks played: 1." in practice.status.value
    assert_nothing_hidden(practice.drill.deal, Seat.SOUTH)
    practice.again.click()
    assert practice.drill.deal is deal and len(practice.feedback_text) == 1


def test_trick_practice_explains_an_illegal_click_in_german() -> None:
    practice = TrickPractice.position(hand="AK2.Q32.QJ987.32", led=["A♥"], trump="♠", seed=3, lang="de")
    before = practice.drill.deal
    practice.hand.button(C("A♠")).click()
    assert practice.drill.deal is before
    assert practice.feedback_text[-1] == "A♠ von Süd ist unzulässig: Süd muss ♥ bedienen und hat Q♥ 3♥ 2♥"
    assert 'class="vint-illegal vint-latest"' in practice.feedback.value
    practice.hand.button(C("2♥")).click()
    assert practice.feedback_text[-2].startswith("2♥: erlaubt. Du bedienst ♥")
    assert "gewinnt den Stich" in practice.feedback_text[-1]
    assert practice.again.description == "Neu beginnen"
    assert_nothing_hidden(practice.drill.deal, Seat.SOUTH)


def test_a_failure_inside_a_click_becomes_a_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    practice = TrickPractice.position(hand=VOID_HAND, led=["A♥"], trump="♠", seed=3)

    def broken(card: Card) -> None:
        raise VintError(Reason.TABLE, detail="the table is closed")

    monkeypatch.setattr(practice.drill, "play", broken)
    practice.hand.button(C("Q♦")).click()
    assert practice.feedback_text[-1] == "the table is closed"

    def worse(card: Card) -> None:
        raise KeyError("boom")

    monkeypatch.setattr(practice.drill, "play", worse)
    practice.hand.button(C("Q♦")).click()
    assert practice.feedback_text[-1].startswith("something went wrong here (KeyError)")
    assert "Traceback" not in all_widget_state()


def test_bidding_practice_by_clicks() -> None:
    box = BiddingPractice(calls=["2♣"])
    assert set(box.box.enabled) == {*SEED.bids, PASS}  # every call can be tried, the illegal ones explained
    assert box.undo_button.disabled
    box.box.button(Call.parse("2♠")).click()
    assert "In bridge 2♠ would outrank 2♣" in box.feedback_text[-1]
    assert box.drill.auction.calls == (Bid(2, Strain.CLUBS),)  # refused: nothing changed
    box.box.button(Call.parse("2♦")).click()
    assert box.feedback_text[-1].startswith("2♦ by East: legal. A bid of 2 promises 8 tricks")
    assert "2♦" in box.auction.widget.value and not box.undo_button.disabled
    for _ in range(3):
        box.box.button(PASS).click()
    assert "Three passes do not end a Vint auction" in box.status.value
    box.undo_button.click()
    assert "passes in a row since: 2." in box.status.value
    box.again.click()
    assert box.drill.auction.calls == (Bid(2, Strain.CLUBS),) and box.feedback_text == ()


def test_bidding_practice_in_german_under_progressive() -> None:
    box = BiddingPractice(rules=PROGRESSIVE, deal_number=2, lang="de")
    box.box.button(Call.parse("1♥")).click()
    assert "mindestens Stufe 2" in box.feedback_text[-1]
    assert box.undo_button.description == "Zurück" and box.again.description == "Neu beginnen"
    assert "Sage für den Platz an" in box.title.value


def test_auction_practice_by_clicks_until_the_auction_ends() -> None:
    practice = AuctionPractice(seed=2)
    drill = practice.drill
    assert drill.table.session.human_to_act() and drill.deal.dealer == Seat.NORTH
    assert_nothing_hidden(drill.deal, Seat.SOUTH)
    practice.box.button(Call.parse("7NT")).click()
    assert practice.feedback_text[-4].startswith("7NT by South: legal. A bid of 7 promises 13 tricks")
    assert "Three passes do not end a Vint auction" in practice.status.value  # three passes after 7NT
    assert practice.hands.value == ""
    assert_nothing_hidden(drill.deal, Seat.SOUTH)
    practice.box.button(Call.parse("1♠")).click()  # insufficient: explained, refused
    assert "1♠ by South is illegal" in practice.feedback_text[-1]
    while not drill.finished:
        practice.box.button(PASS).click()
    status = practice.status.value
    assert "The auction is over after 8 passes in a row: 7NT by South" in status
    assert "West, on the declarer&#x27;s left, leads" in status and "not the dealer&#x27;s left, East" in status
    # the auction is over and the deal is not played: the four hands are shown, with the reasons
    assert all(f'data-card="{c.pbn}"' in practice.hands.value for c in drill.deal.hands[Seat.NORTH])
    assert "vint-reasons" in practice.hands.value and practice.box.widget.layout.display == "none"


def test_auction_practice_in_german() -> None:
    practice = AuctionPractice(seed=7, lang="de")
    practice.box.button(Call.parse("2♠")).click()
    assert practice.feedback_text[0].startswith("2♠ von Süd: erlaubt")
    assert "(laut Bietleitfaden: " in practice.feedback_text[1]
    assert "Eine Auktion gegen die Computerspieler" in practice.title.value
    assert_nothing_hidden(practice.drill.deal, Seat.SOUTH)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_one_deal_by_clicks_then_its_review(lang: str) -> None:
    game = OneDeal(seed=7, lang=lang)
    steps = 0
    while not game.session.deal.is_finished:
        controls = game.controller.controls()
        assert_nothing_hidden(game.session.deal, Seat.SOUTH)
        if controls.calls:
            bids = [c for c in controls.calls if isinstance(c, Bid)]
            call = bids[0] if bids and steps == 0 else PASS  # the lowest bid first, then passes
            game.box.button(call).click()
        else:
            game.hand.button(controls.cards[0]).click()
        steps += 1
        assert steps < 60
    review = game.controller.review()
    assert review is not None
    assert game.review.widget.layout.display is None and game.review.deal is game.session.deal
    assert all(line in game.review.score.value for line in review.explanations)
    assert not game.next_button.disabled
    word = "the deal is over" if lang == "en" else "das Spiel ist vorbei"
    assert word in game.status.value
    game.next_button.click()
    assert game.seed == 8 and not game.session.deal.is_finished and game.review.deal is None
    assert_nothing_hidden(game.session.deal, Seat.SOUTH)


def test_one_deal_refuses_a_card_during_the_auction() -> None:
    game = OneDeal(seed=7)
    card = game.session.deal.hands[Seat.SOUTH].cards[0]
    assert not game.act(card)
    assert "is a card, but the auction is still going on" in game.feedback_text[-1]


def test_auction_practice_passed_out() -> None:
    practice = AuctionPractice(seed=0)  # South deals; after his pass the other three pass too
    practice.box.button(PASS).click()
    drill = practice.drill
    assert drill.finished and drill.deal.is_passed_out
    assert "Passed out: the first 4 calls were passes, so nobody scores; West deals the next deal." in \
        practice.status.value
    assert practice.box.enabled == () and practice.box.widget.layout.display == "none"


# -- the last trick stays in view (lessons 02 and 05) --------------------------------------------------------

def test_trick_practice_shows_the_finished_tricks_four_cards_once_the_next_has_begun() -> None:
    practice = TrickPractice.position(hand="AKQ2.A32.K54.432", trump=None, tricks=3, seed=5)
    assert practice.last_trick.value == ""  # no trick finished yet
    practice.hand.button(C("2♣")).click()  # North wins with K♣ and leads A♣ at once: the next trick has begun
    first = practice.drill.deal.tricks[0]
    current = practice.drill.view.current_trick
    assert current is not None and current.cards and set(first.cards).isdisjoint(current.cards)
    box = practice.last_trick.value
    assert "<details" in box and " open>" in box and f"Last trick (1, won by {first.winner})" in box
    for seat, card in first.plays():
        assert f"{seat} " in box and f'data-card="{card.pbn}"' in box
    # the trick on the table is drawn apart: its cards are not in the last-trick box
    assert all(f'data-card="{card.pbn}"' not in box for card in current.cards)
    assert_nothing_hidden(practice.drill.deal, Seat.SOUTH)


def test_one_deal_shows_the_last_trick_until_the_next_card_and_none_during_the_auction() -> None:
    game = OneDeal(seed=3)
    assert game.last_trick.value == ""
    seen = 0
    while not game.session.deal.is_finished:
        controls = game.controller.controls()
        if controls.calls:
            game.box.button(PASS).click()
            assert game.session.deal.phase is not Phase.AUCTION or game.last_trick.value == ""
            continue
        game.hand.button(controls.cards[0]).click()
        deal = game.session.deal
        current = deal.current_trick
        on_table = current is None or not current.cards  # the last finished trick still lies on the table
        done = list(deal.tricks[:-1] if on_table else deal.tricks)
        if done:
            trick = done[-1]
            assert f"Last trick ({len(done)}, won by {trick.winner})" in game.last_trick.value
            assert all(f'data-card="{card.pbn}"' in game.last_trick.value for card in trick.cards)
            seen += 1
        assert_nothing_hidden(deal, Seat.SOUTH)
    assert seen >= 10


# -- the legal-cards quiz: its card buttons (lesson 02) ------------------------------------------------------

def test_the_legal_cards_quiz_buttons_follow_the_hands_suit_order_and_show_10_whole() -> None:
    from vint_core.quiz import generate
    from vint_core.quiz.progress import Progress
    from vint_core.widgets.quiz import QuizWidget

    item = next(i for i in generate("legal_cards", seed=1, count=40, rules="seed") if "T" in i.data["hand"])
    quiz = QuizWidget(Progress(seed=0), topics=["play"], rules="seed")
    quiz.progress.next_item = lambda *args, **kwargs: item  # type: ignore[method-assign]
    quiz._new_item()
    hand = item.figures[0][1]
    drawn = [card.pbn for card in sorted(hand, key=lambda c: ("SHCD".index(c.suit.letter), -c.rank))]
    assert list(quiz.card_buttons) == drawn  # ♠ ♥ ♣ ♦, as the hand above is drawn
    html = item.html("en")
    assert [html.index(f'data-card="{pbn}"') for pbn in drawn] == sorted(html.index(f'data-card="{pbn}"')
                                                                         for pbn in drawn)
    ten = next(b for b in quiz.card_buttons.values() if b.description.startswith("10"))
    assert ten.layout.width == "auto" and ten.layout.min_width == "3.6em"
