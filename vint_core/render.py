"""The project's own drawing: cards, hands, tricks, auctions, deals and score sheets as HTML.

Everything here returns a string of HTML and CSS; nothing is fetched and no image file is
used. The engine's ``_repr_html_`` methods and the widgets call these functions, so a card
looks the same in a notebook, in the table and in a saved page.

Conventions, which the widgets and the browser tests rely on: a playable card carries the CSS class ``vint-card`` and an
accessible label such as ``aria-label="10♥"``; every card drawn face up carries
``data-card="HT"``; the score sheet ``vint-scoresheet``; status lines ``vint-status``. Every
fragment (but a lone card) sits inside an element of class ``vint`` that carries the theme's
CSS variables.

With ``css=True`` (the default, and what ``_repr_html_`` gives) a fragment is self-contained:
it brings a ``<style>`` with only the rules of :func:`stylesheet` that its classes use and
only the theme variables those read (light, and dark under a dark JupyterLab or VS Code
theme), so a card takes about 1 KB and a whole deal under 10 KB (``bench/html_sizes.py``).
Where the stylesheet is dropped (GitHub's notebook viewer keeps neither ``<style>`` nor
classes) the plain markup still reads: a card is its text, ``10 ♥``, a hand its cards suit
by suit, a lone card brings its frame inline, and red suits their colour. A page that
shows many fragments (the table) includes :func:`stylesheet` once and passes ``css=False``.

Colours: ♠ and ♣ black, ♥ and ♦ red; with ``four_colour=True`` ♦ is blue and ♣ green.

>>> from vint_core import Card
>>> html = card_html(Card.parse("10♥"), playable=True, css=False)
>>> 'class="vint-cardface vint-suit-h vint-card' in html, 'aria-label="10♥"' in html
(True, True)
"""

from __future__ import annotations

import functools
import html as _html
import re
from collections.abc import Collection, Iterable, Sequence
from typing import TYPE_CHECKING, Literal

from vint_core.calls import Bid, Call, Strain
from vint_core.cards import Card, Hand, Suit
from vint_core.errors import bad_argument
from vint_core.i18n import LANGUAGES, rules_short, rules_title, seat_name, side_name, text
from vint_core.seats import PerSide, Seat, Side

if TYPE_CHECKING:
    from vint_core.auction import Auction, Contract
    from vint_core.deal import Deal
    from vint_core.play import Trick
    from vint_core.rubber import Rubber
    from vint_core.rules import RuleSet
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
    "fg": "#1d1d1f", "bg": "#fff", "muted": "#5f6368", "line": "#d5d7db", "panel": "#f4f5f7",
    "felt": "#1e6a43", "felt-fg": "#f3f6f4", "accent": "#1a5fb4", "win": "#e0a800",
    "h": "#c0102a", "d": "#c0102a",
}
_DARK = {
    "fg": "#e8e8ea", "bg": "#1b1c1f", "muted": "#a6a8ad", "line": "#44464c", "panel": "#26282c",
    "felt": "#174d33", "felt-fg": "#e9efe9", "accent": "#78aef5", "win": "#ffcc33",
    "h": "#ff7a85", "d": "#ff7a85",
}
_FOUR_LIGHT = {"d": "#1763c6", "c": "#13803a"}
_FOUR_DARK = {"d": "#7cb2ff", "c": "#5ed17f"}
# a card face is always light, whatever the page's theme
_FACE = {"s": "#111", "h": "#c0102a", "d": "#c0102a", "c": "#111"}
_FACE_FOUR = {"d": "#1763c6", "c": "#13803a"}


def _vars(values: dict[str, str]) -> str:
    return "".join(f"--vint-{k}:{v};" for k, v in values.items())


# a card's own box: in the stylesheet, and inline on a whole card (what GitHub's viewer keeps)
_FACE_BOX = "border:1px solid #9a9a9a;border-radius:.35em;background:#fffdf7"
# the sign drawn by the stylesheet (centre and corner); CSS's alternative text "" keeps screen readers quiet
_SIGN = 'content:var(--vint-sym)/""'

# A card's face is its text, "10 ♥" (rank and sign, one above the other in the upper corner); the
# stylesheet draws the big sign and the lower corner. A whole card has the class vint-cardface; a
# card of a hand is a bare <b> inside a suit group or row, which gives its colour: 52 cards fit
# in a few kilobytes.
_CARD = (".vint-cardface", ".vint-suitrow>b", ".vint-suitgroup>b")


def _cards(suffix: str = "", *, within: str = "") -> str:
    """The selector of every card face (whole or in a group), with ``suffix`` and inside ``within``."""
    return ",".join(f"{within}{sel}{suffix}" for sel in _CARD)


_CARD_CSS = f"""
.vint-suit-s,.vint-suit-s>b{{color:var(--vint-s);--vint-sym:"\u2660"}}
.vint-suit-h,.vint-suit-h>b{{color:var(--vint-h);--vint-sym:"\u2665"}}
.vint-suit-d,.vint-suit-d>b{{color:var(--vint-d);--vint-sym:"\u2666"}}
.vint-suit-c,.vint-suit-c>b{{color:var(--vint-c);--vint-sym:"\u2663"}}
{_cards()}{{position:relative;display:inline-block;box-sizing:border-box;{_FACE_BOX};width:3.3em;height:4.6em;
 flex:none;box-shadow:0 1px 2px rgba(0,0,0,.25);vertical-align:top;padding:.12em 2em 0 .1em;text-align:center;
 font:700 1em/1.05 "DejaVu Sans","Segoe UI Symbol",system-ui,sans-serif;letter-spacing:-.06em;word-spacing:2em}}
{_cards("::before")}{{{_SIGN};position:absolute;left:0;right:0;top:.81em;font-size:1.75em;font-weight:400}}
{_cards("[data-r]::after")}{{content:attr(data-r) "\\a" var(--vint-sym)/"";white-space:pre;position:absolute;
 right:.1em;bottom:.12em;width:1.2em;transform:rotate(180deg)}}
.vint-suitgroup>b+b,.vint-hand>.vint-cardback+.vint-cardback{{margin-left:-1.85em}}
.vint-suitrow>b+b{{margin-left:-1.75em}}
"""

# in _BASE_CSS, ".vint .vint-info": JupyterLab's rules for an output's <dl> (its dt a fifth of the width wide)
# weigh more than one class, and squeezed "contract" over its value in a narrow deal

