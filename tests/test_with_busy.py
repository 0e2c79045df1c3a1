"""tools/with_busy.py: the busy processes run while the command runs, and are stopped by their ids after it."""

from __future__ import annotations

import doctest
import os
import sys

from tools import with_busy


def test_the_busy_processes_run_during_the_command_and_are_gone_after(tmp_path, capsys):
    seen = tmp_path / "seen"
    script = f"import os; open({str(seen)!r}, 'w').write(str(os.getloadavg()))"
    assert with_busy.main(["2", "--", sys.executable, "-c", script]) == 0
    said = capsys.readouterr().out
    ids = [int(i) for i in said.splitlines()[0].split("ids ")[1].split(", ")]
    assert len(ids) == 2 and seen.exists()
    assert f"stopped {ids[0]}, {ids[1]}" in said
    for pid in ids:  # stopped and reaped: no such process any more
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        raise AssertionError(f"busy process {pid} is still running")


def test_the_command_exit_status_is_returned_and_bad_usage_refused(capsys):
    assert with_busy.main(["1", "--", sys.executable, "-c", "raise SystemExit(4)"]) == 4
    assert with_busy.main(["two", "--", "true"]) == 2
    assert "usage" in capsys.readouterr().err


def test_doctests():
    assert doctest.testmod(with_busy).failed == 0
