"""PTFN (one and two heaps) and the labelling algorithm against brute force, in normal and misère play."""

import itertools
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import Nim, SubtractionGame, label_positions, ptfn, ptfn_two_heaps

from brute import outcome_string


def brute_two_heaps(A, B, rows, cols, misere=False, diagonal=False):
    """'P'/'N' table of two heaps; None means 'take any number' from that heap."""
    table = {}
    for i in range(rows):
        for j in range(cols):
            take_a = range(1, i + 1) if A is None else [s for s in A if s <= i]
            take_b = range(1, j + 1) if B is None else [t for t in B if t <= j]
            followers = [(i - s, j) for s in take_a] + [(i, j - t) for t in take_b]
            if diagonal:
                followers += [(i - d, j - d) for d in range(1, min(i, j) + 1)]
            if not followers:
                table[i, j] = "N" if misere else "P"
            else:
                table[i, j] = "N" if any(table[f] == "P" for f in followers) else "P"
    return np.array([[table[i, j] for j in range(cols)] for i in range(rows)]).reshape(rows, cols)


class Subtract:
    def __init__(self, S):
        self.S = tuple(S)

    def moves(self, n):
        return [n - s for s in self.S if s <= n]


sets = st.sets(st.integers(1, 9), min_size=1, max_size=4).map(lambda s: tuple(sorted(s)))


# ---------------------------------------------------------------- PTFN, one heap

@given(sets, st.integers(0, 120), st.booleans())
@settings(max_examples=60, deadline=None)
def test_ptfn_equals_brute_force(S, stop, misere):
    assert ptfn(S, stop, misere=misere) == outcome_string(S, stop, misere)


@given(sets, st.integers(0, 120))
@settings(max_examples=40, deadline=None)
def test_ptfn_normal_play_marks_P_exactly_where_grundy_is_zero(S, stop):
    values = SubtractionGame(S).grundy_values(stop)
    assert ptfn(S, stop) == "".join("P" if v == 0 else "N" for v in values)


@given(sets, st.integers(0, 120))
@settings(max_examples=40, deadline=None)
def test_ptfn_misere_equals_the_misere_game(S, stop):
    assert ptfn(S, stop, misere=True) == SubtractionGame(S, misere=True).outcomes(stop)


@pytest.mark.parametrize("stop", [0, 1, 2, 3, 8, 9])
def test_ptfn_guards_the_array_end_for_short_tables(stop):
    # the printed loop writes X[i + s] past the end; a short table with a big move must still work
    assert ptfn({1, 3, 7, 8}, stop) == outcome_string((1, 3, 7, 8), stop)
    assert ptfn({1, 3, 7, 8}, stop, misere=True) == outcome_string((1, 3, 7, 8), stop, misere=True)


def test_ptfn_known_tables():
    assert ptfn({1, 2, 3}, 9) == "PNNNPNNNP"
    assert ptfn({1, 2, 3}, 9, misere=True) == "NPNNNPNNN"
    assert ptfn({10, 11, 12}, 23) == "P" * 10 + "N" * 12 + "P"  # heaps 0..9 have no move at all


# ---------------------------------------------------------------- PTFN, two heaps

@given(sets, sets, st.integers(0, 14), st.integers(0, 14), st.booleans())
@settings(max_examples=50, deadline=None)
def test_ptfn_two_heaps_equals_brute_force(A, B, rows, cols, misere):
    table = ptfn_two_heaps(A, B, rows, cols, misere=misere)
    assert table.shape == (rows, cols)
    assert (table == brute_two_heaps(A, B, rows, cols, misere)).all()


@given(sets, sets, st.integers(1, 12), st.integers(1, 12))
@settings(max_examples=30, deadline=None)
def test_ptfn_two_heaps_normal_play_is_the_xor_rule(A, B, rows, cols):
    ga, gb = SubtractionGame(A).grundy_values(rows), SubtractionGame(B).grundy_values(cols)
    expected = np.where((ga[:, None] ^ gb[None, :]) == 0, "P", "N")
    assert (ptfn_two_heaps(A, B, rows, cols) == expected).all()


