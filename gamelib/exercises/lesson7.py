"""Exercise checks for lesson 7, More impartial games."""

from __future__ import annotations

from gamelib.exercises.core import exercise
from gamelib.exercises.kinds import move_checker, number_checker
from gamelib.games.chomp import Chomp
from gamelib.games.wythoff import RookGame, Wythoff

_WYTHOFF = Wythoff()

exercise("7.1", expects="a whole number")(
    number_checker(31, "the partner of 19",
                   hint="the P-positions are (floor(k·φ), floor(k·φ) + k); which k gives floor(k·φ) = 19?")
)

exercise("7.2", expects="a pair of heaps, e.g. (2, 3)")(
    move_checker(_WYTHOFF, (9, 12), "this move wins",
                 hint="list the P-positions with both heaps at most 12; which can you reach from (9, 12)?")
)

exercise("7.3", expects="a square (x, y), e.g. (1, 2)")(
    move_checker(RookGame(), (9, 14), "this move wins",
                 hint="the rook game is two-heap Nim: which squares are P-positions?")
)

exercise("7.4", expects="the row lengths after your bite, e.g. (7, 7, 2)")(
    move_checker(Chomp(3, 7), (7, 7, 7), "this bite wins",
                 hint="list the bites with Chomp(3, 7).moves(...) and look for one that leaves a P-position.",
                 rows=True)
)

exercise("7.5", expects="the row lengths after your bite, e.g. (5, 5, 5, 5, 1)")(
    move_checker(Chomp(5, 5), (5, 5, 5, 5, 5), "this first bite wins",
                 hint="a square bar is symmetric; which bite leaves two equal arms that you can mirror?",
                 rows=True)
)

exercise("7.6", expects="a whole number")(
    number_checker(61, "the smaller heap beside 99",
                   hint="every positive number is exactly one of floor(k·φ) and floor(k·φ²): 99 is not floor(k·φ) "
                        "for any k, so 99 = floor(k·φ²) = floor(k·φ) + k for one k.")
)
