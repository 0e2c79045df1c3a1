"""The memory of a take-and-break game's table of single-heap values, which the per-heap loops write into.

:class:`HeapStore` keeps g(0), g(1), ... in a plain C array (ctypes), not a numpy one: with the compiled loop,
a script that only computes values and reads them back (:meth:`HeapStore.value`, :meth:`HeapStore.plain`,
:meth:`HeapStore.raw`) never imports numpy, which costs a fresh process several times what Python's own start
does. :attr:`HeapStore.values` is a numpy view of the same memory (no copy), made when first asked for.

Both loops fill a store: the compiled one (:mod:`gamelib.analysis.kernel_loop`) and the numpy one
(:mod:`gamelib.analysis.numpy_loop`); :class:`~gamelib.analysis.heap_values.HeapValues`, the table a game
keeps, is a store that chooses a loop and runs it within a work budget. So the loops and the table both import
this module, and neither imports the other.
"""

from __future__ import annotations

import ctypes

from gamelib.analysis.growing import GrowingTable
from gamelib.analysis.rare_split import HeapRules
from gamelib.arguments import check_int

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    import numpy as np

#: Heaps below this are computed by the plain rule (every pair; the split is not worth it there). Both loops
#: read it at each run, so that a test may lower it for both at once.
SMALL_HEAP = 48
#: The largest value kept in 16 bits: a larger one turns the table into 32-bit numbers.
NARROW_MAX = 0xFFFF
#: The C type of a stored value, by its size in bytes.
STORED = {2: ctypes.c_uint16, 4: ctypes.c_uint32}


class HeapStore(GrowingTable):
    """g(0), g(1), ... of a take-and-break game (its ``rules``, named ``title``) as far as they are known, kept
    as 16-bit numbers (32-bit once a value passes :data:`NARROW_MAX`); ``given_mask`` is the mask the loops
    must use, or None (they choose). A loop writes heap n's value at ``_store[n]`` and then counts it
    (``_count``); the store only ever grows.

    >>> from gamelib.analysis.heap_values import HeapValues
    >>> table = HeapValues(HeapRules(whole=(1,), take=(2,), split=(2,)), "octal game 0.16")
    >>> table.compute(12)
    >>> table.plain(12), table.value(8), table.itemsize
    ([0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4], 4, 2)
    """

    def __init__(self, rules: HeapRules, title: str, mask: tuple[int, bool] | None = None):
        super().__init__()
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

    def _widen(self) -> None:
        """Store 32-bit values from now on (a value passed 65,535)."""
        wider = (STORED[4] * len(self._store))()
        wider[: self._count] = self._store[: self._count]
        self._store, self.itemsize = wider, 4


__all__ = ["NARROW_MAX", "SMALL_HEAP", "STORED", "HeapStore"]
