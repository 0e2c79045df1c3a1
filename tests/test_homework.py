"""Homework: the otter-grader sources, the build (course code, student copies, solutions, course file), and
grading a folder of submissions.

The numbers, pools, checks and marks of gamelib.homework are tested in test_homework_variants.py; copying in
test_copying.py and test_grading_class.py; attacks on the grader in test_grading_attacks.py. The slow tests
use every set built for the test course (once per session, see homework_build.py) and grade submissions
made from the committed student copies.
"""

import ast
import csv
import json
import re
from pathlib import Path

import nbformat
import pytest
import yaml
from gamelib_grader import cli as grade_homework
from gamelib_grader.intake.notebook import cell_text
from gamelib_grader.marking import batch
from gamelib_grader.reporting import outputs
from gamelib_grader.sandbox import bwrap as sandbox
from grading_attacks import submission as _submission
from homework_build import COURSE, built_sets, right_literals, solution_lines

from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, homework, numbers
from gamelib.homework.marking import answer_key, mark
from tools import build_homework, homework_secrets, run_notebooks

pytestmark = pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "homework" / "source").glob("hw*.ipynb"))
STUDENT_COPIES = ROOT / "notebooks" / "homework"


def _questions(source):
    found, current = [], None
    for cell in source.cells:
        text = cell_text(cell)
        if cell.cell_type == "raw" and text.startswith("# BEGIN QUESTION"):
            current = {"config": yaml.safe_load(text.split("\n", 1)[1]), "prompt": "", "cells": []}
            found.append(current)
        elif cell.cell_type == "raw" and text.startswith("# END QUESTION"):
            current = None
        elif current is not None:
            current["cells"].append(cell)
            if cell.cell_type == "markdown" and not current["prompt"]:
                current["prompt"] = text
    return found


def _written_solutions(source):
    """The markdown cells between ``# BEGIN SOLUTION`` and ``# END SOLUTION`` (model written answers)."""
    found, inside = [], False
    for cell in source.cells:
        text = cell_text(cell)
        if cell.cell_type == "raw":
            inside = text.startswith("# BEGIN SOLUTION") or (inside and not text.startswith("# END SOLUTION"))
        elif inside and cell.cell_type == "markdown":
            found.append(text)
    return found


@pytest.fixture(scope="module", params=[p.stem for p in SOURCES])
def source(request):
    return nbformat.read(ROOT / "homework" / "source" / f"{request.param}.ipynb", as_version=4)


def _name(source):
    return source.cells[0].source.split("name: ")[1].split("\n")[0]


# ---------------------------------------------------------------------------------------------------------
# The sources.

def test_there_are_three_sets_following_the_lessons():
    assert [p.stem for p in SOURCES] == ["hw1-subtraction-grundy", "hw2-periodicity-nim", "hw3-sums-misere"]


def test_each_set_mixes_the_kinds_of_question_the_issue_asks_for(source):
    questions = _questions(source)
    assert 4 <= len(questions) <= 6
    prompts = " ".join(q["prompt"].lower() for q in questions)
    for kind in ("computation", "prediction", "explain", "winning move", "your own set"):
        assert kind in prompts
    written = [q for q in questions if q["config"].get("manual")]
    assert len(written) == 1
    for q in questions:
        if q["config"].get("manual"):
            continue
        # every autograded question uses the student's own numbers and ends with the kit's check, not otter's
        assert f"mine.{q['config']['name']}." in q["prompt"], q["config"]["name"]
        check = q["cells"][-1]
        assert cell_text(check) == f'mine.check("{q["config"]["name"]}")'
        assert check.metadata.get("deletable") is False and check.metadata.get("editable") is False


def test_the_sources_hold_no_expected_value_only_methods(source):
    """No otter test cells (whose expected values were public), and every solution line reads the student's
    numbers (``mine.``) or another answer: no literal answer anywhere."""
    text = nbformat.writes(source)
    assert "BEGIN TESTS" not in text and "TEST CONFIG" not in text and "grader.check" not in text
    answers = solution_lines(_name(source))
    assert answers
    for name, expression in answers.items():
        assert "mine." in expression or re.search(r"\bq\d_", expression), (name, expression)


def test_the_sources_points_are_those_gamelib_marks(source):
    definition = homework(_name(source))
    configured = {q["config"]["name"]: q["config"]["points"] for q in _questions(source)
                  if not q["config"].get("manual")}
    assert configured == {q.name: q.points for q in definition.questions}
    assert set(solution_lines(_name(source))) == set(definition.answer_names)


