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

import numpy as np

from gamelib.analysis.rare_split import CHUNK, SPARSE_SHARE, HeapRules, RareSplit, mask_text, parse_rare_mask


def count_values(values: np.ndarray, size: int = 0) -> np.ndarray:
    """How many of ``values`` are 0, 1, 2, ... (at least ``size`` counts), with little memory besides them.

    >>> count_values(np.array([0, 2, 2], dtype=np.uint16), 4).tolist()
    [1, 0, 2, 0]
    """
    counts = np.zeros(max(size, int(values.max(initial=0)) + 1 if len(values) else size), dtype=np.int64)
    for start in range(0, len(values), CHUNK):
        part = np.bincount(values[start : start + CHUNK])
        counts[: len(part)] += part
    return counts


# ------------------------------------------------------------------------------------------------- masks
def _walsh_hadamard(counts: np.ndarray) -> np.ndarray:
    """H[m] = sum over w of counts[w] * (-1)**(number of 1 bits of w & m); len(counts) a power of 2."""
    h = counts.astype(np.int64)  # a copy, transformed in place: (a, b) -> (a + b, a - b) at each step
    step = len(h) // 2
    while step:
        pairs = h.reshape(-1, 2, step)
        low, high = pairs[:, 0], pairs[:, 1]
        total = low + high
        np.subtract(low, high, out=high)
        low[...] = total
        step //= 2
    return h


def code_counts(values: np.ndarray, split_parity: int | None, first: int = 1) -> np.ndarray:
    """How many of heaps ``first`` .. ``first + len(values) - 1`` (``values`` are theirs) have each code
    (value << 1) | parity of (n + ``split_parity``) (0 when it is None): ``2 << b`` counts, where every value
    is below ``2**b``. Counts of consecutive stretches of heaps add up (what :func:`best_mask_of_counts` reads).

    >>> code_counts(np.array([1, 1, 2]), 0, first=1).tolist()  # heap 1 (odd): 1 -> 3; heap 2: 1 -> 2; heap 3: 2 -> 5
    [0, 0, 1, 1, 0, 1, 0, 0]
    """
    size = 2 << int(values.max(initial=0)).bit_length()
    # over the odd and the even heaps apart (no array as long as the values is made: 20 million heaps stay 40 MB)
    counts = np.zeros(size, dtype=np.int64)
    for start in (0, 1):
        parity = 0 if split_parity is None else (first + start + split_parity) & 1
        counts[parity::2] += count_values(values[start::2], size // 2)
    return counts


def best_mask_of_counts(counts: np.ndarray, split_parity: int | None) -> tuple[int, bool, int]:
    """:func:`best_mask` from the :func:`code_counts` of heaps 1 .. len - 1 (``len(counts)`` a power of 2, at
    least ``2 << b`` when every value is below ``2**b``; ties go to the smaller mask, so more room changes
    nothing)."""
    heaps = int(counts.sum())
    if heaps == 0:
        return 0, False, 0
    transform = _walsh_hadamard(counts)
    rare = (heaps + transform) // 2  # heaps whose code has an even number of 1 bits under the mask
    rare[0] = heaps + 1  # mask 0 is no split at all
    if split_parity is None:
        rare[1::2] = heaps + 1  # the position variant does not apply
    chosen = int(np.argmin(rare))
    return chosen >> 1, bool(chosen & 1), int(rare[chosen])


def best_mask(values: np.ndarray, split_parity: int | None) -> tuple[int, bool, int]:
    """The mask (and whether the heap's parity joins in) with the fewest rare heaps among heaps 1 .. len - 1.

    Returns ``(mask, position, rare)``, ``rare`` counting heaps 1 .. len - 1 (heap 0 is never part of a
    split). The position variant is tried only when every split removes tokens of one parity
    (``split_parity`` 0 or 1). Ties go to the smaller mask; a mask of 0 makes every heap rare.

    >>> best_mask(np.array([0, 1, 1, 2, 1, 1, 2, 3, 1, 1, 2]), None)  # under mask 3 only the value 3 is rare
    (3, False, 1)
    """
    return best_mask_of_counts(code_counts(values[1:], split_parity), split_parity)


def mask_parities(size: int, mask: int) -> np.ndarray:
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
    if position and split_parity is None:
        raise ValueError("a mask with '+pos' needs the parity of the heaps a split removes")
    lookup = mask_parities(1 << int(values.max(initial=0)).bit_length(), mask)
    odd = 1 + (split_parity or 0)  # the heaps n with n + split_parity odd have n + odd even
    found = []
    for start in range(0, len(values), CHUNK):  # a chunk at a time: see CHUNK
        classes = lookup[values[start : start + CHUNK]]
        if position:
            classes[(start + odd) % 2 :: 2] ^= 1
        found.append(np.flatnonzero(classes == 0) + start)
    return np.concatenate(found) if found else np.zeros(0, dtype=np.intp)


__all__ = ["SPARSE_SHARE", "HeapRules", "RareSplit", "best_mask", "best_mask_of_counts", "code_counts", "count_values",
           "mask_parities", "mask_text", "parse_rare_mask", "rare_heaps_of"]
