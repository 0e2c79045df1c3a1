"""One grade per student of the class list: which submission counts, and what it comes to.

:func:`class_grades` decides, for each student of the roster (gamelib_grader/intake/roster.py), which submission
counts (the rule: ``latest`` by default, else ``best`` or ``first``), its total (the automatic score plus the
hand marks; none while a hand-marked question is not marked yet: never a 0 for it), the grade on the
course's points (scaled from the set's points), and the late penalty (gamelib_grader/marking/late.py). A student with
no submission has no grade (missing, not 0); a submission that matches nobody on the roster is listed.
The files made from these decisions, for the course site and the teacher, are written by coursesite.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from functools import cached_property
from pathlib import PurePosixPath

from gamelib_grader.intake.homework_set import HomeworkSet
from gamelib_grader.intake.ids import name_keys, normal_id
from gamelib_grader.intake.layout import Skipped, Submission, identity
from gamelib_grader.intake.roster import BY_TYPED_ID, Roster, Student, matcher
from gamelib_grader.marking import records
from gamelib_grader.marking.grader import NOT_GRADED, Outcome
from gamelib_grader.marking.late import (
    ON_TIME,
    Lateness,
    LateRuleError,
    Penalty,
    judge,
    local_zone,
    moodle_extension,
    parse_when,
)
from gamelib_grader.reporting.sitenumbers import SiteNumbers

RULES = ("latest", "best", "first")
NO_SUBMISSION, NOT_GRADED_STATE, NOT_YET_MARKED, GRADED_STATE = ("no submission", "not graded", "not yet marked",
                                                                  "graded")
NO_PENALTY = Penalty()


@dataclass
class Entry:
    """One student's grade: who, which submission counts and why, and what it comes to."""

    label: str
    student: Student | None = None
    outcome: Outcome | None = None
    submission: Submission | None = None
    others: list[Outcome] = field(default_factory=list)
    how: str = ""
    total: float | None = None
    grade: float | None = None
    lateness: Lateness = ON_TIME
    notes: list[str] = field(default_factory=list)

    @property
    def listed(self) -> Student:
        """The class list's student (every entry of ``ClassGrades.entries`` has one)."""
        if self.student is None:
            raise ValueError(f"{self.label!r} is not on the class list: the course site's file has no row for it")
        return self.student

    @property
    def counted(self) -> Outcome:
        """The submission that counts, for an entry that has one (see :attr:`state`)."""
        if self.outcome is None:
            raise ValueError(f"{self.label!r} handed in no notebook: there is no submission to read")
        return self.outcome

    @property
    def state(self) -> str:
        if self.outcome is None:
            return NO_SUBMISSION
        if self.outcome.status == NOT_GRADED:
            return NOT_GRADED_STATE
        return NOT_YET_MARKED if self.total is None else GRADED_STATE


@dataclass
class ClassGrades:
    """Every student's grade (``entries``, in the roster's order) and what they were decided by."""

    entries: list[Entry]
    not_on_roster: list[Entry]
    roster: Roster | None
    points: float
    possible: float
    rule: str
    penalty: Penalty
    deadline: datetime | None
    #: Canvas: a student excused there (``EX``) stays excused, whatever the kit grades (``--keep-excused``).
    keep_excused: bool = False

    @cached_property
    def numbers(self) -> SiteNumbers:
        """How the course site writes these grades, learnt once from the class list's export
        (gamelib_grader/reporting/sitenumbers.py)."""
        return SiteNumbers.of(self.roster)


def _extension_for(entry: Entry, extensions: Sequence[tuple[str, datetime]], zone: tzinfo) -> datetime | None:
    keys: set[str] = set()
    names: set[str] = set()
    for s in filter(None, [entry.student]):
        keys |= s.ids | {normal_id(s.site_id or "")}
        names |= name_keys(s.name)
    if entry.submission is not None:
        keys |= {normal_id(x) for x in (entry.submission.site_id, entry.submission.student_id) if x}
        names |= name_keys(entry.submission.name or "")
    found = [when for text, when in extensions if normal_id(text) in keys - {""} or name_keys(text) & names]
    if entry.student is not None and entry.student.row.get("Status"):
        found += [x for x in [moodle_extension(entry.student.row["Status"], zone)] if x]
    return max(found) if found else None


