"""Sums of games: brute force over the sum's own moves agrees with the XOR rule (the Sprague–Grundy theorem)."""

from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import GameSum, Nim, RookGame, SubtractionGame, grundy_table
from gamelib.analysis import engine
from gamelib.games.sums import nim_heap_partners


class Subtract:
    def __init__(self, S):
        self.S = tuple(sorted(S))

    def moves(self, n):
        return [n - s for s in self.S if s <= n]


def brute_grundy(S, n):
    return engine.grundy(Subtract(S), n)


def brute_sum_outcome(sets, position, misere):
    """Outcome of a sum of subtraction games, by recursion over the sum's positions (no gamelib)."""

    @cache
    def next_wins(pos):
        followers = [pos[:i] + (pos[i] - s,) + pos[i + 1:] for i, S in enumerate(sets) for s in S if s <= pos[i]]
        if not followers:
            return misere
        return any(not next_wins(f) for f in followers)

    return "N" if next_wins(tuple(position)) else "P"


sets = st.sets(st.integers(1, 7), min_size=1, max_size=3).map(lambda s: tuple(sorted(s)))


def test_moves_of_a_sum_move_exactly_one_component():
    both = GameSum(SubtractionGame({1, 2}), SubtractionGame({1, 2, 3}))
    assert sorted(both.moves((1, 2))) == [(0, 2), (1, 0), (1, 1)]
    assert both.moves((0, 0)) == []
    assert both.grundy((4, 5)) == 1 ^ 1
    assert both.outcome((4, 5)) == "P"


def test_a_sum_can_mix_kinds_of_games():
    game = GameSum(Nim(), SubtractionGame({1, 2, 3}), RookGame())
    position = ((3, 5), 6, (2, 7))
    assert game.grundy(position) == (3 ^ 5) ^ (6 % 4) ^ (2 ^ 7)
    assert engine.grundy(game, ((1, 2), 3, (1, 0))) == (1 ^ 2) ^ 3 ^ 1
    assert engine.outcome(game, ((1, 1), 2, (2, 0))) == "P"  # 0 ^ 2 ^ 2


@given(sets, sets, st.integers(0, 14), st.integers(0, 14))
@settings(max_examples=80, deadline=None)
def test_brute_force_over_the_sum_equals_the_xor_rule(A, B, a, b):
    game = GameSum(SubtractionGame(A), SubtractionGame(B))
    xor_rule = "P" if brute_grundy(A, a) ^ brute_grundy(B, b) == 0 else "N"
    assert engine.outcome(game, (a, b)) == xor_rule
    assert game.outcome((a, b)) == xor_rule
    assert engine.grundy(game, (a, b)) == brute_grundy(A, a) ^ brute_grundy(B, b)
    assert game.grundy((a, b)) == brute_grundy(A, a) ^ brute_grundy(B, b)
    assert brute_sum_outcome((A, B), (a, b), False) == xor_rule


@given(sets, sets, sets, st.tuples(st.integers(0, 8), st.integers(0, 8), st.integers(0, 8)))
@settings(max_examples=50, deadline=None)
def test_three_components(A, B, C, position):
    game = GameSum(SubtractionGame(A), SubtractionGame(B), SubtractionGame(C))
    expected = brute_grundy(A, position[0]) ^ brute_grundy(B, position[1]) ^ brute_grundy(C, position[2])
    assert game.grundy(position) == expected
    assert engine.outcome(game, position) == ("P" if expected == 0 else "N")


@given(sets, sets, st.integers(0, 12), st.integers(0, 12))
@settings(max_examples=60, deadline=None)
def test_winning_moves_of_a_sum_are_exactly_the_P_followers(A, B, a, b):
    game = GameSum(SubtractionGame(A), SubtractionGame(B))
    expected = [m for m in game.moves((a, b)) if brute_sum_outcome((A, B), m, False) == "P"]
    assert sorted(game.winning_moves((a, b))) == sorted(expected)
    assert sorted(engine.winning_moves(game, (a, b))) == sorted(expected)


