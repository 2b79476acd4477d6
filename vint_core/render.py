"""The project's own drawing: cards, hands, tricks, auctions, deals and score sheets as HTML.

Everything here returns a string of HTML (with inline CSS); nothing is fetched and no
image file is used. The engine's ``_repr_html_`` methods and the widgets call these
functions, so a card looks the same in a notebook, in the table and in a saved page.

Conventions (DESIGN.md §5): a playable card carries the CSS class ``vint-card`` and an
accessible label such as ``aria-label="10♥"``; the score sheet ``vint-scoresheet``; status
lines ``vint-status``. Every fragment sits inside an element of class ``vint`` that carries
the theme's CSS variables. With ``css=True`` (the default) a fragment brings its own
``<style>`` block, which follows the light or dark theme of the page; a page that shows many
fragments can include :func:`stylesheet` once and pass ``css=False``.

Colours: ♠ and ♣ black, ♥ and ♦ red; with ``four_colour=True`` ♦ is blue and ♣ green.

>>> from vint_core import Card
>>> html = card_html(Card.parse("10♥"), playable=True, css=False)
>>> 'class="vint-cardface vint-suit-h vint-card' in html, 'aria-label="10♥"' in html
(True, True)
"""

from __future__ import annotations

import html as _html
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from vint_core.calls import Bid, Call, Strain
from vint_core.cards import Card, Hand, Suit
from vint_core.i18n import seat_name, side_name, text
from vint_core.seats import PerSide, Seat, Side

if TYPE_CHECKING:
    from vint_core.auction import Auction, Contract
    from vint_core.deal import Deal
    from vint_core.play import Trick
    from vint_core.rubber import Rubber
    from vint_core.scoring import ScoreLine
    from vint_core.views import SeatView

Theme = Literal["light", "dark", "auto"]
HandLayout = Literal["row", "suits"]

__all__ = [
    "auction_html", "call_html", "card_back_html", "card_html", "contract_html", "deal_html", "esc", "hand_html",
    "live_score_html", "rubber_html", "scoresheet_html", "status_html", "stylesheet", "trick_html",
    "view_html",
]


def esc(value: object) -> str:
    """HTML-escape any value's text (quotes included, for attributes)."""
    return _html.escape(str(value), quote=True)


# -- the stylesheet -----------------------------------------------------------

_LIGHT = {
    "fg": "#1d1d1f", "bg": "#ffffff", "muted": "#5f6368", "line": "#d5d7db", "panel": "#f4f5f7",
    "felt": "#1e6a43", "felt-fg": "#f3f6f4", "accent": "#1a5fb4", "win": "#e0a800",
    "s": "#1d1d1f", "h": "#c0102a", "d": "#c0102a", "c": "#1d1d1f",
}
_DARK = {
    "fg": "#e8e8ea", "bg": "#1b1c1f", "muted": "#a6a8ad", "line": "#44464c", "panel": "#26282c",
    "felt": "#174d33", "felt-fg": "#e9efe9", "accent": "#78aef5", "win": "#ffcc33",
    "s": "#e8e8ea", "h": "#ff7a85", "d": "#ff7a85", "c": "#e8e8ea",
}
_FOUR_LIGHT = {"d": "#1763c6", "c": "#13803a"}
_FOUR_DARK = {"d": "#7cb2ff", "c": "#5ed17f"}
# a card face is always light, whatever the page's theme
_FACE = {"s": "#111111", "h": "#c0102a", "d": "#c0102a", "c": "#111111"}
_FACE_FOUR = {"d": "#1763c6", "c": "#13803a"}


def _vars(values: dict[str, str]) -> str:
    return "".join(f"--vint-{k}:{v};" for k, v in values.items())


