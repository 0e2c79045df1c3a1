"""The grades a course site keeps whatever the import file says, and how each is told: one grade per student.

Two rows keep the site's grade: a Moodle worksheet's row whose ``Grade can be changed`` is "No" (the grade is
locked or overridden in the gradebook: Moodle's upload skips it, mod/assign/feedback/offline/locallib.php), and a
Canvas student excused there (``EX``) when the teacher keeps excusals (``--keep-excused``; by default the kit's
grade replaces the excusal, and the run lists it). Such a row goes back to the site as exported
(gamelib_grader/reporting/coursesite.py), its student gets no file in the feedback zips and reads, in
``feedback/``, the grade the site keeps and the marking without its scores, and the teacher sees the site's
grade beside the kit's, marked as not uploaded, in report.html, course-grades.csv, the run and ``--summary``
(gamelib_grader/reporting/upload.py).
"""

from __future__ import annotations

from gamelib_grader import safetext
from gamelib_grader.intake.roster import CANVAS, MOODLE_WORKSHEET
from gamelib_grader.reporting.classgrades import ClassGrades, Entry

#: Why the course site keeps a student's grade whatever the import says (see :func:`kept_on_site`).
LOCKED = "locked or overridden in Moodle's gradebook"
EXCUSED = "excused on Canvas and kept so by --keep-excused"


def site_text(entry: Entry) -> str:
    """The grade the class list's export shows for the student now, as exported ("" for none)."""
    return (entry.student.current_grade or "").strip() if entry.student is not None else ""


def locked(entry: Entry) -> bool:
    """Whether Moodle's worksheet says the student's grade cannot be changed there (``Grade can be changed``
    "No": locked or overridden in the gradebook). Moodle's upload skips such a grade but still imports the
    comment (mod/assign/feedback/offline/locallib.php), so the row goes back as exported: no kit comment
    beside a grade it did not set."""
    row = entry.student.row if entry.student is not None else {}
    column = next((c for c in row if c.casefold() == "grade can be changed"), None)
    return column is not None and row[column].strip().casefold() == "no"


def kept_on_site(entry: Entry, grades: ClassGrades) -> str:
    """Why the course site keeps the student's grade as it is, whatever the import file says ("" when it takes
    the file's): :data:`LOCKED` or :data:`EXCUSED` (see the module docstring)."""
    roster = grades.roster
    if roster is None or entry.student is None:
        return ""
    if roster.kind == MOODLE_WORKSHEET and locked(entry):
        return LOCKED
    if roster.kind == CANVAS and grades.keep_excused and site_text(entry).casefold() == "ex":
        return EXCUSED
    return ""


def kept_rows(grades: ClassGrades) -> list[Entry]:
    """The students whose grade the course site keeps (:func:`kept_on_site`) and to whom the kit gives another:
    the teacher gives it on the site, or unlocks it and uploads again, or leaves it."""
    return [e for e in grades.entries if e.grade is not None and kept_on_site(e, grades)]


def locked_rows(grades: ClassGrades) -> list[Entry]:
    """The worksheet's students with a new grade that Moodle would not take (:func:`locked`)."""
    return [e for e in kept_rows(grades) if kept_on_site(e, grades) == LOCKED]


def kept_grade_line(entry: Entry, grades: ClassGrades) -> str:
    """What a student whose grade the course site keeps reads as their grade: that grade, as the site writes it.

    >>> from types import SimpleNamespace as S
    >>> from gamelib_grader.reporting.sitenumbers import SiteNumbers
    >>> bea = Entry("Bea Locke", S(current_grade="9,00"))
    >>> kept_grade_line(bea, S(numbers=SiteNumbers(), points=10))
    'Grade: **9,00 of 10**, as your teacher set it on the course site.'
    """
    site = site_text(entry)
    if not site:
        return "Grade: the one your teacher gives on the course site."
    if site.casefold() == "ex":
        return "Grade: excused (EX) on the course site, as your teacher set it."
    return (f"Grade: **{safetext.markdown_inline(site)} of {grades.numbers.grade(grades.points)}**, "
            "as your teacher set it on the course site.")


def kept_text(entry: Entry, grades: ClassGrades) -> str:
    """What the site keeps for a student whose grade it keeps (:func:`kept_on_site`), in words, for the teacher's
    table beside the kit's grade: ``9,00 (locked or overridden in Moodle's gradebook: the kit's grade is not
    uploaded)``; "" for any other student."""
    why = kept_on_site(entry, grades)
    if not why:
        return ""
    return f"{site_text(entry) or 'none'} ({why}: the kit's grade is not uploaded)"
