"""Nim: several heaps; a move takes any positive number of chips from one heap.

A position is a tuple of heap sizes, e.g. ``(3, 4, 5)``. The order of the heaps is kept as given. The moves
of Nim are written once, in :func:`nim_moves`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, reduce
from operator import xor
from typing import Any, ClassVar

import numpy as np

from gamelib.analysis import engine
from gamelib.arguments import LimitError, check_bool, check_heaps, check_int, read_items, show
from gamelib.games.base import Game, outcome_from_grundy
from gamelib.games.heap_rows import HEAP_NAMES, HeapsGame, HeapsPresentation
from gamelib.games.presentation import presents
from gamelib.limits import (
    MAX_NIM_EXPLORER_HEAP,
    MAX_NIM_EXPLORER_HEAPS,
    MAX_NIM_MOVES,
    MAX_P_SEARCH_HEAP,
    MAX_PLAY_NIM_HEAP,
    MAX_PLAY_NIM_HEAPS,
    MAX_POSITIONS,
    MAX_REMOTENESS_HEAPS,
)
from gamelib.parsing import Limit


def nim_moves(heaps: tuple[int, ...]) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Every Nim move from ``heaps`` (already checked) as ``(heap index, amount taken, position after)``,
    heap A first and the smallest amount first: the one place the rule of Nim is written.

    >>> list(nim_moves((1, 2)))
    [(0, 1, (0, 2)), (1, 1, (1, 1)), (1, 2, (1, 0))]
    """
    for i, h in enumerate(heaps):
        for amount in range(1, h + 1):
            yield i, amount, heaps[:i] + (h - amount,) + heaps[i + 1 :]


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


class Nim(HeapsGame):
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

    #: Nim is drawn as its binary table (:func:`gamelib.plots.nim_binary_table`), played as rows of heaps.
    figure_kind: ClassVar[str] = "nim"
    position_limit: ClassVar[Limit | None] = Limit("heaps", 0, MAX_NIM_EXPLORER_HEAP, most=MAX_NIM_EXPLORER_HEAPS)
    play_limit: ClassVar[Limit | None] = Limit("heaps", 0, MAX_PLAY_NIM_HEAP, most=MAX_PLAY_NIM_HEAPS)

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
                f"{show(position)} has {sum(heaps):,} moves; listing more than {MAX_NIM_MOVES:,} is refused "
                "(winning_moves and outcome do not need the list)"
            )
        # heap A first, and in each heap the smallest heap left first
        return [after for _, _, after in sorted(nim_moves(heaps), key=lambda move: (move[0], -move[1]))]

    def value_text(self, position: Any) -> str:
        """The nim-sum written out, e.g. ``'3 ⊕ 4 ⊕ 5 = 2'``."""
        heaps = check_heaps(position)
        return " \u2295 ".join(map(str, heaps)) + f" = {nim_sum(*heaps)}"

    def remoteness(self, position: Any) -> int:
        """The remoteness of a Nim position (:func:`nim_remoteness`)."""
        return nim_remoteness(position)

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


class NimPresentation(HeapsPresentation):
    """Nim's words: a move takes from one heap ("take 2 from heap A"); the values are the nim-sum with the heaps
    in binary.

    >>> NimPresentation().values_text(Nim(), (3, 5))
    '3 ⊕ 5 = 6 (in binary: A = 0011, B = 0101)'
    """

    def __init__(self) -> None:
        super().__init__("take any number of chips from one heap")

    def values_text(self, game: Game, position: Any) -> str:
        binary = ", ".join(f"{HEAP_NAMES[i]} = {h:04b}" for i, h in enumerate(check_heaps(position)))
        return f"{game.value_text(position)} (in binary: {binary})"


presents(Nim, NimPresentation())


class _SortedNim:
    """Nim with each position written as its sorted non-empty heaps (the order of heaps does not matter), so
    that remoteness explores each position once: the moves are :func:`nim_moves`, sorted."""

    def moves(self, position: tuple[int, ...]) -> set[tuple[int, ...]]:
        return {tuple(sorted(h for h in after if h)) for _, _, after in nim_moves(position)}


def nim_position_count(heaps: tuple[int, ...]) -> int:
    """How many Nim positions lie at or below ``heaps`` (sorted, largest first), counting a position by its
    sorted heaps as :func:`nim_remoteness` does: the non-increasing sequences b with 0 <= b[i] <= heaps[i].
    The count stops just above MAX_POSITIONS.

    >>> nim_position_count((2, 1))  # (0, 0), (1, 0), (2, 0), (1, 1), (2, 1)
    5
    """
    cap = MAX_POSITIONS + 1
    if not heaps:
        return 1
    if heaps[0] >= cap:
        return cap
    ways = np.ones(heaps[0] + 1, dtype=np.int64)  # ways[v]: sequences so far whose last entry is v
    for limit in heaps[1:]:
        at_least = np.minimum(np.cumsum(ways[::-1])[::-1], cap)  # sequences whose last entry is >= w
        ways = np.where(np.arange(heaps[0] + 1) <= limit, at_least, 0)
        if ways.sum() >= cap:
            return cap
    return int(min(ways.sum(), cap))


_NIM_REMOTENESS: dict = {}  # shared by every Nim game: the rules never change


def nim_remoteness(heaps: Iterable[int]) -> int:
    """The remoteness of a Nim position (see :func:`gamelib.remoteness`), cached across calls.

    >>> nim_remoteness((1, 2, 3)), nim_remoteness((3, 4, 5))
    (6, 11)

    At most ``MAX_REMOTENESS_HEAPS`` heaps; positions with more than ``MAX_POSITIONS`` positions below them
    are refused (LimitError) before any is explored.
    """
    heaps = read_items(heaps, "heaps", MAX_REMOTENESS_HEAPS, "(3, 4, 5)")
    key = tuple(sorted((h for h in check_heaps(heaps, name="heaps") if h), reverse=True))
    if nim_position_count(key) > MAX_POSITIONS:
        raise LimitError(f"nim_remoteness{tuple(heaps)!r:.60}: the game has more than {MAX_POSITIONS:,} positions "
                         f"(the limit of positions explored)")
    return engine.evaluate(_SortedNim(), key[::-1], engine.remoteness_rule, _NIM_REMOTENESS, MAX_POSITIONS)


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
