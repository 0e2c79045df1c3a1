"""Homework 1 (lessons 1 and 2): P- and N-positions, the mex rule, Grundy values, winning moves.

=====  ==============================================================  ================================  ======
q      the student's numbers                                            answers                           points
=====  ==============================================================  ================================  ======
q1     ``S`` from SMALL                                                 g(0), ..., g(15)                  2
q2     ``S`` from SMALL, heap ``n`` from max(S) to max(S) + 29          the heaps one move from n (1);    2
                                                                        with their Grundy values and
                                                                        g(n) by mex (1)
q3     ``S`` from PURE_PERIOD, its ``period``, heap ``heap`` from      the remainders of P-positions     2
       10^6 to 10^7 - 1                                                 (1); with heap's outcome (1)
q4     ``S`` from SMALL, heap ``n`` from 20 to 59, an N-position        a heap to leave that wins (any)   2
q5     ``S`` from OWN, ``start`` from 0 to 199, ``heap`` from 10^3      the P-positions from start to     3
       to 10^6 - 1                                                      start + 29 (1.5); with g(heap)
                                                                        (1.5)
=====  ==============================================================  ================================  ======

(The pools are described in :mod:`gamelib.homework.pools`; a heap that must be an N-position is drawn again
until it is one.)
"""

from __future__ import annotations

from gamelib.analysis.engine import mex
from gamelib.arguments import set_text
from gamelib.games.subtraction import SubtractionGame
from gamelib.homework.core import Answer, Homework, Part, Question
from gamelib.homework.forms import Outcome, Whole, WholeList, WholeSet
from gamelib.homework.mistakes import TYPICAL, Slip, near_set, neighbour_value, outcome_slip, shifted
from gamelib.homework.pools import OWN, PURE_PERIOD, SMALL, pure_outcome_period


def _q1_key(numbers):
    return {"q1_grundy": frozenset({tuple(SubtractionGame(numbers["S"]).grundy_values(16).tolist())})}


def _q1_hints(numbers, answers):
    values = answers["q1_grundy"]
    found = []
    if values[0] != 0:
        found.append(Slip("g0-not-zero", "q1_grundy", "g(0) is always 0: a heap of 0 chips has no move, and the "
                                                     "mex of no values is 0."))
    if numbers is not None and max(values) > len(numbers["S"]):
        found.append(Slip("grundy-too-large", "q1_grundy", f"a Grundy value is never larger than the number of "
                          f"moves, here {len(numbers['S'])}: {max(values)} in `q1_grundy` is too large."))
    return found


def _q2_draw(stream):
    S = SMALL.draw(stream)
    return {"S": S, "n": stream.between(max(S), max(S) + 30)}


def _q2_key(numbers):
    game = SubtractionGame(numbers["S"])
    moves = game.moves(numbers["n"])
    followers = [game.grundy(m) for m in moves]
    return {"q2_moves": frozenset({tuple(sorted(moves))}), "q2_followers": frozenset({tuple(sorted(followers))}),
            "q2_g": frozenset({mex(followers)})}


def _q2_hints(numbers, answers):
    moves, followers, g = answers["q2_moves"], answers["q2_followers"], answers["q2_g"]
    found = []
    if numbers is not None:
        n, S = numbers["n"], numbers["S"]
        wrong = [m for m in moves if n - m not in S]
        if wrong and set(moves) <= set(S):
            found.append(Slip("move-not-position", "q2_moves", f"`q2_moves` lists amounts a move takes away "
                              f"({set_text(S)}): it asks for the heaps the moves leave from your heap of {n}."))
        elif wrong:
            found.append(Slip("not-one-move", "q2_moves", f"{wrong[0]} is not one move from your heap of {n}: a "
                              f"move takes away {set_text(S)} chips."))
    if len(followers) != len(moves):
        found.append(Slip("followers-count", "q2_followers", f"`q2_followers` must hold one Grundy value per heap "
                          f"of `q2_moves`: it has {len(followers)} values for {len(moves)} heaps."))
    if g != mex(followers):
        found.append(Slip("mex-taken" if g in followers else "mex-skips", "q2_g", "`q2_g` must be the mex of "
                          "`q2_followers`: the least whole number that is not among them."))
    return found


