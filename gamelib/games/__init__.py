"""The game model: each game knows its moves, Grundy values, outcomes and periods.

``base`` (Game, OneHeapGame and the one rule "P exactly when g = 0"), then the games built on it:
``subtraction`` and ``takeaway`` (one heap), ``heaps`` (the take-and-break base) with ``octal`` and
``grundys_game``, ``nim``, ``sums``, ``wythoff`` (Wythoff, the rook game) and ``chomp`` (Chomp, the divisor
game). The classes call down into :mod:`gamelib.analysis` for the algorithms; nothing here draws.
"""
