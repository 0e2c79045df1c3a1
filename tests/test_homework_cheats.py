"""What a student after marks without the work tried on the homework, its checks and the grader's marking, and
the holes it found (each test failed before its fix). The sandboxed attacks are in test_grading_attacks.py.
"""

from __future__ import annotations

import pytest
from gamelib_grader.marking.checks import grade_question
from gamelib_grader.sandbox.plain import Report

from gamelib.homework import HOMEWORK, numbers
from gamelib.homework.forms import Position, WholeList
from gamelib.homework.marking import mark, one_right_answer
from gamelib.homework.mistakes import FORM

COURSE = "cheats-course"
#: Every answer that is a list or a position, with its question: (set, question, answer name).
LISTS = [(name, question.name, answer.name) for name, hw in HOMEWORK.items() for question in hw.questions
         for answer in question.answers if isinstance(answer.form, (WholeList, Position))]


def test_every_set_has_list_answers():
    assert {name for name, _, _ in LISTS} == set(HOMEWORK)


@pytest.mark.parametrize(("set_name", "question", "answer"), LISTS)
def test_a_negative_number_in_a_list_is_a_form_problem_not_a_crash(set_name, question, answer):
    # Before: -1 in q2_followers (hw1), a heap of -1 in a position (hw2 q4, hw3 q1, q4) raised ValueError from
    # mex() or the game in the handout's own check, and in marking, so that the grader set the whole notebook
    # aside as "the grader failed on this file", every right answer with it.
    for student in ("s1", "s2", "s3"):
        mine = numbers(set_name, student, COURSE)
        values = one_right_answer(mine, question)
        right = list(values[answer])
        values[answer] = [-1, *right[1:]] if right else [-1]
        checked = mine.check(question, **values)
        assert not checked.well_formed
        assert any(f"`{answer}` must be" in line and "-1" in line for line in checked.lines), checked.lines
        marked = mark(mine, question, values)
        assert not marked.answers_right[answer]
        result = grade_question(HOMEWORK[set_name].question(question), mine, Report(values=values))
        assert result.score < result.possible
        assert result.mistakes[answer] == FORM


#: Cells that compute the answers with the key, each hiding its names from the static read before its fix.
KEY_HIDDEN = {
    "alias": "import gamelib.homework as h\nq4 = h.homework('hw1').question('q4')",
    "from-import": "from gamelib import homework as hw\nq = hw.homework('hw1').question('q4')",
    "built-name": "import gamelib\nq = gamelib.homework.homework('hw1').question('q4')\n"
                  "q4_leave = min(getattr(q, 'k' + 'ey')(mine.of('q4'))['q4_leave'])",
    "sys-modules": "import sys\nkey = sys.modules['gamelib.homework' + '.marking']\n"
                   "globals().update({k: v for k, v in getattr(key, 'one_right' + '_answer')(mine, 'q4').items()})",
    "gc": "import gc\nsets = [o for o in gc.get_objects() if type(o).__name__ == 'Homework']",
    "attrgetter": "from operator import attrgetter\nfind = attrgetter('ke' + 'y')",
}


def test_a_cell_that_hides_its_way_to_the_answer_key_is_flagged():
    # Before: every cell here gave key_use() nothing, so the answer-key flag never reached the teacher.
    from gamelib_grader.intake.key_use import key_use

    said = {name: key_use(text) for name, text in KEY_HIDDEN.items()}
    assert all(said.values()), said
    assert "imports gamelib.homework as h" in said["alias"]
    assert said["from-import"] == ["imports gamelib.homework as hw"]
    assert "uses getattr with a name made at run time" in said["built-name"]
    assert "uses .modules" in said["sys-modules"]


def test_getattr_with_a_name_typed_out_and_the_handouts_import_stay_unflagged():
    from gamelib_grader.intake.key_use import key_use

    ordinary = ["from gamelib.homework import my_numbers\nmine = my_numbers('hw1', student_id, course_code)",
                "S = getattr(mine.q4, 'S')\nq4_leave = max(mine.q4.n - s for s in S)",
                "import gamelib.homework\nhelp(gamelib.homework)", "import sys\nprint(sys.version)"]
    assert [key_use(code) for code in ordinary] == [[]] * len(ordinary)


def _shown_cell(numbers_line: str) -> dict:
    text = f"Homework 1: the numbers of student 'mallory' in course 'c' (run 0a1b2c3d)\n  q1: {numbers_line}"
    return {"cell_type": "code", "source": "mine", "outputs": [
        {"output_type": "execute_result", "data": {"text/plain": text}, "metadata": {}, "execution_count": 1}]}


