"""What goes back to the teacher and the course site keeps what is there, and what comes in is read as a
spreadsheet saves it (issue 26, items 6 to 8); each test was written to fail before its fix:

- hand marks saved the European way (semicolons, a decimal comma, cp1252) stopped with wrong advice or a
  ``UnicodeDecodeError`` traceback;
- a Moodle comment the teacher had typed was replaced by the kit's text;
- a grade already in Canvas or Moodle was overwritten without a word;
- two zip members with one name: the second silently replaced the first;
- a Canvas feedback member could carry ``\\`` or ``..`` in its name;
- "its numbers are those of the typed one" was said when the class list's id gave the numbers.
"""

from __future__ import annotations

import csv
import json
import zipfile
from pathlib import Path

import pytest
from course_sites import MOODLE_WORKSHEET_HEADER, write_csv
from gamelib_grader.intake import layout
from gamelib_grader.intake.layout import Submission
from gamelib_grader.intake.roster import RosterError, read_roster
from gamelib_grader.marking import handmarks, records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import coursesite
from gamelib_grader.reporting.classgrades import class_grades
from made_sets import made_set


@pytest.fixture(scope="module")
def homework():
    return made_set()


def _outcome(file: str, student_id: str, sha: str, score: float = 11.0, **more) -> Outcome:
    return Outcome(file, student_id=student_id, status=GRADED, score=score, possible=11.0, sha256=sha, **more)


# --- item 7: hand marks read like the class list ----------------------------------------------------------

def _marked_gradebook(homework, tmp_path: Path) -> tuple[list[dict], list[Outcome]]:
    outcomes = [_outcome("zoë.ipynb", "s1", "a" * 64), _outcome("bob.ipynb", "s2", "b" * 64)]
    book = tmp_path / "book.csv"
    records.write_gradebook(outcomes, homework, book, {})
    with book.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        row["q6 (by hand, 2)"] = {"s1": "1,5", "s2": "2"}[row["student_id"]]
    return rows, outcomes


def _save(rows: list[dict], path: Path, delimiter: str, encoding: str) -> Path:
    with path.open("w", newline="", encoding=encoding) as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), delimiter=delimiter)
        writer.writeheader()
        writer.writerows(rows)
    return path


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "latin-1", "utf-16"])
def test_hand_marks_are_read_whatever_the_spreadsheet_saved(homework, tmp_path, delimiter, encoding):
    """Excel on a European Windows saves semicolons, a decimal comma and cp1252 (``ë`` is one byte that is not
    UTF-8); "Unicode text" is UTF-16 with tabs."""
    rows, outcomes = _marked_gradebook(homework, tmp_path)
    path = _save(rows, tmp_path / "marked.csv", delimiter, encoding)
    marks = handmarks.read_hand_marks(path, homework)
    by_file = {o.file: marks[records.submission_key(o)] for o in outcomes}
    assert by_file == {"zoë.ipynb": {"q6": 1.5}, "bob.ipynb": {"q6": 2.0}}


@pytest.mark.parametrize("raw", [b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00",  # an .xlsx under a .csv name
                                 b"key,q6\n\x00\x01\x02\x03garbage\n"])
def test_a_file_that_is_not_csv_text_stops_with_one_line_that_names_it(homework, tmp_path, raw):
    path = tmp_path / "marked.csv"
    path.write_bytes(raw)
    with pytest.raises(SystemExit) as stopped:
        handmarks.read_hand_marks(path, homework)
    message = str(stopped.value)
    assert str(path) in message and "save it as CSV" in message and "\n" not in message


