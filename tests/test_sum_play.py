"""Winning a sum and how outcomes combine, checked against sums played out by the definition (no XOR)."""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import SubtractionGame, sum_outcome, sum_winning_move

subtraction_sets = st.frozensets(st.integers(1, 7), min_size=1, max_size=4)


def brute_sum_outcome(sets):
    """The outcome of a sum of subtraction games, found by searching its moves (no Grundy values)."""

    @cache
    def outcome(position):
        followers = [position[:i] + (h - s,) + position[i + 1:]
                     for i, (S, h) in enumerate(zip(sets, position, strict=True)) for s in S if s <= h]
        return "N" if any(outcome(f) == "P" for f in followers) else "P"

    return outcome


@settings(max_examples=60, deadline=None)
@given(sets=st.lists(subtraction_sets, min_size=1, max_size=3), data=st.data())
def test_the_procedure_finds_a_move_to_p_from_every_n_position(sets, data):
    heaps = tuple(data.draw(st.integers(0, 25)) for _ in sets)
    games = [SubtractionGame(S) for S in sets]
    outcome = brute_sum_outcome(tuple(sets))
    found = sum_winning_move(games, heaps)
    if outcome(heaps) == "P":
        assert found is None
        return
    assert found is not None
    moved = [i for i in range(len(heaps)) if found.after[i] != heaps[i]]
    assert moved == [found.part]
    assert heaps[found.part] - found.after[found.part] in sets[found.part]  # a legal move
    assert outcome(found.after) == "P"
    assert found.target < found.values[found.part]  # the procedure only ever lowers a value


@settings(max_examples=80, deadline=None)
@given(S=subtraction_sets, T=subtraction_sets, x=st.integers(0, 30), y=st.integers(0, 30))
def test_p_plus_g_has_the_outcome_of_g_and_g_plus_g_is_p(S, T, x, y):
    outcome = brute_sum_outcome((S, T))
    alone_x = brute_sum_outcome((S,))((x,))
    alone_y = brute_sum_outcome((T,))((y,))
    if alone_x == "P":
        assert outcome((x, y)) == alone_y == sum_outcome("P", alone_y)
    if alone_y == "P":
        assert outcome((x, y)) == alone_x == sum_outcome(alone_x, "P")
    assert brute_sum_outcome((S, S))((x, x)) == "P"  # G + G: copy every move in the other part


def test_n_plus_n_can_be_either():
    left, right = (1, 2), (1, 2, 3)
    n_plus_n_is_p = brute_sum_outcome((left, right))((4, 5))
    n_plus_n_is_n = brute_sum_outcome((left, right))((1, 2))
    assert [brute_sum_outcome((left,))((4,)), brute_sum_outcome((right,))((5,))] == ["N", "N"]
    assert [brute_sum_outcome((left,))((1,)), brute_sum_outcome((right,))((2,))] == ["N", "N"]
    assert (n_plus_n_is_p, n_plus_n_is_n) == ("P", "N")
    assert sum_outcome("N", "N") is None


def test_the_worked_example_of_the_docstring_by_hand():
    found = sum_winning_move([SubtractionGame({1, 3, 4}), SubtractionGame({1, 2})], (6, 4))
    # g(6) = 2 for {1, 3, 4} (values 0 1 0 1 2 3 2) and g(4) = 1 for {1, 2}; z = 3, its top bit is in g(6)
    assert (found.values, found.nim_sum, found.part, found.target) == ((2, 1), 3, 0, 1)
    assert found.after == (3, 4)


@pytest.mark.parametrize("bad", ["PN", None, "p", 0])
def test_sum_outcome_refuses_anything_but_p_or_n(bad):
    with pytest.raises(ValueError, match="'P' or 'N'"):
        sum_outcome(bad, "P")


def test_a_position_of_the_wrong_length_is_refused():
    with pytest.raises(ValueError, match="tuple of 2 part positions"):
        sum_winning_move([SubtractionGame({1}), SubtractionGame({2})], (3,))
    with pytest.raises(TypeError, match="non-empty list of games"):
        sum_winning_move([], ())
