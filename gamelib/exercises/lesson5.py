"""Exercise checks for lesson 5, Sums of games.

>>> from gamelib.exercises import check
>>> check("5.2", 3).ok
False
"""

from __future__ import annotations

from collections.abc import Callable

from gamelib.exercises.answers import show, whole_number, whole_numbers
from gamelib.exercises.core import NOT_OF_ITS_FORM, _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import move_checker, number_checker, outcome_checker, set_checker
from gamelib.exercises.lesson4 import NIM_MOVE_KINDS, nim_move_checker
from gamelib.games.nim import Nim, nim_sum
from gamelib.games.octal import OctalGame
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.sums import GameSum, grundy_table

_TWO_FIVE_SEVEN = SubtractionGame({2, 5, 7})
_ONE_THREE_FOUR = SubtractionGame({1, 3, 4})
_PAPER_A = SubtractionGame({1, 3, 7, 8})
_PAPER_B = SubtractionGame({1, 2, 3})

#: Row 15 of the P/N table in He & Qin's Figure 3, columns 0 to 14, as printed (0 = P, 1 = N).
PRINTED_PN_ROW_15 = "011101101101101"


_HINT_5_1 = ("look up g(7) for S = {2, 5, 7} and g(4) for S = {1, 3, 4} (lesson 2), then nim-add them: binary "
             "addition without carrying.")


def sum_value_checker(a: int, b: int, hint: str) -> Callable[[object], _Verdict]:
    """Check the Grundy value a ⊕ b of a sum of two parts worth ``a`` and ``b`` (exercise 5.1 and its practice).

    >>> sum_value_checker(1, 3, hint="nim-add")(2).ok, sum_value_checker(1, 2, hint="nim-add")(3).ok
    (True, True)
    """

    def checker(answer: object) -> _Verdict:
        given = whole_number(answer, "a whole number (the Grundy value of the sum)")
        if given == a + b != a ^ b:
            return wrong(f"{given} is the ordinary sum of the two Grundy values; a sum of games nim-adds them.", hint,
                         "added-not-xored")
        return number_checker(a ^ b, "the Grundy value of this sum", hint)(given)

    return with_hint(checker, hint, ("added-not-xored",))


exercise("5.1", expects="a whole number, e.g. 5")(
    sum_value_checker(_TWO_FIVE_SEVEN.grundy(7), _ONE_THREE_FOUR.grundy(4), _HINT_5_1))

exercise("5.2", expects="a whole number, e.g. 4")(
    number_checker(_ONE_THREE_FOUR.grundy(11), "the size of the equivalent Nim heap",
                   hint="a position is equivalent to the Nim heap whose size is its Grundy value; the values of "
                        "S = {1, 3, 4} repeat with period 7.",
                   slips={11: "a heap of 11 chips in S = {1, 3, 4} is not the same game as a Nim heap of 11 (from "
                              "it you cannot take 2, for instance)"}.get)
)

exercise("5.3", expects="a pair (heap A, heap B), e.g. (19, 19)")(
    move_checker(GameSum(_PAPER_A, _PAPER_B), (20, 19), "this move wins",
                 hint="the values are g_A(20) = 1 and g_B(19) = 3; move in one heap so that the two values "
                      "become equal.")
)


def _true_row_15() -> str:
    values = grundy_table(_PAPER_A, _PAPER_B, 16, len(PRINTED_PN_ROW_15))[15]
    return "".join("0" if v == 0 else "1" for v in values)


_WRONG_CELLS = [j for j, (printed, true) in enumerate(zip(PRINTED_PN_ROW_15, _true_row_15(), strict=True))
                if printed != true]


def _why_cell_is_right(column: int) -> str:
    if not 0 <= column < len(PRINTED_PN_ROW_15):
        return f"the printed row has columns 0 to {len(PRINTED_PN_ROW_15) - 1}"
    label = "a P" if PRINTED_PN_ROW_15[column] == "0" else "an N"
    return f"the paper prints {label[-1]} there, and (15, {column}) really is {label}-position"


exercise("5.4", expects="a list of column numbers, e.g. [3, 9]")(
    set_checker(_WRONG_CELLS, "columns of row 15 that are printed wrong",
                hint="g_A(15) = 0 for S = {1, 3, 7, 8}, so (15, j) is P exactly when g_B(j) = 0 for S = {1, 2, 3}.",
                why_not=_why_cell_is_right)
)


_KAYLES = OctalGame("0.77")


_HINT_5_5 = ("the rows left are a sum: their Grundy values must nim-add to 0. Kayles values of rows 0 to 12 are "
             f"{', '.join(map(str, _KAYLES.grundy_values(13).tolist()))}.")


def kayles_checker(pins: int, hint: str) -> Callable[[object], _Verdict]:
    """Check a winning Kayles move from a row of ``pins`` that leaves two different rows (exercise 5.5 and its
    practice).

    >>> kayles_checker(13, hint="nim-add")((3, 8)).ok
    False
    """

    def checker(answer: object) -> _Verdict:
        return _check_kayles_row(answer, pins, hint)

    return with_hint(checker, hint, (NOT_OF_ITS_FORM, "not-one-move", "copycat-move", "leaves-n-position"))


