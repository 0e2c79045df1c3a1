"""Everything a grading run leaves for the teacher, written in one call (:func:`write_everything`).

With the course's settings (:class:`Course`: the class list, the rule for several submissions, the course's
points, the late rule): every student's grade (classgrades.py); the gradebook, details, written answers and
list of files not graded (records.py); each student's feedback and the course site's import files and
feedback zips (coursesite.py); and the class report (report.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.intake.layout import Skipped, Submission
from gamelib_grader.intake.roster import CANVAS, Roster
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.integrity.identity_flags import all_flags
from gamelib_grader.marking import late, records
from gamelib_grader.marking.grader import Outcome
from gamelib_grader.marking.handmarks import hand_marks_for
from gamelib_grader.reporting import changes, classgrades, coursesite, report, upload


@dataclass
class Course:
    """How grades go to the course site: the class list, the rule for several submissions, the course's points
    and the late rule (see gamelib_grader/reporting/coursesite.py and gamelib_grader/marking/late.py)."""

    roster: Roster | None = None
    rule: str = "latest"
    points: float | None = None
    deadline: datetime | None = None
    extensions: list = field(default_factory=list)
    penalty: late.Penalty = field(default_factory=late.Penalty)
    file_times: bool = False
    #: Moodle: the kit's comment replaces the one in the worksheet (by default the teacher's words are kept).
    replace_comments: bool = False
    #: Canvas: a student excused there keeps the excusal, whatever the kit grades (by default it is replaced).
    keep_excused: bool = False


@dataclass
class Written:
    """What :func:`write_all` made: the gradebook's path, every student's grade, the flags, the latest changes."""

    gradebook: Path
    grades: classgrades.ClassGrades
    identity: dict[str, list[FlagEntry]]
    latest: changes.LatestChanges
    files: list[Path] = field(default_factory=list)
    #: Moodle worksheet rows whose teacher's comment is kept, the kit's text after it (none with
    #: ``replace_comments``); grades of the import that replace a different one the site has now.
    kept_comments: list = field(default_factory=list)
    overwrites: list = field(default_factory=list)
    #: How many students' feedback each feedback zip made holds, by the zip's name (for the upload's steps).
    in_zip: dict[str, int] = field(default_factory=dict)


def write_all(outcomes: list[Outcome], skipped: list[Skipped], homework: HomeworkSet, out: Path,
              gradebook: Path | None = None, submissions: Sequence[Submission] = (), course: Course | None = None
              ) -> Path:
    """Everything the teacher gets (see gamelib_grader/marking/records.py and coursesite.py); returns the gradebook's
    path (:func:`write_everything` returns all it made)."""
    return write_everything(outcomes, skipped, homework, out, gradebook, submissions, course).gradebook


def write_everything(outcomes: list[Outcome], skipped: list[Skipped], homework: HomeworkSet, out: Path,
                     gradebook: Path | None = None, submissions: Sequence[Submission] = (),
                     course: Course | None = None) -> Written:
    """Everything the teacher gets: every student's grade (``course``: the class list and rules), the gradebook,
    details, written answers, feedback, the files not graded, the course site's files, the class report."""
    course = course or Course()
    out.mkdir(parents=True, exist_ok=True)
    hand_marks, notes = hand_marks_for(outcomes, out)
    details = out / f"{homework.name}-details.json"
    if gradebook is not None and gradebook.suffix == ".json":  # `--output grades.json`: the details go there
        details, gradebook = gradebook, None
    gradebook = gradebook or out / f"{homework.name}-results.csv"
    grades = classgrades.class_grades(outcomes, list(submissions), homework, hand_marks, course.roster,
                                      rule=course.rule, points=course.points, deadline=course.deadline,
                                      extensions=course.extensions, penalty=course.penalty,
                                      file_times=course.file_times, skipped=skipped, keep_excused=course.keep_excused)
    counted = {e.outcome.file for e in grades.entries + grades.not_on_roster if e.outcome is not None}
    identity = all_flags(outcomes, course.roster, counted, notes)
    records.write_gradebook(outcomes, homework, gradebook, hand_marks, notes, course.roster, counted)
    records.write_details(outcomes, homework, details)
    records.write_answer_files(outcomes, homework, out / "answers", counted)
    coursesite.write_feedback(grades, homework, hand_marks, out / "feedback")
    records.write_skipped(skipped, out / "not-graded-files.csv")
    files = [coursesite.write_course_grades(grades, out / "course-grades.csv")]
    if course.roster is not None:
        if course.roster.kind == CANVAS:
            files.append(coursesite.write_canvas(grades, out / "canvas-import.csv"))
        else:
            files.append(coursesite.write_moodle(grades, out / "moodle-grading-worksheet.csv",
                                                 course.replace_comments))
    in_zip = {}
    for name, writer in (("moodle-feedback.zip", coursesite.write_moodle_feedback),
                         ("canvas-feedback.zip", coursesite.write_canvas_feedback)):
        in_zip[name] = writer(grades, homework, hand_marks, out / name)
        if in_zip[name]:
            files.append(out / name)
        else:
            (out / name).unlink()
    latest = changes.record_changes(out, grades)
    steps = upload.plan(grades, files, in_zip, course.replace_comments)
    files.append(report.write_report(out / "report.html", homework, grades, identity, latest, skipped,
                                     upload.html(steps)))
    kept = [] if course.replace_comments else coursesite.kept_comments(grades)
    return Written(gradebook, grades, identity, latest, files, kept, coursesite.overwrites(grades), in_zip)
