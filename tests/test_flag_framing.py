"""Issue 40, item 1: a flag is only about the file it was found in. A classmate's id written into a framer's
notebook (a cell that types it and calls ``my_numbers`` with it, a comment, a string, Markdown, a saved
output, an argument of ``my_numbers``) flags the framer, naming whose id it is, and never the classmate's row:
not in the gradebook, not in the report, not among the students flagged.

Notebooks are written and run as students do (tests/flags_class.py), graded by the grader with their code run
in this process, matched to a Moodle grading worksheet with the students' ids, and written out by the grader's
own outputs (gradebook, report).
"""

import csv
import random

import nbformat
import pytest
from course_sites import MOODLE_WORKSHEET_HEADER_WITH_IDS, write_csv
from flags_class import execute, graded_in_process, honest
from gamelib_grader.intake.layout import Submission
from gamelib_grader.intake.roster import read_roster
from gamelib_grader.integrity import cases, copying
from gamelib_grader.marking import grader
from gamelib_grader.reporting import outputs, report

from benchmarks import flags as bench

STUDENTS = {"Alice Smith": 50, "Mallory Ode": 51, "Bob Jones": 52, "Carol Diaz": 53, "Dan Kim": 54}


@pytest.fixture(scope="module")
def hw1(tmp_path_factory):
    return bench.load_hw1(tmp_path_factory.mktemp("course"))


@pytest.fixture(scope="module")
def class_work():
    """Every student's own notebook, written and run (each its own id: s21000NN)."""
    rng = random.Random(40)
    return {name: honest(index, rng, None) for name, index in STUDENTS.items()}


def file_of(name: str) -> str:
    return f"{name}_{48000 + STUDENTS[name]}_assignsubmission_file_/hw1.ipynb"


def grade(hw1, tmp_path, notebooks: dict[str, nbformat.NotebookNode]):
    """The class graded as a Moodle download with its grading worksheet: the gradebook's rows by student, and
    the report's page and flags."""
    rows = [[f"Participant {48000 + index}", name, f"{name.split()[0].lower()}@uni.example", f"s21{index:05d}",
             "Submitted for grading", "", "13.00", "Yes", "Monday, 2 March 2026, 8:14 PM", "", "-", ""]
            for name, index in STUDENTS.items()]
    roster = read_roster(write_csv(tmp_path / "worksheet.csv", MOODLE_WORKSHEET_HEADER_WITH_IDS, rows))
    found, subs = [], []
    with graded_in_process():
        for name, nb in notebooks.items():
            path = tmp_path / "in" / file_of(name)
            path.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, path)
            sub = Submission(path, file_of(name), name, str(48000 + STUDENTS[name]), roster_name=name,
                             roster_id=f"s21{STUDENTS[name]:05d}")
            subs.append(sub)
            found.append(grader.grade(sub, hw1, sandboxed=False))
    copying.flag_copying(found, hw1)
    written = outputs.write_everything(found, [], hw1, tmp_path / "out", submissions=subs,
                                       course=outputs.Course(roster=roster))
    gradebook = {r["student"]: r for r in csv.DictReader(written.gradebook.open(encoding="utf-8"))}
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    return gradebook, page, written, found


def _framed(nb: nbformat.NotebookNode, form: str, victim: str) -> nbformat.NotebookNode:
    """Mallory's own notebook with Alice's id put in it one way, then run again."""
    nb = nbformat.reads(nbformat.writes(nb), as_version=4)
    numbers_cell = next(i for i, c in enumerate(nb.cells) if "= my_numbers(" in c.source)
    added = {
        "code cell": f'student_id = "{victim}"\nmine = my_numbers("hw1", student_id, course_code)\nmine',
        "comment": f'# student_id = "{victim}"  (hers, not mine)\nx = 1',
        "string": f'note = "the id of my friend is {victim}"',
        "markdown": None,
        "output": f'print("s" + "{victim[1:]}")',
    }
    if form == "markdown":
        nb.cells.insert(numbers_cell + 1, nbformat.v4.new_markdown_cell(f"Worked out with {victim}."))
    elif form == "my_numbers argument":
        nb.cells[numbers_cell].source = nb.cells[numbers_cell].source.replace(
            "my_numbers(\"hw1\", student_id,", f'my_numbers("hw1", "{victim}",')
        assert victim in nb.cells[numbers_cell].source
    else:
        nb.cells.insert(numbers_cell + 1, nbformat.v4.new_code_cell(added[form]))
    execute(nb, tag="0f0f0f0f")
    return nb


FORMS = ["code cell", "comment", "string", "markdown", "output", "my_numbers argument"]


