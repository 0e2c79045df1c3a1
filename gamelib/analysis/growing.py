"""A table of values v(0), v(1), ... computed in order, once, and kept: the kit's one table-filling loop.

Games whose values are computed heap by heap (octal games, Grundy's game, take-away games) keep what they
computed and extend it when asked for more. Threads may share one game (ipywidgets callbacks do), so two of
them must never fill the same table at once; and re-entrant, because a take-away rule may itself ask the
game about smaller heaps. :class:`GrowingTable` holds that locking once; a subclass says how values are
stored and computed (:class:`ListTable` here, :class:`~gamelib.analysis.heap_values.HeapValues` for
take-and-break games).
"""

from __future__ import annotations

import _thread  # the locks themselves: the threading module around them costs a fresh process about 1 ms
from collections.abc import Callable

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:  # only for the annotations
    from typing import Any

    from gamelib.analysis.progress import Work


class GrowingTable:
    """Values of 0, 1, 2, ... computed in order by :meth:`_fill` and kept; one thread fills at a time.

    A subclass gives ``__len__`` (how many values are known) and ``_fill(stop, work)`` (compute values up to
    ``stop`` within the budget ``work``, if it keeps one; called with the lock held and only when more are
    needed).

    >>> class Squares(GrowingTable):
    ...     def __init__(self):
    ...         super().__init__()
    ...         self.values = []
    ...     def __len__(self):
    ...         return len(self.values)
    ...     def _fill(self, stop, work=None):
    ...         self.values += [n * n for n in range(len(self.values), stop)]
    >>> squares = Squares()
    >>> squares.ensure(5)
    >>> squares.values
    [0, 1, 4, 9, 16]
    """

    def __init__(self) -> None:
        # Re-entrant: a rule computing one value may ask the same table for smaller ones.
        self._lock = _thread.RLock()  # what threading.RLock() gives

    def __len__(self) -> int:  # pragma: no cover - given by each table
        raise NotImplementedError

    def _fill(self, stop: int, work: Work | None = None) -> None:  # pragma: no cover - given by each table
        raise NotImplementedError

    def ensure(self, stop: int, work: Work | None = None) -> None:
        """Make sure the values of 0 .. stop - 1 are known (computing the missing ones, one thread at a time)."""
        if stop <= len(self):  # known already: no lock needed, a table only ever grows
            return
        with self._lock:
            if stop > len(self):  # another thread may have filled it while this one waited
                self._fill(stop, work)

    @property
    def lock(self) -> _thread.RLock:
        """The lock held while the table grows (hold it to read several of its facts consistently)."""
        return self._lock


class ListTable(GrowingTable):
    """Values kept in a Python list, each computed by ``value_of(n, values)`` from the ones before it.

    >>> table = ListTable(lambda n, values: n % 3)
    >>> table.ensure(4)
    >>> table.values
    [0, 1, 2, 0]
    """

    def __init__(self, value_of: Callable[[int, list], Any]):
        super().__init__()
        self.value_of = value_of
        self.values: list = []

    def __len__(self) -> int:
        return len(self.values)

    def _fill(self, stop: int, work: Work | None = None) -> None:
        values, value_of = self.values, self.value_of
        for n in range(len(values), stop):
            values.append(value_of(n, values))


__all__ = ["GrowingTable", "ListTable"]
