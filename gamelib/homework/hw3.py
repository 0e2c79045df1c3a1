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
from gamelib.homework.mistakes import TYPICAL, Slip, as_move, move_or_position, near_set, outcome_slip
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
        found.append(Slip("added-not-xored" if total == sum(parts) else "total-not-xor", "q1_total", "by the "
                          "Sprague–Grundy theorem `q1_total` is the nim-sum (XOR, `^`) of the three values in "
                          "`q1_parts`."))
    elif (outcome == "P") != (total == 0):
        found.append(Slip("outcome-not-from-value", "q1_outcome", f"a position is P exactly when its Grundy value "
                          f"is 0: `q1_outcome` = {outcome!r} does not follow from `q1_total` = {total}."))
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
        after, heaps = answers["q2_after"], numbers["heaps"]
        changed = [i for i, (a, h) in enumerate(zip(after, heaps, strict=False)) if a != h]
        if len(after) == len(heaps) and len(changed) == 1 and after[changed[0]] in numbers["sets"][changed[0]]:
            i = changed[0]
            return [Slip("move-not-position", "q2_after", f"`q2_after` holds {after[i]} for heap {i + 1}, an "
                         f"amount a move takes from it: `q2_after` is the position the move leaves, from your heaps "
                         f"{heaps}.")]
        return [Slip("not-one-move", "q2_after", f"`q2_after` = {answers['q2_after']} is not one move from your "
                     f"heaps {numbers['heaps']}: a move takes from one heap an amount of that heap's set, and leaves "
                     "the other two alone.")]
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
        found.append(Slip("misere-zero", "q3_remainders", "in misère play a heap of 0 chips is an N-position (the "
                          "player to move cannot move, and so wins): the remainder 0 is not in the set."))
    if numbers is not None:
        period, below = numbers["period"], numbers["below"]
        if any(r >= period for r in remainders):
            found.append(Slip("remainder-too-large", "q3_remainders", f"a remainder of a division by your period "
                              f"{period} is one of 0 to {period - 1}: `q3_remainders` holds {max(remainders)}."))
        elif tuple(n for n in range(below) if n % period in remainders) != positions:
            found.append(Slip("p-not-from-remainders", "q3_p_positions", f"`q3_p_positions` does not follow from "
                              f"`q3_remainders`: the heaps below {below} whose remainder (divided by {period}) is in "
                              "the set."))
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
        return [Slip("not-one-move", "q4_after", f"`q4_after` = {after} is not one Nim move from your heaps "
                     f"{before}: exactly one heap must be smaller, the others unchanged.")]
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
            found.append(Slip("outside-window", "q5_misere_p", f"`q5_misere_p` must list heaps from {start} to "
                              f"{start + 29} only: {outside[0]} is outside."))
    if answers["q5_sum_grundy"] > 7:
        found.append(Slip("nim-sum-too-large", "q5_sum_grundy", "`q5_sum_grundy` is the XOR of a Grundy value of "
                          f"at most 5 and one of at most 2, so it is at most 7, not {answers['q5_sum_grundy']}."))
    return found


def _only(key):
    """The one right answer of each answer that has only one."""
    return {name: next(iter(options)) for name, options in key.items() if len(options) == 1}


def _q1_mistakes(numbers, answers, key):
    right = _only(key)
    parts, total = answers["q1_parts"], answers["q1_total"]
    found = []
    if parts != right["q1_parts"] and total == nim_sum(*parts):
        found.append(outcome_slip("q1_total", True, "q1_parts"))
    found.append(outcome_slip("q1_outcome", total != right["q1_total"], "q1_total"))
    return found


def _q2_mistakes(numbers, answers, key):
    after = answers["q2_after"]
    if after not in _sum(numbers).moves(numbers["heaps"]):
        return []  # not a move: the hint says so
    return [Slip("leaves-n-position", "q2_after", f"{after} is one move away, but its Grundy value (the nim-sum of "
                                                  "the three heaps' values) is not 0: an N-position.")]


def _normal(numbers, below):
    return tuple(SubtractionGame(numbers["S"]).p_positions(below))


def _q3_mistakes(numbers, answers, key):
    right, period, below = _only(key), numbers["period"], numbers["below"]
    found = []
    if answers["q3_remainders"] == frozenset(_normal(numbers, period)) != right["q3_remainders"]:
        found.append(Slip("normal-play", "q3_remainders", "`q3_remainders` holds the P-positions of normal play "
                                                          "below the period."))
    if tuple(answers["q3_p_positions"]) == _normal(numbers, below):
        found.append(Slip("normal-play", "q3_p_positions", "`q3_p_positions` lists the P-positions of normal play."))
    found += [s for s in (near_set("q3_remainders", answers["q3_remainders"], right["q3_remainders"], range(period),
                                   "remainders of misère P-positions"),
                          near_set("q3_p_positions", answers["q3_p_positions"], right["q3_p_positions"], range(below),
                                   "misère P-positions")) if s]
    return found


