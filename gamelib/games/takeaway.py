"""Take-away games whose allowed amounts depend on the heap: ``rule(n)`` lists what may be taken from n.

Examples are the digit game (take a nonzero digit of n, :func:`nonzero_digits`) and the powers-of-2 game
(:func:`powers_of_two`). No finite window of values decides the future of such a game, so any pattern in its
values is only *observed* (see :meth:`TakeAwayGame.periodicity`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from gamelib.analysis.growing import ListTable
from gamelib.analysis.observed import observed_periodicity
from gamelib.analysis.periodicity import Periodicity
from gamelib.arguments import LimitError, check_int, check_stop, show
from gamelib.games.base import OneHeapGame
from gamelib.limits import MAX_DIGITS, MAX_POWER_BITS, MAX_RULE_HEAP, MAX_TABLE


def nonzero_digits(n: int) -> set[int]:
    """The nonzero decimal digits of ``n``: the amounts the digit game lets you take from a heap of n.

    >>> sorted(nonzero_digits(2024))
    [2, 4]
    """
    n = check_int(n, "n")
    if n >= 10**MAX_DIGITS:
        raise LimitError(f"n has more than {MAX_DIGITS:,} digits; nonzero_digits reads at most {MAX_DIGITS:,}")
    return {int(d) for d in str(n) if d != "0"}


def powers_of_two(n: int) -> list[int]:
    """The powers of 2 that are at most ``n``: the amounts the powers-of-2 game lets you take from a heap of n.

    Parameters
    ----------
    n : a whole number, at least 0.

    Returns
    -------
    list of int
        ``[1, 2, 4, ..., 2**k]`` with ``2**k <= n < 2**(k + 1)``; empty for ``n = 0``.

    Examples
    --------
    >>> powers_of_two(10)
    [1, 2, 4, 8]
    >>> powers_of_two(0)
    []
    >>> TakeAwayGame(powers_of_two).p_positions(10)
    [0, 3, 6, 9]
    """
    bits = check_int(n, "n").bit_length()
    if bits > MAX_POWER_BITS:
        raise LimitError(f"n has {bits:,} binary digits; powers_of_two lists powers below 2**{MAX_POWER_BITS:,}")
    return [1 << i for i in range(bits)]


class TakeAwayGame(OneHeapGame):
    """A one-heap game whose allowed amounts depend on the heap: ``rule(n)`` lists what may be taken from n.

    Values are computed one heap at a time up to the heap asked for (at most ``MAX_RULE_HEAP``); any pattern
    is only *observed* (see :meth:`periodicity`), because no finite window of values decides the future.

    >>> digits = TakeAwayGame(nonzero_digits, name="subtract a nonzero digit")
    >>> digits.moves(21)
    [19, 20]
    >>> digits.p_positions(45)
    [0, 10, 20, 30, 40]
    >>> digits.winning_moves(23)
    [20]
    """

    def __init__(self, rule: Callable[[int], Iterable[int]], misere: bool = False, name: str | None = None):
        if not callable(rule):
            raise TypeError(f"rule must be a function of the heap size n, got {rule!r}")
        if not isinstance(misere, bool):
            raise TypeError(f"misere must be True or False, got {misere!r}")
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be text such as 'subtract a nonzero digit', got {show(name)}")
        self.rule = rule
        self.misere = misere
        self.name = name or str(getattr(rule, "__name__", "take-away rule"))
        # Grundy values (normal play) or outcome codes 0 = P, 1 = N (misère), heap by heap; the table lets one
        # thread at a time extend them, and a rule that asks this game about smaller heaps does not deadlock.
        self._table = ListTable(self._value_of)
        self._values: list[int] = self._table.values

    def __repr__(self) -> str:
        return f"TakeAwayGame({self.name}{', misere=True' if self.misere else ''})"

    @property
    def title(self) -> str:
        """How plots and messages name this game."""
        return self.name + (" (misère)" if self.misere else "")

    def _amounts(self, n: int) -> list[int]:
        amounts = self.rule(n)
        if isinstance(amounts, (str, bytes)) or not isinstance(amounts, Iterable):
            raise TypeError(f"rule({n}) must give a collection of amounts, got {amounts!r}")
        checked = set()
        for a in amounts:
            a = check_int(a, f"an amount given by rule({n})", minimum=None)
            if not 1 <= a <= n:
                raise ValueError(f"rule({n}) gave the amount {a}, but an amount must be between 1 and {n}")
            checked.add(a)
        return sorted(checked, reverse=True)

    def moves(self, n: int) -> list[int]:
        """The heaps reachable from ``n`` in one move, smallest first."""
        n = check_int(n, "heap size n")
        return [n - a for a in self._amounts(n)]

    def _extend(self, stop: int) -> list[int]:
        if stop > MAX_RULE_HEAP:
            raise LimitError(
                f"{self!r} computes heaps one at a time in Python; heaps up to {MAX_RULE_HEAP:,} are allowed, "
                f"asked for {stop:,}"
            )
        self._table.ensure(stop)
        return self._values

    def _value_of(self, n: int, values: list[int]) -> int:
        """The value of heap n (a Grundy value, or 0 = P / 1 = N in misère play) from those of smaller heaps."""
        followers = [values[n - a] for a in self._amounts(n)]
        if self.misere:
            return 1 if not followers or 0 in followers else 0
        seen = set(followers)
        m = 0
        while m in seen:
            m += 1
        return m

    def grundy(self, n: int) -> int:
        """The Grundy value of a heap of ``n`` chips (normal play)."""
        self._normal_only()
        n = check_int(n, "heap size n")
        return self._extend(n + 1)[n]

    def grundy_values(self, stop: int) -> np.ndarray:
        """Grundy values g(0), ..., g(stop - 1) as a numpy array."""
        self._normal_only()
        stop = check_stop(stop, limit=min(MAX_TABLE, MAX_RULE_HEAP))
        return np.array(self._extend(stop)[:stop], dtype=np.int64)

    def _misere_codes(self, stop: int) -> np.ndarray:
        return np.array(self._extend(stop)[:stop], dtype=np.uint8)

    def outcome(self, n: int) -> str:
        """``'P'`` or ``'N'`` for a heap of ``n`` chips under this game's play rule."""
        n = check_int(n, "heap size n")
        if self.misere:
            return "PN"[self._extend(n + 1)[n]]
        return super().outcome(n)

    def periodicity(self, stop: int = 1000, kind: str | None = None) -> Periodicity:
        """The pattern *observed* among heaps 0 .. stop - 1 (``proven`` is always False).

        ``kind`` is ``'grundy'`` (Grundy values; the default in normal play) or ``'outcome'`` (the P/N
        pattern; the only choice in misère play). Raises :class:`~gamelib.PeriodNotFoundError` when no
        pattern fills the second half of the values.

        >>> digits = TakeAwayGame(nonzero_digits)
        >>> p = digits.periodicity(200, kind="outcome")
        >>> p.period, p.proven
        (10, False)
        """
        stop = check_stop(stop, limit=MAX_RULE_HEAP)
        if kind is None:
            kind = "outcome" if self.misere else "grundy"
        if kind not in ("grundy", "outcome"):
            raise ValueError(f"kind must be 'grundy' or 'outcome', got {kind!r}")
        if kind == "outcome":
            return observed_periodicity(self.outcomes(stop), "outcome", self.title)
        return observed_periodicity(self.grundy_values(stop).tolist(), "grundy", self.title)


__all__ = ["TakeAwayGame", "nonzero_digits", "powers_of_two"]
