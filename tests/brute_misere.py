"""Misère outcomes of sums of heaps from the rules alone, with no gamelib (tests/brute_octal.py reads the code):
the reference for the quotient tests.

A sum is a sorted tuple of heap sizes. It is a misère P-position when it has a move and every move leads to
an N-position (a sum with no move, the empty one or one of heaps that cannot be touched, is N: the player to
move has no move, so the other one made the last move and lost). One cache per game, shared by every test that asks.
"""

from __future__ import annotations

import sys
from functools import cache

from brute_octal import octal_digits


def heap_moves_octal(code: str, n: int) -> list[tuple[int, ...]]:
    """What a row of n becomes under an octal code: tuples of the rows left (digit bits 1, 2, 4 as usual)."""
    found = set()
    for k, digit in enumerate(octal_digits(code)):
        left = n - k
        if left < 0:
            break
        if digit & 1 and left == 0:
            found.add(())
        if digit & 2 and k >= 1 and left >= 1:
            found.add((left,))
        if digit & 4:
            for a in range(1, left // 2 + 1):
                found.add((a, left - a))
    return sorted(found)


def heap_moves_nim(n: int) -> list[tuple[int, ...]]:
    return [(m,) if m else () for m in range(n)]


class Misere:
    """Misère outcomes of sums for one game's heap moves, remembered."""

    def __init__(self, heap_moves):
        self.heap_moves = heap_moves
        self.moves_of: dict[int, list[tuple[int, ...]]] = {}
        self.p: dict[tuple[int, ...], bool] = {(): False}

    def _moves(self, n: int) -> list[tuple[int, ...]]:
        if n not in self.moves_of:
            self.moves_of[n] = self.heap_moves(n)
        return self.moves_of[n]

    def followers(self, position: tuple[int, ...]) -> set[tuple[int, ...]]:
        found = set()
        for i, h in enumerate(position):
            rest = position[:i] + position[i + 1:]
            for parts in self._moves(h):
                found.add(tuple(sorted(rest + parts)))
        return found

    def is_p(self, position) -> bool:
        position = tuple(sorted(h for h in position if h))
        if position not in self.p:
            limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(limit, 20000))
            try:
                followers = self.followers(position)
                self.p[position] = bool(followers) and not any(self.is_p(f) for f in followers)
            finally:
                sys.setrecursionlimit(limit)
        return self.p[position]

    def outcome(self, position) -> str:
        return "P" if self.is_p(position) else "N"


@cache
def sums_with_tokens(heaps: tuple[int, ...], tokens: int) -> tuple[tuple[int, ...], ...]:
    """Every sum of the given heap sizes with at most ``tokens`` tokens (each a sorted tuple)."""
    found = []

    def extend(parts: tuple[int, ...], smallest: int, left: int) -> None:
        found.append(parts)
        for h in heaps:
            if h >= smallest and h <= left:
                extend(parts + (h,), h, left - h)

    extend((), 0, tokens)
    return tuple(found)


def brute_classes(game: Misere, heaps: list[int], tokens: int) -> dict[tuple[int, ...], int]:
    """The classes of the sums of at most ``tokens`` tokens (plus each single heap), told apart by their
    outcomes beside every sum of at most ``tokens`` tokens: sum -> class number, the empty sum's class 0."""
    tests = sums_with_tokens(tuple(sorted(heaps)), tokens)
    classified = sorted(set(tests) | {(h,) for h in heaps}, key=lambda s: (sum(s), s))
    rows: dict[tuple[bool, ...], int] = {}
    found = {}
    for s in classified:
        row = tuple(game.is_p(s + t) for t in tests)
        found[s] = rows.setdefault(row, len(rows))
    return found
