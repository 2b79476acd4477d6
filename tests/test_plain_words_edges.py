"""The rough edges a newcomer met, headless: greyed calls said why, the dealer's mark said in words, the honours
explorer's hidden hands kept hidden, the live score's last word the result of the deal."""

from __future__ import annotations

import random
import re

from vint_core import PASS, SEED, Auction, Call, Deal, Seat
from vint_core.bots.rule_bot import RuleBot
from vint_core.render import auction_html, live_score_html
from vint_core.widgets import AuctionPractice, BiddingPractice, OneDeal
from vint_core.widgets.auction import AuctionView
from vint_core.widgets.bidding import BiddingBox
from vint_core.widgets.explorers import HonoursExplorer


def played_out(seed: int) -> Deal:
    bot = RuleBot()
    deal = Deal.new(seed=seed)
    while not deal.is_finished:
        deal = deal.apply(bot.choose(deal.view(deal.to_act), random.Random(0)))  # type: ignore[arg-type]
    return deal


def notes(html: str) -> list[str]:
    return re.findall(r'<div class="vint-note">([^<]*)</div>', html)


def test_after_the_last_trick_the_live_score_says_the_result_not_what_may_still_happen() -> None:
    deal = played_out(0)  # 3NT by East, 6 tricks
    assert deal.contract is not None and deal.tricks_won[deal.contract.side] == 6
    said = notes(live_score_html(deal, css=False))
    assert said == ["E–W took 6 of the 9 tricks they needed: 3 down"]
    assert "at least" not in live_score_html(deal, css=False)
    german = notes(live_score_html(deal, lang="de", css=False))
    assert german == ["O–W haben 6 der 9 nötigen Stiche gemacht: 3 Unterstiche"]
    # while tricks are still to come, a side that cannot make it any more hears "at least"
    before = Deal.replay(deal.hands, (*deal.auction.calls, *[c for t in deal.tricks[:12] for c in t.cards]),
                         dealer=deal.dealer, rules=deal.rules, deal_number=deal.deal_number)
    assert notes(live_score_html(before, css=False))[0].endswith("down at least")


def test_a_made_contract_with_tricks_over_says_how_many() -> None:
    for seed in range(40):
        deal = played_out(seed)
        c = deal.contract
        if c is not None and deal.tricks_won[c.side] > c.tricks_needed:
            won = deal.tricks_won[c.side]
            assert notes(live_score_html(deal, css=False)) == [
                f"{c.side} took {won} tricks: their {c.tricks_needed} and {won - c.tricks_needed} more"]
            return
    raise AssertionError("no seed from 0 to 39 made a contract with a trick over")


def test_the_bidding_box_says_why_calls_are_greyed_where_they_are() -> None:
    box = BiddingBox(on_call=lambda call: None, rules=SEED)
    assert box.note in box.widget.children
    assert "Greyed calls cannot be made now: a bid must be higher than the last bid" in box.note.value
    box.set_lang("de")
    assert "Graue Ansagen sind jetzt nicht möglich" in box.note.value
    # the lesson 05 deal greys illegal calls out and says why; lessons 03 and 04 let every call be clicked
    deal = OneDeal(seed=3)
    assert deal.box.note in deal.box.widget.children
    for practice in (BiddingPractice(), AuctionPractice(seed=7)):
        assert practice.box.note not in practice.box.widget.children
        assert len(practice.box.enabled) == 36  # every call clickable, an illegal one explained


def test_the_dealer_mark_is_said_in_words_under_the_auction() -> None:
    auction = Auction(Seat.EAST, SEED).apply(Call.parse("1♥")).apply(PASS)
    html = auction_html(auction, css=False)
    assert '<caption class="vint-dealer-legend"' in html and "• dealer: East, who calls first" in html
    assert re.search(r'<th class="vint-dealer" title="dealer">East</th>', html)
    view = AuctionView(lang="de")
    view.show(auction)
    assert "• Geber: Ost, sagt als Erster an" in view.widget.value


def test_the_honours_explorer_keeps_the_hidden_hands_hidden_until_asked() -> None:
    explorer = HonoursExplorer(seed=7, strain="♥")
    held = explorer.held_box
    # no seat: the deal is open (as the lesson's deals are), the odds are those before the deal
    assert "<li>N–S hold" in held.value and "before the deal" in held.value
    assert explorer.reveal.layout.display == "none"
    explorer.set(seat=Seat.SOUTH)
    assert "given South" in held.value and "South: " in held.value
    assert "<li>N–S hold" not in held.value and "<li>E–W hold" not in held.value
    assert "tick “Show the honours as dealt”" in held.value and explorer.reveal.layout.display is None
    explorer.set(reveal=True)
    assert "<li>N–S hold A♥ Q♥ (2)" in held.value and "<li>E–W hold K♥ J♥ 10♥ (3)" in held.value
    explorer.set(seed=8)  # another deal: still shown, the learner asked
    assert "<li>N–S hold" in held.value
