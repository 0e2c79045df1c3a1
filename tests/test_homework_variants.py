"""Every student's own numbers (gamelib.homework): drawn from the id and the course code, from pools whose
rules the tests check by brute force; every variant's right answers checked against the definitions; the
handout's check says what it verified and never that an answer is right; the uniqueness figures the package
states are those the pools give (tests/homework_figures.py).
"""

import hashlib
import hmac
import math
import random
import re
from functools import cache, reduce
from itertools import combinations
from math import gcd
from operator import xor

import numpy as np
import pytest
from homework_figures import figures, whole_set

import gamelib.homework as homework_package
from gamelib.homework import DEMO_COURSE_CODE, HOMEWORK, NoNumbers, NumbersNotKnown, my_numbers, numbers
from gamelib.homework.core import MARKED_LATER, UNDEFINED
from gamelib.homework.draw import Draw, normalise_course_code, normalise_student_id, unrank
from gamelib.homework.marking import accepts, answer_key, mark, one_right_answer
from gamelib.homework.pools import MISERE, OWN, POOLS, PREPERIOD, PURE_PERIOD, SMALL, SUM_PART, WORKED_EXAMPLE_SETS

from brute import eventual_period, grundy_sequence, mex, outcome_string

IDS = [f"s{n:07d}" for n in range(0, 3000, 37)]  # 82 ids
CODE = "maple-7q"


# ---------------------------------------------------------------------------------------------------------
# Where the numbers come from.

def test_the_stream_is_hmac_sha256_keyed_by_the_course_code():
    expected = hmac.new(b"maple-7q", b"hw1/q2/s1234567/0", hashlib.sha256).digest()[:8]
    assert Draw(" Maple-7Q ", "hw1", "q2", "S1234567").next() == int.from_bytes(expected, "big")


def test_the_course_code_changes_every_students_numbers():
    """The public repository and an id give nothing without the code: another code, other numbers."""
    differ = [numbers(h, student, CODE).of(q.name) != numbers(h, student, "birch-42x").of(q.name)
              for h in HOMEWORK for student in IDS[:30] for q in HOMEWORK[h].questions]
    assert sum(differ) / len(differ) > 0.97
    for h in HOMEWORK:
        assert all(numbers(h, s, CODE).plain != numbers(h, s, "birch-42x").plain for s in IDS[:30])


def test_numbers_depend_on_the_normalised_id_and_code_only():
    assert numbers("hw2", " S1234567\t", "MAPLE-7Q ").plain == numbers("hw2", "s1234567", "maple-7q").plain
    assert numbers("hw2", 1234567, CODE).plain == numbers("hw2", "1234567", CODE).plain
    assert numbers("hw2", "s1234567", CODE).plain != numbers("hw2", "s1234568", CODE).plain
    assert normalise_student_id("  ABC ") == "abc" and normalise_course_code(" Maple ") == "maple"


@pytest.mark.parametrize("bad, error, words", [
    (None, TypeError, "in quotes"), (..., TypeError, "nothing typed yet"), (True, TypeError, "True"),
    (3.5, TypeError, "3.5"), ("", ValueError, "empty"), ("   ", ValueError, "empty"), ("x" * 101, ValueError, "100"),
])
def test_an_id_that_is_not_one_is_refused_with_the_reason(bad, error, words):
    with pytest.raises(error, match=re.escape(words)):
        normalise_student_id(bad)


@pytest.mark.parametrize("student, code", [
    (..., ...), (..., CODE), ("s1", ...), (None, None), (3.5, CODE), ("s1", 7), ("", CODE), ("s1", " "),
    (object(), CODE), ("s1", "x" * 1000), (["s1"], CODE),
])
def test_my_numbers_never_raises_and_says_what_to_type(student, code):
    mine = my_numbers("hw1", student, code)
    assert isinstance(mine, NoNumbers)
    said = repr(mine)
    assert said.startswith("Homework 1: ") and ("type your" in said or "Correct it" in said)
    with pytest.raises(NumbersNotKnown, match="your numbers are not known yet"):
        mine.q1.S  # noqa: B018 - the attribute access is what is tested


