"""Grade one submission: read it (statically), run it in the sandbox, mark the plain answers it reports.

The result, an :class:`Outcome`, is built only from what the grader itself saw: the notebook file, the
sandbox's exit and timing, and the marked plain values. Nothing the student's code says about its own
score or status is read. The student's numbers come from the student id (the course site's when the name
pattern gives one, else the typed one) and the **teacher's** course code, never the one typed in the
notebook: a student could type another. The set a submission is graded against (its questions, handout and
course code) is read by homework_set.py.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field

import nbformat

from gamelib.homework import Numbers
from gamelib_grader.intake import notebook
from gamelib_grader.intake.homework_set import GRADER_VERSION, IDENTITY_NAMES, HomeworkSet
from gamelib_grader.intake.ids import same_id
from gamelib_grader.intake.layout import Submission
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.marking import checks
from gamelib_grader.sandbox import bwrap as sandbox
from gamelib_grader.sandbox.plain import BadReport, Report, read_report

GRADED, GRADED_WITH_PROBLEMS, NOT_GRADED = "graded", "graded, with problems", "not graded"


@dataclass
class Outcome:
    """What grading one submission found (saved as one JSON file the moment it is known).

    ``questions[q]`` holds, per autograded question: ``score``, ``possible``, ``details`` (for the teacher),
    ``feedback`` (for the student), ``right`` (True when the question has full marks) and ``answers``
    (``{variable: short plain text of the student's value}``, e.g. ``"[0, 0, 1, 1]"``, ``"..."`` for no answer,
    ``"(not defined)"``, ``"(a numpy.ndarray)"``: for the teacher's details) and ``mistakes`` (``{variable: kind
    of mistake}`` for each answer not right, gamelib/homework/mistakes.py: what the class report totals).

    ``variant`` is what the student's numbers were drawn from and what they are: ``{"student_id": the id the
    numbers come from, "numbers": {name: plain value}}`` (empty when no id was known). ``course_code`` is the
    code typed in the notebook (the grader always grades with the teacher's, see :class:`HomeworkSet`).
    ``values`` keeps the answer values (tagged plain JSON, as the sandbox reports them) so that the class-level
    copying pass can check them against the classmates' numbers; ``fingerprint`` keeps what that pass compares
    of the notebook itself (cell ids the handout does not have, execution counts, answer cells' code).
    ``flags`` is filled by :func:`grading.copying.flag_copying` after the whole class is graded, never by
    grading one file, and never changes a score: each flag is ``{"kind": ..., "with": [files], "what": "one
    sentence"}`` (see gamelib_grader/integrity/flags.py for the kinds).

    ``student`` is the class list's name for the student (when the file matched one), ``roster_id`` the id
    the class list gives them (the numbers then come from it); ``graded_code`` the course code the answers
    were marked with (the teacher's, or one accepted with ``--accept-code``). ``typed_score`` is what the work
    scores on the numbers of the id and course code typed in the notebook, when those are not what it was
    marked with (``{"student_id", "course_code", "score", "possible"}``): the teacher decides. ``notices`` are
    the grader's words for the student, shown first in their feedback (a course code or id that is not theirs).
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
    flags: list[FlagEntry] = field(default_factory=list)
    #: Pairs close to a line of the copying pass, not flagged (the report lists them with their figures).
    near: list[FlagEntry] = field(default_factory=list)
    student: str | None = None
    roster_id: str | None = None
    graded_code: str | None = None
    typed_score: dict = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)

    @property
    def who(self) -> str:
        """The student as the teacher knows them: the class list's name, else the file name's, else the file."""
        return str(self.student or self.name or self.file)


def _id_text(value: object) -> str | None:
    """A reported ``student_id`` as the numbers read it (text or a whole number), else None."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        return None
    return str(value).strip()[:100] or None


def _seeded_id(outcome: Outcome, report: Report, trusted_id: str | None,
               trusted_from: str = "the class list's") -> str | None:
    """The id the student's numbers come from: the course site's id when the teacher's name pattern gives
    one, else the id typed in the notebook, the one the gradebook shows and the identity flags compare; only
    when none is typed, the one the notebook ran with. Notes when the notebook ran with another id than the
    typed one, or with another course code than the typed one.

    The id a notebook ran with is whatever its code made it (text, a number, anything): marking against it
    would let a student type their own id for the gradebook and be marked on the numbers of another
    (``student_id = int("1234567")`` in a later cell)."""
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
        whose = ("the typed one" if trusted_id is None or same_id(trusted_id, outcome.student_id) else
                 f"{trusted_id[:60]!r}, {trusted_from} id for this student")
        outcome.problems.append(f"the notebook ran with student_id {shown}, not the {outcome.student_id!r} "
                                f"typed in it; its numbers are those of {whose}")
    ran_code = report.values.get("course_code")
    if (outcome.course_code is not None and isinstance(ran_code, str)
            and ran_code.strip().casefold() != outcome.course_code.strip().casefold()):
        outcome.problems.append(f"the notebook ran with course_code {ran_code[:40]!r}, not the "
                                f"{outcome.course_code[:40]!r} typed in it")
    if outcome.course_code is None and isinstance(ran_code, str):
        outcome.course_code = ran_code.strip()[:100]
    return trusted_id if trusted_id is not None else outcome.student_id


def _run(raw: bytes, homework: HomeworkSet, limits: sandbox.Limits, sandboxed: bool):
    names = homework.answer_names
    skip = notebook.locked_cells(homework.handout)
    if sandboxed:
        return sandbox.run_sandboxed(raw, f"{homework.name}.ipynb", names, skip, limits, homework.files)
    return sandbox.run_unsandboxed(raw, f"{homework.name}.ipynb", names, skip, limits, homework.files)


def _stored_values(report: Report) -> dict:
    """The reported answers as tagged plain JSON (what the sandbox sent), for the copying pass."""
    from gamelib_grader.sandbox.run_notebook import encode

    return {name: encode(value) for name, value in report.values.items() if name not in IDENTITY_NAMES}


def grade(submission: Submission, homework: HomeworkSet, limits: sandbox.Limits = sandbox.DEFAULT_LIMITS,
          sandboxed: bool = True) -> Outcome:
    """Grade one submission; a bad submission is reported in the outcome, never raised.

    The numbers come from the class list's id for the student (``submission.roster_id``), else the name
    pattern's id (``submission.student_id``), else the id typed in the notebook; and from the teacher's course
    code, or the one accepted for this file (``submission.accepted_code``)."""
    start = time.perf_counter()
    outcome = Outcome(submission.file, submission.name, submission.site_id, named_id=submission.student_id,
                      sandboxed=sandboxed, tests_digest=homework.tests_digest, student=submission.roster_name,
                      roster_id=submission.roster_id,
                      graded_code=submission.accepted_code or homework.course_code)
    try:
        raw = submission.path.read_bytes()[: notebook.MAX_NOTEBOOK_BYTES + 1]
        outcome.sha256 = hashlib.sha256(raw).hexdigest()
        nb, shown = notebook.read_submission(raw)
        outcome.problems += notebook.check_set(nb, homework.name)
    except notebook.NotGradable as error:
        outcome.problems.append(str(error))
        outcome.seconds = round(time.perf_counter() - start, 2)
        return outcome
    outcome.student_id = notebook.declared_student_id(nb)
    outcome.course_code = notebook.declared_course_code(nb)
    outcome.written = notebook.written_answers(nb, homework.handout, [q.name for q in homework.written])
    budget = notebook.Budget()
    outcome.fingerprint = notebook.fingerprint(nb, homework.handout, budget, shown)
    if budget.problem:
        outcome.problems.append(budget.problem)
    missing = notebook.missing_handout_cells(nb, homework.handout)
    if missing:
        listed = "; ".join(repr(m) for m in missing[:3]) + (" ..." if len(missing) > 3 else "")
        outcome.problems.append(f"{len(missing)} cell(s) of the handout are missing: {listed}")

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
    trusted = submission.roster_id
    if trusted is not None and outcome.student_id is not None and same_id(outcome.student_id, trusted):
        trusted = outcome.student_id  # the same id as the list's, in the form typed (an e-mail's name part)
    seeded = _seeded_id(outcome, report, trusted or submission.student_id,
                        "the class list's" if trusted else "the file name's")
    numbers = None
    if seeded is not None:
        try:
            numbers = homework.definition.numbers(seeded, outcome.graded_code)
            outcome.variant = {"student_id": numbers.student_id, "numbers": numbers.plain}
        except (TypeError, ValueError) as error:
            outcome.problems.append(f"the student id {seeded!r} gives no numbers: {error}")
    else:
        outcome.problems.append("no student id is typed in the notebook: its numbers are not known, every "
                                "question scores 0")
    outcome.values = _stored_values(report)
    outcome.score, outcome.possible = _mark_all(outcome, homework, numbers, report)
    typed = _typed_numbers(outcome, homework, numbers)
    if typed is not None:
        score, possible = _mark_all(Outcome(outcome.file), homework, typed, report)
        outcome.typed_score = {"student_id": typed.student_id, "course_code": typed.course_code, "score": score,
                               "possible": possible}
    outcome.notices = _notices(outcome, homework, numbers, typed)
    outcome.status = GRADED_WITH_PROBLEMS if outcome.problems else GRADED
    outcome.seconds = round(time.perf_counter() - start, 2)
    return outcome


def _mark_all(outcome: Outcome, homework: HomeworkSet, numbers: Numbers | None, report: Report) -> tuple[float, float]:
    """Mark every question into ``outcome.questions``; the total and the points possible."""
    total = possible = 0.0
    for question in homework.definition.questions:
        result = checks.grade_question(question, numbers, report)
        outcome.questions[question.name] = {"score": result.score, "possible": result.possible,
                                            "details": result.details, "feedback": result.feedback,
                                            "right": result.right, "answers": result.answers,
                                            "mistakes": result.mistakes}
        total += result.score
        possible += result.possible
    return total, possible


def _typed_numbers(outcome: Outcome, homework: HomeworkSet, graded: Numbers | None) -> Numbers | None:
    """The numbers of the id and course code typed in the notebook, when they are valid and not the numbers
    it was marked on (then what the work scores on them is worth the teacher's knowing)."""
    if graded is None or outcome.student_id is None:
        return None
    code = outcome.course_code if outcome.course_code is not None else outcome.graded_code
    try:
        typed = homework.definition.numbers(outcome.student_id, code)
    except (TypeError, ValueError):
        return None
    same = (typed.student_id, typed.course_code) == (graded.student_id, graded.course_code)
    return None if same else typed


def _notices(outcome: Outcome, homework: HomeworkSet, graded: Numbers | None, typed: Numbers | None) -> list[str]:
    """What the student is told first: the course code or the id typed is not the one the work was marked
    with, and what to do. The questions' own lines then speak of numbers the student never saw, so each is
    replaced by a pointer to this notice."""
    if graded is None or typed is None:
        return []
    # The numbers typed came from these two (see _typed_numbers); the numbers' own copies are the fallback.
    typed_code = outcome.course_code if outcome.course_code is not None else typed.course_code
    typed_id = outcome.student_id if outcome.student_id is not None else typed.student_id
    said = []
    if typed.course_code != graded.course_code:
        said.append(f"The course code typed in your notebook, {typed_code[:40]!r}, is not your course's: "
                    "your numbers come from your id and your course's code, so answers worked out for the numbers "
                    "your notebook showed were marked against other numbers. Type the course code your teacher gave "
                    "you, run all the cells again (Restart Kernel and Run All) and hand the notebook in again, or ask "
                    "your teacher to grade it under the code you typed.")
    if typed.student_id != graded.student_id:
        where = "the class list" if outcome.roster_id else "the course site"
        said.append(f"The student id typed in your notebook, {typed_id[:40]!r}, is not your id on "
                    f"{where}, {graded.student_id!r}: your work was marked on the numbers of "
                    f"{graded.student_id!r}. Type that id, run all the cells again and hand the notebook in again.")
    for result in outcome.questions.values():
        if result["score"] < result["possible"]:
            result["feedback"] = ["marked on other numbers than the ones your notebook showed: see the note at "
                                  "the top."]
    return said
