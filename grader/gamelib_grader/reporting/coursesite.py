"""Grades and feedback back to the course site: the files it imports, made from each student's grade.

The grades are decided in gamelib_grader/reporting/classgrades.py (:func:`grading.classgrades.class_grades`: one per
student of the class list). The files written (each checked against the format the course site documents and
reads):

- ``canvas-import.csv``: Canvas's gradebook import ("Grades › Import"): ``Student, ID, SIS User ID,
  SIS Login ID, Section`` and the assignment's column as Canvas exported it (``Title (id)``), a ``Points
  Possible`` row, one row per student. A student without a new grade gets the score the export has for them,
  unchanged: Canvas takes a blank where a score was as a change, and clears the score.
- ``moodle-grading-worksheet.csv``: Moodle's assignment "Upload grading worksheet": the worksheet as it was
  downloaded (every column, Moodle's own header: ``Identifier`` "Participant N", ``Grade``, ``Maximum Grade``,
  ``Last modified (grade)``, which makes Moodle skip a grade changed on the site since, ...) with ``Grade`` and
  ``Feedback comments`` filled in; a student without a new grade keeps the worksheet's grade and comment
  (Moodle imports a changed comment even where it skips the grade), and a comment the teacher typed stays,
  the kit's text after it (:func:`kept_comments`). From a participants list, those columns with Moodle's
  names. Every grade that would replace a different one the site has now is listed (:func:`overwrites`).
- ``moodle-feedback.zip``: for the assignment's "Upload multiple feedback files in a zip": a folder per student
  named as Moodle names them in its download, ``Full Name_N_assignsubmission_file_``, holding
  ``<set>-feedback.md``.
- ``canvas-feedback.zip``: for the assignment's "Re-upload submissions": each student's notebook under the
  name Canvas gave it in the download (``name_userid_fileid_file.ipynb``), with the feedback as its first cell;
  Canvas attaches each to that student's submission as a comment (under the submitted file's name).
- ``course-grades.csv``: the same decisions in one table for the teacher: who, which file counted and how it was
  matched, total, grade, the grade the site keeps where it keeps its own, lateness, notes.

Every grade goes back as the site's own export writes it (``10,00``, ``18.50``: gamelib_grader/reporting/
sitenumbers.py), and so do the numbers of the kit's comments and feedback. A student whose grade the site keeps
whatever the file says (gamelib_grader/reporting/keptgrades.py: a Moodle grade locked or overridden in the
gradebook; a Canvas excusal, with ``--keep-excused``) keeps their row as exported, gets no file in the feedback
zips, and reads in their feedback the grade the site keeps and the marking without its scores: one grade.
What to upload, in which order, is gamelib_grader/reporting/upload.py's.
"""

from __future__ import annotations

import csv
import html
import json
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gamelib_grader import safetext
from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.intake.roster import CANVAS, MOODLE_PARTICIPANTS, MOODLE_WORKSHEET, site_number
from gamelib_grader.marking import records
from gamelib_grader.reporting.classgrades import NOT_YET_MARKED, ClassGrades, Entry
from gamelib_grader.reporting.keptgrades import kept_grade_line, kept_on_site, kept_text, locked, site_text
from gamelib_grader.reporting.sitenumbers import SiteNumbers

#: The worksheet's columns as Moodle names them (mod/assign/gradingtable.php, lang/en/assign.php: ``recordid``
#: "Identifier", ``maxgrade`` "Maximum Grade", ``lastmodifiedgrade`` "Last modified (grade)"; core "Full name",
#: "Grade"): written when the class list is a participants list; a worksheet's own header is written back as is.
MOODLE_COLUMNS = ("Identifier", "Full name", "Email address", "Status", "Grade", "Maximum Grade",
                  "Grade can be changed", "Last modified (submission)", "Last modified (grade)", "Feedback comments")
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")


# --- what a student reads ------------------------------------------------------------------------------

