"""Take-and-break games: a move changes one heap into zero, one or more heaps; positions are sums of heaps.

A position is a tuple of heap sizes, e.g. ``(3, 5)``; an int ``n`` means the single heap ``(n,)``. Moves
come back as sorted tuples with empty heaps dropped (heap order does not matter in a sum). By the
Sprague--Grundy theorem the value of a position is the XOR of its heaps' values, so a game only has to say
what one heap can become (:meth:`TakeAndBreakGame.heap_moves`) and what one heap is worth
(:meth:`TakeAndBreakGame.heap_value`); :class:`TakeAndBreakGame` does the rest. Octal games
(:mod:`gamelib.games.octal`) and Grundy's game (:mod:`gamelib.games.grundys_game`) are built on it.
"""

from __future__ import annotations

from functools import reduce
from operator import xor

from gamelib.arguments import LimitError, check_heaps, check_int
from gamelib.games.base import Game, OneHeapGame
from gamelib.games.presentation import TAKE, Heap, Move, Presentation, Verb, presents
from gamelib.limits import MAX_HEAP_GAME_MOVES

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from typing import Any

    import numpy as np


def mex_of_array(values: np.ndarray) -> int:
    """The mex (smallest whole number >= 0 not present) of an array of Grundy values, in numpy.

    >>> import numpy as np
    >>> mex_of_array(np.array([0, 1, 3, 1]))
    2
    """
    import numpy as np  # here: games that never call it do not load numpy

    seen = np.zeros(len(values) + 1, dtype=bool)
    seen[values[values <= len(values)]] = True
    return int(seen.argmin())  # the first value not seen


