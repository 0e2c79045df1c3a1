"""The course-site round trip as the QA teacher found it (issue 19): Moodle's worksheet header as Moodle
writes it (``Maximum Grade``), no silent fallback to the set's own points, the worksheet written back as it
was downloaded, no blank grade where a student is waiting (Canvas would clear the score) and no comment that
disagrees with the grade kept (Moodle imports it), ids checked against the class list, one feedback file per
student with the grade, names as the class list has them, and a report whose counts agree.

Outcomes are made here (no sandbox); tests/test_grading_coursesite.py grades generated classes in it.
"""

from __future__ import annotations

import argparse
import csv
import io
from pathlib import Path

import mistune
import pytest
from course_sites import MOODLE_WORKSHEET_HEADER_WITH_IDS, write_csv
from gamelib_grader import cli
from gamelib_grader.intake import roster
from gamelib_grader.intake.layout import Skipped, Submission
from gamelib_grader.integrity import identity_flags
from gamelib_grader.marking import records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import classgrades, coursesite, report, report_flags
from made_sets import made_set


@pytest.fixture(scope="module")
def homework():
    return made_set()


def _rows(path: Path) -> list[dict]:
    return list(csv.DictReader(path.open(newline="", encoding="utf-8")))


def _args(path: Path, points: float | None = None, id_column: str | None = None) -> argparse.Namespace:
    return argparse.Namespace(roster=path, assignment=None, id_column=id_column, late_penalty=0.0,
                              late_penalty_max=100.0, grace=0.0, points=points, extensions=None, deadline=None,
                              several="latest", file_times=False)


def _worksheet(tmp_path: Path, header=MOODLE_WORKSHEET_HEADER_WITH_IDS, maximum: str = "100.00") -> Path:
    """Alice (to be graded), Bob (graded 92.00 before, handed in again, written answer not marked yet), Liam
    (online text only), Erin (nothing)."""
    rows = [["Participant 48101", "Alice Smith", "alice@uni.example", "s2100001", "Submitted for grading", "",
             maximum, "Yes", "Monday, 2 March 2026, 8:14 PM", "", "-", ""],
            ["Participant 48102", "Bob Jones", "bob@uni.example", "s2100002", "Submitted for grading - Graded", "92.00",
             maximum, "Yes", "Sunday, 1 March 2026, 3:02 PM", "", "Tuesday, 3 March 2026, 9:00 AM",
             "<p>Automatic score 9 of 11.</p>\n<p>Well done.</p>"],
            ["Participant 48112", "Liam Nguyen", "liam@uni.example", "s2100012", "Submitted for grading", "",
             maximum, "Yes", "Monday, 2 March 2026, 11:30 PM", "<p>Sorry, I could not finish.</p>", "-", ""],
            ["Participant 48105", "Erin Wu", "erin@uni.example", "s2100005", "No submission", "", maximum, "Yes", "-",
             "", "-", ""]]
    casefolded = [h.casefold() for h in MOODLE_WORKSHEET_HEADER_WITH_IDS]
    keep = [casefolded.index(h.casefold() if h != "Scale" else "maximum grade") for h in header]
    return write_csv(tmp_path / "worksheet.csv", header, [[r[i] for i in keep] for r in rows])


def _outcome(file: str, name: str, site_id: str, score: float, sha: str, typed: str, **more) -> Outcome:
    return Outcome(file, name=name, site_id=site_id, student_id=typed, status=GRADED, score=score, possible=11.0,
                   sha256=sha * 64, **more)


# --- the maximum grade ----------------------------------------------------------------------------------

def test_moodles_maximum_grade_is_read_as_moodle_writes_it(tmp_path):
    """QA: Moodle writes "Maximum Grade" (capital G); the grader knew only "Maximum grade", found no maximum,
    and graded out of the set's 13 points: Alice's 100 went up as 13."""
    assert roster.read_roster(_worksheet(tmp_path)).points == 100
    lower = [h.replace("Maximum Grade", "Maximum grade") for h in MOODLE_WORKSHEET_HEADER_WITH_IDS]
    assert roster.read_roster(_worksheet(tmp_path, lower)).points == 100


