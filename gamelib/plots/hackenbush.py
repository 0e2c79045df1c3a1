"""Green Hackenbush pictures: any game whose ``figure_kind`` is "graph" (:class:`~gamelib.GreenHackenbush`).

The picture is laid out once, from the game's whole picture (``game.layout(game.start)``), and each position
draws the edges still standing there, so that nothing moves when an edge falls. Everything drawn comes from
the model: the layout, the edges standing, the value and the winning chops.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.path import Path

from gamelib.arguments import LimitError, check_bool
from gamelib.games.base import Game
from gamelib.games.hackenbush import GreenHackenbush
from gamelib.games.presentation import labelled_moves
from gamelib.limits import MAX_HACKENBUSH_FIGURE
from gamelib.plots.draw import draw_labels, draw_n_cells, draw_p_markers
from gamelib.plots.figure import GameFigure, check_inches, new_figure, place_axes
from gamelib.plots.positions import figure_kind
from gamelib.plots.style import HIGHLIGHT_COLOUR, LABEL_SIZE, LINE_COLOUR, TICK_SIZE, TITLE_SIZE

#: Edges standing: Okabe–Ito bluish green (it is *Green* Hackenbush). Winning chops: Okabe–Ito blue, drawn
#: thicker and crossed by a black cut, so they differ without colour too. Fallen edges: a light dotted grey.
EDGE_COLOUR, WIN_COLOUR, FALLEN_COLOUR = LINE_COLOUR, HIGHLIGHT_COLOUR, "#BBBBBB"
GROUND_COLOUR = "#8C6D46"
Point = tuple[float, float]
#: What a panel that takes clicks on the picture (``plotted["spots"]``) adds to its text alternative.
CLICK_WORDS = "Click an edge on the picture to chop it, or use the chop buttons below it."


def edge_path(ends: tuple[Point, Point], bend: int, size: float = 1.0) -> tuple[Path, Point]:
    """An edge as a path, and the point half way along it (where a cut is drawn): straight when ``bend`` is
    0; a loop (both ends the same point) grows with ``bend``; another edge bows ``bend`` steps to one side.

    >>> path, middle = edge_path(((0.0, 0.0), (0.0, 1.0)), 0)
    >>> path.vertices.tolist(), middle
    ([[0.0, 0.0], [0.0, 1.0]], (0.0, 0.5))
    """
    (x0, y0), (x1, y1) = ends
    if (x0, y0) == (x1, y1):  # a loop: a drop leaning left (odd bends) or right (even), larger each pair
        reach = size * (0.5 + 0.2 * ((bend - 1) // 2))
        lean = -0.8 if bend % 2 else 0.8
        dx, dy = lean / np.hypot(lean, 1.0), 1.0 / np.hypot(lean, 1.0)  # the loop's axis, a unit vector
        c1 = (x0 + reach * (1.3 * dx - 0.6 * dy), y0 + reach * (1.3 * dy + 0.6 * dx))
        c2 = (x0 + reach * (1.3 * dx + 0.6 * dy), y0 + reach * (1.3 * dy - 0.6 * dx))
        path = Path([(x0, y0), c1, c2, (x0, y0)], [Path.MOVETO, Path.CURVE4, Path.CURVE4, Path.CURVE4])
        return path, (x0 + 0.975 * reach * dx, y0 + 0.975 * reach * dy)
    if not bend:
        return Path([(x0, y0), (x1, y1)]), ((x0 + x1) / 2, (y0 + y1) / 2)
    length = float(np.hypot(x1 - x0, y1 - y0))
    sign = 1 if (x0, y0) < (x1, y1) else -1  # the same side for (u, v) and (v, u): copies bow apart
    nx, ny = -sign * (y1 - y0) / length, sign * (x1 - x0) / length  # a unit normal
    cx, cy = (x0 + x1) / 2 + 0.5 * bend * size * nx, (y0 + y1) / 2 + 0.5 * bend * size * ny
    path = Path([(x0, y0), (cx, cy), (x1, y1)], [Path.MOVETO, Path.CURVE3, Path.CURVE3])
    return path, (0.25 * x0 + 0.5 * cx + 0.25 * x1, 0.25 * y0 + 0.5 * cy + 0.25 * y1)


def _cut(middle: Point, ends: tuple[Point, Point], length: float) -> Path:
    """A short bar across an edge at ``middle``: the mark of a winning chop."""
    (x0, y0), (x1, y1) = ends
    dx, dy = (x1 - x0, y1 - y0) if ends[0] != ends[1] else (middle[0] - x0, middle[1] - y0)
    norm = float(np.hypot(dx, dy)) or 1.0
    nx, ny = -dy / norm * length / 2, dx / norm * length / 2
    return Path([(middle[0] - nx, middle[1] - ny), (middle[0] + nx, middle[1] + ny)])


@figure_kind("graph", hides="the winning chops, the value and the outcome")
def hackenbush_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """A Green Hackenbush position: the ground, the edges standing (green), the vertices with their numbers;
    with ``show_winning_moves``, the winning chops (blue, crossed by a cut), and on the right the single
    bamboo stalk the picture is worth (its Grundy value) and the outcome, drawn as every figure draws P and N.
    Without it (a game being played), only the picture: nothing that gives the game away.

    Edges of the game's whole picture that have fallen in this position are drawn light grey and dotted, with a
    line at the bottom that says so.

    Returns
    -------
    GameFigure with ``plotted`` keys ``standing`` (the edges drawn), ``fallen`` (the picture's other edges),
    ``spots`` (for each standing edge, its chop's key and three points of it, both ends and its middle, as
    fractions of the figure's width and height from the top-left corner: where a click chops it) and
    ``click`` (the sentence that says so, for the text alternative of a panel that takes the clicks),
    ``marked`` (the winning chops, as the game names its moves), ``value`` and ``outcome`` (None without
    ``show_winning_moves``); the text alternative lists the edges and says the rest in words.

    >>> tree = GreenHackenbush([(0, 1), (1, 2), (1, 3), (3, 4)])
    >>> fig = hackenbush_figure(tree, tree.start)
    >>> fig.plotted["value"], fig.plotted["marked"]
    (4, [(0, 1)])
    >>> print(fig.text_alternative())  # doctest: +NORMALIZE_WHITESPACE
    Green Hackenbush: 4 edges standing, g = 4. Worth a bamboo stalk of 4 edges. Standing: edges (0, 1), (1, 2), (1, 3),
    (3, 4). An N-position: the winning chop, marked blue with a cut, is edge (0, 1).
    """
    if not isinstance(game, GreenHackenbush):
        raise TypeError(f"hackenbush_figure draws a GreenHackenbush game, got {game!r:.80}")
    show_winning_moves = check_bool(show_winning_moves, "show_winning_moves")
    width = check_inches(width, "width")
    if len(game.edges) > MAX_HACKENBUSH_FIGURE:
        raise LimitError(f"the picture has {len(game.edges):,} edges; a figure draws at most {MAX_HACKENBUSH_FIGURE} "
                         "(grundy() values larger pictures without drawing them)")
    layout = game.layout(game.start)
    standing = game.standing(position)
    kept = set(standing)
    edges = game.check_position(position)
    value = game.grundy(edges) if show_winning_moves else None
    outcome = game.outcome(edges) if show_winning_moves else None
    marked = [m.key for m in labelled_moves(game, edges) if game.outcome(m.after) == "P"] if outcome == "N" else []
    marked_keys = set(marked)

    side = 2.6 if show_winning_moves else 0.0  # room on the right for the stalk and the outcome
    across = max(layout.width, 1.0)
    rows = max(layout.height, 2.0) + 0.6
    unit = min(0.7, (width - side - 0.6) / across, 4.2 / rows)
    title = f"{game.title}: {len(edges)} edge{'' if len(edges) == 1 else 's'} standing" + \
        (f", g = {value}" if value is not None else "")
    # A narrow picture still gets a figure as wide as its title (about 0.6 em a character), the picture centred.
    titled = 0.4 + len(title) * TITLE_SIZE * 0.6 / 72
    shown = max(4.0 if show_winning_moves else 3.0, 0.6 + across * unit + side, titled)
    left = max(0.3, (shown - side - across * unit) / 2) if not show_winning_moves else 0.3
    height = max(2.0, 0.55 + 0.5 + unit * rows)
    fig, ax = new_figure(shown, height, left=left, right=0.3 + side, bottom=0.5, top=0.55, title=title)
    place_axes(ax, left, 0.5, across * unit, rows * unit)
    ax.set_xlim(0, across)
    ax.set_ylim(0, rows)
    ax.set_axis_off()
    line = max(1.5, min(4.0, 5.0 * unit))
    _ground(ax, 0, across)

    groups: dict[str, list[Path]] = {"standing": [], "fallen": [], "win": []}
    cuts = []
    spots = []  # where each standing edge is drawn, as fractions of the figure (from its top-left corner)

    def fraction(point: Point) -> tuple[float, float]:
        return (round((left + point[0] * unit) / shown, 4), round(1 - (0.5 + point[1] * unit) / height, 4))

    for i, (ends, bend) in enumerate(zip(layout.ends, layout.bends, strict=True)):
        path, middle = edge_path(ends, bend)
        u, v = game.edges[i]
        if i in kept:
            spots.append(((min(u, v), max(u, v)), [fraction(ends[0]), fraction(middle), fraction(ends[1])]))
        if i not in kept:
            groups["fallen"].append(path)
        elif (min(u, v), max(u, v)) in marked_keys:
            groups["win"].append(path)
            cuts.append(_cut(middle, ends, 0.32))
        else:
            groups["standing"].append(path)
    for gid, colour, style, thickness in (("fallen", FALLEN_COLOUR, (0, (1, 2)), 0.7 * line),
                                          ("standing", EDGE_COLOUR, "solid", line),
                                          ("win", WIN_COLOUR, "solid", 1.6 * line)):
        if groups[gid]:
            collection = PathCollection(groups[gid], facecolors="none", edgecolors=colour, linewidths=thickness,
                                        linestyles=style, zorder=2, capstyle="round")
            collection.set_gid(f"{gid}-edges")
            ax.add_collection(collection, autolim=False)
    if groups["fallen"]:  # the key to the grey edges, on the figure's bottom line
        key = "dotted grey: edges that have fallen"
        at = max(0.1, min(left, shown - 0.2 - len(key) * TICK_SIZE * 0.6 / 72))
        fig.text(at / shown, 0.06 / height, key, ha="left", va="bottom", fontsize=TICK_SIZE, color="#555555",
                 gid="fallen-key")
    if cuts:
        ax.add_collection(PathCollection(cuts, facecolors="none", edgecolors="black", linewidths=max(1.5, 0.8 * line),
                                         zorder=4, gid="cuts"), autolim=False)

    used = {w for i in kept for w in game.edges[i]} - {0}
    numbers = sorted(layout.points)
    xs = [layout.points[w][0] for w in numbers]
    ys = [layout.points[w][1] for w in numbers]
    ax.scatter(xs, ys, s=(2.2 * line) ** 2, c=["black" if w in used else FALLEN_COLOUR for w in numbers], zorder=3,
               gid="vertices")
    size = max(8.0, min(11.0, 16 * unit))
    draw_labels(ax, xs, ys, [str(w) for w in numbers], size, ["black" if w in used else "#777777" for w in numbers],
                gid="vertex-numbers", shift=(size * 0.55 + line, size * 0.35 + line), anchor="left")

    if value is not None:
        _stalk(fig, left + 0.3 + across * unit, 0.5, rows * unit, value, outcome == "P", line)
    fig.plotted.update(standing=list(edges), fallen=[game.edges[i] for i in range(len(game.edges)) if i not in kept],
                       marked=marked, value=value, outcome=outcome, spots=spots, click=CLICK_WORDS)
    fig.alt = _words(game, edges, len(game.edges) - len(kept), value, outcome, marked)
    return fig


def _ground(ax: Any, left: float, right: float, named: bool = True) -> None:
    """The ground: a brown band under the line y = 0 (named under it)."""
    ax.fill_between([left, right], -0.12 * (ax.get_ylim()[1] / 4), 0, color=GROUND_COLOUR, zorder=1, clip_on=False,
                    gid="ground")
    if named:
        ax.text(left, -0.2 * (ax.get_ylim()[1] / 4), "ground (vertex 0)", ha="left", va="top", fontsize=TICK_SIZE,
                color="#333333")


def _stalk(fig: GameFigure, left: float, bottom: float, tall: float, value: int, p_position: bool,
           line: float) -> None:
    """On the right (``left`` inches from the figure's edge): the bamboo stalk of ``value`` edges the picture is
    worth, its edges as long as the picture's while they fit in its height, and the outcome (P or N) beside it."""
    width = 2.4
    ax = fig.add_axes((left / fig.get_figwidth(), bottom / fig.get_figheight(), width / fig.get_figwidth(),
                       tall / fig.get_figheight()))
    ax.set_xlim(0, width)
    ax.set_ylim(0, tall)
    ax.set_axis_off()
    x = 0.45
    _ground(ax, x - 0.35, x + 0.35, named=False)
    if value:
        step = min(0.7, (tall - 0.75) / value)
        heights = np.arange(value + 1, dtype=float) * step
        ax.plot([x] * (value + 1), heights, color=EDGE_COLOUR, linewidth=line, zorder=2, gid="stalk")
        ax.scatter([x] * value, heights[1:], s=(2.2 * line) ** 2, c="black", zorder=3)
    ax.text(x + 0.45, tall - 0.05, f"worth a stalk\nof {value} edge{'' if value == 1 else 's'}" if value else
            "worth no stalk:\nvalue 0", ha="left", va="top", fontsize=LABEL_SIZE, linespacing=1.2)
    mark = (x + 0.75, tall / 2 - 0.1)
    if p_position:
        draw_p_markers(ax, [mark[0]], [mark[1]], 12, width=0.5, height=0.5)
    else:
        draw_n_cells(ax, [mark[0]], [mark[1]], 12, width=0.5, height=0.5)
    ax.text(mark[0] + 0.35, mark[1], "P-position" if p_position else "N-position", ha="left", va="center",
            fontsize=TICK_SIZE)


def _words(game: GreenHackenbush, edges: tuple, fallen: int, value: int | None, outcome: str | None,
           marked: list) -> str:
    """What the figure shows, beyond its title, in sentences (its text alternative)."""
    said = "" if value is None else f"Worth a bamboo stalk of {value} edge{'' if value == 1 else 's'}. "
    said += f"Standing: {game.position_text(edges)}."
    if fallen:
        said += f" {fallen} edge{'' if fallen == 1 else 's'} of the picture {'has' if fallen == 1 else 'have'} " \
                "fallen (dotted grey)."
    if value is None:
        return said
    if outcome == "P":
        return said + " A P-position: every chop leaves an N-position."
    moves = {m.key: m for m in labelled_moves(game, edges)}
    chops = "; ".join(moves[key].rest for key in marked)
    many = "chops, marked blue with a cut, are" if len(marked) > 1 else "chop, marked blue with a cut, is"
    return said + f" An N-position: the winning {many} {chops}."


__all__ = ["edge_path", "hackenbush_figure"]
