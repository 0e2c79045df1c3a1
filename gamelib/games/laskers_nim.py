"""Lasker's Nim: take chips from one heap, or split one heap into two non-empty heaps.

A take-and-break game (:class:`~gamelib.games.heaps.TakeAndBreakGame`): a position is a sum of heaps, worth the
nim-sum of its heaps' values. A single heap's value follows a pattern of period 4, proved by induction in
lesson 9: g(4k + 1) = 4k + 1, g(4k + 2) = 4k + 2, g(4k + 3) = 4k + 4, g(4k + 4) = 4k + 3.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from gamelib.arguments import LimitError, check_int, check_stop
from gamelib.games.base import Game
from gamelib.games.heaps import TakeAndBreakGame, TakeAndBreakPresentation
from gamelib.games.presentation import presents
from gamelib.limits import MAX_PANEL_VARIANT_HEAP, MAX_PANEL_VARIANT_HEAPS, MAX_SPLIT_HEAP
from gamelib.parsing import Limit


def lasker_value(n: int) -> int:
    """The Grundy value of one heap of ``n`` in Lasker's Nim, by the pattern of period 4.

    >>> [lasker_value(n) for n in range(9)]
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    """
    n = check_int(n, "heap size")
    return {0: n - 1 if n else 0, 1: n, 2: n, 3: n + 1}[n % 4]


class LaskersNim(TakeAndBreakGame):
    """Lasker's Nim: a move takes any number of chips from one heap, or splits one heap into two non-empty
    heaps (taking nothing). Who cannot move loses.

    A position is a heap ``n`` or a tuple of heaps such as ``(2, 3)``; moves come back as sorted tuples of the
    non-empty heaps. ``grundy`` nim-adds the heaps' values, which :func:`lasker_value` gives for any size by
    the pattern the lesson proves; ``moves`` are the rule's own (``gamelib.grundy(game, position)`` searches
    from them, which is how the lesson finds the pattern).

    >>> game = LaskersNim()
    >>> game.moves(3)
    [(), (1,), (1, 2), (2,)]
    >>> game.grundy_values(9).tolist()
    [0, 1, 2, 4, 3, 5, 6, 8, 7]
    >>> game.grundy((2, 3)), game.winning_moves((2, 3))
    (6, [(2, 2)])
    """

    figure_kind: ClassVar[str] = "heaps"
    position_limit: ClassVar[Limit | None] = Limit("heaps", 0, MAX_PANEL_VARIANT_HEAP, most=MAX_PANEL_VARIANT_HEAPS)
    play_limit: ClassVar[Limit | None] = position_limit

    def __repr__(self) -> str:
        return "LaskersNim()"

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game."""
        return "Lasker's Nim"

    def heap_moves(self, n: int) -> set[tuple[int, ...]]:
        """What one heap of ``n`` can become: any smaller heap (none at all when every chip is taken), or two
        non-empty heaps ``(a, n - a)`` with a <= n - a. Listed for heaps up to ``MAX_SPLIT_HEAP``."""
        n = check_int(n, "heap size")
        if n > MAX_SPLIT_HEAP:
            raise LimitError(f"a heap of {n:,} in Lasker's Nim has about {n + n // 2:,} moves; moves are listed for "
                             f"heaps up to {MAX_SPLIT_HEAP:,} (grundy() needs no list)")
        return {(left,) if left else () for left in range(n)} | {(a, n - a) for a in range(1, n // 2 + 1)}

    def heap_value(self, n: int) -> int:
        """The Grundy value of one heap of ``n`` (:func:`lasker_value`)."""
        return lasker_value(n)

    def grundy_values(self, stop: int) -> np.ndarray:
        """g(0), ..., g(stop - 1) of single heaps, by the pattern."""
        n = np.arange(check_stop(stop), dtype=np.int64)
        return n + np.select([n % 4 == 3, (n % 4 == 0) & (n > 0)], [1, -1], 0)

    def check_position(self, position: Any) -> tuple[int, ...]:  # type: ignore[override]  # a sum of heaps
        """The non-empty heaps, sorted, as the moves give them (a heap n alone is ``(n,)``).

        >>> LaskersNim().check_position([3, 0, 2])
        (2, 3)
        """
        return self.heaps_of(position)


class LaskersPresentation(TakeAndBreakPresentation):
    """Lasker's Nim's words (:class:`~gamelib.games.heaps.TakeAndBreakPresentation`'s): taking is ``'take 2 from
    heap B'`` (key ``(1, 2)``, in heap B's row); splitting is ``'split heap B of 3 into 1 and 2'`` (key
    ``(1, (1, 2))``), in the row of the other moves. Two equal heaps are two heaps, each with its own moves.

    >>> [m.words() for m in LaskersPresentation().moves(LaskersNim(), (2,))]
    ['take 1 from heap A', 'take 2 from heap A', 'split heap A of 2 into 1 and 1']
    >>> [m.label for m in LaskersPresentation().moves(LaskersNim(), (2, 2))]
    ['1', '2', '1', '2', 'A→1+1', 'B→1+1']
    """

    def how_to_move(self, game: Game) -> str:
        """The rule in a few words."""
        return "take chips from one heap, or split one heap into two non-empty heaps"


presents(LaskersNim, LaskersPresentation())


__all__ = ["LaskersNim", "lasker_value"]
