"""Games played on a row of heaps: a position is a tuple of heap sizes, ``(3, 4, 5)``, the heaps named A, B, C.

:class:`HeapsGame` is the base of any such game (Nim, and any game a lesson or a student writes by giving its
``moves``): it checks positions, reads them typed as text, and is drawn by the generic "heaps" view (a row of
chips per heap, the winning move framed). :class:`HeapsPresentation` names its moves from the positions they
lead to: a move that lowers one heap is "take 2 from heap A" (key ``(0, 2)``, in heap A's row of buttons); any
other move (chips moved between heaps, a heap split in two) is named by the heaps it leaves.

>>> class TakeOneOrTwo(HeapsGame):
...     title = "Take 1 or 2 from one heap"
...     def moves(self, heaps):
...         return [heaps[:i] + (h - k,) + heaps[i + 1:] for i, h in enumerate(heaps) for k in (1, 2) if k <= h]
>>> game = TakeOneOrTwo()
>>> game.winning_moves((2, 1)), [m.key for m in HeapsPresentation().moves(game, (2, 1))]
([(1, 1)], [(0, 1), (0, 2), (1, 1)])
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamelib.arguments import check_heaps, counted_text
from gamelib.games.base import Game
from gamelib.games.presentation import MOVE, TAKE, Heap, Move, Presentation, presents
from gamelib.limits import MAX_NIM_EXPLORER_HEAP, MAX_NIM_EXPLORER_HEAPS, MAX_PLAY_NIM_HEAP, MAX_PLAY_NIM_HEAPS
from gamelib.parsing import Limit

#: Heaps are called A, B, C, ... in every picture, panel and message, so that a student can match them up.
HEAP_NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def heap_name(index: int) -> str:
    """The name of heap ``index`` (from 0): ``'A'``, ``'B'``, ...; past Z, its number from 1.

    >>> heap_name(0), heap_name(2), heap_name(26)
    ('A', 'C', '27')
    """
    return HEAP_NAMES[index] if index < len(HEAP_NAMES) else str(index + 1)


def heaps_text(heaps: tuple[int, ...]) -> str:
    """``'heaps (3, 4, 5)'``; one heap is ``'heap 3'`` and none ``'no heaps'``, never Python's ``(3,)``.

    >>> heaps_text((3, 4, 5)), heaps_text((3,)), heaps_text(())
    ('heaps (3, 4, 5)', 'heap 3', 'no heaps')
    """
    return counted_text("heap", heaps)


def taken_from(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, int] | None:
    """``(heap index, amount)`` when the move from ``before`` to ``after`` lowers exactly one heap, else None.

    >>> taken_from((3, 4), (3, 1)), taken_from((3, 4), (4, 3)), taken_from((3,), (1, 1))
    ((1, 3), None, None)
    """
    if len(before) != len(after):
        return None
    changed = [i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b != a]
    if len(changed) != 1 or after[changed[0]] > before[changed[0]]:
        return None
    return changed[0], before[changed[0]] - after[changed[0]]


class HeapsPresentation(Presentation):
    """The words of a game on a row of heaps (see the module notes); ``rule`` is how a move is made."""

    def __init__(self, rule: str = "make a move on the heaps"):
        super().__init__(rule)

    def moves(self, game: Game, position: Any) -> list[Move]:
        """The moves from ``position``: the ones that lower one heap first (heap A first, the smallest amount
        first), then the others, in the order the game lists them."""
        heaps = game.check_position(position)
        takes: list[tuple[tuple[int, int], Move]] = []
        others: list[Move] = []
        for after in game.moves(heaps):
            after = tuple(after)
            taken = taken_from(heaps, after)
            if taken is None:
                others.append(Move(after, after, ", ".join(map(str, after)) or "no heaps", MOVE,
                                   f"to {heaps_text(after)}", group=None))
            else:
                i, amount = taken
                takes.append((taken, Move(taken, after, str(amount), TAKE, f"{amount} from heap {heap_name(i)}",
                                          group=i)))
        return [move for _, move in sorted(takes, key=lambda pair: pair[0])] + others

    def position_text(self, game: Game, position: Any) -> str:
        """``'heaps (3, 4, 5)'``."""
        return heaps_text(tuple(position))

    def heaps(self, game: Game, position: Any) -> list[Heap]:
        """The heaps A, B, C, ... of the position, as the game keeps it."""
        return [Heap(heap_name(i), f"heap {heap_name(i)}", h) for i, h in enumerate(game.check_position(position))]


class HeapsGame(Game):
    """A game whose positions are tuples of heap sizes (see the module notes). A subclass gives ``moves``
    (the positions one move away, as tuples); the generic engine gives values, outcomes and winning moves.

    >>> class TakeOneFromAnyHeap(HeapsGame):
    ...     def moves(self, heaps):
    ...         return [heaps[:i] + (h - 1,) + heaps[i + 1:] for i, h in enumerate(heaps) if h]
    >>> game = TakeOneFromAnyHeap()
    >>> game.outcome((2, 1)), game.winning_moves((2, 1)), game.position_text((2, 1))
    ('N', [(1, 1), (2, 0)], 'heaps (2, 1)')
    """

    figure_kind: ClassVar[str] = "heaps"
    position_limit: ClassVar[Limit | None] = Limit("heaps", 0, MAX_NIM_EXPLORER_HEAP, most=MAX_NIM_EXPLORER_HEAPS)
    play_limit: ClassVar[Limit | None] = Limit("heaps", 0, MAX_PLAY_NIM_HEAP, most=MAX_PLAY_NIM_HEAPS)

    def check_position(self, position: Any) -> tuple[int, ...]:
        """The heaps as a tuple of plain ints."""
        return check_heaps(position)

    def position_text(self, position: Any) -> str:
        """``'heaps (3, 4, 5)'``."""
        return heaps_text(tuple(position))


presents(HeapsGame, HeapsPresentation())


__all__ = ["HEAP_NAMES", "HeapsGame", "HeapsPresentation", "heap_name", "heaps_text", "taken_from"]
