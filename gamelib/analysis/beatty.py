"""Wythoff's P-positions two ways: built by mex, as in the proof, and read off complementary Beatty sequences.

Wythoff's game (two heaps; take from one heap, or the same amount from both) has the P-positions
``(a_k, b_k)`` and their mirror images, for k = 0, 1, 2, ...:

* **by mex**: ``a_k`` is the smallest whole number not among ``a_0, b_0, ..., a_{k-1}, b_{k-1}``, and
  ``b_k = a_k + k`` (no golden ratio anywhere);
* **by Beatty**: ``a_k = floor(k·φ)`` and ``b_k = floor(k·φ²) = a_k + k``, φ the golden ratio. Since
  1/φ + 1/φ² = 1, Beatty's theorem says these two sequences (k ≥ 1) hold every positive whole number exactly once.

Both are computed with whole numbers only: floor(k·φ) = (k + isqrt(5k²)) // 2, exactly.
"""

from __future__ import annotations

from math import isqrt

from gamelib.arguments import LimitError, check_int, check_stop
from gamelib.limits import MAX_FLOOR_PHI, MAX_WYTHOFF_LIMIT


def floor_phi(k: int) -> int:
    """floor(k·φ) for a whole number k >= 0, exactly: φ = (1 + √5) / 2, so k·φ = (k + √(5k²)) / 2.

    >>> [floor_phi(k) for k in range(8)]
    [0, 1, 3, 4, 6, 8, 9, 11]
    >>> floor_phi(10**30)  # no floating point, so no rounding error at any size
    1618033988749894848204586834365
    """
    k = check_int(k, "k")
    if k > MAX_FLOOR_PHI:
        raise LimitError(f"k has about {int(k.bit_length() * 0.30103):,} digits; floor_phi computes at once up to "
                         "k = 10**1000")
    return (k + isqrt(5 * k * k)) // 2


def wythoff_pairs(count: int) -> list[tuple[int, int]]:
    """The first ``count`` Beatty pairs (floor(k·φ), floor(k·φ²)) for k = 0, 1, ...; floor(k·φ²) = floor(k·φ) + k.

    >>> wythoff_pairs(6)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    """
    count = check_stop(count, limit=MAX_WYTHOFF_LIMIT, name="count")
    return [(floor_phi(k), floor_phi(k) + k) for k in range(count)]


def wythoff_pairs_by_mex(count: int) -> list[tuple[int, int]]:
    """The first ``count`` pairs built as in the proof: a_k = mex of all earlier entries, b_k = a_k + k.

    >>> wythoff_pairs_by_mex(6)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]
    """
    count = check_stop(count, limit=MAX_WYTHOFF_LIMIT, name="count")
    upper: set[int] = set()  # the b's not yet passed: every smaller number is used up
    pairs = []
    smallest_free = 0
    for k in range(count):
        while smallest_free in upper:
            upper.remove(smallest_free)
            smallest_free += 1
        a = smallest_free
        pairs.append((a, a + k))
        smallest_free += 1
        if k:
            upper.add(a + k)
    return pairs
