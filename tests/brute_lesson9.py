"""Lesson 9's games from their definitions alone, with no gamelib: the rules written out again, and the mex
and P/N rules applied position by position. Deliberately plain, so each line can be checked by reading it."""

from __future__ import annotations

from functools import cache
from itertools import combinations, product


def mex(values) -> int:
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


# --- Staircase Nim: a move carries coins from stair i to stair i - 1 (off the staircase from stair 1)

def staircase_moves(stairs: tuple[int, ...]) -> list[tuple[int, ...]]:
    found = []
    for i, coins in enumerate(stairs):
        for carried in range(1, coins + 1):
            after = list(stairs)
            after[i] -= carried
            if i > 0:
                after[i - 1] += carried
            found.append(tuple(after))
    return found


@cache
def staircase_value(stairs: tuple[int, ...]) -> int:
    return mex(staircase_value(after) for after in staircase_moves(stairs))


# --- Moore's Nim: take from at least one and at most k heaps

def moore_moves(heaps: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    found = set()
    for size in range(1, k + 1):
        for chosen in combinations(range(len(heaps)), size):
            for new in product(*(range(heaps[i]) for i in chosen)):
                after = list(heaps)
                for i, h in zip(chosen, new, strict=True):
                    after[i] = h
                found.add(tuple(after))
    return sorted(found)


@cache
def moore_is_p(heaps: tuple[int, ...], k: int) -> bool:
    """P exactly when no move reaches a P-position (a position with no move is P)."""
    return not any(moore_is_p(tuple(sorted(after)), k) for after in moore_moves(heaps, k))


@cache
def moore_value(heaps: tuple[int, ...], k: int) -> int:
    return mex(moore_value(tuple(sorted(after)), k) for after in moore_moves(heaps, k))


# --- Lasker's Nim: take from one heap, or split one heap into two non-empty heaps

def lasker_values(stop: int) -> list[int]:
    """g(0), ..., g(stop - 1) of one heap: the mex over the smaller heaps and over the splits a + b = n, a
    split worth g(a) XOR g(b) (two heaps side by side)."""
    g: list[int] = []
    for n in range(stop):
        options = [g[m] for m in range(n)] + [g[a] ^ g[n - a] for a in range(1, n)]
        g.append(mex(options))
    return g


# --- a token on a directed graph

def digraph_values(arcs: list[tuple[int, int]]) -> dict[int, int]:
    """g(x) = mex{g(y) : x -> y}, by memoised recursion (the graph must have no cycle)."""
    followers: dict[int, list[int]] = {}
    for u, v in arcs:
        followers.setdefault(u, []).append(v)
        followers.setdefault(v, [])
    values: dict[int, int] = {}

    def value(x: int) -> int:
        if x not in values:
            values[x] = mex(value(y) for y in followers[x])
        return values[x]

    for x in followers:
        value(x)
    return values


def is_cycle(arcs: list[tuple[int, int]], walk: list[int]) -> bool:
    """``walk`` (first vertex repeated at the end) goes along arcs of the graph and comes back."""
    arcs_set = set(arcs)
    steps = zip(walk, walk[1:], strict=False)
    return len(walk) >= 2 and walk[0] == walk[-1] and all((a, b) in arcs_set for a, b in steps)


# --- Node Kayles, searched as one game (no splitting into pieces)

def kayles_value(vertices: frozenset[int], edges: list[tuple[int, int]]) -> int:
    neighbours: dict[int, set[int]] = {v: set() for v in vertices}
    for u, v in edges:  # an edge may join vertices already removed: they are simply not among ``left``
        neighbours.setdefault(u, set()).add(v)
        neighbours.setdefault(v, set()).add(u)

    @cache
    def value(left: frozenset[int]) -> int:
        return mex(value(left - {v} - neighbours[v]) for v in left)

    return value(frozenset(vertices))


def dawsons_chess_values(stop: int) -> list[int]:
    """Node Kayles on a path of n vertices for n < stop, by the rule on the row itself: picking vertex i of a
    path of n leaves a path of i - 1 to its left and one of n - i - 2 to its right (none past an end)."""
    g: list[int] = []
    for n in range(stop):
        options = []
        for i in range(n):
            left, right = max(i - 1, 0), max(n - i - 2, 0)
            options.append(g[left] ^ g[right])
        g.append(mex(options))
    return g
