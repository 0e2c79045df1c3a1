"""Lesson 5 exercise checks: right answers pass, typical wrong answers fail without giving the answer away.

The expected answers come from brute force written here (mex by the definition; the sum played out move by
move, without the XOR rule) and from the printed Figure 3 of He & Qin, not from gamelib.
"""

from functools import cache

import numpy as np
import pytest

from gamelib.exercises import check


def brute_grundy(S):
    @cache
    def g(n):
        seen = {g(n - s) for s in S if s <= n}
        m = 0
        while m in seen:
            m += 1
        return m

    return g


def brute_sum_is_p(S_a, S_b):
    """P-positions of the sum of two subtraction games, by the definition: no XOR anywhere."""

    @cache
    def is_p(i, j):
        followers = [(i - s, j) for s in S_a if s <= i] + [(i, j - t) for t in S_b if t <= j]
        return all(not is_p(*f) for f in followers)

    return is_p


def test_the_brute_force_agrees_with_the_seed_texts():
    assert [brute_grundy((2, 5, 7))(n) for n in range(12)] == [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3]
    assert [brute_grundy((1, 3, 7, 8))(n) for n in range(16)] == [0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 2, 3, 2, 3, 2, 0]


def test_5_1_value_of_a_sum():
    value = brute_grundy((2, 5, 7))(7) ^ brute_grundy((1, 3, 4))(4)
    assert value == 1
    assert check("5.1", value).ok and check("5.1", np.uint8(value)).ok
    ordinary = check("5.1", 5)
    assert not ordinary.ok and "ordinary sum" in ordinary.message
    assert not check("5.1", 0).ok


def test_5_2_equivalent_nim_heap():
    size = brute_grundy((1, 3, 4))(11)
    # Equivalence checked by the definition: heap 11 of {1, 3, 4} plus a Nim heap of `size` is a P-position.
    nim_heap = tuple(range(1, 40))
    assert brute_sum_is_p((1, 3, 4), nim_heap)(11, size)
    assert check("5.2", size).ok
    result = check("5.2", 11)
    assert not result.ok and "not the same game as a Nim heap of 11" in result.message


def test_5_3_winning_moves_in_the_papers_sum():
    is_p = brute_sum_is_p((1, 3, 7, 8), (1, 2, 3))
    followers = [(20 - s, 19) for s in (1, 3, 7, 8)] + [(20, 19 - t) for t in (1, 2, 3)]
    wins = [f for f in followers if is_p(*f)]
    # by hand: g_A(20) = 1 (period 15 from the paper's g(0..21)) and g_B(19) = 19 mod 4 = 3
    assert sorted(wins) == [(13, 19), (20, 17)]
    for win in wins:
        assert check("5.3", win).ok and check("5.3", list(win)).ok
    for bad in (f for f in followers if f not in wins):
        result = check("5.3", bad)
        assert not result.ok and "N-position" in result.message
        assert all(str(w) not in result.message + result.hint for w in wins)
    assert "cannot be reached" in check("5.3", (18, 19)).message


def test_5_4_printed_row_15():
    printed = [0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1]  # He & Qin, Figure 3, row 15, columns 0 to 14
    is_p = brute_sum_is_p((1, 3, 7, 8), (1, 2, 3))
    wrong_cells = [j for j, cell in enumerate(printed) if (cell == 0) != is_p(15, j)]
    assert wrong_cells == [7, 8, 10, 12, 13]
    assert check("5.4", wrong_cells).ok and check("5.4", set(wrong_cells)).ok
    result = check("5.4", [7, 8, 10])
    assert not result.ok and "missing" in result.message and "12" not in result.message + result.hint
    right_cell = check("5.4", [0, 7, 8, 10, 12, 13])
    assert not right_cell.ok and "0 is not" in right_cell.message
    outside = check("5.4", [7, 8, 10, 12, 13, 15])
    assert not outside.ok and "0 to 14" in outside.message





@cache
def kayles_grundy(n):
    """Kayles by its rules: knock down 1 or 2 neighbouring pins from a row of n, leaving rows a and b."""
    seen = set()
    for knocked in (1, 2):
        for a in range(n - knocked + 1):
            seen.add(kayles_grundy(a) ^ kayles_grundy(n - knocked - a))
    m = 0
    while m in seen:
        m += 1
    return m


def test_5_5_kayles_row_of_13():
    assert [kayles_grundy(n) for n in range(12)] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]  # OEIS A002186
    single_pin = [(a, 12 - a) for a in range(7)]
    wins = [(a, b) for a, b in single_pin if kayles_grundy(a) == kayles_grundy(b) and a != b]
    assert wins == [(2, 10), (4, 8)]
    for a, b in wins:
        assert check("5.5", (a, b)).ok and check("5.5", [b, a]).ok
    copycat = check("5.5", (6, 6))
    assert not copycat.ok and "copycat" in copycat.message
    losing = check("5.5", (3, 9))
    assert not losing.ok and "not 0" in losing.message
    assert all(str(w) not in losing.message + losing.hint for w in wins)
    assert "cannot be reached" in check("5.5", (3, 3)).message
    assert not check("5.5", 12).ok  # one pin off the end leaves a row of 12, which is N


