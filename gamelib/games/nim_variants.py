"""Nim in disguise: Staircase Nim and Moore's Nim, whose outcomes a short proof reduces to binary digits.

* :class:`StaircaseNim`: coins on stairs 1, 2, ..., k; a move carries coins one stair down (off the staircase
  from stair 1). Its Grundy value is the nim-sum of the coins on the odd stairs.
* :class:`MooresNim`: heaps as in Nim, but a move takes from at least one and at most k heaps. Moore's
  theorem (1910): P exactly when in every binary column the number of heaps with a 1 is a multiple of k + 1.

Lasker's Nim, the third game of lesson 9, splits heaps, so it is a take-and-break game
(:mod:`gamelib.games.laskers_nim`).
"""

from __future__ import annotations

from functools import reduce
from itertools import combinations, product
from math import prod
from operator import xor
from typing import Any, ClassVar, cast

from gamelib.analysis import engine
from gamelib.arguments import LimitError, check_heaps, check_int, numbers_text, show
from gamelib.games.base import Game, outcome_from_grundy
from gamelib.games.heap_rows import HeapsGame, HeapsPresentation, heap_name
from gamelib.games.presentation import MOVE, TAKE, Move, Presentation, presents
from gamelib.limits import (
    MAX_MOORE_MOVES,
    MAX_MOORE_POSITIONS,
    MAX_NIM_MOVES,
    MAX_PANEL_STAIR_COINS,
    MAX_PANEL_STAIRS,
    MAX_PANEL_VARIANT_HEAP,
    MAX_PANEL_VARIANT_HEAPS,
    MAX_PLAY_STAIR_COINS,
    MAX_PLAY_STAIRS,
    MAX_STAIRS,
)
from gamelib.parsing import Limit


def _coins(count: int) -> str:
    return f"{count} coin{'' if count == 1 else 's'}"


