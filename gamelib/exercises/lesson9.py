"""Exercise checks for lesson 9, Nim in disguise and games on graphs: Staircase Nim (9.1, 9.2), Moore's Nim
(9.3, 9.4), Lasker's Nim (9.5, 9.6), a token on a directed graph (9.7, 9.8) and Node Kayles (9.9, 9.10).

Every winning move is accepted, in any of the forms the question allows; the answers come from the games'
models, which tests/test_exercises_lesson9.py holds up against a search from the definitions.

>>> from gamelib.exercises import check
>>> check("9.3", "P").ok
False
>>> print(check("9.6", (4, 4)).message)  # doctest: +NORMALIZE_WHITESPACE
(4, 4) cannot be reached from heaps (3, 6) in one move: take chips from one heap, or split one heap into two
non-empty heaps.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import xor

from gamelib.arguments import numbers_text
from gamelib.exercises.answers import NotAnAnswer, show, whole_number, whole_numbers
from gamelib.exercises.core import NOT_OF_ITS_FORM, _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import number_checker, outcome_checker
from gamelib.games.digraph import DigraphGame
from gamelib.games.heap_rows import heap_name
from gamelib.games.laskers_nim import LaskersNim
from gamelib.games.nim_variants import MooresNim, StaircaseNim
from gamelib.games.node_kayles import NodeKayles
from gamelib.games.presentation import presentation_of

#: Exercise 9.1: coins on stairs 1 to 5.
STAIRS_MOVE = (4, 1, 6, 2, 3)
#: Exercise 9.2: coins on stairs 1 to 5.
STAIRS_VALUE = (2, 7, 5, 1, 6)
#: Exercises 9.3 and 9.4: Moore's Nim with k = 2 on these heaps.
MOORE_K, MOORE_HEAPS = 2, (1, 2, 4, 7)
#: Exercise 9.5: one heap of Lasker's Nim.
LASKER_HEAP = 11
#: Exercise 9.6: two heaps of Lasker's Nim.
LASKER_HEAPS = (3, 6)
#: Exercises 9.7 and 9.8: the arcs of a directed graph; the token starts on vertex 0.
ARCS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (3, 4), (2, 5), (5, 4), (1, 6), (6, 4), (0, 5))
#: Exercise 9.9: Dawson's chess as Node Kayles on a path of this many vertices, numbered from 0.
PATH_LENGTH = 10
#: Exercise 9.10: a bow tie (two triangles sharing vertex 2) with a tail 4 - 5 - 6.
BOW_TIE = ((0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 2), (4, 5), (5, 6))

_STAIRS = StaircaseNim()
_LASKER = LaskersNim()


def _stairs_word(i: int) -> str:
    return f"stair {i + 1}"


def staircase_move_checker(stairs: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check a winning Staircase Nim move, given as the coins on every stair after it; a position that is not a
    move is told why (coins carried up, coins that appear or vanish, a stair skipped, nothing carried).

    >>> checker = staircase_move_checker((2, 1), hint="nim-add the odd stairs")
    >>> checker((0, 1)).ok, checker((3, 0)).message
    (True, '(3, 0) is a move, but it leaves the odd stairs with nim-sum 3, not 0: your opponent then has a \
winning reply.')
    >>> print(checker((1, 2)).message)
    (1, 2) is not a move from (2, 1): it carries coins up, from stair 1 to stair 2; coins only go down a stair.
    """
    start = numbers_text(stairs)

    def checker(answer: object) -> _Verdict:
        after = whole_numbers(answer, f"the coins on the {len(stairs)} stairs after your move, as in {start}",
                              limit=len(stairs) + 20)
        if len(after) != len(stairs):
            count = f"{len(after)} number{'s' if len(after) != 1 else ''}"
            return wrong(f"{show(after)} has {count}; write the coins on all {len(stairs)} stairs, stair 1 first, "
                         "an empty stair as 0.", hint, "wrong-count")
        if any(c < 0 for c in after):
            return wrong(f"a stair holds 0 coins or more, got {show(after)}.", hint, NOT_OF_ITS_FORM)
        why = _why_not_a_stair_move(stairs, after)
        if why:
            return wrong(f"{show(after)} is not a move from {start}: {why}.", hint, "not-one-move")
        z = reduce(xor, after[::2], 0)
        if z:
            return wrong(f"{show(after)} is a move, but it leaves the odd stairs with nim-sum {z}, not 0: your "
                         "opponent then has a winning reply.", hint, "leaves-n-position")
        return correct(f"the odd stairs of {numbers_text(after)} nim-add to 0: a P-position, so this move wins.")

    return with_hint(checker, hint, (NOT_OF_ITS_FORM, "wrong-count", "not-one-move", "leaves-n-position"))


