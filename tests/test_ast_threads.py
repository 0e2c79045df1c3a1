"""Python's ast under threads: the grader marks two notebooks at a time in threads, and on CPython 3.11 two
parses at once can fail with "SystemError: AST constructor recursion depth mismatch" (python/cpython#106905).
Under `make test-busy` the grader once called a student's notebook "the grader failed on this file" that way.

Every parse of the kit goes through gamelib.parsing's lock: no module calls ast.parse or ast.literal_eval itself,
and two threads parsing at once through the lock never fail, under a load that makes the bare calls fail.
"""

from __future__ import annotations

import ast
import gc
import re
import sys
import threading
from pathlib import Path

from gamelib.parsing import python_literal, python_tree

ROOT = Path(__file__).resolve().parents[1]
#: A module with code and nested brackets, so that building its tree takes long enough to be interrupted.
SOURCE = "x = " + "[" * 30 + "1" + "]" * 30 + "\n" + "\n".join(
    f"def f{i}(a, b=[1, 2, {{3: 4}}]):\n    return [a + b for _ in range(3)]" for i in range(100))
LITERAL = "[" * 20 + "(1, 'P')" + "]" * 20


class _Cycle:
    """Garbage with a finalizer: the collector runs Python code (and may switch threads) wherever it starts."""

    def __init__(self):
        self.me = self

    def __del__(self):
        sum(range(50))


def _system_errors(parse, rounds: int = 100) -> list[str]:
    """SystemErrors raised while two threads parse at once, garbage being collected often and threads switched
    as often as the interpreter allows."""
    errors: list[str] = []
    start = threading.Barrier(2)

    def work():
        start.wait()
        for _ in range(rounds):
            for _ in range(20):
                _Cycle()
            try:
                parse()
            except SystemError as error:
                errors.append(str(error))

    interval, thresholds = sys.getswitchinterval(), gc.get_threshold()
    sys.setswitchinterval(1e-6)
    gc.set_threshold(50, 5, 5)
    try:
        threads = [threading.Thread(target=work) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
        gc.set_threshold(*thresholds)
    return errors


def test_two_threads_parsing_through_the_lock_never_fail():
    assert _system_errors(lambda: python_tree(SOURCE)) == []
    assert _system_errors(lambda: python_literal(LITERAL)) == []


def test_the_load_above_makes_bare_parses_fail_on_this_python():
    """What the lock is for: without it, the same load breaks ast.parse on CPython 3.11 (the kit's Python).
    Fixed Pythons give no error, and then the test above proves nothing more than that the lock is harmless."""
    errors = _system_errors(lambda: ast.parse(SOURCE), rounds=200)
    if sys.version_info[:2] == (3, 11):
        assert errors and all("recursion depth mismatch" in e for e in errors), errors[:3]


def test_no_module_of_the_kit_parses_python_but_through_the_lock():
    calls = re.compile(r"\bast\.(parse|literal_eval)\(|(?<![\w.])compile\([^)]*\bPyCF_ONLY_AST")
    found = []
    for path in [*(ROOT / "gamelib").rglob("*.py"), *(ROOT / "grader").rglob("*.py")]:
        if path != ROOT / "gamelib" / "parsing.py":
            lines = path.read_text(encoding="utf-8").splitlines()
            found += [f"{path.relative_to(ROOT)}:{n}" for n, line in enumerate(lines, start=1) if calls.search(line)]
    assert found == []
