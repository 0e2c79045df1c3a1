"""Every kind of flag the grader raises, most important first, and how one is written.

A flag is ``{"kind": KIND, "with": [other files], "what": "one sentence"}``. It never changes a score: it
points the teacher at something to look at. The gradebook, the class report and ``--summary`` list a
student's flags in the order of :data:`KINDS` (what decides the grade first: a course code or an id that is
not the student's, work handed in again after it was marked; then traces of copying, strongest first; then
what is only worth knowing), under the label :data:`LABELS` gives each kind.

Who raises them: the identity kinds, from the class list and the typed ids
(:func:`grading.identity_flags.flags`); ``handed-in-after-marking``, from the hand marks kept
(:func:`grading.handmarks.hand_marks_for`); the others, the class-level copying pass (:mod:`grading.copying`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NotRequired, TypedDict

#: One flag as the grader writes it (and the gradebook keeps it); ``with`` is a Python keyword, hence this form.
#: ``questions``: for a flag about answers (another's numbers, the public example's), the questions it is about.
FlagEntry = TypedDict("FlagEntry", {"kind": str, "with": list[str], "what": str, "questions": NotRequired[list[str]]})

#: (kind, label), most important first.
KINDS = (
    ("course-code", "COURSE CODE"),
    ("id-of-another", "ANOTHER STUDENT'S ID"),
    ("look-alike-id", "LOOK-ALIKE ID"),
    ("id-mismatch", "ID MISMATCH"),
    ("duplicate-id", "DUPLICATE ID"),
    ("handed-in-after-marking", "HANDED IN AGAIN AFTER MARKING"),
    ("too-large", "TOO LARGE TO CHECK"),
    ("answer-key", "ANSWER KEY"),
    ("classmate-id", "A CLASSMATE'S ID IN THE FILE"),
    ("other-id-outputs", "OUTPUTS OF ANOTHER ID"),
    ("same-run", "SAME RUN"),
    ("other-numbers", "ANOTHER STUDENT'S ANSWERS"),
    ("public-example", "PUBLIC EXAMPLE"),
    ("same-cell-ids", "SAME CELL IDS"),
    ("same-execution-history", "SAME EXECUTION HISTORY"),
    ("same-answer-cells", "SAME CODE"),
    ("same-written-answer", "SAME WRITTEN ANSWER"),
    ("several-submissions", "SEVERAL SUBMISSIONS"),
)
LABELS = dict(KINDS)
ORDER = {kind: index for index, (kind, _) in enumerate(KINDS)}
#: The kinds that decide whose work is graded on which numbers: listed first, and counted apart.
URGENT = frozenset({"course-code", "id-of-another", "look-alike-id", "id-mismatch", "duplicate-id",
                    "handed-in-after-marking"})


def flag(kind: str, others: Iterable[object] = (), what: str = "", questions: Iterable[str] = ()) -> FlagEntry:
    """A flag of ``kind`` shared with the submissions ``others`` (outcomes, or file names); ``questions``, for
    a flag about answers, the questions whose answers it is about."""
    if kind not in LABELS:
        raise ValueError(f"no flag kind {kind!r}; the kinds are {', '.join(LABELS)}")
    found: FlagEntry = {"kind": kind, "with": [_file_of(o) for o in others], "what": what}
    if questions:
        found["questions"] = list(questions)
    return found


def _file_of(other: object) -> str:
    """The file an outcome is of (anything with a ``file``), or ``other`` itself when it is a file name."""
    file = getattr(other, "file", other)
    if not isinstance(file, str):
        raise TypeError(f"a flag is shared with outcomes or file names, not {other!r}")
    return file


def ordered(found: list[FlagEntry]) -> list[FlagEntry]:
    """``found`` most important first (the order of :data:`KINDS`), each flag once.

    >>> [f["kind"] for f in ordered([flag("same-run"), flag("course-code"), flag("same-run")])]
    ['course-code', 'same-run']
    """
    seen: set[tuple[str, tuple[str, ...], str]] = set()
    out: list[FlagEntry] = []
    for f in sorted(found, key=lambda f: ORDER.get(f["kind"], len(ORDER))):
        key = (f["kind"], tuple(f["with"]), f["what"])
        if key not in seen:
            seen.add(key)
            out.append(f)
    return out


def text(f: FlagEntry) -> str:
    """One flag in words, for the gradebook: its label, then what it says.

    >>> text(flag("course-code", what="the notebook has the course code 'oak-42'"))
    "COURSE CODE: the notebook has the course code 'oak-42'"
    """
    return f"{LABELS.get(f['kind'], f['kind'].upper())}: {f['what']}"
