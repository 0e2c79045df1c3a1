"""Write tests/measured_slow.txt: the tests of the fast lane that take THRESHOLD seconds or more here.

``make measure-slow`` (``python -m tools.measure_slow -- COMMAND``) runs the fast lane (what ``make test-fast``
runs, given as COMMAND) with pytest's ``--durations=0`` and adds to the list each test whose setup, call or
teardown took that long; run it again until it adds none (a module's shared setup falls to the next test that
needs it). ``--fresh`` starts from an empty list. Run it on an idle machine; tools/pytest_measured_slow.py reads
the list.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys

from tools.pytest_measured_slow import LIST, listed

#: Seconds of one setup, call or teardown from which a test leaves the fast lane.
THRESHOLD = 0.3
_LINE = re.compile(r"^(?P<seconds>\d+\.\d+)s (?:setup|call|teardown)\s+(?P<id>\S.*)$")


def slow_ids(durations: str, threshold: float = THRESHOLD) -> list[str]:
    """The node ids of pytest's ``--durations`` report at or over ``threshold`` seconds, sorted, each once.

    >>> slow_ids("0.31s call     tests/test_a.py::test_b[x y]\\n0.02s setup    tests/test_a.py::test_c\\n")
    ['tests/test_a.py::test_b[x y]']
    """
    found = {m["id"].strip() for m in map(_LINE.match, durations.splitlines())
             if m and float(m["seconds"]) >= threshold}
    return sorted(found)


def main(argv: list[str]) -> int:
    """``[--fresh] -- COMMAND ...``: COMMAND is the fast lane's pytest run (the Makefile passes it, the one place
    its arguments are written); the durations options are added to it."""
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        print("usage: python -m tools.measure_slow [--fresh] -- PYTEST COMMAND ...", file=sys.stderr)
        return 2
    split = argv.index("--")
    if "--fresh" in argv[:split]:
        LIST.unlink(missing_ok=True)
    before = listed()
    command = [*argv[split + 1:], "--durations=0", "--durations-min=0.05"]
    # Through the shell: the Makefile's command starts with an environment setting (PYTHONDONTWRITEBYTECODE=).
    done = subprocess.run(shlex.join(command), shell=True, capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        return done.returncode
    ids = sorted(before | set(slow_ids(done.stdout)))
    header = (f"# Tests of the fast lane measured at {THRESHOLD} s or more (setup, call or teardown) on an idle "
              "machine:\n# make test-fast leaves them to make test. Made by `make measure-slow` "
              "(tools/measure_slow.py).\n")
    LIST.write_text(header + "".join(f"{i}\n" for i in ids), encoding="utf-8")
    print(f"{len(ids)} tests listed in {LIST} ({len(ids) - len(before)} added)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
