"""What grading leaves for the teacher, all under one output folder:

- ``results/<file>.json``: one file per submission, written (atomically) the moment it is graded; a later
  run reads them back instead of grading again (unless ``--regrade``);
- ``<set>-results.csv``: the gradebook, rebuilt from those files on every run — one row per submission with
  the student's identity, status, each question's score, the automatic ``score``, an empty column per
  hand-graded question, the ``total`` and the ``total possible`` including the hand-graded points;
- ``answers/<question>.md``: every student's written answer to one question, to mark in one pass;
- ``feedback/<student>.md``: what a student may be given: each question's score and messages that never
  quote a hidden test;
- ``not-graded-files.csv``: every file found that is not a submission, with the reason;
- ``hand-marks.json``: the hand marks merged in with ``--merge-manual``.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import re
from dataclasses import asdict, fields
from pathlib import Path

from .grader import GRADED_WITH_PROBLEMS, GRADER_VERSION, NOT_GRADED, HomeworkSet, Outcome
from .layout import Skipped


def slug(file: str) -> str:
    """A safe, unique file name for a submission's path (readable part plus a short hash).

    >>> slug("Alice Smith_123_assignsubmission_file_/hw1.ipynb")
    'Alice-Smith_123_assignsubmission_file_-hw1.ipynb-6e3770be'
    """
    readable = re.sub(r"[^A-Za-z0-9._-]+", "-", file).strip("-.")[:80] or "submission"
    return f"{readable}-{hashlib.sha256(file.encode()).hexdigest()[:8]}"


def save_outcome(outcome: Outcome, folder: Path) -> Path:
    """Write one submission's result file (a temporary file renamed over it: never half written)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{slug(outcome.file)}.json"
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(asdict(outcome), indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


def load_outcome(folder: Path, file: str, sha256: str, sandboxed: bool, tests_digest: str) -> Outcome | None:
    """The saved result for this exact submission (same bytes, tests, grader version and sandboxing), or None."""
    path = folder / f"{slug(file)}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        outcome = Outcome(**{f.name: data[f.name] for f in fields(Outcome) if f.name in data})
    except (OSError, ValueError, TypeError):
        return None
    saved = (outcome.file, outcome.sha256, outcome.sandboxed, outcome.tests_digest, outcome.grader_version)
    if saved != (file, sha256, sandboxed, tests_digest, GRADER_VERSION):
        return None
    return outcome


def _cell(value: object) -> str:
    """Text for a spreadsheet cell: one line, and never taken for a formula (=, +, -, @ at the start)."""
    text = "" if value is None else str(value)
    text = " ".join(text.split())
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def marks_of(o: Outcome, hand_marks: dict[str, dict[str, float]]) -> dict[str, float]:
    """The hand marks of one submission, kept under its file name as the gradebook's cell shows it (one line,
    a quote before a formula sign, see :func:`_cell`) when that differs from the name itself."""
    return hand_marks.get(o.file) or hand_marks.get(_cell(o.file).lstrip("'"), {})


def manual_column(question) -> str:
    return f"{question.name} (by hand, {question.points:g})"


def flags(outcomes: list[Outcome]) -> dict[str, list[str]]:
    """Identity problems per file: an id typed differently from the one in the file name, the same student
    id in several submissions, several submissions from one student. (Copying is flagged by
    tools/grading/copying.py: every student's numbers now come from the id and the course code.)"""
    found: dict[str, list[str]] = {o.file: [] for o in outcomes}
    by_id: dict[str, list[Outcome]] = {}
    by_name: dict[str, list[Outcome]] = {}
    for o in outcomes:
        if o.named_id and o.student_id and o.named_id.strip().casefold() != o.student_id.strip().casefold():
            found[o.file].append(f"ID MISMATCH: the file name says {o.named_id!r}, the notebook {o.student_id!r}")
        if o.student_id:
            by_id.setdefault(o.student_id.strip().casefold(), []).append(o)
        if o.name:
            by_name.setdefault(f"{o.name.casefold()}|{o.site_id or ''}", []).append(o)
    for group in by_id.values():
        names = {(o.name or "").casefold() for o in group}
        if len(group) > 1 and len(names) > 1:
            for o in group:
                others = ", ".join(x.file for x in group if x is not o)
                found[o.file].append(f"DUPLICATE ID: student_id {o.student_id!r} is also typed in {others}")
    for group in by_name.values():
        if len(group) > 1:
            for o in group:
                others = ", ".join(x.file for x in group if x is not o)
                found[o.file].append(f"SEVERAL SUBMISSIONS from {o.name}: also {others}")
    return found


def write_gradebook(outcomes: list[Outcome], homework: HomeworkSet, path: Path,
                    hand_marks: dict[str, dict[str, float]]) -> None:
    """The gradebook CSV (see the module docstring)."""
    manual_total = sum(q.points for q in homework.written)
    header = ["file", "student", "site_id", "student_id", "status", "score", "possible"]
    header += [f"{q.name} ({q.points:g})" for q in homework.autograded]
    header += [manual_column(q) for q in homework.written]
    header += ["total", "total possible", "sandbox", "flags", "problems"]
    identity_flags = flags(outcomes)
    with open(path, "w", newline="", encoding="utf-8", errors="replace") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        for o in sorted(outcomes, key=lambda o: ((o.name or o.file).casefold(), o.file)):
            marks = marks_of(o, hand_marks)
            row = [_cell(o.file), _cell(o.name), _cell(o.site_id), _cell(o.student_id), o.status,
                   _number(o.score), _number(o.possible)]
            row += [_number(o.questions[q.name]["score"]) if q.name in o.questions else "" for q in homework.autograded]
            row += [_number(marks.get(q.name)) for q in homework.written]
            total = None if o.score is None else o.score + sum(marks.get(q.name, 0) for q in homework.written)
            row += [_number(total), _number(None if o.possible is None else o.possible + manual_total),
                    "sandboxed" if o.sandboxed else "UNSANDBOXED (trusted run)"]
            row += [_cell(" / ".join(identity_flags[o.file])), _cell(" / ".join(o.problems))[:2000]]
            writer.writerow(row)


def write_details(outcomes: list[Outcome], homework: HomeworkSet, path: Path) -> None:
    """Every detail of every submission in one JSON file (for the teacher: it names failed hidden tests)."""
    data = {"set": homework.name, "autograder": str(homework.autograder_zip),
            "questions": [{"name": q.name, "points": q.points, "manual": q.manual} for q in homework.questions],
            "submissions": [asdict(o) for o in sorted(outcomes, key=lambda o: o.file)]}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def _inline(text: str) -> str:
    """Text from a file name or a typed id for one line of Markdown: no line breaks (so no heading or block
    of its own), no raw HTML, and Markdown's own marks (links, images, code, emphasis) shown as they are."""
    return re.sub(r"([\\`*\[\]])", r"\\\1", " ".join(_safe(text).split()))


def _who(o: Outcome) -> str:
    parts = [o.name or o.file]
    if o.student_id:
        parts.append(f"student_id {o.student_id}")
    return _inline(", ".join(parts))


def _safe(text: str) -> str:
    """Student text for a Markdown file: no raw HTML (< and > escaped)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _quote(text: str) -> str:
    """Markdown block quote of a student's text (so their headings cannot break the file's structure)."""
    lines = _safe(text).strip().splitlines() or ["(no answer)"]
    return "\n".join("> " + line for line in lines)


def write_answer_files(outcomes: list[Outcome], homework: HomeworkSet, folder: Path) -> list[Path]:
    """One Markdown file per written question: the question, then every student's answer under their name."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    ordered = sorted(outcomes, key=lambda o: ((o.name or o.file).casefold(), o.file))
    for question in homework.written:
        blocks = [f"# {homework.name}, {question.name}: written answers ({question.points:g} points each)",
                  _quote(question.prompt), f"Mark each answer in the gradebook's column "
                  f"`{manual_column(question)}`, then run the grader again with `--merge-manual GRADEBOOK`."]
        for o in ordered:
            if o.status == NOT_GRADED:
                continue
            blocks.append(f"## {_who(o)}\n\nFile: {_inline(o.file)}\n\n{_quote(o.written.get(question.name, ''))}")
        path = folder / f"{question.name}.md"
        path.write_text("\n\n".join(blocks) + "\n", encoding="utf-8", errors="replace")
        written.append(path)
    return written


