"""Periodic sequences: find the minimal preperiod and period, prove them, and use them.

A sequence v(0), v(1), ... is *eventually periodic* with preperiod n0 and period p when v(n + p) = v(n) for
every n >= n0. The minimal period divides every other period, and every period has the same minimal
preperiod, so "the" preperiod and period below are both minimal.

For a subtraction game with largest move s_k, the value at n >= s_k depends only on the s_k values just
before n. So as soon as one *window* of s_k consecutive values reappears later, everything after it repeats
for ever; and the very first window that reappears starts exactly at the minimal preperiod and reappears
exactly one minimal period later. :func:`subtraction_periodicity` scans for that first repeat.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from gamelib.analysis.period_scan import (
    AcceptRule,
    guy_smith_check,
    guy_smith_length,
    guy_smith_rule,
    guy_smith_scan,
    observed_rule,
    periods_of,
    preperiod_of,
    smallest_period,
    theorem_start,
    window_rule,
)
from gamelib.arguments import LimitError, check_int, check_stop, set_text, show
from gamelib.limits import MAX_OBSERVED, MAX_SEARCH, OBSERVE_HEAPS, SCAN_WORK

if TYPE_CHECKING:  # only for the annotation: rare_values needs nothing from here
    from gamelib.analysis.rare_values import RareSplit


class PeriodNotFoundError(RuntimeError):
    """The periodicity search stopped at its stated limit without finding (or proving) a period."""

    def __init__(self, message: str, checked_up_to: int):
        super().__init__(message)
        self.checked_up_to = checked_up_to


@dataclass(frozen=True)
class Periodicity:
    """What is known about the periodicity of a sequence of Grundy values or of P/N outcomes.

    Attributes
    ----------
    kind : ``'grundy'`` (Grundy values, normal play) or ``'outcome'`` (``'P'``/``'N'``, e.g. misère play).
    preperiod, period : the minimal n0 and p with v(n + p) = v(n) for all n >= n0 (``proven``) or for all n
        in the range that was computed (not ``proven``).
    block : one period of values, v(n0), ..., v(n0 + p - 1).
    prefix : v(0), ..., v(n0 - 1), the values before the periodic part.
    window : ``(first, second, length)``: the two stretches of ``length`` values that were found equal.
    proven : True when a theorem guarantees the pattern for every n; False when it was only observed.
    checked_up_to : how many values were computed.
    explanation : how this was established, in words a student can read.
    pigeonhole_bound : the textbook's upper bound on the period, for comparison (subtraction games only).
    rare : octal games: how the values computed split into rare and common heaps (a
        :class:`~gamelib.analysis.rare_values.RareSplit`: the mask, the rare heaps, the last one), else None.
    """

    kind: str
    preperiod: int
    period: int
    block: tuple
    prefix: tuple
    window: tuple[int, int, int]
    proven: bool
    checked_up_to: int
    explanation: str
    pigeonhole_bound: int | None = field(default=None, repr=False)  # may have 10**5 digits: too long to show
    title: str = field(default="", compare=False)
    rare: RareSplit | None = field(default=None, compare=False, repr=False)

    def value(self, n: int):
        """The value at position ``n``, for any n >= 0 (instantly, through the period).

        >>> from gamelib import SubtractionGame
        >>> SubtractionGame({1, 2, 3}).periodicity().value(10**18)
        0
        """
        n = check_int(n, "n")
        if not self.proven and n >= self.checked_up_to:
            raise ValueError(
                f"the pattern was only observed up to n = {self.checked_up_to - 1}; "
                f"it proves nothing about n = {n}"
            )
        if n < self.preperiod:
            return self.prefix[n]
        return self.block[(n - self.preperiod) % self.period]

    def largest_value(self) -> tuple[int, int]:
        """(the largest Grundy value, the first heap that has it), over every n when the pattern is proven.

        >>> from gamelib import OctalGame
        >>> OctalGame("0.77").periodicity().largest_value()  # Kayles: 8 first at heap 27
        (8, 27)
        """
        if self.kind != "grundy":
            raise ValueError("largest_value() is about Grundy values; this pattern is one of P/N outcomes")
        values = self.prefix + self.block
        largest = max(values)
        return largest, values.index(largest)

    def __str__(self) -> str:
        head = f"{self.title}: " if self.title else ""
        status = "proven" if self.proven else f"observed for n < {self.checked_up_to} only, not proven"
        if len(self.block) > 60:
            values = " ".join(map(str, self.block[:30])) + f" ... ({len(self.block):,} values)"
        else:
            values = "".join(self.block) if self.kind == "outcome" else " ".join(map(str, self.block))
        rare = f"\n{self.rare}" if self.rare is not None else ""
        return (
            f"{head}preperiod {self.preperiod:,}, period {self.period:,} ({status})\n"
            f"repeating block: {values}\n{self.explanation}{rare}"
        )

    def _repr_pretty_(self, printer, cycle) -> None:  # how IPython shows it in a notebook
        printer.text(str(self))


def fill_periodic(prefix: np.ndarray, preperiod: int, period: int, stop: int) -> np.ndarray:
    """Extend ``prefix`` (at least ``preperiod + period`` values) to ``stop`` values by repeating the period.

    The copy doubles each time (period, 2 periods, 4 periods, ...), so filling 10**7 values costs a few
    dozen ``memcpy`` calls rather than one Python step per value.

    >>> fill_periodic(np.array([5, 0, 1]), 1, 2, 8).tolist()
    [5, 0, 1, 0, 1, 0, 1, 0]
    """
    out = np.empty(stop, dtype=prefix.dtype)
    known = min(stop, preperiod + period)
    out[:known] = prefix[:known]
    filled = known
    while filled < stop:
        chunk = min(filled - preperiod, stop - filled)  # filled - preperiod is always a multiple of period
        out[filled : filled + chunk] = out[preperiod : preperiod + chunk]
        filled += chunk
    return out


#: Windows wider than this many bits are keyed by a rolling hash (and compared exactly when hashes match)
#: instead of by their exact bit pattern, so each step and each remembered window costs the same whatever
#: max(S) is. (Exact keys of a few machine words are as cheap as a hash; S = {1, 100000} would otherwise
#: keep 200,000 keys of 25 kB each.)
EXACT_WINDOW_BITS = 256
_HASH_MODULUS = (1 << 61) - 1  # a Mersenne prime
_HASH_BASE = 1_000_003




def search_limit(S: Sequence[int]) -> int:
    """How many values the scan of ``S`` may compute: ``MAX_SEARCH``, fewer for sets with many elements.

    >>> search_limit((1, 3, 4)), search_limit(tuple(range(1, 1001)))
    (2000000, 11964)
    """
    return min(MAX_SEARCH, SCAN_WORK // (len(S) + 3))


def subtraction_scan(S: Sequence[int], misere: bool, max_search: int | None = None) -> tuple[list[int], int, int]:
    """Compute a subtraction game's sequence until the first window of ``max(S)`` values repeats.

    Normal play gives Grundy values; misère play gives outcomes coded 0 = P, 1 = N. Returns
    ``(values, first, second)``: the values computed and the starts of the two equal windows.
    ``S`` must already be validated (sorted, positive, no repeats).

    Each window is remembered by a key: its exact bit pattern while that is short
    (:data:`EXACT_WINDOW_BITS`), otherwise a rolling hash, confirmed by comparing the two windows value by
    value before it is believed. Either way the step cost and the memory per window do not grow with max(S).

    >>> subtraction_scan((1, 2), False)  # the window (0, 1) at n = 0 is back at n = 3
    ([0, 1, 2, 0, 1], 0, 3)
    """
    sk = S[-1]
    if max_search is None:
        max_search = search_limit(S)
        if max_search <= sk:
            raise LimitError(
                f"S = {_set_short(S)} has {len(S):,} elements and max(S) = {sk:,}: its period search may compute "
                f"{max_search:,} values (SCAN_WORK = {SCAN_WORK:,} steps / (|S| + 3)), too few to compare two "
                f"windows of {sk:,}; use a set with fewer or smaller elements"
            )
    width = 1 if misere else max(1, len(S).bit_length())  # bits per value: Grundy values are <= |S|
    exact = width * sk <= EXACT_WINDOW_BITS
    mask = (1 << (width * sk)) - 1
    modulus, base = _HASH_MODULUS, _HASH_BASE
    leaving = pow(base, sk, modulus)  # weight of the value that drops out of the window
    values: list[int] = []
    seen: dict[int, int] = {}
    clashes: dict[int, list[int]] = {}  # hash keys shared by different windows (astronomically rare)
    code = 0
    # mex of a set given as a bit mask m: the lowest zero bit of m.
    for n in range(max_search):
        if misere:
            moves = [values[n - s] for s in S if s <= n]
            v = 1 if not moves or 0 in moves else 0
        else:
            m = 0
            for s in S:
                if s > n:
                    break
                m |= 1 << values[n - s]
            v = (~m & (m + 1)).bit_length() - 1
        values.append(v)
        if exact:
            code = ((code << width) | v) & mask
        else:
            code = (code * base + v - (values[n - sk] * leaving if n >= sk else 0)) % modulus
        if n >= sk - 1:
            start = n - sk + 1
            first = seen.setdefault(code, start)
            if first == start:
                continue
            if exact:
                return values, first, start
            for candidate in [first, *clashes.get(code, ())]:
                if values[candidate : candidate + sk] == values[start : start + sk]:
                    return values, candidate, start
            clashes.setdefault(code, []).append(start)
    raise PeriodNotFoundError(
        f"no repeated window of {sk} values among the first {max_search:,} values of S = {_set_short(S)}; "
        f"the search stops there (limit {max_search:,})",
        checked_up_to=max_search,
    )


def _bound_text(bound: int, sk: int, choices: int) -> str:
    """The pigeonhole bound sk * choices**sk in words: in full while readable, else its size in digits.

    (Python refuses to print integers of more than 4,300 digits, and nobody reads them.)

    >>> _bound_text(7 * 4**7, 7, 4)
    '114,688'
    >>> _bound_text(10**5 * 2**(10**5), 10**5, 2)
    '100,000 × 2^100,000, a number with 30,108 digits'
    """
    if bound < 10**18:
        return f"{bound:,}"
    digits = int(math.log10(sk) + sk * math.log10(choices)) + 1
    return f"{sk:,} × {choices}^{sk:,}, a number with {digits:,} digits"


def _set_short(S: Sequence[int]) -> str:
    return set_text(S) if len(S) <= 8 else "{" + ", ".join(map(str, S[:3])) + ", ..., " + str(S[-1]) + "}"


def subtraction_periodicity(S: Sequence[int], misere: bool = False, max_search: int | None = None) -> Periodicity:
    """The proven minimal preperiod and period of a subtraction game (Grundy values, or misère outcomes).

    >>> p = subtraction_periodicity((2, 5, 7))
    >>> p.preperiod, p.period
    (0, 22)
    >>> p = subtraction_periodicity((1, 3, 4), misere=True)
    >>> p.preperiod, p.period, "".join(p.block)
    (0, 7, 'NPNPNNN')
    """
    values, first, second = subtraction_scan(S, misere, max_search)
    sk, k = S[-1], len(S)
    period = second - first
    # The hashing scan found the first repeated window; the window rule is what makes it a proof. Checked
    # always (not an assert, which python -O skips): a wrong "proven" must never reach a student.
    if not (window_rule(sk)(first, period, len(values)) and preperiod_of(np.array(values), period) == first):
        raise RuntimeError(f"internal error: the scan of S = {S} gave preperiod {first} and period {period}, "
                           "which the window rule does not prove; please report this")
    as_values: tuple[str | int, ...]
    if misere:
        as_values = tuple("PN"[v] for v in values)
        kind, what, bound = "outcome", "P/N outcome", sk * 2**sk
        count, choices = "2", 2
    else:
        as_values = tuple(values)
        kind, what, bound = "grundy", "Grundy value", sk * (k + 1) ** sk
        count, choices = f"{k} + 1 = {k + 1}", k + 1
    bound_text = _bound_text(bound, sk, choices)
    explanation = (
        f"For n >= {sk} (the largest move), the {what} of n is fixed by the {sk} values just before n. "
        f"The {sk} values starting at n = {first} reappear starting at n = {second}, so from n = {first} on "
        f"the sequence repeats with period {period} for ever. This is the first window that reappears, "
        f"so both numbers are the smallest possible. For comparison, the pigeonhole argument "
        f"(blocks of {sk} values, each value one of {count} possibilities) only bounds the period by {bound_text}."
    )
    return Periodicity(
        kind=kind,
        preperiod=first,
        period=period,
        block=as_values[first:second],
        prefix=as_values[:first],
        window=(first, second, sk),
        proven=True,
        checked_up_to=len(values),
        explanation=explanation,
        pigeonhole_bound=bound,
        title=f"S = {set_text(S)}" + (" (misère)" if misere else ""),
    )


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
        prefix[i + 1] = (prefix[i] * _HASH_BASE + v + 1) % _HASH_MODULUS
        power[i + 1] = power[i] * _HASH_BASE % _HASH_MODULUS

    def block(start: int, stop: int) -> int:
        return (prefix[stop] - prefix[start] * power[stop - start]) % _HASH_MODULUS

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


__all__ = [
    "AcceptRule",
    "HeapPattern",
    "OBSERVE_HEAPS",
    "guy_smith_check",
    "guy_smith_length",
    "guy_smith_rule",
    "guy_smith_scan",
    "heap_pattern",
    "observed_rule",
    "preperiod_of",
    "smallest_period",
    "theorem_start",
    "window_rule",
    "LimitError",
    "Periodicity",
    "PeriodNotFoundError",
    "fill_periodic",
    "observed_periodicity",
    "subtraction_periodicity",
]
