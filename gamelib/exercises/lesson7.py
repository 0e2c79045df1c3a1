"""Exercise checks for lesson 7, More impartial games."""

from __future__ import annotations

from collections.abc import Callable

from gamelib.analysis.beatty import floor_phi
from gamelib.exercises.answers import NotAnAnswer, whole_numbers
from gamelib.exercises.core import _Verdict, correct, exercise, with_hint, wrong
from gamelib.exercises.kinds import move_checker, number_checker, read_position
from gamelib.games.chomp import Chomp
from gamelib.games.wythoff import RookGame, Wythoff

_WYTHOFF = Wythoff()

exercise("7.1", expects="a whole number")(
    number_checker(31, "the partner of 19",
                   hint="the P-positions are (floor(k·φ), floor(k·φ) + k); which k gives floor(k·φ) = 19?",
                   slips={12: "12 is the k with floor(k·φ) = 19; the partner is floor(k·φ) + k",
                          floor_phi(19): f"{floor_phi(19)} = floor(19·φ) is what k = 19 gives, but here 19 is not k: "
                                         "it is the smaller heap floor(k·φ) of a pair, for a smaller k. Find that "
                                         "k first"}.get)
)


def wythoff_move_checker(heaps: tuple[int, int], hint: str) -> Callable[[object], _Verdict]:
    """Check a winning move of Wythoff's game, given as the pair of heaps after it in the order of ``heaps``
    (exercise 7.2 and its practice). The pair in the other order is the same two heaps, so it is not called
    unreachable: the message asks for the order of ``heaps``.

    >>> checker = wythoff_move_checker((7, 8), hint="list the P-positions")
    >>> checker((7, 4)).ok, checker((4, 7)).message
    (True, '(4, 7) lists the heaps in the other order; keep them in the order of (7, 8), the heap of 7 first.')
    """
    plain = move_checker(_WYTHOFF, heaps, "this move wins", hint)
    moves = _WYTHOFF.moves(heaps)

    def checker(answer: object) -> _Verdict:
        after = read_position(answer, heaps)  # a tuple, as ``heaps`` is
        if isinstance(after, tuple) and after not in moves and after[::-1] in moves:
            return wrong(f"{after} lists the heaps in the other order; keep them in the order of {heaps}, the heap "
                         f"of {heaps[0]} first.", hint, "heaps-reordered")
        return plain(after)

    return with_hint(checker, hint, ("heaps-reordered", *plain.kinds))  # type: ignore[attr-defined]


exercise("7.2", expects="a pair of heaps, e.g. (2, 3)")(
    wythoff_move_checker((9, 12), hint="list the P-positions with both heaps at most 12; which can you reach from "
                                       "(9, 12)?")
)

exercise("7.3", expects="a square (x, y), e.g. (1, 2)")(
    move_checker(RookGame(), (9, 14), "this move wins",
                 hint="the rook game is two-heap Nim: which squares are P-positions?")
)

def chomp_checker(board: Chomp, what: str, hint: str) -> Callable[[object], _Verdict]:
    """Check a winning first bite given as the row lengths after it; a pair that cannot be row lengths after
    one bite but names a square of the bar (row, column, counted from 1 at the poisoned corner, as the lesson
    counts them) is read as the square bitten, and the message says so.

    >>> checker = chomp_checker(Chomp(3, 3), "this bite wins", hint="mirror")
    >>> checker((3, 1, 1)).ok, checker((2, 2)).ok
    (True, True)
    >>> print(checker((2, 2)).message)  # doctest: +ELLIPSIS
    reading (2, 2) as the square in row 2, column 2 (...): biting it leaves (3, 1, 1), a P-position, so this ...
    """
    by_rows = move_checker(board, board.start, what, hint, rows=True)

    def checker(answer: object) -> _Verdict:
        verdict = by_rows(answer)
        square = None if verdict.ok else _square_named(answer, board)
        if square is None:
            return verdict
        row, col = square
        if (row, col) == (1, 1):
            return wrong(f"{square} is the poisoned square (rows and columns count from 1 at the poisoned corner): "
                         f"eating it is not a move. Give the row lengths after your bite, as in {board.start}.", hint,
                         "poisoned-square")
        after = board.bite(board.start, row - 1, col - 1)
        read = (f"reading {square} as the square in row {row}, column {col} (counted from 1 at the poisoned "
                f"corner): biting it leaves {after}")
        if board.outcome(after) == "P":
            return correct(f"{read}, a P-position, so {what}. The question asks for the row lengths after the bite: "
                           f"{after}.")
        return wrong(f"{read}, an N-position: your opponent then has a winning reply. (As row lengths, {square} "
                     "cannot be left by one bite.)", hint, "leaves-n-position")

    return with_hint(checker, hint, ("poisoned-square", *by_rows.kinds))  # type: ignore[attr-defined]


def _square_named(answer: object, board: Chomp) -> tuple[int, int] | None:
    """The square (row, column), counted from 1, that a pair names, when the pair cannot be the row lengths
    after one bite of the full bar; None otherwise."""
    if len(board.start) <= 2:
        return None  # on a bar of two rows a pair is always read as row lengths
    try:
        pair = whole_numbers(answer, "a pair", limit=2)
        as_rows = read_position(pair, board.start, rows=True)
    except NotAnAnswer:
        return None
    if len(pair) != 2 or as_rows in board.moves(board.start):
        return None
    row, col = pair
    return (row, col) if 1 <= row <= board.rows and 1 <= col <= board.cols else None


exercise("7.4", expects="the row lengths after your bite, e.g. (7, 7, 2)")(
    chomp_checker(Chomp(3, 7), "this bite wins",
                  hint="list the bites with Chomp(3, 7).moves(...) and look for one that leaves a P-position.")
)

exercise("7.5", expects="the row lengths after your bite, e.g. (5, 5, 5, 5, 1)")(
    chomp_checker(Chomp(5, 5), "this first bite wins",
                  hint="a square bar is symmetric; which bite leaves two equal arms that you can mirror?")
)

exercise("7.6", expects="a whole number")(
    number_checker(61, "the smaller heap beside 99",
                   hint="every positive number is exactly one of floor(k·φ) and floor(k·φ²); print floor(k·φ) for "
                        "the k near 99/φ to see which one 99 is, then use the pair (floor(k·φ), floor(k·φ) + k).",
                   slips={38: "38 is the k with floor(k·φ²) = 99; the smaller heap is floor(k·φ)",
                          floor_phi(99): f"{floor_phi(99)} = floor(99·φ) takes 99 for k, but 99 is a heap here, "
                                         "and the question asks for the other heap, a < 99"}.get)
)
