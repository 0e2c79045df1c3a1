"""A teacher's round with a course site's download: one command grades it (folder or zip), the gradebook has a
row per submission with identity flags, the written answers come out one file per question, every student
gets a feedback file that never gives a right answer, hand marks merge back, and a re-run grades nothing twice.
"""

import csv
import json
import zipfile

import nbformat
import pytest
from gamelib_grader import cli as grade_homework
from gamelib_grader.intake.layout import scan_folder
from gamelib_grader.marking import batch, checks
from grading_attacks import submission
from homework_build import COURSE, RIGHT, SET, built_sets

from gamelib.homework import homework, numbers
from gamelib.homework.marking import answer_key, mark

pytestmark = [pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning"),
              pytest.mark.slow]


MOODLE = "{}_{}_assignsubmission_file_"


def _written(nb, text):
    """Put ``text`` in the notebook's written-answer cell."""
    cell = next(c for c in nb.cells if "otter_answer_cell" in c.metadata.get("tags", []))
    cell.source = text
    return nb


def _course_download(folder):
    """What Moodle's "download all submissions" unpacks to, with the usual odd files."""
    def put(student, number, file, nb):
        path = folder / MOODLE.format(student, number) / file
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)

    put("Alice Smith", 101, "hw1-subtraction-grundy.ipynb",
        _written(submission(SET, RIGHT, "s1000001"), "Alice's explanation: mex misses 0, so move to 0."))
    put("Bob Jones", 102, "HW1.IPYNB", submission(SET, {**RIGHT, "q4_leave": "27"}, "s1000002"))
    put("Carol Diaz", 103, "hw1.ipynb.txt", submission(SET, RIGHT, "s1000003"))
    put("Dave Kim", 104, "hw1.ipynb", submission(SET, {}, "s1000004"))
    put("Dave Kim", 104, "hw1 (1).ipynb", submission(SET, RIGHT, "s1000004"))
    put("Erin Wu", 105, "hw1.ipynb", submission(SET, RIGHT, "s1000001"))  # Alice's id typed in
    (folder / "Frank Ode_106_assignsubmission_onlinetext_").mkdir()
    (folder / "Frank Ode_106_assignsubmission_onlinetext_" / "onlinetext.html").write_text("<p>see e-mail</p>")
    (folder / "__MACOSX").mkdir()
    (folder / "__MACOSX" / "._hw1.ipynb").write_bytes(b"\0\5\26\7")
    (folder / MOODLE.format("Gina Ray", 107) / "report.pdf").parent.mkdir()
    (folder / MOODLE.format("Gina Ray", 107) / "report.pdf").write_bytes(b"%PDF-1.4")


def _main(*args):
    return grade_homework.main(["hw1", *map(str, args), "--autograder", str(built_sets()[SET].autograder_zip)])


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    folder = tmp_path_factory.mktemp("download")
    _course_download(folder)
    out = tmp_path_factory.mktemp("graded")
    assert _main(folder, "--out", out, "--jobs", "2", "--timeout", "60") == 0
    gradebook = out / f"{SET}-results.csv"
    return {"folder": folder, "out": out, "gradebook": gradebook,
            "rows": {r["file"]: r for r in csv.DictReader(gradebook.open())}}


def test_every_notebook_of_the_download_is_graded(course):
    rows = course["rows"]
    assert sorted(rows) == sorted([
        "Alice Smith_101_assignsubmission_file_/hw1-subtraction-grundy.ipynb",
        "Bob Jones_102_assignsubmission_file_/HW1.IPYNB", "Carol Diaz_103_assignsubmission_file_/hw1.ipynb.txt",
        "Dave Kim_104_assignsubmission_file_/hw1 (1).ipynb", "Dave Kim_104_assignsubmission_file_/hw1.ipynb",
        "Erin Wu_105_assignsubmission_file_/hw1.ipynb"])
    blank = MOODLE.format("Dave Kim", 104) + "/hw1.ipynb"
    scores = {r["student"]: r["score"] for r in rows.values() if r["file"] != blank}
    assert scores == {"Alice Smith": "11", "Bob Jones": "9", "Carol Diaz": "11", "Dave Kim": "11", "Erin Wu": "11"}
    alice = rows["Alice Smith_101_assignsubmission_file_/hw1-subtraction-grundy.ipynb"]
    assert (alice["site_id"], alice["student_id"], alice["status"]) == ("101", "s1000001", "graded")
    # question 6 is marked by hand: until it is, there is no total (an unmarked answer is not a 0)
    assert (alice["q6 (by hand, 2)"], alice["total"], alice["total possible"]) == ("", "", "13")
    assert alice["not yet marked"] == "q6" and alice["key"].startswith("k-")
    assert rows[blank]["score"] == "0"


