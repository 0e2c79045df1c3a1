"""The lesson index (tools/lessons.py) for the tests: everything lesson-numbered is checked against it."""

import importlib.util
from pathlib import Path

_INDEX = Path(__file__).resolve().parent.parent / "tools" / "lessons.py"
_spec = importlib.util.spec_from_file_location("lessons", _INDEX)
lessons = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lessons)

#: Lesson numbers, 1 .. the number of lessons in the index.
LESSON_NUMBERS = list(range(1, len(lessons.LESSONS) + 1))