def _why_not_a_stair_move(before: tuple[int, ...], after: tuple[int, ...]) -> str:
    """Why ``after`` is not one move from ``before`` in Staircase Nim, or "" when it is one."""
    changed = [i for i in range(len(before)) if after[i] != before[i]]
    if not changed:
        return "it is the position you started from; a move carries at least one coin"
    if len(changed) > 2 or (len(changed) == 2 and changed[1] != changed[0] + 1):
        stairs = " and ".join(_stairs_word(i) for i in changed) if len(changed) == 2 else f"{len(changed)} stairs"
        return (f"it changes {stairs}; a move carries coins from one stair to the stair just below it (from stair 1 "
                "they leave the staircase)")
    if len(changed) == 1:
        (i,) = changed
        if after[i] > before[i]:
            return f"{_stairs_word(i)} gains coins that no stair above it gave; coins only arrive from the stair above"
        if i > 0:
            return (f"the coins taken from {_stairs_word(i)} must land on {_stairs_word(i - 1)}, the stair below; only "
                    "from stair 1 do they leave the staircase")
        return ""
    low, high = changed
    lost, gained = before[high] - after[high], after[low] - before[low]
    if lost < 0 and gained < 0:
        return (f"it carries coins up, from {_stairs_word(low)} to {_stairs_word(high)}; coins only go down a stair")
    if lost <= 0 or gained <= 0:
        return (f"{_stairs_word(low)} and {_stairs_word(high)} both {'gain' if lost < 0 else 'lose'} coins; a move "
                "carries coins from one stair down to the next")
    if lost != gained:
        return (f"{_stairs_word(high)} gives {lost} coin{'s' if lost != 1 else ''} but {_stairs_word(low)} gets "
                f"{gained}; the coins carried down all land on the stair below")
    return ""


