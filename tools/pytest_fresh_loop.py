"""A pytest plugin (``-p tools.pytest_fresh_loop`` in pyproject.toml's addopts; not a root conftest.py, which
would take the module name ``conftest`` that tests/browser imports from): every test that is not a browser
test runs as in a fresh process, whatever ran before it in this one.

Playwright's sync API (tests/browser) keeps its event loop marked as running in the main thread for the whole
session of browser tests. A later test in the same process then finds a "running" loop that never runs: a
panel's step waits on it (gamelib.widgets.panel._running_loop) and ``asyncio.run`` refuses to start. Which
tests follow a browser test depends on how pytest-xdist shares the files out, so from a clean clone ten
tests of tests/test_draw_ahead.py and one of tests/test_widget_inputs.py failed that way. For the length of
such a test the main thread has no running loop; Playwright's is given back after it.
"""

from __future__ import annotations

import asyncio

import pytest


@pytest.fixture(autouse=True)
def _no_running_loop_left_by_a_browser_test(request):
    left = asyncio._get_running_loop()
    if left is None or request.node.get_closest_marker("browser"):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(left)
