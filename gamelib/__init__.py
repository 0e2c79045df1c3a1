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

# Importing this package loads nothing else: each public name is imported from its module when it is first
# used (PEP 562), so ``from gamelib import OctalGame`` or ``import gamelib.games.octal`` loads only what
# octal games need, not every game, period search and survey of the kit. A fresh process that computes one
# game's values (a benchmark, a student's kernel, the grader's sandbox) starts in about half the time.

import importlib
import os
import sys

# The kit's modules read TYPE_CHECKING from a constant of their own (type checkers take any name TYPE_CHECKING
# as true), not from typing: importing typing costs a fresh process about 10 ms of CPU on the 2-core machine,
# as much as Python's own start, and the modules a script computing octal values loads import nothing of it
# at run time (tests/test_lazy_import.py checks it). Names from typing are imported under it, for annotations.
TYPE_CHECKING = False

# numpy's bundled OpenBLAS starts one thread per core when numpy is imported, and those threads spin for a
# while: on a 2-core machine that is about 0.05 s of CPU at every start, in every student's kernel. gamelib
# never calls BLAS (no matrix products), so when gamelib is the first to import numpy it asks for one thread.
# A value the user set (or numpy imported before gamelib) is left alone. OMP_NUM_THREADS is not touched: it
# would change other libraries' threads too.
if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# Where each public name is defined. A new public name is registered in three lines of this file, which
# tests/test_lazy_import.py holds together: here, in __all__ (the reference documents exactly those), and as
# an import under TYPE_CHECKING at the end (what type checkers and editors read; it is never run).
_PUBLIC: dict[str, tuple[str, ...]] = {
    "gamelib.analysis.beatty": ("floor_phi", "wythoff_pairs", "wythoff_pairs_by_mex"),
    "gamelib.analysis.engine": (
        "evaluate", "grundy", "grundy_of_each", "mex", "outcome", "remoteness", "remoteness_table", "winning_moves",
    ),
    "gamelib.analysis.misere": ("Genus", "genus", "is_tame", "misere_grundy", "nim_genus", "tame_sum_outcome"),
    "gamelib.analysis.misere_quotient": ("MisereQuotient",),
    "gamelib.analysis.observed": ("observed_periodicity",),
    "gamelib.analysis.periodicity": ("Periodicity", "PeriodNotFoundError"),
    "gamelib.analysis.source_algorithms": ("grundy_scan", "label_positions", "ptfn", "ptfn_two_heaps"),
    "gamelib.analysis.sum_play": ("SumMove", "sum_outcome", "sum_winning_move"),
    "gamelib.analysis.survey": ("SurveyRecord", "period_grid", "periodicity_survey", "record_with_largest"),
    "gamelib.arguments": ("LimitError",),
    "gamelib.games.base": ("Game", "OneHeapGame", "Square", "outcome_from_grundy"),
    "gamelib.games.chomp": ("Chomp", "DivisorGame"),
    "gamelib.games.coins": ("MockTurtles", "RulerGame", "TurningTurtles"),
    "gamelib.games.digraph": ("DigraphGame",),
    "gamelib.games.grundys_game": ("GrundysGame",),
    "gamelib.games.hackenbush": ("GreenHackenbush",),
    "gamelib.games.heap_rows": ("HeapsGame",),
    "gamelib.games.laskers_nim": ("LaskersNim",),
    "gamelib.games.nim": ("Nim", "nim_p_positions", "nim_remoteness", "nim_sum"),
    "gamelib.games.nim_variants": ("MooresNim", "StaircaseNim"),
    "gamelib.games.node_kayles": ("NodeKayles",),
    "gamelib.games.northcott": ("NorthcottsGame",),
    "gamelib.games.octal": ("OctalGame",),
    "gamelib.games.presentation": ("Move", "labelled_moves"),
    "gamelib.games.quotients": ("misere_quotient",),
    "gamelib.games.subtraction": ("SubtractionGame",),
    "gamelib.games.sums": ("GameSum", "grundy_table", "nim_heap_partners"),
    "gamelib.games.takeaway": ("TakeAwayGame", "nonzero_digits", "powers_of_two"),
    "gamelib.games.wythoff": ("RookGame", "Wythoff"),
}
_WHERE = {name: module for module, names in _PUBLIC.items() for name in names}
# The subpackages and modules, loaded when first used as attributes (``gamelib.games``), as importing them does.
_SUBMODULES = ("analysis", "arguments", "exercises", "games", "homework", "kernel_help", "limits", "parsing",
               "play", "plots", "widgets")

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
    "MisereQuotient",
    "MockTurtles",
    "MooresNim",
    "Move",
    "Nim",
    "NodeKayles",
    "NorthcottsGame",
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
    "grundy_of_each",
    "grundy_scan",
    "grundy_table",
    "is_tame",
    "label_positions",
    "labelled_moves",
    "mex",
    "misere_grundy",
    "misere_quotient",
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


def __getattr__(name: str) -> object:
    """A public name or a subpackage, imported on first use and kept (the next use is a plain attribute)."""
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
    elif name in _SUBMODULES:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from gamelib.analysis.beatty import floor_phi, wythoff_pairs, wythoff_pairs_by_mex
    from gamelib.analysis.engine import (
        evaluate,
        grundy,
        grundy_of_each,
        mex,
        outcome,
        remoteness,
        remoteness_table,
        winning_moves,
    )
    from gamelib.analysis.misere import Genus, genus, is_tame, misere_grundy, nim_genus, tame_sum_outcome
    from gamelib.analysis.misere_quotient import MisereQuotient
    from gamelib.analysis.observed import observed_periodicity
    from gamelib.analysis.periodicity import Periodicity, PeriodNotFoundError
    from gamelib.analysis.source_algorithms import grundy_scan, label_positions, ptfn, ptfn_two_heaps
    from gamelib.analysis.sum_play import SumMove, sum_outcome, sum_winning_move
    from gamelib.analysis.survey import SurveyRecord, period_grid, periodicity_survey, record_with_largest
    from gamelib.arguments import LimitError
    from gamelib.games.base import Game, OneHeapGame, Square, outcome_from_grundy
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
    from gamelib.games.northcott import NorthcottsGame
    from gamelib.games.octal import OctalGame
    from gamelib.games.presentation import Move, labelled_moves
    from gamelib.games.quotients import misere_quotient
    from gamelib.games.subtraction import SubtractionGame
    from gamelib.games.sums import GameSum, grundy_table, nim_heap_partners
    from gamelib.games.takeaway import TakeAwayGame, nonzero_digits, powers_of_two
    from gamelib.games.wythoff import RookGame, Wythoff
