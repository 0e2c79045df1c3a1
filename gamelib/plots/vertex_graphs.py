"""Games played on the vertices of a graph: a token on a directed graph (figure kind "digraph",
:class:`~gamelib.DigraphGame`) and Node Kayles (figure kind "kayles", :class:`~gamelib.NodeKayles`).

Vertices are drawn as discs with their number: P-positions as every figure draws them (vermillion, black
edge), the others light grey. The numbers come from the game; nothing here decides who wins.
"""

from __future__ import annotations

from typing import Any

from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch

from gamelib.arguments import LimitError, check_bool
from gamelib.games.base import Game
from gamelib.games.digraph import CycleError, DigraphGame
from gamelib.games.node_kayles import NodeKayles
from gamelib.limits import MAX_GRAPH
from gamelib.plots.draw import text_width
from gamelib.plots.figure import GameFigure, check_inches, new_figure
from gamelib.plots.graph_layout import spread_places
from gamelib.plots.positions import figure_kind
from gamelib.plots.style import (
    HIGHLIGHT_COLOUR,
    LABEL_SIZE,
    MOVE_COLOUR,
    N_COLOUR,
    P_COLOUR,
    P_EDGE_COLOUR,
    P_EDGE_WIDTH,
    SECOND_COLOUR,
    TICK_SIZE,
    TITLE_SIZE,
)

_DISC = 420  # the area of a vertex's disc, in points squared (about 23 points across)


def _listed(items: list) -> str:
    return ", ".join(map(str, items)) if items else "none"


def _check_size(vertices: tuple[int, ...]) -> None:
    if len(vertices) > MAX_GRAPH:
        raise LimitError(f"the graph has {len(vertices):,} vertices; a figure draws at most {MAX_GRAPH} (the game's "
                         "values need no figure)")


def _discs(ax: Any, places: dict[int, tuple[float, float]], fills: dict[int, str], edges: dict[int, str],
           styles: dict[int, str], ringed: list[int], labels: dict[int, str]) -> None:
    """The vertices: a disc each with its number, a blue ring round those in ``ringed``, a label under each."""
    for v, (x, y) in places.items():
        ax.scatter([x], [y], s=_DISC, c=fills[v], edgecolors=edges[v], linewidths=P_EDGE_WIDTH,
                   linestyle=styles[v], zorder=3)
        ax.text(x, y, str(v), ha="center", va="center", fontsize=LABEL_SIZE, zorder=4,
                fontweight="bold" if fills[v] == P_COLOUR else "normal")
        if labels.get(v):
            ax.text(x, y - 0.33, labels[v], ha="center", va="top", fontsize=TICK_SIZE, zorder=4)
    if ringed:
        ax.scatter([places[v][0] for v in ringed], [places[v][1] for v in ringed], s=_DISC * 2.2, facecolors="none",
                   edgecolors=HIGHLIGHT_COLOUR, linewidths=2.6, zorder=2, gid="ringed")


def _frame(ax: Any, places: dict[int, tuple[float, float]]) -> None:
    xs, ys = [p[0] for p in places.values()], [p[1] for p in places.values()]
    ax.set_xlim(min(xs) - 0.6, max(xs) + 0.6)
    ax.set_ylim(min(ys) - 0.75, max(ys) + 0.5)
    ax.set_axis_off()


def _layers(game: DigraphGame) -> dict[int, tuple[float, float]]:
    """Each vertex's place: columns by the longest walk from it to a vertex with no arc out (those on the right),
    the vertices of a column spread evenly."""
    height: dict[int, int] = {}
    for v in sorted(game.vertices, key=lambda v: 0):
        stack = [v]
        while stack:
            x = stack[-1]
            if x in height:
                stack.pop()
                continue
            todo = [y for y in game.followers[x] if y not in height]
            if todo:
                stack.extend(todo)
                continue
            height[x] = 1 + max((height[y] for y in game.followers[x]), default=-1)
            stack.pop()
    top = max(height.values())
    columns: dict[int, list[int]] = {}
    for v in game.vertices:
        columns.setdefault(top - height[v], []).append(v)
    tallest = max(len(c) for c in columns.values())
    return {v: (1.6 * col, (tallest - 1) / 2 - i + (len(members) - 1) / 2 - (tallest - 1) / 2)
            for col, members in columns.items() for i, v in enumerate(members)}


