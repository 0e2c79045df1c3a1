"""Game graphs: the moves of a one-heap game as arcs, and the labelling algorithm step by step."""

from __future__ import annotations

import math
import numbers
import textwrap
from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.collections import PatchCollection, PathCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle
from matplotlib.path import Path
from matplotlib.transforms import Affine2D

from gamelib.analysis.source_algorithms import label_positions
from gamelib.arguments import check_int
from gamelib.limits import (
    MAX_GRAPH,
)
from gamelib.plots.draw import bare_axes, cell_squares, draw_labels, draw_outcomes, fit_text, heap_ticks
from gamelib.plots.figure import (
    GameFigure,
    check_count,
    check_game_kind,
    check_inches,
    new_figure,
    points_per_unit,
    title_of,
)
from gamelib.plots.legend import legend_above
from gamelib.plots.style import (
    CELL,
    HIGHLIGHT_COLOUR,
    LABEL_SIZE,
    MOVE_COLOUR,
    N_COLOUR,
    P_COLOUR,
    P_EDGE_COLOUR,
    P_EDGE_WIDTH,
    TICK_SIZE,
)


def _draw_moves(ax: Any, moves: Sequence[tuple[int, int]], winning: set, top: float, max_peak: float,
                longest: int) -> None:
    """Arcs with arrowheads above a row of cells, one per move (from, to); winning moves blue and thicker.

    All arcs of a kind form one collection (gid ``"moves"`` or ``"winning-moves"``, the moves kept in its
    ``moves`` attribute) and their heads another: a hundred separate arrow patches would be slow to draw.
    """
    across, up = points_per_unit(ax)
    for gid, colour, width, zorder in (("moves", MOVE_COLOUR, 0.9, 1.5), ("winning-moves", HIGHLIGHT_COLOUR, 1.8, 2.5)):
        chosen = [m for m in moves if (m in winning) == (gid == "winning-moves")]
        arcs, tips, heads = [], [], []
        length = 6.5 + 1.5 * width
        for source, target in chosen:
            share = (source - target) / max(longest, 1)
            x0, x1 = source - 0.08 - 0.25 * share, target + 0.08 + 0.25 * share
            control = ((x0 + x1) / 2, top + 2 * max_peak * (0.25 + 0.75 * share))  # the arc peaks half-way up
            arcs.append(Path([(x0, top), control, (x1, top)], [Path.MOVETO, Path.CURVE3, Path.CURVE3]))
            angle = math.atan2((top - control[1]) * up, (x1 - control[0]) * across)  # direction at the tip
            c, s_ = math.cos(angle), math.sin(angle)
            back = [(-length, 0.3 * length), (-length, -0.3 * length)]
            heads.append(Path([(0, 0)] + [(c * bx - s_ * by, s_ * bx + c * by) for bx, by in back] + [(0, 0)],
                              closed=True))
            tips.append((x1, top))
        if not arcs:
            continue
        lines = PathCollection(arcs, facecolors="none", edgecolors=colour, linewidths=width, zorder=zorder)
        lines.set_gid(gid)
        lines.moves = list(chosen)  # type: ignore[attr-defined]  # the moves drawn, for tests
        ax.add_collection(lines, autolim=False)
        points = PathCollection(heads, offsets=np.array(tips), offset_transform=ax.transData, facecolors=colour,
                                edgecolors="none", zorder=zorder + 0.1,
                                transform=Affine2D().scale(1 / 72) + ax.figure.dpi_scale_trans)
        points.set_gid(gid + "-heads")
        ax.add_collection(points, autolim=False)


def _one_heap_moves(game: Any, stop: int) -> list[tuple[int, int]]:
    moves = []
    for n in range(stop):
        for m in game.moves(n):
            if isinstance(m, bool) or not isinstance(m, numbers.Integral) or not 0 <= int(m) < n:
                raise ValueError(f"only one-heap games whose moves make the heap smaller can be drawn here; "
                                 f"{game!r} moves from {n} to {m!r}")
            moves.append((n, int(m)))
    return moves


