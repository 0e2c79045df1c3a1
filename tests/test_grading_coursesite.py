"""The round trip to the course site: a class list read from Canvas and Moodle exports, submissions matched to
it, and the files the sites import written in the formats they document and read.

The formats are checked by code that follows the sites' own readers, written here from their sources, not from
the grader's writers: Canvas's gradebook importer (canvas-lms lib/gradebook_importer.rb: a header starting
Student, ID, with SIS User ID and SIS Login ID and ending its student columns with Section, assignments titled
"Name (id)", a row whose first cell holds "Points Possible"), its re-upload of submissions (app/models/assignment.rb,
infer_comment_context_from_filename: the first two all-digit parts of a file name split at "_" are the user id
and the file id), Moodle's grading worksheet import (mod/assign/feedback/offline/importgradeslib.php: the columns
"Identifier" (whose value is "Participant " and the number), "Grade" and "Last modified (grade)" must all be
there) and its feedback-files import (mod/assign/feedback/file/importziplib.php: each path part is split at "_"
into at most 5 pieces; the second is the participant number, the third and fourth the plugin).

A generated class of 30 on Moodle (honest work, wrong answers, resubmissions, late work, an extension,
non-submitters, a submission from someone not on the list) and 10 on Canvas is graded in the real sandbox.
"""

from __future__ import annotations

import csv
import doctest
import html
import io
import json
import os
import re
import zipfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

import nbformat
import pytest
from course_sites import MOODLE_WORKSHEET_HEADER, write_csv
from gamelib_grader import cli
from gamelib_grader.intake import ids, roster
from gamelib_grader.marking import late, records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import changes, classgrades, coursesite
from grading_attacks import submission
from homework_build import COURSE, RIGHT, SET, built_sets
from made_sets import made_set

pytestmark = pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")

UTC = timezone.utc
DEADLINE = datetime(2026, 3, 2, 23, 59, tzinfo=UTC)


def _moodle_date(when: datetime) -> str:
    """As Moodle writes a date in English (userdate with its default format, leading zeros dropped)."""
    return f"{when:%A}, {when.day} {when:%B %Y}, {int(when.strftime('%I'))}:{when:%M %p}"


@pytest.mark.parametrize("module", [roster, ids, late, coursesite, changes])
def test_the_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


# --- reading the class lists ----------------------------------------------------------------------------

CANVAS_EXPORT = (
    '"Student","ID","SIS User ID","SIS Login ID","Section","Homework 1: subtraction games (501)","Quiz 2 (502)",'
    '"Current Points","Final Points","Current Score","Unposted Current Score","Final Score","Unposted Final Score"\n'
    ',,,,,"Manual Posting",,,,,,,\n'
    '"    Points Possible",,,,,"20","5","(read only)","(read only)","(read only)","(read only)","(read only)",'
    '"(read only)"\n'
    '"Smith, Alice","4521","S-1001","asmith","Period 2","","4","4","4","80","80","80","80"\n'
    '"=""=cmd|calc"", Bob","4522","S-1002","bcmd","Period 2","","","0","0","","","",""\n'
    '"Student, Test","9999","","","Period 2","","","","","","","",""\n')


def test_canvas_export_gives_the_students_the_assignment_and_its_points(tmp_path):
    path = tmp_path / "export.csv"
    path.write_text(CANVAS_EXPORT, encoding="utf-8-sig")  # Canvas writes a byte-order mark
    read = roster.read_roster(path, set_name=SET)
    assert (read.kind, read.assignment, read.points) == (roster.CANVAS, "Homework 1: subtraction games (501)", 20)
    assert [(s.name, s.site_id, s.sis_id, s.login) for s in read.students] == [
        ("Smith, Alice", "4521", "S-1001", "asmith"), ('="=cmd|calc", Bob', "4522", "S-1002", "bcmd")]
    assert read.left_out == ["Student, Test (Canvas's test student)"]
    assert roster.read_roster(path, "502").assignment == "Quiz 2 (502)"
    with pytest.raises(roster.RosterError, match="no assignment column matches 'essay'.*--assignment"):
        roster.read_roster(path, "essay")


