"""Issue 26, the copy flags and the report's flags: flags an honest student almost never earns, a class generated
like `make bench-flags`'s (tests/flags_class.py, smaller), no framing, no blind spots.

Notebooks are graded by the grader itself with their code run in this process (tests/flags_class.py
``graded_in_process``: the kit's own code, no sandbox needed), then the copying pass and the teacher's files.
"""

import random
import re
import sys
from pathlib import Path

import nbformat
import pytest
from flags_class import (
    COPY_KINDS,
    OWN_WORDS,
    copies,
    execute,
    grade_class,
    graded_in_process,
    honest,
    make_class,
)
from gamelib_grader.intake import likeness, notebook
from gamelib_grader.intake.layout import Submission
from gamelib_grader.integrity import copying
from gamelib_grader.marking import grader
from gamelib_grader.reporting import outputs
from grading_attacks import submission
from homework_build import COURSE, SET

from benchmarks import flags as bench
from gamelib.homework import HOMEWORK, Homework, Question, my_numbers

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hw1(tmp_path_factory):
    return bench.load_hw1(tmp_path_factory.mktemp("course"))


@pytest.fixture(scope="module")
def small_class(hw1, tmp_path_factory):
    students = make_class(honest_count=14, seed=5, copies_per_kind=1)
    outcomes = grade_class(students, hw1, tmp_path_factory.mktemp("class"))
    return students, outcomes


# --- the calibration class -------------------------------------------------------------------------------

def test_no_honest_student_is_flagged_and_every_copy_names_whom_it_copied(small_class):
    students, outcomes = small_class
    found = bench.evaluate(students, outcomes)
    assert len(found["honest"]) == 14
    assert found["wrongly"] == [], found["wrongly"]
    for kind in COPY_KINDS:
        rows = found["kinds"][kind]
        assert rows and all(flagged for _, flagged in rows), (kind, rows)
    # every copy's flag text names the classmate by name, as the gradebook shows it
    by_file = {s.file: s for s in students}
    for s in students:
        if s.kind != "honest":
            naming = [f for f in outcomes[s.file].flags if set(f["with"]) & set(s.sources)]
            assert any(outcomes[other].who in f["what"] for f in naming for other in f["with"] if other in by_file)


def test_honest_styles_are_varied_and_each_is_graded_right(small_class):
    """The class is what the calibration claims: several styles, the lessons' loop among them, Run All twice and
    hand runs, displayed answers, one wrong answer now and then, and full marks for the right work."""
    students, outcomes = small_class
    honest_code = "\n".join(notebook.cell_text(c) for s in students if s.kind == "honest" for c in s.nb.cells)
    assert "\nfor " in honest_code and "def " in honest_code and "SubtractionGame(mine.q1.S)" in honest_code
    counts = [[c.execution_count for c in s.nb.cells if c.cell_type == "code"] for s in students
              if s.kind == "honest"]
    assert any(c[0] > 1 and copying.breaks(c) == 0 for c in counts)  # Run All again, later in the session
    assert any(copying.breaks(c) >= 3 for c in counts)  # cells run by hand
    scores = [outcomes[s.file].score for s in students if s.kind == "honest"]
    assert scores.count(11) >= 8 and min(scores) < 11


# --- execution history, written answers, code -----------------------------------------------------------

def _graded(hw1, folder, notebooks: dict) -> dict:
    found = []
    with graded_in_process():
        for file, nb in notebooks.items():
            nbformat.write(nb, folder / file)
            found.append(grader.grade(Submission(folder / file, file, file.split(".")[0].title()), hw1,
                                      sandboxed=False))
    copying.flag_copying(found, hw1)
    return {o.file: o for o in found}


def test_run_all_twice_and_restarts_never_flag_and_a_copied_hand_run_history_does(hw1, tmp_path):
    """Issue 26: two honest students who pressed Run All twice (counts 14..26) were SAME EXECUTION HISTORY."""
    rng = random.Random(1)
    ann = honest(1, rng, None)
    ben = honest(2, rng, None)
    cells = sum(c.cell_type == "code" for c in ann.nb.cells)
    for s, tag in ((ann, "0a0a0a0a"), (ben, "0b0b0b0b")):
        execute(s.nb, list(range(cells + 1, 2 * cells + 1)), tag=tag)
    hand = sorted(random.Random(3).sample(range(1, 6 * cells), cells))
    cat = honest(3, rng, None)
    execute(cat.nb, hand, tag="0c0c0c0c")
    dan = next(iter(copies(cat, "not run again", 4, rng)))
    graded = _graded(hw1, tmp_path, {"ann.ipynb": ann.nb, "ben.ipynb": ben.nb, "cat.ipynb": cat.nb,
                                     "dan.ipynb": dan.nb})
    assert [f["kind"] for f in graded["ann.ipynb"].flags] == [] == [f["kind"] for f in graded["ben.ipynb"].flags]
    assert ("same-execution-history", ["cat.ipynb"]) in [(f["kind"], f["with"]) for f in graded["dan.ipynb"].flags]


