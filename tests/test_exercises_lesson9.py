"""Lesson 9's checks against the definitions (tests/brute_lesson9.py, no gamelib): for every exercise, each answer
of the form asked is enumerated; exactly the right ones are accepted, and the wrong ones are told what is off."""

from __future__ import annotations

from functools import reduce
from itertools import permutations
from operator import xor

import brute_lesson9 as brute
import pytest

from gamelib.exercises import EXERCISES, check
from gamelib.exercises.lesson9 import (
    ARCS,
    BOW_TIE,
    LASKER_HEAP,
    LASKER_HEAPS,
    MOORE_HEAPS,
    MOORE_K,
    PATH_LENGTH,
    STAIRS_MOVE,
    STAIRS_VALUE,
)

LASKER = brute.lasker_values(40)


def test_the_lesson_has_ten_exercises():
    assert sorted((k for k in EXERCISES if k.startswith("9.")), key=lambda k: int(k[2:])) == \
        [f"9.{i}" for i in range(1, 11)]


def test_the_positions_are_the_ones_the_lesson_prints():
    assert (STAIRS_MOVE, STAIRS_VALUE, MOORE_K, MOORE_HEAPS, LASKER_HEAP, LASKER_HEAPS, PATH_LENGTH) == \
        ((4, 1, 6, 2, 3), (2, 7, 5, 1, 6), 2, (1, 2, 4, 7), 11, (3, 6), 10)


def test_9_1_every_staircase_move_is_checked_by_the_definition():
    accepted = 0
    for after in brute.staircase_moves(STAIRS_MOVE):
        right = brute.staircase_value(after) == 0
        assert check("9.1", after).ok == right, after
        accepted += right
    assert accepted == 3  # stair 5 gives one coin to stair 4, stair 4 one to stair 3, stair 2 one to stair 1
    for not_a_move in [(4, 1, 6, 2, 2), (4, 1, 6, 2, 3), (3, 1, 6, 2, 3, 0), (5, 1, 6, 2, 3)]:
        assert not check("9.1", not_a_move).ok


@pytest.mark.parametrize(("exercise", "truth"), [
    ("9.2", brute.staircase_value(STAIRS_VALUE)),
    ("9.5", LASKER[LASKER_HEAP]),
    ("9.7", brute.digraph_values(list(ARCS))[0]),
    ("9.10", brute.kayles_value(frozenset(v for e in BOW_TIE for v in e), list(BOW_TIE))),
])
def test_number_answers_only_the_value_from_the_definition_is_accepted(exercise, truth):
    assert [n for n in range(64) if check(exercise, n).ok] == [truth]
    assert truth == {"9.2": 1, "9.5": 12, "9.7": 3, "9.10": 3}[exercise]  # the numbers the lesson relies on


def test_9_2_slips_are_named():
    assert "every stair" in check("9.2", reduce(xor, STAIRS_VALUE)).message
    assert "even stairs" in check("9.2", 7 ^ 1).message


def test_9_3_outcome_by_the_definition():
    truth = "P" if brute.moore_is_p(tuple(sorted(MOORE_HEAPS)), MOORE_K) else "N"
    assert truth == "N"  # in Nim (k = 1) the same heaps are a P-position: 1 ⊕ 2 ⊕ 4 ⊕ 7 = 0
    assert brute.moore_is_p(tuple(sorted(MOORE_HEAPS)), 1)
    assert check("9.3", truth).ok and not check("9.3", "P").ok


def test_9_4_every_moore_move_is_checked_by_the_definition():
    accepted = [after for after in brute.moore_moves(MOORE_HEAPS, MOORE_K) if check("9.4", after).ok]
    truth = [after for after in brute.moore_moves(MOORE_HEAPS, MOORE_K)
             if brute.moore_is_p(tuple(sorted(after)), MOORE_K)]
    assert accepted == truth and len(truth) >= 1
    assert not check("9.4", (0, 0, 0, 0)).ok  # four heaps changed at once: not a move with k = 2


def _lasker_positions():
    """Every position one move from LASKER_HEAPS, by the rule: a heap made smaller, or split in two."""
    a, b = LASKER_HEAPS
    found = set()
    for i, h in enumerate((a, b)):
        other = (b, a)[i]
        found |= {tuple(sorted(x for x in (other, smaller) if x)) for smaller in range(h)}
        found |= {tuple(sorted((other, part, h - part))) for part in range(1, h)}
    return found


def test_9_6_every_lasker_move_is_checked_by_the_definition_in_any_order():
    accepted = set()
    for after in _lasker_positions():
        right = reduce(xor, (LASKER[h] for h in after), 0) == 0
        for order in set(permutations(after)):
            assert check("9.6", order).ok == right, order
        accepted |= {after} if right else set()
    assert accepted == {(3, 3), (1, 3, 5)}
    for not_a_move in [(4, 4), (3, 6), (1, 1, 1, 3), (2, 2, 3)]:
        assert not check("9.6", not_a_move).ok


