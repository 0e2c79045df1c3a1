"""Composed sets built and graded end to end, in the sandbox, as hw1-hw3 are (issue 38).

- The issue's set (tests/sets/wythoff-coins.toml: exercise 7.2 and a written question) is built with the kit's
  build, handed to a class of simulated students and graded from a clean folder with the grader's command:
  right answers in several forms, wrong ones (a legal move that loses, a move that is not legal, text), a
  blank, a classmate's values, and a notebook that reaches its own instance's answer through the practice
  code. The gradebook has the scores and the flags a teacher expects.
- The sets the kit ships after lessons 7, 8 and 9: each built solution scores full marks in the sandbox and
  the blank handout 0; and a class on the set after lesson 7 working with ``gamelib`` as the lessons do, one of
  whom types a classmate's answers, is flagged naming that classmate.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import nbformat
import pytest
from gamelib_grader import cli as grade_homework
from gamelib_grader.intake.layout import scan_folder
from gamelib_grader.intake.notebook import cell_text
from gamelib_grader.integrity import copying
from gamelib_grader.marking import batch
from gamelib_grader.sandbox import bwrap as sandbox
from homework_build import COURSE, TEST_SETS, built_sets, built_test_sets

from gamelib import Wythoff
from gamelib.homework import numbers, read_set
from gamelib.homework.marking import accepts, one_right_answer

pytestmark = [pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning"),
              pytest.mark.slow]

EXAMPLE = "wythoff-coins"
#: Every set the kit ships composed (a new file in homework/sets/ is built and graded here with no other change).
SHIPPED = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "homework" / "sets").glob("*.toml"))
EXPLAINED = ("Each coin is a game of its own: turning coins never changes another heads-up coin's options, "
             "so the row is the sum of its heads-up coins, and its value is their nim-sum.")


def handout(path: Path, answers: dict[str, str], student: str, code: str = COURSE,
            extra: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    """The handout at ``path`` with the id and code typed, the answer cells' ``name = ...`` replaced by
    ``answers`` (Python expressions; left ``...`` when absent) and ``extra`` code cells before the first question."""
    nb = nbformat.read(path, as_version=4)
    typed = {**answers, "student_id": repr(student), "course_code": repr(code)}
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.source = re.sub(r"^(\w+) = \.\.\.$", lambda m: f"{m[1]} = {typed[m[1]]}" if m[1] in typed else m[0],
                                 cell_text(cell), flags=re.MULTILINE)
    after = next(i for i, c in enumerate(nb.cells) if "= my_numbers(" in cell_text(c))
    for offset, code_text in enumerate(extra, start=1):
        nb.cells.insert(after + offset, nbformat.v4.new_code_cell(code_text))
    return nb


def written(nb: nbformat.NotebookNode, text: str) -> nbformat.NotebookNode:
    next(c for c in nb.cells if "otter_answer_cell" in c.metadata.get("tags", [])).source = text
    return nb


def heaps(student: str) -> tuple[int, int]:
    return read_set(TEST_SETS / f"{EXAMPLE}.toml").numbers(student, COURSE).q1.heaps


def right(student: str) -> tuple[int, int]:
    return one_right_answer(read_set(TEST_SETS / f"{EXAMPLE}.toml").numbers(student, COURSE), "q1")["q1_answer"]


@pytest.fixture(scope="module")
def example_class(tmp_path_factory):
    """The issue's set, built, handed to a class and graded by the command teachers run."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GAMELIB_HOMEWORK_SETS", str(TEST_SETS))
        built = built_test_sets()[EXAMPLE]
        patch.setattr(grade_homework, "STUDENT_DIR", built.student_notebook.parent)
        folder, out = tmp_path_factory.mktemp("example-class"), tmp_path_factory.mktemp("example-graded")
        path = built.student_notebook
        losing = {s: next(m for m in Wythoff().moves(heaps(s)) if Wythoff().outcome(m) == "N")
                  for s in ("s3800006",)}
        a, b = heaps("s3800007")
        own_seed = ("from gamelib.homework.draw import Draw\nfrom gamelib.exercises import deal\n"
                    f"seed = Draw(course_code, {EXAMPLE!r}, 'q1', student_id).below(10**9 + 1)\n"
                    "mine_again = deal('7.2', seed, largest=40)")
        class_ = {
            "right-gamelib": handout(path, {"q1_answer": "Wythoff().winning_moves(mine.q1.heaps)[0]"}, "s3800001"),
            "right-another-move": handout(path, {"q1_answer": "Wythoff().winning_moves(mine.q1.heaps)[-1]"},
                                          "s3800002"),
            "right-as-a-list": handout(path, {"q1_answer": "list(Wythoff().winning_moves(mine.q1.heaps)[0])"},
                                       "s3800003"),
            "right-numpy": handout(path, {"q1_answer": "np.array(Wythoff().winning_moves(mine.q1.heaps)[0])"},
                                   "s3800004", extra=("import numpy as np",)),
            "right-typed": handout(path, {"q1_answer": repr(right("s3800005"))}, "s3800005"),
            "wrong-leaves-n": handout(path, {"q1_answer": repr(losing["s3800006"])}, "s3800006"),
            "wrong-not-a-move": handout(path, {"q1_answer": repr((a + 1, b))}, "s3800007"),
            "wrong-text": handout(path, {"q1_answer": '"P"'}, "s3800008"),
            "blank": handout(path, {}, "s3800009"),
            "copied-values": handout(path, {"q1_answer": repr(right("s3800001"))}, "s3800010"),
            "own-instance": handout(path, {"q1_answer": "Wythoff().winning_moves(mine_again.numbers['heaps'])[0]"},
                                    "s3800011", extra=(own_seed,)),
        }
        for file, nb in class_.items():
            nbformat.write(written(nb, EXPLAINED) if file.startswith("right-gamelib") else nb, folder / f"{file}.ipynb")
        (folder / "fresh-handout.ipynb").write_bytes(path.read_bytes())
        code = grade_homework.main([EXAMPLE, str(folder), "--autograder", str(built.autograder_zip), "--out",
                                    str(out), "--jobs", "2", "--timeout", "90"])
        assert code == 0
        rows = {Path(r["file"]).stem: r for r in csv.DictReader((out / f"{EXAMPLE}-results.csv").open())}
    return rows, out


