"""Homework 3 (lessons 5 and 6): sums of games (XOR the Grundy values) and misère play.

=====  ==============================================================  ================================  ======
q      the student's numbers                                            answers                           points
=====  ==============================================================  ================================  ======
q1     three different ``sets`` from SUM_PART, ``heaps`` from 10 to 59  each heap's Grundy value (1);     2
                                                                        with the total and the outcome
                                                                        (1)
q2     three different ``sets`` from SUM_PART, ``heaps`` from 10 to     the position after a winning      2
       59, an N-position                                                move (any)
q3     ``S`` from MISERE, its misère ``period``, ``below`` from 25 to   the remainders of misère          2
       49                                                               P-positions (1); the misère
                                                                        P-positions below ``below`` (1)
q4     misère Nim ``heaps``: one heap of 2 to 40 chips and 1 to 5       the position after the winning    2
       heaps of one chip; ``ones`` from 2 to 12                         move (1); with the misère outcome
                                                                        of ``ones`` one-chip heaps (1)
q5     ``S`` from OWN, ``start`` from 0 to 199, ``heap`` from 20 to     its misère P-positions from       3
       499, ``small_heap`` from 5 to 99                                 start to start + 29 (1.5); with
                                                                        the Grundy value of heap beside
                                                                        a heap of small_heap in S = {1,
                                                                        2} (1.5)
=====  ==============================================================  ================================  ======
"""

from __future__ import annotations

from gamelib.games.base import outcome_from_grundy
from gamelib.games.nim import Nim, nim_sum
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.sums import GameSum
from gamelib.homework.core import Answer, Homework, Part, Question
from gamelib.homework.forms import Outcome, Position, Whole, WholeList, WholeSet
from gamelib.homework.pools import MISERE, OWN, SUM_PART, pure_outcome_period


def _three_sets(stream):
    sets: list[tuple[int, ...]] = []
    while len(sets) < 3:
        S = SUM_PART.draw(stream)
        if S not in sets:
            sets.append(S)
    return tuple(sets)


def _sum(numbers) -> GameSum:
    return GameSum(*(SubtractionGame(S) for S in numbers["sets"]))


def _q1_draw(stream):
    return {"sets": _three_sets(stream), "heaps": tuple(stream.between(10, 60) for _ in range(3))}


def _q1_key(numbers):
    parts = tuple(SubtractionGame(S).grundy(h) for S, h in zip(numbers["sets"], numbers["heaps"], strict=True))
    total = nim_sum(*parts)
    return {"q1_parts": frozenset({parts}), "q1_total": frozenset({total}),
            "q1_outcome": frozenset({outcome_from_grundy(total)})}


def _q1_hints(numbers, answers):
    parts, total, outcome = answers["q1_parts"], answers["q1_total"], answers["q1_outcome"]
    found = []
    if total != nim_sum(*parts):
        found.append("by the Sprague–Grundy theorem `q1_total` is the nim-sum (XOR, `^`) of the three values in "
                     "`q1_parts`.")
    elif (outcome == "P") != (total == 0):
        found.append(f"a position is P exactly when its Grundy value is 0: `q1_outcome` = {outcome!r} does not "
                     f"follow from `q1_total` = {total}.")
    return found


def _q2_draw(stream):
    sets = _three_sets(stream)
    games = [SubtractionGame(S) for S in sets]
    while True:
        heaps = tuple(stream.between(10, 60) for _ in range(3))
        if nim_sum(*(g.grundy(h) for g, h in zip(games, heaps, strict=True))):
            return {"sets": sets, "heaps": heaps}


def _q2_key(numbers):
    return {"q2_after": frozenset(_sum(numbers).winning_moves(numbers["heaps"]))}


def _q2_hints(numbers, answers):
    if numbers is not None and answers["q2_after"] not in _sum(numbers).moves(numbers["heaps"]):
        return [f"`q2_after` = {answers['q2_after']} is not one move from your heaps {numbers['heaps']}: a move "
                "takes from one heap an amount of that heap's set, and leaves the other two alone."]
    return []


def _q3_draw(stream):
    S = MISERE.draw(stream)
    return {"S": S, "period": pure_outcome_period(S, misere=True), "below": stream.between(25, 50)}


def _q3_key(numbers):
    game = SubtractionGame(numbers["S"], misere=True)
    return {"q3_remainders": frozenset({frozenset(game.p_positions(numbers["period"]))}),
            "q3_p_positions": frozenset({tuple(game.p_positions(numbers["below"]))})}


