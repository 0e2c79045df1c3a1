"""What a homework set is made of, and the two things done with a student's answers: check and mark.

A :class:`Homework` is a list of :class:`Question`. Each question draws its numbers from the student's
stream (:mod:`gamelib.homework.draw`), knows the forms of its answers (:mod:`gamelib.homework.forms`), computes
its right answers from the numbers with ``gamelib`` (every right answer, where several are right), and
names the problems a check may point out without giving an answer away (a move that is not legal, a value
that is not the mex of the values beside it).

- :meth:`Numbers.check` is what the student runs in the notebook: it says exactly what it verified, and
  never that an answer is right;
- :func:`gamelib.homework.marking.mark` is what the grader runs on the answers a submission reported: points
  per part, a line per answer for the student (right or not, never the right value) and for the teacher (with
  it). The answer key lives there, never on the object a notebook holds (:class:`Numbers` has numbers and
  the check only).
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable, Collection, Hashable, Mapping
from dataclasses import dataclass

from gamelib.homework.draw import (
    DEMO_COURSE_CODE,
    Draw,
    normalise_course_code,
    normalise_student_id,
)
from gamelib.homework.forms import Form, describe, short  # noqa: F401 (short: marking and the grader read it here)

#: What a check says about an answer that has its form; never "right" and never "passed".
MARKED_LATER = "well formed — correctness is marked after you hand in"
#: Stands for an answer variable a notebook does not define.
UNDEFINED = object()
#: A tag of this Python process (a notebook's kernel session), shown with the student's numbers: a notebook
#: copied with its saved outputs carries the tag of the run that made them, and two students' notebooks never
#: share one unless one was made from the other without being run again (gamelib_grader/integrity/copying.py).
RUN = secrets.token_hex(4)


@dataclass(frozen=True)
class Answer:
    """One answer variable of a question and the form its value must take.

    >>> from gamelib.homework import homework
    >>> answer = homework("hw1").question("q4").answers[0]
    >>> answer.name, answer.form.what
    ('q4_leave', 'a whole number (a heap size)')
    >>> answer.form.canonical(20), answer.form.canonical("20")  # a value of the form is read; text is not
    (20, None)
    """

    name: str
    form: Form


@dataclass(frozen=True)
class Part:
    """Points given when every answer named is right.

    >>> from gamelib.homework import homework
    >>> for part in homework("hw1").question("q2").parts:
    ...     print(part.points, "for", " and ".join(part.names))
    1 for q2_moves
    1 for q2_moves and q2_followers and q2_g
    """

    points: float
    names: tuple[str, ...]


def _no_hints(numbers: Mapping | None, answers: Mapping) -> list[str]:
    return []


@dataclass(frozen=True)
class Question:
    """One autograded question.

    ``draw(stream)`` gives the question's numbers (a dict of plain values; a name starting with ``_`` is kept
    for the grader and never shown); ``key(numbers)`` gives, per answer, its right answers: the frozenset of
    their canonical forms (or a collection whose ``in`` decides, as a composed set's exercise check does,
    :class:`gamelib.homework.composed.RightAnswers`); ``hints(numbers, answers)`` gives the problems a check
    may name for well-formed answers (``numbers`` is None when the student's numbers are not known).

    >>> from gamelib.homework import homework
    >>> question = homework("hw1").question("q2")
    >>> question.names, question.points
    (('q2_moves', 'q2_followers', 'q2_g'), 2)
    """

    name: str
    answers: tuple[Answer, ...]
    parts: tuple[Part, ...]
    draw: Callable[[Draw], dict]
    key: Callable[[Mapping], Mapping[str, Collection]]
    hints: Callable[[Mapping | None, Mapping], list[str]] = _no_hints
    #: ``mistakes(numbers, answers, key)``: the slips told against the right answers (gamelib.homework.mistakes)
    mistakes: Callable[[Mapping, Mapping, Mapping], list[str]] = lambda numbers, answers, key: []

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.answers)

    @property
    def points(self) -> float:
        return sum(p.points for p in self.parts)


@dataclass(frozen=True)
class Homework:
    """A homework set: its short name (``hw1``, what the student types), its title and its questions.

    >>> from gamelib.homework import HOMEWORK
    >>> hw1 = HOMEWORK["hw1"]
    >>> hw1.title, [question.name for question in hw1.questions]
    ('Homework 1', ['q1', 'q2', 'q3', 'q4', 'q5'])
    >>> hw1.question("q6")
    Traceback (most recent call last):
    ...
    ValueError: hw1 has no question 'q6'; its questions are q1, q2, q3, q4, q5
    """

    name: str
    title: str
    questions: tuple[Question, ...]

    def question(self, name: str) -> Question:
        for question in self.questions:
            if question.name == name:
                return question
        raise ValueError(f"{self.name} has no question {name!r}; its questions are "
                         f"{', '.join(q.name for q in self.questions)}")

    @property
    def answer_names(self) -> tuple[str, ...]:
        return tuple(name for q in self.questions for name in q.names)

    def numbers(self, student_id: object, course_code: object) -> Numbers:
        """The student's numbers; TypeError or ValueError (saying what is wrong) for an id or code that is not one."""
        return Numbers(self, normalise_student_id(student_id), normalise_course_code(course_code))

    def waiting(self, message: str) -> NoNumbers:
        """What a notebook holds before a valid id and code are typed: a :class:`NoNumbers` saying ``message``."""
        return NoNumbers(self, message)


#: The homework sets whose numbers were given out, by name (a student's object holds the name only).
_SETS: dict[str, Homework] = {}


def homework_of(numbers: Numbers | NoNumbers) -> Homework:
    """The homework set of a student's numbers. The student's object holds its set's name only (plain values
    throughout), so that nothing on it leads to the questions, whose ``key`` computes the right answers."""
    return registered(numbers._set)


def registered(name: str) -> Homework:
    """The homework set of this name that a student's numbers were made for (their making registers it)."""
    return _SETS[name]


@dataclass(frozen=True)
class Checked:
    """What a check found: one line per finding. Shown as those lines.

    ``mine.check`` gives one, for the example student of the demo course here (numbers public by design):

    >>> from gamelib.homework import my_numbers
    >>> mine = my_numbers("hw1", "s1234567", "demo")
    >>> mine.q4
    S = (3, 6, 9, 11), n = 23
    >>> checked = mine.check("q4", q4_leave=22)
    >>> checked.well_formed
    False
    >>> checked
    q4: `q4_leave` = 22 is not one move from your heap of 23: a move takes away {3, 6, 9, 11} chips.
    >>> mine.check("q4", q4_leave=20)  # the form, and never whether the answer is right
    q4: `q4_leave` is a whole number (a heap size): well formed — correctness is marked after you hand in.
    """

    question: str
    lines: tuple[str, ...]
    well_formed: bool

    def __repr__(self) -> str:
        return "\n".join(self.lines)


def review(question: Question, numbers: Mapping | None,
           values: Mapping[str, object]) -> tuple[dict[str, Hashable], list[str]]:
    """The canonical form of each answer of ``question`` that has its form, and the problems found: answers
    not defined, still ``...``, or not of their form, then (when all have their form) the question's hints.
    ``values`` maps answer names to values; a name it lacks (or maps to :data:`UNDEFINED`) is not defined."""
    canonical: dict[str, Hashable] = {}
    problems: list[str] = []
    for answer in question.answers:
        value = values.get(answer.name, UNDEFINED)
        if value is UNDEFINED:
            problems.append(f"`{answer.name}` is not defined: run its answer cell (or put back the line "
                            f"`{answer.name} = ...`).")
        elif value is Ellipsis:
            problems.append(f"`{answer.name}` is still `...`: no answer yet.")
        else:
            found = answer.form.canonical(value)
            if found is None:
                problems.append(f"`{answer.name}` must be {answer.form.what}; it is {describe(value)}.")
            else:
                canonical[answer.name] = found
    if not problems:
        problems += question.hints(numbers, canonical)
    return canonical, problems


class QuestionNumbers:
    """One question's numbers, read as attributes (``mine.q2.n``); they cannot be changed."""

    def __init__(self, question: str, values: dict):
        object.__setattr__(self, "_question", question)
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name: str):
        values = object.__getattribute__(self, "_values")
        if name in values:
            return values[name]
        raise AttributeError(f"question {self._question} has no number {name!r}; its numbers are "
                             f"{', '.join(values)}")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("your numbers come from your id and the course code: they cannot be changed")

    def __dir__(self):
        return list(self._values)

    def __repr__(self) -> str:
        return ", ".join(f"{name} = {value!r}" for name, value in self._values.items())


