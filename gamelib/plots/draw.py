"""Drawing helpers shared by the figures: cells, P/N markers, labels that fit their cells, colour bars, ticks.

They draw only what they are given; nothing here knows a game.

>>> from gamelib.plots.figure import new_figure
>>> fig, ax = new_figure(4, 1.5, left=0.3, right=0.3, bottom=0.3, top=0.4, title="two cells")
>>> _ = ax.set_xlim(-0.5, 1.5), ax.set_ylim(-0.5, 0.5)
>>> size = fit_text(ax, 1)
>>> draw_p_markers(ax, [0], [0], size).get_gid(), size > 0
('p-markers', True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, cast

import matplotlib
import numpy as np
from matplotlib.collections import PathCollection, PolyCollection
from matplotlib.colors import BoundaryNorm, Colormap, LogNorm, Normalize
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.ticker import Locator, LogLocator, MaxNLocator
from matplotlib.transforms import Affine2D, blended_transform_factory, offset_copy

from gamelib.plots.figure import points_per_unit
from gamelib.plots.style import (
    CELL,
    LABEL_SIZE,
    MIN_TEXT_SIZE,
    N_COLOUR,
    N_TEXT_COLOUR,
    P_COLOUR,
    P_EDGE_COLOUR,
    P_EDGE_WIDTH,
    P_TEXT_COLOUR,
    TICK_SIZE,
)


def fit_text(ax: Any, chars: int, width: float = CELL, height: float = CELL, largest: float = 12) -> float:
    """The font size that fits ``chars`` characters in a cell, or 0 when that is below MIN_TEXT_SIZE."""
    across, up = points_per_unit(ax)
    size = min(largest, 0.55 * height * up, 0.72 * width * across / (0.64 * max(chars, 1)))
    return size if size >= MIN_TEXT_SIZE else 0.0


def cell_squares(xs: Iterable[float], ys: Iterable[float], width: float, height: float | np.ndarray,
                 **style: Any) -> PolyCollection:
    """ONE collection of ``width`` x ``height`` rectangles centred on the points (x, y), in data coordinates
    (``height`` may also give each rectangle its own height).

    ``style`` goes to :class:`~matplotlib.collections.PolyCollection` (``facecolor``, ``edgecolor``,
    ``zorder`` ...). The corners are computed as one array: a collection of ``Rectangle`` patches costs
    Python work per cell, about 20 ms for the few hundred cells of a heatmap.

    >>> cells = cell_squares([0, 1], [0, 0], 0.5, 0.5)
    >>> cells.get_paths()[1].vertices[:4].tolist()
    [[0.75, -0.25], [1.25, -0.25], [1.25, 0.25], [0.75, 0.25]]
    """
    x, y = np.asarray(list(xs), dtype=float), np.asarray(list(ys), dtype=float)
    if x.shape != y.shape:
        raise ValueError(f"cell_squares needs as many xs as ys, got {x.size} and {y.size}")
    half_h = np.broadcast_to(np.asarray(height, dtype=float) / 2, x.shape)
    corners = np.stack([np.column_stack([x + dx, y + sy * half_h])
                        for dx, sy in ((-width / 2, -1), (width / 2, -1), (width / 2, 1), (-width / 2, 1))], axis=1)
    return PolyCollection(cast(Any, corners), **style)


@lru_cache(maxsize=2048)
def _glyphs(text: str, bold: bool, anchor: str = "center") -> Path:
    """The outline of ``text`` at size 1 point, centred vertically on 0 and horizontally by ``anchor``."""
    outline = TextPath((0, 0), text, size=1, prop=FontProperties(family="DejaVu Sans",
                                                               weight="bold" if bold else "normal"))
    vertices = outline.vertices
    if len(vertices) == 0:
        return Path(np.zeros((1, 2)), [Path.MOVETO])
    low, high = vertices.min(axis=0), vertices.max(axis=0)
    x = {"center": (low[0] + high[0]) / 2, "left": low[0], "right": high[0]}[anchor]
    return Path(vertices - (x, (low[1] + high[1]) / 2), outline.codes)


def text_width(text: str, fontsize: float, bold: bool = False) -> float:
    """Width in points of ``text`` as :func:`draw_labels` draws it at ``fontsize`` (its glyph outlines).

    >>> text_width("-1", 10) < text_width("-10", 10)
    True
    """
    return _glyph_width(str(text), bold) * fontsize


@lru_cache(maxsize=2048)
def _glyph_width(text: str, bold: bool) -> float:
    """Width of ``text``'s outline at size 1 point.

    Exact for short labels (``Path.get_extents``, kept once found). A long line, such as a figure's equation,
    takes ~20 ms that way, so its width comes from the outline's points, control points of the curves
    included: at most a hair wider than the outline, a fraction of a per cent of a long line's width.
    """
    outline = _glyphs(text, bold)
    if len(text) <= 8:
        return float(outline.get_extents().width)
    xs = np.asarray(outline.vertices)[:, 0]
    return float(xs.max() - xs.min())


def draw_labels(ax: Any, xs: Sequence[float], ys: Sequence[float], texts: Sequence[str], fontsize: float,
            colours: str | Sequence = "black", bold: bool = False, gid: str = "labels",
            shift: tuple[float, float] = (0.0, 0.0), along: str | None = None,
            anchor: str = "center", place: Any = None) -> PathCollection | None:
    """Many short labels centred on (x, y) in data coordinates, drawn as ONE collection of glyph outlines.

    Hundreds of separate ``Text`` artists take hundreds of milliseconds to draw; one collection takes a
    few. ``shift`` moves the labels by (right, up) points. ``along="x"`` reads y as a fraction of the axes
    height and ``along="y"`` reads x as a fraction of its width (labels beside the plotting area). The
    collection keeps its strings in a ``texts`` attribute, so tests can read what was written where.
    ``place`` gives the coordinates of (x, y) directly (e.g. ``fig.dpi_scale_trans`` for inches).
    """
    if not fontsize or not len(texts):
        return None
    if place is not None:
        pass
    elif along == "x":
        place = blended_transform_factory(ax.transData, ax.transAxes)
    elif along == "y":
        place = blended_transform_factory(ax.transAxes, ax.transData)
    else:
        place = ax.transData
    dx, dy = shift
    labels = PathCollection([_glyphs(str(t), bold, anchor) for t in texts], offsets=np.column_stack([xs, ys]),
                            offset_transform=place, facecolors=colours, edgecolors="none", zorder=4,
                            transform=Affine2D().scale(fontsize / 72).translate(dx / 72, dy / 72)
                            + ax.figure.dpi_scale_trans)
    labels.set_gid(gid)
    labels.set_clip_on(along is None and place is None)
    labels.texts = [str(t) for t in texts]  # type: ignore[attr-defined]  # what was written, for tests
    ax.add_collection(labels, autolim=False)
    return labels


def draw_p_markers(ax: Any, xs: Sequence[float], ys: Sequence[float], fontsize: float,
                    width: float = CELL, height: float = CELL) -> PolyCollection:
    """Draw P-positions: THE one way every figure marks them (vermillion, black edge, bold "P").

    The axes limits must be set first (the letter and the edge are sized to the cells). The squares form
    one collection with gid ``"p-markers"``, the letters one with gid ``"p-labels"``.
    """
    across, up = points_per_unit(ax)
    cell = min(width * across, height * up)  # the edge thins on tiny cells so the colour still shows
    edge = P_EDGE_WIDTH if cell >= 9 else max(0.3, P_EDGE_WIDTH * cell / 9)
    markers = cell_squares(xs, ys, width, height, facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR,
                           linewidth=edge, zorder=3)
    markers.set_gid("p-markers")
    ax.add_collection(markers, autolim=False)
    draw_labels(ax, xs, ys, ["P"] * len(xs), fontsize, P_TEXT_COLOUR, bold=True, gid="p-labels")
    return markers


def draw_n_cells(ax: Any, xs: Sequence[float], ys: Sequence[float], fontsize: float,
                  width: float = CELL, height: float = CELL) -> None:
    """Draw N-positions: light grey squares with a grey "N"."""
    cells = cell_squares(xs, ys, width, height, facecolor=N_COLOUR, edgecolor="none", zorder=2)
    cells.set_gid("n-cells")
    ax.add_collection(cells, autolim=False)
    draw_labels(ax, xs, ys, ["N"] * len(xs), fontsize, N_TEXT_COLOUR, gid="n-labels")


def draw_outcomes(ax: Any, xs: Sequence[int], outcomes: Sequence[str], y: float, fontsize: float,
                   height: float = CELL) -> list[int]:
    """One row of P/N cells; returns the x of the P cells."""
    p_xs = [x for x, o in zip(xs, outcomes, strict=True) if o == "P"]
    n_xs = [x for x, o in zip(xs, outcomes, strict=True) if o != "P"]
    draw_n_cells(ax, n_xs, [y] * len(n_xs), fontsize, height=height)
    draw_p_markers(ax, p_xs, [y] * len(p_xs), fontsize, height=height)
    return p_xs


def discrete_colours(cmap_name: str, count: int) -> tuple[Colormap, BoundaryNorm]:
    """A colour map with one colour per whole number 0 .. count - 1.

    >>> cmap, norm = discrete_colours("viridis", 3)
    >>> cmap.N, int(norm(2))
    (3, 2)
    """
    count = max(count, 1)
    cmap = matplotlib.colormaps[cmap_name].resampled(max(count, 2))
    return cmap, BoundaryNorm(np.arange(-0.5, max(count, 2) + 0.5), cmap.N)


def _text_colour(rgb: Sequence[float]) -> str:
    """Black or white, whichever reads better on the colour ``rgb``."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb[:3])
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.22 else "white"


