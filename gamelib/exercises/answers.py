"""Turn whatever a student typed into plain built-in data before any check looks at it.

Every exercise reads its answer through this module, so that a check compares exact ``int``, ``str`` and
``tuple`` values it built itself, never objects the student built: an ``int`` subclass whose ``==`` always
says True, or an object whose ``__int__`` lies, is reduced to the plain number it holds (or refused) first.
What is read is bounded (at most ``MAX_ANSWER_ITEMS`` items of an iterable, each read once, so a generator or
``range(10**9)`` is safe), and what is echoed back is bounded (:func:`~gamelib.arguments.show` never prints more than
``MAX_SHOWN`` characters and never fails).

Each reader returns the plain value or raises :class:`NotAnAnswer`, whose message says what the answer is
not and what is expected; :func:`~gamelib.exercises.core.check` turns that message into feedback.

>>> whole_number(7), whole_numbers([3, 7])
(7, (3, 7))
>>> whole_number(4.0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gamelib.exercises.answers.NotAnAnswer: 4.0 is a decimal number; write whole numbers without a decimal point, e.g. ...
>>> show("P" * 1000)[:12]
"'PPPPPPPPPPP"
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Iterable
from itertools import islice
from typing import SupportsFloat, SupportsIndex, cast

from gamelib.arguments import show as show_value
from gamelib.limits import MAX_ANSWER_ITEMS


def show(value: object) -> str:
    """A value in feedback, as :func:`~gamelib.arguments.show` writes it, but a tuple of one whole number as people
    write it, ``(5)``, not Python's ``(5,)``.

    >>> show((5,)), show((3, 4)), show([2]), show("5")
    ('(5)', '(3, 4)', '[2]', "'5'")
    """
    if type(value) is tuple and len(value) == 1 and type(value[0]) is int:
        return f"({show_value(value[0])})"
    return show_value(value)


class NotAnAnswer(ValueError):
    """The answer cannot be read in the form the exercise asks for; the message says why."""


def _is_numpy_float(answer: object) -> bool:
    return type(answer).__module__ == "numpy" and isinstance(answer, numbers.Real) and not isinstance(
        answer, numbers.Integral)


def whole_number(answer: object, what: str = "a whole number") -> int:
    """The answer as an exact built-in ``int``; bools, decimals and text are refused with a clear message.

    An ``int`` subclass gives the plain number it holds (its own ``__eq__``, ``__int__`` and ``__index__`` are
    never called); numpy integers and other whole-number types give the ``int`` their ``__index__`` returns.

    >>> whole_number(True)
    Traceback (most recent call last):
    ...
    gamelib.exercises.answers.NotAnAnswer: True is a truth value, not a number: expected a whole number
    """
    if isinstance(answer, bool) or (type(answer).__module__ == "numpy" and type(answer).__name__ in ("bool", "bool_")):
        raise NotAnAnswer(f"{show(answer)} is a truth value, not a number: expected {what}")
    if isinstance(answer, int):
        return int.__index__(answer)  # the stored value as an exact int, whatever the subclass overrides
    if isinstance(answer, float) or _is_numpy_float(answer):
        value = float.__float__(answer) if isinstance(answer, float) else float(cast(SupportsFloat, answer))
        if value.is_integer():
            example = 5 if value == 4 else 4  # never the student's own number: it might be the answer
            raise NotAnAnswer(f"{show(answer)} is a decimal number; write whole numbers without a decimal "
                              f"point, e.g. {example}, not {example}.0")
        raise NotAnAnswer(f"{show(answer)} is not a whole number: expected {what}")
    if isinstance(answer, str):
        raise NotAnAnswer(f"{show(answer)} is text (in quotes): expected {what}, without quotes"
                          + _binary_hint(answer))
    if isinstance(answer, numbers.Integral) or type(answer).__module__ == "numpy":
        try:
            value = operator.index(cast(SupportsIndex, answer))
        except Exception:
            raise NotAnAnswer(f"{show(answer)} is not {what}") from None
        return int.__index__(value)
    raise NotAnAnswer(f"expected {what}, got {show(answer)}")


def _binary_hint(text: str) -> str:
    """A hint when text looks like a number in binary ('101', '0b101'): how to write it as a number.

    >>> print(_binary_hint("101"))
    . If you mean '101' in binary, write 0b101 without quotes (the number 5), or use int('101', 2)
    >>> _binary_hint("12"), _binary_hint("1")
    ('', '')
    """
    digits = str.strip(str.__getitem__(text, slice(0, 80)))
    bits = digits[2:] if digits[:2].lower() == "0b" else digits
    if not bits or set(bits) - {"0", "1"} or (bits == digits and len(bits) < 2):
        return ""
    value = int(bits, 2)
    return (f". If you mean {digits!r} in binary, write 0b{bits} without quotes (the number {value}), "
            f"or use int({digits!r}, 2)")


def _items(answer: object, what: str, limit: int) -> list:
    """At most ``limit`` items of an iterable answer, each read once; text and mappings are refused."""
    if isinstance(answer, (str, bytes, bytearray)):
        raise NotAnAnswer(f"{show(answer)} is text: expected {what} (without quotes)")
    if isinstance(answer, dict):
        raise NotAnAnswer(f"{show(answer)} is a dictionary: expected {what}")
    if isinstance(answer, (numbers.Number, bool)) or answer is None:
        raise NotAnAnswer(f"expected {what}, got the single value {show(answer)}")
    try:
        items = list(islice(iter(cast(Iterable, answer)), limit + 1))
    except Exception:
        raise NotAnAnswer(f"expected {what}, got {show(answer)}") from None
    if len(items) > limit:
        raise NotAnAnswer(f"{show(answer)} has more than {limit} items; expected {what}")
    return items


def whole_numbers(answer: object, what: str = "a list of whole numbers", limit: int = MAX_ANSWER_ITEMS,
                  ordered: bool = True) -> tuple[int, ...]:
    """The items of an iterable answer (list, tuple, set, range, numpy array, generator) as a tuple of ints.

    Reads at most ``limit + 1`` items and refuses more. With ``ordered=True`` a set is refused, since its
    order is not the student's.

    >>> whole_numbers(v for v in (1, 2))
    (1, 2)
    >>> whole_numbers({2, 1}, "the heaps")
    Traceback (most recent call last):
    ...
    gamelib.exercises.answers.NotAnAnswer: {1, 2} is a set, which has no order: expected the heaps
    """
    if ordered and isinstance(answer, (set, frozenset)):
        raise NotAnAnswer(f"{show(answer)} is a set, which has no order: expected {what}")
    items = _items(answer, what, limit)
    try:
        return tuple(whole_number(item) for item in items)
    except NotAnAnswer as problem:
        raise NotAnAnswer(f"in {show(answer)}: {problem}") from None


def whole_number_set(answer: object, what: str = "a list of whole numbers",
                     limit: int = MAX_ANSWER_ITEMS) -> frozenset[int]:
    """The items of an iterable answer as a set of ints (order and repeats do not matter).

    >>> sorted(whole_number_set(range(3)))
    [0, 1, 2]
    """
    return frozenset(whole_numbers(answer, what, limit, ordered=False))


def outcome(answer: object) -> str:
    """'P' or 'N' from 'p', ' N ', 'P-position' or 'N position'.

    >>> outcome(" p-position ")
    'P'
    """
    if not isinstance(answer, str):
        raise NotAnAnswer(f"expected 'P' or 'N' (in quotes), got {show(answer)}")
    text = str.__getitem__(answer, slice(0, 100)).strip().upper()
    for suffix in ("-POSITION", " POSITION"):
        text = text.removesuffix(suffix)
    if text not in ("P", "N"):
        raise NotAnAnswer(f"expected 'P' or 'N', got {show(answer)}")
    return text
