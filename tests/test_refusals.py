"""Every public entry of the core API refuses a too-large request at once, and states the limit.

"Too large" means the work it needs, not the size it names: a period search with a huge ``max_search`` is
not refused (it stops as soon as the period is proven; tests/test_octal.py checks its work budget), but a
table of 10**12 values is. The requests run in one child process capped in memory (a request that lists a
generator would otherwise fill the machine). "At once" is judged by the work done, never by a clock (the
machine may be shared): the child counts the Python function calls each request makes (a profile hook, the
same count on a busy machine as on an idle one) and stops any request at ten times the budget.
"""

from __future__ import annotations

import ast
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

import gamelib

from work import CALL_BUDGET

# name in gamelib.__all__ -> too-large requests (Python expressions, run with `from gamelib import *`).
REQUESTS = {
    "Chomp": ["Chomp(20, 20)", "Chomp(1, 19_999)"],
    "DivisorGame": ["DivisorGame(10**13)", "DivisorGame(3360)"],
    "GreenHackenbush": ["GreenHackenbush(itertools.repeat((0, 1)))", "GreenHackenbush.bamboo(10**9)",
                        "GreenHackenbush.bamboo(5000).moves(GreenHackenbush.bamboo(5000).start)",
                        "GreenHackenbush.bamboo(5000).reduction_steps(GreenHackenbush.bamboo(5000).start)"],
    "GrundysGame": ["GrundysGame().grundy(10**9)", "GrundysGame().moves(10**9)", "GrundysGame().rare_split(10**9)",
                    "GrundysGame().grundy_values(10**12)", "GrundysGame().periodicity(max_search=10**9)"],
    "GameSum": ["GameSum(TakeAwayGame(nonzero_digits), Nim()).grundy((10**9, (3,)))",
                "outcome(GameSum(SubtractionGame({1, 2}), SubtractionGame({1})), (10**9, 10**9))"],
    "Nim": ["Nim().moves((10**7, 3))", "outcome(Nim(), (10**7,))"],
    "TurningTurtles": ["TurningTurtles().moves((10**7, 3))", "TurningTurtles().grundy(tuple(range(1, 10**7)))",
                       "outcome(TurningTurtles(), (10**4,))"],
    "MockTurtles": ["MockTurtles().moves((10**4,))", "MockTurtles().winning_moves((5000, 10**4))"],
    "RulerGame": ["RulerGame().moves((10**7,))", "PlaySession(RulerGame(), (3, 40))"],
    "OctalGame": ["OctalGame('0.' + '7' * 10**6)", "OctalGame('0.77').grundy_values(10**12)",
                  "OctalGame('0.77').moves(10**9)", "OctalGame('0.16').rare_split(10**9)"],
    "RookGame": ["RookGame().moves((10**9, 10**9))"],
    "SubtractionGame": ["SubtractionGame(itertools.count(1))", "SubtractionGame(itertools.repeat(1))",
                        "SubtractionGame({1, 2}).grundy_values(10**12)",
                        "SubtractionGame(range(1, 10**5 + 1)).grundy(5)"],
    "TakeAwayGame": ["TakeAwayGame(nonzero_digits).grundy(10**9)"],
    "Wythoff": ["Wythoff().p_positions(10**9)", "Wythoff().moves((10**9, 10**9))"],
    "evaluate": ["evaluate(SubtractionGame({1, 2}), 10**9, len, {}, 10**5)"],
    "remoteness": ["remoteness(SubtractionGame({1}), 10**9)"],
    "remoteness_table": ["remoteness_table({1, 2}, 10**9)", "remoteness_table(itertools.count(1), 10)"],
    "nim_remoteness": ["nim_remoteness((10**9, 10**9))", "nim_remoteness(itertools.count())"],
    "grundy": ["grundy(SubtractionGame({1, 2}), 10**9)"],
    "grundy_of_each": ["grundy_of_each(SubtractionGame({1, 2}), [10**9])",
                       "grundy_of_each(Nim(), [(n, n) for n in range(0, 5000, 50)])",
                       "grundy_of_each(SubtractionGame({1}), itertools.count())"],
    "grundy_scan": ["grundy_scan({1, 2}, 10**9)", "grundy_scan(itertools.count(1), 5)",
                    "grundy_scan(range(1, 10**5 + 1), 10**5)"],
    "grundy_table": ["grundy_table(SubtractionGame({1}), SubtractionGame({1}), 10**6, 3)"],
    "labelled_moves": ["labelled_moves(Nim(), (10**7, 3))"],
    "label_positions": ["label_positions(SubtractionGame({1}), range(2 * 10**6))",
                        "label_positions(SubtractionGame({1}), itertools.count())"],
    "mex": ["mex(itertools.count())", "mex(itertools.repeat(0))"],
    "nim_heap_partners": ["nim_heap_partners(SubtractionGame({1, 2}), 10**9, 6)",
                          "nim_heap_partners(SubtractionGame({1, 3, 4}), 5, 10**9)"],
    "nim_p_positions": ["nim_p_positions(10**9)"],
    "nim_sum": ["nim_sum(*[1] * (2 * 10**6))"],
    "nonzero_digits": ["nonzero_digits(10**10_000)"],
    "observed_periodicity": ["observed_periodicity(range(10**9), 'grundy')"],
    "outcome": ["outcome(SubtractionGame({1, 2}), 10**9)"],
    "period_grid": ["period_grid(10**6)"],
    "periodicity_survey": ["periodicity_survey(10**6)", "periodicity_survey(50_000, 1)"],
    "powers_of_two": ["powers_of_two(2**(10**8))"],
    "ptfn": ["ptfn({1, 2}, 10**9)", "ptfn(itertools.count(1), 5)"],
    "ptfn_two_heaps": ["ptfn_two_heaps({1}, {1}, 10**5, 3)"],
    "record_with_largest": ["record_with_largest(itertools.repeat(SurveyRecord((1,), 0, 2, 1)), 'period')"],
    "winning_moves": ["winning_moves(SubtractionGame({1, 2}), 10**9)"],
    "floor_phi": ["floor_phi(10**10_000)"],
    "wythoff_pairs": ["wythoff_pairs(10**9)"],
    "wythoff_pairs_by_mex": ["wythoff_pairs_by_mex(10**9)"],
    "sum_winning_move": ["sum_winning_move([SubtractionGame({1, 2}), Nim()], (10**9, (3,)))",
                         "sum_winning_move([Nim()] * 10**6, ((1,),) * 10**6)"],
    "misere_grundy": ["misere_grundy(SubtractionGame({1, 2}), 10**9)"],
    "genus": ["genus(SubtractionGame({1, 2}), 10**9)", "genus(Nim(), (1,), 10**6)"],
    "nim_genus": ["nim_genus(0, True, 10**9)"],
    "is_tame": ["is_tame(SubtractionGame({1, 2}), 10**9)"],
    "tame_sum_outcome": ["tame_sum_outcome(itertools.repeat(genus(Nim(), (1,))))"],
}


