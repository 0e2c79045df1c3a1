"""Ready-made checkers for the kinds of question the lessons ask again and again.

Each factory returns a checker for :func:`~gamelib.exercises.core.exercise`; the messages say what is off
(a wrong element, how many are missing) without revealing the full answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gamelib.exercises.answers import NotAnAnswer, outcome, show, whole_number, whole_numbers
from gamelib.exercises.core import _Verdict, correct, with_hint, wrong
from gamelib.limits import MAX_ANSWER_ITEMS


def set_checker(expected: Iterable[int], what: str, hint: str,
                why_not: Callable[[int], str] | None = None) -> Callable[[object], _Verdict]:
    """Check a set of whole numbers, e.g. the P-positions below 20.

    ``why_not(x)`` may explain why a wrongly listed ``x`` does not belong (e.g. "from 3 you can move to 0").
    """
    truth = set(expected)

    def checker(answer: object) -> _Verdict:
        _refuse_labels_per_heap(answer, what)
        listed = whole_numbers(answer, f"a list of whole numbers (the {what})", ordered=False)
        given = frozenset(listed)
        if "P-position" in what and len(given) < len(listed) and not isinstance(answer, (set, frozenset)):
            return wrong("your list repeats numbers, so it looks like a value for each heap "
                         f"(Grundy values?), not a list of heaps. The {what} are heap sizes, each listed once: "
                         "the heaps whose Grundy value is 0.", hint, "values-not-heaps")
        extra = sorted(given - truth)
        missing = truth - given
        if extra:
            reason = f" ({why_not(extra[0])})" if why_not else ""
            return wrong(f"{show(extra[0])} is not one of the {what}{reason}.", hint, "listed-extra")
        if missing:
            count = len(missing)
            return wrong(f"everything you listed is right, but {count} of the {what} "
                         f"{'is' if count == 1 else 'are'} missing.", hint, "listed-missing")
        return correct(f"those are exactly the {what}.")

    return with_hint(checker, hint, ("values-not-heaps", "listed-extra", "listed-missing"))


def labels_per_heap(answer: object) -> str | None:
    """The answer as a string of 'P'/'N' labels, one per heap, if it is written that way: as ``ptfn`` prints
    them (``'PNNP'``, spaces and commas allowed) or as a list of labels; None for any other answer.

    >>> labels_per_heap(" pnnp "), labels_per_heap(["P", "n-position"]), labels_per_heap([0, 3]), labels_per_heap("P")
    ('PNNP', 'PN', None, None)
    """
    if isinstance(answer, str):
        text = "".join(str.__getitem__(answer, slice(0, MAX_ANSWER_ITEMS + 1)).upper().replace(",", " ").split())
        return text if len(text) >= 2 and set(text) <= {"P", "N"} else None
    if isinstance(answer, (list, tuple)) and answer and all(isinstance(a, str) for a in answer[:MAX_ANSWER_ITEMS]):
        try:
            return "".join(outcome(a) for a in answer[:MAX_ANSWER_ITEMS])
        except NotAnAnswer:
            return None
    return None


def _refuse_labels_per_heap(answer: object, what: str) -> None:
    """'P'/'N' labels (one per heap, as ``ptfn`` prints them or as a list) where heap sizes are asked: say which
    kind of answer is wanted."""
    if labels_per_heap(answer) is None:
        return
    printed = ", as ptfn prints them" if isinstance(answer, str) else ""
    wanted = ("list the heap sizes whose label is P, e.g. [0, 4]" if "P-position" in what
              else "list them as whole numbers, e.g. [3, 7]")
    raise NotAnAnswer(f"{show(answer)} gives a label for each heap{printed}; the question asks for the {what} "
                      f"themselves: {wanted}")


def number_checker(expected: int, what: str, hint: str,
                   slips: Callable[[int], str | None] | None = None) -> Callable[[object], _Verdict]:
    """Check a single whole number; a wrong one is told that it is not ``what``, and the hint says what to
    compute.

    The message never says on which side of the answer a wrong number lies: "too large" and "too small"
    would let a student find the number by halving, without computing anything. ``slips(given)`` may
    instead say what a typical wrong number is (the ordinary sum where the nim-sum is meant, an index where a
    value is meant), or return None; a dictionary's ``get`` will do.

    >>> checker = number_checker(2, "mex{0, 1, 3, 4}", hint="the smallest missing number",
    ...                          slips={5: "5 is the largest number plus one"}.get)
    >>> checker(5).message, checker(7).message
    ('5 is not mex{0, 1, 3, 4}: 5 is the largest number plus one.', '7 is not mex{0, 1, 3, 4}.')
    """

    def checker(answer: object) -> _Verdict:
        given = whole_number(answer, f"a whole number ({what})")
        if given == expected:
            return correct(f"{what} is {expected}.")
        slip = slips(given) if slips else None
        return wrong(f"{show(given)} is not {what}" + (f": {slip}." if slip else "."), hint,
                     "named-slip" if slip else "")

    return with_hint(checker, hint, ("named-slip",) if slips else ())


def outcome_checker(expected: str, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a 'P' or 'N' answer."""

    def checker(answer: object) -> _Verdict:
        given = outcome(answer)
        article = {"P": "a", "N": "an"}
        if given != expected:
            return wrong(f"{what} is not {article[given]} {given}-position.", hint, "pn-swapped")
        return correct(f"{what} is {article[expected]} {expected}-position.")

    return with_hint(checker, hint, ("pn-swapped",))