def _graph_axes(width: float, height: float, bottom: float, title: str, stop: int,
                max_peak: float) -> tuple[GameFigure, Any, float]:
    """Figure and axes for heaps as nodes on a line with arcs above; returns the node height too."""
    fig, ax = new_figure(width, height, left=0.3, right=0.3, bottom=bottom, top=1.0, title=title)
    ax.set_xlim(-0.6, stop - 0.4)
    ax.set_ylim(-0.55, 0.5 + max_peak + 0.2)
    across, up = points_per_unit(ax)
    node_h = min(CELL * across / up, 1.0)  # square nodes on the page when there is room
    ax.set_ylim(-node_h / 2 - 0.05, node_h / 2 + max_peak + 0.2)
    bare_axes(ax)
    heap_ticks(ax, 0, stop - 1, top=False)
    return fig, ax, node_h


def _legend_above(ax: Any, handles: list) -> None:
    legend_above(ax, handles, TICK_SIZE, handle_length=1.6)


def game_graph(game: Any, stop: int = 12, width: float = 9.0) -> GameFigure:
    """Heaps 0 .. stop - 1 as nodes on a line, an arrow for every move, nodes drawn as P or N.

    Moves make the heap smaller, so every arrow points left and the graph has no cycle. The arrows into
    P-positions (the winning moves) are blue and thicker.

    Parameters
    ----------
    game : a one-heap game with ``moves(n)``, such as ``SubtractionGame({1, 3, 4})``.
    stop : number of heaps, 1 to 40.
    width : figure width in inches, 3 to 20.

    Returns
    -------
    GameFigure with ``plotted`` keys ``moves`` (list of (from, to)), ``outcomes`` (str), ``p_positions``.

    >>> from gamelib import SubtractionGame
    >>> fig = game_graph(SubtractionGame({1, 2}), 4)
    >>> fig.plotted["moves"], fig.plotted["p_positions"]
    ([(1, 0), (2, 0), (2, 1), (3, 1), (3, 2)], [0, 3])
    """
    width = check_inches(width, "width")
    check_game_kind(game)
    stop = check_count(stop, "stop", MAX_GRAPH)
    moves = _one_heap_moves(game, stop)
    outcomes = game.outcomes(stop)
    winning = {(a, b) for a, b in moves if outcomes[b] == "P"}
    max_peak = 3.0
    fig, ax, node_h = _graph_axes(width, 3.3, 0.55, f"Game graph of {title_of(game)}: heaps 0 to {stop - 1}",
                                  stop, max_peak)
    size = fit_text(ax, 1, height=node_h, largest=13)
    p_xs = draw_outcomes(ax, range(stop), outcomes, 0, size, height=node_h)
    _draw_moves(ax, moves, winning, node_h / 2 + 0.02, max_peak, max((a - b for a, b in moves), default=1))
    _legend_above(ax, [
        Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=P_EDGE_WIDTH, label="P-position"),
        Patch(facecolor=N_COLOUR, label="N-position"),
        Line2D([], [], color=MOVE_COLOUR, linewidth=0.9, label="a move"),
        Line2D([], [], color=HIGHLIGHT_COLOUR, linewidth=1.8, label="winning move (to a P-position)")])
    fig.plotted.update(moves=sorted(moves), outcomes=outcomes, p_positions=p_xs)
    return fig


