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
from typing import TYPE_CHECKING

import numpy as np

from gamelib.analysis.period_scan import (
    AcceptRule,
    guy_smith_check,
    guy_smith_length,
    guy_smith_rule,
    guy_smith_scan,
    observed_rule,
    preperiod_of,
    smallest_period,
    theorem_start,
    window_rule,
)
from gamelib.arguments import LimitError, check_int, set_text
from gamelib.limits import MAX_SEARCH, OBSERVE_HEAPS, SCAN_WORK

if TYPE_CHECKING:  # only for the annotation: rare_values needs nothing from here
    from gamelib.analysis.rare_values import RareSplit


class PeriodNotFoundError(RuntimeError):
    """The periodicity search stopped at its stated limit without finding (or proving) a period.

    ``checked_up_to`` says how many values were searched; the message says where to ask for more.

    >>> from gamelib import OctalGame
    >>> try:
    ...     OctalGame("0.007").periodicity(max_search=100)
    ... except PeriodNotFoundError as error:
    ...     print(error.checked_up_to, error)  # doctest: +NORMALIZE_WHITESPACE
    100 Treblecross (0.007): no period passes the Guy-Smith check among heaps 0 .. 99 (search limit 100 heaps;
    ask for more with periodicity(max_search=...))
    """

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

    A game's ``periodicity()`` gives one; ``str`` shows the summary, the repeating block and the explanation:

    >>> from gamelib import SubtractionGame
    >>> p = SubtractionGame({2, 4, 7}).periodicity()
    >>> p.preperiod, p.period, p.proven, p.prefix
    (8, 3, True, (0, 0, 1, 1, 2, 2, 0, 3))
    >>> print(p)  # doctest: +ELLIPSIS
    S = {2, 4, 7}: preperiod 8, period 3 (proven)
    repeating block: 1 0 2
    For n >= 7 (the largest move), the Grundy value of n is fixed by the 7 values just before n. ...
    >>> p.value(10**6)  # 10**6 - 8 leaves 2 on division by 3: the block's third value
    2
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
HASH_MODULUS = (1 << 61) - 1  # a Mersenne prime: rolling hashes of windows of values
HASH_BASE = 1_000_003




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
    modulus, base = HASH_MODULUS, HASH_BASE
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

__all__ = [
    "AcceptRule",
    "OBSERVE_HEAPS",
    "guy_smith_check",
    "guy_smith_length",
    "guy_smith_rule",
    "guy_smith_scan",
    "observed_rule",
    "preperiod_of",
    "smallest_period",
    "theorem_start",
    "window_rule",
    "LimitError",
    "Periodicity",
    "PeriodNotFoundError",
    "fill_periodic",
    "subtraction_periodicity",
]
