"""The class list a course site exports, and which submission is whose.

Three exports are read (the format is told from the header row):

- **Canvas's gradebook export** (Grades › Export › CSV): columns ``Student`` (the sortable name, "Smith, Alice"),
  ``ID`` (Canvas's user id: the number in the download's file names), ``SIS User ID``, ``SIS Login ID``,
  ``Section``, then one column per assignment titled ``Name (assignment id)``; a row ``    Points Possible``
  gives each assignment's points (a ``Manual Posting`` row may come before it). Canvas's own test student
  ("Student, Test") is left out.
- **Moodle's grading worksheet** (the assignment's "Download grading worksheet"): ``Identifier`` ("Participant
  12345": the number in the download's folder names), ``Full name``, the identity fields the site shows (such as
  ``Email address``, ``ID number``), ``Status`` (which says when a submission was late and when an extension
  was granted), ``Grade``, ``Maximum Grade`` (mod/assign/gradingtable.php writes ``get_string('maxgrade',
  'assign')``, "Maximum Grade" in lang/en/assign.php; a scale assignment has ``Scale`` instead, refused),
  ``Last modified (submission)``, ``Last modified (grade)``, and ``Feedback comments`` when comments are on.
  Moodle writes these headers in the site's language: the English ones are read, whatever their case. With
  anonymous submissions the worksheet has no name or identity column (gradingtable.php writes ``Full name``
  only to a teacher who may see who is who): each student is then their ``Participant N``.
- **Moodle's participants list** (Participants › select all › "Download table data as" CSV): name columns
  (``First name`` and ``Last name``/``Surname``, or ``Full name``), ``Email address``, ``ID number``,
  ``Roles`` (only students are kept when it is there). It has no participant numbers: those come from the
  download's folder names.

The id students type is the list's :data:`DEFAULT_ID_COLUMN` (Canvas's ``SIS User ID``, Moodle's ``ID
number``: the institution's student number), or the column ``--id-column`` names; the numbers of a submission
matched to a student come from that id, whatever the notebook has typed (see gamelib_grader/marking/grader.py).

A submission is matched to a student by, in this order: the course site's number in its file name; the
student id a ``--name-pattern`` reads from its path (against the export's SIS/ID-number, login and e-mail);
the name in its file name; and last, only when nothing else matches, the id typed in the notebook (which the
student chose, so such a match is noted). Names and ids are compared as gamelib_grader/intake/ids.py says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from gamelib_grader.intake.csvtext import NotACsv, read_rows
from gamelib_grader.intake.ids import name_keys, normal_id, normal_name, same_id

CANVAS, MOODLE_WORKSHEET, MOODLE_PARTICIPANTS = "Canvas gradebook", "Moodle grading worksheet", "Moodle participants"
#: Canvas's columns that are about the student, not an assignment (lib/gradebook_importer.rb in canvas-lms).
CANVAS_STUDENT_COLUMNS = ("Student", "LastName", "FirstName", "ID", "SIS User ID", "SIS Login ID", "Integration ID",
                          "Root Account", "Section")
CANVAS_TOTALS = re.compile(r"(Current|Final|Unposted|Override) (Score|Points|Grade|Status)")
CANVAS_ASSIGNMENT = re.compile(r"^(?P<title>.*\S)\s*\((?P<id>\d+)\)$")
CANVAS_TEST_STUDENT = "Student, Test"
MOODLE_PARTICIPANT = re.compile(r"^\s*Participant\s*(?P<id>\d+)\s*$")


class RosterError(ValueError):
    """The file is not an export this module reads, or not the one needed (the message says what is expected)."""


@dataclass(frozen=True)
class Student:
    """One student of the class list, as the course site knows them."""

    name: str
    site_id: str | None = None
    sis_id: str | None = None
    login: str | None = None
    email: str | None = None
    section: str | None = None
    #: Moodle's worksheet row as exported (written back with the new grade), or Canvas's student columns.
    row: dict = field(default_factory=dict, compare=False, hash=False)
    #: The grade the export shows for the assignment now, as exported ("" for none): written back unchanged
    #: where the grader has no new grade (Canvas's importer takes a blank over a score as a change: it clears it).
    current_grade: str = ""

    @property
    def ids(self) -> set[str]:
        """Every id a name pattern or a typed id may give for this student (normalised)."""
        found = {normal_id(x) for x in (self.sis_id, self.login, self.email) if x}
        if self.email and "@" in self.email:
            found.add(normal_id(self.email.split("@")[0]))
        return found - {""}


#: The columns a student id may come from, and the :class:`Student` field each fills.
ID_COLUMNS = {"SIS User ID": "sis_id", "SIS Login ID": "login", "ID number": "sis_id", "Username": "login",
              "Email address": "email"}
#: The column that holds the id students are told to type, by default: the institution's student number.
DEFAULT_ID_COLUMN = {CANVAS: "SIS User ID", MOODLE_WORKSHEET: "ID number", MOODLE_PARTICIPANTS: "ID number"}


@dataclass
class Roster:
    """A class list: its students, where it came from, and what it says about the assignment."""

    kind: str
    source: Path
    students: list[Student]
    #: Canvas: the assignment's column (``Homework 1 (12345)``); None for Moodle.
    assignment: str | None = None
    #: The course's points for the assignment (Canvas's Points Possible, Moodle's Maximum Grade), if given.
    points: float | None = None
    header: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    #: The column holding the id students type (see :data:`DEFAULT_ID_COLUMN`); None when the list has none.
    id_column: str | None = None
    #: The course's points as the export writes them (``20.00``, ``10,00``): how the site writes a number.
    points_text: str = ""

    def id_of(self, student: Student) -> str | None:
        """The id ``student`` was told to type, from :attr:`id_column` (None when the list has none for them)."""
        if self.id_column is None:
            return None
        return getattr(student, ID_COLUMNS[self.id_column]) or None

    def owner_of_id(self, typed: str) -> Student | None:
        """The student of the list whose id (:meth:`id_of`) ``typed`` is, if exactly one."""
        found = [s for s in self.students if (given := self.id_of(s)) and same_id(typed, given)]
        return found[0] if len(found) == 1 else None


def _read_rows(path: Path) -> list[list[str]]:
    try:
        return read_rows(path, "the class list")
    except NotACsv as error:
        raise RosterError(str(error)) from None


def _cell(row: list[str], index: int | None) -> str | None:
    if index is None or index >= len(row):
        return None
    value = row[index].strip()
    if value.startswith('="') and value.endswith('"'):  # Canvas quotes a name that starts with =
        value = value[2:-1]
    return value or None


def site_number(text: str | None) -> float | None:
    """A number as a course site writes it: ``10``, ``100.00``, ``100,00`` (a decimal comma), ``1,000.5``.

    >>> [site_number(t) for t in ("10", "100,00", "1,000.5", "-", None)]
    [10.0, 100.0, 1000.5, None, None]
    """
    if not text:
        return None
    text = text.replace(",", "") if "." in text else text.replace(",", ".")
    try:
        return float(text)
    except ValueError:
        return None


class _Columns(dict):
    """A header's columns by name, found whatever their case (``Maximum Grade`` or ``Maximum grade``)."""

    def __init__(self, header: list[str]):
        super().__init__((h.casefold(), i) for i, h in reversed(list(enumerate(header))))

    def get(self, name: str, default=None):
        return super().get(name.casefold(), default)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and super().__contains__(name.casefold())

    def __getitem__(self, name: str) -> int:
        return super().__getitem__(name.casefold())


