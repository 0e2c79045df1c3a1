"""The table of single-heap values of a take-and-break game, computed by the rare-value method and kept.

:mod:`gamelib.analysis.rare_values` explains the method and holds the split (rules, masks, rare heaps); this
module runs it: :class:`HeapValues` extends a table of values heap by heap, finding the class-1 values a heap
reaches from its rare parts, the class-0 ones by a short search, and every pair only where that search fails
(or for every heap, by numpy, when no mask makes the rare heaps few). The per-heap loop runs in C when it can
(:mod:`gamelib.analysis.heap_kernel`), else in numpy + Python, with the same values; masks and budget stay here.
"""

from __future__ import annotations

import bisect

import numpy as np

from gamelib.analysis.growing import GrowingTable
from gamelib.analysis.progress import PYTHON_PAIR, ProgressCallback, Work
from gamelib.analysis.rare_values import (
    SPARSE_SHARE,
    HeapRules,
    RareSplit,
    best_mask,
    best_mask_of_counts,
    code_counts,
    count_values,
    mask_parities,
    rare_heaps_of,
)
from gamelib.arguments import LimitError
from gamelib.limits import HEAP_WORK_BUDGET, MAX_COMPUTED_HEAPS

#: Pairs examined one at a time from a = 1 before the search for the missing class-0 values turns to numpy.
SHORT_SEARCH = 32
#: The first block of pairs numpy examines after that (each next block is 4 times larger).
FIRST_BLOCK = 256
#: Up to this many rare heaps, their pairs are examined one at a time in Python; beyond it, by numpy.
RARE_LOOP = 96
#: Heaps below this are computed by the plain rule in Python (numpy costs more than it saves there).
SMALL_HEAP = 48
#: The largest value kept in 16 bits: a larger one turns the table into 32-bit numbers.
NARROW_MAX = 0xFFFF
#: Work units charged for each numpy call besides its pairs: the call itself costs about as much as this many
#: pairs (a few microseconds), so that the budget stands for time whether the arrays are long or short.
NUMPY_CALL = 2000


class HeapValues(GrowingTable):
    """g(0), g(1), ... of a take-and-break game, computed in order by the rare-value method and kept (uint16).

    ``mask`` is None (find the best mask as the values grow) or ``(mask, position)`` (use this one). The
    values are stored as 16-bit numbers (32-bit if a value ever passes 65,535); at most
    :data:`~gamelib.limits.MAX_COMPUTED_HEAPS` heaps are kept.

    >>> table = HeapValues(HeapRules(whole=(1,), take=(2,), split=(2,)), "octal game 0.16")
    >>> table.compute(12)
    >>> table.values.tolist()
    [0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4]
    """

    def __init__(self, rules: HeapRules, title: str, mask: tuple[int, bool] | None = None):
        super().__init__()
        if mask is not None and mask[1] and rules.split_parity is None:
            raise ValueError(f"{title}: a mask with '+pos' needs every splitting move to remove an even number "
                             "of tokens, or every one an odd number; this game's splits remove both")
        self.rules = rules
        self.title = title
        self.given_mask = mask
        self._buffer = np.zeros(1024, dtype=np.uint16)
        self._count = 1  # g(0) = 0: an empty heap has no move

    def __len__(self) -> int:
        return self._count

    @property
    def values(self) -> np.ndarray:
        """Every value known, g(0) .. g(len - 1) (a read-only view: do not change it)."""
        count = self._count  # first the count, then the buffer: any buffer seen holds at least this many
        view = self._buffer[:count]
        view.flags.writeable = False
        return view

    def compute(self, stop: int, progress: ProgressCallback | None = None, budget: int | None = None) -> None:
        """Make sure the values of heaps 0 .. stop - 1 are known, computing the missing ones within one work
        budget (default :data:`~gamelib.limits.HEAP_WORK_BUDGET`); ``progress`` as in :class:`Work`."""
        if stop > len(self):
            self.ensure(stop, work=Work(HEAP_WORK_BUDGET if budget is None else budget, self.title, stop, progress))

    def split(self, stop: int | None = None) -> RareSplit:
        """The :class:`RareSplit` of heaps 0 .. stop - 1 (default: every heap known), under the mask in use.

        The mask is the one given, or else the best one for exactly these heaps (:func:`best_mask`).
        """
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
                f"{MAX_COMPUTED_HEAPS * self._buffer.itemsize // 2**20} MB); heaps up to {stop - 1:,} were asked for"
            )
        if stop > len(self._buffer):
            size = min(MAX_COMPUTED_HEAPS, max(stop, 2 * len(self._buffer)))
            bigger = np.zeros(size, dtype=self._buffer.dtype)
            bigger[: self._count] = self._buffer[: self._count]
            self._buffer = bigger

    def _widen(self) -> None:
        """Store 32-bit values from now on (a value passed 65,535)."""
        self._buffer = self._buffer.astype(np.uint32)

    def _fill(self, stop: int, work: Work | None = None) -> None:
        if work is None:
            raise TypeError("HeapValues are filled within a work budget: pass work=Work(...)")
        self._reserve(stop)
        filler = None
        try:
            filler = _Filler(self, work)
            filler.run(stop)
        except KeyboardInterrupt:  # the values so far are kept (the count only ever covers finished heaps)
            work.report(self._count, filler.rare_count() if filler else None, "interrupted")
            raise
        if self._count < stop:  # the loop stops early only when the work passed its budget
            raise work.stop(self._count, filler.rare_count(), "computing values")


