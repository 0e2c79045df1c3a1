"""Lesson 8's checks. Coin-turning games: the answers come from the brute force of tests/test_coins.py (bit masks
and the rules' own words, no gamelib). Green Hackenbush: from the definition (brute_hackenbush.py, no gamelib)
and from the hand computations in tests/test_hackenbush.py. Wrong and odd answers are told what is off."""

import ast
import re
from functools import reduce
from operator import xor

import brute_hackenbush as brute
import matplotlib.pyplot as plt
import nbformat
import numpy as np
import pytest
from test_coins import as_mask, brute_value, flips
from test_exercises_common import Stranger

from gamelib import GreenHackenbush
from gamelib.exercises import EXERCISES, check
from gamelib.exercises.lesson8 import CYCLES, HOUSE_AND_EDGE, MOCK, RULER, STALKS, TREE, TURTLES
from gamelib.plots import position_figure
from tools import lessons


def bamboo(lengths):
    edges, top = [], 0
    for n in lengths:
        vertices = [0] + list(range(top + 1, top + n + 1))
        edges += list(zip(vertices, vertices[1:], strict=False))
        top += n
    return edges


def test_the_rows_of_coins_are_the_ones_the_lesson_prints():
    assert (TURTLES, MOCK, RULER) == ((2, 5, 6, 9), (2, 7, 9), (3, 6, 8, 12))


# --- 8.1 to 8.3: coin-turning games -------------------------------------------------------------------------------


def winning_turns(rule: str, heads: tuple, first: int) -> set:
    """Every move from ``heads`` that leaves a brute-force value of 0, as the set of coins it turns."""
    mask = as_mask(heads)
    found = set()
    for x in heads:
        for other in flips(rule, x, first):
            turned = (1 << x) | other
            if brute_value(rule, mask ^ turned, first) == 0:
                found.add(frozenset(c for c in range(turned.bit_length()) if turned >> c & 1))
    return found


def test_8_1_the_one_winning_move_of_turning_turtles_in_any_order():
    assert winning_turns("turning", TURTLES, 1) == {frozenset({9, 1})}  # 2 ⊕ 5 ⊕ 6 ⊕ 9 = 8: heap 9 to 1
    assert check("8.1", (9, 1)).ok and check("8.1", [1, 9]).ok and check("8.1", {1, 9}).ok
    assert check("8.1", np.array([9, 1])).ok


@pytest.mark.parametrize(("answer", "words"), [
    ((9,), "leaves heads up at 2, 5, 6, worth g = 1, not 0"),
    ((9, 2), "leaves heads up at 5, 6, worth g = 3, not 0"),     # a legal move, read as one
    ((10, 1), "coin 10 is tails"),
    ((7, 1), "coin 7 is tails"),
    ((9, 8, 1), "is not a move of Turning Turtles: turn over one or two coins"),
    ((1, 2, 5, 6), "looks like the heads-up coins after a move"),
    ((9, 9), "names coin 9 twice"),
    ((0, 9), "Turning Turtles numbers its coins from 1"),
    ((), "turns at least one coin"),
])
def test_8_1_wrong_answers_say_what_is_off(answer, words):
    result = check("8.1", answer)
    assert not result.ok and words in result.message, result.message
    assert "9 and 1" not in str(result)


def test_8_2_value_of_a_mock_turtles_row():
    truth = brute_value("mock", as_mask(MOCK), 0)
    assert truth == 25  # coins 2, 7, 9 are worth 4 (10: one 1), 14 (111: three) and 19 (1001: two 1s, so 2n + 1)
    assert check("8.2", truth).ok
    for slip, words in [(12, "the value in Turning Turtles"), (37, "added"), (31, "numbers its coins from 0")]:
        result = check("8.2", slip)
        assert not result.ok and words in result.message
    assert brute_value("turning", as_mask(MOCK), 1) == 12  # the slips are what they say they are
    assert brute_value("mock", as_mask((1, 6, 8)), 0) == 31
    assert not check("8.2", 24).ok and "25" not in str(check("8.2", 24))


def test_8_3_both_winning_runs_of_the_ruler_game_and_no_other():
    truth = winning_turns("ruler", RULER, 1)
    # Values 1, 2, 8, 4: nim-sum 15. Turning 3 to 8 lowers coin 8's part; turning 7 to 12 raises coin 12's part
    # (from 4 to 1 ⊕ 8 ⊕ 1 ⊕ 2 ⊕ 1 = 11): a raise that wins, as lesson 5 says it may.
    assert truth == {frozenset(range(3, 9)), frozenset(range(7, 13))}
    for run in truth:
        assert check("8.3", sorted(run, reverse=True)).ok and check("8.3", sorted(run)).ok
    assert check("8.3", range(3, 9)).ok
    for x in RULER:
        for other in flips("ruler", x, 1):
            turned = frozenset({x} | {c for c in range(x) if other >> c & 1})
            assert check("8.3", tuple(turned)).ok == (turned in truth), turned


