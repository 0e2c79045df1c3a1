"""Grades and feedback back to the course site: one grade per student of the class list.

:func:`class_grades` decides, for each student of the roster (tools/grading/roster.py), which submission
counts (the rule: ``latest`` by default, else ``best`` or ``first``), its total (the automatic score plus the
hand marks; none while a hand-marked question is not marked yet: never a 0 for it), the grade on the
course's points (scaled from the set's points), and the late penalty (tools/grading/late.py). A student with
no submission has no grade (missing, not 0); a submission that matches nobody on the roster is listed.

The files written (each checked against the format the course site documents and reads):

- ``canvas-import.csv``: Canvas's gradebook import ("Grades › Import"): ``Student, ID, SIS User ID,
  SIS Login ID, Section`` and the assignment's column as Canvas exported it (``Title (id)``), a ``Points
  Possible`` row, one row per student. A student without a new grade gets the score the export has for them,
  unchanged: Canvas takes a blank where a score was as a change, and clears the score.
- ``moodle-grading-worksheet.csv``: Moodle's assignment "Upload grading worksheet": the worksheet as it was
  downloaded (every column, Moodle's own header: ``Identifier`` "Participant N", ``Grade``, ``Maximum Grade``,
  ``Last modified (grade)``, which makes Moodle skip a grade changed on the site since, ...) with ``Grade`` and
  ``Feedback comments`` filled in; a student without a new grade keeps the worksheet's grade and comment
  (Moodle imports a changed comment even where it skips the grade). From a participants list, those columns
  with Moodle's names.
- ``moodle-feedback.zip``: for the assignment's "Upload multiple feedback files in a zip": a folder per student
  named as Moodle names them in its download, ``Full Name_N_assignsubmission_file_``, holding
  ``<set>-feedback.md``.
- ``canvas-feedback.zip``: for the assignment's "Re-upload submissions": each student's notebook under the
  name Canvas gave it in the download (``name_userid_fileid_file.ipynb``), with the feedback as its first cell;
  Canvas attaches each to that student's submission as a comment (under the submitted file's name).
- ``course-grades.csv``: the same decisions in one table for the teacher: who, which file counted and how it was
  matched, total, grade, lateness, notes.
"""

from __future__ import annotations

import csv
import html
import json
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from pathlib import Path, PurePosixPath

from . import records, safetext
from .grader import NOT_GRADED, HomeworkSet, Outcome
from .ids import name_keys, normal_id
from .late import ON_TIME, Lateness, LateRuleError, Penalty, judge, local_zone, moodle_extension, parse_when
from .layout import Skipped, Submission, identity
from .roster import BY_TYPED_ID, CANVAS, MOODLE_WORKSHEET, Roster, Student, matcher

RULES = ("latest", "best", "first")
NO_SUBMISSION, NOT_GRADED_STATE, NOT_YET_MARKED, GRADED_STATE = ("no submission", "not graded", "not yet marked",
                                                                  "graded")
#: The worksheet's columns as Moodle names them (mod/assign/gradingtable.php, lang/en/assign.php: ``recordid``
#: "Identifier", ``maxgrade`` "Maximum Grade", ``lastmodifiedgrade`` "Last modified (grade)"; core "Full name",
#: "Grade"): written when the class list is a participants list; a worksheet's own header is written back as is.
MOODLE_COLUMNS = ("Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade",
                  "Grade can be changed", "Last modified (submission)", "Last modified (grade)", "Feedback comments")
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")
NO_PENALTY = Penalty()


@dataclass
class Entry:
    """One student's grade: who, which submission counts and why, and what it comes to."""

    label: str
    student: Student | None = None
    outcome: Outcome | None = None
    submission: Submission | None = None
    others: list[Outcome] = field(default_factory=list)
    how: str = ""
    total: float | None = None
    grade: float | None = None
    lateness: Lateness = ON_TIME
    notes: list[str] = field(default_factory=list)

    @property
    def state(self) -> str:
        if self.outcome is None:
            return NO_SUBMISSION
        if self.outcome.status == NOT_GRADED:
            return NOT_GRADED_STATE
        return NOT_YET_MARKED if self.total is None else GRADED_STATE


@dataclass
class ClassGrades:
    """Every student's grade (``entries``, in the roster's order) and what they were decided by."""

    entries: list[Entry]
    not_on_roster: list[Entry]
    roster: Roster | None
    points: float
    possible: float
    rule: str
    penalty: Penalty
    deadline: datetime | None


