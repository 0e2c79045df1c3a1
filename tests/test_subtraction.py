"""SubtractionGame and TakeAwayGame against the generic engine, an independent table, and hand computations."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import SubtractionGame, TakeAwayGame, nonzero_digits
from gamelib.analysis import engine
from gamelib.games.takeaway import powers_of_two

from brute import grundy_sequence, outcome_string


class Subtract:
    """Only moves(): what the generic engine needs, nothing of SubtractionGame's own machinery."""

    def __init__(self, S):
        self.S = tuple(S)

    def moves(self, n):
        return [n - s for s in self.S if s <= n]


class RuleGame:
    def __init__(self, rule):
        self.rule = rule

    def moves(self, n):
        return [n - a for a in self.rule(n)]


def table(S, stop, misere=False):
    """Grundy values (normal play) or a list of 'P'/'N' (misère play) of heaps 0 .. stop - 1."""
    return list(outcome_string(S, stop, misere=True)) if misere else grundy_sequence(S, stop)

def my_digits(n):
    return {int(c) for c in str(n)} - {0}


def powers_of_two_up_to(n):
    return [1 << k for k in range(n.bit_length()) if 1 << k <= n]


subtraction_sets = st.sets(st.integers(1, 10), min_size=1, max_size=4)


# ---------------------------------------------------------------- construction and moves

def test_the_set_is_sorted_without_repeats_and_named_in_the_title():
    game = SubtractionGame([7, 2, 5, 2])
    assert game.S == (2, 5, 7)
    assert game.title == "S = {2, 5, 7}"
    assert game.misere is False
    assert SubtractionGame({1, 3, 4}, misere=True).misere is True


def test_moves_go_to_the_smaller_heaps_smallest_first():
    game = SubtractionGame({1, 2, 3})
    assert game.moves(5) == [2, 3, 4]
    assert game.moves(2) == [0, 1]
    assert game.moves(0) == []
    assert SubtractionGame({10, 11, 12}).moves(9) == []


def test_numpy_integers_are_accepted():
    game = SubtractionGame(np.array([1, 2, 3]))
    assert game.grundy(np.int64(6)) == 2
    assert game.grundy_values(np.int32(5)).tolist() == [0, 1, 2, 3, 0]


def test_empty_tables():
    game = SubtractionGame({1, 2})
    assert game.grundy_values(0).tolist() == []
    assert game.outcomes(0) == ""
    assert game.p_positions(0) == []


def test_grundy_values_are_uint8():
    values = SubtractionGame({2, 5, 7}).grundy_values(30)
    assert isinstance(values, np.ndarray) and values.dtype == np.uint8 and values.shape == (30,)


# ---------------------------------------------------------------- brute force on many random sets

def test_many_random_sets_agree_with_the_generic_engine():
    rng = random.Random(20240607)
    for _ in range(60):
        S = sorted(rng.sample(range(1, 13), rng.randint(1, 4)))
        normal, misere = SubtractionGame(S), SubtractionGame(S, misere=True)
        stop = 45
        expected_g = [engine.grundy(Subtract(S), n) for n in range(stop)]
        expected_normal = "".join(engine.outcome(Subtract(S), n) for n in range(stop))
        expected_misere = "".join(engine.outcome(Subtract(S), n, misere=True) for n in range(stop))
        assert normal.grundy_values(stop).tolist() == expected_g, S
        assert [normal.grundy(n) for n in range(stop)] == expected_g, S
        assert normal.outcomes(stop) == expected_normal, S
        assert misere.outcomes(stop) == expected_misere, S
        assert "".join(misere.outcome(n) for n in range(stop)) == expected_misere, S
        assert normal.p_positions(stop) == [n for n in range(stop) if expected_normal[n] == "P"], S
        assert misere.p_positions(stop) == [n for n in range(stop) if expected_misere[n] == "P"], S


@given(subtraction_sets, st.integers(0, 80), st.booleans())
@settings(max_examples=80, deadline=None)
def test_winning_moves_are_exactly_the_P_followers(S, n, misere):
    game = SubtractionGame(S, misere=misere)
    brute = Subtract(sorted(S))
    expected = [m for m in brute.moves(n) if engine.outcome(brute, m, misere=misere) == "P"]
    assert sorted(game.winning_moves(n)) == sorted(expected)
    assert sorted(game.moves(n)) == sorted(brute.moves(n))


@given(subtraction_sets, st.integers(0, 150))
@settings(max_examples=80, deadline=None)
def test_outcome_from_grundy_zero_equals_the_win_lose_definition(S, n):
    game = SubtractionGame(S)
    assert ("P" if game.grundy(n) == 0 else "N") == engine.outcome(Subtract(sorted(S)), n)


