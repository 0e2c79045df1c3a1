"""The grader's sandbox imports gamelib from where the grader imported it (gamelib_grader/sandbox/bwrap.py,
``gamelib_home``): run with gamelib from another folder (``PYTHONPATH``, a worktree), honest work scored 0 with
no word why, because the sandboxed Python (``-I``: no ``PYTHONPATH``) found the installed gamelib's folder,
which the sandbox does not hold. And when the sandbox cannot import it from there, grading stops before it
starts, with one line saying where it looked."""

from __future__ import annotations

import csv
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from gamelib_grader import cli
from gamelib_grader.sandbox import bwrap as sandbox
from grading_attacks import submission
from homework_build import RIGHT, SET, built_sets

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow  # a sandbox run each, and the built set

# The grader's command as a teacher runs it, in a fresh Python: which gamelib it imported, then its exit status.
GRADE = """
import sys
import gamelib
from gamelib_grader import cli
print("grader's gamelib:", gamelib.__file__, flush=True)
sys.exit(cli.main(["hw1", sys.argv[1], "--autograder", sys.argv[2], "--out", sys.argv[3]]))
"""


def second_folder(tmp_path: Path) -> Path:
    """A second copy of gamelib, in a folder of its own (as a worktree's checkout would be)."""
    folder = tmp_path / "second"
    shutil.copytree(ROOT / "gamelib", folder / "gamelib", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    return folder


def test_the_grader_run_with_gamelib_from_a_second_folder_grades_honest_work_in_full(tmp_path):
    second = second_folder(tmp_path)
    handed_in = tmp_path / "in"
    handed_in.mkdir()
    nbformat.write(submission(SET, RIGHT, "alice"), handed_in / "alice.ipynb")
    env = {**os.environ, "PYTHONPATH": str(second)}
    done = subprocess.run([sys.executable, "-c", GRADE, str(handed_in), str(built_sets()[SET].autograder_zip),
                           str(tmp_path / "out")], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=900)
    assert f"grader's gamelib: {second / 'gamelib' / '__init__.py'}" in done.stdout, done.stdout + done.stderr
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    with (tmp_path / "out" / f"{SET}-results.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [(row["student_id"], row["score"]) for row in rows] == [("alice", "11")], rows


def test_a_sandbox_that_cannot_import_gamelib_from_the_graders_folder_stops_grading_in_one_line(
        tmp_path, monkeypatch, capsys):
    elsewhere = tmp_path / "no-gamelib-here"
    elsewhere.mkdir()
    monkeypatch.setattr(sandbox, "gamelib_home", lambda: elsewhere)
    handed_in = tmp_path / "in"
    handed_in.mkdir()
    nbformat.write(submission(SET, RIGHT, "alice"), handed_in / "alice.ipynb")
    status = cli.main(["hw1", str(handed_in), "--autograder", str(built_sets()[SET].autograder_zip),
                       "--out", str(tmp_path / "out")])
    said = capsys.readouterr().err.strip()
    assert status == 2 and not (tmp_path / "out").exists()  # nothing graded
    assert said.startswith(f"Not grading: the sandbox looked for gamelib in {elsewhere} (where the grader "
                           "imported it from) and found ") and "\n" not in said, said
