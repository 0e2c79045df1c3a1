"""A class of 30 hw1 notebooks graded in the sandbox, then the copying pass: honest work gets full marks and
no flag; each cheat scores and is flagged as it should.

The class: 22 honest students (some wrote cells of their own, some handed in without restarting the kernel,
four wrote their explanation), and one of each cheat:

- a copied notebook: a classmate's file with only the id changed (not run again, or run again from the top);
- copied values: a classmate's right answers typed as numbers under one's own id;
- another student's numbers: the notebook asks for a classmate's numbers (``my_numbers`` with their id);
- another course code typed;
- the public source: a script that runs ``homework/source`` as it is (its example id and the demo code), as
  a student could from the public repository, and types its answers and its model explanation;
- two guesses: well-formed answers typed without any work (what "no more than a guess" is measured against).
"""

import ast
import random
import re
import uuid
from pathlib import Path

import nbformat
import pytest
from gamelib_grader import cli as grade_homework
from gamelib_grader.intake.layout import scan_folder
from gamelib_grader.intake.notebook import cell_text
from gamelib_grader.integrity import copying
from gamelib_grader.marking import batch
from gamelib_grader.sandbox import bwrap as sandbox
from grading_attacks import submission
from homework_build import COURSE, RIGHT, SET, built_sets, right_literals

