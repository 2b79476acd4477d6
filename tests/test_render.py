"""The project's own drawing: well-formed HTML, classes and labels, escaping, themes, rich display."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

from vint_core import (
    PASS,
    SEED,
    SHORT,
    Auction,
    Call,
    Card,
    Deal,
    Hand,
    Phase,
    Rubber,
    Seat,
    Side,
    Suit,
    render,
)
from vint_core.i18n import seat_name
from vint_core.render import (
    auction_html,
    card_html,
    deal_html,
    hand_html,
    live_score_html,
    rubber_html,
    scoresheet_html,
    status_html,
    stylesheet,
    trick_html,
    view_html,
)

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Checker(HTMLParser):
    """Checks that every element is closed in order and collects elements with their attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self.stack or self.stack[-1] != "style":
            self.text.append(data)


def parse(html: str) -> _Checker:
    checker = _Checker()
    checker.feed(html)
    checker.close()
    assert not checker.errors, checker.errors[:3]
    assert not checker.stack, f"unclosed: {checker.stack}"
    return checker


def with_class(checker: _Checker, cls: str) -> list[dict[str, str | None]]:
    return [attrs for _, attrs in checker.elements if cls in (attrs.get("class") or "").split()]


def card_faces(checker: _Checker) -> list[dict[str, str | None]]:
    """Every card drawn face up (a whole card or a card of a hand), by its ``data-card``."""
    return [attrs for _, attrs in checker.elements if "data-card" in attrs]


def finished_deal(seed: int = 3, rules: object = SEED, *, start: Deal | None = None) -> Deal:
    rng = random.Random(seed)
    deal = start if start is not None else Deal.new(seed=seed, rules=rules)  # type: ignore[arg-type]
    while not deal.is_finished:
        actions = deal.legal_actions()
        # a quick auction: pass unless nobody has bid yet
        if deal.phase is Phase.AUCTION:
            deal = deal.apply(PASS if deal.auction.calls and any(c.is_bid for c in deal.auction.calls)
                              else Call.parse("2H"))
        else:
            deal = deal.apply(rng.choice(actions))
    return deal


def mid_play(seed: int = 5, tricks: int = 4) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(seed=seed)
    deal = deal.apply(Call.parse("1NT"))
    while deal.phase is Phase.AUCTION:
        deal = deal.apply(PASS)
    while len(deal.tricks) < tricks or not deal.current_trick or not deal.current_trick.cards:
        deal = deal.apply(rng.choice(deal.legal_actions()))
    return deal


# -- cards and hands --------------------------------------------------------------

# AKQ.JT9.876.5432 as its text reads, suit by suit (♠ ♥ ♣ ♦, the colours alternating)
HAND_TEXT = ["A", "♠", "K", "♠", "Q", "♠", "J", "♥", "10", "♥", "9", "♥", "5", "♣", "4", "♣", "3", "♣", "2", "♣",
             "8", "♦", "7", "♦", "6", "♦"]

def test_card_is_drawn_with_corners_and_label() -> None:
    html = card_html(Card.parse("10♥"), playable=True, css=False)
    c = parse(html)
    (card,) = with_class(c, "vint-cardface")
    assert "vint-card" in (card["class"] or "").split() and card["aria-label"] == "10♥"
    assert card["role"] == "button" and card["tabindex"] == "0"
    assert "".join(c.text).strip() == "10 ♥" and card["data-r"] == "10"  # the stylesheet draws centre and corner
    sheet = stylesheet()
    assert '.vint-suitgroup>b::before{content:var(--vint-sym)/""' in sheet  # the big sign
    assert 'content:attr(data-r) "\\a" var(--vint-sym)' in sheet  # the lower corner
    plain = parse(card_html(Card.parse("AS"), css=False))
    assert not with_class(plain, "vint-card") and with_class(plain, "vint-cardface")[0]["aria-label"] == "A♠"
    assert "<style>" in card_html(Card.parse("AS"))  # standalone by default