#: Lesson 2's proof, paraphrased by two students who each keep some of its sentences (as students do).
PARAPHRASES = [
    "If g(n) is not 0, then 0 is among the values of the followers (the mex is the first missing number, and it "
    "is not 0). A follower with value 0 is a P-position by the induction hypothesis, so n has a move to a "
    "P-position: I should move there.",
    "The mex is the first missing number, and it is not 0, so 0 is among the values of the followers. A follower "
    "with value 0 is a P-position by the induction hypothesis, so n has a move to a P-position, the move to make.",
]


def test_paraphrases_of_the_lessons_proof_are_not_a_copy_and_a_copied_answer_is(hw1, tmp_path):
    """Issue 26: two students who paraphrased lesson 2's proof were SAME WRITTEN ANSWER at 0.47."""
    a, b = (likeness.words(t) for t in PARAPHRASES)
    assert likeness.similarity(a, b) >= 0.4  # what flagged them before: the lesson's own words counted
    rng = random.Random(2)
    notebooks = {f"s{i}.ipynb": honest(10 + i, rng, text).nb for i, text in enumerate(PARAPHRASES + OWN_WORDS[:2])}
    copied = OWN_WORDS[0].replace("So I move to that follower", "Therefore I move to that follower")
    notebooks["cop.ipynb"] = honest(20, rng, copied).nb
    graded = _graded(hw1, tmp_path, notebooks)
    assert [f["kind"] for f in graded["s0.ipynb"].flags + graded["s1.ipynb"].flags] == []
    assert [(f["kind"], f["with"]) for f in graded["cop.ipynb"].flags] == [("same-written-answer", ["s2.ipynb"])]


def test_the_lessons_loop_is_not_evidence_and_an_edited_copy_is(hw1, tmp_path):
    """Issue 26: two students who wrote lesson 2's mex loop were SAME CODE; a line added to each cell of a
    friend's notebook (``_ = 0``) hid a copy."""
    rng = random.Random(4)
    loop = ("values = []\nfor n in range(16):\n    followers = {values[n - s] for s in mine.q1.S if s <= n}\n"
            "    g = 0\n    while g in followers:\n        g += 1\n    values.append(g)\nq1_grundy = values")
    notebooks = {}
    for name, index in (("ann", 30), ("ben", 31)):
        s = honest(index, rng, None)
        cell = next(c for c in s.nb.cells if "q1_grundy = " in notebook.cell_text(c))
        cell.source = loop
        notebooks[f"{name}.ipynb"] = s.nb
    own = honest(32, random.Random(8), None, "function")  # helper functions of their own
    notebooks["own.ipynb"] = own.nb
    notebooks["edit.ipynb"] = copies(own, "edited copy run again", 5, rng)[0].nb
    for i in range(3):
        notebooks[f"x{i}.ipynb"] = honest(40 + i, rng, None).nb
    graded = _graded(hw1, tmp_path, notebooks)
    assert "same-answer-cells" not in {f["kind"] for f in graded["ann.ipynb"].flags + graded["ben.ipynb"].flags}
    assert ("same-answer-cells", ["own.ipynb"]) in [(f["kind"], f["with"]) for f in graded["edit.ipynb"].flags]


# --- framing -------------------------------------------------------------------------------------------

def test_an_id_inside_a_string_a_comment_or_another_block_is_not_declared():
    nb = submission(SET, {}, "s2100050")
    nb.cells.append(nbformat.v4.new_code_cell('notes = """\nstudent_id = "s2100001"\n"""\n# student_id = "s2"'))
    nb.cells.append(nbformat.v4.new_code_cell('def f():\n    student_id = "s2100003"\nif False:\n'
                                              '    student_id = "s2100004"'))
    assert notebook.declared_student_id(nb) == "s2100050"