def read_extensions(path: Path, zone: tzinfo | None = None) -> list[tuple[str, datetime]]:
    """Extensions from a CSV with columns ``student`` (a name, e-mail, login, SIS id or the course site's
    number) and ``deadline`` (the student's own deadline)."""
    with open(path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    if not rows or not {"student", "deadline"} <= set(rows[0]):
        raise SystemExit(f"{path}: expected a CSV with the columns student and deadline (one row per extension)")
    found = []
    for number, row in enumerate(rows, start=2):
        try:
            found.append(((row["student"] or "").strip(), parse_when(row["deadline"] or "", zone)))
        except LateRuleError as error:
            raise SystemExit(f"{path}, line {number}: {error}") from None
    return found


def _extension_for(entry: Entry, extensions: list[tuple[str, datetime]], zone: tzinfo) -> datetime | None:
    keys: set[str] = set()
    names: set[str] = set()
    for s in filter(None, [entry.student]):
        keys |= s.ids | {normal_id(s.site_id or "")}
        names |= name_keys(s.name)
    if entry.submission is not None:
        keys |= {normal_id(x) for x in (entry.submission.site_id, entry.submission.student_id) if x}
        names |= name_keys(entry.submission.name or "")
    found = [when for text, when in extensions if normal_id(text) in keys - {""} or name_keys(text) & names]
    if entry.student is not None and entry.student.row.get("Status"):
        found += [x for x in [moodle_extension(entry.student.row["Status"], zone)] if x]
    return max(found) if found else None


def _submitted(entry: Entry, file_times: bool, zone: tzinfo) -> tuple[datetime | None, str]:
    """When the counted submission was handed in, and where that comes from."""
    row = entry.student.row if entry.student is not None else {}
    text = (row.get("Last modified (submission)") or "").strip()
    if text and text != "-":
        try:
            return parse_when(text, zone), "Moodle's worksheet"
        except LateRuleError:
            entry.notes.append(f"the worksheet's submission time {text!r} could not be read")
    if file_times and entry.submission is not None and entry.submission.modified is not None:
        return datetime.fromtimestamp(entry.submission.modified, zone), "the file's time in the download"
    return None, ""


def _order(o: Outcome, by_file: dict[str, Submission]) -> tuple:
    modified = by_file[o.file].modified if o.file in by_file else None
    return (modified if modified is not None else float("-inf"), o.file)


def _choose(entry: Entry, group: list[Outcome], rule: str, by_file: dict[str, Submission],
            homework: HomeworkSet, hand_marks: dict) -> None:
    if len(group) == 1:
        entry.outcome = group[0]
        return
    if rule == "best":
        def value(o: Outcome) -> tuple:
            total = records.total_of(o, homework, records.marks_of(o, hand_marks))
            return (total if total is not None else (o.score or 0), _order(o, by_file))
        chosen = max(group, key=value)
    else:
        ordered = sorted(group, key=lambda o: _order(o, by_file))
        chosen = ordered[-1] if rule == "latest" else ordered[0]
        times = [_order(o, by_file)[0] for o in group]
        if len(set(times)) < len(times) or float("-inf") in times:
            entry.notes.append(f"several submissions, and their times cannot tell which is the {rule}: took "
                               f"{chosen.file!r} by name; check it")
    entry.outcome = chosen
    entry.others = [o for o in group if o is not chosen]
    entry.notes.append(f"{len(group)} submissions; counted by the rule '{rule}': {chosen.file}")


def class_grades(outcomes: list[Outcome], submissions: list[Submission], homework: HomeworkSet,
                 hand_marks: dict[str, dict[str, float]], roster: Roster | None = None, *, rule: str = "latest",
                 points: float | None = None, deadline: datetime | None = None,
                 extensions: list[tuple[str, datetime]] = (), penalty: Penalty = NO_PENALTY,
                 file_times: bool = False, zone: tzinfo | None = None, skipped: list[Skipped] = ()) -> ClassGrades:
    """Each student's grade (see the module docstring). ``skipped`` (the files of the download that are not
    notebooks) lets a student without a notebook be told apart from one who handed nothing in."""
    if rule not in RULES:
        raise ValueError(f"the rule for several submissions must be one of {RULES}, not {rule!r}")
    zone = zone or local_zone()
    possible = sum(q.points for q in homework.questions)
    points = points or (roster.points if roster else None) or possible
    by_file = {s.file: s for s in submissions}
    groups: dict[int, list[Outcome]] = {}
    hows: dict[int, str] = {}
    loose: dict[str, list[Outcome]] = {}
    match = matcher(roster) if roster else None
    position = {id(student): index for index, student in enumerate(roster.students)} if roster else {}
    for o in outcomes:
        s = by_file.get(o.file)
        if match is not None:
            found = match(o.site_id, o.name, s.student_id if s else o.named_id, o.student_id)
            if found.student is not None:
                index = position[id(found.student)]
                groups.setdefault(index, []).append(o)
                hows.setdefault(index, found.how)
                continue
        loose.setdefault(f"{(o.name or o.file).casefold()}|{o.site_id or ''}", []).append(o)

    def finish(entry: Entry, group: list[Outcome]) -> Entry:
        _choose(entry, group, rule, by_file, homework, hand_marks)
        o = entry.outcome
        entry.submission = by_file.get(o.file)
        entry.total = records.total_of(o, homework, records.marks_of(o, hand_marks))
        extension = _extension_for(entry, extensions, zone)
        due = max(d for d in (deadline, extension) if d is not None) if (deadline or extension) else None
        submitted, source = _submitted(entry, file_times, zone)
        site_late = bool(entry.submission and entry.submission.late)
        entry.lateness = judge(penalty, due, submitted, source, site_late, extension is not None)
        if entry.total is not None:
            entry.grade = round(entry.total / possible * points * (1 - entry.lateness.percent / 100), 2)
        return entry

    entries = []
    if roster is not None:
        for index, student in enumerate(roster.students):
            entry = Entry(student.name, student, how=hows.get(index, ""))
            if index in groups:
                finish(entry, groups[index])
                if entry.how == BY_TYPED_ID:
                    entry.notes.append("matched to the class list only by the id typed in the notebook (the file "
                                       "name matched nobody): check that it is theirs")
            else:
                entry.notes += _nothing_graded(student, skipped, match)
            entries.append(entry)
    not_on_roster = [finish(Entry(group[0].name or group[0].file), group) for group in loose.values()]
    if roster is None:
        entries, not_on_roster = sorted(not_on_roster, key=lambda e: e.label.casefold()), []
    return ClassGrades(entries, not_on_roster, roster, points, possible, rule, penalty, deadline)


def _nothing_graded(student: Student, skipped: list[Skipped], match) -> list[str]:
    """Why a student of the class list has no notebook graded, when the download or the list says more than
    "no submission": files of theirs that are not notebooks, a status that says they handed something in."""
    notes = []
    theirs = []
    for s in skipped:
        who = identity(s.file)
        if who["site_id"] and match(who["site_id"], who["name"], None, None).student is student:
            theirs.append(f"{PurePosixPath(s.file).name} ({s.reason})")
    if theirs:
        notes.append("no notebook in the download; it has of theirs: " + "; ".join(theirs[:3]))
    status = (student.row.get("Status") or "").strip()
    if "submitted" in status.casefold() and "no submission" not in status.casefold():
        notes.append(f"the worksheet's status is {status[:80]!r}, but the download has no notebook of theirs")
    return notes


# --- what a student reads ------------------------------------------------------------------------------

def grade_lines(entry: Entry, grades: ClassGrades) -> list[str]:
    """The lines about the course grade in a student's feedback (Markdown; the grader's own words)."""
    lines = []
    if entry.grade is not None:
        lines.append(f"Grade: **{entry.grade:g} of {grades.points:g}**"
                     + (f" (total {entry.total:g} of {grades.possible:g})" if grades.points != grades.possible else ""))
    elif entry.state == NOT_YET_MARKED:
        lines.append("Grade: not given yet: a written answer is still to be marked by your teacher.")
    if entry.lateness.late:
        lines.append(f"Late: {safetext.markdown_message(entry.lateness.why)}.")
    return lines


def feedback_for(entry: Entry, grades: ClassGrades, homework: HomeworkSet, hand_marks: dict) -> str:
    return records.feedback_text(entry.outcome, homework, records.marks_of(entry.outcome, hand_marks),
                                 grade_lines(entry, grades))


def write_feedback(grades: ClassGrades, homework: HomeworkSet, hand_marks: dict, folder: Path) -> list[Path]:
    """``feedback/<student>.md``: one file per student who handed something in, for the submission that
    counts, with the grade and lateness lines (the same text the course sites' feedback files carry)."""
    if folder.exists():
        for old in folder.glob("*.md"):
            old.unlink()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for e in grades.entries + grades.not_on_roster:
        if e.outcome is None:
            continue
        site_id = e.student.site_id if e.student is not None else e.outcome.site_id
        name = re.sub(r"[^\w.-]+", "-", safetext.visible(e.label)).strip("-.")[:60] or "student"
        path = folder / f"{name}{f'_{site_id}' if site_id else ''}.md"
        if path in paths:
            path = folder / f"{records.slug(e.outcome.file)}.md"
        path.write_text(feedback_for(e, grades, homework, hand_marks), encoding="utf-8", errors="replace")
        paths.append(path)
    return paths


# --- the files for the course sites ---------------------------------------------------------------------

def _grade_text(grade: float | None) -> str:
    return "" if grade is None else f"{grade:.2f}".rstrip("0").rstrip(".")


def write_canvas(grades: ClassGrades, path: Path) -> Path:
    """Canvas's gradebook import file (see the module docstring)."""
    roster = grades.roster
    if roster is None or roster.kind != CANVAS:
        raise ValueError("a Canvas import file needs Canvas's gradebook export as the class list (--roster)")
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow([*CANVAS_COLUMNS, roster.assignment])
        writer.writerow(["    Points Possible", "", "", "", "", f"{grades.points:g}"])
        for e in grades.entries:
            s = e.student
            writer.writerow([safetext.csv_cell(s.name), s.site_id or "", safetext.csv_cell(s.sis_id),
                             safetext.csv_cell(s.login), safetext.csv_cell(s.section), _site_grade(e)])
    return path


def _site_grade(entry: Entry) -> str:
    """The grade for the course site's import: the new one, else the one the class list's export has now,
    unchanged (Canvas's importer takes a blank where a score was as a change and clears the score,
    lib/gradebook_importer.rb, no_change_to_value?; Moodle's skips a grade equal to the one it has)."""
    if entry.grade is not None:
        return _grade_text(entry.grade)
    current = entry.student.current_grade if entry.student is not None else ""
    return "" if current in ("-", None) else safetext.csv_cell(current)


def waiting(grades: ClassGrades) -> list[Entry]:
    """The students whose grade the import leaves as the course site has it: handed in, but not graded to the
    end (a written answer to mark, a file that could not be graded)."""
    return [e for e in grades.entries if e.grade is None and e.outcome is not None]


def _moodle_comment(entry: Entry, grades: ClassGrades, exported: str) -> str:
    """The worksheet's Feedback comments for a student. Moodle imports a changed comment even where it skips
    the grade (mod/assign/feedback/offline/locallib.php), so a row without a new grade keeps the comment the
    worksheet has (``exported``): no "Automatic score 11 of 11" beside a grade that stays 9. Moodle shows the
    comment as HTML: only the grader's own words, with HTML's own characters escaped (no apostrophe entity)."""
    if entry.outcome is None or entry.grade is None:
        return exported
    o = entry.outcome
    total = f", total {entry.total:g} of {grades.possible:g}" if grades.possible != o.possible else ""
    parts = [f"Grade {_grade_text(entry.grade)} of {grades.points:g}: automatic score {o.score:g} of "
             f"{o.possible:g}{total}."]
    if entry.lateness.late:
        parts.append(f"Late: {entry.lateness.why}.")
    parts.append("Details in the feedback file.")
    return html.escape(" ".join(parts), quote=False)


def _site_cell(value: object) -> str:
    """A worksheet cell: as Moodle exported it when it is Moodle's "-" (nothing), else made safe (names are
    the students' own, and a spreadsheet may open the file)."""
    return "-" if value == "-" else safetext.csv_cell(value)


def write_moodle(grades: ClassGrades, path: Path) -> Path:
    """Moodle's grading worksheet, filled in (see the module docstring)."""
    roster = grades.roster
    if roster is None or not roster.kind.startswith("Moodle"):
        raise ValueError("a Moodle grading worksheet needs Moodle's worksheet or participants list as the class "
                         "list (--roster)")
    header = list(roster.header) if roster.kind == MOODLE_WORKSHEET else list(MOODLE_COLUMNS)
    columns = {h.casefold(): h for h in header}
    grade_column = columns.get("grade", "Grade")
    comment_column = columns.get("feedback comments")
    if comment_column is None:
        comment_column = "Feedback comments"
        header.append(comment_column)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        for e in grades.entries:
            row = dict(e.student.row) if roster.kind == MOODLE_WORKSHEET else {}
            if not row:
                participant = e.student.site_id or (e.submission.site_id if e.submission else None)
                row = {"Identifier": f"Participant {participant}" if participant else "",
                       "Full name": e.student.name, "Email address": e.student.email or "",
                       "Maximum Grade": f"{grades.points:g}", "Grade can be changed": "Yes",
                       "Last modified (submission)": "-", "Last modified (grade)": "-"}
            row[grade_column] = _site_grade(e)
            row[comment_column] = _moodle_comment(e, grades, row.get(comment_column, ""))
            # a comment kept goes back exactly as exported (made one line, Moodle would import it as a change)
            writer.writerow([row.get(c, "") if c == comment_column and e.grade is None else _site_cell(row.get(c, ""))
                             for c in header])
    return path


def moodle_folder(full_name: str, participant: str) -> str:
    """The folder Moodle's download gives a student and its feedback upload reads the participant from: the full
    name (underscores made spaces, as Moodle does; no slash, nothing hidden), the participant number, the plugin.

    >>> moodle_folder("Anne_Marie O'Neil", "12345")
    "Anne Marie O'Neil_12345_assignsubmission_file_"
    """
    name = safetext.visible(" ".join(full_name.replace("_", " ").replace("/", " ").replace("\\", " ").split()))
    return f"{name or 'Participant'}_{participant}_assignsubmission_file_"


def _moodle_participant(entry: Entry) -> str | None:
    if entry.student is not None and entry.student.site_id and entry.student.row.get("Identifier"):
        return entry.student.site_id
    s = entry.submission
    if s is not None and s.site_id and "_assignsubmission_" in PurePosixPath(s.file).parts[0]:
        return s.site_id
    return None


def write_moodle_feedback(grades: ClassGrades, homework: HomeworkSet, hand_marks: dict, path: Path) -> int:
    """The zip for Moodle's "Upload multiple feedback files in a zip"; the number of students in it."""
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for e in grades.entries + grades.not_on_roster:
            participant = _moodle_participant(e) if e.outcome is not None else None
            if participant is None:
                continue
            name = e.student.name if e.student is not None else (e.submission.name or "")
            member = f"{moodle_folder(name, participant)}/{homework.name}-feedback.md"
            zf.writestr(member, feedback_for(e, grades, homework, hand_marks))
            count += 1
    return count


CANVAS_FILE = re.compile(r"^\w+?_(?:late_)?\d+_\d+_.+$", re.IGNORECASE)


def _with_feedback_cell(raw: bytes, feedback: str) -> str:
    """The student's notebook with the feedback as a Markdown cell in front (a notebook of that cell alone when
    the file is not a notebook)."""
    cell = {"cell_type": "markdown", "metadata": {"tags": ["feedback"]}, "source": feedback, "id": "feedback"}
    try:
        nb = json.loads(raw)
        if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
            raise ValueError
        if any(isinstance(c, dict) and c.get("id") == "feedback" for c in nb["cells"]):
            cell["id"] = "grader-feedback"
        nb["cells"].insert(0, cell)
    except (ValueError, UnicodeDecodeError, RecursionError):
        nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def write_canvas_feedback(grades: ClassGrades, homework: HomeworkSet, hand_marks: dict, path: Path) -> int:
    """The zip for Canvas's "Re-upload submissions"; the number of students in it."""
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for e in grades.entries + grades.not_on_roster:
            s = e.submission
            if e.outcome is None or s is None or not s.site_file_id:
                continue
            name = PurePosixPath(s.file).name
            if not CANVAS_FILE.match(name):
                continue
            raw = s.path.read_bytes() if s.path.exists() else b""
            zf.writestr(name, _with_feedback_cell(raw, feedback_for(e, grades, homework, hand_marks)))
            count += 1
    return count


def write_course_grades(grades: ClassGrades, path: Path) -> Path:
    """``course-grades.csv``: one row per student of the class list, then the submissions it does not name."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["student", "site_id", "state", "file counted", "matched by", "total", "total possible",
                         "grade", "points", "late", "late penalty (%)", "notes"])
        for e in grades.entries + grades.not_on_roster:
            site_id = e.student.site_id if e.student else (e.submission.site_id if e.submission else "")
            state = e.state if e.student is not None or grades.roster is None else f"{e.state}, NOT ON THE ROSTER"
            writer.writerow([safetext.csv_cell(e.label), safetext.csv_cell(site_id), state,
                             safetext.csv_cell(e.outcome.file if e.outcome else ""), e.how,
                             _grade_text(e.total), f"{grades.possible:g}", _grade_text(e.grade), f"{grades.points:g}",
                             safetext.csv_cell(e.lateness.why), f"{e.lateness.percent:g}" if e.lateness.late else "",
                             safetext.csv_cell(" / ".join(e.notes))])
    return path
