"""Practice instances (gamelib.exercises.practice): every generator's instances are solvable within their
bounds, checked right exactly when a brute force independent of the check says so (tests/brute_practice.py),
never the lesson's own numbers, and their question names their numbers.

100 seeds per generator in the fast lane; the slow lane (``-m slow``) deals 1,000.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import brute_practice
import pytest

from gamelib.exercises import EXERCISES, PRACTISED, check, deal, practice
from gamelib.exercises.answers import NotAnAnswer
from gamelib.exercises.practice import NOT_PRACTISED, PracticeSession, read_typed
from gamelib.exercises.practice.core import GENERATORS

FAST, SLOW = range(100), range(100, 1000)


def _ints(value) -> list[int]:
    if isinstance(value, str):  # a code or a name (lesson 10): its digits are not numbers of the question
        return []
    if isinstance(value, int):
        return [value]
    return [i for item in value for i in _ints(item)]


def _as_given(exercise: str, candidate):
    """A candidate answer in the form a student gives it: sets of heaps as lists, labels as text."""
    return list(candidate) if exercise in ("1.1", "2.5", "2.6", "6.3", "6.4", "6.5", "10.1") else candidate


def _check_instances(exercise: str, seeds) -> None:
    rng = random.Random(exercise)
    fixed = GENERATORS[exercise].fixed
    tried = set()
    for seed in seeds:
        instance = deal(exercise, seed=seed)
        assert not all(instance.numbers.get(name) == value for name, value in fixed.items()), (exercise, seed)
        for number in _ints(list(instance.numbers.values())):
            assert re.search(rf"(?<![0-9]){number}(?![0-9])", instance.question), (exercise, seed, number)
        if repr(instance.numbers) in tried:
            continue  # the same numbers build the same check (Chomp has few boards): tried already
        tried.add(repr(instance.numbers))
        candidates, right = brute_practice.answers(exercise, instance.numbers, rng)
        assert right, f"{exercise} seed {seed}: no right answer within the bounds ({instance.numbers})"
        assert right <= set(candidates)
        for candidate in candidates:
            feedback = instance.check(_as_given(exercise, candidate))
            assert feedback.ok == (candidate in right), (exercise, seed, instance.numbers, candidate, feedback)


def test_every_exercise_of_every_lesson_practises_or_says_why():
    # Lesson 9's exercises were neither: no generator, and not among those that say why.
    assert set(PRACTISED) | set(NOT_PRACTISED) == set(EXERCISES), sorted(set(EXERCISES) - set(PRACTISED)
                                                                          - set(NOT_PRACTISED))
    assert not set(PRACTISED) & set(NOT_PRACTISED)
    assert {e for e in PRACTISED if e.startswith("9.")} == {f"9.{i}" for i in range(1, 11)}
    assert {e for e in PRACTISED if e.startswith("10.")} == {"10.1", "10.2", "10.3"}
    assert all(len(reason) > 40 for reason in NOT_PRACTISED.values())


@pytest.mark.parametrize("exercise", PRACTISED)
def test_instances_are_solvable_and_checked_against_brute_force(exercise):
    _check_instances(exercise, FAST)


@pytest.mark.slow
@pytest.mark.parametrize("exercise", PRACTISED)
def test_a_thousand_instances(exercise):
    _check_instances(exercise, SLOW)


@pytest.mark.parametrize("exercise", PRACTISED)
def test_the_same_seed_deals_the_same_instance_and_seeds_differ(exercise):
    assert deal(exercise, seed=5) == deal(exercise, seed=5)
    assert len({str(deal(exercise, seed=s).numbers) for s in range(20)}) >= 2


def test_the_lesson_checks_are_unchanged_by_the_shared_factories():
    assert check("1.5", "PNPNNPNPNNPNPNN").ok and check("1.5", [0, 2, 5, 7, 10, 12]).ok
    assert check("4.2", 3).ok and check("4.2", 31).message.endswith("without carrying.")
    assert check("5.8", (3, 5, 6)).ok and check("8.4", (4, 2, 6)).ok and check("8.6", (0, 9)).ok is False


@pytest.mark.parametrize(("bad", "words"), [
    ("5.7", "does not practise"), ("99.9", "no practice"), (None, "no practice"), (2.3, "no practice")])
def test_deal_refuses_what_does_not_practise(bad, words):
    with pytest.raises(ValueError, match=words):
        deal(bad)


@pytest.mark.parametrize("seed", [-1, 10**10, 1.5, True, "7"])
def test_deal_refuses_a_bad_seed(seed):
    with pytest.raises(ValueError, match="seed must be a whole number"):
        deal("2.1", seed=seed)


@pytest.mark.parametrize(("text", "value"), [
    ("7", 7), (" 3, 8 ", (3, 8)), ("(3, 8)", (3, 8)), ("[0, 1, 2]", [0, 1, 2]), ("{1, 4}", {1, 4}),
    ("2 5 7", (2, 5, 7)), ("P", "P"), ("n-position", "n-position"), ("PNNP", "PNNP"), ("'N'", "N")])
def test_typed_answers_are_read_as_plain_values(text, value):
    assert read_typed(text) == value


@pytest.mark.parametrize("text", ["", "   ", "__import__('os').system('true')", "x" * 3000, "(" * 150,
                                  "lambda: 0", "1e999999", "{1: 2}.keys()"])
def test_typed_input_that_is_not_an_answer_is_refused_with_a_message(text):
    with pytest.raises(NotAnAnswer):
        read_typed(text)


def test_a_session_counts_a_streak_and_says_when_the_student_has_it():
    session = PracticeSession("4.3", seed=0)
    assert session.submit("not a number").ok is False and session.streak == 0
    for expected in (1, 2, 3):
        assert session.submit(session.instance.answer).ok and session.streak == expected
        assert session.submit(session.instance.answer).ok and session.streak == expected  # once per instance
        assert session.streak_text.startswith(f"{expected} right in a row")
        assert ("you have it" in session.streak_text) == (expected == 3)
        session.another()
    assert session.streak_text == "3 right in a row: you have it — go on"


def test_a_wrong_answer_ends_the_streak_and_bad_input_does_not():
    session = PracticeSession("2.1", seed=1)
    assert session.submit(session.instance.answer).ok
    session.another()
    assert not session.submit("[1, 2").ok and session.streak == 1
    assert not session.submit("99").ok and session.streak == 0 and session.streak_text == ""


def test_the_panel_is_a_thin_view_of_the_session():
    panel = practice("2.1", seed=3)
    assert panel.session.instance.question in panel.question.value.replace("&#x27;", "'")
    assert "seed 3" in panel.question.value
    panel.answer_box.value = "oops("
    panel.check()
    assert panel.status_text.startswith("Not yet: cannot read")
    panel.answer_box.value = panel.session.instance.answer
    panel.check()
    assert panel.status_text.startswith("Right:") and "1 right in a row" in panel.streak.value
    panel.another()
    assert panel.answer_box.value == "" and "seed 4" in panel.question.value
    assert panel.status_text == f"New instance (2.1, seed 4): {panel.session.instance.question}"
    assert "1 right in a row" in panel.streak.value


def test_enter_checks_exactly_the_text_it_carries_and_another_puts_the_focus_back_in_the_box():
    # The browser sends the answer with the Enter (typed fast, no earlier message carried it).
    panel = practice("2.1", seed=3)
    sent = []
    panel.answer_box.send = lambda content, buffers=None: sent.append(content)
    panel.answer_box._handle_custom_msg({"text": panel.session.instance.answer, "submit": True}, [])
    assert panel.status_text.startswith("Right:")
    panel.another()
    assert sent == [{"focus": True}]


def test_the_teaching_guide_lists_the_exercises_that_do_not_practise():
    from pathlib import Path

    guide = (Path(__file__).resolve().parent.parent / "docs" / "guides" / "teaching.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| ([0-9]+\.[0-9]+) \|", guide, re.M)
    assert sorted(listed) == sorted(NOT_PRACTISED)


def test_another_one_never_deals_the_same_numbers_again():
    session = PracticeSession("7.5", seed=0)  # a square bar of 3 to 6 rows: few instances
    for _ in range(10):
        before = session.instance.numbers
        assert session.another().numbers != before


@pytest.mark.parametrize("exercise", PRACTISED)
def test_practice_checks_answer_hostile_objects_with_feedback(exercise):
    from test_check_hostile import AlwaysEqual, Raises

    instance = deal(exercise, seed=11)
    for hostile in (AlwaysEqual(999_983), Raises(), (x for x in range(10**9)), [AlwaysEqual(1)] * 3, {"P": 1}, 1e300,
                    "P" * 10**6, object()):
        if isinstance(hostile, list) and instance.check([1, 1, 1]).ok:
            continue  # each AlwaysEqual(1) is read as the 1 it holds, and (1, 1, 1) is right here
        feedback = instance.check(hostile)
        assert feedback.ok is False and len(feedback.message) < 2000, (exercise, hostile)


def test_a_saved_lesson_shows_the_same_words_whatever_was_dealt():
    first, second = practice("2.3", seed=1), practice("2.3", seed=2)
    assert first.session.instance.numbers != second.session.instance.numbers
    assert first._static_view() == second._static_view()
    assert "run this cell" in first._static_view()["text/plain"]




def test_every_practised_exercise_ends_its_section_with_a_practice_cell():
    """The cell after an exercise's check cell is ``practice("N.k")``: the lesson says practice comes right after it."""
    from pathlib import Path

    import nbformat

    notebooks = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
    found = set()
    for path in notebooks:
        cells = [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
        for cell, after in zip(cells, cells[1:], strict=False):
            for exercise in re.findall(r'check\("([0-9]+\.[0-9]+)"', cell.source):
                if after.source.strip() == f'practice("{exercise}")':
                    found.add(exercise)
    assert set(PRACTISED) <= found, sorted(set(PRACTISED) - found)


def test_the_guy_smith_practice_asks_for_the_last_n_compared_which_is_what_it_marks_right():
    # It asked for "the last heap the Guy–Smith check must compute" and marked 2·n0 + p + t - 1 right; but the
    # check compares g(n) with g(n + p), so it computes heaps up to 2·n0 + 2p + t - 1, which it marked wrong.
    # The lesson's exercise 5.9 asks for the last n of the check; so must its practice.
    for seed in range(40):
        instance = deal("5.9", seed=seed)
        n0, p, t = instance.numbers["n0"], instance.numbers["p"], instance.numbers["t"]
        last_n = 2 * n0 + p + t - 1  # n0 <= n < 2·n0 + p + t (Guy and Smith)
        assert f"g(n + {p}) = g(n)" in instance.question and "last n" in instance.question, instance.question
        assert "compute" not in instance.question
        assert instance.check(last_n).ok and not instance.check(last_n + p).ok


@pytest.mark.parametrize("exercise", PRACTISED)
def test_the_lessons_own_numbers_are_named_as_an_instance_names_its_numbers(exercise):
    """The guard against dealing the lesson's own numbers compares the numbers that make the question: each name
    it compares must be a number every instance has (a name no instance has would never match, and 5.8's guard,
    comparing a dict of one name with instances of two, let seed 751 deal the lesson's own Poker Nim)."""
    fixed = GENERATORS[exercise].fixed
    assert fixed and set(fixed) <= set(deal(exercise, seed=0).numbers), (exercise, fixed)


def test_poker_nim_practice_never_deals_the_lessons_raise():
    assert deal("5.8", seed=751).numbers["raised"] != (9, 5, 6)
    assert all(deal("5.8", seed=seed).numbers["raised"] != (9, 5, 6) for seed in range(700, 800))


def test_the_hint_is_given_on_demand_apart_from_the_verdict_and_counted_in_the_streak():
    # Before: no Hint button (2.3's check had no hint at all); typing "hint" was refused as unreadable, and the
    # real hint came only inside the "Not yet" paragraph after a wrong answer.
    panel = practice("4.3", seed=3)
    instance = panel.session.instance
    assert panel.hint_button.description == "Hint" and panel.hint_text == ""
    panel.answer_box.value = "0"
    panel.check()
    assert panel.status_text.startswith("Not yet:") and instance.hint not in panel.status_text
    assert "Press Hint" in panel.status_text and panel.hint_text == ""
    panel.hint_button.click()
    assert panel.hint_text == f"Hint: {instance.hint}"
    assert panel.status_text.startswith("Not yet:")  # the verdict stays where it was, the hint apart from it
    panel.answer_box.value = instance.answer
    panel.check()
    assert "1 right in a row, with the hint" in panel.status_text
    panel.another()
    assert panel.hint_text == "" and not panel.session.hinted
    panel.answer_box.value = "hint"  # typed instead of pressed: the hint, not a refusal
    panel.check()
    assert panel.hint_text == f"Hint: {panel.session.instance.hint}" and panel.answer_box.value == ""
    panel.answer_box.value = panel.session.instance.answer
    panel.check()
    panel.another()
    panel.answer_box.value = panel.session.instance.answer
    panel.check()
    assert panel.session.streak == 3 and panel.session.helped == 2
    assert "3 right in a row, the hint shown for 2 of them: next time, try without it" in panel.status_text
    assert "you have it" not in panel.status_text


@pytest.mark.parametrize("exercise", PRACTISED)
def test_every_practice_instance_has_a_hint_that_does_not_give_its_answer(exercise):
    for seed in range(20):
        instance = deal(exercise, seed=seed)
        assert len(instance.hint) > 20, (exercise, seed)
        answer = instance.answer.removeprefix("any of ")
        assert not re.search(rf"(?<![\w(,]){re.escape(answer)}(?![\w),])", instance.hint) or len(answer) < 2 or \
            answer in instance.question, (exercise, seed, instance.hint)


def test_the_sweep_finds_no_misjudgement_in_any_form_a_student_gives_an_answer():
    """Three seeds of every generator, each candidate checked as a value and typed in each form the answer box
    reads (``python tests/practice_sweep.py`` runs 60 seeds and prints the counts)."""
    import practice_sweep

    for exercise in PRACTISED:
        instances, candidates, checks, wrong = practice_sweep.sweep(exercise, range(3))
        assert instances == 3 and checks > candidates > 0 and wrong == [], (exercise, wrong[:3])


def test_moores_nim_practice_deals_p_and_n_positions_about_as_often():
    """9.3 says P- and N-positions come about as often; it once dealt N 295 times in 300 seeds."""
    outcomes = Counter(deal("9.3", seed).answer for seed in range(300))
    assert set(outcomes) == {"'P'", "'N'"} and 100 <= outcomes["'P'"] <= 200, outcomes