def staircase_value_checker(stairs: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check the Grundy value of a Staircase Nim position; the nim-sum of every stair, of the even stairs, and the
    ordinary sum of the odd stairs are named when they are not the answer."""
    value = _STAIRS.grundy(stairs)
    slips = {reduce(xor, stairs, 0): "that is the nim-sum of every stair; the even stairs do not count",
             reduce(xor, stairs[1::2], 0): "that is the nim-sum of the even stairs; it is the odd ones that count",
             sum(stairs[::2]): "the odd stairs' coins were added; nim-add them"}
    slips.pop(value, None)
    return number_checker(value, f"the Grundy value of Staircase Nim with coins {numbers_text(stairs)}", hint,
                          slips=slips.get)


def moore_move_checker(k: int, heaps: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check a winning move of Moore's Nim with ``k``, given as the heaps after it in the order of ``heaps``: the
    heaps are heaps A, B, C, ... and the answer says which of them the move took from, so the right heaps in
    another order are refused with that reason.

    >>> checker = moore_move_checker(2, (1, 2, 3), hint="multiples of 3")
    >>> checker((1, 1, 1)).ok, checker((1, 1, 1, 0)).ok
    (True, False)
    >>> print(checker((2, 1, 1)).message)  # doctest: +NORMALIZE_WHITESPACE
    (2, 1, 1) lists the heaps in another order; keep them in the order (1, 2, 3): the heaps are heaps A, B, C, and
    the order says which heaps your move took from.
    """
    game, size = MooresNim(k), len(heaps)
    order = ", ".join(heap_name(i) for i in range(size))

    def checker(answer: object) -> _Verdict:
        after = whole_numbers(answer, f"the heaps after your move, in the order {numbers_text(heaps)}",
                              limit=size + 20)
        if len(after) != size:
            return wrong(f"{show(after)} has {len(after)} heap{'s' if len(after) != 1 else ''}; write all {size} "
                         "heaps, an emptied heap as 0.", hint, "wrong-count")
        changed = [i for i in range(size) if after[i] != heaps[i]]
        if not changed:
            return wrong(f"{show(after)} is the position you started from: a move takes at least one chip.", hint,
                         "not-one-move")
        if any(after[i] > heaps[i] for i in changed):
            if sorted(after) != sorted(heaps) and sorted(after) in [sorted(m) for m in game.moves(heaps)]:
                return wrong(f"{show(after)} lists the heaps in another order; keep them in the order "
                             f"{numbers_text(heaps)}: the heaps are heaps {order}, and the order says which heaps "
                             "your move took from.", hint, "heaps-reordered")
            return wrong(f"{show(after)} makes a heap bigger; a move only takes chips away.", hint, "not-one-move")
        if len(changed) > k:
            return wrong(f"{show(after)} takes from {len(changed)} heaps; with k = {k} a move takes from at most {k}.",
                         hint, "not-one-move")
        if game.outcome(after) != "P":
            return wrong(f"{show(after)} is a move, but it leaves an N-position: some binary column's count of 1s is "
                         f"not a multiple of {k + 1}, so your opponent has a winning reply.", hint, "leaves-n-position")
        return correct(f"{numbers_text(after)} has a multiple of {k + 1} ones in every binary column: a P-position, "
                       "so this move wins.")

    return with_hint(checker, hint, ("wrong-count", "not-one-move", "heaps-reordered", "leaves-n-position"))


def lasker_value_checker(heap: int, hint: str) -> Callable[[object], _Verdict]:
    """Check the Grundy value of one heap of Lasker's Nim; its Nim value, and the value of the heap it swaps with
    (4k + 3 and 4k + 4), are named when they are not the answer."""
    value = _LASKER.grundy(heap)
    swapped = {3: heap + 1, 0: heap - 1}.get(heap % 4)
    slips = {heap: "that is its value in Nim; splitting a heap adds options"}
    if swapped is not None:
        slips[_LASKER.grundy(swapped)] = f"that is the value of heap {swapped}: heaps 4k + 3 and 4k + 4 swap, check " \
                                         f"which of the two {heap} is"
    slips.pop(value, None)
    return number_checker(value, f"the Grundy value of one heap of {heap} in Lasker's Nim", hint, slips=slips.get)


def lasker_move_checker(heaps: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check a winning move of Lasker's Nim given as the heaps after it, in any order (the heaps of a sum have no
    order: a split makes one heap two)."""
    start = tuple(sorted(heaps))

    def checker(answer: object) -> _Verdict:
        given = whole_numbers(answer, "the heaps after your move, such as (1, 2, 6)", limit=10, ordered=False)
        after = tuple(sorted(h for h in given if h))
        if after not in set(_LASKER.moves(start)):
            return wrong(f"{show(given)} cannot be reached from {_LASKER.position_text(start)} in one move: "
                         f"{presentation_of(_LASKER).how_to_move(_LASKER)}.", hint, "not-one-move")
        left = _LASKER.grundy(after)
        if left:
            return wrong(f"moving to {show(after)} is legal, but it leaves g = {left}, not 0: your opponent then has "
                         "a winning reply.", hint, "leaves-n-position")
        return correct(f"{_LASKER.position_text(after)} {'are' if len(after) > 1 else 'is'} worth 0: a P-position, so "
                       "this move wins.")

    return with_hint(checker, hint, ("not-one-move", "leaves-n-position"))


def graph_value_checker(game: DigraphGame, vertex: int, hint: str) -> Callable[[object], _Verdict]:
    """Check g(vertex) of a token on a directed graph; counting the arcs out of it is named when it is not the
    answer."""
    value = game.grundy(vertex)
    out = len(game.moves(vertex))
    slips = {out: f"that is the number of arcs out of vertex {vertex}; take the mex of their ends' values"}
    slips.pop(value, None)
    return number_checker(value, f"g({vertex}) for this graph", hint, slips=slips.get)


def kayles_value_checker(game: NodeKayles, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check the Grundy value of Node Kayles on the whole graph; the number of edges or of vertices is named when
    it is not the answer."""
    value = game.grundy(game.start)
    slips = {len(game.start): "that is the number of vertices", len(game.edges): "that is the number of edges"}
    slips.pop(value, None)
    return number_checker(value, what, hint, slips=slips.get)


def vertex_checker(game: DigraphGame | NodeKayles, here: object, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a move given as one vertex: where the token goes (a directed graph), or the vertex picked (Node
    Kayles); every winning one is accepted.

    >>> checker = vertex_checker(NodeKayles.path(3), (0, 1, 2), "pick", hint="the middle")
    >>> checker(1).ok, checker(0).message
    (True, 'picking vertex 0 leaves g = 1, not 0: your opponent then has a winning reply.')
    >>> checker([1])
    Traceback (most recent call last):
    ...
    gamelib.exercises.answers.NotAnAnswer: [1] is a list; give the vertex you pick itself, without brackets, e.g. 3
    """

    def checker(answer: object) -> _Verdict:
        if isinstance(answer, (list, tuple, set, frozenset)):
            several = "several numbers" if len(answer) > 1 else "a list" if isinstance(answer, list) else \
                "a tuple" if isinstance(answer, tuple) else "a set"
            raise NotAnAnswer(f"{show(answer)} is {several}; give the vertex you {what} itself, without brackets, "
                              "e.g. 3")
        vertex = whole_number(answer, f"the vertex you {what}")
        moves = {m.key: m for m in presentation_of(game).moves(game, here)}
        if vertex not in moves:
            return wrong(f"vertex {vertex} is not a move from here: "
                         + (f"there is no arc from {here} to {vertex}." if isinstance(game, DigraphGame) else
                            f"the vertices are {numbers_text(game.check_position(here))}."), hint, "not-one-move")
        left = game.grundy(moves[vertex].after)
        if left:
            return wrong(f"{moves[vertex].words('ing')} leaves g = {left}, not 0: your opponent then has a winning "
                         "reply.", hint, "leaves-n-position")
        return correct(f"{moves[vertex].words('ing')} leaves g = 0, a P-position: this move wins.")

    return with_hint(checker, hint, ("not-one-move", "leaves-n-position"))


_HINT_9_1 = ("only the odd stairs count: find the nim-sum of the coins on stairs 1, 3 and 5, then change one odd "
             "stair's count as in Nim, either by carrying coins down from it or by carrying coins onto it from the "
             "even stair above.")
exercise("9.1", expects="the coins on the five stairs after your move, e.g. (4, 1, 6, 2, 4)")(
    staircase_move_checker(STAIRS_MOVE, _HINT_9_1))

HINT_9_2 = "a move on an even stair can be undone, so only the odd stairs 1, 3, 5 count: nim-add their coins."
exercise("9.2", expects="a whole number, e.g. 5")(staircase_value_checker(STAIRS_VALUE, HINT_9_2))

HINT_9_3 = ("write each heap in binary and count, column by column, how many heaps have a 1 there; with k = {k} each "
            "count must be a multiple of {k1} for a P-position.")
exercise("9.3", expects="'P' or 'N'")(
    outcome_checker(MooresNim(MOORE_K).outcome(MOORE_HEAPS), "Moore's Nim with k = 2 on heaps (1, 2, 4, 7)",
                    HINT_9_3.format(k=MOORE_K, k1=MOORE_K + 1)))

HINT_9_4 = ("work from the highest binary column down: make each column's count of 1s a multiple of {k1}, changing "
            "at most {k} heaps, each only downwards.")
exercise("9.4", expects="the heaps after your move, in the same order, e.g. (1, 2, 4, 5)")(
    moore_move_checker(MOORE_K, MOORE_HEAPS, HINT_9_4.format(k=MOORE_K, k1=MOORE_K + 1)))

HINT_9_5 = ("find where {n} lies in the pattern of period 4 that the lesson proves (divide by 4 and look at the "
            "remainder).")
exercise("9.5", expects="a whole number, e.g. 9")(lasker_value_checker(LASKER_HEAP, HINT_9_5.format(n=LASKER_HEAP)))

HINT_9_6 = ("find each heap's value from the pattern and nim-add them; then change one heap so that the total "
            "becomes 0, either by taking chips or by splitting it into two heaps whose values nim-add to what "
            "you need.")
exercise("9.6", expects="the heaps after your move, e.g. (1, 2, 6)")(lasker_move_checker(LASKER_HEAPS, HINT_9_6))

HINT_9_7 = ("start at the vertices with no arc out (g = 0) and work back: each vertex gets the mex of the values "
            "one arc away.")
exercise("9.7", expects="a whole number, e.g. 2")(graph_value_checker(DigraphGame(ARCS), 0, HINT_9_7))

HINT_9_8 = "move the token to a vertex whose value is 0 (the values come from Exercise 9.7's work)."
exercise("9.8", expects="the vertex you move the token to, e.g. 3")(
    vertex_checker(DigraphGame(ARCS), 0, "move the token to", HINT_9_8))

HINT_9_9 = ("picking vertex i of a path leaves two shorter paths side by side (one may be empty): look for a pick "
            "whose two paths have the same value, or values that nim-add to 0.")
exercise("9.9", expects="the vertex you pick, e.g. 4")(
    vertex_checker(NodeKayles.path(PATH_LENGTH), NodeKayles.path(PATH_LENGTH).start, "pick", HINT_9_9))

HINT_9_10 = ("list the picks: each one removes a vertex and its neighbours and leaves pieces; value each piece "
             "(small pieces first), nim-add, and take the mex over all picks.")
exercise("9.10", expects="a whole number, e.g. 2")(
    kayles_value_checker(NodeKayles(BOW_TIE), "the Grundy value of Node Kayles on the bow tie with its tail",
                         HINT_9_10))

__all__ = ["ARCS", "BOW_TIE", "LASKER_HEAP", "LASKER_HEAPS", "MOORE_HEAPS", "MOORE_K", "PATH_LENGTH",
           "STAIRS_MOVE", "STAIRS_VALUE", "graph_value_checker", "kayles_value_checker", "lasker_move_checker",
           "lasker_value_checker", "moore_move_checker", "staircase_move_checker", "staircase_value_checker",
           "vertex_checker"]
