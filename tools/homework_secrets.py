"""What must never reach a student, and how the homework build keeps it so.

Two kinds of secret: the **course code** a build is made for (with a student's id it gives that student's
numbers and answers) and the **solutions** of a source (its ``# SOLUTION`` lines, model written answers and
hidden tests). :func:`course_code` chooses the code (``--course``, else the one kept privately in
:data:`COURSE_FILE`, else the public demo code) and refuses one printed in the public repository
(:func:`public_places`); :func:`leaked_secrets` finds either kind in a student copy, which the build
(tools/build_homework.py) then refuses to write.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import nbformat
from gamelib_grader.intake.notebook import cell_text

from gamelib.homework import DEMO_COURSE_CODE, normalise_course_code

ROOT = Path(__file__).resolve().parent.parent
#: Where ``--course`` keeps the course code for the next build (and where a teacher may write it).
COURSE_FILE = ROOT / "homework" / "build" / "course-code.txt"

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


_BEGIN_TEST_CONFIG = re.compile(r'^\s*"""\s*#\s*BEGIN TEST CONFIG', re.IGNORECASE)
_END_TEST_CONFIG = re.compile(r'^\s*"""\s*#\s*END TEST CONFIG', re.IGNORECASE)


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
