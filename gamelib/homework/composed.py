"""Homework a teacher composes from the lessons' exercises: a small file, ``homework/sets/NAME.toml``.

::

    title = "Homework 4: Wythoff's game and coins"
    after_lessons = [7, 8]

    [[question]]
    exercise = "7.2"      # any id of gamelib.exercises.PRACTISED
    points = 2
    largest = 30          # a bound of the exercise's generator (optional; gamelib.exercises.practice.bounds_of)

    [[question]]
    written = "Why is a row of coins in Turning Turtles a sum of single coins?"
    points = 3

Each ``exercise`` question is a practice instance (:func:`gamelib.exercises.deal`) dealt for each student from
a seed drawn from their own stream (:mod:`gamelib.homework.draw`: HMAC of the student id, keyed by the course
code, as hw1's numbers are) and never the lesson's own numbers. Its right answers are judged on the grader's
side by the exercise's own check, on the student's numbers, which also names the kind of mistake
(:data:`gamelib.homework.mistakes.KINDS`). The student's object (:func:`gamelib.homework.my_numbers`) holds the
numbers only: ``mine.q1`` shows the question in words, ``mine.q1.heaps`` a number, and ``mine.check("q1")``
the form of the answer and the slips the rules alone decide (a move that is not legal), never whether it is
right. A ``written`` question is answered in a text cell and marked by hand, as hw1's last one.

A question may also have a ``title`` (each its own), ``shared_ok = true`` (an exercise whose right answers
many students share: the build refuses it otherwise, see :func:`sharing`) and, for a written question, a
``model_answer`` (public, as the set file is: the teacher's solution shows it). :func:`read_set` reads a file
and checks all of it first: anything wrong stops with one line naming the file, the question and what is
expected (:class:`SetFileError`).

>>> from gamelib.homework import my_numbers
>>> mine = my_numbers("hw4-wythoff-chomp", "s1234567", "demo")
>>> mine.q1.heaps
(27, 31)
>>> print(mine.q1.question)
Wythoff's game from (27, 31): give a winning move, as the pair of heaps after it (in the same order).
>>> mine.check("q1", q1_answer=(1, 3))
q1: `q1_answer`: (1, 3) cannot be reached from (27, 31) in one move.
>>> mine.check("q1", q1_answer=(27, 1))  # right or wrong, a legal move is only "well formed"
q1: `q1_answer` is the answer your question asks for: well formed — correctness is marked after you hand in.
"""

from __future__ import annotations