class TakeAndBreakGame(OneHeapGame):
    """A game played on a sum of heaps, where a move changes one heap (see the module notes).

    A subclass gives :meth:`heap_moves`, :meth:`heap_value` and ``grundy_values`` (single heaps); ``moves``,
    ``grundy`` (the XOR of the heaps' values), ``outcome`` and ``winning_moves`` (found by the value each heap
    must turn into, without trying every position) come from here.

    >>> class TakeOneOrTwoAnywhere(TakeAndBreakGame):  # octal 0.33, written out
    ...     def heap_moves(self, n):
    ...         return {(n - k,) if n > k else () for k in (1, 2) if k <= n}
    ...     def heap_value(self, n):
    ...         return n % 3
    >>> game = TakeOneOrTwoAnywhere()
    >>> game.moves((2, 3)), game.grundy((2, 3)), game.winning_moves((2, 3))
    ([(1, 2), (1, 3), (2, 2), (3,)], 2, [(2, 2), (3,)])
    """

    def heap_moves(self, n: int) -> set[tuple[int, ...]]:  # pragma: no cover - defined by each game
        """What one heap of ``n`` can become in one move: tuples of the non-empty heaps left."""
        raise NotImplementedError

    def heap_value(self, n: int) -> int:  # pragma: no cover - defined by each game
        """The Grundy value of a single heap of ``n``."""
        raise NotImplementedError

    def heaps_of(self, position: int | tuple | list) -> tuple[int, ...]:
        """``position`` as a sorted tuple of non-empty heaps (an int n is the single heap n).

        >>> TakeAndBreakGame().heaps_of((3, 0, 1)), TakeAndBreakGame().heaps_of(4)
        ((1, 3), (4,))
        """
        if isinstance(position, (tuple, list)):
            heaps = check_heaps(position)
        else:
            heaps = (check_int(position, "heap size"),)
        return tuple(sorted(h for h in heaps if h))

    def moves(self, position: int | tuple | list) -> list[tuple[int, ...]]:
        """Every position one move away, as sorted tuples of heap sizes (empty heaps dropped); a position with
        more than :data:`~gamelib.limits.MAX_HEAP_GAME_MOVES` moves is refused (LimitError)."""
        heaps = self.heaps_of(position)
        found: set[tuple[int, ...]] = set()
        counted = 0
        for i, heap in enumerate(heaps):
            if i and heap == heaps[i - 1]:
                continue  # an equal heap has the same moves
            others = heaps[:i] + heaps[i + 1 :]
            options = self.heap_moves(heap)
            counted = self._count_moves(heaps, counted + len(options))
            for parts in options:
                found.add(tuple(sorted(others + parts)))
        return sorted(found)

    def _count_moves(self, heaps: tuple[int, ...], counted: int) -> int:
        """``counted``, the moves listed so far for the position ``heaps``, or LimitError past the limit."""
        if counted > MAX_HEAP_GAME_MOVES:
            shown = heaps if len(heaps) <= 8 else f"{heaps[:8]}"[:-1] + f", ... ({len(heaps):,} heaps)"
            raise LimitError(f"the position {shown} has more than {MAX_HEAP_GAME_MOVES:,} moves (counted heap by "
                             f"heap, at least {counted:,}); moves are listed for at most {MAX_HEAP_GAME_MOVES:,} "
                             "(grundy() and outcome() need no list)")
        return counted

    def grundy(self, position: int | tuple | list) -> int:
        """The Grundy value: the XOR of the values of the heaps (the Sprague--Grundy theorem)."""
        return reduce(xor, (self.heap_value(h) for h in self.heaps_of(position)), 0)

    def winning_moves(self, position: int | tuple | list) -> list[tuple[int, ...]]:
        """The moves to P-positions (Grundy value 0); empty when ``position`` is itself a P-position.

        A move changes one heap, so it wins exactly when that heap turns into heaps whose values XOR to
        (the total) XOR (the heap's own value).
        """
        heaps = self.heaps_of(position)
        total = self.grundy(heaps)
        if total == 0:
            return []
        found: set[tuple[int, ...]] = set()
        counted = 0
        for i, heap in enumerate(heaps):
            target = total ^ self.heap_value(heap)  # the value this heap must turn into
            others = heaps[:i] + heaps[i + 1 :]
            options = self.heap_moves(heap)
            counted = self._count_moves(heaps, counted + len(options))
            for parts in options:
                if reduce(xor, (self.heap_value(h) for h in parts), 0) == target:
                    found.add(tuple(sorted(others + parts)))
        return sorted(found)

    def position_text(self, position: int | tuple | list) -> str:
        """``'heap 7'`` for one heap given as a number; ``'heaps (1, 4)'`` for a tuple of heaps (a single heap
        ``'heap 4'``, none ``'no heaps'``)."""
        if isinstance(position, (tuple, list)):
            from gamelib.games.heap_rows import heaps_text  # here: computing values never loads it (nor typing)

            return heaps_text(self.heaps_of(position))
        return super().position_text(position)

    def value_text(self, position: int | tuple | list) -> str:
        """``'g(7) = 3'`` for one heap; the heaps' values nim-added for several, ``'g(2) ⊕ g(3) = 2 ⊕ 4 = 6'``."""
        if not isinstance(position, (tuple, list)):
            return super().value_text(position)
        heaps = self.heaps_of(position)
        if not heaps:
            return "no heap: g = 0"
        if len(heaps) == 1:
            return f"g({heaps[0]}) = {self.heap_value(heaps[0])}"
        names = " \u2295 ".join(f"g({h})" for h in heaps)
        return f"{names} = {' ⊕ '.join(str(self.heap_value(h)) for h in heaps)} = {self.grundy(heaps)}"


def _and(numbers: tuple[int, ...]) -> str:
    """``'1, 2 and 3'``."""
    words = [str(n) for n in numbers]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


#: The verb of a move that splits a heap without taking from it, in the forms a sentence needs.
SPLIT = Verb("split", "split", "splitting")


