"""The misère quotient of a heap game: the monoid, and the finite certificate that proves one exact.

Words and the quotient
----------------------
A *sum* of heaps of sizes 1 .. n is written as a word: how many heaps of each size it has. In misère play
(who makes the last move loses) two sums u and v are *equivalent* when u + w and v + w have the same outcome for
every sum w of the same heaps. The classes form a commutative monoid under +, the *misère quotient*; the
classes of the P-positions are its *P-portion*, and the *pretending function* sends each heap to its class.
Then the outcome of any sum is read off the product of its heaps' classes (Plambeck, "Taming the wild in
impartial combinatorial games", INTEGERS 5 (2005); Plambeck and Siegel, "Misère quotients for impartial games",
J. Combin. Theory Ser. A 115 (2008); Siegel, *Combinatorial Game Theory*, AMS 2013, ch. V).

The certificate (why the answer is exact)
-----------------------------------------
Let (Q, P) be a finite commutative monoid with a subset P, and φ a map from the heaps 1 .. n onto generators of
Q, extended to words by multiplying. Suppose

* (the P-condition) no word w with φ(w) in P has a move to a word w' with φ(w') in P, and
* (the N-condition) every non-empty word w with φ(w) not in P has a move to a word w' with φ(w') in P,

and the identity 1 (the empty sum, a win for the player to move in misère play) is not in P. Then a word is a
misère P-position exactly when φ(w) is in P: by induction over the words, since a move always leads to a
smaller word (one heap replaced by smaller heaps). If moreover no two elements x ≠ y of Q behave alike (there is some z
with exactly one of xz, yz in P), then two words are equivalent exactly when φ gives them the same element, so
(Q, P, φ) *is* the misère quotient. This is the test of Plambeck and Siegel's algorithm; this module checks
both conditions over every one of the infinitely many words, by a finite computation:

* The P-condition only involves one heap at a time: for a heap i whose options have the classes T_i, it says
  that no x in Q has x·φ(i) in P and x·t in P for some t in T_i (every x is φ of some word, as φ is onto).
* For the N-condition, call C(w) the set of y in Q such that no move of w leads to a word w' with φ(w')·y in
  P ("w has no winning move of its own when played beside a sum of class y"). Adding one heap i to w gives
  C(w + i) = {y : φ(i)·y in C(w) and φ(w)·y has no class t of T_i with φ(w)·y·t in P}: it depends on w only
  through φ(w) and C(w). So the pairs (x, y) with y in C(w) for *some* word w of class x are exactly the
  pairs reachable, along those steps, from the pairs (1, y) of the empty word; the N-condition fails exactly
  when a pair (x, 1) with x not in P is reached by at least one step. That is a search on at most |Q|² pairs.

The quotient itself is found heap by heap in :mod:`gamelib.analysis.quotient_search`, from candidates made by
:mod:`gamelib.analysis.quotient_candidates`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: Element 0 of every monoid here is the identity.
IDENTITY = 0


class Monoid:
    """A finite commutative monoid with a P-portion: ``table[x, y]`` is the product, ``p[x]`` says x is in P.

    Element 0 is the identity.
    """

    __slots__ = ("p", "table")

    def __init__(self, table: np.ndarray, p: np.ndarray):
        self.table = table
        self.p = p

    @property
    def order(self) -> int:
        return len(self.p)

    def product(self, classes: Sequence[int]) -> int:
        """The product of the given elements."""
        x = IDENTITY
        for y in classes:
            x = int(self.table[x, y])
        return x


#: What one heap may become, for every heap 0 .. n: ``options[h]`` lists the tuples of heaps left by a move.
Options = list[list[tuple[int, ...]]]


def option_classes(monoid: Monoid, phi: Sequence[int], moves: list[tuple[int, ...]]) -> list[int]:
    """The distinct classes of a heap's options (each the product of its parts' classes), sorted."""
    return sorted({monoid.product([phi[part] for part in parts]) for parts in moves})


# ------------------------------------------------------------------------------------------ the certificate
class Failure:
    """A word that the certificate catches: ``heaps`` (sorted), and ``kind``, 'P' (a P-class word with a move
    to a P-class word) or 'N' (a word of an N-class with no move to a P-class word)."""

    __slots__ = ("heaps", "kind")

    def __init__(self, kind: str, heaps: list[int]):
        self.kind = kind
        self.heaps = heaps

    def __repr__(self) -> str:
        return f"Failure({self.kind!r}, {self.heaps})"


class Pairs:
    """The pairs (x, y) of the N-condition reached so far, with how each was reached (to name a failing word).

    A pair is stored as the number x·r + y (r the order). ``rules`` holds one step for each distinct (class,
    option classes) of the heaps: by heap i, the pair (x, y') leads to (x·φ(i), y) for every y with φ(i)·y = y'
    unless x·y·t is in P for some option class t of heap i (the step of the module notes).
    """

    def __init__(self, monoid: Monoid):
        self.monoid = monoid
        r = monoid.order
        self.r = r
        self.reached = np.zeros(r * r, dtype=bool)
        self.parent = np.full(r * r, -1, dtype=np.int64)
        self.heap = np.full(r * r, -1, dtype=np.int32)
        self.rules: list[tuple[int, int, np.ndarray, np.ndarray, np.ndarray]] = []
        self.keys: set[tuple[int, tuple[int, ...]]] = set()
        self._blocked: dict[bytes, np.ndarray] = {}

    def copy(self) -> Pairs:
        other = Pairs.__new__(Pairs)
        other.monoid, other.r = self.monoid, self.r
        other.reached, other.parent, other.heap = self.reached.copy(), self.parent.copy(), self.heap.copy()
        other.rules, other.keys, other._blocked = list(self.rules), set(self.keys), self._blocked
        return other

    def add_rule(self, heap: int, image: int, classes: list[int]) -> bool:
        """Add the step of a heap of class ``image`` whose options have ``classes``; False if already there."""
        key = (image, tuple(classes))
        if key in self.keys or not classes:
            return False
        self.keys.add(key)
        table, p = self.monoid.table, self.monoid.p
        winning = p[table[:, classes]].any(axis=1)  # y such that y·t is in P for some option class t
        blocked = self._blocked.get(winning.tobytes())
        if blocked is None:  # blocked[x, y]: x·y is such a y, so the heap gives the sum a winning move
            blocked = winning[table]
            self._blocked[winning.tobytes()] = blocked
        row = table[image]
        order = np.argsort(row, kind="stable")
        starts = np.concatenate(([0], np.cumsum(np.bincount(row, minlength=self.r))))
        self.rules.append((heap, image, order, starts, blocked))
        return True

    def step(self, nodes: np.ndarray, rules: list) -> list[tuple[np.ndarray, np.ndarray, int]]:
        """The pairs one step from ``nodes`` by ``rules``: (pairs, the pair each came from, heap) groups."""
        r = self.r
        x, given = np.divmod(nodes, r)
        table = self.monoid.table
        groups = []
        for heap, image, order, starts, blocked in rules:
            counts = starts[given + 1] - starts[given]
            total = int(counts.sum())
            if not total:
                continue
            source = np.repeat(np.arange(len(nodes)), counts)
            offsets = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
            y = order[starts[given][source] + offsets]  # every y with image·y = given
            xs = x[source]
            open_ = ~blocked[xs, y]
            if not open_.any():
                continue
            source, y, xs = source[open_], y[open_], xs[open_]
            groups.append((table[xs, image] * r + y, nodes[source], heap))
        return groups

    def search(self, groups: list[tuple[np.ndarray, np.ndarray, int]]) -> int | None:
        """Reach every pair from ``groups`` by all the rules; the first failing pair found, or None."""
        r, p = self.r, self.monoid.p
        while groups:
            fresh = []
            for nodes, parents, heap in groups:
                new = ~self.reached[nodes]
                if not new.any():
                    continue
                nodes, parents = nodes[new], parents[new]
                nodes, first = np.unique(nodes, return_index=True)
                parents = parents[first]
                self.reached[nodes] = True
                self.parent[nodes] = parents
                self.heap[nodes] = heap
                failing = nodes[(nodes % r == IDENTITY) & ~p[nodes // r]]
                if len(failing):
                    return int(failing[0])
                fresh.append(nodes)
            if not fresh:
                return None
            groups = self.step(np.concatenate(fresh), self.rules)
        return None

    def start(self) -> int | None:
        """Search from the empty word, whose pairs (1, y) count as reached by no step."""
        seeds = np.arange(self.r, dtype=np.int64)  # (identity, y): x = 0
        groups = [(nodes, np.full(len(nodes), -1, dtype=np.int64), heap)
                  for nodes, _, heap in self.step(seeds, self.rules)]
        return self.search(groups)

    def extend(self, rule: int) -> int | None:
        """After a new rule: its steps from every pair reached so far and from the empty word, then all rules."""
        reached = np.flatnonzero(self.reached)
        groups = self.step(reached, [self.rules[rule]]) if len(reached) else []
        seeds = np.arange(self.r, dtype=np.int64)
        groups += [(nodes, np.full(len(nodes), -1, dtype=np.int64), heap)
                   for nodes, _, heap in self.step(seeds, [self.rules[rule]])]
        return self.search(groups)

    def word(self, pair: int) -> list[int]:
        """The heaps of a word that reaches ``pair``."""
        heaps = []
        while pair >= 0:
            heaps.append(int(self.heap[pair]))
            pair = int(self.parent[pair])
        return sorted(heaps)


def p_failure(monoid: Monoid, phi: Sequence[int], options: Options, heaps: Sequence[int]) -> tuple[int, int] | None:
    """The P-condition for ``heaps``: the first (x, heap) with x·φ(heap) in P and a move to P, or None."""
    table, p = monoid.table, monoid.p
    for heap in heaps:
        classes = option_classes(monoid, phi, options[heap])
        if not classes:
            continue
        bad = p[table[:, phi[heap]]] & p[table[:, classes]].any(axis=1)
        if bad.any():
            return int(np.flatnonzero(bad)[0]), heap
    return None


def certify(monoid: Monoid, phi: Sequence[int], options: Options) -> tuple[Failure | None, Pairs | None]:
    """Check the certificate of the module notes for heaps 1 .. len(phi) - 1: (None, the pairs reached) when it
    holds, else (a failing word, None)."""
    heaps = range(1, len(phi))
    found = p_failure(monoid, phi, options, heaps)
    if found is not None:
        x, heap = found
        return Failure("P", sorted(least_words(monoid.table, phi)[x] + [heap])), None
    pairs = Pairs(monoid)
    for heap in heaps:
        pairs.add_rule(heap, phi[heap], option_classes(monoid, phi, options[heap]))
    failing = pairs.start()
    if failing is not None:
        return Failure("N", pairs.word(failing)), None
    return None, pairs


def least_words(table: np.ndarray, images: Sequence[int]) -> dict[int, list[int]]:
    """For each element the images generate, its least word: the indices of the images it multiplies, fewest of
    the last image, then of the one before, and so on. The dict lists the elements in the order of their words.

    >>> cyclic = np.array([[0, 1, 2], [1, 2, 0], [2, 0, 1]])  # the integers modulo 3
    >>> least_words(cyclic, [0, 2])  # image 0 is the identity: no element needs it
    {0: [], 2: [1], 1: [1, 1]}
    """
    words: dict[int, list[int]] = {IDENTITY: []}
    for index, image in enumerate(images):
        if image == IDENTITY:
            continue
        frontier = list(words)
        while frontier:
            nxt = []
            for x in frontier:
                y = int(table[x, image])
                if y not in words:
                    words[y] = words[x] + [index]
                    nxt.append(y)
            frontier = nxt
    return words


__all__: list[str] = []