pytestmark = [pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning"),
              pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
WRITTEN = [
    "Because the Grundy value m is the mex of the values of the positions we can move to, every value smaller "
    "than m appears among them. In particular 0 appears, so there is a move to a position with value 0. Such a "
    "position is P, since all its moves lead to nonzero values. So the player to move wins by moving there.",
    "A heap with g(n) not 0 is N: by the mex rule 0 must be among the Grundy numbers of the followers (otherwise "
    "the mex would be 0). Moving to that follower leaves the opponent a P-position, where every move gives back "
    "a nonzero value, and we repeat until they cannot move.",
    "The mex is the least number missing. If the value is not zero then zero is not missing, so one follower has "
    "Grundy value zero and we move there; the opponent then faces value zero and whatever they do we can go back "
    "to zero, so we make the last move.",
    "Nonzero Grundy value means the mex of the follower values is positive, hence 0 occurs among the follower "
    "values. I take the move to that follower. Every position of value 0 only has followers of positive value, so "
    "my opponent can never reach 0 again before me and eventually runs out of moves.",
]
#: The copier's own explanation.
OWN_WORDS = ("Say the value is m, bigger than nought. The mex picks the first number absent from the options, so "
             "nought is present among them: I can move to an option worth nought and hand my rival a lost heap.")
#: Ways of writing the same answer: honest students do not all type the handout's solution.
ALTERNATIVES = {"q1_grundy": "[SubtractionGame(mine.q1.S).grundy(n) for n in range(16)]",
                "q4_leave": "SubtractionGame(mine.q4.S).winning_moves(mine.q4.n)[-1]",
                "q3_remainders": "{n % mine.q3.period for n in "
                                 "SubtractionGame(mine.q3.S).p_positions(3 * mine.q3.period)}"}
GUESSES = [{"q1_grundy": "[0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2, 0, 0, 1, 1]", "q2_moves": "[10, 12, 15]",
            "q2_followers": "[0, 1, 2]", "q2_g": "3", "q3_remainders": "{0}", "q3_heap": '"P"', "q4_leave": "30",
            "q5_p_positions": "[100, 105]", "q5_g": "1"},
           {"q1_grundy": "[0] * 16", "q2_moves": "[20, 21, 22]", "q2_followers": "[1, 1, 0]", "q2_g": "2",
            "q3_remainders": "{0, 4}", "q3_heap": '"N"', "q4_leave": "25", "q5_p_positions": "[]", "q5_g": "0"}]


#: One honest student's own way with the computations, a helper variable in every cell (QA, issue 19: a copy
#: with that variable renamed and the written answer rewritten raised no flag).
OWN_STYLE = {"q1_grundy": "list(g5.grundy_values(16))", "q2_moves": "sorted(g5.moves(mine.q2.n))",
             "q2_followers": "[g5.grundy(x) for x in q2_moves]", "q2_g": "mex(q2_followers)",
             "q3_remainders": "set(g5.p_positions(mine.q3.period))",
             "q3_heap": "'P' if (mine.q3.heap % mine.q3.period) in q3_remainders else 'N'",
             "q4_leave": "g5.winning_moves(mine.q4.n)[-1]",
             "q5_p_positions": "[x for x in g5.p_positions(mine.q5.start + 30) if x >= mine.q5.start]",
             "q5_g": "g5.grundy(mine.q5.heap)"}


def own_style(nb: nbformat.NotebookNode, variable: str = "g5") -> nbformat.NotebookNode:
    """Each answer cell starts by naming its game: ``g5 = SubtractionGame(mine.qN.S)``."""
    for cell in nb.cells:
        if "otter_assign_solution_cell" in cell.metadata.get("tags", []):
            question = re.search(r"^(q\d)_", cell_text(cell), re.MULTILINE)[1]
            cell.source = f"g5 = SubtractionGame(mine.{question}.S)\n{cell_text(cell)}".replace("g5", variable)
    return nb


def with_outputs(nb: nbformat.NotebookNode, student: str, run: str) -> nbformat.NotebookNode:
    """The notebook as saved after running it: the cell that shows the student's numbers has their output (the
    numbers' own repr, with the run tag of ``run``)."""
    from gamelib.homework import my_numbers

    shown = re.sub(r"\(run [0-9a-f]{8}\)", f"(run {run})", repr(my_numbers("hw1", student, COURSE)))
    cell = next(c for c in nb.cells if c.cell_type == "code" and "= my_numbers(" in cell_text(c))
    cell.outputs = [nbformat.v4.new_output("execute_result", {"text/plain": shown}, execution_count=2)]
    return nb


def honest(index: int, rng: random.Random) -> nbformat.NotebookNode:
    answers = dict(RIGHT)
    for name, expression in ALTERNATIVES.items():
        if rng.random() < 0.4:
            answers[name] = expression
    if index == 5:
        answers = dict(OWN_STYLE)
    nb = submission(SET, answers, f"s{index:07d}")
    if index == 5:
        own_style(nb)
    with_outputs(nb, f"s{index:07d}", f"{rng.getrandbits(32):08x}")
    if index < len(WRITTEN):
        next(c for c in nb.cells if "otter_answer_cell" in c.metadata.get("tags", [])).source = WRITTEN[index]
    if index < 2 or rng.random() < 0.5:  # a cell of their own, with the random id JupyterLab gives a new cell
        scratch = nbformat.v4.new_code_cell(rng.choice(["mine", "print(mine.q5.S)", "SubtractionGame(mine.q1.S)"]))
        scratch["id"] = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        nb.cells.insert(6, scratch)
    restarted = index >= 2 and rng.random() < 0.5
    counts = iter(range(1, 1000)) if restarted else iter(sorted(rng.sample(range(1, 200), 60)))
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.execution_count = next(counts)  # run again from the top, or in the order of a session
    return nb


def public_source_values() -> dict[str, str]:
    """What a script gets from homework/source alone: it runs the public source as it is (the example id and
    the demo code typed in it) and reads the answer variables, to type them as values."""
    source = nbformat.read(ROOT / "homework" / "source" / f"{SET}.ipynb", as_version=4)
    env: dict = {}
    for cell in source.cells:
        if cell.cell_type == "code":
            tree = ast.parse(cell_text(cell))
            exec(compile(tree, "<source>", "exec"), env)
    return {name: repr(value) for name, value in env.items() if name[:1] == "q" and name[1:2].isdigit()}


def model_answer() -> str:
    source = nbformat.read(ROOT / "homework" / "source" / f"{SET}.ipynb", as_version=4)
    return next(cell_text(c) for c in source.cells if c.cell_type == "markdown" and cell_text(c).startswith("If g(n)"))


def _written(nb, text):
    next(c for c in nb.cells if "otter_answer_cell" in c.metadata.get("tags", [])).source = text
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    rng = random.Random(19)
    notebooks = {f"honest-{i:02d}.ipynb": honest(i, rng) for i in range(22)}
    # a copied notebook: honest-00's file, only the id changed, not run again
    copy = nbformat.reads(nbformat.writes(notebooks["honest-00.ipynb"]), as_version=4)
    for cell in copy.cells:
        cell.source = cell_text(cell).replace("student_id = 's0000000'", "student_id = 's0000900'")
    notebooks["copy-as-is.ipynb"] = copy
    # a copied notebook run again from the top: honest-01's file, the id changed, counts 1, 2, 3, ...
    rerun = nbformat.reads(nbformat.writes(notebooks["honest-01.ipynb"]), as_version=4)
    counts = iter(range(1, 1000))
    for cell in rerun.cells:
        cell.source = cell_text(cell).replace("student_id = 's0000001'", "student_id = 's0000901'")
        if cell.cell_type == "code":
            cell.execution_count = next(counts)
    notebooks["copy-rerun.ipynb"] = with_outputs(rerun, "s0000901", "5eed0901")  # run again: its own outputs
    # a copy of honest-05's own-style notebook, the helper variable renamed, the explanation its own, run again
    renamed = nbformat.reads(nbformat.writes(notebooks["honest-05.ipynb"]), as_version=4)
    counts = iter(range(1, 1000))
    for cell in renamed.cells:
        text = cell_text(cell).replace("student_id = 's0000005'", "student_id = 's0000908'")
        cell.source = text.replace("g5", "game")
        if cell.cell_type == "code":
            cell.execution_count = next(counts)
    notebooks["copy-renamed.ipynb"] = _written(with_outputs(renamed, "s0000908", "5eed0908"), OWN_WORDS)
    notebooks["copied-values.ipynb"] = submission(SET, right_literals(SET, "s0000002"), "s0000902")
    other = submission(SET, RIGHT, "s0000903")
    for cell in other.cells:
        cell.source = cell_text(cell).replace('my_numbers("hw1", student_id,', 'my_numbers("hw1", "s0000003",')
    notebooks["other-numbers.ipynb"] = other
    notebooks["other-code.ipynb"] = submission(SET, RIGHT, "s0000904", course_code="another-course")
    notebooks["public-source.ipynb"] = _written(submission(SET, public_source_values(), "s0000905"), model_answer())
    notebooks["guess-1.ipynb"] = submission(SET, GUESSES[0], "s0000906")
    notebooks["guess-2.ipynb"] = submission(SET, GUESSES[1], "s0000907")
    assert len(notebooks) == 31
    folder, out = tmp_path_factory.mktemp("class"), tmp_path_factory.mktemp("class-graded")
    for file, nb in notebooks.items():
        nbformat.write(nb, folder / file)
    homework = grade_homework.load_set("hw1", built_sets()[SET].autograder_zip)
    found, _ = scan_folder(folder)
    outcomes = batch.grade_all(found, homework, out, jobs=2, limits=sandbox.Limits(timeout=60),
                               report=lambda _: None)
    scores = {o.file: o.score for o in outcomes}
    flags = copying.flag_copying(outcomes, homework)
    assert {o.file: o.score for o in outcomes} == scores  # flags never change a score
    return {"by_file": {o.file: o for o in outcomes}, "flags": flags}


def kinds(flags: list[dict]) -> set[tuple[str, tuple[str, ...]]]:
    return {(f["kind"], tuple(f["with"])) for f in flags}


def test_honest_work_gets_full_marks(graded):
    for file, outcome in graded["by_file"].items():
        if file.startswith("honest"):
            assert (outcome.status, outcome.score, outcome.possible) == ("graded", 11, 11), (file, outcome.problems)


def test_honest_work_is_flagged_only_where_it_was_copied_from(graded):
    flags = graded["flags"]
    flagged = {f for f, v in flags.items() if v and f.startswith("honest")}
    assert flagged == {"honest-00.ipynb", "honest-01.ipynb", "honest-05.ipynb"}, {f: kinds(flags[f]) for f in flagged}
    assert {k for k, _ in kinds(flags["honest-00.ipynb"])} <= {"same-cell-ids", "same-execution-history",
                                                               "same-written-answer", "same-answer-cells", "same-run"}
    assert kinds(flags["honest-05.ipynb"]) == {("same-answer-cells", ("copy-renamed.ipynb",))}


def test_a_copied_notebook_is_flagged_with_the_classmate(graded):
    as_is, rerun = graded["flags"]["copy-as-is.ipynb"], graded["flags"]["copy-rerun.ipynb"]
    assert ("same-written-answer", ("honest-00.ipynb",)) in kinds(as_is)
    assert ("same-execution-history", ("honest-00.ipynb",)) in kinds(as_is)
    assert ("same-written-answer", ("honest-01.ipynb",)) in kinds(rerun)
    assert "same-execution-history" not in {k for k, _ in kinds(rerun)}  # run again from the top
    assert ("same-cell-ids", ("honest-00.ipynb",)) in kinds(as_is)
    assert ("same-cell-ids", ("honest-01.ipynb",)) in kinds(rerun)
    # QA, issue 19: handed in without running it again, a copy keeps the classmate's outputs and run tag
    assert ("other-id-outputs", ("honest-00.ipynb",)) in kinds(as_is) and ("same-run", ("honest-00.ipynb",)) in kinds(
        as_is)
    assert not {"other-id-outputs", "same-run"} & {k for k, _ in kinds(rerun)}
    # run again, with its variable renamed and its own explanation, only its code tells: the same shapes
    assert kinds(graded["flags"]["copy-renamed.ipynb"]) == {("same-answer-cells", ("honest-05.ipynb",))}
    by_file = graded["by_file"]
    # its code recomputes the answers for the copier's own numbers: full marks, and only the flags tell
    assert by_file["copy-as-is.ipynb"].score == by_file["copy-rerun.ipynb"].score == 11


def test_copied_values_and_another_students_numbers_score_nothing_and_name_the_classmate(graded):
    by_file, flags = graded["by_file"], graded["flags"]
    assert by_file["copied-values.ipynb"].score == 0
    assert kinds(flags["copied-values.ipynb"]) == {("other-numbers", ("honest-02.ipynb",))}
    assert by_file["other-numbers.ipynb"].score == 0
    assert ("other-numbers", ("honest-03.ipynb",)) in kinds(flags["other-numbers.ipynb"])


def test_another_course_code_is_flagged_and_graded_with_the_teachers(graded):
    outcome = graded["by_file"]["other-code.ipynb"]
    assert outcome.course_code == "another-course" and outcome.score == 0
    assert ("course-code", ()) in kinds(graded["flags"]["other-code.ipynb"])


def test_answers_from_the_public_source_score_no_more_than_a_guess_and_are_flagged(graded):
    by_file = graded["by_file"]
    guesses = [by_file["guess-1.ipynb"].score, by_file["guess-2.ipynb"].score]
    assert by_file["public-source.ipynb"].score <= min(guesses) <= 2
    said = " / ".join(f["what"] for f in graded["flags"]["public-source.ipynb"])
    assert "right for the public example's" in said and "model answer of the public source" in said
    assert graded["flags"]["guess-1.ipynb"] == graded["flags"]["guess-2.ipynb"] == []


def test_no_notebook_of_the_class_reaches_the_time_limit(graded):
    """How fast a class is graded is a figure (``make bench-grading``); here no honest notebook is stopped."""
    stopped = {f: o.problems for f, o in graded["by_file"].items() if any("stopped after" in p for p in o.problems)}
    assert not stopped, stopped