_BASE_CSS = """
.vint{color:var(--vint-fg);font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
 font-size:15px;line-height:1.35}
.vint *{box-sizing:border-box}
.vint-suit-s{color:var(--vint-s)}.vint-suit-h{color:var(--vint-h)}
.vint-suit-d{color:var(--vint-d)}.vint-suit-c{color:var(--vint-c)}
.vint-cardface{position:relative;display:inline-block;width:3.3em;height:4.6em;flex:none;border-radius:.35em;
 background:#fffdf7;border:1px solid #9a9a9a;box-shadow:0 1px 2px rgba(0,0,0,.25);vertical-align:top;
 font-family:"DejaVu Sans","Segoe UI Symbol",system-ui,sans-serif;user-select:none}
.vint-idx{position:absolute;left:.22em;top:.12em;display:flex;flex-direction:column;align-items:center;
 line-height:1;font-weight:700}
.vint-idx .vint-rank{font-size:1.08em;letter-spacing:-.06em}
.vint-idx .vint-sym{font-size:1em;margin-top:.05em}
.vint-idx-br{left:auto;top:auto;right:.22em;bottom:.12em;transform:rotate(180deg)}
.vint-pip{position:absolute;left:0;right:0;top:50%;transform:translateY(-50%);text-align:center;
 font-size:1.75em;line-height:1}
.vint-card{cursor:pointer}
.vint-card:hover,.vint-card:focus-visible{transform:translateY(-.35em);outline:2px solid var(--vint-accent);
 outline-offset:1px;z-index:2}
.vint-unplayable{filter:brightness(.8)}
.vint-cardback{display:inline-block;width:3.3em;height:4.6em;flex:none;border-radius:.35em;
 border:1px solid #7a7a7a;box-shadow:0 1px 2px rgba(0,0,0,.25);
 background:repeating-linear-gradient(45deg,#2c4f8c 0 .28em,#3d66ad .28em .56em);
 outline:.22em solid #f5f5f5;outline-offset:-.42em}
.vint-hand{display:flex;align-items:flex-end;padding:.4em .2em .2em}
.vint-hand>.vint-cardface+.vint-cardface,.vint-hand>.vint-cardback+.vint-cardback{margin-left:-1.85em}
.vint-hand>.vint-suitgap{width:.5em;flex:none}
.vint-hand>.vint-suitgap+.vint-cardface{margin-left:0}
.vint-hand-suits{display:flex;flex-direction:column;gap:.2em;font-size:.82em}
.vint-suitrow{display:flex;align-items:center;min-height:4.7em}
.vint-suitrow>.vint-cardface+.vint-cardface{margin-left:-1.75em}
.vint-suitrow .vint-void{font-size:1.3em;padding-left:.3em}
.vint-hidden-hand{display:flex;align-items:center;gap:.5em;font-size:.8em}
.vint-hidden-hand .vint-cardback+.vint-cardback{margin-left:-2.6em}
.vint-seatlabel{font-weight:600;font-size:.9em;color:var(--vint-muted)}
.vint-felt .vint-seatlabel{color:var(--vint-felt-fg)}
.vint-seatlabel .vint-mark{font-weight:400;margin-left:.3em}
.vint-trick{display:inline-grid;grid-template-columns:repeat(3,3.9em);grid-template-rows:auto auto auto;
 gap:.15em .25em;align-items:center;justify-items:center;padding:.3em}
.vint-trick .vint-spot{display:flex;flex-direction:column;align-items:center;gap:.1em}
.vint-trick .vint-spot-top{grid-column:2;grid-row:1}.vint-trick .vint-spot-left{grid-column:1;grid-row:2}
.vint-trick .vint-spot-right{grid-column:3;grid-row:2}.vint-trick .vint-spot-bottom{grid-column:2;grid-row:3}
.vint-trick .vint-empty{width:3.3em;height:4.6em;border:1px dashed var(--vint-line);border-radius:.35em;opacity:.6}
.vint-felt .vint-trick .vint-empty{border-color:rgba(255,255,255,.35)}
.vint-trick .vint-won .vint-cardface{box-shadow:0 0 0 .18em var(--vint-win)}
.vint-trick .vint-slabel{font-size:.72em;color:var(--vint-muted)}
.vint-felt .vint-trick .vint-slabel{color:var(--vint-felt-fg)}
.vint-auction{border-collapse:collapse;font-size:.95em}
.vint-auction th,.vint-auction td{padding:.15em .6em;text-align:center;min-width:3.2em}
.vint-auction th{border-bottom:1px solid var(--vint-line);font-weight:600}
.vint-auction th.vint-dealer::after{content:" •";color:var(--vint-accent)}
.vint-auction td.vint-pass{color:var(--vint-muted)}
.vint-auction td.vint-next{color:var(--vint-accent);font-weight:700}
.vint-auction td.vint-final{font-weight:700;text-decoration:underline}
.vint-call-text{font-weight:600}
.vint-deal{display:grid;grid-template-columns:minmax(13em,auto) minmax(14em,auto) minmax(13em,auto);
 grid-template-areas:"info north score" "west centre east" "auction south tricks";gap:.5em;
 background:var(--vint-felt);color:var(--vint-felt-fg);padding:.8em;border-radius:.8em;width:max-content;
 max-width:100%}
.vint-deal>.vint-area-info{grid-area:info}.vint-deal>.vint-area-north{grid-area:north}
.vint-deal>.vint-area-west{grid-area:west}.vint-deal>.vint-area-east{grid-area:east}
.vint-deal>.vint-area-south{grid-area:south}.vint-deal>.vint-area-centre{grid-area:centre;align-self:center;
 justify-self:center}
.vint-deal>.vint-area-score{grid-area:score}.vint-deal>.vint-area-auction{grid-area:auction}
.vint-deal>.vint-area-tricks{grid-area:tricks}
.vint-deal .vint-box{background:var(--vint-bg);color:var(--vint-fg);border-radius:.5em;padding:.4em .6em;
 font-size:.88em;align-self:start}
.vint-deal .vint-hand-suits .vint-suitrow .vint-void{color:var(--vint-felt-fg)}
.vint-info dl{display:grid;grid-template-columns:auto auto;gap:.1em .6em;margin:0}
.vint-info dt{color:var(--vint-muted)}.vint-info dd{margin:0;font-weight:600}
.vint-live{font-size:.95em}
.vint-live table{border-collapse:collapse}
.vint-live td,.vint-live th{padding:.1em .5em;text-align:right}
.vint-live th{text-align:left;font-weight:600}
.vint-live .vint-note{color:var(--vint-muted);font-size:.9em;margin-top:.2em}
.vint-tricklist{margin:0;padding-left:1.6em;font-size:.9em}
.vint-tricklist li{white-space:nowrap}
.vint-tricklist .vint-w{color:var(--vint-muted)}
.vint-status{padding:.35em .6em;border-left:.25em solid var(--vint-accent);background:var(--vint-panel);
 margin:.3em 0}
.vint-scoresheet{display:inline-block;min-width:34em;border:1px solid var(--vint-line);border-radius:.5em;
 background:var(--vint-bg);padding:.5em .7em .5em 1.4em}
.vint-scoresheet h3{margin:.1em 0 .4em;font-size:1.05em}
.vint-sheet-grid,.vint-sheet-row>summary{display:grid;grid-template-columns:2.2em 4.2em 1fr 4.2em 5em 5em;
 gap:.4em;align-items:baseline}
.vint-scoresheet summary{cursor:pointer;list-style:none;padding:.2em 0;border-top:1px solid var(--vint-line);
 position:relative}
.vint-scoresheet summary::-webkit-details-marker{display:none}
.vint-scoresheet summary::before{content:"▸";position:absolute;left:-.9em;top:.2em;color:var(--vint-muted)}
.vint-scoresheet details[open]>summary::before{content:"▾"}
.vint-scoresheet .vint-num{text-align:right;font-variant-numeric:tabular-nums}
.vint-scoresheet .vint-head{font-weight:600;color:var(--vint-muted);font-size:.9em}
.vint-scoresheet .vint-total{font-weight:700;border-top:2px solid var(--vint-fg);padding-top:.25em}
.vint-scoresheet ul{margin:.1em 0 .4em 2.6em;padding:0;font-size:.9em;list-style:none}
.vint-scoresheet li .vint-kind{display:inline-block;min-width:7em;color:var(--vint-muted)}
.vint-scoresheet .vint-progress{color:var(--vint-muted);font-size:.9em;margin-top:.3em}
.vint-scoresheet .vint-winner{font-weight:700;color:var(--vint-accent)}
.vint-scoresheet .vint-past{margin-top:.4em;font-size:.9em}
.vint-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
"""


