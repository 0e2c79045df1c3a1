"""Lesson 10's exercise checks: the right answers, found by a search of misère play from the rules
(tests/brute_misere.py), are accepted; wrong and odd answers get a message that does not give the answer away."""

from __future__ import annotations

import pytest
from brute_misere import Misere, brute_classes, heap_moves_octal

from gamelib.exercises import check
from gamelib.exercises.lesson10 import KAYLES_MAX, R8_SUM, R8_WORD

KAYLES = Misere(lambda n: heap_moves_octal("0.77", n))
R8 = Misere(lambda n: heap_moves_octal("0.75", n))


def test_10_1_the_rows_that_pretend_to_be_ab_by_brute_force():
    classes = brute_classes(KAYLES, list(range(1, KAYLES_MAX + 1)), 10)
    ab = classes[(1, 2)]  # a is the row of 1 pin, b the row of 2 (the lesson's generators)
    rows = [n for n in range(1, KAYLES_MAX + 1) if classes[(n,)] == ab]
    assert rows == [3, 6]
    assert check("10.1", rows).ok and check("10.1", set(rows)).ok
    feedback = check("10.1", [3, 6, 8])
    assert not feedback.ok and "heap 8 pretends to be ab2" in feedback.message
    assert not check("10.1", [3]).ok and "1 of the heaps" in check("10.1", [3]).message


def test_10_2_the_sum_is_an_n_position_though_normal_play_says_p():
    assert not R8.is_p(R8_SUM)
    assert check("10.2", "N").ok and check("10.2", "n-position").ok
    feedback = check("10.2", "P")
    assert not feedback.ok and "Grundy values of normal play do not decide" in feedback.hint


def test_10_3_the_name_of_b3c3_by_brute_force():
    classes = brute_classes(R8, list(range(1, 11)), 6)
    word = (2, 2, 2, 5, 5, 5)  # b3c3: b is heap 2, c is heap 5
    assert R8.is_p(word) is False
    row = tuple(R8.is_p(tuple(sorted(word + t))) for t in sorted(classes, key=lambda s: (sum(s), s)))
    ab = tuple(R8.is_p(tuple(sorted((1, 2) + t))) for t in sorted(classes, key=lambda s: (sum(s), s)))
    assert row == ab  # b3c3 behaves like ab beside every sum of at most 6 tokens, which R8 needs
    assert R8_WORD == "b3c3" and check("10.3", "ab").ok and check("10.3", " a b ").ok


@pytest.mark.parametrize("answer, words", [
    ("b3c", "is equal to b3c3, but it is not the element's name"),
    ("ab2", "ab2 is another element than b3c3"),
    ("b4", "b4 equals b2, which is another element than b3c3"),
    ("d", "is not a word in the generators a, b, c"),
    ("a+b", "is not a word in the generators"),
    (["a", "b"], "expected a word in the generators"),
])
def test_10_3_says_what_is_wrong_without_the_name(answer, words):
    feedback = check("10.3", answer)
    assert not feedback.ok and words in feedback.message
    assert "'ab'" not in feedback.message and " ab " not in f" {feedback.message} {feedback.hint} "
