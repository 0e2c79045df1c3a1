"""The forms answers take, and how an answer is read: a plain value becomes its canonical form, or None when
it does not have the form asked for.

Only built-in types count (``type(x) is int``, never a subclass: an object a student built may say yes to
every comparison); numpy numbers and arrays are read as the Python numbers and lists they hold, as the
grader's sandbox reports them. Canonical forms are hashable, so that the right answers of a question can be
a set of them, and an answer is right when its canonical form is in that set.

>>> WholeList(3).canonical([0, 1, 0]), WholeList(3).canonical([0, 1]), WholeSet().canonical([3, 0, 3])
((0, 1, 0), None, frozenset({0, 3}))
>>> Outcome().canonical(" p "), Position(2).canonical([4, 0])
('P', (4, 0))
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from gamelib.limits import MAX_WHOLE_BITS

#: The most elements an answer may hold: far more than any question asks for.
MAX_ELEMENTS = 10_000


def plain(value: Any, depth: int = 0) -> object:
    """``value`` with numpy numbers and arrays (exactly numpy's own types) turned into Python numbers and
    lists, also inside lists, tuples and sets (``list(array)`` holds numpy numbers); anything else as it is.
    Mirrors what the grader's sandbox reports for such values (gamelib_grader/sandbox/run_notebook.py), so that the
    check takes what the grader takes.

    >>> import numpy as np
    >>> plain([np.int64(1), (np.int32(2),)]), type(plain([np.int64(1)])[0])
    ([1, (2,)], <class 'int'>)
    """
    kind = type(value)
    if kind in (list, tuple, set, frozenset) and depth < 3 and len(value) <= MAX_ELEMENTS:
        items = [plain(v, depth + 1) for v in value]
        return items if kind is list else kind(items)
    if kind.__module__ != "numpy":
        return value
    import numpy as np

    if kind is np.ndarray and value.size <= MAX_ELEMENTS:
        return value.tolist()
    if isinstance(value, np.generic) and not isinstance(value, np.ndarray):
        return value.item()
    return value


def _whole(value: object) -> bool:
    """A whole number Python can still write out (``10**5000`` cannot: no answer is near that large, and a
    message quoting it would raise Python's own error instead)."""
    return type(value) is int and value.bit_length() <= MAX_WHOLE_BITS


def _size(value: object) -> bool:
    """A whole number that is a count (a heap size, a Grundy value): at least 0. Every list and position an
    answer holds is made of these, and the checks read them as such (a mex, a game position), so -1 must be
    refused as a form, never reach them."""
    return type(value) is int and value >= 0 and _whole(value)


def short(value: Any, limit: int = 80) -> str:
    """A value's repr on one line, cut to ``limit`` characters (sets sorted, for a stable text).

    >>> short({3, 1, 2}), short(list(range(40)), 20)
    ('{1, 2, 3}', '[0, 1, 2, 3, 4, 5, …')
    """
    try:
        if type(value) in (set, frozenset):
            try:
                text = "{" + ", ".join(repr(v) for v in sorted(value)) + "}" if value else "set()"
            except TypeError:
                text = repr(value)
        else:
            text = repr(value)
    except ValueError:  # a number too long to write out, somewhere inside
        text = f"({describe(value)})"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def describe(value: Any) -> str:
    """A few words on what a value is, for a message: ``a list of 15 items``, ``the text 'p'``, ``...``.

    >>> describe([1, 2]), describe("P?"), describe(3.0), describe(...)
    ('a list of 2 items', "the text 'P?'", 'the number 3.0 (not a whole number)', '`...` (no answer yet)')
    """
    kind = type(value)
    if value is Ellipsis:
        return "`...` (no answer yet)"
    if kind in (list, tuple, set, frozenset, dict):
        said = f"a {kind.__name__} of {len(value)} item{'s' if len(value) != 1 else ''}"
        if kind in (list, tuple):
            odd = next(((i, v) for i, v in enumerate(value) if not _size(v)), None)
            if odd is not None:
                inner = type(odd[1])
                said += f": item {odd[0]} is " + (f"a {inner.__name__}" if inner in (list, tuple, set, frozenset, dict)
                                                   else describe(odd[1]))
        return said
    if kind is str:
        return f"the text {value[:20]!r}" + ("..." if len(value) > 20 else "")
    if kind is float:
        return f"the number {value!r} (not a whole number)"
    if kind is bool or value is None:
        return repr(value)
    if kind is int:
        return f"the number {value}" if _whole(value) else (f"a whole number of {value.bit_length():,} binary "
                                                             "digits, too long to write out")
    return f"a {kind.__module__}.{kind.__qualname__}" if kind.__module__ != "builtins" else f"a {kind.__name__}"


@dataclass(frozen=True)
class Form:
    """What an answer must look like; :meth:`canonical` reads it."""

    what: str = field(default="an answer", kw_only=True)

    def canonical(self, value: Any) -> Hashable | None:  # pragma: no cover - each form gives its own
        raise NotImplementedError


@dataclass(frozen=True)
class Whole(Form):
    """A whole number, at least ``minimum``."""

    what: str = field(default="a whole number", kw_only=True)
    minimum: int = 0

    def canonical(self, value: Any) -> int | None:
        value = plain(value)
        return value if _whole(value) and value >= self.minimum else None


@dataclass(frozen=True)
class WholeList(Form):
    """A list (or tuple) of whole numbers, each at least 0, of ``length`` items if given; ``any_order`` compares
    it sorted."""

    length: int | None = None
    any_order: bool = False
    what: str = field(default="a list of whole numbers", kw_only=True)

    def canonical(self, value: Any) -> tuple | None:
        value = plain(value)
        if type(value) not in (list, tuple) or len(value) > MAX_ELEMENTS or not all(_size(v) for v in value):
            return None
        if self.length is not None and len(value) != self.length:
            return None
        return tuple(sorted(value)) if self.any_order else tuple(value)


@dataclass(frozen=True)
class WholeSet(Form):
    """A set (or list or tuple) of whole numbers, compared as a set."""

    what: str = field(default="a set of whole numbers, such as {0, 3}", kw_only=True)

    def canonical(self, value: Any) -> frozenset | None:
        value = plain(value)
        if type(value) not in (set, frozenset, list, tuple) or len(value) > MAX_ELEMENTS:
            return None
        return frozenset(value) if all(_size(v) for v in value) else None


@dataclass(frozen=True)
class Outcome(Form):
    """The text "P" or "N" (spaces and case do not matter)."""

    what: str = field(default='the text "P" or "N"', kw_only=True)

    def canonical(self, value: Any) -> str | None:
        if type(value) is not str:
            return None
        text = value.strip().upper()
        return text if text in ("P", "N") else None


@dataclass(frozen=True)
class Position(Form):
    """A position of ``length`` heaps (any number when None): a tuple (or list) of whole numbers, each at least
    0."""

    length: int | None = None
    what: str = field(default="a tuple of heap sizes", kw_only=True)

    def canonical(self, value: Any) -> tuple | None:
        value = plain(value)
        if type(value) not in (tuple, list) or len(value) > MAX_ELEMENTS or not all(_size(v) for v in value):
            return None
        if self.length is not None and len(value) != self.length:
            return None
        return tuple(value)
