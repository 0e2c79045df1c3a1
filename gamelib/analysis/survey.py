"""Surveys of many subtraction games at once: preperiod, period and largest Grundy value of every set.

Every number in a survey is proven, exactly as for :meth:`gamelib.SubtractionGame.periodicity`: the
Grundy sequence of each set is computed until the first window of max(S) values repeats.

A survey is a plain list of :class:`SurveyRecord` (a named tuple), so it sorts, filters and plots
without extra libraries -- and ``pandas.DataFrame(records)`` turns it into a table with named columns.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import NamedTuple

import numpy as np

from gamelib.analysis.periodicity import subtraction_scan
from gamelib.arguments import LimitError, check_int, read_at_most, show
from gamelib.limits import GRID_CACHE_SIZE, MAX_GRID_C, MAX_SURVEY_SETS, MAX_SURVEY_WORK

_GRID_FIELDS = ("preperiod", "period", "max_grundy")


class SurveyRecord(NamedTuple):
    """One subtraction set and its proven periodicity (sorting a list of records sorts by ``S`` first).

    Attributes
    ----------
    S : the subtraction set, a sorted tuple.
    preperiod : the minimal n0 from which the Grundy values repeat.
    period : the minimal period.
    max_grundy : the largest Grundy value of any heap (reached within the first n0 + period heaps).

    >>> SurveyRecord((2, 5, 7), 0, 22, 3).period
    22
    """

    S: tuple[int, ...]
    preperiod: int
    period: int
    max_grundy: int

    @property
    def title(self) -> str:
        """The set written the usual way, e.g. ``'S = {2, 5, 7}'``.

        >>> SurveyRecord((2, 5, 7), 0, 22, 3).title
        'S = {2, 5, 7}'
        """
        return "S = {" + ", ".join(map(str, self.S)) + "}"


def _record(S: tuple[int, ...]) -> SurveyRecord:
    values, first, second = subtraction_scan(S, False)
    return SurveyRecord(S, first, second - first, max(values[:second]))


def periodicity_survey(max_element: int, size: int = 3) -> list[SurveyRecord]:
    """Preperiod, period and largest Grundy value of every subtraction set of ``size`` elements from 1..max_element.

    Parameters
    ----------
    max_element : the largest element a set may contain (at least ``size``).
    size : how many elements each set has (default 3).

    Returns
    -------
    list of SurveyRecord, one per set, in lexicographic order of ``S``; C(max_element, size) records.
    Raises :class:`~gamelib.LimitError` above :data:`MAX_SURVEY_SETS` sets, or when the number of sets
    times ``max_element`` is above :data:`MAX_SURVEY_WORK`.

    >>> records = periodicity_survey(8)
    >>> len(records)
    56
    >>> records[0]
    SurveyRecord(S=(1, 2, 3), preperiod=0, period=4, max_grundy=3)
    >>> longest = max(records, key=lambda r: r.period)
    >>> longest.S, longest.period
    ((2, 5, 7), 22)
    """
    size = check_int(size, "size", minimum=1)
    max_element = check_int(max_element, "max_element", minimum=1)
    if size > max_element:
        raise ValueError(
            f"a set of size={size} distinct elements cannot be drawn from 1..{max_element}; "
            f"max_element must be at least {size}"
        )
    count = comb(max_element, size)
    if count > MAX_SURVEY_SETS:
        raise LimitError(
            f"there are {count:,} sets of {size} elements from 1..{max_element}; a survey examines at most "
            f"{MAX_SURVEY_SETS:,}"
        )
    if count * max_element > MAX_SURVEY_WORK:
        raise LimitError(
            f"{count:,} sets with elements up to {max_element:,} are too much work for one survey: sets x "
            f"max_element = {count * max_element:,}, limit {MAX_SURVEY_WORK:,}"
        )
    return [_record(S) for S in combinations(range(1, max_element + 1), size)]


def record_with_largest(records: Iterable[SurveyRecord], field: str) -> SurveyRecord:
    """The first record (in the given order) with the largest value of ``field``.

    Parameters
    ----------
    records : survey records, e.g. from :func:`periodicity_survey`; at least one.
    field : ``"preperiod"``, ``"period"`` or ``"max_grundy"``.

    Examples
    --------
    >>> survey = periodicity_survey(8)
    >>> record_with_largest(survey, "period").title
    'S = {2, 5, 7}'
    >>> latest = record_with_largest(survey, "preperiod")
    >>> latest.title, latest.preperiod
    ('S = {2, 7, 8}', 12)
    """
    if field not in _GRID_FIELDS:
        raise ValueError(f"field must be one of {', '.join(map(repr, _GRID_FIELDS))}, got {show(field)}")
    if isinstance(records, (str, bytes)) or not isinstance(records, Iterable):
        raise TypeError(f"records must be a list of survey records, got {show(records)}")
    records = read_at_most(records, MAX_SURVEY_SETS, "records")
    if not records:
        raise ValueError("records is empty; expected at least one survey record")
    for record in records:
        if not isinstance(record, SurveyRecord):
            raise TypeError(
                f"records must hold survey records (from periodicity_survey), but it holds {show(record)} "
                f"of type {type(record).__name__}"
            )
    return max(records, key=lambda record: getattr(record, field))


def period_grid(c: int, field: str = "period") -> np.ndarray:
    """A ``c`` by ``c`` float array: entry ``[a, b]`` is ``field`` of S = {a, b, c}, for 1 <= a < b < c.

    Every other entry (row 0, column 0, a >= b, b >= c) is NaN, which matplotlib leaves blank, so
    ``ax.imshow(period_grid(12), origin="lower")`` draws a heatmap with a along the rows and b along the
    columns.

    Parameters
    ----------
    c : the largest element, fixed (3 <= c <= :data:`MAX_GRID_C`).
    field : ``"period"`` (default), ``"preperiod"`` or ``"max_grundy"``.

    >>> grid = period_grid(7)
    >>> grid.shape
    (7, 7)
    >>> int(grid[2, 5])
    22
    >>> bool(np.isnan(grid[5, 2]))
    True
    """
    c = check_int(c, "c", minimum=3)
    if c > MAX_GRID_C:
        raise LimitError(f"c={c:,} is more than period_grid draws (limit {MAX_GRID_C})")
    if field not in _GRID_FIELDS:
        raise ValueError(f"field must be one of {', '.join(map(repr, _GRID_FIELDS))}, got {field!r}")
    grid = np.full((c, c), np.nan)
    for record in _records_with_largest(c):
        a, b, _ = record.S
        grid[a, b] = getattr(record, field)
    return grid


@lru_cache(maxsize=GRID_CACHE_SIZE)
def _records_with_largest(c: int) -> tuple[SurveyRecord, ...]:
    """The survey records of every S = {a, b, c} with a < b < c (immutable, so they can be shared)."""
    return tuple(_record((a, b, c)) for a, b in combinations(range(1, c), 2))


__all__ = ["MAX_SURVEY_SETS", "SurveyRecord", "period_grid", "periodicity_survey"]