def _submitted(entry: Entry, file_times: bool, zone: tzinfo) -> tuple[datetime | None, str]:
    """When the counted submission was handed in, and where that comes from."""
    row = entry.student.row if entry.student is not None else {}
    text = (row.get("Last modified (submission)") or "").strip()
    if text and text != "-":
        try:
            return parse_when(text, zone), "Moodle's worksheet"
        except LateRuleError:
            entry.notes.append(f"the worksheet's submission time {text!r} could not be read")
    if file_times and entry.submission is not None and entry.submission.modified is not None:
        return datetime.fromtimestamp(entry.submission.modified, zone), "the file's time in the download"
    return None, ""


def _order(o: Outcome, by_file: dict[str, Submission]) -> tuple:
    modified = by_file[o.file].modified if o.file in by_file else None
    return (modified if modified is not None else float("-inf"), o.file)


def _choose(entry: Entry, group: list[Outcome], rule: str, by_file: dict[str, Submission],
            homework: HomeworkSet, hand_marks: dict) -> None:
    if len(group) == 1:
        entry.outcome = group[0]
        return
    if rule == "best":
        def value(o: Outcome) -> tuple:
            total = records.total_of(o, homework, records.marks_of(o, hand_marks))
            return (total if total is not None else (o.score or 0), _order(o, by_file))
        chosen = max(group, key=value)
    else:
        ordered = sorted(group, key=lambda o: _order(o, by_file))
        chosen = ordered[-1] if rule == "latest" else ordered[0]
        times = [_order(o, by_file)[0] for o in group]
        if len(set(times)) < len(times) or float("-inf") in times:
            entry.notes.append(f"several submissions, and their times cannot tell which is the {rule}: took "
                               f"{chosen.file!r} by name; check it")
    entry.outcome = chosen
    entry.others = [o for o in group if o is not chosen]
    entry.notes.append(f"{len(group)} submissions; counted by the rule '{rule}': {chosen.file}")


