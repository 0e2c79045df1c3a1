"""The one period scan, and the named rules that accept what it finds.

Every period finder of gamelib works the same way: for each candidate period p, the preperiod is one past the
last n with v(n + p) != v(n) (:func:`preperiod_of`), and the smallest p whose (preperiod, p) a rule accepts
wins (:func:`smallest_period`). The finders differ only in the rule:

* :func:`window_rule` -- subtraction games: proven once one window of max(S) values reappears;
* :func:`guy_smith_rule` -- take-and-break (octal) games: proven by the Guy--Smith theorem;
* :func:`observed_rule` -- a finite list: a pattern seen, proving nothing.

:mod:`gamelib.analysis.periodicity` builds the results (:class:`~gamelib.Periodicity`) on these.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

import numpy as np


def preperiod_of(values: np.ndarray, period: int) -> int:
    """The scan's step: for the period ``period``, one past the last n with v(n + period) != v(n) (0 if none).

    Every period finder in gamelib takes its preperiod from here; they differ only in which (preperiod,
    period) they *accept* as established (see :func:`smallest_period`).

    >>> preperiod_of(np.array([3, 0, 1, 0, 1, 0]), 2)
    1
    >>> preperiod_of(np.array([0, 1, 0, 1]), 2)
    0
    """
    values = np.asarray(values)
    differ = values[period:] != values[:-period]
    if not differ.any():
        return 0
    return len(differ) - int(np.argmax(differ[::-1]))  # one past the last difference (no list of them all)


#: An acceptance rule: given (preperiod, period, number of values computed), is this pattern established?
AcceptRule = Callable[[int, int, int], bool]


def smallest_period(values: np.ndarray, accept: AcceptRule, max_period: int | None = None) -> tuple[int, int] | None:
    """The one period scan: the smallest period p (with its preperiod) that the rule ``accept`` accepts.

    For p = 1, 2, ... up to ``max_period`` (default: half the values), the preperiod is
    :func:`preperiod_of` (one past the last n with v(n + p) != v(n)); the first (preperiod, p) for which
    ``accept(preperiod, p, len(values))`` holds is returned, or None. The rules are
    :func:`window_rule` (subtraction games), :func:`guy_smith_rule` (take-and-break games) and
    :func:`observed_rule` (a finite list, proving nothing).

    >>> smallest_period(np.array([5, 0, 1, 0, 1, 0, 1]), observed_rule)
    (1, 2)
    >>> smallest_period(np.array([0, 1, 2, 3]), observed_rule) is None
    True
    """
    values = np.asarray(values)
    size = len(values)
    top = size // 2 if max_period is None else min(max_period, size - 1)
    for period in range(1, top + 1):
        preperiod = preperiod_of(values, period)
        if accept(preperiod, period, size):
            return preperiod, period
    return None


def window_rule(width: int) -> AcceptRule:
    """Subtraction games: proven once the ``width`` = max(S) values from the preperiod reappear one period later.

    The value at n >= max(S) is fixed by the max(S) values before it, so one repeated window repeats for ever.

    >>> window_rule(2)(0, 3, 5), window_rule(2)(0, 3, 4)
    (True, False)
    """
    return lambda preperiod, period, size: preperiod + period + width <= size


def theorem_start(preperiod: int, splits: bool) -> int:
    """The n0 the Guy--Smith window is built on: the preperiod, but at least 1 if a move can split a heap.

    With splits, the proof matches a split (a, b) of heap n + p with the split (a, b - p) of heap n, which needs
    b - p >= n0 >= 1 (see the notes of :mod:`gamelib.games.octal`; ``0.04`` is the counterexample at n0 = 0).

    >>> theorem_start(0, splits=True), theorem_start(0, splits=False), theorem_start(52, splits=True)
    (1, 0, 52)
    """
    return max(preperiod, 1) if splits else preperiod


def guy_smith_rule(t: int, splits: bool = True) -> AcceptRule:
    """Take-and-break games (Guy--Smith): proven once the values reach 2*m + 2*p + t, m = n0 (>= 1 if splits).

    t is the most tokens one move removes. The theorem needs g(n + p) = g(n) for n0 <= n < 2*m + p + t, that is
    2*m + 2*p + t values; m = max(n0, 1) when a move may split a heap (:func:`theorem_start` says why).

    >>> guy_smith_rule(1, splits=False)(0, 2, 5), guy_smith_rule(1, splits=True)(0, 2, 5)
    (True, False)
    """
    return lambda preperiod, period, size: 2 * theorem_start(preperiod, splits) + 2 * period + t <= size


def guy_smith_length(preperiod: int, period: int, t: int, splits: bool = True) -> int:
    """How many values the Guy--Smith theorem needs to prove ``period`` from ``preperiod``: 2*m + 2*p + t.

    >>> guy_smith_length(105351, 149459, 2)  # 0.16: heaps 0 .. 509,621
    509622
    """
    return 2 * theorem_start(preperiod, splits) + 2 * period + t


def periods_of(items: list) -> list[int]:
    """Every period of a list, smallest first (its length included): len - b for each border b (KMP).

    >>> periods_of([1, 2, 1, 2, 1])
    [2, 4, 5]
    """
    # failure[i]: the longest proper border of items[:i] (4-byte numbers: 10 million heaps take 40 MB, not 360)
    failure = array("i", bytes(4 * (len(items) + 1)))
    k = 0
    for i in range(1, len(items)):
        while k and items[i] != items[k]:
            k = failure[k]
        if items[i] == items[k]:
            k += 1
        failure[i + 1] = k
    periods, border = [], failure[len(items)]
    while border:
        periods.append(len(items) - border)
        border = failure[border]
    return periods + [len(items)]


#: From this many values on, :func:`periods_of_values` uses the compiled failure function (where it can be had):
#: below, the Python one takes milliseconds, and a lesson's small tables never load the compiled loop.
COMPILED_SCAN = 2**16


def periods_of_values(values: np.ndarray) -> list[int]:
    """:func:`periods_of` a table of values: for :data:`COMPILED_SCAN` 16- or 32-bit values or more, by the
    compiled loop's failure function (no Python list of them: 10 million values took 280 MB), else, or where
    there is no compiled loop, by :func:`periods_of`.

    >>> periods_of_values(np.array([1, 2, 1, 2, 1], dtype=np.uint16))
    [2, 4, 5]
    """
    kernel = None
    if len(values) >= COMPILED_SCAN and values.dtype in (np.uint16, np.uint32):
        from gamelib.analysis import heap_kernel  # loaded already by the game that computed so many values

        kernel = heap_kernel.load()
    if kernel is None:
        return periods_of(values.tolist())
    items = np.ascontiguousarray(values)
    failure = np.zeros(len(items) + 1, dtype=np.int32)
    kernel.borders[items.itemsize](items.ctypes.data, len(items), failure.ctypes.data)
    periods, border = [], int(failure[len(items)])
    while border:
        periods.append(len(items) - border)
        border = int(failure[border])
    return periods + [len(items)]


def guy_smith_scan(values: np.ndarray, t: int, splits: bool = True) -> tuple[tuple[int, int] | None, int | None]:
    """:func:`guy_smith_check`, and how many values would prove the pattern the last values show.

    Returns ``(found, needed)``: ``found`` is the smallest proven (preperiod, period) or None; when None,
    ``needed`` is the number of values :func:`guy_smith_length` asks for the smallest period of the second
    half of the values (None if that half has no period), so that a search can compute exactly that many next.

    How it is fast: the theorem accepts p exactly when the values from h - p on repeat with period p, where
    h = (len - t) // 2; so p must be a period of the stretch T from h to the end, and the periods of T come
    from one pass of the Knuth--Morris--Pratt failure function (:func:`periods_of_values`), smallest first.
    Each is tried with one numpy comparison; a multiple of a period already refused is refused too (its
    repetition breaks at the same place), so few are tried.

    >>> guy_smith_scan(np.array([0, 1, 0, 1, 0, 1]), 1, splits=True)  # period 2 seen, proven at 7 values
    (None, 7)
    """
    values = np.asarray(values)
    size = len(values)
    half = (size - t) // 2  # p is accepted when the values repeat with period p from half - p on
    if half < 1:
        return None, None
    periods = periods_of_values(values[half:])
    needed = None
    refused: list[int] = []
    for period in periods:
        if period > half - (1 if splits else 0):
            break  # no room for the theorem's window: neither this period nor a larger one
        if any(period % q == 0 for q in refused):
            continue
        preperiod = preperiod_of(values, period)
        if needed is None:
            needed = guy_smith_length(preperiod, period, t, splits)
        if guy_smith_rule(t, splits)(preperiod, period, size):
            return (preperiod, period), None
        refused.append(period)
    if needed is None and len(periods) > 1:
        first = periods[0]
        needed = guy_smith_length(preperiod_of(values, first), first, t, splits)
    return None, needed


def guy_smith_check(values: np.ndarray, t: int, splits: bool = True) -> tuple[int, int] | None:
    """The smallest period p (with its preperiod) that the computed values prove by the Guy--Smith theorem.

    For each p, the preperiod n0 is one past the last n with g(n + p) != g(n) in the computed range; the
    theorem proves it once the range reaches 2*m + 2*p + t, where m = n0, or max(n0, 1) when ``splits`` (a
    move may split a heap), so that n0 <= n < 2*m + p + t is covered (the module notes of
    :mod:`gamelib.games.octal` say why m >= 1). The answer is that of :func:`smallest_period` with
    :func:`guy_smith_rule`, found in about linear time (:func:`guy_smith_scan`).

    >>> guy_smith_check(np.array([0, 1, 0, 1, 0, 1]), 1, splits=False)  # needs 2*0 + 2*2 + 1 values
    (0, 2)
    >>> guy_smith_check(np.array([0, 1, 0, 1, 0, 1]), 1, splits=True) is None  # needs 2*1 + 2*2 + 1
    True
    >>> guy_smith_check(np.array([0, 0, 0, 0]), 2, splits=True) is None  # 0.04: g(4) = 1 breaks it
    True
    """
    return guy_smith_scan(values, t, splits)[0]


def observed_rule(preperiod: int, period: int, size: int) -> bool:
    """Finite lists: a pattern counts as *seen* when it fills the second half and holds two full periods.

    Evidence, not proof (a short run such as two equal values at the very end is not taken for a period).

    >>> observed_rule(1, 2, 6), observed_rule(4, 1, 6)
    (True, False)
    """
    return size - preperiod >= max(2 * period, (size + 1) // 2)


__all__ = [
    "COMPILED_SCAN",
    "AcceptRule",
    "guy_smith_check",
    "guy_smith_length",
    "guy_smith_rule",
    "guy_smith_scan",
    "observed_rule",
    "periods_of",
    "periods_of_values",
    "preperiod_of",
    "smallest_period",
    "theorem_start",
    "window_rule",
]
