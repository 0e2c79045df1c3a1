"""Every public entry point refuses bad input with the right exception and a message naming the offending value;
requests too large are refused at once with a LimitError that states the limit.
"""

import os
import re
import resource
import subprocess
import sys

import pytest

import gamelib
from gamelib import (
    Chomp,
    DivisorGame,
    GameSum,
    LimitError,
    Nim,
    RookGame,
    SubtractionGame,
    TakeAwayGame,
    Wythoff,
    grundy_table,
    label_positions,
    limits,
    mex,
    nim_sum,
    nonzero_digits,
    ptfn,
    ptfn_two_heaps,
)
from gamelib.analysis import engine


def shows(message, value):
    """True when the message names the value (as Python writes it, or with thousands separators)."""
    forms = {repr(value), str(value)}
    if isinstance(value, int) and not isinstance(value, bool):
        forms.add(f"{value:,}")
    return any(form in message for form in forms)


def digits_rule(n):
    return nonzero_digits(n)


SUB = SubtractionGame({1, 3, 4})
TAKE = TakeAwayGame(digits_rule)

# (label, call, exception type, offending value that the message must name)
BAD_CALLS = [
    # the subtraction set
    ("S empty set", lambda: SubtractionGame(set()), ValueError, "empty"),
    ("S empty list", lambda: SubtractionGame([]), ValueError, "empty"),
    ("S holds 0", lambda: SubtractionGame({0, 1}), ValueError, 0),
    ("S holds a negative", lambda: SubtractionGame([2, -3]), ValueError, -3),
    ("S holds a float", lambda: SubtractionGame([1, 2.5]), TypeError, 2.5),
    ("S holds a whole float", lambda: SubtractionGame([1, 2.0]), TypeError, 2.0),
    ("S holds a bool", lambda: SubtractionGame([2, True]), TypeError, True),
    ("S holds a string", lambda: SubtractionGame(["1", "2"]), TypeError, "1"),
    ("S holds None", lambda: SubtractionGame([1, None]), TypeError, None),
    ("S is None", lambda: SubtractionGame(None), TypeError, None),
    ("S is text that is not a set", lambda: SubtractionGame("1, two"), ValueError, "two"),
    ("S is a number", lambda: SubtractionGame(5), TypeError, 5),
    ("misere not a bool", lambda: SubtractionGame({1}, misere="yes"), TypeError, "yes"),
    ("misere 1", lambda: SubtractionGame({1}, misere=1), TypeError, 1),
    # heap sizes and table lengths of a subtraction game
    ("grundy negative", lambda: SUB.grundy(-1), ValueError, -1),
    ("grundy float", lambda: SUB.grundy(2.0), TypeError, 2.0),
    ("grundy string", lambda: SUB.grundy("3"), TypeError, "3"),
    ("grundy None", lambda: SUB.grundy(None), TypeError, None),
    ("grundy bool", lambda: SUB.grundy(True), TypeError, True),
    ("outcome negative", lambda: SUB.outcome(-7), ValueError, -7),
    ("misere outcome negative", lambda: SubtractionGame({1}, misere=True).outcome(-2), ValueError, -2),
    ("moves negative", lambda: SUB.moves(-1), ValueError, -1),
    ("moves float", lambda: SUB.moves(1.5), TypeError, 1.5),
    ("winning_moves negative", lambda: SUB.winning_moves(-2), ValueError, -2),
    ("stop negative", lambda: SUB.grundy_values(-1), ValueError, -1),
    ("stop float", lambda: SUB.grundy_values(2.5), TypeError, 2.5),
    ("outcomes stop negative", lambda: SUB.outcomes(-3), ValueError, -3),
    ("p_positions stop None", lambda: SUB.p_positions(None), TypeError, None),
    ("p_positions stop string", lambda: SUB.p_positions("10"), TypeError, "10"),
    ("periodicity value negative", lambda: SUB.periodicity().value(-4), ValueError, -4),
    # take-away games
    ("rule not callable", lambda: TakeAwayGame([1, 2]), TypeError, [1, 2]),
    ("take-away misere", lambda: TakeAwayGame(digits_rule, misere="no"), TypeError, "no"),
    ("take-away grundy negative", lambda: TAKE.grundy(-5), ValueError, -5),
    ("take-away outcome float", lambda: TAKE.outcome(3.5), TypeError, 3.5),
    ("take-away moves None", lambda: TAKE.moves(None), TypeError, None),
    ("take-away stop negative", lambda: TAKE.grundy_values(-1), ValueError, -1),
    ("take-away periodicity stop", lambda: TAKE.periodicity(-10), ValueError, -10),
    ("nonzero_digits negative", lambda: nonzero_digits(-12), ValueError, -12),
    ("nonzero_digits float", lambda: nonzero_digits(1.5), TypeError, 1.5),
    # Nim
    ("nim position a number", lambda: Nim().outcome(5), TypeError, 5),
    ("nim position a string", lambda: Nim().outcome("345"), TypeError, "345"),
    ("nim position a set", lambda: Nim().grundy({3, 4}), TypeError, {3, 4}),
    ("nim heap negative", lambda: Nim().outcome((1, -2)), ValueError, -2),
    ("nim heap float", lambda: Nim().winning_moves((1, 2.5)), TypeError, 2.5),
    ("nim heap bool", lambda: Nim().moves((True, 1)), TypeError, True),
    ("nim heap None", lambda: Nim(misere=True).outcome((1, None)), TypeError, None),
    ("nim heap nested", lambda: Nim().grundy(((1,), 2)), TypeError, (1,)),
    ("nim misere flag", lambda: Nim(misere="yes"), TypeError, "yes"),
    ("nim_sum negative", lambda: nim_sum(3, -1), ValueError, -1),
    ("nim_sum float", lambda: nim_sum(1.5), TypeError, 1.5),
    ("nim_sum string", lambda: nim_sum("3"), TypeError, "3"),
    # boards
    ("wythoff three heaps", lambda: Wythoff().outcome((1, 2, 3)), ValueError, (1, 2, 3)),
    ("wythoff negative", lambda: Wythoff().outcome((1, -1)), ValueError, -1),
    ("wythoff number", lambda: Wythoff().moves(3), TypeError, 3),
    ("wythoff float heap", lambda: Wythoff().winning_moves((1.5, 2)), TypeError, 1.5),
    ("wythoff limit negative", lambda: Wythoff().p_positions(-1), ValueError, -1),
    ("wythoff limit float", lambda: Wythoff().p_positions(2.5), TypeError, 2.5),
    ("rook one coordinate", lambda: RookGame().outcome((1,)), ValueError, (1,)),
    ("rook negative", lambda: RookGame().grundy((-1, 2)), ValueError, -1),
    ("rook None", lambda: RookGame().winning_moves(None), TypeError, None),
    ("chomp zero rows", lambda: Chomp(0, 3), ValueError, 0),
    ("chomp negative cols", lambda: Chomp(3, -1), ValueError, -1),
    ("chomp float rows", lambda: Chomp(2.5, 3), TypeError, 2.5),
    ("chomp bool cols", lambda: Chomp(2, True), TypeError, True),
    ("chomp rows grow downwards", lambda: Chomp(3, 5).outcome((2, 3, 3)), ValueError, (2, 3, 3)),
    ("chomp poison eaten", lambda: Chomp(3, 5).moves((0, 0, 0)), ValueError, (0, 0, 0)),
    ("chomp too wide", lambda: Chomp(3, 5).winning_moves((6, 1, 0)), ValueError, (6, 1, 0)),
    ("chomp wrong length", lambda: Chomp(3, 5).grundy((5, 5)), ValueError, (5, 5)),
    ("divisor game of 0", lambda: DivisorGame(0), ValueError, 0),
    ("divisor game of a float", lambda: DivisorGame(12.0), TypeError, 12.0),
    ("divisor game of a string", lambda: DivisorGame("12"), TypeError, "12"),
    ("divisor game list position", lambda: DivisorGame(12).moves([1, 2]), TypeError, [1, 2]),
    ("divisor game without 1", lambda: DivisorGame(12).outcome((2, 3)), ValueError, (2, 3)),
    ("divisor game non-divisor", lambda: DivisorGame(12).moves((1, 5)), ValueError, (1, 5)),
    ("divisor game unsorted", lambda: DivisorGame(12).moves((1, 3, 2)), ValueError, (1, 3, 2)),
    ("divisor game keeps a multiple", lambda: DivisorGame(12).outcome((1, 3, 4)), ValueError, (1, 3, 4)),
    # sums and tables
    ("sum of a number", lambda: GameSum(SUB, 7), TypeError, 7),
    ("sum position shape", lambda: GameSum(SUB, SUB).outcome((1, 2, 3)), ValueError, (1, 2, 3)),
    ("sum part negative", lambda: GameSum(SUB, SUB).grundy((1, -4)), ValueError, -4),
    ("table rows negative", lambda: grundy_table(SUB, SUB, -1, 3), ValueError, -1),
    ("table cols float", lambda: grundy_table(SUB, SUB, 3, 2.5), TypeError, 2.5),
    # seed algorithms
    ("ptfn S empty", lambda: ptfn([], 5), ValueError, "empty"),
    ("ptfn S zero", lambda: ptfn({0, 2}, 5), ValueError, 0),
    ("ptfn S float", lambda: ptfn({1.5}, 5), TypeError, 1.5),
    ("ptfn stop negative", lambda: ptfn({1, 2}, -1), ValueError, -1),
    ("ptfn stop None", lambda: ptfn({1, 2}, None), TypeError, None),
    ("ptfn misere not bool", lambda: ptfn({1, 2}, 5, misere="yes"), TypeError, "yes"),
    ("ptfn2 S_a negative", lambda: ptfn_two_heaps({1, -2}, {1}, 3, 3), ValueError, -2),
    ("ptfn2 S_b string", lambda: ptfn_two_heaps({1}, "12", 3, 3), TypeError, "12"),
    ("ptfn2 rows negative", lambda: ptfn_two_heaps({1}, {1}, -3, 3), ValueError, -3),
    ("ptfn2 cols string", lambda: ptfn_two_heaps({1}, {1}, 3, "3"), TypeError, "3"),
    ("ptfn2 misere not bool", lambda: ptfn_two_heaps({1}, {1}, 3, 3, misere="yes"), TypeError, "yes"),
    ("ptfn2 diagonal not bool", lambda: ptfn_two_heaps(None, None, 3, 3, diagonal="no"), TypeError, "no"),
    ("label misere not bool", lambda: label_positions(SUB, range(5), misere=1), TypeError, 1),
    ("label negative position", lambda: label_positions(SUB, [-1, 0]), ValueError, -1),
    ("label positions a number", lambda: label_positions(SUB, 12), TypeError, 12),
    # the engine
    ("mex negative", lambda: mex([0, -1]), ValueError, -1),
    ("mex float", lambda: mex([0, 1.5]), TypeError, 1.5),
    ("mex None inside", lambda: mex([0, None]), TypeError, None),
    ("mex bool", lambda: mex([True]), TypeError, True),
    ("mex text", lambda: mex("012"), TypeError, "012"),
    ("mex a number", lambda: mex(3), TypeError, 3),
    ("engine unhashable", lambda: engine.outcome(Nim(), [1, 2]), TypeError, [1, 2]),
    ("engine negative heap", lambda: engine.grundy(SUB, -3), ValueError, -3),
    ("engine misere flag", lambda: engine.outcome(SUB, 3, misere="no"), TypeError, "no"),
    ("engine not a game", lambda: engine.grundy(42, 3), TypeError, 42),
    ("engine arguments swapped", lambda: engine.outcome(5, SUB), TypeError, 5),
]