#: a drawing's text is a little larger than the text around it (15 px beside JupyterLab's 14): it grows with the page's
#: font size (JupyterLab's Increase Content Font Size, a browser's zoom)
_BASE_CSS = """
.vint{color:var(--vint-fg);font-family:system-ui,sans-serif;font-size:1.07em;line-height:1.35}
.vint *{box-sizing:border-box}""" + _CARD_CSS + """.vint-card{cursor:pointer}
.vint-card:hover,.vint-card:focus-visible{transform:translateY(-.35em);outline:2px solid var(--vint-accent);
 outline-offset:1px;z-index:2}
.vint-unplayable{filter:brightness(.8)}
.vint-cardback{display:inline-block;width:3.3em;height:4.6em;flex:none;border-radius:.35em;
 border:1px solid #7a7a7a;box-shadow:0 1px 2px rgba(0,0,0,.25);
 background:repeating-linear-gradient(45deg,#2c4f8c 0 .28em,#3d66ad .28em .56em);
 outline:.22em solid #f5f5f5;outline-offset:-.42em}
.vint-hand{display:flex;align-items:flex-end;padding:.4em .2em .2em}
.vint.vint-hand{flex-wrap:wrap;row-gap:.4em}
.vint-suitgroup{display:flex;align-items:flex-end}
.vint-suitgroup+.vint-suitgroup{margin-left:.5em}
.vint-hand-suits{font-size:.82em}
.vint-suitrow{display:flex;align-items:center;min-height:4.7em;margin-bottom:.2em}
.vint-void{display:flex;align-items:center;font-size:1.3em;padding-left:.3em;min-height:3.6em;margin-bottom:.15em}
.vint-hidden-hand{display:flex;align-items:center;gap:.5em;font-size:.8em}
.vint-hidden-hand .vint-cardback+.vint-cardback{margin-left:-2.6em}
.vint-seatlabel{font-weight:600;font-size:.9em;color:var(--vint-felt-fg)}
.vint-seatlabel .vint-mark{font-weight:400}
.vint-trick{display:inline-grid;grid-template-columns:repeat(3,3.9em);gap:.15em .25em;align-items:center;
 justify-items:center;padding:.3em}
.vint-trick .vint-spot{display:flex;flex-direction:column;align-items:center;gap:.1em}
.vint-trick .vint-empty{width:3.3em;height:4.6em;border:1px dashed;border-radius:.35em;opacity:.6}
.vint-trick .vint-won .vint-cardface{box-shadow:0 0 0 .18em var(--vint-win)}
.vint-trick .vint-slabel{font-size:.72em;color:var(--vint-muted)}
.vint-felt .vint-trick .vint-slabel{color:var(--vint-felt-fg)}
.vint-auction{border-collapse:collapse;font-size:.95em}
.vint-auction th,.vint-auction td{padding:.15em .6em;text-align:center;min-width:3.2em}
.vint-auction th{border-bottom:1px solid var(--vint-line);font-weight:600}
.vint-auction th.vint-dealer::after{content:" •";color:var(--vint-accent)}
.vint-auction .vint-pass{color:var(--vint-muted)}
.vint-auction td.vint-next{color:var(--vint-accent);font-weight:700}
.vint-auction td.vint-final{font-weight:700;text-decoration:underline}
.vint-call-text{font-weight:600}
.vint-deal{display:grid;width:max-content;grid-template-columns:minmax(13em,auto) minmax(14em,auto)
 minmax(13em,auto);gap:.5em;background:var(--vint-felt);color:var(--vint-felt-fg);padding:.8em;border-radius:.8em}
.vint-deal>.vint-area-centre{align-self:center;justify-self:center}
.vint-deal .vint-box{background:var(--vint-bg);color:var(--vint-fg);border-radius:.5em;padding:.4em .6em;
 font-size:.88em;align-self:start}
.vint-deal .vint-void{color:var(--vint-felt-fg)}
.vint .vint-info{display:grid;grid-template-columns:auto auto;gap:.1em .6em;margin:0}
.vint .vint-info dt{color:var(--vint-muted);width:auto}.vint-info dd{margin:0;font-weight:600}
.vint-live{font-size:.95em}
.vint-live table{border-collapse:collapse}
.vint-live td,.vint-live th{padding:.1em .5em;text-align:right}
.vint-live th{text-align:left;font-weight:600}
.vint-live .vint-note{color:var(--vint-muted);font-size:.9em;margin-top:.2em}
.vint-tricklist{margin:0;padding-left:1.6em;font-size:.9em}
.vint-tricklist li{white-space:nowrap}
.vint-tricklist i{color:var(--vint-muted);font-style:normal}
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

#: a phone or a narrow window: a deal in one column (the seats and boxes in the page's reading order), each
#: hand's suits side by side, so that it never scrolls sideways
NARROW = "@media(width<800px)"
_NARROW_CSS = """
.vint-deal{grid-template-columns:100%;width:auto}
.vint-deal .vint-hand-suits{display:flex;flex-wrap:wrap;gap:0 .7em}
"""
#: the narrow layout's rules, for a widget that needs them in a narrow part of a wide page
NARROW_CSS = _NARROW_CSS

#: pages in a dark theme: JupyterLab (and Notebook 7, Voilà, nbconvert's lab template), VS Code
DARK_PAGES = ("[data-jp-theme-light=false]", "body.vscode-dark")
#: the selector ``{0}`` on those pages
DARK_PAGE = ",".join(f"{page} {{0}}" for page in DARK_PAGES)


def stylesheet(theme: Theme = "light", four_colour: bool = False) -> str:
    """The CSS of every fragment this module draws (without ``<style>`` tags).

    ``theme`` is ``"light"``, ``"dark"`` or ``"auto"`` (light, turning dark with the page's dark
    theme: JupyterLab's, Voilà's, nbconvert's lab template, VS Code's). ``four_colour`` makes ♦ blue
    and ♣ green everywhere; without it only fragments drawn with ``four_colour=True`` (class
    ``vint-4c``) use four colours.
    """
    light = _LIGHT | (_FOUR_LIGHT if four_colour else {})
    dark = _DARK | (_FOUR_DARK if four_colour else {})
    face = _FACE | (_FACE_FOUR if four_colour else {})
    parts = [f".vint{{{_vars(dark if theme == 'dark' else light)}}}",
             f"{_cards()}{{{_vars(face)}}}",
             f".vint.vint-4c,.vint .vint-4c{{{_vars(_FOUR_DARK if theme == 'dark' else _FOUR_LIGHT)}}}",
             f"{_cards(within='.vint-4c ')},.vint-cardface.vint-4c{{{_vars(_FACE_FOUR)}}}",
             f".vint.vint-dark,.vint .vint-dark{{{_vars(dark)}}}"]
    if theme == "auto":
        # the page's theme, not the system's: a light notebook on a dark system stays light
        parts.append(f"{DARK_PAGE.format('.vint')}{{{_vars(dark)}}}"
                     f"{DARK_PAGE.format('.vint.vint-4c')}{{{_vars(_FOUR_DARK)}}}")
    return "\n".join(parts) + _BASE_CSS + f"{NARROW}{{{_NARROW_CSS}}}\n"


def theme_rule(theme: Theme = "dark", *, four_colour: bool = False, scope: str = "") -> str:
    """The colour variables of ``theme`` ("light" or "dark") as rules for ``.vint`` (and ``.vint-4c``), for a
    page that switches theme by other means (the table: by the browser's preference); ``scope`` (a selector
    and a space) limits them to such pages."""
    base = _DARK if theme == "dark" else _LIGHT
    four = _FOUR_DARK if theme == "dark" else _FOUR_LIGHT
    return (f"{scope}.vint{{{_vars(base | (four if four_colour else {}))}}}"
            f"{scope}.vint.vint-4c,{scope}.vint .vint-4c{{{_vars(four)}}}")


_CLASS = re.compile(r"\.(vint-[\w-]+|vint)\b")
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")  # selector{declarations}
_VAR = re.compile(r"var\((--vint-[\w-]+)")

_Rules = tuple[tuple[tuple[tuple[str, frozenset[str]], ...], tuple[str, ...]], ...]


def _parsed(css: str) -> _Rules:
    """Rules (no @-rules) as each selector with the classes it needs, and the declarations."""
    return tuple((tuple((one.strip(), frozenset(_CLASS.findall(one))) for one in sel.split(",")),
                  tuple(" ".join(d.split()) for d in decls.split(";") if d.strip()))
                 for sel, decls in _RULE.findall(css))


@functools.lru_cache(maxsize=1)
def _auto_rules() -> tuple[_Rules, _Rules]:
    """The ``"auto"`` stylesheet as rules: the plain ones, and those of its narrow layout (:data:`NARROW`)."""
    return _parsed(stylesheet("auto").partition(NARROW)[0]), _parsed(_NARROW_CSS)


def _kept(rules: _Rules, classes: frozenset[str]) -> list[tuple[str, tuple[str, ...]]]:
    """The rules (each with only its selectors) whose classes all appear in ``classes``."""
    kept = []
    for selectors, decls in rules:
        chosen = [sel for sel, needs in selectors if needs <= classes]
        if chosen:
            kept.append((",".join(chosen), decls))
    return kept


@functools.lru_cache(maxsize=256)
def _css_for(classes: frozenset[str]) -> str:
    """The rules of the stylesheet whose classes all appear in a fragment (``classes``), and of the
    theme variables only those these rules read: the fragment's own, self-contained style."""
    plain, narrow = (_kept(rules, classes) for rules in _auto_rules())
    read = {name for _, decls in plain for d in decls for name in _VAR.findall(d)}
    rules = []
    for sel, decls in plain:
        wanted = [d for d in decls if not d.startswith("--vint-") or d.partition(":")[0] in read]
        if wanted:
            rules.append(f"{sel}{{{';'.join(wanted)}}}")
    if narrow:
        inner = "".join(f"{sel}{{{';'.join(decls)}}}" for sel, decls in narrow)
        rules.append(f"{NARROW}{{{inner}}}")
    return "".join(rules)


def _wrap(body: str, *, css: bool, four_colour: bool, extra: str = "", tag: str = "div",
          attrs: str = "") -> str:
    classes = "vint" + (" vint-4c" if four_colour else "") + (f" {extra}" if extra else "")
    return _styled(f'<{tag} class="{classes}"{attrs}>{body}</{tag}>', css=css)


