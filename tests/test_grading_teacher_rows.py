"""A teacher's round trip through the course sites' files (issue: the teacher's own words and rows): what the
teacher typed in a Moodle worksheet goes back to Moodle as typed, and a class list without a single student
stops before grading with a message that says why.

Moodle's "Upload grading worksheet" (mod/assign/feedback/offline/locallib.php, process_import_grades) stores the
Feedback comments cell as it is in the file whenever it differs from the comment it has: whatever the kit
writes in that cell is what the student reads. Outcomes are made here (no sandbox).
"""

from __future__ import annotations

import argparse
import csv
import doctest
import zipfile
from pathlib import Path

import pytest
from course_sites import MOODLE_WORKSHEET_HEADER, write_csv
from gamelib_grader import cli
from gamelib_grader.intake import roster
from gamelib_grader.marking import records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import classgrades, coursesite, keptgrades
from made_sets import made_set


@pytest.fixture(scope="module")
def homework():
    return made_set()


def _outcome(folder: str, site_id: str, score: float, sha: str) -> Outcome:
    return Outcome(f"{folder}_{site_id}_assignsubmission_file_/hw1.ipynb", name=folder, site_id=site_id,
                   student_id="", status=GRADED, score=score, possible=11.0, sha256=sha * 64)


def _args(path: Path, points: float | None = None) -> argparse.Namespace:
    return argparse.Namespace(roster=path, assignment=None, id_column=None, late_penalty=0.0, late_penalty_max=100.0,
                              grace=0.0, points=points, extensions=None, deadline=None, several="latest",
                              file_times=False)


#: What teachers type in a worksheet's comment (in Moodle's editor, or in the downloaded sheet): a deduction
#: written "-1 ...", a bonus "+2 ...", an address "@Dee", and Moodle's editor's paragraphs, one per line.
TYPED = {"1": "-1 for unlabelled axes; otherwise fine", "2": "+2 bonus for the proof", "3": "@Dee: see me",
         "4": "<p>Nice work.</p>\n<p>Q3: come to my office hour.</p>"}


def test_a_comment_the_teacher_typed_goes_back_to_moodle_as_typed(tmp_path, homework):
    """The teacher's comment was written back as a spreadsheet formula guard would have it: "'-1 for ..." and
    "'+2 bonus ...", with a quote mark Moodle then stores and the student reads, and the editor's lines run
    together. The teacher's words stay exactly as downloaded, the kit's text after them."""
    rows = [[f"Participant {n}", f"Student {n}", f"s{n}@uni.example", "Submitted for grading", "", "10.00", "Yes",
             "Monday, 2 March 2026, 8:14 PM", "-", TYPED[n]] for n in TYPED]
    read = roster.read_roster(write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, rows))
    outcomes = [_outcome(f"Student {n}", n, 11.0, chr(ord("a") + int(n))) for n in TYPED]
    grades = classgrades.class_grades(outcomes, [], homework, {records.submission_key(o): {"q6": 2.0}
                                                               for o in outcomes}, read)
    path = coursesite.write_moodle(grades, tmp_path / "out.csv")
    back = {r["Identifier"]: r["Feedback comments"] for r in csv.DictReader(path.open(newline="", encoding="utf-8"))}
    kit = "Grade 10.00 of 10.00: automatic score 11 of 11, total 13 of 13. Details in the feedback file."
    assert back == {f"Participant {n}": f"{TYPED[n]} {kit}" for n in TYPED}


@pytest.mark.parametrize("rows, left", [
    ([], None),  # the header alone: a worksheet downloaded for an empty group
    ([["P1", "Ann Archer", "ann@uni.example", "-", "", "10.00", "Yes", "-", "-", ""]], "'P1'"),  # no "Participant N"
])
def test_a_class_list_with_no_student_stops_before_grading(tmp_path, homework, rows, left):
    """A worksheet without one student row was read as a class list of nobody: with --points every
    submission was graded as "not on the roster" and an empty worksheet written; without, the run stopped
    saying the worksheet had no Maximum Grade (it has one)."""
    path = write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, rows)
    with pytest.raises(SystemExit, match="worksheet.csv is a Moodle grading worksheet with no student in it") as stop:
        cli._course(_args(path, points=10), homework)
    assert (left in str(stop.value)) if left else "left out" not in str(stop.value)


def test_a_canvas_export_of_the_test_student_alone_says_so(tmp_path):
    path = write_csv(tmp_path / "export.csv", ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                                               "Homework 1 (501)"],
                     [["    Points Possible", "", "", "", "", "20"], ["Student, Test", "9999", "", "", "P1", ""]])
    with pytest.raises(roster.RosterError, match=r"no student in it \(left out: Student, Test \(Canvas's test"):
        roster.read_roster(path, set_name="hw1")


