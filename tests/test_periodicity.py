"""Periodicity of subtraction games, checked against an independent brute force.

The brute force here computes a long prefix straight from the definitions (mex for normal play, "some move
to a P-position" for misère play) and scans it for the smallest period, without looking at gamelib's
windows. Its answer is sound: if g(n + p) = g(n) holds from n0 over a stretch that contains a repeated
window of max(S) values, the pattern holds for ever (the textbook's argument), and the scan tries p = 1,
2, 3, ... in order, so the first p that passes is the minimal period and n0 is the minimal preperiod.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamelib.analysis.periodicity as periodicity_module
from gamelib import PeriodNotFoundError, SubtractionGame, TakeAwayGame, nonzero_digits
from gamelib.analysis.periodicity import subtraction_periodicity

from brute import eventual_period, grundy_sequence, outcome_string


def naive_sequence(S, length, misere=False):
    """Grundy values (normal play) or a list of 'P'/'N' (misère play) of heaps 0 .. length - 1."""
    return list(outcome_string(S, length, misere=True)) if misere else grundy_sequence(S, length)


def check_against_brute_force(S, misere=False, length=3000):
    S = tuple(sorted(set(S)))
    values = naive_sequence(S, length, misere)
    truth = eventual_period(values, S[-1])
    game = SubtractionGame(S, misere=misere)
    p = game.periodicity()
    assert (p.preperiod, p.period) == truth, (S, misere)
    assert p.proven and p.kind == ("outcome" if misere else "grundy")
    assert list(p.prefix) == values[: p.preperiod]
    assert list(p.block) == values[p.preperiod : p.preperiod + p.period]
    first, second, width = p.window
    assert (first, second - first, width) == (p.preperiod, p.period, S[-1])
    return game, values


sets = st.lists(st.integers(1, 24), min_size=1, max_size=4, unique=True)


@given(sets)
@settings(max_examples=40, deadline=None)
def test_minimal_preperiod_and_period_match_the_brute_force(S):
    check_against_brute_force(S)


@given(sets)
@settings(max_examples=30, deadline=None)
def test_misere_outcome_periodicity_matches_the_brute_force(S):
    game, values = check_against_brute_force(S, misere=True)
    assert game.outcomes(len(values)) == "".join(values)


@pytest.mark.parametrize("S, preperiod, period", [
    ((4, 9, 11), 40, 5),      # the example with a long preperiod
    ((2, 5, 7), 0, 22),       # the textbook's S(2, 5, 7)
    ((2, 3), 0, 5),           # the textbook's S(2, 3): 0 0 1 1 2 repeating
    ((1, 2, 3), 0, 4),        # the textbook's S(1, 2, 3)
])
def test_games_with_known_numbers(S, preperiod, period):
    check_against_brute_force(S)
    p = SubtractionGame(S).periodicity()
    assert (p.preperiod, p.period) == (preperiod, period)


def test_the_textbook_table_for_2_5_7():
    row = [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2]  # seed text, n = 0 .. 21
    assert SubtractionGame({2, 5, 7}).grundy_values(22).tolist() == row


@pytest.mark.parametrize("S", [(4, 9, 11), (3, 5, 9), (1, 3, 4), (2, 5, 7)])
def test_misere_examples_with_the_brute_force(S):
    check_against_brute_force(S, misere=True)


def test_sets_with_a_nonzero_preperiod():
    # sets whose periodic part starts late, found by the brute force alone
    late = [S for S in [(4, 9, 11), (3, 5, 9), (5, 6, 13), (2, 9, 12)]
            if eventual_period(naive_sequence(S, 3000), S[-1])[0] > 0]
    assert (4, 9, 11) in late and len(late) >= 2
    for S in late:
        check_against_brute_force(S)


# ----------------------------------------------------------------------- windows wider than a machine word
@pytest.mark.parametrize("S", [(1, 200), (3, 7, 150), (2, 131), (5, 64, 129)])
def test_sets_with_a_large_element_use_the_hashed_window_and_are_still_exact(S):
    check_against_brute_force(S, length=5000)
    check_against_brute_force(S, misere=True, length=5000)


@given(sets, st.booleans())
@settings(max_examples=25, deadline=None)
def test_hash_collisions_never_give_a_wrong_answer(S, misere):
    # every window hashed, and into only 7 buckets: collisions everywhere, and each must be caught
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(periodicity_module, "EXACT_WINDOW_BITS", 0)
        patch.setattr(periodicity_module, "HASH_MODULUS", 7)
        check_against_brute_force(S, misere=misere)


def test_a_wide_window_does_not_eat_memory():
    # S = {1, 100000} has a window of 100,000 values; keyed exactly it would need gigabytes
    p = SubtractionGame({1, 100_000}).periodicity()
    assert (p.preperiod, p.period) == (0, 100_001)  # g(n) = n mod 2 below 100,000, then 2 at n = 100,000
    # the pigeonhole bound 100000 * 3**100000 has 47,718 digits: named by its size, never printed in full
    assert "a number with 47,718 digits" in p.explanation
    assert p.pigeonhole_bound == 100_000 * 3**100_000
    assert repr(p).startswith("Periodicity(")


# ------------------------------------------------------------------------------ answers for any heap size
@pytest.mark.parametrize("S", [(4, 9, 11), (2, 5, 7), (1, 3, 7, 8), tuple(range(1, 11))])
def test_grundy_of_large_heaps_equals_direct_computation(S):
    stop = 200_000
    values = naive_sequence(S, stop)
    game = SubtractionGame(S)
    assert game.grundy_values(stop).tolist() == values
    for n in (stop - 1, stop - 7, 123_457, 99_999):
        assert game.grundy(n) == values[n]


@pytest.mark.parametrize("S", [(4, 9, 11), (1, 3, 4)])
def test_misere_outcome_of_large_heaps_equals_direct_computation(S):
    stop = 100_000
    values = naive_sequence(S, stop, misere=True)
    game = SubtractionGame(S, misere=True)
    assert game.outcomes(stop) == "".join(values)
    assert [game.outcome(n) for n in (stop - 1, 77_777, 54_321)] == [values[n] for n in (stop - 1, 77_777, 54_321)]


@given(sets, st.integers(0, 10**30))
@settings(max_examples=40, deadline=None)
def test_grundy_of_astronomical_heaps_follows_the_eventual_period(S, n):
    S = tuple(sorted(S))
    values = naive_sequence(S, 3000)
    n0, p = eventual_period(values, S[-1])
    expected = values[n] if n < n0 else values[n0 + (n - n0) % p]
    assert SubtractionGame(S).grundy(n) == expected
    assert SubtractionGame(S).outcome(n) == ("P" if expected == 0 else "N")


def test_grundy_values_for_ten_million_heaps():
    game = SubtractionGame({4, 9, 11})
    values = game.grundy_values(10**7)
    assert values.dtype == np.uint8 and len(values) == 10**7
    prefix = naive_sequence((4, 9, 11), 100)
    assert values[:100].tolist() == prefix
    # after the preperiod 40, the tail repeats the block of 5 to the very end
    block = np.array(prefix[40:45], dtype=np.uint8)
    assert np.array_equal(values[40:].reshape(-1, 5), np.broadcast_to(block, ((10**7 - 40) // 5, 5)))


# ----------------------------------------------------------------------------- explanation and limits
def test_explanation_and_pigeonhole_bound():
    p = SubtractionGame({4, 9, 11}).periodicity()
    assert p.pigeonhole_bound == 11 * 4**11  # s_k (k + 1)^s_k with k = 3, s_k = 11
    assert p.period <= p.pigeonhole_bound
    for fact in ("n = 40", "n = 45", "period 5", f"{11 * 4**11:,}"):
        assert fact in p.explanation
    assert "preperiod 40, period 5 (proven)" in str(p)
    q = SubtractionGame({4, 9, 11}, misere=True).periodicity()
    assert q.pigeonhole_bound == 11 * 2**11 and f"{11 * 2**11:,}" in q.explanation


def test_a_search_that_hits_its_limit_says_how_far_it_got():
    with pytest.raises(PeriodNotFoundError, match="limit 30") as caught:
        subtraction_periodicity((4, 9, 11), max_search=30)
    assert caught.value.checked_up_to == 30
    # with enough room the same search succeeds: the window at n = 40 comes back at n = 45 (needs 56 values)
    assert subtraction_periodicity((4, 9, 11), max_search=56).period == 5
    with pytest.raises(PeriodNotFoundError):
        subtraction_periodicity((4, 9, 11), max_search=55)


@pytest.mark.parametrize("bad, error, shown", [
    ({0, 3}, ValueError, "0"),
    ({-2}, ValueError, "-2"),
    ({1.5}, TypeError, "1.5"),
    (set(), ValueError, "empty"),
    ("1, x", ValueError, "'1, x'"),  # text is read as the panels read it, and refused naming it
])
def test_invalid_sets_are_refused_clearly(bad, error, shown):
    with pytest.raises(error, match=shown):
        SubtractionGame(bad)


def test_grundy_refuses_negative_and_non_integer_heaps():
    game = SubtractionGame({1, 2})
    with pytest.raises(ValueError, match="-1"):
        game.grundy(-1)
    with pytest.raises(TypeError, match="2.5"):
        game.grundy(2.5)


# ------------------------------------------------------------------------- take-away games: observed only
def test_take_away_game_reports_an_observed_pattern_and_says_so():
    game = TakeAwayGame(nonzero_digits)
    outcomes = ""
    for n in range(200):  # the digit game by the definition: N exactly when some move reaches a P
        outcomes += "N" if any(outcomes[n - int(d)] == "P" for d in str(n) if d != "0") else "P"
    p = game.periodicity(200, kind="outcome")
    assert p.proven is False and p.checked_up_to == 200
    assert (p.preperiod, p.period) == (0, 10)
    assert "observed" in str(p) and "Nothing here proves" in p.explanation
    assert "".join(p.value(n) for n in range(200)) == outcomes
    with pytest.raises(ValueError, match="only observed"):
        p.value(200)


def test_digit_game_grundy_values_show_no_pattern_and_say_so():
    values = []
    for n in range(400):
        followers = {values[n - int(d)] for d in str(n) if d != "0"}
        values.append(min(set(range(11)) - followers))
    # g(53) = 1 but g(63) = 2 although the nine values before each agree: no period 10 in the values
    assert values[44:53] == values[54:63] and values[53] != values[63]
    with pytest.raises(PeriodNotFoundError, match="second half of the 400 values") as caught:
        TakeAwayGame(nonzero_digits).periodicity(400)
    assert caught.value.checked_up_to == 400


def test_a_scan_result_the_window_rule_does_not_prove_is_refused_even_under_python_O(monkeypatch):
    """The guard behind "proven" is a real check, not an assert that ``python -O`` would skip."""
    real_scan = periodicity_module.subtraction_scan

    def scan_one_value_short(S, misere, max_search=None):
        values, first, second = real_scan(S, misere, max_search)
        return values, first, second - 1  # a period one too short: no window proves it

    monkeypatch.setattr(periodicity_module, "subtraction_scan", scan_one_value_short)
    with pytest.raises(RuntimeError, match="window rule does not prove"):
        subtraction_periodicity((2, 5, 7))


def test_an_observed_pattern_breaking_the_observed_rule_is_refused(monkeypatch):
    import gamelib.analysis.observed as observed_module

    monkeypatch.setattr(observed_module, "observed_rule", lambda *_: False)
    with pytest.raises(RuntimeError, match="observed rule"):
        observed_module.observed_periodicity([0, 1] * 10, "grundy")