class StaircaseNim(Game):
    """Staircase Nim: coins on the stairs of a staircase; a move carries one or more coins from a stair to the
    stair below it, and coins carried down from stair 1 leave the game. Who cannot move (no coin left) loses.

    A position is the tuple of coin counts on stairs 1, 2, ..., k: ``(3, 0, 5)`` has three coins on stair 1 and
    five on stair 3. The Grundy value is the nim-sum of the counts on the **odd** stairs (1, 3, 5, ...): a move
    from an odd stair is a Nim move there, and a move from an even stair can be undone at once by carrying
    the same coins on down, so the even stairs do not count.

    >>> stairs = StaircaseNim()
    >>> stairs.moves((1, 2))
    [(0, 2), (2, 1), (3, 0)]
    >>> stairs.grundy((3, 0, 5)), stairs.winning_moves((3, 0, 5))
    (6, [(3, 2, 3)])
    """

    figure_kind: ClassVar[str] = "stairs"
    position_limit: ClassVar[Limit | None] = Limit("stairs", 0, MAX_PANEL_STAIR_COINS, most=MAX_PANEL_STAIRS)
    play_limit: ClassVar[Limit | None] = Limit("stairs", 0, MAX_PLAY_STAIR_COINS, most=MAX_PLAY_STAIRS)

    def __repr__(self) -> str:
        return "StaircaseNim()"

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game."""
        return "Staircase Nim"

    def check_position(self, position: Any) -> tuple[int, ...]:
        """The coin counts on stairs 1, 2, ... as a tuple of plain ints (at most ``MAX_STAIRS`` stairs).

        >>> StaircaseNim().check_position([3, 0, 5])
        (3, 0, 5)
        """
        if isinstance(position, (tuple, list)) and len(position) > MAX_STAIRS:
            raise LimitError(f"a staircase of {len(position):,} stairs; at most {MAX_STAIRS:,} are allowed")
        return check_heaps(position, name="the staircase")

    def move(self, stairs: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
        """``amount`` coins carried from stair i + 1 (index i) to the stair below: the rule, written once."""
        after = list(stairs)
        after[i] -= amount
        if i:
            after[i - 1] += amount
        return tuple(after)

    def moves(self, position: Any) -> list[tuple[int, ...]]:
        """Every position one move away: stair 1 first, and from each stair one coin first."""
        stairs = self.check_position(position)
        if sum(stairs) > MAX_NIM_MOVES:
            raise LimitError(f"{show(position)} has {sum(stairs):,} moves; listing more than {MAX_NIM_MOVES:,} is "
                             "refused (grundy and winning_moves do not need the list)")
        return [self.move(stairs, i, a) for i, c in enumerate(stairs) for a in range(1, c + 1)]

    def grundy(self, position: Any) -> int:
        """The nim-sum of the coin counts on the odd stairs 1, 3, 5, ... (the lesson proves it)."""
        return reduce(xor, self.check_position(position)[::2], 0)

    def outcome(self, position: Any) -> str:
        """``'P'`` exactly when the odd stairs' counts nim-add to 0."""
        return outcome_from_grundy(self.grundy(position))

    def winning_moves(self, position: Any) -> list[tuple[int, ...]]:
        """The moves to P-positions, found from the odd stairs' nim-sum z without listing every move: an odd
        stair of c coins goes down to c ⊕ z, or an even stair passes c ⊕ z - c coins to the odd stair below.

        >>> StaircaseNim().winning_moves((1, 4, 2))  # z = 1 ⊕ 2 = 3: stair 1 up to 2, or stair 3 down to 1
        [(2, 3, 2), (1, 5, 1)]
        """
        stairs = self.check_position(position)
        z = self.grundy(stairs)
        if z == 0:
            return []
        found = []
        for i, c in enumerate(stairs):
            if i % 2 == 0 and c ^ z < c:  # an odd stair (index 0, 2, ...): a Nim move on it
                found.append((i, c - (c ^ z)))
            elif i % 2 == 1 and stairs[i - 1] < stairs[i - 1] ^ z <= stairs[i - 1] + c:  # fill the odd stair below
                found.append((i, (stairs[i - 1] ^ z) - stairs[i - 1]))
        return [self.move(stairs, i, a) for i, a in found]

    def position_text(self, position: Any) -> str:
        """``'stairs (3, 0, 5)'`` (coins on stair 1 first; one stair: ``'stairs (3)'``)."""
        return f"stairs {numbers_text(tuple(position))}"

    def value_text(self, position: Any) -> str:
        """The odd stairs' nim-sum written out, e.g. ``'odd stairs: 3 ⊕ 5 = 6'``."""
        odd = self.check_position(position)[::2]
        return "odd stairs: " + (" \u2295 ".join(map(str, odd)) or "none") + f" = {reduce(xor, odd, 0)}"


class StaircasePresentation(Presentation):
    """Staircase Nim's words: a move is known by ``(stair index, coins)``, stair 1 at index 0.

    >>> [m.words() for m in StaircasePresentation().moves(StaircaseNim(), (1, 1))]
    ['move 1 coin from stair 1 off the staircase', 'move 1 coin from stair 2 to stair 1']
    """

    def how_to_move(self, game: Game) -> str:
        """The rule in a few words."""
        return "move one or more coins from a stair down to the stair below (from stair 1 they leave the game)"

    def moves(self, game: Game, position: Any) -> list[Move]:
        """Each move's button names the coins and the stair: ``'2 from stair 3'``."""
        assert isinstance(game, StaircaseNim)
        stairs = game.check_position(position)
        return [Move((i, a), game.move(stairs, i, a), f"{a} from stair {i + 1}", MOVE,
                     f"{_coins(a)} from stair {i + 1} " + (f"to stair {i}" if i else "off the staircase"), group=i)
                for i, c in enumerate(stairs) for a in range(1, c + 1)]


presents(StaircaseNim, StaircasePresentation())


