"""How far a long computation has got, told to whoever asked (a notebook's progress bar, ``print``, a test).

A search that runs for seconds calls a *progress callback* now and then with a :class:`SearchProgress`, and
once more when it ends (proven, stopped at a limit, or interrupted). The model draws nothing: the callback is
the caller's; :func:`gamelib.widgets.progress.progress_bar` is the notebook's, and ``print`` works anywhere,
since a :class:`SearchProgress` prints as one line.

The work a search does is counted in :class:`Work` units against a stated budget, so that it stops where
the work really done passes the budget, whatever size was asked for.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from gamelib.arguments import LimitError, show

#: How often (seconds) a running computation calls its progress callback.
REPORT_EVERY = 0.5


@dataclass(frozen=True)
class SearchProgress:
    """One report of a long computation.

    Attributes
    ----------
    title : the game, e.g. ``'octal game 0.16'``.
    heaps : how many single-heap values are known (heaps 0 .. heaps - 1).
    goal : the most heaps this computation may compute (the search may stop earlier).
    rare : how many heaps are rare so far (see :mod:`gamelib.analysis.rare_values`), or None while no split
        into rare and common heaps is in use (every heap is fully scanned).
    work : work done so far, in :class:`Work` units; ``budget`` is the most this call may do.
    seconds : time since the computation started.
    status : ``'running'``, or how it ended: ``'proven'`` (a period was proven), ``'done'`` (the values
        asked for are known), ``'stopped'`` (a limit was reached: the error says which) or ``'interrupted'``.

    >>> print(SearchProgress("octal game 0.16", 262_144, 1_048_576, 52, 10**8, 10**10, 3.5, "running"))
    octal game 0.16: 262,144 of up to 1,048,576 heaps (25%), 52 rare, 1% of the work budget, 3.5 s
    """

    title: str
    heaps: int
    goal: int
    rare: int | None
    work: int
    budget: int
    seconds: float
    status: str = "running"

    @property
    def fraction(self) -> float:
        """The share of ``goal`` computed, from 0 to 1."""
        return min(1.0, self.heaps / self.goal) if self.goal else 1.0

    def __str__(self) -> str:
        state = "" if self.status == "running" else f" -- {self.status}"
        rare = "every heap fully scanned" if self.rare is None else f"{self.rare:,} rare"
        return (f"{self.title}: {self.heaps:,} of up to {self.goal:,} heaps ({self.fraction:.0%}), {rare}, "
                f"{min(1.0, self.work / self.budget):.0%} of the work budget, {self.seconds:.1f} s{state}")


#: What a progress callback is: any function of one :class:`SearchProgress` (``print`` is one).
ProgressCallback = Callable[[SearchProgress], object]


def check_progress(progress: object) -> ProgressCallback | None:
    """None, or a function to call with each :class:`SearchProgress`.

    >>> check_progress(print) is print
    True
    >>> check_progress("yes")
    Traceback (most recent call last):
    ...
    TypeError: progress must be a function of one SearchProgress (such as print) or None, got 'yes'
    """
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of one SearchProgress (such as print) or None, got "
                        f"{show(progress)}")
    return progress


class Work:
    """The work one call may do: units spent so far against a budget, and the reports on the way.

    The unit is one pair of heaps examined by numpy (one XOR of two stored values). A pair examined one at a
    time by the Python loop costs about :data:`PYTHON_PAIR` numpy pairs and is counted so, and each numpy call
    counts a fixed amount besides its pairs (:data:`gamelib.analysis.numpy_loop.NUMPY_CALL`), so that the
    budget stands for time on every path.

    >>> work = Work(budget=100, title="octal game 0.16", goal=1000)
    >>> work.spend(60); work.over()
    False
    >>> work.spend(60); work.over()
    True
    """

    def __init__(self, budget: int, title: str, goal: int, progress: ProgressCallback | None = None):
        self.budget = budget
        self.spent = 0
        self.title = title
        self.goal = goal
        self.progress = progress
        self.started = time.perf_counter()
        self._next_report = self.started + REPORT_EVERY

    def spend(self, units: int) -> None:
        """Count ``units`` of work done."""
        self.spent += units

    def over(self) -> bool:
        """True once the work done has passed the budget."""
        return self.spent > self.budget

    def due(self) -> bool:
        """True when a progress report is due (only if someone listens)."""
        return self.progress is not None and time.perf_counter() >= self._next_report

    def report(self, heaps: int, rare: int | None, status: str = "running") -> SearchProgress:
        """Tell the callback (if any) how far the computation got; returns the report."""
        now = time.perf_counter()
        self._next_report = now + REPORT_EVERY
        done = SearchProgress(self.title, heaps, self.goal, rare, self.spent, self.budget, now - self.started,
                              status)
        if self.progress is not None:
            self.progress(done)
        return done

    def stop(self, heaps: int, rare: int | None, what: str) -> LimitError:
        """The error for a computation that passed its budget: what it did, how far it got, how to go on."""
        self.report(heaps, rare, "stopped")
        return LimitError(
            f"{self.title}: {what} stopped after {self.spent:,} units of work, past its budget of {self.budget:,} "
            f"(a unit: one pair of heaps examined by numpy, a few nanoseconds), with the values of heaps "
            f"0 .. {heaps - 1:,} computed. They are kept: the same call again goes on from there."
        )


#: A pair of heaps examined one at a time in Python costs about this many pairs examined together by numpy
#: (measured on the 2-core machine: about 60 ns against 2 ns, rounded down).
PYTHON_PAIR = 25


__all__ = ["PYTHON_PAIR", "ProgressCallback", "REPORT_EVERY", "SearchProgress", "Work", "check_progress"]
