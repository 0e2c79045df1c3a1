"""For each practice generator: the answers of the right shape to try, and which of them are right, found from
the definitions alone (tests/brute.py and friends, loops over moves), never from gamelib.

``answers(exercise, numbers)`` returns ``(candidates, right)``: every candidate is an answer of the form the
exercise asks for, and ``right`` is the set of candidates a brute force finds right. The test checks that the
practice check accepts exactly ``right`` among the candidates, and that ``right`` is not empty (the instance
is solvable). Where the answers of the right shape are too many to try all (sets of heaps), the candidates
are the right answer, every answer one element away from it, and random others.
"""

from __future__ import annotations

import random
import re
from functools import cache
from itertools import combinations, permutations

import brute_hackenbush
import brute_lesson9
import brute_misere
import brute_octal

import brute


def _xor(values) -> int:
    total = 0
    for v in values:
        total ^= v
    return total


def _near_sets(truth: set, top: int, rng: random.Random) -> list[frozenset]:
    """The true set, each set one element away from it (within 0 .. top), and 20 random subsets."""
    found = {frozenset(truth)}
    for x in range(top + 1):
        found.add(frozenset(truth ^ {x}))
    for _ in range(20):
        found.add(frozenset(x for x in range(top + 1) if rng.random() < 0.4))
    return sorted(found, key=sorted)


def _sets(truth: set, top: int, rng: random.Random):
    candidates = _near_sets(truth, top, rng)
    return [tuple(sorted(c)) for c in candidates], {tuple(sorted(truth))}


def _numbers(answer: int):
    candidates = set(range(0, 70)) | set(range(max(0, answer - 70), answer + 70))
    return sorted(candidates), {answer}


def _one_heap_moves(n: int, legal, p_after, rng: random.Random):
    """Heaps left from ``n``: every legal one, and 30 others below n."""
    candidates = {a for a in range(n) if legal(n - a)} | {rng.randrange(n) for _ in range(30)}
    return sorted(candidates), {a for a in candidates if legal(n - a) and p_after(a)}


def _heap_tuples(position, right_after, raise_by: int = 0):
    """Every tuple that changes one heap of ``position`` to another size (0 .. h - 1, or up to h + raise_by), and
    a few that change two heaps; ``right_after(after)`` says which are right."""
    candidates = set()
    for i, h in enumerate(position):
        for new in range(0, h + raise_by + 1):
            if new != h:
                candidates.add(position[:i] + (new,) + position[i + 1:])
    if len(position) > 1:
        candidates.add((max(0, position[0] - 1), max(0, position[1] - 1)) + tuple(position[2:]))
    candidates.add(tuple(position))
    return sorted(candidates), {c for c in candidates if right_after(c)}


def _one_changed_down(position, after) -> bool:
    changed = [i for i in range(len(position)) if position[i] != after[i]]
    return len(changed) == 1 and after[changed[0]] < position[changed[0]]


@cache
def _misere_nim_p(heaps: tuple) -> bool:
    """Misère Nim from the definition: P when every move leads to an N-position; no move left means the player
    to move has won (the last chip was taken by the other player)."""
    heaps = tuple(sorted(h for h in heaps if h))
    if not heaps:
        return False
    return all(not _misere_nim_p(heaps[:i] + (k,) + heaps[i + 1:]) for i, h in enumerate(heaps) for k in range(h))


@cache
def _one_heap_p_table(game: str) -> list[bool]:
    """Heaps 0 .. 3000 of the digit game ("digits") or of take-a-power-of-2 ("powers"): P when no move reaches a P."""
    table: list[bool] = []
    for n in range(3001):
        takes = [int(d) for d in str(n) if d != "0"] if game == "digits" else \
            [1 << k for k in range(n.bit_length()) if (1 << k) <= n]
        table.append(all(not table[n - t] for t in takes))
    return table


def _digit_p(n: int) -> bool:
    return _one_heap_p_table("digits")[n]


