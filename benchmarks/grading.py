"""How long does grading take: per submission, in the bubblewrap sandbox and without it, and for a class?

Run ``make bench-grading`` (after ``make homework``), or ``.venv/bin/python -m benchmarks.grading [--count N]
[--class-size N]``. It writes right-answer submissions of hw1 (each with its own student id, the course code
``make homework`` built with, and the handout's solution lines) into a temporary folder and grades them with
the grader's own functions (gamelib_grader/cli.py, ``--regrade`` each time, nothing reused):

- ``--count`` submissions (default 10) sandboxed one at a time, sandboxed two at a time, unsandboxed one at a
  time: the seconds per submission;
- a class of ``--class-size`` (default 100; every tenth student types the previous one's answers as values)
  sandboxed two at a time, then the class-level copying pass (gamelib_grader/integrity/copying.py), then every file the
  teacher gets and the class report (``write_everything``): the seconds for the whole class, and for each
  step after grading.

It prints the load of the machine too, since the figures depend on it. A measurement, not a test: nothing
fails.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import nbformat
from gamelib_grader import cli as grade_homework
from gamelib_grader.intake import homework_set
from gamelib_grader.intake.layout import scan_folder
from gamelib_grader.integrity import copying
from gamelib_grader.marking import batch
from gamelib_grader.reporting import outputs
from gamelib_grader.sandbox import bwrap as sandbox

from benchmarks import results
from gamelib.homework import homework, numbers
from gamelib.homework.marking import one_right_answer
from tools import homework_secrets

ROOT = Path(__file__).resolve().parent.parent
SET = "hw1-subtraction-grundy"


def copied_values(student_id: str, course_code: str) -> dict[str, str]:
    """Another student's right answers to every question, as values (a copier types them)."""
    mine = numbers("hw1", student_id, course_code)
    return {name: repr(value) for q in homework("hw1").questions
            for name, value in one_right_answer(mine, q.name).items()}


def typed_handout(handout: Path, answers: dict[str, str]) -> nbformat.NotebookNode:
    """The handout with every answer cell's ``name = ...`` typed as ``name = answers[name]`` (a Python
    expression; left ``...`` where ``answers`` has no such name)."""
    nb = nbformat.read(handout, as_version=4)

    def fill(match: re.Match) -> str:
        return f"{match[1]} = {answers.get(match[1], '...')}"

    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = re.sub(r"^(\w+) = \.\.\.$", fill, cell.source, flags=re.MULTILINE)
    return nb


def write_submissions(folder: Path, count: int, course_code: str, copiers: bool = False) -> None:
    """``count`` right-answer submissions; with ``copiers``, every tenth types the previous student's values."""
    handout = ROOT / "notebooks" / "homework" / f"{SET}.ipynb"
    right = homework_secrets.solution_lines(nbformat.read(ROOT / "homework" / "source" / f"{SET}.ipynb", as_version=4))
    for number in range(count):
        typed = copied_values(f"s{number - 1:07d}", course_code) if copiers and number % 10 == 9 else right
        answers = {**typed, "student_id": repr(f"s{number:07d}"), "course_code": repr(course_code)}
        nbformat.write(typed_handout(handout, answers), folder / f"student{number:03d}.ipynb")


def measure(label: str, homework, folder: Path, out: Path, jobs: int, sandboxed: bool) -> list:
    submissions, _ = scan_folder(folder)
    start = time.perf_counter()
    outcomes = batch.grade_all(submissions, homework, out, jobs=jobs, sandboxed=sandboxed, regrade=True,
                               limits=sandbox.Limits(timeout=120), report=lambda _: None)
    seconds = time.perf_counter() - start
    wrong = [o.file for o in outcomes if o.score != o.possible]
    print(f"{label:38} {len(outcomes):3d} submissions in {seconds:6.1f} s: {seconds / len(outcomes):5.2f} s each"
          + (f"  ({len(wrong)} not full marks)" if wrong else ""))
    return outcomes


def run(homework, write: Callable[[Path, int, str, bool], None], count: int, class_size: int) -> None:
    """The measures of the module docstring for the set ``homework`` (a loaded set: ``cli.load_set``), its
    submissions written by ``write(folder, count, course_code, copiers)``."""
    code = homework_set.read_course_file(homework.autograder_zip)["course_code"]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        folder, out = Path(tmp) / "in", Path(tmp) / "out"
        folder.mkdir()
        write(folder, count, code, False)
        sandbox.check_sandbox()  # the first sandbox pays for cold caches; not counted
        measure("sandboxed, one at a time (--jobs 1)", homework, folder, out, 1, True)
        measure("sandboxed, two at a time (--jobs 2)", homework, folder, out, 2, True)
        measure("unsandboxed, one at a time", homework, folder, out, 1, False)
        klass, class_out = Path(tmp) / "class", Path(tmp) / "class-out"
        klass.mkdir()
        write(klass, class_size, code, True)
        start = time.perf_counter()
        outcomes = measure(f"a class of {class_size}, sandboxed (--jobs 2)", homework, klass, class_out, 2, True)
        before = time.perf_counter()
        flags = copying.flag_copying(outcomes, homework)
        done = time.perf_counter()
        flagged = {Path(str(file)).stem for file, found in flags.items() if found}
        copiers = {f"student{n:03d}" for n in range(class_size) if n % 10 == 9}
        print(f"{'  then the copying pass':38} {len(outcomes):3d} submissions in {done - before:6.1f} s "
              f"({sum(map(len, flags.values()))} flags: {len(flagged & copiers)} of the {len(copiers)} who typed a "
              f"classmate's values, {len(flagged - copiers)} of the {class_size - len(copiers)} others)")
        submissions, skipped = scan_folder(klass)
        outputs.write_everything(outcomes, skipped, homework, class_out, submissions=submissions)
        written = time.perf_counter()
        print(f"{'  then every file and the report':38} {len(outcomes):3d} submissions in {written - done:6.1f} s")
        print(f"{'  the whole class':38} {len(outcomes):3d} submissions in {written - start:6.1f} s")
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10, help="submissions per timed run (default 10)")
    parser.add_argument("--class-size", type=int, default=100, help="submissions in the class run (default 100)")
    args = parser.parse_args()
    run(grade_homework.load_set("hw1"), write_submissions, args.count, args.class_size)
    return 0


if __name__ == "__main__":
    sys.exit(results.record("grading", main))
