"""Worked examples of each kind of mistake, for the class report: a wrong answer of that kind, why it is wrong
and a right one, found by marking answers near the right ones on public numbers (never a student's own).

The kinds themselves, and the slips that name them, are :mod:`gamelib.homework.mistakes`; marking
(:mod:`gamelib.homework.marking`) gives every wrong answer its kind. This module sits above both: it tries
answers near the right ones (:func:`candidates`) on the public example student's numbers and keeps, for each
kind, the first that marking calls so.

>>> from gamelib.homework import homework
>>> found = example(homework("hw1"), "q4", "not-one-move")
>>> found.numbers, found.answer, found.right
('S = (3, 6, 9, 11), n = 23', 'q4_leave = 15', 'q4_leave = 14')
>>> print(found.why)
`q4_leave` = 15 is not one move from your heap of 23: a move takes away {3, 6, 9, 11} chips.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from gamelib.homework.core import Homework
from gamelib.homework.draw import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID
from gamelib.homework.marking import answer_key, slips
from gamelib.homework.mistakes import BLANK, FORM, TYPICAL

#: Options of each answer combined when two answers are changed together.
PAIRED = 40


@dataclass(frozen=True)
class Example:
    """A worked example of a kind of mistake: the numbers, a wrong answer of that kind, why it is wrong, and a
    right answer, all on the public example student's numbers."""

    kind: str
    numbers: str
    answer: str
    why: str
    right: str


#: Whose numbers the worked examples use: the public example of the demo course, never a student's own.
EXAMPLE_WHO = f"student {EXAMPLE_STUDENT_ID!r} of the course {DEMO_COURSE_CODE!r}"
#: Other public sample students tried when the example's numbers give no answer of a kind (a kind some numbers
#: cannot give: a preperiod too small where the least is 0).
SAMPLE_IDS = (EXAMPLE_STUDENT_ID, *(f"s{9000000 + i}" for i in range(1, 16)))


def candidates(right: Mapping[str, Hashable], numbers: Mapping) -> list[dict]:
    """Wrong answers near the right ones, one answer changed at a time: for a worked example of each kind."""
    found = []
    small = [v for v in numbers.values() if type(v) is int and v < 200]
    for name, value in right.items():
        options: list = []
        if type(value) is int:
            options = [value + d for d in (1, 2, 3, -1, -2, 4, 8)] + [value * k for k in (2, 3, 4)] + [0, 1]
            options += list(range(0, max(small, default=0) + 1))
            options += [sum(v) for v in numbers.values() if isinstance(v, tuple) and all(type(x) is int for x in v)]
            options += [sum(v) for v in right.values() if isinstance(v, tuple) and all(type(x) is int for x in v)]
        elif value in ("P", "N"):
            options = ["N" if value == "P" else "P"]
        elif isinstance(value, (tuple, frozenset)):
            kind = type(value)
            items = sorted(value) if isinstance(value, frozenset) else list(value)
            options = [kind(items[:i] + items[i + 1:]) for i in range(len(items))]
            top = max(items, default=0) + 3
            options += [kind(sorted({*items, x}) if isinstance(value, frozenset) or items == sorted(items)
                             else [*items[:-1], x]) for x in range(top)]
            options += [kind(x for x in range(k) if x not in value) for k in range(1, 40)]
            options += [kind(min(x, 1) for x in items)]
            if isinstance(value, tuple) and items:
                options += [kind([*items[:i], max(0, x + d), *items[i + 1:]]) for i, x in enumerate(items)
                            for d in (-1, 1, -2, 2, -3)]
        found += [{**right, name: option} for option in options if option != value]
    return found


def example(homework: Homework, question: str, kind: str) -> Example | None:
    """A worked example of ``kind`` on ``question`` of ``homework`` (a :class:`gamelib.homework.Homework`): on
    the public example student's numbers, else on another public sample's; None when none of those gives one
    (or for :data:`~gamelib.homework.mistakes.BLANK` and :data:`~gamelib.homework.mistakes.FORM`, which need
    none). One answer is changed at a time, then two (a mistake that follows from an earlier one)."""
    if kind in (BLANK, FORM):
        return None
    for student in SAMPLE_IDS:
        for pairs in (False, True):
            found = _examples(homework, question, student, pairs)
            if kind in found:
                return found[kind]
    return None


def _examples(homework: Homework, question: str, student: str, pairs: bool) -> dict[str, Example]:
    """The first worked example of each kind that the candidates near the right answers give (kept by the set's
    name: a composed set holds dicts and is not hashable)."""
    cached = _FOUND.get((homework.name, question, student, pairs))
    if cached is None:
        cached = _FOUND[homework.name, question, student, pairs] = _find(homework, question, student, pairs)
    return cached


#: The examples found, by (set name, question, sample student, pairs).
_FOUND: dict[tuple[str, str, str, bool], dict[str, Example]] = {}


def _find(homework: Homework, question: str, student: str, pairs: bool) -> dict[str, Example]:
    mine = homework.numbers(student, DEMO_COURSE_CODE)
    key = answer_key(mine, question)
    right = {name: min(options, key=_order) for name, options in key.items()}
    numbers = mine.of(question)
    shown = ", ".join(f"{k} = {v!r}" for k, v in numbers.items())
    typical = TYPICAL.get((homework.name, question))
    singles = ([{**right, **typical(numbers)}] if typical else []) + candidates(right, numbers)
    tried = singles
    if pairs:
        by_answer: dict[str, list] = {}
        for values in singles:
            changed = next(n for n in values if values[n] != right[n])
            by_answer.setdefault(changed, []).append(values[changed])
        names = list(by_answer)
        tried = [{**right, a: x, b: y} for i, a in enumerate(names) for b in names[i + 1:]
                 for x in by_answer[a][:PAIRED] for y in by_answer[b][:PAIRED]]
    found: dict[str, Example] = {}
    for values in tried:
        for kind, (_, why) in slips(mine, question, {n: _plain(v) for n, v in values.items()}).items():
            if kind not in found:
                changed = [n for n in values if values[n] != right[n]]
                found[kind] = Example(kind, shown, "; ".join(f"{n} = {_text(values[n])}" for n in changed), why,
                                      "; ".join(f"{n} = {_text(right[n])}" for n in changed))
    return found




def _order(value: Hashable) -> tuple:
    return (len(value) if isinstance(value, (tuple, frozenset)) else 0, repr(value))


def _plain(value: Hashable) -> object:
    return set(value) if isinstance(value, frozenset) else value


def _text(value: Hashable) -> str:
    return repr(sorted(value)).replace("[", "{").replace("]", "}") if isinstance(value, frozenset) else repr(value)


__all__ = ["EXAMPLE_WHO", "SAMPLE_IDS", "Example", "candidates", "example"]