def _powers_p(n: int) -> bool:
    return _one_heap_p_table("powers")[n]


@cache
def _wythoff_p(x: int, y: int) -> bool:
    moves = [(a, y) for a in range(x)] + [(x, b) for b in range(y)] + [(x - d, y - d) for d in range(1, min(x, y) + 1)]
    return all(not _wythoff_p(*m) for m in moves)


def _wythoff_pairs(limit: int) -> list[tuple[int, int]]:
    """P-positions (a, b), a < b, built greedily: a is the least number not used yet, b = a + k."""
    used, pairs, k = set(), [], 1
    while True:
        a = next(m for m in range(1, 10**6) if m not in used)
        if a > limit:
            return pairs
        pairs.append((a, a + k))
        used |= {a, a + k}
        k += 1


@cache
def _chomp_p(rows: tuple) -> bool:
    """Chomp from the definition: rows non-increasing; eating the poisoned square (only square left) loses."""
    if rows == (1,) + (0,) * (len(rows) - 1):
        return True  # only the poisoned square is left: the player to move has no move but to eat it, and loses
    for r in range(len(rows)):
        for c in range(rows[r]):
            if (r, c) == (0, 0):
                continue
            after = tuple(min(length, c) if i >= r else length for i, length in enumerate(rows))
            if _chomp_p(after):
                return False
    return True


def _chomp_shapes(rows: int, cols: int):
    def shapes(k, top):
        if k == 0:
            yield ()
            return
        for first in range(top, -1, -1):
            for rest in shapes(k - 1, first):
                yield (first,) + rest
    return [s for s in shapes(rows, cols) if s[0] >= 1]


def _bites(start: tuple) -> set:
    """The positions one bite away from ``start`` (any square but the poisoned one)."""
    return {tuple(min(length, c) if i >= r else length for i, length in enumerate(start))
            for r in range(len(start)) for c in range(start[r]) if (r, c) != (0, 0)}


@cache
def _mock_values(last: int) -> dict:
    """Grundy values of Mock Turtles positions (frozensets of heads-up coins 0 .. last) from the definition:
    turn one, two or three coins, the rightmost from heads to tails."""
    values: dict = {}

    def value(heads: frozenset) -> int:
        if heads not in values:
            options = set()
            for x in heads:
                for k in range(0, 3):
                    for others in combinations(range(x), k):
                        options.add(value(heads ^ {x, *others}))
            values[heads] = brute.mex(options)
        return values[heads]

    return value


