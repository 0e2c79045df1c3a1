"""How long does grading take per submission, in the bubblewrap sandbox and without it?

Run ``make bench-grading`` (after ``make homework``), or ``.venv/bin/python -m benchmarks.grading [--count N]``.
It writes N right-answer submissions of hw1 (each with its own student id) into a temporary folder and grades
them with the grader's own functions (tools/grading/cli.py): sandboxed one at a time, sandboxed two at a time, and
unsandboxed one at a time (``--regrade`` each time, nothing reused). It prints the seconds per submission
and the load of the machine, since the figures depend on it. A measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import nbformat

from benchmarks import results
from tools.grading import cli as grade_homework
from tools.grading import sandbox
from tools.grading.layout import scan_folder

ROOT = Path(__file__).resolve().parent.parent

SET = "hw1-subtraction-grundy"
RIGHT = {"q1_grundy": "game.grundy_values(16).tolist()",
         "q2_followers": "[game.grundy(9), game.grundy(6), game.grundy(5)]", "q2_g11": "mex(q2_followers)",
         "q3_remainders": "{n % 11 for n in game.p_positions(11)}", "q3_heap_100": '"P"',
         "q4_leave": "game.winning_moves(32)[0]", "q5_p_positions": "my_game.p_positions(30)",
         "q5_g29": "my_game.grundy(29)", "student_id": None}


def write_submissions(folder: Path, count: int) -> None:
    handout = ROOT / "notebooks" / "homework" / f"{SET}.ipynb"
    for number in range(count):
        nb = nbformat.read(handout, as_version=4)
        answers = {**RIGHT, "student_id": repr(f"s{number:07d}")}

        def fill(match: re.Match, answers: dict = answers) -> str:
            return f"{match[1]} = {answers.get(match[1], '...')}"

        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.source = re.sub(r"^(\w+) = \.\.\.$", fill, cell.source, flags=re.MULTILINE)
        nbformat.write(nb, folder / f"student{number:02d}.ipynb")


def measure(label: str, folder: Path, out: Path, jobs: int, sandboxed: bool) -> float:
    homework = grade_homework.load_set("hw1")
    submissions, _ = scan_folder(folder)
    start = time.perf_counter()
    outcomes = grade_homework.grade_all(submissions, homework, out, jobs=jobs, sandboxed=sandboxed, regrade=True,
                                        limits=sandbox.Limits(timeout=120), report=lambda _: None)
    seconds = time.perf_counter() - start
    wrong = [o.file for o in outcomes if o.score != o.possible]
    per = seconds / len(outcomes)
    print(f"{label:38} {len(outcomes):3d} submissions in {seconds:6.1f} s: {per:5.2f} s each"
          + (f"  (NOT all full marks: {wrong})" if wrong else ""))
    return per


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="submissions per run (default 10)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        folder, out = Path(tmp) / "in", Path(tmp) / "out"
        folder.mkdir()
        write_submissions(folder, args.count)
        sandbox.check_sandbox()  # the first sandbox pays for cold caches; not counted
        measure("sandboxed, one at a time (--jobs 1)", folder, out, 1, True)
        measure("sandboxed, two at a time (--jobs 2)", folder, out, 2, True)
        measure("unsandboxed, one at a time", folder, out, 1, False)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(results.record("grading", main))
