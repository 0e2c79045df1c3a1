"""Winning a sum of games: the procedure the Sprague–Grundy theorem gives, step by step.

Each part of a sum is any game given by its moves (see :mod:`gamelib.analysis.engine`). The procedure:

1. compute the Grundy value ``g_i`` of every part and their nim-sum ``z``; if ``z = 0`` the position is P and
   no move wins;
2. pick a part whose value has a 1 in the column of ``z``'s highest 1 (one exists, since that column of the
   nim-sum is 1);
3. in that part, move to a follower of value ``g_i XOR z``; that number is smaller than ``g_i``, so such a
   follower exists by the definition of ``g_i`` as a mex. The new nim-sum is ``z XOR z = 0``: a P-position.

:func:`sum_outcome` is the part of the story that P and N alone can tell: P + G has G's outcome, while two
N-positions can add up to either.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, NamedTuple

from gamelib.analysis import engine
from gamelib.arguments import LimitError, show
from gamelib.limits import MAX_ITEMS


class SumMove(NamedTuple):
    """One winning move in a sum, with the numbers that found it.

    ``values`` are the parts' Grundy values, ``nim_sum`` their XOR, ``part`` the index of the part moved,
    ``target`` the value that part is moved to (``values[part] ^ nim_sum``) and ``after`` the whole position
    after the move.

    >>> from gamelib import SubtractionGame
    >>> games = [SubtractionGame({1, 2}), SubtractionGame({1, 3, 4})]
    >>> move = sum_winning_move(games, (4, 6))
    >>> move.values, move.nim_sum  # g = 1 and g = 2: nim-sum 3, not 0, so there is a winning move
    ((1, 2), 3)
    >>> move.part, move.target, move.after  # the second part goes to a value of 2 XOR 3 = 1: heap 6 -> 3
    (1, 1, (4, 3))
    >>> sum_winning_move(games, move.after) is None  # the nim-sum is 0 now: a P-position
    True
    """

    values: tuple[int, ...]
    nim_sum: int
    part: int
    target: int
    after: tuple


def _parts(games: Sequence[Any], position: Any) -> tuple:
    if isinstance(games, (str, bytes)) or not isinstance(games, Sequence) or not games:
        raise TypeError(f"games must be a non-empty list of games, one per part, got {show(games)}")
    if len(games) > MAX_ITEMS:
        raise LimitError(f"a sum of {len(games):,} parts is more than this kit computes at once "
                         f"(limit {MAX_ITEMS:,})")
    if not isinstance(position, (tuple, list)) or len(position) != len(games):
        raise ValueError(f"a position of this sum is a tuple of {len(games)} part positions, "
                         f"got {show(position)}")
    return tuple(position)


def sum_winning_move(games: Sequence[Any], position: Sequence[Hashable]) -> SumMove | None:
    """The winning move the nim-sum procedure finds in the sum of ``games`` at ``position``; None at a P-position.

    Every part's Grundy value comes from its moves alone (the generic engine), so any game works. Among the
    parts with ``z``'s highest bit, the first one is moved, to the first of its followers of the target value.

    >>> class Subtraction:
    ...     def __init__(self, *S): self.S = S
    ...     def moves(self, n): return [n - s for s in self.S if s <= n]
    >>> found = sum_winning_move([Subtraction(1, 3, 4), Subtraction(1, 2)], (6, 4))
    >>> found.values, found.nim_sum, found.part, found.target, found.after
    ((2, 1), 3, 0, 1, (3, 4))
    >>> sum_winning_move([Subtraction(1, 2), Subtraction(1, 2, 3)], (4, 5)) is None
    True
    """
    parts = _parts(games, position)
    values = tuple(engine.grundy(game, part) for game, part in zip(games, parts, strict=True))
    z = 0
    for value in values:
        z ^= value
    if z == 0:
        return None
    top = z.bit_length() - 1
    part = next(i for i, value in enumerate(values) if value >> top & 1)
    target = values[part] ^ z
    game = games[part]
    for follower in game.moves(parts[part]):
        if engine.grundy(game, follower) == target:
            after = parts[:part] + (follower,) + parts[part + 1:]
            return SumMove(values, z, part, target, after)
    raise RuntimeError(  # impossible for a game that ends: g is the mex of the followers' values
        f"part {part} has Grundy value {values[part]} but no follower of value {target}; its moves are "
        "inconsistent (does the game always end?)")


def sum_outcome(first: str, second: str) -> str | None:
    """What the outcomes of two games alone say about their sum: 'P', 'N', or None when they decide nothing.

    P + P is P and P + N is N (P + G has the outcome of G: answer every move in G as you would in G alone,
    and every move in the P part by its winning reply there). N + N can be either: it is P when both parts
    have the same Grundy value (e.g. G + G), N otherwise.

    >>> sum_outcome("P", "N"), sum_outcome("P", "P"), sum_outcome("N", "N") is None
    ('N', 'P', True)
    """
    for name, label in (("first", first), ("second", second)):
        if label not in ("P", "N"):
            raise ValueError(f"the {name} outcome must be 'P' or 'N', got {show(label)}")
    if first == "P":
        return second
    if second == "P":
        return first
    return None
