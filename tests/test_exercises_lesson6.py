"""Lesson 6 exercise checks: right answers pass, typical wrong answers fail without giving the answer away.

The expected answers come from brute force written here (misère play by the definition: a player who cannot
move wins), not from gamelib.
"""

import re
from functools import cache

import numpy as np

from gamelib.exercises import check


def nim_moves(heaps):
    return [heaps[:i] + (t,) + heaps[i + 1:] for i, h in enumerate(heaps) for t in range(h)]


@cache
def misere_nim_is_p(heaps):
    followers = nim_moves(heaps)
    if not followers:
        return False  # the player to move cannot move, and wins
    return all(not misere_nim_is_p(m) for m in followers)


def misere_p_positions(S, stop):
    @cache
    def is_p(n):
        followers = [n - s for s in S if s <= n]
        return bool(followers) and all(not is_p(f) for f in followers)

    return [n for n in range(stop) if is_p(n)]


def test_the_brute_force_agrees_with_chang():
    assert misere_nim_is_p((1,))  # Chang: (1) is a P-position of misère Nim
    assert not misere_nim_is_p(()) and not misere_nim_is_p((1, 1)) and misere_nim_is_p((1, 1, 1))


def test_6_1_two_equal_heaps():
    assert misere_nim_is_p((2, 2))
    assert check("6.1", "P").ok and check("6.1", "p").ok
    result = check("6.1", "N")
    assert not result.ok


def test_6_2_the_misere_move_differs_from_the_normal_one():
    wins = [m for m in nim_moves((1, 1, 5)) if misere_nim_is_p(m)]
    assert wins == [(1, 1, 1)]
    assert check("6.2", wins[0]).ok and check("6.2", [1, 1, 1]).ok
    normal_move = check("6.2", (1, 1, 0))
    assert not normal_move.ok and "even" in normal_move.message and "(1, 1, 1)" not in normal_move.message
    assert not check("6.2", (1, 1, 4)).ok
    other_heap = check("6.2", (1, 0, 5))
    assert not other_heap.ok and "nim-sum is not 0" in other_heap.message


def test_6_3_misere_one_four():
    truth = misere_p_positions((1, 4), 20)
    # by hand: heap 0 N (no move), 1 P (only move to 0), 2 N, 3 P (moves to 2), 4 N (to 3), 5 N (to 1),
    # 6 P (moves to 5 and 2, both N), ...; normal play has P iff n mod 5 in {0, 2}, shifted up by 1
    assert truth == [1, 3, 6, 8, 11, 13, 16, 18]
    assert check("6.3", truth).ok and check("6.3", np.array(truth)).ok
    normal = check("6.3", [0, 2, 5, 7, 10, 12, 15, 17])
    assert not normal.ok and "0 is not" in normal.message and "no move" in normal.message
    missing = check("6.3", [1, 3])
    assert not missing.ok and "missing" in missing.message
    # the message may count the missing heaps ("6 of ... are missing") but must not list them
    assert not re.search(r"\b(8|11|13|16|18)\b", missing.message + missing.hint)


def printed_start_p_positions(S, stop):
    """He & Qin's Algorithm 1 with their printed misère start: X[0] .. X[s_1] set to N (index guarded)."""
    X = [1 if n <= min(S) else 0 for n in range(stop)]  # 1 = N, 0 = P (the paper's coding)
    for i in range(stop):
        if X[i] == 0:
            for s in S:
                if i + s < stop:
                    X[i + s] = 1
    return [n for n in range(stop) if X[n] == 0]


def test_6_4_the_papers_initialisation():
    printed = set(printed_start_p_positions((3, 5), 20))
    truth = set(misere_p_positions((3, 5), 20))
    assert printed == {4, 5, 6, 12, 13, 14} and truth == {3, 4, 5, 11, 12, 13, 19}
    wrong_labels = sorted(printed ^ truth)
    assert wrong_labels == [3, 6, 11, 14, 19]
    assert check("6.4", wrong_labels).ok
    partial = check("6.4", [3])
    assert not partial.ok and "missing" in partial.message and "19" not in partial.message + partial.hint
    right_label = check("6.4", [3, 4, 6, 11, 14, 19])
    assert not right_label.ok and "both starts label heap 4 as P" in right_label.message


def test_6_5_misere_two_five_seven():
    truth = misere_p_positions((2, 5, 7), 20)
    assert truth == [2, 3, 6, 12, 15, 16]
    assert check("6.5", truth).ok
    result = check("6.5", [0, 1, 4, 10, 13, 14])
    assert not result.ok and "0 is not" in result.message


def test_6_6_a_misere_sum_of_tame_heaps_by_the_definition():
    from functools import cache

    @cache
    def misere_p(heaps):  # three heaps of S = {1, 3, 4}, misère play, searched move by move
        followers = [tuple(sorted(heaps[:i] + (h - s,) + heaps[i + 1:])) for i, h in enumerate(heaps)
                     for s in (1, 3, 4) if s <= h]
        return bool(followers) and all(not misere_p(f) for f in followers)

    assert misere_p((1, 3, 8))  # while in normal play g = 1 ⊕ 1 ⊕ 1 = 1: an N-position
    assert check("6.6", "P").ok
    assert not check("6.6", "N").ok
