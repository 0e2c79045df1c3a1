"""Grade one submission: read it (statically), run it in the sandbox, check the plain answers it reports.

The result, an :class:`Outcome`, is built only from what the grader itself saw: the notebook file, the
sandbox's exit and timing, and the checked plain values. Nothing the student's code says about its own
score or status is read.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import yaml

from . import checks, notebook, sandbox
from .layout import Submission
from .plain import BadReport, Report, read_report

GRADED, GRADED_WITH_PROBLEMS, NOT_GRADED = "graded", "graded, with problems", "not graded"
#: Bumped when a change to the grader changes results: older result files are then graded again.
GRADER_VERSION = 2


@dataclass(frozen=True)
class Question:
    """One question of a homework set, as its source configures it."""

    name: str
    points: float
    manual: bool
    prompt: str = ""


@dataclass(frozen=True)
class HomeworkSet:
    """What grading a set needs: its questions, the handout (student copy) and the tests of the autograder."""

    name: str
    questions: tuple[Question, ...]
    handout: nbformat.NotebookNode
    tests: dict[str, checks.QuestionTests]
    autograder_zip: Path

    @property
    def tests_digest(self) -> str:
        """A hash of every test: a saved result is reused only while the tests are the ones it was graded by."""
        text = json.dumps({name: t.test for name, t in self.tests.items()}, sort_keys=True, default=str)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def autograded(self) -> list[Question]:
        return [q for q in self.questions if not q.manual]

    @property
    def written(self) -> list[Question]:
        return [q for q in self.questions if q.manual]

    @property
    def answer_names(self) -> list[str]:
        """Every variable a test reads: what the sandbox reports."""
        return sorted({name for t in self.tests.values() for name in t.names})


def load_set(source: Path, handout_path: Path, autograder_zip: Path) -> HomeworkSet:
    """Read a set's questions from its otter source, its handout, and its tests from the autograder zip."""
    questions = []
    cells = nbformat.read(source, as_version=4).cells
    for index, cell in enumerate(cells):
        text = notebook.cell_text(cell)
        if cell.cell_type == "raw" and text.lstrip().upper().startswith("# BEGIN QUESTION"):
            config = yaml.safe_load(text.split("\n", 1)[1]) or {}
            prompt = next((notebook.cell_text(c) for c in cells[index + 1:] if c.cell_type == "markdown"), "")
            questions.append(Question(config["name"], float(config.get("points", 1)), bool(config.get("manual")),
                                      prompt))
    tests = checks.load_tests(autograder_zip)
    autograded = {q.name for q in questions if not q.manual}
    if set(tests) != autograded:
        raise SystemExit(f"{autograder_zip} has tests for {sorted(tests)} but the source's autograded questions "
                         f"are {sorted(autograded)}: run `make homework` again")
    return HomeworkSet(source.stem, tuple(questions), nbformat.read(handout_path, as_version=4), tests,
                       autograder_zip)


@dataclass
class Outcome:
    """What grading one submission found (saved as one JSON file the moment it is known).

    ``questions[q]`` holds, per autograded question: ``score``, ``possible``, ``details`` (for the teacher),
    ``feedback`` (for the student), ``right`` (True when the question has full marks) and ``answers``
    (``{variable: short plain text of the student's value}``, e.g. ``"[0, 0, 1, 1]"``, ``"..."`` for no answer,
    ``"(not defined)"``, ``"(a numpy.ndarray)"``: for "the most common wrong answers" of a class report).

    ``variant`` is what the student's numbers were drawn from and what they are: ``{"student_id": the id the
    numbers come from, "numbers": {name: plain value}}`` (empty when no id was known). ``course_code`` is the
    code typed in the notebook (the grader always grades with the teacher's, see :class:`HomeworkSet`).
    ``values`` keeps the answer values (tagged plain JSON, as the sandbox reports them) so that the class-level
    copying pass can check them against the classmates' numbers; ``fingerprint`` keeps what that pass compares
    of the notebook itself (cell ids the handout does not have, execution counts, answer cells' code).
    ``flags`` is filled by :func:`grading.copying.flag_copying` after the whole class is graded, never by
    grading one file, and never changes a score: each flag is ``{"kind": ..., "with": [files], "what": "one
    sentence"}`` (see that module for the kinds).
    """

    file: str
    name: str | None = None
    site_id: str | None = None
    student_id: str | None = None
    named_id: str | None = None
    status: str = NOT_GRADED
    score: float | None = None
    possible: float | None = None
    questions: dict[str, dict] = field(default_factory=dict)
    written: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    sandboxed: bool = True
    seconds: float = 0.0
    sha256: str = ""
    tests_digest: str = ""
    grader_version: int = GRADER_VERSION
    variant: dict = field(default_factory=dict)
    course_code: str | None = None
    values: dict = field(default_factory=dict)
    fingerprint: dict = field(default_factory=dict)
    flags: list[dict] = field(default_factory=list)


