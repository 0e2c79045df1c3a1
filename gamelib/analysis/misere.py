"""Misère play beyond Nim: misère Grundy values and the genus of a position (Conway), and tame positions.

In misère play (the last move loses) there is no Grundy value to nim-add, but part of the normal theory
survives for *tame* games. The tools:

* the **misère Grundy value** ``g⁻``: a terminal position has ``g⁻ = 1``, any other position the mex of its
  followers' values. A position is a misère P-position exactly when ``g⁻ = 0``.
* the **genus** ``g^(γ0 γ1 γ2 ...)``: ``g`` is the normal Grundy value and ``γn`` the misère Grundy value of the
  position played beside ``n`` Nim heaps of 2 chips. It records how the position behaves in misère sums.
* a Nim position has one of three kinds of genus: heaps of at most one chip, an even number of them,
  ``0^(1 2 0 2 0 ...)``; an odd number, ``1^(0 3 1 3 1 ...)``; some heap of 2 or more and nim-sum ``g``,
  ``g^(g, g⊕2, g, g⊕2, ...)``. A position is **tame** when it and every position reachable from it have the genus
  of some Nim position. Tame positions add up like Nim positions of the same genus, so misère Nim's rule applies
  to their sums: if every part is *fickle* (genus ``0^(1...)`` or ``1^(0...)``, like heaps of at most one chip),
  the sum is P exactly when the parts' normal values nim-add to 1; otherwise exactly when they nim-add to 0.

Only the first ``length`` terms of a genus are computed; "tame" here means tame on those terms.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, NamedTuple

from gamelib.analysis import engine
from gamelib.arguments import LimitError, check_int, read_at_most
from gamelib.limits import MAX_GENUS_LENGTH, MAX_ITEMS, MAX_POSITIONS


class Genus(NamedTuple):
    """The genus of a position: ``normal`` is its Grundy value g, ``misere`` the values γ0, γ1, ... .

    :func:`genus` computes it; ``str`` writes it the usual way, g^(γ0 γ1 ...). γ0 is the misère Grundy value, so
    the position is a misère P-position exactly when ``misere[0]`` is 0.

    >>> from gamelib import Nim
    >>> g = genus(Nim(), (1, 1))
    >>> g.normal, g.misere[0], g.fickle  # P in normal play, N in misère play: the last chip loses
    (0, 1, True)
    >>> print(g)
    0^(1 2 0 2 0 2 ...)
    >>> genus(Nim(), (2, 2)).misere[0]  # two heaps of 2 are a P-position in both
    0
    """

    normal: int
    misere: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.normal}^({' '.join(map(str, self.misere))} ...)"

    @property
    def fickle(self) -> bool:
        """True when the position behaves like heaps of at most one chip: misère and normal values differ."""
        return self.normal <= 1 and self.misere[0] == 1 - self.normal


def _with_twos(game: Any):
    """The game ``game + *2 + *2 + ...``: a position is (position of game, number of 2-heaps, number of 1-heaps)."""

    class WithTwos:
        def moves(self, position):
            inner, twos, ones = position
            result = [(after, twos, ones) for after in game.moves(inner)]
            if twos:
                result += [(inner, twos - 1, ones), (inner, twos - 1, ones + 1)]
            if ones:
                result.append((inner, twos, ones - 1))
            return result

    return WithTwos()


def misere_grundy(game: Any, position: Hashable, *, max_positions: int = MAX_POSITIONS) -> int:
    """The misère Grundy value: 1 at a terminal position, else the mex of the followers' values.

    A position is a misère P-position exactly when this value is 0.

    >>> from gamelib import Nim
    >>> [misere_grundy(Nim(), heaps) for heaps in [(), (1,), (1, 1), (2,), (2, 2), (1, 2, 3)]]
    [1, 0, 1, 2, 0, 0]
    """
    return engine.evaluate(game, position, misere_grundy_rule, {}, max_positions)


def misere_grundy_rule(follower_values: list[int]) -> int:
    """The ``combine`` of :func:`~gamelib.analysis.engine.evaluate` for misère Grundy values: 1 where there is
    no move, else the mex of the followers' values.

    >>> misere_grundy_rule([]), misere_grundy_rule([0, 1]), misere_grundy_rule([1])
    (1, 2, 0)
    """
    return engine.grundy_rule(follower_values) if follower_values else 1


def genus(game: Any, position: Hashable, length: int = 6, *, max_positions: int = MAX_POSITIONS) -> Genus:
    """The genus of ``position``: its normal Grundy value and the first ``length`` terms γ0, γ1, ....

    γn is the misère Grundy value of the position played beside n Nim heaps of 2 chips.

    >>> from gamelib import Nim
    >>> str(genus(Nim(), ())), str(genus(Nim(), (1,))), str(genus(Nim(), (2, 3, 4)))
    ('0^(1 2 0 2 0 2 ...)', '1^(0 3 1 3 1 3 ...)', '5^(5 7 5 7 5 7 ...)')
    """
    length = check_int(length, "length", minimum=1)
    if length > MAX_GENUS_LENGTH:
        raise LimitError(f"length={length} is more than this kit computes (limit {MAX_GENUS_LENGTH})")
    normal = engine.grundy(game, position, max_positions=max_positions)
    both = _with_twos(game)
    memo: dict = {}
    values = tuple(engine.evaluate(both, (position, n, 0), misere_grundy_rule, memo, max_positions)
                   for n in range(length))
    return Genus(normal, values)


def nim_genus(normal: int, fickle: bool, length: int = 6) -> Genus:
    """The genus of a Nim position: fickle (heaps of at most one chip; ``normal`` is then 0 or 1) or not.

    >>> str(nim_genus(0, fickle=True)), str(nim_genus(2, fickle=False, length=4))
    ('0^(1 2 0 2 0 2 ...)', '2^(2 0 2 0 ...)')
    """
    normal = check_int(normal, "normal")
    length = check_int(length, "length", minimum=1)
    if length > MAX_GENUS_LENGTH:
        raise LimitError(f"length={length} is more than this kit computes (limit {MAX_GENUS_LENGTH})")
    if fickle:
        if normal > 1:
            raise ValueError(f"heaps of at most one chip have normal value 0 or 1, got {normal}")
        first = 1 - normal
        return Genus(normal, (first,) + tuple((first ^ 3) if n % 2 else normal for n in range(1, length)))
    return Genus(normal, tuple(normal ^ 2 if n % 2 else normal for n in range(length)))


def is_tame(game: Any, position: Hashable, length: int = 6, *, max_positions: int = MAX_POSITIONS) -> bool:
    """True when ``position`` and every position reachable from it have the genus of a Nim position.

    Tameness is judged on the first ``length`` terms of each genus.

    >>> from gamelib import Nim
    >>> is_tame(Nim(), (1, 2, 3))
    True
    """
    seen = {position}
    todo = [position]
    while todo:
        current = todo.pop()
        found = genus(game, current, length, max_positions=max_positions)
        if found != nim_genus(found.normal, found.fickle, length):
            return False
        for after in game.moves(current):
            if after not in seen:
                seen.add(after)
                todo.append(after)
                if len(seen) > max_positions:
                    raise LimitError(f"more than {max_positions:,} positions are reachable; try a smaller one")
    return True


def tame_sum_outcome(genera: list[Genus]) -> str:
    """Misère Nim's rule, read off the parts' genera: the misère outcome of a sum of tame positions.

    If every part is fickle, the sum is P exactly when the normal values nim-add to 1 (an odd number of parts
    like a single chip); otherwise exactly when they nim-add to 0. Valid for tame parts only.

    >>> from gamelib import Nim
    >>> tame_sum_outcome([genus(Nim(), (1,)), genus(Nim(), (1,))]), tame_sum_outcome([genus(Nim(), (3,))] * 2)
    ('N', 'P')
    """
    if isinstance(genera, (str, bytes)) or not isinstance(genera, Iterable):
        raise TypeError("tame_sum_outcome needs a list of Genus values, as genus() returns them")
    parts = read_at_most(genera, MAX_ITEMS, "the list of genera")
    if not all(isinstance(part, Genus) for part in parts):
        raise TypeError("tame_sum_outcome needs a list of Genus values, as genus() returns them")
    total = 0
    for part in parts:
        total ^= part.normal
    wanted = 1 if all(part.fickle for part in parts) else 0
    return "P" if total == wanted else "N"
