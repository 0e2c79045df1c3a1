"""Single-heap values of take-and-break games at research scale: the rare-value (sparse space) method.

The plain way to get g(n) looks at every way to break heap n -- about n/2 pairs (a, b) per splitting move --
so N heaps cost about N**2/4 steps. The method of Gangolli and Plambeck, and of Flammenkamp, gets the same
values exactly in about N x (a few hundred) steps for the games where it applies. This module computes the
values of any game given by :class:`HeapRules` (octal games, Grundy's game) that way, and falls back to
looking at every pair where the method does not help.

The split
---------
Fix a bit *mask*. Each value v has a *class*, the parity of the number of 1 bits of ``v & mask``; classes
add like XOR: class(v ^ w) = class(v) + class(w) mod 2. Call a heap *rare* when its value has class 0 and
*common* otherwise. In many games the rare heaps are few (0.16 with mask 0x1e: 53 of the first 500,000
heaps, the last at 13,935). Then, for a split of heap n into (a, b):

* common + common and rare + rare give values of class 0;
* rare + common gives values of class 1, and every such pair has a rare part: a short list.

So the class-1 values that heap n can reach are found exactly from the rare heaps alone; let c be the
smallest class-1 value *not* reached. Then g(n) = c, unless some class-0 value below c is not reached --
and the class-0 values below c (a handful) are reached by so many common + common pairs that a search
from a = 1 up finds them all within a few dozen pairs. Only when that search fails is every pair examined;
then g(n) is the smallest class-0 value not reached, and n is a new rare heap. No step guesses: the answer
is the mex of all the options in every case, whatever the mask; a good mask only makes it fast.

A variant adds the heap's position: class(n) also flips with the parity of n (written "1+pos" in the
published tables). It works when every splitting move removes an even number of tokens, or every one an odd
number, since then a + b has the parity of n plus a fixed number.

Finding the mask
----------------
The number of rare heaps for every mask at once is one Walsh--Hadamard transform of the table "how many
heaps have each value (and each parity)": :func:`best_mask` picks the mask with the fewest rare heaps,
while the values are computed, again whenever rare heaps pile up. A mask can also be given (as the
tables print it, e.g. ``'1e'`` or ``'1+pos'``). When even the best mask leaves many heaps rare, every heap
is computed by the full scan (numpy, every pair at once).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

import numpy as np

from gamelib.analysis.growing import GrowingTable
from gamelib.analysis.progress import PYTHON_PAIR, ProgressCallback, Work
from gamelib.arguments import LimitError, show
from gamelib.limits import HEAP_WORK_BUDGET, MAX_COMPUTED_HEAPS

#: Pairs examined one at a time from a = 1 before the search for the missing class-0 values turns to numpy.
SHORT_SEARCH = 32
#: The first block of pairs numpy examines after that (each next block is 4 times larger).
FIRST_BLOCK = 256
#: Up to this many rare heaps, their pairs are examined one at a time in Python; beyond it, by numpy.
RARE_LOOP = 96
#: The split is used while at most 1 heap in this many is rare; beyond that, every heap is fully scanned.
SPARSE_SHARE = 8
#: Heaps below this are computed by the plain rule in Python (numpy costs more than it saves there).
SMALL_HEAP = 48
#: The largest value kept in 16 bits: a larger one turns the table into 32-bit numbers.
NARROW_MAX = 0xFFFF
#: Work units charged for each numpy call besides its pairs: the call itself costs about as much as this many
#: pairs (a few microseconds), so that the budget stands for time whether the arrays are long or short.
NUMPY_CALL = 2000


@dataclass(frozen=True)
class HeapRules:
    """What one heap may become, as the value computation needs it.

    Attributes
    ----------
    whole : the k for which a heap of exactly k tokens may be removed entirely (octal digit bit 1).
    take : the k >= 1 for which k tokens may be taken leaving one non-empty heap (bit 2).
    split : the k >= 0 for which k tokens may be taken leaving two non-empty heaps (bit 4).
    unequal : the two heaps a split leaves must differ in size (Grundy's game).

    >>> HeapRules(whole=(1,), take=(2,), split=(2,)).largest_removal  # octal 0.16
    2
    """

    whole: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    split: tuple[int, ...] = ()
    unequal: bool = False

    @property
    def largest_removal(self) -> int:
        """The most tokens one move removes (t in the Guy--Smith theorem)."""
        return max((*self.whole, *self.take, *self.split), default=0)

    @property
    def split_parity(self) -> int | None:
        """0 or 1 when every splitting move removes an even / an odd number of tokens, else None.

        >>> HeapRules(split=(1, 3)).split_parity, HeapRules(split=(2, 3)).split_parity
        (1, None)
        """
        parities = {k % 2 for k in self.split}
        return parities.pop() if len(parities) == 1 else None


# ------------------------------------------------------------------------------------------------- masks
_MASK_TEXT = re.compile(r"(?:0x)?([0-9a-f]+)(\+pos)?")


def parse_rare_mask(mask: object) -> tuple[int, bool]:
    """A mask as the published tables write it (``'1e'``, ``'1+pos'``) or as a whole number: (mask, position).

    >>> parse_rare_mask("1e"), parse_rare_mask("1+pos"), parse_rare_mask(0x5b)
    ((30, False), (1, True), (91, False))
    >>> parse_rare_mask("1g")
    Traceback (most recent call last):
    ...
    ValueError: rare_mask must be hexadecimal text such as '1e' or '1+pos', or a whole number, got '1g'
    """
    expected = f"rare_mask must be hexadecimal text such as '1e' or '1+pos', or a whole number, got {show(mask)}"
    if isinstance(mask, str):
        found = _MASK_TEXT.fullmatch(mask.strip().lower()) if len(mask) <= 16 else None
        if found is None:
            raise ValueError(expected)
        value, position = int(found.group(1), 16), found.group(2) is not None
    elif isinstance(mask, int) and not isinstance(mask, bool):
        value, position = mask, False
    else:
        raise TypeError(expected)
    if not 0 <= value <= 0xFFFF:
        raise ValueError(f"rare_mask must be from 0 to 0xffff (values are 16-bit numbers), got {show(mask)}")
    return value, position


def mask_text(mask: int, position: bool) -> str:
    """The mask as the published tables write it.

    >>> mask_text(0x1e, False), mask_text(1, True)
    ('1e', '1+pos')
    """
    return f"{mask:x}" + ("+pos" if position else "")


def _walsh_hadamard(counts: np.ndarray) -> np.ndarray:
    """H[m] = sum over w of counts[w] * (-1)**(number of 1 bits of w & m); len(counts) a power of 2."""
    h = counts.astype(np.int64)
    step = 1
    while step < len(h):
        pairs = h.reshape(-1, 2, step)
        h = np.stack([pairs[:, 0] + pairs[:, 1], pairs[:, 0] - pairs[:, 1]], axis=1).reshape(-1)
        step *= 2
    return h


def best_mask(values: np.ndarray, split_parity: int | None) -> tuple[int, bool, int]:
    """The mask (and whether the heap's parity joins in) with the fewest rare heaps among heaps 1 .. len - 1.

    Returns ``(mask, position, rare)``, ``rare`` counting heaps 1 .. len - 1 (heap 0 is never part of a
    split). The position variant is tried only when every split removes tokens of one parity
    (``split_parity`` 0 or 1). Ties go to the smaller mask; a mask of 0 makes every heap rare.

    >>> best_mask(np.array([0, 1, 1, 2, 1, 1, 2, 3, 1, 1, 2]), None)  # under mask 3 only the value 3 is rare
    (3, False, 1)
    """
    heaps = len(values) - 1
    if heaps == 0:
        return 0, False, 0
    size = 1 << (1 + int(values.max()).bit_length())  # room for every value shifted left by one bit
    # How many heaps have each code (value << 1) | (parity of n + split_parity), counted over the odd and the
    # even heaps apart (no array as long as the values is made: 20 million heaps stay 40 MB).
    counts = np.zeros(size, dtype=np.int64)
    for first in (1, 2):
        per_value = np.bincount(values[first::2], minlength=size // 2)
        parity = 0 if split_parity is None else (first + split_parity) & 1
        counts[parity::2] += per_value
    transform = _walsh_hadamard(counts)
    rare = (heaps + transform) // 2  # heaps whose code has an even number of 1 bits under the mask
    rare[0] = heaps + 1  # mask 0 is no split at all
    if split_parity is None:
        rare[1::2] = heaps + 1  # the position variant does not apply
    chosen = int(np.argmin(rare))
    return chosen >> 1, bool(chosen & 1), int(rare[chosen])


def _parities(size: int, mask: int) -> np.ndarray:
    """The class (0 or 1) of every value below ``size`` under ``mask``."""
    bits = np.arange(size, dtype=np.int64) & mask
    parity = np.zeros(size, dtype=np.uint8)
    while bits.any():
        parity ^= (bits & 1).astype(np.uint8)
        bits >>= 1
    return parity


def rare_heaps_of(values: np.ndarray, mask: int, position: bool, split_parity: int | None) -> np.ndarray:
    """The rare heaps among ``values`` under the split (an array of heap sizes, increasing; heap 0 included
    when it is rare).

    A heap n is rare when the class of its value equals ``position`` x the parity of n + ``split_parity``.

    >>> rare_heaps_of(np.array([0, 1, 2, 3, 1, 2, 3]), 3, False, None).tolist()
    [0, 3, 6]
    """
    classes = _parities(1 << int(values.max(initial=0)).bit_length(), mask)[values]  # one byte per heap
    if position:
        classes[(1 + split_parity) % 2 :: 2] ^= 1  # the heaps n with n + split_parity odd
    return np.flatnonzero(classes == 0)


@dataclass(frozen=True)
class RareSplit:
    """How the values of heaps 0 .. heaps - 1 split into rare and common under one mask.

    Attributes
    ----------
    title : the game, as its plots and messages name it.
    mask, position : the mask, and whether the heap's parity joins in (see the module notes).
    given : True when the mask was given, False when it was found (the fewest rare heaps).
    heaps : how many heaps this describes (0 .. heaps - 1).
    rare_heaps, rare_values : the rare heaps (heap 0 too, when its value 0 is of the rare class) and their
        values, in increasing order of heap.
    value_counts : how many heaps of 0 .. heaps - 1 have the value 0, 1, 2, ... (up to the largest).

    >>> from gamelib import OctalGame
    >>> split = OctalGame("0.16").rare_split(2000)
    >>> split.mask_text, split.rare_heaps[:6], split.last_rare
    ('1e', (0, 1, 2, 3, 4, 7), 1244)
    """

    title: str
    mask: int
    position: bool
    given: bool
    heaps: int
    rare_heaps: tuple[int, ...]
    rare_values: tuple[int, ...]
    value_counts: tuple[int, ...]

    @property
    def mask_text(self) -> str:
        """The mask as the published tables write it, e.g. ``'1e'`` or ``'1+pos'``."""
        return mask_text(self.mask, self.position)

    @property
    def last_rare(self) -> int | None:
        """The largest rare heap, or None if no heap is rare."""
        return self.rare_heaps[-1] if self.rare_heaps else None

    @property
    def rare_count(self) -> int:
        """How many heaps are rare."""
        return len(self.rare_heaps)

    @property
    def sparse(self) -> bool:
        """True when at most one heap in :data:`SPARSE_SHARE` is rare: the method's speed applies."""
        return self.mask != 0 and SPARSE_SHARE * len(self.rare_heaps) <= self.heaps

    def __str__(self) -> str:
        how = "given" if self.given else "found"
        if self.mask == 0:
            return (f"{self.title}: no split into rare and common heaps (mask 0 {how}); every heap among "
                    f"0 .. {self.heaps - 1:,} is examined in full")
        if not self.sparse:
            return (f"{self.title}: no sparse split among heaps 0 .. {self.heaps - 1:,} (the best mask, "
                    f"{self.mask_text}, leaves {self.rare_count:,} heaps rare); every heap was fully scanned")
        last = f", the last at heap {self.last_rare:,}" if self.rare_heaps else ""
        return (f"{self.title}: {self.rare_count:,} rare heaps among heaps 0 .. {self.heaps - 1:,} under mask "
                f"{self.mask_text} ({how}){last}")


# ------------------------------------------------------------------------------------------- the table
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
                value_counts=tuple(np.bincount(values).tolist()),
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

    def _fill(self, stop: int, work: Work) -> None:
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
        values = table.values
        self.bits = int(values.max(initial=0)).bit_length()  # every value so far is below 2**bits
        self.pairs = 0  # work not yet handed to self.work
        if table.given_mask is not None:
            self._use(table.given_mask, values)
        else:
            self._choose(values)

    # ---------------------------------------------------------------------------------- the split
    def _choose(self, values: np.ndarray) -> None:
        """Pick the best mask for the heaps so far and set up the split (or the full scan)."""
        mask, position, rare = best_mask(values, self.parity)
        if SPARSE_SHARE * rare > len(values) and len(values) > SMALL_HEAP:
            mask, position = 0, False  # no split helps (yet): scan every pair
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
        parity = _parities(size, self.mask)
        self.size = size
        self.class_bits = [_bitset(parity == 0), _bitset(parity == 1)]
        self.above = np.zeros(size + 1, dtype=bool)  # scratch for the full scan's mex

    def _add_rare(self, n: int, value: int) -> None:
        self.rare_pairs.append((n, value))
        if len(self.rare) == len(self.rare_array):
            self.rare_array = np.concatenate([self.rare_array, np.zeros_like(self.rare_array)])
            self.rare_value_array = np.concatenate([self.rare_value_array, np.zeros_like(self.rare_value_array)])
        self.rare_array[len(self.rare)] = n
        self.rare_value_array[len(self.rare)] = value
        self.rare.append(n)

    # --------------------------------------------------------------------------------- the main loop
    def run(self, stop: int) -> None:
        """Compute heaps up to ``stop``, or until the work passes its budget (counted every 1024 heaps)."""
        table, work = self.table, self.work
        start = table._count
        while start < stop:
            block = min(stop, (start | 1023) + 1)  # up to the next multiple of 1024
            buffer = table._buffer
            view = memoryview(buffer)
            for n in range(start, block):
                value = self._value(n, buffer, view)
                if value >= self.size:
                    self.bits = value.bit_length()
                    if value > NARROW_MAX and buffer.dtype == np.uint16:
                        table._widen()
                        buffer = table._buffer
                        view = memoryview(buffer)
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
        return len(self.rare) + (0 if self.position and self.parity else 1)

    def _is_rare(self, n: int, value: int) -> bool:
        own = (value & self.mask).bit_count() & 1
        if self.position:
            own ^= (n + self.parity) & 1
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
        flip = (n + self.parity) & 1 if self.position else 0
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


__all__ = ["HeapRules", "HeapValues", "RareSplit", "best_mask", "mask_text", "parse_rare_mask", "rare_heaps_of"]
