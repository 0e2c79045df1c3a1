"""Lesson 4 exercise checks: right answers pass, typical wrong answers fail without giving the answer away.

The expected answers come from a brute-force Nim written here (the definition of P and N, no nim-sum) and
from hand computation, not from gamelib.
"""

from functools import cache, reduce
from operator import xor

import numpy as np

from gamelib.exercises import check


def nim_moves(heaps):
    """Every position one move away, heaps kept in order."""
    return [heaps[:i] + (t,) + heaps[i + 1:] for i, h in enumerate(heaps) for t in range(h)]


@cache
def _is_p_sorted(heaps):
    return all(not _is_p_sorted(tuple(sorted(m))) for m in nim_moves(heaps))


def is_p(heaps):
    """P-position of normal-play Nim, by the definition (order of heaps does not matter)."""
    return _is_p_sorted(tuple(sorted(heaps)))


def brute_winning_moves(heaps):
    return [m for m in nim_moves(heaps) if is_p(m)]


def test_the_brute_force_agrees_with_chang():
    assert is_p((1, 1)) and is_p((1, 2, 3)) and is_p((5, 9, 12)) and is_p((3, 13, 14))
    assert not is_p((3, 11, 14)) and not is_p((1, 2, 3, 4, 5)) and not is_p((7,))


def test_4_1_two_heaps_copycat():
    (win,) = brute_winning_moves((7, 4))
    assert win == (4, 4)
    assert check("4.1", win).ok and check("4.1", list(win)).ok
    assert check("4.1", (np.int64(4), np.int64(4))).ok
    for bad in [(5, 4), (7, 3), (0, 4)]:
        result = check("4.1", bad)
        assert not result.ok and "N-position" in result.message and "(4, 4)" not in result.message + result.hint
    assert "one heap only" in check("4.1", (3, 3)).message
    assert "bigger" in check("4.1", (8, 4)).message
    assert "2 heaps" in check("4.1", (4,)).message
    assert "started from" in check("4.1", (7, 4)).message


def test_4_2_nim_sum_by_hand():
    # 6 = 0110, 10 = 1010, 15 = 1111: the columns hold 2, 2, 3 and 1 ones, so the nim-sum is 0011 = 3.
    assert check("4.2", 3).ok and check("4.2", np.int32(3)).ok
    ordinary = check("4.2", 31)
    assert not ordinary.ok and "ordinary sum" in ordinary.message
    assert not check("4.2", 2).ok and "2 is not 6 ⊕ 10 ⊕ 15" in check("4.2", 2).message


def test_4_3_third_heap():
    (c,) = [c for c in range(30) if is_p((6, 10, c))]
    assert c == 12
    assert check("4.3", c).ok
    result = check("4.3", 4)
    assert not result.ok and "N-position" in result.message and "12" not in result.message + result.hint
    assert not check("4.3", -1).ok


def test_4_4_chang_fruit():
    wins = brute_winning_moves((1, 2, 3, 4, 5))
    assert sorted(wins) == [(0, 2, 3, 4, 5), (1, 2, 2, 4, 5), (1, 2, 3, 4, 4)]
    for win in wins:
        assert check("4.4", win).ok
    losing = [m for m in nim_moves((1, 2, 3, 4, 5)) if m not in wins]
    for bad in losing:
        result = check("4.4", bad)
        assert not result.ok and all(str(w) not in result.message + result.hint for w in wins)
    reordered = check("4.4", (2, 1, 3, 4, 4))
    assert not reordered.ok and "order" in reordered.message


def test_4_5_counting_winning_moves():
    heaps = (17, 18, 20, 24, 31, 3)
    # By hand: 17 = 10001, 18 = 10010, 20 = 10100, 24 = 11000, 31 = 11111, 3 = 00011; the columns (16s to 1s)
    # hold 5, 2, 2, 3, 3 ones, so the nim-sum is 10011 = 19, and the five heaps with a 16 can each be reduced
    # to a nim-sum-0 position: 17 -> 2, 18 -> 1, 20 -> 7, 24 -> 11, 31 -> 12.
    # (Six heaps up to 31 are too many for the brute force above; Bouton's theorem is proved in the lesson.)
    zero_sum = [m for m in nim_moves(heaps) if reduce(xor, m) == 0]
    assert zero_sum == [(2, 18, 20, 24, 31, 3), (17, 1, 20, 24, 31, 3), (17, 18, 7, 24, 31, 3),
                        (17, 18, 20, 11, 31, 3), (17, 18, 20, 24, 12, 3)]
    count = len(zero_sum)
    assert count == 5
    assert check("4.5", count).ok and check("4.5", np.int64(5)).ok
    assert not check("4.5", 3).ok and not check("4.5", 6).ok
    assert "not every heap gives a winning move" in check("4.5", 6).message  # one per heap: a common slip
    assert "5" not in check("4.5", 3).message + check("4.5", 3).hint
