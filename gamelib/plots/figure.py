"""The figure class every plot returns, its PNG export, and the checks of sizes and counts figures share."""

from __future__ import annotations

import base64
import html
import numbers
import sys
import threading
from collections import OrderedDict
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from gamelib.arguments import LimitError, check_stop
from gamelib.games.base import Game, OneHeapGame
from gamelib.limits import (
    MAX_INCHES,
    MIN_INCHES,
)
from gamelib.plots.raster import render_png
from gamelib.plots.style import TITLE_SIZE


def png_html(png: bytes, alt: str) -> str:
    """PNG bytes as an ``<img>`` with its text alternative (JupyterLab gives a plain PNG output none).

    >>> png_html(b"x", 'a "strip"')
    '<img alt="a &quot;strip&quot;" src="data:image/png;base64,eA==" style="max-width:100%">'
    """
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{data}" style="max-width:100%">'


def _listed(values: Any, most: int = 30) -> str:
    items = [str(v) for v in list(values)[: most + 1]]
    return ", ".join(items[:most]) + (", ..." if len(items) > most else "") if items else "none"


class GameFigure(Figure):
    """A matplotlib ``Figure`` that shows itself in a notebook as a picture with a text alternative, and
    records what it drew.

    ``plotted`` is a dict filled by the function that drew the figure (its keys are listed in that
    function's docstring); :meth:`text_alternative` says in words what the figure shows, from its title and
    what it recorded (``alt`` adds a sentence of the drawing function's own).

    >>> fig = GameFigure(figsize=(2, 1))
    >>> figure_to_png(fig)[:4] == b"\\x89PNG"
    True
    """

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.plotted: dict = {}
        self.alt = ""
        self.top_layer: tuple | None = None  # (key, artists) drawn over a kept picture (plots/raster.py)
        self._new_figure_key: tuple | None = None  # how new_figure made it, if it did (see give_back)

    def text_alternative(self) -> str:
        """The title, the P-positions and the values drawn, and the drawing function's own words.

        >>> from gamelib import SubtractionGame
        >>> from gamelib.plots import sequence_strip
        >>> print(sequence_strip(SubtractionGame({1, 2}), 7, show_period=False).text_alternative())
        S = {1, 2}: Grundy values of heaps 0 to 6. P-positions: 0, 3, 6. Values: 0, 1, 2, 0, 1, 2, 0.
        """
        title = self.get_suptitle().replace("\n", " ")
        parts = [title.rstrip(".") + "."] if title else []
        if isinstance(self.plotted.get("p_positions"), list):
            parts.append(f"P-positions: {_listed(self.plotted['p_positions'])}.")
        values = self.plotted.get("values")
        if isinstance(values, list) and all(isinstance(v, int) for v in values):
            parts.append(f"Values: {_listed(values, 60)}.")
        if self.alt:
            parts.append(self.alt)
        return " ".join(parts)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict:
        alt = self.text_alternative()
        return {"text/html": png_html(figure_to_png(self, dpi=100), alt), "text/plain": f"[Figure: {alt}]"}


def figure_to_png(fig: Figure, dpi: int = 90, fresh: bool = False) -> bytes:
    """The figure as PNG bytes, e.g. for ``ipywidgets.Image(value=...)``.

    ``fresh=True`` says the figure comes straight from its drawing function, unchanged (as a panel's picture
    does): then a figure that names a ``top_layer`` (the sum heatmap's mark) is drawn over a kept picture of
    the rest, when the same rest was drawn before (the same pixels, in less time; see plots/raster.py).

    >>> from gamelib.plots import wythoff_heatmap
    >>> png = figure_to_png(wythoff_heatmap(10), dpi=80)
    >>> png[:4] == b"\\x89PNG"
    True
    """
    if not isinstance(fig, Figure):
        raise TypeError(f"figure_to_png needs a matplotlib Figure, got {fig!r}")
    if isinstance(dpi, bool) or not isinstance(dpi, numbers.Real) or not 20 <= dpi <= 300:
        raise ValueError(f"dpi must be a number from 20 to 300, got {dpi!r}")
    # The pixels savefig would draw, drawn with each line's text bitmap kept from earlier figures and written
    # without Pillow's row filters (plots/raster.py: about half the time of savefig on a panel's figure).
    if not isinstance(fresh, bool):
        raise TypeError(f"fresh must be True or False, got {fresh!r}")
    return render_png(fig, dpi, layered=fresh)


# ---------------------------------------------------------------------------------------------------------
# Drawing helpers shared by all figures.


def new_figure(width: float, height: float, left: float, right: float, bottom: float, top: float,
                title: str) -> tuple[GameFigure, Any]:
    """A figure with one axes placed by margins given in inches (no layout engine: fast and predictable).

    The axes starts without ticks: matplotlib's own ticks cost about a millisecond each to draw, so the
    figures write their numbers with :func:`draw_labels` instead. A figure given back by :func:`give_back`
    for the same drawing function, width and margins is taken instead of a new one (a new axes costs ~4 ms).
    """
    key = (sys._getframe(1).f_code, width, left, right, bottom, top)  # a kept figure may change its height
    kept: OrderedDict = getattr(_GIVEN_BACK, "figures", None) or OrderedDict()
    _GIVEN_BACK.figures = kept
    box = (left / width, bottom / height, 1 - (left + right) / width, 1 - (bottom + top) / height)
    fig = kept.pop(key, None)
    if fig is None:
        fig = GameFigure(figsize=(width, height), dpi=100)
        ax = fig.add_axes(box)
        ax.set_xticks([])
        ax.set_yticks([])
        fig._new_figure_key = key
    else:
        if fig.get_figheight() != height:
            fig.set_size_inches(width, height)
        fig.axes[0].set_position(box)
    ax = fig.axes[0]
    fig.suptitle(title, x=0.5, y=1 - 0.08 / height, va="top", fontsize=TITLE_SIZE)
    return fig, ax


