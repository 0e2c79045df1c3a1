"""Checks of the arguments every public entry point is given, and the one way a value is shown in a message
(numbers in a sentence: :func:`numbers_text`, :func:`counted_text`).

Every check raises ``TypeError`` (wrong kind of value) or ``ValueError`` (right kind, wrong value) with a
message that names the offending value (through :func:`show`) and says what was expected. Requests too large
for a teaching machine raise :class:`LimitError`, a ``ValueError`` that states the limit. Text a student types
is read by :mod:`gamelib.parsing`, which reports its problems the same way.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable
from itertools import islice

from gamelib.limits import (
    MAX_COUNTED_DIGITS_BITS,
    MAX_ITEMS,
    MAX_SHOWN,
    MAX_SHOWN_BITS,
    MAX_SUBTRACTION,
    MAX_TABLE,
    MAX_WHOLE_BITS,
)


class LimitError(ValueError):
    """A request larger than the stated limit (it would exhaust memory or run for minutes).

    It is a ``ValueError``, so ``except ValueError`` catches it too; its message names the request and the limit.

    >>> from gamelib import SubtractionGame
    >>> try:
    ...     SubtractionGame({1, 2, 3}).grundy_values(10**9)
    ... except LimitError as error:
    ...     print(error)
    stop=1,000,000,000 is more than this kit computes at once (limit 100,000,000)
    """


def show(value: object) -> str:
    """A short, safe description of a value for a message: its repr, cut to ``MAX_SHOWN`` characters.

    Never raises (a hostile ``__repr__`` is described by its type), and never builds the digits of a huge
    whole number. Every message of the kit that quotes a value goes through here.

    >>> show(10**5000)
    'a whole number with 5001 digits'
    >>> show([1, 2]), show((10**300,)), show("P" * 1000)[:12]
    ('[1, 2]', '(a whole number with 301 digits,)', "'PPPPPPPPPPP")

    Past :data:`~gamelib.limits.MAX_COUNTED_DIGITS_BITS` bits, even counting the decimal digits exactly would
    take seconds (a power of ten as large): the number is described by its binary digits.

    >>> show(2**(10**8))
    'a whole number with 100,000,001 binary digits'
    """
    try:
        if type(value) is int and value.bit_length() > MAX_SHOWN_BITS:
            bits = value.bit_length()
            if bits > MAX_COUNTED_DIGITS_BITS:
                return f"a whole number with {bits:,} binary digits"
            digits = math.floor(bits * math.log10(2)) + 1
            if abs(value) < 10 ** (digits - 1):
                digits -= 1
            return f"a whole number with {digits} digits"
        if type(value) is str and len(value) > MAX_SHOWN:
            text = repr(value[:MAX_SHOWN])
        elif isinstance(value, (list, tuple)) and type(value) in (list, tuple) and value:  # each item shown safely
            items = value
            inner = ", ".join(show(item) for item in islice(items, 30)) + (", ..." if len(items) > 30 else "")
            text = ("[{}]" if type(value) is list else "({})" if len(items) > 1 else "({},)").format(inner)
        elif isinstance(value, (set, frozenset)) and type(value) in (set, frozenset) and len(value) > 30:
            text = repr(type(value)(islice(value, 30)))
        else:
            text = repr(value)
        if type(text) is not str:
            raise TypeError("repr did not give text")
    except Exception:  # a hostile __repr__, or a huge number inside a list: describe the type instead
        return f"an object of type {type_name(value)}"
    if len(text) > MAX_SHOWN:
        text = text[: MAX_SHOWN - 4] + " ..."
    return text


def type_name(value: object) -> str:
    """The name of ``value``'s type for a message ('?' when the type hides or fakes its name).

    >>> type_name(2.5)
    'float'
    """
    name = getattr(type(value), "__name__", "?")
    return name if type(name) is str and len(name) <= 40 else "?"


#: Numbers typed as text, as in a panel's box: at most 30 whole numbers, in brackets or not.
_TYPED_NUMBERS = re.compile(r"\s*[(\[]?\s*(\d{1,9}(?:(?:\s*,\s*|\s+)\d{1,9}){0,29})\s*,?\s*[)\]]?\s*")


def unquoted(value: object, wanted: str = "tuple") -> str:
    """The end of a message about text that holds numbers, as a panel's box takes them: how to give them to a
    call instead (``''`` for anything else), where the call wants a ``"tuple"`` or a ``"number"``. The text is
    read, never run.

    >>> unquoted("3, 3, 5"), unquoted("(1 2)"), unquoted("5"), unquoted("x"), unquoted(5)
    (': write (3, 3, 5), without quotes', ': write (1, 2), without quotes', ': write (5,), without quotes', '', '')
    >>> unquoted("5", "number"), unquoted("3, 5", "number")
    (': write 5, without quotes', ': numbers are given without quotes')
    """
    if type(value) is not str or len(value) > 400:
        return ""
    found, text = _TYPED_NUMBERS.fullmatch(value), value.strip()
    brackets = {text[0], text[-1]} & set("()[]") if text else set()
    if found is None or (brackets and f"{text[0]}{text[-1]}" not in ("()", "[]")):  # an unclosed bracket
        return ""
    typed = [str(int(n)) for n in re.split(r"\s*,\s*|\s+", found.group(1))]
    if wanted == "tuple":
        return f": write ({', '.join(typed)}{',' if len(typed) == 1 else ''}), without quotes"
    return f": write {typed[0]}, without quotes" if len(typed) == 1 else ": numbers are given without quotes"


def check_int(value: object, name: str, minimum: int | None = 0) -> int:
    """Return ``value`` as a Python int; refuse bools, floats, strings, None, anything below ``minimum`` and
    numbers wider than :data:`~gamelib.limits.MAX_WHOLE_BITS` (which Python could not write out).

    >>> check_int(7, "heap")
    7
    >>> check_int(2.0, "heap")
    Traceback (most recent call last):
    ...
    TypeError: heap must be a whole number written without a decimal point, got 2.0: write 2
    >>> check_int(10**5000, "heap")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamelib.arguments.LimitError: heap is a whole number with 5001 digits; the kit takes ... at most 14,000 bits ...
    """
    if type(value) is not int:
        if type(value) is float and value.is_integer() and abs(value) < 2**53:
            raise TypeError(f"{name} must be a whole number written without a decimal point, got {show(value)}: "
                            f"write {int(value)}")
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{name} must be a whole number, got {show(value)} of type {type(value).__name__}"
                            f"{unquoted(value, 'number')}")
        value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {show(value)}")
    if value.bit_length() > MAX_WHOLE_BITS:
        raise LimitError(f"{name} is {show(value)}; the kit takes whole numbers of at most {MAX_WHOLE_BITS:,} bits "
                         "(about 4,200 digits)")
    return value


def check_bool(value: object, name: str) -> bool:
    """True or False only (not 1, "yes" or None)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {show(value)}")
    return value


