"""The homework sets a teacher composes in ``homework/sets/NAME.toml`` (gamelib/homework/composed.py), made
ready for the homework build (tools/build_homework.py): checked, measured, and written as an otter-grader
source notebook like ``homework/source/hw1-*.ipynb``, which the build then turns into the handout, the
solutions and the course file exactly as it does hw1's.

:func:`prepare` reads every set and stops at the first problem, in one line, before anything is built: a set
file that cannot be used (:class:`gamelib.homework.SetFileError`), or a question whose right answers two
students share too often (above 1 in 20 per pair, :func:`gamelib.homework.composed.sharing`) unless the file
says ``shared_ok = true``. :func:`source_notebook` writes the source: the id cell and ``mine`` as in hw1; per
exercise question, its statement, a cell ``mine.qk`` that shows the student's own question in words, the
answer cell ``qk_answer = ...`` (the solution computes it with the grader's key) and ``mine.check("qk")``; per
written question, its text and an answer cell in Markdown.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from pathlib import Path

import nbformat

from gamelib.homework import ComposedSet, SetFileError, read_set
from gamelib.homework.exercise_questions import Item
from gamelib.homework.sharing import SAMPLES, SHARED_LIMIT, Sharing, sharing
from tools.lessons import LESSONS
from tools.run_notebooks import kernelspec_metadata

ROOT = Path(__file__).resolve().parent.parent
SETS = ROOT / "homework" / "sets"
#: The class size the build's figures are given for.
CLASS_SIZE = 40


@dataclass(frozen=True)
class Prepared:
    """A composed set read and measured: the set, its file, and each exercise question's :class:`Sharing`."""

    composed: ComposedSet
    path: Path
    sharing: dict[str, Sharing]

    def report(self) -> list[str]:
        """What the build prints about how personal the answers are, a line per exercise question."""
        lines = []
        for item in self.composed.items:
            if item.name in self.sharing:
                figure = self.sharing[item.name]
                lines.append(f"  {item.name} (exercise {item.exercise}{_bounds_text(item.bounds)}): {figure}; in a "
                             f"class of {CLASS_SIZE}, about {_pairs(figure.pairs_of(CLASS_SIZE))} of the "
                             f"{math.comb(CLASS_SIZE, 2)} pairs" + (" (shared_ok)" if item.shared_ok else ""))
        # each estimate plus two standard errors: a bound, also where few draws were alike
        both = math.prod(min(1.0, f.chance + 2 * f.error) for f in self.sharing.values())
        lines.append(f"  every answer the same for two students: chance at most about {both:.2g}; for some two of a "
                     f"class of {CLASS_SIZE}: at most about {min(1.0, math.comb(CLASS_SIZE, 2) * both):.2g}")
        return lines


def _bounds_text(bounds: dict) -> str:
    return "".join(f", {name} = {value}" for name, value in bounds.items())


def set_files(folder: Path = SETS, selection: list[str] | None = None) -> list[Path]:
    """The set files of ``folder``, optionally only those whose name starts with one of ``selection``."""
    files = sorted(folder.glob("*.toml"))
    if selection:
        files = [f for f in files if any(f.stem.startswith(prefix) for prefix in selection)]
    return files


def prepare(path: Path, samples: int = SAMPLES) -> Prepared:
    """Read the set in ``path`` and measure each exercise question (``samples`` draws each); SystemExit with
    one line for a set file that cannot be used or a question shared too often (see the module docstring)."""
    try:
        composed = read_set(path)
    except SetFileError as error:
        raise SystemExit(str(error)) from None
    figures = {}
    for item in composed.items:
        if item.exercise is None:
            continue
        figures[item.name] = figure = sharing(item, samples)
        if figure.too_shared and not item.shared_ok:
            raise SystemExit(
                f"{_shown(path)}, question {item.number}: exercise {item.exercise}{_bounds_text(item.bounds)}: "
                f"{figure}, above 1 in {round(1 / SHARED_LIMIT)}: a classmate's answer would too often be right "
                f"for a student's own numbers. {_remedy(item, samples)}, or write shared_ok = true under the "
                "question to set it anyway")
    return Prepared(composed, path, figures)


def _pairs(count: float) -> str:
    """An expected number of pairs as a reader takes it in: whole from 10 on (490, not 4.9e+02), else two
    significant digits.

    >>> _pairs(491.4), _pairs(26.2), _pairs(4.04), _pairs(0.0123)
    ('491', '26', '4', '0.012')
    """
    return f"{count:,.0f}" if count >= 10 else f"{count:.2g}"


