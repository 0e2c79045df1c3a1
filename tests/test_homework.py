"""Homework: seeded sets, the otter-grader sources, the student copies, and grading a folder of submissions.

The slow tests use every set built with ``otter assign`` (once per session, see homework_build.py) and grade
submissions made from the committed student copies: the solutions, a blank copy, a wrong one, malformed ones
and seeded variants. Attacks on the grader are in test_grading_attacks.py.
"""

import csv
import hashlib
import json
import math
import random
import re
from itertools import combinations
from math import gcd
from pathlib import Path

import nbformat
import pytest
import yaml
from grading_attacks import submission as _submission
from homework_build import built_sets

import gamelib.homework as homework_module
from gamelib.homework import candidate, in_pool, normalise_student_id, student_set, variant_pool
from tools import build_homework, run_notebooks
from tools.grading import cli as grade_homework
from tools.grading.notebook import cell_text

from brute import grundy_sequence

# otter's imports trip a traitlets deprecation warning that is not ours to fix.
pytestmark = pytest.mark.filterwarnings("ignore:Traits should be given as instances:DeprecationWarning")

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "homework" / "source").glob("hw*.ipynb"))
STUDENT_COPIES = ROOT / "notebooks" / "homework"




# ---------------------------------------------------------------------------------------------------------
# The seeded variant: a set per student id.