def _id_text(value: object) -> str | None:
    """A reported ``student_id`` as the seeded sets read it (text or a whole number), else None."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return str(value).strip()[:100] or None


def _seeded_id(outcome: Outcome, report: Report, trusted_id: str | None) -> None:
    """Fix the ``student_id`` the tests check: the course site's id when the teacher's name pattern gives one,
    else the id typed in the notebook, the one the gradebook shows and the identity flags compare; only when
    none is typed, the one the notebook ran with. Note when the notebook ran with another id than the typed one.

    The id a notebook ran with is whatever its code made it (text, a number, anything): checking a seeded
    question against it would let a student type their own id for the gradebook and be checked against the
    set of another (``student_id = int("1234567")`` in a later cell)."""
    reported = report.values.get("student_id")
    ran_with = _id_text(reported)
    if outcome.student_id is None and ran_with is not None:
        # computed rather than typed (e.g. "ali" + "ce"): show what it ran with, and say so
        outcome.student_id = ran_with
        outcome.problems.append(f"student_id is not typed as text in the notebook; it ran with {ran_with!r}")
    elif outcome.student_id is not None and (ran_with is None or ran_with.casefold()
                                             != outcome.student_id.strip().casefold()) and (
            "student_id" in report.values or "student_id" in report.not_plain or "student_id" in report.missing):
        shown = repr(reported)[:60] if "student_id" in report.values else "no plain student_id"
        outcome.problems.append(f"the notebook ran with student_id {shown}, not the {outcome.student_id!r} "
                                "typed in it; its seeded questions are checked against the typed one")
    checked = trusted_id if trusted_id is not None else outcome.student_id
    if checked is not None:
        report.values["student_id"] = checked
        report.not_plain.pop("student_id", None)
        report.missing.discard("student_id")


def _run(raw: bytes, homework: HomeworkSet, limits: sandbox.Limits, sandboxed: bool):
    names = homework.answer_names
    skip = notebook.locked_cells(homework.handout)
    if sandboxed:
        return sandbox.run_sandboxed(raw, f"{homework.name}.ipynb", names, skip, limits)
    return sandbox.run_unsandboxed(raw, f"{homework.name}.ipynb", names, skip, limits)


def grade(submission: Submission, homework: HomeworkSet, limits: sandbox.Limits = sandbox.DEFAULT_LIMITS,
          sandboxed: bool = True) -> Outcome:
    """Grade one submission; a bad submission is reported in the outcome, never raised."""
    start = time.perf_counter()
    outcome = Outcome(submission.file, submission.name, submission.site_id, named_id=submission.student_id,
                      sandboxed=sandboxed, tests_digest=homework.tests_digest)
    try:
        raw = submission.path.read_bytes()[: notebook.MAX_NOTEBOOK_BYTES + 1]
        outcome.sha256 = hashlib.sha256(raw).hexdigest()
        nb = notebook.read_notebook(raw)
        outcome.problems += notebook.check_set(nb, homework.name)
    except notebook.NotGradable as error:
        outcome.problems.append(str(error))
        outcome.seconds = round(time.perf_counter() - start, 2)
        return outcome
    outcome.student_id = notebook.declared_student_id(nb)
    outcome.written = notebook.written_answers(nb, homework.handout, [q.name for q in homework.written])
    missing = notebook.missing_handout_cells(nb, homework.handout)
    if missing:
        shown = "; ".join(repr(m) for m in missing[:3]) + (" ..." if len(missing) > 3 else "")
        outcome.problems.append(f"{len(missing)} cell(s) of the handout are missing: {shown}")

    run = _run(nbformat.writes(nb).encode(), homework, limits, sandboxed)
    try:
        if run.report_too_long:
            raise BadReport("the answers reported are longer than the limit")
        if not run.report:
            raise BadReport("no answers came back")
        report = read_report(run.report)
    except BadReport as error:
        if run.timed_out:
            why = f"stopped after {limits.timeout:g} s (a cell runs too long, or never ends)"
        elif not run.report:
            tail = run.output.decode("utf-8", "replace").strip()[-200:]
            why = (f"the notebook's Python process ended before reporting its answers (exit status "
                   f"{run.returncode}; a cell calling os._exit, or using more memory than allowed?)"
                   + (f"; its last output: {tail!r}" if tail else ""))
        else:
            why = f"its answer report could not be read ({error})"
        outcome.problems.append(f"no answers, every question scores 0: {why}")
        report = Report()
    outcome.problems += report.cell_errors
    if run.output_bytes > sandbox.KEPT_OUTPUT_BYTES:
        outcome.problems.append(f"printed {run.output_bytes / 2**20:.1f} MB of output (only the first "
                                f"{sandbox.KEPT_OUTPUT_BYTES // 1024} KB kept)")
    _seeded_id(outcome, report, submission.student_id)
    outcome.score = outcome.possible = 0.0
    for question in homework.autograded:
        result = checks.grade_question(homework.tests[question.name], report)
        outcome.questions[question.name] = {"score": result.score, "possible": result.possible,
                                            "details": result.details, "feedback": result.feedback}
        outcome.score += result.score
        outcome.possible += result.possible
    outcome.status = GRADED_WITH_PROBLEMS if outcome.problems else GRADED
    outcome.seconds = round(time.perf_counter() - start, 2)
    return outcome
