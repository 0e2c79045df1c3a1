"""Copying caught: the class-level pass that flags submissions after every one of them is graded.

:func:`flag_copying` takes the class's outcomes (:class:`grading.grader.Outcome`, with the ``values``,
``variant``, ``fingerprint``, ``written`` and ``course_code`` grading stored) and returns, per submission file,
a list of flags ``{"kind": KIND, "with": [other files], "what": "one sentence"}`` (flags.py); it
also stores them in each ``Outcome.flags``. A flag never changes a score: it points the teacher at something to
look at. A student's own submissions (the same student of the class list, else the same name and site number
in the file names) are never compared with each other.

The kinds, and when each is raised:

``course-code``
    A typed course code that is not the teacher's: the submission is graded with the teacher's code (unless
    the teacher accepts the typed one with ``--accept-code``); the flag says what it scores on the typed code.
``answer-key``
    A code cell that imports gamelib.homework's internals (anything but ``my_numbers``), uses the answer key's
    names (``one_right_answer``, ``.mark``, ...), private or introspection attributes, or runs code built from
    text (``exec``, ``__import__``): read from the cells without running them (gamelib_grader/intake/notebook.py,
    ``key_use``); the flag names the cell.
``other-id-outputs``
    The saved output of the cell that shows the student's numbers (``mine``) shows another id or course code
    than the one typed, or numbers that are not those of the typed id: the id was changed after the notebook
    was run (a copy handed in without running it again). Names the classmate whose id it is, if any.
``same-run``
    Two students' saved outputs carry the same run tag (a random tag of the kernel session that made them,
    shown with the numbers: gamelib.homework.core.RUN): one file was made from the other without being run
    again. (Run again from the top, a copy loses both traces: then only the code and the written answer tell.)
``other-numbers``
    Answers that are wrong for the student's own numbers and right for a classmate's, on questions whose
    answers this close would rarely match by chance: for each such question, ``f`` is the share of
    :data:`SAMPLES` random students of the course (random ids, the teacher's code) for whom the answer is
    right too (plus one, over the samples plus one); the flag is raised when the number of classmates (at
    least 199: copy_evidence.py's ``REFERENCE_STUDENTS``, so that students joining a class change nothing)
    times the product of the ``f`` is at most :data:`EVIDENCE`, that is when a coincidence this close would
    happen by chance for at most 1 student in 100. One matching question alone never suffices (its ``f`` is
    at least 1/301, and 199/301 is far above 1/100); two distinctive ones do. Up to ``EVIDENCE_BAND`` (1 in 20)
    the pair is "close to the line, not flagged" (``Outcome.near``). Questions the public example explains
    (below) are left out first: its answers match many students' by chance.
``public-example``
    The same, against the public example's numbers (the example id with the demo course code: what the
    public sources compute), with the class size taken as 2; or a written answer at least
    :data:`WRITTEN_SIMILARITY` similar to the public model answer. (The public solution *code* typed in is
    not flagged: it is the method the issue makes public, and it computes the right answers for any id.)
``same-cell-ids``
    Cells that the handout does not have (added by the student; JupyterLab gives each a random id) whose ids
    another submission carries too: one file was copied from the other.
``same-execution-history``
    The same sequence of execution counts as another submission, over at least :data:`EXECUTIONS_MIN` run
    cells, with at least :data:`EXECUTION_BREAKS` places where a count is not the one before plus one. Run All
    gives k, k + 1, k + 2, ... whatever ran before (Run All twice: 14 .. 26), and a restart or a cell run again
    by hand adds a break or two: such histories are common and never flag; one of three breaks or more, the same
    in two files, does not arise independently.
``same-answer-cells``, ``same-written-answer``
    Code and written answers alike beyond what is public: copy_likeness.py (fragments, the base,
    how many wrote each fragment).
``too-large``
    A notebook whose code or saved outputs are larger than the checks read (gamelib_grader/intake/notebook.py): it is
    never half read in silence; the flag says where reading stopped.

``other-id-outputs`` also covers a copy handed in without running it again whose numbers' output was
rewritten: the answers its cells *displayed* (saved outputs) are judged too. Answers that the notebook's own
code does not compute when run, and that are right for a classmate's numbers (as rare as ``other-numbers``
demands), name the classmate.
"""

from __future__ import annotations

import math

from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, normalise_course_code
from gamelib.homework.marking import accepts
from gamelib_grader.intake.likeness import words
from gamelib_grader.integrity import fragments
from gamelib_grader.integrity.copy_evidence import (  # noqa: F401 (SAMPLES: the kit's figure)
    EVIDENCE,
    EVIDENCE_BAND,
    SAMPLES,
    Commonness,
    classmates,
    graded_numbers,
    values_of,
)
from gamelib_grader.integrity.copy_likeness import code_flags, listed, pairs, who, written_flags
from gamelib_grader.integrity.copy_outputs import other_id_outputs, saved_answers, too_large
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.integrity.flags import flag as _flag
from gamelib_grader.integrity.identity_flags import owner
from gamelib_grader.marking.grader import NOT_GRADED

