"""A Moodle and a Canvas round a teacher can upload without a second look (issue 43), tried as the issue tried it:

- **Moodle**: a grading worksheet out of ``10,00`` with decimal commas; Alice's row has a grade ``7,50`` and a
  comment typed over two lines ("-1 for a late start on q2"); Bea's grade is locked at ``9,00`` after an appeal
  ("Grade can be changed": No); Dave handed nothing in; the download zip names its members in UTF-8 without the
  zip's UTF-8 flag (Carol Díaz); Carol's q2 gives followers that hold their own mex with the right ``q2_g``.
- **Canvas**: a gradebook export with an excused student (Kim, Dave: ``EX``), an existing score (Smith, Alice:
  ``15.00``), the Test Student and another assignment's column; hand marks saved by a European Excel
  (semicolons, decimal commas, cp1252).

What a teacher sees is checked end to end, from the files and the run's output: one grade per student in the
feedback zip, the worksheet, report.html, course-grades.csv, the run and ``--summary`` (the locked student is
told the grade the site keeps, and the kit's grade beside it is marked as not uploaded); numbers written as the
worksheet writes them; "Upload these, in this order" at the top of the report and at the end of the run; names
read right; no feedback line that contradicts another. Each was written to fail before its fix. The rounds are
graded unsandboxed (the notebooks are the tests' own) from the built course file.
"""

from __future__ import annotations

import csv
import doctest
import html
import io
import re
import zipfile
from pathlib import Path

import nbformat
import pytest
from course_sites import MOODLE_WORKSHEET_HEADER_WITH_IDS, write_csv
from gamelib_grader import cli
from gamelib_grader.intake import layout
from gamelib_grader.intake.roster import read_roster
from gamelib_grader.marking import records
from gamelib_grader.marking.grader import GRADED, Outcome
from gamelib_grader.reporting import classgrades, coursesite, keptgrades, report, sitenumbers, upload
from gamelib_grader.reporting.sitenumbers import SiteNumbers
from grading_attacks import submission
from homework_build import RIGHT, SET, built_sets
from made_sets import made_set

pytestmark = pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")

#: Carol's q2: the right moves and g, but followers that also hold their own mex (so `q2_g` is not theirs).
FOLLOWERS_WITH_THEIR_MEX = f"{RIGHT['q2_followers']} + [mex({RIGHT['q2_followers']})]"
TYPED_COMMENT = "-1 for a late start on q2\nOtherwise careful work."

#: name, participant, ID number, worksheet grade, can be changed, comment, answers (None: no submission)
MOODLE_CLASS = [
    ("Alice Smith", "48101", "s2100001", "7,50", "Yes", TYPED_COMMENT, RIGHT),
    ("Bea Locke", "48102", "s2100002", "9,00", "No", "<p>Raised to 9 after the appeal.</p>", {}),
    ("Carol Díaz", "48103", "s2100003", "", "Yes", "", {**RIGHT, "q2_followers": FOLLOWERS_WITH_THEIR_MEX,
                                                       "q2_g": f"mex({RIGHT['q2_followers']})"}),
    ("Dave Kim", "48104", "s2100004", "", "Yes", "", None),
    ("Emil Ørsted", "48105", "s2100005", "", "Yes", "", {**RIGHT, "q4_leave": "27"}),
]
#: The written answer's marks, as the teacher types them (a decimal comma).
MOODLE_MARKS = {"Alice Smith": "2", "Bea Locke": "0,5", "Carol Díaz": "2", "Emil Ørsted": "1,5"}
#: What each grade comes to, of 10, as the worksheet writes it: (automatic score + hand mark) / 13 * 10.
MOODLE_GRADES = {"Alice Smith": "10,00", "Bea Locke": "0,38", "Carol Díaz": "9,23", "Emil Ørsted": "8,08"}


