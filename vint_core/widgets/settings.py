"""SettingsPanel: the learner's seat, rule set, computer players, pace, language and the four-colour deck."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import i18n, render
from vint_core.bots import BOT_NAMES
from vint_core.i18n import bot_about, bot_title, rules_about, rules_title, seat_name, text
from vint_core.rules import RULE_SETS
from vint_core.seats import Seat
from vint_core.table.controller import PACES
from vint_core.widgets.style import hbox, html, shared, vbox

#: every language there is a catalogue for, each by its own name (the catalogue's language.name)
LANGUAGES = tuple((text("language.name", lang), lang) for lang in i18n.LANGUAGES)


class Choice(widgets.Dropdown):  # type: ignore[misc]
    """A dropdown that always has one of its options chosen. The page may send any index (a forged message: ``null``,
    a text, 99, -1); one that is not an option's changes nothing, and the page is sent the index chosen, so that it
    shows it again. (ipywidgets' own dropdown takes ``null`` as "nothing chosen", and the panel's readers fail.)"""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        if "index" in sync_data:
            index = sync_data["index"]
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._options_labels):
                rest = {key: value for key, value in sync_data.items() if key != "index"}
                if rest:
                    super().set_state(rest)
                self.send_state("index")
                return
        super().set_state(sync_data)


@dataclass(frozen=True)
class TableSettings:
    """What the settings panel chooses. ``bots`` maps each computer seat to a bot name; ``human`` is the
    learner's seat (like the rule set, it applies to a new game)."""

    rules: str = "seed"
    bots: Mapping[Seat, str] = field(default_factory=dict)
    pace: str = "normal"
    lang: str = "en"
    four_colour: bool = False
    human: Seat = Seat.SOUTH