def _run_cells(nb, typed: dict[str, str]):
    """Run a notebook's code cells in this process, with ``name = ...`` lines typed as ``typed`` says; the
    namespace, and what each cell showed last (its value's repr)."""
    env, shown = {}, []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        text = re.sub(r"^(\w+) = \.\.\.$", lambda m: f"{m[1]} = {typed[m[1]]}" if m[1] in typed else m[0],
                      cell_text(cell), flags=re.MULTILINE)
        tree = ast.parse(text)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, "<cell>", "exec"), env)
        shown.append(repr(eval(compile(ast.Expression(last.value), "<cell>", "eval"), env)) if last else "")
    return env, shown


@pytest.mark.parametrize("set_name", [p.stem for p in SOURCES])
def test_the_solutions_get_full_marks_for_any_id_and_code(set_name):
    """The source's solution lines, typed into the student copy, compute the right answers for whatever id and
    code are typed: the same gamelib calls answer every variant."""
    copy = nbformat.read(STUDENT_COPIES / f"{set_name}.ipynb", as_version=4)
    definition = homework(set_name)
    for index in range(12):
        student, code = f"s{index:07d}", ("maple-7q", COURSE, DEMO_COURSE_CODE)[index % 3]
        env, _ = _run_cells(copy, {**solution_lines(set_name), "student_id": repr(student), "course_code": repr(code)})
        mine = numbers(set_name, student, code)
        for question in definition.questions:
            marked = mark(mine, question.name, {n: env[n] for n in question.names})
            assert marked.right, (student, code, marked.details)


# ---------------------------------------------------------------------------------------------------------
# The student copies.

def test_run_all_on_the_fresh_handout_goes_to_the_end_and_asks_for_the_id(source):
    """Nothing typed: every cell runs (no "got Ellipsis" traceback), the numbers cell says what to type, and
    every check says the answer is still to come, and that only the form was checked."""
    copy = nbformat.read(STUDENT_COPIES / f"{_name(source)}.ipynb", as_version=4)
    _, shown = _run_cells(copy, {})
    numbers_cell = next(s for s in shown if s.startswith("Homework"))
    assert "type your student id and course code" in numbers_cell
    checks = [s for s in shown if re.match(r"q\d: ", s)]
    assert len(checks) == len(homework(_name(source)).questions)
    for said in checks:
        assert "no answer yet" in said and "only the form was checked" in said and "pass" not in said.lower()


def test_student_copies_hold_no_solution_and_no_course_code(source):
    name = _name(source)
    text = (STUDENT_COPIES / f"{name}.ipynb").read_text()
    for variable, expression in solution_lines(name).items():
        assert f"{variable} = {expression}" not in text
        assert f"{variable} = ..." in text  # the blank the student fills in
    assert "student_id = ..." in text and "course_code = ..." in text
    for written in _written_solutions(source):
        assert written.splitlines()[0] not in text
    assert COURSE not in text and "# SOLUTION" not in text and "BEGIN SOLUTION" not in text
    assert "import otter" not in text and "grader.check" not in text  # the kit's checks replace otter's


def test_the_build_tool_finds_a_leak():
    source = nbformat.read(SOURCES[0], as_version=4)
    leaking = nbformat.writes(source)  # the source itself holds every solution
    assert homework_secrets.leaked_secrets(leaking, source)
    clean = (STUDENT_COPIES / f"{SOURCES[0].stem}.ipynb").read_text()
    assert homework_secrets.leaked_secrets(clean, source) == []
    assert homework_secrets.leaked_secrets(clean, source, "Birch-42X") == []
    assert homework_secrets.leaked_secrets(clean + "\nx = 'birch-42x'", source, " Birch-42X") == [
        "the course code (on the line \"x = 'birch-42x'\")"]
    assert homework_secrets.leaked_secrets(clean, source, DEMO_COURSE_CODE) == []  # the demo code is public


def test_the_course_code_is_typed_into_the_solution_only():
    source = build_homework.with_course_code(nbformat.read(SOURCES[0], as_version=4), 'maple "7q"')
    lines = [line for cell in source.cells for line in cell_text(cell).splitlines() if line.startswith("course_code")]
    assert lines == ['course_code = "maple \\"7q\\""  # SOLUTION']
    broken = nbformat.read(SOURCES[0], as_version=4)
    for cell in broken.cells:
        cell.source = cell_text(cell).replace('course_code = "demo"', "course_code = other")
    with pytest.raises(SystemExit, match="exactly one line"):
        build_homework.with_course_code(broken, "x")


