"""SettingsPanel: rule set, each computer player's level, pace, language and the four-colour deck."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core.bots import BOT_NAMES
from vint_core.i18n import seat_name, text
from vint_core.rules import RULE_SETS
from vint_core.seats import Seat
from vint_core.widgets.style import hbox, html, shared, vbox

#: the pace choices: seconds between computer cards, or "confirm" (wait for a click after each trick)
PACES: dict[str, float | str] = {"none": 0.0, "fast": 0.4, "normal": 0.9, "slow": 1.8, "confirm": "confirm"}
LANGUAGES = (("English", "en"), ("Deutsch", "de"))


@dataclass(frozen=True)
class TableSettings:
    """What the settings panel chooses. ``bots`` maps each computer seat to a bot name."""

    rules: str = "seed"
    bots: Mapping[Seat, str] = field(default_factory=dict)
    pace: str = "normal"
    lang: str = "en"
    four_colour: bool = False

    def pause(self) -> float:
        """Seconds between computer actions (0 under "confirm": the learner sets the pace)."""
        value = PACES.get(self.pace, 0.0)
        return float(value) if not isinstance(value, str) else 0.0

    @property
    def confirm_tricks(self) -> bool:
        return self.pace == "confirm"


class SettingsPanel:
    """The controls; every change calls ``on_change(settings)`` with the new :class:`TableSettings`.

    The rule set applies to a new game: the panel's "new game" button calls ``on_new_game(settings)``.
    """

    def __init__(self, *, settings: TableSettings, human: Seat, on_change: Callable[[TableSettings], None],
                 on_new_game: Callable[[TableSettings], None]) -> None:
        self.settings = settings
        self.human = human
        self.on_change = on_change
        self.on_new_game = on_new_game
        self._quiet = False
        lang = settings.lang
        style = shared("description")
        layout = shared("layout")
        self.rules = widgets.Dropdown(options=list(RULE_SETS), value=settings.rules, style=style,
                                  layout=layout)
        self.new_game = widgets.Button(layout=layout, style=shared("button"))
        self.new_game.add_class("vint-new-game")
        self.new_game.on_click(self._new_game_clicked)
        self.bots: dict[Seat, Any] = {}
        for seat in self.computer_seats:
            dd = widgets.Dropdown(options=list(BOT_NAMES), value=settings.bots.get(seat, "rule"), style=style,
                              layout=layout)
            dd.add_class("vint-bot-level")
            dd.observe(self._changed, names="value")
            self.bots[seat] = dd
        self.pace = widgets.Dropdown(options=[(key, key) for key in PACES], value=settings.pace, style=style,
                                 layout=layout)
        self.lang = widgets.Dropdown(options=list(LANGUAGES), value=lang, style=style, layout=layout)
        self.four_colour = widgets.Checkbox(value=settings.four_colour, indent=False)
        for control in (self.pace, self.lang, self.four_colour):
            control.observe(self._changed, names="value")
        self.rules.observe(self._rules_changed, names="value")
        self.note = html()
        self.widget = vbox([self.lang, self.pace, self.four_colour, *self.bots.values(),
                            hbox([self.rules, self.new_game]), self.note], "vint-settings")
        self.set_lang(lang)

    @property
    def computer_seats(self) -> tuple[Seat, Seat, Seat]:
        """The three computer seats, from the learner's left: left-hand opponent, partner, right-hand opponent."""
        return (self.human.left, self.human.partner, self.human.right)

    def set_lang(self, lang: str) -> None:
        """Label every control in ``lang``."""
        self._quiet = True
        try:
            self.rules.description = text("widget_settings_rules", lang)
            self.new_game.description = text("widget_new_game", lang)
            self.new_game.tooltip = text("widget_new_game_tip", lang)
            roles = ("widget_role_lho", "widget_role_partner", "widget_role_rho")
            for (seat, dd), role in zip(self.bots.items(), roles, strict=True):
                dd.description = f"{seat_name(seat, lang)} ({text(role, lang)})"
            self.pace.options = [(text(f"widget_pace_{key}", lang), key) for key in PACES]
            self.pace.value = self.settings.pace
            self.pace.description = text("widget_settings_pace", lang)
            self.lang.description = text("widget_settings_lang", lang)
            self.four_colour.description = text("widget_settings_four_colour", lang)
            self.note.value = f'<div class="vint-note">{text("widget_settings_note", lang)}</div>'
        finally:
            self._quiet = False

    def read(self) -> TableSettings:
        """The settings the controls show now."""
        return TableSettings(rules=self.rules.value, bots={seat: dd.value for seat, dd in self.bots.items()},
                             pace=self.pace.value, lang=self.lang.value, four_colour=bool(self.four_colour.value))

    def _changed(self, change: object) -> None:
        if self._quiet:
            return
        new = replace(self.read(), rules=self.settings.rules)
        lang_changed = new.lang != self.settings.lang
        self.settings = new
        if lang_changed:
            self.set_lang(new.lang)
        self.on_change(new)

    def _rules_changed(self, change: object) -> None:
        if not self._quiet:
            self.new_game.add_class("vint-attention")

    def _new_game_clicked(self, button: object) -> None:
        self.settings = self.read()
        self.new_game.remove_class("vint-attention")
        self.on_new_game(self.settings)
