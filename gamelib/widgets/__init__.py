"""Panels for the lessons: each is one call that returns an ipywidgets panel.

There are two kinds, both driven by the game protocol of :class:`gamelib.Game`:

* :class:`~gamelib.widgets.panel.Explorer` binds controls → a game → a figure → a status sentence (the
  sentence is also the figure's text alternative). Every explorer of the lessons is a declaration on it, and
  :func:`position_explorer` explores one position of any game;
* :class:`~gamelib.widgets.play.PlayPanel` plays any game against the computer or between two people
  (:func:`play_game`); ``play_subtraction``, ``play_nim`` and ``chomp_explorer`` are declarations on it.

Text boxes are read with :mod:`gamelib.parsing` (never ``eval``); a bad entry or a value out of range puts a
message in the status line (a value out of range is refused with the range, never moved into it). Sliders,
figures, the status line and game boards are the kit's own accessible widgets
(:mod:`~gamelib.widgets.controls`): every control has a name, every figure a text alternative, boards move
with the arrow keys. All controls and outputs are attributes, so a test (or a curious student) can drive a
panel from Python:

>>> w = grundy_scale_explorer("2, 5, 7", n=7)
>>> w.slider.value = 9
>>> print(w.status_text)
g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2, so heap 9 is an N-position.
"""

from gamelib.widgets.graph_explorers import digraph_explorer, kayles_explorer
from gamelib.widgets.one_heap import grundy_scale_explorer, labelling_player, misere_explorer, subtraction_explorer
from gamelib.widgets.panel import Explorer
from gamelib.widgets.periods import period_explorer, period_heatmap_explorer
from gamelib.widgets.play import chomp_explorer, play_game, play_nim, play_subtraction
from gamelib.widgets.play_panel import PlayPanel
from gamelib.widgets.positions import hackenbush_explorer, nim_explorer, position_explorer
from gamelib.widgets.quotients import misere_quotient_explorer
from gamelib.widgets.sums import sum_explorer
from gamelib.widgets.wythoff import wythoff_explorer

__all__ = [
    "Explorer",
    "PlayPanel",
    "chomp_explorer",
    "digraph_explorer",
    "grundy_scale_explorer",
    "hackenbush_explorer",
    "kayles_explorer",
    "labelling_player",
    "misere_explorer",
    "misere_quotient_explorer",
    "nim_explorer",
    "period_explorer",
    "period_heatmap_explorer",
    "play_game",
    "play_nim",
    "play_subtraction",
    "position_explorer",
    "subtraction_explorer",
    "sum_explorer",
    "wythoff_explorer",
]
