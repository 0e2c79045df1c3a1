"""Figures for the lessons: every function returns a matplotlib ``Figure`` and never calls ``plt.show``.

The figures are built on :class:`matplotlib.figure.Figure` directly, not through ``pyplot``, so nothing is
kept in pyplot's registry: a figure disappears when nothing refers to it, and a notebook shows it once, as
the last expression of a cell (the figures carry their own ``_repr_png_`` for that).

One look everywhere, safe for colour-blind readers:

* P-positions are always drawn by the same helper: an Okabe–Ito vermillion square with a black edge and a
  bold letter "P". N-positions are light grey with a grey "N" (or take the colour of their value).
* Values are coloured with the sequential maps 'viridis' (Grundy values) and 'cividis' (periods), always
  with a colour bar; highlights use Okabe–Ito blue, orange and sky blue.
* Every axis is labelled and every title names the game (e.g. "S = {2, 5, 7}").

Every figure also records what it drew in ``figure.plotted`` (a dict: the values, the P-positions, ...) so
tests and widgets can check it without reading pixels.

>>> from gamelib import SubtractionGame
>>> fig = sequence_strip(SubtractionGame({1, 3, 4}), 10)
>>> fig.get_suptitle()
'S = {1, 3, 4}: Grundy values of heaps 0 to 9'
>>> fig.plotted["p_positions"]
[0, 2, 7, 9]
"""

from __future__ import annotations

import io
import itertools
import math
import numbers
import textwrap
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

import matplotlib
import numpy as np
from matplotlib.collections import LineCollection, PatchCollection, PathCollection
from matplotlib.colors import BoundaryNorm, Colormap, LogNorm, Normalize
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Patch, Rectangle
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.ticker import LogLocator, MaxNLocator
from matplotlib.transforms import Affine2D, blended_transform_factory, offset_copy

from gamelib.analysis.engine import outcome as engine_outcome
from gamelib.analysis.periodicity import PeriodNotFoundError
from gamelib.analysis.source_algorithms import label_positions
from gamelib.checks import LimitError, check_bool, check_heaps, check_int, check_stop
from gamelib.games.boards import Chomp, Wythoff
from gamelib.games.nim import HEAP_NAMES, Nim, nim_sum
from gamelib.games.sums import grundy_table
from gamelib.limits import (
    MAX_CHOMP_POSITIONS,
    MAX_GRAPH,
    MAX_HEATMAP_SIDE,
    MAX_INCHES,
    MAX_NIM_BITS,
    MAX_NIM_TABLE_HEAPS,
    MAX_PERIOD_C,
    MAX_STRIP,
    MAX_STRIP_GAMES,
    MAX_WYTHOFF,
    MIN_INCHES,
    PLOT_OCTAL_SEARCH,
)

# ---------------------------------------------------------------------------------------------------------
# The palette (Okabe & Ito, "Color Universal Design"), defined once and used by every figure.
#: Fill of every P-position marker: Okabe–Ito vermillion.
P_COLOUR = "#D55E00"
#: Edge of every P-position marker.
P_EDGE_COLOUR = "#000000"
#: Width (points) of the edge of every P-position marker.
P_EDGE_WIDTH = 1.3
#: Colour of the letter "P" inside the marker (black on vermillion has contrast about 5:1).
P_TEXT_COLOUR = "#000000"
#: Fill of N-positions that are not coloured by a value.
N_COLOUR = "#E3E3E3"
#: Colour of the letter "N" and of other quiet text.
N_TEXT_COLOUR = "#555555"
#: Highlights: the heap under study, winning moves, the period (Okabe–Ito blue).
HIGHLIGHT_COLOUR = "#0072B2"
#: Second highlight: the heap to change in Nim, the preperiod (Okabe–Ito orange).
SECOND_COLOUR = "#E69F00"
#: Background of the odd columns of the Nim table (Okabe–Ito sky blue).
PARITY_COLOUR = "#56B4E9"
#: The second line of the Wythoff figure (Okabe–Ito bluish green).
LINE_COLOUR = "#009E73"
#: Moves that are not winning moves.
MOVE_COLOUR = "#8C8C8C"
#: Chocolate in Chomp, and the poisoned square.
CHOCOLATE_COLOUR, POISON_COLOUR = "#8C5A2B", "#000000"
#: Sequential colour maps: Grundy values, periods.
VALUE_CMAP, PERIOD_CMAP = "viridis", "cividis"

#: Every cell (value, P/N) is a square of this side in a grid of unit spacing, leaving a thin white gap.
CELL = 0.92
TITLE_SIZE, LABEL_SIZE, TICK_SIZE = 13, 11, 10
#: Text smaller than this (points) is left out: the colours and the colour bar still tell the values.
MIN_TEXT_SIZE = 6.0


class GameFigure(Figure):
    """A matplotlib ``Figure`` that shows itself as a PNG in a notebook and records what it drew.

    ``plotted`` is a dict filled by the function that drew the figure (its keys are listed in that
    function's docstring).

    >>> fig = GameFigure(figsize=(2, 1))
    >>> figure_to_png(fig)[:4] == b"\\x89PNG"
    True
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.plotted: dict = {}

    def _repr_png_(self) -> bytes:
        return figure_to_png(self, dpi=100)


def figure_to_png(fig: Figure, dpi: int = 90) -> bytes:
    """The figure as PNG bytes, e.g. for ``ipywidgets.Image(value=...)``.

    >>> png = figure_to_png(wythoff_heatmap(10), dpi=80)
    >>> png[:4] == b"\\x89PNG"
    True
    """
    if not isinstance(fig, Figure):
        raise TypeError(f"figure_to_png needs a matplotlib Figure, got {fig!r}")
    if isinstance(dpi, bool) or not isinstance(dpi, numbers.Real) or not 20 <= dpi <= 300:
        raise ValueError(f"dpi must be a number from 20 to 300, got {dpi!r}")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    return buffer.getvalue()


# ---------------------------------------------------------------------------------------------------------
# Drawing helpers shared by all figures.


def _new_figure(width: float, height: float, left: float, right: float, bottom: float, top: float,
                title: str) -> tuple[GameFigure, Any]:
    """A figure with one axes placed by margins given in inches (no layout engine: fast and predictable).

    The axes starts without ticks: matplotlib's own ticks cost about a millisecond each to draw, so the
    figures write their numbers with :func:`_labels` instead.
    """
    fig = GameFigure(figsize=(width, height), dpi=100)
    ax = fig.add_axes((left / width, bottom / height, 1 - (left + right) / width, 1 - (bottom + top) / height))
    fig.suptitle(title, x=0.5, y=1 - 0.08 / height, va="top", fontsize=TITLE_SIZE)
    ax.set_xticks([])
    ax.set_yticks([])
    return fig, ax


def _place_axes(ax: Any, left: float, bottom: float, width: float, height: float) -> None:
    """Move ``ax`` to a box given in inches from the figure's lower left corner."""
    fig_w, fig_h = ax.figure.get_size_inches()
    ax.set_position((left / fig_w, bottom / fig_h, width / fig_w, height / fig_h))


def _axes_inches(ax: Any) -> tuple[float, float]:
    box = ax.get_position()
    width, height = ax.figure.get_size_inches()
    return box.width * width, box.height * height


def _points_per_unit(ax: Any) -> tuple[float, float]:
    """How many points one data unit spans, across and up (the limits must be set already)."""
    width, height = _axes_inches(ax)
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return 72 * width / abs(x1 - x0), 72 * height / abs(y1 - y0)


def _fit_text(ax: Any, chars: int, width: float = CELL, height: float = CELL, largest: float = 12) -> float:
    """The font size that fits ``chars`` characters in a cell, or 0 when that is below MIN_TEXT_SIZE."""
    across, up = _points_per_unit(ax)
    size = min(largest, 0.55 * height * up, 0.72 * width * across / (0.64 * max(chars, 1)))
    return size if size >= MIN_TEXT_SIZE else 0.0


def _squares(xs: Iterable[float], ys: Iterable[float], width: float, height: float) -> list[Rectangle]:
    return [Rectangle((x - width / 2, y - height / 2), width, height) for x, y in zip(xs, ys, strict=True)]


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


