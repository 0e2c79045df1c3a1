"""Panels on periods: the period of one subtraction game, and the period heatmap over many."""

from __future__ import annotations

from functools import lru_cache

import ipywidgets as widgets

from gamelib import plots
from gamelib.analysis.survey import period_grid
from gamelib.checks import check_bool, set_text
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_HEATMAP_C,
    MAX_PERIOD_ELEMENT,
    MAX_PERIOD_STRIP,
    MAX_SET_SIZE,
)
from gamelib.widgets.panel import ExplorerWidget, cached_png, int_slider, read_set, set_box, set_box_text

# --------------------------------------------------------------------------------------------------------


class PeriodExplorer(ExplorerWidget):
    """See :func:`period_explorer`. Controls: ``text`` (the set S), ``misere`` (Checkbox).

    >>> w = period_explorer("1, 2, 3", misere=True)
    >>> w.status_text.startswith("S = {1, 2, 3} (misère): preperiod 0, period 4")
    True
    """

    def __init__(self, S: object = "2, 5, 7", misere: bool = False):
        super().__init__()
        self.text = set_box(set_box_text(S))
        self.misere = widgets.Checkbox(value=check_bool(misere, "misere"), description="misère play", indent=False)
        self.game: SubtractionGame | None = None
        self._watch(self.text, self.misere)
        self._setup([widgets.HBox([self.text, self.misere])],
                    f"Limits: S has at most {MAX_SET_SIZE} numbers, each from 1 to {MAX_PERIOD_ELEMENT}; "
                    f"the strip shows at most {MAX_PERIOD_STRIP} heaps.")

    def _redraw(self) -> None:
        game = SubtractionGame(read_set(self.text, MAX_PERIOD_ELEMENT), misere=self.misere.value)
        p = game.periodicity()
        wanted = p.preperiod + 2 * p.period
        stop = min(max(wanted, 20), MAX_PERIOD_STRIP)
        figure = cached_png(("period", game.S, game.misere, stop),
                          lambda: plots.sequence_strip(game, stop, show_period=True))
        first, second, length = p.window
        text = (f"{game.title}: preperiod {p.preperiod}, period {p.period} (proven: the {length} values from "
                f"n = {first} reappear from n = {second}).")
        if wanted > stop:
            text += f" The strip shows heaps 0 to {stop - 1} only."
        self.game = game
        self._show(figure, text)


def period_explorer(S: object = "2, 5, 7", misere: bool = False) -> PeriodExplorer:
    """The preperiod and period of a subtraction game, proven, with the first two periods drawn.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "2, 5, 7"; at most 8 numbers, each 1 to 20.
    misere : start with misère play (the checkbox can change it).

    Returns
    -------
    PeriodExplorer
        An ipywidgets VBox.
        Attributes: ``text``, ``misere`` (Checkbox), ``image``, ``status``.

    Examples
    --------
    >>> w = period_explorer("2, 5, 7")
    >>> print(w.status_text)
    S = {2, 5, 7}: preperiod 0, period 22 (proven: the 7 values from n = 0 reappear from n = 22).
    """
    return PeriodExplorer(S, misere)


# --------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=32)
def _periods_with_largest(c: int) -> list[tuple[tuple[int, int, int], int, int]]:
    """(S, preperiod, period) for every S = {a, b, c}, a < b < c, in the order of a then b, from the survey."""
    periods, preperiods = period_grid(c, "period"), period_grid(c, "preperiod")
    return [((a, b, c), int(preperiods[a, b]), int(periods[a, b])) for a in range(1, c - 1) for b in range(a + 1, c)]


class PeriodHeatmapExplorer(ExplorerWidget):
    """See :func:`period_heatmap_explorer`. Control: ``slider`` (the largest element c).

    >>> period_heatmap_explorer(4).slider.max
    20
    """

    figure_inches = (8.0, 4.0)

    @staticmethod
    def figure_height(c: int) -> float:
        """Height in inches of the heatmap for ``c``: taller for larger c, so every cell keeps its number
        written in it (the lesson asks students to read periods off the picture) up to the largest c."""
        return max(4.0, 0.25 * (c - 2) + 1.05)

    def __init__(self, c: int = 12):
        super().__init__()
        self.slider = int_slider(c, 3, MAX_HEATMAP_C, "c:")
        self._watch(self.slider)
        self._setup([self.slider], f"Limits: c from 3 to {MAX_HEATMAP_C}.")

    def _redraw(self) -> None:
        c = self.slider.value
        height = self.figure_height(c)
        figure = cached_png(("heatmap", c, height), lambda: plots.period_heatmap(c, height=height))
        records = _periods_with_largest(c)
        longest = max(records, key=lambda r: r[2])
        periods = [r[2] for r in records]
        common = max(sorted(set(periods)), key=periods.count)
        sets = f"{len(records)} set" + ("s" if len(records) > 1 else "")
        text = (f"S = {{a, b, {c}}} with a < b < {c}: {sets}. Longest period {longest[2]}, "
                f"for S = {set_text(longest[0])} (preperiod {longest[1]}). Shortest period {min(periods)}; "
                f"the most common period is {common} ({periods.count(common)} of them).")
        self._show(figure, text)


def period_heatmap_explorer(c: int = 12) -> PeriodHeatmapExplorer:
    """Periods of every S = {a, b, c} for one c, as a heatmap over a and b.

    Parameters
    ----------
    c : the largest element of the sets {a, b, c}, 3 to 20.

    Returns
    -------
    PeriodHeatmapExplorer
        An ipywidgets VBox.
        Attributes: ``slider`` (c), ``image``, ``status``.

    Examples
    --------
    >>> w = period_heatmap_explorer(5)
    >>> w.status_text.startswith("S = {a, b, 5} with a < b < 5: 6 sets.")
    True
    """
    return PeriodHeatmapExplorer(c)