def test_a_semicolon_separated_canvas_export_is_read_too(tmp_path):
    path = tmp_path / "export.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f, delimiter=";").writerows(csv.reader(io.StringIO(CANVAS_EXPORT)))
    assert [s.site_id for s in roster.read_roster(path, set_name=SET).students] == ["4521", "4522"]


def test_anything_else_is_refused_with_what_is_expected(tmp_path):
    path = tmp_path / "other.csv"
    path.write_text("name,score\nann,3\n")
    with pytest.raises(roster.RosterError, match=r"its first row is \['name', 'score'\]. Expected Canvas"):
        roster.read_roster(path)


MOODLE_HEADER = MOODLE_WORKSHEET_HEADER  # as Moodle writes it (tests/course_sites.py)


def test_moodle_participants_keep_only_students(tmp_path):
    path = tmp_path / "participants.csv"
    path.write_text("First name,Last name,ID number,Email address,Roles,Groups\n"
                    "Ann,Archer,s1001,ann@example.edu,Student,A\nTom,Teacher,,tom@example.edu,Teacher,\n")
    read = roster.read_roster(path)
    assert read.kind == roster.MOODLE_PARTICIPANTS and read.left_out == ["Tom Teacher (Teacher)"]
    (ann,) = read.students
    assert (ann.name, ann.sis_id, ann.email, ann.site_id) == ("Ann Archer", "s1001", "ann@example.edu", None)
    assert ann.ids == {"s1001", "ann@example.edu", "ann"}


def test_submissions_are_matched_by_site_number_then_file_id_then_name_then_typed_id():
    read = roster.Roster(roster.CANVAS, Path("x"), [
        roster.Student("Smith, Alice", site_id="4521", sis_id="s1001"),
        roster.Student("Jones, Bob", site_id="4522", sis_id="s1002", email="bob@example.edu"),
        roster.Student("Müller, Zoë", site_id="4523")])
    match = roster.matcher(read)
    assert match("4521", "someone", None, None) == roster.Match(read.students[0], roster.BY_SITE_ID)
    assert match(None, None, "S1002", None) == roster.Match(read.students[1], roster.BY_NAMED_ID)
    assert match(None, "mullerzoe", None, None).student is read.students[2]
    assert match(None, "Zoë Müller", None, None).student is read.students[2]
    assert match(None, "nobody", None, "bob") == roster.Match(read.students[1], roster.BY_TYPED_ID)
    assert match(None, "nobody", None, "s9999") == roster.Match(None)


# --- grades from fabricated outcomes (no sandbox) ------------------------------------------------------

@pytest.fixture(scope="module")
def homework():
    return made_set()


def _graded(file: str, score: float, sha: str, **identity) -> Outcome:
    return Outcome(file, status=GRADED, score=score, possible=11.0, sha256=sha * 64, **identity)


def test_several_submissions_follow_the_rule_and_say_so(homework, tmp_path):
    from gamelib_grader.intake.layout import Submission

    files = [("Ann_1_assignsubmission_file_/hw1.ipynb", 11.0, "a", 100.0),
             ("Ann_1_assignsubmission_file_/hw1 (1).ipynb", 5.0, "b", 200.0)]
    outcomes = [_graded(f, score, sha, name="Ann", site_id="1") for f, score, sha, _ in files]
    subs = [Submission(tmp_path / "x", f, "Ann", "1", modified=t) for f, _, _, t in files]
    marks = {records.submission_key(o): {"q6": 2.0} for o in outcomes}
    picked = {rule: classgrades.class_grades(outcomes, subs, homework, marks, rule=rule).entries[0]
              for rule in classgrades.RULES}
    assert picked["latest"].outcome.file.endswith("hw1 (1).ipynb") and picked["latest"].total == 7
    assert picked["first"].outcome.score == 11 and picked["best"].outcome.score == 11
    assert "2 submissions; counted by the rule 'latest'" in picked["latest"].notes[0]
    same_time = [Submission(s.path, s.file, "Ann", "1", modified=None) for s in subs]
    undecided = classgrades.class_grades(outcomes, same_time, homework, marks).entries[0]
    assert any("cannot tell which is the latest" in n for n in undecided.notes)