def test_hand_marks_playable_cards_and_dims_the_rest() -> None:
    hand = Hand.parse("AKQ.JT9.876.5432")
    playable = [Card.parse("AS"), Card.parse("KS")]
    c = parse(hand_html(hand, playable=playable, css=False))
    cards = with_class(c, "vint-card")
    assert sorted(str(a["aria-label"]) for a in cards) == ["A♠", "K♠"]
    assert len(card_faces(c)) == 13 and len(with_class(c, "vint-unplayable")) == 11
    # each suit a group that gives its colour; the last card of a group shows its lower corner
    groups = with_class(c, "vint-suitgroup")
    assert [str(g["class"]).split()[1] for g in groups] == ["vint-suit-s", "vint-suit-h", "vint-suit-c", "vint-suit-d"]
    assert [a["data-card"] for a in card_faces(c) if "data-r" in a] == ["SQ", "H9", "C2", "D6"]
    assert "".join(c.text).split() == HAND_TEXT
    everything = parse(hand_html(hand, css=False))
    assert not with_class(everything, "vint-unplayable") and not with_class(everything, "vint-card")
    rows = parse(hand_html(Hand.parse("AKQJT98765432..."), layout="suits", css=False, lang="de"))
    assert len(with_class(rows, "vint-suitrow")) == 1  # ♠, and a row for each void
    voids = with_class(rows, "vint-void")
    assert len(voids) == 3 and "kein ♥" in [a["aria-label"] for a in voids]


def test_four_colour_and_dark_theme_css() -> None:
    light, dark = stylesheet("light"), stylesheet("dark", four_colour=True)
    assert "--vint-d:#c0102a" in light.split("}")[0]  # ♦ red by default
    four_first_rule = dark.split("}")[0]
    assert "--vint-d:#7cb2ff" in four_first_rule and "--vint-c:#5ed17f" in four_first_rule  # blue ♦, green ♣
    assert "--vint-bg:#1b1c1f" in four_first_rule
    assert ".vint-4c" in light  # per-fragment four colours
    auto = stylesheet("auto")
    # the page's dark theme (JupyterLab, VS Code), not the system's: a light notebook stays light
    assert "[data-jp-theme-light=false] .vint,body.vscode-dark .vint{--vint-fg:#e8e8ea" in auto
    assert "prefers-color-scheme" not in auto
    assert "vint-4c" in card_html(Card.parse("2D"), four_colour=True, css=False)
    assert "http" not in auto and "url(" not in auto  # nothing fetched


# -- tricks, auctions, deals -------------------------------------------------------

def test_trick_layout_and_winner() -> None:
    deal = finished_deal()
    trick = deal.tricks[0]
    c = parse(trick_html(trick, css=False))
    won = with_class(c, "vint-won")
    assert len(won) == 1 and f"vint-spot-{render._position(trick.winner, Seat.SOUTH)}" in str(won[0]["class"])
    assert len(with_class(c, "vint-cardface")) == 4
    group = with_class(c, "vint-trick")[0]
    assert "won by" in str(group["aria-label"])


def test_auction_grid_starts_at_north_with_the_dealer_in_his_column() -> None:
    auction = Auction(Seat.SOUTH, SEED)
    for text in ["1♠", "Pass", "2NT"]:
        auction = auction.apply(Call.parse(text))
    c = parse(auction_html(auction, css=False))
    heads = [a for t, a in c.elements if t == "th"]
    assert len(heads) == 4
    rows = [t for t, _ in c.elements if t == "tr"]
    assert len(rows) == 3  # header, then two rows
    cells = [t for t, _ in c.elements if t == "td"]
    # two blank cells (North, East), South 1♠, West Pass; North 2NT, East to act, two blanks
    assert len(cells) == 8
    legend, _, text = "".join(c.text).partition("first")  # the caption comes first in the table's markup
    assert legend == "• dealer: South, who calls "  # what the mark • on the dealer's column means
    assert text.index("North") < text.index("East") < text.index("South") < text.index("West")
    assert "1♠" in text and "2NT" in text and "?" in text
    dealer = [a for t, a in c.elements if t == "th" and a.get("class") == "vint-dealer"]
    assert len(dealer) == 1 and dealer[0]["title"] == "dealer"
    de = "".join(parse(auction_html(auction, lang="de", css=False)).text)
    assert "Passe" in de and "Nord" in de and "• Geber: Süd, sagt als Erster an" in de
    assert "caption" not in auction_html(auction, css=False, legend=False)