def test_9_8_every_vertex_is_checked_by_the_definition():
    values = brute.digraph_values(list(ARCS))
    truth = [v for u, v in ARCS if u == 0 and values[v] == 0]
    assert [v for v in range(12) if check("9.8", v).ok] == truth == [2]


def test_9_9_every_pick_on_the_path_is_checked_by_the_definition():
    edges = [(i, i + 1) for i in range(PATH_LENGTH - 1)]
    every = frozenset(range(PATH_LENGTH))
    truth = [v for v in range(PATH_LENGTH) if brute.kayles_value(every - {v, v - 1, v + 1}, edges) == 0]
    assert [v for v in range(-1, PATH_LENGTH + 3) if check("9.9", v).ok] == truth == [0, 2, 7, 9]


@pytest.mark.parametrize(("exercise", "answer", "words"), [
    ("9.1", (4, 1, 6, 2, 2), "must land on stair 4"),
    ("9.4", (1, 2, 4, 5), "leaves an N-position"),
    ("9.6", (2, 6), "leaves g = 4, not 0"),
    ("9.8", 4, "there is no arc from 0 to 4"),
    ("9.9", [2, 3], "is several numbers; give the vertex you pick itself"),
    ("9.9", [2], "is a list; give the vertex you pick itself"),
    ("9.9", 12, "is not a move from here"),
])
def test_wrong_answers_say_what_is_off(exercise, answer, words):
    result = check(exercise, answer)
    assert not result.ok and words in result.message, result.message


@pytest.mark.parametrize("exercise", [f"9.{i}" for i in range(1, 11)])
def test_hints_do_not_give_the_answer_away(exercise):
    hint = check(exercise, "not an answer").hint
    assert hint
    answers = {"9.1": ["(5, 0, 6, 2, 3)", "(4, 1, 7, 1, 3)", "(4, 1, 6, 3, 2)"], "9.2": [" 1 "], "9.3": ["'N'"],
               "9.4": ["(1, 2, 3, 3)"], "9.5": ["12"], "9.6": ["(3, 3)", "(1, 3, 5)"], "9.7": [" 3 "],
               "9.8": ["vertex 2"], "9.9": ["vertex 0", "vertex 2", "vertex 7", "vertex 9"], "9.10": [" 3 "]}
    assert not any(a in f" {hint} " for a in answers[exercise]), hint


@pytest.mark.parametrize(("answer", "words"), [
    ((4, 1, 6, 2, 3), "the position you started from"),
    ((4, 1, 6, 1, 4), "carries coins up, from stair 4 to stair 5"),
    ((4, 1, 6, 2, 4), "stair 5 gains coins that no stair above it gave"),
    ((4, 1, 5, 2, 3), "must land on stair 2"),
    ((4, 1, 5, 3, 2), "changes 3 stairs"),
    ((5, 1, 5, 2, 3), "changes stair 1 and stair 3"),
    ((4, 2, 5, 1, 3), "changes 3 stairs"),
    ((4, 2, 4, 2, 3), "stair 3 gives 2 coins but stair 2 gets 1"),
])
def test_9_1_says_why_a_position_is_not_a_move(answer, words):
    result = check("9.1", answer)
    assert not result.ok and "is not a move" in result.message and words in result.message, result.message


def test_9_4_the_right_heaps_in_another_order_are_told_which_order_and_why():
    right = next(after for after in brute.moore_moves(MOORE_HEAPS, MOORE_K)
                 if brute.moore_is_p(tuple(sorted(after)), MOORE_K))
    reordered = tuple(reversed(right))
    result = check("9.4", reordered)
    assert not result.ok and "cannot be reached" not in result.message
    assert "in another order; keep them in the order (1, 2, 4, 7)" in result.message
    assert "the order says which heaps your move took from" in result.message
    assert "takes from 3 heaps; with k = 2" in check("9.4", (0, 1, 3, 7)).message


def test_counting_the_arcs_out_of_vertex_0_is_not_the_answer_of_9_7():
    """The theorist's audit: with 3 arcs out of vertex 0 and g(0) = 3, a student who counted arcs was told
    'correct'. The graph has a fourth arc out of 0 now, and counting arcs gets its own slip."""
    arcs_out = sum(1 for u, _ in ARCS if u == 0)
    assert arcs_out != brute.digraph_values(list(ARCS))[0]
    result = check("9.7", arcs_out)
    assert not result.ok and "number of arcs" in result.message
