"""The generic engine (mex, grundy, outcome, winning_moves) against hand computations and an independent brute force.

The reference used here is a plain recursive evaluation written from the definitions (small games only), so the
engine's iterative search is checked against something that shares none of its code.
"""

import itertools
import re
import sys
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import LimitError, grundy, grundy_of_each, mex, outcome, winning_moves
from gamelib.analysis import engine
from gamelib.limits import MAX_POSITIONS

from brute import mex as reference_mex


class Subtract:
    """The subtraction game reduced to what the engine needs: a moves() method and nothing else."""

    def __init__(self, S):
        self.S = tuple(S)

    def moves(self, n):
        return [n - s for s in self.S if s <= n]


class Listed:
    """A game given by an explicit table of followers (position -> list of positions)."""

    def __init__(self, followers, misere=None):
        self.followers = followers
        if misere is not None:
            self.misere = misere

    def moves(self, position):
        return list(self.followers[position])


def reference_grundy(moves, position):
    @cache
    def g(p):
        return reference_mex(g(q) for q in moves(p))

    return g(position)


def reference_outcome(moves, position, misere=False):
    @cache
    def next_player_wins(p):
        followers = moves(p)
        if not followers:
            return misere  # normal play: the player who cannot move loses; misère: wins
        return any(not next_player_wins(q) for q in followers)

    return "N" if next_player_wins(position) else "P"


# random finite DAGs: position i may only move to positions j < i (possibly repeated)
dags = st.integers(min_value=1, max_value=14).flatmap(
    lambda size: st.tuples(*[st.lists(st.integers(0, i - 1), max_size=4) if i else st.just([]) for i in range(size)])
)


# ---------------------------------------------------------------- mex

@pytest.mark.parametrize("values, expected", [
    ([], 0),
    ([0], 1),
    ([1, 2, 3], 0),
    ([0, 1, 3], 2),
    ([0, 0, 1, 1, 2], 3),
    ([5, 4, 3, 2, 1, 0], 6),
    ([2, 1, 0], 3),      # the Grundy scale under heap 7 of S(2, 5, 7)
    ([1, 1, 0], 2),      # ... and under heap 8
    ({0, 2}, 1),
    (range(100), 100),
    ((v for v in [0, 1, 2, 4]), 3),
    (np.array([0, 1, 2], dtype=np.uint8), 3),
])
def test_mex_is_the_smallest_missing_whole_number(values, expected):
    assert mex(values) == expected


@given(st.lists(st.integers(0, 12), max_size=15))
@settings(max_examples=100, deadline=None)
def test_mex_matches_its_definition(values):
    m = mex(values)
    assert m not in values
    assert all(k in values for k in range(m))


# ---------------------------------------------------------------- grundy and outcome on known games

def test_grundy_of_S123_by_the_engine_is_n_mod_4():
    game = Subtract({1, 2, 3})
    assert [grundy(game, n) for n in range(14)] == [n % 4 for n in range(14)]


def test_grundy_of_S23_matches_the_textbook_row():
    game = Subtract({2, 3})
    assert [grundy(game, n) for n in range(14)] == [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0, 0, 1, 1]


def test_outcome_of_S12_normal_and_misere():
    game = Subtract({1, 2})
    assert "".join(outcome(game, n) for n in range(12)) == "PNN" * 4
    # misère: heap 0 wins for the player to move, heap 1 forces the opponent onto it, ...
    assert "".join(outcome(game, n, misere=True) for n in range(12)) == "NPN" * 4


def test_terminal_positions_are_P_in_normal_and_N_in_misere_play():
    game = Listed({"end": []})
    assert outcome(game, "end") == "P"
    assert outcome(game, "end", misere=True) == "N"
    assert grundy(game, "end") == 0


def test_the_misere_argument_overrides_and_the_game_attribute_is_the_default():
    followers = {0: [], 1: [0], 2: [1]}
    misere_game = Listed(followers, misere=True)
    normal_game = Listed(followers, misere=False)
    assert [outcome(misere_game, n) for n in range(3)] == ["N", "P", "N"]
    assert [outcome(misere_game, n, misere=False) for n in range(3)] == ["P", "N", "P"]
    assert [outcome(normal_game, n, misere=True) for n in range(3)] == ["N", "P", "N"]
    assert winning_moves(misere_game, 2) == [1]
    assert winning_moves(misere_game, 2, misere=False) == []


