"""How long practice takes: dealing one instance of each exercise, and checking one answer to it.

The panel deals on "Another one" and checks on "Check": each should feel instant (goal under 50 ms). Run with
``make bench`` (section ``practice``) or ``python -m benchmarks.practice``.
"""

from __future__ import annotations

import statistics
import sys
import time

from gamelib.exercises import PRACTISED, deal

#: The goal for one deal and for one check, in seconds.
GOAL_SECONDS = 0.050
#: Seeds timed per exercise (each a new instance); the median and the slowest are printed.
SEEDS = range(1000, 1020)


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:7.2f} ms"


def figures() -> list[tuple[str, float, float, float, float]]:
    """(exercise, median deal, slowest deal, median check, slowest check) in seconds, over :data:`SEEDS`."""
    rows = []
    for exercise in PRACTISED:
        deals, checks = [], []
        for seed in SEEDS:
            start = time.perf_counter()
            instance = deal(exercise, seed=seed)
            deals.append(time.perf_counter() - start)
            answer = "P" if instance.answer.strip("'") in ("P", "N") else instance.answer
            start = time.perf_counter()
            instance.check(answer)
            checks.append(time.perf_counter() - start)
        rows.append((exercise, statistics.median(deals), max(deals), statistics.median(checks), max(checks)))
    return rows


def report() -> None:
    """Print one line per exercise and the verdict against the goal."""
    rows = figures()
    print(f"{'exercise':<9} {'deal (median)':>14} {'deal (slowest)':>15} {'check (median)':>15} "
          f"{'check (slowest)':>16}   goal < {GOAL_SECONDS * 1e3:.0f} ms each")
    for exercise, deal_median, deal_max, check_median, check_max in rows:
        met = "met" if max(deal_median, check_median) < GOAL_SECONDS else "NOT met"
        print(f"{exercise:<9} {_ms(deal_median):>14} {_ms(deal_max):>15} {_ms(check_median):>15} "
              f"{_ms(check_max):>16}   {met}")
    worst = max(max(r[1], r[3]) for r in rows)
    print(f"  {len(rows)} exercises, {len(SEEDS)} new instances each (a new seed each: the games' caches warm up "
          f"as in a class); slowest median {_ms(worst).strip()}: goal {'met' if worst < GOAL_SECONDS else 'NOT met'}")


if __name__ == "__main__":
    report()
    sys.exit(0)
