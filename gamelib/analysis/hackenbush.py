"""Green Hackenbush on plain edge lists: what stays standing, and the fusion and colon principles
(where to draw a picture is :mod:`gamelib.analysis.hackenbush_layout`).

A picture is a sequence of edges ``(u, v)`` between whole-number vertices; vertex 0 is the ground. Loops
``(v, v)`` and repeated edges are allowed. Edges that no path of edges joins to the ground have fallen and
count for nothing. The game itself (whose moves chop an edge) is :class:`gamelib.GreenHackenbush`; these
functions are the algorithms it calls, on data it has already checked.

Two principles give the Grundy value without a search (Winning Ways, ch. 7; Ferguson, *Game Theory*, Part I,
section 6: 6.2 for trees, 6.3 for general rooted graphs):

- **colon principle**: branches meeting at a vertex may be replaced by one stalk (a path of edges) whose
  length is the nim-sum of their values; a branch is its first edge with what stands above it, worth
  1 + the value of what stands above it. So every tree is worth a single stalk.
- **fusion principle**: a cycle's vertices may be fused into one without changing the value; its edges become
  loops, each worth one edge. Cycles sharing edges fuse as one part: count its edges, not its cycles.

Fusing every cycle leaves a tree of bridges (the edges on no cycle) with loops at its vertices, and the colon
principle finishes the job: :func:`hackenbush_value` does both in time proportional to the number of edges.

>>> hackenbush_value([(0, 1), (1, 2), (1, 3)])  # a trunk with two twigs: 1 ⊕ 1 = 0 at vertex 1, plus the trunk
1
>>> hackenbush_value([(0, 1), (1, 2), (2, 0)])  # a triangle on the ground fuses to three loops: 1 ⊕ 1 ⊕ 1
1
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

Edge = tuple[int, int]

#: The ground's vertex.
GROUND = 0


def grounded(edges: Sequence[Edge]) -> tuple[Edge, ...]:
    """The edges still joined to the ground by a path of edges, in their order: the rest have fallen.

    >>> grounded([(0, 1), (2, 3), (1, 4)])
    ((0, 1), (1, 4))
    """
    touching: dict[int, list[int]] = defaultdict(list)
    for u, v in edges:
        touching[u].append(v)
        touching[v].append(u)
    reached = {GROUND}
    stack = [GROUND]
    while stack:
        for w in touching[stack.pop()]:
            if w not in reached:
                reached.add(w)
                stack.append(w)
    return tuple(edge for edge in edges if edge[0] in reached)


def bridges(edges: Sequence[Edge]) -> list[bool]:
    """For each edge, whether it is a bridge: an edge on no cycle (a loop or a repeated edge never is).

    Tarjan's low-point search, without recursion; a repeated edge is told apart from the edge it repeats by
    its place in the list, so two edges between the same vertices form a cycle of length 2.

    >>> bridges([(0, 1), (1, 2), (2, 0), (2, 3), (3, 3)])
    [False, False, False, True, False]
    """
    touching: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for i, (u, v) in enumerate(edges):
        if u != v:
            touching[u].append((v, i))
            touching[v].append((u, i))
    is_bridge = [False] * len(edges)
    found: dict[int, int] = {}  # the order in which the search reached each vertex
    low: dict[int, int] = {}  # the earliest vertex reachable from a vertex's subtree by one edge back
    for root in list(touching):
        if root in found:
            continue
        found[root] = low[root] = len(found)
        stack = [(root, -1, iter(touching[root]))]
        while stack:
            v, via, rest = stack[-1]
            for w, i in rest:
                if i == via:
                    continue
                if w in found:
                    low[v] = min(low[v], found[w])
                else:
                    found[w] = low[w] = len(found)
                    stack.append((w, i, iter(touching[w])))
                    break
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[v])
                    if low[v] > found[parent]:
                        is_bridge[via] = True
    return is_bridge


def _blocks(edges: Sequence[Edge], is_bridge: list[bool]) -> dict[int, int]:
    """Each vertex's block: vertices joined by edges on cycles share one, named by its smallest vertex."""
    parent: dict[int, int] = {}

    def find(v: int) -> int:
        parent.setdefault(v, v)
        root = v
        while parent[root] != root:
            root = parent[root]
        while parent[v] != root:
            parent[v], v = root, parent[v]
        return root

    for (u, v), bridge in zip(edges, is_bridge, strict=True):
        a, b = find(u), find(v)
        if not bridge and a != b:
            parent[max(a, b)] = min(a, b)  # the smaller name survives, so the ground's block is 0
    return {v: find(v) for v in list(parent)}


