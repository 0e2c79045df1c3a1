"""Sums of games: play several games side by side; a move is a move in exactly one of them.

By the Sprague–Grundy theorem the Grundy value of a sum is the nim-sum (XOR) of the components' values.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamelib.analysis import engine
from gamelib.arguments import LimitError, check_int, check_stop
from gamelib.games.base import Game
from gamelib.games.nim import Nim
from gamelib.games.presentation import Presentation, presents
from gamelib.limits import MAX_PARTNER_HEAP, MAX_PARTNER_POSITIONS, MAX_POSITIONS, MAX_TABLE_SIDE


def _grundy_of(game: Any, position: Any) -> int:
    """A component's Grundy value: its own fast method if it has one, else the generic engine."""
    own = getattr(game, "grundy", None)
    return own(position) if callable(own) else engine.grundy(game, position)


def _grundy_row(game: Any, stop: int) -> np.ndarray:
    own = getattr(game, "grundy_values", None)
    if callable(own):
        return np.asarray(own(stop), dtype=np.int64)
    engine.check_game(game)
    memo: dict = {}  # shared by every heap, so the row costs one exploration, not one per heap
    spent = [0]
    return np.array([engine.evaluate(game, n, engine.grundy_rule, memo, MAX_POSITIONS, spent) for n in range(stop)],
                    dtype=np.int64)


class GameSum(Game):
    """The sum of several games. A position is a tuple with one position per component game.

    ``moves`` lists the sum's own moves (so the generic engine can check the theorem by brute force);
    ``grundy`` uses the theorem: the XOR of the components' Grundy values; ``outcome`` and ``winning_moves``
    follow from it (:class:`~gamelib.games.base.Game`).

    >>> from gamelib import SubtractionGame
    >>> both = GameSum(SubtractionGame({1, 2}), SubtractionGame({1, 2, 3}))
    >>> both.moves((1, 2))
    [(0, 2), (1, 0), (1, 1)]
    >>> both.grundy((4, 5)), both.outcome((4, 5))
    (0, 'P')
    """

    def __init__(self, *games: Any):
        if not games:
            raise ValueError("GameSum needs at least one game, got none")
        for game in games:
            if not callable(getattr(game, "moves", None)):
                raise TypeError(f"each part of a sum must be a game with a moves(position) method, got {game!r}")
            if getattr(game, "misere", False):
                raise ValueError(
                    f"{game!r} is played misère; a misère sum is not the XOR of its parts. Build the sum of "
                    "the normal-play games and use gamelib.outcome(sum, position, misere=True)."
                )
        self.games = games

    def __repr__(self) -> str:
        return "GameSum(" + ", ".join(map(repr, self.games)) + ")"

    def _split(self, position: Any) -> tuple:
        if not isinstance(position, (tuple, list)) or len(position) != len(self.games):
            raise ValueError(
                f"a position of this sum is a tuple of {len(self.games)} component positions, got {position!r}"
            )
        return tuple(position)

    def moves(self, position: Any) -> list[tuple]:
        """Every position one move away: one component moved, the others untouched."""
        parts = self._split(position)
        return [
            parts[:i] + (after,) + parts[i + 1 :]
            for i, game in enumerate(self.games)
            for after in game.moves(parts[i])
        ]

    def grundy(self, position: Any) -> int:
        """The XOR of the components' Grundy values (the Sprague–Grundy theorem)."""
        value = 0
        for game, part in zip(self.games, self._split(position), strict=True):
            value ^= _grundy_of(game, part)
        return value



def grundy_table(game_a: Any, game_b: Any, rows: int, cols: int) -> np.ndarray:
    """The 2-D array ``g_a(i) XOR g_b(j)`` for heaps ``i < rows`` of game A and ``j < cols`` of game B.

    Zeros are the P-positions of the sum.

    >>> from gamelib import SubtractionGame
    >>> grundy_table(SubtractionGame({1, 2}), SubtractionGame({1, 2}), 3, 3).tolist()
    [[0, 1, 2], [1, 0, 3], [2, 3, 0]]
    """
    rows = check_stop(rows, limit=MAX_TABLE_SIDE, name="rows")
    cols = check_stop(cols, limit=MAX_TABLE_SIDE, name="cols")
    return _grundy_row(game_a, rows)[:, None] ^ _grundy_row(game_b, cols)[None, :]


def nim_heap_partners(game: Any, position: Any, max_heap: int) -> list[int]:
    """The Nim heap sizes ``k <= max_heap`` that make ``position + *k`` a P-position, found from the definition.

    ``*k`` is a single Nim heap of ``k`` chips. The sum is searched move by move (``gamelib.outcome`` on a
    ``GameSum`` with ``Nim()``), without Grundy values or nim-sums, so the result can be used to test the
    Sprague–Grundy theorem: for a game that always ends it is the single size ``g(position)`` (when that is
    at most ``max_heap``).

    Parameters
    ----------
    game : object with ``moves(position)``
        A normal-play game, e.g. ``SubtractionGame({1, 3, 4})``.
    position : a position of ``game``
    max_heap : int
        The largest Nim heap tried (at most :data:`MAX_PARTNER_HEAP`).

    Returns
    -------
    list of int

    Examples
    --------
    >>> from gamelib import SubtractionGame
    >>> nim_heap_partners(SubtractionGame({1, 3, 4}), 5, max_heap=6)
    [3]
    >>> nim_heap_partners(SubtractionGame({1, 3, 4}), 5, max_heap=2)
    []
    """
    max_heap = check_int(max_heap, "max_heap")
    if max_heap > MAX_PARTNER_HEAP:
        raise LimitError(
            f"max_heap={max_heap:,} is more than nim_heap_partners tries (limit {MAX_PARTNER_HEAP:,}: every Nim "
            "heap up to it is searched move by move)"
        )
    both = GameSum(game, Nim())
    rule = engine.outcome_rule(False)
    memo: dict = {}  # one memo and one budget of moves for all the heaps k, so the limits hold for the whole search
    spent = [0]
    return [k for k in range(max_heap + 1)
            if engine.evaluate(both, (position, (k,)), rule, memo, MAX_PARTNER_POSITIONS, spent) == "P"]


presents(GameSum, Presentation("make a move in one of the games of the sum"))
