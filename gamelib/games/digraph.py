"""A token on a directed graph: the Sprague--Grundy function of a finite directed graph without cycles (Ferguson,
*Game Theory*, Part I, section 3.2): g(x) = mex{g(y) : there is an arc from x to y}, found for every vertex in
one pass from the vertices with no arc out. A graph with a cycle is refused (:class:`CycleError`, naming a
cycle): a token could go round it for ever, so the game need not end, and the mex rule no longer fixes one value
per vertex (a cycle of two vertices has two functions that satisfy it, a cycle of three none; Ferguson's
section 3.4), nor does g = 0 mean a P-position there. Graphs typed into a panel
are read here too (:class:`GraphLimit`), for this game and for Node Kayles (:mod:`gamelib.games.node_kayles`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from gamelib.analysis.engine import mex
from gamelib.arguments import check_int, read_items, show
from gamelib.games.base import Game
from gamelib.games.hackenbush_text import EdgeLimit
from gamelib.games.presentation import MOVE, Move, Presentation, presents
from gamelib.limits import MAX_DIGRAPH_ARCS, MAX_PANEL_ARCS, MAX_PANEL_GRAPH_VERTEX
from gamelib.parsing import Limit

Pair = tuple[int, int]


class GraphLimit(EdgeLimit):
    """What a panel accepts when a graph is typed: at most ``most`` pairs ``u-v`` or ``(u, v)``, vertices from
    ``low`` to ``high`` (an arc from u to v in a directed graph, an edge in Node Kayles).

    >>> ARC_LIMIT.text()
    'arcs: at most 24 pairs u-v (from u to v), vertices from 0 to 30'
    >>> ARC_LIMIT.read_edges("0-1, 1-2, (0, 2)")
    ((0, 1), (1, 2), (0, 2))
    >>> ARC_LIMIT.read_edges("0-1, 1>2")
    Traceback (most recent call last):
    ...
    ValueError: '0-1, 1>2': '1>2' is not an arc; write each arc as u-v or (u, v), such as '0-1, 1-2, 0-2'
    """

    def text(self) -> str:
        """The limit in words, in the form every panel uses."""
        what = " (from u to v)" if self.name == "arcs" else ""
        return f"{self.name}: at most {self.most} pairs u-v{what}, vertices from {self.low} to {self.high}"

    @property
    def item(self) -> str:
        """What one pair is called, as lesson 9 calls it: an arc of a directed graph, an edge of Node Kayles."""
        return "arc" if self.name == "arcs" else "edge"

    def expected(self) -> str:
        """What is expected, after saying what is wrong."""
        return f"write each {self.item} as u-v or (u, v), such as '0-1, 1-2, 0-2'"


#: What a panel accepts as a typed directed graph.
ARC_LIMIT = GraphLimit("arcs", 0, MAX_PANEL_GRAPH_VERTEX, most=MAX_PANEL_ARCS)
#: What a panel accepts as a typed Node Kayles graph.
KAYLES_LIMIT = GraphLimit("edges", 0, MAX_PANEL_GRAPH_VERTEX, most=MAX_PANEL_ARCS)


def read_pairs(edges: object, name: str, limit: int, example: str) -> list[Pair]:
    """``edges`` as a list of pairs of whole numbers >= 0, or a TypeError/ValueError naming the bad item."""
    pairs = []
    for i, item in enumerate(read_items(edges, name, limit, example), start=1):  # counted as people count
        if item is Ellipsis:
            raise ValueError(f"{name} item {i} is ... (Ellipsis), which stands for the {name} left out: write every "
                             f"one of them, as {example}")
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise ValueError(f"{name} item {i}, {show(item)}, is not a pair (u, v); write {name} as {example}")
        pairs.append((check_int(item[0], f"vertex {show(item[0])} of {show(item)}"),
                      check_int(item[1], f"vertex {show(item[1])} of {show(item)}")))
    return pairs


class CycleError(ValueError):
    """A directed graph refused because it has a cycle: ``arcs`` are the graph's arcs and ``cycle`` the cycle
    found (its first vertex repeated at the end), so a panel can draw what it refused."""

    def __init__(self, arcs: tuple[Pair, ...], cycle: list[int]):
        self.arcs, self.cycle = arcs, cycle
        super().__init__(f"the graph has a cycle, {' → '.join(map(str, cycle))}: a token could go round it for ever, "
                         "so the game need not end, and the mex rule no longer fixes one value for each vertex (on "
                         "a cycle of 2 two ways satisfy it, on a cycle of 3 none); give a graph without cycles")


def find_cycle(followers: dict[int, list[int]], among: Iterable[int]) -> list[int]:
    """A cycle through vertices of ``among``, each of which has an arc to another of them, as the list of its
    vertices with the first repeated at the end.

    >>> find_cycle({1: [2], 2: [3], 3: [1]}, [1, 2, 3])
    [1, 2, 3, 1]
    """
    left = set(among)
    walk: list[int] = [min(left)]
    seen = {walk[0]: 0}
    while True:
        step = min(v for v in followers[walk[-1]] if v in left)
        if step in seen:
            return walk[seen[step]:] + [step]
        seen[step] = len(walk)
        walk.append(step)


class DigraphGame(Game):
    """A token on a vertex of a finite directed graph; a move carries it along an arc. Who cannot move (the
    token on a vertex with no arc out) loses.

    ``edges`` lists the arcs as pairs ``(u, v)``, from u to v, or as the explorer takes them, text such as
    ``"0-1, 1-2"`` (within :data:`ARC_LIMIT`); the vertices are the numbers named. A position is
    the vertex the token is on. ``grundy(x)`` is the Sprague--Grundy function of the graph, the mex of the
    values of the vertices one arc away; every vertex is valued when the game is made, in one pass (at most
    ``MAX_DIGRAPH_ARCS`` arcs). A graph with a cycle is refused, with the cycle in the message.

    >>> game = DigraphGame([(0, 1), (1, 2), (0, 2), (2, 3)])
    >>> game.values()
    {0: 2, 1: 0, 2: 1, 3: 0}
    >>> game.moves(0), game.winning_moves(0)
    ([1, 2], [1])
    >>> DigraphGame([(1, 2), (2, 3), (3, 1), (3, 4)])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.games.digraph.CycleError: the graph has a cycle, 1 → 2 → 3 → 1: a token could go round it for ever,
    so the game need not end, and the mex rule no longer fixes one value for each vertex (on a cycle of 2 two ways
    satisfy it, on a cycle of 3 none); give a graph without cycles
    """

    figure_kind: ClassVar[str] = "digraph"
    position_limit: ClassVar[Limit | None] = Limit("vertex", 0, MAX_PANEL_GRAPH_VERTEX)

    def __init__(self, edges: object):
        if isinstance(edges, str):  # as the explorer takes them: "0-1, 1-2"
            edges = ARC_LIMIT.read_edges(edges)
        self.arcs: tuple[Pair, ...] = tuple(dict.fromkeys(read_pairs(edges, "arcs", MAX_DIGRAPH_ARCS,
                                                                      "[(0, 1), (1, 2), (0, 2)]")))
        if not self.arcs:
            raise ValueError("a directed graph needs at least one arc, such as [(0, 1)]")
        self.vertices: tuple[int, ...] = tuple(sorted({v for arc in self.arcs for v in arc}))
        self.followers: dict[int, list[int]] = {v: [] for v in self.vertices}
        for u, v in self.arcs:
            self.followers[u].append(v)
        for kids in self.followers.values():
            kids.sort()
        self._values = self._sprague_grundy()

    def _sprague_grundy(self) -> dict[int, int]:
        """g of every vertex, sinks first: a vertex is valued once all the vertices it reaches in one arc are."""
        waiting = {v: len(kids) for v, kids in self.followers.items()}
        leaders: dict[int, list[int]] = {v: [] for v in self.vertices}
        for u, v in self.arcs:
            leaders[v].append(u)
        ready = [v for v, count in waiting.items() if count == 0]
        values: dict[int, int] = {}
        while ready:
            v = ready.pop()
            values[v] = mex(values[w] for w in self.followers[v])
            for u in leaders[v]:
                waiting[u] -= 1
                if waiting[u] == 0:
                    ready.append(u)
        if len(values) < len(self.vertices):
            raise CycleError(self.arcs, find_cycle(self.followers, (v for v in self.vertices if v not in values)))
        return dict(sorted(values.items()))

    def __repr__(self) -> str:
        return f"DigraphGame({show(list(self.arcs))})"

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game."""
        return "A token on a directed graph"

    def check_position(self, position: Any) -> int:
        """The vertex the token is on, if it is a vertex of the graph; else a ValueError listing them."""
        vertex = check_int(position, "the token's vertex")
        if vertex not in self.followers:
            raise ValueError(f"{vertex} is not a vertex of the graph; its vertices are {show(list(self.vertices))}")
        return vertex

    def moves(self, position: Any) -> list[int]:
        """The vertices one arc away from ``position``, smallest first."""
        return list(self.followers[self.check_position(position)])

    def grundy(self, position: Any) -> int:
        """g(x), the Sprague--Grundy function of the graph at vertex x."""
        return self._values[self.check_position(position)]

    def values(self) -> dict[int, int]:
        """Every vertex's Grundy value, by vertex."""
        return dict(self._values)

    def p_positions(self) -> list[int]:
        """The vertices where the player to move loses (g = 0)."""
        return [v for v, g in self._values.items() if g == 0]

    def position_text(self, position: Any) -> str:
        """``'the token on vertex 3'``."""
        return f"the token on vertex {position}"

    def value_text(self, position: Any) -> str:
        """``'g(0) = 2'``."""
        value = self.grundy(position)  # first: it checks the position, which the text then quotes
        return f"g({position}) = {value}"


class DigraphPresentation(Presentation):
    """A token on a graph, in words: a move is known by the vertex it carries the token to.

    >>> [m.words() for m in DigraphPresentation().moves(DigraphGame([(0, 1), (0, 2)]), 0)]
    ['move the token from 0 to 1', 'move the token from 0 to 2']
    """

    def how_to_move(self, game: Game) -> str:
        """The rule in a few words."""
        return "move the token along one arc"

    def moves(self, game: Game, position: Any) -> list[Move]:
        """One button per arc out of the token's vertex: ``'to 2'``."""
        here = game.check_position(position)
        return [Move(v, v, f"to {v}", MOVE, f"the token from {here} to {v}") for v in game.moves(here)]


presents(DigraphGame, DigraphPresentation())

__all__ = ["ARC_LIMIT", "KAYLES_LIMIT", "CycleError", "DigraphGame", "DigraphPresentation", "GraphLimit", "find_cycle",
           "read_pairs"]
