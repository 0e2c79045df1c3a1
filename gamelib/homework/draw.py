"""Where a student's numbers come from: the student id and the course code, hashed together.

Each question of each homework draws its numbers from its own stream of 64-bit integers,

    HMAC-SHA256(key = course code, message = "hw1/q2/<student id>/<counter>"), first 8 bytes,

with the id and the code normalised (:func:`normalise_student_id`, :func:`normalise_course_code`). The same
id and code give the same numbers on every machine and every Python; without the course code, the id and
the public repository give nothing (HMAC with an unknown key). A student who knows the code and a
classmate's id can of course compute the classmate's numbers: that is what the grader's copying flags are for.

A number below ``n`` is the stream's next value modulo ``n``; for the pools here (``n`` below 2^21) that is
uniform to within n / 2^64, below 1e-13.
"""

from __future__ import annotations

import hashlib
import hmac
import numbers
from collections.abc import Sequence
from math import comb
from typing import TypeVar

T = TypeVar("T")

#: The course code a build uses when the teacher sets none. Every answer made from it can be computed from
#: the public repository: for trying the kit out, never for marks.
DEMO_COURSE_CODE = "demo"
#: The id the handouts give as an example, and the one the public sources are run with.
EXAMPLE_STUDENT_ID = "s1234567"
#: Longest id or course code read (anything longer is refused, not cut).
MAX_TEXT = 100


def normalise_student_id(student_id: object) -> str:
    """The id as the hash sees it: surrounding spaces removed, letters case-folded; a whole number as its digits.

    >>> normalise_student_id("  S1234567 ")
    's1234567'
    >>> normalise_student_id(1234567)
    '1234567'
    """
    if isinstance(student_id, bool) or not isinstance(student_id, (str, numbers.Integral)):
        raise TypeError(f"student_id must be your student id in quotes, e.g. \"{EXAMPLE_STUDENT_ID}\", "
                        f"got {_shown(student_id)}")
    text = str(int(student_id)) if isinstance(student_id, numbers.Integral) else student_id.strip().casefold()
    if not text:
        raise ValueError(f"student_id must not be empty, got {student_id!r}; type your id, e.g. "
                         f"\"{EXAMPLE_STUDENT_ID}\"")
    if len(text) > MAX_TEXT:
        raise ValueError(f"student_id must be at most {MAX_TEXT} characters, got {len(text)}")
    return text


def normalise_course_code(course_code: object) -> str:
    """The course code as the hash sees it: surrounding spaces removed, letters case-folded.

    >>> normalise_course_code(" Maple-7Q ")
    'maple-7q'
    """
    if not isinstance(course_code, str):
        raise TypeError(f"course_code must be the code your teacher gave you, in quotes, got {_shown(course_code)}")
    text = course_code.strip().casefold()
    if not text:
        raise ValueError(f"course_code must not be empty, got {course_code!r}; type the code your teacher gave you")
    if len(text) > MAX_TEXT:
        raise ValueError(f"course_code must be at most {MAX_TEXT} characters, got {len(text)}")
    return text


def _shown(value: object) -> str:
    if value is Ellipsis:
        return "... (nothing typed yet)"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Draw:
    """The stream of one question's numbers for one student (see the module docstring).

    >>> a = Draw("demo", "hw1", "q1", "s1234567")
    >>> b = Draw(" DEMO", "hw1", "q1", "S1234567 ")
    >>> [a.below(100) for _ in range(3)] == [b.below(100) for _ in range(3)]
    True
    """

    def __init__(self, course_code: object, homework: str, question: str, student_id: object):
        self._key = normalise_course_code(course_code).encode("utf-8")
        self._message = f"{homework}/{question}/{normalise_student_id(student_id)}/"
        self._counter = 0

    def next(self) -> int:
        """The next 64-bit number of the stream."""
        digest = hmac.new(self._key, f"{self._message}{self._counter}".encode(), hashlib.sha256).digest()
        self._counter += 1
        return int.from_bytes(digest[:8], "big")

    def below(self, n: int) -> int:
        """A number from 0 to n - 1."""
        return self.next() % n

    def between(self, low: int, high: int) -> int:
        """A number from ``low`` to ``high - 1``."""
        return low + self.below(high - low)

    def pick(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]


def unrank(index: int, top: int, sizes: Sequence[int]) -> tuple[int, ...]:
    """The ``index``-th of the sets of ``sizes[0]`` numbers from 1 to ``top`` in increasing order, then those
    of ``sizes[1]`` numbers, and so on (combinatorial unranking, without listing them).

    >>> unrank(0, 20, (3, 4, 5)), unrank(1139, 20, (3, 4, 5)), unrank(1140, 20, (3, 4, 5))
    ((1, 2, 3), (18, 19, 20), (1, 2, 3, 4))
    """
    total = sum(comb(top, k) for k in sizes)
    if not 0 <= index < total:
        raise ValueError(f"index must be from 0 to {total - 1}, got {index}")
    for k in sizes:
        if index < comb(top, k):
            break
        index -= comb(top, k)
    chosen, low = [], 1
    for remaining in range(k, 0, -1):
        # skip whole blocks of sets starting with `low` until the index falls inside one
        while index >= comb(top - low, remaining - 1):
            index -= comb(top - low, remaining - 1)
            low += 1
        chosen.append(low)
        low += 1
    return tuple(chosen)