def test_an_unmarked_written_answer_leaves_the_grade_empty_not_zero(homework, tmp_path):
    outcomes = [_graded("a.ipynb", 11.0, "a", name="a")]
    grades = classgrades.class_grades(outcomes, [], homework, {})
    (entry,) = grades.entries
    assert (entry.state, entry.total, entry.grade) == (classgrades.NOT_YET_MARKED, None, None)


def test_lateness_from_a_deadline_an_extension_and_the_rule():
    rule = late.Penalty(10, 30, grace_minutes=10)
    assert late.judge(rule, DEADLINE, DEADLINE + timedelta(minutes=9), "x") == late.ON_TIME
    assert late.judge(rule, DEADLINE, DEADLINE + timedelta(minutes=11), "x").percent == 10
    assert late.judge(rule, DEADLINE, DEADLINE + timedelta(days=5), "x").percent == 30
    extended = DEADLINE + timedelta(days=3)
    assert late.judge(rule, extended, DEADLINE + timedelta(days=2), "x", extended=True) == late.ON_TIME
    with pytest.raises(late.LateRuleError, match="percentage from 0 to 100"):
        late.Penalty(110)
    with pytest.raises(late.LateRuleError, match="'next friday' is not a date"):
        late.parse_when("next friday")


# --- a generated class on Moodle, graded in the sandbox ----------------------------------------------------

FIRST = ["Ann", "Ben", "Cleo", "Dev", "Emma", "Finn", "Gia", "Hugo", "Ines", "Jon", "Kai", "Lena", "Milo", "Nora",
         "Omar", "Pia", "Quinn", "Rosa", "Sami", "Tara", "Uma", "Vik", "Wren", "Xavi", "Yara", "Zoë", "Liam", "Mia",
         "Noah", "Olga"]
LAST = ["Archer", "Baker", "Cole", "Diaz", "Evans", "Fox", "Gray", "Hale", "Ito", "Jones", "Kim", "Lund", "Moss",
        "Nash", "O'Neil", "Park", "Quay", "Reed", "Stone", "Todd", "Usher", "Vance", "Wolfe", "Xu", "Young",
        "Müller", "Lopez", "Meyer", "Nagy", "Orr"]
WRONG, RESUBMITTED, LATE, EXTENDED = (20, 21), (22, 23), 24, 25
NO_SUBMISSION = (26, 27, 28, 29)


def _moodle_class(folder: Path) -> list[list[str]]:
    """A Moodle download of hw1 for 30 students and the grading worksheet rows for them."""
    rows = []
    on_time = DEADLINE - timedelta(days=1)
    for i, (first, last) in enumerate(zip(FIRST, LAST, strict=True)):
        name, participant, sid = f"{first} {last}", 1001 + i, f"s{1001 + i}"
        status, submitted = "Submitted for grading", on_time
        answers = {**RIGHT, "q4_leave": "-1"} if i in WRONG else RIGHT
        files = [("hw1-subtraction-grundy.ipynb", answers, 0)]
        if i in RESUBMITTED:  # handed in a blank copy first, then the work
            files = [("hw1-subtraction-grundy.ipynb", {}, 0), ("hw1-subtraction-grundy (1).ipynb", RIGHT, 60)]
        if i == LATE:
            submitted = DEADLINE + timedelta(days=1, hours=2)
            status += " - 1 day 2 hours late"
        if i == EXTENDED:
            submitted = DEADLINE + timedelta(days=1)
            status += f" - 1 day late - Extension granted until: {_moodle_date(DEADLINE + timedelta(days=2))}"
        if i in NO_SUBMISSION:
            status, files = "No submission", []
        for file, given, later in files:
            path = folder / f"{name}_{participant}_assignsubmission_file_" / file
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(submission(SET, given, sid), path)
            stamp = submitted.timestamp() + later
            os.utime(path, (stamp, stamp))
        rows.append([f"Participant {participant}", name, f"{first.lower()}@example.edu", status, "", "100.00", "Yes",
                     _moodle_date(submitted) if files else "-", "-", ""])
    stranger = folder / "Mallory Intruder_9999_assignsubmission_file_" / "hw1.ipynb"
    stranger.parent.mkdir()
    nbformat.write(submission(SET, RIGHT, "s9999"), stranger)
    return rows


