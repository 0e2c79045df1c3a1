"""Wythoff's P-positions: the mex construction, the Beatty pairs and the game searched by brute force agree."""

from fractions import Fraction
from functools import cache
from math import isqrt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib import LimitError, Wythoff, floor_phi, wythoff_pairs, wythoff_pairs_by_mex

#: φ to 100 decimals, as a fraction: for k up to 10**6 the error k·10**-100 is far below any gap that matters.
PHI_100_DIGITS = Fraction("1.61803398874989484820458683436563811772030917980576"
                          "28621354486227052604628189024497072072041893911374")


@pytest.mark.slow
def test_beatty_sequences_of_phi_and_phi_squared_are_complementary_up_to_a_large_bound():
    bound = 2_000_000
    lower = [floor_phi(k) for k in range(1, bound)]
    upper = [a + k for k, a in enumerate(lower, start=1)]  # floor(k·φ²) = floor(k·φ) + k, as φ² = φ + 1
    seen = bytearray(bound + 1)
    for value in lower + upper:
        if value <= bound:
            assert not seen[value], value  # no number twice
            seen[value] = 1
    assert all(seen[1:])  # no number missing


@given(st.integers(0, 10**40))
def test_floor_phi_is_floor_of_k_phi(k):
    # phi = (1 + sqrt 5) / 2 is irrational, so a = floor(k·phi) is the one whole number with
    # a < k·phi < a + 1, i.e. 2a - k < sqrt(5) k < 2a + 2 - k: compare squares, no rounding anywhere.
    a = floor_phi(k)
    if k == 0:
        assert a == 0
        return
    assert 2 * a - k < 0 or (2 * a - k) ** 2 < 5 * k * k
    assert 5 * k * k < (2 * a + 2 - k) ** 2
    assert a == (k + isqrt(5 * k * k)) // 2


def test_floor_phi_against_a_rational_phi_accurate_enough():
    # 100 digits of phi as a fraction: exact for k up to 10**6 (the error k·1e-100 is far below any gap)
    phi = PHI_100_DIGITS
    assert all(floor_phi(k) == int(k * phi) for k in range(0, 10**6, 997))


def test_the_mex_construction_gives_the_beatty_pairs():
    assert wythoff_pairs_by_mex(200_000) == wythoff_pairs(200_000)


@cache
def brute_is_p(a, b):
    """Wythoff's game by its definition: a move takes from one heap or equally from both."""
    followers = ([(t, b) for t in range(a)] + [(a, t) for t in range(b)]
                 + [(a - d, b - d) for d in range(1, min(a, b) + 1)])
    return all(not brute_is_p(*f) for f in followers)


def test_wythoffs_p_positions_are_exactly_the_beatty_pairs_by_brute_force():
    n = 80
    searched = {(a, b) for a in range(n) for b in range(n) if brute_is_p(a, b)}
    pairs = {p for a, b in wythoff_pairs(n) for p in [(a, b), (b, a)] if p[0] < n and p[1] < n}
    assert searched == pairs
    assert len(searched) > 50  # dozens of pairs, not a handful
    assert searched == set(Wythoff().p_positions(n))


def test_p_positions_lie_near_but_never_on_the_golden_line():
    phi = PHI_100_DIGITS
    gaps = [b - phi * a for a, b in wythoff_pairs(20_000)[1:]]
    # a = kφ - x and b = kφ + k - x with x = {kφ} (φ² = φ + 1), so b - φa = (φ - 1)x = x/φ: above the line by
    # less than 1/φ ≈ 0.618, never on it (x > 0 because φ is irrational)
    assert all(0 < gap < 1 / phi for gap in gaps)
    assert min(gaps) < Fraction(1, 1000) and max(gaps) > Fraction(617, 1000)  # the bounds are nearly reached


def test_limits_and_bad_input():
    with pytest.raises(LimitError, match="10\\*\\*1000"):
        floor_phi(10**1001)
    with pytest.raises(ValueError, match="at least 0"):
        floor_phi(-1)
    with pytest.raises(LimitError):
        wythoff_pairs(10**7)
    with pytest.raises(TypeError):
        wythoff_pairs_by_mex(2.5)