#: A course code printed nowhere in the repository (made at run time, so that this file does not print it).
FRESH = "-".join(["pine", "93q"])


def test_the_build_reads_the_course_code_from_the_option_then_the_private_file_else_the_demo(tmp_path):
    private = tmp_path / "build" / "course-code.txt"
    assert homework_secrets.course_code(None, private) == (DEMO_COURSE_CODE, True)
    assert homework_secrets.course_code(f" {FRESH.upper()} ", private) == (FRESH.upper(), False)
    assert not private.exists()  # kept only once the build has succeeded
    homework_secrets.keep_course_code(FRESH.upper(), private)
    assert private.read_text() == f"{FRESH.upper()}\n" and private.stat().st_mode & 0o077 == 0  # kept, private
    assert homework_secrets.course_code(None, private) == (FRESH.upper(), False)  # the next build reuses it
    assert homework_secrets.course_code("DEMO", private) == ("demo", True)
    for bad in ("", "   ", "x" * 101):
        with pytest.raises(SystemExit, match="course"):
            homework_secrets.course_code(bad, private)


def test_a_code_printed_in_the_repository_is_refused_and_a_failed_build_keeps_nothing(tmp_path, monkeypatch):
    """QA, issue 19: ``make homework COURSE=maple-7q`` (the README's example) failed with "the student copy
    gives away solutions or the course code: ['the course code']" (the handout's example comment prints it),
    without saying why, and kept maple-7q as the course code all the same."""
    assert "notebooks/homework/hw1-subtraction-grundy.ipynb" in homework_secrets.public_places("Maple-7Q")
    with pytest.raises(SystemExit, match=r"'maple-7q': this code is printed in the public repository \(gamelib/"):
        homework_secrets.course_code("maple-7q", tmp_path / "course-code.txt")
    assert homework_secrets.public_places(FRESH) == []
    private = tmp_path / "course-code.txt"
    monkeypatch.setattr(build_homework, "COURSE_FILE", private)
    monkeypatch.setattr(build_homework, "ROOT", ROOT)

    def failing(source, **_):
        raise SystemExit(f"the student copy of {source.stem} gives away solutions")

    monkeypatch.setattr(build_homework, "build_set", failing)
    with pytest.raises(SystemExit, match="gives away"):
        build_homework.main(["hw1", "--course", FRESH])
    assert not private.exists()


def test_declared_student_id_and_course_code_are_read_from_the_code():
    from gamelib_grader.intake.notebook import declared_course_code, declared_student_id

    nb = _submission("hw1-subtraction-grundy", {}, student_id="s77", course_code="Maple")
    assert (declared_student_id(nb), declared_course_code(nb)) == ("s77", "Maple")
    blank = nbformat.read(STUDENT_COPIES / "hw1-subtraction-grundy.ipynb", as_version=4)
    assert (declared_student_id(blank), declared_course_code(blank)) == (None, None)


def test_a_changed_student_copy_is_not_the_same_but_another_python_patch_version_is():
    text = (STUDENT_COPIES / f"{SOURCES[0].stem}.ipynb").read_text(encoding="utf-8")
    nb = json.loads(text)
    nb["metadata"]["language_info"]["version"] = "3.11.99"
    assert build_homework.same_student_copy(text, json.dumps(nb))
    nb["cells"][3]["source"] = "changed"
    assert not build_homework.same_student_copy(text, json.dumps(nb))


# ---------------------------------------------------------------------------------------------------------
# The build, and grading submissions made from the committed student copies.

@pytest.fixture(scope="module")
def built():
    return built_sets()


@pytest.mark.slow
def test_committed_student_copies_are_what_the_build_makes(built):
    for name, pieces in built.items():
        committed = (STUDENT_COPIES / f"{name}.ipynb").read_text(encoding="utf-8")
        assert build_homework.same_student_copy(committed, pieces.student_notebook.read_text(encoding="utf-8")), (
            f"notebooks/homework/{name}.ipynb is out of date: run `make homework`")
        # Saved with the kernel JupyterLab starts, so opening it changes nothing (not marked modified).
        metadata = json.loads(committed)["metadata"]
        assert metadata["kernelspec"] == run_notebooks.kernelspec_metadata()
        assert metadata["language_info"]["name"] == "python" and "codemirror_mode" in metadata["language_info"]


