"""Copying caught: the class-level pass that flags submissions after every one of them is graded.

:func:`flag_copying` takes the class's outcomes (:class:`grading.grader.Outcome`, with the ``values``,
``variant``, ``fingerprint``, ``written`` and ``course_code`` grading stored) and returns, per submission file,
a list of flags ``{"kind": KIND, "with": [other files], "what": "one sentence"}`` (tools/grading/flags.py); it
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
    text (``exec``, ``__import__``): read from the cells without running them (tools/grading/notebook.py,
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
    right too (plus one, over the samples plus one); the flag is raised when (class size - 1) times the
    product of the ``f`` is at most :data:`EVIDENCE`, that is when a coincidence this close would happen by
    chance for at most 1 student in 100. One matching question alone never suffices (its ``f`` is at least
    1/301, and a class of 30 gives 29/301); two distinctive ones do. Questions the public example explains
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
    cells, when it is not the 1, 2, 3, ... of *Restart Kernel and Run All*.
``same-answer-cells``
    Code cells whose *shape* is the same (:func:`grading.likeness.code_shape`: tokens, with the student's own
    variable names replaced by their order of first use, so renaming ``g1`` to ``game`` changes nothing),
    weighed by length and rarity: a shared cell of ``n`` tokens, written by ``k`` submissions of the class, adds
    ``max(0, n - CODE_FREE_TOKENS) / (k - 1)``, unless it is the public solution's shape or more than a tenth
    of the class (at least 2) wrote it; the flag is raised when a pair's sum reaches :data:`CODE_EVIDENCE`.
    A natural one-liner (``q1_grundy = list(SubtractionGame(mine.q1.S).grundy_values(16))``: 18 tokens)
    weighs nothing however many write it; a copy of a classmate's own multi-line cells does
    (tests/test_copying.py measures both).
``same-written-answer``
    Two written answers (each at least :data:`WRITTEN_MIN_WORDS` words) whose word triples overlap by at
    least :data:`WRITTEN_SIMILARITY` (:func:`grading.likeness.similarity`: Jaccard similarity of the sets of
    three consecutive words, after case, punctuation and Markdown are dropped): 1.0 for the same text, about
    0.55 to 0.65 for a copy with one word in ten changed, at most 0.05 for answers to the same question
    written apart (tests/test_copying.py measures these examples).
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, Numbers, normalise_course_code, normalise_student_id
from gamelib.homework.marking import accepts

from .flags import flag as _flag
from .grader import NOT_GRADED
from .identity_flags import owner
from .likeness import similarity, words
from .plain import BadReport, decode_value

KINDS = ("course-code", "answer-key", "other-id-outputs", "same-run", "other-numbers", "public-example",
         "same-cell-ids", "same-execution-history", "same-answer-cells", "same-written-answer")
#: Random students of the course whose numbers measure how common a right answer is.
SAMPLES = 300
#: Largest expected number of students flagged by chance, per student, for ``other-numbers``.
EVIDENCE = 0.01
#: Jaccard similarity of word triples from which two written answers are flagged, and their least length.
WRITTEN_SIMILARITY, WRITTEN_MIN_WORDS = 0.4, 12
#: Tokens of a shared code cell that weigh nothing (a natural one-liner has 18 to 25), and the weight of
#: shared cells that makes a ``same-answer-cells`` flag (see the module docstring).
CODE_FREE_TOKENS, CODE_EVIDENCE = 25, 40
#: Least number of run cells in an execution history compared.
EXECUTIONS_MIN = 5


def _who(o) -> str:
    return str(o.who if hasattr(o, "who") else (o.name or o.file))[:80]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _values(o) -> dict:
    found = {}
    for name, encoded in (o.values or {}).items():
        try:
            found[name] = decode_value(encoded)
        except BadReport:
            continue
    return found


class _Commonness:
    """How often a question's answers are right for a random student of the course (see ``other-numbers``)."""

    def __init__(self, homework):
        self.homework = homework
        self._samples: list[Numbers] | None = None

    def share(self, question: str, values: dict) -> float:
        if self._samples is None:
            self._samples = [self.homework.numbers(f"sample-{i}") for i in range(SAMPLES)]
        hits = sum(accepts(sample, question, values) for sample in self._samples)
        return (hits + 1) / (SAMPLES + 1)


def _graded_numbers(o, homework) -> Numbers | None:
    student = (o.variant or {}).get("student_id")
    if student is None:
        return None
    try:
        return homework.definition.numbers(student, getattr(o, "graded_code", None) or homework.course_code)
    except (TypeError, ValueError):
        return None


