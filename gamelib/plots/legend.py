"""Legends drawn by hand: a row above the axes or a column to their right, laid out once when the figure is made.

matplotlib's ``Legend`` lays itself out again at every draw, through nested boxes that measure their children
several times over: 5-7 ms a draw for a legend of four entries, a fifth of a panel's step. These legends
place each handle and its label once, in inches, with matplotlib's spacings (``handlelength``,
``handletextpad``, ``columnspacing``, ``labelspacing``), and their words are the figure's own texts (gid
``"legend"``), so the tests of words outside the figure check them too.

>>> from matplotlib.patches import Patch
>>> from gamelib.plots.figure import new_figure
>>> fig, ax = new_figure(6, 2, left=0.5, right=0.5, bottom=0.3, top=0.8, title="")
>>> [t.get_text() for t in legend_above(ax, [Patch(facecolor="red", label="P-position")])]
['P-position']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle
from matplotlib.text import Text

from gamelib.plots.draw import text_width
from gamelib.plots.style import TICK_SIZE

ROW = 1.25  #: height of an entry, in font sizes (a line of text)


def _entry(ax: Any, handle: Any, x: float, y: float, length: float, size: float) -> Text:
    """One handle (a patch's square or a line's stroke) ``length`` inches long from (x, y) (its middle, in
    inches), and its label after it."""
    fig = ax.figure
    place = fig.dpi_scale_trans
    if isinstance(handle, Patch):
        height = 0.7 * size / 72
        fig.add_artist(Rectangle((x, y - height / 2), length, height, facecolor=handle.get_facecolor(),
                                 edgecolor=handle.get_edgecolor(), linewidth=handle.get_linewidth(),
                                 linestyle=handle.get_linestyle(), hatch=handle.get_hatch(),
                                 transform=place, gid="legend-handle"))
    elif isinstance(handle, Line2D):
        fig.add_artist(Line2D([x, x + length], [y, y], color=handle.get_color(), linewidth=handle.get_linewidth(),
                              linestyle=handle.get_linestyle(), transform=place, gid="legend-handle"))
    else:
        raise TypeError(f"a legend handle must be a Patch or a Line2D, got {handle!r}")
    fig_w, fig_h = fig.get_size_inches()
    return fig.text((x + length + 0.8 * size / 72) / fig_w, y / fig_h, handle.get_label(), fontsize=size,
                    ha="left", va="center", gid="legend")


def legend_above(ax: Any, handles: Sequence[Any], size: float = TICK_SIZE, handle_length: float = 1.6) -> list[Text]:
    """The handles and their labels in one row centred above ``ax``; returns the labels."""
    fig_w, fig_h = ax.figure.get_size_inches()
    box = ax.get_position()
    length = handle_length * size / 72
    widths = [length + (0.8 * size + text_width(h.get_label(), size)) / 72 for h in handles]
    gap = 2.0 * size / 72
    x = (box.x0 + box.width / 2) * fig_w - (sum(widths) + gap * (len(handles) - 1)) / 2
    y = box.y1 * fig_h + (0.6 * size + ROW * size / 2) / 72
    labels = []
    for handle, width in zip(handles, widths, strict=True):
        labels.append(_entry(ax, handle, x, y, length, size))
        x += width + gap
    return labels


def legend_right(ax: Any, handles: Sequence[Any], title: str = "", size: float = TICK_SIZE,
                 handle_length: float = 2.0, gap: float = 0.04) -> list[Text]:
    """The handles and their labels in a column right of ``ax`` (``gap``: a fraction of its width), its top at
    the top of ``ax``, under ``title`` if one is given; returns the title and the labels."""
    fig = ax.figure
    fig_w, fig_h = fig.get_size_inches()
    box = ax.get_position()
    x = (box.x1 + gap * box.width) * fig_w + 0.4 * size / 72
    y = box.y1 * fig_h - (0.4 * size + ROW * size / 2) / 72
    step = (ROW + 0.5) * size / 72
    labels = []
    entries = max((handle_length * size + 0.8 * size + text_width(h.get_label(), size) for h in handles),
                  default=0.0) / 72
    if title:  # the title and, under it, the entries, each centred in the column (as matplotlib's legend)
        column = max(text_width(title, size) / 72, entries)
        labels.append(fig.text((x + column / 2) / fig_w, y / fig_h, title, fontsize=size, ha="center",
                               va="center", gid="legend"))
        x += (column - entries) / 2
        y -= step
    for handle in handles:
        labels.append(_entry(ax, handle, x, y, handle_length * size / 72, size))
        y -= step
    return labels