class _NoUtf8Flag(zipfile.ZipInfo):
    """A zip member whose name is written in UTF-8 without the zip's UTF-8 flag, as course sites' downloads do."""

    def _encodeFilenameFlags(self):  # noqa: N802 (zipfile's own name)
        return self.filename.encode("utf-8"), self.flag_bits & ~0x800


def write_zip(path: Path, members: dict[str, bytes], flag: bool) -> Path:
    """A zip of ``members``, their names flagged UTF-8 (as Python writes them) or not (as Moodle's download)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(zipfile.ZipInfo(name) if flag else _NoUtf8Flag(name), data)
    return path


def _notebook(answers: dict, student_id: str) -> bytes:
    return nbformat.writes(submission(SET, answers, student_id)).encode()


def _main(*args) -> int:
    return cli.main(["hw1", *map(str, args), "--unsandboxed", "--autograder", str(built_sets()[SET].autograder_zip)])


def _rows(path: Path) -> list[dict]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _marked(out: Path, marks: dict[str, str], path: Path) -> Path:
    """The gradebook with the written answers marked in a European Excel: semicolons, decimal commas, cp1252."""
    rows = _rows(out / f"{SET}-results.csv")
    for row in rows:
        row["q6 (by hand, 2)"] = marks.get(row["student"], "")
    with path.open("w", newline="", encoding="cp1252") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]), delimiter=";")
        writer.writeheader()
        writer.writerows(rows)
    return path


def _grade_said(text: str) -> str | None:
    """The grade a feedback file states (``Grade: **9,23 of 10,00**``)."""
    found = re.search(r"^Grade: \*\*([^*]+) of [^*]+\*\*", text, re.MULTILINE)
    return found[1] if found else None


def _report_rows(page: str) -> dict[str, list[str]]:
    """The report's table of every student of the class list: {name: cells}."""
    table = page.split("Every student of the class list")[1].split("</table>")[0]
    rows = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.DOTALL):
        cells = [html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", row, re.DOTALL)]
        if cells:
            rows[cells[0]] = cells
    return rows


@pytest.fixture(scope="module")
def moodle(tmp_path_factory):
    """The Moodle round: graded, the written answers marked and merged, with --summary; the run's output kept."""
    base = tmp_path_factory.mktemp("moodle-round")
    members = {f"{name}_{participant}_assignsubmission_file_/hw1-subtraction-grundy.ipynb": _notebook(answers, sid)
               for name, participant, sid, *_, answers in MOODLE_CLASS if answers is not None}
    download = write_zip(base / "download.zip", members, flag=False)
    worksheet = write_csv(base / "worksheet.csv", MOODLE_WORKSHEET_HEADER_WITH_IDS, [
        [f"Participant {participant}", name, f"{sid}@uni.example", sid,
         "No submission" if answers is None else "Submitted for grading", grade, "10,00", changeable,
         "-" if answers is None else "Monday, 2 March 2026, 8:14 PM", "", "-", comment]
        for name, participant, sid, grade, changeable, comment, answers in MOODLE_CLASS])
    out = base / "graded"
    assert _main(download, "--roster", worksheet, "--out", out) == 0
    marked = _marked(out, MOODLE_MARKS, base / "marked.csv")
    return {"out": out, "said": _run(download, "--roster", worksheet, "--out", out, "--merge-manual", marked,
                                     "--summary")}


def _run(*args) -> str:
    """What a run prints (to standard output)."""
    buffer = io.StringIO()
    from contextlib import redirect_stdout

    with redirect_stdout(buffer):
        assert _main(*args) == 0
    return buffer.getvalue()


@pytest.mark.slow
def test_moodle_one_grade_per_student_everywhere(moodle):
    """The locked student was told 0.38 in the feedback zip (Moodle shows her 9,00 and would make a grade record
    for the file) and report.html and course-grades.csv showed 0.38 without a word of the 9,00."""
    out, said = moodle["out"], moodle["said"]
    sheet = {r["Full name"]: r for r in _rows(out / "moodle-grading-worksheet.csv")}
    with zipfile.ZipFile(out / "moodle-feedback.zip") as zf:
        zipped = {name.split("_")[0]: zf.read(name).decode() for name in zf.namelist()}
    feedback = {p.name.split("_")[0].replace("-", " "): p.read_text(encoding="utf-8")
                for p in (out / "feedback").glob("*.md")}
    page = (out / "report.html").read_text(encoding="utf-8")
    in_report = _report_rows(page)
    course = {r["student"]: r for r in _rows(out / "course-grades.csv")}
    for name, grade in MOODLE_GRADES.items():
        if name == "Bea Locke":
            continue
        assert sheet[name]["Grade"] == grade
        assert _grade_said(zipped[name]) == grade and _grade_said(feedback[name]) == grade
        assert in_report[name][4] == grade
        assert SiteNumbers(comma=True, places=2).grade(float(course[name]["grade"])) == grade
        assert course[name]["grade the site keeps"] == ""
    # Bea: the site keeps 9,00; nothing she reads states another grade; the teacher sees both, marked
    assert (sheet["Bea Locke"]["Grade"], sheet["Bea Locke"]["Feedback comments"]) == (
        "9,00", "<p>Raised to 9 after the appeal.</p>")
    assert "Bea Locke" not in zipped
    bea = feedback["Bea Locke"]
    assert _grade_said(bea) == "9,00" and "as your teacher set it on the course site" in bea
    assert "0,38" not in bea and "0.38" not in bea and "Automatic score" not in bea and " / " not in bea
    assert in_report["Bea Locke"][4] == ("0,38 (not uploaded: the site keeps 9,00, locked or overridden in Moodle's "
                                         "gradebook)")
    assert course["Bea Locke"]["grade"] == "0.38"
    assert course["Bea Locke"]["grade the site keeps"].startswith("9,00 (locked or overridden in Moodle's gradebook")
    kept = ("the site keeps its own grade for 1 student(s), locked or overridden in Moodle's gradebook; the kit's "
            "grade, not uploaded, in brackets: Bea Locke 9,00 (kit: 0,38)")
    summary = said[said.index("hw1-subtraction-grundy: 5 students on the class list"):]
    assert kept in summary  # --summary
    assert kept[0].upper() + kept[1:] in said[:said.index("Made: ")]  # the run, before it
    assert "Bea Locke: the site keeps 9,00, the kit's grade is 0,38" in html.unescape(page)  # the report
    # Dave handed nothing in: no grade anywhere, none invented
    assert sheet["Dave Kim"]["Grade"] == "" and "Dave Kim" not in zipped and course["Dave Kim"]["grade"] == ""


@pytest.mark.slow
def test_moodle_numbers_are_written_as_the_worksheet_writes_them(moodle):
    """Whole grades went back as "10" and "0" into a worksheet that writes "10,00"; the kit's comments said
    "Grade 4.23 of 10"; the run printed "0.38"."""
    out, said = moodle["out"], moodle["said"]
    sheet = {r["Full name"]: r for r in _rows(out / "moodle-grading-worksheet.csv")}
    assert all(re.fullmatch(r"(\d+,\d\d)?", r["Grade"]) for r in sheet.values())
    assert sheet["Alice Smith"]["Feedback comments"] == (f"{TYPED_COMMENT} Grade 10,00 of 10,00: automatic score 11 "
                                                         "of 11, total 13 of 13. Details in the feedback file.")
    assert sheet["Emil Ørsted"]["Feedback comments"] == ("Grade 8,08 of 10,00: automatic score 9 of 11, total 10,5 of "
                                                         "13. Details in the feedback file.")
    with zipfile.ZipFile(out / "moodle-feedback.zip") as zf:
        emil = next(zf.read(n).decode() for n in zf.namelist() if n.startswith("Emil"))
    assert "Grade: **8,08 of 10,00** (total 10,5 of 13)" in emil and "| q6 (written) | 1,5 / 2 |" in emil
    lines = said.splitlines()
    ours = [line for line in lines if re.search(r"→|Class list|submissions in|automatic score of|the site keeps", line)]
    ours += lines[lines.index("Upload these, in this order:"):]
    assert len(ours) > 10 and not [line for line in ours if re.search(r"\d\.\d", line)]
    assert "Alice Smith 7,50 → 10,00" in said and "out of 10,00 points" in said


@pytest.mark.slow
def test_moodle_upload_list_at_the_top_of_the_report_and_the_end_of_the_run(moodle):
    """The report never named moodle-grading-worksheet.csv or moodle-feedback.zip, nor that the worksheet goes
    first, nor what a file changes."""
    out, said = moodle["out"], moodle["said"]
    page = html.unescape((out / "report.html").read_text(encoding="utf-8"))
    headings = re.findall(r"<h2[^>]*>(.*?)</h2>", page)
    assert headings[0] == "Upload these, in this order"
    block = page[page.index("Upload these, in this order"):page.index("</section>")]
    sheet, feedback = out / "moodle-grading-worksheet.csv", out / "moodle-feedback.zip"
    assert block.index(f"<code>{sheet}</code>") < block.index(f"<code>{feedback}</code>")
    assert "When: first: uploading feedback files makes a grade record dated now" in block
    assert "replaces 1 grade(s) the site has now (check them): Alice Smith 7,50 → 10,00" in block
    assert "keeps the comment you typed for 1 student(s), the kit's text after it" in block
    assert "adds a feedback file for 3 student(s)" in block  # Alice, Carol, Emil: not Bea, whose grade stays
    assert "leaves out the 1 student(s) whose grade the site keeps" in block
    assert "Bea Locke: the site keeps 9,00, the kit's grade is 0,38" in block.split("By hand")[1]
    end = said.splitlines()
    start = end.index("Upload these, in this order:")
    assert end[start + 1] == f"  1. {sheet}" and f"  2. {feedback}" in end[start:]
    assert end[-1].startswith("     - Bea Locke: the site keeps 9,00, the kit's grade is 0,38")


@pytest.mark.slow
def test_moodle_names_from_a_zip_without_the_utf8_flag_read_right(moodle):
    """Carol Díaz became "Carol D├¡az" in the gradebook, the report and her own feedback."""
    out = moodle["out"]
    texts = [(out / name).read_text(encoding="utf-8") for name in (f"{SET}-results.csv", "report.html",
                                                                   "course-grades.csv", "feedback/Carol-Díaz_48103.md")]
    assert all("Carol Díaz" in text and "├" not in text for text in texts)
    with zipfile.ZipFile(out / "moodle-feedback.zip") as zf:
        assert "Carol Díaz_48103_assignsubmission_file_/hw1-subtraction-grundy-feedback.md" in zf.namelist()


@pytest.mark.slow
def test_moodle_feedback_never_says_an_answer_is_right_and_what_it_must_be(moodle):
    """Carol's q2 said both "`q2_g` must be the mex of `q2_followers`" and "`q2_g`: right."."""
    carol = (moodle["out"] / "feedback" / "Carol-Díaz_48103.md").read_text(encoding="utf-8")
    q2 = next(line for line in carol.splitlines() if line.startswith("| q2 |"))
    assert "`q2_g`: right." in q2 and "`q2_followers`: not right for your numbers." in q2
    assert "must be the mex" not in q2


# --- Canvas ----------------------------------------------------------------------------------------------

#: sortable name, Canvas id, SIS id, score in the export, answers (None: no submission)
CANVAS_CLASS = [
    ("Smith, Alice", "7101", "s7101", "15.00", RIGHT),
    ("Kim, Dave", "7102", "s7102", "EX", {**RIGHT, "q4_leave": "27"}),
    ("Díaz, Carol", "7103", "s7103", "", RIGHT),
    ("Lee, Ann", "7104", "s7104", "", None),
]
CANVAS_MARKS = {"Smith, Alice": "2", "Kim, Dave": "2", "Díaz, Carol": "1,5"}


@pytest.fixture(scope="module")
def canvas(tmp_path_factory):
    base = tmp_path_factory.mktemp("canvas-round")
    members = {f"{re.sub(r'[^a-zí]', '', name.lower())}_{user}_9{user}_hw1-subtraction-grundy.ipynb":
               _notebook(answers, sid) for name, user, sid, _, answers in CANVAS_CLASS if answers is not None}
    download = write_zip(base / "download.zip", members, flag=True)
    lines = ['"Student","ID","SIS User ID","SIS Login ID","Section","Homework 1 (501)","Quiz 2 (502)"',
             '"    Points Possible",,,,,"20.00","5.00"']
    lines += [f'"{name}","{user}","{sid}","{sid}","P1","{score}","4.00"' for name, user, sid, score, _ in CANVAS_CLASS]
    lines.append('"Student, Test","9999",,,"P1","",""')
    export = base / "export.csv"
    export.write_text("\n".join(lines) + "\n", encoding="utf-8-sig")
    out = base / "graded"
    assert _main(download, "--roster", export, "--out", out) == 0
    marked = _marked(out, CANVAS_MARKS, base / "marked.csv")
    common = [download, "--roster", export, "--out", out, "--merge-manual", marked]
    replaced = _run(*common, "--summary")
    found = {"out": out, "replaced": replaced, "import": _rows(out / "canvas-import.csv"),
             "report": html.unescape((out / "report.html").read_text(encoding="utf-8"))}
    found["kept"] = _run(*common, "--summary", "--keep-excused")
    return found


@pytest.mark.slow
def test_canvas_replaces_an_excusal_and_says_so_in_the_upload_list(canvas):
    rows = {r["Student"]: r for r in canvas["import"]}
    assert list(canvas["import"][0]) == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Homework 1 (501)"]
    assert canvas["import"][0]["Homework 1 (501)"] == "20.00"  # Points Possible, as exported
    assert {name: rows[name]["Homework 1 (501)"] for name in ("Smith, Alice", "Kim, Dave", "Díaz, Carol", "Lee, Ann")} \
        == {"Smith, Alice": "20.00", "Kim, Dave": "16.92", "Díaz, Carol": "19.23", "Lee, Ann": ""}
    assert "Student, Test" not in rows
    for text in (canvas["replaced"], canvas["report"]):
        assert "Smith, Alice 15.00 → 20.00" in text and "Kim, Dave EX → 16.92" in text
        assert "replaces the excusal (EX) of 1 student(s) with the kit's grade: Kim, Dave" in text
        assert "changes only the column 'Homework 1 (501)'" in text
        assert "leaves out Student, Test (Canvas's test student)" in text
    assert canvas["report"].index("canvas-import.csv</strong>") < canvas["report"].index("canvas-feedback.zip</strong>")


@pytest.mark.slow
def test_canvas_keeps_an_excusal_when_asked_and_tells_no_other_grade(canvas):
    out, said = canvas["out"], canvas["kept"]
    rows = {r["Student"]: r["Homework 1 (501)"] for r in _rows(out / "canvas-import.csv")}
    assert rows["Kim, Dave"] == "EX" and rows["Smith, Alice"] == "20.00"
    with zipfile.ZipFile(out / "canvas-feedback.zip") as zf:
        assert not [n for n in zf.namelist() if "_7102_" in n] and len(zf.namelist()) == 2
    dave = (out / "feedback" / "Kim-Dave_7102.md").read_text(encoding="utf-8")
    assert "Grade: excused (EX) on the course site, as your teacher set it." in dave and "16.92" not in dave
    assert "Kim, Dave EX → 16.92" not in said
    assert ("the site keeps its own grade for 1 student(s), excused on Canvas and kept so by --keep-excused; the "
            "kit's grade, not uploaded, in brackets: Kim, Dave EX (kit: 16.92)") in said
    course = {r["student"]: r for r in _rows(out / "course-grades.csv")}
    assert course["Kim, Dave"]["grade"] == "16.92" and course["Kim, Dave"]["grade the site keeps"].startswith("EX (")


# --- the parts, without grading (fast) --------------------------------------------------------------------

@pytest.mark.parametrize("module", [sitenumbers, keptgrades])
def test_the_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("flag", [True, False])
def test_zip_member_names_are_read_right_with_or_without_the_utf8_flag(tmp_path, flag):
    """A name written in UTF-8 without the flag was read as the zip standard's cp437 ("Carol D├¡az"); one
    written in cp437 by an old tool (no flag, not UTF-8) is still read as cp437."""
    names = ["Carol Díaz_48103_assignsubmission_file_/hw1.ipynb", "Zoë Ødegård_48104_assignsubmission_file_/hw1.ipynb",
             "Ann Lee_48105_assignsubmission_file_/hw1.ipynb"]
    archive = write_zip(tmp_path / "download.zip", {name: b"{}" for name in names}, flag)
    found, skipped = layout.unpack_zip(archive, tmp_path / "unpacked")
    assert sorted(s.file for s in found) == sorted(names) and not skipped
    assert [s.name for s in found] == ["Ann Lee", "Carol Díaz", "Zoë Ødegård"]
    old = tmp_path / "old.zip"
    with zipfile.ZipFile(old, "w") as zf:  # cp437 bytes, no flag: "é" is 0x82, not UTF-8
        info = zipfile.ZipInfo("Ren\x82_1_assignsubmission_file_/hw1.ipynb".encode("latin-1").decode("cp437"))
        zf.writestr(info, b"{}")
    (renee,) = layout.unpack_zip(old, tmp_path / "old")[0]
    assert renee.name == "René"


def _class(tmp_path: Path, changeable: str = "No", grade: str = "9,00"):
    """Two worksheet students of a decimal-comma Moodle: Bea (locked, or not) and Alice, both marked."""
    sheet = write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER_WITH_IDS, [
        ["Participant 1", "Bea Locke", "b@x.org", "s1", "Submitted", grade, "10,00", changeable, "-", "", "-", ""],
        ["Participant 2", "Alice Smith", "a@x.org", "s2", "Submitted", "", "10,00", "Yes", "-", "", "-", ""]])
    outcomes = [Outcome(f"{name}_{n}_assignsubmission_file_/hw1.ipynb", name=name, site_id=str(n), student_id=f"s{n}",
                        status=GRADED, score=score, possible=11.0, sha256=str(n) * 64)
                for name, n, score in (("Bea Locke", 1, 0.0), ("Alice Smith", 2, 9.0))]
    marks = {records.submission_key(o): {"q6": 0.5 if o.name == "Bea Locke" else 1.5} for o in outcomes}
    return classgrades.class_grades(outcomes, [], made_set(), marks, read_roster(sheet)), marks


