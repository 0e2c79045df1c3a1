"""What a student after marks without the work tried on the homework, its checks and the grader's marking, and
the holes it found (each test failed before its fix). The sandboxed attacks are in test_grading_attacks.py.
"""

from __future__ import annotations

import pytest
from gamelib_grader.marking.checks import grade_question
from gamelib_grader.sandbox.plain import Report

from gamelib.homework import HOMEWORK, numbers
from gamelib.homework.forms import Position, WholeList
from gamelib.homework.marking import mark, one_right_answer
from gamelib.homework.mistakes import FORM

COURSE = "cheats-course"
#: Every answer that is a list or a position, with its question: (set, question, answer name).
LISTS = [(name, question.name, answer.name) for name, hw in HOMEWORK.items() for question in hw.questions
         for answer in question.answers if isinstance(answer.form, (WholeList, Position))]


def test_every_set_has_list_answers():
    assert {name for name, _, _ in LISTS} == set(HOMEWORK)


@pytest.mark.parametrize(("set_name", "question", "answer"), LISTS)
def test_a_negative_number_in_a_list_is_a_form_problem_not_a_crash(set_name, question, answer):
    # Before: -1 in q2_followers (hw1), a heap of -1 in a position (hw2 q4, hw3 q1, q4) raised ValueError from
    # mex() or the game in the handout's own check, and in marking, so that the grader set the whole notebook
    # aside as "the grader failed on this file", every right answer with it.
    for student in ("s1", "s2", "s3"):
        mine = numbers(set_name, student, COURSE)
        values = one_right_answer(mine, question)
        right = list(values[answer])
        values[answer] = [-1, *right[1:]] if right else [-1]
        checked = mine.check(question, **values)
        assert not checked.well_formed
        assert any(f"`{answer}` must be" in line and "-1" in line for line in checked.lines), checked.lines
        marked = mark(mine, question, values)
        assert not marked.answers_right[answer]
        result = grade_question(HOMEWORK[set_name].question(question), mine, Report(values=values))
        assert result.score < result.possible
        assert result.mistakes[answer] == FORM