def test_grundy_refuses_a_misere_game():
    with pytest.raises(ValueError, match="(?i)mis"):
        grundy(Listed({0: []}, misere=True), 0)


@pytest.mark.parametrize("bad", [1, 0, "yes", 1.0])
def test_outcome_refuses_a_misere_flag_that_is_not_a_bool(bad):
    with pytest.raises(TypeError, match=re.escape(repr(bad))):
        outcome(Subtract({1}), 3, misere=bad)
    with pytest.raises(TypeError, match=re.escape(repr(bad))):
        winning_moves(Subtract({1}), 3, misere=bad)


def test_positions_can_be_any_hashable_value():
    # strike one letter out of a word; the word with no letters left ends the game
    class Strike:
        def moves(self, word):
            return sorted({word[:i] + word[i + 1:] for i in range(len(word))})

    # every word of length n behaves like a heap of n in S = {1}
    assert outcome(Strike(), "abcd") == "P"
    assert outcome(Strike(), "abc") == "N"
    assert grundy(Strike(), "abcde") == 1


def test_positions_must_be_hashable():
    class ListNim:
        def moves(self, heaps):
            return []

    with pytest.raises(TypeError, match=r"\[1, 2\]"):
        outcome(ListNim(), [1, 2])


# ---------------------------------------------------------------- winning moves

def test_winning_moves_of_S123():
    game = Subtract({1, 2, 3})
    assert winning_moves(game, 10) == [8]
    assert winning_moves(game, 8) == []
    assert winning_moves(game, 0) == []


def test_winning_moves_follow_the_order_of_moves():
    game = Listed({0: [], 1: [0], 2: [0], 3: [2, 0, 1], 4: [3]})
    assert winning_moves(game, 3) == [0]
    assert winning_moves(game, 4) == []  # 3 is an N-position


# ---------------------------------------------------------------- long games, cycles, limits

@pytest.mark.slow
def test_deep_game_S1_at_200000_needs_no_recursion():
    assert sys.getrecursionlimit() < 200_000  # otherwise this test would prove nothing
    game = Subtract({1})
    assert grundy(game, 200_000) == 0
    assert outcome(game, 200_001, misere=True) == "P"  # misère S = {1}: odd heaps are P


def test_a_diamond_shaped_dag_is_not_mistaken_for_a_cycle():
    # many paths reach the same positions; repeated followers too
    game = Listed({0: [], 1: [0, 0], 2: [1, 0], 3: [2, 1, 1], 4: [3, 2, 1, 0], 5: [4, 3, 2, 2]})
    # by hand: g(3) = mex{2, 1} = 0, g(4) = mex{0, 2, 1, 0} = 3, g(5) = mex{3, 0, 2} = 1
    assert [grundy(game, n) for n in range(6)] == [0, 1, 2, 0, 3, 1]
    assert [outcome(game, n) for n in range(6)] == ["P", "N", "N", "P", "N", "N"]


@pytest.mark.parametrize("followers, root", [
    ({0: [0]}, 0),                          # a position that moves to itself
    ({0: [1], 1: [0]}, 0),                  # two positions moving to each other
    ({5: [4], 4: [3], 3: [2, 9], 2: [4], 9: []}, 5),   # a cycle below the start, beside a terminal branch
])
def test_cycles_are_reported_not_looped_on(followers, root):
    game = Listed(followers)
    for call in (lambda: grundy(game, root), lambda: outcome(game, root), lambda: outcome(game, root, misere=True),
                 lambda: winning_moves(game, root)):
        with pytest.raises(ValueError, match="itself"):
            call()


@pytest.mark.slow
def test_huge_generic_search_stops_at_the_stated_limit():
    with pytest.raises(LimitError, match=f"{MAX_POSITIONS:,}"):
        outcome(Subtract({1}), 10**7)


def test_a_custom_position_limit_is_respected():
    with pytest.raises(LimitError, match="500"):
        grundy(Subtract({1, 2}), 10_000, max_positions=500)
    assert grundy(Subtract({1, 2}), 400, max_positions=500) == 400 % 3


def test_limit_error_is_a_value_error():
    assert issubclass(LimitError, ValueError)


def test_a_wide_game_is_also_limited():
    class Wide:
        def moves(self, n):
            return list(range(n))  # like one Nim heap

    with pytest.raises(LimitError):
        grundy(Wide(), 5_000, max_positions=1_000)
    assert grundy(Wide(), 60) == 60