def grade_lines(entry: Entry, grades: ClassGrades) -> list[str]:
    """The lines about the course grade in a student's feedback (Markdown; the grader's own words), written as
    the course site writes numbers (:class:`SiteNumbers`). A student whose grade the site keeps
    (:func:`kept_on_site`) is told that grade, the one the site shows them, and no other."""
    numbers = grades.numbers
    if kept_on_site(entry, grades):
        return [kept_grade_line(entry, grades), "The marking below is feedback on your notebook: it does not "
                                               "change that grade."]
    lines = []
    if entry.grade is not None:
        lines.append(f"Grade: **{numbers.grade(entry.grade)} of {numbers.grade(grades.points)}**"
                     + (f" (total {numbers.number(entry.total or 0)} of {numbers.number(grades.possible)})"
                        if grades.points != grades.possible else ""))
    elif entry.state == NOT_YET_MARKED:
        lines.append("Grade: not given yet: a written answer is still to be marked by your teacher.")
    if entry.lateness.late:
        lines.append(f"Late: {safetext.markdown_message(entry.lateness.why)}.")
    return lines


def feedback_for(entry: Entry, grades: ClassGrades, homework: HomeworkSet, hand_marks: dict) -> str:
    """A student's feedback file: their grade (:func:`grade_lines`), then the marking of the submission that
    counts. Where the course site keeps its own grade, the marking comes without its scores: a score beside
    the grade the student sees would be a second grade."""
    numbers = grades.numbers
    return records.feedback_text(entry.counted, homework, records.marks_of(entry.counted, hand_marks),
                                 grade_lines(entry, grades), scores=not kept_on_site(entry, grades),
                                 number=numbers.number)


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
        path = folder / feedback_name(e)
        if path in paths:
            path = folder / f"{records.slug(e.outcome.file)}.md"
        path.write_text(feedback_for(e, grades, homework, hand_marks), encoding="utf-8", errors="replace")
        paths.append(path)
    return paths


def feedback_name(entry: Entry) -> str:
    """The name of a student's file in ``feedback/``: their name and the course site's number for them.

    >>> from gamelib_grader.intake.roster import Student
    >>> feedback_name(Entry("Carol Díaz", Student("Carol Díaz", site_id="48103")))
    'Carol-Díaz_48103.md'
    """
    site_id = entry.student.site_id if entry.student is not None else (entry.outcome.site_id if entry.outcome
                                                                         else None)
    name = re.sub(r"[^\w.-]+", "-", safetext.visible(entry.label)).strip("-.")[:60] or "student"
    return f"{name}{f'_{site_id}' if site_id else ''}.md"


# --- the files for the course sites ---------------------------------------------------------------------

def _grade_text(grade: float | None) -> str:
    """A grade for the kit's own tables (course-grades.csv): plain, with a point."""
    return "" if grade is None else SiteNumbers().grade(grade)


def write_canvas(grades: ClassGrades, path: Path) -> Path:
    """Canvas's gradebook import file (see the module docstring)."""
    roster = grades.roster
    if roster is None or roster.kind != CANVAS:
        raise ValueError("a Canvas import file needs Canvas's gradebook export as the class list (--roster)")
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow([*CANVAS_COLUMNS, roster.assignment])
        points = roster.points_text if site_number(roster.points_text) == grades.points else ""  # else --points
        writer.writerow(["    Points Possible", "", "", "", "", points or SiteNumbers.of(roster).grade(grades.points)])
        for e in grades.entries:
            s = e.listed
            writer.writerow([safetext.csv_cell(s.name), s.site_id or "", safetext.csv_cell(s.sis_id),
                             safetext.csv_cell(s.login), safetext.csv_cell(s.section), _site_grade(e, grades)])
    return path


def _site_grade(entry: Entry, grades: ClassGrades) -> str:
    """The grade for the course site's import, as the site writes numbers (:class:`SiteNumbers`): the new one,
    else the one the class list's export has now, unchanged (Canvas's importer takes a blank where a score was
    as a change and clears the score, lib/gradebook_importer.rb, no_change_to_value?; Moodle's skips a grade
    equal to the one it has), which is also what a row the site keeps (:func:`kept_on_site`) gets."""
    if entry.grade is not None and not kept_on_site(entry, grades):
        return grades.numbers.grade(entry.grade)
    current = site_text(entry)
    return "" if current == "-" else safetext.csv_cell(current)


#: The kit's own comment, as an upload of an earlier run left it in the worksheet (its numbers with a decimal
#: point or comma): replaced, never kept twice.
KIT_COMMENT = re.compile(r"Grade [\d.,]+ of [\d.,]+: automatic score .*?Details in the feedback file\.", re.DOTALL)


