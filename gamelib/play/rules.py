"""How a play session sees a game: its moves as keys (what a button stands for), its texts, its values.

One class per game (:class:`SubtractionRules`, :class:`NimRules`) answers everything the session and the
view ask, so neither of them ever asks which game it is playing. No widget and no figure here.
"""

from __future__ import annotations

from gamelib.analysis.engine import nim_remoteness, remoteness_table
from gamelib.checks import check_heaps, check_int, check_subtraction_set, read_items, set_text
from gamelib.games.base import outcome_from_grundy
from gamelib.games.nim import HEAP_NAMES, nim_sum
from gamelib.games.subtraction import SubtractionGame
from gamelib.limits import (
    MAX_PLAY_ELEMENT,
    MAX_PLAY_HEAP,
    MAX_PLAY_NIM_HEAP,
    MAX_PLAY_NIM_HEAPS,
    MAX_PLAY_SET_SIZE,
)
from gamelib.parsing import parse_heaps, parse_set, whole_number

# --------------------------------------------------------------------------------------------------------
# The rules each game gives a session


class SubtractionRules:
    """A one-heap subtraction game as the play session sees it. A move key is the amount taken.

    >>> rules = SubtractionRules((1, 2, 3), 6)
    >>> rules.moves(2), rules.outcome(4), rules.button_label(3), rules.heaps(5), rules.heap_names
    ([(1, 1), (2, 0)], 'P', 'take 3', (5,), None)
    >>> rules.values_text(5)
    'g(5) = 1. After a move: take 1 → g(4) = 0, take 2 → g(3) = 3, take 3 → g(2) = 2'
    """

    #: One heap, drawn without a name.
    heap_names = None

    def __init__(self, S: tuple[int, ...], heap: int):
        self.game = SubtractionGame(S)
        self.S = self.game.S
        self.start = heap
        self._remoteness = remoteness_table(self.S, heap + 1)

    @property
    def title(self) -> str:
        return f"the subtraction game S = {set_text(self.S)}"

    def keys(self) -> list[int]:
        """Every move key, in the order of the buttons."""
        return list(self.S)

    def moves(self, n: int) -> list[tuple[int, int]]:
        """The moves from a position: ``(key, position after)`` pairs, in the order of the buttons."""
        return [(s, n - s) for s in self.S if s <= n]

    def outcome(self, n: int) -> str:
        """``'P'`` or ``'N'`` (normal play), from the game model."""
        return self.game.outcome(n)

    def grundy(self, n: int) -> int:
        """The Grundy value of a position, from the game model."""
        return self.game.grundy(n)

    def remoteness(self, n: int) -> int:
        """The remoteness of a position (how long the game lasts with best play), from the engine."""
        return self._remoteness[n]

    def move_text(self, key: int, before: int) -> str:
        """The move ``key`` made from ``before`` in words, e.g. ``'take 2'``."""
        return f"take {key}"

    def position_text(self, n: int) -> str:
        """A position in words, e.g. ``'heap 7'``."""
        return f"heap {n}"

    def grundy_text(self, n: int) -> str:
        """The Grundy value of a position as a formula."""
        return f"g({n}) = {self.grundy(n)}"

    def parse_key(self, key: object) -> int:
        """A move key as a plain int, the amount taken (2.0, True or 1+0j would compare equal to 2 or 1 and be
        recorded as typed, so they are refused)."""
        return whole_number(key, "the amount taken")

    def button_label(self, key: int) -> str:
        """The text on the button of the move ``key``."""
        return f"take {key}"

    def heaps(self, n: int) -> tuple[int, ...]:
        """The heaps of a position, for drawing: here the one heap."""
        return (n,)

    def key_heap(self, key: int) -> int:
        """Which heap the move ``key`` takes from (its button sits in that heap's row): always the one heap."""
        return 0

    def values_text(self, n: int) -> str:
        """The Grundy value of heap ``n`` and of the heap after each move."""
        parts = ", ".join(f"take {k} \u2192 g({after}) = {self.grundy(after)}" for k, after in self.moves(n))
        return f"{self.grundy_text(n)}." + (f" After a move: {parts}" if parts else "")


