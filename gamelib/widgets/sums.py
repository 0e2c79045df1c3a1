"""The explorer of sums of two subtraction games: the heatmap of g_A(i) XOR g_B(j), one position explained."""

from __future__ import annotations

from gamelib import plots
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import MAX_SUM_SIDE
from gamelib.parsing import Limit
from gamelib.widgets.one_heap import set_control
from gamelib.widgets.panel import Explorer, View, slider


class SumExplorer(Explorer):
    """See :func:`sum_explorer`. The heap sliders follow the table's size: their range is the rows (columns)
    drawn, so the position explained is always on the picture."""

    def __init__(self, S_a: object, S_b: object, rows: int, cols: int):
        side = Limit("rows", 2, MAX_SUM_SIDE)
        super().__init__([[set_control(S_a, "text_a", "S_a", "S_a ="), set_control(S_b, "text_b", "S_b", "S_b =")],
                          [slider("rows_slider", "rows", side, rows, "rows:"),
                           slider("cols_slider", "cols", Limit("columns", 2, MAX_SUM_SIDE), cols, "columns:")],
                          [slider("heap_a", "i", Limit("heap of A", 0, MAX_SUM_SIDE - 1), 5, "heap of A:"),
                           slider("heap_b", "j", Limit("heap of B", 0, MAX_SUM_SIDE - 1), 7, "heap of B:")]],
                         self._view, ahead=True)

    def _draw(self) -> None:
        self.heap_a.set_range(0, self.rows_slider.value - 1)  # a position inside the table shown
        self.heap_b.set_range(0, self.cols_slider.value - 1)
        super()._draw()

    def _view(self, values: dict) -> View:
        """The view of ``values`` (it changes nothing: also called for values not shown, to draw ahead)."""
        game_a, game_b = SubtractionGame(values["S_a"]), SubtractionGame(values["S_b"])
        rows, cols = values["rows"], values["cols"]
        i, j = min(values["i"], rows - 1), min(values["j"], cols - 1)  # where _draw's ranges put them
        ga_row, gb_row = game_a.grundy_values(rows), game_b.grundy_values(cols)
        zeros = sum(int(x == y) for x in ga_row for y in gb_row)
        ga, gb = game_a.grundy(i), game_b.grundy(j)
        kind = "a P" if ga == gb else "an N"
        text = (f"A: {game_a.title}, B: {game_b.title}. {zeros} of the {rows} \u00d7 {cols} positions shown are "
                f"P-positions (value 0). Position ({i}, {j}): g_A({i}) \u2295 g_B({j}) = {ga} \u2295 {gb} = "
                f"{ga ^ gb}, {kind}-position.")
        return View(("sum", game_a.S, game_b.S, rows, cols, (i, j)),
                    lambda: plots.sum_heatmap(game_a, game_b, rows, cols, mark=(i, j)), text,
                    alt="The explained position is outlined in black and white.")


def sum_explorer(S_a: object = "1, 3, 7, 8", S_b: object = "1, 2, 3", rows: int = 16, cols: int = 16) -> SumExplorer:
    """The sum of two subtraction games: the heatmap of g_A(i) XOR g_B(j), and one position explained.

    Parameters
    ----------
    S_a, S_b : the two subtraction sets as text, e.g. "1, 3, 7, 8"; at most 8 numbers each, each 1 to 20.
    rows, cols : heaps 0 .. rows - 1 of game A and 0 .. cols - 1 of game B, 2 to 40 each.

    Returns
    -------
    SumExplorer
        An ipywidgets VBox. Attributes: ``text_a``, ``text_b``, ``rows_slider``, ``cols_slider``, ``heap_a``,
        ``heap_b``, ``image``, ``status``.

    Examples
    --------
    >>> w = sum_explorer("1, 2", "1, 2", rows=6, cols=6)
    >>> w.heap_a.value, w.heap_b.value = 4, 1
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    A: S = {1, 2}, B: S = {1, 2}. 12 of the 6 × 6 positions shown are P-positions (value 0). Position (4,
    1): g_A(4) ⊕ g_B(1) = 1 ⊕ 1 = 0, a P-position.
    """
    return SumExplorer(S_a, S_b, rows, cols)


__all__ = ["sum_explorer"]
