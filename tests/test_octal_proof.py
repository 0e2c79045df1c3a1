"""Every octal period that gamelib calls *proven* must hold far past the heaps it checked.

The reference values come from tests/brute_octal.py (plain recursion over every move, no gamelib).
"""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from brute_octal import octal_values
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_paths import both_loops  # noqa: F401 (the fixture below)

from gamelib import PeriodNotFoundError
from gamelib.analysis.periodicity import guy_smith_check, guy_smith_scan
from gamelib.games.octal import OctalGame

pytestmark = pytest.mark.usefixtures("both_loops")  # every test with the compiled loop, then the numpy loop


def assert_period_holds(code: str, *, at_least: int = 400, factor: int = 4) -> bool:
    """If gamelib proves a period for ``code``, it must hold in the brute-force values far past its check."""
    game = OctalGame(code)
    try:
        p = game.periodicity(max_search=2**10)
    except PeriodNotFoundError:
        return False
    bound = 2 * max(p.preperiod, 1) + 2 * p.period + game.largest_removal  # the heaps the theorem needs
    stop = max(at_least, factor * bound)
    truth = octal_values(code, stop)
    assert list(p.prefix + p.block) == truth[: p.preperiod + p.period], code
    wrong = [n for n in range(p.preperiod, stop - p.period) if truth[n + p.period] != truth[n]]
    assert not wrong, f"{code}: the 'proven' period {p.period} from {p.preperiod} fails at n = {wrong[:5]}"
    # and it is the smallest preperiod: the value just before it breaks the repetition
    if p.preperiod:
        assert truth[p.preperiod - 1] != truth[p.preperiod - 1 + p.period], code
    assert [game.grundy(n) for n in range(stop)] == truth, code
    return True


def test_the_reported_false_proof_with_62_zeros_and_a_split():
    code = "0." + "0" * 61 + "4"
    truth = octal_values(code, 200)
    assert truth[64] == 1  # take 62 from the middle of 64, leaving rows (1, 1): value 1 xor 1 = 0
    game = OctalGame(code)
    assert game.grundy(64) == 1
    assert_period_holds(code)


def test_0_04_on_paper():
    # g(0..3) = 0 but from 4 a move takes 2 from the middle and leaves (1, 1), value 0, so g(4) = 1
    assert octal_values("0.04", 8) == [0, 0, 0, 0, 1, 1, 1, 2]
    assert guy_smith_check(np.zeros(4, dtype=np.int64), 2, splits=True) is None
    assert OctalGame("0.04").grundy(4) == 1


def check_every_prefix(code: str, stop: int = 360) -> int:
    """Run the library's finite check on every prefix g(0..L-1) of the true values, L < stop / 4: each period
    it accepts must hold in all ``stop`` values. Returns how many prefixes were accepted."""
    game = OctalGame(code)
    truth = octal_values(code, stop)
    values = np.array(truth, dtype=np.int64)
    accepted = 0
    for length in range(1, stop // 4):
        found = guy_smith_check(values[:length], game.largest_removal, game.splits)
        if found is None:
            continue
        accepted += 1
        n0, period = found
        wrong = [n for n in range(n0, stop - period) if truth[n + period] != truth[n]]
        assert not wrong, f"{code}: heaps 0..{length - 1} 'prove' period {period} from {n0}, false at {wrong[:3]}"
    return accepted


@pytest.mark.slow
@pytest.mark.parametrize("first", ["0", "4"])
def test_the_finite_check_on_every_prefix_of_every_two_digit_code(first):
    accepted = sum(check_every_prefix(f"{first}.{d1}{d2}") for d1, d2 in itertools.product(range(8), repeat=2))
    assert accepted > 100  # the check does accept periods, so the assertion inside was exercised


def test_the_finite_check_on_every_prefix_of_sample_three_digit_codes():
    rng = random.Random(3)
    codes = {"0.004", "0.014", "0.104", "0.404", "0.444", "4.004"}
    codes |= {f"{rng.choice('04')}.{rng.randrange(8)}{rng.randrange(8)}{rng.randrange(1, 8)}" for _ in range(25)}
    assert sum(check_every_prefix(code) for code in sorted(codes)) > 20


def test_the_check_still_proves_preperiod_0_when_no_move_splits():
    # 0.3 is Nim with one chip at a time: 0, 1, 0, 1, ... from the start, no split anywhere
    p = OctalGame("0.3").periodicity()
    assert (p.preperiod, p.period) == (0, 2)


def test_a_splitting_game_periodic_from_0_names_the_window_from_1():
    p = OctalGame("0.7").periodicity()  # 0.7 is Kayles with one pin only: 0, 1, 0, 1, ...
    assert (p.preperiod, p.period) == (0, 2)
    assert p.window == (0, 2, 2 * 1 + 2 + 1)  # n = 0 .. 4 compared with n + 2: the theorem built on n0 = 1
    assert "n = 0 .. 4" in p.explanation and "n0 = 1" in p.explanation


@pytest.mark.slow
@pytest.mark.parametrize("first", ["0", "4"])
def test_every_two_digit_code(first):
    proven = 0
    for d1, d2 in itertools.product(range(8), repeat=2):
        proven += assert_period_holds(f"{first}.{d1}{d2}")
    assert proven >= 40  # most two-digit codes have a short proven period; the test must test something


@pytest.mark.slow
def test_a_sample_of_three_digit_codes():
    rng = random.Random(11)
    codes = {f"{rng.choice('04')}.{rng.randrange(8)}{rng.randrange(8)}{rng.randrange(8)}" for _ in range(60)}
    codes |= {"0.004", "0.014", "0.104", "4.004", "0.444", "0.404", "0.007", "0.137"}
    proven = sum(assert_period_holds(code) for code in sorted(codes))
    assert proven >= 20


def guy_smith_by_every_period(values: list[int], t: int, splits: bool) -> tuple[int, int] | None:
    """The check written out: every period p in turn, its preperiod from the last n with v(n + p) != v(n)."""
    for period in range(1, (len(values) - t) // 2 + 1):
        bad = [n for n in range(len(values) - period) if values[n + period] != values[n]]
        preperiod = bad[-1] + 1 if bad else 0
        start = max(preperiod, 1) if splits else preperiod
        if 2 * start + 2 * period + t <= len(values):
            return preperiod, period
    return None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=30), st.lists(st.integers(0, 2), min_size=1, max_size=7),
       st.integers(0, 12), st.lists(st.integers(0, 2), max_size=3), st.integers(0, 4), st.booleans())
def test_the_fast_check_finds_what_trying_every_period_finds(head, block, repeats, tail, t, splits):
    values = head + block * repeats + tail  # a pattern, often broken at the end or never reached
    found, needed = guy_smith_scan(np.array(values, dtype=np.int64), t, splits)
    assert found == guy_smith_by_every_period(values, t, splits)
    if found is None and needed is not None:  # it names how many values would prove the pattern seen ...
        assert needed > len(values)
        half = values[(len(values) - t) // 2 :]
        period = next(q for q in range(1, len(half) + 1) if half[q:] == half[:-q])  # ... the second half's
        extended = list(values)
        while len(extended) < needed:  # the pattern goes on, as far as it says
            extended.append(extended[-period])
        assert guy_smith_by_every_period(extended, t, splits) is not None