@figure_kind("digraph")
def digraph_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """A token on a directed graph: every vertex with its Grundy value under it, P-vertices (g = 0) drawn as
    every figure draws P, the token's vertex ringed blue and, with ``show_winning_moves``, the winning arcs
    from it blue and thick. Without it (a game being played) no value is written.

    Returns
    -------
    GameFigure with ``plotted`` keys ``values`` (by vertex, or None), ``p_positions``, ``token``, ``winning``
    (the vertices the winning arcs lead to).

    >>> game = DigraphGame([(0, 1), (1, 2), (0, 2), (2, 3)])
    >>> fig = digraph_figure(game, 0)
    >>> fig.plotted["winning"], fig.plotted["p_positions"]
    ([1], [1, 3])
    >>> print(fig.text_alternative())  # doctest: +NORMALIZE_WHITESPACE
    A token on a directed graph: the token on vertex 0, g = 2. P-positions: 1, 3. Arcs: 0→1, 1→2, 0→2, 2→3. Values:
    g(0) = 2, g(1) = 0, g(2) = 1, g(3) = 0. An N-position: the winning move, marked blue, carries the token to 1.
    """
    if not isinstance(game, DigraphGame):
        raise TypeError(f"digraph_figure draws a DigraphGame, got {game!r:.80}")
    show = check_bool(show_winning_moves, "show_winning_moves")
    width = check_inches(width, "width")
    token = game.check_position(position)
    _check_size(game.vertices)
    places = _layers(game)
    values = game.values()
    winning = game.winning_moves(token) if show else []
    title = f"{game.title}: the token on vertex {token}" + (f", g = {values[token]}" if show else "")
    across = max(p[0] for p in places.values()) + 1.2
    tall = max(p[1] for p in places.values()) - min(p[1] for p in places.values()) + 1.25
    unit = min(0.9, (width - 0.6) / across, 4.0 / tall)
    fig, ax = new_figure(max(4.0, across * unit + 0.6), tall * unit + 1.15, left=0.3, right=0.3, bottom=0.45,
                         top=0.7, title=title)
    for u, v in game.arcs:
        win = v in winning and u == token
        ax.add_patch(FancyArrowPatch(places[u], places[v], arrowstyle="-|>", mutation_scale=13,
                                     connectionstyle="arc3,rad=0.12", shrinkA=13, shrinkB=13, zorder=2.5 if win else 1,
                                     color=HIGHLIGHT_COLOUR if win else MOVE_COLOUR, linewidth=2.4 if win else 1.0,
                                     gid="winning-arc" if win else "arc"))
    p_vertices = [v for v, g in values.items() if g == 0] if show else []
    _discs(ax, places, {v: P_COLOUR if v in p_vertices else N_COLOUR for v in places},
           {v: P_EDGE_COLOUR if v in p_vertices else "#8C8C8C" for v in places}, {v: "-" for v in places}, [token],
           {v: f"g = {values[v]}" for v in places} if show else {})
    _frame(ax, places)
    handles = [Line2D([], [], marker="o", linestyle="none", markersize=11, markerfacecolor=P_COLOUR,
                      markeredgecolor=P_EDGE_COLOUR, label="P (g = 0)")] * show + \
        [Line2D([], [], marker="o", linestyle="none", markersize=11, markerfacecolor="none",
                markeredgecolor=HIGHLIGHT_COLOUR, markeredgewidth=2.4, label="the token")] + \
        [Line2D([], [], color=HIGHLIGHT_COLOUR, linewidth=2.4, label="winning move")] * bool(winning)
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3, frameon=False,
              fontsize=TICK_SIZE)
    arcs = ", ".join(f"{u}\u2192{v}" for u, v in game.arcs)
    fig.alt = f"Arcs: {arcs}."
    if show:
        fig.alt += " Values: " + ", ".join(f"g({v}) = {g}" for v, g in values.items()) + "."
        fig.alt += (" A P-position: every move leaves an N-position." if not winning else
                    f" An N-position: the winning move{'s' if len(winning) > 1 else ''}, marked blue, "
                    f"carr{'y' if len(winning) > 1 else 'ies'} the token to {_listed(winning)}.")
    fig.plotted.update(values=values if show else None, p_positions=p_vertices if show else None, token=token,
                       winning=winning)
    return fig


