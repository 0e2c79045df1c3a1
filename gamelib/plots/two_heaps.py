"""Tables over two numbers: the sum heatmap, the period heatmap of subtraction games, Wythoff's game."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import matplotlib
import numpy as np
from matplotlib.collections import LineCollection
from matplotlib.colors import LogNorm, Normalize
from matplotlib.patches import Patch, Rectangle

from gamelib.analysis.survey import period_grid
from gamelib.arguments import check_int
from gamelib.games.base import Game
from gamelib.games.sums import grundy_table
from gamelib.games.wythoff import Wythoff
from gamelib.limits import (
    MAX_HEATMAP_SIDE,
    MAX_PERIOD_C,
    MAX_WYTHOFF,
)
from gamelib.plots.draw import (
    axis_numbers,
    bare_axes,
    colour_bar,
    discrete_colours,
    draw_p_markers,
    draw_values,
    fit_text,
    tick_step,
)
from gamelib.plots.figure import GameFigure, check_count, check_inches, new_figure, place_axes, title_of
from gamelib.plots.legend import legend_right
from gamelib.plots.style import (
    HIGHLIGHT_COLOUR,
    LABEL_SIZE,
    LINE_COLOUR,
    MARK_INNER_COLOUR,
    MARK_OUTER_COLOUR,
    N_COLOUR,
    P_COLOUR,
    P_EDGE_COLOUR,
    P_EDGE_WIDTH,
    PERIOD_CMAP,
    TICK_SIZE,
    VALUE_CMAP,
)

# ---------------------------------------------------------------------------------------------------------
# Two-dimensional pictures.


def _square_grid(ax: Any, cols: float, rows: float, shift_left: float = 0.0) -> float:
    """Shrink ``ax`` so that its cells are square, keeping it centred (moved left by ``shift_left`` inches).

    Returns the side of a cell in points.
    """
    box = ax.get_position()
    fig_w, fig_h = ax.figure.get_size_inches()
    ax_w, ax_h = box.width * fig_w, box.height * fig_h
    cell = min(ax_w / cols, ax_h / rows)
    place_axes(ax, box.x0 * fig_w + (ax_w - cell * cols) / 2 - shift_left, box.y0 * fig_h + (ax_h - cell * rows),
                cell * cols, cell * rows)
    return 72 * cell


def _grid_numbers(ax: Any, cell_pt: float, xs: Sequence[int], ys: Sequence[int]) -> None:
    """Numbers along the bottom (xs) and the left (ys) of a grid of unit cells, thinned to fit."""
    step = max(tick_step(cell_pt, len(str(max(xs[-1], ys[-1])))), 1 if cell_pt >= 13 else 2)
    axis_numbers(ax, "bottom", [x for x in xs if x % step == 0])
    axis_numbers(ax, "left", [y for y in ys if y % step == 0])


def sum_heatmap(game_a: Any, game_b: Any, rows: int = 16, cols: int = 16, width: float = 8.0,
                height: float = 5.0, mark: tuple[int, int] | None = None) -> GameFigure:
    """Heatmap of the Grundy values g_A(i) XOR g_B(j) of the sum of two games; P-positions (value 0) marked.

    Rows (counted up the page) are the heaps i of game A, columns the heaps j of game B; the colours follow
    'viridis' with a colour bar, and every position of value 0 carries the P marker.

    Parameters
    ----------
    game_a, game_b : normal-play games with ``grundy_values`` or ``grundy``, e.g. ``SubtractionGame({1, 2})``.
    rows, cols : heaps 0 .. rows - 1 of A and 0 .. cols - 1 of B, each 1 to 64.
    width, height : figure size in inches, each 3 to 20.
    mark : a position (i, j) inside the table to outline (the one a panel explains), or None.

    Returns
    -------
    GameFigure with ``plotted`` keys ``values`` (2-D numpy array indexed [i, j]), ``p_positions``
    (list of (i, j)) and ``mark`` (the outlined position or None).

    >>> from gamelib import SubtractionGame
    >>> fig = sum_heatmap(SubtractionGame({1, 2}), SubtractionGame({1, 2, 3}), 6, 6)
    >>> fig.plotted["p_positions"]   # g_A = 0 1 2 0 1 2 and g_B = 0 1 2 3 0 1: equal values XOR to 0
    [(0, 0), (0, 4), (1, 1), (1, 5), (2, 2), (3, 0), (3, 4), (4, 1), (4, 5), (5, 2)]
    """
    width = check_inches(width, "width")
    height = check_inches(height, "height")
    for game in (game_a, game_b):
        if not isinstance(game, Game):
            raise TypeError(f"sum_heatmap needs games with Grundy values, such as SubtractionGame({{1, 2}}); "
                            f"got {game!r}")
    rows = check_count(rows, "rows", MAX_HEATMAP_SIDE)
    cols = check_count(cols, "cols", MAX_HEATMAP_SIDE)
    if mark is not None:
        if (not isinstance(mark, tuple) or len(mark) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in mark)
                or not (0 <= mark[0] < rows and 0 <= mark[1] < cols)):
            raise ValueError(f"mark must be a position (i, j) with 0 <= i < {rows} and 0 <= j < {cols}, "
                             f"got {mark!r}")
    values = grundy_table(game_a, game_b, rows, cols)
    title_a, title_b = title_of(game_a), title_of(game_b)
    fig, ax = new_figure(width, height, left=1.0, right=1.0, bottom=0.6, top=0.45,
                          title=f"Sum of A: {title_a} and B: {title_b}")
    cell_pt = _square_grid(ax, cols, rows, shift_left=0.4)
    count = int(values.max()) + 1
    cmap, norm = discrete_colours(VALUE_CMAP, count)
    ax.imshow(values, origin="lower", cmap=cmap, norm=norm, interpolation="nearest",
              extent=(-0.5, cols - 0.5, -0.5, rows - 0.5), aspect="auto")
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(-0.5, rows - 0.5)
    ii, jj = np.nonzero(values == 0)
    draw_p_markers(ax, jj.tolist(), ii.tolist(), fit_text(ax, 1, largest=11))
    _grid_numbers(ax, cell_pt, list(range(cols)), list(range(rows)))
    ax.set_xlabel(f"heap j of B: {title_b}", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel(f"heap i of A: {title_a}", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 8)
    outlines = []
    if mark is not None:
        i, j = mark
        for colour, line in ((MARK_OUTER_COLOUR, 3.2), (MARK_INNER_COLOUR, 1.4)):
            outline = Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor=colour, linewidth=line, zorder=5)
            outline.set_gid("mark")
            outlines.append(ax.add_patch(outline))
    colour_bar(fig, ax, cmap, norm, "g_A(i) ⊕ g_B(j)   (0: P-position)", count, gap=0.2, width=0.16)
    fig.plotted.update(values=values, p_positions=list(zip(ii.tolist(), jj.tolist(), strict=True)), mark=mark)
    # A panel's slider moves the mark alone: the rest of the picture is kept under these inputs (the mark is
    # the top artist in the table's axes, clipped to it, and nothing drawn later reaches into the table).
    fig.top_layer = (("sum_heatmap", repr(game_a), repr(game_b), title_a, title_b, values.tobytes(), values.shape,
                      width, height), outlines)
    return fig


def _survey_grid(c: int, value: str) -> dict:
    """{(a, b): value} for the sets {a, b, c}, 1 <= a < b < c, from the survey's ``period_grid``."""
    table = period_grid(c, value)
    return {(a, b): int(table[a, b]) for a in range(1, c) for b in range(a + 1, c)}


