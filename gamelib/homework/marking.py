"""The answer key, on the grader's side: the right answers of a student's numbers, and marking against them.

The handout's own object (:class:`gamelib.homework.core.Numbers`, what ``my_numbers`` gives a notebook) has
the numbers and the check, never the key: these functions take it as an argument. They are public code, as
every method of this kit is (the issue forbids public *answers*, not public methods), so a notebook could
still import them; the grader reads every submission's code and flags one that does
(gamelib_grader/intake/notebook.py, ``key_use``), without changing its score.

>>> from gamelib.homework import numbers
>>> mine = numbers("hw1", "s1234567", "demo")
>>> right = one_right_answer(mine, "q4")
>>> accepts(mine, "q4", right), mark(mine, "q4", right).score
(True, 2)
>>> mark(mine, "q4", {"q4_leave": -1}).feedback
['q4: `q4_leave` must be a whole number (a heap size); it is the number -1.']
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from gamelib.homework.core import UNDEFINED, Numbers, homework_of, registered, review, short
from gamelib.homework.mistakes import Slip, classify, off_by_one, title


@dataclass(frozen=True)
class Marked:
    """What marking one question found.

    ``right`` is True when every part scored; ``answers_right`` says it per answer; ``feedback`` is for the
    student (never a right answer), ``details`` for the teacher (with one right answer for each wrong one);
    ``mistakes`` gives each answer that is not right its kind of mistake (:mod:`gamelib.homework.mistakes`).

    The grader makes one per question with :func:`gamelib.homework.marking.mark`:

    >>> from gamelib.homework import numbers
    >>> from gamelib.homework.marking import mark
    >>> marked = mark(numbers("hw1", "s1234567", "demo"), "q4", {"q4_leave": 22})
    >>> marked.score, marked.possible, marked.right
    (0, 2, False)
    >>> for line in marked.feedback:
    ...     print(line)
    q4: `q4_leave` = 22 is not one move from your heap of 23: a move takes away {3, 6, 9, 11} chips.
    `q4_leave`: not right for your numbers.
    """

    score: float
    possible: float
    right: bool
    answers_right: dict[str, bool]
    feedback: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)
    mistakes: dict[str, str] = field(default_factory=dict)


def answer_key(numbers: Numbers, question: str) -> Mapping[str, Collection]:
    """The right answers of ``question`` for these numbers: per answer, the set of canonical forms (for a
    composed set's question, a collection whose ``in`` asks the exercise's check)."""
    return _key(numbers._set, numbers.student_id, numbers.course_code, question)


@lru_cache(maxsize=4096)
def _key(set_name: str, student_id: str, course_code: str, question: str) -> Mapping[str, Collection]:
    # By name: a composed set holds dicts and is not hashable. The student's numbers registered the set.
    definition = registered(set_name)
    return definition.question(question).key(definition.numbers(student_id, course_code)._numbers[question])


def one_right_answer(numbers: Numbers, question: str) -> dict[str, object]:
    """One right answer to ``question`` per answer variable, as a plain value (what the teacher's details
    show beside a wrong answer; where several are right, the smallest)."""
    return {name: _plain(_one(options)) for name, options in answer_key(numbers, question).items()}


def accepts(numbers: Numbers, question: str, values: Mapping[str, object]) -> bool:
    """Whether every answer of ``question`` in ``values`` is right for these numbers."""
    q = homework_of(numbers).question(question)
    key = answer_key(numbers, question)
    return all(a.name in values and a.form.canonical(values[a.name]) in key[a.name] for a in q.answers)


def mark(numbers: Numbers, question: str, values: Mapping[str, object]) -> Marked:
    """Mark the answers of ``question`` in ``values`` (plain values by name; a missing name is not defined).
    Each answer that is not right gets its kind of mistake (:mod:`gamelib.homework.mistakes`), decided by the
    same slips the feedback words."""
    q, canonical, problems, key, right, found, kinds = _judge(numbers, question, values)
    score = sum(part.points for part in q.parts if all(right[name] for name in part.names))
    feedback = [f"{q.name}: {p}" for p in problems if not about_a_right_answer(p, right)]
    details = list(feedback)
    for name in q.names:
        value = values.get(name, UNDEFINED)
        if name not in canonical:
            continue
        said = "right" if right[name] else "not right for your numbers"
        feedback.append(f"`{name}`: {said}.")
        if right[name]:
            details.append(f"`{name}` = {short(value)}: right")
        else:
            why = next((f" ({title(kinds[name])}: {s})" for s in found if s.answer == name and s.kind == kinds[name]),
                       "")
            details.append(f"`{name}` = {short(value)}: wrong{why or f' ({title(kinds[name])})'}; right: "
                           f"{short(_plain(_one(key[name])))}"
                           + (f" (or any of {len(key[name])})" if len(key[name]) > 1 else ""))
    return Marked(score, q.points, score == q.points, right, feedback, details, kinds)


def about_a_right_answer(problem: str, right: Mapping[str, bool]) -> bool:
    """Whether a problem a check names is about an answer judged right: a hint that one answer must follow from
    another (`q2_g` must be the mex of `q2_followers`) is said about the later one, and when that one is right
    the slip is the earlier one's, whose own line says it is not right. Such a hint is left out of what marking
    says, which would otherwise tell the student both that `q2_g` is right and what it must be.

    >>> from gamelib.homework.mistakes import Slip
    >>> hint = Slip("mex-taken", "q2_g", "`q2_g` must be the mex of `q2_followers`.")
    >>> about_a_right_answer(hint, {"q2_g": True}), about_a_right_answer(hint, {"q2_g": False})
    (True, False)
    """
    return isinstance(problem, Slip) and right.get(problem.answer, False)


def slips(numbers: Numbers, question: str, values: Mapping[str, object]) -> dict[str, tuple[str, str]]:
    """The kinds of mistakes in ``values``, each with the answer it is about and why (the feedback's line, or
    the teacher's reason): ``{kind: (answer, why)}``; what worked examples are made of."""
    _, _, problems, _, _, found, kinds = _judge(numbers, question, values)
    said: dict[str, tuple[str, str]] = {}
    for name, kind in kinds.items():
        why = next((str(s) for s in [*problems, *found] if isinstance(s, Slip) and s.answer == name
                    and s.kind == kind), title(kind))
        said.setdefault(kind, (name, why))
    return said


def _judge(numbers: Numbers, question: str, values: Mapping[str, object]):
    """What marking and the kinds of mistakes are decided from: the question, the answers in canonical form,
    the problems (the hints' slips among them), the key, which answers are right, the slips told against the
    key (the question's own when every answer has its form, then a whole number one off the right one) and
    each wrong answer's kind."""
    q = homework_of(numbers).question(question)
    canonical, problems = review(q, numbers._numbers[question], values)
    key = answer_key(numbers, question)
    right = {name: canonical.get(name) is not None and canonical[name] in key[name] for name in q.names}
    found = list(q.mistakes(numbers._numbers[question], canonical, key)) if len(canonical) == len(q.names) else []
    found += off_by_one(q.names, canonical, key)
    return q, canonical, problems, key, right, found, classify(q.names, values, canonical, right, [*problems, *found])


def _plain(canonical: Hashable) -> object:
    """A canonical form as the value a student would type: a frozenset as a set, others as they are."""
    return set(canonical) if isinstance(canonical, frozenset) else canonical


def _one(options: Collection) -> object:
    try:
        return sorted(options)[0]
    except TypeError:
        return next(iter(options))
