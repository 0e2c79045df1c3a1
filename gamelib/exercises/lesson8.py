"""Exercise checks for lesson 8, Coins and trees: coin-turning games (8.1 to 8.3) and Green Hackenbush (8.4 to
8.8).

>>> from gamelib.exercises import check
>>> check("8.8", "N").ok
False
>>> print(check("8.1", (10, 1)).message)
coin 10 is tails: the rightmost coin you turn must go from heads to tails (heads up now: 2, 5, 6, 9).
>>> print(check("8.1", (9, 8)).message)  # doctest: +NORMALIZE_WHITESPACE
turning coins 9 and 8 is a move, but it leaves heads up at 2, 5, 6, 8, worth g = 9, not 0: your opponent then has a
winning reply.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable

from gamelib.exercises.answers import show, whole_numbers
from gamelib.exercises.core import NOT_OF_ITS_FORM, _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import number_checker, outcome_checker
from gamelib.games.coins import CoinTurningGame, MockTurtles, RulerGame, TurningTurtles
from gamelib.games.hackenbush import GreenHackenbush
from gamelib.games.hackenbush_text import PICTURE_LIMIT
from gamelib.games.presentation import labelled_moves, presentation_of

# --- coin-turning games -----------------------------------------------------------------------------------------

#: Exercise 8.1: Turning Turtles, these coins heads up (numbered from 1).
TURTLES = (2, 5, 6, 9)
#: Exercise 8.2: Mock Turtles, these coins heads up (numbered from 0).
MOCK = (2, 7, 9)
#: Exercise 8.3: the Ruler game, these coins heads up (numbered from 1).
RULER = (3, 6, 8, 12)


def _numbers(count: int) -> str:
    """``'1 number'``, ``'3 numbers'``."""
    return f"{count} number{'' if count == 1 else 's'}"


def _listed(coins: tuple[int, ...]) -> str:
    return ", ".join(map(str, coins)) if coins else "none"


def _in_words(coins: tuple[int, ...]) -> str:
    """``'9, 8 and 1'``: the coins, rightmost first."""
    names = [str(c) for c in sorted(coins, reverse=True)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def coin_move_checker(game: CoinTurningGame, heads: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check a winning move of a coin-turning game from ``heads``, given as the coins turned (in any order; one
    coin turned may be given alone, as a number).

    >>> checker = coin_move_checker(TurningTurtles(), (1, 3), hint="nim-sum")
    >>> checker((3, 1)).ok, checker([1, 3]).ok, checker((3,)).ok, checker(3).ok
    (True, True, False, False)
    >>> print(checker((2,)).message)
    coin 2 is tails: the rightmost coin you turn must go from heads to tails (heads up now: 1, 3).
    """
    moves = {move.key: move for move in labelled_moves(game, heads)}
    positions_after = {frozenset(move.after) for move in moves.values()}
    last = max(heads) + 3
    named = "the " + game.title if game.title.endswith("game") else game.title  # "the Ruler game", "Mock Turtles"

    def checker(answer: object) -> _Verdict:
        if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
            answer = (answer,)  # one coin turned, written alone: 12 for (12,)
        coins = whole_numbers(answer, "the coins you turn, such as (6, 5)", limit=last + 1, ordered=False)
        if not coins:
            return wrong("a move turns at least one coin: list the coins you turn.", hint, "not-one-move")
        if len(set(coins)) < len(coins):
            twice = next(c for c in coins if coins.count(c) > 1)
            return wrong(f"{show(answer)} names coin {twice} twice; list each coin you turn once.", hint,
                         NOT_OF_ITS_FORM)
        if min(coins) < game.first:
            return wrong(f"there is no coin {min(coins)}: {named} numbers its coins from {game.first}.", hint,
                         "not-one-move")
        move = moves.get(tuple(sorted(coins, reverse=True)))
        if move is None:
            if frozenset(coins) in positions_after:
                return wrong(f"{show(answer)} looks like the heads-up coins after a move; give the coins you turn "
                             "instead.", hint, "position-not-move")
            if max(coins) not in heads:
                return wrong(f"coin {max(coins)} is tails: the rightmost coin you turn must go from heads to tails "
                             f"(heads up now: {_listed(heads)}).", hint, "not-one-move")
            rule = presentation_of(game).how_to_move(game)
            return wrong(f"turning coins {_in_words(coins)} is not a move of {named}: {rule}.", hint, "not-one-move")
        left = game.grundy(move.after)
        if left:
            return wrong(f"{move.words('ing')} is a move, but it leaves heads up at {_listed(move.after)}, worth "
                         f"g = {left}, not 0: your opponent then has a winning reply.", hint, "leaves-n-position")
        return correct(f"{move.words('ing')} leaves heads up at {_listed(move.after)}, worth g = 0: a P-position, so "
                       "this move wins.")

    return with_hint(checker, hint, ("not-one-move", NOT_OF_ITS_FORM, "position-not-move", "leaves-n-position"))