def draw_values(ax: Any, xs: Sequence[float], ys: Sequence[float], values: Sequence[int], cmap: Colormap,
                 norm: Normalize, fontsize: float, width: float = CELL, height: float = CELL) -> None:
    """Cells coloured by value, each with its value written in it (when the cells are big enough)."""
    colours = cmap(norm(np.asarray(values, dtype=float)))
    cells = cell_squares(xs, ys, width, height, facecolor=colours, edgecolor="none", zorder=2)
    cells.set_gid("value-cells")
    ax.add_collection(cells, autolim=False)
    draw_labels(ax, xs, ys, [str(v) for v in values], fontsize, [_text_colour(c) for c in colours], gid="value-labels")


def colour_bar(fig: Figure, ax: Any, cmap: Colormap, norm: Normalize, label: str, count: int | None,
                gap: float = 0.15, width: float = 0.14, bottom: float | None = None,
                height: float | None = None) -> PolyCollection:
    """A colour bar right of ``ax`` (sizes in inches): one block per whole number 0 .. count - 1 when
    ``count`` is given, else a smooth scale from ``norm.vmin`` to ``norm.vmax``.

    Drawn by hand on the figure (blocks, one label collection and a label), without an axes of its own:
    matplotlib's colour bar costs more than the rest of a strip figure. The blocks have gid
    ``"colour-bar"`` and keep ``values`` (the value of each block, bottom first).
    """
    fig_w, fig_h = fig.get_size_inches()
    box = ax.get_position()
    x0 = box.x1 * fig_w + gap
    y0 = box.y0 * fig_h if bottom is None else bottom
    h = box.height * fig_h if height is None else height
    if count is not None:
        values = np.arange(count, dtype=float)
        ticks: list[float] = list(range(0, count, max(1, math.ceil(count / 8))))
        positions = [y0 + h * (t + 0.5) / count for t in ticks]
    else:
        slices = 64
        values = norm.inverse((np.arange(slices) + 0.5) / slices)
        low, high = float(cast(float, norm.vmin)), float(cast(float, norm.vmax))
        locator: Locator = LogLocator(subs=(1.0, 2.0, 5.0)) if isinstance(norm, LogNorm) else \
            MaxNLocator(nbins=5, integer=True)
        ticks = [float(t) for t in locator.tick_values(low, high) if low <= t <= high]
        positions = [y0 + h * float(norm(t)) for t in ticks]
    step = h / len(values)
    overlap = [1.02] * (len(values) - 1) + [1.0]  # no hairline gaps between blocks, none above the top
    bottoms = y0 + step * np.arange(len(values))
    heights = step * np.asarray(overlap)
    blocks = cell_squares(np.full(len(values), x0 + width / 2), bottoms + heights / 2, width, heights,
                          facecolor=cmap(norm(values)), edgecolor="none", transform=fig.dpi_scale_trans)
    blocks.set_gid("colour-bar")
    blocks.values = values.tolist()  # type: ignore[attr-defined]  # each block's value, bottom first, for tests
    fig.add_artist(blocks)
    fig.add_artist(Rectangle((x0, y0), width, h, facecolor="none", edgecolor="#333333", linewidth=0.6,
                             transform=fig.dpi_scale_trans))
    draw_labels(ax, [x0 + width] * len(ticks), positions, [f"{t:g}" for t in ticks], TICK_SIZE - 1,
            gid="colour-bar-numbers", shift=(3, 0), anchor="left", place=fig.dpi_scale_trans)
    digits = max((len(f"{t:g}") for t in ticks), default=1)
    fig.text((x0 + width + 0.1 + 0.0088 * (TICK_SIZE - 1) * digits) / fig_w, (y0 + h / 2) / fig_h, label,
             rotation=90, ha="left", va="center", fontsize=TICK_SIZE, gid="colour-bar-label")
    return blocks


