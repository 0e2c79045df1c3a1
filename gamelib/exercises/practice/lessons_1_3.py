"""Generators for lessons 1 to 3: subtraction games, Grundy values, periodicity.

Bounds are chosen so that each instance is done by hand in a few minutes, as the lesson's own: sets of 2 or 3
moves up to 8, tables of at most 20 heaps.

>>> from gamelib.exercises.practice import deal
>>> deal("1.1", seed=2).numbers
{'S': (1, 2, 3, 4, 5), 'stop': 17}
"""

from __future__ import annotations

import random

from gamelib.analysis.engine import mex
from gamelib.exercises.kinds import move_checker, number_checker, outcome_checker, set_checker
from gamelib.exercises.lesson1 import _DIGITS, _why_not_p, ptfn_by_hand_checker
from gamelib.exercises.lesson2 import (
    certain_followers_why_not,
    first_with_value_slips,
    follower_value_slips,
    grundy_sequence_checker,
    mex_slips,
)
from gamelib.exercises.lesson3 import _POWERS_OF_TWO, periodicity_checker
from gamelib.exercises.practice.core import Bound, Dealt, braces, draw_set, generator, one_of
from gamelib.games.subtraction import SubtractionGame

WINS = "this move wins"
MOVE_EXPECTS = "the heap size you leave behind, e.g. 12"


def _winning_heap(game, n: int, question: str, hint: str, numbers: dict) -> Dealt | None:
    """A "give a winning move from heap n" instance, or None when n has no winning move."""
    wins = game.winning_moves(n)
    if not wins:
        return None
    return Dealt(question, numbers, move_checker(game, n, WINS, hint), one_of(wins), MOVE_EXPECTS)


# -- lesson 1 --------------------------------------------------------------------------------------------------


@generator("1.1", "S = {1, ..., k} with k from 2 to 6; heaps below 10 to 18", {"S": (1, 2, 3, 4), "stop": 10})
def _p_positions_one_to_k(rng: random.Random) -> Dealt:
    k, stop = rng.randint(2, 6), rng.randint(10, 18)
    game = SubtractionGame(range(1, k + 1))
    truth = game.p_positions(stop)
    what = f"P-positions below {stop} for S = {braces(game.S)}"
    return Dealt(f"In the subtraction game S = {braces(game.S)} (take 1 to {k} chips), list the P-positions "
                 f"below {stop}.", {"S": game.S, "stop": stop},
                 set_checker(truth, what, hint="a heap is P when every move leads to an N-position; start from 0 "
                                               "and work upwards.", why_not=_why_not_p(game, stop)),
                 str(list(truth)), "a list of heap sizes, e.g. [3, 7]")


@generator("1.2", "S: 1 and two more moves up to 6; a heap from 15 to {largest} with a winning move",
           {"S": (1, 3, 4), "heap": 25}, (Bound("largest", "the largest heap", 20, 200, 40),))
def _winning_move_small_set(rng: random.Random, largest: int) -> Dealt | None:
    S = (1, *sorted(rng.sample(range(2, 7), 2)))
    game, n = SubtractionGame(S), rng.randint(15, largest)
    return _winning_heap(game, n, f"S = {braces(S)}: a heap of {n} chips, and it is your move. Give a winning "
                                  "move, as the heap you leave behind.", hint="list the P-positions from 0 upwards "
                         "until they repeat, then move to one of them.", numbers={"S": S, "heap": n})


@generator("1.3", "S: 1 and one or two more moves up to 6, P-positions repeating from heap 0 with period at most 9; "
                  "a heap from 50 to 200", {"S": (1, 3, 4), "heap": 100})
def _outcome_of_a_big_heap(rng: random.Random) -> Dealt | None:
    S = (1, *sorted(rng.sample(range(2, 7), rng.randint(1, 2))))
    game, n = SubtractionGame(S), rng.randint(50, 200)
    labels = game.outcomes(40)
    period = next((p for p in range(1, 10) if labels[p:] == labels[:-p]), None)
    if period is None or game.periodicity().preperiod:
        return None
    answer = game.outcome(n)
    return Dealt(f"S = {braces(S)}: is a heap of {n} chips a P-position or an N-position? Answer 'P' or 'N'.",
                 {"S": S, "heap": n},
                 outcome_checker(answer, f"a heap of {n} chips (S = {braces(S)})",
                                 hint=f"the P-positions repeat in a pattern: find after how many heaps it repeats "
                                      f"(heaps 0 to 20 show it), then divide {n} by that number and look at the "
                                      "remainder."), repr(answer), "'P' or 'N'")


@generator("1.4", "a heap from 101 to 999, not a multiple of 10", {"heap": 307})
def _digit_game(rng: random.Random) -> Dealt | None:
    n = rng.randint(101, 999)
    return _winning_heap(_DIGITS, n, f"The digit game (subtract a nonzero digit of the heap): a heap of {n}, your "
                                     "move. Give a winning move, as the heap you leave behind.",
                         hint="the P-positions of the digit game are the multiples of 10.", numbers={"heap": n})