@pytest.mark.parametrize("misere", [False, True])
def test_ptfn_two_nim_heaps(misere):
    table = ptfn_two_heaps(None, None, 9, 7, misere=misere)
    assert (table == brute_two_heaps(None, None, 9, 7, misere)).all()
    game = Nim(misere=misere)
    assert all(table[i, j] == game.outcome((i, j)) for i in range(9) for j in range(7))


def test_ptfn_one_nim_heap_and_one_subtraction_heap():
    for misere in (False, True):
        table = ptfn_two_heaps(None, {2, 3}, 8, 10, misere=misere)
        assert (table == brute_two_heaps(None, (2, 3), 8, 10, misere)).all()


def test_ptfn_with_the_diagonal_move_is_wythoffs_game():
    from gamelib import Wythoff

    table = ptfn_two_heaps(None, None, 25, 20, diagonal=True)
    assert (table == brute_two_heaps(None, None, 25, 20, diagonal=True)).all()
    assert all(table[a, b] == Wythoff().outcome((a, b)) for a in range(25) for b in range(20))


@given(sets, sets, st.integers(0, 10), st.integers(0, 10), st.booleans())
@settings(max_examples=40, deadline=None)
def test_ptfn_diagonal_with_subtraction_sets(A, B, rows, cols, misere):
    table = ptfn_two_heaps(A, B, rows, cols, misere=misere, diagonal=True)
    assert (table == brute_two_heaps(A, B, rows, cols, misere, diagonal=True)).all()


def test_ptfn_misere_start_counts_the_diagonal_move():
    # S_a = S_b = {2} with the diagonal move: (1, 1) can move to (0, 0), where the next player cannot move and
    # so (misère) wins; (1, 1) is therefore a P-position, not a position without moves.
    table = ptfn_two_heaps({2}, {2}, 2, 2, misere=True, diagonal=True)
    assert table.tolist() == [["N", "N"], ["N", "P"]]


# ---------------------------------------------------------------- the labelling algorithm

@given(sets, st.integers(1, 40), st.booleans())
@settings(max_examples=50, deadline=None)
def test_label_positions_equals_brute_force(S, stop, misere):
    result = label_positions(SubtractionGame(S), range(stop), misere=misere)
    assert "".join(result.labels[n] for n in range(stop)) == outcome_string(S, stop, misere)
    assert set(result.labels) == set(range(stop))


@given(sets, st.integers(1, 30), st.booleans())
@settings(max_examples=40, deadline=None)
def test_label_steps_add_up_to_the_labels(S, stop, misere):
    result = label_positions(Subtract(S), range(stop), misere=misere)
    steps = result.steps
    assert [s.number for s in steps] == list(range(1, len(steps) + 1))
    assert "terminal" in steps[0].rule
    assert set(steps[0].labelled.values()) <= {"N" if misere else "P"}
    seen = {}
    for step in steps:
        assert not set(step.labelled) & set(seen)  # nothing is labelled twice
        seen.update(step.labelled)
    assert seen == result.labels
    # after the terminal step: N-steps and P-steps alternate, and the last P-step found nothing
    for step in steps[1:]:
        assert set(step.labelled.values()) <= {"N"} if step.number % 2 == 0 else {"P"}
    assert steps[-1].labelled == {} and steps[-1].number % 2 == 1


def test_label_positions_on_nim_tuples_both_plays():
    positions = list(itertools.product(range(4), repeat=2))

    @cache
    def brute(p, misere):
        followers = Nim().moves(p)
        if not followers:
            return "N" if misere else "P"
        return "N" if any(brute(f, misere) == "P" for f in followers) else "P"

    for misere in (False, True):
        labels = label_positions(Nim(), positions, misere=misere).labels
        assert labels == {p: brute(p, misere) for p in positions}


def test_label_positions_needs_every_reachable_position():
    with pytest.raises(ValueError, match="7"):
        label_positions(SubtractionGame({1, 3}), [10, 9, 8])  # 10 moves to 7, which is missing


def test_label_positions_reports_a_cycle():
    class Loop:
        def moves(self, p):
            return {0: [1], 1: [0], 2: []}[p]

    with pytest.raises(ValueError, match="cycle"):
        label_positions(Loop(), [0, 1, 2])


def test_label_positions_misere_flag_must_be_bool():
    with pytest.raises(TypeError, match="'yes'"):
        label_positions(SubtractionGame({1}), range(3), misere="yes")
