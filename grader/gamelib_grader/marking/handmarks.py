"""Hand marks: the marks a teacher gives the written answers, read from the gradebook and kept.

The teacher fills in the gradebook's hand-graded columns and gives it back with ``--merge-manual``
(:func:`read_hand_marks`, :func:`merge_manual`); the marks are kept in the output folder's
``hand-marks.json`` under each submission's key (:func:`grading.records.submission_key`: its path and its
bytes, never a name a student chose). A submission handed in again since it was marked gets a new key: its
student's earlier marks are not used for it, and it is flagged ``handed-in-after-marking``
(:func:`hand_marks_for`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gamelib_grader.intake.csvtext import NotACsv, read_rows
from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.integrity.flags import flag as make_flag
from gamelib_grader.integrity.identity_flags import owner
from gamelib_grader.marking import records
from gamelib_grader.marking.grader import NOT_GRADED, Outcome


def _stored_marks(out: Path) -> dict[str, dict]:
    """``hand-marks.json``: {submission key: {"file": path in the download, "marks": {question: mark}}}."""
    path = out / "hand-marks.json"
    if not path.exists():
        return {}
    stored = json.loads(path.read_text(encoding="utf-8"))
    return {key: value for key, value in stored.items() if isinstance(value, dict) and "marks" in value}


def hand_marks_for(outcomes: list[Outcome], out: Path
                   ) -> tuple[dict[str, dict[str, float]], dict[str, list[FlagEntry]]]:
    """The hand marks kept in ``out`` by submission key, and a flag for each submission handed in since its
    student's marks were given (those marks are not used: they were for the answer the teacher read). The
    student is told by the file's path, or by who the file is from (a resubmission on Canvas has a new name)."""
    stored = _stored_marks(out)
    current = {records.submission_key(o) for o in outcomes}
    unmarked = [o for o in outcomes if records.submission_key(o) not in stored and o.status != NOT_GRADED]
    notes: dict[str, list[FlagEntry]] = {}
    for key, entry in stored.items():
        if key in current:
            continue
        again = [o for o in unmarked if o.file == entry.get("file")] or [
            o for o in unmarked if entry.get("owner") and owner(o) == entry.get("owner")]
        given = ", ".join(f"{q}: {m:g}" for q, m in sorted(entry["marks"].items()))
        for o in again:
            notes.setdefault(o.file, []).append(make_flag("handed-in-after-marking", [], (
                f"handed in again after hand marking: the marks given to the earlier version ({entry.get('file')}: "
                f"{given}) are not used; mark this one")))
    return {key: entry["marks"] for key, entry in stored.items() if key in current}, notes


def merge_manual(path: Path, homework: HomeworkSet, out: Path, outcomes: list[Outcome], report=print) -> int:
    """Add the hand marks of ``path`` (a gradebook with marks filled in) to those kept in the output folder,
    matched by submission key; the number of marks taken. A row whose key is no submission of this run (one
    handed in again since that gradebook was written) is named and left out."""
    new = read_hand_marks(path, homework)
    by_key = {records.submission_key(o): o for o in outcomes}
    stored = _stored_marks(out)
    taken = 0
    for key, by_question in new.items():
        if key not in by_key:
            report(f"not merged: the marks for {key} ({', '.join(sorted(by_question))}) belong to no submission of "
                   "this run (handed in again since that gradebook was written?): mark the new gradebook's row")
            continue
        entry = stored.setdefault(key, {"file": by_key[key].file, "owner": owner(by_key[key]), "marks": {}})
        entry["marks"].update(by_question)
        taken += len(by_question)
    out.mkdir(parents=True, exist_ok=True)
    (out / "hand-marks.json").write_text(json.dumps(stored, indent=1) + "\n", encoding="utf-8")
    return taken


def read_hand_marks(path: Path, homework: HomeworkSet) -> dict[str, dict[str, float]]:
    """Hand marks by submission key, from a CSV (read as the class list is: comma, semicolon or tab; UTF-8,
    cp1252 or Latin-1, see intake/csvtext.py) with a ``key`` column and one column per written question (the
    gradebook's own ``q6 (by hand, 2)``, or just ``q6``). Empty cells are skipped; a mark must be a number
    from 0 to the question's points, and a row with a mark must have its key, else this stops and names the
    row and value."""
    try:
        table = read_rows(path, "the marked gradebook", keep_blank=True)
    except NotACsv as error:
        raise SystemExit(str(error)) from None
    header = [c.strip() for c in table[0]] if table else []
    rows = [dict(zip(header, row, strict=False)) for row in table[1:]]
    if "key" not in header:
        raise SystemExit(f"{path}: expected the gradebook with a 'key' column (the row's submission), with marks "
                         f"filled in; its first line has the columns {header[:6]}"
                         + (": a gradebook written before keys existed? grade again and mark the new one"
                            if header and "file" in header else ""))
    columns = {}
    for q in homework.written:
        matches = [c for c in header if c and re.match(rf"^{re.escape(q.name)}(\s|$)", c.strip())]
        if matches:
            columns[q.name] = matches[0]
    if not columns:
        raise SystemExit(f"{path}: no column for a hand-graded question; expected one of "
                         f"{[records.manual_column(q) for q in homework.written]}")
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
            where = f"{path}, line {number} ({row.get('file', '')})"
            if not 0 <= mark <= points[question]:
                raise SystemExit(f"{where}: the mark {text!r} for {question} must be a number from 0 to "
                                 f"{points[question]:g}")
            key = (row.get("key") or "").strip()
            if not re.fullmatch(r"k-[0-9a-f]{16}", key):
                raise SystemExit(f"{where}: a mark for {question} but no key ({key!r}): the key column says which "
                                 "submission a row is; copy it back from the gradebook")
            marks.setdefault(key, {})[question] = mark
    return marks
