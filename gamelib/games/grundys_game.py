"""Grundy's game: a move splits one heap into two non-empty heaps of *different* sizes.

Heaps of 1 and 2 cannot be split (2 = 1 + 1 is two equal heaps), so they are dead ends. The game is a
take-and-break game (:class:`~gamelib.games.heaps.TakeAndBreakGame`) but not an octal game: an octal code
can allow splitting a heap in two, never only into *unequal* parts.

Whether the Grundy values of Grundy's game are eventually periodic is an open problem: they have been
computed for heaps far into the billions without a period being found. So :meth:`GrundysGame.periodicity`
never claims a proof.
"""

from __future__ import annotations

import threading

import numpy as np

from gamelib.analysis.periodicity import Periodicity, PeriodNotFoundError, observed_periodicity
from gamelib.arguments import LimitError, check_int, check_stop
from gamelib.games.heaps import TakeAndBreakGame, mex_of_array
from gamelib.limits import MAX_GRUNDYS_HEAP, MAX_SPLIT_HEAP, OBSERVE_HEAPS


class GrundysGame(TakeAndBreakGame):
    """Grundy's game: split one heap into two unequal non-empty heaps; who cannot move loses.

    A position is a heap ``n`` or a tuple of heaps such as ``(5, 7)``. Values of single heaps are computed
    from the rules up to ``MAX_GRUNDYS_HEAP`` (no period is known that would give larger ones).

    >>> game = GrundysGame()
    >>> game.moves(7)
    [(1, 6), (2, 5), (3, 4)]
    >>> game.grundy_values(14).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
    >>> game.p_positions(21)
    [0, 1, 2, 4, 7, 10, 20]
    >>> game.grundy((5, 6)), game.winning_moves((5, 6))
    (3, [(1, 5, 5), (2, 3, 6)])
    """

    def __init__(self) -> None:
        self._values = np.zeros(1, dtype=np.int64)  # g(0) = 0: no move
        self._lock = threading.Lock()  # threads sharing this game extend its values one at a time

    def __repr__(self) -> str:
        return "GrundysGame()"

    @property
    def title(self) -> str:
        """How figures and messages name this game."""
        return "Grundy's game"

    def heap_moves(self, n: int) -> set[tuple[int, ...]]:
        """The splits of a heap of n into two unequal non-empty heaps (a, n - a), a < n - a."""
        n = check_int(n, "heap size")
        if n > MAX_SPLIT_HEAP:
            raise LimitError(f"a heap of {n:,} in Grundy's game can be split in about {n // 2:,} ways; moves are "
                             f"listed for heaps up to {MAX_SPLIT_HEAP:,}")
        return {(a, n - a) for a in range(1, (n + 1) // 2)}

    def _extend(self, stop: int) -> np.ndarray:
        """g(0) .. g(stop - 1), computed from the rules: g(n) is the mex of g(a) XOR g(n - a), 0 < a < n / 2."""
        if stop > MAX_GRUNDYS_HEAP + 1:
            raise LimitError(
                f"Grundy's game: values are computed for heaps up to {MAX_GRUNDYS_HEAP:,} (MAX_GRUNDYS_HEAP: heap n "
                f"costs n / 2 steps and no period is known to go further); asked for heaps up to {stop - 1:,}"
            )
        if stop <= len(self._values):
            return self._values
        with self._lock:
            g = self._values
            have = len(g)
            if stop <= have:  # another thread got here first
                return g
            size = min(max(stop, 2 * have), MAX_GRUNDYS_HEAP + 1)
            g = np.concatenate([g, np.zeros(size - have, dtype=np.int64)])
            for n in range(have, size):
                top = (n + 1) // 2  # a = 1 .. top - 1, so that a < n - a
                g[n] = mex_of_array(g[1:top] ^ g[n - 1 : n - top : -1])
            self._values = g
        return g

    def heap_value(self, n: int) -> int:
        """The Grundy value of a single heap of ``n`` (at most ``MAX_GRUNDYS_HEAP``)."""
        return int(self._extend(check_int(n, "heap size") + 1)[n])

    def grundy_values(self, stop: int) -> np.ndarray:
        """Grundy values of single heaps 0 .. stop - 1 (at most ``MAX_GRUNDYS_HEAP + 1`` of them)."""
        stop = check_stop(stop, limit=MAX_GRUNDYS_HEAP + 1)
        return self._extend(stop)[:stop].copy()

    def periodicity(self, max_search: int | None = None) -> Periodicity:
        """No proof: whether Grundy's game is eventually periodic is an open problem.

        The values of heaps 0 .. ``max_search`` - 1 (default ``OBSERVE_HEAPS``) are searched for a pattern
        by the observed rule (:func:`~gamelib.analysis.periodicity.observed_rule`); none has ever been found,
        so this raises :class:`~gamelib.PeriodNotFoundError`. Should a pattern be seen in some stretch, it is
        returned with ``proven=False``: no theorem (such as Guy--Smith for octal games) covers this game.

        >>> try:
        ...     GrundysGame().periodicity()
        ... except PeriodNotFoundError as error:
        ...     print(error.checked_up_to)
        1000
        """
        stop = OBSERVE_HEAPS if max_search is None else check_int(max_search, "max_search", minimum=1)
        values = self.grundy_values(stop).tolist()
        try:
            found = observed_periodicity(values, "grundy", self.title)
        except PeriodNotFoundError as error:
            raise PeriodNotFoundError(
                f"Grundy's game: {error}; whether its values are eventually periodic at all is an open problem",
                checked_up_to=error.checked_up_to,
            ) from None
        if found.proven:  # nothing proves Grundy's game periodic: an observed pattern must never say proven
            raise RuntimeError("internal error: Grundy's game's observed pattern came out proven; please report this")
        return found


__all__ = ["GrundysGame"]
