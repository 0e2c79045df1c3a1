"""What changed since the last run, for whom: the class report's "after a regrade" section.

Each run keeps a snapshot of every student's counted file, score, total, grade, late penalty and state in
the output folder (``class-snapshot.json``); the next run compares its own with it and, when anything
differs, keeps the differences in words with the time (``changes.json``), which the class report shows
(report.py) until a later run changes something again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Literal, TypedDict

from gamelib_grader.reporting.classgrades import ClassGrades
from gamelib_grader.reporting.sitenumbers import SiteNumbers


class StudentState(TypedDict):
    """One student in a snapshot: the counted file and its numbers (``late``: the penalty in percent)."""

    student: str
    file: str | None
    score: float | None
    total: float | None
    grade: float | None
    late: float
    state: str


class Change(TypedDict):
    """What changed for one student, in words."""

    student: str
    what: str


class LatestChanges(TypedDict, total=False):
    """The last run that changed anything (empty before the first): when, and what."""

    at: str
    changes: list[Change]


#: The numbers a regrade can change, and how the report names each.
COMPARED: tuple[tuple[Literal["score", "total", "grade", "late"], str], ...] = (
    ("score", "automatic score"), ("total", "total"), ("grade", "grade"), ("late", "late penalty %"))


def snapshot(grades: ClassGrades) -> dict[str, StudentState]:
    """What a later run compares against: per student, the counted file and its numbers."""
    shot: dict[str, StudentState] = {}
    for e in grades.entries + grades.not_on_roster:
        key = f"{e.label}|{e.student.site_id if e.student and e.student.site_id else ''}"
        o = e.outcome
        shot[key] = {"student": e.label, "file": o.file if o else None, "score": o.score if o else None,
                     "total": e.total, "grade": e.grade, "late": e.lateness.percent if e.lateness.late else 0.0,
                     "state": e.state}
    return shot


def changes_between(before: dict[str, StudentState], after: dict[str, StudentState],
                    numbers: SiteNumbers | None = None) -> list[Change]:
    """What differs per student between two snapshots, in words (``numbers``: as the course site writes them).

    >>> a = {"Ann|1": {"student": "Ann", "file": "a", "score": 9, "total": None, "grade": None, "late": 0,
    ...                "state": "not yet marked"}}
    >>> b = {"Ann|1": {**a["Ann|1"], "score": 11, "total": 13, "grade": 13, "state": "graded"}}
    >>> changes_between(a, b)[0]["what"]
    'automatic score 9 → 11; total – → 13; grade – → 13'
    """
    changed: list[Change] = []
    numbers = numbers or SiteNumbers()
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        if old is None and new is not None:
            changed.append({"student": new["student"], "what": "new on this run"})
            continue
        if old is not None and new is None:
            changed.append({"student": old["student"], "what": "no longer in the run"})
            continue
        if old is None or new is None:  # both missing: equal, skipped above
            continue
        words = []
        if old["file"] != new["file"]:
            words.append(f"counted file {old['file']} → {new['file']}")
        for name, label in COMPARED:
            if old[name] != new[name]:
                write = numbers.grade if name == "grade" else numbers.number
                words.append(f"{label} {_n(old[name], write)} → {_n(new[name], write)}")
        if words:
            changed.append({"student": new["student"], "what": "; ".join(words)})
    return changed


def _n(value: float | None, write: Callable[[float], str]) -> str:
    return "–" if value is None else write(value)


def record_changes(out: Path, grades: ClassGrades) -> LatestChanges:
    """Compare this run with the last one kept in ``out`` and keep this one; the latest change (``{"at": time,
    "changes": [...]}``) — from this run, or the last run that changed anything."""
    shot_path, changes_path = out / "class-snapshot.json", out / "changes.json"
    before = json.loads(shot_path.read_text(encoding="utf-8")) if shot_path.exists() else None
    after = snapshot(grades)
    latest: LatestChanges = json.loads(changes_path.read_text(encoding="utf-8")) if changes_path.exists() else {}
    if before is not None:
        changed = changes_between(before, after, grades.numbers)
        if changed:
            latest = {"at": datetime.now().astimezone().isoformat(timespec="seconds"), "changes": changed}
            changes_path.write_text(json.dumps(latest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    shot_path.write_text(json.dumps(after, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return latest
