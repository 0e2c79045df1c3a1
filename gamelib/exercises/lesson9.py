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

from gamelib.exercises.answers import NotAnAnswer, show, whole_number, whole_numbers
from gamelib.exercises.core import _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import move_checker, number_checker, outcome_checker
from gamelib.games.digraph import DigraphGame
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
_MOORE = MooresNim(MOORE_K)
_LASKER = LaskersNim()
_GRAPH = DigraphGame(ARCS)
_PATH = NodeKayles.path(PATH_LENGTH)
_BOW_TIE = NodeKayles(BOW_TIE)

_HINT_9_1 = ("only the odd stairs count: find the nim-sum of the coins on stairs 1, 3 and 5, then change one odd "
             "stair's count as in Nim, either by carrying coins down from it or by carrying coins onto it from the "
             "even stair above.")
exercise("9.1", expects="the coins on the five stairs after your move, e.g. (4, 1, 6, 2, 4)")(
    move_checker(_STAIRS, STAIRS_MOVE, "the odd stairs' counts nim-add to 0", _HINT_9_1))

exercise("9.2", expects="a whole number, e.g. 5")(
    number_checker(_STAIRS.grundy(STAIRS_VALUE), "the Grundy value of Staircase Nim with coins (2, 7, 5, 1, 6)",
                   hint="a move on an even stair can be undone, so only the odd stairs 1, 3, 5 count: nim-add their "
                        "coins.",
                   slips={2 ^ 7 ^ 5 ^ 1 ^ 6: "that is the nim-sum of every stair; the even stairs do not count",
                          7 ^ 1: "that is the nim-sum of the even stairs 2 and 4; it is the odd ones that count",
                          2 + 5 + 6: "the odd stairs' coins were added; nim-add them"}.get))

_HINT_9_3 = ("write each heap in binary and count, column by column, how many heaps have a 1 there; with k = 2 each "
             "count must be a multiple of 3 for a P-position.")
exercise("9.3", expects="'P' or 'N'")(
    outcome_checker(_MOORE.outcome(MOORE_HEAPS), "Moore's Nim with k = 2 on heaps (1, 2, 4, 7)", _HINT_9_3))

_HINT_9_4 = ("work from the highest binary column down: make each column's count of 1s a multiple of 3, changing "
             "at most two heaps, each only downwards.")
exercise("9.4", expects="the heaps after your move, e.g. (1, 2, 4, 5)")(
    move_checker(_MOORE, MOORE_HEAPS, "every binary column has a multiple of 3 ones", _HINT_9_4))

exercise("9.5", expects="a whole number, e.g. 9")(
    number_checker(_LASKER.grundy(LASKER_HEAP), f"the Grundy value of one heap of {LASKER_HEAP} in Lasker's Nim",
                   hint="find where 11 lies in the pattern of period 4 that the lesson proves (divide by 4 and look "
                        "at the remainder).",
                   slips={LASKER_HEAP: "that is its value in Nim; splitting a heap adds options",
                          LASKER_HEAP - 1: "heaps 4k + 3 and 4k + 4 swap: check which of the two 11 is"}.get))

_HINT_9_6 = ("find each heap's value from the pattern and nim-add them; then change one heap so that the total "
             "becomes 0, either by taking chips or by splitting it into two heaps whose values nim-add to what "
             "you need.")


def _check_lasker_move(answer: object) -> _Verdict:
    heaps = whole_numbers(answer, "the heaps after your move, such as (1, 2, 6)", limit=10, ordered=False)
    after = tuple(sorted(h for h in heaps if h))
    moves = set(_LASKER.moves(LASKER_HEAPS))
    if after not in moves:
        return wrong(f"{show(heaps)} cannot be reached from heaps {LASKER_HEAPS} in one move: "
                     f"{presentation_of(_LASKER).how_to_move(_LASKER)}.", _HINT_9_6)
    left = _LASKER.grundy(after)
    if left:
        return wrong(f"moving to {show(after)} is legal, but it leaves g = {left}, not 0: your opponent then has a "
                     "winning reply.", _HINT_9_6)
    return correct(f"heaps {after} are worth 0: a P-position, so this move wins.")


exercise("9.6", expects="the heaps after your move, e.g. (1, 2, 6)")(with_hint(_check_lasker_move, _HINT_9_6))

exercise("9.7", expects="a whole number, e.g. 2")(
    number_checker(_GRAPH.grundy(0), "g(0) for this graph",
                   hint="start at the vertices with no arc out (g = 0) and work back: each vertex gets the mex of "
                        "the values one arc away.",
                   slips={len(_GRAPH.moves(0)): "that is the number of arcs out of vertex 0; take the mex of "
                                                "their ends' values"}.get))


def _vertex_checker(game: DigraphGame | NodeKayles, here: object, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a move given as one vertex: where the token goes (a directed graph), or the vertex picked (Node
    Kayles); every winning one is accepted."""

    def checker(answer: object) -> _Verdict:
        if isinstance(answer, (list, tuple, set, frozenset)):
            raise NotAnAnswer(f"{show(answer)} is several numbers; give the one vertex you {what}, e.g. 3")
        vertex = whole_number(answer, f"the vertex you {what}")
        moves = {m.key: m for m in presentation_of(game).moves(game, here)}
        if vertex not in moves:
            return wrong(f"vertex {vertex} is not a move from here: "
                         + (f"there is no arc from {here} to {vertex}." if isinstance(game, DigraphGame) else
                            f"the vertices are {show(game.check_position(here))}."), hint)
        left = game.grundy(moves[vertex].after)
        if left:
            return wrong(f"{moves[vertex].words('ing')} leaves g = {left}, not 0: your opponent then has a winning "
                         "reply.", hint)
        return correct(f"{moves[vertex].words('ing')} leaves g = 0, a P-position: this move wins.")

    return with_hint(checker, hint)


exercise("9.8", expects="the vertex you move the token to, e.g. 3")(
    _vertex_checker(_GRAPH, 0, "move the token to",
                    "move the token to a vertex whose value is 0 (the values come from Exercise 9.7's work)."))

exercise("9.9", expects="the vertex you pick, e.g. 4")(
    _vertex_checker(_PATH, _PATH.start, "pick",
                    "picking vertex i of a path leaves two shorter paths side by side (one may be empty): look for "
                    "a pick whose two paths have the same value, or values that nim-add to 0."))

exercise("9.10", expects="a whole number, e.g. 2")(
    number_checker(_BOW_TIE.grundy(_BOW_TIE.start), "the Grundy value of Node Kayles on the bow tie with its tail",
                   hint="list the picks: each one removes a vertex and its neighbours and leaves pieces; value each "
                        "piece (small pieces first), nim-add, and take the mex over all picks.",
                   slips={len(BOW_TIE): "that is the number of edges",
                          len(_BOW_TIE.start): "that is the number of vertices"}.get))

__all__ = ["ARCS", "BOW_TIE", "LASKER_HEAP", "LASKER_HEAPS", "MOORE_HEAPS", "MOORE_K", "PATH_LENGTH",
           "STAIRS_MOVE", "STAIRS_VALUE"]