class TakeAndBreakPresentation(Presentation):
    """The words of a take-and-break game (octal games, Grundy's game, Lasker's Nim): every heap has its own
    moves, a heap equal to another one too (it is another heap, with its own row of buttons). A move that
    leaves one heap or none is a take, in its heap's row: ``'take 2 from heap B'``, key ``(1, 2)`` (one heap
    given as a number: ``'take 2'``, key 2). A move that leaves two heaps or more is in the row of other moves:
    ``'split heap B of 5 into 2 and 3'`` when nothing is taken, ``'take 1 from heap B of 5, leaving 2 and 2'``
    otherwise, key ``(1, (2, 3))`` (one heap given as a number: key ``(2, 3)``).

    >>> from gamelib import OctalGame
    >>> [m.words() for m in TakeAndBreakPresentation().moves(OctalGame("0.07"), (3, 3))]
    ['take 2 from heap A', 'take 2 from heap B']
    >>> [m.words() for m in TakeAndBreakPresentation().moves(OctalGame("0.07"), 5)][-1]
    'take 2 from the heap of 5, leaving 1 and 2'

    A button says the same in short: what is taken and what is left (one heap), or which heap (several).

    >>> [m.label for m in TakeAndBreakPresentation().moves(OctalGame("0.07"), 5)][-1]
    'take 2: 1+2'
    >>> [m.label for m in TakeAndBreakPresentation().moves(OctalGame("0.07"), (5, 3))][-1]
    'B−2→1+2'
    """

    def __init__(self, rule: str = "take chips from one heap; some moves split what is left of it in two"):
        super().__init__(rule)

    def moves(self, game: Game, position: Any) -> list[Move]:
        """Takes first, heap by heap and the smallest amount first; then the moves that leave several heaps."""
        from gamelib.games.heap_rows import heap_name  # here: computing values never loads it (nor typing)

        assert isinstance(game, TakeAndBreakGame)
        alone = not isinstance(position, (tuple, list))
        heaps = game.heaps_of(position)
        takes, splits = [], []
        for i, heap in enumerate(heaps):
            others, name = heaps[:i] + heaps[i + 1:], "the heap" if alone else f"heap {heap_name(i)}"
            for parts in sorted(game.heap_moves(heap), key=lambda p: (len(p), p)):
                after, taken = tuple(sorted(others + parts)), heap - sum(parts)
                if len(parts) <= 1:
                    takes.append(Move(taken if alone else (i, taken), after, f"take {taken}" if alone else str(taken),
                                      TAKE, str(taken) if alone else f"{taken} from {name}", group=i))
                    continue
                pieces, short = "+".join(map(str, parts)), "" if alone else heap_name(i)
                if taken:
                    label, verb, rest = f"take {taken}: {pieces}" if alone else f"{short}\u2212{taken}\u2192{pieces}", \
                        TAKE, f"{taken} from {name} of {heap}, leaving {_and(parts)}"
                else:
                    label, verb, rest = f"split {pieces}" if alone else f"{short}\u2192{pieces}", SPLIT, \
                        f"{name} of {heap} into {_and(parts)}"
                splits.append(Move(parts if alone else (i, parts), after, label, verb, rest, group=None))
        return sorted(takes, key=lambda m: m.key) + splits  # type: ignore[arg-type, return-value]

    def heaps(self, game: Game, position: Any) -> list[Heap]:
        """The rows of chips: one heap given as a number is the heap; several are the non-empty heaps, sorted
        and named A, B, ... as the moves number them.

        >>> from gamelib import OctalGame
        >>> [(h.label, h.size) for h in TakeAndBreakPresentation().heaps(OctalGame("0.07"), (5, 0, 3))]
        [('A', 3), ('B', 5)]
        """
        from gamelib.games.heap_rows import heap_name  # here: computing values never loads it (nor typing)

        assert isinstance(game, TakeAndBreakGame)
        if not isinstance(position, (tuple, list)):
            return [Heap("", "the heap", check_int(position, "heap size"))]
        return [Heap(heap_name(i), f"heap {heap_name(i)}", h) for i, h in enumerate(game.heaps_of(position))]

    def position_text(self, game: Game, position: Any) -> str:
        """``'heap 7'``, ``'heaps (1, 4)'``: the game's own words."""
        return game.position_text(position)


presents(TakeAndBreakGame, TakeAndBreakPresentation())


__all__ = ["TakeAndBreakGame", "TakeAndBreakPresentation", "mex_of_array"]