def answers(exercise: str, numbers: dict, rng: random.Random):
    """(candidates, right answers) for one instance; see the module's docstring."""
    n = numbers
    if exercise in ("1.1", "2.5"):
        S, stop = n["S"], n["stop"]
        return _sets({i for i, c in enumerate(brute.outcome_string(S, stop)) if c == "P"}, stop + 1, rng)
    if exercise == "1.5":
        S, stop = n["S"], n["stop"]
        labels = brute.outcome_string(S, stop)
        candidates = [labels] + [labels[:i] + ("N" if c == "P" else "P") + labels[i + 1:] for i, c in enumerate(labels)]
        return candidates, {labels}
    if exercise in ("6.3", "6.5"):
        S, stop = n["S"], n.get("stop", 20)
        return _sets({i for i, c in enumerate(brute.outcome_string(S, stop, misere=True)) if c == "P"}, stop + 1, rng)
    if exercise == "6.4":
        S = n["S"]
        truth = brute.outcome_string(S, 20, misere=True)
        printed = "N" * (S[0] + 1)
        for h in range(S[0] + 1, 20):  # PTFN from heap s_1 + 1: a heap no P-position marked is P
            marked = any(printed[h - s] == "P" for s in S if h - s > S[0])
            printed += "N" if marked else "P"
        return _sets({i for i in range(20) if printed[i] != truth[i]}, 21, rng)
    if exercise == "2.6":
        return [tuple(c) for k in range(10) for c in combinations(range(9), k)], {tuple(range(n["mex"]))}
    if exercise in ("1.2",):
        S, heap = n["S"], n["heap"]
        labels = brute.outcome_string(S, heap + 1)
        return _one_heap_moves(heap, lambda s: s in S, lambda a: labels[a] == "P", rng)
    if exercise == "1.4":
        heap = n["heap"]
        return _one_heap_moves(heap, lambda d: 1 <= d <= 9 and str(d) in str(heap), _digit_p, rng)
    if exercise == "3.5":
        heap = n["heap"]
        return _one_heap_moves(heap, lambda d: d & (d - 1) == 0, _powers_p, rng)
    if exercise == "1.3":
        return ["P", "N"], {brute.outcome_string(n["S"], n["heap"] + 1)[n["heap"]]}
    if exercise == "6.1":
        return ["P", "N"], {"P" if _misere_nim_p(n["heaps"]) else "N"}
    if exercise == "2.1":
        return _numbers(brute.mex(n["set"]))
    if exercise == "2.2":
        return _numbers(brute.grundy_sequence(n["S"], n["heap"] + 1)[n["heap"]])
    if exercise == "2.3":
        truth = tuple(brute.grundy_sequence(n["S"], n["stop"]))
        candidates = {truth} | {truth[:i] + (v,) + truth[i + 1:] for i in range(len(truth)) for v in range(6)}
        return sorted(candidates), {truth}
    if exercise == "2.4":
        return _numbers(brute.grundy_sequence(n["S"], 40).index(n["value"]))
    if exercise == "3.1":
        S = n["S"]
        values = brute.grundy_sequence(S, 400)
        pre, period = brute.eventual_period(values, max(S))
        heap = 10 ** n["e"] + n["r"]
        return _numbers(values[pre + (heap - pre) % period])
    if exercise == "3.2":
        S = n["S"]
        return _numbers(max(S) * (len(S) + 1) ** max(S))
    if exercise == "3.3":
        values = brute.grundy_sequence(n["S"], 200)
        truth = brute.eventual_period(values, max(n["S"]))
        return [(a, b) for a in range(0, 35) for b in range(1, 35)], {truth}
    if exercise in ("4.1", "4.4", "7.3", "8.4"):
        position = n.get("heaps") or n.get("square") or n["stalks"]
        return _heap_tuples(position, lambda a: _one_changed_down(position, a) and _xor(a) == 0)
    if exercise == "6.2":
        position = n["heaps"]
        return _heap_tuples(position, lambda a: _one_changed_down(position, a) and _misere_nim_p(a))
    if exercise == "5.8":
        raised = n["raised"]

        def one_changed(a):
            return sum(1 for x, y in zip(raised, a, strict=True) if x != y) == 1
        return _heap_tuples(raised, lambda a: one_changed(a) and _xor(a) == 0, raise_by=8)
    if exercise == "4.2":  # worked in binary: the answer may be typed in binary digits too (1101 for 13)
        truth = _xor(n["heaps"])
        candidates, right = _numbers(truth)
        spelled = int(format(truth, "b"))
        return sorted(set(candidates) | {spelled}), right | {spelled}
    if exercise == "4.3":
        return _numbers(_xor(n["heaps"]))
    if exercise == "4.5":
        heaps = n["heaps"]
        count = sum(1 for i, h in enumerate(heaps) for k in range(h)
                    if _xor(heaps[:i] + (k,) + heaps[i + 1:]) == 0)
        return _numbers(count)
    if exercise == "5.1":
        (A, B), (a, b) = n["S"], n["heaps"]
        return _numbers(brute.grundy_sequence(A, a + 1)[a] ^ brute.grundy_sequence(B, b + 1)[b])
    if exercise == "5.2":
        return _numbers(brute.grundy_sequence(n["S"], n["heap"] + 1)[n["heap"]])
    if exercise in ("5.3", "5.6"):
        parts, heaps = n["S"], n["heaps"]
        tables = [brute.grundy_sequence(S, h + 1) for S, h in zip(parts, heaps, strict=True)]

        def right(after):
            changed = [i for i in range(len(heaps)) if after[i] != heaps[i]]
            if len(changed) != 1 or heaps[changed[0]] - after[changed[0]] not in parts[changed[0]]:
                return False
            return _xor(tables[i][after[i]] for i in range(len(heaps))) == 0
        return _heap_tuples(heaps, right)
    if exercise == "5.5":
        pins = n["pins"]
        values = brute_octal.octal_values("0.77", pins + 1)
        candidates = [(a, b) for a in range(0, pins) for b in range(0, pins) if a + b in (pins - 1, pins - 2)]
        return candidates, {(a, b) for a, b in candidates if a and b and a != b and values[a] ^ values[b] == 0}
    if exercise == "5.9":
        return _numbers(2 * n["n0"] + n["p"] + n["t"] - 1)
    if exercise == "7.1":
        return _numbers(dict(_wythoff_pairs(200))[n["heap"]])
    if exercise == "7.6":
        return _numbers({b: a for a, b in _wythoff_pairs(200)}[n["heap"]])
    if exercise == "7.2":
        x, y = n["heaps"]
        candidates = [(a, b) for a in range(x + 1) for b in range(y + 1) if (a, b) != (x, y)]
        legal = {(a, y) for a in range(x)} | {(x, b) for b in range(y)} | {(x - d, y - d) for d in range(1, x + 1)}
        return candidates, {c for c in candidates if c in legal and _wythoff_p(*c)}
    if exercise in ("7.4", "7.5"):
        start = (n["cols"],) * n["rows"]
        shapes = [s for s in _chomp_shapes(n["rows"], n["cols"]) if s != start]
        bites = _bites(start)
        return shapes, {s for s in shapes if s in bites and _chomp_p(s)}
    if exercise in ("8.1", "8.3"):
        heads = set(n["heads"])
        top = max(heads) + 2
        turtles = exercise == "8.1"

        def value(c):
            return c if turtles else c & -c
        candidates = [c for k in (1, 2) for c in combinations(range(1, top + 1), k)]
        candidates += [tuple(range(x - k + 1, x + 1)) for x in range(1, top + 1) for k in range(3, x + 1)]
        right = set()
        for c in candidates:
            x = max(c)
            legal = x in heads and (len(c) <= 2 if turtles else c == tuple(range(x - len(c) + 1, x + 1)))
            if legal and _xor(value(h) for h in heads ^ set(c)) == 0:
                right.add(c)
        return candidates, right
    if exercise == "8.2":
        return _numbers(_mock_values(12)(frozenset(n["heads"])))
    if exercise == "8.5":
        return _numbers(brute_hackenbush.value(n["edges"]))
    if exercise == "8.7":
        stalk, cycle, hanging, ground_cycle = n["parts"]
        edges = [(v, v + 1) for v in range(stalk)]  # the picture again, from its description
        ring = [stalk] + [100 + i for i in range(1, cycle)]
        edges += [(ring[i], ring[(i + 1) % cycle]) for i in range(cycle)]
        path = [ring[(cycle + 1) // 2]] + [200 + i for i in range(1, hanging + 1)]
        edges += [(path[i], path[i + 1]) for i in range(hanging)]
        ground = [0] + [300 + i for i in range(1, ground_cycle)]
        edges += [(ground[i], ground[(i + 1) % ground_cycle]) for i in range(ground_cycle)]
        return _numbers(brute_hackenbush.value(edges))
    if exercise == "8.8":
        def house_edges(walls, roof, tag):  # ground 0; the corners (tag, 1) and (tag, 2); from the description
            left = [0] + [(tag, "left", i) for i in range(1, walls)] + [(tag, 1)]
            right = [0] + [(tag, "right", i) for i in range(1, walls)] + [(tag, 2)]
            ridge = [(tag, 1)] + [(tag, "roof", i) for i in range(1, roof)] + [(tag, 2)]
            return (list(zip(left, left[1:], strict=False)) + list(zip(right, right[1:], strict=False))
                    + [((tag, 1), (tag, 2))] + list(zip(ridge, ridge[1:], strict=False)))
        edges = house_edges(n["walls"], n["roof"], "a")
        if "stalk" in n:
            path = [0] + [("s", i) for i in range(1, n["stalk"] + 1)]
            edges += list(zip(path, path[1:], strict=False))
        else:
            edges += house_edges(1, n["roof2"], "b")
        others = sorted({v for e in edges for v in e} - {0}, key=str)
        names = {0: 0, **{v: i for i, v in enumerate(others, start=1)}}
        numbered = [(names[u], names[v]) for u, v in edges]
        return ["P", "N"], {"N" if brute_hackenbush.value(numbered) else "P"}
    if exercise == "8.6":
        edges = n["edges"]
        vertices = sorted({v for e in edges for v in e})
        candidates = [(u, v) for u in vertices for v in vertices if u < v]
        wins = {tuple(sorted(e)) for e in brute_hackenbush.winning_chops(edges)}
        return candidates, {c for c in candidates if c in wins}
    if exercise.startswith("9."):
        return _lesson_9(exercise, n)
    if exercise in ("10.1", "10.2", "10.3"):
        return _quotient_answers(exercise, n, rng)
    raise KeyError(f"no brute force for exercise {exercise}")


def _stair_candidates(stairs: tuple) -> list[tuple]:
    """Every move of Staircase Nim from ``stairs`` (brute_lesson9's rule), and positions one coin away from the
    start or from a move that are not moves (coins carried up, coins from nowhere, a stair skipped)."""
    moves = set(brute_lesson9.staircase_moves(stairs))
    others = {stairs}
    for base in [stairs, *sorted(moves)[:12]]:
        for i in range(len(stairs)):
            for d in (-1, 1):
                changed = base[:i] + (base[i] + d,) + base[i + 1:]
                if changed[i] >= 0:
                    others.add(changed)
    return sorted(moves | others)


def _lasker_candidates(heaps: tuple) -> list[tuple]:
    """Every position one move from ``heaps`` in Lasker's Nim (a heap made smaller, or split in two), each in
    every order, and a few that are not moves."""
    found = set()
    for i, h in enumerate(heaps):
        others = heaps[:i] + heaps[i + 1:]
        found |= {tuple(x for x in others + (smaller,) if x) for smaller in range(h)}
        found |= {others + (part, h - part) for part in range(1, h)}
    orders = {order for after in found for order in permutations(after)}
    return sorted(orders | {heaps, (heaps[0] + 1,) + heaps[1:], (1, 1, 1) + heaps[1:]})


def _lesson_9(exercise: str, n: dict):
    b9 = brute_lesson9
    if exercise == "9.1":
        stairs = n["stairs"]
        moves = set(b9.staircase_moves(stairs))
        candidates = _stair_candidates(stairs)
        return candidates, {c for c in candidates if c in moves and b9.staircase_value(c) == 0}
    if exercise == "9.2":
        return _numbers(b9.staircase_value(n["stairs"]))
    if exercise == "9.3":
        return ["P", "N"], {"P" if b9.moore_is_p(tuple(sorted(n["heaps"])), n["k"]) else "N"}
    if exercise == "9.4":
        k, heaps = n["k"], n["heaps"]
        moves = b9.moore_moves(heaps, k)
        right = {m for m in moves if b9.moore_is_p(tuple(sorted(m)), k)}
        candidates = set(moves) | {order for m in right for order in permutations(m)} | {heaps, (0,) * len(heaps)}
        return sorted(candidates), right
    if exercise == "9.5":
        return _numbers(b9.lasker_values(n["heap"] + 1)[n["heap"]])
    if exercise == "9.6":
        values = b9.lasker_values(max(n["heaps"]) + 2)
        start = tuple(sorted(n["heaps"]))
        moves = {tuple(sorted(x for x in c if x)) for c in _lasker_candidates(start)} - {start}
        legal = set()
        for i, h in enumerate(start):  # the rule again, for which candidates are moves
            others = start[:i] + start[i + 1:]
            legal |= {tuple(sorted(x for x in others + (smaller,) if x)) for smaller in range(h)}
            legal |= {tuple(sorted(others + (part, h - part))) for part in range(1, h)}
        candidates = _lasker_candidates(start)
        assert legal <= moves
        return candidates, {c for c in candidates if tuple(sorted(x for x in c if x)) in legal
                            and _xor(values[x] for x in c) == 0}
    if exercise == "9.7":
        return _numbers(b9.digraph_values(list(n["arcs"]))[0])
    if exercise == "9.8":
        values = b9.digraph_values(list(n["arcs"]))
        return list(range(0, max(values) + 3)), {v for u, v in n["arcs"] if u == 0 and values[v] == 0}
    if exercise == "9.9":
        size = n["n"]
        edges = [(i, i + 1) for i in range(size - 1)]
        every = frozenset(range(size))
        return list(range(0, size + 3)), {v for v in range(size)
                                          if b9.kayles_value(every - {v - 1, v, v + 1}, edges) == 0}
    if exercise == "9.10":
        edges = list(n["edges"])
        return _numbers(b9.kayles_value(frozenset(v for e in edges for v in e), edges))
    raise KeyError(f"no brute force for exercise {exercise}")


#: Test sums of misère play for lesson 10: every sum of at most this many tokens (the practised quotients are
#: all told apart by such sums).
QUOTIENT_TESTS = 10


@cache
def _misere(code: str) -> brute_misere.Misere:
    return brute_misere.Misere(lambda h: brute_misere.heap_moves_octal(code, h))


def _alike(code: str, max_heap: int, one: tuple, other: tuple) -> bool:
    """Whether two sums have the same misère outcome beside every sum of at most QUOTIENT_TESTS tokens."""
    game = _misere(code)
    return all(game.is_p(one + t) == game.is_p(other + t)
               for t in brute_misere.sums_with_tokens(tuple(range(1, max_heap + 1)), QUOTIENT_TESTS))


def _word_sum(word: str, generator_heaps: tuple) -> tuple:
    """The sum of heaps a word stands for: each letter is its generator's heap, as many times as its power."""
    heaps = []
    for letter, power in re.findall(r"([a-z])(\d*)", word):
        heaps += [generator_heaps[ord(letter) - ord("a")]] * int(power or 1)
    return tuple(sorted(heaps))


def _quotient_answers(exercise: str, n: dict, rng: random.Random):
    """Lesson 10: the names and generators come from the quotient (they are a way of writing, not an answer);
    which sums are alike, and each sum's outcome, come from misère play searched by the rules."""
    from gamelib import misere_quotient  # the quotient's letters only: the brute force decides

    code, max_heap = n["code"], n["max_heap"]
    q = misere_quotient(code, max_heap)
    if exercise == "10.2":
        return ["P", "N"], {"P" if _misere(code).is_p(n["heaps"]) else "N"}
    if exercise == "10.1":
        target = _word_sum(n["element"], q.generator_heaps) if n["element"] != "1" else ()
        truth = {h for h in range(1, max_heap + 1) if _alike(code, max_heap, (h,), target)}
        return _sets(truth, max_heap, rng)
    word = _word_sum(n["word"], q.generator_heaps)
    candidates = list(q.elements)
    return candidates, {name for name in candidates
                        if _alike(code, max_heap, word, _word_sum(name, q.generator_heaps) if name != "1" else ())}
