"""parse_set and parse_heaps read what a student types, refuse everything else with a clear message, never eval."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import LimitError
from gamelib.limits import MAX_TEXT_LENGTH
from gamelib.parsing import parse_heaps, parse_set


@pytest.mark.parametrize("text, expected", [
    ("1, 3, 4", (1, 3, 4)),
    ("{2,5,7}", (2, 5, 7)),
    ("1 3 4", (1, 3, 4)),
    ("[1,2]", (1, 2)),
    ("(4, 1, 3)", (1, 3, 4)),        # any order, sorted on the way out
    ("  { 7 }  ", (7,)),
    ("3, 1, 3", (1, 3)),             # a set: repeats count once
    ("1 ,3   ,4", (1, 3, 4)),
    ("1, 3 4", (1, 3, 4)),           # commas and spaces mixed
    ("007", (7,)),
    ("+5", (5,)),
    ("1000", (1000,)),               # the default limit itself is allowed
    ("1\t2\n3", (1, 2, 3)),
])
def test_parse_set_accepts_the_usual_ways_of_writing_a_set(text, expected):
    assert parse_set(text) == expected


@pytest.mark.parametrize("text, problem", [
    ("", "contains no numbers"),
    ("   ", "contains no numbers"),
    ("{}", "contains no numbers"),
    ("1, x", "'x' is not a number"),
    ("0", "0 is less than 1"),
    ("-3", "-3 is negative"),
    ("1, -3", "-3 is negative"),
    ("2.5", "2.5 is not a whole number"),
    ("1e9", "1e9 is not a whole number"),
    ("1001", "1001 is more than 1000"),
    ("99999999999999999999", "is more than 1000"),
    ("{1,,2}", "empty entry"),
    ("1, 2,", "empty entry"),
    ("{1, 2", "does not end with '}'"),
    ("1;2", "is not a number"),
    ("1+1", "is not a number"),
    ("__import__('os')", "is not a number"),
    ("１２", "is not a number"),      # full-width digits are not ASCII whole numbers
])
def test_parse_set_refuses_bad_text_naming_it_and_saying_what_is_expected(text, problem):
    with pytest.raises(ValueError) as caught:
        parse_set(text)
    message = str(caught.value)
    assert problem in message
    assert repr(text)[:20].rstrip("'") in message          # the offending text is quoted
    assert "expected at most 20 whole numbers from 1 to 1000" in message  # what is wanted, with the limits
    assert "such as '1, 3, 4'" in message


def test_numbers_above_the_limit_and_too_many_numbers_are_limit_errors():
    with pytest.raises(LimitError, match="more than 1000"):
        parse_set("99999999999999999999")
    with pytest.raises(LimitError, match="21 numbers, more than the 20 allowed"):
        parse_set(", ".join(["1"] * 21))
    assert parse_set(" ".join(str(k) for k in range(1, 21))) == tuple(range(1, 21))


def test_the_limits_can_be_chosen_and_are_stated():
    assert parse_set("30", max_element=30) == (30,)
    with pytest.raises(LimitError, match="31 is more than 30.*from 1 to 30"):
        parse_set("31", max_element=30)
    with pytest.raises(LimitError, match="at most 3 whole numbers"):
        parse_set("1 2 3 4", max_size=3)


@pytest.mark.parametrize("value", [None, 5, 2.5, b"1, 2", [1, 2], {1, 2}])
def test_parse_set_refuses_values_that_are_not_text(value):
    with pytest.raises(TypeError, match="must be given as text"):
        parse_set(value)


@pytest.mark.parametrize("limits, error", [
    ({"max_element": 0}, ValueError),
    ({"max_size": -1}, ValueError),
    ({"max_element": "10"}, TypeError),
    ({"max_size": 2.0}, TypeError),
    ({"max_element": True}, TypeError),
])
def test_bad_limits_are_refused(limits, error):
    with pytest.raises(error):
        parse_set("1", **limits)


def test_a_huge_text_is_refused_before_it_is_read():
    with pytest.raises(LimitError, match=f"at most {MAX_TEXT_LENGTH:,}"):
        parse_set("1 " * MAX_TEXT_LENGTH)


@pytest.mark.parametrize("text, expected", [
    ("3, 4, 5", (3, 4, 5)),
    ("(5 3)", (5, 3)),              # the order of the heaps is kept
    ("0, 0, 7", (0, 0, 7)),         # empty heaps are allowed, repeats kept
    ("[12]", (12,)),
    ("{1, 2}", (1, 2)),
])
def test_parse_heaps_accepts_heaps(text, expected):
    assert parse_heaps(text) == expected


@pytest.mark.parametrize("text, problem", [
    ("", "contains no numbers"),
    ("3, -1", "-1 is negative"),
    ("3, 4.5", "4.5 is not a whole number"),
    ("three", "'three' is not a number"),
    ("1001", "1001 is more than 1000"),
    ("3,,4", "empty entry"),
])
def test_parse_heaps_refuses_bad_text(text, problem):
    with pytest.raises(ValueError) as caught:
        parse_heaps(text)
    assert problem in str(caught.value)
    assert "expected at most 10 whole numbers from 0 to 1000" in str(caught.value)
    assert "such as '3, 4, 5'" in str(caught.value)


def test_parse_heaps_limits():
    assert parse_heaps("12 12", max_heap=12) == (12, 12)
    with pytest.raises(LimitError, match="13 is more than 12"):
        parse_heaps("13", max_heap=12)
    with pytest.raises(LimitError, match="6 numbers, more than the 5 allowed"):
        parse_heaps("1 2 3 4 5 6", max_heaps=5)
    with pytest.raises(TypeError):
        parse_heaps(None)


separators = st.sampled_from([", ", ",", " ", "  ", " , ", "\t"])


@given(st.lists(st.integers(1, 1000), min_size=1, max_size=20), separators, st.sampled_from(["{}", "[]", "()", "  "]))
def test_any_list_written_out_reads_back_as_its_set(numbers, separator, brackets):
    text = brackets[0] + separator.join(map(str, numbers)) + brackets[1]
    assert parse_set(text) == tuple(sorted(set(numbers)))


@given(st.lists(st.integers(0, 1000), min_size=1, max_size=10), separators)
def test_any_heaps_written_out_read_back_in_order(heaps, separator):
    assert parse_heaps(separator.join(map(str, heaps))) == tuple(heaps)


@given(st.text(max_size=40))
def test_arbitrary_text_gives_a_set_or_a_value_error_never_anything_else(text):
    try:
        result = parse_set(text)
    except ValueError as error:
        assert "expected" in str(error)
    else:
        assert result == tuple(sorted(set(result)))
        assert all(1 <= v <= 1000 for v in result)
