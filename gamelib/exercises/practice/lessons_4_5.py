"""Generators for lessons 4 and 5: Nim and the nim-sum, sums of games.

Heaps stay below 32 (five binary digits, as the lesson's tables), sums have two or three parts of small sets.

>>> from gamelib.exercises.practice import deal
>>> deal("4.1", seed=0).numbers
{'heaps': (10, 5)}
"""

from __future__ import annotations

import random

from gamelib.exercises.kinds import move_checker, number_checker
from gamelib.exercises.lesson4 import (
    NIM_SUM_EXPECTS,
    _nim_sum_note,
    nim_move_checker,
    nim_sum_checker,
    third_heap_checker,
)
from gamelib.exercises.lesson5 import _KAYLES, kayles_checker, poker_reply_checker, sum_value_checker
from gamelib.exercises.practice.core import Bound, Dealt, braces, draw_set, generator, one_of
from gamelib.games.nim import Nim, nim_sum
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.sums import GameSum

_NIM = Nim()
NIM_EXPECTS = "the heaps after your move, e.g. (3, 5)"


def _nim_move(heaps: tuple[int, ...], hint: str, what: str = "this move wins") -> Dealt | None:
    wins = _NIM.winning_moves(heaps)
    if not wins:
        return None
    return Dealt(f"Nim with heaps {heaps}: give a winning move, as the heaps after it (in the same order).",
                 {"heaps": heaps}, nim_move_checker(_NIM, heaps, what, hint, explain=_nim_sum_note), one_of(wins),
                 NIM_EXPECTS)


# -- lesson 4 --------------------------------------------------------------------------------------------------


@generator("4.1", "two different heaps from 2 to {largest}", {"heaps": (7, 4)},
           (Bound("largest", "the largest heap", 5, 63, 20, in_set=63),))
def _copycat(rng: random.Random, largest: int) -> Dealt | None:
    return _nim_move(tuple(rng.sample(range(2, largest + 1), 2)),
                     hint="with two heaps, the P-positions are the ones where both heaps are equal.",
                     what="the copycat rule wins from here")


@generator("4.2", "three different numbers from 3 to {largest}, nim-sum not 0", {"heaps": (6, 10, 15)},
           (Bound("largest", "the largest number", 7, 255, 31),))
def _nim_sum(rng: random.Random, largest: int) -> Dealt | None:
    heaps = tuple(rng.sample(range(3, largest + 1), 3))
    if nim_sum(*heaps) == 0:
        return None
    what = " ⊕ ".join(map(str, heaps))
    return Dealt(f"Compute the nim-sum {what} by hand, writing the numbers in binary.", {"heaps": heaps},
                 nim_sum_checker(heaps, hint=f"write {', '.join(map(str, heaps[:-1]))} and {heaps[-1]} in binary one "
                                             "under the other; a column of the nim-sum is 1 exactly when it has an "
                                             "odd number of 1s."),
                 str(nim_sum(*heaps)), NIM_SUM_EXPECTS)


@generator("4.3", "two different heaps from 3 to {largest}", {"heaps": (6, 10)},
           (Bound("largest", "the largest heap", 7, 255, 31),))
def _third_heap(rng: random.Random, largest: int) -> Dealt:
    a, b = rng.sample(range(3, largest + 1), 2)
    return Dealt(f"Which third heap c makes ({a}, {b}, c) a P-position of Nim?", {"heaps": (a, b)},
                 third_heap_checker(a, b, hint=f"({a}, {b}, c) is P exactly when {a} ⊕ {b} ⊕ c = 0: which c cancels "
                                               f"every 1 of {a} ⊕ {b}?"), str(a ^ b), "a whole number, e.g. 5")


@generator("4.4", "five heaps from 1 to {largest}, nim-sum not 0", {"heaps": (1, 2, 3, 4, 5)},
           (Bound("largest", "the largest heap", 3, 31, 9),))
def _five_heaps(rng: random.Random, largest: int) -> Dealt | None:
    heaps = tuple(rng.randint(1, largest) for _ in range(5))
    return _nim_move(heaps, "find the nim-sum; change one heap that has a 1 in the nim-sum's highest binary digit, "
                            "so that the nim-sum becomes 0.")


@generator("4.5", "4 to 6 heaps from 1 to {largest}, nim-sum not 0", {"heaps": (17, 18, 20, 24, 31, 3)},
           (Bound("largest", "the largest heap", 7, 127, 31),))
