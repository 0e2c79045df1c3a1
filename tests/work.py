"""Work measured by counting, never by a clock: the tests run on shared, busy machines.

``calls_made(function, *args)`` runs ``function(*args)`` and counts the Python function calls it makes (every
``call`` and ``c_call`` event a profile hook sees). The count is the same on a busy machine as on an idle one,
so a test can say "refused at once" or "linear in the size" without timing anything. The speed itself is a
figure in ``make bench``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

#: The work a refusal may do before it refuses, in function calls: the largest stated search budgets (10**5
#: positions, a few dozen calls each) come to about 3.6 million calls, about a second on the 2-core machine.
CALL_BUDGET = 5_000_000


def calls_made(function: Callable[..., Any], *args: Any) -> tuple[int, Any]:
    """Run ``function(*args)``; return (the number of function calls it made, its result)."""
    calls = 0

    def count(frame: Any, event: str, arg: Any) -> None:
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1

    previous = sys.getprofile()
    sys.setprofile(count)
    try:
        result = function(*args)
    finally:
        sys.setprofile(previous)
    return calls, result