def feedback_text(o: Outcome, homework: HomeworkSet, marks: dict[str, float]) -> str:
    """What one student may read: scores and messages, never a hidden test's code or expected value."""
    lines = [f"# {homework.name}: feedback", "", f"Submission: {_inline(o.file)}" + (f" ({_who(o)})" if o.name else "")]
    if o.status == NOT_GRADED:
        lines += ["", "This file could not be graded: " + _safe("; ".join(o.problems[:3])), ""]
        return "\n".join(lines) + "\n"
    lines += ["", f"Automatic score: **{o.score:g} of {o.possible:g}**", "",
              "| Question | Score | What to look at |", "|---|---|---|"]
    for q in homework.autograded:
        result = o.questions.get(q.name, {"score": 0, "feedback": []})
        said = _safe(" ".join(result["feedback"])) or ("All checks pass." if result["score"] >= q.points else "")
        lines.append(f"| {q.name} | {result['score']:g} / {q.points:g} | {said.replace('|', '/')} |")
    for q in homework.written:
        mark = marks.get(q.name)
        lines.append(f"| {q.name} (written) | {'to be marked' if mark is None else f'{mark:g}'} / {q.points:g} "
                     "| Marked by hand by your teacher. |")
    student_problems = [p for p in o.problems if not p.startswith("the notebook ran with student_id")]
    if o.status == GRADED_WITH_PROBLEMS and student_problems:
        lines += ["", "Problems found while running your notebook:", ""]
        lines += [f"- {_safe(p)}" for p in student_problems[:10]]
    return "\n".join(lines) + "\n"