class Numbers:
    """A student's numbers for one homework set: ``mine.q1.S``, ``mine.q2.n``, ...; ``mine.check("q1")``.

    It holds the numbers and the check, never the answer key: the right answers are computed on the grader's
    side by :mod:`gamelib.homework.marking` (public code, like every method here; a notebook that calls it is
    flagged to the teacher).

    >>> from gamelib.homework import my_numbers
    >>> mine = my_numbers("hw1", "s1234567", "demo")
    >>> mine.q1.S == my_numbers("hw1", " S1234567", "DEMO").q1.S
    True
    """

    def __init__(self, homework: Homework, student_id: str, course_code: str):
        # Plain values only: the set's name and title, never the set itself, whose questions hold the key.
        _SETS[homework.name] = homework
        self._set, self._title = homework.name, homework.title
        self.student_id, self.course_code = student_id, course_code
        self._numbers = {q.name: q.draw(Draw(course_code, homework.name, q.name, student_id))
                         for q in homework.questions}

    def __getattr__(self, name: str) -> QuestionNumbers:
        numbers = self.__dict__.get("_numbers", {})
        if name in numbers:
            return QuestionNumbers(name, numbers[name])
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def __dir__(self):
        return [*self._numbers, "check", "of", "plain", "student_id", "course_code", "title"]

    @property
    def title(self) -> str:
        """The homework's title (``Homework 1``)."""
        return self._title

    def of(self, question: str) -> dict:
        """The numbers of one question, as a dict."""
        homework_of(self).question(question)
        return _shown(self._numbers[question])

    @property
    def plain(self) -> dict:
        """Every question's numbers as plain JSON-ready values (tuples as lists)."""
        def as_json(value):
            if isinstance(value, (tuple, list)):
                return [as_json(v) for v in value]
            return value
        return {q: {k: as_json(v) for k, v in _shown(numbers).items()} for q, numbers in self._numbers.items()}

    def __repr__(self) -> str:
        lines = [f"{self.title}: the numbers of student {self.student_id!r} in course {self.course_code!r} "
                 f"(run {RUN})"]
        if self.course_code == DEMO_COURSE_CODE:
            lines.append(f"(the course code {DEMO_COURSE_CODE!r} gives the public example's numbers: type the code "
                         "your teacher gave you)")
        for q, numbers in self._numbers.items():
            shown = "; ".join(f"mine.{q}.{name} = {value!r}" for name, value in _shown(numbers).items())
            lines.append(f"  {q}: {shown}")
        return "\n".join(lines)

    def check(self, question: str, **answers: object) -> Checked:
        """Check the answers of ``question`` as they stand in the notebook (or as given by name): exactly what
        can be verified without giving an answer away, one line each. It never says an answer is right."""
        homework = homework_of(self)
        return _check(homework, question, self._numbers[homework.question(question).name], answers,
                      _callers_names())


