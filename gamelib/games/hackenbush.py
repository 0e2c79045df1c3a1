"""Green Hackenbush: chop an edge of a picture; whatever no longer reaches the ground falls with it.

The values come from the fusion and colon principles (:mod:`gamelib.analysis.hackenbush`), in time
proportional to the number of edges, so pictures far beyond a search are answered at once; the moves are
those of the definition, so the generic engine (``gamelib.grundy(game, position)``) checks the principles on
small pictures.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar, cast

from gamelib.analysis.hackenbush import (
    Edge,
    ReductionStep,
    fuse_cycles,
    grounded,
    reduction_steps,
    standing_value,
)
from gamelib.analysis.hackenbush_layout import HackenbushLayout, hackenbush_layout
from gamelib.arguments import LimitError, check_int, read_items, show
from gamelib.games.base import Game
from gamelib.games.hackenbush_text import PICTURE_LIMIT, TYPED_EXAMPLE, EdgeLimit, edges_text
from gamelib.games.presentation import Move, Presentation, Verb, presents
from gamelib.limits import MAX_HACKENBUSH_EDGES, MAX_HACKENBUSH_MOVE_WORK
from gamelib.parsing import Limit

_EXAMPLE = "[(0, 1), (1, 2), (1, 3)]"


def _key(edge: Edge) -> Edge:
    """An edge with its ends in order: (2, 1) and (1, 2) are the same edge."""
    u, v = edge
    return (u, v) if u <= v else (v, u)


class GreenHackenbush(Game):
    """Green Hackenbush on a picture: a graph whose vertex 0 is the ground.

    ``edges`` lists the picture's edges as pairs ``(u, v)`` of whole numbers 0 or more; loops ``(v, v)`` and
    repeated edges are allowed, and every edge must be joined to the ground by a path of edges. A move chops
    one edge: it is removed, and so is every edge no longer joined to the ground. Who cannot move (no edge
    stands) loses.

    A position is the tuple of the edges still standing, in the picture's order; ``start`` is the whole
    picture. ``grundy`` uses the fusion and colon principles, so a picture of thousands of edges is valued
    at once; ``moves`` are the definition's, so the generic engine can check the principles on small ones.

    >>> tree = GreenHackenbush([(0, 1), (1, 2), (1, 3), (3, 4)])
    >>> tree.grundy(tree.start)  # at vertex 1: 1 ⊕ 2 = 3; with the trunk, a stalk of 4
    4
    >>> tree.winning_chops(tree.start)
    [(0, 1)]
    >>> from gamelib import grundy, labelled_moves
    >>> grundy(tree, tree.start)  # the same value from the definition (mex over every chop)
    4
    >>> [move.words() for move in labelled_moves(tree, tree.start)][:2]
    ['chop edge (0, 1)', 'chop edge (1, 2)']
    """

    #: Drawn by :func:`gamelib.plots.hackenbush_figure`: the picture, the winning chops marked, its stalk beside it.
    figure_kind: ClassVar[str] = "graph"

    def __init__(self, edges: object):
        if isinstance(edges, str):  # as the panels take it: "0-1, 1-2"
            self._take(PICTURE_LIMIT.read_edges(edges), typed=True)
            return
        self._take(edges, typed=False)

    def _take(self, edges: object, typed: bool) -> None:
        """Keep the picture ``edges``; a refusal gives its example as Python (or, ``typed``, as a box takes it)."""
        items = read_items(edges, "edges", MAX_HACKENBUSH_EDGES, _EXAMPLE)
        self.edges: tuple[Edge, ...] = tuple(_check_edge(edge, "the picture") for edge in items)
        standing = Counter(grounded(self.edges))
        fallen = [edge for edge in self.edges if not standing[edge]]
        if fallen:
            (u, v), example = fallen[0], TYPED_EXAMPLE if typed else _EXAMPLE
            raise ValueError(f"edge {f'{u}-{v}' if typed else (u, v)} of the picture is not joined to the ground "
                             f"(vertex 0) by a path of edges; every edge must be, e.g. {example}")
        self.start = self.edges
        self._copies = Counter(_key(edge) for edge in self.edges)

    @classmethod
    def bamboo(cls, *lengths: int) -> GreenHackenbush:
        """Bamboo stalks of the given lengths side by side on the ground: Nim heaps in disguise.

        >>> stalks = GreenHackenbush.bamboo(1, 2)
        >>> stalks.edges, stalks.grundy(stalks.start)
        (((0, 1), (0, 2), (2, 3)), 3)
        """
        sizes = [check_int(length, f"stalk {i}") for i, length in enumerate(lengths, start=1)]
        if sum(sizes) > MAX_HACKENBUSH_EDGES:
            raise LimitError(f"stalks of {sum(sizes):,} edges in all; a picture has at most {MAX_HACKENBUSH_EDGES:,}")
        edges: list[Edge] = []
        top = 0
        for length in sizes:
            below = 0
            for _ in range(length):
                top += 1
                edges.append((below, top))
                below = top
        return cls(edges)

    def __repr__(self) -> str:
        return f"GreenHackenbush({show(list(self.edges))})"

    @property
    def title(self) -> str:
        """How figures, panels and messages name the game (the position's words list its edges)."""
        return "Green Hackenbush"

    def check_position(self, position: object) -> tuple[Edge, ...]:
        """``position`` as a tuple of edges in the picture's order, if it is a position of this picture; else a
        ValueError (or TypeError) saying why not.

        Each edge may be written either way round, and the edges in any order: (2, 1) is the edge (1, 2).

        >>> GreenHackenbush([(0, 1), (1, 2), (1, 3)]).check_position([(3, 1), (0, 1)])
        ((0, 1), (1, 3))
        """
        if self._is_whole_picture(position):
            return self.edges
        return tuple(self.edges[i] for i in self.standing(position))

    def _is_whole_picture(self, position: object) -> bool:
        """Whether ``position`` is the whole picture as :attr:`start` spells it (pairs of plain ints in its order):
        a position already checked, so its check takes one comparison instead of a count of every edge."""
        return position is self.edges or (
            type(position) is tuple and position == self.edges
            and all(type(edge) is tuple and type(edge[0]) is int and type(edge[1]) is int for edge in position))

    def standing(self, position: object) -> list[int]:
        """Where the position's edges are in the picture: their indices in ``edges`` (for a repeated edge, its
        first copies). A figure lays out the whole picture once and draws these edges, so that nothing moves
        when an edge falls.

        >>> GreenHackenbush([(0, 1), (1, 2), (0, 1)]).standing([(0, 1), (2, 1)])
        [0, 1]
        """
        try:
            items = read_items(position, "position", len(self.edges), "a tuple of edges such as ((0, 1), (1, 2))")
        except LimitError:
            raise ValueError(f"the position has more edges than the picture ({len(self.edges)})") from None
        wanted = Counter(_key(_check_edge(edge, "the position")) for edge in items)
        for key, count in wanted.items():
            if count > self._copies[key]:
                have = self._copies[key]
                raise ValueError(f"edge {key} appears {count} times in the position but "
                                 f"{'only ' + str(have) + ' times' if have else 'not at all'} in the picture")
        indices = []
        for i, edge in enumerate(self.edges):  # the picture's own spelling and order
            if wanted[_key(edge)]:
                wanted[_key(edge)] -= 1
                indices.append(i)
        chosen = tuple(self.edges[i] for i in indices)
        kept = set(grounded(chosen))
        if len(kept) != len(set(chosen)):
            fallen = next(edge for edge in chosen if edge not in kept)
            raise ValueError(f"edge {fallen} of the position is not joined to the ground: edges cut off from the "
                             "ground fall, so they are never part of a position")
        return indices

    def _chop(self, position: tuple[Edge, ...], index: int) -> tuple[Edge, ...]:
        """The position after chopping the edge at ``index`` (a checked position, the last copy of its edge)."""
        return grounded(position[:index] + position[index + 1:])

    def _last_copies(self, position: tuple[Edge, ...]) -> dict[Edge, int]:
        """Each edge of the position (ends in order) and the index of its last copy: chopping the last copy
        keeps the first copies, so what is left is in the picture's order, as :meth:`check_position` gives."""
        if len(position) * len(position) > MAX_HACKENBUSH_MOVE_WORK:
            raise LimitError(f"listing the chops of a position of {len(position):,} edges takes about "
                             f"{len(position) ** 2:,} steps; this kit lists at most {MAX_HACKENBUSH_MOVE_WORK:,} "
                             "(the value itself, grundy(), has no such limit)")
        return {_key(edge): i for i, edge in enumerate(position)}

    def moves(self, position: object) -> list[tuple[Edge, ...]]:
        """The positions one chop away, one for each different edge (chopping either copy of a repeated edge
        leaves the same picture).

        >>> GreenHackenbush([(0, 1), (1, 2), (1, 1)]).moves(((0, 1), (1, 2), (1, 1)))
        [(), ((0, 1), (1, 1)), ((0, 1), (1, 2))]
        """
        checked = self.check_position(position)
        return list(dict.fromkeys(self._chop(checked, i) for i in self._last_copies(checked).values()))

    def chop(self, position: object, edge: object) -> tuple[Edge, ...]:
        """The position after chopping ``edge`` (a pair ``(u, v)``, either way round).

        >>> GreenHackenbush([(0, 1), (1, 2), (0, 3)]).chop(((0, 1), (1, 2), (0, 3)), (1, 0))
        ((0, 3),)
        """
        checked = self.check_position(position)
        key = _key(_check_edge(edge, "the chop"))
        last = self._last_copies(checked)
        if key not in last:
            raise ValueError(f"{key} is not an edge of the position {show(checked)}")
        return self._chop(checked, last[key])

    def grundy(self, position: object) -> int:
        """The Grundy value of the position, by the fusion and colon principles (no search)."""
        return standing_value(self.check_position(position))

    def winning_moves(self, position: object) -> list[tuple[Edge, ...]]:
        """The positions one chop away whose value is 0 (P-positions): the winning moves.

        >>> GreenHackenbush([(0, 1), (1, 2), (0, 3)]).winning_moves(((0, 1), (1, 2), (0, 3)))
        [((0, 1), (0, 3))]
        """
        return [after for after in self.moves(position) if standing_value(after) == 0]

    def winning_chops(self, position: object) -> list[Edge]:
        """The edges whose chop leaves a position of value 0 (a P-position): the winning moves, as edges.

        >>> GreenHackenbush.bamboo(1, 2, 2).winning_chops(((0, 1), (0, 2), (2, 3), (0, 4), (4, 5)))
        [(0, 1)]
        """
        checked = self.check_position(position)
        return [checked[i] for i in self._last_copies(checked).values()
                if standing_value(self._chop(checked, i)) == 0]

    def fused(self, position: object) -> tuple[Edge, ...]:
        """The position with every cycle fused into one vertex (fusion principle); the cycles' edges become
        loops. Its value is the position's.

        >>> GreenHackenbush([(0, 1), (1, 2), (2, 0), (2, 3)]).fused(((0, 1), (1, 2), (2, 0), (2, 3)))
        ((0, 0), (0, 0), (0, 0), (0, 3))
        """
        return fuse_cycles(self.check_position(position))

    def reduction_steps(self, position: object) -> list[ReductionStep]:
        """The position turned into the single stalk it is worth, step by step (fusion, then the colon
        principle from the tips down): see :func:`gamelib.analysis.hackenbush.reduction_steps`.

        >>> steps = GreenHackenbush([(0, 1), (0, 2)]).reduction_steps(((0, 1), (0, 2)))
        >>> steps[-1].edges
        ()
        >>> print(steps[-1].note)
        on the ground, stalks of 1 and 1 meet: 1 ⊕ 1 = 0, so they become nothing (they cancel): the picture is worth 0
        """
        checked = self.check_position(position)
        vertices = len({v for edge in checked for v in edge})
        if (vertices + 3) * len(checked) > MAX_HACKENBUSH_MOVE_WORK:
            raise LimitError(f"the steps of a position of {len(checked):,} edges and {vertices:,} vertices may hold "
                             f"about {(vertices + 3) * len(checked):,} edges in all; this kit lists at most "
                             f"{MAX_HACKENBUSH_MOVE_WORK:,} (the value itself, grundy(), has no such limit)")
        return reduction_steps(checked)

    def layout(self, position: object) -> HackenbushLayout:
        """Where to draw each vertex and edge of the position, as plain numbers (see
        :class:`~gamelib.analysis.hackenbush_layout.HackenbushLayout`). To show a game in progress, lay out the whole
        picture once, ``layout(start)``, and draw the edges :meth:`standing` in each position there.

        >>> GreenHackenbush([(0, 1), (1, 2)]).layout(((0, 1), (1, 2))).points
        {1: (0.5, 1.0), 2: (0.5, 2.0)}
        """
        return hackenbush_layout(self.check_position(position))

    # -- the words panels use (the picture is drawn by the figure kind "graph")

    def position_text(self, position: object) -> str:
        """The edges standing, as the lesson writes them: ``'edges (0, 1), (1, 2)'``.

        >>> GreenHackenbush([(0, 1), (1, 2)]).position_text(((0, 1),))
        'edge (0, 1)'
        """
        edges = self.check_position(position)
        if not edges:
            return "no edge standing"
        return f"edge{'' if len(edges) == 1 else 's'} {edges_text(edges)}"

    def read_position(self, text: str, limit: Limit | None = None) -> tuple[Edge, ...]:
        """The edges still standing, typed as ``'0-1, 1-2'`` or ``'(0, 1), (1, 2)'`` (at most
        :data:`PICTURE_LIMIT`'s edges): a position of this picture.

        >>> GreenHackenbush([(0, 1), (1, 2), (1, 3)]).read_position("1-0, (3, 1)")
        ((0, 1), (1, 3))
        """
        reader = limit if isinstance(limit, EdgeLimit) else PICTURE_LIMIT
        return self.check_position(reader.read_edges(text))

    @classmethod
    def from_text(cls, text: str) -> GreenHackenbush:
        """The picture typed in ``text`` (as :meth:`read_position` reads it), within :data:`PICTURE_LIMIT`.

        >>> GreenHackenbush.from_text("0-1, 1-2, 2-0").grundy(((0, 1), (1, 2), (2, 0)))
        1
        """
        game = cls.__new__(cls)
        game._take(PICTURE_LIMIT.read_edges(text), typed=True)
        return game


def _check_edge(edge: object, where: str) -> Edge:
    """An edge as a pair of whole numbers 0 or more; anything else is refused with what was expected."""
    if not isinstance(edge, (tuple, list)) or len(edge) != 2:
        raise TypeError(f"each edge of {where} must be a pair (u, v) of vertices (whole numbers, 0 is the ground), "
                        f"got {show(edge)}")
    return (check_int(edge[0], f"a vertex of {where}"), check_int(edge[1], f"a vertex of {where}"))


#: The verb of this game's moves, in the forms a sentence needs.
CHOP = Verb("chop", "chopped", "chopping")


class HackenbushPresentation(Presentation):
    """Green Hackenbush's words: one move per different edge standing, in the picture's order; its key is the
    edge with the smaller vertex first (the same for every copy of a repeated edge), its button says ``chop 1–3``;
    after a move, how many edges stood and how many are left (the edges themselves are in the picture).

    >>> from gamelib.games.presentation import presentation_of
    >>> game = GreenHackenbush([(0, 1), (1, 1)])
    >>> [(m.key, m.label, m.words()) for m in presentation_of(game).moves(game, game.start)]
    [((0, 1), 'chop 0–1', 'chop edge (0, 1)'), ((1, 1), 'chop loop 1', 'chop the loop at vertex 1')]
    >>> presentation_of(game).change_text(game, ((0, 1), (1, 1)), ())
    '2 edges were standing, none are left'
    """

    def moves(self, game: Game, position: Any) -> list[Move]:
        picture = cast(GreenHackenbush, game)
        checked = picture.check_position(position)
        moves = []
        for (u, v), index in picture._last_copies(checked).items():
            label, words = (f"chop loop {u}", f"the loop at vertex {u}") if u == v else \
                (f"chop {u}\u2013{v}", f"edge ({u}, {v})")
            moves.append(Move((u, v), picture._chop(checked, index), label, CHOP, words))
        return moves

    def change_text(self, game: Game, before: Any, after: Any) -> str:
        was, left = len(game.check_position(before)), len(game.check_position(after))
        stood = f"{was} edge{' was' if was == 1 else 's were'} standing"
        return stood + (", none are left" if not left else f", {left} {'is' if left == 1 else 'are'} left")


presents(GreenHackenbush, HackenbushPresentation("chop one edge; every edge no longer joined to the ground falls "
                                                 "with it"))


__all__ = ["PICTURE_LIMIT", "EdgeLimit", "GreenHackenbush", "HackenbushPresentation", "edges_text"]
