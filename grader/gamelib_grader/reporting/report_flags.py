"""The flags part of the class report (gamelib_grader/reporting/report.py): where the teacher acts on a flag.

What a flag can and cannot say is written once, at the top. Then every pair or group of students linked by
flags (gamelib_grader/integrity/cases.py) is one row of a table, with one sentence saying which way the
evidence points (or that it does not say who copied), and the evidence of each, flag by flag and with how rare
it is, folded below the table. A student whose own file shows nothing of a case (the classmate whose id a
framer typed) is named in it, and said not to be flagged; nothing is counted twice. Then the flags about one
student's file alone (a course code, the answer key, an id that is nobody's, ...), the pairs close to a line
but not flagged (with their figures), late work and grading notes, and the flagged students' files.

Every file a student handed in is there, the one that counts and the others: a flag that a file supports is
shown on the row of the student who handed that file in.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from gamelib_grader.integrity.cases import Case, cases
from gamelib_grader.integrity.flags import LABELS, ORDER, FlagEntry
from gamelib_grader.integrity.identity_flags import owner
from gamelib_grader.reporting.classgrades import ClassGrades
from gamelib_grader.reporting.markup import escaped as _h
from gamelib_grader.reporting.markup import table as _table

#: What a flag is, said once at the top of the section (the flags' own words say what was found).
CAVEAT = ("A flag never changes a score: it says what was found in whose file, and how rare that is by chance. "
          "What every student was given or can read (the handouts, the lessons, this kit's documentation and "
          "source) counts for nothing, and a flag is only about the file it was found in: a student whose own "
          "file shows nothing is never flagged for what a classmate's file holds. The lines come from honest work "
          "measured (make bench-flags: no honest student of its calibration classes is flagged, and adding "
          "unrelated students moves no pair across a line), but a flag is a reason to look, not a proof; and a "
          "missing flag does not say that no one copied (what the flags cannot see: the homework guide).")


@dataclass(frozen=True)
class Flag:
    """A flag about one student's file alone, or a note (late work, grading)."""

    who: str
    kind: str
    what: str
    others: str = ""
    #: Its place in the order of importance (gamelib_grader/integrity/flags.py); late work and grading notes come last.
    rank: int = len(ORDER)
    #: The file that supports it, and whether it is the one that counts for the student.
    file: str = ""
    counted: bool = True


@dataclass
class ClassFlags:
    """Everything the flags section shows: the cases (pairs and groups), the flags about one file alone, the
    notes, the pairs close to a line (not flagged), and each file's student as the report names them."""

    cases: list[Case] = field(default_factory=list)
    alone: list[Flag] = field(default_factory=list)
    notes: list[Flag] = field(default_factory=list)
    near: list[tuple[str, list[str], str]] = field(default_factory=list)
    label_of: dict[str, str] = field(default_factory=dict)
    counted: set[str] = field(default_factory=set)

    @property
    def students(self) -> list[str]:
        """The students flagged: whose own files hold a flag (a case's evidence, or one of their own), once each."""
        found = [f.who for f in self.alone]
        for case in self.cases:
            found += [case.names[m] for m in case.members if case.flagged(m)]
        return list(dict.fromkeys(found))


