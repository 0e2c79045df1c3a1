"""Small games explored position by position: Chomp, and Schuh's divisor game (Chomp in disguise).

Neither has a formula for its outcomes: every position below the one asked about is explored by the generic
engine (at most ``MAX_CHOMP_POSITIONS``), and the outcomes are kept for the next question
(:class:`ExploredGame`).
"""

from __future__ import annotations

import threading
from math import comb, isqrt
from typing import Any, ClassVar, cast

from gamelib.analysis import engine
from gamelib.arguments import LimitError, check_heaps, check_int, numbers_text, show
from gamelib.games.base import Game, Square
from gamelib.games.presentation import Move, Presentation, Verb, labelled_moves, presents
from gamelib.limits import MAX_CHOMP_MOVES, MAX_CHOMP_POSITIONS, MAX_DIVISOR_N, MAX_DIVISORS


class ExploredGame(Game):
    """What Chomp and the divisor game share: every position below the one asked about is explored (at most
    ``MAX_CHOMP_POSITIONS`` positions and ``MAX_CHOMP_MOVES`` moves), and outcomes are kept for the next
    question. Subclasses give ``check_position`` and ``moves``, and call :meth:`_start_memo` when built.

    >>> Chomp(2, 2).outcome((2, 1)), DivisorGame(6).outcome((1, 2, 3))
    ('P', 'P')
    """

    def _start_memo(self) -> None:
        self._memo: dict = {}
        self._moves_spent = [0]  # moves listed into the memo so far (the memo is kept between questions)
        self._lock = threading.RLock()

    def check_position(self, position: tuple[int, ...]) -> tuple[int, ...]:  # pragma: no cover - per game
        """``position`` as a tuple, if it is a position of this game; else a ValueError saying why not."""
        raise NotImplementedError

    def outcome(self, position: tuple[int, ...]) -> str:
        """``'P'`` or ``'N'``, by exploring every position below this one (cached)."""
        position = self.check_position(position)
        with self._lock:  # one exploration at a time fills the shared memo
            return engine.evaluate(self, position, engine.outcome_rule(False), self._memo, MAX_CHOMP_POSITIONS,
                                   self._moves_spent, MAX_CHOMP_MOVES)

    def grundy(self, position: tuple[int, ...]) -> int:
        """The Grundy value, by the generic engine."""
        position = self.check_position(position)
        return engine.evaluate(self, position, engine.grundy_rule, {}, MAX_CHOMP_POSITIONS, [0], MAX_CHOMP_MOVES)


