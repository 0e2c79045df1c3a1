"""Grade a folder of homework submissions with otter-grader and write one results file (CSV or JSON).

Usage::

    python tools/grade_homework.py hw1 submissions/hw1/                  # -> submissions/hw1/hw1-...-results.csv
    python tools/grade_homework.py hw1 submissions/hw1/ --output grades.json --jobs 2

``hw1`` names the set (any prefix of ``homework/source/hw1-*.ipynb``); run ``make homework`` first, which builds
``homework/build/<set>/autograder.zip``. Every ``*.ipynb`` in the folder is graded by ``otter run`` (its Python
entry point, ``otter.run.main``) in a process of its own, so a submission that hangs or crashes its kernel is
stopped after ``--timeout`` seconds and reported, and the others are still graded. Before grading, each file
is read and compared with the handout:

- a file that is not valid JSON, or not a notebook, is reported and not graded;
- cells of the handout that are missing (deleted question, answer or check cells) are reported;
- cells that raise an error while the submission runs are reported with the error (grading goes on, as
  otter does: the answers those cells should have made are simply missing).

The results file has one row per submission: the file, the ``student_id`` typed in it (the seeded questions
are checked against that id's own set), the status, the total, the score of each autograded question, the
text of each written answer (graded by hand), and the problems found.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "homework" / "source"
BUILD = ROOT / "homework" / "build"
STUDENT_DIR = ROOT / "notebooks" / "homework"
#: The kernel every submission runs in, whatever kernel its own metadata names.
KERNELSPEC = {"display_name": "Python 3", "language": "python", "name": "python3"}
GRADED, GRADED_WITH_PROBLEMS, NOT_GRADED = "graded", "graded, with problems", "not graded"


@dataclass(frozen=True)
class Question:
    """One question of a homework set, as its source configures it."""

    name: str
    points: float
    manual: bool


@dataclass(frozen=True)
class HomeworkSet:
    """The pieces grading needs: the question list, the handout (student copy) and the autograder zip."""

    name: str
    questions: tuple[Question, ...]
    handout: nbformat.NotebookNode
    autograder_zip: Path

    @property
    def autograded(self) -> list[Question]:
        return [q for q in self.questions if not q.manual]

    @property
    def written(self) -> list[Question]:
        return [q for q in self.questions if q.manual]


@dataclass
class Outcome:
    """What grading one submission found."""

    file: str
    student_id: str | None = None
    status: str = NOT_GRADED
    score: float | None = None
    possible: float | None = None
    questions: dict[str, dict] = field(default_factory=dict)
    written: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0


def _text(cell) -> str:
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def load_set(selection: str, autograder: Path | None = None) -> HomeworkSet:
    """The homework set whose name starts with ``selection`` (e.g. ``hw1``)."""
    matches = sorted(p for p in SOURCES.glob("hw*.ipynb") if p.stem.startswith(selection))
    if len(matches) != 1:
        known = ", ".join(p.stem for p in sorted(SOURCES.glob("hw*.ipynb")))
        raise SystemExit(f"{selection!r} must name exactly one homework set; the sets are: {known}")
    source = matches[0]
    questions = []
    for cell in nbformat.read(source, as_version=4).cells:
        text = _text(cell)
        if cell.cell_type == "raw" and text.lstrip().upper().startswith("# BEGIN QUESTION"):
            config = yaml.safe_load(text.split("\n", 1)[1]) or {}
            questions.append(Question(config["name"], config.get("points", 1), bool(config.get("manual"))))
    handout_path = STUDENT_DIR / f"{source.stem}.ipynb"
    zip_path = autograder or BUILD / source.stem / "autograder.zip"
    for needed in (handout_path, zip_path):
        if not needed.exists():
            raise SystemExit(f"{needed} does not exist: run `make homework` first")
    return HomeworkSet(source.stem, tuple(questions), nbformat.read(handout_path, as_version=4), zip_path)


def declared_student_id(nb: nbformat.NotebookNode) -> str | None:
    """The value of the last ``student_id = "..."`` line in the code cells, or None if there is none."""
    found = None
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        lines = [line for line in _text(cell).splitlines() if not line.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "student_id"
                                                     for t in node.targets)
                    and isinstance(node.value, ast.Constant) and isinstance(node.value.value, (str, int))
                    and not isinstance(node.value.value, bool)):
                found = str(node.value.value)
    return found


def missing_handout_cells(nb: nbformat.NotebookNode, handout: nbformat.NotebookNode) -> list[str]:
    """The first line of each question, answer or check cell of the handout that the submission lacks.

    A cell counts as present when a cell with its id is there, or (for the locked cells: prompts and checks)
    a cell with exactly its text.
    """
    ids = {cell.get("id") for cell in nb.cells}
    texts = {_text(cell).strip() for cell in nb.cells}
    missing = []
    for cell in handout.cells:
        tags = cell.metadata.get("tags", [])
        locked = cell.metadata.get("deletable") is False
        answer = "otter_answer_cell" in tags or "otter_assign_solution_cell" in tags
        if not (locked or answer) or cell.get("id") in ids or (locked and _text(cell).strip() in texts):
            continue
        first = next((line for line in _text(cell).splitlines() if line.strip()
                      and not line.startswith("<!--")), "")
        missing.append(first[:60])
    return missing


def written_answers(nb: nbformat.NotebookNode, homework: HomeworkSet) -> dict[str, str]:
    """The text of each written (hand-graded) answer, found by the handout's cell id, else in order."""
    handout_cells = [c for c in homework.handout.cells
                     if c.cell_type == "markdown" and "otter_answer_cell" in c.metadata.get("tags", [])]
    by_id = {cell.get("id"): cell for cell in nb.cells}
    in_order = [c for c in nb.cells if c.cell_type == "markdown" and "otter_answer_cell" in c.metadata.get("tags", [])]
    answers = {}
    for index, (question, template) in enumerate(zip(homework.written, handout_cells, strict=False)):
        cell = by_id.get(template.get("id")) or (in_order[index] if index < len(in_order) else None)
        answers[question.name] = _text(cell).strip() if cell is not None else ""
    return answers


