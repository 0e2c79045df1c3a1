"""Where the vertices of a graph go on the page: round a circle with as few crossing edges as can be, or by their
distances in the graph (stress majorization). The figures of lesson 9 (:mod:`gamelib.plots.vertex_graphs`) use
them; nothing here draws.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import permutations

#: Most vertices whose order round the circle is chosen to cross as few edges as can be (every order is tried:
#: 720 orders for 7 vertices); a larger graph is drawn in the order of its vertices.
MAX_ORDERED_VERTICES = 7


def _crossings(order: tuple[int, ...], edges: tuple[tuple[int, int], ...]) -> int:
    """How many pairs of edges cross when the vertices stand round a circle in ``order``."""
    at = {v: i for i, v in enumerate(order)}
    spans = [tuple(sorted((at[u], at[v]))) for u, v in edges]
    return sum(1 for i, (a, b) in enumerate(spans) for c, d in spans[i + 1:]
               if len({a, b, c, d}) == 4 and (a < c < b) != (a < d < b))


@cache
def circle_order(vertices: tuple[int, ...], edges: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The order round the circle with the fewest crossing edges (the first vertex kept first; the first such
    order found, the vertices' own order when it crosses nothing); graphs of more than
    :data:`MAX_ORDERED_VERTICES` vertices keep their own order.

    >>> circle_order((0, 1, 2, 3, 4, 5), ((0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)))  # square with a tail
    (0, 1, 2, 4, 5, 3)
    """
    if len(vertices) > MAX_ORDERED_VERTICES or _crossings(vertices, edges) == 0:
        return vertices
    orders = ((vertices[0], *rest) for rest in permutations(vertices[1:]))
    return min(orders, key=lambda order: _crossings(order, edges))


def spread_places(vertices: tuple[int, ...], edges: tuple[tuple[int, int], ...]) -> dict[int, tuple[float, float]]:
    """A graph drawn by its distances (:func:`stress_places`), from the circle with the fewest crossing edges, or
    on that circle when it crosses fewer edges.

    >>> places = spread_places((0, 1, 2, 3), ((0, 1), (1, 2), (2, 3), (3, 0)))  # a square
    >>> drawn_crossings(places, ((0, 1), (1, 2), (2, 3), (3, 0)))
    0
    """
    count = len(vertices)
    radius = max(1.2, count * 1.1 / (2 * math.pi))
    circle = {v: (radius * math.sin(2 * math.pi * i / count), radius * math.cos(2 * math.pi * i / count))
              for i, v in enumerate(circle_order(vertices, edges))}
    spread = stress_places(vertices, edges, circle)
    return spread if drawn_crossings(spread, edges) <= drawn_crossings(circle, edges) else circle


#: The length an edge is drawn (in the units of a path's step, 1), on average, by :func:`stress_places`.
EDGE_LENGTH = 1.25


def stress_places(vertices: tuple[int, ...], edges: tuple[tuple[int, int], ...],
                  start: dict[int, tuple[float, float]]) -> dict[int, tuple[float, float]]:
    """Places for the vertices whose distances on the page follow their distances in the graph (stress
    majorization, by the SMACOF iteration, from ``start``), turned so the drawing is wider than tall, with edges
    :data:`EDGE_LENGTH` long on average. Vertices of different pieces are kept one step further apart than the
    farthest two of a piece. Deterministic: the same graph is drawn the same way every time.

    >>> bow_tie = ((0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2), (4, 5), (5, 6))
    >>> places = stress_places(tuple(range(7)), bow_tie, {v: (math.sin(v), math.cos(v)) for v in range(7)})
    >>> drawn_crossings(places, bow_tie), places[0][0] < places[2][0] < places[6][0]  # the tie, then its tail
    (0, True)
    """
    import numpy as np

    index = {v: i for i, v in enumerate(vertices)}
    count = len(vertices)
    if count < 3:
        return dict(start)
    neighbours: list[list[int]] = [[] for _ in vertices]
    for u, v in edges:
        neighbours[index[u]].append(index[v])
        neighbours[index[v]].append(index[u])
    far = np.full((count, count), np.inf)
    for source in range(count):  # distances in the graph, by breadth-first search
        far[source, source], frontier, step = 0.0, [source], 0
        while frontier:
            step += 1
            frontier = [w for x in frontier for w in neighbours[x] if far[source, w] == np.inf]
            for w in frontier:
                far[source, w] = step
    finite = far[np.isfinite(far)]
    far[~np.isfinite(far)] = finite.max() + 1.0
    weight = np.zeros_like(far)
    off = ~np.eye(count, dtype=bool)
    weight[off] = far[off] ** -2.0
    laplacian = -weight
    laplacian[np.diag_indices(count)] = weight.sum(axis=1)
    inverse = np.linalg.pinv(laplacian)
    places = np.array([start[v] for v in vertices], dtype=float)
    for _ in range(300):
        apart = np.sqrt(((places[:, None, :] - places[None, :, :]) ** 2).sum(axis=2))
        pull = np.zeros_like(far)
        pull[off] = -weight[off] * far[off] / np.maximum(apart[off], 1e-9)
        pull[np.diag_indices(count)] = -pull.sum(axis=1)
        moved = inverse @ pull @ places
        if np.abs(moved - places).max() < 1e-7:
            places = moved
            break
        places = moved
    places -= places.mean(axis=0)
    axes = np.linalg.svd(places, full_matrices=False)[2]  # the widest direction first
    places = places @ axes.T
    for column in range(2):  # a fixed side: the smallest vertex left of (or below) the middle
        if places[0, column] > 1e-9:
            places[:, column] *= -1
    lengths = [np.hypot(*(places[index[u]] - places[index[v]])) for u, v in edges]
    places *= EDGE_LENGTH / max(float(np.mean(lengths)) if lengths else 1.0, 1e-9)
    return {v: (float(places[index[v], 0]), float(places[index[v], 1])) for v in vertices}


def drawn_crossings(places: dict[int, tuple[float, float]], edges: tuple[tuple[int, int], ...]) -> int:
    """How many pairs of edges with four different ends cross where they are drawn (straight, between
    ``places``).

    >>> drawn_crossings({0: (0, 0), 1: (1, 1), 2: (0, 1), 3: (1, 0)}, ((0, 1), (2, 3)))
    1
    """
    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> int:
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return 0 if abs(value) < 1e-9 else (1 if value > 0 else -1)

    count = 0
    for i, (a, b) in enumerate(edges):
        for c, d in edges[i + 1:]:
            if len({a, b, c, d}) < 4:
                continue
            p, q, r, s = places[a], places[b], places[c], places[d]
            if side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0:
                count += 1
    return count


__all__ = ["EDGE_LENGTH", "MAX_ORDERED_VERTICES", "circle_order", "drawn_crossings", "spread_places", "stress_places"]