class NoNumbers:
    """What :func:`my_numbers` gives before a valid id and course code are typed: it says what to type, its
    ``check`` checks the form of answers, and any number asked of it stops with that message.

    >>> from gamelib.homework import my_numbers
    >>> waiting = my_numbers("hw1", "s1234567", ...)
    >>> waiting
    Homework 1: type your course code in the cell above, in quotes, then run both cells again.
    >>> waiting.check("q4", q4_leave="20").well_formed
    False
    """

    def __init__(self, homework: Homework, message: str):
        _SETS[homework.name] = homework
        self._set, self._title, self.message = homework.name, homework.title, message

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        raise NumbersNotKnown(f"your numbers are not known yet: {self.message}")

    def __repr__(self) -> str:
        return f"{self._title}: {self.message}"

    def check(self, question: str, **answers: object) -> Checked:
        return _check(homework_of(self), question, None, answers, _callers_names())


def _shown(numbers: Mapping) -> dict:
    """A question's numbers as the student sees them: those whose name starts with ``_`` are the grader's."""
    return {name: value for name, value in numbers.items() if not name.startswith("_")}


def _callers_names() -> dict:
    """The variables where ``check`` was called: a notebook cell's (its globals are its locals)."""
    frame = sys._getframe(2)
    return {**frame.f_globals, **frame.f_locals}


class NumbersNotKnown(ValueError):
    """A student's number was asked for before a valid id and course code were typed.

    >>> from gamelib.homework import my_numbers
    >>> try:
    ...     my_numbers("hw1", "s1234567", ...).q4
    ... except NumbersNotKnown as error:
    ...     print(error)
    your numbers are not known yet: type your course code in the cell above, in quotes, then run both cells again.
    """


def _check(homework: Homework, question: str, numbers: Mapping | None, given: Mapping,
           namespace: Mapping) -> Checked:
    q = homework.question(question)
    values = {name: given.get(name, namespace.get(name, UNDEFINED)) for name in q.names}
    _, problems = review(q, numbers, values)
    if problems:
        lines = [f"{q.name}: {p}" for p in problems]
    else:
        forms = "; ".join(f"`{a.name}` is {a.form.what}" for a in q.answers)
        lines = [f"{q.name}: {forms}: {MARKED_LATER}."]
    unknown = [name for name in given if name not in q.names]  # a mistyped name would otherwise go unread
    if unknown:
        expected = f"answers are {', '.join(f'`{n}`' for n in q.names)}" if len(q.names) > 1 else \
            f"answer is `{q.names[0]}`"
        lines.insert(0, f"{q.name} has no answer named {', '.join(f'`{n}`' for n in unknown)} (not checked): its "
                        f"{expected}.")
    if numbers is None:
        lines.append(f"{q.name}: only the form was checked: your numbers are not known yet (type your student id "
                     "and the course code near the top, and run the cells again).")
    return Checked(q.name, tuple(lines), not problems and not unknown)


def my_numbers(homework: Homework, student_id: object, course_code: object) -> Numbers | NoNumbers:
    """The student's numbers, or (for an id or code not typed yet, or not valid) a :class:`NoNumbers` that
    says what to type. Never raises, so that a notebook's Run All goes on."""
    missing = [label for label, value in (("student id", student_id), ("course code", course_code))
               if value is Ellipsis or value is None]
    if missing:
        return homework.waiting(f"type your {' and '.join(missing)} in the cell above, in quotes, then run both "
                                "cells again.")
    try:
        return homework.numbers(student_id, course_code)
    except (TypeError, ValueError) as error:
        return homework.waiting(f"{error}. Correct it in the cell above, then run it and this cell again.")