def test_no_maximum_and_no_points_stops_before_grading(tmp_path, homework):
    without = [h for h in MOODLE_WORKSHEET_HEADER_WITH_IDS if h != "Maximum Grade"]
    path = _worksheet(tmp_path, without)
    with pytest.raises(SystemExit, match="no Maximum Grade in the worksheet.*--points N"):
        cli._course(_args(path), homework)
    assert cli._course(_args(path, points=40), homework).roster.points is None  # --points says it
    participants = write_csv(tmp_path / "participants.csv", ["First name", "Last name", "ID number", "Email address"],
                        [["Ann", "Archer", "s1", "ann@uni.example"]])
    with pytest.raises(SystemExit, match="no maximum grade in a participants list"):
        cli._course(_args(participants), homework)
    scale = [h if h != "Maximum Grade" else "Scale" for h in MOODLE_WORKSHEET_HEADER_WITH_IDS]
    with pytest.raises(roster.RosterError, match="graded on a scale"):
        roster.read_roster(_worksheet(tmp_path, scale))


# --- what goes back to the site -------------------------------------------------------------------------

def _moodle_round(tmp_path: Path, homework) -> tuple[Path, classgrades.ClassGrades]:
    read = roster.read_roster(_worksheet(tmp_path))
    alice = _outcome("Alice Smith_48101_assignsubmission_file_/hw1.ipynb", "Alice Smith", "48101", 11.0, "a",
                     "s2100001")
    bob = _outcome("Bob Jones_48102_assignsubmission_file_/hw1.ipynb", "Bob Jones", "48102", 11.0, "b", "s2100002")
    marks = {records.submission_key(alice): {"q6": 2.0}}  # Bob's new answer is not marked yet
    skipped = [Skipped("Liam Nguyen_48112_assignsubmission_onlinetext_/onlinetext.html",
                       "not a notebook (.html); notebooks end in .ipynb")]
    grades = classgrades.class_grades([alice, bob], [], homework, marks, read, skipped=skipped)
    return coursesite.write_moodle(grades, tmp_path / "out.csv"), grades


def test_the_worksheet_goes_back_as_it_came_with_grades_and_comments_that_agree(tmp_path, homework):
    """QA: the output renamed "Maximum Grade", dropped "Online text" and Bob's earlier 92.00, and said
    "Automatic score 11 of 11" beside the empty grade Moodle skips (it keeps 9): the comment is imported even
    where the grade is skipped (mod/assign/feedback/offline/locallib.php)."""
    path, _ = _moodle_round(tmp_path, homework)
    header = next(csv.reader(path.open(encoding="utf-8")))
    assert header == MOODLE_WORKSHEET_HEADER_WITH_IDS
    rows = {r["Full name"]: r for r in _rows(path)}
    assert rows["Alice Smith"]["Grade"] == "100.00"  # as the worksheet writes its grades (issue 43)
    assert rows["Alice Smith"]["Feedback comments"] == ("Grade 100.00 of 100.00: automatic score 11 of 11, total 13 of "
                                                        "13. Details in the feedback file.")
    # Bob is waiting for his written answer to be marked: his grade and comment stay as Moodle has them
    assert (rows["Bob Jones"]["Grade"], rows["Bob Jones"]["Feedback comments"]) == ("92.00",
                                                                                    "<p>Automatic score 9 of 11.</p>"
                                                                                    "\n<p>Well done.</p>")
    assert rows["Liam Nguyen"]["Online text"] == "<p>Sorry, I could not finish.</p>"
    assert all("&#x27;" not in cell and "&amp;" not in cell for r in rows.values() for cell in r.values())


