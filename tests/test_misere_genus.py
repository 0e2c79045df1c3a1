"""Genus and tame games (misère play), checked against misère play searched by the definition here."""

from functools import cache
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import (
    Genus,
    LimitError,
    Nim,
    OctalGame,
    SubtractionGame,
    genus,
    is_tame,
    misere_grundy,
    nim_genus,
    tame_sum_outcome,
)


def brute_mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def kayles_followers(rows):
    """Kayles by its definition: knock down one pin or two neighbouring pins of one row."""
    out = set()
    for i, row in enumerate(rows):
        rest = rows[:i] + rows[i + 1:]
        for take in (1, 2):
            for left in range(row - take + 1):
                right = row - take - left
                out.add(tuple(sorted(rest + tuple(r for r in (left, right) if r))))
    return out


@cache
def brute_misere_value_kayles_with_twos(rows, twos, ones):
    followers = [(f, twos, ones) for f in kayles_followers(rows)]
    if twos:
        followers += [(rows, twos - 1, ones), (rows, twos - 1, ones + 1)]
    if ones:
        followers.append((rows, twos, ones - 1))
    if not followers:
        return 1
    return brute_mex({brute_misere_value_kayles_with_twos(*f) for f in followers})


def test_the_lessons_example_kayles_row_of_5_has_genus_4_146_and_is_not_tame():
    found = genus(OctalGame("0.77"), 5, 6)
    by_hand = tuple(brute_misere_value_kayles_with_twos((5,), n, 0) for n in range(6))
    assert by_hand == (1, 4, 6, 4, 6, 4)  # Winning Ways lists this row as 4^146
    assert found == Genus(4, by_hand)
    assert not found.fickle
    assert not is_tame(OctalGame("0.77"), 5)
    assert all(is_tame(OctalGame("0.77"), n) for n in range(5))


def nim_misere_p(heaps):
    """Misère Nim by the definition: the player who cannot move wins."""
    @cache
    def p(h):
        followers = [tuple(sorted(h[:i] + (k,) + h[i + 1:])) for i in range(len(h)) for k in range(h[i])]
        return bool(followers) and all(not p(f) for f in followers)

    return p(tuple(sorted(heaps)))


def test_nim_positions_have_the_three_kinds_of_genus():
    for heaps in product(range(5), repeat=3):
        fickle = max(heaps) <= 1
        value = heaps[0] ^ heaps[1] ^ heaps[2]
        assert genus(Nim(), heaps, 5) == nim_genus(value, fickle, 5), heaps
        assert (misere_grundy(Nim(), heaps) == 0) == nim_misere_p(heaps)


def subtraction_misere_p(sets, heaps):
    @cache
    def p(h):
        followers = [h[:i] + (h[i] - s,) + h[i + 1:] for i, S in enumerate(sets) for s in S if s <= h[i]]
        return bool(followers) and all(not p(f) for f in followers)

    return p(tuple(heaps))


TAME_SETS = [(1, 3, 4), (2, 5, 7), (2, 3), (1, 4)]


def test_the_tame_sets_used_below_are_tame():
    for S in TAME_SETS:
        assert all(is_tame(SubtractionGame(S), n) for n in range(13)), S


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(TAME_SETS), st.integers(0, 12)), min_size=1, max_size=3))
def test_misere_nims_rule_decides_sums_of_tame_positions(parts):
    sets = tuple(S for S, _ in parts)
    heaps = tuple(n for _, n in parts)
    rule = tame_sum_outcome([genus(SubtractionGame(S), n) for S, n in parts])
    assert rule == ("P" if subtraction_misere_p(sets, heaps) else "N")


def test_the_rule_fails_for_a_wild_part_so_tameness_matters():
    # Kayles rows of 5 or more pins are not tame: misère Nim's rule, read off their genera, gets some sums of two
    # rows wrong, and it is right on every sum of two rows of at most 4 pins (tame ones).
    kayles = OctalGame("0.77")
    wrong = [(a, b) for a in range(1, 9) for b in range(1, 9)
             if tame_sum_outcome([genus(kayles, a), genus(kayles, b)])
             != ("P" if brute_misere_value_kayles_with_twos(tuple(sorted((a, b))), 0, 0) == 0 else "N")]
    assert wrong and all(max(pair) >= 5 for pair in wrong)


def test_bad_input():
    with pytest.raises(LimitError):
        genus(Nim(), (1,), 10**6)
    with pytest.raises(ValueError, match="0 or 1"):
        nim_genus(2, fickle=True)
    with pytest.raises(TypeError, match="Genus"):
        tame_sum_outcome([(0, (1, 2))])
    with pytest.raises(ValueError):
        genus(Nim(), (1,), 0)


def test_lesson_6_counterexample_to_the_nim_only_proof_has_no_fickle_followers():
    # (2, 2, 2): genus 2^(2 0 2 0 ...); its followers (1, 2, 2) and (2, 2) are not fickle, and beside a heap of 1
    # the only winning misère move goes to (1, 1, 2, 2), not fickle either
    assert str(genus(Nim(), (2, 2, 2))) == "2^(2 0 2 0 2 0 ...)"
    followers = {tuple(sorted(h for h in f if h)) for f in Nim().moves((2, 2, 2))}  # empty heaps left out
    assert followers == {(1, 2, 2), (2, 2)}
    assert not any(genus(Nim(), f).fickle for f in followers)
    assert {tuple(sorted(m)) for m in Nim(misere=True).winning_moves((2, 2, 2, 1))} == {(1, 1, 2, 2)}
    assert not genus(Nim(), (1, 1, 2, 2)).fickle


@pytest.mark.slow
def test_lesson_6_range_checked_for_one_three_four():
    # what lesson 6 says was checked: every heap up to 120 tame on eight terms, the genera repeating with period 7
    game = SubtractionGame({1, 3, 4})
    assert is_tame(game, 120, 8)
    genera = [genus(game, n, 8) for n in range(128)]
    assert all(genera[n] == genera[n + 7] for n in range(121))
    assert genera[0] != genera[1]  # the terms differ from heap to heap: the repetition is not trivial
