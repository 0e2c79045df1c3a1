"""The table of single-heap values of a take-and-break game, computed by the rare-value method and kept.

:mod:`gamelib.analysis.rare_values` explains the method and holds the split (rules, masks, rare heaps);
:mod:`gamelib.analysis.heap_store` keeps the values in memory. This module computes them: :class:`HeapValues`
extends the table heap by heap within a work budget, finding the class-1 values a heap reaches from its rare
parts, the class-0 ones by a short search, and every pair only where that search fails (or for every heap when
no mask makes the rare heaps few). The per-heap loop runs in C when it can (:mod:`gamelib.analysis.kernel_loop`,
over :mod:`gamelib.analysis.heap_kernel`), else in numpy + Python (:mod:`gamelib.analysis.numpy_loop`, the
reference), with the same values. Both loops write into the store; only this module chooses between them.
"""

from __future__ import annotations

import ctypes

from gamelib.analysis.heap_store import STORED, HeapStore
from gamelib.analysis.progress import ProgressCallback, Work
from gamelib.analysis.rare_split import HeapRules, RareSplit
from gamelib.arguments import LimitError, check_int
from gamelib.limits import HEAP_WORK_BUDGET, MAX_COMPUTED_HEAPS


class HeapValues(HeapStore):
    """g(0), g(1), ... of a take-and-break game, computed in order by the rare-value method and kept (uint16).

    ``mask`` is None (find the best mask as the values grow) or ``(mask, position)`` (use this one). The
    values are stored as 16-bit numbers (32-bit if a value ever passes 65,535); at most
    :data:`~gamelib.limits.MAX_COMPUTED_HEAPS` heaps are kept.

    >>> table = HeapValues(HeapRules(whole=(1,), take=(2,), split=(2,)), "octal game 0.16")
    >>> table.compute(12)
    >>> table.plain(12)
    [0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4]
    >>> table.values.tolist() == table.plain(12), table.value(8)
    (True, 4)
    """

    def __init__(self, rules: HeapRules, title: str, mask: tuple[int, bool] | None = None):
        if mask is not None and mask[1] and rules.split_parity is None:
            reason = "this game's splits remove both" if rules.split else "no move of this game splits a heap"
            raise ValueError(f"{title}: a mask with '+pos' needs every splitting move to remove an even number "
                             f"of tokens, or every one an odd number; {reason}")
        super().__init__(rules, title, mask)

    def compute(self, stop: int, progress: ProgressCallback | None = None, budget: int | None = None) -> None:
        """Make sure the values of heaps 0 .. stop - 1 are known, computing the missing ones within one work
        budget (default :data:`~gamelib.limits.HEAP_WORK_BUDGET`); ``progress`` as in :class:`Work`."""
        stop = check_int(stop, "stop")
        budget = HEAP_WORK_BUDGET if budget is None else check_int(budget, "budget", minimum=1)
        if stop > len(self):
            self.ensure(stop, work=Work(budget, self.title, stop, progress))

    def split(self, stop: int | None = None) -> RareSplit:
        """The :class:`RareSplit` of heaps 0 .. stop - 1 (default: every heap known), under the mask in use.

        The mask is the one given, or else the best one for exactly these heaps (:func:`best_mask`).
        """
        from gamelib.analysis.rare_values import best_mask, count_values, rare_heaps_of

        with self.lock:
            values = self.values if stop is None else self.values[:stop]
            parity = self.rules.split_parity
            if self.given_mask is not None:
                mask, position = self.given_mask
            else:
                mask, position, _ = best_mask(values, parity)
            rare = rare_heaps_of(values, mask, position, parity)
            return RareSplit(
                title=self.title, mask=mask, position=position, given=self.given_mask is not None,
                heaps=len(values), rare_heaps=tuple(rare.tolist()), rare_values=tuple(values[rare].tolist()),
                value_counts=tuple(count_values(values).tolist()),
            )

    # ------------------------------------------------------------------------------------ computing
    def _reserve(self, stop: int) -> None:
        if stop > MAX_COMPUTED_HEAPS:
            raise LimitError(
                f"{self.title}: values are kept for at most {MAX_COMPUTED_HEAPS:,} heaps (MAX_COMPUTED_HEAPS, "
                f"{MAX_COMPUTED_HEAPS * self.itemsize // 2**20} MB); heaps up to {stop - 1:,} were asked for"
            )
        if stop > len(self._store):
            size = min(MAX_COMPUTED_HEAPS, max(stop, 2 * len(self._store)))
            bigger = (STORED[self.itemsize] * size)()
            ctypes.memmove(bigger, self._store, self._count * self.itemsize)
            self._store = bigger

    def _fill(self, stop: int, work: Work | None = None) -> None:
        if work is None:
            raise TypeError("HeapValues are filled within a work budget: pass work=Work(...)")
        # Each loop is imported when first used: lessons without these games never load the compiled one, and the
        # numpy one imports numpy, which a script computing with the compiled loop never needs.
        from gamelib.analysis import heap_kernel

        self._reserve(stop)
        filler: CompiledLoop | NumpyLoop | None = None
        try:
            if (kernel := heap_kernel.load()) is not None:
                from gamelib.analysis.kernel_loop import CompiledLoop

                filler = CompiledLoop(self, work, kernel)
            else:
                from gamelib.analysis.numpy_loop import NumpyLoop

                filler = NumpyLoop(self, work)
            filler.run(stop)
        except KeyboardInterrupt:  # the values so far are kept (the count only ever covers finished heaps)
            work.report(self._count, filler.rare_count() if filler else None, "interrupted")
            raise
        if self._count < stop:  # the loop stops early only when the work passed its budget
            raise work.stop(self._count, filler.rare_count(), "computing values")


__all__ = ["HeapValues"]