def test_the_class_is_graded_with_the_scores_a_teacher_expects(example_class):
    rows, _ = example_class
    scores = {file: row["q1 (2)"] for file, row in rows.items()}
    assert scores == {"right-gamelib": "2", "right-another-move": "2", "right-as-a-list": "2", "right-numpy": "2",
                      "right-typed": "2", "wrong-leaves-n": "0", "wrong-not-a-move": "0", "wrong-text": "0",
                      "blank": "0", "copied-values": "0", "own-instance": "2", "fresh-handout": "0"}, scores
    assert all(row["status"] == "graded" for f, row in rows.items() if f != "fresh-handout"), rows
    assert {row["q2 (by hand, 3)"] for row in rows.values()} == {""}  # the written question waits for a hand mark
    assert rows["right-gamelib"]["total possible"] == "5"


def test_what_a_student_reached_for_and_whose_values_were_typed_are_flagged_as_they_should(example_class):
    rows, _ = example_class
    flagged = {file: row["flags"] for file, row in rows.items() if row["flags"]}
    assert set(flagged) == {"own-instance"}, flagged
    assert flagged["own-instance"].startswith("ANSWER KEY") and "deal" in flagged["own-instance"]
    # one answer of 7.2 (heaps up to 40) is right for a classmate 1 time in 30: a copied value is no evidence,
    # and the grader says nothing; it scores 0 (the numbers are the copier's own)


def test_the_mistakes_are_told_by_kind_and_the_feedback_gives_no_answer(example_class):
    rows, out = example_class
    feedback = {p.stem: p.read_text() for p in (out / "feedback").iterdir()}
    said = next(text for name, text in feedback.items() if "wrong-not-a-move" in name)
    a, b = heaps("s3800007")
    assert f"cannot be reached from ({a}, {b}) in one move" in said
    for name, text in feedback.items():
        if "wrong-leaves-n" in name:
            assert "not right for your numbers" in text
            assert not [m for m in Wythoff().winning_moves(heaps("s3800006")) if str(m) in text]
    report = (out / "report.html").read_text()
    assert "a legal move that leaves an N-position" in report and "not one move from the position given" in report
    assert "q2" in (out / "answers" / "q2.md").read_text() and EXPLAINED[:40] in (out / "answers" / "q2.md").read_text()


