"""Two-heap games on a board: Wythoff's game and the rook game (two-heap Nim drawn as a rook's moves)."""

from __future__ import annotations

from math import isqrt

from gamelib.arguments import LimitError, check_heaps, check_stop, show
from gamelib.games.base import Game
from gamelib.games.presentation import Presentation, presents
from gamelib.limits import MAX_BOARD_MOVES, MAX_WYTHOFF_LIMIT


def _check_move_count(position: object, count: int) -> None:
    if count > MAX_BOARD_MOVES:
        raise LimitError(f"{show(position)} has {count:,} moves; listing more than {MAX_BOARD_MOVES:,} is refused "
                         "(outcome and winning_moves do not need the list)")


def _floor_phi(k: int) -> int:
    """floor(k * golden ratio), exactly, with integers only: (k + floor(sqrt(5 k^2))) // 2."""
    return (k + isqrt(5 * k * k)) // 2


class Wythoff(Game):
    """Wythoff's game: two heaps (a, b); take any number from one heap, or the same number from both.

    The P-positions are (floor(k*phi), floor(k*phi) + k) and their mirror images, phi the golden ratio.

    >>> w = Wythoff()
    >>> w.p_positions(11)
    [(0, 0), (1, 2), (2, 1), (3, 5), (4, 7), (5, 3), (6, 10), (7, 4), (10, 6)]
    >>> w.outcome((4, 7)), w.winning_moves((4, 8))
    ('P', [(4, 7)])
    """

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
        return super().grundy(check_heaps(position, length=2))

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


class RookGame(Game):
    """One rook on a board that is infinite up and to the right; a move slides it left or down.

    A square is (x, y), counted from the corner (0, 0), where the rook can no longer move. Moving left
    lowers x by any amount, moving down lowers y: exactly two-heap Nim with heaps x and y, so the
    Grundy value is x XOR y and the P-positions are the diagonal squares (``outcome`` comes from the
    Grundy value, as for every :class:`~gamelib.games.base.Game`). Several rooks form a sum:
    ``GameSum(RookGame(), RookGame())``.

    >>> RookGame().moves((2, 1))
    [(0, 1), (1, 1), (2, 0)]
    >>> RookGame().grundy((5, 3)), RookGame().outcome((4, 4))
    (6, 'P')
    """

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

    def winning_moves(self, square: tuple[int, int]) -> list[tuple[int, int]]:
        """The move to the diagonal, if there is one."""
        x, y = check_heaps(square, name="square", length=2)
        return [(y, y)] if x > y else [(x, x)] if y > x else []


presents(Wythoff, Presentation("take any number of chips from one heap, or the same number from both"))
presents(RookGame, Presentation("slide the rook any number of squares left or down"))


__all__ = ["RookGame", "Wythoff"]
