"""BiddingBox: every call of the rule set, one row per level in Vint's strain order, only legal calls enabled."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import render
from vint_core.calls import PASS, Bid, Call, Strain
from vint_core.i18n import text
from vint_core.rules import SEED_ORDER, RuleSet
from vint_core.widgets.style import hbox, html, shared, show_if

_STRAIN_CLASS = {Strain.SPADES: "vint-suit-s", Strain.CLUBS: "vint-suit-c", Strain.DIAMONDS: "vint-suit-d",
                 Strain.HEARTS: "vint-suit-h", Strain.NOTRUMP: "vint-suit-nt"}


def _note(lang: str) -> str:
    """Why some calls are greyed out (:func:`vint_core.render.greyed_calls_note_html`)."""
    return render.greyed_calls_note_html(lang)


class BiddingBox:
    """35 bid buttons (7 levels × ♠ ♣ ♦ ♥ NT) and Pass, class ``vint-call``.

    The columns follow the rule set's strain order; a strain the rule set does not
    allow (no-trump under ``whist_vint``) is not shown. :meth:`show` enables exactly
    the legal calls; a click calls ``on_call(call)``. A line under the buttons (class ``vint-greyed-note``) says
    why a call is greyed out; a lesson that lets every call be clicked, to explain the illegal ones, leaves it out
    (``greyed_note=False``).
    """

    def __init__(self, *, on_call: Callable[[Call], None], rules: RuleSet, lang: str = "en",
                 greyed_note: bool = True) -> None:
        self.on_call = on_call
        self.lang = lang
        self._held = False  # frozen by show(hold=True) until thaw()
        self.rules = rules
        self._buttons: dict[Call, Any] = {}
        self._tip_lang: str | None = None
        self._tip_cache: dict[Call, tuple[str, str]] = {}
        # one layout and one style for all 36 buttons: fewer models for the page to load
        layout = shared("layout")
        style = shared("button")
        rows = []
        for level in range(1, 8):
            row = []
            for strain in SEED_ORDER:
                bid = Bid(level, strain)
                button = widgets.Button(description=str(bid), disabled=True, layout=layout, style=style,
                                        _dom_classes=("vint-call", _STRAIN_CLASS[strain]))
                button.on_click(self._clicked)
                button._vint_call = bid
                self._buttons[bid] = button
                row.append(button)
            rows.append(hbox(row, "vint-callrow"))
        self._rows = rows
        pass_button = widgets.Button(description=text("ui_pass", lang), disabled=True, layout=layout, style=style,
                                     _dom_classes=("vint-call", "vint-pass-button"))
        pass_button.on_click(self._clicked)
        pass_button._vint_call = PASS
        self._buttons[PASS] = pass_button
        self.note = html("vint-greyed-note", value=_note(lang))
        # hidden and shown with show_if (its layout shared)
        self.widget = widgets.VBox([*rows, pass_button, *([self.note] if greyed_note else [])], layout=layout,
                                   _dom_classes=("vint-biddingbox",))
        self.set_rules(rules)

    def set_rules(self, rules: RuleSet) -> None:
        """Show the strains of ``rules`` in its order (hiding the others)."""
        self.rules = rules
        for level, box in enumerate(self._rows, start=1):
            box.children = tuple(self._buttons[Bid(level, s)] for s in rules.strain_order)
        for call, button in self._buttons.items():
            if isinstance(call, Bid) and call.strain not in rules.strain_order:
                button.disabled = True

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self._buttons[PASS].description = text("ui_pass", lang)
        self.note.value = _note(lang)
        self._tooltips(set(self.enabled))

    def show(self, legal: Collection[Call], *, hold: bool = False) -> None:
        """Enable exactly the calls in ``legal`` (none when it is not the learner's turn). ``hold``: the box stays
        frozen (class ``vint-wait``, put on before any call is enabled) until :meth:`thaw`, as
        :meth:`HandView.show <vint_core.widgets.hand.HandView.show>` keeps the hand."""
        self._held = hold and bool(legal)
        if self._held and not self.waiting:
            self.widget.add_class("vint-wait")
        self._tooltips(set(legal))
        if self.waiting and not self._held:
            self.widget.remove_class("vint-wait")

    def thaw(self) -> None:
        """Unfreeze the box :meth:`show` drew with ``hold`` (nothing otherwise)."""
        if self._held:
            self._held = False
            self.widget.remove_class("vint-wait")

    def put_away(self) -> None:
        """Hide the box once the auction is over (its shared hidden layout, :func:`~vint_core.widgets.style.show_if`,
        as a lesson hides it too). Its buttons
        are left as they were, and no call can be made from a hidden box: the next auction's :meth:`show` switches
        only those that differ then, instead of every legal call being switched off now and on again at the next
        deal, a message for each button each time."""
        show_if(self.widget, False)

    @property
    def put_away_now(self) -> bool:
        """Is the box hidden (no call can be made from it)?"""
        return bool(self.widget.layout.display == "none")

    def called(self) -> None:
        """The learner has called: freeze the box (class ``vint-wait``, one message, instead of switching
        every legal call off and on again) until :meth:`show` draws it once the computer players have answered."""
        self._held = False
        if not self.waiting:
            self.widget.add_class("vint-wait")

    @property
    def waiting(self) -> bool:
        return "vint-wait" in self.widget._dom_classes

    def _tips(self) -> dict[Call, tuple[str, str]]:
        """Each call's two tooltips in the box's language (legal, not legal), worked out once per language."""
        if self._tip_lang != self.lang:
            self._tip_cache = {}
            for call in self._buttons:
                name = text("ui_pass", self.lang) if call is PASS else str(call)
                self._tip_cache[call] = (text("widget_make_call", self.lang, call=name),
                                         text("widget_call_not_legal", self.lang, call=name))
            self._tip_lang = self.lang
        return self._tip_cache

    def _tooltips(self, legal: set[Call]) -> None:
        """Enable the calls in ``legal`` and label each button; a button that changes sends one message."""
        tips = self._tips()
        for call, button in self._buttons.items():
            on = call in legal
            tip = tips[call][0 if on else 1]
            if button.disabled == on or button.tooltip != tip:
                with button.hold_sync():
                    button.disabled = not on
                    button.tooltip = tip

    @property
    def enabled(self) -> tuple[Call, ...]:
        """The calls that can be clicked now, lowest first, Pass last (none while the box is put away)."""
        if self.put_away_now:
            return ()
        return tuple(c for c, b in self._buttons.items() if not b.disabled)

    @property
    def columns(self) -> tuple[str, ...]:
        """The strain symbols of each row, left to right."""
        return tuple(b.description[1:] for b in self._rows[0].children)

    def button(self, call: Call) -> Any:
        return self._buttons[call]

    @property
    def buttons(self) -> tuple[Any, ...]:
        """Every call's button, the 35 bids and Pass."""
        return tuple(self._buttons.values())

    def _clicked(self, button: Any) -> None:
        if not button.disabled and not self.waiting and not self.put_away_now:
            self.on_call(button._vint_call)