def test_canvas_keeps_a_score_it_has_where_there_is_no_new_grade(tmp_path, homework):
    """QA: Canvas's importer takes a blank over an existing score as a change and clears it
    (lib/gradebook_importer.rb, no_change_to_value?): the export's score goes back unchanged."""
    export = tmp_path / "export.csv"
    export.write_text('"Student","ID","SIS User ID","SIS Login ID","Section","Homework 1 (501)"\n'
                      '"    Points Possible",,,,,"20"\n'
                      '"Smith, Alice","4521","s1","asmith","P1",""\n'
                      '"Jones, Bob","4522","s2","bjones","P1","18.50"\n'
                      '"Wu, Erin","4523","s3","ewu","P1","EX"\n', encoding="utf-8")
    read = roster.read_roster(export, set_name="hw1-subtraction-grundy")
    alice = _outcome("smithalice_4521_90001_hw1.ipynb", "smithalice", "4521", 11.0, "a", "s1")
    bob = _outcome("jonesbob_4522_90002_hw1.ipynb", "jonesbob", "4522", 11.0, "b", "s2")
    grades = classgrades.class_grades([alice, bob], [], homework, {records.submission_key(alice): {"q6": 2.0}}, read)
    rows = list(csv.reader(io.StringIO(coursesite.write_canvas(grades, tmp_path / "in.csv").read_text())))
    assert [r[5] for r in rows[2:]] == ["20.00", "18.50", "EX"]  # the export writes two decimal places
    assert [e.label for e in classgrades.waiting(grades)] == ["Jones, Bob"]


def test_a_student_with_an_online_text_only_is_not_just_no_submission(tmp_path, homework):
    _, grades = _moodle_round(tmp_path, homework)
    liam = next(e for e in grades.entries if e.label == "Liam Nguyen")
    assert liam.state == classgrades.NO_SUBMISSION
    assert "no notebook in the download; it has of theirs: onlinetext.html (not a notebook" in " / ".join(liam.notes)
    erin = next(e for e in grades.entries if e.label == "Erin Wu")
    assert erin.notes == []


# --- who it is -----------------------------------------------------------------------------------------

def _class_list(tmp_path: Path) -> roster.Roster:
    export = tmp_path / "export.csv"
    export.write_text('"Student","ID","SIS User ID","SIS Login ID","Section","Homework 1 (501)"\n'
                      '"    Points Possible",,,,,"20"\n'
                      '"Smith, Alice","4521","s2100001","asmith","P1",""\n'
                      '"Mallory, Eve","4522","s2100002","emallory","P1",""\n'
                      '"Outsider, Zoe","4523","s2100099","zoutsider","P1",""\n'
                      '"Lee, Grace","4524","s2100007","glee","P1",""\n', encoding="utf-8")
    return roster.read_roster(export, set_name="hw1-subtraction-grundy")


def test_the_id_students_type_is_the_class_lists_sis_user_id_by_default(tmp_path):
    read = _class_list(tmp_path)
    assert read.id_column == "SIS User ID" and read.id_of(read.students[2]) == "s2100099"
    assert roster.read_roster(read.source, set_name="hw1", id_column="SIS Login ID").id_of(read.students[0]) == "asmith"
    assert roster.read_roster(read.source, set_name="hw1", id_column="none").id_column is None
    with pytest.raises(roster.RosterError, match="no such column of ids; its id columns are"):
        roster.read_roster(read.source, set_name="hw1", id_column="ID number")


