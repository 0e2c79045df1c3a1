"""The rare-value method's per-heap loop in numpy + Python: the reference the compiled loop is held against,
and what runs where the compiled loop cannot be built or loaded (see :mod:`gamelib.analysis.heap_kernel`).

:class:`NumpyLoop` extends a :class:`~gamelib.analysis.heap_store.HeapStore` heap by heap (the method:
:mod:`gamelib.analysis.rare_values`); it reads the table's sizes (``SMALL_HEAP``, ``NARROW_MAX``) from
:mod:`gamelib.analysis.heap_store` at each use, so that a test may lower them for both loops at once.
"""

from __future__ import annotations

import bisect

import numpy as np

from gamelib.analysis import heap_store as settings
from gamelib.analysis.heap_store import HeapStore
from gamelib.analysis.progress import PYTHON_PAIR, Work
from gamelib.analysis.rare_values import (
    SPARSE_SHARE,
    best_mask_of_counts,
    code_counts,
    mask_parities,
    rare_heaps_of,
)

#: Pairs examined one at a time from a = 1 before the search for the missing class-0 values turns to numpy.
SHORT_SEARCH = 32
#: The first block of pairs numpy examines after that (each next block is 4 times larger).
FIRST_BLOCK = 256
#: Up to this many rare heaps, their pairs are examined one at a time in Python; beyond it, by numpy.
RARE_LOOP = 96
#: Work units charged for each numpy call besides its pairs: the call itself costs about as much as this many
#: pairs (a few microseconds), so that the budget stands for time whether the arrays are long or short.
NUMPY_CALL = 2000