def check_stop(stop: object, limit: int = MAX_TABLE, name: str = "stop") -> int:
    """A table length: a whole number from 0 to ``limit``."""
    stop = check_int(stop, name)
    if stop > limit:
        raise LimitError(f"{name}={stop:,} is more than this kit computes at once (limit {limit:,})")
    return stop


def check_subtraction_set(values: object, name: str = "S") -> tuple[int, ...]:
    """A finite, non-empty set of positive whole numbers, returned sorted without repeats."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(
            f"{name} must be a collection of positive whole numbers such as {{1, 3, 4}}, got {show(values)}"
        )
    items = []
    for item in islice(values, MAX_ITEMS + 1):  # never more: the collection may be an endless generator
        _check_element(item, name)
        items.append(int(item))
    if len(items) > MAX_ITEMS:
        raise LimitError(f"{name} has more than {MAX_ITEMS:,} elements; this kit reads at most {MAX_ITEMS:,}")
    if not items:
        raise ValueError(f"{name} must contain at least one positive whole number, got an empty set")
    return tuple(sorted(set(items)))


def _check_element(item: object, name: str) -> None:
    if isinstance(item, bool) or not isinstance(item, numbers.Integral):
        raise TypeError(f"{name} may hold only positive whole numbers, but it contains {show(item)}")
    if int(item) <= 0:
        raise ValueError(f"{name} may hold only positive whole numbers, but it contains {show(int(item))}")
    if int(item) > MAX_SUBTRACTION:
        raise LimitError(f"{name} contains {show(int(item))}; this kit allows elements up to {MAX_SUBTRACTION:,}")


def read_at_most(values: Iterable, limit: int, name: str) -> list:
    """The items of ``values`` as a list, reading at most ``limit + 1`` of them; more raise LimitError.

    >>> read_at_most(range(3), 5, "values")
    [0, 1, 2]
    >>> import itertools
    >>> read_at_most(itertools.count(), 5, "values")
    Traceback (most recent call last):
    ...
    gamelib.arguments.LimitError: values has more than 5 items; this kit reads at most 5
    """
    items = list(islice(values, limit + 1))
    if len(items) > limit:
        raise LimitError(f"{name} has more than {limit:,} items; this kit reads at most {limit:,}")
    return items


def read_items(values: object, name: str, limit: int, example: str) -> list:
    """The items of a collection, reading at most ``limit + 1`` of them (a generator or a huge range is never
    listed whole): more than ``limit`` items is refused with LimitError, a non-collection with TypeError.

    >>> read_items(iter([1, 2]), "S", 8, "{1, 3, 4}")
    [1, 2]
    >>> read_items(5, "S", 8, "{1, 3, 4}")
    Traceback (most recent call last):
    ...
    TypeError: S must be a collection such as {1, 3, 4}, got 5
    """
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):  # its type has an __iter__
        raise TypeError(f"{name} must be a collection such as {example}, got {show(values)}")
    items = list(islice(values, limit + 1))
    if len(items) > limit:
        raise LimitError(f"{name} has more than {limit:,} items; this takes at most {limit:,}")
    return items


def check_heaps(position: object, name: str = "position", length: int | None = None) -> tuple[int, ...]:
    """A tuple (or list) of heap sizes, each a whole number >= 0, optionally of a given length. A refused heap
    is counted from 1, as people count, with the position beside it.

    >>> check_heaps((1, -2))
    Traceback (most recent call last):
    ...
    ValueError: heap 2 of position (1, -2) must be at least 0, got -2
    """
    if not isinstance(position, (tuple, list)):
        raise TypeError(f"{name} must be a tuple of heap sizes such as (3, 4, 5), got {show(position)}"
                        f"{unquoted(position)}")
    if length is not None and len(position) != length:
        raise ValueError(f"{name} must have {length} entries, got {len(position)}: {show(position)}")
    heaps = tuple(position)
    if all(type(h) is int and h >= 0 and h.bit_length() <= MAX_WHOLE_BITS for h in heaps):
        return heaps  # the usual case, checked without writing the message a refusal would need
    shown = show(position)
    return tuple(check_int(h, f"heap {i} of {name} {shown}") for i, h in enumerate(heaps, start=1))


def set_text(S: Iterable[int]) -> str:
    """Format a set as a student writes it: ``{1, 3, 4}``."""
    return "{" + ", ".join(str(s) for s in S) + "}"


def numbers_text(values: Iterable) -> str:
    """Numbers in brackets as people write them: ``'(3, 4, 5)'``, and one number ``'(3)'``, never Python's
    ``(3,)``.

    >>> numbers_text((3, 4, 5)), numbers_text((3,)), numbers_text(())
    ('(3, 4, 5)', '(3)', '()')
    """
    return "(" + ", ".join(map(str, values)) + ")"


def counted_text(noun: str, values: Iterable, plural: str = "") -> str:
    """A position named by its numbers, as a sentence says it: ``'heaps (3, 4)'``, one of them ``'heap 3'``, none
    ``'no heaps'`` (``plural`` when adding an "s" will not do).

    >>> counted_text("heap", (3, 4)), counted_text("vertex", (5,), "vertices"), counted_text("heap", ())
    ('heaps (3, 4)', 'vertex 5', 'no heaps')
    """
    values = tuple(values)
    plural = plural or noun + "s"
    if not values:
        return f"no {plural}"
    return f"{noun} {values[0]}" if len(values) == 1 else f"{plural} {numbers_text(values)}"
