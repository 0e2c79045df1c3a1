"""Nim: several heaps; a move takes any positive number of chips from one heap.

A position is a tuple of heap sizes, e.g. ``(3, 4, 5)``. The order of the heaps is kept as given.
"""

from __future__ import annotations

from functools import cache, reduce
from operator import xor

from gamelib.checks import LimitError, check_bool, check_heaps, check_int
from gamelib.games.base import Game, outcome_from_grundy
from gamelib.limits import MAX_NIM_MOVES, MAX_P_SEARCH_HEAP

#: Heaps are called A, B, C, ... in every picture, panel and message, so that a student can match them up.
HEAP_NAMES = "ABCDEFGH"


def nim_sum(*heaps: int) -> int:
    """The nim-sum: binary addition without carrying (bitwise XOR) of the heap sizes.

    >>> nim_sum(5, 9, 12)
    0
    >>> nim_sum(3, 11, 14)
    6
    >>> nim_sum()
    0
    """
    if len(heaps) > MAX_NIM_MOVES:
        raise LimitError(f"nim_sum of {len(heaps):,} heaps; this kit adds at most {MAX_NIM_MOVES:,}")
    return reduce(xor, (check_int(h, "each heap") for h in heaps), 0)


class Nim(Game):
    """Nim with any number of heaps. Normal play: P exactly when the nim-sum is 0.

    Misère play (who takes the last chip loses): when every heap has at most one chip, P exactly when the
    number of one-chip heaps is odd; otherwise P exactly when the nim-sum is 0, as in normal play.

    >>> Nim().outcome((1, 2, 3))
    'P'
    >>> Nim().winning_moves((3, 4, 5))
    [(1, 4, 5)]
    >>> Nim(misere=True).outcome((1,))
    'P'
    >>> Nim(misere=True).winning_moves((1, 1, 2))
    [(1, 1, 1)]
    """

    def __init__(self, misere: bool = False):
        self.misere = check_bool(misere, "misere")

    def __repr__(self) -> str:
        return "Nim(misere=True)" if self.misere else "Nim()"

    @property
    def title(self) -> str:
        """How plots and messages name this game."""
        return "Nim (misère)" if self.misere else "Nim"

    def moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every position one move away: some heap made smaller, the others untouched."""
        heaps = check_heaps(position)
        if sum(heaps) > MAX_NIM_MOVES:
            raise LimitError(
                f"{position} has {sum(heaps):,} moves; listing more than {MAX_NIM_MOVES:,} is refused "
                "(winning_moves and outcome do not need the list)"
            )
        return [heaps[:i] + (t,) + heaps[i + 1 :] for i, h in enumerate(heaps) for t in range(h)]

    def grundy(self, position: tuple[int, ...]) -> int:
        """The Grundy value of a Nim position: the nim-sum of its heaps (normal play)."""
        if self.misere:
            raise ValueError("Grundy values describe normal play; use outcome() for misère Nim")
        return nim_sum(*check_heaps(position))

    def outcome(self, position: tuple[int, ...]) -> str:
        """``'P'`` or ``'N'`` by the nim-sum rule (and the misère rule when misère)."""
        heaps = check_heaps(position)
        if self.misere and all(h <= 1 for h in heaps):
            return "P" if sum(heaps) % 2 == 1 else "N"
        return outcome_from_grundy(nim_sum(*heaps))

    def winning_moves(self, position: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The moves to P-positions, found without listing every move (works for huge heaps)."""
        heaps = check_heaps(position)
        total = nim_sum(*heaps)
        found = []
        for i, h in enumerate(heaps):
            # A winning move changes heap i to h ^ total (nim-sum 0) or, in misère play, possibly to 0 or 1.
            targets = {h ^ total, 0, 1} if self.misere else {h ^ total}
            for t in sorted(targets):
                if t < h:
                    after = heaps[:i] + (t,) + heaps[i + 1 :]
                    if self.outcome(after) == "P":
                        found.append(after)
        return found


def nim_p_positions(max_heap: int, smallest: int | None = None) -> list[tuple[int, int, int]]:
    """The three-heap Nim P-positions ``(a, b, c)`` with ``a < b < c <= max_heap``, found from the definition.

    The search uses only the rules of Nim and the definition of P and N (a position is P exactly when every
    move leads to an N-position); it never computes a nim-sum, so its result can be used to test the
    nim-sum rule. Positions with two equal heaps or an empty heap are left out (they are the easy ones).

    Parameters
    ----------
    max_heap : int
        The largest heap size allowed, 0 to ``MAX_P_SEARCH_HEAP`` (31).
    smallest : int, optional
        If given, keep only the positions whose smallest heap ``a`` equals it.

    Returns
    -------
    list of tuple
        The triples in increasing order.

    Examples
    --------
    >>> nim_p_positions(7)
    [(1, 2, 3), (1, 4, 5), (1, 6, 7), (2, 4, 6), (2, 5, 7), (3, 4, 7), (3, 5, 6)]
    >>> nim_p_positions(15, smallest=4)
    [(4, 8, 12), (4, 9, 13), (4, 10, 14), (4, 11, 15)]
    """
    max_heap = check_int(max_heap, "max_heap")
    if max_heap > MAX_P_SEARCH_HEAP:
        raise LimitError(f"max_heap={max_heap} is too large: nim_p_positions searches heaps up to "
                         f"{MAX_P_SEARCH_HEAP} (for bigger heaps use the nim-sum rule, Nim().outcome)")
    if smallest is not None:
        smallest = check_int(smallest, "smallest")

    @cache
    def is_p(heaps: tuple[int, ...]) -> bool:  # heaps sorted, so each position is searched once
        followers = (tuple(sorted(heaps[:i] + (t,) + heaps[i + 1 :])) for i, h in enumerate(heaps)
                     for t in range(h))
        return not any(is_p(f) for f in followers)

    firsts = range(1, max_heap + 1) if smallest is None else [smallest]
    return [(a, b, c) for a in firsts for b in range(a + 1, max_heap + 1) for c in range(b + 1, max_heap + 1)
            if is_p((a, b, c))]
