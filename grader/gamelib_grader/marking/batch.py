"""Grading a whole download: every submission, ``jobs`` at a time, each in its sandbox.

Each result is saved the moment it is known (records.py) and reused by a later run while the submission's
bytes, the tests and every setting that can change it are the same (:func:`settings_of`); a result stopped at
the time limit while another sandbox ran beside it is graded again, alone, at the end of the run.
"""

from __future__ import annotations

import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gamelib_grader import safetext
from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.intake.layout import Submission
from gamelib_grader.intake.notebook import MAX_NOTEBOOK_BYTES
from gamelib_grader.marking import checks, records
from gamelib_grader.marking.grader import Outcome, grade
from gamelib_grader.sandbox import bwrap as sandbox


def settings_of(submission: Submission, homework: HomeworkSet, limits: sandbox.Limits) -> dict:
    """Everything besides the bytes, the tests and the sandboxing that can change a submission's result: a saved
    result is reused only while all of it is the same (the identity a name pattern reads decides which id the
    numbers come from; the limits decide what finishes in time)."""
    return {"name": submission.name, "site_id": submission.site_id, "named_id": submission.student_id,
            "roster_name": submission.roster_name, "roster_id": submission.roster_id,
            "accepted_code": submission.accepted_code, "timeout": limits.timeout, "memory_mb": limits.memory_mb,
            "course_code": getattr(homework, "course_code", None)}


class _Neighbours:
    """Which sandboxes of this run had another one running beside them at some moment."""

    def __init__(self):
        self._lock = threading.Lock()
        self._running: set[int] = set()
        self._crowded: set[int] = set()

    def start(self, job: int) -> None:
        with self._lock:
            if self._running:
                self._crowded |= self._running | {job}
            self._running.add(job)

    def end(self, job: int) -> bool:
        """Stop counting ``job``; True if another sandbox ran beside it."""
        with self._lock:
            self._running.discard(job)
            return job in self._crowded


def grade_all(submissions: list[Submission], homework: HomeworkSet, out: Path, *, jobs: int = 1,
              limits: sandbox.Limits = sandbox.DEFAULT_LIMITS, sandboxed: bool = True, regrade: bool = False,
              report=print) -> list[Outcome]:
    """Grade each submission (``jobs`` at a time), saving each result file as soon as it is known; a saved
    result for the same bytes and settings (:func:`settings_of`) is reused unless ``regrade``.

    A submission stopped at the time limit while another sandbox ran beside it may only have been starved of
    the CPU (without CPU groups, see gamelib_grader/sandbox/cpugroups.py, a neighbour's many busy processes can do
    that): it is graded again at the end of the run, alone, and only that result is final. Until then its
    result file is marked not final, so an interrupted run grades it again."""
    results = out / "results"
    neighbours = _Neighbours()

    def say(outcome: Outcome, note: str = "") -> None:
        total = f"{outcome.score:g}/{outcome.possible:g}" if outcome.score is not None else "-"
        shown = safetext.terminal  # a file name and problems quote the student's text
        line = (f"{outcome.status:22} {total:>8}  {shown(outcome.file)}  ({outcome.seconds:.1f} s){note}"
                + (f"\n    problems: {shown(' / '.join(outcome.problems)[:500])}" if outcome.problems else ""))
        with checks.STDOUT_LOCK:  # never while another thread's tests capture sys.stdout
            report(line)

    def one(job: int, submission: Submission) -> tuple[Outcome, bool]:
        """The outcome, and whether it is final."""
        raw = submission.path.read_bytes()
        digest = hashlib.sha256(raw[: MAX_NOTEBOOK_BYTES + 1]).hexdigest()
        settings = settings_of(submission, homework, limits)
        cached = None if regrade else records.load_outcome(results, submission.file, digest, sandboxed,
                                                           homework.tests_digest, settings)
        if cached is not None:
            return cached, True
        neighbours.start(job)
        try:
            outcome = grade(submission, homework, limits, sandboxed)
        except Exception as error:  # a grader bug on one file must not stop the others: report it
            outcome = Outcome(submission.file, submission.name, submission.site_id, sandboxed=sandboxed,
                              problems=[f"the grader failed on this file: {type(error).__name__}: {error}"[:300]])
        crowded = neighbours.end(job)
        final = not (crowded and outcome.seconds >= limits.timeout)
        try:
            records.save_outcome(outcome, results, settings, final)
        except (TypeError, ValueError) as error:  # what one file holds must never stop the class's grading
            outcome = Outcome(submission.file, submission.name, submission.site_id, sandboxed=sandboxed,
                              problems=[f"the grader could not save this file's result: {type(error).__name__}: "
                                        f"{error}"[:300]])
            records.save_outcome(outcome, results, settings, final)
        say(outcome, "" if final else "  stopped at the time limit beside another sandbox: graded again at the end")
        return outcome, final

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        graded = list(pool.map(one, range(len(submissions)), submissions))
    outcomes = []
    for submission, (outcome, final) in zip(submissions, graded, strict=True):
        if not final:
            outcome, _ = one(-1, submission)
            with checks.STDOUT_LOCK:
                report(f"    (graded again alone: {safetext.terminal(submission.file)})")
        outcomes.append(outcome)
    return outcomes
