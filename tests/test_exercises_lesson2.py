"""Lesson 2 exercise checks. Expected answers come from the textbook's tables or the brute force in brute.py."""

import numpy as np
import pytest

from gamelib import SubtractionGame
from gamelib.exercises import check

from brute import grundy_sequence, mex


def test_the_brute_force_reproduces_the_textbook():
    assert grundy_sequence((2, 5, 7), 22) == [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]
    assert grundy_sequence((2, 3), 14) == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1, 1]


def test_2_1_mex():
    assert mex([0, 1, 3, 4]) == 2
    assert check("2.1", 2).ok and check("2.1", np.int32(2)).ok
    result = check("2.1", 5)
    assert not result.ok and "not the smallest number missing" in result.message and "2" not in result.message
    assert "0 is in the set" in check("2.1", 0).message and "3 is in the set" in check("2.1", 3).message


def test_2_2_g_22_of_two_five_seven():
    truth = grundy_sequence((2, 5, 7), 23)[22]
    assert truth == 0  # mex{g(20), g(17), g(15)} = mex{3, 2, 1}
    assert check("2.2", truth).ok
    for follower in (3, 2, 1):  # g(20), g(17), g(15): the mex differs from each of them
        result = check("2.2", follower)
        assert not result.ok and "value of a follower of 22" in result.message
    assert not check("2.2", 4).ok and "follower" not in check("2.2", 4).message


def test_2_3_grundy_values_of_one_four():
    truth = grundy_sequence((1, 4), 10)
    assert truth == [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]
    assert check("2.3", truth).ok and check("2.3", tuple(truth)).ok and check("2.3", np.array(truth)).ok
    slip = truth.copy()
    slip[4] = 0  # forgetting that heap 4 can move to 0
    result = check("2.3", slip)
    assert not result.ok and "g(4) is not 0" in result.message
    assert "expected 10 values" in check("2.3", truth[:8]).message
    assert not check("2.3", set(truth)).ok  # order matters


def test_2_4_first_three_of_one_three_four():
    g = grundy_sequence((1, 3, 4), 20)
    truth = g.index(3)
    assert truth == 5
    assert check("2.4", truth).ok
    assert f"g(6) = {g[6]}, not 3" in check("2.4", 6).message


def test_2_5_zeros_of_two_three_six_are_the_p_positions():
    g = grundy_sequence((2, 3, 6), 16)
    assert g == [0, 0, 1, 1, 2, 0, 3, 1, 2, 0, 0, 1, 1, 2, 0, 3]  # by hand with the Grundy scale
    truth = [n for n, v in enumerate(g) if v == 0]
    assert truth == [0, 1, 5, 9, 10, 14]
    assert check("2.5", truth).ok and check("2.5", set(truth)).ok
    result = check("2.5", [0, 1, 2, 5])
    assert not result.ok and "g(2) = 1" in result.message
    missing = check("2.5", [0, 1])
    assert "missing" in missing.message and "9" not in missing.message + missing.hint
    assert "0 to 15" in check("2.5", [*truth, 16]).message
    assert not check("2.5", [0, 1, 4, 10, 13, 14]).ok  # the zeros of S = {2, 5, 7} do not fit


def test_2_6_values_certainly_among_the_followers():
    # The mex by its definition, tried on every set of follower values below 8 whose mex is 4:
    from itertools import combinations

    def brute_mex(values):
        m = 0
        while m in values:
            m += 1
        return m

    sets = [set(c) for r in range(9) for c in combinations(range(8), r) if brute_mex(set(c)) == 4]
    certain = sorted(set.intersection(*sets))
    assert certain == [0, 1, 2, 3]
    assert check("2.6", certain).ok and check("2.6", (3, 2, 1, 0)).ok
    with_four = check("2.6", [0, 1, 2, 3, 4])
    assert not with_four.ok and "no follower has value 4" in with_four.message
    assert not check("2.6", [0, 1, 2, 3, 5]).ok
    assert not check("2.6", [0, 1, 2]).ok


def test_2_4_a_later_heap_of_value_3_is_told_it_is_not_the_first():
    game = SubtractionGame({1, 3, 4})
    truth = next(n for n in range(20) if game.grundy(n) == 3)
    later = next(n for n in range(truth + 1, 40) if game.grundy(n) == 3)  # also has value 3, just not the first
    message = check("2.4", later).message
    assert f"g({later}) is 3 indeed" in message and "not the first heap with value 3" in message
    assert "smaller" not in message and "larger" not in message  # no direction to halve towards


@pytest.mark.parametrize("typed", ["101", "0b101", " 0b101 "])
def test_a_number_typed_as_a_binary_string_gets_the_0b_hint(typed):
    result = check("2.4", typed)
    assert not result.ok and "0b101" in result.message and "int(" in result.message and ", 2)" in result.message


def test_text_that_is_not_binary_gets_no_binary_hint():
    assert "binary" not in check("2.4", "12").message and "binary" not in check("2.4", "five").message