def stylesheet(theme: Theme = "light", four_colour: bool = False) -> str:
    """The CSS of every fragment this module draws (without ``<style>`` tags).

    ``theme`` is ``"light"``, ``"dark"`` or ``"auto"`` (light, turning dark with the browser's
    or JupyterLab's dark theme). ``four_colour`` makes ♦ blue and ♣ green everywhere; without it
    only fragments drawn with ``four_colour=True`` (class ``vint-4c``) use four colours.
    """
    light = _LIGHT | (_FOUR_LIGHT if four_colour else {})
    dark = _DARK | (_FOUR_DARK if four_colour else {})
    face = _FACE | (_FACE_FOUR if four_colour else {})
    parts = [f".vint{{{_vars(dark if theme == 'dark' else light)}}}",
             f".vint .vint-cardface,.vint-cardface{{{_vars(face)}}}",
             f".vint.vint-4c,.vint .vint-4c{{{_vars(_FOUR_DARK if theme == 'dark' else _FOUR_LIGHT)}}}",
             f".vint.vint-4c .vint-cardface,.vint .vint-4c .vint-cardface,.vint .vint-cardface.vint-4c"
             f"{{{_vars(_FACE_FOUR)}}}",
             f".vint.vint-dark,.vint .vint-dark{{{_vars(dark)}}}"]
    if theme == "auto":
        dark_rule = f"{_vars(dark)}"
        parts.append(f"@media (prefers-color-scheme: dark){{.vint{{{dark_rule}}}"
                     f".vint.vint-4c,.vint .vint-4c{{{_vars(_FOUR_DARK)}}}}}")
        parts.append(f"[data-jp-theme-light=false] .vint{{{dark_rule}}}"
                     f"[data-jp-theme-light=false] .vint.vint-4c{{{_vars(_FOUR_DARK)}}}")
    return "\n".join(parts) + _BASE_CSS


def _style(css: bool) -> str:
    return f"<style>{stylesheet('auto')}</style>" if css else ""


def _wrap(body: str, *, css: bool, four_colour: bool, extra: str = "", tag: str = "div",
          attrs: str = "") -> str:
    classes = "vint" + (" vint-4c" if four_colour else "") + (f" {extra}" if extra else "")
    return f'{_style(css)}<{tag} class="{classes}"{attrs}>{body}</{tag}>'


# -- cards --------------------------------------------------------------------

def _suit_class(suit: Suit) -> str:
    return f"vint-suit-{suit.letter.lower()}"


def _face(card: Card, *, playable: bool = False, dimmed: bool = False, four_colour: bool = False) -> str:
    label = esc(card)
    rank, sym = esc(card.rank), esc(card.suit.symbol)
    classes = f"vint-cardface {_suit_class(card.suit)}"
    attrs = f'role="img" aria-label="{label}"'
    if playable:
        classes += " vint-card"
        attrs = f'role="button" tabindex="0" aria-label="{label}"'
    if dimmed:
        classes += " vint-unplayable"
    if four_colour:
        classes += " vint-4c"
    idx = f'<span class="vint-rank">{rank}</span><span class="vint-sym">{sym}</span>'
    return (f'<span class="{classes}" {attrs} title="{label}" data-card="{esc(card.pbn)}">'
            f'<span class="vint-idx" aria-hidden="true">{idx}</span>'
            f'<span class="vint-pip" aria-hidden="true">{sym}</span>'
            f'<span class="vint-idx vint-idx-br" aria-hidden="true">{idx}</span></span>')