def _q4_mistakes(numbers, answers, key):
    after, found = answers["q4_after"], []
    slip = move_or_position("q4_after", after, numbers["heaps"], key["q4_after"])
    if slip:
        found.append(slip)
    elif not _q4_hints(numbers, answers) and not nim_sum(*after):  # a move (else the hint says what is wrong)
        found.append(Slip("normal-play", "q4_after", f"{after} has nim-sum 0: the winning move of normal Nim."))
    elif not _q4_hints(numbers, answers):
        found.append(Slip("leaves-n-position", "q4_after", f"{after} is one move away, but a misère N-position."))
    found.append(Slip("normal-play", "q4_ones", f"{answers['q4_ones']!r} is the outcome of {numbers['ones']} "
                                                "one-chip heaps in normal play."))
    return found


def _q5_mistakes(numbers, answers, key):
    start, found = numbers["start"], []
    window = tuple(n for n in _normal(numbers, start + 30) if n >= start)
    if tuple(answers["q5_misere_p"]) == window:
        found.append(Slip("normal-play", "q5_misere_p", "`q5_misere_p` lists the P-positions of normal play."))
    slip = near_set("q5_misere_p", answers["q5_misere_p"], _only(key)["q5_misere_p"], range(start, start + 30),
                    "misère P-positions")
    found += [slip] if slip else []
    g = SubtractionGame(numbers["S"]).grundy(numbers["heap"]), SubtractionGame({1, 2}).grundy(numbers["small_heap"])
    if answers["q5_sum_grundy"] == sum(g) != (g[0] ^ g[1]):
        found.append(Slip("added-not-xored", "q5_sum_grundy", f"{sum(g)} is {g[0]} + {g[1]}, not {g[0]} XOR {g[1]}."))
    return found


TYPICAL[("hw3", "q2")] = lambda numbers: {"q2_after": as_move(numbers["heaps"], _sum(numbers).winning_moves(
    numbers["heaps"])[0])}
TYPICAL[("hw3", "q3")] = lambda numbers: {"q3_p_positions": _normal(numbers, numbers["below"])}
TYPICAL[("hw3", "q4")] = lambda numbers: {"q4_after": as_move(numbers["heaps"], Nim(misere=True).winning_moves(
    numbers["heaps"])[0])}
TYPICAL[("hw3", "q5")] = lambda numbers: {"q5_misere_p": tuple(n for n in _normal(numbers, numbers["start"] + 30)
                                                               if n >= numbers["start"])}

HOMEWORK = Homework("hw3", "Homework 3", (
    Question("q1", (Answer("q1_parts", WholeList(3, what="a list of three whole numbers")),
                    Answer("q1_total", Whole()), Answer("q1_outcome", Outcome())),
             (Part(1, ("q1_parts",)), Part(1, ("q1_parts", "q1_total", "q1_outcome"))), _q1_draw, _q1_key, _q1_hints,
             _q1_mistakes),
    Question("q2", (Answer("q2_after", Position(3, what="a tuple of three heap sizes")),),
             (Part(2, ("q2_after",)),), _q2_draw, _q2_key, _q2_hints, _q2_mistakes),
    Question("q3", (Answer("q3_remainders", WholeSet()),
                    Answer("q3_p_positions", WholeList(any_order=True, what="a list of heap sizes"))),
             (Part(1, ("q3_remainders",)), Part(1, ("q3_p_positions",))), _q3_draw, _q3_key, _q3_hints,
             _q3_mistakes),
    Question("q4", (Answer("q4_after", Position(None, what="a tuple of heap sizes, one per heap of "
                                                           "`mine.q4.heaps`")),
                    Answer("q4_ones", Outcome())),
             (Part(1, ("q4_after",)), Part(1, ("q4_after", "q4_ones"))), _q4_draw, _q4_key, _q4_hints,
             _q4_mistakes),
    Question("q5", (Answer("q5_misere_p", WholeList(any_order=True, what="a list of heap sizes")),
                    Answer("q5_sum_grundy", Whole())),
             (Part(1.5, ("q5_misere_p",)), Part(1.5, ("q5_misere_p", "q5_sum_grundy"))), _q5_draw, _q5_key,
             _q5_hints, _q5_mistakes),
))