def _kayles_places(game: NodeKayles) -> dict[int, tuple[float, float]]:
    """A path in a row; any other graph by its distances (:func:`stress_places`), started from the circle with
    the fewest crossing edges, or on that circle when the circle crosses fewer edges."""
    vertices = game.start
    degrees = [len(game.neighbours[v]) for v in vertices]
    if len(game.edges) == len(vertices) - 1 and max(degrees, default=0) <= 2 and len(game.pieces(vertices)) == 1:
        end = next(v for v in vertices if len(game.neighbours[v]) <= 1)
        order, before = [end], None
        while len(order) < len(vertices):
            step = next(w for w in game.neighbours[order[-1]] if w != before)
            before = order[-1]
            order.append(step)
        return {v: (1.0 * i, 0.0) for i, v in enumerate(order)}
    return spread_places(vertices, game.edges)


@figure_kind("kayles")
def kayles_figure(game: Game, position: Any, show_winning_moves: bool = True, width: float = 8.0) -> GameFigure:
    """A Node Kayles position: the remaining vertices grey discs joined by their edges, the vertices already
    removed dashed and faint; with ``show_winning_moves`` the winning picks ringed blue and the value in the
    title. A path is drawn in a row (Dawson's chess); any other graph with its vertices as far apart on the page
    as in the graph (a bow tie as a bow tie), or on a circle when that crosses fewer edges.

    Returns
    -------
    GameFigure with ``plotted`` keys ``left`` (the remaining vertices), ``marked`` (the winning picks), ``value``
    and ``outcome`` (None without ``show_winning_moves``).

    >>> fig = kayles_figure(NodeKayles.path(5), (0, 1, 2, 3, 4))
    >>> fig.plotted["marked"], fig.plotted["value"]
    ([2], 3)
    >>> print(fig.text_alternative())  # doctest: +NORMALIZE_WHITESPACE
    Node Kayles: 5 of 5 vertices left, g = 3. Edges: 0-1, 1-2, 2-3, 3-4. Left: vertices 0, 1, 2, 3, 4. An
    N-position: the winning pick, ringed blue, is vertex 2.
    """
    if not isinstance(game, NodeKayles):
        raise TypeError(f"kayles_figure draws a NodeKayles game, got {game!r:.80}")
    show = check_bool(show_winning_moves, "show_winning_moves")
    width = check_inches(width, "width")
    left = game.check_position(position)
    _check_size(game.start)
    kept = set(left)
    places = _kayles_places(game)
    value = game.grundy(left) if show else None
    outcome = game.outcome(left) if show else None
    marked = game.winning_picks(left) if outcome == "N" else []
    title = f"{game.title}: {len(left)} of {len(game.start)} vertices left" + (f", g = {value}" if show else "")
    xs, ys = [p[0] for p in places.values()], [p[1] for p in places.values()]
    across, tall = max(xs) - min(xs) + 1.2, max(ys) - min(ys) + 1.25
    unit = min(0.8, (width - 0.6) / across, 4.5 / tall)
    fig, ax = new_figure(max(4.0, across * unit + 0.6), tall * unit + 1.1, left=0.3, right=0.3, bottom=0.3,
                         top=0.8, title=title)
    for u, v in game.edges:
        both = u in kept and v in kept
        ax.plot([places[u][0], places[v][0]], [places[u][1], places[v][1]], color="#333333" if both else "#C8C8C8",
                linewidth=1.8 if both else 1.0, linestyle="-" if both else ":", zorder=1)
    _discs(ax, places, {v: N_COLOUR if v in kept else "white" for v in places},
           {v: "#555555" if v in kept else "#B0B0B0" for v in places},
           {v: "-" if v in kept else "--" for v in places}, marked, {})
    _frame(ax, places)
    handles = [Line2D([], [], marker="o", linestyle="none", markersize=11, markerfacecolor=N_COLOUR,
                      markeredgecolor="#555555", label="left"),
               Line2D([], [], marker="o", linestyle="none", markersize=11, markerfacecolor="white",
                      markeredgecolor="#B0B0B0", label="removed")]
    if marked:  # a P-position marks nothing: no "winning pick" to explain
        handles.append(Line2D([], [], marker="o", linestyle="none", markersize=13, markerfacecolor="none",
                              markeredgecolor=HIGHLIGHT_COLOUR, markeredgewidth=2.4, label="winning pick"))
    ax.legend(handles=handles, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=len(handles), frameon=False,
              fontsize=TICK_SIZE)
    fig.alt = f"Edges: {', '.join(f'{u}-{v}' for u, v in game.edges) or 'none'}. Left: " + \
        (f"vertices {_listed(list(left))}." if left else "no vertex.")
    if show:
        fig.alt += (" A P-position: every pick leaves an N-position." if outcome == "P" else
                    f" An N-position: the winning pick{'s' if len(marked) > 1 else ''}, ringed blue, "
                    f"{'are vertices' if len(marked) > 1 else 'is vertex'} {_listed(marked)}.")
    fig.plotted.update(left=list(left), marked=marked, value=value, outcome=outcome, places=places)
    return fig


