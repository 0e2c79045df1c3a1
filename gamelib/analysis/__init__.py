"""Algorithms on plain data and on any game given by its moves.

The engine (Grundy values and outcomes from the definition), periods (found and proven), the source texts'
algorithms (labelling, PTFN) and surveys of many subtraction games. Nothing here knows a game class:
the classes in :mod:`gamelib.games` call down into these functions.
"""