class Chomp(ExploredGame):
    """Chomp on a chocolate bar of ``rows`` x ``cols`` squares; the top-left square is poisoned.

    A position lists how many squares are left in each row, top row first; the lengths never increase
    downwards, e.g. ``(5, 5, 3)``. A move picks a remaining square and eats it together with every square
    below it and to its right. Convention used here: eating the poisoned square is not a move, so the
    player faced with the poisoned square alone, ``(1, 0, 0)``, cannot move and loses — the same as
    "whoever eats the poison loses". Boards are kept small (at most ``MAX_CHOMP_POSITIONS`` positions).

    >>> c = Chomp(2, 3)
    >>> c.start
    (3, 3)
    >>> c.outcome(c.start), c.winning_moves(c.start)
    ('N', [(3, 2)])
    """

    figure_kind: ClassVar[str] = "board"

    def __init__(self, rows: int, cols: int):
        self.rows = check_int(rows, "rows", minimum=1)
        self.cols = check_int(cols, "cols", minimum=1)
        count = comb(self.rows + self.cols, self.rows)
        if count > MAX_CHOMP_POSITIONS:
            raise LimitError(
                f"a {self.rows} x {self.cols} board has {count:,} positions; boards with at most "
                f"{MAX_CHOMP_POSITIONS:,} are allowed (e.g. 8 x 8 has 12,870)"
            )
        # On average a position keeps half the squares (a position and its complement, turned round, pair
        # up), and each square left but the poisoned one is a move.
        moves = count * (self.rows * self.cols) // 2
        if moves > MAX_CHOMP_MOVES:
            raise LimitError(
                f"a {self.rows} x {self.cols} board has about {moves:,} moves in all its positions; boards with at "
                f"most {MAX_CHOMP_MOVES:,} are allowed (e.g. 8 x 8 has about 412,000)"
            )
        self.start = (self.cols,) * self.rows
        self._start_memo()

    def __repr__(self) -> str:
        return f"Chomp({self.rows}, {self.cols})"

    @property
    def title(self) -> str:
        """How plots and messages name this game."""
        return f"Chomp {self.rows} x {self.cols}"

    def check_position(self, position: tuple[int, ...]) -> tuple[int, ...]:
        """The row lengths as a tuple, if they are a position of this board; else a ValueError saying why.

        >>> Chomp(2, 3).check_position((3, 1))
        (3, 1)
        """
        rows = check_heaps(position, length=self.rows)
        if rows[0] < 1 or any(r > self.cols for r in rows) or any(a < b for a, b in zip(rows, rows[1:], strict=False)):
            raise ValueError(
                f"{show(position)} is not a Chomp position of a {self.rows} x {self.cols} board: row lengths must "
                f"be at most {self.cols}, never increase downwards, and the top row keeps the poisoned square"
            )
        return rows

    def bite(self, position: tuple[int, ...], row: int, col: int) -> tuple[int, ...]:
        """The position after eating square (``row``, ``col``) and every square below it and to its right.

        This is the one place the bite rule is written. Rows and columns count from 0 at the poisoned corner;
        the square must still be there, and it may not be the poisoned square (0, 0).

        >>> Chomp(3, 4).bite((4, 4, 4), 1, 2)
        (4, 2, 2)
        """
        rows = self.check_position(position)
        row = check_int(row, "row")
        col = check_int(col, "col")
        if row >= len(rows) or col >= rows[row]:
            raise ValueError(f"square ({row}, {col}) is not left in position {rows}")
        if row == 0 and col == 0:
            raise ValueError("square (0, 0) is the poisoned square: eating it is not a move")
        return self._eat(rows, row, col)

    @staticmethod
    def _eat(rows: tuple[int, ...], row: int, col: int) -> tuple[int, ...]:
        """The bite rule itself, on a position and a square already checked."""
        return rows[:row] + tuple(min(x, col) for x in rows[row:])

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every position one bite away (the poisoned square itself is never eaten).

        The position is checked once; every square of it is then a legal bite, so the rule is applied
        without checking each one again (exploring a board lists hundreds of thousands of moves).
        """
        rows = self.check_position(position)
        return [self._eat(rows, r, c) for r, length in enumerate(rows) for c in range(length) if r or c]

    def position_text(self, position: Any) -> str:
        """``'position (5, 5, 3)'`` (the row lengths, top row first; one row: ``'position (5)'``)."""
        return f"position {numbers_text(tuple(position))}"

    def squares(self, position: Any) -> list[Square]:
        """Every square of the bar, row by row: chocolate, eaten, or the poison (fixed)."""
        rows = self.check_position(position)
        return [Square((r, c), r, c, f"row {r + 1}, column {c + 1}",
                       "poison" if (r, c) == (0, 0) else "chocolate" if c < rows[r] else "eaten",
                       filled=c < rows[r], fixed=(r, c) == (0, 0))
                for r in range(self.rows) for c in range(self.cols)]

    def winning_bites(self, position: tuple[int, ...]) -> list[tuple[int, int]]:
        """The squares (row, col) whose bite leaves a P-position: the winning moves, as squares to eat.

        >>> Chomp(2, 3).winning_bites((3, 3))
        [(1, 2)]
        """
        return [cast(tuple[int, int], m.key) for m in labelled_moves(self, position) if self.outcome(m.after) == "P"]


def divisors(n: int) -> tuple[int, ...]:
    """The divisors of ``n`` in increasing order (trial division up to the square root).

    >>> divisors(12)
    (1, 2, 3, 4, 6, 12)
    """
    n = check_int(n, "n", minimum=1)
    if n > MAX_DIVISOR_N:
        raise LimitError(f"n = {n:,} is too big; divisors are listed for n up to {MAX_DIVISOR_N:,}")
    small = [d for d in range(1, isqrt(n) + 1) if n % d == 0]
    return tuple(sorted(set(small + [n // d for d in small])))


class DivisorGame(ExploredGame):
    """Schuh's divisor game on a number ``n``: players take turns naming a divisor of ``n`` that is not a
    multiple of any number named before; whoever has to name 1 loses.

    A position is the tuple of divisors that may still be named, in increasing order; the game starts from all
    of them. Naming d removes d and all its multiples. As in :class:`Chomp`, naming 1 is not counted as a
    move: the player left with ``(1,)`` cannot move and loses. For ``n = p**a * q**b`` (p, q prime) the
    game is Chomp on an (a + 1) x (b + 1) board — working out why is a project of lesson 7. At most
    ``MAX_DIVISORS`` divisors and ``MAX_CHOMP_POSITIONS`` positions are explored.

    >>> game = DivisorGame(12)
    >>> game.start
    (1, 2, 3, 4, 6, 12)
    >>> game.moves((1, 2, 3, 4))
    [(1, 3), (1, 2, 4), (1, 2, 3)]
    >>> game.outcome(game.start), game.winning_moves(game.start)
    ('N', [(1, 2, 3, 4, 6)])
    """

    def __init__(self, n: int):
        self.n = check_int(n, "n", minimum=1)
        self.start = divisors(self.n)
        if len(self.start) > MAX_DIVISORS:
            raise LimitError(f"{self.n:,} has {len(self.start)} divisors; the divisor game is played here on "
                             f"numbers with at most {MAX_DIVISORS} divisors (e.g. 720 = 2**4 * 3**2 * 5 has 30)")
        self._primes = [d for d in self.start[1:] if all(d % e for e in self.start[1:] if e < d)]
        self._start_memo()

    def __repr__(self) -> str:
        return f"DivisorGame({self.n})"

    @property
    def title(self) -> str:
        """How plots and messages name this game."""
        return f"Divisor game on {self.n}"

    def check_position(self, position: tuple[int, ...]) -> tuple[int, ...]:
        """``position`` itself, if it is a position of this game; else a TypeError/ValueError saying why."""
        if not isinstance(position, tuple):
            raise TypeError(f"a divisor game position is a tuple of divisors such as {self.start}, got "
                            f"{show(position)}")
        allowed = check_heaps(position, name="position")
        if not allowed or allowed[0] != 1 or any(a >= b for a, b in zip(allowed, allowed[1:], strict=False)) \
                or any(self.n % d for d in allowed):
            raise ValueError(f"{show(position)} is not a position of {self!r}: list divisors of {self.n} in increasing "
                             f"order, starting with 1")
        # Reachable positions are closed under division: with m allowed, m / p is allowed for each prime p | m.
        kept = set(allowed)
        if any(m // p not in kept for m in allowed for p in self._primes if m % p == 0):
            raise ValueError(f"{show(position)} is not a position of {self!r}: it keeps a multiple of a divisor "
                             f"already named")
        return allowed

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every position one move away: name a divisor d > 1 still allowed, and drop its multiples."""
        allowed = self.check_position(position)
        return [tuple(m for m in allowed if m % d) for d in allowed if d != 1]


