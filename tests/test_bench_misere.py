"""benchmarks/misere.py: without a working MisereSolver the comparison says it is skipped and why, and never
calls the goal met (CI machines have no MisereSolver)."""

from __future__ import annotations

import sys

import pytest

from benchmarks import misere


@pytest.mark.parametrize("command, words", [
    ("", "MISERE_SOLVER is not set"),
    ("no-such-program-here -cp x Drive", "'no-such-program-here' is not found"),
    (f"{sys.executable} -c print(1)", "did not print Kayles' 6 elements"),
    ("java 'unclosed", "is not a command line"),
])
def test_no_working_solver_is_a_reason_not_a_command(monkeypatch, command, words):
    monkeypatch.setenv("MISERE_SOLVER", command)
    found, why = misere.solver_command()
    assert found == [] and words in why


def test_the_kit_alone_is_reported_skipped_never_met(monkeypatch, capsys):
    monkeypatch.delenv("MISERE_SOLVER", raising=False)
    monkeypatch.setattr(misere, "fresh", lambda command: (1.5, 0.5, "360\n"))
    misere.dawson(rounds=2)
    out = capsys.readouterr().out
    assert "kit          wall   1.50 s   CPU   0.50 s" in out
    assert "MisereSolver: SKIPPED, not measured: MISERE_SOLVER is not set" in out
    assert "met" not in out.replace("not measured", "")
