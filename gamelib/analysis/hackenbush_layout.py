"""Where to draw a Green Hackenbush picture, as plain numbers: computed below the plots, so that a figure, a
clickable board and a test all agree on where each edge is.

>>> hackenbush_layout([(0, 1), (1, 1)]).bends  # the trunk is straight, the loop at its top bows out
(0, 1)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from gamelib.analysis.hackenbush import GROUND, Edge, downward_order, grounded

Point = tuple[float, float]


@dataclass(frozen=True)
class HackenbushLayout:
    """Where to draw a picture, as plain numbers: the ground is the line y = 0 and heights grow upwards.

    ``points`` places every vertex but the ground. ``ends`` gives each edge, in the picture's order, the two
    points it joins; an edge on the ground starts at its own foot on the line y = 0, so edges from the ground
    never share an end there. ``bends`` tells repeated edges and loops apart: 0 for a straight edge, then
    1, -1, 2, -2, ... for the copies of an edge between the same two points (bow it that far to one side), and
    1, 2, 3, ... for the loops at one point (the first loop smallest). ``width`` is the room the picture needs
    from x = 0, and ``height`` its highest vertex.
    """

    points: dict[int, Point]
    ends: tuple[tuple[Point, Point], ...]
    bends: tuple[int, ...]
    width: float
    height: float


def hackenbush_layout(edges: Sequence[Edge]) -> HackenbushLayout:
    """A tidy drawing of a picture: each vertex at its distance from the ground (in edges), side by side in
    columns so that branches never cross; a tree is drawn as a tree.

    Computed here, below the plots, so that a figure, a clickable board and a test all agree on where each
    edge is. Every edge must stand (be joined to the ground).

    >>> layout = hackenbush_layout([(0, 1), (1, 2), (1, 3)])
    >>> layout.points
    {1: (1.0, 1.0), 2: (0.5, 2.0), 3: (1.5, 2.0)}
    >>> layout.ends[0], layout.bends
    (((1.0, 0.0), (1.0, 1.0)), (0, 0, 0))
    """
    edges = tuple(edges)
    if grounded(edges) != edges:
        raise ValueError("every edge of a picture to lay out must be joined to the ground")
    touching: dict[int, list[int]] = defaultdict(list)
    for u, v in edges:
        if u != v:
            touching[u].append(v)
            touching[v].append(u)
    order, above = downward_order(touching)
    depth = {GROUND: 0}
    for v in order:
        for w in above[v]:
            depth[w] = depth[v] + 1
    ground_loops = sum(1 for u, v in edges if u == v == GROUND)
    span: dict[int, float] = {}  # the width each vertex's column takes
    for v in reversed(order):
        span[v] = max(1.0, sum(span[w] for w in above[v]))
    points: dict[int, Point] = {}
    left = {GROUND: float(ground_loops)}  # the ground's loops stand first, one unit of room each
    for v in order:
        start = left[v]
        for w in above[v]:
            left[w] = start
            points[w] = (start + span[w] / 2, float(depth[w]))
            start += span[w]
    width = left[GROUND] + (span[GROUND] if above[GROUND] else 0.0)
    feet = _feet(edges, points, ground_loops)
    ends = tuple((feet[i] if u == GROUND else points[u], feet[i] if v == GROUND else points[v])
                 for i, (u, v) in enumerate(edges))
    height = max((y for _, y in points.values()), default=0.0)
    return HackenbushLayout(points, ends, _bends(edges), width, height)


def _feet(edges: tuple[Edge, ...], points: dict[int, Point], ground_loops: int) -> dict[int, Point]:
    """Where each edge on the ground meets it: under its upper end, spread apart when several edges share an
    upper end; the ground's own loops stand in the first columns."""
    on_ground = [i for i, (u, v) in enumerate(edges) if GROUND in (u, v)]
    sharing: dict[int, list[int]] = defaultdict(list)
    for i in on_ground:
        u, v = edges[i]
        sharing[u if v == GROUND else v].append(i)
    feet: dict[int, Point] = {}
    for top, indices in sharing.items():
        if top == GROUND:  # loops at the ground
            for column, i in enumerate(indices):
                feet[i] = (column + 0.5, 0.0)
            continue
        x = points[top][0]
        gap = 0.6 / len(indices)
        for j, i in enumerate(indices):
            feet[i] = (x + (j - (len(indices) - 1) / 2) * gap, 0.0)
    return feet


def _bends(edges: tuple[Edge, ...]) -> tuple[int, ...]:
    """How far to bow each edge so that copies of one edge and loops at one point stay apart.

    The copies of an edge between two vertices above the ground get 0, 1, -1, 2, -2, ... when there is an
    odd number of them, and 1, -1, 2, -2, ... when there is an even number (then no copy is straight).
    Loops at one point get 1, 2, 3, ... Edges on the ground have feet of their own and stay straight.

    >>> _bends(((1, 2), (2, 1), (1, 1), (1, 1), (0, 1), (0, 1)))
    (1, -1, 1, 2, 0, 0)
    """
    count: dict[Edge, int] = defaultdict(int)
    for u, v in edges:
        count[(min(u, v), max(u, v))] += 1
    seen: dict[Edge, int] = defaultdict(int)
    bends = []
    for u, v in edges:
        key = (min(u, v), max(u, v))
        seen[key] += 1
        k = seen[key]
        if u == v:
            bends.append(k)
        elif GROUND in key:
            bends.append(0)
        else:
            k += count[key] % 2 == 0  # even: skip the straight line
            bends.append(0 if k == 1 else k // 2 if k % 2 == 0 else -(k // 2))
    return tuple(bends)


__all__ = ["HackenbushLayout", "hackenbush_layout"]