def class_flags(grades: ClassGrades, identity: dict[str, list[FlagEntry]]) -> ClassFlags:
    """The flags section's content (see :class:`ClassFlags`) from every student's files and every file's flags
    (gamelib_grader/integrity/identity_flags.py ``all_flags``)."""
    entries = grades.entries + grades.not_on_roster
    outcomes = [o for e in entries for o in [e.outcome, *e.others] if o is not None]
    label_of = {o.file: e.label for e in entries for o in [e.outcome, *e.others] if o is not None}
    counted = {e.outcome.file for e in entries if e.outcome is not None}
    found = ClassFlags(label_of=label_of, counted=counted)
    found.cases = cases(outcomes, identity)
    for case in found.cases:
        case.names = {m: next(label_of[f] for f in files if f in label_of) for m, files in case.files.items()}
    in_case = {(i.holder, i.kind, i.what) for c in found.cases for i in c.items}
    for e in entries:
        for o in [e.outcome, *e.others]:
            if o is None:
                continue
            for f in identity.get(o.file, []):
                kind = str(f.get("kind", "flag"))
                if (o.file, kind, f.get("what")) in in_case or (o is not e.outcome and kind == "several-submissions"):
                    continue
                others = "; ".join(dict.fromkeys(label_of.get(x, x) for x in f.get("with", [])))
                found.alone.append(Flag(e.label, LABELS.get(kind, kind), str(f.get("what", "")), others,
                                        ORDER.get(kind, len(ORDER)), o.file, o is e.outcome))
            for f in getattr(o, "near", None) or []:
                files = [o.file, *f.get("with", [])]
                found.near.append((LABELS.get(f["kind"], f["kind"]), [label_of.get(x, x) for x in files], f["what"]))
        if e.lateness.late:
            found.notes.append(Flag(e.label, "late", e.lateness.why, rank=len(ORDER) + 1))
        found.notes += [Flag(e.label, "grading", note, rank=len(ORDER) + 2) for note in e.notes]
    found.alone.sort(key=lambda f: (f.rank, f.who.casefold(), not f.counted))
    found.notes.sort(key=lambda f: (f.rank, f.who.casefold()))
    return found


def for_what(flags: ClassFlags) -> str:
    """"k students flagged, for what": the students flagged, the pairs and groups, and how many students for each
    kind of flag about one file, most important first.

    >>> for_what(ClassFlags(alone=[Flag("Ann", "COURSE CODE", "x", rank=0), Flag("Ben", "ANSWER KEY", "y", rank=8),
    ...                            Flag("Ann", "ANSWER KEY", "z", rank=8)]))
    '2 students flagged, for: COURSE CODE (1 student), ANSWER KEY (2 students)'
    """
    students = flags.students
    if not students:
        return "No student flagged."
    parts = []
    if flags.cases:
        parts.append(f"{_count(len(flags.cases), 'pair or group', 'pairs or groups')} of students "
                     f"({_count(sum(1 for c in flags.cases if c.arrows), 'with a direction', 'with a direction')})")
    kinds: dict[str, set[str]] = {}
    ranks: Counter = Counter()
    for f in flags.alone:
        kinds.setdefault(f.kind, set()).add(f.who)
        ranks[f.kind] = f.rank
    parts += [f"{kind} ({_count(len(who), 'student', 'students')})"
              for kind, who in sorted(kinds.items(), key=lambda item: (ranks[item[0]], item[0]))]
    return f"{_count(len(students), 'student', 'students')} flagged, for: " + ", ".join(parts)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def figures(flags: ClassFlags) -> list[tuple[str, int]]:
    """The report's figures about flags, the same on the page and in the terminal (each student and each pair
    counted once)."""
    return [("pairs or groups flagged", len(flags.cases)), ("students flagged", len(flags.students))]


def _handed_in(grades: ClassGrades, case: Case) -> str:
    """When each member handed in, as the course site says (the worksheet's time, else the file's), if known."""
    said = []
    for member in case.members:
        entry = next((e for e in grades.entries + grades.not_on_roster if e.outcome is not None
                      and owner(e.outcome) == member), None)
        if entry is None:
            continue
        row = entry.student.row if entry.student is not None else {}
        when = (row.get("Last modified (submission)") or "").strip()
        if (not when or when == "-") and entry.submission is not None and entry.submission.modified is not None:
            when = datetime.fromtimestamp(entry.submission.modified).isoformat(sep=" ", timespec="minutes")
        if when and when != "-":
            said.append(f"{case.names[member]}: {when}")
    return "; ".join(said)