def test_the_numbers_come_from_the_class_lists_id_and_a_typed_id_not_theirs_is_flagged(tmp_path):
    """QA: Mallory typed Zoe's SIS id (Zoe handed in nothing), or a look-alike with a Cyrillic ѕ: full marks,
    no flag. Now the file's student is found by the course site (Canvas's user id in the file name), the
    numbers come from their id on the class list, and a typed id that is not it is flagged."""
    read = _class_list(tmp_path)
    files = {"mallory": "mallory_4522_90002_hw1.ipynb", "alice": "smithalice_4521_90001_hw1.ipynb",
             "grace": "leegrace_4524_90004_hw1.ipynb"}
    subs = cli.identify([Submission(tmp_path / f, f, *(f.split("_")[0], f.split("_")[1])) for f in files.values()],
                        read)
    assert [(s.roster_name, s.roster_id) for s in subs] == [("Mallory, Eve", "s2100002"), ("Smith, Alice", "s2100001"),
                                                            ("Lee, Grace", "s2100007")]
    typed = {"mallory": "s2100099", "alice": "\u0455" + "2100001", "grace": "s2100070"}
    outcomes = [_outcome(s.file, s.name, s.site_id, 0.0, "abc"[i], typed[k], student=s.roster_name,
                         roster_id=s.roster_id) for i, (k, s) in enumerate(zip(files, subs, strict=True))]
    found = identity_flags.flags(outcomes, read)
    kinds = {o.file.split("_")[0]: [(f["kind"], f["with"]) for f in found[o.file]] for o in outcomes}
    assert kinds == {"mallory": [("id-of-another", [])], "smithalice": [("look-alike-id", [])],
                     "leegrace": [("id-mismatch", [])]}
    said = {o.file.split("_")[0]: found[o.file][0]["what"] for o in outcomes}
    assert "the id of Outsider, Zoe on the class list; Mallory, Eve's id on the class list is 's2100002'" in said[
        "mallory"]
    assert "looks like the class list's 's2100001' but is not it (U+0455 CYRILLIC SMALL LETTER DZE)" in said[
        "smithalice"]
    assert "the class list's SIS User ID is 's2100007': marked on the numbers of 's2100007'" in said["leegrace"]
    # a look-alike of a classmate's id, not of one's own: another student's id
    outcomes[0].student_id = "\u0455" + "2100001"
    (flag,) = identity_flags.flags(outcomes, read)[outcomes[0].file][:1]
    assert flag["kind"] == "id-of-another" and flag["with"] == [outcomes[1].file]
    assert "looks like the id of Smith, Alice on the class list ('s2100001') but is not it (U+0455" in flag["what"]


def test_typed_ids_that_mostly_differ_from_the_column_stop_before_grading(tmp_path):
    import nbformat

    read = _class_list(tmp_path)
    subs = []
    for number, (site, typed) in enumerate((("4521", "1001"), ("4522", "1002"), ("4524", "1007"))):
        nb = nbformat.v4.new_notebook()
        nb.cells.append(nbformat.v4.new_code_cell(f'student_id = "{typed}"'))
        path = tmp_path / f"x_{site}_{number}_hw1.ipynb"
        nbformat.write(nb, path)
        subs.append(Submission(path, path.name, "x", site))
    with pytest.raises(SystemExit, match=r"the ids typed in 3 of 3 notebooks are not the class list's 'SIS User ID' "
                                         r"\(e.g. '1001' typed, 's2100001' on the list\).*--id-column"):
        cli.check_id_column(cli.identify(subs, read), read)


# --- what the teacher and the students read -------------------------------------------------------------

def _grace_class(tmp_path: Path, homework):
    """Grace handed in three times; Hiro copied Alice's written answer; Kate typed the wrong course code."""
    read = roster.read_roster(_worksheet(tmp_path))
    people = {"Alice Smith": ("48101", "s2100001"), "Bob Jones": ("48102", "s2100002"),
              "Liam Nguyen": ("48112", "s2100012")}
    outcomes, subs = [], []
    for name, (site, sid) in people.items():
        for version in range(3 if name == "Bob Jones" else 1):
            file = f"{name}_{site}_assignsubmission_file_/hw1{f' ({version})' if version else ''}.ipynb"
            o = _outcome(file, name, site, 11.0 - version, f"{site}{version}", sid, student=name, roster_id=sid)
            if version < 2:
                o.flags = [{"kind": "same-written-answer", "with": [], "what": f"an old flag of {file}"}]
            outcomes.append(o)
            subs.append(Submission(tmp_path / file, file, name, site, modified=float(version)))
    outcomes[0].flags = [{"kind": "course-code", "with": [], "what": "the notebook has the course code 'oak-42'"}]
    grades = classgrades.class_grades(outcomes, subs, homework, {}, read)
    counted = {e.outcome.file for e in grades.entries if e.outcome}
    return read, outcomes, grades, identity_flags.all_flags(outcomes, read, counted)