# ---------------------------------------------------------------- properties on random games

@given(dags, st.data())
@settings(max_examples=150, deadline=None)
def test_engine_matches_recursive_reference_on_random_dags(followers, data):
    game = Listed(dict(enumerate(followers)))
    root = data.draw(st.integers(0, len(followers) - 1))
    moves = game.moves
    assert grundy(game, root) == reference_grundy(lambda p: tuple(moves(p)), root)
    for misere in (False, True):
        expected = reference_outcome(lambda p: tuple(moves(p)), root, misere)
        assert outcome(game, root, misere=misere) == expected


@given(dags)
@settings(max_examples=100, deadline=None)
def test_outcome_is_P_exactly_when_grundy_is_0(followers):
    game = Listed(dict(enumerate(followers)))
    for p in range(len(followers)):
        assert (outcome(game, p) == "P") == (grundy(game, p) == 0)


@given(dags, st.booleans())
@settings(max_examples=100, deadline=None)
def test_winning_moves_are_exactly_the_P_followers(followers, misere):
    game = Listed(dict(enumerate(followers)))
    for p in range(len(followers)):
        found = winning_moves(game, p, misere=misere)
        expected = [q for q in followers[p] if reference_outcome(lambda x: tuple(followers[x]), q, misere) == "P"]
        assert found == expected
        terminal_in_misere = misere and not followers[p]
        assert (outcome(game, p, misere=misere) == "N") == (bool(found) or terminal_in_misere)


@given(st.sets(st.integers(1, 9), min_size=1, max_size=4), st.integers(0, 60))
@settings(max_examples=100, deadline=None)
def test_engine_on_subtraction_games_matches_the_reference(S, n):
    game = Subtract(sorted(S))
    assert grundy(game, n) == reference_grundy(lambda p: tuple(game.moves(p)), n)
    assert outcome(game, n, misere=True) == reference_outcome(lambda p: tuple(game.moves(p)), n, True)


@given(dags, st.data())
@settings(max_examples=150, deadline=None)
def test_grundy_of_each_gives_every_position_asked_its_reference_value_in_the_order_asked(followers, data):
    game = Listed(dict(enumerate(followers)))
    asked = data.draw(st.lists(st.integers(0, len(followers) - 1), max_size=8))
    values = grundy_of_each(game, asked)
    assert list(values) == list(dict.fromkeys(asked))
    assert values == {p: reference_grundy(lambda x: tuple(followers[x]), p) for p in asked}


def test_grundy_of_each_values_the_shared_positions_once():
    class Counted(Subtract):
        listed = 0

        def moves(self, n):
            self.listed += 1
            return super().moves(n)

    game = Counted({1, 2, 3})
    assert grundy_of_each(game, range(200, -1, -1)) == {n: n % 4 for n in range(201)}
    assert game.listed == 201  # heap 200's search values every smaller heap; the others are looked up


def test_grundy_of_each_stops_at_one_limit_for_all_positions_and_says_how_far_it_got():
    with pytest.raises(LimitError, match=r"500.*valued 2 of the 3 positions asked for, 400 positions valued in all"):
        grundy_of_each(Subtract({1}), [199, 399, 600], max_positions=500)
    assert grundy_of_each(Subtract({1}), [199, 399, 499], max_positions=500) == {199: 1, 399: 1, 499: 1}


@pytest.mark.parametrize("bad, message", [
    (5, "grundy_of_each needs a collection of positions such as [0, 1, 2], got 5"),
    ("0, 1", "grundy_of_each needs a collection of positions"),
    ([[1, 2]], "positions must be hashable"),
])
def test_grundy_of_each_refuses_what_is_not_positions_naming_it(bad, message):
    with pytest.raises(TypeError, match=re.escape(message)):
        grundy_of_each(Subtract({1, 2}), bad)


def test_grundy_of_each_refuses_a_misere_game_and_an_endless_list():
    with pytest.raises(ValueError, match="misère"):
        grundy_of_each(Listed({0: []}, misere=True), [0])
    with pytest.raises(LimitError, match="the positions given to grundy_of_each has more than"):
        grundy_of_each(Subtract({1}), itertools.count())


def test_engine_module_exposes_the_public_functions():
    assert engine.mex is mex and engine.grundy is grundy
