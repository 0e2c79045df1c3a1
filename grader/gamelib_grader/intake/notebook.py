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

from gamelib.parsing import python_tree
from gamelib_grader.intake.key_use import key_use
from gamelib_grader.intake.likeness import code_shape, normalise_code
from gamelib_grader.intake.mentions import public_texts, read_mentions
from gamelib_grader.intake.saved_outputs import read_saved_outputs

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


def read_submission(raw: bytes) -> tuple[nbformat.NotebookNode, dict]:
    """The submission as a notebook (its saved outputs dropped, see below) and what its saved outputs show
    (:func:`grading.saved_outputs.read_saved_outputs`: the numbers it was run with, the answers its cells
    displayed), with the id-like texts it mentions (:func:`grading.mentions.read_mentions`, outputs included);
    NotGradable, saying why, if it is not a notebook."""
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
    shown = read_saved_outputs(data["cells"])
    shown["mentions"] = read_mentions(data["cells"])
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


#: Most cells a static read parses whole for the typed id (a notebook of many cells that mention
#: ``student_id`` must not cost the grader more than these).
MAX_ASSIGNMENT_CELLS = 20
_MAGIC = re.compile(r"^[ \t]*[%!].*$", re.MULTILINE)


def declared_value(nb: nbformat.NotebookNode, variable: str) -> str | None:
    """The value of the last ``variable = "..."`` (or ``= 123``) statement of the code cells (of at most
    :data:`MAX_ID_CELL_CHARS` characters), as text of at most 100 characters, or None if there is none.

    Only a statement of the cell itself counts, as Python runs it: an assignment inside a string (``notes =
    '''student_id = "s2100001"'''``), a comment, a function or another variable is not the id typed. A cell
    is parsed whole only when a line of it assigns ``variable``, from the last cell up, and at most
    :data:`MAX_ASSIGNMENT_CELLS` cells (the handout's cell is four lines)."""
    pattern = re.compile(rf"^[ \t]*{re.escape(variable)}\s*=(?!=)", re.MULTILINE)
    tried = 0
    for cell in reversed(nb.cells):
        text = cell_text(cell)
        if (cell.cell_type != "code" or variable not in text or len(text) > MAX_ID_CELL_CHARS
                or not pattern.search(text)):
            continue
        tried += 1
        if tried > MAX_ASSIGNMENT_CELLS:
            return None
        found = _assigned(_MAGIC.sub("", text), variable)
        if found is not None:
            return found
    return None


def _assigned(text: str, variable: str) -> str | None:
    """The constant last assigned to ``variable`` by a statement of the cell's own (not nested in anything)."""
    try:
        tree = python_tree(text)
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


_COMMENT_LINE = re.compile(r"^[ \t]*#.*\n?", re.MULTILINE)


def fingerprint(nb: nbformat.NotebookNode, handout: nbformat.NotebookNode, budget: Budget | None = None,
                outputs: dict | list | None = None) -> dict:
    """What the copying pass compares of a notebook (see gamelib_grader/integrity/copying.py), in plain JSON:

    - ``added_ids``: the ids of cells the handout does not have (a new cell gets a random id from JupyterLab:
      another submission carrying it is a copy of this file);
    - ``executions``: the execution count of each code cell, in order (None for a cell never run);
    - ``code``: the student's code cells (every code cell whose text is not exactly the handout's), each
      normalised by :func:`grading.likeness.normalise_code`;
    - ``shapes``: the same cells with the student's own names replaced by their order of first use
      (:func:`grading.likeness.code_shape`, lines kept apart), each with its number of tokens: a copy whose
      variables were renamed has the same shapes;
    - ``key_use``: ``{"cell": number, "what": [...]}`` for each cell that reaches the answer key
      (:func:`grading.key_use.key_use`);
    - ``shown`` and ``answers``: what the saved outputs show of the numbers it was run with, and the answers
      its cells displayed (``outputs``, from :func:`read_submission`);
    - ``mentions``: ``{"cell", "where", "text"}`` for each id-like text of the notebook that the handout does
      not hold (in a comment, a string, a call of ``my_numbers``, Markdown, an output: gamelib_grader/intake/
      mentions.py), which the identity flags compare with the class's ids;
    - ``unread``: what could not be read to its end (the code past ``budget``, see :class:`Budget`; outputs
      past theirs; cells past :data:`MAX_FINGERPRINT_CELLS`): the copying pass flags the notebook as too large
      to check, never half read in silence.

    Lines that are only a comment are not code: they are dropped before the budget counts a cell.
    """
    budget = budget or Budget()
    saved: dict = outputs if isinstance(outputs, dict) else {"shown": list(outputs or []), "answers": [],
                                                             "unread": None}
    handout_ids = {cell.get("id") for cell in handout.cells}
    handout_code = {cell_text(cell).strip() for cell in handout.cells if cell.cell_type == "code"}
    added = [str(cell.get("id"))[:64] for cell in nb.cells if cell.get("id") not in handout_ids
             and not str(cell.get("id", "")).startswith("submitted-cell-")]
    executions = [cell.get("execution_count") if isinstance(cell.get("execution_count"), int) else None
                  for cell in nb.cells if cell.cell_type == "code"]
    code: list[str] = []
    shapes: list[list] = []
    uses: list[dict] = []
    unread: list[str] = [saved["unread"]] if saved.get("unread") else []
    mentioned = saved.get("mentions") or {}
    if mentioned.get("unread"):
        unread.append(mentioned["unread"])
    public = public_texts(handout.cells)
    mentions = [m for m in mentioned.get("mentions", []) if str(m.get("text", "")).casefold() not in public]
    for number, cell in enumerate(nb.cells, start=1):
        text = cell_text(cell)
        if cell.cell_type != "code" or not text.strip() or text.strip() in handout_code:
            continue
        text = _COMMENT_LINE.sub("", text)
        if not text.strip():
            continue
        if not budget.take(len(text), f"cell {number}"):
            unread.append(budget.problem or f"cell {number} was not read")
            break
        if len(code) >= MAX_FINGERPRINT_CELLS or len(text) > MAX_FINGERPRINT_CODE * 4:
            unread.append(f"cell {number} holds more code than is compared for copying ({MAX_FINGERPRINT_CELLS} "
                          f"cells of {MAX_FINGERPRINT_CODE * 4:,} characters): it was compared in part")
        if len(code) < MAX_FINGERPRINT_CELLS:
            code.append(normalise_code(text[: MAX_FINGERPRINT_CODE * 4])[:MAX_FINGERPRINT_CODE])
            shape, tokens = code_shape(text[: MAX_FINGERPRINT_CODE * 4], lines=True)
            shapes.append([shape[: MAX_FINGERPRINT_CODE * 2], tokens])
        used = key_use(text)
        if used and len(uses) < MAX_FINGERPRINT_CELLS:
            first = next((line.strip() for line in text.splitlines() if line.strip()), "")[:80]
            uses.append({"cell": number, "first_line": first, "what": used})
    return {"added_ids": added[:MAX_FINGERPRINT_CELLS], "executions": executions[:MAX_FINGERPRINT_COUNTS],
            "code": code, "shapes": shapes, "key_use": uses, "shown": list(saved.get("shown") or []),
            "answers": list(saved.get("answers") or []), "mentions": mentions, "unread": unread[:3]}
