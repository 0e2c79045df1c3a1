"""The documentation site, built once per test run for the tests that read it (tests/test_docs.py and
tests/browser/test_docs_in_browser.py): as ``make docs`` builds it, into a temporary folder."""

from __future__ import annotations

import atexit
import functools
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Site:
    html: Path
    returncode: int
    warnings: str  # what Sphinx wrote on stderr (warnings and errors)
    seconds: float


@functools.cache
def built() -> Site:
    """Build the site (fresh environment, warnings as errors, every warning listed) and return where it is."""
    folder = Path(tempfile.mkdtemp(prefix="gamelib-docs-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    started = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
         "-d", str(folder / "doctrees"), "docs", str(folder / "html")],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    return Site(folder / "html", result.returncode, result.stderr, time.perf_counter() - started)
