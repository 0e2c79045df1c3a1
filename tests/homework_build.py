"""The homework sets built once for the whole test session, and kept between sessions while nothing changes.

Building a set (executing its source and running ``otter assign``) takes ~10 s each; the grading tests of
several modules need the built autograder zips. :func:`built_sets` builds the three sets in parallel
processes into ``homework/build/test-cache/<key>/`` (not committed) where the key is a hash of everything
the build reads: the sources, the build tool, the gamelib sources and the otter version. Changing any of
them gives a new key, so a stale build is never reused.
"""

from __future__ import annotations

import hashlib
import shutil
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

from tools import build_homework

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
SOURCES = sorted((ROOT / "homework" / "source").glob("hw*.ipynb"))
CACHE = ROOT / "homework" / "build" / "test-cache"

#: The set the grading tests submit to, and its right answers as expressions typed into the answer cells.
SET = "hw1-subtraction-grundy"
RIGHT = {"q1_grundy": "game.grundy_values(16).tolist()",
         "q2_followers": "[game.grundy(9), game.grundy(6), game.grundy(5)]", "q2_g11": "mex(q2_followers)",
         "q3_remainders": "{n % 11 for n in game.p_positions(11)}", "q3_heap_100": '"P"',
         "q4_leave": "game.winning_moves(32)[0]", "q5_p_positions": "my_game.p_positions(30)",
         "q5_g29": "my_game.grundy(29)"}



def cache_key() -> str:
    digest = hashlib.sha256(version("otter-grader").encode())
    for path in [*SOURCES, TOOLS / "build_homework.py", *sorted((ROOT / "gamelib").rglob("*.py"))]:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def _build(source: Path, folder: Path):
    return build_homework.build_set(source, folder / "build", folder / "student")


@lru_cache(maxsize=1)
def built_sets() -> dict:
    """``{set name: BuiltSet}`` for every set, from the cache or built now (in parallel)."""
    folder = CACHE / cache_key()
    done = folder / "complete"
    if not done.exists():
        if CACHE.exists():
            shutil.rmtree(CACHE)  # older keys: their inputs are gone
        folder.mkdir(parents=True)
        with ProcessPoolExecutor(max_workers=2) as pool:
            list(pool.map(_build, SOURCES, [folder] * len(SOURCES)))
        done.touch()
    return {s.stem: build_homework.BuiltSet(
        s.stem, folder / "build" / s.stem / "autograder.zip", folder / "build" / s.stem / "solution.ipynb",
        folder / "student" / f"{s.stem}.ipynb") for s in SOURCES}
