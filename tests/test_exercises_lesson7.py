"""Lesson 7's checks accept the answers worked out by hand and refuse wrong ones without revealing them."""

import pytest

from gamelib.exercises import check


@pytest.mark.parametrize("exercise, answer", [
    ("7.1", 31),            # k = 12: floor(12 * 1.618...) = 19, partner 19 + 12
    ("7.2", (4, 7)),        # take 5 from both heaps; (4, 7) is the k = 3 pair
    ("7.2", [4, 7]),
    ("7.3", (9, 9)),        # two-heap Nim: equalise the heaps
    ("7.4", (7, 7, 4)),     # found by search (no rule is known for three rows)
    ("7.5", (5, 1, 1, 1, 1)),  # leave an L with equal arms and mirror the opponent
])
def test_right_answers_pass(exercise, answer):
    assert check(exercise, answer).ok


@pytest.mark.parametrize("exercise, answer, secret", [
    ("7.1", 30, "31"),
    ("7.2", (9, 11), "(4, 7)"),
    ("7.2", (8, 8), "(4, 7)"),     # not reachable in one move
    ("7.3", (0, 14), "(9, 9)"),
    ("7.4", (7, 7, 1), "(7, 7, 4)"),
    ("7.5", (5, 5, 5, 5, 1), "(5, 1, 1, 1, 1)"),
])
def test_wrong_answers_fail_without_giving_the_answer(exercise, answer, secret):
    feedback = check(exercise, answer)
    assert not feedback.ok
    assert secret not in str(feedback)
    assert "Hint:" in str(feedback)


@pytest.mark.parametrize("exercise", ["7.1", "7.2", "7.3", "7.4", "7.5"])
def test_placeholder_and_nonsense_do_not_raise(exercise):
    assert "Not answered yet" in str(check(exercise, None))
    assert not check(exercise, "seven").ok


def test_7_6_the_partner_of_99_by_brute_force():
    from functools import cache

    @cache
    def is_p(a, b):  # Wythoff's game by its definition
        return all(not is_p(*f) for f in [(t, b) for t in range(a)] + [(a, t) for t in range(b)]
                   + [(a - d, b - d) for d in range(1, min(a, b) + 1)])

    partners = [a for a in range(99) if is_p(a, 99)]
    assert partners == [61]
    assert check("7.6", 61).ok
    assert "takes 99 for k" in check("7.6", 160).message  # floor(99·φ) = 160: 99 taken for the index k
    assert "38 is the k" in check("7.6", 38).message  # 99 = floor(38·φ²): the index, not the heap
    assert not check("7.6", 60).ok


@pytest.mark.parametrize(("answer", "said"), [((7, 7), "the row you left out"), ((7,), "the 2 rows you left out")])
def test_7_4_eaten_rows_left_out_are_told_when_still_wrong(answer, said):
    result = check("7.4", answer)
    assert not result.ok and said in result.message and "as eaten (0)" in result.message


def test_7_4_rows_written_in_full_get_no_such_remark():
    assert "left out" not in check("7.4", (7, 7, 1)).message


# --- 7.5: a pair that names a square (counted from 1 at the poisoned corner, as the lesson counts) --------------


def test_7_5_the_square_diagonally_below_the_poison_is_read_as_a_square():
    result = check("7.5", (2, 2))
    assert result.ok
    assert "reading (2, 2) as the square in row 2, column 2" in result.message and "(5, 1, 1, 1, 1)" in result.message


def test_7_5_other_squares_are_read_too_and_judged():
    poison = check("7.5", (1, 1))
    assert not poison.ok and "poisoned square" in poison.message
    corner = check("7.5", (3, 3))  # leaves (5, 5, 2, 2, 2): the opponent mirrors nothing, it is N
    assert not corner.ok and "(5, 5, 2, 2, 2)" in corner.message and "N-position" in corner.message
    assert "(5, 1, 1, 1, 1)" not in str(corner)


def test_7_5_a_pair_that_is_a_bite_as_row_lengths_stays_row_lengths():
    result = check("7.5", (5, 5))  # (5, 5, 0, 0, 0): a legal bite at row 3, column 1
    assert not result.ok and "square" not in result.message and "(5, 5, 0, 0, 0)" in result.message
    assert "square" not in check("7.5", (6, 6)).message  # no square (6, 6) on a 5 x 5 bar


def test_7_4_a_winning_square_on_three_rows():
    from functools import cache

    @cache
    def is_p(rows):  # Chomp by its definition: bite square (r, c) != (0, 0), everything below and right goes
        return all(not is_p(rows[:r] + tuple(min(x, c) for x in rows[r:]))
                   for r in range(len(rows)) for c in range(rows[r]) if r or c)

    winning = [(r + 1, c + 1) for r in range(3) for c in range(7) if (r or c)
               and is_p((7, 7, 7)[:r] + tuple(min(x, c) for x in (7, 7, 7)[r:]))]
    assert winning == [(3, 5)]
    assert check("7.4", (3, 5)).ok and "(7, 7, 4)" in check("7.4", (3, 5)).message
