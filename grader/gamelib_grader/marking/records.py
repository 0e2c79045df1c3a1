"""What grading leaves for the teacher, all under one output folder:

- ``results/<file>.json``: one file per submission, written (atomically) the moment it is graded; a later
  run reads them back instead of grading again (unless ``--regrade``);
- ``<set>-results.csv``: the gradebook, rebuilt from those files on every run — one row per submission with
  its ``key``, the student's identity (the class list's name when it matched one), status, whether it
  ``counts`` for its student, each question's score, the automatic ``score``, an empty column per
  hand-graded question, the ``total`` (empty while a hand mark is missing), the ``total possible`` including
  the hand-graded points, and its flags (gamelib_grader/integrity/flags.py), most important first: those about
  the file alone, and its part in each pair or group of students (gamelib_grader/integrity/cases.py: "COPIED
  FROM ...", "WORK APPEARS IN A COPY: ...", "SHARED WITH ..."), each flag once;
- ``answers/<question>.md``: every student's written answer to one question, from the submission that
  counts, to mark in one pass;
- ``feedback/<student>.md`` (gamelib_grader/reporting/coursesite.py): what a student may be given, for the submission
  that counts: :func:`feedback_text`, each question's score and messages that never quote a hidden test;
- ``not-graded-files.csv``: every file found that is not a submission, with the reason;
- ``hand-marks.json``: the hand marks merged in with ``--merge-manual``, kept under each submission's key
  (gamelib_grader/marking/handmarks.py).

A submission's **key** (:func:`submission_key`) is made from its path in the download *and its bytes*: hand
marks are matched by it, never by a file name a student chose (``" alice.ipynb"`` is not ``"alice.ipynb"``,
whatever a spreadsheet shows), and a submission handed in again gets a new key, so the marks given to the
answer the teacher read do not count for the new one.

Every text that came from a student is made harmless for where it goes (gamelib_grader/safetext.py).
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, fields
from pathlib import Path

from gamelib_grader import safetext
from gamelib_grader.intake.homework_set import GRADER_VERSION, HomeworkSet
from gamelib_grader.intake.layout import Skipped
from gamelib_grader.intake.roster import Roster
from gamelib_grader.integrity.cases import flags_column
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.integrity.identity_flags import all_flags
from gamelib_grader.marking.grader import GRADED_WITH_PROBLEMS, NOT_GRADED, Outcome


def slug(file: str) -> str:
    """A safe, unique file name for a submission's path (readable part plus a short hash).

    >>> slug("Alice Smith_123_assignsubmission_file_/hw1.ipynb")
    'Alice-Smith_123_assignsubmission_file_-hw1.ipynb-6e3770be'
    """
    readable = re.sub(r"[^A-Za-z0-9._-]+", "-", file).strip("-.")[:80] or "submission"
    return f"{readable}-{hashlib.sha256(file.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


def submission_key(o: Outcome) -> str:
    """The key hand marks are kept under: from the submission's path in the download and the hash of its bytes.
    It starts with a letter so that no spreadsheet takes it for a number.

    >>> key = submission_key(Outcome("alice.ipynb", sha256="0" * 64))
    >>> key == submission_key(Outcome(" alice.ipynb", sha256="0" * 64))
    False
    >>> key != submission_key(Outcome("alice.ipynb", sha256="1" * 64)) and (key[:2], len(key))
    ('k-', 18)
    """
    text = f"{o.file}\0{o.sha256}".encode("utf-8", "surrogatepass")
    return "k-" + hashlib.sha256(text).hexdigest()[:16]


def save_outcome(outcome: Outcome, folder: Path, settings: dict | None = None, final: bool = True) -> Path:
    """Write one submission's result file (a temporary file renamed over it: never half written), with the
    ``settings`` it was graded with. A result that is not ``final`` (stopped at the time limit while other
    sandboxes ran beside it) is kept for the gradebook but never reused."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug(outcome.file)}.json"
    temporary = path.with_suffix(".tmp")
    data = {**asdict(outcome), "settings": settings or {}, "final": final}
    temporary.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