_HINT_8_1 = ("coin n is worth n, as a Nim heap of n: find the nim-sum of the heads-up coins, then change one coin's "
             "heap as in Nim (turning coins n and m < n moves heap n to heap m).")

exercise("8.1", expects="the coins you turn, e.g. (6, 3)")(coin_move_checker(TurningTurtles(), TURTLES, _HINT_8_1))

exercise("8.2", expects="a whole number, e.g. 7")(
    number_checker(MockTurtles().grundy(MOCK), "the Grundy value of Mock Turtles with coins 2, 7 and 9 heads up",
                   hint="a single heads-up coin n is worth the odious number among 2n and 2n + 1 (count the 1s in "
                        "binary); the position is worth the nim-sum of its coins' values.",
                   slips={2 ^ 7 ^ 9: f"{2 ^ 7 ^ 9} is 2 ⊕ 7 ⊕ 9, the value in Turning Turtles, where coin n is "
                                     "worth n",
                          4 + 14 + 19: "the coins' values were added; nim-add them",
                          2 ^ 13 ^ 16: "those are the values of coins 1, 6 and 8: Mock Turtles numbers its "
                                       "coins from 0"}.get)
)

_HINT_8_3 = ("coin n is worth the largest power of 2 dividing n. Find the nim-sum z of the heads-up coins' values; a "
             "move turns a run of coins ending at a heads-up coin, and must leave a nim-sum of 0.")

exercise("8.3", expects="the coins you turn, e.g. (6, 5)")(coin_move_checker(RulerGame(), RULER, _HINT_8_3))

# --- Green Hackenbush ---------------------------------------------------------------------------------------------

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


_HINT_8_4 = ("a bamboo stalk of n edges is a Nim heap of n: make the nim-sum of the three lengths 0. Chopping the "
             "k-th edge from the ground leaves k - 1 edges of that stalk.")


