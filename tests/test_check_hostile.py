"""Exercise checks attacked as a hostile (or just unlucky) student would: objects that lie about equality or
their value, objects that raise, generators, huge answers, floats and numpy arrays. check() always answers,
compares plain built-in values only, reads and echoes a bounded amount."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.exercises import EXERCISES, check
from gamelib.exercises.core import UNREADABLE
from gamelib.games.chomp import Chomp
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.sums import GameSum
from gamelib.limits import MAX_ANSWER_ITEMS, MAX_MESSAGE


class AlwaysEqual(int):
    """An int that says it equals everything."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class LyingInt(int):
    """Holds 5 but claims to be 31 when asked for its int value (31 is the answer of 7.1)."""

    def __int__(self):
        return 31

    def __index__(self):
        return 31


class Raises:
    """Raises in every comparison, iteration, length and index."""

    def __eq__(self, other):
        raise RuntimeError("no equality")

    __hash__ = object.__hash__

    def __iter__(self):
        raise RuntimeError("no iteration")

    def __len__(self):
        raise RuntimeError("no length")

    def __index__(self):
        raise RuntimeError("no index")

    def __int__(self):
        raise RuntimeError("no int")

    def __repr__(self):
        raise RuntimeError("no repr")


class LenRaises(list):
    def __len__(self):
        raise RuntimeError("no length")


def _winning(game, position):
    return game.winning_moves(position)[0]


# Impossible moves made of always-equal ints: each names a position no single move reaches.
IMPOSSIBLE = {
    "5.3": (AlwaysEqual(0), AlwaysEqual(0)),
    "7.2": (AlwaysEqual(0), AlwaysEqual(0)),
    "7.3": (AlwaysEqual(0), AlwaysEqual(0)),
    "7.4": (AlwaysEqual(1), AlwaysEqual(0), AlwaysEqual(0)),  # the poisoned square alone: P, two bites away
    "7.5": (AlwaysEqual(1),) + (AlwaysEqual(0),) * 4,
    "1.2": AlwaysEqual(0),
    "2.1": AlwaysEqual(99),
    "4.1": (AlwaysEqual(7), AlwaysEqual(4)),
}


@pytest.mark.parametrize("exercise", sorted(IMPOSSIBLE))
def test_an_int_that_equals_everything_does_not_pass(exercise):
    result = check(exercise, IMPOSSIBLE[exercise])
    assert not result.ok, result


def test_a_lying_int_conversion_does_not_pass_7_1():
    assert check("7.1", 31).ok
    result = check("7.1", LyingInt(5))
    assert not result.ok and "5 is not the partner of 19" in result.message


def test_a_plain_int_subclass_counts_as_its_value():
    assert check("7.1", type("Heap", (int,), {})(31)).ok
    assert check("2.1", np.int64(2)).ok


def test_a_move_typed_with_floats_gets_feedback_not_an_exception():
    result = check("7.2", (4.0, 7.0))
    assert not result.ok and "4.0 is a decimal number" in result.message and "e.g. 5, not 5.0" in result.message
    assert check("7.2", (4, 7)).ok
    assert "decimal" in check("2.1", np.float64(2.0)).message
    assert "decimal" in check("7.2", np.array([4.0, 7.0])).message


@pytest.mark.parametrize("exercise", sorted(EXERCISES))
@pytest.mark.parametrize("answer", [Raises(), [Raises()], (1, Raises()), LenRaises([1, 2])],
                         ids=["raises", "list-of-raises", "pair-with-raises", "len-raises"])
def test_objects_that_raise_get_feedback(exercise, answer):
    result = check(exercise, answer)
    assert not result.ok and result.message and len(result.message) <= MAX_MESSAGE


def test_a_generator_is_read_once():
    values = [int(v) for v in SubtractionGame({1, 4}).grundy_values(10)]
    assert check("2.3", (v for v in values)).ok
    assert check("1.1", (n for n in SubtractionGame({1, 2, 3, 4}).p_positions(10))).ok


