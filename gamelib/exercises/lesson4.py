"""Exercise checks for lesson 4, Nim and the nim-sum.

>>> from gamelib.exercises import check
>>> check("4.1", (7, 3)).ok
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.exercises.answers import show, whole_number, whole_numbers
from gamelib.exercises.core import NOT_OF_ITS_FORM, _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import number_checker
from gamelib.games.nim import Nim, nim_sum

#: The kinds of mistake :func:`nim_move_checker` names.
NIM_MOVE_KINDS = (NOT_OF_ITS_FORM, "wrong-count", "not-one-move", "heaps-reordered", "leaves-n-position")


def nim_move_checker(game: Nim, position: tuple[int, ...], what: str, hint: str,
                     explain: Callable[[tuple[int, ...]], str] | None = None) -> Callable[[object], _Verdict]:
    """Check a winning Nim move given as the heaps after the move, in the order of ``position``.

    Says specifically what is off: the wrong number of heaps, heaps in another order, two heaps changed, a
    heap made bigger, or a legal move that leaves an N-position. ``explain(after)`` may add why such a
    move loses (e.g. its nim-sum).

    >>> checker = nim_move_checker(Nim(), (3, 4, 5), "it wins", hint="make the nim-sum 0")
    >>> checker((1, 4, 5)).ok
    True
    >>> print(checker((3, 4, 6)).message)
    (3, 4, 6) makes a heap bigger; a move only takes chips away.
    """
    size = len(position)

    def checker(answer: object) -> _Verdict:
        after = whole_numbers(answer, f"the heaps after your move as a tuple such as {position}", limit=size + 20)
        if any(h < 0 for h in after):
            return wrong(f"every heap must be a whole number 0 or more, got {show(after)}", hint, NOT_OF_ITS_FORM)
        if len(after) != size:
            return wrong(f"{show(after)} has {len(after)} heaps; write all {size} heaps, an emptied heap as 0.", hint,
                         "wrong-count")
        changed = [i for i in range(size) if after[i] != position[i]]
        if not changed:
            return wrong(f"{show(after)} is the position you started from: a move must take at least one chip.", hint,
                         "not-one-move")
        if len(changed) > 1:
            if sorted(after) != sorted(position) and any(sorted(m) == sorted(after) for m in game.moves(position)):
                return wrong(f"{show(after)} lists the heaps in another order; keep them in the order {position}.",
                             hint, "heaps-reordered")
            return wrong(f"{show(after)} changes {len(changed)} heaps; a move takes chips from one heap only.", hint,
                         "not-one-move")
        if after[changed[0]] > position[changed[0]]:
            return wrong(f"{show(after)} makes a heap bigger; a move only takes chips away.", hint, "not-one-move")
        if game.outcome(after) != "P":
            reason = f" ({explain(after)})" if explain else ""
            return wrong(f"{show(after)} is a legal move, but it leaves an N-position{reason}: your opponent then has "
                         "a winning reply.", hint, "leaves-n-position")
        return correct(f"{after} is a P-position, so {what}.")

    return with_hint(checker, hint, NIM_MOVE_KINDS)


def _nim_sum_note(after: tuple[int, ...]) -> str:
    return f"its nim-sum is {nim_sum(*after)}, not 0"


exercise("4.1", expects="the heaps after your move, e.g. (6, 4)")(
    nim_move_checker(Nim(), (7, 4), "the copycat rule wins from here",
                     hint="with two heaps, the P-positions are the ones where both heaps are equal.")
)


_HINT_4_2 = ("write 6, 10 and 15 in binary one under the other; a column of the nim-sum is 1 exactly when it has "
             "an odd number of 1s.")


def binary_reading(given: int) -> int | None:
    """What ``given`` says when its decimal digits are read as binary digits (1101 is 13), or None when it is not
    written with 0s and 1s only (or is 0 or 1, which read the same either way).

    >>> binary_reading(1101), binary_reading(12), binary_reading(1)
    (13, None, None)
    """
    if not 1 < given < 10**64:  # a whole number of 0s and 1s this long is no nim-sum typed by hand
        return None
    digits = str(given)
    return int(digits, 2) if set(digits) <= {"0", "1"} else None


def nim_sum_checker(heaps: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check the nim-sum of ``heaps``, worked out in binary: the answer may be written in binary too, as Python's
    ``0b1101`` or as the digits alone, ``1101`` (read as binary when it is not the answer read as decimal). The
    ordinary sum is told apart (exercise 4.2 and its practice).

    >>> nim_sum_checker((1, 2), hint="binary")(3).ok, nim_sum_checker((1, 3), hint="binary")(4).message
    (True, '4 is the ordinary sum; the nim-sum adds the binary digits without carrying.')
    >>> nim_sum_checker((6, 10, 15), hint="binary")(11).message
    '11 read as binary digits is 3: 6 ⊕ 10 ⊕ 15 is 3.'
    """
    what = " ⊕ ".join(map(str, heaps))
    value = nim_sum(*heaps)

    def checker(answer: object) -> _Verdict:
        given = whole_number(answer, f"a whole number ({what})")
        if given != value and binary_reading(given) == value:
            return correct(f"{given} read as binary digits is {value}: {what} is {value}.")
        if given == sum(heaps) != value:
            return wrong(f"{given} is the ordinary sum; the nim-sum adds the binary digits without carrying.", hint,
                         "added-not-xored")
        return number_checker(value, what, hint)(answer)

    return with_hint(checker, hint, ("added-not-xored",))


