"""Generators for lesson 9: Nim in disguise (Staircase, Moore's and Lasker's Nim) and games on graphs.

Stairs hold at most 7 coins and heaps at most 7 chips (three binary digits, as the lesson's examples); graphs have
at most 8 vertices, small enough to draw and value by hand.

>>> from gamelib.exercises.practice import deal
>>> deal("9.5", seed=0).question
"What is the Grundy value of one heap of 25 in Lasker's Nim? Use the pattern, not the computer."
"""

from __future__ import annotations

import random
from functools import reduce
from itertools import combinations
from operator import xor

from gamelib.arguments import numbers_text
from gamelib.exercises.kinds import outcome_checker
from gamelib.exercises.lesson9 import (
    ARCS,
    BOW_TIE,
    HINT_9_3,
    HINT_9_4,
    HINT_9_5,
    HINT_9_6,
    HINT_9_7,
    HINT_9_9,
    HINT_9_10,
    graph_value_checker,
    kayles_value_checker,
    lasker_move_checker,
    lasker_value_checker,
    moore_move_checker,
    staircase_move_checker,
    staircase_value_checker,
    vertex_checker,
)
from gamelib.exercises.practice.core import Dealt, generator, one_of
from gamelib.games.digraph import DigraphGame
from gamelib.games.laskers_nim import LaskersNim
from gamelib.games.nim_variants import MooresNim, StaircaseNim
from gamelib.games.node_kayles import NodeKayles

_LASKER = LaskersNim()
_STAIRS = StaircaseNim()


def _stairs(rng: random.Random) -> tuple[int, ...]:
    return tuple(rng.randint(0, 7) for _ in range(rng.randint(4, 5)))


def _odd_stairs_hint(stairs: tuple[int, ...]) -> str:
    odd = ", ".join(str(i) for i in range(1, len(stairs) + 1, 2))
    return f"only the odd stairs {odd} count (a move on an even stair can be undone): nim-add their coins."


@generator("9.1", "4 or 5 stairs of 0 to 7 coins, the odd stairs' nim-sum not 0", {"stairs": (4, 1, 6, 2, 3)})
def _staircase_move(rng: random.Random) -> Dealt | None:
    stairs = _stairs(rng)
    wins = _STAIRS.winning_moves(stairs)
    if not wins:
        return None
    n = len(stairs)
    hint = (_odd_stairs_hint(stairs) + " Then change one odd stair's count as in Nim: carry coins down from it, or "
            "onto it from the even stair above.")
    return Dealt(f"Staircase Nim with coins {numbers_text(stairs)} on stairs 1 to {n}: give a winning move, as the "
                 f"coins on the {n} stairs after it (stair 1 first).", {"stairs": stairs},
                 staircase_move_checker(stairs, hint), one_of(wins),
                 f"the coins on the {n} stairs after your move, stair 1 first, as a tuple of {n} numbers")


@generator("9.2", "4 or 5 stairs of 0 to 7 coins", {"stairs": (2, 7, 5, 1, 6)})
def _staircase_value(rng: random.Random) -> Dealt:
    stairs = _stairs(rng)
    return Dealt(f"What is the Grundy value of the Staircase Nim position {numbers_text(stairs)} (coins on stairs 1 "
                 f"to {len(stairs)})?", {"stairs": stairs}, staircase_value_checker(stairs, _odd_stairs_hint(stairs)),
                 str(reduce(xor, stairs[::2], 0)), "a whole number, e.g. 5")


def _moore_heaps(rng: random.Random) -> tuple[int, tuple[int, ...]]:
    return rng.choice((2, 3)), tuple(rng.randint(1, 7) for _ in range(rng.randint(3, 4)))


@generator("9.3", "k = 2 or 3; 3 or 4 heaps from 1 to 7; P- and N-positions about as often", {"k": 2,
                                                                                                 "heaps": (1, 2, 4, 7)})
def _moore_outcome(rng: random.Random) -> Dealt | None:
    # The outcome is chosen first and heaps drawn until they have it: a None here would make the dealer choose
    # the outcome again, and P-positions are rare enough that N then came 295 times in 300.
    want = rng.choice("PN")
    for _ in range(10_000):
        k, heaps = _moore_heaps(rng)
        outcome = MooresNim(k).outcome(heaps)
        if outcome == want:
            break
    else:
        return None
    return Dealt(f"Moore's Nim with k = {k} (a move takes from at least one and at most {k} heaps) on heaps "
                 f"{numbers_text(heaps)}: P or N?", {"k": k, "heaps": heaps},
                 outcome_checker(outcome, f"Moore's Nim with k = {k} on heaps {numbers_text(heaps)}",
                                 HINT_9_3.format(k=k, k1=k + 1)), repr(outcome), "'P' or 'N'")


@generator("9.4", "k = 2 or 3; 3 or 4 heaps from 1 to 7, an N-position", {"k": 2, "heaps": (1, 2, 4, 7)})
def _moore_move(rng: random.Random) -> Dealt | None:
    k, heaps = _moore_heaps(rng)
    wins = MooresNim(k).winning_moves(heaps)
    if not wins:
        return None
    return Dealt(f"Moore's Nim with k = {k} on heaps {numbers_text(heaps)}: give a winning move, as the heaps after "
                 "it in the same order.", {"k": k, "heaps": heaps},
                 moore_move_checker(k, heaps, HINT_9_4.format(k=k, k1=k + 1)), one_of(wins),
                 f"the {len(heaps)} heaps after your move, in the same order")