def test_a_file_that_frames_a_classmate_shows_on_its_senders_row(hw1, tmp_path):
    """Issue 26: an extra, uncounted file carrying a classmate's id and run tag put DUPLICATE ID and SAME RUN on
    the classmate's row of the report only; the report showed counted files only."""
    rng = random.Random(6)
    alice = honest(50, rng, None)
    mallory = honest(51, rng, None)
    frame = nbformat.reads(nbformat.writes(alice.nb), as_version=4)  # Alice's file, with her id and run tag
    folder = tmp_path / "in"
    folder.mkdir()
    files = {"Alice_1_assignsubmission_file_/hw1.ipynb": (alice.nb, "Alice", 1.0),
             "Mallory_2_assignsubmission_file_/hw1.ipynb": (mallory.nb, "Mallory", 2.0),
             "Mallory_2_assignsubmission_file_/extra.ipynb": (frame, "Mallory", 1.0)}
    subs, found = [], []
    with graded_in_process():
        for file, (nb, name, when) in files.items():
            path = folder / file
            path.parent.mkdir(exist_ok=True)
            nbformat.write(nb, path)
            sub = Submission(path, file, name, {"Alice": "1", "Mallory": "2"}[name], modified=when)
            subs.append(sub)
            found.append(grader.grade(sub, hw1, sandboxed=False))
    copying.flag_copying(found, hw1)
    written = outputs.write_everything(found, [], hw1, tmp_path / "out", submissions=subs)
    from gamelib_grader.reporting import report

    flags = report.class_flags(written.grades, written.identity)
    (case,) = flags.cases
    assert sorted(case.names.values()) == ["Alice", "Mallory"]
    mallory = next(m for m, n in case.names.items() if n == "Mallory")
    assert case.files[mallory] == ["Mallory_2_assignsubmission_file_/extra.ipynb"] and case.flagged(mallory)
    assert {i.kind for i in case.holds(mallory)} == {"duplicate-id", "same-run"}
    page = (tmp_path / "out" / "report.html").read_text()
    assert "extra.ipynb (does not count)" in page and "students flagged, for:" in page


# --- blind spots --------------------------------------------------------------------------------------

def test_a_huge_comment_cell_does_not_hide_an_answer_key_import(hw1):
    """Issue 26: a 400,001-character comment cell ended the reading budget; an import after it went unflagged."""
    handout = nbformat.read(ROOT / "notebooks" / "homework" / f"{SET}.ipynb", as_version=4)
    nb = submission(SET, {}, "s2100060")
    nb.cells.append(nbformat.v4.new_code_cell("# " + "x" * 400_001))
    nb.cells.append(nbformat.v4.new_code_cell("from gamelib.homework.marking import one_right_answer"))
    read, saved = notebook.read_submission(nbformat.writes(nb).encode())
    found = notebook.fingerprint(read, handout, notebook.Budget(), saved)
    assert found["unread"] == [] and [u["what"] for u in found["key_use"]] == [["imports gamelib.homework.marking"]]


@pytest.mark.slow  # 3 s: it writes and reads a notebook past the reading budget
def test_a_notebook_too_large_to_read_is_flagged_in_the_gradebook_and_the_report(hw1, tmp_path):
    nb = submission(SET, {}, "s2100061")
    nb.cells += [nbformat.v4.new_code_cell("y = [1, 2, 3]\n" * 8000) for _ in range(5)]
    graded = _graded(hw1, tmp_path, {"big.ipynb": nb, "ok.ipynb": submission(SET, {}, "s2100062")})
    assert [f["kind"] for f in graded["big.ipynb"].flags] == ["too-large"]
    assert "too large to check" in graded["big.ipynb"].flags[0]["what"]
    outputs.write_everything(list(graded.values()), [], hw1, tmp_path / "out")
    gradebook = (tmp_path / "out" / f"{SET}-results.csv").read_text()
    assert "TOO LARGE TO CHECK" in gradebook
    assert "TOO LARGE TO CHECK" in (tmp_path / "out" / "report.html").read_text()


@pytest.mark.parametrize("name", list(HOMEWORK))
def test_nothing_on_the_students_object_leads_to_the_key(name):
    """Issue 26: ``vars(mine)["_homework"]`` reached the questions, whose ``key`` computes the answers. Every
    value held by the object (and its ``NoNumbers`` form) is plain data now."""
    plain = (str, int, float, bool, type(None), tuple, list, dict, frozenset)

    def walk(value, depth=0):
        assert isinstance(value, plain), type(value)
        if isinstance(value, dict):
            for k, v in value.items():
                walk(k, depth + 1)
                walk(v, depth + 1)
        elif isinstance(value, (tuple, list, frozenset)):
            for v in value:
                walk(v, depth + 1)

    for typed in (("s1234567", COURSE), (..., ...)):
        mine = my_numbers(name, *typed)
        for attribute, value in vars(mine).items():
            walk(value)
            assert not isinstance(value, (Homework, Question)), attribute