def write_feedback(outcomes: list[Outcome], homework: HomeworkSet, folder: Path,
                   hand_marks: dict[str, dict[str, float]]) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for o in outcomes:
        path = folder / f"{slug(o.name or o.file)}.md"
        if path in paths:  # two submissions from one student: one feedback file each
            path = folder / f"{slug(o.file)}.md"
        path.write_text(feedback_text(o, homework, marks_of(o, hand_marks)), encoding="utf-8", errors="replace")
        paths.append(path)
    return paths


def write_skipped(skipped: list[Skipped], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8", errors="replace") as f:
        writer = csv.writer(f)
        writer.writerow(["file", "why it was not graded"])
        writer.writerows([_cell(s.file), _cell(s.reason)] for s in skipped)


def read_hand_marks(path: Path, homework: HomeworkSet) -> dict[str, dict[str, float]]:
    """Hand marks from a CSV with a ``file`` column and one column per written question (the gradebook's own
    ``q6 (by hand, 2)``, or just ``q6``). Empty cells are skipped; a mark must be a number from 0 to the
    question's points, else this stops and names the row and value."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    if not rows or "file" not in rows[0]:
        raise SystemExit(f"{path}: expected a CSV with a 'file' column (the gradebook, with marks filled in)")
    columns = {}
    for q in homework.written:
        matches = [c for c in rows[0] if c and re.match(rf"^{re.escape(q.name)}(\s|$)", c.strip())]
        if matches:
            columns[q.name] = matches[0]
    if not columns:
        raise SystemExit(f"{path}: no column for a hand-graded question; expected one of "
                         f"{[manual_column(q) for q in homework.written]}")
    marks: dict[str, dict[str, float]] = {}
    points = {q.name: q.points for q in homework.written}
    for number, row in enumerate(rows, start=2):
        for question, column in columns.items():
            text = (row.get(column) or "").strip()
            if not text:
                continue
            try:
                mark = float(text.replace(",", "."))
            except ValueError:
                mark = float("nan")
            if not 0 <= mark <= points[question]:
                raise SystemExit(f"{path}, line {number} ({row['file']}): the mark {text!r} for {question} must "
                                 f"be a number from 0 to {points[question]:g}")
            marks.setdefault(row["file"].lstrip("'"), {})[question] = mark
    return marks