@pytest.mark.parametrize(("answer", "words"), [
    ((8, 7), "leaves heads up at 3, 6, 7, 12, worth g = 6, not 0"),
    ((12, 6), "is not a move of the Ruler game: turn over a run of coins"),
    ((4, 5, 7, 12), "looks like the heads-up coins after a move"),
    ((13, 12), "coin 13 is tails"),
    ((1, 0), "there is no coin 0: the Ruler game numbers its coins from 1"),
])
def test_8_3_wrong_answers_say_what_is_off(answer, words):
    result = check("8.3", answer)
    assert not result.ok and words in result.message, result.message


def lesson_cells():
    lesson = next(x for x in lessons.LESSONS if x.slug.startswith("08"))
    return nbformat.read(lesson.path, as_version=4).cells


@pytest.mark.parametrize(("exercise_id", "name", "edges"), [("8.5", "tree", TREE), ("8.7", "cycles", CYCLES)])
def test_the_exercise_cell_defines_the_picture_so_the_markdowns_own_calls_run(exercise_id, name, edges):
    """The Markdown says to call GreenHackenbush(tree) and position_figure on it: the code cell must define it."""
    cells = lesson_cells()
    index = next(i for i, c in enumerate(cells) if c.cell_type == "code" and f'check("{exercise_id}"' in c.source)
    code, text = cells[index].source, cells[index - 1].source
    assert code.index(f"{name} = [") < code.index("answer = None")
    namespace: dict = {}
    exec(compile(code.replace(f'check("{exercise_id}", answer)', ""), "cell", "exec"), namespace)  # the data only
    assert tuple(namespace[name]) == edges
    namespace.update(GreenHackenbush=GreenHackenbush, position_figure=position_figure)
    for call in re.findall(r"`([A-Za-z_]+\(.*?\))`", text):  # every call the Markdown suggests runs
        eval(call, namespace)
    plt.close("all")
    assert f"{name} = [" not in text  # the data in one place, where the student runs it


