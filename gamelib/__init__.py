"""gamelib: impartial combinatorial games for teaching.

Layers, each importing only the ones above it in this list:

1. ``_validate`` (argument checks and limits), ``engine`` (mex, Grundy values and outcomes of any game),
   ``periodicity`` (finding and proving periods);
2. games: ``subtraction``, ``nim``, ``sums``, ``boards`` (Wythoff, rook game, Chomp, divisor game), ``octal``;
3. analysis: ``seed_algorithms`` (PTFN, the labelling algorithm), ``survey``;
4. ``plots``; 5. ``widgets``; 6. ``exercises``.

>>> from gamelib import SubtractionGame
>>> SubtractionGame({1, 3, 4}).p_positions(24)
[0, 2, 7, 9, 14, 16, 21, 23]
"""

from ._validate import LimitError
from .boards import Chomp, DivisorGame, RookGame, Wythoff
from .engine import grundy, mex, outcome, winning_moves
from .nim import Nim, nim_p_positions, nim_sum
from .octal import OctalGame
from .periodicity import Periodicity, PeriodNotFoundError, observed_periodicity
from .seed_algorithms import grundy_scan, label_positions, ptfn, ptfn_two_heaps
from .subtraction import SubtractionGame, TakeAwayGame, nonzero_digits, powers_of_two
from .sums import GameSum, grundy_table, nim_heap_partners
from .survey import SurveyRecord, period_grid, periodicity_survey, record_with_largest

__version__ = "0.1.0"

__all__ = [
    "Chomp",
    "DivisorGame",
    "GameSum",
    "LimitError",
    "Nim",
    "OctalGame",
    "PeriodNotFoundError",
    "Periodicity",
    "RookGame",
    "SubtractionGame",
    "SurveyRecord",
    "TakeAwayGame",
    "Wythoff",
    "grundy",
    "grundy_scan",
    "grundy_table",
    "label_positions",
    "mex",
    "nim_heap_partners",
    "nim_p_positions",
    "nim_sum",
    "nonzero_digits",
    "observed_periodicity",
    "outcome",
    "period_grid",
    "periodicity_survey",
    "powers_of_two",
    "ptfn",
    "ptfn_two_heaps",
    "record_with_largest",
    "winning_moves",
]
