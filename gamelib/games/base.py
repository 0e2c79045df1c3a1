"""The game model's base: what every game offers, and what every one-heap game offers besides.

:class:`Game` is the protocol the engine, the figures, the explorers and the play panel rely on, so that a
new game needs no code of its own above the model:

* the rules: ``moves``, and ``grundy``, ``outcome``, ``winning_moves`` and ``remoteness`` from them;
* its name and how a position and a value are written: ``title``, ``position_text`` (a position in a
  sentence), ``value_text`` (the value as a formula); the other words a panel shows (how to move, each move
  with its button label and verb, the symbols on a board) are the game's presentation, beside it
  (:mod:`gamelib.games.presentation`, which imports this module: the model knows no words);
* reading a position typed as text: ``read_position`` within the game's ``position_limit`` (a
  :class:`~gamelib.parsing.Limit`; ``play_limit`` is the largest start a play session explores);
* how a position is drawn, by naming the view of its kind of picture (``figure_kind``: "heap", "heaps", "board",
  ..., each registered once in :mod:`gamelib.plots`); a board game also lists its squares (``squares``, as
  :class:`Square`).

A game class gives its ``moves`` and overrides the rest only when it knows something faster than the
definition (a formula, a period, a cache). :class:`OneHeapGame` adds the tables of a game
played on one heap: ``grundy_values``, ``outcomes`` and ``p_positions``.

The rule "P exactly when the Grundy value is 0" (normal play) is written once, in :func:`outcome_from_grundy`
(and, for a whole table at once, :func:`outcomes_from_grundy`).
"""

from __future__ import annotations

import _thread  # a lock without the threading module (see gamelib.analysis.growing)
from collections.abc import Hashable
from dataclasses import dataclass

from gamelib.analysis import engine
from gamelib.arguments import check_int, check_stop, numbers_text
from gamelib.limits import MAX_LIST, MAX_PLAY_HEAP, MAX_POSITIONS
from gamelib.parsing import Limit

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from typing import Any, ClassVar

    import numpy as np

# numpy is imported by the functions that use it: a game whose values come without it (octal games with the
# compiled loop, gamelib.analysis.kernel_loop) does not load it.


def outcome_from_grundy(g: int) -> str:
    """``'P'`` when the Grundy value ``g`` is 0 (the player to move loses), else ``'N'`` (normal play).

    By the Sprague--Grundy theory a position is a P-position exactly when its Grundy value is 0.

    >>> outcome_from_grundy(0), outcome_from_grundy(3)
    ('P', 'N')
    """
    return "P" if g == 0 else "N"


def outcomes_from_grundy(values: np.ndarray) -> str:
    """:func:`outcome_from_grundy` for a whole array of Grundy values at once, as a string of ``'P'``/``'N'``.

    >>> import numpy as np
    >>> outcomes_from_grundy(np.array([0, 1, 2, 0]))
    'PNNP'
    """
    import numpy as np

    return outcome_text((np.asarray(values) != 0).astype(np.uint8))


def outcome_text(codes: np.ndarray) -> str:
    """Turn an array of outcome codes, 0 = P and 1 = N, into a string of ``'P'`` and ``'N'``.

    >>> import numpy as np
    >>> outcome_text(np.array([0, 1, 1], dtype=np.uint8))
    'PNN'
    """
    import numpy as np

    return np.where(np.asarray(codes) == 0, np.uint8(ord("P")), np.uint8(ord("N"))).tobytes().decode("ascii")


