"""Mark a submission's answers, in the grader's own process, on the plain values the sandbox reported.

Every student's numbers are their own (:mod:`gamelib.homework`): the grader draws them from the student id
and the teacher's course code, computes the right answers from them with ``gamelib`` (every right answer,
where several are right) and compares the reported answers in their canonical form. No expected value is
stored anywhere: the public sources show the methods only. Built-in values cannot redefine ``==``, ``len``
or ``in``, so the verdict is the grader's.

Each question's result carries ``details`` for the teacher (the student's values, and a right answer for
each wrong one) and ``feedback`` for the student (problems with the form of an answer, slips the handout's
own check names, and per answer "right" or "not right for your numbers", never a right value), and
``mistakes``: the kind of mistake of each answer that is not right (gamelib/homework/mistakes.py, decided by
the same slips the feedback words), which the class report totals.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from gamelib.homework import Numbers, Question
from gamelib.homework.core import UNDEFINED, short
from gamelib.homework.marking import mark
from gamelib.homework.mistakes import BLANK, FORM
from gamelib_grader.sandbox.plain import Report
from gamelib_grader.sandbox.run_notebook import MAX_INT_BITS, TOO_LONG

#: Held while a progress line is printed: grading threads once shared sys.stdout with otter's test runner,
#: which swapped it for the whole process; the command line still prints under it.
STDOUT_LOCK = threading.Lock()
#: Longest text of one answer kept in the results (``Outcome.questions[q]["answers"]``).
ANSWER_TEXT = 120


@dataclass
class QuestionResult:
    """What marking found for one question."""

    score: float
    possible: float
    right: bool = False
    details: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)
    answers: dict[str, str] = field(default_factory=dict)
    #: The kind of mistake of each answer that is not right (gamelib.homework.mistakes; "blank" for none given);
    #: empty when the question could not be marked (no numbers known).
    mistakes: dict[str, str] = field(default_factory=dict)


def answer_text(report: Report, name: str) -> str:
    """A short plain text of the student's value: its repr, ``...``, ``(not defined)`` or ``(a TYPE)``.

    >>> answer_text(Report(values={"a": {3, 1}}, missing={"b"}, not_plain={"c": "numpy.matrix"}), "a")
    '{1, 3}'
    >>> [answer_text(Report(missing={"b"}, not_plain={"c": "numpy.matrix"}), n) for n in "bc"]
    ['(not defined)', '(a numpy.matrix)']
    """
    if name in report.values:
        return short(report.values[name], ANSWER_TEXT)
    if name in report.not_plain:
        kind = report.not_plain[name]
        return "..." if kind == "builtins.ellipsis" else "(a whole number too long to write out)" if kind == TOO_LONG \
            else f"(a {kind})"
    return "(not defined)"


def grade_question(question: Question, numbers: Numbers | None, report: Report) -> QuestionResult:
    """Mark one question on the reported values; 0 points without numbers (no id known), or for an answer
    that is not a plain value."""
    answers = {name: answer_text(report, name) for name in question.names}
    result = QuestionResult(0.0, question.points, answers=answers)
    not_plain = {name: report.not_plain[name] for name in question.names if name in report.not_plain}
    if not_plain:
        messages = [f"{question.name}: `{name}` is still `...`: no answer yet." if kind == "builtins.ellipsis" else
                    f"{question.name}: `{name}` holds a whole number too long to write out (more than "
                    f"{MAX_INT_BITS:,} binary digits): no answer is near that large." if kind == TOO_LONG else
                    f"{question.name}: `{name}` is a {kind}, not a plain value (a number, text, True/False/None, "
                    "or a list, tuple, set or dict of those)." for name, kind in not_plain.items()]
        result.details, result.feedback = list(messages), list(messages)
        result.mistakes = {name: BLANK if kind == "builtins.ellipsis" else FORM for name, kind in not_plain.items()}
        return result
    if numbers is None:
        message = (f"{question.name}: not marked: no student id was known for this notebook, so its numbers are "
                   "not known.")
        result.details, result.feedback = [message], [message]
        return result
    values = {name: report.values.get(name, UNDEFINED) for name in question.names}
    marked = mark(numbers, question.name, values)
    result.score, result.right = marked.score, marked.right
    result.details, result.feedback, result.mistakes = marked.details, marked.feedback, marked.mistakes
    return result