def teachers_comment(exported: str | None) -> str:
    """What the teacher wrote in a worksheet's comment: the comment without the kit's text of an earlier upload.

    >>> teachers_comment("Great q6, see my note. Grade 9 of 10: automatic score 9 of 11. Details in the feedback file.")
    'Great q6, see my note.'
    >>> teachers_comment("-1 for q2. Grade 4,23 of 10,00: automatic score 5,5 of 11. Details in the feedback file.")
    '-1 for q2.'
    >>> teachers_comment("-"), teachers_comment(None)
    ('', '')
    """
    text = KIT_COMMENT.sub("", exported or "").strip()
    return "" if text == "-" else text


def _moodle_comment(entry: Entry, grades: ClassGrades, exported: str, replace: bool = False) -> str:
    """The worksheet's Feedback comments for a student. Moodle imports a changed comment even where it skips
    the grade (mod/assign/feedback/offline/locallib.php), so a row without a new grade keeps the comment the
    worksheet has (``exported``): no "Automatic score 11 of 11" beside a grade that stays 9. A row with a new
    grade keeps what the teacher wrote there, with the kit's text after it (``replace``: the kit's text
    alone). Moodle shows the comment as HTML and stores the cell as it is: the teacher's text goes back exactly
    as exported (no quote mark before a "-1 for ...", no lines run together: the student would read either),
    the grader's own words on one line with HTML's own characters escaped (no apostrophe entity), every number
    in them written as the worksheet writes numbers (``Grade 4,23 of 10,00``: :class:`SiteNumbers`)."""
    if entry.outcome is None or entry.grade is None:
        return exported
    o, n = entry.outcome, grades.numbers
    total = (f", total {n.number(entry.total or 0)} of {n.number(grades.possible)}" if grades.possible != o.possible
             else "")
    parts = [f"Grade {n.grade(entry.grade)} of {n.grade(grades.points)}: automatic score {n.number(o.score or 0)} of "
             f"{n.number(o.possible or 0)}{total}."]
    if entry.lateness.late:
        parts.append(f"Late: {entry.lateness.why}.")
    parts.append("Details in the feedback file.")
    kit = html.escape(safetext.csv_cell(" ".join(parts)), quote=False)  # starts "Grade": never a formula
    teacher = "" if replace else teachers_comment(exported)
    return f"{teacher} {kit}" if teacher else kit


def kept_comments(grades: ClassGrades) -> list[Entry]:
    """The rows of a Moodle worksheet given a new grade whose comment holds the teacher's words (kept, with the
    kit's text after them, unless ``--replace-comments``)."""
    roster = grades.roster
    if roster is None or roster.kind != MOODLE_WORKSHEET:
        return []
    column = {h.casefold(): h for h in roster.header}.get("feedback comments")
    return [e for e in grades.entries if e.grade is not None and e.outcome is not None and column
            and teachers_comment(e.listed.row.get(column)) and not locked(e)]


@dataclass(frozen=True)
class Overwrite:
    """A grade the course site has now that the import file would change."""

    student: str
    before: str
    after: str


def overwrites(grades: ClassGrades) -> list[Overwrite]:
    """Every grade of the import file that would replace a different grade the course site has now (the class
    list's export of it): after a regrade, or over a grade the teacher gave by hand on the site."""
    found: list[Overwrite] = []
    roster = grades.roster
    for e in grades.entries if roster is not None and roster.kind != MOODLE_PARTICIPANTS else []:
        text = site_text(e)
        if e.grade is None or text in ("", "-") or kept_on_site(e, grades):
            continue
        before = site_number(text)  # a grade that is not a number (Canvas's EX, excused) is one too
        if before is None or abs(before - round(e.grade, 2)) > 0.005:
            found.append(Overwrite(e.label, text, _site_grade(e, grades)))
    return found


def _site_cell(value: object) -> str:
    """A worksheet cell: as Moodle exported it when it is Moodle's "-" (nothing), else made safe (names are
    the students' own, and a spreadsheet may open the file)."""
    return "-" if value == "-" else safetext.csv_cell(value)


def write_moodle(grades: ClassGrades, path: Path, replace_comments: bool = False) -> Path:
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
            student = e.listed
            row = dict(student.row) if roster.kind == MOODLE_WORKSHEET else {}
            if not row:
                participant = student.site_id or (e.submission.site_id if e.submission else None)
                row = {"Identifier": f"Participant {participant}" if participant else "",
                       "Full name": student.name, "Email address": student.email or "",
                       "Maximum Grade": f"{grades.points:g}", "Grade can be changed": "Yes",
                       "Last modified (submission)": "-", "Last modified (grade)": "-"}
            if kept_on_site(e, grades):
                writer.writerow([row.get(c, "") if c in (grade_column, comment_column) else _site_cell(row.get(c, ""))
                                 for c in header])
                continue
            row[grade_column] = _site_grade(e, grades)
            row[comment_column] = _moodle_comment(e, grades, row.get(comment_column, ""), replace_comments)
            # the comment goes back as exported, the kit's words after it (see _moodle_comment)
            writer.writerow([row.get(c, "") if c == comment_column else _site_cell(row.get(c, "")) for c in header])
    return path