def card_html(card: Card, *, playable: bool = False, four_colour: bool = False, css: bool = True) -> str:
    """One card: rank and suit in two corners and a large suit sign in the middle.

    ``playable=True`` adds the class ``vint-card`` and ``role="button"`` (the label is always
    ``aria-label="10♥"``, the card's own text).
    """
    return _wrap(_face(card, playable=playable, four_colour=four_colour), css=css, four_colour=four_colour,
                 tag="span", extra="vint-inline")


def card_back_html(*, lang: str = "en", css: bool = True) -> str:
    """The back of a card (a hidden card)."""
    return _wrap(_back(lang), css=css, four_colour=False, tag="span", extra="vint-inline")


def _back(lang: str) -> str:
    return f'<span class="vint-cardback" role="img" aria-label="{esc(text("ui_hidden_card", lang))}"></span>'


# -- hands --------------------------------------------------------------------

def _hand_body(hand: Hand, *, playable: Collection[Card], layout: HandLayout, lang: str,
               suit_order: Sequence[Suit]) -> str:
    playable_set = set(playable)
    dim = bool(playable_set)
    parts: list[str] = []
    if layout == "row":
        first = True
        for suit in suit_order:
            cards = hand.suit(suit)
            if not cards:
                continue
            if not first:
                parts.append('<span class="vint-suitgap"></span>')
            first = False
            parts.extend(_face(c, playable=c in playable_set, dimmed=dim and c not in playable_set)
                         for c in cards)
        return "".join(parts)
    for suit in suit_order:
        cards = hand.suit(suit)
        row = "".join(_face(c, playable=c in playable_set, dimmed=dim and c not in playable_set) for c in cards)
        if not cards:
            void = esc(text("ui_void", lang, suit=suit.symbol))
            row = f'<span class="vint-void {_suit_class(suit)}" aria-label="{void}">{esc(suit.symbol)} —</span>'
        parts.append(f'<div class="vint-suitrow">{row}</div>')
    return "".join(parts)


_RED_BLACK_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def hand_html(hand: Hand, *, playable: Iterable[Card] = (), four_colour: bool = False,
              layout: HandLayout = "row", lang: str = "en", css: bool = True) -> str:
    """A hand as overlapping cards, grouped by suit (♠ ♥ ♣ ♦, alternating colours).

    ``playable`` lists the cards that may be played now: they get the class ``vint-card``
    and the others are dimmed. ``layout="suits"`` puts each suit on its own row (the
    compact form used around the table).
    """
    body = _hand_body(hand, playable=tuple(playable), layout=layout, lang=lang, suit_order=_RED_BLACK_ORDER)
    label = esc(text("ui_hand_label", lang, n=len(hand), cards=str(hand)))
    extra = "vint-hand" if layout == "row" else "vint-hand-suits"
    return _wrap(body, css=css, four_colour=four_colour, extra=extra,
                 attrs=f' role="group" aria-label="{label}"')


def _hidden_hand(seat: Seat, count: int, lang: str) -> str:
    backs = "".join(_back(lang) for _ in range(min(count, 13)))
    label = esc(text("ui_cards_left", lang, n=count))
    return (f'<div class="vint-hidden-hand" role="group" aria-label="{esc(seat_name(seat, lang))}: {label}">'
            f'<span class="vint-hand">{backs}</span><span>{label}</span></div>')


# -- calls and contracts ------------------------------------------------------

def _strain_class(strain: Strain) -> str:
    suit = strain.suit
    return _suit_class(suit) if suit is not None else "vint-suit-nt"


def call_html(call: Call, *, lang: str = "en") -> str:
    """A call as coloured text: ``1♥`` in red, ``Pass`` in words (class ``vint-call-text``)."""
    if isinstance(call, Bid):
        return (f'<span class="vint-call-text {_strain_class(call.strain)}" aria-label="{esc(call)}">'
                f'{esc(call)}</span>')
    return f'<span class="vint-call-text vint-pass">{esc(text("ui_pass", lang))}</span>'


def contract_html(contract: Contract | None, *, lang: str = "en") -> str:
    """``4♥ by South`` with the strain coloured, or a dash."""
    if contract is None:
        return "—"
    return esc(text("contract", lang, contract="\x00", seat=contract.declarer)).replace(
        "\x00", call_html(contract.bid, lang=lang))


# -- tricks -------------------------------------------------------------------

_POSITIONS = ("bottom", "left", "top", "right")  # bottom seat, then clockwise


def _position(seat: Seat, bottom: Seat) -> str:
    return _POSITIONS[(seat - bottom) & 3]


