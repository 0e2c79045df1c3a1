"""How long does grading a composed set take (a set of ``homework/sets/``, issue 38): the measures of
benchmarks/grading.py, on the set after lesson 7 unless told otherwise.

Run ``make bench-grading-composed`` (after ``make homework``), or ``.venv/bin/python -m
benchmarks.grading_composed [--set NAME] [--count N] [--class-size N]``. Each submission types its own right
answers as values (what a student who worked them out with the lesson's tools hands in; the grader deals the
student's instances again and asks each exercise's check), and leaves the written question blank; in the class
run every tenth student types the previous student's values instead. The same steps are timed as for hw1:
sandboxed one and two at a time, unsandboxed, then a class with the copying pass and every file the teacher
gets. A measurement, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

import nbformat
from gamelib_grader import cli as grade_homework

from benchmarks import results
from benchmarks.grading import ROOT, run, typed_handout
from gamelib.homework import homework, numbers
from gamelib.homework.marking import one_right_answer

SET = "hw4-wythoff-chomp"


def typed_values(set_name: str, student_id: str, course_code: str) -> dict[str, str]:
    """The right answers of ``student_id``'s numbers to every autograded question, typed as values."""
    mine = numbers(set_name, student_id, course_code)
    return {name: repr(value) for q in homework(set_name).questions
            for name, value in one_right_answer(mine, q.name).items()}


def write_submissions(set_name: str, folder: Path, count: int, course_code: str, copiers: bool = False) -> None:
    """``count`` submissions of right values; with ``copiers``, every tenth types the previous student's."""
    handout = ROOT / "notebooks" / "homework" / f"{set_name}.ipynb"
    for number in range(count):
        whose = f"s{number - 1:07d}" if copiers and number % 10 == 9 else f"s{number:07d}"
        answers = {**typed_values(set_name, whose, course_code), "student_id": repr(f"s{number:07d}"),
                   "course_code": repr(course_code)}
        nbformat.write(typed_handout(handout, answers), folder / f"student{number:03d}.ipynb")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default=SET, help=f"a composed set (default {SET})")
    parser.add_argument("--count", type=int, default=10, help="submissions per timed run (default 10)")
    parser.add_argument("--class-size", type=int, default=100, help="submissions in the class run (default 100)")
    args = parser.parse_args()
    loaded = grade_homework.load_set(args.set)
    print(f"set {loaded.name}")
    run(loaded, partial(write_submissions, loaded.name), args.count, args.class_size)
    return 0


if __name__ == "__main__":
    sys.exit(results.record("grading_composed", main))
