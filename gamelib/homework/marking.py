"""The answer key, on the grader's side: the right answers of a student's numbers, and marking against them.

The handout's own object (:class:`gamelib.homework.core.Numbers`, what ``my_numbers`` gives a notebook) has
the numbers and the check, never the key: these functions take it as an argument. They are public code, as
every method of this kit is (the issue forbids public *answers*, not public methods), so a notebook could
still import them; the grader reads every submission's code and flags one that does
(tools/grading/notebook.py, ``key_use``), without changing its score.

>>> from gamelib.homework import numbers
>>> mine = numbers("hw1", "s1234567", "demo")
>>> right = one_right_answer(mine, "q4")
>>> accepts(mine, "q4", right), mark(mine, "q4", right).score
(True, 2)
>>> mark(mine, "q4", {"q4_leave": -1}).feedback
['q4: `q4_leave` must be a whole number (a heap size); it is the number -1.']
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import lru_cache

from gamelib.homework.core import UNDEFINED, Marked, Numbers, homework_of, review, short


def answer_key(numbers: Numbers, question: str) -> dict[str, frozenset]:
    """The right answers of ``question`` for these numbers: per answer, the set of canonical forms."""
    return _key(numbers._set, numbers.student_id, numbers.course_code, question)


@lru_cache(maxsize=4096)
def _key(set_name: str, student_id: str, course_code: str, question: str) -> dict[str, frozenset]:
    from gamelib.homework import homework

    definition = homework(set_name)
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
    """Mark the answers of ``question`` in ``values`` (plain values by name; a missing name is not defined)."""
    q = homework_of(numbers).question(question)
    canonical, problems = review(q, numbers._numbers[question], values)
    key = answer_key(numbers, question)
    right = {name: canonical.get(name) is not None and canonical[name] in key[name] for name in q.names}
    score = sum(part.points for part in q.parts if all(right[name] for name in part.names))
    feedback = [f"{q.name}: {p}" for p in problems]
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
            details.append(f"`{name}` = {short(value)}: wrong; right: {short(_plain(_one(key[name])))}"
                           + (f" (or any of {len(key[name])})" if len(key[name]) > 1 else ""))
    return Marked(score, q.points, score == q.points, right, feedback, details)


def _plain(canonical: Hashable) -> object:
    """A canonical form as the value a student would type: a frozenset as a set, others as they are."""
    return set(canonical) if isinstance(canonical, frozenset) else canonical


def _one(options: frozenset) -> object:
    try:
        return sorted(options)[0]
    except TypeError:
        return next(iter(options))