def fuse_cycles(edges: Sequence[Edge]) -> tuple[Edge, ...]:
    """The fusion principle applied to every cycle: each block of vertices joined by cycles becomes one
    vertex (its smallest, so the ground stays 0), and the edges of the cycles become loops there.

    Edges keep their places in the list (those not joined to the ground have fallen and are left out).

    >>> fuse_cycles([(0, 1), (1, 2), (2, 3), (3, 1), (3, 4)])  # a triangle on a stalk, with a twig
    ((0, 1), (1, 1), (1, 1), (1, 1), (1, 4))
    """
    edges = grounded(edges)
    block = _blocks(edges, bridges(edges))
    return tuple((block[u], block[v]) for u, v in edges)


def hackenbush_value(edges: Sequence[Edge]) -> int:
    """The Grundy value of a Green Hackenbush picture, by the fusion and colon principles.

    Fuse every cycle (its edges become loops, one edge's worth each), then go down the tree of bridges from
    its tips: a vertex is worth the nim-sum of its loops (1 each) and of its branches (1 + what stands on
    each branch's upper end). The ground's worth is the picture's value. Time and memory grow in proportion
    to the number of edges.

    >>> hackenbush_value([(0, 1), (1, 2), (2, 3)])  # a bamboo stalk of 3 edges is a Nim heap of 3
    3
    >>> hackenbush_value([(0, 1), (0, 2), (0, 3), (3, 4)])  # stalks of 1, 1 and 2: 1 ⊕ 1 ⊕ 2
    2
    """
    return standing_value(grounded(edges))


def standing_value(edges: Sequence[Edge]) -> int:
    """:func:`hackenbush_value` of edges that all stand (each joined to the ground): a position the game has
    checked, so the search for fallen edges is not made twice.

    >>> standing_value([(0, 1), (1, 2), (2, 0), (0, 3)])  # a triangle's three loops and a stalk: 1 ⊕ 1
    0
    """
    is_bridge = bridges(edges)
    block = _blocks(edges, is_bridge)
    worth: dict[int, int] = defaultdict(int)  # nim-sum of each block's loops so far
    tree: dict[int, list[int]] = defaultdict(list)
    for (u, v), bridge in zip(edges, is_bridge, strict=True):
        if bridge:
            tree[block[u]].append(block[v])
            tree[block[v]].append(block[u])
        else:
            worth[block[u]] ^= 1  # an edge on a cycle is a loop of its fused block
    order, above = downward_order(tree)
    for b in reversed(order):  # from the tips down, so every block above b is finished
        for c in above[b]:
            worth[b] ^= 1 + worth[c]
    return worth[GROUND]


def downward_order(tree: dict[int, list[int]]) -> tuple[list[int], dict[int, list[int]]]:
    """The vertices of a tree in breadth-first order from the ground, and the vertices just above each."""
    order = [GROUND]
    above: dict[int, list[int]] = defaultdict(list)
    seen = {GROUND}
    for v in order:  # the list grows while it is read: breadth-first
        for w in tree[v]:
            if w not in seen:
                seen.add(w)
                above[v].append(w)
                order.append(w)
    return order, above


@dataclass(frozen=True)
class ReductionStep:
    """One picture on the way from a Green Hackenbush picture to the single stalk it is worth.

    ``edges`` is the picture after the step, ``note`` says in words what the step did, ``vertex`` where it
    happened (``None`` for a step that changes the whole picture, such as fusing every cycle).
    """

    edges: tuple[Edge, ...]
    note: str
    vertex: int | None = None


