"""Subtraction games S(s_1, ..., s_k): one heap; a move takes exactly s chips for some s in the set S.

A position is the number of chips in the heap, n >= 0. Games whose amounts depend on the heap are in
:mod:`gamelib.games.takeaway`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import ClassVar

import numpy as np

from gamelib.analysis.periodicity import Periodicity, fill_periodic, subtraction_periodicity
from gamelib.arguments import check_bool, check_int, check_stop, check_subtraction_set, read_items, set_text
from gamelib.games.base import OneHeapGame
from gamelib.games.presentation import OneHeapPresentation, presents
from gamelib.limits import MAX_ELEMENT, MAX_SET_SIZE
from gamelib.parsing import Limit


class SubtractionGame(OneHeapGame):
    """The subtraction game S(s_1, ..., s_k): a move takes exactly s chips, for some s in the set S.

    Parameters
    ----------
    S : a finite, non-empty collection of positive whole numbers (any order; repeats are ignored), or the set
        as the panels take it, text such as ``"1, 3, 4"`` (within :attr:`set_limit`).
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

    #: The sets a panel accepts (the same in every explorer and in play).
    set_limit: ClassVar[Limit] = Limit("S", 1, MAX_ELEMENT, most=MAX_SET_SIZE, as_set=True)

    @classmethod
    def from_set(cls, S: object, misere: bool = False) -> SubtractionGame:
        """The game of a set typed as text (``"1, 3, 4"``) or given as a collection, within :attr:`set_limit`.

        >>> SubtractionGame.from_set("{4, 1, 3}").S
        (1, 3, 4)
        >>> SubtractionGame.from_set({1, 25})
        Traceback (most recent call last):
        ...
        ValueError: S {1, 25} is out of range: S: at most 8 numbers, each from 1 to 20
        """
        limit = cls.set_limit
        if isinstance(S, str):
            return cls(limit.read_numbers(S), misere)
        values = check_subtraction_set(read_items(S, "S", MAX_SET_SIZE, "{1, 3, 4}"))
        if values[-1] > limit.high:
            raise ValueError(f"S {set_text(values)} is out of range: {limit.text()}")
        return cls(values, misere)

    def __init__(self, S: Iterable[int] | str, misere: bool = False):
        if isinstance(S, str):  # as the panels take it: "1, 3, 4" (within set_limit)
            S = self.set_limit.read_numbers(S)
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
        return super().outcome(n)


class SubtractionPresentation(OneHeapPresentation):
    """The words of a subtraction game: its rule names the amounts of S.

    >>> SubtractionPresentation().how_to_move(SubtractionGame({1, 2, 3}))
    'take 1, 2 or 3 chips from the heap'
    """

    def how_to_move(self, game: SubtractionGame) -> str:  # type: ignore[override]
        amounts = [str(s) for s in game.S]
        return "take " + (", ".join(amounts[:-1]) + " or " + amounts[-1] if len(amounts) > 1 else amounts[0]) + \
            (" chip" if amounts == ["1"] else " chips") + " from the heap"


presents(SubtractionGame, SubtractionPresentation())


__all__ = ["SubtractionGame", "SubtractionPresentation"]
