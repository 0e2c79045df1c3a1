"""One-heap take-away games: subtraction games S(s_1, ..., s_k) and games whose moves depend on the heap.

A position is the number of chips in the heap, n >= 0. A move takes away some chips.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable

import numpy as np

from gamelib.analysis.periodicity import Periodicity, fill_periodic, observed_periodicity, subtraction_periodicity
from gamelib.checks import LimitError, _show, check_bool, check_int, check_stop, check_subtraction_set, set_text
from gamelib.limits import MAX_DIGITS, MAX_LIST, MAX_POWER_BITS, MAX_RULE_HEAP, MAX_TABLE


def _outcome_text(codes: np.ndarray) -> str:
    """Turn an array of 0 (P) / 1 (N) codes into a string of 'P' and 'N'."""
    return np.where(codes == 0, np.uint8(ord("P")), np.uint8(ord("N"))).tobytes().decode("ascii")


class _OneHeapGame:
    """What both one-heap games share once they can list Grundy values or misère outcomes."""

    misere: bool

    def moves(self, n: int) -> list[int]:  # pragma: no cover - defined by each game
        raise NotImplementedError

    def grundy_values(self, stop: int) -> np.ndarray:  # pragma: no cover - defined by each game
        raise NotImplementedError

    def _misere_codes(self, stop: int) -> np.ndarray:  # pragma: no cover - defined by each game
        raise NotImplementedError

    def _normal_only(self) -> None:
        if self.misere:
            raise ValueError(
                f"{self!r} is played misère; Grundy values describe normal play. Use outcome()/outcomes() "
                "for misère play, or the same game without misere=True for Grundy values."
            )

    def outcomes(self, stop: int) -> str:
        """A string of ``'P'``/``'N'`` for heaps 0, 1, ..., stop - 1 under this game's play rule."""
        stop = check_stop(stop)
        if self.misere:
            return _outcome_text(self._misere_codes(stop))
        return _outcome_text((self.grundy_values(stop) != 0).astype(np.uint8))

    def p_positions(self, stop: int) -> list[int]:
        """The heap sizes below ``stop`` that are P-positions (the player who just moved wins)."""
        text = self.outcomes(check_stop(stop, limit=MAX_LIST))
        return np.flatnonzero(np.frombuffer(text.encode("ascii"), dtype=np.uint8) == ord("P")).tolist()

    def winning_moves(self, n: int) -> list[int]:
        """The heaps reachable from ``n`` in one move that are P-positions: moving there wins."""
        return [m for m in self.moves(n) if self.outcome(m) == "P"]

    def outcome(self, n: int) -> str:  # pragma: no cover - defined by each game
        raise NotImplementedError