def _styled(html: str, *, css: bool) -> str:
    """With ``css``, the fragment preceded by the ``<style>`` it needs (and no more)."""
    if not css:
        return html
    used = frozenset(c for found in re.findall(r'class="([^"]*)"', html) for c in found.split())
    return f"<style>{_css_for(used)}</style>{html}"


# -- cards --------------------------------------------------------------------

def _suit_class(suit: Suit) -> str:
    return f"vint-suit-{suit.letter.lower()}"


def _face(card: Card, *, playable: bool = False, dimmed: bool = False, four_colour: bool = False,
          whole: bool = True, corner: bool = True, boxed: bool = False, label: bool = True) -> str:
    """A card face: its text, "10 ♥"; the stylesheet draws the rest (see ``_CARD``).

    ``whole=False`` draws a card of a suit group (:func:`_suit_group`), which gives its colour.
    ``corner=False`` leaves out the lower corner (for a card the next one covers). A whole card brings
    its colour inline, and with ``boxed`` its frame, for pages that drop the stylesheet (GitHub's
    notebook viewer); ``label=False`` leaves its name to the group around it (a trick)."""
    name, rank = esc(card), esc(card.rank)
    classes = ["vint-cardface", _suit_class(card.suit)] if whole else []
    role = style = ""
    if playable:
        classes.append("vint-card")
        role = f' role="button" tabindex="0" aria-label="{name}"'
    elif whole and label:
        role = f' role="img" aria-label="{name}"'
    if whole:
        colour = (_FACE | (_FACE_FOUR if four_colour else {}))[card.suit.letter.lower()]
        style = f' style="{_FACE_BOX + ";" if boxed else ""}color:{colour}"'
    if dimmed:
        classes.append("vint-unplayable")
    if four_colour and boxed:  # a card on its own; in a fragment, the fragment's class does it
        classes.append("vint-4c")
    tag = "span" if whole else "b"
    cls = f' class="{" ".join(classes)}"' if classes else ""
    corner_rank = f' data-r="{rank}"' if corner else ""
    return (f'<{tag}{cls}{role}{style} data-card="{esc(card.pbn)}"{corner_rank}>'
            f"{rank} {esc(card.suit.symbol)} </{tag}>")


def _suit_group(suit: Suit, cards: str, *, tag: str, cls: str) -> str:
    """Cards of one suit drawn by :func:`_face` with ``whole=False``. Red suits bring their colour
    inline for pages that drop the stylesheet; black ones take the text's colour there."""
    red = suit in (Suit.HEARTS, Suit.DIAMONDS)
    style = f' style="color:{_FACE[suit.letter.lower()]}"' if red else ""
    return f'<{tag} class="{cls} {_suit_class(suit)}"{style}>{cards}</{tag}>'


def card_html(card: Card, *, playable: bool = False, four_colour: bool = False, css: bool = True) -> str:
    """One card: rank and suit in two corners and a large suit sign in the middle (its text is
    ``10 ♥``; the stylesheet draws the sign and the lower corner).

    ``playable=True`` adds the class ``vint-card`` and ``role="button"`` (the label is always
    ``aria-label="10♥"``, the card's own text).
    """
    return _styled(_face(card, playable=playable, four_colour=four_colour, boxed=True), css=css)


def card_back_html(*, lang: str = "en", css: bool = True) -> str:
    """The back of a card (a hidden card)."""
    return _styled(_back(lang), css=css)


def _back(lang: str) -> str:
    return f'<span class="vint-cardback" role="img" aria-label="{esc(text("ui_hidden_card", lang))}"></span>'


# -- hands --------------------------------------------------------------------

def _hand_body(hand: Hand, *, playable: Collection[Card], layout: HandLayout, lang: str,
               suit_order: Sequence[Suit]) -> str:
    playable_set = set(playable)
    dim = bool(playable_set)
    parts: list[str] = []
    for suit in suit_order:
        cards = hand.suit(suit)
        faces = "".join(_face(c, playable=c in playable_set, dimmed=dim and c not in playable_set, whole=False,
                              corner=c == cards[-1]) for c in cards)
        if layout == "row":
            if cards:
                parts.append(_suit_group(suit, faces, tag="span", cls="vint-suitgroup"))
        elif cards:
            parts.append(_suit_group(suit, faces, tag="div", cls="vint-suitrow"))
        else:
            void = esc(text("ui_void", lang, suit=suit.symbol))
            parts.append(f'<div class="vint-void" aria-label="{void}">{esc(suit.symbol)} —</div>')
    return "".join(parts)


#: the order of the suits in a drawn hand: ♠ ♥ ♣ ♦, alternating colours (a hand's cards as buttons follow it too)
HAND_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
_RED_BLACK_ORDER = HAND_SUIT_ORDER


def hand_html(hand: Hand, *, playable: Iterable[Card] = (), four_colour: bool = False,
              layout: HandLayout = "row", lang: str = "en", css: bool = True) -> str:
    """A hand as overlapping cards, grouped by suit (♠ ♥ ♣ ♦, alternating colours).

    ``playable`` lists the cards that may be played now: they get the class ``vint-card``
    and the others are dimmed. ``layout="suits"`` puts each suit on its own row (the
    compact form used around the table). ``hand`` may be a hand's text; anything that cannot be raises a
    :class:`~vint_core.errors.VintError` that says what may be given.
    """
    hand = hand if isinstance(hand, Hand) else Hand.parse(hand, complete=False)
    if isinstance(playable, (str, bytes)) or not isinstance(playable, Iterable):
        raise bad_argument("playable", playable, "arg_cards")
    playable = tuple(playable)
    if not all(isinstance(card, Card) for card in playable):
        raise bad_argument("playable", playable, "arg_cards")
    if layout not in ("row", "suits"):
        raise bad_argument("layout", layout, "arg_choice", choices="'row', 'suits'")
    if not isinstance(lang, str):
        raise bad_argument("lang", lang, "arg_choice", choices=", ".join(map(repr, LANGUAGES)))
    body = _hand_body(hand, playable=playable, layout=layout, lang=lang, suit_order=_RED_BLACK_ORDER)
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
    return f'<span class="{_call_classes(call)}"{_call_colour(call)}>{_call_words(call, lang)}</span>'


def _call_classes(call: Call) -> str:
    return f"vint-call-text {_strain_class(call.strain)}" if isinstance(call, Bid) else "vint-call-text vint-pass"


def _call_colour(call: Call) -> str:
    """A red bid's colour inline (the theme's, or red where the stylesheet is dropped)."""
    suit = call.strain.suit if isinstance(call, Bid) else None
    if suit not in (Suit.HEARTS, Suit.DIAMONDS):
        return ""
    letter = suit.letter.lower()
    return f' style="color:var(--vint-{letter},{_FACE[letter]})"'


def _call_words(call: Call, lang: str) -> str:
    return esc(call.text(lang))


def _call_cell(call: Call, *, final: bool, lang: str) -> str:
    """A call in the auction's grid: the cell itself carries the call's classes (see :func:`call_html`)."""
    return f'<td class="{_call_classes(call)}{" vint-final" if final else ""}">{_call_words(call, lang)}</td>'


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


def _trick_body(trick: Trick | None, *, lang: str, bottom: Seat, leader: Seat | None = None,
                four_colour: bool = False) -> str:
    """The four seats' cards around an empty middle."""
    plays = dict(trick.plays()) if trick is not None else {}
    lead = trick.leader if trick is not None else leader
    winner = trick.winner if trick is not None else None
    cells = {}
    for seat in Seat:
        card = plays.get(seat)
        mark = ""
        if seat == lead:
            mark = f' <span class="vint-mark">({esc(text("ui_lead", lang))})</span>'
        inner = (_face(card, four_colour=four_colour, label=False) if card is not None
                 else '<span class="vint-empty"></span>')
        won = " vint-won" if winner == seat else ""
        position = _position(seat, bottom)
        cells[position] = (f'<div class="vint-spot vint-spot-{position}{won}">'
                           f'<span class="vint-slabel">{esc(seat_name(seat, lang))}{mark} </span>{inner}</div>')
    label = text("ui_trick_label", lang, cards=" ".join(f"{seat_name(s, lang)} {c}" for s, c in plays.items())
                 or "—")
    if winner is not None:
        label += " " + text("ui_trick_won_by", lang, seat=winner)
    # a 3×3 grid filled row by row; empty corners and middle
    return (f'<div class="vint-trick" role="group" aria-label="{esc(label)}"><i></i>{cells["top"]}<i></i>'
            f'{cells["left"]}<i></i>{cells["right"]}<i></i>{cells["bottom"]}</div>')