def read_position(answer: object, like: int | tuple[int, ...], rows: bool = False) -> int | tuple[int, ...]:
    """The position a student gives, read in the form of ``like``: a heap size, or a tuple of heaps.

    A one-heap answer given as a list is told to give the heap itself. With ``rows=True`` (a board given by
    its row lengths, such as Chomp) emptied rows at the end may be left out or written as 0: (7, 7) and
    (7, 7, 0) both name the position (7, 7, 0).

    >>> read_position([4, 7], (9, 12)), read_position((7, 7), (7, 7, 7), rows=True), read_position(24, 25)
    ((4, 7), (7, 7, 0), 24)
    """
    return _read_position(answer, like, rows)[0]


def _read_position(answer: object, like: int | tuple[int, ...], rows: bool) -> tuple[int | tuple[int, ...], int]:
    """:func:`read_position`, and how many rows left out at the end were read as eaten (0)."""
    if isinstance(like, int):
        if not isinstance(answer, (str, bytes)) and hasattr(type(answer), "__iter__"):
            raise NotAnAnswer(f"{show(answer)} is a list: give the heap you leave as a single number, "
                              f"e.g. {like - 1}")
        return whole_number(answer, "the heap size you leave behind"), 0
    size = len(like)
    heaps = whole_numbers(answer, f"the position after your move, as a tuple such as {like}", limit=size + 20)
    filled = 0
    if rows:
        filled = size - len(heaps) if 1 <= len(heaps) < size else 0
        heaps = heaps + (0,) * filled
        while len(heaps) > size and heaps[-1] == 0:
            heaps = heaps[:-1]
    if len(heaps) != size:
        count = f"{len(heaps)} number{'s' if len(heaps) != 1 else ''}"
        raise NotAnAnswer(f"{show(heaps)} has {count}; write all {size}, as in {like}")
    return heaps, filled


#: The kinds of mistake :func:`move_checker` names.
MOVE_KINDS = ("chips-taken", "not-one-move", "leaves-n-position")


def move_checker(game, position, what: str, hint: str, rows: bool = False) -> Callable[[object], _Verdict]:
    """Check a winning move, given as the position after the move (a heap size or a tuple of heaps).

    ``rows=True`` for boards given by row lengths: see :func:`read_position`.
    """

    def checker(answer: object) -> _Verdict:
        after, filled = _read_position(answer, position, rows)
        moves = game.moves(position)
        left_out = "the row" if filled == 1 else f"the {filled} rows"
        read = f"Reading {left_out} you left out as eaten (0): " if filled else ""
        if after not in moves:
            if isinstance(position, int) and isinstance(after, int) and 0 < after <= position \
                    and position - after in moves:
                return wrong(f"{show(after)} looks like the number of chips taken, not the heap left: the answer "
                             f"is the size of the heap after your move, what is left of {position}.", hint,
                             "chips-taken")
            return wrong(f"{read}{show(after)} cannot be reached from {position} in one move.", hint, "not-one-move")
        if game.outcome(after) != "P":
            return wrong(f"{read}moving to {show(after)} is legal, but it leaves an N-position: your opponent then "
                         "has a winning reply.", hint, "leaves-n-position")
        return correct(f"{after} is a P-position, so {what}.")

    # chips taken for the heap left: only where a position is one heap
    return with_hint(checker, hint, MOVE_KINDS if isinstance(position, int) else MOVE_KINDS[1:])
