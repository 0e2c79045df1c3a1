"""Node Kayles: a move picks a remaining vertex of a graph and removes it with its remaining neighbours.

The pieces of what remains (its connected components) are played side by side, so by the Sprague--Grundy
theorem a position is worth the nim-sum of its pieces. Each piece is valued by search: on general graphs
deciding who wins is PSPACE-complete (Schaefer 1978), so no fast method is expected. On a path of n vertices
the game is Dawson's chess, the octal game 0.137.
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any, ClassVar

from gamelib.analysis.engine import mex
from gamelib.arguments import LimitError, check_int, counted_text, numbers_text, read_items, show, unquoted
from gamelib.games.base import Game
from gamelib.games.digraph import KAYLES_LIMIT, Pair, read_pairs
from gamelib.games.presentation import Move, Presentation, Verb, presents
from gamelib.limits import MAX_KAYLES_VERTICES, MAX_KAYLES_WORK, MAX_PANEL_GRAPH_VERTEX
from gamelib.parsing import Limit


class NodeKayles(Game):
    """Node Kayles on a graph: a move picks a remaining vertex and removes it together with every remaining
    vertex joined to it by an edge. Who cannot move (no vertex left) loses.

    ``edges`` lists the graph's edges as pairs ``(u, v)`` (either way round), or as the explorer takes them, text
    such as ``"0-1, 1-2"`` (within :data:`~gamelib.games.digraph.KAYLES_LIMIT`); ``vertices`` may add vertices on
    no edge. A position is the sorted tuple of the remaining vertices; ``start`` is every vertex. ``grundy``
    splits a position into its pieces (connected components), nim-adds their values, and values each piece by
    search, keeping what it found (at most ``MAX_KAYLES_WORK`` steps a call, ``MAX_KAYLES_VERTICES``
    vertices). On a path of n vertices the game is Dawson's chess, the octal game 0.137 (see :meth:`path`).

    >>> square = NodeKayles([(0, 1), (1, 2), (2, 3), (3, 0)])
    >>> square.start, square.moves(square.start)
    ((0, 1, 2, 3), [(2,), (3,), (0,), (1,)])
    >>> square.grundy(square.start), NodeKayles.path(5).grundy(tuple(range(5)))
    (0, 3)
    >>> NodeKayles("0-1, 1-2, 2-3, 3-0").edges == square.edges
    True
    """

    figure_kind: ClassVar[str] = "kayles"
    position_limit: ClassVar[Limit | None] = Limit("vertices", 0, MAX_PANEL_GRAPH_VERTEX,
                                                   most=MAX_PANEL_GRAPH_VERTEX + 1)

    def __init__(self, edges: object, vertices: object = ()):
        if isinstance(edges, str):  # as the explorer takes them: "0-1, 1-2"
            edges = KAYLES_LIMIT.read_edges(edges)
        self.edges: tuple[Pair, ...] = tuple(read_pairs(edges, "edges", MAX_KAYLES_VERTICES ** 2 // 2,
                                                         "[(0, 1), (1, 2)]"))
        loops = [u for u, v in self.edges if u == v]
        if loops:
            raise ValueError(f"edge ({loops[0]}, {loops[0]}) joins vertex {loops[0]} to itself; Node Kayles graphs "
                             "have no loops")
        extra = [check_int(v, f"vertex {show(v)}") for v in read_items(vertices, "vertices", MAX_KAYLES_VERTICES,
                                                                        "[5, 6]")]
        self.start: tuple[int, ...] = tuple(sorted({v for e in self.edges for v in e} | set(extra)))
        if not self.start:
            raise ValueError("a Node Kayles graph needs at least one vertex, such as NodeKayles([(0, 1)])")
        if len(self.start) > MAX_KAYLES_VERTICES:
            raise LimitError(f"the graph has {len(self.start):,} vertices; Node Kayles is played here on at most "
                             f"{MAX_KAYLES_VERTICES:,}")
        self.neighbours: dict[int, frozenset[int]] = {v: frozenset() for v in self.start}
        for u, v in self.edges:
            self.neighbours[u] |= {v}
            self.neighbours[v] |= {u}
        self._values: dict[Any, int] = {}

    @classmethod
    def path(cls, n: int) -> NodeKayles:
        """Node Kayles on a path of ``n`` vertices 0 - 1 - ... - (n - 1): Dawson's chess, octal 0.137.

        >>> NodeKayles.path(3).edges
        ((0, 1), (1, 2))
        """
        n = check_int(n, "n (the number of vertices)", minimum=1)
        if n > MAX_KAYLES_VERTICES:
            raise LimitError(f"a path of {n:,} vertices; Node Kayles is played here on at most {MAX_KAYLES_VERTICES:,}")
        return cls([(i, i + 1) for i in range(n - 1)], vertices=[0])

    def __repr__(self) -> str:
        return f"NodeKayles({show(list(self.edges))})"

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game."""
        return "Node Kayles"

    def check_position(self, position: Any) -> tuple[int, ...]:
        """The remaining vertices as a sorted tuple, if each is a vertex of the graph, named once; else a
        TypeError or ValueError naming the first that is not.

        >>> NodeKayles([(0, 1), (1, 2)]).check_position({2, 0})
        (0, 2)
        """
        if isinstance(position, (str, bytes)) or not hasattr(type(position), "__iter__"):
            raise TypeError(f"a Node Kayles position is the tuple of the remaining vertices, such as {self.start}, "
                            f"got {show(position)}{unquoted(position)}")
        try:
            items = read_items(position, "the position", len(self.start), str(self.start))
        except LimitError:
            raise ValueError(f"the position names more vertices than the graph has ({len(self.start)})") from None
        vertices = [check_int(v, "each vertex") for v in items]
        for v in vertices:
            if v not in self.neighbours:
                raise ValueError(f"{v} is not a vertex of the graph; its vertices are {show(list(self.start))}")
        if len(set(vertices)) < len(vertices):
            raise ValueError(f"{show(position)} names a vertex twice; list each remaining vertex once")
        return tuple(sorted(vertices))

    def pick(self, left: frozenset[int], v: int) -> frozenset[int]:
        """What remains of ``left`` after picking ``v``: the rule, written once."""
        return left - self.neighbours[v] - {v}

    def moves(self, position: Any) -> list[tuple[int, ...]]:
        """What remains after each pick, the smallest vertex picked first."""
        left = frozenset(self.check_position(position))
        return [tuple(sorted(self.pick(left, v))) for v in sorted(left)]

    def pieces(self, position: Any) -> list[tuple[int, ...]]:
        """The connected components of the remaining vertices, each a sorted tuple, smallest vertex first.

        >>> NodeKayles.path(6).pieces((0, 1, 3, 4, 5))
        [(0, 1), (3, 4, 5)]
        """
        return [tuple(sorted(piece)) for piece in self._split(frozenset(self.check_position(position)))]

    def _split(self, left: frozenset[int]) -> list[frozenset[int]]:
        found, seen = [], set()
        for start in sorted(left):
            if start in seen:
                continue
            piece, todo = {start}, [start]
            while todo:
                for w in self.neighbours[todo.pop()] & left:
                    if w not in piece:
                        piece.add(w)
                        todo.append(w)
            seen |= piece
            found.append(frozenset(piece))
        return found

    def _key(self, piece: frozenset[int]) -> Any:
        """What a piece is kept under: ``('path', n)`` or ``('cycle', n)`` when it is a path or a cycle of n
        vertices (all such pieces are the same game, so a long path is valued once per length), else itself."""
        degrees = [len(self.neighbours[v] & piece) for v in piece]
        if max(degrees) <= 2:
            return ("path" if sum(degrees) == 2 * (len(piece) - 1) else "cycle", len(piece))
        return piece

    def _value(self, root: frozenset[int]) -> int:
        """The Grundy value of one connected piece, by search without recursion: a piece's value is the mex,
        over its vertices, of the nim-sum of the pieces left by picking it. The work (the square of a piece's
        size for each piece valued) is counted against ``MAX_KAYLES_WORK``."""
        values: dict[Any, int] = self._values
        options: dict[Any, list] = {}
        stack, valued, work = [(self._key(root), root)], 0, 0
        kind, size = stack[0][0] if isinstance(stack[0][0], tuple) else ("", 0)
        if kind and stack[0][0] not in values and size ** 3 // 3 > MAX_KAYLES_WORK:  # every shorter one is valued
            raise LimitError(f"Node Kayles on a {kind} of {size:,} vertices needs about {size ** 3 // 3:,} steps "
                             f"(each shorter {kind} is valued too); the search's budget is {MAX_KAYLES_WORK:,} "
                             "(MAX_KAYLES_WORK)")
        while stack:
            key, piece = stack[-1]
            if key in values:
                stack.pop()
                continue
            after = options.get(key)
            if after is None:
                work += len(piece) * len(piece)
                if work > MAX_KAYLES_WORK:
                    raise LimitError(f"Node Kayles: valued {valued:,} pieces of the graph, and more work than "
                                     f"{MAX_KAYLES_WORK:,} steps (MAX_KAYLES_WORK) was needed, the limit of the "
                                     "search (no fast method is known: deciding who wins is PSPACE-complete)")
                after = options[key] = [[(self._key(p), p) for p in self._split(self.pick(piece, v))]
                                        for v in piece]
                pending = [part for parts in after for part in parts if part[0] not in values]
                if pending:
                    stack.extend(pending)
                    continue
            values[key] = mex(reduce(xor, (values[k] for k, _ in parts), 0) for parts in after)
            del options[key]
            valued += 1
            stack.pop()
        return values[self._key(root)]

    def winning_picks(self, position: Any) -> list[int]:
        """The vertices whose pick leaves a P-position: the winning moves, as vertices.

        >>> NodeKayles.path(5).winning_picks((0, 1, 2, 3, 4))
        [2]
        """
        left = frozenset(self.check_position(position))
        return [v for v in sorted(left) if self.grundy(tuple(sorted(self.pick(left, v)))) == 0]

    def grundy(self, position: Any) -> int:
        """The nim-sum of the values of the position's pieces (Sprague--Grundy), each found by search."""
        return reduce(xor, (self._value(p) for p in self._split(frozenset(self.check_position(position)))), 0)

    def position_text(self, position: Any) -> str:
        """``'vertices (0, 2, 3)'``, ``'vertex 5'`` or ``'no vertex'`` (the vertices left; "left" is the sentence's
        word: "leaving vertices (0, 2, 3)")."""
        return counted_text("vertex", tuple(position), "vertices") if tuple(position) else "no vertex"

    def value_text(self, position: Any) -> str:
        """The pieces' values nim-added, e.g. ``'g = 1 ⊕ 2 = 3 (pieces (0, 1) and (3, 4, 5))'``; a piece of one
        vertex is that vertex, ``'vertex 0'``.

        >>> NodeKayles.path(6).value_text((0, 1, 3, 4, 5)), NodeKayles.path(3).value_text((0, 1, 2))
        ('g = 1 ⊕ 2 = 3 (pieces (0, 1) and (3, 4, 5))', 'g = 2 (one piece)')
        >>> NodeKayles.path(6).value_text((0, 3, 5))
        'g = 1 ⊕ 1 ⊕ 1 = 1 (pieces vertex 0, vertex 3 and vertex 5)'
        """
        pieces = self.pieces(position)
        if not pieces:
            return "g = 0 (no vertex left)"
        values = [self._value(frozenset(p)) for p in pieces]
        if len(pieces) == 1:
            return f"g = {values[0]} (one piece)"
        written = [f"vertex {p[0]}" if len(p) == 1 else numbers_text(p) for p in pieces]
        return f"g = {' ⊕ '.join(map(str, values))} = {reduce(xor, values, 0)} (pieces " + \
            ", ".join(written[:-1]) + f" and {written[-1]})"


#: The verb of this game's moves, in the forms a sentence needs.
PICK = Verb("pick", "picked", "picking")


class KaylesPresentation(Presentation):
    """Node Kayles in words: a move is known by the vertex picked, and its brackets say what it removed.

    >>> [m.words() for m in KaylesPresentation().moves(NodeKayles([(0, 1)]), (0, 1))]
    ['pick vertex 0', 'pick vertex 1']
    """

    def how_to_move(self, game: Game) -> str:
        """The rule in a few words."""
        return "pick a vertex: it and every vertex joined to it are removed"

    def moves(self, game: Game, position: Any) -> list[Move]:
        """One button per remaining vertex, its number on it."""
        assert isinstance(game, NodeKayles)
        left = frozenset(game.check_position(position))
        return [Move(v, tuple(sorted(game.pick(left, v))), str(v), PICK, f"vertex {v}") for v in sorted(left)]

    def change_text(self, game: Game, before: Any, after: Any) -> str:
        """The vertices a move removed: ``'removed 1, 2, 3'``."""
        return "removed " + ", ".join(map(str, sorted(set(before) - set(after))))


presents(NodeKayles, KaylesPresentation())

__all__ = ["KaylesPresentation", "NodeKayles"]
