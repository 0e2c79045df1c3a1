"""What the grader reads from a submitted notebook without running it: is it a notebook of this set, the
student id and course code typed in it, the written answers, which handout cells are missing, and the
fingerprint the class-level copying pass compares (:func:`fingerprint`).

Reading is static (JSON and ``ast``), so it is safe in the grader's own process; running the code is the
sandbox's job.
"""

from __future__ import annotations

import ast
import json
import re
import time

import nbformat

from .likeness import code_shape, normalise_code

#: Largest submission read, and most cells (the handouts have about 30); bigger ones are reported, not run.
MAX_NOTEBOOK_BYTES = 20 * 1024 * 1024
MAX_CELLS = 2000
#: Largest code cell searched for the typed ``student_id`` (the handout's id cell is one line). ``ast`` takes
#: about 170 times a cell's size in memory, in the grader's own process: a 20 MB cell took 3.3 GB and 50 s.
MAX_ID_CELL_CHARS = 100_000


class NotGradable(ValueError):
    """The file cannot be graded at all (the message says why)."""


def cell_text(cell) -> str:
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def read_notebook(raw: bytes) -> nbformat.NotebookNode:
    """Parse and validate a submission (NotGradable, saying why, if it is not a notebook)."""
    return read_submission(raw)[0]


def read_submission(raw: bytes) -> tuple[nbformat.NotebookNode, list[dict]]:
    """The submission as a notebook (its saved outputs dropped, see below) and what its saved outputs show of
    the numbers it was run with (:func:`shown_numbers`); NotGradable, saying why, if it is not a notebook."""
    if len(raw) > MAX_NOTEBOOK_BYTES:
        raise NotGradable(f"the file is larger than {MAX_NOTEBOOK_BYTES // 2**20} MB")
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise NotGradable(f"not a valid notebook file: the JSON does not parse ({str(error)[:120]})") from None
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise NotGradable("not a notebook: the JSON has no list of cells")
    if len(data["cells"]) > MAX_CELLS:
        raise NotGradable(f"the notebook has {len(data['cells'])} cells, more than the {MAX_CELLS} allowed")
    shown = shown_numbers(data["cells"])
    for cell in data["cells"]:
        # Saved outputs are never run or marked (the sandbox runs the notebook again), but validating and
        # writing out many of them would cost the grader's own process most of a minute for one file.
        if isinstance(cell, dict) and cell.get("cell_type") == "code" and "outputs" in cell:
            cell["outputs"] = []
    try:
        nb = nbformat.from_dict(data)
        nb.setdefault("metadata", {})
        nb.nbformat, nb.nbformat_minor = 4, max(nb.get("nbformat_minor", 0), 5)
        for index, cell in enumerate(nb.cells, start=1):
            cell.setdefault("metadata", {})
            cell.setdefault("id", f"submitted-cell-{index}")
            if cell.get("cell_type") == "code":
                cell.setdefault("outputs", [])
                cell.setdefault("execution_count", None)
        nbformat.validate(nb)
    except Exception as error:  # any malformed structure is reported, not raised
        message = str(error).strip().splitlines()[0] if str(error).strip() else ""
        raise NotGradable(f"not a valid notebook: {type(error).__name__}: {message}"[:300]) from None
    return nb, shown


#: Most characters of saved output read for the numbers a notebook showed: per output, and in all.
MAX_OUTPUT_CHARS, MAX_OUTPUTS_CHARS = 20_000, 200_000
_QUOTED = r"'(?:[^'\\\n]|\\.){0,300}'|\"(?:[^\"\\\n]|\\.){0,300}\""
_SHOWN = re.compile(rf"^Homework \d+: the numbers of student (?P<student>{_QUOTED}) in course (?P<course>{_QUOTED})"
                    r"(?: \(run (?P<run>[0-9a-f]{8})\))?$", re.MULTILINE)
_SHOWN_NUMBER = re.compile(r"mine\.(?P<q>q\d+)\.(?P<name>\w+) = (?P<value>.{1,2000}?)(?=; mine\.q\d+\.|$)")


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
        return ast.literal_eval(text)  # a quoted string or a tuple of numbers: never code
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        return None


def _as_json(value: object) -> object:
    return [_as_json(v) for v in value] if isinstance(value, (tuple, list)) else value


