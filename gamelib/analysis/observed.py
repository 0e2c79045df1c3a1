"""Periods seen in a finite list of values (observed, not proven), and the pattern of one heap game's values
for a picture: what the explorers show for games whose values no theorem makes periodic yet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from gamelib.analysis.period_scan import (
    observed_rule,
    periods_of,
    preperiod_of,
)
from gamelib.analysis.periodicity import HASH_BASE, HASH_MODULUS, Periodicity, PeriodNotFoundError
from gamelib.arguments import check_int, check_stop, show
from gamelib.limits import MAX_OBSERVED, OBSERVE_HEAPS


def _observed_values(values: object, kind: object) -> tuple[tuple, np.ndarray]:
    """Check the arguments of :func:`observed_periodicity`; return the values as a tuple and as an array."""
    if kind not in ("grundy", "outcome"):
        raise ValueError(f"kind must be 'grundy' or 'outcome', got {kind!r}")
    if isinstance(values, (str, bytes)) and kind == "grundy" or not isinstance(values, Sequence | np.ndarray):
        raise TypeError(
            f"values must be a list of {'Grundy values' if kind == 'grundy' else 'outcomes'} (or a string of "
            f"'P'/'N' for kind='outcome'), got {show(values)} of type {type(values).__name__}"
        )
    check_stop(len(values), limit=MAX_OBSERVED, name="number of values")
    items = tuple(values.tolist() if isinstance(values, np.ndarray) else values)
    if kind == "outcome":
        bad = next((v for v in items if v not in ("P", "N")), None)
        if bad is not None:
            raise ValueError(f"outcomes must be 'P' or 'N', got {show(bad)}")
        return items, np.frombuffer("".join(items).encode("ascii"), dtype=np.uint8)
    return items, np.array([check_int(v, "each Grundy value") for v in items], dtype=np.int64)


def _smallest_filling_period(arr: np.ndarray) -> int | None:
    """The smallest p <= len/2 whose repetition fills the last max(2p, ceil(len/2)) values, in about linear time.

    For p <= len/4 the stretch to fill is the fixed second half H: the answer is H's smallest period (from the
    KMP failure function), if that is small enough, since every period of H is at least its smallest one.
    For larger p the last 2p values must be one block written twice; each p is tested by comparing hashes of
    the two blocks, and a match is confirmed value by value.
    """
    length = len(arr)
    half = arr[length // 2 :].tolist()
    smallest = periods_of(half)[0]  # the second half's smallest period (KMP)
    if half and 2 * smallest <= (length + 1) // 2:
        return smallest
    values = arr.tolist()
    prefix = [0] * (length + 1)  # polynomial hashes of every prefix, modulo a Mersenne prime
    power = [1] * (length + 1)
    for i, v in enumerate(values):
        prefix[i + 1] = (prefix[i] * HASH_BASE + v + 1) % HASH_MODULUS
        power[i + 1] = power[i] * HASH_BASE % HASH_MODULUS

    def block(start: int, stop: int) -> int:
        return (prefix[stop] - prefix[start] * power[stop - start]) % HASH_MODULUS

    for period in range(1, length // 2 + 1):
        if 2 * period <= (length + 1) // 2:
            continue  # covered by the second half's period above
        first, second = length - 2 * period, length - period
        if block(first, second) == block(second, length) and np.array_equal(arr[first:second], arr[second:]):
            return period
    return None


def observed_periodicity(values: Sequence, kind: str, title: str = "") -> Periodicity:
    """The smallest period seen in a finite stretch of values.

    To count as seen, the repeating part must fill at least the second half of the values and hold at least
    two full periods (otherwise a short run such as two equal values at the very end would "repeat").
    This is evidence, not proof: the result has ``proven=False`` and says so.

    >>> observed_periodicity([0, 1, 0, 1, 0, 1], "grundy").period
    2
    >>> observed_periodicity([3, 0, 1, 2, 0, 0], "grundy")
    Traceback (most recent call last):
    ...
    gamelib.analysis.periodicity.PeriodNotFoundError: no pattern fills the second half of the 6 values computed
    """
    items, arr = _observed_values(values, kind)
    length = len(arr)
    period = _smallest_filling_period(arr)
    if period is None:
        raise PeriodNotFoundError(
            f"no pattern fills the second half of the {length} values computed", checked_up_to=length
        )
    preperiod = preperiod_of(arr, period)
    if not observed_rule(preperiod, period, length):  # the fast search above applies exactly this rule
        raise RuntimeError(f"internal error: preperiod {preperiod} and period {period} break the observed rule "
                           f"on {length} values; please report this")
    explanation = (
        f"Among the {length} values computed (n = 0 .. {length - 1}), the values repeat with period {period} "
        f"from n = {preperiod} on. Nothing here proves that the pattern goes on beyond n = {length - 1}: "
        "the moves depend on the heap itself, so two equal stretches of values need not be followed by "
        "equal values, and no finite window decides the future."
    )
    return Periodicity(
        kind=kind,
        preperiod=preperiod,
        period=period,
        block=items[preperiod : preperiod + period],
        prefix=items[:preperiod],
        window=(preperiod, preperiod + period, length - preperiod - period),
        proven=False,
        checked_up_to=length,
        explanation=explanation,
        title=title,
    )


class HeapPattern(NamedTuple):
    """The repeating pattern of a one-heap game's sequence: where it starts, how long it is, whether proven."""

    preperiod: int
    period: int
    proven: bool


