"""Run one submitted notebook and report its answer variables as plain data. Runs INSIDE the sandbox.

Usage: ``python -I run_notebook.py NOTEBOOK SPEC ANSWERS_FD [GAMELIB_HOME]``. ``GAMELIB_HOME`` is the folder
the grader imported ``gamelib`` from: it goes first on ``sys.path`` (``-I`` ignores ``PYTHONPATH``), so the
notebook computes with the grader's own gamelib. ``SPEC`` is a JSON file: ``names`` (the variables to report),
``skip`` (the exact text of handout cells not worth running, such as ``grader.check("q1")``) and ``files``
(``{path: text}``: files written beside the notebook before it runs, such as a composed set's
``homework/sets/NAME.toml``, which the notebook's ``my_numbers`` reads). The report, one JSON document written
to file descriptor ``ANSWERS_FD``, is

    {"answers": {name: {"value": ENCODED} | {"missing": true} | {"not_plain": "type name"}},
     "cell_errors": ["cell 7 raised NameError: ..."]}

where ENCODED is JSON with tuples, sets, frozensets and dicts tagged: ``{"tuple": [...]}``, ``{"set": [...]}``,
``{"frozenset": [...]}``, ``{"dict": [[key, value], ...]}``. numpy's own numbers and arrays (exactly numpy's
types, not subclasses) are reported as the Python numbers and lists they hold (``tolist()``, ``item()``), so
that ``np.int64(3)`` or an array answer scores like ``3`` or a list.

Nothing here is trusted: the student's code runs in this same process and may change any of it, write to
the descriptor itself, or end the process. The grader reads the report as untrusted data, and its worst case
is a report of values the student chose, which the grader then checks like any other answers. This file is
standalone (standard library, IPython and numpy if installed) because the grader's own code is not inside
the sandbox.
"""

import json
import os
import sys

# Taken before any student code runs, so that the honest path does not depend on names a cell may rebind.
_type, _repr, _str, _len, _isinstance, _issubclass = type, repr, str, len, isinstance, issubclass
_NDARRAY: type | None
_NUMPY_SCALAR: type | None
try:
    import numpy as _numpy

    _NDARRAY, _NUMPY_SCALAR = _numpy.ndarray, _numpy.generic
except ImportError:  # pragma: no cover - numpy is a dependency of gamelib
    _NDARRAY = _NUMPY_SCALAR = None
_PLAIN_SCALARS = (type(None), bool, int, float, str)
_MAX_DEPTH, _MAX_ITEMS, _MAX_ERRORS = 20, 200_000, 50
#: Widest whole number reported (gamelib.limits.MAX_WHOLE_BITS: what Python can still write out). A wider one
#: is reported as not plain, with this kind: written into the report it stopped the whole report, every other
#: answer with it.
MAX_INT_BITS, TOO_LONG = 14_000, "builtins.int.too_long"


class NotPlain(Exception):
    """The value (or something inside it) is not one of the plain built-in types."""


def encode(value, depth=0, budget=None):
    """The value as JSON-ready data, tuples/sets/dicts tagged; NotPlain for anything else."""
    budget = budget if budget is not None else [_MAX_ITEMS]
    budget[0] -= 1
    if depth > _MAX_DEPTH or budget[0] < 0:
        raise NotPlain("nested too deep or too large")
    kind = _type(value)
    if kind is int and value.bit_length() > MAX_INT_BITS:
        raise NotPlain(TOO_LONG)
    if kind in _PLAIN_SCALARS:
        return value
    if kind is list:
        return [encode(item, depth + 1, budget) for item in value]
    if kind is tuple:
        return {"tuple": [encode(item, depth + 1, budget) for item in value]}
    if kind is set or kind is frozenset:
        return {kind.__name__: [encode(item, depth + 1, budget) for item in value]}
    if kind is dict:
        return {"dict": [[encode(k, depth + 1, budget), encode(v, depth + 1, budget)] for k, v in value.items()]}
    if _NDARRAY is not None and kind is _NDARRAY:
        if value.size > budget[0]:
            raise NotPlain("numpy.ndarray too large")
        return encode(value.tolist(), depth, budget)
    if _NUMPY_SCALAR is not None and kind.__module__ == "numpy" and _issubclass(kind, _NUMPY_SCALAR):
        return encode(value.item(), depth, budget)
    raise NotPlain(f"{kind.__module__}.{kind.__qualname__}")


def _describe(error):
    return f"{_type(error).__name__}: {_str(error)}"[:200]


def _write_files(folder, files):
    """Write the spec's files under ``folder`` (relative paths inside it only)."""
    for relative, text in files.items():
        parts = relative.split("/")
        if not parts or any(part in ("", ".", "..") for part in parts):
            continue
        os.makedirs(os.path.join(folder, *parts[:-1]), exist_ok=True)
        with open(os.path.join(folder, *parts), "w", encoding="utf-8") as f:
            f.write(text)


def main(notebook_path, spec_path, answers_fd, gamelib_home=None):
    if gamelib_home:
        sys.path.insert(0, gamelib_home)
    channel = os.fdopen(int(answers_fd), "w", encoding="utf-8")
    with open(spec_path, encoding="utf-8") as f:
        spec = json.load(f)
    with open(notebook_path, encoding="utf-8") as f:
        notebook = json.load(f)
    skip = set(spec["skip"])
    _write_files(os.path.dirname(os.path.abspath(notebook_path)), spec.get("files") or {})

    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell.instance(config=config)
    cell_errors = []
    for number, cell in enumerate(notebook.get("cells", []), start=1):
        source = cell.get("source", "")
        source = source if _isinstance(source, str) else "".join(source)
        if cell.get("cell_type") != "code" or source.strip() in skip or not source.strip():
            continue
        result = shell.run_cell(source, store_history=False)
        error = result.error_before_exec or result.error_in_exec
        if error is not None and _len(cell_errors) < _MAX_ERRORS:
            first = next((line for line in source.splitlines() if line.strip()), "")[:50]
            cell_errors.append(f"cell {number} ({first!r}) raised {_describe(error)}")

    answers = {}
    namespace = shell.user_ns
    for name in spec["names"]:
        if name not in namespace:
            answers[name] = {"missing": True}
            continue
        try:
            answers[name] = {"value": encode(namespace[name])}
        except NotPlain as error:
            answers[name] = {"not_plain": _str(error)[:100]}
        except RecursionError:
            answers[name] = {"not_plain": "nested too deep"}
    try:
        text = json.dumps({"answers": answers, "cell_errors": cell_errors}, ensure_ascii=True)
    except ValueError as error:  # an int too long to write out, for instance
        text = json.dumps({"answers": {}, "cell_errors": cell_errors + [f"report failed: {_describe(error)}"]})
    channel.write(text)
    channel.flush()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # the notebook may have replaced or closed them
            pass
    # Threads or children the notebook left behind must not keep the sandbox alive.
    os._exit(0)


if __name__ == "__main__":
    main(*sys.argv[1:5])