def inspect_submission(path: Path, homework: HomeworkSet, outcome: Outcome) -> nbformat.NotebookNode | None:
    """Read a submission and note what is wrong with it; None if it cannot be graded at all."""
    try:
        raw = json.loads(path.read_bytes())
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        outcome.problems.append(f"not a valid notebook file: the JSON does not parse ({error})")
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("cells"), list):
        outcome.problems.append("not a notebook: the JSON has no list of cells")
        return None
    try:
        nb = nbformat.from_dict(raw)
        nb.setdefault("metadata", {})
        nb.nbformat, nb.nbformat_minor = 4, max(nb.get("nbformat_minor", 0), 5)
        for index, cell in enumerate(nb.cells, start=1):
            cell.setdefault("metadata", {})
            cell.setdefault("id", f"submitted-cell-{index}")  # old notebooks have no ids; errors are found by id
            if cell.cell_type == "code":
                cell.setdefault("outputs", [])
                cell.setdefault("execution_count", None)
        nbformat.validate(nb)
    except Exception as error:  # any malformed structure is reported, not raised
        message = str(error).strip().splitlines()[0] if str(error).strip() else ""
        outcome.problems.append(f"not a valid notebook: {type(error).__name__}: {message}"[:300])
        return None
    declared = nb.metadata.get("otter", {}).get("assignment_name")
    if declared is None:
        # otter refuses a notebook without its assignment name (e.g. answers pasted into a new notebook).
        nb.metadata["otter"] = {**nb.metadata.get("otter", {}), "assignment_name": homework.name}
        outcome.problems.append("the notebook has lost the handout's otter metadata (copied into a new "
                                "notebook?); graded anyway")
    elif declared != homework.name:
        outcome.problems.append(f"this is a submission for {declared}, not for {homework.name}")
        return None
    outcome.student_id = declared_student_id(nb)
    outcome.written = written_answers(nb, homework)
    missing = missing_handout_cells(nb, homework.handout)
    if missing:
        shown = "; ".join(repr(m) for m in missing[:3]) + (" ..." if len(missing) > 3 else "")
        outcome.problems.append(f"{len(missing)} cell(s) of the handout are missing: {shown}")
    return nb


