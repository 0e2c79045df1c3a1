"""The machinery behind exercise checks: a registry of checkers and the feedback they give.

A checker receives the student's answer and returns :func:`correct` or :func:`wrong` feedback. It never
gives the answer away: ``wrong`` says what is off and offers a hint, and names the kind of mistake with a
stable code (``"leaves-n-position"``, ``"not-one-move"``, ...: the codes and what a report calls them are
:data:`gamelib.homework.mistakes.KINDS`), so that a homework question made from an exercise is totalled by
kind of mistake (:mod:`gamelib.homework.composed`). A checker lists the kinds it can name in its ``kinds``
(:func:`with_hint`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from gamelib.exercises.answers import NotAnAnswer, show
from gamelib.limits import MAX_MESSAGE

NOT_ANSWERED = "Not answered yet"
#: The kind of mistake of an answer that cannot be read in the form asked (gamelib.homework.mistakes.FORM).
NOT_OF_ITS_FORM = "not-of-its-form"


@dataclass(frozen=True)
class Feedback:
    """What a check says: whether the answer is right, why, and a hint when it is not.

    :func:`check` gives one; it is true exactly when the answer is right, and a notebook shows it as its text:

    >>> from gamelib.exercises import check
    >>> feedback = check("1.3", "maybe")
    >>> bool(feedback), feedback.message
    (False, "expected 'P' or 'N', got 'maybe'")
    >>> feedback
    ✗ Exercise 1.3: expected 'P' or 'N', got 'maybe'
      Hint: divide 100 by 7 and look at the remainder.
    """

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
    #: The kind of mistake (a code of gamelib.homework.mistakes.KINDS); "" for a wrong answer of no named kind.
    kind: str = ""


def with_hint(checker: Callable[[object], _Verdict], hint: str,
              kinds: tuple[str, ...] = ()) -> Callable[[object], _Verdict]:
    """``checker`` carrying ``hint``, which :func:`check` gives with the message when an answer cannot be read,
    and ``kinds``, the kinds of mistake its wrong verdicts name (besides an answer that cannot be read)."""
    checker.hint = hint  # type: ignore[attr-defined]  # a function's own attribute, read back by check()
    checker.kinds = tuple(kinds)  # type: ignore[attr-defined]  # listed by the exercises a homework can use
    return checker


def correct(message: str) -> _Verdict:
    """A checker's verdict for a right answer, with a sentence saying why it is right."""
    return _Verdict(True, message)


def wrong(message: str, hint: str = "", kind: str = "") -> _Verdict:
    """A checker's verdict for a wrong answer: what is off, and a hint (never the answer itself); ``kind`` names
    the kind of mistake (a code of :data:`gamelib.homework.mistakes.KINDS`)."""
    return _Verdict(False, message, hint, kind)


@dataclass(frozen=True)
class Exercise:
    """A registered exercise: its id (``"lesson.number"``), its checker, and the form of answer it wants (the
    question itself is in the lesson, the one place a student reads it)."""

    id: str
    checker: Callable[[object], _Verdict]
    expects: str


#: Every exercise of the lessons by its id, ``"lesson.number"`` (``"2.1"`` is the first of lesson 2): each
#: lesson's module registers its checkers here with :func:`exercise`, and :func:`check` looks them up.
EXERCISES: dict[str, Exercise] = {}


def exercise(exercise_id: str, expects: str) -> Callable:
    """Register a checker under ``exercise_id``; ``expects`` says what form of answer it wants."""

    def register(checker: Callable[[object], _Verdict]) -> Callable[[object], _Verdict]:
        if exercise_id in EXERCISES:
            raise ValueError(f"exercise {exercise_id!r} is registered twice")
        EXERCISES[exercise_id] = Exercise(exercise_id, checker, expects)
        return checker

    return register


#: The message given when a checker itself fails on an answer; tests assert that plain data never gets it.
UNREADABLE = "this answer could not be read"


def _bounded(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 4] + " ..."


def check(exercise_id: str, answer: object) -> Feedback:
    """Check a student's answer to an exercise and say what is right or wrong.

    Always returns feedback, whatever the answer: checkers read answers through
    :mod:`gamelib.exercises.answers`, which turns them into plain built-in values or says what they are not.

    >>> from gamelib.exercises import check
    >>> print(check("1.1", None))
    ✗ Exercise 1.1: Not answered yet — replace None with a list of heap sizes, e.g. [3, 7].
    >>> print(check("2.1", 4.0))
    ✗ Exercise 2.1: 4.0 is a decimal number; write whole numbers without a decimal point, e.g. 5, not 5.0
      Hint: the mex is the smallest whole number, starting from 0, that is missing from the set.
    """
    if type(exercise_id) is not str or exercise_id not in EXERCISES:
        known = ", ".join(sorted(EXERCISES))
        raise ValueError(f"there is no exercise {show(exercise_id)}; the exercises are {known}")
    return run_checker(EXERCISES[exercise_id], answer)


def run_checker(ex: Exercise, answer: object) -> Feedback:
    """The feedback ``ex.checker`` gives ``answer``, as :func:`check` gives it: an answer not given yet, one that
    cannot be read and a hostile object all get feedback, never a traceback (practice instances check this way).

    >>> print(run_checker(EXERCISES["2.1"], "2"))
    ✗ Exercise 2.1: '2' is text (in quotes): expected a whole number (mex{0, 1, 3, 4}), without quotes
      Hint: the mex is the smallest whole number, starting from 0, that is missing from the set.
    """
    if answer is None or answer is Ellipsis:
        return Feedback(ex.id, False, f"{NOT_ANSWERED} — replace None with {ex.expects}.")
    verdict = verdict_of(ex.checker, answer, ex.expects)
    return Feedback(ex.id, bool(verdict.ok), _bounded(verdict.message), _bounded(verdict.hint))


def verdict_of(checker: Callable[[object], _Verdict], answer: object, expects: str) -> _Verdict:
    """What ``checker`` says of ``answer``, never raising: an answer that cannot be read, or a hostile object,
    is a wrong verdict of the kind :data:`NOT_OF_ITS_FORM` (what a homework question made from an exercise
    marks with, :mod:`gamelib.homework.composed`).

    >>> verdict_of(EXERCISES["2.1"].checker, "2", "a whole number").kind
    'not-of-its-form'
    """
    try:
        return checker(answer)
    except NotAnAnswer as problem:
        return _Verdict(False, str(problem), getattr(checker, "hint", ""), NOT_OF_ITS_FORM)
    except Exception:  # a hostile object that slipped past the readers: still feedback, never a traceback
        return _Verdict(False, f"{UNREADABLE}: {show(answer)}; expected {expects}.", "", NOT_OF_ITS_FORM)
