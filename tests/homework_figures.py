"""How unique the homework answers are, computed from the pools (tests/test_homework_variants.py compares
these figures with those gamelib/homework states).

For one question, ``c`` is the chance that two students drawn at random have the same right answers (every
answer variable's set of right answers equal): the sum over the possible keys of P(key) squared, with the
probabilities the draws give (a set uniform over its pool, a heap uniform over its range, redrawn while it
is not an N-position where the question asks for one). Where a question's draws are too many to list, ``c``
is bounded from above by the chance that one of its answers alone is the same (marked ``bound``); where no
useful bound is cheap, the question is not counted (``c`` = 1). The questions of a set draw independently,
so two students share the whole answer set with chance at most the product of the ``c``, and some two
students of a class of ``n`` do with chance at most C(n, 2) times that (the birthday bound by the union of
the pairs).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction
from functools import cache
from math import comb

import numpy as np

from gamelib import Nim, SubtractionGame, nim_sum
from gamelib.homework.pools import MISERE, OWN, PREPERIOD, PURE_PERIOD, SMALL, SUM_PART, pure_outcome_period


def collision(weights: dict) -> float:
    """Sum of the squared probabilities of a distribution given as ``{key: weight}``."""
    total = sum(weights.values())
    return float(sum((w / total) ** 2 for w in weights.values()))


def _heaps_in(low: int, high: int, period: int, remainders: frozenset) -> int:
    """How many heaps n in [low, high) have n % period in ``remainders``."""
    return sum((high - 1 - r) // period - (low - 1 - r) // period for r in remainders)


def _window_keys(codes: np.ndarray, starts: int, width: int = 30) -> np.ndarray:
    """For each window [a, a + width) of one outcome row (1 = P), a number that is the same exactly when the
    windows hold the same P-positions: -1 for none, else (first, last - first, pattern from first)."""
    windows = np.lib.stride_tricks.sliding_window_view(codes, width)[:starts].astype(np.int64)
    value = (windows << np.arange(width, dtype=np.int64)).sum(axis=1)
    has = windows.any(axis=1)
    first = np.argmax(windows, axis=1)
    last = width - 1 - np.argmax(windows[:, ::-1], axis=1)
    start = np.arange(starts, dtype=np.int64)
    key = ((start + first) << 35) | ((last - first).astype(np.int64) << 30) | (value >> first)
    return np.where(has, key, -1)


def window_collision(misere: bool) -> float:
    """P-positions among heaps start .. start + 29, start uniform over 0 .. 199, S uniform over OWN."""
    keys = []
    for S in OWN.sets():
        outcomes = SubtractionGame(S, misere=misere).outcomes(229)
        keys.append(_window_keys(np.frombuffer(outcomes.encode(), dtype=np.uint8) == ord("P"), 200))
    _, counts = np.unique(np.concatenate(keys), return_counts=True)
    return float(((counts / counts.sum()) ** 2).sum())


@cache
def figures() -> dict[str, dict[str, tuple[float, str]]]:
    """``{set: {question: (c, how)}}``, ``how`` one of "exact", "bound", "not counted"."""
    found: dict[str, dict[str, tuple[float, str]]] = {"hw1": {}, "hw2": {}, "hw3": {}}

    # hw1 --------------------------------------------------------------------------------------------
    found["hw1"]["q1"] = (collision(Counter(tuple(SubtractionGame(S).grundy_values(16).tolist())
                                            for S in SMALL.sets())), "exact")
    q2: dict = defaultdict(Fraction)
    for S in SMALL.sets():
        game = SubtractionGame(S)
        for n in range(max(S), max(S) + 30):
            moves = game.moves(n)
            values = sorted(game.grundy(m) for m in moves)
            g = min(set(range(len(values) + 1)) - set(values))
            q2[(tuple(sorted(moves)), tuple(values), g)] += Fraction(1, 30)
    found["hw1"]["q2"] = (collision(q2), "exact")
    q3: dict = defaultdict(Fraction)
    for S in PURE_PERIOD.sets():
        p = pure_outcome_period(S)
        R = frozenset(SubtractionGame(S).p_positions(p))
        at_p = _heaps_in(10**6, 10**7, p, R)
        q3[(R, "P")] += Fraction(at_p, 9 * 10**6)
        q3[(R, "N")] += Fraction(9 * 10**6 - at_p, 9 * 10**6)
    found["hw1"]["q3"] = (collision(q3), "exact")
    q4: dict = defaultdict(Fraction)
    for S in SMALL.sets():
        game = SubtractionGame(S)
        heaps = [n for n in range(20, 60) if game.outcome(n) == "N"]
        for n in heaps:
            q4[frozenset(game.winning_moves(n))] += Fraction(1, len(heaps))
    found["hw1"]["q4"] = (collision(q4), "exact")
    found["hw1"]["q5"] = (window_collision(misere=False), "bound")

    # hw2 --------------------------------------------------------------------------------------------
    periods = {S: SubtractionGame(S).periodicity() for S in PREPERIOD.sets()}
    found["hw2"]["q1"] = (collision(Counter((p.preperiod, p.period) for p in periods.values())), "exact")
    q2b = Counter()
    for S, p in periods.items():
        game = SubtractionGame(S)
        small = tuple(game.p_positions(p.preperiod))
        remainders = frozenset(n % p.period for n in game.p_positions(p.preperiod + p.period) if n >= p.preperiod)
        q2b[(small, remainders)] += 1
    found["hw2"]["q2"] = (collision(q2b), "bound")
    # four different heaps from 1 to 127, in order: every order of a 4-set is equally likely, so count sets
    xor = np.zeros(128, dtype=np.int64)
    for c in range(3, 127):
        low = np.arange(1, c)
        a, b = np.triu_indices(len(low), 1)
        triples = low[a] ^ low[b] ^ c
        d = np.arange(c + 1, 128)
        xor += np.bincount((triples[:, None] ^ d[None, :]).ravel(), minlength=128)
    assert xor.sum() == comb(127, 4)
    found["hw2"]["q3"] = (collision(dict(enumerate(xor.tolist()))), "exact")
    grid = np.stack(np.meshgrid(*[np.arange(1, 32)] * 4, indexing="ij"), axis=-1).reshape(-1, 4)
    total = np.bitwise_xor.reduce(grid, axis=1)
    grid, total = grid[total != 0], total[total != 0]
    codes = []
    for i in range(4):
        target = grid[:, i] ^ total
        after = grid.copy()
        after[:, i] = target
        code = (after << (5 * np.arange(4))).sum(axis=1)
        codes.append(np.where(target < grid[:, i], code, -1))
    keys = np.sort(np.stack(codes, axis=1), axis=1)
    _, counts = np.unique(keys, axis=0, return_counts=True)
    found["hw2"]["q4"] = (float(((counts / counts.sum()) ** 2).sum()), "exact")
    found["hw2"]["q5"] = (collision(Counter((p.preperiod, p.period) for p in
                                            (SubtractionGame(S).periodicity() for S in OWN.sets()))), "bound")

    # hw3 --------------------------------------------------------------------------------------------
    sets = SUM_PART.sets()
    values = np.zeros((len(sets), 8))
    for i, S in enumerate(sets):
        for h in range(10, 60):
            values[i, SubtractionGame(S).grundy(h)] += 1 / 50
    every = np.einsum("ia,jb,kc->abc", values, values, values)
    same_ij = np.einsum("ia,ib,kc->abc", values, values, values)
    same_ik = np.einsum("ia,jb,ic->abc", values, values, values)
    same_jk = np.einsum("ia,jb,jc->abc", values, values, values)
    all_same = np.einsum("ia,ib,ic->abc", values, values, values)
    distinct = (every - same_ij - same_ik - same_jk + 2 * all_same) / (len(sets) * (len(sets) - 1) * (len(sets) - 2))
    assert abs(distinct.sum() - 1) < 1e-9
    found["hw3"]["q1"] = (float((distinct ** 2).sum()), "exact")
    found["hw3"]["q2"] = (1.0, "not counted")
    q3c: dict = defaultdict(Fraction)
    for S in MISERE.sets():
        game = SubtractionGame(S, misere=True)
        R = frozenset(game.p_positions(pure_outcome_period(S, misere=True)))
        for below in range(25, 50):
            q3c[(R, tuple(game.p_positions(below)))] += Fraction(1, 25)
    found["hw3"]["q3"] = (collision(q3c), "exact")
    q4c: dict = defaultdict(Fraction)
    misere = Nim(misere=True)
    for ones in range(1, 6):
        for where in range(ones + 1):
            for big in range(2, 41):
                heaps = [1] * ones
                heaps.insert(where, big)
                for count in range(2, 13):
                    key = (frozenset(misere.winning_moves(tuple(heaps))), misere.outcome((1,) * count))
                    q4c[key] += Fraction(1, 5 * (ones + 1) * 39 * 11)
    found["hw3"]["q4"] = (collision(q4c), "exact")
    found["hw3"]["q5"] = (window_collision(misere=True), "bound")
    assert nim_sum(1, 2) == 3
    return found


def whole_set(name: str, class_size: int = 40) -> tuple[float, float]:
    """The chance (at most) that two given students share every answer of set ``name``, and that some two
    students of a class of ``class_size`` do."""
    c = float(np.prod([value for value, _ in figures()[name].values()]))
    return c, comb(class_size, 2) * c


if __name__ == "__main__":  # python tests/homework_figures.py: print the figures
    for set_name, questions in figures().items():
        for question, (value, how) in questions.items():
            print(f"{set_name} {question}: c = {value:.3g} ({how}); two students of 40 share it with chance at most "
                  f"{min(1, comb(40, 2) * value):.3g}")
        pair, klass = whole_set(set_name)
        print(f"{set_name} whole set: c <= {pair:.3g}; some two students of 40 share every answer: <= {klass:.3g}")