def moodle_folder(full_name: str, participant: str) -> str:
    """The folder Moodle's download gives a student and its feedback upload reads the participant from: the full
    name (underscores made spaces, as Moodle does; no slash, nothing hidden), the participant number, the plugin.

    >>> moodle_folder("Anne_Marie O'Neil", "12345")
    "Anne Marie O'Neil_12345_assignsubmission_file_"
    """
    name = safetext.visible(" ".join(full_name.replace("_", " ").replace("/", " ").replace("\\", " ").split()))
    return f"{name or 'Participant'}_{participant}_assignsubmission_file_"


def moodle_participant(entry: Entry) -> str | None:
    """The participant number a student's folder in Moodle's feedback zip carries (None: no folder for them)."""
    if entry.student is not None and entry.student.site_id and entry.student.row.get("Identifier"):
        return entry.student.site_id
    s = entry.submission
    if s is not None and s.site_id and "_assignsubmission_" in PurePosixPath(s.file).parts[0]:
        return s.site_id
    return None


def write_moodle_feedback(grades: ClassGrades, homework: HomeworkSet, hand_marks: dict, path: Path) -> int:
    """The zip for Moodle's "Upload multiple feedback files in a zip"; the number of students in it. A student
    whose grade Moodle keeps (:func:`kept_on_site`) is left out: a feedback file would make a grade record
    dated now for them, and they read their feedback from the teacher, if at all (``feedback/``)."""
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for e in grades.entries + grades.not_on_roster:
            if kept_on_site(e, grades):
                continue
            participant = moodle_participant(e) if e.outcome is not None else None
            if participant is None:
                continue
            sent = e.submission.name if e.submission is not None else None
            name = e.student.name if e.student is not None else (sent or "")
            member = f"{moodle_folder(name, participant)}/{homework.name}-feedback.md"
            zf.writestr(member, feedback_for(e, grades, homework, hand_marks))
            count += 1
    return count


CANVAS_FILE = re.compile(r"^\w+?_(?:late_)?\d+_\d+_.+$", re.IGNORECASE)


def canvas_member(name: str) -> str:
    """A file's name as a member of the feedback zip: no folder of any system (``\\`` or ``/``), no ``..`` and
    nothing invisible, so that unpacking it on Windows writes nowhere else; Canvas reads the ids from its start,
    which stays as it was.

    >>> canvas_member("smithalice_4521_99812_..\\\\..\\\\startup.ipynb")
    'smithalice_4521_99812_._._startup.ipynb'
    """
    name = safetext.visible(name).replace("\\", "_").replace("/", "_")
    while ".." in name:
        name = name.replace("..", ".")
    return name


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
    """The zip for Canvas's "Re-upload submissions"; the number of students in it (a student whose grade Canvas
    keeps, :func:`kept_on_site`, is left out, as from Moodle's)."""
    count = 0
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for e in grades.entries + grades.not_on_roster:
            s = e.submission
            if e.outcome is None or s is None or not s.site_file_id or kept_on_site(e, grades):
                continue
            name = canvas_member(PurePosixPath(s.file).name)
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
                         "grade", "points", "grade the site keeps", "late", "late penalty (%)", "notes"])
        for e in grades.entries + grades.not_on_roster:
            site_id = e.student.site_id if e.student else (e.submission.site_id if e.submission else "")
            state = e.state if e.student is not None or grades.roster is None else f"{e.state}, NOT ON THE ROSTER"
            writer.writerow([safetext.csv_cell(e.label), safetext.csv_cell(site_id), state,
                             safetext.csv_cell(e.outcome.file if e.outcome else ""), e.how,
                             _grade_text(e.total), f"{grades.possible:g}", _grade_text(e.grade), f"{grades.points:g}",
                             safetext.csv_cell(kept_text(e, grades)), safetext.csv_cell(e.lateness.why),
                             f"{e.lateness.percent:g}" if e.lateness.late else "",
                             safetext.csv_cell(" / ".join(e.notes))])
    return path

