"""The board games' old module: Wythoff and the rook game are now in :mod:`gamelib.games.wythoff`, Chomp and
the divisor game in :mod:`gamelib.games.chomp`. Kept so that imports written before the split keep working.
"""

from gamelib.games.chomp import Chomp, DivisorGame, divisors
from gamelib.games.wythoff import RookGame, Wythoff

__all__ = ["Chomp", "DivisorGame", "RookGame", "Wythoff", "divisors"]
