"""The flags part of the class report (gamelib_grader/reporting/report.py): where the teacher acts on a flag.

At the top, how many students are flagged and for what; then every flag with its evidence (each flag's text
says what was found and how rare it is, and names the classmate), student by student, most important first.
Every file a student handed in is there, the one that counts and the others: a flag that a file supports is
shown on the row of the student who handed that file in, so that an extra file carrying a classmate's id and
run tag shows on its sender's row as well as the classmate's. Then, for each flagged student, their files
(which counts) and the problems grading found in them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from gamelib_grader.integrity.flags import LABELS, ORDER, FlagEntry
from gamelib_grader.reporting.classgrades import ClassGrades
from gamelib_grader.reporting.markup import escaped as _h
from gamelib_grader.reporting.markup import table as _table


@dataclass(frozen=True)
class Flag:
    who: str
    kind: str
    what: str
    others: str = ""
    #: Its place in the order of importance (gamelib_grader/integrity/flags.py); late work and grading notes come last.
    rank: int = len(ORDER)
    #: The file that supports it, and whether it is the one that counts for the student.
    file: str = ""
    counted: bool = True


def class_flags(grades: ClassGrades, identity: dict[str, list[FlagEntry]]) -> list[Flag]:
    """Every flag worth a look, most important first (gamelib_grader/integrity/flags.py), then late work and the grading
    notes: for each student, the flags of every file they handed in (the one that counts, then the others:
    their ``several-submissions`` flag is the counted file's), each with the classmates it names by name."""
    names = {o.file: o.who for e in grades.entries + grades.not_on_roster for o in [e.outcome, *e.others] if o}
    found = []
    for e in grades.entries + grades.not_on_roster:
        files = [(o, o is e.outcome) for o in [e.outcome, *e.others] if o is not None]
        for o, counted in files:
            for f in identity.get(o.file, []):
                kind = str(f.get("kind", "flag"))
                if not counted and kind == "several-submissions":
                    continue
                others = "; ".join(dict.fromkeys(names.get(x, x) for x in f.get("with", [])))
                found.append(Flag(e.label, LABELS.get(kind, kind), str(f.get("what", "")), others,
                                  ORDER.get(kind, len(ORDER)), o.file, counted))
        if e.lateness.late:
            found.append(Flag(e.label, "late", e.lateness.why, rank=len(ORDER) + 1))
        found += [Flag(e.label, "grading", note, rank=len(ORDER) + 2) for note in e.notes]
    return sorted(found, key=lambda f: (f.rank, f.who.casefold(), not f.counted))


def flagged(flags: list[Flag]) -> list[Flag]:
    """The flags that point at something to look at (not late work, not the grading notes)."""
    return [f for f in flags if f.kind not in ("grading", "late")]


def for_what(flags: list[Flag]) -> str:
    """"k students flagged, for what": the students flagged, and how many for each kind, most important first.

    >>> for_what([Flag("Ann", "SAME CODE", "x", rank=14), Flag("Ben", "SAME CODE", "y", rank=14),
    ...           Flag("Ben", "COURSE CODE", "z", rank=0), Flag("Ann", "late", "1 day", rank=99)])
    '2 students flagged, for: COURSE CODE (1 student), SAME CODE (2 students)'
    """
    shown = flagged(flags)
    if not shown:
        return "No student flagged."
    students = len({f.who for f in shown})
    kinds: dict[str, set[str]] = {}
    ranks: Counter = Counter()
    for f in shown:
        kinds.setdefault(f.kind, set()).add(f.who)
        ranks[f.kind] = f.rank
    parts = [f"{kind} ({len(who)} student{'s' if len(who) > 1 else ''})"
             for kind, who in sorted(kinds.items(), key=lambda item: (ranks[item[0]], item[0]))]
    return f"{students} student{'s' if students > 1 else ''} flagged, for: " + ", ".join(parts)


def section(flags: list[Flag], grades: ClassGrades) -> str:
    """The report's flags section, in HTML (every text escaped)."""
    shown = flagged(flags)
    parts = ["<h2>Flags</h2>", f"<p><strong>{_h(for_what(flags))}</strong>. A flag never changes a score; each "
             "says what was found, how rare it is by chance, and whom it concerns.</p>"]
    parts.append(_table(f"Look at these: {len(shown)} flags on {len(dict.fromkeys(f.who for f in shown))} "
                        "students, most important first, then late work and grading notes (each file a student "
                        "handed in, the one that counts and the others)",
                        ["student", "kind", "what was found, and how rare it is", "with", "file"],
                        [[f.who, f.kind, f.what, f.others,
                          "" if not f.file else f.file + ("" if f.counted else " (does not count)")]
                         for f in flags], "Nothing flagged."))
    rows = []
    who_flagged = {f.who for f in shown}
    for e in grades.entries + grades.not_on_roster:
        if e.label not in who_flagged:
            continue
        for o in [e.outcome, *e.others]:
            if o is not None:
                rows.append([e.label, o.file, "counts" if o is e.outcome else "does not count",
                             " / ".join(o.problems) or "–"])
    parts.append(_table("The flagged students' files, and the problems grading found in them",
                        ["student", "file", "counts?", "problems"], rows, ""))
    return "\n".join(parts)
