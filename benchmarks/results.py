"""What a benchmark printed, kept as a file: ``benchmarks/results/<name>.json``, the source of the site's speed page.

A benchmark's entry point runs its ``main`` through :func:`record`::

    if __name__ == "__main__":
        sys.exit(results.record("run", main))

``main`` runs and prints exactly as before; when it returns 0, what it printed on standard output is written,
with how and where it ran, to ``benchmarks/results/<name>.json``:

``benchmark``
    the name given to :func:`record`;
``arguments``
    the command-line arguments (``[]`` for a plain ``make bench``), so a partial run says it is one;
``format``
    ``"markdown"`` (the output is a Markdown report: the site shows its tables as tables) or ``"text"``
    (shown as printed);
``finished``, ``seconds``
    when the run ended (UTC, ISO 8601) and how long it took;
``machine``
    ``cores``, ``load_before`` and ``load_after`` (the 1, 5 and 15 minute load averages), ``python``,
    ``platform``;
``output``
    everything ``main`` printed on standard output.

A run overwrites the file; commit it when its figures should be the published ones. ``docs/_ext/speed_tables.py``
renders every file here (``make docs``); :func:`read` checks a file has this shape.
"""

from __future__ import annotations

import io
import json
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
FORMATS = ("markdown", "text")
KEYS = {"benchmark", "arguments", "format", "finished", "seconds", "machine", "output"}
MACHINE_KEYS = {"cores", "load_before", "load_after", "python", "platform"}


class _Tee(io.TextIOBase):
    """Standard output that also keeps a copy of everything written to it."""

    def __init__(self, stream):
        self.stream, self.kept = stream, io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


def record(name: str, main: Callable[[], int | None], markdown: bool = False, folder: Path = RESULTS) -> int:
    """Run ``main()``; if it returns 0 (or None), write what it printed to ``folder/<name>.json``.
    Returns ``main``'s exit status."""
    load_before = list(os.getloadavg())
    started = time.perf_counter()
    tee = _Tee(sys.stdout)
    sys.stdout = tee
    try:
        status = main() or 0
    finally:
        sys.stdout = tee.stream
    if status == 0:
        result = {
            "benchmark": name,
            "arguments": sys.argv[1:],
            "format": "markdown" if markdown else "text",
            "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "seconds": round(time.perf_counter() - started, 1),
            "machine": {"cores": os.cpu_count(), "load_before": [round(x, 2) for x in load_before],
                        "load_after": [round(x, 2) for x in os.getloadavg()],
                        "python": platform.python_version(), "platform": platform.platform()},
            "output": tee.kept.getvalue(),
        }
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.json"
        path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"(kept in {path})", file=sys.stderr)
    return status


def read(path: Path) -> dict:
    """One results file, checked: ValueError naming the file and what is wrong otherwise."""
    try:
        result = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path.name}: not JSON ({error})") from None
    if not isinstance(result, dict) or set(result) != KEYS:
        found = sorted(result) if isinstance(result, dict) else type(result).__name__
        raise ValueError(f"{path.name}: expected the keys {sorted(KEYS)}, found {found}")
    if result["benchmark"] != path.stem:
        raise ValueError(f"{path.name}: holds the results of {result['benchmark']!r}")
    if result["format"] not in FORMATS:
        raise ValueError(f"{path.name}: format is {result['format']!r}, expected one of {FORMATS}")
    if not isinstance(result["machine"], dict) or set(result["machine"]) != MACHINE_KEYS:
        raise ValueError(f"{path.name}: machine must have the keys {sorted(MACHINE_KEYS)}")
    if not isinstance(result["output"], str) or not result["output"].strip():
        raise ValueError(f"{path.name}: the output is empty")
    return result


def read_all(folder: Path = RESULTS) -> dict[str, dict]:
    """Every results file in ``folder``, by benchmark name."""
    return {path.stem: read(path) for path in sorted(folder.glob("*.json"))}