def labelling_figure(game: Any, stop: int = 15, step: int = 1, width: float = 9.0,
                     show_caption: bool = True) -> GameFigure:
    """Heaps 0 .. stop - 1 after ``step`` steps of the labelling algorithm (unlabelled heaps dashed "?").

    The heaps labelled in this step are framed in blue, with blue arrows that justify their labels: from a
    new N to a P-position it can reach, and from a new P to all its followers (all N). The caption names the
    rule of the step.

    Parameters
    ----------
    game : a one-heap game with ``moves(n)`` (played misère when ``game.misere`` is True).
    stop : number of heaps, 1 to 40.
    step : 0 (nothing labelled yet) to the number of steps the algorithm takes.
    width : figure width in inches, 3 to 20.
    show_caption : write the caption under the picture (False where the same words are shown beside it, as
        in the labelling player's status line; ``plotted["caption"]`` holds it either way).

    Returns
    -------
    GameFigure with ``plotted`` keys ``labels`` (dict heap -> 'P'/'N' after this step), ``new`` (the heaps
    labelled in this step), ``rule`` (str), ``steps`` (number of steps in all), ``caption``,
    ``p_positions``.

    >>> from gamelib import SubtractionGame
    >>> fig = labelling_figure(SubtractionGame({1, 3, 4}), 10, 2)
    >>> fig.plotted["rule"], fig.plotted["new"]
    ('a move reaches a P-position, so N', [1, 3, 4])
    """
    width = check_inches(width, "width")
    check_game_kind(game)
    stop = check_count(stop, "stop", MAX_GRAPH)
    moves = _one_heap_moves(game, stop)
    result = label_positions(game, range(stop), misere=game.misere)
    total = len(result.steps)
    step = check_int(step, "step")
    if step > total:
        raise ValueError(f"step must be from 0 to {total} (labelling these {stop} heaps takes {total} steps), "
                         f"got {step}")
    labels: dict = {}
    for done in result.steps[:step]:
        labels.update(done.labelled)
    new = sorted(result.steps[step - 1].labelled) if step else []
    rule = result.steps[step - 1].rule if step else "nothing labelled yet"
    if step == 0:
        caption = "Start: nothing is labelled yet. Step 1 labels the terminal positions (no move is possible)."
    else:
        caption = f"Step {step}: {rule}. Labelled: {', '.join(map(str, new)) if new else 'nothing new'}."
        if step == total:
            caption += " Nothing new, so the algorithm stops."
    caption = "\n".join(textwrap.wrap(caption, width=int(width * 12)))
    max_peak = 2.2
    fig, ax, node_h = _graph_axes(width, 3.2, 0.95,
                                  f"Labelling {title_of(game)}, heaps 0 to {stop - 1}: after step {step} of {total}",
                                  stop, max_peak)
    size = fit_text(ax, 1, height=node_h, largest=13)
    known = [h for h in range(stop) if h in labels]
    p_xs = draw_outcomes(ax, known, [labels[h] for h in known], 0, size, height=node_h)
    unknown = [h for h in range(stop) if h not in labels]
    ax.add_collection(cell_squares(unknown, [0] * len(unknown), CELL, node_h, facecolor="white",
                                   edgecolor="#9A9A9A", linewidth=1.0, linestyle="--", zorder=2), autolim=False)
    draw_labels(ax, unknown, [0] * len(unknown), ["?"] * len(unknown), size, "#8A8A8A", gid="unknown-labels")
    ax.add_collection(PatchCollection([Rectangle((h - 0.5, -node_h / 2 - 0.04), 1, node_h + 0.08) for h in new],
                                      facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=3.0, zorder=5),
                      autolim=False)
    followers: dict = {}
    for a, b in moves:
        followers.setdefault(a, []).append(b)
    reasons = []
    for h in new:
        if labels[h] == "N":
            reasons += [(h, b) for b in followers.get(h, []) if labels.get(b) == "P"][:1]
        else:
            reasons += [(h, b) for b in followers.get(h, [])]
    _draw_moves(ax, reasons, set(reasons), node_h / 2 + 0.02, max_peak, max((a - b for a, b in moves), default=1))
    if show_caption:
        fig.text(0.5, 0.1 / 3.2, caption, ha="center", va="bottom", fontsize=LABEL_SIZE + 1, gid="caption")
    _legend_above(ax, [
        Patch(facecolor=P_COLOUR, edgecolor=P_EDGE_COLOUR, linewidth=P_EDGE_WIDTH, label="labelled P"),
        Patch(facecolor=N_COLOUR, label="labelled N"),
        Patch(facecolor="white", edgecolor="#9A9A9A", linestyle="--", label="not labelled yet"),
        Patch(facecolor="none", edgecolor=HIGHLIGHT_COLOUR, linewidth=2.5, label="labelled in this step"),
        Line2D([], [], color=HIGHLIGHT_COLOUR, linewidth=1.8, label="the moves that decide")])
    fig.plotted.update(labels=labels, new=new, rule=rule, steps=total, caption=caption, p_positions=p_xs)
    return fig
