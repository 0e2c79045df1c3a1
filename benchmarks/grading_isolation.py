"""Does one sandbox's crowd of busy processes slow the sandbox beside it?

Run ``make bench-isolation`` (after ``make homework``), or ``.venv/bin/python -m benchmarks.grading_isolation``.
An honest hw1 submission (about a second of work) is run in the sandbox: alone; then started three seconds
after a sandbox whose notebook runs 63 busy processes, each in a session of its own (the most the process
limit allows), with a CPU group per sandbox (gamelib_grader/sandbox/cpugroups.py) where this machine allows it, and
without. It prints the honest notebook's seconds each way and the load of the machine. A measurement, not a
test: nothing fails.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from unittest import mock

import nbformat
from gamelib_grader import cli
from gamelib_grader.sandbox import bwrap as sandbox
from gamelib_grader.sandbox import cpugroups

from benchmarks import results
from benchmarks.grading import SET, write_submissions

#: A cell that starts 63 busy processes, each in a session of its own, for ``seconds``; the notebook then
#: waits for them. RLIMIT_NPROC (64) lets exactly these and the notebook's own process run. (The tests use it.)
BUSY = """
import os, time
_end = time.time() + {seconds}
for _ in range(63):
    if os.fork() == 0:
        os.setsid()
        while time.time() < _end:
            pass
        os._exit(0)
time.sleep(max(0, _end - time.time()))
"""


def _notebooks(folder: Path, course_code: str) -> tuple[bytes, bytes]:
    write_submissions(folder, 1, course_code)
    honest = next(folder.glob("student*.ipynb")).read_bytes()
    nb = nbformat.reads(honest.decode(), as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(BUSY.format(seconds=25)))
    return honest, nbformat.writes(nb).encode()


def _honest_run(honest: bytes, names: list[str], busy: bytes | None, timeout: float) -> sandbox.RunResult:
    beside = None
    if busy is not None:
        beside = threading.Thread(target=sandbox.run_sandboxed,
                                  args=(busy, f"{SET}.ipynb", names, [], sandbox.Limits(timeout=30)))
        beside.start()
        time.sleep(3)  # the busy processes run by now
    result = sandbox.run_sandboxed(honest, f"{SET}.ipynb", names, [], sandbox.Limits(timeout=timeout))
    if beside is not None:
        beside.join()
    return result


def main() -> int:
    homework = cli.load_set("hw1")
    names = homework.answer_names
    groups = cpugroups.find()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    where = f"cgroup v{groups.version} under {groups.base}" if groups else "none (" + cpugroups.why_not() + ")"
    print(f"CPU groups here: {where}")
    with tempfile.TemporaryDirectory() as tmp:
        honest, busy = _notebooks(Path(tmp), homework.course_code)
        sandbox.check_sandbox()  # cold caches: not counted
        runs: list[tuple[str, bytes | None, cpugroups.CpuGroups | None]] = [("alone", None, groups)]
        if groups is not None:
            runs.append(("beside 63 busy processes, a CPU group per sandbox", busy, groups))
        runs.append(("beside 63 busy processes, no CPU groups", busy, None))
        for label, beside, chosen in runs:
            cpugroups._detect.cache_clear()
            with mock.patch.object(cpugroups, "find", return_value=chosen):
                result = _honest_run(honest, names, beside, timeout=20)
            said = "stopped at the 20 s limit" if result.timed_out else "finished"
            print(f"{label:52} {result.seconds:5.1f} s ({said})")
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(results.record("grading_isolation", main))
