"""Grundy's game: a move splits one heap into two non-empty heaps of *different* sizes.

Heaps of 1 and 2 cannot be split (2 = 1 + 1 is two equal heaps), so they are dead ends. The game is a
take-and-break game (:class:`~gamelib.games.heaps.TakeAndBreakGame`) but not an octal game: an octal code
can allow splitting a heap in two, never only into *unequal* parts.

Whether the Grundy values of Grundy's game are eventually periodic is an open problem: they have been
computed for heaps far into the billions without a period being found. So :meth:`GrundysGame.periodicity`
never claims a proof. The values do split into rare and common ones, as in many octal games (mask 0xfe: a
thousand or so rare heaps, the last found near 83,000), so the rare-value method of
:mod:`gamelib.analysis.rare_values` computes them to millions of heaps.
"""

from __future__ import annotations

from gamelib.analysis.heap_values import HeapValues
from gamelib.analysis.progress import ProgressCallback, check_progress
from gamelib.analysis.rare_split import HeapRules, RareSplit, parse_rare_mask
from gamelib.arguments import LimitError, check_int, check_stop
from gamelib.games.heaps import TakeAndBreakGame
from gamelib.limits import MAX_COMPUTED_HEAPS, MAX_OBSERVED, MAX_SPLIT_HEAP, OBSERVE_HEAPS

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    import numpy as np

    from gamelib.analysis.periodicity import Periodicity


class GrundysGame(TakeAndBreakGame):
    """Grundy's game: split one heap into two unequal non-empty heaps; who cannot move loses.

    A position is a heap ``n`` or a tuple of heaps such as ``(5, 7)``. Values of single heaps are computed
    from the rules (no period is known that would give them for free), for heaps below
    ``MAX_COMPUTED_HEAPS``. ``rare_mask`` is as for :class:`~gamelib.OctalGame`: None to let the rare-value
    method find its mask, or the mask to use (``'fe'``); it changes the speed, never a value.

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

    #: What one heap may become: split in two unequal heaps, nothing taken.
    rules = HeapRules(split=(0,), unequal=True)

    def __init__(self, rare_mask: int | str | None = None) -> None:
        mask = None if rare_mask is None else parse_rare_mask(rare_mask)
        self._table = HeapValues(self.rules, self.title, mask)

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

    def _compute(self, stop: int, progress: ProgressCallback | None = None) -> None:
        if stop > MAX_COMPUTED_HEAPS:
            raise LimitError(
                f"Grundy's game: values are kept for heaps below {MAX_COMPUTED_HEAPS:,} (MAX_COMPUTED_HEAPS), and no "
                f"period is known that would give larger ones; asked for heaps up to {stop - 1:,}"
            )
        self._table.compute(stop, progress)

    def heap_value(self, n: int) -> int:
        """The Grundy value of a single heap of ``n`` (below ``MAX_COMPUTED_HEAPS``)."""
        n = check_int(n, "heap size")
        table = self._table
        if n >= len(table):  # a quarter more than asked for, so that asking heap after heap stays cheap
            self._compute(max(n + 1, min(MAX_COMPUTED_HEAPS, len(table) + len(table) // 4)), None)
        return table.value(n)

    def grundy_values(self, stop: int, progress: ProgressCallback | None = None) -> np.ndarray:
        """Grundy values of single heaps 0 .. stop - 1 (uint16; ``progress`` as in
        :meth:`gamelib.OctalGame.periodicity`).

        >>> values = GrundysGame().grundy_values(4096)
        >>> int(values.max()), int(values.argmax())  # the largest value so far, and where it first appears
        (64, 4019)
        """
        stop = check_stop(stop, limit=MAX_COMPUTED_HEAPS)
        self._compute(stop, check_progress(progress))
        return self._table.values[:stop].copy()

    def rare_split(self, stop: int | None = None) -> RareSplit:
        """How the values of heaps 0 .. stop - 1 split into rare and common heaps (default: those computed).

        >>> split = GrundysGame(rare_mask="fe").rare_split(4096)
        >>> split.rare_heaps[:8], split.rare_count  # many rare heaps among the first; later they thin out
        ((0, 1, 2, 3, 4, 6, 7, 9), 554)
        """
        if stop is not None:
            self._compute(check_stop(stop, limit=MAX_COMPUTED_HEAPS))
        return self._table.split(stop)

    def periodicity(self, max_search: int | None = None) -> Periodicity:
        """No proof: whether Grundy's game is eventually periodic is an open problem.

        The values of heaps 0 .. ``max_search`` - 1 (default ``OBSERVE_HEAPS``, at most ``MAX_OBSERVED``) are
        searched for a pattern by the observed rule (:func:`~gamelib.analysis.periodicity.observed_rule`);
        none has ever been found, so this raises :class:`~gamelib.PeriodNotFoundError`. Should a pattern be
        seen in some stretch, it is returned with ``proven=False``: no theorem (such as Guy--Smith for octal
        games) covers this game.

        >>> from gamelib import PeriodNotFoundError
        >>> try:
        ...     GrundysGame().periodicity()
        ... except PeriodNotFoundError as error:
        ...     print(error.checked_up_to)
        1000
        """
        from gamelib.analysis.observed import observed_periodicity  # imported when asked: see OctalGame
        from gamelib.analysis.periodicity import PeriodNotFoundError

        stop = OBSERVE_HEAPS if max_search is None else check_int(max_search, "max_search", minimum=1)
        values = self.grundy_values(check_stop(stop, limit=MAX_OBSERVED, name="max_search")).tolist()
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
