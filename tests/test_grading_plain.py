"""The answer report: what the sandbox writes (run_notebook.encode) and what the grader accepts (grading.plain).

Round trips for every plain value (hypothesis), and hostile reports — too long, too deep, the wrong shape,
scores the grader must not read, unhashable set elements — each refused with a message saying what is wrong.
"""

import doctest
import json
import math

import pytest
from gamelib_grader.intake import layout, notebook
from gamelib_grader.marking import checks, records
from gamelib_grader.sandbox import plain
from gamelib_grader.sandbox import run_notebook as runner
from hypothesis import given
from hypothesis import strategies as st

scalars = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20)
hashables = st.recursive(scalars, lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=4),
                         max_leaves=10)
values = st.recursive(
    scalars,
    lambda inner: (st.lists(inner, max_size=5) | st.tuples(inner, inner) | st.sets(hashables, max_size=5)
                   | st.frozensets(hashables, max_size=5) | st.dictionaries(hashables, inner, max_size=4)),
    max_leaves=30)


def _same(a, b):
    """Equal, and of exactly the same types all the way down."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict):
        return a == b and all(_same(k, next(k2 for k2 in b if k2 == k)) and _same(a[k], b[k]) for k in a)
    return a == b


@given(values)
def test_plain_values_come_back_as_they_went_in(value):
    text = json.dumps({"answers": {"x": {"value": runner.encode(value)}}, "cell_errors": []})
    assert _same(plain.read_report(text.encode()).values["x"], value)


def test_floats_that_are_not_numbers_survive():
    text = json.dumps({"answers": {"x": {"value": runner.encode([math.inf, math.nan])}}})
    inf, nan = plain.read_report(text.encode()).values["x"]
    assert inf == math.inf and math.isnan(nan)


class Liar(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


@pytest.mark.parametrize("value, kind", [
    (Liar(3), "Liar"), ([1, Liar(2)], "Liar"), (..., "builtins.ellipsis"), ({1: object()}, "builtins.object"),
    (type("MyList", (list,), {})(), "MyList"), (range(3), "builtins.range"),
])
def test_anything_not_plain_is_named_not_encoded(value, kind):
    with pytest.raises(runner.NotPlain, match=kind):
        runner.encode(value)


def test_numpy_numbers_and_arrays_are_reported_as_the_python_values_they_hold():
    """A numpy scalar or array used to zero a whole question ("not a plain value"); they are now reported as
    ints, floats, bools, text and lists, so that they score like the lists and numbers they hold."""
    np = pytest.importorskip("numpy")
    for value, expected in [(np.int64(3), 3), (np.uint8(7), 7), (np.float32(0.5), 0.5), (np.bool_(True), True),
                            (np.str_("P"), "P"), (np.arange(4), [0, 1, 2, 3]), (np.array([[1, 2], [3, 4]]),
                                                                              [[1, 2], [3, 4]]),
                            ([np.int64(1), (np.int16(2),)], [1, {"tuple": [2]}]), (np.array(5), 5)]:
        encoded = runner.encode(value)
        assert encoded == expected and _same(plain.decode_value(encoded), plain.decode_value(expected)), value
        assert all(type(x) in (int, float, bool, str) for x in _leaves(encoded))


def _leaves(data):
    if isinstance(data, list):
        for item in data:
            yield from _leaves(item)
    elif isinstance(data, dict):
        for items in data.values():
            yield from _leaves(items)
    else:
        yield data


def test_numpy_values_that_hold_no_plain_value_are_still_refused():
    np = pytest.importorskip("numpy")
    subclass = type("Liar", (np.ndarray,), {"__eq__": lambda self, other: True})
    for value, kind in [(np.arange(3).view(subclass), "Liar"), (np.complex128(1j), "complex"),
                        (np.array([object()], dtype=object), "builtins.object"),
                        (np.zeros(runner._MAX_ITEMS + 1), "too large")]:
        with pytest.raises(runner.NotPlain, match=kind):
            runner.encode(value)


def test_a_value_containing_itself_is_not_plain():
    loop = []
    loop.append(loop)
    with pytest.raises(runner.NotPlain, match="too deep"):
        runner.encode(loop)


@pytest.mark.parametrize("raw, words", [
    (b"x" * (plain.MAX_REPORT_BYTES + 1), "longer than"),
    (b"not json", "not JSON"),
    (b"[" * 600_000 + b"]" * 600_000, "longer than"),
    (b"[" * 50_000 + b"]" * 50_000, "not JSON"),
    (b'{"answers": {}, "score": 11, "status": "graded"}', "unexpected keys: ['score', 'status']"),
    (b'{"answers": []}', "not an object"),
    (b'{"answers": {"x": {"value": 1, "missing": true}}}', "single-key"),
    (b'{"answers": {"x": {"score": 1}}}', "unknown key 'score'"),
    (b'{"answers": {"x": {"value": {"set": [[1]]}}}}', "not hashable"),
    (b'{"answers": {"x": {"value": {"dict": [[1]]}}}}', "not a [key, value] pair"),
    (b'{"answers": {"x": {"value": {"object": "os.system"}}}}', "not a plain value"),
    (b'{"answers": {"x": {"value": ' + b"[" * 30 + b"]" * 30 + b"}}}", "nested more than 20"),
    (b'{"answers": {"x": {"value": 1' + b"0" * 5000 + b"}}}", "not JSON"),
    (b'{"answers": {"x": {"value": NaNx}}}', "not JSON"),
    (b'{"answers": {}, "cell_errors": [1]}', "expected text"),
])
def test_hostile_reports_are_refused_with_the_reason(raw, words):
    with pytest.raises(plain.BadReport, match=words.replace("[", r"\[").replace("]", r"\]")):
        plain.read_report(raw)


def test_the_report_budget_counts_every_value():
    many = json.dumps({"answers": {f"x{i}": {"value": list(range(1000))} for i in range(201)}})
    with pytest.raises(plain.BadReport, match="more than 200000 values"):
        plain.read_report(many.encode())


def test_cell_errors_are_cut_to_length_and_number():
    report = plain.read_report(json.dumps({"answers": {}, "cell_errors": ["e" * 1000] * 80}).encode())
    assert len(report.cell_errors) == 50 and {len(e) for e in report.cell_errors} == {300}


@pytest.mark.parametrize("module", [plain, checks, layout, records])
def test_the_grading_docstring_examples_hold(module):
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_spreadsheet_cells_are_never_formulas():
    assert records._cell('=HYPERLINK("http://x", "click")') == "'=HYPERLINK(\"http://x\", \"click\")"
    assert records._cell("-2+3") == "'-2+3" and records._cell("line\nbreak") == "line break"
    assert records._cell("s1234567") == "s1234567"


@pytest.mark.parametrize("raw, words", [
    (b"{" * 10, "the JSON does not parse"),
    (b'{"cells": {}}', "has no list of cells"),
    (json.dumps({"cells": [{"cell_type": "code", "source": ""}] * 2001}).encode(), "2001 cells, more than the 2000"),
    (b" " * (notebook.MAX_NOTEBOOK_BYTES + 1), "larger than 20 MB"),
])
def test_files_that_are_not_gradable_notebooks_say_why(raw, words):
    with pytest.raises(notebook.NotGradable, match=words):
        notebook.read_notebook(raw)