def test_5_6_the_nim_sum_procedure_in_a_sum_of_three():
    sets = ((1, 3, 4), (2, 5, 7), (1, 2, 3))
    heaps = (13, 11, 6)

    @cache
    def is_p(position):
        followers = [position[:i] + (h - s,) + position[i + 1:]
                     for i, (S, h) in enumerate(zip(sets, position, strict=True)) for s in S if s <= h]
        return all(not is_p(f) for f in followers)

    winning = sorted(f for i, (S, h) in enumerate(zip(sets, heaps, strict=True)) for s in S if s <= h
                     for f in [heaps[:i] + (h - s,) + heaps[i + 1:]] if is_p(f))
    assert winning == [(10, 11, 6), (13, 4, 6), (13, 11, 5)]  # one in each part, as the lesson says
    for move in winning:
        assert check("5.6", move).ok and check("5.6", list(move)).ok
    assert not check("5.6", (12, 11, 6)).ok  # legal, leaves an N-position
    illegal = check("5.6", (13, 11, 0))
    assert not illegal.ok and "cannot be reached" in illegal.message
    assert not check("5.6", (13, 11)).ok


def test_5_7_p_plus_n():
    assert check("5.7", "N").ok and check("5.7", "n").ok
    assert not check("5.7", "P").ok


def test_5_8_poker_nim_reply_undoes_the_raise():
    # By the definition: Nim positions searched move by move.
    @cache
    def is_p(heaps):
        return all(not is_p(heaps[:i] + (k,) + heaps[i + 1:]) for i, h in enumerate(heaps) for k in range(h))

    winning = [heaps for i in range(3) for k in range((9, 5, 6)[i])
               for heaps in [(9, 5, 6)[:i] + (k,) + (9, 5, 6)[i + 1:]] if is_p(heaps)]
    assert winning == [(3, 5, 6)]
    assert check("5.8", (3, 5, 6)).ok
    assert not check("5.8", (9, 5, 3)).ok
    # Poker Nim also lets a player add chips to one heap. The P-positions are still Nim's (a raise is answered by
    # taking the chips back), so the raises to a Nim P-position win too: they are never needed, but they are right.
    raises = [heaps for i in range(3) for k in range((9, 5, 6)[i] + 1, 40)
              for heaps in [(9, 5, 6)[:i] + (k,) + (9, 5, 6)[i + 1:]] if is_p(heaps)]
    assert raises == [(9, 15, 6), (9, 5, 12)]
    for heaps in raises:
        result = check("5.8", heaps)
        assert result.ok and "raise wins too" in result.message and "never needed" in result.message
    assert "cannot be reached" not in str(check("5.8", (9, 15, 6)))
    losing = check("5.8", (10, 5, 6))  # a legal raise, to an N-position
    assert not losing.ok and "Poker Nim allows" in losing.message and "nim-sum is 9" in losing.message
    two = check("5.8", (9, 6, 5))
    assert not two.ok and "changes 2 heaps" in two.message and "one heap only" in two.message
    assert "position your opponent left" in check("5.8", (9, 5, 6)).message


def test_5_9_the_guy_smith_window_of_dawsons_kayles_by_brute_force():
    # Dawson's Kayles by its definition: remove two neighbouring pins; rows as sorted tuples.
    @cache
    def g_row(n):
        values = set()
        for left in range(n - 1):
            right = n - 2 - left
            values.add(g_row(left) ^ g_row(right))
        m = 0
        while m in values:
            m += 1
        return m

    g = [g_row(n) for n in range(400)]
    p, n0 = 34, 53
    assert all(g[n + p] == g[n] for n in range(n0, 400 - p))
    assert g[n0 - 1] != g[n0 - 1 + p]  # the repetition starts at 53, not earlier
    last = 2 * n0 + p + 2 - 1
    assert last == 141
    assert check("5.9", 141).ok
    assert "without t" in check("5.9", 2 * n0 + p).message  # 140: the window without the t pins
    assert "where the check stops" in check("5.9", 2 * n0 + p + 2).message  # 142: the first heap not checked
    assert "141" not in str(check("5.9", 142)) + str(check("5.9", 140))


@pytest.mark.parametrize("answer", [(10, -1, 6), (-1, 5, 6), (9, 5), (9, 5, 6, 0), (9.0, 5, 6), "9, 5, 3"])
def test_5_8_odd_replies_are_told_what_is_off_not_judged_as_raises(answer):
    result = check("5.8", answer)
    assert not result.ok and "raises a heap" not in result.message and result.message
