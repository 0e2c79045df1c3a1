"""The periodicity survey and the period grid, against a brute force written here.

The brute force computes Grundy values from the definition (mex) and reads the smallest period off a long
prefix; a repetition that covers one period plus max(S) values holds for ever (the textbook's argument), so
trying p = 1, 2, 3, ... in order gives the minimal period and preperiod.
"""

import random
from itertools import combinations
from math import comb

import numpy as np
import pytest

from gamelib import LimitError
from gamelib.analysis.survey import SurveyRecord, period_grid, periodicity_survey, record_with_largest
from gamelib.limits import MAX_SURVEY_SETS

from brute import eventual_period, grundy_sequence


def brute_force_record(S, length=2500):
    g = grundy_sequence(S, length)
    return SurveyRecord(tuple(S), *eventual_period(g, max(S)), max(g))


def test_every_set_once_in_order():
    records = periodicity_survey(12)
    assert len(records) == comb(12, 3) == 220
    assert [r.S for r in records] == list(combinations(range(1, 13), 3))
    assert records == sorted(records)  # named tuples sort by S first
    assert all(isinstance(r, SurveyRecord) for r in records)


def test_a_random_sample_of_the_30_survey_matches_the_brute_force():
    records = periodicity_survey(30)
    assert len(records) == 4060
    by_set = {r.S: r for r in records}
    rng = random.Random(2024)
    sample = rng.sample(sorted(by_set), 40) + [(4, 9, 11), (2, 5, 7), (9, 20, 29)]
    for S in sample:
        assert by_set[S] == brute_force_record(S), S


def test_known_records():
    by_set = {r.S: r for r in periodicity_survey(11)}
    assert by_set[(4, 9, 11)] == SurveyRecord((4, 9, 11), 40, 5, by_set[(4, 9, 11)].max_grundy)
    assert by_set[(2, 5, 7)] == SurveyRecord((2, 5, 7), 0, 22, 3)  # the textbook's table: values 0 .. 3
    assert by_set[(1, 2, 3)] == SurveyRecord((1, 2, 3), 0, 4, 3)
    assert by_set[(4, 9, 11)] == brute_force_record((4, 9, 11))


@pytest.mark.parametrize("size", [1, 2, 4])
def test_other_sizes(size):
    records = periodicity_survey(9, size=size)
    assert len(records) == comb(9, size) and all(len(r.S) == size for r in records)
    for r in records[:: max(1, len(records) // 15)]:
        assert r == brute_force_record(r.S)


def test_records_sort_and_filter_like_a_table():
    records = periodicity_survey(10)
    by_period = sorted(records, key=lambda r: (-r.period, r.S))
    assert by_period[0] == brute_force_record(by_period[0].S)
    assert [r.period for r in by_period] == sorted((r.period for r in records), reverse=True)
    late = [r.S for r in records if r.preperiod > 0]
    assert late and all(brute_force_record(S).preperiod > 0 for S in late[:5])
    assert records[0]._asdict() == {"S": (1, 2, 3), "preperiod": 0, "period": 4, "max_grundy": 3}
    assert all(r.max_grundy <= len(r.S) for r in records)  # a heap has at most |S| followers


def test_period_grid_matches_the_records_and_is_blank_elsewhere():
    c = 14
    grid = period_grid(c)
    assert grid.shape == (c, c) and grid.dtype == float
    by_set = {r.S: r for r in periodicity_survey(c) if r.S[2] == c}
    for a in range(c):
        for b in range(c):
            if 1 <= a < b < c:
                assert grid[a, b] == by_set[(a, b, c)].period
            else:
                assert np.isnan(grid[a, b])
    assert np.count_nonzero(~np.isnan(grid)) == comb(c - 1, 2)
    truth = brute_force_record((4, 9, 11))
    assert period_grid(11, "preperiod")[4, 9] == truth.preperiod == 40
    assert period_grid(11, "max_grundy")[4, 9] == truth.max_grundy
    assert period_grid(11)[4, 9] == truth.period == 5


@pytest.mark.parametrize("call, error, shown", [
    (lambda: periodicity_survey(0), ValueError, "max_element"),
    (lambda: periodicity_survey("30"), TypeError, "'30'"),
    (lambda: periodicity_survey(5, size=6), ValueError, "size=6"),
    (lambda: periodicity_survey(5, size=0), ValueError, "size"),
    (lambda: periodicity_survey(200), LimitError, f"{MAX_SURVEY_SETS:,}"),
    (lambda: period_grid(2), ValueError, "c"),
    (lambda: period_grid(12.0), TypeError, "12.0"),
    (lambda: period_grid(10**4), LimitError, "10,000"),
    (lambda: period_grid(12, field="colour"), ValueError, "'colour'"),
])
def test_bad_arguments_are_refused_clearly(call, error, shown):
    with pytest.raises(error, match=shown):
        call()


def test_record_title_writes_the_set_with_braces():
    assert SurveyRecord((2, 5, 7), 0, 22, 3).title == "S = {2, 5, 7}"
    assert SurveyRecord((1, 2), 0, 3, 2).title == "S = {1, 2}"


@pytest.mark.parametrize("field", ["preperiod", "period", "max_grundy"])
def test_record_with_largest_is_the_first_record_with_the_largest_value(field):
    records = [SurveyRecord((1, 2, 3), 0, 4, 3), SurveyRecord((1, 2, 4), 5, 9, 1),
               SurveyRecord((1, 2, 5), 5, 9, 3), SurveyRecord((1, 2, 6), 1, 2, 2)]
    best = None
    for record in records:  # a plain loop, independent of max(key=...)
        if best is None or getattr(record, field) > getattr(best, field):
            best = record
    assert record_with_largest(records, field) == best
    assert record_with_largest(iter(records), field) == best


def test_record_with_largest_on_a_survey_matches_the_seed_facts():
    # S = {2, 5, 7} has period 22 (the textbook); {4, 9, 11} settles only at heap 40 (computed in lesson 3)
    assert record_with_largest(periodicity_survey(7), "period").S == (2, 5, 7)
    assert record_with_largest(periodicity_survey(11), "preperiod").S == (4, 9, 11)


@pytest.mark.parametrize("records, field, shown", [([], "period", "empty"),
                                                   ([SurveyRecord((1, 2, 3), 0, 4, 3)], "S", "'S'"),
                                                   ([SurveyRecord((1, 2, 3), 0, 4, 3)], "length", "'length'")])
def test_record_with_largest_refuses_bad_arguments(records, field, shown):
    with pytest.raises(ValueError, match=shown):
        record_with_largest(records, field)