def _check_kayles_row(answer: object, pins: int, hint: str) -> _Verdict:
    what = "the rows left after your move, such as (3, 8)"
    rows: tuple[int, ...]
    if isinstance(answer, (str, bytes)) or not hasattr(type(answer), "__iter__"):
        rows = (whole_number(answer, what),)  # a single row left: the move knocked pins off the end
    else:
        rows = whole_numbers(answer, what, limit=20)
    if any(r < 0 for r in rows):
        return wrong(f"each row must be a whole number of pins, 0 or more, got {show(rows)}", hint, NOT_OF_ITS_FORM)
    after = tuple(sorted(r for r in rows if r))
    if after not in _KAYLES.moves(pins):
        return wrong(f"{show(rows)} cannot be reached from a row of {pins} pins: a move knocks down one pin or two "
                     f"neighbouring pins, so {pins - 2} or {pins - 1} pins are left, in one or two rows.", hint,
                     "not-one-move")
    if len(after) == 2 and after[0] == after[1]:
        return wrong(f"{after} is the copycat move of this lesson; the question asks for a winning move that "
                     "leaves two different rows.", hint, "copycat-move")
    value = _KAYLES.grundy(after)
    if value != 0:
        sums = " ⊕ ".join(str(_KAYLES.grundy(r)) for r in after) + (f" = {value}" if len(after) > 1 else "")
        return wrong(f"{after} is a legal move, but its Grundy value is {sums}, not 0: your opponent "
                     "has a winning reply.", hint, "leaves-n-position")
    return correct(f"the rows {after} have Grundy values that nim-add to 0: a P-position.")


exercise("5.5", expects="the rows left, e.g. (3, 8)")(kayles_checker(13, _HINT_5_5))


# Winning a sum by the nim-sum procedure (section "Winning a sum, step by step").
_THREE_PARTS = GameSum(_ONE_THREE_FOUR, _TWO_FIVE_SEVEN, SubtractionGame({1, 2, 3}))

exercise("5.6", expects="a tuple of three heaps, e.g. (12, 11, 6)")(
    move_checker(_THREE_PARTS, (13, 11, 6), "this move wins",
                 hint="the values are g(13) = 2, g(11) = 3 and g(6) = 2, so z = 2 ⊕ 3 ⊕ 2 = 3. Pick a part whose "
                      "value has z's highest 1 (the 2s column) and move it to a follower of value g ⊕ z.")
)

exercise("5.7", expects="'P' or 'N'")(
    outcome_checker("N", "G + H", hint="P + H has the outcome of H: the player who wins H alone plays H as "
                                       "usual, and answers every move in G by the winning reply in G.")
)

_HINT_5_8 = ("before the raise the heaps had nim-sum 0, a P-position. A raise is a reversible move: which reply "
             "brings the heaps back to a position of nim-sum 0?")
#: Exercise 5.8: the heaps after the opponent raised the heap of 3 to 9.
_POKER_RAISED = (9, 5, 6)


def poker_reply_checker(raised: tuple[int, ...], hint: str) -> Callable[[object], _Verdict]:
    """Check a reply in Poker Nim from ``raised``: a Nim move, or a raise of one heap (legal too, and it may
    win). Exercise 5.8 and its practice.

    >>> poker_reply_checker((9, 5, 6), hint="undo it")((3, 5, 6)).ok
    True
    """
    removal = nim_move_checker(Nim(), raised, "this reply wins", hint=hint)

    def checker(answer: object) -> _Verdict:
        after = whole_numbers(answer, f"the heaps after your reply, as a tuple such as {raised}", limit=23)
        if len(after) != len(raised) or min(after) < 0:
            return removal(after)  # says what is off with the heaps themselves
        changed = [i for i in range(len(after)) if after[i] != raised[i]]
        if not changed:
            return wrong(f"{show(after)} is the position your opponent left: a reply must change a heap.", hint,
                         "not-one-move")
        if len(changed) > 1:
            return wrong(f"{show(after)} changes {len(changed)} heaps; a move in Poker Nim changes one heap only (it "
                         "takes chips from it or adds chips to it).", hint, "not-one-move")
        if after[changed[0]] < raised[changed[0]]:
            return removal(after)  # a Nim move
        added = after[changed[0]] - raised[changed[0]]
        total = nim_sum(*after)
        if total:
            return wrong(f"{show(after)} raises a heap, which Poker Nim allows, but its nim-sum is {total}, not 0: "
                         "your opponent then has a winning reply.", hint, "leaves-n-position")
        return correct(f"{after} has nim-sum 0, so this raise wins too (if your stock holds the {added} chips it "
                       "adds). A raise is never needed, though: from every N-position some move that only takes "
                       "chips wins.")

    return with_hint(checker, hint, NIM_MOVE_KINDS)


exercise("5.8", expects="a tuple of three heaps, e.g. (9, 5, 1)")(poker_reply_checker(_POKER_RAISED, _HINT_5_8))

# Dawson's Kayles (0.07) repeats with period 34 from heap 53 on (OEIS A002187 lists 0.137, the same numbers one
# place earlier); t = 2 pins per move. The Guy–Smith check runs for n = 53 .. 2·53 + 34 + 2 - 1.
_DAWSON_PREPERIOD, _DAWSON_PERIOD, _DAWSON_T = 53, 34, 2

exercise("5.9", expects="a whole number, e.g. 100")(
    number_checker(2 * _DAWSON_PREPERIOD + _DAWSON_PERIOD + _DAWSON_T - 1, "the last heap of the check",
                   hint="'Why a finite check is enough' gives the last n of the check from n0, p and t; here t "
                        "is the most pins one move removes.",
                   slips={2 * _DAWSON_PREPERIOD + _DAWSON_PERIOD + _DAWSON_T:
                          "that is 2·n0 + p + t, where the check stops: n runs while n < 2·n0 + p + t",
                          2 * _DAWSON_PREPERIOD + _DAWSON_PERIOD:
                          "that is 2·n0 + p, without t, the most pins one move removes",
                          2 * _DAWSON_PREPERIOD + _DAWSON_PERIOD - 1:
                          "that is 2·n0 + p - 1, the last heap of a check that leaves out t, the most pins one move "
                          "removes"}.get)
)
