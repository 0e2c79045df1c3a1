"""Exercise checks for the lessons: ``check("N.k", answer)`` says what is right or wrong, with a hint.

>>> from gamelib.exercises import check
>>> check("1.1", [0, 6]).ok
False
"""

from gamelib.exercises import (
    lesson1,  # noqa: F401  (registers the checks of lesson 1)
    lesson2,  # noqa: F401
    lesson3,  # noqa: F401
    lesson4,  # noqa: F401
    lesson5,  # noqa: F401
    lesson6,  # noqa: F401
    lesson7,  # noqa: F401
)
from gamelib.exercises.core import EXERCISES, Feedback, check

__all__ = ["EXERCISES", "Feedback", "check"]