def test_a_locked_students_feedback_states_the_kept_grade_and_no_score(tmp_path):
    grades, marks = _class(tmp_path)
    homework = made_set()
    bea, alice = grades.entries
    assert keptgrades.kept_on_site(bea, grades) == keptgrades.LOCKED and not keptgrades.kept_on_site(alice, grades)
    text = coursesite.feedback_for(bea, grades, homework, marks)
    assert _grade_said(text) == "9,00" and "Automatic score" not in text and "| Question | What to look at |" in text
    assert "0,38" not in text and "0.38" not in text
    assert _grade_said(coursesite.feedback_for(alice, grades, homework, marks)) == "8,08"
    assert coursesite.write_moodle_feedback(grades, homework, marks, tmp_path / "f.zip") == 1
    assert [e.label for e in keptgrades.kept_rows(grades)] == ["Bea Locke"] == [
        e.label for e in keptgrades.locked_rows(grades)]
    unlocked, _ = _class(tmp_path, "Yes")
    assert not keptgrades.kept_rows(unlocked) and _grade_said(coursesite.feedback_for(
        unlocked.entries[0], unlocked, homework, marks)) == "0,38"


def test_the_report_and_the_summary_agree_on_a_locked_grade(tmp_path):
    grades, _ = _class(tmp_path)
    summary = report.summary(made_set(), grades, {}, {})
    line = ("the site keeps its own grade for 1 student(s), locked or overridden in Moodle's gradebook; the kit's "
            "grade, not uploaded, in brackets: Bea Locke 9,00 (kit: 0,38)")
    assert line in summary
    rows = _report_rows(report.render(made_set(), grades, {}, {}, "now"))
    assert rows["Bea Locke"][4].startswith("0,38 (not uploaded: the site keeps 9,00")
    assert rows["Alice Smith"][4] == "8,08"


