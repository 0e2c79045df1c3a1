"""Exercise checks for lesson 8, Coins and trees: the Green Hackenbush part (8.4 to 8.8).

>>> from gamelib.exercises import check
>>> check("8.8", "N").ok
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.exercises.answers import show, whole_numbers
from gamelib.exercises.core import _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import number_checker, outcome_checker
from gamelib.games.hackenbush import GreenHackenbush

#: Exercise 8.4: bamboo stalks of these lengths stand side by side.
STALKS = (4, 5, 6)
#: Exercises 8.5 and 8.6: a tree (vertex 0 is the ground), as the lesson prints it.
TREE = ((0, 1), (1, 2), (2, 3), (2, 4), (4, 5), (1, 6), (6, 7), (7, 8), (0, 9), (9, 10), (9, 11))
#: Exercise 8.7: a triangle on a stalk with a stalk on its far corner, and a triangle standing on the ground.
CYCLES = ((0, 1), (1, 2), (2, 3), (3, 1), (3, 4), (4, 5), (0, 6), (6, 7), (7, 0))
#: Exercise 8.8: the house (two walls, a ceiling and a roof of two edges) beside a single edge.
HOUSE_AND_EDGE = ((0, 1), (0, 2), (1, 2), (1, 3), (2, 3), (0, 4))

_TREE = GreenHackenbush(TREE)
_CYCLES = GreenHackenbush(CYCLES)
_HOUSE_AND_EDGE = GreenHackenbush(HOUSE_AND_EDGE)


#: The stalk lengths one chop away from STALKS.
_BAMBOO_CHOPS = [STALKS[:i] + (k,) + STALKS[i + 1:] for i in range(len(STALKS)) for k in range(STALKS[i])]

_HINT_8_4 = ("a bamboo stalk of n edges is a Nim heap of n: make the nim-sum of the three lengths 0. Chopping the "
             "k-th edge from the ground leaves k - 1 edges of that stalk.")


def _check_bamboo_chop(answer: object) -> _Verdict:
    hint = _HINT_8_4
    after = whole_numbers(answer, f"the lengths of the three stalks after your chop, such as {STALKS}",
                          limit=len(STALKS) + 20)
    if len(after) != len(STALKS):
        pair = " (a pair looks like one edge; give the stalk lengths instead)" if len(after) == 2 else ""
        return wrong(f"{show(after)} has {len(after)} numbers; write the lengths of all {len(STALKS)} stalks after "
                     f"your chop, in the order {STALKS}, a stalk chopped at the ground as 0{pair}.", hint)
    if min(after) < 0:
        return wrong(f"a stalk has 0 edges or more, got {show(after)}.", hint)
    changed = [i for i in range(len(STALKS)) if after[i] != STALKS[i]]
    if not changed:
        return wrong(f"{show(after)} are the stalks before your chop: a chop removes at least one edge.", hint)
    if len(changed) > 1:
        if any(sorted(after) == sorted(chop) for chop in _BAMBOO_CHOPS):
            return wrong(f"{show(after)} lists the stalks in another order; keep them in the order {STALKS}.", hint)
        return wrong(f"{show(after)} changes {len(changed)} stalks; a chop cuts one edge, so it shortens one stalk.",
                     hint)
    if after[changed[0]] > STALKS[changed[0]]:
        return wrong(f"{show(after)} makes a stalk longer; a chop only takes edges away.", hint)
    stalks = GreenHackenbush.bamboo(*after)
    left = stalks.grundy(stalks.start)
    if left != 0:
        return wrong(f"{after} is a legal chop, but the stalks' lengths nim-add to {left}, not 0: your opponent "
                     "then has a winning reply.", hint)
    return correct(f"stalks of {after[0]}, {after[1]} and {after[2]} edges nim-add to 0: a P-position, so this "
                   "chop wins.")


with_hint(_check_bamboo_chop, _HINT_8_4)

exercise("8.4", expects="the three stalk lengths after your chop, e.g. (4, 5, 3)")(_check_bamboo_chop)


def _value_slips(picture: GreenHackenbush) -> Callable[[int], str | None]:
    """What a wrong value of a picture may be: its number of edges, what adding (not nim-adding) gives."""
    edges = len(picture.edges)
    return {edges: f"{edges} is the number of edges, what adding the branches gives; where branches meet, their "
                   "values nim-add"}.get


exercise("8.5", expects="a whole number, e.g. 6")(
    number_checker(_TREE.grundy(_TREE.start), "the Grundy value of the tree",
                   hint="work from the tips down: at each vertex, nim-add the branches standing on it; a branch is "
                        "worth 1 (its lowest edge) + the value of what stands on its upper end.",
                   slips=_value_slips(_TREE))
)


_HINT_8_6 = ("the tree is worth the nim-sum of its two branches on the ground; find which branch must change, and "
             "to what value, then go up that branch with the colon principle.")


def _check_tree_chop(answer: object) -> _Verdict:
    hint = _HINT_8_6
    if isinstance(answer, (list, tuple)) and answer and isinstance(answer[0], (list, tuple)):
        return wrong(f"{show(answer)} looks like a list of edges; give just the one edge you chop, as a pair (u, v).",
                     hint)
    edge = whole_numbers(answer, "the edge you chop, as a pair (u, v) such as (1, 6)", limit=20)
    if len(edge) != 2:
        count = f"{len(edge)} number{'' if len(edge) == 1 else 's'}"
        return wrong(f"{show(edge)} has {count}; an edge is a pair (u, v) of its two vertices.", hint)
    try:
        after = _TREE.chop(_TREE.start, edge)
    except ValueError:
        return wrong(f"{show(edge)} is not an edge of the tree: the edges are the pairs listed in the exercise.", hint)
    left = _TREE.grundy(after)
    if left != 0:
        return wrong(f"chopping {edge} leaves a tree worth {left}, not 0: your opponent then has a winning reply.",
                     hint)
    return correct(f"chopping {edge} leaves a tree worth 0, a P-position, so this chop wins.")


with_hint(_check_tree_chop, _HINT_8_6)

exercise("8.6", expects="an edge as a pair (u, v), e.g. (1, 6)")(_check_tree_chop)

exercise("8.7", expects="a whole number, e.g. 6")(
    number_checker(_CYCLES.grundy(_CYCLES.start), "the Grundy value of the picture",
                   hint="fuse each cycle into one vertex: its edges become loops there, each worth one edge. Then "
                        "use the colon principle from the tips down.",
                   slips=_value_slips(_CYCLES))
)

exercise("8.8", expects="'P' or 'N'")(
    outcome_checker(_HOUSE_AND_EDGE.outcome(_HOUSE_AND_EDGE.start), "the house beside a single edge",
                    hint="both walls stand on the ground, so every edge of the house lies on a cycle through the "
                         "ground: fuse them all into the ground and count the loops.")
)

__all__ = ["CYCLES", "HOUSE_AND_EDGE", "STALKS", "TREE"]
