"""Explorers of games on graphs (lesson 9): type the arcs of a directed graph and see every vertex's value
with the winning move from the token marked; type the edges of a Node Kayles graph and see what it is worth,
its winning picks ringed. Both are declarations on :class:`~gamelib.widgets.panel.Explorer`."""

from __future__ import annotations

from gamelib.games.digraph import ARC_LIMIT, KAYLES_LIMIT, CycleError, DigraphGame
from gamelib.games.node_kayles import NodeKayles
from gamelib.parsing import Limit
from gamelib.plots.vertex_graphs import cycle_figure
from gamelib.widgets.panel import Explorer, View, text_box
from gamelib.widgets.positions import position_view

#: The token's vertex typed into the directed-graph explorer.
TOKEN_LIMIT = Limit("token", 0, ARC_LIMIT.high)


def _pairs_text(pairs: object) -> str:
    """Pairs given from Python as the text a box shows: ``'0-1, 1-2'``."""
    if isinstance(pairs, str):
        return pairs
    return ", ".join(f"{u}-{v}" for u, v in pairs)  # type: ignore[attr-defined]


def _graph(typed: str) -> DigraphGame | CycleError:
    """The graph typed in the arcs box, or the :class:`~gamelib.games.digraph.CycleError` that refuses it (so the
    explorer can draw the cycle)."""
    try:
        return DigraphGame(ARC_LIMIT.read_edges(typed))
    except CycleError as refused:
        return refused


def digraph_explorer(arcs: object = "0-1, 0-2, 1-3, 2-3, 2-4, 1-4, 3-5, 4-5", token: int = 0) -> Explorer:
    """A token on a directed graph typed arc by arc: every vertex with its Grundy value (the Sprague--Grundy
    function of the graph), the P-vertices drawn as P, and the winning moves from the token's vertex marked.
    A graph with a cycle is refused in the status line, which names the cycle, and the picture draws the graph
    with that cycle marked (no values: the mex rule does not fix them on a cycle).

    Parameters
    ----------
    arcs : the graph, as text (``"0-1, 1-2"``: an arc from 0 to 1 and one from 1 to 2) or as a list of pairs;
        at most 24 arcs, vertices 0 to 30.
    token : the vertex the token starts on (it must be a vertex of the graph).

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``arcs_box``, ``token_box``, ``image``, ``status``;
        ``values["graph"]`` is the game drawn (a :class:`~gamelib.DigraphGame`).

    Examples
    --------
    >>> w = digraph_explorer("0-1, 1-2, 0-2, 2-3", token=0)
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    A token on a directed graph, the token on vertex 0. g(0) = 2: an N-position. Winning move: move the token
    from 0 to 1. Every vertex: g(0) = 2, g(1) = 0, g(2) = 1, g(3) = 0.
    >>> w.arcs_box.value = "0-1, 1-2, 2-0"
    >>> print(w.status_text)  # doctest: +NORMALIZE_WHITESPACE
    arcs: the graph has a cycle, 0 → 1 → 2 → 0: a token could go round it for ever, so the game need not end,
    and the mex rule no longer fixes one value for each vertex (on a cycle of 2 two ways satisfy it, on a cycle of
    3 none); give a graph without cycles. The picture draws the cycle orange.
    >>> bytes(w.image.value)[1:4], "drawn orange" in w.image.alt
    (b'PNG', True)
    """
    text = _pairs_text(arcs)
    DigraphGame(ARC_LIMIT.read_edges(text)).check_position(token)  # a bad start is refused before any widget
    graph_box = text_box("arcs_box", "arcs", "arcs:", text, _graph, ARC_LIMIT, width="440px",
                         placeholder="e.g. 0-1, 1-2, 0-2")
    token_box = text_box("token_box", "token", "token on vertex:", str(token), TOKEN_LIMIT.read_number, TOKEN_LIMIT,
                         width="200px", placeholder="e.g. 0")

    def view(values: dict) -> View:
        game = values["graph"] = values.pop("arcs")
        if isinstance(game, CycleError):
            figure = cycle_figure(game)
            return View(("cycle", game.arcs), lambda: figure, f"arcs: {game}. The picture draws the cycle orange.",
                        alt=figure.alt, warning=True)
        shown = position_view(game, values["token"])
        every = ", ".join(f"g({v}) = {g}" for v, g in game.values().items())
        return View(shown.key, shown.draw, f"{shown.status} Every vertex: {every}.")

    return Explorer([[graph_box, token_box]], view)


def kayles_explorer(edges: object = "0-1, 1-2, 2-3, 3-0, 2-4, 4-5") -> Explorer:
    """Node Kayles on a graph typed edge by edge: the graph, what it is worth (the nim-sum of its pieces), and
    its winning picks ringed blue.

    Parameters
    ----------
    edges : the graph, as text (``"0-1, 1-2"``) or as a list of pairs; at most 24 edges, vertices 0 to 30.

    Returns
    -------
    Explorer
        An ipywidgets VBox. Attributes: ``edges_box``, ``image``, ``status``; ``values["graph"]`` is the game.

    Examples
    --------
    >>> w = kayles_explorer("0-1, 1-2, 2-3, 3-4")
    >>> print(w.status_text)
    Node Kayles, vertices (0, 1, 2, 3, 4). g = 3 (one piece): an N-position. Winning move: pick vertex 2.
    """
    text = _pairs_text(edges)
    NodeKayles(KAYLES_LIMIT.read_edges(text))  # a bad start is refused before any widget is made
    box = text_box("edges_box", "edges", "edges:", text, lambda typed: NodeKayles(KAYLES_LIMIT.read_edges(typed)),
                   KAYLES_LIMIT, width="440px", placeholder="e.g. 0-1, 1-2, 2-3")

    def view(values: dict) -> View:
        game = values["graph"] = values.pop("edges")
        return position_view(game, game.start)

    return Explorer([[box]], view)


__all__ = ["TOKEN_LIMIT", "digraph_explorer", "kayles_explorer"]