def _matching_numbers(graded: list, homework, flags: dict[str, list[dict]]) -> None:
    """The ``public-example`` and ``other-numbers`` flags (answers right for numbers not the student's): the
    public example first, and the questions it explains are not held against a classmate."""
    numbers = {o.file: n for o in graded if (n := _graded_numbers(o, homework)) is not None}
    example = homework.definition.numbers(EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE)
    commonness = _Commonness(homework)
    names = {q.name: q.names for q in homework.definition.questions}
    class_size = len({owner(o) for o in graded})

    def evidence(matched: list[str], values: dict, others: int) -> float:
        return math.prod(commonness.share(q, values) for q in matched) * max(others, 1)

    for s in graded:
        values = _values(s)
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
                    f"public sources compute); by chance about 1 in {max(1, round(1 / expected)):,} or rarer")))
            wrong = [q for q in wrong if q not in public]
        own = (s.variant or {}).get("student_id")
        for t in graded:
            theirs = numbers.get(t.file)
            if t is s or theirs is None or owner(t) == owner(s) or theirs.student_id == own:
                continue
            matched = [q for q in wrong if accepts(theirs, q, values)]
            if not matched:
                continue
            expected = evidence(matched, values, class_size - 1)
            if expected > EVIDENCE:
                continue
            flags[s.file].append(_flag("other-numbers", [t], (
                f"the answers to {_listed(matched)} are wrong for this student's own numbers and right for "
                f"{_who(t)}'s; by chance about 1 in {max(1, round(1 / expected)):,} or rarer")))


def _pairs(graded: list):
    """Every two submissions of different students."""
    for a, b in combinations(sorted(graded, key=lambda o: o.file), 2):
        if owner(a) != owner(b):
            yield a, b


def _written(graded: list, homework, flags: dict[str, list[dict]]) -> None:
    """``same-written-answer`` between students, and ``public-example`` against the public model answer."""
    template = {"type", "your", "answer", "here", "replacing", "this", "text"}
    models = getattr(homework, "model_answers", {}) or {}
    for question in homework.written:
        texts = {}
        for o in graded:
            found = words((o.written or {}).get(question.name, ""))
            if len(found) >= WRITTEN_MIN_WORDS and not set(found) <= template:
                texts[o.file] = found
        for a, b in _pairs([o for o in graded if o.file in texts]):
            score = similarity(texts[a.file], texts[b.file])
            if score >= WRITTEN_SIMILARITY:
                for mine, theirs in ((a, b), (b, a)):
                    how = "the same as" if score == 1 else "nearly the same as"
                    flags[mine.file].append(_flag("same-written-answer", [theirs],
                                                  f"the written answer to {question.name} is {how} "
                                                  f"{_who(theirs)}'s (similarity {score:.2f})"))
        model = words(models.get(question.name, ""))
        if len(model) >= WRITTEN_MIN_WORDS:
            for file, found in texts.items():
                score = similarity(found, model)
                if score >= WRITTEN_SIMILARITY:
                    flags[file].append(_flag("public-example", [], f"the written answer to {question.name} is "
                                             f"{'the' if score == 1 else 'nearly the'} model answer of the public "
                                             f"source (similarity {score:.2f})"))


def _code(graded: list, homework, flags: dict[str, list[dict]]) -> None:
    """``same-answer-cells``: code of the same shape, weighed by length and rarity (see the module docstring)."""
    shapes: dict[str, dict[str, int]] = {}
    for o in graded:
        found = {}
        for item in (o.fingerprint or {}).get("shapes", []):
            if isinstance(item, list) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], int):
                found[item[0]] = item[1]
        shapes[o.file] = found
    writers: Counter = Counter()
    by_owner: dict[str, set[str]] = {}
    for o in graded:  # a student's own submissions count once
        by_owner.setdefault(owner(o), set()).update(shapes[o.file])
    for found in by_owner.values():
        writers.update(found)
    common_limit = max(2, len(by_owner) // 10)
    public = getattr(homework, "model_shapes", frozenset())
    for a, b in _pairs(graded):
        shared = [(shape, shapes[a.file][shape]) for shape in set(shapes[a.file]) & set(shapes[b.file])
                  if shape not in public and writers[shape] <= common_limit]
        weight = sum(max(0, tokens - CODE_FREE_TOKENS) / max(1, writers[shape] - 1) for shape, tokens in shared)
        if weight >= CODE_EVIDENCE:
            cells = sum(1 for _, tokens in shared if tokens > CODE_FREE_TOKENS)
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-answer-cells", [theirs], (
                    f"{cells} code cell(s) have the same code as {_who(theirs)}'s, variable names aside (weight "
                    f"{weight:.0f}: tokens past {CODE_FREE_TOKENS} per cell, over the writers but one; flagged from "
                    f"{CODE_EVIDENCE})")))


