"""Seeded homework variants: each student gets a subtraction set of their own, derived from their student id.

The set depends only on the id (hashed with SHA-256, so it is the same on every machine and every Python),
which lets the grader recompute the expected answers of *that* student's set at grading time.

The sets come from a fixed pool of 17,050: every S of 3, 4 or 5 numbers from 1 to 20 with no common factor
whose normal-play Grundy sequence has period at least 3 and shows its pattern twice among heaps 0 to 79
(preperiod + 2 * period <= 80), leaving out the sets the lessons and homework work through themselves. Every
such set is answered by the same few ``gamelib`` calls, so the students' questions are equally hard. In a
class of 40, the chance that some two students share a set is about 4.5 % (the birthday bound
1 - (1 - 1/N)(1 - 2/N)...(1 - 39/N) with N = 17,050); the chance that a given student shares theirs with
anyone is about 0.2 %.

A student's set is drawn by rejection: the hash of the id picks one of all C(20,3) + C(20,4) + C(20,5)
candidate sets, and the hash of the id with a counter picks again until the candidate belongs to the pool.
Every set of the pool is then equally likely, and no one has to list the pool to find a set.
Changing the pool changes the students' sets: keep it fixed between handing out a homework and grading it.
"""

from __future__ import annotations

import hashlib
import numbers
from functools import lru_cache, reduce
from itertools import combinations, count
from math import comb, gcd

from gamelib.games.subtraction import SubtractionGame

#: Largest element of a student's set.
LARGEST_ELEMENT = 20
#: How many numbers a student's set holds.
SET_SIZES = (3, 4, 5)
#: The pattern (preperiod plus two periods) must show within heaps 0 .. TABLE_LENGTH - 1.
TABLE_LENGTH = 80
#: Sets that the lessons (first four) or the fixed homework questions (last two) work through: never handed
#: out as a variant.
WORKED_EXAMPLE_SETS = frozenset({(1, 2, 3), (1, 3, 4), (1, 4, 6), (2, 4, 7), (2, 5, 7), (3, 5, 8),
                                 (2, 5, 6), (2, 7, 8)})
_CANDIDATES = sum(comb(LARGEST_ELEMENT, k) for k in SET_SIZES)


def in_pool(S: tuple[int, ...]) -> bool:
    """Whether the sorted tuple ``S`` is one of the sets students can be given (the rule of the module).

    >>> in_pool((1, 2, 6)), in_pool((1, 3, 4)), in_pool((2, 4, 6)), in_pool((3, 7, 11, 15, 20))
    (True, False, False, True)
    """
    if len(S) not in SET_SIZES or not all(1 <= a < b <= LARGEST_ELEMENT for a, b in zip(S, S[1:], strict=False)) \
            or S[0] < 1 or reduce(gcd, S) != 1 or S in WORKED_EXAMPLE_SETS:
        return False
    p = SubtractionGame(S).periodicity()
    return p.period >= 3 and p.preperiod + 2 * p.period <= TABLE_LENGTH


@lru_cache(maxsize=1)
def variant_pool() -> tuple[tuple[int, ...], ...]:
    """Every subtraction set a student can be given, smaller sets first, each size in increasing order.

    Lists the pool by checking every candidate (a second or two); :func:`student_set` never needs it.

    >>> pool = variant_pool()
    >>> len(pool), pool[0], (1, 3, 4) in pool
    (17050, (1, 2, 4), False)
    """
    return tuple(S for k in SET_SIZES for S in combinations(range(1, LARGEST_ELEMENT + 1), k) if in_pool(S))


def candidate(index: int) -> tuple[int, ...]:
    """The ``index``-th of all candidate sets: the 3-sets of 1..20 in increasing order, then the 4-sets, then
    the 5-sets (combinatorial unranking, without listing them).

    >>> candidate(0), candidate(1), candidate(1139), candidate(1140)
    ((1, 2, 3), (1, 2, 4), (18, 19, 20), (1, 2, 3, 4))
    """
    if not 0 <= index < _CANDIDATES:
        raise ValueError(f"index must be from 0 to {_CANDIDATES - 1}, got {index}")
    for k in SET_SIZES:
        if index < comb(LARGEST_ELEMENT, k):
            break
        index -= comb(LARGEST_ELEMENT, k)
    chosen, low = [], 1
    for remaining in range(k, 0, -1):
        # skip whole blocks of sets starting with `low` until the index falls inside one
        while index >= comb(LARGEST_ELEMENT - low, remaining - 1):
            index -= comb(LARGEST_ELEMENT - low, remaining - 1)
            low += 1
        chosen.append(low)
        low += 1
    return tuple(chosen)


def normalise_student_id(student_id: object) -> str:
    """The id as the hash sees it: surrounding spaces removed, letters case-folded.

    >>> normalise_student_id("  S1234567 ")
    's1234567'
    >>> normalise_student_id(1234567)
    '1234567'
    """
    if isinstance(student_id, bool) or not isinstance(student_id, (str, numbers.Integral)):
        raise TypeError(
            f"student_id must be your student id in quotes, e.g. \"s1234567\", got {student_id!r}"
        )
    text = str(int(student_id)) if isinstance(student_id, numbers.Integral) else student_id.strip().casefold()
    if not text:
        raise ValueError(f"student_id must not be empty, got {student_id!r}; type your id, e.g. \"s1234567\"")
    return text


def student_set(student_id: object) -> tuple[int, ...]:
    """The subtraction set of the student with this id (a sorted tuple of three to five numbers).

    The same id always gives the same set, whatever the spacing or case; different ids almost always differ.
    A teacher who wants the whole class on one set gives everybody the same id (a class code).

    Parameters
    ----------
    student_id : the id the student types, a string such as ``"s1234567"`` (a whole number is accepted too).

    Returns
    -------
    tuple of ints, one of :func:`variant_pool`.

    >>> S = student_set("s1234567")
    >>> S == student_set(" S1234567") and in_pool(S)
    True
    >>> student_set("")
    Traceback (most recent call last):
    ...
    ValueError: student_id must not be empty, got ''; type your id, e.g. "s1234567"
    """
    text = normalise_student_id(student_id)
    for attempt in count():
        seed = text if attempt == 0 else f"{text}#{attempt}"
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        S = candidate(int.from_bytes(digest[:8], "big") % _CANDIDATES)
        if in_pool(S):
            return S
    raise AssertionError("unreachable: count() never ends")