@given(subtraction_sets, st.integers(0, 150))
@settings(max_examples=60, deadline=None)
def test_misere_outcome_equals_the_definition(S, n):
    assert SubtractionGame(S, misere=True).outcome(n) == engine.outcome(Subtract(sorted(S)), n, misere=True)


# ---------------------------------------------------------------- periodicity, checked independently

def assert_periodicity_is_right_and_minimal(S, misere):
    game = SubtractionGame(S, misere=misere)
    p = game.periodicity()
    n0, per, sk = p.preperiod, p.period, max(S)
    length = n0 + 2 * per + 2 * sk + 10
    v = table(sorted(S), length, misere)
    # the period holds on a stretch long enough to contain a repeated window of sk values, so it holds for ever
    assert all(v[n + per] == v[n] for n in range(n0, length - per)), (S, misere)
    # nothing earlier and nothing shorter works
    if n0 > 0:
        assert v[n0 - 1 + per] != v[n0 - 1], (S, misere)
    for q in range(1, per):
        assert any(v[n + q] != v[n] for n in range(n0, length - q)), (S, misere, q)
    assert p.proven is True
    assert p.kind == ("outcome" if misere else "grundy")
    assert list(p.prefix) == v[:n0] and list(p.block) == v[n0:n0 + per]
    assert [p.value(n) for n in range(length)] == v
    assert p.window[2] == sk


@given(subtraction_sets, st.booleans())
@settings(max_examples=60, deadline=None)
def test_periodicity_is_proven_and_minimal(S, misere):
    assert_periodicity_is_right_and_minimal(S, misere)


@pytest.mark.parametrize("S", [(1, 2, 3), (2, 3), (2, 5, 7), (1, 3, 4), (4, 9, 11), (10, 11, 12), (1, 3, 7, 8)])
@pytest.mark.parametrize("misere", [False, True])
def test_periodicity_of_the_lesson_games(S, misere):
    assert_periodicity_is_right_and_minimal(S, misere)


# windows of max(S) values wider than a few machine words are found by a different route (a rolling hash);
# these sets cross that boundary (S = {1, 128}: 256 bits; S = {1, 129}: 258 bits) and go well beyond it
@pytest.mark.parametrize("S", [(1, 128), (1, 129), (3, 150, 200), (2, 5, 300), (7, 61, 190, 233)])
@pytest.mark.parametrize("misere", [False, True])
def test_periodicity_with_wide_windows(S, misere):
    assert_periodicity_is_right_and_minimal(S, misere)


@given(st.sets(st.integers(1, 400), min_size=1, max_size=3), st.booleans())
@settings(max_examples=25, deadline=None)
def test_periodicity_is_proven_and_minimal_for_large_elements(S, misere):
    assert_periodicity_is_right_and_minimal(S, misere)


def test_known_periods_worked_by_hand():
    assert (SubtractionGame({1, 2, 3}).periodicity().preperiod, SubtractionGame({1, 2, 3}).periodicity().period) \
        == (0, 4)
    p = SubtractionGame({2, 3}).periodicity()
    assert (p.preperiod, p.period, p.block) == (0, 5, (0, 0, 1, 1, 2))
    p = SubtractionGame({1, 2}, misere=True).periodicity()
    assert (p.preperiod, p.period, "".join(p.block)) == (0, 3, "NPN")


def test_pigeonhole_bound_is_the_textbook_one():
    assert SubtractionGame({2, 5, 7}).periodicity().pigeonhole_bound == 7 * 4**7
    assert SubtractionGame({1, 2, 3}).periodicity().pigeonhole_bound == 3 * 4**3


def test_huge_heaps_use_the_period():
    seed_row = [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]  # S(2,5,7), period 22 from 0
    game = SubtractionGame({2, 5, 7})
    for n in (10**18, 10**18 + 7, 3**50, 2**64 - 1):
        assert game.grundy(n) == seed_row[n % 22]
        assert game.outcome(n) == ("P" if seed_row[n % 22] == 0 else "N")
    assert SubtractionGame({1, 2, 3}).grundy(10**18 + 2) == 2
    assert SubtractionGame({1, 2, 3}, misere=True).outcome(4 * 10**20 + 1) == "P"


def test_misere_games_have_no_grundy_values():
    game = SubtractionGame({1, 2, 3}, misere=True)
    with pytest.raises(ValueError, match="(?i)mis"):
        game.grundy(3)
    with pytest.raises(ValueError, match="(?i)mis"):
        game.grundy_values(3)
    assert game.outcomes(9) == "NPNNNPNNN"


