"""Take-and-break games: a move changes one heap into zero, one or more heaps; positions are sums of heaps.

A position is a tuple of heap sizes, e.g. ``(3, 5)``; an int ``n`` means the single heap ``(n,)``. Moves
come back as sorted tuples with empty heaps dropped (heap order does not matter in a sum). By the
Sprague--Grundy theorem the value of a position is the XOR of its heaps' values, so a game only has to say
what one heap can become (:meth:`TakeAndBreakGame.heap_moves`) and what one heap is worth
(:meth:`TakeAndBreakGame.heap_value`); :class:`TakeAndBreakGame` does the rest. Octal games
(:mod:`gamelib.games.octal`) and Grundy's game (:mod:`gamelib.games.grundys_game`) are built on it.
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from gamelib.arguments import LimitError, check_heaps, check_int
from gamelib.games.base import OneHeapGame
from gamelib.limits import MAX_HEAP_GAME_MOVES

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    import numpy as np


def mex_of_array(values: np.ndarray) -> int:
    """The mex (smallest whole number >= 0 not present) of an array of Grundy values, in numpy.

    >>> import numpy as np
    >>> mex_of_array(np.array([0, 1, 3, 1]))
    2
    """
    import numpy as np  # here: games that never call it do not load numpy

    seen = np.zeros(len(values) + 1, dtype=bool)
    seen[values[values <= len(values)]] = True
    return int(seen.argmin())  # the first value not seen


class TakeAndBreakGame(OneHeapGame):
    """A game played on a sum of heaps, where a move changes one heap (see the module notes).

    A subclass gives :meth:`heap_moves`, :meth:`heap_value` and ``grundy_values`` (single heaps); ``moves``,
    ``grundy`` (the XOR of the heaps' values), ``outcome`` and ``winning_moves`` (found by the value each heap
    must turn into, without trying every position) come from here.

    >>> class TakeOneOrTwoAnywhere(TakeAndBreakGame):  # octal 0.33, written out
    ...     def heap_moves(self, n):
    ...         return {(n - k,) if n > k else () for k in (1, 2) if k <= n}
    ...     def heap_value(self, n):
    ...         return n % 3
    >>> game = TakeOneOrTwoAnywhere()
    >>> game.moves((2, 3)), game.grundy((2, 3)), game.winning_moves((2, 3))
    ([(1, 2), (1, 3), (2, 2), (3,)], 2, [(2, 2), (3,)])
    """

    def heap_moves(self, n: int) -> set[tuple[int, ...]]:  # pragma: no cover - defined by each game
        """What one heap of ``n`` can become in one move: tuples of the non-empty heaps left."""
        raise NotImplementedError

    def heap_value(self, n: int) -> int:  # pragma: no cover - defined by each game
        """The Grundy value of a single heap of ``n``."""
        raise NotImplementedError

    def heaps_of(self, position: int | tuple | list) -> tuple[int, ...]:
        """``position`` as a sorted tuple of non-empty heaps (an int n is the single heap n).

        >>> TakeAndBreakGame().heaps_of((3, 0, 1)), TakeAndBreakGame().heaps_of(4)
        ((1, 3), (4,))
        """
        if isinstance(position, (tuple, list)):
            heaps = check_heaps(position)
        else:
            heaps = (check_int(position, "heap size"),)
        return tuple(sorted(h for h in heaps if h))

    def moves(self, position: int | tuple | list) -> list[tuple[int, ...]]:
        """Every position one move away, as sorted tuples of heap sizes (empty heaps dropped); a position with
        more than :data:`~gamelib.limits.MAX_HEAP_GAME_MOVES` moves is refused (LimitError)."""
        heaps = self.heaps_of(position)
        found: set[tuple[int, ...]] = set()
        counted = 0
        for i, heap in enumerate(heaps):
            if i and heap == heaps[i - 1]:
                continue  # an equal heap has the same moves
            others = heaps[:i] + heaps[i + 1 :]
            options = self.heap_moves(heap)
            counted = self._count_moves(heaps, counted + len(options))
            for parts in options:
                found.add(tuple(sorted(others + parts)))
        return sorted(found)

    def _count_moves(self, heaps: tuple[int, ...], counted: int) -> int:
        """``counted``, the moves listed so far for the position ``heaps``, or LimitError past the limit."""
        if counted > MAX_HEAP_GAME_MOVES:
            shown = heaps if len(heaps) <= 8 else f"{heaps[:8]}"[:-1] + f", ... ({len(heaps):,} heaps)"
            raise LimitError(f"the position {shown} has more than {MAX_HEAP_GAME_MOVES:,} moves (counted heap by "
                             f"heap, at least {counted:,}); moves are listed for at most {MAX_HEAP_GAME_MOVES:,} "
                             "(grundy() and outcome() need no list)")
        return counted

    def grundy(self, position: int | tuple | list) -> int:
        """The Grundy value: the XOR of the values of the heaps (the Sprague--Grundy theorem)."""
        return reduce(xor, (self.heap_value(h) for h in self.heaps_of(position)), 0)

    def winning_moves(self, position: int | tuple | list) -> list[tuple[int, ...]]:
        """The moves to P-positions (Grundy value 0); empty when ``position`` is itself a P-position.

        A move changes one heap, so it wins exactly when that heap turns into heaps whose values XOR to
        (the total) XOR (the heap's own value).
        """
        heaps = self.heaps_of(position)
        total = self.grundy(heaps)
        if total == 0:
            return []
        found: set[tuple[int, ...]] = set()
        counted = 0
        for i, heap in enumerate(heaps):
            target = total ^ self.heap_value(heap)  # the value this heap must turn into
            others = heaps[:i] + heaps[i + 1 :]
            options = self.heap_moves(heap)
            counted = self._count_moves(heaps, counted + len(options))
            for parts in options:
                if reduce(xor, (self.heap_value(h) for h in parts), 0) == target:
                    found.add(tuple(sorted(others + parts)))
        return sorted(found)


__all__ = ["TakeAndBreakGame", "mex_of_array"]