def test_a_huge_number_gets_a_short_message():
    result = check("2.1", 10**5000)
    assert not result.ok and "5001 digits" in result.message and len(result.message) < 200
    assert "digits" in check("4.3", 10**5000).message
    last_wrong = [0, 1, 0, 1, 2, 0, 1, 0, 1, 10**5000]  # g(0) to g(8) of S = {1, 4} are right
    for exercise, answer in (("1.1", [10**5000]), ("2.3", last_wrong), ("5.4", [10**5000]), ("4.1", (1, 10**5000))):
        result = check(exercise, answer)
        assert not result.ok and "5001 digits" in result.message and len(result.message) < 300


def test_a_huge_range_is_refused_without_reading_it():
    result = check("1.1", range(10**9))
    assert not result.ok and f"more than {MAX_ANSWER_ITEMS} items" in result.message
    read = 0

    def endless():
        nonlocal read
        while True:
            read += 1
            yield read

    result = check("1.1", endless())
    assert not result.ok and f"more than {MAX_ANSWER_ITEMS} items" in result.message
    assert read == MAX_ANSWER_ITEMS + 1  # one past the limit tells it is too long; nothing more is read


def test_a_long_text_is_echoed_short():
    result = check("1.1", "P" * 10**7)
    assert not result.ok and len(str(result)) < 1000
    assert not check("1.3", "P" * 10**7).ok


@pytest.mark.parametrize("exercise, answer", [
    ("4.1", (4, 4)),
    ("3.3", (8, 3)),
    ("5.3", _winning(GameSum(SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3})), (20, 19))),
    ("7.2", (4, 7)),
])
def test_numpy_arrays_are_accepted_for_tuple_answers(exercise, answer):
    assert check(exercise, answer).ok
    assert check(exercise, np.array(answer)).ok


def test_a_trailing_zero_is_optional_everywhere():
    # Kayles 5.5: a winning move of the row of 13 that leaves two different rows, with or without a 0 row
    kayles = [(a, b) for a in range(1, 12) for b in range(a + 1, 12) if check("5.5", (a, b)).ok]
    assert kayles
    assert check("5.5", kayles[0] + (0,)).ok
    # Chomp 7.4 and 7.5: an emptied row may be written as 0 or left out, and an extra 0 row is harmless
    for exercise, game in (("7.4", Chomp(3, 7)), ("7.5", Chomp(5, 5))):
        after = _winning(game, game.start)
        assert check(exercise, after).ok and check(exercise, after + (0,)).ok
        emptied_last_row = game.start[:-1]
        result = check(exercise, emptied_last_row)
        assert not result.ok and "is legal" in result.message and "cannot be reached" not in result.message
        assert "is legal" in check(exercise, emptied_last_row + (0,)).message


def test_a_heap_given_as_a_list_is_told_to_give_the_heap():
    assert check("1.2", 21).ok
    result = check("1.2", [21])
    assert not result.ok and "give the heap you leave as a single number" in result.message
    assert "cannot be reached" not in result.message


def test_bool_is_not_a_number():
    assert "truth value" in check("2.1", True).message
    assert "truth value" in check("7.2", (True, 7)).message
    assert "truth value" in check("2.1", np.True_).message


plain_scalars = st.one_of(
    # 10**400 is shown by its size; 10**5000 is tested above (hypothesis itself cannot print it)
    st.integers(min_value=-(10**30), max_value=10**30), st.sampled_from([10**400, -(10**400)]),
    st.floats(allow_nan=True), st.text(max_size=30),
    st.none(), st.booleans(),
)
plain_answers = st.recursive(
    plain_scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=8), st.tuples(inner, inner), st.lists(inner, max_size=6).map(tuple),
        st.frozensets(st.one_of(st.integers(-50, 50), st.text(max_size=3)), max_size=6).map(set),
        st.lists(st.integers(-100, 100), max_size=8).map(np.array),
        st.lists(st.floats(allow_nan=True, width=32), max_size=4).map(np.array),
    ),
    max_leaves=20,
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(exercise=st.sampled_from(sorted(EXERCISES)), answer=plain_answers)
def test_check_never_raises_on_plain_data(exercise, answer):
    result = check(exercise, answer)
    assert isinstance(result.ok, bool) and result.message
    assert len(result.message) <= MAX_MESSAGE and len(result.hint) <= MAX_MESSAGE
    # plain data is always read by the exercise's own readers, never by the last-resort safety net
    assert UNREADABLE not in result.message
