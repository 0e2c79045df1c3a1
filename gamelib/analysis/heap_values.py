"""The table of single-heap values of a take-and-break game, computed by the rare-value method and kept.

:mod:`gamelib.analysis.rare_values` explains the method and holds the split (rules, masks, rare heaps); this
module keeps the table: :class:`HeapValues` extends it heap by heap, finding the class-1 values a heap
reaches from its rare parts, the class-0 ones by a short search, and every pair only where that search fails
(or for every heap when no mask makes the rare heaps few). The per-heap loop runs in C when it can
(:mod:`gamelib.analysis.kernel_loop`, over :mod:`gamelib.analysis.heap_kernel`), else in numpy + Python
(:mod:`gamelib.analysis.numpy_loop`, the reference), with the same values.

The values are kept in a plain C array (ctypes), not a numpy one: with the compiled loop, a script that only
computes values and reads them back (:meth:`HeapValues.value`, :meth:`HeapValues.plain`,
:meth:`HeapValues.raw`) never imports numpy, which costs a fresh process several times what Python's own start
does. :attr:`HeapValues.values` is a numpy view of the same memory (no copy), made when first asked for.
"""

from __future__ import annotations

import ctypes

from gamelib.analysis.growing import GrowingTable
from gamelib.analysis.progress import ProgressCallback, Work
from gamelib.analysis.rare_split import HeapRules, RareSplit
from gamelib.arguments import LimitError, check_int
from gamelib.limits import HEAP_WORK_BUDGET, MAX_COMPUTED_HEAPS

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    import numpy as np

    from gamelib.analysis.kernel_loop import CompiledLoop
    from gamelib.analysis.numpy_loop import NumpyLoop

#: Heaps below this are computed by the plain rule (every pair; the split is not worth it there).
SMALL_HEAP = 48
#: The largest value kept in 16 bits: a larger one turns the table into 32-bit numbers.
NARROW_MAX = 0xFFFF
#: The C type of a stored value, by its size in bytes.
STORED = {2: ctypes.c_uint16, 4: ctypes.c_uint32}


class HeapValues(GrowingTable):
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
        super().__init__()
        if mask is not None and mask[1] and rules.split_parity is None:
            reason = "this game's splits remove both" if rules.split else "no move of this game splits a heap"
            raise ValueError(f"{title}: a mask with '+pos' needs every splitting move to remove an even number "
                             f"of tokens, or every one an odd number; {reason}")
        self.rules = rules
        self.title = title
        self.given_mask = mask
        self.itemsize = 2  # bytes per value
        self._store: ctypes.Array = (STORED[2] * 1024)()  # zeros; replaced (never resized) when it grows
        self._view: tuple[ctypes.Array, np.ndarray] | None = None  # (_store, a numpy view of it), made when asked
        self._count = 1  # g(0) = 0: an empty heap has no move

    def __len__(self) -> int:
        return self._count

    @property
    def _buffer(self) -> np.ndarray:
        """The whole store as a numpy array (a view of the same memory: writing to it writes the table)."""
        store, made = self._store, self._view
        if made is not None and made[0] is store:
            return made[1]
        import numpy as np

        # native uint16 / uint32 (np.ctypeslib.as_array would give '<H' items, which a memoryview cannot set)
        kind = np.uint16 if ctypes.sizeof(store) == 2 * len(store) else np.uint32
        view = np.frombuffer(memoryview(store), dtype=kind)
        self._view = (store, view)
        return view

    @property
    def values(self) -> np.ndarray:
        """Every value known, g(0) .. g(len - 1), as a numpy array (a read-only view: do not change it)."""
        count = self._count  # first the count, then the buffer: any buffer seen holds at least this many
        view = self._buffer[:count]
        view.flags.writeable = False
        return view

    def value(self, n: int) -> int:
        """g(n), for a heap already computed (``n < len(self)``), as a Python int (no numpy)."""
        n = check_int(n, "heap", minimum=None)
        if not 0 <= n < self._count:
            raise IndexError(f"{self.title}: heap {n} is not computed (heaps 0 .. {self._count - 1} are)")
        return self._store[n]

    def plain(self, stop: int) -> list[int]:
        """g(0) .. g(stop - 1), computed already, as a list of Python ints (no numpy)."""
        return self._store[: self._known(stop)]

    def raw(self, stop: int) -> bytes:
        """g(0) .. g(stop - 1), computed already, as the bytes of unsigned numbers in this machine's byte order,
        :attr:`itemsize` bytes each (what ``numpy.frombuffer`` or ``array.array`` read back; no numpy)."""
        stop = self._known(stop)
        store = self._store  # read after the count (a store holds every value counted when it is seen) and once:
        # another thread may widen the table meanwhile, and the old store's width is the one to read it with
        return ctypes.string_at(store, stop * (ctypes.sizeof(store) // len(store)))

    def _known(self, stop: int) -> int:
        stop = check_int(stop, "stop", minimum=None)
        if not 0 <= stop <= self._count:
            raise IndexError(f"{self.title}: heaps 0 .. {stop - 1} are not all computed ({self._count} are)")
        return stop

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

    def _widen(self) -> None:
        """Store 32-bit values from now on (a value passed 65,535)."""
        wider = (STORED[4] * len(self._store))()
        wider[: self._count] = self._store[: self._count]
        self._store, self.itemsize = wider, 4

    def _fill(self, stop: int, work: Work | None = None) -> None:
        if work is None:
            raise TypeError("HeapValues are filled within a work budget: pass work=Work(...)")
        from gamelib.analysis import heap_kernel  # when first used: lessons without these games never load it

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


__all__ = ["NARROW_MAX", "SMALL_HEAP", "HeapValues"]
