"""How rare a coincidence of answers is, for the copying pass (gamelib_grader/integrity/copying.py): a student's answers
as values, the numbers they were marked on, and how often an answer is right for a random student of the
course (:class:`Commonness`, over :data:`SAMPLES` random ids with the teacher's course code).
"""

from __future__ import annotations

from gamelib.homework import Numbers
from gamelib.homework.core import homework_of
from gamelib.homework.marking import accepts, answer_key
from gamelib_grader.sandbox.plain import BadReport, decode_value

#: Random students of the course whose numbers measure how common a right answer is.
SAMPLES = 300
#: Largest expected number of students flagged by chance, per student, for ``other-numbers`` (and for the
#: answers a copy's saved outputs show); up to :data:`EVIDENCE_BAND`, a pair is "close to the line, not flagged".
EVIDENCE, EVIDENCE_BAND = 0.01, 0.05
#: The class every coincidence of answers is weighed in, at least: the chance that a student's wrong answers are
#: right for some classmate's numbers is taken over this many classmates in a smaller class, so that students
#: joining a class of up to this size change no decision (the shares themselves come from :data:`SAMPLES`
#: random students, never from the class).
REFERENCE_STUDENTS = 200


def classmates(class_size: int) -> int:
    """How many classmates a coincidence of answers is weighed over (see :data:`REFERENCE_STUDENTS`).

    >>> classmates(5), classmates(200), classmates(450)
    (199, 199, 449)
    """
    return max(class_size, REFERENCE_STUDENTS) - 1


def values_of(o) -> dict:
    found = {}
    for name, encoded in (o.values or {}).items():
        try:
            found[name] = decode_value(encoded)
        except BadReport:
            continue
    return found


class Commonness:
    """How often a question's answers are right for a random student of the course (see ``other-numbers``)."""

    def __init__(self, homework):
        self.homework = homework
        self._samples: list[Numbers] | None = None

    def share(self, question: str, values: dict) -> float:
        if self._samples is None:
            self._samples = [self.homework.numbers(f"sample-{i}") for i in range(SAMPLES)]
        hits = sum(accepts(sample, question, values) for sample in self._samples)
        return (hits + 1) / (SAMPLES + 1)

    def answer_share(self, question: str, name: str, value: object) -> float:
        """How often one answer is right for a random student of the course (plus one, over the samples plus one)."""
        if self._samples is None:
            self._samples = [self.homework.numbers(f"sample-{i}") for i in range(SAMPLES)]
        hits = sum(answer_right(sample, question, name, value) for sample in self._samples)
        return (hits + 1) / (SAMPLES + 1)


def answer_right(numbers: Numbers, question: str, name: str, value: object) -> bool:
    """Whether one answer of ``question`` is right for ``numbers``."""
    form = next((a.form for a in homework_of(numbers).question(question).answers if a.name == name), None)
    canonical = form.canonical(value) if form is not None else None
    return canonical is not None and canonical in answer_key(numbers, question)[name]


def graded_numbers(o, homework) -> Numbers | None:
    student = (o.variant or {}).get("student_id")
    if student is None:
        return None
    try:
        return homework.definition.numbers(student, getattr(o, "graded_code", None) or homework.course_code)
    except (TypeError, ValueError):
        return None