@pytest.fixture(scope="module")
def shipped():
    return built_sets()


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_set_grades_its_solution_full_and_its_blank_zero(shipped, name, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    solution = nbformat.read(shipped[name].solution_notebook, as_version=4)
    for cell in solution.cells:
        if cell.cell_type == "code":
            cell.source = re.sub(r'^student_id = .*$', 'student_id = "s3900001"', cell_text(cell), flags=re.MULTILINE)
    nbformat.write(solution, folder / "right.ipynb")
    (folder / "blank.ipynb").write_bytes(shipped[name].student_notebook.read_bytes())
    homework_set = grade_homework.load_set(name, shipped[name].autograder_zip)
    outcomes = {o.file: o for o in batch.grade_all(scan_folder(folder)[0], homework_set, tmp_path / "out", jobs=2,
                                                   limits=sandbox.Limits(timeout=60), report=lambda _: None)}
    assert outcomes["right.ipynb"].status == "graded", outcomes["right.ipynb"].problems
    assert outcomes["right.ipynb"].score == outcomes["right.ipynb"].possible == sum(
        q.points for q in homework_set.autograded)
    assert outcomes["blank.ipynb"].score == 0 and not [p for p in outcomes["blank.ipynb"].problems if "raised" in p]


#: The set after lesson 7 worked with gamelib, as the lesson does.
LESSON_7 = {"q1_answer": "Wythoff().winning_moves(mine.q1.heaps)[0]",
            "q2_answer": "next(b for b in range(mine.q2.heap + 1, 3 * mine.q2.heap) "
                         "if Wythoff().outcome((mine.q2.heap, b)) == 'P')",
            "q3_answer": "RookGame().winning_moves(mine.q3.square)[0]",
            "q4_answer": "Chomp(mine.q4.rows, mine.q4.cols).winning_moves(Chomp(mine.q4.rows, mine.q4.cols).start)[0]"}


def honest_class(handout_path: Path, folder: Path, students: list[str]) -> None:
    """Each of ``students`` hands in the lesson-7 set worked with gamelib, into ``folder`` (made here)."""
    folder.mkdir()
    for student in students:
        nbformat.write(handout(handout_path, LESSON_7, student), folder / f"{student}.ipynb")


def test_a_class_working_with_gamelib_gets_full_marks_and_typed_values_of_a_classmate_are_named(shipped, tmp_path):
    name = "hw4-wythoff-chomp"
    folder = tmp_path / "in"
    students = [f"s39000{i:02d}" for i in range(1, 6)]
    honest_class(shipped[name].student_notebook, folder, students)
    theirs = numbers(name, students[0], COURSE)
    copied = {q: one_right_answer(theirs, q.split("_")[0])[q] for q in LESSON_7}
    nbformat.write(handout(shipped[name].student_notebook, {q: repr(v) for q, v in copied.items()}, "s3900099"),
                   folder / "copier.ipynb")
    homework_set = grade_homework.load_set(name, shipped[name].autograder_zip)
    outcomes = batch.grade_all(scan_folder(folder)[0], homework_set, tmp_path / "out", jobs=2,
                               limits=sandbox.Limits(timeout=60), report=lambda _: None)
    by_file = {o.file: o for o in outcomes}
    # a classmate's value is right for the copier too only where the two sets of right answers meet (rare;
    # here the first Wythoff move for one of the four questions)
    mine = numbers(name, "s3900099", COURSE)
    also_right = sum(q.points for q in homework_set.definition.questions
                     if accepts(mine, q.name, copied))
    assert also_right < 6
    assert {f: o.score for f, o in by_file.items()} == {**{f"{s}.ipynb": 6 for s in students},
                                                        "copier.ipynb": also_right}
    flags = copying.flag_copying(outcomes, homework_set)
    assert [(f["kind"], f["with"]) for f in flags["copier.ipynb"]] == [("other-numbers", [f"{students[0]}.ipynb"])]
    # the honest students type the same few gamelib calls here (real ones differ): no flag but a shared code's
    assert not [f for s in students for f in flags[f"{s}.ipynb"] if f["kind"] != "same-answer-cells"]


def test_a_composed_set_flags_the_framer_and_never_the_classmate_whose_id_was_typed(shipped, tmp_path):
    """Issue 40's framing, on a composed set: a student who gets a classmate's numbers with her id and answers
    them is flagged naming her; her own row and the honest ones stay clean (gradebook and identity flags)."""
    from gamelib_grader.reporting import outputs

    name = "hw4-wythoff-chomp"
    folder = tmp_path / "in"
    students = [f"s39100{i:02d}" for i in range(1, 4)]
    honest_class(shipped[name].student_notebook, folder, students)
    victim = students[0]
    framer = handout(shipped[name].student_notebook, LESSON_7, "s3910099",
                     extra=(f'mine = my_numbers("{name}", "{victim}", course_code)',))
    nbformat.write(framer, folder / "framer.ipynb")
    homework_set = grade_homework.load_set(name, shipped[name].autograder_zip)
    outcomes = batch.grade_all(scan_folder(folder)[0], homework_set, tmp_path / "out", jobs=2,
                               limits=sandbox.Limits(timeout=60), report=lambda _: None)
    copying.flag_copying(outcomes, homework_set)
    written = outputs.write_everything(outcomes, [], homework_set, tmp_path / "out")
    rows = {r["file"]: r for r in csv.DictReader(written.gradebook.open(encoding="utf-8"))}
    # the simulated class types the same few gamelib calls (real students differ), so their code is alike;
    # beyond that, no honest row carries a flag, and none names the framer
    for student in students:
        said = rows[f"{student}.ipynb"]["flags"]
        for flag in filter(None, said.split(" / ")):
            assert re.match(r"SHARED WITH s391\d+ \(evidence: SAME CODE:", flag), flag
    assert victim in rows["framer.ipynb"]["flags"] or f"{victim}.ipynb" in rows["framer.ipynb"]["flags"], rows
    assert {f["kind"] for f in written.identity.get(f"{victim}.ipynb", [])} <= {"same-answer-cells"}
    assert ("classmate-id", [f"{victim}.ipynb"]) in [(f["kind"], f["with"]) for f in written.identity["framer.ipynb"]]
