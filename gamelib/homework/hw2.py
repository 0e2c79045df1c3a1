"""Homework 2 (lessons 3 and 4): the Grundy values of a subtraction game repeat; the nim-sum decides Nim.

=====  ==============================================================  ================================  ======
q      the student's numbers                                            answers                           points
=====  ==============================================================  ================================  ======
q1     ``S`` from PREPERIOD                                             preperiod and period              2
q2     ``S`` from PREPERIOD, ``heap`` from 10^12 to 10^12 + 10^6 - 1    P-positions below the preperiod   3
                                                                        (1); the remainders of the
                                                                        P-positions after it (1); with
                                                                        heap's outcome (1)
q3     four different ``heaps`` from 1 to 127                           nim-sum (1); with the outcome (1) 2
q4     four ``heaps`` from 1 to 31, an N-position                       the position after a winning      2
                                                                        move (any)
q5     ``S`` from OWN, ``heap`` from 10^9 to 10^9 + 10^6 - 1            preperiod and period (1.5); with  3
                                                                        g(heap) (1.5)
=====  ==============================================================  ================================  ======
"""

from __future__ import annotations

from gamelib.games.base import outcome_from_grundy
from gamelib.games.nim import Nim, nim_sum
from gamelib.games.subtraction import SubtractionGame
from gamelib.homework.core import Answer, Homework, Part, Question
from gamelib.homework.forms import Outcome, Position, Whole, WholeList, WholeSet
from gamelib.homework.mistakes import (
    TYPICAL,
    Slip,
    as_move,
    move_or_position,
    near_set,
    neighbour_value,
    outcome_slip,
    periods_slips,
)
from gamelib.homework.pools import OWN, PREPERIOD


def _periods(S):
    found = SubtractionGame(S).periodicity()
    return found.preperiod, found.period


def _q1_key(numbers):
    preperiod, period = _periods(numbers["S"])
    return {"q1_preperiod": frozenset({preperiod}), "q1_period": frozenset({period})}


def _q2_draw(stream):
    return {"S": PREPERIOD.draw(stream), "heap": 10**12 + stream.below(10**6)}


def _q2_key(numbers):
    game = SubtractionGame(numbers["S"])
    preperiod, period = _periods(numbers["S"])
    remainders = frozenset(n % period for n in game.p_positions(preperiod + period) if n >= preperiod)
    return {"q2_small_p": frozenset({tuple(game.p_positions(preperiod))}),
            "q2_remainders": frozenset({remainders}), "q2_huge": frozenset({game.outcome(numbers["heap"])})}


def _q2_hints(numbers, answers):
    if 0 not in answers["q2_small_p"]:
        return [Slip("zero-not-p", "q2_small_p", "a heap of 0 chips is always a P-position: 0 belongs in "
                                                 "`q2_small_p`.")]
    return []


def _q3_draw(stream):
    heaps: list[int] = []
    while len(heaps) < 4:
        h = stream.between(1, 128)
        if h not in heaps:
            heaps.append(h)
    return {"heaps": tuple(heaps)}


def _q3_key(numbers):
    total = nim_sum(*numbers["heaps"])
    return {"q3_nim_sum": frozenset({total}), "q3_outcome": frozenset({outcome_from_grundy(total)})}


def _q3_hints(numbers, answers):
    total, outcome = answers["q3_nim_sum"], answers["q3_outcome"]
    found = []
    if total > 127:
        kind = "added-not-xored" if numbers is not None and total == sum(numbers["heaps"]) else "nim-sum-too-large"
        found.append(Slip(kind, "q3_nim_sum", "XOR never gives a number with more binary digits than the largest "
                          f"heap: with heaps below 128 (7 binary digits), the nim-sum is at most 127, not {total}."))
    if (outcome == "P") != (total == 0):
        found.append(Slip("outcome-not-from-value", "q3_outcome", f"a Nim position is P exactly when its nim-sum "
                          f"is 0: `q3_outcome` = {outcome!r} does not follow from `q3_nim_sum` = {total}."))
    return found


def _q4_draw(stream):
    while True:
        heaps = tuple(stream.between(1, 32) for _ in range(4))
        if nim_sum(*heaps):
            return {"heaps": heaps}


def _q4_key(numbers):
    return {"q4_after": frozenset(Nim().winning_moves(numbers["heaps"]))}


def _q4_hints(numbers, answers):
    if numbers is None:
        return []
    before, after = numbers["heaps"], answers["q4_after"]
    if sum(a != b for a, b in zip(after, before, strict=True)) != 1 or any(a > b for a, b in zip(after, before,
                                                                                                strict=True)):
        return [Slip("not-one-move", "q4_after", f"`q4_after` = {after} is not one Nim move from your heaps "
                     f"{before}: exactly one heap must be smaller, the others unchanged.")]
    return []


def _q5_draw(stream):
    return {"S": OWN.draw(stream), "heap": 10**9 + stream.below(10**6)}