def read_roster(path: Path, assignment: str | None = None, set_name: str = "", id_column: str | None = None) -> Roster:
    """The class list in ``path`` (see the module docstring for the formats). For Canvas, ``assignment`` picks
    the assignment's column (any part of its title or its id); without it, the column whose title holds
    ``set_name``'s short name (``hw1``) or full name is taken, if exactly one does. ``id_column`` names the
    column of the ids students type (:data:`ID_COLUMNS`; ``"none"`` for none); by default the list's
    :data:`DEFAULT_ID_COLUMN`, when it has one with an id in it."""
    rows = _read_rows(path)
    if not rows:
        raise RosterError(f"{path} is empty: expected a course site's class list")
    header = [h.strip() for h in rows[0]]
    columns = _Columns(header)
    if header and "Student" in header[0] or header[:2] == ["LastName", "FirstName"]:
        roster = _canvas(path, header, rows[1:], assignment, set_name)
    elif "Identifier" in columns and "Grade" in columns and ("Full name" in columns
                                                             or "Last modified (grade)" in columns):
        roster = _moodle_worksheet(path, header, rows[1:])
    elif "Email address" in columns and ("First name" in columns or "Full name" in columns):
        roster = _moodle_participants(path, header, rows[1:])
    else:
        raise RosterError(
            f"{path} is not a class list this grader reads: its first row is {header[:6]}. Expected Canvas's "
            "gradebook export (Student, ID, SIS User ID, SIS Login ID, Section, ...), Moodle's grading worksheet "
            "(Identifier, Full name, ..., Grade, Maximum Grade, ...) or Moodle's participants list (First name, "
            "Last name, Email address, ...), exported as CSV with English column names")
    if not roster.students:
        left = f" (left out: {'; '.join(roster.left_out[:3])}{' ...' if len(roster.left_out) > 3 else ''})"
        raise RosterError(f"{path} is a {roster.kind} with no student in it{left if roster.left_out else ''}: "
                          "every submission would be graded as not on the class list and nothing would go back "
                          "to the course site. Export the list again with the students in it (all groups, "
                          "students shown)")
    roster.id_column = _id_column(roster, columns, id_column)
    return roster


