"""Figures for the lessons: every function returns a matplotlib ``Figure`` and never calls ``plt.show``.

The figures are built on :class:`matplotlib.figure.Figure` directly, not through ``pyplot``, so nothing is
kept in pyplot's registry: a figure disappears when nothing refers to it, and a notebook shows it once, as
the last expression of a cell: as a picture with its text alternative (``GameFigure.text_alternative``; a
plain PNG output would have none), so a screen reader can say what it shows.

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
(sum_heatmap, period_heatmap, wythoff_heatmap), :mod:`~gamelib.plots.nim` (nim_binary_table),
:mod:`~gamelib.plots.boards` (board_figure, chomp_board), :mod:`~gamelib.plots.hackenbush` (hackenbush_figure),
:mod:`~gamelib.plots.stairs` (staircase_figure) and :mod:`~gamelib.plots.vertex_graphs` (digraph_figure,
kayles_figure); :mod:`~gamelib.plots.heap_rows` (heaps_figure: any game on a row of heaps);
:mod:`~gamelib.plots.quotients` (cayley_table_figure: a misère quotient's Cayley table);
:mod:`~gamelib.plots.positions` holds the view of each kind of picture and draws a position of any game by the
kind it names (position_figure, view_of);
:mod:`~gamelib.plots.style` holds the palette and :mod:`~gamelib.plots.draw` and :mod:`~gamelib.plots.figure` the
drawing helpers they share (:mod:`~gamelib.plots.legend` their legends), :mod:`~gamelib.plots.text` the sentences
figures and panels both write, and :mod:`~gamelib.plots.raster` turns a figure into PNG bytes fast (savefig's pixels).
Every figure is importable from here.
"""

import importlib
import pkgutil

from gamelib.plots.boards import board_figure, chomp_board
from gamelib.plots.figure import GameFigure, figure_to_png
from gamelib.plots.graphs import game_graph, labelling_figure
from gamelib.plots.hackenbush import hackenbush_figure
from gamelib.plots.heap_rows import heaps_figure
from gamelib.plots.nim import nim_binary_table
from gamelib.plots.one_heap import grundy_scale, outcome_strips, sequence_strip
from gamelib.plots.positions import FIGURES, KindView, figure_kind, picture_text, position_figure, view_of
from gamelib.plots.quotients import cayley_table_figure
from gamelib.plots.rare import rare_heaps_figure
from gamelib.plots.stairs import staircase_figure
from gamelib.plots.text import mex_sentence
from gamelib.plots.two_heaps import period_heatmap, sum_heatmap, wythoff_heatmap
from gamelib.plots.vertex_graphs import digraph_figure, kayles_figure

# Every module of this package is imported, so the view a kind registers (``@figure_kind``) is known to every
# panel without a line here: a new kind of picture is one new module.
for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "FIGURES",
    "GameFigure",
    "KindView",
    "board_figure",
    "cayley_table_figure",
    "chomp_board",
    "digraph_figure",
    "figure_kind",
    "figure_to_png",
    "game_graph",
    "grundy_scale",
    "hackenbush_figure",
    "heaps_figure",
    "kayles_figure",
    "labelling_figure",
    "mex_sentence",
    "nim_binary_table",
    "outcome_strips",
    "period_heatmap",
    "picture_text",
    "position_figure",
    "rare_heaps_figure",
    "sequence_strip",
    "staircase_figure",
    "sum_heatmap",
    "view_of",
    "wythoff_heatmap",
]