def section(flags: ClassFlags, grades: ClassGrades) -> str:
    """The report's flags section, in HTML (every text escaped)."""
    parts = ['<section id="flags"><h2>Flags</h2>', f"<p>{_h(CAVEAT)}</p>",
             f"<p><strong>{_h(for_what(flags))}</strong>.</p>"]
    rows = [[str(n), _names(c), c.sentence(), ", ".join(c.kinds), _handed_in(grades, c) or "–"]
            for n, c in enumerate(flags.cases, start=1)]
    parts.append(_table(f"Pairs and groups of students linked by flags ({len(flags.cases)}), most important first: "
                        "one sentence each, the evidence below (the order of handing in is shown, but never taken "
                        "for who copied: a copier who got the file early hands in first)",
                        ["#", "students", "what the evidence says", "kinds of evidence", "handed in"], rows,
                        "No pair or group of students is linked by a flag."))
    if flags.cases:
        parts.append("<h3>The evidence of each pair or group</h3>")
        parts += [_evidence(n, c, flags) for n, c in enumerate(flags.cases, start=1)]
    parts.append(_table(f"Flags about one student's file ({len(flags.alone)}), most important first (each file a "
                        "student handed in, the one that counts and the others)",
                        ["student", "kind", "what was found, and how rare it is", "with", "file"],
                        [[f.who, f.kind, f.what, f.others, _file(f.file, f.counted)] for f in flags.alone],
                        "No flag about one student's file alone."))
    if flags.near:
        parts.append(_table(f"Close to the line, not flagged ({len(flags.near)}): a measure of these pairs came within "
                            "its margin of the line, with the figure", ["students", "measure", "the figure"],
                            [[" and ".join(who), kind, what] for kind, who, what in flags.near], ""))
    parts.append(_table(f"Late work and grading notes ({len(flags.notes)})", ["student", "kind", "what"],
                        [[f.who, f.kind, f.what] for f in flags.notes], "No late work and no grading note."))
    rows = []
    who_flagged = set(flags.students)
    for e in grades.entries + grades.not_on_roster:
        if e.label not in who_flagged:
            continue
        for o in [e.outcome, *e.others]:
            if o is not None:
                rows.append([e.label, o.file, "counts" if o is e.outcome else "does not count",
                             " / ".join(o.problems) or "–"])
    parts.append(_table("The flagged students' files, and the problems grading found in them",
                        ["student", "file", "counts?", "problems"], rows, ""))
    parts.append("</section>")
    return "\n".join(parts)


def _names(case: Case) -> str:
    names = [case.names[m] for m in case.members]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _file(file: str, counted: bool) -> str:
    return file + ("" if counted else " (does not count)") if file else ""


def _evidence(number: int, case: Case, flags: ClassFlags) -> str:
    """One case's evidence, folded: each flag with the file that holds it and the classmate's it is about."""
    items = sorted(case.items, key=lambda i: (ORDER.get(i.kind, len(ORDER)), flags.label_of.get(i.holder, "")))
    lines = "".join(
        f"<li><strong>{_h(i.label)}</strong>, in {_h(flags.label_of.get(i.holder, i.holder))}'s file "
        f"({_h(_file(i.holder, i.holder in flags.counted))}), about "
        f"{_h(flags.label_of.get(i.about, i.about))}'s: {_h(i.what)}</li>" for i in items)
    return (f"<details><summary>{number}. {_h(_names(case))}: {_h(', '.join(case.kinds))}</summary>"
            f"<ul>{lines}</ul></details>")


#: Lines of flags ``--summary`` prints (the rest are counted, and all are in report.html).
SUMMARY_FLAGS = 10


def summary_lines(flags: ClassFlags) -> list[str]:
    """The flags for ``--summary``: what for, then the pairs and groups (one sentence each) and the flags about
    one file, most important first, at most :data:`SUMMARY_FLAGS` lines."""
    if not flags.students:
        return []
    lines = [f"  {for_what(flags)}", f"  flags ({len(flags.cases)} pairs or groups, {len(flags.alone)} about one file; "
                                     f"{len(flags.students)} students), most important first:"]
    items = sorted([(c.rank, f"{_names(c)}: {c.sentence()}") for c in flags.cases]
                   + [(f.rank, f"{f.who}: {f.kind}: {f.what}") for f in flags.alone], key=lambda item: item[0])
    lines += [f"    {text[:160]}" for _, text in items[:SUMMARY_FLAGS]]
    if len(items) > SUMMARY_FLAGS:
        lines.append(f"    ... and {len(items) - SUMMARY_FLAGS} more: see report.html")
    return lines
