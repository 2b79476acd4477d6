"""HandView: the learner's cards as buttons; only the cards that may be played now can be clicked."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core.cards import Card, Hand, Suit
from vint_core.i18n import text
from vint_core.widgets.style import hbox, html, shared, show_if, vbox

#: suits left to right, alternating colours (as the renderer draws a hand)
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


class HandView:
    """Up to 13 card buttons (class ``vint-card``, description such as ``10♥``).

    :meth:`show` draws a hand; a click on an enabled card calls ``on_play(card)``.
    The buttons are made once and reused, so redrawing sends only what changed: while cards
    only leave the hand (a deal being played), each card keeps its button and a played card's
    button is hidden (one message), instead of every later card moving one button to the left.
    :meth:`played` draws the learner's card at once, before the computer players answer.
    """

    def __init__(self, *, on_play: Callable[[Card], None], lang: str = "en") -> None:
        self.on_play = on_play
        self.lang = lang
        self._held = False  # frozen by show(hold=True) until thaw()
        self._cards: list[Card | None] = [None] * 13  # the card each button shows (None: hidden)
        self._slots: list[Card | None] = [None] * 13  # the card each button was given (hidden once played)
        self._buttons: list[Any] = []
        for index in range(13):
            # hidden and shown by a shared layout each (show_if): no layout model of its own for the page to load
            button = widgets.Button(description="", disabled=True, layout=shared("hidden"),
                                    style=shared("button"), _dom_classes=("vint-card", "vint-cardbutton"))
            button.on_click(self._clicked)
            button._vint_index = index
            self._buttons.append(button)
        self.label = html("vint-hand-label")
        self.row = hbox(self._buttons, "vint-handrow")
        self.widget = vbox([self.label, self.row], "vint-handview")

    # -- drawing -------------------------------------------------------------

    def show(self, hand: Hand, *, legal: Collection[Card] = (), title: str = "", hold: bool = False) -> None:
        """Draw ``hand``: the cards in ``legal`` enabled, the others visible but disabled. ``hold``: the hand stays
        frozen (class ``vint-wait``, put on before any card is enabled) until :meth:`thaw`, which a table calls once
        the page is to report the drawing's position (:class:`~vint_core.widgets.drawn.PageMark`): no click can
        then be made on the new cards before the page has that drawing's number to send ahead of it."""
        cards = [card for suit in SUIT_ORDER for card in hand.suit(suit)]
        held = set(cards)
        if not held <= {card for card in self._slots if card is not None}:
            self._slots = [*cards, *[None] * (13 - len(cards))]  # a new hand: the cards in order, left to right
        legal_set = set(legal)
        self._held = hold and bool(legal_set)
        if self._held and "vint-wait" not in self.row._dom_classes:
            self.row.add_class("vint-wait")
        for index, button in enumerate(self._buttons):
            slot = self._slots[index]
            card = slot if slot in held else None
            self._cards[index] = card
            if card is None:  # no card here, or one played (hidden at once by :meth:`played`)
                show_if(button, False)
                if not button.disabled:
                    button.disabled = True
                continue
            label = str(card)
            playable = card in legal_set
            tip = text("widget_play_card" if playable else "widget_card_not_playable", self.lang, card=label)
            with button.hold_sync():  # one message per changed card
                if button.description != label:
                    self._set_suit_class(button, card.suit)
                    button.description = label
                button.tooltip = tip
                button.disabled = not playable
                show_if(button, True)
        classes = set(self.row._dom_classes)
        wanted = (classes - {"vint-wait", "vint-idle"}) | ({"vint-idle"} if not legal_set else set()) \
            | ({"vint-wait"} if self._held else set())
        if classes != wanted:
            # nothing to play now: the cards are not greyed out (vint-idle); no longer frozen (vint-wait)
            self.row._dom_classes = tuple(sorted(wanted))
        self.label.value = title

    def thaw(self) -> None:
        """Unfreeze the hand :meth:`show` drew with ``hold`` (nothing otherwise)."""
        if self._held:
            self._held = False
            self.row.remove_class("vint-wait")

    def played(self, card: Card) -> None:
        """The learner has played ``card``: hide it now and freeze the other cards (class ``vint-wait``,
        one message) until :meth:`show` draws the hand again, once the computer players have answered."""
        self.freeze([c for c in self._cards if c is not None and c != card])

    def freeze(self, held: Collection[Card], *, title: str | None = None) -> None:
        """Nothing to play until the computer players have answered: hide the cards no longer ``held`` and freeze
        the others as they are (class ``vint-wait``, one message), rather than switch each one off and on again;
        :meth:`show` unfreezes the hand."""
        self._held = False
        for index, shown in enumerate(self._cards):
            if shown is not None and shown not in held:
                self._cards[index] = None
                show_if(self._buttons[index], False)
        if "vint-wait" not in self.row._dom_classes:
            self.row.add_class("vint-wait")
        if title is not None:
            self.label.value = title

    @property
    def waiting(self) -> bool:
        """Frozen between the learner's card and the computer players' answers (see :meth:`played`)."""
        return "vint-wait" in self.row._dom_classes

    def clear(self) -> None:
        """No cards (between deals)."""
        self.show(Hand(), legal=())

    @staticmethod
    def _set_suit_class(button: Any, suit: Suit) -> None:
        for other in Suit:
            cls = f"vint-suit-{other.letter.lower()}"
            if cls in button._dom_classes and other is not suit:
                button.remove_class(cls)
        button.add_class(f"vint-suit-{suit.letter.lower()}")

    # -- reading -------------------------------------------------------------

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown, left to right."""
        return tuple(card for card in self._cards if card is not None)

    @property
    def enabled(self) -> tuple[Card, ...]:
        """The cards that can be clicked now (none while the hand is frozen)."""
        if self.waiting:
            return ()
        return tuple(card for card, b in zip(self._cards, self._buttons, strict=True)
                     if card is not None and not b.disabled)

    def button(self, card: Card) -> Any:
        """The button showing ``card`` (``KeyError`` if it is not shown)."""
        for shown, button in zip(self._cards, self._buttons, strict=True):
            if shown == card:
                return button
        raise KeyError(str(card))

    # -- events --------------------------------------------------------------

    def _clicked(self, button: Any) -> None:
        card = self._cards[button._vint_index]
        if card is not None and not button.disabled and not self.waiting:
            self.on_play(card)
