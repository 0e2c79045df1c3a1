"""Build the homework sets from their otter-grader sources, for one course: student copies, solutions and
the course file the grader reads. The sets a teacher composes in ``homework/sets/NAME.toml`` are built the same
way, from a source written for them (tools/homework_sets.py): they are all checked first, and a set file that
cannot be used, or a question whose right answers students would share too often, stops the build in one line
before anything is built; the build prints how personal each question's answers are.

Each source ``homework/source/hwN-*.ipynb`` is one notebook in otter-grader's assignment format (questions,
solutions, points). Its numbers are every student's own (:mod:`gamelib.homework`): drawn from the student id
and the **course code** the teacher sets and gives the class. The code is read from ``--course CODE``
(``make homework COURSE=CODE``), which also keeps it in ``homework/build/course-code.txt`` for the next
build; else from that file (a teacher may write it there); else the build uses the demo code and says
loudly that every answer can then be computed from the public repository (tools/homework_secrets.py keeps
the course code and the solutions from students). For each source this script

1. types the course code into the source's solution and executes it with nbclient, into
   ``homework/build/<set>/executed/``;
2. runs ``otter assign`` on the executed copy into ``homework/build/<set>/dist/`` (student copy and
   solutions; there are no otter tests: :mod:`gamelib.homework` marks the answers);
3. tidies the student copy (fixed cell ids, no machine-specific metadata), checks that it holds no solution
   and not the course code, and writes it to ``notebooks/homework/<set>.ipynb`` where Binder users open it:
   one generic handout, the same for every course;
4. writes ``homework/build/<set>/solution.ipynb``: the solutions laid out cell for cell like the student
   copy, with the model written answers in the answer cells; its answer cells compute the right answers for
   whatever ``student_id`` and ``course_code`` are typed in it (the course's code is);
5. writes ``homework/build/<set>/autograder.zip``, the course file the grader reads: the course code and
   the numbers of a few ids, so that the grader can tell when its numbers would differ from the handout's;
6. grades ``solution.ipynb`` with the kit's own grader, for two ids, and stops unless it gets full marks.

``homework/build/`` is not committed: it holds the course code.

Usage::

    python -m tools.build_homework                  # every set, for the course code kept from before
    python -m tools.build_homework --course CODE    # every set, for this course code (kept for next time)
    python -m tools.build_homework hw2              # the sets whose names start with hw2
    python -m tools.build_homework --sets DIR       # the composed sets of DIR (default homework/sets)
    python -m tools.build_homework --check          # build in a temporary folder; exit 1 if the committed
                                                    # student copies in notebooks/homework/ are out of date
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import nbformat
from gamelib_grader.intake.notebook import cell_text
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, ComposedSet, homework, normalise_course_code
from gamelib.homework.composed import SETS_VARIABLE
from tools.homework_secrets import (
    COURSE_FILE,
    DEMO_NOTICE,
    SECRETS_NOTICE,
    course_code,
    keep_course_code,
    leaked_secrets,
)
from tools.homework_sets import SETS, Prepared, prepare, set_files, write_source
from tools.kernels import kernel_manager
from tools.run_notebooks import kernelspec_metadata

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "homework" / "source"
BUILD = ROOT / "homework" / "build"
STUDENT_DIR = ROOT / "notebooks" / "homework"
#: The ids whose numbers the course file records, to check later that the grader draws the same numbers.
PROBE_IDS = ("probe-1", "probe-2", "probe-3")
#: Longest a single cell of a source may run while the source is executed.
CELL_TIMEOUT = 300


@dataclass(frozen=True)
class BuiltSet:
    """Where the build put one homework set."""

    name: str
    autograder_zip: Path
    solution_notebook: Path
    student_notebook: Path


def homework_sources(selection: list[str] | None = None, sets: Path = SETS) -> list[Path]:
    """The source notebooks, optionally only those whose name starts with one of ``selection``; SystemExit
    when ``selection`` names neither one of them nor a composed set of ``sets``."""
    sources = sorted(SOURCES.glob("hw*.ipynb"))
    if selection:
        sources = [s for s in sources if any(s.stem.startswith(prefix) for prefix in selection)]
        if not sources and not set_files(sets, selection):
            known = ", ".join([*(s.stem for s in sorted(SOURCES.glob("hw*.ipynb"))),
                               *(p.stem for p in set_files(sets))])
            raise SystemExit(f"no homework source matches {selection}; the sets are: {known}")
    return sources


@contextmanager
def sets_found(folder: Path) -> Iterator[None]:
    """While building, the set files of ``folder`` are found by every process the build starts (the kernel
    that executes a source, the grader checking the solution): ``$GAMELIB_HOMEWORK_SETS`` names it."""
    before = os.environ.get(SETS_VARIABLE)
    os.environ[SETS_VARIABLE] = os.pathsep.join([str(folder.resolve()), *([before] if before else [])])
    try:
        yield
    finally:
        if before is None:
            del os.environ[SETS_VARIABLE]
        else:
            os.environ[SETS_VARIABLE] = before


#: The solution line of a source that the build types the course code into.
COURSE_LINE = re.compile(r'^course_code = "[^"\n]*"(  # SOLUTION)$', re.MULTILINE)


def with_course_code(nb: nbformat.NotebookNode, code: str) -> nbformat.NotebookNode:
    """The source with ``code`` typed as its solution's course code (exactly one such line is expected)."""
    found = [cell for cell in nb.cells if cell.cell_type == "code" and COURSE_LINE.search(cell_text(cell))]
    if len(found) != 1:
        raise SystemExit(f"the source must have exactly one line `course_code = \"demo\"  # SOLUTION`, found "
                         f"{len(found)}")
    found[0].source = COURSE_LINE.sub(lambda m: f"course_code = {json.dumps(code)}{m[1]}", cell_text(found[0]))
    return nb


