"""Grundy's game (split a heap into two unequal heaps) against a plain brute force and the published values."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kernel_paths import both_loops  # noqa: F401 (the fixture below)

import gamelib
from gamelib import GrundysGame, LimitError, PeriodNotFoundError
from gamelib.limits import MAX_COMPUTED_HEAPS, MAX_OBSERVED

pytestmark = pytest.mark.usefixtures("both_loops")  # every test with the compiled loop, then the numpy loop

# OEIS A002188, Grundy's game, g(0) .. g(20); checked below against the brute force before it is trusted.
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]


@cache
def brute_grundy(heaps: tuple[int, ...]) -> int:
    """The Grundy value of a position (sorted heaps) by plain recursion over every split of every heap."""
    followers = set()
    for i, heap in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for a in range(1, heap):
            b = heap - a
            if a < b:
                followers.add(brute_grundy(tuple(sorted(rest + (a, b)))))
    m = 0
    while m in followers:
        m += 1
    return m


def test_the_published_values_agree_with_the_brute_force_and_with_gamelib():
    brute = [brute_grundy((n,)) for n in range(21)]
    assert brute == A002188
    assert GrundysGame().grundy_values(21).tolist() == A002188


def test_single_heaps_match_the_brute_force_up_to_30():
    assert GrundysGame().grundy_values(31).tolist() == [brute_grundy((n,)) for n in range(31)]


def test_moves_are_the_unequal_splits_of_one_heap():
    game = GrundysGame()
    assert game.moves(2) == [] and game.moves(1) == [] and game.moves(0) == []
    assert game.moves(6) == [(1, 5), (2, 4)]
    assert game.moves((3, 4)) == [(1, 2, 4), (1, 3, 3)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=1, max_size=3))
def test_sums_of_heaps_follow_sprague_grundy_and_winning_moves_are_exactly_the_moves_to_value_0(heaps):
    game = GrundysGame()
    key = tuple(sorted(h for h in heaps if h))
    assert game.grundy(tuple(heaps)) == brute_grundy(key)
    assert game.outcome(tuple(heaps)) == ("P" if brute_grundy(key) == 0 else "N")
    expected = [m for m in game.moves(tuple(heaps)) if brute_grundy(m) == 0]
    assert game.winning_moves(tuple(heaps)) == expected


def test_engine_agrees_from_the_moves_alone():
    game = GrundysGame()
    assert [gamelib.grundy(game, (n,)) for n in range(25)] == game.grundy_values(25).tolist()


def test_periodicity_never_claims_a_proof():
    with pytest.raises(PeriodNotFoundError, match="open problem") as error:
        GrundysGame().periodicity()
    assert error.value.checked_up_to == 1000
    with pytest.raises(PeriodNotFoundError):
        GrundysGame().periodicity(max_search=4000)


def test_beyond_the_memory_bound_is_refused_at_once(monkeypatch):
    with pytest.raises(LimitError, match="MAX_COMPUTED_HEAPS"):
        GrundysGame().grundy(MAX_COMPUTED_HEAPS)
    with pytest.raises(LimitError):
        GrundysGame().grundy_values(MAX_COMPUTED_HEAPS + 1)
    with pytest.raises(LimitError, match="max_search"):
        GrundysGame().periodicity(max_search=MAX_OBSERVED + 1)
    with pytest.raises(TypeError):
        GrundysGame().grundy("7")


def test_a_large_heap_below_the_bound_is_computed_and_asking_heap_after_heap_stays_cheap():
    game = GrundysGame()
    values = [game.grundy(n) for n in range(2000)]  # each call may compute a quarter more than asked
    assert values == GrundysGame(rare_mask=0).grundy_values(2000).tolist()
    assert 2000 <= len(game._table) <= 2600


def test_grundys_game_is_not_an_octal_game():
    """No octal code of the same length gives these values: a split may be into unequal parts only."""
    values = GrundysGame().grundy_values(40).tolist()
    for code in ("4.0", "0.4", "0.04", "4.04"):
        assert gamelib.OctalGame(code).grundy_values(40).tolist() != values


def test_grundys_game_never_calls_its_observed_pattern_proven(monkeypatch):
    import dataclasses

    import gamelib.analysis.observed as module  # GrundysGame.periodicity imports it from there when called

    real = module.observed_periodicity
    monkeypatch.setattr(module, "observed_periodicity",
                        lambda *a, **k: dataclasses.replace(real([0, 1] * 10, "grundy"), proven=True))
    with pytest.raises(RuntimeError, match="came out proven"):
        GrundysGame().periodicity(max_search=200)