def test_a_file_without_the_key_column_says_what_its_columns_are(homework, tmp_path):
    path = tmp_path / "marked.csv"
    path.write_text("student;q6\nAlice;2\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"'key' column.*\['student', 'q6'\]"):
        handmarks.read_hand_marks(path, homework)


def test_the_class_list_reads_cp1252_and_tabs_too(tmp_path):
    """The one reader serves both: a Moodle worksheet saved by Excel in cp1252 with tabs."""
    path = tmp_path / "worksheet.csv"
    rows = [MOODLE_WORKSHEET_HEADER, ["Participant 7", "Zoë Ødegård", "z@example.org", "Submitted", "", "10",
                                      "Yes", "-", "-", ""]]
    path.write_bytes("\r\n".join("\t".join(r) for r in rows).encode("cp1252"))
    roster = read_roster(path)
    assert [(s.name, s.site_id) for s in roster.students] == [("Zoë Ødegård", "7")]
    path.write_bytes(b"PK\x03\x04\x00\x00")
    with pytest.raises(RosterError, match="Excel workbook"):
        read_roster(path)


# --- item 8: zip intake, Canvas member names, wording -----------------------------------------------------

def test_two_zip_members_of_one_name_are_both_listed_and_neither_graded(tmp_path):
    archive = tmp_path / "download.zip"
    with zipfile.ZipFile(archive, "w") as zf, pytest.warns(UserWarning, match="Duplicate name"):
        zf.writestr("Alice Smith_101_assignsubmission_file_/hw1.ipynb", '{"first": 1}')
        zf.writestr("Alice Smith_101_assignsubmission_file_/hw1.ipynb", '{"second": 2}')
        zf.writestr("Bob Jones_102_assignsubmission_file_\\hw1.ipynb", '{"backslash": 1}')
        zf.writestr("Bob Jones_102_assignsubmission_file_/hw1.ipynb", '{"slash": 1}')
        zf.writestr("Carol Diaz_103_assignsubmission_file_/hw1.ipynb", '{"only": 1}')
    found, skipped = layout.unpack_zip(archive, tmp_path / "unpacked")
    assert [s.file for s in found] == ["Carol Diaz_103_assignsubmission_file_/hw1.ipynb"]
    reasons = [(s.file, s.reason) for s in skipped]
    assert [file for file, _ in reasons] == ["Alice Smith_101_assignsubmission_file_/hw1.ipynb"] * 2 + [
        "Bob Jones_102_assignsubmission_file_/hw1.ipynb"] * 2
    assert all("2 files of this name" in why and "none is graded" in why for _, why in reasons)
    assert not (tmp_path / "unpacked" / "Alice Smith_101_assignsubmission_file_").exists()


def test_a_canvas_feedback_member_never_holds_a_backslash_or_two_dots(homework, tmp_path):
    """A folder download on Linux keeps a name such as ``smithalice_4521_99812_..\\..\\x.ipynb`` as one file; a
    zip member of that name would unpack outside its folder on Windows."""
    folder = tmp_path / "download"
    folder.mkdir()
    name = "smithalice_4521_99812_..\\..\\startup.ipynb"
    (folder / name).write_text('{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}')
    submissions, skipped = layout.scan_folder(folder)
    assert [s.file for s in submissions] == [name] and not skipped
    outcomes = [_outcome(name, "s1", "a" * 64, site_id="4521", name="smithalice")]
    grades = class_grades(outcomes, submissions, homework, {})
    assert coursesite.write_canvas_feedback(grades, homework, {}, tmp_path / "canvas-feedback.zip") == 1
    member, = zipfile.ZipFile(tmp_path / "canvas-feedback.zip").namelist()
    assert "\\" not in member and ".." not in member and "/" not in member
    assert member.startswith("smithalice_4521_99812_")


def test_the_id_the_numbers_come_from_is_the_one_named():
    """The notebook typed s1111111 and ran with s2222222; the class list gives s3333333, which the numbers come
    from: the note said "those of the typed one"."""
    from gamelib_grader.marking.grader import _seeded_id
    from gamelib_grader.sandbox.plain import Report

    outcome = _outcome("a.ipynb", "s1111111", "a" * 64)
    assert _seeded_id(outcome, Report(values={"student_id": "s2222222"}), "s3333333") == "s3333333"
    note, = outcome.problems
    assert "'s3333333', the class list's id" in note and "typed one" not in note
    outcome = _outcome("a.ipynb", "s1111111", "a" * 64)
    _seeded_id(outcome, Report(values={"student_id": "s2222222"}), None)
    assert outcome.problems[0].endswith("its numbers are those of the typed one")


def test_a_deadline_for_a_canvas_download_is_said_to_change_nothing(tmp_path):
    from gamelib_grader.cli import deadline_note

    canvas = [Submission(tmp_path / "x.ipynb", "smithalice_4521_99812_hw1.ipynb", "smithalice", "4521",
                         site_file_id="99812")]
    moodle = [Submission(tmp_path / "x.ipynb", "Alice_101_assignsubmission_file_/hw1.ipynb", "Alice", "101")]
    assert "no effect on a Canvas download" in deadline_note(True, None, canvas)
    assert deadline_note(True, None, moodle) is None and deadline_note(False, None, canvas) is None


# --- item 6: write-backs that keep what is there --------------------------------------------------------

KIT_OLD = "Grade 8 of 10: automatic score 9 of 11. Details in the feedback file."


def _moodle_class(homework, tmp_path: Path):
    """Three students of a Moodle worksheet: Ann's row has the teacher's comment and a grade 7 given on the
    site; Ben's has the kit's comment of an earlier upload (and its grade 8); Cat's nothing yet."""
    sheet = write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, [
        ["Participant 101", "Ann Lee", "ann@example.org", "Submitted for grading", "7.00", "10.00", "Yes", "-", "-",
         "Great q6 — see my note &amp; the rubric"],
        ["Participant 102", "Ben Ode", "ben@example.org", "Submitted for grading", "8.00", "10.00", "Yes", "-", "-",
         KIT_OLD],
        ["Participant 103", "Cat Roe", "cat@example.org", "Submitted for grading", "", "10.00", "Yes", "-", "-", ""]])
    roster = read_roster(sheet)
    outcomes = [_outcome(f"{name}_{number}_assignsubmission_file_/hw1.ipynb", f"s{number}", f"{number:064x}",
                         site_id=str(number), name=name)
                for name, number in (("Ann Lee", 101), ("Ben Ode", 102), ("Cat Roe", 103))]
    marks = {records.submission_key(o): {"q6": 2.0} for o in outcomes}
    return roster, outcomes, marks