def _q5_key(numbers):
    preperiod, period = _periods(numbers["S"])
    return {"q5_preperiod": frozenset({preperiod}), "q5_period": frozenset({period}),
            "q5_g": frozenset({SubtractionGame(numbers["S"]).grundy(numbers["heap"])})}


def _q5_hints(numbers, answers):
    if numbers is not None and answers["q5_g"] > len(numbers["S"]):
        return [Slip("grundy-too-large", "q5_g", f"a Grundy value is never larger than the number of moves, here "
                     f"{len(numbers['S'])}: `q5_g` is {answers['q5_g']}.")]
    return []


def _only(key):
    """The one right answer of each answer that has only one."""
    return {name: next(iter(options)) for name, options in key.items() if len(options) == 1}


def _q1_mistakes(numbers, answers, key):
    right = _only(key)
    return periods_slips(("q1_preperiod", "q1_period"), (answers["q1_preperiod"], answers["q1_period"]),
                         (right["q1_preperiod"], right["q1_period"]))


def _q2_mistakes(numbers, answers, key):
    right = _only(key)
    _, period = _periods(numbers["S"])
    found = [s for s in (near_set("q2_small_p", answers["q2_small_p"], right["q2_small_p"]),
                         near_set("q2_remainders", answers["q2_remainders"], right["q2_remainders"], range(period),
                                  "remainders of P-positions")) if s]
    own = "P" if numbers["heap"] % period in answers["q2_remainders"] else "N"
    found.append(outcome_slip("q2_huge", own == answers["q2_huge"] and answers["q2_remainders"] != right[
        "q2_remainders"], "q2_remainders"))
    return found


def _q3_mistakes(numbers, answers, key):
    total, right = answers["q3_nim_sum"], _only(key)
    found = []
    if total == sum(numbers["heaps"]):
        found.append(Slip("added-not-xored", "q3_nim_sum", f"{total} is the sum of the heaps, not their nim-sum."))
    found.append(outcome_slip("q3_outcome", total != right["q3_nim_sum"], "q3_nim_sum"))
    return found


def _q4_mistakes(numbers, answers, key):
    slip = move_or_position("q4_after", answers["q4_after"], numbers["heaps"], key["q4_after"])
    if slip:
        return [slip]
    if nim_sum(*answers["q4_after"]):
        return [Slip("leaves-n-position", "q4_after", f"{answers['q4_after']} is one Nim move away, but its nim-sum "
                                                      f"is {nim_sum(*answers['q4_after'])}, not 0: an N-position.")]
    return []


def _q5_mistakes(numbers, answers, key):
    right = _only(key)
    return periods_slips(("q5_preperiod", "q5_period"), (answers["q5_preperiod"], answers["q5_period"]),
                         (right["q5_preperiod"], right["q5_period"])) + neighbour_value(
        "q5_g", answers["q5_g"], SubtractionGame(numbers["S"]).grundy, numbers["heap"])


TYPICAL[("hw2", "q4")] = lambda numbers: {
    "q4_after": as_move(numbers["heaps"], Nim().winning_moves(numbers["heaps"])[0])}

HOMEWORK = Homework("hw2", "Homework 2", (
    Question("q1", (Answer("q1_preperiod", Whole()), Answer("q1_period", Whole(minimum=1, what="a whole number, "
                                                                                             "at least 1"))),
             (Part(2, ("q1_preperiod", "q1_period")),), lambda stream: {"S": PREPERIOD.draw(stream)}, _q1_key,
             mistakes=_q1_mistakes),
    Question("q2", (Answer("q2_small_p", WholeList(any_order=True, what="a list of heap sizes, such as [0, 3]")),
                    Answer("q2_remainders", WholeSet()), Answer("q2_huge", Outcome())),
             (Part(1, ("q2_small_p",)), Part(1, ("q2_remainders",)), Part(1, ("q2_remainders", "q2_huge"))),
             _q2_draw, _q2_key, _q2_hints, _q2_mistakes),
    Question("q3", (Answer("q3_nim_sum", Whole()), Answer("q3_outcome", Outcome())),
             (Part(1, ("q3_nim_sum",)), Part(1, ("q3_nim_sum", "q3_outcome"))), _q3_draw, _q3_key, _q3_hints,
             _q3_mistakes),
    Question("q4", (Answer("q4_after", Position(4, what="a tuple of four heap sizes")),),
             (Part(2, ("q4_after",)),), _q4_draw, _q4_key, _q4_hints, _q4_mistakes),
    Question("q5", (Answer("q5_preperiod", Whole()), Answer("q5_period", Whole(minimum=1, what="a whole number, "
                                                                                             "at least 1")),
                    Answer("q5_g", Whole())),
             (Part(1.5, ("q5_preperiod", "q5_period")), Part(1.5, ("q5_preperiod", "q5_period", "q5_g"))),
             _q5_draw, _q5_key, _q5_hints, _q5_mistakes),
))