def shown_numbers(cells: list) -> list[dict]:
    """What the saved outputs say about the numbers the notebook was run with: for each output of
    ``mine`` (the handout's cell that shows the student's numbers), ``{"cell": its number (from 1), "student":
    the id, "course": the code, "run": the kernel session's tag (None in outputs made before it was shown),
    "numbers": {question: {name: plain value}}}``. A notebook copied and handed in with another id typed,
    without running it again, still shows the numbers of the id it was run with (and its run's tag).
    At most :data:`MAX_OUTPUTS_CHARS` characters of output are read."""
    found, budget = [], MAX_OUTPUTS_CHARS
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code" or not isinstance(cell.get("outputs"), list):
            continue
        for output in cell["outputs"][:20]:
            text = _output_text(output)
            if "the numbers of student" not in text:
                continue
            budget -= len(text)
            if budget < 0:
                return found
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
    return found[:20]


def check_set(nb: nbformat.NotebookNode, set_name: str) -> list[str]:
    """Problems with the notebook's otter metadata; NotGradable if it belongs to another set."""
    otter = nb.metadata.get("otter", {})
    declared = otter.get("assignment_name") if isinstance(otter, dict) else None
    if declared is None:
        return ["the notebook has lost the handout's otter metadata (copied into a new notebook?); graded anyway"]
    if declared != set_name:
        raise NotGradable(f"this is a submission for {str(declared)[:60]}, not for {set_name}")
    return []


def declared_student_id(nb: nbformat.NotebookNode) -> str | None:
    """The value of the last ``student_id = "..."`` line in the code cells (of at most
    :data:`MAX_ID_CELL_CHARS` characters), or None if there is none."""
    return declared_value(nb, "student_id")


def declared_course_code(nb: nbformat.NotebookNode) -> str | None:
    """The value of the last ``course_code = "..."`` line, as :func:`declared_student_id` reads the id."""
    return declared_value(nb, "course_code")


#: Most lines that look like the assignment a static read parses (a notebook of a hundred thousand
#: ``student_id = (`` lines must not cost the grader more than these).
MAX_ASSIGNMENT_LINES = 200


def declared_value(nb: nbformat.NotebookNode, variable: str) -> str | None:
    """The value of the last ``variable = "..."`` (or ``= 123``) line in the code cells (of at most
    :data:`MAX_ID_CELL_CHARS` characters), as text of at most 100 characters, or None if there is none.

    Only lines that assign ``variable`` are parsed (from the last one up, and at most
    :data:`MAX_ASSIGNMENT_LINES` of them), never whole cells: the handout's line is one line, and parsing a
    notebook of 170 cells of 97,000 characters each cost the grader's own process half a minute."""
    pattern = re.compile(rf"(?<![\w.]){re.escape(variable)}\s*=(?!=)")
    tried = 0
    for cell in reversed(nb.cells):
        text = cell_text(cell)
        if cell.cell_type != "code" or variable not in text or len(text) > MAX_ID_CELL_CHARS:
            continue
        for line in reversed(text.splitlines()):
            if not pattern.search(line) or line.lstrip().startswith(("%", "!", "#")):
                continue
            tried += 1
            if tried > MAX_ASSIGNMENT_LINES:
                return None
            found = _assigned(line.strip(), variable)
            if found is not None:
                return found
    return None


def _assigned(line: str, variable: str) -> str | None:
    if len(line) > 1000:
        return None
    try:
        tree = ast.parse(line)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found = None
    for node in tree.body:
        if (isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == variable for t in node.targets)
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, (str, int))
                and not isinstance(node.value.value, bool)):
            found = str(node.value.value)[:100]
    return found


def missing_handout_cells(nb: nbformat.NotebookNode, handout: nbformat.NotebookNode) -> list[str]:
    """The first line of each question, answer or check cell of the handout that the submission lacks.

    A cell counts as present when a cell with its id is there, or (for the locked cells: prompts and checks)
    a cell with exactly its text.
    """
    ids = {cell.get("id") for cell in nb.cells}
    texts = {cell_text(cell).strip() for cell in nb.cells}
    missing = []
    for cell in handout.cells:
        tags = cell.metadata.get("tags", [])
        locked = cell.metadata.get("deletable") is False
        answer = "otter_answer_cell" in tags or "otter_assign_solution_cell" in tags
        if not (locked or answer) or cell.get("id") in ids or (locked and cell_text(cell).strip() in texts):
            continue
        first = next((line for line in cell_text(cell).splitlines() if line.strip()
                      and not line.startswith("<!--")), "")
        missing.append(first[:60])
    return missing


