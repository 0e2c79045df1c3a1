"""Nim and the nim-sum against hand computations and brute force over small heap tuples (normal and misère)."""

import itertools
from functools import cache, reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import Nim, nim_sum
from gamelib.analysis import engine
from gamelib.games.nim import nim_p_positions


@cache
def brute_outcome(heaps, misere):
    """'P'/'N' of a Nim position from the definition; heaps is a sorted tuple (the order does not matter)."""
    followers = {tuple(sorted(heaps[:i] + (t,) + heaps[i + 1:])) for i, h in enumerate(heaps) for t in range(h)}
    if not followers:
        return "N" if misere else "P"
    return "N" if any(brute_outcome(f, misere) == "P" for f in followers) else "P"


def outcome_of(heaps, misere=False):
    return brute_outcome(tuple(sorted(heaps)), misere)


small_positions = st.lists(st.integers(0, 7), max_size=4).map(tuple)


# ---------------------------------------------------------------- nim-sum

def test_nim_sum_examples():
    assert nim_sum(5, 9, 12) == 0
    assert nim_sum(3, 11, 14) == 6
    assert nim_sum() == 0
    assert nim_sum(7) == 7
    assert nim_sum(1, 1) == 0
    assert nim_sum(2**70, 1) == 2**70 + 1


@given(st.lists(st.integers(0, 2**40), max_size=6))
@settings(max_examples=100, deadline=None)
def test_nim_sum_is_bitwise_xor_without_carry(heaps):
    expected = reduce(xor, heaps, 0)
    assert nim_sum(*heaps) == expected
    # column-wise parity, computed bit by bit
    for bit in range(41):
        assert (nim_sum(*heaps) >> bit) & 1 == sum((h >> bit) & 1 for h in heaps) % 2


# ---------------------------------------------------------------- normal play

def test_docstring_level_examples():
    assert Nim().outcome((1, 2, 3)) == "P"
    assert Nim().winning_moves((3, 4, 5)) == [(1, 4, 5)]
    assert Nim().winning_moves((3, 11, 14)) == [(3, 11, 8)]  # 14 XOR 6 = 8
    assert Nim().grundy((3, 11, 14)) == 6
    assert Nim().outcome(()) == "P"
    assert Nim().winning_moves(()) == []


def test_moves_change_exactly_one_heap_and_keep_the_order():
    assert Nim().moves((2, 1)) == [(0, 1), (1, 1), (2, 0)]
    assert Nim().moves([1, 0]) == [(0, 0)]
    assert Nim().moves(()) == []
    assert len(Nim().moves((3, 4, 5))) == 12


def test_two_heaps_are_P_exactly_when_equal():
    for a, b in itertools.product(range(12), repeat=2):
        assert Nim().outcome((a, b)) == ("P" if a == b else "N")
        assert outcome_of((a, b)) == ("P" if a == b else "N")


def test_normal_play_matches_brute_force_on_every_small_position():
    for size in range(4):
        for heaps in itertools.product(range(6), repeat=size):
            assert Nim().outcome(heaps) == outcome_of(heaps), heaps


def test_generic_engine_on_nim_agrees_with_the_rule():
    for heaps in itertools.product(range(5), repeat=3):
        assert engine.outcome(Nim(), heaps) == Nim().outcome(heaps)
        assert engine.grundy(Nim(), heaps) == nim_sum(*heaps)


@given(small_positions)
@settings(max_examples=100, deadline=None)
def test_normal_winning_moves_are_exactly_the_P_followers(heaps):
    game = Nim()
    expected = [m for m in game.moves(heaps) if outcome_of(m) == "P"]
    assert sorted(game.winning_moves(heaps)) == sorted(expected)
    assert len(set(game.winning_moves(heaps))) == len(game.winning_moves(heaps))


def test_winning_moves_work_for_huge_heaps():
    assert Nim().winning_moves((10**12, 10**12 + 1)) == [(10**12, 10**12)]
    assert Nim().outcome((2**80, 2**80)) == "P"
    assert Nim(misere=True).winning_moves((1, 10**15)) == [(1, 0)]


# ---------------------------------------------------------------- misère play

