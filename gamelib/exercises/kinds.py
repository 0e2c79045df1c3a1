"""Ready-made checkers for the kinds of question the lessons ask again and again.

Each factory returns a checker for :func:`~gamelib.exercises.core.exercise`; the messages say what is off
(a wrong element, how many are missing) without revealing the full answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .core import _Verdict, as_int, as_int_set, as_outcome, correct, wrong


def set_checker(expected: Iterable[int], what: str, hint: str,
                why_not: Callable[[int], str] | None = None) -> Callable[[object], _Verdict]:
    """Check a set of whole numbers, e.g. the P-positions below 20.

    ``why_not(x)`` may explain why a wrongly listed ``x`` does not belong (e.g. "from 3 you can move to 0").
    """
    truth = set(expected)

    def checker(answer: object) -> _Verdict:
        given = as_int_set(answer)
        if given is None:
            return wrong(f"expected a list of whole numbers (the {what}), got {answer!r}", hint)
        extra = sorted(given - truth)
        missing = truth - given
        if extra:
            reason = f" ({why_not(extra[0])})" if why_not else ""
            return wrong(f"{extra[0]} is not one of the {what}{reason}.", hint)
        if missing:
            count = len(missing)
            return wrong(f"everything you listed is right, but {count} of the {what} "
                         f"{'is' if count == 1 else 'are'} missing.", hint)
        return correct(f"those are exactly the {what}.")

    return checker


def number_checker(expected: int, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a single whole number, saying whether a wrong one is too small or too large."""

    def checker(answer: object) -> _Verdict:
        given = as_int(answer)
        if given is None:
            return wrong(f"expected a whole number ({what}), got {answer!r}", hint)
        if given != expected:
            side = "too small" if given < expected else "too large"
            return wrong(f"{given} is not {what}: it is {side}.", hint)
        return correct(f"{what} is {expected}.")

    return checker


def outcome_checker(expected: str, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a 'P' or 'N' answer."""

    def checker(answer: object) -> _Verdict:
        given = as_outcome(answer)
        if given is None:
            return wrong(f"expected 'P' or 'N', got {answer!r}", hint)
        article = {"P": "a", "N": "an"}
        if given != expected:
            return wrong(f"{what} is not {article[given]} {given}-position.", hint)
        return correct(f"{what} is {article[expected]} {expected}-position.")

    return checker


def move_checker(game, position, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a winning move, given as the position after the move (a heap size or a tuple of heaps)."""

    def checker(answer: object) -> _Verdict:
        after = tuple(answer) if isinstance(answer, (list, tuple)) else as_int(answer)
        if after is None:
            return wrong(f"expected the position after your move, got {answer!r}", hint)
        if after not in game.moves(position):
            return wrong(f"{after} cannot be reached from {position} in one move.", hint)
        if game.outcome(after) != "P":
            return wrong(f"moving to {after} is legal, but it leaves an N-position: your opponent "
                         "then has a winning reply.", hint)
        return correct(f"{after} is a P-position, so {what}.")

    return checker
