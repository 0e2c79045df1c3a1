"""Build the homework sets from their otter-grader sources, for one course: student copies, solutions and
the course file the grader reads.

Each source ``homework/source/hwN-*.ipynb`` is one notebook in otter-grader's assignment format (questions,
solutions, points). Its numbers are every student's own (:mod:`gamelib.homework`): drawn from the student id
and the **course code** the teacher sets and gives the class. The code is read from ``--course CODE``
(``make homework COURSE=CODE``), which also keeps it in ``homework/build/course-code.txt`` for the next
build; else from that file (a teacher may write it there); else the build uses the demo code and says
loudly that every answer can then be computed from the public repository. For each source this script

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
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from gamelib.homework import DEMO_COURSE_CODE, EXAMPLE_STUDENT_ID, homework, normalise_course_code
from tools.grading.notebook import cell_text
from tools.run_notebooks import kernelspec_metadata

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "homework" / "source"
BUILD = ROOT / "homework" / "build"
STUDENT_DIR = ROOT / "notebooks" / "homework"
#: Where ``--course`` keeps the course code for the next build (and where a teacher may write it).
COURSE_FILE = BUILD / "course-code.txt"
#: The ids whose numbers the course file records, to check later that the grader draws the same numbers.
PROBE_IDS = ("probe-1", "probe-2", "probe-3")
#: Longest a single cell of a source may run while the source is executed.
CELL_TIMEOUT = 300

_BEGIN_TEST_CONFIG = re.compile(r'^\s*"""\s*#\s*BEGIN TEST CONFIG', re.IGNORECASE)
_END_TEST_CONFIG = re.compile(r'^\s*"""\s*#\s*END TEST CONFIG', re.IGNORECASE)


SECRETS_NOTICE = """
The course code is for your class only: give it to your students, never publish it (a public page, the
repository). With it and a student's id anyone can compute that student's numbers and answers.
Keep these away from students (never commit, share or put them where a student's notebook could read them):
  homework/build/          course-code.txt, every autograder.zip (the course code) and solution.ipynb
  any dist/ or build/ copy of the above, and the graded output folders (other students' answers and marks)
homework/source/ is public and may stay so: it shows the methods, never a student's numbers or answers.
Students get only notebooks/homework/*.ipynb (the same for every course). The grader runs submissions in a
sandbox that cannot see any of these; an unsandboxed run (--unsandboxed) can."""

DEMO_NOTICE = f"""
*** NO COURSE CODE: built with the demo code {DEMO_COURSE_CODE!r}. ***
*** Every student's numbers and answers can be computed from the public repository with it. ***
*** For marks that count: make homework COURSE=<a code of your own, given to your class only>. ***"""


def course_code(given: str | None, course_file: Path = COURSE_FILE) -> tuple[str, bool]:
    """The course code to build with, and whether it is the demo code (see the module docstring). A code
    given is checked (never one printed in the public repository, :func:`public_places`); it is kept in
    ``course_file`` only once the build has succeeded (:func:`keep_course_code`)."""
    if given is not None:
        try:
            code = normalise_course_code(given)
        except (TypeError, ValueError) as error:
            raise SystemExit(f"--course: {error}") from None
        if code == DEMO_COURSE_CODE:
            return code, True
        places = public_places(code)
        if places:
            raise SystemExit(f"--course {given.strip()!r}: this code is printed in the public repository "
                             f"({', '.join(places[:3])}{' ...' if len(places) > 3 else ''}), as an example: anyone "
                             "could compute every student's answers with it. Make up a code of your own (a word "
                             "and a few digits, say) and give it to your class only.")
        return given.strip(), False
    if course_file.exists():
        code = course_file.read_text(encoding="utf-8").strip()
        try:
            normalise_course_code(code)
        except (TypeError, ValueError) as error:
            raise SystemExit(f"{course_file}: {error}") from None
        return code, normalise_course_code(code) == DEMO_COURSE_CODE
    return DEMO_COURSE_CODE, True