@generator("1.5", "S = {1, k} with k from 2 to 7; heaps below 12 to 18", {"S": (1, 4), "stop": 15})
def _ptfn_by_hand(rng: random.Random) -> Dealt:
    k, stop = rng.randint(2, 7), rng.randint(12, 18)
    game = SubtractionGame({1, k})
    return Dealt(f"Run PTFN by hand for S = {{1, {k}}}: label the heaps 0 to {stop - 1} P or N (or list the "
                 f"P-positions below {stop}).", {"S": game.S, "stop": stop},
                 ptfn_by_hand_checker(game, stop, hint=f"scan upwards: an unmarked heap is P, and it marks the heaps 1 "
                                                       f"and {k} above it as N."),
                 str(game.p_positions(stop)) + " (labels " + game.outcomes(stop) + ")",
                 "a list of heap sizes, e.g. [0, 3], or the labels, e.g. 'PNPN...'")


# -- lesson 2 --------------------------------------------------------------------------------------------------


@generator("2.1", "3 to 6 different numbers from 0 to 9, 0 among them", {"set": (0, 1, 3, 4)})
def _mex(rng: random.Random) -> Dealt:
    values = tuple(sorted({0, *rng.sample(range(1, 10), rng.randint(2, 5))}))
    answer = mex(values)
    return Dealt(f"What is mex{braces(values)}?", {"set": values},
                 number_checker(answer, f"mex{braces(values)}", hint="the mex is the smallest whole number, starting "
                                "from 0, that is missing from the set.", slips=mex_slips(set(values))),
                 str(answer), "a whole number, e.g. 5")


@generator("2.2", "S: 3 moves up to 8; a heap from 12 to 30, with g(0) to g(n - 1) given",
           {"S": (2, 5, 7), "heap": 22})
def _one_more_value(rng: random.Random) -> Dealt:
    S, n = draw_set(rng, 3, 8), rng.randint(12, 30)
    game = SubtractionGame(S)
    table = ", ".join(str(int(v)) for v in game.grundy_values(n))
    answer = game.grundy(n)
    return Dealt(f"S = {braces(S)}. The Grundy values g(0) to g({n - 1}) are {table}. What is g({n})?",
                 {"S": S, "heap": n},
                 number_checker(answer, f"g({n}) for S = {braces(S)}",
                                hint=f"g({n}) is the mex of g({n} - s) for the moves s in S; read them from the table.",
                                slips=follower_value_slips(game, n)), str(answer), "a whole number, e.g. 3")


@generator("2.3", "S: 2 moves up to 6; 8 to 12 heaps", {"S": (1, 4), "stop": 10})
def _grundy_sequence(rng: random.Random) -> Dealt:
    S, stop = draw_set(rng, 2, 6), rng.randint(8, 12)
    game = SubtractionGame(S)
    a, b = S
    return Dealt(f"S = {braces(S)}: compute the first {stop} Grundy values g(0), g(1), ..., g({stop - 1}), as a "
                 "list.",
                 {"S": S, "stop": stop},
                 grundy_sequence_checker(game, stop, hint=f"g(n) is the mex of g(n - {a}) and g(n - {b}) (only the "
                                                          f"moves that exist: heaps below {b} have fewer moves)."),
                 str([int(v) for v in game.grundy_values(stop)]),
                 f"a list of {stop} whole numbers, e.g. [0, 0, 1, ...]")


@generator("2.4", "S: 1 and two more moves up to 6; the value 2 or 3, first reached below heap 30",
           {"S": (1, 3, 4), "value": 3})
def _first_with_value(rng: random.Random) -> Dealt | None:
    S, wanted = (1, *sorted(rng.sample(range(2, 7), 2))), rng.choice((2, 3))
    game = SubtractionGame(S)
    first = next((n for n in range(30) if game.grundy(n) == wanted), None)
    if first is None:
        return None
    below = ", ".join(map(str, range(wanted)))
    return Dealt(f"S = {braces(S)}: which is the smallest heap whose Grundy value is {wanted}?",
                 {"S": S, "value": wanted},
                 number_checker(first, f"the smallest heap with Grundy value {wanted} for S = {braces(S)}",
                                hint=f"compute g(0), g(1), ... in order; a value {wanted} needs followers with values "
                                     f"{below}.", slips=first_with_value_slips(game, wanted)),
                 str(first), "a heap size, e.g. 8")


