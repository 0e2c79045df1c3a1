"""The misère quotient by its definition, with the test sums bounded: sums of at most T tokens.

Two sums of heaps are equivalent when adding the same third sum to each always gives the same misère outcome.
Here the third sums are those of at most ``test_tokens`` tokens (heap n counts n tokens), and so are the sums
classified, with every single heap besides. Each such sum gets the row of outcomes it has beside every test sum;
equal rows are one class. Then the classes must multiply: adding a heap to sums of one class must give sums of
one class again, a class already met (the table is a *congruence*). If it does not, or the order comes out odd
(every misère quotient but the trivial one has even order: Plambeck and Siegel), the bound was too small and
ValueError says so. When it does, the quotient is exact *as far as the bound sees*: a larger bound may still
split classes; :func:`gamelib.analysis.quotient_search.quotient` proves the quotient for every sum instead.
"""

from __future__ import annotations

import numpy as np

from gamelib.arguments import LimitError

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    from collections.abc import Callable


def count_sums(heaps: list[int], tokens: int) -> int:
    """How many sums of the given heap sizes have at most ``tokens`` tokens, counted without listing them.

    >>> count_sums([1, 2], 3), len(sums_up_to([1, 2], 3))
    (6, 6)
    """
    ways = [1] + [0] * tokens  # ways[t]: sums of exactly t tokens
    for h in heaps:
        for t in range(h, tokens + 1):
            ways[t] += ways[t - h]
    return sum(ways)


def sums_up_to(heaps: list[int], tokens: int) -> list[tuple[int, ...]]:
    """Every sum (a sorted tuple) of the given heap sizes with at most ``tokens`` tokens, fewest tokens first.

    >>> sums_up_to([1, 2], 3)
    [(), (1,), (1, 1), (2,), (1, 1, 1), (1, 2)]
    """
    found: list[tuple[int, ...]] = [()]
    frontier: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for _ in range(tokens):
        nxt = []
        for parts, total in frontier:
            for h in heaps:
                if (not parts or h >= parts[-1]) and total + h <= tokens:
                    nxt.append((parts + (h,), total + h))
        found += [parts for parts, _ in nxt]
        frontier = nxt
    return sorted(found, key=lambda s: (sum(s), s))


class Outcomes:
    """Misère outcomes of sums of heaps (sorted tuples), from the definition, remembered; ``budget`` bounds the
    sums examined (LimitError past it)."""

    def __init__(self, options: list[list[tuple[int, ...]]], budget: int, describe: Callable[[int], str]):
        self.options = options
        self.known: dict[tuple[int, ...], bool] = {}  # True: P
        self.budget = budget
        self.describe = describe

    def is_p(self, position: tuple[int, ...]) -> bool:
        """Whether a sum is a misère P-position. Heaps without a move are left out of every sum (they add no
        move), so a sum is empty exactly when it has no move, and the empty sum is N."""
        position = tuple(h for h in position if self.options[h])
        known = self.known
        if position in known:
            return known[position]
        stack = [position]
        while stack:
            top = stack[-1]
            if top in known:
                stack.pop()
                continue
            pending = []
            result = bool(top)  # the empty sum is N (no move: the player to move has won)
            for i, h in enumerate(top):
                if i and h == top[i - 1]:
                    continue
                rest = top[:i] + top[i + 1:]
                for parts in self.options[h]:
                    after = tuple(sorted(rest + tuple(p for p in parts if self.options[p])))
                    value = known.get(after)
                    if value is None:
                        pending.append(after)
                    elif value:
                        result = False
            if pending and result:
                stack.extend(pending)
                continue
            known[top] = result if not pending else False
            if len(known) > self.budget:
                raise LimitError(self.describe(len(known)))
            stack.pop()
        return known[position]


def bounded_quotient(options: list[list[tuple[int, ...]]], test_tokens: int, budget: int, positions: int,
                     title: str = "the game") -> tuple[np.ndarray, np.ndarray, list[int]]:
    """The quotient of heaps 0 .. len(options) - 1 as sums of at most ``test_tokens`` tokens see it: (product
    table, P-portion, class of each heap), element 0 the identity. ValueError when the bound is too small;
    LimitError, at once, when the look-ups it needs pass ``budget``, and when it has found the outcomes of more
    than ``positions`` sums."""
    max_heap = len(options) - 1
    heaps = [h for h in range(1, max_heap + 1) if options[h]]  # a heap without moves is the empty sum
    count = count_sums(heaps, test_tokens)
    work = (count + len(heaps)) * count * (1 + len(heaps))
    if work > budget:
        raise LimitError(f"test_tokens={test_tokens} for {title} with heaps up to {max_heap}: {count:,} sums of "
                         f"at most {test_tokens} tokens, each tried beside each and with each heap added, is {work:,} "
                         f"outcomes; the definition looks up at most {budget:,} (MISERE_DEFINITION_WORK): take a "
                         "smaller bound, or test_tokens=None (proven, and much faster)")
    sums = sums_up_to(heaps, test_tokens)
    tests = list(sums)
    known = set(sums)
    sums += [(h,) for h in heaps if (h,) not in known]

    outcomes = Outcomes(options, positions, lambda n: (
        f"the definition of {title}'s quotient with test_tokens={test_tokens} found the outcomes of more than "
        f"{positions:,} sums (MISERE_DEFINITION_POSITIONS) and stops there; take a smaller bound, or "
        "test_tokens=None (proven, and much faster)"))

    def row(s: tuple[int, ...]) -> bytes:
        return bytes(outcomes.is_p(tuple(sorted(s + t))) for t in tests)

    classes: dict[bytes, int] = {}
    class_of: list[int] = []
    for s in sums:
        class_of.append(classes.setdefault(row(s), len(classes)))
    r = len(classes)
    too_small = f"test_tokens={test_tokens} is too small for {title} with heaps up to {max_heap}"
    act: dict[int, np.ndarray] = {}
    for h in heaps:
        image = np.full(r, -1, dtype=np.int64)
        for s, c in zip(sums, class_of, strict=True):
            after = classes.get(row(tuple(sorted(s + (h,)))))
            if after is None:
                raise ValueError(f"{too_small}: adding heap {h} to the sum {list(s)} gives a sum that differs from "
                                 "every class of the smaller sums; try a larger bound")
            if image[c] not in (-1, after):
                raise ValueError(f"{too_small}: sums the bound calls equivalent stop being equivalent when heap {h} "
                                 "is added (the classes are not a congruence); try a larger bound")
            image[c] = after
        act[h] = image
    # the product table: x times y follows y's first sum heap by heap
    table = np.empty((r, r), dtype=np.int64)
    first: dict[int, tuple[int, ...]] = {}
    for s, c in zip(sums, class_of, strict=True):
        first.setdefault(c, s)
    for y, s in sorted(first.items()):
        column = np.arange(r)
        for h in s:
            column = act[h][column]
        table[:, y] = column
    p = np.array([outcomes.is_p(first[c]) for c in range(r)], dtype=np.bool_)
    if r > 1 and r % 2:
        raise ValueError(f"{too_small}: it sees {r} classes, an odd number, and every misère quotient but the "
                         "trivial one has even order; try a larger bound")
    phi = [0] + [class_of[sums.index((h,))] if options[h] else 0 for h in range(1, max_heap + 1)]
    return table, p, phi


__all__: list[str] = []
