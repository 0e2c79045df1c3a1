"""Two-heap and board games: Wythoff's game, the rook game, Chomp, and the divisor game (Chomp in disguise)."""

from __future__ import annotations

import threading
from math import comb, isqrt

from gamelib.analysis import engine
from gamelib.checks import LimitError, check_heaps, check_int, check_stop
from gamelib.limits import (
    MAX_BOARD_MOVES,
    MAX_CHOMP_MOVES,
    MAX_CHOMP_POSITIONS,
    MAX_DIVISOR_N,
    MAX_DIVISORS,
    MAX_WYTHOFF_LIMIT,
)


def _check_move_count(position: object, count: int) -> None:
    if count > MAX_BOARD_MOVES:
        raise LimitError(f"{position} has {count:,} moves; listing more than {MAX_BOARD_MOVES:,} is refused "
                         "(outcome and winning_moves do not need the list)")


def _floor_phi(k: int) -> int:
    """floor(k * golden ratio), exactly, with integers only: (k + floor(sqrt(5 k^2))) // 2."""
    return (k + isqrt(5 * k * k)) // 2


class Wythoff:
    """Wythoff's game: two heaps (a, b); take any number from one heap, or the same number from both.

    The P-positions are (floor(k*phi), floor(k*phi) + k) and their mirror images, phi the golden ratio.

    >>> w = Wythoff()
    >>> w.p_positions(11)
    [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (6, 10), (7, 4), (10, 6)]
    >>> w.outcome((4, 7)), w.winning_moves((4, 8))
    ('P', [(4, 7)])
    """

    misere = False
    title = "Wythoff's game"

    def __repr__(self) -> str:
        return "Wythoff()"

    def moves(self, position: tuple[int, int]) -> list[tuple[int, int]]:
        """Every position one move away."""
        a, b = check_heaps(position, length=2)
        _check_move_count(position, a + b + min(a, b))
        return (
            [(t, b) for t in range(a)]
            + [(a, t) for t in range(b)]
            + [(a - d, b - d) for d in range(1, min(a, b) + 1)]
        )

    def outcome(self, position: tuple[int, int]) -> str:
        """``'P'`` or ``'N'``, by the golden-ratio formula (exact integer arithmetic)."""
        a, b = sorted(check_heaps(position, length=2))
        return "P" if _floor_phi(b - a) == a else "N"

    def grundy(self, position: tuple[int, int]) -> int:
        """The Grundy value (no formula is known: found by the generic engine, so keep heaps small)."""
        return engine.grundy(self, check_heaps(position, length=2))

    def winning_moves(self, position: tuple[int, int]) -> list[tuple[int, int]]:
        """The moves to P-positions."""
        return [m for m in self.moves(position) if self.outcome(m) == "P"]

    def p_positions(self, limit: int) -> list[tuple[int, int]]:
        """All P-positions (a, b) with both heaps below ``limit``, in order of a."""
        limit = check_stop(limit, limit=MAX_WYTHOFF_LIMIT, name="limit")
        found = []
        k = 0
        while _floor_phi(k) < limit:
            a = _floor_phi(k)
            for pair in {(a, a + k), (a + k, a)}:
                if pair[0] < limit and pair[1] < limit:
                    found.append(pair)
            k += 1
        return sorted(found)


