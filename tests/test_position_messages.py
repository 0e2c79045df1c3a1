"""A refused position is quoted short: the message names the position through ``show`` (at most MAX_SHOWN
characters of it), however many heaps or rows were typed, and never runs the position's own ``__repr__``."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import Chomp, DivisorGame, Nim, Wythoff
from gamelib.arguments import LimitError, check_heaps, check_int, show
from gamelib.limits import MAX_SHOWN

MANY = (10**5,) * 10_000  # 10,000 heaps: a billion moves, and 70,000 characters when written out


class LoudRepr(tuple):
    def __repr__(self):
        raise AssertionError("the message ran the position's own __repr__")


@pytest.mark.parametrize("refuse, error", [
    (lambda: Nim().moves(MANY), LimitError),
    (lambda: Wythoff().moves((10**9, 10**9)), LimitError),
    (lambda: Chomp(2, 3).check_position((3, 4)), ValueError),
    (lambda: DivisorGame(12).check_position((2, 1)), ValueError),
])
def test_a_refused_position_is_quoted_short(refuse, error):
    with pytest.raises(error) as refused:
        refuse()
    assert len(str(refused.value)) < MAX_SHOWN + 300


def test_a_huge_position_is_cut_in_the_message():
    with pytest.raises(LimitError) as refused:
        Nim().moves(MANY)
    message = str(refused.value)
    assert "100000, 100000" in message and len(message) < MAX_SHOWN + 300


def test_a_position_that_is_not_a_tuple_is_described_without_its_repr():
    with pytest.raises(TypeError) as refused:
        DivisorGame(12).check_position([LoudRepr((1,))])
    assert "divisor game position" in str(refused.value)


# --- numbers too long to write out -----------------------------------------------------------------------------
# Python refuses to turn a whole number of more than 4,300 digits into text, so a message that quoted one
# raised Python's own "Exceeds the limit ... for integer string conversion" instead of the kit's answer.
HUGE = 10**5000
CALLS = [
    "Nim().winning_moves((HUGE, 1))", "Wythoff().winning_moves((HUGE, 1))", "outcome(Wythoff(), (HUGE, HUGE))",
    "remoteness(SubtractionGame({1, 2}), HUGE)", "remoteness(Nim(), (HUGE,))", "GrundysGame().winning_moves(HUGE)",
    "OctalGame('0.77').winning_moves((HUGE, 1))", "OctalGame('0.77').heap_moves(HUGE)",
    "TurningTurtles().winning_moves((HUGE,))", "RulerGame().winning_moves((HUGE,))",
    "RookGame().winning_moves((HUGE, 1))",
    "SubtractionGame({1, 2}).value_text(HUGE)", "label_positions(Nim(), HUGE)", "SubtractionGame({HUGE})",
    "wythoff_pairs(HUGE)", "ptfn({1, 2}, HUGE)", "remoteness_table({1, 2}, HUGE)",
]


@pytest.mark.parametrize("call", CALLS)
def test_a_number_too_long_to_write_is_refused_in_the_kits_words(call):
    namespace = {"HUGE": HUGE}
    exec("from gamelib import *", namespace)
    with pytest.raises((ValueError, TypeError)) as refused:
        eval(call, namespace)  # the test's own fixed expressions, never user text
    message = str(refused.value)
    assert "string conversion" not in message and len(message) < MAX_SHOWN + 300
    assert "5001 digits" in message or "must be" in message or "collection" in message, message


@given(st.lists(st.one_of(st.integers(-3, 2**20), st.just(2**14_100), st.booleans(), st.floats(0, 9),
                          st.just("3"), st.none()), max_size=6))
def test_heaps_are_checked_one_by_one_and_the_first_refused_is_named_counted_from_1(position):
    """check_heaps answers plain heaps without writing a message; what it refuses, it refuses as check_int does
    for that heap, named with its place and the position."""
    expected: object = tuple(position)
    for i, heap in enumerate(position, start=1):
        try:
            check_int(heap, f"heap {i} of position {show(position)}")
        except (TypeError, ValueError) as error:
            expected = (type(error), str(error))
            break
    try:
        found: object = check_heaps(position)
    except (TypeError, ValueError) as error:
        found = (type(error), str(error))
    assert found == expected
