"""The pools the homework questions draw their games from, each with its rule, so that every variant of a
question is answered by the same ``gamelib`` calls and none is trivial.

A pool is the candidate sets (every set of so many numbers from 1 to ``top``) that pass its rule; a game is
drawn by rejection: the student's stream picks a candidate, then another, until one is in the pool. Every
set of the pool is then equally likely, and no one has to list the pool to draw from it.

=================  =======================================================================================  ======
pool               rule                                                                                     sets
=================  =======================================================================================  ======
``SMALL``          3 or 4 numbers from 1 to 12; at least 3 different values among g(0), ..., g(15)          633
``PURE_PERIOD``    3 or 4 numbers from 1 to 12; P-positions repeat from heap 0 on, least period 3 to 20     522
``PREPERIOD``      3 or 4 numbers from 1 to 15; Grundy preperiod at least 4, period at least 2, both          272
``SUM_PART``       2 or 3 numbers from 1 to 7                                                                43
``MISERE``         2, 3 or 4 numbers from 1 to 10; misère P-positions repeat from heap 0, period 3 to 20      294
``OWN``            3, 4 or 5 numbers from 1 to 20; Grundy period at least 3 and preperiod + 2 * period     17,050
=================  =======================================================================================  ======

(PREPERIOD: both shown within heap 150, preperiod + 2 * period <= 150; OWN: preperiod + 2 * period <= 80,
the pattern shows twice among heaps 0 to 79.) Every pool also asks for no common factor of the numbers (a
set like {2, 4, 6} is {1, 2, 3} played with pairs of chips) and leaves out the sets the lessons work through
and the earlier homework's fixed sets (:data:`WORKED_EXAMPLE_SETS`). The sizes are those
tests/test_homework_variants.py counts. Changing a rule changes every student's numbers: keep the pools fixed
between handing a homework out and grading it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, reduce
from itertools import combinations
from math import comb, gcd

from gamelib.games.subtraction import SubtractionGame
from gamelib.homework.draw import Draw, unrank

#: Sets the lessons work through, and the fixed sets of the earlier homework (whose answers are in the
#: repository's history): never drawn.
WORKED_EXAMPLE_SETS = frozenset({(1, 2, 3), (1, 3, 4), (1, 4, 6), (2, 4, 7), (2, 5, 7), (3, 5, 8), (2, 5, 6),
                                 (2, 7, 8), (1, 2), (2, 3)})


def _coprime_and_new(S: tuple[int, ...]) -> bool:
    return reduce(gcd, S) == 1 and S not in WORKED_EXAMPLE_SETS


def pure_outcome_period(S: tuple[int, ...], misere: bool = False) -> int | None:
    """The least p such that heap n and heap n + p have the same outcome for *every* n >= 0, or None when the
    outcomes repeat only after a preperiod.

    The outcomes repeat from the Grundy (or misère) preperiod n0 with its period P, so checking heaps below
    n0 + P + p is enough, and a pure period p divides P.

    >>> pure_outcome_period((1, 2)), pure_outcome_period((2, 3), misere=True), pure_outcome_period((2, 7, 8))
    (3, 5, None)
    """
    game = SubtractionGame(S, misere=misere)
    found = game.periodicity()
    outcomes = game.outcomes(found.preperiod + 2 * found.period)
    for p in range(1, found.period + 1):
        if found.period % p == 0 and outcomes[p:] == outcomes[:-p]:
            return p
    return None


def _small(S: tuple[int, ...]) -> bool:
    return len(set(SubtractionGame(S).grundy_values(16).tolist())) >= 3


def _pure_period(S: tuple[int, ...]) -> bool:
    p = pure_outcome_period(S)
    return p is not None and 3 <= p <= 20


def _preperiod(S: tuple[int, ...]) -> bool:
    found = SubtractionGame(S).periodicity()
    return found.preperiod >= 4 and found.period >= 2 and found.preperiod + 2 * found.period <= 150


def _misere(S: tuple[int, ...]) -> bool:
    p = pure_outcome_period(S, misere=True)
    return p is not None and 3 <= p <= 20


def _own(S: tuple[int, ...]) -> bool:
    found = SubtractionGame(S).periodicity()
    return found.period >= 3 and found.preperiod + 2 * found.period <= 80


@dataclass(frozen=True)
class Pool:
    """The sets of ``sizes`` numbers from 1 to ``top`` with no common factor, not worked examples, that pass
    ``rule``."""

    name: str
    top: int
    sizes: tuple[int, ...]
    rule: Callable[[tuple[int, ...]], bool]

    @property
    def candidates(self) -> int:
        return sum(comb(self.top, k) for k in self.sizes)

    def __contains__(self, S: object) -> bool:
        return (isinstance(S, tuple) and len(S) in self.sizes and all(type(s) is int for s in S)
                and all(1 <= a < b <= self.top for a, b in zip(S, S[1:], strict=False)) and 1 <= S[0] <= self.top
                and _member(self, S))

    def draw(self, stream: Draw) -> tuple[int, ...]:
        """A set of the pool, uniformly, by rejection from the candidates."""
        while True:
            S = unrank(stream.below(self.candidates), self.top, self.sizes)
            if _member(self, S):
                return S

    def sets(self) -> tuple[tuple[int, ...], ...]:
        """Every set of the pool, smaller sets first, each size in increasing order (lists every candidate)."""
        return _listing(self)


@lru_cache(maxsize=4096)
def _member(pool: Pool, S: tuple[int, ...]) -> bool:
    return _coprime_and_new(S) and pool.rule(S)


@cache
def _listing(pool: Pool) -> tuple[tuple[int, ...], ...]:
    return tuple(S for k in pool.sizes for S in combinations(range(1, pool.top + 1), k) if _member(pool, S))


SMALL = Pool("SMALL", 12, (3, 4), _small)
PURE_PERIOD = Pool("PURE_PERIOD", 12, (3, 4), _pure_period)
PREPERIOD = Pool("PREPERIOD", 15, (3, 4), _preperiod)
SUM_PART = Pool("SUM_PART", 7, (2, 3), lambda S: True)
MISERE = Pool("MISERE", 10, (2, 3, 4), _misere)
OWN = Pool("OWN", 20, (3, 4, 5), _own)
POOLS = (SMALL, PURE_PERIOD, PREPERIOD, SUM_PART, MISERE, OWN)