def _count_winning_moves(rng: random.Random, largest: int) -> Dealt | None:
    heaps = tuple(rng.randint(1, largest) for _ in range(rng.randint(4, 6)))
    count = len(_NIM.winning_moves(heaps))  # heap by heap: the heaps are in order, so equal heaps are two heaps
    if count == 0:
        return None
    slips = {len(heaps): "not every heap gives a winning move"} if count != len(heaps) else {}
    repeated = len(set(heaps)) < len(heaps)
    left = len({tuple(sorted(after)) for after in _NIM.winning_moves(heaps)})
    if repeated and left != count:
        slips[left] = ("that counts the positions the winning moves leave; two equal heaps are two heaps, and taking "
                       "from each is a move of its own")
    counting = (" Equal heaps are different heaps: the same take from either of two equal heaps counts as two moves."
                if repeated else "")
    return Dealt(f"Nim with heaps {heaps}: how many winning moves are there?{counting}", {"heaps": heaps},
                 number_checker(count, f"the number of winning moves from {heaps}",
                                hint="find the highest binary digit of the nim-sum; every heap with a 1 in that digit "
                                     "gives exactly one winning move, the others none.", slips=slips.get),
                 str(count), "a whole number, e.g. 2")


# -- lesson 5 --------------------------------------------------------------------------------------------------


def _small_set(rng: random.Random) -> tuple[int, ...]:
    return draw_set(rng, rng.randint(2, 3), 7)


@generator("5.1", "two sets of 2 or 3 moves up to 7; heaps from 5 to 12, both worth more than 0",
           {"S": ((2, 5, 7), (1, 3, 4)), "heaps": (7, 4)})
def _sum_value(rng: random.Random) -> Dealt | None:
    A, B = _small_set(rng), _small_set(rng)
    a, b = rng.randint(5, 12), rng.randint(5, 12)
    ga, gb = SubtractionGame(A).grundy(a), SubtractionGame(B).grundy(b)
    if not ga or not gb:
        return None
    return Dealt(f"A heap of {a} in S = {braces(A)} plus a heap of {b} in S = {braces(B)}: what is the Grundy value "
                 "of the sum?", {"S": (A, B), "heaps": (a, b)},
                 sum_value_checker(ga, gb, hint=f"compute g({a}) for S = {braces(A)} and g({b}) for S = {braces(B)}, "
                                                "then nim-add them: binary addition without carrying."),
                 str(ga ^ gb), "a whole number, e.g. 5")


@generator("5.2", "S: 3 moves up to 7, periodic from heap 0 with period at most 10; a heap from 8 to 40 whose value "
                  "is not its size", {"S": (1, 3, 4), "heap": 11})
def _equivalent_nim_heap(rng: random.Random) -> Dealt | None:
    S, n = draw_set(rng, 3, 7), rng.randint(8, 40)
    game = SubtractionGame(S)
    found = game.periodicity()
    value = game.grundy(n)
    if found.preperiod or found.period > 10 or value == n:
        return None
    return Dealt(f"A heap of {n} chips in S = {braces(S)} is equivalent to a Nim heap: of what size?",
                 {"S": S, "heap": n},
                 number_checker(value, "the size of the equivalent Nim heap",
                                hint=f"a position is equivalent to the Nim heap whose size is its Grundy value; the "
                                     f"values of S = {braces(S)} repeat with period {found.period}.",
                                slips={n: f"a heap of {n} chips in S = {braces(S)} is not the same game as a Nim heap "
                                          f"of {n}"}.get), str(value), "a whole number, e.g. 4")


def _sum_move(parts: tuple[tuple[int, ...], ...], heaps: tuple[int, ...], hint: str) -> Dealt | None:
    game = GameSum(*(SubtractionGame(S) for S in parts))
    wins = game.winning_moves(heaps)
    if not wins:
        return None
    games = [f"a heap of {h} in S = {braces(S)}" for S, h in zip(parts, heaps, strict=True)]
    side_by_side = ", ".join(games[:-1]) + f" and {games[-1]}"
    return Dealt(f"{side_by_side[0].upper()}{side_by_side[1:]}, played side by side: the heaps are now "
                 f"{tuple(heaps)}. Give a winning move, as the heaps after it (in the same order).",
                 {"S": parts, "heaps": heaps}, move_checker(game, heaps, "this move wins", hint), one_of(wins),
                 f"a tuple of {len(heaps)} heaps, e.g. {tuple(h - 1 for h in heaps)}")