def period_heatmap(c: int = 12, value: str = "period", width: float = 8.0, height: float = 4.0) -> GameFigure:
    """The period (or preperiod, or largest Grundy value) of S = {a, b, c} for every 1 <= a < b < c, c fixed.

    The numbers come from :func:`gamelib.analysis.survey.period_grid` (the same proven numbers as
    ``periodicity_survey``): one cell per pair, a across and b up, coloured with 'cividis' and a colour bar
    (logarithmic when the values spread widely), the number written in the cell when it fits.

    Parameters
    ----------
    c : the largest element, 3 to 30.
    value : ``"period"``, ``"preperiod"`` or ``"max_grundy"``.
    width, height : figure size in inches, each 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` key ``grid`` (dict (a, b) -> value).

    >>> fig = period_heatmap(5)
    >>> fig.plotted["grid"][(2, 3)]   # S = {2, 3, 5}: g = 0 0 1 1 2 2 3, 0 0 1 1 2 2 3, ...
    7
    """
    width = check_inches(width, "width")
    height = check_inches(height, "height")
    c = check_int(c, "c")
    if not 3 <= c <= MAX_PERIOD_C:
        raise ValueError(f"c must be from 3 to {MAX_PERIOD_C} (sets {{a, b, c}} with 1 <= a < b < c), got {c}")
    names = {"period": "period", "preperiod": "preperiod", "max_grundy": "largest Grundy value"}
    if value not in names:
        raise ValueError(f"value must be one of {', '.join(map(repr, names))}, got {value!r}")
    grid = _survey_grid(c, value)
    side = c - 2  # a = 1 .. c - 2 across, b = 2 .. c - 1 up
    fig, ax = new_figure(width, height, left=1.0, right=1.0, bottom=0.6, top=0.45,
                          title=f"{names[value].capitalize()} of S = {{a, b, {c}}} for 1 ≤ a < b < {c} "
                                f"(Grundy values, normal play)")
    cell_pt = _square_grid(ax, side, side, shift_left=0.4)
    ax.set_xlim(0.5, c - 1.5)
    ax.set_ylim(1.5, c - 0.5)
    found = list(grid.values())
    low, high = min(found), max(found)
    cmap = matplotlib.colormaps[PERIOD_CMAP]
    norm: Normalize
    if low >= 1 and high / low > 20:
        norm = LogNorm(vmin=low, vmax=high)
    else:
        norm = Normalize(vmin=min(low, high - 1), vmax=high)
    keys = sorted(grid)
    size = fit_text(ax, len(str(high)), largest=10)
    draw_values(ax, [a for a, _ in keys], [b for _, b in keys], [grid[k] for k in keys], cmap, norm, size)
    _grid_numbers(ax, cell_pt, list(range(1, c - 1)), list(range(2, c)))
    ax.set_xlabel("a (the smallest element)", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel("b (the middle element)", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 8)
    bare_axes(ax)
    colour_bar(fig, ax, cmap, norm, names[value], None, gap=0.2, width=0.16)
    fig.plotted.update(grid=grid)
    return fig


def wythoff_heatmap(limit: int = 30, width: float = 8.0, height: float = 4.0) -> GameFigure:
    """The P-positions (a, b) of Wythoff's game with a, b < limit, and the lines b = φa and b = a/φ.

    Every cell is a position (N light grey); the P-positions carry the common P marker (the letter is left
    out when the cells are too small to hold it) and lie close to the two lines through the origin.

    Parameters
    ----------
    limit : heaps 0 .. limit - 1 on each axis, 1 to 100.
    width, height : figure size in inches, each 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` key ``p_positions`` (list of (a, b)).

    >>> wythoff_heatmap(8).plotted["p_positions"]
    [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (7, 4)]
    """
    width = check_inches(width, "width")
    height = check_inches(height, "height")
    limit = check_count(limit, "limit", MAX_WYTHOFF)
    game = Wythoff()
    p_positions = game.p_positions(limit)
    fig, ax = new_figure(width, height, left=1.0, right=1.0, bottom=0.6, top=0.45,
                          title=f"{game.title}: P-positions (a, b) with both heaps below {limit}")
    cell_pt = _square_grid(ax, limit, limit, shift_left=0.8)
    ax.set_xlim(-0.5, limit - 0.5)
    ax.set_ylim(-0.5, limit - 0.5)
    ax.set_facecolor(N_COLOUR)
    if cell_pt >= 4:
        edges = np.arange(-0.5, limit, 1.0)
        grid = [((e, -0.5), (e, limit - 0.5)) for e in edges] + [((-0.5, e), (limit - 0.5, e)) for e in edges]
        ax.add_collection(LineCollection(grid, colors="white", linewidths=0.8, zorder=1), autolim=False)
    draw_p_markers(ax, [a for a, _ in p_positions], [b for _, b in p_positions], fit_text(ax, 1, largest=11))
    phi = (1 + math.sqrt(5)) / 2
    ends = np.array([0.0, limit])
    ax.plot(ends, phi * ends, color=HIGHLIGHT_COLOUR, linewidth=2.0, linestyle="--", zorder=5, label="b = φ·a")
    ax.plot(ends, ends / phi, color=LINE_COLOUR, linewidth=2.2, linestyle=":", zorder=5, label="b = a / φ")
    _grid_numbers(ax, cell_pt, list(range(limit)), list(range(limit)))
    ax.set_xlabel("heap a", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel("heap b", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 8)
    handles = [Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=P_EDGE_WIDTH, label="P-position"),
               Patch(facecolor=N_COLOUR, label="N-position"), *ax.get_legend_handles_labels()[0]]
    legend_right(ax, handles, title=f"φ = (1 + √5)/2 ≈ {phi:.4f}", size=TICK_SIZE, gap=0.04)
    fig.plotted.update(p_positions=p_positions)
    return fig