def trick_html(trick: Trick, *, lang: str = "en", bottom: Seat = Seat.SOUTH, four_colour: bool = False,
               css: bool = True) -> str:
    """A trick laid out around a table (``bottom`` at the bottom), the winner's card ringed."""
    return _wrap(_trick_body(trick, lang=lang, bottom=bottom, four_colour=four_colour), css=css,
                 four_colour=four_colour,
                 extra="vint-trickbox")


# -- the auction --------------------------------------------------------------

# the legend under an auction grid, on the grid's own colours (it may sit on the table's felt)
_LEGEND_STYLE = "caption-side:bottom;font-size:.8em;background:var(--vint-bg,transparent);border-radius:.4em"


def _auction_body(dealer: Seat, calls: Sequence[Call], *, over: bool, contract: Contract | None,
                  to_act: Seat | None, lang: str, legend: bool = False) -> str:
    dealer_attr = f' class="vint-dealer" title="{esc(text("ui_dealer", lang))}"'
    head = "".join(f'<th{dealer_attr if s == dealer else ""}>{esc(seat_name(s, lang))}</th>'
                   for s in Seat)
    cells: list[str] = ['<td></td>'] * int(dealer)
    final_index = -1
    if contract is not None:
        final_index = max(i for i, c in enumerate(calls) if isinstance(c, Bid))
    for i, call in enumerate(calls):
        cells.append(_call_cell(call, final=i == final_index, lang=lang))
    if not over and to_act is not None:
        cells.append(f'<td class="vint-next" aria-label="{esc(text("your_turn", lang, seat=to_act))}">?</td>')
    rows = []
    for i in range(0, len(cells), 4):
        row = cells[i:i + 4]
        row += ["<td></td>"] * (4 - len(row))
        rows.append("<tr>" + "".join(row) + "</tr>")
    # the dealer's mark (•) said in words under the grid: who dealt, and so who called first
    caption = (f'<caption class="vint-dealer-legend" style="{_LEGEND_STYLE}">'
               f'{esc(text("ui_dealer_legend", lang, seat=dealer))}</caption>' if legend else "")
    return (f'<table class="vint-auction" aria-label="{esc(text("ui_auction", lang))}">{caption}'
            f"<tr>{head}</tr>{''.join(rows)}</table>")


def auction_html(auction: Auction, *, lang: str = "en", four_colour: bool = False, css: bool = True,
                 legend: bool = True) -> str:
    """The auction as a grid: columns North, East, South, West; the dealer's first call in his
    column (blank cells before it), a ``?`` where the next call goes, the final bid underlined; the dealer's
    column marked • (``legend``: with a line under the grid saying what the mark means)."""
    body = _auction_body(auction.dealer, auction.calls, over=auction.is_over, contract=auction.contract,
                         to_act=None if auction.is_over else auction.to_act, lang=lang, legend=legend)
    return _wrap(body, css=css, four_colour=four_colour)


# -- the live score -----------------------------------------------------------

def trick_value_text(rules: RuleSet, contract: Contract, *, lang: str = "en") -> str:
    """How the trick value of ``contract`` is worked out, in words.

    >>> from vint_core import SEED, Contract, Seat, Strain
    >>> trick_value_text(SEED, Contract(2, Strain.NOTRUMP, Seat.NORTH))
    'trick value of 2NT: level 2 × 10 + 10 at no-trump = 30 a trick'
    """
    tv = rules.trick_value
    extra = tv.notrump_extra if contract.strain is Strain.NOTRUMP else 0
    key = "ui_trick_value_nt" if extra else "ui_trick_value"
    return text(key, lang, contract=str(contract.bid), level=contract.level, per=tv.per_level, extra=extra,
                tv=rules.trick_value_of(contract.level, contract.strain))


def _live_body(*, rules_tv: int | None, contract: Contract | None, won: PerSide[int], passed_out: bool,
               lang: str, rules: RuleSet | None = None) -> str:
    if contract is None or rules_tv is None:
        msg = text("passed_out", lang) if passed_out else text("ui_auction_running", lang)
        return f'<div class="vint-live"><div class="vint-note">{esc(msg)}</div></div>'
    rows = []
    for side in (contract.side, contract.side.other):
        n = won[side]
        role = text("ui_declarers" if side == contract.side else "ui_defenders", lang)
        rows.append(f'<tr><th>{esc(side_name(side, lang))} <span class="vint-note">({esc(role)})'
                    f'</span></th><td>{n}</td><td>× {rules_tv}</td><td>= {n * rules_tv}</td></tr>')
    how = (f'<div class="vint-note vint-trick-value">{esc(trick_value_text(rules, contract, lang=lang))}</div>'
           if rules is not None else "")
    need = contract.tricks_needed - won[contract.side]
    played = won[0] + won[1]
    target = contract.tricks_needed
    if played == 13:  # the deal is over: its result, not what may still happen
        over = won[contract.side] - target
        note = (text("ui_contract_went_down", lang, side=contract.side, won=won[contract.side], target=target,
                     n=-over) if over < 0 else
                text("ui_contract_made_with", lang, side=contract.side, won=won[contract.side], target=target,
                     over=over) if over > 0 else
                text("ui_contract_made", lang, side=contract.side, target=target))
    elif need > 0:
        note = text("ui_needs_more", lang, side=contract.side, n=need, target=target)
        if 13 - played < need:
            note = text("ui_contract_down", lang, side=contract.side, n=need - (13 - played))
    else:
        note = text("ui_contract_made", lang, side=contract.side, target=target)
    head = "<tr>" + "".join(f"<th>{esc(text(key, lang))}</th>"
                            for key in ("ui_side", "ui_tricks", "ui_value", "ui_points")) + "</tr>"
    return (f'<div class="vint-live">'
            f'<div>{contract_html(contract, lang=lang)}</div>'
            f'<table aria-label="{esc(text("ui_live_score", lang))}">{head}{"".join(rows)}</table>'
            f'<div class="vint-note">{esc(note)}</div>{how}</div>')


def live_score_html(deal: Deal | SeatView, *, lang: str = "en", css: bool = True) -> str:
    """Both sides' tricks so far and what they are worth at this contract (the defenders score
    too), and how many tricks the declarer still needs. Takes a deal or a seat's view."""
    contract = deal.contract

    won = deal.tricks_won
    tv = deal.rules.trick_value_of(contract.level, contract.strain) if contract is not None else None
    from vint_core.deal import Phase

    passed_out = contract is None and deal.phase is Phase.FINISHED
    return _wrap(_live_body(rules_tv=tv, contract=contract, won=won, passed_out=passed_out, lang=lang,
                            rules=deal.rules), css=css, four_colour=False)


# -- deals --------------------------------------------------------------------

def _info_body(*, dealer: Seat, rules_name: str, deal_number: int, board: str | None,
               contract: Contract | None, lang: str) -> str:
    """Dealer, rules, the deal's number and the contract (the seat to act is marked at its seat)."""
    items = [(text("ui_dealer", lang), esc(seat_name(dealer, lang))),
             (text("ui_rules", lang), esc(rules_short(rules_name, lang))),
             (text("ui_deal_number", lang), esc(board if board else deal_number)),
             (text("ui_contract", lang), contract_html(contract, lang=lang))]
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{v}</dd>" for k, v in items)
    return f'<dl class="vint-info">{dl}</dl>'


def _cards_text(cards: Sequence[Card], *, four_colour: bool) -> str:
    """Cards as text, each run of one suit coloured once (♠, and ♣ in two colours, take the text's colour)."""
    runs: list[list[Card]] = []
    for card in cards:
        if runs and runs[-1][0].suit is card.suit:
            runs[-1].append(card)
        else:
            runs.append([card])
    out = []
    for run in runs:
        words = " ".join(esc(c) for c in run)
        suit = run[0].suit
        plain = suit is Suit.SPADES or (suit is Suit.CLUBS and not four_colour)
        out.append(words if plain else f'<span class="{_suit_class(suit)}">{words}</span>')
    return " ".join(out)


