"""What a submission's saved outputs tell the copying pass (copying.py): the ``other-id-outputs``
flags (the numbers shown are another id's or were edited; the answers displayed are not what the notebook
computes when run again, and are right for a classmate's numbers) and the ``too-large`` flag (what the checks
could not read to its end).
"""

from __future__ import annotations

import math

from gamelib.homework import normalise_course_code, normalise_student_id
from gamelib_grader.integrity.copy_evidence import (
    EVIDENCE,
    EVIDENCE_BAND,
    answer_right,
    classmates,
    graded_numbers,
    values_of,
)
from gamelib_grader.integrity.copy_likeness import listed as _listed
from gamelib_grader.integrity.copy_likeness import who as _who
from gamelib_grader.integrity.flags import FlagEntry
from gamelib_grader.integrity.flags import flag as _flag
from gamelib_grader.integrity.identity_flags import owner
from gamelib_grader.sandbox.plain import BadReport, decode_value


def other_id_outputs(graded: list, homework, flags: dict[str, list[FlagEntry]]) -> None:
    """``other-id-outputs``: saved outputs of numbers that are not those of the id and code typed."""
    ids: dict[str, list] = {}
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


def saved_answers(graded: list, homework, flags: dict[str, list[FlagEntry]], commonness,
                  near: dict[str, list[FlagEntry]] | None = None) -> None:
    """``other-id-outputs`` from the answers the cells displayed: not what the notebook computes when run, and
    right for a classmate's numbers (see the module docstring)."""
    numbers = {o.file: n for o in graded if (n := graded_numbers(o, homework)) is not None}
    question_of = {name: q.name for q in homework.definition.questions for name in q.names}
    class_size = len({owner(o) for o in graded})
    for s in graded:
        values = values_of(s)
        stale: dict[str, tuple] = {}
        for item in (s.fingerprint or {}).get("answers", []):
            if not isinstance(item, dict) or item.get("name") not in question_of:
                continue
            try:
                shown = decode_value(item.get("value"))
            except BadReport:
                continue
            name = item["name"]
            if name not in values or _canonical(homework, question_of[name], name, shown) != _canonical(
                    homework, question_of[name], name, values[name]):
                stale.setdefault(name, (item.get("cell"), shown))
        if not stale:
            continue
        for t in graded:
            theirs = numbers.get(t.file)
            if t is s or theirs is None or owner(t) == owner(s):
                continue
            matched = [n for n, (_, v) in stale.items() if answer_right(theirs, question_of[n], n, v)]
            if not matched:
                continue
            expected = math.prod(commonness.answer_share(question_of[n], n, stale[n][1]) for n in matched)
            expected *= classmates(class_size)
            cells = sorted({str(stale[n][0]) for n in matched})
            if expected > EVIDENCE:
                if expected <= EVIDENCE_BAND and near is not None:
                    near.setdefault(s.file, []).append(_flag("other-id-outputs", [t], (
                        f"the saved outputs of cell(s) {_listed(cells)} show {_listed(matched)} as this notebook does "
                        f"not compute them, and right for {_who(t)}'s numbers; by chance about 1 in "
                        f"{max(1, round(1 / expected)):,} (flagged at 1 in {round(1 / EVIDENCE)} or rarer)")))
                continue
            flags[s.file].append(_flag("other-id-outputs", [t], (
                f"the saved outputs of cell(s) {_listed(cells)} show {_listed(matched)} as this notebook does not "
                f"compute them when run again, and right for {_who(t)}'s numbers: a copy of {_who(t)}'s notebook "
                f"handed in without running it again; by chance about 1 in {max(1, round(1 / expected)):,} or rarer"),
                questions=sorted({question_of[n] for n in matched})))


def _canonical(homework, question: str, name: str, value: object) -> object:
    form = next((a.form for a in homework.definition.question(question).answers if a.name == name), None)
    return form.canonical(value) if form is not None else None


def too_large(graded: list, flags: dict[str, list[FlagEntry]]) -> None:
    """``too-large``: what the checks could not read to its end."""
    for o in graded:
        unread = [str(u) for u in (o.fingerprint or {}).get("unread", []) if u]
        if unread:
            flags[o.file].append(_flag("too-large", [], "too large to check: " + "; ".join(unread)[:400]
                                       + ": look at the file yourself"))