def _labels(ax: Any, xs: Sequence[float], ys: Sequence[float], texts: Sequence[str], fontsize: float,
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
    labels.texts = [str(t) for t in texts]
    ax.add_collection(labels, autolim=False)
    return labels


def _draw_p_markers(ax: Any, xs: Sequence[float], ys: Sequence[float], fontsize: float,
                    width: float = CELL, height: float = CELL) -> PatchCollection:
    """Draw P-positions: THE one way every figure marks them (vermillion, black edge, bold "P").

    The axes limits must be set first (the letter and the edge are sized to the cells). The squares form
    one collection with gid ``"p-markers"``, the letters one with gid ``"p-labels"``.
    """
    across, up = _points_per_unit(ax)
    cell = min(width * across, height * up)  # the edge thins on tiny cells so the colour still shows
    edge = P_EDGE_WIDTH if cell >= 9 else max(0.3, P_EDGE_WIDTH * cell / 9)
    markers = PatchCollection(_squares(xs, ys, width, height), facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR,
                              linewidth=edge, zorder=3)
    markers.set_gid("p-markers")
    ax.add_collection(markers, autolim=False)
    _labels(ax, xs, ys, ["P"] * len(xs), fontsize, P_TEXT_COLOUR, bold=True, gid="p-labels")
    return markers


def _draw_n_cells(ax: Any, xs: Sequence[float], ys: Sequence[float], fontsize: float,
                  width: float = CELL, height: float = CELL) -> None:
    """Draw N-positions: light grey squares with a grey "N"."""
    cells = PatchCollection(_squares(xs, ys, width, height), facecolor=N_COLOUR, edgecolor="none", zorder=2)
    cells.set_gid("n-cells")
    ax.add_collection(cells, autolim=False)
    _labels(ax, xs, ys, ["N"] * len(xs), fontsize, N_TEXT_COLOUR, gid="n-labels")


def _draw_outcomes(ax: Any, xs: Sequence[int], outcomes: Sequence[str], y: float, fontsize: float,
                   height: float = CELL) -> list[int]:
    """One row of P/N cells; returns the x of the P cells."""
    p_xs = [x for x, o in zip(xs, outcomes, strict=True) if o == "P"]
    n_xs = [x for x, o in zip(xs, outcomes, strict=True) if o != "P"]
    _draw_n_cells(ax, n_xs, [y] * len(n_xs), fontsize, height=height)
    _draw_p_markers(ax, p_xs, [y] * len(p_xs), fontsize, height=height)
    return p_xs


def _discrete_colours(cmap_name: str, count: int) -> tuple[Colormap, BoundaryNorm]:
    """A colour map with one colour per whole number 0 .. count - 1."""
    count = max(count, 1)
    cmap = matplotlib.colormaps[cmap_name].resampled(max(count, 2))
    return cmap, BoundaryNorm(np.arange(-0.5, max(count, 2) + 0.5), cmap.N)


def _text_colour(rgb: Sequence[float]) -> str:
    """Black or white, whichever reads better on the colour ``rgb``."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb[:3])
    return "black" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.22 else "white"


def _draw_values(ax: Any, xs: Sequence[float], ys: Sequence[float], values: Sequence[int], cmap: Colormap,
                 norm: Normalize, fontsize: float, width: float = CELL, height: float = CELL) -> None:
    """Cells coloured by value, each with its value written in it (when the cells are big enough)."""
    colours = cmap(norm(np.asarray(values, dtype=float)))
    cells = PatchCollection(_squares(xs, ys, width, height), facecolor=colours, edgecolor="none", zorder=2)
    cells.set_gid("value-cells")
    ax.add_collection(cells, autolim=False)
    _labels(ax, xs, ys, [str(v) for v in values], fontsize, [_text_colour(c) for c in colours], gid="value-labels")


def _colour_bar(fig: Figure, ax: Any, cmap: Colormap, norm: Normalize, label: str, count: int | None,
                gap: float = 0.15, width: float = 0.14, bottom: float | None = None,
                height: float | None = None) -> PatchCollection:
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
        ticks = list(range(0, count, max(1, math.ceil(count / 8))))
        positions = [y0 + h * (t + 0.5) / count for t in ticks]
    else:
        slices = 64
        values = norm.inverse((np.arange(slices) + 0.5) / slices)
        if isinstance(norm, LogNorm):
            locator = LogLocator(subs=(1.0, 2.0, 5.0))
        else:
            locator = MaxNLocator(nbins=5, integer=True)
        ticks = [t for t in locator.tick_values(norm.vmin, norm.vmax) if norm.vmin <= t <= norm.vmax]
        positions = [y0 + h * float(norm(t)) for t in ticks]
    step = h / len(values)
    overlap = [1.02] * (len(values) - 1) + [1.0]  # no hairline gaps between blocks, none above the top
    blocks = PatchCollection([Rectangle((x0, y0 + i * step), width, step * o) for i, o in enumerate(overlap)],
                             facecolor=cmap(norm(values)), edgecolor="none", transform=fig.dpi_scale_trans)
    blocks.set_gid("colour-bar")
    blocks.values = values.tolist()
    fig.add_artist(blocks)
    fig.add_artist(Rectangle((x0, y0), width, h, facecolor="none", edgecolor="#333333", linewidth=0.6,
                             transform=fig.dpi_scale_trans))
    _labels(ax, [x0 + width] * len(ticks), positions, [f"{t:g}" for t in ticks], TICK_SIZE - 1,
            gid="colour-bar-numbers", shift=(3, 0), anchor="left", place=fig.dpi_scale_trans)
    digits = max((len(f"{t:g}") for t in ticks), default=1)
    fig.text((x0 + width + 0.1 + 0.0088 * (TICK_SIZE - 1) * digits) / fig_w, (y0 + h / 2) / fig_h, label,
             rotation=90, ha="left", va="center", fontsize=TICK_SIZE, gid="colour-bar-label")
    return blocks


def _axis_numbers(ax: Any, side: str, positions: Sequence[int], texts: Sequence[str] | None = None,
                  fontsize: float = TICK_SIZE, gid: str = "axis-numbers") -> None:
    """Numbers beside the plotting area at the given data positions ('top', 'bottom' or 'left')."""
    texts = [str(p) for p in positions] if texts is None else texts
    gap = 3 + fontsize / 2
    if side == "left":
        _labels(ax, [0.0] * len(positions), positions, texts, fontsize, gid=gid, shift=(-4, 0), along="y",
                anchor="right")
    else:
        top = side == "top"
        _labels(ax, positions, [1.0 if top else 0.0] * len(positions), texts, fontsize, gid=gid,
                shift=(0, gap if top else -gap), along="x")


def _row_labels(ax: Any, ys: Sequence[float], texts: Sequence[str], fontsize: float = LABEL_SIZE) -> None:
    """Names of the rows of a strip, right-aligned left of the axes (real text: they may have two lines)."""
    place = blended_transform_factory(ax.transAxes, ax.transData)
    for y, text in zip(ys, texts, strict=True):
        ax.text(-0.008, y, text, transform=place, ha="right", va="center", fontsize=fontsize, gid="row-label",
                linespacing=1.15)


def _step_for(room: float, chars: int, fontsize: float = TICK_SIZE) -> int:
    """Every how many cells a number can be written when each cell is ``room`` points wide."""
    need = 0.64 * fontsize * chars + 4
    return next((s for s in (1, 2, 5, 10, 20, 50) if room * s >= need), 100)


def _heap_ticks(ax: Any, first: int, last: int, top: bool = True, label: str = "heap size n") -> None:
    """Heap numbers along x (every heap when they fit, else every 2nd, 5th or 10th), on top or at the bottom."""
    across, _ = _points_per_unit(ax)
    step = _step_for(across, len(str(last)))
    _axis_numbers(ax, "top" if top else "bottom", [n for n in range(first, last + 1) if n % step == 0],
                  gid="heap-numbers")
    if top:
        ax.xaxis.set_label_position("top")
    ax.set_xlabel(label, fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)


def _bare(ax: Any) -> None:
    for side in ("left", "right", "top", "bottom"):
        ax.spines[side].set_visible(False)


def _data_to_inches(ax: Any, y: float) -> float:
    """Height above the figure's bottom edge, in inches, of the data coordinate y."""
    box = ax.get_position()
    y0, y1 = ax.get_ylim()
    fig_h = ax.figure.get_figheight()
    return (box.y0 + box.height * (y - y0) / (y1 - y0)) * fig_h


def _bracket(ax: Any, x0: float, x1: float, y: float, depth: float, text: str, colour: str, dashed: bool,
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


def _check_game(game: object, needs: tuple[str, ...], example: str) -> None:
    for name in needs:
        if not callable(getattr(game, name, None)):
            raise TypeError(f"expected a game such as {example}, got {game!r} (it has no {name}() method)")


def _title_of(game: object) -> str:
    return str(getattr(game, "title", None) or repr(game))


def _outcome_texts(game: Any, stop: int) -> str:
    """P/N outcomes of heaps 0 .. stop - 1 under the game's own play rule."""
    if callable(getattr(game, "outcomes", None)):
        return game.outcomes(stop)
    return "".join(engine_outcome(game, n) for n in range(stop))


#: How many heaps are looked at to observe a pattern in a game without a proven period (TakeAwayGame).
OBSERVE_HEAPS = 1000


def _observed_pattern(values: Sequence) -> tuple[int, int] | None:
    """(preperiod, period) of the smallest period that repeats over at least the second half of ``values``.

    A pattern is only *seen*, never proven, in a finite list; asking that it cover half the list keeps a
    chance repetition at the very end (say nine N's in a row) from being reported as a period.
    """
    codes = np.array([ord(v) if isinstance(v, str) else int(v) for v in values], dtype=np.int64)
    length = len(codes)
    for period in range(1, length // 4 + 1):
        differ = np.flatnonzero(codes[period:] != codes[:-period])
        preperiod = int(differ[-1]) + 1 if len(differ) else 0
        if preperiod <= length // 2:
            return preperiod, period
    return None


def _search_budget(game: Any) -> int | None:
    """How many heaps a figure lets an octal game's period search compute (None: not an octal game).

    >>> from gamelib import OctalGame
    >>> _search_budget(OctalGame("0.007")), _search_budget(OctalGame("0." + "6" * 30))
    (8192, 2048)
    """
    digits = getattr(game, "digits", None)
    if not isinstance(digits, (list, tuple)) or not hasattr(game, "largest_removal"):
        return None
    splitting = sum(1 for d in digits[1:] if isinstance(d, int) and d & 4)
    heaps = PLOT_OCTAL_SEARCH
    while heaps > 1024 and heaps * heaps * splitting > 4 * PLOT_OCTAL_SEARCH**2:
        heaps //= 2
    return heaps


def _pattern(game: Any, outcomes: bool) -> tuple[int, int, bool] | None:
    """(preperiod, period, proven) of a one-heap game's Grundy values, or of its P/N outcomes.

    A proven period comes from ``game.periodicity()`` (SubtractionGame). For the outcomes of a game with
    proven Grundy values, the outcomes repeat with the smallest divisor d of the Grundy period that repeats
    one block of outcomes, from the first n where they agree with the outcomes d places later. Other games
    get the pattern observed among their first OBSERVE_HEAPS heaps (``proven`` False), or None.
    """
    find = getattr(game, "periodicity", None)
    if not callable(find):
        return None
    try:
        budget = _search_budget(game)
        found = find() if budget is None else find(max_search=budget)
    except PeriodNotFoundError as error:
        if error.checked_up_to > 10 * OBSERVE_HEAPS:  # a subtraction game's long search: no pattern to show
            return None
        found = None
    if found is None or not found.proven:
        if outcomes or getattr(game, "misere", False):
            seen = _observed_pattern(game.outcomes(OBSERVE_HEAPS))
        else:
            seen = _observed_pattern(game.grundy_values(OBSERVE_HEAPS).tolist())
        return None if seen is None else (*seen, False)
    if not outcomes or found.kind == "outcome":
        return found.preperiod, found.period, True
    start, period = found.preperiod, found.period
    text = game.outcomes(start + period)
    block = text[start:]
    d = min(d for d in range(1, period + 1) if period % d == 0 and block == block[d:] + block[:d])
    while start > 0 and text[start - 1] == text[start - 1 + d]:
        start -= 1
    return start, d, True


def _pattern_text(pattern: tuple[int, int, bool] | None) -> str:
    if pattern is None:
        return "no period found"
    preperiod, period, proven = pattern
    words = f"period {period}" + (f", preperiod {preperiod}" if preperiod else "")
    return words if proven else "observed " + words


# ---------------------------------------------------------------------------------------------------------
# One-heap games.


def sequence_strip(game: Any, stop: int = 30, show_period: bool = True, width: float = 9.0) -> GameFigure:
    """Grundy values (normal play) or P/N outcomes (misère play) of heaps 0 .. stop - 1 as a strip of cells.

    Normal play draws two rows: the outcome (P marker or grey N) and the Grundy value g(n), coloured with
    'viridis' and a colour bar. With ``show_period`` the preperiod and the period are bracketed under the
    strip and thick lines separate the repetitions: solid for a proven period (SubtractionGame), dashed
    and labelled "observed" for a pattern only seen (TakeAwayGame).

    Parameters
    ----------
    game : a one-heap game with ``outcomes(stop)`` (and ``grundy_values(stop)`` in normal play), such as
        ``SubtractionGame({2, 5, 7})`` or ``TakeAwayGame(nonzero_digits)``.
    stop : number of heaps drawn, 1 to 200 (numbers are written in the cells up to about 70 heaps; beyond
        that the colours and the colour bar tell the values).
    show_period : bracket the preperiod and period.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``values`` (list, None in misère play), ``outcomes`` (str),
    ``p_positions`` (list), ``pattern`` ((preperiod, period, proven) or None).

    >>> from gamelib import SubtractionGame
    >>> fig = sequence_strip(SubtractionGame({2, 5, 7}), 22)
    >>> fig.plotted["values"][:8], fig.plotted["pattern"]
    ([0, 0, 1, 1, 0, 2, 1, 3], (0, 22, True))
    """
    width = _check_inches(width, "width")
    _check_game(game, ("outcomes",), "SubtractionGame({1, 3, 4})")
    stop = _check_count(stop, "stop", MAX_STRIP)
    show_period = check_bool(show_period, "show_period")
    misere = bool(getattr(game, "misere", False))
    if not misere:
        _check_game(game, ("grundy_values",), "SubtractionGame({1, 3, 4})")
    outcomes = game.outcomes(stop)
    values = None if misere else [int(v) for v in game.grundy_values(stop)]
    what = "P/N outcomes" if misere else "Grundy values"
    title = f"{_title_of(game)}: {what} of heaps 0 to {stop - 1}"

    pattern = _pattern(game, outcomes=misere) if show_period else None
    if show_period and pattern is None:
        title += " (no period found)"

    rows = 1 if misere else 2
    row_in, bracket_in, top_in, bottom_in = 0.42, (0.36 if pattern else 0.0), 0.85, 0.08
    fig, ax = _new_figure(width, top_in + bottom_in + row_in * rows + bracket_in, left=0.95,
                          right=0.2 if misere else 0.95, bottom=bottom_in, top=top_in, title=title)
    ax.set_xlim(-0.5, stop - 0.5)
    ax.set_ylim(-0.5 - bracket_in / row_in, rows - 0.5)
    _bare(ax)
    _heap_ticks(ax, 0, stop - 1)
    _row_labels(ax, range(rows), ["outcome"] if misere else ["g(n)", "outcome"])
    size = _fit_text(ax, len(str(max(values))) if values else 1)
    p_xs = _draw_outcomes(ax, range(stop), outcomes, rows - 1, size)
    if values is not None:
        count = max(values) + 1
        cmap, norm = _discrete_colours(VALUE_CMAP, count)
        _draw_values(ax, range(stop), [0] * stop, values, cmap, norm, size)
        _colour_bar(fig, ax, cmap, norm, "g(n)", count, bottom=bottom_in + bracket_in, height=row_in * rows)
    if pattern is not None:
        _draw_period(ax, *pattern, stop, rows, y=-0.5 - 0.1 / row_in)
    fig.plotted.update(values=values, outcomes=outcomes, p_positions=p_xs, pattern=pattern)
    return fig


def _check_inches(value: object, name: str) -> float:
    """A figure width or height in inches: a number from MIN_INCHES to MAX_INCHES.

    The bound keeps the picture small enough to draw: at the largest dpi figure_to_png allows (300), a
    figure of MAX_INCHES x MAX_INCHES is 6,000 x 6,000 pixels, about 144 MB while it is drawn.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number of inches, from {MIN_INCHES} to {MAX_INCHES}, got {value!r}")
    if not MIN_INCHES <= float(value) <= MAX_INCHES:  # also refuses nan
        raise LimitError(f"{name}={value!r} inches is outside the figure sizes drawn: {name} must be from "
                         f"{MIN_INCHES} to {MAX_INCHES} inches")
    return float(value)


def _check_count(value: object, name: str, limit: int, smallest: int = 1) -> int:
    """A number of heaps/rows/columns: a whole number from ``smallest`` to ``limit``."""
    value = check_stop(value, limit=limit, name=name)
    if value < smallest:
        raise ValueError(f"{name} must be from {smallest} to {limit}, got {value}")
    return value


def _draw_period(ax: Any, preperiod: int, period: int, proven: bool, stop: int, rows: int, y: float) -> None:
    """Brackets under the strip for the preperiod and each repetition of the period, and dividing lines."""
    across, _ = _points_per_unit(ax)
    style = "solid" if proven else "dashed"
    if preperiod > 0:
        _bracket(ax, 0, min(preperiod, stop) - 1, y, 0.15, f"preperiod {preperiod}", SECOND_COLOUR,
                 dashed=not proven, open_right=preperiod > stop)
    dividers = [preperiod] if 0 < preperiod < stop else []
    label = f"period {period}" if proven else f"observed period {period}"
    each = across * period >= 6.4 * len(label) + 4  # room for the label under every repetition?
    start = preperiod
    while start < stop:
        end = start + period - 1
        shown = label if each and end < stop else ""
        _bracket(ax, start, min(end, stop - 1), y, 0.15, shown, HIGHLIGHT_COLOUR, dashed=not proven,
                 open_right=end >= stop)
        if start > preperiod:
            dividers.append(start)
        start += period
    if not each and preperiod < stop:  # one label under the whole periodic part
        words = f"repeats with period {period}" + ("" if proven else " (observed, not proven)")
        ax.text((preperiod + stop - 1) / 2, y, words,
                ha="center", va="top", fontsize=TICK_SIZE, color=HIGHLIGHT_COLOUR, gid="bracket-label",
                transform=offset_copy(ax.transData, fig=ax.figure, y=-2, units="points"))
    if dividers:
        ax.vlines([d - 0.5 for d in dividers], -0.5, rows - 0.5, colors="black", linewidth=1.8, zorder=5,
                  linestyles=style, gid="period-divider")


def outcome_strips(games: Sequence[Any], stop: int = 30, width: float = 9.0) -> GameFigure:
    """One P/N strip per game, stacked and aligned (e.g. a game in normal play above the same game misère).

    Each row is labelled with the game's title and the period of its P/N outcomes (the outcome period can
    be shorter than the period of the Grundy values); "observed" when it was only seen, not proven.

    Parameters
    ----------
    games : 1 to 8 one-heap games, such as ``[SubtractionGame(S), SubtractionGame(S, misere=True)]``.
    stop : number of heaps, 1 to 200.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``outcomes`` (list of str, one per game), ``p_positions`` (list of
    lists), ``patterns`` (list of (preperiod, period, proven) or None).

    >>> from gamelib import SubtractionGame
    >>> fig = outcome_strips([SubtractionGame({1, 3, 4}), SubtractionGame({1, 3, 4}, misere=True)], 14)
    >>> fig.plotted["outcomes"]
    ['PNPNNNNPNPNNNN', 'NPNPNNNNPNPNNN']
    >>> fig.plotted["patterns"]
    [(0, 7, True), (0, 7, True)]
    """
    width = _check_inches(width, "width")
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise TypeError(f"games must be a list of games such as [SubtractionGame({{1, 3, 4}})], got {games!r}")
    games = list(itertools.islice(games, MAX_STRIP_GAMES + 1))  # never list a generator of games whole
    if not 1 <= len(games) <= MAX_STRIP_GAMES:
        got = len(games) if len(games) <= MAX_STRIP_GAMES else f"more than {MAX_STRIP_GAMES}"
        raise ValueError(f"give 1 to {MAX_STRIP_GAMES} games to compare, got {got}")
    for game in games:
        _check_game(game, ("moves",), "SubtractionGame({1, 3, 4})")
    stop = _check_count(stop, "stop", MAX_STRIP)
    outcomes = [_outcome_texts(game, stop) for game in games]
    patterns = [_pattern(game, outcomes=True) for game in games]
    labels = [f"{_title_of(g)}\n{_pattern_text(p)}" for g, p in zip(games, patterns, strict=True)]
    titles = list(dict.fromkeys(_title_of(g) for g in games))
    title = f"P/N outcomes of heaps 0 to {stop - 1}: " + " vs ".join(titles)
    if len(title) > width * 10:
        lines = [titles[0]]
        for name in titles[1:]:  # break lines only between games, never inside a set
            if len(lines[-1]) + len(name) + 4 <= width * 10:
                lines[-1] += " vs " + name
            else:
                lines[-1] += " vs"
                lines.append(name)
        title = f"P/N outcomes of heaps 0 to {stop - 1}:\n" + "\n".join(lines)
    longest = max(len(line) for label in labels for line in label.split("\n"))
    rows, row_in = len(games), 0.52
    top = 0.85 + 0.22 * title.count("\n")
    fig, ax = _new_figure(width, top + 0.12 + row_in * rows, left=min(3.2, 0.2 + 0.072 * longest), right=0.2,
                          bottom=0.12, top=top, title=title)
    ax.set_xlim(-0.5, stop - 0.5)
    ax.set_ylim(-0.5, rows - 0.5)
    _bare(ax)
    _heap_ticks(ax, 0, stop - 1)
    _row_labels(ax, range(rows), labels[::-1], fontsize=TICK_SIZE)
    size = _fit_text(ax, 1)
    p_positions = [_draw_outcomes(ax, range(stop), text, rows - 1 - i, size) for i, text in enumerate(outcomes)]
    fig.plotted.update(outcomes=outcomes, p_positions=p_positions, patterns=patterns)
    return fig


def grundy_scale(game: Any, n: int, stop: int | None = None, width: float = 9.0) -> GameFigure:
    """The table of Grundy values with the Grundy scale placed under heap n.

    The values of heaps up to n are shown (later heaps are still blank). The scale is a ruler under the
    table with a blue arrow up to each follower n - s (framed in blue) and a black arrow at n; below it the
    computation "g(n) = mex{...} = v" lists the followers in the order of S.

    Parameters
    ----------
    game : a SubtractionGame in normal play.
    n : the heap whose value is computed, 0 to 100,000.
    stop : heaps 0 .. stop - 1 are drawn (n < stop <= 100). None: heaps up to a few after n, at most 40 of
        them, always including the whole scale.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``first``, ``last`` (the heaps drawn), ``values`` (dict heap -> value
    for heaps first .. n), ``followers`` (heaps n - s, in the order of S), ``equation`` (str),
    ``p_positions`` (list).

    >>> from gamelib import SubtractionGame
    >>> fig = grundy_scale(SubtractionGame({2, 5, 7}), 7)
    >>> fig.plotted["equation"]
    'g(7) = mex{g(5), g(2), g(0)} = mex{2, 1, 0} = 3'
    """
    width = _check_inches(width, "width")
    S = getattr(game, "S", None)
    if not isinstance(S, tuple) or not callable(getattr(game, "grundy_values", None)):
        raise TypeError(f"grundy_scale needs a SubtractionGame such as SubtractionGame({{2, 5, 7}}), got {game!r}")
    if getattr(game, "misere", False):
        raise ValueError(f"{game!r} is played misère; the Grundy scale computes normal-play Grundy values")
    n = check_int(n, "heap n")
    if n > 10**5:
        raise LimitError(f"heap n = {n:,} is too big to draw; the Grundy scale is drawn for heaps up to 100,000")
    if stop is None:
        last = max(n + 4, 14)
        first = max(0, min(n - S[-1] - 1, last - 39))
    else:
        stop = _check_count(stop, "stop", 100)
        if stop <= n:
            raise ValueError(f"stop must be more than the heap n = {n} so that heap n is drawn, got stop = {stop}")
        first, last = 0, stop - 1
    table = [int(v) for v in game.grundy_values(n + 1)]
    moves = [s for s in S if s <= n]
    followers = [n - s for s in moves]
    equation = (f"g({n}) = mex{{{', '.join(f'g({f})' for f in followers)}}} = "
                f"mex{{{', '.join(str(table[f]) for f in followers)}}} = {table[n]}")
    if not followers:
        equation = f"g({n}) = mex{{}} = 0   (no move is possible from heap {n})"

    fig, ax = _new_figure(width, 3.4, left=0.95, right=0.95, bottom=0.1, top=0.85,
                          title=f"Grundy scale of {_title_of(game)} under heap {n}")
    ax.set_xlim(first - 0.5, last + 0.5)
    ax.set_ylim(-3.1, 1.5)
    _bare(ax)
    _heap_ticks(ax, first, last)
    _row_labels(ax, [1, 0, -1.15], ["outcome", "g(n)", "scale"])
    known = list(range(first, n + 1))
    size = _fit_text(ax, len(str(max(table[first:]))))
    count = len(S) + 1
    cmap, norm = _discrete_colours(VALUE_CMAP, count)
    p_xs = _draw_outcomes(ax, known, ["P" if table[h] == 0 else "N" for h in known], 1, size)
    _draw_values(ax, known, [0] * len(known), [table[h] for h in known], cmap, norm, size)
    later = list(range(n + 1, last + 1))
    ax.add_collection(PatchCollection(_squares(later * 2, [0] * len(later) + [1] * len(later), CELL, CELL),
                                      facecolor="white", edgecolor="#BBBBBB", linewidth=0.8, zorder=2), autolim=False)
    low = _data_to_inches(ax, -0.5)
    _colour_bar(fig, ax, cmap, norm, "g(n)", count, bottom=low, height=_data_to_inches(ax, 1.5) - low)
    ax.add_collection(PatchCollection([Rectangle((f - 0.5, -0.5), 1, 1) for f in followers if f >= first],
                                      facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=2.6, zorder=5),
                      autolim=False)
    ax.add_artist(Rectangle((n - 0.5, -0.5), 1, 2, facecolor="none", edgecolor="black", linewidth=2.6, zorder=5))
    # The scale: a paper ruler from n - max(S) to n, with an arrow up to each follower.
    ruler_left = max(n - S[-1], first) - 0.45
    ax.add_artist(Rectangle((ruler_left, -1.45), n + 0.45 - ruler_left, 0.6, facecolor="#FFF4C2",
                           edgecolor="#8C7A2B", linewidth=1.0, zorder=2))
    shown = [(s, f) for s, f in zip(moves, followers, strict=True) if f >= first]
    for _, f in shown:
        ax.add_artist(FancyArrowPatch((f, -1.02), (f, -0.53), arrowstyle="-|>", mutation_scale=12,
                                     color=HIGHLIGHT_COLOUR, linewidth=2.0, zorder=6, gid="scale-arrow"))
    across, _ = _points_per_unit(ax)
    scale_size = min(10.0, max(8.0, 0.95 * across / 1.9))
    _labels(ax, [f for _, f in shown], [-1.2] * len(shown), [f"−{s}" for s, _ in shown], scale_size,
            HIGHLIGHT_COLOUR, bold=True, gid="scale-labels")
    ax.add_artist(FancyArrowPatch((n, -1.3), (n, -0.53), arrowstyle="simple,head_width=0.9,head_length=0.7",
                                 mutation_scale=14, color="black", zorder=6, gid="scale-arrow"))
    middle = (first + last) / 2
    ax.text(middle, -2.0, equation, ha="center", va="center", fontsize=13, zorder=6, gid="equation")
    ax.text(middle, -2.7, "blue frames: the followers n − s of heap n, one for each s in S; "
            "heaps after n are not computed yet", ha="center", va="center", fontsize=9.5, color=N_TEXT_COLOUR)
    fig.plotted.update(first=first, last=last, values={h: table[h] for h in known}, followers=followers,
                       equation=equation, p_positions=p_xs)
    return fig


def _draw_moves(ax: Any, moves: Sequence[tuple[int, int]], winning: set, top: float, max_peak: float,
                longest: int) -> None:
    """Arcs with arrowheads above a row of cells, one per move (from, to); winning moves blue and thicker.

    All arcs of a kind form one collection (gid ``"moves"`` or ``"winning-moves"``, the moves kept in its
    ``moves`` attribute) and their heads another: a hundred separate arrow patches would be slow to draw.
    """
    across, up = _points_per_unit(ax)
    for gid, colour, width, zorder in (("moves", MOVE_COLOUR, 0.9, 1.5), ("winning-moves", HIGHLIGHT_COLOUR, 1.8, 2.5)):
        chosen = [m for m in moves if (m in winning) == (gid == "winning-moves")]
        arcs, tips, heads = [], [], []
        length = 6.5 + 1.5 * width
        for source, target in chosen:
            share = (source - target) / max(longest, 1)
            x0, x1 = source - 0.08 - 0.25 * share, target + 0.08 + 0.25 * share
            control = ((x0 + x1) / 2, top + 2 * max_peak * (0.25 + 0.75 * share))  # the arc peaks half-way up
            arcs.append(Path([(x0, top), control, (x1, top)], [Path.MOVETO, Path.CURVE3, Path.CURVE3]))
            angle = math.atan2((top - control[1]) * up, (x1 - control[0]) * across)  # direction at the tip
            c, s_ = math.cos(angle), math.sin(angle)
            back = [(-length, 0.3 * length), (-length, -0.3 * length)]
            heads.append(Path([(0, 0)] + [(c * bx - s_ * by, s_ * bx + c * by) for bx, by in back] + [(0, 0)],
                              closed=True))
            tips.append((x1, top))
        if not arcs:
            continue
        lines = PathCollection(arcs, facecolors="none", edgecolors=colour, linewidths=width, zorder=zorder)
        lines.set_gid(gid)
        lines.moves = list(chosen)
        ax.add_collection(lines, autolim=False)
        points = PathCollection(heads, offsets=np.array(tips), offset_transform=ax.transData, facecolors=colour,
                                edgecolors="none", zorder=zorder + 0.1,
                                transform=Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans)
        points.set_gid(gid + "-heads")
        ax.add_collection(points, autolim=False)


def _one_heap_moves(game: Any, stop: int) -> list[tuple[int, int]]:
    moves = []
    for n in range(stop):
        for m in game.moves(n):
            if isinstance(m, bool) or not isinstance(m, numbers.Integral) or not 0 <= m < n:
                raise ValueError(f"only one-heap games whose moves make the heap smaller can be drawn here; "
                                 f"{game!r} moves from {n} to {m!r}")
            moves.append((n, int(m)))
    return moves


def _graph_axes(width: float, height: float, bottom: float, title: str, stop: int,
                max_peak: float) -> tuple[GameFigure, Any, float]:
    """Figure and axes for heaps as nodes on a line with arcs above; returns the node height too."""
    fig, ax = _new_figure(width, height, left=0.3, right=0.3, bottom=bottom, top=1.0, title=title)
    ax.set_xlim(-0.6, stop - 0.4)
    ax.set_ylim(-0.55, 0.5 + max_peak + 0.2)
    across, up = _points_per_unit(ax)
    node_h = min(CELL * across / up, 1.0)  # square nodes on the page when there is room
    ax.set_ylim(-node_h / 2 - 0.05, node_h / 2 + max_peak + 0.2)
    _bare(ax)
    _heap_ticks(ax, 0, stop - 1, top=False)
    return fig, ax, node_h


def _legend_above(ax: Any, handles: list) -> None:
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(handles), frameon=False,
              fontsize=TICK_SIZE, handlelength=1.6, borderaxespad=0.2)


def game_graph(game: Any, stop: int = 12, width: float = 9.0) -> GameFigure:
    """Heaps 0 .. stop - 1 as nodes on a line, an arrow for every move, nodes drawn as P or N.

    Moves make the heap smaller, so every arrow points left and the graph has no cycle. The arrows into
    P-positions (the winning moves) are blue and thicker.

    Parameters
    ----------
    game : a one-heap game with ``moves(n)``, such as ``SubtractionGame({1, 3, 4})``.
    stop : number of heaps, 1 to 40.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``moves`` (list of (from, to)), ``outcomes`` (str), ``p_positions``.

    >>> from gamelib import SubtractionGame
    >>> fig = game_graph(SubtractionGame({1, 2}), 4)
    >>> fig.plotted["moves"], fig.plotted["p_positions"]
    ([(1, 0), (2, 0), (2, 1), (3, 1), (3, 2)], [0, 3])
    """
    width = _check_inches(width, "width")
    _check_game(game, ("moves",), "SubtractionGame({1, 3, 4})")
    stop = _check_count(stop, "stop", MAX_GRAPH)
    moves = _one_heap_moves(game, stop)
    outcomes = _outcome_texts(game, stop)
    winning = {(a, b) for a, b in moves if outcomes[b] == "P"}
    max_peak = 3.0
    fig, ax, node_h = _graph_axes(width, 3.3, 0.55, f"Game graph of {_title_of(game)}: heaps 0 to {stop - 1}",
                                  stop, max_peak)
    size = _fit_text(ax, 1, height=node_h, largest=13)
    p_xs = _draw_outcomes(ax, range(stop), outcomes, 0, size, height=node_h)
    _draw_moves(ax, moves, winning, node_h / 2 + 0.02, max_peak, max((a - b for a, b in moves), default=1))
    _legend_above(ax, [
        Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=P_EDGE_WIDTH, label="P-position"),
        Patch(facecolor=N_COLOUR, label="N-position"),
        Line2D([], [], color=MOVE_COLOUR, linewidth=0.9, label="a move"),
        Line2D([], [], color=HIGHLIGHT_COLOUR, linewidth=1.8, label="winning move (to a P-position)")])
    fig.plotted.update(moves=sorted(moves), outcomes=outcomes, p_positions=p_xs)
    return fig


def labelling_figure(game: Any, stop: int = 15, step: int = 1, width: float = 9.0) -> GameFigure:
    """Heaps 0 .. stop - 1 after ``step`` steps of the labelling algorithm (unlabelled heaps dashed "?").

    The heaps labelled in this step are framed in blue, with blue arrows that justify their labels: from a
    new N to a P-position it can reach, and from a new P to all its followers (all N). The caption names the
    rule of the step.

    Parameters
    ----------
    game : a one-heap game with ``moves(n)`` (played misère when ``game.misere`` is True).
    stop : number of heaps, 1 to 40.
    step : 0 (nothing labelled yet) to the number of steps the algorithm takes.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``labels`` (dict heap -> 'P'/'N' after this step), ``new`` (the heaps
    labelled in this step), ``rule`` (str), ``steps`` (number of steps in all), ``caption``,
    ``p_positions``.

    >>> from gamelib import SubtractionGame
    >>> fig = labelling_figure(SubtractionGame({1, 3, 4}), 10, 2)
    >>> fig.plotted["rule"], fig.plotted["new"]
    ('a move reaches a P-position, so N', [1, 3, 4])
    """
    width = _check_inches(width, "width")
    _check_game(game, ("moves",), "SubtractionGame({1, 3, 4})")
    stop = _check_count(stop, "stop", MAX_GRAPH)
    moves = _one_heap_moves(game, stop)
    result = label_positions(game, range(stop), misere=bool(getattr(game, "misere", False)))
    total = len(result.steps)
    step = check_int(step, "step")
    if step > total:
        raise ValueError(f"step must be from 0 to {total} (labelling these {stop} heaps takes {total} steps), "
                         f"got {step}")
    labels: dict = {}
    for done in result.steps[:step]:
        labels.update(done.labelled)
    new = sorted(result.steps[step - 1].labelled) if step else []
    rule = result.steps[step - 1].rule if step else "nothing labelled yet"
    if step == 0:
        caption = "Start: nothing is labelled yet. Step 1 labels the terminal positions (no move is possible)."
    else:
        caption = f"Step {step}: {rule}. Labelled: {', '.join(map(str, new)) if new else 'nothing new'}."
        if step == total:
            caption += " Nothing new, so the algorithm stops."
    caption = "\n".join(textwrap.wrap(caption, width=int(width * 12)))
    max_peak = 2.2
    fig, ax, node_h = _graph_axes(width, 3.2, 0.95,
                                  f"Labelling {_title_of(game)}, heaps 0 to {stop - 1}: after step {step} of {total}",
                                  stop, max_peak)
    size = _fit_text(ax, 1, height=node_h, largest=13)
    known = [h for h in range(stop) if h in labels]
    p_xs = _draw_outcomes(ax, known, [labels[h] for h in known], 0, size, height=node_h)
    unknown = [h for h in range(stop) if h not in labels]
    ax.add_collection(PatchCollection(_squares(unknown, [0] * len(unknown), CELL, node_h), facecolor="white",
                                      edgecolor="#9A9A9A", linewidth=1.0, linestyle="--", zorder=2), autolim=False)
    _labels(ax, unknown, [0] * len(unknown), ["?"] * len(unknown), size, "#8A8A8A", gid="unknown-labels")
    ax.add_collection(PatchCollection([Rectangle((h - 0.5, -node_h / 2 - 0.04), 1, node_h + 0.08) for h in new],
                                      facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=3.0, zorder=5),
                      autolim=False)
    followers: dict = {}
    for a, b in moves:
        followers.setdefault(a, []).append(b)
    reasons = []
    for h in new:
        if labels[h] == "N":
            reasons += [(h, b) for b in followers.get(h, []) if labels.get(b) == "P"][:1]
        else:
            reasons += [(h, b) for b in followers.get(h, [])]
    _draw_moves(ax, reasons, set(reasons), node_h / 2 + 0.02, max_peak, max((a - b for a, b in moves), default=1))
    fig.text(0.5, 0.1 / 3.2, caption, ha="center", va="bottom", fontsize=LABEL_SIZE + 1, gid="caption")
    _legend_above(ax, [
        Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=P_EDGE_WIDTH, label="labelled P"),
        Patch(facecolor=N_COLOUR, label="labelled N"),
        Patch(facecolor="white", edgecolor="#9A9A9A", linestyle="--", label="not labelled yet"),
        Patch(facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=2.5, label="labelled in this step"),
        Line2D([], [], color=HIGHLIGHT_COLOUR, linewidth=1.8, label="the moves that decide")])
    fig.plotted.update(labels=labels, new=new, rule=rule, steps=total, caption=caption, p_positions=p_xs)
    return fig


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
    _place_axes(ax, box.x0 * fig_w + (ax_w - cell * cols) / 2 - shift_left, box.y0 * fig_h + (ax_h - cell * rows),
                cell * cols, cell * rows)
    return 72 * cell


def _grid_numbers(ax: Any, cell_pt: float, xs: Sequence[int], ys: Sequence[int]) -> None:
    """Numbers along the bottom (xs) and the left (ys) of a grid of unit cells, thinned to fit."""
    step = max(_step_for(cell_pt, len(str(max(xs[-1], ys[-1])))), 1 if cell_pt >= 13 else 2)
    _axis_numbers(ax, "bottom", [x for x in xs if x % step == 0])
    _axis_numbers(ax, "left", [y for y in ys if y % step == 0])


def sum_heatmap(game_a: Any, game_b: Any, rows: int = 16, cols: int = 16, width: float = 8.0,
                height: float = 4.0) -> GameFigure:
    """Heatmap of the Grundy values g_A(i) XOR g_B(j) of the sum of two games; P-positions (value 0) marked.

    Rows (counted up the page) are the heaps i of game A, columns the heaps j of game B; the colours follow
    'viridis' with a colour bar, and every position of value 0 carries the P marker.

    Parameters
    ----------
    game_a, game_b : normal-play games with ``grundy_values`` or ``grundy``, e.g. ``SubtractionGame({1, 2})``.
    rows, cols : heaps 0 .. rows - 1 of A and 0 .. cols - 1 of B, each 1 to 64.
    width, height : figure size in inches, each 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``values`` (2-D numpy array indexed [i, j]) and ``p_positions``
    (list of (i, j)).

    >>> from gamelib import SubtractionGame
    >>> fig = sum_heatmap(SubtractionGame({1, 2}), SubtractionGame({1, 2, 3}), 6, 6)
    >>> fig.plotted["p_positions"]   # g_A = 0 1 2 0 1 2 and g_B = 0 1 2 3 0 1: equal values XOR to 0
    [(0, 0), (0, 4), (1, 1), (1, 5), (2, 2), (3, 0), (3, 4), (4, 1), (4, 5), (5, 2)]
    """
    width = _check_inches(width, "width")
    height = _check_inches(height, "height")
    for game in (game_a, game_b):
        if not (callable(getattr(game, "grundy_values", None)) or callable(getattr(game, "grundy", None))):
            raise TypeError(f"sum_heatmap needs games with Grundy values, such as SubtractionGame({{1, 2}}); "
                            f"got {game!r}")
    rows = _check_count(rows, "rows", MAX_HEATMAP_SIDE)
    cols = _check_count(cols, "cols", MAX_HEATMAP_SIDE)
    values = grundy_table(game_a, game_b, rows, cols)
    title_a, title_b = _title_of(game_a), _title_of(game_b)
    fig, ax = _new_figure(width, height, left=1.0, right=1.0, bottom=0.6, top=0.45,
                          title=f"Sum of A: {title_a} and B: {title_b}")
    cell_pt = _square_grid(ax, cols, rows, shift_left=0.4)
    count = int(values.max()) + 1
    cmap, norm = _discrete_colours(VALUE_CMAP, count)
    ax.imshow(values, origin="lower", cmap=cmap, norm=norm, interpolation="nearest",
              extent=(-0.5, cols - 0.5, -0.5, rows - 0.5), aspect="auto")
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(-0.5, rows - 0.5)
    ii, jj = np.nonzero(values == 0)
    _draw_p_markers(ax, jj.tolist(), ii.tolist(), _fit_text(ax, 1, largest=11))
    _grid_numbers(ax, cell_pt, list(range(cols)), list(range(rows)))
    ax.set_xlabel(f"heap j of B: {title_b}", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel(f"heap i of A: {title_a}", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 8)
    _colour_bar(fig, ax, cmap, norm, "g_A(i) ⊕ g_B(j)   (0: P-position)", count, gap=0.2, width=0.16)
    fig.plotted.update(values=values, p_positions=list(zip(ii.tolist(), jj.tolist(), strict=True)))
    return fig


def _survey_grid(c: int, value: str) -> dict:
    """{(a, b): value} for the sets {a, b, c}, 1 <= a < b < c, from the survey's ``period_grid``."""
    from gamelib.analysis.survey import period_grid  # layer 3; imported here so the rest of plots works without it

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
    width = _check_inches(width, "width")
    height = _check_inches(height, "height")
    c = check_int(c, "c")
    if not 3 <= c <= MAX_PERIOD_C:
        raise ValueError(f"c must be from 3 to {MAX_PERIOD_C} (sets {{a, b, c}} with 1 <= a < b < c), got {c}")
    names = {"period": "period", "preperiod": "preperiod", "max_grundy": "largest Grundy value"}
    if value not in names:
        raise ValueError(f"value must be one of {', '.join(map(repr, names))}, got {value!r}")
    grid = _survey_grid(c, value)
    side = c - 2  # a = 1 .. c - 2 across, b = 2 .. c - 1 up
    fig, ax = _new_figure(width, height, left=1.0, right=1.0, bottom=0.6, top=0.45,
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
    size = _fit_text(ax, len(str(high)), largest=10)
    _draw_values(ax, [a for a, _ in keys], [b for _, b in keys], [grid[k] for k in keys], cmap, norm, size)
    _grid_numbers(ax, cell_pt, list(range(1, c - 1)), list(range(2, c)))
    ax.set_xlabel("a (the smallest element)", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel("b (the middle element)", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 8)
    _bare(ax)
    _colour_bar(fig, ax, cmap, norm, names[value], None, gap=0.2, width=0.16)
    fig.plotted.update(grid=grid)
    return fig


def nim_binary_table(heaps: Sequence[int] = (5, 9, 12), width: float = 8.0) -> GameFigure:
    """Nim heaps in binary, one row per heap, with the column-wise XOR (the nim-sum) in the bottom row.

    Columns with an odd number of 1s are shaded sky blue (their nim-sum digit is 1). When the nim-sum is
    not 0, each heap that can be lowered to make it 0 is framed in orange with its new size at the right;
    when it is 0 the P marker says that the position is a P-position.

    Parameters
    ----------
    heaps : 1 to 8 heap sizes, each from 0 to 65535.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``bits`` (list of lists, highest place first), ``nim_sum``,
    ``odd_columns`` (their place values), ``moves`` (dict heap index -> new size), ``p_positions``
    ([heaps] or []).

    >>> fig = nim_binary_table((3, 4, 5))
    >>> fig.plotted["nim_sum"], fig.plotted["odd_columns"], fig.plotted["moves"]
    (2, [2], {0: 1})
    """
    width = _check_inches(width, "width")
    if not isinstance(heaps, (tuple, list)):
        raise TypeError(f"heaps must be a tuple of heap sizes such as (5, 9, 12), got {heaps!r:.60}")
    if not 1 <= len(heaps) <= MAX_NIM_TABLE_HEAPS:
        raise ValueError(f"give 1 to {MAX_NIM_TABLE_HEAPS} heaps (at most {MAX_NIM_TABLE_HEAPS} fit the table), "
                         f"got {len(heaps):,}")
    heaps = check_heaps(tuple(heaps), name="heaps")
    if max(heaps) >= 2**MAX_NIM_BITS:
        raise LimitError(f"each heap must be below {2**MAX_NIM_BITS:,} ({MAX_NIM_BITS} binary digits), got {heaps}")
    total = nim_sum(*heaps)
    digits = max(max(heaps).bit_length(), 1)
    places = [2**k for k in range(digits - 1, -1, -1)]
    bits = [[(h >> k) & 1 for k in range(digits - 1, -1, -1)] for h in heaps]
    xor_bits = [(total >> k) & 1 for k in range(digits - 1, -1, -1)]
    odd = [p for p, b in zip(places, xor_bits, strict=True) if b]
    moves = {i: h ^ total for i, h in enumerate(heaps) if total and (h ^ total) < h}
    rows = len(heaps) + 1
    row_in = min(0.42, 2.6 / rows)
    height = 0.95 + row_in * rows
    fig, ax = _new_figure(width, height, left=1.45, right=0.2, bottom=0.15, top=0.8,
                          title=f"{Nim().title} with heaps ({', '.join(map(str, heaps))}) in binary: nim-sum {total}")
    ax_w, ax_h = _axes_inches(ax)
    col_in = min(0.55, (ax_w - 3.6) / digits)  # leave about 3.6 inches for the notes at the right
    ax.set_xlim(-0.5, -0.5 + ax_w / col_in)
    ax.set_ylim(-0.5, rows - 0.5)
    _bare(ax)
    size = _fit_text(ax, 1, largest=14)
    _axis_numbers(ax, "top", list(range(digits)), [str(p) for p in places], fontsize=LABEL_SIZE, gid="place-values")
    ax.xaxis.set_label_position("top")
    ax.set_xlabel("place value of the binary digit", fontsize=LABEL_SIZE, loc="left", labelpad=TICK_SIZE + 5)
    _row_labels(ax, range(rows), [f"nim-sum: {total}"] + [f"heap {HEAP_NAMES[i]}: {h}" for i, h in
                                                          reversed(list(enumerate(heaps)))])
    cells = [(k, rows - 1 - i, b) for i, row in enumerate(bits) for k, b in enumerate(row)]
    odd_k = {k for k, b in enumerate(xor_bits) if b}
    colours = [PARITY_COLOUR if k in odd_k else "#EFEFEF" for k, _, _ in cells]
    ax.add_collection(PatchCollection(_squares([k for k, _, _ in cells], [y for _, y, _ in cells], CELL, CELL),
                                      facecolor=colours, edgecolor="none", alpha=0.55, zorder=1), autolim=False)
    ax.add_collection(PatchCollection(_squares(range(digits), [0] * digits, CELL, CELL),
                                      facecolor=[PARITY_COLOUR if k in odd_k else "#EFEFEF" for k in range(digits)],
                                      edgecolor="black", linewidth=1.0, alpha=0.9, zorder=1), autolim=False)
    ones = [(k, y) for k, y, b in cells if b]
    zeros = [(k, y) for k, y, b in cells if not b]
    _labels(ax, [k for k, _ in ones], [y for _, y in ones], ["1"] * len(ones), size, bold=True, gid="bits")
    _labels(ax, [k for k, _ in zeros], [y for _, y in zeros], ["0"] * len(zeros), size, N_TEXT_COLOUR, gid="bits")
    _labels(ax, list(range(digits)), [0] * digits, [str(b) for b in xor_bits], size, bold=True, gid="xor-bits")
    ax.hlines(0.5, -0.5, digits - 0.5, colors="black", linewidth=1.6)
    ax.text(-0.62, 0.5, "⊕", ha="right", va="center", fontsize=LABEL_SIZE + 2)
    note_x = digits + 0.1
    for i, new in moves.items():
        y = rows - 1 - i
        ax.add_artist(Rectangle((-0.5, y - 0.47), digits, 0.94, facecolor="none", edgecolor=SECOND_COLOUR,
                               linewidth=3.0, zorder=5, gid="move-frame"))
        ax.text(note_x, y, f"→ change heap {HEAP_NAMES[i]} from {heaps[i]} to {new} = {new:0{digits}b}", ha="left",
                va="center", fontsize=LABEL_SIZE, zorder=5)
    p_positions: list = []
    if total == 0:
        _draw_p_markers(ax, [note_x + 0.4], [0], size)
        ax.text(note_x + 1.0, 0, "P-position: every move loses", ha="left", va="center",
                fontsize=LABEL_SIZE)
        p_positions = [heaps]
    else:
        ax.text(note_x, 0, "N-position: a move in an orange row wins", ha="left", va="center", fontsize=LABEL_SIZE)
    fig.plotted.update(bits=bits, nim_sum=total, odd_columns=odd, moves=moves, p_positions=p_positions)
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
    width = _check_inches(width, "width")
    height = _check_inches(height, "height")
    limit = _check_count(limit, "limit", MAX_WYTHOFF)
    game = Wythoff()
    p_positions = game.p_positions(limit)
    fig, ax = _new_figure(width, height, left=1.0, right=1.0, bottom=0.6, top=0.45,
                          title=f"{game.title}: P-positions (a, b) with both heaps below {limit}")
    cell_pt = _square_grid(ax, limit, limit, shift_left=0.8)
    ax.set_xlim(-0.5, limit - 0.5)
    ax.set_ylim(-0.5, limit - 0.5)
    ax.set_facecolor(N_COLOUR)
    if cell_pt >= 4:
        edges = np.arange(-0.5, limit, 1.0)
        grid = [((e, -0.5), (e, limit - 0.5)) for e in edges] + [((-0.5, e), (limit - 0.5, e)) for e in edges]
        ax.add_collection(LineCollection(grid, colors="white", linewidths=0.8, zorder=1), autolim=False)
    _draw_p_markers(ax, [a for a, _ in p_positions], [b for _, b in p_positions], _fit_text(ax, 1, largest=11))
    phi = (1 + math.sqrt(5)) / 2
    ends = np.array([0.0, limit])
    ax.plot(ends, phi * ends, color=HIGHLIGHT_COLOUR, linewidth=2.0, linestyle="--", zorder=5, label="b = φ·a")
    ax.plot(ends, ends / phi, color=LINE_COLOUR, linewidth=2.2, linestyle=":", zorder=5, label="b = a / φ")
    _grid_numbers(ax, cell_pt, list(range(limit)), list(range(limit)))
    ax.set_xlabel("heap a", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel("heap b", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 8)
    handles = [Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=P_EDGE_WIDTH, label="P-position"),
               Patch(facecolor=N_COLOUR, label="N-position"), *ax.get_legend_handles_labels()[0]]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.04, 1.0), frameon=False, fontsize=TICK_SIZE,
              title=f"φ = (1 + √5)/2 ≈ {phi:.4f}", title_fontsize=TICK_SIZE)
    fig.plotted.update(p_positions=p_positions)
    return fig


@lru_cache(maxsize=8)
def _chomp(rows: int, cols: int) -> Chomp:
    """One Chomp game per board size, so its table of outcomes is kept between figures (widget steps)."""
    return Chomp(rows, cols)


def chomp_board(position: Sequence[int], rows: int | None = None, cols: int | None = None,
                show_winning_moves: bool = False, width: float = 8.0, show_outcome: bool = True) -> GameFigure:
    """A Chomp position: chocolate brown squares remain, eaten squares are blank, the poison is black (☠).

    Beside the board the P marker (or a grey N) gives the outcome; with ``show_winning_moves`` the squares
    whose bite wins are framed in blue.

    Parameters
    ----------
    position : row lengths, top row first, never increasing downwards, e.g. ``(5, 5, 3)``.
    rows, cols : size of the bar (default: the number of rows given and the longest row); at most the
        sizes :class:`~gamelib.Chomp` accepts.
    show_winning_moves : frame the winning bites.
    width : figure width in inches, 3 to 20.
    show_outcome : say whether the position is P or N (off for "play first", where it would give it away).

    Returns
    -------
    GameFigure with ``plotted`` keys ``remaining`` (list of (row, col) squares, counted from 0 at the top
    left), ``outcome`` ('P'/'N'), ``winning_bites`` (list of (row, col)), ``p_positions`` ([position] or []).

    >>> fig = chomp_board((3, 3), show_winning_moves=True)
    >>> fig.plotted["outcome"], fig.plotted["winning_bites"]
    ('N', [(1, 2)])
    """
    width = _check_inches(width, "width")
    show_winning_moves = check_bool(show_winning_moves, "show_winning_moves")
    show_outcome = check_bool(show_outcome, "show_outcome")
    if not isinstance(position, (tuple, list)) or not position:
        raise TypeError(f"position must be a non-empty tuple of row lengths such as (5, 5, 3), got {position!r:.60}")
    if len(position) > MAX_CHOMP_POSITIONS:  # a bar of r rows has more than r positions
        raise LimitError(f"position has {len(position):,} rows; boards with at most {MAX_CHOMP_POSITIONS:,} "
                         "positions are drawn")
    position = check_heaps(tuple(position), name="position")
    rows = len(position) if rows is None else check_int(rows, "rows", minimum=1)
    cols = max(max(position), 1) if cols is None else check_int(cols, "cols", minimum=1)
    if len(position) != rows:
        raise ValueError(f"position {position} has {len(position)} rows, but the bar has rows = {rows}")
    game = _chomp(rows, cols)
    position = game._check(position)
    result = game.outcome(position)
    bites = []
    if show_winning_moves:
        for after in game.winning_moves(position):
            r = next(i for i, (x, y) in enumerate(zip(position, after, strict=True)) if x != y)
            bites.append((r, after[r]))
    cell_in = min(0.75, 2.7 / rows, 4.6 / cols)
    height = max(1.5, 1.15 + cell_in * rows)
    fig, ax = _new_figure(width, height, left=0.8, right=0.3, bottom=0.15, top=1.0,
                          title=f"{game.title}: position {position}"
                          + (f", {result}-position" if show_outcome else ""))
    _place_axes(ax, 0.8, 0.15, cols * cell_in, rows * cell_in)
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)  # row 0, the top row, at the top
    remaining = [(r, c) for r in range(rows) for c in range(position[r])]
    eaten = [(r, c) for r in range(rows) for c in range(position[r], cols)]
    ax.add_collection(PatchCollection(_squares([c for _, c in remaining[1:]], [r for r, _ in remaining[1:]], 0.94,
                                               0.94), facecolor=CHOCOLATE_COLOUR, edgecolor="none", zorder=2),
                      autolim=False)
    ax.add_collection(PatchCollection(_squares([c for _, c in eaten], [r for r, _ in eaten], 0.94, 0.94),
                                      facecolor="white", edgecolor="#AAAAAA", linewidth=0.8, linestyle=":",
                                      zorder=2), autolim=False)
    ax.add_artist(Rectangle((-0.47, -0.47), 0.94, 0.94, facecolor=POISON_COLOUR, zorder=3, gid="poison"))
    ax.text(0, 0, "☠", ha="center", va="center", fontsize=max(_fit_text(ax, 1, largest=22), 8), color="white",
            zorder=4)
    if bites:
        ax.add_collection(PatchCollection([Rectangle((c - 0.5, r - 0.5), 1, 1) for r, c in bites],
                                          facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=3.0, zorder=5),
                          autolim=False)
    _bare(ax)
    _axis_numbers(ax, "top", list(range(cols)), [str(c + 1) for c in range(cols)])
    _axis_numbers(ax, "left", list(range(rows)), [str(r + 1) for r in range(rows)])
    ax.xaxis.set_label_position("top")
    ax.set_xlabel("column", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 5)
    ax.set_ylabel("row", fontsize=LABEL_SIZE, labelpad=TICK_SIZE + 6)
    if show_outcome:
        # The outcome, right of the board, drawn with the common P marker.
        note_left = 0.8 + cols * cell_in + 0.5
        middle = 0.15 + rows * cell_in / 2
        side_ax = fig.add_axes(((note_left) / width, (middle - 0.25) / height, 0.5 / width, 0.5 / height))
        side_ax.set_xlim(-0.5, 0.5)
        side_ax.set_ylim(-0.5, 0.5)
        side_ax.set_axis_off()
        if result == "P":
            _draw_p_markers(side_ax, [0], [0], 14)
            words = "P-position: the player to move loses."
        else:
            _draw_n_cells(side_ax, [0], [0], 14)
            words = "N-position: the player to move can win." + (" Blue frames: the winning bites." if bites else "")
        text_left = note_left + 0.65
        words = "\n".join(textwrap.wrap(words, width=max(12, int((width - text_left - 0.1) / 0.095))))
        fig.text(text_left / width, middle / height, words, ha="left", va="center", fontsize=LABEL_SIZE,
                 linespacing=1.3)
    fig.plotted.update(remaining=remaining, outcome=result, winning_bites=bites,
                       p_positions=[position] if result == "P" else [])
    return fig


__all__ = [
    "GameFigure",
    "chomp_board",
    "figure_to_png",
    "game_graph",
    "grundy_scale",
    "labelling_figure",
    "nim_binary_table",
    "outcome_strips",
    "period_heatmap",
    "sequence_strip",
    "sum_heatmap",
    "wythoff_heatmap",
]