@pytest.mark.parametrize("call, error, offending", [case[1:] for case in BAD_CALLS],
                         ids=[case[0] for case in BAD_CALLS])
def test_bad_input_is_refused_with_a_message_naming_it(call, error, offending):
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert shows(message, offending), f"the message {message!r} does not name {offending!r}"


# (label, call, the limit the message must state)
TOO_LARGE = [
    ("grundy_values(10**12)", lambda: SubtractionGame({1, 2}).grundy_values(10**12), 10**8),
    ("outcomes(10**12)", lambda: SubtractionGame({1, 2}, misere=True).outcomes(10**12), 10**8),
    ("p_positions(10**12)", lambda: SubtractionGame({1, 2}).p_positions(10**12), limits.MAX_LIST),
    ("element 10**6", lambda: SubtractionGame({1, 10**6}), 10**5),
    ("take-away heap 10**9", lambda: TakeAwayGame(digits_rule).grundy(10**9), limits.MAX_RULE_HEAP),
    ("take-away outcome 10**9", lambda: TakeAwayGame(digits_rule, misere=True).outcome(10**9),
     limits.MAX_RULE_HEAP),
    ("take-away table 10**7", lambda: TakeAwayGame(digits_rule).grundy_values(10**7), limits.MAX_RULE_HEAP),
    ("Chomp(20, 20)", lambda: Chomp(20, 20), 20_000),
    ("DivisorGame(10**13)", lambda: DivisorGame(10**13), limits.MAX_DIVISOR_N),
    ("DivisorGame(1680), 40 divisors", lambda: DivisorGame(1680), limits.MAX_DIVISORS),
    ("Chomp(1, 19999), 20,000 positions but 2 * 10**8 moves", lambda: Chomp(1, 19_999), limits.MAX_CHOMP_MOVES),
    ("Wythoff limit 10**9", lambda: Wythoff().p_positions(10**9), limits.MAX_WYTHOFF_LIMIT),
    ("ptfn 10**9", lambda: ptfn({1, 2}, 10**9), 10**7),
    ("ptfn two heaps 10**5 rows", lambda: ptfn_two_heaps({1}, {1}, 10**5, 3), limits.MAX_PTFN_SIDE),
    ("grundy_table 10**6 rows", lambda: grundy_table(SUB, SUB, 10**6, 3), 10**4),
    ("label 2 * 10**6 positions", lambda: label_positions(SubtractionGame({1}), range(2 * 10**6)),
     limits.MAX_LABEL_POSITIONS),
    ("Nim moves of a huge heap", lambda: Nim().moves((10**7, 3)), 10**6),
    ("engine on a huge Nim heap", lambda: engine.outcome(Nim(), (10**7,)), 10**6),
]