def test_the_report_and_the_summary_count_the_same_and_list_the_important_first(tmp_path, homework):
    """QA: the summary said 13 students, the report 12 and its table 13; "10 flags" above 24 rows; the
    several-submissions text three times over; the course code buried among the copying rows; --summary cut
    at 10 without saying more were left; names joined with commas ("Díaz, Carol, Jones, Bob")."""
    read, outcomes, grades, identity = _grace_class(tmp_path, homework)
    skipped = [Skipped("Liam Nguyen_48112_assignsubmission_onlinetext_/onlinetext.html", "not a notebook (.html)")]
    flags = report.class_flags(grades, identity)
    flagged = flags.alone
    assert flagged[0].kind == "COURSE CODE" and flagged[0].who == "Alice Smith"
    bob = [f for f in flagged if f.who == "Bob Jones"]
    # issue 26: the files that do not count are shown with their flags too (a file's flag is its sender's), each
    # marked as not counted; the several-submissions flag once, the counted file's
    assert [(f.kind, f.counted) for f in bob] == [("SAME WRITTEN ANSWER", False), ("SAME WRITTEN ANSWER", False),
                                                  ("SEVERAL SUBMISSIONS", True)]
    assert bob[-1].what == "3 submissions from Bob Jones: this one counts"
    page = report.render(homework, grades, identity, {}, "now", skipped)
    figures = dict((label, n) for label, n in report.counts(grades, flags, skipped))
    assert figures["students on the class list"] == 4 and figures["files not graded (not notebooks, ...)"] == 1
    assert f"<strong>{figures['students flagged']}</strong> students flagged" in page
    assert f"Flags about one student&#x27;s file ({len(flagged)})" in page and figures["students flagged"] == 3
    text = report.summary(homework, grades, identity, {}, skipped)
    assert text.splitlines()[0].startswith("hw1-subtraction-grundy: 4 students on the class list, ")
    names = report._names(["Díaz, Carol", "Jones, Bob"])
    assert names == "Díaz, Carol; Jones, Bob"  # a comma-joined list read as four people
    assert f"flags (0 pairs or groups, {len(flagged)} about one file; 3 students)" in text
    assert "no submission (1): Erin Wu" in text


def test_the_summary_says_how_many_flags_it_leaves_out(homework):
    outcomes = [_outcome(f"s{n}.ipynb", f"Student {n}", str(n), 11.0, f"{n:x}", f"id{n}") for n in range(12)]
    for o in outcomes:
        o.flags = [{"kind": "same-run", "with": [], "what": "x"}]
    grades = classgrades.class_grades(outcomes, [], homework, {})
    text = report.summary(homework, grades, identity_flags.all_flags(outcomes), {})
    assert f"    ... and {12 - report_flags.SUMMARY_FLAGS} more: see report.html" in text


def test_one_feedback_file_per_student_with_the_grade_and_the_class_lists_name(tmp_path, homework):
    """QA: feedback/ held three files for Grace under two naming schemes (file-name slugs), without the grade
    and late lines the zipped copies have; answers/q6.md listed all three files without saying which counts."""
    _, outcomes, grades, _ = _grace_class(tmp_path, homework)
    files = coursesite.write_feedback(grades, homework, {}, tmp_path / "feedback")
    assert sorted(p.name for p in files) == ["Alice-Smith_48101.md", "Bob-Jones_48102.md", "Liam-Nguyen_48112.md"]
    bob = next(p for p in files if p.name.startswith("Bob")).read_text()
    assert "(hw1 (2).ipynb" not in bob and "hw1 (2).ipynb (Bob Jones" in bob
    assert "Grade: not given yet: a written answer is still to be marked by your teacher." in bob
    counted = {e.outcome.file for e in grades.entries if e.outcome}
    answers = records.write_answer_files(outcomes, homework, tmp_path / "answers", counted)[0].read_text()
    assert answers.count("## Bob Jones") == 1 and "2 earlier or other submission(s) are left out" in answers


def test_markdown_escapes_without_entities_and_still_renders_no_markup():
    """QA: ``g(n) &gt; 0`` in answers/q6.md, ``Moodle&#x27;s`` in worksheet comments: escape only for the
    format written."""
    from gamelib_grader import safetext

    text = "If g(n) > 0 & m < n then <img src=http://evil.example/x.png> ![b](http://evil.example/b.png) A&amp;B"
    quoted = safetext.markdown_block(text)
    assert "g(n) > 0" in quoted and "&gt;" not in quoted and "&lt;" not in quoted
    rendered = mistune.html(quoted)
    assert "<img" not in rendered and "<a " not in rendered and "A&amp;amp;B" in rendered