def axis_numbers(ax: Any, side: str, positions: Sequence[int], texts: Sequence[str] | None = None,
                  fontsize: float = TICK_SIZE, gid: str = "axis-numbers") -> None:
    """Numbers beside the plotting area at the given data positions ('top', 'bottom' or 'left')."""
    texts = [str(p) for p in positions] if texts is None else texts
    gap = 3 + fontsize / 2
    if side == "left":
        draw_labels(ax, [0.0] * len(positions), positions, texts, fontsize, gid=gid, shift=(-4, 0), along="y",
                anchor="right")
    else:
        top = side == "top"
        draw_labels(ax, positions, [1.0 if top else 0.0] * len(positions), texts, fontsize, gid=gid,
                shift=(0, gap if top else -gap), along="x")


def row_labels(ax: Any, ys: Sequence[float], texts: Sequence[str], fontsize: float = LABEL_SIZE) -> None:
    """Names of the rows of a strip, right-aligned left of the axes (real text: they may have two lines)."""
    place = blended_transform_factory(ax.transAxes, ax.transData)
    for y, text in zip(ys, texts, strict=True):
        ax.text(-0.008, y, text, transform=place, ha="right", va="center", fontsize=fontsize, gid="row-label",
                linespacing=1.15)


def tick_step(room: float, chars: int, fontsize: float = TICK_SIZE) -> int:
    """Every how many cells a number can be written when each cell is ``room`` points wide.

    >>> tick_step(20, 2), tick_step(5, 3)   # two digits fit in 20 points; three need five cells of 5
    (1, 5)
    """
    need = 0.64 * fontsize * chars + 4
    return next((s for s in (1, 2, 5, 10, 20, 50) if room * s >= need), 100)


