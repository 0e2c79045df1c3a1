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
many students share: the build refuses it otherwise, :mod:`gamelib.homework.sharing`) and, for a written
question, a ``model_answer`` (public, as the set file is: the teacher's solution shows it). :func:`read_set`
reads a file and checks all of it first: anything wrong stops with one line naming the file, the question and
what is expected (:class:`SetFileError`). The questions themselves, and what the student's object shows of
them, are :mod:`gamelib.homework.exercise_questions`.

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

import hashlib
import math
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from gamelib.homework.core import Homework, NoNumbers, Numbers
from gamelib.homework.exercise_questions import ComposedNoNumbers, ComposedNumbers, Item, exercise_question

#: Where set files live, from the repository's root (and from any folder above a notebook).
SETS_FOLDER = Path("homework") / "sets"
#: An environment variable naming other folders of set files (``os.pathsep`` between them): the grader's
#: sandbox and the tests use it.
SETS_VARIABLE = "GAMELIB_HOMEWORK_SETS"
#: The names of the built-in sets (gamelib.homework.hw1 ...), which a set file may not take or start with.
BUILT_IN = ("hw1", "hw2", "hw3")
#: Most questions in a set, and longest texts read.
MAX_QUESTIONS, MAX_TITLE, MAX_WRITTEN = 20, 120, 4000
_NAME = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?")
_TOP_KEYS = ("title", "after_lessons", "question")
_QUESTION_KEYS = ("exercise", "written", "points", "title", "shared_ok", "model_answer")


class SetFileError(ValueError):
    """A set file that cannot be used: the message is one line naming the file, the question and what is
    expected.

    >>> read_text("title = 'A'", Path("homework/sets/mine.toml"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.homework.composed.SetFileError: homework/sets/mine.toml: the set has no question: add one, e.g. ...
    """


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
    line, for anything that cannot be used.

    >>> composed = read_set("homework/sets/hw5-coins-trees.toml")
    >>> composed.title, [(item.name, item.exercise or "written", item.points) for item in composed.items][:2]
    ('Homework 5: Coins and trees', [('q1', '8.1', 2), ('q2', '8.2', 1)])
    >>> read_set("homework/sets/no-such-set.toml")
    Traceback (most recent call last):
    ...
    gamelib.homework.composed.SetFileError: homework/sets/no-such-set.toml: cannot be read (No such file or directory)
    """
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
    the file.

    >>> mix = read_text('''title = "My mix"
    ... after_lessons = [7]
    ... [[question]]
    ... exercise = "7.2"
    ... points = 2
    ... largest = 40''', "homework/sets/hw7-my-mix.toml")
    >>> mix.name, mix.title, [(item.name, item.exercise, item.bounds) for item in mix.items]
    ('hw7-my-mix', 'My mix', [('q1', '7.2', {'largest': 40})])
    >>> read_text(mix.text.replace("points = 2", "points = 0"), "a.toml")
    Traceback (most recent call last):
    ...
    gamelib.homework.composed.SetFileError: a.toml, question 1: points must be a number above 0, e.g. points = 2, got 0
    """
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
        import tomllib
    except ModuleNotFoundError:  # Python 3.10, which gamelib still runs on: hw1-hw3 need no TOML
        raise fail("composed sets are read with tomllib, in Python's standard library from 3.11 on: open the "
                   "handout with Python 3.11 or newer (the kit's environments have it)") from None
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
    questions_made = tuple(exercise_question(item) for item in items if item.exercise is not None)
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
        values = read_bounds(exercise, bounds, in_set=True)
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


__all__ = ["SETS_FOLDER", "SETS_VARIABLE", "ComposedSet", "SetFileError", "find_set", "read_set", "read_text",
           "set_names"]