def test_other_files_are_listed_with_the_reason(course):
    listed = {r["file"]: r["why it was not graded"]
              for r in csv.DictReader((course["out"] / "not-graded-files.csv").open())}
    assert listed == {
        "Frank Ode_106_assignsubmission_onlinetext_/onlinetext.html":
            "not a notebook (.html); notebooks end in .ipynb",
        "Gina Ray_107_assignsubmission_file_/report.pdf": "not a notebook (.pdf); notebooks end in .ipynb",
        "__MACOSX/._hw1.ipynb": "system file (made by the operating system, not by a student)"}


def test_duplicates_are_flagged(course):
    flags = {r["file"].split("_")[0]: r["flags"] for r in course["rows"].values()}
    assert "DUPLICATE ID: student_id 's1000001' is also typed in Erin Wu" in flags["Alice Smith"]
    assert "DUPLICATE ID" in flags["Erin Wu"] and "Alice Smith" in flags["Erin Wu"]
    dave = {r["file"]: (r["counts"], r["flags"]) for r in course["rows"].values() if r["student"] == "Dave Kim"}
    later, blank = MOODLE.format("Dave Kim", 104) + "/hw1 (1).ipynb", MOODLE.format("Dave Kim", 104) + "/hw1.ipynb"
    assert dave[later] == ("yes", "SEVERAL SUBMISSIONS: 2 submissions from Dave Kim: this one counts")
    assert dave[blank] == ("no", f"SEVERAL SUBMISSIONS: 2 submissions from Dave Kim: not counted (the one that counts: "
                                 f"{later})")
    assert flags["Bob Jones"] == flags["Carol Diaz"] == ""


def test_written_answers_come_one_file_per_question(course):
    text = (course["out"] / "answers" / "q6.md").read_text()
    assert text.startswith("# hw1-subtraction-grundy, q6: written answers (2 points each)")
    alice = text.index("## Alice Smith, student_id s1000001")
    assert text.index("> Alice's explanation: mex misses 0, so move to 0.") > alice
    assert text.count("\n## ") == 5  # one per student: Dave's earlier, blank notebook is not the one to mark
    assert "1 earlier or other submission(s) are left out" in text
    assert sorted(p.name for p in (course["out"] / "answers").iterdir()) == ["q6.md"]


def test_feedback_helps_and_never_quotes_a_hidden_test(course):
    files = sorted((course["out"] / "feedback").iterdir())
    assert len(files) == 5  # one per student, for the submission that counts
    bob = next(p for p in files if p.name.startswith("Bob-Jones")).read_text()
    assert "Automatic score: **9 of 11**" in bob
    assert "| q4 | 0 / 2 | q4: `q4_leave` = 27 is not one move from your heap" in bob
    details = json.loads((course["out"] / f"{SET}-details.json").read_text())
    dave_blank = next(o for o in details["submissions"] if o["file"] == MOODLE.format("Dave Kim", 104) + "/hw1.ipynb")
    assert "q1: `q1_grundy` is still `...`: no answer yet." in dave_blank["questions"]["q1"]["feedback"]
    # Bob's feedback names his wrong answer and never one of the right ones
    right = sorted(answer_key(numbers("hw1", "s1000002", COURSE), "q4")["q4_leave"])
    q4_line = next(line for line in bob.splitlines() if line.startswith("| q4 |"))
    assert not [r for r in right if f" {r} " in q4_line or f" {r}:" in q4_line or f" {r}." in q4_line], q4_line
    for path in files:
        assert "passed" not in path.read_text().lower()


def test_hand_marks_merge_back_and_bad_marks_are_refused(course, tmp_path):
    rows = list(csv.DictReader(course["gradebook"].open()))
    for row in rows:
        row["q6 (by hand, 2)"] = {"Alice Smith": "2", "Bob Jones": "1,5"}.get(row["student"], "")
    marked = tmp_path / "marked.csv"
    with marked.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    results = {p.name: p.stat().st_mtime_ns for p in (course["out"] / "results").iterdir()}
    assert _main(course["folder"], "--out", course["out"], "--merge-manual", marked) == 0
    # nothing was graded again: every result file is the one written the first time
    assert {p.name: p.stat().st_mtime_ns for p in (course["out"] / "results").iterdir()} == results
    merged = {r["student"]: r for r in csv.DictReader(course["gradebook"].open())}
    assert (merged["Alice Smith"]["q6 (by hand, 2)"], merged["Alice Smith"]["total"]) == ("2", "13")
    assert (merged["Bob Jones"]["q6 (by hand, 2)"], merged["Bob Jones"]["total"]) == ("1.5", "10.5")
    assert merged["Carol Diaz"]["q6 (by hand, 2)"] == "" and merged["Carol Diaz"]["total"] == ""
    assert merged["Carol Diaz"]["not yet marked"] == "q6" and merged["Alice Smith"]["not yet marked"] == ""
    alice_feedback = next(p for p in (course["out"] / "feedback").iterdir() if p.name.startswith("Alice"))
    assert "| q6 (written) | 2 / 2 |" in alice_feedback.read_text()
    rows[0]["q6 (by hand, 2)"] = "3"
    with marked.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    with pytest.raises(SystemExit, match=r"the mark '3' for q6 must be a number from 0 to 2"):
        _main(course["folder"], "--out", course["out"], "--merge-manual", marked)