class NimRules:
    """Nim as the play session sees it. A move key is ``(heap index, amount)``, the first heap being 0.

    >>> rules = NimRules((1, 2))
    >>> rules.moves((1, 1)), rules.outcome((1, 1)), rules.button_label((1, 2)), rules.key_heap((1, 2))
    ([((0, 1), (0, 1)), ((1, 1), (1, 0))], 'P', '2', 1)
    >>> rules.values_text((3, 5))
    '3 ⊕ 5 = 6 (in binary: A = 0011, B = 0101)'
    """

    #: The heaps are named A, B, C, ... as in the lessons.
    heap_names = HEAP_NAMES

    def __init__(self, heaps: tuple[int, ...]):
        self.start = heaps

    title = "Nim"

    def keys(self) -> list[tuple[int, int]]:
        """Every move key, in the order of the buttons."""
        return [(i, a) for i, h in enumerate(self.start) for a in range(1, h + 1)]

    def moves(self, heaps: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, ...]]]:
        """The moves from a position: ``(key, position after)`` pairs, in the order of the buttons."""
        return [((i, a), heaps[:i] + (h - a,) + heaps[i + 1 :]) for i, h in enumerate(heaps) for a in range(1, h + 1)]

    def outcome(self, heaps: tuple[int, ...]) -> str:
        """``'P'`` or ``'N'`` (normal play), from the game model."""
        return outcome_from_grundy(nim_sum(*heaps))

    def grundy(self, heaps: tuple[int, ...]) -> int:
        """The Grundy value of a position, from the game model."""
        return nim_sum(*heaps)

    def remoteness(self, heaps: tuple[int, ...]) -> int:
        """The remoteness of a position (how long the game lasts with best play), from the engine."""
        return nim_remoteness(heaps)

    def move_text(self, key: tuple[int, int], before: tuple[int, ...]) -> str:
        """The move ``key`` made from ``before`` in words, e.g. ``'take 2'``."""
        return f"take {key[1]} from heap {HEAP_NAMES[key[0]]}"

    def position_text(self, heaps: tuple[int, ...]) -> str:
        """A position in words, e.g. ``'heap 7'``."""
        return f"heaps {heaps}"

    def grundy_text(self, heaps: tuple[int, ...]) -> str:
        """The Grundy value of a position as a formula."""
        return " \u2295 ".join(map(str, heaps)) + f" = {nim_sum(*heaps)}"

    def parse_key(self, key: object) -> tuple[int, int]:
        """A move key as plain ints, ``(heap index, amount)``; 2.0 or True are refused, not read as 2 or 1."""
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError(f"a Nim move is (heap index, amount), e.g. (0, 2), got {key!r:.60}")
        return whole_number(key[0], "the heap index"), whole_number(key[1], "the amount taken")

    def button_label(self, key: tuple[int, int]) -> str:
        """The text on the button of the move ``key``: the amount (the button sits in its heap's row)."""
        return str(key[1])

    def heaps(self, heaps: tuple[int, ...]) -> tuple[int, ...]:
        """The heaps of a position, for drawing."""
        return heaps

    def key_heap(self, key: tuple[int, int]) -> int:
        """Which heap the move ``key`` takes from."""
        return key[0]

    def values_text(self, heaps: tuple[int, ...]) -> str:
        """The nim-sum of the heaps, with the heaps in binary."""
        binary = ", ".join(f"{HEAP_NAMES[i]} = {h:04b}" for i, h in enumerate(heaps))
        return f"{self.grundy_text(heaps)} (in binary: {binary})"


def subtraction_rules(S: object, heap: object) -> SubtractionRules:
    """The rules of a subtraction game to play, from ``S`` (a set, or text such as ``"1, 2, 3"``) and the
    starting ``heap``, checked against the play limits (ValueError or TypeError naming the value).

    >>> subtraction_rules("2, 5", 9).title
    'the subtraction game S = {2, 5}'
    >>> subtraction_rules({2, 5}, 1)
    Traceback (most recent call last):
    ...
    ValueError: heap = 1 allows no move at all with S = {2, 5}: choose a heap of at least 2
    """
    if isinstance(S, str):
        S = parse_set(S, max_element=MAX_PLAY_ELEMENT, max_size=MAX_PLAY_SET_SIZE)
    else:
        S = check_subtraction_set(read_items(S, "S", MAX_PLAY_SET_SIZE, "{1, 2, 3}"))
        if S[-1] > MAX_PLAY_ELEMENT or len(S) > MAX_PLAY_SET_SIZE:
            raise ValueError(
                f"S = {set_text(S)} is too big to play here: at most {MAX_PLAY_SET_SIZE} numbers, "
                f"each at most {MAX_PLAY_ELEMENT}"
            )
    heap = check_int(heap, "heap", minimum=1)
    if heap > MAX_PLAY_HEAP:
        raise ValueError(f"heap = {heap} is too big to play here: choose a heap from 1 to {MAX_PLAY_HEAP}")
    if heap < S[0]:
        raise ValueError(
            f"heap = {heap} allows no move at all with S = {set_text(S)}: choose a heap of at least {S[0]}"
        )
    return SubtractionRules(S, heap)


def nim_rules(heaps: object) -> NimRules:
    """The rules of Nim to play from ``heaps`` (a tuple, or text such as ``"3, 4, 5"``), checked against the
    play limits.

    >>> nim_rules("3 4 5").start
    (3, 4, 5)
    >>> nim_rules((0, 0))
    Traceback (most recent call last):
    ...
    ValueError: heaps (0, 0) are all empty, so nobody can move: give at least one chip
    """
    if isinstance(heaps, str):
        heaps = parse_heaps(heaps, max_heap=MAX_PLAY_NIM_HEAP, max_heaps=MAX_PLAY_NIM_HEAPS)
    else:
        heaps = check_heaps(heaps, name="heaps")
    heaps = tuple(heaps)
    if not 1 <= len(heaps) <= MAX_PLAY_NIM_HEAPS or any(h > MAX_PLAY_NIM_HEAP for h in heaps):
        raise ValueError(
            f"heaps {heaps} cannot be played here: give 1 to {MAX_PLAY_NIM_HEAPS} heaps, "
            f"each from 0 to {MAX_PLAY_NIM_HEAP}"
        )
    if not any(heaps):
        raise ValueError(f"heaps {heaps} are all empty, so nobody can move: give at least one chip")
    return NimRules(heaps)