def written_answers(nb: nbformat.NotebookNode, handout: nbformat.NotebookNode, questions: list[str],
                    limit: int = 20_000) -> dict[str, str]:
    """The text of each written (hand-graded) answer, found by the handout's cell id, else in order."""
    handout_cells = [c for c in handout.cells
                     if c.cell_type == "markdown" and "otter_answer_cell" in c.metadata.get("tags", [])]
    by_id = {cell.get("id"): cell for cell in nb.cells}
    in_order = [c for c in nb.cells if c.cell_type == "markdown" and "otter_answer_cell" in c.metadata.get("tags", [])]
    answers = {}
    for index, (question, template) in enumerate(zip(questions, handout_cells, strict=False)):
        cell = by_id.get(template.get("id")) or (in_order[index] if index < len(in_order) else None)
        answers[question] = cell_text(cell).strip()[:limit] if cell is not None else ""
    return answers


def locked_cells(handout: nbformat.NotebookNode) -> list[str]:
    """The text of the handout's locked code cells (otter's set-up and ``grader.check`` cells): the sandbox
    skips a submission's cell only when its text is exactly one of these, since they only print checks."""
    return [cell_text(c).strip() for c in handout.cells
            if c.cell_type == "code" and c.metadata.get("deletable") is False and c.metadata.get("editable") is False]


#: Most cells, execution counts and characters of code the fingerprint keeps.
MAX_FINGERPRINT_CELLS, MAX_FINGERPRINT_COUNTS, MAX_FINGERPRINT_CODE = 200, 2000, 2000
#: What reading one submission's code without running it (:func:`fingerprint`: tokens, syntax trees) may cost
#: the grader's own process: characters of code, and seconds. The handouts hold about 3,000 characters of code
#: and a student's work adds a few thousand; past either limit the rest is not read, and a problem says so.
MAX_STATIC_CHARS, MAX_STATIC_SECONDS = 400_000, 5.0


class Budget:
    """What is left of one submission's static read (see :data:`MAX_STATIC_CHARS`)."""

    def __init__(self, chars: int = MAX_STATIC_CHARS, seconds: float = MAX_STATIC_SECONDS):
        self.chars, self.deadline, self.seconds = chars, time.perf_counter() + seconds, seconds
        self.stopped: str | None = None

    def take(self, chars: int, where: str) -> bool:
        """Whether ``chars`` more characters may be read (at ``where``); once not, never again."""
        if self.stopped is None and (chars > self.chars or time.perf_counter() > self.deadline):
            self.stopped = where
        if self.stopped is not None:
            return False
        self.chars -= chars
        return True

    @property
    def problem(self) -> str | None:
        if self.stopped is None:
            return None
        return (f"the notebook's code is larger than the grader reads without running it ({MAX_STATIC_CHARS:,} "
                f"characters, {self.seconds:g} s): {self.stopped} and the cells after it were not read for copying "
                "traces or the answer key's use")


#: Modules whose import in a student's code reaches the answer key, or code that reaches around what is read.
KEY_MODULES = ("gamelib.homework",)
#: What only the answer key (gamelib/homework/marking.py) and the homework's internals are called.
KEY_ATTRIBUTES = frozenset({"one_right_answer", "answer_key", "accepts", "mark", "key", "marking", "_homework",
                            "_numbers", "_answer_key", "HOMEWORK"})
#: The key's names that are never an honest variable's (``key`` or ``mark`` may be: those count as attributes).
KEY_NAMES = frozenset({"one_right_answer", "answer_key", "marking", "HOMEWORK"})
#: Attributes that reach inside functions and objects (to a module's globals, a method's object, a class).
INTROSPECTION = frozenset({"__dict__", "__globals__", "__closure__", "__code__", "__self__", "__func__",
                           "__wrapped__", "__class__", "__subclasses__", "__mro__", "__bases__", "__getattribute__",
                           "__builtins__", "__loader__", "__spec__"})
#: Names whose call runs or imports code built at run time (which no static read can follow).
DYNAMIC = frozenset({"__import__", "importlib", "exec", "eval", "compile", "execfile", "runpy"})


