"""Read the answer report a sandbox wrote, trusting nothing in it.

The report comes from a process that ran student code (see run_notebook.py for its format), so it may be
anything: too long, nested too deep, not JSON, JSON of the wrong shape, or values that are not plain. This
module turns it into a :class:`Report` of plain built-in values (None, bool, int, float, str, and lists,
tuples, sets, frozensets and dicts of them) or raises :class:`BadReport` saying what was wrong. Nothing else
the sandbox says (a score, a status) has any meaning here: only answer values and error lines are read.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field

#: Largest report read, in bytes; the rest is refused, not parsed.
MAX_REPORT_BYTES = 1 << 20
#: Deepest nesting of one answer (lists in lists ...).
MAX_DEPTH = 20
#: Most values in one report, counting every element of every container.
MAX_ITEMS = 200_000
#: Longest text of one reported cell error, and how many are kept.
MAX_ERROR_CHARS, MAX_ERRORS = 300, 50
_TAGS = ("tuple", "set", "frozenset", "dict")


class BadReport(ValueError):
    """The sandbox's report cannot be read as plain answer data."""


@dataclass
class Report:
    """Plain answer values by variable name, the names not defined, those not plain, and the cell errors."""

    values: dict[str, object] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    not_plain: dict[str, str] = field(default_factory=dict)
    cell_errors: list[str] = field(default_factory=list)


def _reject_constant(name: str):
    if name in ("NaN", "Infinity", "-Infinity"):
        return {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}[name]
    raise BadReport(f"unknown JSON constant {name!r}")


def decode_value(data: object, depth: int = 0, budget: list[int] | None = None) -> object:
    """The plain value that ``data`` (parsed JSON, tagged as run_notebook.py writes it) stands for.

    >>> decode_value({"tuple": [1, {"set": [2, 3]}]})
    (1, {2, 3})
    >>> decode_value({"dict": [[{"tuple": [0, 1]}, "x"]]})
    {(0, 1): 'x'}
    >>> decode_value({"set": [[1]]})
    Traceback (most recent call last):
    ...
    gamelib_grader.sandbox.plain.BadReport: a set element or dict key is not hashable: [[1]]
    """
    budget = budget if budget is not None else [MAX_ITEMS]
    budget[0] -= 1
    if depth > MAX_DEPTH:
        raise BadReport(f"an answer is nested more than {MAX_DEPTH} deep")
    if budget[0] < 0:
        raise BadReport(f"the answers hold more than {MAX_ITEMS} values")
    kind = type(data)
    if data is None or kind in (bool, int, float, str):
        return data
    if isinstance(data, list) and kind is list:
        return [decode_value(item, depth + 1, budget) for item in data]
    if isinstance(data, dict) and kind is dict and len(data) == 1:
        tag, items = next(iter(data.items()))
        if tag in _TAGS and type(items) is list:
            if tag == "tuple":
                return tuple(decode_value(item, depth + 1, budget) for item in items)
            try:
                if tag == "dict":
                    pairs = []
                    for pair in items:
                        if type(pair) is not list or len(pair) != 2:
                            raise BadReport(f"a dict entry is not a [key, value] pair: {pair!r:.60}")
                        key, value = (decode_value(part, depth + 1, budget) for part in pair)
                        pairs.append((key, value))
                    return dict(pairs)
                elements = [decode_value(item, depth + 1, budget) for item in items]
                return set(elements) if tag == "set" else frozenset(elements)
            except TypeError:
                raise BadReport(f"a set element or dict key is not hashable: {items!r:.60}") from None
    raise BadReport(f"not a plain value: {data!r:.60}")


def _text(value: object, limit: int) -> str:
    """Reported text, cut to ``limit``, with anything that is not printable Unicode (lone surrogates, control
    characters) replaced by "?" so that it can be written to any file."""
    if type(value) is not str:
        raise BadReport(f"expected text, got {value!r:.60}")
    return "".join(c if c.isprintable() and not 0xD800 <= ord(c) <= 0xDFFF else "?" for c in value[:limit])


def read_report(raw: bytes) -> Report:
    """Parse and check a whole report (bytes as read from the sandbox).

    >>> read_report(b'{"answers": {"a": {"value": [1, 2]}, "b": {"missing": true}}, "cell_errors": []}').values
    {'a': [1, 2]}
    >>> read_report(b'{"answers": {}, "score": 11}')
    Traceback (most recent call last):
    ...
    gamelib_grader.sandbox.plain.BadReport: the report has unexpected keys: ['score']
    """
    if len(raw) > MAX_REPORT_BYTES:
        raise BadReport(f"the report is longer than {MAX_REPORT_BYTES} bytes")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise BadReport(f"the report is not JSON: {type(error).__name__}: {str(error)[:100]}") from None
    if type(data) is not dict:
        raise BadReport("the report is not a JSON object")
    extra = sorted(set(data) - {"answers", "cell_errors"})
    if extra:
        raise BadReport(f"the report has unexpected keys: {extra[:5]}")
    answers, errors = data.get("answers"), data.get("cell_errors", [])
    if type(answers) is not dict or type(errors) is not list:
        raise BadReport("the report's answers are not an object or its cell errors not a list")
    report = Report(cell_errors=[_text(e, MAX_ERROR_CHARS) for e in errors[:MAX_ERRORS]])
    budget = [MAX_ITEMS]
    for name, entry in answers.items():
        if type(entry) is not dict or len(entry) != 1:
            raise BadReport(f"the entry for {name!r:.40} is not a single-key object")
        (key, value), = entry.items()
        if key == "value":
            report.values[name] = decode_value(value, 0, budget)
        elif key == "missing" and value is True:
            report.missing.add(name)
        elif key == "not_plain":
            report.not_plain[name] = re.sub(r"[^\w.]", "?", _text(value, 100))
        else:
            raise BadReport(f"the entry for {name!r:.40} has an unknown key {key!r:.40}")
    return report
