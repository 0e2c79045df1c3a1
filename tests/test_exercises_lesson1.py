"""Lesson 1 exercise checks: right answers pass, typical wrong answers fail without giving the answer away.

The expected answers come from a brute force written here (and from the seed texts), not from gamelib.
"""

from functools import cache

import numpy as np
import pytest

from gamelib.exercises import check


def brute_p_positions(amounts_of, stop):
    """P-positions below ``stop`` by the definition, for a rule ``amounts_of(n)`` listing what may be taken."""

    @cache
    def is_p(n):
        return all(not is_p(n - a) for a in amounts_of(n) if a <= n)

    return [n for n in range(stop) if is_p(n)]


def subtraction(S):
    return lambda n: S


def digits(n):
    return {int(d) for d in str(n) if d != "0"}


def test_the_brute_force_agrees_with_the_seed_texts():
    assert brute_p_positions(subtraction((1, 3, 4)), 24) == [0, 2, 7, 9, 14, 16, 21, 23]  # the blog
    assert brute_p_positions(digits, 45) == [0, 10, 20, 30, 40]  # the blog's digit game
    assert brute_p_positions(subtraction((1, 2, 3)), 13) == [0, 4, 8, 12]  # course note 3


def test_1_1_p_positions_of_one_to_four():
    truth = brute_p_positions(subtraction((1, 2, 3, 4)), 10)
    assert truth == [0, 5]
    assert check("1.1", truth).ok
    assert check("1.1", {0, 5}).ok
    assert check("1.1", np.array(truth)).ok
    wrong = check("1.1", [0, 4])
    assert not wrong.ok and "4 is not" in wrong.message
    missing = check("1.1", [0])
    assert not missing.ok and "missing" in missing.message and "5" not in missing.message


def test_1_1_a_heap_outside_the_range_is_explained_not_crashed():
    result = check("1.1", [0, 5, 10])
    assert not result.ok and "0 to 9" in result.message


def test_1_2_winning_move_from_25():
    moves = [25 - s for s in (1, 3, 4)]
    p = set(brute_p_positions(subtraction((1, 3, 4)), 26))
    (win,) = [m for m in moves if m in p]
    assert check("1.2", win).ok
    assert check("1.2", np.int64(win)).ok
    for bad in (m for m in moves if m != win):
        result = check("1.2", bad)
        assert not result.ok and str(win) not in result.message + result.hint
    illegal = check("1.2", 23)
    assert not illegal.ok and "cannot be reached" in illegal.message


def test_1_3_heap_of_100():
    truth = "P" if 100 in brute_p_positions(subtraction((1, 3, 4)), 101) else "N"
    assert truth == "P"  # 100 = 14 * 7 + 2
    assert check("1.3", "P").ok and check("1.3", "p").ok and check("1.3", " P-position").ok
    assert not check("1.3", "N").ok


def test_1_4_digit_game_from_307():
    p = set(brute_p_positions(digits, 308))
    (win,) = [307 - d for d in digits(307) if 307 - d in p]
    assert win == 300
    assert check("1.4", win).ok
    result = check("1.4", 304)
    assert not result.ok and "N-position" in result.message and "300" not in result.message + result.hint
    assert not check("1.4", 305).ok  # 2 is not a digit of 307
    assert not check("1.4", 50).ok  # the answer to the old question about 57


def test_1_5_ptfn_by_hand_for_one_four():
    truth = brute_p_positions(subtraction((1, 4)), 15)
    assert truth == [0, 2, 5, 7, 10, 12]
    assert check("1.5", truth).ok
    result = check("1.5", [0, 2, 4])
    assert not result.ok and "4 is not" in result.message and "marked N" in result.message


# --- answers of the wrong form or kind are told what they look like -----------------------------------------


@pytest.mark.parametrize("taken", [1, 3, 4])  # S = {1, 3, 4}, heap 25: the amounts a move may take
def test_1_2_an_amount_taken_is_told_to_give_the_heap_left(taken):
    result = check("1.2", taken)
    assert not result.ok and "number of chips taken, not the heap left" in result.message
    # The heap it would leave is never worked out for the student: 25 - 4 = 21 is the answer itself.
    assert str(25 - taken) not in result.message


def test_1_2_a_heap_that_is_no_amount_is_just_unreachable():
    result = check("1.2", 2)  # 25 - 2 = 23 is not a move of S = {1, 3, 4}
    assert not result.ok and "cannot be reached" in result.message and "taken" not in result.message


def test_grundy_values_or_labels_given_for_p_positions_are_recognised():
    values = [0, 1, 0, 1, 2, 0, 1, 0, 1, 2]  # g(0..9) for S = {1, 4}, not the P-positions
    result = check("1.5", values)
    assert not result.ok and "Grundy values" in result.message and "each listed once" in result.message
    labels = check("1.1", ["P", "N", "N", "N", "N", "P"])
    assert not labels.ok and "label for each heap" in labels.message
    assert check("1.1", {0, 5}).ok  # a set cannot repeat: still read as heaps


# --- 1.5 says "check yourself with ptfn": what ptfn prints is read as labels ----------------------------------------


def brute_labels(S, stop):
    p = set(brute_p_positions(subtraction(S), stop))
    return "".join("P" if n in p else "N" for n in range(stop))


def test_1_5_accepts_the_labels_as_ptfn_prints_them():
    labels = brute_labels((1, 4), 15)
    assert labels == "PNPNNPNPNNPNPNN"
    for written in (labels, labels.lower(), " ".join(labels), list(labels)):
        result = check("1.5", written)
        assert result.ok and "[0, 2, 5, 7, 10, 12]" in result.message, written
    assert "is text" not in check("1.5", labels).message


def test_1_5_wrong_labels_point_at_the_first_wrong_heap():
    labels = brute_labels((1, 4), 15)
    slip = labels[:4] + "P" + labels[5:]  # heap 4 is N: 4 - 4 = 0 is a P-position
    result = check("1.5", slip)
    assert not result.ok and "heap 4 is labelled P" in result.message and "P-position 0" in result.message
    missed = labels[:5] + "N" + labels[6:]  # heap 5 is P: neither 4 nor 1 is P
    result = check("1.5", missed)
    assert not result.ok and "heap 5 is labelled N" in result.message and "marks it N" in result.message
    short = check("1.5", labels[:10])
    assert not short.ok and "labels 10 heaps" in short.message and "0 to 14" in short.message


def test_labels_where_other_exercises_ask_for_heap_sizes_say_what_to_give():
    result = check("1.1", brute_labels((1, 2, 3, 4), 10))
    assert not result.ok and "as ptfn prints them" in result.message and "whose label is P" in result.message
    assert "is text" not in result.message
    other = check("6.4", "PNNP")  # asks for heaps labelled wrongly, not P-positions
    assert not other.ok and "whose label is P" not in other.message and "as whole numbers" in other.message
    assert not check("1.5", "hello").ok and "is text" in check("1.5", "hello").message  # plain text stays text