def _id_column(roster: Roster, columns: _Columns, asked: str | None) -> str | None:
    choices = [c for c in ID_COLUMNS if c in columns]
    if asked is not None and asked.strip().casefold() == "none":
        return None
    if asked is not None:
        found = next((c for c in ID_COLUMNS if c.casefold() == asked.strip().casefold()), None)
        if found is None or found not in columns:
            raise RosterError(f"--id-column {asked!r}: {roster.source} has no such column of ids; its id columns are "
                              f"{choices or 'none'} (or --id-column none)")
        return found
    default = DEFAULT_ID_COLUMN[roster.kind]
    if default in columns and any(getattr(s, ID_COLUMNS[default]) for s in roster.students):
        return default
    return None


def _canvas_column(header: list[str], assignment: str | None, set_name: str, path: Path) -> int:
    """The assignment's column: the one ``assignment`` names (part of its title, or its id), else the one whose
    title holds the set's name, its short name (``hw1``) or that written out (``Homework 1``)."""
    titles = {i: title for i, h in enumerate(header) if (title := CANVAS_ASSIGNMENT.match(h))
              and not CANVAS_TOTALS.search(h) and h not in CANVAS_STUDENT_COLUMNS}
    columns = {i: header[i] for i in titles}
    if assignment:
        wanted = [assignment]
    else:
        short = set_name.split("-")[0]
        wanted = [w for w in (set_name, short, re.sub(r"^hw", "homework", short)) if w]
    for text in wanted:
        found = [i for i, title in titles.items() if normal_name(text) in normal_name(title["title"])
                 or title["id"] == text.strip()]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise RosterError(f"{path}: {len(found)} assignments match {text!r}: "
                              f"{[header[i] for i in found]}; name one with --assignment")
    raise RosterError(f"{path}: no assignment column matches {wanted[0]!r}; the assignments are "
                      f"{list(columns.values())}: name one with --assignment (create the assignment in Canvas "
                      "first and export the gradebook again if it is missing)")


def _canvas(path: Path, header: list[str], rows: list[list[str]], assignment: str | None, set_name: str) -> Roster:
    index = {h: i for i, h in enumerate(header)}
    column = _canvas_column(header, assignment, set_name, path)
    points, points_text, students, left_out = None, "", [], []
    for row in rows:
        first = (row[0] if row else "").strip()
        if "Points Possible" in first:
            points_text = _cell(row, column) or ""
            points = site_number(points_text)
            continue
        if all(re.fullmatch(r"\s*(Muted|Manual Posting.*)?\s*", c or "", re.IGNORECASE) for c in row):
            continue
        if "LastName" in index:
            name = f"{_cell(row, index['LastName']) or ''}, {_cell(row, index.get('FirstName')) or ''}".strip(", ")
        else:
            name = _cell(row, index.get("Student")) or ""
        if name == CANVAS_TEST_STUDENT:
            left_out.append(f"{name} (Canvas's test student)")
            continue
        students.append(Student(name, site_id=_cell(row, index.get("ID")), sis_id=_cell(row, index.get("SIS User ID")),
                                login=_cell(row, index.get("SIS Login ID")), section=_cell(row, index.get("Section")),
                                row={h: (row[i] if i < len(row) else "") for h, i in index.items()
                                     if h in CANVAS_STUDENT_COLUMNS},
                                current_grade=(row[column] if column < len(row) else "").strip()))
    return Roster(CANVAS, path, students, header[column], points, header, left_out, points_text=points_text)