def _main(*args) -> int:
    return cli.main(["hw1", *map(str, args), "--autograder", str(built_sets()[SET].autograder_zip)])


def _rows(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


@pytest.fixture(scope="module")
def moodle(tmp_path_factory):
    """The Moodle class graded, then its written answers marked (all but one) and merged back."""
    base = tmp_path_factory.mktemp("moodle")
    folder, out = base / "download", base / "graded"
    rows = _moodle_class(folder)
    worksheet = write_csv(base / "worksheet.csv", MOODLE_HEADER, rows)
    common = ["--roster", worksheet, "--deadline", DEADLINE.isoformat(), "--late-penalty", "10", "--out", out,
              "--timeout", "60"]
    assert _main(folder, "--jobs", "2", *common) == 0
    marked = _rows(out / f"{SET}-results.csv")
    unmarked = "Ben Baker"
    for row in marked:
        row["q6 (by hand, 2)"] = "" if row["student"] == unmarked else "2"
    write_csv(base / "marked.csv", list(marked[0]), [list(r.values()) for r in marked])
    assert _main(folder, *common, "--merge-manual", base / "marked.csv", "--summary") == 0
    return {"out": out, "worksheet": rows, "unmarked": unmarked}


def _moodle_import(path: Path) -> dict[str, dict]:
    """The worksheet as Moodle's importer reads it: it needs Identifier, Grade and Last modified (grade), and
    strips "Participant " from the identifier to find the student."""
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        for needed in ("Identifier", "Grade", "Last modified (grade)"):
            assert needed in header
        rows = list(reader)
    index = {h: i for i, h in enumerate(header)}
    found = {}
    for row in rows:
        identifier = row[index["Identifier"]]
        assert identifier.startswith("Participant ")
        found[identifier[len("Participant "):]] = {h: row[i] for h, i in index.items()}
    return found


@pytest.mark.slow
def test_moodle_worksheet_has_one_row_per_student_in_moodles_format(moodle):
    path = moodle["out"] / "moodle-grading-worksheet.csv"
    assert next(csv.reader(path.open(encoding="utf-8"))) == MOODLE_HEADER
    rows = _moodle_import(path)
    assert list(rows) == [str(1001 + i) for i in range(30)]  # the roster's order, every student once
    grade = {int(p) - 1001: r["Grade"] for p, r in rows.items()}
    # every grade as the worksheet writes its grades ("100.00", issue 43)
    assert grade[0] == "100.00" and grade[WRONG[0]] == f"{(9 + 2) / 13 * 100:.2f}"  # q4 wrong, q6 marked 2
    assert grade[RESUBMITTED[0]] == "100.00"  # the later, right notebook counts, not the blank one
    assert grade[LATE] == "80.00" and grade[EXTENDED] == "100.00"  # 26 hours late: two started days, 10 % each
    assert all(grade[i] == "" for i in NO_SUBMISSION)  # missing, not 0
    assert grade[1] == ""  # Ben Baker's written answer is not marked yet: no grade, not a lower one
    for participant, row in rows.items():  # what Moodle exported is kept, so its staleness check still works
        exported = moodle["worksheet"][int(participant) - 1001]
        assert (row["Full name"], row["Last modified (grade)"]) == (exported[1], exported[8])
    assert "Late: handed in 1 day 2 hours late" in rows[str(1001 + LATE)]["Feedback comments"]


@pytest.mark.slow
def test_moodle_feedback_zip_is_laid_out_as_moodle_reads_it(moodle):
    with zipfile.ZipFile(moodle["out"] / "moodle-feedback.zip") as zf:
        names = zf.namelist()
        texts = {name: zf.read(name).decode() for name in names}
    participants = set()
    for name in names:  # Moodle's importer: the first path part split in at most 5 at "_" names the student
        assert not name.startswith((".", "~")) and not name.endswith("/")
        part = name.split("/")[0]
        info = part.split("_", 4)
        assert len(info) >= 4 and info[1].isdigit() and (info[2], info[3]) == ("assignsubmission", "file")
        assert name.split("/")[-1] == f"{SET}-feedback.md"
        participants.add(int(info[1]))
    submitted = {1001 + i for i in range(30) if i not in NO_SUBMISSION} | {9999}
    assert participants == submitted
    late_one = next(t for n, t in texts.items() if f"_{1001 + LATE}_" in n)
    assert "Grade: **80.00 of 100.00**" in late_one and "Late: handed in 1 day 2 hours late" in late_one
    unmarked = next(t for n, t in texts.items() if n.startswith(moodle["unmarked"]))
    assert "still to be marked" in unmarked


@pytest.mark.slow
def test_course_grades_and_report_name_everyone(moodle):
    grades = {r["student"]: r for r in _rows(moodle["out"] / "course-grades.csv")}
    assert len(grades) == 31
    assert grades["Mallory Intruder"]["state"] == "graded, NOT ON THE ROSTER"
    assert grades["Liam Lopez"]["state"] == "no submission" and grades["Liam Lopez"]["grade"] == ""
    assert "2 submissions; counted by the rule 'latest'" in grades[f"{FIRST[22]} {LAST[22]}"]["notes"]
    page = html.unescape((moodle["out"] / "report.html").read_text())
    assert "Mallory Intruder" in page and "Ben Baker" in page
    # The wrong students' q4_leave = -1 is counted by its kind of mistake, never listed as a raw value (issue 26)
    assert "not of the answer's form" in page and "q4_leave = -1" not in page


@pytest.mark.slow
def test_a_regrade_says_what_changed_for_whom(moodle):
    latest = json.loads((moodle["out"] / "changes.json").read_text())
    changes = {c["student"]: c["what"] for c in latest["changes"]}
    assert "Ann Archer" in changes and "grade – → 100" in changes["Ann Archer"]  # the hand marks came in
    assert "Ben Baker" not in changes  # nothing new for him
    assert "Ann Archer" in (moodle["out"] / "report.html").read_text().split("What changed")[1]


# --- a generated class on Canvas ------------------------------------------------------------------------

#: The Canvas class's cheats and slips (QA, issue 19): one types the SIS id of a student who handed nothing in
#: (Jon Jones, 7009), one a look-alike of their own id (a Cyrillic ѕ), one a course code that is not the course's.
ANOTHERS_ID, LOOK_ALIKE, WRONG_CODE = 2, 4, 5


def _canvas_notebook(i: int) -> nbformat.NotebookNode:
    user = 7000 + i
    typed = {ANOTHERS_ID: "s7009", LOOK_ALIKE: f"\u0455{user}"}.get(i, f"s{user}")
    code = "oak-42" if i == WRONG_CODE else COURSE
    return submission(SET, RIGHT if i != 1 else {**RIGHT, "q4_leave": "-1"}, typed, course_code=code)


def _canvas_class(folder: Path) -> str:
    """A Canvas download for 10 students and the gradebook export for them."""
    lines = ['"Student","ID","SIS User ID","SIS Login ID","Section","Homework 1 (501)","Current Score"',
             '"    Points Possible",,,,,"20","(read only)"']
    for i in range(10):
        first, last = FIRST[i], LAST[i]
        user, file_id = 7000 + i, 90000 + i
        lines.append(f'"{last}, {first}","{user}","s{user}","{first.lower()}","Period 1","{"12" if i == 8 else ""}",""')
        if i >= 8:
            continue  # no submission
        prefix = ids.normal_name(f"{last}{first}") + ("_late" if i == 3 else "")
        nbformat.write(_canvas_notebook(i), folder / f"{prefix}_{user}_{file_id}_hw1-subtraction-grundy.ipynb")
    lines.append('"Student, Test","9999",,,"Period 1","",""')
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def canvas(tmp_path_factory):
    base = tmp_path_factory.mktemp("canvas")
    folder, out = base / "download", base / "graded"
    folder.mkdir()
    export = base / "export.csv"
    export.write_text(_canvas_class(folder), encoding="utf-8")
    common = ["--roster", export, "--late-penalty", "10", "--out", out, "--timeout", "60"]
    assert _main(folder, "--jobs", "2", *common) == 0
    marked = _rows(out / f"{SET}-results.csv")
    for row in marked:
        row["q6 (by hand, 2)"] = "2"
    write_csv(base / "marked.csv", list(marked[0]), [list(r.values()) for r in marked])
    assert _main(folder, *common, "--merge-manual", base / "marked.csv") == 0
    marked_once = {"import": _canvas_import(out / "canvas-import.csv")[2],
                   "gradebook": {r["file"]: r for r in _rows(out / f"{SET}-results.csv")},
                   "feedback": zipfile.ZipFile(out / "canvas-feedback.zip").read(
                       next(n for n in zipfile.ZipFile(out / "canvas-feedback.zip").namelist() if "_7005_" in n))}
    # Ann hands in again (Canvas gives the new file a new number), the teacher accepts Finn's course code
    ann = next(folder.glob("*_7000_*"))
    nbformat.write(_canvas_notebook(0), folder / ann.name.replace("_90000_", "_90100_"))
    ann.unlink()
    finn = next(f.name for f in folder.glob("*_7005_*"))
    assert _main(folder, *common, "--accept-code", f"{finn}=oak-42", "--summary") == 0
    return {"out": out, "marked_once": marked_once, "finn": finn}


def _canvas_import(path: Path) -> tuple[list[str], dict[str, str], dict[str, str]]:
    """The file as Canvas's gradebook importer reads it: the header, the points possible and the grades by
    Canvas user id (the importer finds a student by the ID column first)."""
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    header = rows[0]
    assert len(header) > 3 and "Student" in header[0] and "ID" in header[1]
    assert re.search(r"SIS\s+User\s+ID", header[2]) and re.search(r"SIS\s+Login\s+ID", header[3])
    assert "Section" in header[4]  # the last student column
    assignments = header[5:]
    assert all(re.match(r"^.*\((\d+)\)$", a) for a in assignments)
    points = next(r for r in rows[1:] if "Points Possible" in r[0])
    students = [r for r in rows[1:] if "Points Possible" not in r[0]]
    return header, dict(zip(assignments, points[5:], strict=True)), {r[1]: r[5] for r in students}


@pytest.mark.slow
def test_canvas_import_has_one_row_per_student_in_canvas_format(canvas):
    header, points, grades = _canvas_import(canvas["out"] / "canvas-import.csv")
    assert header == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Homework 1 (501)"]
    assert points == {"Homework 1 (501)": "20"}
    assert list(grades) == [str(7000 + i) for i in range(10)]  # Canvas's test student left out
    first = canvas["marked_once"]["import"]
    assert first["7000"] == "20" and grades["7001"] == f"{(9 + 2) / 13 * 20:.2f}"
    assert grades["7003"] == "18"  # Canvas marked it late: one day, 10 % off
    assert grades["7008"] == "12" and grades["7009"] == ""  # no submission: what Canvas has, unchanged
    assert grades["7000"] == ""  # handed in again since her mark: Canvas's score (none here) is left as it is


@pytest.mark.slow
def test_canvas_ids_are_the_class_lists_and_a_typed_id_that_is_not_is_flagged(canvas):
    """QA, issue 19: a student who typed the SIS id of a classmate who handed nothing in (or a look-alike of
    their own, with a Cyrillic ѕ) got full marks and no flag. The numbers come from the class list's id for
    the file's student (Canvas's user id in the file name): work done for other numbers scores no more than a
    guess."""
    rows = {r["file"].split("_")[1]: r for r in canvas["marked_once"]["gradebook"].values()}
    assert rows["7002"]["student"] == "Cole, Cleo" and float(rows["7002"]["score"]) <= 2  # no more than a guess
    assert ("ANOTHER STUDENT'S ID: the notebook has student_id 's7009', the id of Jones, Jon on the class list; "
            "Cole, Cleo's id on the class list is 's7002'") in rows["7002"]["flags"]
    assert "it scores 11 of 11" in rows["7002"]["flags"]  # on the typed id's numbers: the teacher sees it
    assert float(rows["7004"]["score"]) <= 2 and "LOOK-ALIKE ID" in rows["7004"]["flags"]
    assert "U+0455 CYRILLIC SMALL LETTER DZE" in rows["7004"]["flags"]
    assert rows["7000"]["flags"] == "" and rows["7000"]["student"] == "Archer, Ann"  # the class list's name


@pytest.mark.slow
def test_a_wrong_course_code_is_told_to_the_student_and_the_teacher_can_accept_it(canvas):
    """QA, issue 19: a mistyped course code got 0, feedback about a heap the student never saw and nothing about
    the code; the teacher could not grade the work under the code typed."""
    finn = canvas["marked_once"]["gradebook"][canvas["finn"]]
    assert finn["score"] == "0"
    assert ("COURSE CODE: the notebook has the course code 'oak-42', not the course's: graded with the course's "
            "code (0 of 11); on the typed code's numbers it scores 11 of 11; to grade it with the typed code: "
            f"--accept-code '{canvas['finn']}=oak-42'") in finn["flags"]
    cell = json.loads(canvas["marked_once"]["feedback"])["cells"][0]["source"]
    assert "**Note.** The course code typed in your notebook, 'oak-42', is not your course's" in cell
    assert "heap" not in cell  # no word of numbers the student never saw
    _, _, grades = _canvas_import(canvas["out"] / "canvas-import.csv")
    assert grades["7005"] == "20"  # accepted: graded under the code typed
    row = {r["file"]: r for r in _rows(canvas["out"] / f"{SET}-results.csv")}[canvas["finn"]]
    assert row["score"] == "11" and "graded with 'oak-42', the code you accepted" in row["flags"]


@pytest.mark.slow
def test_a_canvas_resubmission_after_hand_marking_is_flagged(canvas):
    """QA, issue 19: on Canvas a resubmission has a new file name, and the old mark's loss showed only under
    "What changed"."""
    rows = _rows(canvas["out"] / f"{SET}-results.csv")
    ann = next(r for r in rows if r["file"].startswith("archerann_7000_90100_"))
    assert ann["flags"].startswith("HANDED IN AGAIN AFTER MARKING: handed in again after hand marking: the marks "
                                   "given to the earlier version (archerann_7000_90000_")
    assert ann["total"] == ""


@pytest.mark.slow
def test_canvas_feedback_files_are_named_for_its_submission_comments(canvas):
    with zipfile.ZipFile(canvas["out"] / "canvas-feedback.zip") as zf:
        members = {name: zf.read(name) for name in zf.namelist()}
    assert len(members) == 8
    for name, data in members.items():  # Canvas: the first two all-digit parts are the user and the file
        user_id, file_id = [part for part in name.split("_") if part.isdigit()][:2]
        assert int(file_id) - int(user_id) == 90000 - 7000 or name.startswith("archerann_7000_90100_")
        nb = json.loads(data)
        assert nb["cells"][0]["cell_type"] == "markdown" and "feedback" in nb["cells"][0]["source"]
        assert len(nb["cells"]) > 10  # the student's own notebook follows
    late_one = next(json.loads(d) for n, d in members.items() if "_7003_" in n)
    assert "Canvas marked it late" in late_one["cells"][0]["source"]


@pytest.mark.slow
def test_an_id_typed_as_the_class_list_has_it_in_another_form_gets_full_marks(tmp_path):
    """With the e-mail address as the id column, a student who typed the name part of it (``ann``) is marked on
    the numbers of what she typed: the same id, not another's, and no flag."""
    folder, out = tmp_path / "download", tmp_path / "out"
    path = folder / "Ann Archer_501_assignsubmission_file" / "hw1.ipynb"
    path.parent.mkdir(parents=True)
    nbformat.write(submission(SET, RIGHT, "Ann"), path)
    participants = write_csv(tmp_path / "participants.csv", ["First name", "Last name", "Email address"],
                              [["Ann", "Archer", "ann@uni.example"]])
    assert _main(folder, "--roster", participants, "--id-column", "Email address", "--points", "10",
                 "--out", out, "--timeout", "60") == 0
    (row,) = _rows(out / f"{SET}-results.csv")
    assert (row["student"], row["score"], row["flags"]) == ("Ann Archer", "11", "")
