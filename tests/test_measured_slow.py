"""The fast lane's list of measured slow tests (tools/pytest_measured_slow.py, tools/measure_slow.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tools.measure_slow import slow_ids
from tools.pytest_measured_slow import LIST, listed

ROOT = Path(__file__).resolve().parent.parent


def test_the_durations_report_is_read_for_setups_calls_and_teardowns_at_or_over_the_threshold():
    report = ("0.30s setup    tests/test_a.py::test_b\n"
              "1.20s call     tests/test_a.py::test_c[heap 3-(1, 2)]\n"
              "0.29s call     tests/test_a.py::test_d\n"
              "0.90s teardown tests/test_a.py::test_b\n"
              "(12 durations < 0.05s hidden.)\n")
    assert slow_ids(report, 0.3) == ["tests/test_a.py::test_b", "tests/test_a.py::test_c[heap 3-(1, 2)]"]


def test_comments_and_blank_lines_are_not_ids(tmp_path):
    path = tmp_path / "list.txt"
    path.write_text("# a comment\n\ntests/test_a.py::test_b\n", encoding="utf-8")
    assert listed(path) == {"tests/test_a.py::test_b"}
    assert listed(tmp_path / "none.txt") == frozenset()


def test_every_listed_test_is_still_there():
    """A renamed test would silently come back to the fast lane: each id names a file and a test in it."""
    stale = []
    for node in sorted(listed(LIST)):
        path, _, name = node.partition("::")
        source = (ROOT / path).read_text(encoding="utf-8") if (ROOT / path).exists() else ""
        if path.startswith("gamelib/"):  # a module's doctest: its id is the module's dotted name
            found = bool(source) and name.startswith(path.removesuffix(".py").replace("/", "."))
        else:
            found = re.search(rf"^(?:async )?def {re.escape(name.split('[')[0])}\(", source, re.M) is not None
        if not found:
            stale.append(node)
    assert stale == [], f"not found (run `make measure-slow FRESH=1`): {stale}"