def test_misere_examples():
    misere = Nim(misere=True)
    assert misere.outcome((1,)) == "P"          # Chang: (1) is a P-position in misère Nim
    assert misere.outcome(()) == "N"            # no move: the player to move wins
    assert misere.outcome((1, 1)) == "N"
    assert misere.outcome((1, 1, 1)) == "P"
    assert misere.outcome((2, 2)) == "P"
    assert misere.outcome((2,)) == "N"
    assert misere.winning_moves((2,)) == [(1,)]
    assert misere.winning_moves((1, 1, 2)) == [(1, 1, 1)]
    assert misere.winning_moves((5,)) == [(1,)]


def test_misere_play_matches_brute_force_on_every_small_position():
    misere = Nim(misere=True)
    for size in range(5):
        for heaps in itertools.product(range(5 if size < 4 else 4), repeat=size):
            assert misere.outcome(heaps) == outcome_of(heaps, misere=True), heaps


@given(small_positions)
@settings(max_examples=120, deadline=None)
def test_misere_rule_and_winning_moves_match_brute_force(heaps):
    game = Nim(misere=True)
    assert game.outcome(heaps) == outcome_of(heaps, misere=True)
    assert game.outcome(heaps) == engine.outcome(Nim(), heaps, misere=True)
    expected = [m for m in game.moves(heaps) if outcome_of(m, misere=True) == "P"]
    assert sorted(game.winning_moves(heaps)) == sorted(expected)


def test_misere_nim_has_no_grundy_value():
    with pytest.raises(ValueError, match="(?i)mis"):
        Nim(misere=True).grundy((1, 2))


def test_titles_and_flags():
    assert Nim().misere is False and Nim(misere=True).misere is True
    assert "mis" in Nim(misere=True).title.lower() and "Nim" in Nim().title


# --- nim_p_positions (three-heap P-positions from the definition) ---------------------------------------

def test_nim_p_positions_reproduce_changs_table():
    # Chang's notes list the three-heap P-positions by smallest heap; rows 1 to 5, typed in from the notes.
    chang = {1: [(1, 2, 3), (1, 4, 5), (1, 6, 7), (1, 8, 9), (1, 10, 11), (1, 12, 13)],
             2: [(2, 4, 6), (2, 5, 7), (2, 8, 10), (2, 9, 11), (2, 12, 14), (2, 13, 15)],
             3: [(3, 4, 7), (3, 5, 6), (3, 8, 11), (3, 9, 10), (3, 12, 15), (3, 13, 14)],
             4: [(4, 8, 12), (4, 9, 13), (4, 10, 14), (4, 11, 15)],
             5: [(5, 8, 13), (5, 9, 12), (5, 10, 15), (5, 11, 14)]}
    for a, row in chang.items():
        assert nim_p_positions(15, smallest=a)[: len(row)] == row
    assert nim_p_positions(15, smallest=1)[len(chang[1]):] == [(1, 14, 15)]


def test_nim_p_positions_match_a_brute_force_written_here():
    @cache
    def p(heaps):
        return all(not p(tuple(sorted(heaps[:i] + (t,) + heaps[i + 1:]))) for i, h in enumerate(heaps)
                   for t in range(h))

    expected = [(a, b, c) for a in range(1, 10) for b in range(a + 1, 10) for c in range(b + 1, 10) if p((a, b, c))]
    assert nim_p_positions(9) == expected
    # counted by hand: a xor b = c with c <= 9 gives 8 triples
    assert all(a < b < c <= 9 for a, b, c in expected) and len(expected) == 8


def test_nim_p_positions_small_and_bad_input():
    assert nim_p_positions(2) == [] and nim_p_positions(3) == [(1, 2, 3)]
    assert nim_p_positions(15, smallest=0) == [] and nim_p_positions(15, smallest=16) == []
    with pytest.raises(ValueError, match="32"):
        nim_p_positions(32)
    with pytest.raises((TypeError, ValueError), match="max_heap"):
        nim_p_positions("15")
    with pytest.raises(ValueError, match="smallest"):
        nim_p_positions(15, smallest=-1)
