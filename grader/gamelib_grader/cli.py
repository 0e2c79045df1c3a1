"""The grader's command line: grade a folder (or a course site's zip) of homework submissions, each in a
sandbox, into a gradebook, the files the course site imports and a class report.

Usage::

    gamelib-grade hw1 submissions/hw1/                 # -> submissions/hw1-graded/
    gamelib-grade hw1 download.zip --jobs 2 --timeout 120
    gamelib-grade hw1 moodle-download.zip --roster worksheet.csv --deadline "2026-03-01 23:59" \\
        --late-penalty 10 --summary
    gamelib-grade hw1 canvas-download.zip --roster gradebook-export.csv --late-penalty 10
    gamelib-grade hw1 download.zip --roster gradebook-export.csv --merge-manual marked.csv

``hw1`` names the set (any prefix of ``homework/source/hw1-*.ipynb``, or of a set composed in
``homework/sets/NAME.toml``); run ``make homework`` first, which builds ``homework/build/<set>/autograder.zip``.
Each notebook found (``.ipynb``, ``.IPYNB``, ``.ipynb.txt``, in any sub-folder: a course site's folder per student)
runs in a bubblewrap sandbox (gamelib_grader/sandbox/bwrap.py) that sends back only its answer variables as plain
values; the public and hidden tests then run in this process on those values (gamelib_grader/marking/checks.py).
Each result is saved the moment it is known, so a re-run grades only what is new or changed (``--regrade`` grades
everything again). The output folder (``--out``) gets the gradebook ``<set>-results.csv``, ``<set>-details.json``,
the written answers per question in ``answers/``, feedback for each student in ``feedback/``, the files that were
not graded in ``not-graded-files.csv``, one grade per student in ``course-grades.csv``, the class report
``report.html`` and, with a class list (``--roster``), the course site's import file and feedback zip
(gamelib_grader/reporting/coursesite.py).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import zipfile
import zlib
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import nbformat

from gamelib_grader import safetext
from gamelib_grader.intake.homework_set import HomeworkSet, load_composed
from gamelib_grader.intake.homework_set import load_set as _load_set
from gamelib_grader.intake.ids import same_id
from gamelib_grader.intake.layout import Skipped, Submission, scan_folder, unpack_zip
from gamelib_grader.intake.notebook import MAX_NOTEBOOK_BYTES, declared_student_id
from gamelib_grader.intake.roster import CANVAS, ID_COLUMNS, MOODLE_WORKSHEET, Roster, RosterError, matcher, read_roster
from gamelib_grader.integrity import copying
from gamelib_grader.marking import late
from gamelib_grader.marking.batch import grade_all
from gamelib_grader.marking.grader import GRADED, GRADED_WITH_PROBLEMS, NOT_GRADED
from gamelib_grader.marking.handmarks import merge_manual
from gamelib_grader.reporting import classgrades, report, upload
from gamelib_grader.reporting.outputs import Course, write_everything
from gamelib_grader.reporting.sitenumbers import SiteNumbers
from gamelib_grader.sandbox import bwrap as sandbox
from gamelib_grader.sandbox import cpugroups

# The kit's repository: where this file sits in it (the editable install `make venv` makes), else the current
# folder (an installed grader is run from the repository's root).
_HERE = Path(__file__).resolve().parents[2]
ROOT = _HERE if (_HERE / "grader" / "pyproject.toml").is_file() else Path.cwd()
SOURCES = ROOT / "homework" / "source"
BUILD = ROOT / "homework" / "build"
STUDENT_DIR = ROOT / "notebooks" / "homework"


def load_set(selection: str, autograder: Path | None = None) -> HomeworkSet:
    """The homework set whose name starts with ``selection`` (e.g. ``hw1``): a source of ``homework/source/``,
    or a set composed in ``homework/sets/`` (as :func:`gamelib.homework.set_names` finds them), with its handout
    in ``notebooks/homework/``."""
    from gamelib.homework import set_names

    sources = sorted(SOURCES.glob("hw*.ipynb"))
    names = [p.stem for p in sources] + [n for n in set_names() if n not in {p.stem for p in sources}]
    matches = [n for n in names if n.startswith(selection)]
    if len(matches) != 1:
        exact = [n for n in matches if n == selection]
        if len(exact) != 1:
            raise SystemExit(f"{selection!r} must name exactly one homework set; the sets are: {', '.join(names)}")
        matches = exact
    name = matches[0]
    handout = STUDENT_DIR / f"{name}.ipynb"
    zip_path = autograder or BUILD / name / "autograder.zip"
    for needed in (handout, zip_path):
        if not needed.exists():
            raise SystemExit(f"{needed} does not exist: run `make homework` first")
    if name in {p.stem for p in sources}:
        return _load_set(SOURCES / f"{name}.ipynb", handout, zip_path)
    return load_composed(name, handout, zip_path)


def default_out(source: Path) -> Path:
    """``submissions/hw1/`` -> ``submissions/hw1-graded/``; ``download.zip`` -> ``download-graded/``."""
    source = source.resolve()
    return source.parent / f"{source.stem if source.is_file() else source.name}-graded"


def find(source: Path, out: Path, pattern: re.Pattern | None) -> tuple[list[Submission], list[Skipped]]:
    """The submissions in a folder or zip, and the files that are not submissions."""
    if source.is_file() and source.suffix.lower() == ".zip":
        try:
            return unpack_zip(source, out / "unpacked", pattern)
        except (zipfile.BadZipFile, zlib.error, EOFError) as error:  # before ValueError: zlib.error is not one
            raise SystemExit(f"{source} is not a whole zip file ({error}): the download was cut short or damaged. "
                             "Download it again from the course site (or unpack it yourself and grade the "
                             "folder)") from None
        except ValueError as error:
            raise SystemExit(str(error)) from None
    if not source.is_dir():
        raise SystemExit(f"{source} is neither a folder of submissions nor a .zip of one")
    return scan_folder(source, pattern, ignore=(out,))


def shown(text: str) -> str:
    """Text from a submission (a file name is partly the student's upload name) for the teacher's terminal
    (see :func:`grading.safetext.terminal`)."""
    return safetext.terminal(text)


def identify(submissions: list[Submission], roster: Roster | None,
             accepted: dict[str, str] | None = None) -> list[Submission]:
    """The submissions with who the class list says they are from (matched by the course site's number, the
    name pattern's id or the name in the file name: never by the id typed, which the student chose) and the id
    it gives them, and with the course code the teacher accepts for a file (``--accept-code``)."""
    accepted = accepted or {}
    unknown = sorted(set(accepted) - {s.file for s in submissions})
    if unknown:
        raise SystemExit(f"--accept-code names no submission of this download: {unknown[:3]}; name a file as the "
                         "gradebook's file column shows it")
    if roster is None:
        return [replace(s, roster_name=None, roster_id=None, accepted_code=accepted.get(s.file)) for s in submissions]
    match = matcher(roster)
    found = []
    for s in submissions:
        student = match(s.site_id, s.name, s.student_id, None).student
        found.append(replace(s, roster_name=student.name if student else None,
                             roster_id=roster.id_of(student) if student else None, accepted_code=accepted.get(s.file)))
    return found


def check_id_column(submissions: list[Submission], roster: Roster) -> None:
    """Stop before grading when the ids typed in the notebooks mostly differ from the class list's: the
    students were told to type another id than the column's, and every one of them would be marked on numbers
    they never saw."""
    pairs = []
    for s in submissions:
        if s.roster_id is None:
            continue
        try:
            nb = nbformat.from_dict(json.loads(s.path.read_bytes()[: MAX_NOTEBOOK_BYTES + 1]))
            typed = declared_student_id(nb)
        except Exception:  # not a notebook: grading will say so
            continue
        if typed is not None:
            pairs.append((typed, s.roster_id))
    differ = [(typed, given) for typed, given in pairs if not same_id(typed, given)]
    if len(pairs) >= 3 and len(differ) * 2 > len(pairs):
        typed, given = differ[0]
        raise SystemExit(f"the ids typed in {len(differ)} of {len(pairs)} notebooks are not the class list's "
                         f"{roster.id_column!r} (e.g. {typed!r} typed, {given!r} on the list): your students were "
                         "told to type another id. Name the column they type with --id-column (the list's id "
                         f"columns: {[c for c in ID_COLUMNS if c in roster.header] or 'none'}), or --id-column none "
                         "to take the typed ids as they are (checked only against each other).")


def _when(text: str) -> datetime:
    try:
        return late.parse_when(text)
    except late.LateRuleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _percent(text: str) -> float:
    try:
        value = float(text.rstrip("% "))
    except ValueError:
        value = -1.0
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r} is not a percentage from 0 to 100")
    return value


def _pattern(text: str) -> re.Pattern:
    try:
        return re.compile(text)
    except re.error as error:
        raise argparse.ArgumentTypeError(f"{text!r} is not a regular expression: {error}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gamelib-grade", description=__doc__.split("\n\n")[0])
    parser.add_argument("set", help="the homework set, e.g. hw1")
    parser.add_argument("folder", type=Path, help="the folder of submissions, or a course site's .zip of it")
    parser.add_argument("--out", type=Path, help="output folder (default: FOLDER-graded next to FOLDER)")
    parser.add_argument("--output", type=Path,
                        help="gradebook CSV (default: OUT/<set>-results.csv); a .json name gets every detail instead")
    parser.add_argument("--autograder", type=Path, help="autograder zip (default: the one `make homework` built)")
    parser.add_argument("--jobs", type=int, default=1, help="submissions graded at the same time (default 1)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds one submission may run, in all (default 120)")
    parser.add_argument("--memory", type=int, default=sandbox.Limits.memory_mb,
                        help=f"MB of memory per process in the sandbox (default {sandbox.Limits.memory_mb})")
    parser.add_argument("--regrade", action="store_true", help="grade again the submissions already graded")
    parser.add_argument("--merge-manual", type=Path, metavar="FILE",
                        help="the gradebook with hand marks filled in (rows matched by its key column)")
    parser.add_argument("--name-pattern", type=_pattern, metavar="REGEX",
                        help="read name / site_id / student_id from each file's path with this regular "
                             "expression's named groups (default: Moodle and Canvas names)")
    parser.add_argument("--unsandboxed", action="store_true",
                        help="run submissions WITHOUT the sandbox: only for notebooks you trust")
    site = parser.add_argument_group("the course site (see docs/guides/homework.md)")
    site.add_argument("--roster", type=Path, metavar="CSV",
                      help="the class list: Canvas's gradebook export, Moodle's grading worksheet or participants "
                           "list; gives one grade per student and the site's import file")
    site.add_argument("--assignment", metavar="TEXT",
                      help="Canvas: the assignment's column (part of its title, or its id; default: the set's name)")
    site.add_argument("--id-column", metavar="COLUMN",
                      help="the class list's column of the ids students type: numbers come from it (default: "
                           "Canvas's 'SIS User ID', Moodle's 'ID number'; 'none' to take typed ids as they are)")
    site.add_argument("--accept-code", action="append", default=[], metavar="FILE=CODE",
                      help="grade FILE (as the gradebook's file column shows it) with the course code CODE, e.g. the "
                           "wrong code a student typed, when you decide to accept it (its flag stays); repeatable")
    site.add_argument("--points", type=float, metavar="N",
                      help="the course's points for the set (default: the class list's; needed when it has none, "
                           "as a participants list; without a class list, the set's own)")
    site.add_argument("--several", choices=classgrades.RULES, default="latest",
                      help="which submission counts when a student handed in several (default: latest)")
    site.add_argument("--deadline", type=_when, metavar="WHEN", help='e.g. "2026-03-01 23:59" (this machine\'s '
                      'time zone unless an offset such as +01:00 is given)')
    site.add_argument("--extensions", type=Path, metavar="CSV",
                      help="columns student (name, e-mail, login, SIS id or site number) and deadline")
    site.add_argument("--late-penalty", type=_percent, default=0.0, metavar="PERCENT",
                      help="percent of the grade per started day late (default 0: reported, not penalised)")
    site.add_argument("--late-penalty-max", type=_percent, default=100.0, metavar="PERCENT",
                      help="the most a late penalty takes (default 100)")
    site.add_argument("--grace", type=float, default=0.0, metavar="MINUTES",
                      help="lateness that does not count (default 0)")
    site.add_argument("--file-times", action="store_true",
                      help="take a file's time in the download as when it was handed in (Moodle's zip keeps "
                           "upload times) when the class list does not say")
    site.add_argument("--replace-comments", action="store_true",
                      help="Moodle: the kit's comment replaces the worksheet's (by default a comment you typed "
                           "there is kept, the kit's text after it)")
    site.add_argument("--keep-excused", action="store_true",
                      help="Canvas: a student excused there (EX) stays excused, and is told no other grade (by "
                           "default the kit's grade replaces EX, and the run lists it)")
    parser.add_argument("--summary", action="store_true", help="print the class report's summary at the end")
    args = parser.parse_args(argv)
    if args.jobs < 1 or args.timeout <= 0:
        raise SystemExit(f"--jobs must be at least 1 and --timeout positive, got {args.jobs} and {args.timeout}")
    homework = load_set(args.set, args.autograder)
    course = _course(args, homework)
    out = (args.out or default_out(args.folder)).resolve()
    limits = sandbox.Limits(timeout=args.timeout, memory_mb=args.memory)
    if not args.unsandboxed:
        try:
            sandbox.check_sandbox()
        except sandbox.SandboxUnavailable as error:
            print(f"Not grading: {error}", file=sys.stderr)
            return 2
        if args.jobs > 1 and cpugroups.find() is None:
            print(f"Note: no CPU isolation between sandboxes here ({cpugroups.why_not()}): a submission that "
                  "starts many busy processes can slow the one beside it. A result stopped at the time limit "
                  "beside another is graded again alone; --jobs 1 avoids the question.", file=sys.stderr)
    else:
        print("WARNING: --unsandboxed: student code runs with your permissions and can change its own grade. "
              "Every row of the gradebook says UNSANDBOXED.", file=sys.stderr)
    start = time.perf_counter()
    submissions, skipped = find(args.folder, out, args.name_pattern)
    for s in skipped:
        print(shown(f"not graded: {s.file}: {s.reason}"))
    note = deadline_note(args.deadline is not None and not args.file_times, course.roster, submissions)
    if note:
        print(note, file=sys.stderr)
    submissions = identify(submissions, course.roster, _accepted_codes(args.accept_code))
    if course.roster is not None and course.roster.id_column is not None:
        check_id_column(submissions, course.roster)
    outcomes = grade_all(submissions, homework, out, jobs=args.jobs, limits=limits, sandboxed=not args.unsandboxed,
                         regrade=args.regrade)
    copying.flag_copying(outcomes, homework)
    if args.merge_manual:
        print(f"hand marks merged: {merge_manual(args.merge_manual, homework, out, outcomes)} from "
              f"{args.merge_manual}")
    written = write_everything(outcomes, skipped, homework, out, args.output, submissions, course)
    counts = {s: sum(o.status == s for o in outcomes) for s in (GRADED, GRADED_WITH_PROBLEMS, NOT_GRADED)}
    seconds = SiteNumbers.of(course.roster).decimal(f"{time.perf_counter() - start:.1f}")
    print(f"{len(outcomes)} submissions in {seconds} s: "
          + ", ".join(f"{n} {s}" for s, n in counts.items()) + f"; {len(skipped)} other files listed.\n"
          f"Gradebook: {written.gradebook}\nWritten answers: {out / 'answers'}\nFeedback: {out / 'feedback'}")
    grades = written.grades
    if course.roster is not None:
        stray = len(grades.not_on_roster)
        print(f"Students: {len(grades.entries)} on the class list, {sum(e.outcome is None for e in grades.entries)} "
              "of them handed nothing in"
              + (f"; {stray} submission{'s match' if stray > 1 else ' matches'} no one on it: see course-grades.csv"
                 if stray else ""))
        pending = classgrades.waiting(grades)
        if pending:
            print(f"Not graded to the end, so the import keeps the grade the course site has now ({len(pending)}): "
                  + shown("; ".join(f"{e.label} ({e.state})" for e in pending[:10]))
                  + (f" and {len(pending) - 10} more (report.html)" if len(pending) > 10 else ""))
    if written.kept_comments:
        print(f"Moodle worksheet: {len(written.kept_comments)} row(s) keep the comment you typed there, the kit's "
              "text after it (--replace-comments to replace it)")
    for line in upload.kept_lines(grades):
        print(shown(line.strip()[:1].upper() + line.strip()[1:]))
    if written.overwrites:
        print(f"The import file changes {len(written.overwrites)} grade(s) the course site has now (a regrade, or a "
              "grade given on the site): " + shown("; ".join(f"{o.student} {o.before} → {o.after}"
                                                           for o in written.overwrites[:10]))
              + (f" and {len(written.overwrites) - 10} more (report.html)" if len(written.overwrites) > 10 else ""))
    print("Made: " + ", ".join(p.name for p in written.files))
    if args.summary:
        print(report.summary(homework, grades, written.identity, written.latest, skipped))
    steps = upload.plan(grades, written.files, written.in_zip, args.replace_comments, limit=upload.LISTED)
    print("\n".join(shown(line) for line in upload.lines(steps)))
    return 0


def deadline_note(deadline_used: bool, roster: Roster | None, submissions: list[Submission]) -> str | None:
    """What to tell a teacher who gave ``--deadline`` for a Canvas download: it has no submission times (only
    Canvas's LATE in a file's name, one day late), so the deadline changes nothing."""
    canvas = (roster is not None and roster.kind == CANVAS) or any(s.site_file_id for s in submissions)
    if not (deadline_used and canvas):
        return None
    return ("Note: --deadline has no effect on a Canvas download: it has no submission times, so late work is "
            "what Canvas marked LATE in the file names (one day late). Canvas applies its own due date; leave "
            "--deadline out.")


def _accepted_codes(given: list[str]) -> dict[str, str]:
    """``--accept-code FILE=CODE`` options as {file: code} (the code checked like any course code)."""
    from gamelib.homework import normalise_course_code

    accepted = {}
    for text in given:
        file, equals, code = text.rpartition("=")
        if not equals or not file.strip():
            raise SystemExit(f"--accept-code {text!r}: write FILE=CODE (the file as the gradebook's file column "
                             "shows it, and the course code to grade it with)")
        try:
            normalise_course_code(code)
        except (TypeError, ValueError) as error:
            raise SystemExit(f"--accept-code {text!r}: {error}") from None
        accepted[file.strip()] = code.strip()
    return accepted


def _course(args: argparse.Namespace, homework: HomeworkSet) -> Course:
    """The course-site options, read and checked before any grading starts."""
    try:
        roster = (read_roster(args.roster, args.assignment, homework.name, args.id_column) if args.roster
                  else None)
        penalty = late.Penalty(args.late_penalty, args.late_penalty_max, args.grace)
    except (RosterError, late.LateRuleError) as error:
        raise SystemExit(str(error)) from None
    if args.points is not None and args.points <= 0:
        raise SystemExit(f"--points must be positive, got {args.points:g}")
    if roster is not None and roster.points is None and args.points is None:
        where = {CANVAS: f"no Points Possible row for the column {roster.assignment!r}",
                 MOODLE_WORKSHEET: "no Maximum Grade in the worksheet"}.get(roster.kind, "no maximum grade in a "
                                                                                  "participants list")
        raise SystemExit(f"{roster.source}: {where}, so the grader cannot tell what the assignment is out of on "
                         "the course site: give it with --points N (the assignment's maximum grade there)")
    if roster is not None:
        print(f"Class list: {roster.kind}"
              + (f", assignment column {roster.assignment!r}" if roster.assignment else "")
              + f", out of {SiteNumbers.of(roster).grade(args.points or roster.points or 0)} points"
              + (f" (--points; the list says {SiteNumbers.of(roster).grade(roster.points)})" if args.points
                 and roster.points else "")
              + (f"; the ids students type are its {roster.id_column!r} (the numbers come from them)"
                 if roster.id_column else "; it has no column of the ids students type (--id-column): typed ids "
                                          "are checked only against each other"))
    extensions = late.read_extensions(args.extensions) if args.extensions else []
    if (penalty.per_day or extensions) and args.deadline is None and not (roster and "Moodle" in roster.kind):
        print("Note: no --deadline: only Canvas's LATE marker (and a Moodle worksheet's extensions) can tell late "
              "work", file=sys.stderr)
    return Course(roster, args.several, args.points, args.deadline, extensions, penalty, args.file_times,
                  getattr(args, "replace_comments", False), getattr(args, "keep_excused", False))
