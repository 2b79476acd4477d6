"""The course's plots, drawn without Jupyter: what a learner reads off them is not hidden by their own parts."""

from __future__ import annotations

import pytest

from vint_core.explore import rubber_race
from vint_core.plots import race


@pytest.mark.parametrize("seed", [1, 8, 11])
def test_the_race_plots_legend_does_not_hide_the_target_line(seed: int) -> None:
    fig = race(rubber_race(seed=seed), target=1000)
    ax = fig.axes[0]
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    y_target = ax.transData.transform((0, 1000))[1]
    x_left, x_right = ax.get_window_extent().x0, ax.get_window_extent().x1
    # the dashed line spans the whole width: the legend must lie wholly above or below it
    assert legend.x0 >= x_left and legend.x1 <= x_right
    assert legend.y0 > y_target or legend.y1 < y_target, (legend, y_target)