def moore_move_count(heaps: tuple[int, ...], k: int, stop: int = MAX_MOORE_MOVES) -> int:
    """How many moves Moore's Nim with at most ``k`` heaps per move has from ``heaps``: the sum over sets of at
    most k heaps of the product of their sizes, counted without making them (stops just above ``stop``).

    >>> moore_move_count((1, 2, 3), 2)  # one heap: 1 + 2 + 3; two heaps: 1*2 + 1*3 + 2*3
    17
    """
    sums = [1] + [0] * k  # sums[j]: the sum over sets of j heaps of the product of their sizes
    for h in heaps:
        for j in range(k, 0, -1):
            sums[j] = min(sums[j] + sums[j - 1] * h, stop + 1)
    return min(sum(sums[1:]), stop + 1)


class MooresNim(HeapsGame):
    """Moore's Nim, Nim_k: heaps as in Nim; a move takes chips from at least one and at most ``k`` heaps (any
    number from each heap it touches). With k = 1 it is Nim.

    Moore's theorem (1910): a position is P exactly when, in every binary column, the number of heaps with a 1
    there is a multiple of k + 1. ``outcome`` uses it, for heaps of any size; ``winning_moves`` lists the moves
    to such positions (at most ``MAX_MOORE_MOVES`` moves are looked at); ``grundy`` searches from the
    definition (no formula is known for k >= 2), at most ``MAX_MOORE_POSITIONS`` positions.

    >>> game = MooresNim(2)
    >>> game.outcome((1, 2, 3)), game.outcome((3, 5, 6, 7))  # 3, 5, 6, 7: three 1s in every binary column
    ('N', 'P')
    >>> game.winning_moves((1, 2, 3))  # take 1 from heap B and 2 from heap C
    [(1, 1, 1)]
    >>> game.grundy((1, 2, 3)), MooresNim(1).grundy((1, 2, 3))
    (6, 0)
    """

    position_limit: ClassVar[Limit | None] = Limit("heaps", 0, MAX_PANEL_VARIANT_HEAP, most=MAX_PANEL_VARIANT_HEAPS)
    play_limit: ClassVar[Limit | None] = position_limit

    def __init__(self, k: int):
        self.k = check_int(k, "k (the most heaps a move may take from)", minimum=1)

    def __repr__(self) -> str:
        return f"MooresNim({self.k})"

    @property
    def title(self) -> str:
        """How figures, panels and messages name this game."""
        return f"Moore's Nim with k = {self.k}"

    def check_position(self, position: Any) -> tuple[int, ...]:
        """The heaps as a tuple of plain ints."""
        return check_heaps(position, name="heaps")

    def columns(self, position: Any) -> list[int]:
        """How many heaps have a 1 in each binary column, the units column first.

        >>> MooresNim(2).columns((3, 5, 6))  # 011, 101, 110: two 1s in every column
        [2, 2, 2]
        """
        heaps = self.check_position(position)
        return [sum(h >> bit & 1 for h in heaps) for bit in range(max(heaps, default=0).bit_length())]

    def outcome(self, position: Any) -> str:
        """``'P'`` exactly when every binary column's count of 1s is a multiple of k + 1 (Moore's theorem)."""
        return "P" if all(count % (self.k + 1) == 0 for count in self.columns(position)) else "N"

    def changes(self, heaps: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
        """Every move as its ``((heap index, amount), ...)`` pairs, heaps in order; refused past the budget."""
        count = moore_move_count(heaps, self.k)
        if count > MAX_MOORE_MOVES:
            raise LimitError(f"{show(heaps)} has more than {MAX_MOORE_MOVES:,} moves in Moore's Nim with k = {self.k}"
                             " (the limit of moves listed); outcome() needs no list")
        found = []
        for size in range(1, self.k + 1):
            for chosen in combinations([i for i, h in enumerate(heaps) if h], size):
                found += [tuple(zip(chosen, amounts, strict=True))
                          for amounts in product(*(range(1, heaps[i] + 1) for i in chosen))]
        return found

    @staticmethod
    def after(heaps: tuple[int, ...], change: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
        after = list(heaps)
        for i, amount in change:
            after[i] -= amount
        return tuple(after)

    def moves(self, position: Any) -> list[tuple[int, ...]]:
        """Every position one move away (at most ``MAX_MOORE_MOVES``)."""
        heaps = self.check_position(position)
        return [self.after(heaps, change) for change in self.changes(heaps)]

    def winning_moves(self, position: Any) -> list[tuple[int, ...]]:
        """The moves to P-positions, by Moore's theorem (at most ``MAX_MOORE_MOVES`` moves are looked at)."""
        return sorted({m for m in self.moves(position) if self.outcome(m) == "P"})

    def grundy(self, position: Any) -> int:
        """The Grundy value, searched from the definition (the order of the heaps does not matter, so each
        sorted position is valued once). Refused before the search when the positions below number more than
        ``MAX_MOORE_POSITIONS`` (the product of heap + 1)."""
        heaps = self.check_position(position)
        count = prod(h + 1 for h in heaps)
        if count > MAX_MOORE_POSITIONS:
            raise LimitError(f"{show(heaps)} has {count:,} positions below it (the product of heap + 1); the "
                             f"search from the definition looks at most at {MAX_MOORE_POSITIONS:,}. "
                             "outcome() answers any size by Moore's theorem")
        return engine.evaluate(_SortedMoore(self), tuple(sorted(heaps)), engine.grundy_rule, {},
                               MAX_MOORE_POSITIONS, None, MAX_MOORE_MOVES * 10)

    def value_text(self, position: Any) -> str:
        """The column counts, e.g. ``'1s per binary column (4s, 2s, 1s): 2, 2, 2'``; whether each is a multiple
        of k + 1 decides the outcome."""
        counts = self.columns(position)[::-1]
        names = ", ".join(f"{2 ** b}s" for b in range(len(counts) - 1, -1, -1))
        return f"1s per binary column ({names}): {', '.join(map(str, counts)) or 'none'}; P when each is a " \
               f"multiple of {self.k + 1}"


class MooresPresentation(HeapsPresentation):
    """Moore's Nim's words: a move from one heap is ``'take 2 from heap A'`` (key ``(0, 2)``, in heap A's row);
    a move from several heaps is known by its ``((heap index, amount), ...)`` pairs, ``'A−1, C−2'``.

    >>> [m.words() for m in MooresPresentation().moves(MooresNim(2), (1, 1))]
    ['take 1 from heap A', 'take 1 from heap B', 'take 1 from heap A and 1 from heap B']
    """

    def how_to_move(self, game: Game) -> str:
        """The rule, with the game's k."""
        assert isinstance(game, MooresNim)
        return "take chips from one heap" if game.k == 1 else \
            f"take chips from at least one and at most {game.k} heaps (any number from each)"

    def moves(self, game: Game, position: Any) -> list[Move]:
        """One-heap moves first, in each heap's row; then the moves from several heaps."""
        assert isinstance(game, MooresNim)
        heaps = game.check_position(position)
        ones, several = [], []
        for change in game.changes(heaps):
            after = game.after(heaps, change)
            if len(change) == 1:
                (i, a), = change
                ones.append(Move((i, a), after, str(a), TAKE, f"{a} from heap {heap_name(i)}", group=i))
            else:
                label = ", ".join(f"{heap_name(i)}\u2212{a}" for i, a in change)
                words = " and ".join(f"{a} from heap {heap_name(i)}" for i, a in change)
                several.append(Move(change, after, label, TAKE, words, group=None))
        return sorted(ones, key=lambda m: cast(tuple, m.key)) + several


presents(MooresNim, MooresPresentation())


class _SortedMoore:
    """Moore's Nim with positions written as sorted heaps, so that the search values each position once."""

    def __init__(self, game: MooresNim):
        self.game = game

    def moves(self, position: tuple[int, ...]) -> set[tuple[int, ...]]:
        return {tuple(sorted(after)) for after in self.game.moves(position)}


__all__ = ["MooresNim", "StaircaseNim", "moore_move_count"]