def heap_pattern(game: Any, outcomes: bool = False, max_search: int | None = None) -> HeapPattern | None:
    """The pattern of a one-heap game's Grundy values, or of its P/N outcomes (``outcomes=True``).

    ``game`` is any object with ``periodicity()``, ``outcomes(stop)`` and ``grundy_values(stop)`` (every
    one-heap game of :mod:`gamelib.games`); ``max_search`` is passed on to ``periodicity`` when given. A
    proven period is used as it is. For the outcomes of a game whose *Grundy* values have a proven period, the
    outcomes repeat with the smallest divisor d of that period that repeats one block of outcomes, from the
    first n where the outcomes agree with those d places later: proven too, since P means g = 0. Otherwise
    the pattern observed among the first :data:`OBSERVE_HEAPS` heaps (:func:`observed_rule`; ``proven``
    False), or None when there is nothing to show (no pattern seen, or a long failed search).

    >>> from gamelib import OctalGame, SubtractionGame, TakeAwayGame, nonzero_digits
    >>> heap_pattern(SubtractionGame({2, 5, 7}))
    HeapPattern(preperiod=0, period=22, proven=True)
    >>> heap_pattern(SubtractionGame({2, 5, 7}), outcomes=True)
    HeapPattern(preperiod=0, period=22, proven=True)
    >>> heap_pattern(OctalGame("0.77"))  # Kayles: Grundy period 12 from heap 71 on
    HeapPattern(preperiod=71, period=12, proven=True)
    >>> heap_pattern(OctalGame("0.77"), outcomes=True)  # only the empty row is a P-position
    HeapPattern(preperiod=1, period=1, proven=True)
    >>> heap_pattern(TakeAwayGame(nonzero_digits), outcomes=True)
    HeapPattern(preperiod=0, period=10, proven=False)
    """
    find = getattr(game, "periodicity", None)
    if not callable(find):
        return None
    try:
        found = find() if max_search is None else find(max_search=max_search)
    except PeriodNotFoundError as error:
        if error.checked_up_to > 10 * OBSERVE_HEAPS:  # a subtraction game's long search: no pattern to show
            return None
        found = None
    if found is None or not found.proven:
        if outcomes or getattr(game, "misere", False):
            seen = game.outcomes(OBSERVE_HEAPS)
            kind = "outcome"
        else:
            seen = game.grundy_values(OBSERVE_HEAPS).tolist()
            kind = "grundy"
        try:
            observed = observed_periodicity(seen, kind)
        except PeriodNotFoundError:
            return None
        return HeapPattern(observed.preperiod, observed.period, False)
    if not outcomes or found.kind == "outcome":
        return HeapPattern(found.preperiod, found.period, True)
    start, period = found.preperiod, found.period
    text = game.outcomes(start + period)
    block = text[start:]
    d = min(d for d in range(1, period + 1) if period % d == 0 and block == block[d:] + block[:d])
    while start > 0 and text[start - 1] == text[start - 1 + d]:
        start -= 1
    return HeapPattern(start, d, True)


__all__ = ["HeapPattern", "heap_pattern", "observed_periodicity"]
