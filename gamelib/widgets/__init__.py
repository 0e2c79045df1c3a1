"""Interactive explorers for the lessons: each is one call that returns an ipywidgets panel.

Every panel is a ``VBox`` with its controls on top, the figure below them (a PNG in an ``ipywidgets.Image``
of fixed size, so the page does not jump), then a status line (``status``, HTML) that says in words what the
figure shows, and a line stating the size limits. Text boxes are read with :func:`~gamelib.parsing.parse_set`
(never ``eval``); a bad entry puts a message in the status line and leaves the figure as it was. The status
line is always written *after* the figure, so whoever waits for the text sees the new figure too.

All controls and outputs are attributes, so a test (or a curious student) can drive a panel from Python:

>>> w = grundy_scale_explorer("2, 5, 7", n=7)
>>> w.slider.value = 9
>>> print(w.status_text)
g(9) = mex{g(7), g(4), g(2)} = mex{3, 0, 1} = 2, so heap 9 is an N-position.

The panels live in modules by topic (:mod:`~gamelib.widgets.one_heap`, :mod:`~gamelib.widgets.periods`,
:mod:`~gamelib.widgets.nim`, :mod:`~gamelib.widgets.sums`, :mod:`~gamelib.widgets.boards`,
:mod:`~gamelib.widgets.play`), all built on :mod:`~gamelib.widgets.panel`; every panel is importable from here.
"""

from gamelib.widgets.boards import chomp_explorer, wythoff_explorer
from gamelib.widgets.nim import nim_explorer
from gamelib.widgets.one_heap import (
    grundy_scale_explorer,
    labelling_player,
    mex_sentence,
    misere_explorer,
    subtraction_explorer,
)
from gamelib.widgets.panel import PNG_CACHE, PNG_CACHE_SIZE, ExplorerWidget, StaticFallback  # noqa: F401
from gamelib.widgets.periods import period_explorer, period_heatmap_explorer
from gamelib.widgets.play import PlayWidget, play_nim, play_subtraction
from gamelib.widgets.sums import sum_explorer

#: The cache of rendered figures under the name benchmarks/run.py clears between timings.
_PNG_CACHE = PNG_CACHE

__all__ = [
    "ExplorerWidget",
    "PlayWidget",
    "chomp_explorer",
    "grundy_scale_explorer",
    "labelling_player",
    "mex_sentence",
    "misere_explorer",
    "nim_explorer",
    "period_explorer",
    "period_heatmap_explorer",
    "play_nim",
    "play_subtraction",
    "subtraction_explorer",
    "sum_explorer",
    "wythoff_explorer",
]
