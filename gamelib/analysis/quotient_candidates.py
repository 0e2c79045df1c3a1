"""Candidate monoids for the heap-by-heap search (:mod:`gamelib.analysis.quotient_search`): the last quotient
times a cyclic part for each heap given room, every element marked P or N by the rules of the game from its least
word, and equivalent elements merged (a partition refinement), with the work counted against a budget.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from gamelib.analysis.quotient_certificate import IDENTITY, Monoid, Options
from gamelib.arguments import LimitError
from gamelib.limits import MAX_CANDIDATE_ELEMENTS, MAX_QUOTIENT_ORDER


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


__all__: list[str] = []