def test_a_grade_moodle_will_not_change_goes_back_as_moodle_has_it(tmp_path, homework):
    """Moodle's upload skips the grade of a row whose "Grade can be changed" is "No" (locked, or overridden
    in the gradebook) but still imports its comment (mod/assign/feedback/offline/locallib.php): the kit wrote
    "Grade 10 of 10: ..." into the comment of a grade that stays 6 on the site. The row goes back as exported,
    and the teacher is told which grades to give by hand."""
    rows = [["Participant 7", "Gus Locke", "gus@uni.example", "Submitted for grading - Graded", "6.00", "10.00", "No",
             "Monday, 2 March 2026, 8:14 PM", "Friday, 6 March 2026, 10:00 AM", "<p>Changed after the appeal.</p>"],
            ["Participant 8", "Hal Open", "hal@uni.example", "Submitted for grading - Graded", "6.00", "10.00", "Yes",
             "Monday, 2 March 2026, 8:14 PM", "Friday, 6 March 2026, 10:00 AM", "-"]]
    read = roster.read_roster(write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, rows))
    outcomes = [_outcome("Gus Locke", "7", 11.0, "g"), _outcome("Hal Open", "8", 11.0, "h")]
    grades = classgrades.class_grades(outcomes, [], homework, {records.submission_key(o): {"q6": 2.0}
                                                               for o in outcomes}, read)
    path = coursesite.write_moodle(grades, tmp_path / "out.csv")
    back = {r["Full name"]: (r["Grade"], r["Feedback comments"])
            for r in csv.DictReader(path.open(newline="", encoding="utf-8"))}
    assert back["Gus Locke"] == ("6.00", "<p>Changed after the appeal.</p>")
    assert back["Hal Open"][0] == "10.00" and back["Hal Open"][1].startswith("Grade 10.00 of 10.00: ")
    assert [e.label for e in keptgrades.locked_rows(grades)] == ["Gus Locke"]
    assert [o.student for o in coursesite.overwrites(grades)] == ["Hal Open"]  # Gus's 6 is not replaced
    assert coursesite.kept_comments(grades) == []


def test_a_worksheet_with_decimal_commas_gets_its_grades_with_decimal_commas(tmp_path, homework):
    """A worksheet from a Moodle in German or French writes "10,00" and "7,50" (its numbers are formatted in
    the site's language, and read back the same way): the new grade 8.46 went back as "8.46", which is not
    how that Moodle writes a number (its thousands separator is the point). It goes back as "8,46"; a
    worksheet with decimal points keeps them."""
    def graded(maximum: str, before: str) -> dict:
        rows = [["Participant 9", "Ida Komma", "ida@uni.example", "Submitted for grading - Graded", before, maximum,
                 "Yes", "Monday, 2 March 2026, 8:14 PM", "-", ""],
                ["Participant 10", "Jon Leer", "jon@uni.example", "No submission", "", maximum, "Yes", "-", "-", ""]]
        read = roster.read_roster(write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER, rows))
        outcome = _outcome("Ida Komma", "9", 9.0, "i")  # 9 + 2 of 13 = 8.4615... of 10
        grades = classgrades.class_grades([outcome], [], homework, {records.submission_key(outcome): {"q6": 2.0}},
                                          read)
        path = coursesite.write_moodle(grades, tmp_path / "out.csv")
        return {r["Full name"]: r["Grade"] for r in csv.DictReader(path.open(newline="", encoding="utf-8"))}

    assert graded("10,00", "7,50") == {"Ida Komma": "8,46", "Jon Leer": ""}
    assert graded("10.00", "7.50") == {"Ida Komma": "8.46", "Jon Leer": ""}


