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

The figures live in modules by topic: :mod:`~gamelib.plots.one_heap` (sequence_strip, outcome_strips,
grundy_scale), :mod:`~gamelib.plots.graphs` (game_graph, labelling_figure), :mod:`~gamelib.plots.two_heaps`
(sum_heatmap, period_heatmap, wythoff_heatmap), :mod:`~gamelib.plots.nim` (nim_binary_table) and
:mod:`~gamelib.plots.boards` (chomp_board); :mod:`~gamelib.plots.style` holds the palette and
:mod:`~gamelib.plots.draw` and :mod:`~gamelib.plots.figure` the drawing helpers they share,
:mod:`~gamelib.plots.text` the sentences figures and panels both write. Every figure is importable from here.
"""

from gamelib.plots.boards import chomp_board
from gamelib.plots.figure import GameFigure, figure_to_png
from gamelib.plots.graphs import game_graph, labelling_figure
from gamelib.plots.nim import nim_binary_table
from gamelib.plots.one_heap import grundy_scale, outcome_strips, sequence_strip
from gamelib.plots.rare import rare_heaps_figure as rare_heaps_figure  # the picture of the rare-value method

# The palette and sizes stay importable as gamelib.plots.P_COLOUR etc., as before the split.
from gamelib.plots.style import (  # noqa: F401
    CELL,
    CHOCOLATE_COLOUR,
    HIGHLIGHT_COLOUR,
    LABEL_SIZE,
    LINE_COLOUR,
    MIN_TEXT_SIZE,
    MOVE_COLOUR,
    N_COLOUR,
    N_TEXT_COLOUR,
    P_COLOUR,
    P_EDGE_COLOUR,
    P_EDGE_WIDTH,
    P_TEXT_COLOUR,
    PARITY_COLOUR,
    PERIOD_CMAP,
    POISON_COLOUR,
    SECOND_COLOUR,
    TICK_SIZE,
    TITLE_SIZE,
    VALUE_CMAP,
)
from gamelib.plots.two_heaps import period_heatmap, sum_heatmap, wythoff_heatmap

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
