"""The course's plots, in one style: the only module of vint_core that imports matplotlib.

Every plot has a title, labelled axes with their units and the colour-blind-safe Okabe–Ito
colours; the figure is drawn on its own white card, so it reads the same in JupyterLab's light
and dark themes. ``import vint_core`` does not load this module (nor matplotlib).

- :func:`trick_points` — both sides' points for one contract, by the tricks the declarers take;
- :func:`honours_odds_plot` — the exact odds of a side's honours against a seeded simulation;
- :func:`race` — a rubber's race to the target (:func:`vint_core.explore.rubber_race`);
- :func:`heat_map` — a table of numbers as coloured cells, each cell labelled with its number;
- :func:`heat_colours` — the heat map's colours as CSS, for an HTML grid that colours its cells alike;
- :func:`svg` — a figure as an SVG string; :func:`svg_img`, as an image of it, for a widget to show.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from matplotlib import colormaps, rc_context
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from vint_core.auction import Contract
from vint_core.explore import RaceStep
from vint_core.i18n import side_name, text
from vint_core.rules import SEED, RuleSet, as_rule_set
from vint_core.scoring import score_contract, totals
from vint_core.seats import Side

__all__ = ["OKABE_ITO", "SIDE_COLOURS", "Plot", "figure", "heat_colours", "heat_map", "honours_odds_plot", "race",
           "svg", "svg_img", "trick_points"]

#: Okabe & Ito's colours, safe for the common colour blindnesses
OKABE_ITO = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#000000")
#: N–S blue, E–W vermilion, in every plot of the course
SIDE_COLOURS = {Side.NS: "#0072B2", Side.EW: "#D55E00"}
_INK = "#222222"
#: the colour scale of heat maps: cividis, dark blue to yellow, made to read alike with the common colour blindnesses
_HEAT = "cividis"


class Plot(Figure):  # type: ignore[misc,unused-ignore]
    """A matplotlib figure that shows itself in a notebook (as PNG) without pyplot."""

    def _repr_png_(self) -> bytes:
        out = io.BytesIO()
        self.savefig(out, format="png", dpi=110, facecolor=self.get_facecolor())
        return out.getvalue()


def figure(title: str, *, xlabel: str, ylabel: str, size: tuple[float, float] = (7.0, 3.8)) -> tuple[Plot, Any]:
    """A figure with one axes in the course's style: white card, dark ink, light grid, the title and labels."""
    fig = Plot(figsize=size, facecolor="white", layout="constrained")
    ax = fig.add_subplot()
    ax.set_facecolor("white")
    ax.set_title(title, color=_INK, fontsize=12)
    ax.set_xlabel(xlabel, color=_INK)
    ax.set_ylabel(ylabel, color=_INK)
    ax.tick_params(colors=_INK)
    ax.grid(True, color="#dddddd", linewidth=0.8)
    ax.set_axisbelow(True)
    for spine in ax.spines.values():
        spine.set_color("#888888")
    return fig, ax


def trick_points(contract: Contract | str, *, rules: RuleSet | str = SEED, lang: str = "en") -> Plot:
    """Both sides' points (honours aside) for ``contract``, for each number of tricks the declarers take."""
    rules = as_rule_set(rules)
    if isinstance(contract, str):
        contract = Contract.parse(contract)
    taken = list(range(14))
    points = [totals(score_contract(contract, tricks=n, rules=rules)) for n in taken]
    fig, ax = figure(text("plot_trick_points_title", lang, contract=contract),
                     xlabel=text("plot_tricks_axis", lang), ylabel=text("plot_points_axis", lang))
    for side, marker in ((Side.NS, "o"), (Side.EW, "s")):
        ax.plot(taken, [p[side] for p in points], marker=marker, color=SIDE_COLOURS[side],
                label=side_name(side, lang))
    ax.axvline(contract.tricks_needed, color="#666666", linestyle="--", linewidth=1,
               label=text("plot_needed", lang, n=contract.tricks_needed))
    ax.set_xticks(taken)
    ax.legend(frameon=False, labelcolor=_INK)
    return fig


def honours_odds_plot(exact: Mapping[int, Fraction], simulated: Mapping[int, Fraction], *, title: str,
                      deals: int, lang: str = "en") -> Plot:
    """The exact odds of holding n honours (bars) against the share in ``deals`` simulated deals (dots)."""
    fig, ax = figure(title, xlabel=text("plot_honours_axis", lang), ylabel=text("plot_share_axis", lang))
    counts = sorted(exact)
    ax.bar(counts, [100 * float(exact[n]) for n in counts], color=OKABE_ITO[1], edgecolor=_INK, linewidth=0.6,
           label=text("plot_exact_odds", lang))
    ax.plot(counts, [100 * float(simulated.get(n, 0)) for n in counts], "D", color=OKABE_ITO[5], markersize=8,
            label=text("plot_simulated", lang, deals=deals))
    ax.set_xticks(counts)
    ax.legend(frameon=False, labelcolor=_INK)
    return fig