def _q3_hints(numbers, answers):
    remainders, positions = answers["q3_remainders"], answers["q3_p_positions"]
    found = []
    if 0 in remainders:
        found.append("in misère play a heap of 0 chips is an N-position (the player to move cannot move, and so "
                     "wins): the remainder 0 is not in the set.")
    if numbers is not None:
        period, below = numbers["period"], numbers["below"]
        if any(r >= period for r in remainders):
            found.append(f"a remainder of a division by your period {period} is one of 0 to {period - 1}: "
                         f"`q3_remainders` holds {max(remainders)}.")
        elif tuple(n for n in range(below) if n % period in remainders) != positions:
            found.append(f"`q3_p_positions` does not follow from `q3_remainders`: the heaps below {below} whose "
                         f"remainder (divided by {period}) is in the set.")
    return found


def _q4_draw(stream):
    ones = 1 + stream.below(5)
    heaps = [1] * ones
    heaps.insert(stream.below(ones + 1), stream.between(2, 41))
    return {"heaps": tuple(heaps), "ones": stream.between(2, 13)}


def _q4_key(numbers):
    misere = Nim(misere=True)
    return {"q4_after": frozenset(misere.winning_moves(numbers["heaps"])),
            "q4_ones": frozenset({misere.outcome((1,) * numbers["ones"])})}


def _q4_hints(numbers, answers):
    if numbers is None:
        return []
    before, after = numbers["heaps"], answers["q4_after"]
    if (len(after) != len(before) or sum(a != b for a, b in zip(after, before, strict=True)) != 1
            or any(a > b for a, b in zip(after, before, strict=True))):
        return [f"`q4_after` = {after} is not one Nim move from your heaps {before}: exactly one heap must be "
                "smaller, the others unchanged."]
    return []


def _q5_draw(stream):
    return {"S": OWN.draw(stream), "start": stream.below(200), "heap": stream.between(20, 500),
            "small_heap": stream.between(5, 100)}


def _q5_key(numbers):
    game, start = SubtractionGame(numbers["S"], misere=True), numbers["start"]
    window = tuple(n for n in game.p_positions(start + 30) if n >= start)
    total = SubtractionGame(numbers["S"]).grundy(numbers["heap"]) ^ SubtractionGame({1, 2}).grundy(
        numbers["small_heap"])
    return {"q5_misere_p": frozenset({window}), "q5_sum_grundy": frozenset({total})}


def _q5_hints(numbers, answers):
    found = []
    if numbers is not None:
        start = numbers["start"]
        outside = [n for n in answers["q5_misere_p"] if not start <= n < start + 30]
        if outside:
            found.append(f"`q5_misere_p` must list heaps from {start} to {start + 29} only: {outside[0]} is outside.")
    if answers["q5_sum_grundy"] > 7:
        found.append("`q5_sum_grundy` is the XOR of a Grundy value of at most 5 and one of at most 2, so it is at "
                     f"most 7, not {answers['q5_sum_grundy']}.")
    return found


HOMEWORK = Homework("hw3", "Homework 3", (
    Question("q1", (Answer("q1_parts", WholeList(3, what="a list of three whole numbers")),
                    Answer("q1_total", Whole()), Answer("q1_outcome", Outcome())),
             (Part(1, ("q1_parts",)), Part(1, ("q1_parts", "q1_total", "q1_outcome"))), _q1_draw, _q1_key, _q1_hints),
    Question("q2", (Answer("q2_after", Position(3, what="a tuple of three heap sizes")),),
             (Part(2, ("q2_after",)),), _q2_draw, _q2_key, _q2_hints),
    Question("q3", (Answer("q3_remainders", WholeSet()),
                    Answer("q3_p_positions", WholeList(any_order=True, what="a list of heap sizes"))),
             (Part(1, ("q3_remainders",)), Part(1, ("q3_p_positions",))), _q3_draw, _q3_key, _q3_hints),
    Question("q4", (Answer("q4_after", Position(None, what="a tuple of heap sizes, one per heap of "
                                                           "`mine.q4.heaps`")),
                    Answer("q4_ones", Outcome())),
             (Part(1, ("q4_after",)), Part(1, ("q4_after", "q4_ones"))), _q4_draw, _q4_key, _q4_hints),
    Question("q5", (Answer("q5_misere_p", WholeList(any_order=True, what="a list of heap sizes")),
                    Answer("q5_sum_grundy", Whole())),
             (Part(1.5, ("q5_misere_p",)), Part(1.5, ("q5_misere_p", "q5_sum_grundy"))), _q5_draw, _q5_key,
             _q5_hints),
))
