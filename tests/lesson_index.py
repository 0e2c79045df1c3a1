"""The lesson index (tools/lessons.py) for the tests: everything lesson-numbered is checked against it."""

from tools import lessons

#: Lesson numbers, 1 .. the number of lessons in the index.
LESSON_NUMBERS = list(range(1, len(lessons.LESSONS) + 1))