def _trick_body(trick: Trick | None, *, lang: str, bottom: Seat, leader: Seat | None = None) -> str:
    plays = dict(trick.plays()) if trick is not None else {}
    lead = trick.leader if trick is not None else leader
    winner = trick.winner if trick is not None else None
    cells = []
    for seat in Seat:
        card = plays.get(seat)
        mark = ""
        if seat == lead:
            mark = f' <span class="vint-mark">({esc(text("ui_lead", lang))})</span>'
        inner = _face(card) if card is not None else '<span class="vint-empty"></span>'
        won = " vint-won" if winner == seat else ""
        cells.append(f'<div class="vint-spot vint-spot-{_position(seat, bottom)}{won}">'
                     f'<span class="vint-slabel">{esc(seat_name(seat, lang))}{mark}</span>{inner}</div>')
    label = text("ui_trick_label", lang, cards=" ".join(f"{seat_name(s, lang)} {c}" for s, c in plays.items())
                 or "—")
    if winner is not None:
        label += " " + text("ui_trick_won_by", lang, seat=winner)
    return f'<div class="vint-trick" role="group" aria-label="{esc(label)}">{"".join(cells)}</div>'


def trick_html(trick: Trick, *, lang: str = "en", bottom: Seat = Seat.SOUTH, four_colour: bool = False,
               css: bool = True) -> str:
    """A trick laid out around a table (``bottom`` at the bottom), the winner's card ringed."""
    return _wrap(_trick_body(trick, lang=lang, bottom=bottom), css=css, four_colour=four_colour,
                 extra="vint-trickbox")


# -- the auction --------------------------------------------------------------

def _auction_body(dealer: Seat, calls: Sequence[Call], *, over: bool, contract: Contract | None,
                  to_act: Seat | None, lang: str) -> str:
    dealer_attr = ' class="vint-dealer"'
    head = "".join(f'<th scope="col"{dealer_attr if s == dealer else ""}>{esc(seat_name(s, lang))}</th>'
                   for s in Seat)
    cells: list[str] = ['<td></td>'] * int(dealer)
    final_index = -1
    if contract is not None:
        final_index = max(i for i, c in enumerate(calls) if isinstance(c, Bid))
    for i, call in enumerate(calls):
        cls = "vint-pass" if not isinstance(call, Bid) else ("vint-final" if i == final_index else "")
        cells.append(f'<td class="{cls}">{call_html(call, lang=lang)}</td>' if cls else
                     f"<td>{call_html(call, lang=lang)}</td>")
    if not over and to_act is not None:
        cells.append(f'<td class="vint-next" aria-label="{esc(text("your_turn", lang, seat=to_act))}">?</td>')
    rows = []
    for i in range(0, len(cells), 4):
        row = cells[i:i + 4]
        row += ["<td></td>"] * (4 - len(row))
        rows.append("<tr>" + "".join(row) + "</tr>")
    caption = esc(text("ui_auction", lang))
    return (f'<table class="vint-auction"><caption class="vint-sr">{caption}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def auction_html(auction: Auction, *, lang: str = "en", four_colour: bool = False, css: bool = True) -> str:
    """The auction as a grid: columns North, East, South, West; the dealer's first call in his
    column (blank cells before it), a ``?`` where the next call goes, the final bid underlined."""
    body = _auction_body(auction.dealer, auction.calls, over=auction.is_over, contract=auction.contract,
                         to_act=None if auction.is_over else auction.to_act, lang=lang)
    return _wrap(body, css=css, four_colour=four_colour)


# -- the live score -----------------------------------------------------------

def _live_body(*, rules_tv: int | None, contract: Contract | None, won: PerSide[int], passed_out: bool,
               lang: str) -> str:
    if contract is None or rules_tv is None:
        msg = text("passed_out", lang) if passed_out else text("ui_auction_running", lang)
        return f'<div class="vint-live"><div class="vint-note">{esc(msg)}</div></div>'
    rows = []
    for side in (contract.side, contract.side.other):
        n = won[side]
        role = text("ui_declarers" if side == contract.side else "ui_defenders", lang)
        rows.append(f'<tr><th scope="row">{esc(side_name(side, lang))} <span class="vint-note">({esc(role)})'
                    f'</span></th><td>{n}</td><td>× {rules_tv}</td><td>= {n * rules_tv}</td></tr>')
    need = contract.tricks_needed - won[contract.side]
    played = won[0] + won[1]
    if need > 0:
        note = text("ui_needs_more", lang, side=contract.side, n=need, target=contract.tricks_needed)
        if 13 - played < need:
            note = text("ui_contract_down", lang, side=contract.side, n=need - (13 - played))
    else:
        note = text("ui_contract_made", lang, side=contract.side, target=contract.tricks_needed)
    head = (f'<tr><th scope="col">{esc(text("ui_side", lang))}</th><th scope="col">{esc(text("ui_tricks", lang))}'
            f'</th><th scope="col">{esc(text("ui_value", lang))}</th><th scope="col">'
            f'{esc(text("ui_points", lang))}</th></tr>')
    return (f'<div class="vint-live" role="group" aria-label="{esc(text("ui_live_score", lang))}">'
            f'<div>{contract_html(contract, lang=lang)}</div><table>{head}{"".join(rows)}</table>'
            f'<div class="vint-note">{esc(note)}</div></div>')


def live_score_html(deal: Deal | SeatView, *, lang: str = "en", css: bool = True) -> str:
    """Both sides' tricks so far and what they are worth at this contract (the defenders score
    too), and how many tricks the declarer still needs. Takes a deal or a seat's view."""
    contract = deal.contract
    from vint_core.views import SeatView

    won = deal.tricks_won if isinstance(deal, SeatView) else deal.tricks_won()
    tv = deal.rules.trick_value_of(contract.level, contract.strain) if contract is not None else None
    from vint_core.deal import Phase

    passed_out = contract is None and deal.phase is Phase.FINISHED
    return _wrap(_live_body(rules_tv=tv, contract=contract, won=won, passed_out=passed_out, lang=lang),
                 css=css, four_colour=False)


# -- deals --------------------------------------------------------------------

def _info_body(*, dealer: Seat, rules_name: str, deal_number: int, board: str | None,
               contract: Contract | None, to_act: Seat | None, lang: str) -> str:
    items = [(text("ui_dealer", lang), esc(seat_name(dealer, lang))),
             (text("ui_rules", lang), esc(rules_name)),
             (text("ui_deal_number", lang), esc(board if board else deal_number)),
             (text("ui_contract", lang), contract_html(contract, lang=lang))]
    if to_act is not None:
        items.append((text("ui_to_act", lang), esc(seat_name(to_act, lang))))
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in items)
    return f'<div class="vint-info"><dl>{dl}</dl></div>'


