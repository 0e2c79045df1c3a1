"""Issue 11's reproducers for the core library: unclear errors, sizes that ran for seconds, limits that lied.

Each request either answers correctly (checked against a plain computation) or is refused with LimitError.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (
    Chomp,
    LimitError,
    OctalGame,
    PeriodNotFoundError,
    SubtractionGame,
    TakeAwayGame,
    grundy,
    grundy_table,
    mex,
    nim_heap_partners,
    nonzero_digits,
    observed_periodicity,
    period_grid,
    record_with_largest,
    winning_moves,
)
from gamelib.analysis.observed import _smallest_filling_period

from brute import mex as brute_mex


# ------------------------------------------------------------------------------------------- clear errors
@pytest.mark.parametrize("call, kind, shown", [
    (lambda: record_with_largest([1, 2], "period"), TypeError, "1"),
    (lambda: observed_periodicity(5, "grundy"), TypeError, "5"),
    (lambda: observed_periodicity([0, 1, 0, 1], None), ValueError, "None"),
    (lambda: observed_periodicity([0, 1, 0, 1], "period"), ValueError, "'period'"),
    (lambda: observed_periodicity(["P", "X"], "outcome"), ValueError, "'X'"),
    (lambda: observed_periodicity([0, 1.5], "grundy"), TypeError, "1.5"),
    (lambda: winning_moves(5, 5), TypeError, "5"),
    (lambda: grundy(5, 5), TypeError, "5"),
    (lambda: TakeAwayGame(nonzero_digits).periodicity(kind=0), ValueError, "0"),
    (lambda: TakeAwayGame(nonzero_digits, name=123), TypeError, "123"),
])
def test_bad_arguments_get_an_error_naming_the_value(call, kind, shown):
    with pytest.raises(kind) as info:
        call()
    message = str(info.value)
    assert shown in message and ("must" in message or "expected" in message), message


# ------------------------------------------------------------------------------------------------- mex
@pytest.mark.parametrize("start, stop, step", [
    (start, stop, step) for start in range(0, 6) for stop in range(-2, 9) for step in (1, 2, 3, -1, -2)
])
def test_mex_of_a_range_agrees_with_listing_it(start, stop, step):
    values = range(start, stop, step)
    if any(v < 0 for v in values):
        with pytest.raises(ValueError):
            mex(values)
    else:
        assert mex(values) == brute_mex(list(values))


def test_mex_of_huge_ranges_and_endless_generators():
    assert mex(range(1, 10**12)) == 0
    assert mex(range(10**12)) == 10**12
    assert mex(range(0, 10**12, 2)) == 1
    with pytest.raises(LimitError):
        mex(itertools.count())
    assert mex(v for v in [0, 1, 3]) == 2  # a short generator is still fine


# ------------------------------------------------------------------------------- sizes that took seconds
@pytest.mark.slow
def test_requests_that_ran_for_seconds_are_now_refused_at_once():
    for call in (
        lambda: grundy(SubtractionGame({1, 2}), 999_999),  # 7.7 s through the generic engine
        lambda: SubtractionGame(range(1, 5001)).grundy(5),  # 13 s: |S| x the values needed
        lambda: period_grid(200),  # > 20 s
        lambda: OctalGame("0." + "7" * 1000),  # code length was unlimited
        lambda: nim_heap_partners(SubtractionGame({1, 3, 4}), 5, 2000),  # 20 s
        lambda: nim_heap_partners(SubtractionGame({1, 3, 4}), 5, 10**9),
    ):
        with pytest.raises(LimitError):
            call()


def test_the_generic_engine_still_answers_below_its_limit():
    assert grundy(SubtractionGame({1, 2}), 100_000) == 100_000 % 3
    assert nim_heap_partners(SubtractionGame({1, 3, 4}), 5, 200) == [SubtractionGame({1, 3, 4}).grundy(5)]


def test_large_subtraction_sets_within_the_budget_still_answer():
    assert SubtractionGame(range(1, 1001)).grundy(5000) == 5000 % 1001


def test_grundy_table_of_a_user_game_with_ten_thousand_rows():
    class UpToThree:  # S = {1, 2, 3} written by a user: g(n) = n mod 4
        def moves(self, n):
            return [n - s for s in (1, 2, 3) if s <= n]

    table = grundy_table(UpToThree(), UpToThree(), 10**4, 3)
    assert table.shape == (10**4, 3)
    assert all(int(table[i, j]) == (i % 4) ^ (j % 4) for i in range(0, 10**4, 97) for j in range(3))


def test_chomp_7_by_7_answers_as_the_readme_allows():
    board = Chomp(7, 7)  # 3,432 positions, under MAX_CHOMP_POSITIONS, 20,000
    assert board.outcome(board.start) == "N"  # strategy stealing: every rectangle but the poison alone is N
    assert board.winning_moves(board.start) == [(7, 1, 1, 1, 1, 1, 1)]  # the square diagonal to the poison


# ------------------------------------------------------------------------------ observed_periodicity
def quadratic_period(values):
    """The former implementation: every period tried in turn, each with a full comparison."""
    length = len(values)
    for period in range(1, length // 2 + 1):
        differ = [n for n in range(length - period) if values[n + period] != values[n]]
        preperiod = differ[-1] + 1 if differ else 0
        if length - preperiod >= max(2 * period, (length + 1) // 2):
            return preperiod, period
    return None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 2), max_size=40), st.lists(st.integers(0, 2), min_size=1, max_size=6),
       st.integers(0, 12))
def test_observed_periodicity_agrees_with_the_quadratic_search(head, block, repeats):
    values = head + block * repeats
    expected = quadratic_period(values)
    if expected is None:
        with pytest.raises(PeriodNotFoundError):
            observed_periodicity(values, "grundy")
    else:
        p = observed_periodicity(values, "grundy")
        assert (p.preperiod, p.period) == expected


def test_observed_periodicity_of_200000_values():
    rng = random.Random(5)
    head = [rng.randrange(5) for _ in range(1000)]
    block = [rng.randrange(5) for _ in range(37)]
    values = head + block * ((200_000 - len(head)) // len(block))
    p = observed_periodicity(values, "grundy")
    assert p.period == 37 and p.preperiod <= 1000
    noise = [rng.randrange(5) for _ in range(200_000)]
    assert _smallest_filling_period(__import__("numpy").array(noise)) is None