@pytest.mark.parametrize("edited", ["{1, 2}", "1j", "b'x'", "{1: 2}", "[{3}]", "(1, b'y')"])
def test_an_edited_saved_output_is_read_as_plain_json(edited):
    # Before: `mine.q1.S = {1, 2}` typed into the saved output of the cell that shows `mine` gave a set in the
    # notebook's fingerprint, its result file could not be written (TypeError from json.dumps), and the whole
    # class's grading stopped there.
    import json

    from gamelib_grader.intake.saved_outputs import read_saved_outputs

    shown = read_saved_outputs([_shown_cell(f"mine.q1.S = {edited}; mine.q1.n = 3")])["shown"]
    assert shown[0]["numbers"]["q1"]["n"] == 3
    assert json.loads(json.dumps(shown)) == shown
    assert shown[0]["numbers"]["q1"]["S"] != [1, 2]


def test_a_result_that_cannot_be_saved_stops_no_other_file(tmp_path, monkeypatch):
    from gamelib_grader.intake.layout import scan_folder
    from gamelib_grader.marking import batch
    from gamelib_grader.marking.grader import GRADED, Outcome

    for name in ("alice", "mallory"):
        (tmp_path / "in").mkdir(exist_ok=True)
        (tmp_path / "in" / f"{name}.ipynb").write_text("{}")

    def grade(submission, homework, limits, sandboxed):
        fingerprint = {"shown": [{"numbers": {"q1": {"S": {1, 2}}}}]} if "mallory" in submission.file else {}
        return Outcome(submission.file, status=GRADED, score=1.0, possible=1.0, fingerprint=fingerprint)

    monkeypatch.setattr(batch, "grade", grade)

    class Homework:
        tests_digest, name = "t", "hw1"

    submissions, _ = scan_folder(tmp_path / "in")
    outcomes = {o.file: o for o in batch.grade_all(submissions, Homework(), tmp_path / "out", report=lambda _: None)}
    assert outcomes["alice.ipynb"].status == GRADED and outcomes["alice.ipynb"].score == 1.0
    assert outcomes["mallory.ipynb"].score is None
    assert "could not save" in outcomes["mallory.ipynb"].problems[0]
    assert len(list((tmp_path / "out" / "results").glob("*.json"))) == 2


def test_a_number_too_long_to_write_out_is_a_form_problem_in_the_check_and_in_marking():
    # Before: `q4_leave = 10**5000` (or such a number inside a list) raised Python's own "Exceeds the limit
    # (4300 digits) for integer string conversion" from the handout's check and from marking.
    mine = numbers("hw1", "s1", COURSE)
    for question, values in [("q4", {"q4_leave": 10**5000}),
                             ("q2", {"q2_moves": [1, 10**5000], "q2_followers": [0, 1], "q2_g": 2})]:
        checked = mine.check(question, **values)
        assert not checked.well_formed and "too long to write out" in repr(checked)
        marked = mark(mine, question, values)
        assert marked.score == 0 and any("too long to write out" in line for line in marked.details)


def test_a_number_too_long_to_write_out_costs_its_own_answer_only(tmp_path):
    # Before: the sandbox's report could not be written with such a number in it, and every answer of the
    # notebook was lost ("report failed"), the right ones with it.
    import json

    from gamelib_grader.sandbox import bwrap as sandbox
    from gamelib_grader.sandbox.plain import read_report

    mine = numbers("hw1", "s1", COURSE)
    right = one_right_answer(mine, "q1")["q1_grundy"]
    cells = [{"cell_type": "code", "source": f"q1_grundy = {list(right)!r}\nq4_leave = 10**5000", "metadata": {}}]
    raw = json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    run = sandbox.run_unsandboxed(raw, "hw1.ipynb", ["q1_grundy", "q4_leave"], [], sandbox.Limits(timeout=120))
    report = read_report(run.report)
    assert report.values["q1_grundy"] == list(right)
    hw1 = HOMEWORK["hw1"]
    assert grade_question(hw1.question("q1"), mine, report).right
    q4 = grade_question(hw1.question("q4"), mine, report)
    assert q4.score == 0 and q4.mistakes == {"q4_leave": FORM}
    assert "too long to write out" in q4.feedback[0]
    assert q4.answers["q4_leave"] == "(a whole number too long to write out)"


def test_the_sandbox_reports_the_numbers_the_forms_read():
    # run_notebook.py stands alone inside the sandbox, so it keeps its own copy of the limit
    from gamelib_grader.sandbox import run_notebook

    from gamelib.limits import MAX_WHOLE_BITS

    assert run_notebook.MAX_INT_BITS == MAX_WHOLE_BITS
    assert run_notebook.encode(2**MAX_WHOLE_BITS - 1) == 2**MAX_WHOLE_BITS - 1
    with pytest.raises(run_notebook.NotPlain):
        run_notebook.encode([2**MAX_WHOLE_BITS])