def test_the_pictures_are_the_ones_the_lesson_prints():
    assert STALKS == (4, 5, 6)
    assert TREE == ((0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (1, 6), (6, 7), (7, 8), (0, 9), (9, 10), (9, 11))
    assert CYCLES == ((0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (0, 6), (6, 7), (7, 0))
    assert HOUSE_AND_EDGE == ((0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (0, 4))


# --- 8.4 bamboo stalks --------------------------------------------------------------------------------------------


def test_8_4_every_winning_chop_is_accepted_and_no_other():
    chops = [STALKS[:i] + (k,) + STALKS[i + 1:] for i in range(3) for k in range(STALKS[i])]
    winning = [c for c in chops if brute.value(bamboo(c)) == 0]
    assert winning == [(3, 5, 6), (4, 2, 6), (4, 5, 1)]  # 4 ⊕ 5 ⊕ 6 = 7: each stalk has the 4s digit
    for c in chops:
        assert check("8.4", c).ok == (c in winning), c
    assert check("8.4", list(winning[0])).ok and check("8.4", np.array(winning[1])).ok


def examples_in_the_lesson(exercise_id: str) -> list[str]:
    """The ``answer = ...`` examples of an exercise's Markdown cell and its ``expects`` words."""
    lesson = next(x for x in lessons.LESSONS if x.slug.startswith("08"))
    cell = next(c.source for c in nbformat.read(lesson.path, as_version=4).cells
                if c.cell_type == "markdown" and c.source.startswith(f"**Exercise {exercise_id}**"))
    return re.findall(r"answer = (\([^)]*\))", cell) + re.findall(r"e\.g\. (\([^)]*\))", EXERCISES[exercise_id].expects)


@pytest.mark.parametrize(("exercise_id", "rule", "heads", "first"), [
    ("8.1", "turning", TURTLES, 1), ("8.3", "ruler", RULER, 1)])
def test_the_answer_format_examples_are_legal_moves_that_lose_and_share_no_coin_with_the_winning_pair(
        exercise_id, rule, heads, first):
    """An example that is a winning move, or half of one, gives the answer away."""
    examples = examples_in_the_lesson(exercise_id)
    assert len(examples) == 2 and len(set(examples)) == 1, examples
    example = frozenset(ast.literal_eval(examples[0]))
    x = max(example)
    assert x in heads and as_mask(example - {x}) in flips(rule, x, first), example  # a legal move
    assert brute_value(rule, as_mask(heads) ^ as_mask(example), first) != 0  # that does not win
    winning = winning_turns(rule, heads, first)
    assert example not in winning
    assert not example & frozenset.intersection(*winning)  # no coin every winning move turns
    assert not check(exercise_id, tuple(example)).ok


@pytest.mark.parametrize(("answer", "words"), [
    ((4, 5, 3), "nim-add to 2, not 0"),
    ((4, 5, 6), "before your chop"),
    ((4, 5, 7), "makes a stalk longer"),
    ((6, 5, 3), "another order"),       # (3, 5, 6) written in another order
    ((5, 4, 6), "changes 2 stalks"),
    ((4, 5), "a pair looks like one edge"),
    ((4, 5, 6, 0), "has 4 numbers"),
    ((3,), "has 1 number;"),
    ((4, -1, 6), "0 edges or more"),
])
def test_8_4_wrong_answers_say_what_is_off(answer, words):
    result = check("8.4", answer)
    assert not result.ok and words in result.message
    assert "(3, 5, 6)" not in str(result) and "(4, 2, 6)" not in str(result)


# --- 8.5 and 8.6: the tree ----------------------------------------------------------------------------------------


def test_8_5_value_of_the_tree():
    truth = brute.value(TREE)
    assert truth == 9  # by hand: see WORKED in tests/test_hackenbush.py
    assert check("8.5", truth).ok and check("8.5", np.int64(truth)).ok
    edges = check("8.5", len(TREE))  # 11: what adding every branch gives
    assert not edges.ok and "number of edges" in edges.message and "nim-add" in edges.message
    other = check("8.5", 10)
    assert not other.ok and "9" not in str(other)


def test_8_6_the_winning_chop_of_the_tree_either_way_round():
    assert brute.winning_chops(TREE) == {(2, 3)}
    assert check("8.6", (2, 3)).ok and check("8.6", [3, 2]).ok
    # An edge's two ends have no order, so a set names it as well (8.1 takes a set of coins the same way).
    assert check("8.6", {2, 3}).ok and check("8.6", frozenset({3, 2})).ok and check("8.6", np.array([3, 2])).ok
    assert not check("8.6", {2, 4}).ok and "leaves a tree worth 3" in check("8.6", {2, 4}).message


@pytest.mark.parametrize(("answer", "words"), [
    ((2, 4), "leaves a tree worth 3, not 0"),
    ((0, 1), "leaves a tree worth 1, not 0"),
    ((5, 6), "not an edge of the tree"),
    ([(0, 1), (1, 2)], "looks like a list of edges"),
    ([(1, 2)], "looks like a list of edges"),
    ({(1, 2)}, "looks like a list of edges"),
    (np.array([[1, 2]]), "looks like a list of edges"),   # a 2-d array is a list of edges, as [(1, 2)] is
    ([np.array([1, 2])], "looks like a list of edges"),
    ({2}, "has 1 number;"),
    ((1,), "has 1 number;"),
    ((1, 2, 3), "has 3 numbers"),
])
def test_8_6_wrong_chops_say_what_is_off(answer, words):
    result = check("8.6", answer)
    assert not result.ok and words in result.message and "(2, 3)" not in str(result)


def test_8_6_what_a_wrong_chop_leaves_is_worth_what_the_message_says():
    for edge, worth in [((2, 4), 3), ((0, 1), 1)]:
        after = [e for e in TREE if e != edge]
        assert brute.value(after) == worth


# --- 8.7 fusion, 8.8 the house ------------------------------------------------------------------------------------


def test_8_7_value_of_the_picture_with_cycles():
    truth = brute.value(CYCLES)
    assert truth == 5  # by hand: see WORKED in tests/test_hackenbush.py
    assert check("8.7", truth).ok
    edges = check("8.7", len(CYCLES))
    assert not edges.ok and "number of edges" in edges.message
    assert not check("8.7", 4).ok and "5" not in str(check("8.7", 4))


def test_8_8_the_house_beside_an_edge():
    house = HOUSE_AND_EDGE[:5]
    assert brute.value(house) == 1 and brute.value(HOUSE_AND_EDGE) == reduce(xor, [1, 1])
    assert check("8.8", "P").ok and check("8.8", " p-position ").ok
    wrong = check("8.8", "N")
    assert not wrong.ok and "fuse" in wrong.hint


@pytest.mark.parametrize("exercise", ["8.1", "8.2", "8.3", "8.4", "8.5", "8.6", "8.7", "8.8"])
@pytest.mark.parametrize("answer", ["nine", 2.5, True, {"a": 1}, [1, "x"], None, (1.5, 2), Stranger()], ids=repr)
def test_odd_answers_get_a_message_not_a_pass(exercise, answer):
    result = check(exercise, answer)
    assert not result.ok and result.message


# --- words in the order the lesson teaches them -------------------------------------------------------------------

#: Lesson 8's own terms, as the lesson defines them (in bold, or as a principle's name in bold).
TERMS = {"odious": "**odious**", "stalk": "**bamboo stalk**", "branch": "**branch**",
         "colon principle": "**Colon principle.**", "fus": "**Fusion principle.**", "loop": "**loop**"}


def test_lesson_8_defines_its_terms_before_its_exercises_and_no_earlier_hint_uses_them():
    lesson = next(x for x in lessons.LESSONS if x.slug.startswith("08"))
    text = "\n".join(c.source for c in nbformat.read(lesson.path, as_version=4).cells if c.cell_type == "markdown")
    exercises = text.index("**Exercise 8.1**")
    for term, definition in TERMS.items():
        assert definition in text[:exercises], f"lesson 8 does not define {term!r} before its exercises"
    for exercise_id, exercise in EXERCISES.items():
        hint = getattr(exercise.checker, "hint", "").lower()
        if not exercise_id.startswith("8."):  # ("loop" left out: lesson 3's hints loop over sets in Python)
            assert not [term for term in TERMS if term != "loop" and term in hint], exercise_id