def _comments(path: Path) -> dict[str, str]:
    with path.open(newline="", encoding="utf-8") as f:
        return {row["Full name"]: row["Feedback comments"] for row in csv.DictReader(f)}


def test_a_moodle_comment_the_teacher_typed_is_kept_with_the_kits_after_it(homework, tmp_path):
    roster, outcomes, marks = _moodle_class(homework, tmp_path)
    grades = class_grades(outcomes, [], homework, marks, roster)
    comments = _comments(coursesite.write_moodle(grades, tmp_path / "out.csv"))
    kit = "Grade 10.00 of 10.00: automatic score 11 of 11, total 13 of 13. Details in the feedback file."
    assert comments["Ann Lee"] == f"Great q6 — see my note &amp; the rubric {kit}"
    assert comments["Ben Ode"] == kit  # the kit's own earlier text is replaced, never kept twice
    assert comments["Cat Roe"] == kit
    assert [e.label for e in coursesite.kept_comments(grades)] == ["Ann Lee"]
    replaced = _comments(coursesite.write_moodle(grades, tmp_path / "out.csv", replace_comments=True))
    assert replaced["Ann Lee"] == kit


def test_the_run_says_how_many_moodle_comments_it_kept(homework, tmp_path):
    from gamelib_grader.reporting.outputs import Course, write_everything

    roster, outcomes, marks = _moodle_class(homework, tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    (out / "hand-marks.json").write_text(json.dumps(
        {key: {"file": o.file, "marks": marks[key]} for o in outcomes for key in [records.submission_key(o)]}))
    written = write_everything(outcomes, [], homework, out, course=Course(roster))
    assert [e.label for e in written.kept_comments] == ["Ann Lee"]
    assert not write_everything(outcomes, [], homework, out, course=Course(roster, replace_comments=True)
                                ).kept_comments


def test_every_grade_that_would_change_one_on_the_site_is_listed(homework, tmp_path):
    """Ann has 7 on Moodle (given by hand there), Ben 8 (an earlier upload): both become 10 and are listed;
    Cat has none, so nothing is overwritten for her. On Canvas the same, from the export's column."""
    from gamelib_grader.reporting import report

    roster, outcomes, marks = _moodle_class(homework, tmp_path)
    grades = class_grades(outcomes, [], homework, marks, roster)
    assert [(o.student, o.before, o.after) for o in coursesite.overwrites(grades)] == [
        ("Ann Lee", "7.00", "10.00"), ("Ben Ode", "8.00", "10.00")]
    export = tmp_path / "canvas.csv"
    export.write_text('Student,ID,SIS User ID,SIS Login ID,Section,Homework 1 (55)\n'
                      '"    Points Possible",,,,,"10"\n'
                      '"Lee, Ann",101,s101,ann,A,10\n"Ode, Ben",102,s102,ben,A,6.5\n"Roe, Cat",103,s103,cat,A,\n'
                      '"Ray, Dee",104,s104,dee,A,EX\n',
                      encoding="utf-8")
    canvas = read_roster(export, "Homework 1")
    outcomes = [_outcome(f"{login}_{number}_9{number}_hw1.ipynb", f"s{number}", f"{number:064x}",
                         site_id=str(number), name=login)
                for login, number in (("leeann", 101), ("odeben", 102), ("roecat", 103), ("raydee", 104))]
    marks = {records.submission_key(o): {"q6": 2.0} for o in outcomes}
    grades = class_grades(outcomes, [], homework, marks, canvas)
    assert [(o.student, o.before, o.after) for o in coursesite.overwrites(grades)] == [
        ("Ode, Ben", "6.5", "10"), ("Ray, Dee", "EX", "10")]  # EX: excused on Canvas
    summary = report.summary(homework, grades, {}, {})
    assert "the import changes 2 grade(s) the site has now: Ode, Ben 6.5 → 10; Ray, Dee EX → 10" in summary
    page = report.render(homework, grades, {}, {}, "now")
    assert "The import file changes 2 grade(s) the course site has now" in page and "<td>6.5</td>" in page


@pytest.mark.slow
def test_a_round_with_european_hand_marks_keeps_the_teachers_comment_and_says_so(tmp_path, capsys):
    """The whole round from the command line: grade, mark the written answer in a spreadsheet that saves
    semicolons, decimal commas and cp1252, merge, and the Moodle worksheet keeps Ann's comment; the run says
    so, and lists the grade it changes. (Unsandboxed: the notebooks are the tests' own.)"""
    import nbformat
    from gamelib_grader import cli
    from grading_attacks import submission
    from homework_build import RIGHT, SET, built_sets

    folder = tmp_path / "download"
    for name, number, answers in (("Ann Lee", 101, RIGHT), ("Ben Ode", 102, {**RIGHT, "q4_leave": "27"})):
        path = folder / f"{name}_{number}_assignsubmission_file_" / "hw1.ipynb"
        path.parent.mkdir(parents=True)
        nbformat.write(submission(SET, answers, f"s1000{number}"), path)
    sheet = write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, [
        ["Participant 101", "Ann Lee", "ann@x.org", "Submitted", "7.00", "13.00", "Yes", "-", "-", "Great q6 — see me"],
        ["Participant 102", "Ben Ode", "ben@x.org", "Submitted", "", "13.00", "Yes", "-", "-", ""]])
    out = tmp_path / "out"
    args = ["hw1", str(folder), "--out", str(out), "--roster", str(sheet), "--unsandboxed", "--id-column", "none",
            "--autograder", str(built_sets()[SET].autograder_zip)]
    assert cli.main(args) == 0
    with (out / f"{SET}-results.csv").open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        row["q6 (by hand, 2)"] = "1,5"
    marked = _save(rows, tmp_path / "marked.csv", ";", "cp1252")
    capsys.readouterr()
    assert cli.main([*args, "--merge-manual", str(marked), "--summary"]) == 0
    said = capsys.readouterr().out
    assert "hand marks merged: 2 from" in said
    assert "Moodle worksheet: 1 row(s) keep the comment you typed there" in said
    assert "Ann Lee 7.00 → 12.50" in said and "the import changes 1 grade(s) the site has now" in said
    comments = _comments(out / "moodle-grading-worksheet.csv")
    assert comments["Ann Lee"].startswith("Great q6 — see me Grade 12.50 of 13.00")