def key_use(text: str) -> list[str]:
    """What in one code cell reaches the answer key or around a static read: imports of gamelib.homework
    other than ``my_numbers``, the key's names, private and introspection attributes, code run from text.

    >>> key_use("from gamelib.homework.marking import one_right_answer\\nq4_leave = one_right_answer(mine, 'q4')")
    ['imports gamelib.homework.marking', 'uses one_right_answer']
    >>> key_use("from gamelib.homework import my_numbers\\nmine = my_numbers('hw1', student_id, course_code)")
    []
    """
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    found: list[str] = []

    def note(what: str) -> None:
        if what not in found:
            found.append(what)

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(KEY_MODULES):
            names = [a.name for a in node.names]
            if node.module != "gamelib.homework" or names != ["my_numbers"]:
                note(f"imports {node.module}" + ("" if node.module != "gamelib.homework" else
                                                  f" ({', '.join(n for n in names if n != 'my_numbers')})"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(KEY_MODULES) or alias.name.split(".")[0] in DYNAMIC:
                    note(f"imports {alias.name}")
        elif isinstance(node, ast.Attribute):
            if node.attr in KEY_ATTRIBUTES or node.attr in INTROSPECTION:
                note(f"uses .{node.attr}")
            elif node.attr.startswith("_") and not node.attr.startswith("__"):
                note(f"reaches the private attribute .{node.attr}")
        elif isinstance(node, ast.Name) and (node.id in KEY_NAMES or node.id in DYNAMIC):
            note(f"uses {node.id}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "gamelib.homework." in node.value:
            note(f"names {node.value[:60]!r}")
    return found[:10]


def fingerprint(nb: nbformat.NotebookNode, handout: nbformat.NotebookNode, budget: Budget | None = None,
                shown: list[dict] = ()) -> dict:
    """What the copying pass compares of a notebook (see tools/grading/copying.py), in plain JSON:

    - ``added_ids``: the ids of cells the handout does not have (a new cell gets a random id from JupyterLab:
      another submission carrying it is a copy of this file);
    - ``executions``: the execution count of each code cell, in order (None for a cell never run);
    - ``code``: the student's code cells (every code cell whose text is not exactly the handout's), each
      normalised by :func:`grading.likeness.normalise_code`;
    - ``shapes``: the same cells with the student's own names replaced by their order of first use
      (:func:`grading.likeness.code_shape`), each with its number of tokens: a copy whose variables were
      renamed has the same shapes;
    - ``key_use``: ``{"cell": number, "what": [...]}`` for each cell that reaches the answer key
      (:func:`key_use`);
    - ``shown``: what the saved outputs show of the numbers it was run with (:func:`shown_numbers`).

    Reading the code stops at ``budget`` (:class:`Budget`); the cells after that are left out.
    """
    budget = budget or Budget()
    handout_ids = {cell.get("id") for cell in handout.cells}
    handout_code = {cell_text(cell).strip() for cell in handout.cells if cell.cell_type == "code"}
    added = [str(cell.get("id"))[:64] for cell in nb.cells if cell.get("id") not in handout_ids
             and not str(cell.get("id", "")).startswith("submitted-cell-")]
    executions = [cell.get("execution_count") if isinstance(cell.get("execution_count"), int) else None
                  for cell in nb.cells if cell.cell_type == "code"]
    code, shapes, uses = [], [], []
    for number, cell in enumerate(nb.cells, start=1):
        text = cell_text(cell)
        if cell.cell_type != "code" or not text.strip() or text.strip() in handout_code:
            continue
        if not budget.take(len(text), f"cell {number}"):
            break
        if len(code) < MAX_FINGERPRINT_CELLS:
            code.append(normalise_code(text[: MAX_FINGERPRINT_CODE * 4])[:MAX_FINGERPRINT_CODE])
            shape, tokens = code_shape(text[: MAX_FINGERPRINT_CODE * 4])
            shapes.append([shape[: MAX_FINGERPRINT_CODE * 2], tokens])
        used = key_use(text)
        if used and len(uses) < MAX_FINGERPRINT_CELLS:
            first = next((line.strip() for line in text.splitlines() if line.strip()), "")[:80]
            uses.append({"cell": number, "first_line": first, "what": used})
    return {"added_ids": added[:MAX_FINGERPRINT_CELLS], "executions": executions[:MAX_FINGERPRINT_COUNTS],
            "code": code, "shapes": shapes, "key_use": uses, "shown": list(shown)}
