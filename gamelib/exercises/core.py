"""The machinery behind exercise checks: a registry of checkers and the feedback they give.

A checker receives the student's answer and returns :func:`correct` or :func:`wrong` feedback. It never
gives the answer away: ``wrong`` says what is off and offers a hint.
"""

from __future__ import annotations

import html
import numbers
from collections.abc import Callable
from dataclasses import dataclass

NOT_ANSWERED = "Not answered yet"


@dataclass(frozen=True)
class Feedback:
    """What a check says: whether the answer is right, why, and a hint when it is not."""

    exercise: str
    ok: bool
    message: str
    hint: str = ""

    def __str__(self) -> str:
        if self.ok:
            return f"✓ Exercise {self.exercise}: correct — {self.message}"
        text = f"✗ Exercise {self.exercise}: {self.message}"
        return text + (f"\n  Hint: {self.hint}" if self.hint else "")

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        colour = "#009E73" if self.ok else "#D55E00"
        lines = html.escape(str(self)).replace("\n", "<br>")
        return f'<div style="border-left: 4px solid {colour}; padding-left: 8px">{lines}</div>'

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class _Verdict:
    ok: bool
    message: str
    hint: str = ""


def correct(message: str) -> _Verdict:
    """A checker's verdict for a right answer, with a sentence saying why it is right."""
    return _Verdict(True, message)


def wrong(message: str, hint: str = "") -> _Verdict:
    """A checker's verdict for a wrong answer: what is off, and a hint (never the answer itself)."""
    return _Verdict(False, message, hint)


@dataclass(frozen=True)
class Exercise:
    """A registered exercise: its id (``"lesson.number"``), the question, and its checker."""

    id: str
    prompt: str
    checker: Callable[[object], _Verdict]
    expects: str


EXERCISES: dict[str, Exercise] = {}


def exercise(exercise_id: str, prompt: str, expects: str) -> Callable:
    """Register a checker under ``exercise_id``; ``expects`` says what form of answer it wants."""

    def register(checker: Callable[[object], _Verdict]) -> Callable[[object], _Verdict]:
        if exercise_id in EXERCISES:
            raise ValueError(f"exercise {exercise_id!r} is registered twice")
        EXERCISES[exercise_id] = Exercise(exercise_id, prompt, checker, expects)
        return checker

    return register


def check(exercise_id: str, answer: object) -> Feedback:
    """Check a student's answer to an exercise and say what is right or wrong.

    >>> from gamelib.exercises import check
    >>> print(check("1.1", None))
    ✗ Exercise 1.1: Not answered yet — replace None with a list of heap sizes, e.g. [3, 7].
    """
    if exercise_id not in EXERCISES:
        known = ", ".join(sorted(EXERCISES))
        raise ValueError(f"there is no exercise {exercise_id!r}; the exercises are {known}")
    ex = EXERCISES[exercise_id]
    if answer is None or answer is Ellipsis:
        return Feedback(exercise_id, False, f"{NOT_ANSWERED} — replace None with {ex.expects}.")
    verdict = ex.checker(answer)
    return Feedback(exercise_id, verdict.ok, verdict.message, verdict.hint)


# Helpers that turn the forms students type into something comparable, or say why they cannot.

def as_int(answer: object) -> int | None:
    """The answer as an int, or None if it is not a whole number."""
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return None
    return int(answer)


def as_int_set(answer: object) -> set[int] | None:
    """The answer as a set of ints (from a list, tuple, set, range or numpy array), or None."""
    if isinstance(answer, (str, bytes, dict)) or not hasattr(answer, "__iter__"):
        return None
    items = list(answer)
    values = [as_int(v) for v in items]
    if any(v is None for v in values):
        return None
    return set(values)


def as_outcome(answer: object) -> str | None:
    """'P' or 'N' from 'p', ' N ', 'P-position', or None."""
    if not isinstance(answer, str):
        return None
    text = answer.strip().upper()
    for suffix in ("-POSITION", " POSITION"):
        text = text.removesuffix(suffix)
    return text if text in ("P", "N") else None
