"""Run a command while other processes keep the machine's cores busy, then stop them by their ids.

Usage: ``python -m tools.with_busy N -- COMMAND ...`` (``make test-busy`` runs ``make test`` beside two busy
processes). It shows that no test measures time: a suite that passes on an idle machine must pass here too.
The busy processes are plain Python loops started by this script; each is stopped by its process id when the
command ends, also when it fails or is interrupted. The exit status is the command's.

>>> main(["0", "--", sys.executable, "-c", "raise SystemExit(3)"])
3
"""

from __future__ import annotations

import subprocess
import sys

BUSY_LOOP = "while True:\n    pass\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) < 3 or args[1] != "--" or not args[0].isdigit():
        print("usage: python -m tools.with_busy N -- COMMAND ...", file=sys.stderr)
        return 2
    busy = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(int(args[0]))]
    try:
        if busy:
            print(f"with_busy: {len(busy)} busy processes, ids {', '.join(str(p.pid) for p in busy)}", flush=True)
        return subprocess.call(args[2:])
    finally:
        for process in busy:
            process.kill()
            process.wait()
        if busy:
            print(f"with_busy: stopped {', '.join(str(p.pid) for p in busy)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