def _remedy(item: Item, samples: int) -> str:
    """What would make ``item`` personal enough: the least value of one of its bounds that does, with a margin
    of two standard errors (tried on a few values, widest last), else another exercise."""
    from gamelib.exercises.practice import bounds_of

    for bound in bounds_of(str(item.exercise)):
        now = item.bounds[bound.name]
        tried = sorted({now + (bound.high - now) * step // 6 for step in range(1, 7)} - {now})
        for value in tried:
            figure = sharing(replace(item, bounds={**item.bounds, bound.name: value}), samples)
            if figure.chance + 2 * figure.error <= SHARED_LIMIT:
                return (f"Widen it: {bound.name} = {value} ({bound.meaning}; at most {bound.high}) gives "
                        f"1 in {round(1 / max(figure.chance, 1e-9)):,}")
    return ("No bound of this exercise makes it personal enough: choose another exercise (docs/guides/homework.md "
            "lists how often each one's answers are shared)")


def _shown(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.resolve().is_relative_to(ROOT) else path.as_posix()


def _points(points: float) -> str:
    return f"{points:g} point" + ("" if points == 1 else "s")


def _lessons(numbers: tuple[int, ...]) -> str:
    named = [f"{n} ({LESSONS[n - 1].title})" if n <= len(LESSONS) else str(n) for n in numbers]
    if not named:
        return "the lessons"
    return ("lesson " if len(named) == 1 else "lessons ") + (", ".join(named[:-1]) + " and " + named[-1]
                                                            if len(named) > 1 else named[0])


def _lesson_of(exercise: str) -> str:
    number = int(exercise.split(".")[0])
    title = f" ({LESSONS[number - 1].title})" if number <= len(LESSONS) else ""
    return f"Exercise {exercise} of lesson {number}{title}"


def source_notebook(composed: ComposedSet) -> nbformat.NotebookNode:
    """The otter-grader source of a composed set (see the module docstring)."""
    name = composed.name
    config = "\n".join(["# ASSIGNMENT CONFIG", f"name: {name}", "init_cell: false", "check_all_cell: false",
                        "export_cell: false", "run_tests: false", "generate: false",
                        "strip_solutions_from_all_cells: true", "tests:", "  files: false", "  ok_format: true"])
    written = [item for item in composed.items if item.written is not None]
    cells = [
        nbformat.v4.new_raw_cell(config),
        nbformat.v4.new_markdown_cell(
            f"# {composed.title}\n\n"
            f"This homework follows {_lessons(composed.after_lessons)}. Its questions are the lessons' exercises"
            + (", and " + ("a question" if len(written) == 1 else "questions") + " to answer in words"
               if written else "") + ".\n\n"
            "**Every number in this homework is yours.** Each exercise is dealt on numbers made from your student "
            "id and the course code your teacher gave you, so your answers are yours alone: a classmate's answers "
            "are almost always wrong for your numbers.\n\n"
            "**How to work.** Type your id and the course code in the first cell under *Your numbers*, then run the "
            "cells from the top (*Run › Run All Cells*). Under each question, a cell shows *your* question in words, "
            "with your numbers (`mine.q1.numbers`, and each by its name, such as `mine.q1.heaps`) and the form of "
            "the answer. Replace the `...` of its answer cell with your answer (a value, or a short `gamelib` "
            "computation on your numbers) and run the `mine.check(...)` cell under it. The check says exactly what "
            "it verified: that your answer has the form asked for, and slips the rules of the game show without "
            "the answer (a move that is not legal, say). It never tells you an answer is right: that is marked "
            "after you hand in. Keep the variable names, do not delete cells"
            + (", and write your explanation in the text cell." if written else ".") + "\n\n"
            "**How to hand in.** *Kernel › Restart Kernel and Run All Cells*, check that nothing stops with an "
            "error, save, then *File › Download* and hand in the `.ipynb` file as your teacher asked (keep its "
            "name)."),
        nbformat.v4.new_code_cell("import gamelib\n"
                                  "from gamelib import *  # the lessons' games and functions: Nim(), Wythoff(), ...\n"
                                  "from gamelib.homework import my_numbers"),
        nbformat.v4.new_markdown_cell("## Your numbers\n\nType your student id and the course code your teacher gave "
                                      "you in the next cell, then run it and the one after it, which shows your "
                                      "numbers."),
        nbformat.v4.new_code_cell('# Your student id and the code of your course, both in quotes, for example\n'
                                  '# student_id = "s1234567" and course_code = "maple-7q"\n'
                                  'student_id = "s1234567"  # SOLUTION\n'
                                  'course_code = "demo"  # SOLUTION'),
        nbformat.v4.new_code_cell(f"mine = my_numbers({json.dumps(name)}, student_id, course_code)\nmine"),
    ]
    for item in composed.items:
        q = item.name
        config = f"# BEGIN QUESTION\nname: {q}\npoints: {item.points:g}" + ("\nmanual: true" if item.written else "")
        cells.append(nbformat.v4.new_raw_cell(config))
        if item.exercise is not None:
            title = f"{item.title}, " if item.title else ""
            cells += [
                nbformat.v4.new_markdown_cell(
                    f"**Question {item.number} ({title}{_points(item.points)}).** {_lesson_of(item.exercise)}, "
                    f"dealt on your own numbers: the next cell shows your question. Store your answer in `{q}_answer`, "
                    f"in the form the cell says, then run the check."),
                nbformat.v4.new_code_cell(f"mine.{q}"),
                nbformat.v4.new_raw_cell("# BEGIN SOLUTION"),
                nbformat.v4.new_code_cell(
                    f'{q}_answer = gamelib.homework.marking.one_right_answer(mine, "{q}")["{q}_answer"]  # SOLUTION'),
                nbformat.v4.new_raw_cell("# END SOLUTION"),
                nbformat.v4.new_code_cell(f'mine.check("{q}")'),
            ]
        else:
            title = item.title or "explain"
            cells += [
                nbformat.v4.new_markdown_cell(f"**Question {item.number} ({title}, {_points(item.points)}).** "
                                              f"{item.written}"),
                nbformat.v4.new_raw_cell("# BEGIN SOLUTION"),
                nbformat.v4.new_markdown_cell(item.model_answer or "*(The set file gives no model answer.)*"),
                nbformat.v4.new_raw_cell("# END SOLUTION"),
            ]
        cells.append(nbformat.v4.new_raw_cell("# END QUESTION"))
    cells.append(nbformat.v4.new_markdown_cell("## Before you hand in\n\nRestart the kernel, run all cells, save and "
                                               "download the notebook (*File › Download*)."))
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    nb.metadata["kernelspec"] = kernelspec_metadata()
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def write_source(prepared: Prepared, folder: Path) -> Path:
    """Write the source of a prepared set into ``folder`` as ``NAME.ipynb`` (the build reads it from there)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{prepared.composed.name}.ipynb"
    nbformat.write(source_notebook(prepared.composed), path)
    return path