def _tricklist(tricks: Sequence[Trick], lang: str) -> str:
    if not tricks:
        return f'<div class="vint-note">{esc(text("ui_no_tricks", lang))}</div>'
    items = []
    for trick in tricks:
        cards = " ".join(f'<span class="{_suit_class(c.suit)}">{esc(c)}</span>' for c in trick.cards)
        items.append(f"<li>{esc(seat_name(trick.leader, lang)[0])}: {cards} "
                     f'<span class="vint-w">→ {esc(seat_name(trick.winner, lang)) if trick.winner is not None else ""}'
                     "</span></li>")
    return f'<ol class="vint-tricklist">{"".join(items)}</ol>'


def _seat_block(seat: Seat, body: str, *, lang: str, to_act: Seat | None, dealer: Seat, extra: str = "") -> str:
    marks = []
    if seat == dealer:
        marks.append(text("ui_dealer_mark", lang))
    if seat == to_act:
        marks.append(text("ui_to_act_mark", lang))
    mark = "".join(f'<span class="vint-mark">· {esc(m)}</span>' for m in marks)
    return (f'<div class="vint-seat vint-area-{_AREAS[seat]}" role="group" aria-label="{esc(seat_name(seat, lang))}">'
            f'<div class="vint-seatlabel">{esc(seat_name(seat, lang))}{extra}{mark}</div>{body}</div>')


_AREAS = {Seat.NORTH: "north", Seat.EAST: "east", Seat.SOUTH: "south", Seat.WEST: "west"}


def _table(*, hands: dict[Seat, str], bottom: Seat, info: str, centre: str, score: str, auction: str,
           tricks: str, lang: str, to_act: Seat | None, dealer: Seat, won_by_seat: dict[Seat, str]) -> str:
    # rotate so that ``bottom`` sits in the south area
    areas = {}
    for seat in Seat:
        areas[seat] = ("south", "west", "north", "east")[(seat - bottom) & 3]
    blocks = []
    for seat in Seat:
        block = _seat_block(seat, hands[seat], lang=lang, to_act=to_act, dealer=dealer,
                            extra=won_by_seat.get(seat, ""))
        blocks.append(block.replace(f"vint-area-{_AREAS[seat]}", f"vint-area-{areas[seat]}", 1))
    return (f'<div class="vint-deal vint-felt">'
            f'<div class="vint-area-info vint-box">{info}</div>{"".join(blocks)}'
            f'<div class="vint-area-centre">{centre}</div>'
            f'<div class="vint-area-score vint-box">{score}</div>'
            f'<div class="vint-area-auction vint-box">{auction}</div>'
            f'<div class="vint-area-tricks vint-box">{tricks}</div></div>')


