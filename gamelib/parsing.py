"""Reading sets and heaps that a student types into a text box, without ``eval``.

Both readers accept whole numbers separated by commas and/or spaces, optionally inside one pair of
brackets: ``1, 3, 4``, ``{2,5,7}``, ``1 3 4``, ``[1, 2]``, ``(3, 4, 5)``. Anything else is refused with a
``ValueError`` (or a ``TypeError`` when the value is not text at all) whose message quotes the text, says
what is wrong with it and what is expected, including the size limits.

Values passed to the panels' and the play session's methods from Python (not typed) are read by
:func:`whole_number`, which refuses floats, bools, text and complex numbers.

This module sits just above the model: it imports only ``gamelib.checks`` and ``gamelib.limits``.
"""

from __future__ import annotations

import numbers
import re

from gamelib.checks import LimitError
from gamelib.limits import MAX_TEXT_LENGTH

_BRACKETS = {"{": "}", "[": "]", "(": ")"}
_WHOLE_NUMBER = re.compile(r"\+?[0-9]+", re.ASCII)
_NEGATIVE = re.compile(r"-\s*[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?([0-9]+[.][0-9]*|[.][0-9]+|[0-9]+([.][0-9]*)?[eE][+-]?[0-9]+)", re.ASCII)


def _quote(text: str) -> str:
    shown = repr(text)
    return shown if len(shown) <= 60 else shown[:56] + "...'"


def _check_limit(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number of at least 1, got {value!r} of type {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be a whole number of at least 1, got {value}")
    return int(value)


def _entries(text: object, noun: str, expected: str) -> list[str]:
    """Split ``text`` into its entries (still strings), refusing non-text, empty text and empty entries."""
    if not isinstance(text, str):
        raise TypeError(f"the {noun} must be given as text, got {text!r} of type {type(text).__name__}; {expected}")
    if len(text) > MAX_TEXT_LENGTH:
        raise LimitError(f"the text {_quote(text)} is {len(text):,} characters long, but at most "
                         f"{MAX_TEXT_LENGTH:,} are read; {expected}")
    inner = text.strip()
    if inner and inner[0] in _BRACKETS:
        closing = _BRACKETS[inner[0]]
        if not inner.endswith(closing):
            raise ValueError(f"{_quote(text)} opens with {inner[0]!r} but does not end with {closing!r}; {expected}")
        inner = inner[1:-1].strip()
    if not inner:
        raise ValueError(f"{_quote(text)} contains no numbers; {expected}")
    pieces = [piece.strip() for piece in inner.split(",")]
    if any(not piece for piece in pieces):
        raise ValueError(f"{_quote(text)} has an empty entry (two commas in a row, or a comma at an end); {expected}")
    return [entry for piece in pieces for entry in piece.split()]


def _whole_number(entry: str, text: str, expected: str, smallest: int, largest: int) -> int:
    """One entry as an int from ``smallest`` to ``largest``, or a ValueError that says why not."""
    if not _WHOLE_NUMBER.fullmatch(entry):
        if _NEGATIVE.fullmatch(entry):
            problem = f"{entry} is negative"
        elif _DECIMAL.fullmatch(entry):
            problem = f"{entry} is not a whole number"
        else:
            problem = f"{entry!r} is not a number"
        raise ValueError(f"in {_quote(text)}, {problem}; {expected}")
    digits = entry.lstrip("+").lstrip("0") or "0"
    if len(digits) > len(str(largest)) or int(digits) > largest:
        shown = digits if len(digits) <= 12 else digits[:6] + "..." + digits[-3:]
        raise LimitError(f"in {_quote(text)}, {shown} is more than {largest}, the largest number allowed; {expected}")
    value = int(digits)
    if value < smallest:
        raise ValueError(f"in {_quote(text)}, {value} is less than {smallest}, the smallest number allowed; {expected}")
    return value


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
commas or spaces, such as '1, 3, 4' or '{2, 5, 7}'
    """
    max_element = _check_limit(max_element, "max_element")
    max_size = _check_limit(max_size, "max_size")
    expected = (f"expected at most {max_size} whole numbers from 1 to {max_element}, separated by commas or "
                "spaces, such as '1, 3, 4' or '{2, 5, 7}'")
    entries = _entries(text, "set", expected)
    if len(entries) > max_size:
        raise LimitError(f"{_quote(text)} has {len(entries)} numbers, more than the {max_size} allowed; {expected}")
    values = [_whole_number(entry, text, expected, 1, max_element) for entry in entries]
    return tuple(sorted(set(values)))


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

    Raises
    ------
    TypeError if ``text`` is not a string; ValueError (``LimitError`` for a limit) naming the text and what
    is expected otherwise.

    Examples
    --------
    >>> parse_heaps("3, 4, 5")
    (3, 4, 5)
    >>> parse_heaps("(7 0 2)")
    (7, 0, 2)
    >>> parse_heaps("3, -1")
    Traceback (most recent call last):
    ...
    ValueError: in '3, -1', -1 is negative; expected 1 to 10 heap sizes, each a whole number from 0 to 1000, \
separated by commas or spaces, such as '3, 4, 5'
    """
    max_heap = _check_limit(max_heap, "max_heap")
    max_heaps = _check_limit(max_heaps, "max_heaps")
    expected = (f"expected 1 to {max_heaps} heap sizes, each a whole number from 0 to {max_heap}, separated by "
                "commas or spaces, such as '3, 4, 5'")
    entries = _entries(text, "heaps", expected)
    if len(entries) > max_heaps:
        raise LimitError(f"{_quote(text)} has {len(entries)} heaps, more than the {max_heaps} allowed; {expected}")
    return tuple(_whole_number(entry, text, expected, 0, max_heap) for entry in entries)


def shown_value(value: object) -> str:
    """A short repr of a value for a message (never the digits of a huge number, never a failing repr).

    >>> shown_value(10**300), shown_value("x" * 100)[-4:]
    ('a huge number', ' ...')
    """
    try:
        text = repr(value) if not (type(value) is int and value.bit_length() > 200) else "a huge number"
    except Exception:
        text = f"an object of type {type(value).__name__}"
    return text if len(text) <= 60 else text[:56] + " ..."


def whole_number(value: object, name: str) -> int:
    """``value`` as an exact int, for the public methods of the panels and of a play session: bools, floats,
    text and complex numbers are refused with a TypeError naming ``name`` and the value.

    >>> whole_number(3, "step")
    3
    >>> whole_number(2.0, "amount")
    Traceback (most recent call last):
    ...
    TypeError: amount must be a whole number, got 2.0 (a float)
    """
    if isinstance(value, bool) or not hasattr(type(value), "__index__") or isinstance(value, (float, complex)):
        raise TypeError(f"{name} must be a whole number, got {shown_value(value)} (a {type(value).__name__})")
    try:
        number = int.__index__(value) if isinstance(value, int) else int.__index__(type(value).__index__(value))
    except Exception:
        raise TypeError(f"{name} must be a whole number, got {shown_value(value)}") from None
    return number