@generator("2.5", "S: 3 moves up to 8; heaps below 12 to 20", {"S": (2, 3, 6), "stop": 16})
def _p_positions_by_values(rng: random.Random) -> Dealt:
    S, stop = draw_set(rng, 3, 8), rng.randint(12, 20)
    game = SubtractionGame(S)
    truth = game.p_positions(stop)
    return Dealt(f"S = {braces(S)}: list the P-positions below {stop}.", {"S": S, "stop": stop},
                 set_checker(truth, f"P-positions below {stop} for S = {braces(S)}",
                             hint="a heap is a P-position exactly when its Grundy value is 0; "
                                  + ("heap 0 has no move." if S[0] == 1 else f"heaps below {S[0]} have no move."),
                             why_not=lambda n: (f"g({n}) = {game.grundy(n)}, not 0" if 0 <= n < stop
                                                else f"the question is about heaps 0 to {stop - 1}")),
                 str(list(truth)), "a list of heap sizes, e.g. [3, 7]")


@generator("2.6", "a Grundy value from 2 to 7", {"mex": 4})
def _certain_followers(rng: random.Random) -> Dealt:
    m = rng.randint(2, 7)
    return Dealt(f"A position has Grundy value {m}. Which values are certainly among the Grundy values of its "
                 "followers?", {"mex": m},
                 set_checker(range(m), "values certainly among the followers",
                             hint="the mex is the smallest missing number: what does that say about the numbers "
                                  "below it?", why_not=certain_followers_why_not(m)),
                 str(list(range(m))), "a list of whole numbers, e.g. [1, 2]")


# -- lesson 3 --------------------------------------------------------------------------------------------------


@generator("3.1", "S: 2 or 3 moves up to 9, periodic from heap 0 with period 3 to 24; a heap 10**e + r with e "
                  "from 6 to 15, r from 1 to 99", {"S": (2, 5, 7), "e": 12, "r": 5})
def _value_of_a_huge_heap(rng: random.Random) -> Dealt | None:
    S = draw_set(rng, rng.randint(2, 3), 9)
    game = SubtractionGame(S)
    found = game.periodicity()
    if found.preperiod or not 3 <= found.period <= 24:
        return None
    e, r = rng.randint(6, 15), rng.randint(1, 99)
    n, p = 10**e + r, found.period
    answer = game.grundy(n)
    slips = {n % p: f"{n % p} is the remainder (10**{e} + {r}) % {p}, a heap size; the answer is the Grundy "
                    "value of that heap"} if n % p != answer else {}
    return Dealt(f"S = {braces(S)}: what is g(10**{e} + {r})?", {"S": S, "e": e, "r": r},
                 number_checker(answer, f"g(10**{e} + {r}) for S = {braces(S)}",
                                hint=f"the preperiod is 0 and the period {p}, so g(n) = g(n % {p}); compute "
                                     f"(10**{e} + {r}) % {p} first.", slips=slips.get),
                 str(answer), "a whole number, e.g. 3")


@generator("3.2", "S: 2 to 4 moves up to 9", {"S": (3, 5, 8)})
def _pigeonhole_bound(rng: random.Random) -> Dealt:
    S = draw_set(rng, rng.randint(2, 4), 9)
    k, s = len(S), max(S)
    answer = s * (k + 1) ** s
    slips = {(k + 1) ** s: "that is (k+1)^(s_k) alone; the bound multiplies it by s_k",
             s * k ** s: "that is s_k k^(s_k); the bound raises k + 1, not k",
             s * (k + 1) * s: "that multiplies by s_k where the bound raises to the power s_k"}
    slips.pop(answer, None)
    return Dealt(f"S = {braces(S)}: compute the pigeonhole bound s_k (k+1)^(s_k) on the preperiod plus period.",
                 {"S": S}, number_checker(answer, f"the pigeonhole bound s_k (k+1)^(s_k) for S = {braces(S)}",
                                          hint=f"here k = {k} (the number of moves) and s_k = {s} (the largest move).",
                                          slips=slips.get), str(answer), "a whole number, e.g. 1000")


@generator("3.3", "S: 3 moves up to 8, preperiod + 2 × period at most 30", {"S": (2, 4, 7)})
def _preperiod_and_period(rng: random.Random) -> Dealt | None:
    S = draw_set(rng, 3, 8)
    game = SubtractionGame(S)
    found = game.periodicity()
    if found.preperiod + 2 * found.period > 30:
        return None
    return Dealt(f"S = {braces(S)}: find the preperiod and the smallest period of the Grundy values, as a pair "
                 "(preperiod, period).", {"S": S},
                 periodicity_checker(game, hint=f"print g(0) to g(30) and find the first window of {max(S)} values "
                                                "that appears again later: where it starts is the preperiod, how far "
                                                "it moved is the period."),
                 str((found.preperiod, found.period)), "a pair, e.g. (0, 5)")


@generator("3.5", "a heap from 100 to 3000, not a multiple of 3", {"heap": 2024})
def _powers_of_two(rng: random.Random) -> Dealt | None:
    n = rng.randint(100, 3000)
    return _winning_heap(_POWERS_OF_TWO, n, f"Take a power of 2 (1, 2, 4, 8, ... chips): a heap of {n}, your move. "
                                            "Give a winning move, as the heap you leave behind.",
                         hint="a power of 2 is never a multiple of 3; which heaps are the P-positions?",
                         numbers={"heap": n})
