"""The one look of every figure: the Okabe–Ito palette, the colour maps, cell and text sizes.

A P-position is always a vermillion square with a black edge and a bold black "P"; these constants are
the only place its colours and sizes are written (the drawing itself is :func:`gamelib.plots.draw.draw_p_markers`).
"""

from __future__ import annotations

# ---------------------------------------------------------------------------------------------------------
# The palette (Okabe & Ito, "Color Universal Design"), defined once and used by every figure.
#: Fill of every P-position marker: Okabe–Ito vermillion.
P_COLOUR = "#D55E00"
#: Edge of every P-position marker.
P_EDGE_COLOUR = "#000000"
#: Width (points) of the edge of every P-position marker.
P_EDGE_WIDTH = 1.3
#: Colour of the letter "P" inside the marker (black on vermillion has contrast about 5:1).
P_TEXT_COLOUR = "#000000"
#: Fill of N-positions that are not coloured by a value.
N_COLOUR = "#E3E3E3"
#: Colour of the letter "N" and of other quiet text.
N_TEXT_COLOUR = "#555555"
#: Highlights: the heap under study, winning moves, the period (Okabe–Ito blue).
HIGHLIGHT_COLOUR = "#0072B2"
#: Outline of one marked cell on a heatmap: a black ring with a white one inside, visible on every colour.
MARK_OUTER_COLOUR, MARK_INNER_COLOUR = "#000000", "#FFFFFF"
#: Second highlight: the heap to change in Nim, the preperiod (Okabe–Ito orange).
SECOND_COLOUR = "#E69F00"
#: Background of the odd columns of the Nim table (Okabe–Ito sky blue).
PARITY_COLOUR = "#56B4E9"
#: The second line of the Wythoff figure (Okabe–Ito bluish green).
LINE_COLOUR = "#009E73"
#: Moves that are not winning moves.
MOVE_COLOUR = "#8C8C8C"
#: Chocolate in Chomp, and the poisoned square.
CHOCOLATE_COLOUR, POISON_COLOUR = "#8C5A2B", "#000000"
#: Sequential colour maps: Grundy values, periods.
VALUE_CMAP, PERIOD_CMAP = "viridis", "cividis"

#: Every cell (value, P/N) is a square of this side in a grid of unit spacing, leaving a thin white gap.
CELL = 0.92
TITLE_SIZE, LABEL_SIZE, TICK_SIZE = 13, 11, 10
#: Text smaller than this (points; 11 px at the panels' 100 dpi) is left out rather than drawn unreadable: the
#: colours, the P markers and the colour bar still tell the values.
MIN_TEXT_SIZE = 8.0
