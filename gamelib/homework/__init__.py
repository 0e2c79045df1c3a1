"""Homework whose numbers are every student's own: drawn from the student id and a course code the teacher sets.

In a homework notebook the student types an id and the course code, and asks for their numbers::

    >>> from gamelib.homework import my_numbers
    >>> mine = my_numbers("hw1", "s1234567", "demo")
    >>> mine.q4.n in range(20, 60) and mine.q4.S == my_numbers("hw1", " S1234567 ", "Demo").q4.S
    True

Each question of ``hw1``, ``hw2`` and ``hw3`` (:mod:`gamelib.homework.hw1` ...) draws its own numbers —
games, heaps, positions — from its own pool (:mod:`gamelib.homework.pools`), with a stream keyed by the course
code (:mod:`gamelib.homework.draw`): without the code, the id and this public package give nothing. The right
answers are computed from the numbers with ``gamelib``, by the grader as by anyone: the package shows the
methods, never a student's answers. ``mine.check("q1")`` says exactly what it verified — the form of the
answers, and the slips it can name without giving an answer away (a move that is not legal, a value that is
not the mex of those beside it) — and never that an answer is right; the grader marks the answers with
:meth:`Numbers.mark`.

Until an id and a code are typed, ``my_numbers`` gives a :class:`NoNumbers` that says what to type, so that
running the whole handout never stops with a traceback:

    >>> my_numbers("hw1", ..., ...)
    Homework 1: type your student id and course code in the cell above, in quotes, then run both cells again.
"""

from gamelib.homework import hw1, hw2, hw3
from gamelib.homework.core import (
    Answer,
    Checked,
    Homework,
    Marked,
    NoNumbers,
    Numbers,
    NumbersNotKnown,
    Part,
    Question,
)
from gamelib.homework.core import my_numbers as _my_numbers
from gamelib.homework.draw import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, normalise_course_code, normalise_student_id

#: The homework sets by short name.
HOMEWORK = {h.name: h for h in (hw1.HOMEWORK, hw2.HOMEWORK, hw3.HOMEWORK)}


def homework(name: str) -> Homework:
    """The homework set named ``name``: its short name (``"hw1"``) or any name starting with it and a hyphen
    (``"hw1-subtraction-grundy"``, the handout's).

    >>> homework("hw2-periodicity-nim").name
    'hw2'
    """
    short = name.split("-", 1)[0] if isinstance(name, str) else name
    if short not in HOMEWORK:
        raise ValueError(f"no homework set {name!r}; the sets are {', '.join(HOMEWORK)}")
    return HOMEWORK[short]


def my_numbers(homework_name: str, student_id: object, course_code: object) -> Numbers | NoNumbers:
    """A student's numbers for one homework set (see the module docstring); never raises for what a student
    types as the id or the code: a :class:`NoNumbers` says what is wrong instead."""
    return _my_numbers(homework(homework_name), student_id, course_code)


def numbers(homework_name: str, student_id: object, course_code: object) -> Numbers:
    """A student's numbers for one homework set; TypeError or ValueError for an id or code that is not one."""
    return homework(homework_name).numbers(student_id, course_code)


__all__ = ["DEMO_COURSE_CODE", "EXAMPLE_STUDENT_ID", "HOMEWORK", "Answer", "Checked", "Homework", "Marked",
           "NoNumbers", "Numbers", "NumbersNotKnown", "Part", "Question", "homework", "my_numbers",
           "normalise_course_code", "normalise_student_id", "numbers"]