class NumpyLoop:
    """One run of the value computation: the state it keeps while it extends a :class:`HeapStore`."""

    def __init__(self, table: HeapStore, work: Work):
        self.table = table
        self.work = work
        rules = table.rules
        self.takes = tuple(sorted(rules.take))
        self.whole = frozenset(rules.whole)
        self.splits = tuple(sorted(rules.split))
        self.unequal = rules.unequal
        self.parity = rules.split_parity
        # what a '+pos' mask uses (HeapStore refuses one when the splits have no single parity)
        self.position_parity = self.parity if self.parity is not None else 0
        values = table.values
        self.bits = int(values.max(initial=0)).bit_length()  # every value so far is below 2**bits
        self.pairs = 0  # work not yet handed to self.work
        self.counts = np.zeros(2, dtype=np.int64)  # code_counts of heaps 1 .. counted - 1, kept up as heaps come
        self.counted = 1
        self.mask, self.position = -1, False  # no split in use yet
        if table.given_mask is not None:
            self._use(table.given_mask, values)
        else:
            self._choose(values)

    # ---------------------------------------------------------------------------------- the split
    def _choose(self, values: np.ndarray) -> None:
        """Pick the best mask for the heaps so far and set up the split (or the full scan).

        What :func:`best_mask` finds for ``values``, from counts kept up to date: only the heaps since the last
        choice are counted. When the split stays the same, the rare heaps already listed are kept."""
        if len(values) > self.counted:
            new = code_counts(values[self.counted :], self.parity, self.counted)
            if len(new) > len(self.counts):
                self.counts = np.concatenate([self.counts, np.zeros(len(new) - len(self.counts), dtype=np.int64)])
            self.counts[: len(new)] += new
            self.counted = len(values)
        mask, position, rare = best_mask_of_counts(self.counts, self.parity)
        if SPARSE_SHARE * rare > len(values) and len(values) > settings.SMALL_HEAP:
            mask, position = 0, False  # no split helps (yet): scan every pair
        if (mask, position) != (self.mask, self.position):
            self._use((mask, position), values)
        self.next_choice = max(2 * settings.SMALL_HEAP, len(values) + len(values) // 4)  # when to look again
        self.rare_at_choice = len(self.rare)

    def _use(self, split: tuple[int, bool], values: np.ndarray) -> None:
        self.mask, self.position = split
        rare = rare_heaps_of(values, self.mask, self.position, self.parity) if self.mask else np.zeros(0, int)
        self.rare = rare[rare > 0].tolist()  # heap 0 is never part of a split
        self.rare_pairs = list(zip(self.rare, values[self.rare].tolist(), strict=True))  # (heap, its value)
        self.rare_array = np.zeros(max(64, 2 * len(self.rare)), dtype=np.int64)  # the same heaps, for numpy
        self.rare_array[: len(self.rare)] = self.rare
        self.rare_value_array = values[self.rare_array].astype(np.int64)  # and their values
        self._tables()

    def _tables(self) -> None:
        """Bit sets (Python ints) of the class-0 and class-1 values below 2**bits."""
        size = 1 << self.bits
        parity = mask_parities(size, self.mask)
        self.size = size
        self.class_bits = [_bitset(parity == 0), _bitset(parity == 1)]
        self.above = np.zeros(size + 1, dtype=bool)  # scratch for the full scan's mex

    def _add_rare(self, n: int, value: int) -> None:
        self.rare_pairs.append((n, value))
        if len(self.rare) == len(self.rare_array):
            self._room()
        self.rare_array[len(self.rare)] = n
        self.rare_value_array[len(self.rare)] = value
        self.rare.append(n)

    def _room(self) -> None:
        """Twice the room in the rare heaps' arrays."""
        self.rare_array = np.concatenate([self.rare_array, np.zeros_like(self.rare_array)])
        self.rare_value_array = np.concatenate([self.rare_value_array, np.zeros_like(self.rare_value_array)])

    # --------------------------------------------------------------------------------- the main loop
    def run(self, stop: int) -> None:
        """Compute heaps up to ``stop``, or until the work passes its budget (counted every 1024 heaps)."""
        table, work = self.table, self.work
        start = table._count
        while start < stop:
            block = min(stop, (start | 1023) + 1)  # up to the next multiple of 1024
            buffer = table._buffer
            view = buffer.data
            for n in range(start, block):
                value = self._value(n, buffer, view)
                if value >= self.size:
                    self.bits = value.bit_length()
                    if value > settings.NARROW_MAX and buffer.dtype == np.uint16:
                        table._widen()
                        buffer = table._buffer
                        view = buffer.data
                    self._tables()
                view[n] = value
                table._count = n + 1  # only now is heap n known (an interrupt before this loses only heap n)
                if self.mask and self._is_rare(n, value):
                    self._add_rare(n, value)
                    small = n < 4 * settings.SMALL_HEAP
                    if table.given_mask is None and (small or len(self.rare) > self.rare_at_choice
                                                     + self.rare_at_choice // 8 + 8):
                        self._choose(table.values)  # many new rare heaps: is another mask better now?
                if table.given_mask is None and n + 1 >= self.next_choice:
                    self._choose(table.values)
            start = block
            work.spend(self.pairs)
            self.pairs = 0
            if work.over():
                return
            if work.due():
                work.report(start, self.rare_count())

    def rare_count(self) -> int | None:
        """How many heaps are rare so far (heap 0 included when it is), or None while every heap is scanned."""
        if not self.mask:
            return None
        return len(self.rare) + (0 if self.position and self.position_parity else 1)

    def _is_rare(self, n: int, value: int) -> bool:
        own = (value & self.mask).bit_count() & 1
        if self.position:
            own ^= (n + self.position_parity) & 1
        return own == 0

    def _value(self, n: int, g: np.ndarray, view: memoryview) -> int:
        """g(n) from the values of smaller heaps."""
        options = 0
        for k in self.takes:
            if k < n:
                options |= 1 << view[n - k]
        if n in self.whole:
            options |= 1
        if n < settings.SMALL_HEAP or not self.mask:
            return self._full(n, g, view, options)
        # The class-1 values (for this heap) are reached only by pairs with a rare part: find them all.
        rare = self.rare
        for k in self.splits:
            rest = n - k
            if rest < 2:
                continue
            if len(rare) <= RARE_LOOP:
                if self.unequal:
                    for r, value in self.rare_pairs:
                        if r >= rest:
                            break
                        if r + r != rest:
                            options |= 1 << (value ^ view[rest - r])
                else:
                    for r, value in self.rare_pairs:
                        if r >= rest:
                            break
                        options |= 1 << (value ^ view[rest - r])
                self.pairs += PYTHON_PAIR * len(rare)
            else:
                used = bisect.bisect_left(rare, rest)
                parts = self.rare_array[:used]
                reached = self.rare_value_array[:used] ^ g[rest - parts]
                if self.unequal and rest % 2 == 0:
                    reached = reached[parts + parts != rest]
                options |= _bitset(np.bincount(reached, minlength=self.size) > 0)
                self.pairs += used + NUMPY_CALL
        flip = (n + self.position_parity) & 1 if self.position else 0
        missing = self.class_bits[1 ^ flip] & ~options
        candidate = (missing & -missing).bit_length() - 1 if missing else self.size
        need = self.class_bits[flip] & ~options & ((1 << candidate) - 1)
        if need:
            need = self._search(n, g, view, need)
            if need:
                return (need & -need).bit_length() - 1  # a new rare heap: every pair was examined
        return candidate

    def _search(self, n: int, g: np.ndarray, view: memoryview, need: int) -> int:
        """Clear from the bit set ``need`` every value some split of heap n reaches; return what is left.

        A few dozen pairs from a = 1 up, one at a time; then numpy blocks of 256, 1024, ... pairs, stopping
        as soon as nothing is left. Only a heap whose value is rare goes through every pair."""
        unequal = self.unequal
        for k in self.splits:
            rest = n - k
            last = (rest - 1) // 2 if unequal else rest // 2  # a = 1 .. last, a <= b = rest - a
            if last < 1:
                continue
            a = 0
            for a in range(1, min(last, SHORT_SEARCH) + 1):
                need &= ~(1 << (view[a] ^ view[rest - a]))
                if not need:
                    self.pairs += PYTHON_PAIR * a
                    return 0
            self.pairs += PYTHON_PAIR * a
        for k in self.splits:
            rest = n - k
            last = (rest - 1) // 2 if unequal else rest // 2
            first, block = SHORT_SEARCH + 1, FIRST_BLOCK
            while first <= last:
                end = min(last + 1, first + block)
                reached = np.bincount(g[first:end] ^ g[rest - first : rest - end : -1], minlength=self.size)
                self.pairs += end - first + NUMPY_CALL
                left = need
                while left:
                    low = left & -left
                    if reached[low.bit_length() - 1]:
                        need ^= low
                    left ^= low
                if not need:
                    return 0
                first, block = end, 4 * block
        return need

    def _full(self, n: int, g: np.ndarray, view: memoryview, options: int) -> int:
        """g(n) from every option: the plain rule (in Python for small heaps, numpy beyond)."""
        unequal = self.unequal
        if n < settings.SMALL_HEAP:
            for k in self.splits:
                rest = n - k
                last = (rest - 1) // 2 if unequal else rest // 2
                for a in range(1, last + 1):
                    options |= 1 << (view[a] ^ view[rest - a])
                self.pairs += PYTHON_PAIR * max(0, last)
            free = ~options
            return (free & -free).bit_length() - 1
        seen = self.above
        seen[:] = False
        for k in self.splits:
            rest = n - k
            last = (rest - 1) // 2 if unequal else rest // 2
            if last >= 1:
                seen[g[1 : last + 1] ^ g[rest - 1 : rest - 1 - last : -1]] = True
                self.pairs += last + NUMPY_CALL
        while options:
            low = options & -options
            seen[low.bit_length() - 1] = True
            options ^= low
        return int(seen.argmin())  # the first value not reached (seen[size] is never set)


def _bitset(flags: np.ndarray) -> int:
    """The Python int whose bit v is set where ``flags[v]`` is true."""
    return int.from_bytes(np.packbits(flags, bitorder="little").tobytes(), "little")


__all__ = ["FIRST_BLOCK", "NUMPY_CALL", "RARE_LOOP", "SHORT_SEARCH", "NumpyLoop"]