def requests_beside_the_games() -> dict[str, list[str]]:
    """The ``TOO_LARGE_REQUESTS`` a game's own test file holds (``tests/test_NAME.py``: name -> expressions, as
    above), read without running the file: a new game brings its refusals with its tests."""
    found: dict[str, list[str]] = {}
    for path in sorted(Path(__file__).parent.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, (ast.Assign, ast.AnnAssign)):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
                if isinstance(node, ast.AnnAssign) else []
            if node.value is not None and any(getattr(t, "id", "") == "TOO_LARGE_REQUESTS" for t in targets):
                found.update(ast.literal_eval(node.value))
    return found


REQUESTS.update(requests_beside_the_games())
# Names that are not requests: the exception classes, the result types, the game base classes (their
# subclasses are listed), the one-line outcome rule, and sum_outcome (it takes two letters, so no request to
# it can be large).
NOT_REQUESTS = {"Genus", "LimitError", "PeriodNotFoundError", "Periodicity", "SumMove", "SurveyRecord", "Game",
                "OneHeapGame", "HeapsGame", "outcome_from_grundy", "sum_outcome", "Move", "Square"}

# A request that loops on past CALL_BUDGET (tests/work.py) is stopped at ten times it.
CHILD = r'''
import itertools, json, sys
from gamelib import *
from gamelib import LimitError
from gamelib.play import PlaySession

STOP_AT = int(sys.argv[2])


class TooMuchWork(BaseException):
    pass


calls = 0


def count(frame, event, arg):
    global calls
    if event in ("call", "c_call"):
        calls += 1
        if calls > STOP_AT:
            raise TooMuchWork(f"still working after {STOP_AT:,} calls")


report = {}
for expression in json.loads(sys.argv[1]):
    calls = 0
    try:
        sys.setprofile(count)
        try:
            eval(expression)
        finally:
            sys.setprofile(None)
    except LimitError as error:
        verdict = "refused: " + str(error)
    except BaseException as error:
        verdict = f"{type(error).__name__}: {error}"[:300]
    else:
        verdict = "answered"
    report[expression] = (verdict, calls)
print(json.dumps(report))
'''


def _cap_memory():
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


ANSWERED = [  # generous bounds on work that stops early: answered at once, never refused for the bound
    "OctalGame('0.77').periodicity(max_search=10**9)",
    "OctalGame('0.1').periodicity(max_search=2**20)",
    "OctalGame('4.0').periodicity(max_search=10**12)",
]


def test_every_public_name_is_covered():
    assert set(gamelib.__all__) - NOT_REQUESTS == set(REQUESTS)


@pytest.fixture(scope="module")
def report():  # about 20 s of counted work in one child: the tests using it are marked slow
    expressions = [e for group in REQUESTS.values() for e in group] + ANSWERED
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", CHILD, json.dumps(expressions), str(10 * CALL_BUDGET)],
                          capture_output=True, text=True, timeout=1800, preexec_fn=_cap_memory, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


@pytest.mark.slow
@pytest.mark.parametrize("expression", [e for group in REQUESTS.values() for e in group])
def test_too_large_request_is_refused_within_the_work_budget_with_the_limit_stated(report, expression):
    verdict, calls = report[expression]
    assert verdict.startswith("refused: "), f"{expression}: {verdict}"
    assert any(ch.isdigit() for ch in verdict), f"{expression}: the message states no limit: {verdict}"
    assert calls <= CALL_BUDGET, f"{expression} made {calls:,} calls before it was refused"


@pytest.mark.slow
@pytest.mark.parametrize("expression", ANSWERED)
def test_a_generous_bound_on_work_that_stops_early_is_answered_at_once(report, expression):
    verdict, calls = report[expression]
    assert verdict == "answered", f"{expression}: {verdict}"
    assert calls <= CALL_BUDGET // 100, f"{expression} made {calls:,} calls"
