"""Reading what a student types into a panel, without ``eval``, and stating the limits of what is accepted.

A :class:`Limit` says what one setting of a panel accepts (a heap from 1 to 100; a set of at most 8 numbers,
each from 1 to 20) and is the one place such a range is put into words (:meth:`Limit.text`), so every panel
states its limits the same way. Its :meth:`Limit.read` reads typed text and :meth:`Limit.check` a number
given from Python; a value out of range is refused with the range, never changed into one inside it.

The text readers accept whole numbers separated by commas and/or spaces, optionally inside one pair of
brackets: ``1, 3, 4``, ``{2,5,7}``, ``1 3 4``, ``[1, 2]``, ``(3, 4, 5)``. Anything else is refused with a
``ValueError`` (or a ``TypeError`` when the value is not text at all) whose message quotes the text, says
what is wrong with it and what is expected.

This module sits just above the argument checks: it imports only ``gamelib.arguments`` and ``gamelib.limits``,
so the game model can read its positions with it.
"""

from __future__ import annotations

import _thread
import ast
from dataclasses import dataclass

from gamelib.arguments import LimitError, check_int, show
from gamelib.limits import MAX_TEXT_LENGTH

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from typing import Any

# CPython 3.11 keeps one nesting counter per interpreter while it turns a parse into ast objects. A thread switch
# in the middle (garbage collection can run Python code there) lets a parse in another thread upset it, and either
# parse fails with "SystemError: AST constructor recursion depth mismatch" (python/cpython#106905). The grader marks
# two notebooks at a time in threads, so every ast parse of the kit takes this lock (a builtin one: importing
# threading would cost every kernel's start).
_AST_LOCK = _thread.allocate_lock()


def python_tree(text: str) -> ast.Module:
    """``ast.parse(text)``, one thread at a time (see ``_AST_LOCK``): the tree of Python code, never run.

    >>> type(python_tree("answer = 3").body[0]).__name__
    'Assign'
    """
    with _AST_LOCK:
        return ast.parse(text)


def python_literal(text: str) -> Any:
    """``ast.literal_eval(text)``, one thread at a time: a literal (a number, text, a list, set or tuple of them)
    read without running anything; anything else raises ValueError or SyntaxError as ``literal_eval`` does.

    >>> python_literal("[1, (2, 3)]"), python_literal("'P'")
    ([1, (2, 3)], 'P')
    """
    with _AST_LOCK:
        return ast.literal_eval(text)


_BRACKETS = {"{": "}", "[": "]", "(": ")"}
# Patterns (ASCII digits only), compiled by re on first use and kept in its cache: compiling them at import
# cost every fresh process a third of a millisecond, also where no text is ever read (computing values).
_WHOLE_NUMBER = r"(?a)\+?[0-9]+"
_NEGATIVE = r"(?a)-\s*[0-9]+"
_DECIMAL = r"(?a)[+-]?([0-9]+[.][0-9]*|[.][0-9]+|[0-9]+([.][0-9]*)?[eE][+-]?[0-9]+)"


