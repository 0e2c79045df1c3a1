"""Copying caught: the class-level pass that flags submissions after every one of them is graded.

:func:`flag_copying` takes the class's outcomes (:class:`grading.grader.Outcome`, with the ``values``,
``variant``, ``fingerprint``, ``written`` and ``course_code`` grading stored) and returns, per submission file,
a list of flags ``{"kind": KIND, "with": [other files], "what": "one sentence"}``; it also stores them in each
``Outcome.flags``. A flag never changes a score: it points the teacher at something to look at.

The kinds, and when each is raised:

``other-numbers``
    Answers that are wrong for the student's own numbers and right for a classmate's, on questions whose
    answers this close would rarely match by chance: for each such question, ``f`` is the share of
    :data:`SAMPLES` random students of the course (random ids, the teacher's code) for whom the answer is
    right too (plus one, over the samples plus one); the flag is raised when (class size - 1) times the
    product of the ``f`` is at most :data:`EVIDENCE`, that is when a coincidence this close would happen by
    chance for at most 1 student in 100. One matching question alone never suffices (its ``f`` is at least
    1/301, and a class of 30 gives 29/301); two distinctive ones do.
``public-example``
    The same, against the public example's numbers (the example id with the demo course code: what the
    public sources compute), with the class size taken as 2; or a written answer at least
    :data:`WRITTEN_SIMILARITY` similar to the public model answer.
``same-written-answer``
    Two written answers (each at least :data:`WRITTEN_MIN_WORDS` words) whose word triples overlap by at
    least :data:`WRITTEN_SIMILARITY` (Jaccard similarity of the sets of three consecutive words, after
    case, punctuation and Markdown are dropped): 1.0 for the same text, about 0.55 to 0.65 for a copy with
    one word in ten changed, at most 0.05 for answers to the same question written apart
    (tests/test_copying.py measures these examples).
``same-answer-cells``
    At least :data:`CODE_SHARED_CELLS` code cells, each at least :data:`CODE_MIN_CHARS` characters, whose
    code is the same once comments, spaces and line breaks are dropped (:func:`normalise_code`), where that
    code is rare: written in no more than two submissions, or a tenth of the class if that is more, and not
    the public solution's own line. Everyone's ``q1_grundy = SubtractionGame(mine.q1.S)...`` is not a flag.
``same-cell-ids``
    Cells that the handout does not have (added by the student; JupyterLab gives each a random id) whose ids
    another submission carries too: one file was copied from the other.
``same-execution-history``
    The same sequence of execution counts as another submission, over at least :data:`EXECUTIONS_MIN` run
    cells, when it is not the 1, 2, 3, ... of *Restart Kernel and Run All*.
``course-code``
    A typed course code that is not the teacher's (the submission is graded with the teacher's code).
"""

from __future__ import annotations

import io
import math
import re
import tokenize
from collections import Counter
from itertools import combinations

from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, Numbers

from .plain import BadReport, decode_value

KINDS = ("other-numbers", "public-example", "same-answer-cells", "same-written-answer", "same-cell-ids",
         "same-execution-history", "course-code")
#: Random students of the course whose numbers measure how common a right answer is.
SAMPLES = 300
#: Largest expected number of students flagged by chance, per student, for ``other-numbers``.
EVIDENCE = 0.01
#: Jaccard similarity of word triples from which two written answers are flagged, and their least length.
WRITTEN_SIMILARITY, WRITTEN_MIN_WORDS = 0.4, 12
#: Least length of a code cell compared, and how many rare shared cells make a flag.
CODE_MIN_CHARS, CODE_SHARED_CELLS = 20, 2
#: Least number of run cells in an execution history compared.
EXECUTIONS_MIN = 5


def normalise_code(text: str) -> str:
    """Python code without comments, line breaks and spacing: its tokens, one space apart (the text with
    runs of spaces made one, when it does not tokenize).

    >>> normalise_code("x=f( 1 ,2)   # mine\\n\\ny = x")
    'x = f ( 1 , 2 ) y = x'
    """
    skipped = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
               tokenize.ENDMARKER}
    try:
        tokens = [t.string for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in skipped]
    except (tokenize.TokenError, IndentationError, SyntaxError, ValueError):
        return " ".join(text.split())
    return " ".join(tokens)


