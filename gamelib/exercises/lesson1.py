"""Exercise checks for lesson 1, Playing subtraction games."""

from __future__ import annotations

from ..subtraction import SubtractionGame
from .core import exercise
from .kinds import set_checker

_ONE_TO_FOUR = SubtractionGame({1, 2, 3, 4})

exercise("1.1", "List the P-positions among heaps 0 to 9 when S = {1, 2, 3, 4}.",
         expects="a list of heap sizes, e.g. [3, 7]")(
    set_checker(_ONE_TO_FOUR.p_positions(10), "P-positions below 10 for S = {1, 2, 3, 4}",
                hint="a heap is P when every move leads to an N-position; start from 0 and work upwards.",
                why_not=lambda n: f"from {n} you can move to {_ONE_TO_FOUR.winning_moves(n)[0]}, a P-position")
)
