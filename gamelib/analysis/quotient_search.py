"""The misère quotient of a heap game, computed heap by heap and proven (Plambeck and Siegel's method).

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
misère P-position exactly when φ(w) is in P: by induction over the words, since a move always leads to a word
that is smaller in the order used below. If moreover no two elements x ≠ y of Q behave alike (there is some z
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

Building the quotient heap by heap
----------------------------------
The quotient of heaps 1 .. n is known and proven; heap n + 1 comes next. If some element x of the quotient, as
φ(n + 1), passes the certificate, the quotient stays the same (only one x can: two would be equivalent). If
none does, the quotient grows: a larger candidate monoid is made from the last one, the new heap and a few
heaps given room of their own (a cyclic part each: powers up to an index, then repeating with period 2), every
element of it is given the outcome of its least word by the rules of the game, equivalent elements are merged
(a partition refinement), and the certificate is checked again. When it fails, the words of the failure say
which heaps to give room next. This follows the strategy of Siegel's MisereSolver; the candidates, the
marking, the merging and the certificate are written here from the definitions above.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from gamelib.arguments import LimitError
from gamelib.limits import MAX_CANDIDATE_ELEMENTS, MAX_QUOTIENT_ORDER

TYPE_CHECKING = False  # typing itself is not imported at run time: see gamelib/__init__.py
if TYPE_CHECKING:
    pass

#: Element 0 of every monoid here is the identity.
IDENTITY = 0
#: A candidate with room for every heap of a failing word is tried at once when it has at most this many
#: elements; a larger one only after room for one heap at a time has failed to mend the word.
SMALL_CANDIDATE = 50_000


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


# ------------------------------------------------------------------------------------------- candidates
class Product:
    """The candidate monoid B × C_1 × ... × C_k: B an explicit monoid, each C_i cyclic (the powers of one
    element up to ``index + period - 1``, then x^(index + period) = x^index). An element is the number
    b + |B|·(c_1 + L_1·(c_2 + ...)), L_i = index_i + period_i."""

    def __init__(self, base: np.ndarray, cycles: list[tuple[int, int]]):
        self.base = base
        self.cycles = cycles
        self.radix = [base.shape[0]] + [index + period for index, period in cycles]
        self.size = int(np.prod(self.radix, dtype=np.int64))

    def split(self, codes: np.ndarray) -> list[np.ndarray]:
        parts = []
        for radix in self.radix:
            codes, part = np.divmod(codes, radix)
            parts.append(part)
        return parts

    def join(self, parts: list[np.ndarray]) -> np.ndarray:
        code, weight = np.zeros_like(parts[0]), 1
        for radix, part in zip(self.radix, parts, strict=True):
            code = code + part * weight
            weight *= radix
        return code

    def times(self, codes: np.ndarray, element: int) -> np.ndarray:
        """Each of ``codes`` multiplied by one element."""
        left = self.split(codes)
        right = self.split(np.array([element], dtype=np.int64))
        out = [self.base[left[0], right[0][0]]]
        for (index, period), a, b in zip(self.cycles, left[1:], right[1:], strict=True):
            s = a + b[0]
            out.append(np.where(s >= index, index + (s - index) % period, s))
        return self.join(out)


class Explored:
    """The elements a candidate's heap images generate, in the order of their least words, with:
    ``acts[g]`` (index array: each element times image g) and ``pred[i]`` (the element of the least word less
    one heap i, or -1 where the word has no heap i)."""

    def __init__(self, product: Product, images: list[int]):
        index = np.full(product.size, -1, dtype=np.int64)
        index[0] = 0
        chunks = [np.zeros(1, dtype=np.int64)]
        n = 1
        batches = []
        for heap in range(1, len(images)):
            image = images[heap]
            if image == 0:
                continue
            codes, idx = np.concatenate(chunks), np.arange(n)
            while len(idx):
                nxt = product.times(codes, image)
                fresh = index[nxt] < 0
                new, parents = nxt[fresh], idx[fresh]
                if not len(new):
                    break
                index[new[::-1]] = np.arange(len(new) - 1, -1, -1)  # the first parent of each new element
                keep = index[new] == np.arange(len(new))
                new, parents = new[keep], parents[keep]
                idx = np.arange(n, n + len(new))
                index[new] = idx
                batches.append((heap, n, parents))
                n += len(new)
                chunks.append(new)
                codes = new
        self.codes = np.concatenate(chunks)
        self.acts: dict[int, np.ndarray] = {}
        for image in images:
            if image != 0 and image not in self.acts:
                self.acts[image] = index[product.times(self.codes, image)]
        self.pred: dict[int, np.ndarray] = {}
        for heap, start, parents in batches:
            stop = start + len(parents)
            self.pred.setdefault(heap, np.full(n, -1, dtype=np.int64))
            act = self.acts[images[heap]]
            for other, pred in self.pred.items():
                if other == heap:
                    pred[start:stop] = parents
                else:
                    before = pred[parents]
                    pred[start:stop] = np.where(before >= 0, act[before], -1)
        self.index = index


def mark(explored: Explored, images: list[int], options: Options) -> np.ndarray:
    """Which elements are P: the outcome of each element's least word by the rules of the game (a word is P
    when it is not empty and no move leads to a P word), found from the empty word outwards."""
    n = len(explored.codes)
    sources, targets = [], []
    for heap, pred in explored.pred.items():
        having = np.flatnonzero(pred >= 0)
        if not len(having):
            continue
        rest = pred[having]
        seen = set()
        for parts in options[heap]:
            key = tuple(sorted(images[part] for part in parts if images[part] != 0))
            if key in seen:
                continue
            seen.add(key)
            after = rest
            for image in key:
                after = explored.acts[image][after]
            sources.append(having)
            targets.append(after)
    source, target = np.concatenate(sources), np.concatenate(targets)
    remaining = np.bincount(source, minlength=n)  # moves not yet known to lead to N
    order = np.argsort(target, kind="stable")
    back = source[order]
    starts = np.concatenate(([0], np.cumsum(np.bincount(target, minlength=n))))
    p = np.zeros(n, dtype=bool)
    known = np.zeros(n, dtype=bool)
    known[0] = True  # the empty word: N
    new_n, new_p = np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64)
    while len(new_n) or len(new_p):
        next_n = next_p = np.zeros(0, dtype=np.int64)
        if len(new_p):  # a move to P makes a word N
            before = _gather(back, starts, new_p)
            before = before[~known[before]]
            known[before] = True
            next_n = np.unique(before)
        if len(new_n):  # a word all of whose moves lead to N is P
            before = _gather(back, starts, new_n)
            before = before[~known[before]]
            if len(before):
                remaining -= np.bincount(before, minlength=n)
                touched = np.zeros(n, dtype=bool)
                touched[before] = True
                next_p = np.flatnonzero(touched & (remaining == 0) & ~known)
                known[next_p] = True
                p[next_p] = True
        new_n, new_p = next_n, next_p
    return p


def _gather(values: np.ndarray, starts: np.ndarray, nodes: np.ndarray) -> np.ndarray:
    """values[starts[v]:starts[v + 1]] for every v in nodes, concatenated."""
    counts = starts[nodes + 1] - starts[nodes]
    total = int(counts.sum())
    if not total:
        return np.zeros(0, dtype=np.int64)
    source = np.repeat(np.arange(len(nodes)), counts)
    offsets = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    return values[starts[nodes][source] + offsets]


def _relabel(key: np.ndarray, bound: int) -> tuple[np.ndarray, int]:
    """Labels 0 .. k - 1 for the distinct values of ``key`` (0 <= key < bound), and k."""
    if bound <= 1 << 24:  # without sorting: the first position of each value, then those positions numbered
        first = np.full(bound, -1, dtype=np.int64)
        first[key[::-1]] = np.arange(len(key) - 1, -1, -1)
        label = first[key]
        used = np.zeros(len(key), dtype=np.int64)
        used[label] = 1
        return (np.cumsum(used) - 1)[label], int(used.sum())
    _, inverse = np.unique(key, return_inverse=True)
    inverse = inverse.ravel()
    return inverse, int(inverse.max()) + 1


def merge(p: np.ndarray, acts: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The classes of elements that no product tells apart (x ~ y when x·z and y·z are both in P or both not,
    for every z): refine the partition {P, not P} by the generators' actions until it is stable (Moore's
    algorithm). Returns each element's class (numbered by first element, so the identity's class is 0) and the
    first element of each class."""
    label, count = p.astype(np.int64), 2
    while True:
        key, distinct = label, count
        for act in acts:
            key, distinct = _relabel(key * count + label[act], distinct * count)
        if distinct == count:
            break
        label, count = key, distinct
    first = np.full(count, -1, dtype=np.int64)
    first[label[::-1]] = np.arange(len(label) - 1, -1, -1)
    order = np.argsort(first)
    number = np.empty(count, dtype=np.int64)
    number[order] = np.arange(count)
    return number[label], first[order]