@generator("9.5", "one heap from 5 to 60", {"heap": 11})
def _lasker_value(rng: random.Random) -> Dealt:
    heap = rng.randint(5, 60)
    return Dealt(f"What is the Grundy value of one heap of {heap} in Lasker's Nim? Use the pattern, not the computer.",
                 {"heap": heap}, lasker_value_checker(heap, HINT_9_5.format(n=heap)), str(_LASKER.grundy(heap)),
                 "a whole number, e.g. 9")


@generator("9.6", "two heaps from 2 to 12, an N-position", {"heaps": (3, 6)})
def _lasker_move(rng: random.Random) -> Dealt | None:
    heaps = tuple(sorted(rng.sample(range(2, 13), 2)))
    wins = _LASKER.winning_moves(heaps)
    if not wins:
        return None
    return Dealt(f"Lasker's Nim on heaps {heaps[0]} and {heaps[1]}: give a winning move, as all the heaps after it "
                 "(a split makes three heaps; any order).", {"heaps": heaps}, lasker_move_checker(heaps, HINT_9_6),
                 one_of(wins), "the heaps after your move, e.g. (1, 2, 6)")


def _dag(rng: random.Random) -> tuple[tuple[int, int], ...] | None:
    """A graph without cycles on vertices 0 to m - 1 (every arc from a smaller number to a larger one), vertex 0
    with two or more arcs out, every vertex on an arc; None when a draw is not such a graph."""
    m = rng.randint(5, 7)
    arcs = tuple(sorted(pair for pair in combinations(range(m), 2) if rng.random() < 0.35))
    if not 6 <= len(arcs) <= 12 or sum(u == 0 for u, _ in arcs) < 2 or {v for a in arcs for v in a} != set(range(m)):
        return None
    return arcs


def _arcs_text(arcs: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{u} \u2192 {v}" for u, v in arcs)


@generator("9.7", "5 to 7 vertices, 6 to 12 arcs, each from a smaller number to a larger one", {"arcs": ARCS})
def _graph_value(rng: random.Random) -> Dealt | None:
    arcs = _dag(rng)
    if arcs is None:
        return None
    game = DigraphGame(arcs)
    return Dealt(f"A token on the directed graph with arcs {_arcs_text(arcs)}. Find g(0) by hand (draw the graph "
                 "first).", {"arcs": arcs}, graph_value_checker(game, 0, HINT_9_7), str(game.grundy(0)),
                 "a whole number, e.g. 2")


@generator("9.8", "5 to 7 vertices, 6 to 12 arcs, each from a smaller number to a larger one; g(0) not 0",
           {"arcs": ARCS})
def _graph_move(rng: random.Random) -> Dealt | None:
    arcs = _dag(rng)
    if arcs is None:
        return None
    game = DigraphGame(arcs)
    wins = game.winning_moves(0)
    if not wins:
        return None
    return Dealt(f"The token is on vertex 0 of the directed graph with arcs {_arcs_text(arcs)}. Where do you move it "
                 "to win? Give the vertex.", {"arcs": arcs},
                 vertex_checker(game, 0, "move the token to", "move the token to a vertex whose value is 0: value the "
                                "vertices from the ones with no arc out back, each the mex of the values one arc "
                                "away."),
                 one_of(wins), "the vertex you move the token to, e.g. 3")


@generator("9.9", "a path of 5 to 20 vertices, an N-position", {"n": 10})
def _path_pick(rng: random.Random) -> Dealt | None:
    n = rng.randint(5, 20)
    path = NodeKayles.path(n)
    wins = path.winning_picks(path.start)
    if not wins:
        return None
    return Dealt(f"Dawson's chess on {n} columns: Node Kayles on the path 0 - 1 - ... - {n - 1}. Which vertex do you "
                 "pick to win? Give one.", {"n": n}, vertex_checker(path, path.start, "pick", HINT_9_9),
                 one_of(wins), "the vertex you pick, e.g. 4")


@generator("9.10", "a connected graph of 5 or 6 vertices and 5 to 8 edges that is not a path", {"edges": BOW_TIE})
def _kayles_value(rng: random.Random) -> Dealt | None:
    m = rng.randint(5, 6)
    edges = tuple(sorted(pair for pair in combinations(range(m), 2) if rng.random() < 0.4))
    if not 5 <= len(edges) <= 8 or {v for e in edges for v in e} != set(range(m)):
        return None
    game = NodeKayles(edges)
    path = len(edges) == m - 1 and max(len(game.neighbours[v]) for v in game.start) <= 2
    if len(game.pieces(game.start)) != 1 or path:  # a path is Dawson's chess, exercise 9.9
        return None
    written = ", ".join(f"{u} - {v}" for u, v in edges)
    return Dealt(f"Node Kayles on the graph with edges {written}. What is the Grundy value of the whole graph? Work "
                 "it out by hand.", {"edges": edges},
                 kayles_value_checker(game, "the Grundy value of Node Kayles on this graph", HINT_9_10),
                 str(game.grundy(game.start)), "a whole number, e.g. 2")