def cycle_figure(refused: CycleError, width: float = 8.0) -> GameFigure:
    """The directed graph a :class:`~gamelib.games.digraph.CycleError` refused, its cycle drawn orange and thick:
    what the digraph explorer shows instead of values, which the mex rule does not fix on a cycle.

    >>> try:
    ...     DigraphGame([(0, 1), (1, 2), (2, 0), (2, 3)])
    ... except CycleError as refused:
    ...     figure = cycle_figure(refused)
    >>> figure.plotted["cycle"], figure.get_suptitle()
    ([0, 1, 2, 0], 'A directed graph with a cycle: 0 → 1 → 2 → 0')
    """
    if not isinstance(refused, CycleError):
        raise TypeError(f"cycle_figure draws the graph of a CycleError, got {refused!r:.80}")
    width = check_inches(width, "width")
    vertices = tuple(sorted({v for arc in refused.arcs for v in arc}))
    _check_size(vertices)
    places = spread_places(vertices, tuple(refused.arcs))
    on_cycle = set(zip(refused.cycle, refused.cycle[1:], strict=False))
    xs, ys = [p[0] for p in places.values()], [p[1] for p in places.values()]
    across, tall = max(xs) - min(xs) + 1.2, max(ys) - min(ys) + 1.25
    unit = min(0.8, (width - 0.6) / across, 4.5 / tall)
    named = " \u2192 ".join(map(str, refused.cycle))
    title = f"A directed graph with a cycle: {named}"
    wide = min(width, max(4.0, across * unit + 0.6, text_width(title, TITLE_SIZE) / 72 + 0.6))  # the title whole
    fig, ax = new_figure(wide, tall * unit + 1.1, left=0.3, right=0.3, bottom=0.3, top=0.8, title=title)
    for u, v in refused.arcs:
        cycle = (u, v) in on_cycle
        ax.add_patch(FancyArrowPatch(places[u], places[v], arrowstyle="-|>", mutation_scale=13,
                                     connectionstyle="arc3,rad=0.12", shrinkA=13, shrinkB=13,
                                     zorder=2.5 if cycle else 1, color=SECOND_COLOUR if cycle else MOVE_COLOUR,
                                     linewidth=2.6 if cycle else 1.0, gid="cycle-arc" if cycle else "arc"))
    _discs(ax, places, {v: N_COLOUR for v in places}, {v: "#8C8C8C" for v in places}, {v: "-" for v in places}, [],
           {})
    _frame(ax, places)
    ax.legend(handles=[Line2D([], [], color=SECOND_COLOUR, linewidth=2.6, label="the cycle: no values")],
              loc="lower center", bbox_to_anchor=(0.5, 1.0), frameon=False, fontsize=TICK_SIZE)
    fig.alt = (f"Arcs: {', '.join(f'{u}→{v}' for u, v in refused.arcs)}. The cycle {named} is drawn orange: a token "
               "could go round it for ever, so no vertex is given a value.")
    fig.plotted.update(cycle=list(refused.cycle), places=places)
    return fig


__all__ = ["cycle_figure", "digraph_figure", "kayles_figure"]
