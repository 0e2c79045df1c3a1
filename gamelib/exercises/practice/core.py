"""Practice instances: an exercise of the lessons dealt again on new numbers, from a seed, and checked at once.

A *generator* (registered with :func:`generator`) draws the numbers of one exercise from a
:class:`random.Random` seeded with the exercise id and the seed, within bounds it states, and returns a
:class:`Dealt`: the question written for those numbers and the checker built by the same factory the lesson's
exercise uses (so the feedback has the same quality: what kind of mistake, never the answer). :func:`deal` turns
that into an :class:`Instance`, redrawing when the numbers are the lesson's own.

Where a size makes an exercise harder or gives it more variants (the largest heap, the most columns), its
generator declares it as a :class:`Bound`: a name, what it bounds, the whole numbers allowed and the default
the lessons use. ``deal("7.2", seed, largest=30)`` and a homework set file (``largest = 30`` under the
question, :mod:`gamelib.homework.composed`) set it; :func:`bounds_of` lists a generator's bounds and
:func:`read_bounds` checks given values against them.

>>> instance = deal("2.1", seed=7)
>>> instance.seed, instance.numbers == deal("2.1", seed=7).numbers
(7, True)
>>> instance.check(None).ok, instance.check(int(instance.answer)).ok
(False, True)
"""

from __future__ import annotations

import numbers
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from math import gcd

from gamelib.arguments import show
from gamelib.exercises.core import EXERCISES, Exercise, Feedback, _Verdict, run_checker

#: Largest seed accepted (seeds are whole numbers from 0 up to it, so a teacher can read one out).
MAX_SEED = 10**9
#: How many draws a generator may make before :func:`deal` gives up (the bounds make this never happen).
MAX_DRAWS = 1000


@dataclass(frozen=True)
class Dealt:
    """What a generator draws: the question for its numbers, the numbers by name, the checker, one right answer
    written out (for the answer sheet only; the panel never shows it), and the form of answer expected."""

    question: str
    numbers: dict
    checker: Callable[[object], _Verdict]
    answer: str
    expects: str = ""


@dataclass(frozen=True)
class Bound:
    """One optional bound of a generator: its ``name`` (the keyword of :func:`deal` and of a homework set
    file), what it bounds (``meaning``), the whole numbers allowed (``low`` to ``high``), the ``default``,
    the lesson's own, and ``in_set``, the default where a homework set file gives none, when the lesson's own
    would let too many students of a class share the right answer (``gamelib.homework.sharing``).

    >>> bound = Bound("largest", "the largest heap", 5, 40, 15)
    >>> bound.text()
    'largest: the largest heap, a whole number from 5 to 40 (15 unless given)'
    >>> Bound("largest", "the largest heap", 5, 40, 15, in_set=40).text()
    'largest: the largest heap, a whole number from 5 to 40 (15 unless given; 40 in a homework set)'
    >>> bound.check(30)
    30
    >>> bound.check(41)
    Traceback (most recent call last):
    ...
    ValueError: largest = 41 is out of range: the largest heap is a whole number from 5 to 40
    """

    name: str
    meaning: str
    low: int
    high: int
    default: int
    in_set: int | None = None

    def text(self) -> str:
        """The bound in words, as the list of exercises a set can use shows it."""
        in_set = "" if self.in_set is None else f"; {self.in_set} in a homework set"
        return (f"{self.name}: {self.meaning}, a whole number from {self.low} to {self.high} ({self.default} unless "
                f"given{in_set})")

    def check(self, value: object) -> int:
        """``value`` if it is a whole number allowed; else ValueError naming it and what is allowed."""
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            said = "is not a whole number"
        elif self.low <= int(value) <= self.high:
            return int(value)
        else:
            said = "is out of range"
        raise ValueError(f"{self.name} = {show(value)} {said}: {self.meaning} is a whole number from {self.low} to "
                         f"{self.high}")


@dataclass(frozen=True)
class Generator:
    """A registered generator: the exercise it practises, its bounds in words, the lesson's own numbers (never
    dealt), the drawing function (returns a :class:`Dealt`, or None to draw again) and its optional
    :class:`Bound` s (``draw`` then takes their values as keywords; ``bounds`` names them in braces, as
    ``"heaps from 1 to {largest}"``, and :meth:`bounds_text` fills them in)."""

    exercise: str
    bounds: str
    fixed: dict
    draw: Callable[..., Dealt | None]
    accepts: tuple[Bound, ...] = ()

    def bounds_text(self, values: dict | None = None) -> str:
        """The bounds in words, with the bounds' values (their defaults where not given) filled in."""
        if not self.accepts:
            return self.bounds
        return self.bounds.format_map({b.name: b.default for b in self.accepts} | (values or {}))


