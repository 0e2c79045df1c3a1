"""Green Hackenbush by its definition alone, with no gamelib: the tests hold gamelib up against this.

A picture is a list of edges (u, v); vertex 0 is the ground. A move chops one edge; every edge no longer
joined to the ground by a path of edges falls. The Grundy value is the mex of the values after each chop.
Positions are kept canonical (each edge written with its smaller end first, the edges sorted), so that
pictures reached in different orders are looked up once.
"""

from __future__ import annotations

from functools import cache


def canonical(edges) -> tuple:
    """The edges as a sorted tuple of pairs (smaller end first): one name for each picture."""
    return tuple(sorted((min(u, v), max(u, v)) for u, v in edges))


def standing(edges) -> tuple:
    """The edges joined to the ground, found by growing the set of reached vertices until it stops growing."""
    reached = {0}
    grew = True
    while grew:
        grew = False
        for u, v in edges:
            if (u in reached) != (v in reached):
                reached.update((u, v))
                grew = True
    return canonical(e for e in edges if e[0] in reached and e[1] in reached)


def chops(edges) -> set:
    """Every picture one chop away (canonical), one chop per edge in the list."""
    edges = canonical(edges)
    return {standing(edges[:i] + edges[i + 1:]) for i in range(len(edges))}


def mex(values) -> int:
    m = 0
    while m in values:
        m += 1
    return m


@cache
def _value(edges: tuple) -> int:
    return mex({_value(after) for after in chops(edges)})


def value(edges) -> int:
    """The Grundy value by the definition: mex over every chop (exponential: small pictures only)."""
    return _value(standing(edges))


def winning_chops(edges) -> set:
    """The edges (smaller end first) whose chop leaves a picture of value 0."""
    edges = standing(edges)
    return {edges[i] for i in range(len(edges)) if value(edges[:i] + edges[i + 1:]) == 0}
