"""The panel on sums of two subtraction games: the heatmap of g_A(i) XOR g_B(j)."""

from __future__ import annotations

import ipywidgets as widgets

from gamelib import plots
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_ELEMENT,
    MAX_SET_SIZE,
    MAX_SUM_SIDE,
)
from gamelib.widgets.panel import ExplorerWidget, cached_png, int_slider, read_set, set_box, set_box_text

# --------------------------------------------------------------------------------------------------------


class SumExplorer(ExplorerWidget):
    """See :func:`sum_explorer`. Controls: ``text_a``, ``text_b`` (the sets), ``rows_slider``,
    ``cols_slider`` (table size), ``heap_a``, ``heap_b`` (a position of the sum to explain).

    >>> [g.S for g in sum_explorer("1", "2").games]
    [(1,), (2,)]
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, S_a: object = "1, 3, 7, 8", S_b: object = "1, 2, 3", rows: int = 16, cols: int = 16):
        super().__init__()
        self.text_a = set_box(set_box_text(S_a), "S_a =")
        self.text_b = set_box(set_box_text(S_b), "S_b =")
        self.rows_slider = int_slider(rows, 2, MAX_SUM_SIDE, "rows:")
        self.cols_slider = int_slider(cols, 2, MAX_SUM_SIDE, "columns:")
        self.heap_a = int_slider(5, 0, MAX_SUM_SIDE - 1, "heap of A:")
        self.heap_b = int_slider(7, 0, MAX_SUM_SIDE - 1, "heap of B:")
        self.games: tuple[SubtractionGame, SubtractionGame] | None = None
        self._watch(self.text_a, self.text_b, self.rows_slider, self.cols_slider, self.heap_a, self.heap_b)
        self._setup([widgets.HBox([self.text_a, self.text_b]),
                     widgets.HBox([self.rows_slider, self.cols_slider]),
                     widgets.HBox([self.heap_a, self.heap_b])],
                    f"Limits: each set has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_ELEMENT}; "
                    f"at most {MAX_SUM_SIDE} rows and columns.")

    def _redraw(self) -> None:
        game_a = SubtractionGame(read_set(self.text_a, name="S_a"))
        game_b = SubtractionGame(read_set(self.text_b, name="S_b"))
        rows, cols = self.rows_slider.value, self.cols_slider.value
        with self.hold_trait_notifications():
            self.heap_a.max, self.heap_b.max = rows - 1, cols - 1  # a position inside the table shown
        mark = (self.heap_a.value, self.heap_b.value)  # the explained position, outlined on the picture
        figure = cached_png(("sum", game_a.S, game_b.S, rows, cols, mark),
                            lambda: plots.sum_heatmap(game_a, game_b, rows, cols, mark=mark))
        self.games = (game_a, game_b)
        self.image.value = figure
        self._explain()

    def _explain(self) -> None:
        if self.games is None:
            return
        game_a, game_b = self.games
        rows, cols = self.rows_slider.value, self.cols_slider.value
        ga_row, gb_row = game_a.grundy_values(rows), game_b.grundy_values(cols)
        zeros = sum(int(x == y) for x in ga_row for y in gb_row)
        i, j = self.heap_a.value, self.heap_b.value
        ga, gb = game_a.grundy(i), game_b.grundy(j)
        kind = "a P" if ga == gb else "an N"
        text = (f"A: {game_a.title}, B: {game_b.title}. {zeros} of the {rows} \u00d7 {cols} positions shown are "
                f"P-positions (value 0). Position ({i}, {j}): g_A({i}) \u2295 g_B({j}) = {ga} \u2295 {gb} = "
                f"{ga ^ gb}, {kind}-position.")
        self._say(text)


def sum_explorer(S_a: object = "1, 3, 7, 8", S_b: object = "1, 2, 3", rows: int = 16,
                 cols: int = 16) -> SumExplorer:
    """The sum of two subtraction games: the heatmap of g_A(i) XOR g_B(j), and one position explained.

    Parameters
    ----------
    S_a, S_b : the two subtraction sets as text, e.g. "1, 3, 7, 8"; at most 8 numbers each, each 1 to 30.
    rows, cols : heaps 0 .. rows - 1 of game A and 0 .. cols - 1 of game B, 2 to 40 each.

    Returns
    -------
    SumExplorer
        An ipywidgets VBox.
        Attributes: ``text_a``, ``text_b``, ``rows_slider``, ``cols_slider``, ``heap_a``, ``heap_b``, ``image``,
        ``status``.

    Examples
    --------
    >>> w = sum_explorer("1, 2", "1, 2", rows=6, cols=6)
    >>> w.heap_a.value, w.heap_b.value = 4, 1
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    A: S = {1, 2}, B: S = {1, 2}. 12 of the 6 × 6 positions shown are P-positions (value 0). Position (4,
    1): g_A(4) ⊕ g_B(1) = 1 ⊕ 1 = 0, a P-position.
    """
    return SumExplorer(S_a, S_b, rows, cols)
