"""Explorers of periods, as declarations on :class:`~gamelib.widgets.panel.Explorer`: the period of one
subtraction game, and the period heatmap over many."""

from __future__ import annotations

from functools import lru_cache

from gamelib import plots
from gamelib.analysis.survey import period_grid
from gamelib.arguments import check_bool, set_text
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import MAX_HEATMAP_C, MAX_PERIOD_STRIP
from gamelib.parsing import Limit
from gamelib.widgets.one_heap import set_control
from gamelib.widgets.panel import Explorer, View, check_box, slider


def _period(values: dict) -> View:
    game = SubtractionGame(values["S"], misere=values.get("misere", False))
    p = game.periodicity()
    wanted = p.preperiod + 2 * p.period
    stop = min(max(wanted, 20), MAX_PERIOD_STRIP)
    first, second, length = p.window
    text = (f"{game.title}: preperiod {p.preperiod}, period {p.period} (proven: the {length} values from "
            f"n = {first} reappear from n = {second}).")
    if wanted > stop:
        text += f" The strip shows heaps 0 to {stop - 1} only."
    return View(("period", game.S, game.misere, stop), lambda: plots.sequence_strip(game, stop, show_period=True),
                text)


def period_explorer(S: object = "2, 5, 7", misere: bool | None = None) -> Explorer:
    """The preperiod and period of a subtraction game, proven, with the first two periods drawn.

    Parameters
    ----------
    S : the subtraction set as text, e.g. "2, 5, 7"; at most 8 numbers, each 1 to 20.
    misere : None (default): normal play, and no word about misère play (lesson 6 teaches it); True or False:
        a "misère play" check box, ticked or not at first.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``text``, ``misere`` (Checkbox, only when asked for), ``image``,
        ``status``.

    Examples
    --------
    >>> w = period_explorer("2, 5, 7")
    >>> print(w.status_text)
    S = {2, 5, 7}: preperiod 0, period 22 (proven: the 7 values from n = 0 reappear from n = 22).
    >>> period_explorer("1, 2, 3", misere=True).status_text.startswith("S = {1, 2, 3} (misère): preperiod 0, period 4")
    True
    """
    row = [set_control(S)]
    if misere is not None:
        row.append(check_box("misere", "misere", "misère play", check_bool(misere, "misere")))
    return Explorer([row], _period, note=f"The strip shows at most {MAX_PERIOD_STRIP} heaps")


@lru_cache(maxsize=32)
def _periods_with_largest(c: int) -> list[tuple[tuple[int, int, int], int, int]]:
    """(S, preperiod, period) for every S = {a, b, c}, a < b < c, in the order of a then b, from the survey."""
    periods, preperiods = period_grid(c, "period"), period_grid(c, "preperiod")
    return [((a, b, c), int(preperiods[a, b]), int(periods[a, b])) for a in range(1, c - 1) for b in range(a + 1, c)]


def figure_height(c: int) -> float:
    """Height in inches of the heatmap for ``c``: taller for larger c, so every cell keeps its number written
    in it (the lesson asks students to read periods off the picture) up to the largest c."""
    return max(4.0, 0.33 * (c - 2) + 1.05)


def _heatmap(values: dict) -> View:
    c = values["c"]
    height = figure_height(c)
    records = _periods_with_largest(c)
    longest = max(records, key=lambda r: r[2])
    periods = [r[2] for r in records]
    common = max(sorted(set(periods)), key=periods.count)
    sets = f"{len(records)} set" + ("s" if len(records) > 1 else "")
    text = (f"S = {{a, b, {c}}} with a < b < {c}: {sets}. Longest period {longest[2]}, "
            f"for S = {set_text(longest[0])} (preperiod {longest[1]}). Shortest period {min(periods)}; "
            f"the most common period is {common} ({periods.count(common)} of them).")
    return View(("heatmap", c, height), lambda: plots.period_heatmap(c, height=height), text)


def period_heatmap_explorer(c: int = 12) -> Explorer:
    """Periods of every S = {a, b, c} for one c, as a heatmap over a and b.

    Parameters
    ----------
    c : the largest element of the sets {a, b, c}, 3 to 20.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``slider`` (c), ``image``, ``status``.

    Examples
    --------
    >>> w = period_heatmap_explorer(5)
    >>> w.status_text.startswith("S = {a, b, 5} with a < b < 5: 6 sets.")
    True
    """
    return Explorer([[slider("slider", "c", Limit("c", 3, MAX_HEATMAP_C), c)]], _heatmap, ahead=True)


__all__ = ["figure_height", "period_explorer", "period_heatmap_explorer"]
