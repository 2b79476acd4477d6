"""The course's explorers: a live score calculator, an honours explorer and a rubber's race.

Thin views over :mod:`vint_core.explore` (which computes what they show, without Jupyter); a change
of a control redraws at once, and anything that goes wrong becomes a sentence, never a traceback.
In a notebook::

    from vint_core.widgets.explorers import ScoreCalculator, HonoursExplorer, RubberRace
    ScoreCalculator(contract="4♥ N", tricks=9)     # lesson 06
    HonoursExplorer(seed=7, strain="♥")            # lesson 07
    RubberRace(seed=8)                             # lesson 08
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import plots, render
from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import deal_hands
from vint_core.explore import HonoursView, RaceStep, ScoreView, calculate, honours_in_deal, rubber_race
from vint_core.honours import honour_cards
from vint_core.i18n import Phrase, seat_name, side_name, text
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.seats import PerSide, Seat, Side
from vint_core.widgets.lessons import LessonBase
from vint_core.widgets.style import hbox

__all__ = ["HonoursExplorer", "RubberRace", "ScoreCalculator"]

_NO_SEAT = "none"


def _strain(value: Strain | str) -> Strain:
    return value if isinstance(value, Strain) else Strain.parse(value)


class _Explorer(LessonBase):
    """A lesson widget whose controls redraw it at once: ``set`` changes them from code, as the learner does."""

    view: Any = None

    def _live(self, controls: tuple[Any, ...], rows: list[Any], title: str) -> None:
        for control in controls:
            control.observe(lambda _change: self._safely(self.refresh), names="value")
        self._root(rows)
        self._draw_title(title)
        self._safely(self.refresh)

    def refresh(self) -> None:
        raise NotImplementedError

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes shown under the explorer: the mistakes it names."""
        return self.feedback_text

    def set(self, **values: Any) -> Any:
        """Change controls by name, as the learner does; a strain may be given as text (``"NT"``, ``"♥"``)."""
        for name, value in values.items():
            if name == "strain":
                value = _strain(value)
            elif name == "seat" and value is None:
                value = _NO_SEAT
            getattr(self, name).value = value
        return self.view

    def _show_notes(self, notes: tuple[Phrase, ...]) -> None:
        self.lines = [(note.text(self.lang), "") for note in notes]
        self._draw_feedback()