#: The generators by exercise id (filled in by the ``lessons_*`` modules of this package).
GENERATORS: dict[str, Generator] = {}


def generator(exercise_id: str, bounds: str, fixed: dict, accepts: tuple[Bound, ...] = ()) -> Callable:
    """Register ``draw(rng)`` as the generator of ``exercise_id``; ``fixed`` are the lesson's own numbers.
    With ``accepts``, its :class:`Bound` s, it is called ``draw(rng, name=value, ...)`` with every bound's
    value."""

    def register(draw: Callable[..., Dealt | None]) -> Callable[..., Dealt | None]:
        if exercise_id not in EXERCISES or exercise_id in GENERATORS:
            raise ValueError(f"cannot register a generator for exercise {exercise_id!r}")
        GENERATORS[exercise_id] = Generator(exercise_id, bounds, fixed, draw, tuple(accepts))
        return draw

    return register


def bounds_of(exercise: str) -> tuple[Bound, ...]:
    """The bounds a generator accepts (none for most).

    >>> [bound.name for bound in bounds_of("7.2")], bounds_of("2.1")
    (['largest'], ())
    """
    return _generator(exercise).accepts


def read_bounds(exercise: str, given: dict, *, in_set: bool = False) -> dict[str, int]:
    """Every bound of ``exercise``'s generator with its value: those ``given``, checked, and the others'
    defaults (with ``in_set``, a homework set's where the bound has one). ValueError for a name it does not
    accept (naming those it does) or a value not allowed.

    >>> read_bounds("7.2", {"largest": 30})
    {'largest': 30}
    >>> read_bounds("7.2", {}), read_bounds("7.2", {}, in_set=True)
    ({'largest': 15}, {'largest': 40})
    >>> read_bounds("7.2", {"top": 30})
    Traceback (most recent call last):
    ...
    ValueError: exercise 7.2 has no bound 'top'; its bounds are largest
    >>> read_bounds("2.1", {"top": 30})
    Traceback (most recent call last):
    ...
    ValueError: exercise 2.1 has no bound 'top'; it has no bounds
    """
    accepts = {b.name: b for b in bounds_of(exercise)}
    for name in given:
        if name not in accepts:
            its = f"its bounds are {', '.join(accepts)}" if accepts else "it has no bounds"
            raise ValueError(f"exercise {exercise} has no bound {show(name)}; {its}")
    return {name: bound.check(given[name]) if name in given
            else bound.in_set if in_set and bound.in_set is not None else bound.default
            for name, bound in accepts.items()}


def _generator(exercise: object) -> Generator:
    """The generator of ``exercise``; ValueError saying why there is none."""
    from gamelib.exercises.practice.reasons import NOT_PRACTISED

    if type(exercise) is not str or exercise not in GENERATORS:
        if type(exercise) is str and exercise in NOT_PRACTISED:
            raise ValueError(f"exercise {exercise!r} does not practise on other numbers: {NOT_PRACTISED[exercise]}")
        raise ValueError(f"there is no practice for {show(exercise)}; the exercises that practise are "
                         f"{', '.join(sorted(GENERATORS, key=exercise_order))}")
    return GENERATORS[exercise]


@dataclass(frozen=True)
class Instance:
    """One practice instance: ``question`` written for its ``numbers``, dealt from ``seed``; :meth:`check` says
    what is right or wrong with an answer, as the exercise's own check does.

    >>> print(deal("4.2", seed=1).question)
    Compute the nim-sum 16 ⊕ 28 ⊕ 30 by hand, writing the numbers in binary.
    """

    exercise: str
    seed: int
    question: str
    numbers: dict
    expects: str
    bounds: str
    answer: str = field(repr=False)
    checker: Callable[[object], _Verdict] = field(repr=False, compare=False)

    @property
    def hint(self) -> str:
        """The exercise's hint for these numbers: what to compute, never the answer (the panel's Hint button).

        >>> deal("4.3", seed=3).hint
        '(27, 26, c) is P exactly when 27 ⊕ 26 ⊕ c = 0: which c cancels every 1 of 27 ⊕ 26?'
        """
        return str(getattr(self.checker, "hint", ""))

    @property
    def label(self) -> str:
        """How the instance is named: the exercise and the seed that reproduces it, e.g. ``'2.1, seed 7'``."""
        return f"{self.exercise}, seed {self.seed}"

    def check(self, answer: object) -> Feedback:
        """Feedback on ``answer``: right or wrong, what kind of mistake, a hint; never a traceback.

        >>> print(deal("4.3", seed=3).check(0))
        ✗ Exercise 4.3, seed 3: (27, 26, 0) has nim-sum 1, so it is an N-position.
          Hint: (27, 26, c) is P exactly when 27 ⊕ 26 ⊕ c = 0: which c cancels every 1 of 27 ⊕ 26?
        """
        return run_checker(Exercise(self.label, self.checker, self.expects), answer)

    def __str__(self) -> str:
        return f"Practice {self.label}: {self.question}"


