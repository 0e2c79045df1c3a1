"""The game model: each game knows its moves, Grundy values, outcomes and periods.

``base`` (Game, OneHeapGame and the one rule "P exactly when g = 0"), then the games built on it:
``subtraction`` and ``takeaway`` (one heap), ``heaps`` (the take-and-break base) with ``octal``,
``grundys_game`` and ``laskers_nim``, ``nim`` and ``nim_variants`` (Staircase Nim, Moore's Nim), ``sums``,
``wythoff`` (Wythoff, the rook game), ``chomp`` (Chomp, the divisor game), ``digraph`` (a token on a directed
graph) and ``node_kayles``. The classes call down into :mod:`gamelib.analysis` for the algorithms; nothing
here draws.
"""