def _q3_draw(stream):
    S = PURE_PERIOD.draw(stream)
    return {"S": S, "period": pure_outcome_period(S), "heap": stream.between(10**6, 10**7)}


def _q3_key(numbers):
    game, period = SubtractionGame(numbers["S"]), numbers["period"]
    remainders = frozenset(game.p_positions(period))
    return {"q3_remainders": frozenset({remainders}),
            "q3_heap": frozenset({"P" if numbers["heap"] % period in remainders else "N"})}


def _q3_hints(numbers, answers):
    remainders = answers["q3_remainders"]
    found = []
    if 0 not in remainders:
        found.append(Slip("zero-not-p", "q3_remainders", "a heap of 0 chips is always a P-position (the player to "
                          "move has lost), so the remainder 0 belongs in `q3_remainders`."))
    if numbers is not None and any(r >= numbers["period"] for r in remainders):
        found.append(Slip("remainder-too-large", "q3_remainders", f"a remainder of a division by your period "
                          f"{numbers['period']} is one of 0 to {numbers['period'] - 1}: `q3_remainders` holds "
                          f"{max(remainders)}."))
    return found


def _q4_draw(stream):
    S = SMALL.draw(stream)
    game = SubtractionGame(S)
    while True:
        n = stream.between(20, 60)
        if game.outcome(n) == "N":
            return {"S": S, "n": n}


def _q4_key(numbers):
    return {"q4_leave": frozenset(SubtractionGame(numbers["S"]).winning_moves(numbers["n"]))}


def _q4_hints(numbers, answers):
    if numbers is None:
        return []
    leave, n, S = answers["q4_leave"], numbers["n"], numbers["S"]
    if n - leave not in S and leave in S:
        return [Slip("move-not-position", "q4_leave", f"`q4_leave` = {leave} is an amount a move takes away: "
                     f"`q4_leave` is the heap your move leaves, from your heap of {n}.")]
    if n - leave not in S:
        return [Slip("not-one-move", "q4_leave", f"`q4_leave` = {leave} is not one move from your heap of {n}: a "
                     f"move takes away {set_text(S)} chips.")]
    return []


def _q5_draw(stream):
    return {"S": OWN.draw(stream), "start": stream.below(200), "heap": stream.between(10**3, 10**6)}


def _q5_key(numbers):
    game, start = SubtractionGame(numbers["S"]), numbers["start"]
    window = tuple(n for n in game.p_positions(start + 30) if n >= start)
    return {"q5_p_positions": frozenset({window}), "q5_g": frozenset({game.grundy(numbers["heap"])})}


def _q5_hints(numbers, answers):
    found = []
    if numbers is not None:
        start, S = numbers["start"], numbers["S"]
        outside = [n for n in answers["q5_p_positions"] if not start <= n < start + 30]
        if outside:
            found.append(Slip("outside-window", "q5_p_positions", f"`q5_p_positions` must list heaps from {start} "
                              f"to {start + 29} only: {outside[0]} is outside."))
        if answers["q5_g"] > len(S):
            found.append(Slip("grundy-too-large", "q5_g", f"a Grundy value is never larger than the number of "
                              f"moves, here {len(S)}: `q5_g` is {answers['q5_g']}."))
    return found


def _only(key):
    """The one right answer of each answer that has only one."""
    return {name: next(iter(options)) for name, options in key.items() if len(options) == 1}


def _q1_mistakes(numbers, answers, key):
    right = _only(key)["q1_grundy"]
    if answers["q1_grundy"] == tuple(min(g, 1) for g in right):
        return [Slip("outcomes-not-values", "q1_grundy", "`q1_grundy` gives 1 for each N-position, not its Grundy "
                                                         "value (the mex of its followers' values).")]
    slip = shifted("q1_grundy", answers["q1_grundy"], right, "Grundy values")
    return [slip] if slip else []