def test_the_answer_key_check_is_quiet_on_ordinary_code_and_still_sees_the_key():
    ordinary = ["from collections import namedtuple\nP = namedtuple('P', 'a b')\nP(1, 2)._asdict()",
                "import os\nif False:\n    os._exit(0)", "type(mine).__class__", "x = (1).__class__.__name__",
                "import gamelib.homework\nhelp(gamelib.homework)", "import sys\nsys._getframe"]
    assert [notebook.key_use(code) for code in ordinary] == [[]] * len(ordinary)
    assert notebook.key_use("getattr(vars(mine)['_homework'], 'question')") == ["names the text _homework"]
    assert notebook.key_use("import gamelib.homework\ngamelib.homework.marking.one_right_answer(mine, 'q1')") == [
        "uses .one_right_answer", "uses .marking"]


def test_the_calibration_bench_prints_its_rates(capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["flags"])
    assert bench.main(["--honest", "8", "--copies", "1", "--seed", "3"]) == 0
    printed = capsys.readouterr().out
    assert "honest students flagged (a flag naming someone who did not copy them): **0 of 8**" in printed
    for kind in COPY_KINDS:
        assert f"| {kind} |" in printed
    # issue 40: which way the evidence points, flips when unrelated students join, the mistakes table's share
    assert re.search(r"direction: \*\*(\d+) of \1\*\* arrows point from the copy to whom it copied, \*\*0 the wrong "
                     r"way\*\*", printed), printed
    assert "pairs flagged or not" in printed and all(f"{k} added: **" in printed for k in bench.ADDED)
    share = re.search(r"\"another wrong value \(no common slip recognised\)\" is \*\*(\d+) of (\d+)\*\*", printed)
    assert share and int(share[2]) > 0


def test_the_guide_states_the_figures_the_calibration_printed():
    """The guide's figures are those of the committed results file (benchmarks/results/flags.json), which
    `make bench-flags` writes: false positives, catches, directions, flips, and what the flags cannot see."""
    from benchmarks import results

    printed = results.read(ROOT / "benchmarks" / "results" / "flags.json")["output"]
    guide = " ".join((ROOT / "docs" / "guides" / "homework.md").read_text(encoding="utf-8").split())
    honest = re.search(r"honest students flagged \(a flag naming someone who did not copy them\): \*\*(\d+ of \d+)\*\*",
                       printed)[1]
    caught = re.search(r"Copies flagged naming whom they copied: \*\*(\d+ of \d+)\*\*", printed)[1]
    assert f"**{honest} honest students flagged**" in guide and f"**{caught} copies flagged" in guide
    assert honest.startswith("0 of ")
    right, arrows, wrong = re.search(r"direction: \*\*(\d+) of (\d+)\*\* arrows point .*?\*\*(\d+) the wrong way",
                                     printed).groups()
    assert wrong == "0" and f"({right} of {arrows}, none the wrong way" in guide
    pairs = re.search(r"pairs flagged or not \((\d+) flagged\): 4 added: \*\*(\d+)\*\*, 8 added: \*\*(\d+)\*\*, 16 "
                      r"added: \*\*(\d+)\*\*", printed).groups()
    assert pairs[1:] == ("0", "0", "0") and f"**no pair changes from flagged to not or back** (of {pairs[0]} flagged" \
        in guide
    for kind, caught_hidden in re.findall(r"^\| ([^|]+?) \| \d+ \| (\d+ of \d+) \|", printed, re.MULTILINE):
        if kind.startswith(("rewritten", "template", "paraphrase")):
            words = kind.replace("paraphrase, ", "a written answer with ")
            row = next(line for line in guide.split("| ") if words in line or f"({kind})" in line)
            assert caught_hidden in guide[guide.index(row):guide.index(row) + len(row) + 40], (kind, caught_hidden)


def test_a_fresh_kernels_object_finds_its_set_without_numbers(monkeypatch):
    """The student's object names its set; the set is known from the moment the object is made, numbers or not
    (a fresh kernel's first ``my_numbers`` with nothing typed yet)."""
    from gamelib.homework import core

    monkeypatch.setattr(core, "_SETS", {})
    waiting = my_numbers("hw2", ..., ...)
    assert waiting.check("q1").lines[-1].startswith("q1: only the form was checked")