def heap_ticks(ax: Any, first: int, last: int, top: bool = True, label: str = "heap size n") -> None:
    """Heap numbers along x (every heap when they fit, else every 2nd, 5th or 10th), on top or at the bottom."""
    across, _ = points_per_unit(ax)
    step = tick_step(across, len(str(last)))
    axis_numbers(ax, "top" if top else "bottom", [n for n in range(first, last + 1) if n % step == 0],
                  gid="heap-numbers")
    if top:
        ax.xaxis.set_label_position("top")
    ax.set_xlabel(label, fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)


def bare_axes(ax: Any) -> None:
    """Hide the four spines (the frame) of ``ax``: cells and labels alone show the data."""
    for side in ("left", "right", "top", "bottom"):
        ax.spines[side].set_visible(False)


def data_to_inches(ax: Any, y: float) -> float:
    """Height above the figure's bottom edge, in inches, of the data coordinate y."""
    box = ax.get_position()
    y0, y1 = ax.get_ylim()
    fig_h = ax.figure.get_figheight()
    return (box.y0 + box.height * (y - y0) / (y1 - y0)) * fig_h


def draw_bracket(ax: Any, x0: float, x1: float, y: float, depth: float, text: str, colour: str, dashed: bool,
             open_right: bool = False, fontsize: float = TICK_SIZE) -> None:
    """A bracket under cells x0 .. x1 (ticks pointing up towards the cells), with ``text`` below it."""
    left, right = x0 - 0.45, x1 + 0.45
    points = [(left, y + depth), (left, y), (right, y)] + ([] if open_right else [(right, y + depth)])
    xs, ys = zip(*points, strict=True)
    ax.add_line(Line2D(xs, ys, color=colour, linewidth=1.8, linestyle=(0, (4, 2)) if dashed else "-",
                       solid_capstyle="butt", zorder=3, gid="bracket"))
    if text:
        ax.text((left + right) / 2, y, text, ha="center", va="top", fontsize=fontsize, color=colour,
                gid="bracket-label", transform=offset_copy(ax.transData, fig=ax.figure, y=-2, units="points"))
