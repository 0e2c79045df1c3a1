"""gamelib: impartial combinatorial games for teaching.

The package reads from the bottom up, each part computing or showing, never both:
``limits`` and ``arguments`` (size limits, argument checks), ``parsing`` (text typed into panels, and how
limits are stated), ``analysis`` (algorithms on plain data and on any game given by its moves), ``games`` (the
game model, and the protocol every panel relies on), ``plots`` (figures), ``play`` (a game in progress),
``widgets`` (panels), ``exercises`` and ``homework`` (answer checks). Which part may import which is written
once, as the import-linter contract in ``pyproject.toml``.

>>> from gamelib import SubtractionGame
>>> SubtractionGame({1, 3, 4}).p_positions(24)
[0, 2, 7, 9, 14, 16, 21, 23]
"""

from gamelib.analysis.beatty import floor_phi, wythoff_pairs, wythoff_pairs_by_mex
from gamelib.analysis.engine import (
    evaluate,
    grundy,
    mex,
    outcome,
    remoteness,
    remoteness_table,
    winning_moves,
)
from gamelib.analysis.misere import Genus, genus, is_tame, misere_grundy, nim_genus, tame_sum_outcome
from gamelib.analysis.observed import observed_periodicity
from gamelib.analysis.periodicity import Periodicity, PeriodNotFoundError
from gamelib.analysis.source_algorithms import grundy_scan, label_positions, ptfn, ptfn_two_heaps
from gamelib.analysis.sum_play import SumMove, sum_outcome, sum_winning_move
from gamelib.analysis.survey import SurveyRecord, period_grid, periodicity_survey, record_with_largest
from gamelib.arguments import LimitError
from gamelib.games.base import Game, Move, OneHeapGame, Square, outcome_from_grundy
from gamelib.games.chomp import Chomp, DivisorGame
from gamelib.games.coins import MockTurtles, RulerGame, TurningTurtles
from gamelib.games.digraph import DigraphGame
from gamelib.games.grundys_game import GrundysGame
from gamelib.games.hackenbush import GreenHackenbush
from gamelib.games.heap_rows import HeapsGame
from gamelib.games.laskers_nim import LaskersNim
from gamelib.games.nim import Nim, nim_p_positions, nim_remoteness, nim_sum
from gamelib.games.nim_variants import MooresNim, StaircaseNim
from gamelib.games.node_kayles import NodeKayles
from gamelib.games.octal import OctalGame
from gamelib.games.subtraction import SubtractionGame
from gamelib.games.sums import GameSum, grundy_table, nim_heap_partners
from gamelib.games.takeaway import TakeAwayGame, nonzero_digits, powers_of_two
from gamelib.games.wythoff import RookGame, Wythoff

__version__ = "0.1.0"

__all__ = [
    "Chomp",
    "DigraphGame",
    "DivisorGame",
    "Game",
    "GameSum",
    "Genus",
    "GreenHackenbush",
    "GrundysGame",
    "HeapsGame",
    "LaskersNim",
    "LimitError",
    "MockTurtles",
    "MooresNim",
    "Move",
    "Nim",
    "NodeKayles",
    "OctalGame",
    "OneHeapGame",
    "PeriodNotFoundError",
    "Periodicity",
    "RookGame",
    "RulerGame",
    "Square",
    "StaircaseNim",
    "SubtractionGame",
    "SumMove",
    "SurveyRecord",
    "TakeAwayGame",
    "TurningTurtles",
    "Wythoff",
    "evaluate",
    "floor_phi",
    "genus",
    "grundy",
    "grundy_scan",
    "grundy_table",
    "is_tame",
    "label_positions",
    "mex",
    "misere_grundy",
    "nim_genus",
    "nim_heap_partners",
    "nim_p_positions",
    "nim_remoteness",
    "nim_sum",
    "nonzero_digits",
    "observed_periodicity",
    "outcome",
    "outcome_from_grundy",
    "period_grid",
    "periodicity_survey",
    "powers_of_two",
    "ptfn",
    "ptfn_two_heaps",
    "record_with_largest",
    "remoteness",
    "remoteness_table",
    "sum_outcome",
    "sum_winning_move",
    "tame_sum_outcome",
    "winning_moves",
    "wythoff_pairs",
    "wythoff_pairs_by_mex",
]