@pytest.mark.slow
def test_the_course_file_holds_the_code_and_the_numbers_the_handout_was_built_with(built, tmp_path):
    from gamelib_grader.intake import homework_set

    pieces = built["hw1-subtraction-grundy"]
    data = homework_set.read_course_file(pieces.autograder_zip)
    assert (data["set"], data["course_code"], data["demo"]) == ("hw1-subtraction-grundy", COURSE, False)
    assert data["probe"]["probe-1"] == numbers("hw1", "probe-1", COURSE).plain
    source = ROOT / "homework" / "source" / "hw1-subtraction-grundy.ipynb"
    loaded = homework_set.load_set(source, pieces.student_notebook, pieces.autograder_zip)
    assert (loaded.course_code, loaded.demo) == (COURSE, False)
    # numbers drawn differently from the handout's build (a changed pool, say) stop the grader
    import zipfile

    changed = tmp_path / "changed.zip"
    data["probe"]["probe-1"]["q1"]["S"] = [1, 2, 4]
    with zipfile.ZipFile(changed, "w") as archive:
        archive.writestr("course.json", json.dumps(data))
    with pytest.raises(SystemExit, match="differ from those of the handout's build"):
        homework_set.load_set(source, pieces.student_notebook, changed)
    said = []
    demo = tmp_path / "demo.zip"
    build_homework.write_course_file(demo, "hw1-subtraction-grundy", DEMO_COURSE_CODE, True)
    assert homework_set.load_set(source, pieces.student_notebook, demo, warn=lambda *a, **k: said.append(a[0])).demo
    assert "demo course code" in said[0] and "public repository" in said[0]


@pytest.mark.slow
def test_the_solution_notebook_types_the_course_code_and_the_example_id(built):
    text = built["hw2-periodicity-nim"].solution_notebook.read_text()
    assert f'course_code = \\"{COURSE}\\"' in text and f'student_id = \\"{EXAMPLE_STUDENT_ID}\\"' in text


def _grade_folder(folder, set_name, built, out, **options):
    from gamelib_grader.intake.layout import scan_folder

    homework_set = grade_homework.load_set(set_name[:3], built[set_name].autograder_zip)
    submissions, skipped = scan_folder(folder)
    outcomes = batch.grade_all(submissions, homework_set, out, report=lambda _: None,
                               limits=sandbox.Limits(timeout=30), **options)
    return homework_set, outcomes, skipped


@pytest.fixture(scope="module")
def hw1_results(built, tmp_path_factory):
    """One folder of hw1 submissions, right, blank, wrong and malformed, graded in one run."""
    name = "hw1-subtraction-grundy"
    folder = tmp_path_factory.mktemp("hw1-submissions")
    right = solution_lines(name)
    nbformat.write(_submission(name, right, "alice"), folder / "alice.ipynb")
    nbformat.write(_submission(name, right, "bob"), folder / "bob.ipynb")  # bob's own numbers, bob's answers
    (folder / "blank.ipynb").write_bytes((STUDENT_COPIES / f"{name}.ipynb").read_bytes())
    wrong = {**right, "q1_grundy": f"({right['q1_grundy']})[:-1] + [({right['q1_grundy']})[-1] + 1]",
             "q4_leave": "mine.q4.n"}
    nbformat.write(_submission(name, wrong, "carol"), folder / "carol-wrong.ipynb")
    # dave types alice's right values, literally, under his own id
    nbformat.write(_submission(name, right_literals(name, "alice"), "dave"), folder / "dave-copied.ipynb")
    (folder / "erin-broken.ipynb").write_text('{"cells": [{"cell_type": "code", "source": "q1_gr')
    deleted = _submission(name, right, "frank")
    deleted.cells = [c for c in deleted.cells if not cell_text(c).startswith(("q2_moves", 'mine.check("q3")'))]
    nbformat.write(deleted, folder / "frank-deleted.ipynb")
    raising = _submission(name, right, "grace")
    raising.cells.insert(8, nbformat.v4.new_code_cell("q1_grundy = undefined_name + 1"))
    nbformat.write(raising, folder / "grace-raises.ipynb")
    (folder / "henry-other-set.ipynb").write_bytes((STUDENT_COPIES / "hw2-periodicity-nim.ipynb").read_bytes())
    (folder / "ivy-no-source.ipynb").write_text('{"cells": [{"cell_type": "code", "metadata": {}}], "metadata": {}, '
                                                '"nbformat": 4, "nbformat_minor": 5}')
    (folder / "notes.txt").write_text("not a notebook")
    # what `make homework` leaves for the teacher, graded as it is
    (folder / "model-solution.ipynb").write_bytes(built[name].solution_notebook.read_bytes())
    out = tmp_path_factory.mktemp("hw1-graded")
    homework_set, outcomes, skipped = _grade_folder(folder, name, built, out, jobs=2)
    gradebook = outputs.write_all(outcomes, skipped, homework_set, out)
    return {o.file: o for o in outcomes}, gradebook, skipped