def keep_course_code(code: str, course_file: Path = COURSE_FILE) -> None:
    """Keep ``code`` for the next build, readable by its owner only (after a build that succeeded)."""
    course_file.parent.mkdir(parents=True, exist_ok=True)
    course_file.write_text(code.strip() + "\n", encoding="utf-8")
    os.chmod(course_file, 0o600)


#: The repository's text files a course code must not be printed in, when git cannot list them all.
PUBLIC_TEXTS = ("README.md", "notebooks/**/*.ipynb", "homework/source/*.ipynb", "gamelib/**/*.py", "tests/**/*.py",
                "tools/**/*.py", "docs/**/*.md")


def public_places(code: str, root: Path = ROOT) -> list[str]:
    """The files of the public repository (every file git tracks, else :data:`PUBLIC_TEXTS`) in which the
    course ``code`` is printed as a word of its own (case aside): an example code, which nobody may use."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True,
                                timeout=30).stdout.decode("utf-8", "replace").split("\0")
        files = [root / f for f in listed if f]
    except (OSError, subprocess.SubprocessError):
        files = sorted({p for pattern in PUBLIC_TEXTS for p in root.glob(pattern)})
    word = re.compile(rf"(?<![\w-]){re.escape(normalise_course_code(code))}(?![\w-])")
    found = []
    for path in files:
        try:
            if path.stat().st_size > 5 * 2**20:
                continue
            text = path.read_text(encoding="utf-8").casefold()
        except (OSError, UnicodeDecodeError):
            continue
        if word.search(text):
            found.append(path.relative_to(root).as_posix())
    return found


@dataclass(frozen=True)
class BuiltSet:
    """Where the build put one homework set."""

    name: str
    autograder_zip: Path
    solution_notebook: Path
    student_notebook: Path


def homework_sources(selection: list[str] | None = None) -> list[Path]:
    """The source notebooks, optionally only those whose name starts with one of ``selection``."""
    sources = sorted(SOURCES.glob("hw*.ipynb"))
    if selection:
        sources = [s for s in sources if any(s.stem.startswith(prefix) for prefix in selection)]
        if not sources:
            known = ", ".join(s.stem for s in sorted(SOURCES.glob("hw*.ipynb")))
            raise SystemExit(f"no homework source matches {selection}; the sets are: {known}")
    return sources


def secrets_of(source: nbformat.NotebookNode) -> list[str]:
    """The texts that must never reach a student: each solution line, solution text and hidden test line.

    Read from the otter-assign markers of the source: lines ending in ``# SOLUTION``, the cells between
    ``# BEGIN SOLUTION`` and ``# END SOLUTION``, and the code of test cells configured ``hidden: true``.
    """
    secrets: list[str] = []
    in_solution = False
    for cell in source.cells:
        text = cell_text(cell)
        if cell.cell_type == "raw":
            marker = text.strip().upper()
            if marker.startswith("# BEGIN SOLUTION"):
                in_solution = True
            elif marker.startswith("# END SOLUTION"):
                in_solution = False
            continue
        lines = text.splitlines()
        if in_solution and cell.cell_type == "markdown":
            secrets.extend(line.strip() for line in lines if len(line.strip()) > 20)
            continue
        if cell.cell_type != "code":
            continue
        for line in lines:
            if line.rstrip().endswith("# SOLUTION"):
                secrets.append(line.rsplit("# SOLUTION", 1)[0].strip())
        if lines and _BEGIN_TEST_CONFIG.match(lines[0]):
            end = next(i for i, line in enumerate(lines) if _END_TEST_CONFIG.match(line))
            if re.search(r"^\s*hidden:\s*true\s*$", "\n".join(lines[1:end]), re.IGNORECASE | re.MULTILINE):
                secrets.extend(line.strip() for line in lines[end + 1 :] if line.strip())
    return [s for s in secrets if s]


def solution_lines(source: nbformat.NotebookNode) -> dict[str, str]:
    """``variable -> expression`` of every line ending in ``# SOLUTION`` (the methods: typed into the handout,
    they compute the right answers for whatever id and code are typed), the id and the code left out."""
    answers = {}
    for cell in source.cells:
        for line in cell_text(cell).splitlines():
            if cell.cell_type == "code" and line.rstrip().endswith("# SOLUTION"):
                name, expression = line.rsplit("# SOLUTION", 1)[0].split("=", 1)
                answers[name.strip()] = expression.strip()
    return {k: v for k, v in answers.items() if k not in ("student_id", "course_code")}


def leaked_secrets(student_text: str, source: nbformat.NotebookNode, code: str | None = None) -> list[str]:
    """Which secrets of ``source`` appear in the text of a student copy (empty when it is clean): solution
    lines, model answers and hidden tests, and the course ``code`` (unless it is the demo code), said with
    the line it is on."""
    markers = ["# SOLUTION", "BEGIN SOLUTION", "hidden: true", "'hidden': True", '"hidden": true']
    found = [m for m in markers if m in student_text]
    if code is not None and normalise_course_code(code) != DEMO_COURSE_CODE and (
            code.strip() in student_text or normalise_course_code(code) in student_text.casefold()):
        line = next((line.strip() for line in student_text.splitlines()
                     if normalise_course_code(code) in line.casefold()), "")
        found.append(f"the course code (on the line {line[:100]!r})")
    # Short lines such as "import gamelib" identify nothing: only longer lines count as a secret.
    return found + [s for s in secrets_of(source) if len(s) > 12 and s in student_text]


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
    client = NotebookClient(nb, kernel_name="python3", timeout=CELL_TIMEOUT, record_timing=False,
                            resources={"metadata": {"path": str(workdir)}})
    try:
        client.execute()
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
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("course.json", json.dumps(data, indent=1, sort_keys=True) + "\n")


def check_solution(built: BuiltSet, source: Path) -> None:
    """Grade the solution with the kit's grader (unsandboxed: it is the teacher's own file), typed as it is
    and with another id typed in; stop unless both get full marks."""
    from tools.grading import grader
    from tools.grading.homework_set import load_set
    from tools.grading.layout import Submission

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


def stale_student_copies(sources: list[Path]) -> list[str]:
    """Build ``sources`` in a temporary folder; name each committed student copy that differs."""
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for source in sources:
            built = build_set(source, Path(tmp) / "build", Path(tmp) / "student", check=False)
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
    parser.add_argument("--check", action="store_true",
                        help="build in a temporary folder and fail if notebooks/homework/ is out of date")
    parser.add_argument("--course", metavar="CODE",
                        help=f"the course code your students type (kept in {_shown_path(COURSE_FILE)} for "
                             "the next build); without it, the one kept there, else the demo code")
    args = parser.parse_args(argv)
    sources = homework_sources(args.sets)
    if args.check:
        stale = stale_student_copies(sources)
        for path in stale:
            print(f"out of date: {path} (run `make homework` and commit it)")
        return 1 if stale else 0
    code, demo = course_code(args.course)
    if demo:
        print(DEMO_NOTICE, file=sys.stderr)
    else:
        print(f"course code: {code!r}; the example id {EXAMPLE_STUDENT_ID!r} is typed in each solution.ipynb")
    for source in sources:
        start = time.perf_counter()
        built = build_set(source, code=code)
        print(f"{built.name}: {built.student_notebook.relative_to(ROOT)}, "
              f"{built.autograder_zip.relative_to(ROOT)}, {built.solution_notebook.relative_to(ROOT)} "
              f"({time.perf_counter() - start:.1f} s)")
    if args.course is not None and not demo:
        keep_course_code(code)
        print(f"course code kept in {_shown_path(COURSE_FILE)} for the next build")
    print(SECRETS_NOTICE)
    if demo:
        print(DEMO_NOTICE, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