def _tricklist(tricks: Sequence[Trick], lang: str, *, four_colour: bool = False) -> str:
    if not tricks:
        return f'<div class="vint-note">{esc(text("ui_no_tricks", lang))}</div>'
    items = []
    for trick in tricks:
        cards = _cards_text(trick.cards, four_colour=four_colour)
        items.append(f"<li>{esc(seat_name(trick.leader, lang)[0])}: {cards} "
                     f'<i>→ {esc(seat_name(trick.winner, lang)) if trick.winner is not None else ""}</i></li>')
    return f'<ol class="vint-tricklist">{"".join(items)}</ol>'


def _seat_block(seat: Seat, body: str, *, area: str, lang: str, to_act: Seat | None, dealer: Seat,
                tricks_won: int) -> str:
    marks = []
    if tricks_won:
        marks.append(text("ui_tricks_n", lang, n=tricks_won))
    if seat == dealer:
        marks.append(text("ui_dealer_mark", lang))
    if seat == to_act:
        marks.append(text("ui_to_act_mark", lang))
    mark = f' <span class="vint-mark">· {esc(" · ".join(marks))}</span>' if marks else ""
    name = esc(seat_name(seat, lang))
    return (f'<div class="vint-area-{area}" role="group" aria-label="{name}">'
            f'<div class="vint-seatlabel">{name}{mark}</div>{body}</div>')


def _table(*, hands: dict[Seat, str], bottom: Seat, info: str, centre: str, score: str, auction: str,
           tricks: Sequence[Trick], four_colour: bool, lang: str, to_act: Seat | None, dealer: Seat) -> str:
    """The deal's 3×3 grid, filled row by row, ``bottom`` in the south area."""
    won = {seat: sum(1 for t in tricks if t.winner == seat) for seat in Seat}
    cell = {}
    for seat in Seat:
        area = ("south", "west", "north", "east")[(seat - bottom) & 3]
        cell[area] = _seat_block(seat, hands[seat], area=area, lang=lang, to_act=to_act, dealer=dealer,
                                 tricks_won=won[seat])
    box = '<div class="vint-box">{}</div>'.format
    return (f'<div class="vint-deal vint-felt">{box(info)}{cell["north"]}{box(score)}'
            f'{cell["west"]}<div class="vint-area-centre">{centre}</div>{cell["east"]}'
            f'{box(auction)}{cell["south"]}{box(_tricklist(tricks, lang, four_colour=four_colour))}</div>')


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
    if finished:  # the result in the middle (the trick list ends with the last trick)
        centre = f'<div class="vint-box">{_result_text(deal, lang)}</div>'
    else:
        shown = current if current is not None and current.cards else (deal.tricks[-1] if deal.tricks else None)
        centre = _trick_body(shown, lang=lang, bottom=bottom_seat, four_colour=four_colour,
                             leader=deal.to_act if deal.play is not None else None)
    tv = deal.rules.trick_value_of(deal.contract.level, deal.contract.strain) if deal.contract else None
    won = deal.tricks_won
    score = _live_body(rules_tv=tv, contract=deal.contract, won=won,
                       passed_out=deal.is_passed_out, lang=lang)
    info = _info_body(dealer=deal.dealer, rules_name=deal.rules.name, deal_number=deal.deal_number,
                      board=deal.board, contract=deal.contract, lang=lang)
    auction = _auction_body(deal.dealer, deal.auction.calls, over=deal.auction.is_over,
                            contract=deal.contract, to_act=deal.to_act if deal.play is None else None, lang=lang)
    body = _table(hands=hands, bottom=bottom_seat, info=info, centre=centre, score=score, auction=auction,
                  tricks=deal.tricks, four_colour=four_colour, lang=lang, to_act=deal.to_act, dealer=deal.dealer)
    return _wrap(body, css=css, four_colour=four_colour)


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
    centre = _trick_body(shown, lang=lang, bottom=bottom_seat, four_colour=four_colour,
                         leader=view.to_act if view.phase is Phase.PLAY else None)
    tv = view.rules.trick_value_of(view.contract.level, view.contract.strain) if view.contract else None
    passed_out = view.contract is None and view.phase is Phase.FINISHED
    score = _live_body(rules_tv=tv, contract=view.contract, won=view.tricks_won, passed_out=passed_out, lang=lang,
                       rules=view.rules)
    info = _info_body(dealer=view.dealer, rules_name=view.rules.name, deal_number=view.deal_number, board=None,
                      contract=view.contract, lang=lang)
    auction = _auction_body(view.dealer, view.calls, over=view.phase is not Phase.AUCTION,
                            contract=view.contract, to_act=view.to_act if view.phase is Phase.AUCTION else None,
                            lang=lang)
    body = _table(hands=hands, bottom=bottom_seat, info=info, centre=centre, score=score, auction=auction,
                  tricks=view.tricks, four_colour=four_colour, lang=lang, to_act=view.to_act, dealer=view.dealer)
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


def _rubber_block(rubber: Rubber, *, lang: str, pending: Deal | None, title: str,
                  practised: Collection[int] = ()) -> str:
    head = (f'<div class="vint-sheet-grid vint-head"><span>#</span><span>{esc(text("ui_dealer", lang))}</span>'
            f'<span>{esc(text("ui_result", lang))}</span><span class="vint-num">{esc(text("ui_tricks", lang))}</span>'
            f'<span class="vint-num">{esc(side_name(Side.NS, lang))}</span>'
            f'<span class="vint-num">{esc(side_name(Side.EW, lang))}</span></div>')
    rows = []
    for number, rd in enumerate(rubber.deals, start=1):
        deal = rd.deal
        pts = rd.points
        tricks = (f"{deal.tricks_won[Side.NS]}–{deal.tricks_won[Side.EW]}" if deal.contract is not None else "—")
        rows.append(
            f'<details class="vint-sheet-row"><summary><span>{number}</span>'
            f"<span>{esc(seat_name(deal.dealer, lang))}</span><span>{_result_text(deal, lang)}"
            f"{_practised_mark(lang) if number in practised else ''}</span>"
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
                    f'<span class="vint-note">{esc(text("ui_in_progress", lang))}'
                    f"{_practised_mark(lang) if len(rubber.deals) + 1 in practised else ''}</span></div>")
    tot = rubber.totals
    total = (f'<div class="vint-sheet-grid vint-total"><span></span><span></span>'
             f'<span>{esc(text("ui_totals", lang))}</span><span></span>'
             f'<span class="vint-num">{tot[Side.NS]}</span><span class="vint-num">{tot[Side.EW]}</span></div>')
    rules = rubber.rules
    games = text("ui_games_won", lang, ns=rubber.games_won.ns, ew=rubber.games_won.ew)
    if rubber.winner is not None:  # a finished rubber has no game in progress
        progress = games if rules.games_per_rubber > 1 else ""
        winner = f'<div class="vint-winner">{esc(text("ui_rubber_won", lang, side=rubber.winner))}</div>'
    else:
        progress = text("ui_game_progress", lang, ns=rubber.game_score.ns, ew=rubber.game_score.ew,
                        target=rules.game_target)
        progress += " · " + games if rules.games_per_rubber > 1 else ""
        winner = ""
    progress_html = f'<div class="vint-progress">{esc(progress)}</div>' if progress else ""
    sheet = f"<h3>{esc(title)}</h3>{head}{''.join(rows)}{total}{progress_html}{winner}"
    # a space between the grid's cells: nothing in the grid, but the words apart where the style is dropped
    return sheet.replace("</span><span", "</span> <span")


def _practised_mark(lang: str) -> str:
    return f' <span class="vint-note vint-practised">↶ {esc(text("ui_practised", lang))}</span>'


def scoresheet_html(rubber: Rubber, *, history: Sequence[Rubber] = (), pending: Deal | None = None,
                    lang: str = "en", css: bool = True, practised: Collection[tuple[int, int]] = ()) -> str:
    """The score sheet (class ``vint-scoresheet``): one row per deal with its points for each
    side, opening (``<details>``) to every score line and its explanation; totals, the game in
    progress and the winner. ``history`` adds earlier rubbers' results; ``pending`` marks the
    deal being played; ``practised`` the deals (rubber number, deal number, from 1) in which undo was
    used, marked "practised with undo"."""
    title = text("ui_scoresheet_title", lang, rules=rules_title(rubber.rules.name, lang), n=len(history) + 1)
    body = _rubber_block(rubber, lang=lang, pending=pending, title=title,
                         practised={d for r, d in practised if r == len(history) + 1})
    if history:
        past = []
        for i, old in reversed(list(enumerate(history, start=1))):  # the latest first
            tot = old.totals
            who = "· " + text("ui_rubber_won", lang, side=old.winner) if old.winner is not None else ""
            block = _rubber_block(old, lang=lang, pending=None, title=text("ui_rubber_n", lang, n=i),
                                  practised={d for r, d in practised if r == i})
            past.append(f'<details class="vint-past"><summary>{esc(text("ui_rubber_n", lang, n=i))}: '
                        f"{esc(side_name(Side.NS, lang))} {tot[Side.NS]} – {esc(side_name(Side.EW, lang))} "
                        f"{tot[Side.EW]} {esc(who)}</summary>"
                        f"{block}</details>")
        body += "".join(past)
    return _wrap(body, css=css, four_colour=False, extra="vint-scoresheet",
                 attrs=f' role="region" aria-label="{esc(text("ui_scoresheet", lang))}"')


