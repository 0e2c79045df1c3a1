"""No hint or slip message hands a student the answer, and the slips of the second day read plainly.

A first-year and a game theorist found hints that spelled the answer out (5.8's "(3, 5, 6) ... undo it",
6.2's "(1, 1, 1)"), slip messages that worked it out ("taking 7 from 307 leaves 300"), and a decimal 21.0
answered with "e.g. 21". ``ANSWERS`` holds one right answer of every exercise whose answer is a number or a
position (each is checked to be right first, so the table cannot drift from the checkers).
"""

import re

import nbformat
import pytest

from gamelib.exercises import check
from gamelib.exercises.core import EXERCISES
from tests.test_kit_settings import ROOT

ANSWERS = {
    "1.2": 21, "1.4": 300, "2.1": 2, "2.2": 0, "2.4": 5, "3.1": 2, "3.2": 524288, "3.3": (8, 3), "3.4": {1, 4, 10},
    "3.5": 1512, "4.1": (4, 4), "4.2": 3, "4.3": 12, "4.4": (0, 2, 3, 4, 5), "4.5": 5, "5.1": 1, "5.2": 2,
    "5.3": (13, 19), "5.5": (2, 10), "5.6": (10, 11, 6), "5.8": (3, 5, 6), "5.9": 141, "6.2": (1, 1, 1), "7.1": 31,
    "7.2": (4, 7), "7.3": (9, 9), "7.4": (3, 5), "7.5": (5, 1, 1, 1, 1), "7.6": 61, "8.1": (9, 1), "8.2": 25,
    "8.4": (3, 5, 6), "8.5": 9, "8.6": (2, 3), "8.7": 5,
}
#: Where a number move is given as the heap left: the heap before the move.
MOVE_FROM = {"1.2": 25, "1.4": 307, "3.5": 2024}


def written(answer) -> list[re.Pattern]:
    """How the answer would appear in a sentence: a number of 10 or more standing alone (smaller numbers
    occur in any hint: "start from 0", "period 7"), a tuple or set with or without its brackets."""
    if isinstance(answer, int):
        return [re.compile(rf"(?<![\d.]){answer}(?![\d.])")] if answer >= 10 else []
    items = list(answer)
    return [re.compile(re.escape(", ".join(map(str, order)))) for order in (items, sorted(items))]


def test_the_answers_are_right():
    assert [e for e, answer in ANSWERS.items() if not check(e, answer).ok] == []


@pytest.mark.parametrize("exercise", sorted(ANSWERS))
def test_no_hint_contains_its_exercises_answer(exercise):
    hints = {EXERCISES[exercise].checker.hint, check(exercise, "not an answer").hint}
    for wrong in ((), (10**6,), (0, 0, 0, 0, 0, 0), 10**6):
        hints.add(check(exercise, wrong).hint)
    shown = [(hint, p.pattern) for hint in hints for p in written(ANSWERS[exercise]) if p.search(hint)]
    assert shown == []


@pytest.mark.parametrize("exercise", [e for e, answer in ANSWERS.items() if isinstance(answer, int) and answer >= 10])
def test_a_decimal_answer_is_not_told_the_whole_number(exercise):
    answer = ANSWERS[exercise]
    feedback = check(exercise, float(answer))  # 21.0 for 21: right but for the decimal point
    assert not feedback.ok and "decimal" in feedback.message
    assert not any(p.search(feedback.message) for p in written(answer)), feedback.message


@pytest.mark.parametrize("exercise", sorted(MOVE_FROM))
def test_a_number_of_chips_taken_is_not_told_the_heap_it_leaves(exercise):
    taken = MOVE_FROM[exercise] - ANSWERS[exercise]
    feedback = check(exercise, taken)
    assert not feedback.ok and "looks like the number of chips taken" in feedback.message
    assert not any(p.search(str(feedback)) for p in written(ANSWERS[exercise])), str(feedback)


def test_3_4_says_which_number_is_out_of_range_and_shows_a_set():
    feedback = check("3.4", {4, 9, 11})
    assert feedback.message == "{4, 9, 11}: 11 is not a number from 1 to 10 (every number of the set must be)."
    assert check("3.4", {4, 9}).message == "{4, 9} has 2 different numbers: the set needs three."


def test_7_1_explains_the_k_slip_in_plain_words():
    message = check("7.1", 30).message  # floor(19·φ) = 30: 19 taken for k
    assert "is what k = 19 gives, but here 19 is not k" in message and "takes 19 for k" not in message


def test_6_6_hint_does_not_decide_the_case_for_the_student():
    hint = EXERCISES["6.6"].checker.hint
    assert "genus" in hint and "fickle" not in hint and "1^(" not in hint


def test_7_6_hint_leaves_the_exercises_question_open():
    hint = EXERCISES["7.6"].checker.hint
    assert "99 is not floor" not in hint and "99 = floor" not in hint


@pytest.mark.parametrize("typed", ["2-3", "3-2", "(2, 3)", " 2 – 3 "])
def test_8_6_takes_the_explorers_notation_for_an_edge(typed):
    assert check("8.6", typed).ok


def test_8_6_refuses_text_that_is_not_one_edge_saying_why():
    assert "names 2 edges; give just the one edge you chop" in check("8.6", "0-1, 1-2").message
    assert "is not an edge" in check("8.6", "2 to 3").message
    assert not check("8.6", "1-2").ok


def cell(lesson: str, cell_id: str):
    notebook = nbformat.read(ROOT / "notebooks" / lesson, as_version=4)
    (found,) = [c for c in notebook.cells if c.id == cell_id]
    return found


def test_lesson_5_states_the_hypotheses_and_a_valid_termination_argument():
    lesson = "05-sums-of-games.ipynb"
    theorem = cell(lesson, "08feb7df").source
    assert "finitely many moves from each position" in theorem and "$\\omega$" in theorem
    assert "every impartial game $X$" in theorem
    assert "for any impartial game $X$" in cell(lesson, "c069d8a9").source
    poker = cell(lesson, "6790a3a4").source
    assert "finite stock" in poker and "puts them in your own stock" in poker
    assert "plus the chips in the loser's stock" in poker
    assert "as long as the stock lasts" not in poker
    rare = cell(lesson, "bb2cf87b").source
    assert rare.index("heuristic") < rare.index("tries every split") < rare.index("proves the period")
    printed = "".join(o.get("text", "") for o in cell(lesson, "3e811202").outputs)
    assert "preperiod 53, period 34" in printed and "141" not in printed  # 141 is Exercise 5.9's answer


def test_lesson_6_says_the_forbidden_last_move_holds_for_a_game_alone():
    text = cell("06-misere-play.ipynb", "17930d53").source
    assert "for a game on its own, not part by part in a sum" in text and "$(1, 1)$ is a misère N-position" in text


def test_lesson_7_leaves_the_square_bar_to_exercise_7_5():
    for cell_id in ("f28a50fa", "7c49c120"):
        assert "diagonally below the poison" not in cell("07-more-games.ipynb", cell_id).source


def test_lesson_8_exercise_8_7_shows_no_picture_and_does_not_say_it_does():
    text = cell("08-coins-and-trees.ipynb", "8c3f8329").source
    assert "The picture draws" not in text and "the ground is one vertex" in text.lower()
