"""Copying caught: the class-level pass that flags submissions after every one of them is graded.

:func:`flag_copying` takes the class's outcomes (:class:`grading.grader.Outcome`, with the ``values``,
``variant``, ``fingerprint`` and ``written`` grading stored) and returns, per submission file, a list of flags
``{"kind": KIND, "with": [other files], "what": "one sentence"}``; it also stores them in each ``Outcome.flags``.
A flag never changes a score: it points the teacher at something to look at.

The kinds:

- ``"other-numbers"``: answers that are right for another student's numbers and wrong for one's own;
- ``"public-example"``: answers that are right for the public example's numbers (what the public sources
  compute) and wrong for one's own;
- ``"same-answer-cells"``: answer cells whose code is identical or nearly so, beyond what the class
  commonly writes;
- ``"same-written-answer"``: written answers identical or nearly so (or nearly the public model answer);
- ``"same-cell-ids"``: cells carrying the ids of cells in another submission (a copied file);
- ``"same-execution-history"``: the same non-trivial sequence of execution counts as another submission;
- ``"course-code"``: a typed course code that is not the teacher's (graded against the teacher's).
"""

from __future__ import annotations

KINDS = ("other-numbers", "public-example", "same-answer-cells", "same-written-answer", "same-cell-ids",
         "same-execution-history", "course-code")


def flag_copying(outcomes: list, homework) -> dict[str, list[dict]]:
    """Flags per submission file for the whole class (see the module docstring); also stored in each
    ``Outcome.flags``. ``homework`` is the :class:`grading.grader.HomeworkSet` the outcomes were graded with.

    So far only the ``course-code`` kind is found; the others follow (interface first, for the gradebook).
    """
    flags: dict[str, list[dict]] = {o.file: [] for o in outcomes}
    expected = getattr(homework, "course_code", None)
    for o in outcomes:
        typed = o.course_code
        if expected is not None and typed is not None and typed.strip().casefold() != expected.strip().casefold():
            flags[o.file].append({"kind": "course-code", "with": [],
                                  "what": f"the notebook has the course code {typed[:40]!r}, not the course's; "
                                          "it was graded with the course's code"})
    for o in outcomes:
        o.flags = flags[o.file]
    return flags
