"""Run a test module's tests once with the compiled loop and once with the numpy loop (GAMELIB_KERNEL).

A module opts in with ``pytestmark = pytest.mark.usefixtures("both_loops")`` and ``from kernel_paths import
both_loops``. Module-scoped, so hypothesis tests may use it too. With ``c`` the test fails (not falls back)
when the compiled loop cannot be built: a fallback that hid a broken build would test the numpy loop twice.
"""

from __future__ import annotations

import os

import pytest

from gamelib.analysis import heap_kernel


@pytest.fixture(scope="module", params=["c", "numpy"])
def both_loops(request):
    """Set GAMELIB_KERNEL for the module's tests; the compiled loop must load when asked for."""
    before = os.environ.get(heap_kernel.ENVIRONMENT)
    os.environ[heap_kernel.ENVIRONMENT] = request.param
    try:
        if request.param == "c":
            assert heap_kernel.load() is not None  # raises, saying why, when it cannot be had
        yield request.param
    finally:
        if before is None:
            del os.environ[heap_kernel.ENVIRONMENT]
        else:
            os.environ[heap_kernel.ENVIRONMENT] = before
