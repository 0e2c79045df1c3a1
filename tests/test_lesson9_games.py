"""Lesson 9's games against their definitions (tests/brute_lesson9.py, no gamelib) and the theorems the lesson
proves: Staircase Nim is the nim-sum of the odd stairs, Moore's theorem for k = 1..3, Lasker's pattern, the
Sprague–Grundy function of a directed graph, and Node Kayles on a path is the octal game 0.137."""

from __future__ import annotations

from functools import reduce
from itertools import product
from operator import xor

import brute_lesson9 as brute
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import DigraphGame, LaskersNim, LimitError, MooresNim, NodeKayles, OctalGame, StaircaseNim, grundy
from gamelib.games.presentation import presentation_of

# Requests too large for each game, refused with the limit stated (tests/test_refusals.py runs them).
TOO_LARGE_REQUESTS = {
    "StaircaseNim": ["StaircaseNim().moves((10**7, 3))", "StaircaseNim().grundy((0,) * 10**5)",
                     "outcome(StaircaseNim(), (10**4,))", "PlaySession(StaircaseNim(), (3, 40))"],
    "MooresNim": ["MooresNim(2).moves((10**4, 10**4, 10**4))", "MooresNim(2).grundy((10**3, 10**3))",
                  "MooresNim(3).winning_moves((10**3,) * 4)"],
    "LaskersNim": ["LaskersNim().moves(10**9)", "LaskersNim().grundy_values(10**12)",
                   "LaskersNim().winning_moves((10**6, 3))"],
    "DigraphGame": ["DigraphGame(itertools.repeat((0, 1)))", "DigraphGame([(i, i + 1) for i in range(10**6)])"],
    "NodeKayles": ["NodeKayles(itertools.repeat((0, 1)))", "NodeKayles.path(10**6)",
                   "NodeKayles.path(2000).grundy(tuple(range(2000)))"],
}

# --- Staircase Nim


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=0, max_size=4))
def test_staircase_value_is_the_nim_sum_of_the_odd_stairs(stairs):
    stairs = tuple(stairs)
    truth = brute.staircase_value(stairs)
    assert truth == reduce(xor, stairs[::2], 0)  # the theorem, on the brute force alone
    assert StaircaseNim().grundy(stairs) == truth


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_staircase_moves_and_winning_moves_are_the_definitions(stairs):
    stairs, game = tuple(stairs), StaircaseNim()
    assert sorted(game.moves(stairs)) == sorted(brute.staircase_moves(stairs))
    winning = [m for m in brute.staircase_moves(stairs) if brute.staircase_value(m) == 0]
    assert sorted(game.winning_moves(stairs)) == sorted(winning)


def test_staircase_worked_example():
    game = StaircaseNim()
    assert game.grundy((3, 0, 5)) == 6 and game.winning_moves((3, 0, 5)) == [(3, 2, 3)]
    assert game.value_text((3, 0, 5)) == "odd stairs: 3 ⊕ 5 = 6"
    words = [m.words() for m in presentation_of(game).moves(game, (1, 1))]
    assert words == ["move 1 coin from stair 1 off the staircase", "move 1 coin from stair 2 to stair 1"]


@pytest.mark.parametrize("bad", [(3, -1), "3, 0, 5", (1.5,), None])
def test_staircase_refuses_what_is_not_a_staircase(bad):
    with pytest.raises((TypeError, ValueError)):
        StaircaseNim().grundy(bad)


# --- Moore's Nim


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moores_theorem_against_the_definition(k):
    game = MooresNim(k)
    checked = 0
    for count in range(1, 5):
        for heaps in product(range(8 if count <= 3 else 5), repeat=count):
            if list(heaps) != sorted(heaps):
                continue
            truth = "P" if brute.moore_is_p(heaps, k) else "N"
            assert game.outcome(heaps) == truth, heaps
            checked += 1
    assert checked == 234


@pytest.mark.parametrize("k", [1, 2, 3])
def test_moore_values_and_winning_moves_against_the_definition(k):
    game = MooresNim(k)
    for heaps in [(1, 2, 3), (2, 2, 3), (1, 3, 5, 7), (0, 4, 4), (3, 5, 6, 7)]:
        assert game.grundy(heaps) == brute.moore_value(tuple(sorted(heaps)), k)
        assert sorted(game.moves(heaps)) == brute.moore_moves(heaps, k)
        wins = [m for m in brute.moore_moves(heaps, k) if brute.moore_is_p(tuple(sorted(m)), k)]
        assert game.winning_moves(heaps) == wins


def test_moore_with_k_1_is_nim_and_the_column_counts():
    assert MooresNim(1).grundy((3, 5, 6)) == 0 and MooresNim(2).columns((3, 5, 6, 7)) == [3, 3, 3]
    assert MooresNim(2).outcome((2**70, 2**70, 2**70)) == "P"  # any size, by the theorem
    with pytest.raises(ValueError, match="k .* must be at least 1, got 0"):
        MooresNim(0)
    with pytest.raises(LimitError, match="positions below it"):
        MooresNim(2).grundy((100, 100, 100))


