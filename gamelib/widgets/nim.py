"""The Nim panel: heaps in number boxes, the binary table and the winning moves."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from gamelib import plots
from gamelib.checks import read_items
from gamelib.games.nim import HEAP_NAMES, Nim, nim_sum
from gamelib.limits import (
    MAX_NIM_EXPLORER_HEAP,
    MAX_NIM_EXPLORER_HEAPS,
)
from gamelib.widgets.panel import ExplorerWidget, cached_png, int_slider

# --------------------------------------------------------------------------------------------------------


class NimExplorer(ExplorerWidget):
    """See :func:`nim_explorer`. Controls: ``count`` (number of heaps), ``boxes`` (one number box per heap;
    ``sliders`` is the same list under its earlier name).

    >>> w = nim_explorer((1, 2))
    >>> w.count.value = 1
    >>> w.heaps
    (1,)
    """

    figure_inches = (8.0, 4.0)

    def __init__(self, heaps: Sequence[int] = (5, 9, 12)):
        super().__init__()
        heaps = tuple(read_items(heaps, "heaps", MAX_NIM_EXPLORER_HEAPS, "(5, 9, 12)"))
        if not 1 <= len(heaps) <= MAX_NIM_EXPLORER_HEAPS:
            raise ValueError(f"nim_explorer takes 1 to {MAX_NIM_EXPLORER_HEAPS} heaps, got {heaps}")
        for h in heaps:
            if isinstance(h, bool) or not isinstance(h, int) or not 0 <= h <= MAX_NIM_EXPLORER_HEAP:
                raise ValueError(f"each heap must be a whole number from 0 to {MAX_NIM_EXPLORER_HEAP}, got {h!r}")
        self.count = int_slider(len(heaps), 1, MAX_NIM_EXPLORER_HEAPS, "heaps:")
        start = heaps + (1,) * (MAX_NIM_EXPLORER_HEAPS - len(heaps))
        # Number boxes, not sliders: a heap from 0 to 63 is typed (or stepped with the arrows) exactly, where a
        # short slider track cannot be set to one value with the mouse. Bounded: a number outside is clamped.
        self.boxes = [widgets.BoundedIntText(value=h, min=0, max=MAX_NIM_EXPLORER_HEAP, step=1,
                                             description=f"heap {HEAP_NAMES[i]}:", continuous_update=False,
                                             layout=widgets.Layout(width="150px"))
                      for i, h in enumerate(start)]
        self._watch(self.count, *self.boxes)
        self._setup([self.count, widgets.HBox(self.boxes)],
                    f"Limits: 1 to {MAX_NIM_EXPLORER_HEAPS} heaps, each from 0 to {MAX_NIM_EXPLORER_HEAP}.")

    @property
    def sliders(self) -> list[widgets.BoundedIntText]:
        """The heap inputs under their earlier name (they were sliders): the same list as ``boxes``."""
        return self.boxes

    @property
    def heaps(self) -> tuple[int, ...]:
        """The heaps currently set."""
        return tuple(box.value for box in self.boxes[: self.count.value])

    def _redraw(self) -> None:
        for i, box in enumerate(self.boxes):
            box.layout.display = None if i < self.count.value else "none"
        heaps = self.heaps
        figure = cached_png(("nim", heaps), lambda: plots.nim_binary_table(heaps))
        total = nim_sum(*heaps)
        sum_text = " \u2295 ".join(map(str, heaps)) + f" = {total}"
        if total == 0:
            text = f"{sum_text}: a P-position. Every move changes the nim-sum to something other than 0."
        else:
            moves = []
            for after in Nim().winning_moves(heaps):
                i = next(k for k in range(len(heaps)) if after[k] != heaps[k])
                moves.append(f"heap {HEAP_NAMES[i]} from {heaps[i]} to {after[i]}")
            text = f"{sum_text}: an N-position. Winning move{'s' if len(moves) > 1 else ''}: " + "; ".join(moves) + "."
        self._show(figure, text)


def nim_explorer(heaps: Sequence[int] = (5, 9, 12)) -> NimExplorer:
    """Nim heaps in binary, the nim-sum, and the winning move; one number box per heap (up to 5 heaps).

    Parameters
    ----------
    heaps : 1 to 5 heap sizes, each 0 to 63.

    Returns
    -------
    NimExplorer
        An ipywidgets VBox.
        Attributes: ``count`` (number of heaps), ``boxes`` (list of 5 number boxes, 0 to 63; those beyond
        ``count`` are hidden; ``sliders`` is the same list), ``heaps`` (tuple), ``image``, ``status``.

    Examples
    --------
    >>> w = nim_explorer((3, 4, 5))
    >>> print(w.status_text)
    3 ⊕ 4 ⊕ 5 = 2: an N-position. Winning move: heap A from 3 to 1.
    >>> w.boxes[0].value = 1
    >>> print(w.status_text)
    1 ⊕ 4 ⊕ 5 = 0: a P-position. Every move changes the nim-sum to something other than 0.
    """
    return NimExplorer(heaps)