def execute_source(source: Path, workdir: Path, code: str = DEMO_COURSE_CODE) -> Path:
    """Run every code cell of ``source`` with the course ``code`` typed in (working folder ``workdir``) and
    save the executed copy there."""
    nb = with_course_code(nbformat.read(source, as_version=4), code)
    try:
        with kernel_manager("python3") as manager:
            NotebookClient(nb, km=manager, timeout=CELL_TIMEOUT, record_timing=False,
                           resources={"metadata": {"path": str(workdir)}}).execute()
    except CellExecutionError as error:
        raise SystemExit(f"{source.name}: a cell failed while the source was executed:\n{error}") from None
    executed = workdir / source.name
    nbformat.write(nb, executed)
    return executed


def run_otter_assign(executed: Path, dist: Path) -> None:
    """``otter assign`` with the Python running this script; stop with otter's own output if it fails."""
    command = [sys.executable, "-m", "otter", "assign", str(executed), str(dist)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=executed.parent)
    if done.returncode != 0:
        raise SystemExit(f"otter assign failed for {executed.name}:\n{done.stdout}\n{done.stderr}")


def tidy_student_copy(nb: nbformat.NotebookNode, name: str, language_info: dict) -> nbformat.NotebookNode:
    """Give every cell a fixed id and keep only the metadata JupyterLab would write itself.

    ``kernelspec`` and ``language_info`` are those of the kernel that ran the source (the kernel a student's
    JupyterLab starts), so opening the copy changes nothing and it is not marked modified.
    """
    for index, cell in enumerate(nb.cells):
        cell["id"] = f"{name.split('-')[0]}-cell-{index:02d}"
        if cell.cell_type == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    nb.metadata = nbformat.NotebookNode(
        kernelspec=kernelspec_metadata(), language_info=language_info, otter=nb.metadata["otter"]
    )
    return nb


def same_student_copy(a: str, b: str) -> bool:
    """Whether two student copies (notebook text) are the same but for the Python patch version that built
    them (``language_info.version``: a contributor's 3.11.x may differ from the one that built the copy)."""
    def comparable(text: str) -> nbformat.NotebookNode:
        nb = nbformat.reads(text, as_version=4)
        nb.metadata.get("language_info", {}).pop("version", None)
        return nb
    return comparable(a) == comparable(b)