def bamboo_checker(stalks: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check a winning chop among bamboo stalks, given as the stalk lengths after it (exercise 8.4 and its
    practice).

    >>> bamboo_checker((1, 2), hint="nim-sum")((1, 1)).ok, bamboo_checker((1, 2), hint="nim-sum")((1, 0)).ok
    (True, False)
    """
    chops = [stalks[:i] + (k,) + stalks[i + 1:] for i in range(len(stalks)) for k in range(stalks[i])]
    return with_hint(lambda answer: _check_bamboo_chop(answer, stalks, chops, hint), hint,
                     ("wrong-count", NOT_OF_ITS_FORM, "not-one-move", "heaps-reordered", "leaves-n-position"))


def _check_bamboo_chop(answer: object, stalks: tuple[int, ...], chops: list, hint: str) -> _Verdict:
    after = whole_numbers(answer, f"the lengths of the {len(stalks)} stalks after your chop, such as {stalks}",
                          limit=len(stalks) + 20)
    if len(after) != len(stalks):
        pair = " (a pair looks like one edge; give the stalk lengths instead)" if len(after) == 2 else ""
        return wrong(f"{show(after)} has {_numbers(len(after))}; write the lengths of all {len(stalks)} stalks after "
                     f"your chop, in the order {stalks}, a stalk chopped at the ground as 0{pair}.", hint,
                     "wrong-count")
    if min(after) < 0:
        return wrong(f"a stalk has 0 edges or more, got {show(after)}.", hint, NOT_OF_ITS_FORM)
    changed = [i for i in range(len(stalks)) if after[i] != stalks[i]]
    if not changed:
        return wrong(f"{show(after)} are the stalks before your chop: a chop removes at least one edge.", hint,
                     "not-one-move")
    if len(changed) > 1:
        if any(sorted(after) == sorted(chop) for chop in chops):
            return wrong(f"{show(after)} lists the stalks in another order; keep them in the order {stalks}.", hint,
                         "heaps-reordered")
        return wrong(f"{show(after)} changes {len(changed)} stalks; a chop cuts one edge, so it shortens one stalk.",
                     hint, "not-one-move")
    if after[changed[0]] > stalks[changed[0]]:
        return wrong(f"{show(after)} makes a stalk longer; a chop only takes edges away.", hint, "not-one-move")
    bamboo = GreenHackenbush.bamboo(*after)
    left = bamboo.grundy(bamboo.start)
    if left != 0:
        return wrong(f"{after} is a legal chop, but the stalks' lengths nim-add to {left}, not 0: your opponent "
                     "then has a winning reply.", hint, "leaves-n-position")
    return correct(f"stalks of {_in_order(after)} edges nim-add to 0: a P-position, so this chop wins.")


def _in_order(lengths: tuple[int, ...]) -> str:
    """``'4, 5 and 1'``: the lengths in their order."""
    names = [str(n) for n in lengths]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


exercise("8.4", expects="the three stalk lengths after your chop, e.g. (4, 5, 3)")(bamboo_checker(STALKS, _HINT_8_4))


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


def _is_sequence(item: object) -> bool:
    """A list, tuple or set, or a numpy array of one dimension or more: something that holds several numbers."""
    if type(item).__module__ == "numpy":
        return getattr(item, "ndim", 0) > 0
    return isinstance(item, (list, tuple, set, frozenset))


def _looks_like_edges(answer: object) -> bool:
    """A list of pairs, such as ``[(2, 3)]``, ``{(2, 3)}`` or the 2-d array ``np.array([[2, 3]])``.

    >>> _looks_like_edges([(2, 3)]), _looks_like_edges((2, 3)), _looks_like_edges({2, 3})
    (True, False, False)
    """
    if type(answer).__module__ == "numpy":
        return getattr(answer, "ndim", 0) > 1
    return isinstance(answer, (list, tuple, set, frozenset)) and bool(answer) and _is_sequence(next(iter(answer)))


def tree_chop_checker(tree: GreenHackenbush, hint: str) -> Callable[[object], _Verdict]:
    """Check a winning chop in a Green Hackenbush picture, given as the edge (u, v) chopped (exercise 8.6 and
    its practice).

    >>> tree_chop_checker(GreenHackenbush(((0, 1), (1, 2), (0, 3))), hint="colon")((1, 2)).ok
    True
    """
    return with_hint(lambda answer: _check_tree_chop(answer, tree, hint), hint,
                     (NOT_OF_ITS_FORM, "wrong-count", "not-one-move", "leaves-n-position"))


def _check_tree_chop(answer: object, tree: GreenHackenbush, hint: str) -> _Verdict:
    if isinstance(answer, str):  # the explorer's notation, '2-3' or '(2, 3)'
        try:
            typed = PICTURE_LIMIT.read_edges(answer)
        except ValueError as problem:
            return wrong(f"{problem}; or give the edge as a pair (u, v), e.g. (1, 6).", hint, NOT_OF_ITS_FORM)
        if len(typed) != 1:
            return wrong(f"{show(answer)} names {_numbers(len(typed)).replace('number', 'edge')}; give just the "
                         "one edge you chop.", hint, "wrong-count")
        answer = typed[0]
    if _looks_like_edges(answer):
        return wrong(f"{show(answer)} looks like a list of edges; give just the one edge you chop, as a pair (u, v).",
                     hint, "wrong-count")
    # An edge's two ends have no order: (2, 3), (3, 2) and {2, 3} are the same edge.
    edge = whole_numbers(answer, "the edge you chop, as a pair (u, v) such as (1, 6)", limit=20, ordered=False)
    if len(edge) != 2:
        return wrong(f"{show(edge)} has {_numbers(len(edge))}; an edge is a pair (u, v) of its two vertices.", hint,
                     "wrong-count")
    try:
        after = tree.chop(tree.start, edge)
    except ValueError:
        return wrong(f"{show(edge)} is not an edge of the tree: the edges are the pairs listed in the exercise.", hint,
                     "not-one-move")
    left = tree.grundy(after)
    if left != 0:
        return wrong(f"chopping {edge} leaves a tree worth {left}, not 0: your opponent then has a winning reply.",
                     hint, "leaves-n-position")
    return correct(f"chopping {edge} leaves a tree worth 0, a P-position, so this chop wins.")


exercise("8.6", expects="an edge as a pair (u, v), e.g. (1, 6)")(tree_chop_checker(_TREE, _HINT_8_6))

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

__all__ = ["CYCLES", "HOUSE_AND_EDGE", "MOCK", "RULER", "STALKS", "TREE", "TURTLES", "bamboo_checker",
           "coin_move_checker", "tree_chop_checker"]