def _grade_in_worker(nb: nbformat.NotebookNode, homework: HomeworkSet, timeout: float, outcome: Outcome) -> None:
    """Run ``otter run`` on ``nb`` in a child process, with a time limit, and fill in ``outcome``."""
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    with tempfile.TemporaryDirectory(prefix="grade-") as tmp:
        # A fixed, safe file name: submissions arrive renamed, with spaces or worse.
        submission = Path(tmp) / f"{homework.name}.ipynb"
        nbformat.write(nb, submission)
        result_path, log_path = Path(tmp) / "result.json", Path(tmp) / "otter.log"
        command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(submission),
                   str(homework.autograder_zip.resolve()), str(result_path)]
        with open(log_path, "w") as log:
            process = subprocess.Popen(command, cwd=tmp, stdout=log, stderr=subprocess.STDOUT,
                                       start_new_session=True)
            try:
                process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)  # the worker and the kernel it started
                process.wait()
                outcome.problems.append(f"grading stopped after {timeout:.0f} s (a cell runs too long?)")
                return
        if not result_path.exists():
            tail = log_path.read_text(errors="replace").strip().splitlines()[-3:]
            outcome.problems.append("otter run failed: " + " | ".join(tail))
            return
        result = json.loads(result_path.read_text())
    if result.get("error"):
        outcome.problems.append(f"otter run could not grade it: {result['error']}")
        return
    outcome.problems.extend(result["cell_errors"])
    outcome.questions = result["questions"]
    outcome.score, outcome.possible = result["score"], result["possible"]
    outcome.status = GRADED_WITH_PROBLEMS if outcome.problems else GRADED


def grade_submission(path: Path, homework: HomeworkSet, timeout: float = 300) -> Outcome:
    """Inspect and grade one submission; never raises for a bad submission, it reports it."""
    start = time.perf_counter()
    outcome = Outcome(path.name)
    try:
        nb = inspect_submission(path, homework, outcome)
        if nb is not None:
            _grade_in_worker(nb, homework, timeout, outcome)
    except Exception as error:  # one bad file must not stop the others
        outcome.status = NOT_GRADED
        outcome.problems.append(f"could not be graded: {type(error).__name__}: {error}"[:300])
    outcome.seconds = round(time.perf_counter() - start, 2)
    return outcome


def grade_folder(folder: Path, homework: HomeworkSet, jobs: int = 1, timeout: float = 300,
                 report=print) -> list[Outcome]:
    """Grade every ``*.ipynb`` in ``folder`` (sorted by name), ``jobs`` at a time."""
    paths = sorted(p for p in folder.iterdir() if p.suffix == ".ipynb" and p.is_file())
    others = sorted(p.name for p in folder.iterdir() if p.is_file() and p.suffix not in (".ipynb", ".csv", ".json"))
    if others:
        report(f"not graded (not .ipynb files): {', '.join(others)}")

    def one(path: Path) -> Outcome:
        outcome = grade_submission(path, homework, timeout)
        total = f"{outcome.score:g}/{outcome.possible:g}" if outcome.score is not None else "-"
        report(f"{outcome.status:22} {total:>8}  {outcome.file}  ({outcome.seconds:.1f} s)"
               + (f"\n    problems: {' / '.join(outcome.problems)}" if outcome.problems else ""))
        return outcome

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(one, paths))


