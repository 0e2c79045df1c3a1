"""What the class got wrong, by kind of mistake (issue 26, item 5): every wrong answer gets a stable kind code
where its feedback is decided, the kinds are true of the answers (checked by brute force, without gamelib),
and the class report totals them per question and per part, blanks apart, instead of listing each student's
raw values. (The report opened in Chromium: tests/browser/test_class_report.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from gamelib_grader.intake.homework_set import HomeworkSet, Question
from gamelib_grader.integrity import identity_flags
from gamelib_grader.reporting import classgrades, report, report_marking
from marked_class import BLANKS, EXPECTED, marked_outcome

from gamelib.homework import homework, numbers
from gamelib.homework.marking import answer_key, mark, one_right_answer
from gamelib.homework.mistakes import BLANK, FORM, KINDS, OTHER, Slip, example, title

from brute import grundy_sequence

SET = "hw1-subtraction-grundy"


@pytest.fixture(scope="module")
def marked():
    definition = homework(SET)
    questions = [Question(q.name, q.points, False) for q in definition.questions]
    hw = HomeworkSet(SET, (*questions, Question("q6", 2, True)), None, definition, "x", False, Path())
    outcomes = [marked_outcome(n, f"Student {n}") for n in range(13)]
    return hw, outcomes, classgrades.class_grades(outcomes, [], hw, {}, None)


def test_each_question_totals_its_kinds_and_counts_blanks_apart(marked):
    hw, outcomes, _ = marked
    for t in report_marking.tally(hw, outcomes):
        assert dict(t.kinds) == EXPECTED[t.name], t.name
        assert t.blank == BLANKS.get(t.name, 0) and BLANK not in t.kinds
        assert t.answered == 13 and t.wrong == sum(EXPECTED[t.name].values())
    q2 = next(t for t in report_marking.tally(hw, outcomes) if t.name == "q2")
    assert [dict(p.kinds) for p in q2.parts] == [{}, {"followers-count": 1, "mex-skips": 1}]
    assert q2.parts[1].label == "part 2 (q2_followers, q2_g; 1 pt)"


def test_the_summary_prints_the_kinds_and_no_students_raw_values(marked):
    hw, outcomes, grades = marked
    text = report.summary(hw, grades, identity_flags.all_flags(outcomes), {})
    assert (f"q4   mistakes (6 of 13): {title('leaves-n-position')} (5); {title('not-one-move')} (1)") in text
    assert "q1   mistakes (0 of 13, 2 blank): –" in text
    assert f"part 2 (q3_heap; 1 pt): {title('pn-swapped')} (1)" in text
    assert "most common wrong" not in text and "q4_leave =" not in text
    page = report.render(hw, grades, identity_flags.all_flags(outcomes), {}, "now")
    assert "most common wrong answers" not in page and 'id="mistakes"' in page


def test_the_worked_examples_are_on_the_public_example_numbers_not_a_students(marked):
    hw, outcomes, _ = marked
    q4 = report_marking.tally(hw, outcomes)[3]
    shown = q4.examples["leaves-n-position"]
    public = numbers("hw1", "s1234567", "demo").of("q4")
    assert shown.numbers == f"S = {public['S']!r}, n = {public['n']!r}"
    leave = int(shown.answer.split(" = ")[1])
    g = grundy_sequence(public["S"], public["n"] + 1)  # brute force: a legal move to an N-position
    assert public["n"] - leave in public["S"] and g[leave] != 0
    assert example(homework(SET), "q4", BLANK) is None


@pytest.mark.parametrize("student", [f"s31{n:05d}" for n in range(12)])
def test_every_wrong_heap_of_q4_gets_the_kind_brute_force_says(student):
    mine = numbers(SET, student, "kinds-test")
    S, n = mine.q4.S, mine.q4.n
    g = grundy_sequence(S, n + 1)
    for leave in range(n + 3):
        kinds = mark(mine, "q4", {"q4_leave": leave}).mistakes
        if n - leave not in S:
            assert kinds == {"q4_leave": "not-one-move"}, leave
        elif g[leave] != 0:
            assert kinds == {"q4_leave": "leaves-n-position"}, leave
        else:
            assert kinds == {}, leave


def _repeats(values: list[int], preperiod: int, period: int) -> bool:
    return all(values[i] == values[i + period] for i in range(preperiod, len(values) - period))


@pytest.mark.parametrize("student", [f"s32{n:05d}" for n in range(6)])
def test_a_period_is_called_not_least_exactly_when_the_values_repeat_with_it(student):
    """hw2 q1: brute force over 600 values decides whether the values repeat with a period from a preperiod."""
    mine = numbers("hw2", student, "kinds-test")
    right = one_right_answer(mine, "q1")
    pre, per = right["q1_preperiod"], right["q1_period"]
    values = grundy_sequence(mine.q1.S, pre + 8 * per + 2 * max(mine.q1.S) + 50)
    for period in range(1, 3 * per + 1):
        kinds = mark(mine, "q1", {"q1_preperiod": pre, "q1_period": period}).mistakes
        if period == per:
            assert kinds == {}
        elif _repeats(values, pre, period):
            assert kinds == {"q1_period": "period-not-least"}, period
        else:
            assert kinds == {"q1_period": "not-a-period"}, period
    for start in range(max(0, pre - 3), pre + 4):
        kinds = mark(mine, "q1", {"q1_preperiod": start, "q1_period": per}).mistakes
        expected = {} if start == pre else {
            "q1_preperiod": "preperiod-not-least" if _repeats(values, start, per) else "preperiod-too-small"}
        assert kinds == expected, start


def test_blank_and_form_are_told_apart_from_wrong():
    mine = numbers(SET, "s1234567", "demo")
    assert mark(mine, "q4", {}).mistakes == {"q4_leave": BLANK}
    assert mark(mine, "q4", {"q4_leave": ...}).mistakes == {"q4_leave": BLANK}
    assert mark(mine, "q4", {"q4_leave": "14"}).mistakes == {"q4_leave": FORM}
    right = one_right_answer(mine, "q2")
    assert mark(mine, "q2", {**right, "q2_moves": [*right["q2_moves"], 99]}).mistakes["q2_moves"] == "not-one-move"
    assert mark(mine, "q2", {**right, "q2_followers": sorted(right["q2_followers"])[::-1] + [7]}).mistakes == {
        "q2_followers": "followers-count"}


def test_a_slip_the_student_reads_is_the_kind_the_teacher_counts():
    """The same line decides both: the feedback's slip and the kind of mistake."""
    mine = numbers(SET, "s1234567", "demo")
    marked = mark(mine, "q4", {"q4_leave": 15})
    slip, = [line for line in homework(SET).question("q4").hints(mine.of("q4"), {"q4_leave": 15})]
    assert isinstance(slip, Slip) and slip.kind == marked.mistakes["q4_leave"] == "not-one-move"
    assert f"q4: {slip}" in marked.feedback
    key = answer_key(mine, "q4")["q4_leave"]
    assert all(str(v) not in " ".join(marked.feedback) for v in key)  # never a right answer for the student