def deal_html(deal: Deal, *, viewer: Seat | None = None, bottom: Seat | None = None, lang: str = "en",
              four_colour: bool = False, css: bool = True) -> str:
    """A deal around a table: the four hands, contract, current trick, live score, auction, tricks.

    With ``viewer`` set, only that seat's hand is shown face up until the deal is finished
    (the others as card backs), so the page carries nothing the viewer may not see. Without
    it every hand is shown (for review and teaching). ``bottom`` (default: the viewer, else
    South) is the seat drawn at the bottom.
    """
    from vint_core.deal import Phase

    finished = deal.phase is Phase.FINISHED
    if viewer is not None and not finished:
        return view_html(deal.view(viewer), lang=lang, four_colour=four_colour, css=css, bottom=bottom)
    bottom_seat = bottom if bottom is not None else (viewer if viewer is not None else Seat.SOUTH)
    hands = {}
    for seat in Seat:
        hand = deal.hands[seat] if finished else deal.hand(seat)
        hands[seat] = _hand_body(hand, playable=(), layout="suits", lang=lang, suit_order=_RED_BLACK_ORDER)
        hands[seat] = f'<div class="vint-hand-suits">{hands[seat]}</div>'
    current = deal.current_trick
    shown = current if current is not None and current.cards else (deal.tricks[-1] if deal.tricks else None)
    centre = _trick_body(shown, lang=lang, bottom=bottom_seat,
                         leader=deal.to_act if deal.play is not None else None)
    tv = deal.rules.trick_value_of(deal.contract.level, deal.contract.strain) if deal.contract else None
    won = deal.tricks_won()
    score = _live_body(rules_tv=tv, contract=deal.contract, won=won,
                       passed_out=deal.is_passed_out, lang=lang)
    info = _info_body(dealer=deal.dealer, rules_name=deal.rules.name, deal_number=deal.deal_number,
                      board=deal.board, contract=deal.contract, to_act=deal.to_act, lang=lang)
    auction = _auction_body(deal.dealer, deal.auction.calls, over=deal.auction.is_over,
                            contract=deal.contract, to_act=deal.to_act if deal.play is None else None, lang=lang)
    body = _table(hands=hands, bottom=bottom_seat, info=info, centre=centre, score=score, auction=auction,
                  tricks=_tricklist(deal.tricks, lang), lang=lang, to_act=deal.to_act, dealer=deal.dealer,
                  won_by_seat=_won_marks(deal.tricks, lang))
    return _wrap(body, css=css, four_colour=four_colour)


def _won_marks(tricks: Sequence[Trick], lang: str) -> dict[Seat, str]:
    counts: dict[Seat, int] = {}
    for trick in tricks:
        if trick.winner is not None:
            counts[trick.winner] = counts.get(trick.winner, 0) + 1
    return {seat: f'<span class="vint-mark">· {esc(text("ui_tricks_n", lang, n=n))}</span>'
            for seat, n in counts.items()}


def view_html(view: SeatView, *, lang: str = "en", four_colour: bool = False, css: bool = True,
              bottom: Seat | None = None, playable: bool = True) -> str:
    """The table as one seat sees it: its own hand face up (legal cards as ``vint-card`` when
    ``playable``), the other hands as card backs with their counts, and the public history.

    Built from a :class:`~vint_core.views.SeatView` only, so it cannot show a hidden card.
    """
    from vint_core.deal import Phase

    bottom_seat = bottom if bottom is not None else view.seat
    legal = tuple(a for a in view.legal if isinstance(a, Card)) if playable else ()
    played = view.cards_played()
    hands = {}
    for seat in Seat:
        if seat == view.seat:
            body = _hand_body(view.hand, playable=legal, layout="row", lang=lang, suit_order=_RED_BLACK_ORDER)
            hands[seat] = f'<div class="vint-hand">{body}</div>'
        else:
            left = 13 - sum(1 for s, _ in played if s == seat)
            hands[seat] = _hidden_hand(seat, left, lang)
    current = view.current_trick
    shown = current if current is not None and current.cards else (view.tricks[-1] if view.tricks else None)
    centre = _trick_body(shown, lang=lang, bottom=bottom_seat,
                         leader=view.to_act if view.phase is Phase.PLAY else None)
    tv = view.rules.trick_value_of(view.contract.level, view.contract.strain) if view.contract else None
    passed_out = view.contract is None and view.phase is Phase.FINISHED
    score = _live_body(rules_tv=tv, contract=view.contract, won=view.tricks_won, passed_out=passed_out, lang=lang)
    info = _info_body(dealer=view.dealer, rules_name=view.rules.name, deal_number=view.deal_number, board=None,
                      contract=view.contract, to_act=view.to_act, lang=lang)
    auction = _auction_body(view.dealer, view.calls, over=view.phase is not Phase.AUCTION,
                            contract=view.contract, to_act=view.to_act if view.phase is Phase.AUCTION else None,
                            lang=lang)
    body = _table(hands=hands, bottom=bottom_seat, info=info, centre=centre, score=score, auction=auction,
                  tricks=_tricklist(view.tricks, lang), lang=lang, to_act=view.to_act, dealer=view.dealer,
                  won_by_seat=_won_marks(view.tricks, lang))
    return _wrap(body, css=css, four_colour=four_colour)


# -- status lines -------------------------------------------------------------

def status_html(message: str, *, css: bool = False) -> str:
    """A status line (class ``vint-status``, ``role="status"`` so screen readers announce it)."""
    return _wrap(esc(message), css=css, four_colour=False, extra="vint-status", attrs=' role="status"')


# -- score sheets -------------------------------------------------------------

def _lines_list(lines: Iterable[ScoreLine], lang: str) -> str:
    items = [f'<li><span class="vint-kind">{esc(text("ui_kind_" + line.kind, lang))}</span>'
             f"{esc(line.text(lang))}</li>" for line in lines]
    return f"<ul>{''.join(items)}</ul>" if items else f'<ul><li>{esc(text("passed_out", lang))}</li></ul>'