def test_a_zip_of_the_download_grades_the_same(course, tmp_path):
    archive = tmp_path / "download.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        for path in sorted(course["folder"].rglob("*")):
            if path.is_file():
                zf.write(path, path.relative_to(course["folder"]).as_posix())
        zf.writestr("../escape.ipynb", "{}")
    assert _main(archive, "--jobs", "2", "--timeout", "60") == 0
    out = tmp_path / "download-graded"
    rows = {r["file"]: (r["student"], r["score"]) for r in csv.DictReader((out / f"{SET}-results.csv").open())}
    assert rows == {f: (r["student"], r["score"]) for f, r in course["rows"].items()}
    listed = {r["file"]: r["why it was not graded"] for r in csv.DictReader((out / "not-graded-files.csv").open())}
    assert listed["../escape.ipynb"] == "unsafe path in the zip (absolute or with ..)"
    assert not (tmp_path / "escape.ipynb").exists()


def test_an_id_in_the_file_name_is_checked_against_the_typed_one(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    nbformat.write(submission(SET, RIGHT, "s7654321"), folder / "s1234567.ipynb")  # someone else's id typed
    named, typed = numbers("hw1", "s1234567", COURSE), numbers("hw1", "s7654321", COURSE)
    assert named.plain != typed.plain
    assert _main(folder, "--out", tmp_path / "out", "--name-pattern", r"(?P<student_id>s\d{7})") == 0
    row, = csv.DictReader((tmp_path / "out" / f"{SET}-results.csv").open())
    assert row["flags"] == ("ID MISMATCH: the file name says 's1234567', the notebook 's7654321': marked on the "
                            "numbers of 's1234567'; on the numbers of what is typed (id 's7654321', course code "
                            f"'{COURSE}') it scores 11 of 11")
    # every question is marked on the numbers of the id the course site gave: the typed id's right answers
    # count only where they happen to be right for those numbers too
    expected = {q.name: mark(named, q.name, {n: sorted(answer_key(typed, q.name)[n])[0] for n in q.names}).score
                for q in homework("hw1").questions}
    assert sum(expected.values()) < 11
    assert {q: float(row[f"{q} ({homework('hw1').question(q).points:g})"]) for q in expected} == expected


def test_an_id_computed_at_run_time_is_shown_and_flagged(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    nb = submission(SET, RIGHT, "placeholder")
    for cell in nb.cells:
        cell.source = cell.source.replace("student_id = 'placeholder'", 'student_id = "ali" + "ce"')
    nbformat.write(nb, folder / "mallory.ipynb")
    assert _main(folder, "--out", tmp_path / "out") == 0
    row, = csv.DictReader((tmp_path / "out" / f"{SET}-results.csv").open())
    assert row["student_id"] == "alice" and row["status"] == "graded, with problems"
    assert "student_id is not typed as text in the notebook; it ran with 'alice'" in row["problems"]


def test_progress_lines_are_printed_under_the_lock_that_the_tests_capture_stdout_under(tmp_path):
    """otter's doctest runner swaps sys.stdout for the whole process while a question's tests run; a progress
    line another grading thread printed at that moment once landed in a test's output and failed it (a right
    answer scored 1 of 2, about one full test run in four). Every line is printed holding the same lock."""
    folder = tmp_path / "in"
    folder.mkdir()
    for k in range(4):
        nbformat.write(submission(SET, RIGHT, f"s100{k:04d}"), folder / f"student{k}.ipynb")
    homework = grade_homework.load_set("hw1", built_sets()[SET].autograder_zip)
    submissions, _ = scan_folder(folder)
    held = []
    outcomes = batch.grade_all(submissions, homework, tmp_path / "out", jobs=2,
                               report=lambda line: held.append(checks.STDOUT_LOCK.locked()))
    assert held == [True] * 4
    assert [o.score for o in outcomes] == [11] * 4