def _brute_period(values, window):
    """Smallest (preperiod, period) with a repeated window of ``window`` values, by plain search."""
    for p0 in range(len(values)):
        for p in range(1, (len(values) - p0) // 2 + 1):
            if p0 + p + window <= len(values) and values[p0:p0 + window] == values[p0 + p:p0 + p + window]:
                return p0, p
    raise AssertionError("no repeat found")


def test_student_set_is_a_pure_function_of_the_normalised_id():
    assert student_set("s1234567") == student_set(" S1234567\t") == student_set("s1234567")
    assert student_set(1234567) == student_set("1234567")
    # the first hash of the id picks a candidate; if it is not in the pool, the hash of "id#1", and so on
    seeds = ["alice"] + [f"alice#{k}" for k in range(1, 50)]
    picks = [candidate(int.from_bytes(hashlib.sha256(s.encode()).digest()[:8], "big") % 21489) for s in seeds]
    assert student_set("Alice") == next(S for S in picks if S in set(variant_pool()))


@pytest.mark.parametrize("bad, error, words", [
    (None, TypeError, "in quotes"), (..., TypeError, "Ellipsis"), (True, TypeError, "True"),
    (3.5, TypeError, "3.5"), ("", ValueError, "empty"), ("   ", ValueError, "empty"),
])
def test_student_set_refuses_what_is_not_an_id(bad, error, words):
    with pytest.raises(error, match=re.escape(words)):
        student_set(bad)


def test_candidates_are_every_set_of_3_to_5_numbers_up_to_20_in_order():
    every = [S for k in (3, 4, 5) for S in combinations(range(1, 21), k)]
    assert len(every) == 21489
    assert [candidate(i) for i in range(len(every))] == every
    with pytest.raises(ValueError, match="from 0 to 21488, got 21489"):
        candidate(21489)


def _brute_in_pool(S, worked):
    """The pool's rule by plain search: no common factor, no worked example, and the smallest repeat of a
    max(S)-long window (which proves the period) has period >= 3 and preperiod + 2 * period <= 80."""
    if gcd(*S) != 1 or S in worked:
        return False
    try:
        preperiod, period = _brute_period(grundy_sequence(S, 400), max(S))
    except AssertionError:  # no repeat below 400: far from showing twice below 80
        return False
    return period >= 3 and preperiod + 2 * period <= 80


def test_the_pool_holds_exactly_the_sets_its_rule_describes():
    worked = {(1, 2, 3), (1, 3, 4), (1, 4, 6), (2, 4, 7), (2, 5, 7), (3, 5, 8), (2, 5, 6), (2, 7, 8)}
    pool = set(variant_pool())
    assert len(pool) == 17050
    sample = random.Random(13).sample([S for k in (3, 4, 5) for S in combinations(range(1, 21), k)], 400)
    for S in sample + sorted(worked) + [(1, 2, 4), (3, 7, 8), (2, 4, 6)]:
        assert (S in pool) == _brute_in_pool(S, worked) == in_pool(S), S
    assert (1, 2, 4) in pool and (3, 7, 8) in pool and (2, 4, 6) not in pool  # period 3; preperiod 11


def test_ids_spread_evenly_over_the_pool():
    """4,000 ids drawn uniformly from N = 17,050 sets hit about N(1 - exp(-4000/N)) = 3,565 distinct sets
    (standard deviation about 18); a skewed draw would hit fewer."""
    sets = [student_set(f"s{n:07d}") for n in range(4_000)]
    assert all(in_pool(S) for S in set(sets))
    assert 3_480 <= len(set(sets)) <= 3_650
    assert normalise_student_id("  ABC ") == "abc"


def test_the_readme_states_the_pool_and_the_chance_of_sharing_a_set():
    """Birthday bound for a class of 40, from the pool's real size: P(some two share) = 1 - prod (1 - i/N)."""
    size = len(variant_pool())
    share = 1 - math.prod(1 - i / size for i in range(40))
    text = (ROOT / "README.md").read_text()
    assert f"There are **{size:,}**" in text and f"about **{100 * share:.1f} %**" in text
    assert f"fixed pool of {size:,}" in homework_module.__doc__ and f"{100 * share:.1f} %" in homework_module.__doc__


# ---------------------------------------------------------------------------------------------------------
# The sources: what the issue asks of each set.

def _questions(source):
    found, current = [], None
    for cell in source.cells:
        text = cell_text(cell)
        if cell.cell_type == "raw" and text.startswith("# BEGIN QUESTION"):
            current = {"config": yaml.safe_load(text.split("\n", 1)[1]), "prompt": "", "public": [], "hidden": []}
            found.append(current)
        elif cell.cell_type == "raw" and text.startswith("# END QUESTION"):
            current = None
        elif current is not None and cell.cell_type == "markdown" and not current["prompt"]:
            current["prompt"] = text
        elif current is not None and cell.cell_type == "code" and text.startswith('""" # BEGIN TEST CONFIG'):
            head, code = text.split('""" # END TEST CONFIG\n')
            config = yaml.safe_load(head.split("\n", 1)[1])
            current["hidden" if config.get("hidden") else "public"].append((config, code))
    return found


def _solution_lines(source):
    """``variable -> expression`` for every line ending in ``# SOLUTION``."""
    answers = {}
    for cell in source.cells:
        for line in cell_text(cell).splitlines():
            if cell.cell_type == "code" and line.rstrip().endswith("# SOLUTION"):
                name, expression = line.rsplit("# SOLUTION", 1)[0].split("=", 1)
                answers[name.strip()] = expression.strip()
    return answers


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


def test_there_are_three_sets_following_the_lessons():
    assert [p.stem for p in SOURCES] == ["hw1-subtraction-grundy", "hw2-periodicity-nim", "hw3-sums-misere"]


def test_each_set_mixes_the_kinds_of_question_the_issue_asks_for(source):
    questions = _questions(source)
    assert 4 <= len(questions) <= 6
    prompts = " ".join(q["prompt"].lower() for q in questions)
    for kind in ("computation", "prediction", "explain", "winning move", "your own set"):
        assert kind in prompts
    written = [q for q in questions if q["config"].get("manual")]
    assert written and all(not q["public"] and not q["hidden"] for q in written)
    for q in questions:
        if not q["config"].get("manual"):
            assert q["public"] and q["hidden"], q["config"]["name"]
            assert all(c.get("points") == 0 for c, _ in q["public"])  # marks come from the hidden tests
            assert all(c.get("failure_message") for c, _ in q["public"])  # every instant check explains itself
    seeded = [q for q in questions if any("student_set(student_id)" in code for _, code in q["hidden"])]
    assert len(seeded) == 1


def _solution_environment(source):
    """Run the source's code the way a student who got everything right would (tests left out)."""
    env = {}
    for cell in source.cells:
        text = cell_text(cell)
        if cell.cell_type == "code" and not text.startswith('""" # BEGIN TEST CONFIG'):
            exec(compile(text, "<solution>", "exec"), env)
    return env


def _run_public_tests(student_copy, question, env):
    from otter.test_files.ok_test import OKTestFile

    test_file = OKTestFile.from_metadata(student_copy.metadata["otter"]["tests"][question], "handout")
    test_file.run(env)
    return test_file


def test_the_solutions_pass_every_instant_check(source):
    name = source.cells[0].source.split("name: ")[1].split("\n")[0]
    student_copy = nbformat.read(STUDENT_COPIES / f"{name}.ipynb", as_version=4)
    env = _solution_environment(source)
    for question in student_copy.metadata["otter"]["tests"]:
        assert _run_public_tests(student_copy, question, env).passed_all, question


@pytest.mark.parametrize("set_name, question, wrong, message", [
    ("hw1-subtraction-grundy", "q1", {"q1_grundy": "game.grundy_values(16)"}, "add .tolist()"),
    ("hw1-subtraction-grundy", "q2", {"q2_followers": "[2, 1, 2]", "q2_g11": "3"}, "mex of the values"),
    ("hw1-subtraction-grundy", "q4", {"q4_leave": "28"}, "32 minus 2, 5 or 6"),
    ("hw1-subtraction-grundy", "q5", {"student_id": "..."}, "Type your student id in quotes"),
    ("hw2-periodicity-nim", "q1", {"q1_preperiod": "game.periodicity()"}, "read its .preperiod"),
    ("hw2-periodicity-nim", "q4", {"q4_after": "(10, 13, 8, 5)"}, "exactly one of them smaller"),
    ("hw3-sums-misere", "q1", {"q1_parts": "[1, 3, 0]", "q1_total": "1 + 3 + 0"}, "nim-sum (XOR)"),
    ("hw3-sums-misere", "q3", {"q3_remainders": "{0, 1}"}, "heap of 0 or 1 chips is an N-position"),
    ("hw3-sums-misere", "q4", {"q4_after": "(0, 1, 1)"}, "normal-play move"),
])
def test_instant_checks_explain_a_wrong_answer(set_name, question, wrong, message):
    source = nbformat.read(ROOT / "homework" / "source" / f"{set_name}.ipynb", as_version=4)
    env = _solution_environment(source)
    for variable, expression in wrong.items():
        env[variable] = eval(expression, env)
    result = _run_public_tests(nbformat.read(STUDENT_COPIES / f"{set_name}.ipynb", as_version=4), question, env)
    assert not result.passed_all
    assert message in result.summary()


def test_an_answer_of_the_wrong_kind_gets_only_the_message_about_its_kind():
    source = nbformat.read(SOURCES[0], as_version=4)
    env = {**_solution_environment(source), "q1_grundy": _solution_environment(source)["game"].grundy_values(16)}
    result = _run_public_tests(nbformat.read(STUDENT_COPIES / f"{SOURCES[0].stem}.ipynb", as_version=4), "q1", env)
    assert "add .tolist()" in result.summary()
    assert "From heaps 0 and 1" not in result.summary()  # the values are right: only their container is not


# ---------------------------------------------------------------------------------------------------------
# The student copies give nothing away.

def test_student_copies_hold_no_solution_and_no_hidden_test(source):
    name = source.cells[0].source.split("name: ")[1].split("\n")[0]
    text = (STUDENT_COPIES / f"{name}.ipynb").read_text()
    copy = nbformat.reads(text, as_version=4)
    for variable, expression in _solution_lines(source).items():
        assert f"{variable} = {expression}" not in text
        assert f"{variable} = ..." in text  # the blank the student fills in
    for question in _questions(source):
        for _, code in question["hidden"]:
            assert code.strip().splitlines()[-1] not in text
    for written in _written_solutions(source):
        assert written.splitlines()[0] not in text
    stored = copy.metadata["otter"]["tests"]
    assert stored and all(not case["hidden"] for test in stored.values() for case in test["suites"][0]["cases"])
    assert "# SOLUTION" not in text and "BEGIN SOLUTION" not in text and "TEST CONFIG" not in text


def test_the_build_tool_finds_a_leak():
    source = nbformat.read(SOURCES[0], as_version=4)
    leaking = nbformat.writes(source)  # the source itself holds every solution and hidden test
    assert build_homework.leaked_secrets(leaking, source)
    assert build_homework.leaked_secrets((STUDENT_COPIES / f"{SOURCES[0].stem}.ipynb").read_text(), source) == []


# ---------------------------------------------------------------------------------------------------------
# Grading submissions made from the committed student copies.

def _solutions(set_name):
    answers = _solution_lines(nbformat.read(ROOT / "homework" / "source" / f"{set_name}.ipynb", as_version=4))
    del answers["student_id"]
    return answers


def test_declared_student_id_is_read_from_the_code():
    from tools.grading.notebook import declared_student_id

    nb = _submission("hw1-subtraction-grundy", {}, student_id="s77")
    assert declared_student_id(nb) == "s77"
    blank = nbformat.read(STUDENT_COPIES / "hw1-subtraction-grundy.ipynb", as_version=4)
    assert declared_student_id(blank) is None


@pytest.fixture(scope="module")
def built():
    return built_sets()


@pytest.mark.slow
def test_committed_student_copies_are_what_the_build_makes(built):
    for name, pieces in built.items():
        assert pieces.autograder_zip.is_file()
        committed = (STUDENT_COPIES / f"{name}.ipynb").read_text(encoding="utf-8")
        assert build_homework.same_student_copy(committed, pieces.student_notebook.read_text(encoding="utf-8")), (
            f"notebooks/homework/{name}.ipynb is out of date: run `make homework`")
        # Saved with the kernel JupyterLab starts, so opening it changes nothing (not marked modified).
        metadata = json.loads(committed)["metadata"]
        assert metadata["kernelspec"] == run_notebooks.kernelspec_metadata()
        assert metadata["language_info"]["name"] == "python" and "codemirror_mode" in metadata["language_info"]


def test_a_changed_student_copy_is_not_the_same_but_another_python_patch_version_is():
    text = (STUDENT_COPIES / f"{SOURCES[0].stem}.ipynb").read_text(encoding="utf-8")
    nb = json.loads(text)
    nb["metadata"]["language_info"]["version"] = "3.11.99"
    assert build_homework.same_student_copy(text, json.dumps(nb))
    nb["cells"][3]["source"] = "changed"
    assert not build_homework.same_student_copy(text, json.dumps(nb))


def _grade_folder(folder, set_name, built, out, **options):
    from tools.grading.layout import scan_folder

    homework = grade_homework.load_set(set_name[:3], built[set_name].autograder_zip)
    submissions, skipped = scan_folder(folder)
    outcomes = grade_homework.grade_all(submissions, homework, out, report=lambda _: None,
                                        limits=grade_homework.sandbox.Limits(timeout=30), **options)
    return homework, outcomes, skipped


@pytest.fixture(scope="module")
def hw1_results(built, tmp_path_factory):
    """One folder of hw1 submissions, right, blank, wrong and malformed, graded in one run."""
    name = "hw1-subtraction-grundy"
    folder = tmp_path_factory.mktemp("hw1-submissions")
    right = _solutions(name)
    nbformat.write(_submission(name, right, "alice"), folder / "alice.ipynb")
    nbformat.write(_submission(name, right, "bob"), folder / "bob.ipynb")  # bob's own set, bob's answers
    (folder / "blank.ipynb").write_bytes((STUDENT_COPIES / f"{name}.ipynb").read_bytes())
    wrong = {**right, "q1_grundy": "[0, 0, 1, 1, 0, 2, 1, 3, 0, 2, 1, 0, 0, 1, 1, 1]", "q4_leave": "27"}
    nbformat.write(_submission(name, wrong, "carol"), folder / "carol-wrong.ipynb")
    # dave answers for alice's set, not his own.
    alice_set = student_set("alice")
    assert student_set("dave") != alice_set
    copied = {**right, "q5_p_positions": f"SubtractionGame({alice_set}).p_positions(30)",
              "q5_g29": f"SubtractionGame({alice_set}).grundy(29)"}
    nbformat.write(_submission(name, copied, "dave"), folder / "dave-copied.ipynb")
    (folder / "erin-broken.ipynb").write_text('{"cells": [{"cell_type": "code", "source": "q1_gr')
    deleted = _submission(name, right, "frank")
    deleted.cells = [c for c in deleted.cells
                     if not cell_text(c).startswith(("q2_followers", 'grader.check("q3")'))]
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
    homework, outcomes, skipped = _grade_folder(folder, name, built, out, jobs=2)
    gradebook = grade_homework.write_all(outcomes, skipped, homework, out)
    return {o.file: o for o in outcomes}, gradebook, skipped


@pytest.mark.slow
def test_a_right_submission_scores_full_marks(hw1_results):
    outcomes, _, _ = hw1_results
    for file in ("alice.ipynb", "bob.ipynb"):
        assert outcomes[file].status == "graded", outcomes[file].problems
        assert outcomes[file].score == outcomes[file].possible == 11


@pytest.mark.slow
def test_the_blank_copy_scores_zero_without_crashing(hw1_results):
    blank = hw1_results[0]["blank.ipynb"]
    assert blank.score == 0 and blank.possible == 11
    assert blank.student_id is None
    # Running the blank copy, the cell that makes the student's set stops: no id was typed.
    assert any("student_set(student_id)" in p and "TypeError" in p for p in blank.problems)
    assert "`q1_grundy` is still `...`: no answer yet." in blank.questions["q1"]["feedback"]


@pytest.mark.slow
def test_a_wrong_submission_gets_partial_marks_on_the_right_questions(hw1_results):
    carol = hw1_results[0]["carol-wrong.ipynb"]
    assert carol.status == "graded"
    assert {q: r["score"] for q, r in carol.questions.items()} == {"q1": 0, "q2": 2, "q3": 2, "q4": 0, "q5": 3}
    assert carol.score == 7
    # the teacher's details name the failed test and the expression that was not true ...
    assert any(re.fullmatch(r"hidden test q4 - \d+ failed: .*q4_leave.*  gave False", f)
               for f in carol.questions["q4"]["details"]), carol.questions["q4"]["details"]
    # ... the student's feedback says a full test failed, without saying which value it expected
    said = " ".join(carol.questions["q4"]["feedback"])
    assert "full tests found a mistake" in said and "26" not in said and "30" not in said


@pytest.mark.slow
def test_the_built_solution_grades_as_a_complete_perfect_submission(hw1_results):
    model = hw1_results[0]["model-solution.ipynb"]
    assert (model.status, model.score, model.possible, model.problems) == ("graded", 11, 11, [])
    assert model.written["q6"].startswith("If g(n) = m > 0")


@pytest.mark.slow
def test_seeded_questions_check_each_students_own_set(hw1_results):
    outcomes = hw1_results[0]
    assert student_set("alice") != student_set("bob")
    assert outcomes["bob.ipynb"].questions["q5"]["score"] == 3
    dave = outcomes["dave-copied.ipynb"]
    assert dave.student_id == "dave"
    assert dave.questions["q5"]["score"] == 0 and dave.score == 8


@pytest.mark.slow
def test_malformed_submissions_are_reported_and_the_others_still_graded(hw1_results):
    outcomes, _, skipped = hw1_results
    broken = outcomes["erin-broken.ipynb"]
    assert broken.status == "not graded" and "JSON does not parse" in broken.problems[0]
    frank = outcomes["frank-deleted.ipynb"]
    assert frank.status == "graded, with problems"
    assert "2 cell(s) of the handout are missing" in frank.problems[0]
    assert frank.questions["q2"]["score"] == 0 and frank.score == 9
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
    assert carol["questions"]["q1"]["score"] == 0
    assert [f.split(" - ")[0] for f in carol["questions"]["q1"]["details"]] == ["hidden test q1"]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["hw2-periodicity-nim", "hw3-sums-misere"])
def test_the_other_sets_grade_solutions_full_and_blanks_zero(built, name, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    nbformat.write(_submission(name, _solutions(name), "s1234567"), folder / "right.ipynb")
    (folder / "blank.ipynb").write_bytes((STUDENT_COPIES / f"{name}.ipynb").read_bytes())
    homework, outcomes, _ = _grade_folder(folder, name, built, tmp_path / "out", jobs=2)
    outcomes = {o.file: o for o in outcomes}
    assert outcomes["right.ipynb"].status == "graded", outcomes["right.ipynb"].problems
    autograded_points = sum(q.points for q in homework.autograded)
    assert outcomes["right.ipynb"].score == outcomes["right.ipynb"].possible == autograded_points
    assert outcomes["blank.ipynb"].score == 0
