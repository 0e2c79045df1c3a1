"""A pytest plugin (``-p tools.pytest_measured_slow`` in pyproject.toml's addopts): the tests listed in
tests/measured_slow.txt are marked ``slow``, so ``make test-fast`` (``-m "not slow ..."``) leaves them to
``make test``, which runs every one of them.

The list is a measurement, not a judgment of each test by hand: ``make measure-slow`` runs the fast lane with
``--durations=0`` on the machine as it is and lists every test whose setup, call or teardown took
:data:`tools.measure_slow.THRESHOLD` seconds or more (tools/measure_slow.py). A test that a decorator already
marks slow is not listed. Nothing reads a time while the tests run: the mark only sorts tests into the lanes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

LIST = Path(__file__).resolve().parent.parent / "tests" / "measured_slow.txt"


def listed(path: Path = LIST) -> frozenset[str]:
    """The node ids of the list (``tests/test_x.py::test_y[param]``), comments and blank lines left out."""
    if not path.exists():
        return frozenset()
    lines = (line.strip() for line in path.read_text(encoding="utf-8").splitlines())
    return frozenset(line for line in lines if line and not line.startswith("#"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = listed()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)