def test_two_students_of_the_same_name_are_told_apart_where_the_teacher_must_act(tmp_path, homework):
    """Two "Smith, John" on a Canvas gradebook (ids 4523 and 4524): the run said the import changes
    "Smith, John EX → 20" and that "Smith, John" waits for a hand mark, without saying which one. Each is
    named with the class list's id (the SIS User ID) where a name is shared."""
    export = write_csv(tmp_path / "export.csv", ["Student", "ID", "SIS User ID", "SIS Login ID", "Section",
                                                 "Homework 1 (501)"],
                       [["    Points Possible", "", "", "", "", "20"],
                        ["Smith, John", "4523", "s3", "js1", "P1", "12"],
                        ["Smith, John", "4524", "s4", "js2", "P2", "EX"],
                        ["Lee, Ann", "4525", "s5", "al", "P2", ""]])
    read = roster.read_roster(export, set_name="hw1")

    def canvas(file: str, site_id: str) -> Outcome:
        return Outcome(file, name="smithjohn", site_id=site_id, student_id="", status=GRADED, score=11.0,
                       possible=11.0, sha256=site_id[-1] * 64)
    marked, waiting = canvas("smithjohn_4524_90003_hw1.ipynb", "4524"), canvas("smithjohn_4523_90004_hw1.ipynb", "4523")
    grades = classgrades.class_grades([marked, waiting], [], homework, {records.submission_key(marked): {"q6": 2.0}},
                                      read)
    assert [o.student for o in coursesite.overwrites(grades)] == ["Smith, John (s4)"]
    assert [e.label for e in classgrades.waiting(grades)] == ["Smith, John (s3)"]
    assert [e.label for e in grades.entries] == ["Smith, John (s3)", "Smith, John (s4)", "Lee, Ann"]


def _zip_of(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def test_a_download_cut_short_or_damaged_is_refused_in_words(tmp_path):
    """A submissions zip whose download stopped half-way (no central directory), or whose notebook's bytes
    were damaged, stopped the run with zipfile's traceback ("BadZipFile: File is not a zip file",
    "Bad CRC-32"). It stops with a line that names the file and says to download it again."""
    whole = _zip_of(tmp_path / "whole.zip", {f"smith{n}_45{n}_9{n}_hw1.ipynb": bytes(range(256)) * 40 for n in "12"})
    raw = whole.read_bytes()
    cut = tmp_path / "cut.zip"
    cut.write_bytes(raw[: len(raw) // 2])
    damaged = tmp_path / "damaged.zip"
    start = raw.index(b"hw1.ipynb") + 40  # inside the first member's compressed bytes
    damaged.write_bytes(raw[:start] + bytes(b ^ 0x5A for b in raw[start:start + 64]) + raw[start + 64:])
    for path in (cut, damaged):
        with pytest.raises(SystemExit, match=rf"{path.name} is not a whole zip file .*Download it again"):
            cli.find(path, tmp_path / f"out-{path.stem}", None)


def test_the_class_grades_docstring_examples_hold():
    result = doctest.testmod(classgrades)
    assert result.attempted > 0 and result.failed == 0


#: A worksheet of an assignment with anonymous submissions, as a teacher who may not see who is who
#: downloads it: mod/assign/gradingtable.php writes "Identifier" but no "Full name" nor identity column.
ANONYMOUS_HEADER = [h for h in MOODLE_WORKSHEET_HEADER if h not in ("Full name", "Email address")]


def test_a_worksheet_of_anonymous_submissions_is_read_and_filled_in(tmp_path, homework):
    """It was refused as "not a class list this grader reads", though Moodle's import needs only Identifier,
    Grade and Last modified (grade) (mod/assign/feedback/offline/importgradeslib.php): each student is their
    participant number, and their grade lands on their row."""
    rows = [["Participant 7301", "Submitted for grading", "", "10.00", "Yes", "Monday, 2 March 2026, 8:14 PM", "-", ""],
            ["Participant 7302", "No submission", "", "10.00", "Yes", "-", "-", "<p>Ask me.</p>"],
            ["Participant 7303", "Submitted for grading", "", "10.00", "Yes", "Monday, 2 March 2026, 9:14 PM", "-", ""]]
    read = roster.read_roster(write_csv(tmp_path / "worksheet.csv", ANONYMOUS_HEADER, rows))
    assert (read.kind, [s.name for s in read.students]) == (roster.MOODLE_WORKSHEET, [r[0] for r in rows])
    outcomes = [_outcome("Participant", "7303", 11.0, "p"), _outcome("Participant", "7301", 0.0, "q")]
    grades = classgrades.class_grades(outcomes, [], homework, {records.submission_key(o): {"q6": 2.0}
                                                               for o in outcomes}, read)
    path = coursesite.write_moodle(grades, tmp_path / "out.csv")
    assert next(csv.reader(path.open(newline="", encoding="utf-8"))) == ANONYMOUS_HEADER
    back = {r["Identifier"]: (r["Grade"], r["Feedback comments"])
            for r in csv.DictReader(path.open(newline="", encoding="utf-8"))}
    assert {k: v[0] for k, v in back.items()} == {"Participant 7301": "1.54", "Participant 7302": "",
                                                  "Participant 7303": "10.00"}
    assert back["Participant 7302"][1] == "<p>Ask me.</p>"
