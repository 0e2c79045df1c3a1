"""The game model's base: what every game offers, and what every one-heap game offers besides.

:class:`Game` is what the engine, the figures and the panels may rely on: ``moves``, ``title``, ``misere``,
``grundy``, ``outcome`` and ``winning_moves``. A game class gives its ``moves`` and overrides the rest only
when it knows something faster than the definition (a formula, a period, a cache). :class:`OneHeapGame` adds
the tables of a game played on one heap: ``grundy_values``, ``outcomes`` and ``p_positions``.

The rule "P exactly when the Grundy value is 0" (normal play) is written once, in :func:`outcome_from_grundy`
(and, for a whole table at once, :func:`outcomes_from_grundy`).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from gamelib.analysis import engine
from gamelib.checks import check_stop
from gamelib.limits import MAX_LIST


def outcome_from_grundy(g: int) -> str:
    """``'P'`` when the Grundy value ``g`` is 0 (the player to move loses), else ``'N'`` (normal play).

    By the Sprague--Grundy theory a position is a P-position exactly when its Grundy value is 0.

    >>> outcome_from_grundy(0), outcome_from_grundy(3)
    ('P', 'N')
    """
    return "P" if g == 0 else "N"


def outcomes_from_grundy(values: np.ndarray) -> str:
    """:func:`outcome_from_grundy` for a whole array of Grundy values at once, as a string of ``'P'``/``'N'``.

    >>> outcomes_from_grundy(np.array([0, 1, 2, 0]))
    'PNNP'
    """
    return outcome_text((np.asarray(values) != 0).astype(np.uint8))


def outcome_text(codes: np.ndarray) -> str:
    """Turn an array of outcome codes, 0 = P and 1 = N, into a string of ``'P'`` and ``'N'``.

    >>> outcome_text(np.array([0, 1, 1], dtype=np.uint8))
    'PNN'
    """
    return np.where(np.asarray(codes) == 0, np.uint8(ord("P")), np.uint8(ord("N"))).tobytes().decode("ascii")


class Game:
    """An impartial game: the positions one move away (``moves``), and what follows from them.

    A subclass must give ``moves(position)``. The defaults compute from the definition with the generic
    engine (:mod:`gamelib.analysis.engine`): ``grundy`` is the mex of the followers' values, ``outcome`` is
    :func:`outcome_from_grundy` in normal play (the engine's P/N search in misère play), and
    ``winning_moves`` are the moves to P-positions.

    >>> class TakeOneOrTwo(Game):
    ...     title = "S = {1, 2}"
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2) if s <= n]
    >>> game = TakeOneOrTwo()
    >>> game.grundy(4), game.outcome(6), game.winning_moves(7)
    (1, 'P', [6])
    """

    #: False for normal play (who cannot move loses), True for misère play (who cannot move wins).
    misere: bool = False

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game (by default its ``repr``)."""
        return repr(self)

    def moves(self, position: Any) -> list:  # pragma: no cover - every game gives its own
        """The positions one move away from ``position``."""
        raise NotImplementedError(f"{type(self).__name__} must say what its moves are")

    def _normal_only(self) -> None:
        if self.misere:
            raise ValueError(
                f"{self!r} is played misère; Grundy values describe normal play. Use outcome()/outcomes() "
                "for misère play, or the same game without misere=True for Grundy values."
            )

    def grundy(self, position: Any) -> int:
        """The Grundy value of ``position`` (normal play), from the definition by the generic engine."""
        self._normal_only()
        return engine.grundy(self, position)

    def outcome(self, position: Any) -> str:
        """``'P'`` (the player to move loses with best play) or ``'N'``, under this game's play rule."""
        if self.misere:
            return engine.outcome(self, position, misere=True)
        return outcome_from_grundy(self.grundy(position))

    def winning_moves(self, position: Any) -> list:
        """The positions one move away that are P-positions: the moves that win. Empty for a P-position."""
        return [m for m in self.moves(position) if self.outcome(m) == "P"]


class OneHeapGame(Game):
    """A game on one heap of n >= 0 chips: adds the tables ``grundy_values``, ``outcomes`` and ``p_positions``.

    A subclass gives ``moves(n)`` and ``grundy_values(stop)``, and, if it can be played misère,
    ``_misere_codes(stop)`` (0 = P, 1 = N for heaps 0 .. stop - 1) and its misère ``outcome``.

    >>> class TakeOneOrTwo(OneHeapGame):
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2) if s <= n]
    ...     def grundy_values(self, stop):
    ...         return np.arange(stop) % 3
    >>> TakeOneOrTwo().outcomes(7), TakeOneOrTwo().p_positions(10)
    ('PNNPNNP', [0, 3, 6, 9])
    """

    def grundy_values(self, stop: int) -> np.ndarray:  # pragma: no cover - defined by each game
        """Grundy values g(0), ..., g(stop - 1) as a numpy array (normal play)."""
        raise NotImplementedError

    def _misere_codes(self, stop: int) -> np.ndarray:  # pragma: no cover - defined by each misère game
        raise NotImplementedError(f"{type(self).__name__} is not played misère")

    def outcomes(self, stop: int) -> str:
        """A string of ``'P'``/``'N'`` for heaps 0, 1, ..., stop - 1 under this game's play rule."""
        stop = check_stop(stop)
        if self.misere:
            return outcome_text(self._misere_codes(stop))
        return outcomes_from_grundy(self.grundy_values(stop))

    def p_positions(self, stop: int) -> list[int]:
        """The heap sizes below ``stop`` that are P-positions (the player who just moved wins)."""
        text = self.outcomes(check_stop(stop, limit=MAX_LIST))
        return np.flatnonzero(np.frombuffer(text.encode("ascii"), dtype=np.uint8) == ord("P")).tolist()


__all__ = ["Game", "OneHeapGame", "outcome_from_grundy", "outcome_text", "outcomes_from_grundy"]
