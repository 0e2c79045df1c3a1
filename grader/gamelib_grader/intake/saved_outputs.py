"""What a submission's *saved* outputs show, read as text without running anything: the numbers it was run
with (the handout's cell that shows ``mine``), and the answers its cells displayed.

The grader runs every notebook again, so the saved outputs never count for a score; they tell how the file
was made. A notebook copied from a classmate and handed in without running it again still shows the
classmate's numbers (and the run tag of the classmate's session), and the answers the classmate's cells
displayed, which its own code, run again on its own numbers, does not compute (gamelib_grader/integrity/copying.py).
Reading stops at a stated budget, and then says so (``unread``): a notebook is never silently half read.
"""

from __future__ import annotations

import re

from gamelib.parsing import python_literal
from gamelib_grader.sandbox.run_notebook import NotPlain, encode

#: Most characters of saved output read: per output, and in all.
MAX_OUTPUT_CHARS, MAX_OUTPUTS_CHARS = 20_000, 200_000
#: Most outputs read per cell, and most answers kept.
MAX_CELL_OUTPUTS, MAX_ANSWERS = 20, 60
_QUOTED = r"'(?:[^'\\\n]|\\.){0,300}'|\"(?:[^\"\\\n]|\\.){0,300}\""
#: The first line ``mine`` shows: the set's title (``Homework 1``, or a composed set's own), then whose numbers.
_SHOWN = re.compile(rf"^[^\n]{{1,200}}?: the numbers of student (?P<student>{_QUOTED}) in course (?P<course>{_QUOTED})"
                    r"(?: \(run (?P<run>[0-9a-f]{8})\))?$", re.MULTILINE)
_SHOWN_NUMBER = re.compile(r"mine\.(?P<q>q\d+)\.(?P<name>\w+) = (?P<value>.{1,2000}?)(?=; mine\.q\d+\.|$)")
#: The last line of a cell that displays answers: ``q1_grundy``, ``q2_moves, q2_g``, ``print(q4_leave)``.
_DISPLAYED = re.compile(r"^\s*(?:print\(\s*(?P<printed>q\d+_\w+)\s*\)|(?P<names>q\d+_\w+(?:\s*,\s*q\d+_\w+)*)\s*,?)"
                        r"\s*(?:#.*)?$")


def _output_text(output: object) -> str:
    if not isinstance(output, dict):
        return ""
    text = output.get("text")
    if text is None and isinstance(output.get("data"), dict):
        text = output["data"].get("text/plain")
    if isinstance(text, list):
        text = "".join(t for t in text[:1000] if isinstance(t, str))
    return text[:MAX_OUTPUT_CHARS] if isinstance(text, str) else ""


def _literal(text: str) -> object:
    try:
        return python_literal(text)  # a quoted string, a number, a list or set of numbers: never code
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        return None


def _as_json(value: object, depth: int = 0) -> object:
    """A number as ``mine`` shows it, in plain JSON (tuples as lists, as :attr:`Numbers.plain` gives them); a
    value no handout shows (a set, a dict, ``1j``, bytes: an edited output) as its text, which then differs
    from every student's numbers. Never a value the result file cannot hold: one such output once stopped the
    grading of the whole class (the result file could not be written)."""
    if isinstance(value, (tuple, list)) and depth < 3:  # read by ast.literal_eval: builtin types only
        return [_as_json(v, depth + 1) for v in value]
    if value is None or type(value) in (bool, int, float, str):
        return value
    return repr(value)[:100]


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(s for s in source if isinstance(s, str))


def _numbers_shown(text: str, number: int) -> list[dict]:
    found = []
    for match in _SHOWN.finditer(text):
        student, course = _literal(match["student"]), _literal(match["course"])
        if not isinstance(student, str) or not isinstance(course, str):
            continue
        numbers: dict[str, dict] = {}
        for line in text[match.end():].split("\n")[1:40]:
            if not line.startswith("  q"):
                continue
            for item in _SHOWN_NUMBER.finditer(line):
                numbers.setdefault(item["q"], {})[item["name"]] = _as_json(_literal(item["value"]))
        found.append({"cell": number, "student": student[:100], "course": course[:100], "run": match["run"],
                      "numbers": numbers})
    return found


def _answers_displayed(cell: dict, number: int) -> list[dict]:
    """The answers a cell's last line displays, as its saved output shows them (plain values only)."""
    lines = [line for line in _source(cell)[-2000:].splitlines() if line.strip()]
    match = _DISPLAYED.match(lines[-1]) if lines else None
    if match is None:
        return []
    names = [match["printed"]] if match["printed"] else [n.strip() for n in match["names"].split(",")]
    kind = "stream" if match["printed"] else "execute_result"
    for output in cell.get("outputs", [])[:MAX_CELL_OUTPUTS]:
        if not isinstance(output, dict) or output.get("output_type") != kind:
            continue
        value = _literal(_output_text(output).strip())
        if len(names) == 1:
            values = [value]
        elif isinstance(value, tuple) and len(value) == len(names):
            values = list(value)
        else:
            return []
        found = []
        for name, v in zip(names, values, strict=True):
            try:
                found.append({"cell": number, "name": name[:40], "value": encode(v)})
            except (NotPlain, RecursionError):
                continue
        return found
    return []


def read_saved_outputs(cells: list) -> dict:
    """What the saved outputs show: ``{"shown": [...], "answers": [...], "unread": None or why}``.

    ``shown``: for each output of ``mine``, ``{"cell": its number (from 1), "student": the id, "course": the
    code, "run": the kernel session's tag (None in outputs made before it was shown), "numbers": {question:
    {name: plain value}}}``. ``answers``: ``{"cell", "name", "value"}`` for each answer a cell displayed (its
    last line names answers, or prints one) as its saved output shows it (the value tagged as the sandbox
    reports values: gamelib_grader/sandbox/run_notebook.py). ``unread`` says where reading stopped
    when the outputs are larger than :data:`MAX_OUTPUTS_CHARS` characters."""
    shown: list[dict] = []
    answers: list[dict] = []
    budget, unread = MAX_OUTPUTS_CHARS, None
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code" or not isinstance(cell.get("outputs"), list):
            continue
        texts = [_output_text(output) for output in cell["outputs"][:MAX_CELL_OUTPUTS]]
        budget -= sum(len(t) for t in texts)
        if budget < 0 or len(cell["outputs"]) > MAX_CELL_OUTPUTS:
            unread = (f"the saved outputs are larger than the grader reads ({MAX_OUTPUTS_CHARS:,} characters, "
                      f"{MAX_CELL_OUTPUTS} outputs a cell): cell {number} and the cells after it were not read")
            break
        for text in texts:
            if "the numbers of student" in text:
                shown += _numbers_shown(text, number)
        answers += _answers_displayed(cell, number)
    return {"shown": shown[:20], "answers": answers[:MAX_ANSWERS], "unread": unread}


def shown_numbers(cells: list) -> list[dict]:
    """The ``shown`` part of :func:`read_saved_outputs`."""
    return read_saved_outputs(cells)["shown"]