@dataclass(frozen=True)
class Limit:
    """What one setting accepts: one whole number from ``low`` to ``high``, or (with ``most``) up to ``most``
    of them, kept in the order typed, or (``as_set``) sorted without repeats. ``unit`` and ``each`` put a limit
    of ``most`` things, each made of numbers, into words (a game that reads rows of checkers itself: "rows: at most
    6 rows, each with two checkers in columns from 1 to 10").

    >>> heap = Limit("heap", 1, 100)
    >>> heap.text(), heap.read(" 15 "), heap.check(7)
    ('heap from 1 to 100', 15, 7)
    >>> heap.check(1000)
    Traceback (most recent call last):
    ...
    gamelib.arguments.LimitError: heap = 1000 is out of range: heap from 1 to 100
    >>> S = Limit("S", 1, 20, most=8, as_set=True)
    >>> S.text(), S.read("{7, 2, 5, 2}")
    ('S: at most 8 numbers, each from 1 to 20', (2, 5, 7))
    """

    name: str
    low: int
    high: int
    most: int | None = None
    as_set: bool = False
    unit: str = "numbers"
    each: str = "each"

    def text(self) -> str:
        """The limit in words, the same form in every panel."""
        if self.most is None:
            return f"{self.name} from {self.low} to {self.high}"
        return f"{self.name}: at most {self.most} {self.unit}, {self.each} from {self.low} to {self.high}"

    def expected(self) -> str:
        """What a reader says is expected, after saying what is wrong."""
        if self.most is None:
            return f"expected a whole number from {self.low} to {self.high}"
        usual = (3, 4, 5) if self.low == 0 else (1, 3, 4)
        chosen = usual if self.low <= usual[0] and usual[-1] <= self.high else range(self.low, min(self.high,
                                                                                                self.low + 2) + 1)
        example = ", ".join(map(str, chosen))
        return (f"expected at most {self.most} whole numbers from {self.low} to {self.high}, separated by commas "
                f"or spaces, such as '{example}'")

    def check(self, value: object) -> int:
        """``value`` (a number given from Python, not text) if it is a whole number in range; else TypeError or
        ValueError naming it and the range."""
        number = check_int(value, self.name, minimum=None)
        if not self.low <= number <= self.high:
            error = LimitError if number > self.high else ValueError
            raise error(f"{self.name} = {show(number)} is out of range: {self.text()}")
        return number

    def check_numbers(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """Numbers already read (whole numbers, from Python) if there are few enough and each is in range.

        >>> Limit("heaps", 0, 12, most=5).check_numbers((3, 40))
        Traceback (most recent call last):
        ...
        gamelib.arguments.LimitError: heaps (3, 40) are out of range: heaps: at most 5 numbers, each from 0 to 12
        """
        too_many = len(values) > (self.most or 1) or any(v > self.high for v in values)
        if too_many or any(v < self.low for v in values):
            raise (LimitError if too_many else ValueError)(f"{self.name} {show(values)} are out of range: "
                                                           f"{self.text()}")
        return values

    def read(self, text: object) -> int | tuple[int, ...]:
        """What ``text`` says: one number (:meth:`read_number`) or a tuple of them (:meth:`read_numbers`)."""
        return self.read_number(text) if self.most is None else self.read_numbers(text)

    def check_given(self, value: object) -> int | tuple[int, ...]:
        """A value given from Python in the form :meth:`read` gives: one number (:meth:`check`), or numbers
        (:meth:`check_numbers`, each a whole number).

        >>> Limit("heap", 1, 100).check_given(7), Limit("heaps", 0, 12, most=5).check_given((3, 4))
        (7, (3, 4))
        """
        if self.most is None:
            return self.check(value)
        if not isinstance(value, (tuple, list)):
            raise TypeError(f"{self.name} must be given as a tuple of whole numbers, got {show(value)}")
        return self.check_numbers(tuple(check_int(v, f"each of the {self.name}", minimum=None) for v in value))

    def write(self, value: int | tuple[int, ...]) -> str:
        """``value`` as a student types it, the text :meth:`read` reads back.

        >>> Limit("heap", 1, 100).write(7), Limit("heaps", 0, 12, most=5).write((3, 4, 5))
        ('7', '3, 4, 5')
        """
        return str(value) if self.most is None else ", ".join(map(str, value))  # type: ignore[arg-type]

    def read_number(self, text: object) -> int:
        """The one whole number typed in ``text``; ValueError saying what is wrong otherwise."""
        expected = self.expected()
        entries = _entries(text, self.name, expected)
        if len(entries) != 1:
            raise ValueError(f"{show(text)} is {len(entries)} numbers, but {self.name} is one number; {expected}")
        return _whole_number(entries[0], text, expected, self.low, self.high)

    def read_numbers(self, text: object) -> tuple[int, ...]:
        """The whole numbers typed in ``text`` (sorted without repeats if ``as_set``); ValueError otherwise."""
        expected = self.expected()
        entries = _entries(text, self.name, expected)
        if len(entries) > (self.most or 1):
            raise LimitError(f"{show(text)} has {len(entries)} numbers, more than the {self.most} allowed; "
                             f"{expected}")
        values = [_whole_number(entry, text, expected, self.low, self.high) for entry in entries]
        return tuple(sorted(set(values))) if self.as_set else tuple(values)


def _entries(text: object, noun: str, expected: str) -> list[str]:
    """Split ``text`` into its entries (still strings), refusing non-text, empty text and empty entries."""
    if not isinstance(text, str):
        raise TypeError(f"the {noun} must be given as text, got {show(text)} of type {type(text).__name__}; "
                        f"{expected}")
    if len(text) > MAX_TEXT_LENGTH:
        raise LimitError(f"the text {show(text)} is {len(text):,} characters long, but at most "
                         f"{MAX_TEXT_LENGTH:,} are read; {expected}")
    inner = text.strip()
    if inner and inner[0] in _BRACKETS:
        closing = _BRACKETS[inner[0]]
        if not inner.endswith(closing):
            raise ValueError(f"{show(text)} opens with {inner[0]!r} but does not end with {closing!r}; {expected}")
        inner = inner[1:-1].strip()
    if not inner:
        raise ValueError(f"{show(text)} contains no numbers; {expected}")
    pieces = [piece.strip() for piece in inner.split(",")]
    if any(not piece for piece in pieces):
        raise ValueError(f"{show(text)} has an empty entry (two commas in a row, or a comma at an end); {expected}")
    return [entry for piece in pieces for entry in piece.split()]


def _whole_number(entry: str, text: object, expected: str, smallest: int, largest: int) -> int:
    """One entry as an int from ``smallest`` to ``largest``, or a ValueError that says why not."""
    import re  # here, when text is read: a script that reads none does not load it (6 ms of a fresh start)

    if not re.fullmatch(_WHOLE_NUMBER, entry):
        if re.fullmatch(_NEGATIVE, entry):
            problem = f"{entry} is negative"
        elif re.fullmatch(_DECIMAL, entry):
            written = _without_point(entry)
            problem = f"{entry} is written with a decimal point; write it {written}" if written else \
                f"{entry} is not a whole number"
        else:
            problem = f"{entry!r} is not a number"
        raise ValueError(f"in {show(text)}, {problem}; {expected}")
    digits = entry.lstrip("+").lstrip("0") or "0"
    if len(digits) > len(str(largest)) or int(digits) > largest:
        shown = digits if len(digits) <= 12 else digits[:6] + "..." + digits[-3:]
        raise LimitError(f"in {show(text)}, {shown} is more than {largest}, the largest number allowed; {expected}")
    value = int(digits)
    if value < smallest:
        raise ValueError(f"in {show(text)}, {value} is less than {smallest}, the smallest number allowed; {expected}")
    return value


def _without_point(entry: str) -> str:
    """How a whole number typed with a decimal point (``'2.0'``, ``'3.'``) is written without one (``'as 2'``), or
    "" when the number is not whole (or too long to be a number typed by hand)."""
    whole, point, rest = entry.lstrip("+").partition(".")
    if not point or "e" in entry.lower() or rest.strip("0") or not whole.isdigit() or len(whole) > 30:
        return ""
    return f"as {int(whole)}"


def _limit_of(value: object, name: str) -> int:
    return check_int(value, name, minimum=1)


def parse_set(text: str, max_element: int = 1000, max_size: int = 20) -> tuple[int, ...]:
    """Read a subtraction set typed as text; return its elements sorted, without repeats.

    Parameters
    ----------
    text : whole numbers from 1 to ``max_element``, separated by commas and/or spaces, optionally inside
        ``{}``, ``[]`` or ``()``.
    max_element : the largest number allowed.
    max_size : the most numbers the text may contain (counted as typed, repeats included).

    Returns
    -------
    tuple of int, sorted, each number once.

    Raises
    ------
    TypeError if ``text`` is not a string; ValueError (``LimitError`` for a limit) naming the text and what
    is expected otherwise. Nothing is ever evaluated as Python.

    Examples
    --------
    >>> parse_set("{2, 5, 7}")
    (2, 5, 7)
    >>> parse_set("4 1 3 1")
    (1, 3, 4)
    >>> parse_set("1, x")
    Traceback (most recent call last):
    ...
    ValueError: in '1, x', 'x' is not a number; expected at most 20 whole numbers from 1 to 1000, separated by \
commas or spaces, such as '1, 3, 4'
    """
    limit = Limit("S", 1, _limit_of(max_element, "max_element"), most=_limit_of(max_size, "max_size"), as_set=True)
    return limit.read_numbers(text)


def parse_heaps(text: str, max_heap: int = 1000, max_heaps: int = 10) -> tuple[int, ...]:
    """Read Nim heap sizes typed as text; return them in the order typed (empty heaps allowed).

    Parameters
    ----------
    text : whole numbers from 0 to ``max_heap``, separated by commas and/or spaces, optionally inside
        ``()``, ``[]`` or ``{}``.
    max_heap : the largest heap allowed.
    max_heaps : the most heaps allowed.

    Returns
    -------
    tuple of int, one entry per heap, in the order typed.

    Examples
    --------
    >>> parse_heaps("3, 4, 5")
    (3, 4, 5)
    >>> parse_heaps("(7 0 2)")
    (7, 0, 2)
    >>> parse_heaps("3, 2.0")
    Traceback (most recent call last):
    ...
    ValueError: in '3, 2.0', 2.0 is written with a decimal point; write it as 2; expected at most 10 whole numbers \
from 0 to 1000, separated by commas or spaces, such as '3, 4, 5'
    >>> parse_heaps("3, -1")
    Traceback (most recent call last):
    ...
    ValueError: in '3, -1', -1 is negative; expected at most 10 whole numbers from 0 to 1000, separated by \
commas or spaces, such as '3, 4, 5'
    """
    limit = Limit("heaps", 0, _limit_of(max_heap, "max_heap"), most=_limit_of(max_heaps, "max_heaps"))
    return limit.read_numbers(text)


__all__ = ["Limit", "parse_heaps", "parse_set"]