def _file_traces(graded: list, flags: dict[str, list[dict]]) -> None:
    """``same-cell-ids``, ``same-execution-history`` and ``same-run``."""
    ids = {o.file: set((o.fingerprint or {}).get("added_ids", [])) for o in graded}
    runs = {}
    for o in graded:
        counts = [c for c in (o.fingerprint or {}).get("executions", []) if isinstance(c, int)]
        if len(counts) >= EXECUTIONS_MIN and counts != list(range(1, len(counts) + 1)):
            runs[o.file] = tuple((o.fingerprint or {}).get("executions", []))
    tags = {o.file: {s.get("run") for s in (o.fingerprint or {}).get("shown", []) if isinstance(s, dict)
                     and isinstance(s.get("run"), str)} for o in graded}
    for a, b in _pairs(graded):
        shared = ids[a.file] & ids[b.file]
        if shared:
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-cell-ids", [theirs], (
                    f"{len(shared)} cell(s) added to the handout carry the same ids as in {_who(theirs)}'s "
                    "notebook: one file was made from the other")))
        if a.file in runs and runs.get(a.file) == runs.get(b.file):
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-execution-history", [theirs], (
                    f"the cells were run in the same order, with the same execution counts, as in {_who(theirs)}'s "
                    "notebook")))
        same_run = tags[a.file] & tags[b.file]
        if same_run:
            for mine, theirs in ((a, b), (b, a)):
                flags[mine.file].append(_flag("same-run", [theirs], (
                    f"its saved outputs were made in the same run of Python as {_who(theirs)}'s (run tag "
                    f"{sorted(same_run)[0]}): one file was made from the other without being run again")))


def _outputs(graded: list, homework, flags: dict[str, list[dict]]) -> None:
    """``other-id-outputs``: saved outputs of numbers that are not those of the id and code typed."""
    ids = {}
    for o in graded:
        for known in (o.student_id, (o.variant or {}).get("student_id"), getattr(o, "roster_id", None)):
            if known:
                try:
                    ids.setdefault(normalise_student_id(known), []).append(o)
                except (TypeError, ValueError):
                    continue
    for o in graded:
        if not o.student_id:
            continue
        try:
            typed_id = normalise_student_id(o.student_id)
            typed_code = normalise_course_code(o.course_code) if o.course_code else None
        except (TypeError, ValueError):
            continue
        for shown in (o.fingerprint or {}).get("shown", []):
            if not isinstance(shown, dict) or not isinstance(shown.get("student"), str):
                continue
            student, course = shown["student"], shown.get("course")
            others = list({id(t): t for t in ids.get(student, []) if owner(t) != owner(o)}.values())
            whose = f" ({_listed(sorted({_who(t) for t in others}))}'s)" if others else ""
            where = f"the saved output of cell {shown.get('cell')}"
            if student != typed_id:
                said = (f"{where} shows the numbers of student {student!r}{whose}, not of the id typed, "
                        f"{o.student_id!r}: the id was changed after the notebook was run")
            elif typed_code is not None and course != typed_code:
                said = (f"{where} shows the numbers of course code {course!r}, not of the code typed, "
                        f"{o.course_code!r}: the code was changed after the notebook was run")
            else:
                try:
                    expected = homework.definition.numbers(student, course).plain
                except (TypeError, ValueError):
                    continue
                if not shown.get("numbers") or shown["numbers"] == expected:
                    continue
                said = (f"{where} shows numbers that are not those of the id and code it names ({student!r}, "
                        f"{course!r}): the output was edited")
            flags[o.file].append(_flag("other-id-outputs", others[:3], said))
            break


def _key_use(graded: list, flags: dict[str, list[dict]]) -> None:
    """``answer-key``: cells that reach the answer key (read without running them)."""
    for o in graded:
        for use in (o.fingerprint or {}).get("key_use", [])[:5]:
            if isinstance(use, dict) and isinstance(use.get("what"), list):
                flags[o.file].append(_flag("answer-key", [], (
                    f"cell {use.get('cell')} ({str(use.get('first_line', ''))[:60]!r}) "
                    + "; ".join(str(w) for w in use["what"][:4])
                    + ": the answer key is public code, but a student's notebook has no need of it")))


def _course_code(graded: list, homework, flags: dict[str, list[dict]]) -> None:
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


def flag_copying(outcomes: list, homework) -> dict[str, list[dict]]:
    """Flags per submission file for the whole class (see the module docstring); also stored in each
    ``Outcome.flags``. ``homework`` is the :class:`grading.homework_set.HomeworkSet` the outcomes were graded with."""
    flags: dict[str, list[dict]] = {o.file: [] for o in outcomes}
    graded = [o for o in outcomes if o.status != NOT_GRADED]
    _course_code(graded, homework, flags)
    _key_use(graded, flags)
    _outputs(graded, homework, flags)
    _matching_numbers(graded, homework, flags)
    _written(graded, homework, flags)
    _code(graded, homework, flags)
    _file_traces(graded, flags)
    for o in outcomes:
        o.flags = flags[o.file]
    return flags