@generator("5.3", "two sets of 2 or 3 moves up to 7; heaps from 8 to 25", {"S": ((1, 3, 7, 8), (1, 2, 3)),
                                                                           "heaps": (20, 19)})
def _two_part_move(rng: random.Random) -> Dealt | None:
    parts = (_small_set(rng), _small_set(rng))
    return _sum_move(parts, (rng.randint(8, 25), rng.randint(8, 25)),
                     "find the Grundy value of each heap in its own game; move in one heap so that the two values "
                     "become equal.")


@generator("5.5", "a row of 6 to 20 pins with a winning move that leaves two different rows", {"pins": 13})
def _kayles(rng: random.Random) -> Dealt | None:
    n = rng.randint(6, 20)
    wins = [m for m in _KAYLES.winning_moves(n) if len(m) == 2 and m[0] != m[1]]
    if not wins:
        return None
    values = ", ".join(map(str, _KAYLES.grundy_values(n).tolist()))
    return Dealt(f"Kayles, one row of {n} pins: give a winning move that leaves two different rows (the rows left, "
                 "e.g. (3, 8)).", {"pins": n},
                 kayles_checker(n, hint=f"the rows left are a sum: their Grundy values must nim-add to 0. Kayles "
                                        f"values of rows 0 to {n - 1} are {values}."), one_of(wins),
                 "the rows left, e.g. (3, 8)")


@generator("5.6", "three sets of 2 or 3 moves up to 7; heaps from 4 to 15", {"S": ((1, 3, 4), (2, 5, 7), (1, 2, 3)),
                                                                             "heaps": (13, 11, 6)})
def _three_part_move(rng: random.Random) -> Dealt | None:
    parts = (_small_set(rng), _small_set(rng), _small_set(rng))
    return _sum_move(parts, tuple(rng.randint(4, 15) for _ in range(3)),
                     "find each part's value g and their nim-sum z; pick a part whose value has a 1 in z's highest "
                     "binary digit and move it to a follower of value g ⊕ z.")


@generator("5.8", "a P-position (a, b, a ⊕ b) of three different heaps from 1 to 15, one heap raised by 1 to 6",
           {"before": (3, 5, 6), "raised": (9, 5, 6)})
def _poker_nim(rng: random.Random) -> Dealt | None:
    a, b = rng.sample(range(1, 13), 2)
    before = (a, b, a ^ b)
    if len(set(before)) < 3 or max(before) > 15:
        return None
    i, r = rng.randrange(3), rng.randint(1, 6)
    raised = tuple(h + r if j == i else h for j, h in enumerate(before))
    return Dealt(f"Poker Nim: you left {before}; your opponent raised a heap, leaving {raised}. Give a winning reply, "
                 "as the heaps after it.", {"before": before, "raised": raised},
                 poker_reply_checker(raised, hint=f"{before} had nim-sum 0. A raise can be undone: which reply "
                                                  "gives the heaps a nim-sum of 0 again?"),
                 one_of(_NIM.winning_moves(raised)), "a tuple of three heaps, e.g. (9, 5, 1)")


@generator("5.9", "a preperiod n0 from 5 to 80, a period p from 2 to 40, at most t = 1 to 3 tokens per move",
           {"n0": 53, "p": 34, "t": 2})
def _guy_smith(rng: random.Random) -> Dealt:
    n0, p, t = rng.randint(5, 80), rng.randint(2, 40), rng.randint(1, 3)
    answer = 2 * n0 + p + t - 1
    slips = {answer + 1: "that is 2·n0 + p + t, where the check stops: n runs while n < 2·n0 + p + t",
             2 * n0 + p: "that is 2·n0 + p, without t, the most tokens one move removes",
             2 * n0 + p - 1: "that is 2·n0 + p - 1, the last heap of a check that leaves out t"}
    slips.pop(answer, None)
    return Dealt(f"An octal game removes at most t = {t} token{'s' * (t > 1)} per move, and its values seem to "
                 f"repeat with period p = {p} from heap n0 = {n0} on. By the Guy–Smith theorem, up to which heap n "
                 f"must g(n + {p}) = g(n) be checked to prove the repetition for ever? Give the last n of the check.",
                 {"n0": n0, "p": p, "t": t},
                 number_checker(answer, "the last heap of the check",
                                hint="'Why a finite check is enough' (lesson 5) gives the last n of the check from "
                                     "n0, p and t.", slips=slips.get), str(answer), "a whole number, e.g. 100")
