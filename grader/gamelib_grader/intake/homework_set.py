"""A homework set as the grader knows it: its questions, handout and course code, read and checked.

:func:`load_set` reads a set's questions and points from its otter source (and the model answers and
solution code the copying pass compares with), the handout students got, and the course code from the
course file ``make homework`` writes (``autograder.zip``); it stops when these disagree with the questions
:mod:`gamelib.homework` defines or with the numbers it drew at build time. A set a teacher composed in
``homework/sets/NAME.toml`` (gamelib/homework/composed.py) is read from that file instead
(:func:`load_composed`), and stops too when the file changed since the build. Grading one submission against
the :class:`HomeworkSet` is grader.py's.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import yaml

import gamelib.exercises
import gamelib.homework
from gamelib.homework import DEMO_COURSE_CODE, ComposedSet, Homework, Numbers, normalise_course_code
from gamelib_grader.intake import notebook
from gamelib_grader.intake.likeness import code_shape, normalise_code

#: Bumped when a change to the grader changes results: older result files are then graded again (it is part
#: of every set's :attr:`HomeworkSet.tests_digest`, and of every result file).
GRADER_VERSION = 6
#: The notebook variables the sandbox reports besides the answers.
IDENTITY_NAMES = ("student_id", "course_code")


@dataclass(frozen=True)
class Question:
    """One question of a homework set, as its source configures it."""

    name: str
    points: float
    manual: bool
    prompt: str = ""


@dataclass(frozen=True)
class HomeworkSet:
    """What grading a set needs: its questions, the handout (student copy), the questions' definitions in
    :mod:`gamelib.homework`, and the course code the teacher built it with (from the course file
    ``autograder.zip`` that ``make homework`` writes)."""

    name: str
    questions: tuple[Question, ...]
    handout: nbformat.NotebookNode
    definition: Homework
    course_code: str
    demo: bool
    autograder_zip: Path
    #: The public source's model written answers, and its solution cells' code (normalised): what the
    #: copying pass compares with.
    model_answers: dict = field(default_factory=dict, compare=False)
    model_code: frozenset = frozenset()
    model_shapes: frozenset = frozenset()
    #: Files the notebook's run needs beside it, ``{path relative to the notebook: text}``: a composed set's
    #: file (``homework/sets/NAME.toml``), which ``my_numbers`` reads in the sandbox too.
    files: dict = field(default_factory=dict, compare=False)

    @property
    def tests_digest(self) -> str:
        """A hash of what marking depends on (the definitions' source, the course code, the grader's version;
        for a composed set, its file and the exercises' checks too): a saved result is reused only while it is
        the same."""
        digest = hashlib.sha256(f"{GRADER_VERSION}|{normalise_course_code(self.course_code)}|".encode())
        paths = sorted(Path(gamelib.homework.__file__).parent.glob("*.py"))
        if isinstance(self.definition, ComposedSet):
            paths += sorted(Path(gamelib.exercises.__file__).parent.rglob("*.py"))
            digest.update(self.definition.text.encode())
        for path in paths:
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        return digest.hexdigest()[:16]

    @property
    def autograded(self) -> list[Question]:
        return [q for q in self.questions if not q.manual]

    @property
    def written(self) -> list[Question]:
        return [q for q in self.questions if q.manual]

    @property
    def answer_names(self) -> list[str]:
        """Every variable the sandbox reports: the answers, the id and the course code."""
        return sorted({*self.definition.answer_names, *IDENTITY_NAMES})

    def numbers(self, student_id: str) -> Numbers:
        """The student's numbers with the teacher's course code (TypeError/ValueError for an id that is not one)."""
        return self.definition.numbers(student_id, self.course_code)


def read_course_file(path: Path) -> dict:
    """The course file ``make homework`` writes (``autograder.zip``, holding ``course.json``)."""
    try:
        with zipfile.ZipFile(path) as archive:
            data = json.loads(archive.read("course.json").decode("utf-8"))
    except (OSError, KeyError, ValueError, zipfile.BadZipFile) as error:
        raise SystemExit(f"{path} is not a course file of this kit ({type(error).__name__}: {error}): run "
                         "`make homework COURSE=...` again") from None
    if not isinstance(data, dict) or not isinstance(data.get("course_code"), str):
        raise SystemExit(f"{path} holds no course code: run `make homework COURSE=...` again")
    return data


def load_set(source: Path, handout_path: Path, autograder_zip: Path, course_code: str | None = None,
             warn=print) -> HomeworkSet:
    """Read a set's questions from its otter source, its handout, and the course code from the course file
    (``course_code`` given here overrides it). Stops when the source's questions and points differ from
    :mod:`gamelib.homework`'s, or when the numbers drawn now differ from those the course file recorded at
    build time (the kit changed between handing out and grading). ``warn`` prints the demo-code warning."""
    questions, model_answers, model_code, model_shapes = [], {}, set(), set()
    cells = nbformat.read(source, as_version=4).cells
    in_solution = False
    for index, cell in enumerate(cells):
        text = notebook.cell_text(cell)
        marker = text.lstrip().upper() if cell.cell_type == "raw" else ""
        if marker.startswith("# BEGIN QUESTION"):
            config = yaml.safe_load(text.split("\n", 1)[1]) or {}
            prompt = next((notebook.cell_text(c) for c in cells[index + 1:] if c.cell_type == "markdown"), "")
            questions.append(Question(config["name"], float(config.get("points", 1)), bool(config.get("manual")),
                                      prompt))
        in_solution = marker.startswith("# BEGIN SOLUTION") or (in_solution and not marker.startswith("# END SOLUTION"))
        if in_solution and cell.cell_type == "markdown" and questions:
            model_answers[questions[-1].name] = text
        elif in_solution and cell.cell_type == "code":
            model_code.add(normalise_code(text))
            model_shapes.add(code_shape(text)[0])
    definition = gamelib.homework.homework(source.stem)
    defined = {q.name: q.points for q in definition.questions}
    configured = {q.name: q.points for q in questions if not q.manual}
    if defined != configured:
        raise SystemExit(f"{source.name} has the autograded questions {configured} but gamelib.homework defines "
                         f"{defined}: make them agree")
    return _for_course(definition, source.stem, tuple(questions), handout_path, autograder_zip, course_code, warn,
                       model_answers, frozenset(model_code), frozenset(model_shapes))


def load_composed(name: str, handout_path: Path, autograder_zip: Path, course_code: str | None = None,
                  warn=print) -> HomeworkSet:
    """The set composed in ``homework/sets/NAME.toml`` (found as :func:`gamelib.homework.find_set` finds it),
    with its handout and the course file, as :func:`load_set` reads a set from its source. Stops when the set
    file has changed since the handout was built, or cannot be read."""
    try:
        definition = gamelib.homework.homework(name)
    except ValueError as error:  # a set file that cannot be read, or none
        raise SystemExit(str(error)) from None
    if not isinstance(definition, ComposedSet):
        raise SystemExit(f"{name} is not a composed set: grade it from its source")
    questions = tuple(Question(item.name, float(item.points), item.written is not None,
                               item.written or f"Exercise {item.exercise} on the student's numbers")
                      for item in definition.items)
    models = {item.name: item.model_answer for item in definition.items if item.model_answer}
    return _for_course(definition, name, questions, handout_path, autograder_zip, course_code, warn, models)


def _for_course(definition: Homework, name: str, questions: tuple[Question, ...], handout_path: Path,
                autograder_zip: Path, course_code: str | None, warn, model_answers: dict,
                model_code: frozenset = frozenset(), model_shapes: frozenset = frozenset()) -> HomeworkSet:
    """The set for the course of the course file (see :func:`load_set`)."""
    data = read_course_file(autograder_zip)
    if data.get("set") not in (None, name):
        raise SystemExit(f"{autograder_zip} is the course file of {data.get('set')}, not of {name}")
    files = {}
    if isinstance(definition, ComposedSet):
        if data.get("set_file") not in (None, definition.digest):
            raise SystemExit(f"{definition.path} has changed since the handout was built ({autograder_zip}): grade "
                             "with the set file as it was then (git can give it back), or build and hand out the set "
                             "again")
        files = {f"homework/sets/{name}.toml": definition.text}
    for student, numbers in (data.get("probe") or {}).items():
        if definition.numbers(student, data["course_code"]).plain != numbers:
            raise SystemExit(f"the numbers gamelib.homework draws now differ from those of the handout's build "
                             f"({autograder_zip}): grade with the version of the kit that built the handout")
    code = data["course_code"] if course_code is None else course_code
    try:
        normalise_course_code(code)
    except (TypeError, ValueError) as error:
        raise SystemExit(f"the course code: {error}") from None
    demo = normalise_course_code(code) == DEMO_COURSE_CODE
    if demo:
        warn(f"WARNING: {name} is graded with the demo course code {DEMO_COURSE_CODE!r}: every student's "
             "numbers and answers can be computed from the public repository. For marks that count, build with "
             "`make homework COURSE=<your code>` and hand that code to your class.", file=sys.stderr)
    return HomeworkSet(name, questions, nbformat.read(handout_path, as_version=4), definition, code, demo,
                       autograder_zip, model_answers, model_code, model_shapes, files)