@pytest.mark.parametrize("form", FORMS)
def test_a_classmates_id_in_a_framers_file_flags_the_framer_only(hw1, class_work, tmp_path, form):
    alice = class_work["Alice Smith"]
    notebooks = {name: s.nb for name, s in class_work.items()}
    notebooks["Mallory Ode"] = _framed(class_work["Mallory Ode"].nb, form, alice.student_id)
    gradebook, page, written, found = grade(hw1, tmp_path, notebooks)
    # the innocent row stays clean: gradebook, report, the students counted as flagged
    assert gradebook["Alice Smith"]["flags"] == ""
    for name in ("Bob Jones", "Carol Diaz", "Dan Kim"):
        assert gradebook[name]["flags"] == ""
    everyone = cases.cases(found, written.identity)
    assert len(everyone) == 1 and not everyone[0].flagged(next(m for m, n in everyone[0].names.items()
                                                             if n == "Alice Smith"))
    # the framer is flagged, naming whose id was used
    said = gradebook["Mallory Ode"]["flags"]
    assert "Alice Smith" in said and said.split(" (evidence")[0] in (
        "COPIED FROM Alice Smith", "HOLDS THE ID OF Alice Smith"), said
    figures = dict(report.counts(written.grades, report.class_flags(written.grades, written.identity)))
    assert figures["students flagged"] == 1
    assert "Alice Smith&#x27;s own file shows nothing: not flagged" in page or \
        "Alice Smith's own file shows nothing: not flagged" in page


def test_the_same_id_typed_twice_flags_the_one_whose_id_it_is_not(hw1, class_work, tmp_path):
    """Issue 40: the classmate whose id a framer typed got DUPLICATE ID on her row and was counted among the
    students flagged, though her own file shows nothing."""
    alice = class_work["Alice Smith"]
    notebooks = {name: s.nb for name, s in class_work.items()}
    notebooks["Mallory Ode"] = _framed(class_work["Mallory Ode"].nb, "code cell", alice.student_id)
    gradebook, page, written, _ = grade(hw1, tmp_path, notebooks)
    assert "DUPLICATE ID" not in gradebook["Alice Smith"]["flags"] + page.split("Alice Smith&#x27;s own file")[0]
    mallory = {f["kind"] for f in written.identity[file_of("Mallory Ode")]}
    assert "id-of-another" in mallory and not any(f["kind"] == "duplicate-id"
                                                  for f in written.identity[file_of("Alice Smith")])


def test_an_honest_class_mentions_no_classmate(hw1, class_work, tmp_path):
    gradebook, page, written, found = grade(hw1, tmp_path, {name: s.nb for name, s in class_work.items()})
    assert {name: row["flags"] for name, row in gradebook.items()} == {name: "" for name in STUDENTS}
    ids = {s.student_id for s in class_work.values()}
    for o in found:  # each holds its own id, the course code and its run tag: never a classmate's id
        mentioned = {m["text"] for m in o.fingerprint["mentions"]}
        assert mentioned & ids == {o.roster_id}, (o.file, mentioned)


# --- the cases themselves, on flags written here -----------------------------------------------------------

def _outcomes(*names: str) -> list:
    from gamelib_grader.marking.grader import GRADED, Outcome

    return [Outcome(f"{n.lower()}.ipynb", name=n, site_id=str(i), status=GRADED) for i, n in enumerate(names)]


def _flag(kind: str, other: str, what: str = "x") -> dict:
    return {"kind": kind, "with": [f"{other.lower()}.ipynb"], "what": what}


def test_a_pair_is_one_entry_and_each_member_is_told_their_part():
    found = _outcomes("Ann", "Ben", "Cat", "Dan")
    flags = {"ann.ipynb": [_flag("same-run", "Ben")],
             "ben.ipynb": [_flag("same-run", "Ann"), _flag("other-id-outputs", "Ann", "outputs of Ann's id")],
             "cat.ipynb": [_flag("duplicate-id", "Dan")], "dan.ipynb": [_flag("duplicate-id", "Cat")]}
    ann_ben, cat_dan = sorted(cases.cases(found, flags), key=lambda c: sorted(c.names.values()))
    assert ann_ben.sentence() == ("Ben copied from Ann: Ben's file has saved outputs made for Ann's id or numbers; "
                                  "Ann and Ben have the same run of Python in their saved outputs.")
    # without a class list nor ids in the file names, whose id it is cannot be told: both typed it
    assert cat_dan.sentence() == "Cat and Dan have the same id typed; the evidence does not say who copied."
    column = cases.flags_column(found, flags)
    assert column["ben.ipynb"] == ("COPIED FROM Ann (evidence: OUTPUTS OF ANOTHER ID: outputs of Ann's id; "
                                   "SAME RUN: x)")
    assert column["ann.ipynb"] == "WORK APPEARS IN A COPY: Ben's (evidence: SAME RUN: x)"
    assert column["cat.ipynb"] == "SHARED WITH Dan (evidence: DUPLICATE ID: x)"


def test_evidence_that_points_both_ways_is_said_so():
    found = _outcomes("Ann", "Ben")
    flags = {"ann.ipynb": [_flag("other-numbers", "Ben")], "ben.ipynb": [_flag("other-numbers", "Ann")]}
    (case,) = cases.cases(found, flags)
    assert case.arrows == {(case.members[0], case.members[1]), (case.members[1], case.members[0])}
    assert case.relation(case.members[0], case.members[1]) == cases.BOTH_WAYS
    assert "Ann copied from Ben" in case.sentence() and "Ben copied from Ann" in case.sentence()
    assert cases.flags_column(found, flags)["ann.ipynb"].startswith("SHARED WITH Ben (the evidence points both ways)")
