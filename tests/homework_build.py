"""The homework sets built once for the whole test session, and kept between sessions while nothing changes.

Building a set (executing its source, running ``otter assign``, grading its solutions) takes ~10 s each; the
grading tests of several modules need the built course files. :func:`built_sets` builds the sets the kit
ships (the three sources, and the sets composed in ``homework/sets/``) and the sets composed for the tests
(``tests/sets/``: :func:`built_test_sets`) for the test course :data:`COURSE` in parallel processes into
``homework/build/test-cache/<key>/`` (not committed) where the key is a hash of everything the build reads:
the sources and set files, the build tool, the grader, the gamelib sources, the course code and the otter
version. Changing any of them gives a new key, so a stale build is never reused.
"""

from __future__ import annotations

import fcntl
import hashlib
import shutil
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

import nbformat

from tools import build_homework, homework_secrets, homework_sets

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
SOURCES = sorted((ROOT / "homework" / "source").glob("hw*.ipynb"))
#: The composed sets the kit ships, and those composed for the tests (whose handouts are not committed).
COMPOSED = sorted((ROOT / "homework" / "sets").glob("*.toml"))
TEST_SETS = ROOT / "tests" / "sets"
COMPOSED_FOR_TESTS = sorted(TEST_SETS.glob("*.toml"))
CACHE = ROOT / "homework" / "build" / "test-cache"
#: Draws per question of the build's measure of shared answers (tests/test_homework_composed.py checks the
#: measure itself; here it only has to let the sets through).
SAMPLES = 1000

#: The course code the test builds are made for (what the test students type).
COURSE = "test-course-19"


def solution_lines(set_name: str) -> dict[str, str]:
    """The methods of the set's source (tools/homework_secrets.py's ``solution_lines``)."""
    return homework_secrets.solution_lines(
        nbformat.read(ROOT / "homework" / "source" / f"{set_name}.ipynb", as_version=4))


#: The set the grading tests submit to, and its right answers as expressions typed into the answer cells.
SET = "hw1-subtraction-grundy"
RIGHT = solution_lines(SET)



def cache_key() -> str:
    digest = hashlib.sha256(f"{version('otter-grader')}|{COURSE}".encode())
    for path in [*SOURCES, *COMPOSED, *COMPOSED_FOR_TESTS, TOOLS / "build_homework.py", TOOLS / "homework_secrets.py",
                 TOOLS / "homework_sets.py", TOOLS / "lessons.py", *sorted((ROOT / "grader").rglob("*.py")),
                 *sorted((ROOT / "gamelib").rglob("*.py"))]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _build(source: Path, folder: Path):
    if source.suffix == ".toml":
        prepared = homework_sets.prepare(source, SAMPLES)
        return build_homework.build_composed(prepared, folder / "build", folder / "student", code=COURSE)
    return build_homework.build_set(source, folder / "build", folder / "student", code=COURSE)


def _built(folder: Path, name: str) -> build_homework.BuiltSet:
    return build_homework.BuiltSet(name, folder / "build" / name / "autograder.zip",
                                   folder / "build" / name / "solution.ipynb", folder / "student" / f"{name}.ipynb")


@lru_cache(maxsize=1)
def _folder() -> Path:
    """The cache folder with every set built, from before or built now (in parallel)."""
    folder = CACHE / cache_key()
    done = folder / "complete"
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    # pytest-xdist's workers all come here: one builds while the others wait on the lock, then find it complete.
    with open(CACHE.parent / "test-cache.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            if CACHE.exists():
                shutil.rmtree(CACHE)  # older keys: their inputs are gone
            folder.mkdir(parents=True)
            every = [*SOURCES, *COMPOSED, *COMPOSED_FOR_TESTS]
            with ProcessPoolExecutor(max_workers=2) as pool:
                list(pool.map(_build, every, [folder] * len(every)))
            done.touch()
    return folder


def built_sets() -> dict:
    """``{set name: BuiltSet}`` for every set the kit ships, from the cache or built now (in parallel)."""
    return {path.stem: _built(_folder(), path.stem) for path in [*SOURCES, *COMPOSED]}


def built_test_sets() -> dict:
    """``{set name: BuiltSet}`` for the sets composed for the tests (``tests/sets/``; the files of
    ``$GAMELIB_HOMEWORK_SETS`` must include that folder to grade them)."""
    return {path.stem: _built(_folder(), path.stem) for path in COMPOSED_FOR_TESTS}


def right_literals(set_name: str, student_id: str, course_code: str = COURSE) -> dict[str, str]:
    """One right answer to every question of ``student_id``'s numbers, as Python literals (what a student who
    copies a classmate's *values* types in)."""
    from gamelib.homework import homework, numbers
    from gamelib.homework.marking import one_right_answer

    mine = numbers(set_name, student_id, course_code)
    return {name: repr(value) for q in homework(set_name).questions
            for name, value in one_right_answer(mine, q.name).items()}
