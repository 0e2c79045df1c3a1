"""Generators for lessons 6 to 8: misère play, Wythoff and Chomp, coins and trees.

>>> from gamelib.exercises.practice import deal
>>> deal("7.1", seed=4).question
"The P-positions of Wythoff's game are (floor(k·φ), floor(k·φ) + k). What is the partner of 32?"
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from gamelib.analysis.beatty import floor_phi
from gamelib.exercises.core import _Verdict
from gamelib.exercises.kinds import move_checker, number_checker, outcome_checker, set_checker
from gamelib.exercises.lesson4 import nim_move_checker
from gamelib.exercises.lesson6 import _ones_note, _printed_misere_start, _why_not_p
from gamelib.exercises.lesson7 import chomp_checker, wythoff_move_checker
from gamelib.exercises.lesson8 import TREE, _value_slips, bamboo_checker, coin_move_checker, tree_chop_checker
from gamelib.exercises.practice.core import Bound, Dealt, braces, draw_set, generator, one_of
from gamelib.games.chomp import Chomp
from gamelib.games.coins import MockTurtles, RulerGame, TurningTurtles
from gamelib.games.hackenbush import GreenHackenbush
from gamelib.games.nim import Nim
from gamelib.games.presentation import labelled_moves
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.wythoff import RookGame, Wythoff

_MISERE_NIM = Nim(misere=True)

# -- lesson 6 --------------------------------------------------------------------------------------------------


@generator("6.1", "2 or 3 heaps from 1 to 4", {"heaps": (2, 2)})
def _misere_outcome(rng: random.Random) -> Dealt:
    heaps = tuple(rng.randint(1, 4) for _ in range(rng.randint(2, 3)))
    answer = _MISERE_NIM.outcome(heaps)
    return Dealt(f"Misère Nim (whoever takes the last chip loses) with heaps {heaps}: P or N?", {"heaps": heaps},
                 outcome_checker(answer, f"{heaps} in misère Nim",
                                 hint="play it out: which moves leave your opponent an odd number of 1-heaps at the "
                                      "end? With a heap of two or more, think of normal Nim."), repr(answer),
                 "'P' or 'N'")


@generator("6.2", "1 to 4 heaps of one chip and one heap from 2 to 9, in any order", {"heaps": (1, 1, 5)})
def _misere_move(rng: random.Random) -> Dealt:
    heaps = [1] * rng.randint(1, 4) + [rng.randint(2, 9)]
    rng.shuffle(heaps)
    position = tuple(heaps)
    return Dealt(f"Misère Nim with heaps {position}: give a winning move, as the heaps after it (same order).",
                 {"heaps": position},
                 nim_move_checker(_MISERE_NIM, position, "it wins misère Nim",
                                  hint="one heap is bigger than 1, so your move fixes how many 1-heaps remain; "
                                       "count them: who then takes the last chip, and who should?",
                                  explain=_ones_note),
                 one_of(_MISERE_NIM.winning_moves(position)), "the heaps after your move, e.g. (1, 1, 3)")


def _misere_p_positions(S: tuple[int, ...], stop: int, hint: str) -> Dealt | None:
    game = SubtractionGame(S, misere=True)
    truth = game.p_positions(stop)
    if not truth:
        return None
    return Dealt(f"Misère play of S = {braces(S)} (whoever cannot move wins): list the P-positions below {stop}.",
                 {"S": S, "stop": stop},
                 set_checker(truth, f"misère P-positions below {stop} for S = {braces(S)}", hint=hint,
                             why_not=_why_not_p(game, stop)), str(list(truth)), "a list of heap sizes, e.g. [2, 6]")


_MISERE_HINT = ("heap 0 is N in misère play (the player to move cannot move, and wins); work upwards: a heap is P "
                "when every move from it leads to an N-position.")


@generator("6.3", "S: 2 moves up to 6; heaps below 15 to 20", {"S": (1, 4), "stop": 20})
def _misere_two_moves(rng: random.Random) -> Dealt | None:
    return _misere_p_positions(draw_set(rng, 2, 6), rng.randint(15, 20), _MISERE_HINT)


@generator("6.4", "S: 2 moves from 2 to 6; heaps below 20", {"S": (3, 5)})
def _printed_start(rng: random.Random) -> Dealt | None:
    S = draw_set(rng, 2, 6, low=2)
    game = SubtractionGame(S, misere=True)
    printed, truth = _printed_misere_start(S, 20), game.outcomes(20)
    wrongly = [n for n in range(20) if printed[n] != truth[n]]
    if not wrongly:
        return None

    def why_right(n: int) -> str:
        return "the question is about heaps 0 to 19" if not 0 <= n < 20 else f"both starts label heap {n} as {truth[n]}"

    return Dealt(f"Misère S = {braces(S)}: the printed start marks heaps 0 to {S[0]} as N and runs PTFN from there. "
                 "Which heaps below 20 does it label wrongly?", {"S": S},
                 set_checker(wrongly, f"heaps below 20 that the printed start labels wrongly for misère "
                                      f"S = {braces(S)}",
                             hint=f"the correct labels come from ptfn({braces(S)}, 20, misere=True); for the printed "
                                  f"start, scan upwards from heap {S[0] + 1}: an unmarked heap is P and marks the "
                                  f"heaps {S[0]} and {S[1]} above it as N.", why_not=why_right),
                 str(wrongly), "a list of heap sizes, e.g. [7, 8]")


@generator("6.5", "S: 3 moves up to 8; heaps below 20", {"S": (2, 5, 7)})
def _misere_three_moves(rng: random.Random) -> Dealt | None:
    S = draw_set(rng, 3, 8)
    dealt = _misere_p_positions(S, 20, _MISERE_HINT)
    return None if dealt is None else Dealt(dealt.question, {"S": S}, dealt.checker, dealt.answer, dealt.expects)


# -- lesson 7 --------------------------------------------------------------------------------------------------


def _number(answer: int, what: str, hint: str, slips: dict) -> Callable[[object], _Verdict]:
    slips.pop(answer, None)
    return number_checker(answer, what, hint, slips=slips.get)


@generator("7.1", "k from 5 to {largest}: the heap floor(k·φ)", {"heap": 19},
           (Bound("largest", "the largest k (the heap is floor(k·φ))", 10, 200, 40),))
def _wythoff_partner(rng: random.Random, largest: int) -> Dealt:
    k = rng.randint(5, largest)
    a = floor_phi(k)
    slips = {k: f"{k} is the k with floor(k·φ) = {a}; the partner is floor(k·φ) + k",
             floor_phi(a): f"{floor_phi(a)} = floor({a}·φ) uses {a} as k, but {a} is the smaller heap floor(k·φ) "
                           "of a pair, for a smaller k"}
    return Dealt(f"The P-positions of Wythoff's game are (floor(k·φ), floor(k·φ) + k). What is the partner of {a}?",
                 {"heap": a},
                 _number(a + k, f"the partner of {a}", f"which k gives floor(k·φ) = {a}?", slips), str(a + k),
                 "a whole number")


@generator("7.2", "two different heaps from 1 to {largest} with a winning move", {"heaps": (9, 12)},
           (Bound("largest", "the largest heap", 5, 40, 15, in_set=40),))
def _wythoff_move(rng: random.Random, largest: int) -> Dealt | None:
    low, high = sorted(rng.sample(range(1, largest + 1), 2))
    heaps = (low, high)
    wins = Wythoff().winning_moves(heaps)
    if not wins:
        return None
    return Dealt(f"Wythoff's game from {heaps}: give a winning move, as the pair of heaps after it (in the same "
                 "order).", {"heaps": heaps},
                 wythoff_move_checker(heaps, hint=f"list the P-positions with both heaps at most {heaps[1]}; which "
                                                  f"can you reach from {heaps}?"), one_of(wins),
                 "a pair of heaps, e.g. (2, 3)")


@generator("7.3", "a square (x, y) with x ≠ y from 1 to {largest}", {"square": (9, 14)},
           (Bound("largest", "the largest coordinate", 5, 40, 15, in_set=40),))
def _rook(rng: random.Random, largest: int) -> Dealt:
    x, y = rng.sample(range(1, largest + 1), 2)
    square = (x, y)
    return Dealt(f"The rook game (a rook moves left or down, towards (0, 0)) from {square}: give a winning move, as "
                 "the square after it.", {"square": square},
                 move_checker(RookGame(), square, "this move wins",
                              hint="the rook game is two-heap Nim: which squares are P-positions?"),
                 one_of(RookGame().winning_moves(square)), "a square (x, y), e.g. (1, 2)")


@cache
def _chomp(rows: int, cols: int, hint: str) -> Dealt:
    """A Chomp instance (kept: the same board is dealt again often, and finding its winning bites is the slow part)."""
    board = Chomp(rows, cols)
    return Dealt(f"Chomp on a bar of {rows} rows and {cols} columns: give a winning first bite, as the row lengths "
                 f"after it (the full bar is {board.start}).", {"rows": rows, "cols": cols},
                 chomp_checker(board, "this first bite wins" if rows == cols else "this bite wins", hint),
                 one_of(board.winning_moves(board.start)), f"the row lengths after your bite, e.g. {board.start}")


@generator("7.4", "3 rows and 4 to {columns} columns", {"rows": 3, "cols": 7},
           (Bound("columns", "the most columns", 5, 30, 9, in_set=30),))
def _chomp_three_rows(rng: random.Random, columns: int) -> Dealt:
    cols = rng.randint(4, columns)
    return _chomp(3, cols, f"list the bites with Chomp(3, {cols}).moves(...) and look for one that leaves a "
                           "P-position.")


@generator("7.5", "a square bar of 3 to {largest} rows", {"rows": 5, "cols": 5},
           (Bound("largest", "the most rows (and columns)", 4, 8, 6),))
def _chomp_square(rng: random.Random, largest: int) -> Dealt:
    n = rng.randint(3, largest)
    return _chomp(n, n, "a square bar is symmetric; which bite leaves two equal arms that you can mirror?")


@generator("7.6", "k from 5 to {largest}: the heap floor(k·φ) + k", {"heap": 99},
           (Bound("largest", "the largest k (the heap is floor(k·φ) + k)", 10, 300, 60),))
def _wythoff_smaller(rng: random.Random, largest: int) -> Dealt:
    k = rng.randint(5, largest)
    b, a = floor_phi(k) + k, floor_phi(k)
    slips = {k: f"{k} is the k with floor(k·φ²) = {b}; the smaller heap is floor(k·φ)",
             floor_phi(b): f"{floor_phi(b)} = floor({b}·φ) takes {b} for k, but {b} is a heap here, and the question "
                           f"asks for the other heap, a < {b}"}
    return Dealt(f"A P-position of Wythoff's game has {b} as its larger heap. What is the smaller heap?", {"heap": b},
                 _number(a, f"the smaller heap beside {b}", "every positive number is exactly one of floor(k·φ) "
                         f"and floor(k·φ²); look for the k with floor(k·φ) + k = {b} (try k near {b}/φ²).", slips),
                 str(a), "a whole number")


# -- lesson 8 --------------------------------------------------------------------------------------------------


def _coins(rng: random.Random, low: int, high: int) -> tuple[int, ...]:
    return tuple(sorted(rng.sample(range(low, high + 1), rng.randint(3, 5))))


def _coin_move(game, heads: tuple[int, ...], hint: str) -> Dealt | None:
    wins = [m.key for m in labelled_moves(game, heads) if game.grundy(m.after) == 0]
    if not wins:
        return None
    return Dealt(f"{game.title}, coins {', '.join(map(str, heads))} heads up: give a winning move, as the coins you "
                 "turn.", {"heads": heads}, coin_move_checker(game, heads, hint), one_of(wins),
                 "the coins you turn, e.g. (6, 3)")


@generator("8.1", "3 to 5 coins heads up among coins 1 to {largest}", {"heads": (2, 5, 6, 9)},
           (Bound("largest", "the highest coin", 6, 30, 12),))
def _turning_turtles(rng: random.Random, largest: int) -> Dealt | None:
    return _coin_move(TurningTurtles(), _coins(rng, 1, largest),
                      "coin n is worth n, as a Nim heap of n: find the nim-sum of the heads-up coins, then change one "
                      "coin's heap as in Nim (turning coins n and m < n moves heap n to heap m).")


@generator("8.2", "2 to 4 coins heads up among coins 0 to {largest}", {"heads": (2, 7, 9)},
           (Bound("largest", "the highest coin", 6, 40, 12),))
def _mock_turtles(rng: random.Random, largest: int) -> Dealt:
    heads = tuple(sorted(rng.sample(range(0, largest + 1), rng.randint(2, 4))))
    game = MockTurtles()
    answer, plain = game.grundy(heads), 0
    for c in heads:
        plain ^= c
    slips = {plain: f"{plain} is the nim-sum of the coin numbers, the value in Turning Turtles, where coin n is "
                    "worth n",
             sum(game.coin_value(c) for c in heads): "the coins' values were added; nim-add them"}
    return Dealt(f"Mock Turtles (coins numbered from 0), coins {', '.join(map(str, heads))} heads up: what is the "
                 "Grundy value?", {"heads": heads},
                 _number(answer, f"the Grundy value of Mock Turtles with coins {', '.join(map(str, heads))} heads up",
                         "a single heads-up coin n is worth the odious number among 2n and 2n + 1 (count the 1s in "
                         "binary); the position is worth the nim-sum of its coins' values.", slips),
                 str(answer), "a whole number, e.g. 7")


@generator("8.3", "3 to 5 coins heads up among coins 1 to {largest}", {"heads": (3, 6, 8, 12)},
           (Bound("largest", "the highest coin", 8, 40, 16),))
def _ruler(rng: random.Random, largest: int) -> Dealt | None:
    return _coin_move(RulerGame(), _coins(rng, 1, largest),
                      "coin n is worth the largest power of 2 dividing n. Find the nim-sum z of the heads-up coins' "
                      "values; a move turns a run of coins ending at a heads-up coin, and must leave a nim-sum of 0.")


@generator("8.4", "three stalks of 1 to {largest} edges, nim-sum not 0", {"stalks": (4, 5, 6)},
           (Bound("largest", "the longest stalk", 3, 30, 9),))
def _bamboo(rng: random.Random, largest: int) -> Dealt | None:
    stalks = tuple(rng.randint(1, largest) for _ in range(3))
    wins = Nim().winning_moves(stalks)
    if not wins:
        return None
    return Dealt(f"Green Hackenbush, three bamboo stalks of {stalks[0]}, {stalks[1]} and {stalks[2]} edges: give a "
                 "winning chop, as the three stalk lengths after it.", {"stalks": stalks},
                 bamboo_checker(stalks, hint="a bamboo stalk of n edges is a Nim heap of n: make the nim-sum of the "
                                             "three lengths 0. Chopping the k-th edge from the ground leaves k - 1 "
                                             "edges of that stalk."), one_of(wins),
                 "the three stalk lengths after your chop, e.g. (4, 5, 3)")


def random_tree(rng: random.Random, edges: int) -> tuple[tuple[int, int], ...]:
    """A tree on the ground (vertex 0): vertex v = 1, 2, ... stands on a vertex below it, at most 3 branches each.

    >>> random_tree(random.Random(0), 4)
    ((0, 1), (1, 2), (0, 3), (2, 4))
    """
    tree: list[tuple[int, int]] = []
    for v in range(1, edges + 1):
        below = [u for u in range(v) if sum(1 for e in tree if e[0] == u) < 3]
        tree.append((rng.choice(below), v))
    return tuple(tree)


def _listed_edges(tree) -> str:
    return ", ".join(f"({u}, {v})" for u, v in tree)


_TREE_HINT = ("work from the tips down: at each vertex, nim-add the branches standing on it; a branch is worth 1 "
              "(its lowest edge) + the value of what stands on its upper end.")


@generator("8.5", "a tree of 6 to {edges} edges on the ground, at most 3 branches at a vertex", {"edges": TREE},
           (Bound("edges", "the most edges", 7, 16, 11),))
def _tree_value(rng: random.Random, edges: int) -> Dealt:
    tree = GreenHackenbush(random_tree(rng, rng.randint(6, edges)))
    value = tree.grundy(tree.start)
    return Dealt(f"Green Hackenbush: a tree with the edges {_listed_edges(tree.start)} (vertex 0 is the ground). "
                 "What is its Grundy value?", {"edges": tree.start},
                 number_checker(value, "the Grundy value of the tree", _TREE_HINT, slips=_value_slips(tree)),
                 str(value), "a whole number, e.g. 6")


@generator("8.6", "a tree of 6 to {edges} edges on the ground with a winning chop", {"edges": TREE},
           (Bound("edges", "the most edges", 7, 16, 11),))
def _tree_chop(rng: random.Random, edges: int) -> Dealt | None:
    tree = GreenHackenbush(random_tree(rng, rng.randint(6, edges)))
    wins = tree.winning_chops(tree.start)
    if not wins:
        return None
    return Dealt(f"Green Hackenbush: a tree with the edges {_listed_edges(tree.start)} (vertex 0 is the ground). "
                 "Give a winning chop, as the edge (u, v) you chop.", {"edges": tree.start},
                 tree_chop_checker(tree, hint="the tree is worth the nim-sum of its branches on the ground; find which "
                                              "branch must change, and to what value, then go up that branch with "
                                              "the colon principle."), one_of(wins),
                 "an edge as a pair (u, v), e.g. (1, 6)")


def cycles_picture(stalk: int, cycle: int, hanging: int, ground_cycle: int) -> tuple[tuple[int, int], ...]:
    """Exercise 8.7's kind of picture: a stalk of ``stalk`` edges from the ground (vertex 0) carries a cycle of
    ``cycle`` edges, with a stalk of ``hanging`` edges on the cycle's far corner; beside it, a cycle of
    ``ground_cycle`` edges stands on the ground.

    >>> cycles_picture(1, 3, 2, 3)
    ((0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (0, 6), (6, 7), (7, 0))
    """
    edges = [(v, v + 1) for v in range(stalk)]
    top = stalk
    corners = [top] + list(range(top + 1, top + cycle))
    edges += [(corners[i], corners[(i + 1) % cycle]) for i in range(cycle)]
    far, last = corners[(cycle + 1) // 2], top + cycle - 1  # a corner farthest from where the cycle stands
    edges += [(far if i == 0 else last + i, last + i + 1) for i in range(hanging)]
    last += hanging
    ring = [0] + list(range(last + 1, last + ground_cycle))
    edges += [(ring[i], ring[(i + 1) % ground_cycle]) for i in range(ground_cycle)]
    return tuple(edges)


@generator("8.7", "a stalk of 1 or 2 edges carrying a cycle of 3 to 5 edges with a stalk of 1 to 3 edges on its far "
                  "corner, beside a cycle of 3 or 4 edges on the ground", {"parts": (1, 3, 2, 3)})
def _cycles_value(rng: random.Random) -> Dealt:
    parts = (rng.randint(1, 2), rng.randint(3, 5), rng.randint(1, 3), rng.randint(3, 4))
    stalk, cycle, hanging, ground_cycle = parts
    picture = GreenHackenbush(cycles_picture(*parts))
    value = picture.grundy(picture.start)
    return Dealt(f"Green Hackenbush: a stalk of {stalk} edge{'s' * (stalk > 1)} carries a cycle of {cycle} edges, "
                 f"with a stalk of {hanging} edge{'s' * (hanging > 1)} on its far corner; beside it, a cycle of "
                 f"{ground_cycle} edges stands on the ground. The edges: {_listed_edges(picture.start)} (vertex 0 "
                 "is the ground). What is the Grundy value of the picture?", {"parts": parts},
                 number_checker(value, "the Grundy value of the picture",
                                hint="fuse each cycle into one vertex: its edges become loops there, each worth one "
                                     "edge. Then use the colon principle from the tips down.",
                                slips=_value_slips(picture)), str(value), "a whole number, e.g. 6")


def house(walls: int, roof: int, first: int) -> list[tuple[int, int]]:
    """A house on the ground (vertex 0): two walls of ``walls`` edges, a ceiling, a roof of ``roof`` edges; its
    other vertices are numbered from ``first``.

    >>> house(1, 2, 1)
    [(0, 1), (0, 2), (1, 2), (1, 3), (3, 2)]
    """
    left = [0, *range(first + 2, first + 1 + walls), first]  # up the left wall to the corner ``first``
    right = [0, *range(first + 1 + walls, first + 2 * walls), first + 1]
    top = first + 2 * walls
    ridge = [first] + list(range(top, top + roof - 1)) + [first + 1]
    return ([(left[i], left[i + 1]) for i in range(walls)] + [(right[i], right[i + 1]) for i in range(walls)]
            + [(first, first + 1)] + [(ridge[i], ridge[i + 1]) for i in range(roof)])


@generator("8.8", "a house with walls of 1 or 2 edges and a roof of 2 or 3 edges, beside a stalk of 1 to 3 edges or "
                  "a house with walls of one edge", {"walls": 1, "roof": 2, "stalk": 1})
def _house_beside(rng: random.Random) -> Dealt:
    walls, roof = rng.randint(1, 2), rng.randint(2, 3)
    edges = house(walls, roof, 1)
    used = max(v for e in edges for v in e)
    if rng.random() < 0.5:
        stalk = rng.randint(1, 3)
        edges += [(0 if i == 0 else used + i, used + i + 1) for i in range(stalk)]
        numbers, beside = {"walls": walls, "roof": roof, "stalk": stalk}, f"a stalk of {stalk} edge{'s' * (stalk > 1)}"
    else:
        roof2 = rng.randint(2, 3)
        edges += house(1, roof2, used + 1)
        numbers, beside = {"walls": walls, "roof": roof, "roof2": roof2}, \
            f"a second house, with walls of 1 edge and a roof of {roof2} edges"
    picture = GreenHackenbush(tuple(edges))
    answer = picture.outcome(picture.start)
    return Dealt(f"Green Hackenbush: a house with two walls of {walls} edge{'s' * (walls > 1)} on the ground, a "
                 f"ceiling and a roof of {roof} edges, beside {beside}. The edges: {_listed_edges(picture.start)} "
                 "(vertex 0 is the ground). Is the picture a P- or an N-position?", numbers,
                 outcome_checker(answer, "the picture",
                                 hint="every edge of a house lies on a cycle through the ground: fuse them all into "
                                      "the ground and count the loops; then nim-add what stands beside it."),
                 repr(answer), "'P' or 'N'")