@given(sets, sets, st.integers(0, 12), st.integers(0, 12))
@settings(max_examples=60, deadline=None)
def test_misere_sum_by_the_engine_matches_brute_force(A, B, a, b):
    game = GameSum(SubtractionGame(A), SubtractionGame(B))
    assert engine.outcome(game, (a, b), misere=True) == brute_sum_outcome((A, B), (a, b), True)


def test_misere_sum_is_not_the_xor_rule():
    # S = {1} twice, heaps (1, 1): XOR 0 (a P-position in normal play), yet in misère play the player to
    # move takes one chip and leaves the opponent the last one, which that opponent must take and so loses.
    game = GameSum(SubtractionGame({1}), SubtractionGame({1}))
    assert game.grundy((1, 1)) == 0
    assert engine.outcome(game, (1, 1), misere=True) == "N"
    assert engine.outcome(game, (1, 0), misere=True) == "P"
    assert engine.outcome(game, (0, 0), misere=True) == "N"


def test_grundy_table_is_the_xor_of_the_rows():
    a, b = SubtractionGame({1, 3, 7, 8}), SubtractionGame({1, 2, 3})
    t = grundy_table(a, b, 12, 9)
    assert t.shape == (12, 9)
    for i in range(12):
        for j in range(9):
            assert t[i, j] == brute_grundy((1, 3, 7, 8), i) ^ brute_grundy((1, 2, 3), j)


def test_grundy_table_with_a_game_that_only_has_moves():
    t = grundy_table(Subtract({2, 3}), SubtractionGame({1, 2}), 6, 4)
    expected = np.array([[brute_grundy((2, 3), i) ^ (j % 3) for j in range(4)] for i in range(6)])
    assert (t == expected).all()


def test_grundy_table_small_example_by_hand():
    assert grundy_table(SubtractionGame({1, 2}), SubtractionGame({1, 2}), 3, 3).tolist() == \
        [[0, 1, 2], [1, 0, 3], [2, 3, 0]]
    assert grundy_table(SubtractionGame({1}), SubtractionGame({1}), 0, 4).shape == (0, 4)


def test_sum_refuses_misere_parts_and_non_games():
    with pytest.raises(ValueError, match="(?i)mis"):
        GameSum(SubtractionGame({1, 2}, misere=True), SubtractionGame({1}))
    with pytest.raises(TypeError, match="17"):
        GameSum(SubtractionGame({1}), 17)
    with pytest.raises(ValueError):
        GameSum()


@pytest.mark.parametrize("position", [(1, 2, 3), (1,), 5, "ab"])
def test_sum_positions_must_have_one_part_per_game(position):
    game = GameSum(SubtractionGame({1}), SubtractionGame({2}))
    for method in (game.moves, game.grundy, game.outcome, game.winning_moves):
        with pytest.raises(ValueError) as info:
            method(position)
        assert repr(position) in str(info.value)


def test_sum_of_rooks_is_nim():
    two_rooks = GameSum(RookGame(), RookGame())
    for position in [((1, 2), (3, 0)), ((2, 2), (1, 1)), ((4, 1), (0, 5))]:
        (x1, y1), (x2, y2) = position
        assert two_rooks.grundy(position) == x1 ^ y1 ^ x2 ^ y2
        assert engine.grundy(two_rooks, position) == x1 ^ y1 ^ x2 ^ y2


# --- nim_heap_partners (the Nim heap that balances a position, found by search) ---------------------------

def test_nim_heap_partners_give_the_grundy_values_of_the_textbook():
    # Textbook values for S = {2, 5, 7}: g(0..11) = 0 0 1 1 0 2 1 3 2 2 0 3.
    textbook = [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3]
    game = SubtractionGame({2, 5, 7})
    assert [nim_heap_partners(game, n, 5) for n in range(12)] == [[v] for v in textbook]


def test_nim_heap_partners_with_a_small_limit_and_bad_input():
    # S = {1, 2, 3}: g(3) = 3 (course note 3 / textbook), so no heap of at most 2 chips balances it.
    assert nim_heap_partners(SubtractionGame({1, 2, 3}), 3, 2) == []
    assert nim_heap_partners(SubtractionGame({1, 2, 3}), 3, 3) == [3]
    with pytest.raises(ValueError, match="max_heap"):
        nim_heap_partners(SubtractionGame({1, 2, 3}), 3, -1)