def rubber_html(rubber: Rubber, *, lang: str = "en", css: bool = True) -> str:
    """A rubber's score sheet (see :func:`scoresheet_html`)."""
    return scoresheet_html(rubber, lang=lang, css=css)


# -- the table's controls (the widgets' CSS) and the page ------------------------------------------------

_WIDGET_CSS = """
/* JupyterLab's content font size (Settings ▸ Theme ▸ Increase Content Font Size) reaches the widgets: --vintpx is a
   pixel at JupyterLab's default size (14 px) and grows with it; ipywidgets' own sizes follow it */
.vint{--vintpx:calc(var(--jp-content-font-size1,14px)/14);--jp-widgets-font-size:calc(13*var(--vintpx));
 --jp-widgets-inline-height:calc(28*var(--vintpx));--jp-widgets-inline-label-width:calc(80*var(--vintpx));
 --jp-widgets-inline-width:calc(300*var(--vintpx));--jp-widgets-inline-width-short:calc(148*var(--vintpx));
 --jp-widgets-inline-width-tiny:calc(72*var(--vintpx));
 --jp-widgets-inline-margin:calc(4*var(--vintpx));--jp-widgets-input-padding:calc(4*var(--vintpx))}
/* a widget, and a drawing in it: 15 px at JupyterLab's default size (not 1.07em of an output area's 13 px); :where()
   keeps the weight of a plain .vint, so the widgets' own sizes (the status line's, a phone's) still apply */
:where(.widget-box).vint,:where(.widget-html-content)>.vint,
:where(.vint-feltview .vint-centre>div)>.vint{font-size:calc(15*var(--vintpx))}
.vint-table{max-width:calc(1180*var(--vintpx))}
/* JupyterLab's narrow layout (its own 760 px) puts a code cell's prompt above the code, but leaves a folded cell's
   empty prompt beside its bar (# check: …), which it pushes off the page: the bar starts where the code does */
@media only screen and (width <= 760px){.jp-InputPlaceholder>.jp-Placeholder-prompt{display:none}
 .jp-InputPlaceholder>.jp-Placeholder-content{min-width:0;margin-left:var(--jp-code-padding,5px)}}
.vint-last-trick .vint-last-play{display:inline-block;white-space:nowrap}
/* a text box, a checkbox or a dropdown (its width grown with the font) never wider than the widget */
.vint :is(.widget-text,.widget-checkbox,.widget-dropdown){max-width:100%}
.vint :is(.widget-text,.widget-dropdown) :is(input,select){min-width:0}
.vint-table .vint-title{font-size:1.35em;font-weight:700;margin:.1em 0 .2em}
.vint-table .vint-subtitle{color:var(--vint-muted);font-size:.9em}
.vint-table .vint-felt-box{background:var(--vint-felt);color:var(--vint-felt-fg);border-radius:.8em;
 padding:.6em .8em;min-width:34em}
.vint-table .vint-felt-box .widget-html,.vint-table .vint-felt-box .widget-html-content{color:inherit}
.vint-table .vint-feltrow{display:flex;justify-content:space-between;align-items:center}
.vint-table .vint-feltrow-top{justify-content:center}
/* the felt's parts keep the room they had as widgets of their own */
.vint-table .vint-feltview{margin:0}
.vint-table .vint-feltview :is(.vint-seatpanel,.vint-centre>div){margin:var(--jp-widgets-margin,2px)}
.vint-table .vint-feltview .vint-centre{padding:2px 0}
.vint-seatbox{padding:.3em .5em;border-radius:.5em;min-width:10em;color:var(--vint-felt-fg)}
.vint-seatbox.vint-active{box-shadow:0 0 0 2px var(--vint-win)}
.vint-seatbox .vint-seatlabel,.vint-seatbox .vint-facts{line-height:1.35}
.vint-seatbox .vint-seatlabel{color:var(--vint-felt-fg);font-size:.95em}
.vint-seatbox .vint-player{font-weight:400;opacity:.85}
.vint-seatbox .vint-backs{display:flex;font-size:.55em;padding:.3em 0}
.vint-seatbox .vint-backs .vint-cardback+.vint-cardback{margin-left:-2.5em}
.vint-table .vint-wait{cursor:progress}
.vint-table .vint-wait .jupyter-button{pointer-events:none}
.vint-seatbox .vint-facts{font-size:.82em;opacity:.9}
.vint-table .vint-trickview .vint-trick .vint-slabel{color:var(--vint-felt-fg)}
.vint-table .vint-trickview .vint-empty{border-color:rgba(255,255,255,.4)}
.vint-table .vint-hand-label{color:var(--vint-felt-fg);font-weight:600;font-size:.95em}
.vint-table .vint-handrow{flex-wrap:wrap;gap:3px;padding:.35em 0 .1em;min-height:calc(70*var(--vintpx))}
.vint-table .jupyter-button.vint-cardbutton{width:calc(44*var(--vintpx));height:calc(64*var(--vintpx));padding:0;
 margin:0;font-size:calc(17*var(--vintpx));
 font-weight:700;background:#fffdf7;border:1px solid #9a9a9a;border-radius:.35em;
 box-shadow:0 1px 2px rgba(0,0,0,.3);font-family:"DejaVu Sans","Segoe UI Symbol",system-ui,sans-serif;
 transition:transform .08s}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-s{color:#111111}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-h{color:#c0102a}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-d{color:var(--vint-face-d,#c0102a)}
.vint-table .jupyter-button.vint-cardbutton.vint-suit-c{color:var(--vint-face-c,#111111)}
.vint-table.vint-4c .jupyter-button.vint-cardbutton.vint-suit-d,
.vint-table.vint-4c .jupyter-button.vint-call.vint-suit-d{color:#1763c6}
.vint-table.vint-4c .jupyter-button.vint-cardbutton.vint-suit-c,
.vint-table.vint-4c .jupyter-button.vint-call.vint-suit-c{color:#13803a}
.vint-table .jupyter-button.vint-cardbutton:enabled:hover,
.vint-table .jupyter-button.vint-cardbutton:enabled:focus-visible{
 transform:translateY(-.3em);outline:2px solid var(--vint-win);outline-offset:1px}
.vint-table .jupyter-button.vint-cardbutton:disabled{opacity:1;filter:brightness(.72) saturate(.5);cursor:default}
.vint-table .vint-idle .jupyter-button.vint-cardbutton:disabled,
.vint-table .vint-wait .jupyter-button.vint-cardbutton:disabled{filter:none}
.vint-table .vint-scoresheet{min-width:0;width:100%}
.vint-table .vint-centre{display:flex;flex-direction:column;align-items:center;justify-content:center;
 min-width:13em}
.vint-table .vint-centre .vint-auction{background:var(--vint-bg);color:var(--vint-fg);border-radius:.5em}
.vint-table .vint-biddingbox{gap:.15em;padding:.3em 0}
.vint-table .vint-callrow{gap:.15em}
.vint-table .jupyter-button.vint-call{width:3.6em;height:1.9em;padding:0;margin:0;font-weight:700;font-size:1em;
 background:var(--vint-bg);border:1px solid var(--vint-line);border-radius:.3em}
.vint-table .jupyter-button.vint-call.vint-suit-s,
.vint-table .jupyter-button.vint-call.vint-suit-c{color:var(--vint-fg)}
.vint-table .jupyter-button.vint-call.vint-suit-h,
.vint-table .jupyter-button.vint-call.vint-suit-d{color:var(--vint-h)}
.vint-table .jupyter-button.vint-call.vint-suit-nt{color:var(--vint-accent)}
.vint-table .jupyter-button.vint-call:disabled{opacity:.3}
.vint-table .jupyter-button.vint-call.vint-pass-button{width:18.6em;color:var(--vint-fg);background:#e7f3ea}
.vint-table .jupyter-button.vint-call:enabled:hover{outline:2px solid var(--vint-accent)}
.vint-table .vint-controls{gap:.3em;flex-wrap:wrap;padding:.3em 0}
.vint-table .vint-controls .jupyter-button{width:auto;padding:0 .9em}
.vint-table .jupyter-button.vint-next-deal:enabled,.vint-table .jupyter-button.vint-continue:enabled{
 background:var(--vint-accent);color:#fff;font-weight:700}
.vint-table .jupyter-button.vint-attention{outline:2px solid var(--vint-win)}
/* the side panel goes under the felt when the output area (a notebook beside JupyterLab's file browser) has no
   room for both: it is never cut off */
.vint-table .vint-body{flex-wrap:wrap;align-items:flex-start}
.vint-table .vint-main{flex:0 1 auto;min-width:0}
.vint-table .vint-side{flex:1 1 22em;min-width:22em;gap:.5em;padding-left:.8em}
/* the score sheet in the side panel: columns that fit beside the felt in a notebook's output area (1100 px at a
   1280 px screen), all six of them, E–W too; should it ever be wider, it scrolls rather than being cut off */
.vint-table .vint-side .vint-scoresheet-view,.vint-table .vint-side .vint-scoresheet-view .widget-html-content{
 max-width:100%;overflow-x:auto}
.vint-table .vint-side .vint-scoresheet{padding-left:1.1em}
.vint-table .vint-side .vint-sheet-grid,.vint-table .vint-side .vint-sheet-row>summary{
 grid-template-columns:1.4em 3.9em minmax(0,1fr) 3.4em 4.2em 4.2em;gap:.3em}
.vint-table .vint-side .vint-scoresheet ul{margin-left:1em}
.vint-table .vint-review{padding:.4em 0;overflow-x:auto}
.vint-table .jupyter-button.vint-review-step{width:3em}
.vint-table .vint-panel{background:var(--vint-panel);border-radius:.5em;padding:.4em .6em}
.vint-table .vint-status{font-size:1.02em;min-height:1.6em}
/* the status line and, while a computer player is thinking, "Faster" beside it (its place kept otherwise) */
.vint-table .vint-statusrow{align-items:center;gap:.5em}
.vint-table .vint-statusrow>.vint-status-box{flex:1 1 auto;min-width:0}
.vint-table .vint-statusrow .jupyter-button.vint-faster{flex:0 0 auto;width:auto;padding:0 .9em}
.vint-table .vint-status .vint-why{color:var(--vint-muted);font-size:.9em}
.vint-table .vint-save-notice{font-weight:700;border-left:4px solid var(--vint-focus);padding-left:.5em}
.vint-table .vint-howto ol{margin:.2em 0 .2em 1.2em;padding:0}
.vint-table .vint-review-board .vint-deal{font-size:.9em}
.vint-table .vint-note{color:var(--vint-muted);font-size:.9em}
.vint-table .widget-dropdown>select{background:var(--vint-bg);color:var(--vint-fg)}
.vint-table .vint-hand-label .widget-html-content,.vint-table .vint-feltview .widget-html-content{
 color:var(--vint-felt-fg)}
.vint-table .vint-meanings ol{margin:.2em 0 .2em 1.4em;padding:0}
.vint-table .vint-meanings summary,.vint-table .vint-last-trick summary,
.vint-table .vint-review-reasons summary{cursor:pointer;font-weight:600}
.vint-table .vint-practised{white-space:nowrap}
.vint-table .jupyter-button.vint-foldout-button{width:100%;text-align:left;font-weight:700;
 background:var(--vint-panel);color:var(--vint-fg);border:1px solid var(--vint-line);border-radius:.3em;height:auto;
 padding:.35em .7em;margin:.2em 0}
.vint-table .jupyter-button.vint-foldout-button::before{content:"▸ "}
.vint-table .jupyter-button.vint-foldout-button.mod-active::before{content:"▾ "}
.vint-table .vint-foldout-body{padding:.2em .7em .5em}
/* keyboard: every control shows where the focus is, clearly */
.vint-table button:focus-visible,.vint-table select:focus-visible,.vint-table input:focus-visible,
.vint-table summary:focus-visible,.vint-table .jupyter-button:focus-visible{
 outline:3px solid var(--vint-focus) !important;outline-offset:2px;box-shadow:0 0 0 5px var(--vint-bg)}
.vint-table{--vint-focus:#b35900}
/* phone and tablet: one column, nothing off screen, no side-scrolling */
@media (max-width:900px){
 .vint-table .vint-body{flex-direction:column;flex-wrap:nowrap}
 .vint-table .vint-side{padding-left:0;min-width:0;flex:none}
 .vint-table .vint-main{flex:none}
 .vint-table .vint-felt-box{min-width:0}
 .vint-table .vint-scoresheet{min-width:0;padding-left:1.1em}
 .vint-table .vint-review .vint-deal{grid-template-columns:minmax(0,auto);width:auto}
}
@media (max-width:600px){
 .vint-table{font-size:calc(14*var(--vintpx))}
 .vint-table .vint-felt-box{padding:.4em .3em}
 .vint-table .vint-statusrow .jupyter-button.vint-faster:disabled{display:none}
 .vint-table .vint-feltrow{flex-wrap:wrap;justify-content:center;gap:.3em}
 .vint-table .vint-seatbox{min-width:0}
 .vint-table .vint-feltrow>.vint-seatpanel{flex:1 1 40%;min-width:0}
 .vint-table .vint-centre{min-width:0;order:3;flex:1 1 100%}
 .vint-table .vint-centre>div{max-width:100%;overflow-x:auto}
 .vint-table .jupyter-button.vint-cardbutton{width:calc(38*var(--vintpx));height:calc(54*var(--vintpx));
  font-size:calc(15*var(--vintpx))}
 .vint-table .jupyter-button.vint-call{width:2.9em}
 .vint-table .jupyter-button.vint-call.vint-pass-button{width:100%}
 .vint-table .vint-sheet-grid,.vint-table .vint-sheet-row>summary,
 .vint-table .vint-side .vint-sheet-grid,.vint-table .vint-side .vint-sheet-row>summary{
  grid-template-columns:1.3em 3.9em 1fr 3.5em 3.2em 3.2em;gap:.2em;font-size:.9em}
 .vint-table .vint-scoresheet ul{margin-left:.4em}
 .vint-table .widget-dropdown{flex-wrap:wrap}
 .vint-table .widget-dropdown>select{max-width:100%}
 .vint-table .vint-live td,.vint-table .vint-live th{padding:.1em .25em}
 .vint-table .vint-race-plot svg{max-width:100%;height:auto}
}
"""

