"""Build the homework sets from their otter-grader sources: student copies and autograder zips.

Each source ``homework/source/hwN-*.ipynb`` is one notebook in otter-grader's assignment format (questions,
solutions, public and hidden tests, points). For each source this script

1. executes it with nbclient (otter assign compares the test cells with their *stored* outputs, so the
   source must be run first), into ``homework/build/<set>/executed/``;
2. runs ``otter assign`` on the executed copy into ``homework/build/<set>/dist/`` (which also grades the
   solutions with the autograder and stops if they do not get full marks);
3. copies the autograder zip to ``homework/build/<set>/autograder.zip`` (``homework/build/`` is not
   committed);
4. tidies the student copy (fixed cell ids, no machine-specific metadata), checks that it holds no solution
   and no hidden test, and writes it to ``notebooks/homework/<set>.ipynb`` where Binder users open it;
5. writes ``homework/build/<set>/solution.ipynb``: the solutions laid out cell for cell like the student
   copy, with the model written answers in the answer cells, so that it grades as a perfect submission.

Usage::

    python -m tools.build_homework              # every set
    python -m tools.build_homework hw2          # the sets whose names start with hw2
    python -m tools.build_homework --check      # build in a temporary folder; exit 1 if the committed
                                                # student copies in notebooks/homework/ are out of date
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from tools.grading.notebook import cell_text
from tools.run_notebooks import kernelspec_metadata

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "homework" / "source"
BUILD = ROOT / "homework" / "build"
STUDENT_DIR = ROOT / "notebooks" / "homework"
#: Longest a single cell of a source may run while the source is executed.
CELL_TIMEOUT = 300

_BEGIN_TEST_CONFIG = re.compile(r'^\s*"""\s*#\s*BEGIN TEST CONFIG', re.IGNORECASE)
_END_TEST_CONFIG = re.compile(r'^\s*"""\s*#\s*END TEST CONFIG', re.IGNORECASE)


SECRETS_NOTICE = """
Keep these away from students (never commit, share or put them where a student's notebook could read them):
  homework/build/          every autograder.zip (it holds the hidden tests) and solution.ipynb (the answers)
  homework/source/         the sources hold the solutions and hidden tests too. In this public kit they are
                           public: for marks that count, change the questions in a private copy.
  any dist/ or build/ copy of the above, and the graded output folders (other students' answers and marks)
Students get only notebooks/homework/*.ipynb. The grader runs submissions in a sandbox that cannot see any
of these; an unsandboxed run (--unsandboxed) can."""


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


def leaked_secrets(student_text: str, source: nbformat.NotebookNode) -> list[str]:
    """Which secrets of ``source`` appear in the text of a student copy (empty when it is clean)."""
    markers = ["# SOLUTION", "BEGIN SOLUTION", "hidden: true", "'hidden': True", '"hidden": true']
    found = [m for m in markers if m in student_text]
    # Lines such as "import gamelib" are shared with the public tests: only longer lines identify a secret.
    return found + [s for s in secrets_of(source) if len(s) > 12 and s in student_text]


def execute_source(source: Path, workdir: Path) -> Path:
    """Run every code cell of ``source`` (working folder ``workdir``) and save the executed copy there."""
    nb = nbformat.read(source, as_version=4)
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


def build_set(source: Path, build_dir: Path = BUILD, student_dir: Path = STUDENT_DIR) -> BuiltSet:
    """Build one homework set (see the module docstring) and return where its pieces went."""
    name = source.stem
    out = build_dir / name
    if out.exists():
        shutil.rmtree(out)
    (out / "executed").mkdir(parents=True)
    executed = execute_source(source, out / "executed")
    run_otter_assign(executed, out / "dist")

    zips = sorted((out / "dist" / "autograder").glob(f"{name}-autograder_*.zip"))
    if len(zips) != 1:
        raise SystemExit(f"otter assign made {len(zips)} autograder zips for {name}, expected one")
    autograder_zip = out / "autograder.zip"
    shutil.copyfile(zips[0], autograder_zip)
    language_info = nbformat.read(executed, as_version=4).metadata["language_info"]
    student = tidy_student_copy(nbformat.read(out / "dist" / "student" / f"{name}.ipynb", as_version=4), name,
                                language_info)
    text = nbformat.writes(student)
    leaks = leaked_secrets(text, nbformat.read(source, as_version=4))
    if leaks:
        raise SystemExit(f"the student copy of {name} gives away solutions or hidden tests: {leaks}")
    student_dir.mkdir(parents=True, exist_ok=True)
    student_path = student_dir / f"{name}.ipynb"
    student_path.write_text(text + "\n", encoding="utf-8")
    solution = out / "solution.ipynb"
    nbformat.write(solution_like_student_copy(
        nbformat.read(out / "dist" / "autograder" / f"{name}.ipynb", as_version=4), student), solution)
    return BuiltSet(name, autograder_zip, solution, student_path)


def stale_student_copies(sources: list[Path]) -> list[str]:
    """Build ``sources`` in a temporary folder; name each committed student copy that differs."""
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for source in sources:
            built = build_set(source, Path(tmp) / "build", Path(tmp) / "student")
            committed = STUDENT_DIR / built.student_notebook.name
            if not committed.exists() or not same_student_copy(committed.read_text(encoding="utf-8"),
                                                                built.student_notebook.read_text(encoding="utf-8")):
                stale.append(str(committed.relative_to(ROOT)))
    return stale


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", help="build only the sets whose names start with these (e.g. hw1)")
    parser.add_argument("--check", action="store_true",
                        help="build in a temporary folder and fail if notebooks/homework/ is out of date")
    args = parser.parse_args(argv)
    sources = homework_sources(args.sets)
    if args.check:
        stale = stale_student_copies(sources)
        for path in stale:
            print(f"out of date: {path} (run `make homework` and commit it)")
        return 1 if stale else 0
    for source in sources:
        start = time.perf_counter()
        built = build_set(source)
        print(f"{built.name}: {built.student_notebook.relative_to(ROOT)}, "
              f"{built.autograder_zip.relative_to(ROOT)} ({time.perf_counter() - start:.1f} s)")
    print(SECRETS_NOTICE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