def test_every_kind_is_named_and_an_unknown_one_refused():
    assert all(KINDS[code] for code in KINDS) and OTHER in KINDS
    with pytest.raises(ValueError, match="unknown kind of mistake 'typo'"):
        Slip("typo", "q4_leave", "text")


@pytest.mark.parametrize("set_name", ["hw1", "hw2", "hw3"])
def test_the_teachers_line_gives_the_reason_of_the_kind_it_names_and_no_other(set_name):
    """For answers near the right ones (one changed at a time), each wrong answer's line in the details names
    its kind, and carries no reason of another kind (hw3's q2 once gave "one move away, but an N-position"
    for a heap that is no move at all)."""
    from gamelib.homework.mistakes import candidates

    definition = homework(set_name)
    for student in ("s1234567", "s3300001"):
        mine = numbers(set_name, student, "kinds-test")
        for q in definition.questions:
            right = {name: min(options, key=repr) for name, options in answer_key(mine, q.name).items()}
            for values in candidates(right, mine.of(q.name))[::7]:
                plain = {n: set(v) if isinstance(v, frozenset) else v for n, v in values.items()}
                marked = mark(mine, q.name, plain)
                canonical = {n: values[n] for n in q.names if n not in marked.mistakes or
                             marked.mistakes[n] not in (BLANK, FORM)}
                others = q.mistakes(mine.of(q.name), canonical, answer_key(mine, q.name)) if len(
                    canonical) == len(q.names) else []
                for name, kind in marked.mistakes.items():
                    if kind in (BLANK, FORM):  # said by the lines of the form, before the answers'
                        continue
                    line = next(d for d in marked.details if d.startswith(f"`{name}` = "))
                    assert f"wrong ({title(kind)}" in line, (q.name, values, line)
                    assert not [s for s in others if s.answer == name and s.kind != kind and str(s) in line], line
