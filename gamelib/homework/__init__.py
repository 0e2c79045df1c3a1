"""Homework whose numbers are every student's own: drawn from the student id and a course code the teacher sets.

In a homework notebook the student types an id and the course code, and asks for their numbers::

    >>> from gamelib.homework import my_numbers
    >>> mine = my_numbers("hw1", "s1234567", "demo")
    >>> mine.q4.n in range(20, 60) and mine.q4.S == my_numbers("hw1", " S1234567 ", "Demo").q4.S
    True

Besides these three sets, a teacher composes sets of their own from the lessons' exercises, in a small file
``homework/sets/NAME.toml`` (:mod:`gamelib.homework.composed`); the kit ships such sets after lessons 7, 8 and
9, and ``my_numbers("hw4-wythoff-chomp", ...)`` gives a student's numbers for one as for hw1.

Each question of ``hw1``, ``hw2`` and ``hw3`` (:mod:`gamelib.homework.hw1` ...) draws its own numbers —
games, heaps, positions — from its own pool (:mod:`gamelib.homework.pools`), with a stream keyed by the course
code (:mod:`gamelib.homework.draw`): without the code, the id and this public package give nothing. The right
answers are computed from the numbers with ``gamelib``, by the grader as by anyone: the package shows the
methods, never a student's answers. ``mine.check("q1")`` says exactly what it verified — the form of the
answers, and the slips it can name without giving an answer away (a move that is not legal, a value that is
not the mex of those beside it) — and never that an answer is right. The object holds no answer key: the
grader marks the answers with :func:`gamelib.homework.marking.mark` (public code, as every method is; the
grader flags a notebook that calls it).

Until an id and a code are typed, ``my_numbers`` gives a :class:`NoNumbers` that says what to type, so that
running the whole handout never stops with a traceback:

    >>> my_numbers("hw1", ..., ...)
    Homework 1: type your student id and course code in the cell above, in quotes, then run both cells again.

**How unique the answers are.** For each question, the chance ``c`` that two students of a course have the
same right answers (every answer's set of right answers the same), computed from the pools with the
probabilities of the draws (tests/homework_figures.py; ``≤`` is a bound by one answer alone, ``-`` not
counted). The questions draw independently, so two given students share a whole set's answers with chance at
most the product, and some two students of a class of 40 with chance at most C(40, 2) = 780 times that. (The
earlier homework's question 5 alone gave two students of 40 the same answers with chance 91 %, about 100 %
and 99 %; its other questions had one answer for everybody.)

=======  ========  ========  ========  ========  ========  ==========  ==============
set      q1        q2        q3        q4        q5        two share   some two of 40
=======  ========  ========  ========  ========  ========  ==========  ==============
``hw1``  0.013     6.1e-05   0.027     0.006     ≤0.00011  ≤1.4e-14    ≤1.1e-11
``hw2``  0.0059    ≤0.0042   0.0078    2.6e-05   ≤0.028    ≤1.4e-13    ≤1.1e-10
``hw3``  0.036     -         0.0035    0.059     ≤0.00011  ≤8.1e-10    ≤6.3e-07
=======  ========  ========  ========  ========  ========  ==========  ==============

A copied answer is therefore almost always wrong for the copier's own numbers, and the grader's copying pass
(gamelib_grader/integrity/copying.py) finds whose numbers it is right for.
"""

from gamelib.homework import handout, hw1, hw2, hw3
from gamelib.homework.composed import ComposedSet, SetFileError, find_set, read_set, set_names
from gamelib.homework.core import (
    Answer,
    Checked,
    Homework,
    NoNumbers,
    Numbers,
    NumbersNotKnown,
    Part,
    Question,
)
from gamelib.homework.core import my_numbers as _my_numbers
from gamelib.homework.draw import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, normalise_course_code, normalise_student_id
from gamelib.homework.marking import Marked

#: The built-in homework sets by short name (the sets composed in files: :func:`set_names`).
HOMEWORK = {h.name: h for h in (hw1.HOMEWORK, hw2.HOMEWORK, hw3.HOMEWORK)}

handout.install()  # in a notebook: an id typed without quotes says so in one line (gamelib.homework.handout)


def homework(name: str) -> Homework:
    """The homework set named ``name``: a built-in set's short name (``"hw1"``) or any name starting with it
    and a hyphen (``"hw1-subtraction-grundy"``, the handout's); else the set composed in the file
    ``homework/sets/NAME.toml`` (:func:`find_set` says where it is looked for), read and checked.

    >>> homework("hw2-periodicity-nim").name, homework("hw4-wythoff-chomp").title
    ('hw2', 'Homework 4: Wythoff and Chomp')
    """
    short = name.split("-", 1)[0] if isinstance(name, str) else name
    if short in HOMEWORK:
        return HOMEWORK[short]
    found = find_set(name)
    if found is None:
        raise ValueError(f"no homework set {name!r}: its file homework/sets/{name}.toml was not found here (open the "
                         f"handout from the kit's folder notebooks/homework/); the sets are "
                         f"{', '.join([*HOMEWORK, *set_names()])}")
    return read_set(found)


def my_numbers(homework_name: str, student_id: object, course_code: object) -> Numbers | NoNumbers:
    """A student's numbers for one homework set (see the module docstring); never raises for what a student
    types as the id or the code: a :class:`NoNumbers` says what is wrong instead.

    The example student of the demo course (both public, so their numbers are too):

    >>> mine = my_numbers("hw1", EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE)
    >>> mine.title, mine.of("q1")
    ('Homework 1', {'S': (5, 7, 10, 12)})
    >>> mine.q2.S, mine.q2.n
    ((3, 5, 7, 8), 18)
    >>> my_numbers("hw1", 1234.5, DEMO_COURSE_CODE)  # doctest: +NORMALIZE_WHITESPACE
    Homework 1: student_id must be your student id in quotes, e.g. "s1234567", got 1234.5. Correct it in the cell
    above, then run it and this cell again.
    """
    return _my_numbers(homework(homework_name), student_id, course_code)


def numbers(homework_name: str, student_id: object, course_code: object) -> Numbers:
    """A student's numbers for one homework set; TypeError or ValueError for an id or code that is not one.

    The strict form, as the grader reads numbers (:meth:`Homework.numbers`): an id or code that is not one
    stops with an error, where :func:`my_numbers` would give a :class:`NoNumbers` to a notebook.

    >>> numbers("hw1", " S1234567 ", "Demo").q1  # spaces and capitals do not change the id or the code
    S = (5, 7, 10, 12)
    >>> numbers("hw1", "", DEMO_COURSE_CODE)
    Traceback (most recent call last):
    ...
    ValueError: student_id must not be empty, got ''; type your id, e.g. "s1234567"
    """
    return homework(homework_name).numbers(student_id, course_code)


__all__ = ["DEMO_COURSE_CODE", "EXAMPLE_STUDENT_ID", "HOMEWORK", "Answer", "Checked", "ComposedSet", "Homework",
           "Marked", "NoNumbers", "Numbers", "NumbersNotKnown", "Part", "Question", "SetFileError", "find_set",
           "homework", "my_numbers", "normalise_course_code", "normalise_student_id", "numbers", "read_set",
           "set_names"]
