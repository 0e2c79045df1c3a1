"""The speed tables of the site, made from the benchmarks' own results files (``benchmarks/results/*.json``).

Each benchmark keeps what it printed in a results file (``benchmarks/results.py`` says the format); this
writes ``docs/_generated/speed.md``: per benchmark, how and when it ran (arguments, date, duration, Python,
cores, load average before and after), then its report -- a Markdown report (the browser benchmark) as tables
under its own headings, a plain-text one as printed. Nothing is copied by hand: a new run, committed,
changes the page. A benchmark with no results file yet is named with the command that makes it.
"""

from __future__ import annotations

import re
from pathlib import Path

from sphinx.application import Sphinx

from benchmarks import results
from docs._ext.fragments import GENERATED, markdown_text, write_if_changed

#: The benchmarks the page shows, in order: name -> (heading, the command that measures it).
BENCHMARKS = {
    "run": ("The engine, against plain Python", "make bench"),
    "misere": ("Misère quotients, against MisereSolver", "make bench-misere"),
    "browser": ("The widgets, in JupyterLab in a real browser", "make bench-browser"),
    "grading": ("Grading, per submission", "make bench-grading"),
    "grading_composed": ("Grading a composed set, per submission", "make bench-grading-composed"),
    "grading_guessing": ("Grading: what a guess scores (points, not seconds)", "make bench-guessing"),
    "grading_isolation": ("Grading: a sandbox beside 63 busy processes", "make bench-isolation"),
    "flags": ("Grading: the copy flags' false positives and detections (students, not seconds)", "make bench-flags"),
}
HEADING = re.compile(r"^(#{1,6}) ", re.M)


def loads(values: list[float]) -> str:
    return ", ".join(f"{x:.2f}" for x in values)


def how_it_ran(result: dict) -> str:
    machine = result["machine"]
    command = " ".join(["python -m benchmarks." + result["benchmark"], *result["arguments"]])
    minutes = result["seconds"] / 60
    return (f"Measured with `{command}`, finished {result['finished'].replace('T', ' ').rstrip('Z')} UTC after "
            f"{minutes:.1f} min, on {machine['cores']} cores with Python {machine['python']} "
            f"({markdown_text(machine['platform'])}). Load average (1, 5, 15 min) before: "
            f"{loads(machine['load_before'])}; after: {loads(machine['load_after'])}.")


def report(result: dict, level: int) -> str:
    """The benchmark's output: Markdown with its headings moved to ``level`` and below, or text as printed."""
    output = result["output"].strip("\n")
    if result["format"] == "text":
        return f"````text\n{output}\n````"
    top = min((len(m[1]) for m in HEADING.finditer(output)), default=level)
    return HEADING.sub(lambda m: "#" * (len(m[1]) - top + level) + " ", output)


def speed_markdown(found: dict[str, dict]) -> str:
    out = []
    names = list(BENCHMARKS) + sorted(set(found) - set(BENCHMARKS))
    for name in names:
        heading, command = BENCHMARKS.get(name, (name, f"python -m benchmarks.{name}"))
        out += [f"## {heading}", ""]
        if name in found:
            out += [how_it_ran(found[name]), "", report(found[name], 3), ""]
        else:
            out += [f"Not measured yet: `{command}` writes `benchmarks/results/{name}.json`; commit it to show "
                    "its figures here.", ""]
    return "\n".join(out).strip() + "\n"


def write_tables(app: Sphinx) -> None:
    write_if_changed(Path(app.srcdir) / GENERATED / "speed.md", speed_markdown(results.read_all()))


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", write_tables)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