def class_grades(outcomes: list[Outcome], submissions: list[Submission], homework: HomeworkSet,
                 hand_marks: dict[str, dict[str, float]], roster: Roster | None = None, *, rule: str = "latest",
                 points: float | None = None, deadline: datetime | None = None,
                 extensions: Sequence[tuple[str, datetime]] = (), penalty: Penalty = NO_PENALTY,
                 file_times: bool = False, zone: tzinfo | None = None, skipped: Sequence[Skipped] = (),
                 keep_excused: bool = False) -> ClassGrades:
    """Each student's grade (see the module docstring). ``skipped`` (the files of the download that are not
    notebooks) lets a student without a notebook be told apart from one who handed nothing in;
    ``keep_excused`` keeps a Canvas excusal on the site (gamelib_grader/reporting/coursesite.py)."""
    if rule not in RULES:
        raise ValueError(f"the rule for several submissions must be one of {RULES}, not {rule!r}")
    zone = zone or local_zone()
    possible = sum(q.points for q in homework.questions)
    points = points or (roster.points if roster else None) or possible
    by_file = {s.file: s for s in submissions}
    groups: dict[int, list[Outcome]] = {}
    hows: dict[int, str] = {}
    loose: dict[str, list[Outcome]] = {}
    match = matcher(roster) if roster else None
    position = {id(student): index for index, student in enumerate(roster.students)} if roster else {}
    for o in outcomes:
        s = by_file.get(o.file)
        if match is not None:
            found = match(o.site_id, o.name, s.student_id if s else o.named_id, o.student_id)
            if found.student is not None:
                index = position[id(found.student)]
                groups.setdefault(index, []).append(o)
                hows.setdefault(index, found.how)
                continue
        loose.setdefault(f"{(o.name or o.file).casefold()}|{o.site_id or ''}", []).append(o)

    def finish(entry: Entry, group: list[Outcome]) -> Entry:
        _choose(entry, group, rule, by_file, homework, hand_marks)
        o = entry.counted
        entry.submission = by_file.get(o.file)
        entry.total = records.total_of(o, homework, records.marks_of(o, hand_marks))
        extension = _extension_for(entry, extensions, zone)
        due = max(d for d in (deadline, extension) if d is not None) if (deadline or extension) else None
        submitted, source = _submitted(entry, file_times, zone)
        site_late = bool(entry.submission and entry.submission.late)
        entry.lateness = judge(penalty, due, submitted, source, site_late, extension is not None)
        if entry.total is not None:
            entry.grade = round(entry.total / possible * points * (1 - entry.lateness.percent / 100), 2)
        return entry

    entries = []
    if roster is not None:
        labels = student_labels(roster.students)
        for index, student in enumerate(roster.students):
            entry = Entry(labels[index], student, how=hows.get(index, ""))
            if index in groups:
                finish(entry, groups[index])
                if entry.how == BY_TYPED_ID:
                    entry.notes.append("matched to the class list only by the id typed in the notebook (the file "
                                       "name matched nobody): check that it is theirs")
            else:
                entry.notes += _nothing_graded(student, skipped, match)
            entries.append(entry)
    not_on_roster = [finish(Entry(group[0].name or group[0].file), group) for group in loose.values()]
    if roster is None:
        entries, not_on_roster = sorted(not_on_roster, key=lambda e: e.label.casefold()), []
    return ClassGrades(entries, not_on_roster, roster, points, possible, rule, penalty, deadline, keep_excused)


def student_labels(students: Sequence[Student]) -> list[str]:
    """How each student of the class list is named to the teacher: the name, and where two students share it
    (two John Smiths), an id of the class list after it, so that a grade to give by hand or one the import
    changes can be told to the right one.

    >>> [str(x) for x in student_labels([Student("Smith, John", "4523", "s3"), Student("Smith, John", "4524"),
    ...                                  Student("Lee, Ann", "4525", "s5")])]
    ['Smith, John (s3)', 'Smith, John (4524)', 'Lee, Ann']
    """
    seen: dict[str, int] = {}
    for s in students:
        seen[s.name.casefold()] = seen.get(s.name.casefold(), 0) + 1
    return [f"{s.name} ({s.sis_id or s.login or s.email or s.site_id})"
            if seen[s.name.casefold()] > 1 and (s.sis_id or s.login or s.email or s.site_id) else s.name
            for s in students]


def _nothing_graded(student: Student, skipped: Sequence[Skipped], match) -> list[str]:
    """Why a student of the class list has no notebook graded, when the download or the list says more than
    "no submission": files of theirs that are not notebooks, a status that says they handed something in."""
    notes = []
    theirs = []
    for s in skipped:
        who = identity(s.file)
        if who["site_id"] and match(who["site_id"], who["name"], None, None).student is student:
            theirs.append(f"{PurePosixPath(s.file).name} ({s.reason})")
    if theirs:
        notes.append("no notebook in the download; it has of theirs: " + "; ".join(theirs[:3]))
    status = (student.row.get("Status") or "").strip()
    if "submitted" in status.casefold() and "no submission" not in status.casefold():
        notes.append(f"the worksheet's status is {status[:80]!r}, but the download has no notebook of theirs")
    return notes


def waiting(grades: ClassGrades) -> list[Entry]:
    """The students whose grade the import leaves as the course site has it: handed in, but not graded to the
    end (a written answer to mark, a file that could not be graded)."""
    return [e for e in grades.entries if e.grade is None and e.outcome is not None]