def load_outcome(folder: Path, file: str, sha256: str, sandboxed: bool, tests_digest: str,
                 settings: dict | None = None) -> Outcome | None:
    """The saved result for this exact submission (same bytes, tests, grader version, sandboxing and every
    setting that can change a result: the identity the name pattern read, the memory limit, a time limit under
    which it ends the same way), if it is final; else None."""
    path = folder / f"{slug(file)}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        outcome = Outcome(**{f.name: data[f.name] for f in fields(Outcome) if f.name in data})
    except (OSError, ValueError, TypeError):
        return None
    settings, saved_settings = dict(settings or {}), dict(data.get("settings", {}))
    timeout, saved_timeout = settings.pop("timeout", None), saved_settings.pop("timeout", None)
    saved = (outcome.file, outcome.sha256, outcome.sandboxed, outcome.tests_digest, outcome.grader_version,
             saved_settings, data.get("final", False))
    if saved != (file, sha256, sandboxed, tests_digest, GRADER_VERSION, settings, True):
        return None
    if timeout != saved_timeout and not _same_under(timeout, saved_timeout, outcome.seconds):
        return None
    return outcome


def _same_under(timeout: float | None, saved_timeout: float | None, seconds: float) -> bool:
    """Whether a result that took ``seconds`` under the time limit ``saved_timeout`` holds under ``timeout``: it
    finished and would finish under the new limit too, or it was stopped and the new limit is no longer."""
    if timeout is None or saved_timeout is None:
        return False
    if seconds < saved_timeout:
        return seconds < timeout
    return timeout <= saved_timeout


def _cell(value: object) -> str:
    """Text for a spreadsheet cell (see :func:`safetext.csv_cell`)."""
    return safetext.csv_cell(value)


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def marks_of(o: Outcome, hand_marks: dict[str, dict[str, float]]) -> dict[str, float]:
    """The hand marks of one submission: those kept under its key (:func:`submission_key`)."""
    return hand_marks.get(submission_key(o), {})


def total_of(o: Outcome, homework: HomeworkSet, marks: dict[str, float]) -> float | None:
    """The automatic score plus the hand marks, once every written question has its mark (None before: a
    question not yet marked is not a 0)."""
    if o.score is None or any(q.name not in marks for q in homework.written):
        return None
    return o.score + sum(marks[q.name] for q in homework.written)


def manual_column(question) -> str:
    return f"{question.name} (by hand, {question.points:g})"


def write_gradebook(outcomes: list[Outcome], homework: HomeworkSet, path: Path,
                    hand_marks: dict[str, dict[str, float]], notes: dict[str, list[FlagEntry]] | None = None,
                    roster: Roster | None = None, counted: set[str] | None = None) -> None:
    """The gradebook CSV (see the module docstring); ``notes`` adds flags per file; ``counted`` (the files
    that count for their student) fills the ``counts`` column."""
    manual_total = sum(q.points for q in homework.written)
    header = ["key", "file", "student", "site_id", "student_id", "status", "counts", "score", "possible"]
    header += [f"{q.name} ({q.points:g})" for q in homework.autograded]
    header += [manual_column(q) for q in homework.written]
    header += ["total", "total possible", "not yet marked", "sandbox", "flags", "problems"]
    column = flags_column(outcomes, all_flags(outcomes, roster, counted, notes))
    with open(path, "w", newline="", encoding="utf-8", errors="replace") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        for o in sorted(outcomes, key=lambda o: (o.who.casefold(), o.file)):
            marks = marks_of(o, hand_marks)
            counts = "" if counted is None else ("yes" if o.file in counted else "no")
            row = [submission_key(o), _cell(o.file), _cell(o.who), _cell(o.site_id), _cell(o.student_id), o.status,
                   counts, _number(o.score), _number(o.possible)]
            row += [_number(o.questions[q.name]["score"]) if q.name in o.questions else "" for q in homework.autograded]
            row += [_number(marks.get(q.name)) for q in homework.written]
            unmarked = [q.name for q in homework.written if q.name not in marks] if o.status != NOT_GRADED else []
            row += [_number(total_of(o, homework, marks)),
                    _number(None if o.possible is None else o.possible + manual_total), " ".join(unmarked),
                    "sandboxed" if o.sandboxed else "UNSANDBOXED (trusted run)"]
            row += [_cell(column[o.file]), _cell(" / ".join(o.problems))[:2000]]
            writer.writerow(row)


