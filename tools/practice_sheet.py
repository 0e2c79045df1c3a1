"""Write a practice sheet for class: one print-friendly HTML page with N instances of a lesson's exercises, and
their answers on a page of their own (the printer starts a new page there).

The instances are those :func:`gamelib.exercises.deal` gives: instance i is exercise i of the lesson's
practised exercises (in turn) from seed S + i, and its seed is printed beside it, so the same command prints
the same sheet, and a student can find an instance again with ``deal(exercise, seed)``.

Usage::

    python -m tools.practice_sheet 2 --count 12 --seed 40            # writes practice-lesson-2-seed-40.html
    python -m tools.practice_sheet 4 --count 5 --seed 1 --out quiz.html
"""

from __future__ import annotations

import argparse
import html
import sys
from pathlib import Path

from gamelib.exercises import PRACTISED, deal
from gamelib.exercises.practice import Instance

#: Most instances one sheet holds (a sheet is for a class hour, not a book).
MAX_COUNT = 200

STYLE = """
body { font-family: Georgia, serif; max-width: 46em; margin: 2em auto; color: #000; line-height: 1.4; }
h1 { font-size: 1.4em; } h2 { font-size: 1.2em; }
ol > li { margin-bottom: 1.6em; break-inside: avoid; page-break-inside: avoid; }
.seed { color: #444; font-size: 0.9em; }
.space { border-bottom: 1px solid #888; height: 2.2em; }
.answers { break-before: page; page-break-before: always; }
@media print { body { margin: 0; } a { color: #000; } }
"""


def lesson_exercises(lesson: int) -> list[str]:
    """The practised exercises of ``lesson``, in order.

    >>> lesson_exercises(3)
    ['3.1', '3.2', '3.3', '3.5']
    """
    return [e for e in PRACTISED if e.split(".")[0] == str(lesson)]


def instances(lesson: int, count: int, seed: int) -> list[Instance]:
    """``count`` instances of the lesson's practised exercises, in turn, instance i from seed ``seed + i``."""
    exercises = lesson_exercises(lesson)
    if not exercises:
        lessons = sorted({int(e.split(".")[0]) for e in PRACTISED})
        raise ValueError(f"lesson {lesson} has no exercises that practise; the lessons are {lessons}")
    if not 1 <= count <= MAX_COUNT:
        raise ValueError(f"--count must be from 1 to {MAX_COUNT}, got {count}")
    return [deal(exercises[i % len(exercises)], seed=seed + i) for i in range(count)]


def sheet(lesson: int, count: int, seed: int) -> str:
    """The HTML page: the questions, then (on a new printed page) their answers, numbered alike.

    >>> page = sheet(4, 3, seed=1)
    >>> page.count('<li class="question">'), page.count('<li class="answer">'), "page-break-before" in page
    (3, 3, True)
    """
    dealt = instances(lesson, count, seed)
    title = f"Lesson {lesson}: practice sheet ({count} questions, seed {seed})"
    questions = "\n".join(
        f'<li class="question">{html.escape(i.question)}<br><span class="seed">Exercise {html.escape(i.label)}. '
        f'Answer: {html.escape(i.expects)}.</span><div class="space"></div></li>' for i in dealt)
    answers = "\n".join(
        f'<li class="answer">{html.escape(i.answer)} <span class="seed">({html.escape(i.label)})</span></li>'
        for i in dealt)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{html.escape(title)}</title>\n'
            f"<style>{STYLE}</style>\n</head>\n<body>\n<main>\n<h1>{html.escape(title)}</h1>\n"
            f"<p>Name: ______________________</p>\n<ol>\n{questions}\n</ol>\n"
            f'<section class="answers">\n<h2>Answers ({html.escape(title)})</h2>\n<ol>\n{answers}\n</ol>\n'
            "</section>\n</main>\n</body>\n</html>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.practice_sheet", description=__doc__.split("\n\n")[0])
    parser.add_argument("lesson", type=int, help="the lesson number, e.g. 2")
    parser.add_argument("--count", type=int, default=10, help=f"how many instances (1 to {MAX_COUNT}; default 10)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--out", type=Path, help="the HTML file to write (default practice-lesson-L-seed-S.html)")
    args = parser.parse_args(argv)
    out = args.out or Path(f"practice-lesson-{args.lesson}-seed-{args.seed}.html")
    try:
        page = sheet(args.lesson, args.count, args.seed)
    except ValueError as error:
        print(f"practice_sheet: {error}", file=sys.stderr)
        return 2
    out.write_text(page, encoding="utf-8")
    print(f"wrote {out}: {args.count} instances of lesson {args.lesson}, answers on the last page")
    return 0


if __name__ == "__main__":
    sys.exit(main())