def test_deal_html_shows_everything_for_review() -> None:
    deal = finished_deal()
    c = parse(deal_html(deal, css=False))
    dealt = sorted(card.pbn for hand in deal.hands for card in hand)
    assert sorted(str(a["data-card"]) for a in card_faces(c)) == dealt
    # a finished deal: its result in the middle (the trick list ends with the last trick)
    assert len(with_class(c, "vint-area-centre")) == 1 and not with_class(c, "vint-trick")
    assert deal.contract is not None
    assert f"({deal.declarer_tricks})" in "".join(c.text)
    assert with_class(c, "vint-auction") and with_class(c, "vint-live")
    assert len([t for t, _ in c.elements if t == "li"]) == 13  # the trick list


def test_view_and_viewer_hide_the_other_hands() -> None:
    deal = mid_play()
    for html in (view_html(deal.view(Seat.SOUTH), css=False), deal_html(deal, viewer=Seat.SOUTH, css=False)):
        c = parse(html)
        shown = {str(a["data-card"]) for a in card_faces(c)}
        played = {card.pbn for _, card in deal.view(Seat.SOUTH).cards_played()}
        assert {card.pbn for card in deal.hand(Seat.SOUTH)} <= shown
        for seat in (Seat.NORTH, Seat.EAST, Seat.WEST):
            assert not {card.pbn for card in deal.hand(seat)} & shown
        assert shown <= played | {card.pbn for card in deal.hand(Seat.SOUTH)}
        assert len(with_class(c, "vint-cardback")) == sum(len(deal.hand(s)) for s in Seat if s != Seat.SOUTH)
        legal = {str(card) for card in deal.legal_actions()} if deal.to_act == Seat.SOUTH else set()
        assert {a["aria-label"] for a in with_class(c, "vint-card")} == legal


def test_live_score_counts_both_sides() -> None:
    deal = mid_play(tricks=6)
    c = parse(live_score_html(deal, css=False))
    text = "".join(c.text)
    tv = SEED.trick_value_of(1, deal.contract.strain)  # type: ignore[union-attr]
    for side in Side:
        n = deal.tricks_won[side]
        assert f"= {n * tv}" in text
    assert "declarers" in text and "defenders" in text
    view_text = "".join(parse(live_score_html(deal.view(Seat.EAST), css=False)).text)
    assert view_text == text
    assert "auction" in "".join(parse(live_score_html(Deal.new(seed=1), css=False)).text)


# -- score sheets -------------------------------------------------------------------

def test_scoresheet_rows_open_to_their_explanations() -> None:
    rubber = Rubber(SHORT, Seat.NORTH)
    deals = []
    for i in range(3):
        d = finished_deal(seed=i, start=rubber.new_deal(seed=i))
        deals.append(d)
        rubber = rubber.record(d)
        if rubber.is_finished:
            break
    c = parse(rubber_html(rubber, css=False))
    sheet = with_class(c, "vint-scoresheet")
    assert len(sheet) == 1
    details = [a for t, a in c.elements if t == "details"]
    assert len(details) == len(rubber.deals) + len(rubber.bonus_lines)
    text = "".join(c.text)
    for line in rubber.lines:
        assert line.text("en") in text
    assert str(rubber.totals[Side.NS]) in text and str(rubber.totals[Side.EW]) in text
    de = "".join(parse(scoresheet_html(rubber, history=[rubber], lang="de", css=False)).text)
    assert "Summen" in de and rubber.lines[0].text("de") in de


def test_status_line() -> None:
    c = parse(status_html("South to act"))
    (status,) = with_class(c, "vint-status")
    assert status["role"] == "status"


# -- escaping and rich display ----------------------------------------------------

def test_text_is_escaped() -> None:
    html = status_html('<script>alert("x")</script> & more')
    assert "<script>" not in html and "&lt;script&gt;" in html and "&amp; more" in html
    deal = finished_deal().with_board('<b>"7"</b>')
    out = deal_html(deal, css=False)
    assert "<b>" not in out and "&lt;b&gt;&quot;7&quot;&lt;/b&gt;" in out
    parse(out)


def test_repr_html_of_every_value() -> None:
    deal = finished_deal()
    rubber = Rubber(SEED, deal.dealer).record(deal)
    for value in (Card.parse("QC"), deal.hands[0], deal.tricks[0], deal.auction, deal, rubber):
        html = value._repr_html_()
        assert html.startswith("<style>") and 'class="vint' in html
        parse(html)


# -- lean and self-contained notebook HTML --------------------------------------------

