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
    assert "too large" in check("7.6", 160).message  # 99 taken as a lower entry: (99, 160) is not a P-position
    assert not check("7.6", 60).ok


@pytest.mark.parametrize(("answer", "said"), [((7, 7), "the row you left out"), ((7,), "the 2 rows you left out")])
def test_7_4_eaten_rows_left_out_are_told_when_still_wrong(answer, said):
    result = check("7.4", answer)
    assert not result.ok and said in result.message and "as eaten (0)" in result.message


def test_7_4_rows_written_in_full_get_no_such_remark():
    assert "left out" not in check("7.4", (7, 7, 1)).message