# --- Lasker's Nim


def test_laskers_values_to_200_against_the_definition_and_the_formula():
    truth = brute.lasker_values(201)
    formula = [0] + [n if n % 4 in (1, 2) else n + 1 if n % 4 == 3 else n - 1 for n in range(1, 201)]
    assert truth == formula
    assert LaskersNim().grundy_values(201).tolist() == truth
    assert [LaskersNim().grundy(n) for n in range(201)] == truth


def test_laskers_sums_and_the_generic_search_agree():
    game = LaskersNim()
    assert [grundy(game, (n,)) for n in range(16)] == brute.lasker_values(16)
    for heaps in [(2, 3), (1, 4, 7), (3, 3), (5, 6, 8)]:
        assert game.grundy(heaps) == grundy(game, heaps) == reduce(xor, (brute.lasker_values(9)[h] for h in heaps))
        assert all(game.grundy(m) == 0 for m in game.winning_moves(heaps))


# --- a token on a directed graph


@settings(max_examples=120, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)).filter(lambda a: a[0] < a[1]), min_size=1,
               max_size=25))
def test_digraph_values_against_the_definition(arcs):
    arcs = sorted(arcs)
    game, truth = DigraphGame(arcs), brute.digraph_values(arcs)
    assert game.values() == dict(sorted(truth.items()))
    for v in truth:
        assert game.winning_moves(v) == sorted(w for u, w in arcs if u == v and truth[w] == 0)


@settings(max_examples=80, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=14))
def test_a_graph_with_a_cycle_is_refused_naming_a_real_cycle(arcs):
    arcs = sorted(arcs)
    has_cycle = any(u == v for u, v in arcs) or _cyclic(arcs)
    if not has_cycle:
        assert DigraphGame(arcs).values() == dict(sorted(brute.digraph_values(arcs).items()))
        return
    with pytest.raises(ValueError, match="the graph has a cycle") as error:
        DigraphGame(arcs)
    walk = [int(v) for v in str(error.value).split("cycle, ")[1].split(":")[0].split(" → ")]
    assert brute.is_cycle(arcs, walk)


def _cyclic(arcs):
    followers = {}
    for u, v in arcs:
        followers.setdefault(u, set()).add(v)
    reach = {u: set(vs) for u, vs in followers.items()}
    for _ in range(8):
        for u in reach:
            reach[u] |= {w for v in list(reach[u]) for w in followers.get(v, ())}
    return any(u in reach[u] for u in reach)


def test_digraph_refuses_bad_input_naming_it():
    with pytest.raises(ValueError, match=r"item 2, \(1, 2, 3\), is not a pair"):
        DigraphGame([(0, 1), (1, 2, 3)])
    with pytest.raises(ValueError, match="7 is not a vertex of the graph"):
        DigraphGame([(0, 1)]).grundy(7)
    with pytest.raises(ValueError, match="cycle, 4 → 4"):
        DigraphGame([(4, 4)])


# --- Node Kayles and Dawson's chess


def test_node_kayles_on_paths_is_octal_0_137_and_dawsons_chess():
    octal = OctalGame("0.137")
    by_rule = brute.dawsons_chess_values(121)
    long_path = NodeKayles.path(120)  # its first n vertices are a path of n: one game, one cache, 0.2 s not 8 s
    for n in range(1, 121):
        assert long_path.grundy(tuple(range(n))) == octal.grundy(n) == by_rule[n], n
    for n in range(1, 31):  # and each path built on its own says the same
        assert NodeKayles.path(n).grundy(tuple(range(n))) == by_rule[n], n
    assert [OctalGame("0.07").grundy(n + 1) for n in range(60)] == by_rule[:60]  # Dawson's Kayles, one pin more


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 9).flatmap(lambda n: st.tuples(
    st.just(n), st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1])))))
def test_node_kayles_against_the_whole_game_searched_without_splitting(graph):
    n, edges = graph
    game = NodeKayles(sorted(edges), vertices=range(n))
    truth = brute.kayles_value(frozenset(range(n)), sorted(edges))
    assert game.grundy(game.start) == truth
    for after in game.winning_moves(game.start):
        assert brute.kayles_value(frozenset(after), sorted(edges)) == 0


def test_node_kayles_refuses_and_limits():
    with pytest.raises(ValueError, match="joins vertex 3 to itself"):
        NodeKayles([(3, 3)])
    with pytest.raises(ValueError, match="9 is not a vertex of the graph"):
        NodeKayles([(0, 1)]).grundy((0, 9))
    with pytest.raises(LimitError, match="path of 2,000 vertices needs about"):
        NodeKayles.path(2000).grundy(tuple(range(2000)))
    grid = [(8 * r + c, 8 * r + c + 1) for r in range(8) for c in range(7)] + \
        [(8 * r + c, 8 * r + c + 8) for r in range(7) for c in range(8)]
    with pytest.raises(LimitError, match=r"valued [0-9,]+ pieces .*2,000,000 steps \(MAX_KAYLES_WORK\)"):
        NodeKayles(grid).grundy(tuple(range(64)))