# bytes of UTF-8, <style> included (a deal: 100 more for its facts held against JupyterLab's <dl> rules)
CARD_LIMIT, DEAL_LIMIT = 1_500, 10_100
RED = "#c0102a"


def size(html: str) -> int:
    return len(html.encode())


def played_by_rule_bots(seed: int) -> list[Deal]:
    """Every position of a deal bid and played by the rule-based players, as a lesson would show it."""
    from vint_core.bots import make_bot

    bot, rng = make_bot("rule"), random.Random(seed)
    deal = Deal.new(seed=seed)
    positions = [deal]
    while not deal.is_finished:
        seat = deal.to_act
        assert seat is not None
        deal = deal.apply(bot.choose(deal.view(seat), rng))
        positions.append(deal)
    return positions


def fragments() -> dict[str, str]:
    """One of each value's ``_repr_html_``, and some drawn with four colours and in German."""
    deal = finished_deal()
    rubber = Rubber(SEED, deal.dealer).record(deal)
    return {"card": Card.parse("10H")._repr_html_(), "hand": deal.hands[0]._repr_html_(),
            "trick": deal.tricks[0]._repr_html_(), "auction": deal.auction._repr_html_(),
            "deal": deal._repr_html_(), "in play": mid_play()._repr_html_(), "rubber": rubber._repr_html_(),
            "four colours": deal_html(mid_play(), four_colour=True, lang="de"),
            "suits": hand_html(Hand.parse("AKQJT98765432..."), layout="suits", four_colour=True)}


def test_a_card_takes_at_most_one_and_a_half_kilobytes() -> None:
    for card in (Card.parse(f"{r}{s}") for r in "AKQJT98765432" for s in "SHDC"):
        assert size(card._repr_html_()) <= CARD_LIMIT, card
        assert size(card_html(card, playable=True, four_colour=True)) <= CARD_LIMIT, card


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_deal_takes_at_most_ten_kilobytes_at_every_step(seed: int) -> None:
    for position in played_by_rule_bots(seed):
        assert size(position._repr_html_()) <= DEAL_LIMIT, (seed, len(position.auction.calls), len(position.tricks))
        # German words are longer ("Standard-Vint" for the rule set, in the info box), and four colours need
        # rules of their own
        assert size(deal_html(position, lang="de", four_colour=True)) <= DEAL_LIMIT * 1.06
    assert size(finished_deal(seed)._repr_html_()) <= DEAL_LIMIT


def test_hands_tricks_auctions_and_score_sheets_stay_small() -> None:
    sizes = {name: size(html) for name, html in fragments().items()}
    assert sizes["hand"] <= 3_000 and sizes["trick"] <= 3_000 and sizes["auction"] <= 2_500, sizes
    assert sizes["rubber"] <= 5_000, sizes  # the score sheet of one deal


def _rules(css: str) -> list[tuple[str, str]]:
    """(selector, declarations) of a stylesheet, in order, without its narrow layout (the one @-rule, at the end)."""
    css = css.partition(render.NARROW)[0]
    assert "@" not in css
    return [(sel.strip(), decls) for sel, decls in re.findall(r"([^{}]+)\{([^{}]*)\}", css)]


@pytest.mark.parametrize("name", ["card", "hand", "trick", "auction", "deal", "in play", "rubber", "four colours",
                                  "suits"])
def test_each_fragment_brings_the_rules_it_uses_and_no_others(name: str) -> None:
    html = fragments()[name]
    (style,) = re.findall(r"<style>(.*?)</style>", html, flags=re.S)
    assert html.startswith("<style>")
    body = html[html.index("</style>") + len("</style>"):]
    used = {c for found in re.findall(r'class="([^"]*)"', body) for c in found.split()}
    mine, full = _rules(style), _rules(stylesheet("auto"))
    known = {one for sel, _ in full for one in sel.split(",")}
    mine_selectors = {one for sel, _ in mine for one in sel.split(",")}
    for one in mine_selectors:  # taken from the stylesheet, and only for what the fragment draws
        assert one in known and set(re.findall(r"\.(vint[\w-]*)", one)) <= used, (name, one)
    read = set(re.findall(r"var\((--vint-[\w-]+)\)", style))
    for sel, decls in full:  # and every rule of the stylesheet for what it draws came with it
        props = {d.split(":")[0].strip() for d in decls.split(";") if d.strip()}
        if all(p.startswith("--vint-") for p in props) and not props & read:
            continue  # theme variables that nothing in the fragment reads
        for one in sel.split(","):
            if set(re.findall(r"\.(vint[\w-]*)", one)) <= used:
                assert one in mine_selectors, (name, one)
    # each theme variable read is set for a light page and for a dark one, or (♥ ♦ on a card face)
    # by the face itself, light in both themes; ♠ and ♣ text takes the page's own colour
    light = "".join(d for sel, d in mine if sel == ".vint")
    dark = "".join(d for sel, d in mine if sel.startswith("[data-jp-theme-light=false] .vint,"))
    faces = "".join(d for sel, d in mine if "--vint-h:" in d and ("vint-cardface" in sel or ">b" in sel))
    for var in read - {"--vint-sym", "--vint-s", "--vint-c"}:
        assert (f"{var}:" in light and f"{var}:" in dark) or (not light and f"{var}:" in faces), (name, var)
    assert "--vint-s:" not in light and "--vint-c:" not in light + dark