def _result_text(deal: Deal, lang: str) -> str:
    contract = deal.contract
    if contract is None:
        return esc(text("ui_passed_out_short", lang))
    made = deal.declarer_tricks
    if made is None:
        return "—"
    diff = made - contract.tricks_needed
    key = "ui_made" if diff == 0 else ("ui_over" if diff > 0 else "ui_down")
    note = esc(text(key, lang, n=abs(diff), tricks=made))
    return f'{contract_html(contract, lang=lang)} <span class="vint-note">{note}</span>'


def _rubber_block(rubber: Rubber, *, lang: str, pending: Deal | None, title: str) -> str:
    head = (f'<div class="vint-sheet-grid vint-head"><span>#</span><span>{esc(text("ui_dealer", lang))}</span>'
            f'<span>{esc(text("ui_result", lang))}</span><span class="vint-num">{esc(text("ui_tricks", lang))}</span>'
            f'<span class="vint-num">{esc(side_name(Side.NS, lang))}</span>'
            f'<span class="vint-num">{esc(side_name(Side.EW, lang))}</span></div>')
    rows = []
    for number, rd in enumerate(rubber.deals, start=1):
        deal = rd.deal
        pts = rd.points
        tricks = (f"{deal.tricks_won(Side.NS)}–{deal.tricks_won(Side.EW)}" if deal.contract is not None else "—")
        rows.append(
            f'<details class="vint-sheet-row"><summary><span>{number}</span>'
            f"<span>{esc(seat_name(deal.dealer, lang))}</span><span>{_result_text(deal, lang)}</span>"
            f'<span class="vint-num">{tricks}</span><span class="vint-num">{pts[Side.NS]}</span>'
            f'<span class="vint-num">{pts[Side.EW]}</span></summary>{_lines_list(rd.lines, lang)}</details>')
    for line in rubber.bonus_lines:
        ns = line.points if line.side == Side.NS else 0
        ew = line.points if line.side == Side.EW else 0
        rows.append(f'<details class="vint-sheet-row"><summary><span></span><span></span>'
                    f'<span>{esc(text("ui_kind_rubber", lang))}</span><span></span>'
                    f'<span class="vint-num">{ns}</span><span class="vint-num">{ew}</span></summary>'
                    f"{_lines_list((line,), lang)}</details>")
    if pending is not None and not pending.is_finished:
        rows.append(f'<div class="vint-sheet-grid"><span>{len(rubber.deals) + 1}</span>'
                    f"<span>{esc(seat_name(pending.dealer, lang))}</span>"
                    f'<span class="vint-note">{esc(text("ui_in_progress", lang))}</span></div>')
    tot = rubber.totals
    total = (f'<div class="vint-sheet-grid vint-total"><span></span><span></span>'
             f'<span>{esc(text("ui_totals", lang))}</span><span></span>'
             f'<span class="vint-num">{tot[Side.NS]}</span><span class="vint-num">{tot[Side.EW]}</span></div>')
    rules = rubber.rules
    progress = text("ui_game_progress", lang, ns=rubber.game_score.ns, ew=rubber.game_score.ew,
                    target=rules.game_target)
    if rules.games_per_rubber > 1:
        progress += " · " + text("ui_games_won", lang, ns=rubber.games_won.ns, ew=rubber.games_won.ew)
    winner = ""
    if rubber.winner is not None:
        winner = f'<div class="vint-winner">{esc(text("ui_rubber_won", lang, side=rubber.winner))}</div>'
    return (f"<h3>{esc(title)}</h3>{head}{''.join(rows)}{total}"
            f'<div class="vint-progress">{esc(progress)}</div>{winner}')


def scoresheet_html(rubber: Rubber, *, history: Sequence[Rubber] = (), pending: Deal | None = None,
                    lang: str = "en", css: bool = True) -> str:
    """The score sheet (class ``vint-scoresheet``): one row per deal with its points for each
    side, opening (``<details>``) to every score line and its explanation; totals, the game in
    progress and the winner. ``history`` adds earlier rubbers' results; ``pending`` marks the
    deal being played."""
    title = text("ui_scoresheet_title", lang, rules=rubber.rules.name, n=len(history) + 1)
    body = _rubber_block(rubber, lang=lang, pending=pending, title=title)
    if history:
        past = []
        for i, old in reversed(list(enumerate(history, start=1))):  # the latest first
            tot = old.totals
            who = "· " + text("ui_rubber_won", lang, side=old.winner) if old.winner is not None else ""
            past.append(f'<details class="vint-past"><summary>{esc(text("ui_rubber_n", lang, n=i))}: '
                        f"{esc(side_name(Side.NS, lang))} {tot[Side.NS]} – {esc(side_name(Side.EW, lang))} "
                        f"{tot[Side.EW]} {esc(who)}</summary>"
                        f"{_rubber_block(old, lang=lang, pending=None, title=text('ui_rubber_n', lang, n=i))}"
                        "</details>")
        body += "".join(past)
    return _wrap(body, css=css, four_colour=False, extra="vint-scoresheet",
                 attrs=f' role="region" aria-label="{esc(text("ui_scoresheet", lang))}"')


def rubber_html(rubber: Rubber, *, lang: str = "en", css: bool = True) -> str:
    """A rubber's score sheet (see :func:`scoresheet_html`)."""
    return scoresheet_html(rubber, lang=lang, css=css)