class _Filler:
    """One run of the value computation: the state it keeps while it extends a :class:`HeapValues`."""

    def __init__(self, table: HeapValues, work: Work):
        self.table = table
        self.work = work
        rules = table.rules
        self.takes = tuple(sorted(rules.take))
        self.whole = frozenset(rules.whole)
        self.splits = tuple(sorted(rules.split))
        self.unequal = rules.unequal
        self.parity = rules.split_parity
        # what a '+pos' mask uses (HeapValues refuses one when the splits have no single parity)
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
        if SPARSE_SHARE * rare > len(values) and len(values) > SMALL_HEAP:
            mask, position = 0, False  # no split helps (yet): scan every pair
        if (mask, position) != (self.mask, self.position):
            self._use((mask, position), values)
        self.next_choice = max(2 * SMALL_HEAP, len(values) + len(values) // 4)  # when to look again
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
        self.classes = parity  # the compiled loop's tables: the class of each value, and its "reached" stamps
        self.seen = np.zeros(size + 1, dtype=np.uint32)

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

    def _listed(self, count: int) -> None:
        """The compiled loop listed rare heaps in the arrays, up to ``count`` of them: list them here too."""
        if count > len(self.rare):
            heaps = self.rare_array[len(self.rare) : count].tolist()
            self.rare_pairs.extend(zip(heaps, self.rare_value_array[len(self.rare) : count].tolist(), strict=True))
            self.rare.extend(heaps)

    # --------------------------------------------------------------------------------- the main loop
    def run(self, stop: int) -> None:
        """Compute heaps up to ``stop``, or until the work passes its budget (counted every 1024 heaps)."""
        from gamelib.analysis import heap_kernel  # when first used: lessons without these games never load it

        if (kernel := heap_kernel.load()) is not None:
            return heap_kernel.run(self, kernel, stop)
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
                    if value > NARROW_MAX and buffer.dtype == np.uint16:
                        table._widen()
                        buffer = table._buffer
                        view = buffer.data
                    self._tables()
                view[n] = value
                table._count = n + 1  # only now is heap n known (an interrupt before this loses only heap n)
                if self.mask and self._is_rare(n, value):
                    self._add_rare(n, value)
                    if table.given_mask is None and (n < 4 * SMALL_HEAP or len(self.rare) > self.rare_at_choice
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
        if n < SMALL_HEAP or not self.mask:
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
        if n < SMALL_HEAP:
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


__all__ = ["HeapValues"]
