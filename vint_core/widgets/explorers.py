"""The course's explorers: a live score calculator, an honours explorer, a rubber's race and a contract explorer.

Thin views over :mod:`vint_core.explore` (which computes what they show, without Jupyter); a change
of a control redraws at once, and anything that goes wrong becomes a sentence, never a traceback.
In a notebook::

    from vint_core.widgets.explorers import ScoreCalculator, HonoursExplorer, RubberRace
    ScoreCalculator(contract="4♥ N", tricks=9)     # lesson 06
    HonoursExplorer(seed=7, strain="♥")            # lesson 07
    RubberRace(seed=8)                             # lesson 08
    ContractExplorer(seed=4, saved="data/09-double-dummy.json")   # lesson 09
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from vint_core import analysis, plots, render
from vint_core.analysis import DoubleDummyUnavailable, SavedTables, Table
from vint_core.auction import Contract
from vint_core.calls import Strain
from vint_core.cards import Suit, deal_hands
from vint_core.deal import Deal
from vint_core.explore import (
    ContractGrid,
    HonoursView,
    RaceStep,
    ScoreView,
    aces_range,
    calculate,
    contract_grid,
    honours_in_deal,
    rubber_race,
)
from vint_core.honours import honour_cards
from vint_core.i18n import Phrase, rules_title, seat_name, side_name, text
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.scoring import totals
from vint_core.seats import PerSide, Seat, Side
from vint_core.widgets.lessons import LessonBase, lesson_language
from vint_core.widgets.style import hbox, html, shared

__all__ = ["ContractExplorer", "HonoursExplorer", "RubberRace", "ScoreCalculator"]

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

    def __init__(self, *, contract: Contract | str = "4♥ N", tricks: int = 9, honours_ns: int = 2, aces_ns: int = 2,
                 rules: RuleSet | str = SEED, lang: str | None = None) -> None:
        lang = lesson_language(lang)
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
        # foster_1897 counts the aces apart from the trump honours at a suit contract (docs/rules.md §4.4)
        self.aces = widgets.IntSlider(value=aces_ns, min=0, max=4, description=text("explore_aces_ns", lang),
                                      style={"description_width": "initial"})
        self.lines_box = widgets.HTML()
        self.view: ScoreView | None = None
        self._live((self.level, self.strain, self.declarer, self.tricks, self.honours, self.aces),
                   [hbox([self.level, self.strain, self.declarer], "vint-lesson-row"),
                    hbox([self.tricks, self.honours, self.aces], "vint-lesson-row"), self.lines_box],
                   text("explore_score_title", lang))

    def refresh(self) -> None:
        """Score the contract the controls show and draw its lines, totals and notes."""
        strain = self.strain.value
        size = len(honour_cards(strain))
        self.honours.max = size
        contract = Contract(self.level.value, strain, self.declarer.value)
        ns = min(self.honours.value, size)
        aces = None
        apart = strain is not Strain.NOTRUMP and self.rules.honours_suit == "majority"
        self.aces.layout.display = None if apart else "none"
        if apart:  # the ace of trumps is in both counts: the slider offers only the aces N–S can hold
            possible = aces_range(ns)
            self.aces.min, self.aces.max = possible.start, possible.stop - 1
            aces = PerSide(self.aces.value, 4 - self.aces.value)
        view = calculate(contract, tricks=self.tricks.value, honours=PerSide(ns, size - ns), aces=aces,
                         rules=self.rules)
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

    Before the deal (no seat) all four hands are open, as in the lessons' deals. Given a seat, only that hand is
    shown with the odds it leaves; where the honours really are stays hidden until the learner ticks *Show the
    honours as dealt* (``reveal``): the odds do not sit next to the outcome they are guessing at.

    >>> explorer = HonoursExplorer(seed=7, strain="NT")
    >>> explorer.view.count.ns + explorer.view.count.ew, "kings count nothing" in explorer.notes[-1]
    (4, True)
    >>> explorer.set(seat=Seat.SOUTH) and "<li>N–S hold" in explorer.held_box.value
    False
    >>> explorer.set(reveal=True) and "<li>N–S hold" in explorer.held_box.value
    True
    """

    css_name = "vint-lesson-honours"

    def __init__(self, *, seed: int = 7, strain: Strain | str = Strain.HEARTS, seat: Seat | None = None,
                 lang: str | None = None) -> None:
        lang = lesson_language(lang)
        super().__init__(lang=lang)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=text("explore_seed", lang))
        self.strain = widgets.Dropdown(options=[(s.symbol, s) for s in SEED.strain_order], value=_strain(strain),
                                       description=text("explore_strain", lang))
        # "none" rather than None: a dropdown whose value is None shows no label at all
        self.seat = widgets.Dropdown(options=[(text("explore_no_seat", lang), _NO_SEAT),
                                              *((seat_name(s, lang), s) for s in Seat)],
                                     value=_NO_SEAT if seat is None else seat, description=text("explore_seat", lang),
                                     style={"description_width": "initial"})
        self.reveal = widgets.Checkbox(value=False, description=text("explore_reveal", lang), indent=False)
        self.reveal.add_class("vint-honours-reveal")
        self.held_box = widgets.HTML()
        self.view: HonoursView | None = None
        self._live((self.seed, self.strain, self.seat, self.reveal),
                   [hbox([self.seed, self.strain, self.seat], "vint-lesson-row"), self.reveal, self.held_box],
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
        # given a seat, the other hands are hidden: the honours as dealt only when the learner asks for them
        shown = seat is None or self.reveal.value
        self.reveal.layout.display = "none" if seat is None else None
        outcome = (f'<ul>{"".join(f"<li>{render.esc(h)}</li>" for h in held)}</ul>' if shown
                   else f'<p class="vint-note">{render.esc(text("explore_hidden", self.lang))}</p>')
        self.held_box.value = (f'<div class="vint">{own}{outcome}<p>{render.esc(caption)}:</p><ul>{odds}</ul>'
                               f'</div>')
        self._draw_status(side_name(side, self.lang))
        self._show_notes(view.notes)


_RACES_CSS = """
.vint-races{flex-wrap:wrap;gap:1em;align-items:flex-start;max-width:100%}
.vint-races>.vint-race-column{flex:1 1 26em;min-width:0;max-width:100%}
.vint-races .vint-race-plot img{max-width:100%;height:auto}
"""


class RubberRace(LessonBase):
    """A seeded rubber played by the computer players, one deal per click, its race to the target drawn as a plot.

    >>> race = RubberRace(seed=8)
    >>> race.play_to_end()
    >>> race.shown_steps[-1].finished
    True
    """

    css_name = "vint-lesson-race"

    def __init__(self, *, seed: int = 8, bot: str = "rule", rules: RuleSet | str = SEED,
                 lang: str | None = None) -> None:
        lang = lesson_language(lang)
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
        # the rule set in the subtitle: two races side by side (lesson 10) say which rules each one plays
        self._draw_title(text("explore_race_title", lang, target=self.rules.game_target),
                         text("explore_race_rules", lang, name=self.rules.name,
                              title=rules_title(self.rules.name, lang)))
        self._safely(self.refresh)

    @staticmethod
    def side_by_side(*races: RubberRace) -> Any:
        """The races next to each other where the width allows (each at least about 26 em wide), one under the
        other on a narrow screen."""
        for race in races:
            race.widget.add_class("vint-race-column")
        row = hbox([html(value=f"<style>{_RACES_CSS}</style>"), *(race.widget for race in races)], "vint-races")
        return row

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
            self.lines.append((_race_step_text(step, self.lang), ""))
            if step.bonus:  # the rubber bonus is a line of its own: the last total is checkable by hand
                bonus = "; ".join(line.text(self.lang) for line in step.bonus)
                self.lines.append((text("explore_race_bonus", self.lang, lines=bonus,
                                        totals=step.totals.text(self.lang)), ""))
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

def _race_step_text(step: RaceStep, lang: str) -> str:
    """"Deal 1: 4♥ by West, 10 tricks needed, 8 taken: 2 down. E–W: 8 tricks × 40 = 320; …; this deal N–S 360,
    E–W 320; totals N–S 360, E–W 320": the contract, the tricks, every score line, the deal's points, the totals
    (before the rubber bonus, shown on its own line)."""
    played, taken = step.deal.contract, step.deal.declarer_tricks
    if played is None or taken is None:
        contract = text("explore_race_passed", lang)
    else:
        short = played.tricks_needed - taken
        result = (Phrase("explore_dd_down", n=short) if short > 0 else
                  Phrase("explore_dd_over", n=-short) if short else Phrase("explore_dd_exact"))
        contract = text("explore_race_played", lang, bid=str(played.bid), seat=played.declarer,
                        need=played.tricks_needed, taken=taken, result=result.text(lang),
                        lines="; ".join(line.text(lang) for line in step.lines))
    bonus = totals(step.bonus)
    before_bonus = PerSide(step.totals.ns - bonus.ns, step.totals.ew - bonus.ew)
    return text("explore_race_step", lang, number=step.number, contract=contract,
                points=text("explore_race_deal_points", lang, points=step.points.text(lang)),
                totals=before_bonus.text(lang))


_HEAT_STEPS = 9
_GRID_CSS = """
.vint-lesson-contracts .vint-dd-top{gap:1.5em}
.vint-lesson-contracts .vint-dd-deal{display:grid;grid-template-columns:repeat(3,minmax(7.5em,auto));gap:.2em .8em;
 font-family:"DejaVu Sans","Segoe UI Symbol",system-ui,sans-serif}
.vint-lesson-contracts .vint-dd-n,.vint-lesson-contracts .vint-dd-s{grid-column:2}
.vint-lesson-contracts .vint-dd-w{grid-column:1}
.vint-lesson-contracts .vint-dd-mid{grid-column:2;align-self:center;color:var(--vint-muted);font-size:.9em}
.vint-lesson-contracts .vint-dd-seat{font-weight:700}
.vint-lesson-contracts table.vint-dd-table{border-collapse:collapse}
.vint-lesson-contracts .vint-dd-table caption{text-align:left;font-size:.9em;color:var(--vint-muted)}
.vint-lesson-contracts .vint-dd-table th,.vint-lesson-contracts .vint-dd-table td{padding:.1em .55em;text-align:center;
 border-bottom:1px solid var(--vint-line)}
.vint-lesson-contracts .vint-dd-grid{display:grid;grid-template-columns:2.2em repeat(var(--vint-dd-columns),auto);
 gap:3px;justify-content:start}
.vint-lesson-contracts .vint-dd-head{text-align:center;font-weight:700;align-self:center}
.vint-lesson-contracts .jupyter-button.vint-dd-cell{width:auto;min-width:7.2em;height:2.1em;margin:0;padding:0 .5em;
 font-variant-numeric:tabular-nums;border:1px solid rgba(0,0,0,.35);border-radius:.3em}
.vint-lesson-contracts .jupyter-button.vint-dd-cell.vint-dd-best{font-weight:800}
.vint-lesson-contracts .jupyter-button.vint-dd-cell.vint-dd-chosen{outline:3px solid var(--vint-fg);outline-offset:1px}
.vint-lesson-contracts .vint-dd-swatch{display:inline-block;width:1.3em;height:.9em;vertical-align:middle}
""" + "".join(f".vint-lesson-contracts .jupyter-button.vint-heat-{k}{{background:{bg};color:{ink}}}"
              f".vint-lesson-contracts .vint-dd-swatch.vint-heat-{k}{{background:{bg}}}"
              for k, (bg, ink) in enumerate(plots.heat_colours(_HEAT_STEPS)))


def _seeds_text(seeds: tuple[int, ...]) -> str:
    """Seeds as a reader writes them: ``1–20`` for a run, else ``1, 4, 9``."""
    if len(seeds) > 2 and list(seeds) == list(range(seeds[0], seeds[-1] + 1)):
        return f"{seeds[0]}–{seeds[-1]}"
    return ", ".join(map(str, seeds))


def _deal_diagram(deal: Deal, lang: str) -> str:
    """The four hands around the table, suit by suit, as text (every card is known: double dummy)."""
    cells = []
    for seat, css in ((Seat.NORTH, "n"), (Seat.WEST, "w"), (None, "mid"), (Seat.EAST, "e"), (Seat.SOUTH, "s")):
        if seat is None:
            cells.append(f'<div class="vint-dd-mid">{render.esc(text("explore_dd_dealer", lang))}: '
                         f'{render.esc(seat_name(deal.dealer, lang))}</div>')
            continue
        rows = []
        for suit in Suit:
            ranks = " ".join(str(card.rank) for card in deal.hands[seat].suit(suit)) or "—"
            red = f' class="vint-suit-{suit.name[0].lower()}"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""
            rows.append(f"<div{red}>{suit.symbol} {render.esc(ranks)}</div>")
        name = render.esc(seat_name(seat, lang))
        cells.append(f'<div class="vint-dd-{css}" role="group" aria-label="{name}">'
                     f'<div class="vint-dd-seat">{name}</div>{"".join(rows)}</div>')
    return f'<div class="vint-dd-deal">{"".join(cells)}</div>'


def _table_html(table: Table, strains: tuple[Strain, ...], lang: str) -> str:
    """The double-dummy table: the tricks of each seat as declarer (rows) in each strain (columns)."""
    head = "".join(f'<th scope="col">{render.esc(s.symbol)}</th>' for s in strains)
    rows = "".join(f'<tr><th scope="row">{render.esc(seat_name(seat, lang))}</th>'
                   + "".join(f"<td>{table[strain, seat]}</td>" for strain in strains) + "</tr>" for seat in Seat)
    return (f'<table class="vint-dd-table"><caption>{render.esc(text("explore_dd_table", lang))}</caption>'
            f"<tr><th></th>{head}</tr>{rows}</table>")


class ContractExplorer(_Explorer):
    """A seeded deal with all four hands shown (double dummy), its double-dummy tricks, and every contract's Vint
    score for both sides as a grid of buttons; clicking one explains it in a sentence, with the engine's score
    lines, and says what the honours add from level 1 to 7.

    The tricks come from ``saved`` (a :class:`~vint_core.analysis.SavedTables` or the path of its file) when it
    holds the deal, else from the solver (endplay); without either, a sentence says how to get the analysis.

    >>> explorer = ContractExplorer(seed=4, saved=SavedTables({4: {(s, seat): 11 if seat.side is Side.NS else 1
    ...                                                             for s in Strain for seat in Seat}}))
    >>> explorer.choose("7NT N").totals
    PerSide(ns=1680, ew=480)
    """

    css_name = "vint-lesson-contracts"

    def __init__(self, *, seed: int = 4, dealer: Seat = Seat.NORTH, declarer: Seat = Seat.NORTH,
                 contract: Contract | str | None = None, honours: bool = True,
                 saved: SavedTables | str | Path | None = None, rules: RuleSet | str = SEED,
                 lang: str | None = None) -> None:
        lang = lesson_language(lang)
        super().__init__(lang=lang)
        self.rules = as_rule_set(rules)
        self.saved = SavedTables.load(saved) if isinstance(saved, (str, Path)) else saved
        chosen = Contract.parse(contract) if isinstance(contract, str) else contract
        self.chosen: Contract | None = chosen
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description=text("explore_seed", lang))
        self.dealer = widgets.Dropdown(options=[(seat_name(s, lang), s) for s in Seat], value=dealer,
                                       description=text("explore_dd_dealer", lang))
        self.declarer = widgets.Dropdown(options=[(seat_name(s, lang), s) for s in Seat],
                                         value=chosen.declarer if chosen is not None else declarer,
                                         description=text("explore_declarer", lang))
        self.honours = widgets.Checkbox(value=honours, description=text("explore_dd_honours_toggle", lang),
                                        indent=False)
        self.strains = self.rules.strain_order
        self.deal_box = html()
        self.summary = html()
        self.legend = html()
        self.honours_line = html()  # what the honours add at the chosen contract's strain, level 1 to 7
        self.cells: dict[tuple[int, Strain], Any] = {}
        grid_children = [html("vint-dd-head"),
                         *(html("vint-dd-head", value=render.esc(s.symbol)) for s in self.strains)]
        for level in range(1, 8):
            grid_children.append(html("vint-dd-head", value=str(level)))
            for strain in self.strains:
                cell = widgets.Button(description="", layout=shared("layout"), style=shared("button"))
                cell.add_class("vint-dd-cell")
                cell.on_click(lambda _b, key=(level, strain): self._safely(lambda: self._clicked(*key)))
                self.cells[level, strain] = cell
                grid_children.append(cell)
        self.grid_box = widgets.Box(grid_children, layout=shared("layout"))
        self.grid_box.add_class("vint-dd-grid")
        self.grid: ContractGrid | None = None
        self.view: Any = None
        self._tables: dict[tuple[int, ...], Table] = {}
        self._grids: dict[tuple[tuple[int, ...], bool], ContractGrid] = {}
        self._cell_state: dict[tuple[int, Strain], tuple[str, str, tuple[str, ...]]] = {}
        self._source = "saved"  # where the shown table came from: "saved" or "live"
        css = html(value=f"<style>{_GRID_CSS}.vint-lesson-contracts{{--vint-dd-columns:{len(self.strains)}}}"
                         f"</style>")
        self._live((self.seed, self.dealer, self.declarer, self.honours),
                   [css, hbox([self.seed, self.dealer, self.declarer, self.honours], "vint-lesson-row"),
                    self.deal_box, self.summary, self.grid_box, self.legend, self.honours_line],
                   text("explore_dd_title", lang))
        self._draw_title(text("explore_dd_title", lang), text("explore_dd_subtitle", lang))

    # -- what the learner does ------------------------------------------------------------------

    def choose(self, contract: Contract | str) -> Any:
        """Explain ``contract`` (``"4♥ N"``), as a click on its cell does (after choosing its declarer)."""
        chosen = Contract.parse(contract) if isinstance(contract, str) else contract
        self.chosen = chosen
        if self.declarer.value is not chosen.declarer:
            self.declarer.value = chosen.declarer  # redraws the grid of this declarer, keeping the choice
        else:
            self._explain()
        return self.view

    def cell(self, level: int, strain: Strain | str) -> Any:
        """The grid's button for ``level`` and ``strain`` (of the declarer shown)."""
        return self.cells[level, _strain(strain)]

    def _clicked(self, level: int, strain: Strain) -> None:
        self.chosen = Contract(level, strain, self.declarer.value)
        self._explain()

    # -- drawing ---------------------------------------------------------------------------------

    def _table(self, deal: Deal) -> Table | None:
        """The deal's double-dummy tricks: saved, solved before, or solved now (saying so first); None without
        endplay, after a sentence that says how to get them."""
        key = tuple(hand._mask for hand in deal.hands)
        table = self._tables.get(key)
        if table is None and self.saved is not None:
            table = self.saved.table_for(deal)
        if table is None:
            if not analysis.available():
                why = DoubleDummyUnavailable().message(self.lang)
                seed = self.seed.value
                self._draw_status(text("explore_dd_not_saved", self.lang, seed=seed, why=why,
                                       seeds=_seeds_text(self.saved.seeds)) if self.saved is not None and
                                  self.saved.seeds else text("explore_dd_none_saved", self.lang, seed=seed, why=why))
                return None
            self._draw_hands(deal)  # the new hands at once, while the solver works
            self._draw_status(text("explore_dd_analysing", self.lang, seed=self.seed.value))
            table = analysis.dd_table(deal)
            self._tables[key] = table
            self._source = "live"
        else:
            self._source = "live" if key in self._tables else "saved"
        return table

    def refresh(self) -> None:
        """Draw the deal of the seed and dealer chosen, its double-dummy table and the grid of the declarer."""
        deal = Deal.new(seed=self.seed.value, dealer=self.dealer.value, rules=self.rules)
        table = self._table(deal)
        if table is None:
            self._draw_hands(deal)
            self.grid = self.view = None
            self.summary.value = self.legend.value = self.honours_line.value = ""
            for key, cell in self.cells.items():
                self._draw_cell(key, "—", "", ("vint-dd-cell",))
                cell.disabled = True
            self.lines = []
            self._draw_feedback()
            return
        self._draw_hands(deal, table)
        shown = (tuple(hand._mask for hand in deal.hands), bool(self.honours.value))
        grid = self._grids.get(shown)
        if grid is None:
            grid = self._grids[shown] = contract_grid(deal, table, honours=self.honours.value)
        self.grid = grid
        seeds = _seeds_text(self.saved.seeds) if self.saved is not None else ""
        self._draw_status(text(f"explore_dd_{self._source}", self.lang, seed=self.seed.value, seat=deal.dealer,
                               seeds=seeds))
        self._draw_grid()
        declarer = self.declarer.value
        chosen = self.chosen
        if chosen is None or (chosen.level, chosen.strain) not in self.cells:
            chosen = grid.best_by(declarer).contract
        self.chosen = Contract(chosen.level, chosen.strain, declarer)
        self._explain()

    def _draw_hands(self, deal: Deal, table: Table | None = None) -> None:
        """The four hands and, once known, the double-dummy table beside them."""
        tricks = _table_html(table, self.strains, self.lang) if table is not None else ""
        self.deal_box.value = (f'<div class="vint vint-dd-top" style="display:flex;flex-wrap:wrap">'
                               f"{_deal_diagram(deal, self.lang)}{tricks}</div>")

    def _draw_grid(self) -> None:
        grid = self.grid
        assert grid is not None
        declarer = self.declarer.value
        side = declarer.side
        margins = [score.margin(Side.NS) for score in grid.scores.values() if score.contract.declarer is declarer]
        low, high = min(margins), max(margins)
        best = grid.best_by(declarer).contract
        for (level, strain), cell in self.cells.items():
            score = grid.scores.get(Contract(level, strain, declarer))
            if score is None:  # below the deal's minimum level
                self._draw_cell((level, strain), "—", "", ("vint-dd-cell",))
                cell.disabled = True
                continue
            cell.disabled = False
            ns, ew = score.points
            step = round((score.margin(Side.NS) - low) / (high - low) * (_HEAT_STEPS - 1)) if high > low \
                else _HEAT_STEPS // 2
            star = score.contract == best
            tip = text("explore_dd_cell", self.lang, contract=f"{level}{strain.symbol}", seat=declarer, ns=ns, ew=ew)
            self._draw_cell((level, strain), f"{'★ ' if star else ''}{ns} : {ew}", tip,
                            ("vint-dd-cell", f"vint-heat-{step}", *(("vint-dd-best",) if star else ())))
        lines = [text("analysis_best", self.lang, side=s, contract=b.contract.bid, seat=b.contract.declarer,
                      tricks=b.declarer_tricks, mine=b.points[s], theirs=b.points[s.other])
                 for s, b in zip(Side, grid.best, strict=True)]
        if not grid.honours:
            lines.append(text("explore_dd_honours_off", self.lang))
        caption = text("explore_dd_grid", self.lang, seat=declarer, side=side)
        self.summary.value = (f'<div class="vint"><ul>{"".join(f"<li>{render.esc(x)}</li>" for x in lines)}</ul>'
                              f"<p>{render.esc(caption)}</p></div>")
        swatches = "".join(f'<span class="vint-dd-swatch vint-heat-{k}"></span>' for k in range(_HEAT_STEPS))
        scale = render.esc(text("explore_dd_scale", self.lang, low=low, high=high))
        self.legend.value = f'<div class="vint vint-note">{low} {swatches} {high} · {scale}</div>'

    def _draw_cell(self, key: tuple[int, Strain], label: str, tip: str, classes: tuple[str, ...]) -> None:
        """Change a cell only where it differs: each change is a message to the page."""
        chosen = self.chosen
        if chosen is not None and key == (chosen.level, chosen.strain) and label != "—":
            classes = (*classes, "vint-dd-chosen")
        if self._cell_state.get(key) == (label, tip, classes):
            return
        self._cell_state[key] = (label, tip, classes)
        cell = self.cells[key]
        with cell.hold_sync():
            cell.description, cell.tooltip, cell._dom_classes = label, tip, classes

    def _explain(self) -> None:
        """The chosen contract in one sentence with the engine's score lines, and what honours add at its strain."""
        grid, chosen = self.grid, self.chosen
        if grid is None or chosen is None:
            return
        for key, (label, tip, classes) in list(self._cell_state.items()):
            self._draw_cell(key, label, tip, tuple(c for c in classes if c != "vint-dd-chosen"))
        if chosen not in grid.scores:
            self.view = None
            self.lines = [(text("explore_dd_no_contract", self.lang, contract=str(chosen.bid),
                                seat=chosen.declarer), "vint-illegal")]
        else:
            self.view = grid.outcome(chosen)
            self.lines = [(self.view.text(self.lang), "")]
        honours = grid.honours_text(chosen.strain, chosen.declarer, self.lang)
        self.honours_line.value = f'<div class="vint"><p>{render.esc(honours)}</p></div>'
        self._draw_feedback()
