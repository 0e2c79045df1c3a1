"""The public and hidden tests of a homework set, run in the grader's own process on plain answer values.

The tests come from the autograder zip ``otter assign`` built (``tests/qN.py``, otter's OK format), read as
data (``ast.literal_eval``, never imported) and run with otter's own test runner (``OKTestFile``) — but on a
namespace holding only the plain values the sandbox reported (:mod:`grading.plain`), never in the student's
kernel. Built-in values cannot redefine ``==``, ``len`` or ``in``, so a test's verdict is the teacher's.

Each question's result carries two kinds of text: ``details`` for the teacher (which test failed, with its
expression, so it may quote a hidden test's expected value) and ``feedback`` for the student, made only of
the public checks' own failure messages and plain facts about the answer's type, never hidden test code.
"""

from __future__ import annotations

import ast
import builtins
import copy
import threading
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from otter.test_files.ok_test import OKTestFile

from .plain import Report

#: otter's doctest runner swaps sys.stdout while it runs, for every thread of the process: hold this lock to
#: run tests or to print while grading threads may be running (a line printed by another thread meanwhile
#: would land in a test's captured output and fail it).
STDOUT_LOCK = threading.Lock()


@dataclass(frozen=True)
class QuestionTests:
    """One autograded question's tests as otter stored them, and the variables those tests read."""

    name: str
    points: float
    test: dict
    names: tuple[str, ...]

    def fresh(self) -> OKTestFile:
        return OKTestFile.from_metadata(copy.deepcopy(self.test), f"tests/{self.name}.py")


@dataclass
class QuestionResult:
    """What the tests found for one question."""

    score: float
    possible: float
    details: list[str] = field(default_factory=list)
    feedback: list[str] = field(default_factory=list)


def _case_code(code: str) -> str:
    """The Python source of a doctest-style case (``>>>`` and ``...`` lines)."""
    lines = []
    for line in code.splitlines():
        stripped = line.lstrip()
        if stripped.startswith((">>> ", "... ")) or stripped in (">>>", "..."):
            lines.append(stripped[4:])
    return "\n".join(lines)


def free_names(code: str) -> set[str]:
    """The names a piece of test code reads without binding them first (builtins left out).

    >>> code = ">>> import gamelib\\n>>> g = gamelib.mex(q2_followers)\\n>>> q2_g11 == g and len(q2_followers) == 3"
    >>> sorted(free_names(code))
    ['q2_followers', 'q2_g11']
    """
    tree = ast.parse(_case_code(code))
    bound, read = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return read - bound - set(dir(builtins))


def load_tests(autograder_zip: Path) -> dict[str, QuestionTests]:
    """Every ``tests/qN.py`` of the zip, in question order."""
    found = {}
    with zipfile.ZipFile(autograder_zip) as archive:
        for member in sorted(archive.namelist()):
            if not (member.startswith("tests/") and member.endswith(".py")):
                continue
            module = ast.parse(archive.read(member).decode("utf-8"))
            test = next(ast.literal_eval(node.value) for node in module.body if isinstance(node, ast.Assign)
                        and any(isinstance(t, ast.Name) and t.id == "test" for t in node.targets))
            names = set()
            for suite in test["suites"]:
                for case in suite["cases"]:
                    names |= free_names(case["code"])
            found[test["name"]] = QuestionTests(test["name"], test["points"], test, tuple(sorted(names)))
    return dict(sorted(found.items(), key=lambda item: (len(item[0]), item[0])))


def _failure_detail(result) -> str:
    """For the teacher: the failed case's name and its own message, else the expression that was not true."""
    case = result.test_case
    kind = "hidden" if case.hidden else "public"
    if case.failure_message:
        return f"{kind} test {case.name} failed: {case.failure_message}"
    lines = (result.message or "").splitlines()
    if "Failed example:" in lines:
        start = lines.index("Failed example:") + 1
        got = lines.index("Got:") + 1 if "Got:" in lines else None
        expression = lines[start].strip() if start < len(lines) else "?"
        value = lines[got].strip() if got is not None and got < len(lines) else "an error"
        return f"{kind} test {case.name} failed: {expression}  gave {value}"
    last = next((line.strip() for line in reversed(lines) if line.strip()), "no message")
    return f"{kind} test {case.name} failed: {last}"


def grade_question(tests: QuestionTests, report: Report) -> QuestionResult:
    """Run one question's tests on the reported values; 0 points if an answer it reads is not plain."""
    not_plain = {name: report.not_plain[name] for name in tests.names if name in report.not_plain}
    missing = [name for name in tests.names if name in report.missing]
    test_file = tests.fresh()
    possible = test_file.possible
    if not_plain:
        messages = [f"`{name}` is still `...`: no answer yet." if kind == "builtins.ellipsis" else
                    f"`{name}` is a {kind}, not a plain value (a number, text, True/False/None, or a list, tuple, "
                    "set or dict of those)." for name, kind in not_plain.items()]
        return QuestionResult(0, possible, details=messages, feedback=messages)
    environment = {name: copy.deepcopy(report.values[name]) for name in tests.names if name in report.values}
    with STDOUT_LOCK:
        test_file.run(environment)
    feedback = [f"`{name}` was not defined when the notebook finished running." for name in missing]
    details = list(feedback)
    public_failed = False
    hidden = [r for r in test_file.test_case_results if r.test_case.hidden]
    for result in test_file.test_case_results:
        if result.passed:
            continue
        details.append(_failure_detail(result))
        if not result.test_case.hidden:
            public_failed = True
            feedback.append(result.test_case.failure_message or f"A public check of {tests.name} failed: run "
                            f'grader.check("{tests.name}") in the notebook to see it.')
    hidden_failed = sum(not r.passed for r in hidden)
    if hidden_failed and not public_failed and not missing:
        feedback.append(f"The quick checks pass, but the full tests found a mistake ({hidden_failed} of "
                        f"{len(hidden)} failed): check the question again.")
    return QuestionResult(test_file.score, possible, details, feedback)