def test_the_upload_list_says_what_to_do_and_in_which_order(tmp_path):
    grades, _ = _class(tmp_path)
    made = [tmp_path / "course-grades.csv", tmp_path / "moodle-grading-worksheet.csv", tmp_path / "moodle-feedback.zip"]
    plan = upload.plan(grades, made, {"moodle-feedback.zip": 1})
    assert [s.path.name for s in plan.steps] == ["moodle-grading-worksheet.csv", "moodle-feedback.zip"]
    assert plan.steps[0].why.startswith("first: uploading feedback files makes a grade record dated now")
    assert plan.steps[0].changes[0] == "sets the grade of 1 student(s) graded to the end, out of 10,00"
    assert plan.by_hand[0].startswith("Bea Locke: the site keeps 9,00, the kit's grade is 0,38 (locked or overridden")
    nothing = upload.plan(classgrades.class_grades([], [], made_set(), {}), made, {})
    assert not nothing.steps and "nothing to upload" in nothing.instead
    block = upload.html(plan)
    assert block.startswith('<section id="upload"') and block.index("moodle-grading-worksheet.csv") < block.index(
        "moodle-feedback.zip")


@pytest.mark.parametrize("cells, written", [
    ({"Grade": ["7,50", ""], "Maximum Grade": ["10,00", "10,00"]}, ("10,00", "0,38", "8,08")),
    ({"Grade": ["", ""], "Maximum Grade": ["100.00", "100.00"]}, ("10.00", "0.38", "8.08")),
    ({"Grade": ["7", "-"], "Maximum Grade": ["10,00", "10,00"]}, ("10", "0,38", "8,08")),  # the item's 0 places
])
def test_a_grade_is_written_as_the_worksheet_writes_its_grades(cells, written):
    from types import SimpleNamespace

    students = [SimpleNamespace(row={"Grade": g, "Maximum Grade": m}, current_grade=g)
                for g, m in zip(cells["Grade"], cells["Maximum Grade"], strict=True)]
    numbers = SiteNumbers.of(SimpleNamespace(kind="Moodle grading worksheet", points_text="", students=students))
    assert tuple(numbers.grade(x) for x in (10, 0.38, 8.08)) == written


@pytest.mark.slow
def test_the_homework_guide_shows_the_upload_list_as_the_run_prints_it(moodle):
    """docs/guides/homework.md shows the end of this Moodle round's run, with the output folder written as the
    guide's example command makes it: the guide says what the run says."""
    guide = (Path(__file__).parent.parent / "docs" / "guides" / "homework.md").read_text(encoding="utf-8")
    shown = guide.split("```text\nUpload these, in this order:\n")[1].split("```")[0].splitlines()
    said = moodle["said"].splitlines()
    printed = said[said.index("Upload these, in this order:") + 1:]
    assert printed == [line.replace("~/Downloads/hw1-submissions-graded", str(moodle["out"])) for line in shown]