@pytest.mark.parametrize("call, limit", [case[1:] for case in TOO_LARGE], ids=[case[0] for case in TOO_LARGE])
def test_too_large_requests_raise_limit_error_stating_the_limit(call, limit):
    with pytest.raises(LimitError) as info:
        call()
    assert shows(str(info.value), limit), f"{str(info.value)!r} does not state the limit {limit:,}"


# Some requests pass the argument checks but would run for minutes or exhaust memory. Each runs in a child
# process capped at 2 s of CPU and 1.5 GB of memory: it must be refused (LimitError) or finish.
GUARDED = [
    ("Wythoff p_positions(10**8)", "Wythoff().p_positions(10**8)"),
    ("label_positions of 10**6 heaps of S = {1}", "label_positions(SubtractionGame({1}), range(10**6))"),
    ("generic engine on one Nim heap of 30000", "outcome(Nim(), (30000,))"),
]


def _limit_child():
    resource.setrlimit(resource.RLIMIT_CPU, (2, 2))
    resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))


@pytest.mark.parametrize("expression", [case[1] for case in GUARDED], ids=[case[0] for case in GUARDED])
def test_heavy_requests_are_refused_rather_than_computed(expression):
    script = (
        "from gamelib import *\n"
        "try:\n"
        f"    {expression}\n"
        "except LimitError as error:\n"
        "    print('REFUSED', error)\n"
        "else:\n"
        "    print('FINISHED')\n"
    )
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120,
                          preexec_fn=_limit_child, env=env)
    verdict = done.stdout.strip()
    if done.returncode < 0:
        why = "killed at the CPU limit: it was computing, not refusing"
    else:
        why = (done.stderr.strip().splitlines() or ["no output"])[-1]
    assert verdict.startswith(("REFUSED", "FINISHED")), (
        f"{expression} was neither refused nor finished within 2 s of CPU and 1.5 GB ({why})"
    )
    if verdict.startswith("REFUSED"):
        assert re.search(r"\d", verdict), "a LimitError must state the limit"


def test_limit_error_is_exported_and_is_a_value_error():
    assert gamelib.LimitError is LimitError and issubclass(LimitError, ValueError)
