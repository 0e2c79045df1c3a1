"""The explorer of Wythoff's game: its P-positions up to a limit, and the golden-ratio lines they follow."""

from __future__ import annotations

from gamelib import plots
from gamelib.games.wythoff import Wythoff
from gamelib.limits import MAX_PANEL_WYTHOFF
from gamelib.parsing import Limit
from gamelib.widgets.panel import Explorer, View, listing, slider


def _wythoff(values: dict) -> View:
    limit = values["limit"]
    pairs = [(a, b) for a, b in Wythoff().p_positions(limit) if a <= b]
    text = (f"Wythoff's game, both heaps below {limit}: the P-positions (a, b) with a \u2264 b are "
            f"{listing(pairs, 12)} (and their mirror images). The k-th pair has b - a = k.")
    return View(("wythoff", limit), lambda: plots.wythoff_heatmap(limit), text,
                alt="The P-positions lie close to the dashed line b = φ·a and the dotted line b = a / φ.")


def wythoff_explorer(limit: int = 30) -> Explorer:
    """The P-positions of Wythoff's game, with the golden-ratio lines they follow.

    Parameters
    ----------
    limit : both heaps below this, 5 to 60.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``slider`` (limit), ``image``, ``status``.

    Examples
    --------
    >>> print(wythoff_explorer(8).status_text)  # doctest: +NORMALIZE_WHITESPACE
    Wythoff's game, both heaps below 8: the P-positions (a, b) with a ≤ b are (0, 0), (1, 2), (3, 5), (4,
    7) (and their mirror images). The k-th pair has b - a = k.
    """
    return Explorer([[slider("slider", "limit", Limit("the limit", 5, MAX_PANEL_WYTHOFF), limit, "both heaps below:")]],
                    _wythoff, ahead=True)


__all__ = ["wythoff_explorer"]
