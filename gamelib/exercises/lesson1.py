"""Exercise checks for lesson 1, Playing subtraction games.

>>> from gamelib.exercises import check
>>> check("1.2", 22).ok
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.exercises.answers import show
from gamelib.exercises.core import _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import labels_per_heap, move_checker, outcome_checker, set_checker
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.takeaway import TakeAwayGame, nonzero_digits

_ONE_TO_FOUR = SubtractionGame({1, 2, 3, 4})
_ONE_THREE_FOUR = SubtractionGame({1, 3, 4})
_DIGITS = TakeAwayGame(nonzero_digits, name="subtract a nonzero digit")
_ONE_FOUR = SubtractionGame({1, 4})


def _why_not_p(game, stop: int, marked: bool = False):
    """Explain why a listed heap is not a P-position below ``stop`` (without naming the P-positions)."""

    def explain(n: int) -> str:
        if not 0 <= n < stop:
            return f"the question is about heaps 0 to {stop - 1}"
        reply = game.winning_moves(n)[0]
        if marked:
            return f"it is marked N from the P-position {reply}"
        return f"from {n} you can move to {reply}, a P-position"

    return explain


exercise("1.1", expects="a list of heap sizes, e.g. [3, 7]")(
    set_checker(_ONE_TO_FOUR.p_positions(10), "P-positions below 10 for S = {1, 2, 3, 4}",
                hint="a heap is P when every move leads to an N-position; start from 0 and work upwards.",
                why_not=_why_not_p(_ONE_TO_FOUR, 10))
)

exercise("1.2", expects="the heap size you leave behind, e.g. 24")(
    move_checker(_ONE_THREE_FOUR, 25, "this move wins",
                 hint="the P-positions of S = {1, 3, 4} are the heaps with remainder 0 or 2 after division by 7.")
)

exercise("1.3", expects="'P' or 'N'")(
    outcome_checker(_ONE_THREE_FOUR.outcome(100), "a heap of 100 chips (S = {1, 3, 4})",
                    hint="divide 100 by 7 and look at the remainder.")
)

exercise("1.4", expects="the heap size you leave behind, e.g. 304")(
    move_checker(_DIGITS, 307, "this move wins",
                 hint="the P-positions of the digit game are the multiples of 10.")
)

_ONE_FOUR_STOP = 15
_HINT_1_5 = "scan upwards: an unmarked heap is P, and it marks the heaps 1 and 4 above it as N."


def ptfn_by_hand_checker(game: SubtractionGame, stop: int, hint: str) -> Callable[[object], _Verdict]:
    """Check the P-positions below ``stop`` given as heap sizes, or the labels of heaps 0 to stop - 1 as
    ``ptfn`` prints them ('PNPN...'). Exercise 1.5 and its practice instances use it.

    >>> checker = ptfn_by_hand_checker(SubtractionGame({1, 2}), 6, hint="scan upwards")
    >>> checker("PNNPNN").ok, checker([0, 3]).ok, checker("PNPNNN").message
    (True, True, 'heap 2 is labelled P, but it is marked N from the P-position 0 (the labels before it are right).')
    """
    S = ", ".join(map(str, game.S))
    set_check = set_checker(game.p_positions(stop), f"P-positions below {stop} for S = {{{S}}}", hint=hint,
                            why_not=_why_not_p(game, stop, marked=True))
    truth = game.outcomes(stop)

    def checker(answer: object) -> _Verdict:
        labels = labels_per_heap(answer)
        if labels is None:
            return set_check(answer)
        if len(labels) != len(truth):
            return wrong(f"{show(answer)} labels {len(labels)} heaps; label the heaps 0 to {stop - 1} ({stop} "
                         f"letters, as ptfn({{{S}}}, {stop}) prints them), or list the P-positions.", hint,
                         "wrong-count")
        n = next((n for n in range(len(truth)) if labels[n] != truth[n]), None)
        if n is not None:
            why = (_why_not_p(game, stop, marked=True)(n) if labels[n] == "P" else
                   f"no P-position {' or '.join(map(str, game.S))} below it marks it N")
            return wrong(f"heap {n} is labelled {labels[n]}, but {why} (the labels before it are right).", hint,
                         "wrong-from")
        p_positions = [n for n, label in enumerate(truth) if label == "P"]
        return correct(f"those are the labels PTFN gives heaps 0 to {stop - 1}; the P-positions are the heaps "
                       f"labelled P, {p_positions}.")

    return with_hint(checker, hint, ("wrong-count", "wrong-from", *set_check.kinds))  # type: ignore[attr-defined]


exercise("1.5", expects="a list of heap sizes, e.g. [0, 3]")(ptfn_by_hand_checker(_ONE_FOUR, _ONE_FOUR_STOP, _HINT_1_5))
