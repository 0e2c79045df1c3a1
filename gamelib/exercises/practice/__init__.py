"""Practice without end: every lesson exercise whose skill works on other numbers deals fresh instances.

:func:`deal` gives an :class:`Instance` (its question, its numbers, the seed that reproduces it) whose
:meth:`~Instance.check` is the exercise's own check; :class:`PracticeSession` keeps a streak over instances
dealt one after another (the panel :func:`gamelib.exercises.practice` is a thin view of it).
:data:`PRACTISED` lists the exercises that deal, :data:`NOT_PRACTISED` the others, with the reason; some
generators take bounds (:func:`bounds_of`: the largest heap, the most columns), which ``deal`` and a homework
set file (:mod:`gamelib.homework.composed`) set.

>>> from gamelib.exercises.practice import PRACTISED, deal
>>> len(PRACTISED) >= 40, deal("1.4", seed=3).numbers != {"heap": 307}
(True, True)
"""

from gamelib.exercises.practice import (  # noqa: F401  (they register)
    lesson_9,
    lesson_10,
    lessons_1_3,
    lessons_4_5,
    lessons_6_8,
)
from gamelib.exercises.practice.core import GENERATORS, Bound, Instance, bounds_of, deal, exercise_order, read_bounds
from gamelib.exercises.practice.reasons import NOT_PRACTISED
from gamelib.exercises.practice.session import PracticeSession, read_typed

#: The exercises that deal practice instances, in the order of the lessons.
PRACTISED = tuple(sorted(GENERATORS, key=exercise_order))

__all__ = ["NOT_PRACTISED", "PRACTISED", "Bound", "Instance", "PracticeSession", "bounds_of", "deal", "read_bounds",
           "read_typed"]
