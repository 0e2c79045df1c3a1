"""How a play session sees a game: its moves as keys (what a button stands for), its texts, its values.

One class per game (:class:`SubtractionRules`, :class:`NimRules`) answers everything the session and the
view ask, so neither of them ever asks which game it is playing. No widget and no figure here.
"""

from __future__ import annotations

from gamelib.analysis.engine import nim_remoteness, remoteness_table
from gamelib.checks import check_heaps, check_int, check_subtraction_set, read_items, set_text
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
# Remoteness


# --------------------------------------------------------------------------------------------------------
# The rules each game gives a session


class SubtractionRules:
    """A one-heap subtraction game as the play session sees it. A move key is the amount taken."""

    kind = "subtraction"

    def __init__(self, S: tuple[int, ...], heap: int):
        self.game = SubtractionGame(S)
        self.S = self.game.S
        self.start = heap
        self._remoteness = remoteness_table(self.S, heap + 1)

    @property
    def title(self) -> str:
        return f"the subtraction game S = {set_text(self.S)}"

    def keys(self) -> list[int]:
        return list(self.S)

    def moves(self, n: int) -> list[tuple[int, int]]:
        return [(s, n - s) for s in self.S if s <= n]

    def outcome(self, n: int) -> str:
        return self.game.outcome(n)

    def grundy(self, n: int) -> int:
        return self.game.grundy(n)

    def remoteness(self, n: int) -> int:
        return self._remoteness[n]

    def move_text(self, key: int, before: int) -> str:
        return f"take {key}"

    def position_text(self, n: int) -> str:
        return f"heap {n}"

    def grundy_text(self, n: int) -> str:
        return f"g({n}) = {self.grundy(n)}"

    def parse_key(self, key: object) -> int:
        """A move key as a plain int, the amount taken (2.0, True or 1+0j would compare equal to 2 or 1 and be
        recorded as typed, so they are refused)."""
        return whole_number(key, "the amount taken")


class NimRules:
    """Nim as the play session sees it. A move key is ``(heap index, amount)``, the first heap being 0."""

    kind = "nim"

    def __init__(self, heaps: tuple[int, ...]):
        self.start = heaps

    title = "Nim"

    def keys(self) -> list[tuple[int, int]]:
        return [(i, a) for i, h in enumerate(self.start) for a in range(1, h + 1)]

    def moves(self, heaps: tuple[int, ...]) -> list[tuple[tuple[int, int], tuple[int, ...]]]:
        return [((i, a), heaps[:i] + (h - a,) + heaps[i + 1 :]) for i, h in enumerate(heaps) for a in range(1, h + 1)]

    def outcome(self, heaps: tuple[int, ...]) -> str:
        return "P" if nim_sum(*heaps) == 0 else "N"

    def grundy(self, heaps: tuple[int, ...]) -> int:
        return nim_sum(*heaps)

    def remoteness(self, heaps: tuple[int, ...]) -> int:
        return nim_remoteness(heaps)

    def move_text(self, key: tuple[int, int], before: tuple[int, ...]) -> str:
        return f"take {key[1]} from heap {HEAP_NAMES[key[0]]}"

    def position_text(self, heaps: tuple[int, ...]) -> str:
        return f"heaps {heaps}"

    def grundy_text(self, heaps: tuple[int, ...]) -> str:
        return " \u2295 ".join(map(str, heaps)) + f" = {nim_sum(*heaps)}"

    def parse_key(self, key: object) -> tuple[int, int]:
        """A move key as plain ints, ``(heap index, amount)``; 2.0 or True are refused, not read as 2 or 1."""
        if not isinstance(key, tuple) or len(key) != 2:
            raise TypeError(f"a Nim move is (heap index, amount), e.g. (0, 2), got {key!r:.60}")
        return whole_number(key[0], "the heap index"), whole_number(key[1], "the amount taken")


def subtraction_rules(S: object, heap: object) -> SubtractionRules:
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