class Work:
    """Counts the candidate elements made, against a budget; past it, LimitError saying how far it got."""

    def __init__(self, budget: int, describe: Callable[[], str]):
        self.budget = budget
        self.done = 0
        self.describe = describe

    def add(self, amount: int, what: str) -> None:
        self.done += amount
        if self.done > self.budget:
            raise LimitError(f"{self.describe()}: the search made more than {self.budget:,} {what} "
                             f"(MISERE_QUOTIENT_WORK) and stops there")


def candidate(base: Monoid, base_phi: list[int], room: dict[int, tuple[int, int]], options: Options,
              work: Work) -> tuple[Monoid, list[int]]:
    """The merged candidate: ``base`` × a cyclic part (index, period) for each heap of ``room``, whose image is
    that part's generator (the other heaps keep their class of ``base``)."""
    heaps_with_room = sorted(room)
    product = Product(base.table, [room[h] for h in heaps_with_room])
    images = []
    for heap, image in enumerate(base_phi):
        if not options[heap]:
            images.append(0)  # a heap without moves is the empty sum
        elif heap in room:
            parts = [np.zeros(1, dtype=np.int64)] + [np.array([int(h == heap)]) for h in heaps_with_room]
            images.append(int(product.join(parts)[0]))
        else:
            images.append(image)
    if product.size > MAX_CANDIDATE_ELEMENTS:
        raise LimitError(f"{work.describe()}: a candidate would have {product.size:,} elements, and this kit makes "
                         f"candidates of at most {MAX_CANDIDATE_ELEMENTS:,} (MAX_CANDIDATE_ELEMENTS)")
    work.add(product.size, "candidate elements")
    explored = Explored(product, images)
    p = mark(explored, images, options)
    acts = [explored.acts[image] for image in sorted(explored.acts)]
    label, first = merge(p, acts)
    r = len(first)
    if r > MAX_QUOTIENT_ORDER:
        raise LimitError(f"{work.describe()}: a candidate has {r:,} classes, and this kit keeps quotients of at most "
                         f"{MAX_QUOTIENT_ORDER:,} elements (MAX_QUOTIENT_ORDER: each takes order² products)")
    work.add(r * r, "products of a merged candidate")
    codes = explored.codes[first]
    table = np.empty((r, r), dtype=np.int64)
    for y in range(r):
        table[:, y] = label[explored.index[product.times(codes, int(codes[y]))]]
    phi = [int(label[explored.index[image]]) for image in images]
    return Monoid(table, p[first].copy()), phi


def index_of(monoid: Monoid, x: int) -> int:
    """The least k with x^k equal to a later power of x."""
    seen: dict[int, int] = {}
    y, k = IDENTITY, 0
    while y not in seen:
        seen[y] = k
        y = int(monoid.table[y, x])
        k += 1
    return seen[y]


# ----------------------------------------------------------------------------------------- heap by heap
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