def test_the_numbers_are_shown_with_how_to_use_them():
    shown = repr(my_numbers("hw1", "s1234567", CODE))
    assert shown.startswith("Homework 1: the numbers of student 's1234567' in course 'maple-7q'")
    assert "mine.q1.S = (" in shown and "mine.q2.n = " in shown and "public example" not in shown
    assert "public example" in repr(my_numbers("hw1", "s1234567", DEMO_COURSE_CODE))
    mine = my_numbers("hw1", "s1234567", CODE)
    with pytest.raises(AttributeError, match="cannot be changed"):
        mine.q1.S = (1, 2, 4)


def test_unranking_lists_the_candidates_in_order():
    for top, sizes in ((12, (3, 4)), (7, (2, 3)), (20, (3, 4, 5))):
        every = [S for k in sizes for S in combinations(range(1, top + 1), k)]
        assert [unrank(i, top, sizes) for i in range(len(every))] == every
    with pytest.raises(ValueError, match="from 0 to 21488, got 21489"):
        unrank(21489, 20, (3, 4, 5))


# ---------------------------------------------------------------------------------------------------------
# The pools: their rules by brute force, their sizes as stated, and draws spread over them.

def _pure_period(outcomes: str) -> int | None:
    return next((p for p in range(1, len(outcomes) // 3) if outcomes[p:] == outcomes[:-p]), None)


def _brute_rule(pool, S) -> bool:
    if gcd(*S) != 1 or S in WORKED_EXAMPLE_SETS:
        return False
    if pool is SMALL:
        return len(set(grundy_sequence(S, 16))) >= 3
    if pool is PURE_PERIOD:
        p = _pure_period(outcome_string(S, 1500))
        return p is not None and 3 <= p <= 20
    if pool is MISERE:
        p = _pure_period(outcome_string(S, 1500, misere=True))
        return p is not None and 3 <= p <= 20
    if pool is SUM_PART:
        return True
    preperiod, period = eventual_period(grundy_sequence(S, 1500), max(S))
    if pool is PREPERIOD:
        return preperiod >= 4 and period >= 2 and preperiod + 2 * period <= 150
    return period >= 3 and preperiod + 2 * period <= 80


@pytest.mark.slow
@pytest.mark.parametrize("pool", [SMALL, PURE_PERIOD, PREPERIOD, SUM_PART, MISERE], ids=lambda p: p.name)
def test_each_small_pool_holds_exactly_the_sets_its_rule_describes(pool):
    every = [S for k in pool.sizes for S in combinations(range(1, pool.top + 1), k)]
    assert list(pool.sets()) == [S for S in every if _brute_rule(pool, S)]


@pytest.mark.slow
def test_the_pool_of_own_sets_holds_what_its_rule_describes():
    every = [S for k in (3, 4, 5) for S in combinations(range(1, 21), k)]
    pool = set(OWN.sets())
    for S in random.Random(13).sample(every, 300) + sorted(WORKED_EXAMPLE_SETS - {(1, 2), (2, 3)}):
        assert (S in pool) == _brute_rule(OWN, S) == (S in OWN), S
    assert (1, 2, 4) in pool and (3, 7, 8) in pool and (2, 4, 6) not in pool


def test_the_pool_sizes_are_those_the_pools_module_states():
    table = homework_package.pools.__doc__
    for pool in POOLS:
        row = next(line for line in table.splitlines() if line.startswith(f"``{pool.name}``"))
        assert row.rstrip().endswith(f"{len(pool.sets()):,}"), (pool.name, len(pool.sets()), row)


def test_draws_spread_evenly_over_a_pool():
    """3,000 draws from N = 633 sets hit about N(1 - exp(-3000/N)) = 627 of them; a skewed draw hits fewer."""
    drawn = [SMALL.draw(Draw(CODE, "hw1", "q1", f"s{n}")) for n in range(3000)]
    assert all(S in SMALL for S in drawn)
    assert 612 <= len(set(drawn)) <= 633
    assert SMALL.draw(Draw(CODE, "hw1", "q1", "s7")) == numbers("hw1", "s7", CODE).q1.S


def test_pool_membership_refuses_what_is_not_a_set_of_the_pool():
    assert (1, 2, 4) in SMALL and (2, 5, 6) not in SMALL  # a worked example
    for bad in [(4, 2, 1), [1, 2, 4], (1, 2, 4.0), (0, 1, 2), (1, 2, 13), (1, 2), "abc", (True, 2, 4)]:
        assert bad not in SMALL, bad


# ---------------------------------------------------------------------------------------------------------
# Every variant's right answers, from the definitions alone (tests/brute.py), and none of them trivial.

def _g(S, n):
    """g(n) of S for any n: the brute sequence extended by its period."""
    values = _sequence(tuple(S))
    preperiod, period = eventual_period(values, max(S))
    return values[n] if n < len(values) else values[preperiod + (n - preperiod) % period]


@cache
def _sequence(S):
    return grundy_sequence(S, 1500)


@cache
def _misere_nim(position: tuple) -> str:
    after = [tuple(sorted(position[:i] + (t,) + position[i + 1:])) for i, h in enumerate(position) for t in range(h)]
    if not after:
        return "N"  # no move: the player to move has won
    return "N" if any(_misere_nim(a) == "P" for a in after) else "P"


def _brute_keys(name: str, q: str, n: dict) -> dict:
    """The right answers of one question from the definitions, as sets of canonical forms."""
    S = tuple(n.get("S", ()))
    if (name, q) == ("hw1", "q1"):
        return {"q1_grundy": {tuple(grundy_sequence(S, 16))}}
    if (name, q) == ("hw1", "q2"):
        moves = sorted(n["n"] - s for s in S if s <= n["n"])
        values = [_g(S, m) for m in moves]
        assert len(moves) == len(S)  # every move is possible: no variant is easier
        return {"q2_moves": {tuple(moves)}, "q2_followers": {tuple(sorted(values))}, "q2_g": {mex(values)}}
    if (name, q) == ("hw1", "q3"):
        outcomes = outcome_string(S, 1500)
        assert _pure_period(outcomes) == n["period"] >= 3
        remainders = frozenset(r for r in range(n["period"]) if outcomes[r] == "P")
        return {"q3_remainders": {remainders}, "q3_heap": {"P" if n["heap"] % n["period"] in remainders else "N"}}
    if (name, q) == ("hw1", "q4"):
        outcomes = outcome_string(S, n["n"] + 1)
        winning = {n["n"] - s for s in S if s <= n["n"] and outcomes[n["n"] - s] == "P"}
        assert winning  # an N-position: there is a move to find
        return {"q4_leave": winning}
    if name in ("hw1", "hw3") and q == "q5":
        outcomes = outcome_string(S, n["start"] + 30, misere=(name == "hw3"))
        window = tuple(h for h in range(n["start"], n["start"] + 30) if outcomes[h] == "P")
        if name == "hw1":
            return {"q5_p_positions": {window}, "q5_g": {_g(S, n["heap"])}}
        return {"q5_misere_p": {window}, "q5_sum_grundy": {_g(S, n["heap"]) ^ (n["small_heap"] % 3)}}
    if name == "hw2" and q in ("q1", "q5"):
        preperiod, period = eventual_period(_sequence(S), max(S))
        if q == "q1":
            assert preperiod >= 4 and period >= 2
            return {"q1_preperiod": {preperiod}, "q1_period": {period}}
        return {"q5_preperiod": {preperiod}, "q5_period": {period}, "q5_g": {_g(S, n["heap"])}}
    if (name, q) == ("hw2", "q2"):
        preperiod, period = eventual_period(_sequence(S), max(S))
        p_at = [v == 0 for v in _sequence(S)]
        remainders = frozenset(h % period for h in range(preperiod, preperiod + period) if p_at[h])
        huge = "P" if _g(S, n["heap"]) == 0 else "N"
        return {"q2_small_p": {tuple(h for h in range(preperiod) if p_at[h])}, "q2_remainders": {remainders},
                "q2_huge": {huge}}
    if (name, q) == ("hw2", "q3"):
        total = reduce(xor, n["heaps"])
        assert len(set(n["heaps"])) == 4
        return {"q3_nim_sum": {total}, "q3_outcome": {"P" if total == 0 else "N"}}
    if (name, q) == ("hw2", "q4"):
        heaps = n["heaps"]
        winning = {heaps[:i] + (t,) + heaps[i + 1:] for i, h in enumerate(heaps) for t in range(h)
                   if reduce(xor, heaps[:i] + (t,) + heaps[i + 1:]) == 0}
        assert winning
        return {"q4_after": winning}
    if (name, q) == ("hw3", "q1"):
        parts = tuple(_g(tuple(s), h) for s, h in zip(n["sets"], n["heaps"], strict=True))
        total = reduce(xor, parts)
        assert len({tuple(s) for s in n["sets"]}) == 3
        return {"q1_parts": {parts}, "q1_total": {total}, "q1_outcome": {"P" if total == 0 else "N"}}
    if (name, q) == ("hw3", "q2"):
        heaps, sets = n["heaps"], [tuple(s) for s in n["sets"]]
        winning = set()
        for i, (s, h) in enumerate(zip(sets, heaps, strict=True)):
            for take in s:
                if take <= h:
                    after = heaps[:i] + (h - take,) + heaps[i + 1:]
                    if reduce(xor, (_g(sets[j], after[j]) for j in range(3))) == 0:
                        winning.add(after)
        assert winning
        return {"q2_after": winning}
    if (name, q) == ("hw3", "q3"):
        outcomes = outcome_string(S, 1500, misere=True)
        assert _pure_period(outcomes) == n["period"] >= 3
        return {"q3_remainders": {frozenset(r for r in range(n["period"]) if outcomes[r] == "P")},
                "q3_p_positions": {tuple(h for h in range(n["below"]) if outcomes[h] == "P")}}
    if (name, q) == ("hw3", "q4"):
        heaps = n["heaps"]
        assert sum(h >= 2 for h in heaps) == 1 and 1 <= heaps.count(1) <= 5
        winning = {heaps[:i] + (t,) + heaps[i + 1:] for i, h in enumerate(heaps) for t in range(h)
                   if _misere_nim(tuple(sorted(heaps[:i] + (t,) + heaps[i + 1:]))) == "P"}
        return {"q4_after": winning, "q4_ones": {"P" if n["ones"] % 2 else "N"}}
    raise AssertionError((name, q))


@pytest.mark.parametrize("name", list(HOMEWORK))
def test_every_variants_right_answers_are_those_of_the_definitions(name):
    for student in IDS[:40]:
        mine = numbers(name, student, CODE)
        for question in HOMEWORK[name].questions:
            key = {k: set(v) for k, v in answer_key(mine, question.name).items()}
            assert key == _brute_keys(name, question.name, mine.of(question.name)), (student, question.name)


# ---------------------------------------------------------------------------------------------------------
# The check the handout runs, and marking.

def _right(mine, question) -> dict:
    return one_right_answer(mine, question)


def _wrong_but_well_formed(value):
    """A value of the same form as ``value`` that is not it."""
    if isinstance(value, str):
        return "N" if value == "P" else "P"
    if isinstance(value, int):
        return value + 1
    if isinstance(value, set):
        return value ^ {max(value, default=0) + 1}
    return type(value)(list(value[:-1]) + [value[-1] + 1]) if value else type(value)([1])


@pytest.mark.parametrize("name", list(HOMEWORK))
def test_a_check_never_tells_a_right_answer_from_a_wrong_one_it_cannot_name(name):
    """For each question, a right answer and wrong well-formed answers get the same words from the check,
    unless the check names a slip in the wrong one; no check ever says "pass", "right" or "correct"."""
    for student in IDS[:15]:
        mine = numbers(name, student, CODE)
        for question in HOMEWORK[name].questions:
            right = _right(mine, question.name)
            said_right = repr(mine.check(question.name, **right))
            assert said_right == f"{question.name}: " + "; ".join(
                f"`{a.name}` is {a.form.what}" for a in question.answers) + f": {MARKED_LATER}."
            for name_wrong in right:
                wrong = {**right, name_wrong: _wrong_but_well_formed(right[name_wrong])}
                if accepts(mine, question.name, wrong):
                    continue  # another right answer (a second winning move)
                said = repr(mine.check(question.name, **wrong))
                assert said == said_right or MARKED_LATER not in said, said
                for text in (said, said_right):
                    assert not re.search(r"\bpass|\bright\b|\bcorrect\b", text, re.IGNORECASE), text


@pytest.mark.parametrize("name, question, wrong, words", [
    ("hw1", "q1", {"q1_grundy": [1] * 16}, "g(0) is always 0"),
    ("hw1", "q2", {"q2_g": 99}, "must be the mex of `q2_followers`"),
    ("hw1", "q3", {"q3_remainders": {1, 2}}, "the remainder 0 belongs"),
    ("hw1", "q4", {"q4_leave": 0}, "is not one move from your heap of"),
    ("hw1", "q5", {"q5_g": 9}, "never larger than the number of moves"),
    ("hw2", "q2", {"q2_small_p": [1, 2]}, "0 belongs in `q2_small_p`"),
    ("hw2", "q3", {"q3_nim_sum": 200}, "at most 127"),
    ("hw2", "q4", {"q4_after": (0, 0, 0, 0)}, "not one Nim move"),
    ("hw3", "q1", {"q1_total": 99}, "nim-sum (XOR, `^`)"),
    ("hw3", "q2", {"q2_after": (0, 0, 0)}, "not one move from your heaps"),
    ("hw3", "q3", {"q3_remainders": {0}}, "the remainder 0 is not in the set"),
    ("hw3", "q4", {"q4_after": (9,)}, "not one Nim move"),
])
def test_a_check_names_a_slip_it_can_see_without_giving_the_answer_away(name, question, wrong, words):
    mine = numbers(name, "s1234567", CODE)
    said = repr(mine.check(question, **{**_right(mine, question), **wrong}))
    assert words in said and MARKED_LATER not in said
    for answer, options in answer_key(mine, question).items():
        if len(options) == 1 and answer in wrong and isinstance(next(iter(options)), int):
            assert not re.search(rf"\b{next(iter(options))}\b", said.split(":", 1)[1]) or words in said


def test_a_check_reads_the_notebooks_variables_and_says_what_is_missing_or_malformed():
    mine = numbers("hw1", "s1234567", CODE)
    q1_grundy = np.array(_right(mine, "q1")["q1_grundy"])  # noqa: F841 - read by the check from this frame
    assert MARKED_LATER in repr(mine.check("q1"))  # a numpy array scores like the list it holds
    said = repr(mine.check("q2"))
    assert said.count("is not defined: run its answer cell") == 3
    q4_leave = "27"  # noqa: F841
    assert "`q4_leave` must be a whole number (a heap size); it is the text '27'." in repr(mine.check("q4"))


def test_a_check_given_an_answer_name_it_does_not_know_says_so_in_one_line_and_lists_the_names():
    mine = numbers("hw1", "s1234567", CODE)
    right = _right(mine, "q2")
    said = mine.check("q2", **right, q2_values=[1])  # a mistyped name, beside well-formed answers
    assert said.lines[0] == ("q2 has no answer named `q2_values` (not checked): its answers are `q2_moves`, "
                             "`q2_followers`, `q2_g`.")
    assert not said.well_formed and sum("q2_values" in line for line in said.lines) == 1
    assert mine.check("q2", **right).well_formed  # the same answers without the stray name are well formed
    waiting = my_numbers("hw1", "s1234567", ...)
    assert waiting.check("q4", q4_leav=20).lines[0] == ("q4 has no answer named `q4_leav` (not checked): its "
                                                        "answer is `q4_leave`.")


class _Liar(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


@pytest.mark.parametrize("value", [_Liar(3), [_Liar(1)] * 16, type("L", (list,), {})([0] * 16), object(), None, 2.0])
def test_objects_a_student_built_are_never_taken_for_answers(value):
    mine = numbers("hw1", "s1234567", CODE)
    assert "must be" in repr(mine.check("q1", q1_grundy=value))
    assert mark(mine, "q1", {"q1_grundy": value}).score == 0


def test_marking_accepts_every_right_answer_and_gives_points_per_part():
    for student in IDS[:40]:
        mine = numbers("hw2", student, CODE)
        for after in answer_key(mine, "q4")["q4_after"]:  # any winning move
            assert mark(mine, "q4", {"q4_after": list(after)}).score == 2
    mine = numbers("hw1", "s1234567", CODE)
    right = _right(mine, "q2")
    assert mark(mine, "q2", right).score == 2
    assert mark(mine, "q2", {**right, "q2_g": right["q2_g"] + 1}).score == 1  # the moves are right
    assert mark(mine, "q2", {**right, "q2_moves": [0]}).score == 0
    assert mark(mine, "q2", {"q2_moves": right["q2_moves"]}).score == 1  # the others not defined
    assert mark(mine, "q3", {**_right(mine, "q3"), "q3_heap": " p "}).right == (_right(mine, "q3")["q3_heap"] == "P")


def test_feedback_says_which_answer_is_wrong_and_never_a_right_value():
    for student in IDS[:20]:
        mine = numbers("hw1", student, CODE)
        right = _right(mine, "q5")
        wrong = {"q5_p_positions": [], "q5_g": (right["q5_g"] + 1) % (len(mine.q5.S) + 1)}
        marked = mark(mine, "q5", wrong)
        assert marked.score == 0 and marked.feedback == ["`q5_p_positions`: not right for your numbers.",
                                                         "`q5_g`: not right for your numbers."]
        assert any(f"right: {right['q5_g']}" in d for d in marked.details)  # the teacher sees one


def test_marking_undefined_answers_says_so():
    mine = numbers("hw3", "s1234567", CODE)
    marked = mark(mine, "q1", {"q1_parts": UNDEFINED})
    assert marked.score == 0 and "q1: `q1_parts` is not defined" in marked.feedback[0]


# ---------------------------------------------------------------------------------------------------------
# How unique the answers are: the figures the package states, from the pools.

def _stated(name: str) -> dict[str, str]:
    """The figures gamelib.homework's docstring states for one set: ``{question or "class": text}``."""
    row = next(line for line in homework_package.__doc__.splitlines() if line.startswith(f"``{name}``"))
    cells = row.split()[1:]
    return dict(zip(["q1", "q2", "q3", "q4", "q5", "pair", "class"], cells, strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("name", list(HOMEWORK))
def test_the_stated_uniqueness_figures_are_those_the_pools_give(name):
    stated = _stated(name)
    for question, (value, how) in figures()[name].items():
        text = "-" if how == "not counted" else ("≤" if how == "bound" else "") + f"{value:.2g}"
        assert stated[question] == text, (question, stated[question], text)
    pair, klass = whole_set(name)
    assert stated["pair"] == f"≤{pair:.2g}" and stated["class"] == f"≤{klass:.2g}"
    assert klass < 1e-6  # far from the 91 % to 100 % the old question 5 alone gave
    assert math.comb(40, 2) * max(v for v, how in figures()[name].values() if how == "exact") < 100


def test_the_check_takes_what_the_grader_takes_and_says_why_it_does_not():
    """QA, issue 19: ``list(SubtractionGame(mine.q1.S).grundy_values(16))`` (a list of numpy integers) made the
    check say "must be a list of 16 whole numbers...; it is a list of 16 items" with no reason, and the grader
    then gave it 2 of 2 (the sandbox reports numpy numbers as Python's). The check reads values as the sandbox
    reports them, and a list it refuses says which item is wrong."""
    from gamelib import SubtractionGame

    mine = numbers("hw1", "s1234567", CODE)
    as_numpy = list(SubtractionGame(mine.q1.S).grundy_values(16))
    assert type(as_numpy[0]) is not int
    assert MARKED_LATER in repr(mine.check("q1", q1_grundy=as_numpy))
    assert mark(mine, "q1", {"q1_grundy": as_numpy}).score == 2
    said = repr(mine.check("q2", q2_moves=tuple(np.array(mine.q2.S)), q2_followers=[np.int64(0)] * len(mine.q2.S),
                           q2_g=np.int32(1)))
    assert "must be" not in said, said  # well formed (the moves are not the right ones: that is marking's business)
    said = repr(mine.check("q1", q1_grundy=[0, 1, 2.0, *range(13)]))
    assert "it is a list of 16 items: item 2 is the number 2.0 (not a whole number)" in said, said
    said = repr(mine.check("q1", q1_grundy=[0, 1]))
    assert "it is a list of 2 items" in said and "item" not in said.split("it is a list of 2 items")[1], said