def _moodle_worksheet(path: Path, header: list[str], rows: list[list[str]]) -> Roster:
    columns = _Columns(header)
    if "Scale" in columns and "Maximum Grade" not in columns:
        raise RosterError(f"{path}: this assignment is graded on a scale (the worksheet has a Scale column, not a "
                          "Maximum Grade): the grader writes points; set the assignment's grade type to Point")
    students, points, left_out = [], None, []
    for row in rows:
        identifier = _cell(row, columns["Identifier"]) or ""
        match = MOODLE_PARTICIPANT.match(identifier)
        if not match:
            left_out.append(f"a row without a participant number ({identifier!r})")
            continue
        points = points if points is not None else site_number(_cell(row, columns.get("Maximum Grade")))
        # anonymous submissions: no name on the worksheet (or the download), only "Participant N"
        students.append(Student(_cell(row, columns.get("Full name")) or identifier, site_id=match["id"],
                                sis_id=_cell(row, columns.get("ID number")), login=_cell(row, columns.get("Username")),
                                email=_cell(row, columns.get("Email address")),
                                row={h: (row[i] if i < len(row) else "") for i, h in enumerate(header)},
                                current_grade=(_cell(row, columns["Grade"]) or "")))
    return Roster(MOODLE_WORKSHEET, path, students, None, points, header, left_out)


def _moodle_participants(path: Path, header: list[str], rows: list[list[str]]) -> Roster:
    columns = _Columns(header)
    last = columns.get("Last name", columns.get("Surname"))
    students, left_out = [], []
    for row in rows:
        if "Full name" in columns:
            name = _cell(row, columns["Full name"]) or ""
        else:
            name = " ".join(x for x in (_cell(row, columns.get("First name")), _cell(row, last)) if x)
        roles = _cell(row, columns.get("Roles"))
        if roles is not None and "student" not in roles.casefold():
            left_out.append(f"{name} ({roles})")
            continue
        students.append(Student(name, sis_id=_cell(row, columns.get("ID number")),
                                login=_cell(row, columns.get("Username")),
                                email=_cell(row, columns.get("Email address"))))
    return Roster(MOODLE_PARTICIPANTS, path, students, None, None, header, left_out)


# --- who handed in what --------------------------------------------------------------------------------

BY_SITE_ID, BY_NAMED_ID, BY_NAME, BY_TYPED_ID = ("the course site's number", "the id in the file name",
                                                 "the name in the file name", "the id typed in the notebook")


@dataclass(frozen=True)
class Match:
    """Which roster student a submission is from, and how that was told (None: not on the roster)."""

    student: Student | None
    how: str = ""


def matcher(roster: Roster):
    """A function from a submission's identity (site id, name, id from the file name, typed id) to a
    :class:`Match`."""
    by_site = {s.site_id: s for s in roster.students if s.site_id}
    by_id: dict[str, list[Student]] = {}
    by_name: dict[str, list[Student]] = {}
    for s in roster.students:
        for key in s.ids:
            by_id.setdefault(key, []).append(s)
        for key in name_keys(s.name):
            by_name.setdefault(key, []).append(s)

    def one(found: list[Student] | None) -> Student | None:
        unique = {id(s): s for s in found or []}
        return next(iter(unique.values())) if len(unique) == 1 else None

    def match(site_id: str | None, name: str | None, named_id: str | None, typed_id: str | None) -> Match:
        if site_id and site_id in by_site:
            return Match(by_site[site_id], BY_SITE_ID)
        if named_id and (student := one(by_id.get(normal_id(named_id)))):
            return Match(student, BY_NAMED_ID)
        if name and (student := one([s for key in name_keys(name) for s in by_name.get(key, [])])):
            return Match(student, BY_NAME)
        if typed_id and (student := one(by_id.get(normal_id(typed_id)))):
            return Match(student, BY_TYPED_ID)
        return Match(None)

    return match