import ast
import hashlib
import math
import os
import re
import tomllib
from collections import Counter
from collections.abc import Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from gamelib.homework.core import (
    Answer,
    Homework,
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

#: Where set files live, from the repository's root (and from any folder above a notebook).
SETS_FOLDER = Path("homework") / "sets"
#: An environment variable naming other folders of set files (``os.pathsep`` between them): the grader's
#: sandbox and the tests use it.
SETS_VARIABLE = "GAMELIB_HOMEWORK_SETS"
#: The names of the built-in sets (gamelib.homework.hw1 ...), which a set file may not take or start with.
BUILT_IN = ("hw1", "hw2", "hw3")
#: Most questions in a set, and longest texts read.
MAX_QUESTIONS, MAX_TITLE, MAX_WRITTEN = 20, 120, 4000
#: The chance two students share a question's right answers above which the build refuses it (unless
#: ``shared_ok = true``): one in 20, about hw3's most shared question (hw3 q4, 0.059 per pair).
SHARED_LIMIT = 1 / 20
#: Draws :func:`sharing` samples per question.
SAMPLES = 4000
#: The course code and set name the samples of :func:`sharing` are drawn with (any would do: the stream is
#: uniform whatever its key).
SAMPLE_CODE, SAMPLE_SET = "sharing-estimate", "sharing"
_NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?")
_TOP_KEYS = ("title", "after_lessons", "question")
_QUESTION_KEYS = ("exercise", "written", "points", "title", "shared_ok", "model_answer")


class SetFileError(ValueError):
    """A set file that cannot be used: the message is one line naming the file, the question and what is
    expected.

    >>> read_text("title = 'A'", Path("homework/sets/mine.toml"))
    Traceback (most recent call last):
    ...
    gamelib.homework.composed.SetFileError: homework/sets/mine.toml: the set has no question: add one, e.g. [[question]] with exercise = "7.2" and points = 2
    """


@dataclass(frozen=True)
class Item:
    """One question of a set file as written: its number and name (``q1``, ``q2``, ... in the file's order),
    what it asks (an ``exercise`` id, or ``written`` text), its ``points``, ``title``, ``bounds`` (every bound
    of the exercise's generator, with its value), ``shared_ok`` and ``model_answer``.

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


@dataclass(frozen=True)
class ComposedSet(Homework):
    """A set read from its file: a :class:`~gamelib.homework.Homework` whose ``questions`` are its exercise
    questions, with every question of the file (``items``, written ones too), the lessons it follows, the
    file's text and where it was read.

    >>> composed = read_set(find_set("hw4-wythoff-chomp"))
    >>> composed.name, composed.after_lessons, [q.name for q in composed.questions], composed.written
    ('hw4-wythoff-chomp', (7,), ['q1', 'q2', 'q3', 'q4'], ('q5',))
    """

    after_lessons: tuple[int, ...] = ()
    items: tuple[Item, ...] = ()
    text: str = field(default="", repr=False)
    path: str = ""

    @property
    def written(self) -> tuple[str, ...]:
        """The names of the written questions, marked by hand."""
        return tuple(item.name for item in self.items if item.written is not None)

    @property
    def digest(self) -> str:
        """A hash of the file's text: the build records it, and the grader stops when the file changed."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()[:16]

    def item(self, name: str) -> Item:
        return next(item for item in self.items if item.name == name)

    def numbers(self, student_id: object, course_code: object) -> Numbers:
        from gamelib.homework.draw import normalise_course_code, normalise_student_id

        return ComposedNumbers(self, normalise_student_id(student_id), normalise_course_code(course_code))

    def waiting(self, message: str) -> NoNumbers:
        return ComposedNoNumbers(self, message)


# -- finding and reading set files ------------------------------------------------------------------------------


def set_folders() -> list[Path]:
    """Where set files are looked for, in order: the folders named by ``$GAMELIB_HOMEWORK_SETS``, then
    ``homework/sets`` in the current folder or any folder above it (a notebook in ``notebooks/homework/`` of
    a copy of the kit finds its set), then that of the repository this package sits in.

    >>> any(folder.parts[-2:] == ("homework", "sets") for folder in set_folders())
    True
    """
    folders = [Path(p) for p in os.environ.get(SETS_VARIABLE, "").split(os.pathsep) if p]
    here = Path.cwd()
    folders += [parent / SETS_FOLDER for parent in (here, *here.parents)]
    folders.append(Path(__file__).resolve().parents[2] / SETS_FOLDER)
    return list(dict.fromkeys(f for f in folders if f.is_dir()))


def find_set(name: object) -> Path | None:
    """The file of the set ``name`` (``homework/sets/NAME.toml`` in the first of :func:`set_folders` that has
    it), or None.

    >>> find_set("hw4-wythoff-chomp").name, find_set("no-such-set")
    ('hw4-wythoff-chomp.toml', None)
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        return None
    return next((folder / f"{name}.toml" for folder in set_folders() if (folder / f"{name}.toml").is_file()), None)


def set_names() -> list[str]:
    """The names of the set files found (:func:`set_folders`), sorted.

    >>> {"hw4-wythoff-chomp", "hw5-coins-trees", "hw6-nim-disguise"} <= set(set_names())
    True
    """
    return sorted({p.stem for folder in set_folders() for p in folder.glob("*.toml") if _NAME.fullmatch(p.stem)})


def read_set(path: Path | str) -> ComposedSet:
    """The set in the file ``path``, checked entirely (see the module docstring); :class:`SetFileError`, in one
    line, for anything that cannot be used."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise SetFileError(f"{_shown(path)}: cannot be read ({error.strerror or error})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SetFileError(f"{_shown(path)}: not UTF-8 text (byte {error.start}): save it as UTF-8") from None
    return _read_text(text, str(path))


def read_text(text: str, path: Path | str) -> ComposedSet:
    """The set written ``text``, as if read from ``path`` (whose name is the set's): :func:`read_set` without
    the file."""
    return _read_text(text, str(path))


@lru_cache(maxsize=64)
def _read_text(text: str, path: str) -> ComposedSet:
    where = _shown(Path(path))
    name = Path(path).stem

    def fail(what: str, question: int | None = None) -> SetFileError:
        return SetFileError(f"{where}{f', question {question}' if question else ''}: {what}")

    if not _NAME.fullmatch(name):
        raise fail(f"the set's name {name!r} (its file name) must be lower-case letters, digits and hyphens, e.g. "
                   "hw4-wythoff-coins")
    if any(name == short or name.startswith(f"{short}-") for short in BUILT_IN):
        raise fail(f"the name {name!r} is taken by the built-in set {name.split('-')[0]}: name it otherwise, e.g. "
                   f"hw4-{name.split('-', 1)[-1] if '-' in name else 'mine'}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise fail(f"not a TOML file: {str(error).splitlines()[0]}") from None
    unknown = [key for key in data if key not in _TOP_KEYS]
    if unknown:
        raise fail(f"unknown key {unknown[0]!r}: a set file has {', '.join(_TOP_KEYS)} (each question under "
                   "[[question]])")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip() or "\n" in title or len(title) > MAX_TITLE:
        raise fail(f"title must be one line of text in quotes, at most {MAX_TITLE} characters, e.g. "
                   f"title = \"Homework 4: Wythoff's game\", got {_value(title)}")
    lessons = data.get("after_lessons", [])
    last = _last_lesson()
    if not isinstance(lessons, list) or not all(type(n) is int and 1 <= n <= last for n in lessons):
        raise fail(f"after_lessons must be a list of lesson numbers from 1 to {last}, e.g. after_lessons = [7, 8], "
                   f"got {_value(lessons)}")
    questions = data.get("question")
    if questions is None or questions == []:
        raise fail('the set has no question: add one, e.g. [[question]] with exercise = "7.2" and points = 2')
    if not isinstance(questions, list) or not all(isinstance(q, dict) for q in questions):
        raise fail("each question is a table of its own: write [[question]] above each one")
    if len(questions) > MAX_QUESTIONS:
        raise fail(f"the set has {len(questions)} questions; at most {MAX_QUESTIONS}")
    items = [_read_item(number, given, fail) for number, given in enumerate(questions, start=1)]
    titles: dict[str, int] = {}
    for item in items:
        if item.title is not None:
            if item.title.casefold() in titles:
                raise fail(f"the title {item.title!r} is question {titles[item.title.casefold()]}'s too: give each "
                           "question a title of its own", item.number)
            titles[item.title.casefold()] = item.number
    if not any(item.exercise for item in items):
        raise fail('the set has no exercise question (written ones are marked by hand): add one, e.g. '
                   '[[question]] with exercise = "7.2" and points = 2')
    questions_made = tuple(_question(item) for item in items if item.exercise is not None)
    return ComposedSet(name, title.strip(), questions_made, tuple(lessons), tuple(items), text, path)


def _read_item(number: int, given: dict, fail) -> Item:
    exercise, written = given.get("exercise"), given.get("written")
    if (exercise is None) == (written is None):
        raise fail('a question has either exercise = "7.2" (an exercise dealt on the student\'s numbers) or '
                   'written = "..." (a question answered in words), not '
                   + ("both" if exercise is not None else "neither"), number)
    points = given.get("points")
    if isinstance(points, bool) or not isinstance(points, (int, float)) or not math.isfinite(points) or points <= 0:
        raise fail(f"points must be a number above 0, e.g. points = 2, got {_value(points)}", number)
    if points > 1000:
        raise fail(f"points must be at most 1000, got {_value(points)}", number)
    title = given.get("title")
    if title is not None and (not isinstance(title, str) or not title.strip() or "\n" in title
                              or len(title) > MAX_TITLE):
        raise fail(f"title must be one line of text in quotes, at most {MAX_TITLE} characters, got {_value(title)}",
                   number)
    title = title.strip() if title is not None else None
    if written is not None:
        unknown = [k for k in given if k not in ("written", "points", "title", "model_answer")]
        if unknown:
            raise fail(f"unknown key {unknown[0]!r}: a written question has written, points, title and model_answer",
                       number)
        for key in ("written", "model_answer"):
            value = given.get(key)
            if value is not None and (not isinstance(value, str) or not value.strip() or len(value) > MAX_WRITTEN):
                raise fail(f"{key} must be text in quotes (at most {MAX_WRITTEN} characters), got {_value(value)}",
                           number)
        model = given.get("model_answer")
        return Item(number, None, written.strip(), points, title, model_answer=model.strip() if model else None)
    from gamelib.exercises.practice import PRACTISED
    from gamelib.exercises.practice.core import bounds_of, read_bounds
    from gamelib.exercises.practice.reasons import NOT_PRACTISED

    if not isinstance(exercise, str):
        raise fail(f'exercise must be an exercise id in quotes, e.g. exercise = "7.2", got {_value(exercise)}', number)
    if exercise in NOT_PRACTISED:
        raise fail(f"exercise {exercise} does not deal instances on new numbers ({NOT_PRACTISED[exercise]}): ask it "
                   "as a written question instead", number)
    if exercise not in PRACTISED:
        raise fail(f"{exercise!r} is not an exercise a set can use; those are {', '.join(PRACTISED)}", number)
    shared_ok = given.get("shared_ok", False)
    if not isinstance(shared_ok, bool):
        raise fail(f"shared_ok must be true or false, got {_value(shared_ok)}", number)
    if "model_answer" in given:
        raise fail("model_answer is for a written question: an exercise's answers are computed for each student",
                   number)
    bounds = {k: v for k, v in given.items() if k not in _QUESTION_KEYS}
    try:
        values = read_bounds(exercise, bounds)
    except ValueError as error:
        said = str(error)
        if said.startswith(f"exercise {exercise} has no bound"):
            accepted = [b.name for b in bounds_of(exercise)]
            key = next(k for k in bounds if k not in accepted)
            its = ", ".join(accepted) or "none"
            said = (f"unknown key {key!r}: a question has exercise, points, title, shared_ok and the bounds of its "
                    f"exercise ({exercise}: {its})")
        raise fail(said, number) from None
    return Item(number, exercise, None, points, title, values, shared_ok)


def _last_lesson() -> int:
    from gamelib.exercises import EXERCISES

    return max(int(e.split(".")[0]) for e in EXERCISES)


def _shown(path: Path) -> str:
    """``path`` as the teacher would type it: relative to the current folder when it is inside it."""
    try:
        return path.resolve().relative_to(Path.cwd()).as_posix()
    except ValueError:
        return path.as_posix()


def _value(value: object) -> str:
    text = repr(value) if value is not None else "nothing"
    return text if len(text) <= 60 else text[:57] + "..."


# -- the questions ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=8192)
def dealt(exercise: str, seed: int, bounds: tuple = ()):
    """The practice instance of ``exercise`` dealt from ``seed`` with ``bounds`` (pairs of name and value):
    :func:`gamelib.exercises.deal`, kept (a class's numbers are asked for again and again while grading).

    >>> dealt("7.2", 11, (("largest", 30),)).numbers
    {'heaps': (7, 19)}
    """
    from gamelib.exercises.practice import deal

    return deal(exercise, seed, **dict(bounds))


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
            options = list(ast.literal_eval(f"[{candidate[7:]}]")) if candidate.startswith("any of ") else \
                [ast.literal_eval(candidate)]
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


def _question(item: Item) -> Question:
    """The autograded :class:`~gamelib.homework.Question` of an exercise question."""
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
    answer and no check: the grader judges the answer."""

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
        return (f"{name} (exercise {words['exercise']} on your numbers): {words['question']}\n"
                f"  your numbers: {numbers}\n"
                f"  answer in `{name}_answer`: {words['expects']}")


class ComposedNumbers(Numbers):
    """A student's numbers for a composed set: ``mine.q1`` is an :class:`ExerciseNumbers`."""

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


# -- how personal the answers are ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sharing:
    """How often two students of a course get the same right answers to one question, estimated from
    ``samples`` draws: ``chance`` (the share of the pairs of draws that have the same right answers, an
    unbiased estimate) and its standard error ``error``; ``variants``, how many different sets of right
    answers the draws gave.

    Square Chomp (exercise 7.5) deals three sizes of bar, each with one winning bite:

    >>> figure = sharing(Item(1, "7.5", None, 2), samples=1000)
    >>> round(figure.chance, 1), figure.variants, figure.too_shared
    (0.3, 3, True)
    >>> print(figure)  # doctest: +ELLIPSIS
    two students share the right answer with chance 0.33 (standard error 0.0...; 1,000 draws, 3 different), 1 in 3
    """

    chance: float
    error: float
    samples: int
    variants: int

    @property
    def too_shared(self) -> bool:
        """Above :data:`SHARED_LIMIT`: the build refuses the question unless the file says ``shared_ok``."""
        return self.chance > SHARED_LIMIT

    def pairs_of(self, class_size: int = 40) -> float:
        """The expected number of pairs of students of a class sharing the right answers."""
        return self.chance * class_size * (class_size - 1) / 2

    def __str__(self) -> str:
        drawn = f"{self.samples:,} draws, {self.variants:,} different"
        if not self.chance or self.error > self.chance / 2:  # too few pairs alike to say more than a bound
            return (f"two students share the right answer with chance below {self.chance + 2 * self.error:.1g} "
                    f"(the estimate plus two standard errors; {drawn})")
        return (f"two students share the right answer with chance {self.chance:.2g} (standard error "
                f"{self.error:.1g}; {drawn}), 1 in {round(1 / self.chance):,}")


def sharing(item: Item, samples: int = SAMPLES) -> Sharing:
    """How often two students share the right answers of exercise question ``item`` (a :class:`Sharing`):
    ``samples`` students' draws, as the handout makes them, each reduced to the set of right answers its
    sheet lists; the share of the pairs of draws with equal sets estimates the chance (its variance from the
    U-statistic's formula). Exact for no question, but for the figures printed and compared: within a few
    standard errors of the truth (tests/test_homework_composed.py checks it against exact counts)."""
    keys = Counter(frozenset(RightAnswers(item.instance(Draw(SAMPLE_CODE, SAMPLE_SET, "q", f"sample-{i}")
                                                         .below(_max_seed() + 1))))
                   for i in range(samples))
    n = samples
    chance = sum(k * (k - 1) for k in keys.values()) / (n * (n - 1))
    cubes = sum((k / n) ** 3 for k in keys.values())
    variance = 4 / n * max(cubes - chance ** 2, 0) + 2 * chance * (1 - chance) / (n * (n - 1))
    return Sharing(chance, math.sqrt(variance), samples, len(keys))


def _max_seed() -> int:
    from gamelib.exercises.practice.core import MAX_SEED

    return MAX_SEED


__all__ = ["SETS_FOLDER", "SETS_VARIABLE", "ComposedSet", "Item", "RightAnswers", "SetFileError", "Sharing",
           "find_set", "read_set", "set_names", "sharing"]