class RookGame:
    """One rook on a board that is infinite up and to the right; a move slides it left or down.

    A square is (x, y), counted from the corner (0, 0), where the rook can no longer move. Moving left
    lowers x by any amount, moving down lowers y: exactly two-heap Nim with heaps x and y, so the
    Grundy value is x XOR y and the P-positions are the diagonal squares. Several rooks form a sum:
    ``GameSum(RookGame(), RookGame())``.

    >>> RookGame().moves((2, 1))
    [(0, 1), (1, 1), (2, 0)]
    >>> RookGame().grundy((5, 3)), RookGame().outcome((4, 4))
    (6, 'P')
    """

    misere = False
    title = "Rook game"

    def __repr__(self) -> str:
        return "RookGame()"

    def moves(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        """Every square the rook can slide to."""
        x, y = check_heaps(square, name="square", length=2)
        _check_move_count(square, x + y)
        return [(t, y) for t in range(x)] + [(x, t) for t in range(y)]

    def grundy(self, square: tuple[int, int]) -> int:
        """x XOR y, as for the Nim heaps (x, y)."""
        x, y = check_heaps(square, name="square", length=2)
        return x ^ y

    def outcome(self, square: tuple[int, int]) -> str:
        """``'P'`` exactly on the diagonal x = y."""
        return "P" if self.grundy(square) == 0 else "N"

    def winning_moves(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        """The move to the diagonal, if there is one."""
        x, y = check_heaps(square, name="square", length=2)
        return [(y, y)] if x > y else [(x, x)] if y > x else []


class _SmallGame:
    """What Chomp and the divisor game share: every position below the one asked about is explored (at most
    ``MAX_CHOMP_POSITIONS``), and outcomes are kept for the next question. Subclasses give ``_check`` and
    ``moves``."""

    misere = False
    _memo: dict

    def _check(self, position: tuple[int, ...]) -> tuple[int, ...]:
        raise NotImplementedError

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        raise NotImplementedError

    def outcome(self, position: tuple[int, ...]) -> str:
        """``'P'`` or ``'N'``, by exploring every position below this one (cached)."""
        position = self._check(position)
        with self._lock:  # one exploration at a time fills the shared memo
                return engine._evaluate(self, position, engine._outcome_rule(False), self._memo, MAX_CHOMP_POSITIONS,
                                    self._moves_spent, MAX_CHOMP_MOVES)

    def winning_moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The moves that leave a P-position."""
        return [m for m in self.moves(position) if self.outcome(m) == "P"]

    def grundy(self, position: tuple[int, ...]) -> int:
        """The Grundy value, by the generic engine."""
        position = self._check(position)
        return engine._evaluate(self, position, engine._mex, {}, MAX_CHOMP_POSITIONS, [0], MAX_CHOMP_MOVES)


class Chomp(_SmallGame):
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
        self._memo: dict = {}
        self._moves_spent = [0]  # moves listed into the memo so far (the memo is kept between questions)
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"Chomp({self.rows}, {self.cols})"

    @property
    def title(self) -> str:
        """How plots and messages name this game."""
        return f"Chomp {self.rows} x {self.cols}"

    def _check(self, position: tuple[int, ...]) -> tuple[int, ...]:
        rows = check_heaps(position, length=self.rows)
        if rows[0] < 1 or any(r > self.cols for r in rows) or any(a < b for a, b in zip(rows, rows[1:], strict=False)):
            raise ValueError(
                f"{position} is not a Chomp position of a {self.rows} x {self.cols} board: row lengths must "
                f"be at most {self.cols}, never increase downwards, and the top row keeps the poisoned square"
            )
        return rows

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every position one bite away (the poisoned square itself is never eaten)."""
        rows = self._check(position)
        found = []
        for r, length in enumerate(rows):
            for c in range(length):
                if r == 0 and c == 0:
                    continue
                found.append(rows[:r] + tuple(min(x, c) for x in rows[r:]))
        return found


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


class DivisorGame(_SmallGame):
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
        self._memo: dict = {}
        self._moves_spent = [0]  # moves listed into the memo so far (the memo is kept between questions)
        self._lock = threading.RLock()

    def __repr__(self) -> str:
        return f"DivisorGame({self.n})"

    @property
    def title(self) -> str:
        """How plots and messages name this game."""
        return f"Divisor game on {self.n}"

    def _check(self, position: tuple[int, ...]) -> tuple[int, ...]:
        if not isinstance(position, tuple):
            raise TypeError(f"a divisor game position is a tuple of divisors such as {self.start}, got {position!r}")
        allowed = check_heaps(position, name="position")
        if not allowed or allowed[0] != 1 or any(a >= b for a, b in zip(allowed, allowed[1:], strict=False)) \
                or any(self.n % d for d in allowed):
            raise ValueError(f"{position} is not a position of {self!r}: list divisors of {self.n} in increasing "
                             f"order, starting with 1")
        # Reachable positions are closed under division: with m allowed, m / p is allowed for each prime p | m.
        kept = set(allowed)
        if any(m // p not in kept for m in allowed for p in self._primes if m % p == 0):
            raise ValueError(f"{position} is not a position of {self!r}: it keeps a multiple of a divisor "
                             f"already named")
        return allowed

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every position one move away: name a divisor d > 1 still allowed, and drop its multiples."""
        allowed = self._check(position)
        return [tuple(m for m in allowed if m % d) for d in allowed if d != 1]