def write_results(outcomes: list[Outcome], homework: HomeworkSet, output: Path) -> None:
    """One row per submission (CSV), or every detail (JSON), chosen by the file's extension."""
    if output.suffix == ".json":
        data = {"set": homework.name, "autograder": str(homework.autograder_zip),
                "questions": [asdict(q) for q in homework.questions],
                "submissions": [asdict(o) for o in outcomes]}
        output.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        return
    header = ["file", "student_id", "status", "score", "possible", "percent"]
    header += [f"{q.name} ({q.points:g})" for q in homework.autograded]
    header += [f"{q.name} written ({q.points:g}, by hand)" for q in homework.written] + ["problems"]
    with open(output, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(header)
        for o in outcomes:
            graded = o.score is not None
            row = [o.file, o.student_id or "", o.status, f"{o.score:g}" if graded else "",
                   f"{o.possible:g}" if graded else "",
                   f"{100 * o.score / o.possible:.1f}" if graded and o.possible else ""]
            row += [f"{o.questions[q.name]['score']:g}" if q.name in o.questions else "" for q in homework.autograded]
            row += [o.written.get(q.name, "") for q in homework.written]
            writer.writerow(row + [" / ".join(o.problems)])


def failure_text(case_result) -> str:
    """One line on a failed otter test case, for the teacher: its name, and its own message if it has one,
    else the expression that was not true (hidden tests usually have no message)."""
    case = case_result.test_case
    kind = "hidden" if case.hidden else "public"
    if case.failure_message:
        return f"{kind} test {case.name} failed: {case.failure_message}"
    lines = (case_result.message or "").splitlines()
    if "Failed example:" in lines:
        start = lines.index("Failed example:") + 1
        got = lines.index("Got:") + 1 if "Got:" in lines else None
        expression = lines[start].strip() if start < len(lines) else "?"
        value = lines[got].strip() if got is not None and got < len(lines) else "an error"
        return f"{kind} test {case.name} failed: {expression}  gave {value}"
    last = next((line.strip() for line in reversed(lines) if line.strip()), "no message")
    return f"{kind} test {case.name} failed: {last}"


def worker(submission: str, autograder_zip: str, result_path: str) -> int:
    """Child process: grade one notebook with otter run; write scores and the errors its cells raised."""
    result: dict = {}
    try:
        from otter.run import main as otter_run

        results = otter_run(submission, autograder=autograder_zip, output_dir=None, no_logo=True)
        if results.has_catastrophic_failure():
            raise RuntimeError(results.catastrophic_error)
        questions = {}
        for name, test_file in results.results.items():
            failed = [failure_text(r) for r in test_file.test_case_results if not r.passed]
            questions[name] = {"score": test_file.score, "possible": test_file.possible, "failed": failed}
        own_ids = [cell.get("id") for cell in nbformat.read(submission, as_version=4).cells]
        positions = {cell_id: index for index, cell_id in enumerate(own_ids, start=1)}
        cell_errors = []
        for cell in results.notebook.cells:
            for out in cell.get("outputs", []):
                if out.get("output_type") == "error" and cell.get("id") in positions:
                    first = next((line for line in _text(cell).splitlines() if line.strip()), "")[:50]
                    cell_errors.append(f"cell {positions[cell['id']]} ({first!r}) raised "
                                       f"{out.get('ename')}: {str(out.get('evalue'))[:120]}")
        result = {"score": results.total, "possible": results.possible, "questions": questions,
                  "cell_errors": cell_errors}
    except BaseException as error:  # report anything, the parent decides
        result = {"error": f"{type(error).__name__}: {str(error).strip()[:300]}"}
    Path(result_path).write_text(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        return worker(*argv[1:4])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("set", help="the homework set, e.g. hw1")
    parser.add_argument("folder", type=Path, help="the folder of submitted .ipynb files")
    parser.add_argument("--output", type=Path, help="results file, .csv (default) or .json")
    parser.add_argument("--autograder", type=Path, help="autograder zip (default: the one `make homework` built)")
    parser.add_argument("--jobs", type=int, default=1, help="submissions graded at the same time (default 1)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds allowed per submission (default 300)")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        raise SystemExit(f"{args.folder} is not a folder of submissions")
    homework = load_set(args.set, args.autograder)
    output = args.output or args.folder / f"{homework.name}-results.csv"
    start = time.perf_counter()
    outcomes = grade_folder(args.folder, homework, jobs=args.jobs, timeout=args.timeout)
    write_results(outcomes, homework, output)
    counts = {s: sum(o.status == s for o in outcomes) for s in (GRADED, GRADED_WITH_PROBLEMS, NOT_GRADED)}
    print(f"{len(outcomes)} submissions in {time.perf_counter() - start:.1f} s: "
          + ", ".join(f"{n} {s}" for s, n in counts.items()) + f". Results: {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