#: What exercise 4.2 and its practice accept: the nim-sum in decimal or in binary.
NIM_SUM_EXPECTS = "a whole number, in decimal or in binary, e.g. 9, 0b1001 or 1001"
exercise("4.2", expects=NIM_SUM_EXPECTS)(nim_sum_checker((6, 10, 15), _HINT_4_2))


_HINT_4_3 = "(6, 10, c) is P exactly when 6 ⊕ 10 ⊕ c = 0: which c cancels every 1 of 6 ⊕ 10?"


def third_heap_checker(a: int, b: int, hint: str) -> Callable[[object], _Verdict]:
    """Check a heap c that makes (a, b, c) a P-position (exercise 4.3 and its practice).

    >>> third_heap_checker(1, 2, hint="cancel")(3).ok, third_heap_checker(1, 2, hint="cancel")(4).message
    (True, '(1, 2, 4) has nim-sum 7, so it is an N-position.')
    """

    def checker(answer: object) -> _Verdict:
        c = whole_number(answer, "a heap size (a whole number 0 or more)")
        if c < 0:
            return wrong(f"expected a heap size (a whole number 0 or more), got {show(c)}", hint, NOT_OF_ITS_FORM)
        if nim_sum(a, b, c) != 0:
            return wrong(f"({a}, {b}, {show(c)}) has nim-sum {show(nim_sum(a, b, c))}, so it is an N-position.", hint,
                         "not-p-position")
        return correct(f"{a} ⊕ {b} ⊕ {c} = 0, so ({a}, {b}, {c}) is a P-position.")

    return with_hint(checker, hint, (NOT_OF_ITS_FORM, "not-p-position"))


exercise("4.3", expects="a whole number, e.g. 5")(third_heap_checker(6, 10, _HINT_4_3))

exercise("4.4", expects="the five heaps after your move, e.g. (1, 2, 3, 4, 2)")(
    nim_move_checker(Nim(), (1, 2, 3, 4, 5), "eating that fruit wins",
                     hint="the nim-sum of (1, 2, 3, 4, 5) is 1; change one heap that has a 1 in the last binary "
                          "digit.",
                     explain=_nim_sum_note)
)

#: Exercise 4.5's position: six heaps, one more than the Nim explorer holds, so the count must be reasoned out.
SIX_HEAPS = (17, 18, 20, 24, 31, 3)

exercise("4.5", expects="a whole number, e.g. 2")(
    number_checker(len(Nim().winning_moves(SIX_HEAPS)), f"the number of winning moves from {SIX_HEAPS}",
                   hint="find the highest binary digit of the nim-sum; every heap with a 1 in that digit gives "
                        "exactly one winning move, the others none.",
                   slips={len(SIX_HEAPS): "not every heap gives a winning move"}.get)
)