#: The verb of this game's moves, in the forms a sentence needs.
BITE = Verb("bite", "bit", "biting")


class ChompPresentation(Presentation):
    """Chomp's words: a move is known by its square ``(row, col)``, from 0 at the poisoned corner, and named
    from 1 ("bite at row 2, column 3"); the poisoned square shows a skull.

    >>> [m.words() for m in ChompPresentation().moves(Chomp(2, 2), (2, 1))]
    ['bite at row 1, column 2', 'bite at row 2, column 1']
    """

    def moves(self, game: Game, position: Any) -> list[Move]:
        bar = cast(Chomp, game)
        rows = bar.check_position(position)
        return [Move((r, c), bar._eat(rows, r, c), f"{r + 1},{c + 1}", BITE, f"at row {r + 1}, column {c + 1}",
                     group=r) for r, length in enumerate(rows) for c in range(length) if r or c]

    def symbol(self, game: Game, square: Square) -> str:
        return "\u2620" if square.fixed else ""


presents(Chomp, ChompPresentation("bite a square, eating it and every square below it and to its right (never the "
                                  "poisoned square)"))
presents(DivisorGame, Presentation("name a divisor that is not a multiple of one named before (never 1)"))


__all__ = ["Chomp", "ChompPresentation", "DivisorGame", "ExploredGame", "divisors"]
