"""Argument checks shared by every public entry point, and the size limits they enforce.

Every check raises ``TypeError`` (wrong kind of value) or ``ValueError`` (right kind, wrong value) with a
message that names the offending value and says what was expected. Requests too large for a teaching
machine raise :class:`LimitError`, a ``ValueError`` that states the limit.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from itertools import islice

from gamelib.limits import MAX_ITEMS, MAX_SUBTRACTION, MAX_TABLE


class LimitError(ValueError):
    """A request larger than the stated limit (it would exhaust memory or run for minutes)."""


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_int(value: object, name: str, minimum: int | None = 0) -> int:
    """Return ``value`` as a Python int; refuse bools, floats, strings, None and anything below ``minimum``."""
    if type(value) is int:  # the common case, checked without the slower abstract-class test
        if minimum is not None and value < minimum:
            raise ValueError(f"{name} must be at least {minimum}, got {value}")
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, got {_show(value)} of type {type(value).__name__}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value


def check_bool(value: object, name: str) -> bool:
    """True or False only (not 1, "yes" or None)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {_show(value)}")
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
            f"{name} must be a collection of positive whole numbers such as {{1, 3, 4}}, got {_show(values)}"
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
        raise TypeError(f"{name} may hold only positive whole numbers, but it contains {_show(item)}")
    if item <= 0:
        raise ValueError(f"{name} may hold only positive whole numbers, but it contains {int(item)}")
    if item > MAX_SUBTRACTION:
        raise LimitError(f"{name} contains {int(item):,}; this kit allows elements up to {MAX_SUBTRACTION:,}")


def read_at_most(values: Iterable, limit: int, name: str) -> list:
    """The items of ``values`` as a list, reading at most ``limit + 1`` of them; more raise LimitError.

    >>> read_at_most(range(3), 5, "values")
    [0, 1, 2]
    >>> import itertools
    >>> read_at_most(itertools.count(), 5, "values")
    Traceback (most recent call last):
    ...
    gamelib.checks.LimitError: values has more than 5 items; this kit reads at most 5
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
    if isinstance(values, (str, bytes)) or not hasattr(type(values), "__iter__"):
        raise TypeError(f"{name} must be a collection such as {example}, got {_show(values)}")
    items = list(islice(values, limit + 1))
    if len(items) > limit:
        raise LimitError(f"{name} has more than {limit:,} items; this takes at most {limit:,}")
    return items


def check_heaps(position: object, name: str = "position", length: int | None = None) -> tuple[int, ...]:
    """A tuple (or list) of heap sizes, each a whole number >= 0, optionally of a given length."""
    if not isinstance(position, (tuple, list)):
        raise TypeError(f"{name} must be a tuple of heap sizes such as (3, 4, 5), got {_show(position)}")
    if length is not None and len(position) != length:
        raise ValueError(f"{name} must have {length} entries, got {len(position)}: {_show(position)}")
    return tuple(check_int(h, f"heap {i} of {name}") for i, h in enumerate(position))


def set_text(S: Iterable[int]) -> str:
    """Format a set as a student writes it: ``{1, 3, 4}``."""
    return "{" + ", ".join(str(s) for s in S) + "}"
