"""Exercise checks for lesson 2, Grundy values and the Grundy scale.

>>> from gamelib.exercises import check
>>> check("2.1", 3).ok
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.analysis.engine import mex
from gamelib.exercises.answers import NotAnAnswer, show, whole_numbers
from gamelib.exercises.core import NOT_OF_ITS_FORM, _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import number_checker, set_checker
from gamelib.games.subtraction import SubtractionGame

_TWO_FIVE_SEVEN = SubtractionGame({2, 5, 7})
_ONE_FOUR = SubtractionGame({1, 4})
_ONE_THREE_FOUR = SubtractionGame({1, 3, 4})
_TWO_THREE_SIX = SubtractionGame({2, 3, 6})


def grundy_sequence_checker(game: SubtractionGame, stop: int, hint: str) -> Callable[[object], _Verdict]:
    """Check a list of Grundy values g(0), ..., g(stop - 1), pointing at the first wrong one.

    >>> checker = grundy_sequence_checker(SubtractionGame({1, 2}), 4, hint="use mex")
    >>> checker([0, 1, 2, 0]).ok
    True
    >>> checker([0, 1, 1, 0]).message
    'g(2) is not 1 (the values before it are right).'
    """
    truth = [int(v) for v in game.grundy_values(stop)]

    def checker(answer: object) -> _Verdict:
        try:
            given = whole_numbers(answer, f"a list of {stop} whole numbers, g(0) to g({stop - 1})", limit=stop + 100)
        except NotAnAnswer as problem:
            return wrong(str(problem), hint, NOT_OF_ITS_FORM)
        if len(given) != stop:
            return wrong(f"expected {stop} values (heaps 0 to {stop - 1}), got {len(given)}.", hint, "wrong-count")
        for n, (mine, theirs) in enumerate(zip(given, truth, strict=True)):
            if mine != theirs:
                return wrong(f"g({n}) is not {show(mine)} (the values before it are right).", hint, "wrong-from")
        return correct(f"those are g(0) to g({stop - 1}) for {game.title}.")

    return with_hint(checker, hint, ("wrong-count", "wrong-from"))


_MEX_SET = {0, 1, 3, 4}


def mex_slips(values: set[int]) -> Callable[[int], str | None]:
    """What a wrong mex of ``values`` is (a member of the set, a missing number that is not the smallest).

    >>> mex_slips({0, 2})(2)
    '2 is in the set, so it is not missing from it'
    """

    def why_not(given: int) -> str | None:
        if given in values:
            return f"{given} is in the set, so it is not missing from it"
        if given > mex(values):
            return f"{show(given)} is missing from the set, but it is not the smallest number missing"
        return None

    return why_not


_why_not_the_mex = mex_slips(_MEX_SET)


exercise("2.1", expects="a whole number, e.g. 5")(
    number_checker(mex(_MEX_SET), "mex{0, 1, 3, 4}",
                   hint="the mex is the smallest whole number, starting from 0, that is missing from the set.",
                   slips=_why_not_the_mex)
)

#: The followers of heap 22 in S = {2, 5, 7}, and their values.
_FOLLOWERS_OF_22 = {f: _TWO_FIVE_SEVEN.grundy(f) for f in _TWO_FIVE_SEVEN.moves(22)}


def follower_value_slips(game: SubtractionGame, n: int) -> Callable[[int], str | None]:
    """What a wrong g(n) is when it is the value of one of n's followers.

    >>> print(follower_value_slips(SubtractionGame({1}), 3)(0))
    0 is the value of a follower of 3, and g(3), the mex of the followers' values, is different from every one of them
    """
    values = {game.grundy(f) for f in game.moves(n)}

    def why_not(given: int) -> str | None:
        if given in values:
            return (f"{given} is the value of a follower of {n}, and g({n}), the mex of the followers' values, is "
                    "different from every one of them")
        return None

    return why_not


_why_not_g_22 = follower_value_slips(_TWO_FIVE_SEVEN, 22)


exercise("2.2", expects="a whole number, e.g. 3")(
    number_checker(_TWO_FIVE_SEVEN.grundy(22), "g(22) for S = {2, 5, 7}",
                   hint="g(22) is the mex of g(20), g(17) and g(15); read them from the table of g(0) to g(21).",
                   slips=_why_not_g_22)
)

exercise("2.3", expects="a list of 10 whole numbers, e.g. [0, 0, 1, ...]")(
    grundy_sequence_checker(_ONE_FOUR, 10, hint="g(n) is the mex of g(n - 1) and g(n - 4) (only the moves that "
                                                "exist: heaps below 4 have just one move).")
)


def first_with_value_slips(game: SubtractionGame, wanted: int) -> Callable[[int], str | None]:
    """What a wrong "first heap with value ``wanted``" is: a later heap with that value, or a heap's value.

    >>> first_with_value_slips(SubtractionGame({1, 2}), 2)(5)
    'g(5) is 2 indeed, but 5 is not the first heap with value 2'
    """

    def why_not(given: int) -> str | None:
        if given < 0:
            return None
        value = game.grundy(given)
        if value == wanted:
            return f"g({show(given)}) is {wanted} indeed, but {show(given)} is not the first heap with value {wanted}"
        return f"g({show(given)}) = {value}, not {wanted}"

    return why_not


_why_not_first_three = first_with_value_slips(_ONE_THREE_FOUR, 3)


exercise("2.4", expects="a heap size, e.g. 8")(
    number_checker(next(n for n in range(20) if _ONE_THREE_FOUR.grundy(n) == 3),
                   "the smallest heap with Grundy value 3 for S = {1, 3, 4}",
                   hint="compute g(0), g(1), ... in order; a value 3 needs followers with values 0, 1 and 2.",
                   slips=_why_not_first_three)
)

exercise("2.5", expects="a list of heap sizes, e.g. [3, 7]")(
    set_checker(_TWO_THREE_SIX.p_positions(16), "P-positions below 16 for S = {2, 3, 6}",
                hint="a heap is a P-position exactly when its Grundy value is 0; heaps 0 and 1 have no move.",
                why_not=lambda n: (f"g({n}) = {_TWO_THREE_SIX.grundy(n)}, not 0" if 0 <= n < 16
                                   else "the question is about heaps 0 to 15"))
)


def certain_followers_why_not(m: int) -> Callable[[int], str]:
    """Why a value is not certainly among the followers of a position whose mex is ``m``.

    >>> certain_followers_why_not(2)(5)
    'a follower of value 5 may exist, but the mex being 2 does not force it'
    """

    def why_not(value: int) -> str:
        if value == m:
            return f"no follower has value {m}: if one had, {m} would not be missing, so it could not be the mex"
        return f"a follower of value {value} may exist, but the mex being {m} does not force it"

    return why_not


_why_not_certain = certain_followers_why_not(4)


exercise("2.6", expects="a list of whole numbers, e.g. [1, 2]")(
    set_checker([0, 1, 2, 3], "values certainly among the followers",
                hint="the mex is the smallest missing number: what does that say about the numbers below it?",
                why_not=_why_not_certain)
)