@pytest.mark.slow
def test_a_right_submission_scores_full_marks(hw1_results):
    outcomes, _, _ = hw1_results
    for file in ("alice.ipynb", "bob.ipynb"):
        assert outcomes[file].status == "graded", outcomes[file].problems
        assert outcomes[file].score == outcomes[file].possible == 11
        assert all(q["right"] for q in outcomes[file].questions.values())
    assert outcomes["alice.ipynb"].variant["numbers"] == numbers("hw1", "alice", COURSE).plain
    assert outcomes["alice.ipynb"].variant["numbers"] != outcomes["bob.ipynb"].variant["numbers"]


@pytest.mark.slow
def test_the_blank_copy_scores_zero_without_crashing(hw1_results):
    blank = hw1_results[0]["blank.ipynb"]
    assert blank.score == 0 and blank.possible == 11
    assert blank.student_id is None and blank.variant == {}
    assert not [p for p in blank.problems if "raised" in p]  # Run All goes to the end: no cell fails
    assert any("no student id is typed" in p for p in blank.problems)
    assert "q1: `q1_grundy` is still `...`: no answer yet." in blank.questions["q1"]["feedback"]
    assert blank.questions["q1"]["answers"] == {"q1_grundy": "..."}


@pytest.mark.slow
def test_a_wrong_submission_gets_partial_marks_on_the_right_questions(hw1_results):
    carol = hw1_results[0]["carol-wrong.ipynb"]
    assert carol.status == "graded"
    assert {q: r["score"] for q, r in carol.questions.items()} == {"q1": 0, "q2": 2, "q3": 2, "q4": 0, "q5": 3}
    assert carol.score == 7 and not carol.questions["q4"]["right"] and carol.questions["q2"]["right"]
    # the teacher's details say what was typed and one right answer ...
    right_leave = sorted(answer_key(numbers("hw1", "carol", COURSE), "q4")["q4_leave"])
    assert any(f"right: {right_leave[0]}" in d for d in carol.questions["q4"]["details"])
    # ... the student's feedback says which answer is wrong, and what the check finds, never a right value
    said = " ".join(carol.questions["q4"]["feedback"])
    assert "`q4_leave`" in said and "not one move from your heap" in said
    assert not [v for v in right_leave if re.search(rf"\b{v}\b", said)]
    assert carol.questions["q4"]["answers"] == {"q4_leave": str(numbers("hw1", "carol", COURSE).q4.n)}


@pytest.mark.slow
def test_the_built_solution_grades_as_a_complete_perfect_submission(hw1_results):
    model = hw1_results[0]["model-solution.ipynb"]
    assert (model.status, model.score, model.possible, model.problems) == ("graded", 11, 11, [])
    assert model.written["q6"].startswith("If g(n) = m > 0")
    assert model.student_id == EXAMPLE_STUDENT_ID and model.course_code == COURSE


@pytest.mark.slow
def test_another_students_values_score_no_more_than_a_guess(hw1_results):
    """Dave types Alice's right answers as values under his own id: wrong for his numbers."""
    dave = hw1_results[0]["dave-copied.ipynb"]
    assert dave.student_id == "dave" and dave.score == 0, dave.questions