KINDS = ("course-code", "too-large", "answer-key", "other-id-outputs", "same-run", "other-numbers", "public-example",
         "same-cell-ids", "same-execution-history", "same-answer-cells", "same-written-answer")
#: Share of word runs (the lessons' and docs' left out) from which a written answer is the public model's.
MODEL_SIMILARITY, MODEL_MIN_SHARED, WRITTEN_MIN_WORDS = 0.4, 8, 12
#: Least number of run cells in an execution history compared, and of breaks in it (see the docstring).
EXECUTIONS_MIN, EXECUTION_BREAKS = 5, 3
_who, _listed, _pairs = who, listed, pairs


def _matching_numbers(graded: list, homework, flags: dict[str, list[FlagEntry]], commonness=None,
                      near: dict[str, list[FlagEntry]] | None = None) -> None:
    """The ``public-example`` and ``other-numbers`` flags (answers right for numbers not the student's): the
    public example first, and the questions it explains are not held against a classmate."""
    numbers = {o.file: n for o in graded if (n := graded_numbers(o, homework)) is not None}
    example = homework.definition.numbers(EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE)
    commonness = commonness or Commonness(homework)
    names = {q.name: q.names for q in homework.definition.questions}
    class_size = len({owner(o) for o in graded})

    def evidence(matched: list[str], values: dict, others: int) -> float:
        return math.prod(commonness.share(q, values) for q in matched) * max(others, 1)

    for s in graded:
        values = values_of(s)
        wrong = [q for q in names if not (s.questions.get(q) or {}).get("right")
                 and all(n in values for n in names[q])]
        if not wrong:
            continue
        public = [q for q in wrong if accepts(example, q, values)]
        if public:
            expected = evidence(public, values, 1)
            if expected <= EVIDENCE:
                flags[s.file].append(_flag("public-example", [], (
                    f"the answers to {_listed(public)} are wrong for this student's own numbers and right for the "
                    f"public example's (student {EXAMPLE_STUDENT_ID!r}, course code {DEMO_COURSE_CODE!r}: what the "
                    f"public sources compute); by chance about 1 in {max(1, round(1 / expected)):,} or rarer"),
                    questions=public))
            wrong = [q for q in wrong if q not in public]
        own = (s.variant or {}).get("student_id")
        for t in graded:
            theirs = numbers.get(t.file)
            if t is s or theirs is None or owner(t) == owner(s) or theirs.student_id == own:
                continue
            matched = [q for q in wrong if accepts(theirs, q, values)]
            if not matched:
                continue
            expected = evidence(matched, values, classmates(class_size))
            if expected > EVIDENCE:
                if expected <= EVIDENCE_BAND and near is not None:
                    near.setdefault(s.file, []).append(_flag("other-numbers", [t], (
                        f"the answers to {_listed(matched)} are wrong for this student's own numbers and right for "
                        f"{_who(t)}'s; by chance about 1 in {max(1, round(1 / expected)):,} (flagged at 1 in "
                        f"{round(1 / EVIDENCE)} or rarer)"), questions=matched))
                continue
            flags[s.file].append(_flag("other-numbers", [t], (
                f"the answers to {_listed(matched)} are wrong for this student's own numbers and right for "
                f"{_who(t)}'s; by chance about 1 in {max(1, round(1 / expected)):,} or rarer"), questions=matched))


def _model_answers(graded: list, homework, flags: dict[str, list[FlagEntry]]) -> None:
    """``public-example`` against the public model answer: runs of three words in common, those of the lessons
    and the documentation left out (a paraphrase of the lesson's proof is not the model answer)."""
    template = {"type", "your", "answer", "here", "replacing", "this", "text"}
    models = getattr(homework, "model_answers", {}) or {}
    base = fragments.public_prose_base()
    for question in homework.written:
        model = fragments.word_grams(words(models.get(question.name, ""))) - base
        if len(model) < MODEL_MIN_SHARED:
            continue
        for o in graded:
            found = words((o.written or {}).get(question.name, ""))
            if len(found) < WRITTEN_MIN_WORDS or set(found) <= template:
                continue
            grams = fragments.word_grams(found) - base
            shared = grams & model
            score = len(shared) / len(grams | model)
            if score >= MODEL_SIMILARITY and len(shared) >= MODEL_MIN_SHARED:
                flags[o.file].append(_flag("public-example", [], f"the written answer to {question.name} is "
                                           f"{'the' if grams == model else 'nearly the'} model answer of the public "
                                           f"source ({len(shared)} runs of three words in common that no lesson "
                                           f"holds, {score:.0%} of both)"))