# The pigeonhole bound of the explanation, s_k (k+1)^(s_k), has more than 4300 digits for these sets; Python
# refuses to turn such an int into text, and the games cannot be used at all although S is within the limits.
@pytest.mark.parametrize("S, n, expected", [
    ({1, 9100}, 5, 1),                 # below 9100 only the move 1 exists: values alternate 0, 1
    ({1, 9100}, 9100, 2),              # mex{g(9099), g(0)} = mex{1, 0}
    (range(1, 1401), 1400, 1400),      # every smaller heap is a follower
    (range(1, 1401), 1401, 0),
])
def test_sets_with_large_elements_still_work(S, n, expected):
    assert SubtractionGame(S).grundy(n) == expected


def test_misere_set_with_a_large_element_still_works():
    assert SubtractionGame({1, 15000}, misere=True).outcome(2) == "N"


# ---------------------------------------------------------------- TakeAwayGame

def test_digit_game_P_exactly_at_multiples_of_ten():
    game = TakeAwayGame(nonzero_digits)
    assert game.p_positions(1001) == list(range(0, 1001, 10))
    assert game.moves(21) == [19, 20]
    assert game.winning_moves(23) == [20]
    assert game.winning_moves(30) == []


def test_digit_game_agrees_with_the_engine_in_both_plays():
    brute = RuleGame(my_digits)
    normal, misere = TakeAwayGame(nonzero_digits), TakeAwayGame(nonzero_digits, misere=True)
    assert normal.grundy_values(120).tolist() == [engine.grundy(brute, n) for n in range(120)]
    assert misere.outcomes(120) == "".join(engine.outcome(brute, n, misere=True) for n in range(120))


def test_nonzero_digits():
    assert nonzero_digits(0) == set()
    assert nonzero_digits(2024) == {2, 4}
    assert nonzero_digits(1000000) == {1}
    assert all(nonzero_digits(n) == my_digits(n) for n in range(2000))


def test_subtract_a_power_of_two_is_P_exactly_at_multiples_of_three():
    # 2^k is never a multiple of 3, and from n = 3m + r (r = 1, 2) the move r (a power of 2) reaches 3m
    game = TakeAwayGame(powers_of_two_up_to, name="powers of 2")
    assert game.p_positions(300) == list(range(0, 300, 3))
    assert game.title == "powers of 2"
    assert game.grundy_values(60).tolist() == [engine.grundy(RuleGame(powers_of_two_up_to), n) for n in range(60)]


def test_take_away_game_answers_in_any_order_of_questions():
    game = TakeAwayGame(my_digits)
    assert game.outcome(57) == "N"
    assert game.p_positions(31) == [0, 10, 20, 30]
    assert game.grundy(40) == 0


def test_take_away_periodicity_is_only_observed():
    p = TakeAwayGame(nonzero_digits, misere=False).periodicity(300, kind="outcome")
    assert p.proven is False and p.checked_up_to == 300 and p.period == 10
    with pytest.raises(ValueError, match="300"):
        p.value(300)
    misere = TakeAwayGame(nonzero_digits, misere=True)
    q = misere.periodicity(300)
    assert q.kind == "outcome" and q.proven is False
    assert all(q.value(n) == misere.outcome(n) for n in range(300))


def test_take_away_misere_has_no_grundy_values():
    with pytest.raises(ValueError, match="(?i)mis"):
        TakeAwayGame(my_digits, misere=True).grundy(5)


@pytest.mark.parametrize("rule, error, shown", [
    (lambda n: [n + 1] if n else [], ValueError, "2"),      # takes more than the heap (heap 1, amount 2)
    (lambda n: [0] if n else [], ValueError, "0"),
    (lambda n: "12" if n else [], TypeError, "'12'"),
    (lambda n: [1.5] if n else [], TypeError, "1.5"),
    (lambda n: 3 if n else [], TypeError, "3"),
])
def test_take_away_rule_results_are_checked(rule, error, shown):
    with pytest.raises(error) as info:
        TakeAwayGame(rule).outcome(5)
    assert shown in str(info.value)


def test_take_away_rule_must_be_callable():
    with pytest.raises(TypeError, match="42"):
        TakeAwayGame(42)


def test_powers_of_two():
    assert powers_of_two(0) == []
    assert powers_of_two(1) == [1]
    assert powers_of_two(7) == [1, 2, 4]
    assert powers_of_two(8) == [1, 2, 4, 8]
    assert powers_of_two(2024)[-1] == 1024
    for n in range(300):
        assert powers_of_two(n) == [p for p in (2**i for i in range(12)) if p <= n]
    assert TakeAwayGame(powers_of_two).p_positions(60) == list(range(0, 60, 3))  # Chang's notes; proof in lesson 3


@pytest.mark.parametrize("bad, error", [(-1, ValueError), (2.0, TypeError), ("8", TypeError), (True, TypeError)])
def test_powers_of_two_refuses_bad_input(bad, error):
    with pytest.raises(error, match="n must"):
        powers_of_two(bad)
