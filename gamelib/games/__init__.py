"""The game model: each game knows its moves, Grundy values, outcomes and periods.

The classes call down into :mod:`gamelib.analysis` for the algorithms; nothing here draws.
"""
