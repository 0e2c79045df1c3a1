"""Reference answers from the definitions alone, with no gamelib: the tests hold gamelib up against these.

Deliberately plain (lists, loops, one heap at a time) so that each line can be checked by reading it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np


def mex(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values``."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def grundy_sequence(S: Iterable[int], stop: int) -> list[int]:
    """g(0), ..., g(stop - 1) of the subtraction game S: g(n) is the mex of g(n - s) for s in S, s <= n."""
    S = list(S)
    g: list[int] = []
    for n in range(stop):
        g.append(mex(g[n - s] for s in S if s <= n))
    return g


def outcome_string(S: Iterable[int], stop: int, misere: bool = False) -> str:
    """'P'/'N' of heaps 0 .. stop - 1: N exactly when some move reaches a P-position.

    A heap with no move is P in normal play (the player to move has lost) and N in misère play (has won).
    """
    S = list(S)
    labels: list[str] = []
    for n in range(stop):
        followers = [labels[n - s] for s in S if s <= n]
        if not followers:
            labels.append("N" if misere else "P")
        else:
            labels.append("N" if "P" in followers else "P")
    return "".join(labels)


def eventual_period(values: Sequence, window: int) -> tuple[int, int]:
    """(preperiod, period) seen in ``values``, trying periods 1, 2, 3, ... in turn.

    For a period p the preperiod is just after the last place where a value differs from the one p further
    on; p is accepted when the repetition after that covers p + ``window`` values (for a subtraction set,
    window = max(S) makes the repetition certain to go on for ever). Raises AssertionError when the values
    are too few to show any period.
    """
    array = np.array(list(values))  # ints or one-letter strings; numpy only to compare two slices quickly
    length = len(array)
    for period in range(1, length):
        mismatches = np.flatnonzero(array[period:] != array[:-period])
        preperiod = int(mismatches[-1]) + 1 if len(mismatches) else 0
        if length - period - preperiod >= period + window:
            return preperiod, period
    raise AssertionError(f"no period shows within {length} values")
