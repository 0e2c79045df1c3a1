"""The misère quotient of a heap game, computed heap by heap and proven (Plambeck and Siegel's method).

What a quotient is, and the certificate that proves the answer exact for every sum of the heaps, are in
:mod:`gamelib.analysis.quotient_certificate`; the candidate monoids in :mod:`gamelib.analysis.quotient_candidates`.

Building the quotient heap by heap
----------------------------------
The quotient of heaps 1 .. n is known and proven; heap n + 1 comes next. If some element x of the quotient, as
φ(n + 1), passes the certificate, the quotient stays the same (only one x can: two would be equivalent). If
none does, the quotient grows: a larger candidate monoid is made from the last one, the new heap and a few
heaps given room of their own (a cyclic part each: powers up to an index, then repeating with period 2), every
element of it is given the outcome of its least word by the rules of the game, equivalent elements are merged
(a partition refinement), and the certificate is checked again. When it fails, the words of the failure say
which heaps to give room next. This follows the strategy of Siegel's MisereSolver; the candidates, the
marking, the merging and the certificate are written in these three modules from the definitions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from gamelib.analysis.quotient_candidates import Work, candidate, index_of
from gamelib.analysis.quotient_certificate import IDENTITY, Monoid, Options, Pairs, certify, option_classes

#: A candidate with room for every heap of a failing word is tried at once when it has at most this many
#: elements; a larger one only after room for one heap at a time has failed to mend the word.
SMALL_CANDIDATE = 50_000


class HeapByHeap:
    """The proven misère quotient of heaps 0 .. ``heap``, one heap more at each :meth:`advance`.

    ``options(h)`` gives what heap h may become (tuples of smaller heaps). ``monoid`` and ``phi`` (the class of
    each heap 0 .. heap) are the quotient so far; ``budget`` bounds the candidate elements made in all
    (LimitError past it).
    """

    def __init__(self, options: Callable[[int], list[tuple[int, ...]]], budget: int, title: str = "the game"):
        self._options_of = options
        self.options: Options = [[]]
        self.monoid = Monoid(np.zeros((1, 1), dtype=np.int64), np.zeros(1, dtype=bool))
        self.phi = [IDENTITY]
        self.title = title
        self._pairs = Pairs(self.monoid)
        self.work = Work(budget, self._where)
        self.rounds = 0  # candidates tried, in all

    @property
    def heap(self) -> int:
        return len(self.phi) - 1

    def _where(self) -> str:
        return (f"the misère quotient of {self.title} is proven up to heap {self.heap} (order "
                f"{self.monoid.order}); heap {self.heap + 1} needs more")

    def advance(self) -> None:
        """Add the next heap: the same quotient with the heap's class, or a larger one, proven."""
        heap = self.heap + 1
        moves = [tuple(parts) for parts in self._options_of(heap)]
        self.options.append(moves)
        if not moves:
            self.phi.append(IDENTITY)
            return
        if self._conservative(heap):
            return
        self._expand(heap)

    def _conservative(self, heap: int) -> bool:
        monoid = self.monoid
        table, p = monoid.table, monoid.p
        classes = option_classes(monoid, self.phi, self.options[heap])
        winning = p[table[:, classes]].any(axis=1)
        # the P-condition for every candidate class x at once: no y with y·x in P and y·t in P for some t
        allowed = ~(p[table] & winning[:, None]).any(axis=0)
        # the N-condition for the words with one heap of the new size, u + heap, for every x at once: it fails
        # when (φ(u), x) is reached (x in C(u); the empty word reaches every (1, x)), φ(u) has no winning
        # option of the heap (not winning) and φ(u)·x is not in P
        reached = self._pairs.reached.reshape(monoid.order, monoid.order).copy()
        reached[IDENTITY] = True
        allowed &= ~(reached & ~winning[:, None] & ~p[table]).any(axis=0)
        for x in np.flatnonzero(allowed):
            self.work.add(monoid.order ** 2, "pairs of the certificate")
            pairs = self._pairs.copy()
            # the same step as an earlier heap's leaves the pairs reached as they are: nothing new to check
            failing = pairs.extend(len(pairs.rules) - 1) if pairs.add_rule(heap, int(x), classes) else None
            if failing is None:
                self.phi.append(int(x))
                self._pairs = pairs
                return True
        return False

    def _expand(self, heap: int) -> None:
        base, base_phi = self.monoid, self.phi + [IDENTITY]
        room = {heap: (2, 2)}
        made = None
        tried: set[tuple[int, ...]] = set()
        while True:
            self.rounds += 1
            monoid, phi = made or candidate(base, base_phi, room, self.options, self.work)
            self.work.add(monoid.order ** 2, "pairs of the certificate")
            failure, pairs = certify(monoid, phi, self.options)
            if failure is None and pairs is not None:
                self.monoid, self.phi, self._pairs = monoid, phi, pairs
                return
            word = tuple(failure.heaps) if failure else ()
            grow = 2 if word in tried else 0  # the same failure again: give its heaps more room
            tried.add(word)
            base, base_phi = monoid, phi
            room, made = self._room_for(base, base_phi, word, grow)

    def _room_for(self, base: Monoid, base_phi: list[int], word: tuple[int, ...], grow: int
                  ) -> tuple[dict[int, tuple[int, int]], tuple[Monoid, list[int]] | None]:
        """Room for heaps of a failing word: for all of them when that candidate is small, else for the first
        single heap that mends the word (judged on the word alone), else for all. Returns the room, and the
        candidate when it was made already."""
        heaps = sorted(set(word))

        def room_of(chosen: Sequence[int]) -> dict[int, tuple[int, int]]:
            return {h: (max(index_of(base, base_phi[h]), word.count(h)) + grow, 2 + grow) for h in chosen}

        whole = room_of(heaps)
        if len(heaps) == 1 or base.order * np.prod([i + p for i, p in whole.values()]) <= SMALL_CANDIDATE:
            return whole, None
        for h in heaps:
            room = room_of([h])
            self.rounds += 1
            made = candidate(base, base_phi, room, self.options, self.work)
            if not fails(*made, self.options, word):
                return room, made
        return whole, None


def fails(monoid: Monoid, phi: Sequence[int], options: Options, word: Sequence[int]) -> bool:
    """Whether a word still breaks one of the two conditions of the certificate in this monoid."""
    table, p = monoid.table, monoid.p
    x = monoid.product([phi[h] for h in word])
    moves_to_p = False
    for i, h in enumerate(word):
        if i and h == word[i - 1]:
            continue
        rest = monoid.product([phi[g] for j, g in enumerate(word) if j != i])
        for parts in options[h]:
            if p[table[rest, monoid.product([phi[part] for part in parts])]]:
                moves_to_p = True
                break
    return bool(p[x]) == moves_to_p or (not word and bool(p[x]))


def quotient(options: Callable[[int], list[tuple[int, ...]]], max_heap: int, budget: int,
             title: str = "the game") -> HeapByHeap:
    """The proven misère quotient of heaps 0 .. max_heap (see :class:`HeapByHeap`)."""
    search = HeapByHeap(options, budget, title)
    while search.heap < max_heap:
        search.advance()
    return search


__all__: list[str] = []
