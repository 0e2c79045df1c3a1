"""Exercise checks for lesson 3, Periodicity.

>>> from gamelib.exercises import check
>>> check("3.4", {1, 2, 3}).ok
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.exercises.answers import show, whole_number_set, whole_numbers
from gamelib.exercises.core import NOT_OF_ITS_FORM, _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import move_checker, number_checker
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.takeaway import TakeAwayGame, powers_of_two

_TWO_FIVE_SEVEN = SubtractionGame({2, 5, 7})
_TWO_FOUR_SEVEN = SubtractionGame({2, 4, 7})
_POWERS_OF_TWO = TakeAwayGame(powers_of_two, name="take a power of 2")
#: The set of exercise 3.3; exercise 3.4 asks for a different one.
_EXERCISE_3_3_SET = {2, 4, 7}

_HEAP_3_1 = 10**12 + 5

exercise("3.1", expects="a whole number, e.g. 3")(
    number_checker(_TWO_FIVE_SEVEN.grundy(_HEAP_3_1), "g(10**12 + 5) for S = {2, 5, 7}",
                   hint="the preperiod is 0 and the period 22, so g(n) = g(n % 22); "
                        "compute (10**12 + 5) % 22 first.",
                   slips={_HEAP_3_1 % 22: f"{_HEAP_3_1 % 22} is the remainder (10**12 + 5) % 22, a heap size; the "
                                          "answer is the Grundy value of that heap"}.get)
)

_K, _LARGEST = 3, 8  # S = {3, 5, 8}: three moves, the largest 8

exercise("3.2", expects="a whole number, e.g. 1000")(
    number_checker(_LARGEST * (_K + 1) ** _LARGEST, "the pigeonhole bound s_k (k+1)^(s_k) for S = {3, 5, 8}",
                   hint="here k = 3 (the number of moves) and s_k = 8 (the largest move).",
                   slips={(_K + 1) ** _LARGEST: "that is (k+1)^(s_k) alone; the bound multiplies it by s_k",
                          _LARGEST * _K ** _LARGEST: "that is s_k k^(s_k); the bound raises k + 1, not k",
                          _LARGEST * (_K + 1) * _LARGEST: "that multiplies by s_k where the bound raises to the "
                                                          "power s_k"}.get)
)


_HINT_3_3 = ("print g(0) to g(30) and find the first window of 7 values that appears again later: "
             "where it starts is the preperiod, how far it moved is the period.")


def periodicity_checker(game: SubtractionGame, hint: str) -> Callable[[object], _Verdict]:
    """Check the pair (preperiod, period) of ``game``'s Grundy values (exercise 3.3 and its practice).

    >>> checker = periodicity_checker(SubtractionGame({1, 2}), hint="print the values")
    >>> checker((0, 3)).ok, checker((0, 6)).message  # doctest: +NORMALIZE_WHITESPACE
    (True, 'the values do repeat with period 6 from heap 0 on, but 6 is not the smallest period: a shorter block
    repeats too.')
    """
    truth = game.periodicity()
    S = ", ".join(map(str, game.S))
    return with_hint(lambda answer: _preperiod_and_period(answer, truth, S, hint), hint,
                     ("wrong-count", NOT_OF_ITS_FORM, "not-a-period", "preperiod-too-small", "period-not-least",
                      "preperiod-not-least"))


def _preperiod_and_period(answer: object, truth, S: str, hint: str) -> _Verdict:
    pair = whole_numbers(answer, "a pair of whole numbers (preperiod, period)", limit=10)
    if len(pair) != 2:
        return wrong(f"expected a pair of whole numbers (preperiod, period), got {len(pair)} numbers.", hint,
                     "wrong-count")
    preperiod, period = pair
    if preperiod < 0 or period < 1:
        return wrong(f"{show(pair)}: the preperiod is a heap size (0 or more) and the period at least 1.", hint,
                     NOT_OF_ITS_FORM)
    # The values repeat with period p from heap n0 on exactly when p is a multiple of the smallest period and
    # n0 is at least the smallest preperiod (an eventual period is always a multiple of the smallest one).
    repeats_at_all = period % truth.period == 0
    if not repeats_at_all:
        return wrong(f"the values do not repeat with period {show(period)}, from any heap on.", hint, "not-a-period")
    if preperiod < truth.preperiod:
        return wrong(f"from heap {show(preperiod)} on the values do not repeat with period {show(period)}: the "
                     f"repetition starts after heap {show(preperiod)}.", hint, "preperiod-too-small")
    if period != truth.period:
        return wrong(f"the values do repeat with period {show(period)} from heap {show(preperiod)} on, but "
                     f"{show(period)} is not the smallest period: a shorter block repeats too.", hint,
                     "period-not-least")
    if preperiod > truth.preperiod:
        return wrong(f"the period is right, and the values do repeat from heap {show(preperiod)} on, so "
                     f"{show(preperiod)} is a preperiod, but not the smallest one: the repetition starts before "
                     f"heap {show(preperiod)}.", hint, "preperiod-not-least")
    return correct(f"S = {{{S}}} has preperiod {truth.preperiod} and period {truth.period}.")


exercise("3.3", expects="a pair, e.g. (0, 5)")(
    periodicity_checker(_TWO_FOUR_SEVEN, _HINT_3_3)
)


_HINT_3_4 = ("most small sets are periodic from the start; loop over the sets {a, b, c} with c <= 10 and print "
             "those whose periodicity() has a nonzero preperiod.")


def _set_with_a_preperiod(answer: object) -> _Verdict:
    hint = _HINT_3_4
    given = whole_number_set(answer, "a set of three whole numbers such as {1, 4, 6}", limit=100)
    written = "{" + ", ".join(map(str, sorted(given))) + "}" if given else "set()"
    if len(given) != 3:
        return wrong(f"{written} has {len(given)} different number{'s' * (len(given) != 1)}: the set needs "
                     "three.", hint)
    outside = [n for n in sorted(given) if not 1 <= n <= 10]
    if outside:
        return wrong(f"{written}: {outside[0]} is not a number from 1 to 10 (every number of the set must be).",
                     hint)
    if given == _EXERCISE_3_3_SET:
        return wrong("{2, 4, 7} is the set of Exercise 3.3; find a different one.", hint)
    found = SubtractionGame(given).periodicity()
    if found.preperiod == 0:
        return wrong(f"S = {{{', '.join(map(str, sorted(given)))}}} is periodic from heap 0 on "
                     f"(period {found.period}): its preperiod is 0.", hint)
    return correct(f"S = {{{', '.join(map(str, sorted(given)))}}} settles down only at heap {found.preperiod}, "
                   f"then repeats with period {found.period}.")


with_hint(_set_with_a_preperiod, _HINT_3_4)

exercise("3.4", expects="a set of three numbers, e.g. {1, 4, 6}")(_set_with_a_preperiod)

exercise("3.5", expects="the heap size you leave behind, e.g. 2020")(
    move_checker(_POWERS_OF_TWO, 2024, "this move wins",
                 hint="a power of 2 is never a multiple of 3; which heaps are the P-positions?")
)