class SettingsPanel:
    """The controls; every change calls ``on_change(settings)`` with the new :class:`TableSettings`.

    The learner's seat and the rule set apply to a new game: the panel's "new game" button calls
    ``on_new_game(settings)``. The three computer-player controls stand for the learner's left-hand
    opponent, partner and right-hand opponent; they are relabelled for the new seat when it starts.
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
        self.seat = Choice(options=[(seat_name(seat, lang), seat) for seat in Seat], value=human,
                                     style=style, layout=layout, _dom_classes=("vint-seat-choice",))
        self.rules = Choice(options=self._rules_options(lang, settings.rules), value=settings.rules,
                                      style=style, layout=layout)
        self.new_game = widgets.Button(layout=layout, style=shared("button"), _dom_classes=("vint-new-game",))
        self.new_game.on_click(self._new_game_clicked)
        #: the computer players' controls by role: left-hand opponent, partner, right-hand opponent
        self.roles: tuple[Any, ...] = tuple(
            Choice(options=[(bot_title(name, lang), name) for name in BOT_NAMES],
                   value=settings.bots.get(seat, "rule"), style=style, layout=layout, _dom_classes=("vint-bot-level",))
            for seat in self.computer_seats)
        for dd in self.roles:
            dd.observe(self._changed, names="value")
        self.pace = Choice(options=[(key, key) for key in PACES], value=settings.pace, style=style,
                                 layout=layout)
        self.lang = Choice(options=list(LANGUAGES), value=lang, style=style, layout=layout)
        self.four_colour = widgets.Checkbox(value=settings.four_colour, indent=False, layout=layout)
        for control in (self.pace, self.lang, self.four_colour):
            control.observe(self._changed, names="value")
        self.rules.observe(self._rules_changed, names="value")
        self.seat.observe(self._rules_changed, names="value")
        self.note = html()
        #: one line on each chosen rule set and computer player
        self.about = html()
        self.widget = vbox([self.lang, self.pace, self.four_colour, *self.roles,
                            hbox([self.seat, self.rules, self.new_game]), self.about, self.note], "vint-settings")
        self.set_lang(lang)

    @staticmethod
    def _rules_options(lang: str, current: str) -> list[tuple[str, str]]:
        names = list(RULE_SETS) + ([current] if current not in RULE_SETS else [])
        return [(rules_title(name, lang), name) for name in names]

    def _describe(self, lang: str) -> None:
        """One line on the chosen rule set and on each distinct computer player chosen."""
        items = [(rules_title(self.rules.value, lang), rules_about(self.rules.value, lang))]
        for name in dict.fromkeys(dd.value for dd in self.roles):
            items.append((bot_title(name, lang), bot_about(name, lang)))
        self.about.value = render.settings_about_html(
            [text("widget_settings_about", lang, title=title, about=about) for title, about in items if about])

    @property
    def computer_seats(self) -> tuple[Seat, Seat, Seat]:
        """The three computer seats, from the learner's left: left-hand opponent, partner, right-hand opponent."""
        return (self.human.left, self.human.partner, self.human.right)

    @property
    def bots(self) -> dict[Seat, Any]:
        """The computer players' controls by the seat each one stands for now."""
        return dict(zip(self.computer_seats, self.roles, strict=True))

    def set_human(self, human: Seat) -> None:
        """The learner now sits at ``human``: the computer-player controls stand for its three other seats."""
        self.human = human
        self.settings = replace(self.settings, human=human, bots=self.read_bots())
        self._quiet = True
        try:
            self.seat.value = human
        finally:
            self._quiet = False
        self.set_lang(self.settings.lang)

    def set_pace(self, pace: str) -> None:
        """Show ``pace`` (changed from the table, its "Faster" control) without reporting it back as a change."""
        self.settings = replace(self.settings, pace=pace)
        self._quiet = True
        try:
            self.pace.value = pace
        finally:
            self._quiet = False

    def read_bots(self) -> dict[Seat, str]:
        """The computer players the controls show, by the seat each one stands for now."""
        return {seat: dd.value for seat, dd in self.bots.items()}

    def set_lang(self, lang: str) -> None:
        """Label every control in ``lang``."""
        self._quiet = True
        try:
            self.rules.description = text("widget_settings_rules", lang)
            chosen_rules = self.rules.value
            self.rules.options = self._rules_options(lang, chosen_rules)
            self.rules.value = chosen_rules
            for dd in self.roles:
                bot = dd.value
                dd.options = [(bot_title(name, lang), name) for name in BOT_NAMES]
                dd.value = bot
            chosen = self.seat.value  # a seat chosen for the next game stays chosen
            self.seat.options = [(seat_name(seat, lang), seat) for seat in Seat]
            self.seat.value = chosen
            self.seat.description = text("widget_settings_seat", lang)
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
            self._describe(lang)
        finally:
            self._quiet = False

    def read(self) -> TableSettings:
        """The settings the controls show now (the computer players by the seats they would take in a new game
        with the chosen seat: each control keeps its role, left-hand opponent, partner or right-hand opponent)."""
        human: Seat = self.seat.value
        bots = {seat: dd.value for seat, dd in zip((human.left, human.partner, human.right), self.roles, strict=True)}
        return TableSettings(rules=self.rules.value, bots=bots, pace=self.pace.value, lang=self.lang.value,
                             four_colour=bool(self.four_colour.value), human=human)

    def _changed(self, change: object) -> None:
        if self._quiet:
            return
        new = replace(self.read(), rules=self.settings.rules, human=self.human, bots=self.read_bots())
        lang_changed = new.lang != self.settings.lang
        self.settings = new
        if lang_changed:
            self.set_lang(new.lang)
        else:
            self._describe(new.lang)
        self.on_change(new)

    def _rules_changed(self, change: object) -> None:
        if not self._quiet:
            self._describe(self.settings.lang)
            self.new_game.add_class("vint-attention")

    def _new_game_clicked(self, button: object) -> None:
        settings = self.read()
        self.new_game.remove_class("vint-attention")
        self.settings = settings
        self.set_human(settings.human)
        self.on_new_game(settings)
