"""A homework set as the grader holds it, made from gamelib.homework's definition without building anything:
for the tests of what grading writes (gradebooks, course-site files, reports), which never run a notebook and
so need no course file. The written question is hw1's (2 points, marked by hand)."""

from __future__ import annotations

from pathlib import Path

from gamelib_grader.intake.homework_set import HomeworkSet, Question

from gamelib.homework import homework

SET = "hw1-subtraction-grundy"


def made_set(name: str = SET, course_code: str = "made-for-tests") -> HomeworkSet:
    definition = homework(name)
    questions = [Question(q.name, q.points, False) for q in definition.questions]
    questions.append(Question("q6", 2.0, True, "Explain in two or three sentences why your move wins."))
    return HomeworkSet(name, tuple(questions), None, definition, course_code, False, Path("autograder.zip"))