@dataclass(frozen=True)
class Square:
    """One square of a game drawn as a board (``figure_kind = "board"``): its ``key`` (what choosing it means
    to the game), where it is (``row``, ``col``, from 0 at the top left), its ``name`` and ``state`` in words
    ("row 2, column 3", "chocolate"), whether a piece is there (``filled``) and whether it is fixed (never
    chosen, drawn dark: Chomp's poison). The symbol written in it and the caption above it are the game's
    presentation's (:meth:`~gamelib.games.presentation.Presentation.symbol`).

    A board game lists its squares with ``squares(position)``; the board figure and the play panel draw them:

    >>> from gamelib import Chomp
    >>> poison, *others = Chomp(2, 3).squares((3, 1))
    >>> poison.name, poison.state, poison.fixed
    ('row 1, column 1', 'poison', True)
    >>> [square.key for square in others if not square.filled]  # eaten: row 2 keeps only its first square
    [(1, 1), (1, 2)]
    """

    key: Hashable
    row: int
    col: int
    name: str
    state: str
    filled: bool = True
    fixed: bool = False


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
    #: How a position is drawn (:func:`gamelib.plots.position_figure`): "heap", "heaps", "board", ... or
    #: "moves" (no picture of its own: the panels list the moves).
    figure_kind: ClassVar[str] = "moves"
    #: What a panel accepts when a position of this game is typed (None: positions are not typed).
    position_limit: ClassVar[Limit | None] = None
    #: The largest start a play session explores (the computer looks at every position below it).
    play_limit: ClassVar[Limit | None] = None
    #: Board games: True when a move chooses several squares (coins to turn), False for one (a square to bite).
    choose_several: ClassVar[bool] = False

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

    def remoteness(self, position: Any) -> int:
        """How many moves are left with best play (:func:`gamelib.analysis.engine.remoteness`): the winner
        hurries, the loser stalls. Kept for the next question, as a play session asks after every move."""
        memo = self.__dict__.get("_remoteness")
        if memo is None:
            memo = self.__dict__.setdefault("_remoteness", ({}, _thread.allocate_lock()))
        table, lock = memo
        with lock:
            return engine.evaluate(self, position, engine.remoteness_rule, table, MAX_POSITIONS)

    # -- how positions are written, and what panels ask of the model

    def check_position(self, position: Any) -> Any:
        """``position`` as this game keeps it, if it is one; else TypeError or ValueError saying why not."""
        return position

    def position_text(self, position: Any) -> str:
        """A position in a sentence ("at heap 7 you took 2"), e.g. ``'heaps (3, 4, 5)'``; by default
        ``'position (1, 3)'`` (a tuple of one number: ``'position (1)'``, as people write it)."""
        return f"position {numbers_text(position) if isinstance(position, tuple) else position}"

    def read_position(self, text: str, limit: Limit | None = None) -> Any:
        """The position typed in ``text``, read within ``limit`` (by default the game's ``position_limit``)."""
        return self.check_position(self._typed(limit).read(text))

    def position_within(self, position: Any, limit: Limit) -> Any:
        """``position`` (given from Python) as this game keeps it, if it is within ``limit``; else the error
        of :meth:`check_position`, or a ValueError or LimitError saying what is out of range. By default the limit
        checks the numbers it would read; a game whose positions are not numbers or tuples of numbers (pairs,
        graphs) says itself what is within its limit."""
        kept = self.check_position(position)
        limit.check_given(kept)
        return kept

    def typed_position(self, position: Any, limit: Limit | None = None) -> str:
        """``position`` as a student types it: the text :meth:`read_position` reads back (by default as
        ``limit``, else the game's ``position_limit``, writes numbers: ``'7'``, ``'3, 4, 5'``)."""
        return self._typed(limit).write(self.check_position(position))

    def _typed(self, limit: Limit | None) -> Limit:
        limit = limit or self.position_limit
        if limit is None:
            raise TypeError(f"positions of {self.title} cannot be typed as text")
        return limit

    def value_text(self, position: Any) -> str:
        """The Grundy value of a position as a short formula, e.g. ``'g = 3'``."""
        return f"g = {self.grundy(position)}"

    def squares(self, position: Any) -> list[Square]:  # pragma: no cover - board games give their own
        """The squares of the board, row by row (games with ``figure_kind = "board"``)."""
        raise NotImplementedError(f"{type(self).__name__} is not drawn as a board")

    def sized_for(self, start: Any) -> Game:
        """The game a play panel plays from ``start`` on: this one, or (a coin row) one whose board is fixed to
        the size the start needs, so the board keeps its size as the game goes."""
        return self

    def chosen_move(self, keys: tuple) -> Hashable:
        """The move key for the squares chosen on the board (one square: its own key)."""
        return keys[0] if len(keys) == 1 else tuple(keys)


class OneHeapGame(Game):
    """A game on one heap of n >= 0 chips: adds the tables ``grundy_values``, ``outcomes`` and ``p_positions``.

    A subclass gives ``moves(n)`` and ``grundy_values(stop)``, and, if it can be played misère,
    ``_misere_codes(stop)`` (0 = P, 1 = N for heaps 0 .. stop - 1) and its misère ``outcome``.

    >>> import numpy as np
    >>> class TakeOneOrTwo(OneHeapGame):
    ...     def moves(self, n):
    ...         return [n - s for s in (1, 2) if s <= n]
    ...     def grundy_values(self, stop):
    ...         return np.arange(stop) % 3
    >>> TakeOneOrTwo().outcomes(7), TakeOneOrTwo().p_positions(10)
    ('PNNPNNP', [0, 3, 6, 9])
    """

    figure_kind: ClassVar[str] = "heap"
    position_limit: ClassVar[Limit | None] = Limit("heap", 0, MAX_PLAY_HEAP)
    play_limit: ClassVar[Limit | None] = Limit("heap", 1, MAX_PLAY_HEAP)

    def grundy_values(self, stop: int) -> np.ndarray:  # pragma: no cover - defined by each game
        """Grundy values g(0), ..., g(stop - 1) as a numpy array (normal play)."""
        raise NotImplementedError

    def check_position(self, position: Any) -> int:
        """The heap size as a plain int (a whole number, at least 0)."""
        return check_int(position, "heap size n")

    def position_text(self, position: Any) -> str:
        """``'heap 7'``."""
        return f"heap {position}"

    def value_text(self, position: Any) -> str:
        """``'g(7) = 3'``."""
        value = self.grundy(position)  # first: it checks the position, which the text then quotes
        return f"g({position}) = {value}"

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
        import numpy as np

        text = self.outcomes(check_stop(stop, limit=MAX_LIST))
        return np.flatnonzero(np.frombuffer(text.encode("ascii"), dtype=np.uint8) == ord("P")).tolist()


__all__ = ["Game", "OneHeapGame", "Square", "outcome_from_grundy", "outcome_text", "outcomes_from_grundy"]
