"""Feedback that teaches: a wrong number is never told which way the answer lies ("too large", "smaller"), so
halving cannot replace computing; known slips are named instead."""

import re

import pytest

from gamelib.exercises import EXERCISES, check

#: Words that point towards the answer.
DIRECTION = re.compile(r"too (large|small|big)|\b(larger|bigger|greater)\b|answer is (smaller|less)")


@pytest.mark.parametrize("exercise", sorted(EXERCISES))
def test_no_whole_number_answer_is_told_which_way_to_go(exercise):
    for answer in [*range(-3, 260), 10**6, 10**40]:
        feedback = check(exercise, answer)
        assert not DIRECTION.search(feedback.message + " " + feedback.hint), (exercise, answer, str(feedback))


@pytest.mark.parametrize(("exercise", "truth"), [("2.1", 2), ("3.1", 2), ("4.5", 5), ("5.9", 141), ("7.1", 31)])
def test_numbers_on_either_side_of_the_answer_get_the_same_words(exercise, truth):
    """Apart from named slips, the message is the same sentence whichever side of the answer a number lies."""
    sentences = set()
    for given in (truth - 7, truth + 7, truth + 13):
        message = check(exercise, given).message
        if ":" not in message.split(" is not ", 1)[1]:  # not a named slip
            sentences.add(message.replace(str(given), "X", 1))
    assert len(sentences) == 1, sentences