def race(steps: Sequence[RaceStep], *, target: int, lang: str = "en", size: tuple[float, float] = (7.0, 3.8)) -> Plot:
    """Each side's total after each deal of a rubber, from 0 before the first, with the target as a line."""
    fig, ax = figure(text("explore_race_title", lang, target=target), xlabel=text("explore_deals_axis", lang),
                     ylabel=text("explore_points_axis", lang), size=size)
    numbers = [0, *(step.number for step in steps)]
    for side, marker in ((Side.NS, "o"), (Side.EW, "s")):
        ax.plot(numbers, [0, *(step.totals[side] for step in steps)], marker=marker, color=SIDE_COLOURS[side],
                label=side_name(side, lang))
    ax.axhline(target, color="#666666", linestyle="--", linewidth=1,
               label=text("explore_target_label", lang, target=target))
    ax.set_xticks(numbers)
    # headroom above the target line for the legend in one row, so the legend never hides the line
    highest = max([target, *(max(step.totals[Side.NS], step.totals[Side.EW]) for step in steps)])
    ax.set_ylim(bottom=0, top=highest * 1.3)
    ax.legend(frameon=False, labelcolor=_INK, loc="upper left", ncol=3)
    return fig


def heat_map(values: Sequence[Sequence[int]], *, rows: Sequence[str], columns: Sequence[str], title: str,
             xlabel: str, ylabel: str, unit: str, size: tuple[float, float] = (7.0, 4.6)) -> Plot:
    """``values[r][c]`` as the colour of cell (r, c), its number written in it; the colour bar is labelled ``unit``.

    The colours are cividis (dark blue to yellow), made to read alike with the common colour blindnesses.
    """
    fig, ax = figure(title, xlabel=xlabel, ylabel=ylabel, size=size)
    ax.grid(False)
    image = ax.imshow(values, cmap=_HEAT, aspect="auto", origin="lower")
    low, high = image.get_clim()
    for r, row in enumerate(values):
        for c, value in enumerate(row):
            dark = value < (low + high) / 2
            ax.text(c, r, str(value), ha="center", va="center", fontsize=8, color="white" if dark else _INK)
    ax.set_xticks(range(len(columns)), list(columns))
    ax.set_yticks(range(len(rows)), list(rows))
    bar = fig.colorbar(image, ax=ax)
    bar.set_label(unit, color=_INK)
    bar.ax.tick_params(colors=_INK)
    return fig


def heat_colours(steps: int = 9) -> tuple[tuple[str, str], ...]:
    """``steps`` colours of :func:`heat_map`'s scale, low to high, each with the ink its numbers are written in:
    white or black, whichever contrasts more (at least 4.5 : 1 on any colour, WCAG's level for text).

    >>> heat_colours(3)
    (('#00224e', '#ffffff'), ('#7d7c78', '#000000'), ('#fee838', '#000000'))
    """
    out = []
    for k in range(steps):
        red, green, blue, _alpha = colormaps[_HEAT](k / (steps - 1))
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)]
        luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        # contrast with white (1.05 / (L + .05)) against black ((L + .05) / .05): equal at L ≈ 0.179
        out.append((to_hex((red, green, blue)), "#000000" if (luminance + 0.05) ** 2 > 1.05 * 0.05 else "#ffffff"))
    return tuple(out)


def svg(fig: Figure) -> str:
    """The figure as an SVG document (text), for an HTML widget: its words as text, not as outlines of glyphs
    (half the bytes for the page to read)."""
    out = io.StringIO()
    with rc_context({"svg.fonttype": "none"}):
        fig.savefig(out, format="svg", facecolor=fig.get_facecolor())
    return out.getvalue()


def svg_img(fig: Figure, *, alt: str) -> str:
    """The figure as an ``<img>`` of its SVG (a data URL), described by ``alt``: the page draws it as one picture,
    without adding its hundreds of elements to the page's own (each one's style to work out, in JupyterLab's
    big stylesheet), which made a widget's click slow to show."""
    data = base64.b64encode(svg(fig).encode("utf-8")).decode("ascii")
    return (f'<img class="vint-plot" src="data:image/svg+xml;base64,{data}" alt="{html.escape(alt)}" '
            'style="max-width:100%;height:auto">')
