"""Ready-made checkers for the kinds of question the lessons ask again and again.

Each factory returns a checker for :func:`~gamelib.exercises.core.exercise`; the messages say what is off
(a wrong element, how many are missing) without revealing the full answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gamelib.exercises.answers import NotAnAnswer, outcome, show, whole_number, whole_number_set, whole_numbers
from gamelib.exercises.core import _Verdict, correct, wrong


def set_checker(expected: Iterable[int], what: str, hint: str,
                why_not: Callable[[int], str] | None = None) -> Callable[[object], _Verdict]:
    """Check a set of whole numbers, e.g. the P-positions below 20.

    ``why_not(x)`` may explain why a wrongly listed ``x`` does not belong (e.g. "from 3 you can move to 0").
    """
    truth = set(expected)

    def checker(answer: object) -> _Verdict:
        given = whole_number_set(answer, f"a list of whole numbers (the {what})")
        extra = sorted(given - truth)
        missing = truth - given
        if extra:
            reason = f" ({why_not(extra[0])})" if why_not else ""
            return wrong(f"{show(extra[0])} is not one of the {what}{reason}.", hint)
        if missing:
            count = len(missing)
            return wrong(f"everything you listed is right, but {count} of the {what} "
                         f"{'is' if count == 1 else 'are'} missing.", hint)
        return correct(f"those are exactly the {what}.")

    checker.hint = hint
    return checker


def number_checker(expected: int, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a single whole number, saying whether a wrong one is too small or too large."""

    def checker(answer: object) -> _Verdict:
        given = whole_number(answer, f"a whole number ({what})")
        if given != expected:
            side = "too small" if given < expected else "too large"
            return wrong(f"{show(given)} is not {what}: it is {side}.", hint)
        return correct(f"{what} is {expected}.")

    checker.hint = hint
    return checker


def outcome_checker(expected: str, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a 'P' or 'N' answer."""

    def checker(answer: object) -> _Verdict:
        given = outcome(answer)
        article = {"P": "a", "N": "an"}
        if given != expected:
            return wrong(f"{what} is not {article[given]} {given}-position.", hint)
        return correct(f"{what} is {article[expected]} {expected}-position.")

    checker.hint = hint
    return checker


def read_position(answer: object, like: int | tuple[int, ...], rows: bool = False) -> int | tuple[int, ...]:
    """The position a student gives, read in the form of ``like``: a heap size, or a tuple of heaps.

    A one-heap answer given as a list is told to give the heap itself. With ``rows=True`` (a board given by
    its row lengths, such as Chomp) emptied rows at the end may be left out or written as 0: (7, 7) and
    (7, 7, 0) both name the position (7, 7, 0).

    >>> read_position([4, 7], (9, 12)), read_position((7, 7), (7, 7, 7), rows=True), read_position(24, 25)
    ((4, 7), (7, 7, 0), 24)
    """
    if isinstance(like, int):
        if not isinstance(answer, (str, bytes)) and hasattr(type(answer), "__iter__"):
            raise NotAnAnswer(f"{show(answer)} is a list: give the heap you leave as a single number, "
                              f"e.g. {like - 1}")
        return whole_number(answer, "the heap size you leave behind")
    size = len(like)
    heaps = whole_numbers(answer, f"the position after your move, as a tuple such as {like}", limit=size + 20)
    if rows:
        heaps = heaps + (0,) * (size - len(heaps)) if 1 <= len(heaps) < size else heaps
        while len(heaps) > size and heaps[-1] == 0:
            heaps = heaps[:-1]
    if len(heaps) != size:
        raise NotAnAnswer(f"{show(heaps)} has {len(heaps)} numbers; write all {size}, as in {like}")
    return heaps


def move_checker(game, position, what: str, hint: str, rows: bool = False) -> Callable[[object], _Verdict]:
    """Check a winning move, given as the position after the move (a heap size or a tuple of heaps).

    ``rows=True`` for boards given by row lengths: see :func:`read_position`.
    """

    def checker(answer: object) -> _Verdict:
        after = read_position(answer, position, rows)
        if after not in game.moves(position):
            return wrong(f"{show(after)} cannot be reached from {position} in one move.", hint)
        if game.outcome(after) != "P":
            return wrong(f"moving to {show(after)} is legal, but it leaves an N-position: your opponent then has "
                         "a winning reply.", hint)
        return correct(f"{after} is a P-position, so {what}.")

    checker.hint = hint
    return checker
