"""How personal a composed set's answers are: how often two students of a course get the same right answers to
an exercise question (gamelib/homework/composed.py). The build (tools/homework_sets.py) prints it for every
question and refuses one above :data:`SHARED_LIMIT` unless the set file says ``shared_ok = true``.

>>> from gamelib.homework.exercise_questions import Item
>>> sharing(Item(1, "7.4", None, 2, bounds={"columns": 30}), samples=1000).too_shared
False
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

from gamelib.homework.draw import Draw
from gamelib.homework.exercise_questions import Item, RightAnswers

#: The chance two students share a question's right answers above which the build refuses it (unless
#: ``shared_ok = true``): one in 20, about hw3's most shared question (hw3 q4, 0.059 per pair).
SHARED_LIMIT = 1 / 20
#: Draws :func:`sharing` samples per question.
SAMPLES = 4000
#: The course code and set name the samples of :func:`sharing` are drawn with (any would do: the stream is
#: uniform whatever its key).
SAMPLE_CODE, SAMPLE_SET = "sharing-estimate", "sharing"


@dataclass(frozen=True)
class Sharing:
    """How often two students of a course get the same right answers to one question, estimated from
    ``samples`` draws: ``chance`` (the share of the pairs of draws that have the same right answers, an
    unbiased estimate) and its standard error ``error``; ``variants``, how many different sets of right
    answers the draws gave.

    Square Chomp (exercise 7.5) deals three sizes of bar, each with one winning bite:

    >>> from gamelib.homework.exercise_questions import Item
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
    standard errors of the truth (tests/test_homework_composed.py checks it against exact counts).

    Wythoff's game (7.2) at the lesson's heaps, up to 15, is shared about 1 time in 11; up to 40, 1 in 30:

    >>> from gamelib.homework.exercise_questions import Item
    >>> sharing(Item(1, "7.2", None, 2), samples=1000).too_shared
    True
    >>> sharing(Item(1, "7.2", None, 2, bounds={"largest": 40}), samples=1000).too_shared
    False
    """
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


__all__ = ["SAMPLES", "SHARED_LIMIT", "Sharing", "sharing"]