def breaks(counts: list) -> int:
    """Places where an execution count is not the one before plus one (a cell not run counts as one).

    >>> breaks([14, 15, 16, 17, 18]), breaks([1, 2, 3, 7, 8, None, 9]), breaks([3, 7, 12, 13, 15, 16])
    (0, 3, 3)
    """
    return sum(1 for before, count in zip(counts, counts[1:], strict=False) if count is None or before is None
               or count != before + 1)


def _file_traces(graded: list, flags: dict[str, list[FlagEntry]]) -> None:
    """``same-cell-ids``, ``same-execution-history`` and ``same-run``."""
    ids = {o.file: set((o.fingerprint or {}).get("added_ids", [])) for o in graded}
    runs = {}
    for o in graded:
        counts = [c if isinstance(c, int) and not isinstance(c, bool) else None
                  for c in (o.fingerprint or {}).get("executions", [])]
        if sum(c is not None for c in counts) >= EXECUTIONS_MIN and breaks(counts) >= EXECUTION_BREAKS:
            runs[o.file] = tuple(counts)
    tags = {o.file: {s.get("run") for s in (o.fingerprint or {}).get("shown", []) if isinstance(s, dict)
                     and isinstance(s.get("run"), str)} for o in graded}
    for a, b in _pairs(graded):
        shared = ids[a.file] & ids[b.file]
        if shared:
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-cell-ids", [theirs], (
                    f"{len(shared)} cell(s) added to the handout carry the same ids as in {_who(theirs)}'s "
                    "notebook (JupyterLab gives a new cell a random id): one file was made from the other")))
        if a.file in runs and runs.get(a.file) == runs.get(b.file):
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-execution-history", [theirs], (
                    f"the cells were run in the same order, with the same execution counts, as in {_who(theirs)}'s "
                    f"notebook, {breaks(list(runs[a.file]))} times out of the plain order of Run All: a history "
                    "that does not arise independently")))
        same_run = tags[a.file] & tags[b.file]
        if same_run:
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-run", [theirs], (
                    f"its saved outputs were made in the same run of Python as {_who(theirs)}'s (run tag "
                    f"{sorted(str(t) for t in same_run)[0]}, random in every session): one file was made from the "
                    "other without being run again")))


def _key_use(graded: list, flags: dict[str, list[FlagEntry]]) -> None:
    """``answer-key``: cells that reach the answer key (read without running them)."""
    for o in graded:
        for use in (o.fingerprint or {}).get("key_use", [])[:5]:
            if isinstance(use, dict) and isinstance(use.get("what"), list):
                flags[o.file].append(_flag("answer-key", [], (
                    f"cell {use.get('cell')} ({str(use.get('first_line', ''))[:60]!r}) "
                    + "; ".join(str(w) for w in use["what"][:4])
                    + ": the answer key is public code, but a student's notebook has no need of it")))


def _course_code(graded: list, homework, flags: dict[str, list[FlagEntry]]) -> None:
    expected = normalise_course_code(homework.course_code)
    for o in graded:
        if o.course_code is None or o.course_code.strip().casefold() == expected:
            continue
        accepted = getattr(o, "graded_code", None)
        typed = o.typed_score or {}
        scored = (f"; on the typed code's numbers it scores {typed['score']:g} of {typed['possible']:g}"
                  if typed.get("course_code") == o.course_code.strip().casefold() and "score" in typed else "")
        if accepted and normalise_course_code(accepted) != expected:
            how = f"graded with {accepted!r}, the code you accepted for it (--accept-code)"
        else:
            how = (f"graded with the course's code ({o.score:g} of {o.possible:g}){scored}; to grade it with the "
                   f"typed code: --accept-code '{o.file}={o.course_code.strip()}'")
        flags[o.file].append(_flag("course-code", [], f"the notebook has the course code {o.course_code[:40]!r}, "
                                                      f"not the course's: {how}"))


def flag_copying(outcomes: list, homework) -> dict[str, list[FlagEntry]]:
    """Flags per submission file for the whole class (see the module docstring); also stored in each
    ``Outcome.flags``, and the pairs close to a line, not flagged, in each ``Outcome.near`` (the first file of
    the pair holds them). ``homework`` is the :class:`grading.homework_set.HomeworkSet` the outcomes were graded
    with."""
    flags: dict[str, list[FlagEntry]] = {o.file: [] for o in outcomes}
    near: dict[str, list[FlagEntry]] = {o.file: [] for o in outcomes}
    graded = [o for o in outcomes if o.status != NOT_GRADED]
    commonness = Commonness(homework)
    _course_code(graded, homework, flags)
    too_large(graded, flags)
    _key_use(graded, flags)
    other_id_outputs(graded, homework, flags)
    saved_answers(graded, homework, flags, commonness, near)
    _matching_numbers(graded, homework, flags, commonness, near)
    _model_answers(graded, homework, flags)
    written_flags(graded, homework, flags, near)
    code_flags(graded, homework, flags, near)
    _file_traces(graded, flags)
    for o in outcomes:
        o.flags = flags[o.file]
        o.near = near[o.file]
    return flags