def solution_like_student_copy(solution: nbformat.NotebookNode,
                                student: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The solutions notebook with the student copy's cell ids, and each model written answer moved into the
    answer cell a student writes in (otter keeps it in a cell of its own). Graded like a submission, it is
    then complete: no "missing cells", and the written answer shows in the results file."""
    cells: list = []
    for cell in solution.cells:
        tags = cell.metadata.get("tags", [])
        if (cell.cell_type == "markdown" and "otter_assign_solution_cell" in tags and cells
                and "otter_answer_cell" in cells[-1].metadata.get("tags", [])):
            cells[-1].source = cell.source
            continue
        cells.append(cell)
    if [c.cell_type for c in cells] != [c.cell_type for c in student.cells]:
        raise SystemExit("the solutions and the student copy no longer have the same cells: "
                         "check the source's solution and answer cells")
    for mine, theirs in zip(cells, student.cells, strict=True):
        mine["id"] = theirs["id"]
    solution.cells = cells
    solution.metadata = student.metadata
    return solution


def write_course_file(path: Path, name: str, code: str, demo: bool) -> None:
    """The course file the grader reads (``autograder.zip``): one ``course.json`` with the set, the course
    code, whether it is the demo code, and the numbers of :data:`PROBE_IDS` (to check the grader's own)."""
    definition = homework(name)
    data = {"set": name, "course_code": code, "demo": demo,
            "probe": {i: definition.numbers(i, code).plain for i in PROBE_IDS}}
    if isinstance(definition, ComposedSet):
        data["set_file"] = definition.digest
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("course.json", json.dumps(data, indent=1, sort_keys=True) + "\n")


def check_solution(built: BuiltSet, source: Path) -> None:
    """Grade the solution with the kit's grader (unsandboxed: it is the teacher's own file), typed as it is
    and with another id typed in; stop unless both get full marks."""
    from gamelib_grader.intake.homework_set import load_set
    from gamelib_grader.intake.layout import Submission
    from gamelib_grader.marking import grader

    homework_set = load_set(source, built.student_notebook, built.autograder_zip, warn=lambda *a, **k: None)
    nb = nbformat.read(built.solution_notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code" and re.search(r"^student_id = ", cell_text(cell), re.MULTILINE):
            cell.source = re.sub(r"^student_id = .*$", 'student_id = "another-student-7"', cell_text(cell),
                                 flags=re.MULTILINE)
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other.ipynb"
        nbformat.write(nb, other)
        for path in (built.solution_notebook, other):
            outcome = grader.grade(Submission(path, path.name), homework_set, sandboxed=False)
            if outcome.score != outcome.possible or outcome.problems:
                wrong = {q: r["details"] for q, r in outcome.questions.items() if not r["right"]}
                raise SystemExit(f"{built.name}: the solutions do not get full marks ({outcome.score} of "
                                 f"{outcome.possible}): {wrong or outcome.problems}")


def build_set(source: Path, build_dir: Path = BUILD, student_dir: Path = STUDENT_DIR,
              code: str = DEMO_COURSE_CODE, check: bool = True) -> BuiltSet:
    """Build one homework set for the course ``code`` (see the module docstring) and return where its pieces
    went. ``check`` grades the solutions (step 6)."""
    name = source.stem
    out = build_dir / name
    if out.exists():
        shutil.rmtree(out)
    (out / "executed").mkdir(parents=True)
    executed = execute_source(source, out / "executed", code)
    run_otter_assign(executed, out / "dist")

    language_info = nbformat.read(executed, as_version=4).metadata["language_info"]
    student = tidy_student_copy(nbformat.read(out / "dist" / "student" / f"{name}.ipynb", as_version=4), name,
                                language_info)
    text = nbformat.writes(student)
    leaks = leaked_secrets(text, nbformat.read(source, as_version=4), code)
    if leaks:
        raise SystemExit(f"the student copy of {name} gives away solutions or the course code: {leaks}")
    student_dir.mkdir(parents=True, exist_ok=True)
    student_path = student_dir / f"{name}.ipynb"
    student_path.write_text(text + "\n", encoding="utf-8")
    solution = out / "solution.ipynb"
    nbformat.write(solution_like_student_copy(
        nbformat.read(out / "dist" / "autograder" / f"{name}.ipynb", as_version=4), student), solution)
    autograder_zip = out / "autograder.zip"
    write_course_file(autograder_zip, name, code, normalise_course_code(code) == DEMO_COURSE_CODE)
    built = BuiltSet(name, autograder_zip, solution, student_path)
    if check:
        check_solution(built, source)
    return built


def build_composed(prepared: Prepared, build_dir: Path = BUILD, student_dir: Path = STUDENT_DIR,
                   code: str = DEMO_COURSE_CODE, check: bool = True) -> BuiltSet:
    """Build a composed set (read and measured by :func:`tools.homework_sets.prepare`) as :func:`build_set`
    builds a source: its source is written into ``build_dir/_sources/`` first."""
    source = write_source(prepared, build_dir / "_sources")
    with sets_found(prepared.path.parent):
        return build_set(source, build_dir, student_dir, code, check)


def stale_student_copies(sources: list[Path], composed: tuple[Prepared, ...] = ()) -> list[str]:
    """Build ``sources`` and the ``composed`` sets in a temporary folder; name each committed student copy that
    differs."""
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        build, student = Path(tmp) / "build", Path(tmp) / "student"
        made = [build_set(source, build, student, check=False) for source in sources]
        made += [build_composed(prepared, build, student, check=False) for prepared in composed]
        for built in made:
            committed = STUDENT_DIR / built.student_notebook.name
            if not committed.exists() or not same_student_copy(committed.read_text(encoding="utf-8"),
                                                                built.student_notebook.read_text(encoding="utf-8")):
                stale.append(str(committed.relative_to(ROOT)))
    return stale


def _shown_path(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", help="build only the sets whose names start with these (e.g. hw1)")
    parser.add_argument("--sets", dest="folder", type=Path, default=SETS, metavar="DIR",
                        help="the folder of the composed sets, NAME.toml each (default: homework/sets)")
    parser.add_argument("--check", action="store_true",
                        help="build in a temporary folder and fail if notebooks/homework/ is out of date")
    parser.add_argument("--course", metavar="CODE",
                        help=f"the course code your students type (kept in {_shown_path(COURSE_FILE)} for "
                             "the next build); without it, the one kept there, else the demo code")
    args = parser.parse_args(argv)
    sources = homework_sources(args.sets, args.folder)
    files = set_files(args.folder, args.sets)
    composed: list[Prepared] = []
    for path in files:  # every set file read and measured before anything is built
        composed.append(prepare(path))
        if not args.check:
            print(f"{path.stem}: how personal the answers are")
            print("\n".join(composed[-1].report()))
    if args.check:
        stale = stale_student_copies(sources, tuple(composed))
        for shown in stale:
            print(f"out of date: {shown} (run `make homework` and commit it)")
        return 1 if stale else 0
    code, demo = course_code(args.course, COURSE_FILE)
    if demo:
        print(DEMO_NOTICE, file=sys.stderr)
    else:
        print(f"course code: {code!r}; the example id {EXAMPLE_STUDENT_ID!r} is typed in each solution.ipynb")
    jobs: list[Path | Prepared] = [*sources, *composed]
    for job in jobs:
        start = time.perf_counter()
        built = build_set(job, code=code) if isinstance(job, Path) else build_composed(job, code=code)
        print(f"{built.name}: {_shown_path(built.student_notebook)}, {_shown_path(built.autograder_zip)}, "
              f"{_shown_path(built.solution_notebook)} ({time.perf_counter() - start:.1f} s)")
    if args.course is not None and not demo:
        keep_course_code(code, COURSE_FILE)
        print(f"course code kept in {_shown_path(COURSE_FILE)} for the next build")
    print(SECRETS_NOTICE)
    if demo:
        print(DEMO_NOTICE, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
