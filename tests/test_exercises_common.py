"""What every exercise check must do, whatever the lesson: a missing or odd answer gets a message, never a
traceback, and never counts as right."""

import pytest

from gamelib.exercises import EXERCISES, check

from lesson_index import LESSON_NUMBERS


class Stranger:
    """An object no check knows, with a name that stays the same in every process: test ids must be equal in
    every pytest-xdist worker (a bare object() is named by its address)."""

    def __repr__(self) -> str:
        return "Stranger()"


ODD_ANSWERS = ["seven", 2.5, 2.0, True, {"a": 1}, [1, "x"], (1.5, 2), (-1, 4), Stranger()]


def test_every_lesson_of_the_index_has_exercises_and_no_other_lesson_does():
    lessons = {exercise_id.split(".")[0] for exercise_id in EXERCISES}
    assert lessons == {str(n) for n in LESSON_NUMBERS}


@pytest.mark.parametrize("exercise", sorted(EXERCISES))
def test_none_means_not_answered(exercise):
    result = check(exercise, None)
    assert not result.ok and "Not answered yet" in result.message


@pytest.mark.parametrize("exercise", sorted(EXERCISES))
@pytest.mark.parametrize("answer", ODD_ANSWERS, ids=repr)
def test_odd_answers_get_a_message_not_an_exception(exercise, answer):
    result = check(exercise, answer)
    assert not result.ok and result.message
