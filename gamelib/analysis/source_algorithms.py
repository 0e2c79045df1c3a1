"""The algorithms of the seed texts, written so lessons can run them beside Grundy values.

* :func:`ptfn` — He & Qin's "P-positions To Find N-positions" for one heap (their Algorithm 1), with the
  array index guarded (the printed loop writes past the end of the array).
* :func:`ptfn_two_heaps` — their Algorithm 2, for the sum of two subtraction games (and Wythoff's game).
* :func:`grundy_scan` — the textbook's way to list Grundy values: one pass upwards, a mex at every heap.
* :func:`label_positions` — the recursive labelling algorithm of Ferguson's notes (course note 3, blog post),
  recording every step so a widget can replay it.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from itertools import islice
from typing import Any

import numpy as np

from gamelib.arguments import LimitError, check_bool, check_stop, check_subtraction_set, show
from gamelib.limits import MAX_LABEL_POSITIONS, MAX_PTFN_SIDE, MAX_SCAN_STOP, SCAN_STEPS


def _check_scan(S: tuple[int, ...], stop: int, what: str) -> None:
    if stop * (len(S) + 2) > SCAN_STEPS:
        raise LimitError(
            f"{what} of {stop:,} heaps with {len(S):,} moves each is too long a plain scan: heaps x (|S| + 2) = "
            f"{stop * (len(S) + 2):,}, limit {SCAN_STEPS:,} (SubtractionGame(S) gives the same answers fast)"
        )


def ptfn(S: Iterable[int], stop: int, misere: bool = False) -> str:
    """P/N outcomes of heaps 0 .. stop - 1 by PTFN: scan upwards; an unmarked heap is P and marks heap + s as N.

    Misère play starts with heaps 0 .. min(S) - 1 marked N (from them no move is possible, and under misère
    play the player who cannot move wins).

    >>> ptfn({1, 3, 7, 8}, 22)
    'PNPNPNPNNNNNNNNPNPNPNP'
    >>> ptfn({1, 2, 3}, 9, misere=True)
    'NPNNNPNNN'
    """
    S = check_subtraction_set(S)
    stop = check_stop(stop, limit=MAX_SCAN_STOP)
    _check_scan(S, stop, "ptfn")
    misere = check_bool(misere, "misere")
    marked = bytearray(stop)  # 0 = not marked yet, 1 = N
    if misere:
        marked[: min(S[0], stop)] = b"\x01" * min(S[0], stop)
    for i in range(stop):
        if not marked[i]:
            for s in S:
                if i + s < stop:  # the guard the printed Algorithm 1 leaves out
                    marked[i + s] = 1
    return marked.translate(bytes.maketrans(b"\x00\x01", b"PN")).decode("ascii")


def grundy_scan(S: Iterable[int], stop: int) -> list[int]:
    """Grundy values g(0), ..., g(stop - 1) the plain way: one pass upwards, a mex at every heap.

    As simple as :func:`ptfn`, so the two can be timed against each other fairly; ``SubtractionGame``
    gives the same values much faster through the period.

    >>> grundy_scan({2, 5, 7}, 12)
    [0, 0, 1, 1, 0, 2, 1, 3, 2, 2, 0, 3]
    """
    S = check_subtraction_set(S)
    stop = check_stop(stop, limit=MAX_SCAN_STOP)
    _check_scan(S, stop, "grundy_scan")
    values: list[int] = []
    for n in range(stop):
        followers = {values[n - s] for s in S if s <= n}
        g = 0
        while g in followers:
            g += 1
        values.append(g)
    return values


def ptfn_two_heaps(S_a: Iterable[int] | None, S_b: Iterable[int] | None, rows: int, cols: int,
                   misere: bool = False, diagonal: bool = False) -> np.ndarray:
    """He & Qin's Algorithm 2: the P/N table of the sum of two subtraction games, heaps i < rows and j < cols.

    Returns a 2-D array of ``'P'``/``'N'`` (row i = heap of game A, column j = heap of game B). Pass
    ``None`` for a set to allow taking any number from that heap (a Nim heap). With ``diagonal=True`` a
    move may also take the same number from both heaps, which with two Nim heaps is Wythoff's game.

    >>> table = ptfn_two_heaps({1, 2}, {1, 2}, 4, 4)
    >>> ["".join(row) for row in table]
    ['PNNP', 'NPNN', 'NNPN', 'PNNP']
    >>> ["".join(row) for row in ptfn_two_heaps(None, None, 4, 4, diagonal=True)]
    ['PNNN', 'NNPN', 'NPNN', 'NNNN']
    """
    rows = check_stop(rows, limit=MAX_PTFN_SIDE, name="rows")
    cols = check_stop(cols, limit=MAX_PTFN_SIDE, name="cols")
    A = check_subtraction_set(S_a, "S_a") if S_a is not None else range(1, rows)
    B = check_subtraction_set(S_b, "S_b") if S_b is not None else range(1, cols)
    misere = check_bool(misere, "misere")
    diagonal = check_bool(diagonal, "diagonal")
    marked = np.zeros((rows, cols), dtype=bool)  # True = N
    if misere:  # the positions with no move at all are N under misère play
        no_move_a = min(A[0], rows) if len(A) else rows
        no_move_b = min(B[0], cols) if len(B) else cols
        marked[:no_move_a, :no_move_b] = True
        if diagonal:  # ... but with both heaps non-empty the diagonal move is still there
            marked[1:no_move_a, 1:no_move_b] = False
    for i in range(rows):
        for j in range(cols):
            if not marked[i, j]:
                marked[[i + s for s in A if i + s < rows], j] = True
                marked[i, [j + t for t in B if j + t < cols]] = True
                if diagonal:
                    steps = np.arange(1, min(rows - i, cols - j))
                    marked[i + steps, j + steps] = True
    return np.where(marked, "N", "P")


@dataclass(frozen=True)
class LabellingStep:
    """One step of the labelling algorithm: which rule was applied and which positions it labelled."""

    number: int
    rule: str
    labelled: dict

    @property
    def rule_number(self) -> int:
        """Which rule of the algorithm this step applied: 1 (terminal), 2 (reaches a P) or 3 (all reach N)."""
        return 1 if self.rule.startswith("terminal") else 2 if "P-position, so N" in self.rule else 3

    def __str__(self) -> str:
        shown = ", ".join(f"{p}: {label}" for p, label in self.labelled.items()) or "nothing new"
        return f"step {self.number}, rule {self.rule_number} ({self.rule}): {shown}"


@dataclass(frozen=True)
class Labelling:
    """The result of :func:`label_positions`: the final labels and the steps that produced them."""

    labels: dict
    steps: tuple[LabellingStep, ...]

    def __str__(self) -> str:
        return "\n".join(map(str, self.steps))


def label_positions(game: Any, positions: Iterable[Hashable], misere: bool = False) -> Labelling:
    """Label every position P or N by the recursive labelling algorithm, keeping a record of each step.

    1. Label the terminal positions (no move): P in normal play, N in misère play.
    2. Label N every unlabelled position with a move to a position labelled P.
    3. Label P every unlabelled position all of whose moves go to positions labelled N.
    4. If step 3 labelled something, go back to step 2; otherwise stop.

    ``positions`` must contain every position reachable from each of them.

    >>> from gamelib import SubtractionGame
    >>> result = label_positions(SubtractionGame({1, 3, 4}), range(10))
    >>> "".join(result.labels[n] for n in range(10))
    'PNPNNNNPNP'
    >>> print(result.steps[1])
    step 2, rule 2 (a move reaches a P-position, so N): 1: N, 3: N, 4: N
    """
    misere = check_bool(misere, "misere")
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
        raise TypeError(f"positions must be a collection of positions such as range(10), got {show(positions)}")
    order = list(dict.fromkeys(islice(positions, MAX_LABEL_POSITIONS + 1)))
    if len(order) > MAX_LABEL_POSITIONS:
        raise LimitError(f"label_positions takes at most {MAX_LABEL_POSITIONS:,} positions; more were given")
    rank = {p: i for i, p in enumerate(order)}
    followers: dict = {}
    came_from: dict = {p: set() for p in order}  # the positions with a move to p
    for p in order:
        followers[p] = set(game.moves(p))
        for q in followers[p]:
            if q not in rank:
                raise ValueError(
                    f"position {p!r} has a move to {q!r}, which is not among the positions given; "
                    "give every position reachable from them"
                )
            came_from[q].add(p)
    not_yet_n = {p: len(followers[p]) for p in order}  # followers not (yet) labelled N
    labels: dict = {}
    steps: list[LabellingStep] = []

    def record(rule: str, new: list) -> dict:
        labelled = {p: label for p, label in sorted(new, key=lambda item: rank[item[0]])}
        labels.update(labelled)
        steps.append(LabellingStep(len(steps) + 1, rule, labelled))
        return labelled

    # Each step only looks next to what the previous steps labelled, so the whole run costs one pass over
    # the moves, yet it labels exactly what a full rescan of every position at every step would.
    terminal = record("terminal positions", [(p, "N" if misere else "P") for p in order if not followers[p]])
    recent_p = [] if misere else list(terminal)
    recent_n = list(terminal) if misere else []
    while True:
        new_n = {p for q in recent_p for p in came_from[q] if p not in labels}
        recent_n += record("a move reaches a P-position, so N", [(p, "N") for p in new_n])
        ready = set()
        for q in recent_n:
            for p in came_from[q]:
                not_yet_n[p] -= 1
                if not_yet_n[p] == 0 and p not in labels:
                    ready.add(p)
        recent_n = []
        recent_p = list(record("every move reaches an N-position, so P", [(p, "P") for p in ready]))
        if not recent_p:
            break
    if len(labels) < len(order):
        missing = [p for p in order if p not in labels][:5]
        raise ValueError(f"positions {missing} could not be labelled: the game has a cycle")
    return Labelling(labels=labels, steps=tuple(steps))
