"""The questions of a composed set (gamelib/homework/composed.py): each is a lesson's exercise, dealt for each
student from a seed drawn from their own stream (:mod:`gamelib.homework.draw`), and judged by the exercise's own
check on the grader's side.

:func:`exercise_question` makes the :class:`~gamelib.homework.Question` of one: its numbers are the practice
instance's (and, kept for the grader and never shown, the seed it was dealt from); its right answers a
:class:`RightAnswers`, whose ``in`` asks the check; its hints the check's verdicts that the rules alone decide
(:data:`gamelib.homework.mistakes.BY_THE_RULES`: a move that is not legal), so that ``mine.check`` names them
and never tells a right answer from a wrong one; its mistakes the check's kind of mistake. What the student's
object shows of them is :class:`ExerciseNumbers` (``mine.q1``): the question in words, the numbers, the form of
the answer; no check and no answer.

>>> from gamelib.exercises import deal
>>> right = RightAnswers(deal("7.2", 1))
>>> (8, 13) in right, [8, 13] in right, (13, 8) in right  # as the check reads it: (13, 8) is another position
(True, True, False)
>>> sorted(right)  # the right answers the instance's sheet lists
[(6, 10), (8, 13)]
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from gamelib.homework.core import (
    Answer,
    NoNumbers,
    Numbers,
    NumbersNotKnown,
    Part,
    Question,
    QuestionNumbers,
)
from gamelib.homework.draw import Draw
from gamelib.homework.forms import MAX_ELEMENTS, Form, _whole, plain
from gamelib.homework.mistakes import BY_THE_RULES, KINDS, OTHER, Slip
from gamelib.parsing import python_literal


@lru_cache(maxsize=8192)
def dealt(exercise: str, seed: int, bounds: tuple = ()):
    """The practice instance of ``exercise`` dealt from ``seed`` with ``bounds`` (pairs of name and value):
    :func:`gamelib.exercises.deal`, kept (a class's numbers are asked for again and again while grading).

    >>> dealt("7.2", 11, (("largest", 30),)).numbers
    {'heaps': (7, 19)}
    """
    from gamelib.exercises.practice import deal

    return deal(exercise, seed, **dict(bounds))


@dataclass(frozen=True)
class Item:
    """One question of a set file as written: its number and name (``q1``, ``q2``, ... in the file's order),
    what it asks (an ``exercise`` id, or ``written`` text), its ``points``, ``title``, ``bounds`` (every bound
    of the exercise's generator, with its value), ``shared_ok`` and ``model_answer``.

    >>> from gamelib.homework.composed import find_set, read_set
    >>> item = read_set(find_set("hw4-wythoff-chomp")).items[0]
    >>> item.name, item.exercise, item.points, item.bounds, item.answer
    ('q1', '7.2', 2, {'largest': 40}, 'q1_answer')
    """

    number: int
    exercise: str | None
    written: str | None
    points: float
    title: str | None = None
    bounds: dict = field(default_factory=dict)
    shared_ok: bool = False
    model_answer: str | None = None

    @property
    def name(self) -> str:
        return f"q{self.number}"

    @property
    def answer(self) -> str:
        """The variable the student's answer goes in (``q1_answer``)."""
        return f"{self.name}_answer"

    def instance(self, seed: int):
        """The practice instance this question deals from ``seed`` (see :func:`dealt`)."""
        return dealt(str(self.exercise), seed, tuple(sorted(self.bounds.items())))


def listed_answers(instance) -> tuple:
    """The right answers an instance's sheet lists (its ``answer``: one value, or ``any of`` several), read
    back as values, each one its check accepts (the grader's worked examples and the teacher's "right:" come
    from them; the check alone says whether an answer is right).

    >>> from gamelib.exercises import deal
    >>> listed_answers(deal("7.2", 1)), listed_answers(deal("1.5", 1))
    (((8, 13), (6, 10)), ([0, 2, 5, 7, 10, 12],))
    """
    from gamelib.exercises.core import verdict_of

    text = instance.answer
    options: list = []
    for candidate in (text, text.split(" (", 1)[0]):
        try:
            options = list(python_literal(f"[{candidate[7:]}]")) if candidate.startswith("any of ") else \
                [python_literal(candidate)]
            break
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return tuple(o for o in options if verdict_of(instance.checker, o, instance.expects).ok)


class RightAnswers(Collection):
    """The right answers of one question for one student: ``answer in right`` asks the exercise's check (so
    every form it accepts counts), iterating gives those its sheet lists (:func:`listed_answers`), in their
    canonical form.

    >>> from gamelib.exercises import deal
    >>> right = RightAnswers(deal("7.2", 1))
    >>> (8, 13) in right, (13, 8) in right, list(right)
    (True, False, [(8, 13), (6, 10)])
    """

    def __init__(self, instance):
        self._check, self._expects = instance.checker, instance.expects
        self._listed = tuple(dict.fromkeys(c for a in listed_answers(instance) if (c := _canonical(a)) is not None))

    def __contains__(self, canonical: object) -> bool:
        from gamelib.exercises.core import verdict_of

        return canonical is not None and bool(verdict_of(self._check, _given(canonical), self._expects).ok)

    def __iter__(self) -> Iterator:
        return iter(self._listed)

    def __len__(self) -> int:
        return len(self._listed)

    def __repr__(self) -> str:
        return f"RightAnswers({list(self._listed)!r}, or any other the check accepts)"


@dataclass(frozen=True)
class Reported(Form):
    """An exercise's answer as the grader's sandbox reports it: any plain value (a number, text, True or
    False, or a list, tuple or set of those), kept hashable (lists as tuples, sets as frozensets); the
    exercise's own check then reads it as it reads a practice answer.

    >>> Reported().canonical([3, {1, 2}]), Reported().canonical({"a": 1})
    ((3, frozenset({1, 2})), None)
    """

    what: str = field(default="the answer your question asks for", kw_only=True)

    def canonical(self, value: Any) -> Hashable | None:
        return _canonical(plain(value))


def _canonical(value: object, depth: int = 0) -> Hashable | None:
    kind = type(value)
    if kind is int:
        return value if _whole(value) else None
    if kind in (bool, float) or value is None:
        return value
    if isinstance(value, str) and kind is str:
        return value if len(value) <= 1000 else None
    if isinstance(value, (list, tuple, set, frozenset)) and kind in (list, tuple, set, frozenset) and depth < 3 \
            and len(value) <= MAX_ELEMENTS:
        given = list(value)
        items = [_canonical(v, depth + 1) for v in given]
        if any(i is None and v is not None for i, v in zip(items, given, strict=True)):
            return None
        try:
            return frozenset(items) if kind in (set, frozenset) else tuple(items)
        except TypeError:
            return None
    return None


def _given(canonical: object) -> object:
    """A canonical answer as the check reads it (a frozenset as a set, so that it reads as one)."""
    if isinstance(canonical, frozenset):
        return {_given(v) for v in canonical}
    if isinstance(canonical, tuple):
        return tuple(_given(v) for v in canonical)
    return canonical


def _verdict(item: Item, numbers: Mapping, value: object):
    from gamelib.exercises.core import verdict_of

    instance = item.instance(numbers["_seed"])
    return verdict_of(instance.checker, _given(value), instance.expects)


def exercise_question(item: Item) -> Question:
    """The autograded :class:`~gamelib.homework.Question` of an exercise question: it draws a seed from the
    student's stream and keeps the instance's numbers beside it; its key, for those numbers, is the instance's
    :class:`RightAnswers` (the exercise's own check).

    >>> from gamelib.homework.exercise_questions import Item
    >>> from gamelib.homework.draw import Draw
    >>> question = exercise_question(Item(1, "7.2", None, 2, bounds={"largest": 40}))
    >>> numbers = question.draw(Draw("Demo", "hw7-my-mix", "q1", "S1234567"))
    >>> right = question.key(numbers)["q1_answer"]
    >>> sorted(numbers) == ["_seed", "heaps"], all(move in right for move in right), len(right) >= 1
    (True, True, True)
    """
    from gamelib.exercises.practice.core import MAX_SEED

    def draw(stream: Draw) -> dict:
        seed = stream.below(MAX_SEED + 1)
        return {**item.instance(seed).numbers, "_seed": seed}

    def key(numbers: Mapping) -> dict[str, RightAnswers]:
        return {item.answer: RightAnswers(item.instance(numbers["_seed"]))}

    def hints(numbers: Mapping | None, answers: Mapping) -> list[str]:
        if numbers is None:
            return []
        verdict = _verdict(item, numbers, answers[item.answer])
        if verdict.ok or verdict.kind not in BY_THE_RULES:
            return []  # right, or wrong in a way only the right answer tells: the check never says which
        return [Slip(verdict.kind, item.answer, f"`{item.answer}`: {verdict.message}")]

    def mistakes(numbers: Mapping, answers: Mapping, key: Mapping) -> list[str]:
        verdict = _verdict(item, numbers, answers[item.answer])
        if verdict.ok or verdict.kind in BY_THE_RULES:
            return []
        return [Slip(verdict.kind if verdict.kind in KINDS else OTHER, item.answer, verdict.message)]

    return Question(item.name, (Answer(item.answer, Reported()),), (Part(item.points, (item.answer,)),), draw, key,
                    hints, mistakes)


# -- what the student's object shows ----------------------------------------------------------------------------


class ExerciseNumbers(QuestionNumbers):
    """One exercise question of a composed set, as the student sees it: ``mine.q1`` shows the question in
    words with the student's numbers; ``mine.q1.question``, ``mine.q1.expects`` (the form of the answer),
    ``mine.q1.exercise``, ``mine.q1.numbers`` (a dict) and each number (``mine.q1.heaps``). It holds no
    answer and no check: the grader judges the answer.

    >>> from gamelib.homework import my_numbers
    >>> mine = my_numbers("hw4-wythoff-chomp", "S1234567", "Demo")
    >>> mine.q1.exercise, mine.q1.numbers == {"heaps": mine.q1.heaps}, mine.q1.expects
    ('7.2', True, 'a pair of heaps, e.g. (2, 3)')
    >>> hasattr(mine.q1, "answer"), hasattr(mine.q1, "checker")
    (False, False)
    """

    def __init__(self, question: str, values: dict, words: dict):
        super().__init__(question, values)
        object.__setattr__(self, "_words", words)

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        words = object.__getattribute__(self, "_words")
        if name in words:
            return words[name]
        if name == "numbers":
            return self._shown()
        return super().__getattr__(name)

    def _shown(self) -> dict:
        return {k: v for k, v in object.__getattribute__(self, "_values").items() if not k.startswith("_")}

    def __dir__(self):
        return ["question", "expects", "exercise", "numbers", *self._shown()]

    def __repr__(self) -> str:
        words = object.__getattribute__(self, "_words")
        name = object.__getattribute__(self, "_question")
        numbers = "; ".join(f"mine.{name}.{k} = {v!r}" for k, v in self._shown().items())
        question = textwrap.fill(words["question"], 100, initial_indent="  ", subsequent_indent="  ")
        return (f"{name} (exercise {words['exercise']} on your numbers):\n{question}\n"
                f"  your numbers: {numbers}\n"
                f"  answer in `{name}_answer`: {words['expects']}")


class ComposedNumbers(Numbers):
    """A student's numbers for a composed set: ``mine.q1`` is an :class:`ExerciseNumbers`.

    >>> from gamelib.homework import my_numbers
    >>> mine = my_numbers("hw5-coins-trees", "S1234567", "Demo")
    >>> type(mine).__name__, type(mine.q1).__name__, mine.q1.exercise
    ('ComposedNumbers', 'ExerciseNumbers', '8.1')
    """

    def __getattr__(self, name: str) -> QuestionNumbers:
        numbers = self.__dict__.get("_numbers", {})
        if name in numbers:
            from gamelib.homework.core import homework_of

            item = homework_of(self).item(name)  # type: ignore[attr-defined]
            instance = item.instance(numbers[name]["_seed"])
            return ExerciseNumbers(name, numbers[name], {"question": instance.question, "expects": instance.expects,
                                                         "exercise": item.exercise})
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")


class ComposedNoNumbers(NoNumbers):
    """What ``my_numbers`` gives for a composed set before a valid id and code are typed: as
    :class:`~gamelib.homework.NoNumbers`, but ``mine.q1`` (the handout's cell that shows a question) says what
    to type instead of stopping *Run All*."""

    def __getattr__(self, name: str):
        if re.fullmatch(r"q\d+", name):
            return _Waiting(name, self.message)
        return super().__getattr__(name)


class _Waiting:
    """A question whose numbers are not known yet: shown, it says what to type; asked for a number, it stops
    with that."""

    def __init__(self, question: str, message: str):
        self._question, self._message = question, message

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        raise NumbersNotKnown(f"your numbers are not known yet: {self._message}")

    def __repr__(self) -> str:
        return f"{self._question}: your question is shown once your numbers are known: {self._message}"


__all__ = ["ComposedNumbers", "ExerciseNumbers", "Item", "Reported", "RightAnswers", "dealt", "exercise_question",
           "listed_answers"]