#: the page's own colours (JupyterLab's, under Voilà) in a dark browser: the whole page follows the browser's theme
_JP_DARK = {
    "layout-color0": "#111111", "layout-color1": "#1b1c1f", "layout-color2": "#2e3035", "layout-color3": "#55575d",
    "ui-font-color0": "#ffffff", "ui-font-color1": "#e8e8ea", "ui-font-color2": "#c4c6cb", "ui-font-color3": "#a6a8ad",
    "content-font-color0": "#ffffff", "content-font-color1": "#e8e8ea", "content-font-color2": "#c4c6cb",
    "content-font-color3": "#a6a8ad", "border-color0": "#55575d", "border-color1": "#55575d",
    "border-color2": "#44464c", "border-color3": "#2e3035", "inverse-layout-color0": "#ffffff",
    "widgets-color": "#e8e8ea", "widgets-input-color": "#e8e8ea", "widgets-input-background-color": "#1b1c1f",
    "widgets-input-border-color": "#55575d", "widgets-label-color": "#e8e8ea",
    "widgets-readout-label-color": "#e8e8ea", "widgets-slider-handle-background-color": "#1b1c1f",
    "widgets-slider-active-handle-color": "#78aef5", "widgets-slider-handle-border-color": "#a6a8ad",
}


#: the controls' own colours on a dark page (selectors inside ``.vint-table``)
_DARK_CONTROLS = (
    ("", "--vint-focus:#ffb74d"),
    (" .jupyter-button", "background:#2e3035;color:#e8e8ea"),
    (" .jupyter-button:disabled", "color:#a6a8ad"),
    (" .jupyter-button.vint-call.vint-pass-button", "background:#23402d;color:#e8e8ea"),
    (" .jupyter-button.vint-cardbutton", "background:#fffdf7"),
)