def write_details(outcomes: list[Outcome], homework: HomeworkSet, path: Path) -> None:
    """Every detail of every submission in one JSON file (for the teacher: it names failed hidden tests)."""
    data = {"set": homework.name, "autograder": str(homework.autograder_zip),
            "questions": [{"name": q.name, "points": q.points, "manual": q.manual} for q in homework.questions],
            "submissions": [asdict(o) for o in sorted(outcomes, key=lambda o: o.file)]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _inline(text: str) -> str:
    """A file name or a typed id for one line of Markdown (see :func:`safetext.markdown_inline`)."""
    return safetext.markdown_inline(text)


def _who(o: Outcome) -> str:
    parts = [o.who]
    if o.student_id:
        parts.append(f"student_id {o.student_id}")
    return _inline(", ".join(parts))


def _safe(text: str) -> str:
    """A message (that may quote a student's value) for one line of Markdown (see
    :func:`safetext.markdown_message`)."""
    return safetext.markdown_message(text)


def _quote(text: str) -> str:
    """Markdown block quote of a student's text (see :func:`safetext.markdown_block`)."""
    return safetext.markdown_block(text)


def write_answer_files(outcomes: list[Outcome], homework: HomeworkSet, folder: Path,
                       counted: set[str] | None = None) -> list[Path]:
    """One Markdown file per written question: the question, then every student's answer under their name;
    with ``counted`` (the files that count for their student), only those: an earlier submission's answer is
    not the one to mark."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    graded = [o for o in outcomes if o.status != NOT_GRADED]
    shown = [o for o in graded if counted is None or o.file in counted]
    ordered_ = sorted(shown, key=lambda o: (o.who.casefold(), o.file))
    left_out = len(graded) - len(shown)
    for question in homework.written:
        blocks = [f"# {homework.name}, {question.name}: written answers ({question.points:g} points each)",
                  _quote(question.prompt), f"Mark each answer in the gradebook's column "
                  f"`{manual_column(question)}`, then run the grader again with `--merge-manual GRADEBOOK`."]
        if left_out:
            blocks.append(f"Each student's answer is the one of the submission that counts for them (the "
                          f"gradebook's `counts` column); {left_out} earlier or other submission(s) are left out.")
        for o in ordered_:
            blocks.append(f"## {_who(o)}\n\nFile: {_inline(o.file)}\n\n{_quote(o.written.get(question.name, ''))}")
        path = folder / f"{question.name}.md"
        path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8", errors="replace")
        written.append(path)
    return written


def feedback_text(o: Outcome, homework: HomeworkSet, marks: dict[str, float], grade: Sequence[str] = (),
                  scores: bool = True, number: Callable[[float], str] = _number) -> str:
    """What one student may read: scores and messages, never a hidden test's code or expected value; ``grade``
    adds lines about the grade the course site gets (the grader's own words, in Markdown); without ``scores``
    (a grade the course site keeps as the teacher set it) the messages come alone, no score beside that grade;
    ``number`` writes a score as the course site writes numbers (``5,5`` where it writes a decimal comma)."""
    lines = [f"# {homework.name}: feedback", "", f"Submission: {_inline(o.file)}" + (f" ({_inline(o.who)})"
                                                                                      if o.student or o.name else "")]
    if grade:
        lines += ["", *grade]
    if o.notices:
        lines += ["", *[f"**Note.** {_safe(n)}" for n in o.notices]]
    if o.status == NOT_GRADED:
        lines += ["", "This file could not be graded: " + _safe("; ".join(o.problems[:3])), ""]
        return "\n".join(lines) + "\n"
    if scores:
        lines += ["", f"Automatic score: **{number(o.score or 0)} of {number(o.possible or 0)}**", "",
                  "| Question | Score | What to look at |", "|---|---|---|"]
    else:
        lines += ["", "| Question | What to look at |", "|---|---|"]
    for q in homework.autograded:
        result = o.questions.get(q.name, {"score": 0, "feedback": []})
        said = _safe(" ".join(result["feedback"])) or ("All checks pass." if result["score"] >= q.points else "")
        score = f" {number(result['score'])} / {number(q.points)} |" if scores else ""
        lines.append(f"| {q.name} |{score} {said} |")
    for q in homework.written:
        mark = marks.get(q.name)
        score = f" {'to be marked' if mark is None else number(mark)} / {number(q.points)} |" if scores else ""
        lines.append(f"| {q.name} (written) |{score} Marked by hand by your teacher. |")
    student_problems = [p for p in o.problems if not p.startswith("the notebook ran with student_id")]
    if o.status == GRADED_WITH_PROBLEMS and student_problems:
        lines += ["", "Problems found while running your notebook:", ""]
        lines += [f"- {_safe(p)}" for p in student_problems[:10]]
    return "\n".join(lines) + "\n"


def write_skipped(skipped: list[Skipped], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8", errors="replace") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "why it was not graded"])
        writer.writerows([_cell(s.file), _cell(s.reason)] for s in skipped)