def words(text: str) -> list[str]:
    """The words of a written answer: letters and digits, lower case; Markdown and punctuation dropped.

    >>> words("If **g(n) = m > 0**, then m is the *smallest*...")
    ['if', 'g', 'n', 'm', '0', 'then', 'm', 'is', 'the', 'smallest']
    """
    return re.findall(r"[^\W_]+", text.casefold())


def similarity(a: list[str], b: list[str]) -> float:
    """Jaccard similarity of the sets of three consecutive words of ``a`` and ``b``.

    >>> similarity("the cat sat on the mat".split(), "the cat sat on the mat".split())
    1.0
    >>> similarity("the cat sat on the mat".split(), "a dog lay on a rug".split())
    0.0
    """
    triples_a = {tuple(a[i:i + 3]) for i in range(len(a) - 2)}
    triples_b = {tuple(b[i:i + 3]) for i in range(len(b) - 2)}
    if not triples_a or not triples_b:
        return 0.0
    return len(triples_a & triples_b) / len(triples_a | triples_b)


def _who(o) -> str:
    return str(o.name or (f"student_id {o.student_id}" if o.student_id else o.file))[:80]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _flag(kind: str, others: list, what: str) -> dict:
    return {"kind": kind, "with": [o.file for o in others], "what": what}


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
        hits = sum(sample.accepts(question, values) for sample in self._samples)
        return (hits + 1) / (SAMPLES + 1)


def _matching_numbers(graded: list, homework, flags: dict[str, list[dict]]) -> None:
    """The ``other-numbers`` and ``public-example`` flags (answers right for numbers not the student's)."""
    numbers = {}
    for o in graded:
        student = (o.variant or {}).get("student_id")
        if student is not None:
            try:
                numbers[o.file] = homework.numbers(student)
            except (TypeError, ValueError):
                continue
    example = homework.definition.numbers(EXAMPLE_STUDENT_ID, DEMO_COURSE_CODE)
    commonness = _Commonness(homework)
    names = {q.name: q.names for q in homework.definition.questions}
    class_size = len(graded)
    for s in graded:
        values = _values(s)
        wrong = [q for q in names if not (s.questions.get(q) or {}).get("right")
                 and all(n in values for n in names[q])]
        if not wrong:
            continue
        own = (s.variant or {}).get("student_id")
        candidates = [(t, numbers[t.file]) for t in graded if t is not s and t.file in numbers
                      and numbers[t.file].student_id != own]
        for t, theirs in candidates + [(None, example)]:
            matched = [q for q in wrong if theirs.accepts(q, values)]
            if not matched:
                continue
            chance = math.prod(commonness.share(q, values) for q in matched)
            expected = chance * (max(class_size - 1, 1) if t is not None else 1)
            if expected > EVIDENCE:
                continue
            said = (f"the answers to {_listed(matched)} are wrong for this student's own numbers and right for "
                    + (f"{_who(t)}'s" if t is not None else
                       f"the public example's (student {EXAMPLE_STUDENT_ID!r}, course code {DEMO_COURSE_CODE!r}: "
                       "what the public sources compute)")
                    + f"; by chance about 1 in {max(1, round(1 / expected)):,} or rarer")
            if t is None:
                flags[s.file].append(_flag("public-example", [], said))
            else:
                flags[s.file].append(_flag("other-numbers", [t], said))


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
        by_file = {o.file: o for o in graded}
        for a, b in combinations(sorted(texts), 2):
            score = similarity(texts[a], texts[b])
            if score >= WRITTEN_SIMILARITY:
                for mine, theirs in ((a, b), (b, a)):
                    how = "the same as" if score == 1 else "nearly the same as"
                    flags[mine].append(_flag("same-written-answer", [by_file[theirs]],
                                             f"the written answer to {question.name} is {how} "
                                             f"{_who(by_file[theirs])}'s (similarity {score:.2f})"))
        model = words(models.get(question.name, ""))
        if len(model) >= WRITTEN_MIN_WORDS:
            for file, found in texts.items():
                score = similarity(found, model)
                if score >= WRITTEN_SIMILARITY:
                    flags[file].append(_flag("public-example", [], f"the written answer to {question.name} is "
                                             f"{'the' if score == 1 else 'nearly the'} model answer of the public "
                                             f"source (similarity {score:.2f})"))