@pytest.mark.slow
def test_malformed_submissions_are_reported_and_the_others_still_graded(hw1_results):
    outcomes, _, skipped = hw1_results
    broken = outcomes["erin-broken.ipynb"]
    assert broken.status == "not graded" and "JSON does not parse" in broken.problems[0]
    frank = outcomes["frank-deleted.ipynb"]
    assert frank.status == "graded, with problems"
    assert "2 cell(s) of the handout are missing" in frank.problems[0]
    assert frank.questions["q2"]["score"] == 0 and frank.score == 9
    assert "`q2_moves` is not defined" in " ".join(frank.questions["q2"]["feedback"])
    grace = outcomes["grace-raises.ipynb"]
    assert grace.status == "graded, with problems"
    assert any("raised NameError: name 'undefined_name' is not defined" in p for p in grace.problems)
    assert grace.score == 11  # the cell failed before touching the answer
    assert outcomes["henry-other-set.ipynb"].problems == [
        "this is a submission for hw2-periodicity-nim, not for hw1-subtraction-grundy"]
    ivy = outcomes["ivy-no-source.ipynb"]
    assert ivy.status == "not graded" and "'source' is a required property" in ivy.problems[0]
    assert [(s.file, s.reason.split(";")[0]) for s in skipped] == [("notes.txt", "not a notebook (.txt)")]
    assert len(outcomes) == 11


@pytest.mark.slow
def test_the_results_file_has_a_row_per_submission(hw1_results):
    _, gradebook, _ = hw1_results
    rows = list(csv.DictReader(gradebook.open()))
    alice = next(r for r in rows if r["file"] == "alice.ipynb")
    assert (alice["student_id"], alice["score"], alice["possible"]) == ("alice", "11", "11")
    assert (alice["q4 (2)"], alice["q6 (by hand, 2)"], alice["total possible"], alice["sandbox"]) == (
        "2", "", "13", "sandboxed")
    assert next(r for r in rows if r["file"] == "erin-broken.ipynb")["status"] == "not graded"
    details = json.loads((gradebook.parent / "hw1-subtraction-grundy-details.json").read_text())
    assert details["set"] == "hw1-subtraction-grundy" and len(details["submissions"]) == len(rows) == 11
    carol = next(s for s in details["submissions"] if s["file"] == "carol-wrong.ipynb")
    assert carol["questions"]["q1"]["score"] == 0 and not carol["questions"]["q1"]["right"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hw2-periodicity-nim", "hw3-sums-misere"])
def test_the_other_sets_grade_solutions_full_and_blanks_zero(built, name, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    nbformat.write(_submission(name, solution_lines(name), "s1234567"), folder / "right.ipynb")
    (folder / "blank.ipynb").write_bytes((STUDENT_COPIES / f"{name}.ipynb").read_bytes())
    homework_set, outcomes, _ = _grade_folder(folder, name, built, tmp_path / "out", jobs=2)
    outcomes = {o.file: o for o in outcomes}
    assert outcomes["right.ipynb"].status == "graded", outcomes["right.ipynb"].problems
    autograded_points = sum(q.points for q in homework_set.autograded)
    assert outcomes["right.ipynb"].score == outcomes["right.ipynb"].possible == autograded_points
    assert outcomes["blank.ipynb"].score == 0


@pytest.mark.slow
def test_an_id_typed_without_quotes_says_so_in_one_line():
    """QA, issue 19: ``student_id = s2100099`` (no quotes) gave a raw NameError traceback at the id cell. In the
    notebook's kernel it now says, in one line, what to type; the cell still fails (nothing is guessed or
    evaluated), and any other NameError shows as it always did."""
    from nbclient import NotebookClient

    from tools.kernels import kernel_manager

    nb = nbformat.read(STUDENT_COPIES / f"{SOURCES[0].stem}.ipynb", as_version=4)
    cell = next(c for c in nb.cells if "student_id = ..." in cell_text(c))
    cell.source = cell_text(cell).replace("student_id = ...", "student_id = s2100099")
    nb.cells.insert(nb.cells.index(cell) + 1, nbformat.v4.new_code_cell("undefined_name + 1"))
    with kernel_manager("python3") as manager:
        NotebookClient(nb, km=manager, timeout=120, allow_errors=True).execute()
    (error,) = [o for o in cell.outputs if o.output_type == "error"]
    assert error.ename == "NameError"
    assert error.traceback == ['NameError: student_id = s2100099: your id must be in quotes. Type student_id = '
                               '"s2100099" and run this cell again.']
    other = next(c for c in nb.cells if cell_text(c) == "undefined_name + 1")
    (error,) = [o for o in other.outputs if o.output_type == "error"]
    assert len(error.traceback) > 1 and "undefined_name" in "".join(error.traceback)  # a traceback as ever