class SubtractionGame(_OneHeapGame):
    """The subtraction game S(s_1, ..., s_k): a move takes exactly s chips, for some s in the set S.

    Parameters
    ----------
    S : a finite, non-empty collection of positive whole numbers (any order; repeats are ignored).
    misere : False for normal play (who cannot move loses), True for misère play (who cannot move wins).

    Grundy values are those of normal play; under misère play use ``outcome``/``outcomes``. Questions
    about huge heaps are answered through the proven period (see :meth:`periodicity`).

    >>> game = SubtractionGame({1, 2, 3})
    >>> game.moves(5)
    [2, 3, 4]
    >>> game.grundy_values(10).tolist()
    [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    >>> game.outcomes(10)
    'PNNNPNNNPN'
    >>> game.p_positions(13)
    [0, 4, 8, 12]
    >>> game.winning_moves(10)
    [8]
    >>> game.grundy(10**18 + 2)
    2
    """

    def __init__(self, S: Iterable[int], misere: bool = False):
        self.S = check_subtraction_set(S)
        self.misere = check_bool(misere, "misere")
        self._periodicity: Periodicity | None = None
        self._table: np.ndarray | None = None
        self._lock = threading.Lock()  # so threads sharing this game compute its period once

    def __repr__(self) -> str:
        return f"SubtractionGame({set_text(self.S)}{', misere=True' if self.misere else ''})"

    @property
    def title(self) -> str:
        """How plots and messages name this game, e.g. ``S = {2, 5, 7}``."""
        return f"S = {set_text(self.S)}" + (" (misère)" if self.misere else "")

    def moves(self, n: int) -> list[int]:
        """The heaps reachable from ``n`` in one move, smallest first."""
        n = check_int(n, "heap size n")
        return [n - s for s in reversed(self.S) if s <= n]

    def periodicity(self) -> Periodicity:
        """The minimal preperiod and period, proven by a repeated window of max(S) values.

        Normal play: the Grundy sequence. Misère play: the sequence of P/N outcomes.

        >>> p = SubtractionGame({4, 9, 11}).periodicity()
        >>> p.preperiod, p.period, p.proven
        (40, 5, True)
        """
        if self._periodicity is None:
            with self._lock:
                if self._periodicity is None:
                    self._periodicity = subtraction_periodicity(self.S, self.misere)
        return self._periodicity

    def _one_cycle(self) -> np.ndarray:
        """Values (Grundy codes, or 0 = P / 1 = N in misère play) up to the end of the first period."""
        table = self._table
        if table is None:
            p = self.periodicity()
            values = p.prefix + p.block
            if self.misere:
                table = np.array([v == "N" for v in values], dtype=np.uint8)
            else:
                table = np.array(values, dtype=np.uint8 if len(self.S) < 256 else np.uint16)
            self._table = table  # a thread that raced here built the same table
        return table

    def _filled(self, stop: int) -> np.ndarray:
        p = self.periodicity()
        return fill_periodic(self._one_cycle(), p.preperiod, p.period, stop)

    def grundy(self, n: int) -> int:
        """The Grundy value of a heap of ``n`` chips, for any n (through the proven period)."""
        self._normal_only()
        return self.periodicity().value(check_int(n, "heap size n"))

    def grundy_values(self, stop: int) -> np.ndarray:
        """Grundy values g(0), ..., g(stop - 1) as a numpy array (``uint8``: they never exceed |S|)."""
        self._normal_only()
        return self._filled(check_stop(stop))

    def _misere_codes(self, stop: int) -> np.ndarray:
        return self._filled(stop)

    def outcome(self, n: int) -> str:
        """``'P'`` or ``'N'`` for a heap of ``n`` chips, for any n, under this game's play rule."""
        n = check_int(n, "heap size n")
        if self.misere:
            return self.periodicity().value(n)
        return "P" if self.grundy(n) == 0 else "N"


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


class TakeAwayGame(_OneHeapGame):
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
            raise TypeError(f"name must be text such as 'subtract a nonzero digit', got {_show(name)}")
        self.rule = rule
        self.misere = misere
        self.name = name or str(getattr(rule, "__name__", "take-away rule"))
        self._values: list[int] = []  # Grundy values (normal) or outcome codes 0 = P, 1 = N (misère)
        # One thread at a time extends the list (threads sharing this game would otherwise append out of
        # order); re-entrant, so a rule that asks this game about smaller heaps does not deadlock.
        self._lock = threading.RLock()

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
        values = self._values
        if stop <= len(values):  # already known: no lock needed, the list only ever grows
            return values
        with self._lock:
            self._extend_locked(stop)
        return values

    def _extend_locked(self, stop: int) -> None:
        values = self._values
        for n in range(len(values), stop):
            followers = [values[n - a] for a in self._amounts(n)]
            if self.misere:
                values.append(1 if not followers or 0 in followers else 0)
            else:
                seen = set(followers)
                m = 0
                while m in seen:
                    m += 1
                values.append(m)

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
        value = self._extend(n + 1)[n]
        if self.misere:
            return "PN"[value]
        return "P" if value == 0 else "N"

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