#: Figures kept for :func:`new_figure` to take again (per thread, one per drawing function and layout).
KEPT_FIGURES = 8
_GIVEN_BACK = threading.local()


def give_back(fig: Figure) -> None:
    """Hand a figure made by :func:`new_figure` back once it is drawn and nothing else refers to it (a panel's
    picture, once encoded): everything drawn on it is taken away and it is kept, as new_figure left it, for
    the next figure of the same drawing function and layout. Other figures are ignored.

    >>> def drawing(title):
    ...     fig, ax = new_figure(4, 2, left=0.5, right=0.5, bottom=0.5, top=0.5, title=title)
    ...     ax.text(0, 0, "a word")
    ...     return fig
    >>> fig = drawing("one"); give_back(fig)
    >>> again = drawing("two")
    >>> again is fig, [t.get_text() for t in again.axes[0].texts], again.get_suptitle()
    (True, ['a word'], 'two')
    """
    key = getattr(fig, "_new_figure_key", None)
    if key is None or not isinstance(fig, GameFigure):
        return
    for extra in fig.axes[1:]:
        fig.delaxes(extra)
    ax: Any = fig.axes[0]
    kept_parts = (ax, ax.patch, fig.patch, getattr(fig, "_suptitle", None), ax.xaxis, ax.yaxis,
                  ax.title, ax._left_title, ax._right_title, *ax.spines.values())
    for artist in [*ax.get_children(), *fig.get_children()]:
        if not any(artist is part for part in kept_parts):
            artist.remove()
    ax.legend_ = None
    ax.containers.clear()
    ax.set_axis_on()
    ax.set_facecolor(matplotlib.rcParams["axes.facecolor"])
    ax.set_aspect("auto")
    for spine in ax.spines.values():
        spine.set_visible(True)
    ax.xaxis.set_label_position("bottom")
    ax.yaxis.set_label_position("left")
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_label_text("")
        axis.labelpad = matplotlib.rcParams["axes.labelpad"]
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_autoscale_on(True)
    ax.ignore_existing_data_limits = True
    ax.set_xticks([])
    ax.set_yticks([])
    fig.plotted, fig.alt, fig.top_layer = {}, "", None
    kept: OrderedDict = getattr(_GIVEN_BACK, "figures", None) or OrderedDict()
    _GIVEN_BACK.figures = kept
    kept[key] = fig
    while len(kept) > KEPT_FIGURES:
        kept.popitem(last=False)


def place_axes(ax: Any, left: float, bottom: float, width: float, height: float) -> None:
    """Move ``ax`` to a box given in inches from the figure's lower left corner."""
    fig_w, fig_h = ax.figure.get_size_inches()
    ax.set_position((left / fig_w, bottom / fig_h, width / fig_w, height / fig_h))


def axes_inches(ax: Any) -> tuple[float, float]:
    """The width and height of ``ax`` in inches.

    >>> fig, ax = new_figure(4, 2, left=0.5, right=0.5, bottom=0.5, top=0.5, title="")
    >>> [round(float(side), 6) for side in axes_inches(ax)]
    [3.0, 1.0]
    """
    box = ax.get_position()
    width, height = ax.figure.get_size_inches()
    return box.width * width, box.height * height


def points_per_unit(ax: Any) -> tuple[float, float]:
    """How many points one data unit spans, across and up (the limits must be set already)."""
    width, height = axes_inches(ax)
    x0, x1 = ax.get_xlim()
    y0, y1 = ax.get_ylim()
    return 72 * width / abs(x1 - x0), 72 * height / abs(y1 - y0)


def check_game_kind(game: object, kind: type = OneHeapGame, example: str = "SubtractionGame({1, 3, 4})") -> None:
    """Refuse anything that is not a game of the model's class ``kind`` (the figure calls its methods).

    >>> check_game_kind("1, 3, 4")
    Traceback (most recent call last):
    ...
    TypeError: expected a game such as SubtractionGame({1, 3, 4}), got '1, 3, 4' (not a OneHeapGame)
    """
    if not isinstance(game, kind):
        raise TypeError(f"expected a game such as {example}, got {game!r:.80} (not a {kind.__name__})")


def title_of(game: Game) -> str:
    """How a figure names ``game``: the model's own ``title``.

    >>> from gamelib import SubtractionGame
    >>> title_of(SubtractionGame({1, 2}))
    'S = {1, 2}'
    """
    return game.title


def check_inches(value: object, name: str) -> float:
    """A figure width or height in inches: a number from MIN_INCHES to MAX_INCHES.

    The bound keeps the picture small enough to draw: at the largest dpi figure_to_png allows (300), a
    figure of MAX_INCHES x MAX_INCHES is 6,000 x 6,000 pixels, about 144 MB while it is drawn.

    >>> check_inches(8, "width")
    8.0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number of inches, from {MIN_INCHES} to {MAX_INCHES}, got {value!r}")
    if not MIN_INCHES <= float(value) <= MAX_INCHES:  # also refuses nan
        raise LimitError(f"{name}={value!r} inches is outside the figure sizes drawn: {name} must be from "
                         f"{MIN_INCHES} to {MAX_INCHES} inches")
    return float(value)


def check_count(value: object, name: str, limit: int, smallest: int = 1) -> int:
    """A number of heaps/rows/columns: a whole number from ``smallest`` to ``limit``.

    >>> check_count(5, "rows", 10)
    5
    """
    value = check_stop(value, limit=limit, name=name)
    if value < smallest:
        raise ValueError(f"{name} must be from {smallest} to {limit}, got {value}")
    return value