def reduction_steps(edges: Sequence[Edge]) -> list[ReductionStep]:
    """The picture turned into one stalk, a step at a time: what the lesson's "see its stalk" panel shows.

    The first step is the picture itself. If it has cycles, the next fuses them (fusion principle) and the
    one after replaces each loop by a single edge. Then, from the tips down, each vertex where two or more
    branches meet (each already a stalk) gets one stalk of the nim-sum of their lengths instead (colon
    principle). The last picture is a single stalk on the ground whose length is the value, or no edge at
    all when the value is 0. New vertices are numbered after the largest one in use.

    >>> for step in reduction_steps([(0, 1), (1, 2), (1, 3), (3, 4)]):
    ...     print(step.edges, "|", step.note)
    ((0, 1), (1, 2), (1, 3), (3, 4)) | the picture
    ((0, 1), (1, 5), (5, 6), (6, 7)) | at vertex 1, stalks of 1 and 2 meet: 1 ⊕ 2 = 3, so they become one stalk of 3
    ((0, 1), (1, 5), (5, 6), (6, 7)) | on the ground, a stalk of 4 stands alone: the picture is worth 4
    """
    picture = grounded(edges)
    steps = [ReductionStep(picture, "the picture")]
    if not all(bridges(picture)):
        picture = fuse_cycles(picture)
        steps.append(ReductionStep(picture, "fusion: the vertices of each cycle become one vertex, and the "
                                            "cycle's edges become loops there"))
    fresh = max((max(edge) for edge in picture), default=0) + 1
    if any(u == v for u, v in picture):
        unlooped: list[Edge] = []
        for u, v in picture:
            if u == v:
                unlooped.append((u, fresh))
                fresh += 1
            else:
                unlooped.append((u, v))
        picture = tuple(unlooped)
        steps.append(ReductionStep(picture, "each loop becomes a single edge: chopping either one removes "
                                            "just that edge"))
    tree: dict[int, list[int]] = defaultdict(list)
    for u, v in picture:
        tree[u].append(v)
        tree[v].append(u)
    order, above = downward_order(tree)
    stalk: dict[int, int] = {}  # the length of the stalk standing on each finished vertex
    for v in reversed(order):
        lengths = [1 + stalk[w] for w in above[v]]
        stalk[v] = 0
        for length in lengths:
            stalk[v] ^= length
        if len(lengths) < 2 and v != GROUND:
            continue  # one branch on a stalk is a longer stalk already
        if len(lengths) < 2:  # the ground, with one stalk or none: nothing left to do
            alone = f"a stalk of {stalk[v]} stands alone" if lengths else "no edge stands"
            steps.append(ReductionStep(picture, f"on the ground, {alone}: the picture is worth {stalk[v]}", v))
            break
        listed = ", ".join(map(str, lengths[:-1])) + f" and {lengths[-1]}"
        total = " ⊕ ".join(map(str, lengths)) + f" = {stalk[v]}"
        result = f"one stalk of {stalk[v]}" if stalk[v] else "nothing (they cancel)"
        where = f"at vertex {v}" if v != GROUND else "on the ground"
        worth = f": the picture is worth {stalk[v]}" if v == GROUND else ""
        note = f"{where}, stalks of {listed} meet: {total}, so they become {result}{worth}"
        removed = _standing_above(v, above)
        kept = [edge for edge in picture if not (edge[0] in removed or edge[1] in removed)]
        new_stalk: list[Edge] = []
        for _ in range(stalk[v]):
            new_stalk.append((new_stalk[-1][1] if new_stalk else v, fresh))
            fresh += 1
        picture = tuple(kept + new_stalk)
        above[v] = [new_stalk[0][1]] if new_stalk else []
        for (a, b) in new_stalk[1:]:
            above[a] = [b]
        steps.append(ReductionStep(picture, note, v))
    return steps


def _standing_above(v: int, above: dict[int, list[int]]) -> set[int]:
    """Every vertex standing on ``v`` (not ``v`` itself), following the tree upwards."""
    found: set[int] = set()
    stack = list(above[v])
    while stack:
        w = stack.pop()
        found.add(w)
        stack.extend(above[w])
    return found


__all__ = [
    "GROUND",
    "ReductionStep",
    "bridges",
    "downward_order",
    "fuse_cycles",
    "grounded",
    "hackenbush_value",
    "reduction_steps",
    "standing_value",
]