def test_a_deal_brings_its_narrow_layout_and_a_hand_does_not() -> None:
    deal = fragments()["deal"]
    style = deal[:deal.index("</style>")]
    narrow = style.partition(render.NARROW)[2]
    assert style.count("@") == 1 and narrow.startswith("{.vint-deal{grid-template-columns:100%;width:auto}")
    assert ".vint-deal .vint-hand-suits{display:flex;flex-wrap:wrap" in narrow
    assert render.NARROW in stylesheet("auto") and render.NARROW not in fragments()["hand"]


def _github(html: str) -> str:
    """What GitHub's notebook viewer keeps: no <style> element, no class attribute."""
    return re.sub(r'\sclass="[^"]*"', "", re.sub(r"<style>.*?</style>", "", html, flags=re.S))


def test_without_the_stylesheet_cards_still_read_and_red_suits_are_red() -> None:
    card = parse(_github(Card.parse("10H")._repr_html_()))
    ((_, attrs),) = [e for e in card.elements if "data-card" in e[1]]
    assert "border:1px solid" in str(attrs["style"]) and f"color:{RED}" in str(attrs["style"])
    assert "".join(card.text).strip() == "10 ♥"
    hand = _github(Hand.parse("AKQ.JT9.876.5432")._repr_html_())
    assert "".join(parse(hand).text).split() == HAND_TEXT
    assert re.search(f'<span style="color:{RED}"><b data-card="HJ">', hand)  # the ♥ group is red
    deal = finished_deal()
    text = " ".join(parse(_github(deal._repr_html_())).text)
    for seat in Seat:  # each hand under its seat's name, suit by suit
        cards = " ".join(f"{c.rank} {c.suit.symbol}" for suit in (Suit.SPADES, Suit.HEARTS, Suit.CLUBS,
                                                                   Suit.DIAMONDS)
                         for c in deal.hands[seat].suit(suit))
        assert cards in " ".join(text.split()), seat
    trick = " ".join(" ".join(parse(_github(deal.tricks[0]._repr_html_())).text).split())
    for seat, c in deal.tricks[0].plays():
        assert f"{seat_name(seat)}" in trick and f"{c.rank} {c.suit.symbol}" in trick


def test_no_dark_text_is_fixed_where_a_dark_theme_shows_through() -> None:
    """Fixed colours sit only on card faces (always light) or are the red of ♥ and ♦; the rest of
    the text takes the theme's variables, or the page's own colour."""
    for name, html in fragments().items():
        for tag, attrs in parse(html).elements:
            colour = re.search(r"color:(#[0-9a-f]+)", str(attrs.get("style") or ""))
            if colour is None:
                continue
            face = "vint-cardface" in str(attrs.get("class"))
            assert face or colour.group(1) == RED, (name, tag, attrs)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_ui_text_exists_in_both_languages(lang: str) -> None:
    deal = mid_play()
    html = deal_html(deal, lang=lang, css=False) + view_html(deal.view(Seat.WEST), lang=lang, css=False)
    assert "ui_" not in html  # no key shown in place of a sentence


def test_render_imports_no_notebook_packages() -> None:
    import subprocess
    import sys

    code = ("import sys, vint_core.render, vint_core.table.session; "
            "print(any(m.split('.')[0] in ('ipywidgets', 'IPython', 'endplay') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
