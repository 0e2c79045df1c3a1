"""The compiled loop's driver: the rare-value method's per-heap loop in C (heap_kernel.c), steered from Python
without numpy.

:class:`CompiledLoop` does what :class:`~gamelib.analysis.numpy_loop.NumpyLoop` does, with the same values
and the same masks chosen at the same heaps (the tests compare both loops; the work is counted in the pairs C
examines, and the budget checked at the same multiples of 1024 heaps): C fills a block of heaps per call and
lists each new rare heap; Python chooses the mask again when rare heaps pile up
or the table has grown by a quarter, widens the tables when a value needs more bits, counts the work and
reports. The mask's choice (the counts of each value and parity, their Walsh--Hadamard transform) and the
list of rare heaps under a new mask are computed in C too, over the table's own memory; the loop's arrays
are ctypes arrays. So a script that computes values with the compiled loop loaded never imports numpy.
"""

from __future__ import annotations

import ctypes

from gamelib.analysis import heap_store as settings
from gamelib.analysis.heap_kernel import KERNEL_PAIRS, STATUS_RARE, STATUS_ROOM, STATUS_WIDER, UNLIMITED, Kernel
from gamelib.analysis.heap_store import HeapStore
from gamelib.analysis.rare_split import SPARSE_SHARE

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from gamelib.analysis.progress import Work


def _int64s(size: int) -> ctypes.Array:
    """``size`` zeros, as a C array of int64."""
    return (ctypes.c_int64 * size)()


