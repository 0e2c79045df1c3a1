"""Shared games under threads: every cached answer must equal the one a single thread gets.

ipywidgets callbacks and users' thread pools do share game objects, and each game fills its caches lazily.
These tests take seconds each (they compute large tables several times over): they run in `make test`, not in
the edit loop (`make test-fast`).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from gamelib import Chomp, DivisorGame, OctalGame, SubtractionGame, TakeAwayGame, nonzero_digits
from gamelib.limits import MAX_RULE_HEAP

pytestmark = pytest.mark.slow


def run_together(function, arguments):
    """Call ``function`` on every argument, each in its own thread, all released at the same moment."""
    start = threading.Barrier(len(arguments))

    def job(argument):
        start.wait()
        return function(argument)

    with ThreadPoolExecutor(len(arguments)) as pool:
        return list(pool.map(job, arguments))


def test_take_away_game_shared_by_8_threads_agrees_with_one_thread():
    heaps = [40_000 + 1000 * i for i in range(8)]
    alone = TakeAwayGame(nonzero_digits)
    expected = [alone.grundy(n) for n in heaps]
    for _ in range(2):
        shared = TakeAwayGame(nonzero_digits)
        assert run_together(shared.grundy, heaps) == expected
        assert len(shared._values) == max(heaps) + 1 <= MAX_RULE_HEAP  # the cache kept its own limit
        assert shared._values == alone._values[: max(heaps) + 1]


def test_misere_take_away_game_under_threads():
    heaps = [8_000 + 1500 * i for i in range(6)]
    expected = [TakeAwayGame(nonzero_digits, misere=True).outcome(n) for n in heaps]
    shared = TakeAwayGame(nonzero_digits, misere=True)
    assert run_together(shared.outcome, heaps) == expected


def test_octal_game_under_threads():
    heaps = [1000 + 700 * i for i in range(8)]
    expected = [OctalGame("0.007").grundy(n) for n in heaps]
    shared = OctalGame("0.007")
    assert run_together(shared.grundy, heaps) == expected
    kayles = OctalGame("0.77")
    found = run_together(lambda n: (kayles.periodicity().period, kayles.grundy(n)), [10**6 + i for i in range(6)])
    assert [f[0] for f in found] == [12] * 6
    assert [f[1] for f in found] == [OctalGame("0.77").grundy(10**6 + i) for i in range(6)]


def test_subtraction_game_under_threads():
    heaps = [10**12 + i for i in range(8)]
    expected = [SubtractionGame({4, 9, 11}).grundy(n) for n in heaps]
    shared = SubtractionGame({4, 9, 11})
    assert run_together(shared.grundy, heaps) == expected


def test_chomp_and_divisor_game_under_threads():
    chomp = Chomp(5, 6)
    positions = [(6, 6, 6, 6, 6), (6, 5, 5, 3, 1), (6, 6, 4, 4, 0), (5, 5, 5, 5, 5), (6, 3, 3, 2, 2), (4, 4, 4, 4, 4)]
    expected = [Chomp(5, 6).outcome(p) for p in positions]
    assert run_together(chomp.outcome, positions) == expected
    divisors = DivisorGame(720)
    positions = [divisors.start] + divisors.moves(divisors.start)[:7]
    expected = [DivisorGame(720).outcome(p) for p in positions]
    assert run_together(divisors.outcome, positions) == expected