class ScoreCalculator(_Explorer):
    """A contract, its declarer, the declarers' tricks and N–S's honours → every score line of both sides, live.

    >>> calc = ScoreCalculator(contract="4♥ N", tricks=9, honours_ns=2)
    >>> calc.view.totals == PerSide(360, 240), calc.notes[0].startswith("Both sides score")
    (True, True)
    """

    css_name = "vint-lesson-score"

    def __init__(self, *, contract: Contract | str = "4♥ N", tricks: int = 9, honours_ns: int = 2,
                 rules: RuleSet | str = SEED, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.rules = as_rule_set(rules)
        start = Contract.parse(contract) if isinstance(contract, str) else contract
        self.level = widgets.Dropdown(options=list(range(1, 8)), value=start.level,
                                      description=text("explore_level", lang))
        self.strain = widgets.Dropdown(options=[(s.symbol, s) for s in self.rules.strain_order], value=start.strain,
                                       description=text("explore_strain", lang))
        self.declarer = widgets.Dropdown(options=[(seat_name(s, lang), s) for s in Seat], value=start.declarer,
                                         description=text("explore_declarer", lang))
        self.tricks = widgets.IntSlider(value=tricks, min=0, max=13, description=text("explore_tricks", lang),
                                        style={"description_width": "initial"})
        self.honours = widgets.IntSlider(value=honours_ns, min=0, max=5, description=text("explore_honours_ns", lang),
                                         style={"description_width": "initial"})
        self.lines_box = widgets.HTML()
        self.view: ScoreView | None = None
        self._live((self.level, self.strain, self.declarer, self.tricks, self.honours),
                   [hbox([self.level, self.strain, self.declarer], "vint-lesson-row"),
                    hbox([self.tricks, self.honours], "vint-lesson-row"), self.lines_box],
                   text("explore_score_title", lang))

    def refresh(self) -> None:
        """Score the contract the controls show and draw its lines, totals and notes."""
        strain = self.strain.value
        size = len(honour_cards(strain))
        self.honours.max = size
        contract = Contract(self.level.value, strain, self.declarer.value)
        ns = min(self.honours.value, size)
        view = calculate(contract, tricks=self.tricks.value, honours=PerSide(ns, size - ns), rules=self.rules)
        self.view = view
        rows = "".join(f"<li>{render.esc(line.text(self.lang))}</li>" for line in view.lines)
        total = text("explore_total", self.lang, totals=view.totals.text(self.lang))
        self.lines_box.value = f'<div class="vint"><ul>{rows}</ul><b>{render.esc(total)}</b></div>'
        self._draw_status(text("explore_contract", self.lang, bid=str(contract.bid), seat=contract.declarer,
                               n=contract.tricks_needed))
        self._show_notes(view.notes)


class HonoursExplorer(_Explorer):
    """A seeded deal and a strain → which honours each side holds as dealt, and the exact odds of a side's count,
    before the deal or given one seat's hand.

    >>> explorer = HonoursExplorer(seed=7, strain="NT")
    >>> explorer.view.count.ns + explorer.view.count.ew, "kings count nothing" in explorer.notes[-1]
    (4, True)
    """

    css_name = "vint-lesson-honours"

    def __init__(self, *, seed: int = 7, strain: Strain | str = Strain.HEARTS, seat: Seat | None = None,
                 lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=text("explore_seed", lang))
        self.strain = widgets.Dropdown(options=[(s.symbol, s) for s in SEED.strain_order], value=_strain(strain),
                                       description=text("explore_strain", lang))
        # "none" rather than None: a dropdown whose value is None shows no label at all
        self.seat = widgets.Dropdown(options=[(text("explore_no_seat", lang), _NO_SEAT),
                                              *((seat_name(s, lang), s) for s in Seat)],
                                     value=_NO_SEAT if seat is None else seat, description=text("explore_seat", lang),
                                     style={"description_width": "initial"})
        self.held_box = widgets.HTML()
        self.view: HonoursView | None = None
        self._live((self.seed, self.strain, self.seat),
                   [hbox([self.seed, self.strain, self.seat], "vint-lesson-row"), self.held_box],
                   text("explore_honours_title", lang))

    def refresh(self) -> None:
        seat = self.seat.value if isinstance(self.seat.value, Seat) else None
        hands = deal_hands(Seat.NORTH, self.seed.value)
        view = honours_in_deal(hands, self.strain.value, seat=seat)
        self.view = view
        held = []
        for side in Side:
            cards = view.held[side]
            held.append(text("explore_held", self.lang, side=side, n=len(cards),
                             cards=" ".join(str(card) for card in cards)) if cards
                        else text("explore_held_none", self.lang, side=side))
        side = seat.side if seat is not None else Side.NS
        caption = text("explore_odds_for", self.lang, side=side, seat=seat) if seat is not None \
            else text("explore_odds_before", self.lang, side=side)
        odds = "".join(f"<li>n = {n}: {p} ({100 * float(p):.1f} %)</li>" for n, p in sorted(view.odds.items()))
        own = "" if seat is None else f"<p>{render.esc(seat_name(seat, self.lang))}: {render.esc(str(hands[seat]))}</p>"
        self.held_box.value = (f'<div class="vint">{own}<ul>{"".join(f"<li>{render.esc(h)}</li>" for h in held)}'
                               f'</ul><p>{render.esc(caption)}:</p><ul>{odds}</ul></div>')
        self._draw_status(side_name(side, self.lang))
        self._show_notes(view.notes)


class RubberRace(LessonBase):
    """A seeded rubber played by the computer players, one deal per click, its race to the target drawn as a plot.

    >>> race = RubberRace(seed=8)
    >>> race.play_to_end()
    >>> race.shown_steps[-1].finished
    True
    """

    css_name = "vint-lesson-race"

    def __init__(self, *, seed: int = 8, bot: str = "rule", rules: RuleSet | str = SEED, lang: str = "en") -> None:
        super().__init__(lang=lang)
        self.rules = as_rule_set(rules)
        self.steps: list[RaceStep] = rubber_race(seed=seed, bot=bot, rules=self.rules)
        self.shown = 0
        self.next_button = self._button("vint-race-next", "explore_race_next", "explore_race_next_tip", self.next_deal)
        self.end_button = self._button("vint-race-end", "explore_race_end", "explore_race_end_tip", self.play_to_end)
        self.again_button = self._button("vint-again", "lesson_again_button", "lesson_again_tip", self.reset)
        self.plot = widgets.HTML()
        # every stage of the race drawn once, now: a click shows a drawn plot, it does not run matplotlib
        self._plots = [self._plot_html(shown) for shown in range(len(self.steps) + 1)]
        self._root([hbox([self.next_button, self.end_button, self.again_button], "vint-controls"), self.plot])
        self._draw_title(text("explore_race_title", lang, target=self.rules.game_target))
        self._safely(self.refresh)

    @property
    def shown_steps(self) -> list[RaceStep]:
        """The deals shown so far, in order."""
        return self.steps[:self.shown]

    def next_deal(self) -> None:
        """Show one deal more, as *Next deal* does."""
        self.shown = min(self.shown + 1, len(self.steps))
        self.refresh()

    def play_to_end(self) -> None:
        """Show every deal to the end of the rubber, as *Play to the end* does."""
        self.shown = len(self.steps)
        self.refresh()

    def reset(self) -> None:
        self.shown = 0
        self.refresh()

    def refresh(self) -> None:
        steps = self.shown_steps
        self.lines = []
        for step in steps:
            played = step.deal.contract
            contract = text("explore_contract", self.lang, bid=str(played.bid), seat=played.declarer,
                            n=played.tricks_needed) if played else text("explore_race_passed", self.lang)
            self.lines.append((text("explore_race_step", self.lang, number=step.number, contract=contract,
                                    points=step.points.text(self.lang), totals=step.totals.text(self.lang)), ""))
        last = steps[-1] if steps else None
        if last is not None and last.finished:
            winner = Side.NS if last.totals.ns > last.totals.ew else Side.EW
            status = text("explore_race_won", self.lang, side=winner, totals=last.totals.text(self.lang))
        elif last is None:
            status = text("explore_race_start", self.lang)
        else:
            status = last.totals.text(self.lang)
        self._draw_status(status)
        self.next_button.disabled = self.end_button.disabled = self.shown == len(self.steps)
        self.plot.value = self._plots[self.shown]
        self._draw_feedback()

    def _plot_html(self, shown: int) -> str:
        """The race after the first ``shown`` deals, as an image of its SVG plot, described in words."""
        steps = self.steps[:shown]
        figure = plots.race(steps, target=self.rules.game_target, lang=self.lang, size=(6.4, 3.4))
        title = text("explore_race_title", self.lang, target=self.rules.game_target)
        where = steps[-1].totals.text(self.lang) if steps else text("explore_race_start", self.lang)
        return (f'<div class="vint-race-plot" style="max-width:100%;overflow-x:auto">'
                f'{plots.svg_img(figure, alt=f"{title}: {where}")}</div>')