class CompiledLoop:
    """One run of the compiled loop over a :class:`~gamelib.analysis.heap_store.HeapStore`: the state it keeps
    (the mask, the rare heaps and their values, the tables of classes) while C extends the table."""

    def __init__(self, table: HeapStore, work: Work, kernel: Kernel):
        self.table = table
        self.work = work
        self.kernel = kernel
        rules = table.rules
        self.takes = tuple(sorted(rules.take))
        self.splits = tuple(sorted(rules.split))
        self.whole = tuple(sorted(set(rules.whole)))
        moves = (*self.takes, *self.splits, *self.whole)
        self.moves = (ctypes.c_int64 * max(1, len(moves)))(*moves)
        self.unequal = rules.unequal
        self.parity = rules.split_parity
        # what a '+pos' mask uses (HeapStore refuses one when the splits have no single parity)
        self.position_parity = self.parity if self.parity is not None else 0
        largest = kernel.largest[table.itemsize](table._store, len(table))
        self.bits = largest.bit_length()  # every value so far is below 2**bits
        self.counts = self.scratch = _int64s(0)  # counts of (value, parity) of heaps 1 .. counted - 1
        self.counted = 1
        self.mask, self.position = -1, False  # no split in use yet
        self.rare = self.rare_values = _int64s(0)  # the rare heaps (heap 0 never) and their values
        self.listed = 0  # how many of them
        if table.given_mask is not None:
            self._use(table.given_mask)
        else:
            self._choose()

    # ---------------------------------------------------------------------------------- the split
    def _choose(self) -> None:
        """Pick the best mask for the heaps so far and set up the split (or the full scan); only the heaps
        since the last choice are counted. When the split stays the same, the rare heaps listed are kept."""
        count = len(self.table)
        size = 2 << self.bits
        if size > len(self.counts):  # more room for the counts (the counts so far are kept)
            counts = _int64s(size)
            ctypes.memmove(counts, self.counts, ctypes.sizeof(self.counts))
            self.counts, self.scratch = counts, _int64s(size)
        chosen = _int64s(2)
        self.kernel.choose[self.table.itemsize](self.table._store, self.counted, count,
                                                -1 if self.parity is None else self.parity, self.counts,
                                                len(self.counts), self.scratch, chosen)
        self.counted = count
        mask, position, rare = chosen[0] >> 1, bool(chosen[0] & 1), chosen[1]
        if SPARSE_SHARE * rare > count and count > settings.SMALL_HEAP:
            mask, position = 0, False  # no split helps (yet): scan every pair
        if (mask, position) != (self.mask, self.position):
            self._use((mask, position))
        self.next_choice = max(2 * settings.SMALL_HEAP, count + count // 4)  # when to look again
        self.rare_at_choice = self.listed

    def _use(self, split: tuple[int, bool]) -> None:
        self.mask, self.position = split
        self._tables()
        self.listed = 0
        room = 64
        while True:
            self.rare, self.rare_values = _int64s(room), _int64s(room)
            if not self.mask:
                return
            self.listed = self.kernel.rare[self.table.itemsize](
                self.table._store, len(self.table), self.classes, self.position, self.position_parity, self.rare,
                self.rare_values, room)
            if self.listed <= room // 2:  # room for as many again, as the numpy loop keeps
                return
            room = 2 * self.listed

    def _tables(self) -> None:
        """The class (0 or 1) of each value below 2**bits under the mask, and the "reached" stamps' table."""
        size = 1 << self.bits
        mask = self.mask
        self.classes = (ctypes.c_uint8 * size).from_buffer_copy(bytes((v & mask).bit_count() & 1
                                                                      for v in range(size)))
        self.seen = (ctypes.c_uint32 * (size + 1))()

    def _room(self) -> None:
        """Twice the room in the rare heaps' arrays."""
        rare, rare_values = _int64s(2 * len(self.rare)), _int64s(2 * len(self.rare))
        ctypes.memmove(rare, self.rare, ctypes.sizeof(self.rare))
        ctypes.memmove(rare_values, self.rare_values, ctypes.sizeof(self.rare_values))
        self.rare, self.rare_values = rare, rare_values

    def rare_count(self) -> int | None:
        """How many heaps are rare so far (heap 0 included when it is), or None while every heap is scanned."""
        if not self.mask:
            return None
        return self.listed + (0 if self.position and self.position_parity else 1)

    # --------------------------------------------------------------------------------- the main loop
    def run(self, stop: int) -> None:
        """Compute heaps up to ``stop``: C fills heaps and lists the rare ones until a mask may need choosing
        again, a value needs more bits, ``stop``, or the work budget is passed at a multiple of 1024 heaps
        (where the numpy loop checks it too)."""
        table, work, kernel = self.table, self.work, self.kernel
        out = _int64s(5)  # pairs, status, value, stamp, rare heaps listed (see heap_kernel.c)
        choosing = table.given_mask is None
        small = settings.SMALL_HEAP  # read at each run: tests lower it
        while table._count < stop:
            end = min(stop, max(self.next_choice, table._count + 1)) if choosing else stop
            # back to Python after a rare heap when the numpy loop would look at the masks again there
            rare_limit = self.rare_at_choice + self.rare_at_choice // 8 + 8 if choosing else UNLIMITED
            out[4] = self.listed
            count = kernel.fill[table.itemsize](
                table._store, table._count, end, self.moves, len(self.takes), len(self.splits), len(self.whole),
                self.unequal, self.mask, self.position, self.position_parity, self.bits, small, self.rare,
                self.rare_values, len(self.rare), rare_limit, 4 * small if choosing else 0, self.classes,
                self.seen, work.budget - work.spent, KERNEL_PAIRS, out)
            table._count = count  # heaps below count are written (the C loop writes nothing past it)
            self.listed = out[4]
            status = out[1]
            if status == STATUS_WIDER:  # heap `count` needs more bits: widen the tables, then compute it again
                value = out[2]
                self.bits = value.bit_length()
                if value > settings.NARROW_MAX and table.itemsize == 2:
                    table._widen()
                self._tables()
            elif status == STATUS_ROOM:  # heap `count` is rare and the arrays are full: room, then again
                self._room()
            elif status == STATUS_RARE and choosing:  # many new rare heaps: is another mask better now?
                self._choose()
            if choosing and count >= self.next_choice:
                self._choose()
            work.spend(out[0])
            if (count % 1024 == 0 or count >= stop) and work.over():
                return
            if work.due():
                work.report(count, self.rare_count())


__all__ = ["CompiledLoop"]
