""""Upload these, in this order": what the teacher does with a run's files, at the top of the class report and at
the end of the run.

Each step names a file to upload with its path, where the course site takes it, why it comes at that place in
the order, and what it changes there: the grades it sets, every grade it replaces (an ``EX`` among them), the
comments it keeps, the rows it leaves as the site has them. Last come the students whose grade the site keeps
whatever the file says (a Moodle grade locked or overridden in the gradebook, a Canvas excusal kept with
``--keep-excused``): the teacher decides those by hand, and is told the kit's grade beside the site's.

The order is the course sites' own: on Moodle the grading worksheet goes first, since uploading feedback files
makes a grade record dated now for every student in the zip and Moodle then skips every grade of a worksheet
downloaded before (mod/assign/feedback/offline/locallib.php keeps the newer record); on Canvas the grades go
first, so that the grade a student's feedback comment states is in the gradebook when its notification
arrives. Every grade is written as the site writes it (gamelib_grader/reporting/sitenumbers.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from gamelib_grader.intake.roster import CANVAS, MOODLE_WORKSHEET
from gamelib_grader.reporting import coursesite, keptgrades
from gamelib_grader.reporting.classgrades import ClassGrades, Entry, waiting
from gamelib_grader.reporting.markup import escaped as _h

#: Where each file goes on its course site, as the sites name their pages and actions.
WHERE = {
    "moodle-grading-worksheet.csv": "the assignment › View all submissions › Grading action: Upload grading worksheet",
    "moodle-feedback.zip": "the assignment › View all submissions › Grading action: Upload multiple feedback files "
                           "in a zip (it needs the \"Feedback files\" feedback type)",
    "canvas-import.csv": "Grades › Import (Canvas shows every change before you confirm it)",
    "canvas-feedback.zip": "the assignment › Download Submissions › Re-upload Submissions",
}
#: Moodle's option that lets a worksheet overwrite a grade changed on the site since it was downloaded
#: (assignfeedback_offline's ``ignoremodified``): left unticked, Moodle skips such a grade.
MOODLE_OVERRIDE = "Allow updating records that have been modified more recently in Moodle than in the spreadsheet"
#: How many names a line of the run lists before it says how many more (report.html lists all).
LISTED = 10


@dataclass(frozen=True)
class Step:
    """One file to upload: its path, where the site takes it, why it comes here in the order, what it changes."""

    path: Path
    where: str
    why: str
    changes: tuple[str, ...]


@dataclass(frozen=True)
class Upload:
    """What a run leaves the teacher to do on the course site: the files in order, and what to decide by hand."""

    steps: tuple[Step, ...]
    by_hand: tuple[str, ...]
    #: Said when there is nothing to upload (no class list): where the grades and the feedback are instead.
    instead: str = ""


def _names(items: Sequence[str], limit: int | None) -> str:
    shown = list(items if limit is None else items[:limit])
    more = len(items) - len(shown)
    return "; ".join(shown) + (f"; and {more} more (report.html)" if more else "")


def kept_words(entry: Entry, grades: ClassGrades) -> str:
    """A student whose grade the site keeps, with both grades: ``Alice Smith: the site keeps 9,00, the kit's
    grade is 0,38``."""
    site = keptgrades.site_text(entry) or "no grade"
    kit = grades.numbers.grade(entry.grade) if entry.grade is not None else "none yet"
    return f"{entry.label}: the site keeps {site}, the kit's grade is {kit}"


def kept_lines(grades: ClassGrades, limit: int | None = LISTED) -> list[str]:
    """The students whose grade the site keeps though the kit gives another, in one line for the terminal
    (``--summary`` and the run say the same): each with the site's grade, then the kit's, not uploaded."""
    kept = keptgrades.kept_rows(grades)
    if not kept:
        return []
    why = "; ".join(sorted({keptgrades.kept_on_site(e, grades) for e in kept}))
    n = grades.numbers
    return [f"  the site keeps its own grade for {len(kept)} student(s), {why}; the kit's grade, not uploaded, in "
            "brackets: " + _names([f"{e.label} {keptgrades.site_text(e) or 'no grade'} (kit: {n.grade(e.grade or 0)})"
                                   for e in kept], limit)]


def grade_cell(entry: Entry, grades: ClassGrades) -> str:
    """A student's grade for the report's table, as the site writes it, with the grade the site keeps beside
    it where that is another one: ``0,38 (not uploaded: the site keeps 9,00, locked or overridden ...)``."""
    kit = "" if entry.grade is None else grades.numbers.grade(entry.grade)
    why = keptgrades.kept_on_site(entry, grades)
    if not why or entry.grade is None:
        return kit
    return f"{kit} (not uploaded: the site keeps {keptgrades.site_text(entry) or 'no grade'}, {why})"


def plan(grades: ClassGrades, made: Sequence[Path], in_zip: Mapping[str, int], replace_comments: bool = False,
         limit: int | None = None) -> Upload:
    """What to upload, in order, from the files a run ``made`` (``in_zip``: how many students each feedback zip
    holds, by its name; see the module docstring); ``limit`` caps the names a change lists (None: all of them,
    for the report)."""
    roster = grades.roster
    files = {p.name: p for p in made}
    if roster is None:
        return Upload((), (), "No class list (--roster), so nothing to upload: each student's feedback is in "
                              "feedback/, every grade in course-grades.csv.")
    n = grades.numbers
    given = [e for e in grades.entries if e.grade is not None and not keptgrades.kept_on_site(e, grades)]
    replaced = coursesite.overwrites(grades)
    kept = keptgrades.kept_rows(grades)
    pending = waiting(grades)
    common = [f"sets the grade of {len(given)} student(s) graded to the end, out of {n.grade(grades.points)}"]
    if replaced:
        common.append(f"replaces {len(replaced)} grade(s) the site has now (check them): "
                      + _names([f"{o.student} {o.before} → {o.after}" for o in replaced], limit))
    excused = [o.student for o in replaced if o.before.casefold() == "ex"]
    if excused:
        common.append(f"replaces the excusal (EX) of {len(excused)} student(s) with the kit's grade: "
                      + _names(excused, limit) + " (--keep-excused keeps every excusal)")
    if pending:
        common.append(f"leaves {len(pending)} student(s) not graded to the end as the site has them: "
                      + _names([f"{e.label} ({e.state})" for e in pending], limit))
    if kept:
        common.append(f"leaves {len(kept)} grade(s) the site keeps as they are (below)")
    steps: list[Step] = []
    if roster.kind == CANVAS:
        steps.append(Step(files["canvas-import.csv"], WHERE["canvas-import.csv"],
                          "first, so that the grade a student's feedback comment states is already in the gradebook "
                          "when its notification arrives",
                          (f"changes only the column {roster.assignment!r}", *common)
                          + ((f"leaves out {'; '.join(roster.left_out)}",) if roster.left_out else ())
                          + (("already carries your late penalty: turn Canvas's late policy off for this assignment, "
                              "or it deducts again",) if grades.penalty.per_day else ())))
        if "canvas-feedback.zip" in files:
            steps.append(Step(files["canvas-feedback.zip"], WHERE["canvas-feedback.zip"], "second, after the grades",
                              (f"adds each student's feedback, as a comment on their submission, for "
                               f"{in_zip.get('canvas-feedback.zip', 0)} student(s)",)
                              + ((f"leaves out the {len(kept)} student(s) whose grade the site keeps",)
                                 if kept else ())))
    else:
        sheet, comments = files["moodle-grading-worksheet.csv"], []
        if roster.kind == MOODLE_WORKSHEET:  # a participants list has no comment typed, nor times to check
            kept_comments = coursesite.kept_comments(grades)
            comments = ([f"replaces the comment you typed for {len(kept_comments)} student(s) with the kit's "
                         "(--replace-comments)"] if replace_comments and kept_comments else
                        [f"keeps the comment you typed for {len(kept_comments)} student(s), the kit's text after "
                         "it"] if kept_comments else [])
            comments.append(f"upload it with \"{MOODLE_OVERRIDE}\" unticked (the default): Moodle then skips a "
                            "grade changed on the site since you downloaded the worksheet")
        steps.append(Step(sheet, WHERE[sheet.name], "first: uploading feedback files makes a grade record dated now "
                          "for every student in the zip, and Moodle then skips every grade of a worksheet "
                          "downloaded before", (*common, *comments)))
        if "moodle-feedback.zip" in files:
            steps.append(Step(files["moodle-feedback.zip"], WHERE["moodle-feedback.zip"],
                              "second, after the worksheet; download a fresh worksheet before you upload another",
                              (f"adds a feedback file for {in_zip.get('moodle-feedback.zip', 0)} student(s)",)
                              + ((f"leaves out the {len(kept)} student(s) whose grade the site keeps",)
                                 if kept else ())))
    by_hand = tuple(f"{kept_words(e, grades)} ({keptgrades.kept_on_site(e, grades)}): give the kit's grade on the "
                    f"site, or unlock it and upload again, or keep the site's; their feedback, which states the "
                    f"site's grade, is feedback/{coursesite.feedback_name(e)}" for e in kept)
    return Upload(tuple(steps), by_hand)


def html(upload: Upload) -> str:
    """The block at the top of report.html."""
    parts = ['<section id="upload" aria-labelledby="upload-title">',
             '<h2 id="upload-title">Upload these, in this order</h2>']
    if upload.instead:
        parts.append(f"<p>{_h(upload.instead)}</p>")
    if upload.steps:
        parts.append("<ol>")
        for step in upload.steps:
            changes = "".join(f"<li>{_h(c)}</li>" for c in step.changes)
            parts.append(f"<li><p><strong>{_h(step.path.name)}</strong>: <code>{_h(step.path)}</code><br>"
                         f"Where: {_h(step.where)}.<br>When: {_h(step.why)}.</p><p>What it does:</p>"
                         f"<ul>{changes}</ul></li>")
        parts.append("</ol>")
    if upload.by_hand:
        parts.append("<h3>By hand</h3><ul>" + "".join(f"<li>{_h(line)}</li>" for line in upload.by_hand) + "</ul>")
    parts.append("</section>")
    return "\n".join(parts)


def lines(upload: Upload) -> list[str]:
    """The same for the end of the run (the caller makes every line printable)."""
    found = ["Upload these, in this order:"]
    if upload.instead:
        found.append(f"  {upload.instead}")
    for number, step in enumerate(upload.steps, start=1):
        found.append(f"  {number}. {step.path}")
        found.append(f"     where: {step.where}")
        found.append(f"     when: {step.why}")
        found += [f"     - {change}" for change in step.changes]
    if upload.by_hand:
        found.append("  By hand:")
        found += [f"     - {line}" for line in upload.by_hand]
    return found