def _dark_controls(scope: str) -> str:
    """The controls' dark colours, each selector after ``scope`` (a selector and a space)."""
    return "".join(f"{scope}.vint-table{sel}{{{decls}}}" for sel, decls in _DARK_CONTROLS)


#: Voilà's pages (the table, a lesson served alone): they follow the browser's preference. :where() keeps the
#: selectors' weight as it is without it.
_VOILA = ":where([data-voila]) "


def dark_page_css(*, four_colour: bool = False) -> str:
    """In Voilà, in a browser that prefers dark colours, the page turns dark: JupyterLab's colours (the page, the
    dropdowns, the buttons), the renderer's (:func:`vint_core.render.stylesheet` ``"dark"``) and the table's.
    JupyterLab keeps its own theme (a lesson's widget does not darken a light JupyterLab on a dark system); in a
    page with a dark theme of its own (JupyterLab Dark, :data:`vint_core.render.DARK_PAGES`) the controls take
    their dark colours whatever the browser prefers."""
    jp = "".join(f"--jp-{k}:{v};" for k, v in _JP_DARK.items())
    page = ",".join(f"body[data-voila]{inside}" for inside in ("", " .jp-Notebook", " .jp-Cell", " #rendered_cells"))
    return ("@media (prefers-color-scheme:dark){"
            f":root:has(>body[data-voila]),body[data-voila]{{{jp}}}"
            f"{page}{{background:#111111;color:#e8e8ea}}"
            f"{theme_rule('dark', four_colour=four_colour, scope=_VOILA)}"
            f"{_dark_controls(_VOILA)}"
            "}" + _dark_controls(f":where({','.join(DARK_PAGES)}) "))


#: a deal drawn on its own (a notebook's output, a lesson widget's drawing) in less room than it would take, as
#: JupyterLab's larger font sizes leave it even on a wide screen: its three columns narrower, and below their
#: narrowest (43 of the deal's own em) one column, as on a phone. With the widgets' CSS, which every lesson's page
#: has (its quiz), not in each drawing's own.
_FITTED_CSS = (":is(.jp-RenderedHTML,.vint-lesson-scroll)>.vint:has(>.vint-deal){container-type:inline-size}"
               ":is(.jp-RenderedHTML,.vint-lesson-scroll)>.vint>.vint-deal{max-width:100%}"
               f"@container (width < 43em){{{NARROW_CSS}}}")


def table_css(*, four_colour: bool = False) -> str:
    """The renderer's stylesheet (light; dark with the page's theme), the controls' CSS, and the dark colours of
    the whole page when the browser prefers them."""
    return (stylesheet("auto", four_colour) + _WIDGET_CSS + _FITTED_CSS
            + dark_page_css(four_colour=four_colour))


def style_html(*, four_colour: bool = False) -> str:
    """A ``<style>`` block for an ``HTML`` widget."""
    return f"<style>{table_css(four_colour=four_colour)}</style>"


# -- the table's parts (drawn by the widgets from a TableFrame) ------------------------------------

def table_header_html(title: str, subtitle: str) -> str:
    """The table's title and the line under it (rule set, rubber, deal, dealer)."""
    return f'<div class="vint-title">{esc(title)}</div><div class="vint-subtitle">{esc(subtitle)}</div>'


def table_status_html(status: str, *, notice: str = "", renders: int = 0, turn: str = "") -> str:
    """The table's status line, after the notice that the game is not being saved (``notice``), with the drawing's
    count and what the learner may do in it (``data-turn``: ``call``, ``card``, ``next`` or empty) in a hidden mark:
    drawn last, so once the page shows the count, everything drawn before it has arrived."""
    shown = f'<div class="vint-save-notice" role="alert">{esc(notice)}</div>' if notice else ""
    return (shown + status_html(status, css=False)
            + f'<span class="vint-render" data-render="{renders}" data-turn="{esc(turn)}" hidden></span>')


def seat_panel_html(seat: Seat, *, player: str, cards_left: int, tricks: int, dealer: bool, to_act: bool,
                    last_call: str = "", lang: str = "en") -> str:
    """One of the seats the learner cannot see into: its name, its player, its cards as backs, its tricks and
    (during the auction) its last call; never a card of its hand."""
    marks = []
    if dealer:
        marks.append(text("ui_dealer_mark", lang))
    if to_act:
        marks.append(text("ui_to_act_mark", lang))
    mark = f' <span class="vint-mark">({esc(", ".join(marks))})</span>' if marks else ""
    # the backs are drawn by the stylesheet (class vint-cardback): a few bytes each, one label for all
    backs = '<i class="vint-cardback"></i>' * cards_left
    count = text("ui_cards_left", lang, n=cards_left)
    hidden = esc(f'{count} · {text("ui_hidden_card", lang)}')
    facts = [count, text("ui_tricks_n", lang, n=tricks)]
    if last_call:
        facts.append(text("widget_last_call", lang, call=last_call))
    active = " vint-active" if to_act else ""
    name = esc(seat_name(seat, lang))
    return (f'<div class="vint-seatbox{active}" role="group" aria-label="{name}">'
            f'<div class="vint-seatlabel">{name} '
            f'<span class="vint-player">· {esc(player)}</span>{mark}</div>'
            f'<div class="vint-backs" role="img" aria-label="{hidden}">{backs}</div>'
            f'<div class="vint-facts">{esc(" · ".join(facts))}</div></div>')


def last_trick_html(trick: Trick | None, *, number: int, lang: str = "en", four_colour: bool = False,
                    open_: bool = False) -> str:
    """The last completed trick no longer on the table (its ``number``, from 1): its four cards seat by seat and
    its winner, in a part the learner opens (open at once with ``open_``); empty when there is none."""
    if trick is None:
        return ""
    # each seat's name kept with its card: on a phone a line broke between "East" and East's card
    plays = " · ".join(f'<span class="vint-last-play">{esc(seat_name(seat, lang))} '
                       f"{card_html(card, four_colour=four_colour, css=False)}</span>"
                       for seat, card in trick.plays())
    title = text("widget_last_trick", lang, n=number, seat=trick.winner)
    return (f'<details class="vint vint-last-trick"{" open" if open_ else ""}><summary>{esc(title)}</summary>'
            f"<div>{plays}</div></details>")


def meanings_html(lines: Sequence[tuple[Seat, str, str]], *, lang: str = "en", open_: bool = False) -> str:
    """Each call so far, ``(seat, call's name, what it shows)``, with what it shows; open during the auction
    (``open_``), a closed part to look back at afterwards; empty before the first call."""
    if not lines:
        return ""
    items = "".join(f"<li><b>{esc(seat_name(seat, lang))} {esc(name)}</b> — {esc(meaning)}</li>"
                    for seat, name, meaning in lines)
    return (f'<details class="vint vint-meanings"{" open" if open_ else ""}>'
            f'<summary>{esc(text("widget_meanings_title", lang))}</summary>'
            f'<div class="vint-note">{esc(text("widget_meanings_note", lang))}</div>'
            f'<ol aria-live="polite">{items}</ol></details>')


def howto_html(steps: Sequence[str]) -> str:
    """How to play, step by step."""
    return '<div class="vint vint-howto-text"><ol>' + "".join(f"<li>{esc(step)}</li>" for step in steps) + "</ol></div>"


def settings_about_html(lines: Sequence[str]) -> str:
    """The settings' notes: a line on the chosen rule set and on each computer player chosen."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return f'<ul class="vint-note vint-settings-about">{items}</ul>'


def greyed_calls_note_html(lang: str = "en") -> str:
    """Under the bidding box: why some calls are greyed out, in a small line the width of the box."""
    return ('<div style="font-size:.8em;line-height:1.3;max-width:22em;white-space:normal">'
            f'{esc(text("widget_greyed_calls", lang))}</div>')


def contract_score_html(*, contract: Contract | None, won: PerSide[int], rules: RuleSet, passed_out: bool = False,
                        lang: str = "en", css: bool = True) -> str:
    """:func:`live_score_html` from its parts: the contract, the tricks won per side, the rule set, and whether the
    deal was passed out."""
    tv = rules.trick_value_of(contract.level, contract.strain) if contract is not None else None
    return _wrap(_live_body(rules_tv=tv, contract=contract, won=won, passed_out=passed_out, lang=lang, rules=rules),
                 css=css, four_colour=False)
