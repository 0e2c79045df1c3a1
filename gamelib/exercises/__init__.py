"""Exercise checks for the lessons: ``check("N.k", answer)`` says what is right or wrong, with a hint.

Each lesson's checks live in ``lessonN.py`` and register themselves when imported; every such module in this
package is imported here, so a new lesson's checks need only their own file. :func:`deal` gives the same
exercise on new numbers (within the bounds some exercises take: :func:`bounds_of`), :func:`practice` a panel that
deals one instance after another (:mod:`gamelib.exercises.practice`).

>>> from gamelib.exercises import check
>>> check("1.1", [0, 6]).ok
False
"""

import importlib
import pkgutil
import re

from gamelib.exercises.core import EXERCISES, Feedback, check

for _module in pkgutil.iter_modules(__path__):
    if re.fullmatch(r"lesson[0-9]+", _module.name):
        importlib.import_module(f"{__name__}.{_module.name}")

from gamelib.exercises.practice import PRACTISED, Bound, bounds_of, deal  # noqa: E402  (after the lessons' checks)
from gamelib.exercises.practice.panel import practice  # noqa: E402

__all__ = ["EXERCISES", "PRACTISED", "Bound", "Feedback", "bounds_of", "check", "deal", "practice"]