def _code(graded: list, homework, flags: dict[str, list[dict]]) -> None:
    """``same-answer-cells``: rare code cells shared by two submissions."""
    cells = {o.file: {c for c in (o.fingerprint or {}).get("code", []) if isinstance(c, str)
                      and len(c) >= CODE_MIN_CHARS} for o in graded}
    count = Counter(c for found in cells.values() for c in found)
    rare_limit = max(2, len(graded) // 10)
    public = getattr(homework, "model_code", frozenset())
    rare = {c for c, n in count.items() if n <= rare_limit and c not in public}
    by_file = {o.file: o for o in graded}
    for a, b in combinations(sorted(cells), 2):
        shared = cells[a] & cells[b] & rare
        if len(shared) >= CODE_SHARED_CELLS:
            for mine, theirs in ((a, b), (b, a)):
                flags[mine].append(_flag("same-answer-cells", [by_file[theirs]],
                                         f"{len(shared)} code cells are the same as {_who(by_file[theirs])}'s "
                                         f"(code that at most {rare_limit} submissions of the class have)"))


def _file_traces(graded: list, flags: dict[str, list[dict]]) -> None:
    """``same-cell-ids`` and ``same-execution-history``."""
    ids = {o.file: set((o.fingerprint or {}).get("added_ids", [])) for o in graded}
    runs = {}
    for o in graded:
        counts = [c for c in (o.fingerprint or {}).get("executions", []) if isinstance(c, int)]
        if len(counts) >= EXECUTIONS_MIN and counts != list(range(1, len(counts) + 1)):
            runs[o.file] = tuple((o.fingerprint or {}).get("executions", []))
    by_file = {o.file: o for o in graded}
    for a, b in combinations(sorted(by_file), 2):
        shared = ids[a] & ids[b]
        if shared:
            for mine, theirs in ((a, b), (b, a)):
                flags[mine].append(_flag("same-cell-ids", [by_file[theirs]],
                                         f"{len(shared)} cell(s) added to the handout carry the same ids as in "
                                         f"{_who(by_file[theirs])}'s notebook: one file was made from the other"))
        if a in runs and runs.get(a) == runs.get(b):
            for mine, theirs in ((a, b), (b, a)):
                flags[mine].append(_flag("same-execution-history", [by_file[theirs]],
                                         f"the cells were run in the same order, with the same execution counts, "
                                         f"as in {_who(by_file[theirs])}'s notebook"))


def flag_copying(outcomes: list, homework) -> dict[str, list[dict]]:
    """Flags per submission file for the whole class (see the module docstring); also stored in each
    ``Outcome.flags``. ``homework`` is the :class:`grading.grader.HomeworkSet` the outcomes were graded with."""
    from .grader import NOT_GRADED

    flags: dict[str, list[dict]] = {o.file: [] for o in outcomes}
    graded = [o for o in outcomes if o.status != NOT_GRADED]
    expected = homework.course_code.strip().casefold()
    for o in graded:
        if o.course_code is not None and o.course_code.strip().casefold() != expected:
            flags[o.file].append(_flag("course-code", [], f"the notebook has the course code {o.course_code[:40]!r}, "
                                                          "not the course's; it was graded with the course's code"))
    _matching_numbers(graded, homework, flags)
    _written(graded, homework, flags)
    _code(graded, homework, flags)
    _file_traces(graded, flags)
    for o in outcomes:
        o.flags = flags[o.file]
    return flags