def deal(exercise: str, seed: int | None = None, **bounds: int) -> Instance:
    """A new instance of a lesson exercise, drawn from ``seed`` (a whole number from 0 to 10**9; a fresh one
    when None): the same seed always gives the same instance, and never the lesson's own numbers. ``bounds``
    set the generator's :class:`Bound` s (:func:`bounds_of`); those not given keep their defaults.

    >>> deal("7.2", seed=5, largest=40).numbers
    {'heaps': (26, 31)}

    >>> instance = deal("2.3", seed=7)
    >>> instance.label, instance.numbers != {"S": (1, 4), "stop": 10}
    ('2.3, seed 7', True)
    >>> deal("5.7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: exercise '5.7' does not practise on other numbers: it is an argument about any game G + H, ...
    """
    gen = _generator(exercise)
    values = read_bounds(exercise, bounds)
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED + 1)
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= int(seed) <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, got {show(seed)}")
    seed = int(seed)
    rng = random.Random(f"practice/{exercise}/{seed}")
    for _ in range(MAX_DRAWS):
        dealt = gen.draw(rng, **values) if gen.accepts else gen.draw(rng)
        if dealt is not None and not lessons_own(dealt.numbers, gen.fixed):
            expects = dealt.expects or EXERCISES[exercise].expects
            return Instance(exercise, seed, dealt.question, dealt.numbers, expects, gen.bounds_text(values),
                            dealt.answer, dealt.checker)
    raise RuntimeError(f"the generator of {exercise} found no instance in {MAX_DRAWS} draws (seed {seed})")


def lessons_own(numbers: dict, fixed: dict) -> bool:
    """True when ``numbers`` are the lesson's own: every number the lesson's exercise is made of (``fixed``, by
    name) is dealt again. Compared on those names only, so an instance that carries more numbers (a Poker Nim
    reply deals the heaps before the raise too) is still recognised.

    >>> lessons_own({"before": (3, 5, 6), "raised": (9, 5, 6)}, {"raised": (9, 5, 6)})
    True
    >>> lessons_own({"heaps": (7, 5)}, {"heaps": (7, 4)})
    False
    """
    return all(name in numbers and numbers[name] == value for name, value in fixed.items())


def exercise_order(exercise_id: str) -> tuple[int, ...]:
    """Sort key: lesson, then number (``'2.10'`` after ``'2.9'``).

    >>> sorted(["2.10", "10.1", "2.9"], key=exercise_order)
    ['2.9', '2.10', '10.1']
    """
    return tuple(int(part) for part in exercise_id.split("."))


# -- helpers the generators share ---------------------------------------------------------------------------


def braces(numbers) -> str:
    """``'{1, 3, 4}'``: a set of numbers as the lessons write it, in increasing order.

    >>> braces((4, 1))
    '{1, 4}'
    """
    return "{" + ", ".join(map(str, sorted(numbers))) + "}"


def draw_set(rng: random.Random, size: int, top: int, low: int = 1) -> tuple[int, ...]:
    """``size`` different numbers from ``low`` to ``top``, increasing, with no common factor (a set like
    {2, 4, 6} is {1, 2, 3} played with pairs of chips).

    >>> draw_set(random.Random(1), 3, 8)
    (1, 3, 5)
    """
    while True:
        S = tuple(sorted(rng.sample(range(low, top + 1), size)))
        if gcd(*S) == 1:
            return S


def one_of(values) -> str:
    """A right answer for the sheet: the one value, or 'any of ...' when several are right.

    >>> one_of([(1, 2)]), one_of([3, 5])
    ('(1, 2)', 'any of 3, 5')
    """
    values = list(values)
    return str(values[0]) if len(values) == 1 else "any of " + ", ".join(map(str, values))