def _q2_mistakes(numbers, answers, key):
    right, found = _only(key), []
    if set(answers["q2_moves"]) < set(right["q2_moves"]):
        left_out = len(set(right["q2_moves"]) - set(answers["q2_moves"]))
        found.append(Slip("moves-missing", "q2_moves", f"`q2_moves` leaves out {left_out} of the heaps one move "
                                                       "away."))
    if answers["q2_followers"] != right["q2_followers"] and answers["q2_g"] == mex(answers["q2_followers"]):
        found.append(outcome_slip("q2_g", True, "q2_followers"))
    return found


def _q3_mistakes(numbers, answers, key):
    period, right = numbers["period"], _only(key)
    found = [s for s in [near_set("q3_remainders", answers["q3_remainders"], right["q3_remainders"], range(period),
                                  "remainders of P-positions")] if s]
    own = "P" if numbers["heap"] % period in answers["q3_remainders"] else "N"
    found.append(outcome_slip("q3_heap", own == answers["q3_heap"] and answers["q3_remainders"] != right[
        "q3_remainders"], "q3_remainders"))
    return found


def _q4_mistakes(numbers, answers, key):
    leave, n = answers["q4_leave"], numbers["n"]
    if n - leave in numbers["S"]:
        return [Slip("leaves-n-position", "q4_leave", f"{leave} is one move from {n}, but an N-position: the "
                                                      "opponent then has a winning move.")]
    return []


def _q5_mistakes(numbers, answers, key):
    start = numbers["start"]
    slip = near_set("q5_p_positions", answers["q5_p_positions"], _only(key)["q5_p_positions"],
                    range(start, start + 30))
    return ([slip] if slip else []) + neighbour_value("q5_g", answers["q5_g"], SubtractionGame(numbers["S"]).grundy,
                                                      numbers["heap"])


TYPICAL[("hw1", "q1")] = lambda numbers: {
    "q1_grundy": tuple(SubtractionGame(numbers["S"]).grundy_values(17).tolist())[1:]}
TYPICAL[("hw1", "q2")] = lambda numbers: {"q2_moves": tuple(sorted(s for s in numbers["S"] if s <= numbers["n"]))}

HOMEWORK = Homework("hw1", "Homework 1", (
    Question("q1", (Answer("q1_grundy", WholeList(16, what="a list of 16 whole numbers, g(0) first")),),
             (Part(2, ("q1_grundy",)),), lambda stream: {"S": SMALL.draw(stream)}, _q1_key, _q1_hints, _q1_mistakes),
    Question("q2", (Answer("q2_moves", WholeList(any_order=True, what="a list of heap sizes")),
                    Answer("q2_followers", WholeList(any_order=True, what="a list of whole numbers")),
                    Answer("q2_g", Whole())),
             (Part(1, ("q2_moves",)), Part(1, ("q2_moves", "q2_followers", "q2_g"))), _q2_draw, _q2_key, _q2_hints,
             _q2_mistakes),
    Question("q3", (Answer("q3_remainders", WholeSet()), Answer("q3_heap", Outcome())),
             (Part(1, ("q3_remainders",)), Part(1, ("q3_remainders", "q3_heap"))), _q3_draw, _q3_key, _q3_hints,
             _q3_mistakes),
    Question("q4", (Answer("q4_leave", Whole(what="a whole number (a heap size)")),),
             (Part(2, ("q4_leave",)),), _q4_draw, _q4_key, _q4_hints, _q4_mistakes),
    Question("q5", (Answer("q5_p_positions", WholeList(any_order=True, what="a list of heap sizes")),
                    Answer("q5_g", Whole())),
             (Part(1.5, ("q5_p_positions",)), Part(1.5, ("q5_p_positions", "q5_g"))), _q5_draw, _q5_key, _q5_hints,
             _q5_mistakes),
))
